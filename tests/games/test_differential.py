"""The fast path of every registered game against its explaining path.

A game's :meth:`~patience.game.Game.legal_moves` are generated directly, without building
the words of a refusal; :meth:`~patience.game.Game.violation` is the one place those words come
from.  These tests hold the two together for every game in the registry (a new game joins them
by registering): on positions reached by random play from many deals, with the default options
and with each option that has a fixed set of values set to each other value, the fast moves are
exactly the candidates that ``violation`` allows, and a move made either way leads to the same
position (:func:`check_legal_moves`).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice
from typing import Any, Iterator

import pytest

from patience import Game, games
from patience.game import Move, PackStep
from patience.solve import PACK_RUN

SEEDS = range(1, 4)
MOVES = 60
VARIANT_MOVES = 40  # with an option changed: the default's moves are checked at more length


def variants(cls: type[Game]) -> list[dict[str, Any]]:
    """The default options, then each option with a fixed set of values (a choice, or a switch)
    set to each of its other values."""
    found: list[dict[str, Any]] = [{}]
    for option in cls.OPTIONS:
        values = option.choices if option.choices is not None else (
            (False, True) if isinstance(option.default, bool) else ())
        found += [{option.name: value} for value in values if value != option.default]
    return found


CASES = [pytest.param(cls, options, id=f"{cls.slug}{''.join(f'-{k}={v}' for k, v in options.items())}")
         for cls in games.all() for options in variants(cls)]


@pytest.mark.parametrize(("cls", "options"), CASES)
def test_fast_moves_are_the_moves_violation_allows(cls: type[Game], options: dict[str, Any],
                                                   legal_moves_checked) -> None:
    seeds, moves = (SEEDS, MOVES) if not options else (SEEDS[:1], VARIANT_MOVES)
    for seed in seeds:
        game = cls.deal(seed=seed, **options)
        legal_moves_checked(game, random.Random(seed), moves)


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_the_plate_position_too(cls: type[Game], legal_moves_checked) -> None:
    if not cls.PLATE:
        pytest.skip(f"{cls.name} has no plate")
    legal_moves_checked(cls.from_plate(), random.Random(0), MOVES)


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_what_a_search_tries_is_legal(cls: type[Game]) -> None:
    """The solver's moves (useful and safe) are legal moves of the position."""
    for seed in SEEDS:
        game, rng = cls.deal(seed=seed), random.Random(seed)
        for _ in range(MOVES):
            legal = game.legal_moves()
            useful = game.useful_moves()
            assert set(useful) <= set(legal), str(game)
            safe = game.safe_move(useful)
            assert safe is None or safe in useful
            if not legal:
                break
            game.play(rng.choice(legal))


def _alike(game: Game) -> tuple[Any, ...]:
    """What two positions that a search takes for one must share (their piles may differ where the
    rules treat them alike, and their cards where the game treats cards alike): the result, the cards
    gone out, and the kinds and sizes of their legal moves."""
    return game.is_won, game.progress(), Counter((m.kind, len(m.cards)) for m in game.legal_moves())


def _merged_siblings(game: Game, rng: random.Random, moves: int) -> int:
    """Along random play, the positions reached by two moves of one position that differ but share
    their :meth:`~Game.solver_key` (a king into either of two spaces, say): each such pair is
    checked :func:`_alike`.  How many were met."""
    met = 0
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        children: dict[Any, dict[Any, Move]] = {}
        for move in legal[:40]:
            game.push(move)
            children.setdefault(game.solver_key(), {}).setdefault(game.state_key(), move)
            game.undo()
        for merged in children.values():
            if len(merged) > 1:
                met += 1
                seen = []
                for move in merged.values():
                    game.push(move)
                    seen.append(_alike(game))
                    game.undo()
                assert all(one == seen[0] for one in seen), f"{str(game)}\n{[str(m) for m in merged.values()]}"
        game.play(rng.choice(legal))
    return met


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_positions_a_search_takes_for_one_are_alike(cls: type[Game]) -> None:
    """A search's key merges positions the rules treat alike, and a loss is proved over the merged
    positions: so two positions reached from one that share a key may differ only where the game's
    symmetries say (which pile holds a card, which of two alike cards)."""
    for seed in SEEDS[:2]:
        _merged_siblings(cls.deal(seed=seed), random.Random(seed), MOVES // 2)


def test_the_siblings_a_key_merges_are_met() -> None:
    """The test above meets merged positions (a card put into any of The Congress's empty helps): it
    is not vacuous."""
    cls = games.get("the-congress")
    assert sum(_merged_siblings(cls.deal(seed=seed), random.Random(seed), MOVES // 2) for seed in SEEDS[:2]) > 10


OWN_PACK_STEPS = [case for case in CASES if case.values[0].pack_steps is not Game.pack_steps]


def _steps(steps: Iterator[PackStep]) -> list[tuple[Any, ...]]:
    """The steps of a run of the pack, each with its piles as they were at that step."""
    try:
        return [(step.move, dict(step.piles), step.key, step.pack, step.uses) for step in islice(steps, PACK_RUN)]
    finally:
        steps.close()


#: How many positions of each deal :func:`_where_the_pack_moves` gives, at most (the default
#: runs of the pack make every move of a run, and a pack may be dealt for eighty moves).
PACK_POSITIONS = 10


def _where_the_pack_moves(cls: type[Game], options: dict[str, Any]) -> Iterator[tuple[Game, Move]]:
    """Positions of random play from eight deals where the pack can be moved (up to
    :data:`PACK_POSITIONS` a deal, the play moving the pack often), each with its first move of the
    pack; what is done with a position must leave it as it was."""
    met = 0
    for seed in range(1, 9):
        game, rng = cls.deal(seed=seed, **options), random.Random(seed)
        found = 0
        for _ in range(4 * MOVES):
            legal = game.legal_moves()
            if not legal:
                break
            pack = [m for m in legal if m.kind in game.PACK_KINDS]
            if pack:
                found += 1
                before = dict(game.piles), game.solver_key()
                yield game, pack[0]
                assert (dict(game.piles), game.solver_key()) == before, str(game)
                if found == PACK_POSITIONS:
                    break
            # (the pack moved every other move, half the time, so that the ends of the pack are met too)
            game.play(pack[0] if pack and rng.random() < 0.5 else rng.choice(legal))
        met += found
    assert met > 40


@pytest.mark.parametrize(("cls", "options"), OWN_PACK_STEPS)
def test_a_game_s_own_steps_of_the_pack_are_those_its_moves_make(cls: type[Game], options: dict[str, Any]) -> None:
    """A game that works out :meth:`~Game.pack_steps` itself gives, from every position of random
    play where the pack can be moved, what making the moves gives, and leaves the position as it was."""
    for game, first in _where_the_pack_moves(cls, options):
        assert _steps(game.pack_steps(first)) == _steps(Game.pack_steps(game, first)), str(game)


OWN_PACK_RUNS = [case for case in CASES if case.values[0].pack_runs is not Game.pack_runs]


@pytest.mark.parametrize(("cls", "options"), OWN_PACK_RUNS)
def test_a_game_s_own_runs_of_the_pack_are_those_its_steps_give(cls: type[Game], options: dict[str, Any]) -> None:
    """A game that works out :meth:`~Game.pack_runs` itself gives, from every position of random
    play where the pack can be moved, the runs that its :meth:`~Game.pack_steps` give, and leaves the
    position as it was."""
    for game, first in _where_the_pack_moves(cls, options):
        assert game.pack_runs(first) == Game.pack_runs(game, first), str(game)


OWN_APPLY_STEP = [case for case in CASES if case.values[0].apply_step is not Game.apply_step]


@pytest.mark.parametrize(("cls", "options"), OWN_APPLY_STEP)
def test_a_game_s_own_step_at_once_is_its_moves_one_by_one(cls: type[Game], options: dict[str, Any]) -> None:
    """A game that applies a search's step at once (:meth:`~Game.apply_step`) reaches, for every run of
    the pack from positions of random play, the position its moves reach one by one, and
    :meth:`~Game.undo_step` takes it back."""
    runs = 0
    for game, first in _where_the_pack_moves(cls, options):
        before = dict(game.piles), dict(game.counters)
        for run in game.pack_runs(first) or []:
            for move in run:
                game.push(move)
            made = dict(game.piles), dict(game.counters), game.solver_key()
            for _ in run:
                game.undo()
            game.push_step(run)
            assert (dict(game.piles), dict(game.counters), game.solver_key()) == made, str(game)
            assert game.history[-len(run):] == list(run)
            game.undo_step(len(run))
            assert (dict(game.piles), dict(game.counters)) == before, str(game)
            runs += len(run) > 2
    assert runs > 40


OWN_SEARCH = [case for case in CASES if case.values[0](**case.values[1]).own_search() is not None]


@pytest.mark.parametrize(("cls", "options"), OWN_SEARCH)
def test_a_game_s_own_search_searches_as_the_core(cls: type[Game], options: dict[str, Any]) -> None:
    """A game with a search of its own (:meth:`~Game.own_search`: Demon's, in C) searches its deals
    as the core's search does: the same outcome, positions and line, with the pack first or not (in an
    option's reading, the first 10 positions of one deal: ``tests/games/test_searches_in_c.py`` holds
    the searches in C of the readings it names to the core's at length, and The Fourteenth's exchange at
    any time makes some 38,000 moves a position, a third of a second of the core's)."""
    from patience.solve import _search

    seeds, nodes = (SEEDS, 2_000) if not options else (SEEDS[:1], 10)
    for seed in seeds:
        game = cls.deal(seed=seed, **options)
        search = game.own_search()
        assert search is not None
        for pack_first in (False, True):
            core = _search(game.copy(), nodes, None, None, None, 0.0, pack_first=pack_first)
            assert search(game.copy(), nodes, None, None, None, 0.0, pack_first=pack_first) == core, (seed, pack_first)
