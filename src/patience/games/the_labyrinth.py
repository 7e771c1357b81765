"""The Labyrinth: two packs dealt in rows of ten, a card available only when free from the top or the bottom.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Labyrinth", plate 025.  Two packs.  Four aces and four kings, one of each
suit, are withdrawn as foundations: the aces ascend in suit to the kings, the
kings descend in suit to the aces (Rule I).  The rest of the pack is dealt in
rows of ten, one under another; each row is complete before a card of it is
played (Rule IV).  A card is available when it is free at the top or at the
bottom of its column (Rule II): in the engine's reading, when no card is left
above it in its column, or none below it (``blocking=next-row`` reads "free" as
the place next to it being empty).  A vacancy is refilled from the pack only
in the row being dealt (Rule III), so the upper rows fill with gaps.  When the
pack is exhausted and nothing more can be played, the player has one "grace":
he may remove any one card from the tableau.  There is no re-deal.

Dealing a row is a move (``deal``), and so is filling a vacancy from the pack
(``refill row 2 column 3``) and the grace (``grace 7♥``).

>>> from patience import load
>>> game = load("the-labyrinth", seed=4)
>>> [str(game.piles[f].top) for f in game.piles_of("foundation")]
['A♠', 'A♥', 'A♦', 'A♣', 'K♠', 'K♥', 'K♦', 'K♣']
>>> game.row(1), len(game.piles["pack"])
(['Q♦', '7♣', '5♥', '9♣', 'Q♠', 'J♣', 'J♥', '8♥', '10♥', '2♦'], 86)
>>> print(game.play("Q♦ → foundation"), "|", game.play("refill"), "|", game.row(1)[0])
Q♦ → foundation | refill row 1 column 1 | J♠
>>> [TheLabyrinth.from_plate().piles[place(r, 7)].top for r in (1, 2)]
[None, Card.parse('A♦')]
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Iterable, Sequence

from ..build import ACES_UP, Foundation, KINGS_DOWN, suit_run
from ..cards import CARDS, Card, Rank, Suit, whist_pack
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, grid, moves_up, place, read_rows
from ..options import Option
from . import register
# The foundations are Babette's (four aces up, four kings down, of different suits), and so are
# the texts of the cards for the solver's key.

__all__ = ["TheLabyrinth", "place", "TABLEAU", "ROWS", "COLUMNS"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Labyrinth”"

#: "You next deal out ten cards in a horizontal row."
COLUMNS = 10
#: Rows there can ever be: 104 cards (Note 1) make ten rows of ten and four cards of an eleventh.
ROWS = 11


#: Where each place lies: its row and column.
_WHERE = grid(ROWS, COLUMNS)
#: Every place of the tableau, row by row, each row left to right.
TABLEAU = list(_WHERE)

#: Foundations 1–4 take the aces, 5–8 the kings; withdrawn, they are of the suits in this order.
ACE_FOUNDATIONS = 4
_RULE = {f"foundation {i}": ACES_UP if i <= ACE_FOUNDATIONS else KINGS_DOWN
         for i in range(1, 2 * ACE_FOUNDATIONS + 1)}
SUITS = tuple(Suit)

#: The places of each row (index 0 unused); each column's places by their indices in reading
#: order (10 × (row - 1) + column - 1), from the first row down; the foundations in order.
_ROW_PLACES = [()] + [tuple(place(r, c) for c in range(1, COLUMNS + 1)) for r in range(1, ROWS + 1)]
_COLUMN_INDICES = [tuple(range(c, ROWS * COLUMNS, COLUMNS)) for c in range(COLUMNS)]
FOUNDATIONS = tuple(_RULE)

#: How the tableau is drawn: the rows touch one another, as on the plate.
ROW_STEP = 0.9
TABLEAU_TOP = 1.3

DEAL = Move("deal", (), "pack", None, "deal")
REDEAL = Move("redeal", notation="redeal")
#: The refilling of each vacancy from the pack (Rule III); the grace's words for each card.
_REFILL = {name: Move("deal", (), "pack", name, f"refill {name}") for name in TABLEAU}
_GRACE_TEXT = {card: f"grace {card}" for card in CARDS[1:]}

GRACE_WORDS = (
    "When the pack is exhausted and you have played all available cards, if the game has not "
    "succeeded, you have one more chance, i.e., the privilege of removing any one card from the "
    "tableau, taking care, of course, to remove the card which blocks those most needed. The choice "
    "of this \"grace\" is the only point left to the skill of the player."
)


@register
class TheLabyrinth(Game):
    """The Labyrinth: two packs in rows of ten, four aces and four kings withdrawn as foundations."""

    slug = "the-labyrinth"
    name = "The Labyrinth"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 13 of the first 40 deals its study's search left unknown.
    PLAYS_OUT = True
    SEARCH_IN_C = search_in_c("games._the_labyrinth_search")
    NODES_IN_C = 1_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order: a
    #: search that takes a wrong turn early (a card left in a row, a row dealt too soon) spends its budget
    #: below it, where another order wins in a few thousand positions.  Of the 59 deals the study of
    #: 10,000 positions left unknown, a first search of 100,000 then 256 of 10,000 won 50, in about 1.3
    #: seconds a deal; one search of 2,000,000 won 27, and 100,000 then 32 of 100,000 won 40.
    RESTARTS = ((256, 10_000),)
    chapter = "the-labyrinth"
    order = 25
    source = SOURCE
    plate = "025"
    packs = 2
    #: The source's four numbered rules, then the paragraphs of PLAY a move can break, under the
    #: short names the engine cites.
    RULES = {
        "I": "The foundations follow suit.",
        "II": "Only cards in the highest or lowest rows are available, until a card from any other row "
        "is released, by the removal of cards either above or below it, the principle being that no card "
        "can be used that is not free either from the top or the bottom.",
        "III": "You can only refill vacancies in the lowest row as the deal goes on (i.e., in the row "
        "which you are actually dealing).",
        "IV": "Each row must be completed before you can play from it.",
        "Foundations": "Withdraw from the pack and place in horizontal line above, four kings and four "
        "aces of different suits. These are the foundations, the aces ascending in sequence to kings, the "
        "kings descending to aces (Rule I).",
        "Deal": "You next deal out ten cards in a horizontal row, and when the row is complete, play any "
        "suitable cards on the foundations, refilling the vacancies from the pack or talon.",
        "Rows": "Proceed to deal out a second row of ten cards underneath the first, playing suitable ones "
        "as before, playing also from the upper row, and refilling spaces subject to Rule III. … You "
        "continue thus to deal out the entire pack in successive rows.",
        "Grace": GRACE_WORDS,
        "Re-deal": "There is no re-deal.",
        "Note 1": "Some players instead of taking the foundations from the pack, wait till they appear "
        "in the deal.",
    }
    AVAILABILITY = ("II", "no card can be used that is not free either from the top or the bottom")
    #: The foundations are alike within each kind, the aces' and the kings' (a foundation's
    #: first card tells which kind it is, and each kind has four).
    INTERCHANGEABLE = ("foundation",)
    #: ``rows``: the rows dealt so far; ``graces``: 1 once the grace has been taken.
    COUNTERS = ("rows", "graces")
    OPTIONS = (
        Option(
            "foundations",
            "withdrawn",
            "how the foundations are begun: 'withdrawn' from the pack before the deal (the book) or "
            "'as-they-appear' (Note 1: “some players … wait till they appear in the deal”), the first "
            "ace and the first king of each suit to be played beginning its foundations",
            choices=("withdrawn", "as-they-appear"),
        ),
        Option(
            "blocking",
            "column",
            "what frees a card: nothing left above it, or nothing below it, in its 'column' (“no card "
            "can be used that is not free either from the top or the bottom”), or only the place of the "
            "'next-row' above or below it empty",
            choices=("column", "next-row"),
        ),
        Option(
            "refill",
            "optional",
            "when the vacancies of the row being dealt are refilled: 'optional' (Rule III: “you can "
            "only refill vacancies in the lowest row”; the player refills when he chooses, or leaves a "
            "vacancy and deals the next row under it, as on the plate), 'before-deal' (he refills when he "
            "chooses, but before the next row is dealt) or 'before-play' (the row is not complete while "
            "it has a vacancy, and no other card of it is played until the vacancy is refilled: Rule IV)",
            choices=("optional", "before-deal", "before-play"),
        ),
        Option(
            "deal_when",
            "any",
            "when the next row may be dealt: at 'any' time, or only when no card can be played "
            "('blocked')",
            choices=("any", "blocked"),
        ),
    )

    #: Plate 025, read card by card (the reading is in the chapter); set below the class.
    PLATE: ClassVar[str | None] = None

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        return ([f"foundation {i}" for i in range(1, 2 * ACE_FOUNDATIONS + 1)] + ["pack", "grace"]
                + TABLEAU)

    def foundation_rule(self, name: str) -> Foundation:
        return _RULE[name]

    @property
    def withdrawn(self) -> bool:
        """Whether the foundations were withdrawn from the pack before the deal (not Note 1)."""
        return self.options.foundations == "withdrawn"

    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw an ace and a king of each suit (the first of each in the shuffled pack), unless
        the foundations wait till they appear (Note 1); the rest is the pack, face down, the first
        card to deal on top; then the first row is dealt."""
        rest = list(cards)
        if self.withdrawn:
            for i, base in enumerate((Rank.ACE, Rank.KING)):
                for s, suit in enumerate(SUITS):
                    card = next(c for c in rest if c.rank == base and c.suit == suit)
                    rest.remove(card)
                    self.piles[f"foundation {i * ACE_FOUNDATIONS + s + 1}"] = Pile((card,))
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))
        self.counters["rows"] = 0
        self._deal_row()

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        rows: str | Sequence[str],
        aces: str = "",
        kings: str = "",
        pack: str | None = None,
        grace: str = "",
        **options: Any,
    ) -> TheLabyrinth:
        """A position made of the cards that matter, for examples and tests.

        ``rows`` is the tableau, a row of ten to a line, ``--`` for a vacancy (the last row may
        be shorter).  ``aces`` and ``kings`` name the top card of each foundation that has gone
        beyond its ace or king (``"3♦"``: the diamonds from the ace up to the three); with the
        foundations withdrawn each goes to the foundation of its suit, and the others hold their
        ace or king; with Note 1 they fill the foundations in order, ``--`` for one not begun.
        ``pack`` lists the next cards to deal, the next first; every card not placed lies in the
        pack under them, in new-pack order.  ``grace`` is the card the grace has set aside, if any.

        >>> game = TheLabyrinth.arrange("5♥ -- K♣\\n-- 7♠", aces="3♦", kings="Q♠")
        >>> [str(game.piles[f].top) for f in game.piles_of("foundation")]
        ['A♠', 'A♥', '3♦', 'A♣', 'Q♠', 'K♥', 'K♦', 'K♣']
        >>> game.row(2)[:3], game.counters, len(game.piles["pack"])
        (['--', '7♠', '--'], {'rows': 2, 'graces': 0}, 90)
        """
        lines = rows.strip().splitlines() if isinstance(rows, str) else list(rows)
        game = cls(**options)
        piles = read_rows(lines, COLUMNS)
        for first, tops, base in ((1, aces, Rank.ACE), (ACE_FOUNDATIONS + 1, kings, Rank.KING)):
            if game.withdrawn:
                given = {Card.parse(t).suit: Card.parse(t) for t in tops.split()}
                named: list[Card | None] = [given.get(suit, Card(base, suit)) for suit in SUITS]
            else:
                named = [None if t == "--" else Card.parse(t) for t in tops.split()]
            for i, card in enumerate(named):
                if card is None:
                    continue
                cards = suit_run(Card(base, card.suit), card, down=base == Rank.KING)
                piles[f"foundation {first + i}"] = " ".join(map(str, cards))
        if grace:
            piles["grace"] = grace
        piles["pack"] = pack or ""
        made = super().arrange(piles, rest="pack", to_deal=True, **options)
        assert isinstance(made, TheLabyrinth)
        made.counters["rows"] = len(lines)
        return made

    # ------------------------------------------------------------------ the tableau
    def card_at(self, row: int, column: int) -> Card | None:
        return self.piles[place(row, column)].top

    def row(self, r: int) -> list[str]:
        """The cards of row ``r``, ``--`` for an empty place (for examples)."""
        return [str(self.card_at(r, c) or "--") for c in range(1, COLUMNS + 1)]

    def is_available(self, name: str) -> bool:
        """Rule II: the card at ``name`` is free at the top (no card above it in its column: the
        cards of the first row always are) or at the bottom (no card below it: the cards of the
        last row always are).  With ``blocking=next-row`` the place just above or just below it
        need only be empty."""
        if not self.piles[name].cards:
            return False
        r, c = _WHERE[name]
        if self.options.blocking == "next-row":
            above, below = range(max(r - 1, 1), r), range(r + 1, min(r + 1, ROWS) + 1)
        else:
            above, below = range(1, r), range(r + 1, ROWS + 1)
        return (not any(self.piles[place(a, c)].cards for a in above)
                or not any(self.piles[place(b, c)].cards for b in below))

    def available(self) -> list[str]:
        """The places whose cards are available (Rule II), in reading order."""
        return [name for name in TABLEAU if self.is_available(name)]

    def vacancies(self, row: int | None = None) -> list[str]:
        """The empty places of the rows dealt (or of one row), in reading order."""
        rows = range(1, self.counters["rows"] + 1) if row is None else (row,)
        return [place(r, c) for r in rows for c in range(1, COLUMNS + 1) if not self.piles[place(r, c)].cards]

    def incomplete(self) -> str | None:
        """The first vacancy of the row being dealt while the pack can still fill it (None if
        the row is complete, or the pack is exhausted)."""
        if not self.piles["pack"].cards or not self.counters["rows"]:
            return None
        return next(iter(self.vacancies(self.counters["rows"])), None)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The cards dealt are the pack's cards less those still in the pack
          (104, or 96 with the eight foundations withdrawn).  Every row but the last was dealt whole,
          and the last reached at least its last card; while the pack holds cards, the last was
          dealt whole too.  No card lies below the last row.
        - *Which places may be empty.*  With ``refill=before-play``, while the pack holds cards the
          row being dealt has at most one vacancy (Rule IV).  With ``refill=before-play`` or
          ``before-deal``, a row is dealt only under a row with no vacancy: a gap with a card above
          it can only have been left when the card under it was gone, so if the first card under the
          gap is in the last row, that card is a refill, made after the last row was dealt whole
          (the grace, which may take any card, is left out of this one).
        - *What may lie where.*  Each foundation begins with its ace or king and follows its
          sequence; the withdrawn foundations are of the suits in order; only a grace taken leaves a
          card aside, and only when the pack is exhausted.

        >>> TheLabyrinth.deal(seed=4).inconsistencies()
        []
        >>> for fault in TheLabyrinth.arrange("-- 9♣ 2♥\\nK♥ 5♣", refill="before-play").inconsistencies():
        ...     print(fault)
        row 2 is dealt whole while the pack holds cards, so 20 cards at least have been dealt, not 4
        Rule IV: row 2, the row being dealt, has 8 vacancies while the pack holds cards
        """
        faults = []
        piles, rows = self.piles, self.counters["rows"]
        pack = len(piles["pack"].cards)
        dealt = len(whist_pack(self.packs)) - (2 * ACE_FOUNDATIONS if self.withdrawn else 0) - pack
        lowest = max((_WHERE[p][0] for p in TABLEAU if piles[p].cards), default=0)
        if not 1 <= rows <= ROWS or lowest > rows:
            faults.append(f"{rows} rows are dealt, but a card lies in row {lowest}")
        elif pack:
            if dealt < COLUMNS * rows:
                faults.append(f"row {rows} is dealt whole while the pack holds cards, so "
                              f"{COLUMNS * rows} cards at least have been dealt, not {dealt}")
        else:
            reach = max((c for c in range(1, COLUMNS + 1) if piles[place(rows, c)].cards), default=1)
            if dealt < COLUMNS * (rows - 1) + reach:
                faults.append(f"a card lies in row {rows} column {reach}, so "
                              f"{COLUMNS * (rows - 1) + reach} cards at least have been dealt, not {dealt}")
        refill = self.options.refill
        if pack and refill == "before-play" and len(self.vacancies(rows)) > 1:
            faults.append(f"Rule IV: row {rows}, the row being dealt, has {len(self.vacancies(rows))} "
                          "vacancies while the pack holds cards")
        if refill != "optional" and not self.counters["graces"] and 1 < rows <= ROWS:
            for r in range(1, rows):
                for c in range(1, COLUMNS + 1):
                    if piles[place(r, c)].cards or not any(piles[place(a, c)].cards for a in range(1, r)):
                        continue
                    below = next((b for b in range(r + 1, rows + 1) if piles[place(b, c)].cards), None)
                    if below == rows and dealt <= COLUMNS * rows:
                        faults.append(f"row {r} column {c} is empty over the card of row {rows}, which "
                                      f"could only be a refill after row {rows} was dealt whole "
                                      f"({COLUMNS * rows + 1} cards dealt at least, not {dealt})")
        for i, name in enumerate(FOUNDATIONS):
            cards, rule = piles[name].cards, _RULE[name]
            if not cards:
                if self.withdrawn:
                    faults.append(f"{name} is empty, but the foundations were withdrawn")
                continue
            if cards[0].rank != rule.base or (self.withdrawn and cards[0].suit != SUITS[i % ACE_FOUNDATIONS]):
                faults.append(f"{name} begins with {cards[0]}")
            elif any(rule.build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} is out of sequence")
        for rule in (ACES_UP, KINGS_DOWN):
            suits = [piles[n].cards[0].suit for n in FOUNDATIONS if _RULE[n] == rule and piles[n].cards]
            if len(set(suits)) != len(suits):
                faults.append(f"two foundations starting from the {rule.base.name.lower()} are of one suit")
        aside = len(piles["grace"].cards)
        if aside > self.counters["graces"] or self.counters["graces"] > 1 or (self.counters["graces"] and pack):
            faults.append("the grace is taken once, when the pack is exhausted, and sets one card aside")
        return faults

    def _blocked_by_rule_iv(self, source: str) -> str | None:
        """Rule IV (``refill=before-play``): the vacancy that keeps the row of ``source`` from
        being complete, if ``source`` lies in the row being dealt."""
        if self.options.refill != "before-play" or source not in _WHERE:
            return None
        if _WHERE[source][0] != self.counters["rows"]:
            return None
        return self.incomplete()

    def _card(self, name: str) -> Card:
        card = self.piles[name].top
        assert card is not None
        return card

    # ------------------------------------------------------------------ foundations
    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Why foundation ``name`` does not take ``card``: its sequence, or (Note 1) the rule that
        the four aces, and the four kings, are of different suits."""
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
        against an empty foundation of its kind, if there is one."""
        names = self.piles_of("foundation")
        if not any(self.foundation_fault(n, card) is None for n in names):
            for name in names:
                if self.piles[name].is_empty and _RULE[name].base == card.rank:
                    return name
        return super().foundation_for(card)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule I and the paragraph on the foundations."""
        fault = self.foundation_fault(name, card)
        up = _RULE[name].base == Rank.ACE
        reasons = {
            "must follow suit": ("I", "the foundations follow suit"),
            "start": ("Foundations", "the foundations are begun with aces and kings"),
            "must be next in sequence": ("Foundations", "the aces ascend in sequence to kings" if up
                                         else "the kings descend in sequence to aces"),
            "*": ("Foundations", fault or ""),
        }
        top = self.piles[name].top
        if fault is not None and (fault.startswith("a foundation starts") or "different suits" in fault):
            return self.explain(fault, reasons, card)
        return self.explain(fault, reasons, card, *([top] if top else []))

    def playable(self) -> list[Card]:
        """The cards that can be played to a foundation now."""
        found = []
        for source in self._sources():
            card = self._card(source)
            if any(self.foundation_fault(f, card) is None for f in self.piles_of("foundation")):
                found.append(card)
        return found

    def _sources(self) -> list[str]:
        """The places a card can be played from now: the available places of the tableau that Rule IV
        does not hold back, and the card the grace set aside."""
        free = [p for p in self.available() if self._blocked_by_rule_iv(p) is None]
        return free + (["grace"] if self.piles["grace"].cards else [])

    # ------------------------------------------------------------------ moves
    def refill_move(self, name: str) -> Move:
        """The move that fills the vacancy ``name`` with the next card of the pack."""
        return Move("deal", (), "pack", name, f"refill {name}")

    def grace_move(self, name: str) -> Move:
        """The grace: the card at ``name`` removed from the tableau and set aside."""
        card = self._card(name)
        return Move("grace", (card,), name, "grace", f"grace {card}")

    def moves(self) -> Iterable[Move]:
        """Candidate moves: each available card (and the card of the grace) to the foundations,
        the deal of the next row, the refilling of each vacancy, the grace of each card of the
        tableau; then moves a player might try that the rules forbid: the re-deal, an available
        card into a vacancy or onto another card, and a blocked card to a foundation."""
        free = self.available()
        for source in free + (["grace"] if self.piles["grace"].cards else []):
            yield from self.foundation_moves(source, self._card(source))
        for name in self.vacancies():
            yield self.refill_move(name)
        yield DEAL
        for name in TABLEAU:
            if self.piles[name].cards:
                yield self.grace_move(name)
        yield REDEAL
        vacancy = next(iter(self.vacancies()), None)
        for source in free:
            card = self._card(source)
            if vacancy is not None:
                yield Move("move", (card,), source, vacancy, f"{card} → space")
            for other in free:
                if other != source:
                    yield Move("move", (card,), source, other, f"{card} → {self._card(other)}")
        first = self.piles_of("foundation")[0]
        for source in TABLEAU:
            cards = self.piles[source].cards
            if cards and source not in free:
                card = cards[-1]
                yield Move("move", (card,), source, first, f"{card} → foundation")

    def generate_legal_moves(self) -> list[Move]:
        """The moves the rules allow: the same moves, in the same order, as :meth:`moves` filtered
        by :meth:`violation`, found without trying the forbidden ones.

        >>> game = TheLabyrinth.arrange("2♥ 9♣ --\\n7♦ Q♥ 5♠ 8♣ 6♦ 4♣ J♠ 3♥ 10♦ 9♠", pack="4♦")
        >>> [str(m) for m in game.legal_moves()]
        ['2♥ → foundation', 'Q♥ → foundation', 'deal']
        """
        piles, counters, options = self.piles, self.counters, self.options
        takers = self.foundation_takers()
        tableau = [piles[name].cards for name in TABLEAU]
        rows = counters["rows"]
        pack = bool(piles["pack"].cards)
        # Rule III: the vacancies of the row being dealt are refilled from the pack.
        dealing = [name for name in _ROW_PLACES[rows] if not piles[name].cards] if pack and 0 < rows <= ROWS else []
        # Rule IV (refill=before-play): no card of the row being dealt is played while it has a vacancy.
        held = rows if dealing and options.refill == "before-play" else 0
        legal: list[Move] = []
        sources = [(TABLEAU[i], tableau[i][-1]) for i in self._free(tableau)
                   if not held or i // COLUMNS + 1 != held]
        grace = piles["grace"].cards
        if grace:
            sources.append(("grace", grace[-1]))
        for source, card in sources:
            names = takers.get(card)
            if names is not None:
                legal += moves_up(source, card, names)
        playable = bool(legal)
        legal += [_REFILL[name] for name in dealing]
        if pack and rows < ROWS and not (dealing and options.refill != "optional") \
                and not (playable and options.deal_when == "blocked"):
            legal.append(DEAL)
        if not pack and not counters["graces"] and not playable:  # the grace: any one card of the tableau
            legal += [Move("grace", (cards[-1],), name, "grace", _GRACE_TEXT[cards[-1]])
                      for name, cards in zip(TABLEAU, tableau) if cards]
        return legal

    def _free(self, tableau: list[tuple[Card, ...]]) -> list[int]:
        """The available places (Rule II) as indices of ``tableau``, the cards of every place in
        reading order: the first and the last card of each column (with ``blocking=next-row``,
        each card with an empty place, or none, above or below it)."""
        if self.options.blocking == "column":
            free = set()
            for column in _COLUMN_INDICES:
                filled = [i for i in column if tableau[i]]
                if filled:
                    free.add(filled[0])
                    free.add(filled[-1])
            return sorted(free)
        last = len(tableau) - COLUMNS
        return [i for i, cards in enumerate(tableau)
                if cards and (i < COLUMNS or not tableau[i - COLUMNS] or i >= last or not tableau[i + COLUMNS])]

    # ------------------------------------------------------------------ for the solver
    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, quick to make and to compare: the tableau's cards, each
        foundation by its first and last cards (sorted where the foundations are
        :attr:`INTERCHANGEABLE`: an ace's and a king's foundation still differ by their first card,
        and each kind has four), the grace, and how many cards are left in the pack (the pack is
        only ever dealt from, so that says which)."""
        piles = self.piles
        tableau = tuple([piles[name].cards for name in TABLEAU])
        founded = [(cards[0], cards[-1]) if cards else () for cards in [piles[name].cards for name in FOUNDATIONS]]
        if "foundation" in self.INTERCHANGEABLE:
            founded.sort()
        return (tableau, tuple(founded), piles["grace"].cards, len(piles["pack"].cards),
                tuple(self.counters.values()))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the rows dealt, the graces taken, the card the grace set aside, the places
        of the tableau row by row (each none or one card), each foundation as (its suit, 0 to 3, and its
        cards), the aces' first, and the options that change the play: whether ``blocking=next-row``,
        ``refill`` (0 ``optional``, 1 ``before-deal``, 2 ``before-play``) and whether
        ``deal_when=blocked``.

        >>> pack, rows, graces, grace, tableau, foundations, *options = TheLabyrinth.deal(seed=1).description()
        >>> len(pack), rows, graces, grace, len(tableau), tableau[0] == bytes(TheLabyrinth.deal(seed=1).piles[place(1, 1)].cards)
        (86, 1, 0, b'', 110, True)
        >>> foundations[:1], foundations[4:5], options
        (((0, 1),), ((0, 1),), [False, 0, False])
        """
        piles, options = self.piles, self.options
        return (bytes(piles["pack"].cards), self.counters["rows"], self.counters["graces"], bytes(piles["grace"].cards),
                tuple(bytes(piles[name].cards) for name in TABLEAU), self.suit_foundations(FOUNDATIONS),
                options.blocking == "next-row", ("optional", "before-deal", "before-play").index(options.refill),
                options.deal_when == "blocked")

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to the only foundation it can ever go to, when playing it now rather than
        later can never spoil a win.

        Each suit has an ace's foundation and a king's, and each of them takes one card of every
        rank of the suit: when the card's twin is on one of them already, the card can only ever go
        to the other, and nothing else can go there before it.  Its going must not change where the
        pack's cards go: it does not lie in the row being dealt (whose vacancies are refilled), or
        the pack is exhausted.  And it must not change when the grace may be taken (or, under
        ``deal_when=blocked``, a row dealt), which the rules allow only when no card can be played:
        so either the grace has been taken and the pack is exhausted (from then on cards are only
        played), or the card is the last its foundation takes (a king on an ace's foundation, an ace
        on a king's, so that no card follows it there) and cards are freed only at the ends of their
        columns (``blocking=column``): whenever no card can be played, the card lies inside its
        column (at an end it would be playable), where its going frees no other.  Whatever a winning
        line does, it can then do with the card played first: cards are only freed sooner.

        >>> game = TheLabyrinth.arrange("K♥ 5♣\\n7♦ 2♠", aces="Q♥")
        >>> str(game.safe_move(game.legal_moves()))
        'K♥ → foundation'
        """
        pack = bool(self.piles["pack"].cards)
        graced = self.counters["graces"] > 0 and not pack
        if not graced and self.options.blocking != "column":
            return None
        rows = self.counters["rows"]
        for move in moves:
            if move.kind != "move" or move.target not in _RULE:
                continue
            if pack and move.source in _WHERE and _WHERE[move.source][0] == rows:
                continue
            if (graced or len(self.piles[move.target]) == 12) and self.founded(move.cards[0]):
                return move
        return None

    # ---------------------------------------------------------------- violations
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if move == DEAL:
            return self._deal_violation()
        if move.kind == "deal" and move.source == "pack" and move.target in _WHERE:
            return self._refill_violation(move.target)
        if move.kind == "grace":
            return self._grace_violation(move)
        if (move.kind != "move" or move.source not in self.piles or move.target not in self.piles
                or len(move.cards) != 1 or not (move.source in _WHERE or move.source == "grace")):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        here = self.piles[move.source].top
        if here != card or here.pack != card.pack:
            return self.illegal(*self.AVAILABILITY, card)
        if move.source in _WHERE and not self.is_available(move.source):
            above, below = self._blockers(move.source)
            return self.illegal(*self.AVAILABILITY, f"{card} blocked by {above} and {below}")
        vacancy = self._blocked_by_rule_iv(move.source)
        if vacancy is not None:
            return self.illegal("IV", "each row must be completed before you can play from it",
                                f"{card}; {vacancy} is empty")
        if move.target in _WHERE:
            under = self.piles[move.target].top
            if under is None:
                return self.illegal("Deal", "vacancies are refilled from the pack", card)
            return self.illegal("Deal", "a card leaves the tableau only for the foundations", card, under)
        if not move.target.startswith("foundation"):
            return IllegalMove("Deal", "a card leaves the tableau only for the foundations", str(card))
        return self._foundation_violation(move.target, card)

    def _blockers(self, name: str) -> tuple[Card, Card]:
        """The nearest cards above and below the card at ``name`` in its column."""
        r, c = _WHERE[name]
        above = next(self._card(place(a, c)) for a in range(r - 1, 0, -1) if self.piles[place(a, c)].cards)
        below = next(self._card(place(b, c)) for b in range(r + 1, ROWS + 1) if self.piles[place(b, c)].cards)
        return above, below

    def _deal_violation(self) -> IllegalMove | None:
        """The paragraphs on the rows: each row dealt whole, under the last, until the pack is
        exhausted; the vacancies of the last row refilled first (unless ``refill=optional``)."""
        if self.piles["pack"].is_empty:
            return IllegalMove("Rows", "the pack is exhausted")
        if self.counters["rows"] >= ROWS:
            return IllegalMove("Rows", "the tableau has no room for another row")
        vacancy = self.incomplete()
        if vacancy is not None and self.options.refill != "optional":
            return IllegalMove("Deal", "the vacancies of the row being dealt are refilled from the pack "
                               "before the next row", f"{vacancy} is empty")
        if self.options.deal_when == "blocked":
            playable = self.playable()
            if playable:
                return IllegalMove("Rows", "the next row is dealt only when no card can be played",
                                   f"{playable[0]} can be played")
        return None

    def _refill_violation(self, name: str) -> IllegalMove | None:
        """Rule III: a vacancy is refilled from the pack only in the row being dealt."""
        if self.piles[name].cards:
            return IllegalMove("Deal", "only a vacancy is refilled", f"{name} holds {self._card(name)}")
        if self.piles["pack"].is_empty:
            return IllegalMove("Deal", "the pack is exhausted", f"{name} stays empty")
        if _WHERE[name][0] != self.counters["rows"]:
            return IllegalMove("III", "you can only refill vacancies in the row which you are actually "
                               "dealing", name)
        return None

    def _grace_time(self) -> IllegalMove | None:
        """The paragraph on the grace: once, when the pack is exhausted and all available cards
        have been played."""
        if self.counters["graces"]:
            return IllegalMove("Grace", "there is only one grace")
        left = len(self.piles["pack"])
        if left:
            return IllegalMove("Grace", "the grace comes when the pack is exhausted",
                               f"{left} card{'s' if left != 1 else ''} still to deal")
        playable = self.playable()
        if playable:
            return IllegalMove("Grace", "the grace comes when all available cards have been played",
                               f"{playable[0]} can be played")
        return None

    def _grace_violation(self, move: Move) -> IllegalMove | None:
        if (len(move.cards) != 1 or move.source not in _WHERE or move.target != "grace"):
            return IllegalMove("Grace", "the grace removes one card of the tableau")
        here = self.piles[move.source].top
        if here != move.cards[0] or here.pack != move.cards[0].pack:
            return IllegalMove("Grace", "the grace removes one card of the tableau", str(move.cards[0]))
        return self._grace_time()

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        kind, _, source, target, _ = move
        if kind == "deal" and target is None:
            self._deal_row()
            return
        # A card to a foundation, the grace's card set aside, or a vacancy refilled from the pack.
        piles = self.piles
        here = piles[source]
        cards = here.cards
        piles[source] = here.without(1)
        there = piles[target]
        piles[target] = Pile(there.cards + cards[-1:], there.face_down)
        if kind == "grace":
            self.counters["graces"] += 1

    def _deal_row(self) -> None:
        """Deal the next row, ten cards from left to right under the last row (fewer if the pack
        runs out); Rule IV: the row is complete before any card of it is played, so it is dealt
        in one move."""
        row = self.counters["rows"] + 1
        if row > ROWS:
            raise InvalidPosition("the tableau has no room for another row")
        piles = self.piles
        pack = piles["pack"]
        cards = pack.cards
        left = len(cards) - min(COLUMNS, len(cards))
        for name, card in zip(_ROW_PLACES[row], reversed(cards[left:])):  # the top card first
            there = piles[name]
            piles[name] = Pile(there.cards + (card,), there.face_down)
        piles["pack"] = Pile(cards[:left], min(pack.face_down, left))
        self.counters["rows"] = row

    @property
    def is_won(self) -> bool:
        piles = self.piles
        return all(len(piles[name].cards) == 13 for name in FOUNDATIONS)

    # ------------------------------------------------------------------ parsing
    def aliases(self, move: Move) -> set[str]:
        """Besides the notation: ``refill`` (and ``refill column 3``) name the refilling of a
        vacancy, the first legal one for ``refill``; the grace may be written ``7♥ → grace`` or
        ``remove 7♥``; a move into a vacancy may name the vacancy's place."""
        names = super().aliases(move)
        if move.kind == "deal" and move.target in _WHERE:
            names |= {"refill", f"refill column {_WHERE[move.target][1]}"}
        elif move.kind == "grace":
            card = move.cards[0]
            names |= {f"{card} → grace", f"remove {card}"}
        elif move.kind == "move" and move.target in _WHERE and not self.piles[move.target].cards:
            card = move.cards[0]
            names |= {f"{card} → {p}" for p in self.vacancies()} | {f"{card} → vacancy"}
        return names

    def parse_move(self, text: str) -> Move:
        """As :meth:`Game.parse_move`; ``refill`` with no vacancy is refused rather than not
        understood."""
        if text.strip().lower().startswith("refill") and not self.vacancies():
            raise IllegalMove("Deal", "there is no vacancy to refill")
        return super().parse_move(text)

    # --------------------------------------------------------------- the text
    def __str__(self) -> str:
        """The position text; the rows not yet dealt are left out (they are empty)."""
        lowest = max((_WHERE[p][0] for p in TABLEAU if self.piles[p].cards), default=0)
        to_come = set(TABLEAU[max(self.counters["rows"], lowest) * COLUMNS:])
        return "\n".join(line for line in super().__str__().splitlines()
                         if line.split(":")[0] not in to_come)

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """The foundations in a line above, the four kings on the left and the four aces on the
        right ("four kings and four aces"), the grace and the pack beside them; below, the rows of
        ten, each under the last, as on plate 025.  The rows still to come are not drawn; empty
        places (the vacancies) are drawn first."""
        spots = []
        for i, name in enumerate(self.piles_of("foundation")):
            x = i + ACE_FOUNDATIONS if i < ACE_FOUNDATIONS else i - ACE_FOUNDATIONS
            label = "" if self.piles[name].cards else _RULE[name].base.symbol
            spots.append(Spot(name, x, 0, label=label))
        spots.append(Spot("grace", COLUMNS - 2 + 0.2, 0, draw_empty=False))
        spots.append(Spot("pack", COLUMNS - 1 + 0.2, 0))
        dealt = self.counters["rows"]
        tableau = [Spot(name, c - 1, round(TABLEAU_TOP + (r - 1) * ROW_STEP, 3), draw_empty=r <= dealt)
                   for name, (r, c) in _WHERE.items()]
        tableau.sort(key=lambda s: bool(self.piles[s.pile].cards))  # empty places first: under the cards
        return spots + tableau


#: The tableau of plate 025, row by row ("--": an empty place).  Eleven rows: the last has three cards.
PLATE_ROWS = """\
7♠  K♣  --  3♥  8♦  2♠  --  --  --  3♣
7♣  K♦  --  Q♠  --  9♣  A♦  5♥  --  4♦
--  --  7♥  7♦  6♠  4♠  --  6♦  J♣  --
10♦ 10♥ J♦  --  8♠  --  --  --  Q♥  9♠
3♠  --  6♥  2♦  A♥  --  --  J♥  4♥  --
9♦  5♦  3♠  5♣  Q♦  --  --  A♣  --  J♦
--  --  5♣  --  --  4♣  --  10♥ 6♦  10♠
--  9♠  6♥  K♠  --  10♣ --  8♣  A♦  K♥
--  5♠  6♣  --  7♦  7♣  8♥  8♦  9♦  4♠
Q♣  --  6♠  J♣  4♦  --  5♦  --  2♠  3♣
--  J♠  9♥  --  2♣
"""


def _plate_position() -> str:
    """Plate 025 under Note 1 (the plate shows both aces of diamonds in the tableau, and eleven rows,
    which only the 104 cards of Note 1's deal can make).  The foundations and the pack are not on the
    plate: the foundations hold the cards the plate does not show that follow on from an ace or a king,
    the pack the seventeen others, in new-pack order."""
    shown = Counter(Card.parse(t) for t in PLATE_ROWS.split() if t != "--")
    unseen = Counter(whist_pack(2))
    unseen.subtract(shown)
    aces: list[str] = []
    kings: list[str] = []
    for suit in SUITS:
        for base, step, tops in ((Rank.ACE, 1, aces), (Rank.KING, -1, kings)):
            rank, top = int(base), None
            while 1 <= rank <= 13 and unseen[Card(Rank(rank), suit)] > 0:
                unseen[Card(Rank(rank), suit)] -= 1
                top, rank = Card(Rank(rank), suit), rank + step
            if top is not None:
                tops.append(str(top))
    game = TheLabyrinth.arrange(PLATE_ROWS, aces=" ".join(aces), kings=" ".join(kings),
                                foundations="as-they-appear")
    game.seed = 0
    return str(game)


TheLabyrinth.PLATE = _plate_position()
