"""Cards, ranks, suits and packs.

A :class:`Card` is a frozen value: rank and suit, plus the number of the pack it
came from (which never takes part in comparisons, so the two ten of hearts of a
double pack are equal and interchangeable in play).

>>> from patience.cards import Card, whist_pack
>>> Card.parse("10♥"), Card.parse("TH"), Card.parse("ten of hearts")
(Card.parse('10♥'), Card.parse('10♥'), Card.parse('10♥'))
>>> Card.parse("knave of spades").rank.name
'KNAVE'
>>> c = Card.parse("deuce of clubs")
>>> print(c, c.colour, c.value)
2♣ black 2
>>> len(whist_pack()), len(whist_pack(packs=2)), len(piquet_pack())
(52, 104, 32)
"""

from __future__ import annotations

import enum
import random
import re
from dataclasses import dataclass, field
from typing import Iterable, Sequence

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "InvalidCard",
    "whist_pack",
    "piquet_pack",
    "shuffled",
    "parse_cards",
]


class InvalidCard(ValueError):
    """A card name that cannot be read."""


class Suit(enum.Enum):
    """The four suits, in the order a pack is listed."""

    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    @property
    def symbol(self) -> str:
        return self.value

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def colour(self) -> str:
        """``"red"`` for hearts and diamonds, ``"black"`` for spades and clubs."""
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    @property
    def is_red(self) -> bool:
        return self.colour == "red"

    def __str__(self) -> str:
        return self.value


class Rank(enum.IntEnum):
    """Ranks with their values: ace 1, knave 11, queen 12, king 13."""

    ACE = 1
    DEUCE = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    KNAVE = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self]

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS = {r: str(int(r)) for r in Rank} | {
    Rank.ACE: "A",
    Rank.KNAVE: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}

_RANK_WORDS = {
    "a": Rank.ACE, "ace": Rank.ACE, "1": Rank.ACE,
    "2": Rank.DEUCE, "two": Rank.DEUCE, "deuce": Rank.DEUCE,
    "3": Rank.THREE, "three": Rank.THREE, "trey": Rank.THREE,
    "4": Rank.FOUR, "four": Rank.FOUR,
    "5": Rank.FIVE, "five": Rank.FIVE,
    "6": Rank.SIX, "six": Rank.SIX,
    "7": Rank.SEVEN, "seven": Rank.SEVEN,
    "8": Rank.EIGHT, "eight": Rank.EIGHT,
    "9": Rank.NINE, "nine": Rank.NINE,
    "10": Rank.TEN, "t": Rank.TEN, "ten": Rank.TEN,
    "j": Rank.KNAVE, "knave": Rank.KNAVE, "jack": Rank.KNAVE, "11": Rank.KNAVE,
    "q": Rank.QUEEN, "queen": Rank.QUEEN, "12": Rank.QUEEN,
    "k": Rank.KING, "king": Rank.KING, "13": Rank.KING,
}

_SUIT_WORDS = {
    "♠": Suit.SPADES, "s": Suit.SPADES, "spade": Suit.SPADES, "spades": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "h": Suit.HEARTS, "heart": Suit.HEARTS, "hearts": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "d": Suit.DIAMONDS, "diamond": Suit.DIAMONDS,
    "diamonds": Suit.DIAMONDS,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "c": Suit.CLUBS, "club": Suit.CLUBS, "clubs": Suit.CLUBS,
}

_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}

_SHORT = re.compile(r"^(10|[2-9akqjt]|1[1-3]?)([♠♥♦♣♡♢♧shdc])$")
_WORDS = re.compile(r"^(\w+)\s+of\s+(\w+)$")


@dataclass(frozen=True)
class Card:
    """A playing card. ``pack`` records which pack of a multi-pack deal it came from.

    >>> Card(Rank.QUEEN, Suit.HEARTS)
    Card.parse('Q♥')
    >>> Card.parse("Q♥") == Card.parse("queen of hearts", pack=1)
    True
    >>> Card.parse("11 of cups")
    Traceback (most recent call last):
    ...
    patience.cards.InvalidCard: unknown card '11 of cups' (try '10♥', '10H', 'TH' or 'ten of hearts')
    """

    rank: Rank
    suit: Suit
    pack: int = field(default=0, compare=False)
    _text: str = field(default="", init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", _RANK_SYMBOLS[self.rank] + self.suit.value)

    def __hash__(self) -> int:
        # As equality: by rank and suit, which the text names.  A string keeps its hash, so
        # positions (tuples of piles of cards) hash fast, which the solver does all the time.
        return hash(self._text)

    @classmethod
    def parse(cls, text: str, pack: int = 0) -> Card:
        """Read a card from ``"10♥"``, ``"10H"``, ``"TH"``, ``"ten of hearts"`` or ``"knave of spades"``."""
        key = text.strip().lower().replace("\ufe0f", "")
        m = _SHORT.match(key) or _WORDS.match(key)
        if m and m.group(1) in _RANK_WORDS and m.group(2) in _SUIT_WORDS:
            return cls(_RANK_WORDS[m.group(1)], _SUIT_WORDS[m.group(2)], pack)
        raise InvalidCard(
            f"unknown card {text!r} (try '10♥', '10H', 'TH' or 'ten of hearts')"
        )

    @property
    def colour(self) -> str:
        return self.suit.colour

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @property
    def value(self) -> int:
        """The card's value as the books count it: ace 1 … knave 11, queen 12, king 13."""
        return int(self.rank)

    @property
    def name(self) -> str:
        """The card in words, as Lady Cadogan writes it: ``'ten of hearts'``."""
        return f"{self.rank.name.lower()} of {self.suit.name.lower()}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        """Cards sort as a new pack lies: by suit (♠ ♥ ♦ ♣), then ace to king."""
        return (_SUIT_ORDER[self.suit], self.rank) < (_SUIT_ORDER[other.suit], other.rank)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read a list of cards from a space-separated string or an iterable of names.

    >>> parse_cards("A♥ 10♠ KD")
    [Card.parse('A♥'), Card.parse('10♠'), Card.parse('K♦')]
    """
    items = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(t) for t in items]


def whist_pack(packs: int = 1) -> list[Card]:
    """The 52-card whist pack, or several of them, in a fixed new-pack order."""
    return [Card(rank, suit, p) for p in range(packs) for suit in Suit for rank in Rank]


def piquet_pack(packs: int = 1) -> list[Card]:
    """The 32-card piquet pack: ace and seven to king in each suit."""
    return [c for c in whist_pack(packs) if c.rank == Rank.ACE or c.rank >= Rank.SEVEN]


def shuffled(cards: Sequence[Card], seed: int) -> list[Card]:
    """The cards in a shuffled order that depends only on ``seed``.

    This function defines every deal of the book: changing it changes every
    seed, so it is pinned by golden tests.  It uses its own Fisher-Yates loop
    over :class:`random.Random` integers rather than :func:`random.shuffle`, whose
    algorithm Python does not promise to keep.

    >>> [str(c) for c in shuffled(whist_pack(), seed=1)[:5]]
    ['K♦', 'Q♣', '4♦', '2♦', '10♦']
    """
    rng = random.Random(seed)
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.getrandbits(32) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
