"""The Flower-Garden's search in C (``src/patience/games/_the_flower_garden_search.c``) is the core's search
of the game, made faster: on positions of both readings, its moves are the engine's legal and useful moves
(the useful ones leave out moving again the card moved last, which needs the last move: random play gives
it), the steps it tries are the core's search's, in the same order, and it proves a position lost where
:meth:`~patience.games.the_flower_garden.TheFlowerGarden.blocked` does; its keys merge the positions that
:meth:`~patience.games.the_flower_garden.TheFlowerGarden.solver_key` merges and no others; and its searches
end as the core's do, in the same number of positions, with the same line.  (Its verdicts on small
end-games are held to a plain exhaustive search with every other game's, in ``tests/test_verdicts.py``.)"""

from __future__ import annotations

import random
from typing import Any

import pytest
import searching_in_c as held

from patience import load
from patience.cards import CARDS, Card
from patience.compiled import extension
from patience.games import the_flower_garden
from patience.games.the_flower_garden import BEDS, FOUNDATIONS, GARDEN, TheFlowerGarden

C = extension("games._the_flower_garden_search")
pytestmark = pytest.mark.skipif(C is None, reason="the search in C was not built (PATIENCE_PURE)")
SEARCH: Any = the_flower_garden._IN_C

#: The book's reading (a card at a time) and sequences moved whole.
READINGS = ["the-flower-garden", "the-flower-garden(runs=true)"]


def laid_out(spec: str, rng: random.Random) -> TheFlowerGarden:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights, beds of a few cards under sequences, empty beds, and the rest in the Bouquet (or no
    Bouquet, and every card in the beds)."""
    heights = [rng.choice([0, 0, 1, 3, 6, 9, 12, 13]) for _ in range(4)]
    rest: list[Card] = [c for c in CARDS[1:] if c is not None and c.value > heights[(c - 1) // 13]]
    rng.shuffle(rest)
    fits = GARDEN.table()
    piles = {}
    if rng.random() < 0.25:  # the Bouquet spent, every card in the beds: proofs to make
        rest, dealt = [], rest
        for k, name in enumerate(BEDS):
            piles[name] = " ".join(map(str, dealt[k::len(BEDS)]))
    for name in BEDS[len(piles):]:
        bed: list[Card] = []
        if rest and rng.random() < 0.8:
            bed = [rest.pop() for _ in range(min(rng.randint(1, 5), len(rest)))]
            while rng.random() < 0.6:
                follow = [c for c in rest if fits[bed[-1]][c]]
                if not follow:
                    break
                bed.append(rng.choice(follow))
                rest.remove(bed[-1])
        piles[name] = " ".join(map(str, bed))
    suits = [s for s in range(4) if heights[s]]
    rng.shuffle(suits)
    for name, suit in zip(FOUNDATIONS, suits):
        piles[name] = " ".join(str(CARDS[13 * suit + rank]) for rank in range(1, heights[suit] + 1))
    piles["bouquet"] = " ".join(map(str, rest))
    return TheFlowerGarden.arrange(piles, rest="bouquet", hidden=False, **load(spec).options.changed())


def positions(spec: str) -> list[TheFlowerGarden]:
    rng = random.Random(spec)
    return [p for seed in range(1, 5) for p in held.random_play(spec, seed)] + [laid_out(spec, rng) for _ in range(150)]


@pytest.mark.parametrize("spec", READINGS)
def test_its_moves_steps_and_proofs_are_the_engines(spec: str) -> None:
    games = positions(spec)
    assert held.moves_and_steps_are_the_engines(C, games) > 1_500
    assert sum(game.blocked() is not None for game in games) > 5  # (proofs made, not only refused)


def rearranged(game: TheFlowerGarden) -> TheFlowerGarden:
    """``game`` with its beds and its foundations in the other order."""
    turned = game.copy()
    for names in (BEDS, FOUNDATIONS):
        piles = [turned.piles[name] for name in names]
        for name, pile in zip(names, piles[::-1]):
            turned.piles[name] = pile
    return turned


@pytest.mark.parametrize("spec", READINGS)
def test_its_keys_merge_what_the_solver_key_merges(spec: str) -> None:
    merged = sum(held.keys_merge_what_the_solver_key_merges(C, held.random_play(spec, seed), rearranged)
                 for seed in range(1, 13))
    assert merged > 200


@pytest.mark.parametrize("spec", READINGS)
def test_its_searches_end_as_the_cores(spec: str) -> None:
    """From deals, and from positions laid out at random (fewer cards left: more of them decided)."""
    rng = random.Random(spec)
    starts = [load(spec, seed=seed) for seed in range(1, 7)] + [laid_out(spec, rng) for _ in range(20)]
    assert held.searches_end_as_the_cores(SEARCH, starts, 2_500) >= 10


def test_a_won_line_is_played_through_the_rules() -> None:
    board = load("the-flower-garden", seed=12)
    outcome, line, count = SEARCH(board, 2_000_000, None, None, None, 0.0)
    assert outcome == "won" and board.is_won and list(board.history) == line and count > 100_000


def test_its_budgets_and_progress() -> None:
    held.budgets_and_progress(SEARCH, load("the-flower-garden", seed=1))


def test_a_description_that_is_not_one_is_refused() -> None:
    assert C is not None
    description = list(load("the-flower-garden", seed=1).description())
    changed = list(description)
    changed[4] = b"\x00" * 10  # a table of builds too short
    with pytest.raises(ValueError, match="53 by 53 bytes"):
        C.moves(tuple(changed), False)
    beds = description[1]
    for wrong in (b"\x35", b"\x00", beds[1][:1]):  # code 53, code 0, a card twice
        changed = list(description)
        changed[1] = (wrong, *beds[1:])
        with pytest.raises(ValueError, match="different card codes"):
            C.moves(tuple(changed), False)
    changed = list(description)
    changed[2] = ((0, 1), (0, 2), (-1, 0), (-1, 0))
    with pytest.raises(ValueError, match="a suit at most once"):
        C.children(tuple(changed), False)
    changed = list(description)
    changed[3] = 60
    with pytest.raises(ValueError, match="not a description of a Flower-Garden position"):
        C.key(tuple(changed))
    with pytest.raises(TypeError):
        C.search("the-flower-garden", 10, None, None, 0, 0.0, 0, False)


def test_without_a_budget_it_searches_as_long_as_the_core_would_take_for_much_less() -> None:
    """Deal 3 is proved lost after 275,226 positions: beyond the core's default, within the game's."""
    game = load("the-flower-garden", seed=3)
    assert game.search_nodes() == the_flower_garden.SEARCH_NODES
    held.searches_longer_without_a_budget(game, "lost", 275_226)


def test_searches_in_threads_end_as_they_do_one_at_a_time() -> None:
    held.threads_search_as_one(SEARCH, [load(spec, seed=seed) for spec in READINGS for seed in (3, 4, 6, 12)],
                               300_000)
