"""The Queens: the oddities the chapter does not show (the key's payment to the last card, the deal of the
shutter, the counting of the talon's queens, the options, bad input, the layout, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.cards import Rank
from patience.game import Move, Pile
from patience.games.the_queens import FOUNDATIONS, KEY, SHUTTER, TheQueens

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-queens.txt"
FULL = ["6♥", "5♠", "9♦", "J♥", "8♣", "7♠", "2♦"]
TENS = "10♠ 10♠ 10♥ 10♥ 10♦ 10♦ 10♣ 10♣"
PLACES = ["Q♣ J♣", "Q♣ J♣", "Q♦ J♦", "Q♠ J♠", "Q♥ J♥", "J♦", ""]


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 5, 147])
def test_a_deal_holds_the_two_packs_and_a_shutter_without_kings(seed: int) -> None:
    game = TheQueens.deal(seed)
    assert Counter(game.cards()) == Counter(game.pack())
    assert len(game.piles["key"]) in (KEY, KEY - 14, KEY - 28)
    assert all(len(game.piles[n]) == 1 and game.piles[n].top.rank != Rank.KING for n in SHUTTER)
    assert all(game.piles[f].top.rank == Rank.KING for f in FOUNDATIONS if game.piles[f].cards)
    assert game.piles["key"].face_down == len(game.piles["key"]) - 1
    assert game.piles["pack"].face_down == len(game.piles["pack"])
    assert game.inconsistencies() == []


def test_a_third_queen_on_the_key_takes_the_four_cards_left() -> None:
    game = TheQueens()
    key = cards("2♣ 3♣ 4♣ Q♣") + cards("5♣ " * 13) + [Card.parse("Q♥")] + cards("6♣ " * 13) + [Card.parse("Q♠")]
    game.piles["key"] = Pile(tuple(key), len(key) - 1)
    game.piles["pack"] = Pile(tuple(cards("9♦ 8♦")), 2)
    game._pay_key()
    assert game.piles["key"].is_empty
    pack = game.piles["pack"].cards
    # dealt from the top: the cards already in the pack, then each packet turned over, its queen last
    assert [str(c) for c in pack[:4]] == ["Q♣", "4♣", "3♣", "2♣"]
    assert [str(c) for c in pack[-3:]] == ["6♣", "9♦", "8♦"]
    assert pack[4] == Card.parse("Q♥") and pack[18] == Card.parse("Q♠") and len(pack) == 32 + 2


def test_kings_of_the_shutter_deal_go_up_and_the_next_card_takes_the_place() -> None:
    game = load("the-queens", seed=25)
    kings = [game.piles[f].top for f in FOUNDATIONS if game.piles[f].cards]
    assert [str(k) for k in kings] == ["K♥", "K♠", "K♠"]
    assert len(game.piles["pack"]) == 104 - KEY - 7 - 3


# ------------------------------------------------------------------------ the queens of the talon
def test_playing_from_the_talon_below_the_earlier_cards_lowers_the_count() -> None:
    game = TheQueens.arrange(FULL, foundations="A♣", talon="K♥ 2♣", earlier=2)
    game.play("2♣ → foundation")
    assert game.counters["earlier"] == 1
    game.play("K♥ → foundation")
    assert game.counters["earlier"] == 0


def test_queens_dealt_now_are_counted_and_earlier_ones_not() -> None:
    game = TheQueens.arrange(FULL, talon="Q♠ 5♣", earlier=2, pack="Q♥ 3♣")
    game.play("deal")
    game.play("deal")
    assert game.queens_to_pay() == 1


def test_with_queens_the_paying_queens_go_with_their_cards() -> None:
    talon = "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ Q♠ 8♠ Q♥"
    game = TheQueens.arrange(["Q♣ J♣", "Q♣ J♣", "Q♦ J♦", "Q♦ J♦", "Q♠", "Q♥", "J♠"],
                             foundations="A♠ A♠ J♥ J♥ 10♦ 10♦ 10♣ 10♣", talon=talon, with_queens=True)
    fresh, left = game.payment()
    assert " ".join(map(str, fresh)) == "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ Q♠ Q♥"
    assert " ".join(map(str, left)) == "8♠"
    plain = TheQueens.arrange(["Q♣ J♣", "Q♣ J♣", "Q♦ J♦", "Q♦ J♦", "Q♠", "Q♥", "J♠"],
                              foundations="A♠ A♠ J♥ J♥ 10♦ 10♦ 10♣ 10♣", talon=talon)
    fresh, left = plain.payment()
    assert " ".join(map(str, fresh)) == "2♠ 3♠ 4♠ 5♠ 6♠ 7♠" and " ".join(map(str, left)) == "Q♠ 8♠ Q♥"


def test_a_fresh_pack_fills_the_spaces_at_once() -> None:
    game = TheQueens.arrange(PLACES, foundations=TENS, talon="J♠ J♥ Q♠ Q♥ Q♦")
    game.play("redeal")
    assert game.piles["shutter 7"].cards == (Card.parse("J♠"),)
    assert game.inconsistencies() == []


# ------------------------------------------------------------------------ options
def test_key_queens_play_pays_a_queen_uncovered_by_play_and_refills_nothing_wrongly() -> None:
    game = TheQueens.arrange(FULL, key="5♥ Q♣ K♠", key_queens="play")
    game.play("K♠ → foundation")
    assert game.piles["key"].is_empty
    assert [str(c) for c in game.piles["pack"].cards[:2]] == ["Q♣", "5♥"]
    assert game.inconsistencies() == []


def test_spaces_pack_offers_no_move_into_a_space() -> None:
    game = TheQueens.arrange(PLACES, foundations=TENS, talon="J♠ J♥ Q♠ Q♥ Q♦", earlier=5, spaces="pack")
    assert all(m.target not in SHUTTER or game.piles[m.target].cards for m in game.legal_moves())
    assert refused(game, "J♦ → space").rule == "Shutter"


def test_unknown_option_value_is_refused() -> None:
    with pytest.raises(ValueError):
        load("the-queens(spaces=never)")


# ------------------------------------------------------------------------ bad input
def test_bad_moves_leave_the_game_as_it_was() -> None:
    game = TheQueens.from_plate()
    for text in ("7♠ → Q♦", "K♣ → foundation", "9♣ → 10♣"):
        refused(game, text, (IllegalMove, InvalidMove))
    refused(game, "nonsense", InvalidMove)
    refused(game, None, TypeError)
    refused(game, "9♣ → shutter 7", InvalidMove)
    knave = Card.parse("J♦")
    assert game.violation(Move("move", (knave,), "shutter 3", "shutter 3")).rule == "Play"
    assert game.violation(Move("move", (knave,), "shutter 3", "key")).rule == "Play"
    assert game.violation(Move("move", (knave,), "pack", "shutter 6")).rule == "Play"


def test_a_buried_card_of_the_shutter_and_of_the_talon_are_refused_by_their_rules() -> None:
    game = TheQueens.arrange(["6♥ 5♥", "5♠", "9♦", "J♥", "8♣", "7♠", "2♦"], foundations="K♥", talon="A♥ 3♣")
    assert refused(game, "6♥ → foundation").rule == "Shutter"
    assert refused(game, "A♥ → foundation").rule == "Talon"


def test_malformed_positions_are_refused() -> None:
    text = str(TheQueens.from_plate())
    with pytest.raises(InvalidPosition):
        TheQueens.from_position(text.replace("shutter 1: A♥", "shutter 1: A♥ A♥"))
    with pytest.raises(InvalidPosition):
        TheQueens.from_position(text.replace("shutter 1:", "shutter 9:"))
    with pytest.raises(InvalidPosition):
        TheQueens.arrange(FULL[:6])
    with pytest.raises(InvalidPosition):
        TheQueens.from_shutter("K♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠", "9♠")
    with pytest.raises(InvalidPosition):
        TheQueens.from_shutter("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠", "Q♠")


def test_inconsistencies_name_a_face_up_key_and_a_foundation_past_its_queen() -> None:
    game = TheQueens.from_plate()
    game.piles["key"] = Pile(game.piles["key"].cards, 0)
    assert any("the key shows" in f for f in game.inconsistencies())
    game = TheQueens.arrange(FULL, foundations="Q♥")
    game.counters["earlier"] = 3
    assert any("placed before this deal" in f for f in game.inconsistencies())


# ------------------------------------------------------------------------ solver hooks and picture
def test_safe_and_useful_moves_are_legal() -> None:
    game = TheQueens.arrange(PLACES, foundations=TENS, talon="J♠ J♥ Q♠ Q♥ Q♦", earlier=5)
    legal = game.legal_moves()
    useful = game.useful_moves()
    assert set(useful) <= set(legal)
    assert sum(1 for m in useful if m.target == "shutter 7") < sum(1 for m in legal if m.target == "shutter 7")
    safe = game.safe_move(useful)
    assert safe is None or safe in legal
    ace = TheQueens.arrange(FULL, foundations="K♣", talon="A♣")
    assert str(ace.safe_move(ace.legal_moves())) == "A♣ → foundation"


def test_layout_places_every_pile_once() -> None:
    game = TheQueens.from_plate()
    spots = game.layout()
    assert sorted(s.pile for s in spots) == sorted(game.piles)
    assert "<svg" in game._repr_svg_()


def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-queens", seed=573)
    assert record.replay().is_won
