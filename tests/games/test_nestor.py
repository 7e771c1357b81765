"""Nestor: the oddities the chapter does not show (the deal's rule on many deals and when it is stuck,
the options, bad input, the solver's hooks, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.cards import Card, parse_cards, shuffled, whist_pack
from patience.games.nestor import COLUMN_NAMES, Nestor, deal_columns

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "nestor.txt"
#: A deal whose first shuffle leaves every card of the pack repeating a value of the place to fill.
STUCK = 813


def values(game: Nestor, name: str) -> list[int]:
    return [card.value for card in game.piles[name].cards]


# ------------------------------------------------------------------------ the deal
def test_no_column_ever_holds_two_cards_of_equal_value() -> None:
    for seed in range(1, 60):
        game = Nestor.deal(seed=seed)
        for name in COLUMN_NAMES:
            assert len(values(game, name)) == 6 and len(set(values(game, name))) == 6
        reserve = game.piles["reserve"]
        assert len(reserve) == 4 and reserve.face_down == 4
        assert Counter(game.cards()) == Counter(whist_pack())
        assert game.inconsistencies() == []


def test_the_deal_is_row_by_row_when_no_card_repeats() -> None:
    # a pack whose first 48 cards never repeat a value in a column: every card goes where it falls
    pack = shuffled(whist_pack(), 7)
    columns, rest = deal_columns(pack)
    plain = [pack[c::8][:6] for c in range(8)]
    if all(len({card.value for card in col}) == 6 for col in plain):
        assert columns == plain and rest == pack[48:]
    # and a duplicate goes to the bottom of the pack: the 9th card (a king under the K♠) is skipped
    first = parse_cards("K♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ K♥ 9♠")
    pack = first + [card for card in whist_pack() if card not in first]
    columns, rest = deal_columns(pack)
    assert columns[0][:2] == parse_cards("K♠ 9♠")
    assert Card.parse("K♥") in rest


def test_a_stuck_deal_is_dealt_again_or_laid() -> None:
    pack = shuffled(whist_pack(), STUCK)
    assert deal_columns(pack) is None
    again = Nestor.deal(seed=STUCK)
    assert all(len(set(values(again, name))) == 6 for name in COLUMN_NAMES)
    assert again.inconsistencies() == []
    laid = Nestor.deal(seed=STUCK, stuck="lay")
    assert any(len(set(values(laid, name))) < 6 for name in COLUMN_NAMES)
    assert all(len(laid.piles[name]) == 6 for name in COLUMN_NAMES) and len(laid.piles["reserve"]) == 4
    assert laid.inconsistencies() == []
    assert str(laid).startswith("nestor(stuck=lay) seed=813")


def test_the_plate_is_a_deal_the_rules_can_make() -> None:
    game = Nestor.from_plate()
    assert game.inconsistencies() == []
    assert [str(c) for c in reversed(game.piles["reserve"].cards)] == ["A♦", "10♦", "4♣", "9♣"]
    assert str(game.piles["column 5"].cards[2]) == "7♥"  # the blank card


# ------------------------------------------------------------------------ options
def test_reserve_when_any_lets_the_reserve_be_taken_up_at_once() -> None:
    game = Nestor.from_plate()
    assert refused(game, "turn").rule == "Recourse"
    free = Nestor.from_plate(reserve_when="any")
    assert [str(m) for m in free.legal_moves()] == ["8♣ + 8♠", "turn"]
    free.play("turn")
    assert str(free.piles["aside"]) == "A♦"


def test_pair_aside_false_keeps_two_old_cards_apart() -> None:
    position = dict(columns="5♠ 9♥ -- -- -- -- -- --", reserve="5♦ 9♦ 5♣", aside="")
    game = Nestor.arrange(**position, reserve_when="any")
    for _ in range(3):
        game.play("turn")
    # aside now 5♦ 9♦ 5♣: the 5♦ and the 5♣ pair (the 5♣ was just taken up)
    assert "5♦ + 5♣" in [str(m) for m in game.legal_moves()]
    strict = Nestor.arrange(columns="5♠ 9♥ -- -- -- -- -- --", aside="5♦ 5♣ 9♦", pair_aside=False)
    moves = [str(m) for m in strict.legal_moves()]
    assert "5♦ + 5♣" not in moves and "9♥ + 9♦" in moves
    assert refused(strict, "5♦ + 5♣").rule == "Recourse"
    loose = Nestor.arrange(columns="5♠ 9♥ -- -- -- -- -- --", aside="5♦ 5♣ 9♦")
    assert "5♦ + 5♣" in [str(m) for m in loose.legal_moves()]


def test_unknown_option_value() -> None:
    with pytest.raises(ValueError):
        load("nestor(stuck=retry)")


# ------------------------------------------------------------------------ bad input
def test_bad_moves_leave_the_game_as_it_was() -> None:
    game = Nestor.from_plate()
    for text in ("8♣ + 8♠ + 8♥", "X♣ + 8♠", "8♣ + 8♣", "nonsense", ""):
        refused(game, text, (InvalidMove, IllegalMove))
    assert refused(game, "8♣ + 8♣").rule == "Pairs"
    assert refused(game, "A♦ + A♣").rule == "Recourse"  # the A♦ is still in the reserve
    game.play("8♠ + 8♣")
    assert refused(game, "8♠ + 8♥").rule == "Pairs"  # the 8♠ is paired already


def test_a_pair_may_be_named_in_either_order() -> None:
    one, two = Nestor.from_plate(), Nestor.from_plate()
    assert one.play("8♣ + 8♠") == two.play("8♠ + 8♣")
    assert one == two
    one.undo()
    assert one == Nestor.from_plate()


def test_malformed_positions_are_refused() -> None:
    text = str(Nestor.from_plate())
    with pytest.raises(InvalidPosition):
        Nestor.from_position(text.replace("column 8:", "column 9:"))
    with pytest.raises(InvalidPosition):
        Nestor.from_position(text.replace("column 1: 6♦", "column 1: 6♦ 6♦"))
    with pytest.raises(InvalidPosition):
        Nestor.arrange("5♠ 5♥ --")
    with pytest.raises(InvalidPosition):
        Nestor.arrange("-- 5♥ -- -- -- -- -- --\n5♠ -- -- -- -- -- -- --")
    with pytest.raises(InvalidPosition):
        Nestor.arrange("5♠ -- -- -- -- -- -- --", reserve="5♠")


def test_inconsistent_positions_are_named() -> None:
    game = Nestor.arrange("5♠ -- -- -- -- -- -- --", reserve="5♦ 5♣ 9♦", aside="9♠ 9♣")
    assert any("four cards of the reserve" in fault for fault in game.inconsistencies())
    odd = Nestor.from_plate()
    odd.piles["paired"] = odd.piles["column 1"]
    odd.piles["column 1"] = odd.piles["column 1"].without(6)
    assert "the paired cards are not pairs of equal value" in odd.inconsistencies()


# ------------------------------------------------------------------------ solver hooks
def test_the_solver_key_sees_only_values_and_not_which_column() -> None:
    one = Nestor.arrange("5♠ 9♥ -- -- -- -- -- --", reserve="5♦ 9♦ 5♣")
    two = Nestor.arrange("-- 5♥ -- -- -- -- 9♠ --", reserve="5♣ 9♣ 5♦")
    assert one.solver_key() == two.solver_key()
    three = Nestor.arrange("5♠ 9♥ -- -- -- -- -- --", reserve="9♦ 5♦ 5♣")
    assert one.solver_key() != three.solver_key()


def test_safe_move_is_a_last_pair_or_a_value_all_available() -> None:
    game = Nestor.arrange("5♠ 5♥ 9♠ 9♥ 9♦ 9♣ -- --")
    moves = game.legal_moves()
    safe = game.safe_move(moves)
    assert safe is not None and safe.cards[0].value in (5, 9)
    mixed = Nestor.arrange("5♠ 9♥ 9♠ 5♥ -- -- -- --\n-- 9♦ -- -- -- -- -- --", aside="9♣")
    # three nines are available and one is buried: pairing two of them is not safe; the fives are
    safe = mixed.safe_move(mixed.legal_moves())
    assert safe is not None and safe.cards[0].value == 5
    assert len(mixed.useful_moves()) <= len(mixed.legal_moves())


# ------------------------------------------------------------------------ the worked game
def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("nestor", seed=20)
    end = record.replay()
    assert end.is_won and end.result == "won" and len(end.piles["paired"]) == 52
