"""The Salic Law: two packs; a line of eight kings, each covering the cards dealt after it.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Salic Law", plate 004.  One king is taken from the pack to begin a line of
eight kings; the rest of the pack is dealt card by card onto the last king that
has appeared, and each king that turns up is laid in the line and takes the
cards dealt after it.  The aces are laid in a line above the kings as they
appear: they are the foundations, built up to knaves *whatever the suit*
(Rule II).  The queens are laid in a row above the foundations as they appear,
and take no further part.  Only the card on the surface of each king packet is
available, but every packet may be examined (Rule I).  When the deal is ended a
king freed entirely of its packet may take one card from the surface of another
packet.  There is no re-deal.

Dealing is a move (``deal``: the next card to its place), so the deal, the
plays made during it and the play after it are one replayable record.

>>> from patience import load
>>> game = load("the-salic-law", seed=1)
>>> str(game.piles["packet 1"]), len(game.piles["pack"])
('K♠', 103)
>>> for _ in range(3):
...     _ = game.play("deal")
>>> print(game.table())
queens: -- -- -- -- -- -- -- --
aces:   -- -- -- -- -- -- -- --
K♠: 8♠ J♠ 4♦
pack: 100 cards
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from typing import Any, Iterable, Sequence

from ..build import Build, Foundation
from ..cards import Card, Rank, Suit, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto
from ..options import Option
from . import register

__all__ = ["TheSalicLaw"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Salic Law”"

#: Eight kings, eight aces, eight queens: one place for each in its line.
PLACES = 8
#: The foundations: the aces "ascend in sequence to knaves (Rule II)", whatever the suit.
FOUNDATION = Foundation(Rank.ACE, Build("up", "any"))
TOP = int(Rank.KNAVE)

QUEENS = tuple(f"queen {i + 1}" for i in range(PLACES))
FOUNDATIONS = tuple(f"foundation {i + 1}" for i in range(PLACES))
PACKETS = tuple(f"packet {i + 1}" for i in range(PLACES))
#: Each packet's bit in the counter ``placed``.
KING_BIT = {name: 1 << i for i, name in enumerate(PACKETS)}
#: The cards of each value (in one pack: the other pack's are equal to them).
OF_VALUE = {value: tuple(Card(Rank(value), suit) for suit in Suit) for value in range(1, 14)}


@lru_cache(maxsize=1024)
def _wanted(heights: tuple[int, ...]) -> frozenset[Card]:
    """Every card the foundations of these heights take, as their rule reads: an empty one an ace,
    a knave's a queen (for :meth:`TheSalicLaw.beam_score`)."""
    return frozenset(card for height in heights for card in OF_VALUE.get(height + 1, ()))


DEAL = Move("deal", notation="deal")
REDEAL = Move("redeal", notation="redeal")

DEAL_WORDS = (
    "Take from the pack and place one king to begin the line of eight kings, that are to be "
    "successively placed in a horizontal row as they appear in the deal. On this first king you place "
    "all the cards as you deal them until the next king appears. You now place the cards as you deal "
    "them upon this second king, and you continue thus to deal out the whole pack, always heaping upon "
    "the last king that has appeared all the cards as they are dealt."
)
FOUNDATION_WORDS = (
    "The eight aces are to form the foundation cards, and are to ascend in sequence to knaves (Rule II). "
    "When in the course of the deal any aces appear, they are to be immediately placed in a line above "
    "the king packets, and upon them any suitable cards (Rule I)."
)
QUEEN_WORDS = (
    "When the queens appear they are to be placed in a row above the foundations. The queens are merely "
    "placed to complete the final tableau, which, if the patience succeeds, consists of the eight queens "
    "above, the eight knaves finishing the foundations in the centre, and the eight kings below."
)
KING_WORDS = (
    "You must continually examine the surface of the king packets to play any suitable cards on the "
    "foundations, and in so doing endeavor to free some of the kings entirely, for when the deal is "
    "ended you are allowed to place one card from any of the other packets (Rule I) on each king, and "
    "you must, of course, choose those cards that will release the greatest number of suitable cards "
    "for the foundations, for which purpose the whole packets may be examined."
)


@register
class TheSalicLaw(Game):
    """The Salic Law: two packs; eight kings in a line, each covering the cards dealt after it."""

    slug = "the-salic-law"
    name = "The Salic Law"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 2 of the first 40 deals its study's search left unknown.
    PLAYS_OUT = True
    chapter = "the-salic-law"
    order = 4
    source = SOURCE
    plate = "004"
    packs = 2
    RULES = {
        "I": "Only the cards on the surface of the king packets are available, until their removal as "
        "usual releases those beneath, but all the cards in each packet may be examined.",
        "II": "The foundations do not follow suit.",
        "Deal": DEAL_WORDS,
        "Foundations": FOUNDATION_WORDS,
        "Queens": QUEEN_WORDS,
        "Kings": KING_WORDS,
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("I", "only the cards on the surface of the king packets are available")
    #: The packets whose king has taken its one card after the deal (``kings=once``), one bit a
    #: packet (1 for packet 1, 2 for packet 2, 4 for packet 3 …).
    COUNTERS = ("placed",)
    FACE_DOWN = ("pack",)
    OPTIONS = (
        Option(
            "kings",
            "once",
            "after the deal, a king freed entirely takes one card from another packet: 'once' (the "
            "book's “one card … on each king”: each king takes one card in the whole game) or 'cell' "
            "(a king takes one card whenever it lies bare, as often as it is freed again)",
            choices=("once", "cell"),
        ),
        Option(
            "play_at_once",
            False,
            "during the deal, a suitable card on the surface of a packet must be played before the next "
            "card is dealt (“you must continually examine the surface of the king packets to play any "
            "suitable cards on the foundations”); by default the player may deal on",
        ),
    )

    #: Plate 004: three rows of eight places, the queens' above, the foundations' in the middle and
    #: the kings' below; only the first place of the kings' row is filled, with the K♥ (a broad pip
    #: narrowing to a point at its top left, the same pip upside down at its bottom right).  The plate
    #: does not show the pack; here it lies in the order of deal 7 (``seed=7``), whose first king is
    #: a K♥, so that ``from_plate()`` is ``deal(seed=7)``.
    PLATE = """\
the-salic-law seed=7 placed=0
pack: [5♠] [7♦] [10♠] [4♠] [J♦] [7♠] [10♦] [A♣] [Q♠] [Q♦] [9♠] [7♥] [7♣] [J♣] [2♠] [Q♠] [3♣] [6♠] \
[2♣] [7♥] [7♦] [8♣] [6♣] [7♠] [K♦] [9♣] [4♣] [8♦] [5♣] [A♦] [5♣] [3♠] [4♦] [2♦] [9♥] [8♥] [4♠] [10♥] \
[7♣] [4♥] [K♠] [3♥] [4♥] [K♦] [J♠] [10♥] [10♣] [5♠] [9♣] [3♠] [Q♣] [8♦] [K♠] [A♣] [3♥] [8♠] [9♥] \
[A♦] [3♣] [6♦] [8♠] [5♦] [6♠] [J♣] [Q♥] [A♥] [J♥] [4♦] [8♥] [9♦] [J♦] [3♦] [10♦] [4♣] [K♣] [6♣] [2♣] \
[5♥] [2♦] [J♠] [A♥] [9♦] [3♦] [J♥] [9♠] [6♦] [Q♦] [5♥] [6♥] [5♦] [K♣] [2♥] [2♥] [2♠] [A♠] [10♣] [A♠] \
[Q♣] [8♣] [6♥] [K♥] [Q♥] [10♠]
packet 1: K♥
"""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack, the queens' row, the foundations (the aces' line) and the king packets, each
        line in the order it is filled; a packet is written from its king up to its surface card."""
        return ["pack", *QUEENS, *FOUNDATIONS, *PACKETS]

    def foundation_rule(self, name: str) -> Foundation:
        return FOUNDATION

    @property
    def dealing(self) -> bool:
        """True while the deal goes on: the pack is not yet dealt out."""
        return bool(self.piles["pack"].cards)

    def lay_out(self, cards: list[Card]) -> None:
        """Take the first king of the shuffled pack to begin the line; the rest is the pack, dealt
        by ``deal`` moves in its shuffled order."""
        first = next(i for i, card in enumerate(cards) if card.rank == Rank.KING)
        self.piles["packet 1"] = Pile((cards[first],))
        rest = cards[:first] + cards[first + 1:]
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        packets: Sequence[str],
        pack: str = "",
        placed: int = 0,
        **options: Any,
    ) -> TheSalicLaw:
        """A position made of the packets that matter, for examples and tests.

        ``packets`` are the king packets from the left, each written from its king up; ``pack``
        lists cards still to deal, the next one first.  The kings given nowhere lie bare at the end
        of the line (or, while the pack lasts, at its bottom), and the queens in their row; every other card lies on the foundations, each
        built up from its ace as high as the cards left allow, the first foundations highest.

        >>> game = TheSalicLaw.arrange(["K♥ 10♦ 9♠ J♣", "K♣"])
        >>> print(game.table())
        queens: Q♠ Q♠ Q♥ Q♥ Q♦ Q♦ Q♣ Q♣
        aces:   J♠ J♠ J♥ J♥ J♦ J♦ J♣ 8♣
        K♥: 10♦ 9♠ J♣
        K♣:
        K♠:
        K♠:
        K♥:
        K♦:
        K♦:
        K♣:
        pack: dealt out
        """
        game = cls(**options)
        spare = list(game.pack())

        def take(cards: Iterable[Card]) -> tuple[Card, ...]:
            for card in cards:
                if card not in spare:
                    raise InvalidPosition(f"too many {card} for the pack")
                spare.remove(card)
            return tuple(cards)

        if len(packets) > PLACES:
            raise InvalidPosition(f"the line holds {PLACES} kings")
        for name, text in zip(PACKETS, packets):
            game.piles[name] = Pile(take(Pile.of(text).cards))
        dealt = take(parse_cards(pack))
        game.piles["pack"] = Pile(tuple(reversed(dealt)), len(dealt))
        rest = sorted(spare)
        kings = [c for c in rest if c.rank == Rank.KING]
        if not dealt:
            for name, king in zip([n for n in PACKETS if not game.piles[n].cards], kings):
                game.piles[name] = Pile((king,))
            kings = []
        queens = [c for c in rest if c.rank == Rank.QUEEN]
        for name, queen in zip(QUEENS, queens):
            game.piles[name] = Pile((queen,))
        by_value: dict[int, list[Card]] = {}
        for card in rest:
            if card.value <= TOP:
                by_value.setdefault(card.value, []).append(card)
        for i, name in enumerate(FOUNDATIONS):
            cards = []
            for value in range(1, TOP + 1):
                if not by_value.get(value):
                    break
                cards.append(by_value[value].pop(0))
            game.piles[name] = Pile(tuple(cards))
        left = [c for cards in by_value.values() for c in cards] + kings
        if left and dealt:
            # the cards no foundation reaches lie at the bottom of the pack, to be dealt last
            game.piles["pack"] = Pile(tuple(left) + game.piles["pack"].cards, len(left) + len(dealt))
        elif left:
            raise InvalidPosition(f"cards placed nowhere (no foundation reaches them): {' '.join(map(str, left))}")
        game.counters["placed"] = placed
        return cls.from_position(str(game))

    def last_packet(self) -> str:
        """The packet of the last king that has appeared: the one the next card is heaped on."""
        piles = self.piles
        return next(name for name in reversed(PACKETS) if piles[name].cards)

    def heights(self) -> list[int]:
        """The foundations' heights, in their order: a foundation's height is the value of its top
        card, for it rises from its ace by one whatever the suit (the moves, the solver's key and
        the safe move read the foundations by it)."""
        piles = self.piles
        return [len(piles[name].cards) for name in FOUNDATIONS]

    def next_place(self) -> str:
        """Where the next card of the pack goes: an ace to the next place of the foundations' line,
        a queen to the next place of the queens' row, a king to the next place of the kings' line,
        any other card onto the last king's packet."""
        card = self.piles["pack"].cards[-1]
        return self._place_of(card)

    def _place_of(self, card: Card) -> str:
        piles = self.piles
        value = card.value
        if value == 1:
            line: Sequence[str] = FOUNDATIONS
        elif value == 12:
            line = QUEENS
        elif value == 13:
            line = PACKETS
        else:
            return self.last_packet()
        return next(name for name in line if not piles[name].cards)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield DEAL
        yield REDEAL
        piles = self.piles
        # a queen only to the foundations (to be refused); a surface card to the foundations and
        # onto every other king's packet
        for source in (*QUEENS, *PACKETS):
            card = piles[source].top
            if card is None:
                continue
            others = [] if source in QUEENS else [t for t in PACKETS if t != source and piles[t].cards]
            for target in (*FOUNDATIONS, *others):
                where = piles[target].top if target in PACKETS else target
                yield Move("move", (card,), source, target, f"{card} → {where}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: the deal while the pack
        lasts, then each surface card to the foundations one below it (whatever the suit) and,
        once the deal is ended, onto each king freed entirely that may still take a card."""
        return self._moves(every=True)

    def _moves(self, every: bool) -> list[Move]:
        """The legal moves (``every``), or those of them :meth:`useful_moves` keeps, made directly."""
        piles = self.piles
        dealing = bool(piles["pack"].cards)
        heights = self.heights()
        bare: list[tuple[str, str]] = []  # the kings freed entirely that may take a card, and their text
        if not dealing:
            once = self.options.kings == "once"
            placed = self.counters["placed"]
            for i, name in enumerate(PACKETS):
                cards = piles[name].cards
                if len(cards) == 1 and not (once and placed >> i & 1):
                    bare.append((name, cards[0].text))
        moves: list[Move] = []
        for source in PACKETS:
            cards = piles[source].cards
            if len(cards) < 2:
                continue  # no packet, or a king alone: the kings stay in their line
            card = cards[-1]
            below = card.value - 1  # (a card in a packet is from two to knave: below it, an ace to a ten)
            if below in heights:
                if every:
                    moves += [move_onto((card,), source, name, name)
                              for name, height in zip(FOUNDATIONS, heights) if height == below]
                else:
                    name = FOUNDATIONS[heights.index(below)]
                    moves.append(move_onto((card,), source, name, name))
            if bare and (every or len(cards) > 2):
                # (a bare king is never the source, which holds a card on its king)
                moves += [move_onto((card,), source, target, king) for target, king in (bare if every else bare[:1])]
        if dealing and not (self.options.play_at_once and moves):
            moves.insert(0, DEAL)
        return moves

    def aliases(self, move: Move) -> set[str]:
        """A move onto a packet may also be written with the packet's king: ``8♦ → K♥``."""
        names = super().aliases(move)
        if move.kind == "move" and move.target in PACKETS and self.piles[move.target].cards:
            names.add(f"{move.cards[0]} → {self.piles[move.target].cards[0]}")
        return names

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            if not self.dealing:
                return IllegalMove("Deal", "the whole pack is dealt out")
            if self.options.play_at_once:
                for m in self.moves():
                    if m.kind == "move" and m.target in FOUNDATIONS and self.violation(m) is None:
                        return self.illegal("Deal", "a suitable card is played before the next is dealt",
                                            f"{m.cards[0]} can be played")
            return None
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if move.kind == "move" and move.source in QUEENS:
            return self.illegal("Queens", "the queens are merely placed to complete the final tableau",
                                *move.cards[:1])
        if move.kind != "move" or move.source not in PACKETS or move.target not in self.piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        source = self.piles[move.source]
        if len(move.cards) != 1 or source.top != move.cards[0]:
            return self.illegal(*self.AVAILABILITY, *move.cards[:1])
        card = move.cards[0]
        if len(source) == 1:
            return self.illegal("Kings", "the kings stay in their line below the foundations", card)
        if move.target in FOUNDATIONS:
            return self._foundation_violation(move.target, card)
        if move.target in PACKETS and move.target != move.source:
            return self._king_violation(move.target, card)
        return IllegalMove("Play", f"{self.name} has no move {move}")

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """The foundations: begun by the aces as they appear, up by one whatever the suit (Rule II),
        to the knaves."""
        top = self.piles[name].top
        if top is None:
            return self.illegal("Foundations", "the aces form the foundations, and this one has not appeared",
                                card, name)
        if top.value == TOP:
            return self.illegal("Foundations", "the foundations ascend to knaves, and this one is complete",
                                card, top)
        if card.value != top.value + 1:
            return self.illegal("II", "the foundations ascend in sequence, whatever the suit", card, top)
        return None

    def _king_violation(self, target: str, card: Card) -> IllegalMove | None:
        """The paragraph on the kings: when the deal is ended, one card on each king freed entirely."""
        pile = self.piles[target]
        king = pile.cards[0]
        if len(pile) > 1:
            return self.illegal("Kings", "a card is placed only on a king freed entirely", card, pile.top or king)
        if self.dealing:
            return self.illegal("Kings", "a card is placed on a king only when the deal is ended", card, king)
        if self.options.kings == "once" and self.counters["placed"] >> PACKETS.index(target) & 1:
            return self.illegal("Kings", "each king takes one card, and this one has had it", card, king)
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        if move[0] == "deal":
            card = self.piles["pack"].cards[-1]
            self.transfer("pack", self._place_of(card))
            return
        target = move[3]
        if target in KING_BIT and self.options.kings == "once":
            self.counters["placed"] |= KING_BIT[target]
        self.transfer(move[2], target)

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every foundation finished with its knave: the queens above, the kings below alone."""
        return self.complete(FOUNDATIONS, TOP)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  Only the pack lies face down.  The lines are filled from the left
          as their cards appear: the kings' line, the foundations' and the queens', so no place of
          a line is filled after an empty one.  The first king is laid before the deal.
        - *What may lie where.*  A queen lies only in the queens' row, an ace only at the bottom of a
          foundation, a king only at the bottom of a packet; each foundation ascends by one,
          whatever the suit, to a knave at most (:meth:`foundation_inconsistencies`).
        - *The kings' cards.*  A king takes its card (``placed``) only when the deal is ended, so
          no bit is set while the pack holds cards, nor for a packet without a king.

        >>> TheSalicLaw.deal(seed=2).inconsistencies()
        []
        >>> game = TheSalicLaw.deal(seed=2)
        >>> game.counters["placed"] = 1
        >>> game.inconsistencies()
        ['a king has taken its card before the deal is ended']
        """
        faults = self.foundation_inconsistencies()
        piles = self.piles
        pack = piles["pack"]
        if pack.face_down != len(pack.cards) or any(p.face_down for n, p in piles.items() if n != "pack"):
            faults.append("a card lies face down outside the pack, or face up in it")
        for line, rank in ((QUEENS, Rank.QUEEN), (FOUNDATIONS, Rank.ACE), (PACKETS, Rank.KING)):
            filled = [bool(piles[name].cards) for name in line]
            if filled != sorted(filled, reverse=True):
                faults.append(f"a place of the {rank.name.lower()}s' line is filled after an empty one")
        if not piles["packet 1"].cards:
            faults.append("the first king is not in its place")
        for name in QUEENS:
            cards = piles[name].cards
            if len(cards) > 1 or any(c.rank != Rank.QUEEN for c in cards):
                faults.append(f"{name} holds other than one queen")
        for name in FOUNDATIONS:
            if len(piles[name].cards) > TOP or any(c.value > TOP for c in piles[name].cards):
                faults.append(f"{name} ascends beyond the knave")
        for name in PACKETS:
            cards = piles[name].cards
            if cards and (cards[0].rank != Rank.KING or any(c.value in (1, 12, 13) for c in cards[1:])):
                faults.append(f"{name} holds other than a king with cards from two to knave on it")
        placed = self.counters["placed"]
        if placed and pack.cards:
            faults.append("a king has taken its card before the deal is ended")
        if placed >> PLACES or any(placed >> i & 1 and not piles[n].cards for i, n in enumerate(PACKETS)):
            faults.append("a king that is not in the line has taken a card")
        if self.options.kings == "cell" and placed:
            faults.append("with kings=cell no king's card is counted")
        return faults

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """A key that tells apart only what the rules tell apart: a foundation is known by its height
        (it takes the next card whatever the suit) and the queens' row by nothing (what the deal put
        there); during the deal the packets stay in their order (the deal heaps on the last), after
        it they are alike, each with whether its king has had its card."""
        piles = self.piles
        heights = tuple(sorted(self.heights()))
        pack = piles["pack"]
        if pack.cards:
            return (pack, heights, tuple([piles[name] for name in PACKETS]))
        placed = self.counters["placed"]
        packets = sorted([(piles[name].cards, placed >> i & 1) for i, name in enumerate(PACKETS)])
        return (heights, tuple(packets))

    def useful_moves(self) -> list[Move]:
        """The legal moves less those that lead where another leads: a card to a second foundation
        as high as one it could go to, a card to a second bare king alike to one it could go to, and
        a card moved off a king it lies on alone onto another bare king (it changes nothing, or
        spends a second king's card for nothing).

        Made directly, as :meth:`generate_legal_moves` makes the legal moves: the foundations that
        take a card are all one below it, so as high as one another; and the kings that may take it
        are alike, none of them having had its card (with ``kings=once`` those that have are no
        longer offered, with ``kings=cell`` none is counted).  So of each card's moves to the
        foundations the first is kept, and of its moves to the kings the first.

        >>> game = TheSalicLaw.arrange(["K♥ J♦ J♠ 10♦ 10♠ 9♦ 9♠ 8♣", "K♣ 8♦"])
        >>> len(game.legal_moves()), [str(m) for m in game.useful_moves()]
        (16, ['8♣ → foundation 7', '8♣ → K♠', '8♦ → foundation 7'])
        """
        return self._moves(every=False)

    def independent(self, pack_move: Move, move: Move) -> bool:
        """A card played to a foundation just after a card is dealt could have been played before it,
        unless it is the card dealt (on the surface of the last king's packet) or goes onto the ace
        just dealt (the last foundation begun, still an ace alone): the deal goes where it goes
        whatever lies on the foundations.  A card laid on a king is never independent: only the end
        of the deal allows it."""
        if pack_move[0] != "deal" or move[0] != "move" or move[3] not in FOUNDATIONS:
            return False
        piles = self.piles
        if move[2] == self.last_packet():
            return False
        begun = [name for name in FOUNDATIONS if piles[name].cards]
        return not (begun and move[3] == begun[-1] and len(piles[move[3]].cards) == 1)

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when every foundation (those whose ace has not yet
        appeared counting as none high) is at least one below it: every card of its value still to
        go up will then find a foundation ready for it whenever it comes, so playing it now keeps
        every line of play open, and the foundations it could go to are alike."""
        low = min(self.heights())
        for move in moves:
            if move[0] == "move" and move[3] in FOUNDATIONS and move[1][0].value - 1 <= low:
                return move
        return None

    def beam_score(self) -> tuple[int, ...]:
        """The honest player's gain, as a beam search counts it for a game with no terms of its own,
        worked out in this game's: the cards out; none lies face down outside the pack; the cards
        left in the pack; the cards lying on a card a foundation takes (in a packet, each card
        counted as deep as it lies); the empty piles.

        >>> from patience.solve import _score
        >>> game = TheSalicLaw.deal(seed=3)
        >>> for move in ["deal"] * 40:
        ...     _ = game.play(move)
        >>> game.beam_score() == _score(game), game.beam_score()
        (True, (3, 0, -63, -103, 18))
        """
        piles = self.piles
        heights = self.heights()
        wanted = _wanted(tuple(sorted(heights))).__contains__
        empty = heights.count(0) + sum(not piles[name].cards for name in QUEENS)
        covering = 0
        for name in PACKETS:
            cards = piles[name].cards
            if cards:
                # each card wanted, counted by its depth (the surface card's is 0)
                covering += sum(compress(range(len(cards) - 1, -1, -1), map(wanted, cards)))
            else:
                empty += 1
        pack = len(piles["pack"].cards)
        return (sum(heights), 0, -pack, -covering, empty + (not pack))

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 004's three lines of eight: the queens above, the foundations in the middle, the
        kings below with their packets fanned down from them; the pack to the right."""
        spots = [Spot(name, i, 0, label="queen") for i, name in enumerate(QUEENS)]
        spots += [Spot(name, i, 1, label="ace") for i, name in enumerate(FOUNDATIONS)]
        spots += [Spot(name, i, 2.2, fan="down", label="king") for i, name in enumerate(PACKETS)]
        spots.append(Spot("pack", PLACES + 0.25, 0, label="pack"))
        return spots

    def table(self) -> str:
        """The position as text: the queens' row, the top card of each foundation, then each king
        with its packet from the king up to the surface card, and what is left of the pack."""
        piles = self.piles
        lines = ["queens: " + " ".join(str(piles[n].top or "--") for n in QUEENS),
                 "aces:   " + " ".join(str(piles[n].top or "--") for n in FOUNDATIONS)]
        for name in PACKETS:
            cards = piles[name].cards
            if cards:
                lines.append(f"{cards[0]}:" + "".join(f" {c}" for c in cards[1:]))
        pack = len(piles["pack"])
        lines.append(f"pack: {pack} card{'s' if pack != 1 else ''}" if pack else "pack: dealt out")
        return "\n".join(lines)
