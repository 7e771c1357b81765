"""The Mill: two packs; a centre ace taking four whole families, four kings in the angles, eight wings.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Mill", plate 006.  One ace is taken from the pack and laid in the centre;
eight cards are dealt round it, two to each arm of a cross, as the wings of a
windmill.  The first four kings that appear are played in the four angles
between the arms.  The five foundations do not follow suit (Rule II): on the
centre ace four entire families are piled, each from ace to king, and each king
descends to an ace.  All the cards of the wings are available (Rule I), and a
vacancy in the wings is refilled at once from the pack or the talon.  The pack
is turned card by card; the cards not played form the talon, whose top card is
available.  The top card of a king packet may go to the centre, one card of each
at a time, when it brings another card of the wings or talon into use.  There
is no re-deal.

>>> from patience import load
>>> game = load("the-mill", seed=1)
>>> print(game.table())
          K♠
      --  8♠  --
  10♠ 5♣  A♦  J♠  4♦
      --  6♥  --
          9♣
talon: --   pack: 95 cards
>>> print(game.play("K♠ → angle 1"), "|", game.play("pack → wing 2"))
K♠ → angle 1 | pack → wing 2
>>> print(game.table().splitlines()[:2])
['          6♦', '      K♠  8♠  --']
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..build import Build
from ..cards import Card, Rank, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto
from ..options import Option
from . import register

__all__ = ["TheMill"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Mill”"

#: The wings, two to each arm of the cross, clockwise from the top, the inner card of an arm first.
WINGS = tuple(f"wing {i + 1}" for i in range(8))
#: The four angles between the arms, clockwise from the top left.
ANGLES = tuple(f"angle {i + 1}" for i in range(4))
#: The centre ascends, ace to king four times over, whatever the suit: after a king comes an ace.
CENTRE_BUILD = Build("up", "any", wrap=True)
#: Four entire families on the centre; a king packet descends from its king to the ace.
CENTRE_FULL = 52
ANGLE_FULL = 13

TURN = Move("turn", (), "pack", "talon", "turn")
REDEAL = Move("redeal", notation="redeal")

#: Where each pile lies in the figure of the plate: (column, row) of a five by five grid.
FIGURE = {
    "wing 1": (2, 1), "wing 2": (2, 0), "wing 3": (3, 2), "wing 4": (4, 2),
    "wing 5": (2, 3), "wing 6": (2, 4), "wing 7": (1, 2), "wing 8": (0, 2),
    "angle 1": (1, 1), "angle 2": (3, 1), "angle 3": (3, 3), "angle 4": (1, 3), "centre": (2, 2),
}

DEAL_WORDS = (
    "Take from the pack one ace and place it in the centre before you; next deal out eight cards, "
    "grouping them round the ace to represent the wings of a windmill. … Then proceed to deal out the "
    "remaining cards, turning them one by one, playing all whose value admit of it on the foundations. "
    "The cards that cannot be so used are placed aside in one packet, forming the talon."
)
ANGLE_WORDS = (
    "The first four kings that appear in dealing are to be played in the four angles (see tableau). "
    "These, with the centre ace, form the five foundation cards. Each of the four kings is to descend in "
    "sequence to ace."
)
CENTRE_WORDS = (
    "Upon the centre ace four entire families are to be piled in sequences (Rule II). Note.--The four "
    "families on the centre ace each begin with ace and end with king."
)
PRIVILEGE_WORDS = (
    "In forming the foundations, the uppermost card of either of the king packets may be transferred, if "
    "suitable, to the ace packet; but this privilege is limited to one card of each at a time, and may only "
    "be resorted to when the playing of that card would bring into immediate use any other available card "
    "of the wings or of the talon."
)


def _after(value: int) -> int:
    """The value the centre takes on ``value``: one higher, and an ace after a king."""
    return value % 13 + 1


@register
class TheMill(Game):
    """The Mill: two packs; the centre ace and four kings in the angles, eight wings round them."""

    slug = "the-mill"
    name = "The Mill"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 3 of the first 80 deals its study's search left unknown.
    PLAYS_OUT = True
    chapter = "the-mill"
    order = 6
    source = SOURCE
    plate = "006"
    packs = 2
    RULES = {
        "I": "All cards in the wings are available.",
        "II": "The five foundations do not follow suit.",
        "Deal": DEAL_WORDS,
        "Angles": ANGLE_WORDS,
        "Centre": CENTRE_WORDS,
        "Wings": "Having placed the centre ace and the wings, take from the latter any kings for the "
        "foundations, or other suitable cards to play on them, or on the centre ace, filling up the spaces "
        "so made from the cards in your hand. … Vacancies in the wings must be immediately refilled from "
        "the pack or talon.",
        "Privilege": PRIVILEGE_WORDS,
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("I", "all cards in the wings are available, and of the talon its top card")
    TALON_RULE = ("I", "all cards in the wings are available, but of the talon only its top card")
    OUT = ("centre", "angle")
    PACK_KINDS = ("turn", "fill", "redeal")
    FACE_DOWN = ("pack",)
    #: The king packets that have given a card to the centre since a card of the wings or the talon
    #: was last played, one bit an angle (1 for angle 1, 2 for angle 2, 4 for angle 3, 8 for angle 4).
    COUNTERS = ("transfers",)
    OPTIONS = (
        Option(
            "privilege",
            "strict",
            "the top card of a king packet goes to the centre: 'strict' (the book's: one card of each "
            "king packet until a card of the wings or talon is played, and only when it brings another "
            "available card of the wings or talon into immediate use) or 'free' (whenever it is suitable)",
            choices=("strict", "free"),
        ),
    )

    #: Plate 006: the A♥ in the centre; the wings clockwise from the top, each arm's inner card first:
    #: 3♣, 6♠ (top), 8♣, 10♦ (right), J♦, 8♥ (bottom), 3♥, Q♥ (left); the four angles blank.  The
    #: plate does not show the pack; here its 95 cards lie in the order of deal 4's shuffle (``seed=4``)
    #: with the plate's nine cards taken out.
    PLATE = """\
the-mill seed=4 transfers=0
pack: [8♠] [A♠] [7♣] [8♦] [3♣] [3♥] [10♣] [6♣] [5♥] [9♥] [7♦] [6♦] [4♦] [K♥] [Q♠] [A♦] [3♦] [8♣] \
[9♦] [7♠] [3♠] [2♥] [3♠] [A♣] [J♠] [Q♣] [8♥] [6♥] [J♥] [9♥] [4♠] [10♠] [J♦] [5♣] [2♠] [Q♦] [2♥] [A♣] \
[7♦] [4♣] [K♥] [4♠] [8♦] [4♥] [2♦] [K♣] [2♣] [10♠] [2♣] [Q♥] [3♦] [7♠] [5♠] [K♠] [K♦] [7♥] [10♦] \
[8♠] [9♦] [9♠] [4♥] [5♦] [5♣] [A♥] [4♣] [5♦] [J♣] [6♦] [6♠] [9♠] [4♦] [9♣] [K♦] [5♠] [2♠] [A♦] [7♥] \
[10♣] [6♣] [K♠] [Q♣] [6♥] [10♥] [J♠] [K♣] [2♦] [10♥] [J♥] [J♣] [Q♠] [9♣] [5♥] [7♣] [Q♦] [A♠]
centre: A♥
wing 1: 3♣
wing 2: 6♠
wing 3: 8♣
wing 4: 10♦
wing 5: J♦
wing 6: 8♥
wing 7: 3♥
wing 8: Q♥
"""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack, the talon, the centre, the four angles and the eight wings."""
        return ["pack", "talon", "centre", *ANGLES, *WINGS]

    def lay_out(self, cards: list[Card]) -> None:
        """Take the first ace of the shuffled pack for the centre and deal the next eight cards to
        the wings, in their order; the rest is the pack, turned by ``turn`` moves."""
        first = next(i for i, card in enumerate(cards) if card.rank == Rank.ACE)
        self.piles["centre"] = Pile((cards[first],))
        rest = cards[:first] + cards[first + 1:]
        for name, card in zip(WINGS, rest):
            self.piles[name] = Pile((card,))
        rest = rest[len(WINGS):]
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        wings: Sequence[str],
        talon: str = "",
        pack: str = "",
        centre: int = CENTRE_FULL,
        heights: Sequence[int] | None = None,
        transfers: int = 0,
        **options: Any,
    ) -> TheMill:
        """A position made of the cards that matter, for examples and tests.

        ``wings`` are the eight wings' cards (``""`` or ``"--"`` for a vacancy), ``talon`` its cards
        from the bottom up, ``pack`` the cards still to turn, the next one first.  The centre holds
        ``centre`` cards, ace to king and round again; every other card lies in the angles, each
        king packet descending as low as the cards left allow, angle 4 first, or to the ``heights``
        given (its number of cards, angle 1 first).  What no foundation takes lies at the bottom of
        the pack, to be turned last.

        >>> game = TheMill.arrange(["2♠", "A♦", "", "", "", "", "", ""])
        >>> print(game.table())
                  A♦
              3♣  2♠  A♣
          --  --  K♥  --  --
              A♦  --  A♣
                  --
        talon: --   pack: dealt out
        """
        game = cls(**options)
        spare = list(game.pack())

        def take(text: str) -> tuple[Card, ...]:
            cards = tuple(parse_cards(text.replace("--", "")))
            for card in cards:
                if card not in spare:
                    raise InvalidPosition(f"too many {card} for the pack")
                spare.remove(card)
            return cards

        if len(wings) != len(WINGS):
            raise InvalidPosition(f"give the cards of all {len(WINGS)} wings")
        for name, text in zip(WINGS, wings):
            game.piles[name] = Pile(take(text))
        game.piles["talon"] = Pile(take(talon))
        dealt = take(pack)
        game.piles["pack"] = Pile(tuple(reversed(dealt)), len(dealt))
        by_value: dict[int, list[Card]] = {}
        for card in sorted(spare):
            by_value.setdefault(card.value, []).append(card)
        cards: list[Card] = []
        for i in range(centre):
            value = i % 13 + 1
            if not by_value.get(value):
                raise InvalidPosition(f"no {Rank(value).name.lower()} left for the centre")
            cards.append(by_value[value].pop(0))
        game.piles["centre"] = Pile(tuple(cards))
        if heights is not None and len(heights) != len(ANGLES):
            raise InvalidPosition(f"give the heights of all {len(ANGLES)} angles")
        for i in reversed(range(len(ANGLES))):
            column: list[Card] = []
            for value in range(13, 13 - (ANGLE_FULL if heights is None else heights[i]), -1):
                if not by_value.get(value):
                    break
                column.append(by_value[value].pop(0))
            game.piles[ANGLES[i]] = Pile(tuple(column))
        left = tuple(c for cards in by_value.values() for c in cards)
        game.piles["pack"] = Pile(left + game.piles["pack"].cards, len(left) + len(dealt))
        game.counters["transfers"] = transfers
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ helpers
    def vacancy(self) -> str | None:
        """The wing that must be refilled before anything else is done: the first empty wing, while
        the pack or the talon holds a card to fill it."""
        piles = self.piles
        if not piles["pack"].cards and not piles["talon"].cards:
            return None
        return next((name for name in WINGS if not piles[name].cards), None)

    def _angles_filled(self) -> bool:
        piles = self.piles
        return all(piles[name].cards for name in ANGLES)

    def _takes(self, target: str, card: Card) -> bool:
        """Whether the foundation ``target`` takes ``card`` now (Rule II and the angles' kings)."""
        cards = self.piles[target].cards
        if target == "centre":
            if len(cards) >= CENTRE_FULL or card.value != _after(cards[-1].value):
                return False
            return card.value != 13 or self._angles_filled()
        if not cards:
            return card.value == 13
        return cards[-1].value > 1 and card.value == cards[-1].value - 1

    def _brings_into_use(self, angle: str) -> bool:
        """Whether moving the top card of ``angle`` to the centre lets an available card of the wings
        or the talon be played: on the centre's new top, or on the angle's."""
        piles = self.piles
        value = piles[angle].cards[-1].value
        wanted = {_after(value), value}
        tops = [piles[name].cards[-1] for name in (*WINGS, "talon") if piles[name].cards]
        return any(card.value in wanted and (card.value != 13 or self._angles_filled()) for card in tops)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        piles = self.piles
        yield TURN
        for wing in WINGS:
            if not piles[wing].cards:
                yield Move("fill", (), "pack", wing, f"pack → {wing}")
                top = piles["talon"].top
                if top is not None:
                    yield Move("move", (top,), "talon", wing, f"{top} → {wing}")
        for source in ("talon", *WINGS, *ANGLES):
            card = piles[source].top
            if card is None:
                continue
            targets = ("centre",) if source in ANGLES else ("centre", *ANGLES)
            for target in targets:
                yield Move("move", (card,), source, target, f"{card} → {target}")
        yield REDEAL

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: a vacancy's refills alone
        while there is one; else the turn of the pack, the wings' and the talon's top cards to the
        foundations that take them, and the king packets' top cards to the centre (the privilege)."""
        piles = self.piles
        vacancy = self.vacancy()
        if vacancy is not None:
            moves = [Move("fill", (), "pack", vacancy, f"pack → {vacancy}")] if piles["pack"].cards else []
            top = piles["talon"].top
            if top is not None:
                moves.append(move_onto((top,), "talon", vacancy, vacancy))
            return moves
        moves = [TURN] if piles["pack"].cards else []
        centre = piles["centre"].cards
        filled = all(piles[name].cards for name in ANGLES)
        wants_centre = _after(centre[-1].value) if len(centre) < CENTRE_FULL else 0
        if wants_centre == 13 and not filled:
            wants_centre = 0
        angle_wants: dict[int, list[str]] = {}
        for name in ANGLES:
            cards = piles[name].cards
            value = cards[-1].value - 1 if cards else 13
            if value >= 1:
                angle_wants.setdefault(value, []).append(name)
        for source in ("talon", *WINGS):
            cards = piles[source].cards
            if not cards:
                continue
            card = cards[-1]
            if card.value == wants_centre:
                moves.append(move_onto((card,), source, "centre", "centre"))
            for name in angle_wants.get(card.value, ()):
                moves.append(move_onto((card,), source, name, name))
        strict = self.options.privilege == "strict"
        given = self.counters["transfers"]
        for i, name in enumerate(ANGLES):
            cards = piles[name].cards
            if len(cards) < 2 or cards[-1].value != wants_centre:
                continue
            if strict and (given >> i & 1 or not self._brings_into_use(name)):
                continue
            moves.append(move_onto((cards[-1],), name, "centre", "centre"))
        return moves

    def violation(self, move: Move) -> IllegalMove | None:
        kind = move.kind
        if kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        piles = self.piles
        vacancy = self.vacancy()
        if kind == "turn":
            if not piles["pack"].cards:
                return IllegalMove("Deal", "the pack is dealt out")
            if vacancy is not None:
                return self.illegal("Wings", "vacancies in the wings must be immediately refilled", vacancy)
            return None
        if kind == "fill" or (kind == "move" and move.target in WINGS):
            return self._fill_violation(move)
        if kind != "move" or move.source not in piles or move.target not in ("centre", *ANGLES):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        source = piles[move.source]
        if len(move.cards) != 1 or source.top != move.cards[0]:
            return self.illegal(*self.TALON_RULE if move.source == "talon" else self.AVAILABILITY, *move.cards[:1])
        if vacancy is not None:
            return self.illegal("Wings", "vacancies in the wings must be immediately refilled", vacancy)
        card = move.cards[0]
        if move.source in ANGLES:
            return self._privilege_violation(move.source, card)
        return self._foundation_violation(move.target, card)

    def _fill_violation(self, move: Move) -> IllegalMove | None:
        """The wings: a vacancy is refilled at once from the pack or the talon, and only a vacancy."""
        target = move.target
        if target not in WINGS or self.piles[target].cards:
            return self.illegal("Wings", "a card goes to the wings only to fill a vacancy", *move.cards[:1],
                                str(self.piles[target].top) if target in WINGS else str(target))
        if move.source == "pack":
            return None if self.piles["pack"].cards else IllegalMove("Deal", "the pack is dealt out")
        if move.source != "talon" or self.piles["talon"].top != move.cards[0]:
            return self.illegal("Wings", "a vacancy is refilled from the pack or the talon", *move.cards[:1])
        return None

    def _foundation_violation(self, target: str, card: Card) -> IllegalMove | None:
        """The centre (ace to king, four times) and the angles (the first four kings, each down to the
        ace), whatever the suit (Rule II)."""
        cards = self.piles[target].cards
        if target == "centre":
            if len(cards) >= CENTRE_FULL:
                return self.illegal("Centre", "the four families are complete", card, cards[-1])
            if card.value != _after(cards[-1].value):
                return self.illegal("II", "the centre ascends in sequence, whatever the suit", card, cards[-1])
            if card.value == 13 and not self._angles_filled():
                return self.illegal("Angles", "the first four kings that appear are played in the angles", card)
            return None
        if not cards:
            if card.value != 13:
                return self.illegal("Angles", "an angle takes a king", card, target)
            return None
        if cards[-1].value == 1:
            return self.illegal("Angles", "each king descends to ace, and this one is complete", card, cards[-1])
        if card.value != cards[-1].value - 1:
            return self.illegal("II", "a king packet descends in sequence, whatever the suit", card, cards[-1])
        return None

    def _privilege_violation(self, angle: str, card: Card) -> IllegalMove | None:
        """The privilege: the top card of a king packet to the centre, if suitable; under the strict
        reading one card of each packet at a time, and only to bring another card into use."""
        cards = self.piles[angle].cards
        if len(cards) < 2:
            return self.illegal("Privilege", "the king stays in its angle", card)
        fault = self._foundation_violation("centre", card)
        if fault is not None:
            return fault
        if self.options.privilege == "strict":
            if self.counters["transfers"] >> ANGLES.index(angle) & 1:
                return self.illegal("Privilege", "the privilege is limited to one card of each at a time", card)
            if not self._brings_into_use(angle):
                return self.illegal("Privilege", "it may only be resorted to when it brings into immediate use "
                                    "another available card of the wings or of the talon", card)
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        kind, _, source, target, _ = move
        if kind == "turn" or kind == "fill":
            self.transfer("pack", target)
            return
        self.transfer(source, target)
        if source in ANGLES:
            if self.options.privilege == "strict":
                self.counters["transfers"] |= 1 << ANGLES.index(source)
        elif target not in WINGS and self.counters["transfers"]:
            self.counters["transfers"] = 0

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card on the foundations: four families on the centre, each king down to its ace."""
        return self.complete(["centre"], CENTRE_FULL) and self.complete(ANGLES, ANGLE_FULL)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  Only the pack lies face down.  The centre holds its ace from the
          start; a wing holds one card at most, and while the pack or the talon holds a card at most
          one wing is empty (a vacancy is refilled before anything else is done).
        - *What may lie where.*  The centre ascends from its ace to the king four times over, the
          angles each descend from a king to the ace, whatever the suit; a king lies on the centre only
          once the four angles are filled, so at most four kings are there and never more than the
          angles are filled (the first four kings that appear go to the angles).
        - *The privilege.*  A bit of ``transfers`` is set only for an angle that has given a card (so
          holds a king and is not whole), and none with ``privilege=free``.

        >>> TheMill.deal(seed=2).inconsistencies()
        []
        >>> game = TheMill.deal(seed=2)
        >>> game.counters["transfers"] = 1
        >>> game.inconsistencies()
        ['an angle that has given no card is marked as having given one']
        """
        faults = []
        piles = self.piles
        pack = piles["pack"]
        if pack.face_down != len(pack.cards) or any(p.face_down for n, p in piles.items() if n != "pack"):
            faults.append("a card lies face down outside the pack, or face up in it")
        centre = piles["centre"].cards
        if not centre or centre[0].rank != Rank.ACE:
            faults.append("the centre does not begin with an ace")
        elif len(centre) > CENTRE_FULL or any(CENTRE_BUILD.fault(a, b) for a, b in zip(centre, centre[1:])):
            faults.append("the centre is out of sequence")
        for name in ANGLES:
            cards = piles[name].cards
            if cards and (cards[0].rank != Rank.KING
                          or any(b.value != a.value - 1 for a, b in zip(cards, cards[1:]))):
                faults.append(f"{name} does not descend from a king")
        if sum(1 for c in centre if c.value == 13) and not all(piles[n].cards for n in ANGLES):
            faults.append("a king lies on the centre while an angle is empty")
        if any(len(piles[name].cards) > 1 for name in WINGS):
            faults.append("a wing holds more than one card")
        empty = [name for name in WINGS if not piles[name].cards]
        if len(empty) > 1 and (pack.cards or piles["talon"].cards):
            faults.append("two wings are empty while the pack or the talon could fill them")
        given = self.counters["transfers"]
        if given >> len(ANGLES) or any(given >> i & 1 and len(piles[n].cards) in (0, ANGLE_FULL)
                                       for i, n in enumerate(ANGLES)):
            faults.append("an angle that has given no card is marked as having given one")
        if given and self.options.privilege == "free":
            faults.append("with privilege=free no transfer is counted")
        return faults

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """A key that tells apart only what the rules tell apart: suits never matter, so cards are
        known by their values; the wings are alike (all available, each refilled alike); the angles
        are alike but for their heights and whether each has given its card to the centre."""
        piles = self.piles
        given = self.counters["transfers"]
        angles = sorted((len(piles[n].cards), given >> i & 1) for i, n in enumerate(ANGLES))
        wings = sorted(piles[n].cards[-1].value if piles[n].cards else 0 for n in WINGS)
        return (tuple(c.value for c in piles["pack"].cards), tuple(c.value for c in piles["talon"].cards),
                len(piles["centre"].cards), tuple(angles), tuple(wings))

    def useful_moves(self) -> list[Move]:
        """The legal moves less those that lead where another leads: of cards of one value from the
        wings, one; of angles as high as each other (and alike in their transfers), one."""
        piles = self.piles
        given = self.counters["transfers"]
        seen: set[tuple[Any, ...]] = set()
        useful = []
        for move in self.legal_moves():
            kind, cards, source, target, _ = move
            if kind != "move":
                useful.append(move)
                continue
            where: Any = source if source in ("talon", *ANGLES) else "wing"
            if source in ANGLES:
                where = (len(piles[source].cards), given >> ANGLES.index(source) & 1)
            to: Any = target
            if target in ANGLES:
                to = (len(piles[target].cards), given >> ANGLES.index(target) & 1)
            key = (cards[0].value, where, to)
            if key not in seen:
                seen.add(key)
                useful.append(move)
        return useful

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 006's mill: the centre ace with its four arms of two wings, the four kings in the
        angles between them; the pack and the talon to the right."""
        spots = [Spot(name, x, 1.15 * y, label=("king" if name in ANGLES else "ace" if name == "centre" else "wing"))
                 for name, (x, y) in FIGURE.items()]
        spots.append(Spot("pack", 5.5, 0, label="pack"))
        spots.append(Spot("talon", 5.5, 1.25, label="talon"))
        return spots

    def table(self) -> str:
        """The mill as text, as the plate lays it out: the top card of each pile (``--`` for an empty
        one), then the talon's top card and what is left of the pack."""
        piles = self.piles
        grid = [[""] * 5 for _ in range(5)]
        for name, (x, y) in FIGURE.items():
            top = piles[name].top
            grid[y][x] = str(top) if top is not None else "--"
        lines = ["  " + "".join(cell.ljust(4) for cell in row).rstrip() for row in grid]
        talon, pack = piles["talon"], len(piles["pack"])
        lines.append(f"talon: {talon.top or '--'}" + (f" ({len(talon)})" if len(talon) > 1 else "")
                     + (f"   pack: {pack} card{'s' if pack != 1 else ''}" if pack else "   pack: dealt out"))
        return "\n".join(lines)
