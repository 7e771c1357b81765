"""The Blockade: two packs dealt in rows of twelve, each row blocking the one before.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Blockade", plate 008.  Twelve cards are dealt in a row; aces may be played
as they appear, but nothing else until the row is complete.  The eight aces
ascend in suit to kings.  Only the cards with no others below them are available
(Rule I); the player plays them, marries them in a descending line (a card on the
next higher of its suit, laid exactly over it), and refills the vacancies from
the pack, those in the higher rows first.  When nothing more can be played or
married, another row of twelve is dealt underneath.  There is no re-deal.

Dealing is a move: each ``deal`` lays one card of the row being dealt, so the
aces can be played as they appear; ``refill`` fills every vacancy from the pack.

>>> from patience import load
>>> game = load("the-blockade", seed=4)
>>> len(game.piles["pack"]), game.counters
(104, {'rows': 0, 'dealing': 0})
>>> print(game.play("deal"), game.row(1)[:2])
deal ['A♠', '--']
>>> print(game.play("A♠ → foundation"), "|", game.play("deal"), game.row(1)[:2])
A♠ → foundation | deal ['Q♦', '--']
>>> print(TheBlockade.from_plate().piles["row 1 place 1"])
5♥
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Iterable, Sequence

from ..build import ACES_UP, Build, Foundation, marriage_reasons, suit_run
from ..cards import Card, Rank, Suit
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidMove
from ..game import Game, Move, Pile, Spot, move_onto, read_rows
from ..options import Option
from . import register

__all__ = ["TheBlockade"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Blockade”"

#: "Marry in descending line": a card on the next higher card of its suit.
MARRIAGE = Build("down", "same")

#: Cards in a row: "Deal out twelve cards in a horizontal line."
PLACES = 12
#: Rows there can ever be: 104 cards fill eight rows of twelve and eight places of a ninth.
ROWS = 9
#: How far below the row before it a row is drawn, in card heights (the rows overlap,
#: as each row "blocks the preceding one"; the corner of every card still shows).
ROW_STEP = 0.32

#: Every place of the tableau by its row and column, and the places of each column from the first
#: row down (built once: the moves look them up for every position a search visits).
_PLACE = {(r, c): f"row {r} place {c}" for r in range(1, ROWS + 1) for c in range(1, PLACES + 1)}
_COLUMN = {c: tuple(_PLACE[r, c] for r in range(1, ROWS + 1)) for c in range(1, PLACES + 1)}
#: The places of each row; of the first ``r`` rows, and of the rows after the first ``r`` (higher
#: rows first, left to right).
_ROW = {r: frozenset(_PLACE[r, c] for c in range(1, PLACES + 1) if r) for r in range(ROWS + 1)}
_ROWS_TO = {r: tuple(_PLACE[i, c] for i in range(1, r + 1) for c in range(1, PLACES + 1)) for r in range(ROWS + 1)}
_ROWS_AFTER = {r: _ROWS_TO[ROWS][len(_ROWS_TO[r]):] for r in range(ROWS + 1)}
#: The places of each column from row ``r`` up: in a tableau of ``r`` rows, the first that holds a
#: card is available (Rule I).
_UPWARD = {r: tuple(column[r - 1 :: -1] if r else () for column in _COLUMN.values()) for r in range(ROWS + 1)}
_FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
#: Every pile, in the order of :meth:`TheBlockade.pile_names` (made once: a search in C asks for them at
#: each search again).
_PILE_NAMES = (*_FOUNDATIONS, *_ROWS_TO[ROWS], "pack")
_ACES = tuple(Card(Rank.ACE, suit) for suit in Suit)
#: Whether a card follows another on a foundation: ``_ASCENDS[top][card]``.
_ASCENDS = ACES_UP.build.table()
_CARDS_OF = attrgetter("cards")


#: The moves that are not a card's: the two that take cards from the pack, and the re-deal
#: the game does not have (offered so that it is refused by its rule).
DEAL = Move("deal", notation="deal")
REFILL = Move("deal", notation="refill")
REDEAL = Move("redeal", notation="redeal")


@register
class TheBlockade(Game):
    """The Blockade: two packs, rows of twelve dealt one under another, eight aces ascending."""

    slug = "the-blockade"
    name = "The Blockade"
    SEARCH_IN_C = search_in_c("games._the_blockade_search")
    NODES_IN_C = 1_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order: a
    #: search that takes a wrong turn early (a card married or played, or a vacancy refilled, in the wrong
    #: order in the first rows) spends its budget below it, in the last rows, where another order wins
    #: within a thousand positions (a won game is some 250 moves).  Of the first 50 deals (all left unknown by 10,000 positions), a first
    #: search of 10,000 then 2,000 of 1,000 won 13 (in 0.7 seconds of a core a deal); 500 of 1,000 won 6,
    #: 1,000 of 500 won 4, 250 of 2,000 won 2, 100 of 10,000 won 3, and one search of 1,000,000 won 1.
    RESTARTS = ((2_000, 1_000),)
    chapter = "the-blockade"
    order = 8
    source = SOURCE
    plate = "008"
    packs = 2
    #: The two numbered rules, then the paragraphs of PLAY under the short names the engine cites.
    RULES = {
        "I": "All cards in the first row are available, but as each row is placed it blocks the "
        "preceding one. The removal of any card in the lower rows releases the one immediately above "
        "it, the principle being that all cards are available that have no others below them.",
        "II": "The foundations must follow suit.",
        "Deal": "Deal out twelve cards in a horizontal line. Aces may be played as they appear, but no "
        "other card can be played until the row is complete.",
        "Foundations": "The eight aces are the foundation cards, and are to ascend in sequence to kings.",
        "Marriages": "When the first line is placed, play any suitable cards, and then marry in "
        "descending line, but be careful to place the cards exactly over each other, to avoid confusion.",
        "Vacancies": "The vacancies thus caused must be immediately refilled from the pack, then again "
        "play and marry. … In the course of the game vacancies will often be made in the higher rows. "
        "These must always be refilled first.",
        "Rows": "When neither can be done, deal out another row underneath the first, and, when it is "
        "complete, play, marry, and refill spaces as before. You continue to deal out successive rows "
        "until the pack is exhausted, always pausing between each row to play, marry, and refill spaces.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("I", "only the cards with no others below them are available")
    #: ``rows``: the rows begun so far; ``dealing``: 1 while the last of them is being dealt.
    COUNTERS = ("rows", "dealing")
    #: The eight foundations are alike: the rules name none of them, and a card is played to any
    #: that takes it.
    INTERCHANGEABLE = ("foundation",)
    OPTIONS = (
        Option(
            "deal_when",
            "stuck",
            "when another row may be dealt: when 'stuck' (no card can be played or married: the book's "
            "“when neither can be done”) or at 'any' time the vacancies are filled",
            choices=("stuck", "any"),
        ),
        Option(
            "refill",
            "deferred",
            "when vacancies are refilled: 'deferred' (the player goes on playing and marrying the cards "
            "a vacancy releases, and refills when he chooses, so that vacancies are made in the higher "
            "rows) or 'at-once' (every vacancy is refilled before another card is played or married)",
            choices=("deferred", "at-once"),
        ),
    )

    #: Plate 008, read card by card and re-read at eight times magnification, pip by pip, with no
    #: card changed (the evidence is in the chapter): the first row complete, no
    #: ace in it, the eight foundation spaces empty.  The plate does not show the pack; its order
    #: here is the editor's (the other 92 cards shuffled with seed 8), the next card to deal last.
    PLATE = """\
the-blockade seed=0 rows=1 dealing=0
row 1 place 1: 5♥
row 1 place 2: K♣
row 1 place 3: 3♠
row 1 place 4: 7♦
row 1 place 5: J♥
row 1 place 6: 10♣
row 1 place 7: 6♦
row 1 place 8: 9♣
row 1 place 9: 7♥
row 1 place 10: 2♠
row 1 place 11: Q♣
row 1 place 12: 3♦
pack: [8♦] [10♦] [3♠] [2♦] [Q♦] [9♥] [2♦] [3♥] [K♦] [J♣] [5♣] [2♥] [K♥] [8♣] [4♣] [A♥] [10♣] [10♠] [9♥] [2♣] \
[7♣] [A♣] [5♦] [K♠] [10♥] [3♥] [7♠] [Q♠] [J♥] [6♥] [2♠] [4♥] [6♠] [6♠] [6♦] [10♥] [9♠] [3♣] [Q♦] [4♦] \
[A♠] [J♦] [3♣] [9♣] [8♥] [J♠] [A♦] [5♠] [7♠] [5♠] [6♣] [8♠] [A♦] [7♣] [K♥] [9♠] [5♦] [Q♥] [10♠] [10♦] \
[J♣] [4♠] [9♦] [Q♠] [3♦] [K♣] [4♠] [A♥] [4♥] [2♥] [K♦] [8♥] [Q♣] [8♣] [4♦] [5♣] [7♥] [J♦] [9♦] [8♠] \
[A♣] [J♠] [4♣] [7♦] [A♠] [8♦] [5♥] [6♥] [Q♥] [2♣] [6♣] [K♠]
"""

    # ------------------------------------------------------------------ the piles
    @staticmethod
    def place(row: int, column: int) -> str:
        """The name of a place in the tableau: ``place(2, 5)`` is ``'row 2 place 5'``."""
        return _PLACE.get((row, column)) or f"row {row} place {column}"

    def pile_names(self) -> list[str]:
        return list(_PILE_NAMES)

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP

    def lay_out(self, cards: list[Card]) -> None:
        """The whole of both packs goes into the pack, face down, the first card to deal on top;
        the rows are dealt by ``deal`` moves."""
        self.piles["pack"] = Pile(tuple(reversed(cards)), len(cards))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        rows: Sequence[str],
        pack: str = "",
        foundations: str = "",
        *,
        dealing: bool = False,
        **options: Any,
    ) -> TheBlockade:
        """A position made of the rows that matter, for examples and tests.

        ``rows`` gives each row's twelve places (fewer for a row being dealt): a card, ``--`` for an
        empty place, or a marriage written bottom first with ``+`` (``7♥+6♥``).  ``foundations``
        names the top card of each foundation begun (``"3♠ A♥"``: the spades up to the three, the
        ace of hearts).  ``pack`` lists the next cards to deal, first first; every card not placed
        lies in the pack under them.  With ``dealing`` the last row is still being dealt.

        >>> game = TheBlockade.arrange(["5♥ K♣ 3♠", "7♥+6♥ -- A♦"], pack="2♠ Q♦", foundations="4♥",
        ...                            dealing=True)
        >>> print(game.piles["row 2 place 1"], "|", game.piles["foundation 1"], "|", game.piles["pack"].top)
        7♥ 6♥ | A♥ 2♥ 3♥ 4♥ | 2♠
        >>> game.counters, len(game.piles["pack"])
        ({'rows': 2, 'dealing': 1}, 94)
        """
        piles = read_rows(rows, PLACES, cls.place)
        for i, top in enumerate(foundations.split(), start=1):
            card = Card.parse(top)
            piles[f"foundation {i}"] = " ".join(map(str, suit_run(Card(Rank.ACE, card.suit), card)))
        piles["pack"] = pack
        game = super().arrange(piles, rest="pack", to_deal=True, **options)
        game.counters["rows"] = len(rows)
        game.counters["dealing"] = int(dealing)
        return game

    # ------------------------------------------------------------------ Rule I
    def column(self, c: int) -> list[str]:
        """The places of column ``c``, from the first row down."""
        return list(_COLUMN[c])

    def available_place(self, c: int) -> str | None:
        """Rule I: the place of column ``c`` whose card has no others below it (None: none)."""
        piles = self.piles
        for name in reversed(_COLUMN[c]):
            if piles[name].cards:
                return name
        return None

    def available(self) -> dict[str, Card]:
        """Every available place with the card uppermost in it (a married card lies over its mate)."""
        found = {}
        for c in range(1, PLACES + 1):
            name = self.available_place(c)
            if name is not None:
                top = self.piles[name].top
                assert top is not None
                found[name] = top
        return found

    def row(self, r: int) -> list[str]:
        """The uppermost cards of row ``r``, ``--`` for an empty place (for examples)."""
        return [str(self.piles[self.place(r, c)].top or "--") for c in range(1, PLACES + 1)]

    @staticmethod
    def row_of(name: str) -> int:
        """The row a place belongs to: ``row_of('row 2 place 5')`` is 2."""
        return int(name.split()[1])

    # ------------------------------------------------------------------ vacancies
    def vacancies(self) -> list[str]:
        """The empty places of the rows dealt, higher rows first and left to right in a row
        (the places of a row still being dealt are not vacancies)."""
        last = self.counters["rows"] - self.counters["dealing"]
        piles = self.piles
        return [
            _PLACE[r, c]
            for r in range(1, last + 1)
            for c in range(1, PLACES + 1)
            if not piles[_PLACE[r, c]].cards
        ]

    @property
    def is_dealing(self) -> bool:
        """Whether a row is being dealt (and the pack still holds cards)."""
        return bool(self.counters["dealing"]) and bool(self.piles["pack"].cards)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        tops = self.available()
        vacancies = self.vacancies()
        for source, card in tops.items():
            yield Move("move", (card,), source, self.foundation_for(card), f"{card} → foundation")
            for target, under in tops.items():
                if target != source:
                    yield Move("move", (card,), source, target, f"{card} → {under}")
            if vacancies:
                yield Move("move", (card,), source, vacancies[0], f"{card} → space")
        yield DEAL
        yield REFILL
        yield REDEAL

    def generate_legal_moves(self) -> list[Move]:
        """The moves the rules allow: the same moves, in the same order, as :meth:`moves` filtered
        by :meth:`violation`, found without trying the forbidden ones (a card into a vacancy, a
        marriage out of suit or sequence, anything but an ace of the row while it is dealt).

        >>> game = TheBlockade.arrange(["5♥ K♣ 4♥ A♠ 9♦ 8♣ 6♠ 3♥ 2♣ Q♠ K♦ J♣"], pack="2♠")
        >>> [str(m) for m in game.legal_moves()]
        ['4♥ → 5♥', 'A♠ → foundation', '3♥ → 4♥']
        """
        piles, counters = self.piles, self.counters
        pack = bool(piles["pack"].cards)
        dealing = bool(counters["dealing"]) and pack
        # Rule I: the available places (a card with no others below it), column by column.
        tops: list[tuple[str, Card]] = []
        for column in _UPWARD[self._depth()]:
            for name in column:
                cards = piles[name].cards
                if cards:
                    tops.append((name, cards[-1]))
                    break
        # A vacancy: an empty place in the rows dealt (not in a row still being dealt).
        dealt = max(counters["rows"] - counters["dealing"], 0)
        vacancies = not all(map(_CARDS_OF, map(piles.__getitem__, _ROWS_TO[dealt])))
        takes = self._takers()
        legal: list[Move] = []
        movable = False  # a card that can be played, or married from a place it holds alone
        if dealing:
            # The deal: only the aces of the row being dealt are played, as they appear.
            row = _ROW[counters["rows"]]
            for source, card in tops:
                if card.value == 1 and source in row and card in takes:
                    legal.append(move_onto((card,), source, takes[card], "foundation"))
        elif not (vacancies and pack and self.options.refill == "at-once"):
            # Marriages: a card on the next higher card of its suit (its code plus one).
            mates: dict[int, list[tuple[str, Card]]] = {}
            for other, under in tops:
                mates.setdefault(under, []).append((other, under))
            for source, card in tops:
                target = takes.get(card)
                if target is not None:
                    legal.append(move_onto((card,), source, target, "foundation"))
                    movable = True
                if card.value != 13 and card + 1 in mates:
                    for other, under in mates[card + 1]:
                        legal.append(move_onto((card,), source, other, under.text))
                        movable = movable or len(piles[source].cards) == 1
        if pack and (dealing or not vacancies and not (movable and self.options.deal_when == "stuck")):
            legal.append(DEAL)
        if vacancies and pack and not dealing:
            legal.append(REFILL)
        return legal

    def _depth(self) -> int:
        """How many rows the tableau has: the rows dealt, or (in a position set out by hand) down
        to the last row that holds a card."""
        rows = self.counters["rows"]
        if any(map(_CARDS_OF, map(self.piles.__getitem__, _ROWS_AFTER[rows]))):
            return max(r for r in range(rows + 1, ROWS + 1) if any(self.piles[name].cards for name in _ROW[r]))
        return rows

    def _takers(self) -> dict[int, str]:
        """The foundation each card that can be played now goes to, by its code: the first
        foundation that takes it, as :meth:`foundation_for` chooses."""
        return self.worked_out("takers", _FOUNDATIONS, self._work_out_takers)

    def _work_out_takers(self, now: list[Pile]) -> dict[int, str]:
        """What :meth:`_takers` answers, worked out for the foundation piles ``now``."""
        takes: dict[int, str] = {}
        for name, pile in zip(_FOUNDATIONS, now):
            cards = pile.cards
            if not cards:
                for ace in _ACES:
                    takes.setdefault(ace, name)
            elif cards[-1].value != 13:
                takes.setdefault(cards[-1] + 1, name)
        return takes

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, quick to make and to compare: the cards of the rows as text,
        the foundations by their top cards (in order, or sorted where the foundations are
        :attr:`INTERCHANGEABLE`), and how many cards are left in the pack (the pack is only ever
        dealt from, so that says which cards it holds)."""
        piles = self.piles
        # The places of the rows after the last that holds a card are empty: they are left out.
        depth = self._depth()
        rows = tuple(map(_CARDS_OF, map(piles.__getitem__, _ROWS_TO[depth])))
        founded = [cards[-1] if (cards := piles[name].cards) else 0 for name in _FOUNDATIONS]
        if "foundation" in self.INTERCHANGEABLE:
            founded.sort()
        return (rows, tuple(founded), len(piles["pack"].cards), tuple(self.counters.values()))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the rows begun, 1 while the last is being dealt (else 0), the 108 places
        row by row (each bottom first: the card dealt there, then those married on it), each foundation
        as (its suit, 0 to 3, and its cards), and the options that change the play: whether
        ``deal_when=any`` and whether ``refill=at-once``.

        >>> game = TheBlockade.arrange(["7♥+6♥ 5♣"], pack="2♠", foundations="4♣", refill="at-once")
        >>> pack, rows, dealing, places, foundations, *options = game.description()
        >>> len(pack), pack[-1] == Card.parse("2♠"), rows, dealing, len(places)
        (97, True, 1, 0, 108)
        >>> [list(place) for place in places[:3]] == [[Card.parse("7♥"), Card.parse("6♥")], [Card.parse("5♣")], []]
        True
        >>> foundations[:2], options
        (((3, 4), (-1, 0)), [False, True])
        """
        piles, options = self.piles, self.options
        return (bytes(piles["pack"].cards), self.counters["rows"], self.counters["dealing"],
                tuple(bytes(piles[name].cards) for name in _ROWS_TO[ROWS]), self.suit_foundations(_FOUNDATIONS),
                options.deal_when == "any", options.refill == "at-once")

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when that can never spoil a win.

        The card must be one no other card can need: both cards that could be married on it
        (the next lower of its suit) have gone to the foundations already (:meth:`safe_to_found`).
        And its going must change neither where the cards of the pack go nor when a row may be
        dealt: either the pack is exhausted (no refill or deal is left), or the card lies on the
        card it was married to (so it leaves no vacancy for a refill to fill) and a row may be
        dealt at any time (``deal_when=any``: under the book's rule a row is dealt only when no card
        can be played, and a card founded sooner could let the next card of its suit be played
        where a winning line dealt).  Then whatever a winning line does, it can do with the card
        founded first: the card could never take a mate, its place stays filled, the card under it
        is only freed sooner, and its foundation is one card further on, which only lets more
        cards be played.

        >>> game = TheBlockade.arrange(["6♥+5♥ 5♣"], pack="2♠", foundations="4♥ 4♥ 4♣", deal_when="any")
        >>> [str(m) for m in game.legal_moves()], str(game.safe_move(game.legal_moves()))
        (['5♥ → foundation', '5♣ → foundation', 'refill'], '5♥ → foundation')
        """
        piles, packs = self.piles, self.packs
        pack = bool(piles["pack"].cards)
        any_time = self.options.deal_when == "any"
        out: list[tuple[Card, ...]] | None = None  # the foundations' cards, read when first needed
        for move in moves:
            kind, cards, source, target, _ = move
            if kind != "move" or target not in _FOUNDATIONS:
                continue
            if not pack or (any_time and len(piles[source].cards) > 1):
                if out is None:
                    out = [piles[name].cards for name in _FOUNDATIONS]
                # safe_to_found: every copy of the card that could be married on it (the next lower
                # of its suit) is out, and a foundation as ready waits for each copy of it in play.
                card = cards[0]
                if card.value > 1 and sum([f.count(card - 1) for f in out]) < packs:
                    continue
                twins = packs - 1 - sum([f.count(card) for f in out])
                if twins <= 0 or sum([_ASCENDS[f[-1]][card] if f else card.value == 1 for f in out]) > twins:
                    return move
        return None

    def parse_move(self, text: str) -> Move:
        """As :meth:`Game.parse_move`, and a move that names its target by a card that is not
        available (``"7♥ → 8♥"``) or by a pile (``"2♥ → foundation 1"``) is judged by the rules
        rather than not understood.  A foundation named that would take the card is one of the
        foundations the engine would choose (they are alike), and the engine's move is played."""
        try:
            return super().parse_move(text)
        except InvalidMove:
            move = self._named_move(text)
            if move is None:
                raise
            problem = self.violation(move)
            if problem is not None:
                raise problem from None
            usual = Move("move", move.cards, move.source, self.foundation_for(move.cards[0]),
                         f"{move.cards[0]} → foundation")
            assert move.target is not None
            if not move.target.startswith("foundation") or self.violation(usual) is not None:
                raise
            return usual

    def _named_move(self, text: str) -> Move | None:
        """The move of an available card that ``text`` names, onto a pile named or onto the place
        of a card named (available or not); None if ``text`` names none."""
        from ..game import normalise_notation

        card_text, arrow, target_text = normalise_notation(text).partition(" → ")
        if not arrow:
            return None
        try:
            card = Card.parse(card_text)
        except ValueError:
            return None
        source = next((p for p, top in self.available().items() if top == card), None)
        if source is None:
            return None
        if target_text in self.piles:
            target: str | None = target_text
        else:
            try:
                under = Card.parse(target_text)
            except ValueError:
                return None
            places = [self.place(r, c) for r in range(1, ROWS + 1) for c in range(1, PLACES + 1)]
            target = next((p for p in places if under in self.piles[p].cards), None)
        if target is None:
            return None
        return Move("move", (card,), source, target, f"{card} → {target_text}")

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if move == DEAL:
            return self._deal_violation()
        if move == REFILL:
            return self._refill_violation()
        if (
            move.kind != "move"
            or move.source not in self.piles
            or move.target not in self.piles
            or not move.target.startswith(("foundation", "row"))
        ):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if len(move.cards) != 1 or not move.source.startswith("row"):
            return self.illegal(*self.AVAILABILITY, *move.cards[:1])
        card = move.cards[0]
        c = int(move.source.split()[-1])
        if self.available_place(c) != move.source or self.piles[move.source].top != card:
            return self.illegal(*self.AVAILABILITY, card)
        if self.is_dealing:
            return self._during_the_deal(move)
        if self.options.refill == "at-once" and self.vacancies() and self.piles["pack"].cards:
            return IllegalMove("Vacancies", "the vacancies must be refilled at once", self.vacancies()[0])
        if move.target.startswith("foundation"):
            return self._foundation_violation(move.target, card)
        return self._marriage_violation(move.target, card)

    def _during_the_deal(self, move: Move) -> IllegalMove | None:
        """The paragraph on the deal: aces may be played as they appear, nothing else until the row
        is complete."""
        assert move.source is not None and move.target is not None
        card = move.cards[0]
        if (
            card.rank != Rank.ACE
            or not move.target.startswith("foundation")
            or self.row_of(move.source) != self.counters["rows"]
        ):
            return self.illegal("Deal", "no card but the aces of the row can be played until the row "
                                "is complete", card)
        return self._foundation_violation(move.target, card)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule II and the paragraph on the foundations."""
        return self.foundation_refusal(name, card, {
            "must follow suit": ("II", "the foundations must follow suit"),
            "start": ("Foundations", "the foundations are begun with the aces"),
            "*": ("Foundations", "the foundations ascend in sequence")})

    def _marriage_violation(self, name: str, card: Card) -> IllegalMove | None:
        """The paragraph on marriages: in a descending line, in suit, on an available card."""
        target = self.piles[name]
        if target.top is None:
            return self.illegal("Vacancies", "a vacancy is refilled only from the pack", card)
        c = int(name.split()[-1])
        if self.available_place(c) != name:
            return self.illegal("I", "a marriage is made only on an available card", card, target.top)
        return self.explain(MARRIAGE.fault(target.top, card), marriage_reasons(MARRIAGE), card, target.top)

    def _deal_violation(self) -> IllegalMove | None:
        """The paragraphs on the rows: a row is dealt when the vacancies are filled and nothing can
        be played or married, until the pack is exhausted; once begun, it is dealt to the end."""
        if not self.piles["pack"].cards:
            return IllegalMove("Rows", "the pack is exhausted")
        if self.is_dealing:
            return None
        vacancies = self.vacancies()
        if vacancies:
            return IllegalMove("Vacancies", "the vacancies are refilled before another row is dealt",
                               vacancies[0])
        if self.options.deal_when == "stuck":
            movable = self.movable()
            if movable is not None:
                card, where = movable
                return IllegalMove("Rows", "another row is dealt only when no card can be played or "
                                   "married", f"{card} can be {where}")
        return None

    def movable(self) -> tuple[Card, str] | None:
        """A card that can be played (first) or married now, with ``'played'`` or ``'married'``.

        A card already married is not counted: it could only change one mate for another card
        of the same rank and suit."""
        married = None
        for move in self.moves():
            if move.kind != "move" or self.violation(move) is not None:
                continue
            assert move.source is not None and move.target is not None
            if move.target.startswith("foundation"):
                return move.cards[0], "played"
            if married is None and len(self.piles[move.source]) == 1:
                married = move.cards[0], "married"
        return married

    def _refill_violation(self) -> IllegalMove | None:
        if not self.vacancies() or self.is_dealing:
            return IllegalMove("Vacancies", "there is no vacancy to refill")
        if not self.piles["pack"].cards:
            return IllegalMove("Vacancies", "the pack is exhausted")
        return None

    # ------------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        if move == DEAL:
            self._deal_one()
        elif move == REFILL:
            self._refill()
        else:
            assert move.source is not None and move.target is not None
            self._lay(move.source, move.target)

    def _lay(self, source: str, target: str) -> None:
        """Move the uppermost card of ``source`` onto ``target`` (the piles here lie face up, the
        pack face down: each keeps its own)."""
        piles = self.piles
        pile, onto = piles[source], piles[target]
        left = pile.cards[:-1]
        piles[source] = Pile(left, pile.face_down if pile.face_down <= len(left) else len(left))
        piles[target] = Pile(onto.cards + pile.cards[-1:], onto.face_down)

    def _deal_one(self) -> None:
        """Lay the next card of the pack in the row being dealt, in its first empty place (the
        place of an ace played as it appeared is dealt again); begin a new row if none is being
        dealt.  The row's deal ends when it is complete or the pack is exhausted."""
        counters, piles = self.counters, self.piles
        if not counters["dealing"]:
            assert counters["rows"] < ROWS, "every card has been dealt"
            counters["rows"] += 1
            counters["dealing"] = 1
        r = counters["rows"]
        places = [_PLACE[r, c] for c in range(1, PLACES + 1)]
        self._lay("pack", next(p for p in places if not piles[p].cards))
        if not piles["pack"].cards or all(piles[p].cards for p in places):
            counters["dealing"] = 0

    def _refill(self) -> None:
        """Fill the vacancies from the pack, the higher rows first, each row from left to right,
        until they are filled or the pack is exhausted."""
        piles = self.piles
        for name in self.vacancies():
            if not piles["pack"].cards:
                break
            self._lay("pack", name)

    @property
    def is_won(self) -> bool:
        return self.complete(_FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The cards dealt are the 104 less those still in the pack, all face
          down there.  Every row before the last was dealt whole, and while the pack holds cards the
          last was too unless it is still being dealt (a row being dealt leaves the pack with cards);
          no card lies below the rows dealt, and with no row dealt nothing has been dealt.
        - *Which places may be empty.*  No place of the rows is empty above a card of its column: a
          card leaves its place only when none lies below it (Rule I), a row is dealt only when the
          vacancies are filled, and a refill fills the higher rows first.  While a row is being
          dealt, the rows above it have no vacancy (only the row's aces may be played); with
          ``refill=at-once``, while the pack holds cards there is one vacancy at most.
        - *What may lie where.*  Each foundation begins with an ace and ascends in suit; each place
          holds a card dealt and the cards married on it in a descending line of its suit, face up.

        >>> TheBlockade.deal(seed=4).inconsistencies()
        []
        >>> for fault in TheBlockade.arrange(["5♥ K♣ 3♠"], pack="2♠").inconsistencies():
        ...     print(fault)
        row 1 is dealt whole while the pack holds cards, so 12 cards at least have been dealt, not 3
        """
        faults = []
        piles, rows, dealing = self.piles, self.counters["rows"], self.counters["dealing"]
        pack = len(piles["pack"].cards)
        dealt = 52 * self.packs - pack
        lowest = max((r for r in range(1, ROWS + 1) if any(piles[name].cards for name in _ROW[r])), default=0)
        if not 0 <= rows <= ROWS or lowest > rows:
            faults.append(f"{rows} rows are dealt, but a card lies in row {lowest}")
        elif dealing and not (rows and pack):
            faults.append("a row is being dealt, but the pack is exhausted or no row is begun")
        elif not rows and dealt:
            faults.append(f"no row is dealt, but {dealt} cards have been dealt")
        elif rows and dealt < PLACES * (rows - 1) + 1:
            faults.append(f"row {rows} is begun, so {PLACES * (rows - 1) + 1} cards at least have been "
                          f"dealt, not {dealt}")
        elif pack and not dealing and dealt < PLACES * rows:
            faults.append(f"row {rows} is dealt whole while the pack holds cards, so {PLACES * rows} "
                          f"cards at least have been dealt, not {dealt}")
        if piles["pack"].face_down != pack:
            faults.append("the pack lies face down")
        for c in range(1, PLACES + 1):
            column = _COLUMN[c][:max(rows, lowest)]
            below = [i for i, name in enumerate(column) if piles[name].cards]
            if below and any(not piles[name].cards for name in column[: below[-1]]):
                faults.append(f"a place of column {c} is empty above a card of the column")
        if dealing and rows > 1 and any(not piles[name].cards for name in _ROWS_TO[rows - 1]):
            faults.append(f"row {rows} is being dealt, but a row above it has a vacancy")
        if self.options.refill == "at-once" and pack and not dealing and len(self.vacancies()) > 1:
            faults.append(f"the vacancies are refilled at once, but {len(self.vacancies())} are open "
                          "while the pack holds cards")
        for name in _FOUNDATIONS:
            cards = piles[name].cards
            if cards and cards[0].rank != Rank.ACE:
                faults.append(f"{name} begins with {cards[0]}")
            elif any(not _ASCENDS[a][b] for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} is out of sequence")
        for r in range(1, ROWS + 1):
            for c in range(1, PLACES + 1):
                cards = piles[_PLACE[r, c]].cards
                if piles[_PLACE[r, c]].face_down or any(MARRIAGE.fault(a, b) for a, b in zip(cards, cards[1:])):
                    faults.append(f"{_PLACE[r, c]} is not a card with a descending line of its suit married on it")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 008's arrangement: the eight foundation spaces in a line across the top, the rows of
        twelve beneath, each overlapping the one before; the pack to the right of the first row.
        A marriage is squared, as the book asks ("exactly over each other")."""
        step = (PLACES - 1) / 7
        spots = [
            Spot(f, i * step, 0, label="" if self.piles[f].cards else "A")
            for i, f in enumerate(self.piles_of("foundation"))
        ]
        places = [
            Spot(self.place(r, c), c - 1, 1.3 + (r - 1) * ROW_STEP, draw_empty=r <= self.counters["rows"])
            for r in range(1, ROWS + 1)
            for c in range(1, PLACES + 1)
        ]
        # the empty places first, so that their outlines lie under the cards of the rows above
        places.sort(key=lambda spot: bool(self.piles[spot.pile].cards))
        return spots + places + [Spot("pack", PLACES + 0.4, 1.3, label="pack")]

