"""Cards that can never go up: a proof that a position is lost, without searching it.

In a game whose foundations take the cards one by one in a fixed order (the four suits up from
the ace, say), and whose piles give up their cards from the top only, a card goes up only once
every card lying on it has left it, and a card leaves a pile only to a foundation or to another
pile that takes it (a card one higher of the other colour, a space).  :class:`Blocking` asks
which cards could go up in the most generous reading of that: any card of the stock comes to hand
whenever it is wanted, a card may go onto a card that takes it whenever that card is uncovered,
however many others want it too, and once a space can be made there is always one.  A card that
cannot go up even so can never go up in the game, whatever is played: the position is lost.

The reading is generous in everything but what the piles impose, so it proves nothing lost that
can be won (``tests/test_verdicts.py`` checks it against a plain exhaustive search), and it sees
what a search would need thousands of positions to find: the 5♥ lying on the 4♥ with both
black sixes underneath it.

>>> from patience.cards import Card
>>> cards = {c: Card.parse(c) for c in "4♥ 5♥ 6♠ 6♣".split()}
>>> below, takes, to_space = [()] * 53, [()] * 53, [False] * 53
>>> below[cards["5♥"]], takes[cards["5♥"]] = (cards["4♥"],), (cards["6♠"], cards["6♣"])
>>> pile = tuple(cards[c] for c in "6♠ 4♥ 6♣ 5♥".split())
>>> rules = Blocking(below, takes, to_space)
>>> print(rules.card([Lay(pile, len(pile))], (), ()))
5♥
>>> rules.card([Lay(pile[::-1], len(pile))], (), ()) is None
True

A run moved whole from a pile that is a space when empty leaves that space: here the Q♦ J♠ go onto
the K♣, the K♥ into the space, and the A♥ under it comes out (each card waits for the one before it
in the order A♥, K♥, K♣, J♠, Q♦):

>>> c = {name: Card.parse(name) for name in "Q♦ J♠ K♣ A♥ K♥".split()}
>>> below, takes, to_space = [()] * 53, [()] * 53, [False] * 53
>>> for card, first in [("K♥", "A♥"), ("K♣", "K♥"), ("J♠", "K♣"), ("Q♦", "J♠")]:
...     below[c[card]] = (c[first],)
>>> takes[c["Q♦"]], to_space[c["K♥"]] = (c["K♣"],), True
>>> rows = [Lay((c["Q♦"], c["J♠"]), 0, space=True), Lay((c["K♣"],), 1), Lay((c["A♥"], c["K♥"]), 1, space=True)]
>>> Blocking(below, takes, to_space).card(rows, (), ()) is None
True
>>> print(Blocking(below, [()] * 53, to_space).card(rows, (), ()))
J♠

The stock of a last pass comes onto its waste a batch at a time (:attr:`Lay.coming`): here the 2♥
waits for the A♥, the 5♠ for the 2♥.  Turned in the order 2♥, A♥, 5♠, each goes up in turn; turned
2♥, 5♠, A♥, the 5♠ covers the 2♥ it waits for, and the two can never go up:

>>> c = {name: Card.parse(name) for name in "A♥ 2♥ 5♠".split()}
>>> below = [()] * 53
>>> below[c["2♥"]], below[c["5♠"]] = (c["A♥"],), (c["2♥"],)
>>> rules = Blocking(below, [()] * 53, [False] * 53)
>>> rules.card([Lay((), 0, coming=((c["2♥"],), (c["A♥"],), (c["5♠"],)))], (), ()) is None
True
>>> print(rules.card([Lay((), 0, coming=((c["2♥"],), (c["5♠"],), (c["A♥"],)))], (), ()))
5♠
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple, Sequence

from .build import Build, Foundation
from .cards import CARDS, Card
from .compiled import copy_of

__all__ = ["Blocking", "Lay", "needs", "onto"]

#: The cards of a pack, in the order of their codes (1 to 52).
_PACK: tuple[Card, ...] = tuple(card for card in CARDS if card is not None)


def needs(foundations: Iterable[Foundation]) -> list[tuple[Card, ...]]:
    """By card (its code), the cards any one of which must be up before it can go up on one of
    ``foundations``: none if it begins one.

    >>> from patience.build import ACES_UP, KINGS_DOWN
    >>> [" ".join(map(str, firsts)) for firsts in needs([ACES_UP, KINGS_DOWN])[1:4]]
    ['', 'A♠ 3♠', '2♠ 4♠']
    """
    foundations = list(foundations)
    return [(), *(() if any(f.base == card.rank for f in foundations) else
                  tuple(under for under in _PACK if any(f.build.table()[under][card] for f in foundations))
                  for card in _PACK)]


def onto(build: Build) -> list[tuple[Card, ...]]:
    """By card (its code), the cards ``build`` lets it be put on.

    >>> print(*onto(Build("down", "alternate"))[Card.parse("7♥")])
    8♠ 8♣
    """
    table = build.table()
    return [(), *(tuple(under for under in _PACK if table[under][card]) for card in _PACK)]


class Lay(NamedTuple):
    """A pile as the proof sees it."""

    #: Its cards, bottom first.
    cards: tuple[Card, ...]
    #: How many of them, from the bottom, leave it one by one, each once uncovered (a waste, a
    #: reserve: all of them; a row: its face-down cards).  The rest lie in a run on them.
    alone: int
    #: Whether any card of the run may head a move of the cards on it, or only its first card,
    #: the run moving all together.
    any_head: bool = False
    #: Whether the pile, once emptied, is a space that cards may fill.
    space: bool = False
    #: Whether its cards may go to a space (those the rules let fill one).
    fills: bool = True
    #: The cards still to come onto it, batch by batch in order, each batch on top of the one before
    #: (the stock of a last pass, turned onto its waste): a card of them leaves as the others do.
    coming: tuple[tuple[Card, ...], ...] = ()


class Blocking:
    """The rules a proof of :meth:`card` needs, as tables by card (a card is its code):
    ``below[card]``, the cards any one of which must go up before it (none for the first of a
    foundation); ``takes[card]``, the cards it may be put on; ``to_space[card]``, whether it may fill
    a space.  Of a single pack: the games that prove a card blocked are all played with one.
    """

    def __init__(self, below: Sequence[Sequence[Card]], takes: Sequence[Sequence[Card]],
                 to_space: Sequence[bool]) -> None:
        # As bits (a card's bit is 1 << its code): the cards each card needs one of up first, and
        # the cards it may go onto, with bit 0 (no card's) if it may fill a space; and the cards
        # that may go up after each.
        self._needs = [sum(1 << first for first in firsts) for firsts in below]
        self._places = [sum(1 << onto for onto in ontos) | (_SPACE if space else 0)
                        for ontos, space in zip(takes, to_space)]
        self._next: list[list[int]] = [[] for _ in below]
        for card, firsts in enumerate(below):
            for first in firsts:
                self._next[first].append(card)

    def tables(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The tables as a game's search in C reads them (``games/_search_tools.h``): by card, the
        cards it needs one of up first, and the cards it may go onto (bit 0: a space), as bits.

        >>> needs, places = Blocking([()] * 53, [()] * 53, [True] * 53).tables()
        >>> needs[1], places[1]
        (0, 1)
        """
        return tuple(self._needs), tuple(self._places)

    def card(self, piles: Sequence[Lay], hand: Iterable[Card], founded: Iterable[Card]) -> Card | None:
        """A card that can never go up from this position, whatever is played, or None if every card
        might: the first card the generous game leaves stuck on top of a pile, able to go neither up
        nor onto another pile (the cards under it cannot go up either).

        ``piles`` are the piles cards leave from the top only (see :class:`Lay`); ``hand`` the
        cards that come to hand whenever they are wanted (a stock, a talon that comes round
        again); ``founded`` the cards on the foundations.

        The generous game is played out: as it only ever gains by a move (a card up, or off its
        pile and free to take cards on it, or a space made), every move it allows is made, in any
        order, until none is left; what is still down then can never go up.  A space, once one
        pile that is a space when empty can be emptied, is always there.  The cards still to come
        onto a pile (:attr:`Lay.coming`) come a batch at a time, each only once no move is left
        without it: a card turned onto the waste in the last pass that cannot leave it at once
        lies under every card turned after it that cannot leave either.
        """
        code = _proof(self._needs, self._places, self._next, piles, hand, founded)
        return CARDS[code] if code else None


def _stuck(needs: list[int], places: list[int], following: list[list[int]], piles: Sequence[Lay],
           hand: Iterable[Card], founded: Iterable[Card]) -> int:
    """The work of :meth:`Blocking.card`, on codes: the code of the card stuck, or 0 if none.

    Written for mypyc (every set of cards an ``int`` of bits, every card its code), which compiles
    a copy of this module where it can (see :mod:`patience.compiled` and the end of this module)."""
    # Sets of cards as bits: ``up``, the cards gone up; ``gone``, those no card can go onto (on a
    # foundation from the start); ``free``, those off their piles (in hand, or moved onto another
    # pile, where nothing need cover them); ``open_``, those that can take a card (uncovered once).
    card: int
    top: int
    up = free = 0
    for card in founded:
        up |= 1 << card
    gone = up
    for card in hand:
        free |= 1 << card
    # A pile that cards are still to come onto gives up all of them one by one, as it has now.
    stacks: list[tuple[list[int], int, bool, bool, bool]] = [
        (list(lay.cards), lay.alone + sum(map(len, lay.coming)), lay.any_head, lay.space, lay.fills)
        for lay in piles]
    coming: list[tuple[list[int], list[tuple[Card, ...]], bool]] = [
        (stacks[k][0], list(lay.coming)[::-1], lay.fills) for k, lay in enumerate(piles) if lay.coming]
    spaces = any(lay.space and not lay.cards for lay in piles)
    open_ = free
    for cards, *_ in stacks:
        if cards:
            open_ |= 1 << cards[-1]
    rising: list[int] = list(hand)
    while True:
        # Cards off their piles go up as soon as a card before them has, and bring the next.
        while rising:
            card = rising.pop()
            if free >> card & 1 and not up >> card & 1 and (not needs[card] or needs[card] & up):
                up |= 1 << card
                rising += following[card]
        moved = False
        for k in range(len(stacks)):  # stacks grows: a run carried off is a stack of its own
            cards, alone, any_head, space, fills = stacks[k]
            while cards:
                top = cards[-1]
                room = (open_ & ~gone) | (_SPACE if spaces and fills else 0)
                if not needs[top] or needs[top] & up:
                    up |= 1 << top
                    cards.pop()
                    rising += following[top]
                elif (len(cards) <= alone + 1 or any_head) and places[top] & room:
                    free |= 1 << top
                    cards.pop()
                else:
                    # A card heading a run carries it off, the cards on it still in order (the
                    # lowest that can, which uncovers most; from the bottom, it uncovers none,
                    # but leaves a space if the pile is one).
                    lowest = 0 if space else 1
                    if any_head:
                        head = next((h for h in range(max(alone, lowest), len(cards) - 1)
                                     if places[cards[h]] & room), None)
                        if head is None:
                            break
                    elif lowest <= alone < len(cards) - 1 and places[cards[alone]] & room:
                        head = alone
                    else:
                        break
                    stacks.append((cards[head:], -1, any_head, False, fills))
                    del cards[head:]
                moved = True
                if cards:
                    open_ |= 1 << cards[-1]
                elif space:
                    spaces = True
        if not moved and not rising:
            if not coming:
                break
            # The next batches come until the top card of one can leave (a card that comes takes
            # no card there, so until then nothing else can move).
            cards, batches, fills = coming[0]
            room = (open_ & ~gone) | (_SPACE if spaces and fills else 0)
            while batches:
                cards += batches.pop()
                top = cards[-1]
                if not needs[top] or needs[top] & up or places[top] & room:
                    open_ |= 1 << top
                    break
            if not batches:
                del coming[0]
    for cards, *_ in stacks:
        if cards:
            return cards[-1]
    return 0


#: The bit of a space in :class:`Blocking`'s tables: no card's (codes start at 1).
_SPACE = 1


# The proof is most of the search's time in the games that use it, so the build compiles a copy of this
# module (see patience.compiled): what Blocking.card runs is the copy's _stuck where the copy was made from
# this very text, else the function above; the two give the same answers (tests/test_compiled.py).
_Stuck = Callable[[list[int], list[int], list[list[int]], Sequence[Lay], Iterable[Card], Iterable[Card]], int]
_copy = copy_of(__name__, __file__)
#: What :meth:`Blocking.card` runs.
_proof: _Stuck = _copy._stuck if _copy is not None else _stuck
#: Whether it runs compiled.
COMPILED = _copy is not None
