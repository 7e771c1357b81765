"""The worked games: each notebook that names the command which found its line must be right, and
each notebook's executed ``.ipynb``, downloaded from the book, runs on its own.

A notebook says how its line was found, e.g. ``patience solve fortress --seed 26 --nodes 200000
--shorten --record src/patience/records/fortress.txt``.  Running that command again must write
the stored record exactly, so that a change to the solver's order of search (which changes the
line it finds) cannot leave the book describing a line its own tools no longer find.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
from pathlib import Path

import pytest

from patience.cli import main

BOOK = Path(__file__).resolve().parents[1] / "book"
NOTEBOOKS = sorted((BOOK / "notebooks").glob("*.md"))
COMMAND = re.compile(r"`patience (solve [^`]*--record (src/patience/records/[\w-]+\.txt))`")

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
    assert record == f"src/patience/records/{stem}.txt"
    args = shlex.split(command)
    written = tmp_path / "record.txt"
    args[args.index("--record") + 1] = str(written)
    assert main(args, out=io.StringIO()) == 0
    assert written.read_text(encoding="utf-8") == (BOOK.parent / record).read_text(encoding="utf-8")


# -- the downloadable notebooks ---------------------------------------------------------------------

HTML = Path(os.environ.get("PATIENCE_BOOK_HTML", BOOK.parent / "_build" / "html"))
DOWNLOADS = sorted((HTML / "_sources" / "notebooks").glob("*.ipynb"))


def test_every_notebook_is_offered_as_an_executed_ipynb() -> None:
    if not (HTML / "index.html").is_file():
        pytest.fail(f"{HTML} has no built book: run make book first (make test does it)", pytrace=False)
    built = {p.stem for p in (HTML / "notebooks").glob("*.html")}
    assert built and {p.stem for p in DOWNLOADS} == built
    for path in DOWNLOADS:
        page = (HTML / "notebooks" / f"{path.stem}.html").read_text(encoding="utf-8")
        assert f"_sources/notebooks/{path.stem}.ipynb" in page, f"{path.stem}: no download link"


@pytest.mark.parametrize("path", DOWNLOADS, ids=[p.stem for p in DOWNLOADS])
def test_a_downloaded_notebook_runs_in_a_fresh_folder(path: Path, tmp_path: Path, monkeypatch) -> None:
    """As a reader who downloaded it: in an empty folder, with only the package installed, every code
    cell runs (in one namespace, top to bottom, as a kernel would run them; no kernel is started)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert cells and all(c.get("outputs") for c in cells[:1]), f"{path.name} has no outputs: it was not executed"
    copy = tmp_path / path.name
    copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__main__"}
    with contextlib.redirect_stdout(io.StringIO()):
        for number, cell in enumerate(cells, 1):
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            exec(compile(source, f"{path.name}, code cell {number}", "exec"), namespace)  # noqa: S102
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name], "the notebook wrote files beside it"


def test_the_studies_the_notebooks_quote_are_the_books() -> None:
    from patience import records

    for name in ("tens", "the-four-corners", "the-square"):
        stored = json.loads((BOOK / "statistics" / f"{name}.honest.json").read_text(encoding="utf-8"))
        assert records.study(f"{name}.honest") == stored, f"copy {name}.honest.json again into src/patience/records"
    assert set(records.names()) == {p.stem for p in NOTEBOOKS}
