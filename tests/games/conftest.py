"""Shared checks of the game tests."""

from __future__ import annotations

import random
from typing import Callable, Sequence

import pytest

from patience import Game, Move


def check_legal_moves(game: Game, rng: random.Random, moves: int,
                      choose: Callable[[random.Random, Sequence[Move]], Move] | None = None) -> int:
    """Play ``game`` at random (``choose`` picks among the legal moves; default: any) for up to
    ``moves`` moves, checking at each position that the game's fast :meth:`~Game.legal_moves` are
    :meth:`~Game.moves` filtered by :meth:`~Game.violation`, notation included.  Returns the number
    of positions checked."""
    checked = 0
    for _ in range(moves):
        legal = game.legal_moves()
        slow = [m for m in game.moves() if game.violation(m) is None]
        assert legal == slow, str(game)
        assert [str(m) for m in legal] == [str(m) for m in slow]
        checked += 1
        if not legal:
            break
        game.play(choose(rng, legal) if choose else rng.choice(legal))
    return checked


@pytest.fixture
def legal_moves_checked() -> Callable[..., int]:
    """:func:`check_legal_moves`, for a test that plays games at random."""
    return check_legal_moves
