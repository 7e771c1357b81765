"""The Herring-Bone: the oddities the chapter does not show (the deal and the German variety, Rule II through
a whole bone, the bar refilled when the bone is out, the first foundation, the re-deals, the options, the
solver's hooks, the picture, bad input, the recorded worked game)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import check_legal_moves, refused
from patience import InvalidMove, InvalidPosition, Record, load
from patience.game import Move
from patience.games.the_herring_bone import (ASCENDING, BARS, BONE, DESCENDING, FOUNDATIONS, PLATE_BARS,
                                             PLATE_BONE, PLATE_SCENES, SCENES, TheHerringBone)
from patience.options import UnknownOption

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-herring-bone.txt"


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 30])
def test_the_deal_lays_forty_cards_and_one_on_the_talon(seed: int) -> None:
    game = TheHerringBone.deal(seed)
    order = game.shuffle(game.pack())
    assert [game.piles[p].top for p in (*BONE, *SCENES, *BARS)] == order[:40]
    assert game.piles["talon"].cards == (order[40],) and game.piles["talon"].face_down == 0
    assert len(game.piles["pack"]) == 63 and game.piles["pack"].face_down == 63
    assert game.piles["pack"].top == order[41]
    assert Counter(game.cards()) == Counter(game.pack())
    assert game.base() == order[40].value and not game.begun()


def test_the_german_variety_deals_the_bone_from_one_pack() -> None:
    mixed = [len(set(map(str, (TheHerringBone.deal(s).piles[p].top for p in BONE)))) for s in range(1, 11)]
    assert min(mixed) < 28  # two packs shuffled together put duplicates in the bone, now and then
    for seed in range(1, 11):
        game = TheHerringBone.deal(seed, one_pack_bone=True)
        assert len({str(game.piles[p].top) for p in BONE}) == 28
        assert Counter(game.cards()) == Counter(game.pack())
        assert game.inconsistencies() == []
    assert TheHerringBone.deal(3, one_pack_bone=True) == TheHerringBone.deal(3, one_pack_bone=True)


def test_from_cards_checks_its_cards() -> None:
    with pytest.raises(InvalidPosition, match="give 28 cards"):
        TheHerringBone.from_cards("2♦ 5♠", PLATE_SCENES, PLATE_BARS)
    with pytest.raises(InvalidPosition, match="too many 5♦"):
        TheHerringBone.from_cards(PLATE_BONE, "5♦ 5♦ 7♠ 7♥ 8♦ Q♦ J♣ Q♥", PLATE_BARS)
    plate = TheHerringBone.from_plate()
    assert " ".join(str(plate.piles[p].top) for p in SCENES) == PLATE_SCENES
    assert plate.inconsistencies() == []


# ------------------------------------------------------------------------ Rule II
def test_the_bone_is_played_off_in_the_reverse_of_the_deal() -> None:
    """Every card of the bone goes up, one after another from bone 28 to bone 1, each released by the last."""
    values = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    up = [f"{v}♥" for v in values] + [f"{v}♠" for v in values] + ["2♦", "3♦", "4♦", "5♦"]
    piles = {BONE[27 - i]: card for i, card in enumerate(up)}
    piles |= {"foundation 5": "A♥", "foundation 6": "A♠", "foundation 7": "A♦",
              "bar 1": "9♣", "bar 2": "9♣", "bar 3": "10♣", "bar 4": "10♣"}
    game = TheHerringBone.arrange(piles, rest="pack")
    for i, card in enumerate(up):
        assert game.bone_top() == BONE[27 - i]
        if i < 27:
            assert refused(game, "5♦ → foundation").rule == "II"
        game.play(f"{card} → foundation")
    assert game.bone_top() is None and game.table().startswith("bone: played out")
    assert [len(game.piles[f]) for f in ("foundation 5", "foundation 6", "foundation 7")] == [13, 13, 5]


def test_a_bar_emptied_when_the_bone_is_out_stays_empty() -> None:
    game = TheHerringBone.arrange({"foundation 1": "7♠", "bar 1": "6♠"}, rest="pack")
    game.play("6♠ → foundation")
    assert game.piles["bar 1"].is_empty and game.inconsistencies() == []


def test_a_bar_takes_only_the_bone_card_and_only_when_empty() -> None:
    game = TheHerringBone.arrange({"foundation 1": "7♠", "bone 1": "Q♦", "bone 2": "9♣", "bar 1": "5♠"},
                                  rest="pack", bars="chooses")
    error = refused(game, "9♣ → bar 1")
    assert error.rule == "IV" and "only a vacancy" in str(error)
    error = refused(game, "Q♦ → bar 2")
    assert error.rule == "II"


# ------------------------------------------------------------------------ the first foundation
def test_the_first_foundation_is_the_card_just_dealt() -> None:
    game = TheHerringBone.deal(1)
    assert [str(m) for m in game.legal_moves()] == ["A♥ → foundation 1", "A♥ → foundation 5"]
    assert refused(game, "A♠ → foundation").rule == "Foundations"
    assert refused(game, "redeal").rule == "Foundations"
    game.play("A♥ → foundation 5")
    assert game.begun() and game.base() == 1
    # the other aces may now go to either side
    assert {"A♠ → foundation 1", "A♠ → foundation 6"} <= {str(m) for m in game.legal_moves()}


def test_four_foundations_on_each_side() -> None:
    game = TheHerringBone.arrange({"foundation 5": "7♠", "foundation 6": "7♥", "foundation 7": "7♦",
                                   "foundation 8": "7♣", "talon": "7♠"}, rest="pack")
    assert [str(m) for m in game.legal_moves()][:1] == ["7♠ → foundation"]
    error = refused(game, "7♠ → foundation 5")
    assert error.rule == "Foundations"
    game.play("7♠ → foundation")
    assert game.piles["foundation 1"].top is not None


def test_a_complete_foundation_takes_nothing_more() -> None:
    game = TheHerringBone.arrange({"foundation 5": "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♠ 3♠ 4♠ 5♠ 6♠"}, rest="pack")
    assert game.foundation_fault("foundation 5", game.piles["foundation 5"].cards[0]) == "complete"
    assert game._foundation_violation("foundation 5", game.piles["foundation 5"].cards[0]).rule == "Foundations"


# ------------------------------------------------------------------------ the exchange
def test_the_exchange_moves_one_card_between_directions_of_a_suit() -> None:
    game = TheHerringBone.arrange({"foundation 1": "7♥ 6♥ 5♥ 4♥ 3♥ 2♥ A♥ K♥ Q♥", "foundation 5": "7♥ 8♥ 9♥ 10♥ J♥",
                                   "foundation 2": "7♠ 6♠", "foundation 6": "7♣ 8♣"}, rest="pack")
    exchange = [str(m) for m in game.legal_moves() if m.source in FOUNDATIONS]
    assert exchange == ["Q♥ → foundation 5", "J♥ → foundation 1"]
    assert refused(game, "8♣ → foundation 2").rule == "I"
    assert refused(game, "6♠ → foundation 3").rule == "Exchange"  # onto an empty foundation


# ------------------------------------------------------------------------ re-deals
def test_the_talon_is_re_dealt_twice_then_no_more() -> None:
    game = TheHerringBone.arrange({"foundation 1": "7♠"}, rest="talon", hidden=False)
    for made in (1, 2):
        game.play("redeal")
        assert game.counters["redeals"] == made and game.piles["talon"].is_empty
        while game.piles["pack"].cards:
            game.play("deal")
    error = refused(game, "redeal")
    assert "twice" in str(error)
    once = TheHerringBone.arrange({"foundation 1": "7♠"}, rest="talon", hidden=False, redeals=0)
    assert "never" in str(refused(once, "redeal"))
    with pytest.raises(UnknownOption):
        TheHerringBone(redeals=-1)


def test_a_re_deal_shuffles_the_talon_by_the_seed() -> None:
    first = TheHerringBone.arrange({"foundation 1": "7♠"}, rest="talon", hidden=False)
    second = first.copy()
    first.play("redeal")
    second.play("redeal")
    assert first.piles["pack"] == second.piles["pack"]
    talon = list(second.piles["pack"].cards)
    assert talon != sorted(talon)


# ------------------------------------------------------------------------ the solver's hooks
def test_the_solver_hooks() -> None:
    game = TheHerringBone.arrange({"foundation 1": "7♠ 6♠", "foundation 5": "7♠ 8♠ 9♠", "bar 1": "5♠",
                                   "bar 2": "10♠", "talon": "2♦"}, rest="pack")
    legal = [str(m) for m in game.legal_moves()]
    useful = [str(m) for m in game.useful_moves()]
    assert "2♦ → side scene 2" in legal and "2♦ → side scene 2" not in useful
    assert "2♦ → side scene 1" in useful
    # the 10♠ is safe only once its twin lies on a foundation, under another card
    assert game.safe_move(game.legal_moves()) is None
    twin = TheHerringBone.arrange({"foundation 1": "7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♠ K♠ Q♠ J♠ 10♠ 9♠",
                                   "foundation 5": "7♠ 8♠ 9♠", "bar 2": "10♠"}, rest="pack")
    assert str(twin.safe_move(twin.legal_moves())) == "10♠ → foundation"
    exchanged = TheHerringBone.arrange({"foundation 1": "7♥ 6♥ 5♥ 4♥ 3♥ 2♥ A♥ K♥ Q♥",
                                        "foundation 5": "7♥ 8♥ 9♥ 10♥ J♥"}, rest="pack")
    exchanged.play("J♥ → foundation 1")
    assert "J♥ → foundation 5" in [str(m) for m in exchanged.legal_moves()]
    assert "J♥ → foundation 5" not in [str(m) for m in exchanged.useful_moves()]


@pytest.mark.parametrize("options", [{"bars": "chooses", "paired": True}, {"one_pack_bone": True}])
def test_random_play_keeps_both_paths_alike(options: dict[str, object]) -> None:
    """The options' moves, fast and explained, agree (the default options are checked for every game by
    the shared differential test)."""
    rng = random.Random(7)
    game = TheHerringBone.deal(5, **options)
    assert check_legal_moves(game, rng, 25, sample=2) > 0
    assert game.inconsistencies() == []


# ------------------------------------------------------------------------ picture and text
def test_the_picture_turns_the_ribs_and_the_bars() -> None:
    game = TheHerringBone.from_plate()
    spots = {s.pile: s for s in game.layout()}
    assert spots["bone 1"].angle < 0 < spots["bone 2"].angle and spots["bone 3"].angle == 0
    assert all(spots[b].angle == 90 for b in BARS)
    assert spots["bone 4"].y > spots["bone 3"].y and spots["bone 5"].y > spots["bone 4"].y
    svg = game._repr_svg_()
    assert svg.count('transform="rotate(') == 14 + 4
    assert "down" in svg and all(s.label for s in (spots[f] for f in (*DESCENDING, *ASCENDING)))


# ------------------------------------------------------------------------ bad input
def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = TheHerringBone.from_plate()
    game.play("10♥ → foundation 1")
    refused(game, "nonsense", InvalidMove)
    refused(game, "2♦ → 3♠", InvalidMove)
    refused(game, "Z♥ → foundation", InvalidMove)
    refused(game, "6♦ → foundation")  # Rule II
    refused(game, Move("move", (game.piles["bar 1"].top,), "bar 1", "pack", "5♠ → pack"))
    refused(game, Move("shuffle", (), "talon", "pack", "shuffle"))
    with pytest.raises(InvalidPosition):
        TheHerringBone.from_position("the-herring-bone seed=1\nbone 29: 5♠")
    with pytest.raises(InvalidPosition):
        TheHerringBone.from_position(str(game).replace("bar 1: 5♠", "bar 1: 5♠ 5♠"))
    text = str(game)
    assert TheHerringBone.from_position(text) == game


def test_inconsistencies_name_what_no_game_can_reach() -> None:
    game = TheHerringBone.deal(2)
    game.play(game.legal_moves()[0])
    game.piles["bar 2"], game.piles["side scene 1"] = game.piles["side scene 1"], game.piles["bar 2"]
    assert game.inconsistencies() == []
    game.piles["side scene 1"] = game.piles["side scene 1"].added(game.piles["side scene 2"].cards)
    game.piles["bar 1"] = game.piles["bar 1"].without(1)
    faults = game.inconsistencies()
    assert any("side scene 1 holds 2 cards" in f for f in faults)
    assert any("bar 1 is empty while the herring-bone holds cards" in f for f in faults)


# ------------------------------------------------------------------------ the worked game
def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-herring-bone", seed=record.start.seed)
    game = record.replay()
    assert game.is_won and game.result == "won"
