"""The Idiot's Delight (Everybody's Book of Luck): the lay-out, the seven over, stacks and spaces, options."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from patience import IllegalMove, InvalidMove, InvalidPosition, Move, Record, UnknownOption, load, render
from patience.cards import Card, parse_cards
from patience.games.the_idiots_delight import TheIdiotsDelight

RECORD = Path(__file__).parent.parent.parent / "src" / "patience" / "records" / "the-idiots-delight.txt"
OPTION_SETS = [
    {},
    {"spaces": "stacks"},
    {"stack": "whole"},
    {"stack": "any"},
    {"reserve_to_foundations": False},
    {"spaces": "stacks", "stack": "any", "reserve_to_foundations": False},
]


def names(game: TheIdiotsDelight) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def test_lay_out_is_nine_files_of_nine_down_to_one_and_seven_over() -> None:
    game = load("the-idiots-delight", seed=5)
    assert game.piles_of("file") == [f"file {i}" for i in range(1, 10)]
    assert [len(game.piles[f]) for f in game.piles_of("file")] == list(range(9, 0, -1))
    assert len(game.piles["reserve"]) == 7
    assert all(not game.piles[f] for f in game.piles_of("foundation"))
    assert all(pile.face_down == 0 for pile in game.piles.values())
    assert Counter(game.cards()) == Counter(game.pack()) and len(game.pack()) == 52
    assert load("the-idiots-delight", seed=5) == game
    assert load("the-idiots-delight", seed=6) != game


def test_the_lines_are_laid_left_to_right_each_under_the_one_before() -> None:
    game = TheIdiotsDelight()
    cards = list(game.pack())
    game.lay_out(cards)
    files = game.piles_of("file")
    assert [game.piles[f][0] for f in files] == cards[:9]  # the first line, the top of each file
    assert [game.piles[f][1] for f in files[:8]] == cards[9:17]  # the line of eight
    assert game.piles["file 1"].top == cards[44]  # the line of one card
    assert list(game.piles["reserve"]) == cards[45:]
    # the foot of each file is the last card of a line: the cards "shown black"
    line_ends = [8, 16, 23, 29, 34, 38, 41, 43, 44]
    assert [game.piles[f].top for f in files] == [cards[i] for i in reversed(line_ends)]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_fast_legal_moves_equal_the_filtered_candidates(options: dict, legal_moves_checked) -> None:
    checked = 0
    seeds = range(1, 7) if not options else range(1, 4)
    for seed in seeds:
        game = TheIdiotsDelight.deal(seed=seed, **options)
        checked += legal_moves_checked(game, random.Random(seed), 100)
    assert checked > 40 * len(seeds), checked


def test_a_black_six_on_a_red_seven_a_red_queen_on_a_black_king() -> None:
    game = TheIdiotsDelight.arrange({1: "7♥", 2: "6♠", 3: "K♣", 4: "Q♦", 5: "6♦", 6: "Q♠", 9: "5♣"})
    assert {"6♠ → 7♥", "Q♦ → K♣"} <= names(game)
    with pytest.raises(IllegalMove, match="Rule 4 — a black card goes on a red, a red card on a black"):
        game.play("6♦ → 7♥")
    with pytest.raises(IllegalMove, match="Rule 4 — a card goes on one of the next higher value"):
        game.play("Q♠ → 7♥")
    game.play("6♠ → 7♥")
    game.play("Q♦ → K♣")
    assert str(game.piles["file 1"]) == "7♥ 6♠" and str(game.piles["file 3"]) == "K♣ Q♦"


def test_an_ace_may_lie_on_a_two_and_go_up_from_there() -> None:
    game = TheIdiotsDelight.arrange({1: "9♥ 2♥", 2: "A♠", 9: "Q♣"})
    game.play("A♠ → 2♥")
    assert "A♠ → foundation" in names(game)


def test_only_the_foot_of_a_file_moves_and_the_card_above_then_comes_into_play() -> None:
    game = TheIdiotsDelight.arrange({1: "K♥ 9♣ 4♦", 2: "J♣ 5♠", 3: "10♥", 9: "Q♣"})
    with pytest.raises(IllegalMove, match=r"Rule 3 — only the cards shown black.* \(9♣\)"):
        game.play("9♣ → 10♥")
    game.play("4♦ → 5♠")
    assert game.piles["file 1"].top == Card.parse("9♣") and "9♣ → 10♥" in names(game)


def test_a_stack_goes_only_into_a_vacant_top_space() -> None:
    game = TheIdiotsDelight.arrange({1: "K♠ 7♦ 6♣ 5♥", 2: "7♥", 3: "", 9: "Q♣"})
    with pytest.raises(IllegalMove, match=r"Rule 5 — a stack of two or more .* \(6♣–5♥ on 7♥\)"):
        game.play("6♣ → 7♥")
    with pytest.raises(IllegalMove, match="Rule 5"):
        game.play("6♣–5♥ → 7♥")
    moves = names(game)
    assert {"7♦ → space", "6♣ → space", "5♥ → space"} <= moves  # the whole run, a part, one card
    game.play("7♦ 6♣ 5♥ → space")
    assert str(game.piles["file 3"]) == "7♦ 6♣ 5♥" and str(game.piles["file 1"]) == "K♠"


def test_one_at_a_time_any_number_of_cards_may_be_carried() -> None:
    game = TheIdiotsDelight.arrange({1: "K♠ 7♦ 6♣ 5♥", 2: "7♥", 3: "6♠", 9: "Q♣"})
    for move in ("5♥ → 6♠", "6♣ → 7♥", "5♥ → 6♣"):
        game.play(move)
    assert str(game.piles["file 2"]) == "7♥ 6♣ 5♥"


def test_a_file_is_not_carried_from_one_space_to_another() -> None:
    game = TheIdiotsDelight.arrange({1: "8♦ 7♣", 2: "", 3: "K♥", 9: "Q♣"})
    with pytest.raises(IllegalMove, match="Rule 5 — a file is not moved from one space to another"):
        game.play("8♦ → space")
    with pytest.raises(IllegalMove, match="Rule 5 — a file is not moved"):
        game.play("K♥ → space")
    assert names(game) == {"Q♣ → K♥", "Q♣ → space", "7♣ → space"}


def test_a_broken_group_is_no_stack() -> None:
    game = TheIdiotsDelight.arrange({1: "K♠ 9♥ 7♣", 2: "", 9: "Q♣"})
    with pytest.raises(IllegalMove, match="Rule 3"):
        game.play("9♥ → space")
    anything = TheIdiotsDelight.arrange({1: "K♠ 9♥ 7♣", 2: "", 9: "Q♣"}, stack="any")
    anything.play("9♥ → space")
    assert str(anything.piles["file 2"]) == "9♥ 7♣"


def test_option_spaces_stacks_keeps_single_cards_out_of_the_spaces() -> None:
    game = TheIdiotsDelight.arrange({1: "K♠ 7♦ 6♣", 2: "", 9: "Q♣"}, reserve="K♥", spaces="stacks")
    with pytest.raises(IllegalMove, match="Rule 5 — a vacant top space takes a stack of two or more cards"):
        game.play("6♣ → space")
    with pytest.raises(IllegalMove, match="Rule 5 — a vacant top space takes a stack"):
        game.play("K♥ → space")
    assert names(game) == {"7♦ → space"}


def test_option_stack_whole_moves_only_the_whole_run() -> None:
    game = TheIdiotsDelight.arrange({1: "K♠ 8♠ 7♦ 6♣", 2: "", 9: "Q♣"}, stack="whole", spaces="stacks")
    with pytest.raises(IllegalMove, match="Rule 5 — a stack is moved whole"):
        game.play("7♦ → space")
    assert names(game) == {"8♠ → space"}


def test_the_seven_over_are_used_at_any_time_and_never_made_up_again() -> None:
    game = TheIdiotsDelight.arrange({1: "9♣ 8♥", 2: "", 9: "Q♣"}, reserve="7♠ A♦ K♦", foundations="")
    assert names(game) == {"7♠ → 8♥", "A♦ → foundation", "K♦ → space", "7♠ → space", "A♦ → space", "8♥ → space",
                           "Q♣ → space"}
    game.play("7♠ → 8♥")
    game.play("A♦ → foundation")
    assert str(game.piles["reserve"]) == "K♦"
    with pytest.raises(IllegalMove, match="Rule 6 — a card is never put back among the seven over"):
        game.play("7♠ → reserve")


def test_option_reserve_to_foundations() -> None:
    game = TheIdiotsDelight.arrange({1: "9♣ 2♠", 9: "Q♣"}, reserve="A♦ A♥", reserve_to_foundations=False)
    with pytest.raises(IllegalMove, match="Rule 6 — the seven over are used for making up sequences"):
        game.play("A♦ → foundation")
    assert {"A♦ → 2♠", "A♥ → 2♠"} <= names(game) and not any("foundation" in m for m in names(game))
    game.play("A♦ → 2♠")
    game.play("A♦ → foundation")
    assert str(game.piles["foundation 1"]) == "A♦"


def test_foundations_begin_with_aces_and_follow_suit_in_order() -> None:
    game = TheIdiotsDelight.arrange({1: "9♣ 3♠", 2: "10♦ 3♥", 3: "J♣ 2♥", 4: "J♦ 5♠", 9: "Q♣"}, foundations="2♠")
    with pytest.raises(IllegalMove, match=r"Rule 2 — the foundations are the four aces, got out first \(2♥\)"):
        game.play("2♥ → foundation")
    with pytest.raises(IllegalMove, match=r"Rule 2 — the foundations are built in the same suits \(3♥ on 2♠\)"):
        game.play("3♥ → foundation 1")
    game.play("3♠ → foundation")
    with pytest.raises(IllegalMove, match=r"Rule 2 — the foundations are built in proper order"):
        game.play("5♠ → foundation")
    with pytest.raises(IllegalMove, match=r"Rule 2 — a card built on its foundation stays there \(3♠\)"):
        game.play("3♠ → 4♥")


def test_a_stack_does_not_go_to_a_foundation() -> None:
    game = TheIdiotsDelight.arrange({1: "9♣ 3♠ 2♥", 9: "Q♣"}, foundations="2♠ A♥")
    stack = Move("move", tuple(parse_cards("3♠ 2♥")), "file 1", "foundation 1", "3♠ → foundation")
    with pytest.raises(IllegalMove, match=r"Rule 5 — a stack of two or more cards .* \(3♠–2♥ on foundation\)"):
        game.play(stack)


def test_won_when_all_fifty_two_are_up() -> None:
    game = TheIdiotsDelight.arrange({1: "K♣", 9: ""}, foundations="K♠ K♥ K♦ Q♣")
    assert game.result == "in play"
    game.play("K♣ → foundation")
    assert game.is_won and game.result == "won"


def test_lost_when_no_move_is_left() -> None:
    feet = dict(zip(range(1, 10), "K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦".split()))
    game = TheIdiotsDelight.arrange(feet, foundations="K♠ K♥ A♦ A♣")
    assert game.legal_moves() == [] and game.result == "lost"


def test_a_card_can_go_back_and_forth_between_two_like_cards() -> None:
    """Reported: a single card may shuttle between like cards, so a position can repeat."""
    game = TheIdiotsDelight.arrange({1: "7♦ 6♣", 2: "7♥", 9: "Q♣"})
    before = str(game)
    game.play("6♣ → 7♥")
    game.play("6♣ → 7♦")
    assert str(game) == before and game.result == "in play"


def test_notation_names_a_stack_whole_by_its_ends_or_its_head() -> None:
    for text in ("7♦ → space", "7♦ 6♣ 5♥ → space", "7♦–5♥ → space", "7D-5H to space", "7♦ → file 3", "7♦ → file"):
        game = TheIdiotsDelight.arrange({1: "K♠ 7♦ 6♣ 5♥", 2: "7♥", 3: "", 9: "Q♣"})
        played = game.play(text)
        assert str(played) == "7♦ → space" and len(played.cards) == 3


def test_errors_name_the_problem() -> None:
    game = load("the-idiots-delight", seed=90)
    with pytest.raises(InvalidMove):
        game.play("Z♦ → 8♣")
    with pytest.raises(InvalidMove, match="cannot read the target"):
        game.play("5♥ → space")  # there is no vacant space
    with pytest.raises(IllegalMove, match="Rule 3"):
        game.play("J♦ → Q♣")  # the knave of diamonds heads the third file, under six cards


def test_positions_round_trip_and_refuse_face_down_cards() -> None:
    game = load("the-idiots-delight(stack=any, spaces=stacks)", seed=4)
    assert TheIdiotsDelight.from_position(str(game)) == game
    assert str(game).splitlines()[0] == "the-idiots-delight(spaces=stacks,stack=any) seed=4"
    text = str(load("the-idiots-delight", seed=4))
    first = text.splitlines()[1]
    card = first.split()[2]
    with pytest.raises(InvalidPosition, match="face up"):
        TheIdiotsDelight.from_position(text.replace(first, first.replace(card, f"[{card}]", 1)))
    with pytest.raises(UnknownOption):
        load("the-idiots-delight(spaces=kings)")


def test_arrange_refuses_too_many_cards() -> None:
    with pytest.raises(InvalidPosition, match="too many"):
        TheIdiotsDelight.arrange({1: "5♠", 2: "5♠"})


def test_the_solver_sees_the_files_and_foundations_as_alike() -> None:
    game = TheIdiotsDelight.arrange({1: "9♥ 8♣", 2: "", 3: "7♦", 9: "Q♣"})
    twin = TheIdiotsDelight.arrange({1: "9♥ 8♣", 2: "7♦", 3: "", 9: "Q♣"})
    assert game.state_key() != twin.state_key() and game.solver_key() == twin.solver_key()


def test_safe_move_founds_a_card_nothing_can_be_built_on() -> None:
    game = TheIdiotsDelight.arrange({1: "9♥ 2♠", 2: "3♦ A♥", 9: "Q♣"}, foundations="A♠")
    moves = game.legal_moves()
    safe = game.safe_move(moves)
    assert safe is not None and str(safe) == "A♥ → foundation"  # the two of spades could still take an ace


def test_the_worked_game_is_the_solvers_won_line_after_the_examples() -> None:
    from patience.solve import shorten, solve

    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.replay()
    assert game.result == "won" and record.start.seed == 90
    assert [str(m) for m in record.moves[:2]] == ["6♠ → 7♦", "Q♦ → K♣"]
    # The notebook's call: the solver's line after the source's two examples, shortened.
    game = load("the-idiots-delight", seed=90)
    for example in ("6♠ → 7♦", "Q♦ → K♣"):
        game.play(example)
    found = shorten(solve(game).record)
    assert Record(record.start, [*game.history, *found.moves]).to_text() == RECORD.read_text(encoding="utf-8")


def test_the_text_diagram_shows_the_steps_of_the_lay_out() -> None:
    lines = render.text(load("the-idiots-delight", seed=90)).splitlines()
    assert lines[0].startswith("A --") and "reserve 10♦ 4♠ 6♣ A♠ 8♥ 2♠ K♥" in lines[0]
    assert [len(line.split()) for line in lines[1:]] == list(range(9, 0, -1))
