"""The :class:`Game` base class: the public API every game shares.

A game module fills in a handful of hooks (how the pack is laid out, which moves
the position offers, which rule a move breaks, what a move does, how the piles
are drawn); this class turns them into ``legal_moves``, ``play``, ``undo``, a
history, a position text that round-trips and a replayable :class:`Record`.

The state of a game is a set of named piles (immutable :class:`Pile` values)
and a few named counters (re-deals used, the score, …).  ``undo`` restores the
exact state before a move, because every move keeps the state it replaced.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from operator import is_not, itemgetter
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generator, Iterable, Iterator, Mapping, NamedTuple, Self, Sequence, TypeVar

from .build import FAULTS, Build, Foundation
from .cards import Card, InvalidCard, Suit, shuffled, whist_pack
from .errors import IllegalMove, InvalidMove, InvalidPosition, UnknownGame, whole_number
from .options import Option, Options, format_spec, parse_spec

T = TypeVar("T")

__all__ = ["Pile", "Move", "PackStep", "Spot", "Game", "SEARCH_AGAIN", "Record", "normalise_notation", "place", "grid", "read_rows", "ring", "bone", "moves_up", "move_onto", "pile_order", "foundation_tops"]


class Pile:
    """A pile of cards, bottom first; the lowest ``face_down`` of them lie face down.

    A pile is a value, never changed once made: a move makes new piles for the piles it
    changes and shares the others with the position before, so a position's key is made of
    piles whose hashes are computed once.  (Its attributes are plain slots, so that piles are
    made fast; assigning to them is a bug the differential tests would show.)

    >>> p = Pile.of("[7♦] [2♣] K♥ Q♠")
    >>> p.top, p.visible, len(p)
    (Card.parse('Q♠'), (Card.parse('K♥'), Card.parse('Q♠')), 4)
    >>> rest = p.without(2)
    >>> print(rest, "|", rest.turned_up())
    [7♦] [2♣] | [7♦] 2♣
    """

    __slots__ = ("cards", "face_down", "_hash")

    cards: tuple[Card, ...]
    face_down: int

    def __init__(self, cards: tuple[Card, ...] = (), face_down: int = 0) -> None:
        if type(cards) is not tuple:
            cards = tuple(cards)
        self.cards = cards
        self.face_down = face_down
        self._hash: int | None = None

    def __reduce__(self) -> tuple[type[Pile], tuple[tuple[Card, ...], int]]:
        return (Pile, (self.cards, self.face_down))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not Pile:
            return NotImplemented
        return self.face_down == other.face_down and self.cards == other.cards

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = self._hash = hash((self.cards, self.face_down))
        return h

    def __repr__(self) -> str:
        return f"Pile(cards={self.cards!r}, face_down={self.face_down!r})"

    @classmethod
    def of(cls, text: str) -> Pile:
        """Read a pile from its position text: cards bottom first, face-down ones in brackets."""
        cards: list[Card] = []
        down = 0
        for token in text.split():
            if token.startswith("[") and token.endswith("]"):
                if down != len(cards):
                    raise InvalidPosition(f"face-down card {token} lies on a face-up card")
                down += 1
                token = token[1:-1]
            cards.append(Card.parse(token))
        return cls(tuple(cards), down)

    @property
    def top(self) -> Card | None:
        """The uppermost card, or None when the pile is empty."""
        cards = self.cards
        return cards[-1] if cards else None

    @property
    def visible(self) -> tuple[Card, ...]:
        """The face-up cards, bottom first."""
        return self.cards[self.face_down:]

    @property
    def is_empty(self) -> bool:
        return not self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __getitem__(self, index: int) -> Card:
        return self.cards[index]

    def added(self, cards: Iterable[Card], face_up: bool = True) -> Pile:
        """This pile with ``cards`` laid on top (face up, or face down on a face-down pile)."""
        cards = tuple(cards)
        if face_up:
            return Pile(self.cards + cards, self.face_down)
        if self.face_down != len(self.cards):
            raise ValueError("cannot lay face-down cards on face-up ones")
        return Pile(self.cards + cards, self.face_down + len(cards))

    def without(self, n: int = 1) -> Pile:
        """This pile with its top ``n`` cards taken away."""
        rest = self.cards[: len(self.cards) - n]
        down = self.face_down
        return Pile(rest, down if down <= len(rest) else len(rest))

    def turned_up(self) -> Pile:
        """This pile with its top card turned face up, if it lay face down."""
        if self.cards and self.face_down == len(self.cards):
            return Pile(self.cards, self.face_down - 1)
        return self

    def turned_down(self) -> Pile:
        """This pile with every card face down (a stock)."""
        return Pile(self.cards, len(self.cards))

    def __str__(self) -> str:
        cards, down = self.cards, self.face_down
        if not down:
            return " ".join([c.text for c in cards])
        return " ".join([f"[{c.text}]" for c in cards[:down]] + [c.text for c in cards[down:]])


class Move(tuple[Any, ...]):
    """One move: a value with a readable notation (``str``) and a repr that can be pasted back.

    ``kind`` is ``"move"`` for moving cards from one pile to another and a word
    for the others (``"deal"``, ``"redeal"``, ``"turn"``, ``"pair"``,
    ``"exchange"``, ``"discard"``, …).  ``cards`` are the cards moved (for a
    run, its lowest-placed card first); ``source`` and ``target`` are pile names.
    A move is a named tuple of those five, made and compared as fast as a tuple.

    >>> ten = Card.parse("10♦")
    >>> m = Move("move", (ten,), "column 7", "column 1", "10♦ → J♣")
    >>> str(m), m.target, m == Move(*m)
    ('10♦ → J♣', 'column 1', True)
    >>> m
    Move('move', (Card.parse('10♦'),), 'column 7', 'column 1', '10♦ → J♣')
    """

    __slots__ = ()

    def __new__(cls, kind: str, cards: tuple[Card, ...] = (), source: str | None = None,
                target: str | None = None, notation: str = "") -> Move:
        return tuple.__new__(cls, (kind, cards, source, target, notation))

    kind: str = property(itemgetter(0), doc="The kind of move (``'move'``, ``'turn'``, ``'deal'`` …).")  # type: ignore[assignment]
    cards: tuple[Card, ...] = property(itemgetter(1), doc="The cards moved, the lowest-placed first.")  # type: ignore[assignment]
    source: str | None = property(itemgetter(2), doc="The pile the cards come from.")  # type: ignore[assignment]
    target: str | None = property(itemgetter(3), doc="The pile the cards go to.")  # type: ignore[assignment]
    notation: str = property(itemgetter(4), doc="The move as the book writes it.")  # type: ignore[assignment]

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    def __str__(self) -> str:
        notation: str = self[4] or self[0]
        return notation

    def __repr__(self) -> str:
        return f"Move({', '.join(map(repr, self))})"


class PackStep(NamedTuple):
    """A move of the pack in a run of them (:meth:`Game.pack_steps`), and what it leaves."""

    move: Move
    #: The piles after it.
    piles: Mapping[str, Pile]
    #: The position's :meth:`Game.solver_key` after it.
    key: Any
    #: The moves of the pack after it.
    pack: list[Move]
    #: The moves after it that use what it brought.
    uses: list[Move]


@dataclass(frozen=True)
class Spot:
    """Where a pile is drawn: grid position in card widths/heights, and how it fans.

    ``fan`` is ``"down"`` (a column, each card showing its corner below the one
    beneath), ``"right"`` (a fan to the right), ``"left"`` (a fan to the left,
    in the box a right fan of as many cards would take, its bottom card at the
    right end), or ``"none"`` (squared: only the top card shows).  ``label`` is written under or beside the pile.
    """

    pile: str
    x: float
    y: float
    fan: str = "none"
    label: str = ""
    #: False for places that are not on the table until cards come to them (rows not yet dealt):
    #: an empty one is then not drawn at all.
    draw_empty: bool = True
    #: Degrees the pile is turned clockwise about its card's centre in the picture (cards laid
    #: slantwise, as the ribs of a bone); 0 draws it upright.  The text diagram ignores it.
    angle: float = 0.0


#: The keys that :meth:`Game.foundation_takers` keeps its answers under, by ``distinct_suits``.
_TAKERS_WORK = {True: "foundation takers True", False: "foundation takers False"}


@lru_cache(maxsize=None)
def _firsts(value: int) -> tuple[tuple[int, Card], ...]:
    """The cards of ``value`` in the four suits, in the order of :class:`Suit`, each with a bit for
    its suit (``1 << place``, the place of its suit in that order)."""
    return tuple((1 << place, Card(value, suit)) for place, suit in enumerate(Suit))


def _takers_plan(names: Sequence[str], rules: Sequence[Foundation]) -> tuple[
        int, list[tuple[str, int, tuple[tuple[Card, ...], ...], tuple[tuple[int, Card], ...]]], dict[str, int]]:
    """For :meth:`Game.foundation_takers`: how many rules of ``rules`` differ; for each foundation of
    ``names`` its name, its rule (by number), the cards its build takes on each card, and the cards
    it begins with; and each foundation's rule by its name."""
    kinds: list[Foundation] = []
    rows = []
    kind_of: dict[str, int] = {}
    for name, rule in zip(names, rules):
        for kind, known in enumerate(kinds):
            if known is rule or known == rule:
                break
        else:
            kind = len(kinds)
            kinds.append(rule)
        rows.append((name, kind, rule.build.children_table(), _firsts(rule.base)))
        kind_of[name] = kind
    return len(kinds), rows, kind_of


_HEADER = re.compile(r"^(?P<spec>[^\s(]+(?:\([^)]*\))?)(?P<rest>.*)$")
_COUNTER = re.compile(r"^([a-z_]+)=(-?\d+)$")
_ARROWS = re.compile(r"\s*(?:->|=>|→|\bonto\b|\bon\b|\bto\b)\s*", re.IGNORECASE)
_CARD_WORDS = re.compile(r"\b(\w+)\s+of\s+(\w+)\b", re.IGNORECASE)


@lru_cache(maxsize=8192)
def normalise_notation(text: str) -> str:
    """A move's text in the one form moves are compared in: card names in symbol form,
    lower-case words, one arrow.

    >>> normalise_notation("Ten of Hearts -> knave of clubs"), normalise_notation("4C-3D to 5H")
    ('10♥ → J♣', '4♣ 3♦ → 5♥')
    """

    def card_words(m: re.Match[str]) -> str:
        try:
            return str(Card.parse(m.group(0)))
        except InvalidCard:
            return m.group(0)

    text = _CARD_WORDS.sub(card_words, text.strip())
    text = _ARROWS.sub(" → ", text)
    out = []
    for token in re.sub(r"[–,-]", " ", text).split():
        try:
            out.append(str(Card.parse(token)))
        except InvalidCard:
            out.append(token.lower())
    return " ".join(out)


def move_onto(cards: tuple[Card, ...], source: str, target: str, onto: str) -> Move:
    """The move of ``cards`` from ``source`` to ``target``, written as the games write it: the
    cards, an arrow and ``onto`` (the card they go on, or a word for the pile: ``space``, ``lane``).
    Made once and met again: a fast move generator makes the same moves position after position,
    and a look-up costs less than a notation and a move.  The two cards of a double pack are
    equal, but a move holds the very cards that move: one made for the other's is not given.

    >>> seven, six = Card.parse("7♥"), Card.parse("6♣")
    >>> move = move_onto((seven, six), "column 2", "column 5", "8♠")
    >>> str(move), move is move_onto((seven, six), "column 2", "column 5", "8♠")
    ('7♥ 6♣ → 8♠', True)
    >>> other = move_onto((Card(seven.rank, seven.suit, 1), six), "column 2", "column 5", "8♠")
    >>> other == move, other.cards[0].pack
    (True, 1)
    """
    # (A card is made once for its pack: its id tells the two of a double pack apart.)
    key = (cards, source, target, onto, id(cards[0]))
    move = _MOVES_ONTO.get(key)
    if move is None or (len(cards) > 1 and any(map(is_not, move[1], cards))):
        if len(_MOVES_ONTO) >= _MOVES_ONTO_KEPT:
            _MOVES_ONTO.clear()
        move = _MOVES_ONTO[key] = Move("move", cards, source, target,
                                       f"{' '.join(card.text for card in cards)} → {onto}")
    return move


def marriages_onto(tops: Iterable[tuple[str, Card]], marrying: Sequence[Sequence[Card]]) -> dict[int, list[tuple[str, Card]]]:
    """For each card, the piles of ``tops`` (each a pile's name and its uppermost card, in order) whose
    uppermost card it may be married onto, each with that card: ``marrying[under]`` are the cards that may
    lie on ``under`` (a table such as :meth:`~patience.build.Build.children_table`'s).  Worked out once for
    a position, for a game's fast legal moves.

    >>> from patience.build import Build
    >>> tops = [("packet 1", Card.parse("8♥")), ("packet 2", Card.parse("9♠")), ("packet 3", Card.parse("8♥"))]
    >>> onto = marriages_onto(tops, Build("down", "same").children_table())
    >>> [name for name, _ in onto[Card.parse("7♥")]], Card.parse("7♠") in onto
    (['packet 1', 'packet 3'], False)
    """
    onto: dict[int, list[tuple[str, Card]]] = {}
    for name, under in tops:
        for card in marrying[under]:
            if card in onto:
                onto[card].append((name, under))
            else:
                onto[card] = [(name, under)]
    return onto


#: The moves :func:`move_onto` has made, and how many it keeps.
_MOVES_ONTO: dict[tuple[Any, ...], Move] = {}
_MOVES_ONTO_KEPT = 1 << 16


def foundation_tops(piles: Mapping[str, Pile], names: Iterable[str]) -> tuple[Card | int, ...]:
    """The top cards of the foundations ``names``, in a fixed order, 0 for an empty one: for a solver's
    key, where each foundation holds its suit from its first card up to its top, so that its top
    tells all it holds, and foundations alike (of the same suit, say) need not be told apart.

    >>> piles = {"foundation 1": Pile.of("A♠ 2♠"), "foundation 2": Pile(), "foundation 3": Pile.of("A♥")}
    >>> foundation_tops(piles, ["foundation 1", "foundation 2", "foundation 3"])
    (0, Card.parse('2♠'), Card.parse('A♥'))
    """
    return tuple(sorted([pile.cards[-1] if pile.cards else 0 for pile in map(piles.__getitem__, names)]))


def moves_up(source: str, card: Card, takers: Sequence[str]) -> list[Move]:
    """The moves of ``card`` from ``source`` to the foundations ``takers`` that take it, written as
    :meth:`Game.foundation_moves` writes them: ``A♥ → foundation`` where one takes it, each
    foundation named where several do.

    >>> [str(m) for m in moves_up("waste", Card.parse("A♥"), ["foundation 1", "foundation 2"])]
    ['A♥ → foundation 1', 'A♥ → foundation 2']

    Each move is made once (:func:`move_onto`): a search meets the same moves position after position.
    """
    if len(takers) == 1:
        return [move_onto((card,), source, takers[0], "foundation")]
    return [move_onto((card,), source, name, name) for name in takers]


#: The order interchangeable piles are put in for a solver's key (:meth:`Game.solver_key`):
#: ``sorted(piles, key=pile_order)``.  By hash, which a pile works out once: equal piles sort
#: together wherever they lie, and a tie between unequal ones (two hashes alike) can only keep two
#: keys of one position apart, never make one key of two positions.
pile_order: Callable[[Pile], int] = hash


@lru_cache(maxsize=None)
def pile_kind(name: str) -> str:
    """``'fan'`` for ``'fan 12'``; a name without a number is its own kind."""
    head, _, tail = name.rpartition(" ")
    return head if tail.isdigit() else name


def place(row: int, column: int) -> str:
    """The name of a place of a grid tableau: ``place(2, 3)`` is ``'row 2 column 3'``."""
    return f"row {row} column {column}"


def grid(rows: int, columns: int) -> dict[str, tuple[int, int]]:
    """Every place of a grid tableau of ``rows`` × ``columns``, row by row and each row left to
    right, with its row and column.

    >>> list(grid(2, 2).items())[:3]
    [('row 1 column 1', (1, 1)), ('row 1 column 2', (1, 2)), ('row 2 column 1', (2, 1))]
    """
    return {place(r, c): (r, c) for r in range(1, rows + 1) for c in range(1, columns + 1)}


def _with_the_pack_to_deal(piles: Mapping[str, str], pack: str, new_pack: list[Card]) -> dict[str, str]:
    """``piles`` with the pile ``pack`` made whole for :meth:`Game.arrange` with ``to_deal``: the
    cards given for it, the next first, then every card of ``new_pack`` not placed, in its order."""
    try:
        placed = [Card.parse(token.strip("[]")) for name, text in piles.items() if name != pack
                  for token in text.split()]
        order = [Card.parse(token) for token in piles.get(pack, "").split()]
    except InvalidCard as exc:
        raise InvalidPosition(str(exc)) from None
    left = Counter(new_pack)
    left.subtract(placed + order)
    for card in new_pack:
        if left[card] > 0:
            left[card] -= 1
            order.append(card)
    return {**piles, pack: " ".join(f"[{card}]" for card in reversed(order))}


def read_rows(rows: str | Sequence[str], columns: int,
              name: Callable[[int, int], str] = place) -> dict[str, str]:
    """The places of a grid tableau written as rows (a line, or an item, to a row), for a game's
    ``arrange``: each place's cards, ``--`` for an empty place and ``+`` between the cards of one
    place (a marriage, bottom first); ``name(row, column)`` names a place.

    >>> read_rows("5♥ -- K♣\\n-- 7♥+6♥", 8)
    {'row 1 column 1': '5♥', 'row 1 column 3': 'K♣', 'row 2 column 2': '7♥ 6♥'}
    >>> read_rows(["5♥ 4♠ K♣"], 2)
    Traceback (most recent call last):
    ...
    patience.errors.InvalidPosition: row 1 has more than 2 places
    """
    lines = rows.strip().splitlines() if isinstance(rows, str) else list(rows)
    places: dict[str, str] = {}
    for r, line in enumerate(lines, start=1):
        tokens = line.split()
        if len(tokens) > columns:
            raise InvalidPosition(f"row {r} has more than {columns} places")
        for c, token in enumerate(tokens, start=1):
            if token != "--":
                places[name(r, c)] = token.replace("+", " ")
    return places


def ring(count: int, radius: float, centre: tuple[float, float], start: float = 0.0) -> list[tuple[float, float]]:
    """Where :class:`Spot`\\ s go to set ``count`` cards evenly round a circle (a star, a clock
    face, a wheel): the first at the top and the others clockwise, as a clock's hours run and as
    Lady Cadogan deals a circle ("beginning at the top and continuing from left to right").

    ``radius`` is in card widths (the layout's x unit) and ``centre`` is the point, in layout
    units, that the circle goes round; ``start`` turns the first place that many degrees
    clockwise from the top.  Each pair is the (x, y) of a spot, so that the card's centre lies on
    the circle; y is scaled so that the circle is drawn round, not stretched by the cards' height.

    >>> [(round(x, 2), round(y, 2)) for x, y in ring(4, 2.0, (3.0, 3.0))]
    [(2.58, 1.06), (4.58, 2.56), (2.58, 4.06), (0.58, 2.56)]
    """
    import math

    from .render.svg import GAP, HEIGHT, WIDTH

    unit_x, unit_y = WIDTH + GAP, HEIGHT + GAP
    half_x, half_y = WIDTH / 2 / unit_x, HEIGHT / 2 / unit_y
    places = []
    for i in range(count):
        angle = math.radians(start + 360 * i / count)
        x = centre[0] + radius * math.sin(angle)
        y = centre[1] - radius * math.cos(angle) * unit_x / unit_y
        places.append((x - half_x, y - half_y))
    return places


def bone(rows: int, x: float, y: float, step: float, reach: float = 0.8,
         slant: float = 45.0) -> list[tuple[tuple[float, float, float], ...]]:
    """Where :class:`Spot`\\ s go to draw a bone: a spine of upright cards running down from
    (``x``, ``y``), one each ``step`` (in card heights), and on either side of each a rib laid
    slantwise, ``reach`` card widths out, as Lady Cadogan draws the Herring-Bone's fans and the
    Fish-Bone's kings and queens.

    Each row is (left rib, spine, right rib), each an (x, y, angle) for a :class:`Spot`: the left
    rib is turned ``slant`` degrees anticlockwise (its top leaning out to the left), the right
    one as far clockwise.

    >>> bone(2, 3.0, 0.0, 0.5)
    [((2.2, 0.0, -45.0), (3.0, 0.0, 0.0), (3.8, 0.0, 45.0)), ((2.2, 0.5, -45.0), (3.0, 0.5, 0.0), (3.8, 0.5, 45.0))]
    """
    return [((x - reach, y + i * step, -slant), (x, y + i * step, 0.0), (x + reach, y + i * step, slant))
            for i in range(rows)]


#: The searches again (:attr:`Game.RESTARTS`) of a game whose search can go wrong early and spend its
#: budget below a wrong turn: eight of 2,000 positions each, then sixty-four of 500, then thirty-two
#: of 2,000 more.  Where such a search leaves a deal unknown, one of them often wins it within a few
#: hundred positions; some games' wins need the longer searches, others are found sooner by many
#: short ones.  (Each turn was added after the ones before, so a deal they decided is decided as before;
#: the third won 12 of Anna's 70 unknown deals, 17 of The Great Thirteen's 75.)
SEARCH_AGAIN = ((8, 2_000), (64, 500), (32, 2_000))


class Game:
    """The base of every game.  Subclasses set the metadata and fill in the hooks.

    Metadata (class attributes): ``slug``, ``name``, ``chapter`` (the slug of
    the chapter that describes it, for variants), ``order`` (place in the
    book), ``source`` (the citation),
    ``plate`` (Cadogan's plate number, or None), ``packs``, ``OPTIONS`` (the
    declared :class:`~patience.options.Option`\\ s), ``RULES`` (rule number →
    the source's words), ``COUNTERS`` (names of the integers kept beside the
    piles) and ``AVAILABILITY`` (the rule, and its words, that says which cards
    may be moved at all).

    Hooks: :meth:`pile_names`, :meth:`lay_out`, :meth:`moves`,
    :meth:`violation`, :meth:`apply`, :attr:`is_won`, :meth:`layout`, and where
    needed :meth:`pack`, :meth:`grade`.

    Two paths, one set of rules.  :meth:`moves` and :meth:`violation` are the explaining path:
    every candidate, and for each the rule it breaks in the source's words (in a game's own words
    through :meth:`explain` for a build's fault, :meth:`foundation_refusal` for a foundation's, and
    :attr:`STAYS`, :attr:`UNDEALT_RULE`, :attr:`TALON_RULE` and :attr:`AVAILABILITY` for a card named
    where it cannot move from).  The fast path is
    :meth:`generate_legal_moves` (the legal moves made directly, no explanation built) and
    :meth:`apply`; searches also use :meth:`useful_moves`, :meth:`safe_move`,
    :meth:`solver_key` and, in a game with a pack to turn, :meth:`pack_steps` and
    :meth:`pack_runs`.  A differential test over the registry holds the fast path to the
    explaining one for every game.  On the fast path cards are integers (``card.value``,
    ``card.suit``, ``card.text`` are plain attributes), piles are values made once per move
    (``Pile(cards, face_down)``; share the ones a move leaves alone), a build is a table
    (:meth:`~patience.build.Build.table`), and what changes seldom is worked out once
    (:meth:`worked_out`, :meth:`foundation_takers`, :meth:`going_up`).
    """

    slug: ClassVar[str] = ""
    name: ClassVar[str] = ""
    chapter: ClassVar[str] = ""
    order: ClassVar[int] = 0
    source: ClassVar[str] = ""
    plate: ClassVar[str | None] = None
    packs: ClassVar[int] = 1
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    RULES: ClassVar[Mapping[str, str]] = {}
    COUNTERS: ClassVar[tuple[str, ...]] = ()
    AVAILABILITY: ClassVar[tuple[str, str]] = ("I", "the card is not available")
    #: The piles that hold the cards not yet dealt (the pack in hand), and the rule a move of
    #: one of those cards is refused by.
    UNDEALT: ClassVar[tuple[str, ...]] = ("stock", "pack", "hand")
    UNDEALT_RULE: ClassVar[tuple[str, str]] = ("Deal", "the card has not been dealt yet")
    #: The rule a card buried in a pile named ``talon`` is refused by.
    TALON_RULE: ClassVar[tuple[str, str]] = ("Talon", "only the top card of the talon is available")
    #: Whether a move of several cards (a run, a stack) may be named by all its cards or by its ends,
    #: as well as by its first card (:meth:`aliases`).
    NAMES_RUNS: ClassVar[bool] = False
    #: The kinds of pile whose cards never leave them, and the rule a move of one of those cards is
    #: refused by (a card played to a foundation, in the game's words).
    STAYS: ClassVar[Mapping[str, tuple[str, str]]] = {
        "foundation": ("Foundations", "a card played to a foundation stays there")}
    #: Where set, the piles whose cards always lie face down (the pack in hand: their brackets may
    #: be left out of a position); every other pile then lies face up.
    FACE_DOWN: ClassVar[tuple[str, ...] | None] = None
    #: The position of the source's plate, as position text (read card by card from the plate).
    PLATE: ClassVar[str | None] = None
    #: The kinds of pile that cards go out to for good (foundations, discards): :meth:`progress`
    #: counts the cards on them.
    OUT: ClassVar[tuple[str, ...]] = ("foundation",)
    #: The kinds of move that move the pack (turn it, deal from it, take it up again): the solver
    #: tries them after the others, and an honest player turns the pack when nothing else gains.
    PACK_KINDS: ClassVar[tuple[str, ...]] = ("turn", "deal", "redeal")
    #: Where a thoughtful search leaves a deal unknown: how many times it is searched again, each time
    #: with its moves in another order, and the positions each of those searches may visit, as pairs
    #: ``(times, each)`` taken in turn (see :func:`~patience.solve.thoughtful`); None, not again.
    RESTARTS: ClassVar[tuple[tuple[int, int], ...] | None] = None
    #: Where a thoughtful search (and its searches again) leaves a deal unknown: whether the deal is
    #: then played out by the honest player's way of play, seeing every card (its wins count; see
    #: :func:`~patience.solve.thoughtful`).
    PLAYS_OUT: ClassVar[bool] = False
    #: Where a thoughtful search (and its searches again in other orders) leaves a deal unknown: the
    #: positions of one more search, in which the runs of the pack that bring a card up to go out are
    #: tried straight after the moves out, before the moves between the piles (0: none; see
    #: :func:`~patience.solve.thoughtful`).
    PACK_FIRST: ClassVar[int] = 0
    #: The game's own thoughtful search, written in C for speed (``patience.compiled.search_in_c``
    #: gives it, None where the build did not make it), and the positions it may visit where no budget
    #: is given (see :meth:`own_search` and :meth:`search_nodes`).
    SEARCH_IN_C: ClassVar[Callable[..., tuple[str, list[Move], int]] | None] = None
    NODES_IN_C: ClassVar[int] = 10_000_000
    #: The kinds of pile that the rules treat alike wherever they lie (the solver's state key does
    #: not tell them apart: a king moved to the first or to the second empty column is one position).
    INTERCHANGEABLE: ClassVar[tuple[str, ...]] = ()
    #: For a game whose moves between the piles are too many to search all of them at each move
    #: of the pack: the most such moves a :func:`~patience.solve.beam` search makes between two
    #: layers (None: every line of them).
    BEAM_REACH: ClassVar[int | None] = None

    def __init__(self, **options: Any) -> None:
        self.options: Options = Options.resolve(self.OPTIONS, options)
        self.seed: int = 0
        self.piles: dict[str, Pile] = {name: Pile() for name in self.pile_names()}
        self._kinds: dict[str, list[str]] = {}
        for name in self.piles:
            self._kinds.setdefault(pile_kind(name), []).append(name)
        self.counters: dict[str, int] = {name: 0 for name in self.COUNTERS}
        self.history: list[Move] = []
        self._undo: list[tuple[dict[str, Pile], dict[str, int], Any]] = []
        # The legal moves of the position they were worked out for (see legal_moves).
        self._legal: tuple[Any, list[Move]] | None = None
        # What worked_out worked out last, and for which piles.
        self._worked: dict[str, tuple[list[Pile], Any]] = {}
        # The foundations' rules that foundation_takers last met, and what it made of them.
        self._takers_plan: tuple[Any, ...] | None = None
        # Which piles a solver's key takes as they are, and which it sorts (see solver_key).
        self._key_plan: tuple[list[str], list[list[str]]] | None = None

    # ----------------------------------------------------------------- creation
    @classmethod
    def deal(cls, seed: int = 1, **options: Any) -> Self:
        """A new game dealt from the shuffled pack: the same ``seed`` always gives the same deal.

        >>> from patience import load
        >>> load("canfield", seed="3")
        Traceback (most recent call last):
        ...
        TypeError: a deal's seed is a whole number, not '3'
        """
        whole_number(seed, "a deal's seed")
        game = cls(**options)
        game.seed = seed
        game.lay_out(game.shuffle(game.pack()))
        return game

    @classmethod
    def from_position(cls, text: str) -> Self:
        """Load a position written by ``str(game)``; :class:`InvalidPosition` if it is malformed.

        Piles left out are empty, so a hand-written position need list only the
        piles that hold cards; the cards must still be exactly the game's pack.
        """
        if not isinstance(text, str):
            raise TypeError(f"a position is read from its text (as str(game) writes it), not {text!r}")
        lines = [line.rstrip() for line in text.strip().splitlines() if line.strip()]
        if not lines:
            raise InvalidPosition("empty position")
        m = _HEADER.match(lines[0].strip())
        assert m is not None
        try:
            slug, opts = parse_spec(m.group("spec"))
        except ValueError as exc:
            raise InvalidPosition(f"bad first line {lines[0]!r}: {exc}") from None
        if cls.slug and slug != cls.slug:
            raise InvalidPosition(f"this is a position of {slug!r}, not of {cls.slug!r}")
        if not cls.slug:
            from . import games

            try:
                game_cls = games.get(slug)
            except UnknownGame as exc:
                raise InvalidPosition(str(exc)) from None
        else:
            game_cls = cls
        try:
            game = game_cls(**opts)
        except ValueError as exc:
            raise InvalidPosition(str(exc)) from None
        if not isinstance(game, cls):
            raise InvalidPosition(f"this is a position of {slug!r}, not of a game of {cls.__name__}")
        for token in m.group("rest").split():
            c = _COUNTER.match(token)
            if not c:
                raise InvalidPosition(f"cannot read {token!r} in the first line (expected name=number)")
            key, value = c.group(1), int(c.group(2))
            if key == "seed":
                game.seed = value
            elif key in game.counters:
                game.counters[key] = value
            else:
                raise InvalidPosition(f"unknown counter {key!r} (counters: seed, {', '.join(game.COUNTERS)})")
        seen: set[str] = set()
        for line in lines[1:]:
            name, colon, cards = line.partition(":")
            name = name.strip()
            if not colon:
                raise InvalidPosition(f"cannot read line {line!r} (expected 'pile: cards')")
            if name not in game.piles:
                raise InvalidPosition(f"unknown pile {name!r} in {game.name}")
            if name in seen:
                raise InvalidPosition(f"pile {name!r} given twice")
            seen.add(name)
            try:
                game.piles[name] = Pile.of(cards)
            except ValueError as exc:
                raise InvalidPosition(f"pile {name!r}: {exc}") from None
        if game.FACE_DOWN is not None:
            for name, pile in game.piles.items():
                if name in game.FACE_DOWN:
                    game.piles[name] = pile.turned_down()
                elif pile.face_down:
                    raise InvalidPosition(f"the cards of {name} lie face up")
        game._number_packs()
        game._check_cards()
        return game

    @classmethod
    def arrange(
        cls,
        piles: Mapping[str, str],
        rest: str | Callable[[Card], str],
        *,
        hidden: bool = True,
        to_deal: bool = False,
        **options: Any,
    ) -> Self:
        """A position made of the piles that matter, for examples and tests.

        ``piles`` maps pile names to their cards (position text: bottom first,
        face-down cards in brackets).  Every card of the pack not placed there goes
        to the pile ``rest`` (or to the pile ``rest(card)`` names), in new-pack
        order under any cards given for it, face down unless ``hidden`` is false.

        >>> from patience import games
        >>> g = games.get("la-belle-lucie").arrange({"packet 1": "7♥ 6♥"}, rest="packet 2")
        >>> print(g.piles["packet 1"], "|", len(g.piles["packet 2"]))
        7♥ 6♥ | 50

        With ``to_deal``, ``rest`` is a pack still to deal, face down: the cards given for it are
        listed the next first, and every card not placed follows them in the order of a new pack
        (:meth:`pack`: a whole pack, then the next), the first of them dealt first.

        >>> sultan = games.get("the-sultan")
        >>> g = sultan.arrange({"talon": "2♠"}, rest="pack", to_deal=True)
        >>> print(g.piles["pack"].top, len(g.piles["pack"]), g.piles["pack"].face_down)
        A♠ 103 103
        >>> print(*sultan.arrange({"pack": "Q♥ 2♠"}, rest="pack", to_deal=True).piles["pack"].cards[-3:])
        A♠ 2♠ Q♥
        """
        game = cls(**options)
        if to_deal:
            if not isinstance(rest, str):
                raise TypeError("a pack to deal is one pile: rest must name it")
            piles = _with_the_pack_to_deal(piles, rest, game.pack())
        for name, text in piles.items():
            if name not in game.piles:
                raise InvalidPosition(f"unknown pile {name!r} in {game.name}")
            try:
                game.piles[name] = Pile.of(text)
            except ValueError as exc:
                raise InvalidPosition(f"pile {name!r}: {exc}") from None
        left = Counter(game.pack())
        left.subtract(game.cards())
        extra = sorted(c for c, n in left.items() if n < 0)
        if extra:
            raise InvalidPosition(f"too many {' '.join(map(str, extra))} for the pack")
        placed: dict[str, list[Card]] = {}
        for card in sorted(left.elements()):
            placed.setdefault(rest if isinstance(rest, str) else rest(card), []).append(card)
        for name, cards in placed.items():
            if name not in game.piles:
                raise InvalidPosition(f"unknown pile {name!r} in {game.name}")
            pile = game.piles[name]
            down = len(cards) + pile.face_down if hidden else 0
            if not hidden and pile.face_down:
                raise InvalidPosition(f"cannot lay face-up cards under the face-down {name}")
            game.piles[name] = Pile(tuple(cards) + pile.cards, down)
        return cls.from_position(str(game))

    @classmethod
    def deal_with(cls, seed: int, *given: Any, **options: Any) -> Self:
        """The deal ``seed``, laid out by ``lay_out(cards, *given)``: for a game whose
        :meth:`lay_out` takes, after the shuffled cards, the cards a plate shows (its reserve, its
        help cards), which it deals first, the rest of the pack keeping the order of the deal.
        Like :meth:`deal`, but read back from its position text, so that it is a position.

        >>> from patience import games
        >>> games.get("canfield").deal_with(3) == games.get("canfield").deal(3)
        True
        """
        whole_number(seed, "a deal's seed")
        game = cls(**options)
        game.seed = seed
        game.lay_out(game.shuffle(game.pack()), *given)
        return cls.from_position(str(game))

    @classmethod
    def from_plate(cls, **options: Any) -> Self:
        """The position shown on the source's plate, played with the plate's options and ``options``.

        >>> from patience import games
        >>> games.get("red-and-black").from_plate(redeals=0).spec
        'red-and-black(redeals=0)'
        """
        if not cls.PLATE:
            raise InvalidPosition(f"{cls.name} has no plate position")
        if not options:
            return cls.from_position(cls.PLATE)
        head, _, piles = cls.PLATE.strip().partition("\n")
        spec, *counters = head.split()
        spec = cls(**{**parse_spec(spec)[1], **options}).spec
        return cls.from_position("\n".join([" ".join([spec, *counters]), piles]))

    def _number_packs(self) -> None:
        """Give repeated cards (of a multi-pack game) the numbers of their packs, in order."""
        count: dict[Card, int] = {}
        for name, pile in self.piles.items():
            numbered = []
            for c in pile.cards:
                n = count.get(c, 0)
                count[c] = n + 1
                numbered.append(c if c.pack == n else Card(c.rank, c.suit, n))
            if any(new is not old for new, old in zip(numbered, pile.cards)):
                self.piles[name] = Pile(tuple(numbered), pile.face_down)

    def _check_cards(self) -> None:
        have = Counter(c for pile in self.piles.values() for c in pile)
        want = Counter(self.pack())
        if have != want:
            extra = sorted(have - want)
            short = sorted(want - have)
            parts = []
            if extra:
                parts.append("too many " + " ".join(map(str, extra)))
            if short:
                parts.append("missing " + " ".join(map(str, short)))
            raise InvalidPosition(f"the cards are not those of the pack: {'; '.join(parts)}")

    def copy(self) -> Self:
        """An independent copy of the position (without its history)."""
        twin = type(self)(**self.options)
        twin.seed = self.seed
        twin.piles = dict(self.piles)
        twin.counters = dict(self.counters)
        return twin

    def shuffle(self, cards: Sequence[Card], redeals: int | None = None) -> list[Card]:
        """The cards shuffled by this game's seed (and, for re-deals, the re-deals made so far, or
        ``redeals``)."""
        if redeals is None:
            redeals = self.counters.get("redeals", 0)
        return shuffled(cards, self.seed if not redeals else f"{self.seed}/{redeals}")

    def shuffle_orders(self, redeals: int, most: int) -> tuple[bytes, ...]:
        """How :meth:`shuffle` orders the cards of re-deal ``redeals``, for a search in C, which cannot
        shuffle as it does: for each number ``n`` of cards, 1 to ``most``, the places of the ``n``
        cards taken up in the order they are dealt again (the shuffle orders cards by their number and
        the re-deal's alone).  Worked out once for a deal.

        >>> from patience import load
        >>> game = load("la-belle-lucie", seed=5)
        >>> taken = [str(card) for card in game.pack()[:4]]
        >>> [taken[j] for j in game.shuffle_orders(1, 4)[3]] == [str(c) for c in game.shuffle(game.pack()[:4], 1)]
        True
        """
        return _shuffle_orders(self.seed, redeals, most)

    # ------------------------------------------------------------------- hooks
    def pack(self) -> list[Card]:
        """The cards the game is played with (default: ``packs`` whist packs)."""
        return whist_pack(self.packs)

    def pile_names(self) -> list[str]:
        """Every pile of the game, in the order the position text lists them."""
        raise NotImplementedError

    def lay_out(self, cards: list[Card]) -> None:
        """Deal the shuffled ``cards`` into the piles."""
        raise NotImplementedError

    def moves(self) -> Iterable[Move]:
        """Candidate moves of this position, legal or not; :meth:`legal_moves` filters them."""
        raise NotImplementedError

    def violation(self, move: Move) -> IllegalMove | None:
        """The rule that ``move`` breaks here, or None if it is legal."""
        raise NotImplementedError

    def taken(self, move: Move) -> list[tuple[str, Card]]:
        """The cards a player takes up to make ``move``, each with the pile it lies on: the move's
        first card (the lowest-placed of a run) from its source, or none for a move of no card (a
        deal, a turn of the stock).  A game whose moves gather cards from several piles at once
        says which (the Play panel lets them be chosen one click each).

        >>> from patience import load
        >>> game = load("canfield", seed=8)
        >>> [game.taken(m) for m in game.legal_moves()[:2]]
        [[], [('column 3', Card.parse('4♦'))]]
        """
        return [(move.source, move.cards[0])] if move.cards and move.source is not None else []

    def apply(self, move: Move) -> None:
        """Carry out a legal move on :attr:`piles` and :attr:`counters`."""
        raise NotImplementedError

    @property
    def is_won(self) -> bool:
        raise NotImplementedError

    def layout(self) -> list[Spot]:
        """Where each pile is drawn, for :mod:`patience.render`."""
        raise NotImplementedError

    def inconsistencies(self) -> list[str]:
        """What makes this position one that no game played by the rules can reach, in words (a
        hook for the games that can say; by default none is known).  A plate is checked with it:
        its faults are the drawing's own, and the chapter shows them."""
        return []

    def complete(self, names: Sequence[str], length: int = 13) -> bool:
        """Whether each of the piles ``names`` holds ``length`` cards (foundations finished, for a
        game's :attr:`is_won`).

        >>> from patience import load
        >>> load("babette", seed=1).complete(["foundation 1"])
        False
        """
        piles = self.piles
        return all(len(piles[name].cards) == length for name in names)

    def foundation_inconsistencies(self, distinct_suits: bool = False) -> list[str]:
        """What no game can have left on the foundations (for :meth:`inconsistencies`): a
        foundation that does not begin with its first card or does not follow its build, and, with
        ``distinct_suits``, two foundations of one rule begun in one suit.

        >>> from patience import load
        >>> game = load("la-belle-lucie").arrange({"foundation 1": "A♥ 3♥"}, rest="packet 1")
        >>> game.foundation_inconsistencies()
        ['a foundation is out of sequence: foundation 1']
        """
        faults: list[str] = []
        begun: dict[tuple[Foundation, Suit], str] = {}
        for name in self.piles_of("foundation"):
            cards, rule = self.piles[name].cards, self.foundation_rule(name)
            if not cards:
                continue
            if cards[0].rank != rule.base:
                faults.append(f"a foundation begins with the wrong card: {name} begins with {cards[0]}")
            elif any(rule.build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                faults.append(f"a foundation is out of sequence: {name}")
            elif distinct_suits and (rule, cards[0].suit) in begun:
                faults.append(f"two foundations on {rule.base.name.lower()}s are of one suit: "
                              f"{begun[rule, cards[0].suit]} and {name}")
            begun.setdefault((rule, cards[0].suit), name)
        return faults

    def grade(self) -> str | None:
        """A graded result for games that have them (None: plain won or lost)."""
        return None

    def generate_legal_moves(self) -> Iterable[Move]:
        """Every legal move of this position, in the order of :meth:`moves` (the hook behind
        :meth:`legal_moves`).

        The default filters :meth:`moves` by :meth:`violation`.  A game gives its own, fast one:
        it generates the legal moves directly, building no explanation for the moves it leaves
        out; a differential test over every registered game holds it to the default's answer.
        """
        return [m for m in self.moves() if self.violation(m) is None]

    # ------------------------------------------------------------- public API
    def legal_moves(self) -> list[Move]:
        """Every move the rules allow in this position.

        The moves are worked out once for each position: asking again, or coming back to the
        position by :meth:`undo`, costs only a look at the piles.
        """
        return list(self._legal_here())

    def _legal_here(self) -> list[Move]:
        """The legal moves of this position, worked out once (the list itself: not to be changed)."""
        state = (tuple(self.piles.values()), tuple(self.counters.values()))
        known = self._legal
        if known is None or known[0] != state:
            known = self._legal = (state, list(self.generate_legal_moves()))
        return known[1]

    def offers(self, move: Move) -> bool:
        """Whether ``move`` is one of :meth:`legal_moves` (what :meth:`play` asks before it plays a
        move without asking :meth:`violation`).  A game whose positions offer thousands of moves
        may answer it faster than by a look through them all."""
        return move in self._legal_here()

    def is_legal(self, move: Move) -> bool:
        """Whether the rules allow ``move`` here (:meth:`violation` says why not).

        >>> from patience import load
        >>> game = load("canfield", seed=1)
        >>> game.is_legal(game.legal_moves()[0])
        True
        >>> game.is_legal("turn")
        Traceback (most recent call last):
        ...
        TypeError: is_legal takes a Move (parse_move reads one from its notation), not 'turn'
        """
        if type(move) is not Move:
            raise TypeError(f"is_legal takes a Move (parse_move reads one from its notation), not {move!r}")
        return self.violation(move) is None

    def play(self, move: Move | str) -> Move:
        """Play a :class:`Move` or its notation (``"6♣ → 7♦"``, ``"6C to 7D"``, ``"redeal"``).

        Raises :class:`InvalidMove` if the text names no move here,
        :class:`IllegalMove` (citing the rule) if the rules forbid it, and :class:`TypeError`
        for anything that is neither a move nor a text; either way the game is left as it was.

        >>> from patience import load
        >>> load("canfield").play(None)
        Traceback (most recent call last):
        ...
        TypeError: play takes a Move or a move's notation such as '6♣ → 7♦', not None
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        elif type(move) is Move:
            if not self.offers(move):
                problem = self.violation(move)
                if problem is not None:
                    raise problem
        else:
            raise TypeError(f"play takes a Move or a move's notation such as '6♣ → 7♦', not {move!r}")
        self._undo.append((dict(self.piles), dict(self.counters), self._legal))
        try:
            self.apply(move)
        except BaseException:
            self._restore()
            raise
        self.history.append(move)
        return move

    def push(self, move: Move) -> Move:
        """Play ``move``, taken from :meth:`legal_moves`, without checking it again (for searches).

        >>> from patience import load
        >>> game = load("la-belle-lucie", seed=1)
        >>> print(game.push(game.legal_moves()[0]), len(game.history))
        7♣ → 8♣ 1
        """
        self._undo.append((dict(self.piles), dict(self.counters), self._legal))
        self.apply(move)
        self.history.append(move)
        return move

    def push_step(self, moves: Sequence[Move]) -> None:
        """Play ``moves``, each one of :meth:`legal_moves` where it is made, without checking them
        again, as one step for :meth:`undo_step` to take back (for searches, whose steps may be a
        run of the pack and the move that uses the card it brought).

        >>> from patience import load
        >>> game = load("demon", seed=1)
        >>> game.push_step([game.parse_move("turn"), game.parse_move("turn")])
        >>> print(game.piles["talon"], len(game.history))
        9♦ K♣ 3♠ 2♣ Q♥ 6♠ 2
        >>> game.undo_step(2)
        >>> len(game.piles["talon"]), len(game.history)
        (0, 0)
        """
        self._undo.append((dict(self.piles), dict(self.counters), self._legal))
        self.apply_step(moves)
        self.history.extend(moves)

    def apply_step(self, moves: Sequence[Move]) -> None:
        """Apply ``moves`` one after another (for :meth:`push_step`).  A game may apply a run of its
        pack at once, where the moves of the run only bring a card to the top."""
        for move in moves:
            self.apply(move)

    def undo_step(self, moves: int) -> None:
        """Take back the last step of :meth:`push_step`, of ``moves`` moves."""
        self._restore()
        del self.history[len(self.history) - moves:]

    def undo(self) -> Move:
        """Take back the last move and return it."""
        if not self._undo:
            raise IndexError("no move to undo")
        self._restore()
        return self.history.pop()

    def _restore(self) -> None:
        """Put back the piles and counters kept before the last move (for :meth:`undo`)."""
        self.piles, self.counters, self._legal = self._undo.pop()

    def parse_move(self, text: str) -> Move:
        """The move that ``text`` names in this position.

        A move is named by its notation, or with the target pile's name or kind
        in place of the target card (``"A♥ → foundation"``, ``"6♣ → fan 5"``).
        """
        if not isinstance(text, str):
            raise TypeError(f"a move is named by its notation such as '6♣ → 7♦', not {text!r}")
        want = normalise_notation(text)
        if not want:
            raise InvalidMove("empty move")
        for m in self.legal_moves():
            if want in self.aliases(m):
                return m
        # Games may offer more candidates while a text is read (a vacancy named that is not the
        # first): those the rules allow count too.
        candidates = list(self.moves())
        named = [m for m in candidates if want in self.aliases(m)]
        for m in named:
            if self.violation(m) is None:
                return m
        if named:
            problem = self.violation(named[0])
            assert problem is not None
            raise problem
        first = want.split(" → ")[0].split()[0]
        try:
            card = Card.parse(first)
        except InvalidCard:
            if " → " in want:
                mover = _ARROWS.split(text.strip())[0].strip()
                try:
                    Card.parse(mover)
                except InvalidCard as exc:
                    raise InvalidMove(str(exc)) from None
            raise InvalidMove(
                f"cannot read move {text!r} (try e.g. {str(candidates[0])!r})"
                if candidates
                else f"no move {text!r}: there are no moves here"
            ) from None
        if not any(card in pile for pile in self.piles.values()):
            raise InvalidMove(f"{card} is not in this game")
        if any(card in m.cards for m in candidates):
            target = want.partition(" → ")[2]
            try:
                Card.parse(target)
            except InvalidCard:
                raise InvalidMove(f"cannot read the target of {text!r}") from None
            raise InvalidMove(f"{card} cannot be moved to {target}: {target} is not a card that takes one here")
        kinds = {"talon" if pile_kind(p) == "talon" else "undealt" if p in self.UNDEALT else pile_kind(p)
                 for p, pile in self.piles.items() if card in pile}
        if kinds <= {"undealt", "talon", *self.STAYS}:
            if "talon" in kinds:
                raise IllegalMove(*self.TALON_RULE, str(card))
            if "undealt" in kinds:  # (of two packs, a twin still in hand may yet come)
                raise IllegalMove(*self.UNDEALT_RULE, str(card))
            raise IllegalMove(*next(self.STAYS[kind] for kind in self.STAYS if kind in kinds), str(card))
        rule, words = self.AVAILABILITY
        raise IllegalMove(rule, words, str(card))

    def aliases(self, move: Move) -> set[str]:
        """The normalised texts that name ``move``: its notation, and its first card with the target
        pile's name or kind; in a game that :attr:`NAMES_RUNS`, a move of several cards by all of them
        too (``Q♥ J♠ 10♥ → K♠``) or by its ends (``Q♥–10♥ → K♠``)."""
        names = {normalise_notation(str(move))}
        if move.kind == "move" and move.cards and move.target:
            for target in (move.target, pile_kind(move.target)):
                names.add(f"{move.cards[0].text} → {target}")
            if self.NAMES_RUNS and len(move.cards) > 1:
                targets = {name.split(" → ", 1)[1] for name in names}
                for run in (" ".join(card.text for card in move.cards), f"{move.cards[0].text} {move.cards[-1].text}"):
                    names |= {f"{run} → {target}" for target in targets}
        return names

    @property
    def is_over(self) -> bool:
        """True when the game is won or no legal move is left."""
        return self.is_won or not self.legal_moves()

    @property
    def result(self) -> str:
        """``"won"``, ``"lost"`` or ``"in play"`` (or a graded result where the game has grades)."""
        graded = self.grade()
        if graded is not None:
            return graded
        if self.is_won:
            return "won"
        return "lost" if self.is_over else "in play"

    def record(self) -> Record:
        """The game so far as a replayable :class:`Record`."""
        start = self.copy()
        if self._undo:
            start.piles, start.counters = dict(self._undo[0][0]), dict(self._undo[0][1])
        return Record(start, list(self.history))

    def cards(self) -> list[Card]:
        """Every card of the position, pile by pile."""
        return [c for pile in self.piles.values() for c in pile]

    # --------------------------------------------------------- text and images
    @property
    def spec(self) -> str:
        """The game and its non-default options, as :func:`patience.load` reads them."""
        return format_spec(self.slug, self.options.changed()).replace(", ", ",")

    def __str__(self) -> str:
        head = [self.spec, f"seed={self.seed}"] + [f"{k}={v}" for k, v in self.counters.items()]
        lines = [" ".join(head)]
        lines += [f"{name}: {pile}".rstrip() for name, pile in self.piles.items()]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec} seed={self.seed}, {len(self.history)} moves, {self.result}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            type(self) is type(other)
            and self.options == other.options
            and self.seed == other.seed
            and self.piles == other.piles
            and self.counters == other.counters
        )

    __hash__ = None  # type: ignore[assignment]

    def state_key(self) -> tuple[Any, ...]:
        """A hashable key of the position (for solvers and tests)."""
        return (tuple(self.piles.values()), tuple(self.counters.values()))

    def solver_key(self) -> tuple[Any, ...]:
        """The :meth:`state_key` with the piles of each :attr:`INTERCHANGEABLE` kind in a fixed order."""
        if not self.INTERCHANGEABLE:
            return self.state_key()
        plan = self._key_plan
        if plan is None:
            kinds = self.INTERCHANGEABLE
            plan = self._key_plan = ([name for name in self.piles if pile_kind(name) not in kinds],
                                     [self._kinds.get(kind, []) for kind in kinds])
        piles = self.piles
        key = [piles[name] for name in plan[0]]
        for names in plan[1]:
            key += sorted([piles[name] for name in names], key=pile_order)
        return (tuple(key), tuple(self.counters.values()))

    # ------------------------------------------------------------ for solvers
    def progress(self) -> int:
        """How far the game has come: the cards gone out (on the piles of the :attr:`OUT` kinds).

        >>> from patience import load
        >>> load("canfield", seed=1).progress()
        0
        """
        return sum(len(self.piles[name]) for kind in self.OUT for name in self._kinds.get(kind, ()))

    def useful_moves(self) -> list[Move]:
        """The legal moves worth searching: :meth:`legal_moves` less any a game knows to be
        dominated by another (games override this; by default every legal move)."""
        return self.legal_moves()

    def restarts(self) -> tuple[tuple[int, int], ...] | None:
        """The searches again in other orders of a deal the search leaves unknown: the class's
        :attr:`RESTARTS`, unless a game chooses by its options (where only some readings gain)."""
        return self.RESTARTS

    def proves_lost(self) -> bool:
        """Whether a search that has tried every line of :meth:`useful_moves` has proved the deal lost:
        true where they leave out only moves that lead where another leads (the default); a game whose
        useful moves leave out others, for speed, says false, and such a search answers *unknown*."""
        return True

    def pack_first(self) -> int:
        """The positions of the search again with the pack's cards that go out tried first, of a deal
        the searches leave unknown: the class's :attr:`PACK_FIRST`, unless a game chooses by its options."""
        return self.PACK_FIRST

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """One of ``moves`` that can never spoil a win, played by a solver without trying the
        others (games override this; by default None: every move is tried)."""
        return None

    def blocked(self) -> Card | None:
        """A card that can never go up from here, whatever is played, so that the position is lost
        (games that can prove it override this, with :class:`patience.blocked.Blocking`; by
        default None: nothing proved).  The thoughtful search ends a line here as lost.

        >>> from patience import load
        >>> load("the-fifteen", seed=1).blocked() is None
        True
        """
        return None

    def beam_score(self) -> tuple[int, ...] | None:
        """How good the position looks to a :func:`~patience.solve.beam` search, in the game's own
        terms, most first (games override this; by default None: the search ranks positions by an
        honest player's gain).

        >>> from patience import load
        >>> load("canfield", seed=1).beam_score() is None
        True
        """
        return None

    def own_search(self) -> Callable[..., tuple[str, list[Move], int]] | None:
        """The game's own depth-first search, where one is written for speed (:attr:`SEARCH_IN_C`:
        the searches in C, of the games :data:`patience.compiled.IN_C` names), for
        :func:`patience.solve.thoughtful` to use in place of the core's: given what the core's is
        given, it searches the same positions in the same order and answers as the core's does (the
        outcome, the winning line, the positions searched), and the tests hold the two together
        (``tests/games/test_searches_in_c.py``).  None where there is none, or it was not built (in the
        browser, say): the core's.

        >>> from patience import load
        >>> load("the-clock", seed=1).own_search() is None
        True
        """
        return self.SEARCH_IN_C

    def search_nodes(self) -> int | None:
        """The positions a thoughtful search of this game may visit where no budget is given: with a
        search of its own, :attr:`NODES_IN_C` (some seconds of it), so that ``patience solve``, or a hint
        in ``patience play``, uses the time a person waits for; else None, :data:`patience.solve.NODES`'s.

        >>> from patience import load
        >>> load("the-clock").search_nodes() is None
        True
        """
        return None if self.SEARCH_IN_C is None else self.NODES_IN_C

    def independent(self, pack_move: Move, move: Move) -> bool:
        """True when ``move``, made just after ``pack_move`` (a move of the pack: a turn, a deal),
        could have been made before it to the same effect: a solver then tries only that order.
        (Games override this; by default False.)

        Overriding it also lets the solver search the moves of the pack as runs that end in a
        move using a card they brought (:func:`patience.solve.thoughtful`), wherever one move of
        the pack at a time is legal; it must hold for every move of the pack in such a run."""
        return False

    def pack_steps(self, first: Move) -> Generator[PackStep, None, None]:
        """The moves of the pack made one after another from here, for the solver's runs of the
        pack: ``first``, then each time the one move of the pack there is, until there is none or
        more than one.  After each, a :class:`PackStep`: the piles, the :meth:`solver_key`, the
        moves of the pack among the :meth:`useful_moves` and the others that are not
        :meth:`independent` of it (those that use what it brought), each in the order of
        :meth:`useful_moves`.

        This one makes the moves, and takes them back once the iteration ends or is closed (each
        step's piles are the position's until the next step).  Games whose moves of the pack leave
        the rest as it was may work the steps out without moving (the differential tests hold
        every game's steps to these).

        >>> from patience import load
        >>> game = load("canfield", seed=1)
        >>> steps = game.pack_steps(game.parse_move("turn"))
        >>> step = next(steps)
        >>> print(step.move, step.piles["waste"], [str(m) for m in step.pack], step.uses)
        turn 7♦ ['turn'] []
        >>> steps.close()
        >>> len(game.history), game.piles["waste"].cards
        (0, ())
        """
        made = 0
        kinds = self.PACK_KINDS
        try:
            move = first
            while True:
                self.push(move)
                made += 1
                moves = self.useful_moves()
                pack = [m for m in moves if m.kind in kinds]
                yield PackStep(move, self.piles, self.solver_key(), pack,
                               [m for m in moves if m.kind not in kinds and not self.independent(move, m)])
                if len(pack) != 1:
                    return
                move = pack[0]
        finally:
            for _ in range(made):
                self.undo()

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """The steps a solver searches in place of ``first``, a move of the pack: each run of moves
        of the pack from here, beginning with ``first``, followed by a move that uses what the run
        brought (in the order the search tries them), until the run comes back to a position it
        has been to or the pack can no longer be moved; None if somewhere along it the pack could be
        moved two ways.

        This one works them out from :meth:`pack_steps`.  A game whose moves of the pack change
        nothing else may work them out faster (the differential tests hold every game's runs to
        these).

        >>> from patience import load
        >>> game = load("canfield", seed=1)
        >>> [" ".join(map(str, run)) for run in game.pack_runs(game.parse_move("turn"))][:2]
        ['turn turn 7♣ → 8♥', 'turn turn 7♣ → 8♦']
        """
        from .solve import _pack_runs

        return _pack_runs(self, first)

    def safe_to_found(self, card: Card, build: Build) -> bool:
        """True when founding ``card`` can never spoil a win: every card that ``build`` would
        let lie on it in the tableau has gone out already (and, with several packs, a foundation
        as ready as the one it takes waits for each twin still in play).

        >>> from patience import load
        >>> game = load("canfield", seed=1)
        >>> alternate = Build("down", "alternate")
        >>> game.safe_to_found(Card.parse("A♠"), alternate), game.safe_to_found(Card.parse("3♠"), alternate)
        (True, False)
        """
        out = [c for kind in self.OUT for name in self._kinds.get(kind, ()) for c in self.piles[name].cards]
        if not all(out.count(child) >= self.packs for child in build.children(card)):
            return False
        # With several packs, each twin still in play must find a foundation as ready as this one.
        twins = self.packs - 1 - out.count(card)
        return twins <= 0 or sum(self.foundation_fault(f, card) is None for f in self.piles_of("foundation")) > twins

    def _repr_svg_(self) -> str:
        from .render import svg

        return svg(self)

    # -------------------------------------------------------- shared helpers
    def illegal(self, rule: str, reason: str, *cards: Card | str) -> IllegalMove:
        """An :class:`IllegalMove` citing ``rule`` (by the source's number) and naming ``cards``."""
        return IllegalMove(rule, reason, cards)

    def explain(
        self, fault: str | None, reasons: Mapping[str, tuple[str, str]], *cards: Card | str
    ) -> IllegalMove | None:
        """The :class:`IllegalMove` for a :class:`~patience.build.Build` or
        :class:`~patience.build.Foundation` fault, citing the game's own rule and words.

        ``reasons`` maps a fault (``"must follow suit"``, ``"must alternate in colour"``,
        ``"must be next in sequence"``, ``"start"`` for a foundation's first card, or
        ``"*"`` for any other) to the rule and the words to cite:

        >>> from patience import load
        >>> from patience.build import Build
        >>> MARRIAGES = {"must follow suit": ("Marriages", "a marriage is made in the same suit"),
        ...              "*": ("Marriages", "marriages go one lower")}
        >>> game, seven, eight = load("la-belle-lucie"), Card.parse("7♥"), Card.parse("8♠")
        >>> print(game.explain(Build("down", "same").fault(eight, seven), MARRIAGES, seven, eight))
        Marriages — a marriage is made in the same suit (7♥ on 8♠)
        """
        if fault is None:
            return None
        key = "start" if fault.startswith("a foundation starts") else fault
        rule, words = reasons.get(key) or reasons.get("*") or ("Play", fault)
        return self.illegal(rule, words, *cards)

    def foundation_refusal(self, name: str, card: Card, reasons: Mapping[str, tuple[str, str]],
                           own: str = "Foundations") -> IllegalMove | None:
        """The :class:`IllegalMove` of ``card`` played to the foundation ``name``, or None if the
        foundation takes it: its :meth:`foundation_fault` in the game's words (``reasons`` as for
        :meth:`explain`, which may also name the faults of the game's own :meth:`foundation_fault`),
        naming the card and the card it would go on, if any.  A fault of the game's own that
        ``reasons`` does not name (four aces of different suits, say) is cited in its own words,
        under the rule ``own``.

        >>> from patience import load
        >>> FOUNDATIONS = {"must follow suit": ("II", "the foundations must follow suit"),
        ...                "start": ("Foundations", "the foundations are begun with the aces"),
        ...                "*": ("Foundations", "the foundations ascend in sequence")}
        >>> game = load("the-blockade")
        >>> print(game.foundation_refusal("foundation 1", Card.parse("2♥"), FOUNDATIONS))
        Foundations — the foundations are begun with the aces (2♥)
        >>> game.foundation_refusal("foundation 1", Card.parse("A♥"), FOUNDATIONS) is None
        True
        """
        fault = self.foundation_fault(name, card)
        if fault is None:
            return None
        if fault not in reasons and fault not in FAULTS and not fault.startswith("a foundation starts"):
            return self.illegal(own, fault, card)
        top = self.piles[name].top
        return self.explain(fault, reasons, *((card,) if top is None else (card, top)))

    def transfer(self, source: str, target: str, count: int = 1, *, turn_up: bool = False) -> None:
        """Move the top ``count`` cards of ``source`` onto ``target`` (for :meth:`apply`).

        With ``turn_up`` the card uncovered in ``source`` is turned face up.
        """
        piles = self.piles
        src = piles[source]
        cards, down = src.cards, src.face_down
        left = len(cards) - count
        if down > left:
            down = left
        if turn_up and down == left and left:
            down -= 1
        piles[source] = Pile(cards[:left], down)
        dst = piles[target]
        piles[target] = Pile(dst.cards + cards[left:], dst.face_down)

    def gather(self, piles: Iterable[str | Sequence[str]], *, reverse: bool = False,
               into: str | None = None) -> list[Card]:
        """The piles ``piles`` taken up for a re-deal: their cards in the order they will be dealt
        again, the first card first (every game that gathers its tableau into a new pack does it
        here, so that the games agree on what each way of taking up means).

        The piles come out in the order named, each whole before the next.  Each is taken up as it
        lies and turned over with the pack, so its cards come out in the order they were laid on
        it, its bottom card first; with ``reverse`` each comes out the other way up, its top card
        first.  A pile may also be given as the names of the places that make it, the first-laid
        first (a column of single cards, as in Babette's garden).  A text that gathers the piles
        from the left, each next one underneath, and turns the pack over (The Nation) deals the
        last pile first: its game names the piles from the right.  With ``into`` the piles are
        emptied and the cards made the face-down pile ``into`` (empty at a re-deal), the first to
        deal on top; without, nothing is changed.

        >>> from patience import load
        >>> game = load("napoleons-square", seed=1)
        >>> print(game.piles["packet 1"], "|", game.piles["packet 2"])
        8♠ K♠ J♠ 4♦ | 6♥ 9♣ 5♣ 10♠
        >>> " ".join(map(str, game.gather(["packet 2", "packet 1"])))
        '6♥ 9♣ 5♣ 10♠ 8♠ K♠ J♠ 4♦'
        >>> " ".join(map(str, game.gather(["packet 2", "packet 1"], reverse=True)))
        '10♠ 5♣ 9♣ 6♥ 4♦ J♠ K♠ 8♠'
        >>> " ".join(map(str, game.gather([("packet 2", "packet 1")], reverse=True)))
        '4♦ J♠ K♠ 8♠ 10♠ 5♣ 9♣ 6♥'
        >>> _ = game.gather(["packet 2", "packet 1"], into="talon")
        >>> print(game.piles["talon"], "|", game.piles["packet 1"].is_empty)
        [4♦] [J♠] [K♠] [8♠] [10♠] [5♣] [9♣] [6♥] | True
        """
        here = self.piles
        taken: list[Card] = []
        names: list[str] = []
        for pile in piles:
            places = (pile,) if isinstance(pile, str) else tuple(pile)
            cards = [card for name in places for card in here[name].cards]
            if reverse:
                cards.reverse()
            taken += cards
            names += places
        if into is not None:
            empty = Pile()
            for name in names:
                here[name] = empty
            here[into] = Pile(tuple(reversed(taken)), len(taken))
        return taken

    def redeal_violation(self, talon: str = "talon", pack: str = "pack") -> IllegalMove | None:
        """Why the pile ``talon`` may not be taken up and dealt again as the pile ``pack`` now, or
        None: for the games whose talon may be re-dealt, when the pack is exhausted, as many times
        as the option ``redeals`` allows (the counter ``redeals`` keeps the re-deals made).

        >>> from patience import load
        >>> game = load("red-and-black", seed=1)
        >>> print(game.redeal_violation())
        Re-deal — the talon is taken up when the pack is exhausted (88 cards to deal)
        >>> game.counters["redeals"] = 1
        >>> print(game.redeal_violation())
        Re-deal — the talon may be re-dealt once
        """
        allowed = self.options.redeals
        if self.counters["redeals"] >= allowed:
            times = {0: "never", 1: "once", 2: "twice"}.get(allowed, f"{allowed} times")
            return IllegalMove("Re-deal", f"the talon may be re-dealt {times}")
        left = len(self.piles[pack].cards)
        if left:
            return IllegalMove("Re-deal", "the talon is taken up when the pack is exhausted",
                               f"{left} card{'s' if left != 1 else ''} to deal")
        if not self.piles[talon].cards:
            return IllegalMove("Re-deal", "there is no talon to take up")
        return None

    def pack_moves(self, deal: Move, redeal: Move, talon: str = "talon", pack: str = "pack") -> list[Move]:
        """The moves of the pack that :meth:`redeal_violation` allows, made directly (for a game's own
        fast :meth:`legal_moves`): ``deal`` while the pile ``pack`` holds cards, else ``redeal`` while
        the talon holds cards and the option ``redeals`` allows another.

        >>> from patience import load
        >>> game = load("red-and-black", seed=1)
        >>> deal, redeal = Move("deal", notation="deal"), Move("redeal", notation="redeal")
        >>> [str(m) for m in game.pack_moves(deal, redeal)]
        ['deal']
        """
        piles = self.piles
        if piles[pack].cards:
            return [deal]
        if piles[talon].cards and self.counters["redeals"] < self.options.redeals:
            return [redeal]
        return []

    def talon_inconsistencies(self, pack: str = "pack") -> list[str]:
        """What no game dealt to a talon can have (for :meth:`inconsistencies`): the pile ``pack`` not
        lying face down, a card face down anywhere else, or more re-deals made (the counter
        ``redeals``) than the option ``redeals`` allows.

        >>> from patience import load
        >>> game = load("red-and-black", seed=1)
        >>> game.counters["redeals"] = 5
        >>> game.talon_inconsistencies()
        ['the talon is re-dealt 5 times, but 1 at most']
        """
        faults = []
        piles = self.piles
        if piles[pack].face_down != len(piles[pack].cards):
            faults.append(f"the {pack} does not lie face down")
        if any(pile.face_down for name, pile in piles.items() if name != pack):
            faults.append(f"a card outside the {pack} lies face down")
        made, allowed = self.counters["redeals"], self.options.redeals
        if not 0 <= made <= allowed:
            faults.append(f"the talon is re-dealt {made} times, but {allowed} at most")
        return faults

    def foundation_rule(self, name: str) -> Foundation:
        """What the foundation pile ``name`` takes (games with foundations fill this in)."""
        raise NotImplementedError

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Why the foundation ``name`` does not take ``card`` now (None: it does)."""
        return self.foundation_rule(name).fault(self.piles[name].cards, card)

    def foundation_for(self, card: Card) -> str:
        """The foundation ``card`` would be played to: the first that takes it, else the first
        already started in its suit, else the first empty one (so that an illegal attempt
        is judged against the foundation the player means)."""
        names = self.piles_of("foundation")
        for name in names:
            if self.foundation_fault(name, card) is None:
                return name
        for name in names:
            top = self.piles[name].top
            if top is not None and top.suit == card.suit:
                return name
        return next((n for n in names if self.piles[n].is_empty), names[0])

    def foundation_moves(self, source: str, card: Card, quick: bool = False) -> Iterator[Move]:
        """The moves of ``card`` from ``source`` to the foundations, written ``A♥ → foundation``.

        Where two foundations that differ would take the card (a 7♥ up on a 6♥ or
        down on an 8♥), the moves name their piles, ``7♥ → foundation 2``, as chess
        notation names a file only when two pieces could make the same move.  The
        foundations that refuse the card are offered by name too, so that
        ``3♠ → foundation 1`` is refused by its rule; with ``quick`` (for a game's own fast
        :meth:`legal_moves`) only the moves the foundations take are given.
        """
        foundations = self.piles_of("foundation")
        takers: list[str] = []
        for name in foundations:
            if self.foundation_fault(name, card) is None and not any(
                self.foundation_rule(name) == self.foundation_rule(t) and self.piles[name] == self.piles[t]
                for t in takers
            ):
                takers.append(name)
        usual = takers[0] if takers else self.foundation_for(card)
        named = list(takers) if len(takers) > 1 else []
        if len(takers) == 1 or not (takers or quick):
            yield Move("move", (card,), source, usual, f"{card} → foundation")
        if not quick:
            named += [n for n in foundations if n != usual and self.foundation_fault(n, card) is not None]
        for name in named:
            yield Move("move", (card,), source, name, f"{card} → {name}")

    def foundation_moves_of(self, sources: Iterable[str]) -> list[Move]:
        """The moves of the top cards of ``sources`` that a foundation takes now, written as
        :meth:`foundation_moves` with ``quick`` writes them, from one :meth:`foundation_takers`
        map (for a game's own fast :meth:`legal_moves`).

        >>> from patience import load
        >>> game = load("babette", seed=1)
        >>> [str(m) for m in game.foundation_moves_of(["row 1 column 1", "row 1 column 2"])]
        ['K♠ → foundation']
        """
        takers = self.foundation_takers()
        moves: list[Move] = []
        for source in sources:
            card = self.piles[source].cards[-1]
            moves += moves_up(source, card, takers.get(card, []))
        return moves

    def worked_out(self, what: str, names: Sequence[str], work: Callable[[list[Pile]], T]) -> T:
        """``work(piles)`` for the piles ``names`` as they lie, worked out again only when one of
        them has changed since it was last worked out as ``what`` (for a game's fast legal moves:
        what the foundations take changes far less often than the rest of a position).

        >>> from patience import load
        >>> game = load("canfield", seed=1)
        >>> tops = lambda piles: [p.top for p in piles]
        >>> game.worked_out("tops", ["waste"], tops), game.worked_out("tops", ["waste"], len)
        ([None], [None])
        """
        piles = self.piles
        now = [piles[name] for name in names]
        known = self._worked.get(what)
        if known is None or known[0] != now:
            known = self._worked[what] = (now, work(now))
        return known[1]

    def going_up(self, names: Sequence[str], firsts: Iterable[Card]) -> dict[int, str]:
        """The foundation each card goes up to now, by its code, for foundations ``names`` built up
        in suit: a begun foundation takes the next card of its suit, the first empty one each card
        of ``firsts``; where two take the same card (two packs), the first of them, as
        :meth:`foundation_moves` offers it (for a game's own fast :meth:`legal_moves`).

        >>> from patience import load
        >>> from patience.cards import CARDS
        >>> game = load("red-and-black", seed=1)
        >>> going = game.going_up(game.piles_of("foundation"), [Card.parse("A♠")])
        >>> sorted(str(CARDS[code]) for code in going), going[Card.parse("2♥")]
        (['2♠', '2♣', '2♥', '2♦'], 'foundation 5')
        """
        piles = self.piles
        takes: dict[int, str] = {}
        empty = None
        for name in names:
            cards = piles[name].cards
            if not cards:
                if empty is None:
                    empty = name
            elif cards[-1].value < 13:
                takes.setdefault(cards[-1] + 1, name)
        if empty is not None:
            for card in firsts:
                takes.setdefault(card, empty)
        return takes

    def safe_going_up(self, moves: Sequence[Move], names: Sequence[str]) -> Move | None:
        """The first of ``moves`` that plays a card up to one of the foundations ``names`` (built
        up in suit from the ace) when no card can ever need it in a tableau that builds down in
        suit: an ace, or a card whose cards one lower in its suit (one for each pack) have all
        gone up (for a game's own :meth:`safe_move`).

        >>> from patience import load
        >>> game = load("red-and-black", seed=1)
        >>> two, three = (Move("move", (Card.parse(c),), "talon", "foundation 5") for c in ("2♥", "3♥"))
        >>> game.safe_going_up([three, two], game.piles_of("foundation")) == two
        True
        >>> print(game.safe_going_up([three], game.piles_of("foundation")))
        None
        """
        tops = None
        for move in moves:
            if move[3] in names:
                card = move[1][0]
                if card.value == 1:
                    return move
                if tops is None:
                    piles = self.piles
                    tops = [piles[name].cards[-1] for name in names if piles[name].cards]
                suit, lower = card.suit, card.value - 1
                if sum(1 for top in tops if top.suit is suit and top.value >= lower) >= self.packs:
                    return move
        return None

    def founded(self, card: Card) -> bool:
        """Whether a card of the rank and suit of ``card`` lies on a foundation (for foundations
        built in suit, up or down from their first card, without going round the corner)."""
        for name in self.piles_of("foundation"):
            pile = self.piles[name].cards
            if pile and pile[0].suit == card.suit:
                low, high = sorted((pile[0].rank, pile[-1].rank))
                if low <= card.rank <= high:
                    return True
        return False

    def gone_up(self, suit: Suit, value: int) -> int:
        """How many cards of ``suit`` and ``value`` lie on the foundations, for foundations that
        each hold their suit from the ace up to their top card (:meth:`safe_to_found`'s count, made
        quickly for a game's own :meth:`safe_move`).

        >>> from patience import load
        >>> game = load("red-and-black", seed=1)
        >>> game.gone_up(Suit.HEARTS, 1), game.gone_up(Suit.HEARTS, 2)
        (2, 0)
        """
        count = 0
        for name in self.piles_of("foundation"):
            top = self.piles[name].top
            if top is not None and top.suit == suit and int(top.rank) >= value:
                count += 1
        return count

    def suit_foundations(self, names: Sequence[str]) -> tuple[tuple[int, int], ...]:
        """The foundations ``names``, each built in suit from its first card, as a game's search in C
        reads them: (its suit, 0 to 3, and its cards), or (-1, 0) for one not begun.

        >>> from patience import load
        >>> game = load("canfield", seed=1)
        >>> game.suit_foundations(game.piles_of("foundation"))
        ((-1, 0), (-1, 0), (-1, 0), (-1, 0))
        """
        piles = self.piles
        return tuple(((piles[name].cards[0] - 1) // 13, len(piles[name].cards)) if piles[name].cards else (-1, 0)
                     for name in names)

    def foundation_takers(self, distinct_suits: bool = True) -> dict[int, list[str]]:
        """The foundations that take each card now, by its code, in their order, as
        :meth:`foundation_moves` offers them: a begun foundation the next card of its build, an
        empty one the cards of the value it begins with (with ``distinct_suits``, of a suit that
        no foundation of its rule has begun with); of foundations alike (the same rule and equal
        piles, such as two empty ones) only the first.  Worked out again only when a foundation
        changes (for a game's own fast :meth:`legal_moves`).

        >>> from patience import load
        >>> load("babette", seed=1).foundation_takers()[Card.parse("A♥")]
        ['foundation 1']
        """
        return self.worked_out(_TAKERS_WORK[distinct_suits], self._kinds.get("foundation", ()),
                               lambda piles: self._work_out_foundation_takers(piles, distinct_suits))

    def _work_out_foundation_takers(self, piles: list[Pile], distinct_suits: bool) -> dict[int, list[str]]:
        """:meth:`foundation_takers` for the foundation piles ``piles``, in order.  (Worked out whenever
        a card goes up, so made quick: which foundations share a rule is worked out again only when
        the rules change, the suits begun are a bit each and counted only for an empty foundation, and
        a foundation is compared with the others only where it takes a card another takes.)"""
        names = self._kinds.get("foundation", ())
        rule_of = self.foundation_rule
        rules = [rule_of(name) for name in names]
        plan = self._takers_plan
        if plan is None or plan[0] != rules:
            plan = self._takers_plan = (rules, *_takers_plan(names, rules))
        _, kinds, rows, kind_of = plan
        takers: dict[int, list[str]] = {}
        begun: list[int] | None = None  # the suits each rule has begun with, a bit a suit
        empties: set[tuple[int, int]] = set()  # the empty foundations met, by rule (and cards face down)
        for (name, kind, children, firsts), pile in zip(rows, piles):
            cards = pile.cards
            if cards:
                for card in children[cards[-1]]:
                    known = takers.get(card)
                    if known is None:
                        takers[card] = [name]
                    elif not any(kind_of[other] == kind and piles[names.index(other)] == pile for other in known):
                        known.append(name)  # (a foundation alike one before it is not named again)
                continue
            if (kind, pile.face_down) in empties:
                continue
            empties.add((kind, pile.face_down))
            if begun is None:
                begun = [0] * kinds
                if distinct_suits:
                    for row, other in zip(rows, piles):
                        if other.cards:
                            begun[row[1]] |= 1 << (other.cards[0] - 1) // 13
            bits = begun[kind]
            for bit, card in firsts:
                if not bits & bit:
                    known = takers.get(card)
                    if known is None:
                        takers[card] = [name]
                    else:
                        known.append(name)
        return takers

    def out_already(self, cards: Iterable[Card]) -> bool:
        """Whether every copy (one a pack) of each of ``cards`` lies on the piles that cards go
        out to (the quick half of :meth:`safe_to_found`, for a game's own :meth:`safe_move`).

        >>> from patience import load
        >>> load("red-and-black", seed=1).out_already([Card.parse("A♥")])
        True
        """
        out = [card for kind in self.OUT for name in self._kinds.get(kind, ()) for card in self.piles[name].cards]
        return all(out.count(card) >= self.packs for card in cards)

    def piles_of(self, kind: str) -> list[str]:
        """The names of the piles of one kind, in order: ``piles_of("fan")``."""
        return list(self._kinds.get(kind, ()))


@dataclass
class Record:
    """A game from its starting position with the moves played: replayable, and a stepper in HTML.

    >>> from patience import load
    >>> g = load("la-belle-lucie", seed=1)
    >>> first = g.play(g.legal_moves()[0])
    >>> rec = g.record()
    >>> rec.replay() == g, len(rec)
    (True, 1)
    """

    start: Game
    moves: list[Move] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.moves)

    def positions(self) -> Iterator[Game]:
        """The starting position, then the position after each move."""
        game = self.start.copy()
        yield game.copy()
        for move in self.moves:
            game.play(move)
            yield game.copy()

    def replay(self) -> Game:
        """The game at the end of the record, with its history."""
        game = self.start.copy()
        for move in self.moves:
            game.play(move)
        return game

    def to_text(self) -> str:
        """The record as text: the starting position, a blank line, then one move per line.

        Where two legal moves share a notation (two packs can show two 6♣), the
        line ends in ``#k``: the k-th of them in :meth:`Game.legal_moves` order.
        """
        game = self.start.copy()
        lines: list[str] = []
        for move in self.moves:
            same = [m for m in game.legal_moves() if str(m) == str(move)]
            if move not in same:
                raise InvalidMove(f"move {len(lines) + 1}, {move}, is not a legal move where it is played")
            lines.append(str(move) if len(same) == 1 else f"{move} #{same.index(move)}")
            game.play(move)
        return str(self.start) + "\n\n" + "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Record:
        """Read a record written by :meth:`to_text`."""
        if not isinstance(text, str):
            raise TypeError(f"a record is read from its text (as Record.to_text writes it), not {text!r}")
        head, _, tail = text.strip().partition("\n\n")
        start = Game.from_position(head)
        game = start.copy()
        moves = []
        for line in filter(str.strip, tail.splitlines()):
            notation, hash_, index = line.rpartition(" #")
            if hash_ and index.isdigit():
                same = [m for m in game.legal_moves() if str(m) == notation.strip()]
                if int(index) >= len(same):
                    raise InvalidMove(f"record line {line!r} names no legal move")
                moves.append(game.play(same[int(index)]))
            else:
                moves.append(game.play(line))
        return cls(start, moves)

    def _repr_html_(self) -> str:
        from .render import stepper

        return stepper(self)


@lru_cache(maxsize=64)
def _shuffle_orders(seed: int, redeals: int, most: int) -> tuple[bytes, ...]:
    """:meth:`Game.shuffle_orders` of a deal by its seed."""
    where = seed if not redeals else f"{seed}/{redeals}"
    return tuple(bytes(shuffled(range(n), where)) for n in range(1, most + 1))  # type: ignore[arg-type]
