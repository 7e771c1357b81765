"""Red and Black: the oddities the chapter does not show."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
import patience
from patience import Card, IllegalMove, InvalidMove, InvalidPosition, Move, Record, UnknownOption, render
from patience.cards import Rank, Suit, parse_cards, shuffled, whist_pack
from patience.games.red_and_black import (
    FOUNDATION_SUITS,
    PLATE_PACK_SEED,
    PLATE_VOLUNTEERS,
    RedAndBlack,
    withdraw,
)

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "red-and-black.txt"
SLUG = "red-and-black"
#: A full row of Volunteers for arranged positions (no card of it can be played at the start).
ROW = {1: "9♠ 8♥ 7♣", 2: "10♦", 3: "5♣", 4: "6♥", 5: "J♦", 6: "K♣", 7: "3♦", 8: "Q♥"}


def card(text: str) -> Card:
    return Card.parse(text)


# ---------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("seed", [1, 2, 77])
def test_deal_withdraws_the_aces_then_deals_eight_volunteers(seed: int) -> None:
    game = RedAndBlack.deal(seed)
    cards = shuffled(whist_pack(2), seed)
    others = [c for c in cards if c.rank != Rank.ACE]
    assert [str(game.piles[f]) for f in game.piles_of("foundation")] == [f"A{s}" for s in FOUNDATION_SUITS]
    assert [game.piles[v].cards for v in game.piles_of("volunteer")] == [(c,) for c in others[:8]]
    pack = game.piles["pack"]
    assert len(pack) == 88 and pack.face_down == 88
    assert pack.top == others[8], "the next card to deal is the first after the Volunteers"
    assert game.piles["talon"].is_empty and game.counters == {"redeals": 0}
    assert Counter(game.cards()) == Counter(game.pack())


def test_the_aces_keep_their_packs_apart() -> None:
    game = RedAndBlack.deal(5)
    packs = [game.piles[f][0].pack for f in game.piles_of("foundation")]
    assert sorted(packs[0:2]) == sorted(packs[2:4]) == [0, 1]


def test_withdraw_takes_one_card_a_suit_in_order() -> None:
    aces, rest = withdraw(parse_cards("5♦ A♠ A♦ 9♣ A♦"), Rank.ACE, (Suit.DIAMONDS, Suit.SPADES))
    assert [str(c) for c in aces] == ["A♦", "A♠"] and [str(c) for c in rest] == ["5♦", "9♣", "A♦"]
    with pytest.raises(ValueError, match="no A♣"):
        withdraw(parse_cards("5♦ A♠"), Rank.ACE, (Suit.CLUBS,))


# ---------------------------------------------------------------------------- positions
def test_plate_is_the_plate_row_with_the_seeded_pack() -> None:
    plate = RedAndBlack.from_plate()
    assert " ".join(str(plate.piles[v].top) for v in plate.piles_of("volunteer")) == PLATE_VOLUNTEERS
    assert plate.seed == PLATE_PACK_SEED
    assert plate == RedAndBlack.from_volunteers(PLATE_VOLUNTEERS, PLATE_PACK_SEED)
    assert len(plate.piles["pack"]) == 88


def test_from_volunteers_checks_the_row() -> None:
    with pytest.raises(InvalidPosition, match="no ace"):
        RedAndBlack.from_volunteers("A♠ 3♥ 8♦ 10♣ J♦ K♣ 7♦ Q♥")
    with pytest.raises(InvalidPosition, match="8 cards"):
        RedAndBlack.from_volunteers("4♠ 3♥")
    with pytest.raises(InvalidPosition, match="too many 4♠"):
        RedAndBlack.from_volunteers("4♠ 4♠ 4♠ 10♣ J♦ K♣ 7♦ Q♥")


def test_the_pack_lies_face_down_and_nothing_else_does() -> None:
    text = str(RedAndBlack.from_plate())
    unbracketed = text.replace("[", "").replace("]", "")
    assert RedAndBlack.from_position(unbracketed) == RedAndBlack.from_plate()
    with pytest.raises(InvalidPosition, match="face up"):
        RedAndBlack.from_position(text.replace("volunteer 1: 4♠", "volunteer 1: [4♠]"))


def test_arrange_places_foundations_by_suit() -> None:
    game = RedAndBlack.arrange(ROW, foundations="3♥ 5♥ 2♦")
    assert str(game.piles["foundation 5"]) == "A♥ 2♥ 3♥"
    assert str(game.piles["foundation 6"]) == "A♥ 2♥ 3♥ 4♥ 5♥"
    assert str(game.piles["foundation 1"]) == "A♦ 2♦" and str(game.piles["foundation 2"]) == "A♦"
    with pytest.raises(InvalidPosition, match="no foundation"):
        RedAndBlack.arrange(ROW, foundations="3♥ 5♥ 2♥")


# ---------------------------------------------------------------------------- vacancies
def test_a_vacancy_is_filled_at_once_from_the_pack() -> None:
    game = RedAndBlack.arrange(ROW, talon="K♠ 7♣", pack="4♦ 9♥")
    game.play("5♣ → 6♥")
    assert str(game.piles["volunteer 3"]) == "4♦" and str(game.piles["talon"]) == "K♠ 7♣"
    assert str(game.piles["pack"].top) == "9♥"
    assert not game.vacancies()


def test_refill_talon_then_pack() -> None:
    game = RedAndBlack.arrange({**ROW, 7: "2♦"}, talon="7♣", pack="4♦", refill="talon")
    game.play("5♣ → 6♥")
    assert str(game.piles["volunteer 3"]) == "7♣" and game.piles["talon"].is_empty
    game.play("2♦ → foundation")
    assert str(game.piles["volunteer 7"]) == "4♦", "the talon is empty: the pack fills the vacancy"


def test_vacancies_wait_for_the_redeal_and_are_filled_left_to_right() -> None:
    game = RedAndBlack.arrange(
        {1: "K♦", 2: "K♣", 3: "K♥", 4: "K♠", 5: "K♦", 6: "Q♠"},
        foundations="Q♦ Q♦ Q♣ Q♣ Q♥ Q♥ J♠ J♠", talon="K♣ K♥ K♠ Q♠",
    )
    assert game.vacancies() == ["volunteer 7", "volunteer 8"]
    assert "Volunteers" == refused(game, "K♠ → space").rule
    assert refused(game, "K♠ → volunteer 8").rule == "Volunteers"
    assert refused(game, "K♠ → vacancy").rule == "Volunteers"
    order = shuffled(list(game.piles["talon"]), f"{game.seed}/1")
    game.play("redeal")
    assert [game.piles[v].top for v in ("volunteer 7", "volunteer 8")] == order[:2]
    assert list(reversed(game.piles["pack"].cards)) == order[2:]


# ---------------------------------------------------------------------------- which cards move
def test_only_the_uppermost_card_of_a_volunteer_moves_by_the_book() -> None:
    game = RedAndBlack.arrange(ROW)
    run = Move("move", tuple(parse_cards("9♠ 8♥ 7♣")), "volunteer 1", "volunteer 2", "9♠ → 10♦")
    assert refused(game, run).rule == "Volunteers"
    assert refused(game, "9♠ → 10♦").rule == "Volunteers"
    assert refused(game, "8♥ → foundation").rule == "Volunteers"


def test_sequences_option_moves_runs_whole_or_in_part() -> None:
    game = RedAndBlack.arrange({**ROW, 8: "9♣"}, sequences=True)
    names = {str(m) for m in game.legal_moves()}
    assert {"9♠ → 10♦", "8♥ → 9♣"} <= names
    game.play("8♥ → 9♣")  # the top two cards of volunteer 1 go onto the other black nine
    assert str(game.piles["volunteer 8"]) == "9♣ 8♥ 7♣" and str(game.piles["volunteer 1"]) == "9♠"
    broken = Move("move", tuple(parse_cards("10♦ 9♠")), "volunteer 2", "volunteer 1", "10♦ → 9♠")
    assert refused(game, broken).rule == "Volunteers"


def test_a_run_is_not_played_to_a_foundation_whole() -> None:
    game = RedAndBlack.arrange({**ROW, 7: "3♦ 2♠"}, foundations="2♦", sequences=True)
    run = Move("move", tuple(parse_cards("3♦ 2♠")), "volunteer 7", "foundation 1", "3♦ → foundation")
    assert refused(game, run).rule == "Foundations"


def test_cards_of_the_pack_talon_and_foundations_are_refused_by_their_rules() -> None:
    game = RedAndBlack.arrange(ROW, talon="6♦ K♠", foundations="2♥")
    assert refused(game, "6♦ → 7♣").rule == "Talon"
    pack_card = game.piles["pack"].top
    assert refused(game, Move("move", (pack_card,), "pack", "volunteer 1", "x")).rule == "Deal"
    two = card("2♥")
    assert refused(game, Move("move", (two,), "foundation 5", "volunteer 3", "x")).rule == "Foundations"
    assert refused(game, Move("move", (card("K♠"),), "talon", "talon", "x")).rule == "Play"
    assert refused(game, Move("move", (card("Q♥"),), "volunteer 8", "pack", "x")).rule == "Talon"


# ---------------------------------------------------------------------------- the deal and the re-deal
def test_deal_when_blocked_and_any() -> None:
    game = RedAndBlack.arrange({**ROW, 7: "2♦"})
    problem = refused(game, "deal")
    assert problem.rule == "Deal" and "2♦ can be played" in str(problem)
    loose = RedAndBlack.arrange({**ROW, 7: "2♦"}, deal_when="any")
    assert str(loose.play("turn")) == "deal"


def test_the_card_on_the_talon_must_be_played_before_the_next_deal() -> None:
    game = RedAndBlack.arrange(ROW, pack="2♣ 9♥")
    game.play("deal")
    assert refused(game, "deal").rule == "Deal"
    game.play("2♣ → foundation")
    game.play("deal")
    assert str(game.piles["talon"]) == "9♥"


def test_exhausted_pack_and_spent_redeal() -> None:
    game = RedAndBlack.arrange(
        {1: "K♦", 2: "K♣", 3: "K♥", 4: "K♠", 5: "K♦", 6: "Q♠", 7: "K♠", 8: "K♥"},
        foundations="Q♦ Q♦ Q♣ Q♣ Q♥ Q♥ J♠ J♠", talon="K♣ Q♠",
    )
    assert str(refused(game, "deal")) == "Deal — the pack is exhausted (the talon may be re-dealt)"
    game.play("redeal")
    assert game.counters["redeals"] == 1 and len(game.piles["pack"]) == 2
    while game.piles["pack"].cards:
        game.play(game.legal_moves()[0])
    assert str(refused(game, "deal")) == "Deal — the pack is exhausted"
    assert refused(game, "redeal").reason == "the talon may be re-dealt only once"


def test_redeal_needs_a_talon_and_an_exhausted_pack() -> None:
    empty = RedAndBlack.arrange({1: "K♠", 2: "Q♠", 3: "K♠", 4: "Q♠"}, foundations="K♦ K♦ K♣ K♣ K♥ K♥ J♠ J♠")
    assert refused(empty, "redeal").reason == "there is no talon to take up"
    assert refused(RedAndBlack.from_plate(), "redeal").reason == "the talon is taken up only when the pack is exhausted"


def test_redeal_is_reproducible_and_seeded() -> None:
    late = RedAndBlack.arrange(
        {1: "K♦", 2: "K♣", 3: "K♥", 4: "K♠", 5: "K♦", 6: "Q♠", 7: "K♠", 8: "K♥"},
        foundations="Q♦ Q♦ Q♣ Q♣ Q♥ Q♥ J♠ J♠", talon="K♣ Q♠",
    )
    text = str(late)
    first, second = RedAndBlack.from_position(text), RedAndBlack.from_position(text)
    first.play("redeal")
    second.play("redeal")
    assert first == second
    first.undo()
    assert str(first) == text


def test_more_or_no_redeals() -> None:
    row = {1: "K♥", 2: "K♥", 3: "K♠", 4: "K♠", 5: "Q♠", 6: "Q♠", 7: "Q♥", 8: "Q♥"}
    spent = {"foundations": "K♦ K♦ K♣ K♣ J♥ J♥ 10♠ 10♠", "talon": "J♠ J♠"}
    assert refused(RedAndBlack.arrange(row, redeals=0, **spent), "redeal").reason == "this game has no re-deal"
    two = RedAndBlack.arrange(row, redeals=2, deal_when="any", **spent)
    for move in ("redeal", "deal", "deal", "redeal", "deal", "deal"):
        two.play(move)
    assert two.counters["redeals"] == 2
    assert refused(two, "redeal").reason == "the talon may be re-dealt only twice"


def test_options_are_checked() -> None:
    with pytest.raises(UnknownOption):
        patience.load(f"{SLUG}(refill=tableau)")
    with pytest.raises(UnknownOption):
        patience.load(f"{SLUG}(deal_when=never)")
    with pytest.raises(UnknownOption):
        patience.load(f"{SLUG}(redeals=-1)")
    game = patience.load(f"{SLUG}(sequences=yes, refill=talon)", seed=4)
    assert game.spec == f"{SLUG}(refill=talon,sequences=true)"


# ---------------------------------------------------------------------------- notation
def test_notation_names_targets_by_card_pile_or_kind() -> None:
    game = RedAndBlack.from_plate()
    assert game.play("3H on 4S").target == "volunteer 1"
    game.undo()
    assert game.play("three of hearts to volunteer 1").target == "volunteer 1"
    game.undo()
    assert game.play("3♥ → volunteer").target == "volunteer 1"
    with pytest.raises(InvalidMove):
        game.play("3♥ → 5♦")
    with pytest.raises(IllegalMove, match="stays there"):
        game.play("A♣ → 2♣")


def test_two_equal_targets_are_told_apart_by_pile_name() -> None:
    game = RedAndBlack.from_plate()
    for move in ("3♥ → 4♠", "10♣ → J♦", "Q♥ → K♣", "2♥ → foundation", "3♥ → foundation"):
        game.play(move)
    # the 4♠ that refilled volunteer 4 and the 4♠ of volunteer 1
    assert [str(game.piles[v].top) for v in ("volunteer 1", "volunteer 4")] == ["4♠", "4♠"]
    game.play("deal")
    assert str(game.piles["talon"].top) == "3♦"
    assert game.play("3♦ → volunteer 4").target == "volunteer 4"


# ---------------------------------------------------------------------------- picture and record
def test_layout_puts_the_pack_below_the_longest_volunteer() -> None:
    short = RedAndBlack.arrange(ROW)
    tall = RedAndBlack.arrange({**ROW, 2: "K♠ Q♥ J♠ 10♥ 9♠ 8♥ 7♠"})
    def pack_y(game: RedAndBlack) -> float:
        return next(spot.y for spot in game.layout() if spot.pile == "pack")

    assert pack_y(tall) > pack_y(short)
    assert {s.pile for s in tall.layout()} == set(tall.piles)
    assert render.text(tall).splitlines()[-1].startswith("pack ##×")


def test_the_worked_game_is_won_from_the_plate() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == RedAndBlack.from_plate()
    end = record.replay()
    assert end.is_won and end.result == "won"
    assert sum(m.kind == "redeal" for m in record.moves) == 1
    assert str(record.moves[0]) == "3♥ → 4♠", "the game opens with the text's own example"


# ---------------------------------------------------------------------------- for the solver
@pytest.mark.parametrize("options", [{}, {"deal_when": "any"}, {"refill": "talon"}, {"sequences": True},
                                     {"redeals": 0}, {"redeals": 2, "sequences": True, "refill": "talon"}])
def test_fast_legal_moves_are_the_legal_moves_of_moves_on_random_positions(options, legal_moves_checked) -> None:
    import random

    for seed in range(1, 3):
        game = RedAndBlack.deal(seed, **options)
        legal_moves_checked(game, random.Random(seed), 250)


def test_a_card_goes_up_safely_once_the_cards_that_could_lie_on_it_are_up() -> None:
    game = RedAndBlack.arrange({**ROW, 3: "J♣ 5♥"}, foundations="4♥ 4♥ 4♠ 4♠ 4♣ 4♣")
    assert str(game.safe_move(game.useful_moves())) == "5♥ → foundation"
    early = RedAndBlack.arrange({**ROW, 3: "J♣ 5♥"}, foundations="4♥ 4♥ 4♠ 4♠ 4♣ 3♣")
    assert early.safe_move(early.useful_moves()) is None, "a 4♣ may still be placed on the 5♥"
    other = RedAndBlack.arrange({**ROW, 3: "J♣ 5♥"}, foundations="4♥ 2♥ 4♠ 4♠ 4♣ 4♣", talon="5♥ 3♥")
    assert other.safe_move(other.useful_moves()) is None, \
        "the other 5♥ may have to go up first, to free the 3♥ under it for the other foundation"


def test_a_card_that_would_leave_a_vacancy_or_change_a_redeal_is_not_played_up_unasked() -> None:
    alone = RedAndBlack.arrange({**ROW, 3: "5♥"}, foundations="4♥ 4♥ 4♠ 4♠ 4♣ 4♣")
    assert alone.safe_move(alone.useful_moves()) is None, "the next card of the pack would fill its place"
    talon = RedAndBlack.arrange(ROW, foundations="4♥ 4♥ 4♠ 4♠ 4♣ 4♣", talon="5♥")
    assert talon.safe_move(talon.useful_moves()) is None, "the re-deal would shuffle it with the talon"
    spent = RedAndBlack.arrange(ROW, foundations="4♥ 4♥ 4♠ 4♠ 4♣ 4♣", talon="5♥", redeals=0)
    assert str(spent.safe_move(spent.useful_moves())) == "5♥ → foundation"


def test_the_volunteers_are_alike_for_the_solver() -> None:
    game = RedAndBlack.from_plate()
    twin = RedAndBlack.from_position(str(game).replace("volunteer 1:", "volunteer 0:")
                                     .replace("volunteer 8:", "volunteer 1:").replace("volunteer 0:", "volunteer 8:"))
    assert twin.state_key() != game.state_key() and twin.solver_key() == game.solver_key()


def test_a_move_that_leaves_the_talon_could_have_come_before_the_deal() -> None:
    game = RedAndBlack.arrange({**ROW, 3: "2♣ 5♣", 7: "2♦"}, talon="K♠", pack="7♠", deal_when="any")
    deal = game.play("deal")
    assert game.independent(deal, game.parse_move("5♣ → 6♥"))
    assert not game.independent(deal, game.parse_move("2♦ → foundation")), "the pack would fill its place"
    blocked = RedAndBlack.arrange({**ROW, 3: "2♣ 5♣"}, talon="K♠", pack="7♠")
    deal = blocked.play("deal")
    assert not blocked.independent(deal, blocked.parse_move("5♣ → 6♥")), "it uncovers the 2♣: the pack waits"
