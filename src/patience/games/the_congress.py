"""The Congress: two packs, the rivers and the helps.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Congress", plate 042.  Not the modern game of the same name.  The eight
aces are withdrawn and laid in two columns on the right: the foundations,
ascending in suit to kings (Rule I).  Four *help cards* lie in a line below;
above, rows of eight cards are dealt, each row partly covering the one before:
these are the *rivers*, eight columns of which only the last card dealt is
available, its removal releasing the card above it (Rule V).  A card from the
rivers may be married (one lower, same suit) on a help packet, never a help
card on the rivers (Rule II); the help packets marry with one another
(Rule III), and only their uppermost cards are available (Rule IV).  After each
row, the vacancies are refilled from the pack, the uppermost rows first.  When
the pack is exhausted the helps may be increased to eight, each new packet
begun by an available card of the rivers.  There is no re-deal.

Dealing is made of moves: ``deal`` lays the next row of eight on the rivers,
``fill`` refills the vacancies, so the whole game is one replayable record.

>>> from patience import load
>>> game = load("the-congress", seed=1)
>>> [len(game.piles[f"river {c}"]) for c in range(1, 9)], len(game.piles["pack"])
([1, 1, 1, 1, 1, 1, 1, 1], 84)
>>> print(TheCongress.from_plate().table())
rivers:
   9♥   4♣   K♥   8♦   3♥   5♥   J♦   Q♥
   6♥   9♠   3♠   K♣   6♠   8♣   3♦   4♥
   Q♠   8♥   J♣   5♠   7♣   K♦   2♥  10♥
helps: 8♣ | 10♣ | Q♦ | 6♣
foundations: A♥ A♥ A♦ A♦ A♠ A♠ A♣ A♣
pack: 68 cards
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from ..build import ACES_UP, Build, Foundation, marriage_reasons
from ..cards import Card, Rank, Suit, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, move_onto, moves_up, normalise_notation, pile_order
from ..options import Option
from . import register

__all__ = ["TheCongress"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Congress”"

#: The columns of the rivers (a row is eight cards), the help places during the deal and after it.
COLUMNS = 8
HELPS_DEALT = 4
HELPS_AFTER = 8
#: The suits of the aces from the top line down, two to a line (the plate's aces, read as well
#: as its printing allows: the text does not order them).
ACE_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)

FOUNDATIONS = tuple(f"foundation {i + 1}" for i in range(2 * len(ACE_SUITS)))
RIVERS = tuple(f"river {c + 1}" for c in range(COLUMNS))
HELPS = tuple(f"help {h + 1}" for h in range(HELPS_AFTER))
#: Rule II and III: "marry in descending line" (a marriage is in suit, one lower).
MARRIAGE = Build("down", "same")
_MARRIES = MARRIAGE.table()

DEAL = Move("deal", notation="deal")
FILL = Move("fill", notation="fill")

PLAY_WORDS = (
    "When all possible cards have been played, proceed to deal out successive rows of eight cards on the "
    "rivers, each row partly covering the preceding one, and temporarily blocking it (Rule V). In dealing, "
    "you may not play a card from any row until that row is complete. After dealing each row, pause and "
    "examine the tableau, playing and marrying all suitable cards, and refilling vacancies, both in the "
    "rivers and helps, with cards from the pack. In filling up vacancies in the rivers, those in the "
    "uppermost rows must first be refilled."
)
HELPS_WORDS = (
    "After the entire pack is exhausted, … the four packets of help cards may now be increased to eight. "
    "To effect this, any four available cards may be selected from the rivers to begin the new packets … "
    "If any of the packets of help cards are played off, the vacancy may be filled by another card from "
    "the rivers, but the packets must never exceed the number of eight."
)


@register
class TheCongress(Game):
    """The Congress: two packs; eight aces, four (then eight) help packets, and the rivers."""

    slug = "the-congress"
    name = "The Congress"
    chapter = "the-congress"
    order = 42
    source = SOURCE
    plate = "042"
    packs = 2
    COUNTERS = ("rows",)
    RULES = {
        "I": "The foundations follow suit.",
        "II": "Cards from the rivers may marry in descending line with cards on the helps, but not vice versâ.",
        "III": "Cards on the help packets may marry in descending line with cards of each other's packets, "
        "and also with cards from the rivers.",
        "IV": "The uppermost cards of the help packets are alone available until their removal releases "
        "those beneath.",
        "V": "Each row of cards on the rivers blocks the preceding one, but on the removal of any card the "
        "one immediately above it is released, and becomes available.",
        "Foundations": "Withdraw from the pack the eight aces, and place them in two columns on the right: "
        "these are the foundations, which ascend in sequence to kings (Rule I).",
        "Deal": PLAY_WORDS,
        "Helps": HELPS_WORDS,
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("V", "each row of cards on the rivers blocks the preceding one")
    RESTARTS = SEARCH_AGAIN
    PACK_KINDS = ("deal", "fill")
    OPTIONS = (
        Option(
            "refill",
            "rivers",
            "which vacancies are refilled from the pack first, when both the rivers and the helps have "
            "some: the 'rivers' (the order the text names them in) or the 'helps'",
            choices=("rivers", "helps"),
        ),
        Option(
            "help_spaces",
            "rivers",
            "after the pack is exhausted, what may begin a help packet in an empty place: a card from "
            "the 'rivers' only (the text) or 'any' available card, a help packet's too",
            choices=("rivers", "any"),
        ),
    )

    #: Plate 042: the eight aces in two columns on the right, the four help cards below, and three
    #: rows of the rivers ("In the tableau only three rows of the rivers are shown").  The values were
    #: counted pip by pip; the printing makes every suit a blot, so most suits (and every court's rank)
    #: are guesses, chosen so that no card is shown more often than two packs hold it (the chapter's
    #: table).  The pack is the rest of deal 42 in its order: ``deal_with(42, helps, rows)``.
    PLATE = """\
the-congress seed=42 rows=3
pack: [4♦] [3♣] [Q♦] [5♣] [2♦] [3♠] [Q♠] [Q♣] [2♣] [6♦] [2♠] [J♣] [3♥] [2♠] [K♠] [7♦] [7♣] [J♦] [8♥] \
[K♣] [10♥] [4♠] [6♠] [7♥] [6♥] [10♦] [7♦] [3♦] [9♥] [9♠] [7♠] [9♦] [10♦] [2♣] [J♥] [10♠] [J♥] [8♦] \
[9♦] [K♦] [5♦] [2♥] [3♣] [K♥] [2♦] [K♠] [5♠] [Q♥] [J♠] [5♥] [Q♣] [10♣] [4♥] [8♠] [4♣] [5♦] [9♣] [6♣] \
[J♠] [5♣] [6♦] [4♠] [9♣] [7♠] [10♠] [7♥] [8♠] [4♦]
foundation 1: A♥
foundation 2: A♥
foundation 3: A♦
foundation 4: A♦
foundation 5: A♠
foundation 6: A♠
foundation 7: A♣
foundation 8: A♣
river 1: 9♥ 6♥ Q♠
river 2: 4♣ 9♠ 8♥
river 3: K♥ 3♠ J♣
river 4: 8♦ K♣ 5♠
river 5: 3♥ 6♠ 7♣
river 6: 5♥ 8♣ K♦
river 7: J♦ 3♦ 2♥
river 8: Q♥ 4♥ 10♥
help 1: 8♣
help 2: 10♣
help 3: Q♦
help 4: 6♣
"""
    #: The cards the plate shows, for :meth:`deal_with`: the help cards, then the rows of the rivers.
    PLATE_HELPS = "8♣ 10♣ Q♦ 6♣"
    PLATE_ROWS = ("9♥ 4♣ K♥ 8♦ 3♥ 5♥ J♦ Q♥", "6♥ 9♠ 3♠ K♣ 6♠ 8♣ 3♦ 4♥", "Q♠ 8♥ J♣ 5♠ 7♣ K♦ 2♥ 10♥")

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack, the eight foundations (1 and 2 on the top line), the eight columns of the
        rivers (each written from its first row down to the card that covers the others), and the
        eight places of the help packets (5 to 8 used only once the pack is exhausted)."""
        return ["pack", *FOUNDATIONS, *RIVERS, *HELPS]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP

    @property
    def dealing(self) -> bool:
        """True while the pack holds cards."""
        return bool(self.piles["pack"].cards)

    def helps(self) -> tuple[str, ...]:
        """The help places in use: four during the deal, eight once the pack is exhausted."""
        return HELPS[:HELPS_DEALT] if self.piles["pack"].cards else HELPS

    def vacancies(self) -> list[str]:
        """The places the next ``fill`` refills, in order: a place in the rivers for each row
        dealt that a column lacks, the uppermost rows first (left to right along a row), and each
        empty help place of the four (the rivers first, or with ``refill=helps`` the helps)."""
        piles, rows = self.piles, self.counters["rows"]
        # a column of n cards lacks the places of rows n+1 … rows; the uppermost are refilled first
        lengths = [len(piles[name].cards) for name in RIVERS]
        order = [RIVERS[c] for depth in range(rows) for c in range(COLUMNS) if lengths[c] <= depth]
        helps = [name for name in HELPS[:HELPS_DEALT] if not piles[name].cards]
        return order + helps if self.options.refill == "rivers" else helps + order

    # ------------------------------------------------------------------ the deal
    @classmethod
    def arrange(cls, piles: Mapping[str, str], rows: int | None = None,  # type: ignore[override]
                **options: Any) -> TheCongress:
        """A position after the pack is exhausted, made of the piles that matter, for examples and
        tests: ``piles`` maps rivers and helps to their cards (bottom first); every other card lies
        on the foundations, the first of each suit's two as high as the cards left allow.
        ``rows`` is the number of rows dealt (by default the longest column's).

        >>> game = TheCongress.arrange({"river 1": "J♥ K♣", "river 2": "Q♥", "help 1": "K♥"})
        >>> [str(game.piles[f].top) for f in FOUNDATIONS]
        ['K♥', '10♥', 'K♦', 'K♦', 'K♠', 'K♠', 'K♣', 'Q♣']
        """
        game = cls(**options)
        left = Counter(c for c in game.pack())
        for name, text in piles.items():
            if name not in (*RIVERS, *HELPS):
                raise InvalidPosition(f"unknown river or help {name!r} in {game.name}")
            game.piles[name] = Pile.of(text)
            left.subtract(game.piles[name].cards)
        for line, suit in enumerate(ACE_SUITS):
            counts = [left[Card(Rank(value), suit)] for value in range(1, 14)]
            if any(n < 0 for n in counts) or counts != sorted(counts, reverse=True):
                raise InvalidPosition(f"the {suit.name.lower()} left over do not make two foundations from the aces")
            for column in range(2):
                height = sum(1 for n in counts if n > column)
                game.piles[FOUNDATIONS[2 * line + column]] = Pile(tuple(Card(Rank(v), suit) for v in range(1, height + 1)))
        game.counters["rows"] = rows if rows is not None else max(1, *(len(game.piles[r]) for r in RIVERS))
        return cls.from_position(str(game))

    def lay_out(self, cards: list[Card], helps: str = "", rows: Sequence[str] = ()) -> None:
        """Withdraw the eight aces to the foundations, a suit to a line; deal four help cards and a
        first row of eight on the rivers; the rest is the pack, dealt by ``deal`` and ``fill``.

        ``helps`` and ``rows`` (the cards a plate shows, for :meth:`deal_with`) are laid first,
        the rest of the pack keeping the order of the deal."""
        aces = [c for c in cards if c.rank == Rank.ACE]
        for line, suit in enumerate(ACE_SUITS):
            for column, ace in enumerate([c for c in aces if c.suit == suit]):
                self.piles[FOUNDATIONS[2 * line + column]] = Pile((ace,))
        rest = [c for c in cards if c.rank != Rank.ACE]
        shown = parse_cards(helps) + [c for row in rows for c in parse_cards(row)]
        for card in shown:
            rest.remove(next(c for c in rest if c.rank == card.rank and c.suit == card.suit))
        rest = shown + rest
        help_cards, rest = rest[:HELPS_DEALT], rest[HELPS_DEALT:]
        for name, card in zip(HELPS, help_cards):
            self.piles[name] = Pile((card,))
        dealt = max(1, len(rows))
        for _ in range(dealt):
            row, rest = rest[:COLUMNS], rest[COLUMNS:]
            for name, card in zip(RIVERS, row):
                self.piles[name] = self.piles[name].added((card,))
        self.counters["rows"] = dealt
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield DEAL
        yield FILL
        yield Move("redeal", notation="redeal")
        targets = [*HELPS, *RIVERS]
        for source in (*RIVERS, *HELPS):
            card = self.piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            for target in targets:
                if target != source:
                    under = self.piles[target].top
                    yield Move("move", (card,), source, target, f"{card} → {under or target}")

    def parse_move(self, text: str) -> Move:
        """As :meth:`Game.parse_move`, but a covered card of a help packet is refused by Rule IV
        (the rivers' Rule V is the rule for the others)."""
        try:
            return super().parse_move(text)
        except IllegalMove as problem:
            if problem.rule == self.AVAILABILITY[0]:
                card = Card.parse(normalise_notation(text).split()[0])
                if any(card in self.piles[h].cards[:-1] for h in HELPS):
                    raise self.illegal("IV", "the uppermost cards of the help packets are alone available",
                                       card) from None
            raise

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly: ``deal`` or ``fill``
        while the pack lasts, then each available card to the foundation that takes it and onto
        the help packets it marries with (or, once the pack is exhausted, into their empty places)."""
        piles = self.piles
        pack = piles["pack"].cards
        moves: list[Move] = []
        if pack:
            moves.append(FILL if self.vacancies() else DEAL)
        takers = self.foundation_takers(distinct_suits=False)
        helps = [(name, piles[name].cards) for name in (HELPS if not pack else HELPS[:HELPS_DEALT])]
        any_space = self.options.help_spaces == "any"
        for source in (*RIVERS, *HELPS):
            cards = piles[source].cards
            if not cards:
                continue
            card = cards[-1]
            moves += moves_up(source, card, takers.get(card, []))
            river = source[0] == "r"
            for target, under in helps:
                if target == source:
                    continue
                if under:
                    if _MARRIES[under[-1]][card]:
                        moves.append(move_onto((card,), source, target, under[-1].text))
                elif not pack and (river or any_space):
                    moves.append(move_onto((card,), source, target, target))
        return moves

    def violation(self, move: Move) -> IllegalMove | None:
        kind = move.kind
        if kind in ("deal", "fill"):
            if not self.piles["pack"].cards:
                return IllegalMove("Deal", "the pack is exhausted")
            vacant = bool(self.vacancies())
            if kind == "deal" and vacant:
                return IllegalMove("Deal", "the vacancies are refilled from the pack before the next row is dealt")
            if kind == "fill" and not vacant:
                return IllegalMove("Deal", "there is no vacancy to refill")
            return None
        if kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        source, target = move.source, move.target
        if kind != "move" or source not in (*RIVERS, *HELPS) or target not in self.piles or target == source:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        if len(move.cards) != 1 or self.piles[source].top != card:
            if source in HELPS:
                return self.illegal("IV", "the uppermost cards of the help packets are alone available", card)
            return self.illegal(*self.AVAILABILITY, card)
        if target.startswith("foundation"):
            return self._foundation_violation(target, card)
        if target in RIVERS:
            if source in HELPS:
                return self.illegal("II", "cards on the helps may not marry with cards on the rivers", card,
                                    self.piles[target].top or target)
            return self.illegal("II", "cards from the rivers marry only with cards on the helps", card,
                                self.piles[target].top or target)
        if target == "pack":
            return IllegalMove("Play", f"{self.name} has no move {move}")
        return self._help_violation(source, target, card)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule I, and the foundations ascending in sequence to kings."""
        top = self.piles[name].top
        complete = top is not None and top.rank == Rank.KING
        way = "the foundations ascend to kings, and this one is complete" if complete \
            else "the foundations ascend in sequence"
        reasons = {"must follow suit": ("I", "the foundations follow suit"), "*": ("Foundations", way)}
        return self.explain(self.foundation_fault(name, card), reasons, card, top or name)

    def _help_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """The help packets: Rules II and III for a marriage, and the paragraph on the new helps
        for an empty place."""
        dealing = self.dealing
        if dealing and target not in HELPS[:HELPS_DEALT]:
            return self.illegal("Helps", "the helps are increased to eight only after the entire pack is "
                                "exhausted", card, target)
        under = self.piles[target].top
        if under is None:
            if dealing:
                return self.illegal("Deal", "during the deal a vacancy in the helps is refilled from the pack",
                                    card, target)
            if source in HELPS and self.options.help_spaces == "rivers":
                return self.illegal("Helps", "a help packet is begun by a card selected from the rivers",
                                    card, target)
            return None
        rule = "II" if source in RIVERS else "III"
        return self.explain(MARRIAGE.fault(under, card), marriage_reasons(MARRIAGE, rule), card, under)

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        kind = move[0]
        if kind == "deal":
            self._deal_row()
        elif kind == "fill":
            for name in self.vacancies():
                if not self.piles["pack"].cards:
                    break
                self.transfer("pack", name)
        else:
            self.transfer(move[2], move[3])

    def _deal_row(self) -> None:
        """Deal the next row of eight on the rivers, left to right (fewer at the end of the pack)."""
        for name in RIVERS:
            if not self.piles["pack"].cards:
                break
            self.transfer("pack", name)
        self.counters["rows"] += 1

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """A key that tells apart only what the rules tell apart: the two foundations of a suit
        are alike, and so are the help packets (refilled left to right: whichever is empty gets
        the same card); once the pack is exhausted, the columns of the rivers are alike too, and
        the count of rows no longer matters."""
        piles = self.piles
        founds = tuple(tuple(sorted(len(piles[f].cards) for f in FOUNDATIONS[i:i + 2])) for i in range(0, 8, 2))
        helps = tuple(sorted((piles[h] for h in HELPS), key=pile_order))
        if piles["pack"].cards:
            return (founds, helps, piles["pack"], tuple(piles[r] for r in RIVERS), self.counters["rows"])
        return (founds, helps, tuple(sorted((piles[r] for r in RIVERS), key=pile_order)))

    def useful_moves(self) -> list[Move]:
        """The legal moves less those that lead where another leads: once the pack is exhausted, a
        card into a second empty help place."""
        legal = self.legal_moves()
        if self.dealing:
            return legal
        useful, seen = [], set()
        for move in legal:
            if move[0] == "move" and move[3] in HELPS and not self.piles[move[3]].cards:
                if move[2] in seen:
                    continue
                seen.add(move[2])
            useful.append(move)
        return useful

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when every card that could be married on it (one lower,
        in suit: both of them) has gone up already: nothing can then need it off the foundation."""
        return self.safe_going_up(moves, FOUNDATIONS)

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card on the foundations."""
        return self.complete(FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What no game played by the rules can reach: foundations that do not begin with an ace
        of their line's suit or do not ascend in suit; a card face down outside the pack; help places
        5 to 8 used while the pack still holds cards; a help packet that is not a marriage
        descending in suit from its first card; a column of the rivers longer than the rows dealt;
        more rows than the pack can make.  (A column shorter than the rows dealt, or an empty help
        place, is a vacancy, which any position may have.)

        >>> TheCongress.deal(seed=3).inconsistencies()
        []
        >>> game = TheCongress.deal(seed=3)
        >>> game.piles["help 6"], game.piles["river 1"] = game.piles["river 1"], Pile()
        >>> game.inconsistencies()
        ['help 6 is used while the pack holds cards']
        """
        faults = self.foundation_inconsistencies()
        piles = self.piles
        for i, name in enumerate(FOUNDATIONS):
            cards = piles[name].cards
            if cards and cards[0].suit != ACE_SUITS[i // 2]:
                faults.append(f"{name} does not begin with an ace of {ACE_SUITS[i // 2].name.lower()}")
        pack = piles["pack"]
        if pack.face_down != len(pack.cards) or any(piles[n].face_down for n in (*FOUNDATIONS, *RIVERS, *HELPS)):
            faults.append("a card lies face down outside the pack, or face up in it")
        rows = self.counters["rows"]
        if pack.cards:
            faults += [f"{name} is used while the pack holds cards" for name in HELPS[HELPS_DEALT:]
                       if piles[name].cards]
        for name in HELPS:
            cards = piles[name].cards
            if any(not _MARRIES[a][b] for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} is not a marriage descending in suit")
        longest = max(len(piles[r].cards) for r in RIVERS)
        if longest > rows:
            faults.append(f"a column of the rivers holds {longest} cards, but {rows} rows were dealt")
        if rows < 1 or rows > (52 * self.packs - 8 - HELPS_DEALT) // COLUMNS + 1:
            faults.append(f"{rows} rows cannot be dealt from the pack")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 042's arrangement: the rivers across the top, eight columns fanned down (each
        row partly covering the one before); the help packets in a line below; the aces in two
        columns on the right; the pack below them."""
        from ..render import fan_height

        deep = fan_height(max([3] + [len(self.piles[r]) for r in RIVERS]))
        tall = fan_height(max([1] + [len(self.piles[h]) for h in HELPS]))
        spots = [Spot(name, c, 0, fan="down") for c, name in enumerate(RIVERS)]
        below = deep + 0.35
        for h, name in enumerate(HELPS):
            spots.append(Spot(name, h, below, fan="down", draw_empty=h < HELPS_DEALT or not self.dealing))
        for i, name in enumerate(FOUNDATIONS):
            spots.append(Spot(name, COLUMNS + 0.5 + i % 2, i // 2))
        spots.append(Spot("pack", COLUMNS + 1, max(4.25, below + tall - 1), label="pack"))
        return spots

    def table(self) -> str:
        """The tableau as text: the rivers row by row (a blank for a place emptied), the help
        packets (their uppermost card last), the foundations' top cards, and the pack."""
        piles = self.piles
        depth = max([self.counters["rows"]] + [len(piles[r]) for r in RIVERS])
        lines = ["rivers:"]
        for row in range(depth):
            cells = [str(piles[r].cards[row]) if row < len(piles[r]) else "--" for r in RIVERS]
            lines.append("  " + "  ".join(cell.rjust(3) for cell in cells).rstrip())
        helps = [" ".join(map(str, piles[h].cards)) or "--" for h in self.helps()]
        lines.append("helps: " + " | ".join(helps))
        lines.append("foundations: " + " ".join(str(piles[f].top) for f in FOUNDATIONS))
        pack = len(piles["pack"])
        lines.append(f"pack: {pack} cards" if pack else "pack: exhausted")
        return "\n".join(lines)
