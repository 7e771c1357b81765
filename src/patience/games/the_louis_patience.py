"""The "Louis" Patience: two packs, the alphabet of twelve letters round the foundations.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The “Louis” Patience", plate 043.  Four aces and four kings of different suits are
the foundations, the aces ascending to kings and the kings descending to aces, in
suit (Rule I).  Round them lie twelve places, each bearing a letter, *a* to *m*
without *j*: the *alphabet*.  The pack is dealt on it card by card, *a* to *m*, circle
after circle, and a card may be played to the foundations as it turns up; but
during the deal each circle absolutely blocks the one before, so that a card of a
lower circle cannot be used, even if released, until the whole pack is dealt
(Rule II).  Then every top card of the alphabet is available, and marriages are
made on the alphabet, up or down, in suit.  The alphabet is taken up, *g* first and
*f* last, and dealt again without shuffling: three re-deals in all.  From the second
deal on, a card suitable alike for an ascending and a descending foundation may be
changed from one to the other, or laid aside for the moment.

Dealing is made of moves (``deal``, one card to its letter), so the deals, the plays
made during them and the play after them are one replayable record.

>>> from patience import load
>>> game = load("the-louis-patience", seed=1)
>>> [str(game.piles[f]) for f in game.piles_of("foundation")]
['A♦', 'A♣', 'A♥', 'A♠', 'K♦', 'K♣', 'K♥', 'K♠']
>>> len(game.piles["pack"]), game.next_letter()
(96, 'a')
>>> print(TheLouisPatience.from_plate().table())
      g   h   i   k
  f  A♦  A♣  A♥  A♠   l
  e  K♦  K♣  K♥  K♠   m
      d   c   b   a
pack: 96 cards
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from ..build import ACES_UP, KINGS_DOWN, Build, Foundation
from ..cards import Card, Rank, Suit
from ..errors import IllegalMove, InvalidPosition
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, move_onto, moves_up
from ..options import Option
from . import register

__all__ = ["TheLouisPatience"]

SOURCE = 'Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The "Louis" Patience”'

#: The letters of the alphabet in the order of the deal ("begin the deal at letter a, and finish it
#: at letter m"); the book's alphabet has no j.
LETTERS = ("a", "b", "c", "d", "e", "f", "g", "h", "i", "k", "l", "m")
#: The order the alphabet is taken up for a re-deal: "beginning with the letter g, and ending with f".
TAKE_UP = LETTERS[6:] + LETTERS[:6]
_BIT = {name: 1 << i for i, name in enumerate(LETTERS)}
#: The suits of the aces (and of the kings below them), left to right, as plate 043 shows them.
SUITS = (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES)
FOUNDATIONS = tuple(f"foundation {i + 1}" for i in range(8))
#: Each foundation's partner: the other foundation of its suit (the ace's king, the king's ace).
PARTNER = {name: FOUNDATIONS[(i + 4) % 8] for i, name in enumerate(FOUNDATIONS)}
#: The bits of the ``alike`` counter for the two foundations of each foundation's suit.
_SUIT_BITS = {name: (1 << i) | (1 << ((i + 4) % 8)) for i, name in enumerate(FOUNDATIONS)}
#: Marriages after the deal, "both in ascending and descending line", following suit (Rule I).
MARRIAGE = Build("either", "same")
_MARRIES = MARRIAGE.table()

DEAL = Move("deal", notation="deal")
REDEAL = Move("redeal", notation="redeal")

#: Where the plate puts each letter, as (column, row) of a grid of six columns and four rows: the
#: deal runs from a, at the bottom right, along the bottom, up the left, along the top, down the right.
PLACES = {"a": (4, 3), "b": (3, 3), "c": (2, 3), "d": (1, 3), "e": (0, 2), "f": (0, 1), "g": (1, 0),
          "h": (2, 0), "i": (3, 0), "k": (4, 0), "l": (5, 1), "m": (5, 2)}

SECOND_DEAL_WORDS = (
    "If during this second deal a card turns up suitable alike for an ascending or descending foundation, "
    "you can place it on either, and you may change it from one to the other. If you prefer it, you may "
    "even lay the card aside for the moment, playing it on whichever foundation appears the most suitable "
    "as the game progresses."
)


@register
class TheLouisPatience(Game):
    """The "Louis" Patience: two packs; eight foundations inside a square of twelve lettered packets."""

    slug = "the-louis-patience"
    name = "The “Louis” Patience"
    chapter = "the-louis-patience"
    order = 43
    source = SOURCE
    plate = "043"
    packs = 2
    COUNTERS = ("dealt", "fresh", "redeals", "alike")
    RULES = {
        "I": "The foundations follow suit, as do also cards of the alphabet.",
        "II": "During the deal each circle of the alphabet absolutely blocks the preceding one, but, when "
        "the entire deal is complete, the removal of cards from the alphabet releases those on the circles "
        "beneath, which now become available.",
        "Foundations": "The aces ascend in sequence to kings, the kings descend to aces (Rule I).",
        "Deal": "You next deal twelve cards, forming a square outside the foundations, each card bearing a "
        "letter: this square is called the alphabet. Begin the deal at letter a, and finish it at letter m, "
        "and during the deal play any suitable cards as they turn up.",
        "Marriages": "When the entire pack has been dealt out, and all available cards have been played "
        "(Rule II), you are allowed to form marriages, both in ascending and descending line, with the "
        "available cards of the alphabet.",
        "Re-deal": "When no more cards can be played, or married, take up the alphabet in succession, "
        "beginning with the letter g, and ending with f. … Then, without shuffling, deal out all the cards "
        "as before … There may be three re-deals.",
        "Second deal": SECOND_DEAL_WORDS,
    }
    AVAILABILITY = ("II", "a card of the alphabet is released only by the removal of the cards on it")
    RESTARTS = SEARCH_AGAIN
    OPTIONS = (
        Option("redeals", 3, "how many times the alphabet may be taken up and dealt again (the book: three)"),
        Option(
            "block",
            "circle",
            "what a circle blocks during the deal: the whole preceding 'circle' as soon as it begins (the "
            "book's “absolutely blocks”), or only each 'card' it covers, a card of the circle before "
            "staying available until the new circle reaches its letter",
            choices=("circle", "card"),
        ),
        Option(
            "alike",
            "redeal",
            "when a card suitable alike for an ascending and a descending foundation may be changed from "
            "one to the other or laid aside: from the second deal on ('redeal', the book's “during this "
            "second deal”) or 'always'",
            choices=("redeal", "always"),
        ),
        Option(
            "take_up",
            "turned",
            "how the alphabet, taken up g first and f last, is dealt again: the packets piled face up "
            "(g at the bottom) and 'turned' face down, so that g's bottom card is dealt first, or dealt "
            "'face_up' from the top of the pile, the top card of f first",
            choices=("turned", "face_up"),
        ),
    )

    #: Plate 043: the four aces (diamonds, clubs, hearts, spades, left to right) above the four kings
    #: of the same suits, and the twelve lettered places of the alphabet round them, empty.  The plate
    #: does not show the pack; here it lies in the order of deal 43, so that ``from_plate()`` is
    #: ``deal(seed=43)``.
    PLATE = """\
the-louis-patience seed=43 dealt=0 fresh=0 redeals=0 alike=0
pack: [8♦] [J♥] [9♦] [Q♣] [2♠] [6♥] [10♠] [3♥] [J♣] [7♦] [2♦] [10♣] [6♣] [3♠] [10♥] [9♣] [Q♦] [7♣] \
[K♦] [A♦] [A♠] [3♣] [2♣] [K♠] [A♣] [8♥] [A♥] [4♠] [3♣] [7♠] [5♠] [6♠] [5♥] [9♠] [4♥] [10♦] [9♥] [Q♠] \
[6♥] [K♥] [7♣] [5♣] [5♦] [3♥] [10♥] [4♦] [9♠] [4♦] [5♥] [6♣] [5♣] [2♠] [J♦] [2♥] [2♣] [J♦] [4♣] [3♠] \
[2♦] [J♠] [8♣] [Q♠] [2♥] [8♦] [4♥] [8♠] [Q♣] [Q♥] [3♦] [5♠] [10♠] [8♠] [7♦] [9♦] [K♣] [6♦] [7♠] [Q♦] \
[J♥] [10♦] [6♦] [7♥] [9♣] [8♣] [7♥] [9♥] [3♦] [10♣] [J♣] [5♦] [J♠] [4♣] [4♠] [Q♥] [6♠] [8♥]
foundation 1: A♦
foundation 2: A♣
foundation 3: A♥
foundation 4: A♠
foundation 5: K♦
foundation 6: K♣
foundation 7: K♥
foundation 8: K♠
"""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack, the eight foundations (1 to 4 the aces, 5 to 8 the kings, each king below the
        ace of its suit), the twelve letters of the alphabet, and the card laid aside."""
        return ["pack", *FOUNDATIONS, *LETTERS, "aside"]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP if int(name.rpartition(" ")[2]) <= 4 else KINGS_DOWN

    @property
    def dealing(self) -> bool:
        """True while the deal goes on: the pack is not yet exhausted."""
        return bool(self.piles["pack"].cards)

    def next_letter(self) -> str:
        """The letter the next card of the deal goes to."""
        return LETTERS[self.counters["dealt"] % len(LETTERS)]

    def available(self, letter: str) -> bool:
        """Whether the top card of ``letter`` may be used now (Rule II): during the deal only a card
        of the circle being dealt (``fresh``), after it every top card."""
        return not self.piles["pack"].cards or bool(self.counters["fresh"] & _BIT[letter])

    def privileged(self) -> bool:
        """Whether the second deal's privileges hold (changing and laying aside a card suitable alike)."""
        return self.counters["redeals"] >= 1 or self.options.alike == "always"

    # ------------------------------------------------------------------ the deal
    @classmethod
    def arrange(cls, piles: Mapping[str, str], made: int = 0,  # type: ignore[override]
                **options: Any) -> TheLouisPatience:
        """A position after the pack is dealt out, made of the piles that matter, for examples and
        tests: ``piles`` maps letters (and ``aside``) to their cards, bottom first; every other card
        lies on the foundations, the aces of each suit built up as high as the cards left allow and
        the kings down to the rest; ``made`` re-deals have been made.

        >>> game = TheLouisPatience.arrange({"a": "K♥", "b": "A♥"})
        >>> [str(game.piles[f].top) for f in FOUNDATIONS]
        ['K♦', 'K♣', 'Q♥', 'K♠', 'A♦', 'A♣', '2♥', 'A♠']
        """
        game = cls(**options)
        left = Counter(game.pack())
        for name, text in piles.items():
            if name not in (*LETTERS, "aside"):
                raise InvalidPosition(f"unknown letter {name!r} in {game.name}")
            game.piles[name] = Pile.of(text)
            left.subtract(game.piles[name].cards)
        for i, suit in enumerate(SUITS):
            counts = [left[Card(Rank(value), suit)] for value in range(1, 14)]
            shape = next(((up, down) for up in range(13, 0, -1) for down in range(1, 14)
                          if counts == [(v <= up) + (v >= down) for v in range(1, 14)]), None)
            if shape is None:
                raise InvalidPosition(f"the {suit.name.lower()} left over do not make an ascending and a "
                                      "descending foundation")
            up, down = shape
            game.piles[FOUNDATIONS[i]] = Pile(tuple(Card(Rank(v), suit) for v in range(1, up + 1)))
            game.piles[FOUNDATIONS[i + 4]] = Pile(tuple(Card(Rank(v), suit) for v in range(13, down - 1, -1)))
        game.counters["redeals"] = made
        return cls.from_position(str(game))

    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw four aces and four kings of different suits (the first of each in the shuffled
        pack) and place them as in the plate; the rest is the pack, dealt by ``deal`` moves."""
        rest = list(cards)
        for i, suit in enumerate(SUITS):
            for j, rank in enumerate((Rank.ACE, Rank.KING)):
                card = next(c for c in rest if c.rank == rank and c.suit == suit)
                rest.remove(card)
                self.piles[FOUNDATIONS[i + 4 * j]] = Pile((card,))
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield DEAL
        yield REDEAL
        piles = self.piles
        for source in (*LETTERS, "aside"):
            card = piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            if source == "aside":
                continue
            for target in LETTERS:
                if target != source:
                    yield Move("move", (card,), source, target, f"{card} → {piles[target].top or target}")
            yield Move("move", (card,), source, "aside", f"{card} → aside")
        for name in FOUNDATIONS:
            cards = piles[name].cards
            if len(cards) > 1:
                yield Move("move", (cards[-1],), name, PARTNER[name], f"change {cards[-1]} → {PARTNER[name]}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly: the deal or the re-deal,
        then each available top card to the foundations that take it, onto the cards it marries
        with (once the deal is complete) and aside, and the changes between the foundations."""
        piles, counters = self.piles, self.counters
        dealing = bool(piles["pack"].cards)
        moves: list[Move] = []
        if dealing:
            moves.append(DEAL)
        elif counters["redeals"] < self.options.redeals and any(piles[n].cards for n in LETTERS):
            moves.append(REDEAL)
        takers = self.foundation_takers(distinct_suits=False)
        privileged = counters["redeals"] >= 1 or self.options.alike == "always"
        aside_free = not piles["aside"].cards
        fresh = counters["fresh"]
        tops = [(name, piles[name].cards) for name in LETTERS]
        for source, cards in tops:
            if not cards or (dealing and not fresh & _BIT[source]):
                continue
            card = cards[-1]
            going = takers.get(card, [])
            moves += moves_up(source, card, going)
            if not dealing:
                for target, under in tops:
                    if target != source and under and _MARRIES[under[-1]][card]:
                        moves.append(move_onto((card,), source, target, under[-1].text))
            if privileged and aside_free and len(going) == 2:
                moves.append(move_onto((card,), source, "aside", "aside"))
        aside = piles["aside"].cards
        if aside:
            moves += moves_up("aside", aside[-1], takers.get(aside[-1], []))
        alike = counters["alike"]
        if privileged and alike:
            for i, name in enumerate(FOUNDATIONS):
                cards = piles[name].cards
                partner = PARTNER[name]
                if alike & (1 << i) and partner in takers.get(cards[-1], ()):
                    moves.append(Move("move", (cards[-1],), name, partner, f"change {cards[-1]} → {partner}"))
        return moves

    def violation(self, move: Move) -> IllegalMove | None:
        kind = move.kind
        if kind == "deal":
            return None if self.dealing else IllegalMove("Deal", "the pack is exhausted")
        if kind == "redeal":
            return self._redeal_violation()
        source, target = move.source, move.target
        piles = self.piles
        if kind != "move" or source not in piles or target not in piles or source == target or \
                source == "pack" or target == "pack":
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        if len(move.cards) != 1 or piles[source].top != card:
            return self.illegal(*self.AVAILABILITY, card)
        if source in FOUNDATIONS:
            return self._change_violation(source, target, card)
        if source in LETTERS and not self.available(source):
            return self.illegal("II", "during the deal each circle of the alphabet absolutely blocks the "
                                "preceding one", card)
        if target in FOUNDATIONS:
            return self._foundation_violation(target, card)
        if target == "aside":
            return self._aside_violation(card)
        if source == "aside":
            return self.illegal("Second deal", "a card laid aside is played only on a foundation", card)
        return self._marriage_violation(target, card)

    def _redeal_violation(self) -> IllegalMove | None:
        """The re-deals: when the pack is dealt out, as many times as the option ``redeals``."""
        allowed = self.options.redeals
        if self.counters["redeals"] >= allowed:
            times = {0: "no", 1: "one", 2: "two", 3: "three"}.get(allowed, str(allowed))
            return IllegalMove("Re-deal", f"there may be {times} re-deal{'s' if allowed != 1 else ''}")
        if self.dealing:
            left = len(self.piles["pack"])
            return IllegalMove("Re-deal", "the alphabet is taken up when the entire pack has been dealt out",
                               f"{left} card{'s' if left != 1 else ''} to deal")
        if not any(self.piles[n].cards for n in LETTERS):
            return IllegalMove("Re-deal", "there is no alphabet to take up")
        return None

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule I (suit) and the foundations' sequence (aces up, kings down)."""
        if len(self.piles[name]) == 13:
            way = "this foundation is complete"
        elif name in FOUNDATIONS[:4]:
            way = "the aces ascend in sequence to kings"
        else:
            way = "the kings descend to aces"
        reasons = {"must follow suit": ("I", "the foundations follow suit"), "*": ("Foundations", way)}
        return self.explain(self.foundation_fault(name, card), reasons, card, self.piles[name].top or name)

    def _aside_violation(self, card: Card) -> IllegalMove | None:
        """The second deal's privilege: a card suitable alike for both foundations of its suit."""
        if not self.privileged():
            return self.illegal("Second deal", "a card is laid aside only from the second deal on", card)
        if self.piles["aside"].cards:
            return self.illegal("Second deal", "one card is laid aside at a time", card)
        fits = [f for f in FOUNDATIONS if self.foundation_fault(f, card) is None]
        if len(fits) < 2:
            return self.illegal("Second deal", "only a card suitable alike for an ascending and a descending "
                                "foundation is laid aside", card)
        return None

    def _marriage_violation(self, target: str, card: Card) -> IllegalMove | None:
        """Marriages: only once the pack is dealt out, on a card of the alphabet, up or down in suit."""
        if self.dealing:
            return self.illegal("Marriages", "marriages are formed only when the entire pack has been dealt out",
                                card, self.piles[target].top or target)
        under = self.piles[target].top
        if under is None:
            return self.illegal("Deal", "an empty letter of the alphabet is filled only by the deal", card, target)
        fault = MARRIAGE.fault(under, card)
        if fault is None:
            return None
        if fault == "must follow suit":
            return self.illegal("I", "cards of the alphabet follow suit", card, under)
        return self.illegal("Marriages", "marriages go one up or one down in value", card, under)

    def _change_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """Changing a card from one foundation of its suit to the other (the second deal's privilege):
        only the card that was suitable alike for both when it was played (the ``alike`` counter
        marks the foundation it lies on), and only while it is the top card."""
        if not self.privileged() or target != PARTNER[source] or len(self.piles[source]) < 2:
            return self.illegal(*self.STAYS["foundation"], card)
        if not self.counters["alike"] & (1 << FOUNDATIONS.index(source)):
            return self.illegal("Second deal", "only a card suitable alike for both foundations when it was "
                                "played may be changed from one to the other", card)
        return self._foundation_violation(target, card)

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        counters = self.counters
        if kind == "deal":
            letter = LETTERS[counters["dealt"] % len(LETTERS)]
            self.transfer("pack", letter)
            if counters["dealt"] % len(LETTERS) == 0 and self.options.block == "circle":
                counters["fresh"] = _BIT[letter]
            else:
                counters["fresh"] |= _BIT[letter]
            counters["dealt"] += 1
            if not self.piles["pack"].cards:
                counters["fresh"] = 0
        elif kind == "redeal":
            if self.options.take_up == "turned":
                self.gather(TAKE_UP, into="pack")
            else:
                self.gather(TAKE_UP[::-1], reverse=True, into="pack")
            counters["dealt"] = counters["fresh"] = 0
            counters["redeals"] += 1
        else:
            source, target = move[2], move[3]
            if target in _SUIT_BITS:
                self._mark_alike(source, target, move[1][0])
            self.transfer(source, target)
            if source in _BIT:
                counters["fresh"] &= ~_BIT[source]

    def _mark_alike(self, source: str, target: str, card: Card) -> None:
        """Keep the ``alike`` counter: a bit for each foundation whose top card may be changed to
        the other foundation of its suit.  A card played to a foundation clears its suit's bits, and
        sets its own when (with the second deal's privileges) the other foundation took it too; a
        card changed over takes its bit with it."""
        counters = self.counters
        mine = 1 << FOUNDATIONS.index(target)
        if source in _SUIT_BITS:
            counters["alike"] = (counters["alike"] & ~_SUIT_BITS[source]) | mine
            return
        alike = counters["alike"] & ~_SUIT_BITS[target]
        if self.privileged() and self.foundation_fault(PARTNER[target], card) is None:
            alike |= mine
        counters["alike"] = alike

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card on the foundations."""
        return self.complete(FOUNDATIONS)

    def solver_key(self) -> tuple[Any, ...]:
        """The position, less what no longer matters once the pack is dealt out: how many cards this
        deal has dealt (the next letter)."""
        if self.piles["pack"].cards:
            return self.state_key()
        return (tuple(self.piles.values()), self.counters["redeals"])

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """None: a card played up may still be wanted in the alphabet (marriages go both ways) or on
        the other foundation of its suit, so every move is tried."""
        return None

    def inconsistencies(self) -> list[str]:
        """What no game played by the rules can reach: a foundation that does not begin with its
        ace or king (of the plate's suit for its column) or leaves its sequence; a card face down
        outside the pack; more than one card aside, or one aside before the second deal (with the
        book's ``alike``); a letter marked as of the circle being dealt while the pack is dealt out
        or when it was not yet dealt to; more re-deals than allowed.

        >>> TheLouisPatience.deal(seed=2).inconsistencies()
        []
        >>> game = TheLouisPatience.deal(seed=2)
        >>> game.counters["fresh"] = 1
        >>> game.inconsistencies()
        ['letters are marked as dealt in this circle while the deal has not reached them']
        """
        faults = self.foundation_inconsistencies()
        piles, counters = self.piles, self.counters
        for i, name in enumerate(FOUNDATIONS):
            cards = piles[name].cards
            if not cards or cards[0].suit != SUITS[i % 4]:
                faults.append(f"{name} does not begin with a card of {SUITS[i % 4].name.lower()}")
        pack = piles["pack"]
        if pack.face_down != len(pack.cards) or any(piles[n].face_down for n in (*FOUNDATIONS, *LETTERS, "aside")):
            faults.append("a card lies face down outside the pack, or face up in it")
        aside = len(piles["aside"])
        if aside > 1 or (aside and not self.privileged()):
            faults.append(f"{aside} card{'s' if aside != 1 else ''} laid aside")
        fresh, dealt = counters["fresh"], counters["dealt"]
        if fresh and not pack.cards:
            faults.append("letters are marked as dealt in this circle after the deal")
        place = dealt % len(LETTERS)
        whole = (dealt > 0 and place == 0) or (self.options.block == "card" and dealt >= len(LETTERS))
        reached = (1 << len(LETTERS)) - 1 if whole else (1 << place) - 1
        if fresh & ~reached:
            faults.append("letters are marked as dealt in this circle while the deal has not reached them")
        alike = counters["alike"]
        if alike and (not self.privileged() or any(alike & (1 << i) and len(piles[f]) < 2
                                                   for i, f in enumerate(FOUNDATIONS))):
            faults.append("a foundation's top card is marked as suitable alike where none can be")
        if not 0 <= counters["redeals"] <= self.options.redeals:
            faults.append(f"{counters['redeals']} re-deals made")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 043's arrangement: the aces in a row above the kings in the centre, the twelve
        letters round them in a square (a at the bottom right, the deal running along the bottom,
        up the left, along the top and down the right), the pack and the card aside at two corners."""
        spots = [Spot(name, 1 + i % 4, 1 + i // 4) for i, name in enumerate(FOUNDATIONS)]
        spots += [Spot(name, x, y, label=name) for name, (x, y) in PLACES.items()]
        spots.append(Spot("pack", 5, 3, label="pack"))
        spots.append(Spot("aside", 0, 3, label="aside", draw_empty=self.privileged()))
        return spots

    def table(self) -> str:
        """The tableau as the plate lays it out, as text: each letter's top card (the letter where it
        is empty), the foundations' top cards in the centre; below, the pack, the card aside, and
        each letter's packet in full."""
        piles = self.piles

        def cell(name: str) -> str:
            return str(piles[name].top or name).rjust(3)

        lines = ["    " + " ".join(cell(n) for n in ("g", "h", "i", "k")),
                 cell("f") + " " + " ".join(cell(f) for f in FOUNDATIONS[:4]) + " " + cell("l"),
                 cell("e") + " " + " ".join(cell(f) for f in FOUNDATIONS[4:]) + " " + cell("m"),
                 "    " + " ".join(cell(n) for n in ("d", "c", "b", "a"))]
        lines = [line.rstrip() for line in lines]
        pack = len(piles["pack"])
        lines.append(f"pack: {pack} cards" if pack else "pack: dealt out")
        if piles["aside"].cards:
            lines.append(f"aside: {piles['aside']}")
        return "\n".join(lines)
