"""Sly: two packs; a promenade of twenty packets, dealt on in rounds of twenty.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Sly", plate 044.  The foundations are four aces and four kings of different
suits, placed as they turn up in the deal; the aces ascend to kings and the
kings descend to aces, each following suit (Rule I).  The first twenty cards
are dealt into the *promenade*, two rows of ten; then the pack is dealt in
rounds of twenty more, each card laid on whichever packet of the promenade
the player pleases, whatever its suit or value (Rule II).  A card may be played
to a foundation as it turns up, but a card once placed on the promenade may
not be played until the round of twenty is complete (Rule IV); then the top
card of each packet is available (Rule III), and vacancies are refilled from
the pack.  Cards are never moved from one packet to another.  There is no
re-deal.

Dealing is a move: ``deal`` turns the next card of the pack up into the hand,
and the next move plays it to a foundation or places it on a packet.

>>> from patience import load
>>> game = load("sly", seed=1)
>>> len(game.piles["pack"]), game.next_place()
(104, 'packet 1')
>>> _ = game.play("deal")
>>> print(game.piles["hand"], [str(m) for m in game.legal_moves()])
8♠ ['8♠ → packet 1']
>>> print(Sly.from_plate().table())
foundations: A♥ A♦ A♠ A♣ | K♥ K♦ K♠ K♣
promenade:
  10♥ 3♦ 9♦ 7♦ A♣ Q♦ 6♦ 7♥ A♦ 5♣
  J♠ 10♦ 4♦ 10♣ 4♥ 3♥ 10♦ 6♣ Q♥ 4♥
hand: --   pack: 76 cards   rounds of twenty complete: 1, placed in this one: 0
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ..build import ACES_UP, KINGS_DOWN, Foundation
from ..cards import Card, Rank, Suit, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto, moves_up
from ..options import Option
from . import register

__all__ = ["Sly"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Sly”"

#: The promenade: twenty packets, "two horizontal rows, each consisting of ten cards".
PACKETS = tuple(f"packet {i + 1}" for i in range(20))
#: The cards of a round of the deal placed on the promenade ("each deal of twenty cards").
ROUND = 20
#: The foundations: 1-4 the aces (ascending), 5-8 the kings (descending).
ACE_FOUNDATIONS = tuple(f"foundation {i + 1}" for i in range(4))
KING_FOUNDATIONS = tuple(f"foundation {i + 5}" for i in range(4))
FOUNDATIONS = ACE_FOUNDATIONS + KING_FOUNDATIONS
_PLACE = {name: i for i, name in enumerate(PACKETS)}

DEAL = Move("deal", notation="deal")

RULE_WORDS = {
    "I": "The foundations follow suit.",
    "II": "Cards dealt on to the promenade need not follow suit, and are not necessarily placed in sequence.",
    "III": "Only the uppermost card of each packet of the promenade is available until its removal "
    "releases the card beneath.",
    "IV": "Cards may be played as they turn up in the deal, but a card once placed on the promenade "
    "cannot be played until each deal of twenty cards is complete.",
}


@register
class Sly(Game):
    """Sly: two packs; eight foundations (four aces up, four kings down) and a promenade of twenty."""

    slug = "sly"
    name = "Sly"
    chapter = "sly"
    order = 44
    source = SOURCE
    plate = "044"
    packs = 2
    RULES = {
        **RULE_WORDS,
        "Promenade": "Deal out two horizontal rows, each consisting of ten cards (or you may, if you prefer "
        "it, place four rows of five cards): this is called the promenade.",
        "Foundations": "The foundations will consist of four aces and four kings of different suits, the "
        "aces ascending in sequence to kings, the kings descending to aces (Rule I). During the deal, if "
        "any foundations appear, place them at once in their allotted spaces, and also play any other "
        "suitable cards as they turn up, refilling vacancies from the pack.",
        "Deal": "When no more can be played, deal out a second row of twenty cards, always, however, playing "
        "suitable ones as they turn up in the deal. This second row of twenty cards must be placed on the "
        "top of (i.e., covering) the first row, but in any manner and on any cards of the promenade you "
        "please. … each deal of twenty cards must be complete before any can be played--(the cards that "
        "have been played during the deal do not count among the twenty).",
        "Vacancies": "Between each deal examine the promenade, and play from it all available cards "
        "(Rule III), refilling vacancies from the pack.",
        "Transfers": "cards not being transferable from one packet to another.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("III", "only the uppermost card of each packet is available")
    COUNTERS = ("rounds", "placed")
    FACE_DOWN = ("pack",)
    UNDEALT = ("pack",)
    UNDEALT_RULE = ("Deal", "the card has not turned up yet")
    #: The packets are alike: where a packet lies on the table makes no difference to play.
    INTERCHANGEABLE = ("packet",)
    OPTIONS = (
        Option(
            "rows",
            2,
            "how the promenade is drawn: two rows of ten (the book's tableau) or 'if you prefer it' "
            "four rows of five (the same game: the picture alone changes)",
            choices=(2, 4),
        ),
        Option(
            "refill",
            "pack",
            "what fills a vacancy made in the promenade between deals: the next cards of the 'pack' "
            "at once, before the next deal of twenty begins, not counted among its twenty (the engine's "
            "reading of “refilling vacancies from the pack”), or the next 'deal' of twenty, whose cards "
            "may be placed in the vacancies or anywhere else",
            choices=("pack", "deal"),
        ),
    )

    #: Plate 044 as read from the plate: the four aces (hearts, diamonds, [spades: the plate
    #: draws a second diamond], clubs) and the four kings, then the promenade of twenty after the
    #: first deal, read row by row.  The plate does not show the pack: here it lies in the order
    #: of deal 44 less the plate's cards (``Sly.plate_deal()``), the next card on top.
    PLATE = """\
sly seed=44 rounds=1 placed=0
pack: [K♠] [3♣] [9♠] [3♦] [4♠] [4♣] [4♦] [J♠] [Q♣] [6♥] [9♦] [K♥] [5♥] [Q♥] [7♣] [10♣] [J♣] [K♣] \
[7♣] [3♠] [A♠] [6♣] [10♠] [Q♠] [7♦] [9♣] [3♠] [6♥] [K♦] [Q♦] [9♠] [5♠] [6♠] [8♥] [10♠] [7♠] [2♣] \
[4♠] [2♣] [7♠] [2♦] [5♦] [8♥] [J♣] [9♥] [6♦] [5♠] [8♠] [8♦] [7♥] [2♥] [J♦] [3♥] [Q♣] [10♥] [J♥] [8♠] \
[5♥] [8♣] [Q♠] [9♥] [5♣] [J♥] [3♣] [4♣] [A♥] [8♦] [2♦] [8♣] [2♥] [9♣] [2♠] [2♠] [6♠] [5♦] [J♦]
foundation 1: A♥
foundation 2: A♦
foundation 3: A♠
foundation 4: A♣
foundation 5: K♥
foundation 6: K♦
foundation 7: K♠
foundation 8: K♣
packet 1: 10♥
packet 2: 3♦
packet 3: 9♦
packet 4: 7♦
packet 5: A♣
packet 6: Q♦
packet 7: 6♦
packet 8: 7♥
packet 9: A♦
packet 10: 5♣
packet 11: J♠
packet 12: 10♦
packet 13: 4♦
packet 14: 10♣
packet 15: 4♥
packet 16: 3♥
packet 17: 10♦
packet 18: 6♣
packet 19: Q♥
packet 20: 4♥
"""
    #: The plate's cards: the foundations, then the promenade row by row.
    PLATE_FOUNDATIONS = "A♥ A♦ A♠ A♣ K♥ K♦ K♠ K♣"
    PLATE_PROMENADE = "10♥ 3♦ 9♦ 7♦ A♣ Q♦ 6♦ 7♥ A♦ 5♣ J♠ 10♦ 4♦ 10♣ 4♥ 3♥ 10♦ 6♣ Q♥ 4♥"

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack, the card turned up (the hand), the eight foundations (the aces 1-4, the
        kings 5-8) and the twenty packets of the promenade, row by row."""
        return ["pack", "hand", *FOUNDATIONS, *PACKETS]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP if name in ACE_FOUNDATIONS else KINGS_DOWN

    def lay_out(self, cards: list[Card]) -> None:
        """Nothing is withdrawn: the whole of the two packs is the pack, dealt by ``deal`` moves."""
        self.piles["pack"] = Pile(tuple(reversed(cards)), len(cards))

    @classmethod
    def plate_deal(cls, seed: int = 44) -> Sly:
        """The plate's position with the pack in the order of deal ``seed`` less the plate's cards
        (how :attr:`PLATE` was made).

        >>> Sly.plate_deal() == Sly.from_plate()
        True
        """
        game = cls()
        game.seed = seed
        shown = parse_cards(cls.PLATE_FOUNDATIONS) + parse_cards(cls.PLATE_PROMENADE)
        rest = game.shuffle(game.pack())
        for card in shown:
            rest.remove(card)
        for name, card in zip(FOUNDATIONS, parse_cards(cls.PLATE_FOUNDATIONS)):
            game.piles[name] = Pile((card,))
        for name, card in zip(PACKETS, parse_cards(cls.PLATE_PROMENADE)):
            game.piles[name] = Pile((card,))
        game.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))
        game.counters["rounds"] = 1
        return cls.from_position(str(game))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        packets: Mapping[str, str],
        foundations: Sequence[str] = (),
        pack: str = "",
        hand: str = "",
        rounds: int = 1,
        placed: int = 0,
        **options: Any,
    ) -> Sly:
        """A position made of what matters, for examples and tests: ``packets`` maps packet names
        to their cards (bottom first), ``foundations`` gives the eight foundations' cards (position
        text, foundation 1 first; by default each foundation holds its suit as far as the cards
        left allow), ``pack`` the cards still to turn up, the next first, and ``hand`` the card
        turned up.  Every other card lies at the bottom of the pack.

        >>> game = Sly.arrange({"packet 1": "7♥ 5♥"}, pack="6♥")
        >>> print(game.piles["packet 1"], "|", game.piles["pack"].top, len(game.piles["pack"]))
        7♥ 5♥ | 6♥ 5
        """
        game = cls(**options)
        game.counters.update(rounds=rounds, placed=placed)
        placed_cards: list[Card] = []
        for name, text in packets.items():
            if name not in PACKETS:
                raise InvalidPosition(f"unknown packet {name!r} in {game.name}")
            game.piles[name] = Pile.of(text)
            placed_cards += game.piles[name].cards
        game.piles["hand"] = Pile.of(hand)
        placed_cards += game.piles["hand"].cards
        for name, text in zip(FOUNDATIONS, foundations):
            game.piles[name] = Pile.of(text)
            placed_cards += game.piles[name].cards
        dealt = parse_cards(pack)
        left = list(game.pack())
        for card in placed_cards + dealt:
            if card not in left:
                raise InvalidPosition(f"too many {card} for the packs")
            left.remove(card)
        extra = list(left)
        if not foundations:
            # each suit up from its ace and down from its king while the cards last
            suits = []
            for card in extra:
                if card.suit not in suits:
                    suits.append(card.suit)
            for i, suit in enumerate([s for s in Suit if s in suits]):
                for name, rank_order in ((ACE_FOUNDATIONS[i], range(1, 14)), (KING_FOUNDATIONS[i], range(13, 0, -1))):
                    run = []
                    for value in rank_order:
                        card = Card(Rank(value), suit)
                        if card not in extra:
                            break
                        extra.remove(card)
                        run.append(card)
                    game.piles[name] = Pile(tuple(run))
        bottom = tuple(sorted(extra, reverse=True))
        game.piles["pack"] = Pile(bottom + tuple(reversed(dealt)), len(bottom) + len(dealt))
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ the state
    @property
    def first_deal(self) -> bool:
        """True while the first twenty cards of the promenade are being dealt."""
        return self.counters["rounds"] == 0

    @property
    def dealing(self) -> bool:
        """True while a deal of twenty is incomplete (Rule IV: the promenade is closed)."""
        return self.counters["rounds"] == 0 or self.counters["placed"] > 0

    def next_place(self) -> str | None:
        """In the first deal, the place of the promenade the next card goes to (the first empty
        one, row by row); after it, None (a card goes on any packet)."""
        if not self.first_deal:
            return None
        piles = self.piles
        return next((name for name in PACKETS if not piles[name].cards), None)

    def vacancies(self) -> list[str]:
        """The empty packets of the promenade."""
        piles = self.piles
        return [name for name in PACKETS if not piles[name].cards]

    def must_refill(self) -> bool:
        """Between deals, with ``refill=pack``: a vacancy waits to be refilled from the pack."""
        return (self.options.refill == "pack" and not self.dealing
                and any(not self.piles[name].cards for name in PACKETS))

    def _founds(self, card: Card) -> bool:
        """Whether ``card`` begins a foundation now: an ace or a king of a suit no foundation of
        its kind has begun with ("if any foundations appear, place them at once")."""
        if card.value == 1:
            names = ACE_FOUNDATIONS
        elif card.value == 13:
            names = KING_FOUNDATIONS
        else:
            return False
        piles = self.piles
        return all(not piles[n].cards or piles[n].cards[0].suit != card.suit for n in names)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield DEAL
        yield Move("redeal", notation="redeal")
        piles = self.piles
        hand = piles["hand"].top
        if hand is not None:
            yield from self.foundation_moves("hand", hand)
            for name in PACKETS:
                yield Move("move", (hand,), "hand", name, f"{hand} → {name}")
        for source in PACKETS:
            card = piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            for target in PACKETS:
                if target != source:
                    yield Move("move", (card,), source, target, f"{card} → {target}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly: the deal while no card
        waits in the hand; the card in the hand to the foundations that take it and (unless it
        begins a foundation) to the packets it may go to; and, once a deal of twenty is complete,
        the top card of each packet to the foundations that take it."""
        piles = self.piles
        moves: list[Move] = []
        hand = piles["hand"].cards
        if not hand and piles["pack"].cards:
            moves.append(DEAL)
        takers = self.foundation_takers()
        if hand:
            card = hand[0]
            moves += moves_up("hand", card, takers.get(card, []))
            if not self._founds(card):
                if self.counters["rounds"] == 0:
                    targets = [next(n for n in PACKETS if not piles[n].cards)]
                elif self.must_refill():
                    targets = [n for n in PACKETS if not piles[n].cards]
                else:
                    targets = list(PACKETS)
                moves += [move_onto((card,), "hand", n, n) for n in targets]
        if not self.dealing:
            for source in PACKETS:
                cards = piles[source].cards
                if cards:
                    moves += moves_up(source, cards[-1], takers.get(cards[-1], []))
        return moves

    def violation(self, move: Move) -> IllegalMove | None:
        kind, cards, source, target = move.kind, move.cards, move.source, move.target
        if kind == "deal":
            if self.piles["hand"].cards:
                card = self.piles["hand"].top
                return IllegalMove("Deal", "the card turned up is played or placed before the next is dealt",
                                   f"{card} is in the hand")
            if not self.piles["pack"].cards:
                return IllegalMove("Deal", "the pack is exhausted")
            return None
        if kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if kind != "move" or source not in self.piles or target not in self.piles or len(cards) != 1:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = cards[0]
        if self.piles[source].top != card:
            if source == "hand":
                return IllegalMove("Deal", "the card has not turned up yet", str(card))
            return self.illegal(*self.AVAILABILITY, card)
        if source in PACKETS:
            if target in PACKETS:
                return self.illegal("Transfers", "cards are not transferable from one packet to another", card)
            if self.dealing:
                return self.illegal("IV", "a card once placed on the promenade cannot be played until the "
                                    "deal of twenty is complete", card)
            return self._foundation_violation(target, card)
        if source != "hand":
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if target in FOUNDATIONS:
            return self._foundation_violation(target, card)
        if target not in PACKETS:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if self._founds(card):
            return self.illegal("Foundations", "a foundation card is placed at once in its allotted space",
                                card)
        if self.first_deal:
            place = self.next_place()
            if target != place:
                return self.illegal("Promenade", "the first twenty cards are dealt in two rows, place by place",
                                    card, f"{target}, not {place}")
            return None
        if self.must_refill() and self.piles[target].cards:
            return self.illegal("Vacancies", "between the deals the vacancies are refilled from the pack first",
                                card, target)
        return None

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule I: an ace foundation goes up in suit to the king, a king foundation down in suit to
        the ace; the four aces and the four kings are of different suits."""
        fault = self.foundation_fault(name, card)
        if fault is None:
            if not self.piles[name].cards and not self._founds(card):
                return self.illegal("Foundations", "the foundations are four aces and four kings of "
                                    "different suits", card)
            return None
        top = self.piles[name].top
        if top is None:
            first = "ace" if name in ACE_FOUNDATIONS else "king"
            return self.illegal("Foundations", f"this foundation begins with an {first}" if first == "ace"
                                else "this foundation begins with a king", card)
        if top.suit != card.suit:
            return self.illegal("I", "the foundations follow suit", card, top)
        if len(self.piles[name].cards) == 13:
            return self.illegal("Foundations", "the foundation is complete", card, top)
        way = "ascend" if name in ACE_FOUNDATIONS else "descend"
        return self.illegal("I", f"the {'aces' if way == 'ascend' else 'kings'} {way} in sequence", card, top)

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """:class:`~patience.build.Foundation`'s fault, and a begun suit of a kind takes no second
        foundation of that suit."""
        fault = self.foundation_rule(name).fault(self.piles[name].cards, card)
        if fault is None and not self.piles[name].cards and not self._founds(card):
            return "a foundation of this suit is begun"
        return fault

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        if move[0] == "deal":
            self.transfer("pack", "hand")
            return
        source, target = move[2], move[3]
        counters = self.counters
        if source in PACKETS:
            self.transfer(source, target)
            return
        refill = target in PACKETS and not self.dealing and not self.piles[target].cards \
            and self.options.refill == "pack"
        self.transfer("hand", target)
        if target in PACKETS and not refill:
            counters["placed"] += 1
        if counters["placed"] and (counters["placed"] == ROUND or not self.piles["pack"].cards):
            # the deal of twenty is complete (the last one when the pack is exhausted)
            counters["placed"] = 0
            counters["rounds"] += 1

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card on the foundations."""
        return self.complete(FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What no game played by the rules can leave: foundations out of sequence or two of one
        kind in one suit; a card face down outside the pack; more than one card in the hand; in
        the first deal, places filled out of order or more than one card on a place; a count of
        cards placed in the current deal outside 0-19.

        >>> Sly.from_plate().inconsistencies()
        []
        >>> game = Sly.deal(seed=2)
        >>> game.piles["packet 3"] = Pile.of("5♥")
        >>> game.counters["placed"] = 1
        >>> game.inconsistencies()
        ['in the first deal the places are filled in order, one card each']
        """
        faults = self.foundation_inconsistencies(distinct_suits=True)
        piles = self.piles
        if any(piles[name].face_down for name in piles if name != "pack") or \
                piles["pack"].face_down != len(piles["pack"].cards):
            faults.append("a card lies face down outside the pack, or face up in it")
        if len(piles["hand"].cards) > 1:
            faults.append("the hand holds more than the one card turned up")
        placed = self.counters["placed"]
        if not 0 <= placed < ROUND:
            faults.append(f"{placed} cards placed in a deal of twenty")
        if self.first_deal:
            lengths = [len(piles[name].cards) for name in PACKETS]
            if lengths != [1] * placed + [0] * (ROUND - placed):
                faults.append("in the first deal the places are filled in order, one card each")
        return faults

    # ------------------------------------------------------------ for solvers
    def _need(self) -> dict[Card, int]:
        """How soon each card of each suit is wanted: the number of cards each foundation of its
        suit still needs before it, the nearer of the two (cards of no suit begun: their value's
        distance from the ace or the king)."""
        piles = self.piles
        up = {}
        down = {}
        for name in ACE_FOUNDATIONS:
            cards = piles[name].cards
            if cards:
                up[cards[0].suit] = cards[-1].value
        for name in KING_FOUNDATIONS:
            cards = piles[name].cards
            if cards:
                down[cards[0].suit] = cards[-1].value
        need: dict[Card, int] = {}
        for suit in {c.suit for c in self.pack()}:
            u, d = up.get(suit, 0), down.get(suit, 14)
            for value in range(1, 14):
                best = 99
                if value > u:
                    best = value - u
                if value < d:
                    best = min(best, d - value)
                need[Card(Rank(value), suit)] = best
        return need

    def useful_moves(self) -> list[Move]:
        """The legal moves with the card in the hand's places ordered for a search: first the
        packets whose top card is wanted later than it (the tightest fit first), then the empty
        packets (only one of them: they are alike), then the packets it would block, the one whose top
        card is wanted last first."""
        legal = self.legal_moves()
        placing = [m for m in legal if m[2] == "hand" and m[3] in _PLACE]
        if len(placing) < 2:
            return legal
        need = self._need()
        piles = self.piles
        card = placing[0][1][0]
        mine = need[card]
        ranked: list[tuple[tuple[int, float], Move]] = []
        seen_empty = False
        seen: set[Pile] = set()
        for move in placing:
            pile = piles[move[3]]
            if pile in seen:
                continue
            seen.add(pile)
            if not pile.cards:
                if seen_empty:
                    continue
                seen_empty = True
                ranked.append(((1, 0), move))
                continue
            top = pile.cards[-1]
            theirs = need[top]
            if theirs >= mine:
                # a fit: the nearer the better, a card of its own suit first among equals
                ranked.append(((0, theirs - mine - (0.5 if top.suit is card.suit else 0)), move))
            else:
                ranked.append(((2, -theirs), move))
        ranked.sort(key=lambda item: item[0])
        rest = [m for m in legal if not (m[2] == "hand" and m[3] in _PLACE)]
        return rest + [m for _, m in ranked]

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A packet's top card played to a foundation between deals, when it goes to one foundation
        only and the other foundation of its suit can never want it (passed it already), or its
        twin is out: nothing is gained by keeping it there."""
        if self.dealing:
            return None
        piles = self.piles
        for move in moves:
            if move[0] != "move" or move[2] not in _PLACE or move[3] not in FOUNDATIONS:
                continue
            card = move[1][0]
            if sum(1 for m in moves if m[2] == move[2]) != 1:
                continue
            other = KING_FOUNDATIONS if move[3] in ACE_FOUNDATIONS else ACE_FOUNDATIONS
            pile = next((piles[n].cards for n in other if piles[n].cards and piles[n].cards[0].suit == card.suit), ())
            if card.value in (1, 13):
                return move
            if pile and (pile[-1].value < card.value if other is KING_FOUNDATIONS else pile[-1].value > card.value):
                return move
            if self.out_already([card]):
                return move
        return None

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 044's arrangement: the four aces on the left of the top line and the four kings
        on the right, the pack and the card turned up between them, and the promenade below, two
        rows of ten (or, with ``rows=4``, four rows of five), each packet fanned down."""
        from ..render import fan_height

        spots = [Spot(name, i, 0) for i, name in enumerate(ACE_FOUNDATIONS)]
        spots += [Spot("pack", 4, 0, label="pack"), Spot("hand", 5, 0, label="hand")]
        spots += [Spot(name, 6 + i, 0) for i, name in enumerate(KING_FOUNDATIONS)]
        width = 10 if self.options.rows == 2 else 5
        y = 1.25
        for start in range(0, ROUND, width):
            row = PACKETS[start:start + width]
            offset = 0 if width == 10 else 2.5
            spots += [Spot(name, offset + i, y, fan="down") for i, name in enumerate(row)]
            y += fan_height(max(len(self.piles[name]) for name in row)) + 0.1
        return spots

    def table(self) -> str:
        """The position as text: the foundations' top cards, the promenade's top cards row by row
        (a packet of several cards shows its count, ``9♦(3)``), the hand and the pack."""
        piles = self.piles
        tops = [str(piles[n].top or "--") for n in FOUNDATIONS]
        lines = [f"foundations: {' '.join(tops[:4])} | {' '.join(tops[4:])}", "promenade:"]
        width = 10 if self.options.rows == 2 else 5
        for start in range(0, ROUND, width):
            cells = []
            for name in PACKETS[start:start + width]:
                pile = piles[name]
                cell = str(pile.top or "--")
                cells.append(cell if len(pile) <= 1 else f"{cell}({len(pile)})")
            lines.append("  " + " ".join(cells))
        pack = len(piles["pack"])
        lines.append(f"hand: {piles['hand'].top or '--'}   pack: {pack} cards   rounds of twenty complete: "
                     f"{self.counters['rounds']}, placed in this one: {self.counters['placed']}")
        return "\n".join(lines)
