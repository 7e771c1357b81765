"""Every plate's position against the defaults: the position the author drew loads under the game's
default options (with the plate's own, such as The Labyrinth's *Note 1*) and round-trips, is not over
unless the plate shows an end, and where a game can say what a reachable position must satisfy
(``inconsistencies()``), it satisfies it, but for the faults its chapter shows to be the drawing's own.
(That its fast moves are the moves ``violation()`` allows is tests/games/test_differential.py's.)"""

from __future__ import annotations

import pytest

from patience import Game, games

PLATES = [cls for cls in games.all() if cls.PLATE]

#: Plates that show a game's end (none yet: every plate shows a game in play).
ENDS: set[str] = set()

#: The faults of a drawing that its chapter shows cannot be a position of the game, by the start of
#: each fault.  The Labyrinth's plate has eleven rows with a card in the fifth place of the last: 105
#: cards dealt at least, of 104 (the chapter, "The plate").
DRAWING_FAULTS = {"the-labyrinth": ["row 11 is dealt whole while the pack holds cards"]}


@pytest.mark.parametrize("cls", PLATES, ids=lambda cls: cls.slug)
def test_the_plate_loads_under_the_defaults(cls: type[Game]) -> None:
    plate = cls.from_plate()
    assert type(plate).from_position(str(plate)) == plate
    assert plate.is_over == (cls.slug in ENDS)


@pytest.mark.parametrize("cls", PLATES, ids=lambda cls: cls.slug)
def test_the_plate_keeps_the_game_invariants(cls: type[Game]) -> None:
    faults = cls.from_plate().inconsistencies()
    expected = DRAWING_FAULTS.get(cls.slug, [])
    assert len(faults) == len(expected) and all(f.startswith(e) for f, e in zip(faults, expected)), faults


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_random_play_never_makes_an_inconsistent_position(cls: type[Game]) -> None:
    """The invariants a game states (``inconsistencies()``) hold of every position its rules reach:
    they are not stricter than the rules."""
    import random

    for seed in (1, 2):
        game, rng = cls.deal(seed=seed), random.Random(seed)
        for _ in range(150):
            assert game.inconsistencies() == [], (str(game), game.inconsistencies())
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
