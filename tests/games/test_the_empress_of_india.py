"""The Empress of India: what the chapter does not show (the deal into the Army and the Navy, the four
packs' numbers, refilling from the pack, pairs played, bad input, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from patience import IllegalMove, InvalidMove, InvalidPosition, Record
from patience.cards import Rank
from patience.games.the_empress_of_india import ARMY, DEAL, NAVY, TheEmpressOfIndia

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-empress-of-india.txt"


def refused(game: TheEmpressOfIndia, move: object) -> str:
    """The rule that refuses ``move``, the game left as it was."""
    before = str(game)
    with pytest.raises(IllegalMove) as info:
        game.play(move)  # type: ignore[arg-type]
    assert str(game) == before
    return info.value.rule


@pytest.fixture(scope="module")
def dealt() -> TheEmpressOfIndia:
    return TheEmpressOfIndia.deal(seed=2)


def test_the_deal_fills_the_army_red_and_the_navy_black(dealt: TheEmpressOfIndia) -> None:
    game = dealt
    assert all(len(game.piles[p]) == 1 and game.piles[p].top.is_red for p in ARMY)
    assert all(len(game.piles[p]) == 1 and not game.piles[p].top.is_red for p in NAVY)
    assert {c.colour for c in game.piles["red talon"]} <= {"red"}
    assert {c.colour for c in game.piles["black talon"]} <= {"black"}
    # only the colour that filled its rows first has a packet
    assert not (game.piles["red talon"].cards and game.piles["black talon"].cards)
    dealt_cards = 48 + len(game.piles["red talon"]) + len(game.piles["black talon"])
    assert dealt_cards + len(game.piles["pack"]) == 176
    assert game.piles["pack"].face_down == len(game.piles["pack"])
    # no black queen or red knave is ever in play
    in_play = [c for name in (*ARMY, *NAVY, "pack", "red talon", "black talon") for c in game.piles[name]]
    assert not [c for c in in_play if (c.rank == Rank.QUEEN and not c.is_red) or
                (c.rank == Rank.KNAVE and c.is_red)]


def test_four_packs_round_trip_with_their_numbers(dealt: TheEmpressOfIndia) -> None:
    game = dealt
    assert Counter(c.pack for c in game.cards()) == Counter({0: 52, 1: 52, 2: 52, 3: 52})
    again = TheEmpressOfIndia.from_position(str(game))
    assert again == game and str(again) == str(game)
    assert Counter(c.pack for c in again.cards()) == Counter({0: 52, 1: 52, 2: 52, 3: 52})


def test_a_vacancy_is_refilled_from_the_pack_when_its_packet_is_empty() -> None:
    game = TheEmpressOfIndia.from_plate()
    assert not game.piles["red talon"].cards and not game.piles["black talon"].cards
    upcoming = list(reversed(game.piles["pack"].cards))
    first_red = next(i for i, c in enumerate(upcoming) if c.is_red)
    game.play("5♥ → 3♣")
    assert game.piles["army 1"].cards == (upcoming[first_red],)
    assert game.piles["black talon"].cards == tuple(upcoming[:first_red])
    assert len(game.piles["pack"]) == 128 - first_red - 1


def test_a_pair_is_played_together_and_its_place_refilled() -> None:
    game = TheEmpressOfIndia.from_plate()
    game.play("Q♥ → 2♣")  # a red queen laid on a black deuce: a pair that can go up at once
    place = next(p for p in NAVY if len(game.piles[p]) == 2)
    assert [str(c) for c in game.piles[place]] == ["2♣", "Q♥"]
    plays = [m for m in game.legal_moves() if m.kind == "play" and m.source == place]
    assert [str(m) for m in plays] == ["Q♥ 2♣ → foundations"]
    # the queen of the pair cannot go up with another deuce
    other = next(m for m in game.legal_moves() if m.kind == "play" and m.source != place)
    assert str(other).startswith("Q♦")
    game.play(plays[0])
    assert len(game.piles[place]) == 1 and not game.piles[place].top.is_red
    assert sorted(str(game.piles[f].top) for f in game.piles_of("foundation") if len(game.piles[f]) == 2) == \
        ["2♣", "Q♥"]


def test_separating_a_pair_is_refused() -> None:
    game = TheEmpressOfIndia.from_plate()
    game.play("Q♥ → 2♣")
    place = next(p for p in NAVY if len(game.piles[p]) == 2)
    two, queen = game.piles[place].cards
    army = next(p for p in ARMY if str(game.piles[p].top) == "Q♦")
    from patience import Move
    separated = Move("play", (queen, game.piles["navy 4"].top), place, "navy 4", "Q♥ 2♠ → foundations")
    assert refused(game, separated) == "Pairs"
    assert refused(game, Move("play", (game.piles[army].top, two), army, place, "Q♦ 2♣ → foundations")) == "Pairs"
    assert refused(game, Move("play", (queen, queen), place, place, "Q♥ Q♥ → foundations")) == "I"


def test_deal_when_blocked_and_the_exhausted_pack() -> None:
    game = TheEmpressOfIndia.from_plate(deal_when="blocked")
    assert game.spec == "the-empress-of-india(deal_when=blocked)"
    assert refused(game, "deal") == "Deal"
    assert "deal" not in {str(m) for m in game.legal_moves()}
    free = TheEmpressOfIndia.from_plate()
    while free.piles["pack"].cards:
        free.play(DEAL)
    assert len(free.piles["red talon"]) + len(free.piles["black talon"]) == 128
    assert refused(free, "deal") == "Deal"


def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = TheEmpressOfIndia.from_plate()
    before = str(game)
    for text in ("", "Q♥ 2♠ → 3♠ → 4♠", "11 of cups → foundations"):
        with pytest.raises((InvalidMove, IllegalMove)):
            game.play(text)
    assert refused(game, "Q♣ → foundation") == "III"  # the Empress is never played
    assert str(game) == before and not game.history
    with pytest.raises(InvalidPosition):
        TheEmpressOfIndia.from_position(before.replace("navy 24:", "navy 25:"))
    with pytest.raises(InvalidPosition):
        TheEmpressOfIndia.from_position(before.replace("empress: Q♣", "empress: Q♣ Q♣"))


def test_inconsistent_positions_are_named() -> None:
    game = TheEmpressOfIndia.from_plate()
    game.piles["army 1"], game.piles["navy 1"] = game.piles["navy 1"], game.piles["army 1"]
    assert game.inconsistencies() == ["army 1 holds a card of the other colour", "navy 1 holds a card of the other colour"]
    game = TheEmpressOfIndia.from_plate()
    game.piles["foundation 1"], game.piles["foundation 9"] = game.piles["foundation 9"], game.piles["foundation 1"]
    assert game.inconsistencies() == ["foundation 1 does not begin with a black ace",
                                      "foundation 9 does not begin with a red king"]


def test_the_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == TheEmpressOfIndia.deal(seed=4)
    end = record.replay()
    assert end.is_won and end.result == "won"
    assert all(len(end.piles[f]) == 12 for f in end.piles_of("foundation"))


def test_a_search_is_offered_only_the_cheapest_of_the_dearer_pairings() -> None:
    game = TheEmpressOfIndia.deal(seed=1)
    offered = game.useful_moves()
    after = offered[offered.index(DEAL) + 1:]
    assert after and len(after) == TheEmpressOfIndia.LATER == 20 and all(m.kind == "pair" for m in after)
    game.LATER = None  # all of them, the cheapest first, as before the cap
    every = game.useful_moves()
    assert every[:len(offered)] == offered and len(every) > 100
    legal = game.legal_moves()
    assert all(move in legal for move in every)
