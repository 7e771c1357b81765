"""The Kings: the oddities the chapter does not show (the deal's order and its replacements, the
options, the text diagram, the layout, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from itertools import islice
from pathlib import Path

import pytest

from conftest import refused
from patience import Card, InvalidMove, InvalidPosition, Record, UnknownOption, load, render
from patience.games.the_kings import ACE_SUITS, TheKings

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-kings.txt"


def deal_out(game: TheKings, play: bool = True) -> TheKings:
    """Deal the rest of the pack, playing every suitable card at once if ``play``."""
    while game.dealing:
        plays = [m for m in game.legal_moves() if m.kind == "move"] if play else []
        game.play(plays[0] if plays else "deal")
    return game


#: Ten cards left, one of each value four to king; one foundation (8) waits for a 4.
LATE = {"left row 1": "9♥ 4♥ 5♠ 6♦", "left row 2": "7♣ 8♥", "left row 3": "10♣", "left row 4": "K♣ Q♦ J♠"}


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 21])
def test_aces_withdrawn_and_laid_a_suit_to_a_line(seed: int) -> None:
    game = TheKings.deal(seed)
    for line, suit in enumerate(ACE_SUITS, start=1):
        left, right = game.piles[f"foundation {2 * line - 1}"], game.piles[f"foundation {2 * line}"]
        assert [str(c) for c in left.cards + right.cards] == [f"A{suit}"] * 2
    assert len(game.piles["pack"]) == 96 and game.piles["pack"].face_down == 96
    assert all(game.piles[r].is_empty for r in game.rows())
    assert Counter(game.cards()) == Counter(game.pack())


def test_places_are_columns_of_four_first_left_then_right() -> None:
    game = TheKings()
    first = list(islice(game.places(), 20))
    assert first[:4] == [(f"left row {n}", 1) for n in range(1, 5)]
    assert first[4:8] == [(f"right row {n}", 1) for n in range(1, 5)]
    assert first[8:12] == [(f"left row {n}", 2) for n in range(1, 5)]
    assert first[16] == ("left row 1", 3)


def test_dealing_without_playing_makes_twelve_columns_a_side() -> None:
    game = deal_out(TheKings.deal(5), play=False)
    assert [len(game.piles[r]) for r in game.rows()] == [12] * 8
    assert not game.dealing and game.piles["pack"].is_empty
    # the 13th card dealt went to the outside of the second left column's top row
    first = TheKings.deal(5)
    order = list(reversed(first.piles["pack"].cards))
    assert game.piles["left row 1"].cards[1] == order[8]
    assert game.piles["right row 4"].cards[0] == order[7]


def test_a_card_played_during_the_deal_is_replaced_in_its_place() -> None:
    game = TheKings.from_plate()
    for _ in range(7):
        game.play("deal")
    nxt = game.piles["pack"].top
    game.play("2♠ → foundation 6")
    assert game.piles["right row 3"].cards == (nxt,)
    assert game.piles["foundation 6"].top.rank == 2
    assert game.next_place() == "right row 4"
    assert len(game.piles["pack"]) == 88


#: Twelve cards, one of each value two to king; foundation 3 (on the second line) is at its ace.
SPADES = "4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"
HEIGHTS = [13, 13, 1, 13, 13, 13, 13, 13]


def test_the_last_card_played_is_not_replaced() -> None:
    # one card left to deal: the 2♣ of the second line goes out, the 3♦ takes its place, the deal ends
    game = TheKings.arrange({"left row 1": SPADES, "left row 2": "2♣"}, pack="3♦", heights=HEIGHTS)
    assert game.dealing
    game.play("2♣ → foundation")
    assert str(game.piles["left row 2"]) == "3♦" and not game.dealing
    # the last card dealt may be played anywhere, and nothing replaces it
    last = TheKings.arrange({"left row 1": SPADES, "left row 2": "3♦"}, pack="2♣", heights=HEIGHTS)
    last.play("deal")
    assert not last.dealing
    move = last.play("2♣ → foundation")
    assert move.target == "foundation 3" and last.piles[move.source].is_empty


def test_a_card_left_outside_stays_available_while_the_deal_goes_on() -> None:
    # The 3♥ of the top line was not suitable when it was dealt.  The 2♦ comes later, in the first
    # right-hand column, on the same line; once it is played, the 3♥ (not yet covered by a second
    # left-hand column) may follow it.
    game = TheKings.arrange({"left row 1": "3♥"}, pack="7♣ 8♣ 9♣ 2♦ 5♣ 6♣", heights=[1, 1] + [13] * 6)
    for _ in range(4):
        game.play("deal")
    assert str(game.piles["right row 1"]) == "2♦"
    assert refused(game, "3♥ → foundation").rule == "I"
    game.play("2♦ → foundation")
    game.play("3♥ → foundation")
    assert str(game.piles["foundation 1"].top) == "3♥"
    assert str(game.piles["left row 1"]) == "6♣" and str(game.piles["right row 1"]) == "5♣"


def test_deal_and_redeal_refused() -> None:
    game = deal_out(TheKings.deal(3))
    assert refused(game, "deal").rule == "Deal"
    assert refused(game, "redeal").rule == "Re-deal"
    assert refused(TheKings.deal(3), "redeal").rule == "Re-deal"


# --------------------------------------------------------------------- the rules
def test_rule_three_during_the_deal_and_after() -> None:
    game = TheKings.from_plate()
    for _ in range(7):
        game.play("deal")
    e = refused(game, "2♠ → foundation 7")
    assert e.rule == "III" and "during the deal" in str(e)
    # after the deal the 4♥ of the top line goes to foundation 8, on the bottom line;
    # with same_line=always it may not
    rows = {**LATE, "left row 1": "9♥ 6♦ 5♠ 4♥"}
    assert TheKings.arrange(rows).play("4♥ → foundation").target == "foundation 8"
    e = refused(TheKings.arrange(rows, same_line="always"), "4♥ → foundation")
    assert e.rule == "III" and "during the deal" not in str(e)


def test_inner_cards_and_cards_elsewhere() -> None:
    game = TheKings.arrange(LATE)
    assert refused(game, "4♥ → foundation").rule == "II"
    assert refused(game, "5♠ → 6♦").rule == "II"
    assert refused(game, "K♠ → Q♦").rule == "Foundations"
    early = TheKings.from_plate()
    assert refused(early, "K♠ → foundation").rule == "Deal"
    with pytest.raises(InvalidMove):
        early.play("deal the cards")


def test_sequences_up_and_down_any_suit_only_after_the_deal() -> None:
    game = TheKings.arrange({"left row 1": "K♣ 10♣ 9♦", "left row 2": "J♦ Q♠", "left row 3": "9♣ 8♥",
                             "right row 1": "Q♦ 10♥", "right row 2": "K♥ J♠ 8♠"})
    assert game.play("8♥ → 9♦").target == "left row 1"
    game.undo()
    assert game.play("10♥ → 9♦").target == "left row 1"
    assert refused(game, "8♠ → 10♥").rule == "I"
    during = TheKings.from_plate()
    for _ in range(16):
        during.play("deal")
    assert refused(during, "6♥ → 7♣").rule == "Sequences"


def test_direction_keep() -> None:
    rows = {"left row 1": "K♣ 10♣ 9♦", "left row 2": "J♦ Q♠", "left row 3": "9♣ 8♥",
            "right row 1": "Q♦ 10♥", "right row 2": "K♥ J♠ 8♠"}
    keep = TheKings.arrange(rows, direction="keep")
    assert "descending" in str(refused(keep, "10♥ → 9♦"))
    keep.play("8♠ → 9♦")
    # the Q♦ and 10♥ are not in sequence: the J♠ may go on the 10♥, and then the row goes up
    assert keep.play("J♠ → 10♥").target == "right row 1"
    keep.play("Q♠ → J♠")
    assert str(keep.piles["right row 1"]) == "Q♦ 10♥ J♠ Q♠"
    assert "ascending" in str(refused(keep, "J♦ → Q♠"))


#: Two foundations (7 and 8, on the bottom line) wait for a 4; the rest are complete.
BLOCKED = {
    "left row 1": "4♥ 6♦", "left row 2": "4♠ 6♣", "left row 3": "5♠ 9♥", "left row 4": "5♦ 9♣",
    "right row 1": "7♣ 8♥ J♠", "right row 2": "7♥ 8♠ J♦", "right row 3": "10♣ 10♦ Q♦ K♣ K♥",
    "right row 4": "Q♠",
}


def test_lanes() -> None:
    game = TheKings.arrange(LATE)
    # four empty rows: the moves name them; "space" and "lane" reach the first
    names = [str(m) for m in game.legal_moves() if m.cards[0].rank == 6]
    assert names == [f"6♦ → right row {n}" for n in range(1, 5)]
    assert game.play("6♦ → lane").target == "right row 1"
    game.undo()
    assert game.play("6♦ → right row 3").target == "right row 3"
    # one empty row: its moves are written "→ space"
    one = TheKings.arrange(BLOCKED)
    one.play("Q♠ → K♥")
    assert "6♦ → space" in [str(m) for m in one.legal_moves()]
    assert one.play("6♦ → space").target == "right row 4"
    # with lane=line, the bottom line still has cards on the left
    line = TheKings.arrange(BLOCKED, lane="line")
    line.play("Q♠ → K♥")
    assert refused(line, "6♦ → space").rule == "Lane"


def test_play_at_once() -> None:
    game = load("the-kings(play_at_once=true)", seed=21)
    for _ in range(7):
        game.play("deal")
    e = refused(game, "deal")
    assert e.rule == "Deal" and "2♠" in str(e)
    game.play("2♠ → foundation")
    game.play("deal")


def test_options_are_checked() -> None:
    with pytest.raises(UnknownOption):
        load("the-kings(lane=both)")
    with pytest.raises(UnknownOption):
        load("the-kings(same_line=never)")
    assert load("the-kings(direction=keep, lane=line)").spec == "the-kings(direction=keep,lane=line)"


def test_arrange_refuses_impossible_positions() -> None:
    with pytest.raises(InvalidPosition):
        TheKings.arrange({"left row 1": "K♠ K♠ K♠"})
    with pytest.raises(InvalidPosition):
        TheKings.arrange({"foundation 1": "A♠"})
    with pytest.raises(InvalidPosition):
        TheKings.arrange({"left row 1": "K♠"}, heights=[13] * 8)
    with pytest.raises(InvalidPosition):
        TheKings.arrange({}, heights=[13] * 7)


# ------------------------------------------------------------------ picture, record
def test_table_and_layout() -> None:
    game = deal_out(TheKings.deal(2))
    lines = game.table().splitlines()
    assert len(lines) == 5 and lines[-1] == "pack: exhausted"
    outside = str(game.piles["left row 1"].top)
    assert lines[0].split()[0] == outside
    spots = {s.pile: s for s in game.layout()}
    assert set(spots) == set(game.piles)
    assert all(spots[f"left row {n}"].fan == "left" for n in range(1, 5))
    assert all(spots[f"right row {n}"].fan == "right" for n in range(1, 5))
    # the left rows end where the aces begin, whatever their lengths
    from patience.render import fan_width

    ends = {round(spots[f"left row {n}"].x + fan_width(len(game.piles[f"left row {n}"])), 6) for n in range(1, 5)}
    assert len(ends) == 1 and min(spots[f"left row {n}"].x for n in range(1, 5)) >= 0
    assert render.svg(game).startswith("<svg") and render.text(game)


def test_plate_is_deal_21() -> None:
    assert TheKings.from_plate() == TheKings.deal(21)


def test_the_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == TheKings.deal(seed=4)
    game = record.start.copy()
    dealt = played = 0
    for move in record.moves:
        if game.dealing:
            dealt += move.kind == "deal"
            played += move.kind == "move"
        game.play(move)
    assert dealt + played == 96
    assert game.is_won and game.result == "won"


# ---------------------------------------------------------------------------- for the solver
def mostly_dealing(rng, legal):
    """The deal seven times in ten, so that the play after the deal is reached."""
    deal = [m for m in legal if m.kind == "deal"]
    return deal[0] if deal and rng.random() < 0.7 else rng.choice(legal)


@pytest.mark.parametrize("spec", ["the-kings", "the-kings(play_at_once=true)", "the-kings(same_line=always)",
                                  "the-kings(direction=keep,lane=line)"])
def test_legal_moves_is_the_filter_of_moves(spec: str, legal_moves_checked) -> None:
    import random

    for seed in (1, 4, 21):
        rng = random.Random(seed)
        game = load(spec, seed=seed)
        legal_moves_checked(game, rng, 250, mostly_dealing)


def test_foundations_as_high_are_alike_once_the_deal_is_over() -> None:
    rest = " ".join(f"{rank}♣ {rank}♣" for rank in "K Q J 10 9 8 7 6".split())
    game = TheKings.arrange({"left row 1": "5♠ 5♥", "right row 4": rest})
    assert [len(game.piles[f]) for f in game.piles_of("foundation")][-2:] == [4, 4]
    five = Card.parse("5♥")
    assert [str(m) for m in game.legal_moves() if m.target.startswith("foundation")] == \
        ["5♥ → foundation 7", "5♥ → foundation 8"]
    assert [str(m) for m in game.useful_moves() if m.target.startswith("foundation")] == ["5♥ → foundation 7"]
    assert game.safe_move(game.legal_moves()) is None and five == game.piles["left row 1"].top


def test_a_king_is_played_safely_when_every_queen_is_out() -> None:
    game = TheKings.arrange({"left row 1": "K♠"})
    assert str(game.safe_move(game.legal_moves())) == "K♠ → foundation 8"
    during = TheKings.arrange({"left row 1": "K♠"}, pack="K♥")
    assert during.safe_move(during.legal_moves()) is None


def test_rows_are_alike_once_the_deal_is_over() -> None:
    game = TheKings.arrange({"left row 1": "Q♥ K♠", "right row 3": "K♦"})
    other = TheKings.arrange({"right row 2": "Q♥ K♠", "left row 4": "K♦"})
    assert game.solver_key() == other.solver_key() and game.state_key() != other.state_key()
    lines = load("the-kings(lane=line)")
    a = lines.arrange({"left row 1": "Q♥ K♠", "right row 1": "K♦"}, lane="line")
    b = lines.arrange({"left row 2": "K♦", "right row 2": "Q♥ K♠"}, lane="line")
    c = lines.arrange({"left row 1": "Q♥ K♠", "right row 2": "K♦"}, lane="line")
    assert a.solver_key() == b.solver_key() != c.solver_key()
    dealing = TheKings.deal(3)
    for _ in range(12):
        dealing.play("deal")
    swap = str(dealing).replace("left row 1:", "row X:").replace("right row 1:", "left row 1:")
    assert dealing.solver_key() != TheKings.from_position(swap.replace("row X:", "right row 1:")).solver_key()
