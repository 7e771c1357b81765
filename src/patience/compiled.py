"""The modules of the engine that the package's build compiles, and how a module finds its compiled copy.

Where most of a search's time goes into one module's plain computation, the build (``setup.py``)
compiles a copy of that module with mypy's ``mypyc``, named ``_<module>_compiled`` and marked with the
hash of the text it was made from (``COMPILED_FROM``).  The module keeps its own code, docstrings and
doctests, and takes from the copy only the functions it names, and only if the copy was made from its
present text: an edit is never shadowed by a stale build (it runs uncompiled, and slower, until the next
build), and where nothing was compiled (Pyodide, or a build with ``PATIENCE_PURE=1``) it runs as it is.
``tests/test_compiled.py`` holds each copy to its module's own functions.

Some games' searches are written in C (``games/_<module>_search.c``, on the core's search written once
in ``games/_search.h``): each extension is marked the same way, with the hash of its C text and the
headers it shares (:data:`SHARED`), and :func:`extension` gives it only if it was built from the
present texts; :func:`search_in_c` makes of it what :func:`patience.solve.thoughtful` calls.  A copy
looks for no copy of its own:

>>> copy_of("patience._blocked_compiled", __file__) is None
True
"""

from __future__ import annotations

import hashlib
import importlib
import time
from functools import partial
from pathlib import Path
from random import Random
from types import ModuleType
from typing import Any, Callable

__all__ = ["MODULES", "IN_C", "SHARED", "copy_of", "extension", "named", "sources", "search_in_c"]

#: The modules compiled (``setup.py`` compiles the same), by their names in the package.
MODULES = ("blocked", "solve")
#: The extensions written in C (``setup.py`` builds the same), by their names in the package.
IN_C = ("games._demon_search", "games._canfield_search", "games._the_flower_garden_search",
        "games._the_idiots_delight_search", "games._fortress_search", "games._the_shah_search",
        "games._the_empress_of_india_search", "games._the_constitution_search", "games._the_wheel_search",
        "games._napoleons_square_search", "games._the_olga_search", "games._the_zodiac_search",
        "games._napoleon_at_st_helena_search", "games._two_rings_search", "games._la_belle_lucie_search",
        "games._the_labyrinth_search", "games._the_fifteen_search")
#: The headers every extension in C includes, in the package.
SHARED = ("games/_search_tools.h", "games/_search.h")
#: The number a search in C gives the pile of a move from, or to, none (The Empress of India's deal,
#: Napoleon's Square's deal and re-deal): ``NOWHERE`` in ``_search_tools.h``.
NOWHERE = 255


def copy_of(module: str, path: str) -> ModuleType | None:
    """The compiled copy of the module named ``module`` (of the package's, its source at ``path``), if the
    build made one from the text at ``path`` now; None otherwise, and in a copy itself."""
    package, _, name = module.rpartition(".")
    if name not in MODULES:
        return None
    return _built(f"{package}._{name}_compiled", Path(path))


def extension(name: str) -> ModuleType | None:
    """The extension ``patience.<name>`` (one of :data:`IN_C`), if the build made it from the texts of
    its :func:`sources` now; None otherwise.

    >>> extension("games._nothing") is None
    True
    """
    if name not in IN_C:
        return None
    return _built(f"{__package__}.{name}", *sources(name, Path(__file__).parent))


def sources(name: str, package: Path) -> list[Path]:
    """The texts the extension ``name`` (one of :data:`IN_C`) is built from, in the package at
    ``package``: its C source and the :data:`SHARED` headers.

    >>> [path.name for path in sources("games._demon_search", Path("patience"))]
    ['_demon_search.c', '_search_tools.h', '_search.h']
    """
    return [package.joinpath(*name.split(".")).with_suffix(".c"), *(package / header for header in SHARED)]


def _built(module: str, *texts: Path) -> ModuleType | None:
    """The module named ``module`` if it is marked as built from the texts at ``texts`` (None if it
    cannot be imported, or a text is not there to compare)."""
    try:
        built = importlib.import_module(module)
        made_from = hashlib.sha256(b"".join(path.read_bytes() for path in texts)).hexdigest()
    except (ImportError, OSError):
        return None
    return built if getattr(built, "COMPILED_FROM", None) == made_from else None


#: A game's own search, as :meth:`patience.game.Game.own_search` gives it.
OwnSearch = Callable[..., tuple[str, list[Any], int]]


def search_in_c(name: str) -> OwnSearch | None:
    """The search of the extension ``name`` (one of :data:`IN_C`), as
    :func:`patience.solve.thoughtful` calls a game's own search, where the build made it from the
    present texts; else None (the core's search, in Python, is the game's).

    >>> search_in_c("games._nothing") is None
    True
    """
    built = extension(name)
    return None if built is None else partial(_search_in_c, built)


def _search_in_c(built: ModuleType, board: Any, nodes: int, deadline: float | None, idle: int | None,
                 progress: Any, started: float, counted: int = 0, order: Random | None = None,
                 pack_first: bool = False) -> tuple[str, list[Any], int]:
    """The core's search from ``board`` (a game with a ``description()`` of its position for
    ``built``), made in C.  Its winning line is played on ``board`` through the rules, move by move,
    so a line the rules did not allow would fail here, loudly: each step's move is the one legal
    move from its source to its target of its cards, the first its card (a move that takes cards
    from several piles, The Wheel's combination, names them in its source joined by commas: the
    step gives the others after its card; a move of no cards is found by :func:`named`).  (It cuts no
    lines: ``idle`` is not for it.)"""
    assert idle is None
    left = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
    seed = 0 if order is None else order.getrandbits(64) | 1
    outcome, steps, count = built.search(board.description(), min(nodes, 2 ** 62), left, progress, counted,
                                         time.perf_counter() - started, seed, pack_first)
    names: dict[int, str | None] = {**dict(enumerate(board.pile_names())), NOWHERE: None}
    line: list[Any] = []
    for packs, source, target, size, card, *also in steps:
        for _ in range(packs):
            line.append(board.play(_only(board, [m for m in board.legal_moves() if m.kind in board.PACK_KINDS],
                                         "a move of the pack")))
        taken = ",".join(str(names[number]) for number in (source, *also)) if also else names[source]
        line.append(board.play(_only(board, named(board.legal_moves(), taken, names[target], size, card),
                                     f"{taken} → {names[target]} ({size} cards from code {card})")))
    return outcome, line, count


def named(moves: list[Any], source: str | None, target: str | None, size: int, card: int) -> list[Any]:
    """The moves of ``moves`` that a search in C names as it writes a step's move: from ``source`` to
    ``target`` (pile names, or None), ``size`` cards, the first of them ``card`` (its code); a move of no
    cards by its place among those of ``moves`` that move none between the same piles (``card`` 0 the first:
    Napoleon's Square's deal, 1 its re-deal).

    >>> from patience import load
    >>> game = load("napoleons-square", seed=8)
    >>> [str(m) for m in named(game.legal_moves(), None, None, 0, 1)]
    ['redeal']
    """
    if size:
        return [m for m in moves if m.cards and (_piles(m.source), _piles(m.target, first=True), len(m.cards),
                                                 m.cards[0]) == (source, target, size, card)]
    return [m for m in moves if not m.cards and (m.source, m.target) == (source, target)][card:card + 1]


def _piles(names: str | None, first: bool = False) -> str | None:
    """A move's source (or target) as a search in C names it: the piles it names joined by commas alone
    (The Fifteen's withdrawal joins its columns, and its foundations, by commas and spaces); with
    ``first``, the first of them (a move to several piles is named by the first: the rules lay each
    card of The Fifteen's withdrawal on the first empty foundation of its kind).

    >>> _piles("column 3, column 7"), _piles("foundation 1, foundation 5", first=True), _piles(None)
    ('column 3,column 7', 'foundation 1', None)
    """
    if names is None or "," not in names:
        return names
    piles = [name.strip() for name in names.split(",")]
    return piles[0] if first else ",".join(piles)


def _only(board: Any, moves: list[Any], what: str) -> Any:
    """The one move of ``moves``, which the search in C played as ``what``."""
    if len(moves) != 1:
        raise RuntimeError(f"{board.name}'s search in C played {what}, which the rules do not allow once, in\n{board}")
    return moves[0]
