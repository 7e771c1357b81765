"""Cards that can never go up: a proof that a position is lost, without searching it.

In a game whose foundations take the cards one by one in a fixed order (the four suits up from
the ace, say), and whose piles give up their cards from the top only, a card goes up only once
every card lying on it has left it, and a card leaves a pile only to a foundation or to another
pile that takes it (a card one higher of the other colour, a space).  :func:`blocked_card` asks
which cards could go up in the most generous reading of that: any card of the stock comes to hand
whenever it is wanted, a card may go onto a card that takes it whenever that card is uncovered,
however many others want it too, and a king always finds a space.  A card that cannot go up even
so can never go up in the game, whatever is played: the position is lost.

The reading is generous in everything but what the piles impose, so it proves nothing lost that
can be won (``tests/test_verdicts.py`` checks it against a plain exhaustive search), and it sees
what a search would need thousands of positions to find: the 5♥ lying on the 4♥ with both
black sixes underneath it.

>>> from patience.cards import Card
>>> cards = {c: Card.parse(c) for c in "4♥ 5♥ 6♠ 6♣".split()}
>>> below, takes, to_space = [None] * 53, [()] * 53, [False] * 53
>>> below[cards["5♥"]], takes[cards["5♥"]] = cards["4♥"], (cards["6♠"], cards["6♣"])
>>> pile = tuple(cards[c] for c in "6♠ 4♥ 6♣ 5♥".split())
>>> rules = Blocking(below, takes, to_space)
>>> print(rules.card([(pile, len(pile), False)], (), ()))
5♥
>>> rules.card([(pile[::-1], len(pile), False)], (), ()) is None
True
"""

from __future__ import annotations

from typing import Iterable, Sequence

from .cards import Card

__all__ = ["Blocking", "Lay"]

#: A pile as the proof sees it: its cards, bottom first; how many of them (from the bottom) leave it
#: one by one, each once uncovered (a waste, a reserve: all of them; a row: its face-down cards);
#: and whether any card of the rest (the face-up run) may head a move of the cards on it, or only
#: the first of them, the run moving all together.
Lay = tuple[tuple[Card, ...], int, bool]


class Blocking:
    """The rules a proof of :meth:`card` needs, as tables by card (a card is its code):
    ``below[card]``, the card that must go up before it (None for the first of a foundation);
    ``takes[card]``, the cards it may be put on; ``to_space[card]``, whether it may fill a space.
    """

    def __init__(self, below: Sequence[Card | None], takes: Sequence[Sequence[Card]],
                 to_space: Sequence[bool]) -> None:
        # As bits (a card's bit is 1 << its code): the card each card needs up first, and the cards
        # it may go onto, with bit 0 (no card's, always open) if it may fill a space; and the card
        # that goes up after each.
        self._needs = [0 if first is None else 1 << first for first in below]
        self._places = [sum(1 << onto for onto in ontos) | (_SPACE if space else 0)
                        for ontos, space in zip(takes, to_space)]
        self._next: list[Card | None] = [None] * len(below)
        for card, first in enumerate(below):
            if first is not None:
                self._next[first] = card  # type: ignore[call-overload]

    def card(self, piles: Sequence[Lay], hand: Iterable[Card], founded: Iterable[Card]) -> Card | None:
        """A card that can never go up from this position, whatever is played, or None if every card
        might: the first card the generous game leaves stuck on top of a pile, able to go neither up
        nor onto another pile (the cards under it cannot go up either).

        ``piles`` are the piles cards leave from the top only (see :data:`Lay`); ``hand`` the
        cards that come to hand whenever they are wanted (a stock, a talon that comes round
        again); ``founded`` the cards on the foundations.

        The generous game is played out: as it only ever gains by a move (a card up, or off its
        pile and free to take cards on it), every move it allows is made, in any order, until
        none is left; what is still down then can never go up.
        """
        needs, places, following = self._needs, self._places, self._next
        gone = 0
        for card in founded:
            gone |= 1 << card
        # Sets of cards as bits: ``up``, the cards gone up; ``free``, those off their piles (in
        # hand, or moved onto another pile, where nothing need cover them); ``open_``, those that
        # can take a card (uncovered once, not on a foundation since the start), with bit 0, a space.
        up = gone
        free = 0
        for card in hand:
            free |= 1 << card
        stacks = [(list(cards), alone, any_head) for cards, alone, any_head in piles]
        open_ = free | _SPACE
        for cards, _, _ in stacks:
            if cards:
                open_ |= 1 << cards[-1]
        rising = list(hand)
        while True:
            # Cards off their piles go up as soon as the card before them has, and bring the next.
            for card in rising:
                while card is not None and free >> card & 1 and not up >> card & 1 \
                        and needs[card] & up == needs[card]:
                    up |= 1 << card
                    card = following[card]
            rising = []
            moved = False
            for k in range(len(stacks)):  # stacks grows: a run carried off is a stack of its own
                cards, alone, any_head = stacks[k]
                while cards:
                    top = cards[-1]
                    if needs[top] & up == needs[top]:
                        up |= 1 << top
                        cards.pop()
                        if following[top] is not None:
                            rising.append(following[top])
                    elif (len(cards) <= alone + 1 or any_head) and places[top] & open_ & ~gone:
                        free |= 1 << top
                        cards.pop()
                    else:
                        # A card heading a run carries it off, the cards on it still in order (the
                        # lowest that can, which uncovers most; from the bottom, it uncovers none).
                        heads = range(max(alone, 1), len(cards) - 1) if any_head \
                            else range(alone, alone + 1) if 1 <= alone < len(cards) - 1 else ()
                        head = next((k for k in heads if places[cards[k]] & open_ & ~gone), None)
                        if head is None:
                            break
                        stacks.append((cards[head:], -1, any_head))
                        del cards[head:]
                    moved = True
                    if cards:
                        open_ |= 1 << cards[-1]
            if not moved and not rising:
                break
        for cards, _, _ in stacks:
            if cards:
                return cards[-1]
        return None


#: The bit of a space in :class:`Blocking`'s tables: no card's (codes start at 1), always open.
_SPACE = 1
