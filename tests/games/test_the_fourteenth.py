"""The Fourteenth (Lady Cadogan, plate 011): pairs in line, refilling, the one exchange, notation, options."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from patience import IllegalMove, InvalidMove, InvalidPosition, Move, Record, UnknownOption, load
from patience.cards import Card
from patience.games.the_fourteenth import PLACES, TheFourteenth, first_fourteen, in_line

RECORD = Path(__file__).parents[2] / "src" / "patience" / "records" / "the-fourteenth.txt"

#: A blocked square of eight cards with an empty hand: the exchange "7♥ ↔ 9♠, 8♣ ↔ A♣" wins it.
BLOCKED = """
5♥ -- 7♥ -- --
-- 9♠ -- 7♣ --
-- -- -- -- --
-- K♦ 8♣ -- --
-- -- -- 6♦ A♣
"""


def square(game: TheFourteenth) -> list[str]:
    return [str(game.piles[p].top or "--") for p in PLACES]


def test_the_deal_is_five_rows_of_five_and_a_face_down_hand() -> None:
    game = load("the-fourteenth", seed=4)
    assert all(len(game.piles[p]) == 1 for p in PLACES)
    assert len(game.piles["hand"]) == 79 and game.piles["hand"].face_down == 79
    assert not game.piles["withdrawn"] and game.counters == {"exchanges": 0}
    assert Counter(game.cards()) == Counter(game.pack()) and len(game.pack()) == 104


def test_the_lay_out_deals_rows_left_to_right_and_the_hand_from_its_top() -> None:
    game = TheFourteenth()
    cards = list(game.pack())
    game.lay_out(cards)
    assert [game.piles[p].top for p in PLACES] == cards[:25]
    assert game.piles["hand"].top == cards[25] and game.piles["hand"][0] == cards[-1]


def test_lines_are_rows_and_columns_only() -> None:
    assert in_line(0, 4) and in_line(0, 20) and in_line(12, 17)
    assert not in_line(0, 6) and not in_line(0, 0) and not in_line(4, 20)


def test_court_cards_count_eleven_twelve_thirteen_and_the_ace_one() -> None:
    game = TheFourteenth.arrange("J♠ 3♥ Q♦ 2♣ K♥ " + "-- " * 19 + "A♣")
    assert [str(m) for m in game.legal_moves()] == ["J♠ + 3♥", "Q♦ + 2♣", "K♥ + A♣"]


def test_the_plate_has_the_three_fourteens_of_the_text_and_a_fourth() -> None:
    game = TheFourteenth.from_plate()
    assert [str(m) for m in game.legal_moves()] == ["10♥ + 4♣", "J♠ + 3♥", "8♦ + 6♠", "K♣ + A♥"]
    assert len(game.piles["hand"]) == 79 and game.piles["hand"].top == Card.parse("A♠")
    assert TheFourteenth.from_position(str(game)) == game


def test_a_pair_must_be_in_line_and_make_fourteen() -> None:
    game = TheFourteenth.from_plate()
    with pytest.raises(IllegalMove, match="Rule 2 — the two cards must lie in the same row or the same column"):
        game.play("10♥ + 4♥")
    with pytest.raises(IllegalMove, match=r"Rule 2 — the two cards must make fourteen .* \(10♥ \+ 5♣ = 15\)"):
        game.play("10♥ + 5♣")
    with pytest.raises(IllegalMove, match="only the cards of the square can be paired"):
        game.play("Q♦ + 2♦")  # the queen is in the hand
    knave, three = game.piles["place 4"].top, game.piles["place 8"].top
    with pytest.raises(IllegalMove, match="same row or the same column"):
        game.play(Move("pair", (knave, three), "place 4", "place 8", "J♠ + 3♥"))
    with pytest.raises(IllegalMove, match="cannot be paired with itself"):
        game.play(Move("pair", (knave, knave), "place 4", "place 4", "J♠ + J♠"))
    assert game == TheFourteenth.from_plate() and not game.history


def test_either_order_names_a_pair_and_the_exact_order_comes_first() -> None:
    game = TheFourteenth.from_plate()
    move = game.play("4♣ + 10♥")
    assert str(move) == "10♥ + 4♣" and (move.source, move.target) == ("place 1", "place 5")
    game.undo()
    assert str(game.play("knave of spades + three of hearts")) == "J♠ + 3♥"


def test_withdrawn_places_are_filled_from_the_hand_in_reading_order() -> None:
    game = TheFourteenth.from_plate()
    game.play("10♥ + 4♣")
    assert square(game)[:5] == ["A♠", "5♣", "2♦", "J♠", "2♠"]
    assert [str(c) for c in game.piles["withdrawn"]] == ["10♥", "4♣"]
    assert len(game.piles["hand"]) == 77


def test_when_the_hand_is_exhausted_places_stay_empty() -> None:
    game = TheFourteenth.arrange("9♠ 5♥ 8♦ 6♣ -- " + "-- " * 20, hand="K♣")
    game.play("9♠ + 5♥")
    assert square(game)[:4] == ["K♣", "--", "8♦", "6♣"] and not game.piles["hand"]
    game.play("8♦ + 6♣")
    assert square(game)[:4] == ["K♣", "--", "--", "--"]
    assert game.result == "lost"  # a lone king is left


def test_the_game_is_won_when_the_whole_pack_is_paired_off() -> None:
    game = TheFourteenth.arrange("7♥ 7♣ " + "-- " * 23)
    assert game.result == "in play"
    game.play("7♥ + 7♣")
    assert game.is_won and game.result == "won" and len(game.piles["withdrawn"]) == 104


def test_the_exchange_only_when_no_fourteen_can_be_composed() -> None:
    game = TheFourteenth.from_plate()
    assert not [m for m in game.legal_moves() if m.kind == "exchange"]
    with pytest.raises(IllegalMove, match=r"Rule 4 — the exchange is made only when no fourteen can be composed "
                       r"\(10♥ \+ 4♣ can be paired\)"):
        game.play("5♣ ↔ 2♦, 6♥ ↔ 3♠")
    anytime = TheFourteenth.from_position(str(game).replace("the-fourteenth", "the-fourteenth(exchange_when=any)", 1))
    assert str(anytime.play("10♥ ↔ 5♣, 2♦ ↔ J♠")) == "10♥ ↔ 5♣, 2♦ ↔ J♠"
    assert "10♥ + 4♣" in [str(m) for m in anytime.legal_moves()]  # the ten still pairs with the four


def test_the_exchange_two_cards_change_places_with_two_others() -> None:
    game = TheFourteenth.arrange(BLOCKED)
    assert game.fourteen_here() is None and game.legal_moves()
    assert all(m.kind == "exchange" and len(m.cards) == 4 for m in game.legal_moves())
    with pytest.raises(IllegalMove, match="two cards change places with two other cards"):
        game.play("7♥ ↔ 9♠")
    with pytest.raises(IllegalMove, match="the exchange must produce a fourteen"):
        game.play("5♥ ↔ 7♥, 9♠ ↔ 7♣")
    move = game.play("exchange: 9♠ <-> 7♥, A♣ with 8♣")
    assert str(move) == "7♥ ↔ 9♠, 8♣ ↔ A♣" and game.counters["exchanges"] == 1
    assert square(game)[2] == "9♠" and square(game)[6] == "7♥"
    for pair in ["5♥ + 9♠", "7♥ + 7♣", "K♦ + A♣", "8♣ + 6♦"]:
        game.play(pair)
    assert game.is_won


def test_only_one_exchange_in_a_game() -> None:
    game = TheFourteenth.arrange(BLOCKED, exchanged=1)
    assert game.legal_moves() == [] and game.result == "lost"
    with pytest.raises(IllegalMove, match="Rule 4 — the exchange is allowed only once"):
        game.play("7♥ ↔ 9♠, 8♣ ↔ A♣")
    more = TheFourteenth.arrange(BLOCKED, exchanged=1, exchanges=2)
    assert str(more.play("7♥ ↔ 9♠, 8♣ ↔ A♣")) == "7♥ ↔ 9♠, 8♣ ↔ A♣"


def test_the_one_swap_reading() -> None:
    game = TheFourteenth.arrange(BLOCKED, exchange="one-swap")
    assert all(len(m.cards) == 2 for m in game.legal_moves())
    with pytest.raises(IllegalMove, match="two cards change places with each other"):
        game.play("7♥ ↔ 9♠, 8♣ ↔ A♣")
    assert str(game.play("9♠ ↔ 7♥")) == "7♥ ↔ 9♠"
    assert game.spec == "the-fourteenth(exchange=one-swap)"


def test_an_exchange_that_produces_nothing_is_allowed_only_by_option() -> None:
    free = TheFourteenth.arrange(BLOCKED, exchange_must_pair=False)
    strict = TheFourteenth.arrange(BLOCKED)
    assert len(free.legal_moves()) == 3 * 70 > len(strict.legal_moves())
    free.play("5♥ ↔ 7♥, 9♠ ↔ 7♣")
    assert free.legal_moves() == [] and free.result == "lost"


def test_exchange_notation_errors() -> None:
    game = TheFourteenth.arrange(BLOCKED)
    with pytest.raises(InvalidMove, match="cannot read move"):
        game.play("shuffle")
    with pytest.raises(InvalidMove, match="unknown card"):
        game.play("7♥ ↔ 19♠, 8♣ ↔ A♣")
    with pytest.raises(InvalidMove, match="names two cards"):
        game.play("7♥ ↔ 9♠ ↔ 8♣")
    with pytest.raises(IllegalMove, match="only the cards of the square"):
        game.play("7♥ ↔ 9♠, 8♣ ↔ 2♣")
    with pytest.raises(InvalidMove, match="a pair names two cards"):
        game.play("7♥ + 7♣ + 9♠")


def test_twin_cards_are_told_apart_by_their_places() -> None:
    game = TheFourteenth.arrange("7♥ 7♥ -- -- -- " + "7♣ " + "-- " * 19)
    moves = game.legal_moves()
    assert [str(m) for m in moves] == ["7♥ + 7♥", "7♥ + 7♣"]
    game.play(moves[1])
    record = Record.from_text(game.record().to_text())
    assert record.replay() == game


def test_arrange_refuses_a_square_that_is_not_one() -> None:
    with pytest.raises(InvalidPosition, match="25 places, not 3"):
        TheFourteenth.arrange("7♥ 7♥ 7♥")
    with pytest.raises(InvalidPosition, match="too many 7♥"):
        TheFourteenth.arrange("7♥ 7♥ 7♥ " + "-- " * 22)
    with pytest.raises(UnknownOption):
        TheFourteenth.arrange(BLOCKED, exchange="three-swaps")


def test_first_fourteen_reads_rows_then_columns_in_reading_order() -> None:
    values = [0] * 25
    values[3], values[23], values[20], values[24] = 6, 8, 1, 13
    assert first_fourteen(values) == (3, 23)
    values[3] = 5
    assert first_fourteen(values) == (20, 24)


def test_the_worked_game_of_the_notebook_is_won() -> None:
    game = Record.from_text(RECORD.read_text(encoding="utf-8")).replay()
    assert game.is_won and [m.kind for m in game.history].count("exchange") == 1


# ---------------------------------------------------------------------------- for the solver
def test_the_solver_tells_positions_apart_by_values_only() -> None:
    other = BLOCKED.replace("5♥", "5♣").replace("K♦", "K♠")
    assert TheFourteenth.arrange(other).solver_key() == TheFourteenth.arrange(BLOCKED).solver_key()
    assert TheFourteenth.arrange(other).state_key() != TheFourteenth.arrange(BLOCKED).state_key()
    assert TheFourteenth.arrange(BLOCKED, exchanged=1).solver_key() != TheFourteenth.arrange(BLOCKED).solver_key()


def values_after(game: TheFourteenth, move: Move) -> tuple[int, ...]:
    game.play(move)
    values = tuple(game.values())
    game.undo()
    return values


def test_exchanges_that_leave_the_same_values_are_searched_once_the_best_first() -> None:
    game = TheFourteenth.arrange(BLOCKED.replace("-- -- -- -- --", "5♠ -- -- -- 7♦"))
    assert game.fourteen_here() is None
    legal, useful = game.legal_moves(), game.useful_moves()
    assert set(map(str, useful)) < set(map(str, legal))
    results = [values_after(game, m) for m in useful]
    assert len(set(results)) == len(results) == len({values_after(game, m) for m in legal})
    counts = []
    for move in useful:
        game.play(move)
        counts.append(len(game.legal_moves()))
        game.undo()
    assert counts == sorted(counts, reverse=True) and counts[0] > counts[-1]


def test_the_pair_that_leaves_most_fourteens_is_tried_first() -> None:
    game = load("the-fourteenth", seed=5)
    useful = game.useful_moves()
    assert sorted(map(str, useful)) == sorted(map(str, game.legal_moves()))
    counts = []
    for move in useful:
        game.play(move)
        counts.append(len(game.legal_moves()))
        game.undo()
    assert counts == sorted(counts, reverse=True)
