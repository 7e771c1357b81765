"""The Carpet: the oddities the chapter does not show (the weave and the availability of every place,
the option ``ends``, ``direction`` and ``redeals``, the re-deal's shuffle, bad input, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.games.the_carpet import CARPET, PLACES, SUITS, TheCarpet, upright

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-carpet.txt"


def test_the_foundations_are_withdrawn_and_64_cards_laid() -> None:
    game = TheCarpet.deal(3)
    assert [game.piles[f"foundation {i}"].top.text for i in range(1, 9)] == \
        [f"A{s.value}" for s in SUITS] + [f"K{s.value}" for s in SUITS]
    assert all(len(game.piles[p]) == 1 for p in CARPET)
    assert len(game.piles["pack"]) == 32 and game.piles["pack"].face_down == 32
    assert Counter(game.cards()) == Counter(game.pack())


def test_the_weave_alternates_like_a_chess_board() -> None:
    for name, (row, column) in PLACES.items():
        assert upright(name) == ((row + column) % 2 == 0)
    spots = {s.pile: s for s in TheCarpet.deal(1).layout()}
    assert spots["row 1 column 1"].angle == 0 and spots["row 1 column 2"].angle == 90


def test_the_sixteen_crosses_of_a_full_carpet_are_its_edge_ends() -> None:
    free = TheCarpet.deal(9).available()
    assert len(free) == 16
    for name in free:
        row, column = PLACES[name]
        if upright(name):
            assert row in (1, 8)
        else:
            assert column in (1, 8)


def test_touching_and_lane_readings_differ_inside() -> None:
    # the Q♣ lies upright at row 3 column 3: the place above it is empty, the 6♣ lies beyond that,
    # and the J♣ touches its lower end
    carpet = {"row 1 column 3": "6♣", "row 3 column 3": "Q♣", "row 4 column 3": "J♣"}
    touching, lane = TheCarpet.arrange(carpet), TheCarpet.arrange(carpet, ends="lane")
    assert touching.is_available("row 3 column 3") and not lane.is_available("row 3 column 3")
    assert refused(lane, "Q♣ → talon").rule == "II"
    opened = TheCarpet.arrange({"row 3 column 3": "Q♣", "row 4 column 3": "J♣"}, ends="lane")
    assert opened.is_available("row 3 column 3")


def test_direction_keep_holds_a_sequence_on_the_talon_to_its_way() -> None:
    carpet = {"row 1 column 1": "9♥", "row 8 column 8": "8♥"}
    either = TheCarpet.arrange(carpet, talon="2♣ 8♥")
    keep = TheCarpet.arrange(carpet, talon="2♣ 8♥", direction="keep")
    for game in (either, keep):
        game.play("9♥ → 8♥")
    either.play("8♥ → 9♥")
    assert either.piles["talon"].top.text == "8♥"
    assert "goes on in its direction" in str(refused(keep, "8♥ → 9♥"))


def test_redeals_shuffle_the_talon_reproducibly_and_only_twice() -> None:
    game = TheCarpet.deal(2)
    while game.piles["pack"].cards:
        game.play("deal")
    talon = Counter(game.piles["talon"].cards)
    again = game.copy()
    game.play("redeal")
    again.play("redeal")
    assert game == again and Counter(game.piles["pack"].cards) == talon
    assert game.piles["pack"].face_down == sum(talon.values()) and game.piles["talon"].is_empty
    while game.piles["pack"].cards:
        game.play("deal")
    game.play("redeal")
    while game.piles["pack"].cards:
        game.play("deal")
    assert refused(game, "redeal").rule == "Re-deal"
    assert TheCarpet.deal(2, redeals=0).options.redeals == 0


def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = TheCarpet.from_plate()
    before = str(game)
    for text in ("6♠ → 7♦", "nonsense", "6♠ → nowhere"):
        refused(game, text, (InvalidMove, IllegalMove))
    with pytest.raises(InvalidPosition):
        TheCarpet.from_position(before.replace("row 1 column 1: 6♠", "row 1 column 1: 6♠ 6♠"))
    with pytest.raises(InvalidPosition):
        TheCarpet.arrange({"row 9 column 1": "5♥"})
    with pytest.raises(InvalidPosition):
        TheCarpet.arrange({"row 1 column 1": "A♦", "row 1 column 2": "A♦"})  # a third A♦


def test_the_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-carpet", seed=4)
    assert record.replay().is_won
