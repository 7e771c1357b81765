"""Napoleon at St. Helena: two packs, four rows of ten, the rest of the pack turned one by one.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Napoleon at St. Helena", plate 002.  Forty cards are dealt in four rows of ten;
only the card in the lowest place of each of the ten columns is available
(Rule I); the eight aces go up in suit to the kings (Rule II); cards are married
downwards in suit on the lowest cards of the columns, one at a time.  A column
cleared to its uppermost place is a *lane*: the player may fill it, when he
chooses, with any available card, from the tableau or from the talon (the
book's Note: "some players only allow the vacancy to be filled from the talon").
When no available card can be played, the remaining 64 cards are turned one by
one; each is played, married, put in a lane, or laid aside on the talon, whose
top card stays available.  There is no re-deal.

>>> from patience import load
>>> game = load("napoleon-at-st-helena", seed=3)
>>> [len(game.piles[c]) for c in game.piles_of("column")], len(game.piles["pack"])
([4, 4, 4, 4, 4, 4, 4, 4, 4, 4], 64)
>>> plate = NapoleonAtStHelena.from_plate()
>>> print(plate.piles["column 9"], "|", plate.play("A♥ → foundation"), "|", plate.play("2♥ → foundation"))
6♠ 7♠ 8♣ A♥ | A♥ → foundation | 2♥ → foundation
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..build import ACES_UP, Build, Foundation, marriage_reasons, suit_run
from ..cards import Card, Rank, Suit, parse_cards, shuffled, whist_pack
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, foundation_tops, pile_kind
from ..options import Option
from ..solve import PACK_RUN, runs_using
from . import register

__all__ = ["PLATE_PACK_SEED", "PLATE_ROWS", "NapoleonAtStHelena"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Napoleon at St. Helena”"

#: "Forming marriages (in descending line ...)": a card goes on the next higher card of its suit.
MARRIAGE = Build("down", "same")

#: The rules a foundation move breaks, for :meth:`Game.explain`.
FOUNDATION_REASONS = {
    "must follow suit": ("II", "the foundations must follow suit"),
    "start": ("Foundations", "the foundations are begun with the aces"),
    "*": ("Foundations", "the foundations ascend in sequence to the kings"),
}

ROWS, COLUMNS, FOUNDATIONS = 4, 10, 8
COLUMN_NAMES = tuple(f"column {i}" for i in range(1, COLUMNS + 1))
FOUNDATION_NAMES = tuple(f"foundation {i}" for i in range(1, FOUNDATIONS + 1))
#: The aces, by which an empty foundation is begun.
ACES = tuple(Card(Rank.ACE, suit) for suit in Suit)
DEAL = Move("deal", (), "pack", "talon", "deal")
#: When the pack may be dealt (the option ``deal_when``), in the order the search in C numbers them.
DEAL_WHEN = ("blocked", "first", "any")

#: The cards of the two packs left after the tableau is dealt: the pack turned one by one.
REMAINDER = 2 * 52 - ROWS * COLUMNS

#: Plate 002, read row by row from the top (the reading, card by card, is in the chapter).
#: The uppermost row comes first; each column's lowest card, the available one, is in the
#: last row.  The plate shows neither the pack nor the talon.
PLATE_ROWS = """
A♦ K♣ 10♥ 5♦ 10♠ 3♥ J♦ A♥ 6♠ A♠
2♣ 3♦ 6♣ 10♠ 9♦ 6♥ 2♦ 4♥ 7♠ 9♦
K♣ Q♦ 5♦ 3♦ 5♣ 9♥ K♠ 2♣ 8♣ 7♥
J♥ 3♣ 9♣ Q♥ 5♥ K♦ 8♣ 2♥ A♥ 3♣
"""
#: The seed that orders the 64 cards of the pack behind the plate's tableau (the plate does
#: not show them): chosen with the plate's earlier reading (an A♦ for the A♠ of row 1, column 10)
#: as the first seed for which an early search that sees every card found a win; with the
#: tableau re-read it orders another pack.  The project's solver leaves it undecided within
#: 2,000,000 positions, so the worked game plays deal 29.
PLATE_PACK_SEED = 2


@register
class NapoleonAtStHelena(Game):
    """Napoleon at St. Helena: four rows of ten from two packs, eight aces, lanes, one talon."""

    slug = "napoleon-at-st-helena"
    name = "Napoleon at St. Helena"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 3 of the first 20 deals its study's search left unknown.
    PLAYS_OUT = True
    #: The search in C (``_napoleon_at_st_helena_search.c``, :meth:`description`), and its positions where
    #: no budget is given.
    SEARCH_IN_C = search_in_c("games._napoleon_at_st_helena_search")
    NODES_IN_C = 2_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order:
    #: of the first 96 deals that its study of 10,000 positions (in Python) left unknown, a first search
    #: of 500,000 positions won 6 and proved 1 lost, and 128 searches again of 2,000 then won 5 more
    #: (one search of 2,000,000 won 5 of the first 48, where these won 6, in two fifths of the positions).
    RESTARTS = ((128, 2_000),)
    chapter = "napoleon-at-st-helena"
    order = 2
    source = SOURCE
    plate = "002"
    packs = 2
    #: The source's rules: the two numbered ones, then the paragraphs of PLAY that a move
    #: can break, under the short names the engine cites.
    RULES = {
        "I": "Only cards in the lowest row are available, until a card in any other row is released "
        "by the removal of those below it, the principle being that no card can be used that has "
        "another below it.",
        "II": "The foundations must follow suit.",
        "Deal": "Deal out from left to right four rows of ten cards.",
        "Foundations": "The eight aces, when they can be placed, form the foundation cards, and are to "
        "ascend in sequence to kings.",
        "Marriages": "You must now examine the tableau and endeavor by forming marriages (in descending "
        "line, and always subject to Rule I) to release other suitable cards.",
        "Lane": "If by these changes you can make a vacancy in the uppermost row (thus forming a "
        "perpendicular lane), it is of the greatest use. The vacancy may be refilled with any available "
        "card from the tableau or from the talon, but you are not obliged to refill it until a favorable "
        "opportunity occurs. ... The card so placed has all the privileges of the original card whose "
        "place it fills, and is treated in the same manner.",
        "Note": "Some players only allow the vacancy to be filled from the talon.",
        "Talon": "When there are no more available cards to play, proceed to deal out the remainder of "
        "the pack, turning the cards one by one, playing all suitable ones on the foundations, or placing "
        "them on the sequences of the tableau. The cards that cannot be so employed are laid aside in one "
        "packet, forming the talon.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("I", "no card can be used that has another below it")
    UNDEALT_RULE = ("Talon", "the cards of the pack are turned one by one, by dealing")
    FACE_DOWN = ("pack",)
    OPTIONS = (
        Option(
            "lane_from",
            "any",
            "what may fill a lane: 'any' available card, from the tableau or from the talon (the book), "
            "or the 'talon' only (the book's Note: “some players only allow the vacancy to be filled "
            "from the talon”)",
            choices=("any", "talon"),
        ),
        Option(
            "deal_when",
            "blocked",
            "when the next card of the pack may be turned: 'blocked', only when no available card can "
            "be played to a foundation (“when there are no more available cards to play”, before every "
            "card: “playing all suitable ones”); 'first', only the first card waits for that; 'any' time",
            choices=DEAL_WHEN,
        ),
    )

    # ------------------------------------------------------------------ piles
    def pile_names(self) -> list[str]:
        return [*COLUMN_NAMES, *FOUNDATION_NAMES, "talon", "pack"]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP

    def lay_out(self, cards: list[Card]) -> None:
        """“Deal out from left to right four rows of ten cards”: card ``10 * row + column``
        lies in that row of that column.  The rest is the pack, face down, its next card on top."""
        columns = self.piles_of("column")
        tableau = cards[: ROWS * COLUMNS]
        for i, name in enumerate(columns):
            self.piles[name] = Pile(tuple(tableau[i::COLUMNS]))
        rest = tuple(reversed(cards[ROWS * COLUMNS:]))
        self.piles["pack"] = Pile(rest, len(rest))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        columns: Mapping[int, str],
        foundations: str = "",
        talon: str = "",
        pack: str | None = None,
        **options: Any,
    ) -> NapoleonAtStHelena:
        """A position made of the piles that matter, for examples and tests.

        ``columns`` maps a column's number to its cards, uppermost row first (so the available
        card is the last); ``foundations`` names the top card of each foundation begun
        (``"3♥ A♠"``: the hearts up to the three, the ace of spades); ``talon`` lists the talon,
        the first laid aside first.  Every other card goes to the pack, in new-pack order, under
        any cards given for it in ``pack`` (the next card to turn last).

        >>> game = NapoleonAtStHelena.arrange({1: "K♣ 5♥", 4: "6♥"}, foundations="4♥", talon="9♠")
        >>> print(game.piles["foundation 1"], "|", game.piles["talon"], "|", len(game.piles["pack"]))
        A♥ 2♥ 3♥ 4♥ | 9♠ | 96
        >>> print(game.play("5♥ → 6♥"), "|", game.play("5♥ → foundation"))
        5♥ → 6♥ | 5♥ → foundation
        """
        piles = {f"column {number}": text for number, text in columns.items()}
        for i, top in enumerate(foundations.split(), start=1):
            card = Card.parse(top)
            piles[f"foundation {i}"] = " ".join(map(str, suit_run(Card(Rank.ACE, card.suit), card)))
        piles["talon"] = talon
        if pack is not None:
            piles["pack"] = " ".join(f"[{card}]" for card in pack.split())
        return super().arrange(piles, rest="pack", **options)

    @classmethod
    def from_rows(cls, rows: str, pack_seed: int = 0, **options: Any) -> NapoleonAtStHelena:
        """The position of a tableau just dealt, written as on a plate: four rows of ten cards,
        uppermost row first.  The other 64 cards of the two packs are the pack, shuffled by
        ``pack_seed`` (the seed of the position)."""
        grid = [parse_cards(line) for line in rows.strip().splitlines()]
        if len(grid) != ROWS or any(len(row) != COLUMNS for row in grid):
            raise InvalidPosition(f"a tableau is {ROWS} rows of {COLUMNS} cards")
        rest = whist_pack(2)
        for card in (c for row in grid for c in row):
            if card not in rest:
                raise InvalidPosition(f"too many {card} for two packs")
            rest.remove(card)
        game = cls(**options)
        game.seed = pack_seed
        game.lay_out([c for row in grid for c in row] + shuffled(rest, pack_seed))
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ moves
    def available(self) -> list[str]:
        """The piles whose top card is available: each column not empty, and the talon."""
        return [n for n in self.piles_of("column") + ["talon"] if self.piles[n].cards]

    def lanes(self) -> list[str]:
        """The empty columns: the lanes."""
        return [n for n in self.piles_of("column") if self.piles[n].is_empty]

    def moves(self) -> Iterable[Move]:
        """Turning the next card of the pack, then each available card to a foundation, onto the
        lowest card of each other column, and to each lane.

        The first lane is written ``lane`` (``9♠ → lane``), the others by name
        (``9♠ → column 7``); "redeal" is offered only to be refused.
        """
        return self._candidates(quick=False)

    def generate_legal_moves(self) -> list[Move]:
        """The moves of :meth:`moves` that the rules allow, in the same order, made directly:
        a card goes only to the foundation that takes it, onto the card one higher of its suit,
        and to the lanes when it may fill them (no candidate is checked by :meth:`violation`).

        >>> game = NapoleonAtStHelena.from_plate()
        >>> game.legal_moves() == [m for m in game.moves() if game.violation(m) is None]
        True
        """
        takes = self._takers()
        sources, spouses, to_lanes = self._tableau()
        talon = self.piles["talon"].cards
        if talon:
            sources.append(("talon", talon[-1], True))
        moves = self._card_moves(sources, takes, spouses, to_lanes)
        playable = any(card in takes for _, card, _ in sources)
        # Talon: the pack is turned when no available card can be played (as deal_when says).
        pack = self.piles["pack"].cards
        if pack and not (playable and self._deal_waits(len(pack))):
            moves.insert(0, DEAL)
        return moves

    def _tableau(self) -> tuple[list[tuple[str, Card, bool]], dict[int, list[tuple[str, Card]]], list[tuple[str, str]]]:
        """The columns as the moves see them: the lowest card of each (Rule I), with whether it may
        go to a lane; the columns whose lowest card takes a card in marriage, by the code of the
        card it takes (one lower in its suit); and the lanes, each with how its moves are written."""
        piles = self.piles
        sources: list[tuple[str, Card, bool]] = []
        spouses: dict[int, list[tuple[str, Card]]] = {}
        lanes: list[str] = []
        from_columns = self.options.lane_from != "talon"  # the Note: from the talon only
        for name in COLUMN_NAMES:
            cards = piles[name].cards
            if cards:
                under = cards[-1]
                # Lane: a card already alone in the uppermost row does not move to a lane.
                sources.append((name, under, from_columns and len(cards) > 1))
                if under.value > 1:
                    spouses.setdefault(under - 1, []).append((name, under))
            else:
                lanes.append(name)
        return sources, spouses, [(lane, " → lane" if i == 0 else f" → {lane}") for i, lane in enumerate(lanes)]

    @staticmethod
    def _card_moves(sources: Iterable[tuple[str, Card, bool]], takes: Mapping[int, str],
                    spouses: Mapping[int, list[tuple[str, Card]]], to_lanes: Sequence[tuple[str, str]]) -> list[Move]:
        """The moves of each card of ``sources``, available on its pile (with whether it may go to a
        lane): to the foundation that takes it (``takes``), onto the card one higher of its suit
        (``spouses``), and to the lanes (``to_lanes``) if it may."""
        moves: list[Move] = []
        for source, card, may_fill_lane in sources:
            text = card.text
            taker = takes.get(card)
            if taker is not None:
                moves.append(Move("move", (card,), source, taker, text + " → foundation"))
            for target, under in spouses.get(card, ()):
                if target != source:
                    moves.append(Move("move", (card,), source, target, f"{text} → {under.text}"))
            if may_fill_lane:
                for lane, written in to_lanes:
                    moves.append(Move("move", (card,), source, lane, text + written))
        return moves

    def _takers(self) -> dict[int, str]:
        """The foundation each card that can go up now goes to, by its code (Rule II: the next
        card of the suit; an ace to the first empty foundation)."""
        return self.going_up(FOUNDATION_NAMES, ACES)

    def _deal_waits(self, size: int) -> bool:
        """Whether the next card of a pack of ``size`` cards may be turned only when no available
        card can be played to a foundation (always, or for the first card only, as the option says)."""
        when = self.options.deal_when
        return when == "blocked" or (when == "first" and size == REMAINDER)

    # ------------------------------------------------------------ for solvers
    INTERCHANGEABLE = ("column", "foundation")

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, quick to make and to compare: the columns in a fixed order
        (the rules treat them alike), each foundation by its top card (it holds its suit from the
        ace up to that card), the talon, and the pack by its length (it only ever gives up its
        top card, so within one game its length tells what it holds).

        >>> game = NapoleonAtStHelena.from_plate()
        >>> twin = NapoleonAtStHelena.from_position(str(game).replace("column 1:", "column 0:")
        ...     .replace("column 2:", "column 1:").replace("column 0:", "column 2:"))
        >>> twin.solver_key() == game.solver_key(), twin.state_key() == game.state_key()
        (True, False)
        """
        piles = self.piles
        columns = sorted([piles[name].cards for name in COLUMN_NAMES])
        return (tuple(columns), foundation_tops(piles, FOUNDATION_NAMES), piles["talon"].cards,
                len(piles["pack"].cards))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the talon (bottom first), the columns in their order (each from its
        uppermost card down to its available one), each foundation as (its suit, 0 to 3, and its
        cards), the table of builds of a marriage (:meth:`Build.table_bytes`), whether only the
        talon's card fills a lane (``lane_from=talon``), and when the pack is dealt (``deal_when``:
        0 blocked, 1 first, 2 any).

        >>> pack, talon, columns, foundations, marriages, from_talon, deal_when = \\
        ...     NapoleonAtStHelena.deal(seed=1, deal_when="first").description()
        >>> len(pack), talon, [len(column) for column in columns][:3], foundations[:2], from_talon, deal_when
        (64, b'', [4, 4, 4], ((-1, 0), (-1, 0)), False, 1)
        """
        piles = self.piles
        return (bytes(piles["pack"].cards), bytes(piles["talon"].cards),
                tuple(bytes(piles[name].cards) for name in COLUMN_NAMES), self.suit_foundations(FOUNDATION_NAMES),
                MARRIAGE.table_bytes(), self.options.lane_from == "talon", DEAL_WHEN.index(self.options.deal_when))

    def useful_moves(self) -> list[Move]:
        """The legal moves less a card's moves to a second or further lane: the rules treat the
        columns alike wherever they lie ("the card so placed has all the privileges of the
        original card whose place it fills"), so every lane a card can fill gives one position."""
        moves = self.legal_moves()
        piles = self.piles
        later_lanes = [name for name in COLUMN_NAMES if not piles[name].cards][1:]
        if not later_lanes:
            return moves
        return [m for m in moves if m[3] not in later_lanes]

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when both cards that could be married on it (the card
        one lower of its suit, in either pack) have gone up already.

        Such a card is never covered again (nothing can be married on it, and while it lies on
        the talon it can be played up, so the pack waits: no card is dealt on it, with
        ``deal_when=first`` as long as the pack waits), and it stays playable (one foundation of
        its suit stands just below it until it goes up).  So a winning line can play it up at
        once and then make every other move it made: the only difference is the card gone,
        which no move needed.
        """
        return self.safe_going_up(moves, FOUNDATION_NAMES)


    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move between the columns (or to a foundation) could have been made before the card
        just dealt: it neither takes nor needs the talon or the pack.  Where the pack waits for
        the cards that can be played, it could have been made before only if it leaves the pack
        free to be dealt: it uncovers no card that a foundation takes."""
        if move.kind != "move" or move.source in ("talon", "pack") or move.target in ("talon", "pack"):
            return False
        return self._before_deal(move, self._deal_waits(len(self.piles["pack"]) + 1))

    def _before_deal(self, move: Move, waited: bool) -> bool:
        """Whether ``move``, between the columns or to a foundation, could have been made before a
        deal that ``waited`` for the cards that can be played (see :meth:`independent`)."""
        if not waited:
            return True
        if move.target is not None and move.target.startswith("foundation"):
            return False
        source = move.source
        assert source is not None
        pile = self.piles[source]
        return len(pile) < 2 or pile.cards[-2] not in self._takers()

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out without dealing: a deal changes only the pack and the talon, and no card can go
        back to the pack, so after each deal the moves are the columns' (as they were) and those of the
        card dealt (:meth:`_card_moves`, to the first lane only, as :meth:`useful_moves` has it).  The
        uses are the card's moves, after the columns' moves that a deal which waited for the cards
        that can be played could not have come before (:meth:`_before_deal`); the next card is dealt
        while the pack holds one and the deal need not wait (the columns' cards stay as they were).
        The talon only grows, so no run comes back to a position.

        >>> game = NapoleonAtStHelena.deal(seed=8)
        >>> [" ".join(map(str, run)) for run in game.pack_runs(DEAL)]
        ['deal 7♥ → 8♥', 'deal deal A♥ → foundation']
        """
        piles = self.piles
        pack, talon = piles["pack"].cards, piles["talon"].cards
        if first != DEAL or not pack:
            return super().pack_runs(first)
        takes = self._takers()
        sources, spouses, to_lanes = self._tableau()
        waits_for_columns = any(card in takes for _, card, _ in sources)
        waited_uses: list[Move] | None = None  # the columns' moves that are uses after a deal that waited
        down = piles["talon"].face_down
        runs: list[tuple[Move, ...]] = []
        run: tuple[Move, ...] = ()
        left = len(pack)
        while True:
            left -= 1
            card = pack[left]
            run += (first,)
            uses = self._card_moves((("talon", card, True),), takes, spouses, to_lanes[:1])
            if self._deal_waits(left + 1):
                if waited_uses is None:
                    waited_uses = [m for m in self._card_moves(sources, takes, spouses, to_lanes[:1])
                                   if not self._before_deal(m, True)]
                uses = waited_uses + uses
            shown = talon + pack[left:][::-1]
            runs += runs_using(self, run, uses, lambda: {**piles, "talon": Pile(shown, down)})
            if not left or len(run) == PACK_RUN or (
                    self._deal_waits(left) and (waits_for_columns or card in takes)):
                return runs

    def _candidates(self, quick: bool) -> Iterator[Move]:
        yield Move("deal", (), "pack", "talon", "deal")
        yield Move("redeal", (), "talon", "pack", "redeal")
        lanes = self.lanes()
        for source in self.available():
            card = self.piles[source].top
            assert card is not None
            yield from self.foundation_moves(source, card, quick=quick)
            for target in self.piles_of("column"):
                under = self.piles[target].top
                if under is not None and target != source:
                    yield Move("move", (card,), source, target, f"{card} → {under}")
            for i, lane in enumerate(lanes):
                yield Move("move", (card,), source, lane, f"{card} → {'lane' if i == 0 else lane}")

    def aliases(self, move: Move) -> set[str]:
        """The notation, and the target named as a pile (``8♣ → column 3``) or a kind of pile
        (``A♥ → foundation``); a lane may also be called a ``space`` or a ``vacancy``, and dealing
        a card ``turn``.

        The engine's notations are already in the normal form that :meth:`Game.parse_move`
        compares, so they are used as they are (reading each again would only cost time).
        """
        names = {str(move)}
        if move.kind == "move" and move.cards and move.target:
            names |= {f"{move.cards[0]} → {move.target}", f"{move.cards[0]} → {pile_kind(move.target)}"}
        if move.kind == "deal":
            names.add("turn")
        elif move.kind == "move" and move.target in self.piles and self.piles[move.target].is_empty \
                and move.target.startswith("column") and move.cards:
            names |= {f"{move.cards[0]} → space", f"{move.cards[0]} → vacancy"}
        return names

    # ---------------------------------------------------------------- the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return self._deal_violation()
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles \
                or move.source == move.target or not move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        if move.source == "pack":
            return self.illegal("Talon", "the cards of the pack are turned one by one, by dealing", card)
        if move.source.startswith("foundation"):
            return self.illegal(*self.STAYS["foundation"], card)
        if len(move.cards) != 1 or self.piles[move.source].top != card:
            if move.source == "talon":
                return self.illegal("Talon", "only the top card of the talon is available", card)
            return self.illegal(*self.AVAILABILITY, card)
        if move.target.startswith("foundation"):
            return self._foundation_violation(move.target, card)
        if not move.target.startswith("column"):
            return self.illegal("Talon", "only the cards turned from the pack are laid aside on the talon", card)
        if self.piles[move.target].is_empty:
            return self._lane_violation(move.source, card)
        return self._marriage_violation(move.target, card)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule II, and the paragraph on the foundations."""
        top = self.piles[name].top
        return self.explain(self.foundation_fault(name, card), FOUNDATION_REASONS, card, *([top] if top else []))

    def _marriage_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Marriages: in the same suit, one lower, on the lowest card of a column (Rule I)."""
        under = self.piles[name].top
        assert under is not None
        return self.explain(MARRIAGE.fault(under, card), marriage_reasons(MARRIAGE), card, under)

    def _lane_violation(self, source: str, card: Card) -> IllegalMove | None:
        """A lane takes any available card, from the tableau or the talon (or, with
        ``lane_from=talon``, from the talon only)."""
        if self.options.lane_from == "talon" and source != "talon":
            return self.illegal("Note", "the vacancy may be filled from the talon only", card)
        if source.startswith("column") and len(self.piles[source]) == 1:
            return self.illegal("Lane", "the card already lies alone in the uppermost row", card)
        return None

    def _deal_violation(self) -> IllegalMove | None:
        """The remainder of the pack: turned only when no available card can be played, and once."""
        if self.piles["pack"].is_empty:
            return IllegalMove("Re-deal", "there is no re-deal", "the pack is dealt out")
        when = self.options.deal_when
        if when == "blocked" or (when == "first" and len(self.piles["pack"]) == REMAINDER):
            card = self.playable()
            if card is not None:
                return IllegalMove(
                    "Talon",
                    "the pack is dealt only when no available card can be played",
                    f"{card} can be played",
                )
        return None

    def playable(self) -> Card | None:
        """The first available card that can be played to a foundation now (None: none can)."""
        foundations = self.piles_of("foundation")
        for source in self.available():
            card = self.piles[source].top
            assert card is not None
            if any(self.foundation_fault(f, card) is None for f in foundations):
                return card
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        # One card moves each time: the next of the pack to the talon, or an available card.
        piles = self.piles
        if move[0] == "deal":
            source, target = "pack", "talon"
        else:
            source, target = move[2], move[3]
        src, dst = piles[source], piles[target]
        rest, down = src.cards[:-1], src.face_down
        piles[source] = Pile(rest, down if down <= len(rest) else len(rest))
        piles[target] = Pile(dst.cards + src.cards[-1:], dst.face_down)

    @property
    def is_won(self) -> bool:
        piles = self.piles
        return all(len(piles[name].cards) == 13 for name in FOUNDATION_NAMES)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  Forty cards are dealt to the tableau, so the pack holds 64 at
          most (face down, as the loader sees), and the talon holds no more cards than have been
          turned from the pack: none while the pack is whole.
        - *Which places may be empty.*  Any column (a lane, filled or not as the player chooses),
          any foundation not yet begun, the talon and the pack; the talon while the pack is whole.
        - *What may lie where.*  A column only loses its lowest card and only gains a card that
          marries it, or, once empty, any card in its lane; so above its four cards dealt (or its
          one lane card) each card marries the card beneath it, one lower in suit.  Each
          foundation begins with its ace and follows suit in sequence.

        >>> NapoleonAtStHelena.deal(seed=4).inconsistencies()
        []
        >>> late = NapoleonAtStHelena.arrange({1: "K♣ Q♣ J♣ 10♣ 9♥"}, foundations="K♠ K♥ K♦ 8♣")
        >>> for fault in late.inconsistencies():
        ...     print(fault)
        a card above the deal is no marriage: column 1 holds 9♥ on 10♣, above the 4 cards dealt to it
        """
        faults = []
        piles = self.piles
        pack, talon = len(piles["pack"].cards), len(piles["talon"].cards)
        if pack > REMAINDER:
            faults.append(f"the pack holds more than the cards left by the deal: {pack}, of {REMAINDER}")
        elif talon > REMAINDER - pack:
            faults.append(f"the talon holds more cards than were turned: {talon}, of {REMAINDER - pack}")
        for name in COLUMN_NAMES:
            cards = piles[name].cards
            for i in range(ROWS, len(cards)):
                if MARRIAGE.fault(cards[i - 1], cards[i]) is not None:
                    faults.append(f"a card above the deal is no marriage: {name} holds {cards[i]} on "
                                  f"{cards[i - 1]}, above the {ROWS} cards dealt to it")
                    break
        return faults + self.foundation_inconsistencies()

    # ---------------------------------------------------------------- picture
    def layout(self) -> list[Spot]:
        """Plate 002's arrangement: the ten columns (an empty one marked as a lane), and below them
        the eight foundation spaces (an empty one marked A), then the talon and the pack, which the
        plate does not show."""
        longest = max([ROWS] + [len(self.piles[c]) for c in self.piles_of("column")])
        below = round((70 + 20 * (longest - 1)) / 80 + 0.3, 2)
        spots = [
            Spot(c, 1.1 * i, 0, fan="down", label="lane" if self.piles[c].is_empty else "")
            for i, c in enumerate(self.piles_of("column"))
        ]
        spots += [
            Spot(f, 1.1 * i, below, label="" if self.piles[f].cards else "A")
            for i, f in enumerate(self.piles_of("foundation"))
        ]
        spots.append(Spot("talon", 1.1 * 8 + 0.2, below, label="talon"))
        spots.append(Spot("pack", 1.1 * 9 + 0.2, below, label="pack"))
        return spots


NapoleonAtStHelena.PLATE = str(NapoleonAtStHelena.from_rows(PLATE_ROWS, PLATE_PACK_SEED))
