"""The Fish-Bone: two packs; the knaves in a line down the middle, a king and a queen beside each, the gridiron.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Fish-Bone", plate 041.  Six cards dealt on the left make the gridiron.  The
eight knaves are the foundations, played as they appear in a perpendicular line,
each built down in suit to the ace (Rule I).  Beside each knave go the king and
the queen of its suit, and nowhere else: a king or queen that turns up before a
knave of its suit is placed to receive it goes to the talon (Rule II).  The pack
is dealt one card at a time to the talon (``deal``); its top card may go to a
foundation, to its place beside a knave, onto a card of the gridiron one lower in
its suit (a marriage in ascending sequence), or into a vacancy of the gridiron.
Cards of the gridiron marry only with cards from the pack or talon, never with one
another.  The talon may be taken up and dealt again once (``redeal``).  The game is
won when the line shows eight aces, each between its king and its queen.

>>> from patience import load
>>> game = load("the-fish-bone", seed=1)
>>> print(game.table())
gridiron: 8♠ K♠ | J♠ 4♦ | 6♥ 9♣
bone: empty
talon: -- (0)   pack: 98   re-deals made: 0
>>> [str(m) for m in game.legal_moves()]
['J♠ → foundation', 'deal']
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..build import Build, Foundation
from ..cards import Card, Rank, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, bone, move_onto, moves_up
from ..options import Option
from . import register

__all__ = ["TheFishBone"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Fish-Bone”"

#: The gridiron: six places, two in a row, from the top (1 and 2 the top row, left then right).
GRIDIRON = tuple(f"gridiron {i}" for i in range(1, 7))
#: The foundations, in the perpendicular line from the top, and beside each its king (on the left)
#: and its queen (on the right).
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
KINGS = tuple(f"king {i}" for i in range(1, 9))
QUEENS = tuple(f"queen {i}" for i in range(1, 9))
COURTS = KINGS + QUEENS
#: Rule I: the knaves descend in sequence, in suit, to the aces.
FOUNDATION = Foundation(Rank.KNAVE, Build("down", "same"))
#: A foundation is complete with its eleven cards, from the knave to the ace.
FULL = 11
#: The gridiron's marriages: "in ascending sequence", a card on the next one below it in its suit.
MARRIAGE = Build("up", "same")
_TENS = 10

DEAL = Move("deal", (), "pack", "talon", "deal")
REDEAL = Move("redeal", (), "talon", "pack", "redeal")

REASONS = {
    "must follow suit": ("I", "the foundations follow suit"),
    "must be next in sequence": ("Foundations", "the knaves descend in sequence to aces"),
    "start": ("Foundations", "the foundation cards are the eight knaves"),
}

#: Plate 041, read card by card (see the chapter's table of confidence): the gridiron row by row, left
#: then right; the suit of each line of the bone from the top (a knave between its king and queen).
PLATE_GRIDIRON = "10♣ 9♠ 3♠ A♥ 10♠ 4♣"
PLATE_SUITS = "♥ ♠ ♦ ♣ ♥ ♠ ♦ ♣"
#: The plate shows no more: the pack lies in the order of deal 41.
PLATE_SEED = 41


@register
class TheFishBone(Game):
    """The Fish-Bone: two packs; the gridiron, and the knaves with their kings and queens."""

    slug = "the-fish-bone"
    name = "The Fish-Bone"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 2 of the first 27 deals its study's search left unknown.
    PLAYS_OUT = True
    chapter = "the-fish-bone"
    order = 41
    source = SOURCE
    plate = "041"
    packs = 2
    RULES = {
        "I": "The foundations follow suit.",
        "II": "Kings and queens cannot find their places on the tableau until the knaves to which they belong "
        "have been placed (i.e., each foundation knave should have a king and queen of the same suit on either "
        "side, see tableau). If, therefore, a king or queen should turn up in the deal, it must be consigned to "
        "the talon, unless one of the knaves of the same suit is already placed to receive it.",
        "Foundations": "The foundation cards are the eight knaves, which descend in sequence to aces (Rule I), "
        "and are to be played as they appear in the deal, in a perpendicular line (see tableau).",
        "Gridiron": "Deal out six cards on the left-hand side (see tableau). These are called the gridiron. "
        "Cards in the gridiron may marry in ascending sequence, but only with cards from the pack or talon, and "
        "not with each other.",
        "Deal": "You continue to deal out the entire pack, playing on the foundations, and marrying in ascending "
        "sequence on the gridiron, from which you play all suitable cards, refilling vacancies from the pack or "
        "talon. Never omit to place the kings and queens when it can be done (Rule II). The unsuitable cards "
        "form the talon.",
        "Re-deal": "The talon may be taken up and re-dealt once, observing the same rules.",
    }
    AVAILABILITY = ("Gridiron", "only the uppermost card of a packet of the gridiron is available")
    #: The line (the knaves, and the kings and queens beside them): a card placed there stays there.
    STAYS = dict.fromkeys(("foundation", "king", "queen"), ("Foundations", "a card placed on the line stays there"))
    RESTARTS = SEARCH_AGAIN
    TALON_RULE = ("Deal", "only the card last dealt to the talon is available")
    COUNTERS = ("redeals",)
    OUT = ("foundation", "king", "queen")
    #: The gridiron's places are alike.
    INTERCHANGEABLE = ("gridiron",)
    OPTIONS = (
        Option("redeals", 1, "re-deals of the talon allowed (the book: “re-dealt once”)"),
        Option(
            "at_once",
            True,
            "a knave, king or queen dealt to the talon that has its place must be placed before the next card "
            "is dealt (the book: knaves “are to be played as they appear in the deal”, “never omit to place the "
            "kings and queens when it can be done”); false makes it advice",
        ),
    )

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        """The pack and the talon, the gridiron, then the line of the bone: foundations, kings, queens."""
        return ["pack", "talon", *GRIDIRON, *FOUNDATIONS, *KINGS, *QUEENS]

    def foundation_rule(self, name: str) -> Foundation:
        return FOUNDATION

    def lay_out(self, cards: list[Card], gridiron: Sequence[Card] = ()) -> None:
        """Six cards to the gridiron (row by row, left then right); the rest is the pack, face down.
        ``gridiron`` (the plate's) takes the place of the first six cards."""
        rest = list(cards)
        for card in gridiron:
            if card not in rest:
                raise InvalidPosition(f"too many {card} for the pack")
            rest.remove(card)
        rest = list(gridiron) + rest
        for name in GRIDIRON:
            self.piles[name] = Pile((rest.pop(0),))
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    @classmethod
    def from_plate_cards(cls, gridiron: str, suits: str, seed: int = PLATE_SEED, **options: Any) -> TheFishBone:
        """The position of the plate: the gridiron ``gridiron`` (six cards), and on each line of the bone,
        from the top, the knave, the king and the queen of the suit ``suits`` gives it; the other cards in
        the order of deal ``seed``, the pack, the next to deal on top.

        >>> game = TheFishBone.from_plate_cards(PLATE_GRIDIRON, PLATE_SUITS)
        >>> print(game.piles["king 3"], game.piles["foundation 3"], game.piles["queen 3"], len(game.piles["pack"]))
        K♦ J♦ Q♦ 74
        """
        grid = parse_cards(gridiron)
        lines = [Card.parse(f"J{s}") for s in suits.split()]
        if len(grid) != len(GRIDIRON) or len(lines) != len(FOUNDATIONS):
            raise InvalidPosition(f"give {len(GRIDIRON)} cards for the gridiron and {len(FOUNDATIONS)} suits")
        game = cls(**options)
        game.seed = seed
        game.lay_out(game.shuffle(game.pack()), grid)
        rest = list(reversed(game.piles["pack"].cards))
        for i, knave in enumerate(lines):
            for name, rank in ((FOUNDATIONS[i], Rank.KNAVE), (KINGS[i], Rank.KING), (QUEENS[i], Rank.QUEEN)):
                card = Card(rank, knave.suit)
                if card not in rest:
                    raise InvalidPosition(f"too many {card} for the pack")
                rest.remove(card)
                game.piles[name] = Pile((card,))
        game.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ the moves
    def moves(self) -> Iterable[Move]:
        """The top card of each packet of the gridiron and of the talon: to the foundations, to each place
        beside the knaves and to each packet of the gridiron; then the deal and the re-deal."""
        piles = self.piles
        for source in (*GRIDIRON, "talon"):
            card = piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            for target in (*COURTS, *GRIDIRON):
                if target != source:
                    yield Move("move", (card,), source, target, f"{card} → {target}")
        yield DEAL
        yield REDEAL

    def court_place(self, name: str, card: Card) -> bool:
        """Whether the place ``name`` beside a knave takes ``card`` now (Rule II)."""
        piles = self.piles
        index = int(name.rsplit(" ", 1)[1]) - 1
        rank = Rank.KING if name in KINGS else Rank.QUEEN
        knave = piles[FOUNDATIONS[index]].cards
        return card.rank == rank and not piles[name].cards and bool(knave) and knave[0].suit == card.suit

    def _places_for(self, card: Card) -> list[str]:
        """The places beside the knaves that take ``card`` now."""
        if card.rank == Rank.KING:
            return [name for name in KINGS if self.court_place(name, card)]
        if card.rank == Rank.QUEEN:
            return [name for name in QUEENS if self.court_place(name, card)]
        return []

    def _waiting(self) -> bool:
        """With ``at_once``: the talon's top card is a knave, king or queen that has its place now."""
        talon = self.piles["talon"].cards
        if not talon or not self.options.at_once:
            return False
        card = talon[-1]
        if card.rank == Rank.KNAVE:
            return any(not self.piles[name].cards for name in FOUNDATIONS)
        return bool(self._places_for(card))

    def generate_legal_moves(self) -> list[Move]:
        piles = self.piles
        takers = self.foundation_takers(distinct_suits=False)
        moves: list[Move] = []
        for source in (*GRIDIRON, "talon"):
            cards = piles[source].cards
            if not cards:
                continue
            card = cards[-1]
            moves += moves_up(source, card, takers.get(card, ()))
            moves += [move_onto((card,), source, name, name) for name in self._places_for(card)]
            if source == "talon" and card.value <= _TENS:
                for name in GRIDIRON:
                    under = piles[name].cards
                    if not under or MARRIAGE.follows(under[-1], card):
                        moves.append(move_onto((card,), source, name, name))
        return moves if self._waiting() else moves + self.pack_moves(DEAL, REDEAL)

    def useful_moves(self) -> list[Move]:
        """The legal moves less a card into a second vacancy of the gridiron (its places are alike)."""
        piles = self.piles
        first = next((name for name in GRIDIRON if not piles[name].cards), None)
        return [m for m in self.legal_moves()
                if not (m[3] in GRIDIRON and not piles[m[3]].cards and m[3] != first)]

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A king or queen placed beside its knave, a knave played to the line (each is where it will end,
        and frees the place it leaves), or a card played to a foundation when the cards one higher in its
        suit, that could marry on it in the gridiron, have both gone out."""
        for move in moves:
            if move[0] != "move" or move[3] == "talon" or move[3] in GRIDIRON:
                continue
            card = move[1][0]
            if move[3] in COURTS or card.rank == Rank.KNAVE or self.safe_to_found(card, MARRIAGE):
                return move
        return None

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        kind = move[0]
        if kind in ("deal", "redeal"):
            if self._waiting():
                top = self.piles["talon"].cards[-1]
                return self.illegal("Deal", "never omit to place the knaves, kings and queens when it can be done",
                                    top)
            if kind == "deal":
                return None if self.piles["pack"].cards else IllegalMove("Deal", "the entire pack is dealt out")
            return self.redeal_violation()
        source, target = move.source, move.target
        if kind != "move" or source not in self.piles or target not in self.piles or source == target \
                or len(move.cards) != 1:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        if source == "pack":
            return self.illegal(*self.UNDEALT_RULE, card)
        if self.piles[source].top != card:
            return self.illegal(*(self.TALON_RULE if source == "talon" else self.AVAILABILITY), card)
        if source not in GRIDIRON and source != "talon":
            return self.illegal(*self.STAYS["foundation"], card)
        if target in FOUNDATIONS:
            fault = self.foundation_fault(target, card)
            if fault is None:
                return None
            if fault.startswith("a foundation starts") and not self.piles[target].cards \
                    and card.rank == Rank.KNAVE:
                return self.illegal("Foundations", "the knaves are played in a perpendicular line, in order", card)
            return self.explain(fault, REASONS, card, self.piles[target].top or target)
        if target in COURTS:
            return self._court_violation(target, card)
        if target in GRIDIRON:
            return self._gridiron_violation(source, target, card)
        return IllegalMove("Play", f"{self.name} has no move {move}")

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """As the rule has it; and the knaves go to the line in order, the first free place first."""
        cards = self.piles[name].cards
        if not cards:
            first = next(n for n in FOUNDATIONS if not self.piles[n].cards)
            if name != first:
                return "a foundation starts with a knave, in order"
        return FOUNDATION.fault(cards, card)

    def _court_violation(self, target: str, card: Card) -> IllegalMove | None:
        if self.court_place(target, card):
            return None
        rank = Rank.KING if target in KINGS else Rank.QUEEN
        if card.rank != rank:
            return self.illegal("II", f"this place beside the knave is its {rank.name.lower()}'s", card)
        knave = self.piles[FOUNDATIONS[int(target.rsplit(" ", 1)[1]) - 1]].cards
        if not knave or knave[0].suit != card.suit:
            return self.illegal("II", "kings and queens cannot find their places until the knaves to which they "
                                "belong have been placed", card)
        return self.illegal("II", "each knave has one king and one queen", card)

    def _gridiron_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        if source != "talon":
            if not self.piles[target].cards:
                return self.illegal("Deal", "vacancies are refilled from the pack or talon", card)
            return self.illegal("Gridiron", "cards in the gridiron marry only with cards from the pack or talon, "
                                "and not with each other", card)
        if card.rank in (Rank.KING, Rank.QUEEN):
            return self.illegal("II", "a king or queen that cannot be placed must be consigned to the talon", card)
        if card.rank == Rank.KNAVE:
            return self.illegal("Foundations", "the knaves are to be played as they appear", card)
        under = self.piles[target].top
        if under is not None:
            return self.explain(MARRIAGE.fault(under, card), {
                "must follow suit": ("Gridiron", "a marriage is made in the same suit"),
                "*": ("Gridiron", "cards in the gridiron marry in ascending sequence")}, card, under)
        return None

    # ------------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        if move[0] == "deal":
            self.transfer("pack", "talon")
        elif move[0] == "redeal":
            self.counters["redeals"] += 1
            # "taken up and re-dealt": the talon turned over, its first card dealt first again
            self.gather(["talon"], into="pack")
        else:
            self.transfer(move[2], move[3])

    # ------------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """A line of aces, each between its king and its queen: every card on the line."""
        piles = self.piles
        return all(len(piles[name].cards) == FULL for name in FOUNDATIONS) and \
            all(piles[name].cards for name in COURTS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made.

        - The foundations: each begins with a knave and descends in suit; they are begun from the top
          of the line down, the knaves in the order they came.
        - Beside each knave, one king and one queen at most, of its suit, and none beside an empty place.
        - The gridiron's packets each go up in suit from their first card, and hold no court card but
          their first; the pack lies face down, every other card face up; the talon is re-dealt once at
          most.

        >>> TheFishBone.deal(seed=2).inconsistencies()
        []
        >>> game = TheFishBone.deal(seed=2)
        >>> game.piles["king 1"] = Pile.of("K♥")
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        king 1 holds K♥ beside no knave of its suit
        """
        faults = self.foundation_inconsistencies()
        piles = self.piles
        begun = [bool(piles[name].cards) for name in FOUNDATIONS]
        if begun != sorted(begun, reverse=True):
            faults.append("the line of knaves has a gap")
        for name in COURTS:
            cards = piles[name].cards
            if not cards:
                continue
            index = int(name.rsplit(" ", 1)[1]) - 1
            knave = piles[FOUNDATIONS[index]].cards
            rank = Rank.KING if name in KINGS else Rank.QUEEN
            if len(cards) > 1 or cards[0].rank != rank:
                faults.append(f"{name} holds {piles[name]}")
            elif not knave or knave[0].suit != cards[0].suit:
                faults.append(f"{name} holds {cards[0]} beside no knave of its suit")
        for name in GRIDIRON:
            cards = piles[name].cards
            if cards and (not MARRIAGE.is_run(cards) or any(c.value > _TENS for c in cards[1:])):
                faults.append(f"{name} is not a marriage in ascending sequence")
        return faults + self.talon_inconsistencies()

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 041's arrangement: the gridiron in three rows of two on the left, each packet fanned
        down; the line of the bone down the middle, each foundation upright between its king (slanting,
        on the left) and its queen (on the right); the pack below on the right, the talon beside it."""
        spots = []
        for i, name in enumerate(GRIDIRON):
            spots.append(Spot(name, 0.0 + 1.1 * (i % 2), 0.6 + 2.3 * (i // 2), fan="down"))
        for i, (left, middle, right) in enumerate(bone(len(FOUNDATIONS), 3.9, 0.25, 1.05, reach=1.05, slant=55)):
            spots.append(Spot(KINGS[i], left[0], left[1], angle=left[2]))
            spots.append(Spot(FOUNDATIONS[i], middle[0], middle[1], label="knave" if i == 0 else ""))
            spots.append(Spot(QUEENS[i], right[0], right[1], angle=right[2]))
        spots.append(Spot("pack", 6.4, 7.3, label="pack"))
        spots.append(Spot("talon", 6.4, 6.05, label="talon"))
        return spots

    def table(self) -> str:
        """The position as text: the gridiron row by row (each packet by its uppermost card, with its size
        if it holds more than one), each begun line of the bone as king, foundation top, queen, and the
        talon and the pack."""
        piles = self.piles

        def top(name: str) -> str:
            pile = piles[name]
            if not pile.cards:
                return "--"
            return str(pile.top) + (f"/{len(pile)}" if len(pile) > 1 else "")

        grid = " | ".join(f"{top(GRIDIRON[i])} {top(GRIDIRON[i + 1])}" for i in range(0, 6, 2))
        lines = [f"gridiron: {grid}"]
        begun = [i for i, name in enumerate(FOUNDATIONS) if piles[name].cards]
        if not begun:
            lines.append("bone: empty")
        for i in begun:
            lines.append(f"{FOUNDATIONS[i]}: {top(KINGS[i])} {top(FOUNDATIONS[i])} {top(QUEENS[i])}")
        lines.append(f"talon: {top('talon').split('/')[0]} ({len(piles['talon'])})   pack: {len(piles['pack'])}   "
                     f"re-deals made: {self.counters['redeals']}")
        return "\n".join(lines)


TheFishBone.PLATE = str(TheFishBone.from_plate_cards(PLATE_GRIDIRON, PLATE_SUITS, PLATE_SEED))
