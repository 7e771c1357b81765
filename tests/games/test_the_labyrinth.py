"""The Labyrinth (Lady Cadogan, plate 025): the withdrawn foundations and Note 1, the rows of ten, cards free
at the top or the bottom, refilling in the row being dealt (Rules III and IV), the grace, the options and the
worked game."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from patience import IllegalMove, InvalidMove, Move, Record, from_position, load
from patience.cards import Card, Rank, Suit, shuffled, whist_pack
from patience.games.the_labyrinth import COLUMNS, PLATE_ROWS, ROWS, TABLEAU, TheLabyrinth, place

RECORD = Path(__file__).parents[2] / "src" / "patience" / "records" / "the-labyrinth.txt"

#: The plate's crosses, read from it: the available cards.
CROSSES = ([place(1, c) for c in (1, 2, 4, 5, 6, 10)] + [place(2, 7), place(2, 8), place(3, 3), place(3, 9)]
           + [place(9, 6), place(9, 8)] + [place(10, c) for c in (1, 4, 7, 9, 10)]
           + [place(11, c) for c in (2, 3, 5)])

FULL_ROW = "9♣ 7♦ 8♠ 9♠ 10♠ J♠ Q♠ 8♦ 9♦ 10♦"


def row_of(first: str, n: int = COLUMNS) -> str:
    """A row of ``n`` cards beginning with ``first`` and filled up from FULL_ROW."""
    cards = first.split()
    return " ".join(cards + FULL_ROW.split()[: n - len(cards)])


def test_the_foundations_are_withdrawn_and_the_first_row_dealt() -> None:
    game = load("the-labyrinth", seed=7)
    dealt = shuffled(whist_pack(2), 7)
    withdrawn = []
    for base in (Rank.ACE, Rank.KING):
        for suit in Suit:
            card = next(c for c in dealt if c.rank == base and c.suit == suit and c not in withdrawn)
            withdrawn.append(card)
    rest = list(dealt)
    for card in withdrawn:
        rest.remove(card)
    assert [game.piles[f].cards for f in game.piles_of("foundation")] == [(c,) for c in withdrawn]
    assert game.row(1) == [str(c) for c in rest[:COLUMNS]]
    pack = game.piles["pack"]
    assert len(pack) == 86 and pack.face_down == 86 and pack.top == rest[COLUMNS]
    assert game.counters == {"rows": 1, "graces": 0}
    assert Counter(game.cards()) == Counter(whist_pack(2))


def test_note_1_deals_all_104_cards_and_begins_no_foundation() -> None:
    game = load("the-labyrinth(foundations=as-they-appear)", seed=7)
    assert all(game.piles[f].is_empty for f in game.piles_of("foundation"))
    assert game.row(1) == [str(c) for c in shuffled(whist_pack(2), 7)[:COLUMNS]]
    assert len(game.piles["pack"]) == 94


@pytest.mark.parametrize(("spec", "rows", "last"), [("the-labyrinth", 10, 6),
                                                    ("the-labyrinth(foundations=as-they-appear)", 11, 4)])
def test_dealing_without_playing_makes_rows_of_ten_until_the_pack_is_exhausted(spec: str, rows: int,
                                                                               last: int) -> None:
    game = load(spec, seed=3)
    while game.piles["pack"].cards:
        game.play("deal")
    assert game.counters["rows"] == rows <= ROWS
    assert sum(card != "--" for card in game.row(rows)) == last
    with pytest.raises(IllegalMove, match="Rows — the pack is exhausted"):
        game.play("deal")


def test_a_card_is_free_at_the_top_or_the_bottom_of_its_column() -> None:
    game = TheLabyrinth.arrange(["5♥ 8♣", "-- 7♣", "6♥ 6♣", "-- 5♣", row_of("4♥")], pack="")
    free = {p: game.is_available(p) for p in (place(1, 1), place(3, 1), place(5, 1), place(2, 2), place(3, 2),
                                             place(4, 2))}
    # column 1: 6♥ has a gap above and below it, but 5♥ above and 4♥ below; column 2 is all blocked inside
    assert free == {place(1, 1): True, place(3, 1): False, place(5, 1): True, place(2, 2): False,
                    place(3, 2): False, place(4, 2): False}
    with pytest.raises(IllegalMove, match=r"Rule II — .* \(6♥ blocked by 5♥ and 4♥\)"):
        game.play("6♥ → foundation")
    loose = TheLabyrinth.arrange(["5♥ 8♣", "-- 7♣", "6♥ 6♣", "-- 5♣", row_of("4♥")], pack="",
                                 blocking="next-row")
    assert loose.is_available(place(3, 1)) and not loose.is_available(place(3, 2))


def test_the_plate_crosses_are_the_available_cards() -> None:
    plate = TheLabyrinth.from_plate()
    assert plate.options.foundations == "as-they-appear"
    assert set(plate.available()) == set(CROSSES) and len(CROSSES) == 20
    shown = [t for t in PLATE_ROWS.split() if t != "--"]
    assert len(shown) == 68 == sum(len(plate.piles[p]) for p in TABLEAU)
    assert Counter(plate.cards()) == Counter(whist_pack(2))
    assert len(plate.piles["pack"]) == 17 and plate.counters["rows"] == 11


def test_rule_iv_a_vacancy_in_the_row_being_dealt_holds_back_its_other_cards() -> None:
    game = TheLabyrinth.arrange(["2♥ 2♠ " + " ".join(FULL_ROW.split()[:8])], refill="before-play")
    game.play("2♥ → foundation")
    with pytest.raises(IllegalMove, match=r"Rule IV — each row must be completed before you can play from it "
                                          r"\(2♠; row 1 column 1 is empty\)"):
        game.play("2♠ → foundation")
    with pytest.raises(IllegalMove, match="Deal — the vacancies of the row being dealt are refilled"):
        game.play("deal")
    assert [str(m) for m in game.legal_moves()] == ["refill row 1 column 1"]
    game.play("refill")
    game.play("2♠ → foundation")


def test_the_cards_of_the_rows_above_can_be_played_while_the_last_row_has_a_vacancy() -> None:
    game = TheLabyrinth.arrange(["3♥ " + FULL_ROW[:-4], "2♥ 2♠ " + " ".join(FULL_ROW.split()[:8])])
    game.play("2♥ → foundation")
    assert game.incomplete() == place(2, 1)
    game.play("3♥ → foundation")  # row 1, free at the top (and now at the bottom)
    with pytest.raises(IllegalMove, match=r"Rule III — .* \(row 1 column 1\)"):
        game.play("refill row 1 column 1")
    assert str(game.play("refill")) == "refill row 2 column 1"
    assert game.row(1)[0] == "--"


@pytest.mark.parametrize("refill", ["before-deal", "optional"])
def test_the_refill_options(refill: str) -> None:
    game = TheLabyrinth.arrange(["2♥ 2♠ " + " ".join(FULL_ROW.split()[:8])], refill=refill)
    game.play("2♥ → foundation")
    game.play("2♠ → foundation")  # Rule IV does not hold it back
    if refill == "before-deal":
        with pytest.raises(IllegalMove, match="Deal — the vacancies"):
            game.play("deal")
        game.play("refill")
        game.play("refill")
    game.play("deal")
    assert game.counters["rows"] == 2
    if refill == "optional":
        assert game.row(1)[:2] == ["--", "--"]
        with pytest.raises(IllegalMove, match="Rule III"):
            game.play("refill row 1 column 1")


def test_refill_errors() -> None:
    game = TheLabyrinth.arrange([FULL_ROW])
    with pytest.raises(IllegalMove, match="Deal — there is no vacancy to refill"):
        game.play("refill")
    spent = load("the-labyrinth", seed=3)
    while spent.piles["pack"].cards:
        spent.play("deal")
    assert spent.row(10)[6:] == ["--"] * 4  # the pack ran out in the tenth row
    with pytest.raises(IllegalMove, match=r"Deal — the pack is exhausted \(row 10 column 7 stays empty\)"):
        spent.play("refill")
    card = spent.row(10)[0]
    with pytest.raises(IllegalMove, match=rf"Deal — vacancies are refilled from the pack \({card}\)"):
        spent.play(f"{card} → space")


def test_cards_go_only_to_the_foundations() -> None:
    game = TheLabyrinth.arrange(["8♥ 9♥ " + " ".join(FULL_ROW.split()[:8])], pack="7♦")
    with pytest.raises(IllegalMove, match=r"Deal — a card leaves the tableau only for the foundations \(8♥ on 9♥"):
        game.play("8♥ → 9♥")
    with pytest.raises(IllegalMove, match=r"Rule I — the foundations follow suit \(8♥ on A♠\)"):
        game.play("8♥ → foundation 1")
    with pytest.raises(IllegalMove, match="the kings descend in sequence to aces"):
        game.play("8♥ → foundation 6")
    with pytest.raises(IllegalMove, match="Re-deal — there is no re-deal"):
        game.play("redeal")
    with pytest.raises(InvalidMove):
        game.play("shuffle")


def test_note_1_foundations_begin_with_the_first_ace_and_king_of_each_suit() -> None:
    game = TheLabyrinth.arrange(["A♥ K♥ " + " ".join(FULL_ROW.split()[:8])], aces="-- -- -- --",
                                kings="-- -- -- --", pack="A♥ 2♥", foundations="as-they-appear")
    game.play("A♥ → foundation")
    game.play("refill")
    with pytest.raises(IllegalMove, match=r"Foundations — the foundation aces must be of different suits \(A♥\)"):
        game.play("A♥ → foundation")
    game.play("K♥ → foundation")
    assert game.piles["foundation 1"].top == Card.parse("A♥")
    assert game.piles["foundation 5"].top == Card.parse("K♥")
    game.play("refill")
    with pytest.raises(IllegalMove, match="the foundations are begun with aces and kings"):
        game.play("9♣ → foundation 2")


def test_the_second_ace_ends_the_kings_foundation() -> None:
    game = TheLabyrinth.arrange(["A♥ " + FULL_ROW[:-4]], kings="2♥", pack="")
    assert str(game.legal_moves()[0]) == "A♥ → foundation"
    game.play("A♥ → foundation")
    assert len(game.piles["foundation 6"]) == 13


def late_game() -> TheLabyrinth:
    """The hearts up to the 10♥ and down to the ace; J♥, Q♥, K♥ left, one above another."""
    return TheLabyrinth.arrange(["K♥", "J♥", "Q♥"], aces="K♠ 10♥ K♦ K♣", kings="A♠ A♥ A♦ A♣")


def test_the_grace_sets_a_card_aside_where_it_stays_available() -> None:
    game = late_game()
    assert [m.kind for m in game.legal_moves()] == ["grace"] * 3
    assert str(game.play("remove J♥")) == "grace J♥"
    assert game.piles["grace"].top == Card.parse("J♥") and game.counters["graces"] == 1
    assert [str(m) for m in game.legal_moves()] == ["J♥ → foundation"]
    for move in ("J♥ → foundation", "Q♥ → foundation", "K♥ → foundation"):
        game.play(move)
    assert game.is_won and game.result == "won"


def test_the_grace_comes_once_when_the_pack_is_exhausted_and_nothing_can_be_played() -> None:
    game = late_game()
    game.play("Q♥ → grace")
    assert game.result == "in play"
    with pytest.raises(IllegalMove, match="Grace — there is only one grace"):
        game.play("grace K♥")
    early = TheLabyrinth.arrange(["J♥", "K♥", "Q♥"], aces="K♠ 10♥ K♦ K♣", kings="A♠ A♥ A♦ A♣")
    with pytest.raises(IllegalMove, match=r"Grace — the grace comes when all available cards have been played "
                                          r"\(J♥ can be played\)"):
        early.play("grace K♥")
    fresh = load("the-labyrinth", seed=1)
    with pytest.raises(IllegalMove, match=r"Grace — the grace comes when the pack is exhausted \(86 cards"):
        fresh.play("grace 10♠")
    blocked = from_position(str(late_game()).replace("graces=0", "graces=1"))
    assert blocked.legal_moves() == [] and blocked.result == "lost"


def test_deal_when_blocked() -> None:
    game = TheLabyrinth.arrange(["2♥ " + FULL_ROW[:-4]], deal_when="blocked")
    with pytest.raises(IllegalMove, match=r"Rows — the next row is dealt only when no card can be played "
                                          r"\(2♥ can be played\)"):
        game.play("deal")


def test_the_position_text_lists_the_rows_dealt_and_round_trips() -> None:
    game = load("the-labyrinth", seed=2)
    text = str(game)
    assert "row 1 column 10:" in text and "row 2 column 1:" not in text
    assert from_position(text) == game
    game.play("deal")
    assert "row 2 column 10:" in str(game) and from_position(str(game)) == game


@pytest.mark.parametrize("spec", ["the-labyrinth", "the-labyrinth(foundations=as-they-appear)",
                                  "the-labyrinth(blocking=next-row)", "the-labyrinth(refill=optional)",
                                  "the-labyrinth(refill=before-deal,deal_when=blocked)",
                                  "the-labyrinth(foundations=as-they-appear,blocking=next-row,refill=optional,"
                                  "deal_when=blocked)"])
def test_the_fast_legal_moves_are_the_moves_the_rules_allow(spec: str) -> None:
    def exactly(moves: list[Move]) -> list[tuple[str, list[int]]]:
        return [(repr(m), [c.pack for c in m.cards]) for m in moves]

    for seed in (1, 2):
        game = load(spec, seed=seed)
        rng = random.Random(seed)
        while True:
            legal = game.legal_moves()
            assert exactly(legal) == exactly([m for m in game.moves() if game.violation(m) is None])
            if not legal:
                break
            plays = [m for m in legal if m.kind == "move"]
            game.play(rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(legal))


def test_the_worked_game_is_won_and_another_grace_loses() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.replay()
    assert game.is_won and game.result == "won"
    grace = next(i for i, m in enumerate(record.moves) if m.kind == "grace")
    assert str(record.moves[grace]) == "grace 3♦"
    before = record.start.copy()
    for move in record.moves[:grace]:
        before.play(move)
    wrong = before.copy()
    wrong.play("grace K♥")
    while wrong.legal_moves():
        wrong.play(wrong.legal_moves()[0])
    assert wrong.result == "lost"


# ---------------------------------------------------------------- for the solver
def test_a_card_is_played_without_a_search_only_when_it_can_never_spoil_a_win() -> None:
    def safe(game: TheLabyrinth) -> str | None:
        move = game.safe_move(game.legal_moves())
        return None if move is None else str(move)

    assert safe(TheLabyrinth.arrange("K♥ 5♣\n7♦ 2♠", aces="Q♥")) == "K♥ → foundation"  # the last of its foundation
    assert safe(TheLabyrinth.arrange(["7♦ 2♠", row_of("K♥")], aces="Q♥")) is None  # in the row being dealt
    assert safe(TheLabyrinth.arrange("K♥ 5♣\n7♦ 2♠", aces="Q♥", blocking="next-row")) is None
    # the J♣'s twin is on the king's foundation, but the grace is still to come
    ended = TheLabyrinth.arrange("J♣ Q♣ K♣", aces="K♠ K♥ K♦ 10♣", kings="A♠ A♥ A♦ A♣")
    assert not ended.piles["pack"].cards and safe(ended) is None
    ended.counters["graces"] = 1
    assert safe(ended) == "J♣ → foundation"


def test_the_search_key_does_not_tell_foundations_of_a_kind_apart() -> None:
    one = TheLabyrinth.arrange("5♥ 9♣", aces="3♦ --", kings="-- Q♠", foundations="as-they-appear")
    other = TheLabyrinth.arrange("5♥ 9♣", aces="-- 3♦", kings="Q♠ --", foundations="as-they-appear")
    assert one.solver_key() == other.solver_key() and one.state_key() != other.state_key()
    assert one.solver_key() == TheLabyrinth.arrange("5♥ 9♣", aces="3♦", kings="-- -- Q♠",
                                                    foundations="as-they-appear").solver_key()
    assert one.solver_key() != TheLabyrinth.arrange("5♥ 9♣", aces="2♦", kings="-- Q♠",
                                                    foundations="as-they-appear").solver_key()


def test_the_reductions_agree_with_a_search_without_them() -> None:
    """Along the worked game, where a win is near enough for both searches to finish."""
    from patience import Game
    from patience.solve import thoughtful

    plain = type("PlainLabyrinth", (TheLabyrinth,), {
        "INTERCHANGEABLE": (), "safe_move": lambda self, moves: None, "solver_key": Game.state_key})
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.start.copy()
    for i, move in enumerate(record.moves):
        game.play(move)
        if i >= 104 and i % 4 == 0:
            reduced, full = thoughtful(game, nodes=3_000), thoughtful(plain.from_position(str(game)), nodes=3_000)
            assert reduced.outcome == full.outcome == "won" and reduced.nodes <= full.nodes


@pytest.mark.parametrize("refill", ["optional", "before-deal", "before-play"])
def test_random_play_never_makes_an_inconsistent_position(refill: str) -> None:
    for seed in range(1, 6):
        game, rng = TheLabyrinth.deal(seed=seed, refill=refill), random.Random(seed)
        while game.legal_moves():
            assert game.inconsistencies() == []
            game.play(rng.choice(game.legal_moves()))
        assert game.inconsistencies() == []


def test_the_default_admits_the_plates_gap_and_the_stricter_readings_do_not() -> None:
    assert TheLabyrinth().options.refill == "optional"
    gap = "row 10 column 2 is empty over the card of row 11"
    assert not any(f.startswith(gap) for f in TheLabyrinth.from_plate().inconsistencies())
    for refill in ("before-deal", "before-play"):
        assert any(f.startswith(gap) for f in TheLabyrinth.from_plate(refill=refill).inconsistencies())
