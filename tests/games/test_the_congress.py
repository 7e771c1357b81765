"""The Congress: the oddities the chapter does not show (the deal and its refilling order, the helps
increased to eight, the options, bad input, the text diagram and layout, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load
from patience.game import Pile
from patience.games.the_congress import ACE_SUITS, FOUNDATIONS, HELPS, RIVERS, TheCongress

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-congress.txt"


def late(**options: object) -> TheCongress:
    """The pack exhausted: every card on the foundations but a few, in the rivers and one help."""
    spec = "the-congress" + (f"({','.join(f'{k}={v}' for k, v in options.items())})" if options else "")
    heights = {"♥": 10, "♦": 13, "♠": 13, "♣": 11}
    lines = [f"{spec} seed=0 rows=11"]
    for i, name in enumerate(FOUNDATIONS):
        suit = ACE_SUITS[i // 2].value
        top = heights[suit] if i % 2 == 0 else 13
        ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][:top]
        lines.append(f"{name}: " + " ".join(r + suit for r in ranks))
    lines += ["river 1: J♥ K♣", "river 2: Q♥", "river 3: Q♣", "help 1: K♥"]
    return TheCongress.from_position("\n".join(lines))  # type: ignore[return-value]


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 42])
def test_aces_withdrawn_four_helps_and_a_first_row(seed: int) -> None:
    game = TheCongress.deal(seed)
    for i, name in enumerate(FOUNDATIONS):
        assert str(game.piles[name]) == f"A{ACE_SUITS[i // 2].value}"
    assert [len(game.piles[h]) for h in HELPS] == [1, 1, 1, 1, 0, 0, 0, 0]
    assert [len(game.piles[r]) for r in RIVERS] == [1] * 8 and game.counters["rows"] == 1
    assert len(game.piles["pack"]) == 84 and game.piles["pack"].face_down == 84
    assert Counter(game.cards()) == Counter(game.pack())


def test_a_row_is_dealt_whole_and_only_when_no_vacancy_waits() -> None:
    game = TheCongress.deal(1)
    next_eight = list(reversed(game.piles["pack"].cards))[:8]
    game.play("deal")
    assert [game.piles[r].top for r in RIVERS] == next_eight and game.counters["rows"] == 2
    assert refused(game, "fill").rule == "Deal"
    played = next(m for m in game.legal_moves() if m.kind == "move" and m.source in RIVERS)
    game.play(played)
    assert "refilled" in str(refused(game, "deal"))
    assert game.legal_moves()[0].kind == "fill"


def test_vacancies_are_refilled_uppermost_rows_first() -> None:
    for refill in ("rivers", "helps"):
        game = TheCongress.deal(1, refill=refill)
        game.play("deal")
        game.play("deal")
        # river 5 emptied down to its first row, river 2 down to its second, help 3 played off
        game.piles["river 5"], game.piles["river 2"] = Pile(), game.piles["river 2"].without(1)
        game.piles["help 3"] = Pile()
        rivers = ["river 5", "river 5", "river 2", "river 5"]
        assert game.vacancies() == (rivers + ["help 3"] if refill == "rivers" else ["help 3"] + rivers)


def test_fill_takes_the_cards_in_order_and_stops_when_the_pack_runs_out() -> None:
    game = TheCongress.deal(2)
    game.piles["river 4"] = Pile()
    coming = list(reversed(game.piles["pack"].cards))[:1]
    game.play("fill")
    assert list(game.piles["river 4"].cards) == coming


def test_the_last_row_is_short_when_the_pack_runs_out() -> None:
    game = TheCongress.deal(3)
    while game.dealing:
        game.play("fill" if game.vacancies() else "deal")
    assert game.counters["rows"] == 12
    assert [len(game.piles[r]) for r in RIVERS] == [12, 12, 12, 12, 11, 11, 11, 11]
    assert refused(game, "deal").reason == "the pack is exhausted"
    assert not game.inconsistencies()


# --------------------------------------------------------- after the pack is exhausted
def test_the_helps_grow_to_eight_from_the_rivers_only() -> None:
    game = late()
    assert game.helps() == HELPS
    game.play("K♣ → help 5")  # a card from the rivers begins a new packet
    assert game.piles["help 5"].top.text == "K♣"
    problem = refused(game, "K♥ → help 6")  # a help card may not begin one
    assert problem.rule == "Helps"
    game.play("Q♥ → K♥")  # Rule II: from the rivers onto a help
    assert str(game.piles["help 1"]) == "K♥ Q♥"
    assert refused(game, "K♥ → foundation").rule == "IV"  # covered by the Q♥ married on it
    game.play("J♥ → Q♥")
    assert str(game.piles["help 1"]) == "K♥ Q♥ J♥" and game.piles["river 1"].is_empty


def test_help_spaces_any_lets_a_help_card_begin_a_packet() -> None:
    game = late(help_spaces="any")
    game.play("K♥ → help 6")
    assert game.piles["help 6"].top.text == "K♥"


def test_the_helps_may_not_grow_during_the_deal() -> None:
    game = TheCongress.from_plate()
    assert refused(game, "7♣ → help 5").rule == "Helps"
    game.piles["help 2"] = Pile()
    assert "refilled from the pack" in str(refused(game, "7♣ → help 2"))


def test_a_late_game_is_won() -> None:
    game = late()
    for move in ("Q♣ → foundation", "K♣ → foundation", "J♥ → foundation", "Q♥ → foundation",
                 "K♥ → foundation"):
        game.play(move)
    assert game.is_won and game.result == "won"


# ------------------------------------------------------------------------ bad input
@pytest.mark.parametrize("text", [
    "the-congress seed=1 rows=3\nriver 9: 2♥",
    "the-congress seed=1\nfoundation 1: A♥ A♥",
    "the-congress seed=1 turns=2",
    "the-kings seed=1",
])
def test_malformed_positions_are_refused(text: str) -> None:
    with pytest.raises(InvalidPosition):
        TheCongress.from_position(text)


def test_bad_moves_leave_the_game_as_it_was() -> None:
    game = TheCongress.from_plate()
    for text in ("7♣ → 8♦ → 9", "Z♣ → foundation", "A♥ → 2♥"):
        refused(game, text, (InvalidMove, IllegalMove))
    refused(game, None, TypeError)
    assert refused(game, "redeal").rule == "Re-deal"
    assert refused(game, "6♥ → foundation").rule == "V"  # a card covered by the next row


def test_inconsistencies_are_found() -> None:
    game = TheCongress.from_plate()
    game.piles["river 1"] = game.piles["river 1"].added(game.piles["help 1"].cards)
    game.piles["help 1"] = Pile()
    assert any("holds 4 cards" in f for f in game.inconsistencies())
    game = TheCongress.from_plate()
    game.piles["foundation 1"], game.piles["foundation 3"] = game.piles["foundation 3"], game.piles["foundation 1"]
    assert any("ace of hearts" in f for f in game.inconsistencies())


# ------------------------------------------------------------------ pictures and record
def test_table_and_layout() -> None:
    game = TheCongress.from_plate()
    assert game.table().splitlines()[1].split() == "9♥ 4♣ K♥ 8♦ 3♥ 5♥ J♦ Q♥".split()
    spots = {s.pile: s for s in game.layout()}
    assert set(spots) == set(game.piles)
    assert spots["foundation 1"].x > spots["river 8"].x and spots["help 1"].y > spots["river 1"].y
    assert not spots["help 5"].draw_empty and late().layout()[-2].pile == "foundation 8"
    assert "<svg" in game._repr_svg_()


def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("the-congress", seed=1)
    assert record.replay().is_won
