"""Fortress: the oddities the chapter does not show."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
import patience
from patience import Card, InvalidMove, InvalidPosition, Move, Record, UnknownOption, render
from patience.cards import shuffled, whist_pack
from patience.games.fortress import Fortress
from patience.render import fan_width

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "fortress.txt"

#: Late in a game: one lane (right row 3), the 2♥ under the 3♥ … 8♥ (the book's note).
LATE = {
    "left row 1": "Q♠ 9♦", "left row 2": "K♠ J♣", "left row 3": "9♥ 10♦", "left row 4": "K♦ Q♣",
    "left row 5": "J♠ K♣ J♦", "right row 1": "J♥ Q♦", "right row 2": "10♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥",
    "right row 4": "K♥ 10♠ 10♣", "right row 5": "Q♥ 8♦",
}


def card(text: str) -> Card:
    return Card.parse(text)


# ---------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("seed", [1, 2, 99])
def test_deal_makes_two_groups_of_five_rows(seed: int) -> None:
    game = Fortress.deal(seed)
    assert [len(game.piles[r]) for r in game.piles_of("left row")] == [5, 5, 5, 5, 6]
    assert [len(game.piles[r]) for r in game.piles_of("right row")] == [5, 5, 5, 5, 6]
    assert all(game.piles[f].is_empty for f in game.piles_of("foundation"))
    assert Counter(game.cards()) == Counter(game.pack())


def test_deal_goes_across_each_line_from_the_left_hand() -> None:
    """The first five cards make the top row of the left-hand group, read from its outside
    card in; the next five the top row of the right-hand group, read from the centre out."""
    game = Fortress.deal(7)
    order = shuffled(whist_pack(), 7)
    assert list(reversed(game.piles["left row 1"].cards)) == order[:5]
    assert list(game.piles["right row 1"].cards) == order[5:10]
    assert list(reversed(game.piles["left row 5"].cards)) == order[40:46]
    assert list(game.piles["right row 5"].cards) == order[46:]


def test_plate_position() -> None:
    game = Fortress.from_plate()
    assert Counter(game.cards()) == Counter(game.pack())
    assert [len(game.piles[r]) for r in game.rows()] == [5, 5, 5, 5, 6] * 2
    assert game.piles["left row 1"].top == card("J♣") and game.piles["right row 5"].top == card("K♦")
    assert Fortress.from_position(str(game)) == game
    assert not any(game.piles[r].top.rank == 1 for r in game.rows())  # no ace outside on the plate


# ---------------------------------------------------------------------------- Rule I
def test_only_the_outside_card_moves() -> None:
    game = Fortress.from_plate()
    sources = {m.source: m.cards[0] for m in game.moves() if m.kind == "move"}
    assert sources == {r: game.piles[r].top for r in game.rows()}
    problem = refused(game, "A♦ → foundation")
    assert problem.rule == "I" and "(A♦)" in str(problem)


def test_cards_move_one_at_a_time_and_never_from_a_foundation() -> None:
    game = Fortress.arrange(LATE)
    two = Move("move", (card("7♥"), card("8♥")), "right row 2", "right row 3")
    assert refused(game, two).rule == "I"
    ace = Move("move", (card("A♥"),), "foundation 2", "right row 3")
    assert refused(game, ace).rule == "I"
    stale = Move("move", (card("7♥"),), "right row 2", "right row 3")  # not the outside card
    assert refused(game, stale).rule == "I"
    itself = Move("move", (card("8♥"),), "right row 2", "right row 2")
    assert refused(game, itself).rule == "I"


def test_unknown_moves() -> None:
    game = Fortress.from_plate()
    assert refused(game, Move("turn", notation="turn")).rule == "Play"
    assert refused(game, Move("move", (card("J♣"),), "left row 1", "waste")).rule == "Play"
    with pytest.raises(InvalidMove):
        game.play("shuffle")
    with pytest.raises(InvalidMove):
        game.play("J♣ → 10♣ → 9♣")


# ---------------------------------------------------------------------------- marriages
def test_marriages_go_both_ways_in_suit_within_and_across_groups() -> None:
    game = Fortress.from_plate()
    legal = {str(m) for m in game.legal_moves()}
    assert legal == {"J♣ → 10♣", "10♣ → J♣", "2♥ → 3♥", "3♥ → 2♥"}
    within = game.play("J♣ → 10♣")  # left group to left group, ascending
    assert (within.source, within.target) == ("left row 1", "left row 2")
    game.undo()
    across = game.play("3♥ → 2♥")  # right group to left group, ascending
    assert (across.source, across.target) == ("right row 2", "left row 4")
    assert refused(game, "Q♥ → K♦").rule == "Marriages"
    assert "one up or one down" in str(refused(game, "K♦ → J♦"))


# ---------------------------------------------------------------------------- lanes
def test_any_available_card_fills_a_lane_and_names_it() -> None:
    game = Fortress.arrange(LATE)
    lane_moves = [m for m in game.legal_moves() if m.target == "right row 3"]
    assert {m.cards[0] for m in lane_moves} == {game.piles[r].top for r in game.rows() if game.piles[r].cards}
    assert all(str(m).endswith("→ lane") for m in lane_moves)
    move = game.play("Q♣ → right row 3")  # by the lane's name
    assert move.target == "right row 3" and game.piles["right row 3"].cards == (card("Q♣"),)
    assert game.piles["left row 4"].top == card("K♦")


def test_a_lane_by_its_name_or_kind() -> None:
    game = Fortress.arrange(LATE)
    assert game.play("8♥ → right row 3").target == "right row 3"
    game.undo()
    assert game.play("8♥ → right row").target == "right row 3"
    game.undo()
    assert game.play("8H to lane").target == "right row 3"


def test_the_last_card_of_a_row_may_move_to_another_lane() -> None:
    game = Fortress.arrange({"left row 1": "K♥", "right row 1": "Q♥"}, foundations="ascending")
    lanes = [m for m in game.legal_moves() if m.cards[0] == card("K♥") and m.target.endswith("row 2")]
    assert {m.target for m in lanes} == {"left row 2", "right row 2"}
    game.play(lanes[0])
    assert game.piles["left row 1"].is_empty


def test_reversing_the_books_sequence() -> None:
    game = Fortress.arrange(LATE)
    for move in ("8♥ → lane", "7♥ → 8♥", "6♥ → 7♥", "5♥ → 6♥", "4♥ → 5♥", "3♥ → 4♥", "2♥ → 3♥"):
        game.play(move)
    assert str(game.piles["right row 3"]) == "8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"
    assert str(game.piles["right row 2"]) == "10♥"
    for rank in "2345678":
        game.play(f"{rank}♥ → foundation")
    assert game.piles["right row 3"].is_empty and len(game.piles["foundation 2"]) == 8


def test_two_lanes_two_moves_one_notation_and_the_record_tells_them_apart() -> None:
    game = Fortress.arrange({"left row 1": "K♥", "right row 1": "Q♥ J♥"})
    twins = [m for m in game.legal_moves() if str(m) == "J♥ → lane"]
    assert len(twins) == 8
    game.play(twins[3])
    text = game.record().to_text()
    assert text.rstrip().endswith("J♥ → lane #3")
    assert Record.from_text(text).replay() == game


# ---------------------------------------------------------------------------- foundations
def test_aces_take_the_first_empty_foundation() -> None:
    spades = "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♠"
    game = Fortress.arrange({"left row 1": spades, "right row 1": spades.replace("♠", "♥")})
    # every suit but spades and hearts is complete, on foundations 1 and 2
    assert [game.piles[f].top for f in game.piles_of("foundation")][:2] == [card("K♦"), card("K♣")]
    assert game.play("A♥ → foundation").target == "foundation 3"
    assert game.play("A♠ → foundation").target == "foundation 4"
    assert refused(game, "2♠ → foundation 3").rule == "II"


def test_descending_foundations() -> None:
    hearts = "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"
    game = Fortress.arrange({"left row 1": hearts, "right row 1": "2♥"}, foundations="descending")
    assert str(game.piles["foundation 2"]) == "A♥"
    problem = refused(game, "2♥ → foundation")
    assert problem.rule == "Foundations" and "descend" in str(problem)
    game.play("K♥ → foundation")
    game.play("Q♥ → foundation")
    assert str(game.piles["foundation 2"]) == "A♥ K♥ Q♥"
    assert game.spec == "fortress(foundations=descending)"
    assert Fortress.from_position(str(game)) == game


def test_the_option() -> None:
    game = patience.load("fortress(foundations=descending)", seed=4)
    assert game.foundation_order()[:3] == [1, 13, 12]
    assert patience.load("fortress", seed=4).foundation_order()[:3] == [1, 2, 3]
    with pytest.raises(UnknownOption):
        patience.load("fortress(foundations=sideways)")


# ---------------------------------------------------------------------------- arrange
def test_arrange_refuses_impossible_positions() -> None:
    with pytest.raises(InvalidPosition, match="unknown row"):
        Fortress.arrange({"row 1": "K♥"})
    with pytest.raises(InvalidPosition, match="twice"):
        Fortress.arrange({"left row 1": "K♥", "left row 2": "K♥"})
    with pytest.raises(InvalidPosition, match="not the start of a foundation"):
        Fortress.arrange({"left row 1": "5♥"})
    with pytest.raises(InvalidPosition, match="not the start of a foundation"):
        Fortress.arrange({"left row 1": "K♥"}, foundations="descending")


# ---------------------------------------------------------------------------- re-deal and the end
def test_no_redeal_ever() -> None:
    for game in (Fortress.from_plate(), patience.load("fortress", seed=3)):
        assert refused(game, "redeal").rule == "Re-deal"


def test_a_dead_deal_is_lost_and_a_cleared_table_won() -> None:
    assert patience.load("fortress", seed=3).result == "lost"
    game = Fortress.arrange({"right row 1": "K♠"})
    game.play("K♠ → foundation")
    assert game.is_won and game.result == "won" and game.legal_moves() == []


# ---------------------------------------------------------------------------- pictures
def test_layout_left_rows_fan_left_and_end_at_the_aces() -> None:
    game = Fortress.arrange(LATE)
    spots = {s.pile: s for s in game.layout()}
    assert set(spots) == set(game.piles)
    lefts = [spots[r] for r in game.piles_of("left row")]
    assert {s.fan for s in lefts} == {"left"}
    assert {s.fan for s in (spots[r] for r in game.piles_of("right row"))} == {"right"}
    ends = {round(s.x + fan_width(len(game.piles[s.pile])), 6) for s in lefts}
    assert len(ends) == 1  # every left-hand row ends at the same inner edge
    assert render.svg(game).startswith("<svg")


def test_table_marks_lanes_and_foundations() -> None:
    lines = Fortress.arrange(LATE).table().splitlines()
    assert len(lines) == 5
    assert lines[2].split() == ["10♦", "9♥", "7♦×7", "--"]
    assert lines[1].split()[2] == "A♥"
    empty = Fortress.from_plate().table().splitlines()
    assert empty[0].split()[5:7] == ["A", "--"]


# ---------------------------------------------------------------------------- the worked game
def test_worked_game_record_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.replay()
    assert game.is_won and record.start.seed == 26
    lanes = sum(1 for m in record.moves if str(m).endswith("→ lane") or " → lane #" in str(m))
    assert lanes > 0


def test_every_position_of_the_worked_game_round_trips_and_undoes() -> None:
    """The property suite's random games die young in Fortress; the worked game reaches lanes and reversals."""
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.start.copy()
    for move in record.moves:
        before = str(game)
        game.play(move)
        assert Fortress.from_position(str(game)) == game
        assert Counter(game.cards()) == Counter(game.pack())
        game.undo()
        assert str(game) == before
        game.play(move)
    assert game.is_won


# ---------------------------------------------------------------------------- for the solver
@pytest.mark.parametrize("foundations", ["ascending", "descending"])
def test_legal_moves_is_the_filter_of_moves(foundations: str, legal_moves_checked) -> None:
    import random

    starts = [Fortress.deal(seed, foundations=foundations) for seed in (1, 3, 8, 21)]
    if foundations == "ascending":
        starts.append(Fortress.arrange(LATE))
    for n, game in enumerate(starts):
        rng = random.Random(n)
        legal_moves_checked(game, rng, 60)


def test_a_card_whose_other_marriage_is_out_is_played_safely() -> None:
    game = Fortress.arrange(LATE)
    assert str(game.safe_move(game.legal_moves())) == "10♣ → foundation"  # the 9♣ out, the J♣ to follow
    ace = {"left row 1": "2♥ A♥", "right row 1": "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥"}
    assert str(Fortress.arrange(ace).safe_move(Fortress.arrange(ace).legal_moves())) == "A♥ → foundation"
    down = Fortress.arrange(ace, foundations="descending")
    assert "A♥ → foundation" in [str(m) for m in down.legal_moves()]
    assert down.safe_move(down.legal_moves()) is None, "descending, the 2♥ is the last card: it may marry the A♥"


def test_rows_of_either_group_and_lanes_are_alike_to_the_solver() -> None:
    game = Fortress.arrange(LATE)
    swapped = dict(LATE)
    swapped["left row 1"], swapped["right row 1"] = LATE["right row 1"], LATE["left row 1"]
    assert Fortress.arrange(swapped).solver_key() == game.solver_key() != Fortress.arrange(swapped).state_key()
    two = dict(LATE)
    del two["left row 3"]
    game = Fortress.arrange({**two, "right row 4": "K♥ 10♠ 10♣ 10♦ 9♥"})
    lanes = [m for m in game.legal_moves() if game.piles[m.target].is_empty]
    assert {m.target for m in lanes} == {"left row 3", "right row 3"}
    assert {m.target for m in game.useful_moves() if game.piles[m.target].is_empty} == {"left row 3"}
