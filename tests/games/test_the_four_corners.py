"""The Four Corners: the oddities the chapter does not show — the deal's order and its note, the
restrictions of the deal and when they end, foundation cards, reversals, re-deals and options."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
import patience
from patience import Card, InvalidMove, InvalidPosition, Move, Record, UnknownOption, render
from patience.games.the_four_corners import (
    DEAL_ORDER,
    TheFourCorners,
    adjoining,
    reversal,
    sequence,
    sequence_length,
)

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-four-corners.txt"
DONE = {3: "A♦-K♦", 7: "K♦-A♦", 4: "A♣-K♣", 8: "K♣-A♣"}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def dealing(pack: str, **options) -> TheFourCorners:
    """A game at its start whose pack deals ``pack`` first (first card first)."""
    return TheFourCorners.arrange({}, pack=" ".join(reversed(pack.split())), **options)


# ------------------------------------------------------------------------------ the deal
def test_a_new_game_is_the_whole_pack_face_down() -> None:
    game = TheFourCorners.deal(4)
    assert len(game.piles["pack"]) == 104 and game.piles["pack"].face_down == 104
    assert all(game.piles[p].is_empty for p in DEAL_ORDER)
    assert game.counters == {"deal_to": 1, "just_dealt": 0, "redeals": 0}
    assert Counter(game.cards()) == Counter(game.pack())
    assert TheFourCorners.deal(4) == game and TheFourCorners.deal(5) != game


def test_cards_go_round_the_packets_in_the_books_order() -> None:
    game = dealing("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ 2♥ 3♥ 4♥")
    for _ in range(14):
        game.play("deal")
    tops = [str(game.piles[p]) for p in DEAL_ORDER]
    assert tops == ["2♠ 3♥", "3♠ 4♥", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "2♥"]
    assert DEAL_ORDER[:6] == ("corner 1", "side 1", "side 2", "side 3", "side 4", "corner 2")
    assert game.counters["deal_to"] == 3 and game.counters["just_dealt"] == 2


def test_a_card_withdrawn_as_it_is_dealt_is_replaced_from_the_pack() -> None:
    game = dealing("5♠ A♠ 2♠ 9♥", places="in-turn")
    game.play("deal")  # 5♠ on corner 1
    game.play("deal")  # A♠ on side 1, played at once
    game.play("A♠ → foundation")
    assert game.counters["deal_to"] == 2 and game.counters["just_dealt"] == 0
    game.play("deal")  # 2♠ falls on side 1 in the ace's stead; side 1 adjoins foundation 1
    assert game.piles["side 1"].cards == cards("2♠")
    game.play("2♠ → foundation")
    game.play("deal")
    assert game.piles["side 1"].cards == cards("9♥")


def test_a_card_played_later_is_not_replaced() -> None:
    game = dealing("2♠ A♠ 7♥ 8♥")
    game.play("deal")  # 2♠ on corner 1
    game.play("deal")  # A♠ on side 1
    game.play("A♠ → foundation 3")
    game.play("deal")  # 7♥ on side 1 in the ace's stead
    game.play("2♠ → foundation")  # a corner card, any foundation; not the card just dealt
    assert game.counters["deal_to"] == 3
    game.play("deal")
    assert game.piles["side 2"].cards == cards("8♥") and game.piles["corner 1"].is_empty


def test_foundation_cards_must_be_played_at_once_and_found_one_foundation_each() -> None:
    game = dealing("K♦ A♦ K♦ A♦")
    game.play("deal")
    assert refused(game, "deal").rule == "Foundations"
    game.play("K♦ → foundation 8")
    game.play("deal")
    game.play("A♦ → foundation 3")
    game.play("deal")  # the second K♦ (on corner 1 again): an ordinary card
    assert not game.is_foundation_card(Card.parse("K♦"))
    assert "different suits" in str(refused(game, "K♦ → foundation 1"))
    game.play("deal")  # nothing forces it: the deal goes on
    assert game.piles["corner 1"].cards == cards("K♦")
    assert game.piles["side 1"].cards == cards("A♦")
    assert "different suits" in str(refused(game, "A♦ → foundation 1"))


def test_side_packets_play_only_to_their_own_foundation_during_the_deal() -> None:
    game = dealing("A♠ 7♦ 2♠ 2♠", places="choice")
    game.play("deal")
    game.play("A♠ → foundation 3")  # beside side 3
    for _ in range(3):
        game.play("deal")  # 7♦ on corner 1 (in the ace's stead), 2♠ on side 1, 2♠ on side 2
    problem = refused(game, "2♠ → foundation")
    assert problem.rule == "Side packets" and "side 1 adjoins foundation 1" in str(problem)
    assert all(adjoining(f"side {n}") == f"foundation {n}" for n in range(1, 9))


def test_the_restrictions_cease_with_the_last_card_dealt() -> None:
    after = TheFourCorners.arrange(
        {"corner 1": "2♠", "side 1": "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠", "side 5": "3♠"},
        {1: "A♥-K♥", 2: "K♥-A♥", 3: "A♠", 4: "K♠-A♠", 5: "A♦-K♦", 6: "K♦-A♦", 7: "A♣-K♣", 8: "K♣-A♣"},
    )
    text = (str(after).replace("side 5: 3♠", "side 5:").replace("pack:", "pack: [3♠]")
            .replace("deal_to=1", "deal_to=3"))
    game = TheFourCorners.from_position(text)
    assert game.dealing
    assert game.play("2♠ → foundation").target == "foundation 3"  # a corner card: any foundation
    game.play("deal")  # the last card falls on side 2, which adjoins foundation 2
    assert not game.dealing and game.piles["side 2"].top == Card.parse("3♠")
    assert game.play("3♠ → foundation").target == "foundation 3"
    assert [str(m) for m in game.legal_moves()] == ["4♠ → foundation"]



def test_places_in_turn_and_play_in_deal_as_dealt() -> None:
    game = dealing("A♠ K♥ 2♠", places="in-turn")
    game.play("deal")
    assert [str(m) for m in game.legal_moves()] == ["A♠ → foundation"]
    assert refused(game, "A♠ → foundation 5").rule == "Foundations"
    game.play("A♠ → foundation")
    game.play("deal")
    assert game.play("K♥ → foundation").target == "foundation 2"

    strict = dealing("A♠ 3♥ 2♠ 9♦", play_in_deal="as-dealt")
    strict.play("deal")
    strict.play("A♠ → foundation 2")
    strict.play("deal")  # 3♥ on corner 1
    strict.play("deal")  # 2♠ on side 1: side 1 does not adjoin foundation 2
    strict.play("deal")  # 9♦ on side 2
    assert refused(strict, "2♠ → foundation").rule == "Side packets"


# --------------------------------------------------------------------------- after the deal
def late(packets: dict[str, str], foundations: dict[int, str], **options) -> TheFourCorners:
    return TheFourCorners.arrange(packets, {**DONE, **foundations}, **options)


def test_reversal_moves_and_their_notation() -> None:
    game = late({"side 3": "10♠ 2♠ 3♠ 4♠", "corner 2": "5♠", "side 7": "K♠ Q♠ J♠ 9♠ 8♠ 7♠ 6♠"},
                {1: "A♠", 5: "K♠-A♠", 2: "A♥-K♥", 6: "K♥-A♥"})
    names = [str(m) for m in game.legal_moves() if m.kind == "reverse"]
    assert names == ["4♠–3♠ → 5♠", "4♠–2♠ → 5♠", "6♠–7♠ → 5♠", "6♠–8♠ → 5♠", "6♠–9♠ → 5♠"]
    # a run built up and down (7♦ 6♦ 7♦) is not a sequence to reverse, though its cards marry
    assert sequence_length(cards("7♦ 6♦ 7♦")) == 2
    move = game.play("4S-2S to 5S")
    assert move.kind == "reverse" and move.cards == cards("4♠ 3♠ 2♠")
    assert game.piles["corner 2"].cards == cards("5♠ 4♠ 3♠ 2♠")
    game.undo()
    assert game.play("4♠ 2♠ → corner 2").kind == "reverse"
    game.undo()
    too_long = Move("reverse", cards("4♠ 3♠ 2♠ 10♠"), "side 3", "corner 2", "4♠–10♠ → 5♠")
    assert refused(game, too_long).rule == "Reversal"
    upside_down = Move("reverse", cards("2♠ 3♠ 4♠"), "side 3", "corner 2", "2♠–4♠ → 5♠")
    assert refused(game, upside_down).rule == "I"
    to_foundation = Move("reverse", cards("4♠ 3♠"), "side 3", "foundation 1", "4♠–3♠ → foundation")
    assert refused(game, to_foundation).rule == "Reversal"


def test_reversal_helpers() -> None:
    assert reversal(cards("K♠ 2♠ 3♠ 4♠"), 2) == cards("4♠ 3♠")
    assert sequence("A♠-3♠") == "A♠ 2♠ 3♠" and sequence("3♥–A♥") == "3♥ 2♥ A♥"
    with pytest.raises(InvalidPosition):
        sequence("A♠-3♥")


def test_a_card_fitting_both_foundations_of_its_suit_names_them() -> None:
    # the hearts meet: one foundation up to the six, one down to the eight, and two 7♥ on top
    game = TheFourCorners.arrange(
        {"corner 1": "7♥", "corner 3": "7♥", "side 5": "K♥ Q♥ J♥ 10♥ 9♥ 8♥", "side 6": "A♥ 2♥ 3♥ 4♥ 5♥ 6♥"},
        {1: "A♠-K♠", 5: "K♠-A♠", 2: "A♥-6♥", 6: "K♥-8♥", **DONE},
    )
    played = [str(m) for m in game.legal_moves() if m.cards[0] == Card.parse("7♥") and m.target.startswith("f")]
    assert played == ["7♥ → foundation 2", "7♥ → foundation 6"] * 2
    game.play("7♥ → foundation 2")
    played = [str(m) for m in game.legal_moves() if m.cards[0] == Card.parse("7♥") and m.target.startswith("f")]
    assert played == ["7♥ → foundation"]
    assert game.play("7♥ → foundation").target == "foundation 6"
    for rank in "8 9 10 J Q K".split():
        game.play(f"{rank}♥ → foundation")
    for rank in "6 5 4 3 2 A".split():
        game.play(f"{rank}♥ → foundation")
    assert game.is_won and game.result == "won"


def test_a_buried_card_is_refused_by_rule_one_and_nonsense_is_not_a_move() -> None:
    game = late({"side 3": "10♠ 2♠ 3♠ 4♠", "corner 2": "5♠ 6♠ 7♠ 8♠ 9♠ J♠ Q♠ K♠"},
                {1: "A♠", 5: "K♠-A♠", 2: "A♥-K♥", 6: "K♥-A♥"})
    assert refused(game, "2♠ → foundation").rule == "I"
    assert refused(game, "3♠ → 4♠").rule == "I"
    with pytest.raises(InvalidMove):
        game.play("4♠ → 7♥")
    with pytest.raises(InvalidMove):
        game.play("shuffle")
    assert refused(game, Move("move", cards("4♠"), "side 3", "pack", "4♠ → pack")).rule == "Play"
    assert refused(game, "deal").rule == "Deal"


# -------------------------------------------------------------------------------- re-deals
def test_redeal_rules_and_order() -> None:
    game = TheFourCorners.deal(3)
    assert refused(game, "redeal").rule == "Re-deal"
    blocked = late({"corner 1": "Q♥ 6♥ K♥", "side 1": "8♥ 10♥", "corner 4": "7♥ J♥ 9♥"},
                   {1: "A♥-5♥", 5: "K♥-A♥", 2: "A♠-K♠", 6: "K♠-A♠"})
    text = str(blocked)
    blocked.play("redeal")
    assert blocked.counters == {"deal_to": 1, "just_dealt": 0, "redeals": 1}
    assert [str(c) for c in reversed(blocked.piles["pack"].cards)] == "Q♥ 6♥ K♥ 8♥ 10♥ 7♥ J♥ 9♥".split()
    assert blocked.piles["pack"].face_down == 8
    assert all(blocked.piles[p].is_empty for p in DEAL_ORDER)
    last = TheFourCorners.from_position(text.replace("the-four-corners", "the-four-corners(take_up=left-last)"))
    last.play("redeal")
    assert [str(c) for c in reversed(last.piles["pack"].cards)] == "7♥ J♥ 9♥ 8♥ 10♥ Q♥ 6♥ K♥".split()
    once = TheFourCorners.from_position(text.replace("the-four-corners", "the-four-corners(redeals=1)")
                                        .replace("redeals=0", "redeals=1"))
    assert "only one re-deal" in str(refused(once, "redeal"))
    none = TheFourCorners.from_position(text.replace("the-four-corners", "the-four-corners(redeals=0)"))
    assert "no re-deal" in str(refused(none, "redeal"))


def test_the_redeal_is_refused_while_a_card_can_be_played() -> None:
    game = late({"corner 1": "Q♥ K♥ 6♥", "side 1": "8♥ 10♥", "corner 4": "7♥ J♥ 9♥"},
                {1: "A♥-5♥", 5: "K♥-A♥", 2: "A♠-K♠", 6: "K♠-A♠"})
    assert "6♥ can be played" in str(refused(game, "redeal"))


# ------------------------------------------------------------------------- positions, options
def test_positions_check_the_deal_counters_and_default_them() -> None:
    text = str(TheFourCorners.from_plate())
    with pytest.raises(InvalidPosition):
        TheFourCorners.from_position(text.replace("deal_to=1", "deal_to=13"))
    with pytest.raises(InvalidPosition):
        TheFourCorners.from_position(text.replace("just_dealt=12", "just_dealt=-1"))
    bare = TheFourCorners.from_position(text.replace(" deal_to=1 just_dealt=12 redeals=0", ""))
    assert bare.counters["deal_to"] == 1
    assert bare.play("deal") and bare.piles["corner 1"].top == Card.parse("A♣")


def test_options_are_checked() -> None:
    for spec in ("places=anywhere", "play_in_deal=never", "take_up=shuffled", "redeal_when=never"):
        with pytest.raises(UnknownOption):
            patience.load(f"the-four-corners({spec})")


def test_plate_and_layout() -> None:
    game = TheFourCorners.from_plate()
    assert [str(game.piles[p]) for p in DEAL_ORDER] == (
        "3♥ Q♥ 2♣ 5♥ 10♦ 5♦ Q♠ 3♦ 7♣ 4♠ 3♣ 8♦".split()
    )
    assert not any(c.rank in (1, 13) for p in DEAL_ORDER for c in game.piles[p])
    assert [str(c) for c in reversed(game.piles["pack"].cards)][:5] == "A♣ K♥ 3♣ 9♠ J♥".split()
    spots = {s.pile: s for s in game.layout()}
    assert set(spots) == set(game.piles)
    for n in range(1, 9):  # each foundation level with the side packet it adjoins
        assert spots[f"foundation {n}"].y == spots[f"side {n}"].y
    assert render.svg(game).startswith("<svg")


def test_the_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.replay()
    assert game.is_won and game.counters["redeals"] == 2
    kinds = Counter(m.kind for m in record.moves)
    assert kinds["redeal"] == 2 and kinds["reverse"] >= 1


# ---------------------------------------------------------------------------- for the solver
@pytest.mark.parametrize("options", [{}, {"redeal_when": "stuck"}, {"redeal_when": "any", "take_up": "left-last"},
                                     {"places": "in-turn", "play_in_deal": "as-dealt"}])
def test_legal_moves_is_the_filter_of_moves(options: dict, legal_moves_checked) -> None:
    import random

    for seed in (2, 9):
        rng = random.Random(seed)
        game = TheFourCorners.deal(seed, **options)
        legal_moves_checked(game, rng, 700)


SPADES = {1: "A♠-K♠", 5: "K♠-A♠"}


def test_a_card_no_card_can_marry_is_played_safely_after_the_deal() -> None:
    game = late({"corner 1": "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ A♥"}, {**SPADES, 2: "A♥-5♥", 6: "K♥-2♥"})
    assert str(game.safe_move(game.legal_moves())) == "A♥ → foundation"
    game.play("A♥ → foundation")
    assert game.safe_move(game.legal_moves()) is None, "the 7♥ could still marry the 6♥"
    anytime = late({"corner 1": "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ A♥"}, {**SPADES, 2: "A♥-5♥", 6: "K♥-2♥"},
                   redeal_when="any")
    assert anytime.safe_move(anytime.legal_moves()) is None, "a re-deal may take it up first"


def test_packets_and_spaces_are_alike_once_the_deal_is_over_and_no_redeal_is_left() -> None:
    packets = {"corner 1": "7♥", "corner 3": "7♥", "side 5": "K♥ Q♥ J♥ 10♥ 9♥ 8♥", "side 6": "A♥ 2♥ 3♥ 4♥ 5♥ 6♥"}
    moved = {"corner 2": "7♥", "side 1": "7♥", "side 7": "K♥ Q♥ J♥ 10♥ 9♥ 8♥", "corner 4": "A♥ 2♥ 3♥ 4♥ 5♥ 6♥"}
    found = {**SPADES, 2: "A♥-6♥", 6: "K♥-8♥"}
    a, b = late(packets, found, redeals=0), late(moved, found, redeals=0)
    assert a.solver_key() == b.solver_key() and a.state_key() != b.state_key()
    assert late(packets, found).solver_key() != late(moved, found).solver_key(), "a re-deal takes them up in order"
    spaces = late({"corner 1": sequence("A♥-K♥"), "corner 2": sequence("K♥-A♥")}, SPADES, redeals=0)
    assert [str(m) for m in spaces.legal_moves()] == ["K♥ → foundation 2", "K♥ → foundation 6",
                                                       "A♥ → foundation 2", "A♥ → foundation 6"]
    assert [str(m) for m in spaces.useful_moves()] == ["K♥ → foundation 2", "A♥ → foundation 2"]
