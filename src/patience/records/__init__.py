"""The worked games of the book's notebooks: one record a game, travelling with the package.

Each notebook replays the line of its game stored here (the deal, then one move a line, as
:meth:`~patience.game.Record.to_text` writes it), so a notebook downloaded as ``.ipynb`` runs
anywhere the package is installed, with no file beside it.

Three notebooks (Tens, The Four Corners, The Square) also quote the book's honest study of their
game: a copy of it (``<game>.honest.json``, as ``make stats`` stores it in ``book/statistics``, which
a test holds it equal to) lies here too.

>>> from patience import records
>>> record = records.worked_game("canfield")
>>> record.start.seed, len(record), record.replay().result
(8, 116, 'won')
>>> "canfield" in records.names()
True
>>> records.study("tens.honest")["mode"]
'honest'
>>> records.text("no-such-game")
Traceback (most recent call last):
...
ValueError: no worked game 'no-such-game' (see patience.records.names())
"""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any

from ..game import Record

__all__ = ["names", "text", "worked_game", "study"]


def names() -> list[str]:
    """The games (notebook slugs) that have a stored worked game."""
    return sorted(p.name[:-4] for p in files(__name__).iterdir() if p.name.endswith(".txt"))


def text(slug: str) -> str:
    """The stored record of the worked game ``slug``, as text."""
    path = files(__name__) / f"{slug}.txt"
    if not path.is_file():
        raise ValueError(f"no worked game {slug!r} (see patience.records.names())")
    return path.read_text(encoding="utf-8")


def worked_game(slug: str) -> Record:
    """The worked game ``slug`` as a :class:`~patience.game.Record` (its deal and its moves)."""
    return Record.from_text(text(slug))


def study(name: str) -> dict[str, Any]:
    """The stored study ``name`` (``"tens.honest"``) that a notebook quotes, as its JSON."""
    path = files(__name__) / f"{name}.json"
    if not path.is_file():
        raise ValueError(f"no stored study {name!r} beside the worked games")
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result
