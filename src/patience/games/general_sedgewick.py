"""General Sedgewick: a cross of five, four foundations of the rank the deal chooses.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"General Sedgewick", plate 028.  One pack.  Five cards are dealt in the form
of a cross; the next card turned goes to the left-hand upper corner and is the
first foundation card, and the three others of its value go to the other
corners as they appear.  The foundations ascend in suit (Rule II); the text
does not say what follows the king, and in the engine's reading the ace
follows it when the foundation card is not an ace, to thirteen cards each.
Only the uppermost card of each packet of the cross is available (Rule I);
cards are placed on the cross in descending sequence, from another packet, the
pack or the talon (Rule III), in any suit (Rule IV).  A vacancy in the cross is
filled from the pack or the talon.  The pack is dealt one card at a time; the
cards that cannot be used form the talon, whose top card stays available.
There is no re-deal.

The packets of the cross are ``cross 1`` … ``cross 5``: the top, left, centre,
right and bottom places (:data:`ARMS`).  The foundations are ``foundation 1`` …
``foundation 4``: the upper left corner (the first foundation card), then the
upper right, lower left and lower right corners, filled in that order.  Every
card turned from the pack is a move (``deal``); the first one after the cross
goes to the upper left corner, the others to the talon.

>>> from patience import load
>>> game = load("general-sedgewick", seed=3)
>>> [str(game.piles[c]) for c in game.piles_of("cross")], len(game.piles["pack"])
(['2♦', '7♣', 'J♦', '3♣', '6♦'], 47)
>>> print(game.play("deal"), game.piles["foundation 1"], game.base)
deal 8♠ 8
>>> print(GeneralSedgewick.from_plate().piles["cross 3"])
10♣
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar

from ..build import Build, Foundation, suit_run
from ..cards import CARDS, Card, Rank, parse_cards, shuffled, whist_pack
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, foundation_tops, move_onto, moves_up, pile_kind
from ..options import Option
from ..render import fan_width
from ..solve import runs_turning
from . import register

__all__ = ["ARMS", "PLATE_CROSS", "PLATE_PACK_SEED", "GeneralSedgewick"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “General Sedgewick”"

#: The five places of the cross, in the order they are dealt and numbered.
ARMS = ("top", "left", "centre", "right", "bottom")
#: "The foundations follow suit" and "ascend in sequence": up in suit, the ace after the king.
FOUNDATION_BUILD = Build("up", "same", wrap=True)
#: The foundations of each value the first foundation card may have.
FOUNDATIONS = {rank: Foundation(rank, FOUNDATION_BUILD) for rank in Rank}
CROSS_NAMES = tuple(f"cross {i}" for i in range(1, 6))
#: Turning the next card of the pack: the first after the cross goes to the upper left corner.
DEAL, DEAL_FIRST = Move("deal", (), "pack", "talon", "deal"), Move("deal", (), "pack", "foundation 1", "deal")
FOUNDATION_NAMES = tuple(f"foundation {i}" for i in range(1, 5))
#: Rules III and IV by the cards' codes, without and with ``wrap``: ``ON[wrap][under][card]``.
ON = {wrap: Build("down", "any", wrap=wrap).table() for wrap in (False, True)}
#: The cards that may lie on each card on the cross, without and with ``wrap``.
CHILDREN = {wrap: tuple(() if under is None else tuple(c for c in whist_pack() if table[under][c])
                        for under in CARDS)
            for wrap, table in ON.items()}


#: Plate 028, read card by card (the reading is in the chapter): the cross just dealt, top,
#: left, centre, right and bottom.  The court card on the right is a heart; its rank is a guess.
PLATE_CROSS = "5♥ 5♦ 10♣ Q♥ 3♠"
#: The seed that orders the 47 cards of the pack behind the plate's cross (the plate does not
#: show them).  A search that sees every card won seeds 6, 10 and 15 of the first fifteen; the
#: line it found for seed 10 is the shortest of the three.
PLATE_PACK_SEED = 10

def descending_run(cards: tuple[Card, ...], on: Sequence[Sequence[bool]]) -> int:
    """How many cards at the top of a packet form a descending sequence by the table ``on``
    (``Build.run_length`` from the table).

    >>> descending_run(tuple(parse_cards("9♣ 7♦ 6♠ 5♠")), ON[False])
    3
    """
    i = len(cards) - 1
    while i > 0 and on[cards[i - 1]][cards[i]]:
        i -= 1
    return len(cards) - i


_PLURALS = {
    Rank.ACE: "aces", Rank.DEUCE: "twos", Rank.THREE: "threes", Rank.FOUR: "fours", Rank.FIVE: "fives",
    Rank.SIX: "sixes", Rank.SEVEN: "sevens", Rank.EIGHT: "eights", Rank.NINE: "nines", Rank.TEN: "tens",
    Rank.KNAVE: "knaves", Rank.QUEEN: "queens", Rank.KING: "kings",
}


@register
class GeneralSedgewick(Game):
    """General Sedgewick: a cross of five, four foundations of one value, one pass through the pack."""

    slug = "general-sedgewick"
    name = "General Sedgewick"
    chapter = "general-sedgewick"
    order = 28
    source = SOURCE
    plate = "028"
    packs = 1
    #: The source's rules: the four numbered ones, then the paragraphs of PLAY that a move can
    #: break, under the short names the engine cites.
    RULES = {
        "I": "The original five cards forming the cross are available, but when they are covered by "
        "the addition of others, only the uppermost card of each packet is available until its removal "
        "releases the card beneath.",
        "II": "The foundations follow suit.",
        "III": "Cards on the cross may be transferred in descending sequence from one packet to another, "
        "and cards from the pack or talon may also be placed in descending sequence on those of the cross.",
        "IV": "Cards on the cross need not follow suit.",
        "Cross": "Deal five cards and place them in the form of a cross.",
        "Foundations": "The next card turned is to be placed in the left-hand upper corner, and this "
        "constitutes the foundation card, the three others of similar value, as they appear, being "
        "placed in the three other corners (see tableau). The foundation cards ascend in sequence "
        "(Rule II).",
        "Vacancies": "Having placed the cross and the first foundation, play any foundation or other "
        "suitable cards from the cross, filling the vacancies from pack or talon.",
        "Talon": "Continue to deal out the cards till the pack is exhausted--playing, transferring, and "
        "refilling vacancies. The non-suitable cards form the talon.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("I", "only the uppermost card of each packet is available")
    UNDEALT = ("pack",)
    UNDEALT_RULE = ("Talon", "the card has not been dealt yet")
    FACE_DOWN = ("pack",)
    OPTIONS = (
        Option(
            "wrap",
            False,
            "a king may be placed on an ace on the cross, as the foundations go on from the king to "
            "the ace (the book: “descending sequence”, which its Terms define as “descending from "
            "king to ace”)",
        ),
        Option(
            "runs",
            False,
            "a descending sequence at the top of a packet may be transferred whole (the book, Rule I: "
            "“only the uppermost card of each packet is available”)",
        ),
    )

    #: Plate 028: the cross as dealt; the pack behind it is set below the class.
    PLATE: ClassVar[str | None] = None

    # ------------------------------------------------------------------ piles
    def pile_names(self) -> list[str]:
        return [*CROSS_NAMES, *FOUNDATION_NAMES, "talon", "pack"]

    def lay_out(self, cards: list[Card]) -> None:
        """“Deal five cards and place them in the form of a cross”: top, left, centre, right and
        bottom.  The rest is the pack, face down, its next card on top; the sixth card, the first
        foundation card, is turned by the first move (``deal``)."""
        for name, card in zip(self.piles_of("cross"), cards[:5]):
            self.piles[name] = Pile((card,))
        rest = tuple(reversed(cards[5:]))
        self.piles["pack"] = Pile(rest, len(rest))

    @classmethod
    def from_position(cls, text: str) -> GeneralSedgewick:
        """Load a position (the pack face down, every other pile face up: ``FACE_DOWN``); the
        foundations must be begun with cards of one value, the upper left corner first."""
        game = super().from_position(text)
        base = game.base
        for name in game.piles_of("foundation"):
            pile = game.piles[name]
            if pile.cards and (base is None or pile[0].rank != base):
                raise InvalidPosition(
                    f"{name} begins with {pile[0]}: the foundations begin with the first foundation "
                    "card (foundation 1) and the three others of its value"
                )
            if pile.cards and list(pile) != suit_run(pile[0], pile[-1])[: len(pile)]:
                raise InvalidPosition(f"{name} does not ascend in suit: {pile}")
        return game

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        cross: Mapping[int, str],
        foundations: str = "",
        talon: str = "",
        pack: str | None = None,
        **options: Any,
    ) -> GeneralSedgewick:
        """A position made of the piles that matter, for examples and tests.

        ``cross`` maps the number of a place of the cross (1 top, 2 left, 3 centre, 4 right,
        5 bottom) to its packet, bottom first; ``foundations`` gives each foundation begun as its
        first and top cards (``"7♥-9♥ 7♠"``: the hearts from the seven up to the nine, the seven of
        spades), the upper left corner first; ``talon`` lists the talon, the first laid aside
        first.  ``pack`` gives the cards on top of the pack, its next card last; every card not
        placed lies under them, in new-pack order.

        >>> game = GeneralSedgewick.arrange({1: "9♣", 3: "K♦ Q♠"}, foundations="J♥-A♥ J♣")
        >>> print(game.piles["foundation 1"], "|", game.base, "|", len(game.piles["pack"]))
        J♥ Q♥ K♥ A♥ | J | 44
        """
        piles = {f"cross {number}": text for number, text in cross.items()}
        for i, held in enumerate(foundations.split(), start=1):
            first, _, top = held.partition("-")
            start = Card.parse(first)
            piles[f"foundation {i}"] = " ".join(map(str, suit_run(start, Card.parse(top or first))))
        piles["talon"] = talon
        if pack is not None:
            piles["pack"] = " ".join(f"[{card}]" for card in pack.split())
        return super().arrange(piles, rest="pack", **options)

    @classmethod
    def from_cross(cls, cross: str, pack_seed: int = 0, **options: Any) -> GeneralSedgewick:
        """The position of a cross just dealt, written as on a plate (top, left, centre, right,
        bottom).  The other 47 cards are the pack, shuffled by ``pack_seed`` (the seed of the
        position)."""
        cards = parse_cards(cross)
        if len(cards) != 5 or len(set(cards)) != 5:
            raise InvalidPosition("a cross is five different cards")
        rest = [c for c in whist_pack() if c not in cards]
        game = cls(**options)
        game.seed = pack_seed
        game.lay_out(cards + shuffled(rest, pack_seed))
        return cls.from_position(str(game))

    # ------------------------------------------------------------ foundations
    @property
    def base(self) -> Rank | None:
        """The value of the foundation cards: that of the first, in the upper left corner
        (None until it is turned)."""
        first = self.piles["foundation 1"].cards
        return first[0].rank if first else None

    def foundation_rule(self, name: str) -> Foundation:
        base = self.base
        if base is None:
            raise ValueError("the first foundation card is not turned yet")
        return FOUNDATIONS[base]

    def foundation_fault(self, name: str, card: Card) -> str | None:
        # (Asked of every card in sight by a beam's score: the rule is looked up, not made.)
        piles = self.piles
        first = piles["foundation 1"].cards
        if not first:
            return "the first foundation card is not turned yet"
        return FOUNDATIONS[first[0].rank].fault(piles[name].cards, card)

    # ------------------------------------------------------------------ moves
    def available(self) -> list[str]:
        """The piles whose top card is available: each packet of the cross, and the talon."""
        return [n for n in self.piles_of("cross") + ["talon"] if self.piles[n].cards]

    def vacancies(self) -> list[str]:
        """The empty places of the cross."""
        return [n for n in self.piles_of("cross") if self.piles[n].is_empty]

    def moves(self) -> Iterable[Move]:
        """Dealing the next card of the pack, then each available card to a foundation and onto
        each other packet of the cross (the first vacancy written ``space``, the others by name);
        with ``runs``, each descending sequence at the top of a packet onto the other packets.
        "redeal" is offered only to be refused."""
        started = self.base is not None
        yield Move("deal", (), "pack", "talon" if started else "foundation 1", "deal")
        yield Move("redeal", (), "talon", "pack", "redeal")
        vacancies = self.vacancies()
        for source in self.available():
            pile = self.piles[source]
            card = pile.top
            assert card is not None
            if started:
                yield from self.foundation_moves(source, card)
            else:
                yield Move("move", (card,), source, "foundation 1", f"{card} → foundation")
            for target in self.piles_of("cross"):
                under = self.piles[target].top
                if target == source:
                    continue
                if under is None:
                    where = "space" if target == vacancies[0] else target
                    yield Move("move", (card,), source, target, f"{card} → {where}")
                else:
                    yield Move("move", (card,), source, target, f"{card} → {under}")
            if self.options.runs and source != "talon":
                yield from self._run_moves(source)

    def generate_legal_moves(self) -> list[Move]:
        """The moves of :meth:`moves` that the rules allow, in the same order, made directly: a
        card goes only to the foundation that takes it, onto the packets whose top card is one
        higher (Rules III and IV), and to the vacancies when it comes from the talon.

        >>> game = GeneralSedgewick.from_plate()
        >>> game.play("deal")
        Move('deal', (), 'pack', 'foundation 1', 'deal')
        >>> game.legal_moves() == [m for m in game.moves() if game.violation(m) is None]
        True
        """
        return self._moves(every_vacancy=True)

    def _moves(self, every_vacancy: bool) -> list[Move]:
        """The legal moves (:meth:`generate_legal_moves`), or, without ``every_vacancy``, those
        less a card's moves to a second or further vacancy (:meth:`useful_moves`)."""
        piles = self.piles
        first = piles["foundation 1"].cards
        moves: list[Move] = []
        if piles["pack"].cards:
            moves.append(DEAL if first else DEAL_FIRST)
        if not first:
            return moves  # the first foundation card is dealt before any card is played
        takes, packets, vacancies = self._reach()
        talon = piles["talon"].cards
        return moves + self._card_moves([*packets, ("talon", talon[-1])] if talon else packets,
                                        takes, packets, vacancies, every_vacancy)

    def _reach(self) -> tuple[dict[int, str], list[tuple[str, Card]], list[str]]:
        """Where the cards in play may go, once the first foundation card is down: the foundation
        that takes each card (by its code), the packets of the cross with their uppermost cards
        (Rule I), and the vacancies of the cross."""
        piles = self.piles
        # Rule II: each foundation takes the next card of its suit (the ace after the king); the
        # first empty corner takes a card of the foundation cards' value.
        takes: dict[int, str] = {}
        empty = None
        for name in FOUNDATION_NAMES:
            cards = piles[name].cards
            if not cards:
                if empty is None:
                    empty = name
            else:
                top = cards[-1]
                takes[top + 1 if top.value < 13 else top - 12] = name
        if empty is not None:
            for code in range(piles["foundation 1"].cards[0].value, len(CARDS), 13):
                takes.setdefault(code, empty)
        packets: list[tuple[str, Card]] = []
        vacancies: list[str] = []
        for name in CROSS_NAMES:
            cards = piles[name].cards
            if cards:
                packets.append((name, cards[-1]))
            else:
                vacancies.append(name)
        return takes, packets, vacancies

    def _card_moves(self, sources: Sequence[tuple[str, Card]], takes: Mapping[int, str],
                    packets: Sequence[tuple[str, Card]], vacancies: Sequence[str],
                    every_vacancy: bool = True) -> list[Move]:
        """The moves of each card of ``sources``, the uppermost of its pile (a packet or the talon),
        where :meth:`_reach` says cards may go: to the foundation that takes it, then onto each other
        packet one higher (Rules III and IV) and, from the talon, to each vacancy (the first written
        ``space``; without ``every_vacancy``, the first alone); with ``runs``, then each descending
        sequence at the top of a packet onto the others."""
        piles = self.piles
        runs, on = self.options.runs, ON[self.options.wrap]
        moves: list[Move] = []
        for source, card in sources:
            if card in takes:
                moves += moves_up(source, card, (takes[card],))
            if source == "talon":
                tops = dict(packets)
                for target in CROSS_NAMES if vacancies else ():
                    under = tops.get(target)
                    if under is None:
                        if target == vacancies[0]:
                            moves.append(move_onto((card,), source, target, "space"))
                        elif every_vacancy:
                            moves.append(move_onto((card,), source, target, target))
                    elif on[under][card]:
                        moves.append(move_onto((card,), source, target, under.text))
                if vacancies:
                    continue
            for target, under in packets:
                if target != source and on[under][card]:
                    moves.append(move_onto((card,), source, target, under.text))
            if runs and source != "talon":  # a descending sequence at the top of a packet onto the others
                pile = piles[source].cards
                for n in range(2, descending_run(pile, on) + 1):
                    run = pile[-n:]
                    head = run[0]
                    for target, under in packets:
                        if target != source and on[under][head]:
                            moves.append(Move("move", run, source, target, f"{head.text} → {under.text}"))
        return moves

    # ------------------------------------------------------------ for solvers
    INTERCHANGEABLE = ("cross", "foundation")

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, quick to make and to compare: the packets of the cross in a
        fixed order (no rule names a place of the cross), the foundations in a fixed order, each
        by its top card (all begin with the foundation cards' value, and an empty corner takes
        one whichever it is), the talon, and the pack by its length (it only ever gives up its
        top card, so within one game its length tells what it holds).

        >>> game = GeneralSedgewick.from_plate()
        >>> twin = GeneralSedgewick.from_position(str(game).replace("cross 1:", "cross 0:")
        ...     .replace("cross 2:", "cross 1:").replace("cross 0:", "cross 2:"))
        >>> twin.solver_key() == game.solver_key(), twin.state_key() == game.state_key()
        (True, False)
        """
        piles = self.piles
        cross = sorted([piles[name].cards for name in CROSS_NAMES])
        first = piles["foundation 1"].cards
        return (tuple(cross), foundation_tops(piles, FOUNDATION_NAMES), first[0] if first else 0, piles["talon"].cards,
                len(piles["pack"].cards))

    def useful_moves(self) -> list[Move]:
        """The legal moves less a card's moves to a second or further vacancy: the rules treat the
        places of the cross alike, so every vacancy a card can fill gives one position.  (Made
        directly, not filtered from :meth:`legal_moves`.)"""
        return self._moves(every_vacancy=False)

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when every card that could be placed on it on the cross
        (the four of the value one lower: Rules III and IV) has gone up already.

        Such a card is never covered again on the cross, and it stays playable (a foundation
        follows suit, so its own waits for it alone), so a winning line can play it up at once
        and make every other move it made: the only difference is the card gone, which no move
        needed (a sequence moved whole with it moves without it; a vacancy it would have filled
        may stay empty; a card dealt on it in the talon lies there as well on the card beneath).
        """
        piles = self.piles
        if not piles["foundation 1"].cards:
            return None
        children = CHILDREN[self.options.wrap]
        out = None
        for move in moves:
            if move[3] in FOUNDATION_NAMES:
                if out is None:
                    out = {card for name in FOUNDATION_NAMES for card in piles[name].cards}
                # (:meth:`Game.safe_to_found` with one pack: every card that may lie on it is out.)
                if all(child in out for child in children[move[1][0]]):
                    return move
        return None

    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move that does not take the top card of the talon could have been made before the
        card was dealt onto it (the pack may be dealt at any time), except after the first card
        dealt, the first foundation card, before which nothing moves."""
        return pack_move.kind == "deal" and pack_move.target == "talon" and move.source != "talon"

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out on the pack alone (:func:`~patience.solve.runs_turning`, a card at a time, with no
        re-deal): a deal to the talon changes only the pack and the talon, so after each the card
        dealt lies on top of the talon with the moves the cross and the foundations, as they lie,
        give it (:meth:`_card_moves`), less those :meth:`useful_moves` leaves out; the other moves
        are :meth:`independent` of the deal.  The pack only
        shrinks, so a run never comes back to where it was.  The first deal, to the upper left
        corner, changes what every card may do: that run is the default's (once a game).

        Each run as its count of deals and the move that uses the card last dealt:

        >>> game = GeneralSedgewick.deal(seed=4)
        >>> game.play("deal")
        Move('deal', (), 'pack', 'foundation 1', 'deal')
        >>> [(run.count(DEAL), str(run[-1])) for run in game.pack_runs(DEAL)][:3]
        [(1, '2♠ → foundation'), (1, '2♠ → 3♠'), (10, '6♥ → 7♥')]
        """
        if first != DEAL:
            return super().pack_runs(first)
        takes, packets, vacancies = self._reach()
        return runs_turning(self, first, "pack", "talon", 1, lambda in_pack, on_talon, _: [DEAL] if in_pack else [],
                            lambda card: self._card_moves((("talon", card),), takes, packets, vacancies,
                                                          every_vacancy=False))

    def _run_moves(self, source: str) -> Iterator[Move]:
        """With ``runs``: the sequences of two or more cards at the top of ``source`` onto the
        other packets of the cross."""
        pile = self.piles[source]
        for n in range(2, self.cross_build.run_length(pile.cards) + 1):
            run = pile.cards[-n:]
            for target in self.piles_of("cross"):
                under = self.piles[target].top
                if target != source and under is not None:
                    yield Move("move", run, source, target, f"{run[0]} → {under}")

    @property
    def cross_build(self) -> Build:
        """Rules III and IV: descending sequence, in any suit (with ``wrap``, a king on an ace)."""
        return Build("down", "any", wrap=self.options.wrap)

    def aliases(self, move: Move) -> set[str]:
        """The notation, the target named as a pile (``8♣ → cross 3``) or a kind of pile
        (``A♥ → foundation``), a place of the cross by its name (``8♣ → centre``), a vacancy as a
        ``vacancy``, a run by all its cards (``9♠ 8♥ → 10♦``), and dealing as ``turn``."""
        names = {str(move)}
        if move.kind == "deal":
            names.add("turn")
        if move.kind != "move" or not move.cards or not move.target:
            return names
        head = move.cards[0]
        names |= {f"{head} → {move.target}", f"{head} → {pile_kind(move.target)}"}
        if move.target.startswith("cross"):
            names.add(f"{head} → {ARMS[int(move.target.split()[-1]) - 1]}")
            if self.piles[move.target].is_empty:
                names.add(f"{head} → vacancy")
        if len(move.cards) > 1:
            whole = " ".join(map(str, move.cards))
            names |= {f"{whole} → {n.split(' → ', 1)[1]}" for n in list(names)}
        return names

    # ---------------------------------------------------------------- the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            if self.piles["pack"].is_empty:
                return IllegalMove("Re-deal", "there is no re-deal", "the pack is exhausted")
            return None
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles \
                or move.source == move.target or not move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        head = move.cards[0]
        if move.source == "pack":
            return self.illegal(*self.UNDEALT_RULE, head)
        if move.source.startswith("foundation"):
            return self.illegal(*self.STAYS["foundation"], head)
        if not self._uppermost(move.source, move.cards):
            if move.source == "talon":
                return self.illegal("Talon", "only the top card of the talon is available", head)
            return self.illegal(*self.AVAILABILITY, head)
        if self.base is None:
            return self.illegal("Foundations", "the next card turned is the first foundation card: "
                                "it is dealt to the upper left corner before any card is played", head)
        if move.target.startswith("foundation"):
            return self._foundation_violation(move.target, head)
        if not move.target.startswith("cross"):
            return self.illegal("Talon", "only the cards turned from the pack form the talon", head)
        under = self.piles[move.target].top
        if under is None:
            if move.source != "talon":
                return self.illegal("Vacancies", "a vacancy is filled from the pack or the talon", head)
            return None
        if self.cross_build.fault(under, head):
            return self.illegal("III", "cards are placed on the cross in descending sequence", head, under)
        return None

    def _uppermost(self, source: str, cards: tuple[Card, ...]) -> bool:
        """Rule I: ``cards`` are the uppermost card of ``source`` (or, with ``runs``, a descending
        sequence at the top of a packet of the cross)."""
        pile = self.piles[source]
        if not pile.cards or pile.cards[-len(cards):] != cards:
            return False
        if len(cards) == 1:
            return True
        return self.options.runs and source.startswith("cross") and self.cross_build.is_run(cards)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule II, and the paragraph on the foundation cards."""
        base = self.base
        assert base is not None
        reasons = {
            "must follow suit": ("II", "the foundations follow suit"),
            "start": ("Foundations", f"the foundation cards are the four {_PLURALS[base]}"),
            "*": ("Foundations", "the foundation cards ascend in sequence"),
        }
        return self.explain(self.foundation_fault(name, card), reasons, card, *self.piles[name].cards[-1:])

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        # A deal moves the next card of the pack (the first to the upper left corner); a move, the
        # card or the sequence moved.
        piles = self.piles
        source, target = move[2], move[3]
        count = len(move[1]) if move[0] == "move" else 1
        src, dst = piles[source], piles[target]
        cards = src.cards
        rest, down = cards[:len(cards) - count], src.face_down
        piles[source] = Pile(rest, down if down <= len(rest) else len(rest))
        piles[target] = Pile(dst.cards + cards[len(cards) - count:], dst.face_down)

    @property
    def is_won(self) -> bool:
        piles = self.piles
        for name in FOUNDATION_NAMES:
            if len(piles[name].cards) != 13:
                return False
        return True

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  Five cards make the cross before the pack is laid down, so it
          holds 47 cards at most (there is no re-deal).  Until a card is turned nothing can move:
          the cross is its five cards, one to a place, and nothing else is out of the pack.  The
          first card turned is the first foundation card, so once a card is turned the upper left
          corner is begun, and the talon holds only the cards turned after it (a card leaves the
          cross only for a foundation, so it never goes back).
        - *Which places may be empty.*  The corners are filled in their order (the upper left, then
          the upper right, lower left and lower right "as they appear"), so a corner is begun only
          when those before it are.  A place of the cross may be empty once a card is turned, and
          so may the talon.
        - *What may lie where.*  Each packet of the cross is a descending sequence in any suit
          (Rules III and IV; with ``wrap``, a king may lie on an ace): its first card is one of the
          cross or a vacancy's filling, and every card on it was placed in sequence.  (That the
          foundations begin with the foundation cards' value and ascend in suit is checked as the
          position is loaded.)

        >>> GeneralSedgewick.deal(seed=3).inconsistencies()
        []
        >>> game = GeneralSedgewick.arrange({1: "9♣", 3: "K♦ 10♠", 5: "4♥"}, foundations="J♥ J♣",
        ...                              talon="2♠")
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        Rules III and IV: cross 3 is not a descending sequence (10♠ on K♦)
        """
        faults = []
        piles = self.piles
        first = len(whist_pack(self.packs)) - len(CROSS_NAMES)
        turned = first - len(piles["pack"].cards)
        talon = len(piles["talon"].cards)
        if turned < 0:
            faults.append(f"five cards make the cross before the pack, so it holds {first} cards at "
                          f"most, not {len(piles['pack'].cards)}")
        elif turned == 0:
            if talon or any(piles[n].cards for n in FOUNDATION_NAMES) \
                    or any(len(piles[n].cards) != 1 for n in CROSS_NAMES):
                faults.append("no card is turned yet, so the cross is its five cards as dealt, one to "
                              "a place, and nothing else is out of the pack")
        else:
            if not piles["foundation 1"].cards:
                faults.append(f"foundation 1 is empty, but {turned} cards are turned, the first of "
                              "them the first foundation card")
            if talon > turned - 1:
                faults.append(f"the talon holds {talon} cards, but only {turned - 1} are turned after "
                              "the first foundation card")
        begun = [bool(piles[n].cards) for n in FOUNDATION_NAMES]
        for i in range(1, len(begun)):
            if begun[i] and not all(begun[:i]):
                faults.append(f"{FOUNDATION_NAMES[i]} is begun before {FOUNDATION_NAMES[begun.index(False)]}")
                break
        build = Build("down", "any", wrap=self.options.wrap)
        for name in CROSS_NAMES:
            cards = piles[name].cards
            wrong = build.first_break(cards)
            if wrong is not None:
                faults.append(f"Rules III and IV: {name} is not a descending sequence "
                              f"({wrong[1]} on {wrong[0]})")
        return faults

    # ---------------------------------------------------------------- picture
    def layout(self) -> list[Spot]:
        """Plate 028's arrangement: the cross in the middle, a foundation in each corner, and below
        them the pack and the talon, which the plate does not show.  Each packet of the cross fans
        outwards, the left arm to the left and the others to the right, and the places move apart
        as the packets grow so that no fan hides another."""
        n = {name: len(self.piles[name]) for name in self.piles_of("cross")}
        centre = max(1.2, round(fan_width(n["cross 2"]) + 0.3, 2))
        widest = max(n["cross 1"], n["cross 3"], n["cross 5"])
        right = round(centre + max(1.2, fan_width(widest) + 0.3), 2)
        corner = self.base.symbol if self.base is not None else ""

        def foundation(name: str, x: float, y: float) -> Spot:
            return Spot(name, x, y, label="" if self.piles[name].cards else corner)

        return [
            foundation("foundation 1", 0, 0),
            Spot("cross 1", centre, 0, fan="right"),
            foundation("foundation 2", right, 0),
            Spot("cross 2", 0, 1.2, fan="left"),
            Spot("cross 3", centre, 1.2, fan="right"),
            Spot("cross 4", right, 1.2, fan="right"),
            foundation("foundation 3", 0, 2.4),
            Spot("cross 5", centre, 2.4, fan="right"),
            foundation("foundation 4", right, 2.4),
            Spot("pack", 0, 3.7, label="" if self.piles["pack"].cards else "pack"),
            Spot("talon", centre, 3.7, label="" if self.piles["talon"].cards else "talon"),
        ]


GeneralSedgewick.PLATE = str(GeneralSedgewick.from_cross(PLATE_CROSS, PLATE_PACK_SEED))
