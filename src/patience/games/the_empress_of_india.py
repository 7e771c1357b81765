"""The Empress of India: four packs, the Army and the Navy, cards played in pairs of red and black.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Empress of India", plate 014.  The eight black aces and the eight black
queens, the eight red kings and the eight red knaves are withdrawn.  The aces
(Admirals) ascend to kings, omitting queens; the red kings (Generals) descend
to aces, omitting knaves; the foundations follow suit (Rule V).  One queen of
clubs is the Empress, the eight knaves her guard; the other seven black queens
are thrown aside.  The rest of the four packs is dealt into the Army (two rows
of twelve red cards) and the Navy (two rows of twelve black cards); cards of a
colour whose rows are full go to that colour's packet of the talon (Rule IV).
A card is played only together with a card of the other colour, each to its
foundation (Rule I).  Any card of the Army may be laid on any card of the Navy,
or the other way about: the two are then a pair, played together or not at
all.  Every vacancy is refilled at once with a card of its colour, from the
talon or, when that packet is empty, from the pack (Rule II); the remainder of
the pack is dealt card by card onto the two packets.  There is no re-deal.

>>> from patience import load
>>> game = load("the-empress-of-india", seed=1)
>>> len(game.piles_of("army")), len(game.piles_of("navy")), game.packs
(24, 24, 4)
>>> [len(game.piles[f]) for f in game.piles_of("foundation")] == [1] * 16
True
>>> str(game.piles["empress"]), len(game.cards())
('Q♣', 208)
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Iterable, Sequence, TypeVar

from ..cards import Card, Rank, Suit
from ..compiled import search_in_c
from ..errors import IllegalMove
from ..game import Game, Move, Pile, Spot
from ..options import Option
from . import register

__all__ = ["TheEmpressOfIndia"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Empress of India”"

ARMY = tuple(f"army {i + 1}" for i in range(24))
NAVY = tuple(f"navy {i + 1}" for i in range(24))
PLACES = ARMY + NAVY
#: Foundations 1–8 are the black aces (the Admirals), 9–16 the red kings (the Generals), in the
#: order the layout draws them round the Empress (plate 014): top, right, bottom, left.
ADMIRALS = tuple(f"foundation {i + 1}" for i in range(8))
GENERALS = tuple(f"foundation {i + 9}" for i in range(8))
FOUNDATIONS = ADMIRALS + GENERALS
GUARD = tuple(f"guard {i + 1}" for i in range(8))
TALON = {"red": "red talon", "black": "black talon"}
#: The suits of the foundations and the guard as plate 014 draws them.
ADMIRAL_SUITS = (Suit.CLUBS, Suit.CLUBS, Suit.SPADES, Suit.SPADES, Suit.CLUBS, Suit.CLUBS, Suit.SPADES, Suit.SPADES)
GENERAL_SUITS = (Suit.HEARTS, Suit.DIAMONDS) * 4
GUARD_SUITS = (Suit.HEARTS, Suit.HEARTS, Suit.DIAMONDS, Suit.DIAMONDS) * 2
#: How dear a pairing may be (:meth:`TheEmpressOfIndia.useful_moves`) to be tried before the deal.
PROMPT = 2
DEAL = Move("deal", notation="deal")
T = TypeVar("T")


def next_up(card: Card) -> int:
    """The value an Admiral wants on ``card``: one higher, the queen left out (0: complete)."""
    value = card.value + 1
    return 13 if value == 12 else 0 if value > 13 else value


def next_down(card: Card) -> int:
    """The value a General wants on ``card``: one lower, the knave left out (0: complete)."""
    value = card.value - 1
    return 10 if value == 11 else value


def _sequence(first: Card) -> tuple[Card, ...]:
    """The cards a foundation beginning with ``first`` is built with, in turn, ``first`` too."""
    step = next_down if first.is_red else next_up
    cards = [first]
    while value := step(cards[-1]):
        cards.append(Card(value, first.suit))
    return tuple(cards)


#: Each suit's sequence (an Admiral's up from the ace, a General's down from the king), and the
#: place of each card in its suit's.
SEQUENCES = {suit: _sequence(Card(Rank.KING if suit.is_red else Rank.ACE, suit)) for suit in Suit}
SEQUENCE_PLACE = {card: place for sequence in SEQUENCES.values() for place, card in enumerate(sequence)}


@register
class TheEmpressOfIndia(Game):
    """The Empress of India: four packs, Admirals and Generals, the Army and the Navy in pairs."""

    slug = "the-empress-of-india"
    name = "The Empress of India"
    chapter = "the-empress-of-india"
    order = 14
    source = SOURCE
    plate = "014"
    packs = 4
    RULES = {
        "I": "All cards in the Army and Navy are equally available if played in pairs (i.e., one black and "
        "one red), but no card of either color can be played on a foundation unless a card of the other "
        "color is played at the same time on another foundation.",
        "II": "Vacancies in the Army and Navy must be immediately refilled with cards of their own color "
        "from the talon, or, when there is no talon, from the pack.",
        "III": "Cards from the pack or talon cannot be played at once, but must first pass through the "
        "Army or Navy.",
        "IV": "The talon consists of two packets, one of red, the other of black, cards.",
        "V": "The foundations must follow suit.",
        "Foundations": "The eight black aces and the eight red kings are the foundation cards, the aces "
        "ascending in sequence to kings, representing Admirals, the kings descending in sequence to aces, "
        "representing Generals. Note.--The red sequences must omit knaves, the black ones must omit queens.",
        "Empress": "The remaining queen of clubs represents the Empress; the knaves, the guard of British "
        "soldiers, and these nine cards remain alone.",
        "Pairs": "Any card in the Army may be placed on any card in the Navy, and vice versa, but the cards "
        "so paired cannot afterwards be separated, but must be played at the same time on their respective "
        "foundations. The vacancies thus made must be immediately refilled (Rule II). Each card can only be "
        "paired once.",
        "Deal": "When you have played all available cards, deal out the remainder of the pack, those not "
        "required to fill vacancies being placed in two packets (Rule IV).",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("III", "cards from the pack or talon must first pass through the Army or Navy")
    UNDEALT_RULE = AVAILABILITY
    FACE_DOWN = ("pack",)
    PACK_KINDS = ()
    INTERCHANGEABLE = ("army", "navy")
    OPTIONS = (
        Option(
            "deal_when",
            "any",
            "when the next card of the remainder may be dealt onto the talon: at 'any' time (the "
            "engine's reading: the player chooses his own time), or only when no pair can be played "
            "('blocked': “when you have played all available cards”)",
            choices=("any", "blocked"),
        ),
    )
    #: The search in C (``_the_empress_of_india_search.c``), where the build made it: the core's search of
    #: the game (the same moves in the same order, positions merged and counted alike); two million
    #: positions of it where no budget is given, then the searches again (some four seconds in all).
    SEARCH_IN_C = search_in_c("games._the_empress_of_india_search")
    NODES_IN_C = 2_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order,
    #: 256 of 100,000 positions: of the 152 deals the study's 200,000 positions (in Python) left unknown,
    #: a first search of 2,000,000 and 64 of them won 129, one search of 20,000,000 won 19; of the 22
    #: that neither won, 256 won 17 more.
    RESTARTS = ((256, 100_000),)

    #: Plate 014: the Empress in the centre, her guard of eight red knaves round her, the eight
    #: black aces in pairs beyond them and the eight red kings outside, four at the points of the
    #: compass and four on the diagonals (the court cards cannot be told apart on the plate: the
    #: reading is in the chapter).  The plate shows neither the Army nor the Navy ("from want of
    #: space") nor the pack: they are deal 4's (``seed=4``, the worked game's), so that
    #: ``from_plate()`` is ``deal(seed=4)``.
    PLATE = """\
the-empress-of-india seed=4
pack: [8♠] [6♠] [2♦] [4♦] [8♥] [10♣] [3♠] [9♥] [2♣] [7♣] [K♣] [4♦] [4♠] [7♣] [7♦] [9♠] [K♠] [6♥] \
[7♠] [2♥] [6♣] [4♣] [8♣] [8♥] [3♠] [10♦] [J♠] [2♦] [5♥] [6♠] [7♦] [J♠] [2♠] [3♥] [6♦] [4♦] [5♠] \
[4♣] [4♥] [8♠] [7♠] [A♥] [3♦] [4♣] [K♠] [3♦] [6♥] [5♦] [9♠] [3♣] [2♣] [2♦] [Q♥] [5♥] [9♥] [10♦] \
[Q♦] [2♣] [8♦] [8♦] [Q♥] [5♥] [9♠] [9♦] [6♠] [J♣] [5♣] [5♦] [5♣] [10♠] [9♦] [A♥] [9♦] [2♥] [A♦] \
[J♣] [7♦] [10♥] [10♥] [5♣] [7♥] [3♥] [Q♦] [7♣] [5♠] [3♠] [A♦] [J♣] [6♥] [6♦] [6♣] [10♦] [K♣] [6♦] \
[8♣] [10♠] [6♣] [9♣] [8♠] [7♠] [7♥] [4♥] [10♥] [6♥] [3♥] [4♦] [8♣] [K♣] [Q♥] [8♥] [3♦] [10♣] [8♠] \
[9♣] [10♦] [3♣] [3♥] [10♥] [J♠] [10♠] [9♠] [2♦] [8♣] [6♣] [A♥] [5♣] [J♠] [7♠]
red talon:
black talon:
foundation 1: A♣
foundation 2: A♣
foundation 3: A♠
foundation 4: A♠
foundation 5: A♣
foundation 6: A♣
foundation 7: A♠
foundation 8: A♠
foundation 9: K♥
foundation 10: K♦
foundation 11: K♥
foundation 12: K♦
foundation 13: K♥
foundation 14: K♦
foundation 15: K♥
foundation 16: K♦
army 1: 5♥
army 2: 6♦
army 3: 4♥
army 4: Q♥
army 5: 8♦
army 6: 9♥
army 7: A♦
army 8: 7♦
army 9: A♥
army 10: 9♦
army 11: 7♥
army 12: 5♦
army 13: 8♥
army 14: A♦
army 15: 7♥
army 16: Q♦
army 17: 5♦
army 18: 8♦
army 19: 3♦
army 20: 2♥
army 21: 4♥
army 22: 2♥
army 23: Q♦
army 24: 9♥
navy 1: 3♣
navy 2: K♠
navy 3: 4♠
navy 4: 2♠
navy 5: 5♠
navy 6: 3♣
navy 7: 4♠
navy 8: 10♣
navy 9: 6♠
navy 10: 4♣
navy 11: 5♠
navy 12: 3♠
navy 13: 2♣
navy 14: J♣
navy 15: K♠
navy 16: 10♣
navy 17: K♣
navy 18: 2♠
navy 19: 9♣
navy 20: 4♠
navy 21: 7♣
navy 22: 10♠
navy 23: 9♣
navy 24: 2♠
empress: Q♣
guard 1: J♥
guard 2: J♥
guard 3: J♦
guard 4: J♦
guard 5: J♥
guard 6: J♥
guard 7: J♦
guard 8: J♦
discard: Q♠ Q♠ Q♠ Q♣ Q♣ Q♣ Q♠
"""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        return ["pack", "red talon", "black talon", *FOUNDATIONS, *PLACES, "empress", *GUARD, "discard"]

    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw the 32 cards and place them; deal the rest red to the Army and black to the Navy,
        each row by row, the cards of a colour whose rows are full to its talon, until both are
        full; what is left is the pack."""
        rest: list[Card] = []
        aces: dict[Suit, list[Card]] = {}
        kings: dict[Suit, list[Card]] = {}
        knaves: dict[Suit, list[Card]] = {}
        queens: list[Card] = []
        for card in cards:
            black = not card.is_red
            if black and card.rank == Rank.ACE:
                aces.setdefault(card.suit, []).append(card)
            elif black and card.rank == Rank.QUEEN:
                queens.append(card)
            elif not black and card.rank == Rank.KING:
                kings.setdefault(card.suit, []).append(card)
            elif not black and card.rank == Rank.KNAVE:
                knaves.setdefault(card.suit, []).append(card)
            else:
                rest.append(card)
        for name, suit in zip(ADMIRALS, ADMIRAL_SUITS):
            self.piles[name] = Pile((aces[suit].pop(0),))
        for name, suit in zip(GENERALS, GENERAL_SUITS):
            self.piles[name] = Pile((kings[suit].pop(0),))
        for name, suit in zip(GUARD, GUARD_SUITS):
            self.piles[name] = Pile((knaves[suit].pop(0),))
        empress = next(q for q in queens if q.suit == Suit.CLUBS)
        queens.remove(empress)
        self.piles["empress"] = Pile((empress,))
        self.piles["discard"] = Pile(tuple(queens))
        army, navy = list(ARMY), list(NAVY)
        talons: dict[str, list[Card]] = {"red": [], "black": []}
        dealt = 0
        for card in rest:
            if not army and not navy:
                break
            dealt += 1
            places = army if card.is_red else navy
            if places:
                self.piles[places.pop(0)] = Pile((card,))
            else:
                talons[card.colour].append(card)
        for colour, name in TALON.items():
            self.piles[name] = Pile(tuple(talons[colour]))
        left = rest[dealt:]
        self.piles["pack"] = Pile(tuple(reversed(left)), len(left))

    # --------------------------------------------------------------- the rules
    def wanted(self) -> dict[Card, str]:
        """The foundation that takes each card now (any card equal to it): the first that wants it."""
        def work(piles: list[Pile]) -> dict[Card, str]:
            takes: dict[Card, str] = {}
            for name, pile in zip(FOUNDATIONS, piles):
                top = pile.cards[-1]
                value = next_down(top) if top.is_red else next_up(top)
                if value:
                    takes.setdefault(Card(value, top.suit), name)
            return takes
        return self.worked_out("wanted", FOUNDATIONS, work)

    @staticmethod
    def group(place: str) -> str:
        """``'army'`` or ``'navy'``."""
        return place.split()[0]

    def loose(self, group: Sequence[str]) -> list[tuple[str, Card]]:
        """The places of ``group`` holding one card, not paired, with their cards."""
        piles = self.piles
        return [(name, piles[name].cards[0]) for name in group if len(piles[name].cards) == 1]

    def paired(self) -> list[tuple[str, tuple[Card, ...]]]:
        """The places holding a pair, with its two cards (the one beneath first)."""
        piles = self.piles
        return [(name, piles[name].cards) for name in PLACES if len(piles[name].cards) == 2]

    def places(self) -> tuple[list[tuple[str, Card]], list[tuple[str, Card]], list[tuple[str, tuple[Card, ...]]]]:
        """The Army's loose cards and the Navy's (:meth:`loose`), and the pairs (:meth:`paired`),
        read in one pass."""
        piles = self.piles
        army: list[tuple[str, Card]] = []
        navy: list[tuple[str, Card]] = []
        pairs: list[tuple[str, tuple[Card, ...]]] = []
        for group, loose in ((ARMY, army), (NAVY, navy)):
            for name in group:
                cards = piles[name].cards
                if len(cards) == 1:
                    loose.append((name, cards[0]))
                elif len(cards) == 2:
                    pairs.append((name, cards))
        return army, navy, pairs

    # A pairing is a move of kind ``pair`` from the place of the card laid (``source``) to the place
    # of the card it is laid on (``target``); its cards are the pair it makes, the one beneath
    # first.  A play is a move of kind ``play`` of a red and a black card, from the red card's place
    # to the black card's (one place for a pair).
    @staticmethod
    def _play(red: Card, black: Card, source: str, target: str) -> Move:
        return Move("play", (red, black), source, target, f"{red.text} {black.text} → foundations")

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield Move("deal", notation="deal")
        yield Move("redeal", notation="redeal")
        army, navy = self.loose(ARMY), self.loose(NAVY)
        for name, card in army + navy:
            yield Move("move", (card,), name, "foundation", f"{card.text} → foundation")
        for source, red in army:
            for target, black in navy:
                yield self._play(red, black, source, target)
        for name, cards in self.paired():
            red, black = (cards[0], cards[1]) if cards[0].is_red else (cards[1], cards[0])
            yield self._play(red, black, name, name)
        for source, red in army:
            for target, black in navy:
                yield Move("pair", (black, red), source, target, f"{red.text} → {black.text}")
        for source, black in navy:
            for target, red in army:
                yield Move("pair", (red, black), source, target, f"{black.text} → {red.text}")
        # A place stays empty only when no card of its colour is left to refill it (Rule II); a card
        # of the Army, the Navy or the talon laid there by hand is a candidate, to be refused.
        vacancies = [name for name in PLACES if not self.piles[name].cards]
        if vacancies:
            tops = [(name, self.piles[name].cards[-1]) for name in TALON.values() if self.piles[name].cards]
            for name, card in army + navy + tops:
                for place in vacancies:
                    yield Move("move", (card,), name, place, f"{card.text} → {place}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`: the deal (where the option allows it), each
        loose red card of the Army with each loose black card of the Navy that the foundations take
        now, each pair that they take, and every pairing of a loose card with one of the other side."""
        piles = self.piles
        army, navy, pairs = self.places()
        legal: list[Move] = []
        plays = self._plays(army, navy, pairs)
        if piles["pack"].cards and (self.options.deal_when == "any" or not plays):
            legal.append(Move("deal", notation="deal"))
        legal += plays
        for source, red in army:
            for target, black in navy:
                legal.append(Move("pair", (black, red), source, target, f"{red.text} → {black.text}"))
        for source, black in navy:
            for target, red in army:
                legal.append(Move("pair", (red, black), source, target, f"{black.text} → {red.text}"))
        return legal

    def generate_plays(self) -> list[Move]:
        """The legal plays, in the order of :meth:`moves`: each loose red card of the Army with each
        loose black card of the Navy that the foundations take now, then each pair they take."""
        return self._plays(*self.places())

    def _plays(self, army: list[tuple[str, Card]], navy: list[tuple[str, Card]],
               pairs: list[tuple[str, tuple[Card, ...]]]) -> list[Move]:
        """The plays, as :meth:`generate_plays` makes them, of the loose cards ``army`` and ``navy``
        and the ``pairs`` given (as :meth:`places` reads them)."""
        wanted = self.wanted()
        blacks = [(n, c) for n, c in navy if c in wanted]
        plays = [self._play(red, black, source, target)
                 for source, red in army if red in wanted for target, black in blacks]
        for name, cards in pairs:
            if cards[0] in wanted and cards[1] in wanted:
                red, black = (cards[0], cards[1]) if cards[0].is_red else (cards[1], cards[0])
                plays.append(self._play(red, black, name, name))
        return plays

    def violation(self, move: Move) -> IllegalMove | None:
        kind = move.kind
        if kind == "deal":
            return self._deal_violation()
        if kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if kind == "move" and move.target in PLACES and not self.piles[move.target].cards and len(move.cards) == 1:
            return self._refill_violation(move, move.target)
        if kind == "move" and move.target == "foundation" and move.source in PLACES:
            return self.illegal("I", "no card can be played on a foundation unless a card of the other color "
                                "is played at the same time", *move.cards)
        if kind == "play" and move.source in PLACES and move.target in PLACES and len(move.cards) == 2:
            return self._play_violation(move)
        if kind == "pair" and move.source in PLACES and move.target in PLACES and len(move.cards) == 2:
            return self._pair_violation(move)
        return IllegalMove("Play", f"{self.name} has no move {move}")

    def _refill_violation(self, move: Move, place: str) -> IllegalMove:
        """Why ``move`` may not lay a card in the empty place ``move.target`` (Rule II): a vacancy
        is refilled at once, by the engine, with a card of its own colour from the talon or the
        pack; it stays empty only when none is left."""
        card, source = move.cards[0], move.source
        if source not in self.piles or card not in self.piles[source].cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if card.is_red != (place in ARMY):
            return self.illegal("II", "vacancies in the Army and Navy are refilled with cards of their own color",
                                card, place)
        if source in PLACES:
            return self.illegal("II", "vacancies in the Army and Navy are refilled from the talon, or, when "
                                "there is no talon, from the pack", card, place)
        return self.illegal("II", "vacancies in the Army and Navy are refilled at once", card, place)

    def _deal_violation(self) -> IllegalMove | None:
        if not self.piles["pack"].cards:
            return IllegalMove("Deal", "the pack is exhausted")
        if self.options.deal_when == "blocked":
            for move in self.moves():
                if move.kind == "play" and self._play_violation(move) is None:
                    return IllegalMove("Deal", "the remainder is dealt when all available cards have been played",
                                       f"{move.cards[0]} and {move.cards[1]} can be played")
        return None

    def _play_violation(self, move: Move) -> IllegalMove | None:
        red, black = move.cards
        source, target = move.source, move.target
        assert source is not None and target is not None
        piles = self.piles
        if red.is_red == black.is_red:
            return self.illegal("I", "cards are played in pairs, one black and one red", red, black)
        if source == target:
            if sorted(piles[source].cards) != sorted((red, black)) or len(piles[source].cards) != 2:
                return IllegalMove("Play", f"{self.name} has no move {move}")
        else:
            for place, card in ((source, red), (target, black)):
                cards = piles[place].cards
                if card not in cards:
                    return IllegalMove("Play", f"{self.name} has no move {move}")
                if len(cards) == 2:
                    return self.illegal("Pairs", "cards paired cannot afterwards be separated, but must be "
                                        "played at the same time", card)
        for card in (red, black):
            problem = self._foundation_fault(card)
            if problem is not None:
                return problem
        return None

    def _foundation_fault(self, card: Card) -> IllegalMove | None:
        """Why no foundation takes ``card`` now (Rule V, or the paragraph on the foundations)."""
        if card in self.wanted():
            return None
        names = GENERALS if card.is_red else ADMIRALS
        tops = [self.piles[n].cards[-1] for n in names]
        step = next_down if card.is_red else next_up
        if any(step(top) == card.value for top in tops):
            return self.illegal("V", "the foundations must follow suit", card)
        if card.is_red:
            return self.illegal("Foundations", "the Generals descend in sequence to aces, omitting knaves", card)
        return self.illegal("Foundations", "the Admirals ascend in sequence to kings, omitting queens", card)

    def _pair_violation(self, move: Move) -> IllegalMove | None:
        under, card = move.cards
        source, target = move.source, move.target
        assert source is not None and target is not None
        piles = self.piles
        if card not in piles[source].cards or under not in piles[target].cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if self.group(source) == self.group(target):
            return self.illegal("Pairs", "a card of the Army is placed on a card of the Navy, or the other way",
                                card, piles[target].cards[-1])
        if len(piles[source].cards) != 1 or len(piles[target].cards) != 1:
            return self.illegal("Pairs", "each card can only be paired once", card, piles[target].cards[-1])
        return None

    def aliases(self, move: Move) -> set[str]:
        """A play, a pairing or the deal is named by its notation alone (already in normal form)."""
        if move[0] in ("play", "pair", "deal"):
            return {move[4]}
        return super().aliases(move)

    def offers(self, move: Move) -> bool:
        """Whether ``move`` is one of :meth:`legal_moves`, answered without making them all (a
        position offers over a thousand pairings): the rules allow it, and it is written as
        :meth:`generate_legal_moves` writes it."""
        kind = move[0]
        if kind == "deal":
            return move == DEAL and self.violation(move) is None
        if kind not in ("play", "pair") or self.violation(move) is not None:
            return False
        cards = move[1]
        if kind == "play":
            return move == self._play(cards[0], cards[1], move[2], move[3])
        return move == Move("pair", cards, move[2], move[3], f"{cards[1].text} → {cards[0].text}")

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        piles = self.piles
        if kind == "deal":
            pack = piles["pack"]
            card = pack.cards[-1]
            piles["pack"] = Pile(pack.cards[:-1], len(pack.cards) - 1)
            talon = TALON[card.colour]
            piles[talon] = Pile(piles[talon].cards + (card,))
            return
        source, target = move[2], move[3]
        if kind == "pair":
            piles[target] = Pile(piles[target].cards + move[1][1:])
            piles[source] = Pile()
            self._refill(source)
            return
        wanted = self.wanted()
        for card in move[1]:
            name = wanted[card]
            piles[name] = Pile(piles[name].cards + (card,))
        if source == target:
            piles[source] = Pile()
            self._refill(source)
        else:
            piles[source] = Pile()
            piles[target] = Pile()
            self._refill(source)
            self._refill(target)

    def _refill(self, place: str) -> None:
        """Rule II: the vacancy ``place`` takes the top card of its colour's talon, or, when that
        packet is empty, the next card of its colour from the pack, the cards of the other colour
        turned up before it going to their packet."""
        piles = self.piles
        colour = "red" if place.startswith("army") else "black"
        talon = piles[TALON[colour]]
        if talon.cards:
            piles[place] = Pile(talon.cards[-1:])
            piles[TALON[colour]] = Pile(talon.cards[:-1])
            return
        pack = list(piles["pack"].cards)
        while pack:
            card = pack.pop()
            if card.colour == colour:
                piles[place] = Pile((card,))
                break
            other = TALON[card.colour]
            piles[other] = Pile(piles[other].cards + (card,))
        piles["pack"] = Pile(tuple(pack), len(pack))

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every Admiral built to its king and every General to its ace: twelve cards each."""
        return self.complete(FOUNDATIONS, 12)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules can have made.

        - *What is withdrawn.*  The foundations begin with the eight black aces and the eight red
          kings; the Empress is a queen of clubs, the guard the eight red knaves, the cards thrown
          aside the other seven black queens.
        - *What may lie where.*  Each foundation follows its suit, the Admirals up without queens,
          the Generals down without knaves.  An Army place holds a red card or a pair (one red, one
          black), a Navy place a black card or a pair; a place is empty only when neither its talon
          nor the pack has a card of its colour left.  The packets of the talon hold their own colour,
          face up; the pack lies face down.

        >>> TheEmpressOfIndia.deal(seed=2).inconsistencies()
        []
        """
        piles = self.piles
        faults: list[str] = []
        for name in FOUNDATIONS:
            cards = piles[name].cards
            first = Rank.KING if name in GENERALS else Rank.ACE
            step = next_down if name in GENERALS else next_up
            if not cards or cards[0].rank != first or cards[0].is_red != (name in GENERALS):
                faults.append(f"{name} does not begin with a {'red king' if name in GENERALS else 'black ace'}")
            elif any(b.suit != a.suit or b.value != step(a) for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} is out of sequence")
        if [str(c) for c in piles["empress"].cards] != ["Q♣"]:
            faults.append("the Empress is not a queen of clubs")
        if any(len(piles[g].cards) != 1 or piles[g].cards[0].rank != Rank.KNAVE for g in GUARD):
            faults.append("the guard is not the eight red knaves")
        if sorted(str(c) for c in piles["discard"].cards) != sorted(["Q♠"] * 4 + ["Q♣"] * 3):
            faults.append("the cards thrown aside are not four queens of spades and three of clubs")
        for colour, name in TALON.items():
            if any(c.colour != colour for c in piles[name].cards):
                faults.append(f"the {name} holds a card of the other colour")
        left = {colour: bool(piles[TALON[colour]].cards) or any(c.colour == colour for c in piles["pack"].cards)
                for colour in TALON}
        for place in PLACES:
            cards = piles[place].cards
            colour = "red" if place.startswith("army") else "black"
            if not cards:
                if left[colour]:
                    faults.append(f"{place} is empty, but a {colour} card is left to refill it")
            elif len(cards) == 1 and cards[0].colour != colour:
                faults.append(f"{place} holds a card of the other colour")
            elif len(cards) == 2 and cards[0].colour == cards[1].colour:
                faults.append(f"{place} holds two cards of one colour")
            elif len(cards) > 2:
                faults.append(f"{place} holds more than a pair")
        return faults

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """The position as the search tells positions apart, the places of each side in any order
        (as :attr:`INTERCHANGEABLE` says): the pack by its size (it is only ever dealt from the top),
        the two packets of the talon, each foundation by its size (it follows its suit in sequence),
        and the cards of the Army's places and of the Navy's, sorted.  The Empress, her guard and
        the cards thrown aside never move."""
        piles = self.piles
        return (len(piles["pack"].cards), piles["red talon"].cards, piles["black talon"].cards,
                tuple([len(piles[name].cards) for name in FOUNDATIONS]),
                tuple(sorted([piles[name].cards for name in ARMY])),
                tuple(sorted([piles[name].cards for name in NAVY])))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the red and the black packets of the talon (bottom first), the places of the
        Army and of the Navy in their order (each bottom first: a pair's card beneath first), each
        foundation as (its suit, 0 to 3, and its cards), whether the pack is dealt only when no pair can
        be played (``deal_when=blocked``), and :attr:`LATER` (-1 for None).

        >>> game = TheEmpressOfIndia.deal(seed=1)
        >>> pack, red, black, army, navy, foundations, blocked, later = game.description()
        >>> len(pack), len(red + black), len(army + navy), army[0], str(game.piles["army 1"])
        (113, 15, 48, b'\\x0f', '2♥')
        >>> foundations[:2], foundations[8:10], blocked, later
        (((3, 1), (3, 1)), ((1, 1), (2, 1)), False, 20)
        """
        piles = self.piles
        return (bytes(piles["pack"].cards), bytes(piles["red talon"].cards), bytes(piles["black talon"].cards),
                tuple(bytes(piles[name].cards) for name in ARMY), tuple(bytes(piles[name].cards) for name in NAVY),
                self.suit_foundations(FOUNDATIONS), self.options.deal_when == "blocked",
                -1 if self.LATER is None else self.LATER)

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """None: which pair to play, and when, changes which cards refill the places."""
        return None

    #: The most of the dearer pairings (those after the deal) that :meth:`useful_moves` offers a search,
    #: the cheapest first; None for all of them.
    LATER: int | None = 20

    def proves_lost(self) -> bool:
        """Only where :attr:`LATER` is None: otherwise the useful moves leave out dearer pairings that
        lead elsewhere, and a search that has tried every line of them proves nothing lost.

        >>> TheEmpressOfIndia().proves_lost()
        False
        """
        return self.LATER is None

    def useful_moves(self) -> list[Move]:
        """The legal moves less those alike (equal cards in places of one side), in the order a
        player would try them: the plays; the pairings that bring in a card the foundations will
        want soon and bind two cards they will want late, and about as late; the deal; the cheapest
        :attr:`LATER` of the other pairings (a plan of the honest player made and ordered all of them
        at each position it searched, hundreds, for lines that seldom reach past the first few; so a
        search that runs out of lines here proves nothing lost).  (Made directly, as
        :meth:`generate_legal_moves` makes them, each kept where it first appears there, without
        making the thousand pairings alike: the cards and pairs alike are left out first.)"""
        piles = self.piles
        army, navy, paired = self.places()
        army, navy = _firsts(army), _firsts(navy)
        plays = self._plays(army, navy, _firsts(paired))
        deal = [DEAL] if piles["pack"].cards and (self.options.deal_when == "any" or not plays) else []
        distance = self._distances()
        incoming = {colour: distance.get(card, 99) if card is not None else 50
                    for colour, card in ((c, self._next_refill(c)) for c in TALON)}
        far = {card: distance.get(card, 99) for _, card in army + navy}
        pairs: list[tuple[int, Card, str, Card, str]] = []
        for movers, unders in ((army, navy), (navy, army)):
            for source, mover in movers:
                cost, a = 4 * incoming[mover.colour], far[mover]
                for target, under in unders:
                    # bring in a card wanted soon; bind two cards wanted late, and about as late
                    b = far[under]
                    near, late = (a, b) if a <= b else (b, a)
                    pairs.append((cost - near + (late - near), mover, source, under, target))
        pairs.sort(key=itemgetter(0))
        soon = [_pairing(*p[1:]) for p in pairs if p[0] <= PROMPT]
        later = [p for p in pairs if p[0] > PROMPT]
        if self.LATER is not None:
            later = later[:self.LATER]
        return plays + soon + deal + [_pairing(*p[1:]) for p in later]

    def _next_refill(self, colour: str) -> Card | None:
        """The card a vacancy of ``colour`` would take now (Rule II), or None."""
        piles = self.piles
        talon = piles[TALON[colour]].cards
        if talon:
            return talon[-1]
        return next((c for c in reversed(piles["pack"].cards) if c.colour == colour), None)

    def _distances(self) -> dict[Card, int]:
        """How many cards a foundation of each card's suit still wants before it (the least of
        them), by card; a card that no foundation will take is not there (count it 99)."""
        def work(piles: list[Pile]) -> dict[Card, int]:
            reached: dict[Suit, set[int]] = {}
            for pile in piles:
                top = pile.cards[-1]
                reached.setdefault(top.suit, set()).add(SEQUENCE_PLACE[top])
            distance: dict[Card, int] = {}
            for suit, places in reached.items():
                last = None  # the furthest place below this one that a foundation has reached
                for place, card in enumerate(SEQUENCES[suit]):
                    if last is not None:
                        distance[card] = place - last - 1
                    if place in places:
                        last = place
            return distance
        return self.worked_out("distances", FOUNDATIONS, work)

    def progress(self) -> int:
        """The cards on the foundations beyond the sixteen they began with."""
        return sum(len(self.piles[name].cards) for name in FOUNDATIONS) - 16

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 014's figure (the Empress in the centre, her guard, the Admirals in pairs and the
        Generals outside them), and below it what the plate leaves out: the Army's two rows, the
        Navy's two rows, the two packets of the talon and the pack."""
        dx = 2.2
        figure = {
            "empress": (3.6, 3.3),
            "foundation 9": (3.6, 0), "foundation 11": (7.2, 3.3), "foundation 13": (3.6, 6.6),
            "foundation 15": (0, 3.3), "foundation 10": (6.2, 1.0), "foundation 12": (6.2, 5.6),
            "foundation 14": (1.0, 5.6), "foundation 16": (1.0, 1.0),
            "foundation 1": (3.0, 1.1), "foundation 2": (4.2, 1.1), "foundation 3": (6.2, 2.75),
            "foundation 4": (6.2, 3.85), "foundation 5": (3.0, 5.5), "foundation 6": (4.2, 5.5),
            "foundation 7": (1.0, 2.75), "foundation 8": (1.0, 3.85),
            "guard 1": (3.0, 2.2), "guard 2": (4.2, 2.2), "guard 3": (5.2, 2.75), "guard 4": (5.2, 3.85),
            "guard 5": (3.0, 4.4), "guard 6": (4.2, 4.4), "guard 7": (2.0, 2.75), "guard 8": (2.0, 3.85),
        }
        spots = [Spot(name, x + dx, y) for name, (x, y) in figure.items()]
        spots.append(Spot("discard", 10.5, 0, label="thrown aside"))
        rows = {"army": (8.0, 9.4), "navy": (11.0, 12.4)}
        for group, (first, second) in rows.items():
            for i in range(24):
                y = first if i < 12 else second
                spots.append(Spot(f"{group} {i + 1}", i % 12, y, fan="down"))
        spots.append(Spot("red talon", 12.4, 8.0, label="red talon"))
        spots.append(Spot("pack", 12.4, 9.7, label="pack"))
        spots.append(Spot("black talon", 12.4, 11.4, label="black talon"))
        return spots

    def table(self) -> str:
        """The position as text: the Admirals' and Generals' top cards, the Army and the Navy row by
        row (a pair written as its two cards joined by +), the talons' top cards and the pack."""
        piles = self.piles

        def place(name: str) -> str:
            cards = piles[name].cards
            return "+".join(c.text for c in cards) if cards else "--"

        lines = ["admirals: " + " ".join(piles[n].cards[-1].text for n in ADMIRALS),
                 "generals: " + " ".join(piles[n].cards[-1].text for n in GENERALS)]
        for group, names in (("army", ARMY), ("navy", NAVY)):
            lines.append(f"{group}: " + " ".join(place(n) for n in names[:12]))
            lines.append(" " * len(f"{group}: ") + " ".join(place(n) for n in names[12:]))
        for colour, name in TALON.items():
            pile = piles[name]
            lines.append(f"{name}: {pile.cards[-1].text + f' ({len(pile)})' if pile.cards else '--'}")
        lines.append(f"pack: {len(piles['pack'])} cards")
        return "\n".join(lines)


def _pairing(mover: Card, source: str, under: Card, target: str) -> Move:
    """The move that lays ``mover`` (at ``source``) on ``under`` (at ``target``)."""
    return Move("pair", (under, mover), source, target, f"{mover.text} → {under.text}")


def _firsts(places: list[tuple[str, T]]) -> list[tuple[str, T]]:
    """The first place of ``places`` to hold each card (or pair), with it, in their order."""
    found: dict[T, str] = {}
    for name, cards in places:
        found.setdefault(cards, name)
    return [(name, cards) for cards, name in found.items()]

