"""The Nation: the oddities the chapter does not show — the withdrawn foundations, the counting of the
deal, what may be played while it lasts, vacant spaces, the order of the take-up, options and positions."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
import patience
from patience import Card, InvalidMove, InvalidPosition, Move, Record, UnknownOption, render
from patience.cards import Rank
from patience.games.the_nation import COLUMNS, COUNT, TheNation

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-nation.txt"
#: Three columns that block each other: the hearts going up want the 10♥, the spades going up the 9♠.
BLOCKED = {"column 1": "9♠ J♥ K♠", "column 2": "10♥ Q♠", "column 3": "10♠ K♥ J♠ Q♥"}
#: The hearts from the two to the king: dealt as a pack, they leave the hearts going up at the ace.
HEARTS = "2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def deal_out(game: TheNation) -> None:
    """Deal to the end, playing each suitable card as it turns up (then the first legal move)."""
    while game.dealing:
        game.play("deal")
        if game.dealing and game.legal_moves()[0].kind == "move":
            game.play(game.legal_moves()[0])


# ------------------------------------------------------------------------- the start
def test_a_new_game_withdraws_an_ace_and_a_king_of_each_suit() -> None:
    game = TheNation.deal(4)
    tops = [str(game.piles[f]) for f in game.piles_of("foundation")]
    assert tops == ["A♦", "A♣", "A♥", "A♠", "K♦", "K♣", "K♥", "K♠"]
    assert len(game.piles["pack"]) == 96 and game.piles["pack"].face_down == 96
    assert all(game.piles[c].is_empty for c in game.columns())
    assert game.counters == {"counted": 0, "just_dealt": 0, "redeals": 0}
    assert Counter(game.cards()) == Counter(game.pack())
    assert TheNation.deal(4) == game and TheNation.deal(5) != game


def test_the_withdrawn_cards_are_the_first_of_each_in_the_shuffled_pack() -> None:
    game = TheNation.deal(7)
    order = game.shuffle(game.pack())
    first: dict[Card, int] = {}
    for i, card in enumerate(order):
        if card.rank in (Rank.ACE, Rank.KING):
            first.setdefault(card, i)
    pack = list(reversed(game.piles["pack"].cards))
    assert pack == [c for i, c in enumerate(order) if first.get(c) != i]


def test_the_plate_is_deal_829_and_its_first_column_is_the_books_example() -> None:
    game = TheNation.from_plate()
    assert game == TheNation.deal(829)
    played = []
    for number in range(1, COUNT + 1):
        assert game.next_place() == ("column 1", number)
        game.play("deal")
        if game.legal_moves()[0].kind == "move":
            played.append(number)
            game.play(game.legal_moves()[0])
    assert played == [4, 7] and len(game.piles["column 1"]) == 6
    assert game.next_place() == ("column 2", 1)


def test_the_text_diagram_shows_the_plate() -> None:
    assert render.text(TheNation.from_plate()).splitlines()[0] == "A♦    A♣    A♥    A♠    pack ##×96"


# -------------------------------------------------------------------------- the deal
def test_every_card_counted_uses_a_number_and_the_deal_makes_twelve_columns() -> None:
    for seed in (1, 2, 3):
        game = TheNation.deal(seed)
        deal_out(game)
        assert game.counters["counted"] == COLUMNS * COUNT
        played = sum(len(game.piles[f]) for f in game.piles_of("foundation")) - 8
        assert sum(len(game.piles[c]) for c in game.columns()) + played == 96
        assert all(len(game.piles[c]) <= COUNT for c in game.columns())
        assert refused(game, "deal").reason == "the pack is exhausted"


def test_a_suitable_card_must_be_played_before_the_next_is_dealt() -> None:
    game = TheNation.arrange({}, pack=HEARTS)
    assert [str(game.piles[f].top) for f in ("foundation 3", "foundation 7")] == ["A♥", "A♥"]
    game.play("deal")
    assert [str(m) for m in game.legal_moves()] == ["2♥ → foundation"]
    assert refused(game, "deal").rule == "Deal"
    game.play("2♥ → foundation")
    assert game.counters == {"counted": 1, "just_dealt": 0, "redeals": 0}
    assert game.next_place() == ("column 1", 2)


def test_with_play_in_deal_may_the_player_deals_on_and_the_card_stays() -> None:
    free = patience.load("the-nation(play_in_deal=may)", seed=829)
    for _ in range(4):
        free.play("deal")
    assert [str(m) for m in free.legal_moves()] == ["deal", "2♣ → foundation"]
    free.play("deal")
    assert refused(free, "2♣ → foundation").rule == "III"
    assert free.piles["column 1"].cards == cards("4♦ 9♦ 3♠ 2♣ 9♥")


def test_cards_placed_during_the_deal_wait_for_its_end() -> None:
    game = TheNation.arrange({}, pack="3♥ 2♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥")
    game.play("deal")
    game.play("deal")
    assert game.just_dealt() == ("column 1", Card.parse("2♥"))
    game.play("2♥ → foundation")
    assert game.piles["column 1"].top == Card.parse("3♥") and game.just_dealt() is None
    problem = refused(game, "3♥ → foundation")
    assert problem.rule == "Deal" and "cannot be removed" in problem.reason
    for _ in range(7):
        game.play("deal")
    assert game.piles["column 1"].cards == cards("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥")
    assert game.piles["column 2"].cards == cards("10♥")
    assert refused(game, "10♥ → 9♥").rule == "Marriages"
    deal_out(game)
    assert game.piles["column 2"].cards == cards("10♥ J♥ Q♥ K♥")
    assert [str(m) for m in game.legal_moves()] == ["redeal"]  # two columns dealt: no vacant space


def test_the_last_card_dealt_ends_the_restrictions() -> None:
    game = TheNation.arrange({}, pack="4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ 3♥ 2♥")
    deal_out(game)
    assert not game.dealing and game.piles["column 2"].cards == cards("Q♥ K♥ 3♥ 2♥")
    assert "2♥ → foundation" in {str(m) for m in game.legal_moves()}
    game.play("2♥ → foundation")
    game.play("3♥ → foundation")
    assert game.piles["column 2"].cards == cards("Q♥ K♥")


def test_a_card_in_the_pack_or_on_a_foundation_is_refused_for_where_it_is() -> None:
    game = TheNation.from_plate()
    game.play("deal")
    problem = refused(game, "Q♠ → foundation")
    assert problem.rule == "Deal" and "not been dealt" in problem.reason
    late = TheNation.arrange({"column 1": "Q♥ A♠ K♥"})
    late.play("K♥ → space")
    late.play("A♠ → foundation")
    assert "stays there" in str(refused(late, "A♠ → space"))
    with pytest.raises(InvalidMove):
        late.play("Q♥ → 7♣")


# ----------------------------------------------------------------------- foundations
def test_two_foundations_of_a_suit_can_take_the_same_card() -> None:
    up = {s: " ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()) for s in "♦♣♠"}
    down = {s: " ".join(reversed(up[s].split())) for s in up}
    game = TheNation.from_position(f"""
the-nation seed=0 counted=96 just_dealt=0 redeals=0
foundation 1: {up["♦"]}
foundation 2: {up["♣"]}
foundation 3: A♥ 2♥ 3♥ 4♥ 5♥ 6♥
foundation 4: {up["♠"]}
foundation 5: {down["♦"]}
foundation 6: {down["♣"]}
foundation 7: K♥ Q♥ J♥ 10♥ 9♥ 8♥
foundation 8: {down["♠"]}
column 1: Q♥ 2♥ 7♥
column 2: A♥ K♥ 9♥
column 3: 4♥ J♥ 6♥
column 4: 8♥ 3♥ 10♥
column 5: 5♥ 7♥
""")
    sevens = [str(m) for m in game.legal_moves() if m.cards[0] == Card.parse("7♥")]
    assert sevens.count("7♥ → foundation 3") == 2 and sevens.count("7♥ → foundation 7") == 2
    game.play("7♥ → foundation 3")
    assert "7♥ → foundation" in {str(m) for m in game.legal_moves()}
    game.play("7♥ → foundation")
    assert game.piles["foundation 7"].top == Card.parse("7♥")
    assert refused(game, "6♥ → foundation 3").rule == "Foundations"
    assert refused(game, "6♥ → foundation 1").rule == "I"


def test_a_complete_foundation_takes_nothing_more() -> None:
    game = TheNation.arrange({"column 1": "K♥ A♥"})
    assert game.piles["foundation 3"].top == Card.parse("Q♥")
    assert game.piles["foundation 7"].top == Card.parse("2♥")
    assert refused(game, "A♥ → foundation 3").rule == "Foundations"
    game.play("A♥ → foundation")
    game.play("K♥ → foundation")
    assert game.is_won and game.result == "won"


# ---------------------------------------------------------------- marriages and spaces
def test_marriages_go_both_ways_in_suit_and_one_card_at_a_time() -> None:
    game = TheNation.arrange({"column 1": "A♥ 8♥", "column 2": "2♥ 9♥", "column 3": "K♥ J♥ 10♥ Q♥ 7♥"})
    marriages = {str(m) for m in game.legal_moves() if m.target.startswith("column") and game.piles[m.target].cards}
    assert {"8♥ → 9♥", "8♥ → 7♥", "9♥ → 8♥", "7♥ → 8♥"} <= marriages
    both = Move("move", cards("10♥ Q♥"), "column 3", "column 2", "10♥ Q♥ → 9♥")
    assert game.violation(both).rule == "III"
    assert refused(game, "Q♥ → space").rule == "III"
    assert refused(game, "7♥ → 9♥").rule == "Marriages"


def test_a_vacant_space_takes_any_one_card_and_marriages_on_it() -> None:
    game = TheNation.arrange({"column 1": "Q♥ A♠ K♥", "column 2": "J♥"})
    assert str(game.play("J♥ → space")) == "J♥ → column 3"
    assert game.play("K♥ → column 12").target == "column 12"
    assert refused(game, "A♠ → J♥").rule == "Marriages"
    game.play("A♠ → foundation")
    game.play("Q♥ → J♥")
    assert game.piles["column 3"].cards == cards("J♥ Q♥")


def test_spaces_after_a_short_redeal() -> None:
    game = TheNation.arrange(BLOCKED)
    game.play("redeal")
    deal_out(game)
    assert game.vacant_spaces() == [] and game.dealt_columns() == 2
    assert refused(game, "K♠ → column 3").rule == "Space"
    assert refused(game, "K♠ → space").rule == "Space"
    wide = TheNation.arrange(BLOCKED, spaces="any")
    wide.play("redeal")
    deal_out(wide)
    assert wide.vacant_spaces() == [f"column {n}" for n in range(3, 13)]
    assert str(wide.play("K♠ → space")) == "K♠ → column 3"


# ----------------------------------------------------------------------------- re-deals
def test_take_up_puts_the_last_column_first_each_in_its_order() -> None:
    game = TheNation.arrange({"column 1": "9♠ J♥ K♠", "column 3": "10♥ Q♠", "column 4": "10♠ K♥ J♠ Q♥"})
    assert game.take_up() == list(cards("10♠ K♥ J♠ Q♥ 10♥ Q♠ 9♠ J♥ K♠"))


def test_the_redeal_takes_the_columns_up_and_counts_them_out_again() -> None:
    game = TheNation.arrange(BLOCKED)
    before = game.take_up()
    game.play("redeal")
    assert list(reversed(game.piles["pack"].cards)) == before
    assert game.counters == {"counted": 0, "just_dealt": 0, "redeals": 1}
    assert all(game.piles[c].is_empty for c in game.columns())
    deal_out(game)
    assert game.piles["column 1"].cards == cards("10♠ K♥ J♠ Q♥ Q♠")
    assert game.piles["column 2"].cards == cards("K♠") and game.counters["counted"] == 9


def test_the_redeal_is_not_shuffled() -> None:
    one, two = TheNation.arrange(BLOCKED), TheNation.arrange(BLOCKED)
    one.seed, two.seed = 1, 2
    one.play("redeal")
    two.play("redeal")
    assert one.piles["pack"] == two.piles["pack"]


@pytest.mark.parametrize("allowed, said", [(0, "no re-deal"), (1, "only once"), (2, "only twice"),
                                           (3, "only 3 times")])
def test_the_number_of_redeals(allowed: int, said: str) -> None:
    spent = TheNation.arrange(BLOCKED, redeals_made=allowed, redeals=allowed)
    assert said in refused(spent, "redeal").reason
    if allowed:
        TheNation.arrange(BLOCKED, redeals_made=allowed - 1, redeals=allowed).play("redeal")


def test_when_the_tableau_may_be_taken_up() -> None:
    assert TheNation.from_plate().violation(Move("redeal", notation="redeal")).reason.endswith("complete")
    assert "married" in str(refused(TheNation.arrange(BLOCKED, redeal_when="stuck"), "redeal"))
    after = TheNation.from_plate()
    deal_out(after)
    assert "can be played" in str(refused(after, "redeal"))
    anytime = TheNation.from_position(str(after).replace("the-nation", "the-nation(redeal_when=any)", 1))
    anytime.play("redeal")
    assert len(anytime.piles["pack"]) == sum(len(after.piles[c]) for c in after.columns())
    won = TheNation.arrange({"column 1": "K♥"})
    won.play("K♥ → foundation")
    assert "empty" in refused(won, "redeal").reason


def test_a_game_with_no_move_left_is_lost() -> None:
    lost = TheNation.arrange(
        {"column 1": "10♥ Q♠ K♠", "column 2": "9♠ J♠ K♥", "column 3": "Q♥ 10♠ J♥"}, counted=24, redeals_made=2
    )
    assert lost.legal_moves() == [] and lost.result == "lost" and lost.is_over


# ---------------------------------------------------------------------------- positions
def test_positions_round_trip_and_bad_ones_are_refused() -> None:
    game = TheNation.from_plate()
    for _ in range(5):
        game.play("2♣ → foundation" if game.legal_moves()[0].kind == "move" else "deal")
    assert game.counters == {"counted": 4, "just_dealt": 0, "redeals": 0}
    assert TheNation.from_position(str(game)) == game
    text = str(game)
    with pytest.raises(InvalidPosition):
        TheNation.from_position(text.replace("counted=4", "counted=97"))
    with pytest.raises(InvalidPosition):
        TheNation.from_position(text.replace("counted=4", "counted=5"))  # 92 cards still to count
    with pytest.raises(InvalidPosition):
        TheNation.from_position(text.replace("just_dealt=0", "just_dealt=5"))
    with pytest.raises(InvalidPosition):
        TheNation.arrange({"column 13": "A♥"})
    with pytest.raises(InvalidPosition):
        TheNation.arrange({"column 1": "A♥ A♥ A♥"})
    with pytest.raises(InvalidPosition, match="two foundations"):
        TheNation.arrange({"column 1": "7♥"})


def test_options_are_checked() -> None:
    with pytest.raises(UnknownOption):
        patience.load("the-nation(play_in_deal=sometimes)")
    with pytest.raises(UnknownOption):
        patience.load("the-nation(spaces=none)")


# ------------------------------------------------------------------------ the worked game
def test_the_worked_game_is_won_from_the_plate_with_both_redeals() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == TheNation.from_plate()
    game = record.replay()
    assert game.is_won and game.result == "won"
    assert [m.kind for m in record.moves].count("redeal") == 2


# ---------------------------------------------------------------- for the solver
def exactly(moves: list[Move]) -> list[tuple[str, list[int]]]:
    """Moves down to the packs their cards come from."""
    return [(repr(m), [c.pack for c in m.cards]) for m in moves]


@pytest.mark.parametrize("spec", ["the-nation", "the-nation(redeal_when=stuck)", "the-nation(redeal_when=any)",
                                  "the-nation(play_in_deal=may,spaces=any)", "the-nation(redeals=0)",
                                  "the-nation(play_in_deal=may,redeal_when=stuck,redeals=3)"])
def test_the_fast_legal_moves_are_the_moves_the_rules_allow(spec: str) -> None:
    import random

    for seed in (1, 2):
        game = patience.load(spec, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):  # marriages may go to and fro for ever: a random game is cut short
            legal = game.legal_moves()
            assert exactly(legal) == exactly([m for m in game.moves() if game.violation(m) is None])
            if not legal:
                break
            plays = [m for m in legal if m.kind == "move"]
            game.play(rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal))


def test_a_card_is_played_without_a_search_only_in_the_last_deal_and_when_its_twin_is_out() -> None:
    columns = {"column 1": "J♥ Q♥", "column 2": "K♥", "column 3": "10♥"}  # the king's hearts are all out
    last = TheNation.arrange(columns, counted=40, redeals_made=2)
    assert str(last.safe_move(last.legal_moves())) == "10♥ → foundation"
    assert TheNation.arrange(columns, counted=40, redeals_made=1).safe_move(last.legal_moves()) is None
    # the other Q♥ is in the tableau too: either may be the one the king's foundation wants
    twins = TheNation.arrange({"column 1": "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥", "column 2": "Q♥",
                               "column 3": "K♥"}, counted=24, redeals_made=2)
    assert [str(m) for m in twins.legal_moves()][:2] == ["Q♥ → foundation 3", "Q♥ → foundation 7"]
    assert twins.safe_move(twins.legal_moves()) is None


def test_in_the_last_deal_the_columns_are_alike_to_a_search() -> None:
    one = TheNation.arrange({"column 1": "J♥ Q♥", "column 2": "K♥"}, counted=24, redeals_made=2)
    other = TheNation.arrange({"column 2": "J♥ Q♥", "column 3": "K♥"}, counted=24, redeals_made=2)
    assert one.solver_key() == other.solver_key() and one.state_key() != other.state_key()
    early = [TheNation.arrange(cols, counted=24, redeals_made=1) for cols in
             ({"column 1": "J♥ Q♥", "column 2": "K♥"}, {"column 2": "J♥ Q♥", "column 3": "K♥"})]
    assert early[0].solver_key() != early[1].solver_key()  # a re-deal takes the columns up in order


def test_the_reductions_agree_with_a_search_without_them() -> None:
    """From positions of random games, wherever both searches finish."""
    import random

    from patience import Game
    from patience.solve import thoughtful

    plain = type("PlainNation", (TheNation,), {
        "INTERCHANGEABLE": (), "safe_move": lambda self, moves: None,
        "useful_moves": lambda self: self.legal_moves(), "solver_key": Game.state_key})
    finished = 0
    for seed in range(1, 13):
        game = patience.load("the-nation(redeals=1)", seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(100, 250)):
            legal = game.legal_moves()
            if not legal or game.is_won:
                break
            game.play(rng.choice(legal))
        reduced, full = thoughtful(game, nodes=3_000), thoughtful(plain.from_position(str(game)), nodes=3_000)
        if "unknown" not in (reduced.outcome, full.outcome):
            assert reduced.outcome == full.outcome
            finished += 1
    assert finished >= 6
