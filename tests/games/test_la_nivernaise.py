"""La Nivernaise: the oddities the chapter does not show (the deal, Rule II as the vacancies change, the
packets replaced and the short last round, the re-deal, the options, the solver's hooks, bad input, the
recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import InvalidMove, InvalidPosition, Record, load, render
from patience.game import Move, Pile
from patience.games.la_nivernaise import FLANKS, FOUNDATIONS, LINE, LaNivernaise
from patience.solve import beam, thoughtful

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "la-nivernaise.txt"


def shown(game: LaNivernaise, name: str) -> int:
    pile = game.piles[name]
    return len(pile) - pile.face_down


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 13])
def test_the_flanks_the_line_and_the_pack(seed: int) -> None:
    game = LaNivernaise.deal(seed)
    assert all(len(game.piles[f]) == 1 for f in FLANKS)
    assert all(len(game.piles[p]) == 4 and shown(game, p) == 1 for p in LINE)
    assert all(game.piles[f].is_empty for f in FOUNDATIONS)
    assert len(game.piles["pack"]) == 72 and game.piles["pack"].face_down == 72
    assert Counter(game.cards()) == Counter(game.pack())
    order = game.shuffle(game.pack())
    assert [game.piles[f].top for f in FLANKS] == order[:8]
    assert game.piles["line 1"].cards == tuple(order[8:12]) and game.piles["pack"].top == order[32]


def test_from_cards_checks_its_cards() -> None:
    with pytest.raises(InvalidPosition, match="give 8 cards"):
        LaNivernaise.from_cards("2♦ 5♠", "2♦ 5♣ 9♦ 3♥ 4♠ 3♦")
    with pytest.raises(InvalidPosition, match="too many A♥"):
        LaNivernaise.from_cards("A♥ A♥ A♥ 3♣ K♣ A♦ 8♣ 6♠", "2♦ 5♣ 9♦ 3♥ 4♠ 3♦")
    plate = LaNivernaise.from_plate()
    assert [str(plate.piles[f]) for f in FLANKS] == "2♦ 5♠ 9♥ 3♣ K♣ A♦ 8♣ 6♠".split()
    assert [str(plate.piles[p].top) for p in LINE] == "2♦ 5♣ 9♦ 3♥ 4♠ 3♦".split()


# ------------------------------------------------------------------------ Rule II
def test_what_may_be_examined_follows_the_vacancies() -> None:
    game = LaNivernaise.from_plate()
    assert [shown(game, p) for p in LINE] == [1] * 6
    game.play("K♣ → foundation")
    assert [shown(game, p) for p in LINE] == [2] * 6
    game.play("A♦ → foundation")
    assert [shown(game, p) for p in LINE] == [3] * 6
    game.play("4♠ → flank 5")  # a vacancy filled: one card fewer may be seen
    assert [shown(game, p) for p in LINE] == [2, 2, 2, 2, 2, 2]
    game.undo()
    assert [shown(game, p) for p in LINE] == [3] * 6
    counted = LaNivernaise.from_plate(examine="count")
    counted.play("K♣ → foundation")
    assert [shown(counted, p) for p in LINE] == [1] * 6
    assert counted.inconsistencies() == []


# ------------------------------------------------------------------------ the Line
def test_a_packet_played_off_is_replaced_by_four_cards() -> None:
    game = LaNivernaise.from_plate()
    for move in ("K♣ → foundation", "A♦ → foundation", "2♦ → foundation", "3♦ → foundation",
                 "A♥ → foundation", "10♥ → flank 1"):
        game.play(move)
    nxt = [game.piles["pack"].cards[-i] for i in range(1, 5)]
    game.play("J♣ → flank 5")
    assert game.piles["line 6"].cards == tuple(nxt) and len(game.piles["pack"]) == 68
    assert game.inconsistencies() == []


def test_the_last_round_is_short_and_an_empty_packet_stays_when_the_pack_is_out() -> None:
    game = LaNivernaise.deal(2)
    game.piles["pack"] = Pile(game.piles["pack"].cards[-10:], 10)  # ten cards left to deal
    game.play("deal")
    assert [len(game.piles[p]) for p in LINE] == [8, 8, 6, 4, 4, 4]
    assert game.piles["pack"].is_empty and "deal" not in [str(m) for m in game.legal_moves()]
    assert str(game.violation(Move("deal", (), "pack", None, "deal"))) == "Deal — all the cards are dealt out"


def test_the_redeal_takes_up_the_line_from_the_left() -> None:
    game = LaNivernaise.deal(3)
    while game.piles["pack"].cards:
        game.play("deal")
    taken = [c for p in LINE for c in game.piles[p].cards]
    flanks = [game.piles[f] for f in FLANKS]
    game.play("redeal")
    assert [game.piles[p].cards for p in LINE] == [tuple(taken[4 * i:4 * i + 4]) for i in range(6)]
    assert list(reversed(game.piles["pack"].cards)) == taken[24:]
    assert [game.piles[f] for f in FLANKS] == flanks and game.counters["redeals"] == 1
    assert game.inconsistencies() == []
    assert str(refused(game, "redeal")) == "Re-deal — there is only one re-deal"


def test_no_redeal_without_a_line() -> None:
    game = LaNivernaise.deal(3)
    game.piles["pack"] = Pile()
    for name in LINE:
        game.piles[name] = Pile()
    assert str(game.violation(Move("redeal", (), None, "pack", "redeal"))) == "Re-deal — there is no Line to take up"


# ------------------------------------------------------------------------ the Flanks
def test_fill_from_the_pack_and_keep_vacancy() -> None:
    game = LaNivernaise.from_plate()
    game.play("K♣ → foundation")
    top = game.piles["pack"].top
    assert game.play("pack → vacancy").target == "flank 5"
    assert game.piles["flank 5"].cards == (top,) and game.piles["flank 5"].face_down == 0
    careful = LaNivernaise.from_plate(keep_vacancy=True)
    careful.play("K♣ → foundation")
    assert "one vacancy at least" in str(refused(careful, "pack → flank 5"))
    assert "one vacancy at least" in str(refused(careful, "4♠ → flank 5"))
    assert not [m for m in careful.legal_moves() if m.target in FLANKS]


def test_only_the_first_vacancy_is_searched() -> None:
    game = LaNivernaise.from_plate()
    game.play("K♣ → foundation")
    game.play("A♦ → foundation")
    legal = [m for m in game.legal_moves() if m.target in FLANKS]
    useful = [m for m in game.useful_moves() if m.target in FLANKS]
    assert {m.target for m in legal} == {"flank 5", "flank 6"}
    assert {m.target for m in useful} == {"flank 5"} and len(useful) == len(legal) // 2


def test_flank_places_and_foundations_are_alike_for_the_solver() -> None:
    game = LaNivernaise.from_plate()
    twin = LaNivernaise.from_position(str(game).replace("flank 1:", "flank X:").replace("flank 2:", "flank 1:")
                                      .replace("flank X:", "flank 2:"))
    assert twin.solver_key() == game.solver_key() and twin.state_key() != game.state_key()


# ------------------------------------------------------------------------ safe moves
def test_safe_moves() -> None:
    game = LaNivernaise.from_plate()
    safe = game.safe_move(game.useful_moves())
    assert safe is not None and safe.source == "flank 5"
    # the last card of a packet, while the pack lasts, is not safe: four new cards come
    lone = LaNivernaise.arrange({"line 1": "A♥", "line 2": "[9♠] 4♣", "line 3": "[9♠] 4♣", "line 4": "5♣",
                                 "line 5": "6♣", "line 6": "7♣", **{f: c for f, c in zip(
                                     FLANKS, "2♦ 5♠ 9♥ 3♣ 8♣ 6♠ 10♦ J♦".split())}}, rest="pack")
    assert lone.inconsistencies() == []
    assert [str(m) for m in lone.legal_moves()] == ["A♥ → foundation", "deal"]
    assert lone.safe_move(lone.useful_moves()) is None
    # a card over another in a packet is not safe while the Line's re-deal is to come: every card left
    # in the Line moves the cards taken up after it into other packets of the re-deal
    kept = LaNivernaise.arrange({"line 1": "[3♠] A♥", "line 2": "[9♠] 4♣", "line 3": "[9♠] 4♣", "line 4": "5♣",
                                 "line 5": "6♣", "line 6": "7♣", **{f: c for f, c in zip(
                                     FLANKS, "2♦ 5♠ 9♥ 3♣ 8♣ 6♠ 10♦ J♦".split())}}, rest="pack")
    assert kept.safe_move(kept.useful_moves()) is None
    kept.counters["redeals"] = 1
    assert str(kept.safe_move(kept.useful_moves())) == "A♥ → foundation"


def test_a_deal_won_by_keeping_a_card_in_the_line_is_not_proved_lost() -> None:
    """Deal 69: a beam wins it, its line leaving the J♦ in the Line past the point where the search
    once played it up as safe and then proved the deal lost."""
    won = beam(load("la-nivernaise", seed=69), width=100, nodes=200_000)
    assert won.outcome == "won" and won.record.replay().result == "won"
    assert thoughtful(load("la-nivernaise", seed=69), nodes=2_000).outcome != "lost"


# ------------------------------------------------------------------------ invariants and bad input
def test_inconsistencies_name_what_no_game_reaches() -> None:
    game = LaNivernaise.deal(4)
    game.piles["flank 1"], game.piles["pack"] = Pile(), game.piles["pack"].added(game.piles["flank 1"].cards,
                                                                                 face_up=False)
    assert game.inconsistencies() == ["Rule II: line 1 shows 1 card, but 2 may be examined (and 5 more)"]
    wrong = LaNivernaise.deal(4)
    wrong.piles["foundation 1"], wrong.piles["flank 1"] = Pile.of("K♥"), Pile()
    assert "a foundation begins with the wrong card: foundation 1 begins with K♥" in wrong.inconsistencies()
    empty = LaNivernaise.deal(4)
    empty.piles["flank 1"] = Pile(empty.piles["flank 1"].cards + empty.piles["line 1"].cards)
    empty.piles["line 1"] = Pile()
    assert "line 1 is empty while the pack holds cards" in empty.inconsistencies()


def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = LaNivernaise.from_plate()
    refused(game, "9♥ → foundation 5")
    refused(game, "ZZ → foundation", InvalidMove)
    assert "single cards are not" in str(game.violation(Move("move", (game.piles["line 2"].top,), "line 2",
                                                              "line 1", "5♣ → line 1")))
    with pytest.raises(InvalidPosition):
        LaNivernaise.from_position("la-nivernaise seed=1\nline 7: 2♦")
    with pytest.raises(InvalidPosition):
        LaNivernaise.from_position(str(game).replace("flank 1: 2♦", "flank 1: 2♦ 2♦"))
    with pytest.raises(TypeError):
        game.play(None)  # type: ignore[arg-type]


def test_layout_draws_every_pile() -> None:
    game = LaNivernaise.from_plate()
    assert {spot.pile for spot in game.layout()} == set(game.piles)
    assert "<svg" in render.svg(game)


# ------------------------------------------------------------------------ the worked game
def test_the_recorded_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("la-nivernaise", seed=72)
    end = record.replay()
    assert end.is_won and end.result == "won" and end.inconsistencies() == []
    assert sum(m.kind == "move" and m.source in FOUNDATIONS for m in record.moves) > 0  # exchanges
