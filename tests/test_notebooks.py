"""The worked games: each notebook that names the command which found its line must be right.

A notebook says how its line was found, e.g. ``patience solve fortress --seed 26 --nodes 200000
--shorten --record book/notebooks/records/fortress.txt``.  Running that command again must write
the stored record exactly, so that a change to the solver's order of search (which changes the
line it finds) cannot leave the book describing a line its own tools no longer find.
"""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from patience.cli import main

BOOK = Path(__file__).resolve().parents[1] / "book"
NOTEBOOKS = sorted((BOOK / "notebooks").glob("*.md"))
COMMAND = re.compile(r"`patience (solve [^`]*--record (book/notebooks/records/[\w-]+\.txt))`")

#: Notebooks whose lines were not found by a `patience solve` command: Demon and The Idiot's
#: Delight start from positions of their chapters (the notebooks show the call, and the games'
#: tests make it again and compare the records).
WITHOUT_COMMAND = {"demon", "the-idiots-delight"}


def commands() -> list[tuple[str, str, str]]:
    found = []
    for path in NOTEBOOKS:
        for match in COMMAND.finditer(path.read_text(encoding="utf-8")):
            found.append((path.stem, match.group(1), match.group(2)))
    return found


def test_every_notebook_but_the_known_few_names_its_command() -> None:
    named = {stem for stem, _, _ in commands()}
    assert {p.stem for p in NOTEBOOKS} - named == WITHOUT_COMMAND


@pytest.mark.parametrize("stem, command, record", commands(), ids=[c[0] for c in commands()])
def test_the_command_a_notebook_names_writes_its_record(stem: str, command: str, record: str,
                                                        tmp_path: Path) -> None:
    assert record == f"book/notebooks/records/{stem}.txt"
    args = shlex.split(command)
    written = tmp_path / "record.txt"
    args[args.index("--record") + 1] = str(written)
    assert main(args, out=io.StringIO()) == 0
    assert written.read_text(encoding="utf-8") == (BOOK.parent / record).read_text(encoding="utf-8")
