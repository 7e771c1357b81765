"""The Flower-Garden: the oddities the chapter does not show (the deal, the Bouquet's order, the
runs option, bad input, the solver's hooks, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.cards import whist_pack
from patience.games.the_flower_garden import BEDS, TheFlowerGarden

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-flower-garden.txt"

#: Foundations high, ten cards left: the kings, the queens of spades, diamonds and clubs, the
#: knaves of spades and clubs, and the ten of clubs; the K♠ and the Q♦ in the Bouquet.
LATE = {
    "foundation 1": "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠",
    "foundation 2": "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥",
    "foundation 3": "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦",
    "foundation 4": "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣",
    "bed 1": "Q♠ K♣",
    "bed 2": "J♠",
    "bed 3": "K♦ 10♣",
    "bed 4": "K♥",
    "bed 5": "Q♣",
    "bed 6": "J♣",
}


def late(**options: object) -> TheFlowerGarden:
    return TheFlowerGarden.arrange(LATE, rest="bouquet", hidden=False, **options)


def test_the_deal_is_six_packets_of_six_then_the_bouquet() -> None:
    game = TheFlowerGarden.deal(seed=7)
    order = game.shuffle(whist_pack())
    for i, bed in enumerate(BEDS):
        assert game.piles[bed].cards == tuple(order[6 * i: 6 * i + 6])
    assert game.piles["bouquet"].cards == tuple(order[36:])
    assert all(not game.piles[f].cards for f in game.piles_of("foundation"))
    assert not any(pile.face_down for pile in game.piles.values())
    assert Counter(game.cards()) == Counter(whist_pack())


def test_a_card_leaves_the_bouquet_from_anywhere_in_the_hand() -> None:
    game = late()
    hand = [str(c) for c in game.piles["bouquet"]]
    assert hand == ["K♠", "Q♦"]
    game.play("J♠ → foundation")
    game.play("K♠ → space")  # the first card of the hand, into the space
    assert [str(c) for c in game.piles["bouquet"]] == ["Q♦"]
    assert str(game.piles["bed 2"]) == "K♠"


def test_a_king_leaves_its_bed_only_for_a_space() -> None:
    game = late()
    assert refused(game, "K♣ → foundation").rule == "Foundations"
    assert refused(game, "K♣ → foundation 2").rule == "II"
    game.play("J♠ → foundation")
    game.play("K♣ → space")
    assert game.play("Q♠ → foundation").target == "foundation 1"
    assert game.piles["bed 1"].is_empty and str(game.piles["bed 2"]) == "K♣"


def test_two_spaces_are_named_by_bed() -> None:
    game = late()
    for move in ("J♠ → foundation", "K♣ → space", "Q♠ → foundation", "K♠ → foundation"):
        game.play(move)
    assert "10♣ → space" in {str(m) for m in game.legal_moves()}
    for move in ("10♣ → foundation", "J♣ → foundation", "Q♣ → foundation", "K♣ → foundation"):
        game.play(move)
    names = {str(m) for m in game.legal_moves()}
    assert {"K♦ → bed 1", "K♦ → bed 2", "Q♦ → K♦"} <= names and "K♦ → space" not in names
    assert game.play("K♦ → bed 2").target == "bed 2"
    # a lone card moved into a space changes nothing but the bed's name: the solver skips it
    assert "K♦ → bed 1" in {str(m) for m in game.legal_moves()}
    assert "K♦ → bed 1" not in {str(m) for m in game.useful_moves()}


def test_runs_option() -> None:
    rows = {"bed 1": "K♠ 9♣ 8♥ 7♠", "bed 2": "10♦", "bed 3": "Q♣ J♦"}
    one = TheFlowerGarden.arrange(rows, rest="bouquet", hidden=False)
    assert refused(one, "9♣ 8♥ 7♠ → 10♦").rule == "I"
    runs = TheFlowerGarden.arrange(rows, rest="bouquet", hidden=False, runs=True)
    assert runs.spec == "the-flower-garden(runs=true)"
    assert {"8♥ 7♠ → 9♣", "9♣ 8♥ 7♠ → 10♦"} - {"8♥ 7♠ → 9♣"} <= {str(m) for m in runs.legal_moves()}
    assert refused(runs, "K♠ 9♣ 8♥ 7♠ → 10♦").rule == "I"  # K♠ 9♣ is no sequence: not a run
    e = refused(runs, "8♥ 7♠ → 10♦")
    assert e.rule == "III"
    runs.play("9♣ 8♥ 7♠ → 10♦")
    assert str(runs.piles["bed 2"]) == "10♦ 9♣ 8♥ 7♠" and str(runs.piles["bed 1"]) == "K♠"
    runs.undo()
    assert str(runs.piles["bed 1"]) == "K♠ 9♣ 8♥ 7♠"


def test_cards_from_the_bouquet_are_never_runs_and_foundations_keep_their_cards() -> None:
    game = late()
    assert refused(game, "J♠ → bouquet").rule == "Bouquet"
    game.play("J♠ → foundation")
    assert refused(game, "J♠ → Q♦").rule in ("Foundations", "I")


def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = TheFlowerGarden.from_plate()
    before = str(game)
    for text in ("", "4♦ → 5♣ → 6♦", "11 of cups → 5♣", "4♦ → 12♠"):
        refused(game, text, (InvalidMove, IllegalMove))
    refused(game, None, TypeError)
    assert not game.history
    with pytest.raises(InvalidPosition):
        TheFlowerGarden.from_position(before.replace("bed 6:", "bed 7:"))
    with pytest.raises(InvalidPosition):
        TheFlowerGarden.from_position(before.replace("4♦\n", "4♦ 4♦\n"))
    with pytest.raises(InvalidPosition):
        TheFlowerGarden.from_position(before.replace("the-flower-garden", "the-flower-garden(runs=maybe)"))


def test_inconsistent_positions_are_named() -> None:
    game = TheFlowerGarden.from_plate()
    game.piles["foundation 1"] = game.piles["bed 5"]
    game.piles["bed 5"] = type(game.piles["bed 5"])()
    faults = game.inconsistencies()
    assert faults == ["a foundation is out of sequence: foundation 1"]
    built = TheFlowerGarden.arrange({"bed 1": "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 9♥ 7♣"}, rest="bouquet", hidden=False)
    assert any("out of sequence: bed 1 holds 9♥ on 6♠" in f for f in built.inconsistencies())


def test_solver_hooks() -> None:
    game = TheFlowerGarden.from_plate()
    useful = game.useful_moves()
    assert set(useful) <= set(game.legal_moves())
    assert str(game.safe_move(useful)) == "A♥ → foundation"
    game.play("4♦ → 5♣")
    assert "4♦ → 5♠" not in {str(m) for m in game.useful_moves()}  # the card just moved stays
    twin = game.copy()
    twin.piles["bed 1"], twin.piles["bed 2"] = game.piles["bed 2"], game.piles["bed 1"]
    assert twin.solver_key() == game.solver_key() and twin.state_key() != game.state_key()


def test_the_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-flower-garden", seed=11)
    end = record.replay()
    assert end.is_won and end.result == "won" and not end.legal_moves()
