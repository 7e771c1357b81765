"""La Nivernaise: two packs; the Flanks, eight foundations between them, and the Line of six packets.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"La Nivernaise", plate 013.  Two columns of four single cards, the Flanks, stand
on either side of the places of eight foundations: four aces, built up in suit
to the kings, and four kings of different suits, built down in suit to the aces
(Rule III).  Under them six packets of four cards dealt together make the Line;
only the uppermost card of a packet is available (Rule I), and as many cards of
each packet may be examined as there are vacancies in the Flanks (Rule II: the
engine turns the others face down).  A vacancy of the Flanks may be filled from
the pack or from the Line; a packet played off is replaced at once by four cards
of the pack.  A ``deal`` lays a round of four cards on each packet; when the pack
is dealt out, the Line is taken up from the left (Rule IV) and re-dealt, once.
One card at a time may pass between the ascending and the descending foundation
of a suit.

>>> from patience import load
>>> game = load("la-nivernaise", seed=1)
>>> print(game.table())
 8♠ | --  --  | 6♥
 K♠ | --  --  | 9♣
 J♠ | --  --  | 5♣
 4♦ | --  --  | 10♠
line: 3♥/4  9♠/4  4♥/4  K♣/4  J♥/4  2♣/4
pack: 72 cards; re-deals made: 0
>>> print(game.piles["line 1"], "|", game.play("K♠ → foundation"), "|", game.piles["line 1"])
[6♦] [10♦] [3♣] 3♥ | K♠ → foundation | [6♦] [10♦] 3♣ 3♥
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..build import ACES_UP, KINGS_DOWN, Foundation
from ..cards import CARDS, Card, parse_cards
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto, moves_up
from ..options import Option
from . import register

__all__ = ["LaNivernaise"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “La Nivernaise”"

#: The Flanks: four places on the left (1 to 4 from the top), four on the right (5 to 8).
FLANKS = tuple(f"flank {i}" for i in range(1, 9))
#: The foundations: 1 to 4 begin with aces and ascend, 5 to 8 begin with kings and descend.
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
ASCENDING, DESCENDING = FOUNDATIONS[:4], FOUNDATIONS[4:]
#: The Line: six packets, from the left.
LINE = tuple(f"line {i}" for i in range(1, 7))
#: "Each composed of four cards dealt together".
PACKET = 4

#: The foundations of each foundation's own kind (begun in different suits), and those of the other
#: kind (between which the exchange passes a card).
KIND = {name: ASCENDING if name in ASCENDING else DESCENDING for name in FOUNDATIONS}
OTHER_KIND = {name: DESCENDING if name in ASCENDING else ASCENDING for name in FOUNDATIONS}
#: What each foundation's build says of a card laid on its top card
#: (:meth:`~patience.build.Build.fault`), by the codes of the two, looked up once: the beam's scoring
#: asks it of every card it sees in the Line.
_UP_FAULTS, _DOWN_FAULTS = (tuple(tuple(rule.build.fault(below, above) if below and above else None for above in CARDS)
                                  for below in CARDS) for rule in (ACES_UP, KINGS_DOWN))
FAULT_ON = {name: _UP_FAULTS if name in ASCENDING else _DOWN_FAULTS for name in FOUNDATIONS}

DEAL = Move("deal", (), "pack", None, "deal")
REDEAL = Move("redeal", (), None, "pack", "redeal")
#: The pack's card into each place of the Flanks.
FILL = {flank: Move("fill", (), "pack", flank, f"pack → {flank}") for flank in FLANKS}

#: Plate 013: the Flanks (left column from the top, then the right) and the uppermost card of each
#: packet of the Line, from the left.
PLATE_FLANKS = "2♦ 5♠ 9♥ 3♣ K♣ A♦ 8♣ 6♠"
PLATE_LINE = "2♦ 5♣ 9♦ 3♥ 4♠ 3♦"
#: The plate shows no more: the other cards lie in the order of deal 13.
PLATE_SEED = 13


@register
class LaNivernaise(Game):
    """La Nivernaise: two packs; the Flanks, eight foundations, and the Line of six packets."""

    slug = "la-nivernaise"
    name = "La Nivernaise"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 4 of the first 40 deals a search of 5,000 positions (in Python) left unknown; after the
    #: search in C and its searches again (RESTARTS), none of the 20 they leave.
    PLAYS_OUT = True
    SEARCH_IN_C = search_in_c("games._la_nivernaise_search")
    NODES_IN_C = 1_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order: a
    #: search that fills a vacancy, deals or re-deals at the wrong moment spends its budget below it.  Of
    #: 100 deals (50 that the beam of 100 won, 50 it left unknown), a first search of 100,000 positions
    #: then 128 of 100,000 won 82 (49 of the beam's 50, and 33 it left unknown), in about 2.9 million
    #: positions, under a second, a deal; one search of 8,000,000 won 62, 100,000 then 256 of 10,000 won 57.
    RESTARTS = ((128, 100_000),)
    chapter = "la-nivernaise"
    order = 13
    source = SOURCE
    plate = "013"
    packs = 2
    RULES = {
        "I": "The Line is to consist of six packets, of which the uppermost card of each is alone "
        "available, until by its removal the one beneath is released--the card which is uppermost at "
        "the time being always the available one.",
        "II": "As many cards in each of the packets forming the Line may be examined as there are "
        "vacancies in the Flanks.",
        "III": "All foundations must follow suit.",
        "IV": "In re-dealing, the Line packets must be taken up in succession, beginning on the left; "
        "then the whole together turned and re-dealt as before.",
        "Foundations": "Place two perpendicular rows of four cards each, called Flanks, leaving space in "
        "the centre for four aces and four kings of different suits. These, when they can be played, "
        "form the foundation cards, the kings descending in sequence to aces, the aces ascending in "
        "sequence to kings.",
        "Flanks": "They may be filled from the pack or from the Line, but it is never prudent to fill up "
        "all vacancies; one at least should be left.",
        "Line": "Single cards are not to be replaced on the Line; but if an entire packet has been played "
        "off, four more cards are to be immediately placed in its stead, and this rule applies to each "
        "several round.",
        "Deal": "When the resources thus far are exhausted, deal a second round of four cards together, "
        "on each of the Line packets as before, and continue thus to deal successive rounds until all "
        "the cards are dealt out, …",
        "Re-deal": "The whole of the pack having been dealt, and further progress at an end, take up the "
        "line as prescribed in Rule IV, re-deal, and play exactly as at first. There is only one re-deal.",
        "Exchange": "In forming the foundations, one card at a time may be exchanged from the ascending to "
        "the descending sequences, and vice versâ.",
    }
    AVAILABILITY = ("I", "the card which is uppermost at the time is always the available one")
    COUNTERS = ("redeals",)
    INTERCHANGEABLE = ("flank", "foundation")
    OPTIONS = (
        Option(
            "examine",
            "under",
            "Rule II: with k vacancies in the Flanks, the cards of a packet that may be examined are the "
            "uppermost card and k cards 'under' it (the engine's reading), or k cards in all, counting "
            "the uppermost ('count'); the others lie face down",
            choices=("under", "count"),
        ),
        Option(
            "keep_vacancy",
            False,
            "make the advice “it is never prudent to fill up all vacancies; one at least should be left” "
            "a rule: the last vacancy of the Flanks may not be filled",
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        # Read once for the hot paths: the reading of Rule II, and whether the last vacancy is kept.
        self._under = self.options.examine == "under"
        self._keep_vacancy = bool(self.options.keep_vacancy)

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        """The pack, the Flanks, the foundations (the four ascending, then the four descending), the Line."""
        return ["pack", *FLANKS, *FOUNDATIONS, *LINE]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP if name in ASCENDING else KINGS_DOWN

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """As the rule has it; and an empty foundation takes no ace (or king) of a suit that another
        of its kind has begun with: "four aces and four kings of different suits"."""
        piles = self.piles
        cards = piles[name].cards
        if cards:
            return FAULT_ON[name][cards[-1]][card]
        suit = card.suit
        for other in KIND[name]:
            begun = piles[other].cards
            if begun and begun[0].suit == suit:
                return "different suits"
        return self.foundation_rule(name).fault(cards, card)

    def lay_out(self, cards: list[Card], flanks: Sequence[Card] = (), tops: Sequence[Card] = ()) -> None:
        """Deal eight cards to the Flanks (the left column from the top, then the right), then six
        packets of four cards dealt together, from the left; the rest is the pack, face down.  With
        ``flanks`` and ``tops`` (the plate's), those cards take the Flanks and the packets' uppermost
        places, the others keeping the order of ``cards``."""
        rest = list(cards)
        for card in [*flanks, *tops]:
            if card not in rest:
                raise InvalidPosition(f"too many {card} for the pack")
            rest.remove(card)
        flank_cards = list(flanks) or rest[:len(FLANKS)]
        if not flanks:
            rest = rest[len(FLANKS):]
        for name, card in zip(FLANKS, flank_cards):
            self.piles[name] = Pile((card,))
        for i, name in enumerate(LINE):
            if tops:
                packet = rest[:PACKET - 1] + [tops[i]]
                rest = rest[PACKET - 1:]
            else:
                packet, rest = rest[:PACKET], rest[PACKET:]
            self.piles[name] = Pile(tuple(packet))
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))
        self._cover()

    @classmethod
    def from_cards(cls, flanks: str, tops: str, seed: int = PLATE_SEED, **options: Any) -> LaNivernaise:
        """The start of a game with the Flanks ``flanks`` (eight cards, the left column from the top,
        then the right) and the packets' uppermost cards ``tops`` (six, from the left), the other cards
        in the order of deal ``seed``: how the plate is set up.

        >>> game = LaNivernaise.from_cards("A♥ A♠ A♦ A♣ K♥ K♠ K♦ K♣", "2♥ 2♠ 2♦ 2♣ Q♥ Q♠")
        >>> print(game.piles["line 1"], "|", game.piles["flank 8"], "|", len(game.piles["pack"]))
        [9♠] [4♣] [J♠] 2♥ | K♣ | 72
        """
        flank_cards, top_cards = parse_cards(flanks), parse_cards(tops)
        if len(flank_cards) != len(FLANKS) or len(top_cards) != len(LINE):
            raise InvalidPosition(f"give {len(FLANKS)} cards for the Flanks and {len(LINE)} for the Line")
        game = cls(**options)
        game.seed = seed
        game.lay_out(game.shuffle(game.pack()), flank_cards, top_cards)
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ Rule II
    def vacancies(self) -> list[str]:
        """The empty places of the Flanks."""
        return [name for name in FLANKS if not self.piles[name].cards]

    def examined(self) -> int:
        """How many cards of each packet may be seen now (Rule II): the uppermost and one more for each
        vacancy of the Flanks, or with ``examine=count`` as many as the vacancies (one at least)."""
        piles = self.piles
        k = len([name for name in FLANKS if not piles[name].cards])
        return k + 1 if self._under else max(k, 1)

    def _cover(self) -> None:
        """Turn face down every card of the Line that may not be examined, face up those that may."""
        piles = self.piles
        seen = self.examined()
        for name in LINE:
            pile = piles[name]
            down = max(0, len(pile.cards) - seen)
            if pile.face_down != down:
                piles[name] = Pile(pile.cards, down)

    # ------------------------------------------------------------------ the moves
    def moves(self) -> Iterable[Move]:
        """Each available card (a Flank's, a packet's uppermost) to the foundations, to each place of
        the Flanks and (to be refused: no single card goes back to the Line) to each packet of the
        Line; each foundation's top card to each other foundation; the pack to each place of the
        Flanks; then the deal and the re-deal."""
        piles = self.piles
        for source in (*FLANKS, *LINE):
            top = piles[source].top
            if top is None:
                continue
            yield from self.foundation_moves(source, top)
            for target in (*FLANKS, *LINE):
                if target != source:
                    yield Move("move", (top,), source, target, f"{top} → {target}")
        for source in FOUNDATIONS:
            top = piles[source].top
            if top is not None:
                for target in FOUNDATIONS:
                    if target != source:
                        yield Move("move", (top,), source, target, f"{top} → {target}")
        if piles["pack"].cards:
            for flank in FLANKS:
                yield Move("fill", (), "pack", flank, f"pack → {flank}")
        yield DEAL
        yield REDEAL

    def generate_legal_moves(self) -> list[Move]:
        piles = self.piles
        takers = self.foundation_takers()
        vacant = [name for name in FLANKS if not piles[name].cards]
        may_fill = bool(vacant) and not (self._keep_vacancy and len(vacant) == 1)
        moves: list[Move] = []
        for source in FLANKS:
            cards = piles[source].cards
            if cards and cards[-1] in takers:
                moves += moves_up(source, cards[-1], takers[cards[-1]])
        for source in LINE:
            cards = piles[source].cards
            if cards:
                top = cards[-1]
                if top in takers:
                    moves += moves_up(source, top, takers[top])
                if may_fill:
                    moves += [move_onto((top,), source, flank, flank) for flank in vacant]
        for source in FOUNDATIONS:
            cards = piles[source].cards
            if len(cards) > 1 and cards[-1] in takers:
                # the exchange: to a foundation of the other kind begun in the suit that takes the card
                top = cards[-1]
                for target in takers[top]:
                    under = piles[target].cards
                    if target in OTHER_KIND[source] and under and under[0].suit == cards[0].suit:
                        moves.append(move_onto((top,), source, target, target))
        if piles["pack"].cards:
            if may_fill:
                moves += [FILL[flank] for flank in vacant]
            moves.append(DEAL)
        elif self.counters["redeals"] < 1 and any(piles[name].cards for name in LINE):
            moves.append(REDEAL)
        return moves

    def useful_moves(self) -> list[Move]:
        """The legal moves less those into a vacancy of the Flanks other than the first: the places
        of the Flanks are alike."""
        legal = self.legal_moves()
        piles = self.piles
        vacant = [name for name in FLANKS if not piles[name].cards]
        if len(vacant) < 2:  # (every move to the Flanks goes into the one vacancy, if any)
            return legal
        return [m for m in legal if m[3] not in FLANKS or m[3] == vacant[0]]

    def progress(self) -> int:
        """The cards on the foundations."""
        piles = self.piles
        return sum([len(piles[name].cards) for name in FOUNDATIONS])

    def solver_key(self) -> tuple[Any, ...]:
        """The key of the core (:attr:`INTERCHANGEABLE`: the places of the Flanks alike, and the
        foundations), made of the piles' cards alone, which hash without a call: the pack, the
        packets of the Line in order, the cards of the Flanks and of the foundations whatever their
        places, and the re-deals made.  What lies face down follows from the cards (the pack all of
        it, each packet as Rule II and the vacancies of the Flanks say).

        >>> game = LaNivernaise.from_plate()
        >>> key = game.solver_key()
        >>> game.play("K♣ → foundation") and game.solver_key() != key
        True
        >>> game.undo() and game.solver_key() == key
        True
        """
        piles = self.piles
        return (piles["pack"].cards, *[piles[name].cards for name in LINE],
                tuple(sorted([piles[name].cards for name in FLANKS])),
                tuple(sorted([piles[name].cards for name in FOUNDATIONS])), self.counters["redeals"])

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card dealt last), the Flanks' places (each bytes of a card or none), each foundation as (its
        suit, 0 to 3, and its cards), the aces' and then the kings', the Line's packets (each bottom
        first), the re-deals made, whether Rule II's cards are examined under the uppermost
        (``examine=under``) and whether the last vacancy is kept (``keep_vacancy``).

        >>> pack, flanks, foundations, line, redeals, under, keep = LaNivernaise.deal(seed=1).description()
        >>> len(pack), flanks[0][0], foundations[:2], [len(packet) for packet in line], redeals, under, keep
        (72, 8, ((-1, 0), (-1, 0)), [4, 4, 4, 4, 4, 4], 0, True, False)
        """
        piles = self.piles
        return (bytes(piles["pack"].cards), tuple(bytes(piles[name].cards) for name in FLANKS),
                self.suit_foundations(FOUNDATIONS), tuple(bytes(piles[name].cards) for name in LINE),
                self.counters["redeals"], self._under, self._keep_vacancy)

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played up from the Flanks, or, once the Line has been re-dealt, from a packet that
        keeps a card under it (or when the pack is dealt out).  Nothing is ever built on a card of the
        Flanks or the Line, so a card that can go up waits only to be covered by the next round, or to
        fill a vacancy that it would leave anyway; and a card that may go on either foundation of its
        suit may pass to the other later (the exchange).  The Line is another matter while its re-deal
        is to come: every card left in it shifts the cards taken up after it into other packets of
        the re-deal (deal 69 is won by a line that leaves its J♦ in the Line, where a search that
        played it up at once proved the deal lost).  And so is a
        packet played off while the pack lasts: the four cards that replace it change what every
        later round brings."""
        piles = self.piles
        pack = bool(piles["pack"].cards)
        redealt = self.counters["redeals"] >= 1
        for move in moves:
            if move[0] != "move" or move[3] not in FOUNDATIONS:
                continue
            source = move[2]
            if source in FLANKS or (source in LINE and redealt and (not pack or len(piles[source].cards) > 1)):
                return move
        return None

    def aliases(self, move: Move) -> set[str]:
        """The notation, the target as a pile or a kind of pile, and a vacancy as a ``vacancy``."""
        names = super().aliases(move)
        if move.target in FLANKS:
            card = str(move.cards[0]) if move.cards else "pack"
            names |= {f"{card} → vacancy", f"{card} → flank"}
        return names

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        kind = move.kind
        if kind == "deal":
            return None if self.piles["pack"].cards else IllegalMove("Deal", "all the cards are dealt out")
        if kind == "redeal":
            return self._redeal_violation()
        if kind == "fill":
            if move.source != "pack" or move.target not in FLANKS:
                return IllegalMove("Play", f"{self.name} has no move {move}")
            if not self.piles["pack"].cards:
                return IllegalMove("Flanks", "the pack is exhausted")
            return self._vacancy_violation(move.target, "pack")
        if kind != "move" or move.source not in self.piles or move.target not in self.piles \
                or len(move.cards) != 1 or move.source == move.target:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card, source, target = move.cards[0], move.source, move.target
        if source == "pack":
            return self.illegal(*self.UNDEALT_RULE, card)
        if self.piles[source].top != card:
            return self.illegal(*self.AVAILABILITY, card)
        if source in FOUNDATIONS:
            return self._exchange_violation(source, target, card)
        if target in FOUNDATIONS:
            return self._foundation_violation(target, card)
        if target in FLANKS:
            if source in FLANKS:
                return self.illegal("Flanks", "vacancies are filled from the pack or from the Line", card)
            return self._vacancy_violation(target, card)
        return IllegalMove("Line", "single cards are not to be replaced on the Line", f"{card} on {target}")

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        first, way = (("an ace", "the aces ascend in sequence to kings") if name in ASCENDING
                      else ("a king", "the kings descend in sequence to aces"))
        return self.foundation_refusal(name, card, {
            "different suits": ("Foundations", "the four aces and the four kings are of different suits"),
            "start": ("Foundations", f"this foundation begins with {first}"),
            "must follow suit": ("III", "all foundations must follow suit"),
            "*": ("Foundations", way)})

    def _exchange_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        if target not in FOUNDATIONS:
            return self.illegal(*self.STAYS["foundation"], card)
        if (source in ASCENDING) == (target in ASCENDING):
            return self.illegal("Exchange", "cards are exchanged only between the ascending and the "
                                "descending sequences", card)
        if len(self.piles[source].cards) == 1:
            return self.illegal("Exchange", "the foundation card itself stays", card)
        top = self.piles[target].top
        if top is None or top.suit != card.suit:
            return self.illegal("III", "all foundations must follow suit", card, top or target)
        return self._foundation_violation(target, card)

    def _vacancy_violation(self, target: str, what: Card | str) -> IllegalMove | None:
        if self.piles[target].cards:
            return self.illegal("Flanks", "a card goes to the Flanks only into a vacancy", what,
                                self.piles[target].cards[-1])
        if self.options.keep_vacancy and len(self.vacancies()) == 1:
            return self.illegal("Flanks", "one vacancy at least should be left", what)
        return None

    def _redeal_violation(self) -> IllegalMove | None:
        if self.counters["redeals"] >= 1:
            return IllegalMove("Re-deal", "there is only one re-deal")
        if self.piles["pack"].cards:
            return IllegalMove("Re-deal", "the whole of the pack is dealt first",
                               f"{len(self.piles['pack'])} cards to deal")
        if not any(self.piles[name].cards for name in LINE):
            return IllegalMove("Re-deal", "there is no Line to take up")
        return None

    # ------------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        if kind == "deal":
            self._deal_round()
        elif kind == "redeal":
            self.counters["redeals"] += 1
            # Rule IV: the packets taken up from the left, the whole turned and dealt again as at first
            self.gather(LINE, into="pack")
            self._deal_round()
        elif kind == "fill":
            self.transfer("pack", move[3])
        else:
            source = move[2]
            self.transfer(source, move[3])
            if source in LINE and not self.piles[source].cards:
                # "if an entire packet has been played off, four more cards are to be immediately
                # placed in its stead"
                self._deal_packet(source)
        self._cover()

    def _deal_packet(self, name: str) -> None:
        """Four cards of the pack (or what is left of it) dealt together onto the packet ``name``."""
        self._deal_onto((name,))

    def _deal_round(self) -> None:
        """A round of four cards together on each packet of the Line, from the left."""
        self._deal_onto(LINE)

    def _deal_onto(self, packets: Sequence[str]) -> None:
        """Four cards of the pack (or what is left of it) dealt together onto each of ``packets`` in
        turn, each packet lying as Rule II has it."""
        piles = self.piles
        pack = piles["pack"]
        cards = pack.cards
        left = len(cards)
        if not left:
            return
        seen = self.examined()
        for name in packets:
            count = min(PACKET, left)
            packet = piles[name].cards + cards[left - count:left][::-1]
            piles[name] = Pile(packet, max(0, len(packet) - seen))
            left -= count
            if not left:
                break
        piles["pack"] = Pile(cards[:left], min(pack.face_down, left))

    # ------------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card on the foundations: nothing left in the Flanks, the Line or the pack."""
        piles = self.piles
        return not piles["pack"].cards and not any(piles[n].cards for n in (*FLANKS, *LINE))

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made.

        - The foundations: ascending ones begin with an ace, descending ones with a king, each
          of its own suit among its kind, and each follows suit in its direction (an exchange
          keeps that).
        - A place of the Flanks holds one card at most; a packet is empty only when the pack is
          (a packet played off is replaced at once).
        - Rule II: the cards of a packet that may be examined lie face up, the others face down;
          the pack lies face down, every other card face up.
        - The Line is re-dealt once at most.

        >>> LaNivernaise.deal(seed=2).inconsistencies()
        []
        >>> game = LaNivernaise.deal(seed=2)
        >>> game.piles["flank 1"] = Pile(game.piles["flank 1"].cards + game.piles["flank 2"].cards)
        >>> game.piles["flank 2"] = Pile()
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        flank 1 holds 2 cards
        Rule II: line 1 shows 1 card, but 2 may be examined (and 5 more)
        """
        faults = self.foundation_inconsistencies(distinct_suits=True)
        piles = self.piles
        for name in FLANKS:
            if len(piles[name].cards) > 1:
                faults.append(f"{name} holds {len(piles[name].cards)} cards")
        pack = piles["pack"]
        if pack.cards:
            empty = [name for name in LINE if not piles[name].cards]
            if empty:
                faults.append(f"{empty[0]} is empty while the pack holds cards")
        if pack.face_down != len(pack.cards):
            faults.append("the pack does not lie face down")
        if any(piles[name].face_down for name in (*FLANKS, *FOUNDATIONS)):
            faults.append("a card of the Flanks or the foundations lies face down")
        seen = self.examined()
        wrong = [name for name in LINE if piles[name].face_down != max(0, len(piles[name].cards) - seen)]
        if wrong:
            pile = piles[wrong[0]]
            shown = len(pile.cards) - pile.face_down
            more = f" (and {len(wrong) - 1} more)" if len(wrong) > 1 else ""
            faults.append(f"Rule II: {wrong[0]} shows {shown} card{'s' if shown != 1 else ''}, but "
                          f"{min(seen, len(pile.cards))} may be examined{more}")
        if not 0 <= self.counters["redeals"] <= 1:
            faults.append(f"the Line is re-dealt {self.counters['redeals']} times, but once at most")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 013's arrangement: the Flanks in two columns of four, the places of the foundations
        between them (the ascending on the left, the descending on the right), the Line of six squared
        packets underneath, and the pack (not on the plate) below the Line."""
        spots = []
        for i in range(4):
            spots.append(Spot(FLANKS[i], 0.75, 1.1 * i))
            spots.append(Spot(ASCENDING[i], 2.1, 1.1 * i))
            spots.append(Spot(DESCENDING[i], 3.4, 1.1 * i))
            spots.append(Spot(FLANKS[i + 4], 4.75, 1.1 * i))
        for i, name in enumerate(LINE):
            spots.append(Spot(name, 1.1 * i, 4.6))
        spots.append(Spot("pack", 2.75, 5.8, label="pack"))
        return spots

    def table(self) -> str:
        """The position as text: on each line a card of the left Flank, the tops of an ascending and a
        descending foundation, and a card of the right Flank; then the Line, each packet by its
        uppermost card and its size, and the pack."""
        piles = self.piles

        def top(name: str) -> str:
            card = piles[name].top
            return str(card) if card is not None else "--"

        lines = [f"{top(FLANKS[i]).rjust(3)} | {top(ASCENDING[i]).ljust(3)} {top(DESCENDING[i]).ljust(3)} | "
                 f"{top(FLANKS[i + 4])}" for i in range(4)]
        lines.append("line: " + "  ".join(f"{top(name)}/{len(piles[name])}" for name in LINE))
        lines.append(f"pack: {len(piles['pack'])} cards; re-deals made: {self.counters['redeals']}")
        return "\n".join(lines)


LaNivernaise.PLATE = str(LaNivernaise.from_cards(PLATE_FLANKS, PLATE_LINE, PLATE_SEED))
