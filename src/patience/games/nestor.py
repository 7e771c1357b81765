"""Nestor: one pack in six rows of eight, never two equal cards in a column; pair them off.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Nestor", plate 023.  One pack.  The cards are dealt in horizontal lines, six
rows of eight, and no two cards of equal value may lie in one perpendicular
line (column): a card that would repeat a value of its column goes to the
bottom of the pack in hand, and the next card is dealt in its place.  The four
cards left over are a reserve.  Two cards of equal value are paired and taken
away, but only cards of the lowest row (each column's last card) can be
paired, until their removal releases those above.  When no more can be paired,
the reserve is taken up one card at a time; a card that cannot be paired is
put aside, and may be paired later.  The game is won when every card is paired.

The deal follows its rule without a choice, so it is made when the game is laid
out; play is made of ``pair`` moves (``"K♠ + K♥"``) and ``turn`` (take up the
next card of the reserve).

>>> from patience import load, render
>>> game = load("nestor", seed=3)
>>> print(render.text(game))
2♦  7♣  J♦  3♣  6♦  8♠  7♥  Q♥
J♠  9♦  9♥  K♣  J♣  6♠  8♣  4♥
A♠  K♠  10♣ 2♣  4♣  7♦  10♦ 3♠
9♣  2♥  8♦  6♥  5♣  10♠ A♣  A♥
3♦  A♦  2♠  9♠  3♥  K♦  5♥  6♣
8♥  Q♠  5♦  Q♣  K♥  J♥  Q♦  5♠
reserve ##×4   aside --   paired --
>>> [str(m) for m in game.legal_moves()]
['Q♠ + Q♣', 'Q♠ + Q♦', '5♦ + 5♠', 'Q♣ + Q♦']
>>> game.play("8♥ + Q♠")
Traceback (most recent call last):
...
patience.errors.IllegalMove: Pairs — a pair is two cards of equal value (8♥ + Q♠)
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Iterable, Sequence

from ..cards import Card, InvalidCard, parse_cards, shuffled, whist_pack
from ..errors import IllegalMove, InvalidMove, InvalidPosition
from ..game import Game, Move, Pile, Spot
from ..options import Option
from . import register

__all__ = ["Nestor", "deal_columns"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Nestor”"

ROWS, COLUMNS, RESERVE = 6, 8, 4
COLUMN_NAMES = tuple(f"column {c + 1}" for c in range(COLUMNS))
TURN = Move("turn", (), "reserve", "aside", "turn")


def deal_columns(cards: Sequence[Card], lay_duplicates: bool = False) -> tuple[list[list[Card]], list[Card]] | None:
    """Deal ``cards`` (the first to be dealt first) in horizontal lines, six rows of eight: each
    card whose value its column already holds goes to the bottom of the pack, and the next card
    is dealt in its place.  The columns (each from the top row down) and the four cards left over,
    in the order they lie in the pack (the next first); None when no card left in the pack suits
    a place (every one repeats a value of its column), unless ``lay_duplicates``: then the next
    card is laid there all the same.

    A new pack, in its order (spades ace to king, then hearts, diamonds, clubs): the ninth card,
    the 9♠, goes under the A♠, and so on; the cards that would repeat a value go to the bottom of
    the pack, and the last four left over are of clubs:

    >>> columns, rest = deal_columns(whist_pack())
    >>> [str(c) for c in columns[0]], [str(c) for c in rest]
    (['A♠', '9♠', '4♥', 'Q♥', '7♦', '2♣'], ['10♣', 'J♣', 'Q♣', 'K♣'])
    """
    pack = list(cards)
    columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
    start = 0  # the pack is pack[start:]; a duplicate goes to its end
    for place in range(ROWS * COLUMNS):
        column = columns[place % COLUMNS]
        values = {card.value for card in column}
        tries = 0
        while pack[start].value in values:
            if tries == len(pack) - start:
                if not lay_duplicates:
                    return None
                break
            pack.append(pack[start])
            start += 1
            tries += 1
        column.append(pack[start])
        start += 1
    return columns, pack[start:]


@register
class Nestor(Game):
    """Nestor: six rows of eight with no two equal cards in a column, paired off from below."""

    slug = "nestor"
    name = "Nestor"
    chapter = "nestor"
    order = 23
    source = SOURCE
    plate = "023"
    packs = 1
    #: The source numbers no rules; the engine names the paragraphs and sentences of its PLAY.
    RULES = {
        "Deal": "Deal out in horizontal lines six rows each containing eight cards. In dealing these, you "
        "must be careful that there should never be two cards of equal value in the same perpendicular "
        "line. … You must, therefore, consider the duplicate card as unavailable for the moment and "
        "place it at the bottom of the pack in hand, and proceed to deal the next card.",
        "Reserve": "When the tableau is complete, four cards will remain, which are to be placed aside, as "
        "a reserve.",
        "Pairs": "You then examine the tableau and endeavor to pair the cards, taking only those of the "
        "lowest row, until their removal releases those above.",
        "Recourse": "When no more can be paired, you have recourse to those of the reserve, taking them up "
        "one by one. If the first cannot be paired, put it aside, taking the next, but the card or cards "
        "so put aside can be paired afterwards if the opportunity of doing so arises.",
        "End": "If all the cards cannot be paired, the game has failed.",
    }
    AVAILABILITY = ("Pairs", "only the cards of the lowest row can be paired, until their removal releases "
                    "those above")
    UNDEALT = ("reserve",)
    UNDEALT_RULE = ("Recourse", "the cards of the reserve are taken up one by one")
    OUT = ("paired",)
    PACK_KINDS = ("turn",)
    INTERCHANGEABLE = ("column",)
    OPTIONS = (
        Option(
            "reserve_when",
            "blocked",
            "when the next card of the reserve may be taken up: when no more can be 'blocked' (the "
            "book's “when no more can be paired”), or at 'any' time",
            choices=("blocked", "any"),
        ),
        Option(
            "stuck",
            "again",
            "what the deal does when every card left in the pack repeats a value of the column it must "
            "go to (about one deal in a thousand): deal 'again' from the pack shuffled anew, so that "
            "there is “never” a duplicate in a column, or 'lay' the next card there all the same",
            choices=("again", "lay"),
        ),
        Option(
            "pair_aside",
            True,
            "two cards put aside from the reserve may be paired with each other (the book: they “can be "
            "paired afterwards if the opportunity of doing so arises”); false: a card put aside pairs "
            "only with a card of the tableau or the card just taken up",
        ),
    )

    #: Plate 023, read card by card (see the chapter's table): the six rows of eight, and the pack
    #: of four below them.  The fifth card of the third row is printed blank; the engine puts there
    #: the first, in new-pack order, of the four cards the plate does not show that may go there
    #: (7♥), and the other four cards that the plate does not show make the reserve.
    PLATE: ClassVar[str] = ""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The eight columns (each written from the top row down, so its last card is the one in the
        lowest row), the reserve (face down, its next card last), the cards put aside, the pairs."""
        return [*COLUMN_NAMES, "reserve", "aside", "paired"]

    def lay_out(self, cards: list[Card]) -> None:
        """Deal as the book says (:func:`deal_columns`); when the deal cannot go on, with
        ``stuck=again`` deal again from the pack shuffled anew (reproducibly: the n-th new shuffle
        of deal ``seed`` is the shuffle of ``"seed/again n"``)."""
        lay = self.options.stuck == "lay"
        dealt = deal_columns(cards, lay)
        again = 0
        while dealt is None:
            again += 1
            dealt = deal_columns(shuffled(cards, f"{self.seed}/again {again}"), lay)
        columns, rest = dealt
        for name, column in zip(COLUMN_NAMES, columns):
            self.piles[name] = Pile(tuple(column))
        self.piles["reserve"] = Pile(tuple(reversed(rest)), len(rest))

    @classmethod
    def arrange(cls, columns: str, reserve: str = "", aside: str = "", **options: Any) -> Nestor:  # type: ignore[override]
        """A position for examples: ``columns`` gives the tableau row by row from the top (eight
        places to a row, ``--`` for a place whose card is gone, a column's gone places lowest),
        ``reserve`` the cards still in the reserve, the next to be taken up first, ``aside`` the
        cards put aside; every other card of the pack lies among the paired.

        >>> game = Nestor.arrange('''
        ...     5♠ -- -- -- -- -- -- --
        ...     5♥ -- -- -- -- -- -- --''', reserve="5♦ 5♣")
        >>> print(game.piles["column 1"], "|", game.piles["reserve"], "|", len(game.piles["paired"]))
        5♠ 5♥ | [5♣] [5♦] | 48
        """
        tokens = columns.split()
        if len(tokens) % COLUMNS:
            raise InvalidPosition(f"each row of the tableau has {COLUMNS} places")
        try:
            laid = [None if t in ("--", "-") else Card.parse(t) for t in tokens]
            kept = parse_cards(reserve)
            put = parse_cards(aside)
        except InvalidCard as exc:
            raise InvalidPosition(str(exc)) from None
        game = cls(**options)
        piles: list[list[Card]] = [[] for _ in range(COLUMNS)]
        for i, card in enumerate(laid):
            if card is not None:
                if len(piles[i % COLUMNS]) != i // COLUMNS:
                    raise InvalidPosition(f"a card lies below a gone place in column {i % COLUMNS + 1}")
                piles[i % COLUMNS].append(card)
        rest = Counter(game.pack())
        rest.subtract([c for c in laid if c is not None] + kept + put)
        extra = sorted(c for c, n in rest.items() if n < 0)
        if extra:
            raise InvalidPosition(f"too many {' '.join(map(str, extra))} for the pack")
        lines = [f"{game.spec} seed=0"]
        lines += [f"{name}: {' '.join(map(str, cards))}".rstrip() for name, cards in zip(COLUMN_NAMES, piles)]
        lines.append("reserve: " + " ".join(f"[{c}]" for c in reversed(kept)))
        lines.append("aside: " + " ".join(map(str, put)))
        lines.append("paired: " + " ".join(str(c) for c in sorted(rest.elements(), key=lambda c: (c.value, c))))
        return cls.from_position("\n".join(lines))

    # ------------------------------------------------------------ availability
    def available(self) -> list[tuple[str, Card]]:
        """The cards that can be paired now, with their piles: the lowest card of each column, left
        to right, then the cards put aside."""
        piles = self.piles
        found = [(name, piles[name].cards[-1]) for name in COLUMN_NAMES if piles[name].cards]
        return found + [("aside", card) for card in piles["aside"].cards]

    def _pairs(self, available: list[tuple[str, Card]]) -> list[Move]:
        """The legal pairs among ``available`` cards, in their order."""
        moves = []
        apart = not self.options.pair_aside
        last = self.piles["aside"].top
        for i, (one, a) in enumerate(available):
            for two, b in available[i + 1:]:
                if a.value == b.value and not (apart and one == two == "aside" and last not in (a, b)):
                    moves.append(Move("pair", (a, b), one, two, f"{a} + {b}"))
        return moves

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """Every pair of two available cards, then taking up a card of the reserve."""
        available = self.available()
        for i, (one, a) in enumerate(available):
            for two, b in available[i + 1:]:
                yield Move("pair", (a, b), one, two, f"{a} + {b}")
        yield TURN

    def generate_legal_moves(self) -> list[Move]:
        """The pairs of equal value among the available cards, then ``turn`` when the reserve holds
        cards and (with ``reserve_when=blocked``) no pair can be made."""
        moves = self._pairs(self.available())
        if self.piles["reserve"].cards and not (moves and self.options.reserve_when == "blocked"):
            moves.append(TURN)
        return moves

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "turn":
            if not self.piles["reserve"].cards:
                return IllegalMove("Recourse", "the reserve is exhausted")
            if self.options.reserve_when == "blocked":
                pairs = self._pairs(self.available())
                if pairs:
                    return IllegalMove("Recourse", "the reserve is taken up only when no more can be paired",
                                       f"{pairs[0]} can be paired")
            return None
        if move.kind != "pair" or len(move.cards) != 2:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        a, b = move.cards
        for card, name in ((a, move.source), (b, move.target)):
            if name not in self.piles or card not in self.piles[name].cards:
                return self._unavailable(card)
            pile = self.piles[name]
            if name == "reserve":
                return IllegalMove(*self.UNDEALT_RULE, str(card))
            if name == "paired":
                return IllegalMove("Pairs", "a card paired is taken away", str(card))
            if name != "aside" and pile.cards[-1] != card:
                return self.illegal(*self.AVAILABILITY, card)
        if a == b:
            return IllegalMove("Pairs", "a card cannot be paired with itself", str(a))
        if a.value != b.value:
            return IllegalMove("Pairs", "a pair is two cards of equal value", f"{a} + {b}")
        if not self.options.pair_aside and move.source == move.target == "aside" \
                and self.piles["aside"].top not in (a, b):
            return IllegalMove("Recourse", "cards put aside pair only with a card of the tableau or the card "
                               "just taken up (pair_aside=false)", f"{a} + {b}")
        return None

    def _unavailable(self, card: Card) -> IllegalMove:
        """The refusal for a card named where it does not lie."""
        return self.illegal(*self.AVAILABILITY, card)

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        piles = self.piles
        if move[0] == "turn":
            self.transfer("reserve", "aside", turn_up=False)
            aside = piles["aside"]
            piles["aside"] = Pile(aside.cards, 0)
            return
        _, cards, source, target, _ = move
        for card, name in zip(cards, (source, target)):
            pile = piles[name]
            if pile.cards[-1] == card:
                piles[name] = Pile(pile.cards[:-1])
            else:  # a card put aside, not the last
                left = list(pile.cards)
                left.remove(card)
                piles[name] = Pile(tuple(left))
        paired = piles["paired"]
        piles["paired"] = Pile(paired.cards + cards)

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card paired."""
        return len(self.piles["paired"].cards) == 52

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  Six rows of eight: a column holds six cards at most, the rest of
          its cards gone from below (only the lowest card is ever paired).  Four cards are the
          reserve: the reserve and the cards put aside hold four cards at most.
        - *What may lie where.*  No two cards of equal value in one column (with ``stuck=again``;
          with ``stuck=lay`` a stuck deal may leave one).  The paired cards are an even number, two of
          each value at a time, each pair side by side.  Only the reserve lies face down, and all of it.

        >>> Nestor.deal(seed=4).inconsistencies()
        []
        >>> game = Nestor.deal(seed=4)
        >>> game.piles["column 1"] = game.piles["column 1"].added(game.piles["column 2"].cards[-1:])
        >>> game.piles["column 2"] = game.piles["column 2"].without(1)
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        column 1 holds 7 cards, but six rows were dealt
        """
        faults = []
        piles = self.piles
        for name in COLUMN_NAMES:
            cards = piles[name].cards
            if len(cards) > ROWS:
                faults.append(f"{name} holds {len(cards)} cards, but six rows were dealt")
            elif self.options.stuck == "again" and len({c.value for c in cards}) != len(cards):
                faults.append(f"{name} holds two cards of equal value")
        if len(piles["reserve"]) + len(piles["aside"]) > RESERVE:
            faults.append("the reserve and the cards put aside hold more than the four cards of the reserve")
        paired = piles["paired"].cards
        if len(paired) % 2 or any(a.value != b.value for a, b in zip(paired[::2], paired[1::2])):
            faults.append("the paired cards are not pairs of equal value")
        if piles["reserve"].face_down != len(piles["reserve"]) or any(
                piles[n].face_down for n in (*COLUMN_NAMES, "aside", "paired")):
            faults.append("a card lies face down outside the reserve, or face up in it")
        return faults

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """Only values count (a pair is of equal value, whatever the suits) and the columns are
        alike: the columns' values, sorted; the reserve's values in order; the values put aside,
        sorted (every card put aside is available, in any order)."""
        piles = self.piles
        columns = sorted(tuple(c.value for c in piles[name].cards) for name in COLUMN_NAMES)
        aside = piles["aside"].cards
        if not self.options.pair_aside:
            return (tuple(columns), tuple(c.value for c in piles["reserve"].cards),
                    tuple(sorted(c.value for c in aside[:-1])), aside[-1].value if aside else 0)
        return (tuple(columns), tuple(c.value for c in piles["reserve"].cards),
                tuple(sorted(c.value for c in aside)))

    def useful_moves(self) -> list[Move]:
        """The legal moves less the pairs that take away the same values from the same places as a
        pair before them (two cards put aside of one value are alike)."""
        first: dict[Any, Move] = {}
        for move in self.legal_moves():
            key: Any = move if move.kind != "pair" else tuple(sorted(
                (name if name != "aside" else f"aside {card.value}", card.value)
                for card, name in zip(move.cards, (move.source, move.target))))
            first.setdefault(key, move)
        return list(first.values())

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A pair of a value none of whose other cards is left in play (the last two), or whose
        four cards are all available: taking it away can only release cards."""
        if not moves:
            return None
        available = Counter(card.value for _, card in self.available())
        out = Counter(card.value for card in self.piles["paired"].cards)
        for move in moves:
            if move.kind == "pair":
                value = move.cards[0].value
                if out[value] == 2 or (available[value] == 4 and self.options.pair_aside):
                    return move
        return None

    # ----------------------------------------------------------------- parsing
    def parse_move(self, text: str) -> Move:
        """Read ``"K♠ + K♥"`` (a pair, either order) or ``"turn"``."""
        words = text.strip()
        if "+" not in words:
            return super().parse_move(text)
        try:
            cards = [Card.parse(w.strip()) for w in words.split("+")]
        except InvalidCard as exc:
            raise InvalidMove(f"{exc} in {text!r}") from None
        if len(cards) != 2:
            raise InvalidMove(f"a pair names two cards: {text!r}")
        names = [next((n for n, p in self.piles.items() if card in p.cards), "") for card in cards]
        move = Move("pair", tuple(cards), names[0], names[1], f"{cards[0]} + {cards[1]}")
        for legal in self.legal_moves():
            if legal.kind == "pair" and set(legal.cards) == set(cards):
                return legal
        problem = self.violation(move)
        if problem is None:  # a legal pair named in the other order than legal_moves() writes it
            problem = IllegalMove("Play", f"{self.name} has no move {move}")
        raise problem

    def aliases(self, move: Move) -> set[str]:
        """A pair is named in either order."""
        turned = {f"{move.cards[1]} + {move.cards[0]}"} if move.kind == "pair" else set()
        return super().aliases(move) | turned

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """The plate's arrangement: the eight columns fanned down (the lowest row at the foot of
        each), the reserve below the middle of the tableau as the plate shows its pack, the cards
        put aside beside it, the pairs at the right."""
        from ..render import fan_height

        below = fan_height(ROWS) + 0.25
        spots = [Spot(name, c, 0, fan="down") for c, name in enumerate(COLUMN_NAMES)]
        spots.append(Spot("reserve", 3, below, label="reserve"))
        spots.append(Spot("aside", 4.25, below, fan="right", label="aside"))
        spots.append(Spot("paired", 7, below, label="paired"))
        return spots


def _plate_position(rows: str, blank: str) -> str:
    """The position text of plate 023: ``rows`` the six rows of eight (``??`` for the blank card,
    which is ``blank``); the cards the plate does not show make the reserve, in new-pack order."""
    tokens = rows.split()
    cards = [Card.parse(blank if t == "??" else t) for t in tokens]
    rest = [c for c in whist_pack() if c not in cards]
    return str(Nestor.arrange(" ".join(map(str, cards)), reserve=" ".join(map(str, rest))))


#: Plate 023, row by row from the top (see the chapter's table of readings).
PLATE_ROWS = """
6♦ 4♠ Q♦ 8♥ 5♠ 4♥ 3♥ A♣
7♣ 10♣ K♣ 9♦ 6♠ 6♣ J♦ K♠
K♦ 5♣ 2♥ J♥ ?? A♠ K♥ 2♠
A♥ Q♠ 10♥ 10♠ 4♦ 2♣ 2♦ 3♣
5♥ J♣ 8♦ 3♦ 3♠ 9♥ Q♥ 7♠
Q♣ 9♠ 6♥ 5♦ J♠ 7♦ 8♣ 8♠
"""

Nestor.PLATE = _plate_position(PLATE_ROWS, "7♥")
