"""Margarethe: one pack; the twelve court cards set as an M, nine help cards set as an A.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Margarethe", plate 035.  The court cards are withdrawn and laid as an M:
the kings down its left stroke, the queens down its right, the knaves in the
V between.  They are the foundations, which follow suit (Rule I) and descend
in three groups (Rule II): a king takes the ten, nine and eight of its suit, a
knave the seven, six and five, a queen the four, three and two.  The aces are
laid as they appear in one packet under the knaves.  Nine cards set as an A
are the help cards: any of them may go up, and its space is filled at once
from the pack in hand.  The rest of the pack is turned card by card
(``deal``) onto the talon, whose top card is available; the talon may be
re-dealt once.  If the game succeeds the M is made of the eights, the fives and
the twos, with the four aces in the centre.

>>> from patience import load
>>> game = load("margarethe", seed=2)
>>> print(game.table())
K♥  J♥          J♠  Q♥   ·  8♥      8♣
K♣      J♣  J♦      Q♣   ·  2♠      5♠
K♦                  Q♦   ·  9♠  7♠  6♦
K♠      A♠          Q♠   ·  5♣      8♠
pack: 30 cards; talon: none; aces out: 1; re-deals made: 0
>>> print(game.play("7♠ → foundation"), "|", game.piles["foundation 7"], "|", game.piles["help 9"])
7♠ → foundation | J♠ 7♠ | 5♥
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from ..cards import Card, Rank, Suit, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto
from ..options import Option
from . import register

__all__ = ["Margarethe"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Margarethe”"

#: The foundations in the order of the M, as plate 035 shows them: the kings down the left stroke
#: (hearts, clubs, diamonds, spades), the knaves of the V (its left arm from the top, hearts and
#: clubs, then its right arm, spades and diamonds), the queens down the right stroke (hearts,
#: clubs, diamonds, spades).
COURT = tuple(Card(rank, suit) for rank, suits in (
    (Rank.KING, (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)),
    (Rank.KNAVE, (Suit.HEARTS, Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS)),
    (Rank.QUEEN, (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)),
) for suit in suits)
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 13))
#: Rule II: the card each court card begins with, in its suit; the foundation then descends by
#: one to two lower (a king's ten, nine, eight).
OPENS = {Rank.KING: 10, Rank.KNAVE: 7, Rank.QUEEN: 4}
#: The help cards: the A's left stroke from the foot up, its right stroke from the top down, then
#: the bar across it (the order a pen draws an A).
HELP = tuple(f"help {i}" for i in range(1, 10))

DEAL = Move("deal", (), "pack", "talon", "deal")
REDEAL = Move("redeal", (), "talon", "pack", "redeal")

#: Plate 035: the nine help cards as the plate shows them, in the engine's order of the A (left
#: stroke up, right stroke down, the bar); the chapter says how sure each card is.
PLATE_HELP = "3♥ 2♦ 5♠ 9♠ 8♣ 6♦ 3♦ 9♣ 2♥"
#: The plate shows no pack: its cards lie in the order of deal 35, less the help cards.
PLATE_SEED = 35

VACANCIES_DOC = ("what fills a vacancy in the A: the next card of the 'pack' in hand, at once (the book's "
                 "words), or the 'talon''s top card, and the pack only when there is no talon")
TALON_DOC = ("the talon's top card: 'available' for the foundations and the aces at any time (the engine's "
             "reading), or 'dead', a card of the pack being played only as it turns up")


def opening(court: Card) -> int:
    """The value of the first card a court card takes (Rule II): ten on a king, seven on a knave,
    four on a queen.

    >>> [opening(card) for card in COURT[::4]]
    [10, 7, 4]
    """
    return OPENS[court.rank]


@register
class Margarethe(Game):
    """Margarethe: one pack; twelve court cards in an M descending in three groups, nine help cards."""

    slug = "margarethe"
    name = "Margarethe"
    chapter = "margarethe"
    order = 35
    source = SOURCE
    plate = "035"
    packs = 1
    RULES = {
        "I": "The foundations follow suit.",
        "II": "The king foundations descend from ten to eight; the knaves, from seven to five; the "
        "queens, from four to two.",
        "Foundations": "Withdraw from the pack all the court cards and place them in the form of an M, as "
        "in tableau. These twelve cards are the foundations.",
        "Aces": "All the aces as they appear are to be placed in one packet in the M underneath the knaves.",
        "Help": "You next deal nine cards and place them in the form of an A (see tableau). These are the "
        "help cards, and from them you play any that are suitable on to the foundations, … filling the "
        "spaces from the pack in hand.",
        "Deal": "You next proceed to deal out the whole pack, playing on the foundations, placing aces in "
        "the reserved space in the M, refilling vacancies in the A, and placing unsuitable cards in the "
        "talon.",
        "Re-deal": "The talon may be re-dealt once.",
    }
    OPTIONS = (
        Option("redeals", 1, "how often the talon may be re-dealt (the book: “once”)", choices=(0, 1, 2)),
        Option("vacancies", "pack", VACANCIES_DOC, choices=("pack", "talon")),
        Option("talon", "available", TALON_DOC, choices=("available", "dead")),
    )
    #: The foundations go out for good, and so do the aces.
    OUT = ("foundation", "aces")
    #: The nine places of the A are alike in play.
    INTERCHANGEABLE = ("help",)
    AVAILABILITY = ("Help", "the help cards and the talon's top card are the cards in play")
    COUNTERS = ("redeals", "turned")
    TALON_RULE = ("Deal", "the talon's top card alone is available")
    FACE_DOWN = ("pack",)

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        """The pack, the twelve foundations in the order of the M, the aces' packet, the nine help
        cards in the order of the A, the talon."""
        return ["pack", *FOUNDATIONS, "aces", *HELP, "talon"]

    def lay_out(self, cards: list[Card], help_cards: Sequence[Card] = ()) -> None:
        """Withdraw the court cards and set them as the M; then deal the A (``help_cards``, or the
        first nine cards of the pack), an ace dealt to it going to its packet and the next card
        taking the place; the rest is the pack, face down, the next card on top."""
        piles = self.piles
        for name, card in zip(FOUNDATIONS, COURT):
            piles[name] = Pile((card,))
        wanted = Counter(help_cards)
        if any(card.rank == Rank.ACE or card in COURT for card in wanted):
            raise InvalidPosition("a help card is a card from two to ten")
        order: list[Card] = list(help_cards)
        for card in cards:
            if card in COURT:
                continue
            if wanted[card]:
                wanted[card] -= 1
            else:
                order.append(card)
        if +wanted:
            raise InvalidPosition(f"too many {' '.join(map(str, sorted(+wanted)))} for the pack")
        aces: list[Card] = []
        place = 0
        while place < len(HELP):
            card = order.pop(0)
            if card.rank == Rank.ACE:
                aces.append(card)  # "all the aces as they appear"
            else:
                piles[HELP[place]] = Pile((card,))
                place += 1
        piles["aces"] = Pile(tuple(aces))
        order.reverse()
        piles["pack"] = Pile(tuple(order), len(order))

    @classmethod
    def from_help(cls, help_cards: str, seed: int = PLATE_SEED, **options: Any) -> Margarethe:
        """The start of a game whose A is ``help_cards`` (nine cards in the engine's order of the A),
        the pack in the order of deal ``seed`` less those cards: how the plate is set up.

        >>> game = Margarethe.from_help("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥")
        >>> print(game.piles["help 1"], game.piles["help 9"], len(game.piles["pack"]) + len(game.piles["aces"]))
        2♥ 10♥ 31
        """
        cards = parse_cards(help_cards)
        if len(cards) != len(HELP):
            raise InvalidPosition(f"the A is {len(HELP)} cards, not {len(cards)}")
        return cls.deal_with(seed, cards, **options)

    @classmethod
    def arrange(cls, help_cards: Mapping[str, str], talon_cards: str = "",  # type: ignore[override]
                pack: str = "", **options: Any) -> Margarethe:
        """A position for examples and tests: the help cards named (``{"help 3": "7♣"}``), the
        talon's cards and the pack (the next card to deal last); every other card lies on its
        foundation as far down as the cards left allow, the aces in their packet, and the cards a
        gap leaves over face down under the pack.

        >>> game = Margarethe.arrange({"help 1": "9♥"})
        >>> print(game.piles["foundation 1"], "|", game.piles["pack"], "|", len(game.piles["aces"]))
        K♥ 10♥ | [8♥] | 4
        """
        game = cls(**options)
        spare = Counter(game.pack())
        for name in help_cards:
            if name not in HELP:
                raise InvalidPosition(f"unknown pile {name!r} in {game.name}")
        for cards in (*help_cards.values(), talon_cards, pack):
            spare.subtract(Pile.of(cards).cards)
        text = [f"{game.spec} seed=0"]
        for name, court in zip(FOUNDATIONS, COURT):
            spare[court] -= 1
            down = [court]
            for value in range(opening(court), opening(court) - 3, -1):
                card = Card(value, court.suit)
                if spare[card] <= 0:
                    break
                spare[card] -= 1
                down.append(card)
            text.append(f"{name}: {' '.join(c.text for c in down)}")
        aces = [Card(Rank.ACE, suit) for suit in Suit if spare[Card(Rank.ACE, suit)] > 0]
        spare.subtract(aces)
        if any(n < 0 for n in spare.values()):
            raise InvalidPosition(f"too many {' '.join(str(c) for c, n in spare.items() if n < 0)} for the pack")
        text.append("aces: " + " ".join(ace.text for ace in aces))
        text += [f"{name}: {cards}" for name, cards in help_cards.items()]
        under = " ".join(f"[{card.text}]" for card in sorted(spare.elements()))
        text += [f"talon: {talon_cards}", f"pack: {under} {pack}"]
        return cls.from_position("\n".join(text))

    # ------------------------------------------------------------------ the foundations
    @staticmethod
    def home(card: Card) -> str:
        """The one foundation that can take ``card`` (Rules I and II): of its suit, the king's for an
        eight to a ten, the knave's for a five to a seven, the queen's for a two to a four (and for
        an ace, which no foundation takes, the queen's)."""
        rank = Rank.KING if card.value >= 8 else Rank.KNAVE if card.value >= 5 else Rank.QUEEN
        return FOUNDATIONS[COURT.index(Card(rank, card.suit))]

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Why the foundation ``name`` does not take ``card`` now: ``"complete"`` (it has its three
        cards), ``"must follow suit"`` or ``"must be next in sequence"``; None when it does."""
        cards = self.piles[name].cards
        if len(cards) >= 4:
            return "complete"
        if card.suit != cards[0].suit:
            return "must follow suit"
        wanted = opening(cards[0]) if len(cards) == 1 else cards[-1].value - 1
        return None if card.value == wanted else "must be next in sequence"

    def talon_live(self) -> bool:
        """Whether the talon's top card may be played: always, or with ``talon=dead`` only the card
        just turned from the pack."""
        return self.options.talon != "dead" or self.counters["turned"] == 1

    # ------------------------------------------------------------------ the moves
    def moves(self) -> Iterable[Move]:
        """Each help card and the talon's top card to its foundation (and, named, to each other
        foundation) and to the aces' packet; then the deal and the re-deal."""
        for source in (*HELP, "talon"):
            card = self.piles[source].top
            if card is None:
                continue
            home = self.home(card)
            yield Move("move", (card,), source, home, f"{card.text} → foundation")
            for name in FOUNDATIONS:
                if name != home:
                    yield Move("move", (card,), source, name, f"{card.text} → {name}")
            yield Move("move", (card,), source, "aces", f"{card.text} → aces")
        yield DEAL
        yield REDEAL

    def generate_legal_moves(self) -> list[Move]:
        piles = self.piles
        found: list[Move] = []
        talon = piles["talon"].cards
        sources = [(name, piles[name].cards[-1]) for name in HELP if piles[name].cards]
        if talon and self.talon_live():
            sources.append(("talon", talon[-1]))
        for source, card in sources:
            if card.value == 1:
                found.append(move_onto((card,), source, "aces", "aces"))
                continue
            home = self.home(card)
            if self.foundation_fault(home, card) is None:
                found.append(move_onto((card,), source, home, "foundation"))
        if not piles["pack"].cards:
            return found + [REDEAL] if talon and self.options.redeals > self.counters["redeals"] else found
        return found + [DEAL]

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card going out that changes nothing else: an ace to its packet, or a card going up
        from the talon while vacancies are filled from the pack (a card on the talon lies there
        only to be covered), or any card once the pack and the talon are spent.  A help card going
        up otherwise decides which card its vacancy draws, and the search tries each time."""
        piles = self.piles
        spent = not piles["pack"].cards and not piles["talon"].cards
        from_pack = self.options.vacancies == "pack"
        for move in moves:
            if move[0] == "move" and (spent or (from_pack and (move[2] == "talon" or move[3] == "aces"))):
                return move
        return None

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        kind, cards, source, target, _ = move
        if kind == "deal":
            return None if self.piles["pack"].cards else IllegalMove("Deal", "the pack is exhausted")
        if kind == "redeal":
            return self.redeal_violation()
        if kind != "move" or len(cards) != 1 or source not in self.piles or target not in self.piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = cards[0]
        if source == "pack":
            return self.illegal(*self.UNDEALT_RULE, card)
        if source == "aces":  # an ace in its packet is not in play, however the move is written
            return self.illegal(*self.AVAILABILITY, card)
        if source not in HELP and source != "talon":
            return self.illegal(*self.STAYS["foundation"], card)
        if self.piles[source].top != card:
            return self.illegal(*self.TALON_RULE, card)
        if source == "talon" and not self.talon_live():
            return self.illegal("Deal", "the talon comes into play only by the re-deal: a card of the pack is "
                                "played only as it turns up", card)
        if target == "aces":
            if card.rank != Rank.ACE:
                return self.illegal("Aces", "only the aces are placed in the packet underneath the knaves",
                                    card)
            return None
        if target not in FOUNDATIONS:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        return self._foundation_violation(target, card)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """The aces, then Rule I (suit) and Rule II (each court card's three cards, down)."""
        court = self.piles[name].cards[0]
        if card.rank == Rank.ACE:
            return self.illegal("Aces", "the aces are placed in one packet in the M underneath the knaves",
                                card)
        group = {Rank.KING: "king foundations descend from ten to eight",
                 Rank.KNAVE: "knaves descend from seven to five",
                 Rank.QUEEN: "queens descend from four to two"}[court.rank]
        return self.foundation_refusal(name, card, {
            "complete": ("II", f"the {group}, and this one is complete"),
            "must follow suit": ("I", "the foundations follow suit"),
            "*": ("II", f"the {group}")})

    # ------------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        counters = self.counters
        counters["turned"] = 0
        if kind == "deal":
            self.transfer("pack", "talon")
            counters["turned"] = int(self.options.talon == "dead")
            return
        if kind == "redeal":
            # "re-dealt": the talon turned over as it lies, its first card first again; the
            # vacancies of the A are filled from the pack in hand
            self.gather(["talon"], into="pack")
            counters["redeals"] += 1
            for name in HELP:
                self._refill(name)
            return
        source = move[2]
        self.transfer(source, move[3])
        if source != "talon":
            self._refill(source)

    def _refill(self, name: str) -> None:
        """Fill the vacancy ``name`` of the A, if it is one: from the pack in hand (or, with
        ``vacancies=talon``, from the talon's top card while there is a talon), an ace drawn going
        to its packet and the next card taking the place."""
        piles = self.piles
        while not piles[name].cards:
            giver = "talon" if self.options.vacancies == "talon" and piles["talon"].cards else "pack"
            if not piles[giver].cards:
                return
            self.transfer(giver, name)
            if piles[name].cards[0].rank == Rank.ACE:
                self.transfer(name, "aces")

    # ------------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every foundation has its three cards, and the four aces are in their packet."""
        piles = self.piles
        return len(piles["aces"].cards) == 4 and all(len(piles[name].cards) == 4 for name in FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made.

        - Each foundation is its court card of the M with up to three cards of its suit below it,
          from ten, seven or four down (Rules I and II); the aces' packet holds only aces.
        - A place of the A holds one card, never an ace or a court card; it is empty only when
          what fills it is spent (the pack, or with ``vacancies=talon`` the talon and the pack).
        - Only the pack lies face down; the talon is re-dealt no more often than ``redeals``
          allows; ``turned=1`` only with ``talon=dead``, on a talon.

        >>> Margarethe.deal(seed=3).inconsistencies()
        []
        >>> game = Margarethe.deal(seed=3)
        >>> game.piles["foundation 1"] = Pile.of("K♥ 9♥")
        >>> game.inconsistencies()
        ['foundation 1 is not the K♥ with its cards from 10 down']
        """
        piles = self.piles
        faults = []
        for name, court in zip(FOUNDATIONS, COURT):
            cards = piles[name].cards
            expected = [court] + [Card(v, court.suit) for v in range(opening(court), opening(court) - 3, -1)]
            if list(cards) != expected[:len(cards)] or not cards:
                faults.append(f"{name} is not the {court} with its cards from {opening(court)} down")
        if any(card.rank != Rank.ACE for card in piles["aces"].cards):
            faults.append("the aces' packet holds a card that is not an ace")
        from_talon = self.options.vacancies == "talon"
        giver = piles["pack"].cards or (from_talon and piles["talon"].cards)
        for name in HELP:
            cards = piles[name].cards
            if len(cards) > 1 or any(c.rank == Rank.ACE or c.value > 10 for c in cards):
                faults.append(f"{name} holds {' '.join(map(str, cards))}, not one card from two to ten")
            elif not cards and giver:
                faults.append(f"{name} is empty while there are cards to fill it")
        if piles["pack"].face_down != len(piles["pack"].cards) or any(
                pile.face_down for key, pile in piles.items() if key != "pack"):
            faults.append("a card lies face down outside the pack")
        made, turned = self.counters["redeals"], self.counters["turned"]
        if not 0 <= made <= self.options.redeals:
            faults.append(f"redeals={made}, but the talon may be re-dealt {self.options.redeals} times")
        if turned not in (0, 1) or (turned and (self.options.talon != "dead" or not piles["talon"].cards)):
            faults.append(f"turned={turned}, but only with talon=dead is a card marked just turned, on the talon")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 035's arrangement: the M on the left (the kings down its left stroke, the knaves in
        the V, the queens down its right stroke, the aces' packet under the V), the A on the right
        (its two strokes and the bar), the pack and the talon below."""
        spots = []
        for i in range(4):
            spots.append(Spot(FOUNDATIONS[i], 0, 1.05 * i))
            spots.append(Spot(FOUNDATIONS[8 + i], 4.6, 1.05 * i))
        for name, (x, y) in zip(FOUNDATIONS[4:8], ((1.15, 0.2), (1.7, 1.25), (3.45, 0.2), (2.9, 1.25))):
            spots.append(Spot(name, x, y))
        spots.append(Spot("aces", 2.3, 3.15, label="aces"))
        left, right = 6.2, 8.45
        places = [(left + 0.35 * (3 - i), 1.05 * i) for i in range(3, -1, -1)]
        places += [(right + 0.35 * i, 1.05 * i) for i in range(4)]
        places.append((7.85, 1.6))
        spots += [Spot(name, x, y) for name, (x, y) in zip(HELP, places)]
        spots.append(Spot("pack", 4.2, 4.5, label="pack"))
        spots.append(Spot("talon", 5.4, 4.5, label="talon"))
        return spots

    def table(self) -> str:
        """The position as text: on each line a king, the knaves of the V, a queen (the top card
        of each foundation) and, after a dot, the cards of the A; the aces' packet under the V;
        then the pack and the talon."""
        piles = self.piles

        def top(name: str) -> str:
            card = piles[name].top
            return (card.text if card is not None else "--").ljust(3)

        aces = piles["aces"].cards
        v_arms = [(top(FOUNDATIONS[4]), "   ", "   ", top(FOUNDATIONS[6])),
                  ("   ", top(FOUNDATIONS[5]), top(FOUNDATIONS[7]), "   "),
                  ("   ",) * 4,
                  ("   ", (aces[-1].text if aces else "--").ljust(3), "   ", "   ")]
        a_rows = [(top(HELP[3]), "   ", top(HELP[4])), (top(HELP[2]), "   ", top(HELP[5])),
                  (top(HELP[1]), top(HELP[8]), top(HELP[6])), (top(HELP[0]), "   ", top(HELP[7]))]
        lines = []
        for i in range(4):
            m = " ".join((top(FOUNDATIONS[i]), *v_arms[i], top(FOUNDATIONS[8 + i])))
            lines.append(f"{m}  ·  {' '.join(a_rows[i])}".rstrip())
        talon = piles["talon"].cards
        left = len(piles["pack"].cards)
        lines.append(f"pack: {left} card{'' if left == 1 else 's'}; talon: "
                     + (f"{talon[-1]} on top of {len(talon)}" if talon else "none")
                     + f"; aces out: {len(aces)}; re-deals made: {self.counters['redeals']}")
        return "\n".join(lines)


Margarethe.PLATE = str(Margarethe.from_help(PLATE_HELP, PLATE_SEED))
