"""Diamond: the oddities the chapter does not show (the deal, the packets and the remainder, the
standstill's count, the options, bad input, the layout, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load, render
from patience.cards import Card
from patience.games.diamond import EXTRAS, KEYS, SIZES, Diamond, extra_rank, key_rank, pass_period, support

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "diamond.txt"


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 3, 40])
def test_the_deal_sets_the_apex_aside_and_a_card_above_at_the_bottom(seed: int) -> None:
    game = Diamond.deal(seed)
    apex = game.apex
    aside = [c.value for c in game.piles["aside"].cards]
    assert aside == [(apex - 1 - k) % 13 + 1 for k in (3, 2, 1)]
    hand = game.piles["hand"]
    assert len(hand) == 48 and hand.face_down == 48
    assert hand.cards[0].value == apex % 13 + 1
    assert Counter(game.cards()) == Counter(game.pack())
    assert game.inconsistencies() == []


def test_the_cards_aside_are_the_first_met_from_the_top() -> None:
    from patience.cards import shuffled, whist_pack

    deck = shuffled(whist_pack(), 9)
    game = Diamond.deal(9)
    top = deck[0]
    assert game.piles["row 1 column 1"].cards == (top,)
    for card in game.piles["aside"].cards:
        assert card == next(c for c in deck[1:] if c.value == card.value)
    six = next(c for c in deck[1:] if c.value == top.value % 13 + 1)
    assert game.piles["hand"].cards[0] == six


def test_the_rows_hold_the_whole_diamond() -> None:
    assert sum(SIZES) == 49 and sum(EXTRAS) == 9
    for apex in range(1, 14):
        counts = Counter()
        for row in range(1, 14):
            counts[key_rank(apex, row)] += KEYS[row - 1]
            if EXTRAS[row - 1]:
                counts[extra_rank(apex, row)] += EXTRAS[row - 1]
                # point (e): an extra is never next in rank to its row's key cards
                assert (extra_rank(apex, row) - key_rank(apex, row)) % 13 not in (1, 12)
        assert counts[apex] == 4 and all(n == 4 for v, n in counts.items() if v not in
                                         ((apex - 2) % 13 + 1, (apex - 3) % 13 + 1, (apex - 4) % 13 + 1))
        assert sum(counts.values()) == 49


# ------------------------------------------------------------------------ the packets
def test_the_first_deal_is_twelve_packets_and_ends_on_the_card_above_the_apex() -> None:
    game = Diamond.deal(5)
    for _ in range(12):
        game.play("deal")
    assert len(game.piles["heap"]) == 48 and game.piles["hand"].is_empty
    assert game.piles["heap"].top.value == game.apex % 13 + 1
    assert [str(m) for m in game.legal_moves() if m.kind != "move"] == ["turn"]


def test_taking_up_the_heap_restores_the_order_of_the_deal() -> None:
    game = Diamond.deal(6)
    order = game.piles["hand"].cards
    for _ in range(12):
        game.play("deal")
    game.play("turn")
    assert game.piles["hand"].cards == order and game.counters["idle"] == 1


def test_fewer_than_four_cards_in_all_are_dealt_as_one_packet() -> None:
    game = Diamond.completed("5♠", upto=11)
    assert len(game.piles["hand"]) == 3
    game.play("deal")
    assert len(game.piles["heap"]) == 3 and game.piles["hand"].is_empty
    assert refused(game, "deal").rule == "4"  # the hand is empty: the heap must be taken up
    assert [str(m) for m in game.legal_moves()] == ["3♦ → row 12", "turn"]


def test_a_deal_with_no_cards_left_is_refused() -> None:
    game = Diamond.completed("5♠")
    assert "every card is in the diamond" in str(refused(game, "deal"))
    assert game.legal_moves() == []


@pytest.mark.parametrize("cards", range(1, 50))
def test_the_period_brings_the_deck_back(cards: int) -> None:
    """Passes made as Diamond.apply makes them (four at a time, the remainder on top of the heap
    taken up) bring a deck back to its order after pass_period passes, and not before."""
    order = list(range(cards))
    hand = order[:]
    for n in range(1, pass_period(cards) + 1):
        assert n == 1 or hand != order
        heap: list[int] = []
        while len(hand) >= 4 or (hand and not heap):
            k = min(4, len(hand))
            heap += reversed(hand[-k:])
            del hand[-k:]
        hand = heap[::-1] + hand
    assert hand == order


def test_a_standstill_with_a_remainder_comes_after_the_period() -> None:
    # 45 cards: the passes come round after 45 of them
    game = Diamond.arrange_rows({1: "5♠", 2: "6♠ 6♥", 3: "7♠"})
    assert len(game.piles["hand"]) == 45
    passes = 0
    while game.legal_moves()[-1].kind != "remove":
        move = [m for m in game.legal_moves() if m.kind != "move"][-1]
        passes += move.kind == "turn"
        game.play(move)
    assert passes == 45 == pass_period(45) and game.counters["idle"] == 45
    game.play("7♠ → deck")
    assert game.piles["hand"].cards[-1] == Card.parse("7♠") and len(game.piles["hand"]) == 46


def test_placing_a_card_resets_the_idle_count() -> None:
    game = Diamond.arrange_rows({1: "5♠", 2: "6♠"}, heap="6♥")
    game.counters["idle"] = 3
    game.play("6♥ → row 2")
    assert game.counters["idle"] == 0


# ------------------------------------------------------------------------ the diamond
def test_support_of_each_place() -> None:
    assert [support(3, c) for c in (1, 2, 3)] == [1, 2, 2]
    assert [support(7, c) for c in range(1, 8)] == [1, 2, 3, 4, 5, 6, 6]
    assert [support(13, 1)] == [2]


def test_a_row_is_filled_from_its_corner_only() -> None:
    game = Diamond.arrange_rows({1: "5♠", 2: "6♠"}, heap="6♥")
    from patience.game import Move

    skip = Move("move", (Card.parse("6♥"),), "heap", "row 3 column 2", "6♥ → row 3 column 2")
    with pytest.raises(IllegalMove):
        game.play(skip)
    wrong_place = Move("move", (Card.parse("6♥"),), "heap", "row 2 column 1", "6♥ → row 2 column 1")
    assert "left-hand corner" in str(game.violation(wrong_place))
    assert "a row of the diamond" in str(game.violation(Move("move", (Card.parse("6♥"),), "heap", "aside")))


def test_extras_wait_keeps_the_fourth_seven_for_row_three() -> None:
    rows = {1: "5♠", 2: "6♠ 6♥", 3: "7♠ 7♥", 4: "8♠ 8♥ 8♦", 5: "9♠"}
    assert Diamond.arrange_rows(rows).rows_for("7♦") == [3, 5]
    waiting = Diamond.arrange_rows(rows, heap="7♦", extras_wait=True)
    assert waiting.rows_for("7♦") == [3]
    assert "row 3, is full" in str(refused(waiting, "7♦ → row 5"))
    # the second half is not held back: row 8's fours come before row 13
    full = Diamond.completed("5♠", upto=7, extras_wait=True)
    rows8 = {r: " ".join(map(str, full.row_cards(r))) for r in range(1, 8)}
    assert Diamond.arrange_rows({**rows8, 8: "Q♠"}, extras_wait=True).rows_for("4♥") == [8]


def test_extras_last_keeps_an_extra_until_the_key_cards_are_in() -> None:
    rows = {1: "5♠", 2: "6♠ 6♥", 3: "7♠ 7♥ 7♦", 4: "8♠ 8♥ 8♦ 8♣", 5: "9♠ 9♥ 9♦"}
    assert Diamond.arrange_rows(rows).rows_for("7♣") == [5]
    assert Diamond.arrange_rows(rows, extras_last=True).rows_for("7♣") == []
    assert Diamond.arrange_rows({**rows, 5: "9♠ 9♥ 9♦ 9♣"}, extras_last=True).rows_for("7♣") == [5]


# ------------------------------------------------------------------------ bad input
def test_bad_moves_leave_the_game_unchanged() -> None:
    game = Diamond.deal(3)
    for text in ("", "turn around", "Z♠ → row 2"):
        refused(game, text, (InvalidMove, IllegalMove))
    assert refused(game, "turn").rule == "4"
    refused(game, None, TypeError)


@pytest.mark.parametrize("text", [
    "diamond seed=0\nrow 1 column 1: 5♠ 6♠",
    "diamond seed=0\nrow 9 column 9: 5♠",
    "diamond seed=0 removals=x",
    "diamond seed=0\nheap: [5♠]",
])
def test_malformed_positions_are_refused(text: str) -> None:
    with pytest.raises(InvalidPosition):
        Diamond.from_position(text)


def test_arrange_rows_refuses_an_overfull_row_and_a_missing_apex() -> None:
    with pytest.raises(InvalidPosition):
        Diamond.arrange_rows({1: "5♠", 2: "6♠ 6♥ 6♦"})
    with pytest.raises(InvalidPosition):
        Diamond.arrange_rows({2: "6♠"})


def test_inconsistent_positions_are_found() -> None:
    assert Diamond.arrange_rows({1: "5♠", 2: "7♠"}).inconsistencies() == ["row 2 holds a card of another rank"]
    assert "row 5 begins with an extra card" in Diamond.arrange_rows(
        {1: "5♠", 2: "6♠ 6♥", 3: "7♠ 7♥ 7♦", 4: "8♠ 8♥", 5: "7♣"}).inconsistencies()
    assert Diamond.arrange_rows({1: "5♠", 2: "6♠", 3: "7♠ 7♥ 7♦"}).inconsistencies() == [
        "row 3 lies over places of row 2 still empty"]
    text = str(Diamond.deal(1)).replace("removals=0", "removals=3")
    assert "twice at most" in Diamond.from_position(text).inconsistencies()[0]


# ------------------------------------------------------------------------ the drawing
def test_the_text_diagram_and_the_picture() -> None:
    game = Diamond.completed("A♠")
    lines = render.text(game).splitlines()
    assert lines[0].startswith("hand --   heap --   aside") and lines[1] == "A♠" and lines[-1] == "K♣"
    svg = game._repr_svg_()
    assert svg.count('class="card"') == 52
    xs = {s.pile: s.x for s in game.layout()}
    assert xs["row 7 column 1"] < xs["row 1 column 1"] < xs["row 7 column 7"]
    assert xs["row 8 column 1"] == xs["row 7 column 1"] + 0.5 and xs["row 13 column 1"] == xs["row 1 column 1"]


def test_aliases_name_a_row_or_a_place() -> None:
    game = Diamond.arrange_rows({1: "5♠"}, heap="6♥")
    assert str(game.play("6♥ → row 2 column 1")) == "6♥ → row 2"


# ------------------------------------------------------------------------ the worked game
def test_the_recorded_worked_game_replays_to_a_diamond() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("diamond", seed=record.start.seed)
    end = record.replay()
    assert end.is_won and end.result in ("first water", "second water", "third water")


def test_the_apex_is_never_taken_back() -> None:
    """At a standstill with only the apex laid there is no row started below it to take a card
    back from (found by the property test: taking the apex back left a diamond without one)."""
    game = load("diamond", seed=27)
    for move in ["deal"] * 12 + ["turn"] + ["deal"] * 12:
        game.play(move)
    assert game.standstill() and game.counts()[1:3] == [1, 0]
    assert all(m.kind != "remove" for m in game.legal_moves())
    refused(game, "5♥ → deck", match="Rule 9 — the apex is not taken back")
