"""Black Diamond: the oddities the chapter does not show (the deal, the arithmetic, replacements,
bad input, inconsistent positions, the layout, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.cards import Card, Suit, shuffled
from patience.games.black_diamond import DIAMONDS, LIMITS, PLACES, TOUCHES, BlackDiamond, inside_values

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "black-diamond.txt"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_deal_takes_each_suit_in_the_order_of_one_shuffle(seed: int) -> None:
    game = BlackDiamond.deal(seed)
    order = shuffled(game.pack(), seed)
    diamonds = [c for c in order if c.suit is Suit.DIAMONDS]
    blacks = [c for c in order if c.suit is not Suit.DIAMONDS]
    assert [game.piles[d].cards[0] for d in DIAMONDS] == diamonds[:4]
    assert list(reversed(game.piles["diamonds"].cards)) == diamonds[4:]
    assert list(game.piles["hand"].cards) == blacks[:2]
    assert list(reversed(game.piles["black deck"].cards)) == blacks[2:]
    assert game.piles["diamonds"].face_down == 9 and game.piles["black deck"].face_down == 24
    assert Counter(game.cards()) == Counter(game.pack()) and len(game.cards()) == 39
    assert game.inconsistencies() == []


def test_the_grid() -> None:
    assert len(PLACES) == 9
    assert sorted(len(TOUCHES[p]) for p in PLACES) == [1, 1, 1, 1, 2, 2, 2, 2, 4]
    assert {p: LIMITS[p] for p in ("outside north", "inside south-east", "centre")} == {
        "outside north": 3, "inside south-east": 4, "centre": 5}
    # every diamond touches one outside edge, two inside edges and the centre
    for diamond in DIAMONDS:
        assert sorted(len(TOUCHES[p]) for p in PLACES if diamond in TOUCHES[p]) == [1, 2, 2, 4]


@pytest.mark.parametrize(("a", "b", "values"), [
    (2, 6, {2, 3, 4, 6, 8, 12}),
    (6, 4, {2, 4, 6, 10}),      # 24 is no card; 6 / 4 is not whole
    (1, 13, {1, 12, 13}),       # 14 is no card; 13 / 1 = 13 and 1 × 13 = 13
    (5, 5, {1, 5, 10}),         # a difference of 0 is no card
    (3, 4, {1, 3, 4, 7, 12}),
])
def test_inside_values(a: int, b: int, values: set[int]) -> None:
    assert inside_values(a, b) == values == inside_values(b, a)


def test_the_drawn_diamond_may_replace_any_of_the_four() -> None:
    game = BlackDiamond.arrange_grid("A♦ 3♦ 5♦ 7♦", "K♠ J♠", {"centre": "A♣ 2♠"})
    game.play("draw a diamond")
    assert [m.target for m in game.legal_moves()] == list(DIAMONDS)
    assert refused(game, "draw a diamond").rule == "9"
    game.play("K♦ → diamond east")
    assert game.piles["diamond east"].cards == (Card.parse("K♦"),) and game.piles["spent"].cards == (Card.parse("5♦"),)
    assert game.inconsistencies() == []


def test_the_remedy_may_be_used_again_while_the_player_is_stuck() -> None:
    game = BlackDiamond.arrange_grid("A♦ 2♦ 3♦ 4♦", "5♠ 9♠", {"centre": "A♣ 2♠"})
    assert game.stuck()
    game.play("draw a diamond")
    game.play("K♦ → diamond north")  # 13 helps neither the five nor the nine
    assert game.stuck() and [str(m) for m in game.legal_moves()][0] == "draw a diamond"
    game.play("draw a diamond")
    assert game.piles["drawn"].top == Card.parse("Q♦") and len(game.piles["spent"]) == 1


def test_an_empty_diamond_deck_leaves_only_a_losing_remedy() -> None:
    spent = " ".join(f"{r}♦" for r in "2 4 6 8 9 10 J Q K".split())
    game = BlackDiamond.arrange_grid("A♦ 3♦ 5♦ 7♦", "K♠ J♠", {"spent": spent})
    assert [str(m) for m in game.legal_moves()] == ["K♠ → centre", "J♠ → centre"]
    game.play("K♠ → centre")
    # the knave fits nowhere; the deck is empty: the only remedy left clears the centre, and loses
    assert [str(m) for m in game.legal_moves()] == ["clear centre"]
    assert "exhausted" in str(refused(game, "draw a diamond"))
    game.play("clear centre")
    assert game.short() and game.legal_moves() == [] and game.result == "lost"
    assert "run out" in str(refused(game, "J♠ → centre"))


def test_the_last_card_wins_only_if_its_pile_can_be_replenished() -> None:
    rest = " ".join(f"{r}♦" for r in "2 4 6 8 9 10 J Q K".split())
    blacks = [f"{r}{s}" for s in "♠♣" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()]
    on_centre = ["2♣", "3♠", "4♣", "5♠"]
    cleared = [c for c in blacks if c not in on_centre and c != "6♣"]
    game = BlackDiamond.arrange_grid("A♦ 3♦ 5♦ 7♦", "6♣", {"centre": " ".join(on_centre),
                                                          "cleared": " ".join(cleared), "spent": rest})
    game.play("6♣ → centre")
    assert game.short() and not game.is_won and game.result == "lost"


def test_bad_moves_leave_the_game_unchanged() -> None:
    game = BlackDiamond.deal(3)
    for text in ("", "fly away", "Z♠ → centre"):
        refused(game, text, (InvalidMove, IllegalMove))
    assert refused(game, "clear centre").rule == "9"
    refused(game, None, TypeError)


def test_a_clear_of_an_empty_pile_is_refused_even_when_stuck() -> None:
    game = BlackDiamond.arrange_grid("A♦ 3♦ 5♦ 7♦", "K♠ J♠", {"centre": "A♣ 2♠"})
    assert "only a pile of black cards" in str(refused(game, "clear outside north"))


@pytest.mark.parametrize("text", [
    "black-diamond seed=0\ncentre: 5♥",
    "black-diamond seed=0\nnowhere: 5♠",
    "black-diamond seed=0 redeals=1",
])
def test_malformed_positions_are_refused(text: str) -> None:
    with pytest.raises(InvalidPosition):
        BlackDiamond.from_position(text)


def test_inconsistent_positions_are_found() -> None:
    assert "the suits do not alternate on the centre" in BlackDiamond.arrange_grid(
        "A♦ 3♦ 5♦ 7♦", "K♠ J♠", {"centre": "A♣ 2♣"}).inconsistencies()
    assert any("diamond lies among the black cards" in f for f in BlackDiamond.arrange_grid(
        "A♦ 3♦ 5♦ 7♦", "K♠ J♠", {"centre": "2♦"}).inconsistencies())
    assert "the outside north has reached its limit and is not cleared" in BlackDiamond.arrange_grid(
        "A♦ 3♦ 5♦ 7♦", "K♠ J♠", {"outside north": "A♠ A♣ 2♠"}).inconsistencies()


def test_the_picture_draws_every_card() -> None:
    game = load("black-diamond", seed=2)
    assert game._repr_svg_().count('class="card"') == 4 + 2
    xs = {s.pile: (s.x, s.y) for s in game.layout()}
    assert xs["diamond north"][0] == xs["centre"][0] == xs["diamond south"][0]
    assert xs["diamond west"][1] == xs["centre"][1] == xs["diamond east"][1]


def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("black-diamond", seed=record.start.seed)
    end = record.replay()
    assert end.is_won and end.result == "won"
