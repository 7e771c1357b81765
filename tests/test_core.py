"""The core: card parsing, options, positions, moves and errors, rendering, the CLI."""

from __future__ import annotations

import io
import json
import re

import pytest

import patience
from patience import (
    Card,
    Record,
    IllegalMove,
    InvalidCard,
    InvalidMove,
    InvalidPosition,
    Rank,
    Suit,
    UnknownGame,
    UnknownOption,
    games,
    render,
)
from patience.cards import piquet_pack, shuffled, whist_pack
from patience.cli import main
from patience.game import Pile
from patience import stats
from patience.solve import solve


@pytest.mark.parametrize(
    "text",
    ["10♥", "10H", "10h", "TH", "th", "ten of hearts", "Ten of Hearts", "10 of hearts", " 10♥ "],
)
def test_the_ten_of_hearts_in_every_spelling(text: str) -> None:
    assert Card.parse(text) == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("knave of spades", Rank.KNAVE, Suit.SPADES),
        ("jack of spades", Rank.KNAVE, Suit.SPADES),
        ("JS", Rank.KNAVE, Suit.SPADES),
        ("deuce of clubs", Rank.DEUCE, Suit.CLUBS),
        ("2♣", Rank.DEUCE, Suit.CLUBS),
        ("ace of diamonds", Rank.ACE, Suit.DIAMONDS),
        ("AD", Rank.ACE, Suit.DIAMONDS),
        ("K♠", Rank.KING, Suit.SPADES),
        ("queen of hearts", Rank.QUEEN, Suit.HEARTS),
    ],
)
def test_historical_and_modern_card_names(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert Card.parse(str(card)) == card
    assert Card.parse(card.name) == card


@pytest.mark.parametrize("text", ["", "1♥x", "11 of cups", "Z♣", "10", "♥", "zero of hearts", "ace hearts"])
def test_bad_card_names_are_refused_clearly(text: str) -> None:
    with pytest.raises(InvalidCard, match="unknown card"):
        Card.parse(text)


#: What each public entry point is given wrongly, and the words of its refusal (a value of another
#: type is a TypeError naming what was expected and what came; a value out of range a ValueError).
WRONG = [
    ("load(None)", lambda game: patience.load(None), TypeError, "a game is named by a text"),
    ("load(seed='3')", lambda game: patience.load("canfield", seed="3"), TypeError, "seed is a whole number"),
    ("load(seed=True)", lambda game: patience.load("canfield", seed=True), TypeError, "seed is a whole number"),
    ("deal_with(seed=1.5)", lambda game: type(game).deal_with(1.5), TypeError, "seed is a whole number"),
    ("option draw='x'", lambda game: patience.load("canfield", draw="x"), UnknownOption, "must be a whole number"),
    ("play(None)", lambda game: game.play(None), TypeError, "play takes a Move or a move's notation"),
    ("parse_move(3)", lambda game: game.parse_move(3), TypeError, "a move is named by its notation"),
    ("is_legal('turn')", lambda game: game.is_legal("turn"), TypeError, "is_legal takes a Move"),
    ("from_position(None)", lambda game: patience.from_position(None), TypeError, "a position is read from its text"),
    ("Record.from_text(5)", lambda game: Record.from_text(5), TypeError, "a record is read from its text"),
    ("solve(None)", lambda game: solve(None), TypeError, "solve takes a game"),
    ("solve(nodes='x')", lambda game: solve(game, nodes="x"), TypeError, "nodes is a whole number"),
    ("solve(nodes=-1)", lambda game: solve(game, nodes=-1), ValueError, "0 or more"),
    ("solve(seconds='x')", lambda game: solve(game, seconds="x"), TypeError, "a number of seconds"),
    ("solve(seconds=0)", lambda game: solve(game, seconds=0), ValueError, "more than 0 seconds"),
    ("svg(None)", lambda game: render.svg(None), TypeError, "svg draws a game"),
    ("stats.run(jobs=0)", lambda game: stats.run("canfield", [1], jobs=0, progress=False), ValueError, "jobs is"),
    ("stats.run(nodes=-1)", lambda game: stats.run("canfield", [1], nodes=-1, progress=False), ValueError,
     "0 or more"),
]


@pytest.mark.parametrize("args", [["--deals", "0"], ["--deals", "x"], ["--jobs", "0"]])
def test_a_count_on_the_command_line_is_one_or_more(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["stats", "canfield", "--nodes", "10", *args])
    assert stopped.value.code == 2 and f"argument {args[0]}: " in capsys.readouterr().err


@pytest.mark.parametrize(("call", "exception", "words"), [pytest.param(c, e, w, id=i) for i, c, e, w in WRONG])
def test_what_is_given_wrongly_gets_a_clear_error_and_leaves_the_game(call, exception, words) -> None:
    game = patience.load("canfield", seed=2)
    game.play(game.legal_moves()[0])
    before = str(game), list(game.history)
    with pytest.raises(exception, match=re.escape(words)):
        call(game)
    assert (str(game), list(game.history)) == before


def test_packs() -> None:
    assert len(set(whist_pack())) == 52
    assert len(whist_pack(2)) == 104 and len(set(whist_pack(2))) == 52
    piquet = piquet_pack()
    assert len(piquet) == 32 and {c.rank for c in piquet} == {Rank.ACE, *range(7, 14)}
    assert Card.parse("5♥", pack=0) == Card.parse("5♥", pack=1)


def test_shuffle_depends_on_the_seed_alone() -> None:
    assert shuffled(whist_pack(), 5) == shuffled(whist_pack(), 5)
    assert shuffled(whist_pack(), 5) != shuffled(whist_pack(), 6)
    assert sorted(shuffled(whist_pack(), 5)) == sorted(whist_pack())


def test_unknown_game_and_options() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'solitaire-royale'"):
        patience.load("solitaire-royale")
    with pytest.raises(UnknownOption, match="unknown option 'colour'"):
        patience.load("la-belle-lucie(colour=blue)")
    with pytest.raises(UnknownOption, match="must be a whole number"):
        patience.load("la-belle-lucie(redeals=often)")
    with pytest.raises(UnknownOption, match="expected name=value"):
        patience.load("la-belle-lucie(redeals)")
    with pytest.raises(UnknownGame, match="cannot read game"):
        patience.load("la belle lucie!")


def test_options_from_a_spec_reach_the_game() -> None:
    game = patience.load("la-belle-lucie(redeals=1)", seed=4)
    assert game.options.redeals == 1
    assert game.spec == "la-belle-lucie(redeals=1)"
    assert str(game).startswith("la-belle-lucie(redeals=1) seed=4")
    assert patience.from_position(str(game)) == game


def test_empty_piles_may_be_left_out_of_a_position() -> None:
    game = patience.load("la-belle-lucie", seed=2)
    text = "\n".join(line for line in str(game).splitlines() if not line.startswith("foundation"))
    assert patience.from_position(text) == game


def test_positions_round_trip_with_face_down_cards() -> None:
    pile = Pile.of("[7♦] [2♣] K♥ Q♠")
    assert pile.face_down == 2 and str(pile) == "[7♦] [2♣] K♥ Q♠"
    with pytest.raises(InvalidPosition, match="face-down card"):
        Pile.of("K♥ [7♦]")


def good_position() -> str:
    return str(patience.load("la-belle-lucie", seed=9))


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda t: "", "empty position"),
        (lambda t: t.replace("la-belle-lucie", "canasta", 1), "unknown game 'canasta'"),
        (lambda t: t.replace("redeals=0", "redeals=x"), "cannot read 'redeals=x'"),
        (lambda t: t.replace("redeals=0", "tries=1"), "unknown counter 'tries'"),
        (lambda t: t.replace("packet 3:", "packet 33:"), "unknown pile 'packet 33'"),
        (lambda t: t.replace("packet 3:", "packet 2:"), "pile 'packet 2' given twice"),
        (lambda t: "\n".join(l for l in t.splitlines() if not l.startswith("packet 4:")), "missing "),
        (lambda t: t.replace("packet 5:", "packet 5 "), "expected 'pile: cards'"),
        (lambda t: re.sub(r"(packet 6: \S+)", r"\1 Z♠", t), "unknown card 'Z♠'"),
        (lambda t: re.sub(r"(packet 6: )\S+", r"\1A♠", t), "the cards are not those of the pack"),
    ],
)
def test_malformed_positions_get_clear_errors(mangle, message: str) -> None:
    with pytest.raises(InvalidPosition, match=re.escape(message)):
        patience.from_position(mangle(good_position()))


def test_moves_by_notation_and_their_errors_leave_the_game_unchanged() -> None:
    game = patience.load("la-belle-lucie", seed=1)
    before = str(game)
    with pytest.raises(InvalidMove, match="unknown card 'Z♣'"):
        game.play("Z♣ → foundation")
    with pytest.raises(InvalidMove, match="cannot read move"):
        game.play("hop")
    with pytest.raises(InvalidMove, match="empty move"):
        game.play("  ")
    with pytest.raises(IllegalMove, match=r"^Rule I — only the uppermost card"):
        game.play("A♣ → foundation")  # under two cards in packet 3
    assert str(game) == before and game.history == []
    move = game.play("seven of clubs onto eight of clubs")
    assert str(move) == "7♣ → 8♣"
    assert game.undo() == move and str(game) == before
    with pytest.raises(IndexError):
        game.undo()


def test_a_move_can_name_its_target_pile() -> None:
    game = patience.load("la-belle-lucie", seed=1)
    target = next(m for m in game.legal_moves() if str(m) == "7♣ → 8♣").target
    assert game.play(f"7C -> {target}").target == target


def test_svg_and_text_render_the_same_piles() -> None:
    game = patience.load("la-belle-lucie", seed=1)
    picture = render.svg(game)
    assert picture.count('class="card"') == 52
    for card in game.cards():
        assert f'data-card="{card}"' in picture
        assert str(card) in render.text(game)
    assert game._repr_svg_() == picture


def test_stepper_has_a_position_per_move() -> None:
    game = patience.load("la-belle-lucie", seed=1)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    html = game.record()._repr_html_()
    assert html.count('class="stepper-frame"') == 1  # the others are joined by its script
    assert 'class="stepper-next"' in html and 'class="stepper-prev"' in html
    assert 'type="range" class="stepper-slider" min="0" max="3"' in html
    assert "Move 0 of 3" in html


@pytest.mark.parametrize("slug", ["the-wheel", "canfield", "the-herring-bone"])
def test_compact_stepper_joins_back_every_position(slug: str) -> None:
    """The data of a worked game's stepper, read from its HTML, joins back into the engine's picture of
    each position, and the first is drawn in full for a reader without scripts."""
    from patience import records
    from patience.render.stepper import picture

    record = Record.from_text(records.text(slug))
    html = record._repr_html_()
    found = re.search(r'<script type="application/json" id="[^"]+-data">(.*?)</script>', html, re.S)
    assert found, "no stepper data in the HTML"
    data = json.loads(found.group(1))
    pictures = [render.svg(game, shared=True) for game in record.positions()]
    assert len(data["positions"]) == len(pictures) and data["moves"] == [str(m) for m in record.moves]
    assert [picture(data, i) for i in range(len(pictures))] == pictures
    assert f'<div class="stepper-frame" data-position="0">{pictures[0]}</div>' in html
    assert len(html) < sum(map(len, pictures)) / 3


def test_every_registered_game_is_found_by_its_slug() -> None:
    for cls in games.all():
        assert games.get(cls.slug) is cls


def test_cli_list_show_and_errors(tmp_path) -> None:
    out = io.StringIO()
    assert main(["list"], out=out) == 0
    assert "la-belle-lucie" in out.getvalue()
    out = io.StringIO()
    svg_file = tmp_path / "deal.svg"
    assert main(["show", "la-belle-lucie", "--seed", "3", "--svg", str(svg_file), "--position"], out=out) == 0
    assert svg_file.read_text().startswith("<svg") and "seed=3" in out.getvalue()
    out = io.StringIO()
    assert main(["show", "la-belle-lucie(redeals=lots)"], out=out) == 2
    assert "must be a whole number" in out.getvalue()


def test_cli_starts_from_the_plate_with_the_options_given() -> None:
    out = io.StringIO()
    assert main(["show", "red-and-black(redeals=0)", "--plate", "--position"], out=out) == 0
    plate = games.get("red-and-black").from_plate(redeals=0)
    assert "Red and Black (red-and-black(redeals=0)), the plate" in out.getvalue()
    assert str(plate) in out.getvalue() and plate.options.redeals == 0
    out = io.StringIO()
    assert main(["show", "tens", "--plate"], out=out) == 2
    assert "Tens has no plate position" in out.getvalue()
    with pytest.raises(UnknownOption):
        games.get("red-and-black").from_plate(reddeals=0)
    labyrinth = games.get("the-labyrinth")
    assert labyrinth.from_plate().spec == "the-labyrinth(foundations=as-they-appear)", "the plate's own options"
    assert labyrinth.from_plate(foundations="withdrawn").spec == "the-labyrinth", "options given win"


def test_cli_solves_and_shortens_a_line(tmp_path) -> None:
    out, record = io.StringIO(), tmp_path / "line.txt"
    assert main(["solve", "general-sedgewick", "--seed", "15", "--nodes", "5000"], out=out) == 0
    long = int(out.getvalue().split(" moves)")[0].rsplit(" ", 1)[1])
    out = io.StringIO()
    assert main(["solve", "general-sedgewick", "--seed", "15", "--nodes", "5000", "--shorten",
                 "--record", str(record)], out=out) == 0
    short = Record.from_text(record.read_text())
    assert short.replay().is_won and len(short) < long


def test_cli_searches_a_beam_and_refuses_a_width_for_an_honest_player() -> None:
    out = io.StringIO()
    assert main(["solve", "light-and-shade", "--seed", "1", "--nodes", "20000", "--width", "30"], out=out) == 0
    assert out.getvalue().startswith("Light and Shade (light-and-shade), seed 1: won (thoughtful, ")
    out = io.StringIO()
    assert main(["solve", "light-and-shade", "--honest", "--width", "30"], out=out) == 2
    assert "width and idle shape a thoughtful search" in out.getvalue()


def test_cli_play_reads_moves_until_quit() -> None:
    from patience.cli import play

    answers = iter(["help", "7C to 8C", "8♣ → foundation", "position", "undo", "quit"])
    out = io.StringIO()
    game = play(patience.load("la-belle-lucie", seed=1), read=lambda _: next(answers), out=out)
    text = out.getvalue()
    assert "played 7♣ → 8♣" in text and "took back 7♣ → 8♣" in text
    assert "Rule I — only the uppermost card of each packet is available (8♣)" in text
    assert game.history == []


def test_a_move_repr_pastes_back() -> None:
    from patience import Move  # noqa: F401 - used by eval

    game = patience.load("la-belle-lucie", seed=1)
    for move in game.legal_moves():
        assert eval(repr(move)) == move


def test_the_readme_lists_every_game_with_its_chapter() -> None:
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    for cls in games.all():
        assert f"| {cls.name} |" in readme and f"(book/games/{cls.chapter}.md)" in readme, cls.slug
        assert (Path(__file__).parent.parent / "book" / "games" / f"{cls.chapter}.md").exists()


def test_a_card_named_where_it_stays_is_refused_by_that_pile_s_rule() -> None:
    """A card on a pile it never leaves (Game.STAYS) is refused by that pile's rule, in the game's
    words; where its twin of the other pack is still in hand, as not dealt yet."""
    delight = games.get("the-idiots-delight").arrange({1: "5♠", 2: "3♠"}, foundations="2♥")
    with pytest.raises(IllegalMove, match=r"^Rule 2 — a card built on its foundation stays there \(2♥\)$"):
        delight.parse_move("2♥ → 3♠")
    lucie = games.get("la-belle-lucie").arrange({"packet 1": "3♠", "foundation 1": "A♥ 2♥"}, rest="packet 2")
    with pytest.raises(IllegalMove, match=r"^Foundations — a card played to a foundation stays there \(2♥\)$"):
        lucie.parse_move("2♥ → foundation")
    sultan = games.get("the-sultan").arrange({"foundation 1": "A♠ 2♠"}, rest="pack")
    with pytest.raises(IllegalMove, match=r"^Deal — the card has not been dealt yet \(2♠\)$"):
        sultan.parse_move("2♠ → foundation")


def test_a_run_is_named_by_its_cards_or_its_ends_where_the_game_says_so() -> None:
    """Game.NAMES_RUNS: a move of several cards may be named by all its cards or by its ends as well
    as by its first card (Tens named a run by its ends only where it had two cards)."""
    tens = games.get("tens").arrange({1: "[9♥] 5♥", 2: "[8♣] 7♠ 4♣ 3♦ 2♠"})
    assert games.get("tens").NAMES_RUNS
    for name in ("4♣ → 5♥", "4♣ 3♦ 2♠ → 5♥", "4♣–2♠ → 5♥", "4♣-2♠ → file 1"):
        assert tens.parse_move(name).cards == tuple(Card.parse(c) for c in "4♣ 3♦ 2♠".split()), name
