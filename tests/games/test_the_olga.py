"""The Olga: what the chapter does not show (the deal, the options, the position text, bad input, the
invariants, the solver's hooks) and the worked game of the notebook."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from patience import Move, Record, load
from patience.cards import Rank
from patience.errors import IllegalMove, InvalidMove, InvalidPosition
from patience.games.the_olga import COLUMN_PLACES, PLATE_CARDS, TheOlga

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-olga.txt"


def test_the_deal_is_four_piquet_packs_in_a_flower_bed_of_seven_rows() -> None:
    game = TheOlga.deal(seed=5)
    counts = Counter((card.rank, card.suit) for card in game.cards())
    assert len(counts) == 32 and set(counts.values()) == {4}
    assert all(card.rank == Rank.ACE or card.rank >= Rank.SEVEN for card in game.cards())
    for places in COLUMN_PLACES:
        assert [len(game.piles[name]) for name in places] == [1] * 7
        assert [game.piles[name].face_down for name in places] == [0, 1, 0, 1, 0, 1, 0]
    assert len(game.piles["pack"]) == 79 and game.piles["pack"].face_down == 79
    assert game.inconsistencies() == []


def test_a_face_down_card_is_turned_when_uncovered_and_a_covered_card_is_not_available() -> None:
    game = TheOlga.arrange({"row 1 column 1": "J♣", "row 2 column 1": "[10♦]", "row 3 column 1": "9♠",
                            "row 1 column 2": "10♥"})
    assert "Rule II" in str(game.violation(_move(game, "row 1 column 1", 1, "row 1 column 2")))
    game.play("9♠ → 10♥")
    assert str(game.piles["row 2 column 1"]) == "10♦" and str(game.piles["row 1 column 1"]) == "J♣"
    assert "Rule II" in str(game.violation(_move(game, "row 1 column 1", 1, "row 1 column 2")))
    game.undo()
    assert str(game.piles["row 2 column 1"]) == "[10♦]"


def test_a_space_is_filled_at_the_top_and_built_on() -> None:
    game = TheOlga.arrange({"row 1 column 1": "J♣", "row 2 column 1": "[10♦]", "row 3 column 1": "9♠",
                            "row 1 column 2": "Q♥", "row 2 column 2": "[K♠]", "row 3 column 2": "10♥"},
                           talon="8♥")
    game.play("9♠ → column 3")
    assert str(game.piles["row 1 column 3"]) == "9♠" and game.piles["row 3 column 1"].is_empty
    game.play("8♥ → 9♠")
    assert str(game.piles["row 1 column 3"]) == "9♠ 8♥"
    # a card may not go to a place below the top of an empty column
    move = next(m for m in game.moves() if m.target == "row 1 column 4")
    wrong = move.__class__(move.kind, move.cards, move.source, "row 4 column 4", move.notation)
    assert "Rule II" in str(game.violation(wrong))
    assert game.inconsistencies() == []


def test_only_the_first_of_the_spaces_is_searched() -> None:
    game = TheOlga.arrange({"row 1 column 1": "J♣", "row 2 column 1": "[10♦]", "row 3 column 1": "9♠"})
    spaces = [m.target for m in game.legal_moves() if m.notation == "9♠ → space"]
    assert spaces == [f"row 1 column {c}" for c in range(2, 8)]
    assert [m.target for m in game.useful_moves() if m.notation == "9♠ → space"] == ["row 1 column 2"]


def test_runs_move_whole_by_default_only_when_in_sequence_and_not_with_runs_false() -> None:
    places = {"row 1 column 1": "Q♦ J♣ 10♥", "row 1 column 2": "K♠", "row 1 column 3": "J♠ 9♥"}
    single = TheOlga.arrange(places, runs=False)
    before = str(single)
    with pytest.raises(IllegalMove, match="one available card"):
        single.play("Q♦ J♣ 10♥ → K♠")
    assert str(single) == before and single.spec == "the-olga(runs=false)"
    assert all(len(m.cards) == 1 for m in single.legal_moves() if m.kind == "move")
    runs = TheOlga.arrange(places)
    assert runs.options.runs and runs.spec == "the-olga"
    assert "only a sequence" in str(runs.violation(_move(runs, "row 1 column 3", 2, "row 1 column 2")))
    runs.play("Q♦–10♥ → K♠")
    assert str(runs.piles["row 1 column 2"]) == "K♠ Q♦ J♣ 10♥" and runs.piles["row 1 column 1"].is_empty
    runs.undo()
    runs.play("J♣ 10♥ → space")
    assert str(runs.piles["row 1 column 4"]) == "J♣ 10♥"
    # the whole of a column moved to a space fills none
    assert "fills no space" in str(runs.violation(_move(runs, "row 1 column 1", 1, "row 1 column 5")))


def _move(game: TheOlga, source: str, count: int, target: str) -> Move:
    """The move of the top ``count`` cards of ``source`` to ``target``, made by hand."""
    cards = game.piles[source].cards[-count:]
    return Move("move", cards, source, target, "")


def test_an_ace_goes_on_a_seven_only_with_the_option() -> None:
    places = {"row 1 column 1": "8♥ 7♣", "row 1 column 2": "A♦"}
    assert not [m for m in TheOlga.arrange(places).legal_moves() if m.notation == "A♦ → 7♣"]
    game = TheOlga.arrange(places, ace_on_seven=True)
    game.play("A♦ → 7♣")
    assert str(game.piles["row 1 column 1"]) == "8♥ 7♣ A♦" and game.inconsistencies() == []


def test_a_move_is_named_by_its_column() -> None:
    game = TheOlga.arrange({"row 1 column 1": "9♥", "row 1 column 5": "9♦", "row 1 column 2": "8♠"})
    game.play("8♠ → column 5")
    assert str(game.piles["row 1 column 5"]) == "9♦ 8♠"


def test_bad_moves_leave_the_game_as_it_was() -> None:
    game = load("the-olga", seed=3)
    before = str(game)
    for text in ("7♥ → 2♠", "deal deal", "A♦ → nowhere", "Z♠ → foundation"):
        with pytest.raises((InvalidMove, IllegalMove)):
            game.play(text)
        assert str(game) == before and not game.history
    with pytest.raises(InvalidMove):
        game.play("2♥ → foundation")  # no deuces in a piquet pack


def test_malformed_positions_are_refused() -> None:
    text = str(load("the-olga", seed=3))
    with pytest.raises(InvalidPosition, match="face-down"):
        TheOlga.from_position(text.replace("row 2 column 1: [", "row 2 column 1: 8♠ ["))
    with pytest.raises(InvalidPosition, match="unknown pile"):
        TheOlga.from_position(text + "\nrow 8 column 1: 7♠")
    with pytest.raises(InvalidPosition, match="not those of the pack"):
        TheOlga.from_position(text.replace("row 1 column 1: ", "row 1 column 1: 2♠ "))
    with pytest.raises(InvalidPosition, match="28 cards"):
        TheOlga.from_cards("7♠ 8♠")
    with pytest.raises(InvalidPosition, match="four piquet packs"):
        TheOlga.from_cards(" ".join(["A♦"] * 5 + PLATE_CARDS.split()[5:]))
    with pytest.raises(InvalidPosition, match="unknown place"):
        TheOlga.arrange({"row 9 column 1": "7♠"})
    with pytest.raises(InvalidPosition, match="too many"):
        TheOlga.arrange({"row 1 column 1": "7♠ 7♠ 7♠ 7♠ 7♠"})


def test_what_no_game_can_reach() -> None:
    faults = TheOlga.arrange({"row 1 column 1": "9♥ 9♠", "row 2 column 1": "[8♠]",
                              "row 1 column 2": "[10♣]", "row 2 column 2": "[J♦]", "row 3 column 2": "7♠",
                              "row 1 column 3": "10♥", "row 3 column 3": "9♣"}).inconsistencies()
    assert faults == [
        "row 1 column 1 holds 2 cards, but a covered place holds its one card dealt",
        "row 2 column 1 lies face down at the foot of its column, but the card uncovered is turned face upward",
        "row 1 column 2 lies face down, but that row is dealt face up",
        "column 3 holds cards in row 3 but not in the rows above it",
    ]
    bad = TheOlga.arrange({"row 1 column 1": "9♥ 9♠"})
    assert bad.inconsistencies() == ["column 1 is out of sequence: 9♠ lies on 9♥"]


def test_the_solver_sees_the_columns_and_foundations_as_alike() -> None:
    game = TheOlga.arrange({"row 1 column 1": "9♥", "row 1 column 2": "8♠"})
    twin = TheOlga.arrange({"row 1 column 6": "9♥", "row 1 column 3": "8♠"})
    assert game.solver_key() == twin.solver_key() and game.state_key() != twin.state_key()


def test_a_card_goes_up_safely_only_when_nothing_could_lie_on_it() -> None:
    game = TheOlga.arrange({"row 1 column 1": "7♣"}, talon="8♥")
    moves = game.useful_moves()
    assert [str(m) for m in moves if m.target.startswith("foundation")] == ["8♥ → foundation", "7♣ → foundation"]
    # the 7♣ could still lie on the 8♥, so the 8♥ waits; nothing lies on a seven but the aces, all up
    assert str(game.safe_move(moves)) == "7♣ → foundation"


def test_the_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.replay().is_won
