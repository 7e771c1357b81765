"""The Shah: two packs, a star of three circles round eight aces and the king in the centre.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Shah", plate 007.  The eight aces and the eight kings are taken from the
packs; seven kings are thrown aside and the eighth, *the Shah*, sits alone in
the centre, the eight aces round him.  The aces are the foundations, and ascend
in suit to queens (Rule III).  The pack is dealt in three circles of eight, each
card the outer end of a ray; a card is available while no card lies outside it
in its ray (Rule I), and a card played while the star is dealt is replaced at
once from the pack.  Once the star is complete, the cards of the third circle
may be married in a descending line (Rule II: never the inner circles'), the rest
of the pack is dealt one card at a time to the talon, and the spaces the player
makes are refilled from the talon or the pack, the inner circles first, before
the next card is dealt.  A ray emptied entirely is a *lane*: its inner place may
take one card of the third circle, a kind of grace.  There is no re-deal.

Dealing is a move (``deal``, one card to its place in the star, then to the
talon), and so is ``refill`` (the next card of the pack into the first space).

>>> from patience import load
>>> game = load("the-shah", seed=1)
>>> str(game.piles["shah"]), len(game.piles["kings"]), len(game.piles["pack"])
('K♠', 7, 88)
>>> [str(game.piles[f]) for f in game.piles_of("foundation")]
['A♦', 'A♣', 'A♥', 'A♠', 'A♦', 'A♣', 'A♥', 'A♠']
>>> print(game.play("deal"), game.next_place())
deal circle 1 ray 2
>>> print(TheShah.from_plate().table().splitlines()[0])
ray 1 (A♦): 10♠ 5♦ --
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ..build import ACES_UP, Build, Foundation, marriage_reasons
from ..cards import Card, Rank, Suit, parse_cards
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, foundation_tops, marriages_onto, moves_up, ring
from ..options import Option
from ..solve import PACK_RUN, runs_using
from . import register

__all__ = ["TheShah"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Shah”"

#: The rays of the star and its circles (the first next to the aces, the third outside).
RAYS = 8
CIRCLES = 3
#: The suits of the aces round the Shah, from the top clockwise, as plate 007 shows them
#: (read from the plate: see the chapter's table).
ACE_SUITS = (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES) * 2
#: "Marriages can only be made in descending line": a card on the next higher of its suit.
MARRIAGE = Build("down", "same")
#: The aces "ascend in sequence to queens", in suit (Rule III): no king is ever in play.
FOUNDATION = ACES_UP
QUEENS = 12

FOUNDATIONS = tuple(f"foundation {r}" for r in range(1, RAYS + 1))
#: Every place of the star, by circle then ray: the order of the deal, and of the refilling
#: ("beginning with the inner circles, and proceeding from left to right as before").
PLACES = tuple(f"circle {c} ray {r}" for c in range(1, CIRCLES + 1) for r in range(1, RAYS + 1))
_RAY = {r: tuple(f"circle {c} ray {r}" for c in range(1, CIRCLES + 1)) for r in range(1, RAYS + 1)}
#: The places of each ray from the outside in, by their index in PLACES.
_OUTSIDE_IN = tuple(tuple(c * RAYS + r for c in reversed(range(CIRCLES))) for r in range(RAYS))
_CIRCLE_OF = {name: i // RAYS + 1 for i, name in enumerate(PLACES)}
_THIRD = frozenset(name for name, circle in _CIRCLE_OF.items() if circle == CIRCLES)
_RAY_OF = {name: i % RAYS + 1 for i, name in enumerate(PLACES)}
_MARRIES = MARRIAGE.table()
#: The cards that may be married onto each card, by its code.
_MARRYING = MARRIAGE.children_table()

#: What the option ``marry_from`` says.
MARRY_FROM = ("what may be married onto a card of the third circle: a card of the third circle or the top "
              "card of the talon ('talon', the book's “those not required for the foundations, or for "
              "marrying, … forming the talon”), or only a card of the third circle ('circle')")

#: The refusals of a foundation, by the fault :meth:`Foundation.fault` finds.
FOUNDATION_REASONS = {"must follow suit": ("III", "the foundations must follow suit"),
                      "*": ("Foundations", "the foundations ascend in sequence to queens")}

#: The moves that take cards from the pack (one to its place, one into the first space), and the
#: re-deal the game does not have.
DEAL, REFILL, REDEAL = Move("deal", notation="deal"), Move("deal", notation="refill"), Move("redeal", notation="redeal")


def _marriages(sources: Sequence[tuple[str, Card]]) -> dict[int, list[tuple[str, Card]]]:
    """For each card that may be married now, the available cards of the third circle among
    ``sources`` (places with their cards) that it may be married onto, in their order."""
    return marriages_onto([(target, under) for target, under in sources if target in _THIRD], _MARRYING)


@register
class TheShah(Game):
    """The Shah: two packs; a king in the centre, eight aces round him, a star of three circles."""

    slug = "the-shah"
    name = "The Shah"
    chapter = "the-shah"
    order = 7
    source = SOURCE
    plate = "007"
    packs = 2
    RULES = {
        "I": "During the deal cards in each circle of the star are available until another circle "
        "blocks them. After the deal is completed only cards in the third (or outer) circle are "
        "available until, as usual, their removal releases the inner circles.",
        "II": "Marriages are limited to cards in the third circle; cards in the inner circles, even "
        "when released, can only be played, but not married.",
        "III": "The foundations must follow suit.",
        "Foundations": "The king is called The Shah, and remains alone. The aces are the foundation "
        "cards, and are to ascend in sequence to queens.",
        "Deal": "Next deal out a circle of eight cards, beginning at the top and continuing from left "
        "to right. If any of these are suitable, play them, filling the spaces at once from the cards "
        "in your hand. Then deal out a second circle, blocking the first (Rule I), and treat it in the "
        "same manner, then a third circle, which completes the rays of the star.",
        "Marriages": "You should now examine the star, to see if there are any available cards which "
        "it would be advantageous to marry, or to play (Rules I and II), but you are not obliged to do "
        "either until a favorable opportunity occurs. Marriages can only be made in descending line.",
        "Spaces": "When you have played or married all the cards you wish, the spaces so made must be "
        "refilled from the talon or pack, beginning with the inner circles, and proceeding from left "
        "to right as before.",
        "Talon": "The remaining cards are dealt out in the usual way, those not required for the "
        "foundations, or for marrying, or for refilling spaces forming the talon.",
        "Lane": "When a lane, i.e., one entire ray of the star, is opened out, the place of the inner "
        "card may be filled by one card from the third circle. This is sometimes of great use, and is "
        "a kind of “grace,” as this patience seldom succeeds. The other two spaces are refilled from "
        "the talon, and this must be done at once, as each ray must always be complete.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("I", "a card is available only when no card lies outside it in its ray")
    FACE_DOWN = ("pack",)
    #: ``dealt``: the places of the star dealt so far (24 when the star is complete).
    COUNTERS = ("dealt",)
    #: The foundations follow suit, so a foundation's cards say which it is; two of a suit are alike.
    INTERCHANGEABLE = ("foundation",)
    OPTIONS = (Option("marry_from", "talon", MARRY_FROM, choices=("talon", "circle")),)
    #: The search in C (``_the_shah_search.c``), where the build made it: the core's search of the game
    #: (the same moves in the same order, runs of the pack, safe moves and positions merged); some three
    #: seconds of it where no budget is given, the searches again included.
    SEARCH_IN_C = search_in_c("games._the_shah_search")
    NODES_IN_C = 2_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order:
    #: after a first search of 2,000,000 positions, 64 of 100,000 won 8 of the first 40 deals that 200,000
    #: had left unknown, as many as one search of 20,000,000, in under half the positions.
    RESTARTS = ((64, 100_000),)

    #: Plate 007: the Shah in the centre, the eight aces round him, and the first two circles of
    #: the star ("in the pattern tableau the third circle is omitted for want of space"), read
    #: card by card (the evidence is in the chapter; the suits of several cards and the ranks of
    #: the court cards are uncertain).  The plate shows no pack and no thrown-aside kings: here
    #: the pack is the other 72 cards in the order they have in deal 7 (the next card to deal last), and
    #: the Shah is deal 7's first king.
    PLATE = """\
the-shah seed=7 dealt=16
pack: [5♠] [7♦] [10♠] [4♠] [J♦] [7♠] [10♦] [Q♠] [Q♦] [9♠] [7♥] [7♣] [J♣] [2♠] [3♣] [6♠] [2♣] [7♥] [7♦] \
[8♣] [6♣] [7♠] [9♣] [4♣] [8♦] [5♣] [5♣] [3♠] [4♦] [2♦] [9♥] [8♥] [10♥] [7♣] [4♥] [3♥] [4♥] [J♠] [10♥] \
[10♣] [5♠] [9♣] [3♠] [Q♣] [8♦] [8♠] [9♥] [3♣] [6♦] [8♠] [5♦] [6♠] [Q♥] [J♥] [4♦] [9♦] [3♦] [4♣] [6♣] \
[2♣] [5♥] [2♦] [J♠] [9♦] [J♥] [Q♦] [5♥] [6♥] [2♥] [2♥] [10♣] [8♣]
shah: K♥
kings: K♥ K♣ K♣ K♠ K♦ K♠ K♦
foundation 1: A♦
foundation 2: A♣
foundation 3: A♥
foundation 4: A♠
foundation 5: A♦
foundation 6: A♣
foundation 7: A♥
foundation 8: A♠
circle 1 ray 1: 10♠
circle 1 ray 2: 3♥
circle 1 ray 3: 2♠
circle 1 ray 4: 9♠
circle 1 ray 5: 3♦
circle 1 ray 6: 8♥
circle 1 ray 7: Q♣
circle 1 ray 8: 6♦
circle 2 ray 1: 5♦
circle 2 ray 2: 10♦
circle 2 ray 3: Q♠
circle 2 ray 4: 4♠
circle 2 ray 5: J♦
circle 2 ray 6: J♣
circle 2 ray 7: 6♥
circle 2 ray 8: Q♥
"""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack and the talon, the Shah and the seven kings thrown aside, the eight
        foundations (ray 1 at the top, then clockwise), and the places of the star, circle by
        circle from the inner one, each circle from the top clockwise."""
        return ["pack", "talon", "shah", "kings", *FOUNDATIONS, *PLACES]

    def foundation_rule(self, name: str) -> Foundation:
        return FOUNDATION

    @staticmethod
    def circle_of(place: str) -> int:
        """The circle of a place of the star: 1 next to the aces, 3 outside."""
        return _CIRCLE_OF[place]

    @staticmethod
    def ray_of(place: str) -> int:
        """The ray of a place of the star: 1 at the top, then clockwise."""
        return _RAY_OF[place]

    @property
    def star_dealt(self) -> bool:
        """Whether the three circles of the star have been dealt."""
        return self.counters["dealt"] >= len(PLACES)

    def next_place(self) -> str:
        """Where the next card of the deal goes: a place of the star while it is being dealt,
        else the talon."""
        dealt = self.counters["dealt"]
        return PLACES[dealt] if dealt < len(PLACES) else "talon"

    def outermost(self, ray: int) -> str | None:
        """The place of the available card of a ray (Rule I): its outermost card; None if the
        ray is empty."""
        piles = self.piles
        for name in reversed(_RAY[ray]):
            if piles[name].cards:
                return name
        return None

    def _star(self) -> tuple[list[tuple[Card, ...]], list[tuple[str, Card]]]:
        """The cards of the places of the star, in the order of :data:`PLACES`, and the available
        card of each ray (its outermost, Rule I) with its place, from ray 1."""
        piles = self.piles
        laid = [piles[name].cards for name in PLACES]
        available: list[tuple[str, Card]] = []
        for ray in _OUTSIDE_IN:
            for index in ray:
                if laid[index]:
                    available.append((PLACES[index], laid[index][-1]))
                    break
        return laid, available

    def spaces(self) -> list[str]:
        """The empty places of the star once it is complete, in the order they are refilled:
        the inner circles first, each from the top clockwise."""
        if not self.star_dealt:
            return []
        piles = self.piles
        return [name for name in PLACES if not piles[name].cards]

    def lanes(self) -> list[int]:
        """The rays emptied entirely (once the star is complete)."""
        if not self.star_dealt:
            return []
        piles = self.piles
        return [r for r in range(1, RAYS + 1) if not any(piles[n].cards for n in _RAY[r])]

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw the eight aces and the eight kings: the aces round the centre (the suits as
        on the plate, the first of each suit in the first four rays), the first king turned up
        the Shah and the other seven thrown aside; the other 88 cards are the pack."""
        aces = [c for c in cards if c.rank == Rank.ACE]
        for i, suit in enumerate(ACE_SUITS):
            ace = next(c for c in aces if c.suit == suit)
            aces.remove(ace)
            self.piles[FOUNDATIONS[i]] = Pile((ace,))
        kings = [c for c in cards if c.rank == Rank.KING]
        self.piles["shah"] = Pile(tuple(kings[:1]))
        self.piles["kings"] = Pile(tuple(kings[1:]))
        rest = [c for c in cards if c.rank not in (Rank.ACE, Rank.KING)]
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        places: Mapping[str, str],
        foundations: Sequence[str] = (),
        talon: str = "",
        pack: str = "",
        *,
        dealt: int = len(PLACES),
        **options: Any,
    ) -> TheShah:
        """A position made of the places that matter, for examples and tests.

        ``places`` maps places of the star (``"circle 3 ray 2"``) to their cards, bottom first;
        ``foundations`` names the top card of each foundation, foundation 1 first (the others
        hold their ace); ``talon`` lists the talon bottom first; ``pack`` the next cards to deal,
        the first first.  Every other card (but the kings: K♦ is the Shah) lies in the pack
        under them.  ``dealt`` is how many places of the star have been dealt.

        >>> game = TheShah.arrange({"circle 1 ray 1": "7♥", "circle 3 ray 2": "9♠ 8♠"},
        ...                        foundations=["3♦"], talon="5♣ 6♣", pack="2♠")
        >>> print(game.piles["foundation 1"], "|", game.piles["talon"], "|", game.piles["pack"].top)
        A♦ 2♦ 3♦ | 5♣ 6♣ | 2♠
        >>> len(game.piles["pack"]), game.star_dealt
        (81, True)
        """
        piles: dict[str, str] = {"shah": "K♦", "kings": "K♠ K♠ K♥ K♥ K♦ K♣ K♣"}
        for name, text in places.items():
            if name not in PLACES:
                raise InvalidPosition(f"unknown place {name!r} in {cls.name}")
            piles[name] = text
        tops = list(foundations) + [f"A{s.symbol}" for s in ACE_SUITS[len(foundations):]]
        if len(tops) != RAYS:
            raise InvalidPosition(f"give the tops of {RAYS} foundations at most")
        for i, top in enumerate(tops):
            card = Card.parse(top)
            if card.suit != ACE_SUITS[i] or card.rank == Rank.KING:
                raise InvalidPosition(f"foundation {i + 1} is built in {ACE_SUITS[i].symbol} from its ace "
                                      f"to a queen, not to {card}")
            piles[FOUNDATIONS[i]] = " ".join(str(Card(Rank(v), card.suit)) for v in range(1, card.rank + 1))
        piles["talon"] = talon
        piles["pack"] = " ".join(f"[{c}]" for c in reversed(parse_cards(pack)))
        game = Game.arrange.__func__(cls, piles, rest="pack", **options)  # type: ignore[attr-defined]
        game.counters["dealt"] = dealt
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield DEAL
        yield REFILL
        piles = self.piles
        sources = [name for name in (self.outermost(r) for r in range(1, RAYS + 1)) if name]
        if piles["talon"].cards:
            sources.append("talon")
        spaces = self.spaces()
        lanes = self.lanes()
        for source in sources:
            card = piles[source].cards[-1]
            yield from self.foundation_moves(source, card)
            for target in sources:
                if target != source and target != "talon":
                    yield Move("move", (card,), source, target, f"{card} → {piles[target].cards[-1]}")
            inners = [_RAY[ray][0] for ray in lanes]
            if spaces and (source == "talon" or spaces[0] not in inners):
                yield Move("move", (card,), source, spaces[0], f"{card} → space")
            if source != "talon":
                for inner in inners:
                    where = "lane" if len(inners) == 1 else inner
                    yield Move("move", (card,), source, inner, f"{card} → {where}")
        yield REDEAL

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: the deal and the refill
        when they may be made, then for each available card (the outermost of each ray, then the
        top of the talon) its foundation, its marriages (from the third circle or the talon onto
        the third circle, once the star is complete), the first space (from the talon) and the
        lanes (from the third circle)."""
        piles, counters = self.piles, self.counters
        pack = bool(piles["pack"].cards)
        star = counters["dealt"] >= len(PLACES)
        laid, sources = self._star()
        talon = piles["talon"].cards
        if talon:
            sources.append(("talon", talon[-1]))
        first = None
        lanes: list[str] = []
        if star:
            first = PLACES[laid.index(())] if () in laid else None
            lanes = [PLACES[ray] for ray in range(RAYS)
                     if not (laid[ray] or laid[ray + RAYS] or laid[ray + 2 * RAYS])]
        legal: list[Move] = []
        if pack and first is None:
            legal.append(DEAL)
        if pack and first is not None:
            legal.append(REFILL)
        takers = self.foundation_takers(distinct_suits=False)
        if not star:
            for source, card in sources:
                up = takers.get(card)
                if up:
                    legal += moves_up(source, card, up)
            return legal
        onto = _marriages(sources)
        for source, card in sources:
            # (most available cards have no move: they are not looked at again)
            if card in takers or card in onto or source == "talon" or (lanes and _CIRCLE_OF[source] == CIRCLES):
                legal += self._card_moves(source, card, onto, takers, first, lanes)
        return legal

    def _card_moves(self, source: str, card: Card, onto: Mapping[int, Sequence[tuple[str, Card]]],
                    takers: Mapping[int, Sequence[str]], first: str | None, lanes: Sequence[str]) -> list[Move]:
        """The moves of ``card``, available at ``source`` (a place of the star or the talon), once the
        star is complete: to the foundations ``takers`` name, as a marriage onto the available cards of
        the third circle it may lie on, ``onto`` (:func:`_marriages`), from the talon into the first
        space ``first``, and from the third circle into the inner places of the ``lanes``."""
        up = takers.get(card)
        moves = moves_up(source, card, up) if up else []
        third = _CIRCLE_OF.get(source) == CIRCLES
        if card in onto and (third or (source == "talon" and self.options.marry_from == "talon")):
            for target, under in onto[card]:
                if target != source:
                    moves.append(Move("move", (card,), source, target, f"{card} → {under}"))
        if first is not None and source == "talon":
            moves.append(Move("move", (card,), source, first, f"{card} → space"))
        if third:
            for inner in lanes:
                where = "lane" if len(lanes) == 1 else inner
                moves.append(Move("move", (card,), source, inner, f"{card} → {where}"))
        return moves

    # ------------------------------------------------------------ for solvers
    def independent(self, pack_move: Move, move: Move) -> bool:
        """Once the star is complete, a move made after a card is dealt to the talon could have
        been made before it to the same effect when it does not use the talon and makes no space
        (a space must be refilled before a card is dealt); during the deal of the star, and after
        a refill, no move is taken for independent (a card played then is replaced from the pack)."""
        if pack_move is not DEAL and pack_move != DEAL:
            return False
        if not self.star_dealt or self.piles["talon"].cards == () or move.kind != "move":
            return False
        if move.source == "talon":
            return False
        assert move.source is not None and move.target is not None
        source, target = self.piles[move.source], self.piles[move.target]
        return len(source.cards) > 1 and (bool(target.cards) or move.target.startswith("foundation"))

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out without a move once the star is complete and has no space: a deal then only
        lays the pack's next card on the talon, so the star and the foundations lie after every deal
        as they lie now.  What a run brings is used by the talon's card and by the moves of the star
        that empty a place (the place must be refilled before the next deal, so they are not
        :meth:`independent` of it), the same after every deal.  While the star is dealt and while
        spaces are refilled, the moves are made (as :meth:`~patience.game.Game.pack_steps` makes them)
        up to the first deal to the talon of a complete star.  One move of the pack at most is ever
        legal, and each takes a card from the pack, so a run never comes back to where it was.

        Deal 1 once the star is dealt: each run ends in a move of the card it dealt or in one that
        empties a place of the third circle (2♦ up, 10♣ and 10♦ onto the jacks), after every deal:

        >>> game = TheShah.deal(seed=1)
        >>> for _ in range(len(PLACES)):
        ...     _ = game.play(DEAL)
        >>> runs = game.pack_runs(DEAL)
        >>> [" ".join(map(str, run)) for run in runs[:4]]
        ['deal 2♦ → foundation', 'deal 10♣ → J♣', 'deal 10♦ → J♦', 'deal deal 2♦ → foundation']
        >>> len(runs), len(runs[-1]), str(runs[-1][-1])
        (208, 65, '10♦ → J♦')
        """
        if first == DEAL and self.star_dealt:
            return self._deal_runs(())
        runs: list[tuple[Move, ...]] = []
        run: tuple[Move, ...] = ()
        steps = self.pack_steps(first)
        try:
            for step in steps:
                run += (step.move,)
                runs += runs_using(self, run, step.uses, lambda: step.piles)
                if len(step.pack) != 1 or len(run) == PACK_RUN:
                    return None if len(step.pack) > 1 else runs
                if step.pack[0] == DEAL and self.star_dealt:
                    return runs + self._deal_runs(run)
        finally:
            steps.close()
        return runs

    def _deal_runs(self, run: tuple[Move, ...]) -> list[tuple[Move, ...]]:
        """The runs of :meth:`pack_runs` that go on from ``run`` (the moves of the pack made so far)
        with deals to the talon, from a complete star without a space."""
        piles = self.piles
        pack = piles["pack"].cards
        talon = piles["talon"].cards
        sources = self._star()[1]
        onto = _marriages(sources)
        takers = self.foundation_takers(distinct_suits=False)
        emptying = [move for name, card in sources
                    if len(piles[name].cards) == 1 and (card in takers or card in onto)
                    for move in self._card_moves(name, card, onto, takers, None, ())]
        runs: list[tuple[Move, ...]] = []
        for dealt in range(1, min(len(pack), PACK_RUN - len(run)) + 1):
            run += (DEAL,)
            card = pack[-dealt]
            if card in takers or card in onto:
                uses = emptying + self._card_moves("talon", card, onto, takers, None, ())
            elif emptying:
                uses = emptying
            else:
                continue  # (nothing to use the card: no run ends here)
            runs += runs_using(self, run, uses,
                               lambda: {**piles, "talon": Pile(talon + pack[:-dealt - 1:-1])})
        return runs

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), how many places of the star are dealt, the talon (bottom first), the places
        of the star in the order of :data:`PLACES` (each bottom first), each foundation as (its suit, 0
        to 3, and its cards), the table of builds of a marriage (:meth:`Build.table_bytes`), and whether
        the talon's card may be married (``marry_from=talon``).

        >>> pack, dealt, talon, places, foundations, marriages, from_talon = TheShah.deal(seed=1).description()
        >>> len(pack), dealt, talon, len(places), foundations[:2], from_talon
        (88, 0, b'', 24, ((2, 1), (3, 1)), True)
        """
        piles = self.piles
        return (bytes(piles["pack"].cards), self.counters["dealt"], bytes(piles["talon"].cards),
                tuple(bytes(piles[name].cards) for name in PLACES), self.suit_foundations(FOUNDATIONS),
                MARRIAGE.table_bytes(), self.options.marry_from == "talon")

    def solver_key(self) -> tuple[Any, ...]:
        """The position as the search tells positions apart, the foundations in any order (as
        :attr:`INTERCHANGEABLE` says): the pack by its size (it is only ever dealt from the top),
        the talon, the places of the star, the foundations by their top cards (each follows its
        suit from the ace), sorted, and how far the star is dealt.  The kings never move."""
        piles = self.piles
        return (len(piles["pack"].cards), piles["talon"].cards, tuple([piles[name].cards for name in PLACES]),
                foundation_tops(piles, FOUNDATIONS), self.counters["dealt"])

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """Once the pack is exhausted: a card played up when the cards one lower in its suit (of
        both packs) are up already.  Nothing can then be married on it, a space need not be
        refilled (no card is left to deal), and in the star it only blocks its ray; so the line
        that would keep it anywhere else can play it now instead."""
        if self.piles["pack"].cards or not self.star_dealt:
            return None
        return self.safe_going_up(moves, FOUNDATIONS)

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind != "move":
            check = {DEAL: self._deal_violation, REFILL: self._refill_violation}.get(move)
            return check() if check else IllegalMove("Re-deal", "there is no re-deal")
        piles = self.piles
        if move.source not in piles or move.target not in piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if len(move.cards) != 1:
            return self.illegal(*self.AVAILABILITY, *move.cards[:1])
        card, source, target = move.cards[0], move.source, move.target
        if source == "talon":
            if piles["talon"].top != card:
                return self.illegal(*self.TALON_RULE, card)
        elif source in _CIRCLE_OF:
            if self.outermost(_RAY_OF[source]) != source or piles[source].top != card:
                return self.illegal(*self.AVAILABILITY, card)
        else:
            return self.illegal(*self.AVAILABILITY, card)
        if target.startswith("foundation"):
            return self._foundation_violation(target, card)
        if target not in _CIRCLE_OF or target == source:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if not self.star_dealt:
            return self.illegal("Deal", "while the star is dealt, cards are only played to the foundations", card)
        under = piles[target].top
        if under is not None:
            return self._marriage_violation(source, target, card, under)
        if source != "talon":
            ray = _RAY_OF[target]
            if ray in self.lanes() and _CIRCLE_OF[target] == 1:
                if _CIRCLE_OF[source] != CIRCLES:
                    return self.illegal("Lane", "the place of the inner card of a lane is filled by one card "
                                        "from the third circle", card)
                return None
            return self.illegal("Spaces", "the spaces are refilled from the talon or pack", card)
        spaces = self.spaces()
        if not spaces or spaces[0] != target:
            return self.illegal("Spaces", "the spaces are refilled beginning with the inner circles, "
                                "from left to right", card, target)
        return None

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule III and the paragraph on the foundations: in suit, up from the ace to the queen."""
        return self.explain(self.foundation_fault(name, card), FOUNDATION_REASONS, card,
                            self.piles[name].top or name)

    def _marriage_violation(self, source: str, target: str, card: Card, under: Card) -> IllegalMove | None:
        """Rule II and the paragraph on marriages: in the third circle, in a descending line."""
        if _CIRCLE_OF[target] != CIRCLES:
            return self.illegal("II", "cards in the inner circles can only be played, but not married", card, under)
        if source != "talon" and _CIRCLE_OF[source] != CIRCLES:
            return self.illegal("II", "cards in the inner circles can only be played, but not married", card, under)
        if source == "talon" and self.options.marry_from == "circle":
            return self.illegal("II", "marriages are limited to cards in the third circle", card, under)
        return self.explain(MARRIAGE.fault(under, card), marriage_reasons(MARRIAGE), card, under)

    def _deal_violation(self) -> IllegalMove | None:
        """The deal: a card to each place of the star in turn, then to the talon; the spaces are
        refilled before the next card is dealt."""
        if not self.piles["pack"].cards:
            return IllegalMove("Talon", "the pack is exhausted")
        spaces = self.spaces()
        if spaces:
            return IllegalMove("Spaces", "the spaces must be refilled before the next card is dealt", spaces[0])
        return None

    def _refill_violation(self) -> IllegalMove | None:
        if not self.star_dealt:
            return IllegalMove("Deal", "while the star is dealt, a space is filled at once")
        if not self.spaces():
            return IllegalMove("Spaces", "there is no space to refill")
        if not self.piles["pack"].cards:
            return IllegalMove("Spaces", "the pack is exhausted")
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        piles = self.piles
        if move[0] == "deal":
            if move[4] == "refill":
                first = next(name for name in PLACES if not piles[name].cards)
                self.transfer("pack", first)
                return
            dealt = self.counters["dealt"]
            if dealt < len(PLACES):
                self.transfer("pack", PLACES[dealt])
                self.counters["dealt"] = dealt + 1
            else:
                self.transfer("pack", "talon")
            return
        source, target = move[2], move[3]
        self.transfer(source, target)
        if self.counters["dealt"] < len(PLACES) and source != "talon" and piles["pack"].cards:
            # "filling the spaces at once from the cards in your hand"
            self.transfer("pack", source)

    def apply_step(self, moves: Sequence[Move]) -> None:
        """A search's step made at once where it begins with deals to the talon of a complete star
        (a run of :meth:`pack_runs`): the pack's next cards laid on the talon in turn; the rest of
        the step a move at a time."""
        deals = 0
        if self.counters["dealt"] >= len(PLACES):
            while deals < len(moves) and moves[deals] == DEAL:
                deals += 1
        if deals > 1:
            piles = self.piles
            pack, talon = piles["pack"], piles["talon"]
            left = len(pack.cards) - deals
            piles["pack"] = Pile(pack.cards[:left], min(pack.face_down, left))
            piles["talon"] = Pile(talon.cards + pack.cards[left:][::-1], talon.face_down)
            moves = moves[deals:]
        for move in moves:
            self.apply(move)

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every foundation from its ace to the queen: all 96 cards but the kings."""
        return self.complete(FOUNDATIONS, QUEENS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What lies aside.*  One king is the Shah, the other seven are thrown aside; each
          foundation begins with the ace of the suit of its ray (as on the plate) and ascends in
          suit, no further than the queen.
        - *What has been dealt.*  While the star is being dealt, the places dealt hold a card
          each (a card played is replaced at once) and the others none, and the talon is empty.
        - *Which places may be empty.*  Only once the star is complete, and then no place of a ray
          is empty under a card of the ray (spaces are refilled from the inner circles out).
        - *What may lie where.*  An inner place holds one card; a place of the third circle a card
          with a descending line of its suit married on it.  Only the pack lies face down.

        >>> TheShah.deal(seed=3).inconsistencies()
        []
        >>> game = TheShah.arrange({"circle 2 ray 1": "9♥"})
        >>> print(*game.inconsistencies(), sep="\\n")
        ray 1 has an empty place under a card
        """
        faults = self.foundation_inconsistencies()
        piles = self.piles
        if len(piles["shah"]) != 1 or any(c.rank != Rank.KING for c in piles["shah"].cards + piles["kings"].cards) \
                or len(piles["kings"]) != RAYS - 1:
            faults.append("the Shah is one king and the seven others are thrown aside")
        for i, name in enumerate(FOUNDATIONS):
            cards = piles[name].cards
            if not cards or cards[0].suit != ACE_SUITS[i]:
                faults.append(f"{name} does not begin with the ace of {ACE_SUITS[i].name.lower()}")
            elif len(cards) > QUEENS:
                faults.append(f"{name} ascends beyond the queen")
        dealt = self.counters["dealt"]
        if not 0 <= dealt <= len(PLACES):
            faults.append(f"{dealt} places of the star are dealt, of {len(PLACES)}")
        elif dealt < len(PLACES):
            if piles["talon"].cards:
                faults.append("the talon holds cards while the star is being dealt")
            wrong = [name for i, name in enumerate(PLACES) if bool(piles[name].cards) != (i < dealt)]
            if wrong:
                faults.append(f"the star is dealt to {dealt} places, but {wrong[0]} does not agree")
        else:
            for r in range(1, RAYS + 1):
                filled = [bool(piles[n].cards) for n in _RAY[r]]
                if any(not a and b for a, b in zip(filled, filled[1:])):
                    faults.append(f"ray {r} has an empty place under a card")
        for name in PLACES:
            cards = piles[name].cards
            if _CIRCLE_OF[name] < CIRCLES and len(cards) > 1:
                faults.append(f"{name}, in an inner circle, holds a marriage")
            elif any(not _MARRIES[a][b] for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} is not a card with a descending line of its suit married on it")
        if piles["pack"].face_down != len(piles["pack"]) or any(
                p.face_down for n, p in piles.items() if n != "pack"):
            faults.append("only the pack lies face down")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 007's star: the Shah in the centre, the eight aces round him, and the three
        circles outside them, the first ray at the top and the others clockwise; the pack, the
        talon and the thrown-aside kings to the right."""
        centre = (6.3, 4.9)
        shah = ring(1, 0.0, centre)[0]
        spots = [Spot("shah", shah[0], shah[1], label="the Shah")]
        radii = (1.75, 3.1, 4.45, 5.8)
        for (x, y), name in zip(ring(RAYS, radii[0], centre), FOUNDATIONS):
            spots.append(Spot(name, x, y))
        for c in range(1, CIRCLES + 1):
            for (x, y), r in zip(ring(RAYS, radii[c], centre), range(1, RAYS + 1)):
                spots.append(Spot(f"circle {c} ray {r}", x, y))
        right = 13.0
        spots += [
            Spot("pack", right, 0.4, label="pack"),
            Spot("talon", right, 2.0, label="talon"),
            Spot("kings", right, 8.2, label="kings aside"),
        ]
        return spots

    def table(self) -> str:
        """The star as text: a line for each ray, from the top clockwise, with the top card of
        its foundation and its places from the inner circle out (``--`` empty, a marriage written
        with ``+``); then the talon's top card and the pack."""
        piles = self.piles
        lines = []
        for r in range(1, RAYS + 1):
            places = ["+".join(map(str, piles[n].cards)) or "--" for n in _RAY[r]]
            lines.append(f"ray {r} ({piles[FOUNDATIONS[r - 1]].top}): {' '.join(places)}")
        talon = piles["talon"]
        count = f"{len(talon)} card{'s' if len(talon) != 1 else ''}"
        lines.append(f"talon: {talon.top} ({count})" if talon.cards else "talon: empty")
        pack = len(piles["pack"])
        lines.append(f"pack: {pack} cards" if pack else "pack: exhausted")
        return "\n".join(lines)
