"""The Olga: four piquet packs, a flower-bed of forty-nine cards, sixteen aces up to kings.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Olga", plate 031.  Four piquet packs (128 cards: ace and seven to king in
each suit).  Forty-nine cards are dealt in seven horizontal rows of seven, the
*flower-bed*: the first, third, fifth and seventh rows face up, the second,
fourth and sixth face down.  The sixteen aces are the foundations, built up in
suit through the sevens to the kings (A, 7, 8 … K: Rule I).  Only the card at
the foot of each perpendicular row (column) is available, and a face-down card
is turned up as soon as the card below it is removed (Rule II).  The available
cards are placed on one another in descending sequence, alternate colours
(Rule III), and a sequence at the foot of a column is transferred whole
("upon that card may be placed sequences … as on the other rows"; the option
``runs=false`` moves one card at a time); so are the cards of the pack, dealt
one at a time, and of the talon, which the unsuitable cards form.  A column
removed entirely leaves a space at its top that any available card (or
sequence) of the flower-bed may fill.  The pack is dealt once.

Each place of the flower-bed is a pile of its own (``row 2 column 5``: the
second row from the top, the fifth from the left), so that a face-down card
between two face-up ones is written as a position writes any face-down card;
the cards placed on a column lie on the place at its foot.

>>> from patience import load
>>> game = load("the-olga", seed=1)
>>> print(game.piles["row 1 column 1"], game.piles["row 2 column 1"], len(game.piles["pack"]))
10♦ [8♠] 79
>>> print(game.play("deal"), game.piles["talon"])
deal A♥
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..build import Build, Foundation
from ..cards import Card, Rank, Suit, parse_cards, piquet_pack
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto, moves_up, normalise_notation, pile_order
from ..options import Option
from ..solve import runs_turning
from . import register

__all__ = ["TheOlga"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Olga”"

#: The flower-bed: seven horizontal rows of seven cards.
ROWS = COLUMNS = 7
#: The rows dealt face down: "in the second row face downward, and so on alternately".
DOWN_ROWS = (2, 4, 6)
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 17))
#: Each column's places, from the top row down.
COLUMN_PLACES = tuple(tuple(f"row {r} column {c}" for r in range(1, ROWS + 1)) for c in range(1, COLUMNS + 1))
PLACES = tuple(f"row {r} column {c}" for r in range(1, ROWS + 1) for c in range(1, COLUMNS + 1))
_COLUMN_OF = {name: c for c, places in enumerate(COLUMN_PLACES) for name in places}
_ROW_OF = {name: r for places in COLUMN_PLACES for r, name in enumerate(places, start=1)}

#: Rule I and PLAY: "sixteen aces, ascending in sequence through sevens to kings", in suit.
FOUNDATION = Foundation(Rank.ACE, Build("up", "same", piquet=True))
#: Rule III: "descending sequence ... in alternate colors, i.e., a black eight upon a red nine"
#: (in the piquet pack's order, so that with ``ace_on_seven`` an ace goes on a seven).
FLOWER_BED = Build("down", "alternate", piquet=True)
_TAKES = FLOWER_BED.table()

DEAL = Move("deal", (), "pack", "talon", "deal")
#: The values of a suit in the piquet pack, from the ace up.
PIQUET_ORDER = (1, 7, 8, 9, 10, 11, 12, 13)

#: The cards the plate shows face up, rows 1, 3, 5 and 7, each left to right (the chapter says how
#: sure each card is: the suits of the round pips and the ranks of the court cards are guesses).
PLATE_CARDS = (
    "Q♣ K♦ 8♦ 7♠ 9♣ 9♦ 10♠ "
    "10♦ A♦ 7♥ K♥ 7♥ 9♠ J♣ "
    "8♥ A♦ 8♣ 10♦ 10♠ 10♣ 8♣ "
    "7♥ 8♠ A♦ 8♦ 10♠ 9♠ Q♦"
)
#: The plate shows neither the face-down cards nor the pack: they are the other cards of deal 31.
PLATE_SEED = 31


def _named(run: Sequence[Card]) -> str:
    """A card, or a sequence of cards moved together, as a move names it: ``10♦ 9♣``."""
    return " ".join(card.text for card in run)


@register
class TheOlga(Game):
    """The Olga: four piquet packs; a flower-bed of seven rows of seven, every other row face down."""

    slug = "the-olga"
    name = "The Olga"
    chapter = "the-olga"
    order = 31
    source = SOURCE
    plate = "031"
    packs = 4
    RULES = {
        "I": "The foundations follow suit.",
        "II": "Each card in the flower-bed must be turned face upward as soon as the card immediately "
        "below it is removed. The card so turned is then available.",
        "III": "Cards on the flower-bed may be placed in descending sequence upon each other (and cards "
        "from the pack or talon may also be placed in sequence on the flower-bed), but must be so placed "
        "in alternate colors, i.e., a black eight upon a red nine, and so on.",
        "Foundations": "The foundations consist of sixteen aces, ascending in sequence through sevens "
        "to kings (Rule I).",
        "Deal": "Continue to deal out the entire pack, playing on foundations, placing and transferring "
        "on the flower-bed, the unsuitable cards forming the talon.",
        "Space": "If you succeed in removing an entire perpendicular row of cards, the space at the top "
        "may be filled by any available card of the flower-bed (Rule II), and upon that card may be "
        "placed sequences (Rule III) as on the other rows.",
    }
    AVAILABILITY = ("II", "a card of the flower-bed is available only when the card below it is removed")
    UNDEALT_RULE = ("Deal", "the cards of the pack are dealt one at a time")
    TALON_RULE = ("Deal", "only the top card of the talon is available")
    INTERCHANGEABLE = ("foundation",)
    OPTIONS = (
        Option("runs", True, "a sequence at the foot of a column may be transferred whole (“upon that "
               "card may be placed sequences … as on the other rows”); runs=false moves one available card "
               "at a time (Rule II read strictly)"),
        Option("ace_on_seven", False, "an ace may be placed on a seven of the other colour, the piquet "
               "pack's next lower card; by default the flower-bed's sequences end at the seven"),
    )
    #: The search in C (``_the_olga_search.c``), where the build made it: the core's search of the game
    #: (the same moves in the same order, runs of the pack, safe moves and positions merged); a second
    #: or so of it where no budget is given.  No searches again in other orders (:attr:`RESTARTS`): of
    #: the first 48 deals of each reading, none was won by 64 searches of 100,000 positions, 128 of
    #: 50,000 or 256 of 25,000 after a first search of 2,000,000 (which won one, and with
    #: ``runs=false`` three), nor of the first 40 by 16 of 250,000, 4 of 1,000,000 or
    #: :data:`~patience.game.SEARCH_AGAIN`; a first search of 16,000,000 won no more than one of
    #: 2,500,000.  The pack is dealt once: a line that leaves the wrong cards on the talon early is lost
    #: whatever is tried after it, and a search in a shuffled order loses the cards played out first.
    SEARCH_IN_C = search_in_c("games._the_olga_search")
    NODES_IN_C = 4_000_000

    # ------------------------------------------------------------------ piles
    def pack(self) -> list[Card]:
        return piquet_pack(self.packs)

    def pile_names(self) -> list[str]:
        return ["pack", "talon", *FOUNDATIONS, *PLACES]

    def foundation_rule(self, name: str) -> Foundation:
        return FOUNDATION

    def lay_out(self, cards: list[Card], shown: Sequence[Card] = ()) -> None:
        """Deal the flower-bed row by row, each left to right, the even rows face down; the rest is
        the pack, its first card dealt first.  With ``shown`` (the 28 face-up cards of a plate, row
        by row) those cards are laid face up and the other cards of the deal fill the face-down rows
        and the pack, in the order of the deal."""
        deck = list(cards)
        for card in shown:
            deck.remove(card)
        shown_cards = iter(shown)
        rest = iter(deck)
        for row in range(1, ROWS + 1):
            for column in range(1, COLUMNS + 1):
                down = row in DOWN_ROWS
                card = next(rest) if down or not shown else next(shown_cards)
                self.piles[f"row {row} column {column}"] = Pile((card,), int(down))
        left = list(rest)
        self.piles["pack"] = Pile(tuple(reversed(left)), len(left))

    @classmethod
    def from_cards(cls, shown: str, seed: int = PLATE_SEED, **options: Any) -> TheOlga:
        """The start of a game whose face-up rows show ``shown`` (28 cards, rows 1, 3, 5, 7, each left
        to right), the other cards those of deal ``seed`` in their order: how the plate is set up.

        >>> game = TheOlga.from_cards(PLATE_CARDS)
        >>> print(game.piles["row 7 column 3"], game.piles["row 6 column 3"], len(game.piles["pack"]))
        A♦ [A♠] 79
        """
        cards = parse_cards(shown)
        if len(cards) != 4 * COLUMNS:
            raise InvalidPosition(f"the face-up rows hold {4 * COLUMNS} cards, not {len(cards)}")
        try:
            return cls.deal_with(seed, cards, **options)
        except ValueError:
            raise InvalidPosition(f"more of a card than four piquet packs hold: {shown}") from None

    @classmethod
    def arrange(cls, places: Mapping[str, str], talon: str = "", pack: str = "",  # type: ignore[override]
                **options: Any) -> TheOlga:
        """A position for examples and tests: the places named (``{"row 7 column 1": "9♥ 8♠"}``),
        every other place empty; the talon (bottom first) and the pack (the next card to deal
        last); every other card lies on the foundations, each suit's four as high as the cards
        left allow, and the cards they leave over lie face down at the bottom of the pack.

        >>> game = TheOlga.arrange({"row 7 column 1": "9♥"}, pack="K♣")
        >>> [str(game.piles[f].top) for f in FOUNDATIONS[3:7]], str(game.piles["pack"])
        (['K♠', 'K♥', 'K♥', 'K♥'], '[10♥] [J♥] [Q♥] [K♥] [K♣]')
        """
        game = cls(**options)
        spare = Counter(game.pack())
        text = [f"{game.spec} seed=0"]
        for name, cards in places.items():
            if name not in PLACES:
                raise InvalidPosition(f"unknown place {name!r} in {game.name}")
            text.append(f"{name}: {cards}")
        given = parse_cards(pack)
        for card in [c for cards in places.values() for c in Pile.of(cards).cards] + parse_cards(talon) + given:
            if spare[card] <= 0:
                raise InvalidPosition(f"too many {card} for the pack")
            spare[card] -= 1
        number, left = 1, []
        for suit in Suit:
            heights: list[int] = []
            for value in PIQUET_ORDER:
                heights.append(min([spare[Card(value, suit)], *heights[-1:]]))
                left += [Card(value, suit)] * (spare[Card(value, suit)] - heights[-1])
            for i in range(heights[0]):
                built = [Card(v, suit) for v, h in zip(PIQUET_ORDER, heights) if h > i]
                text.append(f"foundation {number}: {' '.join(c.text for c in built)}")
                number += 1
        text.append(f"talon: {talon}")
        text.append("pack: " + " ".join(f"[{c}]" for c in left + given[::-1]))
        return cls.from_position("\n".join(text))

    # ------------------------------------------------------------------ the columns
    def foot(self, column: int) -> str:
        """The place at the foot of a column (0 for the first): its lowest place that holds cards,
        where its available card lies and cards are placed; the top place of an empty column."""
        piles = self.piles
        places = COLUMN_PLACES[column]
        for name in reversed(places):
            if piles[name].cards:
                return name
        return places[0]

    def feet(self) -> list[str]:
        """The foot of every column, left to right."""
        return [self.foot(c) for c in range(COLUMNS)]

    def runs_at(self, name: str) -> list[tuple[Card, ...]]:
        """The cards that may leave the place ``name`` together: its top card, and with ``runs``
        each longer sequence (Rule III) at its top, the shortest first."""
        cards = self.piles[name].cards
        if not cards:
            return []
        found = [cards[-1:]]
        if self.options.runs:
            i = len(cards) - 1
            while i > 0 and self._builds(cards[i - 1], cards[i]):
                i -= 1
                found.append(cards[i:])
        return found

    def _builds(self, below: Card, above: Card) -> bool:
        """Whether ``above`` may be placed on ``below`` (Rule III, and the ace by ``ace_on_seven``)."""
        return _TAKES[below][above] and (above.value != 1 or self.options.ace_on_seven)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield DEAL
        feet = self.feet()
        talon = self.piles["talon"].top
        if talon is not None:
            yield from self._moves_of((talon,), "talon", feet)
        for column, foot in enumerate(feet):
            cards = self.piles[foot].cards
            for i in range(len(cards) - 1, -1, -1):
                yield from self._moves_of(cards[i:], foot, [f for c, f in enumerate(feet) if c != column])

    def _moves_of(self, run: tuple[Card, ...], source: str, feet: Sequence[str]) -> Iterator[Move]:
        head = run[0]
        if len(run) == 1:
            yield from self.foundation_moves(source, head)
        for foot in feet:
            under = self.piles[foot].top
            yield Move("move", run, source, foot, f"{_named(run)} → {under.text if under else 'space'}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: the deal, then the talon's
        top card and each column's available card (or, with ``runs``, sequences), each to the
        foundation that takes it (Rule I) and to the feet of the columns that take it (Rule III),
        a card of the flower-bed also to a space (but not the whole of its own column)."""
        piles = self.piles
        legal: list[Move] = []
        if piles["pack"].cards:
            legal.append(DEAL)
        feet = self.feet()
        tops = [piles[f].cards[-1] if piles[f].cards else None for f in feet]
        takers = self.foundation_takers(distinct_suits=False)
        ace_on_seven = self.options.ace_on_seven
        talon = piles["talon"].cards
        if talon:
            legal += self._talon_moves(talon[-1], feet, tops, takers)
        for column, foot in enumerate(feet):
            cards = piles[foot].cards
            if not cards:
                continue
            whole = _ROW_OF[foot] == 1
            for run in self.runs_at(foot):
                head = run[0]
                if len(run) == 1:
                    legal += moves_up(foot, head, takers.get(head, []))
                placeable = head.value != 1 or ace_on_seven
                for other, (target, under) in enumerate(zip(feet, tops)):
                    if other == column:
                        continue
                    if under is None:
                        if not (whole and len(run) == len(cards)):
                            legal.append(move_onto(run, foot, target, "space"))
                    elif placeable and _TAKES[under][head]:
                        legal.append(move_onto(run, foot, target, under.text))
        return legal

    def _talon_moves(self, head: Card, feet: Sequence[str], tops: Sequence[Card | None],
                     takers: Mapping[int, list[str]]) -> list[Move]:
        """The moves of ``head`` on top of the talon: to the foundations that take it (Rule I), then
        to the feet of the columns (``feet``, with their cards ``tops``) that take it (Rule III)."""
        moves = moves_up("talon", head, takers.get(head, []))
        if head.value != 1 or self.options.ace_on_seven:
            for foot, under in zip(feet, tops):
                if under is not None and _TAKES[under][head]:
                    moves.append(move_onto((head,), "talon", foot, under.text))
        return moves

    def aliases(self, move: Move) -> set[str]:
        """A move to a column is also named by the column (``8♠ → column 3``), and a sequence by
        its two ends (``10♦–8♠ → J♣``), never by its first card alone, which names a move of that
        card alone."""
        if move.kind != "move" or len(move.cards) == 1:
            names = super().aliases(move)
        else:
            names = {normalise_notation(str(move))}
        if move.kind == "move" and move.cards and move.target in _COLUMN_OF:
            column = f"column {_COLUMN_OF[move.target] + 1}"
            names.add(f"{_named(move.cards)} → {column}")
            if len(move.cards) > 1:
                for target in (str(move).split(" → ")[1], column):
                    names.add(f"{move.cards[0]} {move.cards[-1]} → {target}")
        return names

    def useful_moves(self) -> list[Move]:
        """The legal moves less those to a space after the first: the spaces are alike."""
        first: str | None = None
        useful = []
        for move in self.legal_moves():
            target = move[3]
            if target in _ROW_OF and not self.piles[target].cards:
                if first is None:
                    first = target
                elif target != first:
                    continue
            useful.append(move)
        return useful

    def violation(self, move: Move) -> IllegalMove | None:
        kind, cards, source, target, _ = move
        piles = self.piles
        if kind == "deal":
            if piles["pack"].cards:
                return None
            return IllegalMove("Deal", "the pack is dealt out once: the text gives no re-deal")
        if kind != "move" or source not in piles or target not in piles or source == target or not cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        head = cards[0]
        if source.startswith("foundation"):
            return self.illegal(*self.STAYS["foundation"], head)
        if source == "pack":
            return self.illegal(*self.UNDEALT_RULE, head)
        if source == "talon":
            if len(cards) != 1 or piles["talon"].top != head:
                return self.illegal(*self.TALON_RULE, head)
        else:
            pile = piles[source]
            if source != self.foot(_COLUMN_OF[source]) or pile.face_down \
                    or tuple(pile.cards[len(pile.cards) - len(cards):]) != cards:
                return self.illegal(*self.AVAILABILITY, head)
            if len(cards) > 1 and not self.options.runs:
                return self.illegal("II", "one available card is transferred at a time", head)
            if len(cards) > 1 and not all(self._builds(a, b) for a, b in zip(cards, cards[1:])):
                return self.illegal("III", "only a sequence is transferred whole", head)
        if target.startswith("foundation"):
            if len(cards) > 1:
                return self.illegal("Foundations", "a foundation takes one card at a time", head)
            return self.foundation_refusal(target, head, {
                "must follow suit": ("I", "the foundations follow suit"),
                "start": ("Foundations", "the foundations are the sixteen aces"),
                "*": ("Foundations", "the foundations ascend in sequence through sevens to kings")})
        if target not in _COLUMN_OF:
            return IllegalMove("Play", f"cards are not put back on the {target}", str(head))
        column = _COLUMN_OF[target]
        foot = self.foot(column)
        under = piles[target].top
        if target != foot:
            return self.illegal("II", "cards are placed only on the available card of a column",
                                head, *([under] if under else []))
        if under is None:
            if source == "talon":
                return self.illegal("Space", "a space is filled by an available card of the flower-bed",
                                    head)
            if _ROW_OF[source] == 1 and len(cards) == len(piles[source].cards):
                return self.illegal("Space", "the card already heads its own column: moving it fills "
                                    "no space", head)
            return None
        fault = FLOWER_BED.fault(under, head)
        if fault == "must alternate in colour":
            return self.illegal("III", "cards must be so placed in alternate colors", head, under)
        if fault or (head.value == 1 and not self.options.ace_on_seven):
            return self.illegal("III", "cards are placed in descending sequence", head, under)
        return None

    def apply(self, move: Move) -> None:
        piles = self.piles
        kind, cards, source, target, _ = move
        if kind == "deal":
            pack = piles["pack"].cards
            piles["pack"] = Pile(pack[:-1], len(pack) - 1)
            piles["talon"] = piles["talon"].added(pack[-1:])
            return
        pile = piles[source]
        stays = len(pile.cards) - len(cards)
        piles[source] = Pile(pile.cards[:stays], 0)
        onto = piles[target]
        piles[target] = Pile(onto.cards + pile.cards[stays:], onto.face_down)
        if not stays and source in _ROW_OF and _ROW_OF[source] > 1:
            # Rule II: the card above the one removed is turned face upward.
            above = COLUMN_PLACES[_COLUMN_OF[source]][_ROW_OF[source] - 2]
            piles[above] = piles[above].turned_up()

    # ------------------------------------------------------------------ for solvers
    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move that does not touch the talon neither needs nor changes the pack."""
        return move.kind == "move" and move.source != "talon"

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out on the pack alone (:func:`~patience.solve.runs_turning`, a card at a time, the
        pack dealt once): dealing changes only the pack and the talon, so after each deal the card
        dealt lies on the talon with the moves the columns and foundations, as they lie, give it.

        >>> game = TheOlga.deal(seed=1)
        >>> [" ".join(map(str, run)) for run in game.pack_runs(DEAL)][:2]
        ['deal A♥ → foundation', 'deal deal deal deal J♣ → Q♦']
        """
        piles = self.piles
        feet = self.feet()
        tops = [piles[f].cards[-1] if piles[f].cards else None for f in feet]
        takers = self.foundation_takers(distinct_suits=False)
        return runs_turning(self, first, "pack", "talon", 1,
                            lambda in_pack, on_talon, _: [first] if in_pack else [],
                            lambda card: self._talon_moves(card, feet, tops, takers))

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played up from the flower-bed, or from the talon, when no card that could be
        placed on it is left in play (:meth:`safe_to_found`)."""
        for move in moves:
            if move.kind == "move" and move.target in FOUNDATIONS \
                    and self.safe_to_found(move.cards[0], FLOWER_BED):
                return move
        return None

    def solver_key(self) -> tuple[Any, ...]:
        """The pack and talon, the foundations in a fixed order and the columns in a fixed order
        (each column the same whichever of the seven it is)."""
        # (A column is a tuple of piles, sorted by its hash as piles are: see pile_order.)
        piles = self.piles
        columns = sorted((tuple(piles[name] for name in places) for places in COLUMN_PLACES), key=hash)
        return ((piles["pack"], piles["talon"],
                 *sorted([piles[f] for f in FOUNDATIONS], key=pile_order), *columns), ())

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the talon (bottom first), the places of the flower-bed in the order of
        :data:`PLACES` (row by row), each as (its cards, bottom first, and how many lie face down),
        each foundation as (its suit, 0 to 3, and its cards), the flower-bed's table of builds
        (:meth:`Build.table_bytes`), and the options ``runs`` and ``ace_on_seven``.

        >>> game = TheOlga.deal(seed=1)
        >>> pack, talon, places, foundations, takes, runs, ace_on_seven = game.description()
        >>> len(pack), talon, len(places), places[7] == (bytes(game.piles["row 2 column 1"].cards), 1)
        (79, b'', 49, True)
        >>> foundations[0], len(takes), runs, ace_on_seven
        ((-1, 0), 2809, True, False)
        """
        piles = self.piles
        return (bytes(piles["pack"].cards), bytes(piles["talon"].cards),
                tuple((bytes(piles[name].cards), piles[name].face_down) for name in PLACES),
                self.suit_foundations(FOUNDATIONS), FLOWER_BED.table_bytes(), self.options.runs,
                self.options.ace_on_seven)

    # ------------------------------------------------------------------ invariants
    def inconsistencies(self) -> list[str]:
        """What no game played by the rules can have made: an empty list for a position a game can
        reach.

        - The pack lies face down and holds 79 cards at most, the pack and talon together too.
        - A column's places that hold cards are its top ones (cards are removed from its foot
          only, and only an empty column is filled, at its top); each above the foot holds the one
          card dealt to it, and only the second, fourth and sixth rows lie face down, and only
          while covered (Rule II).  The cards at a column's foot after the first are a sequence
          (Rule III).
        - Each foundation begins with an ace and ascends in suit through the sevens (Rule I).

        >>> TheOlga.deal(seed=2).inconsistencies()
        []
        >>> TheOlga.arrange({"row 7 column 2": "9♥", "row 1 column 1": "[8♠]"}).inconsistencies()
        ['row 1 column 1 lies face down at the foot of its column, but the card uncovered is turned \
face upward', 'column 2 holds cards in row 7 but not in the rows above it']
        """
        faults: list[str] = []
        piles = self.piles
        rest = len(self.pack()) - ROWS * COLUMNS
        pack = piles["pack"]
        if pack.face_down != len(pack.cards):
            faults.append("the pack does not lie face down")
        if len(pack.cards) + len(piles["talon"].cards) > rest:
            faults.append(f"the pack and the talon hold {rest} cards at most")
        if piles["talon"].face_down:
            faults.append("the talon lies face down")
        for c, places in enumerate(COLUMN_PLACES, start=1):
            held = [r for r, name in enumerate(places, start=1) if piles[name].cards]
            if held and held != list(range(1, len(held) + 1)):
                faults.append(f"column {c} holds cards in row {held[-1]} but not in the rows above it")
                continue
            for r in held[:-1]:
                pile = piles[places[r - 1]]
                if len(pile.cards) != 1:
                    faults.append(f"row {r} column {c} holds {len(pile.cards)} cards, but a covered place "
                                  f"holds its one card dealt")
                if pile.face_down and r not in DOWN_ROWS:
                    faults.append(f"row {r} column {c} lies face down, but that row is dealt face up")
            if held:
                foot = piles[places[held[-1] - 1]]
                if foot.face_down:
                    faults.append(f"row {held[-1]} column {c} lies face down at the foot of its column, "
                                  f"but the card uncovered is turned face upward")
                broken = next(((a, b) for a, b in zip(foot.cards, foot.cards[1:]) if not self._builds(a, b)),
                              None)
                if broken is not None:
                    faults.append(f"column {c} is out of sequence: {broken[1]} lies on {broken[0]}")
        faults += self.foundation_inconsistencies()
        return faults

    def table(self) -> str:
        """The position as a compact diagram: the foundations begun (their top cards), the
        flower-bed column by column, each line one card down every column (``##`` face down,
        ``--`` an empty column), then the pack and the talon.

        >>> print(TheOlga.from_plate().table())
        foundations: none begun
        Q♣  K♦  8♦  7♠  9♣  9♦  10♠
        ##  ##  ##  ##  ##  ##  ##
        10♦ A♦  7♥  K♥  7♥  9♠  J♣
        ##  ##  ##  ##  ##  ##  ##
        8♥  A♦  8♣  10♦ 10♠ 10♣ 8♣
        ##  ##  ##  ##  ##  ##  ##
        7♥  8♠  A♦  8♦  10♠ 9♠  Q♦
        pack: 79 cards; talon: empty
        """
        piles = self.piles
        tops = [piles[f].cards[-1].text for f in FOUNDATIONS if piles[f].cards]
        lines = ["foundations: " + (" ".join(tops) if tops else "none begun")]
        columns = []
        for places in COLUMN_PLACES:
            cells = []
            for name in places:
                pile = piles[name]
                cells += ["##" if i < pile.face_down else card.text for i, card in enumerate(pile.cards)]
            columns.append(cells or ["--"])
        for level in range(max(map(len, columns))):
            lines.append("".join((cells[level] if level < len(cells) else "").ljust(4) for cells in columns).rstrip())
        talon = piles["talon"].cards
        pack = len(piles["pack"].cards)
        lines.append(f"pack: {pack} card{'s' if pack != 1 else ''}; talon: "
                     + (f"{talon[-1].text} ({len(talon)} card{'s' if len(talon) > 1 else ''})" if talon else "empty"))
        return "\n".join(lines)

    @property
    def is_won(self) -> bool:
        piles = self.piles
        return all(len(piles[f].cards) == 8 for f in FOUNDATIONS)

    def layout(self) -> list[Spot]:
        """The flower-bed in the middle, each row half covering the one above; eight foundations
        on either side, in two columns of four, as the plate sets them; the pack and the talon
        under the left foundations."""
        spots = []
        for i, name in enumerate(FOUNDATIONS):
            side, j = divmod(i, 8)
            x = (0 if side == 0 else 10.3) + 1.1 * (j % 2)
            spots.append(Spot(name, x, 1.1 * (j // 2), label="A"))
        for name in PLACES:
            r, c = _ROW_OF[name], _COLUMN_OF[name]
            spots.append(Spot(name, 2.5 + 1.1 * c, 0.5 * (r - 1), fan="down", draw_empty=r == 1))
        spots += [Spot("pack", 0, 4.5, label="pack"), Spot("talon", 1.1, 4.5, fan="none", label="talon")]
        return spots


TheOlga.PLATE = str(TheOlga.from_cards(PLATE_CARDS, PLATE_SEED))
