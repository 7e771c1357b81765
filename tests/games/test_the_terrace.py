"""The Terrace: the oddities the chapter does not show (the deal and the choice, the refilling of
the valley, the options on the fast path, the solver's hooks, bad input, the recorded worked game)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Record, UnknownOption, load
from patience.game import Move, Pile
from patience.games.the_terrace import FOUNDATIONS, VALLEY, TheTerrace

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-terrace.txt"


def err(game: TheTerrace, move: str | Move) -> IllegalMove:
    before = str(game)
    with pytest.raises(IllegalMove) as info:
        game.play(move)
    assert str(game) == before
    return info.value


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 27])
def test_the_deal_lays_the_terrace_and_turns_up_three(seed: int) -> None:
    game = TheTerrace.deal(seed)
    assert len(game.piles["terrace"]) == 13 and game.piles["terrace"].face_down == 0
    assert len(game.piles["choice"]) == 3
    assert len(game.piles["pack"]) == 88 and game.piles["pack"].face_down == 88
    assert all(game.piles[n].is_empty for n in (*FOUNDATIONS, *VALLEY, "talon"))
    assert Counter(game.cards()) == Counter(game.pack())
    assert game.base is None and not game.chosen
    assert game.inconsistencies() == []


def test_the_choice_places_the_rejected_cards_and_deals_seven() -> None:
    game = TheTerrace.deal(5)
    first, second, third = game.piles["choice"].cards
    coming = list(reversed(game.piles["pack"].cards))[:7]
    game.play(Move("move", (second,), "choice", "foundation 1", f"{second} → foundation"))
    assert game.piles["foundation 1"].cards == (second,)
    assert [game.piles[v].cards for v in VALLEY] == [(first,), (third,)] + [(c,) for c in coming]
    assert len(game.piles["pack"]) == 81 and game.chosen and game.base == second.value
    assert game.inconsistencies() == []


def test_before_the_choice_only_the_three_cards_move() -> None:
    game = TheTerrace.deal(18)
    assert err(game, "deal").rule == "Foundations"
    assert err(game, "Q♦ → foundation").rule == "Foundations"
    with pytest.raises(InvalidMove):
        game.play("Q♠ → valley 3")
    assert err(game, "redeal").rule == "Re-deal"


def test_a_choice_of_two_alike_cards_takes_one_of_them() -> None:
    game = TheTerrace.deal(18)
    piles = dict(game.piles)
    pack = list(piles["pack"].cards)
    twin = next(c for c in pack if c == Card.parse("J♠"))
    pack.remove(twin)
    pack.append(piles["choice"].cards[0])
    game.piles["choice"] = Pile((twin, piles["choice"].cards[1], piles["choice"].cards[2]))
    game.piles["pack"] = Pile(tuple(pack), len(pack))
    moves = game.legal_moves()
    assert [str(m) for m in moves] == ["J♠ → foundation", "Q♠ → foundation", "J♠ → foundation"]
    game.play(moves[0])
    assert str(game.piles["foundation 1"]) == "J♠" and str(game.piles["valley 1"]) == "Q♠"
    assert str(game.piles["valley 2"]) == "J♠"


# --------------------------------------------------------------------- the valley
def test_a_vacancy_is_refilled_at_once_while_the_pack_lasts() -> None:
    game = TheTerrace.from_plate()
    nxt = game.piles["pack"].top
    game.play("8♦ → foundation")
    game.play("9♣ → foundation")
    assert game.piles["valley 9"].cards == (nxt,)
    assert len(game.piles["pack"]) == 80


def test_no_refill_once_the_pack_is_exhausted() -> None:
    game = TheTerrace.arrange({"valley 1": "8♦", "valley 2": "9♠"}, foundations="7♣")
    while game.piles["pack"].cards:
        game.play("deal")
    game.play("8♦ → foundation")
    assert game.piles["valley 1"].is_empty
    assert err(game, "9♠ → valley 1").rule == "Valley"
    assert game.inconsistencies() == []


def test_a_foundation_goes_on_from_the_king_to_the_ace() -> None:
    game = TheTerrace.arrange({"valley 1": "A♥"}, foundations="J♠-K♣")
    assert str(game.play("A♥ → foundation")) == "A♥ → foundation"
    assert str(game.piles["foundation 1"]) == "J♠ Q♥ K♣ A♥"
    wrong = TheTerrace.arrange({"valley 1": "A♣"}, foundations="J♠-K♣")
    assert err(wrong, "A♣ → foundation").rule == "II"


# --------------------------------------------------------------------- the options
def test_unknown_option_and_spec() -> None:
    with pytest.raises(UnknownOption):
        load("the-terrace(spaces=any)")
    assert load("the-terrace(runs=true,wrap=true)", seed=3).spec == "the-terrace(runs=true,wrap=true)"


def test_runs_move_only_sequences_and_any_part_of_one() -> None:
    rows = {"valley 1": "6♣ 5♥ 4♠ 3♦", "valley 2": "5♦", "valley 3": "6♦", "valley 4": "9♥ 4♠"}
    game = TheTerrace.arrange(rows, foundations="7♣", runs=True)
    legal = {str(m) for m in game.legal_moves()}
    assert {"4♠ → 5♦", "5♥ → 6♣"} - legal == {"5♥ → 6♣"}  # not onto its own packet
    assert "5♥ → 6♦" not in legal  # a red five on a red six
    game.play("4♠ → 5♦")
    assert str(game.piles["valley 2"]) == "5♦ 4♠ 3♦" and str(game.piles["valley 1"]) == "6♣ 5♥"
    broken = TheTerrace.arrange({"valley 1": "6♣ 5♥ 5♠", "valley 2": "6♦"}, foundations="7♣", runs=True)
    move = Move("move", tuple(Card.parse(c) for c in ("5♥", "5♠")), "valley 1", "valley 2", "5♥ → 6♦")
    assert err(broken, move).rule == "III"


def test_wrap_lets_a_king_lie_on_an_ace_only_with_the_option() -> None:
    rows = {"valley 1": "2♠ A♥", "talon": "K♣"}
    assert err(TheTerrace.arrange(rows, foundations="7♣"), "K♣ → A♥").rule == "III"
    assert TheTerrace.arrange(rows, foundations="7♣", wrap=True).play("K♣ → A♥").source == "talon"


@pytest.mark.parametrize("spec", ["the-terrace", "the-terrace(runs=true,wrap=true)",
                                  "the-terrace(terrace_to_valley=true,terrace_first=true)"])
def test_the_fast_moves_are_the_moves_the_rules_allow(spec: str) -> None:
    rng = random.Random(7)
    for seed in (3, 18):
        game = load(spec, seed=seed)
        for _ in range(60):
            legal = game.legal_moves()
            assert legal == [m for m in game.moves() if game.violation(m) is None]
            if not legal:
                break
            game.play(rng.choice(legal))
            assert game.inconsistencies() == []


# -------------------------------------------------------------------- bad input
def test_bad_positions_are_refused() -> None:
    text = str(TheTerrace.from_plate())
    with pytest.raises(InvalidPosition):
        TheTerrace.from_position(text.replace("valley 9: 9♣", "valley 9: 9♣ 9♣"))
    with pytest.raises(InvalidPosition):
        TheTerrace.from_position(text.replace("valley 9:", "valley 10:"))
    with pytest.raises(InvalidPosition):
        TheTerrace.from_position(text.replace("terrace: 6♣", "terrace: [6♣]"))
    with pytest.raises(InvalidPosition):
        TheTerrace.arrange({"valley 1": "9♣"}, foundations="7♣-6♥")
    with pytest.raises(InvalidPosition):
        TheTerrace.arrange({"valley 1": "9♣"})


def test_bad_moves_leave_the_game_as_it_was() -> None:
    game = TheTerrace.from_plate()
    before = str(game)
    for text in ("", "X♣ → foundation", "8♦ → nowhere", "fly"):
        with pytest.raises(InvalidMove):
            game.play(text)
    with pytest.raises(TypeError):
        game.play(None)  # type: ignore[arg-type]
    assert err(TheTerrace.arrange({}, foundations="7♣ 7♣"), "7♣ → valley 1").rule == "Foundations"
    assert err(game, Move("move", (Card.parse("8♦"),), "terrace", "pack", "8♦ → pack")).rule == "Play"
    assert err(game, Move("move", (Card.parse("K♣"),), "valley 1", "valley 1", "K♣ → K♣")).rule == "Play"
    assert str(game) == before


def test_inconsistencies_name_what_no_game_makes() -> None:
    game = TheTerrace.from_plate()
    game.piles["foundation 2"] = Pile.of("6♠")
    game.piles["pack"] = Pile(game.piles["pack"].cards)
    assert game.inconsistencies() == [
        "a card lies face down outside the pack, or face up in it",
        "a foundation begins with the wrong card: foundation 2 begins with 6♠",
    ]
    early = TheTerrace.deal(2)
    early.piles["valley 1"] = Pile((early.piles["pack"].cards[-1],))
    early.piles["pack"] = early.piles["pack"].without(1)
    assert early.inconsistencies() == ["before the choice only the Terrace and the three cards turned up are dealt"]


# -------------------------------------------------------------------- the solver's hooks
def test_useful_moves_leave_out_a_card_moved_again() -> None:
    game = TheTerrace.arrange({"valley 1": "9♦", "valley 2": "10♣", "valley 3": "10♠"}, foundations="7♣")
    game.play("9♦ → 10♣")
    legal = [str(m) for m in game.legal_moves()]
    useful = [str(m) for m in game.useful_moves()]
    assert "9♦ → 10♠" in legal and "9♦ → 10♠" not in useful


def test_a_card_is_played_up_safely_only_when_nothing_needs_it() -> None:
    game = TheTerrace.arrange({"valley 1": "8♦"}, foundations="7♣")
    moves = game.useful_moves()
    assert game.safe_move(moves) is None  # black sevens may still want the 8♦ in the valley
    # every black seven but the foundation's own is in the Terrace, which never goes to the valley
    late = TheTerrace.arrange({"terrace": "7♠ 7♠ 7♣", "valley 1": "8♦"}, foundations="7♣")
    assert str(late.safe_move(late.useful_moves())) == "8♦ → foundation"
    assert TheTerrace.arrange({"terrace": "7♠ 7♠ 7♣", "valley 1": "8♦"}, foundations="7♣",
                              terrace_to_valley=True).safe_move(late.useful_moves()) is None


def test_independent_of_the_deal() -> None:
    game = TheTerrace.arrange({"valley 1": "9♦", "valley 2": "10♣ 9♥", "valley 3": "10♠"}, foundations="7♣")
    deal = game.play("deal")
    keep = Move("move", (Card.parse("9♥"),), "valley 2", "valley 3", "9♥ → 10♠")
    empties = Move("move", (Card.parse("9♦"),), "valley 1", "valley 3", "9♦ → 10♠")
    assert game.independent(deal, keep) and not game.independent(deal, empties)


def test_the_key_sees_only_values_and_colours() -> None:
    one = TheTerrace.arrange({"valley 1": "9♣", "valley 2": "4♥"}, foundations="7♣")
    two = TheTerrace.arrange({"valley 1": "4♦", "valley 2": "9♠"}, foundations="7♠")
    assert one.solver_key() != two.solver_key() or one.piles["pack"] != two.piles["pack"]
    swapped = TheTerrace.arrange({"valley 2": "9♣", "valley 1": "4♥"}, foundations="7♣")
    assert one.solver_key() == swapped.solver_key()


# ------------------------------------------------------------------------ pictures
def test_layout_and_table() -> None:
    game = TheTerrace.deal(18)
    names = {spot.pile for spot in game.layout()}
    assert names == set(game.piles)
    assert "turned up: A♠ Q♠ J♠" in game.table()
    game.play("J♠ → foundation")
    assert "turned up" not in game.table()
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and "</svg>" in svg


# -------------------------------------------------------------------- the worked game
def test_the_recorded_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    end = record.replay()
    assert end.is_won and end.result == "won"
    assert all(len(end.piles[f]) == 13 for f in FOUNDATIONS)
