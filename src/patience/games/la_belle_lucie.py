"""La Belle Lucie, with The House in the Wood and The House on the Hill.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"La Belle Lucie", plate 001.  One pack dealt in packets of three; the four aces
ascend in suit to kings; marriages descend on the packets; the tableau may be
taken up, shuffled and re-dealt twice.  The two-pack games of the same chapter
are :class:`HouseInTheWood` (eight aces) and :class:`HouseOnTheHill` (four
aces and four kings, marriages both ways).

>>> from patience import load
>>> game = load("la-belle-lucie", seed=3)
>>> len(game.piles_of("packet")), [len(game.piles[p]) for p in game.piles_of("packet")][-2:]
(18, [3, 1])
"""

from __future__ import annotations

from typing import Iterable

from ..build import Build, Foundation
from ..cards import Rank
from ..errors import IllegalMove
from ..game import Game, Move, Pile, Spot
from ..options import Option
from . import register

__all__ = ["LaBelleLucie", "HouseInTheWood", "HouseOnTheHill"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “La Belle Lucie”"

MARRIAGE_DOWN = Build("down", "same")
MARRIAGE_EITHER = Build("either", "same")
ASCENDING = Foundation(Rank.ACE, Build("up", "same"))
DESCENDING = Foundation(Rank.KING, Build("down", "same"))


@register
class LaBelleLucie(Game):
    """La Belle Lucie: one pack in seventeen packets of three and one of one."""

    slug = "la-belle-lucie"
    name = "La Belle Lucie"
    chapter = "la-belle-lucie"
    order = 1
    source = SOURCE
    plate = "001"
    packs = 1
    RULES = {
        "I": "The uppermost card of each packet is alone available, until by its removal it "
        "releases the one beneath.",
        "II": "The foundations must follow suit.",
    }
    AVAILABILITY = ("I", "only the uppermost card of each packet is available")
    COUNTERS = ("redeals",)
    OPTIONS = (
        Option("redeals", 2, "re-deals allowed (the book: “if necessary twice”)"),
        Option(
            "redeal_when",
            "blocked",
            "when the tableau may be taken up: 'blocked' (no card can be played to a foundation, "
            "the book's “there are no more available cards to play”) or 'any' time",
            choices=("blocked", "any"),
        ),
    )

    #: How marriages are made on the packets.
    marriage = MARRIAGE_DOWN
    #: Foundations: one per pack and suit, all ascending from the aces.
    foundation_bases: tuple[Foundation, ...] = (ASCENDING,) * 4
    #: Whether foundations of one kind must be of different suits.
    distinct_suits = False

    def pile_names(self) -> list[str]:
        packets = -(-len(self.pack()) // 3)
        return [f"foundation {i + 1}" for i in range(len(self.foundation_bases))] + [
            f"packet {i + 1}" for i in range(packets)
        ]

    def foundation_rule(self, name: str) -> Foundation:
        return self.foundation_bases[int(name.split()[-1]) - 1]

    def lay_out(self, cards: list) -> None:
        """Deal the cards in packets of three dealt together; the last packet takes what is left."""
        packets = self.piles_of("packet")
        for i, name in enumerate(packets):
            self.piles[name] = Pile(tuple(cards[3 * i: 3 * i + 3]))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        packets = [p for p in self.piles_of("packet") if self.piles[p].cards]
        for source in packets:
            card = self.piles[source].top
            assert card is not None
            target = self.foundation_for(card)
            yield Move("move", (card,), source, target, f"{card} → foundation")
            for other in packets:
                if other != source:
                    under = self.piles[other].top
                    yield Move("move", (card,), source, other, f"{card} → {under}")
        yield Move("redeal", notation="redeal")

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "redeal":
            return self._redeal_violation()
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        source = self.piles[move.source]
        card = move.cards[0]
        if source.top != card or move.source.startswith("foundation"):
            return self.illegal(*self.AVAILABILITY, card)
        target = self.piles[move.target]
        if move.target.startswith("foundation"):
            fault = self.foundation_fault(move.target, card)
            if fault == "must follow suit":
                return self.illegal("II", "the foundations must follow suit", card, target.top or "")
            if fault:
                return self.illegal("Play", self._foundation_words(fault), card, target.top or "space")
            return None
        if target.is_empty:
            return self.illegal("Play", "an empty packet is not filled", card)
        fault = self.marriage.fault(target.top, card)
        if fault:
            return self.illegal("Play", f"a marriage {fault} ({self._marriage_words()})", card, target.top)
        return None

    def foundation_fault(self, name: str, card) -> str | None:
        fault = super().foundation_fault(name, card)
        if fault is None and self.distinct_suits and self.piles[name].is_empty:
            rule = self.foundation_rule(name)
            for other in self.piles_of("foundation"):
                pile = self.piles[other]
                if pile.cards and pile[0].suit == card.suit and self.foundation_rule(other) == rule:
                    return "the foundation cards must be of different suits"
        return fault

    def _foundation_words(self, fault: str) -> str:
        if not fault.startswith("must"):
            return fault
        return "the foundations ascend in sequence" if self.marriage is MARRIAGE_DOWN else (
            "the foundations build in sequence, aces up and kings down"
        )

    def _marriage_words(self) -> str:
        return "same suit, one lower" if self.marriage is MARRIAGE_DOWN else "same suit, one higher or lower"

    def _redeal_violation(self) -> IllegalMove | None:
        if self.counters["redeals"] >= self.options.redeals:
            return IllegalMove("Play", f"the tableau may be re-dealt only {self._times()}")
        if self.options.redeal_when == "blocked":
            playable = [
                m for m in self.moves() if m.kind == "move" and m.target.startswith("foundation")
                and self.violation(m) is None
            ]
            if playable:
                return IllegalMove(
                    "Play", "the tableau is taken up only when there are no more available cards to play",
                    f"{playable[0].cards[0]} can be played",
                )
        return None

    def _times(self) -> str:
        return {0: "never", 1: "once", 2: "twice"}.get(self.options.redeals, f"{self.options.redeals} times")

    def apply(self, move: Move) -> None:
        if move.kind == "redeal":
            self._redeal()
        else:
            self.transfer(move.source, move.target)

    def _redeal(self) -> None:
        """Take up the entire tableau, shuffle it and deal it again in packets of three."""
        packets = self.piles_of("packet")
        cards = [c for p in packets for c in self.piles[p]]
        self.counters["redeals"] += 1
        for p in packets:
            self.piles[p] = self.piles[p].without(len(self.piles[p]))
        self.lay_out(self.shuffle(cards))

    @property
    def is_won(self) -> bool:
        return all(self.piles[p].is_empty for p in self.piles_of("packet"))

    def layout(self) -> list[Spot]:
        foundations = self.piles_of("foundation")
        spots = [Spot(f, 1.5 + 1.2 * i, 0, label="A" if self.foundation_rule(f).base == Rank.ACE else "K")
                 for i, f in enumerate(foundations)]
        per_row = 6 if len(foundations) == 4 else 8
        for i, p in enumerate(self.piles_of("packet")):
            spots.append(Spot(p, (i % per_row) * 1.75, 1.2 + (i // per_row), fan="right"))
        return spots


@register
class HouseInTheWood(LaBelleLucie):
    """The House in the Wood: two packs, the eight aces forming the foundations."""

    slug = "house-in-the-wood"
    name = "The House in the Wood"
    order = 1
    packs = 2
    foundation_bases = (ASCENDING,) * 8


@register
class HouseOnTheHill(LaBelleLucie):
    """The House on the Hill: two packs, four aces and four kings as foundations,
    marriages both ascending and descending."""

    slug = "house-on-the-hill"
    name = "The House on the Hill"
    order = 1
    packs = 2
    marriage = MARRIAGE_EITHER
    foundation_bases = (ASCENDING,) * 4 + (DESCENDING,) * 4
    distinct_suits = True
