"""Babette: two packs dealt in rows of eight, the "garden", played out to foundations up and down.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Babette", plate 022.  Two packs.  Rows of eight cards are dealt one under
another to make the garden, with play to the foundations between the rows; the
foundations are four aces building up and four kings building down, each four
of different suits, following suit (Rule I); a card taken from the garden
leaves a vacancy that is never refilled (Rule II); each row blocks the one
before it, and cards are released by the removal of cards in the lower rows
(Rule III): in the engine's reading a card is released when all the cards below
it in its column are gone (``blocking=next-row`` reads the first clause instead).
When the garden is laid out and blocked it is taken up column by column,
beginning on the left, the pack turned over and dealt again the same way, the
right-hand column first: twice at most.

>>> from patience import load
>>> game = load("babette", seed=1)
>>> [str(game.piles[place(1, c)].top) for c in range(1, 9)], len(game.piles["stock"])
(['8♠', 'K♠', 'J♠', '4♦', '6♥', '9♣', '5♣', '10♠'], 96)
>>> print(game.play("K♠ → foundation"), "|", game.play("deal"), "| rows dealt:", game.counters["rows"])
K♠ → foundation | deal | rows dealt: 2
>>> plate = Babette.from_plate()
>>> [str(plate.piles[f].top or "--") for f in plate.piles_of("foundation")]
['A♥', '3♦', 'A♣', '--', '--', '--', 'Q♠', 'K♣']
"""

from __future__ import annotations

import re
from operator import attrgetter, itemgetter
from typing import Any, ClassVar, Iterable, Sequence

from ..build import ACES_UP, Foundation, KINGS_DOWN, suit_run
from ..cards import CARDS, Card, Rank, whist_pack
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, grid, moves_up, place, read_rows
from ..options import Option
from . import register

__all__ = ["Babette", "place", "GARDEN", "ROWS", "COLUMNS"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Babette”"

#: The garden: rows of eight; the two packs make thirteen rows in the first deal.
COLUMNS = 8
ROWS = 13


#: Where each place of the garden lies: its row and column.
_WHERE = grid(ROWS, COLUMNS)
#: Every place of the garden, row by row, each row left to right.
GARDEN = list(_WHERE)


#: The foundation piles: 1–4 take the aces, 5–8 the kings.
ACE_FOUNDATIONS = 4

#: The most re-deals allowed (the option ``redeals``) that the search in C is given room for: beyond them
#: the game's search is the core's (:meth:`Babette.own_search`).
MAX_REDEALS_IN_C = 16

#: The places of each column from the first row down (built once: searches look them up at every move).
_COLUMNS = [[place(r, c) for r in range(1, ROWS + 1)] for c in range(1, COLUMNS + 1)]

#: What each foundation pile takes.
_RULE = {f"foundation {i}": ACES_UP if i <= ACE_FOUNDATIONS else KINGS_DOWN
         for i in range(1, 2 * ACE_FOUNDATIONS + 1)}
FOUNDATIONS = tuple(_RULE)

_CARDS_OF = attrgetter("cards")

#: The places of each row of the garden, left to right (index 0 unused).
_ROW_PLACES = [()] + [tuple(place(r, c) for c in range(1, COLUMNS + 1)) for r in range(1, ROWS + 1)]
#: For the quick reading of the garden: the piles of the first ``r`` rows, in reading order (a place's
#: index is 8 × (row - 1) + column - 1), and the cards of the places of the rows below them.
_PLACES_DOWN_TO = [lambda piles: ()] + [itemgetter(*GARDEN[: r * COLUMNS]) for r in range(1, ROWS + 1)]
#: The places of each column by their indices, from the r-th row up to the first, for each r.
_COLUMNS_UP = [tuple(tuple(range((r - 1) * COLUMNS + c, -1, -COLUMNS)) for c in range(COLUMNS)) for r in range(ROWS + 1)]
_PLACES_BELOW = [itemgetter(*GARDEN[r * COLUMNS:]) for r in range(ROWS)] + [lambda piles: ()]

#: An empty place of the garden (piles are values: every vacancy can be the same one).
_EMPTY = Pile()
#: The place holding one card, for each card of the two packs by its pack and code (a row is
#: dealt without making new piles).
_HELD = [(_EMPTY, *(Pile((Card(card.rank, card.suit, pack),)) for card in CARDS if card is not None)) for pack in range(2)]


def _nothing_below(piles: dict[str, Pile], rows: int) -> bool:
    """Whether the places of the garden below the first ``rows`` rows are all empty (at a glance
    where they are all the one empty place, as they are in play)."""
    below = _PLACES_BELOW[rows](piles)
    return below.count(_EMPTY) == len(below) or not any(map(_CARDS_OF, below))

#: How far down each row of the garden lies below the one before it, in card heights and
#: gaps: the rows "half cover" one another, as the book allows when the table is small.
ROW_STEP = 0.45
GARDEN_TOP = 1.35

DEAL = Move("deal", (), "stock", None, "deal")
REDEAL = Move("redeal", (), None, "stock", "redeal")

_ARROWS = re.compile(r"\s*(?:->|=>|→|\bonto\b|\bon\b|\bto\b)\s*", re.IGNORECASE)

REDEAL_WORDS = (
    "When the garden is laid out, and all available cards have been played (Rule III), take up by "
    "itself each perpendicular column, beginning on the left, placing the next column underneath the "
    "first, and so on with each column in succession, so that, in turning the pack to re-deal, the last "
    "column on the right may be uppermost, thus reversing the order of each row of cards in the next "
    "deal. The garden may be taken up twice and re-dealt exactly in the same manner and observing the "
    "same rules."
)


@register
class Babette(Game):
    """Babette: two packs dealt in rows of eight (the garden), four aces and four kings as foundations."""

    slug = "babette"
    name = "Babette"
    SEARCH_IN_C = search_in_c("games._babette_search")
    #: Where no budget is given, and in its study: a search of 1,000,000 positions (in C, about half a
    #: second of a core), then the play-out.  Searches again in other orders (RESTARTS) win nothing here:
    #: a search spends its budget on the last garden, whose fate was settled before it was taken up, and
    #: the wins come from a longer first search.  Of the 193 deals a search of 10,000 positions left
    #: unknown, 100,000 positions and 256 searches again of 10,000 won 2 (both by the first search), and
    #: 1,000,000 positions and the play-out won 8 (7 by the search, deal 72 by the play-out), in the same
    #: time; of the first 48 of them, 5,000,000 positions won 1 (deal 30, which 1,000,000 win too), and
    #: 100,000 with 16 searches again of 100,000, or 4,096 of 1,000, none.
    NODES_IN_C = 1_000_000
    #: Played out where its search leaves a deal unknown (see NODES_IN_C): the honest player's play,
    #: seeing every card, some hundreds of positions a deal.
    PLAYS_OUT = True
    chapter = "babette"
    order = 22
    source = SOURCE
    plate = "022"
    packs = 2
    #: The source's three numbered rules, then the paragraphs of PLAY a move can break,
    #: under the short names the engine cites.
    RULES = {
        "I": "The foundations follow suit.",
        "II": "Vacancies in the garden are not to be refilled.",
        "III": "Each row of cards in the garden blocks the preceding one, but on the removal of cards in "
        "the lower rows those above them are released.",
        "Deal": "Deal out eight cards in a horizontal line. This commences what is called the \"garden.\" "
        "When the first row is complete, take from it any foundations and place them in the allotted "
        "spaces above, and also other suitable cards, but do not refill vacancies (Rule II).",
        "Foundations": "The foundations consist of four aces and four kings of different suits, ascending "
        "and descending in the usual sequences (Rule I).",
        "Rows": "You next proceed to deal out successive rows in the garden underneath the first one till "
        "the pack is exhausted, strictly observing Rule II. ... You must finish each row before playing "
        "from it.",
        "Re-deal": REDEAL_WORDS,
    }
    AVAILABILITY = ("III", "each row of the garden blocks the one before it")
    UNDEALT_RULE = ("Rows", "the card has not been dealt yet")
    #: The foundations are alike within each kind, the aces' and the kings' (a foundation's
    #: first card tells which kind it is, and each kind has four).
    INTERCHANGEABLE = ("foundation",)
    COUNTERS = ("redeals", "rows")
    OPTIONS = (
        Option("redeals", 2, "re-deals allowed (the book: “the garden may be taken up twice”)"),
        Option(
            "redeal_when",
            "blocked",
            "when the garden may be taken up: 'blocked' (it is laid out and no available card can be "
            "played: “when the garden is laid out, and all available cards have been played”) or 'any' "
            "time once it is laid out",
            choices=("blocked", "any"),
        ),
        Option(
            "deal_when",
            "any",
            "when the next row may be dealt: at 'any' time (the player plays what he will first), or only "
            "when no card can be played ('blocked')",
            choices=("any", "blocked"),
        ),
        Option(
            "blocking",
            "column",
            "which cards block a card of the garden: every card below it in its 'column' (“on the removal "
            "of cards in the lower rows those above them are released”), or only the card of the "
            "'next-row' directly below it (“each row ... blocks the preceding one”)",
            choices=("column", "next-row"),
        ),
        Option(
            "pile_order",
            "as-laid",
            "how each column comes out in the re-deal (the text does not say): 'as-laid' (the column "
            "squared up as it lies, each row over the one before, so that once the pack is turned its "
            "cards come out as they were dealt, the first row's first, as The Nation's do) or "
            "'reversed' (each column gathered the other way up, its last row's card first)",
            choices=("as-laid", "reversed"),
        ),
    )

    #: Plate 022, read card by card (the reading is in the chapter): four rows of the garden dealt,
    #: eight cards played from them, eight vacancies.  The 72 cards still to deal are not on the
    #: plate: they are set in the order chosen in the chapter.
    PLATE: ClassVar[str | None] = None  # set below the class, from PLATE_GARDEN and PLATE_STOCK

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        return (["stock"] + [f"foundation {i}" for i in range(1, 2 * ACE_FOUNDATIONS + 1)] + GARDEN)

    def foundation_rule(self, name: str) -> Foundation:
        return _RULE[name]

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        rows: str | Sequence[str],
        aces: str = "",
        kings: str = "",
        stock: str | None = None,
        **options: Any,
    ) -> Babette:
        """A position made of the cards that matter, for examples and tests.

        ``rows`` is the garden, a row of eight to a line, ``--`` for a vacancy (a row may be
        shorter than eight). ``aces`` and ``kings`` name the top card of each foundation in
        order, ``--`` for an empty one (``"3♦"`` is the diamonds from the ace up to the three).
        ``stock`` lists the next cards to deal, the next first; every card not placed anywhere
        follows them in the stock, to be dealt in new-pack order.

        >>> game = Babette.arrange("5♥ -- K♣\\n-- 7♠", aces="3♦", kings="-- Q♠")
        >>> print(game.piles["foundation 6"], "|", game.piles[place(2, 2)], "|", len(game.piles["stock"]))
        K♠ Q♠ | 7♠ | 96
        >>> game.counters["rows"]
        2
        """
        lines = rows.strip().splitlines() if isinstance(rows, str) else list(rows)
        piles = read_rows(lines, COLUMNS)
        for first, tops, base in ((1, aces, Rank.ACE), (ACE_FOUNDATIONS + 1, kings, Rank.KING)):
            for i, top in enumerate(tops.split()):
                if top == "--":
                    continue
                card = Card.parse(top)
                cards = suit_run(Card(base, card.suit), card, down=base == Rank.KING)
                piles[f"foundation {first + i}"] = " ".join(map(str, cards))
        piles["stock"] = stock or ""
        game = super().arrange(piles, rest="stock", to_deal=True, **options)
        game.counters["rows"] = len(lines)
        return game

    # ------------------------------------------------------------------ the garden
    def card_at(self, row: int, column: int) -> Card | None:
        return self.piles[place(row, column)].top

    def column(self, column: int) -> list[tuple[int, Card]]:
        """The cards of one column of the garden, with their rows, from the first row down."""
        return [(r, card) for r in range(1, ROWS + 1) if (card := self.card_at(r, column)) is not None]

    def rows_dealt(self) -> int:
        """How many rows of the garden have been dealt in this deal: the rows counted, or down
        to the lowest card of a hand-written position that does not count them."""
        piles, rows = self.piles, self.counters["rows"]
        if _nothing_below(piles, min(rows, ROWS)):
            return rows
        return max(rows, max(_WHERE[p][0] for p in GARDEN if piles[p].cards))

    def available(self) -> list[str]:
        """The places whose cards are available (Rule III), in reading order."""
        return [name for name in GARDEN if self.is_available(name)]

    def is_available(self, name: str) -> bool:
        """Whether the card at ``name`` is available: every card below it in its column has been
        removed (Rule III), or, with ``blocking=next-row``, the place directly below it is empty."""
        if not self.piles[name].cards:
            return False
        r, c = _WHERE[name]
        last = ROWS if self.options.blocking == "column" else min(r + 1, ROWS)
        return not any(self.piles[place(b, c)].cards for b in range(r + 1, last + 1))

    # ------------------------------------------------------------------ the deal
    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        # Every place of the garden starts as the one empty place (a value, like every pile), so
        # that the rows not dealt yet are seen to be empty at a glance.
        self.piles.update(dict.fromkeys(GARDEN, _EMPTY))

    def lay_out(self, cards: list[Card]) -> None:
        """The pack, face down, the first card to deal on top; then the first row of eight."""
        self.piles["stock"] = Pile(tuple(reversed(cards)), len(cards))
        self.counters["rows"] = 0
        self._deal_row()

    def _deal_row(self) -> None:
        """Deal the next row of the garden from the pack, left to right, in its own line below the
        rows already dealt (vacancies in them are not refilled: Rule II)."""
        piles = self.piles
        row = self.rows_dealt() + 1
        stock = piles["stock"]
        cards = stock.cards
        count = min(COLUMNS, len(cards))
        if row > ROWS:
            raise InvalidPosition("the garden has no room for another row")
        left = len(cards) - count
        for name, card in zip(_ROW_PLACES[row], reversed(cards[left:])):  # the top card first
            piles[name] = _HELD[card.pack][card] if card.pack < 2 else Pile((card,))
        piles["stock"] = Pile(cards[:left], min(stock.face_down, left))
        self.counters["rows"] = row

    def take_up(self) -> list[Card]:
        """The garden taken up for a re-deal: its cards in the order they will be dealt again.

        "Take up by itself each perpendicular column, beginning on the left, placing the next
        column underneath the first, and so on with each column in succession, so that, in
        turning the pack to re-deal, the last column on the right may be uppermost."  Each
        column is squared up as it lies, each row over the one before it; the packets make one
        face-up pile with the first column on top and the last at the bottom; turned over, the
        bottom card comes uppermost and is dealt first.  So the last column comes out first,
        from its first row down, then the column before it, and so on: the cards of each row
        come out in the reverse of their order in the garden.  (The text does not say which way
        up a column lies; with ``pile_order=reversed`` each comes out from its last row up.)

        >>> game = Babette.arrange("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠\\n9♠ -- 10♠ -- -- -- -- J♠")
        >>> " ".join(map(str, game.take_up()))
        '8♠ J♠ 7♠ 6♠ 5♠ 4♠ 3♠ 10♠ 2♠ A♠ 9♠'
        """
        # "placing the next column underneath the first", then turned: the columns from the right,
        # each the places of its rows from the first down (:meth:`~patience.game.Game.gather`).
        return self.gather(_COLUMNS[::-1], reverse=self.options.pile_order == "reversed")

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """Candidate moves: each available card to the foundations, the deal of the next row and
        the re-deal; then moves a player might try that the rules forbid: an available card into a
        vacancy or onto another card of the garden, and a blocked card to a foundation."""
        free = self.available()
        for source in free:
            yield from self.foundation_moves(source, self._card(source))
        yield DEAL
        yield REDEAL
        vacancy = next((p for p in GARDEN[: self.rows_dealt() * COLUMNS] if not self.piles[p].cards), None)
        for source in free:
            card = self._card(source)
            if vacancy is not None:
                yield Move("move", (card,), source, vacancy, f"{card} → space")
            for other in free:
                if other != source:
                    yield Move("move", (card,), source, other, f"{card} → {self._card(other)}")
        first = self.piles_of("foundation")[0]
        for source in GARDEN:
            cards = self.piles[source].cards
            if cards and source not in free:
                card = cards[-1]
                yield Move("move", (card,), source, first, f"{card} → foundation")

    def generate_legal_moves(self) -> list[Move]:
        """The moves the rules allow: the same moves, in the same order, as :meth:`moves` filtered
        by :meth:`violation`, found without trying the forbidden ones.

        >>> game = Babette.arrange("7♥ K♣ 9♦", aces="6♥", kings="-- 8♥")
        >>> [str(m) for m in game.legal_moves()]
        ['7♥ → foundation 1', '7♥ → foundation 6', 'K♣ → foundation', 'deal']
        """
        piles = self.piles
        takers = self.foundation_takers()
        legal: list[Move] = []
        for source in self._available_places():
            card = piles[source].cards[-1]
            names = takers.get(card)
            if names is not None:
                legal += moves_up(source, card, names)
        playable = bool(legal)
        options = self.options
        if piles["stock"].cards:  # the rows are dealt till the pack is exhausted
            if not (playable and options.deal_when == "blocked"):
                legal.append(DEAL)
        elif self.counters["redeals"] < options.redeals and not self.is_won \
                and not (playable and options.redeal_when == "blocked"):
            legal.append(REDEAL)
        return legal

    def _available_places(self) -> list[str]:
        """:meth:`available` (Rule III), found from the last row dealt (from the last row of all
        in a hand-written position with cards below the rows it counts): the lowest card of each
        column, or with ``blocking=next-row`` every card with an empty place (or none) under it."""
        piles = self.piles
        rows = min(self.counters["rows"], ROWS)
        if not _nothing_below(piles, rows):
            rows = ROWS
        if self.options.blocking != "column":
            garden = _PLACES_DOWN_TO[rows](piles)
            end = len(garden)
            return [GARDEN[i] for i in range(end)
                    if garden[i].cards and (i + COLUMNS >= end or not garden[i + COLUMNS].cards)]
        lowest = []
        for column in _COLUMNS_UP[rows]:  # each column searched upwards from the last row dealt
            for i in column:
                if piles[GARDEN[i]].cards:
                    lowest.append(i)
                    break
        lowest.sort()
        return [GARDEN[i] for i in lowest]

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, quick to make and to compare: the garden's cards, each
        foundation by its first and last cards (sorted where the foundations are
        :attr:`INTERCHANGEABLE`: an ace's and a king's foundation still differ by their first card,
        and each kind has four), and the stock (before any re-deal only ever dealt from, so that
        how many cards it holds says which)."""
        piles = self.piles
        garden = tuple([piles[name].cards for name in GARDEN])
        founded = [(cards[0], cards[-1]) if cards else () for cards in [piles[name].cards for name in FOUNDATIONS]]
        if "foundation" in self.INTERCHANGEABLE:
            founded.sort()
        counters = self.counters
        stock = piles["stock"].cards
        pack: int | tuple[Card, ...] = len(stock) if not counters["redeals"] else stock
        return (garden, tuple(founded), pack, tuple(counters.values()))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the places of the garden row by row (each none or one card), each
        foundation as (its suit, 0 to 3, and its cards), the aces' first, the rows dealt, the re-deals
        made and allowed, and the options that change the play: whether ``redeal_when=blocked``,
        ``deal_when=blocked``, ``blocking=next-row`` and ``pile_order=reversed``.

        >>> pack, garden, foundations, rows, made, allowed, *options = Babette.deal(seed=1).description()
        >>> len(pack), [len(place) for place in garden[:9]], foundations[:1], rows, made, allowed, options
        (96, [1, 1, 1, 1, 1, 1, 1, 1, 0], ((-1, 0),), 1, 0, 2, [True, False, False, False])
        """
        piles, options = self.piles, self.options
        return (bytes(piles["stock"].cards), tuple(bytes(piles[name].cards) for name in GARDEN),
                self.suit_foundations(FOUNDATIONS), self.counters["rows"], self.counters["redeals"],
                options.redeals, options.redeal_when == "blocked", options.deal_when == "blocked",
                options.blocking == "next-row", options.pile_order == "reversed")

    def own_search(self) -> Any:
        """The search in C, but where more re-deals are allowed than it has room for
        (:data:`MAX_REDEALS_IN_C`): the core's."""
        return None if self.options.redeals > MAX_REDEALS_IN_C else self.SEARCH_IN_C

    def independent(self, pack_move: Move, move: Move) -> bool:
        """A card played from a row dealt before the last could have been played before the last
        row was dealt: the deal does not depend on the garden's cards, nor (at any time, by the
        default) on what can be played; under ``deal_when=blocked`` no such card was playable when
        the row was dealt, so there is none.  (Only one move of the pack is ever allowed, the deal
        while the stock lasts and the re-deal after, so a solver that tries the moves of the pack
        one after another, each followed by a card it brought, tries them all.)"""
        return (pack_move == DEAL and move.kind == "move" and move.source in _WHERE
                and _WHERE[move.source][0] < self.counters["rows"])

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to the only foundation it can ever go to, when no re-deal is left.

        Each suit has an ace's foundation and a king's, and each of them takes one card of every
        rank of the suit: when the card's twin is on one of them already, the card can only ever go
        to the other.  Playing it now rather than later can then never spoil a win, so long as it
        changes neither what is dealt nor when: no re-deal is left (a re-deal takes up the garden
        as it lies, so the cards left in it decide the order of the next deal), and a row may be
        dealt at any time (the default) or the stock is exhausted.  Whatever a winning line does,
        it can do with the card played first: nothing else could go on that foundation until the
        card did, a card is only released sooner (vacancies are never refilled), and the rows are
        dealt just as before.
        """
        if self.counters["redeals"] < self.options.redeals:
            return None
        if self.options.deal_when != "any" and self.piles["stock"].cards:
            return None
        rows = self.counters["rows"]
        founded: set[int] | None = None  # the cards whose twin lies on a foundation, by their codes
        for move in moves:
            kind, cards, source, target, _ = move
            if kind == "move" and target in _RULE and _WHERE[source][0] <= rows:
                if founded is None:
                    founded = self._founded()
                if cards[0] in founded:
                    return move
        return None

    def _founded(self) -> set[int]:
        """The codes of the cards of the ranks and suits that lie on the foundations (as
        :meth:`~patience.game.Game.founded` tells them: a foundation's suit is its first card's,
        and it holds the ranks from its first card to its last)."""
        piles = self.piles
        codes: set[int] = set()
        for name in FOUNDATIONS:
            cards = piles[name].cards
            if cards:
                first, last = cards[0], cards[-1]
                low, high = first.value, last.value
                if low > high:
                    low, high = high, low
                suit = first - first.value  # the code before the suit's ace
                codes.update(range(suit + low, suit + high + 1))
        return codes

    def _card(self, name: str) -> Card:
        card = self.piles[name].top
        assert card is not None
        return card

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Why foundation ``name`` does not take ``card``: its sequence, or the rule that the four
        aces, and the four kings, are of different suits."""
        pile, rule = self.piles[name], _RULE[name]
        if pile.cards:
            return rule.build.fault(pile.cards[-1], card)
        if card.rank != rule.base:
            return rule.fault(pile.cards, card)
        for other in self.piles_of("foundation"):
            begun = self.piles[other].cards
            if begun and begun[0].suit == card.suit and _RULE[other] == rule:
                kind = "aces" if rule.base == Rank.ACE else "kings"
                return f"the foundation {kind} must be of different suits"
        return None

    def foundation_for(self, card: Card) -> str:
        """The foundation ``card`` would be played to; an ace or king that none takes is judged
        against an empty foundation of its kind (so a second K♣ is refused for its suit)."""
        names = self.piles_of("foundation")
        if not any(self.foundation_fault(n, card) is None for n in names):
            for name in names:
                if self.piles[name].is_empty and _RULE[name].base == card.rank:
                    return name
        return super().foundation_for(card)

    def playable(self) -> list[Card]:
        """The available cards that can be played to a foundation now."""
        return [
            card for source in self.available()
            if any(self.foundation_fault(f, card := self._card(source)) is None for f in self.piles_of("foundation"))
        ]

    # ---------------------------------------------------------------- violations
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return self._deal_violation()
        if move.kind == "redeal":
            return self._redeal_violation()
        if (move.kind != "move" or move.source not in _WHERE or move.target not in self.piles
                or len(move.cards) != 1):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        here = self.piles[move.source].top
        if here != card or here.pack != card.pack:
            return self.illegal(*self.AVAILABILITY, card)
        if not self.is_available(move.source):
            below = self._blocker(move.source)
            return self.illegal(*self.AVAILABILITY, f"{card} blocked by {below}")
        if move.target in _WHERE:
            under = self.piles[move.target].top
            if under is None:
                return self.illegal("II", "vacancies in the garden are not to be refilled", card)
            return self.illegal("Deal", "cards are taken from the garden only to the foundations",
                                card, under)
        if move.target == "stock":
            return IllegalMove("Play", "cards are not put back in the pack", str(card))
        return self._foundation_violation(move.target, card)

    def _blocker(self, name: str) -> Card:
        """The card nearest below the card at ``name`` in its column."""
        r, c = _WHERE[name]
        below = [card for row, card in self.column(c) if row > r]
        return below[0]

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule I and the paragraph on the foundations."""
        way = ("foundations on aces ascend in sequence" if self.foundation_rule(name).base == Rank.ACE
               else "foundations on kings descend in sequence")
        return self.foundation_refusal(name, card, {
            "must follow suit": ("I", "the foundations follow suit"),
            "start": ("Foundations", "the foundations are begun with aces and kings"),
            "*": ("Foundations", way)})

    def _deal_violation(self) -> IllegalMove | None:
        """The paragraph on the rows: dealt till the pack is exhausted."""
        if self.piles["stock"].is_empty:
            return IllegalMove("Rows", "the pack is exhausted: the garden is laid out")
        if self.options.deal_when == "blocked":
            playable = self.playable()
            if playable:
                return IllegalMove("Rows", "the next row is dealt only when no card can be played",
                                   f"{playable[0]} can be played")
        return None

    def _redeal_violation(self) -> IllegalMove | None:
        """The paragraph on re-dealing: when the garden is laid out and blocked, twice at most."""
        left = len(self.piles["stock"])
        if left:
            return IllegalMove("Re-deal", "the garden is taken up only when it is laid out",
                               f"{left} card{'s' if left != 1 else ''} still to deal")
        if self.is_won:
            return IllegalMove("Re-deal", "the garden is empty")
        allowed = self.options.redeals
        if self.counters["redeals"] >= allowed:
            words = {0: "this game has no re-deals", 1: "the garden may be taken up only once",
                     2: "the garden may be taken up only twice"}.get(
                allowed, f"the garden may be taken up only {allowed} times")
            return IllegalMove("Re-deal", words)
        if self.options.redeal_when == "blocked":
            playable = self.playable()
            if playable:
                return IllegalMove("Re-deal", "the garden is taken up only when all available cards "
                                   "have been played", f"{playable[0]} can be played")
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        if move.kind == "deal":
            self._deal_row()
        elif move.kind == "redeal":
            self._redeal()
        else:  # a card of the garden to a foundation; its place is left empty (Rule II)
            piles = self.piles
            source, target = move[2], move[3]
            here = piles[source]
            cards = here.cards
            piles[source] = _EMPTY if len(cards) == 1 else here.without(1)
            foundation = piles[target]
            piles[target] = Pile(foundation.cards + cards[-1:], foundation.face_down)

    def _redeal(self) -> None:
        """Take up the garden column by column, turn the pack and deal its first row."""
        self.gather(_COLUMNS[::-1], reverse=self.options.pile_order == "reversed", into="stock")
        self.piles.update(dict.fromkeys(GARDEN, _EMPTY))  # the one empty place (see __init__)
        self.counters["redeals"] += 1
        self.counters["rows"] = 0
        self._deal_row()

    @property
    def is_won(self) -> bool:
        return self.complete(FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  Every deal begins with its first row and makes at most thirteen
          (the two packs), and no card lies below the last row it counts.  The garden is taken up
          no more often than the option ``redeals`` allows.  In the first deal the pack is the
          whole 104 cards and every row is dealt whole ("you must finish each row"), so ``r`` rows
          leave exactly 104 - 8r cards in the pack (and the pack is exhausted only with the
          thirteenth row).  (In a later deal the pack held only what the foundations had left, so
          its count says nothing more.)
        - *Which places may be empty.*  Any place of a row dealt (Rule II: a vacancy stays); the
          places of the rows to come, by the check above.
        - *What may lie where.*  Foundations 1–4 begin with an ace and go up in suit, 5–8 begin with
          a king and go down in suit (Rule I); the four aces are of four suits, and so are the four
          kings.

        >>> Babette.deal(seed=1).inconsistencies()
        []
        >>> for fault in Babette.arrange("5♥ -- K♣\\n-- 7♠", aces="3♦").inconsistencies():
        ...     print(fault)
        in the first deal 2 rows dealt whole leave 88 cards in the pack, not 98
        """
        faults = []
        piles, rows, redeals = self.piles, self.counters["rows"], self.counters["redeals"]
        pack = len(piles["stock"].cards)
        lowest = max((_WHERE[p][0] for p in GARDEN if piles[p].cards), default=0)
        if not 1 <= rows <= ROWS or lowest > rows:
            faults.append(f"{rows} rows are dealt, but a card lies in row {lowest}")
        if not 0 <= redeals <= self.options.redeals:
            faults.append(f"the garden is taken up {redeals} times, of {self.options.redeals} allowed")
        if redeals == 0 and 1 <= rows <= ROWS and pack != len(whist_pack(self.packs)) - COLUMNS * rows:
            faults.append(f"in the first deal {rows} rows dealt whole leave "
                          f"{len(whist_pack(self.packs)) - COLUMNS * rows} cards in the pack, not {pack}")
        return faults + self.foundation_inconsistencies(distinct_suits=True)

    # ------------------------------------------------------------------ parsing
    def aliases(self, move: Move) -> set[str]:
        """A move into a vacancy (``8♦ → space``) may also name any vacancy of the garden
        (``8♦ → row 2 column 3``), so that it is refused by Rule II."""
        names = super().aliases(move)
        if move.kind == "move" and move.target in _WHERE and not self.piles[move.target].cards:
            card = move.cards[0]
            names |= {f"{card} → {p}" for p in GARDEN if not self.piles[p].cards}
            names.add(f"{card} → vacancy")
        return names

    # --------------------------------------------------------------- the text
    def __str__(self) -> str:
        """The position text; the rows of the garden not yet dealt are left out (they are empty)."""
        to_come = set(GARDEN[self.rows_dealt() * COLUMNS:])
        return "\n".join(line for line in super().__str__().splitlines()
                         if line.split(":")[0] not in to_come)

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 022's arrangement: the king foundations on the left and the ace foundations on the
        right, above the garden, the pack beside them; the rows of the garden each half covering
        the row before.  The places of the rows still to come are not drawn; empty places (the
        vacancies) are drawn first, under the cards."""
        spots = []
        for i, name in enumerate(self.piles_of("foundation")):
            x = i + ACE_FOUNDATIONS if i < ACE_FOUNDATIONS else i - ACE_FOUNDATIONS
            label = "" if self.piles[name].cards else self.foundation_rule(name).base.symbol
            spots.append(Spot(name, x, 0, label=label))
        spots.append(Spot("stock", COLUMNS + 0.4, 0))
        dealt = self.rows_dealt()
        garden = []
        for name in GARDEN:
            r, c = _WHERE[name]
            garden.append(Spot(name, c - 1, round(GARDEN_TOP + (r - 1) * ROW_STEP, 3), draw_empty=r <= dealt))
        garden.sort(key=lambda s: bool(self.piles[s.pile].cards))  # empty places first: under the cards
        return spots + garden



#: The garden of plate 022, row by row ("--": a vacancy).
PLATE_GARDEN = """\
9♦  8♦  J♣  9♠  5♦  6♥  Q♥  J♣
K♥  10♥ --  10♥ --  9♥  6♥  5♥
8♥  9♥  --  --  7♠  5♠  6♦  9♦
8♦  --  K♣  4♥  --  --  --  8♠
"""

#: The 72 cards still to deal on the plate, the next first.  The plate does not show them: they
#: are the other cards of the two packs in new-pack order, shuffled with seed 2, the first seed
#: with which a search that sees every card wins the game from the plate's position.
PLATE_STOCK = """\
Q♠ 3♠ 10♠ 5♠ Q♣ 4♠ 10♣ J♦ A♠ A♥ 10♦ 4♦ Q♥ K♥ 7♦ 10♦ 7♦ Q♦ K♦ 6♣ 7♥ J♥ 7♥ A♣ 3♦
J♠ A♠ Q♣ Q♦ 9♣ 9♠ 7♠ 2♥ 4♦ 8♠ 3♥ 2♠ 7♣ 3♥ 3♠ 6♠ 5♣ 2♣ 9♣ 4♥ 4♣ 10♠ 4♠ 3♣ 5♥ A♦
7♣ K♠ 8♣ 2♠ 5♣ J♠ 6♦ 2♣ 8♥ 2♦ 4♣ 8♣ 3♣ 2♥ 6♣ K♦ 5♦ J♥ 6♠ J♦ 10♣
"""


def _plate_position() -> str:
    game = Babette.arrange(PLATE_GARDEN, aces="A♥ 3♦ A♣ --", kings="-- -- Q♠ K♣", stock=PLATE_STOCK)
    game.seed = 0
    return str(game)


Babette.PLATE = _plate_position()
