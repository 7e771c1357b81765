"""The Great Thirteen: two packs; a balcony of eight cards, the numerals that count up from them in
steps of their own value, and eight ground packets that feed them.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Great Thirteen", plate 045.  The two packs are dealt in eight *ground
packets* of thirteen cards, from left to right; a king on the surface of a
packet in this first deal is slipped underneath it.  The uppermost card of each
packet is then laid in a line above: the *balcony*.  Under each balcony card a
packet of *numerals* is built.  Its first card is the double of the balcony
card, less thirteen when the double exceeds thirteen (knave 11, queen 12, king
13); each next card is the numeral's top card added to the balcony card, less
thirteen likewise (*addition*); the packet ends with a king, its twelfth card.
Only the uppermost card of a ground packet is available (Rule I), and a vacancy
in the numerals is filled before any addition is made (Rule II).  When no card
can be played, the ground packets are re-dealt, one after another from the left,
each turned face down and dealt card by card on the packets to its right, round
from No. 8 to No. 1, a vacancy taking its card like a packet (Rule III); the
player plays between one packet's deal and the next.  There is no other re-deal.

Re-dealing one ground packet is a move (``redeal``).

>>> from patience import load
>>> game = load("the-great-thirteen", seed=3)
>>> print(" ".join(str(game.piles[f"balcony {i}"].top) for i in range(1, 9)))
3♠ 6♦ 5♦ 9♣ 10♠ 8♥ 9♣ 6♣
>>> game.wanted("numeral 1"), game.wanted("numeral 2")
(6, 12)
>>> [str(m) for m in game.legal_moves()]
['6♥ → numeral 1', 'Q♥ → numeral 2', 'Q♥ → numeral 8']
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ..cards import Card, Rank, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, move_onto
from ..options import Option
from . import register

__all__ = ["TheGreatThirteen", "numeral_value"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Great Thirteen”"

PACKETS = 8
#: "eight packets ... each containing thirteen cards dealt together".
DEALT = 13
#: A numeral packet is finished with its king, the twelfth card: the balcony card times 2 to 13.
NUMERALS = 12
BALCONY = tuple(f"balcony {i}" for i in range(1, PACKETS + 1))
NUMERAL = tuple(f"numeral {i}" for i in range(1, PACKETS + 1))
GROUND = tuple(f"ground {i}" for i in range(1, PACKETS + 1))
REDEAL = Move("redeal", notation="redeal")
#: The balcony place above each numeral packet.
BALCONY_OF = dict(zip(NUMERAL, BALCONY))
#: The value of each card, by its code, as a table for :meth:`bytes.translate` (a solver's key
#: holds the ground packets' values a byte each).
VALUES = bytes((code - 1) % 13 + 1 if code else 0 for code in range(256))


def numeral_value(value: int) -> int:
    """A value counted as the book counts it: "the excess over thirteen" when it exceeds thirteen,
    so that every value is 1 (ace) to 13 (king).

    >>> numeral_value(2 * 7), numeral_value(2 * 12), numeral_value(11 + 12), numeral_value(26)
    (1, 11, 10, 13)
    """
    value %= 13
    return value or 13


def _wanted(balcony: tuple[Card, ...], numeral: tuple[Card, ...]) -> int | None:
    """:meth:`TheGreatThirteen.wanted` of the numeral packet ``numeral`` under the balcony place
    ``balcony`` (their cards)."""
    if not balcony:
        return None
    b = balcony[-1].value
    if not numeral:
        return numeral_value(2 * b)
    top = numeral[-1].value
    return None if top == 13 else numeral_value(top + b)


DEAL_WORDS = (
    "Deal out eight packets in a horizontal line, each containing thirteen cards dealt together: these "
    "are called ground packets. Deal them from left to right (Rule III). If in this first deal any kings "
    "appear on the surface, slip them underneath the packets to which each belongs; but this may only be "
    "done in the first deal. When the eight ground packets have been dealt, take the uppermost card of "
    "each, and place these eight cards in a line above: this line is called the balcony."
)
NUMERAL_WORDS = (
    "If any card on the ground packets (Rule I) corresponds to the doubled value of any card on the "
    "balcony, you place that (ground-packet) card immediately below the balcony card, thus beginning the "
    "packets called numerals. … if in doubling, the value of any balcony card exceeds thirteen, the excess "
    "over thirteen constitutes the value of the card to be placed underneath."
)
ADDITION_WORDS = (
    "The value of each card on the numeral line must be added to that of the card on the balcony "
    "immediately above it, and you must again transfer from the ground packets to the numeral line any "
    "cards whose value corresponds with the addition thus made, it being understood that any card taken "
    "from the ground packet must always be placed on the numeral which is exactly underneath the balcony "
    "card to whose value it is added."
)
REDEAL_WORDS = (
    "When further progress is impossible, the third and last process is as follows: Take up the first of "
    "the ground packets counting from the left (Rule III). If No. 1 has been played off, you take No. 2, "
    "and so on. Turn the packet face downward, and deal the cards on to the other ground packets face "
    "upward, beginning with the packet next on your right … After you have dealt as far as No. 8, begin "
    "again at No. 1, and continue dealing (Rule III) till the packet you hold is exhausted. You then take "
    "up the next packet, and deal it out in the same manner … pausing between each deal to examine the "
    "packets and to make further combinations …"
)


@register
class TheGreatThirteen(Game):
    """The Great Thirteen: two packs; balcony, numerals and eight ground packets."""

    slug = "the-great-thirteen"
    name = "The Great Thirteen"
    chapter = "the-great-thirteen"
    order = 45
    source = SOURCE
    plate = "045"
    packs = 2
    COUNTERS = ("redealt",)
    RULES = {
        "I": "The uppermost card of each of the ground packets is alone available until its removal "
        "releases the card beneath.",
        "II": "If in the development of the game a card is released in the ground packets which is equally "
        "suitable for filling a vacancy in the numerals (caused by the ground packets having failed to "
        "produce the desired sum), or for the process of addition, the preference must be given to filling "
        "the vacancy.",
        "III": "In dealing the ground packets in the first instance it is advisable to count them in order "
        "from one to eight, in order to verify their exact position; for in re-dealing the ground packets at "
        "the end of the game they must be counted from one to eight, and the cards must be dealt on to them "
        "in order, whether there are cards in each space or whether there is a vacancy, through the packet "
        "having been played off. The packet of cards or the vacancy are to be treated in like manner.",
        "Deal": DEAL_WORDS,
        "Numerals": NUMERAL_WORDS,
        "Addition": ADDITION_WORDS,
        "Kings": "You now count the value of each card in the balcony, and double it, the knave counting "
        "eleven, the queen twelve, and the king thirteen, with which card, if the game succeeds, each of "
        "the numeral packets will terminate.",
        "Re-deal": REDEAL_WORDS,
    }
    AVAILABILITY = ("I", "the uppermost card of each ground packet is alone available")
    RESTARTS = SEARCH_AGAIN
    OUT = ("numeral",)
    PACK_KINDS = ("redeal",)
    OPTIONS = (
        Option(
            "vacancies",
            "first",
            "Rule II, the preference for the vacancies: 'first' (no addition is made while an available "
            "card can fill a vacancy: “the refilling of the vacancies must be the first object”) or "
            "'card' (only a card that could fill a vacancy must go there, not to an addition)",
            choices=("first", "card"),
        ),
        Option(
            "own_space",
            True,
            "in the re-deal, whether the space of the packet being dealt takes cards when the deal comes "
            "round to it (“begin again at No. 1”; the default) or is passed over (“deal the cards on to "
            "the other ground packets”)",
        ),
    )

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The balcony, the numerals and the ground packets, each numbered 1 to 8 from the left."""
        return [*BALCONY, *NUMERAL, *GROUND]

    def balcony_value(self, numeral: str) -> int:
        """The value of the balcony card above the numeral packet ``numeral``."""
        return self.piles[BALCONY_OF[numeral]].cards[-1].value

    def wanted(self, numeral: str) -> int | None:
        """The value the numeral packet ``numeral`` takes next: the double of its balcony card when it
        is a vacancy, else its top card added to the balcony card (less thirteen), None when it is
        finished with its king.

        >>> game = TheGreatThirteen.from_plate()
        >>> [game.wanted(n) for n in NUMERAL]
        [8, 9, 1, 3, 10, 2, 11, 6]
        """
        piles = self.piles
        return _wanted(piles[BALCONY_OF[numeral]].cards, piles[numeral].cards)

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card], plate: Mapping[str, str] | None = None) -> None:
        """Deal eight ground packets of thirteen cards together, from left to right (the first card
        dealt at the bottom); slip any king on the surface underneath its packet (the first deal
        only); then take the uppermost card of each packet up to the balcony.

        With ``plate`` (pile name → cards, for a plate's position), those piles are laid as given,
        and the rest of the cards, in the order of the deal, go under the given tops of the ground
        packets, as evenly as they go."""
        if plate:
            self._lay_plate(cards, plate)
            return
        for i, name in enumerate(GROUND):
            packet = list(cards[DEALT * i: DEALT * (i + 1)])
            while packet[-1].rank == Rank.KING:
                packet.insert(0, packet.pop())
            self.piles[BALCONY[i]] = Pile((packet.pop(),))
            self.piles[name] = Pile(tuple(packet))

    def _lay_plate(self, cards: list[Card], plate: Mapping[str, str]) -> None:
        given: dict[str, list[Card]] = {}
        for name, text in plate.items():
            if name not in self.piles:
                raise InvalidPosition(f"unknown pile {name!r} in {self.name}")
            given[name] = parse_cards(text)
        rest = list(cards)
        for placed in given.values():
            for card in placed:
                if card not in rest:
                    raise InvalidPosition(f"too many {card} for the packs")
                rest.remove(card)
        for name, placed in given.items():
            if not name.startswith("ground"):
                self.piles[name] = Pile(tuple(placed))
        share, extra = divmod(len(rest), PACKETS)
        at = 0
        for i, name in enumerate(GROUND):
            n = share + (i < extra)
            self.piles[name] = Pile(tuple(rest[at: at + n]) + tuple(given.get(name, ())))
            at += n

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        for source in GROUND:
            cards = self.piles[source].cards
            if not cards:
                continue
            card = cards[-1]
            for target in NUMERAL:
                yield Move("move", (card,), source, target, f"{card} → {target}")
        yield REDEAL

    def _wants(self) -> list[int | None]:
        piles = self.piles
        return [_wanted(piles[b].cards, piles[n].cards) for b, n in zip(BALCONY, NUMERAL)]

    def _vacancy_values(self, wants: Sequence[int | None]) -> set[int]:
        return {w for name, w in zip(NUMERAL, wants) if w is not None and not self.piles[name].cards}

    def _fillable(self, vacancy: set[int]) -> bool:
        """Whether an available card can fill a vacancy now."""
        piles = self.piles
        return any(piles[g].cards and piles[g].cards[-1].value in vacancy for g in GROUND)

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: each uppermost card to the
        numerals that want its value (Rule II keeping additions back), and the re-deal when nothing
        can be played."""
        return self._moves(alike_once=False)

    def _moves(self, alike_once: bool) -> list[Move]:
        """The legal moves (:meth:`generate_legal_moves`), or, with ``alike_once``, those less a
        card's moves to a second numeral packet alike to one it could go to (:meth:`useful_moves`)."""
        piles = self.piles
        wants = self._wants()
        vacancy = self._vacancy_values(wants)
        first = self.options.vacancies == "first"
        block = first and self._fillable(vacancy)
        # the numeral packets (with their balcony places) that want each value, in their order
        wanting: dict[int, list[tuple[str, str]]] = {}
        for target, balcony, want in zip(NUMERAL, BALCONY, wants):
            if want is not None:
                if want in wanting:
                    wanting[want].append((target, balcony))
                else:
                    wanting[want] = [(target, balcony)]
        moves: list[Move] = []
        for source in GROUND:
            cards = piles[source].cards
            if not cards:
                continue
            card = cards[-1]
            value = card.value
            targets = wanting.get(value)
            if targets is None:
                continue
            alike: set[tuple[int, int]] = set()  # the numeral packets it goes to: balcony value, height
            for target, balcony in targets:
                numeral = piles[target].cards
                if numeral and (block or value in vacancy):
                    continue
                if alike_once:
                    packet = (piles[balcony].cards[-1].value, len(numeral))
                    if packet in alike:
                        continue
                    alike.add(packet)
                moves.append(move_onto((card,), source, target, target))
        if not moves and self.next_packet() is not None:
            moves.append(REDEAL)
        return moves

    def next_packet(self) -> str | None:
        """The ground packet the re-deal takes up next: the first after the last taken up that still
        holds cards (None when every packet has been re-dealt)."""
        piles = self.piles
        for i in range(self.counters["redealt"], PACKETS):
            if piles[GROUND[i]].cards:
                return GROUND[i]
        return None

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "redeal":
            return self._redeal_violation()
        if move.kind != "move" or move.source not in GROUND or move.target not in NUMERAL or len(move.cards) != 1:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        if self.piles[move.source].top != card:
            return self.illegal(*self.AVAILABILITY, card)
        target = move.target
        want = self.wanted(target)
        above = self.piles[BALCONY_OF[target]].cards
        if not above:
            return IllegalMove("Play", f"there is no balcony card above {target}")
        balcony = above[-1]
        under = self.piles[target].top
        if under is None:
            if card.value != want:
                return self.illegal("Numerals", "a numeral is the double of its balcony card, less thirteen "
                                    f"when the double exceeds thirteen ({balcony} wants {_name(want)})",
                                    card, balcony)
            return None
        if want is None:
            return self.illegal("Kings", "a numeral packet terminates with its king", card, under)
        if card.value != want:
            return self.illegal("Addition", f"the next numeral is the top card added to the balcony card "
                                f"({under} and {balcony} make {_name(want)})", card, under)
        vacancy = self._vacancy_values(self._wants())
        if card.value in vacancy:
            return self.illegal("II", "the preference must be given to filling the vacancy", card, under)
        if self.options.vacancies == "first" and self._fillable(vacancy):
            return self.illegal("II", "the refilling of the vacancies must be the first object", card, under)
        return None

    def _redeal_violation(self) -> IllegalMove | None:
        if self.next_packet() is None:
            if self.counters["redealt"]:
                return IllegalMove("Re-deal", "every ground packet has been re-dealt: there is no more")
            return IllegalMove("Re-deal", "there are no ground packets left to re-deal")
        playable = next((m for m in self.moves() if m.kind == "move" and self.violation(m) is None), None)
        if playable is not None:
            return IllegalMove("Re-deal", "the ground packets are re-dealt when further progress is impossible",
                               f"{playable} can be played")
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        if move[0] == "redeal":
            self._redeal()
            return
        self.transfer(move[2], move[3])

    def _redeal(self) -> None:
        """Take up the next ground packet, turn it face down and deal it card by card on the packets
        to its right, round from No. 8 to No. 1 (passing over its own space with ``own_space=false``)."""
        piles = self.piles
        name = self.next_packet()
        assert name is not None
        number = GROUND.index(name)
        cards = self.gather([name])  # turned face down: its bottom card is dealt first
        piles[name] = Pile()
        spaces = [GROUND[(number + k) % PACKETS] for k in range(1, PACKETS + 1)]
        if not self.options.own_space:
            spaces.remove(name)
        dealt: dict[str, list[Card]] = {}
        for k, card in enumerate(cards):
            dealt.setdefault(spaces[k % len(spaces)], []).append(card)
        for space, laid in dealt.items():
            piles[space] = Pile(piles[space].cards + tuple(laid))
        self.counters["redealt"] = number + 1

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every ground packet played off: each numeral packet ends with its king."""
        piles = self.piles
        for name in GROUND:
            if piles[name].cards:
                return False
        return True

    def inconsistencies(self) -> list[str]:
        """What no game played by the rules can have left.

        Each balcony place holds one card, never a king (a king on the surface is slipped under its
        packet before the balcony is taken up); each numeral packet counts up from its balcony card:
        the double, then each card its top added to the balcony card, less thirteen, at most to its
        king; no card lies face down; and the re-deal counter names a packet (0 to 8).

        >>> TheGreatThirteen.deal(seed=2).inconsistencies()
        []
        >>> game = TheGreatThirteen.from_plate()
        >>> game.piles["numeral 1"] = Pile.of("2♣")
        >>> game.inconsistencies()
        ['numeral 1 does not count up from its balcony card 7♦']
        """
        faults: list[str] = []
        piles = self.piles
        if any(p.face_down for p in piles.values()):
            faults.append("a card lies face down")
        for b, n in zip(BALCONY, NUMERAL):
            top = piles[b].cards
            if len(top) != 1:
                faults.append(f"{b} holds {len(top)} cards, not one")
                continue
            if top[0].rank == Rank.KING:
                faults.append(f"{b} is a king, which the first deal slips under its packet")
            value = top[0].value
            expect = [numeral_value(k * value) for k in range(2, NUMERALS + 2)]
            got = [c.value for c in piles[n].cards]
            if got != expect[: len(got)]:
                faults.append(f"{n} does not count up from its balcony card {top[0]}")
        if not 0 <= self.counters["redealt"] <= PACKETS:
            faults.append(f"the re-deal counter {self.counters['redealt']} names no ground packet")
        return faults

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """The rules see only values, never suits, and a numeral packet only by its balcony's value
        and its height: the key is made of those (two numerals of one balcony value are alike)."""
        piles = self.piles
        ground = tuple([bytes(piles[g].cards).translate(VALUES) for g in GROUND])
        numerals = sorted([(piles[b].cards[-1].value if piles[b].cards else 0, len(piles[n].cards))
                           for b, n in zip(BALCONY, NUMERAL)])
        return (ground, tuple(numerals), self.counters["redealt"])

    def useful_moves(self) -> list[Move]:
        """The legal moves less a card to a second numeral packet alike to one it could go to (the
        same balcony value and height): the positions they lead to differ only in which of the two
        alike packets grew.  (Made directly, not filtered from :meth:`legal_moves`.)"""
        return self._moves(alike_once=True)

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 045: the balcony in a line, the numerals under it, the ground packets below,
        each ground packet fanned down so that the cards beneath can be examined."""
        spots = []
        for i in range(PACKETS):
            spots.append(Spot(BALCONY[i], i, 0))
            spots.append(Spot(NUMERAL[i], i, 1.1))
            spots.append(Spot(GROUND[i], i, 2.3, fan="down"))
        return spots

    def table(self) -> str:
        """The three lines as text: the balcony, the top of each numeral packet (and its height),
        and the uppermost card of each ground packet (and its size); ``--`` for a vacancy."""
        def cell(pile: Pile) -> str:
            if not pile.cards:
                return "--"
            return str(pile.cards[-1]) + (f"×{len(pile)}" if len(pile) > 1 else "")

        rows = [[cell(self.piles[n]) for n in names] for names in (BALCONY, NUMERAL, GROUND)]
        width = max(len(c) for row in rows for c in row)
        labels = ("balcony", "numerals", "ground")
        return "\n".join(f"{label:<9}" + " ".join(c.ljust(width) for c in row).rstrip()
                         for label, row in zip(labels, rows))


def _name(value: int | None) -> str:
    """A value as the book says it, with its article: "an ace", "a 6", "an 8", "a knave"."""
    word = {1: "ace", 11: "knave", 12: "queen", 13: "king"}.get(value or 0, str(value))
    return ("an " if word[0] in "a8" else "a ") + word


#: Plate 045 card by card: the balcony, the numerals (blank cards on the plate, with only their
#: values printed: the suits here are the engine's choice) and the uppermost card of each ground
#: packet; the cards beneath are the rest of the packs in the order of deal 45, ten a packet.
PLATE_PILES = {
    "balcony 1": "7♦", "balcony 2": "3♦", "balcony 3": "9♦", "balcony 4": "A♦",
    "balcony 5": "Q♥", "balcony 6": "5♦", "balcony 7": "8♣", "balcony 8": "2♣",
    "numeral 1": "A♣", "numeral 2": "6♠", "numeral 3": "5♣", "numeral 4": "2♠",
    "numeral 5": "J♣", "numeral 6": "10♠", "numeral 7": "3♣", "numeral 8": "4♠",
    "ground 1": "9♦", "ground 2": "4♦", "ground 3": "A♦", "ground 4": "6♥",
    "ground 5": "J♦", "ground 6": "2♦", "ground 7": "10♥", "ground 8": "K♦",
}
PLATE_SEED = 45
TheGreatThirteen.PLATE = str(TheGreatThirteen.deal_with(PLATE_SEED, PLATE_PILES))
