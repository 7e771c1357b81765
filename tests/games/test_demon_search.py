"""Demon's search in C (``src/patience/games/_demon_search.c``) is the core's search of Demon, made
faster: on positions of every reading, its moves are the engine's legal and useful moves, the steps it
tries are the steps the core's search tries (:func:`patience.solve._children`), in the same order; its
keys merge the positions that :meth:`~patience.games.demon.Demon.solver_key` merges and no others; and
its searches end as the core's do, in the same number of positions, with the same line.  (Its verdicts
on small end-games are held to a plain exhaustive search with every other game's, in
``tests/test_verdicts.py``: :func:`~patience.solve.thoughtful` uses it.)"""

from __future__ import annotations

import random
from typing import Any

import pytest
import searching_in_c as held

from patience import load
from patience.cards import CARDS, Card
from patience.compiled import extension
from patience.games import demon
from patience.games.demon import FILE_NAMES, Demon

C = extension("games._demon_search")
pytestmark = pytest.mark.skipif(C is None, reason="the search in C was not built (PATIENCE_PURE)")
SEARCH: Any = demon._IN_C

#: Every value of every option at least once: the three readings of the book's studies, and others.
READINGS = [
    "demon",
    "demon(files=part)",
    "demon(files=part,heap=files,empty_heap=any,wrap=base)",
    "demon(heap=vacancies,empty_heap=none,wrap=true)",
    "demon(heap=files,empty_heap=any,wrap=base)",
    "demon(files=part,empty_heap=none,wrap=true)",
]


def laid_out(spec: str, rng: random.Random) -> Demon:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: formations built
    to random heights, files in sequence with vacancies (when the heap is out), a heap of 0 to 13
    cards, the pack split at random between the hand and the talon, a card used in the pass or not."""
    options = load(spec).options.changed()
    base, heights = rng.randint(1, 13), [rng.randint(0, 7) for _ in range(4)]
    heights[0] = max(heights[0], 1)

    def card(suit: int, i: int) -> Card:
        return CARDS[13 * suit + (base + i - 1) % 13 + 1]  # type: ignore[return-value]

    out = {card(s, i) for s in range(4) for i in range(heights[s])}
    rest = [c for c in CARDS[1:] if c is not None and c not in out]
    rng.shuffle(rest)
    heap = [rest.pop() for _ in range(rng.choice([0, 0, 1, 2, 13]))]
    fits = Demon.arrange({1: "", 2: "", 3: "", 4: ""}, foundations=str(card(0, 0)), **options).file_build.table()
    files = {}
    for number in range(1, 5):
        pile = [] if not heap and rng.random() < 0.3 else [rest.pop()]
        while pile and rng.random() < 0.7:
            follow = [c for c in rest if fits[pile[-1]][c]]
            if not follow:
                break
            pile.append(rng.choice(follow))
            rest.remove(pile[-1])
        files[number] = " ".join(map(str, pile))
    order = sorted(range(4), key=lambda s: (s != 0, -heights[s]))
    formations = " ".join(f"{card(s, 0)}-{card(s, heights[s] - 1)}" for s in order if heights[s])
    talon = rng.randint(0, len(rest))
    game = Demon.arrange(files, foundations=formations, stack=" ".join(map(str, heap)),
                         talon=" ".join(map(str, rest[:talon])), hand=" ".join(map(str, rest[talon:])), **options)
    game.counters["used"] = rng.randint(0, 1)
    return game


def positions(spec: str) -> list[Demon]:
    rng = random.Random(spec)
    return [p for seed in range(1, 5) for p in held.random_play(spec, seed)] + [laid_out(spec, rng) for _ in range(150)]


@pytest.mark.parametrize("spec", READINGS)
def test_its_moves_and_steps_are_the_engines(spec: str) -> None:
    assert held.moves_and_steps_are_the_engines(C, positions(spec)) > 2_000


@pytest.mark.parametrize("spec", READINGS[:3])
def test_its_keys_merge_what_the_solver_key_merges(spec: str) -> None:
    """Along each game (a key is of a position within one search, whose pack and heap began as the
    deal's: the pack is read as the cards left of it), and whatever the order of the files."""
    def rearranged(game: Demon) -> Demon:
        turned = game.copy()
        files = [turned.piles[name] for name in FILE_NAMES]
        for name, pile in zip(FILE_NAMES, files[::-1]):
            turned.piles[name] = pile
        return turned

    merged = sum(held.keys_merge_what_the_solver_key_merges(C, held.random_play(spec, seed), rearranged)
                 for seed in range(1, 7))
    assert merged > 200


@pytest.mark.parametrize("spec", READINGS)
def test_its_searches_end_as_the_cores(spec: str) -> None:
    """From deals, and from positions laid out at random (fewer cards left: more of them decided)."""
    rng = random.Random(spec)
    starts = [load(spec, seed=seed) for seed in range(1, 7)] + [laid_out(spec, rng) for _ in range(20)]
    assert held.searches_end_as_the_cores(SEARCH, starts, 2_500) >= 10


def test_a_won_line_is_played_through_the_rules() -> None:
    board = load("demon", seed=8)
    outcome, line, count = SEARCH(board, 1_000_000, None, None, None, 0.0)
    assert outcome == "won" and board.is_won and list(board.history) == line and count > 1_000


def test_its_budgets_and_progress() -> None:
    held.budgets_and_progress(SEARCH, load("demon", seed=4))  # won, but only after 16 million positions


def test_a_description_that_is_not_one_is_refused() -> None:
    c = C
    assert c is not None
    description = list(load("demon", seed=1).description())
    changed = list(description)
    changed[7] = b"\x00" * 10  # a table of builds too short
    with pytest.raises(ValueError, match="not a description of a Demon position"):
        c.moves(tuple(changed), False)
    for pile, wrong in ((0, b"\x35"), (3, b"\x00"), (0, description[3][:1])):  # code 53, code 0, a card twice
        changed = list(description)
        changed[pile] = wrong
        with pytest.raises(ValueError, match="different card codes"):
            c.moves(tuple(changed), False)
    changed = list(description)
    changed[5] = ((0, 1), (0, 2), (-1, 0), (-1, 0))
    with pytest.raises(ValueError, match="a suit at most once"):
        c.children(tuple(changed), False)
    with pytest.raises(TypeError):
        c.search("demon", 10, None, None, 0, 0.0, 0, False)


def test_without_a_budget_it_searches_as_long_as_the_core_would_take_for_much_less() -> None:
    """Deal 6 is proved lost after 1,639,126 positions: beyond the core's default, within Demon's."""
    game = load("demon", seed=6)
    assert game.search_nodes() == demon.SEARCH_NODES
    held.searches_longer_without_a_budget(game, "lost", 1_639_126)


def test_searches_in_threads_end_as_they_do_one_at_a_time() -> None:
    held.threads_search_as_one(SEARCH, [load(spec, seed=seed) for spec in READINGS[:3] for seed in (1, 2, 3, 6)],
                                 400_000)
