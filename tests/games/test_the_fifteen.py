"""The Fifteen: the oddities the chapter does not show."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
import patience
from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Move, Record, UnknownOption, render
from patience.cards import shuffled, whist_pack
from patience.games.the_fifteen import PLATE_ROWS, TheFifteen

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-fifteen.txt"
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def up(suit: str, to: str = "K") -> str:
    return " ".join(f"{r}{suit}" for r in RANKS[: RANKS.index(to) + 1])


def down(suit: str, to: str = "A") -> str:
    return " ".join(f"{r}{suit}" for r in reversed(RANKS[RANKS.index(to):]))


# ---------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("seed", [1, 2, 77])
def test_the_deal_is_rows_of_fifteen_the_last_of_fourteen(seed: int) -> None:
    game = TheFifteen.deal(seed)
    cards = shuffled(whist_pack(2), seed)
    columns = game.piles_of("column")
    assert [len(game.piles[c]) for c in columns] == [7] * 14 + [6]
    for i, card in enumerate(cards):
        column = game.piles[columns[i % 15]]
        assert column.cards[i // 15] == card
    assert all(game.piles[f].is_empty for f in game.piles_of("foundation"))
    assert Counter(game.cards()) == Counter(game.pack())


def test_the_plate_is_two_packs_and_its_fifteenth_column_is_short() -> None:
    game = TheFifteen.from_plate()
    assert Counter(Card.parse(t) for t in PLATE_ROWS.split()) == Counter(whist_pack(2))
    assert all(n == 2 for n in Counter(Card.parse(t) for t in PLATE_ROWS.split()).values())
    assert [len(PLATE_ROWS.split("\n")[r + 1].split()) for r in range(7)] == [15] * 6 + [14]
    assert str(game.piles["column 15"].top) == "10♣"
    assert len(game.available()) == 15
    assert TheFifteen.from_position(str(game)) == game
    assert render.text(game).splitlines()[-1].count("--") == 8


def test_foundations_are_four_on_aces_then_four_on_kings() -> None:
    game = TheFifteen()
    bases = [game.foundation_rule(f).base.symbol for f in game.piles_of("foundation")]
    assert bases == list("AAAAKKKK")


# --------------------------------------------------------------------------- options
def test_options_are_checked() -> None:
    with pytest.raises(UnknownOption):
        patience.load("the-fifteen(exception=sometimes)")
    with pytest.raises(UnknownOption):
        patience.load("the-fifteen(redeals=1)")
    assert patience.load("the-fifteen(distinct_suits=yes)").options.distinct_suits is True


def test_distinct_kings() -> None:
    game = TheFifteen.arrange({1: "9♣ K♥", 2: "9♣ K♥"}, distinct_suits=True)
    game.play("K♥ → foundation")
    problem = refused(game, "K♥ → foundation")
    assert problem.rule == "Foundations" and "kings must be of different suits" in str(problem)


# ------------------------------------------------------------------------ foundations
def test_a_card_two_different_foundations_take_is_named() -> None:
    game = TheFifteen.arrange(
        {1: "9♣ 7♥"},
        {1: "A♥ 2♥ 3♥ 4♥ 5♥ 6♥", 5: "K♥ Q♥ J♥ 10♥ 9♥ 8♥", 6: "K♠"},
    )
    named = [str(m) for m in game.legal_moves() if m.cards[0] == Card.parse("7♥")]
    assert named == ["7♥ → foundation 1", "7♥ → foundation 5"]
    assert game.play("7♥ → foundation 5").target == "foundation 5"


def test_two_like_foundations_offer_one_move() -> None:
    game = TheFifteen.arrange({1: "9♣ 3♥"}, {1: "A♥ 2♥", 2: "A♥ 2♥"})
    moves = [m for m in game.legal_moves() if m.cards[0] == Card.parse("3♥")]
    assert [(str(m), m.target) for m in moves] == [("3♥ → foundation", "foundation 1")]


def test_foundation_messages() -> None:
    game = TheFifteen.arrange({1: "9♣ K♥", 2: "8♣ 5♥", 3: "7♣ A♠"}, {1: "A♥ 2♥"})
    assert "begun with one of the aces" in str(refused(game, "K♥ → foundation 2"))
    assert "ascend in sequence (5♥ on 2♥)" in str(refused(game, "5♥ → foundation"))
    assert refused(game, "A♠ → foundation 1").rule == "II"
    assert refused(game, "5♥ → foundation 3").rule == "Foundations"


def test_a_fifth_king_has_no_foundation_of_its_own() -> None:
    game = TheFifteen.arrange({1: "9♣ K♦"}, {5: "K♠", 6: "K♥", 7: "K♣", 8: "K♣"})
    problem = refused(game, "K♦ → foundation")
    assert "only four kings form foundations" in str(problem)


def test_a_played_card_stays_on_its_foundation() -> None:
    game = TheFifteen.arrange({1: "9♣ 3♥"}, {1: "A♥ 2♥"})
    back = Move("move", (Card.parse("2♥"),), "foundation 1", "column 1", "2♥ → 3♥")
    assert refused(game, back).rule == "I"


# -------------------------------------------------------------------- marriages, lanes
def test_marriages_go_both_ways_whatever_the_column_did_before() -> None:
    game = TheFifteen.arrange({1: "9♣ 7♥", 2: "8♣ 6♥", 3: "7♣ 7♥"})
    game.play("6♥ → 7♥")
    assert str(game.piles["column 1"]) == "9♣ 7♥ 6♥"
    game.play("7♥ → 6♥")
    assert str(game.piles["column 1"]) == "9♣ 7♥ 6♥ 7♥"


def test_a_card_cannot_go_onto_itself() -> None:
    game = TheFifteen.arrange({1: "9♣ 7♥"})
    same = Move("move", (Card.parse("7♥"),), "column 1", "column 1", "7♥ → 7♥")
    assert refused(game, same).rule == "Play"


def test_lanes_are_named_by_column_when_several_are_open() -> None:
    game = TheFifteen.arrange({1: "9♣ 5♦ J♠", 2: "", 3: ""})
    assert game.play("J♠ → column 3").target == "column 3"
    game.undo()
    assert game.play("J♠ → space").target == "column 2"
    assert [str(m) for m in game.legal_moves() if m.cards[0] == Card.parse("5♦")][-1] == "5♦ → lane"


def test_reversal_of_part_of_a_run_and_its_errors() -> None:
    game = TheFifteen.arrange({1: "9♣ 7♠ 6♠ 5♠", 2: ""})
    assert [str(m) for m in game.reversal("column 1", 2)] == ["5♠ → lane", "6♠ → 5♠"]
    with pytest.raises(IllegalMove):
        game.reversal("column 1", 4)
    with pytest.raises(IllegalMove):
        game.reversal("column 1", 0)
    assert str(game.piles["column 1"]) == "9♣ 7♠ 6♠ 5♠", "reversal() only lists the moves"


# ------------------------------------------------------------------------- the opening
def test_only_aces_or_only_kings_in_the_sixth_row() -> None:
    aces = TheFifteen.deal(120)
    assert sorted({str(m) for m in aces.legal_moves() if m.kind == "withdraw"}) == ["withdraw A♠"]
    kings = TheFifteen.deal(121)
    withdrawals = sorted({str(m) for m in kings.legal_moves() if m.kind == "withdraw"})
    assert withdrawals == ["withdraw K♠", "withdraw K♥"]
    move = kings.play("withdraw K♥")
    assert move.target == "foundation 5" and kings.piles["foundation 5"].top == Card.parse("K♥")


def test_withdrawal_closes_up_the_cards_married_below() -> None:
    game = TheFifteen.arrange({4: "2♠ 3♠ 4♠ 5♠ 6♠ A♦ 9♥", 5: "9♣ 8♥"})
    game.play("8♥ → 9♥")
    assert [str(m) for m in game.legal_moves() if m.kind == "withdraw"] == ["withdraw A♦"]
    game.play("withdraw A♦")
    assert str(game.piles["column 4"]) == "2♠ 3♠ 4♠ 5♠ 6♠ 9♥ 8♥"
    assert str(game.piles["foundation 1"]) == "A♦"
    assert Counter(game.cards()) == Counter(game.pack())


def test_exception_stuck_allows_the_withdrawal_when_nothing_else_moves() -> None:
    game = patience.load("the-fifteen(exception=stuck)", seed=1052)
    assert all(m.kind == "withdraw" for m in game.legal_moves())
    assert game.play("withdraw A♠ K♦").kind == "withdraw"


def test_withdrawal_parse_errors() -> None:
    game = TheFifteen.deal(28)
    with pytest.raises(InvalidMove):
        game.play("withdraw")
    with pytest.raises(InvalidMove):
        game.play("withdraw X♠")
    with pytest.raises(IllegalMove):
        game.play("withdraw 3♥")
    with pytest.raises(IllegalMove):
        game.play("withdraw A♦ K♠ K♠")


def test_withdrawal_of_two_aces_is_refused() -> None:
    game = TheFifteen.deal(26)
    row = [(c, k) for c, k in game.sixth_row() if k.rank == 1]
    assert len(row) == 2
    move = Move("withdraw", (row[0][1], row[1][1]), f"{row[0][0]}, {row[1][0]}",
                "foundation 1, foundation 2", "withdraw A♦ A♦")
    assert "one ace and one king" in str(refused(game, move))


def test_a_buried_card_is_refused_by_rule_one_even_when_the_exception_names_it() -> None:
    game = TheFifteen.deal(28)
    assert refused(game, "A♦ → foundation").rule == "I"
    assert refused(game, "K♠ → 9♥").rule == "I"


def test_there_is_no_redeal() -> None:
    assert refused(TheFifteen.deal(5), "redeal").rule == "Re-deal"


# ------------------------------------------------------------------------ positions
def test_arrange_errors() -> None:
    with pytest.raises(InvalidPosition):
        TheFifteen.arrange({16: "A♠"})
    with pytest.raises(InvalidPosition):
        TheFifteen.arrange({1: "A♠ A♠ A♠"})
    with pytest.raises(InvalidPosition):
        TheFifteen.arrange({n: "" for n in range(1, 16)})


def test_layout_puts_the_foundations_below_the_longest_column() -> None:
    game = TheFifteen.arrange({1: " ".join(f"{r}♥" for r in reversed(RANKS)), 2: ""})
    spots = {s.pile: s for s in game.layout()}
    deal = {s.pile: s for s in TheFifteen.deal(1).layout()}
    assert spots["foundation 1"].y > deal["foundation 1"].y > 0
    assert render.svg(game).startswith("<svg")


def test_legal_moves_is_the_filter_of_moves(legal_moves_checked) -> None:
    rng = random.Random(3)
    for seed in (3, 28, 1052):
        game = TheFifteen.deal(seed)
        legal_moves_checked(game, rng, 40)


def test_the_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.replay()
    assert game.is_won and game.result == "won" and len(record) == 349
    assert record.start == TheFifteen.deal(6)


@pytest.mark.parametrize("options", [{"distinct_suits": True}, {"exception": "stuck"}])
def test_legal_moves_is_the_filter_of_moves_with_options(options: dict, legal_moves_checked) -> None:
    rng = random.Random(5)
    for seed in (4, 17, 250):
        game = TheFifteen.deal(seed, **options)
        legal_moves_checked(game, rng, 40)


def test_a_card_no_card_can_marry_is_played_safely() -> None:
    both = TheFifteen.arrange({1: "7♠ 4♥", 2: "8♠ 4♥"}, {1: up("♥", "3"), 2: up("♥", "3"), 5: down("♥", "5"),
                                                       6: down("♥", "5")})
    assert [str(m) for m in both.legal_moves() if m.cards[0] == Card.parse("4♥")][:2] == \
        ["4♥ → foundation 1", "4♥ → foundation 5"]
    assert str(both.safe_move(both.legal_moves())) == "4♥ → foundation 1"
    one = TheFifteen.arrange({1: "7♠ 4♥"}, {1: up("♥", "3"), 5: down("♥", "5")})
    assert one.safe_move([m for m in one.legal_moves() if m.cards[0] == Card.parse("4♥")]) is None


def test_columns_and_lanes_are_alike_to_the_solver() -> None:
    game = TheFifteen.arrange({1: "10♥ 9♥ 8♥", 2: "", 3: ""})
    other = TheFifteen.from_position(str(game).replace("column 1:", "column X:").replace("column 4:", "column 1:")
                                     .replace("column X:", "column 4:"))
    assert other.solver_key() == game.solver_key() and other.state_key() != game.state_key()
    lanes = {m.target for m in game.legal_moves() if m.target in ("column 2", "column 3")}
    assert lanes == {"column 2", "column 3"}
    assert {m.target for m in game.useful_moves() if m.target in ("column 2", "column 3")} == {"column 2"}
