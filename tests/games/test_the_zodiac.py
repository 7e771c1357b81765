"""The Zodiac: the oddities the chapter does not show (the deal, the re-deal's count, the end of the
placing, the foundations' suits, the fast path, the solver's hooks, bad input, the recorded game)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import Card, InvalidMove, InvalidPosition, Record, load
from patience.game import Move, Pile
from patience.solve import solve
from patience.games.the_zodiac import EQUATOR, FOUNDATIONS, ZODIAC, TheZodiac

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-zodiac.txt"
ALL_BUT_SPADES = "A♥-K♥ A♦-K♦ A♣-K♣"


@pytest.mark.parametrize("seed", [1, 20])
def test_the_deal_lays_the_equator_and_the_zodiac(seed: int) -> None:
    game = TheZodiac.deal(seed)
    assert all(len(game.piles[n]) == 1 for n in EQUATOR + ZODIAC)
    assert len(game.piles["pack"]) == 72 and game.piles["pack"].face_down == 72
    assert all(game.piles[f].is_empty for f in FOUNDATIONS) and game.placing
    assert Counter(game.cards()) == Counter(game.pack())
    order = list(reversed(game.piles["pack"].cards))
    game.play("deal")
    assert game.piles["talon"].cards == (order[0],)


def test_the_redeal_deals_the_talon_again_in_the_same_order() -> None:
    game = TheZodiac.deal(4)
    first = list(reversed(game.piles["pack"].cards))
    placed = None
    while game.piles["pack"].cards:
        game.play("deal")
        if placed is None:
            placed = next((m for m in game.legal_moves() if m.source == "talon" and m.target in EQUATOR), None)
    game.play(next(m for m in game.legal_moves() if m.kind == "move" and m.source in EQUATOR))
    assert game.counters["placed"] == 1
    game.play("redeal")
    assert list(reversed(game.piles["pack"].cards)) == first
    assert game.counters == {"redeals": 1, "placed": 0} and game.piles["talon"].is_empty


def test_a_space_takes_only_the_talons_card() -> None:
    game = TheZodiac.arrange({"equator 1": "", "equator 2": "7♠", "talon": "9♦"})
    assert game.play("9♦ → equator 1").target == "equator 1"
    assert refused(game, "7♠ → equator 1").rule == "I"
    spaced = TheZodiac.arrange({"equator 1": "", "equator 2": "7♠"})
    assert refused(spaced, Move("move", (Card.parse("7♠"),), "equator 2", "equator 1", "7♠ → equator 1")).rule == "Play"


def test_foundations_are_of_different_suits_and_of_their_kind() -> None:
    clubs = " ".join(f"{v}♣" for v in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
    game = TheZodiac.arrange({"zodiac 1": clubs, "zodiac 2": "A♠"},
                             foundations=f"A♠-K♠ {ALL_BUT_SPADES} K♠-2♠ K♥-A♥ K♦-A♦ -")
    assert not game.placing and game.inconsistencies() == []
    assert game.foundation_fault("foundation 8", Card.parse("K♠")) == "the foundations are of different suits"
    assert game.foundation_fault("foundation 8", Card.parse("A♣")) is not None
    assert refused(game, "A♠ → foundation 1").rule == "Foundations"  # complete
    assert game.play("A♠ → foundation").target == "foundation 5"
    assert game.play("K♣ → foundation").target == "foundation 8"
    while game.legal_moves():
        game.play(game.legal_moves()[0])
    assert game.result == "won"


def test_useful_moves_offer_one_space_of_the_equator() -> None:
    game = TheZodiac.arrange({"equator 1": "", "equator 2": "", "talon": "9♦"})
    legal = [m.target for m in game.legal_moves() if m.kind == "move"]
    useful = [m.target for m in game.useful_moves() if m.kind == "move"]
    assert legal.count("equator 1") + legal.count("equator 2") == 2
    assert useful.count("equator 1") + useful.count("equator 2") == 1


def test_safe_move_only_once_every_card_is_placed() -> None:
    end = TheZodiac.arrange({"zodiac 1": "2♠ 3♠ 4♠", "zodiac 2": "A♠"},
                            foundations=f"A♠-K♠ {ALL_BUT_SPADES} K♠-5♠ K♥-A♥ K♦-A♦ K♣-A♣")
    assert str(end.safe_move(end.useful_moves())) == "4♠ → foundation"
    early = TheZodiac.deal(3)
    assert early.safe_move(early.useful_moves()) is None
    deal = early.play("deal")
    keep = next(m for m in early.legal_moves() if m.kind == "move" and m.source != "talon")
    assert early.independent(deal, keep)


def test_useful_moves_leave_out_a_marriage_no_win_survives() -> None:
    # Both aces on both twos on both threes: the ace's foundation takes one packet, and the king's,
    # coming down, finds a 3♠ under an ace it can no longer reach.
    game = TheZodiac.arrange({"zodiac 1": "3♠ 2♠", "zodiac 2": "3♠ 2♠ A♠", "talon": "A♠"})
    legal = [str(m) for m in game.legal_moves() if m.kind == "move"]
    useful = [str(m) for m in game.useful_moves() if m.kind == "move"]
    assert "A♠ → 2♠" in legal and "A♠ → 2♠" not in useful
    assert not game.goes_out(Card.parse("A♠").suit, "zodiac 1", Card.parse("A♠"))


def test_a_card_for_the_only_foundation_that_takes_it_may_spoil_the_win() -> None:
    # The ace's foundation of spades wants a 5♠ and the king's a 9♠.  The 5♠ on top of zodiac 1 must
    # wait for the king's foundation: the other 5♠ lies under the 4♠ that foundation wants after it.
    singles = "6♠ 6♠ 7♠ 7♠ 8♠ 8♠ 9♠ 9♠ 10♠ J♠ Q♠ K♠ 3♠ 2♠ A♠".split()
    piles = {"zodiac 1": "5♠", "zodiac 2": "5♠ 4♠"} | {f"zodiac {i}": c for i, c in enumerate(singles, 3)}
    end = TheZodiac.arrange(piles, foundations=f"A♠-4♠ {ALL_BUT_SPADES} K♠-10♠ K♥-A♥ K♦-A♦ K♣-A♣")
    spoiler = next(m for m in end.legal_moves() if m.source == "zodiac 1")
    assert [f for f in FOUNDATIONS if end.foundation_fault(f, spoiler.cards[0]) is None] == ["foundation 1"]
    assert spoiler not in end.useful_moves() and end.safe_move(end.useful_moves()) != spoiler
    assert solve(end, nodes=2_000).outcome == "won"
    end.play(spoiler)
    assert solve(end, nodes=2_000).outcome == "lost"


def test_the_key_leaves_out_the_count_of_redeals() -> None:
    one, two = TheZodiac.deal(6), TheZodiac.deal(6)
    two.counters["redeals"] = 3
    assert one.solver_key() == two.solver_key() and one.state_key() != two.state_key()


def test_the_fast_moves_are_the_moves_the_rules_allow() -> None:
    rng, game = random.Random(3), load("the-zodiac", seed=2)
    for _ in range(40):
        allowed = [m for m in game.moves() if game.violation(m) is None]
        assert game.legal_moves() == allowed
        if allowed:
            game.play(rng.choice(allowed))
        assert game.inconsistencies() == []


def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = TheZodiac.from_plate()
    for text in ("", "Z♣ → foundation", "fly"):
        refused(game, text, InvalidMove)
    assert refused(game, Move("move", (Card.parse("4♦"),), "zodiac 1", "pack", "4♦ → pack")).rule == "Play"
    text = str(game)
    with pytest.raises(InvalidPosition):
        TheZodiac.from_position(text.replace("zodiac 24: 10♥", "zodiac 24: 10♥ 10♥"))
    with pytest.raises(InvalidPosition):
        TheZodiac.from_position(text.replace("zodiac 24:", "zodiac 25:"))


def test_inconsistencies_name_what_no_game_makes() -> None:
    game = TheZodiac.from_plate()
    game.piles["zodiac 1"] = Pile.of("4♦ 7♣")
    game.piles["zodiac 2"] = Pile()
    assert game.inconsistencies() == ["zodiac 2 is empty while cards remain to be placed",
                                      "zodiac 1 holds a card that is no marriage (7♣ on 4♦)"]


def test_layout_and_picture() -> None:
    game = TheZodiac.from_plate()
    assert {spot.pile for spot in game.layout()} == set(game.piles)
    assert game._repr_svg_().startswith("<svg")


@pytest.mark.skipif(not RECORD.exists(), reason="no worked game recorded")
def test_the_recorded_worked_game_is_won() -> None:
    end = Record.from_text(RECORD.read_text(encoding="utf-8")).replay()
    assert end.is_won and end.result == "won"
