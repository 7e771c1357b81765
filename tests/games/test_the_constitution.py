"""The Constitution: the oddities the chapter does not show (the deal, the court cards, vacancies filled
down to the talon and the pack, the option, bad input, the solver's hooks, the recorded worked game)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Record, load, render
from patience.cards import Rank
from patience.game import Move
from patience.games.the_constitution import DIVISIONS, PLATE_DIVISIONS, ROWS, TheConstitution

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-constitution.txt"


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 33])
def test_court_cards_set_out_and_eighty_cards_in_play(seed: int) -> None:
    game = TheConstitution.deal(seed)
    assert str(game.piles["sovereign"]) == "Q♦"
    assert len(game.piles["queens"]) == 7 and all(c.rank == Rank.QUEEN for c in game.piles["queens"])
    assert all(game.piles[f"judge {i}"].top.is_red and game.piles[f"bishop {i}"].top.rank == Rank.KING
               and not game.piles[f"bishop {i}"].top.is_red for i in range(1, 5))
    assert [len(game.piles[f]) for f in game.piles_of("foundation")] == [1] * 8
    assert all(len(game.piles[p]) == 1 for d in DIVISIONS for p in ROWS[d])
    pack = game.piles["pack"]
    assert len(pack) == 48 and pack.face_down == 48
    in_play = [c for p in game.piles for c in game.piles[p].cards
               if p == "pack" or p.split()[0] in DIVISIONS]
    assert all(Rank.ACE < c.rank <= Rank.KNAVE for c in in_play) and len(in_play) == 80
    assert Counter(game.cards()) == Counter(game.pack())
    assert game.inconsistencies() == []


def test_rows_are_dealt_from_the_lowest() -> None:
    game = TheConstitution()
    cards = [c for c in game.pack() if Rank.ACE < c.rank <= Rank.KNAVE]
    game._place_court(game.pack())
    game._deal_rows(cards[:32])
    assert game.piles["people 1"].top == cards[0] and game.piles["people 8"].top == cards[7]
    assert game.piles["commons 1"].top == cards[8] and game.piles["council 8"].top == cards[31]


def test_plate_position_and_its_readings() -> None:
    game = TheConstitution.from_plate()
    for division, row in zip(DIVISIONS, PLATE_DIVISIONS):
        assert " ".join(str(game.piles[p].top) for p in ROWS[division]) == row
    assert game.seed == 19 and game.inconsistencies() == []


def test_from_divisions_refuses_bad_rows() -> None:
    rows = list(PLATE_DIVISIONS)
    with pytest.raises(InvalidPosition, match="8 cards"):
        TheConstitution.from_divisions(rows[0] + " 2♠", *rows[1:])
    with pytest.raises(InvalidPosition, match="not a card of the play"):
        TheConstitution.from_divisions("Q♠ " + rows[0].split(" ", 1)[1], *rows[1:])
    with pytest.raises(InvalidPosition, match="too many"):
        TheConstitution.from_divisions(*["2♠ 2♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠"] + rows[1:])


def test_arrange_refuses_unknown_places_and_stranded_cards() -> None:
    with pytest.raises(InvalidPosition, match="unknown place"):
        TheConstitution.arrange({"parliament 1": "2♠"})
    with pytest.raises(InvalidPosition, match="placed nowhere"):
        TheConstitution.arrange({"council 1": "9♦"})


# ------------------------------------------------------------------- vacancies
def test_a_vacancy_cascades_down_and_the_people_takes_the_pack_then_the_talon() -> None:
    game = TheConstitution.from_plate()
    next_card = game.piles["pack"].top
    game.play("8♣ → 9♦")
    game.play("7♦ → lords 4")
    game.play("9♥ → commons 4")
    assert game.piles["people 5"].cards == (next_card,) and game.vacancy() is None
    game.play("deal")
    dealt = game.piles["talon"].top
    after = game.piles["pack"].top
    game.play("7♦ → 8♣")
    game.play("9♥ → lords 4")
    game.play("J♣ → commons 4")
    assert game.piles["people 4"].cards == (dealt,) and game.piles["talon"].is_empty
    assert game.piles["pack"].top == after


def test_only_the_vacancy_waiting_may_be_filled_and_only_from_below() -> None:
    game = TheConstitution.from_plate()
    game.play("8♣ → 9♦")
    assert refused(game, "2♣ → 3♦").rule == "V"
    assert refused(game, "5♠ → lords 4").rule == "V"  # from the People, two divisions down
    fills = game.legal_moves()
    assert {m.target for m in fills} == {"lords 4"} and {m.source for m in fills} == set(ROWS["commons"])


def test_a_place_stays_empty_when_nothing_below_can_fill_it() -> None:
    late = TheConstitution.arrange({"council 1": "J♠ 10♦", "council 2": "J♦"})
    assert late.vacancy() is None and late.inconsistencies() == []
    problem = late.violation(Move("move", (Card.parse("J♦"),), "council 2", "council 3"))
    assert problem is not None and problem.rule == "V"
    late.play("10♦ → foundation")
    late.play("J♠ → foundation")
    assert late.piles["council 1"].is_empty and late.vacancy() is None
    # in the worked game the pack is exhausted at move 121 (no card was ever dealt to the talon):
    # from then on a place of the People that is emptied stays empty
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.start.copy()
    for move in record.moves[:121]:
        game.play(move)
    assert game.piles["pack"].is_empty and game.piles["talon"].is_empty
    for move in record.moves[121:]:
        game.play(move)
        if move.source.startswith("people"):
            break
    assert move.source.startswith("people") and game.piles[move.source].is_empty
    assert game.inconsistencies() == []


def test_the_deal_goes_to_the_talon_one_card_at_a_time() -> None:
    game = TheConstitution.from_plate()
    top = game.piles["pack"].top
    game.play("deal")
    assert game.piles["talon"].cards == (top,) and len(game.piles["pack"]) == 47
    for _ in range(47):
        game.play("deal")
    assert refused(game, "deal").rule == "Deal"
    assert len(game.piles["talon"]) == 48


# ----------------------------------------------------------------- refusals
def test_cards_that_take_no_part_and_cards_out_of_reach() -> None:
    game = TheConstitution.from_plate()
    problem = game.violation(Move("move", (Card.parse("Q♦"),), "sovereign", "council 5"))
    assert problem is not None and problem.rule == "Foundations" and "Sovereign" in str(problem)
    for _ in range(2):
        game.play("deal")
    buried = game.piles["talon"].cards[0]
    problem = game.violation(Move("move", (buried,), "talon", "foundation 1"))
    assert problem is not None and problem.rule == "Talon"


def test_the_privy_council_sends_cards_only_up_and_no_card_goes_down() -> None:
    game = TheConstitution.from_plate()
    problem = game.violation(Move("move", (Card.parse("5♣"),), "council 1", "lords 1"))
    assert problem is not None and problem.rule == "I"
    problem = game.violation(Move("move", (Card.parse("6♥"),), "lords 1", "commons 1"))
    assert problem is not None and problem.rule == "II"
    problem = game.violation(Move("move", (Card.parse("6♥"),), "lords 1", "lords 2"))
    assert problem is not None and problem.rule == "II"


def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = TheConstitution.from_plate()
    before = str(game)
    for text in ("", "9♦ → the moon", "X♥ → 3♣", "2♣ to to"):
        refused(game, text, (InvalidMove, IllegalMove))
    refused(game, None, TypeError)
    with pytest.raises(InvalidPosition):
        TheConstitution.from_position(before.replace("council 1: 5♣", "council 1: 5♣ 5♣"))
    with pytest.raises(InvalidPosition):
        TheConstitution.from_position(before.replace("council 1:", "senate 1:"))


# ------------------------------------------------------------------- the option
def test_sequences_option_moves_whole_sequences_but_fills_with_one_card() -> None:
    game = TheConstitution.from_plate(sequences=True)
    assert game.spec == "the-constitution(sequences=true)"
    game.play("3♦ → 4♠")
    run = Move("move", (Card.parse("4♠"), Card.parse("3♦")), "commons 5", "lords 7", "4♠ → 5♥")
    assert run in game.legal_moves()
    to_foundation = game.violation(Move("move", run.cards, "commons 5", "foundation 1"))
    assert to_foundation is not None and to_foundation.rule == "I"
    # a sequence moves whole from the Commons to the Lords, and its vacancy is filled as ever
    other = TheConstitution.from_plate(sequences=True)
    other.play("5♠ → 6♦")
    other.play("6♦ → 7♠")
    assert str(other.piles["lords 6"]) == "7♠ 6♦ 5♠" and other.vacancy() == "commons 7"
    # a vacancy takes one card, not a sequence
    game.play("8♣ → 9♦")
    assert game.vacancy() == "lords 4"
    problem = game.violation(Move("move", run.cards, "commons 5", "lords 4"))
    assert problem is not None and problem.rule == "V" and "one card" in str(problem)


def test_fast_moves_are_the_explained_moves_with_sequences() -> None:
    rng = random.Random(3)
    game = TheConstitution.deal(3, sequences=True)
    for _ in range(50):
        fast = game.legal_moves()
        assert fast == [m for m in game.moves() if game.violation(m) is None]
        if not fast:
            break
        game.play(rng.choice(fast))
        assert game.inconsistencies() == []


# ---------------------------------------------------------------- for solvers
def test_solver_key_ignores_the_order_of_places_within_a_division() -> None:
    game = TheConstitution.from_plate()
    text = str(game).replace("council 1:", "council X:").replace("council 2:", "council 1:") \
        .replace("council X:", "council 2:")
    twin = TheConstitution.from_position(text)
    assert twin.solver_key() == game.solver_key() and twin.state_key() != game.state_key()


def test_safe_move_and_independence() -> None:
    late = TheConstitution.arrange({"council 1": "J♠ 10♦", "council 2": "J♦"})
    safe = late.safe_move(late.legal_moves())
    assert safe is not None and str(safe) == "10♦ → foundation"
    game = TheConstitution.from_plate()
    deal = game.play("deal")
    single = Move("move", (Card.parse("8♣"),), "lords 4", "council 4", "8♣ → 9♦")
    assert not game.independent(deal, single)
    game.play("3♦ → 4♠")
    covered = Move("move", (Card.parse("3♦"),), "commons 5", "lords 7")
    assert game.independent(deal, covered)


# ------------------------------------------------------------ pictures and record
def test_layout_draws_every_pile() -> None:
    game = TheConstitution.from_plate()
    assert {s.pile for s in game.layout()} == set(game.piles)
    assert "Q♦" in render.text(game) and game._repr_svg_().startswith("<svg")


def test_the_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-constitution", seed=33)
    end = record.replay()
    assert end.is_won and end.result == "won"
