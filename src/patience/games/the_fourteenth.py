"""The Fourteenth: pair off two packs in fourteens, along the rows and columns of a square.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Fourteenth", plate 011.  Two packs.  Twenty-five cards are dealt in five
rows of five; any two cards of one row or one column that make fourteen (knave
11, queen 12, king 13) are withdrawn and their places filled from the hand.
When no fourteen can be made, one exchange is allowed: two cards change places
with two others.  The game is won when the whole pack is paired off.

The places are named ``place 1`` … ``place 25`` in reading order (row 1 left to
right, then row 2, …); the hand is face down and deals from its top (the last
card of its line in the position text).

>>> from patience import load, render
>>> game = load("the-fourteenth", seed=5)
>>> print(render.text(game))
6♣    J♥    3♣    9♠    7♣    hand ##×79
3♠    5♣    Q♦    7♥    K♦    withdrawn --
Q♥    A♣    9♣    K♣    7♠
10♣   Q♣    7♥    Q♣    4♣
2♦    10♥   5♠    J♦    3♠
>>> game.play("Q♥ + 2♦")
Move('pair', (Card.parse('Q♥'), Card.parse('2♦')), 'place 11', 'place 21', 'Q♥ + 2♦')
>>> len(game.piles["withdrawn"]), len(game.piles["hand"])
(2, 77)
>>> game.play("9♠ + 7♥")
Traceback (most recent call last):
...
patience.errors.IllegalMove: Rule 2 — the two cards must make fourteen (knave 11, queen 12, king 13) (9♠ + 7♥ = 16)
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from itertools import combinations
from typing import Any, ClassVar, Iterable, Iterator, Sequence

from ..cards import Card, InvalidCard, parse_cards, whist_pack
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidMove, InvalidPosition
from ..game import Game, Move, Pile, Spot
from ..options import Option
from . import register

__all__ = ["TheFourteenth"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Fourteenth”"

#: The number the pairs must make.
FOURTEEN = 14
SIDE = 5
PLACES = tuple(f"place {i + 1}" for i in range(SIDE * SIDE))
_INDEX = {name: i for i, name in enumerate(PLACES)}


def row_of(i: int) -> int:
    """The row (0–4) of place index ``i`` (0–24)."""
    return i // SIDE


def column_of(i: int) -> int:
    """The column (0–4) of place index ``i`` (0–24)."""
    return i % SIDE


def in_line(i: int, j: int) -> bool:
    """Whether places ``i`` and ``j`` share a row (horizontal) or a column (perpendicular)."""
    return i != j and (row_of(i) == row_of(j) or column_of(i) == column_of(j))


#: For each place, the other places of its row and its column.
LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(SIDE * SIDE) if in_line(i, j)) for i in range(SIDE * SIDE)
)
#: The ten lines: five rows, then five columns.
ROWS_AND_COLUMNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIDE + c for c in range(SIDE)) for r in range(SIDE)
) + tuple(tuple(r * SIDE + c for r in range(SIDE)) for c in range(SIDE))


#: For each place, the places of its row and its column that come after it in reading order.
LATER: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in LINES[i] if j > i) for i in range(SIDE * SIDE))
#: Each place as a bit of a set of places (an int: place ``i`` is ``1 << i``).
BIT: tuple[int, ...] = tuple(1 << i for i in range(SIDE * SIDE))
#: For each place, the set of the places of its row and its column that come after it.
LATER_BITS: tuple[int, ...] = tuple(sum(BIT[j] for j in LATER[i]) for i in range(SIDE * SIDE))
#: For each place, the set of the other places of its row and its column.
LINE_BITS: tuple[int, ...] = tuple(sum(BIT[j] for j in LINES[i]) for i in range(SIDE * SIDE))
#: Every place of the square.
SQUARE = (1 << SIDE * SIDE) - 1
#: The swap of places ``i`` < ``j`` is known by its number ``25 i + j``: for each, the set of the
#: places it leaves alone.
LEFT_ALONE: tuple[int, ...] = tuple(SQUARE & ~(BIT[s // 25] | BIT[s % 25]) for s in range(25 * 25))
#: Two places named together, as the source or the target of an exchange of two swaps, by the
#: number ``25 i + k``: "place 3, place 7".
TWO_PLACES: tuple[str, ...] = tuple(f"{PLACES[n // 25]}, {PLACES[n % 25]}" for n in range(25 * 25))
#: The places an exchange names, by their names as its source or target.
NAMED_PLACES: dict[str, tuple[int, ...]] = {
    **{name: (i,) for i, name in enumerate(PLACES)},
    **{TWO_PLACES[25 * i + k]: (i, k) for i in range(len(PLACES)) for k in range(len(PLACES)) if i != k},
}


def two_swap_exchanges(places: Sequence[int]) -> Sequence[tuple[int, int, str, str]]:
    """Every exchange of two swaps among ``places``, in the order :meth:`TheFourteenth.moves`
    offers them (each four places in reading order, paired off in the three ways): its two swaps
    by their numbers, and the places its cards leave and go to by name.  (Those of the full
    square are made once.)"""
    if len(places) == SIDE * SIDE:
        return _full_square_exchanges()
    return _exchanges_among(places)


@cache
def _full_square_exchanges() -> tuple[tuple[int, int, str, str], ...]:
    return tuple(_exchanges_among(range(SIDE * SIDE)))


def _exchanges_among(places: Iterable[int]) -> list[tuple[int, int, str, str]]:
    exchanges = []
    for a, b, c, d in combinations(places, 4):
        for (i, j), (k, m) in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
            exchanges.append((25 * i + j, 25 * k + m, TWO_PLACES[25 * i + k], TWO_PLACES[25 * j + m]))
    return exchanges


def first_fourteen(values: Sequence[int]) -> tuple[int, int] | None:
    """The first pair of places (in reading order) in one line whose values make fourteen.

    ``values`` holds a value per place, 0 for an empty place.

    >>> grid = [0] * 25
    >>> grid[0], grid[12], grid[20] = 10, 9, 4        # 10 in row 1 col 1, 4 in row 5 col 1
    >>> first_fourteen(grid)
    (0, 20)
    """
    best = None
    for line in ROWS_AND_COLUMNS:
        seen: dict[int, int] = {}
        for p in line:
            v = values[p]
            if not v:
                continue
            q = seen.get(FOURTEEN - v)
            if q is not None:
                pair = (q, p)
                if best is None or pair < best:
                    best = pair
            seen.setdefault(v, p)
    return best


def _holding(values: Sequence[int]) -> list[int]:
    """For each value, the set of the places that hold it."""
    holding = [0] * (FOURTEEN + 1)
    for i, v in enumerate(values):
        holding[v] |= BIT[i]
    return holding


def _count(values: Sequence[int], holding: list[int] | None = None) -> int:
    """How many pairs of places in one line make fourteen (two places share one line at most);
    ``holding``, if given, is :func:`_holding` of ``values``."""
    if holding is None:
        holding = _holding(values)
    return sum((LATER_BITS[i] & holding[FOURTEEN - v]).bit_count() for i, v in enumerate(values) if v)


def _through(values: Sequence[int], places: Sequence[int], holding: list[int]) -> int:
    """How many pairs of places in one line make fourteen in ``values`` with one of ``places``
    (different places); ``holding`` gives the places that hold each value, right at least for
    every place but these."""
    among = 0
    for p in places:
        among |= BIT[p]
    others = ~among
    count = 0
    for n, p in enumerate(places):
        v = values[p]
        if v:
            wanted, line = FOURTEEN - v, LINE_BITS[p]
            count += (line & holding[wanted] & others).bit_count()
            for q in places[n + 1:]:
                if values[q] == wanted and line & BIT[q]:
                    count += 1
    return count


def _swaps_meet(values: Sequence[int], one: int, two: int) -> bool:
    """Whether, once the swaps numbered ``one`` and ``two`` are made, a card one of them moved
    makes fourteen with a card the other moved, in one line."""
    i, j = divmod(one, 25)
    k, m = divmod(two, 25)
    # i now holds j's card, j holds i's, k holds m's and m holds k's
    vi, vj, vk, vm = values[i], values[j], values[k], values[m]
    return bool((vj + vm == FOURTEEN and LINE_BITS[i] & BIT[k]) or (vj + vk == FOURTEEN and LINE_BITS[i] & BIT[m])
                or (vi + vm == FOURTEEN and LINE_BITS[j] & BIT[k]) or (vi + vk == FOURTEEN and LINE_BITS[j] & BIT[m]))


def _produces(values: Sequence[int], moved: Iterable[int]) -> bool:
    """Whether a card at one of the ``moved`` places makes fourteen with a card of its row or column."""
    for p in moved:
        want = FOURTEEN - values[p]
        for q in LINES[p]:
            if values[q] == want:
                return True
    return False


@register
class TheFourteenth(Game):
    """The Fourteenth: a five-by-five square paired off in fourteens, with one exchange."""

    slug = "the-fourteenth"
    name = "The Fourteenth"
    chapter = "the-fourteenth"
    order = 11
    source = SOURCE
    plate = "011"
    packs = 2
    #: The source does not number its rules; the engine numbers the sentences of its PLAY
    #: in the order of the text and cites these numbers.
    RULES = {
        "1": "Deal out twenty-five cards in five rows, each containing five cards.",
        "2": "The object is to compose the number fourteen with any two cards taken either from a "
        "perpendicular or from a horizontal row. The knave counts eleven, the queen twelve, and the "
        "king thirteen.",
        "3": "The cards so paired are withdrawn, and their places filled by the cards in your hand.",
        "4": "If in the course of the game the number fourteen cannot be composed, one chance "
        "remains—any two cards may be taken from their proper position, and may change places with "
        "any other two cards; and it is only in making this exchange, so as to produce one or more "
        "fourteens, that the player has any control over the success of the game,",
        "5": "the success consisting of the entire pack being paired off.",
    }
    AVAILABILITY = ("2", "only the cards of the square can be paired")
    OUT = ("withdrawn",)
    COUNTERS = ("exchanges",)
    OPTIONS = (
        Option(
            "exchange",
            "two-swaps",
            "what the one exchange is: 'two-swaps' (the book's “any two cards … may change places with "
            "any other two cards”: two cards each trade places with one of two others) or 'one-swap' "
            "(two cards trade places with each other)",
            choices=("two-swaps", "one-swap"),
        ),
        Option("exchanges", 1, "exchanges allowed in a game (the book: “one chance remains”)"),
        Option(
            "exchange_when",
            "blocked",
            "when the exchange may be made: 'blocked' (the book's “if … the number fourteen cannot be "
            "composed”) or at 'any' time",
            choices=("blocked", "any"),
        ),
        Option(
            "exchange_must_pair",
            True,
            "the exchange must bring a fourteen into a row or column (the book's “so as to produce one "
            "or more fourteens”)",
        ),
    )
    #: Plate 011: the square read card by card from the plate (all 25 cards read with
    #: confidence); the plate shows no hand, so the hand here holds the other 79 cards
    #: in new-pack order (♠ ace to king, then ♥, ♦, ♣; the first pack, then the second),
    #: to be dealt in that order: A♠ first, so it is the last card of the hand's line.
    PLATE: ClassVar[str] = ""
    #: The search in C (``_the_fourteenth_search.c``), where the build made it: the core's search of the
    #: game (the same moves in the same order, positions merged and counted alike), some three and a half
    #: million positions a second, a hundred times the core's; 4,000,000 positions of it where no budget
    #: is given (about a second).  No searches again (:attr:`RESTARTS`): the useful moves' order (most
    #: fourteens first) is worth more than other orders.  Of the 61 deals of 1 to 200 that 10,000
    #: positions left unknown, one search won 15 within 100,000 positions, 23 within 1,000,000, 27 within
    #: 2,000,000, 30 within 4,000,000 and 34 within 5,000,000, never proving one lost; after a first search
    #: of 100,000, 64 searches again of 25,000 won 16 in all (twice the time of one search of 2,000,000),
    #: 256 of 5,000 won 18, and after 20,000, 128 of 10,000 won 6, no more than the first search alone.
    SEARCH_IN_C = search_in_c("games._the_fourteenth_search")
    NODES_IN_C = 4_000_000
    #: The swaps of the last position whose exchanges were made (for :meth:`_offers`).
    _swaps_made: tuple[Any, ...] | None = None

    @classmethod
    def arrange(cls, square: str, hand: str = "", exchanged: int = 0,  # type: ignore[override]
                **options: object) -> TheFourteenth:
        """A position for examples: ``square`` gives the twenty-five places row by row (``--``
        for an empty place), ``hand`` the cards still in hand in the order they will be dealt,
        and every other card of the two packs lies among the withdrawn.

        >>> game = TheFourteenth.arrange('''
        ...     10♥ -- -- -- 4♣
        ...     --  -- -- -- --
        ...     --  -- -- -- --
        ...     --  -- -- -- --
        ...     --  -- -- -- --''', hand="A♠ 2♠")
        >>> game.piles["hand"], len(game.piles["withdrawn"])
        (Pile(cards=(Card.parse('2♠'), Card.parse('A♠')), face_down=2), 100)
        """
        tokens = square.split()
        if len(tokens) != len(PLACES):
            raise InvalidPosition(f"a square has {len(PLACES)} places, not {len(tokens)}")
        try:
            laid = [None if t in ("--", "-") else Card.parse(t) for t in tokens]
            dealt = parse_cards(hand)
        except InvalidCard as exc:
            raise InvalidPosition(str(exc)) from None
        game = cls(**options)
        rest = Counter(game.pack())
        rest.subtract(c for c in laid if c is not None)
        rest.subtract(dealt)
        if any(n < 0 for n in rest.values()):
            extra = sorted(c for c, n in rest.items() if n < 0)
            raise InvalidPosition(f"too many {' '.join(map(str, extra))} for two packs")
        withdrawn = []
        for card in game.pack():
            if rest[card] > 0:
                rest[card] -= 1
                withdrawn.append(card)
        lines = [f"{game.spec} seed=0 exchanges={exchanged}"]
        lines += [f"{name}: {card or ''}".rstrip() for name, card in zip(PLACES, laid)]
        lines.append("hand: " + " ".join(f"[{c}]" for c in reversed(dealt)))
        lines.append("withdrawn: " + " ".join(map(str, withdrawn)))
        return cls.from_position("\n".join(lines))

    # ----------------------------------------------------------------- layout
    def pile_names(self) -> list[str]:
        return [*PLACES, "hand", "withdrawn"]

    def lay_out(self, cards: list[Card]) -> None:
        """Deal the first twenty-five cards into the square, row by row; the rest is the hand,
        face down, the next card to come (``cards[25]``) on top."""
        for name, card in zip(PLACES, cards):
            self.piles[name] = Pile((card,))
        rest = tuple(reversed(cards[len(PLACES):]))
        self.piles["hand"] = Pile(rest, len(rest))

    def layout(self) -> list[Spot]:
        spots = [Spot(name, column_of(i), row_of(i)) for i, name in enumerate(PLACES)]
        spots.append(Spot("hand", SIDE + 0.5, 0, label="hand"))
        spots.append(Spot("withdrawn", SIDE + 0.5, 1, label="withdrawn"))
        return spots

    # ---------------------------------------------------------------- helpers
    def values(self) -> list[int]:
        """The value of the card at each place (0 where the place is empty)."""
        piles = self.piles
        return [cards[-1].value if cards else 0 for cards in [piles[name].cards for name in PLACES]]

    def card_at(self, i: int) -> Card | None:
        return self.piles[PLACES[i]].top

    def fourteen_here(self) -> tuple[int, int] | None:
        """The first pair of places that make fourteen now (None: the square is blocked)."""
        return first_fourteen(self.values())

    def _pair_move(self, i: int, j: int) -> Move:
        a, b = self.card_at(i), self.card_at(j)
        assert a is not None and b is not None
        return Move("pair", (a, b), PLACES[i], PLACES[j], f"{a} + {b}")

    def _exchange_move(self, swaps: Sequence[tuple[int, int]]) -> Move:
        """The exchange made of ``swaps`` (pairs of place indices, each in reading order)."""
        in_order = sorted(tuple(sorted(s)) for s in swaps)
        cards = tuple(self.card_at(p) for s in in_order for p in s)
        notation = ", ".join(f"{cards[2 * k]} ↔ {cards[2 * k + 1]}" for k in range(len(in_order)))
        source = ", ".join(PLACES[s[0]] for s in in_order)
        target = ", ".join(PLACES[s[1]] for s in in_order)
        return Move("exchange", cards, source, target, notation)  # type: ignore[arg-type]

    @staticmethod
    def _swaps_of(move: Move) -> list[tuple[int, int]] | None:
        """The swaps (place indices) an exchange move names, or None if it names no places."""
        try:
            sources = [_INDEX[s] for s in (move.source or "").split(", ")]
            targets = [_INDEX[t] for t in (move.target or "").split(", ")]
        except KeyError:
            return None
        if len(sources) != len(targets):
            return None
        return list(zip(sources, targets))

    def _exchange_allowed(self) -> bool:
        if self.counters["exchanges"] >= self.options.exchanges:
            return False
        return self.options.exchange_when == "any" or self.fourteen_here() is None

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """Every pair of cards of the square (legal or not), then, when the exchange may be made,
        the exchanges that could be made."""
        occupied = self._occupied()
        for i, j in combinations(occupied, 2):
            yield self._pair_move(i, j)
        if self._exchange_allowed():
            yield from self._exchanges(occupied)

    def _occupied(self) -> list[int]:
        return [i for i, name in enumerate(PLACES) if self.piles[name].cards]

    def _exchanges(self, occupied: list[int]) -> Iterator[Move]:
        """The exchanges worth offering: when the exchange must produce a fourteen, only those that do."""
        must = self.options.exchange_must_pair
        values = self.values()
        swaps = list(combinations(occupied, 2))
        if self.options.exchange == "one-swap":
            for i, j in swaps:
                w = list(values)
                w[i], w[j] = w[j], w[i]
                if not must or _produces(w, (i, j)):
                    yield self._exchange_move([(i, j)])
            return
        for a, b, c, d in combinations(occupied, 4):
            for pair in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
                (i, j), (k, m) = pair
                if must:
                    w = list(values)
                    w[i], w[j] = w[j], w[i]
                    w[k], w[m] = w[m], w[k]
                    if not _produces(w, (i, j, k, m)):
                        continue
                yield self._exchange_move(pair)

    def generate_legal_moves(self) -> list[Move]:
        """The fourteens of the square, in reading order, then the exchanges if one may be made,
        made directly (rules 2 and 4)."""
        piles = self.piles
        square = [cards[-1] if cards else None for cards in [piles[name].cards for name in PLACES]]
        values = [card.value if card is not None else 0 for card in square]
        # Rule 2: two cards of one row or one column that make fourteen
        pairs = []
        for i, card in enumerate(square):
            if card is not None:
                wanted = FOURTEEN - card.value
                for j in LATER[i]:
                    if values[j] == wanted:
                        other = square[j]
                        assert other is not None
                        pairs.append(Move("pair", (card, other), PLACES[i], PLACES[j], f"{card.text} + {other.text}"))
        # Rule 4: the exchange, when no fourteen can be composed (or at any time), if one is left
        if (pairs and self.options.exchange_when == "blocked") or \
                self.counters["exchanges"] >= self.options.exchanges:
            return pairs
        return pairs + self._exchange_moves(square, values)

    def _exchange_moves(self, square: list[Card | None], values: list[int]) -> list[Move]:
        """The exchanges :meth:`moves` offers, made directly: where the exchange must produce a
        fourteen, those that do."""
        must = self.options.exchange_must_pair
        occupied = [i for i, value in enumerate(values) if value]
        # Each swap of two cards (by its number): the cards, the words, and the places whose
        # cards would then make fourteen with a card it moved (its fourteens).
        swapped: list[tuple[Card, ...]] = [()] * 625
        written = [""] * 625
        fourteens = [0] * 625
        holding = [0] * (FOURTEEN + 1)  # the places that hold each value
        for i in occupied:
            holding[values[i]] |= BIT[i]
        self._swaps_made = ((tuple(self.piles.values()), tuple(self.counters.values())),
                            swapped, written, fourteens, values)
        for i, j in combinations(occupied, 2):
            swap, a, b = 25 * i + j, square[i], square[j]
            swapped[swap] = (a, b)  # type: ignore[assignment]
            written[swap] = f"{a.text} ↔ {b.text}"  # type: ignore[union-attr]
            if must:
                # i takes b's value, j takes a's: the cards of their lines that make fourteen with them
                va, vb = values[i], values[j]
                found = (LINE_BITS[i] & holding[FOURTEEN - vb]) | (LINE_BITS[j] & holding[FOURTEEN - va])
                if LINE_BITS[i] & BIT[j]:  # in one line, the two see each other's new card
                    found &= ~(BIT[i] | BIT[j])
                    if va + vb == FOURTEEN:
                        found |= BIT[i] | BIT[j]
                fourteens[swap] = found
        if self.options.exchange == "one-swap":
            return [
                Move("exchange", swapped[25 * i + j], PLACES[i], PLACES[j], written[25 * i + j])
                for i, j in combinations(occupied, 2) if not must or fourteens[25 * i + j]
            ]
        exchanges = two_swap_exchanges(occupied)
        if not must:
            return [Move("exchange", swapped[one] + swapped[two], source, target, f"{written[one]}, {written[two]}")
                    for one, two, source, target in exchanges]
        # A fourteen that one swap makes stays unless the other swap moves its partner; the
        # fourteens the two swaps make together are those of a card of one with a card of the other.
        return [Move("exchange", swapped[one] + swapped[two], source, target, f"{written[one]}, {written[two]}")
                for one, two, source, target in exchanges
                if fourteens[one] & LEFT_ALONE[two] or fourteens[two] & LEFT_ALONE[one]
                or _swaps_meet(values, one, two)]

    def offers(self, move: Move) -> bool:
        """Whether ``move`` is one of :meth:`legal_moves`: an exchange, one of up to 37,950 legal
        moves, is known for legal by making again the exchange of the same places, not by a
        search among them (the exchange that :meth:`_exchange_moves` made of its places, if it
        last made the exchanges of this position)."""
        if move[0] != "exchange":
            return super().offers(move)
        made = self._swaps_made
        if made is None or made[0] != (tuple(self.piles.values()), tuple(self.counters.values())):
            return False
        _, swapped, written, fourteens, values = made
        sources, targets = NAMED_PLACES.get(move[2]), NAMED_PLACES.get(move[3])
        if sources is None or targets is None or len(sources) != len(targets):
            return False
        must = self.options.exchange_must_pair
        if self.options.exchange == "one-swap":
            if len(sources) != 1 or not sources[0] < targets[0]:
                return False
            one = 25 * sources[0] + targets[0]
            if not swapped[one] or (must and not fourteens[one]):
                return False
            return move == Move("exchange", swapped[one], move[2], move[3], written[one])
        # two swaps, each in reading order, the first first, of four different places
        if len(sources) != 2:
            return False
        (i, k), (j, m) = sources, targets
        if not (i < j and k < m and i < k and j != k and j != m):
            return False
        one, two = 25 * i + j, 25 * k + m
        if not (swapped[one] and swapped[two]):
            return False
        if must and not (fourteens[one] & LEFT_ALONE[two] or fourteens[two] & LEFT_ALONE[one]
                         or _swaps_meet(values, one, two)):
            return False
        return move == Move("exchange", swapped[one] + swapped[two], move[2], move[3],
                            f"{written[one]}, {written[two]}")

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """What tells positions apart: only the values in the square (a fourteen is made of values,
        the suits never count), how many cards are left in hand (the hand is only ever dealt from
        its top, so in one search its length tells which cards are left) and the exchanges made."""
        return (tuple(self.values()), len(self.piles["hand"]), tuple(self.counters.values()))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the hand (bottom first: the next
        card to deal last), the square (a card's code for each place in reading order, 0 for an empty
        one), the cards withdrawn, the exchanges made, and the options: whether the exchange is of two
        swaps, the exchanges allowed, whether one may be made at any time, and whether it must bring a
        fourteen.

        >>> hand, square, withdrawn, made, two_swaps, allowed, any_time, must_pair = \\
        ...     TheFourteenth.deal(seed=5).description()
        >>> len(hand), list(square[:2]), withdrawn, made, two_swaps, allowed, any_time, must_pair
        (79, [45, 24], 0, 0, True, 1, False, True)
        """
        piles, options = self.piles, self.options
        return (bytes(piles["hand"].cards), bytes(piles[name].cards[-1] if piles[name].cards else 0 for name in PLACES),
                len(piles["withdrawn"].cards), self.counters["exchanges"], options.exchange == "two-swaps",
                options.exchanges, options.exchange_when == "any", options.exchange_must_pair)

    def useful_moves(self) -> list[Move]:
        """The legal moves less the exchanges that leave the same values in the square as an
        exchange before them (only the values count, so they lead to one position); the
        exchanges that bring most fourteens into the square come first."""
        legal = self.legal_moves()
        useful: list[tuple[int, int, Move]] = []
        exchanges: list[tuple[int, int, Move]] = []
        seen = set()
        square = self.values()
        hand = self.piles["hand"].cards
        # the values the hand deals into the two places a pair leaves, in reading order
        dealt = (hand[-1].value if hand else 0, hand[-2].value if len(hand) > 1 else 0)
        # The fourteens after a move (what _count would find): those of now, less those through
        # the places it changes, plus those through them after it.
        holding = _holding(square)
        fourteens = _count(square, holding)
        for move in legal:
            values = square.copy()
            if move[0] != "exchange":
                i, j = sorted((_INDEX[move[2]], _INDEX[move[3]]))
                values[i], values[j] = dealt
                after = fourteens - _through(square, (i, j), holding) + _through(values, (i, j), holding)
                useful.append((-after, len(useful), move))
                continue
            sources, targets = NAMED_PLACES[move[2]], NAMED_PLACES[move[3]]
            for i, j in zip(sources, targets):
                values[i], values[j] = values[j], values[i]
            key = tuple(values)
            if key not in seen:
                seen.add(key)
                places = sources + targets
                after = fourteens - _through(square, places, holding) + _through(values, places, holding)
                exchanges.append((-after, len(exchanges), move))
        # (the second of each entry tells them all apart: the moves are never compared)
        return [move for _, _, move in sorted(useful)] + [move for _, _, move in sorted(exchanges)]

    # ---------------------------------------------------------------- violations
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "pair":
            return self._pair_violation(move)
        if move.kind == "exchange":
            return self._exchange_violation(move)
        return IllegalMove("Play", f"{self.name} has no move {move}")

    def _pair_violation(self, move: Move) -> IllegalMove | None:
        source, target = move.source, move.target
        if len(move.cards) != 2 or source not in _INDEX or target not in _INDEX:
            return self.illegal(*self.AVAILABILITY, *move.cards)
        i, j = _INDEX[source], _INDEX[target]
        for p, card in zip((i, j), move.cards):
            here = self.card_at(p)
            if here is None or here != card or here.pack != card.pack:
                return self.illegal(*self.AVAILABILITY, card)
        a, b = move.cards
        if i == j:
            return IllegalMove("2", "a card cannot be paired with itself", str(a))
        if not in_line(i, j):
            return IllegalMove(
                "2", "the two cards must lie in the same row or the same column", f"{a} + {b}"
            )
        if a.value + b.value != FOURTEEN:
            return IllegalMove(
                "2",
                "the two cards must make fourteen (knave 11, queen 12, king 13)",
                f"{a} + {b} = {a.value + b.value}",
            )
        return None

    def _exchange_violation(self, move: Move) -> IllegalMove | None:
        swaps = self._swaps_of(move)
        if swaps is None or len(move.cards) != 2 * len(swaps):
            return IllegalMove("4", "an exchange names the cards that change places", str(move))
        places = [p for s in swaps for p in s]
        for p, card in zip(places, move.cards):
            here = self.card_at(p)
            if here is None or here != card or here.pack != card.pack:
                return self.illegal(*self.AVAILABILITY, card)
        if len(set(places)) != len(places):
            return IllegalMove("4", "the cards that change places must be different cards", str(move))
        wanted = 2 if self.options.exchange == "two-swaps" else 1
        if len(swaps) != wanted:
            words = (
                "two cards change places with two other cards"
                if wanted == 2
                else "two cards change places with each other"
            )
            return IllegalMove("4", f"in the exchange {words}", str(move))
        if self.counters["exchanges"] >= self.options.exchanges:
            times = {0: "not allowed", 1: "allowed only once"}.get(
                self.options.exchanges, f"allowed only {self.options.exchanges} times"
            )
            return IllegalMove("4", f"the exchange is {times}", "“one chance remains”")
        if self.options.exchange_when == "blocked":
            pair = self.fourteen_here()
            if pair is not None:
                return IllegalMove(
                    "4",
                    "the exchange is made only when no fourteen can be composed",
                    f"{self._pair_move(*pair)} can be paired",
                )
        if self.options.exchange_must_pair:
            w = list(self.values())
            for i, j in swaps:
                w[i], w[j] = w[j], w[i]
            if not _produces(w, places):
                return IllegalMove("4", "the exchange must produce a fourteen", str(move))
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        if move.kind == "pair":
            self._withdraw(move)
        else:
            self._exchange(move)

    def _withdraw(self, move: Move) -> None:
        """Withdraw the pair, then fill the two places from the hand, in reading order."""
        piles = self.piles
        _, pair, source, target, _ = move
        if _INDEX[target] < _INDEX[source]:
            source, target = target, source
        withdrawn = piles["withdrawn"]
        piles["withdrawn"] = Pile(withdrawn.cards + pair, withdrawn.face_down)
        hand = piles["hand"]
        cards, down = hand.cards, hand.face_down
        dealt = min(2, len(cards))
        piles[source] = Pile(cards[-1:])
        piles[target] = Pile(cards[-2:-1]) if dealt == 2 else Pile()
        rest = len(cards) - dealt
        piles["hand"] = Pile(cards[:rest], min(down, rest))

    def _exchange(self, move: Move) -> None:
        piles = self.piles
        source, target = move.source, move.target
        assert source is not None and target is not None
        for i, j in zip(NAMED_PLACES[source], NAMED_PLACES[target]):
            a, b = PLACES[i], PLACES[j]
            piles[a], piles[b] = piles[b], piles[a]
        self.counters["exchanges"] += 1

    @property
    def is_won(self) -> bool:
        return len(self.piles["withdrawn"]) == 52 * self.packs

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  Twenty-five cards into the square, and two from the hand for each
          pair withdrawn (Rule 3): while the hand holds cards, it holds the 79 cards less those
          dealt to refill, two for each pair, so ``79 - withdrawn``; the hand lies face down.  No
          more exchanges have been made than the options allow.
        - *Which places may be empty.*  None while the hand holds cards: each pair's two places
          are filled from it at once.  Once it is exhausted, the places left empty are those of the
          cards withdrawn since.
        - *What may lie where.*  One card at most in each place, face up; the withdrawn cards are
          an even number, and can be paired off in fourteens (as many of each value as of the value
          that makes fourteen with it, and the sevens even).

        >>> TheFourteenth.deal(seed=4).inconsistencies()
        []
        >>> game = TheFourteenth.deal(seed=4)
        >>> game.piles["place 1"] = game.piles["place 1"].without(1)
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        a place is empty while the hand holds cards (place 1)
        """
        faults = []
        piles = self.piles
        hand, withdrawn = piles["hand"], piles["withdrawn"].cards
        total = 52 * self.packs
        if hand.cards and len(hand.cards) != total - len(PLACES) - len(withdrawn):
            faults.append(f"the hand holds {len(hand.cards)} cards, but with {len(withdrawn)} withdrawn "
                          f"it holds {total - len(PLACES) - len(withdrawn)}")
        if hand.face_down != len(hand.cards):
            faults.append("the hand lies face down")
        if not 0 <= self.counters["exchanges"] <= self.options.exchanges:
            faults.append(f"{self.counters['exchanges']} exchanges are made, but "
                          f"{self.options.exchanges} are allowed")
        empty = [name for name in PLACES if not piles[name].cards]
        if hand.cards and empty:
            faults.append(f"a place is empty while the hand holds cards ({', '.join(empty)})")
        crowded = [name for name in PLACES if len(piles[name].cards) > 1 or piles[name].face_down]
        if crowded:
            faults.append(f"a place holds more than one card, or a card face down ({', '.join(crowded)})")
        values = Counter(card.value for card in withdrawn)
        unmatched = any(values[v] != values[FOURTEEN - v] for v in range(1, 7))
        if len(withdrawn) % 2 or values[7] % 2 or unmatched or piles["withdrawn"].face_down:
            faults.append("the withdrawn cards cannot be paired off in fourteens")
        return faults

    # ---------------------------------------------------------------- parsing
    def parse_move(self, text: str) -> Move:
        """Read ``"10♥ + 4♣"`` (a pair, either order) or ``"5♠ ↔ 9♦, K♣ ↔ 2♥"`` (the exchange;
        ``<->`` or ``with`` for ``↔``, ``and`` or a comma between the swaps, ``exchange`` before)."""
        words = text.strip()
        if not words:
            raise InvalidMove("empty move")
        if "+" in words:
            names = [w.strip() for w in words.split("+")]
            cards = self._cards(names, text)
            if len(cards) != 2:
                raise InvalidMove(f"a pair names two cards: {text!r}")
            options = [
                (i, j)
                for i in self._places_of(cards[0])
                for j in self._places_of(cards[1])
                if i != j
            ]
            moves = [self._pair_move(*sorted(o)) for o in options]
            return self._first_legal(moves, cards, text, f"{cards[0]} + {cards[1]}")
        body = re.sub(r"^\s*exchange\s*:?\s*", "", words, flags=re.IGNORECASE)
        body = re.sub(r"<->|<=>|⇄|\bwith\b", "↔", body, flags=re.IGNORECASE)
        if "↔" not in body:
            raise InvalidMove(
                f"cannot read move {text!r} (a pair is written '10♥ + 4♣', the exchange '5♠ ↔ 9♦, K♣ ↔ 2♥')"
            )
        parts = [p for p in re.split(r",|;|\band\b", body, flags=re.IGNORECASE) if p.strip()]
        swaps = [self._cards([c.strip() for c in p.split("↔")], text) for p in parts]
        if any(len(s) != 2 for s in swaps):
            raise InvalidMove(f"each swap of an exchange names two cards: {text!r}")
        flat = [c for s in swaps for c in s]
        choices: list[list[int]] = [[]]
        for card in flat:
            choices = [c + [p] for c in choices for p in self._places_of(card) if p not in c]
        moves = [
            self._exchange_move([(c[2 * k], c[2 * k + 1]) for k in range(len(swaps))]) for c in choices
        ]
        written = ", ".join(f"{a} ↔ {b}" for a, b in swaps)
        return self._first_legal(moves, flat, text, written)

    def _cards(self, names: list[str], text: str) -> list[Card]:
        try:
            return [Card.parse(n) for n in names]
        except InvalidCard as exc:
            raise InvalidMove(f"{exc} in {text!r}") from None

    def _places_of(self, card: Card) -> list[int]:
        return [i for i in range(len(PLACES)) if self.card_at(i) == card]

    def _first_legal(self, moves: list[Move], cards: list[Card], text: str, written: str) -> Move:
        """The first legal move of ``moves``, else the rule the first of them breaks.

        Where some of them are written exactly as the player wrote them (``written``: the
        cards in that order) only those are considered; the others (the same cards in
        another order) only when there is no such move.
        """
        exact = [m for m in moves if str(m) == written]
        moves = exact or moves
        for card in cards:
            if not self._places_of(card):
                if not any(card in pile for pile in self.piles.values()):
                    raise InvalidMove(f"{card} is not in this game")
                raise self.illegal(*self.AVAILABILITY, card)
        if not moves:
            raise InvalidMove(f"cannot read move {text!r}")
        problems = [self.violation(m) for m in moves]
        for move, problem in zip(moves, problems):
            if problem is None:
                return move
        raise problems[0]  # type: ignore[misc]

    def aliases(self, move: Move) -> set[str]:
        names = super().aliases(move)
        if move.kind == "pair":
            a, b = move.cards
            names.add(f"{b} + {a}")
        return names


#: The square of plate 011, row by row.  Every card re-read at magnification for issue 14 (pips
#: counted, each pip compared with the plate's sure hearts, spades, clubs and diamonds): none changed.
PLATE_SQUARE = """
10♥ 5♣ 2♦ J♠ 4♣
5♥  8♦ 3♥ 6♠ 5♦
6♥  K♣ A♥ 2♥ 3♠
A♠  2♣ 5♠ 3♥ 6♦
3♦  5♠ 5♥ 2♠ 4♥
"""


def _plate_position(square: str) -> str:
    """The position text of ``square`` with the rest of the two packs in hand, in new-pack order."""
    rest = Counter(whist_pack(2))
    rest.subtract(parse_cards(square))
    hand = []
    for card in whist_pack(2):
        if rest[card] > 0:
            rest[card] -= 1
            hand.append(card)
    return str(TheFourteenth.arrange(square, hand=" ".join(map(str, hand))))


TheFourteenth.PLATE = _plate_position(PLATE_SQUARE)
