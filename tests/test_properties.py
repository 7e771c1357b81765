"""Properties every registered game must have; a new game joins these tests by registering.

Random legal play from many seeds: no card is ever lost or duplicated; undo
restores the exact prior state; positions round-trip through their text; a
record replays to the same position; an illegal move leaves the game unchanged;
every game ends (won, lost or blocked) within a bounded number of moves.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience import Game, IllegalMove, Move, Record, games, render

GAMES = games.all()
SEEDS = range(1, 3)
MAX_MOVES = 3000


def ids(cls: type[Game]) -> str:
    return cls.slug


def fresh_move(game: Game, seen: set[str], rng: random.Random | None = None) -> Move | None:
    """A legal move that leads to a position not seen before (a player never goes round in
    circles), drawn at random with ``rng`` (the first in order without), or None if there is none.
    The moves are tried in a random order until one leads somewhere new, so a game that offers a
    thousand moves is not played a thousand times over at every step."""
    moves = game.legal_moves()
    for move in rng.sample(moves, len(moves)) if rng is not None else moves:
        game.play(move)
        fresh = str(game) not in seen
        game.undo()
        if fresh:
            return move
    return None


def playout(cls: type[Game], seed: int, check_each_move: bool = True) -> Game:
    """Play random legal moves from deal ``seed``, never repeating a position, checking the
    invariants after each move.  The game must end (won, lost, or blocked with only moves
    back to positions already seen) within ``MAX_MOVES``."""
    game = cls.deal(seed=seed)
    rng = random.Random(seed)
    pack = Counter(game.pack())
    seen = {str(game)}
    for _ in range(MAX_MOVES):
        move = fresh_move(game, seen, rng)
        if move is None or game.is_won:
            break
        before = str(game)
        game.play(move)
        if check_each_move:
            assert Counter(game.cards()) == pack, f"cards lost or duplicated after {move}"
            assert type(game).from_position(str(game)) == game
            game.undo()
            assert str(game) == before, f"undo of {move} did not restore the position"
            game.play(move)
        seen.add(str(game))
    else:
        pytest.fail(f"{cls.slug} seed {seed} did not end in {MAX_MOVES} moves")
    return game


@pytest.mark.parametrize("cls", GAMES, ids=ids)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_keeps_every_card_and_undo_and_positions_round_trip(cls: type[Game], seed: int) -> None:
    game = playout(cls, seed)
    assert game.is_won or fresh_move(game, {str(p) for p in game.record().positions()}) is None


@pytest.mark.parametrize("cls", GAMES, ids=ids)
def test_record_replays_to_the_same_position(cls: type[Game]) -> None:
    game = playout(cls, 11, check_each_move=False)
    record = game.record()
    assert record.replay() == game
    assert Record.from_text(record.to_text()).replay() == game
    assert len(list(record.positions())) == len(game.history) + 1


@pytest.mark.parametrize("cls", GAMES, ids=ids)
def test_deal_is_the_whole_pack_and_renders(cls: type[Game]) -> None:
    game = cls.deal(seed=1)
    assert Counter(game.cards()) == Counter(game.pack())
    assert set(s.pile for s in game.layout()) == set(game.piles), "every pile has a place in the layout"
    assert render.svg(game).startswith("<svg")
    assert render.text(game)


@pytest.mark.parametrize("cls", GAMES, ids=ids)
def test_metadata(cls: type[Game]) -> None:
    assert games.get(cls.slug) is cls
    assert cls.name and cls.source and cls.chapter and cls.RULES
    for option in cls.OPTIONS:
        assert option.convert(option.default) == option.default


@pytest.mark.parametrize("cls", GAMES, ids=ids)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=1, max_value=10**6), data=st.data())
def test_illegal_moves_leave_the_game_unchanged(cls: type[Game], seed: int, data: st.DataObject) -> None:
    game = cls.deal(seed=seed)
    for _ in range(data.draw(st.integers(0, 30), label="moves first")):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(data.draw(st.sampled_from(moves)))
    illegal = [m for m in game.moves() if not game.is_legal(m)]
    before, history = str(game), list(game.history)
    legal_names = {str(m) for m in game.legal_moves()}
    for move in illegal[:20]:
        with pytest.raises(IllegalMove):
            game.play(move)
        if str(move) not in legal_names:
            with pytest.raises(ValueError):
                game.play(str(move))
        assert str(game) == before and game.history == history
