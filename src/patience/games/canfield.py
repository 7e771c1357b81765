"""Canfield or Klondike: seven rows dealt in a triangle, the stock run through once.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Canfield or Klondike", plate 046, a chapter quoted from the U.S. Playing Card
Co.'s *Official Rules of Card Games* (1897–1913).  Its layout and single pass
are the game now called Klondike, under the name Canfield.  One pack: seven
rows of one to seven cards, the last of each face up; the aces go up to
kings in suit; the rows build down in alternate colours, and "if there be more
than one card at the bottom of a row, all must be moved together or not at
all" (in the engine's reading, all the row's face-up cards); spaces take kings
only; the stock is turned one card at a time, once.  The player "pays 52
counters for the pack and he is paid 5 counters for every card" founded: the
``score`` counter starts at -52 and gains 5 for each card played to a
foundation.

Options give the common modern variants without changing the book's game:
``draw=3`` (the stock turned three cards at a time), ``redeals=N`` (N more
passes through the stock) and ``partial=true`` (any face-up run may be moved).

>>> from patience import load
>>> game = load("canfield", seed=3)
>>> [len(game.piles[c]) for c in game.piles_of("column")], len(game.piles["stock"]), game.score
([1, 2, 3, 4, 5, 6, 7], 24, -52)
>>> print(game.play("turn"), game.piles["waste"], len(game.piles["stock"]))
turn 6♥ 23
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..blocked import Blocking, Lay, needs, onto
from ..build import ACES_UP, Build, Foundation, suit_run
from ..cards import CARDS, Card, Rank
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition, UnknownOption
from ..game import Game, Move, Pile, Spot, move_onto, pile_order
from ..solve import runs_turning
from ..options import Option
from . import register

__all__ = ["Canfield"]

SOURCE = (
    "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Canfield or Klondike”, "
    "quoted from the U.S. Playing Card Co.'s Official Rules of Card Games"
)

#: The rows of the layout: "descending sequence ... and must alternate in color".
LAYOUT_BUILD = Build("down", "alternate")

#: What the player pays for the pack, and is paid for each card founded.
PRICE, PAYMENT = 52, 5

COLUMNS = tuple(f"column {i}" for i in range(1, 8))
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 5))

#: For each card (by its code), the cards a row takes on it: down in alternate colours, "down to 4,
#: 3, 2" (rule 5), so never an ace.  A card founded waits for them (:meth:`Canfield.safe_move`).
BUILDS_ON: tuple[tuple[Card, ...], ...] = tuple(
    tuple(c for c in cs if c.value != 1) for cs in LAYOUT_BUILD.children_table())
#: The aces, which begin the foundations (rule 3).
ACES = tuple(c for c in CARDS if c is not None and c.value == 1)
#: What proves a card can never go up (:meth:`Canfield.blocked`): the foundations up from the aces
#: (rule 3), the rows down in alternate colours to the twos (rule 5: an ace goes on no card), and
#: the kings alone to a space (rule 7).
BLOCKING = Blocking(needs([ACES_UP]),
                   [() if card and card.value == 1 else ontos for card, ontos in zip(CARDS, onto(LAYOUT_BUILD))],
                   [card is not None and card.value == 13 for card in CARDS])

#: :data:`BUILDS_ON` as a table of 53 × 53 bytes (``[under][card]``), for the search in C.
_TAKES = bytes(card in BUILDS_ON[under] for under in range(53) for card in range(53))

_SCORE_GIVEN = re.compile(r"(?:^|\s)score=-?\d+(?:\s|$)")


@register
class Canfield(Game):
    """Canfield or Klondike: seven rows, four foundations from the aces, a stock turned once."""

    slug = "canfield"
    name = "Canfield or Klondike"
    chapter = "canfield"
    order = 46
    source = SOURCE
    plate = "046"
    packs = 1
    RULES = {
        "1": "The player pays 52 counters for the pack and he is paid 5 counters for every card he "
        "gets down in the top foundations.",
        "2": "The cards being shuffled and cut, the first is turned face up and laid on the table. "
        "To the right of this card, but face down, are placed six more cards in a row. Immediately below "
        "the left-hand card of this row that is face down another card is placed face up, and five to the "
        "right of it face down. Another card face up below and four to the right face down, and so on "
        "until there are seven cards face up and twenty-eight in the layout.",
        "3": "Any aces showing are picked out and placed by themselves above the layout for "
        "foundations. These aces are built on in sequence and suit up to kings.",
        "4": "The moment any card in the layout is uncovered by playing away the bottom of the "
        "row, the next card in that vertical row is turned face up.",
        "5": "Cards in the layout are built upon in descending sequence--K, Q, J, down to 4, 3, "
        "2--and must alternate in color; red on black, black on red.",
        "6": "If there be more than one card at the bottom of a row, all must be moved together or "
        "not at all.",
        "7": "Spaces are filled with kings only.",
        "8": "The stock is run through one card at a time and any card showing can be used, either "
        "on the layout or foundations. When the pack has been run through once that ends it.",
    }
    AVAILABILITY = ("8", "only a card showing can be used")
    NAMES_RUNS = True
    INTERCHANGEABLE = ("column", "foundation")
    UNDEALT_RULE = ("8", "only a card showing can be used")
    COUNTERS = ("score", "redeals")
    #: The search in C (``_canfield_search.c``), where the build made it: the core's search of Canfield
    #: (the same moves in the same order, safe moves, runs of the stock, proofs of :meth:`blocked` and
    #: positions merged); some six seconds of it where no budget is given.
    SEARCH_IN_C = search_in_c("games._canfield_search")
    OPTIONS = (
        Option("draw", 1, "cards turned from the stock at a time (the book: “one card at a time”)",
               choices=(1, 3)),
        Option("redeals", 0, "further passes through the stock, the waste turned over to make a new "
               "stock (the book: none, “when the pack has been run through once that ends it”)"),
        Option("partial", False, "any face-up run may be moved from a row, not only all the face-up "
               "cards together (the book: “all must be moved together or not at all”)"),
    )

    #: Plate 046: the deal before any move, the seven face-up cards read from the plate (K♠, the
    #: bottom card of the first row, is a best guess: its index is unreadable; the sixth row's nine
    #: is a 9♠, not a 9♦: eight of its nine pips are the spades of the 10♠ of the third row, see the
    #: chapter).  The 21 face-down cards and the 24 of the stock are not on the plate: they are the
    #: other 45 cards in new-pack order shuffled with seed 7, dealt row by row, the first seed with
    #: which a search that sees every card (200,000 positions at most) wins the game.
    PLATE = """
canfield
stock: [6♣] [5♠] [4♥] [J♠] [3♥] [4♦] [9♣] [K♣] [2♣] [A♦] [8♣] [2♠] [8♠] [K♥] [7♥] [7♠] [2♦] [8♦] [7♦] [9♥] [5♦] [5♣] [J♣] [10♣]
waste:
foundation 1:
foundation 2:
foundation 3:
foundation 4:
column 1: K♠
column 2: [5♥] Q♥
column 3: [2♥] [J♦] 10♠
column 4: [6♥] [6♠] [A♣] 8♥
column 5: [A♠] [K♦] [3♣] [6♦] 7♣
column 6: [3♦] [4♠] [3♠] [A♥] [J♥] 9♠
column 7: [10♦] [Q♣] [Q♦] [Q♠] [9♦] [10♥] 4♣
"""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        if self.options.redeals < 0:
            raise UnknownOption(f"option redeals must be 0 or more, not {self.options.redeals}")
        self.counters["score"] = -PRICE

    # ------------------------------------------------------------------ piles
    def pile_names(self) -> list[str]:
        return ["stock", "waste", *FOUNDATIONS, *COLUMNS]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP

    def lay_out(self, cards: list[Card]) -> None:
        """Deal the layout row by row, as the book does: in each row one card face up, then face down
        to its right, each row starting one place further right; the rest of the pack is the stock."""
        columns = self.piles_of("column")
        dealt: dict[str, list[Card]] = {c: [] for c in columns}
        deck = iter(cards)
        for row in range(len(columns)):
            for name in columns[row:]:
                dealt[name].append(next(deck))
        for name, pile in dealt.items():
            self.piles[name] = Pile(tuple(pile), len(pile) - 1)
        rest = list(deck)
        # The pack is held face down: its next card is the top of the stock (the end of the tuple).
        self.piles["stock"] = Pile(tuple(reversed(rest)), len(rest))
        self.counters["score"] = -PRICE

    @classmethod
    def from_position(cls, text: str) -> Canfield:
        """Load a position; the stock is always face down (brackets may be left out), and a position
        without ``score=`` in its first line is scored from its foundations."""
        game = super().from_position(text)
        game.piles["stock"] = game.piles["stock"].turned_down()
        for name in ["waste"] + game.piles_of("foundation"):
            if game.piles[name].face_down:
                raise InvalidPosition(f"the cards of the {name} lie face up")
        head = text.strip().splitlines()[0]
        if not _SCORE_GIVEN.search(head):
            game.counters["score"] = game.earned()
        return game

    @classmethod
    def arrange(cls, columns: Mapping[int, str], waste: str = "", foundations: str = "",  # type: ignore[override]
                stock: str | None = None, **options: Any) -> Canfield:
        """A position made of the piles that matter, for examples and tests.

        ``columns`` maps a row's number to its cards (bottom first, face-down ones in brackets);
        ``foundations`` names the top card of each foundation begun (``"3♠ A♥"``: the spades up to
        the three, the ace of hearts); ``waste`` lists the waste, bottom first.  The stock, given
        bottom first (the next card to turn last), holds by default every card not placed.

        >>> game = Canfield.arrange({1: "[9♥] 5♦ 4♣", 2: "6♠"}, foundations="2♥", waste="7♦")
        >>> print(game.piles["foundation 1"], "|", len(game.piles["stock"]), "|", game.score)
        A♥ 2♥ | 45 | -42
        """
        piles = {f"column {number}": text for number, text in columns.items()}
        for i, top in enumerate(foundations.split(), start=1):
            card = Card.parse(top)
            piles[f"foundation {i}"] = " ".join(map(str, suit_run(Card(Rank.ACE, card.suit), card)))
        piles["waste"] = waste
        if stock is not None:
            piles["stock"] = " ".join(f"[{card}]" for card in stock.split())
        game = super().arrange(piles, rest="stock", **options)
        game.counters["score"] = game.earned()
        return game

    # ------------------------------------------------------------------ score
    @property
    def score(self) -> int:
        """The counters won (positive) or lost (negative) so far: -52 for the pack, +5 a card founded."""
        return self.counters["score"]

    def earned(self) -> int:
        """The score that the cards on the foundations make: -52 + 5 for each."""
        return -PRICE + PAYMENT * sum(len(self.piles[f]) for f in self.piles_of("foundation"))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield Move("turn", (), "stock", "waste", "turn")
        yield Move("redeal", (), "waste", "stock", "redeal")
        waste = self.piles["waste"]
        if waste.top is not None:
            yield from self._moves_of((waste.top,), "waste", COLUMNS, True)
        for source in COLUMNS:
            pile = self.piles[source]
            for i in range(pile.face_down, len(pile)):
                yield from self._moves_of(pile.cards[i:], source, [c for c in COLUMNS if c != source], True)
        for source in FOUNDATIONS:
            top = self.piles[source].top
            if top is not None:
                yield from self._moves_of((top,), source, COLUMNS, False)

    def _moves_of(self, run: tuple[Card, ...], source: str, targets: Iterable[str],
                  founding: bool) -> Iterator[Move]:
        head = run[0]
        if founding:
            yield Move("move", run, source, self.foundation_for(head), f"{head} → foundation")
        for target in targets:
            under = self.piles[target].top
            yield Move("move", run, source, target, f"{head} → {under if under else 'space'}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: the turn and the redeal
        (rule 8), the card showing on the waste, then each row's face-up cards, each to the
        foundation that takes it (rule 3) and to the rows that take it (rules 5 to 7).  A card on
        a foundation stays there."""
        piles = self.piles
        stock, waste = piles["stock"], piles["waste"]
        legal = self._pack_moves(len(stock.cards), len(waste.cards), self.counters["redeals"])
        founds, places, spaces = self._places()
        if waste.cards:
            legal += self._waste_moves(waste.cards[-1], founds, places, spaces)
        partial = self.options.partial
        taking = places.get
        for source in COLUMNS:
            pile = piles[source]
            cards, down = pile.cards, pile.face_down
            last = len(cards) - 1
            if down > last:
                continue
            # Rule 6: the face-up cards of a row move all together (any run of them, with
            # ``partial``); the card at the bottom of the row goes to its foundation alone.
            for i in range(down, last + 1) if partial else (down,):
                head = cards[i]
                if i == last and head in founds:
                    legal.append(move_onto((head,), source, founds[head], "foundation"))
                # Rule 7: a king that heads its row already fills no space by moving.
                for target, words in (spaces if i else ()) if head.value == 13 else taking(head, ()):
                    if target != source:
                        legal.append(Move("move", cards[i:], source, target, head.text + words))
            if not partial and down != last and cards[last] in founds:
                head = cards[last]
                legal.append(move_onto((head,), source, founds[head], "foundation"))
        return legal

    def _pack_moves(self, in_stock: int, on_waste: int, redeals: int) -> list[Move]:
        """The move of the pack there is (rule 8): the turn while the stock lasts (``in_stock``
        cards), then the redeal while one is left."""
        if in_stock:
            return [TURN]
        if on_waste and redeals < self.options.redeals:
            return [REDEAL]
        return []

    def _places(self) -> tuple[dict[int, str], dict[Card, list[tuple[str, str]]], list[tuple[str, str]]]:
        """Where each card may go now: the foundation that takes it (the first, rule 3), by its
        code; the rows whose bottom card takes it, with the move's words after the card (rule 5);
        and the spaces, for kings (rule 7)."""
        piles = self.piles
        places: dict[Card, list[tuple[str, str]]] = {}
        spaces: list[tuple[str, str]] = []
        for name in COLUMNS:
            pile = piles[name].cards
            if not pile:
                spaces.append((name, " → space"))
                continue
            under = pile[-1]
            words = " → " + under.text
            for card in BUILDS_ON[under]:
                places.setdefault(card, []).append((name, words))
        return self.going_up(FOUNDATIONS, ACES), places, spaces

    @staticmethod
    def _waste_moves(head: Card, founds: dict[int, str], places: dict[Card, list[tuple[str, str]]],
                     spaces: list[tuple[str, str]]) -> list[Move]:
        """The moves of ``head``, the card showing on the waste, given :meth:`_places`."""
        legal = []
        if head in founds:
            legal.append(move_onto((head,), "waste", founds[head], "foundation"))
        for target, words in spaces if head.value == 13 else places.get(head, ()):
            legal.append(Move("move", (head,), "waste", target, head.text + words))
        return legal

    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move between the rows and the foundations neither needs nor changes the stock and waste."""
        return move.kind == "move" and "waste" not in (move.source, move.target)

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out on the stock and the waste alone (:func:`~patience.solve.runs_turning`): turning
        and re-dealing change nothing else, so the card a run brings to the waste has the places the
        rows and foundations give it.  Each redeal is counted, so a run never comes back to where it
        was.

        >>> game = Canfield.deal(seed=1)
        >>> [" ".join(map(str, run)) for run in game.pack_runs(TURN)][:2]
        ['turn turn 7♣ → 8♥', 'turn turn 7♣ → 8♦']
        """
        redeals = self.counters["redeals"]
        founds, places, spaces = self._places()
        return runs_turning(
            self, first, "stock", "waste", self.options.draw,
            lambda in_stock, on_waste, redealt: self._pack_moves(in_stock, on_waste, redeals + redealt),
            lambda card: self._waste_moves(card, founds, places, spaces))

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card founded from a row (or, turning one card at a time through a single pass, from the
        waste) when no card that a row takes on it is left in play (rule 5): a two as soon as its
        ace is up, as no ace goes on it.

        >>> game = Canfield.arrange({1: "2♥", 2: "3♠"}, foundations="A♥ 2♠")
        >>> print(game.safe_move(game.legal_moves()))
        2♥ → foundation
        """
        from_waste = self.options.draw == 1 and not self.options.redeals
        founded: set[Card] | None = None
        for move in moves:
            kind, cards, source, target, _ = move
            if kind == "move" and target in FOUNDATIONS \
                    and (source in COLUMNS or (from_waste and source == "waste")):
                if founded is None:
                    founded = {c for name in FOUNDATIONS for c in self.piles[name].cards}
                if founded.issuperset(BUILDS_ON[cards[0]]):
                    return move
        return None

    def blocked(self) -> Card | None:
        """A card that can never go up (:class:`~patience.blocked.Blocking`): the rows give up
        their face-up cards all together (rule 6, unless ``partial``), the waste its top card, and
        once the last pass has begun (rule 8) a card turned onto the waste stays under the cards
        turned after it; a card on a foundation stays there (rule 3).

        >>> print(Canfield.arrange({1: "[6♣] [4♥] [6♠] 5♥"}).blocked())
        5♥
        >>> print(Canfield.arrange({1: "[6♣] [4♥] 5♥", 2: "6♠"}).blocked())
        None
        """
        piles = self.piles
        rows = [Lay(piles[c].cards, piles[c].face_down, self.options.partial, space=True) for c in COLUMNS]
        stock, waste = piles["stock"].cards, piles["waste"].cards
        if self.counters["redeals"] < self.options.redeals:
            hand = stock + waste
        else:
            draw = self.options.draw
            turns = tuple(stock[max(end - draw, 0):end][::-1] for end in range(len(stock), 0, -draw))
            hand = ()
            rows.append(Lay(waste, len(waste), coming=turns))
        founded = [c for f in FOUNDATIONS for c in piles[f].cards]
        return BLOCKING.card(rows, hand, founded)

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (the waste from its
        bottom up, then the stock from its top down: the order turning and re-dealing keep), the cards
        on the waste, the re-deals made, the rows as (their cards, bottom first, and how many lie face
        down), each foundation as (its suit, 0 to 3, or -1, and its cards), the rows' table of builds,
        :data:`BLOCKING`'s tables and the options.

        >>> pack, showing, redealt, rows, foundations, *_ = Canfield.deal(seed=1).description()
        >>> len(pack), showing, redealt, [down for _, down in rows], foundations[0]
        (24, 0, 0, [0, 1, 2, 3, 4, 5, 6], (-1, 0))
        """
        piles, options = self.piles, self.options
        return (bytes(piles["waste"].cards + piles["stock"].cards[::-1]), len(piles["waste"].cards),
                self.counters["redeals"], tuple((bytes(piles[name].cards), piles[name].face_down) for name in COLUMNS),
                self.suit_foundations(FOUNDATIONS), _TAKES, BLOCKING.tables(), options.draw, options.redeals,
                options.partial)

    def solver_key(self) -> tuple[Any, ...]:
        """The base's key, made directly: the stock and waste, then the rows and the foundations,
        each kind in a fixed order."""
        piles = self.piles
        return ((piles["stock"], piles["waste"],
                 *sorted([piles[c] for c in COLUMNS], key=pile_order),
                 *sorted([piles[f] for f in FOUNDATIONS], key=pile_order)),
                (self.counters["score"], self.counters["redeals"]))

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "turn":
            return self._turn_violation()
        if move.kind == "redeal":
            return self._redeal_violation()
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles \
                or move.source == move.target or not move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        head = move.cards[0]
        if move.source.startswith("foundation"):
            if self.piles[move.source].top == head:
                return self.illegal("3", "a card once played to a foundation stays there", head)
            return self.illegal(*self.AVAILABILITY, head)
        if not self._showing(move.source, move.cards):
            return self.illegal(*self.AVAILABILITY, head)
        target = self.piles[move.target]
        if move.target.startswith("foundation"):
            if len(move.cards) > 1:
                return self.illegal("3", "a foundation takes one card at a time, from the bottom of a row",
                                    head)
            fault = self.foundation_fault(move.target, head)
            if fault is None:
                return None
            words = {
                "must follow suit": "the foundations are built in suit",
                "must be next in sequence": "the foundations are built up in sequence, ace to king",
            }.get(fault, fault)
            return self.illegal("3", words, head, *target.cards[-1:])
        if not move.target.startswith("column"):
            return IllegalMove("Play", f"cards are not put back on the {move.target}", str(head))
        source = self.piles[move.source]
        if move.source.startswith("column") and not self.options.partial \
                and len(move.cards) != len(source.visible):
            below = source.visible
            return self.illegal(
                "6", "all the cards at the bottom of a row must be moved together or not at all",
                " ".join(map(str, below)),
            )
        if target.is_empty:
            if head.rank != Rank.KING:
                return self.illegal("7", "spaces are filled with kings only", head)
            if move.source.startswith("column") and len(move.cards) == len(source):
                return self.illegal("7", "the king already heads a row of its own: "
                                    "moving it to another space fills none", head)
            return None
        under = target.cards[-1]
        if head.rank == Rank.ACE:
            return self.illegal("5", "the layout builds down to the twos: aces go to the foundations",
                                head, under)
        fault = LAYOUT_BUILD.fault(under, head)
        if fault == "must alternate in colour":
            return self.illegal("5", "the layout builds in alternate colours, red on black, "
                                "black on red", head, under)
        if fault:
            return self.illegal("5", "the layout builds in descending sequence, K, Q, J, down "
                                "to 2", head, under)
        return None

    def _showing(self, source: str, cards: tuple[Card, ...]) -> bool:
        """Whether ``cards`` lie face up at the bottom of ``source`` (the top of the waste, or a run of
        a row)."""
        if source == "waste":
            return len(cards) == 1 and self.piles["waste"].top == cards[0]
        if not source.startswith("column"):
            return False
        pile = self.piles[source]
        return 0 < len(cards) <= len(pile.visible) and pile.cards[-len(cards):] == cards

    def _turn_violation(self) -> IllegalMove | None:
        if not self.piles["stock"].is_empty:
            return None
        if self.piles["waste"].cards and self.counters["redeals"] < self.options.redeals:
            return IllegalMove("8", "the stock is run through: turn the waste over (redeal) first")
        return IllegalMove("8", self._run_through())

    def _redeal_violation(self) -> IllegalMove | None:
        if self.counters["redeals"] >= self.options.redeals:
            return IllegalMove("8", self._run_through())
        if not self.piles["stock"].is_empty:
            left = len(self.piles["stock"])
            return IllegalMove("8", "the stock must be run through before the waste is turned over",
                               f"{left} card{'s' if left != 1 else ''} left")
        if self.piles["waste"].is_empty:
            return IllegalMove("8", "there is no waste to turn over")
        return None

    def _run_through(self) -> str:
        passes = self.options.redeals + 1
        if passes == 1:
            return "when the pack has been run through once that ends it"
        return f"the pack may be run through only {passes} times"

    def apply(self, move: Move) -> None:
        piles = self.piles
        kind, cards, source, target, _ = move
        if kind == "move":
            pile, onto = piles[source], piles[target]
            stays = len(pile.cards) - len(cards)
            down = pile.face_down
            if down >= stays:
                # Rule 4: the card a row's move uncovers is turned face up.
                down = stays - 1 if stays and source in COLUMNS else stays
            piles[source] = Pile(pile.cards[:stays], down)
            piles[target] = Pile(onto.cards + pile.cards[stays:], onto.face_down)
            if target in FOUNDATIONS:
                self.counters["score"] += PAYMENT
        elif kind == "turn":
            piles["stock"], piles["waste"] = _turned(piles["stock"], piles["waste"], self.options.draw)
        else:
            piles["stock"], piles["waste"] = _redealt(piles["waste"])
            self.counters["redeals"] += 1

    # ------------------------------------------------------------- invariants
    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The layout took 28 cards, so the stock and the waste hold the
          other 24 at most (a re-deal only turns the waste over); with ``draw=3`` the stock, turned
          three cards at a time, holds a multiple of three until the first re-deal.  The re-deals
          made are no more than the option ``redeals`` allows, and the score is -52 and 5 for each
          card on the foundations (rule 1: a card founded stays there).
        - *Which places may be empty.*  Any row and any foundation.  But a row's face-down cards
          are those dealt face down to it, one fewer than its number at most (rule 2), and a row
          with a face-down card has a face-up card below it (rule 4: the card uncovered is turned
          face up at once).
        - *What may lie where.*  Each foundation begins with its ace and is built up in suit
          (rule 3).  The face-up cards of a row descend in alternate colours, down to the two
          (rule 5): only such runs come to a row, on a card that takes them, or a king into a space.

        >>> Canfield.deal(seed=4).inconsistencies()
        []
        >>> game = Canfield.arrange({7: "[9♥] 5♦ 4♦"}, foundations="K♠ K♣ 8♥ 3♦")
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        column 7 is out of sequence: 4♦ lies on 5♦
        """
        faults = []
        piles, counters = self.piles, self.counters
        redeals = counters["redeals"]
        if not 0 <= redeals <= self.options.redeals:
            faults.append(f"the stock is re-dealt {self.options.redeals} times at most, not {redeals}")
        stock, waste = len(piles["stock"].cards), len(piles["waste"].cards)
        rest = 52 - sum(range(1, len(COLUMNS) + 1))
        if stock + waste > rest:
            faults.append(f"the layout took 28 cards, so the stock and the waste hold {rest} at most, "
                          f"not {stock + waste}")
        elif self.options.draw == 3 and not redeals and (rest - stock) % 3:
            faults.append(f"the stock is turned three cards at a time, so it holds a multiple of three "
                          f"before the re-deal, not {stock}")
        if counters["score"] != self.earned():
            faults.append(f"the score is -52 and 5 for each card founded, {self.earned()}, "
                          f"not {counters['score']}")
        for number, name in enumerate(COLUMNS, start=1):
            pile = piles[name]
            if pile.face_down > number - 1:
                faults.append(f"{name} was dealt {number - 1} cards face down, not {pile.face_down}")
            if pile.cards and pile.face_down >= len(pile.cards):
                faults.append(f"{name} has no face-up card, but the card uncovered is turned face up")
            up = pile.cards[pile.face_down:]
            wrong = next(((a, b) for a, b in zip(up, up[1:])
                          if b.rank == Rank.ACE or LAYOUT_BUILD.fault(a, b) is not None), None)
            if wrong is not None:
                faults.append(f"{name} is out of sequence: {wrong[1]} lies on {wrong[0]}")
        for name in FOUNDATIONS:
            cards = piles[name].cards
            if cards and cards[0].rank != Rank.ACE:
                faults.append(f"{name} begins with {cards[0]}")
            elif any(ACES_UP.build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} is out of sequence")
        return faults

    # ----------------------------------------------------------------- result
    @property
    def is_won(self) -> bool:
        piles = self.piles
        return all(len(piles[f].cards) == 13 for f in FOUNDATIONS)

    def __repr__(self) -> str:
        return f"{super().__repr__()[:-1]}, score {self.score:+d}>"

    def layout(self) -> list[Spot]:
        spots = [Spot("stock", 0, 0, label="stock"), Spot("waste", 1.2, 0, label="waste")]
        spots += [Spot(f, 1.2 * (i + 3), 0, label="A") for i, f in enumerate(self.piles_of("foundation"))]
        spots += [Spot(c, 1.2 * i, 1.3, fan="down", label="K")
                  for i, c in enumerate(self.piles_of("column"))]
        return spots


TURN = Move("turn", (), "stock", "waste", "turn")
REDEAL = Move("redeal", (), "waste", "stock", "redeal")


def _turned(stock: Pile, waste: Pile, draw: int) -> tuple[Pile, Pile]:
    """The stock and the waste after a turn (rule 8): the next ``draw`` cards of the stock turned
    one by one onto the waste."""
    stays = max(len(stock.cards) - draw, 0)
    return (Pile(stock.cards[:stays], min(stock.face_down, stays)),
            Pile(waste.cards + stock.cards[stays:][::-1], waste.face_down))


def _redealt(waste: Pile) -> tuple[Pile, Pile]:
    """The stock and the waste after a redeal: the waste turned over to make a new stock."""
    return Pile(waste.cards[::-1], len(waste.cards)), Pile()
