"""Mount Olympus: the oddities the chapter does not show (the withdrawal of the aces and twos, the
foundations' ends, the spaces, the options, the re-deal's order, bad input, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Record, UnknownOption, load
from patience.game import Move, Pile
from patience.games.mount_olympus import BATTERY, FIRST, FOUNDATIONS, MountOlympus

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "mount-olympus.txt"


def unchanged_after(game: MountOlympus, move: str, error: type[Exception] = IllegalMove) -> Exception:
    before = str(game)
    with pytest.raises(error) as info:
        game.play(move)
    assert str(game) == before
    return info.value


def position(battery: dict[str, str], talon_cards: str = "", pack: str = "", **options: str) -> MountOlympus:
    return MountOlympus.arrange(battery, talon_cards, pack, **options)


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 36])
def test_aces_and_twos_withdrawn_and_the_battery_dealt(seed: int) -> None:
    game = MountOlympus.deal(seed)
    assert [game.piles[f].cards for f in FOUNDATIONS] == [(c,) for c in FIRST]
    assert all(len(game.piles[b]) == 1 and game.piles[b].top.value > 2 for b in BATTERY)
    pack = game.piles["pack"]
    assert len(pack) == 79 and pack.face_down == 79 and game.piles["talon"].is_empty
    assert Counter(game.cards()) == Counter(game.pack())
    assert game.inconsistencies() == []


def test_the_battery_is_the_next_nine_cards_row_by_row() -> None:
    game = MountOlympus.deal(3)
    rest = [c for c in game.shuffle(game.pack()) if c.value > 2]
    assert [game.piles[b].top for b in BATTERY] == rest[:9]
    assert game.piles["pack"].top == rest[9]


def test_from_battery_checks_its_cards() -> None:
    with pytest.raises(InvalidPosition, match="9 cards, not 2"):
        MountOlympus.from_battery("3♥ 4♥")
    with pytest.raises(InvalidPosition, match="aces and twos"):
        MountOlympus.from_battery("A♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥")
    with pytest.raises(InvalidPosition, match="too many 3♥"):
        MountOlympus.from_battery("3♥ 3♥ 3♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥")
    plate = MountOlympus.from_plate()
    assert [str(plate.piles[b]) for b in BATTERY] == "7♦ 8♥ K♠ Q♦ 5♠ 9♥ J♦ 6♦ 10♦".split()
    assert plate.inconsistencies() == []


# ------------------------------------------------------------------------ the moves
def test_the_foundations_end_with_kings_and_queens() -> None:
    game = position({"battery 1": "K♥", "battery 2": "Q♥"})
    game.play("K♥ → foundation")
    game.play("Q♥ → foundation")
    assert game.foundation_fault("foundation 1", Card.parse("K♥")) == "complete"
    problem = game._foundation_violation("foundation 1", Card.parse("K♥"))
    assert problem is not None and str(problem).startswith("Rule II — the foundations finish with kings")
    problem = game._foundation_violation("foundation 2", Card.parse("Q♥"))
    assert problem is not None and "finish with queens" in str(problem)


def test_won_when_every_card_is_up() -> None:
    game = position({"battery 1": "K♣"})
    assert not game.is_won and game.result == "in play"
    game.play("K♣ → foundation")
    assert game.is_won and game.result == "won" and game.inconsistencies() == []


def test_only_the_uppermost_card_of_the_battery_and_the_talon() -> None:
    game = position({"battery 1": "9♠ 7♠", "battery 2": "9♣"}, "3♥ 5♦")
    assert str(unchanged_after(game, "9♠ → foundation")).startswith("Rule IV — the uppermost cards")
    assert "the talon's top card alone" in str(unchanged_after(game, "3♥ → foundation"))
    assert "has not been dealt" in str(unchanged_after(position({}, "", "[3♥]"), "3♥ → foundation"))
    assert "stays there" in str(unchanged_after(game, "A♥ → battery 3"))


def test_a_space_takes_the_pack_or_talon_only_by_default() -> None:
    game = position({"battery 1": "9♠ 7♠", "battery 2": "9♣"}, "3♥ 5♦")
    error = unchanged_after(game, "7♠ → battery 3")
    assert str(error) == "Spaces — a space in the battery is refilled from pack or talon (7♠ on battery 3)"
    assert str(game.play("5♦ → space")) == "5♦ → battery 3"
    assert game.piles["battery 3"].cards == (Card.parse("5♦"),)
    loose = position({"battery 1": "9♠ 7♠", "battery 2": "9♣"}, "3♥ 5♦", spaces="any")
    assert str(loose.play("7♠ → battery 3")) == "7♠ → battery 3"
    assert sum(1 for m in loose.useful_moves() if m.cards[:1] == (Card.parse("9♣"),) and m.target in BATTERY) == 1


def test_useful_moves_leave_out_a_card_moved_onto_its_like() -> None:
    game = position({"battery 1": "8♠ 6♠", "battery 2": "8♠"})
    assert "6♠ → 8♠" in [str(m) for m in game.legal_moves()]
    assert "6♠ → 8♠" not in [str(m) for m in game.useful_moves()]


def test_talon_refill_plays_a_card_only_as_it_turns_up() -> None:
    game = position({"battery 1": "9♠"}, "K♦", "[7♠] [3♥]", talon="refill")
    assert "only refills spaces" in str(unchanged_after(game, "K♦ → foundation"))
    game.play("deal")
    assert game.counters["turned"] == 1 and game.inconsistencies() == []
    game.play("3♥ → foundation")
    assert game.counters["turned"] == 0
    game.play("deal")
    game.play("7♠ → 9♠")
    assert "only refills spaces" in str(unchanged_after(game, "K♦ → foundation"))
    game.play("7♠ → foundation")
    game.play("9♠ → foundation")
    assert str(game.play("K♦ → space")) == "K♦ → battery 1"
    free = position({"battery 1": "9♠"}, "K♦", "[7♠] [3♥]")
    assert str(free.play("K♦ → foundation")) == "K♦ → foundation"


@pytest.mark.parametrize("redeals", [0, 1, 2])
def test_the_number_of_redeals_is_an_option(redeals: int) -> None:
    game = MountOlympus.deal(2, redeals=redeals)
    for _ in range(redeals + 1):
        while game.piles["pack"].cards:
            game.play("deal")
        if game.counters["redeals"] < redeals:
            game.play("redeal")
    words = {0: "never", 1: "once", 2: "twice"}[redeals]
    assert str(unchanged_after(game, "redeal")) == f"Re-deal — the talon may be re-dealt {words}"
    with pytest.raises(UnknownOption):
        MountOlympus(redeals=-1)


def test_the_talon_is_taken_up_in_the_order_it_was_dealt() -> None:
    game = MountOlympus.deal(5)
    dealt = list(reversed(game.piles["pack"].cards))
    assert "when the pack is exhausted" in str(unchanged_after(game, "redeal"))
    while game.piles["pack"].cards:
        game.play("deal")
    game.play("redeal")
    pack = game.piles["pack"]
    assert list(reversed(pack.cards)) == dealt and pack.face_down == len(dealt)
    assert game.piles["talon"].is_empty and game.inconsistencies() == []
    empty = MountOlympus.deal(5)
    empty.piles["pack"] = Pile()
    assert str(empty.violation(Move("redeal", (), "talon", "pack", "redeal"))) == \
        "Re-deal — there is no talon to take up"
    assert str(empty.violation(Move("deal", (), "pack", "talon", "deal"))) == "Deal — the pack is exhausted"


# ------------------------------------------------------------------------ bad input
def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = MountOlympus.from_plate()
    unchanged_after(game, "7♦ → 9♣", InvalidMove)
    unchanged_after(game, "Z♦ → foundation", InvalidMove)
    unchanged_after(game, "", InvalidMove)
    assert str(unchanged_after(game, "7♦ → 9♥")) == "Rule I — the battery follows suit (7♦ on 9♥)"
    assert str(unchanged_after(game, "8♥ → 10♦")) == "Rule I — the battery follows suit (8♥ on 10♦)"
    with pytest.raises(TypeError):
        game.play(None)  # type: ignore[arg-type]
    assert str(game) == str(MountOlympus.from_plate())


def test_malformed_positions_are_refused() -> None:
    with pytest.raises(InvalidPosition, match="unknown pile"):
        MountOlympus.arrange({"battery 10": "3♥"})
    with pytest.raises(InvalidPosition, match="too many 3♥"):
        MountOlympus.arrange({"battery 1": "3♥", "battery 2": "3♥", "battery 3": "3♥"})
    text = str(MountOlympus.from_plate())
    with pytest.raises(InvalidPosition):
        MountOlympus.from_position(text.replace("battery 1: 7♦", "battery 1: 7♦ 7♦"))
    with pytest.raises(InvalidPosition):
        MountOlympus.from_position(text.replace("battery 1:", "battery 10:"))
    with pytest.raises(InvalidPosition):
        MountOlympus.from_position(text.replace("battery 1: 7♦", "battery 1: [7♦]"))
    game = MountOlympus.from_plate()
    game.piles["battery 1"] = Pile.of("7♦ 6♦")
    assert game.inconsistencies() == ["battery 1 does not go down by two in suit from its first card"]
    game = MountOlympus.from_plate()
    game.counters["turned"] = 1
    assert game.inconsistencies()[0].startswith("turned=1")


# ------------------------------------------------------------------------ the drawing and the record
def test_the_drawing_shows_every_pile() -> None:
    game = MountOlympus.from_plate()
    names = {spot.pile for spot in game.layout()}
    assert names == set(game.piles)
    assert "<svg" in game._repr_svg_()


def test_the_recorded_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("mount-olympus", seed=4)
    end = record.replay()
    assert end.is_won and end.result == "won" and end.counters["redeals"] == 1
