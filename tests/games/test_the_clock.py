"""The Clock (Lady Cadogan's): the oddities the chapter does not show (the twelve given foundation
cards, the circle dealt three together, the refill order and the packets that keep more than three,
the foundations going round the corner and stopping at their hours, the option, bad input, the
layout, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.game import Pile
from patience.games.the_clock import FOUNDATIONS, PACKETS, STARTS, TheClock

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-clock.txt"


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 9])
def test_the_twelve_given_cards_and_a_circle_of_threes(seed: int) -> None:
    game = TheClock.deal(seed)
    assert [game.piles[f].cards for f in FOUNDATIONS] == [(card,) for card in STARTS]
    assert [len(game.piles[p]) for p in PACKETS] == [3] * 12
    assert len(game.piles["pack"]) == 56 and game.piles["pack"].face_down == 56
    assert Counter(game.cards()) == Counter(game.pack())
    assert game.inconsistencies() == []


def test_packets_are_dealt_three_together_from_one() -> None:
    game = TheClock.deal(5)
    shuffled = [c for c in game.shuffle(game.pack())]
    for card in STARTS:
        shuffled.remove(card)
    assert [game.piles[p].cards for p in PACKETS[:2]] == [tuple(shuffled[:3]), tuple(shuffled[3:6])]
    assert game.piles["pack"].top == shuffled[36]


def test_every_foundation_takes_eight_or_nine_cards_and_the_clock_takes_all() -> None:
    lengths = [(h - card.value) % 13 + 1 for h, card in enumerate(STARTS, start=1)]
    assert lengths == [9] * 8 + [8] * 4 and sum(lengths) == 104
    for suit in {card.suit for card in STARTS}:
        covered = Counter(v for h, card in enumerate(STARTS, start=1) if card.suit == suit
                          for v in (((card.value - 1 + i) % 13) + 1 for i in range((h - card.value) % 13 + 1)))
        assert covered == Counter({v: 2 for v in range(1, 14)})


# --------------------------------------------------------------------- the rules
def test_refill_tops_up_to_three_from_one_and_keeps_married_packets() -> None:
    game = TheClock.arrange({1: "9♥", 2: "Q♠ 3♦ 10♥ 9♥", 3: "4♣ 9♠", 4: "K♥ 5♠ 6♥"}, pack="2♠ 3♠ 4♠ 5♠")
    game.play("refill")
    assert str(game.piles["packet 1"]) == "9♥ 2♠ 3♠"
    assert str(game.piles["packet 2"]) == "Q♠ 3♦ 10♥ 9♥"
    assert str(game.piles["packet 3"]) == "4♣ 9♠ 4♠"
    assert str(game.piles["packet 5"]).startswith("5♠")
    assert game.short() == []
    assert refused(game, "refill").rule == "III"


def test_refill_stops_when_the_pack_is_exhausted() -> None:
    ends = {h: TheClock.hour_card(h) for h in range(1, 13)}
    game = TheClock.arrange({}, foundations={**ends, 12: "10♦"}, pack="J♦ Q♦")
    game.play("refill")
    assert str(game.piles["packet 1"]) == "J♦ Q♦" and game.piles["pack"].is_empty
    assert refused(game, "refill").rule == "III"
    assert refused(game, "deal").rule == "Deal"


def test_the_ace_follows_the_king_and_a_foundation_stops_at_its_hour() -> None:
    game = TheClock.arrange({1: "K♣", 2: "A♣"}, foundations={1: "Q♣"})
    game.play("K♣ → foundation")
    game.play("A♣ → foundation")
    assert game.piles["foundation 1"].top == Card.parse("A♣")
    assert game.foundation_fault("foundation 1", Card.parse("2♣")) == "complete"


def test_marriages_do_not_go_round_the_corner() -> None:
    game = TheClock.arrange({1: "A♠", 2: "2♠", 3: "K♥", 4: "A♥"})
    moves = {str(m) for m in game.legal_moves()}
    assert "A♠ → 2♠" in moves and "K♥ → A♥" not in moves
    assert refused(game, "K♥ → A♥").rule == "Marriages"


def test_a_card_of_the_circle_is_not_laid_in_an_empty_packet() -> None:
    game = TheClock.arrange({1: "A♠", 3: "K♥ 5♠ 6♥"})
    assert refused(game, "6♥ → space").rule == "III"


def test_two_foundations_that_take_a_card_are_named() -> None:
    # the clubs of I (from the 6♣) and of IX (from the 2♣) both wait for a 7♣
    game = TheClock.arrange({1: "7♣"}, foundations={9: "6♣"})
    assert sorted(str(m) for m in game.legal_moves() if m.kind == "move") == \
        ["7♣ → foundation 1", "7♣ → foundation 9"]


#: A full circle in which nothing can be played or married: no top card is wanted by a foundation,
#: and no two tops are of one suit and next in value.
STILL = {h: f"{under} {under} {top}" for h, (under, top) in enumerate(zip(
    "3♥ 7♥ J♥ 5♣ 9♣ K♣ 3♦ 7♦ J♦ 5♠ 9♠ K♠".split(),
    "2♠ 4♥ 6♣ 8♦ 10♠ Q♥ 2♦ 4♣ 6♠ 8♥ 10♣ Q♦".split()), start=1)}


def test_deal_when_stuck_deals_only_once_nothing_moves() -> None:
    still = TheClock.arrange(STILL, deal_when="stuck")
    assert [m.kind for m in still.legal_moves()] == ["deal"]
    assert str(still.play("deal")) == "deal"
    moving = TheClock.arrange({**STILL, 1: "3♥ 3♥ 7♣"}, deal_when="stuck")
    assert refused(moving, "deal").rule == "Deal"
    assert str(TheClock.arrange({**STILL, 1: "3♥ 3♥ 7♣"}).play("deal")) == "deal"


# -------------------------------------------------------------------- bad input
def test_bad_moves_leave_the_game_as_it_was() -> None:
    game = TheClock.from_plate()
    for text in ("", "Z♠ → foundation", "7♣ → nowhere"):
        refused(game, text, (InvalidMove, IllegalMove))
    refused(game, None, TypeError)
    assert refused(game, "refill").rule == "III"
    assert refused(game, "5♥ → foundation").rule == "I"


@pytest.mark.parametrize("text, words", [
    ("the-clock seed=1\npacket 13: 5♦", "unknown pile"),
    ("the-clock seed=1\nfoundation 1: 6♣ 6♣", "not those of the pack"),
    ("the-clock(deal_when=never) seed=1", "deal_when"),
])
def test_malformed_positions_are_refused(text: str, words: str) -> None:
    with pytest.raises(InvalidPosition, match=words):
        TheClock.from_position(text)


def test_arrange_refuses_what_cannot_be() -> None:
    with pytest.raises(InvalidPosition, match="no hour"):
        TheClock.arrange({13: "5♦"})
    with pytest.raises(InvalidPosition, match="built in"):
        TheClock.arrange({}, foundations={1: "7♠"})
    with pytest.raises(InvalidPosition, match="ends at"):
        TheClock.arrange({}, foundations={1: "2♣"})


def test_inconsistencies_find_a_foundation_begun_wrong() -> None:
    game = TheClock.deal(2)
    game.piles["foundation 3"] = Pile.of("9♥")
    assert any("foundation 3" in f for f in game.inconsistencies())


def test_plate_round_trips_and_is_deal_nine() -> None:
    game = TheClock.from_plate()
    assert game == load("the-clock", seed=9) and game.inconsistencies() == []
    assert TheClock.from_position(str(game)) == game


# ------------------------------------------------------------------------ picture
def test_layout_is_a_clock_face() -> None:
    game = TheClock.deal(1)
    spots = {s.pile: s for s in game.layout()}
    assert set(spots) == set(game.piles)
    assert all(s.x >= 0 and s.y >= 0 for s in spots.values())
    # XII at the top, VI at the bottom, III on the right, IX on the left
    assert spots["foundation 12"].y < spots["foundation 3"].y < spots["foundation 6"].y
    assert spots["foundation 9"].x < spots["foundation 12"].x < spots["foundation 3"].x
    assert all(spots[p].fan == "down" for p in PACKETS)
    assert "<svg" in game._repr_svg_()


# ------------------------------------------------------------------ worked game
def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-clock", seed=1)
    game = record.replay()
    assert game.is_won and [game.piles[f].top.value for f in FOUNDATIONS] == list(range(1, 13))
