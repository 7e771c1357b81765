"""Spenser's Fairie Queen: two packs; columns dealt on the kings as they turn up, the aces built to queens.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Spenser's Fairie Queen", plate 026.  One king is taken from the pack and
laid at the upper left.  The pack is dealt card by card onto it, in a column,
until a second king turns up; that king is laid next to the first and heads a
second column, and so on: cards always go on the last king turned up, so that
a king followed at once by another stays alone (Rule II).  Aces go to the
foundations as they turn up; the eight aces are built up in suit to the queens
(Rule I).  Only the lowest card of a column is available (Rule IV).  Cards may
be played to the foundations as they turn up; when the deal is complete, an
available card may also be moved onto the lowest card of another column one
higher, whatever the suit (Rule III), and any available card onto a king that
lies alone (Rule V).  There is no re-deal.

Dealing is a move (``deal``, one card to its place), so the deal, the plays made
during it and the play after it are one replayable record.

>>> from patience import load
>>> game = load("spensers-fairie-queen", seed=1)
>>> print(game.table())
foundations: -- -- -- -- -- -- -- --
column 1: K♠
pack: 103 cards
>>> for _ in range(6):
...     _ = game.play("deal")
>>> print(game.table())
foundations: -- -- -- -- -- -- -- --
column 1: K♠ 8♠ J♠ 4♦ 6♥ 9♣ 5♣
pack: 97 cards
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..build import ACES_UP, Foundation
from ..cards import Card, Rank, parse_cards, shuffled, whist_pack
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto, moves_up, pile_order
from ..options import Option
from . import register

__all__ = ["SpensersFairieQueen", "COLUMNS", "FOUNDATIONS", "PLATE_KINGS", "PLATE_LENGTHS", "PLATE_SEED"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Spenser's Fairie Queen”"

COLUMNS = tuple(f"column {i}" for i in range(1, 9))
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
#: "The eight aces form the foundation cards and ascend in sequence to queens (Rule I)".
FOUNDATION: Foundation = ACES_UP
#: A foundation from its ace to its queen.
FULL = 12

DEAL = Move("deal", (), "pack", None, "deal")
REDEAL = Move("redeal", (), None, "pack", "redeal")

FOUNDATION_REASONS = {
    "must follow suit": ("I", "the foundations follow suit"),
    "start": ("Foundations", "the eight aces form the foundation cards"),
    "complete": ("Foundations", "the foundations ascend to queens, and this one is complete"),
    "*": ("Foundations", "the foundations ascend in sequence to queens"),
}


@register
class SpensersFairieQueen(Game):
    """Spenser's Fairie Queen: two packs; columns on the kings as they turn up, aces to queens."""

    slug = "spensers-fairie-queen"
    name = "Spenser's Fairie Queen"
    chapter = "spensers-fairie-queen"
    order = 26
    source = SOURCE
    plate = "026"
    packs = 2
    RULES = {
        "I": "The foundations follow suit.",
        "II": "If during the deal two or more kings turn up in succession, cards can only be placed on "
        "the last one.",
        "III": "Available cards may be transferred from one column to another in descending sequence "
        "and need not follow suit.",
        "IV": "Only the lowest card of each column is available, until its removal releases the one "
        "above it.",
        "V": "Any available card may be transferred to a single king, and sequences may be placed upon "
        "that card as upon those of the other columns.",
        "Deal": "Take one king from the pack, and place it at the left-hand upper corner. Upon this king "
        "you place the cards as they are dealt, in perpendicular column, each card half covering the "
        "preceding one, until a second king appears, which must be placed next to the first one, and "
        "becomes in its turn the head of a second column (Rule II). … When the deal is complete, the "
        "tableau must be carefully examined. Available cards may now be transferred from one column to "
        "another (Rule III) or placed on the single kings (Rule V) or played on the foundations.",
        "Foundations": "During the deal, aces as they turn up are placed in the spaces reserved. The eight "
        "aces form the foundation cards and ascend in sequence to queens (Rule I).",
        "Columns": "Upon this king you place the cards as they are dealt, in perpendicular column",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("IV", "only the lowest card of each column is available")
    FACE_DOWN = ("pack",)
    INTERCHANGEABLE = ("foundation",)
    OPTIONS = (
        Option(
            "transfer_in_deal",
            False,
            "cards may be transferred between the columns and onto single kings while the deal goes on; "
            "by default only once “the deal is complete” (cards “may be played as they turn up”, but "
            "transfers come after)",
        ),
    )

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack, the eight foundations (in the order their aces turn up), the eight columns
        (in the order their kings turn up, each king first)."""
        return ["pack", *FOUNDATIONS, *COLUMNS]

    def foundation_rule(self, name: str) -> Foundation:
        return FOUNDATION

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Why the foundation ``name`` does not take ``card``: a foundation is complete at its queen."""
        pile = self.piles[name]
        return "complete" if len(pile.cards) == FULL else FOUNDATION.fault(pile.cards, card)

    @property
    def dealing(self) -> bool:
        """True while the pack holds cards."""
        return bool(self.piles["pack"].cards)

    def begun(self) -> list[str]:
        """The columns whose kings have turned up, in order."""
        return [name for name in COLUMNS if self.piles[name].cards]

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card]) -> None:
        """Take the first king of the shuffled pack to head the first column; the rest is the pack,
        face down, dealt by ``deal`` moves."""
        king = next(c for c in cards if c.rank == Rank.KING)
        rest = list(cards)
        rest.remove(king)
        self.piles["column 1"] = Pile((king,))
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    def _deal_one(self) -> None:
        """The next card of the pack: a king heads a new column, an ace goes to the first empty
        foundation, any other card goes on the last column begun."""
        piles = self.piles
        pack = piles["pack"]
        card = pack.cards[-1]
        piles["pack"] = pack.without(1)
        if card.rank == Rank.KING:
            target = next(name for name in COLUMNS if not piles[name].cards)
        elif card.rank == Rank.ACE:
            target = next(name for name in FOUNDATIONS if not piles[name].cards)
        else:
            target = next(name for name in reversed(COLUMNS) if piles[name].cards)
        piles[target] = Pile(piles[target].cards + (card,))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        columns: Sequence[str],
        pack: str = "",
        rest: int | None = None,
        **options: Any,
    ) -> SpensersFairieQueen:
        """A position made of the columns that matter, for examples and tests.

        ``columns`` gives the columns in order, each from its king down (a king not given heads a
        column of its own after them); ``pack`` the next cards to deal, the next first.  The other
        cards go up on the foundations, each of the two foundations of a suit as high as the cards
        left allow; the cards that cannot go up lie in the column ``rest`` (a number), just under
        its king.

        >>> game = SpensersFairieQueen.arrange(["K♠ Q♥ J♣", "K♥"], rest=1)
        >>> print(game.table())
        foundations: Q♠ Q♠ Q♥ J♥ Q♦ Q♦ Q♣ 10♣
        column 1: K♠ Q♣ Q♥ J♣
        column 2: K♥
        column 3: K♦
        column 4: K♣
        column 5: K♠
        column 6: K♥
        column 7: K♦
        column 8: K♣
        pack: exhausted
        """
        game = cls(**options)
        given = [parse_cards(text) for text in columns]
        if any(not cards or cards[0].rank != Rank.KING for cards in given):
            raise InvalidPosition("each column begins with its king")
        spare = list(game.pack())
        dealt = parse_cards(pack)
        for card in [c for cards in given for c in cards] + dealt:
            if card not in spare:
                raise InvalidPosition(f"too many {card} for two packs")
            spare.remove(card)
        kings = [c for c in spare if c.rank == Rank.KING]
        given += [[king] for king in kings]
        if len(given) > len(COLUMNS):
            raise InvalidPosition(f"there are {len(COLUMNS)} kings, so {len(COLUMNS)} columns at most")
        left = sorted(c for c in spare if c.rank != Rank.KING)
        founded: list[list[Card]] = []
        for suit in sorted({c.suit for c in left}, key=lambda s: "♠♥♦♣".index(s.value)):
            for _ in range(game.packs):
                run: list[Card] = []
                for value in range(1, FULL + 1):
                    card = Card(Rank(value), suit)
                    if card not in left:
                        break
                    left.remove(card)
                    run.append(card)
                if run:
                    founded.append(run)
        if left and rest is None:
            raise InvalidPosition(f"cards placed nowhere: {' '.join(map(str, left))} (name a rest column)")
        if left:
            given[rest - 1 if rest else 0][1:1] = left
        for name, cards in zip(FOUNDATIONS, founded):
            game.piles[name] = Pile(tuple(cards))
        for name, cards in zip(COLUMNS, given):
            game.piles[name] = Pile(tuple(cards))
        game.piles["pack"] = Pile(tuple(reversed(dealt)), len(dealt))
        return cls.from_position(str(game))

    @classmethod
    def from_shape(cls, kings: str, lengths: Sequence[int], seed: int = 0, **options: Any) -> SpensersFairieQueen:
        """A position at the end of the deal, written by its shape: the eight kings in the order
        they turned up, and how many cards hang from each; the aces are on the foundations, and the
        other cards, in the order ``seed`` shuffles them, are dealt down the columns in turn.

        >>> game = SpensersFairieQueen.from_shape("K♠ K♥ K♦ K♣ K♠ K♥ K♦ K♣", [88, 0, 0, 0, 0, 0, 0, 0])
        >>> [len(game.piles[c]) for c in COLUMNS], game.dealing
        ([89, 1, 1, 1, 1, 1, 1, 1], False)
        """
        heads = parse_cards(kings)
        if len(heads) != len(COLUMNS) or any(k.rank != Rank.KING for k in heads) or len(lengths) != len(COLUMNS):
            raise InvalidPosition("give the eight kings and the length of each of the eight columns")
        rest = [c for c in whist_pack(2) if c.rank not in (Rank.KING, Rank.ACE)]
        if sum(lengths) != len(rest) or min(lengths) < 0:
            raise InvalidPosition(f"the columns hold {len(rest)} cards besides the kings, not {sum(lengths)}")
        cards = iter(shuffled(rest, seed))
        game = cls(**options)
        game.seed = seed
        for name, king, length in zip(COLUMNS, heads, lengths):
            game.piles[name] = Pile((king, *(next(cards) for _ in range(length))))
        for name, ace in zip(FOUNDATIONS, FOUNDATION_ACES * 2):
            game.piles[name] = Pile((ace,))
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """Dealing, the re-deal (only to be refused), then the lowest card of each column to the
        foundations and onto the lowest card of each other column (a single king among them)."""
        yield DEAL
        yield REDEAL
        piles = self.piles
        begun = self.begun()
        for source in begun:
            card = piles[source].cards[-1]
            yield from self.foundation_moves(source, card)
            for target in begun:
                if target != source:
                    under = piles[target].cards[-1]
                    yield Move("move", (card,), source, target, f"{card.text} → {under.text}")

    def _takers(self) -> dict[int, list[str]]:
        """The foundations that take each card now, by its code, in their order (of foundations
        alike only the first): an empty one any ace, a begun one the next card of its suit below
        the queen."""
        return self.worked_out("takers", FOUNDATIONS, _foundations_taking)

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly.

        >>> game = SpensersFairieQueen.deal(seed=2)
        >>> game.legal_moves() == [m for m in game.moves() if game.violation(m) is None]
        True
        """
        piles = self.piles
        dealing = bool(piles["pack"].cards)
        moves: list[Move] = [DEAL] if dealing else []
        transfers = not dealing or self.options.transfer_in_deal
        takers = self._takers()
        lowest = [(name, piles[name].cards) for name in COLUMNS if piles[name].cards]
        for source, cards in lowest:
            if len(cards) == 1:
                continue  # a king heads its column and is never moved
            card = cards[-1]
            moves += moves_up(source, card, takers.get(card, []))
            if not transfers:
                continue
            wanted = card.value + 1
            # Rule III onto a card one higher, Rule V onto a king alone
            moves += [move_onto((card,), source, target, there[-1].text)
                      for target, there in lowest
                      if target != source and (len(there) == 1 or there[-1].value == wanted)]
        return moves

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        piles = self.piles
        if move.kind == "deal":
            # "and so on until the pack is exhausted"
            return IllegalMove("Deal", "the pack is exhausted") if not piles["pack"].cards else None
        if move.kind != "move" or move.source not in COLUMNS or move.target not in piles or not move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        source, target, card = move.source, move.target, move.cards[0]
        column = piles[source].cards
        if len(move.cards) != 1 or not column or column[-1] != card:
            return self.illegal(*self.AVAILABILITY, card)
        if len(column) == 1:
            return self.illegal("Columns", "a king heads his column and is not moved", card)
        if target in FOUNDATIONS:
            return self.explain(self.foundation_fault(target, card), FOUNDATION_REASONS, card,
                                piles[target].top or target)
        if target not in COLUMNS or target == source:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        there = piles[target].cards
        if not there:
            return self.illegal("Columns", "a column begins only with a king turned up in the deal", card, target)
        if piles["pack"].cards and not self.options.transfer_in_deal:
            return self.illegal("Deal", "cards are transferred only when the deal is complete", card, there[-1])
        if len(there) == 1:
            return None  # Rule V: any available card to a single king
        if there[-1].value != card.value + 1:
            return self.illegal("III", "cards are transferred in descending sequence", card, there[-1])
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        if move[0] == "deal":
            self._deal_one()
        else:
            self.transfer(move[2], move[3])

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every foundation built from its ace to its queen (the kings stay at the heads of the columns)."""
        return self.complete(FOUNDATIONS, FULL)

    def inconsistencies(self) -> list[str]:
        """What no game played by the rules can have made (an empty list for a reachable position).

        - Each foundation begins with an ace and ascends in suit, to the queen at most.
        - Each column begun has its king at its head and no other king; the columns are begun in
          order, and eight kings head eight columns once the pack is exhausted.
        - While the pack holds cards no ace lies in a column (an ace turned up goes to a foundation),
          unless cards may be transferred during the deal.
        - Only the pack lies face down.

        >>> SpensersFairieQueen.deal(seed=3).inconsistencies()
        []
        >>> game = SpensersFairieQueen.deal(seed=3)
        >>> game.piles["column 3"] = Pile.of("K♦")
        >>> game.inconsistencies()
        ['column 3 is begun before column 2']
        """
        piles = self.piles
        faults = self.foundation_inconsistencies()
        faults += [f"{name} goes on beyond its queen" for name in FOUNDATIONS if len(piles[name].cards) > FULL]
        pack = piles["pack"]
        if pack.face_down != len(pack.cards) or any(piles[n].face_down for n in (*FOUNDATIONS, *COLUMNS)):
            faults.append("a card lies face down outside the pack, or face up in it")
        for before, name in zip(COLUMNS, COLUMNS[1:]):
            if piles[name].cards and not piles[before].cards:
                faults.append(f"{name} is begun before {before}")
        for name in COLUMNS:
            cards = piles[name].cards
            if cards and (cards[0].rank != Rank.KING or any(c.rank == Rank.KING for c in cards[1:])):
                faults.append(f"{name} is not headed by its king alone")
            if pack.cards and not self.options.transfer_in_deal and any(c.rank == Rank.ACE for c in cards):
                faults.append(f"{name} holds an ace while the pack holds cards")
        if not pack.cards and not all(piles[n].cards for n in COLUMNS):
            faults.append("the pack is exhausted but a king heads no column")
        return faults

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """The foundations alike when equal; once the deal is complete, the columns alike too (the
        rules treat every column the same way then, and every king alone the same way)."""
        piles = self.piles
        foundations = tuple(sorted((piles[n] for n in FOUNDATIONS), key=pile_order))
        columns = [piles[n] for n in COLUMNS]
        if piles["pack"].cards:
            return (piles["pack"], foundations, tuple(columns))
        return (foundations, tuple(sorted(columns, key=pile_order)))

    def useful_moves(self) -> list[Move]:
        """The legal moves less those that lead where another leads, once the deal is complete (the
        columns are then alike): a card to a second single king, and the only card on a king moved
        to another king alone."""
        piles = self.piles
        if piles["pack"].cards:
            return self.legal_moves()
        useful = []
        to_king: set[str] = set()
        for move in self.legal_moves():
            target = move[3]
            if move[0] == "move" and target in COLUMNS and len(piles[target].cards) == 1:
                source = move[2]
                if source in to_king or len(piles[source].cards) == 2:
                    continue
                to_king.add(source)
            useful.append(move)
        return useful

    def independent(self, pack_move: Move, move: Move) -> bool:
        """Whether ``move``, just after the deal of a card, could have been made before it: a deal
        changes only the last column (or a foundation, for an ace), and ends the ban on transfers
        when it empties the pack."""
        if move[0] != "move" or not self._undo:
            return False
        piles = self.piles
        if move[3] in COLUMNS and not piles["pack"].cards and not self.options.transfer_in_deal:
            return False
        dealt = self._undo[-1][0]["pack"].top
        if dealt is not None and dealt.rank == Rank.ACE and move[3] in FOUNDATIONS:
            return False
        last = next(name for name in reversed(COLUMNS) if piles[name].cards)
        return move[2] != last and move[3] != last

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when no card can ever be laid on it: an ace, or a card whose
        eight cards one lower are on the foundations already."""
        heights = [len(self.piles[n].cards) for n in FOUNDATIONS]
        for move in moves:
            if move[0] == "move" and move[3] in FOUNDATIONS:
                if all(h >= move[1][0].value - 1 for h in heights):
                    return move
        return None

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """The kings in a row along the top, each column hanging from its king (plate 026 twists the
        long ones to fit the page, Note 3; the engine draws them straight), and the foundations,
        which the plate does not mark (Note 2), in two columns of four on the right, the pack below."""
        spots = [Spot(name, i, 0, fan="down", draw_empty=False) for i, name in enumerate(COLUMNS)]
        for i, name in enumerate(FOUNDATIONS):
            spots.append(Spot(name, 8.4 + i % 2, i // 2))
        spots.append(Spot("pack", 8.9, 4.25, label="pack"))
        return spots

    def table(self) -> str:
        """The position as text: the foundations' top cards, each column begun from its king down
        (a long one shortened to its first four and last two cards), and the pack."""
        piles = self.piles
        lines = ["foundations: " + " ".join(str(piles[n].top or "--") for n in FOUNDATIONS)]
        for name in self.begun():
            cards = [c.text for c in piles[name].cards]
            shown = " ".join(cards) if len(cards) <= 8 else \
                " ".join(cards[:4] + ["…"] + cards[-2:]) + f" ({len(cards)} cards)"
            lines.append(f"{name}: {shown}")
        pack = len(piles["pack"])
        lines.append(f"pack: {pack} cards" if pack else "pack: exhausted")
        return "\n".join(lines)


def _foundations_taking(piles: list[Pile]) -> dict[int, list[str]]:
    """:meth:`SpensersFairieQueen._takers` from the foundation piles, in order."""
    takers: dict[int, list[str]] = {}
    alike: list[Pile] = []
    for name, pile in zip(FOUNDATIONS, piles):
        if pile in alike:
            continue
        alike.append(pile)
        top = pile.top
        if top is None:
            for ace in FOUNDATION_ACES:
                takers.setdefault(ace, []).append(name)
        elif top.value < FULL:
            takers.setdefault(Card(Rank(top.value + 1), top.suit), []).append(name)
    return takers


FOUNDATION_ACES = tuple(parse_cards("A♠ A♥ A♦ A♣"))

#: Plate 026: the eight kings along the top, left to right, as far as their corner pips can be told
#: (the reading, and its doubts, are in the chapter), and the number of cards hanging from each.
PLATE_KINGS = "K♣ K♦ K♠ K♥ K♣ K♦ K♠ K♥"
PLATE_LENGTHS = (8, 0, 32, 26, 5, 0, 17, 0)
#: The cards of the columns cannot be read at the plate's size, even zoomed (the chapter says why):
#: they lie in the order of this seed.
PLATE_SEED = 26

SpensersFairieQueen.PLATE = str(SpensersFairieQueen.from_shape(PLATE_KINGS, PLATE_LENGTHS, PLATE_SEED))
