"""Red and Black: two packs, the eight aces in a line, eight Volunteers built in alternate colours.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Red and Black", plate 033.  The eight aces are withdrawn and set in a line,
in pairs of alternate colours (♦♦ ♣♣ ♥♥ ♠♠ on the plate); they are the
foundations, built up in suit to the kings (Rule I).  Eight cards are dealt
beneath them: the Volunteers.  A card may be placed on a Volunteer one lower
and of the other colour (Rule II: a red three on a black four).  Every vacancy
in the Volunteers is filled at once from the cards in hand.  The pack is dealt
one card at a time onto the talon, whose top card stays available: it is played,
placed on a Volunteer or left there.  When the pack is exhausted, the talon may
be taken up, shuffled and dealt again, once.

Dealing is a move (``deal``: the next card of the pack is turned onto the talon,
from where it is played, placed or left), and so is the re-deal, so a whole
game is a replayable record.

>>> from patience import load
>>> game = load("red-and-black", seed=3)
>>> [str(game.piles[f]) for f in game.piles_of("foundation")]
['A♦', 'A♦', 'A♣', 'A♣', 'A♥', 'A♥', 'A♠', 'A♠']
>>> [len(game.piles[v]) for v in game.piles_of("volunteer")], len(game.piles["pack"])
([1, 1, 1, 1, 1, 1, 1, 1], 88)
>>> plate = RedAndBlack.from_plate()
>>> print(plate.play("3♥ → 4♠"), "|", plate.piles["volunteer 1"], "|", len(plate.piles["pack"]))
3♥ → 4♠ | 4♠ 3♥ | 87
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..build import ACES_UP, Build, Foundation, suit_run
from ..cards import CARDS, Card, Rank, Suit, parse_cards, shuffled, whist_pack
from ..errors import IllegalMove, InvalidPosition, UnknownOption
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, foundation_tops, move_onto, pile_kind
from ..options import Option
from ..solve import PACK_RUN, runs_using
from . import register

__all__ = ["FOUNDATION_SUITS", "PLATE_PACK_SEED", "PLATE_VOLUNTEERS", "RedAndBlack", "withdraw"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Red and Black”"

#: "The eight aces, placing them in pairs of alternate colors in a horizontal line (see tableau)":
#: the plate's line, from left to right.
FOUNDATION_SUITS = (Suit.DIAMONDS, Suit.DIAMONDS, Suit.CLUBS, Suit.CLUBS,
                    Suit.HEARTS, Suit.HEARTS, Suit.SPADES, Suit.SPADES)
#: Rule II: "in descending sequence, but they must be of alternate colors".
ALTERNATE = Build("down", "alternate")
#: "Next deal out eight cards ...  This row of cards is called the Volunteers."
VOLUNTEERS = 8
#: The cards the foundations begin with.
ACES = tuple(Card(Rank.ACE, suit) for suit in Suit)
FOUNDATION_NAMES = tuple(f"foundation {i}" for i in range(1, len(FOUNDATION_SUITS) + 1))
VOLUNTEER_NAMES = tuple(f"volunteer {i}" for i in range(1, VOLUNTEERS + 1))
#: Rule II by the cards' codes: ``ON[under][card]``, whether ``card`` may be placed on ``under``.
ON = ALTERNATE.table()
#: The kind of card by colour and value, as Rule II sees it (a red three): ``KIND[card]``; and the
#: kind each card takes on a Volunteer, ``TAKES_KIND[under]`` (the kind one lower, of the other
#: colour; None under an ace).
KIND = tuple((False, 0) if c is None else (c.is_red, c.value) for c in CARDS)
TAKES_KIND = tuple(None if c is None or c.value == 1 else (not c.is_red, c.value - 1) for c in CARDS)

#: The plate's Volunteers, left to right (the reading, card by card, is in the chapter).
PLATE_VOLUNTEERS = "4♠ 3♥ 8♦ 10♣ J♦ K♣ 7♦ Q♥"
#: The seed that orders the 88 cards of the pack behind the plate (the plate shows the pack face
#: down): the first seed with which a search that sees every card wins the game.
PLATE_PACK_SEED = 6

#: The two moves that are not a card's: turning the next card of the pack, and the re-deal.
DEAL = Move("deal", (), "pack", "talon", "deal")
REDEAL = Move("redeal", (), "talon", "pack", "redeal")

FOUNDATION_REASONS = {
    "must follow suit": ("I", "the foundations follow suit"),
    "start": ("Foundations", "the foundations are the eight aces"),
    "*": ("Foundations", "the foundations ascend in sequence to kings"),
}
VOLUNTEER_REASONS = {
    "must alternate in colour": ("II", "cards on the Volunteers must be of alternate colours"),
    "*": ("II", "cards are placed on the Volunteers in descending sequence"),
}


def alternate_run(cards: tuple[Card, ...]) -> int:
    """How many cards at the top of a Volunteer form a sequence by Rule II (``ALTERNATE.run_length``
    from the table).

    >>> alternate_run(tuple(parse_cards("9♣ 8♦ 7♠ 6♠ 5♥")))
    2
    """
    n = len(cards)
    i = n - 1
    while i > 0 and ON[cards[i - 1]][cards[i]]:
        i -= 1
    return n - i



def withdraw(cards: Sequence[Card], rank: Rank, suits: Sequence[Suit]) -> tuple[list[Card], list[Card]]:
    """Take the cards of ``rank`` out of ``cards``, one for each of ``suits`` in that order (the
    first of a suit found for its first place); return them and the other cards, in their order.

    >>> aces, rest = withdraw(parse_cards("5♦ A♠ A♦ 9♣ A♦"), Rank.ACE, (Suit.DIAMONDS, Suit.SPADES))
    >>> [str(c) for c in aces], [str(c) for c in rest]
    (['A♦', 'A♠'], ['5♦', '9♣', 'A♦'])
    """
    taken: list[Card] = []
    rest = list(cards)
    for suit in suits:
        card = next((c for c in rest if c.rank == rank and c.suit == suit), None)
        if card is None:
            raise ValueError(f"no {rank.symbol}{suit} left to withdraw")
        rest.remove(card)
        taken.append(card)
    return taken, rest


@register
class RedAndBlack(Game):
    """Red and Black: two packs, eight aces, eight Volunteers built down in alternate colours."""

    slug = "red-and-black"
    name = "Red and Black"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 4 of the first 19 deals its study's search left unknown.
    PLAYS_OUT = True
    chapter = "red-and-black"
    order = 33
    source = SOURCE
    plate = "033"
    packs = 2
    #: The two numbered rules, then the paragraphs of PLAY (and the book's definition of the
    #: talon) under the short names the engine cites.
    RULES = {
        "I": "The foundations follow suit.",
        "II": "Cards may be placed on the Volunteers in descending sequence, but they must be of "
        "alternate colors. On the black four (see tableau) would be placed a red three, then a black "
        "deuce, and so on.",
        "Foundations": "Withdraw from the pack the eight aces, placing them in pairs of alternate colors "
        "in a horizontal line (see tableau). These are the foundations and ascend in sequence to kings "
        "(Rule I).",
        "Volunteers": "Next deal out eight cards, placing them underneath the foundations. This row of "
        "cards is called the Volunteers. Examine the Volunteers and play any suitable cards on to the "
        "foundations, immediately filling each vacancy from the cards in hand.",
        "Deal": "When no more can be played, proceed to form sequences in descending line with cards of "
        "the Volunteers, subject strictly to Rule II; then again play all that are suitable and proceed "
        "to deal out the cards till the pack is exhausted, playing cards on the foundations or placing "
        "them in sequence on the Volunteers, and always refilling vacancies. The unsuitable cards form "
        "the talon.",
        # the book's Explanation of Terms:
        "Talon": "Cards which, being unsuitable at the moment, are laid aside in one or more packets till "
        "they can come into use.",
        "Re-deal": "When the pack is exhausted, the talon may be taken up, shuffled, and re-dealt once.",
    }
    AVAILABILITY = ("Volunteers", "only the uppermost card of each Volunteer is available")
    FACE_DOWN = ("pack",)
    COUNTERS = ("redeals",)
    OPTIONS = (
        Option("redeals", 1, "re-deals of the talon allowed (the book: “re-dealt once”)"),
        Option(
            "deal_when",
            "blocked",
            "when the next card of the pack may be dealt: 'blocked', only when no available card (of "
            "the Volunteers or the talon) can be played to a foundation (“When no more can be played ... "
            "then again play all that are suitable and proceed to deal out the cards”), or at 'any' time",
            choices=("blocked", "any"),
        ),
        Option(
            "refill",
            "pack",
            "what fills a vacancy in the Volunteers, at once: the next card of the 'pack' (the book: "
            "“from the cards in hand”), or the top card of the 'talon' while there is one, else of the pack "
            "(as modern rules have it)",
            choices=("pack", "talon"),
        ),
        Option(
            "sequences",
            False,
            "a sequence built on a Volunteer may be moved whole onto another Volunteer (the book moves "
            "cards one at a time: only the uppermost card of a Volunteer is available)",
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options.redeals < 0:
            raise UnknownOption(f"option redeals must be 0 or more, not {self.options.redeals}")

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        return [*FOUNDATION_NAMES, *VOLUNTEER_NAMES, "talon", "pack"]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP

    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw the eight aces into their line, deal the next eight cards as the Volunteers;
        the rest is the pack, face down, its next card on top."""
        aces, rest = withdraw(cards, Rank.ACE, FOUNDATION_SUITS)
        for name, ace in zip(self.piles_of("foundation"), aces):
            self.piles[name] = Pile((ace,))
        for name, card in zip(self.piles_of("volunteer"), rest):
            self.piles[name] = Pile((card,))
        pack = tuple(reversed(rest[VOLUNTEERS:]))
        self.piles["pack"] = Pile(pack, len(pack))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        volunteers: Mapping[int, str],
        foundations: str = "",
        talon: str = "",
        pack: str = "",
        **options: Any,
    ) -> RedAndBlack:
        """A position made of the piles that matter, for examples and tests.

        ``volunteers`` maps a Volunteer's number to its cards, bottom first (a Volunteer not given
        is empty); ``foundations`` names the top card of each foundation built beyond its ace
        (``"3♥ 5♠"``: a foundation of hearts up to the three, one of spades up to the five; the
        others hold their aces); ``talon`` lists the talon, the first laid aside first; ``pack``
        lists the next cards to deal, the next first.  Every other card lies in the pack under them.

        >>> game = RedAndBlack.arrange({1: "4♠", 2: "9♦ 8♣"}, foundations="3♥", talon="K♠", pack="2♠")
        >>> print(game.piles["foundation 5"], "|", game.piles["volunteer 2"], "|", game.piles["pack"].top)
        A♥ 2♥ 3♥ | 9♦ 8♣ | 2♠
        >>> len(game.piles["pack"]), game.piles["volunteer 3"].is_empty
        (90, True)
        """
        piles = {f"volunteer {number}": text for number, text in volunteers.items()}
        built: dict[str, str] = {}
        for top in parse_cards(foundations):
            name = next(
                (f"foundation {i}" for i, suit in enumerate(FOUNDATION_SUITS, start=1)
                 if suit == top.suit and f"foundation {i}" not in built),
                None,
            )
            if name is None:
                raise InvalidPosition(f"no foundation of {top.suit} left for {top}")
            built[name] = " ".join(map(str, suit_run(Card(Rank.ACE, top.suit), top)))
        for i, suit in enumerate(FOUNDATION_SUITS, start=1):
            piles[f"foundation {i}"] = built.get(f"foundation {i}", f"A{suit}")
        piles["talon"] = talon
        piles["pack"] = " ".join(f"[{card}]" for card in reversed(pack.split()))
        return super().arrange(piles, rest="pack", **options)

    @classmethod
    def from_volunteers(cls, volunteers: str, pack_seed: int = 0, **options: Any) -> RedAndBlack:
        """The position of a game just dealt, written as on a plate: the eight Volunteers, left to
        right; the aces are in their line, and the other 88 cards are the pack, shuffled by
        ``pack_seed`` (which is also the seed of the position, for the re-deal's shuffle)."""
        row = parse_cards(volunteers)
        if len(row) != VOLUNTEERS or any(c.rank == Rank.ACE for c in row):
            raise InvalidPosition(f"the Volunteers are {VOLUNTEERS} cards, and no ace")
        rest = whist_pack(2)
        aces, rest = withdraw(rest, Rank.ACE, FOUNDATION_SUITS)
        for card in row:
            if card not in rest:
                raise InvalidPosition(f"too many {card} for two packs")
            rest.remove(card)
        game = cls(**options)
        game.seed = pack_seed
        game.lay_out(aces + row + shuffled(rest, pack_seed))
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ what may move
    def sources(self) -> Iterator[tuple[str, tuple[Card, ...]]]:
        """Each available card with the pile it lies on: the uppermost card of each Volunteer
        (with ``sequences``, each sequence at the top of a Volunteer too), then the top of the talon."""
        for name in self.piles_of("volunteer"):
            pile = self.piles[name]
            if not pile.cards:
                continue
            longest = ALTERNATE.run_length(pile.cards) if self.options.sequences else 1
            for n in range(longest, 0, -1):
                yield name, pile.cards[-n:]
        talon = self.piles["talon"].top
        if talon is not None:
            yield "talon", (talon,)

    def vacancies(self) -> list[str]:
        """The empty Volunteers, left to right."""
        return [v for v in self.piles_of("volunteer") if self.piles[v].is_empty]

    def moves(self) -> Iterable[Move]:
        """Dealing the next card, the re-deal, then each available card to the foundations and onto
        each other Volunteer.  Moves into vacancies are offered only to be refused: the first vacancy
        is written ``space`` (``K♠ → space``), the others by name (``K♠ → volunteer 8``)."""
        yield DEAL
        yield REDEAL
        vacancies = self.vacancies()
        for source, cards in self.sources():
            head = cards[0]
            if len(cards) == 1:
                yield from self.foundation_moves(source, head)
            for target in self.piles_of("volunteer"):
                under = self.piles[target].top
                if target == source:
                    continue
                if under is None:
                    where = "space" if target == vacancies[0] else target
                    yield Move("move", cards, source, target, f"{head} → {where}")
                else:
                    yield Move("move", cards, source, target, f"{head} → {under}")

    def generate_legal_moves(self) -> list[Move]:
        """The moves of :meth:`moves` that the rules allow, in the same order, made directly: a
        card goes only to the foundation that takes it and onto the Volunteers whose uppermost
        card is one higher and of the other colour (Rule II); a vacancy takes no card by a move.

        >>> game = RedAndBlack.from_plate()
        >>> game.legal_moves() == [m for m in game.moves() if game.violation(m) is None]
        True
        """
        piles = self.piles
        takes = self._takers()
        sources, spouses = self._volunteers()
        talon = piles["talon"].cards
        if talon:
            sources.append(("talon", talon[-1:]))
        moves, played = self._moves_of(sources, takes, spouses)
        pack = self._pack_move(len(piles["pack"].cards), len(talon), self.counters["redeals"], played)
        if pack is not None:
            moves.insert(0, pack)
        return moves

    def _volunteers(self) -> tuple[list[tuple[str, tuple[Card, ...]]], dict[tuple[bool, int], list[tuple[str, Card]]]]:
        """The available cards of the Volunteers, each with its Volunteer: the uppermost card of
        each (with ``sequences``, each sequence at its top first, the longest first); and the
        Volunteers by the kind of card each takes (Rule II), with their uppermost cards."""
        piles = self.piles
        sequences = self.options.sequences
        sources: list[tuple[str, tuple[Card, ...]]] = []
        spouses: dict[tuple[bool, int], list[tuple[str, Card]]] = {}
        for name in VOLUNTEER_NAMES:
            cards = piles[name].cards
            if not cards:
                continue
            under = cards[-1]
            if sequences:
                sources += [(name, cards[-n:]) for n in range(alternate_run(cards), 1, -1)]
            sources.append((name, cards[-1:]))
            taken = TAKES_KIND[under]
            if taken is not None:
                spouses.setdefault(taken, []).append((name, under))
        return sources, spouses

    @staticmethod
    def _moves_of(sources: list[tuple[str, tuple[Card, ...]]], takes: Mapping[int, str],
                  spouses: Mapping[tuple[bool, int], list[tuple[str, Card]]]) -> tuple[list[Move], bool]:
        """The moves of the available cards ``sources`` (each with its pile), in their order: a single
        card to the foundation that ``takes`` it (Rule I), then onto each other Volunteer of ``spouses``
        whose uppermost card is one higher and of the other colour (Rule II); and whether a card
        can be played to a foundation."""
        moves: list[Move] = []
        played = False
        for source, cards in sources:
            head = cards[0]
            text = head.text
            if len(cards) == 1:
                taker = takes.get(head)
                if taker is not None:
                    played = True
                    moves.append(move_onto(cards, source, taker, "foundation"))
            for target, under in spouses.get(KIND[head], ()):
                if target != source:
                    moves.append(Move("move", cards, source, target, f"{text} → {under.text}"))
        return moves, played

    def _pack_move(self, pack: int, talon: int, redeals: int, played: bool) -> Move | None:
        """The move of the pack, with ``pack`` cards in it, ``talon`` on the talon and ``redeals``
        re-deals made, when a card can be ``played`` or not: the deal while the pack lasts (by
        default only when no card can be played), then the re-deal while one is left; else None."""
        if pack:
            return None if played and self.options.deal_when == "blocked" else DEAL
        if talon and redeals < self.options.redeals:
            return REDEAL
        return None

    def _takers(self) -> dict[int, str]:
        """The foundation each card that can go up now goes to, by its code (Rule I: the next
        card of the suit; an ace to the first empty foundation)."""
        return self.going_up(FOUNDATION_NAMES, ACES)

    # ------------------------------------------------------------ for solvers
    INTERCHANGEABLE = ("volunteer", "foundation")
    RESTARTS = SEARCH_AGAIN

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, quick to make and to compare: the Volunteers in a fixed
        order (the rules treat them alike; the vacancies they leave are filled left to right, but
        empty places are alike, so whichever takes which card the Volunteers are the same), the
        foundations in a fixed order, each by its top card (it holds its suit from the ace up to
        that card), the talon, the pack (before a re-deal by its length: it only ever gives up
        its top card, so within one game its length tells what it holds) and the re-deals made.

        >>> game = RedAndBlack.from_plate()
        >>> twin = RedAndBlack.from_position(str(game).replace("volunteer 1:", "volunteer 0:")
        ...     .replace("volunteer 2:", "volunteer 1:").replace("volunteer 0:", "volunteer 2:"))
        >>> twin.solver_key() == game.solver_key(), twin.state_key() == game.state_key()
        (True, False)
        """
        piles = self.piles
        volunteers = sorted([piles[name].cards for name in VOLUNTEER_NAMES])
        redeals = self.counters["redeals"]
        pack: Any = piles["pack"].cards if redeals else len(piles["pack"].cards)
        return (tuple(volunteers), foundation_tops(piles, FOUNDATION_NAMES), piles["talon"].cards, pack, redeals)

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when the four cards that could be placed on it (one lower,
        of the other colour, in either pack: Rule II) and both cards one lower of its own suit have
        gone up already, and taking it away fills no vacancy and changes no re-deal: it lies on a
        card of its Volunteer; or on the talon, with no re-deal left and vacancies filled from the
        pack; or alone, with nothing left to fill its place, now or after a re-deal.

        Nothing can be placed on such a card, and it stays playable: both foundations of its suit
        stand at the card below it or higher, and one stays just below it until it goes up (if a
        winning line plays the other card of its value there first, the other foundation takes
        that one instead).  While it can be played the pack waits (with ``deal_when=blocked``),
        and a card dealt on it in the talon lies there as well on the card beneath.  So a winning
        line can play it up at once and make every other move it made, a sequence carried with it
        moving without it: the only difference is the card gone, which no move needed.
        """
        piles = self.piles
        pack, talon = piles["pack"].cards, piles["talon"].cards
        no_redeal = self.counters["redeals"] >= self.options.redeals
        tops = None
        for move in moves:
            if move[3] not in FOUNDATION_NAMES:
                continue
            source = move[2]
            if source == "talon":
                if not (no_redeal and self.options.refill == "pack"):
                    continue
            elif len(piles[source].cards) == 1:
                refill = self.options.refill == "talon" and talon
                if pack or refill or (talon and not no_redeal):
                    continue
            card = move[1][0]
            if tops is None:
                tops = [piles[name].cards[-1] for name in FOUNDATION_NAMES if piles[name].cards]
            # The foundations at the card one lower or above: of the other colour (all four
            # cards gone up), and of its own suit (both).
            lower, red, suit = card.value - 1, card.is_red, card.suit
            other = sum(1 for top in tops if top.is_red is not red and top.value >= lower)
            own = sum(1 for top in tops if top.suit is suit and top.value >= lower)
            if other >= 2 * self.packs and own >= self.packs:
                return move
        return None


    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move between the Volunteers, or from one to a foundation, could have been made before
        the card just dealt, to the same effect, if it leaves a card where it was taken from (a
        vacancy would take the next card of the pack) and, where the pack waits for the cards that
        can be played, is no such card's play and uncovers none."""
        if pack_move.kind != "deal" or move.kind != "move" or move.source == "talon" or move.source is None:
            return False
        pile = self.piles[move.source]
        if len(pile) <= len(move.cards):
            return False
        if self.options.deal_when != "blocked":
            return True
        if move.target is not None and move.target.startswith("foundation"):
            return False
        under = pile.cards[-len(move.cards) - 1]
        return under not in self._takers()

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out from the moves here, without dealing: with no vacancy, a deal only lays the
        pack's next card on the talon and the re-deal only turns the talon into the pack again
        (nothing is refilled), so the Volunteers and the foundations lie after every move of a run
        as they lie now.  After a deal, what it brought is used by the moves of the talon's new card
        and by the moves of the Volunteers not :meth:`independent` of it; after the re-deal, by
        every move of the Volunteers.  The pack is moved one way at a time, and a run never comes
        back (each deal lengthens the talon, the re-deal is counted).  From a vacancy (only a
        re-deal, which refills it) the runs are made move by move.

        >>> from patience import load
        >>> game = load("red-and-black", seed=1)
        >>> runs = [" ".join(map(str, run)) for run in game.pack_runs(DEAL)]
        >>> runs[:3], len(runs)
        (['deal 4♦ → 5♣', 'deal 5♣ → 6♥', 'deal deal 4♦ → 5♣'], 23)
        """
        piles = self.piles
        if first not in (DEAL, REDEAL) or self.vacancies():
            return super().pack_runs(first)
        takes = self._takers()
        sources, spouses = self._volunteers()
        standing, played = self._moves_of(sources, takes, spouses)
        dealt_uses = [m for m in standing if not self.independent(DEAL, m)]
        # The talon, from its bottom, then the pack from its next card: a run is a count of cards
        # showing on the talon.
        talon = piles["talon"]
        order, showing, down = talon.cards + piles["pack"].cards[::-1], len(talon.cards), talon.face_down
        redeals = self.counters["redeals"]
        runs: list[tuple[Move, ...]] = []
        run: tuple[Move, ...] = ()
        move: Move | None = first
        while move is not None:
            if move.kind == "deal":
                showing += 1
                uses = dealt_uses
            else:
                redeals += 1
                order, showing, down = tuple(self._redealt(order[:showing], redeals)), 0, 0
                uses = standing
            run += (move,)
            brought = False
            if showing:
                talon_moves, brought = self._moves_of([("talon", order[showing - 1:showing])], takes, spouses)
                uses = uses + talon_moves
            runs += runs_using(self, run, uses, lambda: {**piles, "talon": Pile(order[:showing], down)})
            if len(run) == PACK_RUN:
                break
            move = self._pack_move(len(order) - showing, showing, redeals, played or brought)
        return runs

    def aliases(self, move: Move) -> set[str]:
        """The notation, the target named as a pile or a kind of pile (``3♥ → volunteer 1``,
        ``A♥ → foundation``); dealing may be called ``turn``, and a vacancy a ``vacancy``."""
        names = {str(move)}
        if move.kind == "move" and move.cards and move.target:
            names |= {f"{move.cards[0]} → {move.target}", f"{move.cards[0]} → {pile_kind(move.target)}"}
            if move.target in self.piles and self.piles[move.target].is_empty:
                names.add(f"{move.cards[0]} → vacancy")
        if move.kind == "deal":
            names.add("turn")
        return names

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return self._deal_violation()
        if move.kind == "redeal":
            return self._redeal_violation()
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles \
                or move.source == move.target or not move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        head = move.cards[0]
        problem = self._availability_violation(move.source, move.cards)
        if problem is not None:
            return problem
        if move.target.startswith("foundation"):
            if len(move.cards) > 1:
                return self.illegal("Foundations", "cards are played to the foundations one at a time", head)
            return self.explain(self.foundation_fault(move.target, head), FOUNDATION_REASONS,
                                head, *self.piles[move.target].cards[-1:])
        if not move.target.startswith("volunteer"):
            return self.illegal("Talon", "only the cards dealt from the pack go to the talon", head)
        under = self.piles[move.target].top
        if under is None:
            whence = "the cards in hand" if self.options.refill == "pack" else "the talon or the pack"
            return self.illegal("Volunteers", f"a vacancy is filled only from {whence}", head)
        return self.explain(ALTERNATE.fault(under, head), VOLUNTEER_REASONS, head, under)

    def _availability_violation(self, source: str, cards: tuple[Card, ...]) -> IllegalMove | None:
        """Which cards may move: the uppermost card of a Volunteer (or, with ``sequences``, a
        sequence at its top) and the top card of the talon."""
        head = cards[0]
        if source == "pack":
            return self.illegal(*self.UNDEALT_RULE, head)
        if source.startswith("foundation"):
            return self.illegal(*self.STAYS["foundation"], head)
        pile = self.piles[source]
        on_top = 0 < len(cards) <= len(pile) and pile.cards[-len(cards):] == cards
        if source == "talon":
            if len(cards) != 1 or not on_top:
                return self.illegal(*self.TALON_RULE, head)
            return None
        if not on_top:
            return self.illegal(*self.AVAILABILITY, head)
        if len(cards) > 1 and not (self.options.sequences and ALTERNATE.is_run(cards)):
            return self.illegal(*self.AVAILABILITY, head)
        return None

    def _deal_violation(self) -> IllegalMove | None:
        """The pack is dealt one card at a time, until it is exhausted; by default only when no
        available card can be played."""
        if self.piles["pack"].is_empty:
            if self.piles["talon"].cards and self.counters["redeals"] < self.options.redeals:
                return IllegalMove("Deal", "the pack is exhausted", "the talon may be re-dealt")
            return IllegalMove("Deal", "the pack is exhausted")
        if self.options.deal_when == "blocked":
            card = self.playable()
            if card is not None:
                return IllegalMove("Deal", "the next card is dealt only when no card can be played",
                                   f"{card} can be played")
        return None

    def playable(self) -> Card | None:
        """The first available card that can be played to a foundation now (None: none can)."""
        foundations = self.piles_of("foundation")
        for _, cards in self.sources():
            if len(cards) == 1 and any(self.foundation_fault(f, cards[0]) is None for f in foundations):
                return cards[0]
        return None

    def _redeal_violation(self) -> IllegalMove | None:
        """The paragraph on the re-deal: when the pack is exhausted, once."""
        allowed = self.options.redeals
        if self.counters["redeals"] >= allowed:
            if allowed == 0:
                return IllegalMove("Re-deal", "this game has no re-deal")
            times = {1: "once", 2: "twice"}.get(allowed, f"{allowed} times")
            return IllegalMove("Re-deal", f"the talon may be re-dealt only {times}")
        left = len(self.piles["pack"])
        if left:
            return IllegalMove("Re-deal", "the talon is taken up only when the pack is exhausted",
                               f"{left} card{'s' if left != 1 else ''} left")
        if self.piles["talon"].is_empty:
            return IllegalMove("Re-deal", "there is no talon to take up")
        return None

    # ------------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        if kind == "deal":
            self._carry("pack", "talon", 1)
        elif kind == "redeal":
            self._redeal()
        else:
            self._carry(move[2], move[3], len(move[1]))
        self._refill()

    def _carry(self, source: str, target: str, count: int) -> None:
        """Move the top ``count`` cards of ``source`` onto ``target`` (:meth:`Game.transfer`, each
        pile made once)."""
        piles = self.piles
        src, dst = piles[source], piles[target]
        cards = src.cards
        rest, down = cards[:len(cards) - count], src.face_down
        piles[source] = Pile(rest, down if down <= len(rest) else len(rest))
        piles[target] = Pile(dst.cards + cards[len(cards) - count:], dst.face_down)

    def _redeal(self) -> None:
        """Take up the talon, shuffle it (reproducibly: the shuffle's seed is the game's seed and
        the number of the re-deal) and make it the pack again."""
        self.counters["redeals"] += 1
        cards = self._redealt(self.piles["talon"].cards, self.counters["redeals"])
        self.piles["talon"] = Pile()
        self.piles["pack"] = Pile(tuple(reversed(cards)), len(cards))

    def _redealt(self, talon: Sequence[Card], redeals: int) -> list[Card]:
        """The cards of ``talon`` in the order the re-deal numbered ``redeals`` deals them again
        (:meth:`Game.shuffle`, as if that many re-deals were made)."""
        return self.shuffle(list(talon), redeals)

    def _refill(self) -> None:
        """“Immediately filling each vacancy from the cards in hand”: each empty Volunteer, left to
        right, takes the next card of the pack (with ``refill=talon``, the top of the talon first)."""
        piles = self.piles
        for name in VOLUNTEER_NAMES:
            if piles[name].cards:
                continue
            if self.options.refill == "talon" and piles["talon"].cards:
                self._carry("talon", name, 1)
            elif piles["pack"].cards:
                self._carry("pack", name, 1)

    @property
    def is_won(self) -> bool:
        piles = self.piles
        return all(len(piles[name].cards) == 13 for name in FOUNDATION_NAMES)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The eight aces are withdrawn and eight Volunteers dealt before the
          pack is laid down, and a card of the Volunteers leaves them only for a foundation, so the
          pack and the talon together hold 88 cards at most (the re-deal only turns the one into the
          other).  The talon is re-dealt no more often than the option ``redeals`` allows.
        - *Which places may be empty.*  No foundation: each is its ace from the start.  Every vacancy
          in the Volunteers is filled at once "from the cards in hand", so a Volunteer is empty only
          when the pack is exhausted (with ``refill=talon``, only when the talon is too).
        - *What may lie where.*  The foundations are the eight aces in the plate's order of suits
          (♦ ♦ ♣ ♣ ♥ ♥ ♠ ♠), each built up in suit (Rule I); each Volunteer is a descending sequence
          in alternate colours from its first card (Rule II: nothing else is placed on a Volunteer).

        >>> RedAndBlack.deal(seed=3).inconsistencies()
        []
        >>> game = RedAndBlack.arrange({1: "4♠ 3♥", 2: "9♦", 3: "8♦", 4: "10♣", 5: "J♦", 6: "K♣",
        ...                             7: "7♦", 8: "Q♥ 5♠"})
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        Rule II: volunteer 8 is not a descending sequence in alternate colours (5♠ on Q♥)
        """
        faults = []
        piles, redeals = self.piles, self.counters["redeals"]
        pack, talon = len(piles["pack"].cards), len(piles["talon"].cards)
        hand = len(whist_pack(self.packs)) - len(FOUNDATION_NAMES) - VOLUNTEERS
        if pack + talon > hand:
            faults.append(f"the aces and the Volunteers are out before the pack is laid down, so the "
                          f"pack and the talon hold {hand} cards at most, not {pack + talon}")
        if not 0 <= redeals <= self.options.redeals:
            faults.append(f"the talon is re-dealt {redeals} times, of {self.options.redeals} allowed")
        vacant = self.vacancies()
        if vacant and (pack or (self.options.refill == "talon" and talon)):
            whence = "the pack" if pack else "the talon"
            faults.append(f"{vacant[0]} is empty while {whence} holds cards, but a vacancy is filled at once")
        for name, suit in zip(FOUNDATION_NAMES, FOUNDATION_SUITS):
            cards = piles[name].cards
            if not cards or cards[0] != Card(Rank.ACE, suit):
                faults.append(f"{name} begins with {cards[0] if cards else 'nothing'}, not the ace of "
                              f"{suit.name.lower()}")
            elif any(ACES_UP.build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                faults.append(f"Rule I: {name} is out of sequence")
        for name in VOLUNTEER_NAMES:
            cards = piles[name].cards
            wrong = ALTERNATE.first_break(cards)
            if wrong is not None:
                faults.append(f"Rule II: {name} is not a descending sequence in alternate colours "
                              f"({wrong[1]} on {wrong[0]})")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 033's arrangement: the eight aces in a line, the Volunteers beneath them, each
        fanned downwards as sequences grow on it, and the pack below their middle, with the talon
        (which the plate does not show) beside it."""
        from ..render import fan_height

        step = 1.2
        longest = max([1] + [len(self.piles[v]) for v in self.piles_of("volunteer")])
        below = round(1.3 + fan_height(longest) + 0.3, 2)
        spots = [Spot(f, step * i, 0) for i, f in enumerate(self.piles_of("foundation"))]
        spots += [Spot(v, step * i, 1.3, fan="down") for i, v in enumerate(self.piles_of("volunteer"))]
        middle = step * (VOLUNTEERS - 1) / 2
        spots.append(Spot("pack", middle, below, label="pack"))
        spots.append(Spot("talon", middle + 2 * step, below, label="talon"))
        return spots


RedAndBlack.PLATE = str(RedAndBlack.from_volunteers(PLATE_VOLUNTEERS, PLATE_PACK_SEED))
