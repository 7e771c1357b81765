"""The Wheel: the oddities the chapter does not show (the aces withdrawn, the refilling of the first
deal only, deals over empty places and the short last deal, the crown's place, naming a combination,
what no position can hold, bad input, the solver's key, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience.cards import Suit
from patience import Card, InvalidMove, InvalidPosition, Record, load
from patience.game import Move, Pile
from patience.games.the_wheel import CIRCLE, CROSS, CUSHION, TheWheel, makes_eighteen

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-wheel.txt"
C = Card.parse


def cushion(game: TheWheel) -> list[str]:
    return [str(game.piles[name]) for name in CUSHION]


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 37, 107])
def test_the_aces_are_withdrawn_and_twelve_cards_dealt(seed: int) -> None:
    game = TheWheel.deal(seed)
    assert all(game.piles[name].cards[0].value == 1 for name in CROSS)
    order = [card for card in game.shuffle(game.pack()) if card.value != 1]
    assert [game.piles[name].cards for name in CUSHION] == [(card,) for card in order[:12]]
    assert len(game.piles["pack"]) == 84 == game.piles["pack"].face_down and game.counters["deals"] == 1
    assert Counter(game.cards()) == Counter(game.pack()) and game.inconsistencies() == []


def test_from_plate_cards_checks_its_cards() -> None:
    with pytest.raises(InvalidPosition, match="the cushion is 12 cards, not 2"):
        TheWheel.from_plate_cards("2♥ 3♥")
    with pytest.raises(InvalidPosition, match="the aces go to the cross"):
        TheWheel.from_plate_cards("A♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥")
    with pytest.raises(InvalidPosition, match="too many 3♥"):
        TheWheel.from_plate_cards("3♥ 3♥ 3♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥")
    plate = TheWheel.from_plate()
    assert " ".join(cushion(plate)) == "K♥ 5♠ Q♣ 9♠ 7♥ 6♦ 5♣ 2♥ 10♦ 3♥ 8♣ J♦"
    assert " ".join(str(plate.piles[name]) for name in CROSS) == "A♦ A♠ A♥ A♠ A♦ A♥ A♣ A♣"


# ------------------------------------------------------------------------ the play
def test_the_eight_combinations_of_eighteen() -> None:
    values = {tuple(sorted((a, b, 18 - a - b))) for a in range(2, 11) for b in range(2, 11)
              if 2 <= 18 - a - b <= 10 and makes_eighteen([Card(a, Suit.HEARTS), Card(b, Suit.CLUBS), Card(18 - a - b, Suit.SPADES)])}
    assert sorted(values) == [(2, 6, 10), (2, 7, 9), (3, 5, 10), (3, 6, 9), (3, 7, 8), (4, 5, 9), (4, 6, 8),
                              (5, 6, 7)]


def test_the_first_deal_refills_every_place_in_order_the_crown_s_too() -> None:
    game = TheWheel.from_plate()
    nexts = list(reversed(game.piles["pack"].cards))[:4]
    game.play("2♥ 7♥ 9♠ + K♥")
    # the crown's place (1) and the three others (4, 5, 8), in the order of the places
    assert [game.piles[name].top for name in ("cushion 1", "cushion 4", "cushion 5", "cushion 8")] == nexts
    assert game.piles["circle 1"].cards == (C("9♠"), C("7♥"), C("2♥"), C("K♥"))


def test_later_deals_cover_empty_places_and_the_last_deal_is_short() -> None:
    game = TheWheel.from_plate()
    game.play("deal")
    game.play(next(str(m) for m in game.legal_moves() if m.kind == "combine"))
    empty = [name for name in CUSHION if not game.piles[name].cards]
    left = len(game.piles["pack"])
    game.piles["pack"] = Pile(game.piles["pack"].cards[-5:], 5)
    game.play("deal")
    # five cards, to the first five places; an empty place among them takes its card
    assert len(game.piles["pack"]) == 0 and left > 5
    assert all(game.piles[name].cards for name in CUSHION[:5])
    assert [name for name in CUSHION[5:] if not game.piles[name].cards] == [n for n in empty if n in CUSHION[5:]]
    assert str(refused(game, "deal")) == "Re-deal — there is no re-deal: the pack is exhausted"


def test_a_combination_is_named_in_any_order_and_each_crown_is_a_move() -> None:
    game = TheWheel.from_plate()
    crowns = {str(m)[-2:] for m in game.legal_moves() if str(m).startswith("2♥ 7♥ 9♠ +")}
    assert crowns == {"K♥", "Q♣", "J♦"}
    assert str(game.play("9♠ 2♥ 7♥ + J♦")) == "2♥ 7♥ 9♠ + J♦"
    assert game.piles["circle 1"].top == C("J♦") and game.next_place() == "circle 2"


def test_deal_blocked_deals_when_no_combination_can_be_made() -> None:
    game = TheWheel.arrange({"cushion 1": "3♠", "cushion 2": "7♦", "cushion 3": "9♥"}, rest="pack", deal="blocked")
    assert [str(m) for m in game.legal_moves()] == ["deal"]
    game.play("deal")


# ------------------------------------------------------------------------ what no position holds
def test_inconsistencies() -> None:
    game = TheWheel.from_plate()
    game.piles["cross 1"] = Pile()
    game.piles["cushion 1"] = Pile.of("A♦")
    game.piles["circle 2"] = Pile.of("2♥ 6♦ 10♦ K♠")
    game.piles["cushion 2"] = Pile()
    game.counters["deals"] = 1
    assert game.inconsistencies() == [
        "the cross is not the eight aces",
        "an ace lies outside the cross",
        "a place of the circle is empty before a later one holds a packet",
        "a place of the cushion is empty during the first deal while the pack has cards (Rule I)",
    ]
    game.counters["deals"] = 0
    assert "deals=0, but the first deal is made as the game is laid out" in game.inconsistencies()
    game = TheWheel.from_plate()
    game.piles["cushion 3"] = Pile.of("[Q♣]")
    assert game.inconsistencies() == ["a card lies face down outside the pack, or face up in it"]


def test_the_solver_key_sees_values_and_courts_only() -> None:
    one = TheWheel.from_plate_cards("K♥ 5♠ Q♣ 9♠ 7♥ 6♦ 5♣ 2♥ 10♦ 3♥ 8♣ J♦")
    two = TheWheel.from_plate_cards("J♠ 5♥ K♣ 9♦ 7♠ 6♦ 5♣ 2♥ 10♦ 3♥ 8♣ J♦")
    assert one.solver_key()[0] == two.solver_key()[0] and one.solver_key() != one.state_key()
    legal = one.legal_moves()
    assert sorted(one.useful_moves(), key=str) == sorted(legal, key=str)


# ------------------------------------------------------------------------ bad input
def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = TheWheel.from_plate()
    refused(game, "Z♦ → circle", InvalidMove)
    refused(game, "", InvalidMove)
    assert "Rule V" in str(refused(game, str(game.piles["cross 1"].top) + " 7♥ 9♠ + K♥"))
    assert "has not been dealt" in str(refused(game, str(game.piles["pack"].top) + " 7♥ 9♠ + K♥"))
    bad = [Move("combine", (C("2♥"), C("7♥"), C("9♠"), C("K♥")), "cushion 8,cushion 5,cushion 4,pack", "circle 1"),
           Move("combine", (C("2♥"), C("7♥"), C("9♠"), C("K♥")), "cushion 8,cushion 5,cushion 4,cushion 1", "circle 2"),
           Move("combine", (C("2♥"), C("7♥")), "cushion 8,cushion 5", "circle 1"),
           Move("turn", (), "pack", "cushion 1")]
    assert all(game.violation(move) is not None for move in bad)
    assert str(game.violation(bad[1])) == "Play — a packet goes to the next place of the circle (circle 2)"
    assert str(game) == str(TheWheel.from_plate())


def test_malformed_positions_are_refused() -> None:
    text = str(TheWheel.from_plate())
    with pytest.raises(InvalidPosition):
        TheWheel.from_position(text.replace("cushion 1: K♥", "cushion 1: K♥ K♥ K♥"))
    with pytest.raises(InvalidPosition):
        TheWheel.from_position(text.replace("cushion 1:", "cushion 13:"))


# ------------------------------------------------------------------------ the drawing and the record
def test_the_drawing_shows_every_pile() -> None:
    game = TheWheel.from_plate()
    assert {spot.pile for spot in game.layout()} == set(game.piles)
    assert "<svg" in game._repr_svg_()


def test_the_recorded_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-wheel", seed=107)
    end = record.replay()
    assert end.is_won and end.result == "won" and all(len(end.piles[name]) == 4 for name in CIRCLE)
