"""Canfield's search in C (``src/patience/games/_canfield_search.c``) is the core's search of Canfield,
made faster: on positions of every reading, its moves are the engine's legal moves, the steps it tries
are the steps the core's search tries (:func:`patience.solve._children`), in the same order, and it proves
a position lost where :meth:`~patience.games.canfield.Canfield.blocked` does; its keys merge the positions
that :meth:`~patience.games.canfield.Canfield.solver_key` merges and no others; and its searches end as
the core's do, in the same number of positions, with the same line.  (Its verdicts on small end-games are
held to a plain exhaustive search with every other game's, in ``tests/test_verdicts.py``.)"""

from __future__ import annotations

import random
from typing import Any

import pytest
import searching_in_c as held

from patience import load
from patience.cards import CARDS, Card
from patience.compiled import extension
from patience.games import canfield
from patience.games.canfield import BUILDS_ON, COLUMNS, FOUNDATIONS, Canfield

C = extension("games._canfield_search")
pytestmark = pytest.mark.skipif(C is None, reason="the search in C was not built (PATIENCE_PURE)")
SEARCH: Any = canfield._IN_C

#: Every value of every option at least once: the book's game, and the modern variants.
READINGS = [
    "canfield",
    "canfield(draw=3)",
    "canfield(partial=true)",
    "canfield(redeals=1)",
    "canfield(draw=3,redeals=2,partial=true)",
]


def laid_out(spec: str, rng: random.Random) -> Canfield:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights, rows of face-down cards under runs in sequence, spaces, the pack split at random
    between the stock and the waste, and some of the re-deals made."""
    options = load(spec).options.changed()
    heights = [rng.choice([0, 0, 1, 3, 6, 9, 12, 13]) for _ in range(4)]
    out = {CARDS[13 * suit + rank] for suit in range(4) for rank in range(1, heights[suit] + 1)}
    rest: list[Card] = [c for c in CARDS[1:] if c is not None and c not in out]
    rng.shuffle(rest)
    rows = {}
    for number in range(1, 8):
        if not rest or rng.random() < 0.25:
            rows[number] = ""
            continue
        down = [rest.pop() for _ in range(min(rng.randint(0, 6), len(rest) - 1))]
        run = [rest.pop()]
        while rng.random() < 0.7:
            follow = [c for c in rest if c in BUILDS_ON[run[-1]]]
            if not follow:
                break
            run.append(rng.choice(follow))
            rest.remove(run[-1])
        rows[number] = " ".join([f"[{c}]" for c in down] + [str(c) for c in run])
    tops = [CARDS[13 * suit + heights[suit]] for suit in range(4) if heights[suit]]
    rng.shuffle(tops)
    waste = rng.randint(0, len(rest))
    game = Canfield.arrange(rows, foundations=" ".join(map(str, tops)), waste=" ".join(map(str, rest[:waste])),
                            stock=" ".join(map(str, rest[waste:])), **options)
    game.counters["redeals"] = rng.randint(0, game.options.redeals)
    return game


def positions(spec: str) -> list[Canfield]:
    rng = random.Random(spec)
    return [p for seed in range(1, 5) for p in held.random_play(spec, seed)] + [laid_out(spec, rng) for _ in range(150)]


@pytest.mark.parametrize("spec", READINGS)
def test_its_moves_steps_and_proofs_are_the_engines(spec: str) -> None:
    games = positions(spec)
    assert held.moves_and_steps_are_the_engines(C, games) > 800
    assert sum(game.blocked() is not None for game in games) > 20  # (proofs made, not only refused)


def rearranged(game: Canfield) -> Canfield:
    """``game`` with its rows and its foundations in the other order."""
    turned = game.copy()
    for names in (COLUMNS, FOUNDATIONS):
        piles = [turned.piles[name] for name in names]
        for name, pile in zip(names, piles[::-1]):
            turned.piles[name] = pile
    return turned


@pytest.mark.parametrize("spec", READINGS)
def test_its_keys_merge_what_the_solver_key_merges(spec: str) -> None:
    merged = sum(held.keys_merge_what_the_solver_key_merges(C, held.random_play(spec, seed), rearranged)
                 for seed in range(1, 13))
    assert merged > 150


@pytest.mark.parametrize("spec", READINGS)
def test_its_searches_end_as_the_cores(spec: str) -> None:
    """From deals, and from positions laid out at random (fewer cards left: more of them decided)."""
    rng = random.Random(spec)
    starts = [load(spec, seed=seed) for seed in range(1, 7)] + [laid_out(spec, rng) for _ in range(20)]
    assert held.searches_end_as_the_cores(SEARCH, starts, 2_500) >= 10


def test_a_won_line_is_played_through_the_rules() -> None:
    board = load("canfield", seed=1)
    outcome, line, count = SEARCH(board, 1_000_000, None, None, None, 0.0)
    assert outcome == "won" and board.is_won and list(board.history) == line and count > 50_000
    assert board.score == -52 + 5 * 52


def test_its_budgets_and_progress() -> None:
    held.budgets_and_progress(SEARCH, load("canfield", seed=1))  # won after 82,920 positions


def test_a_description_that_is_not_one_is_refused() -> None:
    assert C is not None
    description = list(load("canfield", seed=1).description())
    changed = list(description)
    changed[5] = b"\x00" * 10  # a table of builds too short
    with pytest.raises(ValueError, match="53 by 53 bytes"):
        C.moves(tuple(changed), False)
    rows = description[3]
    for wrong in ((b"\x35", 0), (b"\x00", 0), (rows[1][0][:1], 0), (rows[0][0], 2)):  # 53, 0, twice, 2 down of 1
        changed = list(description)
        changed[3] = (wrong, *rows[1:])
        with pytest.raises(ValueError, match="different card codes"):
            C.moves(tuple(changed), False)
    changed = list(description)
    changed[4] = ((0, 1), (0, 2), (-1, 0), (-1, 0))
    with pytest.raises(ValueError, match="a suit at most once"):
        C.children(tuple(changed), False)
    changed = list(description)
    changed[0] = description[0][:-1] + bytes([1])  # the A♠, also on a foundation
    changed[4] = ((0, 1), (-1, 0), (-1, 0), (-1, 0))
    with pytest.raises(ValueError, match="none on a foundation"):
        C.blocked(tuple(changed))
    changed = list(description)
    changed[6] = ((0,) * 53, (0,) * 52)
    with pytest.raises(ValueError, match="Blocking's tables hold 53 numbers"):
        C.key(tuple(changed))
    with pytest.raises(TypeError):
        C.search("canfield", 10, None, None, 0, 0.0, 0, False)


def test_without_a_budget_it_searches_as_long_as_the_core_would_take_for_much_less() -> None:
    """Deal 2 is proved lost after 253,040 positions: beyond the core's default, within Canfield's."""
    game = load("canfield", seed=2)
    assert game.search_nodes() == canfield.SEARCH_NODES
    held.searches_longer_without_a_budget(game, "lost", 253_040)


def test_searches_in_threads_end_as_they_do_one_at_a_time() -> None:
    held.threads_search_as_one(SEARCH, [load(spec, seed=seed) for spec in READINGS[:3] for seed in (1, 2, 3, 5)],
                                 300_000)
