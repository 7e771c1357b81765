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
from typing import Any, Callable, Sequence

__all__ = ["MODULES", "IN_C", "SHARED", "copy_of", "extension", "named", "piles_named", "sources", "search_in_c"]

#: The modules compiled (``setup.py`` compiles the same), by their names in the package.
MODULES = ("blocked", "solve")
#: The extensions written in C (``setup.py`` builds the same), by their names in the package.
IN_C = ("games._demon_search", "games._canfield_search", "games._the_flower_garden_search",
        "games._the_idiots_delight_search", "games._fortress_search", "games._the_shah_search",
        "games._the_empress_of_india_search", "games._the_constitution_search",
        "games._the_wheel_search", "games._napoleons_square_search", "games._the_olga_search",
        "games._the_zodiac_search", "games._napoleon_at_st_helena_search", "games._two_rings_search",
        "games._la_belle_lucie_search", "games._the_labyrinth_search", "games._the_fifteen_search",
        "games._the_fourteenth_search", "games._la_nivernaise_search", "games._the_kings_search",
        "games._the_square_search", "games._the_nation_search", "games._the_blockade_search",
        "games._light_and_shade_search", "games._the_four_corners_search", "games._babette_search",
        "games._tens_search")
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
    move that names its piles (a move that names several, The Wheel's combination or The Fourteenth's
    exchange, names them in its source and target joined by commas: the step gives the others after its
    card) and moves its cards, the first its card, and (where the extension names kinds, its
    ``NAMED_KINDS``) is of its kind; a move of no cards is found by :func:`named`.  (It cuts no lines:
    ``idle`` is not for it.)"""
    assert idle is None
    left = None if deadline is None else max(deadline - time.perf_counter(), 0.0)
    seed = 0 if order is None else order.getrandbits(64) | 1
    outcome, steps, count = built.search(board.description(), min(nodes, 2 ** 62), left, progress, counted,
                                         time.perf_counter() - started, seed, pack_first)
    if not steps:
        return outcome, [], count
    names: dict[int, str | None] = {**dict(enumerate(board.pile_names())), NOWHERE: None}
    kinds: tuple[str, ...] | None = getattr(built, "NAMED_KINDS", None)
    line: list[Any] = []
    for packs, source, target, size, card, *also in steps:
        kind = None
        if kinds is not None:
            *also, number = also
            kind = kinds[number]
        for _ in range(packs):
            line.append(board.play(_only(board, [m for m in board.legal_moves() if m.kind in board.PACK_KINDS],
                                         "a move of the pack")))
        others = [str(names[number]) for number in also]
        piles = ", ".join(str(names[number]) for number in (source, target, *also))
        line.append(board.play(_only(board, named(board.legal_moves(), names[source], names[target], size, card,
                                                  others, kind),
                                     f"{piles} ({size} cards from code {card}{f', of kind {kind}' if kind else ''})")))
    return outcome, line, count


def named(moves: list[Any], source: str | None, target: str | None, size: int, card: int,
          also: Sequence[str] = (), kind: str | None = None) -> list[Any]:
    """The moves of ``moves`` that a search in C names as it writes a step's move: from ``source`` to
    ``target`` (pile names, or None), ``size`` cards, the first of them ``card`` (its code); a move that
    names several piles by them all, the others in ``also`` (its source's after the first, then its
    target's); of ``kind``, if given; a move of no cards by its place among those of ``moves`` that move
    none between the same piles (``card`` 0 the first: Napoleon's Square's deal, 1 its re-deal).

    >>> from patience import load
    >>> game = load("napoleons-square", seed=8)
    >>> [str(m) for m in named(game.legal_moves(), None, None, 0, 1)]
    ['redeal']
    """
    if size:
        piles = (source, target, *also)
        return [m for m in moves if m.cards and len(m.cards) == size and m.cards[0] == card
                and (kind is None or m.kind == kind) and piles_named(m) == piles]
    return [m for m in moves if not m.cards and (m.source, m.target) == (source, target)][card:card + 1]


def piles_named(move: Any) -> tuple[str | None, ...]:
    """The piles ``move`` names, as a search in C writes them: its source's first and its target's
    (None for none), then the others its source names, then the others its target names.

    >>> from patience.game import Move
    >>> piles_named(Move("exchange", (), "place 1, place 3", "place 2, place 4", ""))
    ('place 1', 'place 2', 'place 3', 'place 4')
    """
    sources: list[str | None] = [None] if move.source is None else [name.strip() for name in move.source.split(",")]
    targets: list[str | None] = [None] if move.target is None else [name.strip() for name in move.target.split(",")]
    return (sources[0], targets[0], *sources[1:], *targets[1:])


def _only(board: Any, moves: list[Any], what: str) -> Any:
    """The one move of ``moves``, which the search in C played as ``what`` (or, where the legal moves
    list a move twice, as Tens lists an ace thrown out from a file where its twin shows too, that move)."""
    if not moves or any(move != moves[0] for move in moves[1:]):
        raise RuntimeError(f"{board.name}'s search in C played {what}, which the rules do not allow once, in\n{board}")
    return moves[0]
