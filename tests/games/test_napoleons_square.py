"""Napoleon's Square: the oddities the chapter does not show, the Note's remedies and the options."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import refused
import patience
from patience import (
    Card,
    InvalidMove,
    InvalidPosition,
    Pile,
    Record,
    UnknownOption,
    render,
)
from patience.cards import shuffled, whist_pack
from patience.games.napoleons_square import NapoleonsSquare, blocking_kings
from patience.render import fan_width

RECORD = Path(__file__).resolve().parents[2] / "src" / "patience" / "records" / "napoleons-square.txt"

#: The twelve top cards read from plate 018, packet by packet.
PLATE_TOPS = ["4♦", "10♥", "J♣", "9♠", "2♣", "7♥", "3♦", "K♣", "10♣", "2♦", "A♥", "J♦"]

#: Every suit complete but the diamonds, which are up to the three (for positions near the end).
NEARLY_DONE = "K♠ K♠ K♥ K♥ K♣ K♣ 3♦ 3♦"


def square(packets: dict[int, str]) -> dict[str, Pile]:
    return {f"packet {n}": Pile.of(text) for n, text in packets.items()}


# ---------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("seed", [1, 2, 99])
def test_the_deal_is_twelve_packets_of_four_dealt_together(seed: int) -> None:
    game = NapoleonsSquare.deal(seed)
    cards = shuffled(whist_pack(2), seed)
    for i, name in enumerate(game.piles_of("packet")):
        assert game.piles[name].cards == tuple(cards[4 * i: 4 * i + 4])
        assert game.piles[name].face_down == 0
    pack = game.piles["pack"]
    assert len(pack) == 56 and pack.face_down == 56
    assert pack.top == cards[48], "the next card to turn is the 49th dealt"
    assert Counter(game.cards()) == Counter(whist_pack(2))
    assert game.square_as_dealt()


def test_the_second_way_deals_twelve_single_cards() -> None:
    game = NapoleonsSquare.deal(5, square="single")
    assert [len(game.piles[p]) for p in game.piles_of("packet")] == [1] * 12
    assert len(game.piles["pack"]) == 92
    assert game.spec == "napoleons-square(square=single)"
    assert not [m for m in game.moves() if m.kind == "slip"], "a single card blocks nothing"
    assert refused(game, "redeal").rule == "Note"


def test_options_are_checked_and_load_from_a_spec() -> None:
    game = patience.load("napoleons-square(square=single, remedy=slip, redeal=pack)", seed=2)
    assert dict(game.options) == {"square": "single", "remedy": "slip", "redeal": "pack"}
    for spec in ("napoleons-square(square=double)", "napoleons-square(remedy=both)",
                 "napoleons-square(redeal=talon)", "napoleons-square(packets=36)"):
        with pytest.raises(UnknownOption):
            patience.load(spec)


# ---------------------------------------------------------------------------- positions
def test_positions_round_trip_and_the_pack_is_always_face_down() -> None:
    game = NapoleonsSquare.deal(4)
    for move in ("deal", game.legal_moves()[-1]):
        game.play(move)
    text = str(game)
    assert NapoleonsSquare.from_position(text) == game
    assert NapoleonsSquare.from_position(text.replace("[", "").replace("]", "")) == game


def test_bad_positions_are_refused() -> None:
    text = str(NapoleonsSquare.deal(4))
    lines = text.splitlines()
    face_down = "\n".join(f"packet 1: [{line.split(': ')[1].replace(' ', '] [')}]"
                          if line.startswith("packet 1:") else line for line in lines)
    with pytest.raises(InvalidPosition, match="face up"):
        NapoleonsSquare.from_position(face_down)
    with pytest.raises(InvalidPosition, match="one card"):
        NapoleonsSquare.arrange({1: "5♦"}, turned="7♣ 8♣")


def test_the_plate_shows_the_top_cards_read_from_it() -> None:
    game = NapoleonsSquare.from_plate()
    assert [str(game.piles[p].top) for p in game.piles_of("packet")] == PLATE_TOPS
    assert all(len(game.piles[p]) == 4 for p in game.piles_of("packet"))
    assert len(game.piles["pack"]) == 56 and game.square_as_dealt()
    assert not game.blocking_kings(), "the plate's deal does not call for the Note"


def test_arrange_builds_foundations_and_puts_the_rest_in_the_pack() -> None:
    game = NapoleonsSquare.arrange({2: "5♦ K♦"}, foundations="3♠ A♥", talon="9♣ 9♣", turned="Q♥")
    assert str(game.piles["foundation 1"]) == "A♠ 2♠ 3♠"
    assert str(game.piles["foundation 2"]) == "A♥"
    assert str(game.piles["talon"]) == "9♣ 9♣" and str(game.piles["turned"]) == "Q♥"
    assert len(game.piles["pack"]) == 104 - 2 - 4 - 2 - 1
    with pytest.raises(InvalidPosition):
        NapoleonsSquare.arrange({1: "5♦ 5♦ 5♦"})


# ---------------------------------------------------------------------------- moves
def test_only_top_cards_move_and_each_refusal_names_its_rule() -> None:
    game = NapoleonsSquare.arrange({1: "7♦ 9♣", 2: "10♣", 3: "8♦"}, foundations="A♠",
                                   talon="6♦ 5♥", turned="J♣", pack="K♥ 2♠")
    assert refused(game, "7♦ → 8♦").rule == "I"
    assert refused(game, "6♦ → foundation").rule == "Talon"      # under the 5♥ of the talon
    assert refused(game, "2♠ → foundation").rule == "Talon"      # still in the pack
    assert refused(game, "A♠ → 2♠").rule == "Talon"              # one played, the other still in the pack
    assert refused(game, "9♣ → talon").rule == "Talon"
    assert refused(game, "deal").rule == "Talon"                 # the J♣ waits
    assert refused(game, "J♣ → 10♣").rule == "Marriages"
    assert refused(game, "5♥ → foundation 1").rule == "III"
    assert refused(game, "5♥ → foundation").rule == "Foundations"
    assert str(game.play("9♣ → 10♣")) == "9♣ → 10♣"
    assert game.play("J♣ → space").target == "packet 4", "the card turned may fill a vacancy"


def test_vacancies_take_one_card_from_the_talon_or_pack_only() -> None:
    game = NapoleonsSquare.arrange({1: "7♦", 3: "8♦ Q♥"}, talon="K♥", turned="K♠")
    empty = [p for p in game.piles_of("packet") if game.piles[p].is_empty]
    fills = [m for m in game.legal_moves() if m.target in empty]
    assert {m.target for m in fills} == {"packet 2"}, "only the first vacancy is offered"
    assert {m.source for m in fills} == {"turned", "talon"}
    assert refused(game, "Q♥ → space").rule == "II"
    assert refused(game, "Q♥ → packet 5").rule == "II", "a vacancy named is refused the same way"
    assert game.play("K♠ → packet 7").target == "packet 7", "another vacancy may be named"
    game.undo()
    game.play("K♠ → space")
    game.play("K♥ → space")
    assert str(game.piles["packet 2"]) == "K♠" and str(game.piles["packet 4"]) == "K♥"
    game.play("Q♥ → K♥")
    assert str(game.piles["packet 4"]) == "K♥ Q♥", "a filled vacancy is a packet like the others"


def test_a_move_may_name_the_pile_it_comes_from() -> None:
    game = NapoleonsSquare.arrange({1: "3♦", 2: "2♦"}, turned="2♦")
    same = [m for m in game.legal_moves() if str(m) == "2♦ → 3♦"]
    assert [m.source for m in same] == ["packet 2", "turned"]
    assert game.play("2D from turned to 3D").source == "turned"
    game.undo()
    assert game.play("2♦ from packet 2 → 3♦").source == "packet 2"
    game.undo()
    assert game.play("2♦ → 3♦").source == "packet 2", "unnamed, the first of them"
    with pytest.raises(InvalidMove):
        game.play("2♦ from talon → 3♦")


def test_dealing_may_be_called_turning_and_ends_with_the_pack() -> None:
    game = NapoleonsSquare.arrange({1: "K♦"}, pack="5♦", foundations=NEARLY_DONE)
    assert str(game.play("turn")) == "deal"
    assert str(game.piles["turned"]) == "5♦"
    game.play("5♦ → talon")
    while not game.piles["pack"].is_empty:
        game.play("deal")
        game.play(f"{game.piles['turned'].top} → talon")
    assert refused(game, "deal").rule == "Re-deal"


# ---------------------------------------------------------------------------- the Note
def test_blocking_kings_needs_two_kings_and_two_smaller_cards() -> None:
    assert blocking_kings(square({1: "5♦ K♦", 2: "9♦ K♦"})) == {
        Card.parse("K♦").suit: [("packet 1", 1), ("packet 2", 1)]}
    assert not blocking_kings(square({1: "5♦ 9♦ K♦", 2: "K♦ 8♦"})), "one king above two cards"
    assert not blocking_kings(square({1: "5♦ K♦ K♦"})), "two kings above one card"
    assert not blocking_kings(square({1: "K♦ K♦ 5♦", 2: "K♦"})), "a king above a king blocks nothing"
    assert not blocking_kings(square({1: "5♠ K♦", 2: "9♣ K♦"})), "other suits do not count"
    both = blocking_kings(square({1: "5♦ 2♣ K♦ 9♠", 2: "Q♦ K♦ 4♥"}))
    assert both[Card.parse("K♦").suit] == [("packet 1", 2), ("packet 2", 1)]
    two_in_one = blocking_kings(square({1: "5♦ K♦ 8♦ K♦"}))
    assert two_in_one[Card.parse("K♦").suit] == [("packet 1", 1), ("packet 1", 3)]


def test_slipping_puts_the_king_at_the_foot_of_its_packet() -> None:
    game = NapoleonsSquare.deal(8)
    game.play("slip K♣ in packet 3")
    assert str(game.piles["packet 3"]) == "K♣ 2♦ J♦ 3♣"
    assert str(game.piles["packet 1"]).endswith("K♣")
    assert game.counters["redeals"] == 0 and game.square_as_dealt()


def test_the_uppermost_of_two_equal_kings_in_one_packet_is_slipped() -> None:
    game = NapoleonsSquare.arrange({1: "5♦ K♦ 8♦ K♦"}, pack="")
    game = _as_dealt(game)
    game.play("slip K♦")
    assert str(game.piles["packet 1"]).startswith("K♦ 5♦ K♦ 8♦")


def _as_dealt(game: NapoleonsSquare) -> NapoleonsSquare:
    """The position with every packet filled to four cards from the pack, so that the square
    lies as dealt (the given packets first, the rest from the pack in order)."""
    pack = list(reversed(game.piles["pack"].cards))
    for name in game.piles_of("packet"):
        cards = list(game.piles[name].cards)
        while len(cards) < 4:
            cards.append(pack.pop(0))
        game.piles[name] = Pile(tuple(cards))
    game.piles["pack"] = Pile(tuple(reversed(pack)), len(pack))
    return NapoleonsSquare.from_position(str(game))


@pytest.mark.parametrize("where", ["square", "pack"])
def test_the_notes_redeal_keeps_every_card_and_replays(where: str) -> None:
    game = NapoleonsSquare.deal(8, redeal=where)
    before = str(game)
    game.play("redeal")
    assert game.counters["redeals"] == 1 and game.square_as_dealt()
    assert Counter(game.cards()) == Counter(whist_pack(2))
    if where == "square":
        assert game.piles["pack"] == NapoleonsSquare.deal(8).piles["pack"]
    twin = NapoleonsSquare.from_position(before)
    twin.play("redeal")
    assert twin == game, "a re-deal is reproducible from the position"
    assert game.record().replay() == game


def test_the_remedies_are_only_for_the_square_as_dealt() -> None:
    game = NapoleonsSquare.deal(8)
    game.play("deal")
    assert refused(game, "redeal").rule == "Re-deal"
    assert refused(game, "slip K♣").rule == "Note"
    game.undo()
    assert {str(m) for m in game.legal_moves()} >= {"redeal", "slip K♣"}


@pytest.mark.parametrize("remedy, allowed", [
    ("either", {"redeal", "slip K♣"}), ("redeal", {"redeal"}), ("slip", {"slip K♣"}), ("none", set()),
])
def test_the_remedy_option(remedy: str, allowed: set[str]) -> None:
    game = NapoleonsSquare.deal(8, remedy=remedy)
    offered = {str(m) for m in game.legal_moves() if m.kind in ("redeal", "slip")}
    assert offered == allowed


def test_a_redealt_square_may_call_for_the_note_again() -> None:
    for seed in range(1, 400):
        game = NapoleonsSquare.deal(seed)
        if not game.blocking_kings():
            continue
        game.play("redeal")
        if game.blocking_kings():
            assert "redeal" in {str(m) for m in game.legal_moves()}
            game.play("redeal")
            assert game.counters["redeals"] == 2
            return
    pytest.skip("no deal among the first 400 blocks twice")


# ---------------------------------------------------------------------------- the record and the picture
def test_the_worked_game_is_the_plate_deal_and_is_won() -> None:
    record = Record.from_text(RECORD.read_text(encoding="utf-8"))
    assert record.start == NapoleonsSquare.from_plate()
    game = record.replay()
    assert game.is_won and game.result == "won"
    assert all(len(game.piles[f]) == 13 for f in game.piles_of("foundation"))


def test_long_packets_do_not_run_into_the_foundations() -> None:
    game = NapoleonsSquare.arrange({1: "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠", 9: "K♥ Q♥ J♥ 10♥ 9♥"})
    spots = {s.pile: s for s in game.layout()}
    assert spots["foundation 1"].x >= fan_width(12)
    assert spots["packet 12"].x > spots["foundation 4"].x + 1
    assert set(spots) == set(game.piles)
    assert render.text(game).splitlines()[-1].startswith("K♠ Q♠ J♠")


@pytest.mark.parametrize("options", [{"square": "single"}, {"remedy": "slip"}, {"redeal": "pack"}])
def test_random_play_under_the_options_keeps_every_card_and_undoes(options: dict[str, str]) -> None:
    for seed in (8, 21):
        game = NapoleonsSquare.deal(seed, **options)
        rng = random.Random(seed)
        for _ in range(150):
            moves = game.legal_moves()
            if not moves:
                break
            before = str(game)
            game.play(rng.choice(moves))
            assert Counter(game.cards()) == Counter(whist_pack(2))
            assert NapoleonsSquare.from_position(str(game)) == game
            move = game.undo()
            assert str(game) == before
            game.play(move)


# ---------------------------------------------------------------------------- for the solver
@pytest.mark.parametrize("options", [{}, {"square": "single"}, {"remedy": "none"}, {"remedy": "slip"},
                                     {"redeal": "pack"}])
def test_fast_legal_moves_are_the_legal_moves_of_moves_on_random_positions(options: dict[str, str], legal_moves_checked) -> None:
    kings = [s for s in range(1, 80) if NapoleonsSquare.deal(s, **options).blocking_kings()][:3]
    for seed in kings + [1]:
        game = NapoleonsSquare.deal(seed, **options)
        legal_moves_checked(game, random.Random(seed), 150)


def test_a_card_goes_up_safely_once_both_cards_one_lower_of_its_suit_are_up() -> None:
    game = NapoleonsSquare.arrange({1: "K♣ 5♥", 2: "7♠"}, foundations="4♥ 4♥ 6♠", talon="9♣")
    assert str(game.safe_move(game.useful_moves())) == "5♥ → foundation"
    half = NapoleonsSquare.arrange({1: "K♣ 5♥", 2: "7♠"}, foundations="4♥ 3♥ 6♠", talon="9♣")
    assert half.safe_move(half.useful_moves()) is None, "the other 4♥ may still be married on the 5♥"


def test_nothing_goes_up_unasked_while_the_square_lies_as_dealt() -> None:
    """Playing an ace would end the Note's remedies."""
    seed = next(s for s in range(1, 200) if NapoleonsSquare.deal(s).blocking_kings()
                and any(m.target and m.target.startswith("foundation") for m in NapoleonsSquare.deal(s).legal_moves()))
    game = NapoleonsSquare.deal(seed)
    assert game.square_as_dealt() and game.safe_move(game.useful_moves()) is None


def test_the_packets_are_alike_once_play_has_begun() -> None:
    game = NapoleonsSquare.deal(3)
    swapped = NapoleonsSquare.from_position(str(game).replace("packet 1:", "packet 0:")
                                            .replace("packet 2:", "packet 1:").replace("packet 0:", "packet 2:"))
    assert swapped.solver_key() != game.solver_key(), "the re-deal takes the packets up in order"
    for position in (game, swapped):
        position.play("deal")
        position.play(str(position.piles["turned"].top) + " → talon")
    assert swapped.solver_key() == game.solver_key()


def test_a_move_that_leaves_the_card_turned_could_have_come_before_the_deal() -> None:
    game = NapoleonsSquare.arrange({1: "K♣ 5♥", 2: "6♥"}, foundations="4♦", talon="3♠", pack="A♠ 5♦")
    deal = game.play("deal")
    assert game.independent(deal, game.parse_move("5♥ → 6♥"))
    assert not game.independent(deal, game.parse_move("5♦ → foundation"))
