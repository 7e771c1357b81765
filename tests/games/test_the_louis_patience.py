"""The "Louis" Patience: the oddities the chapter does not show (the deal's letters and circles, the
options, the re-deal's order, the second deal's privileges, bad input, pictures, the recorded game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.game import Pile
from patience.games.the_louis_patience import FOUNDATIONS, LETTERS, SUITS, TAKE_UP, TheLouisPatience

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-louis-patience.txt"
SPADES = {"a": "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠", "b": "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠"}


@pytest.mark.parametrize("seed", [1, 2, 43])
def test_four_aces_and_four_kings_of_different_suits(seed: int) -> None:
    game = TheLouisPatience.deal(seed)
    assert [str(game.piles[f]) for f in FOUNDATIONS] == [f"{r}{s.value}" for r in "AK" for s in SUITS]
    assert len(game.piles["pack"]) == 96 and game.piles["pack"].face_down == 96
    assert Counter(game.cards()) == Counter(game.pack())


def test_the_deal_goes_a_to_m_without_j_circle_after_circle() -> None:
    game = TheLouisPatience.deal(4)
    order = list(reversed(game.piles["pack"].cards))
    for _ in range(30):
        game.play("deal")
    assert "j" not in LETTERS and len(LETTERS) == 12
    assert [game.piles[n].cards[0] for n in LETTERS] == order[:12]
    assert game.next_letter() == "g" and game.counters["dealt"] == 30


def test_block_card_keeps_the_circle_before_until_covered() -> None:
    for block, available in (("circle", {"a"}), ("card", set(LETTERS))):
        game = TheLouisPatience.deal(5, block=block)
        for _ in range(13):
            game.play("deal")
        assert {n for n in LETTERS if game.available(n)} == available


def test_a_card_uncovered_during_the_deal_stays_blocked() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.start.copy()
    for move in record.moves[:17]:  # sixteen cards dealt, then the Q♣ of d (second circle) played
        game.play(move)
    assert str(record.moves[16]) == "Q♣ → foundation" and record.moves[16].source == "d"
    assert game.piles["d"].cards and not game.available("d")
    card = game.piles["d"].top
    assert card is not None and all(card not in m.cards for m in game.legal_moves())


def test_the_whole_pack_dealt_releases_every_top_card() -> None:
    game = TheLouisPatience.deal(6)
    while game.dealing:
        game.play("deal")
    assert all(game.available(n) for n in LETTERS) and game.counters["fresh"] == 0
    assert [len(game.piles[n]) for n in LETTERS] == [8] * 12
    assert not game.inconsistencies()


@pytest.mark.parametrize("take_up", ["turned", "face_up"])
def test_the_alphabet_is_taken_up_g_first_and_f_last(take_up: str) -> None:
    game = TheLouisPatience.deal(7, take_up=take_up)
    while game.dealing:
        game.play("deal")
    gathered = [c for n in TAKE_UP for c in game.piles[n].cards]
    assert TAKE_UP[0] == "g" and TAKE_UP[-1] == "f"
    game.play("redeal")
    dealt = list(reversed(game.piles["pack"].cards))
    assert dealt == (gathered if take_up == "turned" else gathered[::-1])
    assert game.counters == {"dealt": 0, "fresh": 0, "redeals": 1, "alike": 0}


def test_three_redeals_then_no_more_and_the_option() -> None:
    game = TheLouisPatience.arrange(SPADES, made=2)
    game.play("redeal")
    while game.dealing:
        game.play("deal")
    assert "three re-deals" in str(refused(game, "redeal"))
    assert "no re-deals" in str(refused(TheLouisPatience.arrange(SPADES, redeals=0), "redeal"))
    once = TheLouisPatience.arrange(SPADES, redeals=1)
    once.play("redeal")
    assert once.counters["redeals"] == 1 and len(once.piles["pack"]) == 14


def test_alike_always_gives_the_privileges_in_the_first_deal() -> None:
    first = TheLouisPatience.arrange(SPADES)
    assert refused(first, "7♠ → aside").rule == "Second deal"
    always = TheLouisPatience.arrange(SPADES, alike="always")
    always.play("7♠ → aside")
    assert str(always.piles["aside"]) == "7♠"
    assert refused(always, "7♠ → aside").reason == "one card is laid aside at a time"


def test_only_the_card_suitable_alike_is_changed() -> None:
    game = TheLouisPatience.arrange(SPADES, made=1)
    game.play("7♠ → foundation 4")  # suitable alike: the foundation 8 took it too
    game.play("change 7♠ → foundation 8")
    assert game.counters["alike"] == 1 << 7  # the mark goes with the card
    game.play("7♠ → foundation 4")  # b's 7♠: the foundation 8 (at 7♠) does not take it
    assert game.counters["alike"] == 0
    problem = refused(game, "change 7♠ → foundation 8")
    assert problem.rule == "Second deal"
    assert refused(game, "A♠ → foundation 8").rule == "II"


def test_a_card_not_suitable_alike_is_not_laid_aside() -> None:
    game = TheLouisPatience.arrange({"a": "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠", "b": "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠"}, made=1)
    assert "suitable alike" in str(refused(game, "K♠ → aside"))


# ------------------------------------------------------------------------ bad input
@pytest.mark.parametrize("text", [
    "the-louis-patience seed=1\nj: 2♥",
    "the-louis-patience seed=1 circles=2",
    "the-louis-patience seed=1\nfoundation 1: A♦ A♦",
    "the-congress seed=1",
])
def test_malformed_positions_are_refused(text: str) -> None:
    with pytest.raises(InvalidPosition):
        TheLouisPatience.from_position(text)


def test_arrange_refuses_what_cannot_lie_on_the_foundations() -> None:
    with pytest.raises(InvalidPosition):
        TheLouisPatience.arrange({"a": "7♥"})
    with pytest.raises(InvalidPosition):
        TheLouisPatience.arrange({"j": "7♥"})


def test_bad_moves_leave_the_game_as_it_was() -> None:
    game = TheLouisPatience.from_plate()
    for text in ("Z♥ → foundation", "7♥ → 8♥ → 9♥", "deal deal"):
        refused(game, text, (InvalidMove, IllegalMove))
    refused(game, 3, TypeError)
    assert refused(game, "A♦ → foundation 5").rule == "Deal"  # still in the pack
    assert refused(game, "redeal").rule == "Re-deal"


def test_inconsistencies() -> None:
    game = TheLouisPatience.arrange(SPADES)
    game.piles["aside"], game.piles["a"] = Pile(game.piles["a"].cards[-1:]), game.piles["a"].without(1)
    assert game.inconsistencies() == ["1 card laid aside"]
    game = TheLouisPatience.arrange(SPADES)
    game.counters["fresh"] = 4
    assert any("after the deal" in f for f in game.inconsistencies())
    game = TheLouisPatience.arrange(SPADES)
    game.counters["alike"] = 8
    assert any("suitable alike" in f for f in game.inconsistencies())


def test_table_and_layout() -> None:
    game = TheLouisPatience.from_plate()
    spots = {s.pile: s for s in game.layout()}
    assert set(spots) == set(game.piles)
    assert (spots["a"].x, spots["a"].y) == (4, 3) and (spots["g"].x, spots["g"].y) == (1, 0)
    assert not spots["aside"].draw_empty and "<svg" in game._repr_svg_()
    assert TheLouisPatience.arrange(SPADES, made=1).layout()[-1].draw_empty


def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-louis-patience", seed=1)
    assert record.replay().is_won
