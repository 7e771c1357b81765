"""Babette (Lady Cadogan, plate 022): the rows of the garden, vacancies, blocking, the two kinds of
foundation, the take-up for the re-deal, the options and the worked game."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from patience import IllegalMove, InvalidMove, Move, Record, load, render
from patience.cards import Card, shuffled, whist_pack
from patience.games.babette import COLUMNS, DEAL, GARDEN, PLATE_GARDEN, ROWS, Babette, place

RECORD = Path(__file__).parents[2] / "src" / "patience" / "records" / "babette.txt"


def row(game: Babette, r: int) -> list[str]:
    return [str(game.piles[place(r, c)].top or "--") for c in range(1, COLUMNS + 1)]


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_the_deal_is_a_row_of_eight_and_the_pack_face_down() -> None:
    game = load("babette", seed=7)
    dealt = shuffled(whist_pack(2), 7)
    assert row(game, 1) == [str(c) for c in dealt[:8]]
    stock = game.piles["stock"]
    assert len(stock) == 96 and stock.face_down == 96 and stock.top == dealt[8]
    assert game.counters == {"redeals": 0, "rows": 1}
    assert all(game.piles[p].is_empty for p in GARDEN[COLUMNS:])
    assert Counter(game.cards()) == Counter(whist_pack(2))


def test_the_pack_makes_thirteen_rows_then_the_deal_is_refused() -> None:
    game = load("babette(deal_when=any)", seed=7)
    for n in range(2, ROWS + 1):
        game.play("deal")
        assert game.counters["rows"] == n
    assert game.piles["stock"].is_empty and all(game.piles[p].cards for p in GARDEN)
    with pytest.raises(IllegalMove, match="Rows — the pack is exhausted"):
        game.play("deal")


def test_a_new_row_goes_in_its_own_line_and_vacancies_stay_empty() -> None:
    game = Babette.arrange("5♥ A♠ 7♣ 8♣ 9♣ 10♣ J♣ Q♣\n6♥ -- 2♦ 3♦ 4♦ 5♦ 6♦ 7♦",
                           stock="8♦ 9♦ 10♦ J♦ Q♦ K♦ 2♣ 3♣")
    game.play("A♠ → foundation")
    assert row(game, 1)[1] == "--"
    game.play("deal")
    assert row(game, 2)[1] == "--" and row(game, 3) == ["8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "2♣", "3♣"]
    with pytest.raises(IllegalMove, match="Rule II — vacancies in the garden are not to be refilled"):
        game.play("3♣ → space")
    with pytest.raises(IllegalMove, match="Rule II"):
        game.play("3♣ → row 1 column 2")
    with pytest.raises(IllegalMove, match="only to the foundations"):
        game.play("2♣ → 3♣")


def test_a_card_is_released_only_when_every_card_below_it_in_its_column_is_gone() -> None:
    game = Babette.arrange("A♥ 9♠\n--  9♠\n--  --\n--  2♥", aces="--", kings="")
    assert game.available() == [place(1, 1), place(4, 2)]
    game.play("A♥ → foundation")
    with pytest.raises(IllegalMove, match=r"Rule III — .* \(9♠ blocked by 9♠\)"):
        game.play("9♠ → foundation")
    game.play("2♥ → foundation")
    assert game.available() == [place(2, 2)]


def test_with_next_row_blocking_a_vacancy_releases_the_card_above_it() -> None:
    text = "J♣ 9♠\n-- 9♠\n-- --\nK♣ 2♥"
    column = Babette.arrange(text)
    assert column.available() == [place(4, 1), place(4, 2)]
    next_row = Babette.arrange(text, blocking="next-row")
    assert next_row.available() == [place(1, 1), place(2, 2), place(4, 1), place(4, 2)]


def test_the_aces_and_the_kings_are_each_of_four_different_suits() -> None:
    game = Babette.arrange("A♥ A♥ K♣ K♣ A♣ 2♥", aces="", kings="")
    game.play("A♥ → foundation")
    with pytest.raises(IllegalMove, match="the foundation aces must be of different suits"):
        game.play("A♥ → foundation")
    game.play("K♣ → foundation")
    with pytest.raises(IllegalMove, match="the foundation kings must be of different suits"):
        game.play("K♣ → foundation")
    game.play("A♣ → foundation")
    assert [str(game.piles[f].top or "--") for f in game.piles_of("foundation")] == [
        "A♥", "A♣", "--", "--", "K♣", "--", "--", "--"]


def test_the_second_king_ends_an_ace_foundation_and_the_second_ace_a_king_foundation() -> None:
    game = Babette.arrange("K♥ A♠", aces="Q♥ 5♠", kings="K♥ 2♠")
    assert [str(m) for m in game.legal_moves()][:2] == ["K♥ → foundation", "A♠ → foundation"]
    game.play("K♥ → foundation")
    game.play("A♠ → foundation")
    assert game.piles["foundation 1"].top == Card.parse("K♥") and len(game.piles["foundation 6"]) == 13


def test_a_card_two_foundations_take_is_played_to_a_named_foundation() -> None:
    game = Babette.arrange("7♥ 7♠", aces="6♥", kings="8♥")
    assert [str(m) for m in game.legal_moves()] == ["7♥ → foundation 1", "7♥ → foundation 5", "deal"]
    with pytest.raises(IllegalMove, match="Foundations — the foundations are begun with aces and kings"):
        game.play("7♥ → foundation 2")
    with pytest.raises(IllegalMove, match="Rule I — the foundations follow suit"):
        game.play("7♠ → foundation 1")
    assert game.play("7♥ → foundation 5").target == "foundation 5"


def test_the_take_up_deals_the_last_column_first_each_from_its_first_row() -> None:
    garden = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠\n9♠ -- 10♠ -- -- -- -- J♠\nA♥ 2♥"
    game = Babette.arrange(garden, stock="")
    assert game.take_up() == cards("8♠ J♠ 7♠ 6♠ 5♠ 4♠ 3♠ 10♠ 2♠ 2♥ A♠ 9♠ A♥")
    other = Babette.arrange(garden, stock="", pile_order="reversed")
    assert other.take_up() == cards("J♠ 8♠ 7♠ 6♠ 5♠ 4♠ 10♠ 3♠ 2♥ 2♠ A♥ 9♠ A♠")


def test_each_row_comes_out_reversed_in_the_next_deal() -> None:
    game = load("babette", seed=5)
    while game.piles["stock"].cards:
        game.play("deal")
    order = game.take_up()
    for r in range(1, ROWS + 1):
        cards_of_row = [game.piles[place(r, c)].top for c in range(1, COLUMNS + 1)]
        at = [next(i for i, x in enumerate(order) if x is card) for card in cards_of_row]
        assert at == sorted(at, reverse=True)
    assert order[:ROWS] == [game.piles[place(r, COLUMNS)].top for r in range(1, ROWS + 1)]


def _blocked_end(first: str = "K♥ 10♣ 4♣ J♣ 2♣ A♣", second: str = "Q♣ K♣ 3♣", **options: object) -> Babette:
    """A laid-out garden of nine cards that is blocked; all the others are on the foundations."""
    return Babette.arrange(f"{first}\n{second}", aces="K♠ Q♥ 9♣ K♦", kings="A♠ A♥ 5♣ A♦", stock="",
                           **options)


def test_the_re_deal_waits_for_the_garden_and_for_a_block_and_is_made_twice_at_most() -> None:
    game = _blocked_end()
    assert len(game.piles["stock"]) == 0 and [str(m) for m in game.legal_moves()] == ["redeal"]
    assert game.take_up() == cards("A♣ 2♣ J♣ 4♣ 3♣ 10♣ K♣ K♥ Q♣")
    game.play("redeal")
    assert game.counters == {"redeals": 1, "rows": 1}
    assert row(game, 1) == ["A♣", "2♣", "J♣", "4♣", "3♣", "10♣", "K♣", "K♥"]
    assert [str(c) for c in game.piles["stock"]] == ["Q♣"]
    with pytest.raises(IllegalMove, match="taken up only when it is laid out"):
        game.play("redeal")
    spent = Babette.from_position(str(_blocked_end()).replace("redeals=0", "redeals=2"))
    with pytest.raises(IllegalMove, match="the garden may be taken up only twice"):
        spent.play("redeal")
    none = Babette.from_position(str(_blocked_end()).replace("babette ", "babette(redeals=0) ", 1))
    with pytest.raises(IllegalMove, match="this game has no re-deals"):
        none.play("redeal")


def test_the_redeal_waits_until_no_card_can_be_played_unless_the_option_says_any() -> None:
    swapped = ("Q♣ 10♣ 4♣ J♣ 2♣ A♣", "K♥ K♣ 3♣")
    game = _blocked_end(*swapped)
    with pytest.raises(IllegalMove, match=r"all available cards have been played \(K♥ can be played\)"):
        game.play("redeal")
    anytime = _blocked_end(*swapped, redeal_when="any")
    anytime.play("redeal")
    assert row(anytime, 1) == ["A♣", "2♣", "J♣", "4♣", "3♣", "10♣", "K♣", "Q♣"]


def test_deal_when_blocked_plays_out_before_the_next_row() -> None:
    game = load("babette(deal_when=blocked)", seed=1)
    assert "K♠ → foundation" in [str(m) for m in game.legal_moves()]
    with pytest.raises(IllegalMove, match=r"Rows — the next row is dealt only when no card can be played"):
        game.play("deal")
    load("babette", seed=1).play("deal")


def test_cards_not_in_the_garden_are_refused_for_what_they_are() -> None:
    game = Babette.from_plate()
    with pytest.raises(IllegalMove, match="Rows — the card has not been dealt yet"):
        game.play("A♠ → foundation")
    with pytest.raises(IllegalMove, match="Rows — the card has not been dealt yet"):
        game.play("2♦ → foundation")  # one 2♦ is on its foundation, the other still in the pack
    with pytest.raises(IllegalMove, match="Foundations — a card played to a foundation stays there"):
        _blocked_end().play("7♠ → foundation")
    with pytest.raises(InvalidMove):
        game.play("Z♠ → foundation")


def test_the_plate_shows_a_king_foundation_at_the_queen_and_an_ace_foundation_at_the_three() -> None:
    game = Babette.from_plate()
    assert str(game.piles["foundation 7"]) == "K♠ Q♠" and str(game.piles["foundation 2"]) == "A♦ 2♦ 3♦"
    assert game.counters == {"redeals": 0, "rows": 4}
    assert [row(game, r) for r in range(1, 5)] == [line.split() for line in PLATE_GARDEN.splitlines()]
    assert sum(1 for p in GARDEN[:32] if game.piles[p].is_empty) == 8
    assert [str(m) for m in game.legal_moves()] == ["deal"]


def test_the_position_text_leaves_out_the_rows_to_come_and_round_trips() -> None:
    game = load("babette", seed=3)
    text = str(game)
    assert "row 1 column 8:" in text and "row 2 column 1" not in text
    assert Babette.from_position(text) == game
    game.play("deal")
    assert "row 2 column 8:" in str(game) and Babette.from_position(str(game)) == game


def test_a_hand_written_position_without_its_row_count_deals_below_its_cards() -> None:
    game = Babette.from_position(str(Babette.from_plate()).replace(" rows=4", ""))
    assert game.rows_dealt() == 4
    game.play("deal")
    assert game.counters["rows"] == 5 and row(game, 5)[0] == "Q♠"


def test_the_diagram_shows_the_rows_dealt() -> None:
    lines = render.text(Babette.from_plate()).splitlines()
    assert len(lines) == 5 and lines[4].split() == PLATE_GARDEN.splitlines()[3].split()


@pytest.mark.parametrize("spec", ["babette", "babette(blocking=next-row)", "babette(deal_when=blocked)",
                                  "babette(redeal_when=any,redeals=1)", "babette(redeals=0)",
                                  "babette(blocking=next-row,deal_when=blocked,redeal_when=any,redeals=3)",
                                  "babette(pile_order=reversed)"])
def test_legal_moves_are_the_candidates_the_rules_allow(spec: str) -> None:
    def exactly(moves: list[Move]) -> list[tuple[str, list[int]]]:
        return [(repr(m), [c.pack for c in m.cards]) for m in moves]

    for seed in range(1, 4):
        game = load(spec, seed=seed)
        rng = random.Random(seed)
        while True:
            legal = game.legal_moves()
            assert exactly(legal) == exactly([m for m in game.moves() if game.violation(m) is None])
            if not legal:
                break
            game.play(rng.choice(legal))


def test_the_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.replay()
    assert game.is_won and game.result == "won" and game.counters["redeals"] == 2
    assert record.start == load("babette", seed=record.start.seed)


# ---------------------------------------------------------------- for the solver
def test_a_card_is_played_without_a_search_only_when_it_can_never_spoil_a_win() -> None:
    def safe(game: Babette) -> str | None:
        move = game.safe_move(game.legal_moves())
        return None if move is None else str(move)

    # the other 8♥ is on the king's foundation: this one can only go up on the ace's
    game = Babette.arrange("8♥ 5♣", aces="7♥ 4♣", kings="8♥")
    assert safe(game) is None  # a re-deal is still to come, and takes up the garden as it lies
    game.counters["redeals"] = 2
    assert safe(game) == "8♥ → foundation"
    twin_to_come = Babette.arrange("5♣ 9♦", aces="7♥ 4♣", kings="8♥")  # the other 5♣ is in the stock
    twin_to_come.counters["redeals"] = 2
    assert [str(m) for m in twin_to_come.legal_moves()] == ["5♣ → foundation", "deal"]
    assert safe(twin_to_come) is None
    blocked = Babette.arrange("8♥ 5♣", aces="7♥ 4♣", kings="8♥", deal_when="blocked")
    blocked.counters["redeals"] = 2
    assert safe(blocked) is None  # playing it could keep back a row the winning line deals


def test_a_card_played_just_after_a_deal_that_could_have_been_played_before_it() -> None:
    # the last three cards of the stock make a short row: the 5♣ of the first row stays free
    game = Babette.arrange("2♣ -- -- 5♣", aces="K♠ K♥ K♦ K♣", kings="A♠ A♥ A♦ 6♣", stock="4♣ 3♣ A♣")
    game.play("deal")
    [move] = game.legal_moves()
    assert str(move) == "5♣ → foundation" and game.independent(DEAL, move)
    game.play(move)
    assert [str(m) for m in game.legal_moves()] == ["4♣ → foundation"]
    assert not game.independent(DEAL, game.legal_moves()[0])


def test_the_search_key_does_not_tell_foundations_of_a_kind_apart() -> None:
    one, other = Babette.arrange("5♥ 9♣", aces="3♦ --"), Babette.arrange("5♥ 9♣", aces="-- 3♦")
    assert one.solver_key() == other.solver_key() and one.state_key() != other.state_key()
    assert one.solver_key() != Babette.arrange("5♥ 9♣", kings="-- 3♦").solver_key()


def test_the_reductions_agree_with_a_search_without_them() -> None:
    """Along the worked game's last deal, where a win is near enough for both searches to finish."""
    from patience import Game
    from patience.solve import thoughtful

    plain = type("PlainBabette", (Babette,), {
        "INTERCHANGEABLE": (), "safe_move": lambda self, moves: None,
        "independent": lambda self, pack_move, move: False, "solver_key": Game.state_key})
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.start.copy()
    for i, move in enumerate(record.moves):
        game.play(move)
        if i >= 90 and i % 6 == 0:
            reduced, full = thoughtful(game, nodes=3_000), thoughtful(plain.from_position(str(game)), nodes=3_000)
            assert reduced.outcome == full.outcome == "won" and reduced.nodes <= full.nodes
