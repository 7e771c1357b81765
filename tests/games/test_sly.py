"""Sly: the oddities the chapter does not show (the count of twenty, the vacancies and the option
``refill``, the option ``rows``, the last short deal, bad input, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.games.sly import PACKETS, Sly

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "sly.txt"


#: Twenty different cards, none wanted soon by the foundations of :func:`low`.
FILL = "7♦ 8♦ 9♦ 10♦ 7♣ 8♣ 9♣ 10♣ 7♠ 8♠ 9♠ 10♠ 7♥ 8♥ 9♥ 10♥ 6♦ 6♣ 6♠ 6♥".split()
#: Foundations each begun with its ace or king alone.
LOW = ["A♠", "A♥", "A♦", "A♣", "K♠", "K♥", "K♦", "K♣"]


def promenade(**cards: str) -> dict[str, str]:
    """The twenty packets, one filler card each, but for those given (``packet_4="J♥ 2♥"``)."""
    packets = {p: FILL[i] for i, p in enumerate(PACKETS)}
    packets.update({k.replace("_", " "): v for k, v in cards.items()})
    return packets


def first_deal(game: Sly) -> Sly:
    """Deal the first twenty, playing what a foundation takes as it turns up."""
    while game.first_deal:
        game.play("deal")
        moves = game.legal_moves()
        game.play(next((m for m in moves if m.target.startswith("foundation")), moves[0]))
    return game


def test_nothing_is_withdrawn_and_the_whole_pack_is_dealt() -> None:
    game = Sly.deal(3)
    assert len(game.piles["pack"]) == 104 and game.piles["pack"].face_down == 104
    assert Counter(game.cards()) == Counter(game.pack())
    assert game.legal_moves() == [Move for Move in game.legal_moves() if Move.kind == "deal"]


def test_the_first_deal_fills_the_places_in_order_and_played_cards_do_not_count() -> None:
    game = first_deal(Sly.deal(5))
    assert all(len(game.piles[p]) == 1 for p in PACKETS)
    assert game.counters == {"rounds": 1, "placed": 0}
    played = game.progress()
    assert played > 0  # some cards went up as they turned up: twenty were still placed
    assert 104 - len(game.piles["pack"]) == 20 + played


def test_rule_iv_closes_the_promenade_until_the_twenty_are_placed() -> None:
    game = Sly.arrange(promenade(packet_3="2♦"), foundations=LOW, pack="J♥ 3♥ 4♥ 5♥")
    assert "2♦ → foundation" in [str(m) for m in game.legal_moves()]
    game.play("deal")
    game.play("J♥ → packet 5")
    assert game.counters["placed"] == 1
    assert refused(game, "2♦ → foundation").rule == "IV"
    for _ in range(19):  # nineteen more complete the deal of twenty
        game.play("deal")
        game.play(next(m for m in game.legal_moves() if m.target == "packet 20"))
    assert game.counters == {"rounds": 2, "placed": 0}
    game.play("2♦ → foundation")


def test_a_foundation_card_goes_up_at_once_but_a_second_ace_may_be_placed() -> None:
    game = Sly.arrange({}, foundations=["A♠"], pack="A♠ A♥", rounds=0)
    game.play("deal")
    assert [str(m) for m in game.legal_moves()] == ["A♠ → packet 1"]  # the second A♠ begins nothing
    game.play("A♠ → packet 1")
    game.play("deal")
    assert refused(game, "A♥ → packet 2").rule == "Foundations"
    game.play("A♥ → foundation")
    assert game.piles["foundation 2"].top.text == "A♥"


def test_vacancies_are_refilled_from_the_pack_before_the_next_deal() -> None:
    game = Sly.arrange(promenade(packet_4="Q♦ 2♥"), foundations=LOW, pack="J♣ 10♣")
    game.play("2♥ → foundation")
    game.play("Q♦ → foundation")  # the K♦'s foundation takes a queen: packet 4 is empty
    assert game.vacancies() == ["packet 4"]
    game.play("deal")
    assert refused(game, "J♣ → packet 1").rule == "Vacancies"
    game.play("J♣ → packet 4")
    assert game.counters == {"rounds": 1, "placed": 0}  # the refill is not one of the twenty
    game.play("deal")
    game.play("10♣ → packet 1")
    assert game.counters["placed"] == 1


def test_refill_deal_leaves_vacancies_to_the_next_twenty() -> None:
    game = Sly.arrange(promenade(packet_4="Q♦ 2♥"), foundations=LOW, pack="J♣", refill="deal")
    game.play("2♥ → foundation")
    game.play("Q♦ → foundation")
    game.play("deal")
    game.play("J♣ → packet 1")
    assert game.counters["placed"] == 1 and game.vacancies() == ["packet 4"]


def test_the_last_short_deal_is_complete_when_the_pack_is_exhausted() -> None:
    spare = Sly.arrange(promenade(), foundations=LOW, pack="J♣")
    # a position whose pack holds the J♣ alone: the other spare cards are on the packets
    rest = spare.piles["pack"].cards[:-1]
    packets = promenade(packet_1=" ".join([FILL[0]] + [str(c) for c in rest]))
    game = Sly.arrange(packets, foundations=LOW, pack="J♣", placed=5)
    assert len(game.piles["pack"]) == 1
    game.play("deal")
    game.play("J♣ → packet 2")
    assert game.piles["pack"].is_empty and not game.dealing
    assert game.counters == {"rounds": 2, "placed": 0}


def test_the_card_turned_up_is_placed_before_the_next_and_nothing_moves_between_packets() -> None:
    game = Sly.from_plate()
    game.play("deal")
    assert refused(game, "deal").rule == "Deal"
    assert refused(game, "10♥ → packet 2").rule == "Transfers"
    assert refused(game, "redeal").rule == "Re-deal"


@pytest.mark.parametrize("text, error", [("9♦ → 3♦", InvalidMove), ("banana", InvalidMove),
                                          ("10♥ → nowhere", InvalidMove), ("J♠ → foundation", IllegalMove),
                                          (None, TypeError)])
def test_a_bad_move_leaves_the_plate_as_it_was(text: str, error: type[Exception]) -> None:
    game = Sly.from_plate()
    refused(game, text, error)
    assert game == Sly.from_plate() and not game.history


def test_malformed_positions_are_refused() -> None:
    text = str(Sly.from_plate())
    for bad in (text.replace("packet 1: 10♥", "packet 1: 10♥ 10♥"),
                text.replace("packet 20:", "packet 21:"),
                text.replace("rounds=1", "rounds=x")):
        with pytest.raises(InvalidPosition):
            Sly.from_position(bad)
    with pytest.raises(InvalidPosition):
        Sly.arrange({"packet 1": "A♥ A♥ A♥"})


def test_rows_four_draws_four_rows_of_five() -> None:
    two, four = Sly.from_plate(), Sly.from_plate(rows=4)
    assert two.legal_moves() == four.legal_moves()
    ys = {s.y for s in four.layout() if s.pile.startswith("packet")}
    assert len(ys) == 4 and len({s.y for s in two.layout() if s.pile.startswith("packet")}) == 2
    assert four.table().count("\n") == two.table().count("\n") + 2


def test_inconsistencies_see_a_bad_count() -> None:
    game = Sly.from_plate()
    game.counters["placed"] = 20
    assert game.inconsistencies() == ["20 cards placed in a deal of twenty"]


def test_the_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("sly", seed=7)
    assert record.replay().is_won
