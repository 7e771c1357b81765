"""Cæsar: the oddities the chapter does not show (the deal, the magic squares, the limit, the solver's
hooks, bad input, the recorded worked game)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest

from patience import IllegalMove, InvalidMove, InvalidPosition, Record, UnknownOption, load, render
from patience.games.caesar import LINES, MAGIC_SQUARES, PLACES, Caesar, exchanges_to
from patience.solve import solve

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "caesar.txt"


def err(game: Caesar, move: str) -> IllegalMove:
    before = str(game)
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    assert str(game) == before
    return info.value


@pytest.mark.parametrize("seed", [1, 2, 3, 50])
def test_the_deal_first_card_of_each_value_in_order(seed: int) -> None:
    game = Caesar.deal(seed)
    order = game.shuffle(game.pack())
    firsts: list = []
    for card in order:
        if card.value <= 9 and all(c.value != card.value for c in firsts):
            firsts.append(card)
    assert [game.piles[p].top for p in PLACES] == firsts
    assert len(game.piles["pack"]) == 43 and game.piles["pack"].face_down == 43
    assert Counter(game.cards()) == Counter(game.pack()) and game.inconsistencies() == []


def test_the_magic_squares_are_exactly_the_placings_of_eight_fifteens() -> None:
    # every placing whose rows make fifteen, row by row, then kept if its other lines do too
    rows = [r for r in permutations(range(1, 10), 3) if sum(r) == 15]
    found = sorted(a + b + c for a in rows for b in rows for c in rows
                   if len(set(a + b + c)) == 9 and all(sum((a + b + c)[i] for i in line) == 15
                                                       for line in LINES.values()))
    assert tuple(found) == MAGIC_SQUARES and all(square[4] == 5 for square in found)


def test_exchanges_to_counts_cycles() -> None:
    identity = {v: v - 1 for v in range(1, 10)}
    rng = random.Random(5)
    for _ in range(50):
        values = list(range(1, 10))
        rng.shuffle(values)
        # sorting by exchanges (selection sort) never uses more than exchanges_to says, nor fewer
        work, count = list(values), 0
        for i in range(9):
            j = work.index(i + 1)
            if j != i:
                work[i], work[j] = work[j], work[i]
                count += 1
        assert exchanges_to(tuple(values), identity) == count


def test_every_useful_move_lowers_the_fewest_exchanges_and_one_exists() -> None:
    for seed in range(1, 30):
        game = Caesar.deal(seed)
        if game.is_won:
            continue
        need = game.fewest_exchanges()
        useful = game.useful_moves()
        assert useful
        for move in useful:
            game.play(move)
            assert game.fewest_exchanges() == need - 1
            game.undo()
        assert game.safe_move(game.legal_moves()) == useful[0]


def test_the_solver_wins_every_deal_in_the_fewest_exchanges() -> None:
    for seed in (1, 7, 12):
        game = Caesar.deal(seed)
        found = solve(game, nodes=100)
        assert found.outcome == "won" and len(found.record) == game.fewest_exchanges()


def test_no_safe_move_when_too_few_exchanges_are_left() -> None:
    game = load("caesar(exchanges=1)", seed=1)
    assert game.fewest_exchanges() == 6
    assert game.safe_move(game.legal_moves()) is None
    assert solve(game, nodes=1_000).outcome == "lost"


def test_a_placing_already_magic_is_won_with_no_move() -> None:
    game = Caesar.arrange(dict(zip(PLACES, "2♠ 7♠ 6♠ 9♠ 5♠ A♠ 4♠ 3♠ 8♠".split())), rest="pack")
    assert game.is_won and game.legal_moves() == [] and game.result == "won" and game.fewest_exchanges() == 0
    assert err(game, "2♠ ↔ 7♠").rule == "Fifteens"


def test_turned_squares_share_a_solver_key() -> None:
    a = Caesar.from_plate()
    turned = ("9♦", "5♣", "7♥", "A♣", "6♥", "8♠", "2♥", "4♠", "3♦")  # the plate turned a quarter clockwise
    b = Caesar.arrange(dict(zip(PLACES, turned)), rest="pack")
    assert a.solver_key() == b.solver_key() and a.state_key() != b.state_key()
    assert sorted(a.fifteens()) != sorted(b.fifteens()) and len(a.fifteens()) == len(b.fifteens())


def test_aliases_name_an_exchange_either_way() -> None:
    game = Caesar.from_plate()
    assert game.play("4♠ ↔ 7♥").cards == game.history[0].cards
    game.undo()
    assert str(game.play("exchange 7♥ 4♠")) == "7♥ ↔ 4♠"


def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = Caesar.from_plate()
    before = str(game)
    for text in ("7♥ ↔ K♠", "7♥ ↔ 7♥", "shuffle", ""):
        with pytest.raises((InvalidMove, IllegalMove)):
            game.play(text)
    with pytest.raises(TypeError):
        game.play(None)  # type: ignore[arg-type]
    assert str(game) == before
    with pytest.raises(InvalidPosition):
        Caesar.from_position(before.replace("row 1 column 1: 7♥", "row 1 column 1:"))
    with pytest.raises(InvalidPosition):
        Caesar.from_position(before.replace("row 3 column 3:", "row 4 column 3:"))
    with pytest.raises(UnknownOption):
        load("caesar(exchanges=many)")


def test_inconsistencies_of_impossible_positions() -> None:
    game = Caesar.from_plate()
    game.piles["row 1 column 1"], game.piles["pack"] = game.piles["pack"].without(42).turned_up(), \
        game.piles["pack"].without(1).added(game.piles["row 1 column 1"].cards, face_up=False)
    game.counters["exchanges"] = 9
    faults = game.inconsistencies()
    assert any("ace to nine" in f or "one card" in f for f in faults)
    assert any("exchanges made" in f for f in faults)


def test_legal_moves_is_the_filter_of_moves(legal_moves_checked) -> None:
    for spec, seed in (("caesar", 1), ("caesar(exchanges=0)", 2), ("caesar(exchanges=2)", 3)):
        legal_moves_checked(load(spec, seed=seed), random.Random(seed), 20)


def test_layout_and_table() -> None:
    game = Caesar.from_plate()
    spots = {s.pile: s for s in game.layout()}
    assert set(spots) == set(game.piles)
    assert game.table().splitlines()[-1] == "21 15  9 | 15 18"
    assert render.svg(game).startswith("<svg") and "##×43" in render.text(game)


def test_the_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == Caesar.deal(seed=1)
    game = record.replay()
    assert game.is_won and len(record) == record.start.fewest_exchanges() == 6


def test_without_a_limit_the_book_s_game_is_never_lost_and_wins_the_same() -> None:
    game = load("caesar(exchanges=0)", seed=1)
    assert game.limit is None
    for _ in range(20):  # the 4♦ and the 2♦ back and forth, past the default limit of eight
        game.play(game.legal_moves()[0])
    assert game.counters["exchanges"] == 20 and game.result == "in play" and len(game.legal_moves()) == 36
    assert game.inconsistencies() == []
    found = solve(load("caesar(exchanges=0)", seed=1), nodes=100)
    assert found.outcome == "won" and len(found.record) == Caesar.deal(seed=1).fewest_exchanges()
