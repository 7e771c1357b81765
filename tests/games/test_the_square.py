"""The Square: the oddities the chapter does not show, the options, and the fast move list."""

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
from patience.games.the_square import (
    FULL,
    TheSquare,
    foundation,
    next_rank,
    square_text,
)

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-square.txt"

#: The Square of plate 034, row by row, as read (see the chapter).
PLATE_SQUARE = ["10♥", "8♦", "J♦", "7♠", "J♣", "J♥", "3♠", "8♥", "5♦", "9♠", "4♣", "6♥", "K♦", "3♦", "6♣", "8♣"]

#: A Square with no space and nothing to marry, for positions that need one.
QUIET = """
    K♣ / 9♦ / 5♠ / J♥
    Q♦ / 8♠ / K♥ / 9♣
    7♦ / 3♠ / 8♥ / 6♣
    K♠ / 4♦ / 5♥ / 3♣
"""


def slow_legal_moves(game: TheSquare) -> list[Move]:
    return [m for m in game.moves() if game.violation(m) is None]


def parse(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


# ---------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("seed", [1, 2, 3, 50])
def test_the_square_is_sixteen_cards_and_the_first_aces_go_to_the_corners_in_turn(seed: int) -> None:
    game = TheSquare.deal(seed)
    cards = shuffled(whist_pack(2), seed)
    aces: list[Card] = []
    square: list[Card] = []
    used = 0
    while len(square) < 16:
        card = cards[used]
        used += 1
        if card.rank == 1 and card.suit not in {a.suit for a in aces}:
            aces.append(card)
        else:
            square.append(card)
    assert [game.piles[p].cards for p in game.piles_of("packet")] == [(c,) for c in square]
    founded = [game.piles[f].cards for f in game.piles_of("foundation")]
    assert founded == [(a,) for a in aces] + [()] * (4 - len(aces))
    pack = game.piles["pack"]
    assert len(pack) == 104 - used and pack.face_down == len(pack)
    assert pack.top == cards[used], "the next card to turn is the first not dealt"
    assert Counter(game.cards()) == Counter(whist_pack(2))


def test_an_ace_in_the_square_deal_makes_room_for_the_next_card_and_a_second_ace_stays() -> None:
    cards = [*parse("A♥ 5♠ A♥ 7♦ A♣ A♠ 8♦ A♦ 9♦ A♣"), *[Card.parse("K♠")] * 20]
    game = TheSquare()
    game.lay_out(cards)
    assert [str(game.piles[f]) for f in game.piles_of("foundation")] == ["A♥", "A♣", "A♠", "A♦"]
    assert [str(game.piles[p]) for p in game.piles_of("packet")[:6]] == ["5♠", "A♥", "7♦", "8♦", "9♦", "A♣"]
    assert len(game.piles["pack"]) == 30 - 4 - 16


def test_rule_two_runs_up_to_the_king_then_down_from_the_second_king() -> None:
    assert [next_rank(n) for n in range(FULL + 1)] == [*range(1, 14), *range(13, 0, -1), None]
    assert len(foundation("A♠-K♠-A♠").split()) == FULL
    for bad in ("2♠-5♠", "A♠-5♥", "A♠-Q♠-9♠", "A♠-K♠-Q♠-J♠", "A♠-X"):
        with pytest.raises(InvalidPosition):
            foundation(bad)


def test_a_foundation_takes_26_cards_and_no_more() -> None:
    game = TheSquare.arrange({1: "A♣"}, {1: "A♠-K♠-A♠", 2: "A♥-K♥-A♥", 3: "A♦-K♦-A♦", 4: "A♣-K♣-2♣"},
                             rest="talon")
    assert game.foundation_fault("foundation 1", Card.parse("A♠")) == "complete"
    assert game.play("A♣ → foundation") and len(game.piles["foundation 4"]) == FULL
    assert game.is_won


# ------------------------------------------------------------------------- the square
def test_square_text_needs_four_lines_of_four() -> None:
    with pytest.raises(InvalidPosition):
        square_text("7♥ / 8♥ / 9♥\n" * 4)
    with pytest.raises(InvalidPosition):
        square_text("7♥ / 8♥ / 9♥ / 10♥\n" * 3)


def test_positions_keep_the_pack_face_down_and_everything_else_face_up() -> None:
    game = TheSquare.deal(4)
    text = str(game)
    assert TheSquare.from_position(text.replace("[", "").replace("]", "")) == game
    top = str(game.piles["packet 1"])
    with pytest.raises(InvalidPosition):
        TheSquare.from_position(text.replace(f"packet 1: {top}", f"packet 1: [{top}]"))
    with pytest.raises(InvalidPosition):
        TheSquare.arrange(QUIET, turned="9♣ 9♣")


def test_the_plate_position() -> None:
    game = TheSquare.from_plate()
    assert [str(game.piles[p]) for p in game.piles_of("packet")] == PLATE_SQUARE
    assert [str(game.piles[f]) for f in game.piles_of("foundation")] == ["A♦", "A♠", "A♥", "A♣"]
    assert len(game.piles["pack"]) == 84 and game.piles["pack"].top == Card.parse("2♦")
    assert [str(m) for m in game.legal_moves()] == ["deal", "10♥ → J♥", "J♥ → 10♥"]


def test_every_pile_is_drawn_and_the_columns_widen_with_their_packets() -> None:
    game = TheSquare.arrange(QUIET.replace("K♣ ", "K♣ Q♣ J♣ 10♣ 9♣ 8♣ "))
    spots = {s.pile: s for s in game.layout()}
    assert set(spots) == set(game.piles)
    assert spots["packet 2"].x - spots["packet 1"].x > spots["packet 3"].x - spots["packet 2"].x
    assert render.svg(game).startswith("<svg")
    assert render.text(game).splitlines()[1].startswith("K♣ Q♣ J♣ 10♣ 9♣ 8♣")


# ------------------------------------------------------------------------ naming moves
def test_moves_may_name_their_pile_and_dealing_may_be_called_turning() -> None:
    game = TheSquare.arrange(QUIET.replace("K♣", "8♣"), turned="9♣", talon="7♣")
    assert game.play("9♣ from turned → 8♣").source == "turned"
    game.undo()
    assert game.play("9♣ from packet 8 on 8♣").source == "packet 8"
    game.undo()
    assert game.play("7♣ from talon on 8♣").source == "talon"
    game.undo()
    assert game.play("9♣ → packet 1").target == "packet 1"
    game.undo()
    game.play("9♣ → talon")
    assert game.play("turn").kind == "deal"


def test_a_reversal_may_name_its_target_packet() -> None:
    game = TheSquare.arrange(QUIET.replace("9♦", "7♦ 8♦"))
    assert game.play("8♦–7♦ → packet 9").kind == "reverse"
    assert str(game.piles["packet 9"]) == "7♦ 8♦ 7♦"


def test_cards_out_of_reach_cite_the_rule_of_where_they_lie() -> None:
    game = TheSquare.arrange(QUIET.replace("K♠", "2♦"), {1: "A♥-3♥", 2: "A♠-K♠-J♠"}, talon="4♥ 10♣",
                             to_come="4♥")
    assert refused(game, "4♥ → foundation").rule == "Talon", "under the top of the talon; the 4♥ to come"
    assert refused(game, "Q♠ → foundation").rule == "Foundations", "both Q♠ are on the foundation"
    assert refused(game, "3♥ → foundation").rule == "Talon", "the other 3♥ is still in the pack"
    assert refused(game, "2♥ → foundation").rule == "Talon"
    assert refused(game, "10♣ → 8♥").rule == "Marriages"
    game.play("10♣ → 9♣")
    assert refused(game, "4♥ → foundation 2").rule == "I"
    game.play("4♥ → foundation")
    assert refused(game, "4♥ → foundation").rule == "Talon", "the other 4♥ is still in the pack"
    buried = TheSquare.arrange(QUIET.replace("K♣", "4♥ K♣"), {1: "A♥-3♥"})
    assert refused(buried, "4♥ → foundation").rule == "Square"
    assert refused(buried, Move("move", (Card.parse("4♥"),), "packet 1", "foundation 1")).rule == "Square"
    assert refused(buried, "4♥ → 7♣").rule == "Square"
    with pytest.raises(InvalidMove):
        buried.play("K♣ → 10♣")


def test_moves_the_game_does_not_have_are_refused() -> None:
    game = TheSquare.arrange(QUIET, turned="10♣")
    ten = (Card.parse("10♣"),)
    assert refused(game, Move("redeal", notation="redeal")).rule == "Play"
    assert refused(game, Move("move", ten, "turned", "pack")).rule == "Play"
    assert refused(game, Move("move", ten + ten, "turned", "talon")).rule == "Play"
    assert refused(game, Move("reverse", parse("K♣"), "packet 1", "foundation 1")).rule == "Reversal"
    assert refused(game, Move("move", parse("K♣"), "packet 1", "talon")).rule == "Talon"


# ---------------------------------------------------------------------------- spaces
def test_a_space_is_filled_from_the_card_turned_or_the_talon_not_from_the_square() -> None:
    game = TheSquare.arrange(QUIET.replace("K♣", "--"), turned="10♣", talon="7♠")
    assert refused(game, "8♠ → space").rule == "Spaces"
    assert refused(game, "7♠ → 8♠").rule == "Spaces", "at once: nothing else first"
    assert refused(game, "10♣ → talon").rule == "Spaces"
    assert [str(m) for m in game.legal_moves()] == ["10♣ → space", "7♠ → space"]


#: Every foundation done but the clubs, which have come down to the three.
NEARLY_DONE = {1: "A♠-K♠-A♠", 2: "A♥-K♥-A♥", 3: "A♦-K♦-A♦", 4: "A♣-K♣-3♣"}


def test_with_no_card_left_to_fill_it_a_space_stays_open() -> None:
    game = TheSquare.arrange({1: "A♣", 2: "2♣"}, NEARLY_DONE, rest="talon")
    assert not game.can_fill() and len(game.spaces()) == 14
    assert [str(m) for m in game.legal_moves()] == ["A♣ → 2♣", "2♣ → foundation", "2♣ → A♣"]
    assert refused(game, "deal").rule == "Re-deal"
    game.play("2♣ → foundation")
    game.play("A♣ → foundation")
    assert game.is_won and game.result == "won" and game.is_over


def test_before_talon_lets_play_go_on_while_a_space_is_open() -> None:
    game = TheSquare.arrange(QUIET.replace("K♣", "--"), turned="10♣", talon="7♠", spaces="before-talon")
    assert game.spec == "the-square(spaces=before-talon)"
    assert game.play("7♠ → 8♠")
    assert refused(game, "10♣ → talon").rule == "Spaces"
    assert game.play("10♣ → space") and game.play("deal")


def test_from_talon_spaces_keeps_the_talon_for_the_spaces() -> None:
    game = TheSquare.arrange(QUIET, {1: "A♥"}, talon="2♥ 7♠", from_talon="spaces")
    assert refused(game, "7♠ → 8♠").rule == "Talon"
    assert [str(m) for m in game.legal_moves()] == ["deal"]
    other = TheSquare.arrange(QUIET.replace("K♣", "--"), talon="3♥", from_talon="spaces")
    assert [str(m) for m in other.legal_moves()] == ["deal", "3♥ → space"]


def test_options_are_checked() -> None:
    with pytest.raises(UnknownOption):
        patience.load("the-square(spaces=later)")
    with pytest.raises(UnknownOption):
        patience.load("the-square(talon=spaces)")


# ---------------------------------------------------------------------- the move list
@pytest.mark.parametrize("options", [{}, {"spaces": "before-talon"}, {"from_talon": "spaces"},
                                     {"spaces": "before-talon", "from_talon": "spaces"}])
def test_the_fast_move_list_is_the_slow_one(options: dict[str, str]) -> None:
    for seed in range(1, 3):
        game = TheSquare.deal(seed, **options)
        rng = random.Random(seed)
        for _ in range(150):
            legal = game.legal_moves()
            assert legal == slow_legal_moves(game), str(game)
            if not legal:
                break
            game.play(rng.choice(legal))


def test_a_waiting_ace_allows_only_its_own_move() -> None:
    game = TheSquare.arrange(QUIET.replace("K♣", "--"), {1: "A♦", 2: "A♠"}, to_come="A♥")
    game.play("deal")
    assert [str(m) for m in game.legal_moves()] == ["A♥ → foundation"]
    assert game.legal_moves() == slow_legal_moves(game)
    assert refused(game, "A♥ → foundation 4").rule == "Foundations"
    assert refused(game, "A♥ → space").rule == "Foundations"


# ------------------------------------------------------------------------- the record
def test_the_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == TheSquare.deal(seed=20)
    game = record.replay()
    assert game.is_won and game.result == "won"
    assert all(len(game.piles[f]) == FULL for f in game.piles_of("foundation"))


def test_the_fast_move_list_reverses_long_sequences_as_the_slow_one() -> None:
    game = TheSquare.arrange(QUIET.replace("K♣", "2♠ 3♠ 4♠ 5♠").replace("5♠ / J♥", "6♠ / J♥"), {1: "A♠"})
    legal = game.legal_moves()
    assert legal == slow_legal_moves(game)
    assert [str(m) for m in legal if m.kind == "reverse"] == ["5♠–4♠ → 6♠", "5♠–3♠ → 6♠", "5♠–2♠ → 6♠"]


# ---------------------------------------------------------------------------- for the solver
def test_the_packets_and_the_corners_are_alike_for_the_solver() -> None:
    game = TheSquare.deal(3)
    text = str(game)
    swapped = (text.replace("packet 1:", "packet 0:").replace("packet 16:", "packet 1:")
               .replace("packet 0:", "packet 16:"))
    corners = (text.replace("foundation 1:", "foundation 0:").replace("foundation 2:", "foundation 1:")
               .replace("foundation 0:", "foundation 2:"))
    for other in (swapped, corners):
        twin = TheSquare.from_position(other)
        assert twin.state_key() != game.state_key() and twin.solver_key() == game.solver_key()


def test_a_move_that_leaves_the_card_turned_could_have_come_before_the_deal() -> None:
    game = TheSquare.arrange(QUIET.replace("8♠", "10♦"), {1: "A♥"}, talon="9♦", to_come="2♥")
    deal = game.play("deal")
    assert game.independent(deal, game.parse_move("9♦ → 10♦"))
    assert not game.independent(deal, game.parse_move("2♥ → foundation"))
