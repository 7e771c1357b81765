"""Fortress: one pack in two groups of rows, the four aces in the space between them.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Fortress", plate 010.  The whole pack is dealt face up in two groups of five
horizontal rows, four rows of five cards and a last row of six in each group,
with a space in the centre for the four aces, which follow suit (Rule II); the
book says they "are to descend in sequence to kings", and the engine builds
them up to the kings (``foundations=descending`` plays the words as printed).
Only the outside card of a row is available: the leftmost card of a row of
the left-hand group, the rightmost of the right-hand group.  An available card
may be played to a foundation or married, one higher or one lower in its suit,
to the outside card of any other row.  A row emptied is a *lane*, which any
available card may refill; a sequence built upwards can be reversed into a
lane, one card at a time.  There is no re-deal.

The rows are the piles ``left row 1`` … ``left row 5`` and ``right row 1`` …
``right row 5``, numbered from the top (the names The Kings gives its rows).  A
row's cards are listed from its inner end (by the aces) to its outside card, so
in both groups the last card listed is the available one, as the uppermost card
of a packet is in other games.  :meth:`Fortress.table` draws the rows as they
lie on the table instead, the left-hand ones read from their outside card in.

>>> from patience import load
>>> game = load("fortress", seed=3)
>>> [len(game.piles[row]) for row in game.rows()]
[5, 5, 5, 5, 6, 5, 5, 5, 5, 6]
>>> print(Fortress.from_plate().table())
     J♣  A♦  4♣ 10♠  2♦   A --   J♠  6♥  Q♣  8♦  8♣
    10♣  4♥  K♠  9♦  J♥   A --   3♦  8♠  9♥  5♣  3♥
     Q♥  3♣  7♠  4♦  2♠   A --   K♥  5♦  9♠  10♦ J♦
     2♥  4♠ 10♥  9♣  Q♠   A --   6♣  2♣  K♣  6♦  6♠
 3♠  A♥  A♠  Q♦  5♠  5♥          7♥  7♦  8♥  A♣  7♣  K♦
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ..build import ACES_UP, Build, Foundation, marriage_reasons
from ..cards import CARDS, Card, Rank, Suit
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto
from ..options import Option
from . import register

__all__ = ["Fortress"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Fortress”"

#: Marriages "both in ascending and in descending lines": same suit, one up or one down.
MARRIAGE = Build("either", "same")
#: The foundations: aces up to kings by default (ACES_UP); the book's own words taken literally
#: are from the ace down, the king coming next (A, K, Q … 2).
DESCENDING = Foundation(Rank.ACE, Build("down", "same", wrap=True))

#: The two groups, in the order the deal reaches them ("beginning at the left hand").
GROUPS = ("left", "right")
#: The cards in each row of a group, top row first: the plate's four rows of five and one of six.
ROW_LENGTHS = (5, 5, 5, 5, 6)
#: The rows of both groups, left group first, and the foundations, as the position lists them.
ROWS = tuple(f"{group} row {r}" for group in GROUPS for r in range(1, len(ROW_LENGTHS) + 1))
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 5))
#: The cards a foundation takes next, by its top card's code, for each way of building.
_FOLLOWERS = {build: tuple(tuple(c for c in CARDS if c is not None and top and build.follows(top, c)) for top in CARDS)
              for build in (ACES_UP.build, DESCENDING.build)}
_ACES = tuple(Card(Rank.ACE, suit) for suit in Suit)


def _size_then_cards(pile: Pile) -> tuple[int, tuple[Card, ...]]:
    return len(pile.cards), pile.cards


@register
class Fortress(Game):
    """Fortress: two groups of five rows; only the outside cards are available."""

    slug = "fortress"
    name = "Fortress"
    chapter = "fortress"
    order = 10
    source = SOURCE
    plate = "010"
    packs = 1
    #: The source's rules: the two numbered ones (Rule I with its note), then the
    #: paragraphs of PLAY that a move can break, under the short names the engine cites.
    RULES = {
        "I": "Only the outside cards of each group are available, until by their removal the next "
        "ones are released, the principle being that no card can be used that has another outside "
        "it. Note.—By “outside” is meant the cards on the right side of the right-hand group, and "
        "those on the left side of the left-hand group.",
        "II": "The foundations must follow suit.",
        "Deal": "Deal out the entire pack horizontally in two groups, as in tableau, beginning at the "
        "left hand, and dealing straight across each group, leaving space in the centre for four aces.",
        "Foundations": "These, when they can be played, form the foundation cards, and are to descend "
        "in sequence to kings.",
        "Marriages": "You next proceed to form marriages, both in ascending and in descending lines, "
        "with cards on the outside of both groups (Rule I).",
        "Lane": "When a lane is to be refilled, select any available card (Rule I), and place it at "
        "the inner end of the lane, and along it any others in sequence of the same suit, the last "
        "card being, of course, the available one.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("I", "no card can be used that has another outside it")
    #: The foundations are alike, and so are the ten rows: a row's outside card is its last card
    #: in either group, and no rule tells one row or one group from another (:meth:`solver_key`).
    INTERCHANGEABLE = ("foundation", "left row", "right row")
    #: The search in C (``_fortress_search.c``), where the build made it: the core's search of the game
    #: (the same moves in the same order, safe moves and positions merged); some seconds of it where no
    #: budget is given.
    SEARCH_IN_C = search_in_c("games._fortress_search")
    OPTIONS = (
        Option(
            "foundations",
            "ascending",
            "how the foundations are built on the aces: 'ascending' (ace, two … king: the engine's "
            "reading) or 'descending' (ace, king, queen … two: the book's words “are to descend in "
            "sequence to kings” taken literally)",
            choices=("ascending", "descending"),
        ),
    )

    #: Plate 010, read card by card and re-read at eight times magnification, pip by pip, with no
    #: card changed (the evidence is in the chapter).  Each row is listed
    #: from its inner end to its outside card, so the left-hand rows read backwards from
    #: the plate.  The ranks of the court cards are the reader's best guesses.
    PLATE = """\
fortress seed=0
foundation 1:
foundation 2:
foundation 3:
foundation 4:
left row 1: 2♦ 10♠ 4♣ A♦ J♣
left row 2: J♥ 9♦ K♠ 4♥ 10♣
left row 3: 2♠ 4♦ 7♠ 3♣ Q♥
left row 4: Q♠ 9♣ 10♥ 4♠ 2♥
left row 5: 5♥ 5♠ Q♦ A♠ A♥ 3♠
right row 1: J♠ 6♥ Q♣ 8♦ 8♣
right row 2: 3♦ 8♠ 9♥ 5♣ 3♥
right row 3: K♥ 5♦ 9♠ 10♦ J♦
right row 4: 6♣ 2♣ K♣ 6♦ 6♠
right row 5: 7♥ 7♦ 8♥ A♣ 7♣ K♦
"""

    # ------------------------------------------------------------------ the deal
    def pile_names(self) -> list[str]:
        return [f"foundation {i}" for i in range(1, 5)] + [
            f"{group} row {r}" for group in GROUPS for r in range(1, len(ROW_LENGTHS) + 1)
        ]

    def rows(self) -> list[str]:
        """The ten rows: the left-hand group's from the top, then the right-hand group's."""
        return self.piles_of("left row") + self.piles_of("right row")

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP if self.options.foundations == "ascending" else DESCENDING

    def foundation_order(self) -> list[Rank]:
        """The ranks in the order a foundation takes them: ace, two … king, or (with
        ``foundations=descending``) ace, king, queen … two."""
        ranks = list(Rank)
        return ranks if self.options.foundations == "ascending" else ranks[:1] + ranks[:0:-1]

    def lay_out(self, cards: list[Card]) -> None:
        """Deal the pack horizontally, one line at a time from the left hand, straight across the
        left-hand group and then the right-hand group.  A left-hand row is dealt from its outside
        card inwards, so it is stored reversed (inner end first, like every row)."""
        dealt = iter(cards)
        for r, length in enumerate(ROW_LENGTHS, start=1):
            for group in GROUPS:
                row = [next(dealt) for _ in range(length)]
                self.piles[f"{group} row {r}"] = Pile(tuple(reversed(row) if group == "left" else row))

    @classmethod
    def arrange(cls, rows: Mapping[str, str], **options: Any) -> Fortress:  # type: ignore[override]
        """A position made of the rows that matter, for examples and tests.

        ``rows`` maps row names (``"right row 2"``) to their cards, from the inner end to
        the outside card.  Every other card lies on the foundations: the cards of each suit
        not placed in a row must be the first of its foundation's sequence (with the default
        foundations, the ace and the cards just above it), and the foundations are filled
        in the order of a new pack (spades, hearts, diamonds, clubs).

        >>> game = Fortress.arrange({"right row 1": "K♥ Q♥ J♥", "left row 3": "10♥"})
        >>> print(game.table())
         --   K♠×13   K♥  Q♥  J♥
         --   9♥×9    --
        10♥   K♦×13   --
         --   K♣×13   --
         --           --
        """
        game = cls(**options)
        placed: list[Card] = []
        for name, text in rows.items():
            if name not in game.rows():
                raise InvalidPosition(f"unknown row {name!r} in {game.name}")
            game.piles[name] = Pile.of(text)
            placed += game.piles[name].cards
        spare = sorted(set(game.pack()) - set(placed))
        if len(placed) != len(set(placed)) or len(spare) + len(placed) != 52:
            raise InvalidPosition("a card is placed twice, or is not a card of the pack")
        foundations = iter(game.piles_of("foundation"))
        order = game.foundation_order()
        for suit in Suit:
            cards = sorted((c for c in spare if c.suit == suit), key=lambda c: order.index(c.rank))
            if not cards:
                continue
            if [order.index(c.rank) for c in cards] != list(range(len(cards))):
                raise InvalidPosition(
                    f"the {suit.name.lower()} not placed in a row ({' '.join(map(str, cards))}) "
                    "are not the start of a foundation"
                )
            game.piles[next(foundations)] = Pile(tuple(cards))
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        rows = self.rows()
        for source in rows:
            card = self.piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            for target in rows:
                if target == source:
                    continue
                under = self.piles[target].top
                yield Move("move", (card,), source, target, f"{card} → {under or 'lane'}")
        yield Move("redeal", notation="redeal")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: each outside card to
        the foundations that take it, onto the outside cards it marries and into the lanes."""
        piles = self.piles
        takers = self._takers()
        # Rule I: the outside card of each row; the rows emptied are lanes.
        outside = [(place, name, cards[-1]) for place, name in enumerate(ROWS) if (cards := piles[name].cards)]
        lanes = [(place, name, None) for place, name in enumerate(ROWS) if not piles[name].cards]
        lying: dict[int, list[tuple[int, str, Card]]] = {}
        for entry in outside:
            lying.setdefault(entry[2], []).append(entry)
        legal: list[Move] = []
        for _, source, card in outside:
            names = takers.get(card)
            if names:
                where = "foundation" if len(names) == 1 else None
                for name in names:
                    legal.append(move_onto((card,), source, name, where or name))
            # Marriages: in suit, one lower or one higher (the codes either side); the Lane: any
            # card may refill it.  In the order of the rows.
            value = card.value
            below = lying.get(card - 1, []) if value != 1 else []
            above = lying.get(card + 1, []) if value != 13 else []
            targets = sorted([*lanes, *below, *above]) if below or above else lanes
            for _, target, under in targets:
                if target != source:
                    legal.append(move_onto((card,), source, target, under.text if under else "lane"))
        return legal

    def _takers(self) -> dict[int, list[str]]:
        """The foundations that take each card now, by its code, as :meth:`foundation_moves` offers
        them: in their order, and of the foundations alike (the empty ones) only the first."""
        return self.worked_out("takers", FOUNDATIONS, self._work_out_takers)

    def _work_out_takers(self, now: list[Pile]) -> dict[int, list[str]]:
        """What :meth:`_takers` answers, worked out for the foundation piles ``now``."""
        piles = self.piles
        followers = _FOLLOWERS[self.foundation_rule(FOUNDATIONS[0]).build]
        takers: dict[int, list[str]] = {}
        for name, pile in zip(FOUNDATIONS, now):
            # Rule II and the foundations: the aces begin them, the rest follow in suit.
            for card in followers[pile.cards[-1]] if pile.cards else _ACES:
                names = takers.setdefault(card, [])
                if all(piles[other] != pile for other in names):
                    names.append(name)
        return takers

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """The foundations, and the ten rows of both groups, each in a fixed order."""
        if not self.INTERCHANGEABLE:
            return self.state_key()
        piles = self.piles

        def alike(names: Sequence[str]) -> tuple[Pile, ...]:
            return tuple(sorted([piles[n] for n in names], key=_size_then_cards))

        return (alike(FOUNDATIONS), alike(ROWS))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the ten rows (each from its inner
        end to its outside card), each foundation as (its suit, 0 to 3, or -1, and its cards), and
        whether the foundations descend.

        >>> rows, foundations, descending = Fortress.deal(seed=1).description()
        >>> [len(row) for row in rows], foundations[0], descending
        ([5, 5, 5, 5, 6, 5, 5, 5, 5, 6], (-1, 0), False)
        """
        piles = self.piles
        return (tuple(bytes(piles[name].cards) for name in ROWS), self.suit_foundations(FOUNDATIONS),
                self.options.foundations == "descending")

    def useful_moves(self) -> list[Move]:
        """The legal moves less a card's moves into a second, third … lane: the lanes are alike."""
        legal = self.legal_moves()
        piles = self.piles
        lanes = [row for row in ROWS if not piles[row].cards]
        if len(lanes) < 2:
            return legal
        return [m for m in legal if m.target not in lanes[1:]]

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when every card that could marry it, but the one that
        follows it on that foundation, is out: with the aces up, always (an ace among them: the
        four foundations are for the four aces); with ``foundations=descending``, every card but
        the ace.

        Say a line of play wins, keeping the card (call it the first of a *chain*) in the rows.
        Play it at once and follow the line, leaving out the moves of chain cards: the only card
        the line can lay on a chain card is the one that follows the last of the chain on the
        foundation (the others are out, or in the chain); where the line lays it there, play it to
        the foundation instead, and it joins the chain.  The rows are then always the line's rows
        less the chain cards, which lie at the outside ends; every move the line makes with the
        other cards stays legal (a lane of the line is a lane here too), and the line's last
        position, every row empty, is reached.  So playing the card can spoil no win."""
        piles = self.piles
        ascending = self.options.foundations == "ascending"
        out: set[Card] | None = None  # the cards on the foundations, gathered when first needed
        for move in moves:
            kind, cards, _, target, _ = move
            if kind != "move" or target not in FOUNDATIONS:
                continue
            card = cards[0]
            value = card.value
            if value == 1 and not ascending:
                continue
            if out is None:
                out = set().union(*[piles[name].cards for name in FOUNDATIONS])
            # The cards that could marry it, one lower and one higher in its suit (the codes either
            # side), less the one that follows it on the foundation: up, the next higher; down
            # (ace, king, queen … deuce), the next lower, none after the deuce.
            successor = (card + 1 if value != 13 else None) if ascending else (card - 1 if value > 2 else None)
            if (value == 1 or card - 1 in out or card - 1 == successor) and (
                value == 13 or card + 1 in out or card + 1 == successor
            ):
                return move
        return None

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if not self.is_available(move):
            return self.illegal(*self.AVAILABILITY, *move.cards[:1])
        card = move.cards[0]
        if move.target.startswith("foundation"):
            return self._foundation_violation(move.target, card)
        if self.piles[move.target].is_empty:
            return None  # the Lane: any available card may refill it
        return self._marriage_violation(move.target, card)

    def is_available(self, move: Move) -> bool:
        """Rule I: one card, the outside card of a row (never a card of the foundations)."""
        assert move.source is not None
        source = self.piles[move.source]
        return (
            not move.source.startswith("foundation")
            and len(move.cards) == 1
            and source.top == move.cards[0]
            and move.target != move.source
        )

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule II and the paragraph on the foundations."""
        way = ("ascend in sequence" if self.options.foundations == "ascending"
               else "descend in sequence (ace, king, queen … deuce)")
        return self.foundation_refusal(name, card, {
            "must follow suit": ("II", "the foundations must follow suit"),
            "start": ("Foundations", "the foundations are begun with the aces"),
            "*": ("Foundations", f"the foundations {way}")})

    def _marriage_violation(self, name: str, card: Card) -> IllegalMove | None:
        """The paragraph on marriages: same suit, one up or one down, on an outside card."""
        under = self.piles[name].top
        assert under is not None
        return self.explain(MARRIAGE.fault(under, card), marriage_reasons(MARRIAGE), card, under)

    def apply(self, move: Move) -> None:
        assert move.source is not None and move.target is not None
        piles = self.piles
        source, target = piles[move.source], piles[move.target]
        left = source.cards[:-1]
        piles[move.source] = Pile(left, source.face_down if source.face_down <= len(left) else len(left))
        piles[move.target] = Pile(target.cards + source.cards[-1:], target.face_down)

    @property
    def is_won(self) -> bool:
        piles = self.piles
        for row in ROWS:
            if piles[row].cards:
                return False
        return True

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The whole pack, face up, at once: there is no stock, and no card
          lies face down.
        - *Which places may be empty.*  Any row (a lane) and any foundation: the rules keep none
          filled.
        - *What may lie where.*  Each foundation begins with its ace and follows its suit in the
          order the option gives (up to the king, or down from the king).  A row is what is left of
          the cards dealt into it (a card leaves it only from its outside end) with a line of
          marriages on its outside card, each one higher or one lower in its suit than the card it
          lies on: so up to that line's first card a row holds no more cards than were dealt into
          it (five, or six in the bottom row).

        >>> Fortress.deal(seed=4).inconsistencies()
        []
        >>> for fault in Fortress.arrange({"right row 1": "K♥ K♠ K♦ K♣ Q♥ Q♦ Q♣"}).inconsistencies():
        ...     print(fault)
        right row 1 holds 7 cards to the first of its line of marriages, but 5 were dealt into it
        """
        faults = []
        piles = self.piles
        for name in FOUNDATIONS:
            cards, rule = piles[name].cards, self.foundation_rule(name)
            if piles[name].face_down:
                faults.append(f"{name} lies face down")
            if cards and cards[0].rank != rule.base:
                faults.append(f"{name} begins with {cards[0]}")
            elif any(rule.build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} is out of sequence")
        for name in ROWS:
            pile, dealt = piles[name], ROW_LENGTHS[int(name.split()[-1]) - 1]
            if pile.face_down:
                faults.append(f"{name} lies face down")
            cards = pile.cards
            start = len(cards)
            while start > 1 and MARRIAGE.fault(cards[start - 2], cards[start - 1]) is None:
                start -= 1
            # cards[start - 1:] is the longest line of marriages the row ends with: all of it may be
            # married but its first card, dealt (so one of the first ``dealt``) or put into a lane.
            if start > dealt:
                faults.append(f"{name} holds {start} cards to the first of its line of marriages, but "
                              f"{dealt} were dealt into it")
        return faults

    # ------------------------------------------------------------------ pictures
    def layout(self) -> list[Spot]:
        """Plate 010's arrangement: the two groups of five rows and the four aces' places in a
        column between them.  A left-hand row fans to the left from its inner end (``fan="left"``),
        a right-hand row to the right, so that every outside card lies on the outside."""
        from ..render import fan_width

        width = fan_width(max([6] + [len(self.piles[row]) for row in self.rows()]))
        centre = width + 0.25
        spots = [
            Spot(row, width - fan_width(len(self.piles[row])), r, fan="left")
            for r, row in enumerate(self.piles_of("left row"))
        ]
        spots += [
            Spot(f, centre, i * 4 / 3, label="" if self.piles[f].cards else self.foundation_rule(f).base.symbol)
            for i, f in enumerate(self.piles_of("foundation"))
        ]
        spots += [Spot(row, centre + 1.25, r, fan="right") for r, row in enumerate(self.piles_of("right row"))]
        return spots

    def table(self) -> str:
        """The table as it lies, as text: each row written as it is seen, left to right, the
        left-hand group's rows ending at the aces' column; a foundation shows its top card and
        how many it holds, an empty one the card it waits for; an empty row (a lane) is ``--``.
        Cards stand in columns three characters wide."""
        left = [" ".join(str(c).rjust(3) for c in reversed(self.piles[row].cards)) or " --"
                for row in self.piles_of("left row")]
        right = [" ".join(str(c).ljust(3) for c in self.piles[row].cards) or "-- "
                 for row in self.piles_of("right row")]
        middle = [self._foundation_text(f) for f in self.piles_of("foundation")] + [""]
        lw, mw = max(map(len, left)), max(map(len, middle))
        return "\n".join(f"{a.rjust(lw)}   {m.ljust(mw)}   {b}".rstrip() for a, m, b in zip(left, middle, right))

    def _foundation_text(self, name: str) -> str:
        pile = self.piles[name]
        if pile.is_empty:
            return f"{self.foundation_rule(name).base.symbol} --"
        return str(pile.top) if len(pile) == 1 else f"{pile.top}×{len(pile)}"

