"""The Constitution: two packs; eight aces round the Sovereign, four divisions of eight cards.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Constitution", plate 019.  The kings, queens and aces are taken from the
packs.  Seven queens are thrown aside; the queen of diamonds is THE SOVEREIGN,
the black kings the Bishops and the red kings the Judges, laid round her with
the eight aces, the foundations or "Government", which ascend in suit to the
knaves (Rule VI).  The other eighty cards are the play: four rows of eight are
dealt, the lowest first, and make the "Constitution": from the bottom the
"People", the "House of Commons", the "House of Lords" and the "Privy Council".

Only a card of the Privy Council is played to a foundation (Rule I).  A card
of a lower division may be placed on a card of the division next above it, one
lower and of the other colour (Rules II and IV), and only the top card of a
sequence is available (Rule III).  Each vacancy is filled at once by a card of
the division below it, of the player's choosing, and a vacancy in the People
from the talon or, while there is no talon, from the pack (Rule V).  The rest
of the pack is dealt one card at a time to the talon (``deal``).

>>> from patience import load
>>> game = load("the-constitution", seed=1)
>>> [len(game.piles[f"{d} 1"]) for d in DIVISIONS], len(game.piles["pack"])
([1, 1, 1, 1], 48)
>>> print(TheConstitution.from_plate().table())
council    5♣  3♦   5♦  9♦  3♣  4♥  10♠  J♦
lords      6♥  9♠   2♣  8♣  J♥  7♠  5♥   2♦
commons    4♦  10♦  J♥  7♦  4♠  2♥  6♦   4♣
people     5♠  3♦   8♥  J♣  9♥  J♦  3♠   8♣
foundations: A♣ A♥ A♠ A♦ A♣ A♠ A♥ A♦
talon: --  pack: 48 cards
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ..build import ACES_UP, Build, Foundation
from ..cards import Card, Rank, Suit, parse_cards, shuffled, whist_pack
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto, moves_up
from ..options import Option
from ..solve import PACK_RUN, runs_using
from . import register

__all__ = ["DIVISIONS", "TheConstitution"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Constitution”"

#: The four divisions of the Constitution, from the top row down, by the engine's short names.
DIVISIONS = ("council", "lords", "commons", "people")
#: Their names in the book.
TITLES = {"council": "Privy Council", "lords": "House of Lords", "commons": "House of Commons",
          "people": "People"}
COLUMNS = 8
ROWS = {d: tuple(f"{d} {i}" for i in range(1, COLUMNS + 1)) for d in DIVISIONS}
#: Every place of the Constitution, the Privy Council's first, then each division below.
PLACES = tuple(name for d in DIVISIONS for name in ROWS[d])
DIVISION_OF = {name: d for d in DIVISIONS for name in ROWS[d]}
#: The division next above and next below each division (None at the top and the bottom).
ABOVE = {d: (DIVISIONS[i - 1] if i else None) for i, d in enumerate(DIVISIONS)}
BELOW = {d: (DIVISIONS[i + 1] if i + 1 < len(DIVISIONS) else None) for i, d in enumerate(DIVISIONS)}

#: The eight aces, clockwise from the top of the ring round the Sovereign, as plate 019 lays them.
ACE_SUITS = (Suit.CLUBS, Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS,
             Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
#: The red kings (the Judges: top, right, bottom and left of the ring) and the black kings (the
#: Bishops: on the diagonals, from the upper right clockwise), as on the plate.
JUDGE_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.HEARTS, Suit.DIAMONDS)
BISHOP_SUITS = (Suit.CLUBS, Suit.SPADES, Suit.CLUBS, Suit.SPADES)
JUDGES = tuple(f"judge {i}" for i in range(1, 5))
BISHOPS = tuple(f"bishop {i}" for i in range(1, 5))
#: The foundations ascend "in sequence to knaves": the ace and ten cards more.
TOP = Rank.KNAVE
FOUNDATION: Foundation = ACES_UP
#: Rule IV: "alternate colors and in descending line".
SEQUENCE = Build("down", "alternate")
ON = SEQUENCE.table()
#: The cards of the play: two to knave in each suit (the aces are the foundations).
IN_PLAY = frozenset(r for r in Rank if Rank.ACE < r <= TOP)

DEAL = Move("deal", notation="deal")

FOUNDATION_REASONS = {
    "must follow suit": ("VI", "the foundations must follow suit"),
    "*": ("Foundations", "the foundations ascend in sequence to knaves"),
}
SEQUENCE_REASONS = {
    "must alternate in colour": ("IV", "all sequences must be of alternate colors"),
    "*": ("IV", "all sequences are in descending line"),
}

PLAY_WORDS = (
    "Take from the pack the kings, queens, and aces--seven of the queens are to be thrown aside and "
    "the other cards placed as in tableau. The queen of diamonds represents THE SOVEREIGN; the black "
    "kings, the Bishops; the red kings, the Judges. The eight aces form the foundation cards or "
    "“Government,” and ascend in sequence to knaves. Deal out four horizontal rows (beginning with "
    "the lowest), each containing eight cards. This forms the “Constitution.” Each row represents a "
    "separate division."
)


@register
class TheConstitution(Game):
    """The Constitution: two packs; the aces round the Sovereign, four divisions rising to the
    Privy Council."""

    slug = "the-constitution"
    name = "The Constitution"
    chapter = "the-constitution"
    order = 19
    source = SOURCE
    plate = "019"
    packs = 2
    RULES = {
        "I": "The foundations are formed exclusively from the “Privy Council.” All cards in the other "
        "divisions, pack, or talon must ascend through each division till they reach the top before "
        "they can be played.",
        "II": "Cards in the three lower divisions may be placed in sequence on cards in the next "
        "division above them, and in this manner they may be transferred from one division to another "
        "till they reach the top.",
        "III": "When cards are placed in sequence in the “Constitution,” the top card only of each "
        "sequence is available until its removal releases the one beneath.",
        "IV": "All sequences must be of alternate colors and in descending line--i.e., a red nine on a "
        "black ten, then a black eight, a red seven, and so on. Any number of cards may be so placed.",
        "V": "Each vacancy must be at once filled by a card from the division immediately below it; and "
        "as this rule applies equally to all the rows, a vacancy will thus be caused in the lowest row "
        "or “People,” which must be filled from the talon, or, when there is no talon, from the pack.",
        "VI": "The foundations must follow suit.",
        "Foundations": PLAY_WORDS,
        "Deal": "When you have played all available cards and placed in sequence all that you wish, deal "
        "out the remainder of the pack, the cards not required to fill vacancies in the “People” "
        "forming the talon.",
    }
    AVAILABILITY = ("III", "the top card only of each sequence is available")
    FACE_DOWN = ("pack",)
    #: The places of one division are alike (Rule II looks only at the division a card lies in),
    #: and so are the foundations (each holds its suit from the ace up).
    INTERCHANGEABLE = ("foundation", *DIVISIONS)
    OPTIONS = (
        Option(
            "sequences",
            False,
            "a sequence at the top of a place may be moved whole onto a card of the division above "
            "(“Any number of cards may be so placed”); by default cards move one at a time, as Rule III "
            "has it: “the top card only of each sequence is available”",
        ),
    )
    #: The search in C (``_the_constitution_search.c``), where the build made it: the core's search of
    #: the game (the same moves in the same order, runs of the pack, safe moves and positions merged); a
    #: second or so of it where no budget is given, and as long again for each 3,000,000 positions of the
    #: searches again.
    SEARCH_IN_C = search_in_c("games._the_constitution_search")
    NODES_IN_C = 1_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order:
    #: a search that settles the last choices of a long line first spends its budget among them, where
    #: another order wins in tens of thousands of positions.  Of the first 48 deals that 2,000 positions
    #: left unknown, one search of 4,000,000 won 14; 1,000,000 then 64 of 100,000 won all 48, in about a
    #: million positions a deal.
    RESTARTS = ((64, 100_000),)

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack and the talon, the Sovereign, the Judges and the Bishops, the queens thrown
        aside, the eight foundations clockwise from the top of the ring, then the divisions from
        the Privy Council down, each from left to right."""
        return ["pack", "talon", "sovereign", *JUDGES, *BISHOPS, "queens", *FOUNDATIONS, *PLACES]

    def foundation_rule(self, name: str) -> Foundation:
        return FOUNDATION

    def lay_out(self, cards: list[Card]) -> None:
        """Take out the kings, queens and aces; deal the next thirty-two cards in four rows of eight,
        the People first; the other forty-eight are the pack, its next card on top."""
        self._place_court(cards)
        rest = [c for c in cards if c.value in IN_PLAY]
        self._deal_rows(rest[:4 * COLUMNS])
        pack = tuple(reversed(rest[4 * COLUMNS:]))
        self.piles["pack"] = Pile(pack, len(pack))

    def _place_court(self, cards: Sequence[Card]) -> None:
        """The aces on their places round the Sovereign, the kings beyond them, the queen of
        diamonds in the centre and the seven other queens thrown aside."""
        piles = self.piles
        for rank, names, suits in ((Rank.ACE, FOUNDATIONS, ACE_SUITS), (Rank.KING, JUDGES, JUDGE_SUITS),
                                   (Rank.KING, BISHOPS, BISHOP_SUITS)):
            left = [c for c in cards if c.rank == rank]
            for name, suit in zip(names, suits):
                card = next(c for c in left if c.suit == suit)
                left.remove(card)
                piles[name] = Pile((card,))
        queens = [c for c in cards if c.rank == Rank.QUEEN]
        sovereign = next(c for c in queens if c.suit == Suit.DIAMONDS)
        queens.remove(sovereign)
        piles["sovereign"] = Pile((sovereign,))
        piles["queens"] = Pile(tuple(queens))

    def _deal_rows(self, cards: Sequence[Card]) -> None:
        """Deal four rows of eight, "beginning with the lowest": the People, then the Commons, the
        Lords and last the Privy Council, each row from left to right."""
        for i, card in enumerate(cards):
            division = DIVISIONS[len(DIVISIONS) - 1 - i // COLUMNS]
            self.piles[ROWS[division][i % COLUMNS]] = Pile((card,))

    @classmethod
    def from_divisions(cls, council: str, lords: str, commons: str, people: str, pack_seed: int = 0,
                       **options: Any) -> TheConstitution:
        """The position just dealt, written as on a plate: the four rows, left to right, from the
        Privy Council down; the other forty-eight cards of the play are the pack, shuffled by
        ``pack_seed`` (also the position's seed).

        >>> game = TheConstitution.from_divisions(*["2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"] * 2,
        ...                                       *["2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥"] * 2)
        >>> print(game.piles["council 1"], game.piles["people 8"], len(game.piles["pack"]))
        2♠ 9♥ 48
        """
        rows = [parse_cards(text) for text in (people, commons, lords, council)]
        if any(len(row) != COLUMNS for row in rows):
            raise InvalidPosition(f"each division holds {COLUMNS} cards")
        dealt = [card for row in rows for card in row]
        rest = _left_over(dealt, cls.packs)
        game = cls(**options)
        game.seed = pack_seed
        court = [c for c in whist_pack(cls.packs) if c.value not in IN_PLAY]
        game.lay_out(court + dealt + shuffled(rest, pack_seed))
        return cls.from_position(str(game))

    @classmethod
    def arrange(cls, places: Mapping[str, str], talon: str = "", pack: str = "",  # type: ignore[override]
                **options: Any) -> TheConstitution:
        """A position made of the places that matter, for examples and tests: ``places`` maps places
        (``"lords 3"``) to their cards, bottom first; ``talon`` lists the talon, the first laid aside
        first; ``pack`` the cards still to deal, the next first.  Every other card of the play lies on
        the foundations, each built up from its ace in suit, as high as the cards left allow (the
        first foundation of a suit the higher); a card that cannot go there is an error.

        >>> game = TheConstitution.arrange({"council 1": "J♠ 10♦", "lords 1": "J♦"})
        >>> print(game.table())
        council    J♠ 10♦  --  --  --  --  --  --  --
        lords      J♦      --  --  --  --  --  --  --
        commons    --      --  --  --  --  --  --  --
        people     --      --  --  --  --  --  --  --
        foundations: J♣ J♥ J♠ J♦ J♣ 10♠ J♥ 9♦
        talon: --  pack: exhausted
        """
        game = cls(**options)
        game._place_court(whist_pack(cls.packs))
        for name, text in places.items():
            if name not in DIVISION_OF:
                raise InvalidPosition(f"unknown place {name!r} in {game.name}")
            game.piles[name] = Pile.of(text)
        dealt = parse_cards(pack)
        game.piles["talon"] = Pile.of(talon)
        game.piles["pack"] = Pile(tuple(reversed(dealt)), len(dealt))
        left = _left_over([c for p in (*PLACES, "talon", "pack") for c in game.piles[p].cards], cls.packs)
        for name in FOUNDATIONS:
            ace = game.piles[name].cards[0]
            cards = [ace]
            for value in range(2, TOP + 1):
                card = Card(Rank(value), ace.suit)
                if card not in left:
                    break
                left.remove(card)
                cards.append(card)
            game.piles[name] = Pile(tuple(cards))
        if left:
            raise InvalidPosition(f"cards placed nowhere: {' '.join(map(str, sorted(left)))}")
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ vacancies
    def vacancy(self) -> str | None:
        """The vacancy to be filled now (Rule V): the first empty place of the Privy Council, the
        Lords or the Commons while the division below it holds a card (None: there is none).  A
        vacancy in the People is filled in the move that makes it, from the talon or the pack."""
        piles = self.piles
        for division in DIVISIONS[:-1]:
            empty = [name for name in ROWS[division] if not piles[name].cards]
            if empty and any(piles[name].cards for name in ROWS[BELOW[division]]):  # type: ignore[index]
                return empty[0]
        return None

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """Dealing, then each available card (the top card of each place, from the Privy Council
        down, then the top of the talon) to the foundations and to every other place: onto its
        top card, or into it when it is empty."""
        yield DEAL
        piles = self.piles
        for source in (*PLACES, "talon"):
            for cards in self._runs(source):
                head = cards[0]
                if len(cards) == 1:
                    yield from self.foundation_moves(source, head)
                for target in PLACES:
                    if target == source:
                        continue
                    under = piles[target].top
                    yield Move("move", cards, source, target, f"{head} → {under if under else target}")

    def _runs(self, source: str) -> list[tuple[Card, ...]]:
        """The cards that may be taken from ``source`` together, the most first: with ``sequences``,
        each sequence at the top of a place of the Constitution (Rule IV), then the top card."""
        cards = self.piles[source].cards
        if not cards:
            return []
        longest = SEQUENCE.run_length(cards) if self.options.sequences and source in DIVISION_OF else 1
        return [cards[-n:] for n in range(longest, 0, -1)]

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly: while a vacancy waits,
        only the cards of the division below it, into it (Rule V); else the deal, the Privy
        Council's cards to the foundations (Rules I and VI) and each card of a lower division onto
        the cards of the division above it, one lower and of the other colour (Rules II and IV)."""
        piles = self.piles
        vacancy = self.vacancy()
        moves: list[Move] = []
        if vacancy is not None:
            for source in ROWS[BELOW[DIVISION_OF[vacancy]]]:  # type: ignore[index]
                cards = piles[source].cards
                if cards:
                    moves.append(move_onto(cards[-1:], source, vacancy, vacancy))
            return moves
        if piles["pack"].cards:
            moves.append(DEAL)
        takers = self.foundation_takers()
        sequences = self.options.sequences
        for source in ROWS["council"]:
            cards = piles[source].cards
            if cards:
                moves += moves_up(source, cards[-1], takers.get(cards[-1], []))
        for division in DIVISIONS[1:]:
            above = [(name, piles[name].cards[-1]) for name in ROWS[ABOVE[division]]  # type: ignore[index]
                     if piles[name].cards]
            for source in ROWS[division]:
                if not piles[source].cards:
                    continue
                for cards in self._runs(source) if sequences else (piles[source].cards[-1:],):
                    head = cards[0]
                    for target, under in above:
                        if ON[under][head]:
                            moves.append(Move("move", cards, source, target, f"{head.text} → {under.text}"))
        return moves

    def aliases(self, move: Move) -> set[str]:
        """The notation, the target named as a place or a kind of place, and a vacancy called
        ``vacancy`` or ``space``."""
        names = super().aliases(move)
        if move.kind == "move" and move.target in self.piles and self.piles[move.target].is_empty:
            names |= {f"{move.cards[0]} → vacancy", f"{move.cards[0]} → space"}
        return names

    # ------------------------------------------------------------ for solvers
    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card of the Privy Council played up from a place where it lies on another card, when
        the four cards that could be placed on it (one lower, of the other colour: Rule IV) have gone
        up already (and a foundation as ready waits for its twin, if that is still in play).
        Nothing can then ever be placed on it, and taking it away makes no vacancy, so a winning
        line can play it now and make every other move it made."""
        piles = self.piles
        for move in moves:
            target = move[3]
            if target is not None and target.startswith("foundation") and len(piles[move[2]].cards) > 1:
                if self.safe_to_found(move[1][0], SEQUENCE):
                    return move
        return None

    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move made just after a card is dealt to the talon could have been made before it when
        it leaves a card where it was taken from: no vacancy is made, so the talon is not touched
        (and no vacancy waits after a deal)."""
        return (pack_move.kind == "deal" and move.kind == "move" and move.source in DIVISION_OF
                and len(self.piles[move.source].cards) > len(move.cards))

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out from the moves here: a deal only lays the pack's next card on the talon, and
        no card leaves the talon but to fill a vacancy in the People, so the Constitution and the
        foundations lie after every deal as they lie now, with the same moves but the deal.  What a
        run brings is used by the moves that leave a vacancy (the refill reaches the talon), the
        same after each deal; there is one run for each card left in the pack, and none comes back.

        >>> from patience import load
        >>> game = load("the-constitution", seed=3)
        >>> runs = [" ".join(map(str, run)) for run in game.pack_runs(DEAL)]
        >>> runs[:3]
        ['deal 2♠ → foundation', 'deal 6♦ → 7♣', 'deal 10♦ → J♣']
        >>> runs[7], len(runs)
        ('deal deal 2♠ → foundation', 336)
        """
        pack = len(self.piles["pack"].cards)
        if first != DEAL or not pack or self.vacancy() is not None:
            return super().pack_runs(first)
        # The deal changes no pile the moves, independent() or _by_priority() look at.
        uses = runs_using(self, (), [m for m in self.useful_moves()
                                     if m.kind not in self.PACK_KINDS and not self.independent(first, m)],
                          lambda: self.piles)
        return [(first,) * dealt + use for dealt in range(1, min(pack, PACK_RUN) + 1) for use in uses]

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the talon (bottom first), the places of the divisions in the order of
        :data:`PLACES` (each bottom first), each foundation as (its suit, 0 to 3, and its cards), the
        table of Rule IV's sequences (:meth:`Build.table_bytes`), and whether a sequence moves whole
        (``sequences``).

        >>> pack, talon, places, foundations, sequence, sequences = TheConstitution.deal(seed=1).description()
        >>> len(pack), talon, len(places), places[0] == bytes(TheConstitution.deal(seed=1).piles["council 1"].cards)
        (48, b'', 32, True)
        >>> foundations[:2], len(sequence), sequences
        (((3, 1), (1, 1)), 2809, False)
        """
        piles = self.piles
        return (bytes(piles["pack"].cards), bytes(piles["talon"].cards),
                tuple(bytes(piles[name].cards) for name in PLACES), self.suit_foundations(FOUNDATIONS),
                SEQUENCE.table_bytes(), self.options.sequences)

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return self._deal_violation()
        piles = self.piles
        source, target = move.source, move.target
        if move.kind != "move" or source not in piles or target not in piles or source == target \
                or not move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        if source == "pack":
            return self.illegal(*self.UNDEALT_RULE, card)
        if source.startswith("foundation"):
            return self.illegal(*self.STAYS["foundation"], card)
        if source != "talon" and source not in DIVISION_OF:
            return self.illegal("Foundations", "the Sovereign, the Bishops, the Judges and the queens thrown "
                                "aside take no part in the play", card)
        cards = piles[source].cards
        if cards[len(cards) - len(move.cards):] != move.cards:
            if source == "talon":
                return self.illegal(*self.TALON_RULE, card)
            return self.illegal(*self.AVAILABILITY, card)
        if len(move.cards) > 1 and (source == "talon" or not self.options.sequences
                                    or not SEQUENCE.is_run(move.cards)):
            return self.illegal(*self.AVAILABILITY, card)
        if source == "talon":
            if target.startswith("foundation"):
                return self.illegal("I", "the foundations are formed exclusively from the Privy Council", card)
            return self.illegal("V", "a card of the talon only fills a vacancy in the People", card)
        vacancy = self.vacancy()
        if target.startswith("foundation"):
            if vacancy is not None:
                return self.illegal("V", "each vacancy must be at once filled", f"{vacancy} is vacant")
            if DIVISION_OF[source] != "council":
                return self.illegal("I", "the foundations are formed exclusively from the Privy Council", card)
            if len(move.cards) > 1:
                return self.illegal("Foundations", "cards are played to the foundations one at a time", card)
            top = piles[target].top
            if top is not None and top.rank == TOP and top.suit == card.suit:
                return self.illegal("Foundations", "the foundations ascend to knaves, and this one is complete",
                                    card, top)
            return self.explain(self.foundation_fault(target, card), FOUNDATION_REASONS,
                                card, *piles[target].cards[-1:])
        if target not in DIVISION_OF:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        return self._place_violation(source, target, move.cards, vacancy)

    def _place_violation(self, source: str, target: str, cards: tuple[Card, ...],
                         vacancy: str | None) -> IllegalMove | None:
        """Rules II, IV and V: a card goes onto a card of the division next above its own, one lower
        and of the other colour; into a vacancy only from the division immediately below it."""
        card = cards[0]
        under = self.piles[target].top
        mine, theirs = DIVISION_OF[source], DIVISION_OF[target]
        if under is None:
            if vacancy != target:
                if vacancy is not None:
                    return self.illegal("V", "each vacancy must be at once filled", f"{vacancy} is vacant")
                return self.illegal("V", "a vacancy is filled at once, when it is made, and this place "
                                    "has no card below it to fill it", card, target)
            if BELOW[theirs] != mine:
                return self.illegal("V", "a vacancy is filled by a card from the division immediately "
                                    "below it", card, target)
            if len(cards) > 1:
                return self.illegal("V", "a vacancy is filled by one card", card, target)
            return None
        if vacancy is not None:
            return self.illegal("V", "each vacancy must be at once filled", f"{vacancy} is vacant")
        if mine == "council":
            return self.illegal("I", "a card of the Privy Council has reached the top: it is played only "
                                "to the foundations", card, under)
        if ABOVE[mine] != theirs:
            return self.illegal("II", "cards are placed in sequence only on cards in the next division "
                                "above them", card, under)
        return self.explain(SEQUENCE.fault(under, card), SEQUENCE_REASONS, card, under)

    def _deal_violation(self) -> IllegalMove | None:
        """The rest of the pack is dealt to the talon a card at a time; not while a vacancy waits."""
        if not self.piles["pack"].cards:
            return IllegalMove("Deal", "the pack is exhausted")
        vacancy = self.vacancy()
        if vacancy is not None:
            return self.illegal("V", "each vacancy must be at once filled", f"{vacancy} is vacant")
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        piles = self.piles
        if move[0] == "deal":
            pack, talon = piles["pack"].cards, piles["talon"]
            piles["pack"] = Pile(pack[:-1], len(pack) - 1)
            piles["talon"] = Pile(talon.cards + pack[-1:])
            return
        source, target, count = move[2], move[3], len(move[1])
        cards = piles[source].cards
        piles[source] = Pile(cards[:len(cards) - count])
        there = piles[target]
        piles[target] = Pile(there.cards + cards[len(cards) - count:], there.face_down)
        if len(cards) == count and DIVISION_OF.get(source) == "people":
            self._refill(source)

    def _refill(self, name: str) -> None:
        """Rule V: a vacancy in the People takes the top card of the talon, or, when there is no
        talon, the next card of the pack (face up)."""
        piles = self.piles
        talon, pack = piles["talon"].cards, piles["pack"].cards
        if talon:
            piles["talon"] = Pile(talon[:-1])
            piles[name] = Pile(talon[-1:])
        elif pack:
            piles["pack"] = Pile(pack[:-1], len(pack) - 1)
            piles[name] = Pile(pack[-1:])

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every foundation built from its ace to the knave."""
        return self.complete(FOUNDATIONS, TOP)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules can have made: an empty list for a
        position a game can reach.

        - *What is set out.*  The Sovereign is a queen of diamonds; the Judges are red kings and the
          Bishops black ones, as on the plate; seven queens are thrown aside; each foundation begins
          with the ace of its place on the ring and follows suit up to the knave at most (Rule VI).
        - *What has been dealt.*  Thirty-two cards are dealt before the pack is touched, so the pack
          and the talon together hold forty-eight cards at most; only the pack lies face down.
        - *Which places may be empty.*  A vacancy is filled at once (Rule V): at most one place waits
          for a card from the division below, and a place stays empty only while the division below
          holds no card; a place in the People, only while the talon and the pack are exhausted.
        - *What may lie where.*  On the card first put in a place lie only cards in descending
          line, of alternate colours (Rule IV).

        >>> TheConstitution.deal(seed=2).inconsistencies()
        []
        >>> game = TheConstitution.arrange({"council 1": "J♦ 10♦ 9♦", "people 2": "J♠"}, pack="J♥")
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        people 1 is empty while the pack holds cards, but a vacancy in the People is filled at once
        commons 1 waits for a card of the division below, and so does commons 2
        Rule IV: council 1 is not in descending line of alternate colours (10♦ on J♦)
        """
        faults: list[str] = []
        piles = self.piles
        sovereign = piles["sovereign"].cards
        if sovereign != (Card(Rank.QUEEN, Suit.DIAMONDS),):
            faults.append("the Sovereign is not the queen of diamonds alone")
        for names, red in ((JUDGES, True), (BISHOPS, False)):
            for name in names:
                cards = piles[name].cards
                if len(cards) != 1 or cards[0].rank != Rank.KING or cards[0].is_red is not red:
                    faults.append(f"{name} is not a {'red' if red else 'black'} king")
        queens = piles["queens"].cards
        if len(queens) != 7 or any(c.rank != Rank.QUEEN for c in queens):
            faults.append("the queens thrown aside are not seven queens")
        for name, suit in zip(FOUNDATIONS, ACE_SUITS):
            cards = piles[name].cards
            if not cards or cards[0] != Card(Rank.ACE, suit):
                faults.append(f"{name} does not begin with the ace of {suit.name.lower()}")
            elif len(cards) > TOP:
                faults.append(f"{name} goes above the knave")
        faults += self.foundation_inconsistencies()
        pack, talon = piles["pack"], piles["talon"].cards
        if pack.face_down != len(pack.cards) or any(piles[n].face_down for n in piles if n != "pack"):
            faults.append("a card lies face down outside the pack, or face up in it")
        if len(pack.cards) + len(talon) > 48:
            faults.append(f"the pack and the talon hold {len(pack.cards) + len(talon)} cards, but 32 of "
                          f"the 80 are dealt first")
        empty_people = [n for n in ROWS["people"] if not piles[n].cards]
        if empty_people and (talon or pack.cards):
            whence = "the talon" if talon else "the pack"
            faults.append(f"{empty_people[0]} is empty while {whence} holds cards, but a vacancy in the "
                          f"People is filled at once")
        waiting = [n for d in DIVISIONS[:-1] for n in ROWS[d] if not piles[n].cards
                   and any(piles[b].cards for b in ROWS[BELOW[d]])]  # type: ignore[index]
        if len(waiting) > 1:
            faults.append(f"{waiting[0]} waits for a card of the division below, and so does {waiting[1]}")
        for name in PLACES:
            wrong = SEQUENCE.first_break(piles[name].cards)
            if wrong is not None:
                faults.append(f"Rule IV: {name} is not in descending line of alternate colours "
                              f"({wrong[1]} on {wrong[0]})")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 019's arrangement: the Sovereign in the centre of a ring of the eight aces, the
        Judges and the Bishops beyond them; the queens thrown aside at the upper left, the pack and
        the talon at the upper right; below, the four divisions from the Privy Council down, each
        place fanned downwards as sequences grow on it."""
        from ..render import fan_height

        cx, cy = 3.5, 2.3
        ring = ((0, -1.15), (1.1, -0.95), (1.6, 0), (1.1, 0.95), (0, 1.15), (-1.1, 0.95), (-1.6, 0), (-1.1, -0.95))
        spots = [Spot("sovereign", cx, cy, label="Sovereign")]
        spots += [Spot(name, round(cx + dx, 2), round(cy + dy, 2)) for name, (dx, dy) in zip(FOUNDATIONS, ring)]
        kings = [(JUDGES[0], 0, -2.2), (BISHOPS[0], 2.3, -1.55), (JUDGES[1], 3.1, 0), (BISHOPS[1], 2.3, 1.55),
                 (JUDGES[2], 0, 2.2), (BISHOPS[2], -2.3, 1.55), (JUDGES[3], -3.1, 0), (BISHOPS[3], -2.3, -1.55)]
        spots += [Spot(name, round(cx + dx, 2), round(cy + dy, 2)) for name, dx, dy in kings]
        spots.append(Spot("queens", 0, 0.1, label="thrown aside"))
        spots.append(Spot("pack", 7, 0.1, label="pack"))
        spots.append(Spot("talon", 7, 1.25, label="talon"))
        y = 5.6
        for division in DIVISIONS:
            spots += [Spot(name, i, round(y, 2), fan="down", label=TITLES[division] if i == 0 else "")
                      for i, name in enumerate(ROWS[division])]
            y += fan_height(max(1, *(len(self.piles[n]) for n in ROWS[division]))) + 0.1
        return spots

    def table(self) -> str:
        """The Constitution as text: a line for each division, from the Privy Council down, each
        place's cards from the first put there up; below, the top of each foundation, the talon's
        top card and what is left of the pack."""
        piles = self.piles
        cells = {d: [" ".join(map(str, piles[n].cards)) or "--" for n in ROWS[d]] for d in DIVISIONS}
        widths = [max(len(cells[d][i]) for d in DIVISIONS) for i in range(COLUMNS)]
        lines = [f"{d:<10} " + "  ".join(c.ljust(w) for c, w in zip(cells[d], widths)).rstrip() for d in DIVISIONS]
        lines.append("foundations: " + " ".join(str(piles[f].top) for f in FOUNDATIONS))
        talon = piles["talon"]
        pack = len(piles["pack"])
        shown = f"{talon.top} ({len(talon)})" if len(talon) > 1 else str(talon.top or "--")
        lines.append(f"talon: {shown}  pack: " + (f"{pack} cards" if pack else "exhausted"))
        return "\n".join(lines)


def _left_over(placed: Sequence[Card], packs: int) -> list[Card]:
    """The cards of the play (two to knave of each suit, of ``packs`` packs) not among ``placed``;
    :class:`InvalidPosition` if ``placed`` holds a card that is not of the play, or too many of one.

    >>> len(_left_over(parse_cards("2♠ J♦"), 2))
    78
    """
    left = [c for c in whist_pack(packs) if c.value in IN_PLAY]
    for card in placed:
        if card not in left:
            raise InvalidPosition(f"{card} is not a card of the play, or too many {card} for two packs")
        left.remove(card)
    return left


#: Plate 019, read card by card: the four divisions as the plate deals them, from the Privy Council
#: (the top row) down, each left to right (see the chapter's table of the plate).  The plate shows no
#: pack: it lies in the order of ``pack_seed=19``.
PLATE_DIVISIONS = (
    "5♣ 3♦ 5♦ 9♦ 3♣ 4♥ 10♠ J♦",
    "6♥ 9♠ 2♣ 8♣ J♥ 7♠ 5♥ 2♦",
    "4♦ 10♦ J♥ 7♦ 4♠ 2♥ 6♦ 4♣",
    "5♠ 3♦ 8♥ J♣ 9♥ J♦ 3♠ 8♣",
)
PLATE_PACK_SEED = 19
TheConstitution.PLATE = str(TheConstitution.from_divisions(*PLATE_DIVISIONS, pack_seed=PLATE_PACK_SEED))
