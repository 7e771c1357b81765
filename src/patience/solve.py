"""Solving a deal, two ways: a search that sees every card, and a player who sees only the table.

*Thoughtful* solving (the standard for winnability in the literature on patience)
knows every card, the face-down ones and the order of the pack in hand.  It is a
depth-first search over :meth:`~patience.game.Game.useful_moves` with a
transposition table on :meth:`~patience.game.Game.solver_key` (so a position is
searched once, and moves that go round in circles end), moves that go out first,
and each game's own :meth:`~patience.game.Game.safe_move` played without trying
the others.  Within its budget of nodes (positions searched) it answers *won*,
with the winning line as a replayable :class:`~patience.game.Record`, or *lost*,
proved by searching every position reachable; past its budget, *unknown*.

*Honest* play is a player who sees only what lies face up.  Before every move the
player is shown :func:`player_view`: the position with every face-down card
exchanged at random for another face-down card, so nothing that is hidden can
guide the choice.  The player is greedy: a safe move if there is one, else the
move that puts most cards out, turns up most cards and leaves most spaces, never
going back to a position already seen; when no move gains, the pack is turned
(or dealt) before cards are shuffled between the piles.  It answers *won* or
*lost* (the player gave up: no move left worth making).

>>> from patience import load
>>> won = solve(load("canfield", seed=8), nodes=5_000)
>>> won.outcome, won.record.replay().result
('won', 'won')
>>> solve(load("canfield", seed=8), "honest").outcome, solve(load("canfield", seed=1), "honest").outcome
('won', 'lost')
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from .game import Game, Move, Pile, Record, pile_kind

__all__ = ["MODES", "OUTCOMES", "Solution", "solve", "thoughtful", "honest", "player_view", "visible_key"]

MODES = ("thoughtful", "honest")
OUTCOMES = ("won", "lost", "unknown")

#: The default budget of a thoughtful search: positions searched.
NODES = 50_000
#: The most moves an honest player makes, and the most in a row that gain nothing.
HONEST_MOVES, IDLE_MOVES = 5_000, 25


@dataclass
class Solution:
    """What a solver found: the outcome, the line played and what the search cost.

    ``record`` is the winning line for a thoughtful *won* (empty otherwise), and the
    game as played for an honest player.
    """

    outcome: str
    mode: str
    record: Record
    nodes: int
    seconds: float

    def __str__(self) -> str:
        game = self.record.start
        moves = ", ".join(str(m) for m in self.record.moves)
        head = (f"{game.name} ({game.spec}), seed {game.seed}: {self.outcome} ({self.mode}, "
                f"{self.nodes:,} positions, {self.seconds:.2f} s, {len(self.record)} moves)")
        return head + (f"\n{moves}" if moves else "")


def solve(game: Game, mode: str = "thoughtful", *, nodes: int = NODES, seconds: float | None = None,
          seed: int = 0) -> Solution:
    """Solve ``game`` from its current position in ``mode`` ("thoughtful" or "honest").

    ``nodes`` (and, if given, ``seconds``) bound a thoughtful search; ``seed`` picks
    the honest player's random guesses at the face-down cards.  The game itself is
    not changed.
    """
    if mode == "thoughtful":
        return thoughtful(game, nodes=nodes, seconds=seconds)
    if mode == "honest":
        return honest(game, seed=seed)
    raise ValueError(f"unknown mode {mode!r} (modes: {', '.join(MODES)})")


def _priority(game: Game, move: Move) -> int:
    """The order moves are tried in: out first, then moves that turn a card up or empty a pile,
    then the other moves between piles, and last the pack turned or dealt."""
    if move.kind != "move" or move.target is None:
        return 4
    if pile_kind(move.target) in game.OUT:
        return 0
    source = game.piles.get(move.source or "")
    if source is not None and move.cards:
        left = len(source) - len(move.cards)
        if 0 < left <= source.face_down:
            return 1
        if left == 0:
            return 2
    return 3


def _children(game: Game, last: Move | None) -> list[Move]:
    """The moves to search after ``last``: the safe move alone if there is one; else the useful
    moves in :func:`_priority` order, less those that could have been made before ``last``, a move
    of the pack (as the pack is turned as late as it can be, one order of the two is enough)."""
    moves = game.useful_moves()
    safe = game.safe_move(moves)
    if safe is not None:
        return [safe]
    if last is not None and last.kind != "move":
        moves = [m for m in moves if not game.independent(last, m)]
    return sorted(moves, key=lambda m: _priority(game, m))


def _node(game: Game, last: Move | None) -> tuple[Any, ...]:
    """A searched node: the position, and the move of the pack that led to it (which decides what
    :func:`_children` leaves out, so two arrivals that differ in it are searched apart)."""
    return (game.solver_key(), last if last is not None and last.kind != "move" else None)


def thoughtful(game: Game, *, nodes: int = NODES, seconds: float | None = None) -> Solution:
    """Search every line of play from ``game``, seeing every card, within ``nodes`` positions.

    >>> from patience import load
    >>> game = load("the-fifteen", seed=2)
    >>> found = thoughtful(game, nodes=2_000)
    >>> found.outcome in OUTCOMES, len(game.history)
    (True, 0)
    """
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    board = game.copy()
    start = board.copy()
    line: list[Move] = []

    def done(outcome: str, count: int) -> Solution:
        moves = list(line) if outcome == "won" else []
        return Solution(outcome, "thoughtful", Record(start, moves), count, time.perf_counter() - started)

    if board.is_won:
        return done("won", 0)
    seen = {_node(board, None)}
    stack = [iter(_children(board, None))]
    count = 0
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if line:
                board.undo()
                line.pop()
            continue
        if count >= nodes or (deadline is not None and count % 64 == 0 and time.perf_counter() > deadline):
            return done("unknown", count)
        count += 1
        board.push(move)
        key = _node(board, move)
        if key in seen:
            board.undo()
            continue
        seen.add(key)
        line.append(move)
        if board.is_won:
            return done("won", count)
        stack.append(iter(_children(board, move)))
    return done("lost", count)


def visible_key(game: Game) -> tuple[Any, ...]:
    """A key of what a player sees: the face-up cards, and how many lie face down in each pile."""
    return (tuple((p.visible, p.face_down) for p in game.piles.values()), tuple(game.counters.values()))


def player_view(game: Game, rng: random.Random) -> Game:
    """``game`` as a player sees it: its face-down cards dealt back face down at random.

    Two positions that show the same cards face up give the same view for the same
    ``rng``, whatever lies under the backs of the cards:

    >>> from patience import load
    >>> game = load("canfield", seed=1)
    >>> view = player_view(game, random.Random(0))
    >>> visible_key(view) == visible_key(game), view.piles["stock"] == game.piles["stock"]
    (True, False)
    """
    hidden = sorted(c for pile in game.piles.values() for c in pile.cards[: pile.face_down])
    rng.shuffle(hidden)
    view = game.copy()
    view.seed = rng.randrange(2**31)
    deck = iter(hidden)
    for name, pile in game.piles.items():
        if pile.face_down:
            down = tuple(next(deck) for _ in range(pile.face_down))
            view.piles[name] = Pile(down + pile.visible, pile.face_down)
    view._number_packs()
    return view


#: The kinds of pile that hold the pack in hand and the cards turned from it.
PACK = ("stock", "pack", "hand", "talon", "waste")


def _score(game: Game) -> tuple[int, int, int, int]:
    """What an honest player counts as gain, most first: cards out, cards turned face up in the
    lay-out, cards brought out of the pack (and its talon), empty piles."""
    down = in_pack = empty = 0
    for name, pile in game.piles.items():
        if pile_kind(name) in PACK or name in game.UNDEALT:
            in_pack += len(pile)
        else:
            down += pile.face_down
        empty += not pile.cards
    return (game.progress(), -down, -in_pack, empty)


def choose(view: Game, seen: set[tuple[Any, ...]], idle: int) -> Move | None:
    """The honest player's move in ``view``: a safe move; else the best gain; else, after
    ``idle`` moves in a row that gained nothing, the pack before a reshuffle between piles;
    None when every move leads back to a position in ``seen`` (or idles too long)."""
    moves = view.useful_moves()
    safe = view.safe_move(moves)
    if safe is not None:
        return safe
    now = _score(view)
    gains: list[tuple[tuple[int, int, int, int], int, int]] = []
    pack: list[Move] = []
    shuffles: list[Move] = []
    for i, move in enumerate(moves):
        view.push(move)
        fresh = visible_key(view) not in seen
        after = _score(view)
        view.undo()
        if not fresh:
            continue
        if after > now:
            gains.append((after, -_priority(view, move), -i))
        elif move.kind != "move":
            pack.append(move)
        else:
            shuffles.append(move)
    if gains:
        return moves[-max(gains)[2]]
    if pack:
        return pack[0]
    if shuffles and idle < IDLE_MOVES:
        return min(shuffles, key=lambda m: _priority(view, m))
    return None


def honest(game: Game, *, seed: int = 0, moves: int = HONEST_MOVES) -> Solution:
    """Play ``game`` as a greedy player who sees only the face-up cards (see :func:`choose`).

    >>> from patience import load
    >>> played = honest(load("the-fifteen", seed=2))
    >>> played.outcome in ("won", "lost"), played.record.replay() == played.record.replay()
    (True, True)
    """
    started = time.perf_counter()
    board = game.copy()
    rng = random.Random(f"honest/{seed}")
    seen = {visible_key(board)}
    idle = count = 0
    while not board.is_won and len(board.history) < moves:
        view = player_view(board, rng)
        before = _score(view)
        move = choose(view, seen, idle)
        count += 1
        if move is None:
            break
        # The view's cards carry the view's pack numbers: play the game's own move.
        board.push(next(m for m in board.legal_moves() if m == move))
        seen.add(visible_key(board))
        idle = 0 if _score(board) > before or move.kind != "move" else idle + 1
    outcome = "won" if board.is_won else "lost"
    return Solution(outcome, "honest", board.record(), count, time.perf_counter() - started)
