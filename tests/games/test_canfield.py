"""Canfield or Klondike: the book's oddities and the options (draw, redeals, partial)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import Card, IllegalMove, InvalidPosition, Move, Record, UnknownOption, load
from patience.cards import shuffled, whist_pack
from patience.games.canfield import Canfield

RECORD = Path(__file__).parents[2] / "src" / "patience" / "records" / "canfield.txt"

ROWS = {
    1: "",
    2: "[9♦] K♣ Q♥ J♠",
    3: "[5♣] [2♥] 10♦",
    4: "[J♦] [A♣] 10♥ 9♣ 8♥",
    5: "[6♦] [Q♠] [2♦] 7♠",
    6: "[3♣] [10♣] [K♥] [4♦] 6♥",
    7: "[Q♣] [5♠] [9♥] [J♥] [6♠] 5♦",
}


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


# ---------------------------------------------------------------- the deal
def test_the_deal_follows_the_text_row_by_row() -> None:
    game = load("canfield", seed=42)
    pack = shuffled(whist_pack(), 42)
    # the first row: the first card face up in column 1, the next six face down in columns 2..7
    assert [game.piles[f"column {i}"].cards[0] for i in range(1, 8)] == pack[:7]
    # the second row starts under the second card
    assert [game.piles[f"column {i}"].cards[1] for i in range(2, 8)] == pack[7:13]
    assert all(game.piles[c].face_down == len(game.piles[c]) - 1 for c in game.piles_of("column"))
    # the stock is the rest of the pack, the next card dealt turned first
    game.play("turn")
    assert game.piles["waste"].cards == (pack[28],)
    assert game.score == -52 and game.counters["redeals"] == 0


def test_the_plate_position() -> None:
    plate = Canfield.from_plate()
    assert [plate.piles[c].top for c in plate.piles_of("column")] == cards("K♠ Q♥ 10♠ 8♥ 7♣ 9♠ 4♣")
    assert Counter(plate.cards()) == Counter(whist_pack())
    assert plate.score == -52 and len(plate.piles["stock"]) == 24


# ---------------------------------------------------------------- options
def test_options_parse_and_check() -> None:
    game = load("canfield(draw=3, redeals=2, partial=true)", seed=1)
    assert (game.options.draw, game.options.redeals, game.options.partial) == (3, 2, True)
    assert str(game).splitlines()[0] == "canfield(draw=3,redeals=2,partial=true) seed=1 score=-52 redeals=0"
    with pytest.raises(UnknownOption):
        load("canfield(draw=2)")
    with pytest.raises(UnknownOption):
        load("canfield(redeals=-1)")
    with pytest.raises(InvalidPosition):
        Canfield.from_position(str(load("canfield")).replace("canfield", "canfield(draw=5)", 1))


# ---------------------------------------------------------------- the score
def test_score_pays_five_per_card_founded_and_undo_takes_it_back() -> None:
    game = Canfield.arrange(ROWS, foundations="3♠ A♥", waste="7♣ 4♠")
    assert game.score == -52 + 5 * 4
    game.play("4♠ → foundation")
    assert game.score == -27 == game.earned()
    game.play("turn")
    assert game.score == -27
    game.undo()
    game.undo()
    assert game.score == -32


def test_a_position_without_a_score_is_scored_from_its_foundations() -> None:
    text = str(Canfield.arrange(ROWS, foundations="3♠ A♥", waste="7♣ 4♠"))
    bare = text.replace(" score=-32", "")
    assert Canfield.from_position(bare).score == -32
    assert Canfield.from_position(text.replace("score=-32", "score=10")).score == 10


def test_the_stock_is_face_down_and_the_waste_face_up_in_a_position() -> None:
    game = Canfield.arrange(ROWS, foundations="3♠ A♥", waste="7♣ 4♠")
    text = str(game)
    stock_line = next(line for line in text.splitlines() if line.startswith("stock:"))
    loose = text.replace(stock_line, stock_line.replace("[", "").replace("]", ""))
    assert Canfield.from_position(loose) == game
    with pytest.raises(InvalidPosition, match="face up"):
        Canfield.from_position(text.replace("waste: 7♣ 4♠", "waste: [7♣] 4♠"))


# ---------------------------------------------------------------- moves
def test_no_card_comes_back_from_a_foundation() -> None:
    game = Canfield.arrange(ROWS, foundations="3♠ A♥", waste="7♣ 4♠")
    game.play("4♠ → foundation")
    back = [m for m in game.moves() if m.source and m.source.startswith("foundation")]
    assert back and not any(game.is_legal(m) for m in back)
    assert refused(game, "4♠ → 5♦").rule == "3"


def test_whole_rows_by_default_and_any_run_with_partial() -> None:
    book = Canfield.arrange(ROWS, foundations="3♠ A♥", waste="7♣ 4♠")
    assert refused(book, "9♣ → 10♦").rule == "6"
    assert refused(book, "8♥ → foundation").rule == "3"  # not the card's turn, but it may be tried alone
    assert refused(book, "9♣ → foundation").rule == "3"  # a run never goes up
    runs = [m for m in book.legal_moves() if m.source == "column 4"]
    assert [len(m.cards) for m in runs] == [3]
    modern = Canfield.arrange(ROWS, foundations="3♠ A♥", waste="7♣ 4♠", partial=True)
    modern.play("9♣ → 10♦")
    assert str(modern.piles["column 3"]) == "[5♣] [2♥] 10♦ 9♣ 8♥"
    assert str(modern.piles["column 4"]) == "[J♦] [A♣] 10♥"


def test_a_run_may_be_named_whole_or_by_its_ends() -> None:
    for name in ("10♥ → J♠", "10♥ 9♣ 8♥ → J♠", "10♥–8♥ → J♠", "10H 9C 8H to JS", "10♥ → column 2"):
        game = Canfield.arrange(ROWS, foundations="3♠ A♥", waste="7♣ 4♠")
        move = game.play(name)
        assert move.cards == tuple(cards("10♥ 9♣ 8♥")) and move.target == "column 2"
        assert str(game.piles["column 4"]) == "[J♦] A♣"


def test_spaces_take_kings_only_and_not_a_king_that_heads_its_own_row() -> None:
    game = Canfield.arrange({1: "K♠ Q♥", 2: "[5♣] K♦ Q♣", 3: "[4♦] 6♥"}, waste="K♥")
    assert refused(game, "6♥ → space").rule == "7"
    assert refused(game, "K♠ → space").rule == "7"
    targets = {m.target for m in game.legal_moves() if m.cards and m.cards[0] == Card.parse("K♦")}
    assert targets == {"column 4", "column 5", "column 6", "column 7"}
    game.play("K♦ → column 5")
    assert str(game.piles["column 5"]) == "K♦ Q♣" and str(game.piles["column 2"]) == "5♣"
    game.play("K♥ → space")
    assert game.piles["waste"].is_empty


def test_aces_are_not_built_on_the_layout() -> None:
    game = Canfield.arrange({1: "[K♦] 2♦", 2: "[Q♦] A♣"}, waste="A♠")
    assert refused(game, "A♣ → 2♦").rule == "5"
    assert refused(game, "A♠ → 2♦").rule == "5"
    assert not any(m.target == "column 1" for m in game.legal_moves())


def test_only_the_top_of_the_waste_and_face_up_cards_can_be_used() -> None:
    game = Canfield.arrange(ROWS, foundations="3♠ A♥", waste="7♣ 4♠")
    assert refused(game, "7♣ → 8♥").rule == "8"
    assert refused(game, "9♦ → 10♣").rule == "8"  # face down
    assert refused(game, "J♣ → foundation").rule == "8"  # in the stock, next to be turned
    assert not any(Card.parse("J♣") in m.cards for m in game.moves())  # the moves do not show it
    with pytest.raises(IllegalMove):
        game.play(Move("move", (Card.parse("4♠"),), "waste", "stock", "4♠ → stock"))


# ---------------------------------------------------------------- the stock
def test_single_pass_by_default() -> None:
    game = load("canfield", seed=5)
    for _ in range(24):
        game.play("turn")
    assert game.piles["stock"].is_empty
    assert refused(game, "turn").rule == "8"
    assert refused(game, "redeal").rule == "8"


def test_redeal_turns_the_waste_over_unshuffled() -> None:
    game = load("canfield(redeals=1)", seed=5)
    for _ in range(24):
        game.play("turn")
    first = game.piles["waste"].cards
    assert refused(game, "turn").rule == "8"  # the waste must be turned over first
    game.play("redeal")
    assert game.counters["redeals"] == 1 and game.piles["waste"].is_empty
    for _ in range(24):
        game.play("turn")
    second = game.piles["waste"].cards
    assert first == second
    assert refused(game, "redeal").rule == "8"


def test_draw_three_turns_three_cards_or_what_is_left() -> None:
    game = load("canfield(draw=3)", seed=5)
    stock = list(game.piles["stock"].cards)
    game.play("turn")
    assert list(game.piles["waste"].cards) == stock[::-1][:3]
    assert game.piles["waste"].top == stock[-3]
    for _ in range(7):
        game.play("turn")
    assert game.piles["stock"].is_empty and len(game.piles["waste"]) == 24
    short = Canfield.arrange({1: "K♠"}, foundations="10♠ K♥ K♦ K♣", stock="Q♠ J♠", draw=3)
    short.play("turn")
    assert short.piles["waste"].cards == tuple(cards("J♠ Q♠"))
    assert short.piles["waste"].top == Card.parse("Q♠")


# ---------------------------------------------------------------- the end
def test_a_lost_game_keeps_its_score() -> None:
    game = Canfield.arrange({1: "[Q♠] [K♥] [10♥] J♥", 2: "K♠"}, foundations="J♠ 9♥ K♦ K♣", stock="Q♥")
    game.play("turn")
    game.play("Q♥ → K♠")
    assert game.is_over and game.result == "lost" and game.score == 178
    assert repr(game).endswith("lost, score +178>")


def test_the_notebook_record_is_a_won_game() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.replay()
    assert game.is_won and game.result == "won" and game.score == 208
    assert record.start.seed == 8 and str(record.start) == str(load("canfield", seed=8))


@pytest.mark.parametrize("spec", ["canfield(partial=true)", "canfield(draw=3,redeals=2)",
                                  "canfield(draw=3,redeals=1,partial=true)"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_of_the_variants_keeps_every_card(spec: str, seed: int) -> None:
    game = load(spec, seed=seed)
    rng = random.Random(seed)
    pack = Counter(whist_pack())
    for _ in range(300):
        moves = game.legal_moves()
        if not moves:
            break
        before = str(game)
        move = rng.choice(moves)
        game.play(move)
        assert Counter(game.cards()) == pack
        assert game.score == game.earned()
        assert Canfield.from_position(str(game)) == game
        game.undo()
        assert str(game) == before
        game.play(move)
    assert Record.from_text(game.record().to_text()).replay() == game
