"""The Hemispheres: the oddities the chapter does not show (the lay-out, the order of the deal and its
vacancies, exchanges and transfers, the option, bad input, the solver's hooks, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Record, load, render
from patience.game import Move
from patience.games.the_hemispheres import (BARRIER_CARDS, FOUNDATION_CARDS, PLACES, PLATE_CIRCLE,
                                            TheHemispheres, marries)

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-hemispheres.txt"


@pytest.mark.parametrize("seed", [1, 77])
def test_lay_out(seed: int) -> None:
    game = TheHemispheres.deal(seed)
    assert [game.piles[f"foundation {i}"].top for i in range(1, 9)] == list(FOUNDATION_CARDS)
    assert [game.piles[f"barrier {i}"].top for i in range(1, 5)] == list(BARRIER_CARDS)
    assert all(len(game.piles[p]) == 1 for p in PLACES)
    assert len(game.piles["pack"]) == 80 and game.piles["pack"].face_down == 80
    assert Counter(game.cards()) == Counter(game.pack()) and game.inconsistencies() == []


def test_plate_circle_in_the_order_of_the_deal() -> None:
    game = TheHemispheres.from_plate()
    assert " ".join(str(game.piles[p].top) for p in PLACES) == PLATE_CIRCLE
    assert game.seed == 17
    with pytest.raises(InvalidPosition, match="12 cards"):
        TheHemispheres.from_circle("2♥ 3♥")
    with pytest.raises(InvalidPosition, match="foundation or a barrier"):
        TheHemispheres.from_circle("A♥ 3♥ 4♥ 2♦ 3♦ 4♦ 2♠ 3♠ 4♠ 2♣ 3♣ 4♣")


def test_vacancies_are_refilled_in_the_order_of_the_deal_before_the_talon() -> None:
    game = TheHemispheres.arrange({p: "" for p in PLACES[:3]} | {"asiatic 2": "9♦", "african 3": "5♣"},
                                  pack="2♥ 3♥ 4♥", up=False)
    empty = game.vacancies()
    assert empty[:2] == ["european 1", "european 2"]
    game.play("deal")
    game.play("deal")
    assert str(game.piles["european 1"]) == "2♥" and str(game.piles["european 2"]) == "3♥"
    assert game.deal_target() == "european 3"


def test_a_card_dealt_into_the_wrong_hemisphere_waits_for_an_exchange() -> None:
    game = TheHemispheres.arrange({"african 1": "7♥"}, pack="5♠", up=False)
    game.play("deal")  # the 5♠ goes to the first vacancy, european 1, in the north
    assert str(game.piles["european 1"]) == "5♠"
    assert refused(game, "5♠ → foundation").rule == "I"
    assert str(game.play("5♠ ↔ 7♥")) == "5♠ ↔ 7♥"
    assert str(game.piles["african 1"]) == "5♠" and str(game.piles["european 1"]) == "7♥"


def test_exchanges_refused() -> None:
    game = TheHemispheres.from_plate()
    problem = game.violation(Move("exchange", (Card.parse("5♥"), Card.parse("3♣")), "european 1", "african 1"))
    assert problem is not None and problem.rule == "II" and "wrong colors" in str(problem)
    problem = game.violation(Move("exchange", (Card.parse("6♦"), Card.parse("3♣")), "european 1", "african 1"))
    assert problem is not None and problem.rule == "II"


def test_race_cards_never_go_into_vacancies_but_by_a_transfer() -> None:
    game = TheHemispheres.arrange({"european 1": "Q♥", "african 2": "2♣"})
    assert refused(game, "Q♥ → european 2").rule == "Deal"
    assert refused(game, "2♣ → african 1").rule == "Deal"


def test_barriers_and_foundation_cards_stay() -> None:
    game = TheHemispheres.from_plate()
    assert refused(game, "K♥ → 5♥").rule == "IV"
    problem = game.violation(Move("move", (Card.parse("A♥"),), "foundation 1", "european 1"))
    assert problem is not None and problem.rule == "Foundations"
    problem = game.violation(Move("move", (game.piles["pack"].top,), "pack", "foundation 1"))
    assert problem is not None and problem.rule == "Deal"


def test_talon_cards_below_the_top_are_not_available() -> None:
    game = TheHemispheres.arrange({"european 1": "Q♥", "asiatic 1": "J♥", "african 1": "2♣",
                                   "australian 1": "2♠"}, talon="A♠ 3♣ 10♥")
    problem = game.violation(Move("move", (Card.parse("3♣"),), "talon", "african 1"))
    assert problem is not None and problem.rule == "Talon"


def test_marriage_directions() -> None:
    assert marries(Card.parse("Q♦"), Card.parse("J♦")) and not marries(Card.parse("Q♦"), Card.parse("K♦"))
    assert marries(Card.parse("2♠"), Card.parse("3♠")) and not marries(Card.parse("2♠"), Card.parse("3♣"))


def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = TheHemispheres.from_plate()
    before = str(game)
    for text in ("", "5♥ → the moon", "X♥ → 3♣"):
        refused(game, text, (InvalidMove, IllegalMove))
    with pytest.raises(InvalidPosition):
        TheHemispheres.from_position(before.replace("european 1: 5♥", "european 1: 5♥ 5♥"))
    with pytest.raises(InvalidPosition):
        TheHemispheres.arrange({"polar 1": "2♥"})
    with pytest.raises(InvalidPosition, match="placed nowhere"):
        TheHemispheres.arrange({"european 1": "5♥"})


def test_barriers_option_and_no_redeal() -> None:
    ready = TheHemispheres.arrange({"european 1": "2♣"}, pack="Q♥", barriers="ready")
    assert ready.spec == "the-hemispheres(barriers=ready)"
    assert [str(m) for m in ready.legal_moves()] == ["deal", "K♦ → foundation", "A♠ → foundation"]
    ready.play("deal")
    assert refused(ready, "deal").rule == "Re-deal"


def test_fast_moves_are_the_explained_moves_along_the_worked_game() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.start.copy()
    for i, move in enumerate(record.moves):
        if i % 5 == 0:
            assert game.legal_moves() == [m for m in game.moves() if game.violation(m) is None]
        game.play(move)


def test_safe_move_plays_a_barrier_at_the_end() -> None:
    end = TheHemispheres.arrange({"european 1": "2♣", "australian 2": "Q♥"})
    safe = end.safe_move(end.legal_moves())
    assert safe is not None and safe.source.startswith("barrier")


def test_layout_and_record() -> None:
    game = TheHemispheres.from_plate()
    assert {s.pile for s in game.layout()} == set(game.piles)
    assert "A♥" in render.text(game) and game._repr_svg_().startswith("<svg")
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-hemispheres", seed=77)
    assert record.replay().is_won
