"""What the tests of a game's search in C (``tests/games/test_<game>_search.py``) share, each function
asserting what its name says: each test holds the search to the core's (:func:`patience.solve._depth_first` and :func:`patience.solve._children`) on
positions of its game, through the extension's functions (``moves``, ``children``, ``blocked``,
``key``) and the game's :meth:`~patience.game.Game.own_search`."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any, Callable, Iterable, Sequence

from patience import load
from patience.game import Game, Move
from patience.solve import NODES, _children, _search, solve


def random_play(spec: str, seed: int, moves: int = 120) -> list[Any]:
    """The positions of a game of ``spec`` played at random from deal ``seed``."""
    game, rng = load(spec, seed=seed), random.Random(seed)
    positions = [game.copy()]
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
        positions.append(game.copy())
    return positions


def numbered(game: Game, move: Move) -> tuple[int, int, int, int]:
    """A move as the search in C writes it: its source's and target's numbers, its cards and the code of
    the first."""
    names = game.pile_names()
    return names.index(move.source or ""), names.index(move.target or ""), len(move.cards), move.cards[0]


def as_step(game: Game, step: Sequence[Move]) -> tuple[int, ...]:
    """A step of the core's search as the search in C writes it: the moves of the pack, then the move."""
    return (len(step) - 1, *numbered(game, step[-1]))


def moves_and_steps_are_the_engines(c: ModuleType, games: Iterable[Any]) -> int:
    """On each of ``games``, the extension's legal and useful moves are the engine's (but those of the
    pack), and its steps the core's search's, in the same order, with the pack first or not; and it
    proves the position lost where the game does.  The steps compared."""
    compared = 0
    for game in games:
        description = game.description()
        legal = [(0, *numbered(game, m)) for m in game.legal_moves() if m.kind not in game.PACK_KINDS]
        useful = [(0, *numbered(game, m)) for m in game.useful_moves() if m.kind not in game.PACK_KINDS]
        assert c.moves(description, False) == legal, game
        assert c.moves(description, True) == useful, game
        assert c.blocked(description) == (game.blocked() is not None), game
        for pack_first in (False, True):
            steps = [as_step(game, step) for step in _children(game, None, pack_first)]
            assert c.children(description, pack_first) == steps, game
            compared += len(steps)
    return compared


def keys_merge_what_the_solver_key_merges(c: ModuleType, games: Iterable[Any],
                                                 rearranged: Callable[[Any], Any]) -> int:
    """Along one game, ``games`` (a key is of a position within one search, whose pack began as the
    deal's), the extension's keys are equal where the positions' solver keys are, and only there; and
    the same with the piles that the key takes as a set put in another order (``rearranged``).  The
    positions told apart."""
    keys: dict[Any, int] = {}
    for game in games:
        key = keys.setdefault(game.solver_key(), c.key(game.description()))
        assert c.key(game.description()) == key
        assert c.key(rearranged(game).description()) == key
    assert len(set(keys.values())) == len(keys)
    return len(keys)


def searches_end_as_the_cores(search: Callable[..., Any], starts: Iterable[Game], nodes: int) -> int:
    """From each of ``starts``, the search ends as the core's (outcome, line, positions), with the pack
    first or not; in a shuffled order the two differ, but never on a verdict.  The searches decided."""
    decided = 0
    for game in starts:
        for pack_first in (False, True):
            core = _search(game.copy(), nodes, None, None, None, 0.0, pack_first=pack_first)
            assert search(game.copy(), nodes, None, None, None, 0.0, pack_first=pack_first) == core, (game, pack_first)
            decided += core[0] != "unknown"
        again = search(game.copy(), 20 * nodes, None, None, None, 0.0, order=random.Random(1))
        first = search(game.copy(), 20 * nodes, None, None, None, 0.0)
        assert "unknown" in (again[0], first[0]) or again[0] == first[0]
    return decided


def budgets_and_progress(search: Callable[..., Any], game: Game) -> None:
    """From ``game`` (not decided within 10,000 positions), the search stops at its budget of
    positions, reports its progress every 4,096, and stops at once with no time left."""
    said: list[tuple[int, float]] = []
    outcome, line, count = search(game.copy(), 10_000, None, None, lambda n, s: said.append((n, s)), 0.0)
    assert (outcome, line, count) == ("unknown", [], 10_000)
    assert [n for n, _ in said] == [4096, 8192] and said[0][1] <= said[1][1]
    outcome, _, count = search(game.copy(), 10 ** 9, 0.0, None, None, 0.0)
    assert outcome == "unknown" and count <= 64


def threads_search_as_one(search: Callable[..., Any], deals: Sequence[Game], nodes: int) -> None:
    """The search lets other threads run Python while it works: two at once share nothing."""

    def searched(game: Game) -> tuple[str, int, int]:
        outcome, line, count = search(game.copy(), nodes, None, None, None, 0.0)
        return outcome, count, len(line)

    alone = [searched(game) for game in deals]
    with ThreadPoolExecutor(2) as pool:
        assert list(pool.map(searched, deals)) == alone


def searches_longer_without_a_budget(game: Game, outcome: str, positions: int) -> None:
    """``game`` is decided (``outcome`` after ``positions``) where no budget is given, as its search
    visits more positions than the core's default (:meth:`~patience.game.Game.search_nodes`), and left
    unknown within the core's default."""
    assert (game.search_nodes() or 0) > NODES["thoughtful"]
    found = solve(game)
    assert (found.outcome, found.nodes) == (outcome, positions)
    assert solve(game, nodes=NODES["thoughtful"]).outcome == "unknown"
