"""Two Rings: the sevens and the sixes of two packs in two rings, fed from a bracelet of eight.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Two Rings", plate 038.  Two packs.  The eight sevens and the eight sixes are
withdrawn and laid in two rings; they are the foundations, the sevens
ascending in suit to the kings, the sixes descending in suit to the aces (the
Rule: "the foundations follow suit").  Eight cards are dealt in a line, the
*bracelet*; its suitable cards are played, its vacancies refilled, and
unsuitable cards placed on the talon.  In the engine's reading, which fills in
what the short chapter leaves unsaid, the vacancies are refilled from the
pack, the cards of the pack that are of no use go to the talon, and the
talon's top card stays available (``play_talon=false`` keeps it back).  When
the pack is exhausted the talon may be taken up and dealt again, once; the
text does not say it is shuffled, and the engine does not shuffle it
(``take_up=shuffled`` does).  If the game succeeds, the rings are of kings and
of aces.

Dealing a card from the pack is a move (``deal``): it goes to the first
vacancy of the bracelet, or to the talon when the bracelet is full.  So the
whole game, re-deal included, is one replayable record.  The foundations are
``foundation 1`` … ``foundation 8`` (the ring of sevens) and ``foundation 9`` …
``foundation 16`` (the ring of sixes), each ring numbered clockwise from the
top left as the plate draws it; the bracelet is ``bracelet 1`` …
``bracelet 8``, left to right.  The pack is face down and deals from its top,
the last card of its line in the position text.

>>> from patience import load, render
>>> game = load("two-rings", seed=1)
>>> print(render.text(game))
7♣    7♦    6♣    6♦
7♥    6♥    7♠    6♠
7♠    6♠    7♥    6♥
7♦    7♣    6♦    6♣
pack ##×80   8♠    K♠    J♠    4♦    9♣    5♣    10♠   10♦   talon --
>>> print(game.play("deal"), "|", game.piles["talon"])
deal | 3♣
>>> [str(c) for c in TwoRings.from_plate().piles["bracelet 1"]]
['4♦']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar, Iterable

from ..build import Build, Foundation, suit_run
from ..cards import Card, Rank, Suit, whist_pack
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition, UnknownOption
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, move_onto
from ..options import Option
from . import register

__all__ = ["TwoRings", "SEVENS", "SIXES", "BRACELET", "RING_SUITS"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Two Rings”"

#: The foundations: "The sevens ascend to kings, the sixes descend to aces (Rule)."
ASCENDING = Foundation(Rank.SEVEN, Build("up", "same"))
DESCENDING = Foundation(Rank.SIX, Build("down", "same"))

#: The two rings, each numbered clockwise from its top left card.
SEVENS = tuple(f"foundation {n}" for n in range(1, 9))
SIXES = tuple(f"foundation {n}" for n in range(9, 17))
#: "You next deal out eight cards in a horizontal line. This is called the bracelet."
BRACELET = tuple(f"bracelet {n}" for n in range(1, 9))
#: The suits round each ring, clockwise from the top left, as plate 038 shows them (the chapter
#: gives the reading).
RING_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS) * 2

FOUNDATIONS = SEVENS + SIXES
#: The values of the option ``take_up``, in the order the search in C numbers them.
TAKE_UPS = ("turned", "top-first", "shuffled")
#: The cards a talon may hold: all but the sevens and the sixes.
PLAY = 2 * 52 - len(FOUNDATIONS)
#: The most re-deals left whose shuffles the search in C is given (``MAX_SHUFFLES`` there).
MAX_SHUFFLES = 64


def _next_card(build: Build, top: Card) -> int:
    """The code of the card that ``build`` lays on ``top`` next (0: none, past the king or the ace)."""
    return next((card for card in whist_pack() if build.follows(top, card)), 0)


#: The card a foundation topped by each card takes next, by code: the sevens ascend and the sixes
#: descend, in suit (the Rule).
TAKES_UP = (0, *(_next_card(ASCENDING.build, top) for top in whist_pack()))
TAKES_DOWN = (0, *(_next_card(DESCENDING.build, top) for top in whist_pack()))
#: Each card's text, by its code.



DEAL = Move("deal", (), "pack", None, "deal")
REDEAL = Move("redeal", (), "talon", "pack", "redeal")

_ARROWS = re.compile(r"\s*(?:->|=>|→|\bonto\b|\bon\b|\bto\b)\s*", re.IGNORECASE)

#: Where the piles are drawn: the rings interlock as on the plate, on a grid of columns
#: (in card widths) shared with the bracelet below them.
STEP = 1.1
#: (column, row) of each foundation: each ring an octagon of two cards above, two on either
#: side and two below; the right side of the ring of sevens lies inside the ring of sixes,
#: and the left side of the ring of sixes inside the ring of sevens.
_RING_PLACES = {
    SEVENS[0]: (3, 0), SEVENS[1]: (4, 0), SEVENS[2]: (5.3, 1), SEVENS[3]: (5.3, 2),
    SEVENS[4]: (4, 3), SEVENS[5]: (3, 3), SEVENS[6]: (1.7, 2), SEVENS[7]: (1.7, 1),
    SIXES[0]: (5, 0), SIXES[1]: (6, 0), SIXES[2]: (7.3, 1), SIXES[3]: (7.3, 2),
    SIXES[4]: (6, 3), SIXES[5]: (5, 3), SIXES[6]: (3.7, 2), SIXES[7]: (3.7, 1),
}
BRACELET_ROW = 4.3

REDEAL_WORDS = "The talon may be taken up and re-dealt once."


@register
class TwoRings(Game):
    """Two Rings: two packs; sixteen foundations, sevens up and sixes down, and a bracelet of eight."""

    slug = "two-rings"
    name = "Two Rings"
    chapter = "two-rings"
    order = 38
    source = SOURCE
    plate = "038"
    packs = 2
    #: The book's one rule (it is not numbered), the paragraphs of PLAY a move can break, and the
    #: book's definition of the talon, under the short names the engine cites.
    RULES = {
        "Rule": "The foundations follow suit.",
        "Foundations": "Withdraw from the pack all the sevens and all the sixes, and arrange them as "
        "in tableau. These are the foundations. The sevens ascend to kings, the sixes descend to aces "
        "(Rule).",
        "Bracelet": "You next deal out eight cards in a horizontal line. This is called the bracelet. "
        "Take from the bracelet all suitable cards and play them on the foundations, refilling "
        "vacancies in the bracelet, and placing unsuitable cards on the talon.",
        "Talon": "Cards which, being unsuitable at the moment, are laid aside in one or more packets "
        "till they can come into use. (The book's Terms.)",
        "Re-deal": REDEAL_WORDS,
    }
    AVAILABILITY = ("Talon", "only the top card of the talon is available")
    SEARCH_IN_C = search_in_c("games._two_rings_search")
    NODES_IN_C = 1_000_000
    #: The searches again: the core's, then 4,096 of 500 positions each (in C, about two seconds on a
    #: deal they leave unknown).  Where a first search of 100,000 positions leaves a deal unknown, many
    #: short searches win it, a long one seldom: of the 87 such deals of 1 to 400, the core's searches
    #: again win 43 and the 4,096 more 39 of the other 44 (all 34 of deals 1 to 200); a first search of
    #: 2,000,000 wins 9 of the first 46, and 64 of 25,000 each 24.
    RESTARTS = (*SEARCH_AGAIN, (4096, 500))
    UNDEALT_RULE = ("Bracelet", "the card has not been dealt yet")
    COUNTERS = ("redeals",)
    OPTIONS = (
        Option("redeals", 1, "re-deals of the talon allowed (the book: “re-dealt once”)"),
        Option(
            "take_up",
            "turned",
            "how the talon becomes the pack again: 'turned' (taken up as it lies and turned face down, "
            "so that the card laid there first is dealt first: the book says nothing of a shuffle), "
            "'top-first' (dealt from its top, the card laid there last dealt first) or 'shuffled'",
            choices=TAKE_UPS,
        ),
        Option(
            "play_talon",
            True,
            "whether the top card of the talon may be played on the foundations (the book's Terms: the "
            "talon's cards are laid aside “till they can come into use”); false: the talon's cards come "
            "into use only when it is re-dealt",
        ),
        Option(
            "fill_from",
            "pack",
            "where vacancies in the bracelet are refilled from: the 'pack' only (the next card dealt "
            "goes into the vacancy), or 'pack-or-talon' (the top card of the talon may also be moved "
            "into a vacancy)",
            choices=("pack", "pack-or-talon"),
        ),
    )

    #: Plate 038, read card by card (the reading is in the chapter): the two rings laid out, the
    #: bracelet dealt, no card yet played and the talon not begun.  The 80 cards still in the pack
    #: are not on the plate: they are set in the order chosen in the chapter.
    PLATE: ClassVar[str | None] = None  # set below the class, from PLATE_BRACELET and PLATE_PACK

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options.redeals < 0:
            raise UnknownOption(f"option redeals must be 0 or more, not {self.options.redeals}")

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        return list(SEVENS + SIXES) + ["pack"] + list(BRACELET) + ["talon"]

    def foundation_rule(self, name: str) -> Foundation:
        return ASCENDING if name in SEVENS else DESCENDING

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw the sevens and the sixes and lay them in their rings; the rest of the two packs
        is the pack, face down, and the first eight cards dealt from it are the bracelet."""
        ring_cards = [c for c in cards if c.rank in (Rank.SEVEN, Rank.SIX)]
        for ring, rank in ((SEVENS, Rank.SEVEN), (SIXES, Rank.SIX)):
            for name, suit in zip(ring, RING_SUITS):
                card = next(c for c in ring_cards if c.rank == rank and c.suit == suit)
                ring_cards.remove(card)
                self.piles[name] = Pile((card,))
        rest = [c for c in cards if c.rank not in (Rank.SEVEN, Rank.SIX)]
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))
        for _ in BRACELET:
            self._deal_one()

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        bracelet: str = "",
        talon: str = "",
        sevens: str = "",
        sixes: str = "",
        pack: str = "",
        **options: Any,
    ) -> TwoRings:
        """A position made of the cards that matter, for examples and tests.

        ``bracelet`` lists its eight places left to right, ``--`` for a vacancy (fewer than eight
        leave the rest vacant); ``talon`` lists the talon, bottom first.  ``sevens`` and ``sixes``
        name the top card of each foundation of the ring in order (``"9♣"``: the 7♣, 8♣ and 9♣),
        ``--`` for the bare seven or six; by default every foundation is bare.  ``pack`` lists the
        next cards to deal, the next first; every card not placed anywhere follows them in the
        pack, in new-pack order.

        >>> game = TwoRings.arrange("8♣ -- K♦", talon="2♠ 5♥", sevens="9♣", sixes="-- 4♦")
        >>> print(game.piles["foundation 1"], "|", game.piles["foundation 10"], "|", game.piles["talon"])
        7♣ 8♣ 9♣ | 6♦ 5♦ 4♦ | 2♠ 5♥
        >>> len(game.piles["pack"]), game.piles["pack"].top
        (80, Card.parse('A♠'))
        """
        piles: dict[str, str] = {}
        tokens = bracelet.split()
        if len(tokens) > len(BRACELET):
            raise InvalidPosition("the bracelet has eight places")
        for name, token in zip(BRACELET, tokens):
            if token != "--":
                piles[name] = token
        for ring, tops, base in ((SEVENS, sevens, Rank.SEVEN), (SIXES, sixes, Rank.SIX)):
            given = tops.split()
            for i, name in enumerate(ring):
                suit = RING_SUITS[i]
                top = Card.parse(given[i]) if i < len(given) and given[i] != "--" else Card(base, suit)
                if top.suit != suit:
                    raise InvalidPosition(f"{name} is of {suit.name.lower()}, not {top}")
                piles[name] = " ".join(map(str, suit_run(Card(base, suit), top, down=base == Rank.SIX)))
        piles["talon"] = talon
        piles["pack"] = pack
        return super().arrange(piles, rest="pack", to_deal=True, **options)

    # ------------------------------------------------------------------ dealing
    def vacancies(self) -> list[str]:
        """The empty places of the bracelet, left to right."""
        return [name for name in BRACELET if self.piles[name].is_empty]

    def next_place(self) -> str:
        """Where the next card of the pack goes: the first vacancy of the bracelet ("refilling
        vacancies in the bracelet"), else the talon ("placing unsuitable cards on the talon")."""
        return next(iter(self.vacancies()), "talon")

    def _deal_one(self) -> None:
        """The next card of the pack to the first vacancy of the bracelet, else to the talon
        (:meth:`next_place`)."""
        piles = self.piles
        target = "talon"
        for name in BRACELET:
            if not piles[name].cards:
                target = name
                break
        pack, onto = piles["pack"], piles[target]
        left = len(pack.cards) - 1
        piles["pack"] = Pile(pack.cards[:left], min(pack.face_down, left))
        piles[target] = Pile(onto.cards + pack.cards[left:], onto.face_down)

    def take_up(self) -> list[Card]:
        """The talon taken up for the re-deal: its cards in the order they will be dealt again.

        "The talon may be taken up and re-dealt once": the book says nothing of a shuffle.  Taken
        up as it lies and turned face down, the talon's bottom card (the first laid there) comes
        uppermost and is dealt first, so the cards come out in the order they went in.

        >>> game = TwoRings.arrange(talon="2♠ 5♥ 9♣")
        >>> " ".join(map(str, game.take_up()))
        '2♠ 5♥ 9♣'
        >>> " ".join(map(str, TwoRings.arrange(talon="2♠ 5♥ 9♣", take_up="top-first").take_up()))
        '9♣ 5♥ 2♠'
        """
        talon = list(self.piles["talon"].cards)
        if self.options.take_up == "top-first":
            return talon[::-1]
        if self.options.take_up == "shuffled":
            return self.shuffle(talon)
        return talon

    # ------------------------------------------------------------------ moves
    def available(self) -> list[str]:
        """The places whose top card may be played: the cards of the bracelet and the top of the talon
        (unless the option ``play_talon`` is false)."""
        places = BRACELET + (("talon",) if self.options.play_talon else ())
        return [name for name in places if self.piles[name].cards]

    def moves(self) -> Iterable[Move]:
        """Candidate moves: each available card to the foundations, the deal and the re-deal; then
        moves a player might try that the rules forbid (or that an option allows): the talon's
        top card into a vacancy, a card of the bracelet to the talon, and cards laid on one another."""
        free = [name for name in BRACELET + ("talon",) if self.piles[name].cards]
        for source in free:
            yield from self.foundation_moves(source, self._card(source))
        yield DEAL
        yield REDEAL
        vacancy = next(iter(self.vacancies()), None)
        talon = self.piles["talon"].top
        if talon is not None and vacancy is not None:
            yield Move("move", (talon,), "talon", vacancy, f"{talon} → space")
        for source in free:
            card = self._card(source)
            if source != "talon":
                yield Move("move", (card,), source, "talon", f"{card} → talon")
            for other in BRACELET:
                under = self.piles[other].top
                if other != source and under is not None:
                    yield Move("move", (card,), source, other, f"{card} → {under}")

    def generate_legal_moves(self) -> list[Move]:
        """The moves the rules allow: the same moves, in the same order, as :meth:`moves` filtered
        by :meth:`violation`, found without trying the forbidden ones."""
        piles = self.piles
        # The Rule: the foundation each card goes to, by its code: the first of the ring that
        # takes it (two of a ring that take the same card hold the same cards, so one move is
        # offered, as :meth:`Game.foundation_moves` offers it).
        takers: dict[int, str] = {}
        for ring, takes in ((SEVENS, TAKES_UP), (SIXES, TAKES_DOWN)):
            for name in ring:
                card = takes[piles[name].cards[-1]]
                if card not in takers:
                    takers[card] = name
        play_talon = self.options.play_talon
        legal: list[Move] = []
        for source in (*BRACELET, "talon") if play_talon else BRACELET:
            cards = piles[source].cards
            if cards and cards[-1] in takers:
                card = cards[-1]
                legal.append(move_onto((card,), source, takers[card], "foundation"))
        # The pack is dealt while it lasts; then the talon may be taken up (the re-deal), once.
        talon = piles["talon"].cards
        if piles["pack"].cards:
            legal.append(DEAL)
        elif talon and self.counters["redeals"] < self.options.redeals:
            legal.append(REDEAL)
        if talon and play_talon and self.options.fill_from == "pack-or-talon":
            for vacancy in BRACELET:
                if not piles[vacancy].cards:
                    card = talon[-1]
                    legal.append(move_onto((card,), "talon", vacancy, "space"))
                    break
        return legal

    # ------------------------------------------------------------ for solvers
    INTERCHANGEABLE = ("foundation",)

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, quick to make and to compare: the foundations in a fixed
        order, each by its top card (a seven or above tells a foundation of the sevens, with its
        suit from the seven up to that card; a six or below one of the sixes: the rules treat the
        two of a suit in a ring alike), the bracelet place by place (the next card dealt goes to
        its first vacancy), the talon, the pack (before a re-deal by its length: it only ever
        gives up its top card, so within one game its length tells what it holds) and the
        re-deals made.

        >>> game = TwoRings.arrange("8♣ -- K♦", sevens="9♣")
        >>> twin = TwoRings.from_position(str(game).replace("foundation 1:", "foundation 0:")
        ...     .replace("foundation 5:", "foundation 1:").replace("foundation 0:", "foundation 5:"))
        >>> twin.solver_key() == game.solver_key(), twin.state_key() == game.state_key()
        (True, False)
        """
        piles = self.piles
        # The foundations are alike (INTERCHANGEABLE): in a fixed order.
        tops = tuple(sorted([piles[name].cards[-1] for name in FOUNDATIONS]))
        bracelet = tuple([piles[name].cards for name in BRACELET])
        redeals = self.counters["redeals"]
        pack = piles["pack"].cards
        return (tops, bracelet, piles["talon"].cards, pack if redeals else len(pack), redeals)

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the bracelet's places (each the bytes of its card, or none), the talon (bottom
        first), the foundations in the order of :data:`FOUNDATIONS` (each bottom first), the re-deals made
        and allowed, the take-up (its place in :data:`TAKE_UPS`), whether the talon's top card plays,
        whether it may refill a vacancy (``fill_from=pack-or-talon``), and the shuffles of the re-deals
        left (:meth:`shuffles`).

        >>> pack, bracelet, talon, rings, made, allowed, *rules, shuffles = TwoRings.deal(seed=1).description()
        >>> len(pack), [len(place) for place in bracelet], talon, [len(ring) for ring in rings[:9]]
        (80, [1, 1, 1, 1, 1, 1, 1, 1], b'', [1, 1, 1, 1, 1, 1, 1, 1, 1])
        >>> made, allowed, rules, shuffles
        (0, 1, [0, True, False], ())
        """
        piles, options = self.piles, self.options
        return (bytes(piles["pack"].cards), tuple(bytes(piles[name].cards) for name in BRACELET),
                bytes(piles["talon"].cards), tuple(bytes(piles[name].cards) for name in FOUNDATIONS),
                self.counters["redeals"], options.redeals, TAKE_UPS.index(options.take_up), options.play_talon,
                options.fill_from == "pack-or-talon", self.shuffles())

    def shuffles(self) -> tuple[bytes, ...]:
        """With ``take_up=shuffled``, the shuffle of each re-deal left, in turn, for a search that cannot
        shuffle as :meth:`take_up` does: after the re-deal, of a talon of ``n`` cards the ``k``-th card dealt
        is the talon's (bottom first) ``shuffles()[i][n * (n - 1) // 2 + k]``-th, for every ``n`` a talon
        may hold (:meth:`shuffle` orders a talon by its size and the re-deal's number alone).  Empty in
        the other readings.

        >>> game = TwoRings.arrange(talon="2♠ 5♥ 9♣ K♦", take_up="shuffled")
        >>> order = game.shuffles()[0][6:10]
        >>> talon = game.piles["talon"].cards
        >>> [talon[k] for k in order] == game.shuffle(list(talon), redeals=1)
        True
        """
        if self.options.take_up != "shuffled":
            return ()
        made = self.counters["redeals"]
        return tuple(b"".join(self.shuffle_orders(number, PLAY))
                     for number in range(made + 1, self.options.redeals + 1))

    def own_search(self) -> Any:
        """The search in C, but where it is not given the shuffles of so many re-deals left
        (:data:`MAX_SHUFFLES`): the core's."""
        left = self.options.redeals - self.counters["redeals"]
        return None if self.options.take_up == "shuffled" and left > MAX_SHUFFLES else self.SEARCH_IN_C

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation once nothing can change where the next cards go and it
        can only wait for its foundation: no re-deal is left and no card is moved into a vacancy
        (``fill_from=pack``), and it is the top card of the talon, or the pack is dealt out; and
        the other foundation of its suit in its ring has reached the card before it (or gone
        past it).

        Such a card leaves its place only for a foundation.  A winning line plays it up some time;
        if it first plays the other card of the same value to the foundation this one takes, the
        other foundation of the suit stands just below that value until this one comes, and takes
        that card instead.  Meanwhile the card lies in the bracelet (with no card left to deal, its
        place takes none) or in the talon under cards dealt on it, which lie as well on the card
        beneath.  So the line can play it up at once and make every other move it made: the only
        difference is the card gone, which no move needed.
        """
        if self.options.fill_from != "pack" or self.counters["redeals"] < self.options.redeals:
            return None
        piles = self.piles
        dealt_out = not piles["pack"].cards
        for move in moves:
            kind, cards, source, target, _ = move
            if kind != "move" or target is None or not target.startswith("foundation") \
                    or not (source == "talon" or dealt_out):
                continue
            card = cards[0]
            up = target in SEVENS
            ring = SEVENS if up else SIXES
            before = card.value - 1 if up else card.value + 1
            reached = 0
            for name in ring:
                pile = piles[name].cards
                if pile[0].suit is card.suit and (pile[-1].value >= before if up else pile[-1].value <= before):
                    reached += 1
            if reached >= self.packs:
                return move
        return None

    def _card(self, name: str) -> Card:
        card = self.piles[name].top
        assert card is not None
        return card

    def foundation_for(self, card: Card) -> str:
        """The foundation ``card`` would be played to: the first that takes it, else the first of
        its suit in the ring its rank belongs to (eight to king: the sevens; five to ace: the
        sixes), so that a refused card is judged against the foundation the player means."""
        names = self.piles_of("foundation")
        for name in names:
            if self.foundation_fault(name, card) is None:
                return name
        ring = SEVENS if card.rank >= Rank.SEVEN else SIXES
        same = [n for n in ring if self.piles[n].cards and self.piles[n].cards[0].suit == card.suit]
        return (same or list(ring))[0]

    # ---------------------------------------------------------------- violations
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return self._deal_violation()
        if move.kind == "redeal":
            return self._redeal_violation()
        if (move.kind != "move" or move.source not in self.piles or move.target not in self.piles
                or len(move.cards) != 1 or move.source == move.target):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        source = self.piles[move.source]
        if move.source in SEVENS + SIXES:
            return self.illegal(*self.STAYS["foundation"], card)
        if move.source == "pack":
            return self.illegal("Bracelet", "the card has not been dealt yet", card)
        if source.top != card:
            return self.illegal(*self.AVAILABILITY, card)
        if move.source == "talon" and not self.options.play_talon:
            return self.illegal("Re-deal", "the talon's cards come into use only when it is re-dealt", card)
        if move.target in SEVENS + SIXES:
            return self._foundation_violation(move.target, card)
        if move.target == "talon":
            return self.illegal("Bracelet", "only the unsuitable cards of the pack are placed on the talon",
                                card)
        if move.target == "pack":
            return IllegalMove("Play", "cards are not put back in the pack", str(card))
        under = self.piles[move.target].top
        if under is not None:
            return self.illegal("Bracelet", "cards are played from the bracelet and the talon only to the "
                                "foundations", card, under)
        if move.source != "talon" or self.options.fill_from == "pack":
            return self.illegal("Bracelet", "vacancies in the bracelet are refilled from the pack", card)
        return None

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """The Rule and the paragraph on the foundations."""
        up = name in SEVENS
        words = "the sevens ascend in sequence to kings" if up else "the sixes descend in sequence to aces"
        reasons = {
            "must follow suit": ("Rule", "the foundations follow suit"),
            "start": ("Foundations", "the foundations are the sevens and the sixes"),
            "*": ("Foundations", words),
        }
        top = self.piles[name].top
        return self.explain(self.foundation_fault(name, card), reasons, card, *([top] if top else []))

    def _deal_violation(self) -> IllegalMove | None:
        if not self.piles["pack"].is_empty:
            return None
        if self.piles["talon"].cards and self.counters["redeals"] < self.options.redeals:
            return IllegalMove("Re-deal", "the pack is exhausted: take up the talon (redeal) to deal again")
        return IllegalMove("Bracelet", "the pack is exhausted")

    def _redeal_violation(self) -> IllegalMove | None:
        """The paragraph on the re-deal: the talon, once the pack is exhausted, once only."""
        allowed = self.options.redeals
        if self.counters["redeals"] >= allowed:
            words = {0: "this game has no re-deal", 1: "the talon may be re-dealt only once"}.get(
                allowed, f"the talon may be re-dealt only {allowed} times")
            return IllegalMove("Re-deal", words)
        left = len(self.piles["pack"])
        if left:
            return IllegalMove("Re-deal", "the talon is taken up when the pack is exhausted",
                               f"{left} card{'s' if left != 1 else ''} still to deal")
        if self.piles["talon"].is_empty:
            return IllegalMove("Re-deal", "the talon is empty")
        return None

    # ------------------------------------------------------------------ invariants
    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The eight sevens and the eight sixes were withdrawn before the
          deal, so none lies outside the rings; the bracelet's eight cards were dealt first, so
          before the re-deal the pack holds 80 cards at most; the re-deals made are no more than
          the option ``redeals`` allows.
        - *Which places may be empty.*  No foundation: each holds its seven or six from the start.
          A place of the bracelet may be vacant at any time (dealing is not forced), but holds one
          card at most, since cards go from it only to the foundations and none is laid on it.
        - *What may lie where.*  Foundations 1 to 8 begin with a seven and ascend in suit to the
          king, foundations 9 to 16 begin with a six and descend in suit to the ace (the Rule);
          each ring holds the two sevens, or the two sixes, of each suit.

        >>> TwoRings.deal(seed=4).inconsistencies()
        []
        >>> for fault in TwoRings.arrange("8♣ -- K♦").inconsistencies():
        ...     print(fault)
        the bracelet's eight cards were dealt first, so the pack holds 80 cards at most before the re-deal, not 86
        """
        faults = []
        piles = self.piles
        redeals = self.counters["redeals"]
        if not 0 <= redeals <= self.options.redeals:
            faults.append(f"the talon is re-dealt {self.options.redeals} times at most, not {redeals}")
        for name in ("pack", *BRACELET, "talon"):
            stray = next((c for c in piles[name].cards if c.rank in (Rank.SEVEN, Rank.SIX)), None)
            if stray is not None:
                faults.append(f"the sevens and the sixes were withdrawn, but {stray} lies in {name}")
        pack = len(piles["pack"].cards)
        if not redeals and pack > len(whist_pack(self.packs)) - len(FOUNDATIONS) - len(BRACELET):
            faults.append(f"the bracelet's eight cards were dealt first, so the pack holds 80 cards at "
                          f"most before the re-deal, not {pack}")
        for name in BRACELET:
            if len(piles[name].cards) > 1:
                faults.append(f"a place of the bracelet holds one card at most, but "
                              f"{len(piles[name].cards)} lie in {name}")
        for ring, rule in ((SEVENS, ASCENDING), (SIXES, DESCENDING)):
            for name in ring:
                cards = piles[name].cards
                if not cards:
                    faults.append(f"{name} is empty, but it holds its {rule.base.name.lower()} from the start")
                elif cards[0].rank != rule.base:
                    faults.append(f"{name} begins with {cards[0]}")
                elif any(rule.build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                    faults.append(f"{name} is out of sequence")
            suits = Counter(piles[name].cards[0].suit for name in ring if piles[name].cards)
            if any(count > self.packs for count in suits.values()):
                faults.append(f"the ring of {rule.base.name.lower()}s holds more than two foundations of a suit")
        return faults

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        if move.kind == "deal":
            self._deal_one()
        elif move.kind == "redeal":
            self.counters["redeals"] += 1  # first: a shuffled take-up is seeded by the re-deal's number
            cards = self.take_up()
            self.piles["talon"] = Pile()
            self.piles["pack"] = Pile(tuple(reversed(cards)), len(cards))
        else:
            assert move.source is not None and move.target is not None
            self.transfer(move.source, move.target)

    @property
    def is_won(self) -> bool:
        piles = self.piles
        return all(len(piles[f].cards) == 7 for f in SEVENS) and all(len(piles[f].cards) == 6 for f in SIXES)

    # ------------------------------------------------------------------ parsing
    def aliases(self, move: Move) -> set[str]:
        """A move into a vacancy (``8♦ → space``) may also be written ``8♦ → vacancy``, or name the
        place (``8♦ → bracelet 3``)."""
        names = super().aliases(move)
        if move.kind == "move" and move.target in BRACELET and self.piles[move.target].is_empty:
            names.add(f"{move.cards[0]} → vacancy")
        return names

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 038's arrangement: the two rings interlocking, the ring of sevens on the left and
        the ring of sixes on the right; below them the pack and the bracelet, and the talon at the
        right end of the line."""
        # The rings sit a hair (three pixels) to the right of the bracelet's columns, so that the text
        # diagram does not pad a card of the bracelet to the width of a foundation above it.
        spots = [Spot(name, round(STEP * c + 0.05, 2), r) for name, (c, r) in _RING_PLACES.items()]
        spots.append(Spot("pack", 0, BRACELET_ROW, label="pack"))
        spots += [Spot(name, STEP * (i + 1), BRACELET_ROW) for i, name in enumerate(BRACELET)]
        spots.append(Spot("talon", STEP * 9, BRACELET_ROW, label="talon"))
        return spots


#: The bracelet of plate 038, left to right.  The 4♦ and the 10♥ are sure, and the rank of every pip
#: card; the other suits were read from the pips' shapes at magnification (the 9♠ and 2♠ as spades,
#: the A♣ and 3♣ as clubs, the K♦ by its corner signs), and the card of place 5 cannot be made out, so
#: its Q♣ is a guess (see the chapter's table; the re-reading of issue 14 changed no card).
PLATE_BRACELET = "4♦ 9♠ A♣ 3♣ Q♣ 2♠ K♦ 10♥"


def _plate_position() -> str:
    game = TwoRings.arrange(PLATE_BRACELET, pack=PLATE_PACK)
    game.seed = 0
    return str(game)


#: The 80 cards still in the pack on the plate, the next first.  The plate does not show them:
#: they are the other cards of the two packs in new-pack order, shuffled with seed 1; a search
#: that sees every card wins the game from the plate's position with them.
PLATE_PACK = """\
Q♦ 8♠ A♦ K♠ 3♥ J♥ A♣ 10♠ A♦ J♥ 8♦ J♦ J♠ 3♠ 3♥ 2♣ 8♥ 9♦ 5♠ 8♠ 3♣ 5♥ 2♦ 3♦ 3♦
2♦ 9♠ A♠ Q♥ 9♣ 4♥ Q♦ J♣ 10♦ K♣ Q♣ 5♠ 3♠ 5♣ 4♦ Q♥ K♦ 8♦ 4♥ 4♠ 4♣ J♠ 2♠ K♣ K♠
8♣ 9♣ K♥ 4♣ A♥ 10♦ 9♥ 5♦ 10♣ 2♣ 5♥ 9♦ 4♠ 2♥ 10♠ 10♣ 8♥ 9♥ 10♥ K♥ 5♦ A♥ J♣ 2♥ J♦
A♠ Q♠ 8♣ Q♠ 5♣
"""

TwoRings.PLATE = _plate_position()
