"""The Zodiac: two packs; the Equator of eight cards inside a circle of twenty-four, the Zodiac.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Zodiac", plate 020.  Eight cards are dealt in a row, the *Equator*, then
twenty-four in a circle round it, the *Zodiac*.  The rest of the two packs is
dealt one card at a time; a card is married on the Zodiac (one higher or one
lower in its suit, up and down in one packet) or put in a space of the Equator,
or it goes to the talon, which is re-dealt as often as required.  The Equator's
cards may be married on the Zodiac too, but not the other way round, and the
Zodiac's cards never marry one another (Rule I).  Only when every card lies in
the Zodiac or the Equator are the foundations formed, from the four aces and
the four kings of different suits, the aces ascending to kings and the kings
descending to aces, in suit (Rule II).  If the cards cannot all be placed, the
patience has failed.

Dealing a card to the talon is a move (``deal``); so is taking the talon up to
deal it again (``redeal``).

>>> from patience import load
>>> game = load("the-zodiac", seed=1)
>>> [len(game.piles_of(kind)) for kind in ("equator", "zodiac", "foundation")], len(game.piles["pack"])
([8, 24, 8], 72)
>>> game.placing
True
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence

from ..build import Build, Foundation
from ..cards import Card, Rank, Suit
from ..compiled import search_in_c
from ..errors import IllegalMove
from ..game import Game, Move, Pile, Spot, move_onto
from ..options import Option
from ..solve import runs_turning
from . import register

__all__ = ["TheZodiac"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Zodiac”"

#: The piles: the Equator's eight places (left to right), the Zodiac's twenty-four packets (clockwise
#: from the top of the circle), and the foundations, four of aces and then four of kings.
EQUATOR, ZODIAC, FOUNDATIONS = (tuple(f"{kind} {i}" for i in range(1, count + 1))
                                for kind, count in (("equator", 8), ("zodiac", 24), ("foundation", 8)))
ACE_FOUNDATIONS, KING_FOUNDATIONS = FOUNDATIONS[:4], FOUNDATIONS[4:]

#: Rule I: "Marriages may be made in ascending and descending lines, and the same packet may
#: contain both": one higher or one lower, in suit.
MARRIAGE = Build("either", "same")
#: Rule II and PLAY: "the aces ascending in sequence to kings, the kings descending in sequence to aces".
ASCENDING = Foundation(Rank.ACE, Build("up", "same"))
DESCENDING = Foundation(Rank.KING, Build("down", "same"))
_MARRIES = MARRIAGE.table()
#: The piles whose lie the moves of every card but the talon's depend on.
_LIE = (*EQUATOR, *ZODIAC)

@lru_cache(maxsize=1 << 16)
def can_go_out(packets: tuple[tuple[int, ...], ...], free: tuple[int, ...], up: int = 0, down: int = 14) -> bool:
    """Whether one suit's cards can all go to its two foundations, the ace's up and the king's down:
    ``packets`` are the suit's Zodiac packets (values, bottom first; only a packet's top card is
    available), ``free`` how many cards of each value (index 1 to 13) are available at any time.

    The suits never meet (a packet holds one suit), so a position is won when every suit can go out.
    Covering a free card only adds to what must wait, so with the cards still to be placed counted
    free, a suit that cannot go out shows a position no play can win.

    >>> full = (0,) + (2,) * 13
    >>> can_go_out((), full)
    True
    >>> less = tuple(n - 2 * (1 <= v <= 3) for v, n in enumerate(full))
    >>> can_go_out(((3, 2, 1), (1, 2, 3)), less), can_go_out(((3, 2, 1), (3, 2, 1)), less)
    (True, False)
    """
    stacks = [p for p in packets if p]
    return _goes_out(stacks, [len(p) for p in stacks], list(free), set(), up, down)


def _goes_out(stacks: list[tuple[int, ...]], heights: list[int], spare: list[int],
              seen: set[tuple[int, int, tuple[int, ...]]], up: int, down: int) -> bool:
    """The search of :func:`can_go_out`: ``heights`` of the ``stacks`` left, the ``spare`` free cards
    by value, the tops of the ace's foundation (``up``, 0 empty) and the king's (``down``, 14 empty),
    and the positions already ``seen``.  (A function of its own, not one nested in
    :func:`can_go_out`: a nested function that calls itself is a reference cycle, left for the
    collector that a search pauses.)"""
    if up == 13 and down == 1:
        return True
    key = (up, down, tuple(heights))
    if key in seen:
        return False
    seen.add(key)
    for value, step in ((up + 1, (1, 0)), (down - 1, (0, -1))):
        if not 1 <= value <= 13:
            continue
        # A copy on top of a packet is taken before a free one: the free copy would serve
        # any later need as well, and the packet is uncovered sooner.
        tops = [i for i, stack in enumerate(stacks) if heights[i] and stack[heights[i] - 1] == value]
        for i in tops:
            heights[i] -= 1
            found = _goes_out(stacks, heights, spare, seen, up + step[0], down + step[1])
            heights[i] += 1
            if found:
                return True
        if spare[value] and not tops:
            spare[value] -= 1
            found = _goes_out(stacks, heights, spare, seen, up + step[0], down + step[1])
            spare[value] += 1
            if found:
                return True
    return False


def _packets(zodiac: list[Pile]) -> dict[Suit, tuple[list[tuple[str, tuple[int, ...]]], list[int]]]:
    """For each suit, its Zodiac packets (the pile's name and its values, bottom first) and how many
    of each value lie elsewhere."""
    found: dict[Suit, tuple[list[tuple[str, tuple[int, ...]]], list[int]]] = {
        suit: ([], [0] + [2] * 13) for suit in Suit}
    for name, pile in zip(ZODIAC, zodiac):
        cards = pile.cards
        if cards:
            packets, free = found[cards[0].suit]
            values = tuple(card.value for card in cards)
            packets.append((name, values))
            for value in values:
                free[value] -= 1
    return found


PLAY_WORDS = (
    "Having placed the tableau, you proceed to marry (Rule I) and to refill the spaces from the talon, or, "
    "where there is no talon, from the pack, but you are not obliged to do either until a favorable "
    "opportunity occurs."
)
DEAL_WORDS = (
    "You continue to deal out the cards in the usual way, those not required for marrying or for refilling "
    "spaces forming the talon."
)
REDEAL_WORDS = (
    "This is to be re-dealt as often as required--that is, until all the cards are placed either in the "
    "Zodiac or in the Equator. If this cannot be done, the patience has already failed."
)
FOUNDATION_WORDS = (
    "The foundations are not formed till the end of the game. They are to consist of the four aces and four "
    "kings of different suits, the aces ascending in sequence to kings, the kings descending in sequence to "
    "aces. … If you succeed in placing all the cards, you then begin to form the eight foundations from the "
    "Zodiac and Equator (Rule II)."
)

#: Dealing a card to the talon, and taking the talon up to deal it again.
DEAL, REDEAL = Move("deal", notation="deal"), Move("redeal", notation="redeal")


def _talon_moves(card: Card, tops: Sequence[tuple[str, Card]], spaces: Sequence[str]) -> list[Move]:
    """The legal moves of the talon's card ``card``: married on each of the Zodiac's packets whose
    uppermost card (``tops``: name and card) takes it, and put in each space of the Equator."""
    moves = [move_onto((card,), "talon", target, under.text)
             for target, under in tops if _MARRIES[under][card]]
    return moves + [move_onto((card,), "talon", name, name) for name in spaces]


@register
class TheZodiac(Game):
    """The Zodiac: two packs; the Equator, the Zodiac round it, foundations formed only at the end."""

    slug = "the-zodiac"
    name = "The Zodiac"
    chapter = "the-zodiac"
    order = 20
    source = SOURCE
    plate = "020"
    packs = 2
    RULES = {
        "I": "Marriages may be made in the Zodiac with cards from the Equator (but not vice versâ) and from the "
        "talon or pack, but cards in the Zodiac cannot marry each other, neither can those in the Equator do "
        "so. Marriages may be made in ascending and descending lines, and the same packet may contain both.",
        "II": "The foundations must follow suit.",
        "Play": PLAY_WORDS,
        "Deal": DEAL_WORDS,
        "Re-deal": REDEAL_WORDS,
        "Foundations": FOUNDATION_WORDS,
    }
    AVAILABILITY = ("I", "only the uppermost card of a Zodiac packet is available")
    TALON_RULE = ("Deal", "only the top card of the talon is available")
    COUNTERS = ("redeals", "placed")
    FACE_DOWN = ("pack",)
    #: The Zodiac's packets are alike (any of them takes a marriage), and so are the Equator's places.
    INTERCHANGEABLE = ("zodiac", "equator")
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: The search in C (``_the_zodiac_search.c``), where the build made it: the core's search of the game
    #: (the same moves in the same order, runs of the pack, safe moves and positions merged), some hundred
    #: times as fast; a second or so of it where no budget is given, and some seconds more for the
    #: searches again.
    SEARCH_IN_C = search_in_c("games._the_zodiac_search")
    NODES_IN_C = 1_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order:
    #: a deal is won here by a line that places every card almost without turning back (some 190
    #: positions of the search), or not at all, and a search that has taken a wrong turn early spends
    #: any budget below it.  Of the first 48 deals that 2,000 positions left unknown, a first search of
    #: 1,000,000 won none; after it, 64 searches of 100,000 won 21 (in four minutes), 512 of 1,000 won
    #: 32 (in under one), 256 of 3,000 won 30, 1,024 of 1,000 won 36 (in a minute and a half), and 2,000
    #: of 300 won 37 (in over two).
    RESTARTS = ((1024, 1_000),)

    #: Plate 020, read card by card (see the chapter's table: the court cards are guesses): the
    #: Equator left to right, the Zodiac clockwise from the top of the circle, the eight foundation
    #: places drawn empty.  The plate does not show the pack: its cards lie in the order seed 20
    #: shuffles them.
    PLATE = """\
the-zodiac seed=20 redeals=0 placed=0
pack: [J♦] [9♦] [8♦] [K♣] [10♣] [8♥] [6♣] [4♦] [7♥] [4♥] [Q♣] [8♥] [5♣] [9♣] [7♦] [9♦] [9♠] [6♥] \
[2♦] [J♣] [8♣] [Q♣] [6♦] [4♥] [7♣] [8♠] [4♠] [6♥] [5♣] [5♠] [6♠] [K♠] [9♣] [J♠] [7♠] [4♣] [8♦] [5♥] \
[7♥] [8♣] [6♦] [3♥] [J♦] [A♣] [9♠] [3♣] [5♠] [A♥] [Q♠] [10♣] [9♥] [10♦] [10♥] [6♣] [8♠] [2♣] [J♥] \
[7♦] [2♥] [5♥] [4♣] [Q♦] [J♠] [2♥] [K♠] [10♦] [K♦] [3♣] [J♥] [A♥] [Q♦] [Q♥]
equator 1: 2♦
equator 2: Q♠
equator 3: K♥
equator 4: A♣
equator 5: 6♠
equator 6: 9♥
equator 7: J♣
equator 8: A♠
zodiac 1: 4♦
zodiac 2: 7♣
zodiac 3: K♦
zodiac 4: A♦
zodiac 5: 3♦
zodiac 6: A♦
zodiac 7: 2♣
zodiac 8: 4♠
zodiac 9: 10♠
zodiac 10: 3♦
zodiac 11: A♠
zodiac 12: Q♥
zodiac 13: K♥
zodiac 14: 3♠
zodiac 15: 7♠
zodiac 16: 2♠
zodiac 17: 3♠
zodiac 18: 10♠
zodiac 19: 5♦
zodiac 20: K♣
zodiac 21: 3♥
zodiac 22: 5♦
zodiac 23: 2♠
zodiac 24: 10♥
"""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack in hand and the talon, the Equator (left to right), the Zodiac (clockwise from
        the top of the circle) and the foundations: four of aces, then four of kings."""
        return ["pack", "talon", *EQUATOR, *ZODIAC, *FOUNDATIONS]

    @property
    def placing(self) -> bool:
        """True while cards remain to be placed (in the pack or the talon): the foundations wait."""
        piles = self.piles
        return bool(piles["pack"].cards or piles["talon"].cards)

    def foundation_rule(self, name: str) -> Foundation:
        return ASCENDING if name in ACE_FOUNDATIONS else DESCENDING

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Why ``name`` does not take ``card``; an ace or a king of a suit already begun among the
        foundations of its kind is refused too ("of different suits")."""
        piles = self.piles
        if not piles[name].cards and card.value in (1, 13):
            kind = ACE_FOUNDATIONS if name in ACE_FOUNDATIONS else KING_FOUNDATIONS
            if any(piles[f].cards and piles[f].cards[0].suit == card.suit for f in kind):
                return "the foundations are of different suits"
        return super().foundation_fault(name, card)

    def foundation_for(self, card: Card) -> str:
        """The foundation a card written ``→ foundation`` is judged against: the first that takes
        it, else the first unfinished one begun in its suit, else the first begun in its suit,
        else the first empty one of the kind its value begins (aces, or else kings)."""
        piles = self.piles
        mine = [f for f in FOUNDATIONS if piles[f].cards and piles[f].cards[0].suit == card.suit]
        empty = [f for f in (KING_FOUNDATIONS if card.value == 13 else ACE_FOUNDATIONS) if not piles[f].cards]
        for names in ([f for f in FOUNDATIONS if self.foundation_fault(f, card) is None],
                      [f for f in mine if len(piles[f].cards) < 13], mine, empty):
            if names:
                return names[0]
        return FOUNDATIONS[0]

    def lay_out(self, cards: list[Card]) -> None:
        """Eight cards in a row, the Equator; twenty-four in a circle round it, the Zodiac, clockwise
        from the top; the rest is the pack, face down, its next card on top."""
        for name, card in zip(EQUATOR + ZODIAC, cards):
            self.piles[name] = Pile((card,))
        rest = tuple(reversed(cards[len(EQUATOR) + len(ZODIAC):]))
        self.piles["pack"] = Pile(rest, len(rest))

    @classmethod
    def arrange(cls, piles: Mapping[str, str], foundations: str = "",  # type: ignore[override]
                **options: Any) -> TheZodiac:
        """A position made of the piles that matter, for examples and tests.

        ``piles`` maps pile names (``equator 3``, ``zodiac 12``, ``talon`` …) to their cards, bottom
        first; ``foundations`` gives each foundation's first and top card in order (``"A♠-K♠ A♥-5♥"``
        for foundations 1 and 2; ``-`` alone leaves one empty), each built in suit from its first card.
        Every other card lies in the pack, face down.

        >>> game = TheZodiac.arrange({"zodiac 1": "2♠ 3♠"}, foundations="A♠-9♠ - - - K♠-J♠")
        >>> print(game.piles["foundation 1"].top, game.piles["foundation 5"], len(game.piles["pack"]))
        9♠ K♠ Q♠ J♠ 90
        """
        given = dict(piles)
        for name, spec in zip(FOUNDATIONS, foundations.split()):
            if spec == "-":
                continue
            first, _, top = spec.partition("-")
            low, high = Card.parse(first), Card.parse(top or first)
            step = 1 if name in ACE_FOUNDATIONS else -1
            values = range(low.value, high.value + step, step)
            given[name] = " ".join(str(Card(Rank(v), low.suit)) for v in values)
        game = super().arrange(given, rest="pack")
        if options:
            game = cls.from_position(str(game).replace(cls.slug, cls(**options).spec, 1))
        return game

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """The deal and the re-deal; then each available card (the Equator's, the talon's and the
        Zodiac's uppermost) married on each packet of the Zodiac, put in each place of the Equator,
        and played to the foundations."""
        yield DEAL
        yield REDEAL
        piles = self.piles
        sources = [(name, piles[name].cards[-1]) for name in ("talon", *EQUATOR, *ZODIAC) if piles[name].cards]
        for source, card in sources:
            for target in ZODIAC:
                if target != source:
                    under = piles[target].top
                    yield Move("move", (card,), source, target, f"{card} → {under or target}")
            for target in EQUATOR:
                if target != source:
                    under = piles[target].top
                    yield Move("move", (card,), source, target, f"{card} → {under or target}")
            yield from self.foundation_moves(source, card)

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly: while cards remain to be
        placed, the deal (or, the pack exhausted, the re-deal after a pass that placed a card), the
        Equator's and the talon's cards married on the Zodiac, and the talon's card into the
        Equator's spaces; once all are placed, the available cards to the foundations."""
        piles = self.piles
        moves: list[Move] = []
        if piles["pack"].cards:
            moves.append(DEAL)
        elif piles["talon"].cards:
            if self.counters["placed"]:
                moves.append(REDEAL)
        else:
            takers = self.foundation_takers()
            for source in (*EQUATOR, *ZODIAC):
                cards = piles[source].cards
                if cards:
                    card = cards[-1]
                    names = takers.get(card)
                    if names:
                        if len(names) == 1:
                            moves.append(move_onto((card,), source, names[0], "foundation"))
                        else:
                            moves += [move_onto((card,), source, n, n) for n in names]
            return moves
        # The Equator's and the Zodiac's lie changes far less often than the talon (a run of deals
        # changes nothing else): its moves are worked out once for each lie.
        tops, spaces, equator_moves = self.worked_out("lie", _LIE, self._work_out_lie)
        talon = piles["talon"].cards
        if talon:
            moves += _talon_moves(talon[-1], tops, spaces)
        return moves + equator_moves

    def _work_out_lie(self, _: list[Pile]) -> tuple[list[tuple[str, Card]], list[str], list[Move]]:
        """The Zodiac's uppermost cards, the Equator's spaces, and the marriages of the Equator's cards."""
        piles = self.piles
        tops = [(name, piles[name].cards[-1]) for name in ZODIAC if piles[name].cards]
        spaces = [name for name in EQUATOR if not piles[name].cards]
        moves = []
        for source in EQUATOR:
            cards = piles[source].cards
            if cards:
                card = cards[-1]
                moves += [move_onto((card,), source, target, under.text)
                          for target, under in tops if _MARRIES[under][card]]
        return tops, spaces, moves

    # ------------------------------------------------------------ the refusals
    def violation(self, move: Move) -> IllegalMove | None:
        kind = move.kind
        piles = self.piles
        if kind == "deal":
            if not piles["pack"].cards:
                return IllegalMove("Deal", "the pack is exhausted" + ("; the talon is re-dealt"
                                                                      if piles["talon"].cards else ""))
            return None
        if kind == "redeal":
            if piles["pack"].cards:
                return IllegalMove("Re-deal", "the talon is re-dealt when the pack is exhausted")
            if not piles["talon"].cards:
                return IllegalMove("Re-deal", "every card is placed: there is no talon to re-deal")
            if not self.counters["placed"]:
                return IllegalMove("Re-deal", "the last pass through the pack placed no card, and a re-deal "
                                   "would deal the talon again unchanged")
            return None
        source, target, cards = move.source, move.target, move.cards
        if kind != "move" or source not in piles or target not in piles or len(cards) != 1:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = cards[0]
        if piles[source].top != card:
            if source == "talon":
                return self.illegal(*self.TALON_RULE, card)
            return self.illegal(*self.AVAILABILITY, card)
        if target.startswith("foundation"):
            return self._foundation_violation(source, target, card)
        if source.startswith("foundation"):
            return self.illegal(*self.STAYS["foundation"], card)
        if source == target or target in ("pack", "talon") or source == "pack":
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if not self.placing:
            return self.illegal("Foundations", "every card is placed: the foundations are formed now", card)
        under = piles[target].top
        if target in EQUATOR:
            if source in ZODIAC:
                return self.illegal("I", "cards are married in the Zodiac with cards from the Equator, "
                                    "but not vice versâ", card, under or target)
            if under is not None:
                return self.illegal("I", "cards in the Equator cannot marry each other" if source in EQUATOR
                                    else "marriages are made in the Zodiac", card, under)
            if source != "talon":
                return self.illegal("Play", "a space in the Equator is refilled from the talon or the pack",
                                    card, target)
            return None
        # target in the Zodiac
        if source in ZODIAC:
            return self.illegal("I", "cards in the Zodiac cannot marry each other", card, under or target)
        if under is None:
            return self.illegal("Play", "the spaces refilled are those of the Equator", card, target)
        if under.suit != card.suit:
            return self.illegal("I", "a marriage is made in the same suit", card, under)
        if abs(under.value - card.value) != 1:
            return self.illegal("I", "marriages go one up or one down in value", card, under)
        return None

    def _foundation_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """The foundations wait for the end; then Rule II and their first cards."""
        if source in ("talon", "pack") or source.startswith("foundation"):
            return IllegalMove("Play", f"{self.name} has no move {card} → {target}")
        if self.placing:
            return self.illegal("Foundations", "the foundations are not formed till the end of the game", card)
        pile = self.piles[target]
        top = pile.top
        rule = self.foundation_rule(target)
        if top is None:
            if card.rank != rule.base:
                which = "aces" if rule is ASCENDING else "kings"
                return self.illegal("Foundations", f"these foundations begin with the {which}", card)
            if any(self.piles[f].cards and self.piles[f].cards[0].suit == card.suit
                   for f in (ACE_FOUNDATIONS if rule is ASCENDING else KING_FOUNDATIONS)):
                return self.illegal("Foundations", "the foundations are four aces and four kings of different "
                                    "suits", card)
            return None
        if len(pile.cards) == 13:
            return self.illegal("Foundations", "the foundation is complete", card, top)
        if top.suit != card.suit:
            return self.illegal("II", "the foundations must follow suit", card, top)
        way = "ascending" if rule is ASCENDING else "descending"
        if rule.build.fault(top, card):
            return self.illegal("Foundations", f"the {'aces' if rule is ASCENDING else 'kings'} go on "
                                f"{way} in sequence", card, top)
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        counters = self.counters
        if kind == "deal":
            self.transfer("pack", "talon")
            return
        if kind == "redeal":
            self.gather(["talon"], into="pack")
            counters["redeals"] += 1
            counters["placed"] = 0
            return
        self.transfer(move[2], move[3])
        if self.placing:
            counters["placed"] += 1

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """The eight foundations complete, every card on them."""
        return self.complete(FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What no game played by the rules can have made: an empty list for a reachable position.

        - Only the pack lies face down, and the talon face up.
        - While cards remain to be placed, nothing is on the foundations; each Equator place holds
          one card at most, and each Zodiac packet its first card with marriages on it, each card
          one higher or one lower in its suit than the card beneath.
        - The foundations: aces and kings of different suits, up and down in suit.

        >>> TheZodiac.deal(seed=3).inconsistencies()
        []
        >>> game = TheZodiac.deal(seed=3)
        >>> game.piles["equator 1"] = Pile(game.piles["equator 1"].cards * 2)
        >>> game.piles["zodiac 1"] = Pile(game.piles["zodiac 1"].cards + game.piles["zodiac 2"].cards)
        >>> game.piles["zodiac 2"] = Pile()
        >>> game.piles["pack"] = game.piles["pack"].without(1)
        >>> game.inconsistencies()[:2]
        ['equator 1 holds more than one card', 'zodiac 2 is empty while cards remain to be placed']
        """
        faults: list[str] = []
        piles = self.piles
        pack = piles["pack"]
        if pack.face_down != len(pack.cards) or any(p.face_down for n, p in piles.items() if n != "pack"):
            faults.append("a card lies face down outside the pack, or face up in it")
        faults += [f"{n} holds more than one card" for n in EQUATOR if len(piles[n].cards) > 1]
        if self.placing:
            faults += [f"{n} is empty while cards remain to be placed" for n in ZODIAC if not piles[n].cards]
            if any(piles[f].cards for f in FOUNDATIONS):
                faults.append("a foundation is begun while cards remain to be placed")
        for name in ZODIAC:
            broken = MARRIAGE.first_break(piles[name].cards)
            if broken:
                faults.append(f"{name} holds a card that is no marriage ({broken[1]} on {broken[0]})")
        faults += self.foundation_inconsistencies(distinct_suits=True)
        return faults

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """A key that leaves out what play does not depend on: the number of re-deals, and of the
        cards placed in the pass only whether there were any; the Zodiac's packets and the
        Equator's places in any order."""
        piles = self.piles
        zodiac = sorted([piles[n].cards for n in ZODIAC])
        equator = sorted([piles[n].cards for n in EQUATOR])
        foundations = tuple(piles[n] for n in FOUNDATIONS)
        return (piles["pack"], piles["talon"], tuple(zodiac), tuple(equator), foundations,
                self.counters["placed"] > 0)

    def goes_out(self, suit: Suit, target: str | None = None, card: Card | None = None) -> bool:
        """Whether ``suit`` can still go out to its two foundations (:func:`can_go_out`), with every
        card of it not in the Zodiac nor on the foundations counted free: exact once every card is
        placed (the free cards are then the Equator's), and while cards remain to be placed a
        condition every winnable position meets.  With ``target`` and ``card``: after ``card`` is
        married on the Zodiac packet ``target``.

        >>> game = TheZodiac.arrange({"zodiac 1": "3♠ 2♠", "zodiac 2": "3♠ 2♠ A♠"})
        >>> game.goes_out(Suit.SPADES), game.goes_out(Suit.SPADES, "zodiac 1", Card.parse("A♠"))
        (True, False)
        """
        piles = self.piles
        up, down = 0, 14
        packets: list[tuple[int, ...]]
        if self.placing:
            # While cards are placed the foundations are empty, and the packets change only with
            # the lie of the Zodiac: they are worked out once for each lie.
            lying, spare = self.worked_out("packets", ZODIAC, _packets)[suit]
            free = list(spare)
            packets = [values + (card.value,) if name == target and card is not None else values
                       for name, values in lying]
            if target is not None and card is not None:
                free[card.value] -= 1
        else:
            packets = []
            free = [0] + [2] * 13
            for name in ZODIAC:
                cards = piles[name].cards
                if cards and cards[0].suit == suit:
                    values = tuple(c.value for c in cards) + ((card.value,) if name == target and card else ())
                    packets.append(values)
                    for value in values:
                        free[value] -= 1
            for name in FOUNDATIONS:
                cards = piles[name].cards
                if cards and cards[0].suit == suit:
                    for c in cards:
                        free[c.value] -= 1
                    if name in ACE_FOUNDATIONS:
                        up = cards[-1].value
                    else:
                        down = cards[-1].value
        return can_go_out(tuple(sorted(packets)), tuple(free), up, down)

    def useful_moves(self) -> list[Move]:
        """The legal moves less those after which a suit can no longer go out (:meth:`goes_out`) and
        a card put in a second space of the Equator (the spaces are alike); while cards remain to
        be placed, the moves that leave the most cards a place to go (:meth:`openings`) first."""
        return self._useful(self.legal_moves())

    def _useful(self, moves: Iterable[Move]) -> list[Move]:
        """Of ``moves`` (in the order of :meth:`generate_legal_moves`), the useful ones, ranked as
        :meth:`useful_moves` ranks them."""
        useful: list[Move] = []
        space = False
        # While cards are placed, a marriage's verdict depends on the lie alone.
        verdicts: dict[tuple[str, Card], bool] = self.worked_out("verdicts", _LIE, lambda _: {})
        for move in moves:
            if move[0] == "move":
                target, card = move[3], move[1][0]
                if target in EQUATOR:
                    if space:
                        continue
                    space = True
                elif target in ZODIAC:
                    verdict = verdicts.get((target, card))
                    if verdict is None:
                        verdict = verdicts[target, card] = self.goes_out(card.suit, target, card)
                    if not verdict:
                        continue
                else:
                    self.push(move)
                    out = self.goes_out(card.suit)
                    self.undo()
                    if not out:
                        continue
            useful.append(move)
        placing = [m for m in useful if m[0] == "move"]
        if len(placing) > 1 and self.placing:
            score = self.openings()
            ranked = sorted(placing, key=lambda m: -score(m))
            return ranked + [m for m in useful if m[0] != "move"]
        return useful

    def openings(self) -> Callable[[Move], float]:
        """A measure of a placing move: after it, how many cards still to be placed could be
        married on a top card of the Zodiac (each of the Equator's counting half), and two for
        each space of the Equator up to three.  It depends on the lie of the Equator and the
        Zodiac alone (the cards to be placed are the others), so it is worked out once for each."""
        return self.worked_out("openings", _LIE, self._openings)

    def _openings(self, lie: list[Pile]) -> Callable[[Move], float]:
        piles = dict(zip(_LIE, lie))
        wanted: dict[tuple[Suit, int], int] = {}
        # Each card not yet placed weighs one, each of the Equator's a half.
        weight: dict[tuple[Suit, int], float] = {(suit, value): 2.0 for suit in Suit for value in range(1, 14)}
        spaces = 0
        for name, pile in zip(_LIE, lie):
            cards = pile.cards
            if name in EQUATOR and not cards:
                spaces += 1
            for card in cards:
                key = (card.suit, card.value)
                weight[key] -= 0.5 if name in EQUATOR else 1
            if name in ZODIAC and cards:
                top = cards[-1]
                for value in (top.value - 1, top.value + 1):
                    key = (top.suit, value)
                    wanted[key] = wanted.get(key, 0) + 1
        base = sum(weight.get(key, 0) for key in wanted)

        def score(move: Move) -> float:
            card, source, target = move[1][0], move[2], move[3]
            key = (card.suit, card.value)
            total = base
            room = spaces + (source in EQUATOR) - (target in EQUATOR)
            share = 0.5 if source in EQUATOR else 1.0
            if target in EQUATOR:
                if key in wanted:
                    total -= 0.5
                return total + 2 * min(room, 3)
            old = piles[target].cards[-1]
            lost = {(old.suit, old.value - 1), (old.suit, old.value + 1)}
            gained = {(card.suit, card.value - 1), (card.suit, card.value + 1)}
            for k in lost - gained:
                if wanted.get(k) == 1:
                    total -= weight.get(k, 0)
            for k in gained - lost:
                if not wanted.get(k):
                    total += weight.get(k, 0)
            # The card placed no longer waits for a place.
            if wanted.get(key, 0) - (key in lost) + (key in gained) > 0:
                total -= share
            return total + 2 * min(room, 3)

        return score

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """Once every card is placed: a card played to a foundation after which its suit can still
        go out.  The suits never meet, so the position stays as winnable as it was, and
        :meth:`goes_out` is exact once every card is placed."""
        if self.placing:
            return None
        for move in moves:
            if move[0] == "move" and move[3].startswith("foundation"):
                return move
        return None

    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move that does not take the talon's card could have been made before the deal."""
        return move.kind == "move" and move.source != "talon"

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out on the cards to be placed alone (:func:`~patience.solve.runs_turning`, a card at
        a time): dealing and re-dealing change only the pack and the talon (and the re-deal the count
        of cards placed in the pass), so the Equator and the Zodiac lie as they do now, and after each
        deal the card dealt has the useful moves the lie gives it.  A pass goes on with a re-deal only
        if a card was placed in it, and a run places none, so it re-deals once at most and never
        comes back to where it was: its positions differ in the pack, or in whether a card was placed.

        The first runs of a deal, and, once a card is placed, the last, on through the re-deal:

        >>> game = TheZodiac.deal(seed=1)
        >>> runs = game.pack_runs(DEAL)
        >>> for run in runs[:3]:
        ...     print(*run)
        deal deal deal deal J♦ → 10♦
        deal deal deal deal J♦ → 10♦
        deal deal deal deal deal 10♣ → J♣
        >>> for move in runs[0]:
        ...     _ = game.play(move)
        >>> last = game.pack_runs(DEAL)[-1]
        >>> len(last), last.index(REDEAL), str(last[-1])
        (81, 68, 'Q♦ → K♦')
        """
        tops, spaces, _ = self.worked_out("lie", _LIE, self._work_out_lie)
        placed = self.counters["placed"] > 0
        return runs_turning(
            self, first, "pack", "talon", 1,
            lambda in_pack, on_talon, redealt: [DEAL] if in_pack else [REDEAL] if placed and not redealt else [],
            lambda card: self._useful(_talon_moves(card, tops, spaces)))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack from the bottom of the
        talon up and on from the top of the pack down (as :func:`~patience.solve.runs_turning` reads
        it), how many of its cards lie on the talon, whether a card was placed in this pass, the
        Equator's places and the Zodiac's packets (each bottom first), each foundation as (its suit, 0
        to 3, and its cards), and the table of builds of a marriage (:meth:`Build.table_bytes`).

        >>> pack, showing, placed, equator, zodiac, foundations, marriages = TheZodiac.deal(seed=1).description()
        >>> len(pack), showing, placed, len(equator), len(zodiac), foundations[:2], len(marriages)
        (72, 0, False, 8, 24, ((-1, 0), (-1, 0)), 2809)
        """
        piles = self.piles
        return (bytes(piles["talon"].cards + piles["pack"].cards[::-1]), len(piles["talon"].cards),
                self.counters["placed"] > 0, tuple(bytes(piles[name].cards) for name in EQUATOR),
                tuple(bytes(piles[name].cards) for name in ZODIAC), self.suit_foundations(FOUNDATIONS),
                MARRIAGE.table_bytes())

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 020's arrangement: the Equator across the middle, four foundations above it and four
        below, the Zodiac in a circle round them, clockwise from the top; the pack and the talon
        below the circle."""
        cx, cy = 6.6, 4.2
        spots = [Spot(name, cx - 4 + i, cy) for i, name in enumerate(EQUATOR)]
        spots += [Spot(name, cx - 2 + i, cy - 1.3) for i, name in enumerate(ACE_FOUNDATIONS)]
        spots += [Spot(name, cx - 2 + i, cy + 1.3) for i, name in enumerate(KING_FOUNDATIONS)]
        for i, name in enumerate(ZODIAC):
            angle = 2 * math.pi * i / len(ZODIAC)
            spots.append(Spot(name, cx - 0.5 + 6.0 * math.sin(angle), cy - 4.1 * math.cos(angle)))
        spots.append(Spot("pack", cx + 5.6, cy + 4.2, label="pack"))
        spots.append(Spot("talon", cx + 6.7, cy + 4.2, label="talon"))
        return spots

    def table(self) -> str:
        """The table as text: the Zodiac's packets (each bottom first, clockwise from the top), the
        Equator, the foundations' top cards, the talon's card and the pack's size."""
        piles = self.piles
        lines = []
        for row in range(0, len(ZODIAC), 6):
            lines.append("zodiac: " + " | ".join(" ".join(map(str, piles[n].cards)) or "--"
                                                 for n in ZODIAC[row:row + 6]))
        lines.append("equator: " + " ".join(str(piles[n].top or "--") for n in EQUATOR))
        lines.append("foundations: " + " ".join(str(piles[n].top or "--") for n in FOUNDATIONS))
        talon = piles["talon"]
        lines.append(f"talon: {talon.top or '--'} ({len(talon)})   pack: {len(piles['pack']) or 'exhausted'}"
                     f"   re-deals: {self.counters['redeals']}")
        return "\n".join(lines)
