"""Mount Olympus: two packs; sixteen foundations in a pyramid going up in steps of two, a battery of nine.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Mount Olympus", plate 036.  The eight aces and the eight twos are withdrawn and
laid as a pyramid (an upturned V of eight lines, the two cards of a line of one
suit); they are the foundations, which follow suit and go up in alternate
sequence (Rules I and II): an ace takes the three, five, seven, nine, knave and
king of its suit, a two the four, six, eight, ten and queen.  Nine cards dealt
inside the pyramid are the battery: its uppermost cards are available (Rule IV),
go up, or are laid on one another in alternate descending sequence of one suit,
a seven on a nine, an eight on a ten (Rule III).  The rest of the pack is turned
card by card (``deal``) onto the talon, whose top card is available; a space in
the battery is refilled from the pack or the talon.  The talon may be taken up
and re-dealt once.  The game is won when the pyramid is all kings and queens.

>>> from patience import load
>>> game = load("mount-olympus", seed=1)
>>> print(game.table())
              A♥ 2♥
            2♣     A♣
          A♦         2♦
        2♠      8♠     A♠
      A♥     K♠ J♠ 4♦    2♥
    2♣   6♥ 9♣ 5♣ 10♠ 6♦   A♣
  A♦                         2♦
2♠                             A♠
pack: 79 cards; talon: none; re-deals made: 0
>>> print(game.play("8♠ → 10♠"), "|", game.piles["battery 8"], "|", game.piles["battery 1"].is_empty)
8♠ → 10♠ | 10♠ 8♠ | True
"""

from __future__ import annotations

from dataclasses import dataclass
from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from ..cards import CARDS, Card, Rank, Suit, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, moves_up
from ..options import Option
from . import register

__all__ = ["MountOlympus", "Steps"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Mount Olympus”"

#: The lines of the pyramid, from the apex down, and the suit of each: the two cards of a line
#: are of one suit, hearts, clubs, diamonds, spades and again (plate 036).
LINES = 8
LINE_SUITS = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES) * 2
#: The foundations: ``foundation 2k-1`` on the left of line k, ``foundation 2k`` on its right.
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 2 * LINES + 1))
#: The first card of each foundation: on the left an ace on the odd lines and a two on the even,
#: on the right the other (the plate's pyramid of alternate aces and twos).
FIRST = tuple(
    Card(Rank.ACE if (i % 2 == 0) == (line % 2 == 0) else Rank.DEUCE, LINE_SUITS[line])
    for line in range(LINES) for i in range(2)
)
#: The battery: one card on top, three below it, five below them (plate 036), numbered row by
#: row from the left.
BATTERY = tuple(f"battery {i}" for i in range(1, 10))
BATTERY_ROWS = (BATTERY[:1], BATTERY[1:4], BATTERY[4:])

#: What the options ``talon`` and ``spaces`` mean (see the chapter's editorial notes).
TALON_DOC = ("the talon's top card: 'available' to the foundations and the battery at any time (the engine's "
             "reading), or it only 'refill's spaces, a card of the pack being played only as it turns up")
SPACES_DOC = ("what fills a space in the battery: a card from the 'pack-or-talon' (the book's words: the card "
              "turned, or the talon's top card), or 'any' available card, one of the battery's too")

DEAL = Move("deal", (), "pack", "talon", "deal")
REDEAL = Move("redeal", (), "talon", "pack", "redeal")

#: Plate 036: the battery as the plate shows it, the top card, then the row of three and the row
#: of five, each from the left (see the chapter for how sure each card is).
PLATE_BATTERY = "7♦ 8♥ K♠ Q♦ 5♠ 9♥ J♦ 6♦ 10♦"
#: The plate shows the pack face down: its cards lie in the order of deal 36, less the battery's.
PLATE_SEED = 36


@dataclass(frozen=True)
class Steps:
    """A foundation that goes up in suit in steps of two from ``base`` (Rule II): an ace's takes
    the odd cards to the king, a two's the even cards to the queen.

    >>> odd = Steps(Rank.ACE)
    >>> odd.fault(Pile.of("A♥"), Card.parse("3♥")) is None, odd.fault(Pile.of("A♥"), Card.parse("2♥"))
    (True, 'must be next in sequence')
    >>> odd.fault(Pile.of("A♥ 3♥"), Card.parse("5♠")), odd.fault(Pile(), Card.parse("3♥"))
    ('must follow suit', 'a foundation starts with an ace')
    """

    base: Rank

    def fault(self, pile: Sequence[Card], card: Card) -> str | None:
        """Why ``card`` may not go on the foundation ``pile`` now, or None."""
        cards = getattr(pile, "cards", pile)
        if not cards:
            if card.rank == self.base:
                return None
            return f"a foundation starts with {'an ace' if self.base == Rank.ACE else 'a two'}"
        top = cards[-1]
        if top.value >= 12:
            return "complete"
        if card.suit != top.suit:
            return "must follow suit"
        if card.value != top.value + 2:
            return "must be next in sequence"
        return None


ODD, EVEN = Steps(Rank.ACE), Steps(Rank.DEUCE)


def _takes(top: Card) -> Card | None:
    """The card that a foundation or a battery card ``top`` takes in a step of two: up for a
    foundation (the code two higher), None past the king."""
    return CARDS[top + 2] if top.value <= 11 else None


@register
class MountOlympus(Game):
    """Mount Olympus: two packs; a pyramid of aces and twos going up by twos, a battery of nine."""

    slug = "mount-olympus"
    name = "Mount Olympus"
    chapter = "mount-olympus"
    order = 36
    source = SOURCE
    plate = "036"
    packs = 2
    RULES = {
        "I": "The foundations and the battery follow suit.",
        "II": "The foundations ascend in alternate sequences; the aces, in odd numbers, 3, 5, 7, etc., till "
        "they finish with kings; the twos, in even numbers, 4, 6, 8, etc., till they finish with queens. "
        "(Knaves count eleven; queens, twelve.)",
        "III": "Cards may be placed on the battery in alternate descending sequence; thus, on a nine place a "
        "seven, on the seven, a five, on a queen place a ten, then an eight, and so on.",
        "IV": "The uppermost cards of the battery are alone available, until their removal releases those "
        "beneath.",
        "Foundations": "Withdraw from the pack the eight aces and the eight twos, and place them in the form "
        "of a pyramid, as in tableau; these are the foundations which ascend in alternate sequence, till "
        "they end respectively with kings and queens. (Rules I and II.)",
        "Deal": "The unsuitable cards form the talon. Continue to deal out the entire pack, playing on the "
        "pyramid, placing cards on the battery, and refilling spaces from pack or talon.",
        "Spaces": "… refilling spaces from pack or talon.",
        "Re-deal": "The talon may be taken up and re-dealt once.",
    }
    FACE_DOWN = ("pack",)
    #: The re-deals made, and whether the talon's top card was just turned (for ``talon=refill``).
    COUNTERS = ("redeals", "turned")
    AVAILABILITY = ("IV", "the uppermost cards of the battery are alone available")
    #: The nine piles of the battery are alike: only their cards tell them apart.
    INTERCHANGEABLE = ("battery",)
    TALON_RULE = ("Deal", "the talon's top card alone is available")
    OPTIONS = (
        Option("talon", "available", TALON_DOC, choices=("available", "refill")),
        Option("spaces", "pack-or-talon", SPACES_DOC, choices=("pack-or-talon", "any")),
        Option("redeals", 1, "how often the talon may be taken up and re-dealt (the book: “once”)",
               choices=(0, 1, 2)),
    )

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        """The pack, the sixteen foundations line by line from the apex (left, then right), the
        battery row by row, the talon."""
        return ["pack", *FOUNDATIONS, *BATTERY, "talon"]

    def foundation_rule(self, name: str) -> Steps:  # type: ignore[override]
        return ODD if FIRST[FOUNDATIONS.index(name)].rank == Rank.ACE else EVEN

    def lay_out(self, cards: list[Card], battery: Sequence[Card] = ()) -> None:
        """Withdraw the aces and twos and lay them as the plate's pyramid, each in the first place
        of its card still empty; deal the next nine cards (or ``battery``, the plate's) to the
        battery, row by row; the rest is the pack, face down, its next card on top."""
        places = {first: [n for n, f in zip(FOUNDATIONS, FIRST) if f == first] for first in FIRST}
        chosen = Counter(battery)
        dealt: list[Card] = list(battery)
        for card in cards:
            if card.value <= 2:
                self.piles[places[card].pop(0)] = Pile((card,))
            elif chosen[card]:
                chosen[card] -= 1
            else:
                dealt.append(card)
        if +chosen:
            raise InvalidPosition(f"too many {' '.join(map(str, sorted(+chosen)))} for the pack")
        piles = self.piles
        for i, name in enumerate(BATTERY):
            piles[name] = Pile(tuple(dealt[i:i + 1]))
        # the pack lies face down, the next card to deal on top
        pack = tuple(dealt[:len(BATTERY) - 1:-1])
        piles["pack"] = Pile(pack, len(pack))

    @classmethod
    def from_battery(cls, battery: str, seed: int = PLATE_SEED, **options: Any) -> MountOlympus:
        """The start of a game with the battery ``battery`` (nine cards, row by row from the top,
        each row from the left), the pack in the order of deal ``seed`` less those cards: how the
        plate is set up.

        >>> game = MountOlympus.from_battery("3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥")
        >>> print(game.piles["battery 1"], game.piles["battery 9"], len(game.piles["pack"]))
        3♥ J♥ 79
        """
        cards = parse_cards(battery)
        if len(cards) != len(BATTERY):
            raise InvalidPosition(f"the battery is {len(BATTERY)} cards, not {len(cards)}")
        if any(card.value <= 2 for card in cards):
            raise InvalidPosition("the aces and twos are the foundations, not cards of the battery")
        return cls.deal_with(seed, cards, **options)

    @classmethod
    def arrange(  # type: ignore[override]
        cls, battery: Mapping[str, str], talon_cards: str = "", pack: str = "", **options: Any
    ) -> MountOlympus:
        """A position made of the piles that matter, for examples and tests: the ``battery`` piles
        named (cards bottom first), the talon's cards ``talon_cards`` and the ``pack`` (the next
        card to deal last);
        every other card goes up, each foundation in turn as high as the cards left allow, and
        the cards a gap leaves over lie face down at the bottom of the pack, to be dealt last.

        >>> game = MountOlympus.arrange({"battery 1": "9♠ 7♠"}, "K♠")
        >>> print(game.piles["foundation 8"], "|", game.piles["foundation 16"], "|", game.piles["pack"])
        A♠ 3♠ 5♠ 7♠ 9♠ J♠ K♠ | A♠ 3♠ 5♠ | [J♠]
        """
        game = cls(**options)
        left = Counter(game.pack())
        given = {**battery, "talon": talon_cards, "pack": pack}
        for name, text in given.items():
            if name not in BATTERY and name not in ("talon", "pack"):
                raise InvalidPosition(f"unknown pile {name!r} in {game.name}")
            left.subtract(Pile.of(text).cards)
        left.subtract(FIRST)
        lines = [f"{game.spec} seed=0"]
        for name, first in zip(FOUNDATIONS, FIRST):
            cards = [first]
            taken = _takes(first)
            while taken is not None and left[taken] > 0:
                cards.append(taken)
                left[taken] -= 1
                taken = _takes(taken)
            lines.append(f"{name}: {' '.join(c.text for c in cards)}")
        if any(n < 0 for n in left.values()):
            raise InvalidPosition(f"too many {' '.join(str(c) for c, n in left.items() if n < 0)} for the pack")
        under = " ".join(f"[{card.text}]" for card in sorted(left.elements()))
        lines += [f"{name}: {text}" for name, text in battery.items()]
        lines += [f"talon: {talon_cards}", f"pack: {under} {pack}"]
        return cls.from_position("\n".join(lines))

    # ------------------------------------------------------------------ the moves
    def talon_available(self) -> bool:
        """Whether the talon's top card may go to a foundation or the battery: always, or with
        ``talon=refill`` only the card just turned from the pack."""
        return self.options.talon == "available" or self.counters["turned"] == 1

    def _to_battery(self, source: str, card: Card, target: str) -> Move:
        """The move of ``card`` onto the battery pile ``target``: written with the card it covers,
        or with the pile's name where it is a space."""
        under = self.piles[target].cards
        return Move("move", (card,), source, target, f"{card.text} → {under[-1].text if under else target}")

    def moves(self) -> Iterable[Move]:
        """The top card of each battery pile and of the talon to the foundations, then onto each
        other battery pile (a space included), then the deal and the re-deal."""
        for source in (*BATTERY, "talon"):
            top = self.piles[source].top
            if top is None:
                continue
            yield from self.foundation_moves(source, top)
            for target in BATTERY:
                if target != source:
                    yield self._to_battery(source, top, target)
        yield DEAL
        yield REDEAL

    def _takers(self) -> dict[int, list[str]]:
        """The foundation that takes each card now, by its code (the first of two alike)."""
        def work(piles: list[Pile]) -> dict[int, list[str]]:
            takers: dict[int, list[str]] = {}
            for name, pile in zip(FOUNDATIONS, piles):
                nxt = _takes(pile.cards[-1]) if pile.cards else None
                if nxt is not None and nxt not in takers:
                    takers[nxt] = [name]
            return takers
        return self.worked_out("takers", FOUNDATIONS, work)

    def generate_legal_moves(self) -> list[Move]:
        piles = self.piles
        takers = self._takers()
        tops = [piles[name].cards[-1] if piles[name].cards else None for name in BATTERY]
        talon = piles["talon"].cards
        sources: list[tuple[str, Card, bool]] = [(name, top, True) for name, top in zip(BATTERY, tops)
                                                 if top is not None]
        if talon:
            sources.append(("talon", talon[-1], self.talon_available()))
        any_space = self.options.spaces == "any"
        moves: list[Move] = []
        for source, card, free in sources:
            if free:
                moves += moves_up(source, card, takers.get(card, ()))
            for target, under in zip(BATTERY, tops):
                if target == source:
                    continue
                if under is None:
                    if source == "talon" or any_space:
                        moves.append(self._to_battery(source, card, target))
                elif free and under.suit is card.suit and under.value == card.value + 2:
                    moves.append(self._to_battery(source, card, target))
        # the pack is turned while it lasts; then the talon may be taken up, if a re-deal is left
        may_redeal = bool(talon) and self.counters["redeals"] < self.options.redeals
        return moves + [DEAL] if piles["pack"].cards else moves + [REDEAL] if may_redeal else moves

    def useful_moves(self) -> list[Move]:
        """The legal moves less a card moved into a second space of the battery (the spaces are
        alike), and less a card of the battery moved from a card onto its like (a 6♠ from one 8♠
        to the other: the same position but for which pile is which)."""
        piles = self.piles
        useful = []
        seen: set[tuple[str | None, Card]] = set()
        for move in self.legal_moves():
            if move[0] == "move" and move[3] in BATTERY:
                there = piles[move[3]].cards
                if not there:
                    key = (move[2], move[1][0])
                    if key in seen:
                        continue
                    seen.add(key)
                elif move[2] in BATTERY:
                    here = piles[move[2]].cards
                    if len(here) > 1 and here[-2] == there[-1]:
                        continue
            useful.append(move)
        return useful

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card going up when no card can ever want to lie on it: the cards two lower in its
        suit (one for each pack) are up already, for the battery builds down in steps of two in
        suit.  (A three or a four always: the aces and twos start on the foundations.)"""
        piles = self.piles
        for move in moves:
            if move[0] == "move" and move[3] in FOUNDATIONS:
                card = move[1][0]
                if self.options.talon == "refill" and move[2] == "talon":
                    continue
                lower = card.value - 2
                if sum(1 for name in FOUNDATIONS
                       if piles[name].cards[-1].suit is card.suit and piles[name].cards[-1].value % 2 == lower % 2
                       and piles[name].cards[-1].value >= lower) >= 2:
                    return move
        return None

    def foundation_for(self, card: Card) -> str:
        """The foundation ``card`` would be played to: the first that takes it, else the first of
        its suit that goes up through its numbers (odd or even), so that a refusal is judged
        against the foundation the player means."""
        for name, first in zip(FOUNDATIONS, FIRST):
            if self.foundation_fault(name, card) is None:
                return name
        return next(name for name, first in zip(FOUNDATIONS, FIRST)
                    if first.suit == card.suit and first.value % 2 == card.value % 2)

    def aliases(self, move: Move) -> set[str]:
        """The notation, the target as a pile or a kind of pile, and a space as ``space``."""
        names = super().aliases(move)
        if move[0] == "move" and move[3] in BATTERY and not self.piles[move[3]].cards:
            names.add(f"{move[1][0]} → space")
        return names

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        kind, cards, source, target, _ = move
        if kind == "redeal":
            return self.redeal_violation()
        if kind == "deal":
            return None if self.piles["pack"].cards else IllegalMove("Deal", "the pack is exhausted")
        known = kind == "move" and len(cards) == 1 and source in self.piles and target in self.piles
        if not known or source == target:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = cards[0]
        if source == "pack":
            return self.illegal(*self.UNDEALT_RULE, card)
        if source in FOUNDATIONS:
            return self.illegal(*self.STAYS["foundation"], card)
        if self.piles[source].top != card:
            return self.illegal(*(self.TALON_RULE if source == "talon" else self.AVAILABILITY), card)
        if target in FOUNDATIONS:
            return self._talon_violation(source, card) or self._foundation_violation(target, card)
        if target not in BATTERY:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        under = self.piles[target].top
        if under is None:
            if source != "talon" and self.options.spaces != "any":
                return self.illegal("Spaces", "a space in the battery is refilled from pack or talon",
                                    card, target)
            return None
        return self._talon_violation(source, card) or self._battery_violation(card, under)

    def _talon_violation(self, source: str, card: Card) -> IllegalMove | None:
        if source == "talon" and not self.talon_available():
            return self.illegal("Deal", "the talon only refills spaces: a card of the pack is played only "
                                "as it turns up", card)
        return None

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule I (suit) and Rule II (up by two, the aces' to kings, the twos' to queens)."""
        end = "kings" if self.piles[name].cards[-1].value == 13 else "queens"
        numbers = "aces in odd numbers" if self.foundation_rule(name) is ODD else "twos in even numbers"
        return self.foundation_refusal(name, card, {
            "complete": ("II", f"the foundations finish with {end}, and this one is complete"),
            "must follow suit": ("I", "the foundations follow suit"),
            "*": ("II", f"the foundations ascend in alternate sequences, the {numbers}")})

    def _battery_violation(self, card: Card, under: Card) -> IllegalMove | None:
        """Rule I (suit) and Rule III (down by two)."""
        if card.suit != under.suit:
            return self.illegal("I", "the battery follows suit", card, under)
        if card.value != under.value - 2:
            return self.illegal("III", "cards are placed on the battery in alternate descending sequence",
                                card, under)
        return None

    # ------------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        counters = self.counters
        if move[0] == "move":
            self.transfer(move[2], move[3])
            counters["turned"] = 0
        elif move[0] == "deal":
            self.transfer("pack", "talon")
            # with talon=refill, the card just turned is the one card of the talon that may be played
            counters["turned"] = 1 if self.options.talon == "refill" else 0
        else:
            # "taken up and re-dealt": turned over as it lies, the first card dealt to it first again
            self.gather(["talon"], into="pack")
            counters["redeals"] += 1
            counters["turned"] = 0

    # ------------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """The pyramid is formed of alternate kings and queens: every card is up."""
        piles = self.piles
        return all(piles[name].cards[-1].value >= 12 for name in FOUNDATIONS if piles[name].cards) \
            and all(piles[name].cards for name in FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made.

        - Each foundation begins with its card of the plate's pyramid and goes up in its suit by
          two (Rules I and II), an ace's to the king, a two's to the queen.
        - Each pile of the battery is a card dealt or put into a space, with cards laid on it down
          by two in its suit (Rules I and III).  The nine are dealt before the pack is turned, so
          the pack and the talon hold 79 cards at most.
        - Only the pack lies face down; the talon is re-dealt no more often than ``redeals``
          allows, and a card is marked just turned (``turned=1``) only with ``talon=refill``, on
          a talon.

        >>> MountOlympus.deal(seed=3).inconsistencies()
        []
        >>> game = MountOlympus.deal(seed=3)
        >>> game.piles["foundation 1"] = Pile.of("A♥ 5♥")
        >>> game.inconsistencies()
        ['foundation 1 does not go up by two in suit from A♥']
        """
        faults = []
        piles = self.piles
        for name, first in zip(FOUNDATIONS, FIRST):
            cards = piles[name].cards
            if not cards or cards[0] != first:
                faults.append(f"{name} does not begin with the {first}")
            elif any(b.suit != a.suit or b.value != a.value + 2 for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} does not go up by two in suit from {first}")
        for name in BATTERY:
            cards = piles[name].cards
            if any(b.suit != a.suit or b.value != a.value - 2 for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} does not go down by two in suit from its first card")
            if any(card.value <= 2 for card in cards[:1]):
                faults.append(f"{name} begins with an ace or a two, which start the foundations")
        pack, talon = piles["pack"], piles["talon"]
        if len(pack.cards) + len(talon.cards) > 104 - 16 - len(BATTERY):
            faults.append(f"the pack and the talon hold {len(pack) + len(talon)} cards, of 79 at most")
        if pack.face_down != len(pack.cards) or any(piles[n].face_down for n in piles if n != "pack"):
            faults.append("a card lies face down outside the pack")
        made, turned = self.counters["redeals"], self.counters["turned"]
        if made < 0 or made > self.options.redeals:
            faults.append(f"redeals={made}, but the talon may be re-dealt {self.options.redeals} times")
        if turned not in (0, 1):
            faults.append(f"turned={turned}, but it is 1 (a card just turned) or 0")
        elif turned == 1 and not (talon.cards and self.options.talon == "refill"):
            faults.append("turned=1, but only with talon=refill is a card of the talon marked just turned")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 036's arrangement: the pyramid of aces and twos, each line one card lower and
        wider than the line above; the battery inside it, one card, three, then five; the pack
        (face down on the plate) below the battery, the talon beside it."""
        step = 0.82
        apex = (LINES - 1) * step
        spots = []
        for line in range(LINES):
            y = line * 1.0
            spots.append(Spot(FOUNDATIONS[2 * line], apex - line * step, y))
            spots.append(Spot(FOUNDATIONS[2 * line + 1], apex + 1 + line * step, y))
        for r, row in enumerate(BATTERY_ROWS):
            for i, name in enumerate(row):
                x = apex + 1 - 1.1 * len(row) / 2 + 1.1 * i + 0.05
                spots.append(Spot(name, x, 2.6 + 1.45 * r, fan="down"))
        spots.append(Spot("pack", apex - 0.6, LINES + 0.3, label="pack"))
        spots.append(Spot("talon", apex + 0.6, LINES + 0.3, fan="none", label="talon"))
        return spots

    def table(self) -> str:
        """The position as text: the pyramid line by line with the top card of each foundation,
        the battery (top cards) within it on the fourth to sixth lines; then the pack and the
        talon."""
        piles = self.piles

        def top(name: str) -> str:
            card = piles[name].top
            return card.text if card is not None else "--"

        lines = []
        inner = {3: BATTERY_ROWS[0], 4: BATTERY_ROWS[1], 5: BATTERY_ROWS[2]}
        for line in range(LINES):
            left, right = top(FOUNDATIONS[2 * line]), top(FOUNDATIONS[2 * line + 1])
            middle = " ".join(top(n) for n in inner.get(line, ()))
            lines.append(" " * (2 * (LINES - 1 - line)) + left.ljust(3) + middle.center(4 * line) + right)
        talon = piles["talon"].cards
        held = "none" if not talon else f"{len(talon)} card{'' if len(talon) == 1 else 's'}, {talon[-1]} on top"
        lines.append(f"pack: {len(piles['pack'])} cards; talon: {held}; re-deals made: {self.counters['redeals']}")
        return "\n".join(line.rstrip() for line in lines)


MountOlympus.PLATE = str(MountOlympus.from_battery(PLATE_BATTERY, PLATE_SEED))
