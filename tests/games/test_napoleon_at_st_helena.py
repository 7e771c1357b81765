"""Napoleon at St. Helena: the oddities the chapter does not show."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
import patience
from patience import (
    Card,
    InvalidMove,
    InvalidPosition,
    Move,
    Record,
    UnknownOption,
    render,
)
from patience.cards import shuffled, whist_pack
from patience.games.napoleon_at_st_helena import (
    PLATE_PACK_SEED,
    PLATE_ROWS,
    REMAINDER,
    NapoleonAtStHelena,
)

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "napoleon-at-st-helena.txt"
SLUG = "napoleon-at-st-helena"


def with_options(game: NapoleonAtStHelena, options: str) -> NapoleonAtStHelena:
    text = str(game).replace(SLUG, f"{SLUG}({options})", 1)
    loaded = patience.from_position(text)
    assert isinstance(loaded, NapoleonAtStHelena)
    return loaded


# ---------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("seed", [1, 2, 77])
def test_deal_is_four_rows_of_ten_then_the_pack(seed: int) -> None:
    game = NapoleonAtStHelena.deal(seed)
    cards = shuffled(whist_pack(2), seed)
    for column in range(10):
        assert list(game.piles[f"column {column + 1}"]) == [cards[10 * row + column] for row in range(4)]
    pack = game.piles["pack"]
    assert len(pack) == REMAINDER == 64 and pack.face_down == 64
    assert pack.top == cards[40], "the next card to turn is the 41st of the shuffled packs"
    assert game.piles["talon"].is_empty
    assert all(game.piles[f].is_empty for f in game.piles_of("foundation"))
    assert Counter(game.cards()) == Counter(game.pack())


def test_deal_turns_the_next_card_onto_the_talon() -> None:
    game = NapoleonAtStHelena.arrange({1: "5♠"}, pack="9♦ 2♣")
    next_card = game.piles["pack"].top
    assert str(next_card) == "2♣"
    game.play("turn")
    assert str(game.piles["talon"]) == "2♣"
    assert game.piles["pack"].face_down == len(game.piles["pack"])


def test_options_are_checked() -> None:
    with pytest.raises(UnknownOption):
        patience.load(f"{SLUG}(lane_from=tableau)")
    with pytest.raises(UnknownOption):
        patience.load(f"{SLUG}(deal_when=never)")
    game = patience.load(f"{SLUG}(lane_from=talon, deal_when=first)", seed=4)
    assert game.spec == f"{SLUG}(lane_from=talon,deal_when=first)"


def test_position_text() -> None:
    game = NapoleonAtStHelena.deal(9)
    assert NapoleonAtStHelena.from_position(str(game)) == game
    # The pack is face down whether or not the brackets are written.
    bare = str(game).replace("[", "").replace("]", "")
    assert NapoleonAtStHelena.from_position(bare) == game
    # Every other card lies face up.
    with pytest.raises(InvalidPosition):
        NapoleonAtStHelena.from_position(_one_face_down(game))


def _one_face_down(game: NapoleonAtStHelena) -> str:
    lines = str(game).splitlines()
    for i, line in enumerate(lines):
        if line.startswith("column 1: "):
            cards = line.split(": ")[1].split()
            lines[i] = "column 1: [" + cards[0] + "] " + " ".join(cards[1:])
    return "\n".join(lines)


def test_from_rows_checks_the_tableau() -> None:
    rows = PLATE_ROWS.strip().splitlines()
    with pytest.raises(InvalidPosition):
        NapoleonAtStHelena.from_rows("\n".join(rows[:3]))
    with pytest.raises(InvalidPosition):
        NapoleonAtStHelena.from_rows("\n".join(rows[:3] + ["A♦ " * 10]))


# ---------------------------------------------------------------------------- the plate
def test_plate() -> None:
    game = NapoleonAtStHelena.from_plate()
    assert game.seed == PLATE_PACK_SEED
    grid = [line.split() for line in PLATE_ROWS.strip().splitlines()]
    assert [len(row) for row in grid] == [10] * 4
    assert max(Counter(c for row in grid for c in row).values()) <= 2
    for column in range(10):
        assert [str(c) for c in game.piles[f"column {column + 1}"]] == [row[column] for row in grid]
    assert len(game.piles["pack"]) == 64
    assert NapoleonAtStHelena.from_position(NapoleonAtStHelena.PLATE) == game


def test_layout_places_every_pile_and_moves_the_foundations_down() -> None:
    game = NapoleonAtStHelena.from_plate()
    spots = game.layout()
    assert sorted(s.pile for s in spots) == sorted(game.piles)
    y = {s.pile: s.y for s in spots}
    tall = NapoleonAtStHelena.arrange({1: "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠"})
    assert {s.pile: s.y for s in tall.layout()}["foundation 1"] > y["foundation 1"]
    assert y["talon"] == y["pack"] == y["foundation 8"]
    assert render.svg(tall).startswith("<svg")


def test_foundation_label_only_when_empty() -> None:
    game = NapoleonAtStHelena.arrange({}, foundations="3♥")
    labels = {s.pile: s.label for s in game.layout()}
    assert labels["foundation 1"] == "" and labels["foundation 2"] == "A"


# ---------------------------------------------------------------------------- rule I
def test_only_the_lowest_card_of_a_column_moves() -> None:
    game = NapoleonAtStHelena.arrange({1: "A♠ 7♥", 2: "8♥"})
    assert refused(game, "A♠ → foundation").rule == "I"
    both = Move("move", (Card.parse("A♠"), Card.parse("7♥")), "column 1", "column 3")
    assert refused(game, both).rule == "I"
    game.play("7♥ → 8♥")
    game.play("A♠ → foundation")


def test_only_the_top_of_the_talon_moves() -> None:
    game = NapoleonAtStHelena.arrange({1: "K♦"}, talon="A♠ 9♥")
    problem = refused(game, "A♠ → foundation")
    assert problem.rule == "Talon" and "top card of the talon" in str(problem)
    hidden = Move("move", (Card.parse("A♠"),), "talon", "foundation 1")
    assert refused(game, hidden).rule == "Talon"


def test_cards_of_the_pack_and_of_the_foundations_do_not_move() -> None:
    game = NapoleonAtStHelena.arrange({1: "K♦"}, foundations="2♥ 2♥", pack="7♣ 3♠")
    assert refused(game, "3♠ → foundation").rule == "Talon"
    assert refused(game, Move("move", (Card.parse("3♠"),), "pack", "column 1")).rule == "Talon"
    assert refused(game, "2♥ → space").rule == "Foundations"
    assert refused(game, Move("move", (Card.parse("2♥"),), "foundation 1", "column 2")).rule == "Foundations"


def test_foreign_moves() -> None:
    game = NapoleonAtStHelena.arrange({1: "K♦", 2: "5♠"})
    assert refused(game, Move("move", (Card.parse("K♦"),), "column 1", "column 1")).rule == "Play"
    assert refused(game, Move("exchange", (), "column 1", "column 2")).rule == "Play"
    assert refused(game, Move("move", (Card.parse("5♠"),), "column 2", "talon")).rule == "Talon"
    with pytest.raises(InvalidMove):
        game.play("fly")
    with pytest.raises(InvalidMove):
        game.play("")


# ---------------------------------------------------------------------------- foundations
def test_foundations() -> None:
    game = NapoleonAtStHelena.arrange({1: "A♥", 2: "A♥", 3: "3♥", 4: "2♥", 5: "2♠"})
    assert refused(game, "2♠ → foundation").rule == "Foundations"
    game.play("A♥ → foundation")
    assert refused(game, "3♥ → foundation").rule == "Foundations"
    assert refused(game, "2♠ → foundation 1").rule == "II"
    game.play("A♥ → foundation")
    assert [str(game.piles[f]) for f in ("foundation 1", "foundation 2")] == ["A♥", "A♥"]
    # Two alike foundations: only one move is offered for the 2♥.
    assert [str(m) for m in game.legal_moves() if str(m).startswith("2♥ → foundation")] == ["2♥ → foundation"]
    game.play("2♥ → foundation")
    game.play("3♥ → foundation")
    assert str(game.piles["foundation 1"]) == "A♥ 2♥ 3♥"


def test_a_complete_foundation_takes_nothing_more() -> None:
    full = " ".join(f"{r}♠" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
    game = patience.from_position(f"{SLUG} seed=1\nfoundation 1: {full}\ncolumn 1: A♠\n"
                                  + "pack: " + " ".join(_rest([full, "A♠"])))
    assert refused(game, "A♠ → foundation 1").rule == "Foundations"
    game.play("A♠ → foundation")
    assert game.history[-1].target == "foundation 2"


def _rest(texts: list[str]) -> list[str]:
    left = Counter(whist_pack(2))
    for text in texts:
        left.subtract(Card.parse(t) for t in text.split())
    return [str(c) for c in sorted(left.elements())]


# ---------------------------------------------------------------------------- marriages
def test_marriages() -> None:
    game = NapoleonAtStHelena.arrange({1: "7♥", 2: "6♥", 3: "6♠", 4: "8♥"}, talon="5♥")
    assert refused(game, "6♠ → 7♥").rule == "Marriages"
    assert refused(game, "7♥ → 6♥").rule == "Marriages"
    assert refused(game, Move("move", (Card.parse("6♥"),), "column 2", "column 4")).rule == "Marriages"
    game.play("6♥ → 7♥")
    game.play("5♥ → 6♥")
    assert str(game.piles["column 1"]) == "7♥ 6♥ 5♥"
    assert game.history[-1].source == "talon"


def test_two_equal_cards_to_marry() -> None:
    game = NapoleonAtStHelena.arrange({1: "3♣", 2: "3♣", 3: "2♣"})
    moves = [m for m in game.legal_moves() if str(m) == "2♣ → 3♣"]
    assert [m.target for m in moves] == ["column 1", "column 2"]
    assert game.play("2♣ → column 2").target == "column 2"


# ---------------------------------------------------------------------------- lanes
def test_lanes_take_any_available_card() -> None:
    game = NapoleonAtStHelena.arrange({1: "9♦ 4♣", 2: "K♠"}, talon="7♥")
    assert game.lanes()[0] == "column 3"
    names = [str(m) for m in game.legal_moves()]
    assert "4♣ → lane" in names and "4♣ → column 4" in names and "7♥ → lane" in names
    assert "K♠ → lane" not in names
    assert refused(game, "K♠ → lane").rule == "Lane"
    for text in ("4♣ → space", "7♥ → vacancy"):
        game.play(text)
    assert [str(game.piles[c]) for c in ("column 1", "column 3", "column 4")] == ["9♦", "4♣", "7♥"]
    assert game.piles["talon"].is_empty
    assert refused(game, "9♦ → column 10").rule == "Lane"


def test_a_card_in_a_lane_is_treated_like_the_others() -> None:
    game = NapoleonAtStHelena.arrange({1: "3♠ 9♥", 2: "8♥"})
    game.play("9♥ → lane")
    game.play("8♥ → 9♥")
    assert str(game.piles["column 3"]) == "9♥ 8♥"


def test_lane_from_talon_only() -> None:
    game = NapoleonAtStHelena.arrange({1: "9♦ 4♣"}, talon="7♥", lane_from="talon")
    assert refused(game, "4♣ → lane").rule == "Note"
    assert "4♣ → lane" not in [str(m) for m in game.legal_moves()]
    game.play("7♥ → lane")


# ---------------------------------------------------------------------------- the pack
def test_the_pack_waits_while_a_card_can_be_played() -> None:
    game = NapoleonAtStHelena.arrange({1: "A♣", 2: "5♦"}, talon="A♠")
    problem = refused(game, "deal")
    assert problem.rule == "Talon" and "A♣ can be played" in str(problem)
    game.play("A♣ → foundation")
    assert "A♠ can be played" in str(refused(game, "deal"))
    game.play("A♠ → foundation")
    game.play("deal")


def test_deal_when_first_and_any() -> None:
    plate = NapoleonAtStHelena.from_plate()
    assert refused(plate, "deal").rule == "Talon"
    first = with_options(plate, "deal_when=first")
    assert refused(first, "deal").rule == "Talon"
    later = NapoleonAtStHelena.arrange({1: "A♣"}, talon="9♦", deal_when="first")
    assert len(later.piles["pack"]) != REMAINDER
    later.play("deal")
    anytime = with_options(plate, "deal_when=any")
    anytime.play("deal")
    assert len(anytime.piles["talon"]) == 1


def test_no_redeal() -> None:
    game = NapoleonAtStHelena.deal(3, deal_when="any")
    for _ in range(64):
        game.play("deal")
    assert game.piles["pack"].is_empty and len(game.piles["talon"]) == 64
    assert "dealt out" in str(refused(game, "deal"))
    assert refused(game, "redeal").rule == "Re-deal"
    assert refused(NapoleonAtStHelena.deal(3), "redeal").rule == "Re-deal"


# ---------------------------------------------------------------------------- the end
def test_blocked_game_is_lost() -> None:
    game = NapoleonAtStHelena.arrange({
        1: "10♠ Q♠ K♠", 2: "10♠ Q♠ K♥", 3: "10♥ Q♥ K♣", 4: "10♥ Q♥ K♠", 5: "10♣ Q♣ K♥",
        6: "10♣ Q♣ K♣", 7: "J♣ J♠", 8: "J♣ J♠", 9: "J♥", 10: "J♥",
    }, foundations="9♠ 9♠ 9♥ 9♥ 9♣ 9♣ K♦ K♦")
    assert game.legal_moves() == [] and game.result == "lost" and not game.is_won


# ---------------------------------------------------------------------------- records
def test_record_round_trips_with_equal_cards() -> None:
    game = NapoleonAtStHelena.from_plate()
    for text in ("A♥ → foundation", "2♥ → foundation", "8♣ → 9♣", "2♣ → column 10"):
        game.play(text)
    text = game.record().to_text()
    assert "#1" in text or "#0" in text
    assert Record.from_text(text).replay() == game


def test_the_notebook_record_is_a_won_game() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == NapoleonAtStHelena.deal(seed=29)
    end = record.replay()
    assert end.is_won and end.result == "won"
    assert sum(m.kind == "deal" for m in record.moves) == 64


def test_notations_are_in_normal_form() -> None:
    """``aliases`` uses the notations as they are: they must be in the normal form ``parse_move`` compares."""
    from patience.game import normalise_notation

    game = NapoleonAtStHelena.from_plate()
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    for position in list(record.positions())[::20]:
        for move in position.moves():
            assert normalise_notation(str(move)) == str(move)
    assert game.parse_move("a♥ TO Foundation").target == "foundation 1"


def test_quick_legal_moves_are_the_legal_moves_of_moves() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    for position in list(record.positions())[::7]:
        assert position.legal_moves() == [m for m in position.moves() if position.is_legal(m)]


@pytest.mark.parametrize("options", ["", "lane_from=talon", "deal_when=first", "deal_when=any",
                                     "lane_from=talon,deal_when=any"])
def test_fast_legal_moves_are_the_legal_moves_of_moves_on_random_positions(options: str, legal_moves_checked) -> None:
    import random

    for seed in range(1, 3):
        game = with_options(NapoleonAtStHelena.deal(seed=seed), options) if options else \
            NapoleonAtStHelena.deal(seed=seed)
        legal_moves_checked(game, random.Random(seed), 150)


# ---------------------------------------------------------------------------- for the solver
def test_a_card_goes_up_safely_once_both_cards_one_lower_of_its_suit_are_up() -> None:
    game = NapoleonAtStHelena.arrange({1: "K♣ 5♥", 2: "5♥", 3: "7♠"}, foundations="4♥ 4♥ 6♠")
    moves = game.useful_moves()
    assert str(game.safe_move(moves)) == "5♥ → foundation"
    half = NapoleonAtStHelena.arrange({1: "K♣ 5♥", 3: "7♠"}, foundations="4♥ 3♥ 6♠")
    assert half.safe_move(half.useful_moves()) is None, "the other 4♥ may still be married on the 5♥"


def test_a_card_fills_one_lane_for_the_solver() -> None:
    game = NapoleonAtStHelena.arrange({1: "K♣ 5♥", 2: "9♠"}, foundations="")
    lanes = [str(m) for m in game.legal_moves() if str(m).startswith("5♥ → ")]
    assert lanes[:2] == ["5♥ → lane", "5♥ → column 4"]
    assert [str(m) for m in game.useful_moves() if str(m).startswith("5♥ → ")] == ["5♥ → lane"]


def test_a_move_between_columns_comes_before_the_deal_unless_it_frees_a_card_to_play() -> None:
    game = NapoleonAtStHelena.arrange({1: "K♣ 5♥", 2: "6♥", 3: "2♠ 8♦", 4: "9♦"}, foundations="A♠")
    deal = game.play("deal")
    assert game.independent(deal, game.parse_move("5♥ → 6♥"))
    assert not game.independent(deal, game.parse_move("8♦ → 9♦")), "it frees the 2♠: the pack waits"
    assert not game.independent(deal, Move("move", game.piles["talon"].cards, "talon", "column 5"))
    anytime = with_options(game, "deal_when=any")
    assert anytime.independent(deal, anytime.parse_move("8♦ → 9♦"))
