"""The Carpet: two packs; sixty-four cards woven into a carpet, a card free by its narrow ends.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Carpet", plate 040.  Not the modern game of the same name: this is the
book's *Teppich*.  Four aces and four kings of different suits are withdrawn
as foundations, the aces to ascend and the kings to descend, following suit
(Rule I).  Sixty-four cards are dealt in eight rows of eight "exactly in the
order and pattern of those in the tableau": a basket weave in which the cards
lie upright and crossways by turns, like the squares of a chess-board.  A card
of the carpet is available only when one of its *narrow ends* is free (Rule
II): the top or bottom of an upright card, the left or right end of a card
lying crossways.  The rest of the pack is dealt card by card to a talon, whose
top card may be played; available cards of the carpet may be laid on the
talon's top card in sequence up or down, following suit (Rule IV).  The talon
may be taken up, shuffled and re-dealt twice.

>>> from patience import load
>>> game = load("the-carpet", seed=1)
>>> len(game.piles["pack"]), len(game.available())
(32, 16)
>>> print(TheCarpet.from_plate().table().splitlines()[1])
row 1: 6♠×   3♠=   Q♠×   4♠=   J♠×   Q♥=   A♠×   2♠=×
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Any, Iterable, Mapping, Sequence

from ..build import ACES_UP, KINGS_DOWN, Foundation
from ..cards import Card, Rank, Suit, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, grid, move_onto, moves_up, place
from ..options import Option
from . import register

__all__ = ["TheCarpet"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Carpet”"

SIZE = 8
#: The places of the carpet, row by row, with their row and column (1 to 8).
PLACES = grid(SIZE, SIZE)
CARPET = tuple(PLACES)
#: The suits of the foundations from the left, as on plate 040 (read as well as its tiny pips allow).
SUITS = (Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS, Suit.HEARTS)
ACE_FOUNDATIONS = tuple(f"foundation {i + 1}" for i in range(4))
KING_FOUNDATIONS = tuple(f"foundation {i + 5}" for i in range(4))
FOUNDATIONS = ACE_FOUNDATIONS + KING_FOUNDATIONS
FOUNDATION_SET = frozenset(FOUNDATIONS)


def upright(name: str) -> bool:
    """Whether the card at a place of the carpet lies upright (its narrow ends above and below): the
    places whose row and column add up to an even number, as on the plate, where the top left card
    stands upright and the cards lie upright and crossways by turns.

    >>> upright("row 1 column 1"), upright("row 1 column 2"), upright("row 2 column 1")
    (True, False, False)
    """
    row, column = PLACES[name]
    return (row + column) % 2 == 0


def _rays(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The places beyond each narrow end of the card at ``name``, nearest first, to the carpet's edge."""
    row, column = PLACES[name]
    if upright(name):
        return (tuple(place(r, column) for r in range(row - 1, 0, -1)),
                tuple(place(r, column) for r in range(row + 1, SIZE + 1)))
    return (tuple(place(row, c) for c in range(column - 1, 0, -1)),
            tuple(place(row, c) for c in range(column + 1, SIZE + 1)))


RAYS = {name: _rays(name) for name in CARPET}
INDEX = {name: i for i, name in enumerate(CARPET)}


def _ends(lane: bool) -> tuple[tuple[str, int, tuple[int, ...], tuple[int, ...]], ...]:
    """Each place of the carpet with its index and, for each narrow end, the indices of the places
    that must be empty for it to be free (none beyond an end at the carpet's edge): the place next
    to it, or with ``lane`` every place beyond it to the edge."""
    ends = []
    for name in CARPET:
        one, other = (tuple(INDEX[p] for p in (ray if lane else ray[:1])) for ray in RAYS[name])
        ends.append((name, INDEX[name], one, other))
    return tuple(ends)


#: The carpet's piles, row by row, from a position's piles.
_CARPET_PILES = itemgetter(*CARPET)
#: :func:`_ends` for each reading of the option ``ends``: by whether it is ``lane``.
ENDS = {False: _ends(False), True: _ends(True)}


@lru_cache(maxsize=1 << 14)
def _free(lying: bytes, lane: bool) -> tuple[str, ...]:
    """The places of the carpet whose cards are available when the cards ``lying`` lie there
    (:meth:`TheCarpet.lying`), row by row: :meth:`TheCarpet.is_available` of each, read from them."""
    there = lying.__getitem__
    return tuple(name for name, i, one, other in ENDS[lane]
                 if lying[i] and (not any(map(there, one)) or not any(map(there, other))))


DEAL = Move("deal", notation="deal")
REDEAL = Move("redeal", notation="redeal")


@register
class TheCarpet(Game):
    """The Carpet (Lady Cadogan's *Teppich*): two packs; a carpet of 64 cards, a card free by its narrow ends."""

    slug = "the-carpet"
    name = "The Carpet"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 15 of the first 80 deals its study's search left unknown.
    PLAYS_OUT = True
    chapter = "the-carpet"
    order = 40
    source = SOURCE
    plate = "040"
    packs = 2
    RULES = {
        "I": "The foundations follow suit.",
        "II": "Cards on the carpet (teppich) are only available when one of the narrow ends is free (i.e., "
        "the top or bottom of the card). No card is available when both the narrow ends are blocked by "
        "other cards. On the tableau crosses are placed to show the available cards after the carpet has "
        "been dealt.",
        "III": "When a card from the carpet is played, it does not free the next one, because its removal "
        "cannot free either of the narrow ends of that card, yet it helps the game indirectly, and the "
        "inner cards become by degrees available.",
        "IV": "When the talon is formed, any available cards from the carpet can be placed in ascending or "
        "descending sequences upon the uppermost card of the talon, following suit.",
        "Foundations": "Withdraw from the pack four aces and four kings of different suits. These are the "
        "foundations, and ascend and descend in the usual sequences.",
        "Deal": "… then deal out the remainder, playing suitable ones or placing the unsuitable cards as a "
        "talon.",
        "Re-deal": "The talon may be taken up, shuffled, and re-dealt twice … There are two re-deals.",
    }
    AVAILABILITY = ("II", "a card of the carpet is available only when one of its narrow ends is free")
    COUNTERS = ("redeals",)
    FACE_DOWN = ("pack",)
    TALON_RULE = ("Talon", "only the uppermost card of the talon is available")
    OPTIONS = (
        Option("redeals", 2, "re-deals of the talon allowed (the book: “re-dealt twice”, “two re-deals”)"),
        Option(
            "ends",
            "touching",
            "when a narrow end is free: when no card 'touching' it lies next to it (the place beyond it "
            "is empty or off the carpet: Rule II's words), or only when a 'lane' leads from it to the "
            "carpet's edge, every place beyond it in line empty (the reading of “a clear lane having "
            "been opened out, either horizontal or perpendicular, leading up to one of the narrow ends”)",
            choices=("touching", "lane"),
        ),
        Option(
            "direction",
            "either",
            "cards laid on the talon (Rule IV): each one higher or one lower than the card it covers "
            "('either'), or, once a carpet card has been laid in sequence, the sequence goes on in its "
            "direction ('keep')",
            choices=("either", "keep"),
        ),
    )

    #: Plate 040 as read from the plate (see the chapter: the ranks and the weave are the plate's, the
    #: suits are too small to read and are given in turn); the pack, which the plate shows face down,
    #: lies in the order of deal 40 less the plate's cards (``TheCarpet.plate_deal()``).
    PLATE_FOUNDATIONS = "A♦ A♠ A♣ A♥ K♦ K♠ K♣ K♥"
    PLATE_CARPET = (
        "6 3 C 4 C C A 2 / 8 8 10 3 4 7 9 9 / 2 3 C A 7 C 5 3 / C 9 5 2 4 2 C 10 / "
        "8 C 3 C 10 5 A 2 / 9 4 7 4 C C 8 4 / C C 3 10 2 2 C 2 / C 6 9 C A 9 6 3"
    )
    PLATE = """\
the-carpet seed=40 redeals=0
pack: [8♠] [5♠] [4♣] [8♥] [8♦] [10♠] [6♣] [9♣] [5♣] [10♣] [7♠] [7♣] [7♥] [10♦] [6♥] [10♥] [6♦] [5♥] \
[3♣] [6♠] [Q♦] [7♦] [J♦] [8♣] [4♦] [J♣] [9♦] [7♣] [Q♣] [5♣] [5♦] [6♣]
foundation 1: A♦
foundation 2: A♠
foundation 3: A♣
foundation 4: A♥
foundation 5: K♦
foundation 6: K♠
foundation 7: K♣
foundation 8: K♥
row 1 column 1: 6♠
row 1 column 2: 3♠
row 1 column 3: Q♠
row 1 column 4: 4♠
row 1 column 5: J♠
row 1 column 6: Q♥
row 1 column 7: A♠
row 1 column 8: 2♠
row 2 column 1: 8♠
row 2 column 2: 8♥
row 2 column 3: 10♠
row 2 column 4: 3♥
row 2 column 5: 4♥
row 2 column 6: 7♠
row 2 column 7: 9♠
row 2 column 8: 9♥
row 3 column 1: 2♥
row 3 column 2: 3♦
row 3 column 3: K♠
row 3 column 4: A♥
row 3 column 5: 7♥
row 3 column 6: J♥
row 3 column 7: 5♠
row 3 column 8: 3♣
row 4 column 1: Q♦
row 4 column 2: 9♦
row 4 column 3: 5♥
row 4 column 4: 2♦
row 4 column 5: 4♦
row 4 column 6: 2♣
row 4 column 7: J♦
row 4 column 8: 10♥
row 5 column 1: 8♦
row 5 column 2: K♥
row 5 column 3: 3♠
row 5 column 4: Q♣
row 5 column 5: 10♦
row 5 column 6: 5♦
row 5 column 7: A♦
row 5 column 8: 2♠
row 6 column 1: 9♣
row 6 column 2: 4♣
row 6 column 3: 7♦
row 6 column 4: 4♠
row 6 column 5: J♣
row 6 column 6: Q♠
row 6 column 7: 8♣
row 6 column 8: 4♥
row 7 column 1: K♦
row 7 column 2: J♠
row 7 column 3: 3♥
row 7 column 4: 10♣
row 7 column 5: 2♥
row 7 column 6: 2♦
row 7 column 7: Q♥
row 7 column 8: 2♣
row 8 column 1: J♥
row 8 column 2: 6♥
row 8 column 3: 9♠
row 8 column 4: K♣
row 8 column 5: A♣
row 8 column 6: 9♥
row 8 column 7: 6♦
row 8 column 8: 3♦
"""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        # The carpet's piles when lying() last read them, and what it read.
        self._lying: tuple[tuple[Pile, ...], bytes] | None = None

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack, the talon, the eight foundations (the aces 1-4, the kings 5-8) and the 64 places of
        the carpet, row by row."""
        return ["pack", "talon", *FOUNDATIONS, *CARPET]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP if name in ACE_FOUNDATIONS else KINGS_DOWN

    def lay_out(self, cards: list[Card], carpet: Sequence[Card] = ()) -> None:
        """Withdraw an ace and a king of each suit; deal the carpet row by row (``carpet``, a plate's,
        first); the rest is the pack, face down, the next card on top."""
        rest = list(cards)
        for names, rank in ((ACE_FOUNDATIONS, Rank.ACE), (KING_FOUNDATIONS, Rank.KING)):
            for name, suit in zip(names, SUITS):
                card = Card(rank, suit)
                rest.remove(card)
                self.piles[name] = Pile((card,))
        given = list(carpet)
        for card in given:
            if card not in rest:
                raise InvalidPosition(f"too many {card} for the packs")
            rest.remove(card)
        count = len(CARPET) - len(given)
        laid, rest = given + rest[:count], rest[count:]
        for name, card in zip(CARPET, laid):
            self.piles[name] = Pile((card,))
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    @classmethod
    def plate_cards(cls) -> list[Card]:
        """The carpet of plate 040, row by row: the plate's ranks (``C`` a court card), the suits given
        in turn, spades, hearts, diamonds, clubs, to each rank as it comes in reading order, and the
        court cards made queen, knave, queen, king and so on in turn (the plate shows neither the suits
        nor the ranks of its court cards legibly)."""
        order = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
        courts = (Rank.QUEEN, Rank.KNAVE, Rank.QUEEN, Rank.KING, Rank.KNAVE, Rank.QUEEN, Rank.KNAVE, Rank.KING)
        seen: dict[int, int] = {}
        court = 0
        cards = []
        for token in cls.PLATE_CARPET.replace("/", " ").split():
            if token == "C":
                rank = courts[court % len(courts)]
                court += 1
            else:
                rank = Rank(1 if token == "A" else int(token))
            n = seen.get(rank, 0)
            seen[rank] = n + 1
            cards.append(Card(rank, order[n % 4]))
        return cards

    @classmethod
    def plate_deal(cls, seed: int = 40) -> TheCarpet:
        """The plate's position, the pack in the order of deal ``seed`` less the plate's cards.

        >>> TheCarpet.plate_deal() == TheCarpet.from_plate()
        True
        """
        return cls.deal_with(seed, cls.plate_cards())

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        carpet: Mapping[str, str],
        foundations: Sequence[str] = (),
        talon: str = "",
        pack: str = "",
        **options: Any,
    ) -> TheCarpet:
        """A position made of what matters, for examples and tests: ``carpet`` maps places
        (``"row 2 column 5"``) to a card; ``foundations`` the eight foundations' cards, foundation 1
        first (by default their ace or king alone); ``talon`` its cards, bottom first; ``pack`` the cards
        still to deal, the next first.  Every other card lies at the bottom of the pack.

        >>> game = TheCarpet.arrange({"row 1 column 1": "5♥"}, talon="6♥")
        >>> game.available(), len(game.piles["pack"])
        (['row 1 column 1'], 94)
        """
        game = cls(**options)
        texts = dict(zip(FOUNDATIONS, foundations)) if foundations else dict(
            zip(FOUNDATIONS, [f"A{s.value}" for s in SUITS] + [f"K{s.value}" for s in SUITS]))
        for name, text in {**carpet, **texts, "talon": talon}.items():
            if name not in game.piles:
                raise InvalidPosition(f"unknown pile {name!r} in {game.name}")
            game.piles[name] = Pile.of(text)
        dealt = parse_cards(pack)
        left = list(game.pack())
        for card in game.cards() + dealt:
            if card not in left:
                raise InvalidPosition(f"too many {card} for the packs")
            left.remove(card)
        rest = tuple(sorted(left, reverse=True)) + tuple(reversed(dealt))
        game.piles["pack"] = Pile(rest, len(rest))
        return cls.from_position(str(game))

    # ------------------------------------------------------------ availability
    def is_available(self, name: str) -> bool:
        """Rule II: whether the card at the place ``name`` has a narrow end free (by the option
        ``ends``: nothing next to it, or a clear lane from it to the edge)."""
        piles = self.piles
        if not piles[name].cards:
            return False
        lane = self.options.ends == "lane"
        for ray in RAYS[name]:
            beyond = ray if lane else ray[:1]
            if all(not piles[p].cards for p in beyond):
                return True
        return False

    def available(self) -> list[str]:
        """The places of the carpet whose cards are available now, row by row (Lady Cadogan's crosses)."""
        return list(_free(self.lying(), self.options.ends == "lane"))

    def lying(self) -> bytes:
        """The cards of the carpet that still lie there, place by place row by row: 1 where a place
        holds its card, 0 where it is gone (nothing is ever laid on the carpet).  Read again only
        when a card has left the carpet since it was last read."""
        carpet = _CARPET_PILES(self.piles)
        known = self._lying
        if known is None or known[0] != carpet:
            known = self._lying = (carpet, bytes([len(pile.cards) for pile in carpet]))
        return known[1]

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield DEAL
        yield REDEAL
        piles = self.piles
        talon = piles["talon"].top
        if talon is not None:
            yield from self.foundation_moves("talon", talon)
        for name in CARPET:
            card = piles[name].top
            if card is None:
                continue
            yield from self.foundation_moves(name, card)
            yield Move("move", (card,), name, "talon", f"{card} → {talon or 'talon'}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly: the deal while the pack lasts,
        the re-deal when it is exhausted and one is left, the talon's top card to the foundations that
        take it, and each available card of the carpet to the foundations and onto the talon."""
        piles = self.piles
        moves: list[Move] = []
        if piles["pack"].cards:
            moves.append(DEAL)
        elif piles["talon"].cards and self.counters["redeals"] < self.options.redeals:
            moves.append(REDEAL)
        takers = self.foundation_takers()
        talon = piles["talon"].cards
        if talon:
            moves += moves_up("talon", talon[-1], takers.get(talon[-1], []))
        top = talon[-1] if talon else None
        keep = self.options.direction == "keep"
        for name in _free(self.lying(), self.options.ends == "lane"):
            card = piles[name].cards[0]
            if card in takers:
                moves += moves_up(name, card, takers[card])
            if top is not None and top.suit is card.suit and abs(card.value - top.value) == 1:
                if keep and self._against_sequence(card):
                    continue
                moves.append(move_onto((card,), name, "talon", top.text))
        return moves

    def _against_sequence(self, card: Card) -> bool:
        """With ``direction=keep``: whether ``card`` on the talon's top would turn back the sequence
        the top two cards make (a sequence of its suit, one step apart)."""
        talon = self.piles["talon"].cards
        if len(talon) < 2:
            return False
        under, top = talon[-2], talon[-1]
        step = top.value - under.value
        return under.suit is top.suit and abs(step) == 1 and card.value - top.value != step

    def violation(self, move: Move) -> IllegalMove | None:
        kind, cards, source, target = move.kind, move.cards, move.source, move.target
        piles = self.piles
        if kind == "deal":
            if not piles["pack"].cards:
                return IllegalMove("Deal", "the pack is exhausted")
            return None
        if kind == "redeal":
            return self.redeal_violation()
        if kind != "move" or len(cards) != 1 or source not in piles or target not in piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = cards[0]
        if piles[source].top != card:
            return IllegalMove(*self.TALON_RULE, str(card)) if source == "talon" else \
                IllegalMove("Play", f"{card} is not at {source}")
        if source in PLACES and not self.is_available(source):
            return self.illegal(*self.AVAILABILITY, card)
        if target in FOUNDATIONS:
            return self._foundation_violation(target, card)
        if target == "talon" and source in PLACES:
            top = piles["talon"].top
            if top is None:
                return self.illegal("IV", "cards from the carpet are placed on the uppermost card of the "
                                    "talon, when the talon is formed", card)
            if top.suit is not card.suit:
                return self.illegal("IV", "a sequence on the talon follows suit", card, top)
            if abs(card.value - top.value) != 1:
                return self.illegal("IV", "cards are placed on the talon in ascending or descending sequence",
                                    card, top)
            if self.options.direction == "keep" and self._against_sequence(card):
                return self.illegal("IV", "a sequence on the talon goes on in its direction", card, top)
            return None
        return IllegalMove("Play", f"{self.name} has no move {move}")

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule I: the aces' foundations go up in suit, the kings' down, each to its end."""
        fault = self.foundation_fault(name, card)
        if fault is None:
            return None
        cards = self.piles[name].cards
        top = cards[-1]
        if top.suit is not card.suit:
            return self.illegal("I", "the foundations follow suit", card, top)
        if len(cards) == 13:
            return self.illegal("Foundations", "the foundation is complete", card, top)
        if name in ACE_FOUNDATIONS:
            return self.illegal("Foundations", "the aces ascend in sequence", card, top)
        return self.illegal("Foundations", "the kings descend in sequence", card, top)

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        if kind == "deal":
            self.transfer("pack", "talon")
            piles = self.piles
            piles["talon"] = Pile(piles["talon"].cards, 0)
        elif kind == "redeal":
            self.counters["redeals"] += 1
            cards = self.shuffle(list(self.piles["talon"].cards))
            self.piles["talon"] = Pile()
            self.piles["pack"] = Pile(tuple(reversed(cards)), len(cards))
        else:
            self.transfer(move[2], move[3])

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card on the foundations."""
        return self.complete(FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What no game played by the rules can leave: foundations that do not begin with an ace (1-4)
        or a king (5-8) of the plate's suits or are out of sequence; more than one card at a place of
        the carpet (nothing is ever laid there); a card face down outside the pack; more re-deals
        made than allowed.

        >>> TheCarpet.from_plate().inconsistencies()
        []
        >>> game = TheCarpet.deal(seed=2)
        >>> game.piles["row 1 column 1"] = game.piles["row 1 column 1"].added(game.piles["row 1 column 2"].cards)
        >>> game.piles["row 1 column 2"] = Pile()
        >>> game.inconsistencies()
        ['more than one card at row 1 column 1']
        """
        faults = self.foundation_inconsistencies(distinct_suits=True)
        piles = self.piles
        for names, rank in ((ACE_FOUNDATIONS, Rank.ACE), (KING_FOUNDATIONS, Rank.KING)):
            for name, suit in zip(names, SUITS):
                cards = piles[name].cards
                if not cards or cards[0] != Card(rank, suit):
                    faults.append(f"{name} does not begin with the {Card(rank, suit)}")
        faults += [f"more than one card at {name}" for name in CARPET if len(piles[name].cards) > 1]
        if any(piles[name].face_down for name in piles if name != "pack") or \
                piles["pack"].face_down != len(piles["pack"].cards):
            faults.append("a card lies face down outside the pack, or face up in it")
        if self.counters["redeals"] > self.options.redeals:
            faults.append(f"{self.counters['redeals']} re-deals made, {self.options.redeals} allowed")
        return faults

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """The position as the rules tell it apart, told as briefly: the pack and the talon; each
        foundation by its height (it is built in suit from its ace or king); the places of the carpet
        that still hold their card (nothing is ever laid there, so a place holds the card dealt to it
        or none); the re-deals made."""
        piles = self.piles
        return (piles["pack"], piles["talon"], tuple([len(piles[name].cards) for name in FOUNDATIONS]),
                self.lying(), self.counters["redeals"])

    def beam_score(self) -> tuple[int, ...]:
        """The honest player's gain, as a beam search counts it for a game with no terms of its own,
        worked out in this game's: the cards out; none lies face down outside the pack; the cards in
        the pack and the talon; none lies on another in the carpet; the empty piles.

        >>> from patience.solve import _score
        >>> game = TheCarpet.deal(seed=3)
        >>> for move in ["2♥ → foundation", "Q♣ → foundation", "deal"]:
        ...     _ = game.play(move)
        >>> game.beam_score() == _score(game), game.beam_score()
        (True, (10, 0, -32, 0, 2))
        """
        piles = self.piles
        out = [len(piles[name].cards) for name in FOUNDATIONS]
        pack, talon = len(piles["pack"].cards), len(piles["talon"].cards)
        empty = out.count(0) + (not pack) + (not talon) + self.lying().count(0)
        return (sum(out), 0, -(pack + talon), 0, empty)

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when no other foundation takes it, and the other foundation
        of its suit has passed it already (its twin is out there): nothing can want it elsewhere (a
        carpet card played is only gone from where it blocked; a talon card uncovers the one beneath)."""
        ups = [move for move in moves if move[3] in FOUNDATION_SET]
        if not ups:
            return None
        piles = self.piles
        sources = [move[2] for move in ups]
        for move in ups:
            if sources.count(move[2]) != 1:
                continue
            card = move[1][0]
            other = KING_FOUNDATIONS if move[3] in ACE_FOUNDATIONS else ACE_FOUNDATIONS
            top = next(piles[n].cards[-1] for n in other if piles[n].cards[0].suit is card.suit)
            passed = top.value < card.value if other is KING_FOUNDATIONS else top.value > card.value
            if passed:
                return move
        return None

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 040's arrangement: the four aces on the left of the top line and the four kings on the
        right; the carpet below, eight rows of eight, each card upright or turned crossways (drawn
        turned 90 degrees) as the weave has it; the pack and the talon below the carpet."""
        step = 1.25  # a crossways card is as wide as a card is tall: the columns stand further apart
        spots = [Spot(name, 0.2 + i * step, 0) for i, name in enumerate(ACE_FOUNDATIONS)]
        spots += [Spot(name, 0.2 + (i + 4) * step, 0) for i, name in enumerate(KING_FOUNDATIONS)]
        for name, (row, column) in PLACES.items():
            spots.append(Spot(name, 0.2 + (column - 1) * step, 0.25 + row, draw_empty=False,
                              angle=0.0 if upright(name) else 90.0))
        spots.append(Spot("pack", 0.2 + 3 * step, SIZE + 1.5, label="pack"))
        spots.append(Spot("talon", 0.2 + 4 * step, SIZE + 1.5, label="talon"))
        return spots

    def table(self) -> str:
        """The position as text: the foundations' top cards; the carpet row by row, a card lying
        crossways marked ``=``, an available one ``×`` (the plate's crosses), an empty place ``--``;
        the talon's top card and the cards left in the pack."""
        piles = self.piles
        tops = [str(piles[n].top or "--") for n in FOUNDATIONS]
        lines = [f"foundations: {' '.join(tops[:4])} | {' '.join(tops[4:])}"]
        free = set(self.available())
        for row in range(1, SIZE + 1):
            cells = []
            for column in range(1, SIZE + 1):
                name = place(row, column)
                card = piles[name].top
                text = "--" if card is None else card.text + ("" if upright(name) else "=") + \
                    ("×" if name in free else "")
                cells.append(text.ljust(6))
            lines.append(f"row {row}: " + "".join(cells).rstrip())
        talon = piles["talon"]
        lines.append(f"talon: {talon.top or '--'} ({len(talon)})   pack: {len(piles['pack'])} cards   "
                     f"re-deals: {self.counters['redeals']} of {self.options.redeals}")
        return "\n".join(lines)

