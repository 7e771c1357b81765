"""The Idiot's Delight's search in C (``src/patience/games/_the_idiots_delight_search.c``) is the core's
search of the game, made faster: on positions of every reading, its moves are the engine's legal moves, the
steps it tries are the core's search's, in the same order, and it proves a position lost where
:meth:`~patience.games.the_idiots_delight.TheIdiotsDelight.blocked` does; its keys merge the positions that
:meth:`~patience.games.the_idiots_delight.TheIdiotsDelight.solver_key` merges and no others; and its
searches end as the core's do, in the same number of positions, with the same line.  (Its verdicts on small
end-games are held to a plain exhaustive search with every other game's, in ``tests/test_verdicts.py``.)"""

from __future__ import annotations

import random
from typing import Any

import pytest
import searching_in_c as held

from patience import load
from patience.cards import CARDS, Card
from patience.compiled import extension
from patience.games import the_idiots_delight
from patience.games.the_idiots_delight import ALTERNATE_DOWN, FILE_NAMES, FOUNDATION_NAMES, TheIdiotsDelight

C = extension("games._the_idiots_delight_search")
pytestmark = pytest.mark.skipif(C is None, reason="the search in C was not built (PATIENCE_PURE)")
SEARCH: Any = the_idiots_delight._IN_C

#: Every value of every option at least once.
READINGS = [
    "the-idiots-delight",
    "the-idiots-delight(spaces=stacks)",
    "the-idiots-delight(stack=whole,reserve_to_foundations=false)",
    "the-idiots-delight(stack=any,spaces=stacks)",
]


def laid_out(spec: str, rng: random.Random) -> TheIdiotsDelight:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights, files of a few cards over runs at their feet, vacant files, and up to seven over."""
    heights = [rng.choice([0, 0, 1, 3, 6, 9, 12, 13]) for _ in range(4)]
    rest: list[Card] = [c for c in CARDS[1:] if c is not None and c.value > heights[(c - 1) // 13]]
    rng.shuffle(rest)
    reserve = [rest.pop() for _ in range(min(rng.randint(0, 7), len(rest)))]
    fits = ALTERNATE_DOWN.table()
    files: list[list[Card]] = [[] for _ in FILE_NAMES]
    for file in files:
        if rest and rng.random() < 0.8:
            file += [rest.pop() for _ in range(min(rng.randint(1, 4), len(rest)))]
            while rng.random() < 0.6:
                follow = [c for c in rest if fits[file[-1]][c]]
                if not follow:
                    break
                file.append(rng.choice(follow))
                rest.remove(file[-1])
    for k, card in enumerate(rest):  # the rest at the tops of the files
        files[k % len(files)].insert(0, card)
    tops = [str(CARDS[13 * suit + heights[suit]]) for suit in range(4) if heights[suit]]
    rng.shuffle(tops)
    return TheIdiotsDelight.arrange({n: " ".join(map(str, file)) for n, file in enumerate(files, start=1)},
                                    reserve=" ".join(map(str, reserve)), foundations=" ".join(tops),
                                    **load(spec).options.changed())


def positions(spec: str) -> list[TheIdiotsDelight]:
    rng = random.Random(spec)
    return [p for seed in range(1, 5) for p in held.random_play(spec, seed)] + [laid_out(spec, rng) for _ in range(150)]


@pytest.mark.parametrize("spec", READINGS)
def test_its_moves_steps_and_proofs_are_the_engines(spec: str) -> None:
    games = positions(spec)
    assert held.moves_and_steps_are_the_engines(C, games) > 1_200
    assert sum(game.blocked() is not None for game in games) > 5  # (proofs made, not only refused)


def rearranged(game: TheIdiotsDelight) -> TheIdiotsDelight:
    """``game`` with its files and its foundations in the other order."""
    turned = game.copy()
    for names in (FILE_NAMES, FOUNDATION_NAMES):
        piles = [turned.piles[name] for name in names]
        for name, pile in zip(names, piles[::-1]):
            turned.piles[name] = pile
    return turned


@pytest.mark.parametrize("spec", READINGS[:2])
def test_its_keys_merge_what_the_solver_key_merges(spec: str) -> None:
    merged = sum(held.keys_merge_what_the_solver_key_merges(C, held.random_play(spec, seed), rearranged)
                 for seed in range(1, 13))
    assert merged > 120


@pytest.mark.parametrize("spec", READINGS)
def test_its_searches_end_as_the_cores(spec: str) -> None:
    """From deals, and from positions laid out at random (fewer cards left: more of them decided)."""
    rng = random.Random(spec)
    starts = [load(spec, seed=seed) for seed in range(1, 7)] + [laid_out(spec, rng) for _ in range(20)]
    assert held.searches_end_as_the_cores(SEARCH, starts, 2_500) >= 10


def test_a_won_line_is_played_through_the_rules() -> None:
    board = load("the-idiots-delight", seed=1)
    outcome, line, count = SEARCH(board, 2_000_000, None, None, None, 0.0)
    assert outcome == "won" and board.is_won and list(board.history) == line


def test_its_budgets_and_progress() -> None:
    held.budgets_and_progress(SEARCH, load("the-idiots-delight", seed=13))


def test_a_description_that_is_not_one_is_refused() -> None:
    assert C is not None
    description = list(load("the-idiots-delight", seed=1).description())
    changed = list(description)
    changed[3] = b"\x00" * 10  # a table of builds too short
    with pytest.raises(ValueError, match="53 by 53 bytes"):
        C.moves(tuple(changed), False)
    files = description[1]
    for wrong in (b"\x35", b"\x00", files[1][:1]):  # code 53, code 0, a card twice
        changed = list(description)
        changed[1] = (wrong, *files[1:])
        with pytest.raises(ValueError, match="different card codes"):
            C.moves(tuple(changed), False)
    changed = list(description)
    changed[2] = ((0, 1), (0, 2), (-1, 0), (-1, 0))
    with pytest.raises(ValueError, match="a suit at most once"):
        C.children(tuple(changed), False)
    changed = list(description)
    changed[6] = 3
    with pytest.raises(ValueError, match="not a description of an Idiot's Delight position"):
        C.key(tuple(changed))
    with pytest.raises(TypeError):
        C.search("the-idiots-delight", 10, None, None, 0, 0.0, 0, False)


def test_searches_in_threads_end_as_they_do_one_at_a_time() -> None:
    held.threads_search_as_one(SEARCH, [load(spec, seed=seed) for spec in READINGS[:2] for seed in (1, 2, 13, 82)],
                               200_000)
