"""The Fifteen: two packs in seven rows of fifteen, released by marriages and lanes.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Fifteen", plate 003.  The 104 cards are dealt face up in horizontal rows
of fifteen, the last row of fourteen, each row partly covering the one before,
so that the tableau is fifteen columns (the fifteenth one card short).  Only
the lowest card of a column is available (Rule I).  Four aces ascend and four
kings descend, in suit, to the other end (Rule II).  Available cards are
married in suit, one up or one down; an emptied column is a *lane*, which
takes any available card, and through which a sequence is reversed.  If the
game cannot open, one ace and one king may be withdrawn from the sixth row.
There is no re-deal.

The columns are ``column 1`` … ``column 15``, each listed from its first-row
card down to its available card (the last one of its line); the foundations
are ``foundation 1`` … ``foundation 4`` (on aces) and ``foundation 5`` …
``foundation 8`` (on kings).

>>> from patience import load, render
>>> game = load("the-fifteen", seed=3)
>>> [len(game.piles[c]) for c in game.piles_of("column")]
[7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 6]
>>> game = TheFifteen.from_plate()
>>> print(*(card for _, card in game.available()))
J♦ 4♣ 8♠ A♥ 5♠ K♥ 7♠ 8♣ Q♦ 3♠ 6♦ A♣ 5♣ 2♣ 10♣
>>> print(game.play("A♥ → foundation"), "|", game.play("K♥ → foundation"))
A♥ → foundation | K♥ → foundation
"""

from __future__ import annotations

from itertools import product
from typing import Any, ClassVar, Iterable, Iterator, Mapping, Sequence

from ..build import ACES_UP, Build, Foundation, KINGS_DOWN, marriage_reasons
from ..cards import Card, InvalidCard, Rank, whist_pack
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, marriages_onto, move_onto, moves_up
from ..options import Option
from . import register

__all__ = ["TheFifteen"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Fifteen”"

#: "Fifteen cards in each [row], excepting the last one, which can only contain fourteen."
COLUMNS = 15
ROWS = 7
#: The row from which the opening exception withdraws an ace and a king (counted from 1).
SIXTH_ROW = 6

#: "Marry, both in ascending and in descending lines": same suit, one up or one down.
MARRIAGE = Build("either", "same")
#: "The aces ascending in sequence to kings, the kings descending in sequence to aces."
FOUNDATIONS = (ACES_UP,) * 4 + (KINGS_DOWN,) * 4
#: The rule of each foundation, by its name.
FOUNDATION_RULES = {f"foundation {i + 1}": rule for i, rule in enumerate(FOUNDATIONS)}

#: For each card (by its code), the cards that marry it.
MARRYING = MARRIAGE.children_table()

#: The two ways a run at the foot of a column can go (for reversing it through a lane).
_RUNS = (Build("up", "same"), Build("down", "same"))


@register
class TheFifteen(Game):
    """The Fifteen: seven rows of fifteen, four aces and four kings, marriages both ways, lanes."""

    slug = "the-fifteen"
    name = "The Fifteen"
    chapter = "the-fifteen"
    order = 3
    source = SOURCE
    plate = "003"
    packs = 2
    #: The source's two numbered rules, then the paragraphs of PLAY that a move can break,
    #: under the short names the engine cites.
    RULES = {
        "I": "Only cards in the seventh or lowest row are available, until by their removal those "
        "above them are released. No card can at any time be used that has any other below it.",
        "II": "Each foundation must follow suit.",
        "Deal": "Deal out the entire pack from left to right in horizontal rows, fifteen cards in each, "
        "excepting the last one, which can only contain fourteen. Each row should partly cover over "
        "the preceding one;",
        "Foundations": "four aces and four kings form the foundation cards, the aces ascending in "
        "sequence to kings, the kings descending in sequence to aces.",
        "Marriages": "then marry, both in ascending and in descending lines, subject to Rule I;",
        "Opening": "but if, after these changes, no foundation card is available, so that the patience "
        "cannot even begin, you may withdraw from the sixth row one ace and one king, if any are to be "
        "found (see note to Rule I), immediately filling the spaces so made with the cards below which "
        "had previously blocked them. If even this resource is unavailing, the patience has already "
        "failed, there being no re-deal, and no further infringement of rules allowed.",
        "Lane": "to open out one or more perpendicular lanes. These are of the greatest use; you may "
        "select any available card and place it at the top of the lane, and below it any others in "
        "sequence of the same suit, each card partly concealing the preceding one, as in the original "
        "deal. You may also use the lane for reversing any sequences previously made.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("I", "no card can be used that has any other below it")
    #: The search in C (``_the_fifteen_search.c``: the core's search, node for node), and the positions its
    #: first search may visit where no budget is given: few, as a first search seldom wins here (its line
    #: wanders on through the lanes, thousands of moves deep), and the searches again do.
    SEARCH_IN_C = search_in_c("games._the_fifteen_search")
    NODES_IN_C = 100_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order: a
    #: deal is won here by a line of 350 to 1,100 moves, which a search of a thousand positions finds in
    #: about one order of a hundred (its lanes leave many ways to go wrong early), or by none.  Of the 44 deals of 1 to 200 that 10,000 positions and
    #: SEARCH_AGAIN had left unknown (searched in Python), 4,096 searches of 1,000 won 42 (2,048 won 40, 1,024
    #: 38; 1,024 of 1,500 won 39, of 2,000 39; 256 of 5,000 31, 64 of 25,000 22; 4,096 of 500 17, 8,192 of
    #: 250 none), in six seconds at most a deal on a busy machine.
    RESTARTS = ((4096, 1_000),)
    #: No rule names a column (the sixth row is a depth in any column), and a foundation's cards
    #: show whether it was begun on an ace or on a king.
    INTERCHANGEABLE = ("column", "foundation")
    OPTIONS = (
        Option(
            "exception",
            "unopened",
            "when one ace and one king may be withdrawn from the sixth row: 'unopened' (while no "
            "foundation is begun and no ace or king is available: the book's “so that the patience "
            "cannot even begin”), 'stuck' (only when, besides, no card can be played, married or moved "
            "to a lane) or 'none' (never: Rule I without its exception)",
            choices=("unopened", "stuck", "none"),
        ),
        Option(
            "distinct_suits",
            False,
            "the four aces, and the four kings, that form the foundations must be of different suits "
            "(the book says only “four aces and four kings”; most of its two-pack games add “of "
            "different suits”)",
        ),
    )

    #: Plate 003, read card by card (the reading is in the chapter): the fifteen columns,
    #: each from its first-row card down to its lowest.  Ranks 7 and 8 of hearts, diamonds
    #: and clubs cannot be told apart above the seventh row, and the ranks of most court
    #: cards (and the suit of some spade and diamond ones) are best guesses.
    PLATE: ClassVar[str] = ""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        # Read once for the hot path: the columns and the foundations in order.
        self._columns = tuple(self.piles_of("column"))
        self._foundations = tuple(self.piles_of("foundation"))

    # ------------------------------------------------------------------ the deal
    def pile_names(self) -> list[str]:
        return [f"foundation {i + 1}" for i in range(len(FOUNDATIONS))] + [
            f"column {i + 1}" for i in range(COLUMNS)
        ]

    def foundation_rule(self, name: str) -> Foundation:
        return FOUNDATION_RULES[name]

    def lay_out(self, cards: list[Card]) -> None:
        """Deal: from left to right in rows of fifteen, the last row fourteen; the ``n``-th card
        dealt lies in column ``n mod 15``, so each column runs from its first-row card down."""
        columns = self.piles_of("column")
        dealt: dict[str, list[Card]] = {name: [] for name in columns}
        for i, card in enumerate(cards):
            dealt[columns[i % COLUMNS]].append(card)
        for name in columns:
            self.piles[name] = Pile(tuple(dealt[name]))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        columns: Mapping[int, str],
        foundations: Mapping[int, str] | None = None,
        **options: Any,
    ) -> TheFifteen:
        """A position for examples: the ``columns`` that matter (number → cards, first row
        first; ``""`` for a lane) and any ``foundations`` (number → cards, the ace or king
        first).  The rest of the two packs is dealt as in the deal, row by row, into the
        columns not given, in new-pack order but the aces and kings first, so that they
        lie deepest.

        >>> game = TheFifteen.arrange({1: "10♥ 9♥ 8♥", 2: ""}, {1: "A♥ 2♥"})
        >>> print(game.piles["column 1"], "|", game.piles["column 2"], "|", game.piles["foundation 1"])
        10♥ 9♥ 8♥ |  | A♥ 2♥
        >>> sorted(len(game.piles[c]) for c in game.piles_of("column"))[-1]
        8
        """
        game = cls(**options)
        given = {f"column {n}": text for n, text in columns.items()}
        given.update({f"foundation {n}": text for n, text in (foundations or {}).items()})
        for name, text in given.items():
            if name not in game.piles:
                raise InvalidPosition(f"unknown pile {name!r} in {game.name}")
            try:
                game.piles[name] = Pile.of(text)
            except ValueError as exc:
                raise InvalidPosition(f"pile {name!r}: {exc}") from None
        rest = list(game.pack())
        for card in game.cards():
            if card not in rest:
                raise InvalidPosition(f"too many {card} for two packs")
            rest.remove(card)
        rest.sort(key=lambda c: c.rank not in (Rank.ACE, Rank.KING))
        others = [c for c in game.piles_of("column") if c not in given]
        if rest and not others:
            raise InvalidPosition("no column is left for the rest of the pack")
        for i, card in enumerate(rest):
            name = others[i % len(others)]
            game.piles[name] = game.piles[name].added((card,))
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ helpers
    def available(self) -> list[tuple[str, Card]]:
        """Rule I: the lowest card of each column that holds any, with its column."""
        columns = self.piles_of("column")
        return [(name, self.piles[name].cards[-1]) for name in columns if self.piles[name].cards]

    def lanes(self) -> list[str]:
        """The empty columns: "perpendicular lanes"."""
        return [name for name in self.piles_of("column") if not self.piles[name].cards]

    def has_opened(self) -> bool:
        """Whether any card lies on the foundations."""
        return any(self.piles[f].cards for f in self.piles_of("foundation"))

    def sixth_row(self) -> list[tuple[str, Card]]:
        """The cards in the sixth row that have a card below them, with their columns."""
        found = []
        for name in self.piles_of("column"):
            pile = self.piles[name]
            if len(pile) > SIXTH_ROW:
                found.append((name, pile.cards[SIXTH_ROW - 1]))
        return found

    @staticmethod
    def is_foundation_card(card: Card) -> bool:
        return card.rank in (Rank.ACE, Rank.KING)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """Each available card to the foundations, onto each other available card (a marriage)
        and to each lane; the withdrawals of the exception; and the re-deal that the book refuses."""
        available = self.available()
        lanes = self.lanes()
        for source, card in available:
            yield from self.foundation_moves(source, card)
            for target, under in available:
                if target != source:
                    yield Move("move", (card,), source, target, f"{card} → {under}")
            for lane in lanes:
                where = "lane" if len(lanes) == 1 else lane
                yield Move("move", (card,), source, lane, f"{card} → {where}")
        yield from self._withdrawals()
        yield Move("redeal", notation="redeal")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: each available card to
        the foundations that take it, onto the available cards it marries and to the lanes, then
        the exception's withdrawals where it applies."""
        return self._moves_to_lanes(every_lane=True)

    def _moves_to_lanes(self, every_lane: bool) -> list[Move]:
        """The legal moves (:meth:`generate_legal_moves`), or, without ``every_lane``, those less a
        card's moves to a second, third … lane (:meth:`useful_moves`)."""
        piles = self.piles
        # Rule I: the lowest card of each column, with whether it lies alone there; the lanes;
        # and, for each card, the columns (in their order) whose available card it marries
        available: list[tuple[str, Card, bool]] = []
        lanes: list[str] = []
        for name in self._columns:
            cards = piles[name].cards
            if cards:
                available.append((name, cards[-1], len(cards) == 1))
            else:
                lanes.append(name)
        onto = marriages_onto([(name, under) for name, under, _ in available], MARRYING)
        takers = self.foundation_takers(self.options.distinct_suits)
        # a lane is written "lane" while it is the only one
        to_lanes = [(lane, "lane" if len(lanes) == 1 else lane) for lane in lanes]
        if not every_lane:
            del to_lanes[1:]
        legal: list[Move] = []
        append = legal.append
        for source, card, alone in available:
            found = takers.get(card)
            if found is not None:
                legal += moves_up(source, card, found)
            targets = onto.get(card)
            if targets is not None:
                for target, under in targets:
                    append(move_onto((card,), source, target, under.text))
            # Lane: any available card, but one alone in its column lies in a lane already
            if not alone:
                for lane, where in to_lanes:
                    append(move_onto((card,), source, lane, where))
        # Opening: one ace and one king from the sixth row, while no foundation is begun and
        # none is available (and, 'stuck', while no card can move: a card that can move to a
        # lane can move to the first)
        exception = self.options.exception
        if exception != "none" and not any(piles[name].cards for name in self._foundations) and \
                not any(card.value in (1, 13) for _, card, _ in available) and \
                (exception != "stuck" or not legal):
            legal += self._withdrawals()
        return legal

    # ------------------------------------------------------------ for solvers
    def useful_moves(self) -> list[Move]:
        """The legal moves less a card's moves to a second, third … lane: the lanes are alike.
        (Made directly, not filtered from :meth:`legal_moves`: with many lanes most legal moves
        go to a lane.)"""
        return self._moves_to_lanes(every_lane=False)

    def solver_key(self) -> tuple[Any, ...]:
        """As the base's: the foundations, and the columns, each in a fixed order; made of the
        piles' cards, sorted, which tell equal piles as the piles do (none lies face down)."""
        piles = self.piles
        return (tuple(sorted([piles[name].cards for name in self._foundations])),
                tuple(sorted([piles[name].cards for name in self._columns])))

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played from a column to a foundation already begun, when every card that could
        marry it (both copies of the cards one above and one below it in its suit) is out.

        Nothing can then be laid on it, so in the tableau it only covers the card it frees by
        going; the foundations that take it (begun ones, whose top cards wait for it alone) take
        no other card, so a copy of it left behind finds another of them, or the one a line of
        play would have given this card; and the exception to Rule I is past once a foundation
        is begun.  A begun foundation only, since an ace or a king taking an empty space could
        take it from another."""
        piles, foundations = self.piles, self._foundations
        for move in moves:
            kind, cards, _, target, _ = move
            if target in foundations and kind == "move" and piles[target].cards and \
                    self.out_already(MARRYING[cards[0]]) and self.safe_to_found(cards[0], MARRIAGE):
                return move
        return None

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the columns (each from its first-row
        card down), each foundation as (its suit, 0 to 3, and its cards; the aces', then the kings'), the
        table of builds of a marriage (:meth:`Build.table_bytes`), the exception's reading and whether the
        foundations' aces, and kings, are of different suits.

        >>> columns, foundations, marriages, exception, distinct = TheFifteen.deal(seed=1).description()
        >>> len(columns), [len(c) for c in columns][-2:], foundations[:2], len(marriages), exception, distinct
        (15, [7, 6], ((-1, 0), (-1, 0)), 2809, 'unopened', False)
        """
        piles = self.piles
        return (tuple(bytes(piles[name].cards) for name in self._columns), self.suit_foundations(self._foundations),
                MARRIAGE.table_bytes(), self.options.exception, self.options.distinct_suits)

    def foundation_for(self, card: Card) -> str:
        """The foundation ``card`` goes to: the first that takes it; else, for an ace or a king,
        the first of its kind still empty (or the first of its kind); else the first begun in
        its suit; else the first empty one.  An illegal attempt is judged against it."""
        names = self.piles_of("foundation")
        for name in names:
            if self.foundation_fault(name, card) is None:
                return name
        if self.is_foundation_card(card):
            kind = [n for n in names if self.foundation_rule(n).base == card.rank]
            return next((n for n in kind if self.piles[n].is_empty), kind[0])
        for name in names:
            top = self.piles[name].top
            if top is not None and top.suit == card.suit:
                return name
        return next((n for n in names if self.piles[n].is_empty), names[0])

    def foundation_fault(self, name: str, card: Card) -> str | None:
        cards = self.piles[name].cards
        fault = FOUNDATION_RULES[name].fault(cards, card)
        if fault is None and self.options.distinct_suits and not cards:
            rule = self.foundation_rule(name)
            for other in self.piles_of("foundation"):
                pile = self.piles[other]
                if pile.cards and pile[0].suit == card.suit and self.foundation_rule(other) == rule:
                    return "of different suits"
        return fault

    def _withdrawals(self) -> Iterator[Move]:
        """The exception: one ace and one king from the sixth row, each kind if any is found."""
        row = self.sixth_row()
        aces: list[tuple[str, Card] | None] = [(c, k) for c, k in row if k.rank == Rank.ACE] or [None]
        kings: list[tuple[str, Card] | None] = [(c, k) for c, k in row if k.rank == Rank.KING] or [None]
        for pair in product(aces, kings):
            chosen = [p for p in pair if p is not None]
            if chosen:
                yield self._withdrawal(chosen)

    def _withdrawal(self, chosen: list[tuple[str, Card]]) -> Move:
        """The withdrawal of the ``chosen`` cards (with their columns), each to the first empty
        foundation of its kind (a card that is no ace or king is refused by :meth:`violation`)."""
        cards = tuple(card for _, card in chosen)
        foundations = self.piles_of("foundation")
        targets = []
        for card in cards:
            kind = [f for f in foundations if self.foundation_rule(f).base == card.rank] or foundations
            targets.append(next((f for f in kind if self.piles[f].is_empty), kind[0]))
        return Move(
            "withdraw",
            cards,
            ", ".join(column for column, _ in chosen),
            ", ".join(targets),
            "withdraw " + " ".join(map(str, cards)),
        )

    # -------------------------------------------------------------- the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "withdraw":
            return self._withdrawal_violation(move)
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        source = self.piles[move.source]
        if not move.source.startswith("column") or len(move.cards) != 1 or source.top != move.cards[0]:
            return self.illegal(*self.AVAILABILITY, *move.cards[:1])
        card = move.cards[0]
        if move.target.startswith("foundation"):
            return self._foundation_violation(move.target, card)
        if move.target == move.source:
            return IllegalMove("Play", "a card cannot be moved onto itself", str(card))
        if self.piles[move.target].is_empty:
            return self._lane_violation(move.source, card)
        return self._marriage_violation(move.target, card)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule II and the paragraph on the foundations."""
        fault = self.foundation_fault(name, card)
        if fault is None:
            return None
        rule = self.foundation_rule(name)
        kind = "aces" if rule.base == Rank.ACE else "kings"
        pile = self.piles[name]
        if fault == "of different suits":
            return self.illegal("Foundations", f"the foundation {kind} must be of different suits", card)
        if pile.is_empty:
            if self.is_foundation_card(card):
                return self.illegal("Foundations", f"{name} is begun with one of the {kind}", card)
            return self.illegal("Foundations", "the foundations are begun with aces and kings", card)
        if card.rank == rule.base and not any(
            self.piles[f].is_empty for f in self.piles_of("foundation") if self.foundation_rule(f) == rule
        ):
            return self.illegal(
                "Foundations", f"only four {kind} form foundations, and all four are begun", card
            )
        if fault == "must follow suit":
            return self.illegal("II", "each foundation must follow suit", card, pile.top or "")
        way = "ascend" if rule.base == Rank.ACE else "descend"
        return self.illegal("Foundations", f"foundations on {kind} {way} in sequence", card, pile.top or "")

    def _marriage_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Marriages: in suit, one up or one down, on an available card (Rule I)."""
        under = self.piles[name].top
        assert under is not None
        return self.explain(MARRIAGE.fault(under, card), marriage_reasons(MARRIAGE), card, under)

    def _lane_violation(self, source: str, card: Card) -> IllegalMove | None:
        """A lane takes any available card; moving a card that is alone in its column already
        from one lane to another changes nothing, and is refused."""
        if len(self.piles[source]) == 1:
            return self.illegal("Lane", "the card lies alone in a lane already", card)
        return None

    def _withdrawal_violation(self, move: Move) -> IllegalMove | None:
        """The note to Rule I: "one exception to this rule, in case the game cannot be opened"."""
        sources = (move.source or "").split(", ")
        targets = (move.target or "").split(", ")
        if not move.cards or not (len(move.cards) == len(sources) == len(targets)):
            return IllegalMove("Opening", "the exception withdraws one ace and one king", str(move))
        if self.options.exception == "none":
            return IllegalMove("I", "this game is played without the exception to Rule I", str(move))
        if self.has_opened():
            return IllegalMove(
                "Opening", "one ace and one king are withdrawn only when the game cannot be opened",
                "a foundation is begun",
            )
        free = next((card for _, card in self.available() if self.is_foundation_card(card)), None)
        if free is not None:
            return IllegalMove(
                "Opening", "one ace and one king are withdrawn only when no foundation card is available",
                f"{free} is available",
            )
        row = dict(self.sixth_row())
        kinds = [card.rank for card in move.cards]
        for source, card in zip(sources, move.cards):
            if not self.is_foundation_card(card) or kinds.count(card.rank) > 1:
                return IllegalMove("Opening", "the exception withdraws one ace and one king", str(move))
            here = row.get(source)
            if here is None or here != card or here.pack != card.pack:
                return IllegalMove(
                    "Opening", "the ace and the king are withdrawn from the sixth row", str(card)
                )
        for target, card in zip(targets, move.cards):
            if target not in self.piles or self.foundation_fault(target, card) is not None:
                return IllegalMove("Opening", "the ace and the king go to their foundations", str(card))
        found = {card.rank for _, card in row.items() if self.is_foundation_card(card)}
        missing = found - set(kinds)
        if missing:
            other = "an ace" if Rank.ACE in missing else "a king"
            return IllegalMove(
                "Opening", "one ace and one king are withdrawn together", f"{other} is in the sixth row too"
            )
        if self.options.exception == "stuck":
            playable = next(
                (m for m in self.moves() if m.kind != "withdraw" and self.violation(m) is None), None
            )
            if playable is not None:
                return IllegalMove(
                    "Opening",
                    "one ace and one king are withdrawn only when no card can move",
                    f"{playable} can be played",
                )
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        source, target = move.source, move.target
        assert source is not None and target is not None
        if move.kind == "withdraw":
            self._withdraw(source, target, move.cards)
        else:
            self.transfer(source, target)

    def _withdraw(self, sources: str, targets: str, withdrawn: tuple[Card, ...]) -> None:
        """Take each card out of the sixth row, the cards below closing up ("immediately filling
        the spaces so made with the cards below"), and lay it on its foundation."""
        for source, target, card in zip(sources.split(", "), targets.split(", "), withdrawn):
            cards = list(self.piles[source].cards)
            taken = cards.pop(SIXTH_ROW - 1)
            assert taken == card
            self.piles[source] = Pile(tuple(cards))
            self.piles[target] = self.piles[target].added((taken,))

    @property
    def is_won(self) -> bool:
        piles = self.piles
        for name in self._columns:
            if piles[name].cards:
                return False
        return True

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The entire pack is dealt, so every card is in a column or on a
          foundation (the loader sees to it); there is no stock and no re-deal.
        - *Which places may be empty.*  Any column (a lane, filled or not as the player chooses)
          and any foundation not yet begun.
        - *What may lie where.*  A column only loses its lowest card and only gains a card that
          marries it (one up or one down in suit), or, once empty, any card at the top of its
          lane; the exception takes one card out of the sixth row, and the cards below close up,
          which can part a marriage in the sixth row only.  So below the cards dealt to a column
          (seven, the fifteenth six) each card marries the card above it.  Each foundation begins
          with its ace (foundations 1 to 4) or king (5 to 8) and follows its sequence in suit;
          with ``distinct_suits`` the four aces, and the four kings, are of different suits.

        >>> TheFifteen.deal(seed=4).inconsistencies()
        []
        >>> game = TheFifteen.arrange({1: "2♠ 3♣ 4♥ 7♦ J♠ 5♠ 2♥ 3♥ 2♥ 9♣"})
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        a card below the deal is no marriage: column 1 holds 9♣ on 2♥, below the 7 cards dealt to it
        """
        faults = []
        piles = self.piles
        count = len(self.pack())
        for i, name in enumerate(self._columns):
            cards, dealt = piles[name].cards, len(range(i, count, COLUMNS))
            for j in range(dealt, len(cards)):
                if MARRIAGE.fault(cards[j - 1], cards[j]) is not None:
                    faults.append(f"a card below the deal is no marriage: {name} holds {cards[j]} on "
                                  f"{cards[j - 1]}, below the {dealt} cards dealt to it")
                    break
        faults += self.foundation_inconsistencies(self.options.distinct_suits)
        return faults

    # ----------------------------------------------------------- reversing
    def reversal(self, column: str, count: int | None = None) -> list[Move]:
        """The moves that reverse the run of ``count`` cards at the foot of ``column`` (by
        default the whole run: cards of one suit in sequence, up or down) through the first
        lane: the lowest card goes to the top of the lane and the others follow it, each
        married onto the last, "until the [first] becomes the lowest or available card".

        >>> game = TheFifteen.arrange({1: "7♠ 6♠ 5♠", 2: ""})
        >>> [str(m) for m in game.reversal("column 1")]
        ['5♠ → lane', '6♠ → 5♠', '7♠ → 6♠']
        """
        lanes = self.lanes()
        cards = self.piles[column].cards
        if not lanes:
            raise IllegalMove("Lane", "a sequence is reversed through a lane, and there is none", column)
        run = max(build.run_length(cards) for build in _RUNS) if cards else 0
        count = run if count is None else count
        if not 1 <= count <= run:
            raise IllegalMove("Lane", "only a sequence of one suit is reversed", f"{count} cards of {column}")
        probe = self.copy()
        moves = []
        lane = lanes[0]
        for _ in range(count):
            card = probe.piles[column].top
            legal = probe.legal_moves()
            move = next((m for m in legal if (m.source, m.target, m.cards) == (column, lane, (card,))), None)
            if move is None:
                raise IllegalMove("Lane", "the sequence cannot be reversed through the lane", f"{card}")
            probe.play(move)
            moves.append(move)
        return moves

    # ------------------------------------------------------------------ parsing
    def parse_move(self, text: str) -> Move:
        """As the base, with two additions: ``withdraw A♥ K♣`` (or ``withdraw A♥ and K♣``) names
        the exception's withdrawal of those cards from the sixth row, and a card that is not
        available is refused by Rule I."""
        words = text.strip().split()
        if words and words[0].lower() == "withdraw":
            return self._parse_withdrawal(text, [w for w in words[1:] if w.lower() != "and"])
        try:
            return super().parse_move(text)
        except InvalidMove:
            for word in text.replace("→", " ").split():
                try:
                    card = Card.parse(word)
                except InvalidCard:
                    continue
                if any(card in self.piles[c] for c in self.piles_of("column")) and card not in {
                    k for _, k in self.available()
                }:
                    raise self.illegal(*self.AVAILABILITY, card) from None
                break
            raise

    def _parse_withdrawal(self, text: str, names: list[str]) -> Move:
        try:
            cards = [Card.parse(n) for n in names]
        except InvalidCard as exc:
            raise InvalidMove(f"{exc} in {text!r}") from None
        if not cards:
            raise InvalidMove(f"name the ace and the king to withdraw: {text!r}")
        row = self.sixth_row()
        chosen = []
        for card in cards:
            spot = next(((c, k) for c, k in row if k == card and (c, k) not in chosen), None)
            if spot is None:
                if not any(card in self.piles[c] for c in self.piles_of("column")):
                    raise InvalidMove(f"{card} is not in the tableau")
                raise IllegalMove(
                    "Opening", "the ace and the king are withdrawn from the sixth row", str(card)
                )
            chosen.append(spot)
        move = self._withdrawal(chosen)
        problem = self.violation(move)
        if problem is not None:
            raise problem
        return move

    def aliases(self, move: Move) -> set[str]:
        names = super().aliases(move)
        target = self.piles.get(move.target or "")
        lane = move.kind == "move" and (move.target or "").startswith("column")
        if lane and target is not None and target.is_empty:
            names |= {f"{move.cards[0]} → lane", f"{move.cards[0]} → space"}
        return names

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """The plate's arrangement: fifteen columns, each row partly covering the one before,
        and the eight foundation spaces in a row below, the aces' first."""
        from ..render import fan_height

        spots = [Spot(name, float(i), 0.0, fan="down") for i, name in enumerate(self.piles_of("column"))]
        longest = max([ROWS] + [len(self.piles[c]) for c in self.piles_of("column")])
        y = fan_height(longest) + 0.3
        for i, name in enumerate(self.piles_of("foundation")):
            label = "" if self.piles[name].cards else self.foundation_rule(name).base.symbol
            spots.append(Spot(name, 0.6 + 1.9 * i, round(y, 2), label=label))
        return spots


#: Plate 003 as it is read: the seven rows, left to right (the seventh has fourteen cards).
#: The reading, card by card with its evidence, is in the chapter's confidence table.
PLATE_ROWS = """
2♠ 3♣ 4♥ 7♦ J♠ 5♠ 2♥ A♠ 7♥ Q♥ 2♦ 9♣ K♦ 7♣ 6♥
9♥ K♥ 4♦ J♦ A♦ 8♣ 5♦ J♠ 4♦ 5♦ 4♣ 5♥ 4♠ Q♦ Q♠
3♦ 5♥ K♣ 10♣ 10♥ 3♥ 6♠ A♥ 6♣ 7♠ 4♥ 3♦ 7♣ Q♠ J♥
8♠ Q♣ 5♣ 9♦ 4♠ J♣ 9♥ Q♥ 9♦ 2♠ 6♠ 8♥ 6♣ 2♥ 9♣
6♦ 7♥ 2♦ 10♥ K♦ 10♦ 8♦ 10♠ K♠ Q♣ 10♠ A♣ A♦ K♠ 7♦
K♣ 3♥ 9♠ 3♠ 3♣ J♣ 9♠ J♥ 8♦ 8♥ A♠ 2♣ 10♦ 6♥ 10♣
J♦ 4♣ 8♠ A♥ 5♠ K♥ 7♠ 8♣ Q♦ 3♠ 6♦ A♣ 5♣ 2♣
"""


def _plate_position(rows: str) -> str:
    """The position of ``rows`` (the cards in the order they were dealt), as position text."""
    game = TheFifteen()
    cards = [Card.parse(t) for t in rows.split()]
    if sorted(cards) != sorted(whist_pack(2)):
        raise InvalidPosition("the plate's cards are not two packs")
    game.lay_out(cards)
    return str(game)


TheFifteen.PLATE = _plate_position(PLATE_ROWS)
