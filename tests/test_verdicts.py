"""The solver says *lost* only when it has proved it.

On small positions (end-games, with few moves left), drawn from every game of the registry,
the thoughtful search with all its reductions (safe moves, dominated moves left out,
interchangeable piles, runs of the pack, its own move order) must give the same verdict as a
plain exhaustive search written here: every legal move tried, positions told apart by their exact
:meth:`~patience.game.Game.state_key`, nothing else.  The positions are those of a random game
walked back from its end, and those of the book's worked game (won) near its end.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from patience import Game, Record, games, load
from patience.solve import thoughtful

RECORDS = Path(__file__).resolve().parents[1] / "src" / "patience" / "records"
#: The positions a plain search may visit for a position to count as small.
SMALL = 3_000


def exhaustive(game: Game, limit: int = SMALL) -> str | None:
    """``"won"`` or ``"lost"`` by trying every line of legal moves from ``game`` (left as it
    was), or None if that takes more than ``limit`` positions."""
    board = game.copy()
    seen = {board.state_key()}
    stack = [iter(board.legal_moves())]
    if board.is_won:
        return "won"
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                board.undo()
            continue
        board.push(move)
        key = board.state_key()
        if key in seen:
            board.undo()
            continue
        seen.add(key)
        if len(seen) > limit:
            return None
        if board.is_won:
            return "won"
        stack.append(iter(board.legal_moves()))
    return "lost"


def random_game(cls: type[Game], seed: int, moves: int = 400, **options: Any) -> list[Game]:
    """The positions of a random game of deal ``seed`` (with ``options``), from the deal to where
    it stops."""
    game, rng = cls.deal(seed=seed, **options), random.Random(seed)
    positions = [game.copy()]
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal or game.is_won:
            break
        game.play(rng.choice(legal))
        positions.append(game.copy())
    return positions


def small_positions(positions: list[Game], count: int = 4) -> list[tuple[Game, str]]:
    """Up to ``count`` positions of ``positions``, walking back from the last, that the plain
    search decides within :data:`SMALL`, each with its verdict."""
    found = []
    for position in reversed(positions):
        verdict = exhaustive(position)
        if verdict is None:
            break
        found.append((position, verdict))
        if len(found) == count:
            break
    return found


def check(position: Game, verdict: str) -> None:
    solution = thoughtful(position, nodes=20 * SMALL)
    # A game whose search leaves out moves for speed proves nothing lost (Game.proves_lost).
    expected = verdict if verdict == "won" or position.proves_lost() else "unknown"
    assert solution.outcome == expected, f"plain search: {verdict}, the solver: {solution.outcome}\n{position}"
    if verdict == "won":
        assert solution.record.replay().is_won


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_the_solver_and_a_plain_search_agree_on_end_games(cls: type[Game]) -> None:
    decided = []
    for seed in (1, 2, 3):
        positions = random_game(cls, seed)
        # Start a few moves before the end, where a game stuck at random may still be saved.
        decided += small_positions(positions[:-1] if len(positions) > 1 else positions)
    assert decided, "no position small enough for the plain search"
    for position, verdict in decided:
        check(position, verdict)


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.txt")), ids=lambda p: p.stem)
def test_the_worked_games_are_won_near_their_end_by_both(path: Path) -> None:
    """Near the end of a worked game both searches find the win; a worked game that is lost (none
    today: every notebook plays a won deal) would be held to their agreement alone."""
    record = Record.from_text(path.read_text(encoding="utf-8"))
    positions = list(record.positions())
    if positions[-1].is_won:
        decided = small_positions(positions[: max(1, len(positions) - 2)], count=2)
        assert decided and all(verdict == "won" for _, verdict in decided)
    else:
        decided = small_positions(positions, count=2)
        assert decided
    for position, verdict in decided:
        check(position, verdict)


#: Readings whose search leaves out moves that the default reading never offers: Demon's moves of
#: part of a file that only exchange twins (:meth:`~patience.games.demon.Demon.useful_moves`).
READINGS = ["demon(files=part)", "demon(files=part,heap=files,empty_heap=any,wrap=base)"]


def demon_end_game(rng: random.Random, spec: str, left: int) -> Game:
    """A Demon end-game of the reading ``spec`` with ``left`` cards out of the formations: the
    formations built to random heights from a random value, four files of cards in sequence (each
    begun by a card at random and built on while a card fits and a coin falls so), and the other
    cards in the hand, but for up to three on the talon."""
    from patience.cards import CARDS
    from patience.games.demon import Demon

    game = load(spec)
    base, heights = rng.randint(1, 13), [13] * 4
    for _ in range(left):
        heights[rng.choice([s for s in range(4) if heights[s] > 1])] -= 1

    def card(suit: int, i: int) -> Any:  # the formation's i-th card, its formation card the 0th
        return CARDS[13 * suit + (base + i - 1) % 13 + 1]

    out = {card(s, i) for s in range(4) for i in range(heights[s])}
    rest = [c for c in CARDS[1:] if c not in out]
    rng.shuffle(rest)
    fits = Demon.arrange({1: "", 2: "", 3: "", 4: ""}, foundations=str(card(0, 0)),
                         **game.options.changed()).file_build.table()
    files = {}
    for number in range(1, 5):
        pile = [rest.pop()]
        while rng.random() < 0.75:
            follow = [c for c in rest if fits[pile[-1]][c]]
            if not follow:
                break
            pile.append(follow[0])
            rest.remove(follow[0])
        files[number] = " ".join(map(str, pile))
    highest = sorted(range(4), key=lambda s: -heights[s])  # the formation card's formation first
    formations = " ".join(f"{card(s, 0)}-{card(s, heights[s] - 1)}" for s in highest)
    talon = rng.randint(0, 3)
    return Demon.arrange(files, foundations=formations, talon=" ".join(map(str, rest[:talon])),
                         hand=" ".join(map(str, rest[talon:])), **game.options.changed())


@pytest.mark.parametrize("spec", READINGS)
def test_the_solver_and_a_plain_search_agree_on_end_games_of_other_readings(spec: str) -> None:
    """Random games walked back from their end (mostly lost), and end-games laid out at random
    (mostly won), many of them offering moves the search leaves out."""
    game, rng = load(spec), random.Random(spec)
    decided = []
    for seed in range(1, 31):
        positions = random_game(type(game), seed, **game.options.changed())
        decided += small_positions(positions[:-1], count=2)
    for _ in range(100):
        position = demon_end_game(rng, spec, rng.randint(10, 16))
        verdict = exhaustive(position)
        if verdict is not None:
            decided.append((position, verdict))
    verdicts = [verdict for _, verdict in decided]
    left_out = [p for p, _ in decided if len(p.useful_moves()) < len(p.legal_moves())]
    assert verdicts.count("won") >= 50 and verdicts.count("lost") >= 30 and len(left_out) >= 30
    for position, verdict in decided:
        check(position, verdict)


#: The games that prove positions lost without searching them (:meth:`~patience.game.Game.blocked`).
BLOCKING = [cls for cls in games.all() if cls.blocked is not Game.blocked]


@pytest.mark.parametrize("cls", BLOCKING, ids=lambda cls: cls.slug)
def test_a_position_proved_blocked_is_lost_and_a_won_line_is_never_blocked(cls: type[Game]) -> None:
    record = Record.from_text((RECORDS / f"{cls.slug}.txt").read_text(encoding="utf-8"))
    assert record.replay().is_won
    assert all(position.blocked() is None for position in record.positions())
    checked = 0
    for seed in range(1, 13):
        for position in reversed(random_game(cls, seed)):
            if position.blocked() is None:
                continue
            verdict = exhaustive(position)
            if verdict is None:
                break
            assert verdict == "lost", f"proved blocked ({position.blocked()}) but won:\n{position}"
            checked += 1
    assert checked >= 10


def canfield_last_pass(rng: random.Random, left: int = 14, rows: int = 1) -> Game:
    """A Canfield end-game in its last pass (one card turned at a time, or three) with ``left``
    cards out of the foundations: the foundations built to random heights, the other cards dealt
    at random to the stock, the waste and the first ``rows`` rows (all but each row's top card
    face down)."""
    from patience.cards import CARDS
    from patience.games.canfield import Canfield

    heights = [13] * 4
    for _ in range(left):
        heights[rng.choice([s for s in range(4) if heights[s]])] -= 1
    out = [card for s, height in enumerate(heights) for card in CARDS[13 * s + height + 1:13 * s + 14]]
    rng.shuffle(out)
    stock, waste = rng.randint(4, 9), rng.randint(0, 2)
    stock, waste, rest = out[:stock], out[stock:stock + waste], out[stock + waste:]
    columns: dict[int, list[str]] = {}
    for card in rest:
        columns.setdefault(rng.randint(1, rows), []).append(str(card))
    piles = {n: " ".join(f"[{c}]" for c in cards[:-1]) + " " + cards[-1] for n, cards in columns.items()}
    tops = " ".join(str(CARDS[13 * s + height]) for s, height in enumerate(heights) if height)
    return Canfield.arrange(piles, waste=" ".join(map(str, waste)), foundations=tops,
                            stock=" ".join(map(str, stock)), draw=rng.choice((1, 3)))


def test_canfield_proves_nothing_lost_that_a_last_pass_of_the_stock_could_win() -> None:
    """The proof follows the stock of the last pass card by card onto the waste (a card that
    cannot leave the waste when it is turned lies under the cards turned after it): on end-games
    with cards in the stock it says *blocked* only where the plain search finds them lost."""
    rng = random.Random(11)
    proved = 0
    for _ in range(200):
        position = canfield_last_pass(rng)
        verdict = exhaustive(position)
        if verdict is None:
            continue
        if position.blocked() is not None:
            assert verdict == "lost", f"proved blocked ({position.blocked()}) but won:\n{position}"
            proved += len(position.piles["stock"]) > 0
        check(position, verdict)
    assert proved >= 25
