"""The Blockade: the oddities the chapter does not show — the deal card by card, refills, options, notation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Move, Record, load, render
from patience.games.the_blockade import PLACES, ROWS, TheBlockade

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-blockade.txt"


# ---------------------------------------------------------------- the deal
def test_everything_starts_in_the_pack_face_down_with_no_row_begun() -> None:
    game = load("the-blockade", seed=5)
    pack = game.piles["pack"]
    assert len(pack) == 104 and pack.face_down == 104
    assert Counter(game.cards()) == Counter(game.pack())
    assert game.counters == {"rows": 0, "dealing": 0}
    assert [str(m) for m in game.legal_moves()] == ["deal"]
    assert load("the-blockade", seed=5) == game != load("the-blockade", seed=6)


def test_a_row_is_dealt_left_to_right_from_the_top_of_the_pack() -> None:
    game = load("the-blockade", seed=5)
    first = list(reversed(game.piles["pack"].cards))[:PLACES]
    for n in range(1, PLACES + 1):
        game.play("deal")
        assert game.counters == {"rows": 1, "dealing": int(n < PLACES)}
    assert [game.piles[game.place(1, c)].top for c in range(1, PLACES + 1)] == first


def test_an_ace_played_as_it_appears_leaves_its_place_to_the_next_card() -> None:
    game = TheBlockade.arrange(["5♥ 7♣"], pack="A♦ 9♠ 3♣", dealing=True)
    game.play("deal")
    assert game.row(1)[:3] == ["5♥", "7♣", "A♦"]
    game.play("A♦ → foundation")
    assert game.row(1)[:3] == ["5♥", "7♣", "--"] and game.counters["dealing"] == 1
    game.play("deal")
    assert game.row(1)[:4] == ["5♥", "7♣", "9♠", "--"]


def test_an_ace_may_also_wait_until_the_row_is_complete() -> None:
    game = TheBlockade.arrange(["5♥ 7♣ 9♦ 8♣ 6♠ 4♥ 2♣ Q♠ K♦ J♣ 10♦"], pack="A♦ 9♠", dealing=True)
    game.play("deal")
    assert game.counters["dealing"] == 0
    assert "A♦ → foundation" in [str(m) for m in game.legal_moves()]


def test_during_the_deal_only_the_aces_of_the_row_are_played() -> None:
    # an ace of the first row is still available, with nothing dealt under it yet
    game = TheBlockade.arrange(["A♠ 3♥ 2♥", "A♥ 9♣"], pack="Q♦", dealing=True, deal_when="any")
    game.play("A♥ → foundation")
    with pytest.raises(IllegalMove, match="Deal — no card but the aces of the row .* \\(A♠\\)"):
        game.play("A♠ → foundation")
    with pytest.raises(IllegalMove, match="Deal — .* \\(2♥\\)"):
        game.play("2♥ → foundation")
    with pytest.raises(IllegalMove, match="Deal — .* \\(2♥\\)"):
        game.play("2♥ → 3♥")
    with pytest.raises(IllegalMove, match="no vacancy"):
        game.play("refill")


def test_the_pack_running_out_ends_the_deal_of_an_incomplete_row() -> None:
    spades = "K♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠"
    game = TheBlockade.arrange([spades, "A♠"], foundations="K♥ K♥ K♦ K♦ K♣ K♣ Q♠", dealing=True)
    assert [str(c) for c in game.piles["pack"]] == ["K♠"] and game.is_dealing
    with pytest.raises(IllegalMove, match="Deal — .* \\(J♠\\)"):
        game.play("J♠ → Q♠")
    game.play("deal")
    assert game.row(2)[:3] == ["A♠", "K♠", "--"]
    assert game.counters == {"rows": 2, "dealing": 0} and not game.is_dealing
    game.play("J♠ → Q♠")
    with pytest.raises(IllegalMove, match="Rows — the pack is exhausted"):
        game.play("deal")
    with pytest.raises(IllegalMove, match="Vacancies — the pack is exhausted"):
        game.play("refill")


def test_dealing_the_whole_pack_without_playing_makes_eight_rows_and_eight_cards() -> None:
    game = load("the-blockade(deal_when=any)", seed=2)
    while game.piles["pack"].cards:
        game.play("deal")
    assert game.counters == {"rows": ROWS, "dealing": 0}
    assert sum(1 for c in range(1, PLACES + 1) if game.piles[game.place(ROWS, c)].cards) == 8
    assert game.vacancies() == [game.place(ROWS, c) for c in range(9, PLACES + 1)]
    with pytest.raises(IllegalMove, match="Rows — the pack is exhausted"):
        game.play("deal")


# ---------------------------------------------------------------- rows
def test_a_row_is_dealt_only_when_nothing_can_be_played_or_married() -> None:
    game = TheBlockade.arrange(["5♥ 7♣ 9♦ J♣ 6♠ 4♦ 2♣ Q♠ K♦ 3♠ 10♠ 8♥"], foundations="A♣", pack="K♠ 9♣")
    with pytest.raises(IllegalMove, match="Rows — .* \\(2♣ can be played\\)"):
        game.play("deal")
    game.play("2♣ → foundation")
    game.play("refill")
    with pytest.raises(IllegalMove, match="Rows — .* \\(Q♠ can be married\\)"):
        game.play("deal")
    game.play("Q♠ → K♠")
    game.play("refill")
    assert game.row(1)[6:8] == ["Q♠", "9♣"]
    assert [str(m) for m in game.legal_moves()] == ["deal"]


def test_a_married_card_that_could_only_change_mates_does_not_stop_the_deal() -> None:
    game = TheBlockade.arrange(["7♥+6♥ 7♥ 9♦ 8♣ 6♠ 4♥ 2♣ Q♠ K♦ J♣ 10♠ 3♠"])
    assert [str(m) for m in game.legal_moves()] == ["6♥ → 7♥", "deal"]
    game.play("deal")
    assert game.counters == {"rows": 2, "dealing": 1}


def test_deal_when_any_still_waits_for_the_vacancies() -> None:
    game = TheBlockade.arrange(["5♥ -- 9♦"], deal_when="any")
    with pytest.raises(IllegalMove, match="Vacancies — the vacancies are refilled .* \\(row 1 place 2\\)"):
        game.play("deal")


# ---------------------------------------------------------------- vacancies
def test_the_refill_fills_higher_rows_first_then_left_to_right() -> None:
    game = TheBlockade.arrange(
        ["5♥ -- 9♦ 8♣ 6♠ 4♥ 2♣ Q♠ K♦ J♣ 10♦ 3♠", "-- -- 7♣ 8♣ 6♠ 4♥ 2♣ Q♠ K♦ J♣ 10♦ --"],
        pack="J♥ Q♥ K♥ 2♦",
    )
    assert game.vacancies() == ["row 1 place 2", "row 2 place 1", "row 2 place 2", "row 2 place 12"]
    game.play("refill")
    assert game.row(1)[1] == "J♥"
    assert game.row(2)[:2] == ["Q♥", "K♥"] and game.row(2)[11] == "2♦"
    assert not game.vacancies()





def test_a_refill_stops_when_the_pack_is_exhausted() -> None:
    game = TheBlockade.arrange(["K♦ -- K♥", "-- -- K♣"], foundations="K♠ K♠ K♥ Q♥ K♦ Q♦ K♣ 10♣")
    left = [str(c) for c in reversed(game.piles["pack"].cards)]
    assert sorted(left) == ["J♣", "Q♣"]
    game.play("refill")
    assert game.row(1)[:4] == ["K♦", left[0], "K♥", left[1]]
    assert game.row(2)[:3] == ["--", "--", "K♣"]
    assert game.vacancies()[0] == "row 1 place 5"
    with pytest.raises(IllegalMove, match="Vacancies — the pack is exhausted"):
        game.play("refill")


def test_nothing_is_moved_into_a_vacancy() -> None:
    game = TheBlockade.arrange(["5♥ -- 9♦"])
    with pytest.raises(IllegalMove, match="Vacancies — a vacancy is refilled only from the pack \\(9♦\\)"):
        game.play("9♦ → space")
    with pytest.raises(IllegalMove, match="Vacancies — a vacancy is refilled only from the pack"):
        game.play("9♦ → row 1 place 2")


def test_refill_at_once_refuses_plays_and_marriages_while_a_vacancy_is_open() -> None:
    game = TheBlockade.arrange(["A♥ 2♥ -- 9♦ 10♦"], refill="at-once")
    with pytest.raises(IllegalMove, match="the vacancies must be refilled at once \\(row 1 place 3\\)"):
        game.play("A♥ → foundation")
    with pytest.raises(IllegalMove, match="at once"):
        game.play("9♦ → 10♦")
    game.play("refill")
    game.play("A♥ → foundation")





# ---------------------------------------------------------------- Rule I and marriages
def test_a_column_is_dug_out_and_refilled_from_the_top() -> None:
    rows = [
        "A♥ 7♣ Q♦ K♠ K♠ K♣ K♣ 4♠ 4♠ 4♣ 4♣ 6♦",
        "2♥ 8♣ J♠ J♣ J♣ 6♠ 6♠ 10♣ 10♣ 2♠ 2♠ 6♦",
        "9♦ 3♥ 10♦ 7♠ 7♠ 5♣ 5♣ 9♠ 9♠ 8♦ 8♦ 4♦",
    ]
    game = TheBlockade.arrange(rows, pack="J♥ Q♥ K♥ 2♦")
    with pytest.raises(IllegalMove, match="Rule I — only the cards with no others below them .* \\(A♥\\)"):
        game.play("A♥ → foundation")
    for move in ("9♦ → 10♦", "2♥ → 3♥", "A♥ → foundation", "2♥ → foundation", "3♥ → foundation"):
        game.play(move)
    assert game.available_place(1) is None and game.available_place(2) == "row 2 place 2"
    assert game.vacancies() == ["row 1 place 1", "row 2 place 1", "row 3 place 1", "row 3 place 2"]
    game.play("refill")
    assert [game.row(r)[0] for r in (1, 2, 3)] == ["J♥", "Q♥", "K♥"] and game.row(3)[1] == "2♦"
    assert game.available_place(1) == "row 3 place 1" and game.available_place(2) == "row 3 place 2"





def test_a_married_card_moves_on_and_its_mate_is_blocked_until_then() -> None:
    game = TheBlockade.arrange(["7♥ 6♥ 2♠ 8♥"], foundations="5♥")
    game.play("6♥ → 7♥")
    assert str(game.piles["row 1 place 1"]) == "7♥ 6♥"
    with pytest.raises(IllegalMove, match="Rule I — only the cards with no others below them .* \\(7♥\\)"):
        game.play("7♥ → 8♥")
    game.play("6♥ → foundation")
    game.play("7♥ → foundation")
    game.play("8♥ → foundation")
    assert str(game.piles["foundation 1"]).endswith("6♥ 7♥ 8♥")


def test_a_marriage_onto_a_blocked_card_or_a_foundation_card() -> None:
    game = TheBlockade.arrange(["6♣ -- --", "8♥ 5♣ 2♣"], foundations="A♣")
    with pytest.raises(IllegalMove, match="Rule I — a marriage is made only on an available card \\(5♣ on 6♣\\)"):
        game.play("5♣ → 6♣")
    with pytest.raises(IllegalMove, match="Rule I — only the cards with no others below them are available \\(6♣\\)"):
        game.play("6♣ → 7♣")
    with pytest.raises(InvalidMove):
        game.play("2♣ → A♣")
    with pytest.raises(InvalidMove):
        game.play("8♥ → 9♥")


def test_moves_that_name_piles() -> None:
    game = TheBlockade.arrange(["A♥ 7♣ 8♣"])
    move = game.play("A♥ → foundation 6")
    assert str(move) == "A♥ → foundation" and move.target == "foundation 1"
    game.undo()
    game.play("7♣ → row 1 place 3")
    assert str(game.piles["row 1 place 3"]) == "8♣ 7♣"
    with pytest.raises(IllegalMove, match="Play — The Blockade has no move"):
        game.play("7♣ → pack")
    with pytest.raises(IllegalMove, match="there is no re-deal"):
        game.play("redeal")


def test_illegal_moves_built_by_hand() -> None:
    game = TheBlockade.arrange(["A♥ 7♣ 8♣"])
    ace = Card.parse("A♥")
    for move in (
        Move("move", (ace,), "pack", "foundation 1"),
        Move("move", (ace,), "foundation 1", "row 1 place 2"),
        Move("move", (Card.parse("7♣"),), "row 1 place 1", "row 1 place 3"),
        Move("move", (ace,), "row 1 place 1", "nowhere"),
        Move("turn", (), "row 1 place 1", "row 1 place 1"),
    ):
        assert game.violation(move) is not None
        with pytest.raises(IllegalMove):
            game.play(move)


# ---------------------------------------------------------------- positions, plate, records
def test_positions_round_trip_with_their_counters() -> None:
    game = load("the-blockade", seed=3)
    for _ in range(15):
        game.play(game.legal_moves()[0])
    text = str(game)
    assert text.splitlines()[0].startswith("the-blockade seed=3 rows=")
    assert TheBlockade.from_position(text) == game


def test_arrange_refuses_a_row_of_thirteen() -> None:
    with pytest.raises(InvalidPosition, match="more than 12"):
        TheBlockade.arrange(["A♥ " * 13])


def test_the_plate() -> None:
    plate = TheBlockade.from_plate()
    assert plate.row(1) == "5♥ K♣ 3♠ 7♦ J♥ 10♣ 6♦ 9♣ 7♥ 2♠ Q♣ 3♦".split()
    assert plate.counters == {"rows": 1, "dealing": 0} and len(plate.piles["pack"]) == 92
    assert not any(card.startswith("A") for card in plate.row(1))
    assert Counter(plate.cards()) == Counter(plate.pack())


def test_the_layout_draws_every_pile_and_the_diagram_only_the_rows_begun() -> None:
    game = TheBlockade.from_plate()
    assert {s.pile for s in game.layout()} == set(game.piles)
    assert len(render.text(game).splitlines()) == 2  # the foundations and the one row begun
    assert render.svg(game).startswith("<svg")


def test_a_record_with_twin_cards_round_trips() -> None:
    game = load("the-blockade", seed=4)
    for _ in range(40):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[-1])
    record = game.record()
    assert Record.from_text(record.to_text()).replay() == game


def test_the_notebook_record_is_a_won_game() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.replay()
    assert game.is_won and game.result == "won"
    assert record.start == load("the-blockade", seed=record.start.seed)


# ---------------------------------------------------------------- for the solver
def same_moves(a: list[Move], b: list[Move]) -> bool:
    """Equal lists of moves, down to the packs their cards come from."""
    return [(repr(m), [c.pack for c in m.cards]) for m in a] == [(repr(m), [c.pack for c in m.cards]) for m in b]


@pytest.mark.parametrize("spec", ["the-blockade", "the-blockade(deal_when=any)", "the-blockade(refill=at-once)",
                                  "the-blockade(deal_when=any,refill=at-once)"])
def test_the_fast_legal_moves_are_the_moves_the_rules_allow(spec: str) -> None:
    import random

    for seed in (1, 2):
        game = load(spec, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):  # marriages may go to and fro for ever: a random game is cut short
            legal = game.legal_moves()
            assert same_moves(legal, [m for m in game.moves() if game.violation(m) is None])
            if not legal:
                break
            plays = [m for m in legal if m.kind == "move"]
            game.play(rng.choice(plays) if plays and rng.random() < 0.5 else rng.choice(legal))


def test_a_card_is_founded_without_a_search_only_when_no_card_can_need_it() -> None:
    def safe(rows: list[str], pack: str = "2♠", **options: str) -> str | None:
        game = TheBlockade.arrange(rows, pack=pack, foundations="4♥ 4♥ 4♣", **options)
        move = game.safe_move(game.legal_moves())
        return None if move is None else str(move)

    married = ["6♥+5♥ 5♣ 9♦ 8♣ 6♠ 3♦ 2♣ Q♠ K♦ J♣ 10♦ 7♠"]
    assert safe(married, deal_when="any") == "5♥ → foundation"
    assert safe(married) is None  # a row is dealt only when nothing can be played: not then
    assert safe(["5♥ 5♣ 9♦ 8♣ 6♠ 3♦ 2♣ Q♠ K♦ J♣ 10♦ 7♠"], deal_when="any") is None  # a vacancy to refill
    assert safe(["6♣+5♣ 9♦ 8♣ 6♠ 3♦ 2♣ Q♠ K♦ J♣ 10♦ 7♠ 7♦"], deal_when="any") is None  # the other 4♣ is out
    ended = TheBlockade.arrange(["7♣ 5♣ 6♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣"], foundations="K♠ K♠ K♥ K♥ K♦ K♦ K♣ 4♣")
    assert not ended.piles["pack"].cards  # the pack is exhausted: 5♣ leaves a vacancy no one fills
    assert str(ended.safe_move(ended.legal_moves())) == "5♣ → foundation"


def test_the_search_key_tells_positions_apart_but_not_the_foundations() -> None:
    game = TheBlockade.arrange(["7♥ 5♣"], foundations="4♥ 2♣")
    swapped = TheBlockade.arrange(["7♥ 5♣"], foundations="2♣ 4♥")
    assert game.solver_key() == swapped.solver_key() and game.state_key() != swapped.state_key()
    game.play("refill")
    assert game.solver_key() != swapped.solver_key()


@pytest.mark.parametrize("spec", ["the-blockade", "the-blockade(deal_when=any)"])
def test_the_reductions_agree_with_a_search_without_them(spec: str) -> None:
    """Along the worked game: wherever both searches finish, they agree."""
    from patience import Game
    from patience.solve import thoughtful

    plain = type("PlainBlockade", (TheBlockade,), {
        "INTERCHANGEABLE": (), "safe_move": lambda self, moves: None, "solver_key": Game.state_key})
    text = RECORD.read_text(encoding="utf-8").replace("the-blockade", spec, 1)
    record = Record.from_text(text)
    game = record.start.copy()
    for i, move in enumerate(record.moves):
        game.play(move)
        if i >= 130 and i % 10 == 0:
            reduced, full = thoughtful(game, nodes=3_000), thoughtful(plain.from_position(str(game)), nodes=3_000)
            if "unknown" not in (reduced.outcome, full.outcome):
                assert reduced.outcome == full.outcome
