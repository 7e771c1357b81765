"""The Great Thirteen: the oddities the chapter does not show (the deal, the numerals' arithmetic, the
re-deal's order and its options, bad input, the solver's key, the recorded worked game)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
from patience import IllegalMove, InvalidMove, InvalidPosition, Record, UnknownOption, load, render
from patience.cards import Rank
from patience.games.the_great_thirteen import GROUND, NUMERAL, PLATE_PILES, TheGreatThirteen, numeral_value

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "the-great-thirteen.txt"


def stuck(game: TheGreatThirteen) -> TheGreatThirteen:
    """Play the first legal card move until none is left (the re-deal is then the only move)."""
    while game.legal_moves() and game.legal_moves()[0].kind == "move":
        game.play(game.legal_moves()[0])
    return game


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 4, 12])
def test_the_deal_packets_of_thirteen_kings_slipped_balcony_taken(seed: int) -> None:
    game = TheGreatThirteen.deal(seed)
    order = game.shuffle(game.pack())
    assert Counter(game.cards()) == Counter(game.pack())
    for i, name in enumerate(GROUND):
        dealt = order[13 * i: 13 * (i + 1)]
        packet = game.piles[name].cards + game.piles[f"balcony {i + 1}"].cards
        assert Counter(packet) == Counter(dealt) and len(game.piles[name]) == 12
        # the balcony card is the first card from the top of the dealt packet that is not a king,
        # the kings above it slipped underneath in turn
        kings = 0
        while dealt[-1 - kings].rank == Rank.KING:
            kings += 1
        assert game.piles[f"balcony {i + 1}"].top == dealt[-1 - kings]
        assert list(packet[:kings]) == list(dealt[len(dealt) - kings:])
    assert all(game.piles[n].is_empty for n in NUMERAL) and game.counters["redealt"] == 0
    assert game.inconsistencies() == []


def test_no_king_in_the_balcony_and_numerals_are_a_permutation() -> None:
    for value in range(1, 13):
        run = [numeral_value(k * value) for k in range(2, 14)]
        assert run[-1] == 13 and sorted(run) == sorted(set(range(1, 14)) - {value})
    # a king in the balcony could never end: every numeral would be a king
    assert {numeral_value(k * 13) for k in range(2, 14)} == {13}


# --------------------------------------------------------------------- the rules
def test_moves_to_the_balcony_or_between_ground_packets_are_refused() -> None:
    game = TheGreatThirteen.from_plate()
    with pytest.raises((IllegalMove, InvalidMove)):
        game.play("9♦ → balcony 1")
    with pytest.raises((IllegalMove, InvalidMove)):
        game.play("9♦ → 4♦")
    with pytest.raises(InvalidMove):
        game.play("shuffle the packets")
    with pytest.raises(TypeError):
        game.play(None)  # type: ignore[arg-type]
    assert str(game) == str(TheGreatThirteen.from_plate())
    assert refused(game, "7♦ → numeral 2").rule in ("I", "Foundations")


def test_rule_two_card_reading_still_sends_the_card_to_its_vacancy() -> None:
    vacancy = {k: v for k, v in PLATE_PILES.items() if k != "numeral 2"}
    narrow = TheGreatThirteen.deal_with(45, vacancy, vacancies="card")
    assert refused(narrow, "6♥ → numeral 8").rule == "II"
    narrow.play("A♦ → numeral 3")  # another addition goes on
    narrow.play("6♥ → numeral 2")
    assert narrow.piles["numeral 2"].top.value == 6


def test_two_vacancies_of_one_value_both_offered() -> None:
    game = load("the-great-thirteen", seed=3)
    assert [m.target for m in game.legal_moves() if m.cards[0].rank == Rank.QUEEN] == ["numeral 2", "numeral 8"]
    # alike numerals: the solver tries only one of them
    assert len([m for m in game.useful_moves() if m.cards[0].rank == Rank.QUEEN]) == 1


def test_redeal_passes_over_a_played_off_packet() -> None:
    game = stuck(TheGreatThirteen.from_plate())
    game.play("redeal")
    assert game.counters["redealt"] == 1
    stuck(game)
    # ground 2 played off (its cards moved onto ground 3): its turn is passed over
    moved = list(game.piles["ground 2"].cards)
    game.piles["ground 2"] = game.piles["ground 2"].without(len(moved))
    game.piles["ground 3"] = game.piles["ground 3"].added(moved)
    empty = TheGreatThirteen.from_position(str(game))
    assert empty.next_packet() == "ground 3"
    stuck(empty)
    assert [str(m) for m in empty.legal_moves()] == ["redeal"]
    empty.play("redeal")
    assert empty.counters["redealt"] == 3 and empty.next_packet() == "ground 4"


def test_redeal_deals_bottom_card_first_round_to_own_place() -> None:
    game = stuck(TheGreatThirteen.from_plate())
    packet = list(game.piles["ground 1"].cards)
    tops = {g: len(game.piles[g]) for g in GROUND}
    game.play("redeal")
    for k, card in enumerate(packet):
        place = GROUND[(k + 1) % 8]
        laid = game.piles[place].cards
        assert card in laid[tops[place] if place != "ground 1" else 0:]
    assert [str(c) for c in game.piles["ground 1"].cards] == [str(packet[7])]
    skip = TheGreatThirteen.from_position(str(stuck(TheGreatThirteen.from_plate())).replace(
        "the-great-thirteen", "the-great-thirteen(own_space=false)", 1))
    skip.play("redeal")
    assert skip.piles["ground 1"].is_empty
    assert skip.piles["ground 2"].cards[-2:] == (packet[0], packet[7])


def test_redeal_refused_while_a_card_plays_and_when_none_are_left() -> None:
    game = TheGreatThirteen.from_plate()
    assert refused(game, "redeal").rule == "Re-deal"
    lost = load("the-great-thirteen", seed=1)
    while lost.legal_moves():
        lost.play(lost.legal_moves()[0])
    assert lost.counters["redealt"] == 8 and lost.is_over and not lost.is_won
    assert "no more" in str(refused(lost, "redeal"))


def test_options_are_checked() -> None:
    with pytest.raises(UnknownOption):
        load("the-great-thirteen(vacancies=never)")
    with pytest.raises(UnknownOption):
        load("the-great-thirteen(packets=9)")
    spec = load("the-great-thirteen(vacancies=card,own_space=false)").spec
    assert spec == "the-great-thirteen(own_space=false,vacancies=card)" or spec == \
        "the-great-thirteen(vacancies=card,own_space=false)"


# --------------------------------------------------------------------- bad input
def test_malformed_positions_are_refused() -> None:
    text = str(TheGreatThirteen.from_plate())
    with pytest.raises(InvalidPosition):
        TheGreatThirteen.from_position(text.replace("balcony 1: 7♦", "balcony 1: 7♦ 7♦"))
    with pytest.raises(InvalidPosition):
        TheGreatThirteen.from_position(text.replace("ground 1:", "ground 9:"))
    with pytest.raises(InvalidPosition):
        TheGreatThirteen.from_position(text.replace("redealt=0", "redealt=x"))
    with pytest.raises(InvalidPosition):
        TheGreatThirteen.deal_with(45, {**PLATE_PILES, "balcony 1": "7♦ 7♦ 7♦"})
    with pytest.raises(InvalidPosition):
        TheGreatThirteen.deal_with(45, {"stock": "7♦"})


def test_inconsistencies_of_a_bad_position() -> None:
    game = TheGreatThirteen.from_plate()
    game.piles["balcony 2"] = game.piles["balcony 2"].added(game.piles["ground 8"].cards[-1:])
    game.piles["ground 8"] = game.piles["ground 8"].without(1)
    game.counters["redealt"] = 9
    faults = game.inconsistencies()
    assert any("balcony 2 holds 2 cards" in f for f in faults)
    assert any("re-deal counter" in f for f in faults)


# --------------------------------------------------------------------- for the solver
def test_solver_key_ignores_suits_and_alike_numerals() -> None:
    a = TheGreatThirteen.from_plate()
    text = str(a)
    head, _, tail = text.rpartition("ground 3:")
    line, _, rest = tail.partition("\n")
    assert line.endswith("A♦")
    swapped = (head + "ground 3:" + line[:-2] + "A♣\n" + rest).replace("numeral 1: A♣", "numeral 1: A♦")
    b = TheGreatThirteen.from_position(swapped)
    assert a.solver_key() == b.solver_key() and a.state_key() != b.state_key()


def test_legal_moves_is_the_filter_of_moves(legal_moves_checked) -> None:
    for spec, seed in (("the-great-thirteen", 1), ("the-great-thirteen(vacancies=card)", 2),
                       ("the-great-thirteen(own_space=false)", 21)):
        legal_moves_checked(load(spec, seed=seed), random.Random(seed), 120)


# ------------------------------------------------------------------ picture, record
def test_layout_and_table() -> None:
    game = TheGreatThirteen.from_plate()
    spots = {s.pile: s for s in game.layout()}
    assert set(spots) == set(game.piles)
    assert all(spots[g].fan == "down" for g in GROUND)
    assert game.table().splitlines()[0].split()[1:] == ["7♦", "3♦", "9♦", "A♦", "Q♥", "5♦", "8♣", "2♣"]
    assert render.svg(game).startswith("<svg") and render.text(game)


def test_the_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == TheGreatThirteen.deal(seed=21)
    game = record.replay()
    assert game.is_won and game.result == "won"
    assert all(game.piles[n].top.rank == Rank.KING and len(game.piles[n]) == 12 for n in NUMERAL)
