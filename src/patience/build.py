"""How cards build on one another: the shared vocabulary of foundations and tableaux.

A :class:`Build` says which card may lie on which: up or down (or either, as in
Lady Cadogan's "marriages both in ascending and descending lines"), in suit, in
alternating colours or in any suit, and whether king and ace join up.

>>> from patience.cards import Card
>>> marriage_down = Build("down", "same")
>>> marriage_down.fault(Card.parse("7♥"), Card.parse("6♥")) is None
True
>>> marriage_down.fault(Card.parse("7♥"), Card.parse("6♠"))
'must follow suit'
>>> alternate = Build("down", "alternate")
>>> alternate.is_run([Card.parse(c) for c in ("5♥", "4♣", "3♦")])
True
>>> Build("up", "same", wrap=True).fault(Card.parse("K♠"), Card.parse("A♠")) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from .cards import CARDS, Card, Rank

__all__ = ["Build", "Foundation", "ACES_UP", "KINGS_DOWN", "FAULTS", "marriage_reasons", "reversal", "sequence_length", "suit_run"]

#: The reasons :meth:`Build.fault` gives, for games to map onto their rule numbers.
FAULTS = ("must follow suit", "must alternate in colour", "must be next in sequence")


_TABLES: dict[tuple[str, str, bool, int, bool], tuple[tuple[tuple[str | None, ...], ...], tuple[tuple[bool, ...], ...]]] = {}
_CHILDREN: dict[tuple[str, str, bool, int, bool], tuple[tuple[Card, ...], ...]] = {}
_TABLE_BYTES: dict[tuple[str, str, bool, int, bool], bytes] = {}


@dataclass(frozen=True)
class Build:
    """A building rule: ``direction`` is ``"up"``, ``"down"`` or ``"either"``;
    ``suit`` is ``"same"``, ``"alternate"`` or ``"any"``; ``wrap`` lets king and
    ace follow one another; ``base`` counts the values from another card than the ace.

    >>> sevens = Build("down", "alternate", base=7)
    >>> [sevens.follows(Card.parse(below), Card.parse(above)) for below, above in
    ...  (("A♥", "K♠"), ("8♥", "7♠"), ("7♥", "6♠"), ("9♥", "7♠"))]
    [True, True, False, False]

    With ``piquet`` the values run as in the piquet pack, the ace next below the seven (A, 7, 8 …
    K, as The Olga's foundations ascend), and the deuce to the six, which that pack lacks, follow
    nothing:

    >>> piquet = Build("up", "same", piquet=True)
    >>> [piquet.follows(Card.parse(below), Card.parse(above)) for below, above in
    ...  (("A♥", "7♥"), ("7♥", "8♥"), ("A♥", "2♥"), ("6♥", "7♥"))]
    [True, True, False, False]
    """

    direction: str
    suit: str = "any"
    wrap: bool = False
    #: The value counted as the lowest, as modern rules of Canfield count the tableau from the
    #: foundations' first card: with a base of 7, a king goes on an ace (down) but a six never on
    #: a seven.  1 (the ace): the usual order.
    base: int = 1
    #: Values in the piquet pack's order: the ace just below the seven (with ``base`` 1 only).
    piquet: bool = False
    # Worked out once for each kind of build (see __post_init__), indexed by the cards' codes.
    _faults: tuple[tuple[str | None, ...], ...] = field(init=False, repr=False, compare=False)
    _follows: tuple[tuple[bool, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.direction not in ("up", "down", "either") or self.suit not in ("same", "alternate", "any"):
            raise ValueError(f"unknown build {self.direction!r}, {self.suit!r}")
        if not 1 <= self.base <= 13:
            raise ValueError(f"a build's base is a value from 1 to 13, not {self.base!r}")
        if self.piquet and self.base != 1:
            raise ValueError("a piquet build counts from the ace: its base is 1")
        # Every answer worked out once for each kind of build, indexed by the cards' codes:
        # faults[below][above].
        key = self._key()
        if key not in _TABLES:
            faults = tuple(tuple(self._fault(below, above) if below and above else None for above in CARDS)
                           for below in CARDS)
            _TABLES[key] = (faults, tuple(tuple(f is None for f in row) for row in faults))
            _CHILDREN[key] = tuple(tuple(card for card, f in zip(CARDS, row) if card is not None and f is None)
                                   if b else () for b, row in enumerate(faults))
        object.__setattr__(self, "_faults", _TABLES[key][0])
        object.__setattr__(self, "_follows", _TABLES[key][1])

    def _steps(self, below: Card, above: Card) -> bool:
        span = 13
        if self.piquet:
            if 1 < below.value < 7 or 1 < above.value < 7:
                return False
            # The ace counts as a six: one below the seven; eight values in all.
            diff, span = (above.value if above.value != 1 else 6) - (below.value if below.value != 1 else 6), 8
        else:
            diff = (above.value - self.base) % 13 - (below.value - self.base) % 13
        if self.wrap:
            diff = (diff + span) % span
            up, down = diff == 1, diff == span - 1
        else:
            up, down = diff == 1, diff == -1
        return {"up": up, "down": down, "either": up or down}[self.direction]

    def _fault(self, below: Card, above: Card) -> str | None:
        if self.suit == "same" and above.suit != below.suit:
            return FAULTS[0]
        if self.suit == "alternate" and above.colour == below.colour:
            return FAULTS[1]
        if not self._steps(below, above):
            return FAULTS[2]
        return None

    def fault(self, below: Card, above: Card) -> str | None:
        """Why ``above`` may not lie on ``below`` (one of :data:`FAULTS`), or None if it may."""
        return self._faults[below][above]

    def follows(self, below: Card, above: Card) -> bool:
        return self._follows[below][above]

    def children(self, card: Card) -> tuple[Card, ...]:
        """The cards (of one pack) that may lie on ``card``, in new-pack order.

        >>> from patience.cards import Card
        >>> Build("down", "alternate").children(Card.parse("8♠"))
        (Card.parse('7♥'), Card.parse('7♦'))
        """
        return _CHILDREN[self._key()][card]

    def children_table(self) -> tuple[tuple[Card, ...], ...]:
        """:meth:`children` of every card, by its code (for a game's fast move generator:
        ``table[card]`` without a call).

        >>> from patience.cards import Card
        >>> Build("down", "same").children_table()[Card.parse("8♠")]
        (Card.parse('7♠'),)
        """
        return _CHILDREN[self._key()]

    def _key(self) -> tuple[str, str, bool, int, bool]:
        return (self.direction, self.suit, self.wrap, self.base, self.piquet)

    def table(self) -> tuple[tuple[bool, ...], ...]:
        """Whether each card may lie on each other, by their codes: ``table()[below][above]``, for a
        game's fast move generator (a card is its code: ``table()[below][above]`` with cards works).

        >>> from patience.cards import Card
        >>> Build("down", "alternate").table()[Card.parse("8♠")][Card.parse("7♥")]
        True
        """
        return self._follows

    def table_bytes(self) -> bytes:
        """:meth:`table` as 53 × 53 bytes, 1 where a card may lie on another (``[below * 53 + above]``),
        as a game's search in C reads it.

        >>> from patience.cards import Card
        >>> Build("down", "alternate").table_bytes()[Card.parse("8♠") * 53 + Card.parse("7♥")]
        1
        """
        found = _TABLE_BYTES.get(self._key())
        if found is None:
            found = _TABLE_BYTES[self._key()] = bytes(bool(fits) for row in self._follows for fits in row)
        return found

    def is_run(self, cards: Sequence[Card]) -> bool:
        """True if each card of ``cards`` (bottom first) builds on the one before."""
        return all(self.follows(a, b) for a, b in zip(cards, cards[1:]))

    def first_break(self, cards: Sequence[Card]) -> tuple[Card, Card] | None:
        """The first two cards of ``cards`` (bottom first) of which the upper may not lie on the lower,
        as (lower, upper); None if the cards are a run.

        >>> Build("down", "alternate").first_break([Card.parse(c) for c in ("9♠", "8♥", "7♥")])
        (Card.parse('8♥'), Card.parse('7♥'))
        """
        follows = self._follows
        return next(((a, b) for a, b in zip(cards, cards[1:]) if not follows[a][b]), None)

    def run_length(self, cards: Sequence[Card]) -> int:
        """How many cards at the top of ``cards`` form an unbroken run."""
        follows = self._follows
        size = len(cards)
        n = 1 if size else 0
        while n < size and follows[cards[-n - 1]][cards[-n]]:
            n += 1
        return n


@dataclass(frozen=True)
class Foundation:
    """What a foundation takes: the card it starts from, then how it builds.

    >>> from patience.game import Pile
    >>> up = Foundation(Rank.ACE, Build("up", "same"))
    >>> up.fault(Pile(), Card.parse("2♥"))
    'a foundation starts with an ace'
    >>> up.fault(Pile.of("A♥"), Card.parse("2♥")) is None
    True
    """

    base: Rank
    build: Build

    def fault(self, pile: Sequence[Card], card: Card) -> str | None:
        """Why ``card`` may not go on the foundation ``pile`` now, or None."""
        cards = getattr(pile, "cards", pile)
        if cards:
            return self.build._faults[cards[-1]][card]
        if card.rank == self.base:
            return None
        article = "an" if self.base.name[0] in "AEIOU" else "a"
        return f"a foundation starts with {article} {self.base.name.lower()}"

    def complete(self, pile: Sequence[Card], length: int = 13) -> bool:
        return len(pile) == length


#: The commonest foundations: from the ace up to the king in suit, and from the king down to the ace.
ACES_UP = Foundation(Rank.ACE, Build("up", "same"))
KINGS_DOWN = Foundation(Rank.KING, Build("down", "same"))

def marriage_reasons(build: Build, rule: str = "Marriages") -> dict[str, tuple[str, str]]:
    """Lady Cadogan's words for a marriage that cannot be made, for :meth:`patience.game.Game.explain`.

    >>> marriage_reasons(Build("down", "same"))["*"]
    ('Marriages', 'marriages descend in value')
    """
    way = {
        "down": "marriages descend in value",
        "up": "marriages ascend in value",
        "either": "marriages go one up or one down in value",
    }[build.direction]
    return {"must follow suit": (rule, "a marriage is made in the same suit"), "*": (rule, way)}


_UP_IN_SUIT, _DOWN_IN_SUIT = Build("up", "same"), Build("down", "same")


def sequence_length(cards: tuple[Card, ...]) -> int:
    """How many cards at the top of a packet (given bottom first) form a sequence in suit,
    ascending or descending to the top card: the run a reversal can carry over.

    >>> sequence_length(tuple(Card.parse(x) for x in "K♠ 2♠ 3♠ 4♠".split()))
    3
    >>> sequence_length(tuple(Card.parse(x) for x in "7♦ 6♦ 7♦".split()))
    2
    """
    return max(_UP_IN_SUIT.run_length(cards), _DOWN_IN_SUIT.run_length(cards))


def reversal(cards: tuple[Card, ...], count: int) -> tuple[Card, ...]:
    """The top ``count`` cards of a packet (given bottom first) as they lie once reversed onto
    another packet, lowest-placed first: the old top card goes down first.

    >>> [str(c) for c in reversal(tuple(Card.parse(x) for x in "K♠ 2♠ 3♠ 4♠".split()), 3)]
    ['4♠', '3♠', '2♠']
    """
    return tuple(reversed(cards[len(cards) - count:]))


def suit_run(first: Card, top: Card, *, down: bool = False) -> list[Card]:
    """A foundation from its first card ``first`` in suit to ``top``, up one at a time (or ``down``),
    the ace after the king (before it, going down).

    >>> " ".join(map(str, suit_run(Card.parse("J♥"), Card.parse("2♥"))))
    'J♥ Q♥ K♥ A♥ 2♥'
    >>> " ".join(map(str, suit_run(Card.parse("K♠"), Card.parse("J♠"), down=True)))
    'K♠ Q♠ J♠'
    """
    if first.suit != top.suit:
        raise ValueError(f"a foundation follows suit: {first} … {top}")
    step = -1 if down else 1
    count = step * (top.value - first.value) % 13 + 1
    return [Card(Rank((first.value - 1 + step * i) % 13 + 1), first.suit) for i in range(count)]