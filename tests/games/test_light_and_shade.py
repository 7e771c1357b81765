"""Light and Shade (Lady Cadogan, plate 024): the deal, the road from the talon through the Rivals and the
Auxiliaries to the foundations, the colours, the option, the plate and the worked game."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from patience import IllegalMove, InvalidMove, InvalidPosition, Record, load, render
from patience.cards import Card, Rank, shuffled, whist_pack
from patience.game import Move
from patience.games.light_and_shade import (
    AUXILIARIES,
    FOUNDATION_SUITS,
    FOUNDATIONS,
    PLATE_AUXILIARIES,
    PLATE_PACK,
    PLATE_RIVALS,
    RIVALS,
    LightAndShade,
)

RECORD = Path(__file__).parents[2] / "src" / "patience" / "records" / "light-and-shade.txt"


def tops(game: LightAndShade, names: tuple[str, ...]) -> list[str]:
    return [str(game.piles[n].top or "--") for n in names]


def test_the_aces_are_withdrawn_and_eight_cards_dealt_in_order() -> None:
    game = load("light-and-shade", seed=7)
    order = [c for c in shuffled(whist_pack(2), 7) if c.rank != Rank.ACE]
    assert [game.piles[f].top.suit for f in FOUNDATIONS] == list(FOUNDATION_SUITS)
    assert all(len(game.piles[f]) == 1 and game.piles[f].top.rank == Rank.ACE for f in FOUNDATIONS)
    assert tops(game, AUXILIARIES + RIVALS) == [str(c) for c in order[:8]]
    pack = game.piles["pack"]
    assert len(pack) == 88 and pack.face_down == 88 and pack.top == order[8]
    assert game.piles["talon"].is_empty
    assert Counter(game.cards()) == Counter(whist_pack(2))


def test_each_deal_turns_the_next_card_onto_the_talon_until_the_pack_is_exhausted() -> None:
    game = load("light-and-shade", seed=7)
    order = list(reversed(game.piles["pack"].cards))
    for n in range(88):
        game.play("deal")
        assert game.piles["talon"].top == order[n] and game.piles["talon"].face_down == 0
    assert game.piles["pack"].is_empty
    with pytest.raises(IllegalMove, match="Talon — the pack is exhausted"):
        game.play("deal")
    with pytest.raises(IllegalMove, match="Re-deal — there is no re-deal"):
        game.play("redeal")


def test_foundations_alternate_colours_in_any_suit() -> None:
    game = LightAndShade.arrange(["K♠ 2♣", "K♣ 2♦", "K♥ 2♥", "3♦"], foundations="A♠ A♠ A♥")
    with pytest.raises(IllegalMove, match=r"Rule I — .* red ace, black deuce, .* \(2♥ on A♥\)"):
        game.play("2♥ → foundation 3")
    assert game.play("2♣ → foundation").target == "foundation 3"
    with pytest.raises(IllegalMove, match=r"Rule I — the foundations ascend in sequence \(3♦ on A♠\)"):
        game.play("3♦ → foundation 1")
    assert game.play("3♦ → foundation").target == "foundation 3"
    assert game.play("2♦ → foundation").target == "foundation 1"
    assert str(game.piles["foundation 3"]) == "A♥ 2♣ 3♦"


def test_a_card_that_fits_no_foundation_is_judged_against_one_of_the_other_colour() -> None:
    game = LightAndShade.arrange(["9♦"])
    assert game.foundation_for(Card.parse("9♦")) == "foundation 1"  # A♠: the sequence, not the colour
    with pytest.raises(IllegalMove, match=r"Rule I — the foundations ascend in sequence \(9♦ on A♠\)"):
        game.play("9♦ → foundation")


def test_auxiliaries_take_the_next_lower_card_of_the_other_colour_from_rivals_and_talon() -> None:
    game = LightAndShade.arrange(["9♥", "--"], rivals="8♣ 8♦ 7♠", talon="8♠")
    with pytest.raises(IllegalMove, match=r"Rule II — .* must alternate in colour \(8♦ on 9♥\)"):
        game.play("8♦ → 9♥")
    with pytest.raises(IllegalMove, match=r"Rule II — .* descend in sequence \(7♠ on 9♥\)"):
        game.play("7♠ → 9♥")
    assert game.play("8♠ → 9♥").source == "talon"
    game.undo()
    assert game.play("8♣ → 9♥").source == "rival 1"
    assert str(game.piles["auxiliary 1"]) == "9♥ 8♣"


def test_vacancies_auxiliaries_from_the_rivals_rivals_from_the_talon() -> None:
    game = LightAndShade.arrange(["9♥", "--"], rivals="-- 8♦", talon="8♠")
    with pytest.raises(IllegalMove, match=r"Rule III — vacancies in the Auxiliaries are filled .* the Rivals"):
        game.play("8♠ → auxiliary 2")
    with pytest.raises(IllegalMove, match=r"Rule III — vacancies in the Rivals are filled .* pack or talon"):
        game.play("8♦ → rival 1")
    with pytest.raises(IllegalMove, match=r"Rule III — a Rival is a single card"):
        game.play("8♠ → 8♦")
    assert game.play("8♦ → auxiliary 2").target == "auxiliary 2"
    assert game.play("8♠ → rival 1").target == "rival 1"
    assert game.play("8♠ → auxiliary").target == "auxiliary 1"  # the pile's kind names it too


def test_nothing_reaches_a_foundation_except_from_the_auxiliaries() -> None:
    game = LightAndShade.arrange([], rivals="2♣", talon="2♠")
    for card in ("2♣", "2♠"):
        with pytest.raises(IllegalMove, match="Auxiliaries — cards are played on the foundations only from"):
            game.play(f"{card} → foundation")
    candidates = [m for m in game.moves() if m.kind == "move" and m.target in FOUNDATIONS]
    assert candidates and not any(game.is_legal(m) for m in candidates)


def test_a_card_leaves_the_auxiliaries_only_for_a_foundation() -> None:
    game = LightAndShade.arrange(["J♣ 10♥", "--", "J♠"])
    for text in ("10♥ → J♠", "10♥ → auxiliary 2"):
        with pytest.raises(IllegalMove, match="Sequences — a card on the Auxiliaries leaves them only"):
            game.play(text)
    with pytest.raises(IllegalMove, match=r"Sequences — a sequence .* from its last card \(J♣\)"):
        game.play("J♣ → foundation")
    assert not any(m.source in AUXILIARIES and m.target in RIVALS for m in game.legal_moves())


def test_cards_buried_undealt_or_founded_are_refused_for_where_they_lie() -> None:
    game = LightAndShade.arrange([], talon="7♥ 6♦", pack="J♥")
    with pytest.raises(IllegalMove, match=r"Talon — only the top card of the talon is available \(7♥\)"):
        game.play("7♥ → rival 1")
    with pytest.raises(IllegalMove, match=r"Talon — the card has not been dealt yet \(J♥\)"):
        game.play("J♥ → rival 1")
    with pytest.raises(IllegalMove, match=r"Foundations — a card played to a foundation stays there"):
        game.play("A♠ → rival 1")
    jack = game.piles["pack"].top
    assert game.violation(Move("move", (jack,), "pack", "rival 1")).rule == "Talon"
    ace = game.piles["foundation 1"].top
    assert game.violation(Move("move", (ace,), "foundation 1", "rival 1")).rule == "Foundations"
    seven = game.piles["talon"].cards[0]
    assert game.violation(Move("move", (seven,), "talon", "rival 1")).rule == "Talon"


def test_unreadable_moves_are_invalid_not_illegal() -> None:
    game = LightAndShade.from_plate()
    with pytest.raises(InvalidMove):
        game.play("shuffle the Rivals")
    with pytest.raises(InvalidMove):
        game.play("8♣ → 4♠")  # no 4♠ takes a card here
    assert game.violation(Move("turn", notation="turn")).rule == "Play"


def test_the_option_sends_pack_and_talon_through_the_rivals() -> None:
    game = LightAndShade.arrange(["9♥"], talon="8♠", talon_to_auxiliaries=False)
    assert game.spec == "light-and-shade(talon_to_auxiliaries=false)"
    with pytest.raises(IllegalMove, match="Rule III — cards from the pack or talon pass into the Auxiliaries only"):
        game.play("8♠ → 9♥")
    game.play("8♠ → rival 1")
    assert game.play("8♠ → 9♥").source == "rival 1"
    assert load("light-and-shade(talon_to_auxiliaries=no)", seed=2).options.talon_to_auxiliaries is False


def test_arrange_builds_foundations_in_the_colours_of_rule_one() -> None:
    game = LightAndShade.arrange([], foundations="K♠ K♠ K♥ K♥ K♣ K♣ K♦ K♦")
    assert game.is_won
    for name in FOUNDATIONS:
        cards = game.piles[name].cards
        assert [c.value for c in cards] == list(range(1, 14))
        assert all(a.is_red != b.is_red for a, b in pairwise(cards))
    with pytest.raises(InvalidPosition, match="cannot top a foundation on the ace of spades"):
        LightAndShade.arrange([], foundations="3♥")
    with pytest.raises(InvalidPosition, match="8 foundations"):
        LightAndShade.arrange([], foundations=" ".join(["A♠"] * 9))


def test_the_rivals_are_drawn_below_the_longest_auxiliary() -> None:
    game = LightAndShade.arrange(["K♠ Q♥ J♠ 10♥ 9♠ 8♥ 7♠"], rivals="2♣")
    spots = {s.pile: s for s in game.layout()}
    assert set(spots) == set(game.piles)
    assert spots["rival 1"].y > load("light-and-shade", seed=1).layout()[-1].y
    assert spots["auxiliary 1"].x == spots["rival 1"].x
    assert render.text(game).splitlines()[2:4] == ["K♠  --  --  --", "Q♥"]


def test_the_plate_position() -> None:
    plate = LightAndShade.from_plate()
    assert " ".join(tops(plate, AUXILIARIES)) == PLATE_AUXILIARIES
    assert " ".join(tops(plate, RIVALS)) == PLATE_RIVALS
    assert [str(c) for c in reversed(plate.piles["pack"].cards)] == PLATE_PACK.split()
    rest = Counter(whist_pack(2))
    rest.subtract(c for p in plate.piles if p != "pack" for c in plate.piles[p])
    in_order = [c for c in whist_pack(2) if rest[c] > 0 and not rest.subtract([c])]
    assert [str(c) for c in shuffled(in_order, 7)] == PLATE_PACK.split()
    assert [str(m) for m in plate.legal_moves()] == ["deal"]


def test_random_play_only_ever_founds_cards_from_the_auxiliaries_in_alternate_colours() -> None:
    for seed in range(1, 6):
        game, rng = load("light-and-shade", seed=seed), random.Random(seed)
        while not game.is_over:
            move = rng.choice(game.legal_moves())
            if move.kind == "move" and move.target in FOUNDATIONS:
                assert move.source in AUXILIARIES
            game.play(move)
        for name in FOUNDATIONS:
            cards = game.piles[name].cards
            assert all(a.is_red != b.is_red and b.value == a.value + 1 for a, b in pairwise(cards))
        assert game.result == "lost"


def test_the_worked_game_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == load("light-and-shade", seed=4)
    game = record.replay()
    assert game.is_won and game.result == "won"
    assert sum(m.kind == "deal" for m in record.moves) == 88, "the pack is dealt once, card by card"
    founded = [m for m in record.moves if m.target is not None and m.target.startswith("foundation")]
    assert len(founded) == 96 and {m.source.split()[0] for m in founded} == {"auxiliary"}, \
        "every card but the aces reaches its foundation from the Auxiliaries"


# ---------------------------------------------------------------------------- for the solver
@pytest.mark.parametrize("talon_to_auxiliaries", [True, False])
def test_fast_legal_moves_are_the_legal_moves_of_moves_on_random_positions(talon_to_auxiliaries: bool, legal_moves_checked) -> None:
    for seed in range(1, 3):
        game = LightAndShade.deal(seed, talon_to_auxiliaries=talon_to_auxiliaries)
        legal_moves_checked(game, random.Random(seed), 250)


def test_two_foundations_that_differ_are_named_and_the_solver_tries_one() -> None:
    game = LightAndShade.arrange(["2♠"], rivals="K♣ K♣ K♦ K♦")
    legal = [str(m) for m in game.legal_moves()]
    assert game.legal_moves() == [m for m in game.moves() if game.is_legal(m)]
    assert [m for m in legal if m.startswith("2♠")] == ["2♠ → foundation 3", "2♠ → foundation 7"]
    assert [str(m) for m in game.useful_moves() if str(m).startswith("2♠")] == ["2♠ → foundation 3"]


def test_the_solver_sees_values_and_colours_not_suits_nor_places() -> None:
    game = LightAndShade.arrange(["9♥ 8♣", "--", "K♠"], rivals="7♦ -- 5♠")
    twin = LightAndShade.arrange(["K♣", "9♦ 8♠"], rivals="-- 5♣ 7♥")
    assert twin.solver_key() == game.solver_key() and twin.state_key() != game.state_key()
    other = LightAndShade.arrange(["9♥ 8♣", "--", "K♠"], rivals="7♠ -- 5♠")
    assert other.solver_key() != game.solver_key()


def test_a_card_goes_up_safely_once_the_four_cards_that_could_lie_on_it_are_up() -> None:
    # A black four goes on the foundations of the red aces: they need the red threes below it.
    game = LightAndShade.arrange(["4♣"], foundations="A♠ A♠ 3♥ 3♥ A♣ A♣ 3♦ 3♦")
    assert str(game.safe_move(game.useful_moves())).startswith("4♣ → foundation")
    early = LightAndShade.arrange(["4♣"], foundations="A♠ A♠ 3♥ 3♥ A♣ A♣ 3♦ 2♣")
    assert early.safe_move(early.useful_moves()) is None, "a red three may still be placed on the 4♣"


def test_a_move_that_leaves_the_talon_could_have_come_before_the_deal() -> None:
    game = LightAndShade.arrange(["9♥"], rivals="8♣", pack="7♦")
    deal = game.play("deal")
    assert game.independent(deal, game.parse_move("8♣ → 9♥"))
    assert not game.independent(deal, Move("move", game.piles["talon"].cards, "talon", "rival 2", "7♦ → rival 2"))
