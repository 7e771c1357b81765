"""Shared checks of the game tests."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

import pytest

from patience import Game, IllegalMove, Move


def refused(game: Game, move: object,
            error: type[BaseException] | tuple[type[BaseException], ...] = IllegalMove,
            match: str | None = None) -> Any:
    """The error that playing ``move`` on ``game`` raises (an ``error``, or one of several; its words
    matching ``match`` where given), the game checked to be left exactly as it was: the same position
    (every pile and counter, as its text writes them) and the same history.  The bad-input check
    of the games' tests, returned for a closer look: ``refused(game, "redeal").rule == "II"``."""
    before, history = str(game), list(game.history)
    with pytest.raises(error, match=match) as info:
        game.play(move)  # type: ignore[arg-type]
    assert str(game) == before, f"{move!r} was refused, but the position changed"
    assert game.history == history, f"{move!r} was refused, but the history changed"
    return info.value


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
        before = _position(game)
        for move in legal if len(legal) <= sample else rng.sample(legal, sample):
            game.push(move)
            pushed = _position(game)
            game.undo()
            assert _position(game) == before, f"undo of a pushed {move}"
            game.play(move)
            assert _position(game) == pushed, f"{move} played and pushed"
            game.undo()
            assert _position(game) == before, f"undo of a played {move}"
        checked += 1
        if not legal:
            break
        game.play(choose(rng, legal) if choose else rng.choice(legal))
    return checked


def _position(game: Game) -> tuple[Any, ...]:
    """Everything of a position: every pile (its cards, and how many lie face down) and counter,
    by name, and the :meth:`~Game.state_key` made of them."""
    return tuple(game.piles.items()), tuple(game.counters.items()), game.state_key()


@pytest.fixture
def legal_moves_checked() -> Callable[..., int]:
    """:func:`check_legal_moves`, for a test that plays games at random."""
    return check_legal_moves
