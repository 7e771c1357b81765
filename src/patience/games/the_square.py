"""The Square: sixteen cards in a square, the four aces at its corners built up to the kings and down again.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Square", plate 034.  Two packs.  Sixteen cards are dealt face up in four
rows of four, the "Square"; the first ace of each suit goes to a corner as it
appears, and the next card takes its place.  Each of the four foundations
ascends in suit from its ace to the king, takes the second king of its suit
and descends again to the second ace: 26 cards, so the four hold both packs
(Rules I and II).  The cards of the Square are played, married in suit one up
or one down, and the sequences so made may be reversed from one packet onto
another; a space in the Square is filled at once from the pack or the talon.
The pack is turned one card at a time: each card is played, married onto the
Square, put in a space or laid on the talon, whose top card, in the engine's
reading, stays in use for play and marriages as well as for the spaces
(``from_talon=spaces`` keeps it for the spaces only).  There is no re-deal.
(Not the modern game called "Square".)

The sixteen packets are numbered row by row, ``packet 1`` at the top left and
``packet 16`` at the lower right.  The foundations take the corners in turn as
their aces appear: ``foundation 1`` top left, ``2`` top right, ``3`` lower left,
``4`` lower right.  The pack is face down and deals from its top (the last card
of its line in the position text); ``turned`` holds the card just turned.

>>> from patience import load
>>> game = load("the-square", seed=3)
>>> [len(game.piles[p]) for p in game.piles_of("packet")] == [1] * 16
True
>>> print(game.piles["foundation 1"], game.piles["foundation 2"], "|", len(game.piles["pack"]))
A♣ A♦ | 86
>>> print(game.play("deal"), game.piles["turned"])
deal 10♦
>>> print(TheSquare.from_plate().piles["foundation 2"])
A♠
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ..build import ACES_UP, Build, Foundation, marriage_reasons, reversal, sequence_length
from ..cards import CARDS, Card, InvalidCard, Rank, Suit
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto, normalise_notation, pile_kind
from ..options import Option
from . import register

__all__ = ["TheSquare", "foundation", "next_rank", "square_text"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Square”"

#: "Marry both in ascending and descending line": in suit, one up or one down.
MARRIAGE = Build("either", "same")
SIDE = 4
PACKETS = SIDE * SIDE
#: The cards of a foundation when it "terminates": ace to king, then the second king down to ace.
FULL = 26

#: What a foundation's faults (from :meth:`TheSquare.foundation_fault`) break, in the book's words.
FOUNDATION_REASONS = {
    "start": ("Foundations", "the foundations are the four aces"),
    "different suits": ("Foundations", "the four aces are of different suits"),
    "in turn": ("Foundations", "the aces take their places in turn, as they appear"),
    "must follow suit": ("I", "the foundations follow suit"),
    "ascend": ("II", "the aces ascend in sequence to kings"),
    "second king": ("II", "when a packet has ascended to king, a second king of the suit is placed on it"),
    "descend": ("II", "the second sequence descends to ace"),
    "complete": ("II", "the foundation terminates with the second ace"),
}


def next_rank(count: int) -> Rank | None:
    """The rank a foundation of ``count`` cards takes next (Rule II): up from the ace to the
    king, then a second king, then down to the ace; None once it holds all 26.

    >>> [next_rank(n).name for n in (0, 1, 12, 13, 14, 25)]
    ['ACE', 'DEUCE', 'KING', 'KING', 'QUEEN', 'ACE']
    >>> next_rank(26) is None
    True
    """
    if count < 13:
        return Rank(count + 1)
    if count < FULL:
        return Rank(FULL - count)
    return None


#: The value a foundation of each number of cards takes next (Rule II), None once complete.
NEXT_VALUE = tuple(None if rank is None else int(rank) for rank in map(next_rank, range(FULL + 1)))
#: The cards each card marries in the Square ("marry both in ascending and descending line"), by code.
SPOUSES = tuple(tuple(other for other in range(1, 53) if MARRIAGE.table()[card][other]) if card else ()
                for card in range(53))
#: A sequence in suit, ascending or descending: what a reversal carries over.
IN_SUIT_UP, IN_SUIT_DOWN = Build("up", "same"), Build("down", "same")
#: The codes of the four aces (a card's code is 13 × suit + value).
ACES = tuple(card for card in CARDS[1:] if card is not None and card.value == 1)
PACKET_NAMES = tuple(f"packet {i}" for i in range(1, PACKETS + 1))
FOUNDATION_NAMES = tuple(f"foundation {i}" for i in range(1, SIDE + 1))
#: Each card's text, by its code.



def foundation(text: str) -> str:
    """A foundation written short, as position text: ``"A♥-5♥"`` is the ace up to the five,
    ``"A♥-K♥-9♥"`` the ace up to the king, then the second king down to the nine.

    >>> foundation("A♣-3♣")
    'A♣ 2♣ 3♣'
    >>> foundation("A♣-K♣-J♣").split()[11:]
    ['Q♣', 'K♣', 'K♣', 'Q♣', 'J♣']
    """
    try:
        ends = [Card.parse(part) for part in text.replace("–", "-").split("-")]
    except InvalidCard as exc:
        raise InvalidPosition(str(exc)) from None
    suit = ends[0].suit
    if ends[0].rank != Rank.ACE or len(ends) > 3 or any(c.suit != suit for c in ends) or (
        len(ends) == 3 and ends[1].rank != Rank.KING
    ):
        raise InvalidPosition(f"a foundation runs up from its ace to the king and down again, not {text!r}")
    top = ends[1].value if len(ends) > 1 else 1
    values = list(range(1, top + 1))
    if len(ends) == 3:
        values += range(13, ends[2].value - 1, -1)
    return " ".join(str(Card(Rank(v), suit)) for v in values)


def square_text(text: str) -> dict[int, str]:
    """The packets of a Square drawn as text, four lines of four packets parted by ``/`` (an empty
    packet written ``--``), by number.

    >>> square_text("7♥ 8♥ / 2♣ / -- / K♠\\n" + "9♥ / 9♥ / 9♥ / 9♥\\n" * 3)[1]
    '7♥ 8♥'
    """
    rows = [line.split("/") for line in text.strip().splitlines() if line.strip()]
    if len(rows) != SIDE or any(len(row) != SIDE for row in rows):
        raise InvalidPosition("the Square is four lines of four packets, parted by '/'")
    cells = [cell.strip() for row in rows for cell in row]
    return {n: "" if cell == "--" else cell for n, cell in enumerate(cells, start=1)}


@register
class TheSquare(Game):
    """The Square: two packs, sixteen cards in a square, four foundations up to king and down to ace."""

    slug = "the-square"
    name = "The Square"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 2 of the first 40 deals its study's search left unknown.
    PLAYS_OUT = True
    #: The search in C (``_the_square_search.c``), where the build made it: the core's search of the
    #: game (the same moves in the same order, runs of the pack and positions merged), some 80 times as
    #: fast; 1,000,000 positions of it where no budget is given (about a second).  It decides no deal
    #: the more for it: of 48 deals that 10,000 positions left unknown, none is decided by a first search
    #: of 2,000,000 positions, nor by searches again in other orders (64 of 100,000, 256 of 10,000 or
    #: 4,096 of 1,000), nor by one with the pack first; the five deals of 1 to 200 the play-out wins are
    #: left unknown by 5,000,000.  So it has no searches again (:attr:`RESTARTS`): its depth-first lines
    #: run to the end of the pack with a third of the cards out, and spend any budget there.
    SEARCH_IN_C = search_in_c("games._the_square_search")
    NODES_IN_C = 1_000_000
    chapter = "the-square"
    order = 34
    source = SOURCE
    plate = "034"
    packs = 2
    #: The two numbered rules, then the paragraphs of PLAY a move can break, under short names.
    RULES = {
        "I": "The foundations follow suit.",
        "II": "The four aces (foundation cards) ascend in sequence to kings. When each packet has "
        "ascended to king, a second king (same suit) is placed on the top, and another sequence on the "
        "same packet descends to ace, with which the four foundations terminate.",
        "Deal": "Deal out sixteen cards, as in tableau. This is the \u201cSquare\u201d (Quadrat).",
        "Foundations": "During the deal, the four aces of different suits must be placed in their allotted "
        "spaces as they appear. These are the foundations, which ascend in sequence to kings and descend "
        "again to aces (Rule II).",
        "Square": "Available cards. Those that are not \u201cblocked\u201d by other cards, i.e., not "
        "forbidden by the particular rules of each game, to be used. (Explanation of Terms)",
        "Marriages": "When the Square is complete, play from it any suitable cards, and marry both in "
        "ascending and descending line with cards on the Square.",
        "Spaces": "… immediately refilling spaces from the pack or talon.",
        "Talon": "Continue to deal out the whole pack, playing first in ascending, then in descending "
        "sequence (Rule II), marrying, and refilling spaces; the unsuitable cards forming the talon.",
        "Reversal": "The sequences on the Square can be reversed from one packet to another, thus if on one "
        "packet there were a sequence of which the top card was a nine, and on another a sequence of which "
        "the top card was either an eight or a ten (of course of the same suit), either of these could be "
        "placed on the nine and the whole sequence reversed.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("Square", "only the top card of each packet of the Square is available")
    UNDEALT_RULE = ("Talon", "the pack is turned one card at a time")
    FACE_DOWN = ("pack",)
    OPTIONS = (
        Option(
            "spaces",
            "at-once",
            "when a space in the Square is filled: 'at-once' (the book's “immediately refilling spaces”: "
            "before any other move) or 'before-talon' (before the next card is laid on the talon; once the "
            "pack is dealt out, whenever the player likes)",
            choices=("at-once", "before-talon"),
        ),
        Option(
            "from_talon",
            "any",
            "where the top card of the talon may go: 'any' place (a foundation, a marriage or a space, "
            "as the cards of a talon “come into use”) or 'spaces' only (“refilling spaces from the pack "
            "or talon”)",
            choices=("any", "spaces"),
        ),
    )

    #: Plate 034, read card by card (the reading is in the chapter): the four aces at the
    #: corners and the Square of sixteen, row by row.  The ranks of the court cards are read from
    #: their figures, matched with the knaves of plate 041 and the K♦ of plate 012; the suits of
    #: the 7♠, J♥, 3♠ and 9♠ are not sure.  Read again (issue 14): packet 6 is the J♥ (was J♠,
    #: by its corner signs) and packet 16 the 8♣ (was 7♣, by its eight pips).  The pack is not on
    #: the plate: it is the other 84 cards of the first reading in new-pack order shuffled with
    #: seed 34 (the next card to turn last), its deeper 8♣ and J♥ since made the 7♣ and J♠.
    PLATE = """\
the-square seed=0
packet 1: 10♥
packet 2: 8♦
packet 3: J♦
packet 4: 7♠
packet 5: J♣
packet 6: J♥
packet 7: 3♠
packet 8: 8♥
packet 9: 5♦
packet 10: 9♠
packet 11: 4♣
packet 12: 6♥
packet 13: K♦
packet 14: 3♦
packet 15: 6♣
packet 16: 8♣
foundation 1: A♦
foundation 2: A♠
foundation 3: A♥
foundation 4: A♣
pack: [4♠] [7♠] [Q♦] [5♠] [10♠] [10♣] [10♣] [8♠] [2♠] [Q♠] [4♣] [3♣] [A♥] [Q♠] [2♥] [2♥] [Q♦] [J♦] [K♣] \
[4♦] [4♠] [5♠] [K♦] [9♣] [7♦] [Q♣] [A♦] [A♣] [4♥] [5♥] [9♥] [J♣] [3♠] [J♠] [8♠] [9♥] [K♥] [10♦] [5♣] \
[6♠] [Q♥] [2♣] [6♣] [5♥] [8♥] [9♣] [10♥] [7♣] [7♣] [4♦] [A♠] [3♦] [6♠] [2♠] [5♦] [2♣] [9♠] [6♥] [K♠] \
[6♦] [3♥] [J♠] [K♣] [7♥] [7♥] [9♦] [6♦] [8♦] [Q♥] [2♦] [5♣] [8♣] [10♠] [K♠] [3♥] [9♦] [Q♣] [10♦] \
[4♥] [3♣] [K♥] [7♦] [J♥] [2♦]
"""

    # ------------------------------------------------------------------ setting up
    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        packets: Mapping[int, str] | str,
        foundations: Mapping[int, str] | None = None,
        *,
        talon: str = "",
        turned: str = "",
        to_come: str = "",
        rest: str = "pack",
        **options: Any,
    ) -> TheSquare:
        """A position made of the piles that matter, for examples and tests.

        ``packets`` maps a packet's number to its cards (bottom first), or draws the whole Square:
        four lines of four packets, the packets of a line parted by ``/`` and an empty one
        written ``--``.  ``foundations`` maps a
        foundation's number to its cards written short (see :func:`foundation`); ``talon``
        lists the talon bottom first and ``turned`` is the card just turned.  ``to_come``
        names the next cards of the pack, in the order they will be turned.  Every card not
        placed goes, in new-pack order, to the ``rest``: the ``"pack"`` (under the cards to
        come) or the ``"talon"`` (under the cards given for it).

        >>> game = TheSquare.arrange({1: "7♥ 8♥"}, {1: "A♥-5♥"}, to_come="6♥ 9♠")
        >>> print(game.piles["packet 1"], "|", game.piles["foundation 1"], "|", game.piles["pack"].top)
        7♥ 8♥ | A♥ 2♥ 3♥ 4♥ 5♥ | 6♥
        >>> square = TheSquare.arrange('''
        ...     7♥ 8♥ / 2♣ / -- / K♠
        ...     Q♦ / 5♣ / 5♣ / 9♥
        ...     3♥ / 3♥ / J♣ Q♣ / 8♦
        ...     10♠ / 7♦ / 4♠ / 6♦''')
        >>> print(square.piles["packet 11"], "|", square.spaces())
        J♣ Q♣ | ['packet 3']
        """
        if isinstance(packets, str):
            packets = square_text(packets)
        piles = {f"packet {n}": text for n, text in packets.items()}
        piles.update({f"foundation {n}": foundation(text) for n, text in (foundations or {}).items()})
        piles["talon"] = talon
        piles["turned"] = turned
        piles["pack"] = " ".join(f"[{card}]" for card in reversed(to_come.split()))
        return super().arrange(piles, rest=rest, hidden=rest == "pack", **options)

    @classmethod
    def from_position(cls, text: str) -> TheSquare:
        """Load a position (the pack face down, every other pile face up: ``FACE_DOWN``); only one
        card is turned from the pack at a time."""
        game = super().from_position(text)
        if len(game.piles["turned"]) > 1:
            raise InvalidPosition("only one card is turned from the pack at a time")
        return game

    def pile_names(self) -> list[str]:
        return [*PACKET_NAMES, *FOUNDATION_NAMES, "pack", "turned", "talon"]

    def lay_out(self, cards: list[Card]) -> None:
        """Deal the Square: sixteen cards face up, row by row.  The first ace of each suit goes to
        the next corner as it appears, and the next card takes its place in the Square.  The rest
        is the pack, face down, the next card on top."""
        packets = self.piles_of("packet")
        filled = used = 0
        while filled < PACKETS:
            card = cards[used]
            used += 1
            if self.is_foundation_ace(card):
                corner = self.first_empty_foundation()
                assert corner is not None
                self.piles[corner] = Pile((card,))
            else:
                self.piles[packets[filled]] = Pile((card,))
                filled += 1
        rest = tuple(reversed(cards[used:]))
        self.piles["pack"] = Pile(rest, len(rest))

    # ------------------------------------------------------------- the state
    def founded_suits(self) -> set[Suit]:
        """The suits whose aces are on the foundations."""
        return {pile[0].suit for pile in (self.piles[f] for f in self.piles_of("foundation")) if pile.cards}

    def first_empty_foundation(self) -> str | None:
        """The corner the next ace goes to."""
        return next((f for f in self.piles_of("foundation") if self.piles[f].is_empty), None)

    def is_foundation_ace(self, card: Card) -> bool:
        """The first ace of a suit to appear: "the four aces of different suits".  (The second ace
        of a suit is an ordinary card, the last of its foundation.)"""
        return card.rank == Rank.ACE and card.suit not in self.founded_suits()

    def waiting_ace(self) -> Card | None:
        """A foundation ace just turned from the pack, which must go to its place before anything
        else is done."""
        card = self.piles["turned"].top
        return card if card is not None and self.is_foundation_ace(card) else None

    def spaces(self) -> list[str]:
        """The empty packets of the Square."""
        return [p for p in self.piles_of("packet") if self.piles[p].is_empty]

    def can_fill(self) -> bool:
        """Whether a card can still come to a space: the card turned, the talon, or the pack."""
        return any(self.piles[p].cards for p in ("turned", "talon", "pack"))

    def available(self) -> Iterator[tuple[str, Card]]:
        """The cards that may move, with their piles: the top card of each packet, the card turned
        from the pack and the top card of the talon."""
        for name in self.piles_of("packet") + ["turned", "talon"]:
            top = self.piles[name].top
            if top is not None:
                yield name, top

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The Square's sixteen cards and the aces that went to the corners
          came from the pack, and the card turned and the talon were turned from it after the
          Square was dealt: the cards out of the pack are 16, and one for each corner filled, and
          those of the talon and the card turned, at least.
        - *Which places may be empty.*  The corners fill in turn as the aces appear, so a corner is
          empty only when the corners after it are.  With ``spaces=at-once`` a space is filled
          before any other move while a card can come to it (the card turned, the talon or the
          pack), so there is at most one space then.
        - *What may lie where.*  Each foundation begins with its ace, follows its suit (Rule I) and
          runs up to the king and down again to the ace (Rule II); the four are of different suits.
          An ace of a suit not yet founded goes to its corner as it appears: none lies in the Square
          or the talon.  A packet is one card with marriages on it, so each card of a packet is of
          the suit of the card under it and one above or below it.

        >>> TheSquare.deal(seed=4).inconsistencies()
        []
        >>> game = TheSquare.arrange('''
        ...     7♥ 9♥ / 9♦ / 5♠ / J♥
        ...     Q♦ / 8♠ / K♥ / 9♣
        ...     7♦ / 3♠ / 8♥ / 6♣
        ...     K♠ / 4♦ / 5♥ / 3♣''', {1: "A♥", 2: "A♠", 3: "A♦", 4: "A♣"})
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        packet 1 is not a marriage: 9♥ lies on 7♥
        """
        faults = []
        piles = self.piles
        pack, talon, turned = (len(piles[p].cards) for p in ("pack", "talon", "turned"))
        corners = [bool(piles[f].cards) for f in FOUNDATION_NAMES]
        out = 52 * self.packs - pack
        least = PACKETS + sum(corners) + talon + turned
        if out < least:
            faults.append(f"the Square, the corners filled, the talon and the card turned came from the "
                          f"pack, so {least} cards at least are out of it, not {out}")
        if any(not a and b for a, b in zip(corners, corners[1:])):
            faults.append("the corners fill in turn, but a corner is empty before a filled one")
        spaces = self.spaces()
        if self.options.spaces == "at-once" and self.can_fill() and len(spaces) > 1:
            faults.append(f"a space is filled at once while a card can come to it, but {len(spaces)} are open")
        suits = []
        for name in FOUNDATION_NAMES:
            cards = piles[name].cards
            if not cards:
                continue
            suits.append(cards[0].suit)
            if cards[0].rank != Rank.ACE:
                faults.append(f"{name} begins with {cards[0]}")
            elif len(cards) > FULL or any(c.suit != cards[0].suit or c.rank != next_rank(i)
                                          for i, c in enumerate(cards)):
                faults.append(f"{name} is out of sequence")
        if len(set(suits)) != len(suits):
            faults.append("two foundations are of one suit")
        founded = set(suits)
        for name in [*PACKET_NAMES, "talon"]:
            stray = [c for c in piles[name].cards if c.rank == Rank.ACE and c.suit not in founded]
            if stray:
                faults.append(f"an ace goes to its corner as it appears, but {stray[0]} lies in {name}")
        for name in PACKET_NAMES:
            cards = piles[name].cards
            wrong = next(((a, b) for a, b in zip(cards, cards[1:]) if MARRIAGE.fault(a, b) is not None), None)
            if wrong is not None:
                faults.append(f"{name} is not a marriage: {wrong[1]} lies on {wrong[0]}")
        return faults

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """Turning a card; every available card to the foundations, onto each packet (a marriage)
        and into the first space; the card turned to the talon; and the reversal of every sequence
        of two or more cards onto each other packet.

        The spaces are alike, so a card is offered only the first of them (in the order of the
        packets)."""
        yield Move("deal", notation="deal")
        packets = self.piles_of("packet")
        space = next((p for p in packets if self.piles[p].is_empty), None)
        for source, card in self.available():
            yield from self.foundation_moves(source, card)
            for target in packets:
                if target == source:
                    continue
                under = self.piles[target].top
                if under is not None:
                    yield Move("move", (card,), source, target, f"{card} → {under}")
                elif target == space:
                    yield Move("move", (card,), source, target, f"{card} → space")
            if source == "turned":
                yield Move("move", (card,), source, "talon", f"{card} → talon")
            elif source.startswith("packet"):
                yield from self._reversals(source)

    def generate_legal_moves(self) -> list[Move]:
        """The moves of :meth:`moves` that :meth:`violation` allows, in the same order, made
        directly: a card goes only to the foundation that wants it, onto the packets whose top
        card is one above or below it in its suit, to the first space when it comes from the pack
        or the talon, and a sequence is reversed only onto those packets.

        >>> game = TheSquare.from_plate()
        >>> game.legal_moves() == [m for m in game.moves() if game.violation(m) is None]
        True
        """
        piles = self.piles
        # Rule II: the card each foundation takes next, by its code, and the first empty corner,
        # which takes the first ace of a suit not yet founded.
        wants: dict[int, str] = {}
        founded: set[int] = set()
        corner = None
        for name in FOUNDATION_NAMES:
            cards = piles[name].cards
            if not cards:
                corner = corner or name
                continue
            ace = cards[0] - cards[0].value + 1
            founded.add(ace)
            value = NEXT_VALUE[len(cards)]
            if value is not None:
                wants[ace + value - 1] = name
        turned = piles["turned"].cards
        if turned and turned[-1].value == 1 and turned[-1] not in founded:
            # "The four aces … must be placed in their allotted spaces as they appear": nothing else.
            ace = turned[-1]
            return [move_onto((ace,), "turned", corner, "foundation")] if corner else []
        if corner is not None:
            for ace in ACES:
                if ace not in founded:
                    wants[ace] = corner
        legal: list[Move] = []
        pack = piles["pack"].cards
        if not turned and pack:
            legal.append(Move("deal", notation="deal"))
        # The Square: the top card of each packet, the packets by their top card, and the first space.
        tops: dict[int, Card] = {}
        where: dict[int, list[int]] = {}
        space = None
        for i, name in enumerate(PACKET_NAMES):
            cards = piles[name].cards
            if cards:
                top = cards[-1]
                tops[i] = top
                if top in where:
                    where[top].append(i)
                else:
                    where[top] = [i]
            elif space is None:
                space = i
        # "Immediately refilling spaces": while a space is open and a card can still come to it,
        # only a card from the pack or the talon moves, into the space.
        can_fill = bool(turned or pack or piles["talon"].cards)
        blocked = space is not None and self.options.spaces == "at-once" and can_fill
        talon_in_use = self.options.from_talon == "any"
        for i, top in tops.items():
            if blocked:
                continue
            source = PACKET_NAMES[i]
            taker = wants.get(top)
            if taker is not None:
                legal.append(move_onto((top,), source, taker, "foundation"))
            # Marriages: onto a packet one above or one below in suit.
            spouses: list[int] = []
            for card in SPOUSES[top]:
                if card in where:
                    spouses += where[card]
            if not spouses:
                continue
            spouses.sort()
            for j in spouses:
                legal.append(move_onto((top,), source, PACKET_NAMES[j], tops[j].text))
            # Reversal: a sequence in suit of two cards or more goes over onto the same packets (its
            # length as sequence_length counts it).
            cards = piles[source].cards
            if len(cards) > 1 and cards[-2] in SPOUSES[top]:
                length = max(IN_SUIT_UP.run_length(cards), IN_SUIT_DOWN.run_length(cards))
                for count in range(2, length + 1):
                    run = reversal(cards, count)
                    for j in spouses:
                        legal.append(Move("reverse", run, source, PACKET_NAMES[j],
                                          f"{run[0].text}–{run[-1].text} → {tops[j].text}"))
        for source in ("turned", "talon"):
            cards = piles[source].cards
            if not cards:
                continue
            card = cards[-1]
            in_use = not blocked and (source == "turned" or talon_in_use)
            if in_use:
                taker = wants.get(card)
                if taker is not None:
                    legal.append(move_onto((card,), source, taker, "foundation"))
            # Into the first space (from the pack or the talon, always), and onto the packets it marries.
            spouses = []
            if in_use:
                for spouse in SPOUSES[card]:
                    if spouse in where:
                        spouses += where[spouse]
            if space is not None:
                spouses.append(space)
            spouses.sort()
            for j in spouses:
                under = tops.get(j)
                legal.append(move_onto((card,), source, PACKET_NAMES[j],
                                       under.text if under is not None else "space"))
            # The card turned goes to the talon once no space waits for it.
            if source == "turned" and space is None:
                legal.append(move_onto((card,), source, "talon", "talon"))
        return legal

    # ------------------------------------------------------------ for solvers
    INTERCHANGEABLE = ("packet", "foundation")

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, quick to make and to compare: the packets in a fixed order
        (the rules treat the sixteen alike), the foundations in a fixed order (each by its suit
        and its number of cards; the corners differ only in the order the aces take them, and
        the next ace goes to the first empty one whatever lies in the others), the card turned,
        the talon, and the pack by its length (it only ever gives up its top card, so within
        one game its length tells what it holds).

        >>> game = TheSquare.from_plate()
        >>> twin = TheSquare.from_position(str(game).replace("packet 1:", "packet 0:")
        ...     .replace("packet 2:", "packet 1:").replace("packet 0:", "packet 2:"))
        >>> twin.solver_key() == game.solver_key(), twin.state_key() == game.state_key()
        (True, False)
        """
        piles = self.piles
        # The rules treat the packets alike, and the corners (INTERCHANGEABLE): each in a fixed order.
        packets = tuple(sorted([piles[n].cards for n in PACKET_NAMES]))
        foundations = tuple(sorted([(len(cards), cards[0] if cards else 0)
                                    for cards in [piles[n].cards for n in FOUNDATION_NAMES]]))
        return (packets, foundations, piles["turned"].cards, piles["talon"].cards,
                len(piles["pack"].cards))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the packets (each bottom first),
        each foundation as (its suit, 0 to 3, or -1, and its cards: up to 26), the pack (bottom first: the
        next card to turn last), the card turned, the talon (bottom first), the table of builds of a
        marriage (:meth:`Build.table_bytes`), and whether a space is filled at once (``spaces=at-once``)
        and the talon's top card is in use (``from_talon=any``).

        >>> packets, foundations, pack, turned, talon, marriages, *options = TheSquare.deal(seed=3).description()
        >>> len(packets), foundations, len(pack), turned, talon, options
        (16, ((3, 1), (2, 1), (-1, 0), (-1, 0)), 86, b'', b'', [True, True])
        """
        piles, options = self.piles, self.options
        return (tuple(bytes(piles[name].cards) for name in PACKET_NAMES), self.suit_foundations(FOUNDATION_NAMES),
                bytes(piles["pack"].cards), bytes(piles["turned"].cards), bytes(piles["talon"].cards),
                MARRIAGE.table_bytes(), options.spaces == "at-once", options.from_talon == "any")

    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move that does not take the card just turned could have been made before it was
        turned: a card is turned only when the last one has gone, no move brings a card back to
        the pack or to the turned card's place, and whether a space must be filled at once does
        not change (the pack held a card before, the card turned holds it now)."""
        return pack_move.kind == "deal" and move.source != "turned"

    def _reversals(self, source: str) -> Iterator[Move]:
        """Reversals of the sequence at the top of ``source`` (two cards or more) onto the top card
        of another packet, written ``8♠–5♠ → 9♠``: from the card that goes first to the card that
        ends on top."""
        pile = self.piles[source]
        for count in range(2, sequence_length(pile.cards) + 1):
            cards = reversal(pile.cards, count)
            for target in self.piles_of("packet"):
                under = self.piles[target].top
                if target != source and under is not None:
                    yield Move("reverse", cards, source, target, f"{cards[0]}–{cards[-1]} → {under}")

    def aliases(self, move: Move) -> set[str]:
        """With two packs, two equal cards may be available at once, so a move may name the pile it
        is made from: ``7♥ from turned → 8♥``, ``7♥ from packet 3 → 8♥``.  A reversal may name its
        target packet (``8♠–5♠ → packet 2``), and dealing may be called turning (``turn``)."""
        names = super().aliases(move)
        if move.kind == "move" and move.source:
            card = str(move.cards[0])
            for name in list(names):
                head, arrow, target = name.partition(" → ")
                if arrow and head == card:
                    names.add(f"{card} from {move.source} → {target}")
        elif move.kind == "reverse" and move.target:
            ends = f"{move.cards[0]} {move.cards[-1]}"
            names |= {f"{ends} → {move.target}", f"{ends} → {pile_kind(move.target)}"}
        elif move.kind == "deal":
            names.add("turn")
        return names

    def parse_move(self, text: str) -> Move:
        """As :meth:`Game.parse_move`; but a move that names a buried card the position offers in a
        reversal (``2♠–8♠ → 9♠`` with the 8♠ on top) is refused by the rule that keeps that card
        where it lies, and a reversal named by its ends that the position does not offer by the rule
        it breaks."""
        try:
            return super().parse_move(text)
        except InvalidMove:
            refused = self._named_reversal(text)
            if refused is not None:
                raise refused from None
            first = normalise_notation(text).split(" → ")[0].split()
            try:
                card = Card.parse(first[0]) if first else None
            except InvalidCard:
                card = None
            tops = {top for _, top in self.available()}
            if card is not None and card not in tops and any(card in p for p in self.piles.values()):
                raise self._unavailable(card) from None
            raise

    def _named_reversal(self, text: str) -> IllegalMove | None:
        """The rule that refuses a reversal named by its ends (``9♠–Q♥ → 10♠``) that the position
        does not offer: the cards from the top card of a packet down to the card named last,
        turned over onto the packet whose top card (or name) is the target."""
        head, arrow, target = normalise_notation(text).partition(" → ")
        ends = head.split()
        if not arrow or len(ends) != 2:
            return None
        try:
            first, last = Card.parse(ends[0]), Card.parse(ends[1])
        except InvalidCard:
            return None
        packets = self.piles_of("packet")
        source = next((p for p in packets if self.piles[p].top == first), None)
        onto = next((p for p in packets if p == target or str(self.piles[p].top) == target), None)
        if source is None or onto is None or last not in self.piles[source].cards[:-1]:
            return None
        cards = self.piles[source].cards
        count = len(cards) - max(i for i, card in enumerate(cards[:-1]) if card == last)
        return self.violation(Move("reverse", reversal(cards, count), source, onto, text))

    def _unavailable(self, card: Card, source: str | None = None) -> IllegalMove:
        """Why ``card``, which is not available, cannot be moved: the rule of the place it lies in
        (``source``, or wherever it lies), as the core's :meth:`Game.parse_move` words it."""
        where = {pile_kind(source)} if source else {
            pile_kind(n) for n, p in self.piles.items() if card in p.cards}
        if "packet" in where:
            return self.illegal(*self.AVAILABILITY, card)
        if "talon" in where:
            return self.illegal(*self.TALON_RULE, card)
        if "pack" in where:
            return self.illegal(*self.UNDEALT_RULE, card)
        return self.illegal(*self.STAYS["foundation"], card)

    # ---------------------------------------------------------------- violations
    def violation(self, move: Move) -> IllegalMove | None:
        ace = self.waiting_ace()
        if ace is not None:
            if move.kind == "move" and move.source == "turned" and move.target in self.piles_of("foundation"):
                return self.explain(self.foundation_fault(move.target, ace), FOUNDATION_REASONS, ace)
            return self.illegal("Foundations", "an ace is placed in its space as it appears", ace)
        if move.kind == "deal":
            return self._deal_violation()
        if (move.kind not in ("move", "reverse") or move.source not in self.piles
                or move.target not in self.piles or move.source == move.target or not move.cards):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if move.kind == "reverse":
            return self._reversal_violation(move, move.source, move.target)
        if len(move.cards) != 1:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card, source, target = move.cards[0], move.source, move.target
        pile = self.piles[source]
        if source.startswith("foundation") or source == "pack" or pile.top != card:
            return self._unavailable(card, source)
        if target.startswith("packet") and self.piles[target].is_empty:
            return self._space_violation(source, card)
        waiting = self._space_waiting()
        if waiting is not None:
            return waiting
        if target == "talon":
            if source != "turned":
                return self.illegal("Talon", "only the card turned from the pack is laid on the talon", card)
            if self.spaces():
                return self.illegal("Spaces", "a space is filled before a card is laid on the talon", card)
            return None
        if source == "talon" and self.options.from_talon == "spaces":
            return self.illegal("Talon", "the talon is used only to refill spaces", card)
        if target.startswith("foundation"):
            top = self.piles[target].top
            return self.explain(self.foundation_fault(target, card), FOUNDATION_REASONS,
                                *((card, top) if top else (card,)))
        if not target.startswith("packet"):
            return IllegalMove("Play", f"cards are not put back on the {target}", str(card))
        under = self.piles[target].cards[-1]
        return self.explain(MARRIAGE.fault(under, card), marriage_reasons(MARRIAGE), card, under)

    def _space_waiting(self) -> IllegalMove | None:
        """The paragraph on spaces, read strictly (``spaces=at-once``): while a space is open and a
        card can still come to it, the next move fills it."""
        if self.options.spaces != "at-once" or not self.can_fill():
            return None
        space = next(iter(self.spaces()), None)
        if space is None:
            return None
        return self.illegal("Spaces", "a space in the Square is filled at once, from the pack or the talon",
                            f"{space} is empty")

    def _space_violation(self, source: str, card: Card) -> IllegalMove | None:
        """A space takes one card, from the pack (the card turned) or the talon, never one from the
        Square."""
        if source.startswith("packet"):
            return self.illegal("Spaces", "a space is refilled from the pack or the talon", card)
        return None

    def _deal_violation(self) -> IllegalMove | None:
        """The paragraph on the talon: the pack is turned one card at a time, and each card is used
        or laid on the talon before the next is turned; there is no re-deal."""
        waiting = self.piles["turned"].top
        if waiting is not None:
            return self.illegal("Talon", "the card turned is played, married, put in a space or laid on "
                                "the talon before the next is turned", waiting)
        if self.piles["pack"].is_empty:
            return IllegalMove("Re-deal", "there is no re-deal: the pack is dealt out")
        return None

    def _reversal_violation(self, move: Move, source: str, target: str) -> IllegalMove | None:
        """The paragraph on reversal: a sequence of a packet goes over card by card onto another
        packet, its top card first, so that its lowest card ends on top."""
        pile = self.piles[source]
        count = len(move.cards)
        if not source.startswith("packet") or count > len(pile) \
                or reversal(pile.cards, count) != move.cards:
            return self._unavailable(move.cards[-1] if move.cards[0] == pile.top else move.cards[0],
                                     source)
        if count < 2 or sequence_length(pile.cards) < count:
            return self.illegal("Reversal", "only a sequence in suit is reversed",
                                " ".join(map(str, reversed(move.cards))))
        if not target.startswith("packet"):
            return IllegalMove("Reversal", "a sequence is reversed onto another packet", str(move))
        under = self.piles[target].top
        if under is None:
            return self.illegal("Spaces", "a space is refilled from the pack or the talon", move.cards[0])
        waiting = self._space_waiting()
        if waiting is not None:
            return waiting
        return self.explain(MARRIAGE.fault(under, move.cards[0]), marriage_reasons(MARRIAGE),
                            move.cards[0], under)

    # --------------------------------------------------------------- foundations
    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Why the foundation ``name`` does not take ``card`` now (None: it does); the faults are
        the keys of :data:`FOUNDATION_REASONS`.

        An empty corner takes the first ace of a suit, the corners filling in turn.  A foundation
        follows suit (Rule I), ascends to the king, takes the second king and descends to the
        ace (Rule II)."""
        pile = self.piles[name]
        if pile.is_empty:
            if card.rank != Rank.ACE:
                return "start"
            if card.suit in self.founded_suits():
                return "different suits"
            return None if name == self.first_empty_foundation() else "in turn"
        if card.suit != pile[0].suit:
            return "must follow suit"
        count = len(pile)
        want = next_rank(count)
        if want is None:
            return "complete"
        if card.rank == want:
            return None
        return "ascend" if count < 13 else "second king" if count == 13 else "descend"

    # ------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        """A deal turns the top card of the pack; a reversal carries a sequence over card by card, its
        top card first, so that it lies reversed on the target; any other move carries one card."""
        kind, cards, source, target, _ = move
        if kind == "deal":
            source, target = "pack", "turned"
        piles = self.piles
        pile, onto = piles[source], piles[target]
        left = len(pile.cards) - (len(cards) if kind == "reverse" else 1)
        moved = pile.cards[left:]
        piles[source] = Pile(pile.cards[:left], min(pile.face_down, left))
        piles[target] = Pile(onto.cards + (moved[::-1] if kind == "reverse" else moved), onto.face_down)

    @property
    def is_won(self) -> bool:
        piles = self.piles
        return all(len(piles[f].cards) == FULL for f in FOUNDATION_NAMES)

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 034's arrangement: the Square of four rows of four, a foundation at each corner
        outside it, and the pack below the Square, with the card turned and the talon beside it.
        Each packet fans to the right, bottom card first; a column of the Square is as wide as its
        longest packet."""
        from ..render import fan_width

        packets = self.piles_of("packet")
        spots: list[Spot] = []
        x = 1.2
        for column in range(SIDE):
            names = packets[column::SIDE]
            spots += [Spot(name, x, 1 + row, fan="right") for row, name in enumerate(names)]
            x += fan_width(max(len(self.piles[n]) for n in names)) + 0.15
        right = x + 0.05
        for i, name in enumerate(self.piles_of("foundation")):
            label = "" if self.piles[name].cards else "A"
            spots.append(Spot(name, 0 if i % 2 == 0 else right, 0 if i < 2 else 1 + SIDE, label=label))
        middle = (1.2 + right) / 2 - 1.6
        for i, (pile, label) in enumerate((("pack", "pack"), ("turned", ""), ("talon", "talon"))):
            spots.append(Spot(pile, middle + i * 1.1, 1 + SIDE, label=label))
        return spots
