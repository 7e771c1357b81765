"""Shared checks of the game tests."""

from __future__ import annotations

import random
from typing import Callable, Sequence

import pytest

from patience import Game, Move


def check_legal_moves(game: Game, rng: random.Random, moves: int,
                      choose: Callable[[random.Random, Sequence[Move]], Move] | None = None,
                      sample: int = 8) -> int:
    """Play ``game`` at random (``choose`` picks among the legal moves; default: any) for up to
    ``moves`` moves, checking at each position the two paths of the engine against each other:

    * the fast :meth:`~Game.legal_moves` are :meth:`~Game.moves` filtered by
      :meth:`~Game.violation`, in the same order, notation included;
    * a legal move made by :meth:`~Game.push` (unchecked) and by :meth:`~Game.play` (checked)
      leads to the same position and key, and :meth:`~Game.undo` brings back the position and
      key before it (every legal move, or a sample of ``sample`` of them where there are more).

    Returns the number of positions checked."""
    checked = 0
    for _ in range(moves):
        legal = game.legal_moves()
        slow = [m for m in game.moves() if game.violation(m) is None]
        assert legal == slow, str(game)
        assert [str(m) for m in legal] == [str(m) for m in slow]
        before, key = str(game), game.state_key()
        for move in legal if len(legal) <= sample else rng.sample(legal, sample):
            game.push(move)
            pushed, pushed_key = str(game), game.state_key()
            game.undo()
            assert (str(game), game.state_key()) == (before, key), f"undo of a pushed {move}"
            game.play(move)
            assert (str(game), game.state_key()) == (pushed, pushed_key), f"{move} played and pushed"
            game.undo()
            assert (str(game), game.state_key()) == (before, key), f"undo of a played {move}"
        checked += 1
        if not legal:
            break
        game.play(choose(rng, legal) if choose else rng.choice(legal))
    return checked


@pytest.fixture
def legal_moves_checked() -> Callable[..., int]:
    """:func:`check_legal_moves`, for a test that plays games at random."""
    return check_legal_moves
