"""The Besieged City: two packs; a Reserve of twelve inside Ramparts of fourteen, foundations
that go up and down at once, from ace to ace.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Besieged City", plate 015.  Twelve cards are dealt in four rows of three,
the *Reserve*; around them an outside row of fourteen, the *Ramparts*: three
above, four on the right, three below and four on the left.  The four
foundations are aces of different suits, each built in its suit in the order
A, K, 2, Q, 3, J, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, J, 3, Q, 2, K, A
(Rule VI): twenty-six cards, both packs' cards of its suit.  Cards go up from
the Ramparts and from the pack.  The top cards of the Ramparts may be laid on one
another in suit, a card one higher or one lower, or next to it in the order of
play ("queen on two, knave on three") (Rule II); a card of the Reserve may go
onto a Rampart only at an end of its own row or column (Rule III).  A vacancy
in the Ramparts is filled at once from the Reserve, with a card of the row or
column it ends (Rule IV), and a vacancy in the Reserve from the talon, or from
the pack when there is no talon (Rule V).  The pack is dealt card by card, a
card that suits a foundation going up, the others to the talon.  At the end,
cards of the Reserve may be transposed so that they can reach the Ramparts.

The places the book's notes letter are ``left 1`` (A), ``top 1`` (B),
``right 1`` (C) and ``bottom 1`` (D); a move may name them by letter.

>>> from patience import load
>>> game = TheBesiegedCity.from_plate()
>>> print(game.table())
 --     7♥  2♦  5♣     --
 5♠  |  4♣  3♣  A♦  |  6♥
 K♦  |  7♠  10♣ 3♥  |  9♦
 4♥  |  A♣  K♥  8♥  |  3♠
 10♦ |  6♠  5♦  2♥  |  Q♦
 --     3♣  J♥  2♣     --
pack: 78 cards   talon: --
>>> game.play("4♣ → D")
Move('move', (Card.parse('4♣'),), 'reserve 1', 'bottom 1', '4♣ → 3♣')
>>> game.play("7♠ → C")
Traceback (most recent call last):
...
patience.errors.IllegalMove: Rule III — a card of the Reserve goes only on the cards at the ends of its own row or column (7♠ on 6♥)
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterable, Iterator, Mapping, Sequence

from ..cards import Card, Rank, Suit, parse_cards, shuffled, whist_pack
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto
from ..options import Option
from ..solve import PACK_RUN, runs_using
from . import register

__all__ = ["TheBesiegedCity", "ORDER"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Besieged City”"

#: The values of a foundation from its first card to its last (Rule VI and PLAY): "kings, then
#: deuces, queens, threes, and so on …, finishing as well as beginning with aces".
ORDER = (1, 13, 2, 12, 3, 11, 4, 10, 5, 9, 6, 8, 7, 7, 8, 6, 9, 5, 10, 4, 11, 3, 12, 2, 13, 1)
ROWS, COLUMNS = 4, 3
RESERVE = tuple(f"reserve {i + 1}" for i in range(ROWS * COLUMNS))
TOP = tuple(f"top {c + 1}" for c in range(COLUMNS))
BOTTOM = tuple(f"bottom {c + 1}" for c in range(COLUMNS))
LEFT = tuple(f"left {r + 1}" for r in range(ROWS))
RIGHT = tuple(f"right {r + 1}" for r in range(ROWS))
RAMPARTS = TOP + RIGHT + BOTTOM + LEFT
FOUNDATIONS = tuple(f"foundation {i + 1}" for i in range(4))
#: The order the fourteen cards of the Ramparts are dealt: round the Reserve clockwise from B.
RAMPART_DEAL = TOP + RIGHT + tuple(reversed(BOTTOM)) + tuple(reversed(LEFT))
#: The places the book's notes name by letter.
LETTERS = {"left 1": "A", "top 1": "B", "right 1": "C", "bottom 1": "D"}

#: Each place of the Reserve: its row and column (from 1), and the four Ramparts at the ends of
#: its row and its column (Rule III).
PLACE = {name: (i // COLUMNS + 1, i % COLUMNS + 1) for i, name in enumerate(RESERVE)}
ENDS = {name: (f"left {r}", f"right {r}", f"top {c}", f"bottom {c}") for name, (r, c) in PLACE.items()}
#: Each Rampart: the places of the Reserve in the row or column it ends (Rule IV).
LINE = {
    **{f"top {c}": tuple(n for n, (_, cc) in PLACE.items() if cc == c) for c in range(1, COLUMNS + 1)},
    **{f"bottom {c}": tuple(n for n, (_, cc) in PLACE.items() if cc == c) for c in range(1, COLUMNS + 1)},
    **{f"left {r}": tuple(n for n, (rr, _) in PLACE.items() if rr == r) for r in range(1, ROWS + 1)},
    **{f"right {r}": tuple(n for n, (rr, _) in PLACE.items() if rr == r) for r in range(1, ROWS + 1)},
}

DEAL = Move("deal", notation="deal")


def neighbours(order_pairs: str) -> frozenset[tuple[int, int]]:
    """The pairs of values (either way round) that Rule II lets lie on each other, beside the usual
    sequences (one higher or one lower): with ``"played"`` two values next to each other in the
    order of play (:data:`ORDER`), with ``"fourteen"`` only those that make fourteen, as the book's
    examples do ("queen on two, knave on three").

    >>> (12, 2) in neighbours("played"), (13, 2) in neighbours("played"), (13, 2) in neighbours("fourteen")
    (True, True, False)
    """
    pairs = {(a, b) for a, b in zip(ORDER, ORDER[1:])}
    if order_pairs == "fourteen":
        pairs = {(a, b) for a, b in pairs if a + b == 14}
    pairs |= {(b, a) for a, b in pairs}
    pairs |= {(v, v + 1) for v in range(1, 13)} | {(v + 1, v) for v in range(1, 13)}
    return frozenset(pairs)


_NEIGHBOURS = {name: neighbours(name) for name in ("played", "fourteen")}


@register
class TheBesiegedCity(Game):
    """The Besieged City: two packs; the Reserve inside the Ramparts, foundations from ace to ace."""

    slug = "the-besieged-city"
    name = "The Besieged City"
    chapter = "the-besieged-city"
    order = 15
    source = SOURCE
    plate = "015"
    packs = 2
    RULES = {
        "I": "The foundations are formed with cards from the Ramparts and from the pack. Cards from the "
        "talon must pass through the Reserve, and the Reserve must pass into the Ramparts before they "
        "can be played.",
        "II": "Cards in the Ramparts may be placed on each other either in the usual ascending and "
        "descending sequences, or in the order in which they will be played, viz., queen on two, knave "
        "on three, and so on, or vice versâ. They must be of the same suit; and sequences, both in "
        "ascending and in descending lines, may be placed in the same packet. Cards in the Ramparts may "
        "be transferred from one packet to another at discretion (the top card of each being alone "
        "available), and they must follow suit.",
        "III": "Cards in the Reserve may in the same way be placed on those in the Ramparts, but only on "
        "the cards at the ends or sides of the line from which they are taken.",
        "IV": "Vacancies in the Ramparts are filled from the Reserve with any card in the row at the end "
        "of which the vacancy occurs.",
        "V": "Vacancies in the Reserve are filled from the talon or, when there is no talon, from the pack.",
        "VI": "The foundations must follow suit.",
        "Deal": "Deal twelve cards in four rows of three cards each. Then deal an outside row of fourteen "
        "cards placed crossways. These are the “Ramparts.” The inside twelve cards are the “Reserve.”",
        "Foundations": "The foundation cards are four aces of different suits. On these are placed kings, "
        "then deuces, queens, threes, and so on, each foundation consisting of alternate sequences, "
        "ascending and descending, and finishing as well as beginning with aces (Rule VI).",
        "Play": "Having placed the tableau, take from the Ramparts aces or other suitable cards (if any "
        "have been dealt), and play them in their allotted places, immediately filling each vacancy as "
        "it occurs (Rules IV and V); this must be done throughout the game. Then transfer cards in the "
        "Ramparts, and from the Reserve, as directed in Rules II and III.",
        "Talon": "When you have done all that you wished (for it is optional), and again played if you "
        "can, deal out the remainder of the pack, the cards not suitable for the foundations being "
        "placed in a talon.",
        "Transpose": "At the end of the patience, when the talon is exhausted and all the cards have been "
        "dealt, should there still be cards in the Reserve which cannot be transferred to the Ramparts, "
        "you may transpose them to effect this if you can.",
    }
    AVAILABILITY = ("II", "the top card of each packet of the Ramparts is alone available")
    UNDEALT = ("pack",)
    TALON_RULE = ("I", "cards from the talon must pass through the Reserve")
    INTERCHANGEABLE = ("foundation",)
    OPTIONS = (
        Option(
            "order_pairs",
            "played",
            "Rule II's “order in which they will be played”: two cards next to each other in the "
            "foundations' order ('played': queen on two, three on queen, knave on three …) or only the "
            "pairs that make fourteen, as the book's examples ('fourteen': queen on two, knave on three, "
            "ten on four …, king on ace)",
            choices=("played", "fourteen"),
        ),
        Option(
            "transpose",
            "to-effect",
            "the transpositions at the end: only one that brings a card to where it can go to the "
            "Ramparts ('to-effect', the book's “to effect this”), or 'any'",
            choices=("to-effect", "any"),
        ),
    )

    #: Plate 015, read card by card (see the chapter's table).  The plate shows no pack: the 78
    #: cards it leaves lie in the order of deal 15's shuffle, the first to be dealt first.
    PLATE: ClassVar[str] = ""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack, the talon, the four foundations, the twelve places of the Reserve (row by row
        from the top, each row from the left), and the Ramparts: the three above (from the left), the
        four on the right and the four on the left (from the top), the three below (from the left)."""
        return ["pack", "talon", *FOUNDATIONS, *RESERVE, *TOP, *RIGHT, *LEFT, *BOTTOM]

    def lay_out(self, cards: list[Card]) -> None:
        """Twelve cards in four rows of three, then the fourteen of the Ramparts round them, clockwise
        from B (the left one above); the rest is the pack, face down, the next card on top."""
        for name, card in zip(RESERVE, cards):
            self.piles[name] = Pile((card,))
        for name, card in zip(RAMPART_DEAL, cards[len(RESERVE):]):
            self.piles[name] = Pile((card,))
        rest = tuple(reversed(cards[len(RESERVE) + len(RAMPARTS):]))
        self.piles["pack"] = Pile(rest, len(rest))

    @classmethod
    def arrange(cls, places: dict[str, str], pack: str = "", talon: str = "", **options: Any) -> TheBesiegedCity:  # type: ignore[override]
        """A position for examples: ``places`` gives the cards of the Reserve's places and of the
        Ramparts (``"top 1"``, or the letters ``"A"`` … ``"D"``; a packet bottom first), ``pack`` the
        cards still to deal, the next first, ``talon`` the talon, bottom first.  Every other card is on
        the foundations, each built as high as the cards left allow (one suit to a foundation, in the
        order ♠, ♥, ♦, ♣), and those they cannot take lie at the bottom of the pack, to be dealt last.

        >>> game = TheBesiegedCity.arrange({"D": "3♣", "reserve 1": "4♣"})
        >>> [len(game.piles[f]) for f in FOUNDATIONS], str(game.piles["foundation 4"].top)
        ([26, 26, 26, 19], '10♣')
        >>> print(game.piles["pack"])
        [K♣] [Q♣] [J♣] [2♣] [A♣]
        """
        letter = {v: k for k, v in LETTERS.items()}
        game = cls(**options)
        given: list[Card] = []
        for name, text in places.items():
            name = letter.get(name, name)
            if name not in RESERVE and name not in RAMPARTS:
                raise InvalidPosition(f"unknown place {name!r} in {game.name}")
            game.piles[name] = Pile.of(text)
            given += game.piles[name].cards
        dealt = parse_cards(pack)
        game.piles["pack"] = Pile(tuple(reversed(dealt)), len(dealt))
        game.piles["talon"] = Pile(tuple(parse_cards(talon)))
        given += dealt + list(game.piles["talon"].cards)
        left = list(whist_pack(2))
        for card in given:
            if card not in left:
                raise InvalidPosition(f"too many {card} for two packs")
            left.remove(card)
        for i, suit in enumerate(Suit):
            cards: list[Card] = []
            for value in ORDER:
                match = next((c for c in left if c.suit == suit and c.value == value), None)
                if match is None:
                    break
                left.remove(match)
                cards.append(match)
            game.piles[FOUNDATIONS[i]] = Pile(tuple(cards))
        if left:  # the cards the foundations cannot take yet: at the bottom of the pack, dealt last
            pack_cards = game.piles["pack"].cards
            game.piles["pack"] = Pile(tuple(reversed(left)) + pack_cards, len(left) + len(pack_cards))
        return cls.from_position(str(game))

    # ------------------------------------------------------------ what goes where
    def foundation_takes(self, name: str, card: Card) -> bool:
        """Whether the foundation ``name`` takes ``card`` now: an empty one an ace of a suit no
        foundation has begun, another the next value of its order in its suit (Rule VI)."""
        cards = self.piles[name].cards
        if not cards:
            return card.value == 1 and not any(
                self.piles[f].cards and self.piles[f].cards[0].suit is card.suit for f in FOUNDATIONS)
        return len(cards) < len(ORDER) and card.suit is cards[0].suit and card.value == ORDER[len(cards)]

    def goes_on(self, card: Card, under: Card) -> bool:
        """Rule II: ``card`` may lie on ``under`` (same suit; one higher or lower, or next to it in
        the order of play)."""
        return card.suit is under.suit and (card.value, under.value) in _NEIGHBOURS[self.options.order_pairs]

    def pending(self) -> list[str]:
        """The vacancies in the Ramparts that must be filled now: empty Ramparts whose row or
        column of the Reserve holds a card (Rule IV, "immediately filling each vacancy")."""
        piles = self.piles
        return [r for r in RAMPARTS if not piles[r].cards and any(piles[p].cards for p in LINE[r])]

    @property
    def ended(self) -> bool:
        """"When the talon is exhausted and all the cards have been dealt"."""
        return not self.piles["pack"].cards and not self.piles["talon"].cards

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """The fills of the Ramparts' vacancies; the deal; each top card of the Ramparts to each
        foundation and onto each other Rampart; each card of the Reserve onto each Rampart;
        transpositions of the Reserve."""
        piles = self.piles
        for rampart in RAMPARTS:
            if not piles[rampart].cards:
                for place in RESERVE:
                    card = piles[place].top
                    if card is not None:
                        yield Move("move", (card,), place, rampart, f"{card} → {rampart}")
        yield DEAL
        for source in (*RAMPARTS, *RESERVE):
            card = piles[source].top
            if card is None:
                continue
            for name in FOUNDATIONS:
                yield Move("move", (card,), source, name, f"{card} → {name}")
            for target in RAMPARTS:
                under = piles[target].top
                if target != source and under is not None:
                    yield Move("move", (card,), source, target, f"{card} → {under}")
        yield from self._transpositions()

    def _transpositions(self) -> Iterator[Move]:
        """Every exchange of two places of the Reserve (a card with a card, or a card into an
        empty place), in order."""
        piles = self.piles
        for i, one in enumerate(RESERVE):
            for two in RESERVE[i + 1:]:
                a, b = piles[one].top, piles[two].top
                if a is not None and b is not None:
                    yield Move("transpose", (a, b), one, two, f"{a} ↔ {b}")
                elif a is not None:
                    yield Move("transpose", (a,), one, two, f"{a} → {two}")
                elif b is not None:
                    yield Move("transpose", (b,), two, one, f"{b} → {one}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly: while a vacancy in the
        Ramparts waits, only the cards of its line that fill it; else the deal, the top cards of the
        Ramparts up and across, the cards of the Reserve onto the ends of their lines, and at the end
        the transpositions that bring a card within reach."""
        piles = self.piles
        waiting = self.pending()
        if waiting:
            return [move_onto((piles[p].cards[-1],), p, r, r)
                    for r in waiting for p in RESERVE if piles[p].cards and p in LINE[r]]
        moves: list[Move] = []
        if piles["pack"].cards:
            moves.append(DEAL)
        moves += self._moves_between(self._going_up(piles))
        if self.ended:
            moves += [m for m in self._transpositions() if self._transpose_fault(m) is None]
        return moves

    def _moves_between(self, ups: dict[tuple[Any, int], list[str]]) -> list[Move]:
        """The top cards of the Ramparts up (to the foundations ``ups`` gives for their suit and
        value) and across, then the cards of the Reserve onto the ends of their lines, in the order
        of :meth:`moves` (no vacancy in the Ramparts waiting)."""
        piles = self.piles
        moves: list[Move] = []
        pairs = _NEIGHBOURS[self.options.order_pairs]
        tops = [(r, piles[r].cards[-1]) for r in RAMPARTS if piles[r].cards]
        for source, card in tops:
            for name in ups.get((card.suit, card.value), ()):
                moves.append(move_onto((card,), source, name, name))
            for target, under in tops:
                if target != source and card.suit is under.suit and (card.value, under.value) in pairs:
                    moves.append(move_onto((card,), source, target, under.text))
        for place in RESERVE:
            cards = piles[place].cards
            if not cards:
                continue
            card = cards[-1]
            ends = ENDS[place]
            for target, under in tops:
                if target in ends and card.suit is under.suit and (card.value, under.value) in pairs:
                    moves.append(move_onto((card,), place, target, under.text))
        return moves

    @staticmethod
    def _going_up(piles: Mapping[str, Pile]) -> dict[tuple[Any, int], list[str]]:
        """The foundations that take a card of each suit and value, as ``piles`` lie."""
        takes: dict[tuple[Any, int], list[str]] = {}
        begun = {piles[f].cards[0].suit for f in FOUNDATIONS if piles[f].cards}
        for name in FOUNDATIONS:
            cards = piles[name].cards
            if not cards:
                for suit in Suit:
                    if suit in begun:
                        continue
                    takes.setdefault((suit, 1), []).append(name)
            elif len(cards) < len(ORDER):
                takes.setdefault((cards[0].suit, ORDER[len(cards)]), []).append(name)
        return takes

    # ---------------------------------------------------------------- refusals
    def violation(self, move: Move) -> IllegalMove | None:
        piles = self.piles
        if move.kind == "deal":
            if not piles["pack"].cards:
                return IllegalMove("Talon", "the pack is exhausted")
            return self._waiting()
        if move.kind == "transpose":
            return self._waiting() or self._transpose_fault(move)
        if move.kind != "move" or len(move.cards) != 1 or move.source not in piles or move.target not in piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card, source, target = move.cards[0], move.source, move.target
        if source == "pack":
            return IllegalMove(*self.UNDEALT_RULE, str(card))
        if source == "talon":
            return IllegalMove(*self.TALON_RULE, str(card))
        if source in FOUNDATIONS:
            return self.illegal(*self.STAYS["foundation"], card)
        if piles[source].top != card:
            return self.illegal(*self.AVAILABILITY, card)
        if target in FOUNDATIONS and source in RESERVE:
            return self.illegal("I", "the Reserve must pass into the Ramparts before they can be played", card)
        if target in RAMPARTS and not piles[target].cards:
            return self._fill_fault(source, target, card)
        waiting = self._waiting()
        if waiting is not None:
            return waiting
        if target in FOUNDATIONS:
            return self._foundation_fault(target, card)
        if target not in RAMPARTS or target == source:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        under = piles[target].cards[-1]
        if source in RESERVE and target not in ENDS[source]:
            return self.illegal("III", "a card of the Reserve goes only on the cards at the ends of its own "
                                "row or column", card, under)
        if card.suit is not under.suit:
            return self.illegal("II", "cards in the Ramparts must follow suit", card, under)
        if (card.value, under.value) not in _NEIGHBOURS[self.options.order_pairs]:
            which = ("queen on two, knave on three" if self.options.order_pairs == "fourteen"
                     else "next to it in the order they will be played")
            return self.illegal("II", f"a card goes on one a value higher or lower, or {which}", card, under)
        return None

    def _waiting(self) -> IllegalMove | None:
        """Rule IV and PLAY: nothing else is done while a vacancy in the Ramparts waits to be filled."""
        waiting = self.pending()
        if waiting:
            return IllegalMove("IV", "a vacancy in the Ramparts is filled immediately, from the Reserve",
                               waiting[0])
        return None

    def _fill_fault(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """Rule IV: a vacancy in the Ramparts takes a card of the Reserve in the line it ends."""
        if source not in RESERVE:
            return self.illegal("IV", "vacancies in the Ramparts are filled from the Reserve", card, target)
        if source not in LINE[target]:
            return self.illegal("IV", "a vacancy in the Ramparts is filled with a card in the row at the end of "
                                "which it occurs", card, target)
        return None

    def _foundation_fault(self, name: str, card: Card) -> IllegalMove | None:
        """The foundations: aces of different suits, then the order of play in suit (Rule VI)."""
        if self.foundation_takes(name, card):
            return None
        cards = self.piles[name].cards
        if not cards:
            if card.value != 1:
                return self.illegal("Foundations", "the foundation cards are aces", card, name)
            return self.illegal("Foundations", "the foundation cards are four aces of different suits", card)
        if len(cards) == len(ORDER):
            return self.illegal("Foundations", "the foundation is complete, finishing with an ace", card, cards[-1])
        if card.suit is not cards[0].suit:
            return self.illegal("VI", "the foundations must follow suit", card, cards[-1])
        return self.illegal("Foundations", f"after the {cards[-1]} the foundation takes a "
                            f"{Rank(ORDER[len(cards)]).name.lower()}", card, cards[-1])

    def _transpose_fault(self, move: Move) -> IllegalMove | None:
        """At the end only, two places of the Reserve exchange their cards, to bring a card within
        reach of the Ramparts (with ``transpose=to-effect``)."""
        piles = self.piles
        one, two = move.source, move.target
        if one not in RESERVE or two not in RESERVE or one == two:
            return IllegalMove("Transpose", "only cards of the Reserve are transposed", str(move))
        if tuple(c for c in (piles[one].top, piles[two].top) if c is not None) != move.cards:
            return IllegalMove("Transpose", "the cards named are not in those places", str(move))
        if not self.ended:
            return IllegalMove("Transpose", "cards of the Reserve are transposed only at the end, when the "
                               "talon is exhausted and all the cards have been dealt", str(move))
        if self.options.transpose == "to-effect":
            moved = [(piles[one].top, two), (piles[two].top, one)]
            if not any(card is not None and self._reaches(card, place) for card, place in moved):
                return IllegalMove("Transpose", "a transposition must bring a card where it can be transferred "
                                   "to the Ramparts", str(move))
        return None

    def _reaches(self, card: Card, place: str) -> bool:
        """Whether ``card`` at the Reserve's ``place`` could go to the Ramparts: onto the top card
        of one at the ends of its lines (Rule III), or into a vacancy there (Rule IV)."""
        for end in ENDS[place]:
            under = self.piles[end].top
            if under is None or self.goes_on(card, under):
                return True
        return False

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        piles = self.piles
        kind = move[0]
        if kind == "deal":
            pack = piles["pack"]
            card = pack.cards[-1]
            piles["pack"] = Pile(pack.cards[:-1], pack.face_down - 1)
            target = next((name for name in FOUNDATIONS if self.foundation_takes(name, card)), "talon")
            piles[target] = Pile(piles[target].cards + (card,))
            return
        source, target = move[2], move[3]
        if kind == "transpose":
            piles[source], piles[target] = piles[target], piles[source]
            return
        here = piles[source]
        piles[source] = Pile(here.cards[:-1])
        piles[target] = Pile(piles[target].cards + here.cards[-1:])
        if source in RESERVE:
            # Rule V: the vacancy is filled at once, from the talon or, when there is none, the pack
            talon, pack = piles["talon"], piles["pack"]
            if talon.cards:
                piles[source] = Pile(talon.cards[-1:])
                piles["talon"] = Pile(talon.cards[:-1])
            elif pack.cards:
                piles[source] = Pile(pack.cards[-1:])
                piles["pack"] = Pile(pack.cards[:-1], pack.face_down - 1)

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """All 104 cards on the foundations, each from ace to ace."""
        return all(len(self.piles[f].cards) == len(ORDER) for f in FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *The foundations.*  Each begins with an ace, the four of different suits, and follows the
          order of play in its suit (Rule VI).
        - *The Reserve.*  One card at most in each place; no place empty while the talon or the pack
          holds cards (Rule V fills it at once).
        - *Face up and down.*  Only the pack lies face down, and all of it.

        >>> TheBesiegedCity.deal(seed=4).inconsistencies()
        []
        >>> game = TheBesiegedCity.deal(seed=4)
        >>> game.piles["reserve 2"] = game.piles["reserve 2"].added(game.piles["reserve 3"].cards)
        >>> game.piles["reserve 3"] = Pile()
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        reserve 2 holds 2 cards
        reserve 3 is empty while the talon or the pack holds cards
        """
        faults = []
        piles = self.piles
        suits = []
        for name in FOUNDATIONS:
            cards = piles[name].cards
            if not cards:
                continue
            suits.append(cards[0].suit)
            if len(cards) > len(ORDER) or any(c.suit is not cards[0].suit or c.value != v
                                              for c, v in zip(cards, ORDER)):
                faults.append(f"{name} does not follow the order of play in its suit")
        if len(set(suits)) != len(suits):
            faults.append("two foundations are of one suit")
        for name in RESERVE:
            if len(piles[name].cards) > 1:
                faults.append(f"{name} holds {len(piles[name].cards)} cards")
            elif not piles[name].cards and not self.ended:
                faults.append(f"{name} is empty while the talon or the pack holds cards")
        pack = piles["pack"]
        if pack.face_down != len(pack.cards) or any(p.face_down for n, p in piles.items() if n != "pack"):
            faults.append("a card lies face down outside the pack, or face up in it")
        return faults

    # ------------------------------------------------------------ for solvers
    def useful_moves(self) -> list[Move]:
        """The legal moves less an ace to a second empty foundation (the empty ones are alike)."""
        piles = self.piles
        useful = self._useful(self.legal_moves(), piles)
        # The order a search tries them in (stable within the solver's own order): first the moves
        # that uncover a card a foundation takes, then those that take a card from the Reserve (its
        # place is filled from the talon), last those that cover a card a foundation soon wants.
        wanted = self._wanted_soon(piles)
        coming = piles["talon"].top or piles["pack"].top
        return sorted(useful, key=lambda m: -self._promise(m, wanted, coming))

    @staticmethod
    def _useful(moves: Iterable[Move], piles: Mapping[str, Pile]) -> list[Move]:
        """``moves`` less an ace to a second empty foundation of ``piles`` from the same place."""
        seen: set[str] = set()
        useful = []
        for move in moves:
            if move[0] == "move" and move[3] in FOUNDATIONS and not piles[move[3]].cards:
                if move[2] in seen:
                    continue
                seen.add(move[2])
            useful.append(move)
        return useful

    @staticmethod
    def _wanted_soon(piles: Mapping[str, Pile]) -> dict[tuple[Any, int], int]:
        """For each suit and value, how soon its foundation in ``piles`` wants it: 0 next, 1 after
        that, … (the next four cards of each foundation)."""
        soon: dict[tuple[Any, int], int] = {}
        begun = set()
        for name in FOUNDATIONS:
            cards = piles[name].cards
            if cards:
                begun.add(cards[0].suit)
                for k, value in enumerate(ORDER[len(cards):len(cards) + 4]):
                    soon.setdefault((cards[0].suit, value), k)
        for suit in Suit:
            if suit not in begun:
                soon.setdefault((suit, 1), 0)
        return soon

    def _promise(self, move: Move, wanted: dict[tuple[Any, int], int], coming: Card | None) -> int:
        """How promising a move between the piles looks (for :meth:`useful_moves`' order), with
        ``coming`` the card that would fill a place of the Reserve left empty."""
        if move[0] != "move" or move[3] in FOUNDATIONS:
            return 0
        piles = self.piles
        source, target = move[2], move[3]
        score = 0
        if source in RAMPARTS:
            below = piles[source].cards[-2:-1]
            if below and wanted.get((below[0].suit, below[0].value)) == 0:
                score += 10
        else:
            score += 3
            if coming is not None and wanted.get((coming.suit, coming.value)) is not None:
                score += 2
        under = piles[target].top
        if under is not None:
            soon = wanted.get((under.suit, under.value))
            if soon is not None:
                score -= 5 - soon
        return score

    #: A beam search (:func:`patience.solve.beam`) tries from each position one move between the
    #: piles at each card dealt (each card that can go up going at once): the Ramparts offer too
    #: many to try every line of them.
    BEAM_REACH = 1

    def beam_score(self) -> tuple[int, int, int, int]:
        """How good a position looks to a beam search, most first: cards up, fewer cards in the
        pack and the talon (the talon's cards come back only through the Reserve), fewer cards in
        the Ramparts lying above a card their foundation wants before them (each such pair counts:
        the packets must unwind in the order of play), and empty piles.

        >>> game = TheBesiegedCity.arrange({"A": "4♣ 3♣", "B": "3♣ 4♣", "reserve 1": "2♣"})
        >>> str(game.piles["foundation 4"].top), game.beam_score()[2]  # B's 4♣ lies on a 3♣, wanted first
        ('Q♣', -1)
        """
        piles = self.piles
        done = {piles[f].cards[0].suit: len(piles[f].cards) for f in FOUNDATIONS if piles[f].cards}
        later = 0
        for name in RAMPARTS:
            wanted = [_turn(done.get(card.suit, 0), card.value) for card in piles[name].cards]
            later += sum(1 for i, w in enumerate(wanted) for above in wanted[i + 1:] if above > w)
        empty = sum(1 for pile in piles.values() if not pile.cards)
        return (self.progress(), -len(piles["pack"]) - len(piles["talon"]), -later, empty)

    def independent(self, pack_move: Move, move: Move) -> bool:
        """Whether ``move``, made just after a deal, could have been made before it to the same
        effect: not a move from the Reserve (its vacancy takes the talon's top card, or the pack's),
        nor one that leaves a Rampart to be filled so, nor, when the dealt card went up, a move up to
        a foundation (taken for one that needs it, whichever it is); a move between the Ramparts, or
        up after a card dealt to the talon, could."""
        if pack_move.kind != "deal" or move.kind != "move":
            return False
        # (this position is the one just after the deal: did its card go up, or to the talon?)
        before = self._undo[-1][0] if self._undo and self.history and self.history[-1] is pack_move else None
        to_talon = before is not None and len(before["talon"].cards) < len(self.piles["talon"].cards)
        return not self._uses_deal(move, not to_talon)

    def _uses_deal(self, move: Move, went_up: bool) -> bool:
        """Whether ``move`` between the piles, made just after a deal, uses it (:meth:`independent`):
        a move from the Reserve or one that empties a Rampart, and, if the card dealt ``went_up``,
        any move to a foundation."""
        source = move.source
        return (source in RESERVE or (source in RAMPARTS and len(self.piles[source].cards) == 1)
                or (went_up and move.target in FOUNDATIONS))

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out on the pack alone.  A deal changes only the pack, the talon and, when its card
        goes up, a foundation; so the moves between the piles stay as they were until a card goes
        up, and after each deal those that use it (:meth:`independent`) come in the order of
        :meth:`useful_moves`, which only the card coming next into the Reserve changes.  Each deal
        takes a card from the pack, so a run never comes back to where it was.  (A run that empties
        the pack and the talon, bringing the transpositions of the end, is left to the default.)

        >>> from patience import load
        >>> game = load("the-besieged-city", seed=1)
        >>> [" ".join(map(str, run)) for run in game.pack_runs(DEAL)][:2]
        ['deal 8♠ → 9♠', 'deal J♠ → 4♠']
        """
        piles = self.piles
        pack, talon = piles["pack"].cards, piles["talon"].top
        board = dict(piles)  # the foundations as the run leaves them

        def between() -> tuple[dict[tuple[Any, int], list[str]], dict[tuple[Any, int], int], list[Move]]:
            ups = self._going_up(board)
            return ups, self._wanted_soon(board), self._useful(self._moves_between(ups), board)

        ups, wanted, useful = between()
        uses: dict[tuple[bool, bool], list[Move]] = {}  # by whether the card went up and the coming one is wanted
        runs: list[tuple[Move, ...]] = []
        run: tuple[Move, ...] = ()
        for dealt in range(1, min(len(pack), PACK_RUN) + 1):
            card = pack[-dealt]
            run += (first,)
            up = ups.get((card.suit, card.value))
            if up:
                board[up[0]] = Pile(board[up[0]].cards + (card,))
                ups, wanted, useful = between()
                uses = {}
                coming = talon if talon is not None else pack[-dealt - 1] if dealt < len(pack) else None
                if coming is None:
                    return super().pack_runs(first)
            else:
                talon = coming = card
            want = (bool(up), (coming.suit, coming.value) in wanted)
            if want not in uses:
                uses[want] = [m for m in sorted(useful, key=lambda m: -self._promise(m, wanted, coming))
                              if self._uses_deal(m, bool(up))]
            # (the uses' sources, in the Reserve and the Ramparts, lie as they did before the run)
            runs += runs_using(self, run, uses[want], lambda: piles)
        return runs

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played up from the Ramparts when every card that could ever lie on it (Rule II) has
        gone up already, both of each: nothing can need it in the Ramparts any more.  (A vacancy it
        leaves is filled at the player's choice, so only when no vacancy would be left.)"""
        pairs = _NEIGHBOURS[self.options.order_pairs]
        piles = self.piles
        for move in moves:
            if move[0] != "move" or move[3] not in FOUNDATIONS or len(piles[move[2]].cards) < 2:
                continue
            card = move[1][0]
            children = [Card(value, card.suit) for value in range(1, 14) if (value, card.value) in pairs]
            if self.out_already(children):
                return move
        return None

    # ------------------------------------------------------------------ text
    def aliases(self, move: Move) -> set[str]:
        """A vacancy or a Rampart may be named by its letter (A, B, C, D) or its place; an exchange of
        two cards of the Reserve in either order."""
        names = super().aliases(move)
        if move.kind == "move" and move.target in LETTERS:
            names.add(f"{move.cards[0]} → {LETTERS[move.target].lower()}")
        if move.kind == "move" and move.target in RAMPARTS:
            names.add(f"{move.cards[0]} → {move.target}")
        if move.kind == "transpose" and len(move.cards) == 2:
            names.add(f"{move.cards[1]} ↔ {move.cards[0]}")
        return names

    def table(self) -> str:
        """The tableau as it lies: the Ramparts round the Reserve, the foundations' top cards at the
        corners, then the pack and the talon."""
        piles = self.piles

        def top(name: str) -> str:
            card = piles[name].top
            return str(card) if card is not None else "--"

        def cell(name: str, width: int = 3) -> str:
            return top(name).ljust(width)

        lines = [f" {cell('foundation 1')}    " + " ".join(cell(n) for n in TOP) + f"    {top('foundation 2')}"]
        for r in range(ROWS):
            row = " ".join(cell(RESERVE[r * COLUMNS + c]) for c in range(COLUMNS))
            lines.append(f" {cell(LEFT[r])} |  {row} |  {top(RIGHT[r])}")
        lines.append(f" {cell('foundation 3')}    " + " ".join(cell(n) for n in BOTTOM) + f"    {top('foundation 4')}")
        pack = len(piles["pack"])
        lines.append(f"pack: {pack} cards   talon: {top('talon')}" if pack else f"pack: exhausted   talon: {top('talon')}")
        return "\n".join(line.rstrip() for line in lines)

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """The plate's arrangement: the Reserve of four rows of three in the middle, the Ramparts
        round it (those on the left fanning out to the left, those on the right to the right, the
        packets above and below squared), a foundation at each corner; the pack and the talon below."""
        from ..render import fan_width

        reach = fan_width(max([1] + [len(self.piles[r]) for r in LEFT]))
        x0 = reach + 0.25  # the Reserve's first column
        spots = [Spot(FOUNDATIONS[0], reach - 1, 0, label="ace"),
                 Spot(FOUNDATIONS[1], x0 + COLUMNS + 0.25, 0, label="ace")]
        spots += [Spot(name, x0 + c, 0, label=LETTERS.get(name, "")) for c, name in enumerate(TOP)]
        for r in range(ROWS):
            width = fan_width(len(self.piles[LEFT[r]]))
            spots.append(Spot(LEFT[r], reach - width, r + 1, fan="left", label=LETTERS.get(LEFT[r], "")))
            spots += [Spot(RESERVE[r * COLUMNS + c], x0 + c, r + 1) for c in range(COLUMNS)]
            spots.append(Spot(RIGHT[r], x0 + COLUMNS + 0.25, r + 1, fan="right", label=LETTERS.get(RIGHT[r], "")))
        spots += [Spot(FOUNDATIONS[2], reach - 1, ROWS + 1, label="ace"),
                  Spot(FOUNDATIONS[3], x0 + COLUMNS + 0.25, ROWS + 1, label="ace")]
        spots += [Spot(name, x0 + c, ROWS + 1, label=LETTERS.get(name, "")) for c, name in enumerate(BOTTOM)]
        spots += [Spot("pack", x0, ROWS + 2.4, label="pack"), Spot("talon", x0 + 1.25, ROWS + 2.4, label="talon")]
        return spots


def _turn(done: int, value: int) -> int:
    """How many cards a foundation that holds ``done`` cards takes before one of ``value`` (the
    first of its turns still to come; 99 for none)."""
    rest = ORDER[done:]
    return rest.index(value) if value in rest else 99


#: Plate 015, place by place (see the chapter's table of readings).
PLATE_PLACES = {
    "reserve 1": "4♣", "reserve 2": "3♣", "reserve 3": "A♦",
    "reserve 4": "7♠", "reserve 5": "10♣", "reserve 6": "3♥",
    "reserve 7": "A♣", "reserve 8": "K♥", "reserve 9": "8♥",
    "reserve 10": "6♠", "reserve 11": "5♦", "reserve 12": "2♥",
    "top 1": "7♥", "top 2": "2♦", "top 3": "5♣",
    "left 1": "5♠", "left 2": "K♦", "left 3": "4♥", "left 4": "10♦",
    "right 1": "6♥", "right 2": "9♦", "right 3": "3♠", "right 4": "Q♦",
    "bottom 1": "3♣", "bottom 2": "J♥", "bottom 3": "2♣",
}


def _plate_position() -> str:
    """Plate 015's places, the other 78 cards in the pack in the order of deal 15's shuffle."""
    shown = [Card.parse(text) for text in PLATE_PLACES.values()]
    rest = []
    for card in shuffled(whist_pack(2), 15):
        if card in shown:
            shown.remove(card)
        else:
            rest.append(card)
    game = TheBesiegedCity()
    game.seed = 15
    for name, text in PLATE_PLACES.items():
        game.piles[name] = Pile.of(text)
    game.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))
    return str(game)


TheBesiegedCity.PLATE = _plate_position()
