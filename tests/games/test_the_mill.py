"""The Mill: the oddities the chapter does not show (the lay-out, the vacancies and their refills, the
kings' angles, the centre's families, the privilege under both readings, the solver's hooks, bad input,
the recorded worked game)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, render
from patience.cards import Rank
from patience.games.the_mill import ANGLES, WINGS, TheMill

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-mill.txt"

#: Centre at the 5♥ of its fourth family; angle 4 at the 6♥, angle 1 at its Q♣; the wings full.
WINGS_USE = ["9♣", "7♦", "9♠", "10♠", "J♠", "Q♠", "10♣", "J♣"]
WINGS_IDLE = ["9♣", "8♦", "9♠", "10♠", "J♠", "Q♠", "10♣", "J♣"]
HEIGHTS = [13, 13, 13, 8]


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 4])
def test_the_first_ace_to_the_centre_and_the_next_eight_to_the_wings(seed: int) -> None:
    game = TheMill.deal(seed)
    order = game.shuffle(game.pack())
    ace = next(c for c in order if c.rank == Rank.ACE)
    rest = list(order)
    rest.remove(ace)
    assert game.piles["centre"].cards == (ace,)
    assert [game.piles[w].top for w in WINGS] == rest[:8]
    assert list(reversed(game.piles["pack"].cards)) == rest[8:]
    assert all(not game.piles[a].cards for a in ANGLES) and not game.piles["talon"].cards
    assert Counter(game.cards()) == Counter(game.pack())


def test_a_vacancy_is_refilled_before_anything_else() -> None:
    game = TheMill.deal(1)
    game.play("K♠ → angle 2")
    assert [str(m) for m in game.legal_moves()] == ["pack → wing 2"]
    assert refused(game, "turn").rule == "Wings"
    assert refused(game, "8♠ → centre").rule == "Wings"
    game.play("pack → wing 2")
    game.play("turn")
    talon = game.piles["talon"].top
    # a vacancy may be refilled from the talon too, and only a vacancy takes a card
    with pytest.raises(InvalidMove):
        game.play(f"{talon} → wing 1")
    plays = [m for m in game.legal_moves() if m.kind == "move" and m.source.startswith("wing")]
    if plays:
        game.play(plays[0])
        fills = [str(m) for m in game.legal_moves()]
        assert fills == [f"pack → {plays[0].source}", f"{talon} → {plays[0].source}"]
        game.play(fills[1])
        assert game.piles[plays[0].source].top == talon


def test_with_pack_and_talon_exhausted_a_vacancy_stays() -> None:
    game = TheMill.arrange(["2♠", "A♦", "", "", "", "", "", ""])
    assert game.vacancy() is None and game.inconsistencies() == []
    game.play("2♠ → angle 1")
    game.play("A♦ → angle 1")
    assert game.is_won and game.result == "won"
    assert refused(game, "turn").rule == "Deal"


def test_the_talon_shows_only_its_top_card() -> None:
    game = TheMill.arrange(WINGS_USE, talon="7♣ 5♣", centre=44, heights=HEIGHTS)
    e = refused(game, "7♣ → angle 4")
    assert e.rule == "I" and "talon" in str(e)
    assert game.play("5♣ → angle 4").source == "talon"


# ------------------------------------------------------------------ the foundations
def test_angles_take_kings_and_the_centre_a_king_only_when_the_angles_are_filled() -> None:
    game = TheMill.deal(7)  # K♥ and K♥ among the wings
    assert refused(game, "10♠ → angle 1").rule == "Angles"
    game.play("K♥ → angle 1")
    game.play("pack → wing 2")
    # a queen on the centre and a king: refused while three angles are empty
    late = TheMill.arrange(["K♠", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣"], centre=12,
                           heights=[0, 13, 13, 13])
    assert late.piles["centre"].top.rank == Rank.QUEEN and late.inconsistencies() == []
    e = refused(late, "K♠ → centre")
    assert e.rule == "Angles" and "first four kings" in str(e)
    late.play("K♠ → angle 1")
    assert late.piles["angle 1"].top.rank == Rank.KING


def test_the_centre_goes_round_from_king_to_ace_and_ends_at_four_families() -> None:
    game = TheMill.arrange(["A♠", "2♣", "Q♦", "J♦", "10♦", "9♦", "8♦", "7♦"], centre=39,
                           heights=[13, 13, 13, 6])
    assert game.piles["centre"].top.rank == Rank.KING and game.inconsistencies() == []
    assert game.play("A♠ → centre").target == "centre"
    full = TheMill.arrange(["2♠", "A♦", "", "", "", "", "", ""])
    e = refused(full, "2♠ → centre")
    assert e.rule == "Centre" and "complete" in str(e)
    e = refused(full, "A♦ → angle 2")
    assert e.rule == "Angles" and "complete" in str(e)
    assert refused(full, "2♠ → angle 2").rule == "Angles"


def test_the_king_packets_descend_whatever_the_suit() -> None:
    game = TheMill.arrange(WINGS_USE, centre=44, heights=HEIGHTS)
    assert refused(game, "10♣ → angle 1").rule == "II"
    assert refused(game, "9♣ → centre").rule == "II"
    assert game.play("J♣ → angle 1").target == "angle 1"


# ----------------------------------------------------------------- the privilege
def test_the_privilege_needs_an_immediate_use() -> None:
    game = TheMill.arrange(WINGS_USE, centre=44, heights=HEIGHTS)
    assert str(game.piles["angle 4"].top) == "6♥" and game.inconsistencies() == []
    assert game.play("6♥ → centre").source == "angle 4"
    assert game.counters["transfers"] == 8
    # the 7♦ of the wings comes into use on the centre, and the count of transfers starts again
    game.play("7♦ → centre")
    assert game.counters["transfers"] == 0
    idle = TheMill.arrange(WINGS_IDLE, centre=44, heights=HEIGHTS)
    e = refused(idle, "6♥ → centre")
    assert e.rule == "Privilege" and "immediate use" in str(e)
    free = TheMill.arrange(WINGS_IDLE, centre=44, heights=HEIGHTS, privilege="free")
    assert free.play("6♥ → centre").source == "angle 4" and free.counters["transfers"] == 0


def test_the_privilege_one_card_of_each_at_a_time() -> None:
    # angle 4 at the 6♥ over the 7♥; the centre at the 5♥; a 7 and an 8 wait in the wings
    wings = ["9♣", "7♦", "8♠", "10♠", "J♠", "Q♠", "10♣", "J♣"]
    game = TheMill.arrange(wings, centre=44, heights=HEIGHTS)
    game.play("6♥ → centre")
    assert str(game.piles["angle 4"].top) == "7♥"
    e = refused(game, "7♥ → centre")
    assert e.rule == "Privilege" and "one card of each" in str(e)
    free = TheMill.arrange(wings, centre=44, heights=HEIGHTS, privilege="free")
    free.play("6♥ → centre")
    assert free.play("7♥ → centre").source == "angle 4"


def test_a_king_stays_in_its_angle() -> None:
    game = TheMill.arrange(["K♠", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣"], centre=51,
                           heights=[1, 13, 13, 13])
    e = refused(game, "K♣ → centre")
    assert e.rule in ("Privilege", "Angles")


# ------------------------------------------------------------ bad input, positions
def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = TheMill.deal(3)
    for text in ("", "turn the mill", "7X → centre", "9♦ → nowhere"):
        refused(game, text, (InvalidMove, IllegalMove))
    assert refused(game, "redeal").rule == "Re-deal"
    assert game.history == []


def test_malformed_positions_are_refused() -> None:
    text = str(TheMill.deal(3))
    with pytest.raises(InvalidPosition):
        TheMill.from_position(text.replace("wing 1:", "wing 9:"))
    with pytest.raises(InvalidPosition):
        TheMill.from_position(text.replace("transfers=0", "transfers=x"))
    with pytest.raises(InvalidPosition):
        TheMill.arrange(["2♠"])
    with pytest.raises(InvalidPosition):
        TheMill.arrange(["2♠", "2♠", "2♠", "", "", "", "", ""])


def test_inconsistencies_name_what_no_game_reaches() -> None:
    game = TheMill.deal(2)
    assert game.inconsistencies() == []
    game.piles["wing 1"] = game.piles["wing 1"].added(game.piles["wing 2"].cards)
    game.piles["wing 2"] = game.piles["wing 2"].without(1)
    assert "a wing holds more than one card" in game.inconsistencies()
    free = TheMill.arrange(WINGS_USE, centre=44, heights=HEIGHTS, privilege="free", transfers=8)
    assert free.inconsistencies() == ["with privilege=free no transfer is counted"]
    early = TheMill.arrange(["K♠", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣"], centre=51, heights=[0, 13, 13, 13])
    assert early.inconsistencies() == ["a king lies on the centre while an angle is empty"]


def test_text_diagram_and_picture() -> None:
    game = TheMill.from_plate()
    assert "A♥" in render.text(game) and "##×95" in render.text(game)
    picture = game._repr_svg_()
    assert picture.count('data-pile="wing') == 8 and picture.count('data-pile="angle') == 4


# ------------------------------------------------------------------ for solvers
def test_solver_hooks() -> None:
    game = TheMill.from_plate()
    for _ in range(12):
        game.play(game.legal_moves()[0])
    useful = game.useful_moves()
    assert set(useful) <= set(game.legal_moves())
    # suits never matter: a key made of values
    key = game.solver_key()
    assert all(isinstance(v, int) for v in key[0])


def test_random_play_both_readings(legal_moves_checked) -> None:
    for privilege in ("strict", "free"):
        game = TheMill.arrange(WINGS_USE, centre=44, heights=HEIGHTS, privilege=privilege)
        legal_moves_checked(game, random.Random(5), 30)


def test_the_recorded_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == TheMill.from_plate()
    end = record.replay()
    assert end.is_won and end.result == "won"
