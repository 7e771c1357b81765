"""The Fish-Bone: the oddities the chapter does not show (the deal, the line filled in order, Rule II's
refusals, the gridiron's limits, the re-deal's order, the options, the solver's hooks, the picture, bad input,
the recorded worked game)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import check_legal_moves, refused
from patience import InvalidMove, InvalidPosition, Record, load, records
from patience.game import Move
from patience.games.the_fish_bone import (COURTS, FOUNDATIONS, GRIDIRON, KINGS, PLATE_GRIDIRON, PLATE_SUITS,
                                          QUEENS, TheFishBone)

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-fish-bone.txt"


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 41])
def test_the_deal_lays_six_cards_and_leaves_the_pack(seed: int) -> None:
    game = TheFishBone.deal(seed)
    order = game.shuffle(game.pack())
    assert [game.piles[g].top for g in GRIDIRON] == order[:6]
    assert len(game.piles["pack"]) == 98 and game.piles["pack"].face_down == 98
    assert game.piles["pack"].top == order[6] and game.piles["talon"].is_empty
    assert all(game.piles[name].is_empty for name in (*FOUNDATIONS, *COURTS))
    assert Counter(game.cards()) == Counter(game.pack())


def test_the_plate_position() -> None:
    plate = TheFishBone.from_plate()
    assert " ".join(str(plate.piles[g].top) for g in GRIDIRON) == PLATE_GRIDIRON
    assert [plate.piles[f].top.suit.symbol for f in FOUNDATIONS] == PLATE_SUITS.split()
    assert all(plate.piles[k].top.suit == plate.piles[f].top.suit for k, f in zip(KINGS, FOUNDATIONS))
    assert plate.inconsistencies() == []
    with pytest.raises(InvalidPosition, match="give 6 cards"):
        TheFishBone.from_plate_cards("10♣ 9♠", PLATE_SUITS)
    with pytest.raises(InvalidPosition, match="too many J♥"):
        TheFishBone.from_plate_cards(PLATE_GRIDIRON, "♥ ♥ ♥ ♣ ♥ ♠ ♦ ♣")


# ------------------------------------------------------------------------ the line
def test_the_knaves_go_to_the_line_in_order() -> None:
    game = TheFishBone.arrange({"foundation 1": "J♥", "gridiron 1": "J♠", "gridiron 2": "J♦"}, rest="pack")
    assert refused(game, "J♠ → foundation 3").rule == "Foundations"
    game.play("J♠ → foundation")
    assert str(game.piles["foundation 2"]) == "J♠"
    game.play("J♦ → foundation")
    assert str(game.piles["foundation 3"]) == "J♦"
    assert refused(game, Move("move", (game.piles["foundation 3"].top,), "foundation 3", "foundation 4",
                                      "J♦ → foundation 4")).rule == "Foundations"


def test_a_complete_foundation_takes_nothing_and_other_cards_start_none() -> None:
    game = TheFishBone.arrange({"foundation 1": "J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♠", "gridiron 1": "9♥"},
                               rest="pack")
    assert game.foundation_fault("foundation 1", game.piles["foundation 1"].top) is not None
    assert refused(game, "9♥ → foundation 2").rule == "Foundations"


# ------------------------------------------------------------------------ Rule II
def test_each_knave_takes_one_king_and_one_queen_of_its_suit() -> None:
    game = TheFishBone.arrange({"foundation 1": "J♥", "king 1": "K♥", "gridiron 1": "K♥", "gridiron 2": "Q♣"},
                               rest="pack")
    error = refused(game, "K♥ → king 1")
    assert error.rule == "II" and "one king and one queen" in str(error)
    assert refused(game, "Q♣ → queen 1").rule == "II"
    assert refused(game, "K♥ → king 2").rule == "II"  # no knave there yet


def test_a_court_card_cannot_marry_or_fill_the_gridiron() -> None:
    for court in ("K♦", "Q♦", "J♦"):
        game = TheFishBone.arrange({"foundation 1": "J♥", "talon": court}, rest="pack", at_once=False)
        error = refused(game, f"{court} → gridiron 1")
        assert error.rule == ("Foundations" if court == "J♦" else "II")


def test_marriages_go_up_in_suit_to_the_ten() -> None:
    game = TheFishBone.arrange({"foundation 1": "J♥", "gridiron 1": "8♣ 9♣", "talon": "10♣"}, rest="pack")
    game.play("10♣ → gridiron 1")
    assert str(game.piles["gridiron 1"]) == "8♣ 9♣ 10♣"
    descending = TheFishBone.arrange({"foundation 1": "J♥", "gridiron 1": "8♣", "talon": "7♣"}, rest="pack")
    error = refused(descending, "7♣ → gridiron 1")
    assert error.rule == "Gridiron" and "ascending" in str(error)


# ------------------------------------------------------------------------ the deal and the re-deal
def test_at_once_holds_the_deal_and_the_re_deal() -> None:
    game = TheFishBone.arrange({"foundation 1": "J♥"}, rest="talon", hidden=False)
    top = game.piles["talon"].top
    assert str(top) == "K♣"  # the talon holds the new-pack order, the kings last
    # the K♣ has no knave: the re-deal may be made
    game.play("redeal")
    assert game.counters["redeals"] == 1 and game.piles["talon"].is_empty
    waiting = TheFishBone.arrange({"foundation 1": "J♣"}, rest="talon", hidden=False)
    assert refused(waiting, "redeal").rule == "Deal"
    waiting.play("K♣ → king 1")
    waiting.play("redeal")
    never = TheFishBone.arrange({"foundation 1": "J♥"}, rest="talon", hidden=False, redeals=0)
    assert "never" in str(refused(never, "redeal"))


def test_the_re_deal_keeps_the_talons_order() -> None:
    game = TheFishBone.arrange({"foundation 1": "J♥"}, rest="talon", hidden=False, at_once=False)
    laid = list(game.piles["talon"].cards)
    game.play("redeal")
    dealt = []
    while game.piles["pack"].cards:
        game.play("deal")
        dealt.append(game.piles["talon"].top)
    assert dealt == laid


# ------------------------------------------------------------------------ the solver's hooks
def test_the_solver_hooks() -> None:
    game = TheFishBone.arrange({"foundation 1": "J♥ 10♥", "gridiron 1": "9♥", "gridiron 2": "K♥",
                                "talon": "5♣"}, rest="pack")
    useful = [str(m) for m in game.useful_moves()]
    assert "5♣ → gridiron 3" in useful and "5♣ → gridiron 4" not in useful
    assert str(game.safe_move(game.legal_moves())) == "K♥ → king 1"
    up = TheFishBone.arrange({"foundation 1": "J♥ 10♥", "gridiron 1": "9♥"}, rest="pack")
    assert up.safe_move(up.legal_moves()) is None  # a 10♥ may still come to marry on the 9♥
    gone = TheFishBone.arrange({"foundation 1": "J♥ 10♥", "foundation 2": "J♥ 10♥", "gridiron 1": "9♥"},
                               rest="pack")
    assert str(gone.safe_move(gone.legal_moves())) == "9♥ → foundation"


def test_random_play_without_at_once_keeps_both_paths_alike() -> None:
    """The option's moves, fast and explained, agree (the default options are checked for every game by
    the shared differential test)."""
    game = TheFishBone.deal(5, at_once=False, redeals=2)
    assert check_legal_moves(game, random.Random(3), 40, sample=3) > 0
    assert game.inconsistencies() == []


# ------------------------------------------------------------------------ picture
def test_the_picture_slants_the_kings_and_queens() -> None:
    game = TheFishBone.from_plate()
    spots = {s.pile: s for s in game.layout()}
    assert all(spots[k].angle < 0 for k in KINGS) and all(spots[q].angle > 0 for q in QUEENS)
    assert all(spots[f].angle == 0 for f in FOUNDATIONS) and spots["gridiron 1"].fan == "down"
    assert game._repr_svg_().count('transform="rotate(') == 16


# ------------------------------------------------------------------------ bad input
def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = load("the-fish-bone", seed=1)
    refused(game, "nonsense", InvalidMove)
    refused(game, "Z♥ → foundation", InvalidMove)
    refused(game, "6♥ → foundation")  # not a knave
    refused(game, Move("move", (game.piles["gridiron 1"].top,), "gridiron 1", "pack", "8♠ → pack"))
    refused(game, Move("shuffle", (), "talon", "pack", "shuffle"))
    with pytest.raises(InvalidPosition):
        TheFishBone.from_position("the-fish-bone seed=1\nking 9: K♥")
    with pytest.raises(InvalidPosition):
        TheFishBone.from_position(str(game).replace("gridiron 1: 8♠", "gridiron 1: 8♠ 8♠"))
    assert TheFishBone.from_position(str(game)) == game


def test_inconsistencies_name_what_no_game_can_reach() -> None:
    game = TheFishBone.arrange({"foundation 2": "J♥", "gridiron 1": "5♣ 4♣"}, rest="pack")
    faults = game.inconsistencies()
    assert "the line of knaves has a gap" in faults
    assert "gridiron 1 is not a marriage in ascending sequence" in faults


# ------------------------------------------------------------------------ the worked game
def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-fish-bone", seed=record.start.seed)
    game = record.replay()
    assert game.is_won and game.result == "won"


def test_a_card_named_on_the_line_is_refused_as_staying_there() -> None:
    """At the end of the worked game every card is on the line: a king, a queen or a knave named there is
    refused as a card placed on the line (Game.STAYS), not as a card buried in the gridiron."""
    game = Record.from_text(records.text("the-fish-bone")).replay()
    assert game.is_won
    for pile in ("king 1", "queen 1", "foundation 1"):
        card = game.piles[pile].top
        assert refused(game, f"{card} → gridiron 1", match="a card placed on the line stays there").rule \
            == "Foundations"
