"""The Hemispheres: two packs; red aces and black kings in a cross, four barriers, four Races in a circle.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Hemispheres", plate 017.  The four red aces and the four black kings are
the foundations: the aces ascend in suit to the kings, the kings descend in
suit to the aces (Rule V).  A king of hearts, a king of diamonds, an ace of
clubs and an ace of spades are laid crossways round them: the barriers, which
stay till the end of the game, when they complete the foundations (Rule IV).
Between the barriers a circle of twelve cards is dealt, three to each Race:
the European and the Asiatic in the northern hemisphere, where the red cards
belong, the African and the Australian in the southern, where the black cards
belong.  Only a card in its proper hemisphere can be used (Rule I); a card of
the wrong colour waits to be exchanged for one of the other colour in the
other hemisphere, or, at the end, transferred into a vacancy of its own
(Rule II).  A card marries one of its own Race (red suits in descending line,
black in ascending line); a card of the talon marries one of any Race (Rule
III).  The rest of the pack is dealt one card at a time: into the first
vacancy of the Races, or onto the talon.

>>> from patience import load
>>> game = load("the-hemispheres", seed=1)
>>> [len(game.piles[p]) for p in PLACES], len(game.piles["pack"])
([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 80)
>>> print(TheHemispheres.from_plate().table())
european   5♥ | 6♦ | 7♥   asiatic     2♥ | J♦ | 3♥
african    3♣ | 4♠ | 6♣   australian  4♠ | 7♠ | 3♣
foundations: A♥ A♦ A♥ A♦ K♠ K♣ K♠ K♣   barriers: A♣ K♦ A♠ K♥
talon: --  pack: 80 cards
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from ..build import ACES_UP, KINGS_DOWN, Foundation
from ..cards import Card, Rank, Suit, parse_cards, shuffled, whist_pack
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto, moves_up
from ..options import Option
from . import register

__all__ = ["RACES", "PLACES", "TheHemispheres"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Hemispheres”"

#: The four Races in the order of the deal: "from left to right, beginning from the king of hearts"
#: (the barrier on the left), round the circle clockwise.
RACES = ("european", "asiatic", "australian", "african")
TITLES = {"european": "European", "asiatic": "Asiatic", "australian": "Australian", "african": "African"}
NORTH = ("european", "asiatic")
#: Each Race's three places, in the order of the deal.
RACE_PLACES = {race: tuple(f"{race} {i}" for i in range(1, 4)) for race in RACES}
PLACES = tuple(p for race in RACES for p in RACE_PLACES[race])
RACE_OF = {p: race for race in RACES for p in RACE_PLACES[race]}
#: Whether a place is in the northern hemisphere (where the red cards belong).
NORTHERN = {p: RACE_OF[p] in NORTH for p in PLACES}

#: The foundations: the four red aces, then the four black kings, each on an arm of the cross
#: (top, right, bottom, left), the ace outside the king, as on plate 017.
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
FOUNDATION_CARDS = (*(Card(Rank.ACE, s) for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.HEARTS, Suit.DIAMONDS)),
                    *(Card(Rank.KING, s) for s in (Suit.SPADES, Suit.CLUBS, Suit.SPADES, Suit.CLUBS)))
#: The barriers, crossways at the end of each arm: top, right, bottom, left.
BARRIERS = tuple(f"barrier {i}" for i in range(1, 5))
BARRIER_CARDS = (Card(Rank.ACE, Suit.CLUBS), Card(Rank.KING, Suit.DIAMONDS), Card(Rank.ACE, Suit.SPADES),
                 Card(Rank.KING, Suit.HEARTS))

DEAL = Move("deal", notation="deal")
#: Rule I, which the engine cites for a card in the wrong hemisphere.
HEMISPHERE = ("I", "only cards that belong to their proper hemisphere are available")

FOUNDATION_REASONS = {
    "must follow suit": ("V", "all the foundations must follow suit"),
    "start": ("Foundations", "the four black kings and the four red aces form the foundation cards"),
    "*": ("Foundations", "the aces ascend in sequence to kings, the kings descend in sequence to aces"),
}


def marries(under: Card, card: Card) -> bool:
    """Whether ``card`` may marry ``under``: the same suit, one lower on a red card, one higher on a
    black one ("The red suits marry in descending line; the black, in ascending line").

    >>> marries(Card.parse("7♥"), Card.parse("6♥")), marries(Card.parse("7♣"), Card.parse("8♣"))
    (True, True)
    >>> marries(Card.parse("7♥"), Card.parse("8♥")), marries(Card.parse("7♣"), Card.parse("6♠"))
    (False, False)
    """
    if card.suit is not under.suit:
        return False
    return card.value == under.value + (-1 if under.is_red else 1)


def at_home(place: str, card: Card) -> bool:
    """Whether ``card`` lies in its proper hemisphere: a red card in the north, a black one in the
    south (Rule I)."""
    return card.is_red is NORTHERN[place]


@register
class TheHemispheres(Game):
    """The Hemispheres: two packs; red aces up and black kings down, four barriers, four Races."""

    slug = "the-hemispheres"
    name = "The Hemispheres"
    chapter = "the-hemispheres"
    order = 17
    source = SOURCE
    plate = "017"
    packs = 2
    RULES = {
        "I": "Only cards that belong to their proper hemisphere are available.",
        "II": "Cards of the wrong colors may be exchanged into their proper hemispheres whenever the "
        "opportunity occurs, and at the end of the game, when all the cards are dealt and the talon is "
        "exhausted, they may be transferred without an exchange.",
        "III": "Cards may only marry those belonging to their own Race, but cards from the talon may marry "
        "those of any Race.",
        "IV": "The barriers cannot be moved till the end of the game, when they are played to complete the "
        "foundations.",
        "V": "All the foundations must follow suit.",
        "Foundations": "The four black kings and the four red aces form the foundation cards, the aces "
        "ascending in sequence to kings, the kings descending in sequence to aces.",
        "Marriages": "Note.--The red suits marry in descending line; the black, in ascending line.",
        "Deal": "This done, you deal out the remainder of the pack, first refilling vacancies in the Races "
        "(proceeding from left to right, as in the original deal) and then playing all suitable cards. "
        "The rest form the talon, from which cards may marry those in the circle, subject to Rules I and "
        "III.",
        "Re-deal": "There is no re-deal.",
    }
    #: A card married to another covers it (the book's usual "available").
    AVAILABILITY = ("Marriages", "only the uppermost card of a place is available")
    FACE_DOWN = ("pack",)
    INTERCHANGEABLE = ("foundation",)
    OPTIONS = (
        Option(
            "barriers",
            "end",
            "when a barrier may be played to its foundation: at the 'end' of the game, once the pack and "
            "the talon are exhausted (the book: “cannot be moved till the end of the game”), or as soon as "
            "its foundation is 'ready' for it",
            choices=("end", "ready"),
        ),
    )

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack and the talon, the foundations (the red aces, then the black kings, each from the
        top arm clockwise), the barriers (top, right, bottom, left), then the Races in the order of
        the deal, each place in that order."""
        return ["pack", "talon", *FOUNDATIONS, *BARRIERS, *PLACES]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP if int(name.split()[-1]) <= 4 else KINGS_DOWN

    def lay_out(self, cards: list[Card]) -> None:
        """Take out the red aces, the black kings and the barriers; deal the next twelve cards round
        the circle; the rest is the pack, its next card on top."""
        rest = self._set_out(cards)
        self._deal_circle(rest[:len(PLACES)])
        pack = tuple(reversed(rest[len(PLACES):]))
        self.piles["pack"] = Pile(pack, len(pack))

    def _set_out(self, cards: Sequence[Card]) -> list[Card]:
        """The foundations and the barriers taken from ``cards`` and laid in their places; the other
        cards, in their order."""
        rest = list(cards)
        for name, card in zip((*FOUNDATIONS, *BARRIERS), (*FOUNDATION_CARDS, *BARRIER_CARDS)):
            taken = rest[rest.index(card)]
            rest.remove(card)
            self.piles[name] = Pile((taken,))
        return rest

    def _deal_circle(self, cards: Sequence[Card]) -> None:
        for name, card in zip(PLACES, cards):
            self.piles[name] = Pile((card,))

    @classmethod
    def from_circle(cls, circle: str, pack_seed: int = 0, **options: Any) -> TheHemispheres:
        """The position just dealt, written as on a plate: the twelve cards of the circle in the order
        of the deal (the European Race first); the other eighty cards are the pack, shuffled by
        ``pack_seed`` (also the position's seed).

        >>> game = TheHemispheres.from_circle("2♥ 3♥ 4♥ 2♦ 3♦ 4♦ 2♠ 3♠ 4♠ 2♣ 3♣ 4♣")
        >>> print(game.piles["asiatic 1"], game.piles["african 3"], len(game.piles["pack"]))
        2♦ 4♣ 80
        """
        dealt = parse_cards(circle)
        if len(dealt) != len(PLACES):
            raise InvalidPosition(f"the circle holds {len(PLACES)} cards")
        game = cls(**options)
        spare = Counter(whist_pack(cls.packs))
        spare.subtract([*FOUNDATION_CARDS, *BARRIER_CARDS, *dealt])
        if min(spare.values()) < 0:
            card = next(c for c, n in spare.items() if n < 0)
            raise InvalidPosition(f"{card} is a foundation or a barrier, or too many {card} for two packs")
        taken = Counter([*FOUNDATION_CARDS, *BARRIER_CARDS, *dealt])
        rest = []
        for card in whist_pack(cls.packs):
            if taken[card]:
                taken[card] -= 1
            else:
                rest.append(card)
        game.seed = pack_seed
        game.lay_out([*FOUNDATION_CARDS, *BARRIER_CARDS, *dealt, *shuffled(rest, pack_seed)])
        return cls.from_position(str(game))

    @classmethod
    def arrange(cls, places: Mapping[str, str], talon: str = "", pack: str = "",  # type: ignore[override]
                up: bool = True, **options: Any) -> TheHemispheres:
        """A position made of the places that matter, for examples and tests: ``places`` maps places
        (``"asiatic 2"``) to their cards, bottom first; ``talon`` lists the talon, the first laid aside
        first; ``pack`` the next cards to deal, the next first.  The foundations and barriers are set
        out; every other card lies on the foundations, each built as far as the cards left allow (the
        first of a suit the furthest), or, with ``up=False``, in the pack under the cards given.

        >>> game = TheHemispheres.arrange({"european 1": "Q♥", "african 2": "2♣"})
        >>> print(game.table())
        european   Q♥ | -- | --   asiatic     -- | -- | --
        african    -- | 2♣ | --   australian  -- | -- | --
        foundations: K♥ K♦ J♥ Q♦ A♠ A♣ 2♠ 3♣   barriers: A♣ K♦ A♠ K♥
        talon: --  pack: exhausted
        """
        game = cls(**options)
        rest = game._set_out(whist_pack(cls.packs))
        given: dict[str, str] = {name: str(game.piles[name]) for name in (*FOUNDATIONS, *BARRIERS)}
        for name, text in places.items():
            if name not in RACE_OF:
                raise InvalidPosition(f"unknown place {name!r} in {game.name}")
            given[name] = text
        given["talon"] = talon
        given["pack"] = " ".join(f"[{c}]" for c in reversed(pack.split()))
        if not up:
            return super().arrange(given, rest="pack", **options)
        for text in (*places.values(), talon, pack):
            for card in parse_cards(text):
                if card not in rest:
                    raise InvalidPosition(f"{card} is a foundation or a barrier, or too many {card} for two packs")
                rest.remove(card)
        for name, first in zip(FOUNDATIONS, FOUNDATION_CARDS):
            cards, step = [first], (1 if first.rank == Rank.ACE else -1)
            while 1 <= cards[-1].value + step <= 13 and Card(Rank(cards[-1].value + step), first.suit) in rest:
                cards.append(Card(Rank(cards[-1].value + step), first.suit))
                rest.remove(cards[-1])
            given[name] = " ".join(map(str, cards))
        if rest:
            raise InvalidPosition(f"cards placed nowhere: {' '.join(map(str, sorted(rest)))}")
        lines = [game.spec, *(f"{name}: {text}" for name, text in given.items())]
        return cls.from_position("\n".join(lines))

    # --------------------------------------------------------------- the deal
    def vacancies(self) -> list[str]:
        """The empty places of the Races, in the order of the deal."""
        piles = self.piles
        return [p for p in PLACES if not piles[p].cards]

    def deal_target(self) -> str:
        """Where the next card of the pack goes: the first vacancy of the Races, else the talon."""
        piles = self.piles
        return next((p for p in PLACES if not piles[p].cards), "talon")

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """The deal; each top card of the circle, the talon's and each barrier to the foundations and
        onto every other place (or into it, when it is empty); each exchange of two cards of the
        circle."""
        yield DEAL
        piles = self.piles
        for source in (*PLACES, "talon", *BARRIERS):
            card = piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            for target in PLACES:
                if target != source:
                    under = piles[target].top
                    yield Move("move", (card,), source, target, f"{card} → {under if under else target}")
        for i, first in enumerate(PLACES):
            for second in PLACES[i + 1:]:
                a, b = piles[first].top, piles[second].top
                if a is not None and b is not None:
                    yield Move("exchange", (a, b), first, second, f"{a} ↔ {b}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly."""
        piles = self.piles
        moves: list[Move] = []
        pack = piles["pack"].cards
        if pack:
            moves.append(DEAL)
        talon = piles["talon"].cards
        end = not pack and not talon
        takers = self.foundation_takers()
        tops = [(p, piles[p].cards[-1]) for p in PLACES if piles[p].cards]
        home = [(p, c) for p, c in tops if c.is_red is NORTHERN[p]]
        empty = [p for p in PLACES if not piles[p].cards]
        for source, card in tops:
            if card.is_red is not NORTHERN[source]:
                if end:  # Rule II: transferred without an exchange, into a vacancy at home
                    moves += [move_onto((card,), source, t, t)
                              for t in empty if NORTHERN[t] is card.is_red]
                continue
            moves += moves_up(source, card, takers.get(card, []))
            race = RACE_OF[source]
            for target, under in home:
                if target != source and RACE_OF[target] == race and marries(under, card):
                    moves.append(move_onto((card,), source, target, under.text))
        if talon:
            card = talon[-1]
            moves += moves_up("talon", card, takers.get(card, []))
            for target, under in home:
                if marries(under, card):
                    moves.append(move_onto((card,), "talon", target, under.text))
        if end or self.options.barriers == "ready":
            for barrier in BARRIERS:
                cards = piles[barrier].cards
                if cards:
                    moves += moves_up(barrier, cards[-1], takers.get(cards[-1], []))
        strangers = [(p, c) for p, c in tops if c.is_red is not NORTHERN[p]]
        for i, (first, a) in enumerate(strangers):
            for second, b in strangers[i + 1:]:
                if NORTHERN[first] is not NORTHERN[second]:
                    moves.append(Move("exchange", (a, b), first, second, f"{a.text} ↔ {b.text}"))
        return self._in_order(moves)

    def _in_order(self, moves: list[Move]) -> list[Move]:
        """``moves`` in the order :meth:`moves` gives them (by source, then kind, then target)."""
        rank = {name: i for i, name in enumerate(("pack", *PLACES, "talon", *BARRIERS))}
        order = {name: i for i, name in enumerate(self.piles)}

        def key(move: Move) -> tuple[int, ...]:
            if move[0] == "deal":
                return (0,)
            if move[0] == "exchange":
                return (2, PLACES.index(move[2]), PLACES.index(move[3]))
            up = move[3].startswith("foundation")
            return (1, rank[move[2]], 0 if up else 1, order[move[3]])
        return sorted(moves, key=key)

    def aliases(self, move: Move) -> set[str]:
        names = super().aliases(move)
        if move.kind == "exchange":
            names.add(f"exchange {move.cards[0]} {move.cards[1]}")
            names.add(f"exchange {move.cards[1]} {move.cards[0]}")
            names.add(f"{move.cards[1]} ↔ {move.cards[0]}")
        if move.kind == "move" and move.target in self.piles and self.piles[move.target].is_empty:
            names |= {f"{move.cards[0]} → vacancy", f"{move.cards[0]} → space"}
        return names

    # ------------------------------------------------------------ for solvers
    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played up from a place where it lies on another card of its place, or from the
        talon, when no card could ever marry it: the cards that would marry it (one lower of a red
        suit, one higher of a black one) have gone up already."""
        piles = self.piles
        for move in moves:
            target = move[3]
            if move[0] != "move" or target is None or not target.startswith("foundation"):
                continue
            source, card = move[2], move[1][0]
            if source in RACE_OF and len(piles[source].cards) < 2:
                continue
            if source.startswith("barrier"):
                return move
            value = card.value - 1 if card.is_red else card.value + 1
            if not 1 <= value <= 13:
                return move
            if self.out_already([Card(Rank(value), card.suit)]):
                return move
        return None

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            if not self.piles["pack"].cards:
                return IllegalMove("Re-deal", "the pack is exhausted, and there is no re-deal")
            return None
        if move.kind == "exchange":
            return self._exchange_violation(move)
        piles = self.piles
        source, target, cards = move.source, move.target, move.cards
        if (move.kind != "move" or len(cards) != 1 or source == target
                or source not in piles or target not in piles):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = cards[0]
        if source == "pack" or source in FOUNDATIONS:
            stays = self.STAYS["foundation"]
            return self.illegal(*(self.UNDEALT_RULE if source == "pack" else stays), card)
        if piles[source].top != card:
            if source == "talon":
                return self.illegal(*self.TALON_RULE, card)
            return self.illegal(*self.AVAILABILITY, card)
        end = not piles["pack"].cards and not piles["talon"].cards
        if source.startswith("barrier"):
            if not target.startswith("foundation"):
                return self.illegal("IV", "the barriers cannot be moved till the end of the game, when they "
                                    "are played to complete the foundations", card)
            if not end and self.options.barriers == "end":
                return self.illegal("IV", "the barriers cannot be moved till the end of the game", card)
        elif source != "talon" and not at_home(source, card):
            if end and target in RACE_OF and not piles[target].cards and NORTHERN[target] is card.is_red:
                return None
            if target in RACE_OF and not piles[target].cards and NORTHERN[target] is card.is_red:
                return self.illegal("II", "a card is transferred without an exchange only at the end of the "
                                    "game, when all the cards are dealt and the talon is exhausted", card)
            return self.illegal(*HEMISPHERE, card)
        if target.startswith("foundation"):
            return self.explain(self.foundation_fault(target, card), FOUNDATION_REASONS,
                                card, *piles[target].cards[-1:])
        if target not in RACE_OF:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        under = piles[target].top
        if under is None:
            return self.illegal("Deal", "a vacancy in the Races is refilled from the pack", card, target)
        if not at_home(target, under):
            return self.illegal(*HEMISPHERE, card, under)
        if source != "talon" and RACE_OF[source] != RACE_OF[target]:
            return self.illegal("III", "cards may only marry those belonging to their own Race", card, under)
        if card.suit is not under.suit:
            return self.illegal("Marriages", "a marriage is made in the same suit", card, under)
        if not marries(under, card):
            way = "the red suits marry in descending line" if under.is_red else \
                "the black suits marry in ascending line"
            return self.illegal("Marriages", way, card, under)
        return None

    def _exchange_violation(self, move: Move) -> IllegalMove | None:
        """Rule II: a card of the wrong colour in one hemisphere for one of the wrong colour in the
        other, each into its proper hemisphere."""
        piles = self.piles
        first, second = move.source, move.target
        if first not in RACE_OF or second not in RACE_OF or first == second or len(move.cards) != 2:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        a, b = move.cards
        if piles[first].top != a or piles[second].top != b:
            return self.illegal("II", "cards are exchanged as they lie in the circle", f"{a} and {b}")
        if at_home(first, a) or at_home(second, b):
            right = a if at_home(first, a) else b
            return self.illegal("II", "only cards of the wrong colors are exchanged", right)
        if NORTHERN[first] is NORTHERN[second]:
            return self.illegal("II", "an exchange brings each card into its proper hemisphere", f"{a} and {b}")
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        piles = self.piles
        kind = move[0]
        if kind == "deal":
            pack = piles["pack"].cards
            target = self.deal_target()
            piles["pack"] = Pile(pack[:-1], len(pack) - 1)
            piles[target] = Pile(piles[target].cards + pack[-1:])
        elif kind == "exchange":
            first, second = move[2], move[3]
            a, b = piles[first].cards, piles[second].cards
            piles[first] = Pile(a[:-1] + b[-1:])
            piles[second] = Pile(b[:-1] + a[-1:])
        else:
            source, target = move[2], move[3]
            cards = piles[source].cards
            piles[source] = Pile(cards[:-1])
            piles[target] = Pile(piles[target].cards + cards[-1:])

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every foundation complete: the aces up to the kings, the kings down to the aces."""
        return self.complete(FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules can have made.

        - *What is set out.*  Each foundation begins with its red ace or black king and follows its
          build; each barrier lies in its place or has gone up last, to complete a foundation.
        - *What has been dealt.*  Twelve cards are dealt round the circle before the pack is touched:
          the pack and the talon together hold eighty cards at most, and only the pack lies face down.
        - *What may lie where.*  On the first card of a place lie only cards married to it (Rule III and
          the note), all of its colour, which is the colour of its hemisphere.

        >>> TheHemispheres.deal(seed=2).inconsistencies()
        []
        """
        faults = self.foundation_inconsistencies()
        piles = self.piles
        for name, card in zip(FOUNDATIONS, FOUNDATION_CARDS):
            cards = piles[name].cards
            if not cards or cards[0] != card:
                faults.append(f"{name} does not begin with the {card.name}")
        for name, card in zip(BARRIERS, BARRIER_CARDS):
            cards = piles[name].cards
            if cards != (card,) and not (not cards and any(piles[f].top == card for f in FOUNDATIONS)):
                faults.append(f"{name} is not the {card.name}")
        pack, talon = piles["pack"], piles["talon"].cards
        if pack.face_down != len(pack.cards) or any(piles[n].face_down for n in piles if n != "pack"):
            faults.append("a card lies face down outside the pack, or face up in it")
        if len(pack.cards) + len(talon) > 80:
            faults.append(f"the pack and the talon hold {len(pack.cards) + len(talon)} cards, more than 80")
        for place in PLACES:
            cards = piles[place].cards
            for under, card in zip(cards, cards[1:]):
                if not marries(under, card) or not at_home(place, under):
                    faults.append(f"{place}: {card} is not married to {under} in its proper hemisphere")
                    break
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 017's circle: the cross of foundations in the centre (each red ace outside its black
        king), a barrier at the end of each arm, the Races round them, the northern hemisphere above;
        the pack and the talon below.  Cards cannot lie askew, so the circle is drawn upright."""
        cx, cy = 4.5, 3.3
        arms = ((0, -1), (1, 0), (0, 1), (-1, 0))
        spots: list[Spot] = []
        for i, (dx, dy) in enumerate(arms):
            spots.append(Spot(FOUNDATIONS[4 + i], cx + 1.05 * dx, cy + 1.05 * dy))
            spots.append(Spot(FOUNDATIONS[i], cx + 2.1 * dx, cy + 2.1 * dy))
            spots.append(Spot(BARRIERS[i], cx + 3.15 * dx, cy + 3.15 * dy))
        # the circle, clockwise from the left barrier: European, Asiatic, Australian, African
        ring = {
            "european": ((0.3, 2.0), (0.9, 0.9), (2.3, 0.2)),
            "asiatic": ((6.7, 0.2), (8.1, 0.9), (8.7, 2.0)),
            "australian": ((8.7, 4.6), (8.1, 5.7), (6.7, 6.4)),
            "african": ((2.3, 6.4), (0.9, 5.7), (0.3, 4.6)),
        }
        for race in RACES:
            for place, (x, y) in zip(RACE_PLACES[race], ring[race]):
                label = TITLES[race] if place.endswith(" 2") else ""
                spots.append(Spot(place, x, y, fan="right", label=label))
        spots.append(Spot("pack", cx - 0.6, 7.55, label="pack"))
        spots.append(Spot("talon", cx + 0.6, 7.55, label="talon"))
        return [Spot(s.pile, round(s.x, 2), round(s.y, 2), s.fan, s.label) for s in spots]

    def table(self) -> str:
        """The circle as text: the northern Races on the first line, the southern on the second, each
        place's cards from the first up; then the foundations, the barriers, the talon and the pack."""
        piles = self.piles

        def race(name: str) -> str:
            return " | ".join(" ".join(map(str, piles[p].cards)) or "--" for p in RACE_PLACES[name])

        left = [race("european"), race("african")]
        width = max(map(len, left))
        lines = [f"{'european':<10} {left[0]:<{width}}   {'asiatic':<11} {race('asiatic')}",
                 f"{'african':<10} {left[1]:<{width}}   {'australian':<11} {race('australian')}"]
        tops = " ".join(str(piles[f].top) for f in FOUNDATIONS)
        barriers = " ".join(str(piles[b].top or "--") for b in BARRIERS)
        lines.append(f"foundations: {tops}   barriers: {barriers}")
        talon, pack = piles["talon"], len(piles["pack"])
        shown = f"{talon.top} ({len(talon)})" if len(talon) > 1 else str(talon.top or "--")
        lines.append(f"talon: {shown}  pack: " + (f"{pack} cards" if pack else "exhausted"))
        return "\n".join(lines)


#: Plate 017, read card by card: the circle in the order of the deal, from the European Race (next to
#: the king of hearts, on the left) clockwise (see the chapter's table of the plate).  The plate shows
#: no pack: it lies in the order of ``pack_seed=17``.
PLATE_CIRCLE = "5♥ 6♦ 7♥ 2♥ J♦ 3♥ 4♠ 7♠ 3♣ 3♣ 4♠ 6♣"
PLATE_PACK_SEED = 17
TheHemispheres.PLATE = str(TheHemispheres.from_circle(PLATE_CIRCLE, pack_seed=PLATE_PACK_SEED))
