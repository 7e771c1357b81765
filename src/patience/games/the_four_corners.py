"""The Four Corners: twelve packets round a centre of eight foundations, dealt card by card.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Four Corners", plate 005.  Two packs.  Twelve packets are dealt in the
book's order (on the left the top corner, the four sides, the lower corner;
then the same on the right), and the whole pack is dealt on them in rounds.
The foundations are four aces and four kings of different suits, played in the
centre as they appear; the aces ascend in suit to kings, the kings descend to
aces.  While the pack lasts, a card on a corner packet may be played to any
foundation, but a card on a side packet only to the foundation adjoining it,
and a card withdrawn as it is dealt is replaced by the next card of the pack.
After the deal the uppermost card of each packet is available, marriages are
made both up and down in suit, and sequences may be reversed from one packet
onto another.  The packets may be taken up in order and dealt again twice.

Every card dealt is a move (``deal``), so a game is a replayable record.  The
packets are named ``corner 1`` … ``corner 4`` (top left, lower left, top right,
lower right) and ``side 1`` … ``side 8`` (the left side top to bottom, then the
right side); ``foundation N`` is the space adjoining ``side N``.  The pack is
face down and deals from its top (the last card of its line in the position
text).  Two counters keep the deal: ``deal_to`` is the place in the deal order
(:data:`DEAL_ORDER`, 1–12) of the packet that takes the next card, and
``just_dealt`` the place of the packet whose uppermost card is the card just
dealt (0 when there is none).

>>> from patience import load
>>> game = load("the-four-corners", seed=2)
>>> len(game.piles["pack"])
104
>>> for _ in range(7):
...     _ = game.play("deal")
>>> for name in DEAL_ORDER[:8]:
...     print(f"{name}: {game.piles[name]}".rstrip())
corner 1: 2♠
side 1: 6♠
side 2: J♠
side 3: 5♦
side 4: 2♦
corner 2: 2♥
corner 3: 8♠
side 5:
>>> print(TheFourCorners.from_plate().piles["corner 1"])
3♥
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..build import Build, marriage_reasons, reversal, sequence_length, suit_run
from ..cards import Card, InvalidCard, Rank, Suit
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto, normalise_notation
from ..options import Option
from . import register

__all__ = ["TheFourCorners", "DEAL_ORDER", "adjoining", "sequence", "sequence_length", "reversal"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Four Corners”"

#: The order in which the twelve packets are dealt: "beginning on the left. Place the top
#: corner card, then the four side cards, lastly the lower corner card; repeat this process
#: on the right hand, beginning with the top corner".
DEAL_ORDER = (
    "corner 1", "side 1", "side 2", "side 3", "side 4", "corner 2",
    "corner 3", "side 5", "side 6", "side 7", "side 8", "corner 4",
)
FOUNDATIONS = tuple(f"foundation {n}" for n in range(1, 9))

#: Marriages "both in ascending and descending lines": same suit, one up or one down.
MARRIAGE = Build("either", "same")
#: A sequence, as the note on reversal means it: in suit, ascending or descending throughout.
ASCENDING, DESCENDING = Build("up", "same"), Build("down", "same")
#: The foundation space adjoining each side packet.
ADJOINING = {f"side {n}": f"foundation {n}" for n in range(1, 9)}
DEAL, REDEAL = Move("deal", notation="deal"), Move("redeal", notation="redeal")
_UP, _DOWN = ASCENDING.table(), DESCENDING.table()


def sequence_at_top(cards: tuple[Card, ...]) -> int:
    """:func:`~patience.build.sequence_length` from the build tables: how many cards at the top
    of a packet form a sequence in suit, ascending or descending to the top card.

    >>> sequence_at_top(tuple(Card.parse(x) for x in "K♠ 2♠ 3♠ 4♠".split()))
    3
    """
    n = len(cards)
    if n < 2:
        return n
    follows = _UP if _UP[cards[-2]][cards[-1]] else _DOWN if _DOWN[cards[-2]][cards[-1]] else None
    if follows is None:
        return 1
    i = n - 2
    while i and follows[cards[i - 1]][cards[i]]:
        i -= 1
    return n - i


def _size_then_cards(pile: Pile) -> tuple[int, tuple[Card, ...]]:
    return len(pile.cards), pile.cards


def adjoining(side: str) -> str:
    """The foundation space that adjoins a side packet: the plate draws the eight spaces in
    two columns of four, each beside one side packet.

    >>> adjoining("side 3"), adjoining("side 5")
    ('foundation 3', 'foundation 5')
    """
    return "foundation " + side.split()[-1]


def sequence(text: str) -> str:
    """A foundation written short, ``"A♠-7♠"`` or ``"K♥-9♥"``, as position text.

    >>> sequence("K♥-9♥")
    'K♥ Q♥ J♥ 10♥ 9♥'
    >>> sequence("A♣")
    'A♣'
    """
    first, _, last = text.replace("–", "-").partition("-")
    a = Card.parse(first)
    b = Card.parse(last) if last else a
    if a.suit != b.suit:
        raise InvalidPosition(f"a sequence is of one suit, not {text!r}")
    return " ".join(map(str, suit_run(a, b, down=b.value < a.value)))


@register
class TheFourCorners(Game):
    """The Four Corners: two packs, four corner and eight side packets, eight foundations."""

    slug = "the-four-corners"
    name = "The Four Corners"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 2 of the first 40 deals its study's search left unknown.
    PLAYS_OUT = True
    #: Searched in C (:meth:`~patience.game.Game.own_search`), some four million positions a second.  Its
    #: search spends nearly all of them on the marriages after the last deal, below the first lines it
    #: takes: of the 188 deals the study of 10,000 positions left unknown, a first search of 1,000,000
    #: wins 3 and one of 4,000,000 5; searched again in other orders (:attr:`RESTARTS`: 1,024 of 1,000,
    #: 256 of 10,000, 64 of 25,000 or 16 of 100,000, after a first search), it won none of the first 60.
    SEARCH_IN_C = search_in_c("games._the_four_corners_search")
    NODES_IN_C = 4_000_000
    chapter = "the-four-corners"
    order = 5
    source = SOURCE
    plate = "005"
    packs = 2
    #: The two numbered rules, then the paragraphs of PLAY a move can break, under short names.
    RULES = {
        "I": "After the deal is completed, the uppermost card of each packet is available and may be "
        "placed on any of the foundations, the cards underneath being released as usual by the "
        "removal of those that covered them.",
        "II": "Each foundation must follow suit.",
        "Deal": "Deal out twelve cards as in tableau, beginning on the left. Place the top corner card, "
        "then the four side cards, lastly the lower corner card; repeat this process on the right hand, "
        "beginning with the top corner, and leaving space in the centre for the foundation cards. … "
        "Having dealt the first round of twelve cards, proceed to deal out the entire pack in successive "
        "rounds covering the first one. … Whenever in dealing a card is withdrawn, to place on one of "
        "the foundations, the next card in the pack is placed in its stead.",
        "Foundations": "These will consist of four aces and four kings of different suits, the aces "
        "ascending in sequence to kings, and the kings descending in sequence to aces. … The eight "
        "foundation cards, as they appear in the deal (whether they fall on the corner or on the side "
        "packets), are to be at once played in the space reserved for them.",
        "Side packets": "… and on these may be played any suitable cards which in dealing fall on either "
        "of the four corner packets; but when a card (otherwise suitable) falls on either of the side "
        "packets, it may not be played unless the foundation to which it belongs happens to be the one "
        "immediately adjoining the side packet on which that card fell in dealing.",
        "Marriages": "After the entire deal is completed these restrictions cease, all suitable cards "
        "may now be played, subject to Rule I, and marriages, both in ascending and descending lines, "
        "may be made with cards on the surface of the twelve packets.",
        "Reversal": "The sequences thus made may be reversed if required, viz., if one of the packets "
        "contained a sequence, beginning with deuce and ascending to eight (this being, of course, the "
        "top card), and one of the other packets had at the top a nine of the same suit, the eight might "
        "be placed on the nine, the rest of the sequence following, till the deuce became the top (or "
        "available) card.",
        "Re-deal": "When all possible combinations have been made, and further progress is impossible, "
        "the twelve packets may be taken up in order, beginning on the left, re-dealt, and played "
        "exactly as before. If necessary, there may be two re-deals.",
    }
    AVAILABILITY = ("I", "only the uppermost card of each packet is available")
    COUNTERS = ("deal_to", "just_dealt", "redeals")
    #: The packets and the foundation spaces, once the deal is over and no re-deal is left
    #: (:meth:`solver_key`).
    INTERCHANGEABLE = ("corner", "side", "foundation")
    OPTIONS = (
        Option("redeals", 2, "re-deals allowed (the book: “there may be two re-deals”)"),
        Option(
            "redeal_when",
            "blocked",
            "when the packets may be taken up: 'blocked' (no card can be played to a foundation: "
            "“further progress is impossible”), 'stuck' (no card can be played or married either: "
            "“all possible combinations have been made”) or 'any' time after the deal",
            choices=("blocked", "stuck", "any"),
        ),
        Option(
            "places",
            "choice",
            "where a foundation card goes: the player's 'choice' of an empty space in the centre, or "
            "'in-turn' (the spaces filled in order, foundation 1 first, as the cards appear)",
            choices=("choice", "in-turn"),
        ),
        Option(
            "play_in_deal",
            "uppermost",
            "which cards may be played during the deal: any 'uppermost' card (a card on a side packet "
            "only to the foundation adjoining it), or only the card 'as-dealt', at the moment it falls",
            choices=("uppermost", "as-dealt"),
        ),
        Option(
            "take_up",
            "left-first",
            "the order of the re-dealt pack: 'left-first' (the packets taken up from the top left "
            "corner are dealt out first, each from its bottom card) or 'left-last' (the first packet "
            "taken up goes to the bottom of the pack and is dealt last)",
            choices=("left-first", "left-last"),
        ),
        Option(
            "pile_order",
            "as-laid",
            "how each packet comes out in the re-deal (the text does not say): 'as-laid' (taken up as it "
            "lies and turned over with the pack, so that its cards come out as they were laid, the bottom "
            "card first, as The Nation's columns do) or 'reversed' (the other way up, its top card first)",
            choices=("as-laid", "reversed"),
        ),
    )

    #: Plate 005, read card by card and re-read at eight times magnification, pip by pip, with no
    #: card changed (the evidence is in the chapter): the first round of twelve
    #: cards dealt, the foundation spaces empty.  The court card of the top right corner shows
    #: only its spade index: it is taken as Q♠, since a king would have been played to the centre
    #: at once.  The 92 cards still in the pack are not on the plate.  The editor chose the first
    #: five (A♣ K♥ 3♣ 9♠ J♥, the last five of the line: the pack deals from its end) to show the
    #: rules of the deal; the other 87 are the rest of the two packs in new-pack order shuffled
    #: with seed 5.
    PLATE = """\
the-four-corners seed=0 deal_to=1 just_dealt=12 redeals=0
pack: [7♠] [K♠] [Q♣] [6♦] [A♦] [10♠] [8♦] [K♦] [6♣] [A♣] [5♦] [9♣] [5♣] [8♣] [A♥] [6♥] [2♦] [3♠] \
[J♠] [A♠] [9♣] [2♠] [A♠] [Q♦] [4♣] [6♥] [4♥] [Q♦] [9♦] [8♥] [9♦] [6♠] [7♠] [K♠] [Q♠] [8♥] [2♥] [7♦] \
[J♥] [J♣] [J♦] [10♥] [A♥] [6♠] [8♣] [J♣] [7♦] [4♣] [9♥] [6♦] [10♣] [7♣] [5♥] [4♥] [10♦] [2♦] [2♠] \
[J♠] [2♣] [7♥] [4♦] [3♥] [3♦] [Q♣] [K♣] [8♠] [4♠] [Q♥] [8♠] [6♣] [4♦] [10♣] [5♣] [10♠] [3♠] [2♥] \
[K♣] [9♠] [J♦] [A♦] [9♥] [K♦] [5♠] [K♥] [5♠] [7♥] [10♥] [J♥] [9♠] [3♣] [K♥] [A♣]
corner 1: 3♥
side 1: Q♥
side 2: 2♣
side 3: 5♥
side 4: 10♦
corner 2: 5♦
corner 3: Q♠
side 5: 3♦
side 6: 7♣
side 7: 4♠
side 8: 3♣
corner 4: 8♦
"""

    # ------------------------------------------------------------------ setting up
    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        packets: Mapping[str, str],
        foundations: Mapping[int, str] | None = None,
        pack: str | None = None,
        **options: Any,
    ) -> TheFourCorners:
        """A position made of the piles that matter, for examples and tests.

        ``packets`` maps packet names to their cards (bottom first); ``foundations`` maps
        foundation numbers to sequences written short (``"A♠-7♠"``, ``"K♥-9♥"``).  With
        ``pack`` None the deal is over and every card must be placed; otherwise the rest of
        the two packs lies in the pack, face down, under the cards given for it (its top,
        the next to deal, last), and the next card goes to ``corner 1``.

        >>> g = TheFourCorners.arrange({"corner 1": "7♥"}, {2: "A♥-6♥"}, pack="8♥")
        >>> g.piles["pack"].top, len(g.piles["pack"]), str(g.piles["foundation 2"])
        (Card.parse('8♥'), 97, 'A♥ 2♥ 3♥ 4♥ 5♥ 6♥')
        """
        piles = dict(packets)
        piles.update({f"foundation {n}": sequence(text) for n, text in (foundations or {}).items()})
        if pack is None:
            game = cls(**options)
            lines = [f"{game.spec} seed=0 deal_to=1 just_dealt=0 redeals=0"]
            lines += [f"{name}: {cards}" for name, cards in piles.items()]
            return cls.from_position("\n".join(lines))
        piles["pack"] = " ".join(f"[{c}]" for c in pack.split())
        return super().arrange(piles, rest="pack", **options)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.counters["deal_to"] = 1

    @classmethod
    def from_position(cls, text: str) -> TheFourCorners:
        game = super().from_position(text)
        for name, top in (("deal_to", len(DEAL_ORDER)), ("just_dealt", len(DEAL_ORDER))):
            low = 1 if name == "deal_to" else 0
            if not low <= game.counters[name] <= top:
                raise InvalidPosition(f"{name} must be a place in the deal order, {low} to {top}")
        return game

    def pile_names(self) -> list[str]:
        return ["pack", *DEAL_ORDER, *FOUNDATIONS]

    def lay_out(self, cards: list[Card]) -> None:
        """The whole shuffled pack, face down; the first card is dealt first.  Every card is then
        dealt by a ``deal`` move."""
        self.piles["pack"] = Pile(tuple(reversed(cards)), len(cards))

    # ------------------------------------------------------------- the state
    @property
    def dealing(self) -> bool:
        """True while cards are left in the pack: the deal-time restrictions hold."""
        return not self.piles["pack"].is_empty

    def packets(self) -> list[str]:
        """The twelve packets in the order of the deal."""
        return list(DEAL_ORDER)

    def just_dealt_packet(self) -> str | None:
        """The packet whose uppermost card is the card just dealt, if that card still lies there."""
        n = self.counters["just_dealt"]
        return DEAL_ORDER[n - 1] if n and self.dealing else None

    def founded_suits(self, rank: Rank) -> set[Suit]:
        """The suits that already have a foundation begun with ``rank`` (ace or king)."""
        return {p[0].suit for p in (self.piles[f] for f in FOUNDATIONS) if p.cards and p[0].rank == rank}

    def is_foundation_card(self, card: Card) -> bool:
        """An ace or king of a suit that has no foundation of its kind yet: "four aces and four kings
        of different suits".  (The second ace or king of a suit is an ordinary card.)"""
        return card.rank in (Rank.ACE, Rank.KING) and card.suit not in self.founded_suits(card.rank)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield Move("deal", notation="deal")
        packets = self.packets()
        for source in packets:
            pile = self.piles[source]
            card = pile.top
            if card is None:
                continue
            yield from self._foundation_moves(source, card)
            for target in packets:
                if target != source:
                    under = self.piles[target].top
                    yield Move("move", (card,), source, target, f"{card} → {under or 'space'}")
            yield from self._reversal_moves(source)
        yield Move("redeal", notation="redeal")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: the deal, then each
        uppermost card to the foundations that take it (the restrictions of the deal kept), onto
        the cards it marries and, reversed with the sequence under it, onto the cards the
        sequence's last card marries; then the re-deal."""
        piles = self.piles
        dealing = bool(piles["pack"].cards)
        wanted, spaces, begun = self._foundations()
        tops = [(name, cards[-1]) for name in DEAL_ORDER if (cards := piles[name].cards)]
        if not dealing:
            # The packets by their uppermost card (a card marries the card one below or one above
            # it in its suit: its code less or more one), with their places in the deal order.
            lying: dict[int, list[tuple[int, str, Card]]] = {}
            for place, (target, under) in enumerate(tops):
                lying.setdefault(under, []).append((place, target, under))
        else:
            # Side packets: a card dealt on a side packet goes only to the foundation adjoining it;
            # with play_in_deal=as-dealt, only the card just dealt may be played at all.
            as_dealt = self.options.play_in_deal == "as-dealt"
            just_dealt = self.counters["just_dealt"]
            as_it_fell = DEAL_ORDER[just_dealt - 1] if just_dealt else None
        moves: list[Move] = []
        played = waiting = False
        for source, card in tops:
            names = wanted.get(card)
            # Foundations: a foundation card (an ace or king of a suit without a foundation of its
            # kind) takes an empty space, and is played at once, wherever it falls.
            starts = card.value in (1, 13) and card not in begun
            if starts:
                waiting = True
                if spaces:
                    names = spaces if names is None else sorted(names + spaces, key=FOUNDATIONS.index)
            if names:
                restricted = dealing and not starts
                where = "foundation" if len(names) == 1 else None
                for name in names:
                    if restricted and ((as_dealt and source != as_it_fell)
                                       or (source in ADJOINING and name != ADJOINING[source])):
                        continue
                    moves.append(move_onto((card,), source, name, where or name))
                    played = True
            if dealing:
                continue  # Marriages: only after the entire deal
            # Marriages: in suit, one up or one down, on the uppermost card of another packet.
            value = card.value
            below = lying.get(card - 1, ()) if value != 1 else ()
            above = lying.get(card + 1, ()) if value != 13 else ()
            if not (below or above):
                continue
            married = [(target, under) for _, target, under in
                       (sorted(below + above) if below and above else below or above) if target != source]
            for target, under in married:
                moves.append(move_onto((card,), source, target, under.text))
            # Reversal: the sequence under the card goes over with it, the card first.
            cards = piles[source].cards
            for count in range(2, sequence_at_top(cards) + 1):
                reversed_ = cards[: -count - 1 : -1]
                text = f"{reversed_[0].text}–{reversed_[-1].text} → "
                for target, under in married:
                    moves.append(Move("reverse", reversed_, source, target, text + under.text))
        if dealing:
            # Deal / Foundations: the deal goes on unless a foundation card waits to be played.
            if not waiting:
                moves.insert(0, DEAL)
        elif self.counters["redeals"] < self.options.redeals and not self.is_won:
            when = self.options.redeal_when
            if when == "any" or not (played if when == "blocked" else moves):
                moves.append(REDEAL)
        return moves

    def _foundations(self) -> tuple[dict[int, list[str]], list[str], set[Card]]:
        """What the foundations take now (as :meth:`foundation_fault` answers): the foundations
        begun that wait for each card, by its code, in their order; the empty spaces that take a
        foundation card (in turn, only the first); and the first cards of the foundations begun
        (a card equal to one of them is no foundation card).  Worked out again only when a
        foundation has changed."""
        return self.worked_out("foundations", FOUNDATIONS, self._work_out_foundations)

    def _work_out_foundations(self, now: list[Pile]) -> tuple[dict[int, list[str]], list[str], set[Card]]:
        """What :meth:`_foundations` answers, worked out for the foundation piles ``now``."""
        wanted: dict[int, list[str]] = {}
        spaces: list[str] = []
        begun: set[Card] = set()
        for name, pile in zip(FOUNDATIONS, now):
            cards = pile.cards
            if not cards:
                spaces.append(name)
                continue
            base = cards[0]
            begun.add(base)
            if len(cards) != 13:
                # Rule II and Foundations: in suit, the aces ascending, the kings descending.
                value = cards[-1].value + (1 if base.value == 1 else -1)
                if 1 <= value <= 13:
                    wanted.setdefault(base - base.value + value, []).append(name)
        if spaces and self.options.places == "in-turn":
            del spaces[1:]
        return (wanted, spaces, begun)

    # ------------------------------------------------------------ for solvers
    def _settled(self) -> bool:
        """The deal is over and no re-deal is left: no rule then tells one packet, or one
        foundation space, from another."""
        return not self.piles["pack"].cards and self.counters["redeals"] >= self.options.redeals

    def solver_key(self) -> tuple[Any, ...]:
        """The position; once :meth:`_settled`, with the packets, and the foundations (whose
        cards show whether they were begun on an ace or on a king), each in a fixed order."""
        if not self.INTERCHANGEABLE or not self._settled():
            return self.state_key()

        piles = self.piles

        def alike(names: Sequence[str]) -> tuple[Pile, ...]:
            return tuple(sorted([piles[n] for n in names], key=_size_then_cards))

        return (alike(DEAL_ORDER), alike(FOUNDATIONS))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the packets in the order of the deal (each bottom first), each foundation
        space as (its first card, an ace or a king, and its cards; ``(0, 0)`` empty), the counters
        ``deal_to``, ``just_dealt`` and ``redeals``, and the options: the re-deals allowed,
        ``redeal_when`` (0 ``blocked``, 1 ``stuck``, 2 ``any``), and whether ``places=in-turn``,
        ``play_in_deal=as-dealt``, ``take_up=left-last`` and ``pile_order=reversed``.

        >>> pack, packets, foundations, *counters_and_options = TheFourCorners.from_plate().description()
        >>> len(pack), len(packets), packets[0] == bytes([Card.parse("3♥")]), foundations[0]
        (92, 12, True, (0, 0))
        >>> counters_and_options
        [1, 12, 0, 2, 0, False, False, False, False]
        """
        piles, counters, options = self.piles, self.counters, self.options
        return (bytes(piles["pack"].cards), tuple(bytes(piles[name].cards) for name in DEAL_ORDER),
                tuple((cards[0], len(cards)) if (cards := piles[name].cards) else (0, 0) for name in FOUNDATIONS),
                counters["deal_to"], counters["just_dealt"], counters["redeals"], options.redeals,
                ("blocked", "stuck", "any").index(options.redeal_when), options.places == "in-turn",
                options.play_in_deal == "as-dealt", options.take_up == "left-last", options.pile_order == "reversed")

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """After the deal: a card played to a foundation already begun when every card that
        could marry it (both copies of the cards one above and one below it in its suit) is out.

        Nothing can then be laid on it nor reversed with it, so in its packet it only covers the
        card it frees by going; the foundations that take it wait for it alone, so a copy left
        behind finds another; and while it can be played, no re-deal can come (one is allowed
        only when no card can be played, ``redeal_when=blocked``, or moved, ``stuck``), so a line
        of play that keeps it plays it before any re-deal that would take it up.  Hence not with
        ``redeal_when=any`` while a re-deal is left."""
        piles = self.piles
        if piles["pack"].cards or (self.options.redeal_when == "any" and self.counters["redeals"] < self.options.redeals):
            return None
        out: list[tuple[Card, ...]] | None = None  # the foundations' cards, read when first needed
        for move in moves:
            kind, cards, _, target, _ = move
            if kind == "move" and target in FOUNDATIONS and piles[target].cards:
                if out is None:
                    out = [piles[name].cards for name in FOUNDATIONS]
                # Both copies of the cards one below and one above it in its suit (its code less
                # or more one) are out.
                card = cards[0]
                value = card.value
                if ((value == 1 or sum([f.count(card - 1) for f in out]) >= 2)
                        and (value == 13 or sum([f.count(card + 1) for f in out]) >= 2)):
                    return move
        return None

    def useful_moves(self) -> list[Move]:
        """The legal moves less, once :meth:`_settled`, a card's moves to a second, third … empty
        foundation space: the spaces are alike."""
        legal = self.legal_moves()
        if not self._settled() or not self.INTERCHANGEABLE:
            return legal
        piles = self.piles
        alike = [f for f in FOUNDATIONS if not piles[f].cards][1:]
        return [m for m in legal if m.target not in alike] if alike else legal

    def _foundation_moves(self, source: str, card: Card) -> Iterator[Move]:
        """The move of ``card`` to a foundation, written ``7♥ → foundation``.  Where several
        spaces would take it (a foundation card and empty spaces to choose from, or the two
        foundations of a suit when they meet), the moves name them: ``A♥ → foundation 3``.  The
        foundations that refuse the card are offered by name too, so that ``3♠ → foundation 1``
        is refused by its rule."""
        takers = [f for f in FOUNDATIONS if self.foundation_fault(f, card) is None]
        refusing = [f for f in FOUNDATIONS if f not in takers]
        if len(takers) == 1:
            yield Move("move", (card,), source, takers[0], f"{card} → foundation")
        elif not takers:
            usual = self.foundation_for(card)
            yield Move("move", (card,), source, usual, f"{card} → foundation")
            refusing.remove(usual)
        else:
            for name in takers:
                yield Move("move", (card,), source, name, f"{card} → {name}")
        for name in refusing:
            yield Move("move", (card,), source, name, f"{card} → {name}")

    def _reversal_moves(self, source: str) -> Iterator[Move]:
        """Reversals of the sequence at the top of ``source`` (two cards or more) onto the top
        card of another packet, written ``8♠–2♠ → 9♠``."""
        pile = self.piles[source]
        for count in range(2, sequence_length(pile.cards) + 1):
            cards = reversal(pile.cards, count)
            for target in self.packets():
                under = self.piles[target].top
                if target != source and under is not None:
                    yield Move("reverse", cards, source, target, f"{cards[0]}–{cards[-1]} → {under}")

    def aliases(self, move: Move) -> set[str]:
        names = super().aliases(move)
        if move.kind == "reverse" and move.target:
            ends = f"{move.cards[0]} {move.cards[-1]}"
            names |= {f"{ends} → {move.target}", f"{ends} → {move.target.split()[0]}"}
        return names

    def parse_move(self, text: str) -> Move:
        """As :meth:`Game.parse_move`; a card named that lies under another in its packet is
        refused by Rule I (the reversals offered name buried cards too), and a reversal named
        that the engine does not offer (``8♠–10♠ → 9♠``, the 10♠ no part of the sequence) by the
        rule :meth:`violation` gives it."""
        try:
            return super().parse_move(text)
        except InvalidMove:
            first = normalise_notation(text).split(" → ")[0].split()
            try:
                card = Card.parse(first[0]) if first else None
            except InvalidCard:
                card = None
            tops = [self.piles[p].top for p in DEAL_ORDER]
            if card is not None and card not in tops and any(card in self.piles[p] for p in DEAL_ORDER):
                raise self.illegal(*self.AVAILABILITY, card) from None
            named = self._named_reversal(text)
            problem = self.violation(named) if named is not None else None
            if problem is not None:
                raise problem from None
            raise

    def _named_reversal(self, text: str) -> Move | None:
        """The reversal ``text`` names (``8♠–2♠ → 9♠``: the top card of a packet, a card under it
        in that packet, and a card on top of another packet, a packet or ``foundation``), whether
        or not the rules allow it; None if it names none."""
        named, arrow, target = normalise_notation(text).partition(" → ")
        ends = named.split()
        if not arrow or len(ends) != 2:
            return None
        try:
            top, last = Card.parse(ends[0]), Card.parse(ends[1])
        except InvalidCard:
            return None
        for source in DEAL_ORDER:
            cards = self.piles[source].cards
            if not cards or cards[-1] != top:
                continue
            count = next((n for n in range(2, len(cards) + 1) if cards[-n] == last), 0)
            if not count:
                continue
            if target in self.piles:
                place: str | None = target
            elif target == "foundation":
                place = FOUNDATIONS[0]
            else:
                try:
                    under = Card.parse(target)
                except InvalidCard:
                    return None
                place = next((p for p in DEAL_ORDER if p != source and self.piles[p].top == under), None)
            if place is None:
                return None
            return Move("reverse", reversal(cards, count), source, place, f"{top}–{last} → {target}")
        return None

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return self._deal_violation()
        if move.kind == "redeal":
            return self._redeal_violation()
        if (
            move.kind not in ("move", "reverse")
            or move.source not in DEAL_ORDER
            or move.target not in self.piles
            or move.target in ("pack", move.source)
            or not move.cards
        ):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        pile = self.piles[move.source]
        if move.kind == "reverse":
            return self._reversal_violation(move, pile, move.target)
        card = move.cards[0]
        if len(move.cards) != 1 or pile.top != card:
            return self.illegal(*self.AVAILABILITY, card)
        if move.target.startswith("foundation"):
            return self._play_violation(move.source, move.target, card)
        return self._marriage_violation(move.target, card)

    def _deal_violation(self) -> IllegalMove | None:
        """The deal: the pack is dealt out to the end, but a foundation card is played at once."""
        if not self.dealing:
            return IllegalMove("Deal", "the entire pack has been dealt")
        for name in self.packets():
            top = self.piles[name].top
            if top is not None and self.is_foundation_card(top):
                return self.illegal("Foundations", "the foundation cards are to be at once played", top)
        return None

    def _play_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """Rule II, the foundations, and the restrictions of the deal."""
        refused = self._foundation_violation(target, card)
        if refused is not None:
            return refused
        if not self.dealing or self.is_foundation_card(card):
            return None
        if self.options.play_in_deal == "as-dealt" and source != self.just_dealt_packet():
            return self.illegal(
                "Side packets", "during the deal a card may be played only as it falls", card
            )
        if source.startswith("side") and target != adjoining(source):
            return IllegalMove(
                "Side packets",
                "during the deal a card on a side packet may be played only to the foundation adjoining it",
                f"{card}: {source} adjoins {adjoining(source)}, not {target}",
            )
        return None

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule II and the paragraph on the foundations."""
        pile = self.piles[name]
        way = "aces ascend" if pile.cards and pile.cards[0].rank == Rank.ACE else "kings descend"
        return self.foundation_refusal(name, card, {
            "must follow suit": ("II", "each foundation must follow suit"),
            "complete": ("Foundations", "the foundation is complete"),
            "must be next in sequence": ("Foundations", f"foundations on {way} in sequence")})

    def _marriage_violation(self, target: str, card: Card) -> IllegalMove | None:
        """Marriages: after the deal, in suit, one up or one down, on the top card of a packet."""
        if self.dealing:
            return self.illegal("Marriages", "marriages are made only after the entire deal is completed", card)
        under = self.piles[target].top
        if under is None:
            return self.illegal("Marriages", "a marriage is made on the uppermost card of a packet", card, "space")
        return self.explain(MARRIAGE.fault(under, card), marriage_reasons(MARRIAGE), card, under)

    def _reversal_violation(self, move: Move, pile: Pile, target: str) -> IllegalMove | None:
        """The note on reversal: a sequence goes over card by card, its top card first, so that
        its lowest card becomes the top card of the other packet."""
        count = len(move.cards)
        if count > len(pile) or reversal(pile.cards, count) != move.cards:
            return self.illegal(*self.AVAILABILITY, move.cards[-1])
        if count < 2 or sequence_length(pile.cards) < count:
            return self.illegal("Reversal", "only a sequence may be reversed", " ".join(map(str, reversed(move.cards))))
        if target.startswith("foundation"):
            return IllegalMove("Reversal", "a sequence is reversed onto another packet", str(move))
        return self._marriage_violation(target, move.cards[0])

    # --------------------------------------------------------------- foundations
    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Why the foundation ``name`` does not take ``card`` now (None: it does).

        An empty space takes a foundation card: an ace or a king of a suit that has no
        foundation of its kind.  A foundation on an ace ascends in suit to the king; one on a
        king descends to the ace."""
        pile = self.piles[name]
        if pile.is_empty:
            if card.rank not in (Rank.ACE, Rank.KING):
                return "the foundations are begun with aces and kings"
            if not self.is_foundation_card(card):
                kind = "aces" if card.rank == Rank.ACE else "kings"
                return f"the foundation {kind} must be of different suits"
            if self.options.places == "in-turn" and name != self._first_empty():
                return "the foundation cards take the spaces in turn"
            return None
        base, top = pile[0], pile.top
        assert top is not None
        if len(pile) == 13:
            return "complete"
        if card.suit != base.suit:
            return "must follow suit"
        step = 1 if base.rank == Rank.ACE else -1
        return None if card.value == top.value + step else "must be next in sequence"

    def _first_empty(self) -> str | None:
        return next((f for f in FOUNDATIONS if self.piles[f].is_empty), None)

    def foundation_for(self, card: Card) -> str:
        """The foundation a move written ``→ foundation`` is judged against when none takes the
        card: the first of its suit, else (an ace or king) the first empty space."""
        for name in FOUNDATIONS:
            pile = self.piles[name]
            if pile.cards and pile[0].suit == card.suit and not (
                card.rank in (Rank.ACE, Rank.KING) and pile[0].rank != card.rank
            ):
                return name
        return self._first_empty() or FOUNDATIONS[0]

    # ---------------------------------------------------------------- re-deals
    def _redeal_violation(self) -> IllegalMove | None:
        """The paragraph on re-dealing: after the deal, when no progress can be made, twice."""
        if self.dealing:
            return IllegalMove("Re-deal", "the packets are taken up only after the entire deal")
        if self.is_won:
            return IllegalMove("Re-deal", "the packets are empty")
        allowed = self.options.redeals
        if self.counters["redeals"] >= allowed:
            said = {0: "this game has no re-deal", 1: "there may be only one re-deal"}
            return IllegalMove("Re-deal", said.get(allowed, f"there may be only {allowed} re-deals"))
        when = self.options.redeal_when
        if when != "any":
            for move in self.moves():
                if move.kind not in ("move", "reverse"):
                    continue
                assert move.target is not None
                played = move.target.startswith("foundation")
                if (played or when == "stuck") and self.violation(move) is None:
                    what = "played" if when == "blocked" else "played or married"
                    return IllegalMove(
                        "Re-deal",
                        f"the packets are taken up only when no card can be {what}",
                        f"{move.cards[0]} can be {'played' if played else 'married'}",
                    )
        return None

    def take_up_order(self) -> list[str]:
        """The packets in the order they come out in the next deal: "taken up in order,
        beginning on the left"."""
        order = list(DEAL_ORDER)
        return order if self.options.take_up == "left-first" else order[::-1]

    def take_up(self) -> list[Card]:
        """The packets taken up for a re-deal: their cards in the order they will be dealt again,
        the packets in :meth:`take_up_order`, each from its bottom card (with ``pile_order=reversed``
        from its top card): :meth:`~patience.game.Game.gather`.

        >>> packets = {"corner 1": "Q♥ 6♥ K♥", "side 1": "8♥ 10♥"}
        >>> " ".join(map(str, TheFourCorners.arrange(packets, pack="").take_up()))
        'Q♥ 6♥ K♥ 8♥ 10♥'
        >>> " ".join(map(str, TheFourCorners.arrange(packets, pack="", pile_order="reversed").take_up()))
        'K♥ 6♥ Q♥ 10♥ 8♥'
        """
        return self.gather(self.take_up_order(), reverse=self.options.pile_order == "reversed")

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        kind, cards, source, target, _ = move
        if kind == "deal":
            self._deal_one()
        elif kind == "redeal":
            self._take_up()
        else:
            piles, counters = self.piles, self.counters
            # A card withdrawn as it is dealt: "the next card in the pack is placed in its stead".
            withdrawn = (kind == "move" and counters["just_dealt"] and piles["pack"].cards
                         and source == DEAL_ORDER[counters["just_dealt"] - 1])
            # One card moved, or a sequence reversed: its cards go over one by one, the top first.
            count = len(cards)
            pile = piles[source]
            left = pile.cards[:-count]
            down = pile.face_down
            piles[source] = Pile(left, down if down <= len(left) else len(left))
            under = piles[target]
            piles[target] = Pile(under.cards + pile.cards[: -count - 1 : -1], under.face_down)
            if withdrawn:
                counters["deal_to"] = counters["just_dealt"]
                counters["just_dealt"] = 0

    def _deal_one(self) -> None:
        """The top card of the pack goes face up on the packet whose turn it is."""
        piles, counters = self.piles, self.counters
        pack = piles["pack"]
        rest = pack.cards[:-1]
        piles["pack"] = Pile(rest, pack.face_down if pack.face_down <= len(rest) else len(rest))
        place = counters["deal_to"]
        name = DEAL_ORDER[place - 1]
        packet = piles[name]
        piles[name] = Pile(packet.cards + pack.cards[-1:], packet.face_down)
        counters["just_dealt"] = place
        counters["deal_to"] = place % len(DEAL_ORDER) + 1

    def _take_up(self) -> None:
        """Take the twelve packets up in order and make them the pack, to be dealt again."""
        self.gather(self.take_up_order(), reverse=self.options.pile_order == "reversed", into="pack")
        self.counters.update(deal_to=1, just_dealt=0, redeals=self.counters["redeals"] + 1)

    @property
    def is_won(self) -> bool:
        return self.complete(FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The pack lies face down, and no other card; the re-deals used
          are no more than the options allow.  The counters follow the deal: the packet to take
          the next card follows the one that took the card just dealt, and while the pack lasts
          that card still lies there.  While the pack lasts the packets hold only cards dealt in
          this deal, and a card withdrawn as it falls is replaced by the next, so the places the
          deal has filled and kept are whole rounds of twelve and the places before ``deal_to``:
          each packet holds no more cards than its place has kept, and these places are no more
          than the cards dealt in this deal (104 less the pack, at most).
        - *Which places may be empty.*  Any packet (while the pack lasts, not the one the card
          just dealt lies on) and any foundation space not yet filled; with ``places=in-turn``
          the spaces are filled in order.
        - *What may lie where.*  The foundation cards "are to be at once played": the deal waits
          while one lies uppermost, and nothing else covers a card while the pack lasts; so of
          the aces and kings that could still begin a foundation, the packets hold one at most,
          and while the pack lasts it is the card just dealt.  A packet gains no more than nine
          cards by dealing (104 cards in rounds of twelve) and after the deal only marriages and
          reversed sequences, in suit one up or one down: above its ninth card each card marries
          the card beneath it.  Each foundation begins with an ace or a king, of a suit that has
          no other foundation of its kind, and follows its sequence in suit.

        >>> TheFourCorners.deal(seed=4).inconsistencies()
        []
        >>> plate = TheFourCorners.PLATE.replace("10♦\\n", "10♦ 7♠\\n").replace("[7♠] ", "", 1)
        >>> for fault in TheFourCorners.from_position(plate).inconsistencies():
        ...     print(fault)
        a packet holds more cards than its place has kept in the deal: side 4 holds 2, at most 1
        """
        faults = []
        piles, counters = self.piles, self.counters
        pack = piles["pack"]
        dealing = bool(pack.cards)
        deal_to, just, redeals = counters["deal_to"], counters["just_dealt"], counters["redeals"]
        if pack.face_down != len(pack.cards) or any(piles[n].face_down for n in (*DEAL_ORDER, *FOUNDATIONS)):
            faults.append("the pack lies face down, and no other card")
        if redeals > self.options.redeals:
            faults.append(f"more re-deals than allowed: {redeals} used, of {self.options.redeals}")
        if just and deal_to != just % len(DEAL_ORDER) + 1:
            faults.append(f"the deal is out of order: the card just dealt lies at place {just}, "
                          f"but the next goes to place {deal_to}")
        elif dealing and just and not piles[DEAL_ORDER[just - 1]].cards:
            faults.append(f"the card just dealt is gone: {DEAL_ORDER[just - 1]} is empty, but the "
                          "counter says the card on it is the card just dealt")
        if dealing:
            # the places kept: r whole rounds, and the places before deal_to once more
            rounds = max(len(piles[n].cards) - (i + 1 < deal_to) for i, n in enumerate(DEAL_ORDER))
            rounds = max(rounds, 0)
            kept, dealt = len(DEAL_ORDER) * rounds + deal_to - 1, 2 * 52 - len(pack.cards)
            if kept > dealt:
                name = max(DEAL_ORDER, key=lambda n: len(piles[n].cards) - (DEAL_ORDER.index(n) + 1 < deal_to))
                most = (dealt - deal_to + 1) // len(DEAL_ORDER) + (DEAL_ORDER.index(name) + 1 < deal_to)
                faults.append(f"a packet holds more cards than its place has kept in the deal: {name} "
                              f"holds {len(piles[name].cards)}, at most {max(most, 0)}")
        waiting = [(name, i) for name in DEAL_ORDER for i, card in enumerate(piles[name].cards)
                   if self.is_foundation_card(card)]
        if len(waiting) > 1 or (waiting and dealing and (
                not just or waiting[0] != (DEAL_ORDER[just - 1], len(piles[DEAL_ORDER[just - 1]].cards) - 1))):
            listed = ", ".join(f"{piles[n].cards[i]} in {n}" for n, i in waiting)
            faults.append(f"a foundation card is not played at once: {listed}")
        for name in DEAL_ORDER:
            cards = piles[name].cards
            for i in range(9, len(cards)):
                if MARRIAGE.fault(cards[i - 1], cards[i]) is not None:
                    faults.append(f"a card above the deal is no marriage: {name} holds {cards[i]} on "
                                  f"{cards[i - 1]}, above the 9 cards a packet is dealt at most")
                    break
        bases: dict[Card, str] = {}
        filled = [bool(piles[name].cards) for name in FOUNDATIONS]
        if self.options.places == "in-turn" and filled != sorted(filled, reverse=True):
            faults.append("the foundation spaces are not filled in turn")
        for name in FOUNDATIONS:
            cards = piles[name].cards
            if not cards:
                continue
            build = ASCENDING if cards[0].rank == Rank.ACE else DESCENDING
            if cards[0].rank not in (Rank.ACE, Rank.KING):
                faults.append(f"a foundation begins with the wrong card: {name} begins with {cards[0]}")
            elif any(build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                faults.append(f"a foundation is out of sequence: {name}")
            elif cards[0] in bases:
                faults.append(f"two foundations begin with one card: {bases[cards[0]]} and {name} "
                              f"begin with {cards[0]}")
            bases.setdefault(cards[0], name)
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 005's arrangement: the two columns of side packets, with the eight foundation
        spaces between them, each level with the side packet it adjoins; the corners above and
        below the columns, a little outside them; the pack at the top of the centre.  Every
        packet fans to the right, bottom card first, as the position text lists it."""
        from ..render import fan_width

        width = fan_width(max([3] + [len(self.piles[n]) for n in DEAL_ORDER[:6]]))
        middle = 0.5 + width + 0.3
        right = middle + 2.5
        spots = [Spot("pack", middle + 0.6, 0, label="pack")]
        for x, names in ((0.0, DEAL_ORDER[:6]), (right, DEAL_ORDER[6:])):
            top, *sides, bottom = names
            corner = x if x == 0 else x + 0.5
            side = x + 0.5 if x == 0 else x
            spots += [Spot(top, corner, 0, fan="right"), Spot(bottom, corner, 5, fan="right")]
            spots += [Spot(name, side, row, fan="right") for row, name in enumerate(sides, 1)]
        for i, name in enumerate(FOUNDATIONS):
            label = "" if self.piles[name].cards else "A/K"
            spots.append(Spot(name, middle + 1.2 * (i // 4), 1 + i % 4, label=label))
        return spots
