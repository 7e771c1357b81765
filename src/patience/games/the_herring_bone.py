"""The Herring-Bone: two packs; a bone of seven fans and seven single cards, side scenes and bars.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Herring-Bone", plate 030.  Twenty-eight cards are dealt from the top in the
shape of a herring-bone: a fan of three, a single card half covering it, another
fan half covering the single card, and so on to seven fans and seven single
cards.  Only the lowest card of the bone is available, and its removal releases
the one above it, so that the bone is played off in the reverse of the order it
was dealt (Rule II).  Four single cards on either side are the side scenes, and a
card laid crosswise above and below each group of side scenes makes the four
bars; all of them are available (Rule III).  A bar emptied is refilled at once
from the bone; a side scene only from the pack or the talon (Rule IV).

The next card dealt after these forty is the first foundation; the other seven
cards of its value are the others.  Four foundations descend and four ascend, in
suit (Rule I), each going round the corner (king, ace, two …) until it holds
thirteen cards, and one card at a time may pass from an ascending foundation to
a descending one of its suit and back.  The pack is dealt one card at a time
(``deal``) to the talon, whose top card is available; the talon may be taken up,
shuffled and dealt again twice (``redeal``).

>>> from patience import load
>>> game = load("the-herring-bone", seed=1)
>>> print(game.table())
bone: J♥ available, 28 cards
bars: 10♣ Q♥ A♦ A♠
side scenes: 5♠ 3♣ K♦ 2♣ | K♥ 8♦ 8♦ J♦
foundations: -- -- -- -- | -- -- -- --
talon: A♥ (1)   pack: 63   re-deals made: 0
>>> [str(m) for m in game.legal_moves()]
['A♥ → foundation 1', 'A♥ → foundation 5']
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, Iterable, Sequence

from ..build import Build, Foundation
from ..cards import Card, Rank, Suit, parse_cards, shuffled
from ..errors import IllegalMove, InvalidPosition, UnknownOption
from ..game import Game, Move, Pile, Spot, bone, move_onto, moves_up
from ..options import Option
from . import register

__all__ = ["TheHerringBone"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Herring-Bone”"

#: The herring-bone: 28 places in the order they are dealt, from the top.  Each fan is three
#: places (the left card, the right card, then the middle one, uppermost, as plate 030 draws it
#: lying over the other two), followed by the single card that half covers it.
BONE = tuple(f"bone {i}" for i in range(1, 29))
FANS = 7
#: The side scenes: 1 to 4 on the left from the top, 5 to 8 on the right.
SCENES = tuple(f"side scene {i}" for i in range(1, 9))
#: The bars: above and below the left side scenes (1, 2), above and below the right ones (3, 4).
BARS = tuple(f"bar {i}" for i in range(1, 5))
#: The foundations: 1 to 4 descend (on the left, as the book advises), 5 to 8 ascend (on the right).
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
DESCENDING, ASCENDING = FOUNDATIONS[:4], FOUNDATIONS[4:]
_DOWN, _UP = Build("down", "same", wrap=True), Build("up", "same", wrap=True)
#: A foundation is complete with thirteen cards, one of each value of its suit.
FULL = 13

DEAL = Move("deal", (), "pack", "talon", "deal")
REDEAL = Move("redeal", (), "talon", "pack", "redeal")

#: What a foundation refuses, cited by rule (for :meth:`Game.explain`).
REASONS = {
    "must follow suit": ("I", "the foundations follow suit"),
    "must be next in sequence": ("Foundations", "four of the foundations ascend in sequence and four descend"),
}

#: Plate 030, read card by card (see the chapter's table of confidence): the bone in the order
#: of its places (each fan left, right, middle, then its single card), the side scenes (the left
#: column from the top, then the right) and the bars (left top, left bottom, right top, right bottom).
PLATE_BONE = ("6♦ K♣ 5♦ 4♠  J♠ 8♦ 7♠ Q♠  3♦ 4♠ J♥ 4♦  3♠ 8♥ 6♥ 4♣  K♥ 6♥ 5♥ 3♠  "
              "2♦ K♠ Q♣ 4♦  A♦ 3♦ 5♥ 2♦")
PLATE_SCENES = "9♠ 5♦ 7♠ 7♥ 8♦ Q♦ J♣ Q♥"
PLATE_BARS = "5♠ 10♠ 5♠ 6♠"
#: The plate shows no more: the pack lies in the order of deal 30.
PLATE_SEED = 30


@register
class TheHerringBone(Game):
    """The Herring-Bone: two packs; the bone, eight side scenes, four bars, eight foundations."""

    slug = "the-herring-bone"
    name = "The Herring-Bone"
    chapter = "the-herring-bone"
    order = 30
    source = SOURCE
    plate = "030"
    packs = 2
    RULES = {
        "I": "The foundations follow suit.",
        "II": "The lowest (or twenty-eighth) card of the herring-bone is alone available until its removal "
        "releases the next one (i.e., the uppermost card of the fan above it), then the second card of the "
        "fan becomes the available one, then the third, then the single card above the fan just played, "
        "and so on, the removal of each card rendering the next one available.",
        "III": "All the cards in the side scenes and the four bars are available.",
        "IV": "Vacancies on the bars are refilled from cards of the herring-bone (Rule II), but vacancies on "
        "the side scenes may only be refilled from the pack or talon.",
        "Foundations": "When these forty cards are placed, the next card dealt becomes the foundation, and is "
        "placed in one of the allotted spaces, the other seven cards of similar value being placed as they "
        "appear on the tableau, or during the deal. Four of the foundations ascend in sequence and four "
        "descend (Rule I).",
        "Exchange": "In forming the foundations, one card at a time may be exchanged from the ascending to "
        "the descending sequence, and vice versâ.",
        "Deal": "Having played and refilled all spaces, proceed to deal out the entire pack, playing all "
        "suitable cards, and refilling spaces; the unsuitable cards forming the talon.",
        "Re-deal": "The talon may be taken up, shuffled, and re-dealt twice.",
    }
    AVAILABILITY = ("II", "only the lowest card of the herring-bone is available, until its removal "
                          "releases the next")
    COUNTERS = ("redeals",)
    TALON_RULE = ("Deal", "only the card last dealt to the talon is available")
    #: The side scenes are alike, and so are the bars (each is refilled from the bone alike).
    INTERCHANGEABLE = ("side scene", "bar")
    OPTIONS = (
        Option("redeals", 2, "re-deals of the talon allowed (the book: “re-dealt twice”)"),
        Option(
            "bars",
            "at once",
            "when an emptied bar is refilled from the herring-bone: 'at once', by the engine (the book: "
            "“if a bar is removed, the available card on the herring-bone replaces it”), or when the "
            "player 'chooses' to move the bone's available card there",
            choices=("at once", "chooses"),
        ),
        Option(
            "one_pack_bone",
            False,
            "the German variety (the book's note): the herring-bone is set out from a single pack before the "
            "two packs are shuffled, so that it holds no duplicate cards",
        ),
        Option(
            "paired",
            False,
            "each suit has one ascending and one descending foundation (a reading of “four of the "
            "foundations ascend in sequence and four descend”); by default the player places each "
            "foundation card on either side, four on each",
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options.redeals < 0:
            raise UnknownOption(f"option redeals must be 0 or more, not {self.options.redeals}")

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        """The pack and the talon, the bone from its top, the side scenes, the bars, the foundations
        (the four descending, then the four ascending)."""
        return ["pack", "talon", *BONE, *SCENES, *BARS, *FOUNDATIONS]

    def base(self) -> int:
        """The value of the foundation cards: that of the first foundation played, or before it is
        played, of the card just dealt that becomes it (0 if there is none)."""
        piles = self.piles
        for name in FOUNDATIONS:
            cards = piles[name].cards
            if cards:
                return cards[0].value
        talon = piles["talon"].cards
        return talon[-1].value if talon else 0

    def begun(self) -> bool:
        """Whether the first foundation has been played."""
        piles = self.piles
        return any(piles[name].cards for name in FOUNDATIONS)

    def foundation_rule(self, name: str) -> Foundation:
        return Foundation(Rank(self.base() or 1), _DOWN if name in DESCENDING else _UP)

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """As the rule has it; and a foundation is complete with thirteen cards, and with ``paired``
        an empty one takes no card of a suit that another of its direction has begun with."""
        piles = self.piles
        cards = piles[name].cards
        if len(cards) >= FULL:
            return "complete"
        if not cards and self.options.paired:
            kind = DESCENDING if name in DESCENDING else ASCENDING
            if any(piles[other].cards and piles[other].cards[0].suit == card.suit for other in kind):
                return "paired"
        return self.foundation_rule(name).fault(cards, card)

    def bone_top(self) -> str | None:
        """The place of the bone whose card is available (Rule II): the last dealt that still holds
        its card, or None when the bone is played out."""
        piles = self.piles
        for name in reversed(BONE):
            if piles[name].cards:
                return name
        return None

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card], placed: Sequence[Card] = ()) -> None:
        """The herring-bone (28 cards from the top: fan, single card, fan …), the side scenes (four on
        the left from the top, four on the right), the bars (above and below the left ones, then the
        right ones); the next card is dealt to the talon to become the first foundation, the rest is
        the pack.  With ``one_pack_bone`` the bone is dealt from one pack shuffled alone, and the rest
        of the two packs is shuffled together after.  ``placed`` (the plate's 40 cards, in that order)
        takes the place of the first forty cards, the others keeping the order of ``cards``."""
        rest = list(cards)
        if placed:
            for card in placed:
                if card not in rest:
                    raise InvalidPosition(f"too many {card} for the pack")
                rest.remove(card)
            rest = list(placed) + rest
        elif self.options.one_pack_bone:
            one = [c for c in rest if c.pack == 0]
            bone_cards = shuffled(one, self.seed)[:len(BONE)]
            for card in bone_cards:
                rest.remove(card)
            rest = bone_cards + shuffled(rest, f"{self.seed}/bone")
        for name in (*BONE, *SCENES, *BARS):
            self.piles[name] = Pile((rest.pop(0),))
        self.piles["talon"] = Pile((rest.pop(0),))
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    @classmethod
    def from_cards(cls, bone_cards: str, scenes: str, bars: str, seed: int = PLATE_SEED,
                   **options: Any) -> TheHerringBone:
        """The start of a game with the bone ``bone_cards`` (28 cards in the order of its places),
        the side scenes ``scenes`` (8) and the bars ``bars`` (4), the other cards in the order of
        deal ``seed``: how the plate is set up.

        >>> game = TheHerringBone.from_cards(PLATE_BONE, PLATE_SCENES, PLATE_BARS)
        >>> print(game.piles["bone 28"], game.piles["bar 4"], game.piles["talon"], len(game.piles["pack"]))
        2♦ 6♠ 10♥ 63
        """
        given = parse_cards(bone_cards), parse_cards(scenes), parse_cards(bars)
        if tuple(map(len, given)) != (len(BONE), len(SCENES), len(BARS)):
            raise InvalidPosition(f"give {len(BONE)} cards for the bone, {len(SCENES)} for the side scenes "
                                  f"and {len(BARS)} for the bars")
        game = cls(**options)
        game.seed = seed
        game.lay_out(game.shuffle(game.pack()), [c for part in given for c in part])
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ the moves
    def _sources(self) -> list[str]:
        """The piles whose top card is available, in the order moves are offered: the bone's
        available place, the bars, the side scenes, the talon."""
        top = self.bone_top()
        return ([top] if top else []) + [*BARS, *SCENES, "talon"]

    def moves(self) -> Iterable[Move]:
        """Every card of the bone, the bars, the side scenes and the top of the talon: to the
        foundations, to each side scene and to each bar; each foundation's top card to each other
        foundation; then the deal and the re-deal."""
        piles = self.piles
        for source in (*BONE, *BARS, *SCENES, "talon"):
            top = piles[source].top
            if top is None:
                continue
            yield from self.foundation_moves(source, top)
            for target in (*SCENES, *BARS):
                if target != source:
                    yield Move("move", (top,), source, target, f"{top} → {target}")
        for source, target in permutations(FOUNDATIONS, 2):
            card = piles[source].top
            if card is not None:
                yield Move("move", (card,), source, target, f"{card} → {target}")
        yield DEAL
        yield REDEAL

    def _takers(self, piles: list[Pile]) -> dict[int, list[str]]:
        """The foundations that take each card, by its code, of foundations alike only the first."""
        base = self.base()
        paired = self.options.paired
        takers: dict[int, list[str]] = {}
        alike: set[tuple[bool, Pile]] = set()
        begun = {(name in DESCENDING, pile.cards[0].suit) for name, pile in zip(FOUNDATIONS, piles) if pile.cards}
        for name, pile in zip(FOUNDATIONS, piles):
            down = name in DESCENDING
            if (down, pile) in alike:
                continue
            alike.add((down, pile))
            cards = pile.cards
            if cards:
                taken: Iterable[Card] = (_DOWN if down else _UP).children(cards[-1]) if len(cards) < FULL else ()
            else:
                taken = [Card(Rank(base), suit) for suit in Suit if not (paired and (down, suit) in begun)]
            for card in taken:
                takers.setdefault(card, []).append(name)
        return takers

    def generate_legal_moves(self) -> list[Move]:
        piles = self.piles
        if not self.begun():
            # the card just dealt becomes the first foundation, on either side
            talon = piles["talon"].cards
            return list(self.foundation_moves("talon", talon[-1], quick=True)) if talon else []
        takers = self.worked_out("takers", FOUNDATIONS, self._takers)
        moves: list[Move] = []
        vacant_scenes = [name for name in SCENES if not piles[name].cards]
        vacant_bars = [name for name in BARS if not piles[name].cards]
        top = self.bone_top()
        for source in ([top] if top else []) + [*BARS, *SCENES, "talon"]:
            cards = piles[source].cards
            if not cards:
                continue
            card = cards[-1]
            moves += moves_up(source, card, takers.get(card, ()))
            if source == "talon":
                moves += [move_onto((card,), source, name, name) for name in vacant_scenes]
            elif source == top:
                moves += [move_onto((card,), source, name, name) for name in vacant_bars]
        for source in FOUNDATIONS:
            cards = piles[source].cards
            if len(cards) > 1:
                card = cards[-1]
                down = source in DESCENDING
                for target in (ASCENDING if down else DESCENDING):
                    there = piles[target].cards
                    if there and len(there) < FULL and (_UP if down else _DOWN).follows(there[-1], card):
                        moves.append(move_onto((card,), source, target, target))
        return moves + self.pack_moves(DEAL, REDEAL)

    def useful_moves(self) -> list[Move]:
        """The legal moves less a card into a second vacancy of the side scenes or the bars (they are
        alike), and less an exchange that takes straight back the card the last move exchanged."""
        legal = self.legal_moves()
        piles = self.piles
        first_scene = next((n for n in SCENES if not piles[n].cards), None)
        first_bar = next((n for n in BARS if not piles[n].cards), None)
        last = self.history[-1] if self.history else None
        useful = []
        for move in legal:
            target = move[3]
            if target in SCENES and target != first_scene or target in BARS and target != first_bar:
                continue
            if last is not None and move[2] in FOUNDATIONS and last[2] == target and last[3] == move[2]:
                continue
            useful.append(move)
        return useful

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played up from the tableau or the talon when its twin already lies on a foundation,
        under another card there.  Each foundation ends with one card of each value of its suit, and
        the two foundations of the suit hold the two cards of each value; so the foundation that
        takes this card now can never take another, and nothing else can go on it until it does.
        Playing the card only frees its place (a vacancy, a bar refilled from the bone, the talon's
        next card); and as its twin is not a foundation's top card, no exchange is given up."""
        if not self.begun():
            return None
        piles = self.piles
        takers = self.worked_out("takers", FOUNDATIONS, self._takers)
        out: list[Card] = []
        tops = set()
        for name in FOUNDATIONS:
            cards = piles[name].cards
            if cards:
                out += cards
                tops.add(cards[-1])
        for move in moves:
            if move[0] == "move" and move[3] in FOUNDATIONS and move[2] not in FOUNDATIONS:
                card = move[1][0]
                if len(takers.get(card, ())) == 1 and card in out and card not in tops:
                    return move
        return None

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        kind = move.kind
        if kind == "deal":
            if not self.begun():
                return IllegalMove("Foundations", "the card just dealt becomes the first foundation")
            return None if self.piles["pack"].cards else IllegalMove("Deal", "the entire pack is dealt out")
        if kind == "redeal":
            return self._redeal_violation()
        source, target = move.source, move.target
        if kind != "move" or source not in self.piles or target not in self.piles or source == target \
                or len(move.cards) != 1:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        pile = self.piles[source]
        if source == "pack":
            return self.illegal(*self.UNDEALT_RULE, card)
        if pile.top != card:
            if source == "talon":
                return self.illegal(*self.TALON_RULE, card)
            return self.illegal(*self.AVAILABILITY, card)
        if source in BONE and source != self.bone_top():
            return self.illegal(*self.AVAILABILITY, card)
        if not self.begun() and source != "talon":
            return self.illegal("Foundations", "the card just dealt becomes the first foundation", card)
        if source in FOUNDATIONS:
            return self._exchange_violation(source, target, card)
        if target in FOUNDATIONS:
            return self._foundation_violation(target, card)
        if target in SCENES:
            if source != "talon":
                return self.illegal("IV", "vacancies on the side scenes may only be refilled from the pack "
                                    "or talon", card)
            return self._vacancy_violation(target, card)
        if target in BARS:
            if source not in BONE:
                return self.illegal("IV", "vacancies on the bars are refilled from cards of the herring-bone",
                                    card)
            return self._vacancy_violation(target, card)
        return IllegalMove("Play", f"{self.name} has no move {move}")

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        fault = self.foundation_fault(name, card)
        if fault is None:
            return None
        top = self.piles[name].top
        if fault == "complete":
            return self.illegal("Foundations", "this foundation is complete, with thirteen cards", card, top or name)
        if fault == "paired":
            return self.illegal("Foundations", "each suit has one ascending and one descending foundation", card)
        if top is None:
            value = Rank(self.base()).name.lower()
            return self.illegal("Foundations", f"the foundations are the eight cards of the value of the first "
                                f"({value}s)", card)
        return self.explain(fault, REASONS, card, top)

    def _exchange_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """The exchange: a foundation's top card (not its first) onto a begun foundation of the other
        direction, which must take it as it would any card."""
        why = None
        if target not in FOUNDATIONS:
            why = self.STAYS["foundation"]
        elif (source in DESCENDING) is (target in DESCENDING):
            why = ("Exchange", "cards are exchanged only from the ascending to the descending sequence, "
                               "and vice versâ")
        elif len(self.piles[source].cards) < 2:
            why = ("Exchange", "the foundation card itself stays")
        elif not self.piles[target].cards:
            why = ("Exchange", "a card is exchanged only onto a foundation begun in its suit")
        return self.illegal(*why, card) if why else self._foundation_violation(target, card)

    def _vacancy_violation(self, target: str, card: Card) -> IllegalMove | None:
        there = self.piles[target].top
        if there is not None:
            return self.illegal("IV", "only a vacancy is refilled", card, there)
        return None

    def _redeal_violation(self) -> IllegalMove | None:
        if not self.begun():
            return IllegalMove("Foundations", "the card just dealt becomes the first foundation")
        return self.redeal_violation()

    # ------------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        if kind == "deal":
            self.transfer("pack", "talon")
            return
        if kind == "redeal":
            self.counters["redeals"] += 1
            cards = self.shuffle(self.piles["talon"].cards)
            self.piles["talon"] = Pile()
            self.piles["pack"] = Pile(tuple(cards), len(cards))
            return
        source = move[2]
        self.transfer(source, move[3])
        if source in BARS and self.options.bars == "at once":
            # "if a bar is removed, the available card on the herring-bone replaces it"
            top = self.bone_top()
            if top is not None:
                self.transfer(top, source)

    # ------------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card on the foundations."""
        piles = self.piles
        return all(len(piles[name].cards) == FULL for name in FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made.

        - The foundations: each begins with a card of the first foundation's value, all eight of
          one value, and follows suit in its direction, round the corner, to thirteen cards at most.
        - Each place of the bone, the side scenes and the bars holds one card at most; the bone is
          played off from its last place up (Rule II), so its places hold cards from the first on;
          a bar is empty only when the bone is (with ``bars`` at once).
        - The pack lies face down, every other card face up; the talon is re-dealt twice at most.

        >>> TheHerringBone.deal(seed=2).inconsistencies()
        []
        >>> game = TheHerringBone.deal(seed=2)
        >>> game.piles["bone 27"], game.piles["bone 28"] = Pile(), game.piles["bone 27"]
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        Rule II: bone 27 is empty, but a card lies below it (bone 28)
        """
        faults = self.foundation_inconsistencies()
        piles = self.piles
        bases = {piles[name].cards[0].value for name in FOUNDATIONS if piles[name].cards}
        if len(bases) > 1:
            faults.append("the foundations begin with cards of different values")
        for name in FOUNDATIONS:
            if len(piles[name].cards) > FULL:
                faults.append(f"{name} holds more than {FULL} cards")
        for name in (*BONE, *SCENES, *BARS):
            if len(piles[name].cards) > 1:
                faults.append(f"{name} holds {len(piles[name].cards)} cards")
        empty = next((name for name in BONE if not piles[name].cards), None)
        if empty is not None:
            below = next((name for name in BONE[BONE.index(empty):] if piles[name].cards), None)
            if below is not None:
                faults.append(f"Rule II: {empty} is empty, but a card lies below it ({below})")
        if self.options.bars == "at once" and self.bone_top() is not None:
            bare = [name for name in BARS if not piles[name].cards]
            if bare:
                faults.append(f"{bare[0]} is empty while the herring-bone holds cards")
        return faults + self.talon_inconsistencies()

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 030's arrangement: the herring-bone down the middle (each fan's two outer cards
        slantwise, its middle card and the single card upright, each half covering the one above);
        on either side a column of four side scenes between two bars laid crosswise; the descending
        foundations in a column outside the left side scenes, the ascending outside the right; the
        pack and the talon (not on the plate) below the bone."""
        spots = []
        for i, name in enumerate(FOUNDATIONS):
            down = name in DESCENDING
            spots.append(Spot(name, 0.0 if down else 7.2, 1.0 + 1.2 * (i % 4), label="down" if down else "up"))
        for i, name in enumerate(SCENES):
            spots.append(Spot(name, 1.15 if i < 4 else 6.05, 1.0 + 1.2 * (i % 4)))
        for i, name in enumerate(BARS):
            spots.append(Spot(name, 1.15 if i < 2 else 6.05, 0.0 if i % 2 == 0 else 5.9, angle=90))
        for fan, (left, middle, right) in enumerate(bone(FANS, 3.6, 0.35, 0.92, reach=0.9, slant=40)):
            places = BONE[4 * fan:4 * fan + 4]
            # a place of the bone played off is not a vacancy: nothing is drawn there
            spots.append(Spot(places[0], left[0], left[1], angle=left[2], draw_empty=False))
            spots.append(Spot(places[1], right[0], right[1], angle=right[2], draw_empty=False))
            spots.append(Spot(places[2], middle[0], middle[1], draw_empty=False))
            spots.append(Spot(places[3], middle[0], middle[1] + 0.46, draw_empty=False))
        spots.append(Spot("pack", 3.0, 7.4, label="pack"))
        spots.append(Spot("talon", 4.2, 7.4, label="talon"))
        return spots

    def table(self) -> str:
        """The position as text: the bone by its available card, the bars, the side scenes (left |
        right), the tops of the foundations (descending | ascending), the talon and the pack."""
        piles = self.piles

        def top(name: str) -> str:
            card = piles[name].top
            return str(card) if card is not None else "--"

        held = sum(len(piles[name].cards) for name in BONE)
        available = self.bone_top()
        lines = [f"bone: {top(available)} available, {held} card{'s' if held != 1 else ''}" if available else "bone: played out",
                 "bars: " + " ".join(top(name) for name in BARS),
                 "side scenes: " + " ".join(top(n) for n in SCENES[:4]) + " | " + " ".join(top(n) for n in SCENES[4:]),
                 "foundations: " + " ".join(top(n) for n in DESCENDING) + " | " + " ".join(top(n) for n in ASCENDING),
                 f"talon: {top('talon')} ({len(piles['talon'])})   pack: {len(piles['pack'])}   "
                 f"re-deals made: {self.counters['redeals']}"]
        return "\n".join(lines)


TheHerringBone.PLATE = str(TheHerringBone.from_cards(PLATE_BONE, PLATE_SCENES, PLATE_BARS, PLATE_SEED))
