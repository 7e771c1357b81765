"""Black Diamond, a modern solitaire of sums on a grid of diamonds.

Source: "Black Diamond (anonymous modern rules sheet)": a rules sheet of unknown authorship, not
transcribed here but paraphrased (the chapter says so).  Its "figure above", the grid, is lost;
the engine draws it.  No plate.

The hearts are left out.  Four diamonds lie as a diamond, north, west, east and south, with the other
nine face down in the Diamond deck.  The 26 black cards come two at a time to the hand, and each
goes to a place of the grid beside the diamonds: an outside edge (one diamond) takes its diamond's
value, three cards at most; an inside edge (two diamonds) either value or their sum, difference,
product or quotient, four at most; the centre (all four) any card, five at most; suits alternate on
a pile.  A pile at its limit is cleared, and the diamonds it touches are replaced from the Diamond
deck.  The game is won when every black card is placed before the diamonds run out.

>>> from patience import load
>>> game = load("black-diamond", seed=1)
>>> [str(game.piles[f"diamond {p}"]) for p in ("north", "west", "east", "south")]
['6♦', '3♦', '7♦', '9♦']
>>> len(game.piles["diamonds"]), len(game.piles["black deck"]), str(game.piles["hand"])
(9, 24, 'Q♣ K♠')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Collection, Iterable

from ..cards import Card, Suit, whist_pack
from ..errors import IllegalMove
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, move_onto
from ..options import Option
from . import register

__all__ = ["BlackDiamond", "SIDES", "TOUCHES", "LIMITS", "inside_values"]

SOURCE = "Black Diamond (anonymous modern rules sheet)"

#: The four diamonds, in the order they are dealt.
SIDES = ("north", "west", "east", "south")
DIAMONDS = tuple(f"diamond {side}" for side in SIDES)
OUTSIDE = tuple(f"outside {side}" for side in SIDES)
INSIDE = ("inside north-west", "inside north-east", "inside south-west", "inside south-east")
CENTRE = "centre"
#: The places of the grid, in the order the moves list them.
PLACES = (*OUTSIDE, *INSIDE, CENTRE)
#: The diamonds each place touches.
TOUCHES: dict[str, tuple[str, ...]] = {
    **{f"outside {side}": (f"diamond {side}",) for side in SIDES},
    "inside north-west": ("diamond north", "diamond west"),
    "inside north-east": ("diamond north", "diamond east"),
    "inside south-west": ("diamond west", "diamond south"),
    "inside south-east": ("diamond east", "diamond south"),
    CENTRE: DIAMONDS,
}
#: Where each diamond and place lies on the grid (row, column): a diamond of diamonds.
GRID: dict[str, tuple[int, int]] = {
    "outside north": (0, 2),
    "inside north-west": (1, 1), "diamond north": (1, 2), "inside north-east": (1, 3),
    "outside west": (2, 0), "diamond west": (2, 1), CENTRE: (2, 2), "diamond east": (2, 3), "outside east": (2, 4),
    "inside south-west": (3, 1), "diamond south": (3, 2), "inside south-east": (3, 3),
    "outside south": (4, 2),
}
#: How many cards each place holds before it is cleared.
LIMITS: dict[str, int] = {**{p: 3 for p in OUTSIDE}, **{p: 4 for p in INSIDE}, CENTRE: 5}
#: The piles a solver's key takes as they lie (by their cards: the decks lie face down, the rest
#: face up).
IN_ORDER = ("diamonds", "black deck", "drawn", *DIAMONDS, *PLACES)


def inside_values(a: int, b: int) -> set[int]:
    """The values an inside edge between diamonds of values ``a`` and ``b`` takes: either value,
    their sum, difference, product or quotient, where that is the value of a card (1 to 13; a
    quotient only when it comes out whole).

    >>> sorted(inside_values(2, 6))
    [2, 3, 4, 6, 8, 12]
    >>> sorted(inside_values(7, 7))
    [1, 7]
    """
    big, small = max(a, b), min(a, b)
    found = {a, b, a + b, big - small, a * b}
    if big % small == 0:
        found.add(big // small)
    return {v for v in found if 1 <= v <= 13}


@lru_cache(maxsize=None)
def _replacements(drawn: Card) -> tuple[Move, ...]:
    """The moves of the drawn diamond ``drawn`` to the place of each of the four diamonds."""
    return tuple(Move("replace", (drawn,), "drawn", name, f"{drawn} → {name}") for name in DIAMONDS)


#: :func:`inside_values` of every two diamonds' values, ``INSIDE_VALUES[a][b]``, and every value
#: (what the centre takes).
INSIDE_VALUES = tuple(tuple(frozenset(inside_values(a, b)) if a and b else frozenset() for b in range(14))
                      for a in range(14))
EVERY_VALUE = frozenset(range(1, 14))
#: Each place with its limit and the diamonds it touches, by their places in :data:`DIAMONDS`.
_GRID_RULES = tuple((place, LIMITS[place], tuple(DIAMONDS.index(d) for d in TOUCHES[place])) for place in PLACES)
#: The remedies of rule 9: drawing a diamond, and clearing each place.
DRAW = Move("draw", notation="draw a diamond")
CLEARING = {place: Move("clear", (), place, "cleared", f"clear {place}") for place in PLACES}


@register
class BlackDiamond(Game):
    """Black Diamond: 39 cards (no hearts), four diamonds on a grid, the black cards placed beside them."""

    slug = "black-diamond"
    name = "Black Diamond"
    chapter = "black-diamond"
    order = 105
    source = SOURCE
    plate = None
    packs = 1
    FACE_DOWN = ("diamonds", "black deck")
    UNDEALT = ("diamonds", "black deck")
    UNDEALT_RULE = ("3", "the card is still in its deck")
    AVAILABILITY = ("3", "only a card in hand is placed")
    OUT = ("cleared",)
    PACK_KINDS = ("draw",)
    RESTARTS = SEARCH_AGAIN
    #: The rules, paraphrased (the sheet is not reproduced).
    RULES = {
        "1": "The hearts are left out. The diamonds are shuffled and four of them are laid as a diamond; the "
        "other nine lie face down as the Diamond deck. The spades and clubs are shuffled together; two go "
        "to the hand and the rest lie face down as the Black deck.",
        "2": "An ace counts 1, a jack 11, a queen 12, a king 13; the other cards their pips.",
        "3": "The cards in hand are placed on the grid beside the diamonds; two more are drawn from the "
        "Black deck only when both have been placed.",
        "4": "An outside edge, touching one diamond, takes a card of that diamond's value, and three cards "
        "at most.",
        "5": "An inside edge, touching two diamonds, takes a card equal to either of them, or to their sum, "
        "difference, product or quotient, and four cards at most.",
        "6": "The centre, touching all four diamonds, takes any card, and five cards at most.",
        "7": "On a pile the suits alternate.",
        "8": "A pile that reaches its limit is cleared, and every diamond it touches is replaced by a card "
        "of the Diamond deck.",
        "9": "When a card cannot be placed, the player may draw a card of the Diamond deck and put it in "
        "place of any of the four diamonds, as often as the deck lasts, or clear any pile, replacing the "
        "diamonds it touches.",
        "10": "The game is won when every black card is placed without the Diamond deck running out; it "
        "is lost when diamonds are to be replaced and there are not enough.",
    }
    OPTIONS = (
        Option(
            "stuck",
            "hand",
            "when the remedies of rule 9 may be used: when no card in 'hand' can be placed, or when "
            "a 'card' in hand cannot (though the other could)",
            choices=("hand", "card"),
        ),
    )

    # ---------------------------------------------------------------- the deal
    def pack(self) -> list[Card]:
        """Rule 1: the pack without its hearts."""
        return [c for c in whist_pack() if c.suit is not Suit.HEARTS]

    def pile_names(self) -> list[str]:
        return ["diamonds", "black deck", "hand", "drawn", *DIAMONDS, *PLACES, "spent", "cleared"]

    def lay_out(self, cards: list[Card]) -> None:
        """Rule 1: from the shuffled pack, the diamonds in their order (the first four north, west,
        east and south, the rest the Diamond deck) and the black cards in theirs (two to the hand,
        the rest the Black deck).  A deck is kept bottom first: its next card last."""
        diamonds = [c for c in cards if c.suit is Suit.DIAMONDS]
        blacks = [c for c in cards if c.suit is not Suit.DIAMONDS]
        for name, card in zip(DIAMONDS, diamonds):
            self.piles[name] = Pile((card,))
        rest = tuple(reversed(diamonds[4:]))
        self.piles["diamonds"] = Pile(rest, len(rest))
        self.piles["hand"] = Pile(tuple(blacks[:2]))
        rest = tuple(reversed(blacks[2:]))
        self.piles["black deck"] = Pile(rest, len(rest))

    @classmethod
    def arrange_grid(cls, diamonds: str, hand: str, piles: dict[str, str] | None = None,
                     **options: Any) -> BlackDiamond:
        """A position for examples and tests: the four ``diamonds`` (north, west, east, south), the
        ``hand``, and any other ``piles`` (name → cards, bottom first); the other diamonds lie in the
        Diamond deck and the other black cards in the Black deck, face down, in new-pack order.

        >>> game = BlackDiamond.arrange_grid("2♦ 6♦ 9♦ K♦", "8♠ 5♣")
        >>> print(game.piles["diamond west"], "|", game.piles["hand"], "|", len(game.piles["diamonds"]))
        6♦ | 8♠ 5♣ | 9
        """
        given = dict(zip(DIAMONDS, diamonds.split()))
        given["hand"] = hand
        given.update(piles or {})
        return cls.arrange(given, rest=lambda c: "diamonds" if c.suit is Suit.DIAMONDS else "black deck",
                           **options)

    # ------------------------------------------------------------------ rules
    def takes(self, place: str, card: Card) -> tuple[str, str] | None:
        """Why ``place`` does not take ``card`` now (the rule and its words), or None."""
        piles = self.piles
        pile = piles[place].cards
        touching = [piles[d].cards[0].value for d in TOUCHES[place] if piles[d].cards]
        if len(touching) < len(TOUCHES[place]):
            return "10", "a diamond it touches is missing"
        if len(pile) >= LIMITS[place]:  # pragma: no cover - a full pile is cleared at once
            return "8", f"the {place} is full"
        if pile and pile[-1].suit is card.suit:
            return "7", "the suits must alternate on a pile"
        value = card.value
        if place in OUTSIDE:
            if value != touching[0]:
                return "4", "an outside edge takes the value of its diamond"
        elif place in INSIDE:
            if value not in inside_values(*touching):
                return "5", "an inside edge takes either diamond's value, or their sum, difference, product or quotient"
        return None

    def _placeable(self, card: Card) -> bool:
        return any(self.takes(place, card) is None for place in PLACES)

    def stuck(self) -> bool:
        """Rule 9: whether the remedies may be used now: no card in hand can be placed (or, with
        ``stuck=card``, one of them cannot)."""
        hand = self.piles["hand"].cards
        if not hand or self.piles["drawn"].cards or self.short():
            return False
        fits = [self._placeable(c) for c in hand]
        return not any(fits) if self.options.stuck == "hand" else not all(fits)

    def short(self) -> bool:
        """Whether a diamond is missing: the Diamond deck ran out in a replacement (the game is lost)."""
        piles = self.piles
        return not all(piles[name].cards for name in DIAMONDS)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        piles = self.piles
        drawn = piles["drawn"].top
        if drawn is not None:
            for name in DIAMONDS:
                yield Move("replace", (drawn,), "drawn", name, f"{drawn} → {name}")
        for card in piles["hand"].cards:
            for place in PLACES:
                yield Move("move", (card,), "hand", place, f"{card} → {place}")
        yield Move("draw", notation="draw a diamond")
        for place in PLACES:
            yield Move("clear", (), place, "cleared", f"clear {place}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`: a drawn diamond to each of the four
        places; else each card in hand to each place that takes it, and when stuck the draw of a
        diamond and the clearing of each pile that holds cards."""
        piles = self.piles
        drawn = piles["drawn"].top
        if drawn is not None:
            return list(_replacements(drawn))
        if self.short():
            return []
        hand = piles["hand"].cards
        open_places = self._open_places()
        legal = [move_onto((card,), "hand", place, place)
                 for card in hand for place, suit, values in open_places
                 if suit is not card.suit and card.value in values]
        # Rule 9, as :meth:`stuck` judges it: whether no card in hand (or one of them) is placed
        placed = {move[1][0] for move in legal}
        if hand and (not placed if self.options.stuck == "hand" else len(placed) < len(hand)):
            if piles["diamonds"].cards:
                legal.append(DRAW)
            legal += [CLEARING[p] for p in PLACES if piles[p].cards]
        return legal

    def _open_places(self) -> list[tuple[str, Suit | None, Collection[int]]]:
        """:meth:`takes` for every place at once, with every diamond in place: the places that
        are not full, each with the suit its top card forbids (None: empty) and the values it takes."""
        piles = self.piles
        value = [piles[name].cards[0].value for name in DIAMONDS]
        found: list[tuple[str, Suit | None, Collection[int]]] = []
        for place, limit, touching in _GRID_RULES:
            pile = piles[place].cards
            if len(pile) >= limit:  # pragma: no cover - a full pile is cleared at once
                continue
            if len(touching) == 1:  # an outside edge
                values: Collection[int] = (value[touching[0]],)
            elif len(touching) == 2:  # an inside edge
                values = INSIDE_VALUES[value[touching[0]]][value[touching[1]]]
            else:  # the centre
                values = EVERY_VALUE
            found.append((place, pile[-1].suit if pile else None, values))
        return found

    def violation(self, move: Move) -> IllegalMove | None:
        piles = self.piles
        kind = move.kind
        drawn = piles["drawn"].top
        if kind == "replace":
            if drawn is None or move.cards != (drawn,):
                return self.illegal("9", "no diamond has been drawn", *move.cards)
            if move.target not in DIAMONDS:
                return self.illegal("9", "a drawn diamond replaces one of the four diamonds", *move.cards)
            return None
        if drawn is not None:
            return self.illegal("9", f"the drawn {drawn} must first replace a diamond")
        if self.short():
            return self.illegal("10", "the Diamond deck has run out: the game is lost")
        if kind == "move":
            card = move.cards[0] if move.cards else None
            if card is None or move.source != "hand" or card not in piles["hand"].cards:
                return self.illegal(*self.AVAILABILITY, *move.cards)
            if move.target not in PLACES:
                return self.illegal("3", "a card goes to a place beside the diamonds", card)
            fault = self.takes(move.target, card)
            if fault is not None:
                top = piles[move.target].top
                return self.illegal(fault[0], fault[1], *((card, top) if top is not None and fault[0] == "7" else (card,)))
            return None
        if kind in ("draw", "clear"):
            if not self.stuck():
                what = "no card in hand can be placed" if self.options.stuck == "hand" else "a card in hand cannot be placed"
                return self.illegal("9", f"the remedies are for when {what}")
            if kind == "draw":
                if not piles["diamonds"].cards:
                    return self.illegal("9", "the Diamond deck is exhausted")
                return None
            if move.source not in PLACES or not piles[move.source].cards:
                return self.illegal("9", "only a pile of black cards is cleared")
            return None
        return IllegalMove("Play", f"{self.name} has no move {move}")

    def aliases(self, move: Move) -> set[str]:
        names = super().aliases(move)
        if move.kind == "replace" and move.target:
            names.add(f"{move.cards[0]} → {move.target.split()[-1]}")
        elif move.kind == "move" and move.target:
            names.add(f"{move.cards[0]} → {move.target}")
        elif move.kind == "draw":
            names.add("draw")
        return names

    def apply(self, move: Move) -> None:
        piles = self.piles
        kind = move.kind
        if kind == "move":
            card = move.cards[0]
            hand = list(piles["hand"].cards)
            hand.remove(card)
            piles["hand"] = Pile(tuple(hand))
            place = move.target
            assert place is not None
            piles[place] = Pile(piles[place].cards + (card,))
            if len(piles[place].cards) >= LIMITS[place]:
                self._clear(place)
            if not hand:
                deck = piles["black deck"].cards
                drawn, rest = deck[-2:], deck[:-2]
                piles["black deck"] = Pile(rest, len(rest))
                piles["hand"] = Pile(tuple(reversed(drawn)))
        elif kind == "draw":
            deck = piles["diamonds"].cards
            piles["diamonds"] = Pile(deck[:-1], len(deck) - 1)
            piles["drawn"] = Pile(deck[-1:])
        elif kind == "replace":
            target = move.target
            assert target is not None
            piles["spent"] = Pile(piles["spent"].cards + piles[target].cards)
            piles[target] = Pile(move.cards)
            piles["drawn"] = Pile()
        elif kind == "clear":
            assert move.source is not None
            self._clear(move.source)
        else:  # pragma: no cover - violation refuses every other kind
            raise ValueError(f"cannot apply {move}")

    def _clear(self, place: str) -> None:
        """Rule 8: the pile goes out, and each diamond it touches is replaced from the Diamond deck
        (in the order north, west, east, south), as long as the deck lasts."""
        piles = self.piles
        piles["cleared"] = Pile(piles["cleared"].cards + piles[place].cards)
        piles[place] = Pile()
        spent = piles["spent"].cards
        deck = piles["diamonds"].cards
        for name in TOUCHES[place]:
            spent += piles[name].cards
            if deck:
                piles[name] = Pile(deck[-1:])
                deck = deck[:-1]
            else:
                piles[name] = Pile()
        piles["spent"] = Pile(spent)
        piles["diamonds"] = Pile(deck, len(deck))

    @property
    def is_won(self) -> bool:
        piles = self.piles
        return not piles["hand"].cards and not piles["black deck"].cards and not self.short()

    # ------------------------------------------------------------ for solvers
    def progress(self) -> int:
        """The black cards placed (on the grid or cleared)."""
        piles = self.piles
        return 26 - len(piles["hand"].cards) - len(piles["black deck"].cards)

    def solver_key(self) -> tuple[Any, ...]:
        """The position, with the cards in hand taken as a set (their order changes nothing to
        come), and without the spent diamonds and the cleared cards: no card passes between the
        diamonds' piles (the Diamond deck, the drawn diamond, the four diamonds, the spent ones)
        and the black cards' (the Black deck, the hand, the places, the cleared ones), so the
        spent pile holds the cards of its side that the others of its side do not, and so does
        the cleared pile.  (Cards lie face down in the decks alone, so their cards tell the piles.)"""
        piles = self.piles
        return (tuple([piles[name].cards for name in IN_ORDER]), tuple(sorted(piles["hand"].cards)))

    # ------------------------------------------------------------ consistency
    def inconsistencies(self) -> list[str]:
        faults: list[str] = []
        piles = self.piles
        for name in DIAMONDS:
            if len(piles[name].cards) > 1:
                faults.append(f"the {name} holds more than one card")
        for name in ("diamonds", "drawn", "spent", *DIAMONDS):
            if any(c.suit is not Suit.DIAMONDS for c in piles[name].cards):
                faults.append(f"a black card lies among the diamonds ({name})")
        for name in ("black deck", "hand", "cleared", *PLACES):
            if any(c.suit is Suit.DIAMONDS for c in piles[name].cards):
                faults.append(f"a diamond lies among the black cards ({name})")
        for place in PLACES:
            cards = piles[place].cards
            if len(cards) >= LIMITS[place]:
                faults.append(f"the {place} has reached its limit and is not cleared")
            if any(a.suit is b.suit for a, b in zip(cards, cards[1:])):
                faults.append(f"the suits do not alternate on the {place}")
        if len(piles["hand"].cards) > 2 or (not piles["hand"].cards and piles["black deck"].cards):
            faults.append("the hand holds more than two cards, or none while the Black deck lasts")
        if len(piles["drawn"].cards) > 1:
            faults.append("more than one diamond is drawn")
        if len(piles["cleared"].cards) + sum(len(piles[p].cards) for p in PLACES) + len(piles["hand"].cards) \
                + len(piles["black deck"].cards) != 26:  # pragma: no cover - the pack check sees it first
            faults.append("the black cards are not 26")
        return faults

    # ------------------------------------------------------------------ drawing
    def layout(self) -> list[Spot]:
        """The grid as the rules sheet's lost figure must have shown it: the four diamonds round the
        centre, an inside edge in each corner between two of them, an outside edge beyond each."""
        step = 1.2  # room under a squared pile for its count
        spots = [Spot("black deck", 0, 0, label="black deck"), Spot("hand", 0, step, fan="right", label="hand"),
                 Spot("diamonds", 0, 2 * step, label="diamonds"),
                 Spot("drawn", 1.2, 2 * step, label="drawn", draw_empty=False),
                 Spot("spent", 0, 3 * step, label="spent"), Spot("cleared", 0, 4 * step, label="cleared")]
        for name, (row, column) in GRID.items():
            kind = name.split()[0]
            spots.append(Spot(name, 3.5 + column * 1.1, row * step, label="" if kind == "diamond" else kind))
        return spots
