"""Two Rings (Lady Cadogan, plate 038): the rings, the bracelet and its vacancies, the talon, the
re-deal taken up in order, the options, the plate and the worked game."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from patience import IllegalMove, InvalidMove, InvalidPosition, Move, Record, load
from patience.cards import Card, Rank, shuffled, whist_pack
from patience.errors import UnknownOption
from patience.games.two_rings import (
    BRACELET,
    PLATE_BRACELET,
    RING_SUITS,
    SEVENS,
    SIXES,
    TwoRings,
)

RECORD = Path(__file__).parents[2] / "src" / "patience" / "records" / "two-rings.txt"


def tops(game: TwoRings, names) -> list[str]:
    return [str(game.piles[n].top or "--") for n in names]


def test_the_deal_withdraws_the_sevens_and_sixes_and_deals_the_bracelet() -> None:
    game = load("two-rings", seed=7)
    assert tops(game, SEVENS) == [f"7{s.symbol}" for s in RING_SUITS]
    assert tops(game, SIXES) == [f"6{s.symbol}" for s in RING_SUITS]
    rest = [c for c in shuffled(whist_pack(2), 7) if c.rank not in (Rank.SIX, Rank.SEVEN)]
    assert tops(game, BRACELET) == [str(c) for c in rest[:8]]
    pack = game.piles["pack"]
    assert len(pack) == 80 and pack.face_down == 80 and pack.top == rest[8]
    assert game.piles["talon"].is_empty and game.counters == {"redeals": 0}
    assert Counter(game.cards()) == Counter(whist_pack(2))


def test_a_dealt_card_fills_the_first_vacancy_else_goes_to_the_talon() -> None:
    game = TwoRings.arrange("8♣ 2♠ 8♣ K♦ Q♦ J♦ 10♦ 9♦", pack="K♠ Q♠ J♠")
    game.play("deal")
    assert str(game.piles["talon"]) == "K♠"
    game.play("8♣ → foundation")
    assert game.piles["bracelet 1"].is_empty
    game.play("8♣ → foundation")  # the second 8♣, on the other 7♣
    assert tops(game, SEVENS[:5:4]) == ["8♣", "8♣"]
    game.play("deal")
    assert str(game.piles["bracelet 1"]) == "Q♠" and game.piles["bracelet 3"].is_empty
    game.play("deal")
    assert str(game.piles["bracelet 3"]) == "J♠" and str(game.piles["talon"]) == "K♠"


def test_only_the_top_of_the_talon_is_available() -> None:
    game = TwoRings.arrange("K♦", talon="8♠ 9♠ 3♥")
    with pytest.raises(IllegalMove, match="Talon — only the top card of the talon is available \\(8♠\\)"):
        game.play("8♠ → foundation")
    with pytest.raises(IllegalMove, match="the sevens ascend in sequence to kings \\(K♦ on 7♦\\)"):
        game.play("K♦ → foundation")
    closed = TwoRings.arrange(talon="3♥ 8♠", play_talon=False)
    with pytest.raises(IllegalMove, match="Re-deal — the talon's cards come into use only when it is re-dealt"):
        closed.play("8♠ → foundation")
    assert not [m for m in closed.legal_moves() if m.kind == "move"]


def test_cards_go_from_the_bracelet_and_talon_only_to_the_foundations() -> None:
    game = TwoRings.arrange("9♥ 10♥ -- Q♣", talon="K♠")
    with pytest.raises(IllegalMove, match="only to the foundations \\(9♥ on 10♥\\)"):
        game.play("9♥ → 10♥")
    with pytest.raises(IllegalMove, match="only the unsuitable cards of the pack are placed on the talon"):
        game.play("Q♣ → talon")
    with pytest.raises(IllegalMove, match="vacancies in the bracelet are refilled from the pack \\(K♠\\)"):
        game.play("K♠ → space")
    with pytest.raises(IllegalMove, match="refilled from the pack"):
        game.play("K♠ → bracelet 3")
    filler = TwoRings.arrange("9♥ 10♥ -- Q♣", talon="J♠ K♠", fill_from="pack-or-talon")
    filler.play("K♠ → space")
    assert str(filler.piles["bracelet 3"]) == "K♠" and str(filler.piles["talon"]) == "J♠"


def test_the_foundations_follow_suit_and_go_their_own_way() -> None:
    game = TwoRings.arrange("8♥ 5♥ 9♣ 4♦ A♠")
    with pytest.raises(IllegalMove, match="^Rule — the foundations follow suit \\(8♥ on 7♣\\)$"):
        game.play("8♥ → foundation 1")
    with pytest.raises(IllegalMove, match="Foundations — the sevens ascend in sequence to kings \\(9♣ on 7♣\\)"):
        game.play("9♣ → foundation")
    with pytest.raises(IllegalMove, match="the sixes descend in sequence to aces \\(4♦ on 6♦\\)"):
        game.play("4♦ → foundation")
    with pytest.raises(IllegalMove, match="the sixes descend in sequence to aces \\(A♠ on 6♠\\)"):
        game.play("A♠ → foundation")
    with pytest.raises(IllegalMove, match="the sevens ascend in sequence to kings \\(5♥ on 7♥\\)"):
        game.play("5♥ → foundation 4")
    move = game.play("8♥ → foundation")
    assert move.target == SEVENS[3]
    game.play("5♥ → foundation")
    back = Move("move", (Card.parse("5♥"),), SIXES[3], "bracelet 2", "5♥ → space")
    assert str(game.violation(back)) == "Foundations — a card played to a foundation stays there (5♥)"
    both = TwoRings.arrange("K♦", sixes="-- -- -- 4♥ -- -- -- 4♥")
    with pytest.raises(IllegalMove, match="Foundations — a card played to a foundation stays there \\(5♥\\)"):
        both.play("5♥ → foundation")


def test_a_card_in_the_pack_is_not_dealt_yet_and_nonsense_is_invalid() -> None:
    game = TwoRings.from_plate()
    with pytest.raises(IllegalMove, match="Bracelet — the card has not been dealt yet \\(8♠\\)"):
        game.play("8♠ → foundation")
    with pytest.raises(InvalidMove):
        game.play("4♦ → 9")
    with pytest.raises(InvalidMove):
        game.play("shuffle")


#: A late position: the pack exhausted, both queens and both kings of spades on the talon, the kings
#: uppermost, so that nothing can be played.
BLOCKED = {"talon": "Q♠ Q♠ K♠ K♠", "sevens": "K♣ K♦ J♠ K♥ K♣ K♦ J♠ K♥", "sixes": "A♣ A♦ A♠ A♥ A♣ A♦ A♠ A♥"}


def test_the_redeal_takes_up_the_talon_in_order() -> None:
    game = TwoRings.arrange(**BLOCKED)
    assert [str(m) for m in game.legal_moves()] == ["redeal"]
    with pytest.raises(IllegalMove, match="Re-deal — the pack is exhausted: take up the talon"):
        game.play("deal")
    game.play("redeal")
    assert game.counters["redeals"] == 1 and game.piles["talon"].is_empty
    assert [str(c) for c in reversed(game.piles["pack"].cards)] == ["Q♠", "Q♠", "K♠", "K♠"]
    for _ in range(4):
        game.play("deal")
    assert tops(game, BRACELET) == ["Q♠", "Q♠", "K♠", "K♠", "--", "--", "--", "--"]
    with pytest.raises(IllegalMove, match="Re-deal — the talon may be re-dealt only once"):
        game.play("redeal")
    with pytest.raises(IllegalMove, match="^Bracelet — the pack is exhausted$"):
        game.play("deal")
    for move in ("Q♠ → foundation", "Q♠ → foundation", "K♠ → foundation", "K♠ → foundation"):
        game.play(move)
    assert game.result == "won"


def test_with_no_redeal_left_the_blocked_game_is_lost() -> None:
    game = TwoRings.arrange(**BLOCKED, redeals=0)
    assert game.legal_moves() == [] and game.result == "lost"
    with pytest.raises(IllegalMove, match="this game has no re-deal"):
        game.play("redeal")
    spent = TwoRings.arrange(**BLOCKED)
    spent.counters["redeals"] = 1
    assert spent.result == "lost"


@pytest.mark.parametrize(("take_up", "order"), [("top-first", ["K♠", "K♠", "Q♠", "Q♠"]),
                                                ("turned", ["Q♠", "Q♠", "K♠", "K♠"])])
def test_the_take_up_options(take_up: str, order: list[str]) -> None:
    game = TwoRings.arrange(**BLOCKED, take_up=take_up)
    game.play("redeal")
    assert [str(c) for c in reversed(game.piles["pack"].cards)] == order


def test_a_shuffled_redeal_is_reproducible() -> None:
    made = []
    for _ in range(2):
        game = TwoRings.arrange(**BLOCKED, take_up="shuffled")
        game.seed = 5
        game.play("redeal")
        made.append(game.piles["pack"])
    assert made[0] == made[1]
    assert Counter(made[0].cards) == Counter(Card.parse(t) for t in BLOCKED["talon"].split())


def test_the_redeal_waits_for_the_pack_and_needs_a_talon() -> None:
    game = load("two-rings", seed=3)
    with pytest.raises(IllegalMove, match="Re-deal — the talon is taken up when the pack is exhausted \\(80 cards"):
        game.play("redeal")
    empty = TwoRings.arrange("Q♠ Q♠ K♠ K♠", sevens=BLOCKED["sevens"], sixes=BLOCKED["sixes"])
    with pytest.raises(IllegalMove, match="Re-deal — the talon is empty"):
        empty.play("redeal")
    with pytest.raises(UnknownOption):
        load("two-rings(redeals=-1)")


def test_the_rings_of_kings_and_aces_win() -> None:
    game = TwoRings.arrange("K♥", talon="A♥", sevens="K♣ K♦ K♠ K♥ K♣ K♦ K♠ Q♥",
                            sixes="A♣ A♦ A♠ A♥ A♣ A♦ A♠ 2♥")
    assert game.result == "in play"
    game.play("K♥ → foundation")
    game.play("A♥ → foundation")
    assert game.is_won and game.result == "won"
    assert set(tops(game, SEVENS)) == {"K♣", "K♦", "K♠", "K♥"} and set(tops(game, SIXES)) == {"A♣", "A♦", "A♠", "A♥"}


def test_arrange_refuses_a_ring_card_of_the_wrong_suit() -> None:
    with pytest.raises(InvalidPosition, match="foundation 1 is of clubs"):
        TwoRings.arrange(sevens="9♥")
    with pytest.raises(InvalidPosition, match="eight places"):
        TwoRings.arrange("A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣ 2♠")


@pytest.mark.parametrize("options", [{}, {"fill_from": "pack-or-talon"}, {"play_talon": False},
                                     {"take_up": "top-first", "redeals": 2}, {"take_up": "shuffled"}])
def test_fast_legal_moves_are_the_filtered_candidates(options: dict, legal_moves_checked) -> None:
    for seed in range(1, 3):
        game = TwoRings.deal(seed=seed, **options)
        legal_moves_checked(game, random.Random(seed), 300)


def test_the_plate() -> None:
    plate = TwoRings.from_plate()
    assert tops(plate, BRACELET) == PLATE_BRACELET.split()
    assert [str(m) for m in plate.legal_moves()] == ["deal"]
    assert len(plate.piles["pack"]) == 80 and plate.piles["talon"].is_empty


def test_the_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    game = record.replay()
    assert game.is_won and game.counters["redeals"] == 1
    assert record.start == TwoRings.deal(seed=1)


# ---------------------------------------------------------------------------- for the solver
def test_the_two_foundations_of_a_suit_in_a_ring_are_alike_for_the_solver() -> None:
    game = TwoRings.arrange("8♣ -- K♦", sevens="9♣")
    twin = TwoRings.arrange("8♣ -- K♦", sevens="-- -- -- -- 9♣")
    assert twin.solver_key() == game.solver_key() and twin.state_key() != game.state_key()
    assert TwoRings.arrange("-- 8♣ K♦", sevens="9♣").solver_key() != game.solver_key(), \
        "the places of the bracelet are not alike: the next card dealt goes to the first vacancy"


def test_a_card_goes_up_unasked_only_once_nothing_can_change_where_the_cards_go() -> None:
    talon = {"bracelet": "A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣", "talon": "K♠ 10♣", "sevens": "9♣ -- -- -- 9♣"}
    spent = TwoRings.arrange(**talon, redeals=0)
    assert str(spent.safe_move(spent.useful_moves())) == "10♣ → foundation"
    assert TwoRings.arrange(**talon).safe_move(TwoRings.arrange(**talon).useful_moves()) is None, \
        "the re-deal would deal the 10♣ again"
    other = TwoRings.arrange(**{**talon, "sevens": "9♣ -- -- -- 8♣"}, redeals=0)
    assert other.safe_move(other.useful_moves()) is None, "the other 10♣ may have to go up there first"
    spaced = TwoRings.arrange(**talon, redeals=0, fill_from="pack-or-talon")
    assert spaced.safe_move(spaced.useful_moves()) is None, "the 10♣ might fill a vacancy"
    bracelet = TwoRings.arrange("10♣ A♠", sevens="9♣ -- -- -- 9♣", redeals=0)
    assert bracelet.safe_move(bracelet.useful_moves()) is None, "the next card dealt would take its place"
