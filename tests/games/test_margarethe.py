"""Margarethe: the oddities the chapter does not show (the M and the A at the deal, aces drawn into
the A, the vacancies, the options, the re-deal's order, bad input, the recorded worked game)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Record, UnknownOption, load
from patience.game import Move, Pile
from patience.games.margarethe import COURT, FOUNDATIONS, HELP, Margarethe

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "margarethe.txt"


def refused(game: Margarethe, move: str, error: type[Exception] = IllegalMove) -> str:
    """The words of the refusal of ``move``, the game checked unchanged."""
    before = str(game)
    with pytest.raises(error) as info:
        game.play(move)
    assert str(game) == before
    return str(info.value)


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 35])
def test_the_m_and_the_a(seed: int) -> None:
    game = Margarethe.deal(seed)
    assert [game.piles[f].cards for f in FOUNDATIONS] == [(c,) for c in COURT]
    assert all(len(game.piles[h]) == 1 and 2 <= game.piles[h].top.value <= 10 for h in HELP)
    aces = game.piles["aces"].cards
    assert all(c.value == 1 for c in aces)
    assert len(game.piles["pack"]) == 52 - 12 - 9 - len(aces) == game.piles["pack"].face_down
    assert Counter(game.cards()) == Counter(game.pack()) and game.inconsistencies() == []


def test_an_ace_dealt_to_the_a_goes_to_its_packet() -> None:
    game = Margarethe.deal(2)
    order = [c for c in game.shuffle(game.pack()) if c.value <= 10]
    first = order[: order.index(Card.parse("A♠")) + 1]
    assert Card.parse("A♠") in first and len([c for c in first if c.value > 1]) <= 9
    assert game.piles["aces"].cards == (Card.parse("A♠"),)
    assert [game.piles[h].top for h in HELP] == [c for c in order if c.value > 1][:9]


def test_from_help_checks_its_cards() -> None:
    with pytest.raises(InvalidPosition, match="9 cards, not 2"):
        Margarethe.from_help("2♥ 3♥")
    with pytest.raises(InvalidPosition, match="from two to ten"):
        Margarethe.from_help("A♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥")
    with pytest.raises(InvalidPosition, match="too many 3♥"):
        Margarethe.from_help("3♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥")
    plate = Margarethe.from_plate()
    assert [str(plate.piles[h]) for h in HELP] == "3♥ 2♦ 5♠ 9♠ 8♣ 6♦ 3♦ 9♣ 2♥".split()


# ------------------------------------------------------------------------ the play
def test_a_vacancy_draws_past_an_ace() -> None:
    game = Margarethe.arrange({"help 1": "8♥"}, "", "[4♣] [A♣]")
    game.play("8♥ → foundation")
    assert game.piles["help 1"].cards == (Card.parse("4♣"),)
    assert Card.parse("A♣") in game.piles["aces"].cards


def test_a_vacancy_stays_when_the_pack_is_spent_and_the_redeal_fills_it() -> None:
    game = Margarethe.arrange({"help 1": "8♥", "help 2": "5♣"}, "3♠ 2♠")
    assert game.piles["pack"].is_empty
    game.play("8♥ → foundation")
    assert game.piles["help 1"].is_empty and "help 1" not in " ".join(game.inconsistencies())
    game.play("redeal")
    # every vacancy of the A is filled from the new pack, the talon's first card first
    assert [game.piles[h].top for h in HELP[:3]] == [Card.parse("3♠"), Card.parse("5♣"), Card.parse("2♠")]
    assert game.piles["pack"].is_empty
    assert "re-dealt once" in refused(game, "redeal")


def test_vacancies_from_the_talon() -> None:
    game = Margarethe.arrange({"help 1": "8♥"}, "6♠", "[4♣]", vacancies="talon")
    game.play("8♥ → foundation")
    assert game.piles["help 1"].cards == (Card.parse("6♠"),) and game.piles["talon"].is_empty
    game.play("6♠ → foundation")
    assert game.piles["help 1"].cards == (Card.parse("4♣"),)


def test_a_dead_talon_plays_only_the_card_just_turned() -> None:
    game = Margarethe.arrange({"help 1": "3♣"}, "8♥", "[6♠] [2♥]", talon="dead")
    assert "only by the re-deal" in refused(game, "8♥ → foundation")
    game.play("deal")
    assert game.counters["turned"] == 1
    game.play("deal")
    assert "only by the re-deal" not in refused(game, "6♠ → foundation 1")
    assert str(game.play("6♠ → foundation")) == "6♠ → foundation"
    assert "only by the re-deal" in refused(game, "2♥ → foundation")
    assert str(Margarethe.arrange({}, "8♥").play("8♥ → foundation")) == "8♥ → foundation"


def test_the_foundations_end_with_eights_fives_and_twos() -> None:
    game = Margarethe.arrange({"help 1": "8♥", "help 2": "5♣", "help 3": "2♠"})
    for move in ("8♥ → foundation", "5♣ → foundation", "2♠ → foundation"):
        game.play(move)
    assert game.is_won and game.result == "won" and game.inconsistencies() == []
    assert game.foundation_fault("foundation 1", Card.parse("7♥")) == "complete"
    problem = game._foundation_violation("foundation 1", Card.parse("7♥"))
    assert str(problem) == "Rule II — the king foundations descend from ten to eight, and this one is complete (7♥ on 8♥)"


def test_the_talon_is_re_dealt_in_the_order_it_was_dealt() -> None:
    game = Margarethe.deal(5)
    dealt = list(reversed(game.piles["pack"].cards))
    assert "when the pack is exhausted" in refused(game, "redeal")
    while game.piles["pack"].cards:
        game.play("deal")
    game.play("redeal")
    assert list(reversed(game.piles["pack"].cards)) == dealt and game.piles["talon"].is_empty


@pytest.mark.parametrize("redeals", [0, 2])
def test_the_number_of_redeals_is_an_option(redeals: int) -> None:
    game = Margarethe.deal(2, redeals=redeals)
    for _ in range(redeals):
        while game.piles["pack"].cards:
            game.play("deal")
        game.play("redeal")
    while game.piles["pack"].cards:
        game.play("deal")
    words = {0: "never", 2: "twice"}[redeals]
    assert refused(game, "redeal") == f"Re-deal — the talon may be re-dealt {words}"
    with pytest.raises(UnknownOption):
        Margarethe(redeals=3)


# ------------------------------------------------------------------------ bad input
def test_bad_input_leaves_the_game_as_it_was() -> None:
    game = Margarethe.from_plate()
    refused(game, "Z♦ → foundation", InvalidMove)
    refused(game, "", InvalidMove)
    assert refused(game, "3♥ → aces") == "Aces — only the aces are placed in the packet underneath the knaves (3♥)"
    assert refused(game, "9♠ → foundation") == "Rule II — the king foundations descend from ten to eight (9♠ on K♠)"
    assert refused(game, "9♣ → foundation 1") == "Rule I — the foundations follow suit (9♣ on K♥)"
    assert "has not been dealt" in refused(game, str(game.piles["pack"].top) + " → foundation")
    assert "stays there" in refused(game, "K♥ → aces")
    assert game.violation(Move("move", (Card.parse("3♥"),), "help 1", "talon", "3♥ → talon")) is not None
    with pytest.raises(TypeError):
        game.play(None)  # type: ignore[arg-type]
    assert str(game) == str(Margarethe.from_plate())


def test_malformed_positions_are_refused() -> None:
    text = str(Margarethe.from_plate())
    with pytest.raises(InvalidPosition):
        Margarethe.from_position(text.replace("help 1: 3♥", "help 1: 3♥ 3♥"))
    with pytest.raises(InvalidPosition):
        Margarethe.from_position(text.replace("help 1:", "help 10:"))
    with pytest.raises(InvalidPosition, match="unknown pile"):
        Margarethe.arrange({"help 10": "3♥"})
    with pytest.raises(InvalidPosition, match="too many 3♥"):
        Margarethe.arrange({"help 1": "3♥", "help 2": "3♥"})
    game = Margarethe.from_plate()
    game.piles["help 1"] = Pile()
    game.piles["aces"] = Pile.of("3♥")
    assert game.inconsistencies() == ["the aces' packet holds a card that is not an ace",
                                      "help 1 is empty while there are cards to fill it"]


# ------------------------------------------------------------------------ the drawing and the record
def test_the_drawing_shows_every_pile() -> None:
    game = Margarethe.from_plate()
    assert {spot.pile for spot in game.layout()} == set(game.piles)
    assert "<svg" in game._repr_svg_()


def test_the_recorded_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("margarethe", seed=82)
    end = record.replay()
    assert end.is_won and end.result == "won" and end.counters["redeals"] == 1


def test_an_ace_in_its_packet_is_not_in_play_however_the_move_is_written() -> None:
    """The Help rule refuses an ace laid in the packet under the knaves, named by its card or written out
    as a move from the packet (which read it as a foundation's card before)."""
    game = Margarethe.arrange({"help 1": "8♥"}, "", "[4♣] [A♣]")
    game.play("deal")
    game.play("A♣ → aces")
    ace = Card.parse("A♣")
    for move in ("A♣ → foundation 6", Move("move", (ace,), "aces", "foundation 6", "A♣ → foundation 6")):
        with pytest.raises(IllegalMove, match=r"^Help — the help cards and the talon's top card are the cards"):
            game.play(move)
    assert game.piles["aces"].top == ace
