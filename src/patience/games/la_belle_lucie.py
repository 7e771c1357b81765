"""La Belle Lucie, with The House in the Wood and The House on the Hill.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"La Belle Lucie", plate 001.  One pack is dealt in packets of three, the last
packet holding a single card; the four aces ascend in suit to kings; cards are
released by marriages (same suit, one lower) made on the packets, one card at a
time; when no card can be played the tableau may be taken up, shuffled and
re-dealt, twice at most.  The two-pack games of the same chapter are
:class:`HouseInTheWood` (eight aces) and :class:`HouseOnTheHill` (four aces and
four kings, marriages both up and down).

>>> from patience import load
>>> game = load("la-belle-lucie", seed=3)
>>> [len(game.piles[p]) for p in game.piles_of("packet")]
[3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1]
>>> wood = load("house-in-the-wood", seed=3)
>>> len(wood.piles_of("packet")), len(wood.piles[wood.piles_of("packet")[-1]])
(35, 2)
>>> print(LaBelleLucie.from_plate().piles["packet 18"])
K♣
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar, Iterable, Sequence

from ..blocked import Blocking, Lay, needs, onto
from ..build import ACES_UP, Build, Foundation, KINGS_DOWN, marriage_reasons
from ..cards import CARDS, Card, Rank
from ..compiled import search_in_c
from ..errors import IllegalMove
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, marriages_onto, move_onto, moves_up
from ..options import Option
from . import register

__all__ = ["LaBelleLucie", "HouseInTheWood", "HouseOnTheHill"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “La Belle Lucie”"

MARRIAGE_DOWN = Build("down", "same")
MARRIAGE_EITHER = Build("either", "same")

REDEAL_WORDS = (
    "When this has been done, and there are no more available cards to play, the entire tableau "
    "may be taken up, shuffled and re-dealt (if necessary twice), then played again as before."
)


@register
class LaBelleLucie(Game):
    """La Belle Lucie: one pack in seventeen packets of three and one of one."""

    slug = "la-belle-lucie"
    name = "La Belle Lucie"
    chapter = "la-belle-lucie"
    order = 1
    source = SOURCE
    plate: ClassVar[str | None] = "001"
    packs = 1
    #: The source's rules: the two numbered ones, then the paragraphs of PLAY
    #: that a move can break, under the short names the engine cites.
    RULES = {
        "I": "The uppermost card of each packet is alone available, until by its removal it "
        "releases the one beneath.",
        "II": "The foundations must follow suit.",
        "Deal": "Deal out the entire pack in packets of three cards dealt together and placed as "
        "in tableau. The last packet, however, will contain but one card.",
        "Foundations": "The four aces form the foundation cards, and are to ascend in sequence to kings.",
        "Marriages": "When all available cards have been played, you proceed to release others, by "
        "forming marriages in a descending line on the tableau.",
        "Re-deal": REDEAL_WORDS,
    }
    AVAILABILITY = ("I", "only the uppermost card of each packet is available")
    SEARCH_IN_C = search_in_c("games._la_belle_lucie_search")
    #: Some seconds of the search in C (in La Belle Lucie far more than any deal of 1 to 200 needs).
    NODES_IN_C = 2_000_000
    COUNTERS = ("redeals",)
    #: The foundations are alike but for the card they begin with, which their cards show; the
    #: packets are alike too once no re-deal is left (:meth:`solver_key`).
    INTERCHANGEABLE = ("foundation",)
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("redeals", 2, "re-deals allowed (the book: “if necessary twice”)"),
        Option(
            "redeal_when",
            "blocked",
            "when the tableau may be taken up: 'blocked' (no card can be played to a foundation: "
            "the book's “there are no more available cards to play”), 'stuck' (no card can be "
            "played or married either) or 'any' time",
            choices=("blocked", "stuck", "any"),
        ),
    )

    #: How marriages are made on the packets.
    marriage = MARRIAGE_DOWN
    #: Foundations: one per pack and suit, all ascending from the aces.
    foundation_bases: tuple[Foundation, ...] = (ACES_UP,) * 4
    #: Whether the foundations of one kind (aces, kings) must be of different suits.
    distinct_suits = False

    #: Plate 001, read card by card (bottom card of each fan first; the reading is in
    #: the chapter).  The packets are numbered in the plate's reading order, row by row,
    #: except the single card: the plate draws it in the middle of the bottom row, between
    #: its fans 16 and 18, but it is the last packet dealt, so it is packet 18 here (and
    #: the plate's fan 18 is packet 17).  The ranks of most court cards cannot be read.
    PLATE: ClassVar[str | None] = """\
la-belle-lucie seed=0 redeals=0
foundation 1:
foundation 2:
foundation 3:
foundation 4:
packet 1: Q♠ 3♣ A♥
packet 2: 6♣ 7♠ 9♦
packet 3: 6♠ 3♥ 3♠
packet 4: 10♠ A♣ K♥
packet 5: 2♣ 5♥ A♠
packet 6: 5♠ 4♣ 10♦
packet 7: Q♣ 7♣ 2♥
packet 8: 4♥ 9♠ 10♥
packet 9: 2♠ 4♦ J♣
packet 10: 5♣ 8♣ 8♥
packet 11: J♠ 6♦ 7♥
packet 12: 5♦ 10♣ J♥
packet 13: Q♥ A♦ 6♥
packet 14: K♦ 7♦ 8♠
packet 15: 8♦ 9♣ Q♦
packet 16: 3♦ J♦ 4♠
packet 17: 2♦ K♠ 9♥
packet 18: K♣
"""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        # Read once for the hot paths: the packets in order, and the cards that marry each card.
        self._packets = tuple(self.piles_of("packet"))
        self._marrying = self.marriage.children_table()
        self._hill = KINGS_DOWN in self.foundation_bases

    # ------------------------------------------------------------------ the deal
    def packet_count(self) -> int:
        """How many packets the deal makes (the last one may be short)."""
        return -(-len(self.pack()) // 3)

    def pile_names(self) -> list[str]:
        return [f"foundation {i + 1}" for i in range(len(self.foundation_bases))] + [
            f"packet {i + 1}" for i in range(self.packet_count())
        ]

    def foundation_rule(self, name: str) -> Foundation:
        return self.foundation_bases[int(name.split()[-1]) - 1]

    def first_deal(self, count: int) -> list[int]:
        """The sizes of the packets of the first deal of ``count`` cards."""
        return in_threes(count)

    def lay_out(self, cards: list[Card]) -> None:
        """Deal the cards in packets of three dealt together; the last packet takes what is left."""
        self._deal_packets(cards, self.first_deal(len(cards)))

    def _deal_packets(self, cards: list[Card], sizes: list[int]) -> None:
        packets = self.piles_of("packet")
        assert len(sizes) <= len(packets) and sum(sizes) == len(cards)
        start = 0
        for i, name in enumerate(packets):
            size = sizes[i] if i < len(sizes) else 0
            self.piles[name] = Pile(tuple(cards[start: start + size]))
            start += size

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        packets = self.piles_of("packet")
        full = [p for p in packets if self.piles[p].cards]
        for source in full:
            card = self.piles[source].top
            assert card is not None
            yield from self.foundation_moves(source, card)
            for other in packets:
                if other == source:
                    continue
                under = self.piles[other].top
                yield Move("move", (card,), source, other, f"{card} → {under or 'space'}")
        yield Move("redeal", notation="redeal")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: each uppermost card to
        the foundations that take it and onto the packets whose uppermost card it marries, then
        the re-deal if the paragraph on re-dealing allows it now."""
        piles = self.piles
        # Rule I: the uppermost card of each packet; and, for each card, the packets (in their
        # order) whose uppermost card it would marry onto
        uppermost = [(name, piles[name].cards[-1]) for name in self._packets if piles[name].cards]
        onto = marriages_onto(uppermost, self._marrying)
        takers = self.foundation_takers(self.distinct_suits)
        legal: list[Move] = []
        append = legal.append
        played = False
        for source, card in uppermost:
            found = takers.get(card)
            if found is not None:
                legal += moves_up(source, card, found)
                played = True
            targets = onto.get(card)
            if targets is not None:
                for target, under in targets:
                    append(move_onto((card,), source, target, under.text))
        # the paragraph on re-dealing (never once the tableau is cleared: is_won)
        if uppermost and self.counters["redeals"] < self.options.redeals:
            when = self.options.redeal_when
            if when == "any" or not (played if when == "blocked" else legal):
                append(Move("redeal", notation="redeal"))
        return legal

    def _may_redeal(self, played: bool, moved: bool) -> bool:
        """Whether the tableau may be taken up now, given whether a card can be played to a
        foundation (``played``) or moved at all (``moved``): :meth:`_redeal_violation` in short."""
        if self.is_won or self.counters["redeals"] >= self.options.redeals:
            return False
        when = self.options.redeal_when
        return when == "any" or not (played if when == "blocked" else moved)

    # ------------------------------------------------------------ for solvers
    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when no card that could marry it is left in the tableau
        (in La Belle Lucie always so: the card one lower in its suit is on the foundation already;
        with two packs both such cards must be out), to a foundation begun already or, where the
        foundations are all on aces, to an empty one.

        Playing it can spoil nothing.  No card can be laid on it, so in its packet it only covers
        the card under it, which playing it frees as marrying it would.  The foundations that take
        it wait for it alone (the cards they could take instead are out), so where two packs give
        it a copy, the copy finds another of them; and every ace has an empty foundation of its
        own.  The one thing it could still change is a re-deal, which shuffles the cards left;
        but while a card can be played the re-deal is barred (it waits until no card can be
        played, ``redeal_when=blocked``, or moved, ``stuck``), and the card stays playable until
        played, so any line of play plays it before a re-deal.  Hence not with
        ``redeal_when=any`` while a re-deal is left; nor to an empty foundation on the Hill, where
        an ace or a king could go on a foundation begun or begin one, and take another's place."""
        if self.options.redeal_when == "any" and self.counters["redeals"] < self.options.redeals:
            return None
        piles, hill = self.piles, self._hill
        for move in moves:
            kind, cards, _, target, _ = move
            if kind != "move" or not target.startswith("foundation") or (hill and not piles[target].cards):
                continue
            # a quick look first: every card that could marry it is out (both, with two packs)
            if self.out_already(self._marrying[cards[0]]) and \
                    self.safe_to_found(cards[0], self.marriage):
                return move
        return None

    def blocked(self) -> Card | None:
        """Once no re-deal is left, a card that can never go up (:class:`~patience.blocked.Blocking`):
        a packet gives up its uppermost card only (rule I), to a foundation or in marriage (a
        packet emptied is not filled); while a re-deal is left, None.

        >>> piles = {"packet 1": "9♥ 7♥ 6♥ 8♥", "packet 2": "K♥ Q♥ J♥ 10♥", "foundation 4": "A♥ 2♥ 3♥ 4♥ 5♥"}
        >>> def by_suit(card): return f"foundation {'♠♦♣'.index(str(card.suit)) + 1}"
        >>> print(LaBelleLucie.arrange(piles, by_suit, hidden=False, redeals=0).blocked())
        8♥
        >>> print(LaBelleLucie.arrange(piles, by_suit, hidden=False).blocked())
        None
        """
        if self.counters["redeals"] < self.options.redeals:
            return None
        piles = self.piles
        packets = [Lay(piles[name].cards, len(piles[name].cards)) for name in self._packets]
        founded = [card for name in self.piles_of("foundation") for card in piles[name].cards]
        return _blocking(type(self)).card(packets, (), founded)  # type: ignore[arg-type]  # a class is hashable: python/mypy#20409

    def useful_moves(self) -> list[Move]:
        """The legal moves less, once no re-deal is left, the marriages of a card that lies alone
        in its packet: such a card frees nothing by moving, stays as available as before, and
        covers the card it marries; the position it leads to can do nothing that the position
        before it cannot.  (While a re-deal is left, the order the cards are taken up in may
        matter, and every marriage is tried.)"""
        legal = self.legal_moves()
        if self.counters["redeals"] < self.options.redeals:
            return legal
        piles = self.piles
        return [m for m in legal if not (m[0] == "move" and m[3].startswith("packet")
                                         and len(piles[m[2]].cards) == 1)]

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the packets (each bottom first),
        each foundation as (its suit, 0 to 3, or -1, and its cards), the rank each foundation begins
        with (bytes: 1 ascending from an ace, 13 descending from a king), the re-deals made and allowed,
        when the tableau may be taken up (0 ``blocked``, 1 ``stuck``, 2 ``any``), the shuffles of the
        re-deals still allowed (:meth:`shuffles`), the table of builds of a marriage
        (:meth:`Build.table_bytes`), the packs, whether the foundations of a base must be of different
        suits, and the tables of the proof that a card is blocked (:meth:`blocked`), or None where the
        game proves nothing.

        >>> description = LaBelleLucie.deal(seed=1).description()
        >>> packets, foundations, bases, redeals, allowed, when, shuffles, _, packs, distinct, blocking = description
        >>> len(packets), foundations[0], list(bases), redeals, allowed, when, len(shuffles), packs, distinct
        (18, (-1, 0), [1, 1, 1, 1], 0, 2, 0, 2, 1, False)
        >>> hill = HouseOnTheHill.deal(seed=1).description()
        >>> list(hill[2]), hill[-1]
        ([1, 1, 1, 1, 13, 13, 13, 13], None)
        """
        piles, options = self.piles, self.options
        foundations = self.piles_of("foundation")
        proves = type(self).blocked is LaBelleLucie.blocked
        blocking = _blocking(type(self)) if proves else None  # type: ignore[arg-type]  # (as in blocked())
        return (tuple(bytes(piles[name].cards) for name in self._packets), self.suit_foundations(foundations),
                bytes(base.base.value for base in self.foundation_bases), self.counters["redeals"],
                options.redeals, ("blocked", "stuck", "any").index(options.redeal_when), self.shuffles(),
                self.marriage.table_bytes(), self.packs, self.distinct_suits,
                blocking.tables() if blocking is not None else None)

    def shuffles(self) -> tuple[tuple[bytes, ...], ...]:
        """The shuffles of the re-deals still allowed, in turn, for a search that cannot shuffle as
        :meth:`shuffle` does: for each, the orders it deals the cards taken up in, by how many there
        are (1, 2 ... as many as lie in the packets now): after a re-deal of ``n`` cards, place ``j``
        of the deal holds the card taken up at ``shuffles()[0][n - 1][j]`` (the packets in order,
        each from its bottom card).

        >>> game = LaBelleLucie.deal(seed=5, redeal_when="any")
        >>> order = game.shuffles()[0][51]
        >>> taken = game.gather(game.piles_of("packet"))
        >>> game.play("redeal") and [taken[j] for j in order] == game.gather(game.piles_of("packet"))
        True
        """
        left = sum(len(self.piles[name].cards) for name in self._packets)
        made = self.counters["redeals"]
        return tuple(self.shuffle_orders(made + n, left) for n in range(1, self.options.redeals - made + 1))

    def solver_key(self) -> tuple[Any, ...]:
        """As the base's, and once no re-deal is left the packets in a fixed order too: only a
        re-deal (which takes the packets up in order) tells one packet from another."""
        if self.counters["redeals"] < self.options.redeals:
            return super().solver_key()
        piles = self.piles
        foundations = [piles[name] for name in self.piles_of("foundation")]
        packets = [piles[name] for name in self._packets]
        return (_by_size(foundations), _by_size(packets), tuple(self.counters.values()))

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "redeal":
            return self._redeal_violation()
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        source = self.piles[move.source]
        if move.source.startswith("foundation") or len(move.cards) != 1 or source.top != move.cards[0]:
            return self.illegal(*self.AVAILABILITY, *move.cards[:1])
        card = move.cards[0]
        if move.target.startswith("foundation"):
            return self._foundation_violation(move.target, card)
        return self._marriage_violation(move.target, card)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule II and the paragraph on the foundations."""
        begun = "aces and kings" if KINGS_DOWN in self.foundation_bases else "the aces"
        way = "ascend" if self.foundation_rule(name).base == Rank.ACE else "descend"
        which = "the foundations" if len(set(self.foundation_bases)) == 1 else (
            "foundations on aces" if way == "ascend" else "foundations on kings")
        return self.foundation_refusal(name, card, {
            "must follow suit": ("II", "the foundations must follow suit"),
            "start": ("Foundations", f"the foundations are begun with {begun}"),
            "*": ("Foundations", f"{which} {way} in sequence")})

    def _marriage_violation(self, name: str, card: Card) -> IllegalMove | None:
        """The paragraph on marriages: same suit, next in value, on a card of the tableau."""
        target = self.piles[name]
        if target.top is None:
            return self.illegal("Marriages", "a packet once emptied is never filled", card)
        return self.explain(self.marriage.fault(target.top, card), marriage_reasons(self.marriage), card, target.top)

    def foundation_for(self, card: Card) -> str:
        """The foundation ``card`` would be played to.  An ace (or, on the Hill, a king)
        that no foundation takes is judged against an empty foundation of its kind, so
        that a second A♥ on the Hill is refused for its suit, not for its sequence."""
        names = self.piles_of("foundation")
        if not any(self.foundation_fault(n, card) is None for n in names):
            for name in names:
                if self.piles[name].is_empty and self.foundation_rule(name).base == card.rank:
                    return name
        return super().foundation_for(card)

    def foundation_fault(self, name: str, card: Card) -> str | None:
        fault = super().foundation_fault(name, card)
        if fault is None and self.distinct_suits and self.piles[name].is_empty:
            rule = self.foundation_rule(name)
            for other in self.piles_of("foundation"):
                pile = self.piles[other]
                if pile.cards and pile[0].suit == card.suit and self.foundation_rule(other) == rule:
                    kind = "aces" if rule.base == Rank.ACE else "kings"
                    return f"the foundation {kind} must be of different suits"
        return fault

    # ----------------------------------------------------------------- re-deals
    def _redeal_violation(self) -> IllegalMove | None:
        """The paragraph on re-dealing: when no card can be played, and twice at most."""
        if self.is_won:
            return IllegalMove("Re-deal", "the tableau is empty")
        allowed = self.options.redeals
        if self.counters["redeals"] >= allowed:
            times = {0: "this game has no re-deals"}.get(
                allowed, f"the tableau may be re-dealt only {_times(allowed)}"
            )
            return IllegalMove("Re-deal", times)
        when = self.options.redeal_when
        if when != "any":
            movable = self._movable(to_foundation=when == "blocked")
            if movable:
                card, played = movable[0]
                what = "played" if when == "blocked" else "played or married"
                return IllegalMove(
                    "Re-deal",
                    f"the tableau is taken up only when no card can be {what}",
                    f"{card} can be {'played' if played else 'married'}",
                )
        return None

    def _movable(self, to_foundation: bool) -> list[tuple[Card, bool]]:
        """The cards that can move now (to a foundation only, or anywhere), each with whether
        it goes to a foundation; those that can be played come first."""
        found = []
        for m in self.moves():
            if m.kind != "move":
                continue
            assert m.target is not None
            if to_foundation and not m.target.startswith("foundation"):
                continue
            if self.violation(m) is None:
                found.append((m.cards[0], m.target.startswith("foundation")))
        found.sort(key=lambda cf: not cf[1])
        return found

    def apply(self, move: Move) -> None:
        if move.kind == "redeal":
            self._redeal()
        else:
            assert move.source is not None and move.target is not None
            self.transfer(move.source, move.target)

    def _redeal(self) -> None:
        """Take up the entire tableau, shuffle it and deal it again in packets of three."""
        cards = self.gather(self.piles_of("packet"))  # in order, though the shuffle makes it no matter
        self.counters["redeals"] += 1
        self._deal_packets(self.shuffle(cards), in_threes(len(cards)))

    @property
    def is_won(self) -> bool:
        return all(self.piles[p].is_empty for p in self.piles_of("packet"))

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The whole pack is dealt, so there is no stock (the loader sees
          that every card is in a packet or on a foundation); the re-deals used are no more than
          the options allow.
        - *Which places may be empty.*  Any packet: a packet is emptied by play and never filled,
          and a re-deal deals fewer packets than before; any foundation not yet begun.
        - *What may lie where.*  A packet only loses its uppermost card and only gains a card
          that marries it, so above the cards dealt to it (the first deal's packets as dealt,
          three after a re-deal) each card marries the card beneath it.  Each foundation begins
          with its ace (or, on the Hill, king) and follows its sequence in suit; on the Hill the
          four aces, and the four kings, are of different suits.

        >>> LaBelleLucie.deal(seed=4).inconsistencies()
        []
        >>> plate = LaBelleLucie.PLATE.replace(": K♣", ":").replace("3♣ A♥", "3♣ A♥ K♣")
        >>> for fault in LaBelleLucie.from_position(plate).inconsistencies():
        ...     print(fault)
        a card above the deal is no marriage: packet 1 holds K♣ on A♥, above the 3 cards dealt to it
        """
        faults = []
        piles, redeals = self.piles, self.counters["redeals"]
        if redeals > self.options.redeals:
            faults.append(f"more re-deals than allowed: {redeals} used, of {self.options.redeals}")
        packets = self.piles_of("packet")
        dealt = self.first_deal(len(self.pack())) if not redeals else [3] * len(packets)
        for name, size in zip(packets, dealt):
            cards = piles[name].cards
            for i in range(max(size, 1), len(cards)):
                if self.marriage.fault(cards[i - 1], cards[i]) is not None:
                    faults.append(f"a card above the deal is no marriage: {name} holds {cards[i]} on "
                                  f"{cards[i - 1]}, above the {size} card{'s' * (size != 1)} dealt to it")
                    break
        faults += self.foundation_inconsistencies(self.distinct_suits)
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 001's arrangement: three rows of five fans and one of three, the single card
        in the middle of the bottom row, and the four foundation spaces below."""
        packets = self.piles_of("packet")
        step = self._column_step()
        slots = [(c, r) for r in range(3) for c in range(5)] + [(1, 3), (3, 3), (2, 3)]
        spots = [Spot(p, step * c, r, fan="right") for p, (c, r) in zip(packets, slots)]
        return spots + self._foundation_spots(width=step * 5 - 0.3, y=4.3)

    def _column_step(self) -> float:
        """The distance between two columns of fans, in card widths: room for a fan of three,
        widened when a packet has grown longer by marriages, so that no fan hides another."""
        from ..render import fan_width

        longest = max([3] + [len(self.piles[p]) for p in self.piles_of("packet")])
        return fan_width(longest) + 0.3

    def _foundation_spots(self, width: float, y: float) -> list[Spot]:
        """The foundation spaces in one row, centred under the packets; an empty one is
        marked with the card it waits for (A, or K in The House on the Hill)."""
        names = self.piles_of("foundation")
        step = 1.75 if len(names) == 4 else 1.5
        left = (width - step * (len(names) - 1) - 5 / 6) / 2
        return [
            Spot(f, left + step * i, y, label="" if self.piles[f].cards else self.foundation_rule(f).base.symbol)
            for i, f in enumerate(names)
        ]


@cache
def _blocking(game: type[LaBelleLucie]) -> Blocking:
    """What proves a card can never go up in ``game``'s last deal: its foundations, its marriages."""
    return Blocking(needs(game.foundation_bases), onto(game.marriage), [False] * len(CARDS))


def _by_size(piles: list[Pile]) -> tuple[Pile, ...]:
    """The piles sorted by length, then cards; of equal ones, the first first.  (The keys are
    made without a call per pile.)"""
    cards = [pile.cards for pile in piles]
    order = sorted(zip(map(len, cards), cards, range(len(cards))))
    return tuple([piles[i] for _, _, i in order])


def in_threes(count: int) -> list[int]:
    """Packet sizes for ``count`` cards dealt three at a time: ``in_threes(52)`` is 17 threes and a 1."""
    return [3] * (count // 3) + ([count % 3] if count % 3 else [])


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


class _TwoPacks(LaBelleLucie):
    """What the two two-pack games share: the deal of 104 cards, and its option."""

    packs = 2
    #: Plate 001 shows La Belle Lucie; the two-pack games have no plate of their own.
    plate = None
    PLATE = None
    #: Nothing proved blocked (measured: the search, three deals deep in seventy packets, seldom
    #: reaches the last deal, where a proof could cut it short; the proofs cost it half its speed).
    blocked = Game.blocked
    OPTIONS = LaBelleLucie.OPTIONS + (
        Option(
            "packets",
            35,
            "packets in the tableau: 35 (the 104 cards dealt on in threes: 34 packets of three and "
            "one of two) or 36 (“double the number of packets”: each pack dealt as in La Belle Lucie, "
            "seventeen packets of three and a single card)",
            choices=(35, 36),
        ),
    )

    def packet_count(self) -> int:
        return self.options.packets

    def first_deal(self, count: int) -> list[int]:
        if self.options.packets == 36:
            return in_threes(count // 2) * 2
        return in_threes(count)

    def layout(self) -> list[Spot]:
        """Rows of seven fans (six with 36 packets), the eight foundation spaces below."""
        packets = self.piles_of("packet")
        per_row = 7 if len(packets) == 35 else 6
        step = self._column_step()
        spots = [Spot(p, step * (i % per_row), i // per_row, fan="right") for i, p in enumerate(packets)]
        rows = -(-len(packets) // per_row)
        return spots + self._foundation_spots(width=step * per_row - 0.3, y=rows + 0.3)


@register
class HouseInTheWood(_TwoPacks):
    """The House in the Wood: two packs, the eight aces forming the foundations."""

    slug = "house-in-the-wood"
    name = "The House in the Wood"
    RULES = {
        **LaBelleLucie.RULES,
        "Deal": "This game can also be played with two packs, the eight aces forming the foundation "
        "cards, and double the number of packets being dealt for the tableau.",
        "Foundations": "... the eight aces forming the foundation cards ...",
    }
    foundation_bases = (ACES_UP,) * 8
    RESTARTS = SEARCH_AGAIN


@register
class HouseOnTheHill(_TwoPacks):
    """The House on the Hill: two packs, four aces and four kings of different suits as
    foundations, marriages both ascending and descending."""

    slug = "house-on-the-hill"
    name = "The House on the Hill"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 24 of the first 80 deals its study's search left unknown.
    PLAYS_OUT = True
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order:
    #: of 40 deals that 10,000 positions in Python left unknown, 500,000 positions in C won 2; 20,000
    #: and 512 searches of 1,000 won 28 (14 million positions), 256 of 2,000 won 20 (17 million), 128
    #: of 5,000 won 9; 100,000 and 256 of 5,000 won 22 (41 million), 64 of 25,000 won 12.
    RESTARTS = ((512, 1_000),)
    RULES = {
        **LaBelleLucie.RULES,
        "Deal": "There is also another way of playing it with two packs.",
        "Foundations": "The foundation cards to be four aces, and four kings of different suits ...",
        "Marriages": "... and marriages made both in ascending and descending lines.",
    }
    marriage = MARRIAGE_EITHER
    foundation_bases = (ACES_UP,) * 4 + (KINGS_DOWN,) * 4
    distinct_suits = True
