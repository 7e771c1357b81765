"""The Nation: two packs, eight foundations above twelve columns dealt by counting.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Nation", plate 039.  Four aces and four kings of different suits are
withdrawn and laid above in two lines: the aces ascend in suit to the kings, the
kings descend in suit to the aces (Rule I).  The other 96 cards are dealt in
twelve columns, from the left, each column counted from one to eight as it is
dealt.  A card suitable for a foundation is played as it turns up, and it keeps
its number: the next card counts as the following number (Rule II), so a column
holds eight cards less those played in dealing it.  A card once placed in a
column cannot be removed until the deal is complete.  Then only the lowest card
of each column is available (Rule III): it may be played, married to the lowest
card of another column (in suit, one higher or one lower), or laid in a column
that has been cleared.  The tableau may be taken up in order and dealt again,
by the same method, twice.

Dealing is a move (``deal``: one card counted, to its place in its column), so
the deal, the plays made during it and the play after it are one replayable
record.  The counters keep the deal: ``counted`` is how many cards of the
present deal have been counted (the next is No. ``counted % 8 + 1`` of column
``counted // 8 + 1``), and ``just_dealt`` the column whose lowest card is the
card just turned up, still to be played (0 when there is none).

>>> from patience import load, render
>>> game = load("the-nation", seed=1)
>>> [str(game.piles[f]) for f in game.piles_of("foundation")]
['A♦', 'A♣', 'A♥', 'A♠', 'K♦', 'K♣', 'K♥', 'K♠']
>>> len(game.piles["pack"]), game.next_place()
(96, ('column 1', 1))
>>> print(render.text(TheNation.from_plate()))
A♦    A♣    A♥    A♠    pack ##×96
K♦    K♣    K♥    K♠
--  --  --  --  --  --  --  --  --  --  --  --
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from ..build import ACES_UP, Build, Foundation, KINGS_DOWN, marriage_reasons
from ..cards import Card, Rank, Suit, parse_cards
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, move_onto, moves_up
from ..options import Option
from . import register

__all__ = ["TheNation", "COLUMNS", "COUNT"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Nation”"

#: "Twelve columns of equal number of cards": the columns of the tableau, from the left.
COLUMNS = 12
#: Each column is counted "from one to eight" as it is dealt.
COUNT = 8
#: The suits of the foundations from the left, on plate 039: the aces in the upper line, the
#: kings under them (the plate's fourth suit is drawn as a diamond; the text needs spades).
SUITS = (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES)

#: "Marriages also may be made, both in ascending and descending sequences": in suit
#: (the book's Terms: a marriage is "of the same suit"), one up or one down.
MARRIAGE = Build("either", "same")

DEAL_WORDS = (
    "Underneath the foundations deal out eight cards in a perpendicular line, beginning on the "
    "left-hand side; and on the right of this column deal eleven other columns, each consisting of "
    "eight cards. … In dealing the first eight cards, count them as you deal, from one to eight, and "
    "when any card is suitable for a foundation, or to continue a foundation, play it, counting the "
    "next card as the following number. … But although suitable cards are thus played as they turn "
    "up in the deal, a card once placed in a column cannot be removed. You should observe the same "
    "method in dealing out all the twelve columns."
)
REDEAL_WORDS = (
    "When all available cards have been played or married, the tableau is to be taken up, beginning "
    "with the left-hand column, the cards of each column being carefully kept in their proper order, "
    "the second column being placed underneath the first, the third underneath the second, and so on. "
    "Thus, when the pack is turned to re-deal, the last column will be the uppermost, and will be the "
    "first of the new columns. The tableau may be taken up and re-dealt twice."
)


#: The moves of the pack: a card counted out in the deal, and the tableau taken up and dealt again.
DEAL = Move("deal", notation="deal")
REDEAL = Move("redeal", notation="redeal")

#: The columns from the left (``_COLUMN[n]`` is column ``n``) and the foundations, as named.
_COLUMN = ("", *(f"column {n}" for n in range(1, COLUMNS + 1)))
_COLUMNS = _COLUMN[1:]
_FOUNDATIONS = tuple(f"foundation {i + 1}" for i in range(2 * len(SUITS)))
#: The way each foundation goes (see foundation_rule): the aces' up, the kings' down.
_STEP = tuple(1 if i < len(SUITS) else -1 for i in range(2 * len(SUITS)))


def column(n: int) -> str:
    """The name of the ``n``-th column from the left."""
    return f"column {n}"


@register
class TheNation(Game):
    """The Nation: two packs; four aces and four kings above twelve columns counted out in eights."""

    slug = "the-nation"
    name = "The Nation"
    chapter = "the-nation"
    order = 39
    source = SOURCE
    plate = "039"
    packs = 2
    #: The three numbered rules, then the paragraphs of PLAY that a move can break,
    #: under the short names the engine cites.
    RULES = {
        "I": "The foundations follow suit.",
        "II": "In dealing the cards of each column and counting them from one to eight, a card played on "
        "the foundation does not have its number repeated, the next card dealt counting as the following "
        "number.",
        "III": "Only the lowest card of each column is available until its removal releases the one above "
        "it; no card being available that has another below it.",
        "Foundations": "Withdraw from the pack four aces and four kings of different suits, placing them "
        "above in two horizontal lines. These are the foundations, the aces ascending in sequence to kings, "
        "the kings descending to aces (Rule I).",
        "Deal": DEAL_WORDS,
        "Marriages": "When the tableau is complete, the lower card of each column is available (Rule III), "
        "and may be played if suitable; and marriages also may be made, both in ascending and descending "
        "sequences, with available cards from each column.",
        "Space": "When an entire column has been removed, the vacant space may be filled by any one "
        "available card (Rule III), and cards can be placed in sequence upon it, as on those of the other "
        "columns.",
        "Re-deal": REDEAL_WORDS,
    }
    AVAILABILITY = ("III", "only the lowest card of each column is available")
    #: Searched in C, some fifty times as fast as in Python.  Of deals 1 to 20,000, a first search of
    #: 10,000 positions leaves 204 unknown: the searches again (SEARCH_AGAIN, in C's orders) win 202 of them
    #: in 2.7 million positions, 64 of 10,000 or 256 of 2,000 win 203 in 2.9 to 3.1 million; a first search
    #: of 100,000 then SEARCH_AGAIN decides all 204 (one proved lost) in 10 million, where no budget is
    #: given (of the first 54, one search of 1,000,000 alone leaves five unknown).
    SEARCH_IN_C = search_in_c("games._the_nation_search")
    NODES_IN_C = 100_000
    RESTARTS = SEARCH_AGAIN
    #: The foundations are alike (the rules name none; a card goes to whichever takes it); the
    #: columns are alike too once the last deal is complete (:meth:`solver_key`).
    INTERCHANGEABLE = ("foundation",)
    COUNTERS = ("counted", "just_dealt", "redeals")
    OPTIONS = (
        Option("redeals", 2, "re-deals allowed (the book: “the tableau may be taken up and re-dealt twice”)"),
        Option(
            "redeal_when",
            "blocked",
            "when the tableau may be taken up: 'blocked' (no card can be played to a foundation), "
            "'stuck' (no card can be played or married, nor laid in a vacant space: “when all available "
            "cards have been played or married”) or 'any' time after the deal",
            choices=("blocked", "stuck", "any"),
        ),
        Option(
            "play_in_deal",
            "must",
            "a card suitable as it turns up in the deal 'must' be played before the next card is dealt "
            "(“play it”), or the player 'may' deal on and leave it in its column",
            choices=("must", "may"),
        ),
        Option(
            "spaces",
            "cleared",
            "which empty columns are vacant spaces after a re-deal too short to reach all twelve: only "
            "the columns of the present deal that have been 'cleared' (“when an entire column has been "
            "removed”), or 'any' empty place of the twelve",
            choices=("cleared", "any"),
        ),
    )

    #: Plate 039: the four aces in the upper line and the four kings under them, diamonds, clubs,
    #: hearts and spades from the left, over the empty grid of the twelve columns of eight (the plate
    #: draws the fourth ace and king with diamonds; the spades follow the text, see the chapter).  The
    #: plate shows no cards in the tableau; the pack lies in the order of deal 829
    #: (``seed=829``), chosen because its first column shows the book's example of Rule II (the
    #: cards counted No. 4 and No. 7 are played, and the column holds six cards).
    PLATE = """\
the-nation seed=829 counted=0 just_dealt=0 redeals=0
pack: [8♣] [10♥] [8♥] [5♦] [4♣] [J♠] [10♣] [A♣] [2♥] [7♥] [2♦] [6♥] [10♥] [3♠] [Q♦] [J♠] [3♣] [A♥] \
[J♥] [K♥] [7♣] [K♠] [3♦] [6♠] [5♥] [7♦] [9♠] [2♣] [4♣] [5♦] [9♥] [8♦] [7♥] [K♦] [2♠] [10♦] [9♣] [7♠] \
[3♥] [Q♦] [8♠] [7♠] [8♣] [9♠] [J♦] [2♥] [A♦] [K♣] [5♣] [8♦] [2♠] [J♦] [3♦] [10♦] [6♣] [10♣] [2♦] \
[6♦] [10♠] [5♠] [10♠] [7♦] [5♠] [8♠] [5♣] [J♥] [A♠] [6♠] [Q♥] [6♦] [J♣] [Q♠] [6♣] [J♣] [9♦] [6♥] \
[Q♣] [4♠] [3♥] [7♣] [8♥] [9♣] [5♥] [3♣] [4♥] [Q♥] [4♥] [Q♣] [4♠] [Q♠] [4♦] [9♥] [2♣] [3♠] [9♦] [4♦]
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
        """The pack, the eight foundations (1–4 the aces, 5–8 the kings, each line ♦ ♣ ♥ ♠ from
        the left), and the twelve columns from the left."""
        return (
            ["pack"]
            + [f"foundation {i + 1}" for i in range(2 * len(SUITS))]
            + [column(n) for n in range(1, COLUMNS + 1)]
        )

    def columns(self) -> list[str]:
        return self.piles_of("column")

    def foundation_rule(self, name: str) -> Foundation:
        """Foundations 1–4 are begun with the aces and ascend; 5–8 with the kings and descend."""
        return ACES_UP if int(name.split()[-1]) <= len(SUITS) else KINGS_DOWN

    @property
    def dealing(self) -> bool:
        """True while the deal goes on: cards are left in the pack."""
        return not self.piles["pack"].is_empty

    def next_place(self) -> tuple[str, int]:
        """Where the next card of the deal goes, and the number it is counted as (Rule II):
        each card counted uses up a number, whether it is placed or played."""
        counted = self.counters["counted"]
        return column(counted // COUNT + 1), counted % COUNT + 1

    def just_dealt(self) -> tuple[str, Card] | None:
        """The column and the card just turned up in the deal, if it still lies there."""
        n = self.counters["just_dealt"]
        if not n or not self.dealing:
            return None
        card = self.piles[column(n)].top
        return (column(n), card) if card is not None else None

    def dealt_columns(self) -> int:
        """How many columns the present deal has reached."""
        return -(-self.counters["counted"] // COUNT)

    def vacant_spaces(self) -> list[str]:
        """The empty columns that take a card: those of the present deal (with ``spaces=any``,
        every empty column of the twelve)."""
        reach = COLUMNS if self.options.spaces == "any" else self.dealt_columns()
        return [c for c in self.columns()[:reach] if self.piles[c].is_empty]

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw four aces and four kings of different suits (the first of each to come in
        the shuffled pack) and lay them above, aces over kings; the other 96 cards are the pack,
        dealt by ``deal`` moves, the first card first."""
        rest = list(cards)
        for i, (rank, suit) in enumerate((r, s) for r in (Rank.ACE, Rank.KING) for s in SUITS):
            card = next(c for c in rest if c.rank == rank and c.suit == suit)
            rest.remove(card)
            self.piles[f"foundation {i + 1}"] = Pile((card,))
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    @classmethod
    def from_position(cls, text: str) -> TheNation:
        game = super().from_position(text)
        if not 0 <= game.counters["counted"] <= COLUMNS * COUNT - len(game.piles["pack"]):
            raise InvalidPosition(f"counted must be 0 to {COLUMNS * COUNT}, less the cards left in the pack")
        n = game.counters["just_dealt"]
        if n and (n > COLUMNS or column(n) != column((game.counters["counted"] - 1) // COUNT + 1)):
            raise InvalidPosition("just_dealt must be 0 or the column the last card counted went to")
        return game

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        columns: Mapping[str, str],
        pack: str | None = None,
        counted: int | None = None,
        just_dealt: int = 0,
        redeals_made: int = 0,
        **options: Any,
    ) -> TheNation:
        """A position made of the columns that matter, for examples and tests.

        ``columns`` maps column names (``"column 3"``) to their cards, from the top of the
        tableau to the lowest (available) card; ``pack`` lists cards still to deal, the next
        first (None: the deal is over).  Every other card lies on the foundations: in each suit,
        the foundation on the ace goes up as far as the cards allow and the one on the king comes
        down with the rest, which must make an unbroken sequence from the king.  ``counted`` is
        how many cards of the present deal have been counted (by default the whole deal when the
        pack is empty, none otherwise), ``just_dealt`` the column of the card just turned up, and
        ``redeals_made`` the re-deals already made (the option ``redeals`` is how many are allowed).

        >>> game = TheNation.arrange({"column 1": "7♥ 2♥", "column 2": "A♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"})
        >>> print(game.piles["foundation 3"].top, game.piles["foundation 7"].top, game.dealing)
        6♥ 3♥ False
        """
        game = cls(**options)
        placed: list[Card] = []
        for name, text in columns.items():
            if name not in game.columns():
                raise InvalidPosition(f"unknown column {name!r} in {game.name}")
            game.piles[name] = Pile.of(text)
            placed += game.piles[name].cards
        dealt = parse_cards(pack or "")
        game.piles["pack"] = Pile(tuple(reversed(dealt)), len(dealt))
        left = Counter(game.pack())
        left.subtract(placed + dealt)
        if any(n < 0 for n in left.values()):
            raise InvalidPosition(f"too many {' '.join(str(c) for c, n in left.items() if n < 0)} for the pack")
        for i, suit in enumerate(SUITS):
            up, down = cls._split(suit, Counter({c: n for c, n in left.items() if c.suit == suit and n}))
            game.piles[f"foundation {i + 1}"] = Pile(tuple(Card(Rank(v), suit) for v in up))
            game.piles[f"foundation {i + 5}"] = Pile(tuple(Card(Rank(v), suit) for v in down))
        game.counters.update(
            counted=COLUMNS * COUNT if counted is None and not dealt else counted or 0,
            just_dealt=just_dealt,
            redeals=redeals_made,
        )
        return cls.from_position(str(game))

    @staticmethod
    def _split(suit: Suit, cards: Counter[Card]) -> tuple[list[int], list[int]]:
        """The values on a suit's two foundations that use exactly ``cards``: ace up, king down."""
        values = Counter(c.value for c in cards.elements())
        top = 0
        while top < 13 and values[top + 1]:
            top += 1
        for high in range(top, -1, -1):
            rest = values - Counter(range(1, high + 1))
            low = 14 - sum(rest.values())
            if rest == Counter(range(low, 14)):
                return list(range(1, high + 1)), list(range(13, low - 1, -1))
        shown = " ".join(str(c) for c in sorted(cards.elements()))
        raise InvalidPosition(f"the {suit.name.lower()} left over ({shown}) do not make the two foundations")

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield DEAL
        yield REDEAL
        columns = self.columns()
        spaces = self.vacant_spaces()
        for source in columns:
            card = self.piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            for target in columns:
                if target != source:
                    under = self.piles[target].top
                    where = str(under) if under else "space" if spaces == [target] else target
                    yield Move("move", (card,), source, target, f"{card} → {where}")

    def generate_legal_moves(self) -> list[Move]:
        """The moves the rules allow: the same moves, in the same order, as :meth:`moves` filtered
        by :meth:`violation`, found without trying the forbidden ones.

        >>> game = TheNation.arrange({"column 1": "J♥ Q♥", "column 2": "K♥", "column 3": "10♥"}, counted=32)
        >>> [str(m) for m in game.legal_moves()]
        ['Q♥ → K♥', 'Q♥ → space', 'K♥ → Q♥', 'K♥ → space', '10♥ → foundation', '10♥ → space']
        """
        piles, counters = self.piles, self.counters
        if piles["pack"].cards:
            # The deal: only the card just turned up may be played, and it must be unless
            # play_in_deal=may; a card once placed in a column cannot be removed.
            moves: list[Move] = []
            just = counters["just_dealt"]
            if just and (cards := piles[_COLUMN[just]].cards):
                card = cards[-1]
                names = self._takers().get(card)
                if names:
                    moves = moves_up(_COLUMN[just], card, names)
                    if self.options.play_in_deal == "must":
                        return moves
            return [DEAL, *moves]
        takers = self._takers()
        # Rule III: the lowest card of each column is available.  A vacant space is an empty column
        # of the present deal (with spaces=any, of the twelve).
        reach = COLUMNS if self.options.spaces == "any" else -(-counters["counted"] // COUNT)
        lowest = [(place, name, cards[-1]) for place, name in enumerate(_COLUMNS) if (cards := piles[name].cards)]
        spaces = [(place, name, None) for place, name in enumerate(_COLUMNS[:reach]) if not piles[name].cards]
        space = "space" if len(spaces) == 1 else None
        lying: dict[int, list[tuple[int, str, Card]]] = {}
        for entry in lowest:
            lying.setdefault(entry[2], []).append(entry)
        cards_moved: list[Move] = []
        played = False
        for _, source, card in lowest:
            names = takers.get(card)
            if names:
                cards_moved += moves_up(source, card, names)
                played = True
            # Marriages: in suit, one higher or one lower (the codes either side); any card may
            # be laid in a vacant space.  In the order of the columns.
            value = card.value
            below = lying.get(card - 1, []) if value != 1 else []
            above = lying.get(card + 1, []) if value != 13 else []
            for _, target, under in sorted([*spaces, *below, *above]) if below or above else spaces:
                cards_moved.append(move_onto((card,), source, target, under.text if under else space or target))
        if not self.is_won and counters["redeals"] < self.options.redeals:
            when = self.options.redeal_when
            if when == "any" or not (played if when == "blocked" else cards_moved):
                return [REDEAL, *cards_moved]
        return cards_moved

    def _takers(self) -> dict[int, list[str]]:
        """The foundations that take each card that can be played now, by its code, in their order
        (each foundation is begun, with its withdrawn ace or king): worked out again only when a
        foundation has changed."""
        return self.worked_out("takers", _FOUNDATIONS, self._work_out_takers)

    def _work_out_takers(self, now: list[Pile]) -> dict[int, list[str]]:
        """What :meth:`_takers` answers, worked out for the foundation piles ``now``."""
        takers: dict[int, list[str]] = {}
        for name, pile, step in zip(_FOUNDATIONS, now, _STEP):
            if not pile.cards:  # not in a game: the foundations are withdrawn before the deal
                continue
            # Rule I: in suit, the aces ascending, the kings descending.
            top = pile.cards[-1]
            if 1 <= top.value + step <= 13:
                takers.setdefault(top + step, []).append(name)
        return takers

    # ------------------------------------------------------------------ for the solver
    def last_deal(self) -> bool:
        """Whether the pack is dealt out and no re-deal is left: the columns are then alike, and
        cards only go out."""
        return not self.piles["pack"].cards and self.counters["redeals"] >= self.options.redeals

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, quick to make and to compare: the columns' cards, the
        foundations by their top cards, the pack (before any re-deal only ever dealt from, so that
        how many cards it holds says which) and the counters (the column of the card just dealt
        only while the deal goes on).  Once the last deal is complete the columns are alike
        (only a re-deal, which takes them up in order, and the deal tell them apart; a column the
        last deal did not reach stays empty), and are sorted, where the piles are
        :attr:`INTERCHANGEABLE` at all."""
        piles = self.piles
        columns = [piles[name].cards for name in _COLUMNS]
        if self.INTERCHANGEABLE and self.last_deal():
            columns.sort()
        founded = tuple([cards[-1] if (cards := piles[name].cards) else 0 for name in _FOUNDATIONS])
        pack = piles["pack"].cards
        held: int | tuple[Card, ...] = len(pack) if not self.counters["redeals"] else pack
        counted, just, redeals = self.counters["counted"], self.counters["just_dealt"], self.counters["redeals"]
        return (tuple(columns), founded, held, counted, just if pack else 0, redeals)

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), each foundation as (its suit, 0 to 3, and its cards), the aces' first, the
        twelve columns (each bottom first: its lowest card last), the counters ``counted``,
        ``just_dealt`` and ``redeals``, and the options: the re-deals allowed, ``redeal_when`` (0
        ``blocked``, 1 ``stuck``, 2 ``any``), whether ``play_in_deal=must`` and whether ``spaces=any``.

        >>> pack, foundations, columns, *counters, allowed, when, must, any_space = TheNation.deal(seed=1).description()
        >>> len(pack), pack[-1] == TheNation.deal(seed=1).piles["pack"].top, foundations[:1], foundations[4:5]
        (96, True, ((2, 1),), ((2, 1),))
        >>> columns == (b"",) * 12, counters, (allowed, when, must, any_space)
        (True, [0, 0, 0], (2, 0, True, False))
        """
        piles, counters, options = self.piles, self.counters, self.options
        return (bytes(piles["pack"].cards), self.suit_foundations(_FOUNDATIONS),
                tuple(bytes(piles[name].cards) for name in _COLUMNS), counters["counted"], counters["just_dealt"],
                counters["redeals"], options.redeals, ("blocked", "stuck", "any").index(options.redeal_when),
                options.play_in_deal == "must", options.spaces == "any")

    def useful_moves(self) -> list[Move]:
        """The legal moves, less those that lead to a position alike to another's once the last
        deal is complete and the columns are alike: of the moves of a card into a vacant space only
        the first, and none of a card that is alone in its column.

        >>> game = TheNation.arrange({"column 1": "J♥ Q♥", "column 2": "K♥", "column 3": "10♥"}, counted=40,
        ...                          redeals_made=2)
        >>> [str(m) for m in game.useful_moves()]
        ['Q♥ → K♥', 'Q♥ → column 4', 'K♥ → Q♥', '10♥ → foundation']
        """
        moves = self.legal_moves()
        if not self.INTERCHANGEABLE or not self.last_deal():
            return moves
        piles = self.piles
        useful, spaced = [], set()
        for move in moves:
            if move.kind == "move" and move.target in piles and not piles[move.target].cards:
                assert move.source is not None
                if len(piles[move.source].cards) == 1 or move.source in spaced:
                    continue
                spaced.add(move.source)
            useful.append(move)
        return useful

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation once the last deal is complete, when its twin (the other
        card of its rank and suit) is on a foundation already.

        Each suit has a foundation going up from the ace and one coming down from the king, each
        taking one card of every rank: with its twin on one, the card can only ever go to the other.
        With no deal or re-deal left, cards only go out, or move between the columns.  Whatever a
        winning line does, it can do with the card played first: a card it married to this one is
        the next of the suit on one of the two foundations, with its own twin out already (the
        ranks on each side of this card are on the foundations where this one is not), so it can
        be played at once instead, and so on; every other move is made as before, the columns
        holding only fewer cards.
        """
        if not self.last_deal():
            return None
        piles = self.piles
        for move in moves:
            kind, cards, _, target, _ = move
            if kind != "move" or target not in _FOUNDATIONS:
                continue
            # founded: a card of its rank and suit lies on a foundation of its suit, between the
            # foundation's first card and its top.
            card = cards[0]
            suit, value = card - card.value, card.value
            for name in _FOUNDATIONS:
                pile = piles[name].cards
                if pile and pile[0] - pile[0].value == suit:
                    first, top = pile[0].value, pile[-1].value
                    if (first <= value <= top) if first <= top else (top <= value <= first):
                        return move
        return None

    def aliases(self, move: Move) -> set[str]:
        names = super().aliases(move)
        if move.kind == "move" and move.target in self.piles and self.piles[move.target].is_empty:
            names.add(f"{move.cards[0]} → space")
        return names

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return self._deal_violation()
        if move.kind == "redeal":
            return self._redeal_violation()
        if move.kind != "move" or move.source not in self.columns() or move.target not in self.piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if move.target in ("pack", move.source):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if len(move.cards) != 1 or self.piles[move.source].top != move.cards[0]:
            return self.illegal(*self.AVAILABILITY, *move.cards[:1])
        card = move.cards[0]
        if self.dealing:
            return self._in_deal_violation(move.source, move.target, card)
        if move.target.startswith("foundation"):
            return self._foundation_violation(move.target, card)
        return self._marriage_violation(move.target, card)

    def _deal_violation(self) -> IllegalMove | None:
        """The deal: card by card until the pack is exhausted; a suitable card is played as it
        turns up (unless ``play_in_deal=may``)."""
        if not self.dealing:
            return IllegalMove("Deal", "the pack is exhausted")
        turned = self.just_dealt()
        if turned and self.options.play_in_deal == "must":
            _, card = turned
            if any(self.foundation_fault(f, card) is None for f in self.piles_of("foundation")):
                return IllegalMove("Deal", "a suitable card is played as it turns up in the deal",
                                   f"{card} can be played")
        return None

    def _in_deal_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """While the pack lasts, only the card just turned up may be played, and nothing married."""
        if not target.startswith("foundation"):
            return self.illegal("Marriages", "marriages are made when the tableau is complete", card)
        if self.just_dealt() != (source, card):
            return self.illegal("Deal", "a card once placed in a column cannot be removed during the deal", card)
        return self._foundation_violation(target, card)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule I (in suit) and the foundations (aces up to kings, kings down to aces)."""
        way = "the aces ascend in sequence to kings" if self.foundation_rule(name) is ACES_UP \
            else "the kings descend in sequence to aces"
        reasons = {
            "must follow suit": ("I", "the foundations follow suit"),
            "start": ("Foundations", "the foundations are four aces and four kings"),
            "*": ("Foundations", way),
        }
        top = self.piles[name].top
        return self.explain(self.foundation_fault(name, card), reasons, card, *([top] if top else []))

    def _marriage_violation(self, target: str, card: Card) -> IllegalMove | None:
        """Marriages (in suit, up or down, on the lowest card of a column) and vacant spaces."""
        under = self.piles[target].top
        if under is None:
            return self._space_violation(target, card)
        return self.explain(MARRIAGE.fault(under, card), marriage_reasons(MARRIAGE), card, under)

    def _space_violation(self, target: str, card: Card) -> IllegalMove | None:
        """A vacant space takes any one available card; with ``spaces=cleared`` (the default) only
        a column the present deal reached is a vacant space."""
        if target not in self.vacant_spaces():
            return self.illegal("Space", "only a column that has been removed leaves a vacant space",
                                card, target)
        return None

    # ---------------------------------------------------------------- re-deals
    def _redeal_violation(self) -> IllegalMove | None:
        """The paragraph on re-dealing: after the deal, when no card can be played; twice."""
        if self.dealing:
            return IllegalMove("Re-deal", "the tableau is taken up only when it is complete")
        if self.is_won:
            return IllegalMove("Re-deal", "the tableau is empty")
        allowed = self.options.redeals
        if self.counters["redeals"] >= allowed:
            said = {0: "this game has no re-deal", 1: "the tableau may be re-dealt only once",
                    2: "the tableau may be re-dealt only twice"}
            return IllegalMove("Re-deal", said.get(allowed, f"the tableau may be re-dealt only {allowed} times"))
        when = self.options.redeal_when
        if when != "any":
            for move in self.moves():
                if move.kind != "move" or self.violation(move) is not None:
                    continue
                assert move.target is not None
                played = move.target.startswith("foundation")
                if played or when == "stuck":
                    what = "played" if when == "blocked" else "played or married"
                    how = "played" if played else "married" if self.piles[move.target].cards else "moved"
                    return IllegalMove("Re-deal", f"the tableau is taken up only when no card can be {what}",
                                       f"{move.cards[0]} can be {how}")
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        if move.kind == "deal":
            self._deal_one()
        elif move.kind == "redeal":
            self._take_up()
        else:
            assert move.source is not None and move.target is not None
            piles, counters = self.piles, self.counters
            source, target = piles[move.source], piles[move.target]
            left = source.cards[:-1]
            piles[move.source] = Pile(left, source.face_down if source.face_down <= len(left) else len(left))
            piles[move.target] = Pile(target.cards + source.cards[-1:], target.face_down)
            if counters["just_dealt"] and move.source == _COLUMN[counters["just_dealt"]]:
                counters["just_dealt"] = 0

    def _deal_one(self) -> None:
        """Count the next card of the pack and lay it at the foot of its column (Rule II: it
        uses up its number even if it is then played)."""
        counters, piles = self.counters, self.piles
        n = counters["counted"] // COUNT + 1
        pack, name = piles["pack"], _COLUMN[n]
        left = pack.cards[:-1]
        piles["pack"] = Pile(left, pack.face_down if pack.face_down <= len(left) else len(left))
        piles[name] = Pile(piles[name].cards + pack.cards[-1:], piles[name].face_down)
        counters["counted"] += 1
        counters["just_dealt"] = n

    def take_up(self) -> list[Card]:
        """The tableau taken up for a re-deal: its cards in the order they will be dealt again.

        The book takes up the left-hand column first and puts each next column *underneath*; the
        pile is then turned, so the last column comes uppermost and is dealt first, and each
        column's cards, "kept in their proper order", come out as they were dealt, from the top of
        the tableau down (:meth:`~patience.game.Game.gather`, the columns named from the right):

        >>> game = TheNation.arrange({"column 1": "9♠ J♥ K♠", "column 2": "10♥ Q♠", "column 3": "10♠ K♥ J♠ Q♥"})
        >>> " ".join(map(str, game.take_up()))
        '10♠ K♥ J♠ Q♥ 10♥ Q♠ 9♠ J♥ K♠'
        """
        return self.gather(self.columns()[::-1])

    def _take_up(self) -> None:
        """Take the tableau up in the book's order (:meth:`take_up`) and make it the pack."""
        self.gather(self.columns()[::-1], into="pack")
        self.counters.update(counted=0, just_dealt=0, redeals=self.counters["redeals"] + 1)

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card on the foundations."""
        return self.complete(_FOUNDATIONS)

    # ------------------------------------------------------------ the invariants
    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The re-deals made are no more than the option ``redeals`` allows.
          Before any re-deal the pack and the cards counted are the 96 cards left when the
          foundations were withdrawn.  Every card in the columns was counted in the present deal
          (a re-deal takes the whole tableau up), so the columns hold no more cards than
          ``counted``.  While the deal goes on nothing is married, so a column holds no more cards
          than were counted into it (eight at most, and none beyond the column being dealt);
          with ``spaces=cleared`` no card lies beyond the last column the present deal reached.
        - *Which places may be empty.*  No foundation: the aces and kings are withdrawn before the
          deal.
        - *What may lie where.*  Foundations 1 to 4 begin with an ace and ascend in suit to the
          king, 5 to 8 with a king and descend in suit to the ace (Rule I); the aces are of four
          different suits, and so are the kings.

        >>> TheNation.deal(seed=4).inconsistencies()
        []
        >>> game = TheNation.arrange({"column 1": "7♥ 2♥", "column 3": "A♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"},
        ...                          counted=16, redeals_made=1)
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        column 3 holds cards, but the present deal reached column 2 only
        """
        faults = []
        piles, counters = self.piles, self.counters
        counted, redeals = counters["counted"], counters["redeals"]
        if not 0 <= redeals <= self.options.redeals:
            faults.append(f"the tableau is re-dealt {self.options.redeals} times at most, not {redeals}")
        pack = len(piles["pack"].cards)
        if not redeals and pack + counted != COLUMNS * COUNT:
            faults.append(f"the pack and the cards counted are the {COLUMNS * COUNT} cards dealt before any "
                          f"re-deal, not {pack + counted}")
        lying = sum(len(piles[name].cards) for name in _COLUMNS)
        if lying > counted:
            faults.append(f"the columns hold the cards counted in the present deal, {counted}, not {lying}")
        for n, name in enumerate(_COLUMNS, start=1):
            held = len(piles[name].cards)
            if pack:
                room = min(COUNT, max(0, counted - COUNT * (n - 1)))
                if held > room:
                    faults.append(f"{name} holds {held} cards during the deal, but {room} were counted into it")
            elif self.options.spaces == "cleared" and held and n > self.dealt_columns():
                faults.append(f"{name} holds cards, but the present deal reached column {self.dealt_columns()} only")
        for line, rule in ((_FOUNDATIONS[:4], ACES_UP), (_FOUNDATIONS[4:], KINGS_DOWN)):
            suits = []
            for name in line:
                cards = piles[name].cards
                if not cards:
                    faults.append(f"{name} is empty, but the foundations are withdrawn before the deal")
                    continue
                suits.append(cards[0].suit)
                if cards[0].rank != rule.base:
                    faults.append(f"{name} begins with {cards[0]}")
                elif any(rule.build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                    faults.append(f"{name} is out of sequence")
            if len(set(suits)) != len(suits):
                faults.append(f"two foundations starting from the {rule.base.name.lower()} are of one suit")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 039's arrangement: the aces in a line above the kings, over the middle of the
        twelve columns, which hang down from left to right; the pack to the right of the aces."""
        spots = [Spot("pack", 9, 0, label="pack")]
        for i in range(len(SUITS)):
            spots.append(Spot(f"foundation {i + 1}", 4 + i, 0))
            spots.append(Spot(f"foundation {i + 5}", 4 + i, 1))
        spots += [Spot(name, i, 2.25, fan="down") for i, name in enumerate(self.columns())]
        return spots
