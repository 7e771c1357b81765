"""Tens (Everybody's Book of Luck): the game's oddities — deals, aces, sequences, options, notation."""

from __future__ import annotations

from collections import Counter

import pytest

from patience import IllegalMove, InvalidMove, InvalidPosition, Record, UnknownOption, load, render
from patience.cards import Card
from patience.games.tens import DIAGRAM_27, Tens


def tops(game: Tens) -> list[str]:
    return [str(game.piles[f].top) if game.piles[f].top else "--" for f in game.piles_of("file")]


def test_lay_out_is_ten_files_of_two_down_and_one_up() -> None:
    game = load("tens", seed=5)
    assert game.piles_of("file") == [f"file {i}" for i in range(1, 11)]
    for f in game.piles_of("file"):
        assert len(game.piles[f]) == 3 and game.piles[f].face_down == 2
    assert len(game.piles["hand"]) == 74 and game.piles["hand"].face_down == 74
    assert not game.piles["aces"] and not game.piles["removed"]
    assert Counter(game.cards()) == Counter(game.pack()) and len(game.pack()) == 104
    assert load("tens", seed=5) == game
    assert load("tens", seed=6) != game


def test_the_lay_out_deals_rows_left_to_right_and_the_hand_from_its_top() -> None:
    game = Tens()
    cards = list(game.pack())
    game.lay_out(cards)
    assert [game.piles[f][0] for f in game.piles_of("file")] == cards[:10]
    assert [game.piles[f].top for f in game.piles_of("file")] == cards[20:30]
    assert game.piles["hand"].top == cards[30]


def test_seven_deals_of_ten_and_a_last_deal_of_four_to_the_first_four_files() -> None:
    game = load("tens", seed=3)
    sizes = []
    while game.piles["hand"]:
        before = [len(game.piles[f]) for f in game.piles_of("file")]
        hand = len(game.piles["hand"])
        game.play("deal")
        sizes.append(hand - len(game.piles["hand"]))
        grown = [len(game.piles[f]) - b for f, b in zip(game.piles_of("file"), before)]
        assert all(g in (1, 1 - 12) for g in grown[: sizes[-1]]) or game.piles["removed"]
        assert all(g <= 0 for g in grown[sizes[-1]:])
    assert sizes == [10] * 7 + [4]
    with pytest.raises(IllegalMove, match="Rule 5 — the two packs are exhausted"):
        game.play("deal")


def test_a_deal_lays_a_card_on_an_empty_file_too() -> None:
    game = Tens.arrange({1: "5♠"}, hand="9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣ K♥ Q♥ J♥")
    game.play("deal")
    assert tops(game) == ["J♥", "Q♥", "K♥", "2♣", "3♣", "4♣", "5♣", "6♣", "7♣", "8♣"]
    assert str(game.piles["file 1"]) == "5♠ J♥"
    assert str(game.piles["hand"]) == "[9♣]"


def test_a_dealt_two_completes_a_sequence_which_is_removed_at_once() -> None:
    run = "K♠ Q♥ J♣ 10♦ 9♠ 8♥ 7♠ 6♦ 5♣ 4♥ 3♠"
    game = Tens.arrange({1: "[7♣] " + run}, hand="2♥")
    before = len(game.piles["removed"])
    game.play("deal")
    assert str(game.piles["file 1"]) == "7♣"
    assert len(game.piles["removed"]) == before + 12
    assert str(game.piles["removed"]).endswith(run + " 2♥")


def test_a_two_of_the_wrong_colour_completes_nothing() -> None:
    run = "K♠ Q♥ J♣ 10♦ 9♠ 8♥ 7♠ 6♦ 5♣ 4♥ 3♠"
    game = Tens.arrange({1: "[7♣] " + run}, hand="2♣")
    game.play("deal")
    assert game.piles["file 1"].top == Card.parse("2♣") and len(game.piles["file 1"]) == 13


def test_aces_are_thrown_out_one_by_one_and_never_built() -> None:
    game = Tens.arrange({1: "[9♥] A♣", 2: "2♦", 3: "[5♠] A♥"})
    moves = {str(m) for m in game.legal_moves()}
    assert {"A♣ → aces", "A♥ → aces"} <= moves
    assert not any(m.cards[0].rank == 1 for m in game.legal_moves() if m.kind == "move")
    with pytest.raises(IllegalMove, match="Rule 2 — aces are thrown out, not built on"):
        game.play("2♦ → A♣")
    game.play("A♥ → aces")
    assert str(game.piles["file 3"]) == "5♠" and str(game.piles["aces"]).endswith("A♥")


def test_turn_up_as_a_move() -> None:
    game = Tens.arrange({1: "[9♥] [8♣] 5♥", 2: "6♠"}, turn_up="move")
    game.play("5♥ → 6♠")
    assert game.piles["file 1"].face_down == 2
    assert "turn file 1" in {str(m) for m in game.legal_moves()}
    with pytest.raises(IllegalMove, match="Rule 4"):
        game.play("turn file 2")
    game.play("turn file 1")
    assert str(game.piles["file 1"]) == "[9♥] 8♣"
    assert str(game).startswith("tens(turn_up=move) seed=0")


def test_a_file_of_face_down_cards_is_no_space_when_turning_is_a_move() -> None:
    game = Tens.arrange({1: "[9♥] 5♥", 2: "6♠", 3: "[Q♦] K♣"}, turn_up="move")
    game.play("5♥ → 6♠")
    with pytest.raises(IllegalMove, match="Rule 4 — a card may not rest on a face-down card"):
        game.play("K♣ → file 1")
    assert "K♣ → space" in {str(m) for m in game.legal_moves()}  # files 4–10 are empty


def test_automatic_turn_up_after_every_kind_of_move() -> None:
    game = Tens.arrange({1: "[9♥] A♣", 2: "[8♦] K♣", 3: "[5♠] Q♦"})
    game.play("A♣ → aces")
    game.play("Q♦ → K♣")
    game.play("K♣ → space")
    assert [str(game.piles[f"file {i}"]) for i in (1, 2, 3)] == ["9♥", "8♦", "5♠"]


def test_deal_when_blocked_allows_the_deal_only_without_moves() -> None:
    game = Tens.arrange({1: "5♠", 2: "9♥"}, hand="2♦", deal_when="blocked")
    game.play("deal")
    assert str(game.piles["file 1"]) == "5♠ 2♦"
    game = Tens.arrange({1: "5♠", 2: "6♥"}, hand="2♦", deal_when="blocked")
    with pytest.raises(IllegalMove, match=r"Rule 5 .* \(5♠ → 6♥ can be played\)"):
        game.play("deal")


def test_options_are_read_from_the_spec_and_checked() -> None:
    game = load("tens(deal_when=blocked, turn_up=move)", seed=2)
    assert game.options.deal_when == "blocked" and game.options.turn_up == "move"
    assert str(game).splitlines()[0] == "tens(deal_when=blocked,turn_up=move) seed=2"
    assert Tens.from_position(str(game)) == game
    with pytest.raises(UnknownOption):
        load("tens(deal_when=never)")
    with pytest.raises(UnknownOption):
        load("tens(turn_up=sometimes)")


def test_notation_names_runs_by_their_lowest_card_or_whole() -> None:
    for text in ("4♣–3♦ → 5♥", "4C 3D on 5H", "4♣ → file 2", "four of clubs to five of hearts"):
        game = Tens.from_position(DIAGRAM_27)
        for move in ("A♥ → aces", "6♣ → 7♦", "5♥ → 6♣", "3♦ → 4♣"):
            game.play(move)
        played = game.play(text)
        assert str(played) == "4♣ → 5♥" and len(played.cards) == 2
        assert str(game.piles["file 2"]).endswith("7♦ 6♣ 5♥ 4♣ 3♦")


def test_errors_name_the_rule_or_the_problem() -> None:
    game = Tens.from_position(DIAGRAM_27)
    with pytest.raises(IllegalMove, match="Rule 6 — only the face cards"):
        game.play("Q♥ → K♥")  # the queen of hearts lies face down
    with pytest.raises(IllegalMove, match="Rule 3 — a red goes on a black"):
        game.play("9♣ → 10♠")
    with pytest.raises(InvalidMove, match="cannot read the target"):
        game.play("K♥ → space")  # there is no space in the lay-out
    with pytest.raises(InvalidMove):
        game.play("7♦ → 8♣")  # no eight of clubs is face up
    with pytest.raises(InvalidMove):
        game.play("Z♦ → 8♣")
    assert str(game) == DIAGRAM_27.rstrip("\n")


def test_two_like_targets_are_told_apart_in_a_record() -> None:
    game = Tens.arrange({1: "[9♥] 7♦", 2: "[8♦] 7♦", 3: "[5♠] 6♣"})
    same = [m for m in game.legal_moves() if str(m) == "6♣ → 7♦"]
    assert len(same) == 2
    game.play(same[1])
    text = game.record().to_text()
    assert text.rstrip().endswith("6♣ → 7♦ #1")
    assert Record.from_text(text).replay() == game


def test_arrange_refuses_too_many_cards() -> None:
    with pytest.raises(InvalidPosition, match="too many"):
        Tens.arrange({1: "5♠ 5♠", 2: "5♠"})


def test_positions_with_the_wrong_cards_are_refused() -> None:
    with pytest.raises(InvalidPosition):
        Tens.from_position(DIAGRAM_27.replace("file 1: [7♦] [Q♥] 10♠", "file 1: [7♦] [Q♥] 10♥"))


def test_won_needs_an_empty_hand_and_lay_out() -> None:
    game = Tens.arrange({}, hand="")
    assert game.is_won and game.result == "won"
    game = Tens.arrange({}, hand="5♠")
    assert not game.is_won and [str(m) for m in game.legal_moves()] == ["deal"]


def test_diagram_27_holds_the_worked_example_in_different_files() -> None:
    game = Tens.from_position(DIAGRAM_27)
    faces = tops(game)
    for card in ("A♥", "7♦", "6♣", "5♥", "4♣", "3♦"):
        assert faces.count(card) == 1
    assert "hand ##×74" in render.text(game)


# ---------------------------------------------------------------------------- for the solver
def mostly_not_dealing(rng, legal):
    """A move between the files four times in five, so that the deals are not all made at once."""
    moves = [m for m in legal if m.kind != "deal"]
    return rng.choice(moves) if moves and rng.random() < 0.8 else rng.choice(legal)


@pytest.mark.parametrize("options", [{}, {"deal_when": "blocked"}, {"turn_up": "move"},
                                     {"turn_up": "move", "deal_when": "blocked"}])
def test_legal_moves_is_the_filter_of_moves(options: dict, legal_moves_checked) -> None:
    import random

    for seed in (1, 6, 31):
        rng = random.Random(seed)
        game = Tens.deal(seed, **options)
        legal_moves_checked(game, rng, 150, mostly_not_dealing)


def test_an_ace_is_thrown_out_safely_once_no_deal_can_come_first() -> None:
    blocked = Tens.arrange({1: "[9♥] A♣", 2: "6♠"}, hand="7♦", deal_when="blocked")
    assert str(blocked.safe_move(blocked.legal_moves())) == "A♣ → aces"
    anytime = Tens.arrange({1: "[9♥] A♣", 2: "6♠"}, hand="7♦")
    assert anytime.safe_move(anytime.legal_moves()) is None, "a deal could cover the ace first"
    dealt_out = Tens.arrange({1: "[9♥] A♣", 2: "6♠"}, hand="")
    assert str(dealt_out.safe_move(dealt_out.legal_moves())) == "A♣ → aces"
    turn = Tens.arrange({1: "[9♥]", 2: "6♠"}, hand="7♦", deal_when="blocked", turn_up="move")
    assert str(turn.safe_move(turn.legal_moves())) == "turn file 1"


def test_files_are_alike_to_the_solver_once_the_packs_are_dealt_out() -> None:
    a = Tens.arrange({1: "[9♥] 5♦ 4♣", 2: "K♠", 3: "", 4: ""}, hand="")
    b = Tens.arrange({3: "[9♥] 5♦ 4♣", 1: "K♠", 2: "", 4: ""}, hand="")
    assert a.solver_key() == b.solver_key() and a.state_key() != b.state_key()
    c = Tens.arrange({1: "[9♥] 5♦ 4♣", 2: "K♠"}, hand="2♣")
    d = Tens.arrange({3: "[9♥] 5♦ 4♣", 1: "K♠"}, hand="2♣")
    assert c.solver_key() != d.solver_key(), "the deal tells the files apart"
    kings = Tens.arrange({1: "[9♥] K♠"}, hand="")
    assert [m.target for m in kings.legal_moves()] == [f"file {n}" for n in range(2, 11)]
    assert [m.target for m in kings.useful_moves()] == ["file 2"]
