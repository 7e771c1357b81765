"""The solver: thoughtful search (won with a line that replays, lost proved, unknown past the budget),
its reductions (they never change an answer), and honest play that cannot see face-down cards."""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience import Game, Record, games, load
from patience.games.canfield import Canfield
from patience.games.the_kings import TheKings
from patience.games.the_wheel import TheWheel
from patience.solve import (_covering, beam, choose, honest, player_view, searches_again, shorten, solve,
                            thoughtful, visible_key)


def stuck_canfield() -> Canfield:
    """The Q♦ on the waste waits for the J♦ buried under it: nothing can move."""
    return Canfield.arrange({}, waste="J♦ K♣ Q♣ K♦ Q♦", foundations="K♠ K♥ 10♦ J♣", stock="")


def test_a_won_deal_comes_with_a_line_that_replays_to_a_win() -> None:
    game = load("canfield", seed=8)
    found = solve(game, nodes=5_000)
    assert found.outcome == "won" and found.mode == "thoughtful"
    assert found.record.start == game and found.record.replay().is_won
    assert not game.history, "the game given is not changed"


def test_a_lost_position_is_proved_lost_and_an_honest_player_loses_it_too() -> None:
    game = stuck_canfield()
    assert game.legal_moves() == []
    lost = solve(game)
    assert (lost.outcome, len(lost.record)) == ("lost", 0)
    assert solve(game, "honest", nodes=50).outcome == "lost"


def test_one_move_from_a_win_is_won_in_one() -> None:
    game = Canfield.arrange({1: "K♣"}, foundations="K♠ K♥ K♦ Q♣", stock="")
    assert [str(m) for m in solve(game).record.moves] == ["K♣ → foundation"]


def test_the_budget_ends_the_search_with_unknown() -> None:
    game = load("canfield", seed=1)
    assert solve(game, nodes=10).outcome == "unknown"
    assert solve(game, nodes=10).nodes == 10


@pytest.mark.parametrize("slug, seed", [("general-sedgewick", 15), ("red-and-black", 2), ("la-belle-lucie", 20),
                                        ("two-rings", 1)])
def test_a_shortened_line_still_wins_every_move_legal_and_is_never_longer(slug: str, seed: int) -> None:
    found = solve(load(slug, seed=seed), nodes=20_000).record
    short = shorten(found)
    game = short.start.copy()
    for move in short.moves:
        assert move in game.legal_moves(), f"{move} is played where it is legal, with its notation there"
        game.play(move)
    assert game.is_won and len(short) <= len(found)
    assert Record.from_text(short.to_text()).replay().is_won
    assert shorten(short).moves == short.moves, "a shortened line has nothing more to leave out"


def test_a_move_that_serves_nothing_is_left_out() -> None:
    game = Canfield.arrange({1: "K♣", 2: "K♦", 3: "Q♣"}, foundations="K♠ K♥ Q♦ J♣", stock="")
    for text in ["Q♣ → K♦", "Q♣ → foundation", "K♦ → foundation", "K♣ → foundation"]:
        game.play(text)
    short = shorten(game.record())
    assert len(short) == 3 and "Q♣ → K♦" not in [str(m) for m in short.moves] and short.replay().is_won


def test_shorten_wants_a_won_line() -> None:
    with pytest.raises(ValueError, match="a record of a won game"):
        shorten(load("canfield", seed=1).record())


def test_cutting_idle_lines_finds_a_win_the_full_search_misses_but_proves_no_loss() -> None:
    fifteen = once(games.get("the-fifteen"))
    deal = fifteen.deal(seed=6)
    assert solve(deal, nodes=20_000).outcome == "unknown", "marriages shuffled for ever down one line"
    won = solve(deal, nodes=20_000, idle=20)
    assert won.outcome == "won" and won.record.replay().is_won
    lost = fifteen.deal(seed=46)
    assert solve(lost).outcome == "lost"
    assert solve(lost, idle=2).outcome == "unknown", "a search that cut lines proves nothing lost"


def test_a_beam_wins_a_deal_the_depth_first_search_misses_and_proves_nothing_lost() -> None:
    deal = load("light-and-shade", seed=1)
    assert solve(deal, nodes=20_000).outcome == "unknown", "the choices that matter come early in the deal"
    won = solve(deal, nodes=20_000, width=30)
    assert won.outcome == "won" and won.mode == "thoughtful" and won.nodes <= 20_000
    assert won.record.start == deal and won.record.replay().is_won and not deal.history
    assert beam(deal, width=30, nodes=20_000).record.moves == won.record.moves, "the same line every time"
    stuck = stuck_canfield()
    assert solve(stuck).outcome == "lost"
    assert solve(stuck, width=10).outcome == "unknown", "a beam leaves positions out: it proves nothing lost"


def test_a_beam_keeps_to_its_budget_and_its_width() -> None:
    deal = load("light-and-shade", seed=1)
    spent = solve(deal, nodes=500, width=30)
    assert (spent.outcome, spent.nodes, len(spent.record)) == ("unknown", 500, 0)
    assert solve(deal, nodes=20_000, width=1).outcome == "unknown", "one position a layer is too narrow here"
    with pytest.raises(ValueError, match="at least one position, not 0"):
        beam(deal, width=0)
    for wrong in ({"width": 30, "idle": 5}, {"width": 30, "mode": "honest"}, {"idle": 5, "mode": "honest"}):
        with pytest.raises(ValueError, match="width and idle shape a thoughtful search|a beam search takes a width"):
            solve(deal, **wrong)  # type: ignore[arg-type]


def test_a_won_position_is_won_by_a_beam_at_once() -> None:
    game = Canfield.arrange({1: "K♣"}, foundations="K♠ K♥ K♦ Q♣", stock="")
    assert [str(m) for m in solve(game, width=5).record.moves] == ["K♣ → foundation"]
    game.play("K♣ → foundation")
    assert (solve(game, width=5).outcome, solve(game, width=5).nodes) == ("won", 0)


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown mode 'lucky'"):
        solve(load("canfield"), "lucky")


def once(cls: type[Game]) -> type[Game]:
    """``cls`` searched once, without its searches again in other orders or with the pack first and
    without playing out what the search leaves unknown (which decide more deals, not other answers:
    the tests below of :meth:`~patience.game.Game.restarts`, :meth:`~patience.game.Game.pack_first`
    and :attr:`~patience.game.Game.PLAYS_OUT` hold them)."""
    return type(f"Once{cls.__name__}", (cls,), {"RESTARTS": None, "PACK_FIRST": 0, "PLAYS_OUT": False})


def plain(cls: type[Game]) -> type[Game]:
    """``cls`` searched without the game's reductions: no safe moves, no dominated moves left out,
    no interchangeable piles or key of its own, no reordering or runs of the moves of the pack."""
    return type(f"Plain{cls.__name__}", (once(cls),), {
        "INTERCHANGEABLE": (),
        "solver_key": Game.state_key,
        "safe_move": lambda self, moves: None,
        "useful_moves": lambda self: self.legal_moves(),
        "independent": Game.independent,
    })


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_reductions_never_change_an_answer(cls: type[Game], seed: int) -> None:
    """From a position late in a random game, the search with the game's reductions and the
    search without them agree whenever both finish within the budget."""
    game = cls.deal(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(10, 80)):
        legal = game.legal_moves()
        if not legal or game.is_won:
            break
        game.play(rng.choice(legal))
    bare, game = plain(cls).from_position(str(game)), once(cls).from_position(str(game))
    assert bare.legal_moves() == game.legal_moves()
    reduced, full = thoughtful(game, nodes=1_000), thoughtful(bare, nodes=1_000)
    if "unknown" not in (reduced.outcome, full.outcome):
        assert reduced.outcome == full.outcome


#: The games whose deals are searched again in other orders as the game is dealt by default.
RESTARTING = [cls for cls in games.all() if cls.deal(seed=1).restarts() is not None]


@pytest.mark.parametrize("cls", RESTARTING, ids=lambda cls: cls.slug)
def test_searching_again_changes_no_deal_the_first_search_decides(cls: type[Game]) -> None:
    """Where a game searches a deal again in other orders (:meth:`~patience.game.Game.restarts`, here
    one search of 200 positions and two of 100 after one of 500, deals 1 to 6): a deal the first search decides is
    decided as without them, after as many positions and by the same line; for a deal it leaves
    unknown the searches again add at most their positions, and win only with a line that replays."""
    small = type(f"Small{cls.__name__}", (cls,), {"RESTARTS": ((1, 200), (2, 100)), "PLAYS_OUT": False})
    for seed in range(1, 7):
        first, again = thoughtful(once(cls).deal(seed=seed), nodes=500), thoughtful(small.deal(seed=seed), nodes=500)
        if first.outcome != "unknown":
            assert (again.outcome, again.nodes, again.record.moves) == \
                (first.outcome, first.nodes, first.record.moves)
            continue
        assert first.nodes < again.nodes <= first.nodes + 200 + 2 * 100
        if again.outcome == "won":
            assert again.record.replay().result == "won"


def test_searching_again_in_other_orders_wins_deals_the_first_order_leaves_unknown() -> None:
    """The Kings' deals 1, 2, 3 and 8 are undecided after 1,000 positions in the first order; searched
    again in other orders (the game's own :attr:`~patience.game.Game.RESTARTS`), each is won."""
    for seed in (1, 2, 3, 8):
        assert thoughtful(once(TheKings).deal(seed=seed), nodes=1_000).outcome == "unknown"
        again = thoughtful(TheKings.deal(seed=seed), nodes=1_000)
        assert again.outcome == "won" and again.record.replay().result == "won"
        assert 1_000 < again.nodes <= 1_000 + sum(searches_again(TheKings.RESTARTS, 1_000))


#: The games (with options where they choose by them) whose deals are searched again with the pack first.
PACK_FIRST = [(cls, options) for cls in games.all()
              for options in ({}, *({"files": "part"},) * (cls.slug == "demon")) if cls.deal(seed=1, **options).pack_first()]


def test_the_games_that_search_with_the_pack_first_are_found() -> None:
    assert [(cls.slug, options) for cls, options in PACK_FIRST] == [("demon", {"files": "part"})]


@pytest.mark.parametrize("cls, options", PACK_FIRST, ids=lambda p: getattr(p, "slug", "") or str(p))
def test_searching_again_with_the_pack_first_changes_no_deal_the_first_search_decides(
        cls: type[Game], options: dict[str, str]) -> None:
    """Where a game searches a deal again with the pack's cards that go out tried first
    (:meth:`~patience.game.Game.pack_first`, here within 300 positions after a search of 500, deals 1
    to 8): a deal the first search decides is decided as without it, after as many positions and by
    the same line; for a deal it leaves unknown the search again adds at most its positions, and wins
    only with a line that replays."""
    small = type(f"Small{cls.__name__}", (once(cls),), {"PACK_FIRST": 300})
    for seed in range(1, 9):
        first = thoughtful(once(cls).deal(seed=seed, **options), nodes=500)
        again = thoughtful(small.deal(seed=seed, **options), nodes=500)
        if first.outcome != "unknown":
            assert (again.outcome, again.nodes, again.record.moves) == \
                (first.outcome, first.nodes, first.record.moves)
            continue
        assert first.nodes < again.nodes <= first.nodes + 300
        if again.outcome == "won":
            assert again.record.replay().result == "won"


def test_searching_again_with_the_pack_first_wins_deals_the_first_order_leaves_unknown() -> None:
    """Demon's deals 4, 7 and 21 in the modern reading are undecided after 2,000 positions in the first
    order; searched again within 2,000 with the hand's cards that go up tried first, each is won."""
    modern = {"files": "part", "heap": "files", "empty_heap": "any", "wrap": "base"}
    demon = type("PackFirstDemon", (once(games.get("demon")),), {"PACK_FIRST": 2_000})
    for seed in (4, 7, 21):
        assert thoughtful(once(games.get("demon")).deal(seed=seed, **modern), nodes=2_000).outcome == "unknown"
        again = thoughtful(demon.deal(seed=seed, **modern), nodes=2_000)
        assert again.outcome == "won" and again.record.replay().result == "won" and 2_000 < again.nodes <= 4_000


#: The games whose thoughtful search plays out the deals it leaves unknown.
PLAYING_OUT = [cls for cls in games.all() if cls.PLAYS_OUT]


@pytest.mark.parametrize("cls", PLAYING_OUT, ids=lambda cls: cls.slug)
def test_playing_out_changes_no_deal_the_search_decides(cls: type[Game]) -> None:
    """Where a game plays out a deal its search leaves unknown (:attr:`~patience.game.Game.PLAYS_OUT`,
    here after one search of 300 positions, deals 1 and 2): a deal the search decides is decided as
    without it, after as many positions and by the same line; for a deal it leaves unknown, the play-out
    adds the positions of its plans, proves nothing lost and wins only with a line that replays."""
    playing = type(f"Playing{cls.__name__}", (once(cls),), {"PLAYS_OUT": True})
    for seed in (1, 2):
        first, played = thoughtful(once(cls).deal(seed=seed), nodes=300), thoughtful(playing.deal(seed=seed), nodes=300)
        if first.outcome != "unknown":
            assert (played.outcome, played.nodes, played.record.moves) == \
                (first.outcome, first.nodes, first.record.moves)
            continue
        assert played.outcome in ("won", "unknown") and played.nodes > first.nodes
        if played.outcome == "won":
            assert played.record.replay().result == "won"


def test_playing_out_wins_deals_the_search_leaves_unknown() -> None:
    """The Labyrinth's deals 7 and 8 are undecided after 300 positions; played out as the honest
    player plays, seeing every card, each is won, by a line that replays to a win."""
    labyrinth = games.get("the-labyrinth")
    assert labyrinth.PLAYS_OUT
    for seed in (7, 8):
        assert thoughtful(once(labyrinth).deal(seed=seed), nodes=300).outcome == "unknown"
        played = thoughtful(labyrinth.deal(seed=seed), nodes=300)
        assert played.outcome == "won" and played.record.replay().result == "won" and played.nodes > 300


def test_a_play_out_reports_its_progress_as_a_search_does() -> None:
    """Napoleon at St. Helena's deal 3, unknown after 10,000 positions, is won by its play-out, some
    20,000 positions later; the progress goes on being reported through it, in order."""
    seen: list[int] = []
    found = thoughtful(load("napoleon-at-st-helena", seed=3), nodes=10_000,
                       progress=lambda positions, seconds: seen.append(positions))
    assert found.outcome == "won" and found.nodes > 10_000
    assert seen == sorted(seen) and seen[-1] > 10_000 and seen[-1] <= found.nodes


def test_the_searches_again_are_the_same_at_every_run() -> None:
    game = type("RestartingCanfield", (Canfield,), {"RESTARTS": ((4, 500),)}).deal(seed=3)
    first, again = thoughtful(game, nodes=500), thoughtful(game, nodes=500)
    assert (first.outcome, first.nodes, first.record.moves) == (again.outcome, again.nodes, again.record.moves)
    assert first.nodes > 500 and len(game.history) == 0


def test_no_search_again_starts_once_the_time_is_up() -> None:
    """A deal given a time limit is searched again only while time is left: a game that searches a deal
    again many times (The Wheel, up to 32,000 times; 100 here), given no time at all, searches it once
    (each search counted here)."""
    searches: list[int] = []

    def search(board: Game, nodes: int, *rest: object, **more: object) -> tuple[str, list[object], int]:
        searches.append(nodes)
        return "unknown", [], 1

    counted = type("CountedWheel", (TheWheel,), {"own_search": lambda self: search,
                                                   "RESTARTS": ((100, 300),)}).deal(seed=1)
    found = thoughtful(counted, nodes=1_000, seconds=0)
    assert found.outcome == "unknown" and searches == [1_000]
    searches.clear()
    thoughtful(counted, nodes=1_000)
    assert searches == [1_000] + [300] * 100


def shuffled_underneath(game: Game, seed: int) -> Game:
    """``game`` with its face-down cards dealt back at random: the same table to a player."""
    other = player_view(game, random.Random(seed))
    other.seed = game.seed
    return other


HIDDEN = ["canfield", "tens", "napoleons-square", "general-sedgewick", "the-square"]


@pytest.mark.parametrize("slug", HIDDEN)
def test_positions_that_differ_only_underneath_show_the_same_view(slug: str) -> None:
    game = load(slug, seed=3)
    other = shuffled_underneath(game, 99)
    assert visible_key(other) == visible_key(game) and other != game
    assert str(player_view(game, random.Random(5))) == str(player_view(other, random.Random(5)))
    seen = {visible_key(game)}
    view, other_view = player_view(game, random.Random(5)), player_view(other, random.Random(5))
    assert choose(view, seen, 0, 100) == choose(other_view, seen, 0, 100)


@settings(max_examples=10, deadline=None)
@given(slug=st.sampled_from(HIDDEN), seed=st.integers(1, 10_000), underneath=st.integers(0, 10_000))
def test_an_honest_player_cannot_see_face_down_cards(slug: str, seed: int, underneath: int) -> None:
    """Two games that look alike get the same moves until a card turned up tells them apart."""
    game = load(slug, seed=seed)
    other = shuffled_underneath(game, underneath)
    ours, theirs = honest(game, seed=1, nodes=40).record, honest(other, seed=1, nodes=40).record
    a, b = ours.start.copy(), theirs.start.copy()
    for mine, yours in zip(ours.moves, theirs.moves):
        if visible_key(a) != visible_key(b):
            break
        assert mine == yours
        a.play(mine)
        b.play(yours)


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_every_game_can_be_played_honestly_and_searched(cls: type[Game]) -> None:
    game = cls.deal(seed=2)
    played = solve(game, "honest", nodes=10)  # a smoke test: each plan small
    assert played.outcome in ("won", "lost")
    assert played.record.replay() == played.record.replay() and played.record.start == game
    searched = solve(once(cls).from_position(str(game)), nodes=200)  # the searches again have a test of their own
    assert searched.outcome in ("won", "lost", "unknown") and searched.nodes <= 200
    if searched.outcome == "won":
        assert searched.record.replay().is_won


def covered(game: Game) -> int:
    """The honest player's count of the cards lying on face-up cards a foundation takes now, every
    card of every pile put to the game's own ``foundation_fault``."""
    founds = game.piles_of("foundation")
    try:
        return sum(depth for pile in game.piles.values()
                   for depth, card in enumerate(reversed(pile.visible[:-1]), start=1)
                   if any(game.foundation_fault(f, card) is None for f in founds))
    except NotImplementedError:
        return 0


def covering_counts(cls: type[Game]) -> list[int]:
    """:func:`_covering` of every pile of the positions of three random games of ``cls``, each held
    to :func:`covered` on the way."""
    counts = []
    for seed in (1, 2, 3):
        game, rng = cls.deal(seed=seed), random.Random(seed)
        for _ in range(80):
            counts.append(_covering(game, list(game.piles.values())))
            assert counts[-1] == covered(game), f"{cls.slug} seed {seed} after {len(game.history)} moves"
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
    return counts


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_the_honest_count_of_covered_cards_is_the_foundations_own(cls: type[Game]) -> None:
    covering_counts(cls)


# Foundations judged by their rules alone (Canfield), by rules that are no Foundation (Mount Olympus's
# steps), and by a game's own foundation_fault (The Sultan's).
@pytest.mark.parametrize("slug", ["canfield", "mount-olympus", "the-sultan"])
def test_covered_cards_are_counted_whichever_way_a_game_judges_its_foundations(slug: str) -> None:
    assert any(covering_counts(games.get(slug)))


def test_a_search_pauses_the_cyclic_collector_and_puts_it_back_as_it_was() -> None:
    seen: list[bool] = []
    solve(load("demon", seed=4), nodes=5_000, progress=lambda positions, seconds: seen.append(gc.isenabled()))
    assert seen and not any(seen) and gc.isenabled()
    gc.disable()
    try:
        solve(load("demon", seed=4), nodes=100)
        assert not gc.isenabled()  # left off by whoever turned it off
    finally:
        gc.enable()
    with pytest.raises(ValueError):
        beam(load("demon", seed=4), width=0)
    assert gc.isenabled()


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_a_search_leaves_no_reference_cycles_behind(cls: type[Game]) -> None:
    """What makes pausing the collector during a search safe: all a search lets go, reference
    counting frees."""
    game = cls.deal(seed=3)
    gc.collect()
    gc.disable()
    try:
        solve(game, nodes=300)
        solve(game, nodes=300, width=5)
        solve(game, "honest", nodes=10)
        assert gc.collect() == 0
    finally:
        gc.enable()
