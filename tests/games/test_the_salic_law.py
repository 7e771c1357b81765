"""The Salic Law: the oddities the chapter does not show (the first king, where each card of the deal
goes, the kings' cards under both readings, the solver's hooks, bad input, the recorded worked game)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load, render
from patience.cards import Rank
from patience.games.the_salic_law import FOUNDATIONS, PACKETS, QUEENS, TheSalicLaw

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-salic-law.txt"


def deal_out(game: TheSalicLaw) -> TheSalicLaw:
    """Deal the rest of the pack, playing every suitable card as it turns up."""
    while game.dealing:
        plays = [m for m in game.legal_moves() if m.kind == "move"]
        game.play(plays[0] if plays else "deal")
    return game


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 7])
def test_the_first_king_of_the_pack_begins_the_line(seed: int) -> None:
    game = TheSalicLaw.deal(seed)
    order = game.shuffle(game.pack())
    first = next(c for c in order if c.rank == Rank.KING)
    assert game.piles["packet 1"].cards == (first,)
    rest = list(order)
    rest.remove(first)
    assert list(reversed(game.piles["pack"].cards)) == rest
    assert game.piles["pack"].face_down == 103
    assert Counter(game.cards()) == Counter(game.pack())


def test_each_card_of_the_deal_goes_to_its_place() -> None:
    game = TheSalicLaw.deal(11)
    while game.dealing:
        card = game.piles["pack"].top
        last = game.last_packet()
        place = game.next_place()
        game.play("deal")
        if card.rank == Rank.ACE:
            assert place in FOUNDATIONS and game.piles[place].cards == (card,)
        elif card.rank == Rank.QUEEN:
            assert place in QUEENS and game.piles[place].cards == (card,)
        elif card.rank == Rank.KING:
            assert place in PACKETS and game.piles[place].cards == (card,) and game.last_packet() == place
        else:
            assert place == last and game.piles[last].top == card
    assert all(game.piles[n].cards for n in QUEENS + PACKETS + FOUNDATIONS)
    assert game.inconsistencies() == []


def test_the_deal_goes_on_the_last_king_even_when_it_lies_bare() -> None:
    # packet 2 is the last king; its 2♦ goes up, and the next card comes to the bare king
    game = TheSalicLaw.arrange(["K♥ 9♠", "K♣ 2♦"], pack="7♣ 3♦")
    game.play("2♦ → foundation 8")
    assert str(game.piles["packet 2"]) == "K♣"
    game.play("deal")
    assert str(game.piles["packet 2"]) == "K♣ 7♣"
    assert refused(game, "3♦ → foundation").rule == "Deal"


def test_rule_one_only_the_surface_and_every_packet_during_the_deal() -> None:
    game = TheSalicLaw.arrange(["K♥ 2♦ 9♠", "K♣ 3♦"], pack="8♣")
    # a surface card of an earlier packet may go up during the deal
    assert [str(m) for m in game.legal_moves()] == ["deal"]
    assert refused(game, "2♦ → foundation").rule == "I"
    game = TheSalicLaw.arrange(["K♥ 9♠ 2♦", "K♣ 3♦"], pack="8♣")
    assert "2♦ → foundation 8" in [str(m) for m in game.legal_moves()]
    game.play("2♦ → foundation 8")
    game.play("3♦ → foundation 8")
    assert refused(game, "9♠ → foundation 8").rule == "II"


# --------------------------------------------------------------------- the kings
def test_a_card_on_a_king_only_when_freed_and_the_deal_is_ended() -> None:
    during = TheSalicLaw.arrange(["K♥ 9♠ 10♦ J♣", "K♣"], pack="8♣")
    e = refused(during, "J♣ → K♣")
    assert e.rule == "Kings" and "deal is ended" in str(e)
    after = TheSalicLaw.arrange(["K♥ 10♦ 9♠ J♣", "K♣ 8♣"])
    e = refused(after, "J♣ → 8♣")
    assert e.rule == "Kings" and "freed entirely" in str(e)
    e = refused(after, "8♣ → J♣")
    assert e.rule == "Kings" and "freed entirely" in str(e)
    assert after.play("J♣ → K♠").target == "packet 3"
    assert after.counters["placed"] == 4
    assert after.inconsistencies() == []


def test_each_king_takes_one_card_once_by_default_and_whenever_bare_with_cell() -> None:
    for kings in ("once", "cell"):
        game = TheSalicLaw.arrange(["K♥ 10♦ 9♠ J♣", "K♣ J♦ 9♣ 10♥ 8♣"], kings=kings)
        assert game.play("J♣ → packet 3").target == "packet 3"
        for card in ("8♣", "9♠", "10♦", "J♣"):
            game.play(f"{card} → foundation")
        # the K♠ of packet 3 lies bare again, after its card has gone up
        assert str(game.piles["packet 3"]) == "K♠"
        if kings == "cell":
            assert game.play("10♥ → packet 3").target == "packet 3"
            assert game.counters["placed"] == 0
        else:
            e = refused(game, "10♥ → packet 3")
            assert e.rule == "Kings" and "has had it" in str(e)
            assert game.counters["placed"] == 4
            assert game.play("10♥ → packet 4").target == "packet 4"
            assert game.counters["placed"] == 4 | 8


def test_a_king_stays_in_its_line_and_a_queen_in_her_row() -> None:
    game = TheSalicLaw.arrange(["K♥ 10♦ 9♠ J♣", "K♣"])
    assert refused(game, "K♣ → foundation 8").rule == "Kings"
    assert refused(game, "K♣ → K♠").rule == "Kings"
    assert refused(game, "Q♠ → foundation 8").rule == "Queens"
    assert refused(game, "J♠ → K♣").rule == "Foundations"


# ---------------------------------------------------------------- the foundations
def test_the_foundations_stop_at_the_knaves_and_the_game_is_won() -> None:
    game = TheSalicLaw.arrange(["K♥ 10♦ 9♠ J♣", "K♣"])
    e = refused(game, "J♣ → foundation 1")
    assert e.rule == "Foundations" and "complete" in str(e)
    game.play("J♣ → K♣")
    game.play("9♠ → foundation 8")
    game.play("10♦ → foundation 8")
    assert not game.is_won
    game.play("J♣ → foundation 8")
    assert game.is_won and game.result == "won"
    assert all(len(game.piles[p]) == 1 for p in PACKETS)


def test_a_foundation_not_begun_takes_nothing() -> None:
    game = TheSalicLaw.deal(7)
    game.play("deal")
    e = refused(game, "10♠ → foundation 1")
    assert e.rule == "Foundations" and "has not appeared" in str(e)


def test_deal_and_redeal_refused() -> None:
    game = deal_out(TheSalicLaw.deal(2))
    assert refused(game, "deal").rule == "Deal"
    assert refused(game, "redeal").rule == "Re-deal"
    assert refused(TheSalicLaw.deal(2), "redeal").rule == "Re-deal"


# ------------------------------------------------------------ bad input, positions
def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = TheSalicLaw.deal(3)
    for text in ("", "deal the cards", "7X → foundation", "5♠ → nowhere"):
        refused(game, text, (InvalidMove, IllegalMove))
    refused(game, None, TypeError)
    assert game.history == []


def test_malformed_positions_are_refused() -> None:
    text = str(TheSalicLaw.deal(3))
    with pytest.raises(InvalidPosition):
        TheSalicLaw.from_position(text.replace("packet 1: K", "packet 9: K"))
    with pytest.raises(InvalidPosition):
        TheSalicLaw.from_position(text.replace("packet 1: K♣", "packet 1: K♣ K♣"))
    with pytest.raises(InvalidPosition):
        TheSalicLaw.from_position(text.replace("placed=0", "placed=x"))
    with pytest.raises(InvalidPosition):
        TheSalicLaw.arrange(["K♥ 9♠ 5♦"])
    with pytest.raises(InvalidPosition):
        TheSalicLaw.arrange(["K♥"] * 3)


def test_inconsistencies_name_what_no_game_reaches() -> None:
    game = TheSalicLaw.arrange(["K♥ 10♦ 9♠ J♣", "K♣"])
    assert game.inconsistencies() == []
    game.piles["packet 2"], game.piles["packet 3"] = game.piles["packet 3"].__class__(), game.piles["packet 2"]
    assert any("filled after an empty one" in f for f in game.inconsistencies())
    game = TheSalicLaw.arrange(["K♥ 10♦ 9♠ J♣", "K♣"])
    game.piles["packet 2"] = game.piles["packet 2"].added(game.piles["queen 1"].cards)
    game.piles["queen 1"] = game.piles["queen 1"].without(1)
    faults = game.inconsistencies()
    assert any("packet 2 holds other" in f for f in faults)
    cell = TheSalicLaw.arrange(["K♥ 10♦ 9♠ J♣", "K♣"], kings="cell", placed=1)
    assert cell.inconsistencies() == ["with kings=cell no king's card is counted"]


def test_text_diagram_and_picture() -> None:
    game = TheSalicLaw.from_plate()
    assert game == load("the-salic-law", seed=7)
    assert "##×103" in render.text(game) and "K♥" in render.text(game)
    picture = game._repr_svg_()
    assert picture.count('data-pile="packet') == 8 and "K♥" in picture


# ------------------------------------------------------------------ for solvers
def test_solver_hooks() -> None:
    game = deal_out(TheSalicLaw.deal(1))
    useful = game.useful_moves()
    assert set(useful) <= set(game.legal_moves())
    # a king's card to each of two bare kings alike is one move
    targets = Counter((m.source, m.target) for m in useful if m.target in PACKETS)
    assert all(n == 1 for n in targets.values())
    # after the deal the packets are alike: the key does not tell their order
    swapped = game.copy()
    swapped.piles["packet 1"], swapped.piles["packet 2"] = game.piles["packet 2"], game.piles["packet 1"]
    assert swapped.solver_key() == game.solver_key()
    # a card goes up safely when every foundation is at least one below it
    late = TheSalicLaw.arrange(["K♥ 10♦ 9♠ J♣", "K♣ J♦ 9♣ 10♥ 8♣"])
    assert str(late.safe_move(late.useful_moves())) == "8♣ → foundation 8"
    late.play("8♣ → foundation 8")
    assert late.safe_move(late.useful_moves()) is None  # the 10♥: the 9♠ and 9♣ still to go up
    early = TheSalicLaw.deal(7)
    for _ in range(10):
        early.play("deal")
    assert [str(m) for m in early.useful_moves()] == ["deal", "2♠ → foundation 1"]
    assert early.safe_move(early.useful_moves()) is None  # six aces have still to appear


def test_random_play_both_readings(legal_moves_checked) -> None:
    for kings in ("once", "cell"):
        game = deal_out(TheSalicLaw.deal(4, kings=kings))
        legal_moves_checked(game, random.Random(4), 40)


def test_the_recorded_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == TheSalicLaw.from_plate()
    end = record.replay()
    assert end.is_won and end.result == "won"


def test_play_at_once_holds_the_deal_until_the_suitable_cards_are_played() -> None:
    strict = load("the-salic-law(play_at_once=true)", seed=7)
    for _ in range(10):
        strict.play("deal")
    assert [str(m) for m in strict.legal_moves()] == ["2♠ → foundation 1", "2♠ → foundation 2"]
    assert refused(strict, "deal").rule == "Deal"
    strict.play("2♠ → foundation")
    assert [str(m) for m in strict.legal_moves()] == ["deal"]
    # after the deal the option changes nothing
    strict, free = deal_out(TheSalicLaw.deal(7, play_at_once=True)), deal_out(TheSalicLaw.deal(7))
    assert strict.piles == free.piles and strict.legal_moves() == free.legal_moves()
