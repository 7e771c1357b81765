"""Spenser's Fairie Queen: the oddities the chapter does not show (the first king, the aces of the deal, the
plate's shape, bad input, the solver's hooks, the layout, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.cards import Rank
from patience.game import Move, Pile
from patience.games.spensers_fairie_queen import (COLUMNS, FOUNDATIONS, PLATE_LENGTHS, PLATE_SEED,
                                                   SpensersFairieQueen)

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "spensers-fairie-queen.txt"
NOTE = ["K♠ J♥ 10♣ 9♦ 8♠ 7♥ 6♣ 5♦ 4♠", "K♥", "K♦", "K♣ 7♦", "K♠ J♣", "K♥ Q♣", "K♦ 9♠", "K♣ 3♥"]


def refused(game: SpensersFairieQueen, move: str) -> IllegalMove:
    before = str(game)
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    assert str(game) == before
    return info.value


def dealt_out(seed: int) -> SpensersFairieQueen:
    game = SpensersFairieQueen.deal(seed)
    while game.dealing:
        game.play("deal")
    return game


# ------------------------------------------------------------------------ the deal
def test_the_first_king_of_the_shuffled_pack_heads_the_first_column() -> None:
    game = SpensersFairieQueen.deal(7)
    shuffled = game.shuffle(game.pack())
    king = next(c for c in shuffled if c.rank == Rank.KING)
    shuffled.remove(king)
    assert game.piles["column 1"].cards == (king,)
    assert list(reversed(game.piles["pack"].cards)) == shuffled
    assert Counter(game.cards()) == Counter(game.pack())
    assert len(game.piles["pack"]) == 103 and game.piles["pack"].face_down == 103


@pytest.mark.parametrize("seed", [3, 134])
def test_a_deal_without_plays_puts_the_aces_up_and_a_king_at_each_head(seed: int) -> None:
    game = dealt_out(seed)
    assert [len(game.piles[f]) for f in FOUNDATIONS] == [1] * 8
    assert all(game.piles[c].cards[0].rank == Rank.KING for c in COLUMNS)
    assert sum(len(game.piles[c]) for c in COLUMNS) == 96
    assert not any(c.rank == Rank.ACE for name in COLUMNS for c in game.piles[name].cards)
    assert game.inconsistencies() == []


def test_cards_go_on_the_last_king_turned_up() -> None:
    game = SpensersFairieQueen.deal(134)
    for _ in range(9):
        game.play("deal")
    assert str(game.piles["column 2"]) == "K♣"
    assert len(game.piles["column 3"]) == 3 and len(game.piles["column 1"]) == 6


# ------------------------------------------------------------------------ the plate
def test_the_plate_keeps_the_plate_shape() -> None:
    plate = SpensersFairieQueen.from_plate()
    assert [len(plate.piles[c]) - 1 for c in COLUMNS] == list(PLATE_LENGTHS)
    assert plate.seed == PLATE_SEED and not plate.dealing
    assert [len(plate.piles[c]) for c in ("column 2", "column 6", "column 8")] == [1, 1, 1]


def test_from_shape_refuses_a_wrong_shape() -> None:
    with pytest.raises(InvalidPosition):
        SpensersFairieQueen.from_shape("K♠ K♥ K♦ K♣ K♠ K♥ K♦ K♣", [87, 0, 0, 0, 0, 0, 0, 0])
    with pytest.raises(InvalidPosition):
        SpensersFairieQueen.from_shape("K♠ K♥ K♦ K♣ K♠ K♥ K♦ Q♣", [88, 0, 0, 0, 0, 0, 0, 0])


# ------------------------------------------------------------------------ bad input
def test_bad_moves_leave_the_game_as_it_was() -> None:
    game = SpensersFairieQueen.arrange(NOTE, rest=4)
    before = str(game)
    for text in ("nonsense", "4♠ → 9♠ → 8♠"):
        with pytest.raises((InvalidMove, IllegalMove)):
            game.play(text)
    with pytest.raises(TypeError):
        game.play(None)  # type: ignore[arg-type]
    four = Card.parse("4♠")
    assert game.violation(Move("move", (four,), "column 1", "column 1")).rule == "Play"
    assert game.violation(Move("move", (four,), "pack", "column 2")).rule == "Play"
    assert game.violation(Move("move", (four,), "column 1", "pack")).rule == "Play"
    assert str(game) == before


def test_a_column_not_begun_takes_nothing() -> None:
    game = SpensersFairieQueen.deal(134, transfer_in_deal=True)
    for _ in range(6):
        game.play("deal")
    four = game.piles["column 1"].top
    assert game.violation(Move("move", (four,), "column 1", "column 5")).rule == "Columns"


def test_malformed_arrangements_and_positions_are_refused() -> None:
    with pytest.raises(InvalidPosition):
        SpensersFairieQueen.arrange(["Q♠ J♥"])
    with pytest.raises(InvalidPosition):
        SpensersFairieQueen.arrange(["K♠ J♥ 10♣"])  # cards left over, and no rest column
    with pytest.raises(InvalidPosition):
        SpensersFairieQueen.arrange(["K♠ K♠ K♠"], rest=1)
    text = str(SpensersFairieQueen.from_plate())
    with pytest.raises(InvalidPosition):
        SpensersFairieQueen.from_position(text.replace("column 2: K♦", "column 2: K♦ K♦"))


def test_inconsistencies_name_an_ace_in_a_column_during_the_deal() -> None:
    game = SpensersFairieQueen.deal(134)
    for _ in range(6):
        game.play("deal")
    column = game.piles["column 1"]
    game.piles["column 1"] = Pile(column.cards[:1])
    assert game.inconsistencies() == []  # a column worked off to its king is reachable
    game.piles["column 1"] = Pile((column.cards[0], Card.parse("A♥")))
    assert any("holds an ace" in f for f in game.inconsistencies())


# ------------------------------------------------------------------------ solver hooks and picture
def test_a_transfer_just_after_the_last_deal_is_not_independent_of_it() -> None:
    game = SpensersFairieQueen.arrange(NOTE[:3] + ["K♣ 7♦", "K♠ J♣", "K♥ Q♣", "K♦ 9♠", "K♣"], rest=4, pack="3♥")
    deal = game.play("deal")
    transfer = game.parse_move("3♥ → 4♠")
    assert not game.independent(deal, transfer)
    up = next(m for m in game.legal_moves() if m.source == "column 1" and m.target.startswith("foundation"))
    assert game.independent(deal, up)


def test_safe_and_useful_moves_are_legal() -> None:
    game = SpensersFairieQueen.arrange(NOTE, rest=4)
    legal = game.legal_moves()
    useful = game.useful_moves()
    assert set(useful) <= set(legal) and len(useful) < len(legal)
    safe = game.safe_move(useful)
    assert safe is None or safe in legal
    assert game.solver_key() == SpensersFairieQueen.from_position(str(game)).solver_key()


def test_layout_places_every_pile_once() -> None:
    game = SpensersFairieQueen.from_plate()
    assert sorted(s.pile for s in game.layout()) == sorted(game.piles)
    assert "<svg" in game._repr_svg_()


def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("spensers-fairie-queen", seed=1446)
    assert record.replay().is_won
