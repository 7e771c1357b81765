"""General Sedgewick: the oddities the chapter does not show."""

from __future__ import annotations

import random
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
from patience.games.general_sedgewick import (
    ARMS,
    PLATE_CROSS,
    PLATE_PACK_SEED,
    GeneralSedgewick,
    suit_run,
)
from patience.render import fan_width

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "general-sedgewick.txt"
SLUG = "general-sedgewick"


def card(text: str) -> Card:
    return Card.parse(text)


# ---------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("seed", [1, 2, 77])
def test_deal_is_a_cross_of_five_then_the_pack(seed: int) -> None:
    game = GeneralSedgewick.deal(seed)
    cards = shuffled(whist_pack(), seed)
    assert [game.piles[f"cross {i}"].cards for i in range(1, 6)] == [(c,) for c in cards[:5]]
    pack = game.piles["pack"]
    assert len(pack) == 47 and pack.face_down == 47
    assert pack.top == cards[5], "the sixth card is the next to turn: the first foundation card"
    assert game.base is None
    assert all(game.piles[f].is_empty for f in game.piles_of("foundation"))
    assert Counter(game.cards()) == Counter(game.pack())


def test_the_first_card_turned_is_the_first_foundation_card_and_fixes_the_others() -> None:
    game = GeneralSedgewick.deal(3)
    assert [str(m) for m in game.legal_moves()] == ["deal"]
    sixth = game.piles["pack"].top
    game.play("turn")
    assert game.piles["foundation 1"].cards == (sixth,)
    assert game.base == sixth.rank
    assert game.piles["talon"].is_empty
    nxt = game.piles["pack"].top
    game.play("deal")
    assert game.piles["talon"].cards == (nxt,)


def test_nothing_moves_before_the_foundation_card() -> None:
    game = GeneralSedgewick.arrange({1: "9♣", 2: "8♦"}, pack="2♠ 7♥")
    # The pack is given bottom first: 7♥ is turned first and becomes the foundation card.
    assert refused(game, "8♦ → 9♣").rule == "Foundations"
    assert refused(game, "8♦ → foundation").rule == "Foundations"
    game.play("deal")
    assert str(game.piles["foundation 1"]) == "7♥" and game.base == 7
    game.play("8♦ → 9♣")


def test_the_other_foundation_cards_fill_the_corners_in_order() -> None:
    game = GeneralSedgewick.arrange({1: "7♣", 3: "7♠", 5: "7♦"}, foundations="7♥")
    targets = [game.play(f"{c} → foundation").target for c in ("7♦", "7♣", "7♠")]
    assert targets == ["foundation 2", "foundation 3", "foundation 4"]


def test_foundations_go_round_the_corner_to_thirteen_cards() -> None:
    game = GeneralSedgewick.arrange({1: "A♥", 3: "2♥"}, foundations="J♥-K♥")
    assert refused(game, "2♥ → foundation").rule == "Foundations"
    game.play("A♥ → foundation")
    game.play("2♥ → foundation")
    assert str(game.piles["foundation 1"]) == "J♥ Q♥ K♥ A♥ 2♥"


def test_a_won_game() -> None:
    full = {s: " ".join(map(str, suit_run(card(f"5{s}"), card(f"4{s}")))) for s in "♠♥♦♣"}
    text = f"{SLUG} seed=0\ncross 2: 4♣\n" + "".join(
        f"foundation {i}: {full[s]}\n" for i, s in enumerate("♠♥♦", 1)
    ) + "foundation 4: " + " ".join(full["♣"].split()[:-1])
    game = GeneralSedgewick.from_position(text)
    assert game.result == "in play"
    game.play("4♣ → foundation")
    assert game.is_won and game.result == "won"


def test_suit_run() -> None:
    assert [str(c) for c in suit_run(card("Q♠"), card("Q♠"))] == ["Q♠"]
    assert len(suit_run(card("5♦"), card("4♦"))) == 13
    with pytest.raises(ValueError):
        suit_run(card("5♦"), card("6♠"))


# ---------------------------------------------------------------------------- rules I–IV
def test_rule_i_only_the_top_card_and_one_at_a_time() -> None:
    game = GeneralSedgewick.arrange({1: "10♠ 9♦", 3: "J♥", 5: "10♣"}, foundations="5♠")
    assert refused(game, "10♠ → J♥").rule == "I"
    both = Move("move", (card("10♠"), card("9♦")), "cross 1", "cross 3")
    assert refused(game, both).rule == "I"
    game.play("9♦ → 10♣")
    game.play("10♠ → J♥")


def test_rules_iii_and_iv_descending_in_any_suit_no_wrap() -> None:
    game = GeneralSedgewick.arrange({1: "9♦", 3: "A♥", 5: "10♣"}, foundations="5♠", talon="K♠ 8♦")
    game.play("9♦ → 10♣")  # Rule IV
    game.play("8♦ → 9♦")  # the same suit is allowed too
    assert refused(game, "K♠ → A♥").rule == "III"
    assert refused(game, "10♣ → 9♦").rule == "I"


def test_option_wrap_lets_a_king_on_an_ace() -> None:
    game = GeneralSedgewick.arrange({3: "A♥"}, foundations="5♠", talon="K♠", wrap=True)
    game.play("K♠ → A♥")
    assert str(game.piles["cross 3"]) == "A♥ K♠"
    game = GeneralSedgewick.arrange({3: "2♥"}, foundations="5♠", talon="A♠", wrap=True)
    game.play("A♠ → 2♥")


def test_option_runs_moves_a_descending_sequence_whole() -> None:
    packets = {1: "J♣ 10♥ 9♠ 8♥", 3: "J♦", 4: "Q♣ J♠ 9♦"}
    plain = GeneralSedgewick.arrange(packets, foundations="5♠")
    assert [m for m in plain.legal_moves() if len(m.cards) > 1] == []
    game = GeneralSedgewick.arrange(packets, foundations="5♠", runs=True)
    runs = sorted(str(m) for m in game.legal_moves() if len(m.cards) > 1)
    assert runs == ["10♥ → J♦"]
    assert game.play("10♥ 9♠ 8♥ → J♦").cards == (card("10♥"), card("9♠"), card("8♥"))
    assert str(game.piles["cross 3"]) == "J♦ 10♥ 9♠ 8♥"
    # A broken sequence does not move whole, and a run does not go into a vacancy.
    broken = Move("move", (card("J♠"), card("9♦")), "cross 4", "cross 1")
    assert refused(game, broken).rule == "I"
    vacancy = GeneralSedgewick.arrange({1: "10♥ 9♠"}, foundations="5♠", runs=True)
    run = Move("move", (card("10♥"), card("9♠")), "cross 1", "cross 2")
    assert refused(vacancy, run).rule == "Vacancies"


def test_options_are_checked_and_written() -> None:
    with pytest.raises(UnknownOption):
        patience.load(f"{SLUG}(wrap=sometimes)")
    with pytest.raises(UnknownOption):
        patience.load(f"{SLUG}(runs=2)")
    game = patience.load(f"{SLUG}(wrap=true, runs=true)", seed=4)
    assert game.spec == f"{SLUG}(wrap=true,runs=true)"
    assert GeneralSedgewick.from_position(str(game)) == game


# ---------------------------------------------------------------------------- vacancies and talon
def test_vacancies_are_filled_from_the_talon_only_and_named() -> None:
    game = GeneralSedgewick.arrange({1: "9♣", 3: "8♦"}, foundations="5♠", talon="K♥")
    names = [str(m) for m in game.legal_moves() if m.cards and str(m.cards[0]) == "K♥"]
    # The first vacancy is written "space", the others by name.
    assert names == ["K♥ → space", "K♥ → cross 4", "K♥ → cross 5"]
    assert refused(game, "8♦ → space").rule == "Vacancies"
    assert game.play("K♥ → vacancy").target == "cross 2"
    game.undo()
    assert game.play("K♥ → bottom").target == "cross 5"
    game.undo()
    assert game.play("K♥ → cross 4").target == "cross 4"


def test_arms_name_the_places_of_the_cross() -> None:
    game = GeneralSedgewick.arrange({1: "9♣", 2: "9♦", 3: "9♥", 4: "9♠", 5: "10♣"},
                                    foundations="5♠", talon="8♦")
    for i, arm in enumerate(ARMS, 1):
        if arm == "bottom":
            continue
        move = game.play(f"8♦ → {arm}")
        assert move.target == f"cross {i}"
        game.undo()


def test_only_the_top_of_the_talon_moves_and_the_pack_only_by_dealing() -> None:
    game = GeneralSedgewick.arrange({1: "K♦"}, foundations="2♥", talon="3♥ 9♠", pack="7♣ 4♣")
    assert refused(game, "3♥ → foundation").rule == "Talon"
    assert refused(game, Move("move", (card("3♥"),), "talon", "foundation 1")).rule == "Talon"
    assert refused(game, "4♣ → foundation").rule == "Talon"
    assert refused(game, Move("move", (card("4♣"),), "pack", "cross 2")).rule == "Talon"
    assert refused(game, "2♥ → space").rule == "Foundations"
    assert refused(game, Move("move", (card("2♥"),), "foundation 1", "cross 2")).rule == "Foundations"
    assert refused(game, Move("move", (card("9♠"),), "talon", "pack")).rule == "Talon"


def test_the_pack_is_dealt_once() -> None:
    game = GeneralSedgewick.arrange({1: "K♦"}, foundations="5♠")
    while game.piles["pack"].cards:
        game.play("deal")
    assert len(game.piles["talon"]) == 52 - 2
    problem = refused(game, "deal")
    assert problem.rule == "Re-deal" and "exhausted" in str(problem)
    assert refused(game, "redeal").rule == "Re-deal"


def test_foreign_moves() -> None:
    game = GeneralSedgewick.arrange({1: "K♦", 2: "5♠"}, foundations="5♥")
    assert refused(game, Move("move", (card("K♦"),), "cross 1", "cross 1")).rule == "Play"
    assert refused(game, Move("exchange", (), "cross 1", "cross 2")).rule == "Play"
    with pytest.raises(InvalidMove):
        game.play("march")
    with pytest.raises(InvalidMove):
        game.play("")


# ---------------------------------------------------------------------------- positions
def test_position_text() -> None:
    game = GeneralSedgewick.deal(9)
    game.play("deal")
    game.play("deal")
    assert GeneralSedgewick.from_position(str(game)) == game
    bare = str(game).replace("[", "").replace("]", "")
    assert GeneralSedgewick.from_position(bare) == game


@pytest.mark.parametrize(
    "lines",
    [
        "cross 1: [5♥] 4♠",  # a face-down card outside the pack
        "foundation 2: 7♥",  # a foundation begun before the first
        "foundation 1: 7♥\nfoundation 2: 8♠",  # foundations of different values
        "foundation 1: 7♥ 9♥",  # a foundation out of sequence
    ],
)
def test_positions_are_checked(lines: str) -> None:
    placed = [card(t.strip("[]")) for line in lines.splitlines() for t in line.split(": ")[1].split()]
    rest = [c for c in whist_pack() if c not in placed]
    text = f"{SLUG} seed=0\n{lines}\npack: " + " ".join(map(str, rest))
    with pytest.raises(InvalidPosition):
        GeneralSedgewick.from_position(text)


def test_from_cross_checks_the_cross() -> None:
    with pytest.raises(InvalidPosition):
        GeneralSedgewick.from_cross("5♥ 5♦ 10♣ Q♥")
    with pytest.raises(InvalidPosition):
        GeneralSedgewick.from_cross("5♥ 5♦ 10♣ Q♥ 5♥")


# ---------------------------------------------------------------------------- the plate and the record
def test_plate() -> None:
    game = GeneralSedgewick.from_plate()
    assert game.seed == PLATE_PACK_SEED
    assert [str(game.piles[f"cross {i}"]) for i in range(1, 6)] == PLATE_CROSS.split()
    assert len(game.piles["pack"]) == 47 and game.base is None
    assert GeneralSedgewick.from_position(GeneralSedgewick.PLATE) == game


def test_the_worked_game_record_wins_from_the_plate() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == GeneralSedgewick.from_plate()
    assert record.replay().result == "won"


def test_notations_of_legal_moves_name_the_moves() -> None:
    for seed in range(1, 4):
        game = GeneralSedgewick.deal(seed, runs=True)
        rng = random.Random(seed)
        for _ in range(80):
            moves = game.legal_moves()
            if not moves:
                break
            for move in moves:
                assert game.parse_move(str(move)) == move
            game.play(rng.choice(moves))


@pytest.mark.parametrize("options", [{"wrap": True}, {"runs": True}, {"wrap": True, "runs": True}])
def test_random_play_with_options_keeps_every_card(options) -> None:
    for seed in (1, 2):
        game = GeneralSedgewick.deal(seed, **options)
        pack = Counter(game.pack())
        rng = random.Random(seed)
        seen = {str(game)}
        for _ in range(300):
            fresh = []
            for move in game.legal_moves():
                game.play(move)
                if str(game) not in seen:
                    fresh.append(move)
                game.undo()
            if not fresh:
                break
            before = str(game)
            game.play(rng.choice(fresh))
            assert Counter(game.cards()) == pack
            assert GeneralSedgewick.from_position(str(game)) == game
            move = game.undo()
            assert str(game) == before
            game.play(move)
            seen.add(str(game))


# ---------------------------------------------------------------------------- the picture
def test_layout_places_every_pile_and_makes_room_for_fans() -> None:
    game = GeneralSedgewick.from_plate()
    spots = {s.pile: s for s in game.layout()}
    assert sorted(spots) == sorted(game.piles)
    assert spots["cross 2"].fan == "left" and spots["cross 3"].fan == "right"
    long = GeneralSedgewick.arrange(
        {2: "K♠ Q♥ J♠ 10♥ 9♠ 8♥", 3: "K♦ Q♣ J♦ 10♣ 9♦ 8♣ 7♦"}, foundations="5♠")
    grown = {s.pile: s for s in long.layout()}
    assert grown["cross 3"].x >= fan_width(6) + 0.29
    assert grown["cross 4"].x >= grown["cross 3"].x + fan_width(7) + 0.29
    # The corners share the columns of the left and right arms, so the text diagram lines up.
    assert grown["foundation 1"].x == grown["cross 2"].x == grown["foundation 3"].x
    assert grown["foundation 2"].x == grown["cross 4"].x == grown["foundation 4"].x
    assert render.svg(long).startswith("<svg")


def test_empty_corners_are_marked_with_the_foundation_value() -> None:
    game = GeneralSedgewick.arrange({}, foundations="J♥")
    labels = {s.pile: s.label for s in game.layout()}
    assert labels["foundation 1"] == "" and labels["foundation 2"] == "J"
    assert {s.pile: s.label for s in GeneralSedgewick.from_plate().layout()}["foundation 2"] == ""


# ---------------------------------------------------------------------------- for the solver
@pytest.mark.parametrize("options", [{}, {"wrap": True}, {"runs": True}, {"wrap": True, "runs": True}])
def test_fast_legal_moves_are_the_legal_moves_of_moves_on_random_positions(options, legal_moves_checked) -> None:
    for seed in range(1, 3):
        game = GeneralSedgewick.deal(seed, **options)
        legal_moves_checked(game, random.Random(seed), 150)


def test_a_card_goes_up_safely_once_the_four_cards_one_lower_are_up() -> None:
    game = GeneralSedgewick.arrange({1: "Q♣ 9♥", 3: "9♣"}, foundations="8♥ 8♠ 8♦ 8♣")
    assert str(game.safe_move(game.useful_moves())) == "9♥ → foundation"
    early = GeneralSedgewick.arrange({1: "Q♣ 9♥", 3: "9♣"}, foundations="8♥ 8♠ 8♦")
    assert early.safe_move(early.useful_moves()) is None, "the 8♣ may still be placed on the 9♥"


def test_a_card_fills_one_vacancy_for_the_solver() -> None:
    game = GeneralSedgewick.arrange({1: "9♣", 3: "5♦"}, foundations="8♥", talon="K♥")
    fills = [str(m) for m in game.legal_moves() if m.cards and str(m.cards[0]) == "K♥"]
    assert fills == ["K♥ → space", "K♥ → cross 4", "K♥ → cross 5"]
    assert [str(m) for m in game.useful_moves() if m.cards and str(m.cards[0]) == "K♥"] == ["K♥ → space"]


def test_the_places_of_the_cross_are_alike_for_the_solver() -> None:
    game = GeneralSedgewick.from_plate()
    twin = GeneralSedgewick.from_position(str(game).replace("cross 1:", "cross 0:")
                                          .replace("cross 5:", "cross 1:").replace("cross 0:", "cross 5:"))
    assert twin.state_key() != game.state_key() and twin.solver_key() == game.solver_key()


def test_a_move_that_leaves_the_talon_could_have_come_before_the_deal() -> None:
    game = GeneralSedgewick.arrange({1: "9♣", 3: "8♦"}, foundations="8♥", pack="2♠ 7♥")
    assert not game.independent(Move("deal", (), "pack", "foundation 1", "deal"), game.parse_move("8♦ → 9♣"))
    deal = game.play("deal")
    assert game.independent(deal, game.parse_move("8♦ → 9♣"))
    assert not game.independent(deal, game.parse_move("7♥ → 8♦"))
