"""Diamond, a solitaire by David H. Dodge.

Source: "Diamond", by David H. Dodge, reprinted from the *New York Times* (about 1905–1920)
in another newspaper, known only from a noisy OCR of that reprint; its ten figures are lost.
No plate: the chapter draws the lost figures with this engine.

One pack; suits do not count.  The top card is the apex of a diamond of thirteen rows
(1, 2, … 7, … 2, 1 cards), each row of one rank, the ranks going up from the apex and round
the corner from king to ace; the middle rows take "extra" cards besides.  The three ranks
below the apex's are short by a card: one of each is put aside.  The pack is dealt four at a
time to a heap, whose top card goes to the diamond when it is wanted; the remainder of a
deal goes on top of the heap taken up, and a standstill may be undone twice by taking back
the last card laid.  Completed without that, the diamond is "of the first water".

>>> from patience import load
>>> game = load("diamond").deal_with(4, "5♠")
>>> print(game.piles["row 1 column 1"], "|", game.piles["aside"], "|", game.piles["hand"].cards[0])
5♠ | 2♠ 3♠ 4♥ | 6♥
"""

from __future__ import annotations

from functools import lru_cache
from math import lcm
from typing import Any, Iterable, Mapping, Sequence

from ..cards import Card, Rank, whist_pack
from ..errors import IllegalMove, InvalidPosition
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, move_onto, normalise_notation, place
from ..options import Option
from . import register

__all__ = ["Diamond", "ROWS", "SIZES", "EXTRAS", "pass_period"]

SOURCE = "David H. Dodge, “Diamond”, reprinted from the New York Times (c. 1905–1920)"

ROWS = 13
#: The number of places in each row, rows 1 to 13.
SIZES = (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)
#: The extra cards of each row (points (a)–(d)): one in the fifth rows from each end, two in the
#: sixth, three in the seventh.
EXTRAS = (0, 0, 0, 0, 1, 2, 3, 2, 1, 0, 0, 0, 0)
#: The key cards of each row: the rest of its places.
KEYS = tuple(s - e for s, e in zip(SIZES, EXTRAS))
#: The places of each row (``PLACES[r]`` for row r, 1 to 13), from its left-hand corner.
PLACES: tuple[tuple[str, ...], ...] = ((),) + tuple(
    tuple(place(r, c) for c in range(1, SIZES[r - 1] + 1)) for r in range(1, ROWS + 1))
ALL_PLACES = tuple(name for row in PLACES for name in row)
#: The first row of the second half: from it on, a row rests on two cards of the row before.
SECOND_HALF = 8
WATERS = ("first water", "second water", "third water")
#: How far down the picture each row lies, in card heights: a row covers all of the row
#: before but its top strip, where the index shows.
ROW_STEP = 0.3


def shift(apex: int, steps: int) -> int:
    """The rank ``steps`` above ``apex`` (a value, 1 to 13), going round from king to ace.

    >>> shift(5, 6), shift(5, 9), shift(1, -1)
    (11, 1, 13)
    """
    return (apex - 1 + steps) % 13 + 1


def key_rank(apex: int, row: int) -> int:
    """The rank of the key cards of ``row``: the apex's, ``row - 1`` above."""
    return shift(apex, row - 1)


def extra_rank(apex: int, row: int) -> int | None:
    """The rank of the extra cards of ``row`` (rows 5 to 9), running backward from the apex:
    apex + 2, apex + 1, apex, apex − 1, apex − 2."""
    return shift(apex, 7 - row) if EXTRAS[row - 1] else None


def support(row: int, column: int) -> int:
    """How many cards the row before must hold for a card to go at ``column`` of ``row``: every
    card it would cover (rule 7), two at the least in the second half (rule 8).

    >>> support(2, 1), support(2, 2), support(5, 3), support(5, 5), support(8, 1), support(8, 6)
    (1, 1, 3, 4, 2, 7)
    """
    if row < SECOND_HALF:
        return min(column, row - 1)
    return column + 1


@lru_cache(maxsize=None)
def pass_period(cards: int) -> int:
    """How many passes through a deck of ``cards`` (dealt four at a time, the remainder put on
    top of the heap taken up) bring it back to the order it began in, when no card is taken.

    With no remainder a pass gives back the same deck (period 1): the standstill the source
    speaks of.

    >>> pass_period(48), pass_period(45), pass_period(6)
    (1, 45, 3)
    """
    hand = list(range(cards))  # bottom first: the top card (dealt first) is the last
    heap: list[int] = []
    while len(hand) >= 4 or (hand and not heap):
        k = min(4, len(hand))
        packet = hand[-k:]
        del hand[-k:]
        heap += reversed(packet)
    after = heap[::-1] + hand
    period, seen = 1, [False] * cards
    for start in range(cards):
        length, i = 0, start
        while not seen[i]:
            seen[i] = True
            i = after[i]
            length += 1
        if length:
            period = lcm(period, length)
    return period


@register
class Diamond(Game):
    """Diamond: one pack, a diamond of thirteen rows built up in rank from the apex."""

    slug = "diamond"
    name = "Diamond"
    chapter = "diamond"
    order = 104
    source = SOURCE
    plate = None
    packs = 1
    COUNTERS = ("removals", "idle")
    FACE_DOWN = ("hand",)
    UNDEALT = ("hand",)
    UNDEALT_RULE = ("2", "the card has not been dealt yet")
    AVAILABILITY = ("3", "only the exposed card of the heap may be placed")
    RESTARTS = SEARCH_AGAIN
    PACK_KINDS = ("deal", "turn", "remove")
    OUT = ()
    RULES = {
        "1": "First shuffle the cards well and select the one from the top of the deck. This card is to "
        "form the apex of the diamond … Next remove from the deck the three cards preceding it … for "
        "suits do not enter into this game at all; and then place at the bottom of the deck the card "
        "following the apex card",
        "2": "Deal off the cards four at a time, turning them face upward in one heap at the side",
        "3": "the right cards being picked up as often as they become exposed as they are dealt off four "
        "at a time. The removal of one wanted card from the deck frequently exposes another.",
        "4": "whenever there is a remainder of one or two or three cards they are placed on top of the "
        "deck and another deal is made on the side as before.",
        "5": "We will thus, on top of the original five, in time get two sixes, three sevens and four "
        "eights … The first four rows and the last four rows have no extra cards. The fifth rows from "
        "each end have one extra card to each, and one only. The sixth rows from each end have two extra "
        "cards in each, and two only. The seventh row, counting from either end, has three extra cards.",
        "6": "the key cards at the left-hand corners run forward … We cannot start a row with an extra card.",
        "7": "it is not permitted to place a card over another where the former would be disturbed by the "
        "placing of a third one beneath it.",
        "8": "the first key card of each next succeeding row is placed to the right instead of to the left, "
        "and only when it can be placed on two cards.",
        "9": "If he finds himself at a standstill … by reason of there being no remainder after all he has "
        "in his hand have been dealt out four at a time, he may remove the last card of the row started "
        "last, whether it be an extra card or not, place it on the top of the deck and deal again. If he "
        "again gets stuck he may do the same thing, but he may not do it a third time.",
        "10": "If he gets to the end safely without removing a card at all, he has a diamond of the first "
        "water; if he removes a card once, he has a diamond of the second water; and if he has to remove "
        "a card twice, a diamond of the third water.",
    }
    OPTIONS = (
        Option(
            "extras_wait",
            False,
            "a card of the first half becomes an extra (rows 5–7) only once its own row is full (the "
            "note's “the extra cards only become so after the correct number of their denominations "
            "have been safely placed in the first three rows”); by default the counts alone decide",
        ),
        Option(
            "extras_last",
            False,
            "an extra card goes into its row only after the row's key cards (the reading under which "
            "Fig. 7 admits “only an eight and a jack”); by default an extra may go anywhere after the "
            "key card at the corner (“there is no special relative position for the extra cards”)",
        ),
    )

    # ---------------------------------------------------------------- the deal
    def pile_names(self) -> list[str]:
        return ["hand", "heap", "aside", *ALL_PLACES]

    def lay_out(self, cards: list[Card], apex: Card | str | None = None) -> None:
        """Rule 1: the top card is the apex (or the card ``apex``, brought to the top, for the
        source's examples); the first card of each of the three ranks below it, from the top,
        is put aside, and the first of the rank above it goes to the bottom of the deck."""
        deck = list(cards)
        if apex is not None:
            apex = Card.parse(apex) if isinstance(apex, str) else apex
            deck.remove(apex)
            deck.insert(0, apex)
        top = deck.pop(0)
        aside = []
        for below in (3, 2, 1):
            card = next(c for c in deck if c.value == shift(top.value, -below))
            deck.remove(card)
            aside.append(card)
        following = next(c for c in deck if c.value == shift(top.value, 1))
        deck.remove(following)
        deck.append(following)
        self.piles["row 1 column 1"] = Pile((top,))
        self.piles["aside"] = Pile(tuple(aside))
        # the hand is kept bottom first: its top card, dealt first, last
        self.piles["hand"] = Pile(tuple(reversed(deck)), len(deck))

    @classmethod
    def arrange_rows(cls, rows: Mapping[int, str], heap: str = "", **options: Any) -> Diamond:
        """A position of the diamond's ``rows`` (row number → its cards from the left-hand corner),
        for examples and tests.  The apex (row 1) decides which three cards lie aside: the first
        of each rank below it in new-pack order.  The ``heap`` is given bottom first; the rest lies
        in hand face down, in new-pack order (the king of clubs on top).

        >>> game = Diamond.arrange_rows({1: "5♠", 2: "6♥"}, heap="9♣ 7♦")
        >>> print(game.piles["row 2 column 1"], "|", game.piles["heap"], "|", game.piles["aside"])
        6♥ | 9♣ 7♦ | 2♠ 3♠ 4♠
        """
        piles: dict[str, str] = {}
        for r, text in rows.items():
            cards = text.split()
            if not 1 <= r <= ROWS or len(cards) > SIZES[r - 1]:
                raise InvalidPosition(f"row {r} has {SIZES[r - 1] if 1 <= r <= ROWS else 'no'} places")
            piles.update(zip(PLACES[r], cards))
        if 1 not in rows:
            raise InvalidPosition("the diamond has no apex")
        apex = Card.parse(rows[1]).value
        aside = []
        given = [Card.parse(c) for c in [*piles.values(), *heap.split()]]
        for below in (3, 2, 1):
            card = next((c for c in whist_pack() if c.value == shift(apex, -below) and c not in given), None)
            if card is None:
                raise InvalidPosition(f"no card of rank {shift(apex, -below)} is left to lie aside")
            aside.append(str(card))
        piles["aside"] = " ".join(aside)
        piles["heap"] = heap
        return super().arrange(piles, rest="hand", **options)

    @classmethod
    def completed(cls, apex: str, upto: int = ROWS, **options: Any) -> Diamond:
        """The diamond on the apex card ``apex`` with its first ``upto`` rows complete (the
        lost Figs. 6, 8, 9 and 10): in each row the key cards from the left-hand corner, then
        the extras, the suits taken in the order ♠ ♥ ♦ ♣.

        >>> game = Diamond.completed("5♠", upto=7)
        >>> [" ".join(str(c) for c in game.row_cards(r)) for r in (5, 6, 7)]
        ['9♠ 9♥ 9♦ 9♣ 7♣', '10♠ 10♥ 10♦ 10♣ 6♦ 6♣', 'J♠ J♥ J♦ J♣ 5♥ 5♦ 5♣']
        """
        first = Card.parse(apex)
        left = [c for c in whist_pack() if c != first]
        for below in (3, 2, 1):  # the cards aside, as arrange_rows chooses them
            left.remove(next(c for c in left if c.value == shift(first.value, -below)))
        rows: dict[int, str] = {1: str(first)}

        def take(value: int, n: int) -> list[str]:
            cards = [c for c in left if c.value == value][:n]
            for c in cards:
                left.remove(c)
            return [str(c) for c in cards]

        for r in range(2, upto + 1):
            extra = extra_rank(first.value, r)
            rows[r] = " ".join(take(key_rank(first.value, r), KEYS[r - 1])
                               + (take(extra, EXTRAS[r - 1]) if extra else []))
        return cls.arrange_rows(rows, **options)

    # ---------------------------------------------------------------- the diamond
    @property
    def apex(self) -> int:
        """The apex's rank (a value, 1 to 13)."""
        card = self.piles["row 1 column 1"].top
        if card is None:
            raise InvalidPosition("the diamond has no apex")
        return card.value

    def counts(self) -> list[int]:
        """How many cards each row holds (index 0 unused; rows 1 to 13)."""
        piles = self.piles
        out = [0]
        for row in PLACES[1:]:
            n = 0
            for name in row:
                if not piles[name].cards:
                    break
                n += 1
            out.append(n)
        return out

    def row_cards(self, row: int) -> list[Card]:
        """The cards of ``row``, from its left-hand corner."""
        return [self.piles[name].cards[0] for name in PLACES[row] if self.piles[name].cards]

    def started_last(self) -> int:
        """The row started last: the lowest row that holds a card (rows are started in order)."""
        counts = self.counts()
        return max(r for r in range(1, ROWS + 1) if counts[r])

    def _fault(self, card: Card, row: int, counts: Sequence[int]) -> tuple[str, str] | None:
        """Why ``row`` does not take ``card`` now (the rule and its words), or None."""
        apex = self.apex
        have = counts[row]
        if have == SIZES[row - 1]:
            return "5", f"row {row} is full: it holds {SIZES[row - 1]} cards"
        value = card.value
        key, extra = key_rank(apex, row), extra_rank(apex, row)
        if value != key and value != extra:
            return "5", f"row {row} takes {self._rank_words(row)}"
        if row > 1:
            need = support(row, have + 1)
            if counts[row - 1] < need:
                if row >= SECOND_HALF and have == 0:
                    return "8", "a row of the second half is begun only when its first card can be placed on two cards"
                return "7", "the card would be disturbed by the placing of a card beneath it"
        cards = self.row_cards(row)
        if value == key:
            if sum(1 for c in cards if c.value == key) >= KEYS[row - 1]:
                return "5", f"row {row} has its {KEYS[row - 1]} key cards"
            return None
        if have == 0:
            return "6", "a row cannot be started with an extra card"
        if sum(1 for c in cards if c.value == extra) >= EXTRAS[row - 1]:
            n = EXTRAS[row - 1]
            return "5", f"row {row} has {n} extra card{'s' if n > 1 else ''}, and {n} only"
        if self.options.extras_last and sum(1 for c in cards if c.value == key) < KEYS[row - 1]:
            return "6", f"an extra card goes into row {row} only after its {KEYS[row - 1]} key cards"
        if self.options.extras_wait and row < SECOND_HALF:
            own = {5: 3, 6: 2, 7: 1}[row]
            if counts[own] < SIZES[own - 1]:
                return "5", f"an extra only becomes so once its own row, row {own}, is full"
        return None

    def _rank_words(self, row: int) -> str:
        def plural(value: int) -> str:
            name = Rank(value).name.lower()
            return {"six": "sixes", "knave": "knaves", "deuce": "deuces"}.get(name, name + "s")

        words = plural(key_rank(self.apex, row))
        extra = extra_rank(self.apex, row)
        return words + (f" (and {plural(extra)} as extras)" if extra else "")

    def rows_for(self, card: Card | str) -> list[int]:
        """The rows that would take ``card`` now (what a player asks: is it wanted?).

        >>> game = Diamond.arrange_rows({1: "5♠", 2: "6♥"})
        >>> game.rows_for("6♣"), game.rows_for("7♣"), game.rows_for("8♣")
        ([2], [3], [])
        """
        card = Card.parse(card) if isinstance(card, str) else card
        counts = self.counts()
        return [r for r in range(1, ROWS + 1) if self._fault(card, r, counts) is None]

    # ------------------------------------------------------------------ the pack
    def pass_over(self) -> bool:
        """Whether the hand is dealt out: fewer than four cards left in it (and a heap to take
        up; fewer than four cards in all are dealt as one packet)."""
        piles = self.piles
        return len(piles["hand"].cards) < 4 and bool(piles["heap"].cards)

    def standstill(self) -> bool:
        """Rule 9: the hand is dealt out, and the passes made since a card was last placed have come
        round to the order they began in, so that dealing again can bring nothing new: at once
        when there is no remainder (the source's case), else after :func:`pass_period` passes.
        (A wanted card is always in the deck: the cards the highest row still lacking cards
        lacks are there, and that row is always free to take them.)"""
        if not self.pass_over():
            return False
        piles = self.piles
        return self.counters["idle"] >= pass_period(len(piles["hand"].cards) + len(piles["heap"].cards))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        piles = self.piles
        counts = self.counts()
        card = piles["heap"].top
        if card is not None:
            for r in range(2, ROWS + 1):
                col = min(counts[r] + 1, SIZES[r - 1])
                yield Move("move", (card,), "heap", PLACES[r][col - 1], f"{card} → row {r}")
        yield Move("deal", notation="deal")
        yield Move("turn", notation="turn")
        for r in range(1, ROWS + 1):  # the last card of each row begun: only the lowest may go back
            if counts[r]:
                name = PLACES[r][counts[r] - 1]
                yield Move("remove", (piles[name].cards[0],), name, "hand", f"{piles[name].cards[0]} → deck")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`: the heap's top card to each row that
        takes it, then the deal, the turn or the card taken back, whichever the pack allows."""
        piles = self.piles
        legal: list[Move] = []
        counts = self.counts()
        heap = piles["heap"].cards
        if heap:
            card = heap[-1]
            for r in range(2, ROWS + 1):
                if self._fault(card, r, counts) is None:
                    legal.append(move_onto((card,), "heap", PLACES[r][counts[r]], f"row {r}"))
        hand = len(piles["hand"].cards)
        if hand >= 4 or (hand and not heap):
            legal.append(Move("deal", notation="deal"))
        elif heap:
            if not self.standstill():
                legal.append(Move("turn", notation="turn"))
            elif self.counters["removals"] < 2 and (last := self.started_last()) > 1:
                name = PLACES[last][counts[last] - 1]
                card = piles[name].cards[0]
                legal.append(Move("remove", (card,), name, "hand", f"{card} → deck"))
        return legal

    def aliases(self, move: Move) -> set[str]:
        names = super().aliases(move)
        if move.kind == "remove":
            names.add(normalise_notation(f"remove {move.cards[0]}"))
        elif move.kind == "move" and move.target:
            names.add(f"{move.cards[0]} → {move.target.rsplit(' column', 1)[0]}")
        return names

    def violation(self, move: Move) -> IllegalMove | None:
        piles = self.piles
        kind = move.kind
        if kind == "move":
            card = move.cards[0] if move.cards else None
            if move.source != "heap" or card is None or piles["heap"].top != card:
                if card is not None and move.source == "hand":
                    return self.illegal(*self.UNDEALT_RULE, card)
                return self.illegal(*self.AVAILABILITY, *(move.cards or ()))
            target = move.target or ""
            row = next((r for r in range(2, ROWS + 1) if target in PLACES[r]), None)
            if row is None:
                return self.illegal("5", "the card goes to a row of the diamond", card)
            counts = self.counts()
            fault = self._fault(card, row, counts)
            if fault is not None:
                return self.illegal(fault[0], fault[1], card)
            if target != PLACES[row][counts[row]]:
                return self.illegal("6", "a row is laid from its left-hand corner, place by place", card)
            return None
        hand, heap = len(piles["hand"].cards), len(piles["heap"].cards)
        if kind == "deal":
            if hand >= 4 or (hand and not heap):
                return None
            if not hand and not heap:
                return self.illegal("2", "every card is in the diamond")
            return self.illegal("4", f"the hand holds only {hand}: the remainder goes on top of the heap taken up")
        if kind == "turn":
            if not self.pass_over():
                if not heap:
                    return self.illegal("4", "there is no heap to take up")
                return self.illegal("4", "the heap is taken up only when the hand is dealt out")
            if self.standstill():
                return self.illegal("9", "the game is at a standstill: dealing again can bring nothing new")
            return None
        if kind == "remove":
            if not self.standstill():
                return self.illegal("9", "a card is taken back only at a standstill", *move.cards)
            if self.counters["removals"] >= 2:
                return self.illegal("9", "he may not do it a third time", *move.cards)
            last = self.started_last()
            counts = self.counts()
            if last == 1:
                # The apex decides the whole diamond (rule 1): with no row begun below it, there is
                # no "row started last" to take a card back from.
                return self.illegal("9", "the apex is not taken back: no row has been started below it",
                                    *move.cards)
            if move.source != PLACES[last][counts[last] - 1]:
                return self.illegal("9", "only the last card of the row started last is taken back", *move.cards)
            return None
        return IllegalMove("Play", f"{self.name} has no move {move}")

    def apply(self, move: Move) -> None:
        piles = self.piles
        kind = move.kind
        if kind == "move":
            piles["heap"] = piles["heap"].without(1)
            piles[move.target] = Pile(move.cards)  # type: ignore[index]
            self.counters["idle"] = 0
        elif kind == "deal":
            hand = piles["hand"].cards
            k = 4 if len(hand) >= 4 else len(hand)
            packet = hand[len(hand) - k:]
            rest = hand[: len(hand) - k]
            piles["hand"] = Pile(rest, len(rest))
            piles["heap"] = Pile(piles["heap"].cards + packet[::-1])
        elif kind == "turn":
            deck = piles["heap"].cards[::-1] + piles["hand"].cards
            piles["hand"] = Pile(deck, len(deck))
            piles["heap"] = Pile()
            self.counters["idle"] += 1
        elif kind == "remove":
            deck = piles["heap"].cards[::-1] + piles["hand"].cards + move.cards
            piles[move.source] = Pile()  # type: ignore[index]
            piles["hand"] = Pile(deck, len(deck))
            piles["heap"] = Pile()
            self.counters["removals"] += 1
            self.counters["idle"] = 0
        else:  # pragma: no cover - violation refuses every other kind
            raise ValueError(f"cannot apply {move}")

    @property
    def is_won(self) -> bool:
        piles = self.piles
        return all(piles[name].cards for name in ALL_PLACES)

    def grade(self) -> str | None:
        """Rule 10: a diamond of the first, second or third water, by the cards taken back."""
        if not self.is_won:
            return None
        return WATERS[min(self.counters["removals"], 2)]

    # ------------------------------------------------------------ for solvers
    def progress(self) -> int:
        """The cards in the diamond."""
        piles = self.piles
        return sum(1 for name in ALL_PLACES if piles[name].cards)

    def solver_key(self) -> tuple[Any, ...]:
        """The position with every card taken as its rank alone: suits do not enter into this game."""
        piles = self.piles
        return (tuple(c.value for c in piles["hand"].cards), tuple(c.value for c in piles["heap"].cards),
                tuple(piles[name].cards[0].value if piles[name].cards else 0 for name in ALL_PLACES),
                tuple(self.counters.values()))

    # ------------------------------------------------------------ consistency
    def inconsistencies(self) -> list[str]:
        faults: list[str] = []
        piles = self.piles
        if any(len(piles[name].cards) > 1 for name in ALL_PLACES):
            faults.append("a place of the diamond holds more than one card")
            return faults
        if not piles["row 1 column 1"].cards:
            return ["the diamond has no apex"]
        apex = self.apex
        aside = sorted(c.value for c in piles["aside"].cards)
        if aside != sorted(shift(apex, -k) for k in (1, 2, 3)):
            faults.append("the cards aside are not the three ranks below the apex")
        counts = self.counts()
        for r in range(1, ROWS + 1):
            filled = sum(1 for name in PLACES[r] if piles[name].cards)
            if filled != counts[r]:
                faults.append(f"row {r} has a gap")
                continue
            cards = self.row_cards(r)
            key, extra = key_rank(apex, r), extra_rank(apex, r)
            if cards and cards[0].value == extra:
                faults.append(f"row {r} begins with an extra card")
            if any(c.value not in (key, extra) for c in cards):
                faults.append(f"row {r} holds a card of another rank")
            if sum(c.value == key for c in cards) > KEYS[r - 1] or sum(c.value == extra for c in cards) > EXTRAS[r - 1]:
                faults.append(f"row {r} holds too many cards of a rank")
            if r > 1 and counts[r] and counts[r - 1] < support(r, counts[r]):
                faults.append(f"row {r} lies over places of row {r - 1} still empty")
        if piles["heap"].face_down:
            faults.append("the heap lies face down")
        if not 0 <= self.counters["removals"] <= 2:
            faults.append(f"a card is taken back {self.counters['removals']} times, but twice at most")
        if self.counters["idle"] < 0:
            faults.append("the count of idle passes is negative")
        return faults

    # ------------------------------------------------------------------ drawing
    def layout(self) -> list[Spot]:
        spots = [Spot("hand", 0, 0, label="hand"), Spot("heap", 1.2, 0, label="heap"),
                 Spot("aside", 2.4, 0, fan="right", label="aside")]
        for r in range(1, ROWS + 1):
            left = 5.5 - (r - 1) / 2 if r < SECOND_HALF else 5.5 - (ROWS - r) / 2
            for c, name in enumerate(PLACES[r]):
                spots.append(Spot(name, left + c, 1.3 + (r - 1) * ROW_STEP, draw_empty=False))
        return spots
