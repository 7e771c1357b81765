"""The Shah: the oddities the chapter does not show (the withdrawn aces and kings, the order of the
deal and of the refills, the replacement during the deal, the grace, the option, bad input, the
layout, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.game import Move, Pile
from patience.games.the_shah import ACE_SUITS, PLACES, TheShah

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-shah.txt"


def deal_star(game: TheShah) -> TheShah:
    while not game.star_dealt:
        game.play("deal")
    return game


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 7])
def test_aces_round_the_shah_and_seven_kings_aside(seed: int) -> None:
    game = TheShah.deal(seed)
    assert [game.piles[f].cards[0].suit for f in game.piles_of("foundation")] == list(ACE_SUITS)
    assert all(len(game.piles[f]) == 1 for f in game.piles_of("foundation"))
    assert str(game.piles["shah"])[0] == "K" and len(game.piles["kings"]) == 7
    assert len(game.piles["pack"]) == 88 and game.piles["pack"].face_down == 88
    assert Counter(game.cards()) == Counter(game.pack())
    assert game.inconsistencies() == []


def test_the_star_is_dealt_circle_by_circle_from_the_top_clockwise() -> None:
    game = TheShah.deal(3)
    order = list(reversed(game.piles["pack"].cards))
    for _ in range(24):
        game.play("deal")
    # with no card played, the i-th card dealt lies in the i-th place (circle 1 first, ray 1 first)
    assert [game.piles[p].cards[0] for p in PLACES] == order[:24]
    assert game.star_dealt and game.next_place() == "talon" and game.counters["dealt"] == 24
    game.play("deal")
    assert game.piles["talon"].cards == (order[24],)


def test_a_card_played_while_the_star_is_dealt_is_replaced_in_its_place() -> None:
    game = TheShah.from_plate()
    for move in ["deal"] * 3:
        game.play(move)
    replacement, left = game.piles["pack"].top, len(game.piles["pack"]) - 1
    game.play("2♥ → foundation")
    assert (game.piles["circle 3 ray 3"].cards, len(game.piles["pack"])) == ((replacement,), left)
    assert game.next_place() == "circle 3 ray 4"


def test_after_the_star_a_card_played_leaves_a_space_and_the_deal_waits() -> None:
    game = TheShah.arrange({"circle 1 ray 1": "9♣", "circle 2 ray 1": "J♥", "circle 3 ray 1": "2♦"}, pack="7♠")
    game.play("2♦ → foundation")
    assert game.piles["circle 3 ray 1"].is_empty
    assert refused(game, "deal").rule == "Spaces"
    spaces = game.spaces()
    assert spaces[0] == "circle 1 ray 2" and "circle 3 ray 1" in spaces
    game.play("refill")
    assert str(game.piles["circle 1 ray 2"]) == "7♠"


def test_spaces_are_refilled_inner_circles_first_then_clockwise() -> None:
    game = TheShah.arrange({"circle 1 ray 1": "9♣", "circle 1 ray 2": "5♦", "circle 2 ray 2": "J♥",
                            "circle 1 ray 3": "8♠"}, pack="4♥ 7♣ 10♦")
    assert game.spaces()[:3] == ["circle 1 ray 4", "circle 1 ray 5", "circle 1 ray 6"]
    assert game.spaces().index("circle 2 ray 1") < game.spaces().index("circle 3 ray 1")
    for _ in range(3):
        game.play("refill")
    assert [str(game.piles[f"circle 1 ray {r}"]) for r in (4, 5, 6)] == ["4♥", "7♣", "10♦"]


def test_talon_card_goes_to_the_first_space_only() -> None:
    game = TheShah.arrange({"circle 1 ray 1": "9♣"}, talon="4♥")
    moves = [m for m in game.legal_moves() if m.source == "talon" and m.target.startswith("circle")]
    assert [(str(m), m.target) for m in moves] == [("4♥ → space", "circle 1 ray 2")]


def test_grace_from_the_third_circle_into_a_lane_and_only_one_card() -> None:
    game = TheShah.arrange({f"circle {c} ray {r}": card for r, cards in
                            {1: "9♣ J♥ 8♠", 2: "7♦ 5♣ 6♥"}.items() for c, card in enumerate(cards.split(), 1)})
    lanes = [m for m in game.legal_moves() if m.target == "circle 1 ray 3"]
    assert sorted(str(m) for m in lanes) == ["6♥ → circle 1 ray 3", "8♠ → circle 1 ray 3"]
    game.play("8♠ → circle 1 ray 3")
    # the lane's inner place is filled: its other places are spaces, which no card of the star fills
    assert 3 not in game.lanes() and "circle 2 ray 3" in game.spaces()
    six = game.piles["circle 3 ray 2"].top
    problem = game.violation(Move("move", (six,), "circle 3 ray 2", "circle 2 ray 3", "6♥ → circle 2 ray 3"))
    assert problem is not None and problem.rule == "Spaces"


def test_marry_from_circle_allows_circle_to_circle() -> None:
    game = TheShah.arrange({"circle 1 ray 1": "9♣", "circle 2 ray 1": "J♥", "circle 3 ray 1": "8♠",
                            "circle 1 ray 2": "7♦", "circle 2 ray 2": "5♣", "circle 3 ray 2": "7♠"},
                           marry_from="circle", talon="7♠")
    move = game.play("7♠ → 8♠")
    assert move.source == "circle 3 ray 2"


def test_a_married_packet_gives_only_its_top_card() -> None:
    game = TheShah.arrange({"circle 1 ray 1": "9♣", "circle 2 ray 1": "J♥", "circle 3 ray 1": "8♠ 7♠"},
                           foundations=["A♦", "A♣", "A♥", "6♠"])
    assert refused(game, "8♠ → foundation").rule == "I"
    game.play("7♠ → foundation")
    game.play("8♠ → foundation")
    assert str(game.piles["foundation 4"].top) == "8♠" and str(game.piles["circle 3 ray 1"]) == ""


def test_marriages_wait_for_the_star_and_stay_in_the_third_circle() -> None:
    game = deal_star(TheShah.deal(2))
    assert all(m.target.startswith(("foundation", "circle 3", "circle 1")) for m in game.legal_moves()
               if m.kind == "move")


# -------------------------------------------------------------------- bad input
def test_bad_moves_leave_the_game_as_it_was() -> None:
    game = TheShah.from_plate()
    for text in ("", "Z♠ → foundation", "5♦ → nowhere"):
        refused(game, text, (InvalidMove, IllegalMove))
    refused(game, None, TypeError)
    assert refused(game, "refill").rule == "Deal"
    assert refused(game, "K♥ → foundation").rule == "I"


@pytest.mark.parametrize("text, words", [
    ("the-shah seed=1 dealt=0\ncircle 9 ray 1: 5♦", "unknown pile"),
    ("the-shah seed=1 dealt=0\nfoundation 1: A♦ A♦", "not those of the pack"),
    ("the-shah(marry_from=nobody) seed=1", "marry_from"),
])
def test_malformed_positions_are_refused(text: str, words: str) -> None:
    with pytest.raises(InvalidPosition, match=words):
        TheShah.from_position(text)


def test_arrange_refuses_what_cannot_be() -> None:
    with pytest.raises(InvalidPosition, match="unknown place"):
        TheShah.arrange({"circle 4 ray 1": "5♦"})
    with pytest.raises(InvalidPosition, match="foundation 1"):
        TheShah.arrange({}, foundations=["3♠"])
    with pytest.raises(InvalidPosition, match="too many"):
        TheShah.arrange({}, talon="K♠")


def test_inconsistencies_find_what_no_game_makes() -> None:
    game = TheShah.deal(4)
    game.piles["talon"] = Pile(game.piles["pack"].cards[-1:])
    game.piles["pack"] = game.piles["pack"].without(1)
    assert any("talon" in f for f in game.inconsistencies())
    game = TheShah.arrange({"circle 1 ray 1": "9♥ 8♥"})
    assert any("inner circle" in f for f in game.inconsistencies())


def test_plate_is_consistent_and_round_trips() -> None:
    game = TheShah.from_plate()
    assert game.inconsistencies() == []
    assert TheShah.from_position(str(game)) == game
    assert game.counters["dealt"] == 16 and all(game.piles[p].is_empty for p in PLACES[16:])


# ------------------------------------------------------------------------ picture
def test_layout_places_every_pile_on_the_table() -> None:
    game = TheShah.deal(1)
    spots = game.layout()
    assert {s.pile for s in spots} == set(game.piles)
    assert all(s.x >= 0 and s.y >= 0 for s in spots)
    tops = {s.pile: (s.x, s.y) for s in spots}
    # ray 1 runs up from the Shah, ray 5 down, ray 3 right, ray 7 left
    assert tops["circle 3 ray 1"][1] < tops["foundation 1"][1] < tops["shah"][1] < tops["foundation 5"][1]
    assert tops["circle 3 ray 7"][0] < tops["shah"][0] < tops["circle 3 ray 3"][0]
    assert "<svg" in game._repr_svg_()


# ------------------------------------------------------------------ worked game
def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-shah", seed=7)
    game = record.replay()
    assert game.is_won and game.result == "won"
    assert any(str(m).endswith("lane") for m in record.moves)
