"""The Sultan: two packs; the Sultan alone in the centre, eight foundations round him, the Divan.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Sultan", plate 012.  The eight kings and one ace of hearts are taken from
the packs and laid in a square of three by three.  The king of hearts in the
centre is the Sultan and "remains alone"; the other seven kings begin with the
ace and ascend in suit to the queen, and the ace of hearts ascends from the two
to the queen, so that "all the eight packets surrounding the Sultan end with
queens".  Eight cards dealt four on either side are the Divan: its cards go up
when they can, and a vacancy in it is filled at once from the talon, or, when
there is no talon, from the pack.  The rest of the pack is turned card by card
(``deal``): a card goes up or is laid aside on the talon, whose top card is
available (the option ``talon=refill`` reads the text more strictly).  When the
pack is exhausted the talon may be taken up, shuffled and re-dealt twice.

>>> from patience import load
>>> game = load("the-sultan", seed=1)
>>> print(game.table())
 8♠ | K♣  A♥  K♣  | 9♣
 J♠ | K♦  K♥  K♦  | 5♣
 4♦ | K♠  K♥  K♠  | 10♠
 6♥ |             | 6♦
pack: 87 cards; talon: none; re-deals made: 0
>>> print(game.play("deal"), game.piles["talon"].top)
deal 10♦
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..build import Build, Foundation
from ..cards import Card, Rank, Suit, parse_cards
from ..errors import IllegalMove, InvalidPosition, UnknownOption
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, moves_up
from ..options import Option
from . import register

__all__ = ["TheSultan"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Sultan”"

#: The foundations in the plate's order, row by row round the Sultan (top left, top centre, top
#: right, middle left, middle right, bottom left, bottom centre, bottom right), and the first card
#: of each: kings of clubs, the ace of hearts, diamonds, spades and the other king of hearts.
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
FIRST = (
    Card(Rank.KING, Suit.CLUBS), Card(Rank.ACE, Suit.HEARTS), Card(Rank.KING, Suit.CLUBS),
    Card(Rank.KING, Suit.DIAMONDS), Card(Rank.KING, Suit.DIAMONDS),
    Card(Rank.KING, Suit.SPADES), Card(Rank.KING, Suit.HEARTS), Card(Rank.KING, Suit.SPADES),
)
SULTAN_CARD = Card(Rank.KING, Suit.HEARTS)
#: The Divan: four places on the left of the square (1 to 4 from the top), four on the right.
DIVAN = tuple(f"divan {i}" for i in range(1, 9))

#: "Each of these seven kings begins with ace, and ascends in sequence to queen": the king, then
#: the ace after it, in suit.  The ace of hearts "ascends in the same manner".
KING_UP = Foundation(Rank.KING, Build("up", "same", wrap=True))
ACE_UP = Foundation(Rank.ACE, Build("up", "same"))
#: A foundation ends with its queen: thirteen cards on a king, twelve on the ace.
_FULL = {name: 12 if first.rank == Rank.ACE else 13 for name, first in zip(FOUNDATIONS, FIRST)}

DEAL = Move("deal", (), "pack", "talon", "deal")
REDEAL = Move("redeal", (), "talon", "pack", "redeal")

#: Plate 012: the Divan as the plate shows it, left column from the top, then the right column.
PLATE_DIVAN = "3♥ 4♦ 3♣ 6♠ 4♣ 2♥ A♦ 5♥"
#: The plate shows no pack: its cards lie in the order of deal 12, less the Divan's.
PLATE_SEED = 12


@register
class TheSultan(Game):
    """The Sultan: two packs; eight foundations round the Sultan, the Divan on either side."""

    slug = "the-sultan"
    name = "The Sultan"
    chapter = "the-sultan"
    order = 12
    source = SOURCE
    plate = "012"
    packs = 2
    RULES = {
        "Rule": "The foundations must follow suit.",
        "Foundations": "Withdraw from the pack and place the eight kings and one ace of hearts as in tableau. "
        "The centre king of hearts is called the Sultan, and remains alone. The other seven kings, with "
        "the ace of hearts, form the foundation cards. Each of these seven kings begins with ace, and "
        "ascends in sequence to queen. The ace of hearts ascends in the same manner, so that all the "
        "eight packets surrounding the Sultan end with queens.",
        "Divan": "You next deal out eight cards, four on either side (see tableau). These constitute the "
        "Divan. From this Divan you can play any suitable cards on the foundations, and, having done so, "
        "proceed to deal out the remainder of the pack, … Vacancies in the Divan must be immediately "
        "refilled from the talon, or, when there is no talon, from the pack.",
        "Deal": "… proceed to deal out the remainder of the pack, turning the cards one by one, those that "
        "are not suitable for the foundations being laid aside in one packet, forming the talon.",
        "Re-deal": "The talon may be taken up, shuffled, and re-dealt, if necessary, twice.",
    }
    AVAILABILITY = ("Divan", "only the cards of the Divan and the top card of the talon are available")
    TALON_RULE = ("Deal", "only the top card of the talon is available")
    FACE_DOWN = ("pack",)
    COUNTERS = ("redeals", "turned")
    INTERCHANGEABLE = ("divan",)
    RESTARTS = SEARCH_AGAIN
    OPTIONS = (
        Option("redeals", 2, "re-deals of the talon allowed (the book: “if necessary, twice”)"),
        Option(
            "talon",
            "available",
            "the talon's top card: 'available' to the foundations at any time (the engine's reading), or "
            "it only 'refill's the Divan, a card of the pack going up only as it turns up",
            choices=("available", "refill"),
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options.redeals < 0:
            raise UnknownOption(f"option redeals must be 0 or more, not {self.options.redeals}")

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        """The pack, the Sultan, the eight foundations in the plate's order, the Divan, the talon."""
        return ["pack", "sultan", *FOUNDATIONS, *DIVAN, "talon"]

    def foundation_rule(self, name: str) -> Foundation:
        return ACE_UP if name == "foundation 2" else KING_UP

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """As the rule has it, and a foundation that ends with its queen takes nothing more."""
        if len(self.piles[name].cards) >= _FULL[name]:
            return "complete"
        return self.foundation_rule(name).fault(self.piles[name].cards, card)

    def lay_out(self, cards: list[Card], divan: Sequence[Card] = ()) -> None:
        """Withdraw the eight kings and one ace of hearts and place them as on the plate, the first
        king of hearts met in the centre; deal the next eight cards (or ``divan``, the plate's) to
        the Divan, four on the left from the top down, then four on the right; the rest is the
        pack, face down, its next card on top."""
        wanted = list(FIRST)
        places: dict[str, Card] = {}
        sultan: Card | None = None
        rest: list[Card] = []
        for card in cards:
            if card == SULTAN_CARD and sultan is None:
                sultan = card
            elif card in wanted:
                i = wanted.index(card)
                wanted[i] = None  # type: ignore[call-overload]
                places[FOUNDATIONS[i]] = card
            else:
                rest.append(card)
        assert sultan is not None
        self.piles["sultan"] = Pile((sultan,))
        for name, card in places.items():
            self.piles[name] = Pile((card,))
        chosen = list(divan)
        for card in chosen:
            if card not in rest:
                raise InvalidPosition(f"too many {card} for the pack")
            rest.remove(card)
        rest = chosen + rest
        for name, card in zip(DIVAN, rest):
            self.piles[name] = Pile((card,))
        left = rest[len(DIVAN):]
        self.piles["pack"] = Pile(tuple(reversed(left)), len(left))

    @classmethod
    def from_divan(cls, divan: str, seed: int = PLATE_SEED, **options: Any) -> TheSultan:
        """The start of a game with the Divan ``divan`` (eight cards, left column from the top, then the
        right), the pack in the order of deal ``seed`` less those cards: how the plate is set up.

        >>> game = TheSultan.from_divan("2♥ 3♥ 4♥ 5♥ A♦ 2♦ 3♦ 4♦")
        >>> print(game.piles["divan 1"], game.piles["divan 8"], len(game.piles["pack"]))
        2♥ 4♦ 87
        """
        cards = parse_cards(divan)
        if len(cards) != len(DIVAN):
            raise InvalidPosition(f"the Divan is {len(DIVAN)} cards, not {len(cards)}")
        game = cls(**options)
        game.seed = seed
        game.lay_out(game.shuffle(game.pack()), cards)
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ the moves
    def talon_available(self) -> bool:
        """Whether the top card of the talon may go up: always, or with ``talon=refill`` only the
        card just turned from the pack."""
        return self.options.talon == "available" or self.counters["turned"] == 1

    def moves(self) -> Iterable[Move]:
        """Each card of the Divan and the talon's top card to the foundations (and to the Sultan, who
        takes none), then the deal and the re-deal."""
        for source in (*DIVAN, "talon"):
            top = self.piles[source].top
            if top is not None:
                yield from self.foundation_moves(source, top)
                yield Move("move", (top,), source, "sultan", f"{top} → sultan")
        yield DEAL
        yield REDEAL

    def generate_legal_moves(self) -> list[Move]:
        piles = self.piles
        takers = self.foundation_takers()
        moves: list[Move] = []
        for source in DIVAN:
            cards = piles[source].cards
            if cards:
                moves += moves_up(source, cards[-1], takers.get(cards[-1], ()))
        talon = piles["talon"].cards
        if talon and self.talon_available():
            moves += moves_up("talon", talon[-1], takers.get(talon[-1], ()))
        return moves + self.pack_moves(DEAL, REDEAL)

    def useful_moves(self) -> list[Move]:
        return self.legal_moves()

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """The top card of the talon going up, or a card of the Divan when nothing is left to fill
        its place.  Nothing is ever built on a card, and a card on the talon is buried by the next
        card dealt, so the talon's top card loses nothing by going up at once: a line that keeps it
        back plays it later, or draws it into the Divan and plays it from there, to the same effect.
        A card of the Divan is another matter while there is a talon or a pack: *when* it goes up
        decides which card its vacancy draws from the talon, and so which card is kept (see the
        chapter), and the search tries each time."""
        piles = self.piles
        spent = not piles["talon"].cards and not piles["pack"].cards
        for move in moves:
            if move[0] == "move" and (move[2] == "talon" or spent):
                return move
        return None

    def aliases(self, move: Move) -> set[str]:
        """The notation, the target as a pile or a kind of pile; dealing may be called ``turn``."""
        names = super().aliases(move)
        if move.kind == "deal":
            names.add("turn")
        return names

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            if not self.piles["pack"].cards:
                return IllegalMove("Deal", "the pack is exhausted")
            return None
        if move.kind == "redeal":
            return self.redeal_violation()
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles \
                or len(move.cards) != 1:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        source = move.source
        if source == "pack":
            return self.illegal(*self.UNDEALT_RULE, card)
        if source not in DIVAN and source != "talon":
            return self.illegal(*self.STAYS["foundation"], card)
        if self.piles[source].top != card:
            return self.illegal(*self.TALON_RULE, card)
        if source == "talon" and not self.talon_available():
            return self.illegal("Divan", "the talon only refills the Divan: a card of the pack goes up "
                                "only as it turns up", card)
        if move.target == "sultan":
            return self.illegal("Foundations", "the Sultan remains alone", card, "K♥")
        if move.target not in FOUNDATIONS:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        return self._foundation_violation(move.target, card)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        fault = self.foundation_fault(name, card)
        if fault is None:
            return None
        top = self.piles[name].top
        assert top is not None
        if fault == "complete":
            return self.illegal("Foundations", "the packets surrounding the Sultan end with queens", card, top)
        if top.suit != card.suit:
            return self.illegal("Rule", "the foundations must follow suit", card, top)
        first = "ace" if name == "foundation 2" else "king"
        return self.illegal("Foundations", f"the {first} ascends in sequence to queen", card, top)

    def reshuffled(self, cards: Sequence[Card]) -> list[Card]:
        """The talon ``cards`` shuffled for a re-deal: in the order their likes take in the whole
        double pack shuffled by the game's seed and the number of the re-deal (the core's
        :meth:`~patience.game.Game.shuffle`).  That is a fair shuffle of the talon, and one that does not
        depend on what else the talon holds: a card held back or played up leaves the others in
        the same order (so the search cannot win by changing the talon only to change the shuffle).

        >>> game = TheSultan.deal(seed=5)
        >>> game.counters["redeals"] = 1
        >>> cards = parse_cards("2♥ 3♥ 4♥ 5♥ 6♥")
        >>> " ".join(map(str, game.reshuffled(cards)))
        '4♥ 2♥ 3♥ 5♥ 6♥'
        >>> " ".join(map(str, game.reshuffled(cards[1:])))
        '4♥ 3♥ 5♥ 6♥'
        """
        places: dict[Card, list[int]] = {}
        for i, card in enumerate(self.shuffle(self.pack())):
            places.setdefault(card, []).append(i)
        taken: dict[Card, int] = {}
        keyed = []
        for card in cards:
            n = taken.get(card, 0)
            taken[card] = n + 1
            keyed.append((places[card][n], card))
        return [card for _, card in sorted(keyed)]

    # ------------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        piles = self.piles
        turned = 0
        if kind == "deal":
            self.transfer("pack", "talon")
            turned = int(self.options.talon == "refill")
        elif kind == "redeal":
            self.counters["redeals"] += 1
            cards = self.reshuffled(piles["talon"].cards)
            piles["talon"] = Pile()
            piles["pack"] = Pile(tuple(reversed(cards)), len(cards))
        else:
            source = move[2]
            self.transfer(source, move[3])
            if source != "talon":
                # "Vacancies in the Divan must be immediately refilled from the talon, or, when
                # there is no talon, from the pack."
                if piles["talon"].cards:
                    self.transfer("talon", source)
                elif piles["pack"].cards:
                    self.transfer("pack", source)
        self.counters["turned"] = turned

    # ------------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """All the eight packets surrounding the Sultan end with queens."""
        piles = self.piles
        return all(len(piles[name].cards) == _FULL[name] for name in FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made.

        - The Sultan is a king of hearts, alone; each foundation begins with its card of the plate
          (kings of clubs, the ace of hearts, kings of diamonds, spades, hearts) and ascends in
          suit, a king's from the ace, to the queen at most.
        - Nine cards are withdrawn and eight dealt to the Divan before the pack is laid down, and a
          card leaves the Divan only to go up, so the pack and the talon hold 87 cards at most.
        - A vacancy in the Divan is filled at once: a place is empty only when the talon and the
          pack are.  The talon is re-dealt no more often than ``redeals`` allows, and a card is
          marked just turned (``turned=1``) only with ``talon=refill``, on a talon.

        >>> TheSultan.deal(seed=3).inconsistencies()
        []
        >>> game = TheSultan.deal(seed=3)
        >>> game.piles["foundation 1"] = Pile.of("K♣ 2♣")
        >>> game.inconsistencies()
        ['a foundation is out of sequence: foundation 1']
        """
        faults = self.foundation_inconsistencies()
        piles = self.piles
        sultan = piles["sultan"].cards
        if sultan != (SULTAN_CARD,):
            faults.append("the Sultan is not a king of hearts alone")
        for name, first in zip(FOUNDATIONS, FIRST):
            cards = piles[name].cards
            if not cards or cards[0] != first:
                faults.append(f"{name} does not begin with the {first}")
            elif len(cards) > _FULL[name]:
                faults.append(f"{name} goes on past its queen")
        pack, talon = len(piles["pack"].cards), len(piles["talon"].cards)
        if pack + talon > 104 - 9 - len(DIVAN):
            faults.append(f"the pack and the talon hold {pack + talon} cards, of 87 at most")
        empty = [name for name in DIVAN if not piles[name].cards]
        if empty and (pack or talon):
            faults.append(f"{empty[0]} is empty while the {'talon' if talon else 'pack'} holds cards")
        if any(len(piles[name].cards) > 1 for name in DIVAN):
            faults.append("a place of the Divan holds more than one card")
        if not 0 <= self.counters["redeals"] <= self.options.redeals:
            faults.append(f"the talon is re-dealt {self.counters['redeals']} times, "
                          f"of {self.options.redeals} allowed")
        turned = self.counters["turned"]
        if turned not in (0, 1) or (turned and (self.options.talon != "refill" or not talon)):
            faults.append(f"turned={turned}, but a card is marked just turned only on the talon, "
                          f"with talon=refill")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 012's arrangement: the Divan in a column of four on either side, the square of
        three by three in the middle with the Sultan at its centre; the pack and the talon (not on
        the plate) below."""
        spots = [Spot(name, 0, 1.15 * i) for i, name in enumerate(DIVAN[:4])]
        square = [*FOUNDATIONS[:4], "sultan", *FOUNDATIONS[4:]]
        for i, name in enumerate(square):
            spots.append(Spot(name, 1.5 + 1.15 * (i % 3), 0.2 + 1.5 * (i // 3),
                              label="Sultan" if name == "sultan" else ""))
        spots += [Spot(name, 5.3, 1.15 * i) for i, name in enumerate(DIVAN[4:])]
        spots.append(Spot("pack", 2.0, 4.8, label="pack"))
        spots.append(Spot("talon", 3.3, 4.8, fan="none", label="talon"))
        return spots

    def table(self) -> str:
        """The position as text: each line a card of the Divan on the left, a row of the square (the
        top card of each foundation, the Sultan in the middle), and a card of the Divan on the
        right; then the pack and the talon."""
        piles = self.piles
        square = [*FOUNDATIONS[:4], "sultan", *FOUNDATIONS[4:]]

        def top(name: str) -> str:
            card = piles[name].top
            return str(card) if card is not None else "--"

        lines = []
        for i in range(4):
            middle = " ".join(top(n).ljust(3) for n in square[3 * i:3 * i + 3]) if i < 3 else ""
            lines.append(f"{top(DIVAN[i]).rjust(3)} | {middle.ljust(11)} | {top(DIVAN[i + 4])}")
        talon = piles["talon"]
        lines.append(f"pack: {len(piles['pack'])} cards; talon: "
                     + (f"{len(talon)} card{'s' if len(talon) != 1 else ''}, {talon.top} on top" if talon.cards else "none")
                     + f"; re-deals made: {self.counters['redeals']}")
        return "\n".join(lines)


TheSultan.PLATE = str(TheSultan.from_divan(PLATE_DIVAN, PLATE_SEED))
