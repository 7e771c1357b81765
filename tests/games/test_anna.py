"""Anna: the oddities the chapter does not show (knaves dealt to the A and drawn into vacancies, the
plate's cards, the options in detail, the re-deal's order, the solver's safe move, what no position
can hold, bad input, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import Card, InvalidMove, InvalidPosition, Record, UnknownOption, load
from patience.game import Move, Pile
from patience.games.anna import FOUNDATIONS, HELPS, Anna

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "anna.txt"
C = Card.parse


def knaves_out(game: Anna) -> list[Card]:
    return [game.piles[f].cards[0] for f in FOUNDATIONS if game.piles[f].cards]


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 3, 47])
def test_the_a_and_the_knaves_dealt_to_it(seed: int) -> None:
    game = Anna.deal(seed)
    order = game.shuffle(game.pack())
    helps = [c for c in order if c.value != 11][:8]
    assert [game.piles[h].cards for h in HELPS] == [(c,) for c in helps]
    # the knaves met while dealing the A are in the N, in the order they came, from its first place on
    last = order.index(helps[-1])
    assert knaves_out(game) == [c for c in order[:last] if c.value == 11]
    assert len(game.piles["pack"]) == 104 - 8 - len(knaves_out(game)) == game.piles["pack"].face_down
    assert Counter(game.cards()) == Counter(game.pack()) and game.inconsistencies() == []


def test_a_knave_drawn_into_a_vacancy_goes_to_the_n() -> None:
    game = Anna.arrange({"foundation 1": "J♥", "help 1": "10♥", "pack": "[3♣] [J♠]"}, rest="pack")
    game.play("10♥ → foundation")
    assert game.piles["foundation 2"].cards == (C("J♠"),)
    assert game.piles["help 1"].cards == (C("3♣"),)


def test_from_plate_cards_checks_its_cards() -> None:
    with pytest.raises(InvalidPosition, match="the A is 8 cards"):
        Anna.from_plate_cards("2♥ 3♥", "J♥")
    with pytest.raises(InvalidPosition, match="a knave goes to the N"):
        Anna.from_plate_cards("J♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥", "")
    with pytest.raises(InvalidPosition, match="the N is made of knaves"):
        Anna.from_plate_cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥", "Q♥")
    with pytest.raises(InvalidPosition, match="too many 3♥"):
        Anna.from_plate_cards("3♥ 3♥ 3♥ 5♥ 6♥ 7♥ 8♥ 9♥", "")
    plate = Anna.from_plate()
    assert [str(plate.piles[h]) for h in HELPS] == "9♣ 8♦ 7♦ Q♣ 7♣ 10♦ 8♥ 6♦".split()
    assert [str(c) for c in knaves_out(plate)] == "J♣ J♥ J♣ J♦ J♦ J♠ J♥ J♠".split()


# ------------------------------------------------------------------------ the play
def test_a_talon_card_is_married_on_a_help_and_a_help_on_another() -> None:
    game = Anna.arrange({"foundation 1": "J♣", "help 1": "5♥", "help 2": "7♥", "talon": "6♥"}, rest="pack")
    assert str(game.play("6♥ → 5♥")) == "6♥ → 5♥"
    assert str(game.play("7♥ → 6♥")) == "7♥ → 6♥"
    assert game.piles["help 1"].cards == (C("5♥"), C("6♥"), C("7♥"))
    assert len(game.piles["help 2"]) == 1  # refilled from the pack
    assert "Rule II" in str(refused(game, "6♥ → foundation"))


def test_nothing_is_married_on_a_king_or_into_an_empty_help() -> None:
    game = Anna.arrange({"foundation 1": "J♣", "help 1": "K♥", "help 2": "A♥"}, rest="pack")
    assert str(refused(game, "A♥ → K♥")) == "Marriages — marriages ascend in value (A♥ on K♥)"
    game.piles["help 3"] = Pile()
    move = Move("move", (C("A♥"),), "help 2", "help 3", "A♥ → help 3")
    assert str(game.violation(move)) == "Deal — a vacancy among the helps is refilled from the pack (A♥ on help 3)"
    assert game.violation(Move("move", (C("A♥"),), "help 2", "help 2", "A♥ → A♥")) is not None


def test_a_dead_talon_plays_only_the_card_just_turned_and_a_knave_turned_is_not_on_it() -> None:
    game = Anna.arrange({"foundation 1": "J♥", "help 1": "3♣", "pack": "[6♠] [J♠] [10♥]"}, rest="pack",
                        talon="dead")
    game.play("deal")
    assert game.counters["turned"] == 1
    game.play("10♥ → foundation")
    game.play("deal")  # the knave of spades goes to the N: nothing is just turned on the talon
    assert game.counters["turned"] == 0 and game.piles["foundation 2"].cards == (C("J♠"),)
    game.play("deal")
    assert "only by the re-deal" not in str(refused(game, "6♠ → foundation"))


def test_vacancies_from_the_talon_first() -> None:
    game = Anna.arrange({"foundation 1": "J♥", "help 1": "10♥", "talon": "6♠", "pack": "[4♣]"}, rest="pack",
                        vacancies="talon")
    game.play("10♥ → foundation")
    assert game.piles["help 1"].cards == (C("6♠"),)
    game.piles["help 2"] = Pile()
    assert "help 2 is empty while there are cards to refill it" in game.inconsistencies()


def test_deal_blocked_allows_the_deal_only_when_nothing_else_can_be_done() -> None:
    game = Anna.arrange({"foundation 1": "J♥", "help 1": "3♣", "help 2": "9♠", "talon": "8♦"}, rest="pack",
                        deal="blocked")
    assert [str(m) for m in game.legal_moves()] == ["deal"]
    game.play("deal")
    game = Anna.arrange({"foundation 1": "J♥", "help 1": "3♣", "talon": "4♣"}, rest="pack", deal="blocked")
    assert str(refused(game, "deal")) == ("Deal — the pack is dealt when no other cards can be played or married "
                                          "(4♣ → 3♣ can be made)")


def exhaust(game: Anna) -> list[Card]:
    """Turn the whole pack onto the talon; the talon's cards, the first turned first."""
    while game.piles["pack"].cards:
        game.play("deal")
    return list(game.piles["talon"].cards)


@pytest.mark.parametrize(("redeals", "words"), [(0, "never"), (2, "twice"), (3, "3 times")])
def test_the_talon_is_re_dealt_as_it_lies_as_often_as_the_option_allows(redeals: int, words: str) -> None:
    game = Anna.deal(5, redeals=redeals)
    for _ in range(redeals):
        dealt = exhaust(game)
        game.play("redeal")
        # turned over, not shuffled: the first card turned is the next to come again
        assert game.piles["pack"].cards[::-1] == tuple(dealt)[: len(game.piles["pack"])]
    exhaust(game)
    assert str(refused(game, "redeal")) == f"Re-deal — the talon may be re-dealt {words}"


def test_an_unknown_number_of_redeals_is_refused() -> None:
    with pytest.raises(UnknownOption):
        Anna(redeals=4)


def test_the_safe_move_is_a_card_no_marriage_needs_from_the_talon() -> None:
    game = Anna.arrange({"foundation 1": "J♥", "foundation 2": "J♠ 10♠ 9♠ 8♠", "help 1": "6♠",
                         "talon": "10♥ 7♠"}, rest="pack")
    moves = game.legal_moves()
    # the 7♠ goes up, but an 8♠ is still to come and could be married on it
    assert game.safe_move(moves) is None
    game.play("7♠ → foundation")
    assert str(game.safe_move(game.legal_moves())) == "10♥ → foundation"
    assert Anna.arrange({"foundation 1": "J♥", "talon": "10♥"}, rest="pack", vacancies="talon").safe_move(
        [Move("move", (C("10♥"),), "talon", "foundation 1", "10♥ → foundation")]) is None


# ------------------------------------------------------------------------ what no position holds
def test_inconsistencies() -> None:
    game = Anna.from_plate()
    assert game.inconsistencies() == []
    game.piles["help 1"] = Pile.of("9♣ 8♣")
    game.piles["foundation 1"] = Pile()
    game.piles["talon"] = Pile.of("J♣")
    game.counters["redeals"] = 3
    game.counters["turned"] = 1
    assert game.inconsistencies() == [
        "a place of the N is empty while a later one holds a knave",
        "help 1 is not a marriage going up in suit",
        "a knave lies on the talon, not in the N",
        "3 re-deals made, but the option redeals allows 2",
        "turned=1: a card is marked just turned only with talon=dead, on the talon",
    ]
    game = Anna.from_plate()
    game.piles["foundation 1"] = Pile.of("J♣ " + " ".join(f"{v}♣" for v in (10, 9, 8, 7, 6, 5, 4, 3, 2, "A", "K", "Q")))
    assert "a foundation goes on past its king" in game.inconsistencies()
    game = Anna.from_plate()
    game.piles["talon"] = Pile.of("[2♣]")
    assert game.inconsistencies() == ["the pack alone lies face down, not talon"]


# ------------------------------------------------------------------------ bad input
def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = Anna.from_plate()
    refused(game, "Z♦ → foundation", InvalidMove)
    refused(game, "", InvalidMove)
    assert str(refused(game, "8♦ → 6♦")) == "Marriages — marriages ascend in value (8♦ on 6♦)"
    assert "the same suit" in str(refused(game, "7♣ → 6♦"))
    assert "has not been dealt" in str(refused(game, str(game.piles["pack"].top) + " → foundation"))
    assert game.violation(Move("move", (C("9♣"),), "help 1", "talon", "9♣ → talon")) is not None
    assert game.violation(Move("turn", (), "pack", "talon", "turn")) is not None
    with pytest.raises(TypeError):
        game.play(None)  # type: ignore[arg-type]
    assert str(game) == str(Anna.from_plate())


def test_malformed_positions_are_refused() -> None:
    text = str(Anna.from_plate())
    with pytest.raises(InvalidPosition):
        Anna.from_position(text.replace("help 1: 9♣", "help 1: 9♣ 9♣ 9♣"))
    with pytest.raises(InvalidPosition):
        Anna.from_position(text.replace("help 1:", "help 9:"))
    with pytest.raises(InvalidPosition, match="unknown pile"):
        Anna.arrange({"help 9": "3♥"}, rest="pack")


# ------------------------------------------------------------------------ the drawing and the record
def test_the_drawing_shows_every_pile() -> None:
    game = Anna.from_plate()
    assert {spot.pile for spot in game.layout()} == set(game.piles)
    assert "<svg" in game._repr_svg_()


def test_the_recorded_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("anna", seed=18)
    end = record.replay()
    assert end.is_won and end.result == "won" and end.counters["redeals"] == 2
    assert all(end.piles[h].top.value == 12 for h in HELPS)
