"""Napoleon's Square: twelve packets of four on three sides of a square, the eight aces within.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Napoleon's Square", plate 018.  Two packs.  Twelve packets of four cards,
dealt four together, make three sides of a square; the eight aces go up in
the middle to kings as they come free.  Only the top card of a packet is
available (Rule I); marriages are made downwards in suit on the packets; a
packet emptied may take one card from the talon or the pack, when the player
chooses (Rule II).  The rest of the pack is turned one card at a time: each
card is played, married to the square, put in a vacancy or laid on the talon,
whose cards the book's Terms lay aside "till they can come into use": the
engine keeps its top card in use.  There is no re-deal.

The book's note on two kings of one suit that block two smaller cards of
their suit gives two remedies, both moves here while the square lies as dealt:
``redeal`` (the square taken up and dealt again) and ``slip K♦`` (one king
slipped underneath its packet).  The book's second way, "a square of twelve
*single* cards", is the option ``square=single``.

The packets are numbered round the three sides in the order of the deal: up
the left side (``packet 1`` at its foot), along the top, and down the right
side (``packet 12`` at its foot).  The pack is face down and deals from its top
(the last card of its line in the position text); ``turned`` holds the card
just turned from it.

>>> from patience import load
>>> game = load("napoleons-square", seed=3)
>>> [len(game.piles[p]) for p in game.piles_of("packet")], len(game.piles["pack"])
([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], 56)
>>> print(game.play("deal"), game.piles["turned"], len(game.piles["pack"]))
deal Q♦ 55
>>> single = load("napoleons-square(square=single)", seed=3)
>>> [len(single.piles[p]) for p in single.piles_of("packet")], len(single.piles["pack"])
([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 92)
>>> print(NapoleonsSquare.from_plate().piles["packet 8"].top)
K♣
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple, cast

from ..build import ACES_UP, Build, Foundation, suit_run
from ..cards import Card, Rank, Suit
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto
from ..options import Option
from ..solve import runs_using
from . import register

__all__ = ["NapoleonsSquare", "blocking_kings"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Napoleon's Square”"

#: "Marriages in a descending line": a card goes on the next higher card of its suit.
MARRIAGE = Build("down", "same")

PACKETS = 12
FOUNDATIONS = 8
PACKET_NAMES = tuple(f"packet {i}" for i in range(1, PACKETS + 1))
FOUNDATION_NAMES = tuple(f"foundation {i}" for i in range(1, FOUNDATIONS + 1))
#: Each packet's place round the square, for putting a card's targets in the packets' order.
PLACE = {name: i for i, name in enumerate(PACKET_NAMES)}
#: The aces, which begin the foundations.
ACES = tuple(Card(Rank.ACE, suit) for suit in Suit)
DEAL, REDEAL = Move("deal", notation="deal"), Move("redeal", notation="redeal")

#: Packets on each of the three sides: up the left, along the top, down the right.
PER_SIDE = 4


#: The shuffles of the re-deals the Note may allow from a position (:meth:`NapoleonsSquare.shuffles`), by the
#: game, its seed and the position.
_SHUFFLES: dict[tuple[Any, ...], tuple[bytes, ...]] = {}

#: The piles the lie of a position is worked out from (see :meth:`NapoleonsSquare._lie`).
_LIE_PILES = (*PACKET_NAMES, *FOUNDATION_NAMES)


class _Lie(NamedTuple):
    """What the moves of an available card look at (see :meth:`NapoleonsSquare._lie`)."""

    takes: Mapping[int, str]
    #: The top card of each packet that is not empty, with its packet, in the packets' order.
    tops: list[tuple[str, Card]]
    #: Those cards, as a set: a card is married only onto one of them.
    showing: set[Card]
    vacancy: str | None
    #: The moves of the packets' top cards, in the order of the legal moves.
    square: list[Move]

    def spouses(self, card: Card) -> list[tuple[str, Card]]:
        """The packets whose top card takes ``card`` in marriage (one higher in its suit: a king
        none), with that card, in the packets' order."""
        higher = card + 1
        if higher not in self.showing or card.value == 13:
            return []
        return [(name, top) for name, top in self.tops if top == higher]


NOTE_WORDS = (
    "If after dealing the square two kings of one suit were found to be blocking two smaller cards "
    "of that suit, either the whole must be taken up and re-dealt, or one king must be slipped "
    "underneath."
)


def _card_moves(lie: _Lie, source: str, card: Card) -> list[Move]:
    """The legal moves of ``card``, just turned or on top of the talon (``source``), in the order of
    :meth:`NapoleonsSquare.generate_legal_moves`, in the ``lie`` (see :meth:`NapoleonsSquare._lie`):
    to its foundation, in marriage onto the packets and into the vacancy, in the packets' order, and,
    just turned, to the talon."""
    cards = (card,)
    moves = [move_onto(cards, source, lie.takes[card], "foundation")] if card in lie.takes else []
    married = lie.spouses(card)
    vacancy = lie.vacancy
    if vacancy is None:
        for target, under in married:
            moves.append(move_onto(cards, source, target, under.text))
    else:
        # Rule II: a vacancy takes one card from the talon or the pack (in the packets' order
        # with the marriages).
        at = PLACE[vacancy]
        for target, under in married:
            if PLACE[target] < at:
                moves.append(move_onto(cards, source, target, under.text))
        moves.append(move_onto(cards, source, vacancy, "space"))
        for target, under in married:
            if PLACE[target] > at:
                moves.append(move_onto(cards, source, target, under.text))
    if source == "turned":
        moves.append(move_onto(cards, source, "talon", "talon"))
    return moves


def blocking_kings(packets: Mapping[str, Pile]) -> dict[Suit, list[tuple[str, int]]]:
    """The kings the Note's remedies may be used for: for each suit in which two kings block two
    smaller cards of their suit, each blocking king as ``(packet, place in the packet)``.

    A king blocks the cards that lie beneath it in its packet.  The remedies need two kings
    and two smaller cards: one king above two diamonds is not enough, nor two kings above
    one diamond.

    >>> blocking_kings({"packet 1": Pile.of("5♦ K♦ 2♣"), "packet 2": Pile.of("9♦ 3♠ K♦ 7♠")})
    {<Suit.DIAMONDS: '♦'>: [('packet 1', 1), ('packet 2', 2)]}
    >>> blocking_kings({"packet 1": Pile.of("5♦ K♦ K♦"), "packet 2": Pile.of("K♦ 9♦")})
    {}
    """
    found: dict[Suit, list[tuple[str, int]]] = {}
    blocked: dict[Suit, set[tuple[str, int]]] = {}
    for name, pile in packets.items():
        for i, card in enumerate(pile.cards):
            if card.rank != Rank.KING:
                continue
            under = {(name, j) for j in range(i) if pile.cards[j].suit == card.suit
                     and pile.cards[j].rank != Rank.KING}
            if under:
                found.setdefault(card.suit, []).append((name, i))
                blocked.setdefault(card.suit, set()).update(under)
    return {suit: kings for suit, kings in found.items() if len(kings) >= 2 and len(blocked[suit]) >= 2}


@register
class NapoleonsSquare(Game):
    """Napoleon's Square: two packs, twelve packets of four round three sides of the foundations."""

    slug = "napoleons-square"
    name = "Napoleon's Square"
    #: Not played out where its search leaves a deal unknown (:attr:`~patience.game.Game.PLAYS_OUT`): the
    #: honest player's play, seeing every card, wins none of the 193 deals of 1 to 200 that 10,000
    #: positions in Python left unknown but the four it won there (deals 10, 24, 90 and 123), all of which
    #: the search in C wins.
    PLAYS_OUT = False
    #: The search in C (``_napoleons_square_search.c``), where the build made it: the core's search of
    #: the game (the same moves in the same order, runs of the pack, safe moves, the Note's remedies and
    #: positions merged); 500,000 positions of it where no budget is given, then the searches again
    #: (some two seconds in all).
    SEARCH_IN_C = search_in_c("games._napoleons_square_search")
    NODES_IN_C = 500_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order:
    #: of 96 deals that 10,000 positions in Python left unknown, one search of 2,000,000 won 4 (of the
    #: first 48, one of 10,000,000 won 5); 500,000 and 256 of 25,000 won 27 (the four among them), in
    #: some 5,500,000 positions a deal; 1,024 of 10,000 won 28 in 8,100,000, and 2,000,000 and 64 of
    #: 25,000 only 18.
    RESTARTS = ((256, 25_000),)
    chapter = "napoleons-square"
    order = 18
    source = SOURCE
    plate = "018"
    packs = 2
    #: The three numbered rules, then the paragraphs of PLAY that a move can break,
    #: under the short names the engine cites.
    RULES = {
        "I": "Only the uppermost cards of the packets in the square are available until, by their "
        "removal, the cards underneath are released, but the whole of the square may be examined.",
        "II": "When a vacancy in the square is caused by the removal of an entire packet, the space may "
        "be filled by one card from the talon or pack, but this need not be done until a favorable "
        "opportunity occurs.",
        "III": "All the foundations must follow suit.",
        "Deal": "Deal out twelve packets, each consisting of four cards dealt together, so as to form "
        "three sides of a square, leaving space in the centre for the eight aces.",
        "Foundations": "These are the foundation cards, and are to ascend in sequence to kings.",
        "Marriages": "You next proceed to form marriages in a descending line with the cards of the "
        "square, subject to Rule I.",
        "Note": NOTE_WORDS,
        "Talon": "You now proceed to play out the rest of the cards, those that are not suitable for "
        "the foundations or for the sequences of the square being placed in a talon.",
        "Re-deal": "There is no re-deal.",
        "Second way": "This game may be also played as follows: Deal out a square of twelve single "
        "cards, then deal the rest of the pack as usual, the cards that are suitable being played on "
        "the foundations or married (in descending line) to those on the square, ready to be "
        "transferred to the foundations, the rest placed in a talon, and vacancies filled in the "
        "usual manner.",
    }
    AVAILABILITY = ("I", "only the uppermost cards of the packets in the square are available")
    #: The packets are alike once play has begun (the Note's re-deal takes them up in order):
    #: :meth:`solver_key` puts them in a fixed order only then.
    INTERCHANGEABLE = ("packet", "foundation")
    UNDEALT_RULE = ("Talon", "the pack is dealt one card at a time")
    FACE_DOWN = ("pack",)
    TALON_RULE = ("Talon", "only the top card of the talon can be used")
    COUNTERS = ("redeals",)
    OPTIONS = (
        Option(
            "square",
            "packets",
            "how the square is dealt: 'packets' (twelve packets of four cards dealt together, the "
            "book's game) or 'single' (“a square of twelve single cards”, the book's second way)",
            choices=("packets", "single"),
        ),
        Option(
            "remedy",
            "either",
            "the Note's remedies for two kings of one suit blocking two smaller cards of that suit: "
            "'either' (the book: re-deal the square or slip one king underneath), 'redeal' or "
            "'slip' only, or 'none'",
            choices=("either", "redeal", "slip", "none"),
        ),
        Option(
            "redeal",
            "square",
            "what the Note's re-deal takes up: the 'square' (its 48 cards shuffled and dealt again, "
            "the pack untouched) or the whole 'pack' (all 104 cards shuffled and a new square dealt)",
            choices=("square", "pack"),
        ),
    )

    #: Plate 018, read card by card: the twelve top cards are on the plate (the ranks of the J♣
    #: of packet 3 and the J♦ of packet 12 are guesses; the reading is in the chapter, and was
    #: checked again at magnification for issue 14, pip by pip: no card changed).  The cards
    #: beneath them and the pack are not on the plate: they are the other 92 cards in new-pack
    #: order shuffled with seed 48, the first seed with which a search that sees every card wins
    #: the game; the first 36 lie under the top cards, three to a packet in the order of the deal,
    #: and the other 56 are the pack (the next card to turn last).
    PLATE = """\
napoleons-square seed=0 redeals=0
packet 1: 10♣ A♠ 4♠ 4♦
packet 2: 6♥ 2♥ Q♦ 10♥
packet 3: K♠ 6♣ Q♦ J♣
packet 4: Q♥ J♥ 3♥ 9♠
packet 5: A♠ 9♣ 7♦ 2♣
packet 6: 8♦ 6♠ 3♦ 7♥
packet 7: 2♣ 9♣ 9♦ 3♦
packet 8: K♦ 9♥ 5♥ K♣
packet 9: 2♠ 5♥ 6♠ 10♣
packet 10: 6♥ K♣ 10♦ 2♦
packet 11: 4♣ 6♦ 3♠ A♥
packet 12: J♥ 9♠ A♣ J♦
foundation 1:
foundation 2:
foundation 3:
foundation 4:
foundation 5:
foundation 6:
foundation 7:
foundation 8:
pack: [5♠] [Q♣] [8♣] [Q♥] [3♠] [7♦] [6♣] [5♣] [K♥] [9♦] [3♣] [J♠] [4♦] [10♥] [7♣] [4♠] [6♦] [Q♣] [10♠] [4♣] [10♦] [J♣] [J♠] [K♥] [7♥] [A♦] [Q♠] [9♥] [8♠] [8♦] [K♠] [K♦] [2♥] [8♥] [3♣] [10♠] [4♥] [4♥] [3♥] [A♥] [A♣] [7♠] [5♦] [A♦] [8♠] [5♣] [7♠] [2♠] [5♠] [Q♠] [5♦] [8♣] [J♦] [8♥] [7♣] [2♦]
turned:
talon:
"""

    # ------------------------------------------------------------------ the deal
    @property
    def packet_size(self) -> int:
        """Cards in each packet of the square as dealt: four, or one in the second way."""
        return 1 if self.options.square == "single" else 4

    def pile_names(self) -> list[str]:
        return [*PACKET_NAMES, *FOUNDATION_NAMES, "pack", "turned", "talon"]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP

    def lay_out(self, cards: list[Card]) -> None:
        """Deal the square, a packet's cards together (the first card dealt at its bottom),
        round the three sides; the rest is the pack, face down, the next card on top."""
        n = self.packet_size
        for i, name in enumerate(self.piles_of("packet")):
            self.piles[name] = Pile(tuple(cards[i * n:(i + 1) * n]))
        rest = tuple(reversed(cards[PACKETS * n:]))
        self.piles["pack"] = Pile(rest, len(rest))

    @classmethod
    def from_position(cls, text: str) -> NapoleonsSquare:
        """Load a position (the pack face down, every other pile face up: ``FACE_DOWN``); only one
        card is turned from the pack at a time."""
        game = super().from_position(text)
        if len(game.piles["turned"]) > 1:
            raise InvalidPosition("only one card is turned from the pack at a time")
        return game

    @classmethod
    def arrange(cls, packets: Mapping[int, str], foundations: str = "", talon: str = "",  # type: ignore[override]
                turned: str = "", pack: str | None = None, **options: Any) -> NapoleonsSquare:
        """A position made of the piles that matter, for examples and tests.

        ``packets`` maps a packet's number to its cards (bottom first); ``foundations``
        names the top card of each foundation begun (``"3♦ 3♦ K♠"``: two foundations of
        diamonds up to the three, the spades complete); ``talon`` lists the talon, bottom
        first; ``turned`` is the card just turned.  The pack, given bottom first (the
        next card to turn last), holds by default every card not placed, in new-pack order.

        >>> game = NapoleonsSquare.arrange({1: "5♦ K♦"}, foundations="2♥", talon="9♣")
        >>> print(game.piles["foundation 1"], "|", game.piles["talon"], "|", len(game.piles["pack"]))
        A♥ 2♥ | 9♣ | 99
        """
        piles = {f"packet {number}": text for number, text in packets.items()}
        for i, top in enumerate(foundations.split(), start=1):
            card = Card.parse(top)
            piles[f"foundation {i}"] = " ".join(map(str, suit_run(Card(Rank.ACE, card.suit), card)))
        piles["talon"] = talon
        piles["turned"] = turned
        if pack is not None:
            piles["pack"] = " ".join(f"[{card}]" for card in pack.split())
        return super().arrange(piles, rest="pack", **options)

    # ------------------------------------------------------------------ moves
    def available(self) -> Iterator[tuple[str, Card]]:
        """The cards that may move, with their piles: the top of each packet (Rule I), the card
        turned from the pack, and the top of the talon."""
        for name in self.piles_of("packet") + ["turned", "talon"]:
            top = self.piles[name].top
            if top is not None:
                yield name, top

    def moves(self) -> Iterable[Move]:
        """Dealing a card; every available card to its foundation (and, refused, to the others),
        onto each packet and into the first vacancy, and the card turned to the talon; the
        Note's re-deal, and the slipping of each king that lies above the foot of its packet.

        The vacancies are alike, so a card is offered only the first of them (in the order
        of the packets); a move typed with another vacancy's name is read too (see
        :meth:`parse_move`)."""
        yield Move("deal", notation="deal")
        packets = self.piles_of("packet")
        space = next((p for p in packets if self.piles[p].is_empty), None)
        targets = [p for p in packets if p == space or self.piles[p].cards or self._every_vacancy]
        for source, card in self.available():
            yield from self.foundation_moves(source, card)
            for target in targets:
                if target != source:
                    under = self.piles[target].top
                    yield Move("move", (card,), source, target, f"{card} → {under or 'space'}")
            if source != "talon":
                yield Move("move", (card,), source, "talon", f"{card} → talon")
        yield Move("redeal", notation="redeal")
        for name in packets:
            cards = self.piles[name].cards
            for king in dict.fromkeys(c for c in cards[1:] if c.rank == Rank.KING):
                yield Move("slip", (king,), name, name, f"slip {king}")

    def generate_legal_moves(self) -> list[Move]:
        """The moves of :meth:`moves` that the rules allow, in the same order, made directly: a
        card goes only to the foundation that takes it, onto the card one higher of its suit, to
        the vacancy when it comes from the talon or the pack, and to the talon when it was just
        turned; the Note's remedies are looked at only while the square lies as dealt.

        >>> game = NapoleonsSquare.from_plate()
        >>> game.legal_moves() == [m for m in game.moves() if game.violation(m) is None]
        True
        """
        piles = self.piles
        lie = self._lie()
        turned, talon = piles["turned"].cards, piles["talon"].cards
        # Talon: a card is turned when the last one has been played, married, put in a vacancy or
        # laid on the talon.
        moves = [DEAL] if not turned and piles["pack"].cards else []
        moves += lie.square
        if turned:
            moves += _card_moves(lie, "turned", turned[-1])
        if talon:
            moves += _card_moves(lie, "talon", talon[-1])
        remedy = self.options.remedy
        if remedy != "none" and self.square_as_dealt():
            moves += self._remedies(remedy)
        return moves

    def _remedies(self, remedy: str) -> list[Move]:
        """The Note's remedies that may be used while the square lies as dealt: the re-deal and
        the slipping of each king (once for two equal kings of a packet) that blocks two smaller
        cards of its suit with another king."""
        kings = self.blocking_kings()
        if not kings:
            return []
        moves = [REDEAL] if remedy in ("either", "redeal") else []
        if remedy in ("either", "slip"):
            piles = self.piles
            for name in PACKET_NAMES:
                cards = piles[name].cards
                for king in dict.fromkeys(c for c in cards[1:] if c.value == 13):
                    if any(packet == name and cards[i] == king for packet, i in kings.get(king.suit, ())):
                        moves.append(Move("slip", (king,), name, name, f"slip {king}"))
        return moves

    # ------------------------------------------------------------ for solvers
    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the packets (each bottom first),
        each foundation as (its suit, 0 to 3, or -1, and its cards), the pack (bottom first: the next
        card to turn last), the card turned, the talon (bottom first), the re-deals made, the shuffles
        of the re-deals the Note may still allow (:meth:`shuffles`), the table of builds of a marriage
        (:meth:`Build.table_bytes`), the cards of a packet as dealt, and whether the options allow the
        re-deal, the slip, and a re-deal of the whole pack.

        >>> description = NapoleonsSquare.deal(seed=8).description()
        >>> packets, foundations, pack, turned, talon, redeals, shuffles, *_ = description
        >>> len(packets), foundations[0], len(pack), turned, talon, redeals, len(shuffles), description[-4:]
        (12, (-1, 0), 56, b'', b'', 0, 1, (4, True, True, False))
        """
        piles, options = self.piles, self.options
        return (tuple(bytes(piles[name].cards) for name in PACKET_NAMES), self.suit_foundations(FOUNDATION_NAMES),
                bytes(piles["pack"].cards), bytes(piles["turned"].cards), bytes(piles["talon"].cards),
                self.counters["redeals"], self.shuffles(), MARRIAGE.table_bytes(), self.packet_size,
                options.remedy in ("either", "redeal"), options.remedy in ("either", "slip"), options.redeal == "pack")

    def shuffles(self) -> tuple[bytes, ...]:
        """The shuffle of each re-deal the Note may still allow from here, in turn, as many as it allows
        in a row (through the kings slipped and the squares dealt again), for a search that cannot
        shuffle as :meth:`shuffle` does: after the next, place ``j`` of the square (and with
        ``redeal=pack``, of the pack after it, from its next card) holds the card taken up at
        ``shuffles()[0][j]`` (the square packet by packet, each from its bottom card, then the pack from
        its next card).  None where play has begun, or no two kings block two smaller cards.

        >>> game = NapoleonsSquare.deal(seed=8)
        >>> order = game.shuffles()[0]
        >>> taken = game.gather(PACKET_NAMES)
        >>> game.play("redeal") and [taken[j] for j in order] == game.gather(PACKET_NAMES)
        True
        """
        remedy = self.options.remedy
        if remedy not in ("either", "redeal") or not self.square_as_dealt() or not self.blocking_kings():
            return ()
        # (A search searched again asks this of its start once a search: worked out once.)
        key = (self.spec, self.seed, self.state_key())
        found = _SHUFFLES.get(key)
        if found is None:
            if len(_SHUFFLES) > 256:
                _SHUFFLES.clear()
            found = _SHUFFLES[key] = self._shuffles(remedy)
        return found

    def _shuffles(self, remedy: str) -> tuple[bytes, ...]:
        """The work of :meth:`shuffles`: the most re-deals in a row, found by making every remedy
        ``remedy`` allows while the square lies as dealt, and the shuffle of each."""
        most, seen, waiting = 0, set(), [self]
        while waiting:
            game = waiting.pop()
            if not game.square_as_dealt() or not game.blocking_kings() or game.solver_key() in seen:
                continue
            seen.add(game.solver_key())
            most = max(most, game.counters["redeals"] - self.counters["redeals"] + 1)
            for move in game._remedies(remedy):
                after = game.copy()
                after.apply(move)
                waiting.append(after)
        width = 52 * self.packs if self.options.redeal == "pack" else PACKETS * self.packet_size
        made = self.counters["redeals"]
        return tuple(bytes(cast(list[int], self.shuffle(cast(list[Card], list(range(width))), redeals=made + n)))
                     for n in range(1, most + 1))

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, quick to make and to compare: the packets (in a fixed
        order once play has begun: the rules treat them alike, and only the Note's re-deal,
        which takes them up in order, tells one from another), the card turned, the talon, the
        pack (by its length where it only ever gives up its top card) and the re-deals made.

        The foundations are left out: they hold the cards of the deal that lie nowhere else, each
        its suit from the ace up, so two positions of one deal that agree on the rest agree on
        them too.

        >>> game = NapoleonsSquare.from_plate()
        >>> print(game.play("deal"), "|", game.play("2♦ → talon"))
        deal | 2♦ → talon
        >>> text = str(game)
        >>> twin = NapoleonsSquare.from_position(text.replace("packet 1:", "packet 0:")
        ...     .replace("packet 2:", "packet 1:").replace("packet 0:", "packet 2:"))
        >>> twin.solver_key() == game.solver_key(), twin.state_key() == game.state_key()
        (True, False)
        """
        piles = self.piles
        packets = [piles[name].cards for name in PACKET_NAMES]
        if not self.square_as_dealt():
            packets.sort()
        pack: Any = piles["pack"].cards
        if self.options.redeal != "pack":
            pack = len(pack)
        return (tuple(packets), piles["turned"].cards, piles["talon"].cards, pack, self.counters["redeals"])

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when both cards that could be married on it (the card
        one lower of its suit, in either pack) have gone up already, once play has begun (while
        the square lies as dealt, playing a card ends the Note's remedies).

        Nothing can be married on such a card, and it stays playable (one foundation of its
        suit stands just below it until it goes up), so a winning line can play it up at once
        and then make every other move it made: the only difference is the card gone, which no
        move needed (a card laid on it in the talon lies there as well on the card beneath).
        """
        if self.square_as_dealt():
            return None
        return self.safe_going_up(moves, FOUNDATION_NAMES)


    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move that does not take the card just turned could have been made before it was
        turned: it neither needs nor changes the pack and the card turned (a card is turned only
        when the last one has gone, and no move brings a card back to the pack or the turned
        card's place)."""
        return pack_move.kind == "deal" and move.kind == "move" and move.source != "turned"

    def _lie(self) -> _Lie:
        """What the moves of an available card look at: the foundation that takes each card, by its
        code (the first begun in its suit with the card below it on top, or the first empty one for
        an ace: Rule III); the top card of each packet, available (Rule I), which takes in marriage
        the card one lower in its suit (:meth:`_Lie.spouses`); the first vacancy (the vacancies are
        alike: a card is offered the first); and the moves of the packets' top cards, to their
        foundations and in marriage.  Worked out once for the packets and foundations as they lie
        (:meth:`~patience.game.Game.worked_out`), for the legal moves and the runs of the pack
        worked out just after them."""
        return self.worked_out("lie", _LIE_PILES, self._work_out_lie)

    def _work_out_lie(self, piles: list[Pile]) -> _Lie:
        tops = [(name, pile.cards[-1]) for name, pile in zip(PACKET_NAMES, piles) if pile.cards]
        showing = {top for _, top in tops}
        vacancy = None
        if len(tops) < PACKETS:
            vacancy = next(name for name, pile in zip(PACKET_NAMES, piles) if not pile.cards)
        takes = self.going_up(FOUNDATION_NAMES, ACES)
        lie = _Lie(takes, tops, showing, vacancy, [])
        for source, card in tops:
            if card in takes:
                lie.square.append(move_onto((card,), source, takes[card], "foundation"))
            # (Most cards have no spouse: that is asked first.  A packet's own top card is never
            # one lower than itself.)
            if card + 1 in showing:
                for target, under in lie.spouses(card):
                    lie.square.append(move_onto((card,), source, target, under.text))
        return lie

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out from the lie here: a deal only turns the pack's next card, which must be
        played, married, put in a vacancy or laid on the talon before another is turned, and ends
        the Note's remedies, so a run is the one deal, new (the card turned was not there), and
        what it brings is used by the moves of the card turned (the others are
        :meth:`independent` of it), with the square and the foundations as they lie now.

        >>> game = NapoleonsSquare.from_plate()
        >>> [" ".join(map(str, run)) for run in game.pack_runs(DEAL)]
        ['deal 2♦ → 3♦', 'deal 2♦ → talon']
        """
        piles = self.piles
        pack = piles["pack"].cards
        if first != DEAL or piles["turned"].cards or not pack:
            return super().pack_runs(first)
        card = pack[-1]
        return runs_using(self, (first,), _card_moves(self._lie(), "turned", card),
                          lambda: {"turned": Pile((card,))})

    def aliases(self, move: Move) -> set[str]:
        """With two packs, two equal cards may be available at once, so a move may name the pile
        it is made from: ``2♦ from turned → 3♦``, ``2♦ from packet 10 → 3♦``.  A slip may name
        its packet (``slip K♦ in packet 3``), and dealing a card may be called turning it
        (``turn``)."""
        names = super().aliases(move)
        if move.kind == "move" and move.source:
            card = str(move.cards[0])
            for name in list(names):
                head, arrow, target = name.partition(" → ")
                if arrow and head == card:
                    names.add(f"{card} from {move.source} → {target}")
        elif move.kind == "slip":
            names.add(f"slip {move.cards[0]} in {move.source}")
        elif move.kind == "deal":
            names.add("turn")
        return names

    #: While a move is read from text, every vacancy is a candidate target, so that
    #: ``K♦ → packet 5`` is understood although only the first vacancy is offered.
    _every_vacancy = False

    def parse_move(self, text: str) -> Move:
        """As :meth:`Game.parse_move`, with any vacancy named as a target."""
        self._every_vacancy = True
        try:
            return super().parse_move(text)
        finally:
            self._every_vacancy = False

    # ---------------------------------------------------------------- violations
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return self._deal_violation()
        if move.kind == "redeal":
            return self._redeal_violation()
        if move.kind == "slip":
            return self._slip_violation(move)
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles \
                or move.source == move.target or len(move.cards) != 1:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        unavailable = self._availability_violation(move.source, card)
        if unavailable is not None:
            return unavailable
        target = move.target
        if target.startswith("foundation"):
            return self._foundation_violation(target, card)
        if target == "talon":
            if move.source != "turned":
                return self.illegal("Talon", "only cards turned from the pack are placed in the talon", card)
            return None
        if not target.startswith("packet"):
            return IllegalMove("Play", f"cards are not put back on the {target}", str(card))
        return self._packet_violation(move.source, target, card)

    def _availability_violation(self, source: str, card: Card) -> IllegalMove | None:
        """Rule I, and its like for the talon and the pack: only a top card moves."""
        pile = self.piles[source]
        if source.startswith("foundation"):
            if pile.top == card:
                return self.illegal(*self.STAYS["foundation"], card)
            return self.illegal("Foundations", "the foundations are built up, not taken down", card)
        if source == "pack":
            return self.illegal("Talon", "the pack is dealt one card at a time", card)
        if pile.top == card:
            return None
        if source == "talon":
            return self.illegal("Talon", "only the top card of the talon can be used", card)
        return self.illegal(*self.AVAILABILITY, card)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule III and the paragraph on the foundations."""
        return self.foundation_refusal(name, card, {
            "must follow suit": ("III", "all the foundations must follow suit"),
            "start": ("Foundations", "the foundations are begun with the eight aces"),
            "*": ("Foundations", "the foundations ascend in sequence to kings")})

    def _packet_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """Rule II for a vacancy; the paragraph on marriages for a packet."""
        pile = self.piles[target]
        if pile.top is None:
            if source.startswith("packet"):
                return self.illegal("II", "a vacancy is filled by one card from the talon or pack", card)
            return None
        return self.explain(MARRIAGE.fault(pile.top, card), {
            "must follow suit": ("Marriages", "a marriage is made in the same suit"),
            "*": ("Marriages", "marriages are made in a descending line")}, card, pile.top)

    def _deal_violation(self) -> IllegalMove | None:
        """The paragraph on the talon: the pack is turned one card at a time, and each card is
        played, married, put in a vacancy or laid on the talon before the next is turned."""
        waiting = self.piles["turned"].top
        if waiting is not None:
            return self.illegal("Talon", "the card turned is played, married, put in a vacancy or "
                                "laid on the talon before the next is turned", waiting)
        if self.piles["pack"].is_empty:
            return IllegalMove("Re-deal", "there is no re-deal: the pack is dealt out")
        return None

    # ----------------------------------------------------------------- the Note
    def square_as_dealt(self) -> bool:
        """Whether the square lies as dealt: no card has been played, married or turned (the
        Note's remedies are used "after dealing the square", before play begins)."""
        piles = self.piles
        if piles["turned"].cards or piles["talon"].cards:
            return False
        size = self.packet_size
        return (all(len(piles[name].cards) == size for name in PACKET_NAMES)
                and not any(piles[name].cards for name in FOUNDATION_NAMES))

    def blocking_kings(self) -> dict[Suit, list[tuple[str, int]]]:
        """The Note's case in this position: see :func:`blocking_kings`."""
        return blocking_kings({p: self.piles[p] for p in self.piles_of("packet")})

    def _note_violation(self, remedy: str) -> IllegalMove | None:
        """When the Note's remedies may be used: just after the deal, and only for two kings
        of one suit blocking two smaller cards of that suit."""
        if self.options.remedy not in ("either", remedy):
            if remedy == "redeal":
                return IllegalMove("Re-deal", "there is no re-deal (this game's remedy for blocking "
                                   f"kings: {self.options.remedy})")
            return IllegalMove("Note", f"no king is slipped underneath (this game's remedy for blocking "
                               f"kings: {self.options.remedy})")
        if not self.square_as_dealt():
            if remedy == "redeal":
                return IllegalMove("Re-deal", "there is no re-deal (the Note's re-deal of the square is "
                                   "made only just after it is dealt)")
            return IllegalMove("Note", "a king is slipped underneath only just after dealing the square")
        if not self.blocking_kings():
            return IllegalMove("Note", "the remedies are for two kings of one suit blocking two "
                               "smaller cards of that suit")
        return None

    def _redeal_violation(self) -> IllegalMove | None:
        return self._note_violation("redeal")

    def _slip_violation(self, move: Move) -> IllegalMove | None:
        problem = self._note_violation("slip")
        if problem is not None:
            return problem
        king = move.cards[0] if move.cards else None
        kings = self.blocking_kings().get(king.suit, []) if king is not None else []
        if king is None or not any(name == move.source and self.piles[name].cards[i] == king
                                   for name, i in kings):
            return IllegalMove("Note", "only one of the two kings that block smaller cards of their suit "
                               "is slipped underneath", str(king or ""))
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        if kind == "redeal":
            self._redeal()
            return
        if kind == "slip":
            packet = move.source
            assert packet is not None
            self._slip(packet, move.cards[0])
            return
        # One card moves: the next of the pack is turned, or an available card goes.
        source, target = ("pack", "turned") if kind == "deal" else (move[2], move[3])
        piles = self.piles
        src, dst = piles[source], piles[target]
        rest, down = src.cards[:-1], src.face_down
        piles[source] = Pile(rest, down if down <= len(rest) else len(rest))
        piles[target] = Pile(dst.cards + src.cards[-1:], dst.face_down)

    def _slip(self, name: str, king: Card) -> None:
        """Slip ``king`` underneath its packet: the uppermost such king that blocks a smaller card."""
        cards = list(self.piles[name].cards)
        places = [i for n, i in self.blocking_kings()[king.suit] if n == name and cards[i] == king]
        card = cards.pop(max(places))
        self.piles[name] = Pile((card, *cards))

    def _redeal(self) -> None:
        """The Note's first remedy: take up the whole square (or, with ``redeal=pack``, the whole
        pack), shuffle it and deal it again."""
        self.counters["redeals"] += 1
        square = self.gather(self.piles_of("packet"))  # in order, though the shuffle makes it no matter
        if self.options.redeal == "pack":
            pack = list(reversed(self.piles["pack"].cards))
            self.lay_out(self.shuffle(square + pack))
            return
        cards = self.shuffle(square)
        n = self.packet_size
        for i, name in enumerate(self.piles_of("packet")):
            self.piles[name] = Pile(tuple(cards[i * n:(i + 1) * n]))

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        piles = self.piles
        return all(len(piles[name].cards) == 13 for name in FOUNDATION_NAMES)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The square took twelve packets of four (or twelve single cards);
          the rest is the pack, face down, turned one card at a time, so the card turned and the
          talon hold no more cards than have been turned from it.  The Note's re-deal is used only
          where the option allows it.
        - *Which places may be empty.*  Any packet (a vacancy, filled when the player chooses), any
          foundation, the card turned and the talon.
        - *What may lie where.*  Each foundation begins with an ace and ascends in suit (Rule III).
          A packet is what is left of the cards dealt into it (only its top card leaves it; a
          slipped king stays within it) with a descending line of its suit married on its top card,
          or, once emptied, one card from the talon or pack with such a line on it: so up to that
          line's first card it holds no more cards than were dealt into it.  Every card but the
          pack's lies face up.

        >>> NapoleonsSquare.deal(seed=4).inconsistencies()
        []
        >>> game = NapoleonsSquare.from_plate()
        >>> print(game.piles["packet 1"], "|", game.piles["pack"].top)
        10♣ A♠ 4♠ 4♦ | 2♦
        >>> game.piles["packet 1"] = Pile.of("10♣ A♠ 4♠ 4♦ 2♦")
        >>> game.piles["pack"] = game.piles["pack"].without(1)
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        packet 1 holds 5 cards to the first of its line of marriages, but 4 were dealt into it
        """
        faults = []
        piles, size = self.piles, self.packet_size
        pack = piles["pack"]
        turned = 52 * self.packs - PACKETS * size - len(pack.cards)
        shown = len(piles["turned"].cards) + len(piles["talon"].cards)
        if pack.face_down != len(pack.cards):
            faults.append("the pack lies face down")
        if turned < 0:
            faults.append(f"the pack holds {len(pack.cards)} cards, but the square took "
                          f"{PACKETS * size} of the {52 * self.packs}")
        elif turned < shown:
            faults.append(f"the card turned and the talon hold {shown} cards, but {turned} "
                          "have been turned from the pack")
        if len(piles["turned"].cards) > 1:
            faults.append("only one card is turned from the pack at a time")
        if self.counters["redeals"] and self.options.remedy not in ("either", "redeal"):
            faults.append(f"the square is dealt again, but this game's remedy is {self.options.remedy}")
        for name in FOUNDATION_NAMES:
            cards = piles[name].cards
            if cards and cards[0].rank != Rank.ACE:
                faults.append(f"{name} begins with {cards[0]}")
            elif any(ACES_UP.build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} is out of sequence")
        for name in PACKET_NAMES:
            cards = piles[name].cards
            start = len(cards)
            while start > 1 and MARRIAGE.fault(cards[start - 2], cards[start - 1]) is None:
                start -= 1
            # cards[start - 1:] is the longest line of marriages the packet ends with: all of it may
            # be married but its first card, dealt (so one of the first ``size``) or put in a vacancy.
            if start > size:
                faults.append(f"{name} holds {start} cards to the first of its line of marriages, but "
                              f"{size} were dealt into it")
        if any(piles[name].face_down for name in (*PACKET_NAMES, *FOUNDATION_NAMES, "turned", "talon")):
            faults.append("a card lies face down outside the pack")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 018's arrangement: four packets up the left side, four along the top, four down
        the right side, the eight foundations in two rows of four in the middle, and the pack,
        the card turned and the talon on the open side."""
        from ..render import fan_width

        packets = self.piles_of("packet")
        left, top, right = packets[:PER_SIDE], packets[PER_SIDE:2 * PER_SIDE], packets[2 * PER_SIDE:]

        def width(names: list[str]) -> float:
            return fan_width(max([self.packet_size] + [len(self.piles[p]) for p in names])) + 0.3

        column = 1.1
        middle = width(left)
        right_x = middle + PER_SIDE * column + 0.1
        whole = right_x + width(right) - 0.3
        step = width(top)
        top_x = max(0.3, (whole - (PER_SIDE * step - 0.3)) / 2)
        spots = [Spot(p, 0, PER_SIDE - i, fan="right") for i, p in enumerate(left)]
        spots += [Spot(p, top_x + i * step, 0, fan="right") for i, p in enumerate(top)]
        spots += [Spot(p, right_x, 1 + i, fan="right") for i, p in enumerate(right)]
        for i, f in enumerate(self.piles_of("foundation")):
            label = "" if self.piles[f].cards else "A"
            spots.append(Spot(f, middle + (i % PER_SIDE) * column, 2 + i // PER_SIDE, label=label))
        for i, (pile, label) in enumerate((("pack", "pack"), ("turned", ""), ("talon", "talon"))):
            spots.append(Spot(pile, middle + i * column, PER_SIDE, label=label))
        return spots
