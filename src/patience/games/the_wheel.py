"""The Wheel: two packs; combinations of eighteen taken from a cushion of twelve cards, each
crowned by a court card and laid round a circle of twenty-four places.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Wheel", plate 037.  The eight aces are withdrawn and set as a cross; they
take no part in the play.  Twelve cards are dealt in two rows, the cushion.
Three available cards of the cushion (Rule V: the top card of each place) whose
pips make eighteen, no two of the same value (Rule II) and none a court card
(Rule IV), are taken up together and crowned with a court card of the cushion
(Rule III: without one they must wait); the packet goes to the next place of the
circle (``combine``).  After the first deal the places so emptied are refilled
from the pack at once; after any later deal they are not (Rule I).  When no more
can be made, twelve more cards are dealt (``deal``), one on each place of the
cushion, an empty one included.  There is no re-deal.  The game is won when the
circle holds twenty-four crowned packets: the 72 cards from two to ten make
exactly twenty-four combinations of eighteen, one for each court card.

>>> from patience import load
>>> game = load("the-wheel", seed=2)
>>> print(game.table())
circle: 0 packets
cross: A♦ A♦ A♥ A♠ A♣ A♥ A♠ A♣
cushion: 2♠  6♠  J♠  5♦  2♦  2♥
         8♠  6♣  2♣  2♣  J♦  4♦
pack: 84 cards; deals made: 1
>>> print(game.play("4♦ 6♠ 8♠ + J♠"), "|", game.piles["circle 1"], "|", len(game.piles["pack"]))
4♦ 6♠ 8♠ + J♠ | 6♠ 8♠ 4♦ J♠ | 80
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any, Iterable, Sequence

from ..cards import Card, Rank, parse_cards
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, normalise_notation, ring
from ..options import Option
from . import register

__all__ = ["TheWheel"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Wheel”"

#: The cross of aces, as plate 037 shows it: the upper arm from the top down (1, 2), the left arm
#: from the outside in (3, 4), the right arm from the inside out (5, 6), the lower arm from the top
#: down (7, 8).
CROSS = tuple(f"cross {i}" for i in range(1, 9))
#: The cushion: the upper row left to right (1 to 6), then the lower row (7 to 12); a deal lays one
#: card on each place in that order.
CUSHION = tuple(f"cushion {i}" for i in range(1, 13))
#: The circle's places, clockwise from the top.
CIRCLE = tuple(f"circle {i}" for i in range(1, 25))
#: The sum each combination makes (the pips of three minor cards).
SUM = 18
#: A crowned packet: three minor cards and a court card.
PACKET = 4

#: The deal: from the pack to the twelve places of the cushion, to no one pile.
DEAL = Move("deal", (), "pack", None, "deal")

DEAL_DOC = ("when the next twelve cards may be dealt: at any time ('free', the engine's reading), or only "
            "when no combination can be made ('blocked': “when no more combinations can be made, you proceed "
            "to deal”)")

#: Plate 037: the cushion, upper row then lower row, and the cross in the engine's order (the
#: chapter says how sure each card is).  The plate shows no pack: the other cards lie in the order
#: of deal 37.
PLATE_CUSHION = "K♥ 5♠ Q♣ 9♠ 7♥ 6♦ 5♣ 2♥ 10♦ 3♥ 8♣ J♦"
PLATE_CROSS = "A♦ A♠ A♥ A♠ A♦ A♥ A♣ A♣"
PLATE_SEED = 37


def is_court(card: Card) -> bool:
    """A knave, queen or king: a crown, never a part of a combination (Rule IV)."""
    return card.value > 10


def makes_eighteen(cards: Sequence[Card]) -> bool:
    """Three minor cards of three different values whose pips make eighteen (Rules II and IV).

    >>> [makes_eighteen(parse_cards(text)) for text in ("2♥ 7♣ 9♠", "3♦ 5♠ 10♣", "6♥ 6♣ 6♠", "K♥ 2♠ 6♦")]
    [True, True, False, False]
    """
    values = {card.value for card in cards}
    return len(cards) == 3 == len(values) and max(values) <= 10 and sum(values) == SUM


@register
class TheWheel(Game):
    """The Wheel: two packs; a cushion of twelve, combinations of eighteen crowned round a circle."""

    slug = "the-wheel"
    name = "The Wheel"
    chapter = "the-wheel"
    order = 37
    source = SOURCE
    plate = "037"
    packs = 2
    RULES = {
        "I": "Vacancies in the cushion are only refilled after the first deal, but not after any subsequent "
        "deal.",
        "II": "No two cards of the same value may be used in making each combination of eighteen.",
        "III": "Even when there are three cards on the cushion which make the required sum, these cards "
        "cannot be removed unless the cushion contains a court card to crown them. They must in that case "
        "remain in their places until a court card appears on the cushion.",
        "IV": "Court cards are excluded from the combinations, which must be made with the pips of minor "
        "cards, the court cards crowning each packet.",
        "V": "Only the uppermost cards of the cushion are available, but their removal releases those "
        "underneath.",
        "Cross": "Withdraw the eight aces and place them in the form of a cross (see tableau).",
        "Combinations": "The object is to make as many combinations of the sum of eighteen as possible with "
        "cards in the cushion. Each combination must be composed of three cards (Rule IV) and no two cards "
        "must be of similar value (Rule II).",
        "Deal": "When no more combinations can be made, you proceed to deal out twelve more cards, covering "
        "those already forming the cushion, and to make fresh combinations with all available cards "
        "(Rule V) … You continue to deal out fresh rows following the same rules, and must never make "
        "combinations until each deal is complete.",
        "Re-deal": "There is no re-deal.",
    }
    OPTIONS = (Option("deal", "free", DEAL_DOC, choices=("free", "blocked")),)
    COUNTERS = ("deals",)
    AVAILABILITY = ("V", "only the uppermost cards of the cushion are available")
    FACE_DOWN = ("pack",)
    OUT = ("circle",)
    #: The circle's packets take no further part in play.
    INTERCHANGEABLE = ("circle",)
    #: The search in C (``_the_wheel_search.c``), where the build made it: the core's search of the game
    #: (the same moves in the same order, positions merged and counted alike), some six million positions
    #: a second; 200,000 positions of it where no budget is given, then the searches again (some three
    #: seconds in all where none wins).  (A first search of 2,000,000 won 6 of deals 1 to 200, and 15 of
    #: deals 201 to 1,000 beyond 50,000 positions, every one of which the searches again win too.)
    SEARCH_IN_C = search_in_c("games._the_wheel_search")
    NODES_IN_C = 200_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order,
    #: many and short: a win takes every minor card into a combination, and a search whose order suits
    #: the deal walks almost straight to it, where one order searched long stays under a wrong early
    #: choice (one search of 20,000,000 positions won 1 of deals 1 to 60).  Of the first 48 deals the
    #: study's 2,000 positions left unknown, after a first search of 200,000 positions 24,000 searches of
    #: 300 won 40 (a minute in all); after 2,000,000, 16,000 of 300 won 36, 40,000 of 100 won 38 (in half
    #: as long again) and 6,000 of 1,000 won 34; searched again until one won, within 12,000,000 positions
    #: a deal, searches of 300 won 41, of 1,000 37, of 25,000 32 and of 100,000 23.  Of the next 48, 24,000
    #: of 300 won 40 too; of the 16 they left, the next 8,000 won 3 and the 64,000 after those none.
    RESTARTS = ((32_000, 300),)

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        """The pack, the cross of aces, the cushion's twelve places, the circle's twenty-four."""
        return ["pack", *CROSS, *CUSHION, *CIRCLE]

    def lay_out(self, cards: list[Card], cushion: Sequence[Card] = (), aces: Sequence[Card] = ()) -> None:
        """Withdraw the aces to the cross (``aces`` in the plate's order, or as the pack gives them),
        deal the cushion (``cushion`` first, then the pack's cards in order); the rest is the pack,
        face down, the next card on top."""
        rest = list(cards)
        for card in (*aces, *cushion):
            if card not in rest:
                raise InvalidPosition(f"too many {card} for the packs")
            rest.remove(card)
        if any(card.rank != Rank.ACE for card in aces) or any(card.rank == Rank.ACE for card in cushion):
            raise InvalidPosition("the aces go to the cross, and only they")
        cross = [*aces, *(card for card in rest if card.rank == Rank.ACE)]
        order = [*cushion, *(card for card in rest if card.rank != Rank.ACE)]
        for name, card in zip(CROSS, cross):
            self.piles[name] = Pile((card,))
        for name, card in zip(CUSHION, order):
            self.piles[name] = Pile((card,))
        order = order[len(CUSHION):]
        order.reverse()
        self.piles["pack"] = Pile(tuple(order), len(order))
        self.counters["deals"] = 1

    @classmethod
    def from_plate_cards(cls, cushion: str, aces: str = "", seed: int = PLATE_SEED, **options: Any) -> TheWheel:
        """The start of a game whose cushion is ``cushion`` (twelve cards, the upper row first) and
        whose cross is ``aces``, the pack in the order of deal ``seed`` less those cards.

        >>> game = TheWheel.from_plate_cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥")
        >>> print(game.piles["cushion 1"], game.piles["cushion 12"], len(game.piles["pack"]))
        2♥ K♥ 84
        """
        laid = parse_cards(cushion)
        if len(laid) != len(CUSHION):
            raise InvalidPosition(f"the cushion is {len(CUSHION)} cards, not {len(laid)}")
        return cls.deal_with(seed, laid, parse_cards(aces), **options)

    # ------------------------------------------------------------------ the moves
    def next_place(self) -> str | None:
        """The circle's first empty place, where the next packet goes."""
        piles = self.piles
        return next((name for name in CIRCLE if not piles[name].cards), None)

    @staticmethod
    def combination(places: Sequence[tuple[str, Card]], crown: tuple[str, Card] | None, target: str) -> Move:
        """The move taking up the cards of ``places`` and ``crown`` to the circle's place ``target``,
        written with the three cards from the lowest and, after a plus, the crown."""
        cards = tuple(card for _, card in places)
        words = " ".join(card.text for card in sorted(cards, key=lambda card: (card.value, card.text)))
        if crown is not None:
            cards += (crown[1],)
            words += " + " + crown[1].text
            places = (*places, crown)
        return Move("combine", cards, ",".join(name for name, _ in places), target, words)

    def moves(self) -> Iterable[Move]:
        """Every three cards of the cushion, crowned by each court card of the cushion and not
        crowned; then the deal."""
        piles = self.piles
        target = self.next_place() or CIRCLE[-1]
        tops = [(name, piles[name].cards[-1]) for name in CUSHION if piles[name].cards]
        crowns = [(name, card) for name, card in tops if is_court(card)]
        for three in combinations(tops, 3):
            for crown in crowns:
                if crown not in three:
                    yield self.combination(three, crown, target)
            yield self.combination(three, None, target)
        yield DEAL

    def generate_legal_moves(self) -> list[Move]:
        piles = self.piles
        target = self.next_place()
        found: list[Move] = []
        if target is not None:
            tops = [(name, piles[name].cards[-1]) for name in CUSHION if piles[name].cards]
            crowns = [(name, card) for name, card in tops if card.value > 10]
            if crowns:
                minors = [(name, card) for name, card in tops if card.value <= 10]
                for three in combinations(minors, 3):
                    a, b, c = (card.value for _, card in three)
                    if a + b + c == SUM and a != b != c != a:
                        found += [self.combination(three, crown, target) for crown in crowns]
        if piles["pack"].cards and not (found and self.options.deal == "blocked"):
            found.append(DEAL)
        return found

    def taken(self, move: Move) -> list[tuple[str, Card]]:
        """A combination takes up a card from each of its places of the cushion, the crown last.

        >>> game = TheWheel.deal(seed=2)
        >>> [(place, str(card)) for place, card in game.taken(game.legal_moves()[0])]
        [('cushion 2', '6♠'), ('cushion 7', '8♠'), ('cushion 12', '4♦'), ('cushion 3', 'J♠')]
        """
        if move[0] == "combine":
            return list(zip(move[2].split(","), move[1]))
        return super().taken(move)

    def aliases(self, move: Move) -> set[str]:
        """A combination may also be named with its three cards in any order."""
        names = super().aliases(move)
        if move[0] == "combine":
            crown = f" + {move[1][3].text}" if len(move[1]) == PACKET else ""
            names.update(normalise_notation(" ".join(card.text for card in three) + crown)
                         for three in permutations(move[1][:3]))
        return names

    def solver_key(self) -> tuple[Any, ...]:
        """The position as play sees it: the rules look only at the cards' values and at whether a
        card is a court card, so every card stands for its value (a court card for 11) and the
        circle for its number of packets.

        >>> TheWheel.from_plate_cards("K♥ 5♠ Q♣ 9♠ 7♥ 6♦ 5♣ 2♥ 10♦ 3♥ 8♣ J♦").solver_key()[0][:3]
        ((11,), (5,), (11,))
        """
        piles = self.piles
        cushion = tuple(tuple(min(card.value, 11) for card in piles[name].cards) for name in CUSHION)
        pack = tuple(min(card.value, 11) for card in piles["pack"].cards)
        return (cushion, pack, sum(1 for name in CIRCLE if piles[name].cards), self.counters["deals"])

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the places of the cushion in their order (each bottom first), the circle's
        packets (it fills from its first place), the deals made, and whether the next twelve cards are
        dealt only when no combination can be made (``deal=blocked``).  The cross never moves.

        >>> pack, cushion, packets, deals, blocked = TheWheel.deal(seed=2).description()
        >>> len(pack), len(cushion), cushion[1], packets, deals, blocked
        (84, 12, b'\\x06', 0, 1, False)
        """
        piles = self.piles
        return (bytes(piles["pack"].cards), tuple(bytes(piles[name].cards) for name in CUSHION),
                sum(1 for name in CIRCLE if piles[name].cards), self.counters["deals"],
                self.options.deal == "blocked")

    def useful_moves(self) -> list[Move]:
        """The legal moves, the combinations that uncover most cards first (the search's order only:
        every legal move is kept)."""
        piles = self.piles
        return sorted(self.legal_moves(), key=lambda move: -sum(
            len(piles[name].cards) - 1 for name in move[2].split(",")) if move[0] == "combine" else 0)

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        kind, cards, source, target, _ = move
        piles = self.piles
        if kind == "deal":
            if not piles["pack"].cards:
                return IllegalMove("Re-deal", "there is no re-deal: the pack is exhausted")
            if self.options.deal == "blocked":
                ready = next((m for m in self.moves() if m[0] == "combine" and self.violation(m) is None), None)
                if ready is not None:
                    return IllegalMove("Deal", "the next twelve cards are dealt when no more combinations can be "
                                       "made", f"{ready} can be made")
            return None
        places = (source or "").split(",")
        if kind != "combine" or len(places) != len(cards) or len(cards) not in (3, PACKET) \
                or len(set(places)) != len(places) or any(name not in CUSHION for name in places):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if target != self.next_place():
            return IllegalMove("Play", "a packet goes to the next place of the circle", target)
        for name, card in zip(places, cards):
            if piles[name].top != card:
                return self.illegal(*self.AVAILABILITY, card)
        three = cards[:3]
        named = " ".join(map(str, three))
        if any(is_court(card) for card in three):
            return self.illegal("IV", "court cards are excluded from the combinations", named)
        if len({card.value for card in three}) < 3:
            return self.illegal("II", "no two cards of the same value may be used in a combination", named)
        if sum(card.value for card in three) != SUM:
            return self.illegal("Combinations", "the three cards must make eighteen",
                                f"{' + '.join(str(c.value) for c in three)} = {sum(c.value for c in three)}")
        if len(cards) < PACKET:
            return self.illegal("III", "the three cards cannot be removed unless a court card of the cushion "
                                "crowns them", named)
        return None

    # ------------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        piles = self.piles
        if move[0] == "deal":
            for name in CUSHION:
                if piles["pack"].cards:
                    self.transfer("pack", name)
            self.counters["deals"] += 1
            return
        places = move[2].split(",")
        piles[move[3]] = Pile(move[1])
        for name in places:
            piles[name] = piles[name].without(1)
        if self.counters["deals"] == 1:
            # Rule I: during the first deal each space is refilled from the pack in hand at once
            for name in CUSHION:
                if not piles[name].cards and piles["pack"].cards:
                    self.transfer("pack", name)

    # ------------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Twenty-four crowned packets round the circle."""
        return self.complete(CIRCLE, PACKET)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules can have made.

        - The cross holds the eight aces, one on each place, and no ace is anywhere else.
        - Each packet of the circle is three minor cards of different values making eighteen,
          crowned by a court card (Rules II to IV); the circle fills from its first place.
        - At least one deal has been made; during the first, no place of the cushion is empty while
          the pack has cards (Rule I).  Only the pack lies face down.

        >>> TheWheel.deal(seed=3).inconsistencies()
        []
        >>> game = TheWheel.deal(seed=3)
        >>> game.piles["circle 1"] = Pile.of("6♥ 6♣ 6♠ K♥")
        >>> game.inconsistencies()
        ['circle 1 is not three cards of eighteen crowned by a court card']
        """
        piles = self.piles
        faults = []
        if any(len(piles[name].cards) != 1 or piles[name].cards[0].rank != Rank.ACE for name in CROSS):
            faults.append("the cross is not the eight aces")
        if any(card.rank == Rank.ACE for name, pile in piles.items() if name not in CROSS for card in pile.cards):
            faults.append("an ace lies outside the cross")
        filled = [bool(piles[name].cards) for name in CIRCLE]
        for name in CIRCLE:
            cards = piles[name].cards
            if cards and not (len(cards) == PACKET and makes_eighteen(cards[:3]) and is_court(cards[3])):
                faults.append(f"{name} is not three cards of eighteen crowned by a court card")
        if any(later and not earlier for earlier, later in zip(filled, filled[1:])):
            faults.append("a place of the circle is empty before a later one holds a packet")
        deals = self.counters["deals"]
        if deals < 1:
            faults.append(f"deals={deals}, but the first deal is made as the game is laid out")
        if deals == 1 and piles["pack"].cards and any(not piles[name].cards for name in CUSHION):
            faults.append("a place of the cushion is empty during the first deal while the pack has cards (Rule I)")
        if any(pile.face_down != (len(pile.cards) if name == "pack" else 0) for name, pile in piles.items()):
            faults.append("a card lies face down outside the pack, or face up in it")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 037: the circle of twenty-four places, each card laid along its radius; the cross
        of aces inside it, the side arms lying across; the cushion's two rows of six below, and the
        pack beside them."""
        centre = (5.0, 3.75)
        spots = [Spot(name, x, y, angle=15.0 * i)
                 for i, (name, (x, y)) in enumerate(zip(CIRCLE, ring(len(CIRCLE), 4.5, centre)))]
        cx, cy = centre[0] - 0.5, centre[1] - 0.5
        arms = [(cx, cy - 2.05, 0.0), (cx, cy - 1.0, 0.0), (cx - 2.85, cy, 90.0), (cx - 1.45, cy, 90.0),
                (cx + 1.45, cy, 90.0), (cx + 2.85, cy, 90.0), (cx, cy + 1.0, 0.0), (cx, cy + 2.05, 0.0)]
        spots += [Spot(name, x, y, angle=angle) for name, (x, y, angle) in zip(CROSS, arms)]
        for i, name in enumerate(CUSHION):
            spots.append(Spot(name, 1.6 + 1.2 * (i % 6), 7.7 + 1.1 * (i // 6)))
        spots.append(Spot("pack", 9.2, 8.25, label="pack"))
        return spots

    def table(self) -> str:
        """The position as text: the circle's crowns, the cross, the cushion's top cards in its two
        rows, the pack and the deals made."""
        piles = self.piles
        crowns = [piles[name].cards[-1].text for name in CIRCLE if piles[name].cards]
        lines = [f"circle: {len(crowns)} packet{'' if len(crowns) == 1 else 's'}"
                 + (f" ({' '.join(crowns)})" if crowns else "")]
        lines.append("cross: " + " ".join(piles[name].cards[-1].text if piles[name].cards else "--"
                                           for name in CROSS))
        for row in range(2):
            tops = [piles[name].top for name in CUSHION[6 * row:6 * row + 6]]
            cells = " ".join((card.text if card is not None else "--").ljust(3) for card in tops)
            lines.append(("cushion: " if row == 0 else " " * 9) + cells.rstrip())
        left = len(piles["pack"].cards)
        lines.append(f"pack: {left} card{'' if left == 1 else 's'}; deals made: {self.counters['deals']}")
        return "\n".join(lines)


TheWheel.PLATE = str(TheWheel.from_plate_cards(PLATE_CUSHION, PLATE_CROSS, PLATE_SEED))
