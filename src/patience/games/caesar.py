"""Cæsar: nine cards, ace to nine, placed in three rows so that every line makes fifteen.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Cæsar", plate 032.  Nine cards of any suits, ace to nine, are withdrawn from a
pack and placed in three rows of three.  The player changes their places until
the pips of every row, column and diagonal make fifteen: a magic square of
order three, eight fifteens.  The plate shows a placing with only three.

It is a puzzle, not a patience: nothing is hidden and nothing is dealt during
play.  A move exchanges two cards (``7♥ ↔ 5♣``); the game is won when the square
makes its eight fifteens.  Every placing can be won, in seven exchanges at most;
:meth:`Caesar.fewest_exchanges` says how many it needs.  The engine allows eight
exchanges (the option ``exchanges``), enough for every placing, so that a game
ends; ``exchanges=0`` sets no limit.

>>> from patience import load
>>> game = load("caesar", seed=1)
>>> print(game.table())
4♦  2♦  A♣ | 7
8♥  7♥  3♥ | 18
9♣  6♠  5♣ | 20
21 15  9 | 16 17
>>> game.fifteens(), game.fewest_exchanges()
(['column 2'], 6)
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar, Iterable, Sequence

from ..cards import Card
from ..errors import IllegalMove
from ..game import Game, Move, Pile, Spot, grid
from ..options import Option
from . import register

__all__ = ["Caesar", "MAGIC_SQUARES", "LINES"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Cæsar”"

#: The nine places, row by row, each row from the left.
PLACES = tuple(grid(3, 3))
_INDEX = {name: i for i, name in enumerate(PLACES)}
#: The eight lines of the square, by the places they join: three rows, three columns, two diagonals.
LINES: dict[str, tuple[int, int, int]] = {
    "row 1": (0, 1, 2), "row 2": (3, 4, 5), "row 3": (6, 7, 8),
    "column 1": (0, 3, 6), "column 2": (1, 4, 7), "column 3": (2, 5, 8),
    "diagonal": (0, 4, 8), "other diagonal": (2, 4, 6),
}
_PAIRS = tuple(combinations(range(9), 2))
#: The eight symmetries of the square (turns and reflections), as the place each place goes to.
_TURN = (6, 3, 0, 7, 4, 1, 8, 5, 2)
_MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)


def _symmetries() -> list[tuple[int, ...]]:
    found = []
    s = tuple(range(9))
    for _ in range(4):
        found.append(s)
        found.append(tuple(s[i] for i in _MIRROR))
        s = tuple(s[i] for i in _TURN)
    return found


SYMMETRIES = _symmetries()
#: The eight magic squares of one to nine (Lo Shu and its turns and reflections), as the values
#: row by row: the only placings that make eight fifteens.
MAGIC_SQUARES = tuple(sorted({tuple((2, 7, 6, 9, 5, 1, 4, 3, 8)[i] for i in s) for s in SYMMETRIES}))
#: Where each value lies in each magic square.
_WHERE = tuple({v: i for i, v in enumerate(square)} for square in MAGIC_SQUARES)

PLAY_WORDS = (
    "Withdraw from one entire pack nine cards, composed of any suits, from ace to nine inclusive. Place "
    "these nine cards in three rows, each containing three cards. Endeavor, by changing their position, so "
    "to dispose them, that the number of pips in each row, counting the cards horizontally, "
    "perpendicularly, and diagonally, may make the sum of fifteen."
)


def exchanges_to(values: tuple[int, ...], where: dict[int, int]) -> int:
    """The fewest exchanges of two cards that take the placing ``values`` (row by row) to the one
    that puts each value at ``where[value]``: nine less the number of cycles of the permutation.

    >>> exchanges_to((1, 2, 3, 4, 5, 6, 7, 8, 9), {v: v - 1 for v in range(1, 10)})
    0
    >>> exchanges_to((2, 1, 3, 5, 6, 4, 7, 8, 9), {v: v - 1 for v in range(1, 10)})
    3
    """
    seen = [False] * 9
    cycles = 0
    for i in range(9):
        if not seen[i]:
            cycles += 1
            j = i
            while not seen[j]:
                seen[j] = True
                j = where[values[j]]
    return 9 - cycles


@register
class Caesar(Game):
    """Cæsar: nine cards, ace to nine, to be placed as a magic square."""

    slug = "caesar"
    name = "Cæsar"
    chapter = "caesar"
    order = 32
    source = SOURCE
    plate = "032"
    packs = 1
    COUNTERS = ("exchanges",)
    RULES = {
        "Play": PLAY_WORDS,
        "Fifteens": "The tableau shows only three fifteens, but if the cards are properly placed eight "
        "fifteens can be made.",
        "Exchanges": "[Editorial: the engine changes the cards' positions by exchanging two at a time, and "
        "allows as many exchanges as the option exchanges sets.]",
    }
    AVAILABILITY = ("Play", "only the nine cards withdrawn, ace to nine, are placed")
    UNDEALT = ("pack",)
    UNDEALT_RULE = ("Play", "only the nine cards withdrawn, ace to nine, are placed")
    OUT: ClassVar[tuple[str, ...]] = ()
    OPTIONS = (
        Option(
            "exchanges",
            8,
            "the exchanges of two cards a game allows (0: no limit). The book sets none; eight are "
            "enough to turn any placing into any other, so the default never takes a win away",
        ),
    )

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The nine places of the square, row by row, then the rest of the pack, laid aside."""
        return [*PLACES, "pack"]

    def values(self) -> tuple[int, ...]:
        """The values of the nine cards, row by row (0 for an empty place)."""
        piles = self.piles
        return tuple(piles[p].cards[-1].value if piles[p].cards else 0 for p in PLACES)

    def fifteens(self) -> list[str]:
        """The lines of the square that make fifteen (rows, columns, diagonals).

        >>> Caesar.from_plate().fifteens()
        ['row 2', 'column 2', 'diagonal']
        """
        values = self.values()
        return [name for name, line in LINES.items() if sum(values[i] for i in line) == 15]

    def fewest_exchanges(self) -> int:
        """The fewest exchanges that make the square give its eight fifteens from here (0 when it
        does): the fewest to any of the eight :data:`MAGIC_SQUARES`."""
        values = self.values()
        if sorted(values) != list(range(1, 10)):
            raise ValueError("the square does not hold one card of each value from ace to nine")
        return min(exchanges_to(values, where) for where in _WHERE)

    @property
    def limit(self) -> int | None:
        """The exchanges allowed in all (None: no limit)."""
        return self.options.exchanges or None

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw from the shuffled pack the first card of each value from ace to nine, in the
        order they come, and place them row by row; lay the rest of the pack aside, face down."""
        chosen: list[Card] = []
        values: set[int] = set()
        rest: list[Card] = []
        for card in cards:
            if card.value <= 9 and card.value not in values:
                values.add(card.value)
                chosen.append(card)
            else:
                rest.append(card)
        for place, card in zip(PLACES, chosen):
            self.piles[place] = Pile((card,))
        self.piles["pack"] = Pile(tuple(rest), len(rest))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        piles = self.piles
        for i, j in _PAIRS:
            a, b = piles[PLACES[i]].cards, piles[PLACES[j]].cards
            if a and b:
                yield Move("exchange", (a[-1], b[-1]), PLACES[i], PLACES[j], f"{a[-1]} ↔ {b[-1]}")

    def generate_legal_moves(self) -> list[Move]:
        """Every exchange of two cards, in the order of :meth:`moves`, unless the square is made or
        the exchanges allowed are spent."""
        if self._stopped() is not None:
            return []
        return list(self.moves())

    def _stopped(self) -> IllegalMove | None:
        limit = self.limit
        if limit is not None and self.counters["exchanges"] >= limit:
            return IllegalMove("Exchanges", f"the {limit} exchanges allowed are spent")
        if self.is_won:
            return IllegalMove("Fifteens", "the square already makes its eight fifteens")
        return None

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind != "exchange" or move.source not in _INDEX or move.target not in _INDEX \
                or move.source == move.target or len(move.cards) != 2:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        piles = self.piles
        for place, card in zip((move.source, move.target), move.cards):
            if piles[place].top != card:
                return self.illegal(*self.AVAILABILITY, card)
        return self._stopped()

    def aliases(self, move: Move) -> set[str]:
        names = super().aliases(move)
        if move.kind == "exchange":
            a, b = move.cards
            names |= {f"{b} ↔ {a}", f"exchange {a} {b}", f"exchange {b} {a}", f"{a} {b}", f"{b} {a}"}
        return names

    def apply(self, move: Move) -> None:
        piles = self.piles
        source, target = move[2], move[3]
        piles[source], piles[target] = piles[target], piles[source]
        self.counters["exchanges"] += 1

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """The eight fifteens made: the square is one of the eight magic squares."""
        return self.values() in MAGIC_SQUARES

    def inconsistencies(self) -> list[str]:
        """What no game can have: a place without exactly one card, the nine not one of each value
        ace to nine, a card of the square face down or of the rest face up, or more exchanges made
        than allowed.

        >>> Caesar.deal(seed=3).inconsistencies()
        []
        """
        faults = []
        piles = self.piles
        if any(len(piles[p].cards) != 1 for p in PLACES):
            faults.append("a place of the square does not hold one card")
        elif sorted(self.values()) != list(range(1, 10)):
            faults.append("the square does not hold one card of each value from ace to nine")
        if any(piles[p].face_down for p in PLACES) or piles["pack"].face_down != len(piles["pack"].cards):
            faults.append("a card of the square lies face down, or one of the rest face up")
        limit = self.limit
        if self.counters["exchanges"] < 0 or (limit is not None and self.counters["exchanges"] > limit):
            faults.append(f"{self.counters['exchanges']} exchanges made, more than allowed or fewer than none")
        return faults

    # ------------------------------------------------------------ for solvers
    def progress(self) -> int:
        """The fifteens the square makes (eight when it is won)."""
        return len(self.fifteens())

    def solver_key(self) -> tuple[Any, ...]:
        """The values only (suits do not count), the same for a square turned or reflected (it makes
        the same fifteens), and the exchanges left."""
        values = self.values()
        return (min(tuple(values[i] for i in s) for s in SYMMETRIES), self.counters["exchanges"])

    def useful_moves(self) -> list[Move]:
        """The exchanges that bring the square one exchange nearer to a magic square.  Another is
        never needed: from any placing, a line of such exchanges reaches a magic square in the
        fewest exchanges there are."""
        legal = self.legal_moves()
        if not legal:
            return legal
        values = list(self.values())
        now = min(exchanges_to(tuple(values), where) for where in _WHERE)
        useful = []
        for move in legal:
            source, target = move.source, move.target
            assert source is not None and target is not None
            i, j = _INDEX[source], _INDEX[target]
            values[i], values[j] = values[j], values[i]
            if min(exchanges_to(tuple(values), where) for where in _WHERE) < now:
                useful.append(move)
            values[i], values[j] = values[j], values[i]
        return useful

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """The first of ``moves`` that brings the square nearer to a magic square, when the exchanges
        left are enough: it keeps every win within reach."""
        limit = self.limit
        if limit is not None and limit - self.counters["exchanges"] < self.fewest_exchanges():
            return None
        useful = set(self.useful_moves())
        return next((m for m in moves if m in useful), None)

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """The square of plate 032, and the rest of the pack laid aside on its right."""
        spots = [Spot(place, (i % 3) * 1.2, (i // 3) * 1.15) for i, place in enumerate(PLACES)]
        spots.append(Spot("pack", 4.0, 1.15, label="the rest"))
        return spots

    def table(self) -> str:
        """The square with the sum of each row on its right, and below it the sum of each column and
        of the two diagonals (the one from the top left, then the one from the top right)."""
        values = self.values()
        piles = self.piles
        cards = [str(piles[p].top) if piles[p].cards else "--" for p in PLACES]
        lines = []
        for r in range(3):
            row = " ".join(c.ljust(3) for c in cards[3 * r: 3 * r + 3])
            lines.append(f"{row.rstrip()} | {sum(values[3 * r: 3 * r + 3])}")
        columns = " ".join(str(sum(values[c::3])).rjust(2) for c in range(3))
        diagonals = [sum(values[i] for i in LINES[d]) for d in ("diagonal", "other diagonal")]
        lines.append(f"{columns} | {diagonals[0]} {diagonals[1]}")
        return "\n".join(lines)


#: Plate 032 card by card, row by row (the rest of the pack in new-pack order, laid aside).
PLATE_SQUARE = ("7♥", "8♠", "3♦", "5♣", "6♥", "4♠", "9♦", "A♣", "2♥")
Caesar.PLATE = str(Caesar.arrange(dict(zip(PLACES, PLATE_SQUARE)), rest="pack"))
