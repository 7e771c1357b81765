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
from typing import Iterable, Sequence

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CARDS",
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

    # Suits are singletons, so they hash by identity: at C speed, as dictionary keys often are.
    __hash__ = object.__hash__

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


class Card(int):
    """A playing card. ``pack`` records which pack of a multi-pack deal it came from.

    A card is also a small integer, its :attr:`code`: ``13 × suit + rank`` (1 for A♠ … 52 for
    K♣, suits in the order ♠ ♥ ♦ ♣), so positions made of cards hash and compare as fast as
    tuples of integers, and cards sort as a new pack lies.  The pack a card came from takes no
    part in comparisons: the two ten of hearts of a double pack are equal and interchangeable in
    play.  Cards are made once each (``Card(rank, suit, pack)`` returns the same object every
    time) and are immutable.

    >>> Card(Rank.QUEEN, Suit.HEARTS)
    Card.parse('Q♥')
    >>> Card.parse("Q♥") == Card.parse("queen of hearts", pack=1), Card.parse("Q♥").code
    (True, 25)
    >>> Card.parse("11 of cups")
    Traceback (most recent call last):
    ...
    patience.cards.InvalidCard: unknown card '11 of cups' (try '10♥', '10H', 'TH' or 'ten of hearts')
    >>> Card.parse("Q♥").rank = Rank.KING
    Traceback (most recent call last):
    ...
    AttributeError: a card cannot be changed
    """

    rank: Rank
    suit: Suit
    pack: int
    #: The card's value as the books count it: ace 1 … knave 11, queen 12, king 13.
    value: int
    #: ``"red"`` or ``"black"``.
    colour: str
    is_red: bool
    #: The card as the book prints it, ``"10♥"`` (``str(card)``, read without a call: for notations
    #: made by the thousand).
    text: str

    _made: dict[tuple[Rank | int, Suit, int], Card] = {}

    def __new__(cls, rank: Rank | int, suit: Suit, pack: int = 0) -> Card:
        try:
            return cls._made[rank, suit, pack]
        except (KeyError, TypeError):
            pass
        if not isinstance(suit, Suit):
            raise TypeError(f"a card's suit is a Suit, not {suit!r}")
        if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= 13:
            raise TypeError(f"a card's rank is a Rank (or 1 to 13), not {rank!r}")
        if isinstance(pack, bool) or not isinstance(pack, int) or pack < 0:
            raise TypeError(f"a card's pack is a number from 0, not {pack!r}")
        rank = Rank(rank)
        card = super().__new__(cls, 13 * _SUIT_ORDER[suit] + int(rank))
        attrs = card.__dict__
        text = _RANK_SYMBOLS[rank] + suit.value
        attrs.update(rank=rank, suit=suit, pack=pack, value=int(rank), colour=suit.colour,
                     is_red=suit.is_red, text=text)
        cls._made[rank, suit, pack] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a card cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a card cannot be changed")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit, int]]:
        return (Card, (self.rank, self.suit, self.pack))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def code(self) -> int:
        """The card as a small integer: ``13 × suit + rank``, from 1 (A♠) to 52 (K♣)."""
        return int(self)

    @classmethod
    def parse(cls, text: str, pack: int = 0) -> Card:
        """Read a card from ``"10♥"``, ``"10H"``, ``"TH"``, ``"ten of hearts"`` or ``"knave of spades"``."""
        card = _READ.get((text, pack)) if type(text) is str and type(pack) is int else None
        if card is not None:
            return card
        if not isinstance(text, str):
            raise InvalidCard(f"a card is named by a string such as '10♥', not {text!r}")
        key = text.strip().lower().replace("\ufe0f", "")
        m = _SHORT.match(key) or _WORDS.match(key)
        if m and m.group(1) in _RANK_WORDS and m.group(2) in _SUIT_WORDS:
            card = _READ[text, pack] = cls(_RANK_WORDS[m.group(1)], _SUIT_WORDS[m.group(2)], pack)
            return card
        raise InvalidCard(
            f"unknown card {text!r} (try '10♥', '10H', 'TH' or 'ten of hearts')"
        )

    @property
    def name(self) -> str:
        """The card in words, as Lady Cadogan writes it: ``'ten of hearts'``."""
        return f"{self.rank.name.lower()} of {self.suit.name.lower()}"

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"


#: The cards :meth:`Card.parse` has read, by the text and pack it was given (positions are read by
#: the thousand in tests and searches, and a name is always the same card).
_READ: dict[tuple[str, int], Card] = {}

#: Every card of one pack by its :attr:`Card.code` (index 0 unused): ``CARDS[25]`` is the Q♥.
CARDS: tuple[Card | None, ...] = (None, *(Card(rank, suit) for suit in Suit for rank in Rank))


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read a list of cards from a space-separated string or an iterable of names.

    >>> parse_cards("A♥ 10♠ KD")
    [Card.parse('A♥'), Card.parse('10♠'), Card.parse('K♦')]
    """
    items = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(t) for t in items]


def whist_pack(packs: int = 1) -> list[Card]:
    """The 52-card whist pack, or several of them, in a fixed new-pack order."""
    made = _PACKS.get(packs)
    if made is None:
        made = _PACKS[packs] = tuple(Card(rank, suit, p) for p in range(packs) for suit in Suit for rank in Rank)
    return list(made)


_PACKS: dict[int, tuple[Card, ...]] = {}


def piquet_pack(packs: int = 1) -> list[Card]:
    """The 32-card piquet pack: ace and seven to king in each suit."""
    return [c for c in whist_pack(packs) if c.rank == Rank.ACE or c.rank >= Rank.SEVEN]


def shuffled(cards: Sequence[Card], seed: int | str) -> list[Card]:
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
