"""The fast path of every registered game against its explaining path.

A game's :meth:`~patience.game.Game.legal_moves` are generated directly, without building
the words of a refusal; :meth:`~patience.game.Game.violation` is the one place those words come
from.  These tests hold the two together for every game in the registry (a new game joins them
by registering): on positions reached by random play from many deals, with the default options
and with each option that has a fixed set of values set to each other value, the fast moves are
exactly the candidates that ``violation`` allows, and a move made either way leads to the same
position (:func:`check_legal_moves`).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from patience import Game, games

SEEDS = range(1, 4)
MOVES = 60


def variants(cls: type[Game]) -> list[dict[str, Any]]:
    """The default options, then each option with a fixed set of values (a choice, or a switch)
    set to each of its other values."""
    found: list[dict[str, Any]] = [{}]
    for option in cls.OPTIONS:
        values = option.choices if option.choices is not None else (
            (False, True) if isinstance(option.default, bool) else ())
        found += [{option.name: value} for value in values if value != option.default]
    return found


CASES = [pytest.param(cls, options, id=f"{cls.slug}{''.join(f'-{k}={v}' for k, v in options.items())}")
         for cls in games.all() for options in variants(cls)]


@pytest.mark.parametrize(("cls", "options"), CASES)
def test_fast_moves_are_the_moves_violation_allows(cls: type[Game], options: dict[str, Any],
                                                   legal_moves_checked) -> None:
    seeds = SEEDS if not options else SEEDS[:1]
    for seed in seeds:
        game = cls.deal(seed=seed, **options)
        legal_moves_checked(game, random.Random(seed), MOVES)


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_the_plate_position_too(cls: type[Game], legal_moves_checked) -> None:
    if not cls.PLATE:
        pytest.skip(f"{cls.name} has no plate")
    legal_moves_checked(cls.from_plate(), random.Random(0), MOVES)


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_what_a_search_tries_is_legal(cls: type[Game]) -> None:
    """The solver's moves (useful and safe) are legal moves of the position."""
    for seed in SEEDS:
        game, rng = cls.deal(seed=seed), random.Random(seed)
        for _ in range(MOVES):
            legal = game.legal_moves()
            useful = game.useful_moves()
            assert set(useful) <= set(legal), str(game)
            safe = game.safe_move(useful)
            assert safe is None or safe in useful
            if not legal:
                break
            game.play(rng.choice(legal))


OWN_PACK_RUNS = [case for case in CASES if case.values[0].after_pack_move is not Game.after_pack_move]


@pytest.mark.parametrize(("cls", "options"), OWN_PACK_RUNS)
def test_a_game_s_own_moves_after_a_move_of_the_pack_are_the_filtered_ones(cls: type[Game],
                                                                          options: dict[str, Any]) -> None:
    """A game that works out :meth:`~Game.after_pack_move` itself gives what the filter of its
    useful moves gives, after every move of the pack met in random play."""
    met = 0
    for seed in range(1, 13):
        game, rng = cls.deal(seed=seed, **options), random.Random(seed)
        for _ in range(4 * MOVES):
            legal = game.legal_moves()
            if not legal:
                break
            move = game.play(rng.choice(legal))
            if move.kind in game.PACK_KINDS:
                met += 1
                assert game.after_pack_move(move) == Game.after_pack_move(game, move), str(game)
    assert met > 100
