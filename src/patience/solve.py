"""Solving a deal, two ways: a search that sees every card, and a player who sees only the table.

*Thoughtful* solving (the standard for winnability in the literature on patience)
knows every card, the face-down ones and the order of the pack in hand.  It is a
depth-first search over :meth:`~patience.game.Game.useful_moves` with a
transposition table on :meth:`~patience.game.Game.solver_key` (so a position is
searched once, and moves that go round in circles end), moves that go out first,
and each game's own :meth:`~patience.game.Game.safe_move` played without trying
the others.  Within its budget of nodes (positions searched) it answers *won*,
with the winning line as a replayable :class:`~patience.game.Record`, or *lost*,
proved by searching every position reachable; past its budget, *unknown*.  A game
may have the same search written for speed (:meth:`~patience.game.Game.own_search`:
those of the games :data:`patience.compiled.IN_C` names are in C, some forty to a hundred and fifty
times as fast).

*Honest* play is a player who sees only what lies face up.  Whenever the player
plans, it is shown :func:`player_view`: the position with every face-down card
exchanged at random for another face-down card, so nothing that is hidden can
guide the choice.  The player makes a safe move if there is one; else searches a
few hundred positions of what it sees for the line of moves between the piles
that leads to the best table (most cards out, then most turned face up, most
brought out of the pack, fewest lying on the cards the foundations want next) and
follows it until the table shows something the plan did not expect; with no such
line it turns or deals the pack, and only then shuffles cards between the piles,
never going back to a table already seen.  It answers *won* or *lost* (the
player gave up: no move left worth making).

>>> from patience import load
>>> won = solve(load("canfield", seed=8), nodes=5_000)
>>> won.outcome, won.record.replay().result
('won', 'won')
>>> solve(load("canfield", seed=8), "honest").outcome, solve(load("canfield", seed=1), "honest").outcome
('won', 'lost')
"""

from __future__ import annotations

import functools
import gc
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple, ParamSpec, TypeVar

from .build import Foundation
from .cards import Card
from .compiled import copy_of
from .errors import whole_number
from .game import Game, Move, Pile, Record, pile_kind

__all__ = ["MODES", "OUTCOMES", "Solution", "solve", "check_budget", "thoughtful", "beam", "honest", "shorten", "player_view",
           "visible_key", "runs_using", "runs_turning", "searches_again"]

MODES = ("thoughtful", "honest")
OUTCOMES = ("won", "lost", "unknown")

#: The default budgets in positions searched: a thoughtful search's for a deal, an honest
#: player's for each plan it makes.
NODES = {"thoughtful": 50_000, "honest": 1_000}
#: The most moves an honest player makes, and the most in a row that gain nothing.
HONEST_MOVES, IDLE_MOVES = 5_000, 25
#: How often (in positions searched) a search reports its progress.
PROGRESS = 4096

#: What a search reports its progress to: called with the positions searched and the seconds taken.
Progress = Callable[[int, float], None]

_Args = ParamSpec("_Args")
_Found = TypeVar("_Found")


def _collector_paused(search: Callable[_Args, _Found]) -> Callable[_Args, _Found]:
    """``search`` run with Python's cyclic garbage collector paused (and on again after, if it was on).

    A search keeps every position it has seen, hundreds of thousands of keys made of tuples, and
    makes no reference cycles, so reference counting frees all it lets go.  Left on, the collector
    walks every key again each time their number has grown by a quarter: measured on Demon's deal 4,
    it took 44 % of a search of 600,000 positions (8.7 s paused, 15.5 s not).
    """

    @functools.wraps(search)
    def paused(*args: _Args.args, **kwargs: _Args.kwargs) -> _Found:
        was_on = gc.isenabled()
        gc.disable()
        try:
            return search(*args, **kwargs)
        finally:
            if was_on:
                gc.enable()

    return paused


@dataclass
class Solution:
    """What a solver found: the outcome, the line played and what the search cost.

    ``record`` is the winning line for a thoughtful *won* (empty otherwise), and the
    game as played for an honest player.  ``nodes`` counts the positions a thoughtful
    search visited, or the plans an honest player made.
    """

    outcome: str
    mode: str
    record: Record
    nodes: int
    seconds: float

    def __str__(self) -> str:
        game = self.record.start
        moves = ", ".join(str(m) for m in self.record.moves)
        cost = f"{self.nodes:,} {'positions' if self.mode == 'thoughtful' else 'plans'}"
        head = (f"{game.name} ({game.spec}), seed {game.seed}: {self.outcome} ({self.mode}, "
                f"{cost}, {self.seconds:.2f} s, {len(self.record)} moves)")
        return head + (f"\n{moves}" if moves else "")


def solve(game: Game, mode: str = "thoughtful", *, nodes: int | None = None, seconds: float | None = None,
          seed: int = 0, idle: int | None = None, width: int | None = None,
          progress: Progress | None = None) -> Solution:
    """Solve ``game`` from its current position in ``mode`` ("thoughtful" or "honest").

    ``nodes`` (default :data:`NODES` of the mode, or the game's
    :meth:`~patience.game.Game.search_nodes` for a thoughtful search) bounds a thoughtful search (with
    ``seconds`` and ``idle``, if given: see :func:`thoughtful`; with ``width``, the search
    is a :func:`beam`) or each plan of an honest player; ``seed`` picks the honest
    player's random guesses at the face-down cards.  ``progress``, if given, is called now and
    then during a thoughtful search with the positions searched so far and the seconds taken.
    The game itself is not changed.

    >>> solve(None)
    Traceback (most recent call last):
    ...
    TypeError: solve takes a game (patience.load deals one), not None
    """
    if not isinstance(game, Game):
        raise TypeError(f"solve takes a game (patience.load deals one), not {game!r}")
    for name, value in (("idle", idle), ("width", width), ("seed", seed)):
        if value is not None:
            whole_number(value, name)
    check_budget(nodes, seconds)
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r} (modes: {', '.join(MODES)})")
    if mode == "honest" and (width is not None or idle is not None):
        raise ValueError("width and idle shape a thoughtful search, not an honest player")
    if width is not None and idle is not None:
        raise ValueError("a beam search takes a width, not idle")
    budget = nodes
    if budget is None:
        own = game.search_nodes() if mode == "thoughtful" and width is None else None
        budget = NODES[mode] if own is None else own
    if width is not None:
        return beam(game, width=width, nodes=budget, seconds=seconds, progress=progress)
    if mode == "thoughtful":
        return thoughtful(game, nodes=budget, seconds=seconds, idle=idle, progress=progress)
    return honest(game, seed=seed, nodes=budget)


def check_budget(nodes: int | None, seconds: float | None = None) -> None:
    """Refuse a budget that is not one: ``nodes`` a whole number of positions (or plans), 0 or more,
    and ``seconds`` a time above 0 (either may be None: the default, no limit).

    >>> check_budget(-1)
    Traceback (most recent call last):
    ...
    ValueError: a budget of positions is 0 or more, not -1
    """
    if nodes is not None:
        whole_number(nodes, "nodes")
    if nodes is not None and nodes < 0:
        raise ValueError(f"a budget of positions is 0 or more, not {nodes}")
    if seconds is not None and (not isinstance(seconds, (int, float)) or isinstance(seconds, bool)):
        raise TypeError(f"seconds is a number of seconds, not {seconds!r}")
    if seconds is not None and seconds <= 0:
        raise ValueError(f"a search takes more than 0 seconds, not {seconds}")


def _by_priority(game: Game, moves: Iterable[Move], piles: Mapping[str, Pile] | None = None) -> list[Move]:
    """``moves`` in the order they are tried in: out first, then moves that turn a card up or empty
    a pile, then the other moves between piles, and last the pack turned or dealt; in the order
    given where they are alike (``piles``: the position's, unless given).

    >>> from patience import load
    >>> game = load("canfield", seed=1)
    >>> [m.kind for m in _by_priority(game, game.legal_moves())][-1]
    'turn'
    """
    pack = game.PACK_KINDS
    piles = game.piles if piles is None else piles
    first: list[Move] = []
    turning: list[Move] = []
    emptying: list[Move] = []
    between: list[Move] = []
    last: list[Move] = []
    for move in moves:
        kind, cards, source, target, _ = move
        if kind in pack:
            last.append(move)
        elif _goes_out(game, move):
            first.append(move)
        elif target is None:
            between.append(move)
        else:
            pile = piles.get(source or "")
            if pile is not None and cards:
                left = len(pile.cards) - len(cards)
                if left == 0:
                    emptying.append(move)
                    continue
                if 0 < left <= pile.face_down:
                    turning.append(move)
                    continue
            between.append(move)
    return first + turning + emptying + between + last


#: The most moves of the pack (turns, deals) in a row that the search looks through for a card to use.
PACK_RUN = 80

Step = tuple[Move, ...]


def _children(game: Game, last: Move | None, pack_first: bool = False) -> list[Step]:
    """The steps to search after ``last``: the safe move alone if there is one; else the useful
    moves in :func:`_by_priority` order.  In a game whose moves of the pack are
    :meth:`~patience.game.Game.independent` of others, a move of the pack is searched only as part
    of a run of them that ends in a move using a card it brought (turn, turn, 7♥ → 8♠): a move
    that does not need the pack could as well be made before the run, and a run that uses no card
    changes nothing a win needs.  The runs come after every other move; with ``pack_first``, those
    that end in a move out come straight after the other moves out."""
    moves = game.useful_moves()
    safe = game.safe_move(moves)
    if safe is not None:
        return [(safe,)]
    if last is not None and last.kind in game.PACK_KINDS:
        moves = [m for m in moves if not game.independent(last, m)]
    steps: list[Step] = [(m,) for m in _by_priority(game, moves)]
    if type(game).independent is Game.independent or sum(m.kind in game.PACK_KINDS for m in moves) != 1:
        return steps
    runs = game.pack_runs(next(m for m in moves if m.kind in game.PACK_KINDS))
    if runs is None:
        return steps
    steps = [s for s in steps if s[0].kind not in game.PACK_KINDS]
    if not pack_first:
        return steps + runs
    outs = sum(_goes_out(game, s[0]) for s in steps)
    up = [run for run in runs if _goes_out(game, run[-1])]
    return steps[:outs] + up + steps[outs:] + [run for run in runs if not _goes_out(game, run[-1])]


def _goes_out(game: Game, move: Move) -> bool:
    """Whether ``move`` takes a card out, to a pile of one of the game's :attr:`~patience.game.Game.OUT` kinds."""
    return move.target is not None and move.kind not in game.PACK_KINDS and pile_kind(move.target) in game.OUT


def _pack_runs(game: Game, first: Move) -> list[Step] | None:
    """Every run of moves of the pack from ``game``, beginning with ``first``, followed by a move
    that uses what it brought, as :meth:`~patience.game.Game.pack_steps` gives them; None if
    somewhere along the run the pack could be moved two ways (the runs would miss one).  The
    default of :meth:`~patience.game.Game.pack_runs`."""
    runs: list[Step] = []
    run: list[Move] = []
    seen = {game.solver_key()}
    steps = game.pack_steps(first)
    try:
        for move, piles, key, pack, uses in steps:
            run.append(move)
            known = len(seen)
            seen.add(key)
            if len(seen) == known:
                break
            runs += runs_using(game, tuple(run), uses, lambda: piles)
            if len(pack) > 1:
                return None
            if len(run) == PACK_RUN:
                break
    finally:
        steps.close()
    return runs


def runs_using(game: Game, run: Step, uses: list[Move], after: Callable[[], Mapping[str, Pile]]) -> list[Step]:
    """The steps of a run of moves of the pack, ``run``, followed by each of ``uses`` (moves that use
    what it brought, in the order of :meth:`~patience.game.Game.useful_moves`), in the order the
    search tries them; ``after`` gives the piles as the run leaves them (asked only where there are
    two uses or more to order).  For :meth:`~patience.game.Game.pack_runs`."""
    if len(uses) > 1:
        piles = after()
        uses = _by_priority(game, uses, piles)
    return [(*run, use) for use in uses]


def runs_turning(game: Game, first: Move, hand: str, talon: str, turn: int,
                 following: Callable[[int, int, int], list[Move]],
                 uses: Callable[[Card], list[Move]]) -> list[Step] | None:
    """:meth:`~patience.game.Game.pack_runs` for a pack turned ``turn`` cards at a time from the pile
    ``hand`` onto the pile ``talon`` (or a waste), and picked up again whole once the hand is out,
    where nothing else changes.  Read from the bottom of the talon up and on from the top of the hand
    down, the cards keep their order whatever is turned or picked up, so a run is a count of cards
    on the talon, and the card on top is the one its count reaches: no move is made.
    ``following(in_hand, on_talon, picked_up)`` gives the moves of the pack after a run that picked
    the talon up ``picked_up`` times, and ``uses(card)`` the moves of ``card`` on top of the talon
    (in the order of :meth:`~patience.game.Game.useful_moves`).

    Here, with a stand-in for the moves that use a card (a look at it), the cards that the runs of
    Demon's first deal bring to the top of the talon, through the hand, a pick-up and the hand again:

    >>> from patience import load
    >>> game = load("demon", seed=1)
    >>> turn, pick_up = game.parse_move("turn"), Move("redeal", (), "talon", "hand", "pick up")
    >>> def following(in_hand, on_talon, picked_up):
    ...     return [turn] if in_hand else [pick_up] if not picked_up else []
    >>> runs = runs_turning(game, turn, "hand", "talon", 3, following, lambda card: [Move("look", notation=str(card))])
    >>> print(" ".join(str(run[-1]) for run in runs))
    3♠ 6♠ Q♦ 7♣ J♦ 3♦ 8♣ 8♠ 2♥ 5♠ 6♦ 5♥ 3♠ 6♠ Q♦ 7♣ J♦ 3♦ 8♣ 8♠ 2♥ 5♠ 6♦ 5♥
    >>> print(" ".join(map(str, runs[12])))
    turn turn turn turn turn turn turn turn turn turn turn turn pick up turn 3♠
    """
    return _turning(game, first, hand, talon, turn, following, uses)


def _runs_turning(game: Game, first: Move, hand: str, talon: str, turn: int,
                  following: Callable[[int, int, int], list[Move]],
                  uses: Callable[[Card], list[Move]]) -> list[Step] | None:
    """The work of :func:`runs_turning` (compiled where the build could, see :mod:`patience.compiled`)."""
    piles = game.piles
    shown = piles[talon]
    pack = shown.cards + piles[hand].cards[::-1]
    size = len(pack)
    runs: list[Step] = []
    made: list[Move] = []
    showing, picked_up, down = len(shown.cards), 0, shown.face_down
    move = first
    while True:
        if move.kind in ("turn", "deal"):
            showing += turn
            if showing > size:
                showing = size
        else:
            showing, picked_up, down = 0, picked_up + 1, 0
        made.append(move)
        if showing:
            found = uses(pack[showing - 1])
            if found:  # (most cards a run brings up have no use: their run is not built)
                runs += runs_using(game, tuple(made), found, lambda: {talon: Pile(pack[:showing], down)})
        more = following(size - showing, showing, picked_up)
        if len(more) > 1:
            return None
        if not more or len(made) == PACK_RUN:
            return runs
        move = more[0]


def _node(game: Game, last: Move | None) -> tuple[Any, ...]:
    """A searched node: the position, and the move of the pack that led to it (which decides what
    :func:`_children` leaves out, so two arrivals that differ in it are searched apart)."""
    return (game.solver_key(), last if last is not None and last.kind in game.PACK_KINDS else None)


@_collector_paused
def thoughtful(game: Game, *, nodes: int = NODES["thoughtful"], seconds: float | None = None,
               idle: int | None = None, progress: Progress | None = None) -> Solution:
    """Search every line of play from ``game``, seeing every card, within ``nodes`` positions.

    ``idle``, if given, cuts every line that makes more than that many moves in a row without a
    gain (a card out, turned face up or brought out of the pack).  In a game of many marriages a
    depth-first search can otherwise shuffle cards for thousands of moves down one line.  A search
    that cuts lines proves nothing lost: where it runs out of lines it answers *unknown*.

    A search that takes a wrong turn early can spend all its budget below it, where the same search
    with its moves in another order wins in a few hundred positions.  So where the search leaves the
    deal unknown, a game whose :meth:`~patience.game.Game.restarts` are pairs ``(times, each)`` has
    it searched again: for each pair in turn, that many times, each with the moves from every position
    tried in another order (shuffled, the same way at every run) and within ``each`` positions (or
    ``nodes``, if fewer), until one decides it or the time given is up.  The positions of all the searches are counted; a deal
    the first search decides is decided as before.

    A search that tries every move between the piles before it turns the pack can spend its budget
    there, where the card the pack would bring up next goes out and opens the game (a Demon's stock
    card that goes up, say).  So where the searches leave the deal unknown, a game whose
    :meth:`~patience.game.Game.pack_first` is not 0 has it searched once more, within that many
    positions (or ``nodes``, if fewer), with the runs of the pack that end in a card going out tried
    straight after the other moves out.

    A depth-first search can also spend its budget on lines no player would follow, where a player
    who plans a few moves ahead and takes the best table each time wins.  So where the searches leave
    the deal unknown, a game whose :attr:`~patience.game.Game.PLAYS_OUT` is true has it played out by
    the honest player's way of play (:func:`honest`), but seeing every card: a win is a win (its line
    is the answer); a game it gives up proves nothing, and the deal stays unknown.  Its positions (the
    plans' searches) are counted too.

    >>> from patience import load
    >>> game = load("canfield", seed=4)
    >>> found = thoughtful(game, nodes=2_000)
    >>> found.outcome, found.nodes, len(game.history)
    ('lost', 1769, 0)
    """
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    start = game.copy()
    # A game's own search (in C) cuts no lines: with idle, the core's.
    own = start.own_search() if idle is None else None
    search = own or _search
    board = start.copy()
    outcome, line, count = search(board, nodes, deadline, idle, progress, started)
    for order, each in enumerate(searches_again(start.restarts(), nodes)):
        if outcome != "unknown" or (deadline is not None and time.perf_counter() > deadline):
            break
        # (A search in C leaves the board as it was unless it wins: the next searches again from it.)
        outcome, line, more = search(board if own else start.copy(), each, deadline, idle, progress, started,
                                     count, random.Random(order))
        count += more
    pack_first = min(start.pack_first(), nodes)
    if outcome == "unknown" and pack_first:
        outcome, line, more = search(start.copy(), pack_first, deadline, idle, progress, started, count,
                                     pack_first=True)
        count += more
    if outcome == "lost" and not start.proves_lost():
        outcome = "unknown"  # (every line searched, but not every move: no proof)
    if outcome == "unknown" and start.PLAYS_OUT:
        played, _, more = _play_out(start, Game.copy, NODES["honest"], HONEST_MOVES, deadline,
                                    progress, count, started)
        count += more
        if played.is_won:
            outcome, line = "won", list(played.history)
    return Solution(outcome, "thoughtful", Record(start, line), count, time.perf_counter() - started)


def searches_again(restarts: tuple[tuple[int, int], ...] | None, nodes: int) -> list[int]:
    """The positions each search again may visit, in turn, for a game's
    :attr:`~patience.game.Game.RESTARTS` after a first search of ``nodes``: never more than it.

    >>> searches_again(((2, 2_000), (3, 500)), 1_000)
    [1000, 1000, 500, 500, 500]
    """
    return [min(each, nodes) for times, each in restarts or () for _ in range(times)]


def _depth_first(board: Game, nodes: int, deadline: float | None, idle: int | None, progress: Progress | None,
                 started: float, counted: int = 0, order: random.Random | None = None,
                 pack_first: bool = False) -> tuple[str, list[Move], int]:
    """The search of :func:`thoughtful` from ``board`` (which it changes), within ``nodes`` positions:
    the outcome, the winning line (empty unless won) and the positions searched.  With ``order``, the
    steps from each position are tried in an order it shuffles; with ``pack_first``, in the order
    :func:`_children` gives with it; ``counted`` positions were searched before (for ``progress``)."""
    line: list[Move] = []
    if board.is_won:
        return "won", line, 0
    if board.blocked() is not None:
        return "lost", line, 0
    seen = {_node(board, None)}
    stack = [iter(_ordered(_children(board, None, pack_first), order))]
    steps: list[int] = []
    # Along the line (with ``idle``): the gain, and the moves made since it last grew.
    gains = [(_gain(board), 0)] if idle is not None else []
    cut = False
    count = 0
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if steps:
                if idle is not None:
                    gains.pop()
                made = steps.pop()
                board.undo_step(made)
                del line[len(line) - made:]
            continue
        if count >= nodes or (deadline is not None and count % 64 == 0 and time.perf_counter() > deadline):
            return "unknown", [], count
        count += 1
        if progress is not None and (counted + count) % PROGRESS == 0:
            progress(counted + count, time.perf_counter() - started)
        board.push_step(step)
        known = len(seen)
        seen.add(_node(board, step[-1]))  # (one look-up, not two: a key's hash is worked out pile by pile)
        if len(seen) == known:
            board.undo_step(len(step))
            continue
        if board.is_won:
            line.extend(step)
            return "won", line, count
        if board.blocked() is not None:
            board.undo_step(len(step))
            continue
        if idle is not None:
            gain, (before, since) = _gain(board), gains[-1]
            since = 0 if gain > before else since + len(step)
            if since > idle:
                cut = True
                board.undo_step(len(step))
                continue
            gains.append((gain, since))
        line.extend(step)
        steps.append(len(step))
        stack.append(iter(_ordered(_children(board, step[-1], pack_first), order)))
    return ("unknown" if cut else "lost"), [], count


def _ordered(steps: list[Step], order: random.Random | None) -> list[Step]:
    """``steps`` as given, or (with ``order``) shuffled by it."""
    if order is not None and len(steps) > 1:
        order.shuffle(steps)
    return steps


@_collector_paused
def beam(game: Game, *, width: int, nodes: int = NODES["thoughtful"], seconds: float | None = None,
         progress: Progress | None = None) -> Solution:
    """Search ``game`` seeing every card, a layer at each move of the pack, keeping the best ``width``.

    A depth-first search settles the last choices first, and in a game whose pack is dealt
    once, with no re-deal, a wrong choice early in the deal (which card to leave on the
    talon) may show only when the pack is spent, too deep for it to go back.  This search
    goes the other way, one move of the pack at a time.  From each position of a layer it
    reaches every position it can without moving the pack (the safe move alone where there is
    one, as in :func:`thoughtful`); from each of those it moves the pack, and the best
    ``width`` of the new positions (by what an honest player counts as gain: cards out,
    fewer face down, fewer in the pack and talon, fewer covering cards the foundations want,
    empty piles) are the next layer.  It answers *won*, with the line, or *unknown*: a search
    that leaves positions out proves nothing lost.  ``nodes`` bounds the positions it visits.

    A game whose moves between the piles are too many to search all of them at each move of the
    pack shapes the search with two hooks of its own.  With :attr:`~patience.game.Game.BEAM_REACH`,
    a number, the search tries from each position of a layer only the lines of :func:`_within_reach`
    (at most that many moves between the piles, each card that can go out going at once); a position where that reach ends with no move of the pack to make (the pack
    spent) is also one of the next layer's, so the search goes on through the end of the game, a
    layer at each ``BEAM_REACH`` moves, never back to a position a layer has held.  And
    :meth:`~patience.game.Game.beam_score` ranks the positions in the game's own terms in place of
    an honest player's gain.

    >>> from patience import load
    >>> found = beam(load("canfield", seed=8), width=20, nodes=20_000)
    >>> found.outcome, found.record.replay().result
    ('won', 'won')
    """
    if width < 1:
        raise ValueError(f"a beam needs a width of at least one position, not {width}")
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    start = game.copy()
    layer: list[tuple[Game, list[Move]]] = [(start.copy(), [])]
    count = 0
    reach = start.BEAM_REACH
    rank: Callable[[Game], Any] = _score if type(start).beam_score is Game.beam_score else type(start).beam_score
    layered: set[Any] = set()  # (with a reach) the positions the layers have held

    def done(outcome: str, line: list[Move]) -> Solution:
        return Solution(outcome, "thoughtful", Record(start, line), count, time.perf_counter() - started)

    if start.is_won:
        return done("won", [])
    while layer:
        seen: Any = set() if reach is None else {}
        # Each position one move of the pack on: its score, the layer's position it came from and
        # the moves from there.
        found: dict[Any, tuple[Any, int, list[Move]]] = {}
        for index, (board, line) in enumerate(layer):
            lines = (_within_layer(board, seen) if reach is None else _within_reach(board, seen, reach))
            for within, moves, *left in lines:
                if count >= nodes or (deadline is not None and count % 64 == 0 and time.perf_counter() > deadline):
                    return done("unknown", [])
                count += 1
                if progress is not None and count % PROGRESS == 0:
                    progress(count, time.perf_counter() - started)
                if board.is_won:
                    return done("won", line + within)
                for move in moves:
                    if move.kind in board.PACK_KINDS:
                        board.push(move)
                        key = board.solver_key()
                        if key not in found and key not in layered:
                            found[key] = (rank(board), index, [*within, move])
                        board.undo()
                if left == [0] and within and not any(m.kind in board.PACK_KINDS for m in moves):
                    key = board.solver_key()
                    if key not in found and key not in layered:
                        found[key] = (rank(board), index, list(within))
        best = sorted(found.values(), key=lambda entry: entry[0], reverse=True)[:width]
        layer = [(_after(layer[index][0], *moves), layer[index][1] + moves) for _, index, moves in best]
        if reach is not None:
            layered.update(board.solver_key() for board, _ in layer)
    return done("unknown", [])


def _within_layer(board: Game, seen: set[Any]) -> Iterator[tuple[list[Move], list[Move]]]:
    """The lines of moves that do not move the pack, from ``board`` to each position not in
    ``seen`` (which gains each), each with the useful moves of that position: ``board`` is left
    at that position while its line is yielded, and is back where it was at the end."""
    key = board.solver_key()
    if key in seen:
        return
    seen.add(key)
    line: list[Move] = []
    moves = board.useful_moves()
    yield line, moves
    stack = [iter(_moves_within(board, moves))]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if line:
                board.undo()
                line.pop()
            continue
        board.push(move)
        key = board.solver_key()
        if key in seen:
            board.undo()
            continue
        seen.add(key)
        line.append(move)
        moves = board.useful_moves()
        yield line, moves
        stack.append(iter(_moves_within(board, moves)))


def _moves_within(board: Game, moves: list[Move]) -> list[Move]:
    """Of the useful ``moves`` of ``board``, those :func:`_within_layer` tries: the safe move alone,
    else those that leave the pack alone, in :func:`_by_priority` order."""
    safe = board.safe_move(moves)
    if safe is not None and safe.kind not in board.PACK_KINDS:
        return [safe]
    return _by_priority(board, [m for m in moves if m.kind not in board.PACK_KINDS])


def _within_reach(board: Game, seen: dict[Any, int], reach: int) -> Iterator[tuple[list[Move], list[Move], int]]:
    """Like :func:`_within_layer`, the lines from ``board`` that leave the pack alone, each with the
    useful moves at its end and the moves between the piles it has left; but a line makes at most
    ``reach`` moves between the piles, and takes no choice where there is none worth searching:
    the safe move, else a card that can go out (the first), else, where every move fills one pile
    and the pack cannot move (a vacancy that must be filled first), the first of them.  ``seen``
    holds each position reached with the most moves it had left.

    >>> from patience import load
    >>> game, seen = load("the-besieged-city", seed=5), {}
    >>> lefts = [left for line, moves, left in _within_reach(game, seen, 1)]
    >>> len(lefts) == len(seen), sorted(set(lefts)), game.history
    (True, [0, 1], [])
    """
    line: list[Move] = []

    def visit(left: int) -> bool:
        key = board.solver_key()
        if seen.get(key, -1) >= left:
            return False
        seen[key] = left
        return True

    def steps(moves: list[Move], left: int) -> list[tuple[Move, int]]:
        safe = board.safe_move(moves)
        if safe is not None and safe.kind not in board.PACK_KINDS:
            return [(safe, left)]
        rest = [m for m in moves if m.kind not in board.PACK_KINDS]
        out = [m for m in rest if _goes_out(board, m)]
        if out:
            return [(out[0], left)]
        if rest and len(rest) == len(moves) and len({m.target for m in rest}) == 1:
            return [(rest[0], left)]
        if left == 0:
            return []
        return [(m, left - 1) for m in _by_priority(board, rest)]

    if not visit(reach):
        return
    moves = board.useful_moves()
    yield line, moves, reach
    stack = [iter(steps(moves, reach))]
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if line:
                board.undo()
                line.pop()
            continue
        move, left = step
        board.push(move)
        if not visit(left):
            board.undo()
            continue
        line.append(move)
        moves = board.useful_moves()
        yield line, moves, left
        stack.append(iter(steps(moves, left)))


def _gain(game: Game) -> tuple[int, ...]:
    """What a move can gain, for :func:`thoughtful`'s ``idle``: cards out, fewer face down, fewer in the pack."""
    return _score(game)[:3]


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
#: The kinds of pile whose cards are all free to use (no card covers another).
FREE = ("reserve",)

Score = tuple[int, int, int, int, int]


def _score(game: Game) -> Score:
    """What an honest player counts as gain, most first: cards out, cards turned face up in the
    lay-out, cards brought out of the pack (and its talon), fewer cards lying on the face-up cards
    the foundations want next, and empty piles."""
    piles = game.piles
    plan = _score_plan(game)
    in_pack = sum([len(piles[name].cards) for name in plan.pack])
    down = sum([piles[name].face_down for name in plan.lay_out])
    empty = sum([not pile.cards for pile in piles.values()])
    return (game.progress(), -down, -in_pack, -_covering(game, [piles[name] for name in plan.covered], plan),
            empty)


class _ScorePlan(NamedTuple):
    """What :func:`_score` reads of a game's piles, by name, worked out once for a game and its
    options: the piles of the pack (and those not yet dealt), the piles of the lay-out (neither the
    pack nor out), those of them whose cards cover one another (not :data:`FREE`), and whether the
    foundations are judged by their rules alone (see :func:`_covering`; None: the game has no rules
    for them)."""

    pack: tuple[str, ...]
    lay_out: tuple[str, ...]
    covered: tuple[str, ...]
    by_rules: bool | None


_SCORE_PLANS: dict[tuple[type[Game], Any, tuple[str, ...]], _ScorePlan] = {}


def _score_plan(game: Game) -> _ScorePlan:
    """The :class:`_ScorePlan` of ``game``'s kind, options and piles."""
    names = tuple(game.piles)
    key = (type(game), game.options, names)
    plan = _SCORE_PLANS.get(key)
    if plan is None:
        pack = tuple(name for name in names if pile_kind(name) in PACK or name in game.UNDEALT)
        lay_out = tuple(name for name in names if name not in pack and pile_kind(name) not in game.OUT)
        foundations = game.piles_of("foundation")
        by_rules: bool | None
        try:
            by_rules = type(game).foundation_fault is Game.foundation_fault and all(
                isinstance(game.foundation_rule(f), Foundation) for f in foundations)
        except NotImplementedError:
            by_rules = None
        plan = _SCORE_PLANS[key] = _ScorePlan(pack, lay_out, tuple(name for name in lay_out
                                                                   if pile_kind(name) not in FREE), by_rules)
    return plan


def _covering(game: Game, piles: list[Pile], plan: _ScorePlan | None = None) -> int:
    """How many cards lie on the face-up cards of ``piles`` that a foundation would take now.

    Where a game judges its foundations by their rules alone (each a
    :class:`~patience.build.Foundation`, and :meth:`Game.foundation_fault` as it is), the cards they
    take are those of :meth:`Game.foundation_takers`, worked out once for the position; otherwise
    each card is put to the game's own :meth:`Game.foundation_fault`, once.  (``plan``: the game's
    :class:`_ScorePlan`, if known.)"""
    foundations = game.piles_of("foundation")
    if not foundations:
        return 0
    if plan is None:
        plan = _score_plan(game)
    if plan.by_rules is None or not any(len(pile.cards) - pile.face_down > 1 for pile in piles):
        return 0  # (no rules for the foundations, or no face-up card lies on another)
    wanted: Callable[[Card], bool]
    total = 0
    try:  # (a game without foundation rules answers NotImplementedError: then no card is wanted)
        if plan.by_rules:
            wanted = game.foundation_takers(distinct_suits=False).__contains__
        else:
            wanted = _asking(game, foundations)
        for pile in piles:
            visible = pile.visible
            for depth, card in enumerate(reversed(visible[:-1]), start=1):
                if wanted(card):
                    total += depth
    except NotImplementedError:
        return 0
    return total


def _asking(game: Game, foundations: list[str]) -> Callable[[Card], bool]:
    """Whether one of ``foundations`` takes a card now, each card put to the game's own
    :meth:`Game.foundation_fault` once (for :func:`_covering`)."""
    asked: dict[Card, bool] = {}

    def wanted(card: Card) -> bool:
        if card not in asked:
            asked[card] = any(game.foundation_fault(f, card) is None for f in foundations)
        return asked[card]
    return wanted


Plan = list[tuple[Move, tuple[Any, ...]]]


def choose(view: Game, seen: set[tuple[Any, ...]], idle: int, nodes: int = NODES["honest"],
           record: Score | None = None, tally: list[int] | None = None) -> Plan:
    """The honest player's next moves in ``view``, each with the table it should leave: a safe
    move; else the line that :func:`plan` finds to a table better than any so far (``record``);
    else a turn or deal of the pack; else, after fewer than :data:`IDLE_MOVES` moves since the
    last better table, a move between the piles to a table not in ``seen``.  Empty when the
    player gives up.  ``tally``, if given, has the positions the plan searched added to its one item."""
    moves = view.useful_moves()
    safe = view.safe_move(moves)
    if safe is not None:
        return _steps(view, [safe])
    line = plan(view, seen, nodes, record, tally)
    if line:
        return _steps(view, line)
    fresh = []
    for move in moves:
        view.push(move)
        if visible_key(view) not in seen:
            fresh.append(move)
        view.undo()
    pack = [m for m in fresh if m.kind in view.PACK_KINDS]
    if pack:
        return _steps(view, pack[:1])
    if fresh and idle < IDLE_MOVES:
        return _steps(view, _by_priority(view, fresh)[:1])
    return []


def _steps(view: Game, line: list[Move]) -> Plan:
    """``line`` with the table each move leaves in ``view``."""
    board = view.copy()
    steps = []
    for move in line:
        board.push(move)
        steps.append((move, visible_key(board)))
    return steps


def plan(view: Game, seen: set[tuple[Any, ...]], nodes: int = NODES["honest"],
         record: Score | None = None, tally: list[int] | None = None) -> list[Move]:
    """The line of moves between the piles (the pack left alone) to the best table a search of
    ``nodes`` positions of ``view`` finds, if it is better (by :func:`_score`) than the table now
    and than ``record``, and not in ``seen``; a winning line as soon as one is found.  What the line turns up in
    ``view`` is a guess, not a card: the player plans again when the table shows otherwise.
    ``tally``, if given, has the positions searched added to its one item."""
    board = view.copy()
    best, best_line = max(_score(board), record or _score(board)), []
    searched = {_node(board, None)}
    stack = [iter(_children(board, None))]
    line: list[Move] = []
    steps: list[int] = []
    count = 0
    while stack and count < nodes:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if steps:
                for _ in range(steps.pop()):
                    board.undo()
                    line.pop()
            continue
        if any(move.kind in board.PACK_KINDS for move in step):
            continue
        count += 1
        for move in step:
            board.push(move)
        key = _node(board, step[-1])
        if key in searched or visible_key(board) in seen:
            for _ in step:
                board.undo()
            continue
        searched.add(key)
        line.extend(step)
        steps.append(len(step))
        if board.is_won:
            best_line = list(line)
            break
        score = _score(board)
        if score > best:
            best, best_line = score, list(line)
        stack.append(iter(_children(board, step[-1])))
    if tally is not None:
        tally[0] += count
    return best_line


@_collector_paused
def honest(game: Game, *, seed: int = 0, nodes: int = NODES["honest"], moves: int = HONEST_MOVES) -> Solution:
    """Play ``game`` as a greedy player who sees only the face-up cards (see :func:`choose`).

    >>> from patience import load
    >>> played = honest(load("the-fifteen", seed=2))
    >>> played.outcome in ("won", "lost"), played.record.replay() == played.record.replay()
    (True, True)
    """
    started = time.perf_counter()
    rng = random.Random(f"honest/{seed}")
    board, plans, _ = _play_out(game, lambda board: player_view(board, rng), nodes, moves)
    outcome = "won" if board.is_won else "lost"
    return Solution(outcome, "honest", board.record(), plans, time.perf_counter() - started)


def _play_out(game: Game, view: Callable[[Game], Game], nodes: int, moves: int,
              deadline: float | None = None, progress: Progress | None = None, counted: int = 0,
              started: float = 0.0) -> tuple[Game, int, int]:
    """``game`` played out by the honest player's way of play (:func:`choose`), shown the table as
    ``view`` makes it before each plan, until it is won, the player gives up, the game holds
    ``moves`` moves or ``deadline`` passes: the game as played (a copy), the plans made and the
    positions they searched (reported to ``progress`` as a search's are, after ``counted`` more)."""
    board = game.copy()
    seen = {visible_key(board)}
    steps: Plan = []
    idle = plans = 0
    tally = [0]
    record = _score(board)
    while not board.is_won and len(board.history) < moves:
        if not steps:
            if deadline is not None and time.perf_counter() > deadline:
                break
            before = tally[0]
            steps = choose(view(board), seen, idle, nodes, record, tally)
            plans += 1
            if progress is not None and (counted + before) // PROGRESS != (counted + tally[0]) // PROGRESS:
                progress(counted + tally[0], time.perf_counter() - started)
            if not steps:
                break
        move, expected = steps.pop(0)
        # The view's cards carry the view's pack numbers: play the game's own move.
        board.push(next(m for m in board.legal_moves() if m == move))
        table = visible_key(board)
        seen.add(table)
        if table != expected:
            steps = []
        score = _score(board)
        if score > record or move.kind in board.PACK_KINDS:
            idle = 0
            record = max(record, score)
        else:
            idle += 1
    return board, plans, tally[0]


#: A position's :meth:`~patience.game.Game.state_key`.
Key = tuple[Any, ...]
#: By position (its piles and counters), each line of one or two moves from it, with the hash of
#: the :meth:`~patience.game.Game.state_key` it reaches and that key (see :func:`_short_cuts`).
Ahead = dict[tuple[Any, ...], list[tuple[list[Move], int, tuple[Any, ...]]]]


@_collector_paused
def shorten(record: Record, *, span: int = 3) -> Record:
    """The winning line of ``record`` with every move it can do without taken out.

    A search that sees every card wanders: it moves a card and later moves it back, or
    makes a move that serves nothing.  This pass cuts out every stretch of the line that
    comes back to a position already reached, and takes a short cut wherever one or two
    moves reach a position the line reaches later.  Then it replays the line and at each
    move tries to leave out a run of up to ``span`` moves from there, or the move together
    with the next one or two moves of the same card; it keeps a cut when the rest of the
    line still replays legally and wins.  It repeats all this until nothing more can go.
    Every move of the result is checked by the engine, so it is a legal winning line,
    never longer than the one given.

    >>> from patience import load
    >>> found = solve(load("general-sedgewick", seed=15), nodes=5_000).record
    >>> short = shorten(found)
    >>> short.replay().is_won, len(short) < len(found)
    (True, True)
    """
    moves = _wins(record.start, record.moves)
    if moves is None:
        raise ValueError("shorten needs a record of a won game")
    ahead: Ahead = {}
    cut = True
    while cut:
        moves = _short_cuts(record.start, _without_circles(record.start, moves), ahead)
        cut = False
        prefix = record.start.copy()
        along = _replay(prefix, moves)[1]  # type: ignore[index]
        i = 0
        while i < len(moves):
            for leave_out in _cuts(moves, i, span):
                rest = max(leave_out) + 1  # the line as it was from here on
                trial = [m for k, m in enumerate(moves[i:rest], i) if k not in leave_out] + moves[rest:]
                found = _replay(prefix, trial, (rest - i - len(leave_out), along[rest:]))
                if found is not None:
                    moves[i:], along[i:], _ = found
                    cut = True
                    break
            else:
                prefix.push(moves[i])
                i += 1
    return Record(record.start.copy(), moves)


def _without_circles(start: Game, moves: list[Move]) -> list[Move]:
    """``moves`` less every stretch that leads back to a position it started from."""
    game, line, at = start.copy(), [], {start.state_key(): 0}
    for move in moves:
        game.push(move)
        line.append(move)
        back = at.get(game.state_key())
        if back is None:
            at[game.state_key()] = len(line)
        else:
            del line[back:]
            at = {key: i for key, i in at.items() if i <= back}
    return _wins(start, line) or moves


def _short_cuts(start: Game, moves: list[Move], ahead: Ahead) -> list[Move]:
    """``moves`` with a stretch replaced by one or two moves wherever those reach the same position.

    ``ahead`` keeps, for each position met, the lines of one or two moves from it and where they
    lead (with its hash): the next pass over the line meets most of the same positions."""
    game, i = start.copy(), 0
    keys = _replay(game, moves)[1]  # type: ignore[index]
    hashes = [hash(key) for key in keys]
    last = _last(hashes, 0)
    while i < len(moves):
        best: tuple[int, list[Move]] | None = None
        here = tuple(game.piles.items()), tuple(game.counters.items())
        lines = ahead.get(here)
        if lines is None:
            lines = ahead[here] = [(line, hash(key), key) for line, key in _one_or_two(game)]
        for line, h, reached in lines:
            j = last.get(h, 0)
            if j - i > len(line) and keys[j] == reached and (best is None or j - len(line) > best[0] - len(best[1])):
                best = (j, line)
        found = _replay(game, best[1] + moves[best[0]:], (len(best[1]), keys[best[0]:])) if best else None
        if found is not None:
            moves[i:], keys[i:], fresh = found
            kept = len(keys) - i - fresh  # the positions of the line as it was, and their hashes
            hashes[i:] = [hash(key) for key in keys[i:i + fresh]] + (hashes[-kept:] if kept else [])
            last = _last(hashes, i)
            continue
        game.push(moves[i])
        i += 1
    return moves


def _last(hashes: list[int], start: int) -> dict[int, int]:
    """Where a line is last at each of its positions from ``start`` on, by the hash of the
    position's key (``hashes``): a line looked up many times is hashed once."""
    return {h: k for k, h in enumerate(hashes[start:], start)}


def _one_or_two(game: Game) -> Iterator[tuple[list[Move], tuple[Any, ...]]]:
    """Every line of one or two legal moves from ``game`` (left as it was), with the
    :meth:`~patience.game.Game.state_key` it reaches: each move, then each move after it."""
    for first in game.legal_moves():
        game.push(first)
        try:
            yield [first], game.state_key()
            for second in game.legal_moves():
                game.push(second)
                try:
                    yield [first, second], game.state_key()
                finally:
                    game.undo()
        finally:
            game.undo()


def _after(game: Game, *moves: Move) -> Game:
    """A copy of ``game`` after ``moves``, legal moves of the positions they are made in."""
    game = game.copy()
    for move in moves:
        game.push(move)
    return game


def _cuts(moves: list[Move], i: int, span: int) -> Iterator[set[int]]:
    """The sets of moves :func:`shorten` tries to leave out at move ``i``."""
    for size in range(1, min(span, len(moves) - i) + 1):
        yield set(range(i, i + size))
    if moves[i].cards:
        again = [k for k in range(i + 1, len(moves)) if set(moves[k].cards) & set(moves[i].cards)][:2]
        for n in range(1, len(again) + 1):
            yield {i, *again[:n]}


def _wins(position: Game, moves: list[Move]) -> list[Move] | None:
    """``moves`` as the legal moves they are from ``position`` (left unchanged), if they win (see
    :func:`_replay`)."""
    found = _replay(position, moves)
    return None if found is None else found[0]


def _replay(position: Game, moves: list[Move],
            known: tuple[int, list[Key]] | None = None) -> tuple[list[Move], list[Key], int] | None:
    """``moves`` as the legal moves they are from ``position`` (left unchanged), if they win; with
    the keys of the positions they pass through (before each move and after the last), and how many
    of those keys the replay made.

    Each move is matched with the legal move of the same cards between the same piles or,
    failing that, to the same pile from wherever the cards lie now; so its notation is
    the one it has where it is now played (a lane that was the first may be the second).

    ``known`` is ``(start, keys)`` when ``moves[start:]`` are the rest of a won line, as matched
    there, and ``keys`` the keys of its positions: a replay that comes to the position that line
    was in before one of them would play the rest as it is, so it stops there and takes the rest
    of the keys from ``keys``.
    """
    game = position.copy()
    played: list[Move] = []
    passed: list[Key] = []
    for t, move in enumerate(moves):
        key = game.state_key()
        if known is not None and t >= known[0] and key == known[1][t - known[0]]:
            return played + moves[t:], passed + known[1][t - known[0]:], len(passed)
        passed.append(key)
        legal = [m for m in game.legal_moves() if (m.kind, m.cards, m.target) == (move.kind, move.cards, move.target)]
        match = next((m for m in legal if m.source == move.source), legal[0] if legal and move.cards else None)
        if match is None:
            return None
        played.append(game.play(match))
    if not game.is_won:
        return None
    passed.append(game.state_key())
    return played, passed, len(passed)


# The depth-first search and the runs of the pack are most of a search's time outside the games' own
# moves, so the build compiles a copy of this module (see patience.compiled): thoughtful and runs_turning
# run the copy's where it was made from this very text, else the functions above; the two give the same
# answers (tests/test_compiled.py).
_copy = copy_of(__name__, __file__)
_search: Callable[..., tuple[str, list[Move], int]] = _copy._depth_first if _copy is not None else _depth_first
_turning: Callable[..., list[Step] | None] = _copy._runs_turning if _copy is not None else _runs_turning
#: Whether they run compiled.
COMPILED = _copy is not None
