"""Intrigue: the oddities the chapter does not show (where each card of the deal goes, the option
``from_pack``, transfers and their counter, the solver's hooks, bad input, the recorded worked game)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from conftest import refused

from patience import InvalidMove, InvalidPosition, Record, UnknownOption, load
from patience.games.intrigue import BOTTOMS, EXAMPLE, MIDDLES, TOPS, Intrigue

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "intrigue.txt"


def next_up(game: Intrigue, **piles: str) -> Intrigue:
    """``game``'s class arranged with ``piles`` (pile names with ``_`` for spaces) and the rest of
    the cards in the pack, the first of ``pack`` to be dealt first."""
    given = {name.replace("_", " "): cards for name, cards in piles.items()}
    if "pack" in given:
        given["pack"] = " ".join(reversed(given["pack"].split()))
    return Intrigue.arrange(given, rest="pack", **dict(game.options))  # type: ignore[return-value]


# ------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_first_queen_is_laid_out_and_the_rest_is_the_pack(seed: int) -> None:
    game = Intrigue.deal(seed)
    assert game.piles["middle 1"].cards[0].value == 12 and len(game.piles["middle 1"]) == 1
    pack = game.piles["pack"]
    assert len(pack) == 103 and pack.face_down == 103
    assert Counter(game.cards()) == Counter(game.pack())
    # the queen taken out is the first of the shuffled pack: the cards before it are dealt first
    assert game.current() == "middle 1" and game.inconsistencies() == []


def test_every_card_dealt_goes_where_the_rules_send_it() -> None:
    game = Intrigue.deal(2)
    while game.piles["pack"].cards:
        card = game.piles["pack"].top
        current, fives, sixes, queens = (game.current(), *(sum(1 for n in row if game.piles[n].cards)
                                                             for row in (BOTTOMS, TOPS, MIDDLES)))
        game.play("deal")
        if card.value == 5:
            assert game.piles[BOTTOMS[fives]].cards == (card,)
        elif card.value == 6:
            assert game.piles[TOPS[sixes]].cards == (card,)
        elif card.value == 12:
            assert game.piles[MIDDLES[queens]].cards == (card,) and game.current() == MIDDLES[queens]
        else:
            assert game.piles[current].top == card
    assert all(game.piles[n].cards for n in (*TOPS, *MIDDLES, *BOTTOMS))
    assert game.inconsistencies() == []


def test_a_card_from_the_pack_may_be_built_or_covered() -> None:
    game = next_up(Intrigue(), middle_1="Q♠ 9♣", top_1="6♥", pack="7♣ 8♦")
    game.play("deal")
    assert game.piles["middle 1"].top.value == 7
    assert [str(m) for m in game.legal_moves()] == ["deal", "7♣ → 6♥"]
    game.play("deal")  # the 7♣ is covered: it cannot be built until the 8♦ has gone
    assert str(game.piles["middle 1"]) == "Q♠ 9♣ 7♣ 8♦" and [str(m) for m in game.legal_moves()] == ["deal"]


def test_with_from_pack_must_the_deal_builds_a_card_that_fits() -> None:
    game = next_up(Intrigue(from_pack="must"), middle_1="Q♠ 9♣", top_1="6♥", top_2="6♠", pack="7♣ 8♦ 2♥")
    game.play("deal")
    game.play("deal")
    assert str(game.piles["top 1"]) == "6♥ 7♣ 8♦" and str(game.piles["top 2"]) == "6♠"
    game.play("deal")  # nothing takes a 2: it goes to the queen
    assert str(game.piles["middle 1"]) == "Q♠ 9♣ 2♥"
    assert game.spec == "intrigue(from_pack=must)"
    with pytest.raises(UnknownOption):
        Intrigue(from_pack="sometimes")


def test_the_example_under_from_pack_must_is_the_same_position() -> None:
    must = Intrigue.example(from_pack="must")
    assert must.spec == "intrigue(from_pack=must)" and must.piles == Intrigue.example().piles


# ------------------------------------------------------------------------ building
def test_the_bottom_row_goes_down_from_the_ace_to_the_king_and_no_further() -> None:
    game = next_up(Intrigue(), middle_1="Q♠ K♥ K♣ 4♦", bottom_1="5♠ 4♠ 3♠ 2♠ A♠")
    assert "Rule VI — the 5's are built downwards to the kings" in str(refused(game, "4♦ → A♠"))
    game = next_up(Intrigue(), middle_1="Q♠ K♥ K♣", bottom_1="5♠ 4♠ 3♠ 2♠ A♠")
    game.play("K♣ → A♠")
    assert "this packet is finished" in str(refused(game, "K♥ → K♣"))


def test_the_top_row_goes_up_to_the_knave_and_no_further() -> None:
    game = next_up(Intrigue(), middle_1="Q♠ 9♣ J♥", top_1="6♥ 7♥ 8♥ 9♥ 10♥", pack="2♣")
    game.play("J♥ → 10♥")
    assert str(refused(game, "9♣ → J♥")) == "Rule VII — the top row is built to the knaves, and this packet is finished (9♣ on J♥)"


def test_a_packet_of_the_rows_is_begun_only_by_the_deal() -> None:
    game = next_up(Intrigue(), middle_1="Q♠ 9♣")
    assert str(refused(game, "9♣ → top 1")) == ("Rule III — a packet of the top row is begun only by a 6, placed over the queen as "
                                          "it is dealt (9♣ on top 1)")


def test_cards_on_the_rows_and_in_the_pack_are_not_available() -> None:
    game = Intrigue.example()
    assert str(refused(game, "9♠ → Q♠")) == "Rule V — the 5's and the 6's, and the cards built on them, stay in their rows (9♠)"
    assert "Rule VIII" in str(refused(game, "3♣ → 4♠"))
    fresh = Intrigue.deal(1)
    assert "Rule II — the card has not been dealt yet" in str(refused(fresh, "K♠ → 5♥"))


# ------------------------------------------------------------------------ transfers
def test_transfers_are_marked_and_their_queens_take_no_second_card() -> None:
    game = Intrigue.example()
    game.play("J♦ → Q♠")
    assert game.counters["transferred"] == 2 and game.used("middle 2") and not game.used("middle 1")
    assert "Q♠*" in game.table() and "transferred=2" in str(game)
    game.play("J♦ → Q♦")  # moved again, to another queen: legal, but the queen it leaves is spent
    assert game.counters["transferred"] == 2 | 32 and len(game.piles["middle 2"]) == 1
    assert str(refused(game, "J♠ → Q♠")).startswith("Rule X — you may not transfer to a queen more than once")
    assert game.inconsistencies() == []


def test_a_move_from_a_queen_with_one_card_to_another_is_not_searched() -> None:
    game = Intrigue.example()
    game.play("J♦ → Q♠")
    legal, useful = game.legal_moves(), game.useful_moves()
    assert any(m.source == "middle 2" and m.target in MIDDLES for m in legal)
    assert not any(m.source == "middle 2" and m.target in MIDDLES for m in useful)
    # of the two queens of diamonds and the queen of hearts that have received nothing, one is tried
    assert [str(m) for m in useful if m.source == "middle 5"] == ["9♦ → Q♥"]


def test_transfer_refusals() -> None:
    game = next_up(Intrigue(), middle_1="Q♠ 9♣", middle_2="Q♥", pack="2♣")
    assert str(refused(game, "9♣ → Q♥")) == ("Rule X — a card is put on a queen only when all the cards have been dealt "
                                         "(9♣ on Q♥)")
    game = Intrigue.example()
    assert str(refused(game, "J♦ → 9♦")) == "Rule X — a card is put only on an exposed queen (J♦ on 9♦)"
    assert "Rule IV — a queen is dealt upon where she turns up" in str(refused(game, "Q♠ → Q♥"))
    assert "Rule I — the queen taken out stays" in str(refused(Intrigue.deal(1), "Q♣ → top 1"))


# ------------------------------------------------------------------------ bad input
@pytest.mark.parametrize("text, error", [("", InvalidMove), ("X♠ → Q♠", InvalidMove), ("J♦ → Z9", InvalidMove),
                                         ("shuffle", InvalidMove), (None, TypeError), (7, TypeError)])
def test_bad_input_leaves_the_game_as_it_was(text: object, error: type[Exception]) -> None:
    game = Intrigue.example()
    before = str(game)
    with pytest.raises(error):
        game.play(text)  # type: ignore[arg-type]
    assert str(refused(game, "deal")) == "Rule II — all the cards have been dealt"
    assert str(game) == before and not game.history


@pytest.mark.parametrize("change, fault", [
    (("middle 9", "Q♠"), "unknown pile"),
    (("top 1", "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠"), "not those of the pack"),
])
def test_malformed_positions_are_refused(change: tuple[str, str], fault: str) -> None:
    name, cards = change
    lines = [line for line in EXAMPLE.splitlines() if not line.startswith(name + ":")]
    with pytest.raises(InvalidPosition, match=fault):
        Intrigue.from_position("\n".join(lines + [f"{name}: {cards}"]))


def test_what_no_game_can_reach() -> None:
    game = Intrigue.example()
    game.piles["middle 7"], game.piles["middle 8"] = game.piles["middle 8"], game.piles["middle 7"]
    assert game.inconsistencies() == []  # the queens' order is not known
    game.piles["top 7"], game.piles["bottom 8"] = game.piles["bottom 8"], game.piles["top 7"]
    assert game.inconsistencies() == ["bottom 8 begins with 6♦", "top 7 begins with 5♣"]
    game = Intrigue.deal(3)
    game.counters["transferred"] = 1
    assert game.inconsistencies() == ["a card has been put on a queen under Rule X before the deal is over"]
    game.counters["transferred"] = 256
    assert game.inconsistencies() == ["transferred=256 names no set of queens"]


# ------------------------------------------------------------------------ for the solver
def test_the_key_knows_cards_by_value_and_packets_by_height() -> None:
    game = Intrigue.example()
    twin = Intrigue.from_position(EXAMPLE.replace("top 1: 6♠ 7♠", "top 1: 6♠ 7♥").replace("top 2: 6♥ 7♥",
                                                                                              "top 2: 6♥ 7♠"))
    assert twin.solver_key() == game.solver_key() and twin.state_key() != game.state_key()
    moved = game.copy()
    moved.play("J♦ → Q♠")
    other = game.copy()
    other.play("J♦ → Q♥")
    assert moved.solver_key() == other.solver_key()


def test_a_build_is_safe_only_when_every_packet_of_its_row_wants_it_or_more() -> None:
    game = Intrigue.example()
    game.play("J♦ → Q♠")
    useful = game.useful_moves()
    # the 3♣ goes on the 4♠, but the bottom row has packets at 5: not safe
    assert game.safe_move(useful) is None
    sixes = "6♥ 6♠ 6♦ 6♣ 6♥ 6♠ 6♦ 6♣".split()
    low = next_up(Intrigue(), middle_1="Q♠ 9♦ 7♣", **{f"top_{i}": six for i, six in enumerate(sixes, start=1)})
    assert str(low.safe_move(low.useful_moves())) == "7♣ → 6♥"


def test_a_build_after_a_deal_is_independent_unless_it_uses_the_dealt_card() -> None:
    game = next_up(Intrigue(), middle_1="Q♠ 9♣ 4♦", top_1="6♥", bottom_1="5♠", pack="7♣")
    deal = game.play("deal")
    assert [str(m) for m in game.legal_moves()] == ["deal", "7♣ → 6♥"]  # the 4♦ is covered
    assert not game.independent(deal, game.legal_moves()[1])
    game = next_up(Intrigue(), middle_1="Q♠ 4♦", middle_2="Q♥ 9♣", top_1="6♥", bottom_1="5♠", pack="7♣")
    deal = game.play("deal")
    assert game.independent(deal, next(m for m in game.legal_moves() if str(m) == "4♦ → 5♠"))


def test_random_play_to_the_end_keeps_both_paths_together(legal_moves_checked) -> None:
    for options in ({}, {"from_pack": "must"}):
        game = Intrigue.deal(5, **options)
        rng = random.Random(5)
        legal_moves_checked(game, rng, 400, sample=3,
                          choose=lambda r, legal: next((m for m in legal if m.kind == "move"), r.choice(legal)))
        assert game.is_over and game.inconsistencies() == []


# ------------------------------------------------------------------------ picture and record
def test_the_bottom_row_is_drawn_below_the_longest_packet_of_the_middle_row() -> None:
    spots = {s.pile: s for s in Intrigue.example().layout()}
    assert spots["bottom 1"].y > spots["middle 8"].y + 3 and spots["top 1"].y == 0
    short = {s.pile: s for s in Intrigue.deal(1).layout()}
    assert short["bottom 1"].y < spots["bottom 1"].y


def test_the_recorded_worked_game_replays_to_a_win() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("intrigue", seed=1)
    game = record.replay()
    assert game.is_won and game.result == "won"
    assert all(len(game.piles[n]) == 6 for n in (*TOPS, *BOTTOMS))
    assert {game.piles[n].top.value for n in TOPS} == {11} and {game.piles[n].top.value for n in BOTTOMS} == {13}


def test_the_chapter_draws_the_example_the_engine_loads() -> None:
    chapter = (Path(__file__).resolve().parents[2] / "book" / "games" / "intrigue.md").read_text(encoding="utf-8")
    drawn = chapter.split("```{patience-diagram} intrigue\n", 1)[1].split("```", 1)[0]
    body = "\n".join(line for line in drawn.splitlines() if not line.startswith(":"))
    assert Intrigue.from_position(body) == Intrigue.example()
    assert body.strip() == EXAMPLE.strip()
