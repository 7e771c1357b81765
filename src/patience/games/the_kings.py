"""The Kings: two packs, the eight aces in two columns, the pack dealt in columns of four.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Kings", plate 021.  Not the modern game of the same name: this is the
book's game.  The eight aces are laid in two columns in the centre, the two
aces of a suit side by side on one horizontal line; they are the foundations,
built up to kings *whatever the suit* (Rule I).  The rest of the two packs is
dealt in columns of four cards, first on the left of the aces, then on the
right, each new column outside the last, so that every horizontal line of the
tableau is a row of cards running outwards on either side of its two aces.
Only the outside card of a row is available (Rule II).  *During the deal* a
card may be played only to a foundation on its own horizontal line (Rule III),
and the next card of the pack takes its place at once.  When the pack is
exhausted that restriction ends; the outside cards may then be played to any
foundation, or laid on one another in sequences going up or down (any suit),
and an entire horizontal row removed is a *lane* that any available card may
begin (in the engine's reading, the row on one side of the aces; ``lane=line``
needs the whole line cleared).  There is no re-deal.

Dealing is a move (``deal``, one card to its place), so the deal, the plays
made during it and the play after it are one replayable record.

>>> from patience import load
>>> game = load("the-kings", seed=1)
>>> [str(game.piles[f]) for f in game.piles_of("foundation")]
['A♦', 'A♦', 'A♣', 'A♣', 'A♥', 'A♥', 'A♠', 'A♠']
>>> len(game.piles["pack"]), game.next_place()
(96, 'left row 1')
>>> for _ in range(5):
...     _ = game.play("deal")
>>> [len(game.piles[r]) for r in game.piles_of("left row") + game.piles_of("right row")]
[1, 1, 1, 1, 1, 0, 0, 0]
>>> print(TheKings.from_plate().table())
   -- | A♦  A♦ | --
   -- | A♣  A♣ | --
   -- | A♥  A♥ | --
   -- | A♠  A♠ | --
pack: 96 cards
"""

from __future__ import annotations

from itertools import count
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..build import Build, Foundation
from ..cards import CARDS, Card, Rank, Suit, parse_cards
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, move_onto
from ..options import Option
from . import register

__all__ = ["TheKings"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Kings”"

#: The horizontal lines of the tableau: one for each suit of the aces.
LINES = 4
#: The two groups of columns, on either side of the aces.
SIDES = ("left", "right")
#: The suits of the aces from the top line down, "each suit in juxtaposition as in
#: tableau": plate 021 shows diamonds, clubs, hearts, spades.
ACE_SUITS = (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES)

#: Rule I and the foundations: the aces "ascend in sequence (Rule I) to kings", and
#: "the foundations do not follow suit".
FOUNDATION = Foundation(Rank.ACE, Build("up", "any"))
#: Rule I and the sequences: "neither do the cards placed in sequence on the columns";
#: "Sequences (Rule I), both ascending and descending".
SEQUENCE = Build("either", "any")

#: The piles by name: the foundations in order, and the rows, the left group's then the right's,
#: each from the top line down; the horizontal line of each (a foundation's and a row's); and for
#: each row its side (0 left, 1 right), its line and the row on the other side of the aces.
FOUNDATIONS = tuple(f"foundation {i + 1}" for i in range(2 * LINES))
ROWS = tuple(f"{side} row {r + 1}" for side in SIDES for r in range(LINES))
_LINE = {**{name: i // 2 + 1 for i, name in enumerate(FOUNDATIONS)}, **{name: i % LINES + 1 for i, name in enumerate(ROWS)}}
_DEAL_PLACES = tuple((name, i // LINES, i % LINES + 1) for i, name in enumerate(ROWS))
_OTHER_SIDE = {name: ROWS[(i + LINES) % (2 * LINES)] for i, name in enumerate(ROWS)}
_TEXT = {card: str(card) for card in CARDS[1:]}

DEAL = Move("deal", notation="deal")

DEAL_WORDS = (
    "Withdraw from the packs the eight aces, and place them in two columns, taking care that each "
    "suit is in juxtaposition as in tableau. … On either side of the foundations, deal out a column "
    "of four cards, and if in dealing these a suitable card turns up, available for a foundation, in "
    "accordance with Rule III, play it at once; replacing it with the next card from the pack. You "
    "continue to deal out successive columns of four cards, alternately on the right and left of the "
    "first ones, until the pack is exhausted, thus forming two groups of columns, with the eight aces "
    "in the centre."
)
SEQUENCE_WORDS = (
    "When the pack is exhausted, you examine the tableau, and may now play any available cards "
    "(Rule II), the restriction as to their being on the same horizontal line having ceased. "
    "Sequences (Rule I), both ascending and descending, may now be formed with cards on the outside "
    "of both groups (Rule II), and these sequences may be reversed, as they are required to play on "
    "the foundations, by transferring them from one packet to another."
)


@register
class TheKings(Game):
    """The Kings: two packs; eight aces in the centre, four rows of cards on either side."""

    slug = "the-kings"
    name = "The Kings"
    chapter = "the-kings"
    order = 21
    source = SOURCE
    plate = "021"
    packs = 2
    #: The three numbered rules, then the paragraphs of PLAY that a move can break,
    #: under the short names the engine cites.
    RULES = {
        "I": "The foundations do not follow suit, neither do the cards placed in sequence on the columns.",
        "II": "Only the outside cards of each group of columns are available until, by their removal, "
        "the next ones are released, the principle being that no card is available that has another "
        "outside it. Note.--By “outside” is meant the cards on the right side of the right-hand group, "
        "and those on the left side of the left-hand group.",
        "III": "During the deal no card is available for playing on the foundations unless it is on the "
        "same horizontal line as the foundation (of either group) for which it is suitable. When the "
        "entire deal is complete, this restriction ceases.",
        "Deal": DEAL_WORDS,
        "Foundations": "The eight aces form the foundations, which ascend in sequence (Rule I) to kings.",
        "Sequences": SEQUENCE_WORDS,
        "Lane": "If an entire horizontal row of cards has been removed, you may place any available card "
        "at the inner end of the lane so formed, and sequences may be placed upon it, as on the others.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("II", "no card is available that has another outside it")
    #: The foundations take any suit, so only their heights tell them apart, and the two of a
    #: horizontal line are alike; once the pack is exhausted the rows are alike too, a line's two
    #: rows with each other and, but for Rule III kept always, every row (:meth:`solver_key`).
    INTERCHANGEABLE = ("foundation", "left row", "right row")
    SEARCH_IN_C = search_in_c("games._the_kings_search")
    NODES_IN_C = 1_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order: a
    #: depth-first search here wanders, shifting sequences from row to row, and a win it finds late is a
    #: line of thousands of moves (up to 30,000), where another order wins in a few hundred.  Of deals 1
    #: to 200, the 145 a first search of 2,000 positions leaves unknown are all won by the first four
    #: searches again of 2,000 (at most 9,650 positions a deal), in C; a first search of 100,000 then these
    #: (the study's budget until then) won the same, with fourteen times the positions and six times the moves.
    RESTARTS = SEARCH_AGAIN
    OPTIONS = (
        Option(
            "same_line",
            "deal",
            "when Rule III holds (a card is played only to a foundation on its own horizontal line): "
            "during the 'deal' only (the book's reading: “when the entire deal is complete, this "
            "restriction ceases”) or 'always' (the other reading its note mentions)",
            choices=("deal", "always"),
        ),
        Option(
            "play_at_once",
            False,
            "during the deal, a card that can be played must be played before the next card is dealt "
            "(“play it at once”, “never omit to play suitable cards as they turn up”); by default the "
            "player may deal on and lose the chance",
        ),
        Option(
            "direction",
            "either",
            "sequences on the columns: each card one higher or one lower than the card it covers "
            "('either'), or a sequence, once two cards follow, goes on in its direction ('keep')",
            choices=("either", "keep"),
        ),
        Option(
            "lane",
            "group",
            "what is a lane: a row of one 'group' of columns emptied of its cards, or only a whole "
            "horizontal 'line' emptied on both sides of its aces",
            choices=("group", "line"),
        ),
    )

    #: Plate 021: the eight aces in two columns, a suit on each horizontal line (diamonds,
    #: clubs, hearts, spades from the top), and blank places on either side where the first
    #: two columns of four will be dealt (the aces re-read pip by pip at magnification for
    #: issue 14: none changed).  The plate does not show the pack; here it lies in
    #: the order of deal 21 (``seed=21``), the next card to deal last, so that
    #: ``from_plate()`` is ``deal(seed=21)``.
    PLATE = """\
the-kings seed=21
pack: [5♥] [2♣] [7♦] [Q♣] [9♣] [2♦] [10♥] [9♠] [2♣] [4♥] [7♥] [3♠] [K♣] [5♠] [Q♣] [2♥] [7♠] [J♣] \
[9♠] [6♠] [4♦] [6♥] [8♥] [8♠] [Q♠] [Q♦] [9♥] [9♦] [K♥] [7♥] [9♦] [8♣] [K♦] [10♠] [2♦] [8♥] [10♣] \
[8♦] [9♥] [Q♥] [3♦] [7♣] [6♦] [8♦] [5♦] [5♣] [10♠] [2♠] [3♥] [5♦] [K♥] [J♥] [9♣] [Q♠] [4♣] [K♦] [6♣] \
[7♠] [10♦] [10♣] [7♦] [5♠] [3♣] [8♠] [Q♥] [K♠] [4♠] [6♦] [2♥] [3♦] [4♥] [J♣] [6♣] [K♣] [J♥] [5♥] \
[4♠] [Q♦] [3♥] [3♠] [7♣] [6♥] [K♠] [6♠] [J♠] [J♦] [10♦] [4♦] [J♦] [2♠] [5♣] [4♣] [J♠] [10♥] [3♣] \
[8♣]
foundation 1: A♦
foundation 2: A♦
foundation 3: A♣
foundation 4: A♣
foundation 5: A♥
foundation 6: A♥
foundation 7: A♠
foundation 8: A♠
"""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack, the eight foundations (two on each horizontal line: 1 and 2 on the
        top line, 7 and 8 on the bottom one, the left column odd), then the rows of each
        group, each row written from its inner end (by the aces) to its outside card."""
        return (
            ["pack"]
            + [f"foundation {i + 1}" for i in range(2 * LINES)]
            + [f"{side} row {r + 1}" for side in SIDES for r in range(LINES)]
        )

    def rows(self) -> list[str]:
        """The eight rows of the tableau: the left group's four, then the right group's."""
        return list(ROWS)

    @staticmethod
    def line_of(name: str) -> int:
        """The horizontal line (1 at the top) that a row or a foundation lies on."""
        line = _LINE.get(name)
        if line is not None:
            return line
        number = int(name.split()[-1])
        return (number + 1) // 2 if name.startswith("foundation") else number

    def foundation_rule(self, name: str) -> Foundation:
        return FOUNDATION

    @property
    def dealing(self) -> bool:
        """True while the deal goes on: the pack is not yet exhausted."""
        return bool(self.piles["pack"].cards)

    def same_line_holds(self) -> bool:
        """Whether Rule III binds now: during the deal, or always with ``same_line=always``."""
        return bool(self.piles["pack"].cards) or self.options.same_line == "always"

    # ------------------------------------------------------------------ the deal
    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        rows: Mapping[str, str],
        pack: str = "",
        heights: Sequence[int] | None = None,
        **options: Any,
    ) -> TheKings:
        """A position made of the rows that matter, for examples and tests.

        ``rows`` maps row names (``"left row 2"``) to their cards, from the inner end
        out; ``pack`` lists cards still to deal, the next one first.  Every other card
        lies on the foundations, each built up from its ace, as high as the cards left
        allow, the first foundations highest; or, when ``heights`` are given (eight
        numbers of cards, foundation 1 first), to those heights, and the cards they
        leave over lie at the bottom of the pack, to be dealt last.

        >>> game = TheKings.arrange({"left row 1": "Q♥ K♠", "right row 3": "K♦"})
        >>> [len(game.piles[f]) for f in game.piles_of("foundation")]
        [13, 13, 13, 13, 13, 13, 12, 11]
        >>> print(game.piles["foundation 7"].top, game.piles["foundation 8"].top, game.dealing)
        Q♣ J♣ False
        """
        game = cls(**options)
        placed: list[Card] = []
        for name, text in rows.items():
            if name not in game.rows():
                raise InvalidPosition(f"unknown row {name!r} in {game.name}")
            game.piles[name] = Pile.of(text)
            placed += game.piles[name].cards
        dealt = parse_cards(pack)
        game.piles["pack"] = Pile(tuple(reversed(dealt)), len(dealt))
        left: dict[int, list[Card]] = {}
        spare = list(game.pack())
        for card in placed + dealt:
            if card not in spare:
                raise InvalidPosition(f"too many {card} for the pack")
            spare.remove(card)
        for card in sorted(spare):
            left.setdefault(card.value, []).append(card)
        given = heights is not None
        if heights is None:
            heights = [next((v - 1 for v in range(1, 14) if len(left.get(v, ())) <= i), 13)
                       for i in range(2 * LINES)]
        if len(heights) != 2 * LINES:
            raise InvalidPosition(f"give the heights of all {2 * LINES} foundations")
        for i, name in enumerate(game.piles_of("foundation")):
            cards = []
            for value in range(1, heights[i] + 1):
                if not left.get(value):
                    raise InvalidPosition(f"no card of value {value} is left for {name}")
                # the aces lie as in the deal, the two of a suit on one line
                suit = ACE_SUITS[i // 2]
                pick = next((c for c in left[value] if value > 1 or c.suit == suit), left[value][0])
                left[value].remove(pick)
                cards.append(pick)
            game.piles[name] = Pile(tuple(cards))
        extra = [c for v in sorted(left) for c in left[v]]
        if extra and not given:
            raise InvalidPosition(f"cards placed nowhere: {' '.join(map(str, extra))}")
        if extra:
            game.piles["pack"] = Pile(tuple(extra) + game.piles["pack"].cards, len(extra) + len(dealt))
        return cls.from_position(str(game))

    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw the eight aces and place them in two columns, the two aces of a suit side
        by side on one line; the rest of the cards is the pack, dealt by ``deal`` moves."""
        aces = [c for c in cards if c.rank == Rank.ACE]
        for line, suit in enumerate(ACE_SUITS):
            pair = [c for c in aces if c.suit == suit]
            for column, ace in enumerate(pair):
                self.piles[f"foundation {2 * line + column + 1}"] = Pile((ace,))
        rest = [c for c in cards if c.rank != Rank.ACE]
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    def places(self) -> Iterator[tuple[str, int]]:
        """The places of the deal in order, as (row, column): the first column on the left
        of the aces, top to bottom, then the first on the right, then the second on the
        left (outside the first), and so on, "first on the left, and then on the right"."""
        for j in count():
            side, column = SIDES[j % 2], j // 2 + 1
            for line in range(1, LINES + 1):
                yield f"{side} row {line}", column

    def next_place(self) -> str:
        """The row that the next card of the deal goes to: the first place of the deal not
        yet filled (a card played during the deal is replaced at once, so this is the
        place after the last card dealt)."""
        # A row of ``n`` cards is first unfilled at the place of column ``n + 1`` on its side:
        # the ``2n + side``-th column of the deal (counted from 0), on its line.
        piles = self.piles
        return min((2 * len(piles[row].cards) + side, line, row) for row, side, line in _DEAL_PLACES)[2]

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield Move("deal", notation="deal")
        yield Move("redeal", notation="redeal")
        rows = self.rows()
        empty = [r for r in rows if self.piles[r].is_empty]
        for source in rows:
            card = self.piles[source].top
            if card is None:
                continue
            for name in self._foundations_for(source, card):
                yield Move("move", (card,), source, name, f"{card} → {name}")
            for target in rows:
                if target == source:
                    continue
                under = self.piles[target].top
                where = str(under) if under else "space" if len(empty) == 1 else target
                yield Move("move", (card,), source, target, f"{card} → {where}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: the deal, then each
        outside card to the foundations that take it (Rule III during the deal) and, once the
        pack is exhausted, onto the outside cards it follows and into the lanes."""
        piles, options = self.piles, self.options
        dealing = bool(piles["pack"].cards)
        same_line = dealing or options.same_line == "always"
        # The foundations that take each value: an empty one the ace, another the card one above its
        # top, whatever the suit (Rule I), none above a king.
        wanted: dict[int, list[str]] = {}
        for name in FOUNDATIONS:
            cards = piles[name].cards
            value = cards[-1].value + 1 if cards else 1
            if value <= 13:
                wanted.setdefault(value, []).append(name)
        tops = [(name, piles[name].cards) for name in ROWS]
        lanes = sum(1 for _, cards in tops if not cards)
        keep = options.direction == "keep"
        by_line = options.lane == "line"
        played: list[Move] = []
        moves: list[Move] = []
        for source, cards in tops:
            if not cards:
                continue
            card = cards[-1]
            value = card.value
            takers = wanted.get(value)
            if takers:
                line = _LINE[source]
                # Rule III: a foundation on the card's own line first; the others once it has ceased.
                mine = [f for f in takers if _LINE[f] == line]
                for name in mine if same_line else mine + [f for f in takers if _LINE[f] != line]:
                    move = move_onto((card,), source, name, name)
                    moves.append(move)
                    played.append(move)
            if dealing:
                continue  # sequences are formed only when the pack is exhausted
            for target, row in tops:
                if target == source:
                    continue
                if not row:  # a lane (with lane=line, only when the other side of the line is empty too)
                    if by_line and piles[_OTHER_SIDE[target]].cards:
                        continue
                    where = "space" if lanes == 1 else target
                else:
                    under = row[-1]
                    step = value - under.value
                    if step != 1 and step != -1:  # Rule I: up or down by one, whatever the suit
                        continue
                    if keep and len(row) >= 2:  # a sequence goes on in its direction
                        before = under.value - row[-2].value
                        if (before == 1 or before == -1) and step != before:
                            continue
                    where = _TEXT[under]
                moves.append(move_onto((card,), source, target, where))
        if dealing and not (options.play_at_once and played):
            moves.insert(0, DEAL)
        return moves

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """A key that tells apart only what the rules tell apart.  A foundation is known by its
        height (it takes the next card up whatever the suit) and its line (Rule III); the two of
        a line are alike.  During the deal the rows are kept as they are (the deal goes to them in
        turn); once the pack is exhausted, a line's two rows are alike, the lines are alike but
        for their foundations while Rule III holds, and with ``same_line=deal`` and
        ``lane=group`` every row is like every other and every foundation like every other."""
        if not self.INTERCHANGEABLE:
            return self.state_key()
        piles = self.piles
        heights = [len(piles[f].cards) for f in FOUNDATIONS]
        dealing = bool(piles["pack"].cards)
        same_line = dealing or self.options.same_line == "always"
        if dealing:
            pairs = tuple((a, b) if a <= b else (b, a) for a, b in zip(heights[::2], heights[1::2]))
            return (pairs, piles["pack"], tuple([piles[r] for r in ROWS]))
        if not same_line and self.options.lane == "group":
            return (tuple(sorted(heights)), _alike([piles[r] for r in ROWS]))
        lines = []
        for i in range(LINES):
            rows = _alike([piles[ROWS[i]], piles[ROWS[LINES + i]]])
            lines.append((tuple(sorted(heights[2 * i: 2 * i + 2])) if same_line else (), rows))
        rest = () if same_line else tuple(sorted(heights))
        return (rest, tuple(sorted(lines, key=lambda line: (line[0], [(len(p), p.cards) for p in line[1]]))))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the rows in the order of :data:`ROWS` (each from its inner end out), the
        foundations in their order (each from its ace up), and the options that change the play: whether
        ``same_line=always``, ``play_at_once``, ``direction=keep`` and ``lane=line``.

        >>> pack, rows, foundations, *options = TheKings.deal(seed=1).description()
        >>> len(pack), rows, [len(cards) for cards in foundations], options
        (96, (b'', b'', b'', b'', b'', b'', b'', b''), [1, 1, 1, 1, 1, 1, 1, 1], [False, False, False, False])
        """
        piles, options = self.piles, self.options
        return (bytes(piles["pack"].cards), tuple(bytes(piles[name].cards) for name in ROWS),
                tuple(bytes(piles[name].cards) for name in FOUNDATIONS), options.same_line == "always",
                options.play_at_once, options.direction == "keep", options.lane == "line")

    def useful_moves(self) -> list[Move]:
        """The legal moves less those that lead where another leads: a card to a second
        foundation as high as one it could go to on the same line (or, once Rule III has ceased,
        anywhere), and, once the rows are alike, a card into a second lane."""
        legal = self.legal_moves()
        piles = self.piles
        same_line = bool(piles["pack"].cards) or self.options.same_line == "always"
        rows_alike = not same_line and self.options.lane == "group"
        seen: set[tuple[Any, ...]] = set()
        useful = []
        for move in legal:
            kind, _, source, target, _ = move
            if kind == "move" and target.startswith("foundation"):
                line = None if not same_line else self.line_of(target)
                key: tuple[Any, ...] = (source, len(piles[target].cards), line)
            elif rows_alike and kind == "move" and not piles[target].cards:
                key = (source, "lane")
            else:
                useful.append(move)
                continue
            if key not in seen:
                seen.add(key)
                useful.append(move)
        return useful

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """Once the pack is exhausted and Rule III has ceased: a card played to a foundation when
        every card one lower and one higher than it is out (in practice, a king when the eight
        queens are out).  Nothing can then lie on it or take it but a foundation, and the
        foundations as high as the one it goes to are alike; so it only stands on the card under
        it, and the line of play that would keep it there can play it now instead."""
        if self.same_line_holds():
            return None
        heights = [len(self.piles[f].cards) for f in FOUNDATIONS]
        for move in moves:
            if move.kind == "move" and move.target in FOUNDATIONS:
                value = move.cards[0].value
                if all(h >= value - 1 for h in heights) and (value == 13 or all(h >= value + 1 for h in heights)):
                    return move
        return None

    def _foundations_for(self, source: str, card: Card) -> list[str]:
        """The foundations in the order a move written ``card → foundation`` tries them:
        those that take the card by sequence first, those on the card's own line next, so
        that a refusal names the rule the player most likely met."""
        line = self.line_of(source)
        return sorted(
            self.piles_of("foundation"),
            key=lambda f: (self.foundation_fault(f, card) is not None, self.line_of(f) != line),
        )

    def aliases(self, move: Move) -> set[str]:
        names = super().aliases(move)
        if move.kind == "move" and move.target in self.piles and self.piles[move.target].is_empty:
            names |= {f"{move.cards[0]} → space", f"{move.cards[0]} → lane"}
        return names

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return self._deal_violation()
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if move.kind != "move" or move.source not in self.rows() or move.target not in self.piles:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        source = self.piles[move.source]
        if len(move.cards) != 1 or source.top != move.cards[0]:
            return self.illegal(*self.AVAILABILITY, *move.cards[:1])
        card = move.cards[0]
        if move.target.startswith("foundation"):
            return self._foundation_violation(move.source, move.target, card)
        if move.target == "pack" or move.target == move.source:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        return self._sequence_violation(move.source, move.target, card)

    def _deal_violation(self) -> IllegalMove | None:
        """The deal: card by card until the pack is exhausted; with ``play_at_once``, a card
        that can be played is played before the next is dealt."""
        if not self.dealing:
            return IllegalMove("Deal", "the pack is exhausted")
        if self.options.play_at_once:
            for m in self.moves():
                if m.kind == "move" and m.target in FOUNDATIONS and self.violation(m) is None:
                    return IllegalMove("Deal", "a suitable card is played at once, before the next is dealt",
                                       f"{m.cards[0]} can be played")
        return None

    def _foundation_violation(self, source: str, name: str, card: Card) -> IllegalMove | None:
        """Rule I and the foundations (up in sequence, any suit), then Rule III (the same line)."""
        fault = self.foundation_fault(name, card)
        top = self.piles[name].top
        if fault is not None:
            if top is None:
                return self.illegal("Foundations", "the eight aces form the foundations", card)
            if top.rank == Rank.KING:
                return self.illegal("Foundations", "the foundations ascend to kings, and this one is complete",
                                    card, top)
            return self.illegal("I", "the foundations ascend in sequence, whatever the suit", card, top)
        if self.same_line_holds() and self.line_of(source) != self.line_of(name):
            when = "during the deal " if self.options.same_line == "deal" else ""
            return self.illegal(
                "III", f"{when}a card is played only to a foundation on its own horizontal line", card, top or name
            )
        return None

    def _sequence_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """The paragraph on sequences and Rule I (up or down, any suit), and the lanes."""
        if self.dealing:
            return self.illegal("Sequences", "sequences are formed only when the pack is exhausted", card)
        row = self.piles[target]
        under = row.top
        if under is None:
            return self._lane_violation(target, card)
        if SEQUENCE.fault(under, card):
            return self.illegal("I", "a sequence goes up or down by one, whatever the suit", card, under)
        if self.options.direction == "keep" and len(row) >= 2:
            step = under.value - row.cards[-2].value
            if abs(step) == 1 and card.value - under.value != step:
                way = "an ascending" if step > 0 else "a descending"
                return self.illegal("Sequences", f"{way} sequence goes on in its direction", card, under)
        return None

    def _lane_violation(self, target: str, card: Card) -> IllegalMove | None:
        """The paragraph on lanes: an emptied row takes any available card at its inner end;
        with ``lane=line`` only when the row on the other side of the aces is empty too."""
        if self.options.lane == "line":
            side, _, number = target.partition(" row ")
            other = f"{SIDES[1 - SIDES.index(side)]} row {number}"
            if not self.piles[other].is_empty:
                return self.illegal("Lane", "a lane is formed only when an entire horizontal line is removed",
                                    card, "space")
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        if move[0] == "deal":
            self._deal_one()
            return
        source, target = move[2], move[3]
        piles = self.piles
        row, there = piles[source], piles[target]
        piles[target] = Pile(there.cards + row.cards[-1:], there.face_down)
        pack = piles["pack"]
        if pack.cards and target.startswith("foundation"):
            # "play it at once; replacing it with the next card from the pack"
            rest = row.without(1)
            piles[source] = Pile(rest.cards + pack.cards[-1:], rest.face_down)
            piles["pack"] = pack.without(1)
        else:
            piles[source] = row.without(1)

    def _deal_one(self) -> None:
        """Deal the next card of the pack, face up, to the next place of the deal."""
        self.transfer("pack", self.next_place())

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card on the foundations: the pack dealt and every row cleared."""
        piles = self.piles
        return not piles["pack"].cards and not any([piles[r].cards for r in ROWS])

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The eight aces are withdrawn; the other 96 cards are the pack,
          face down, dealt one card to each place in turn (a column of four on the left, then on
          the right, each outside the last).  A card played during the deal is replaced at once
          from the pack, so while the pack holds cards the rows hold the first places of the deal,
          as many as they have cards, and no more than twelve columns on a side are ever dealt.
        - *Which places may be empty.*  No foundation: the aces lie there from the start.  While the
          pack holds cards, no place of the deal before the last one filled; once it is exhausted,
          any row (a lane).
        - *What may lie where.*  Each foundation begins with an ace of the suit of its line (the
          two aces of a suit side by side, diamonds, clubs, hearts, spades from the top) and
          ascends by one whatever the suit (Rule I).  While the pack holds cards no sequence is
          formed; after, a row is what is left of its twelve cards dealt with a sequence on its
          outside card, each card one higher or one lower than the card it lies on: so up to that
          sequence's first card a row holds twelve cards at most.  Only the pack lies face down.

        >>> TheKings.deal(seed=4).inconsistencies()
        []
        >>> game = TheKings.deal(seed=4)
        >>> game.piles["left row 2"] = Pile.of("5♥")
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        the rows hold 1 card, but not in the first places of the deal (left row 1 has 0, not 1)
        """
        faults = []
        piles = self.piles
        pack = piles["pack"]
        columns = (52 * self.packs - 2 * LINES) // (2 * LINES)
        if pack.face_down != len(pack.cards) or any(piles[n].face_down for n in (*FOUNDATIONS, *ROWS)):
            faults.append("a card lies face down outside the pack, or face up in it")
        for i, name in enumerate(FOUNDATIONS):
            cards = piles[name].cards
            suit = ACE_SUITS[i // 2]
            if not cards or cards[0].rank != Rank.ACE or cards[0].suit != suit:
                faults.append(f"{name} does not begin with an ace of {suit.name.lower()}")
            elif any(FOUNDATION.build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} is out of sequence")
        lengths = {name: len(piles[name].cards) for name in ROWS}
        if pack.cards:
            filled = sum(lengths.values())
            shape = dict.fromkeys(ROWS, 0)
            places = self.places()
            for _ in range(filled):
                row, _column = next(places)
                shape[row] += 1
            wrong = [name for name in ROWS if lengths[name] != shape[name]]
            if wrong:
                faults.append(f"the rows hold {filled} card{'s' if filled != 1 else ''}, but not in the first "
                              f"places of the deal ({wrong[0]} has {lengths[wrong[0]]}, not {shape[wrong[0]]})")
        for name in ROWS:
            cards = piles[name].cards
            start = len(cards)
            if not pack.cards:
                while start > 1 and SEQUENCE.fault(cards[start - 2], cards[start - 1]) is None:
                    start -= 1
            # cards[start - 1:] is the sequence the row ends with (none during the deal): all of it
            # may be laid there but its first card, dealt (one of the first twelve) or put in a lane.
            if start > columns:
                faults.append(f"{name} holds {start} cards to the first of its sequence, but "
                              f"{columns} were dealt into it")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 021's arrangement: the two columns of aces in the centre, the rows of the
        left group running out to the left ("left" fans: the outside card leftmost), those
        of the right group to the right, and the pack below the aces.

        A "left" fan takes the same box as a right fan of as many cards at (x, y), with its
        bottom card at the right end; a renderer that knows only right fans draws it in
        that box in the other order."""
        from ..render import fan_width

        reach = fan_width(max([1] + [len(self.piles[r]) for r in self.rows()]))
        aces = reach + 1 / 6  # the left column of aces, one gap right of the longest left row
        spots = []
        for line in range(1, LINES + 1):
            y = line - 1
            width = fan_width(len(self.piles[f"left row {line}"]))
            spots.append(Spot(f"left row {line}", reach - width, y, fan="left"))
            spots.append(Spot(f"foundation {2 * line - 1}", aces, y))
            spots.append(Spot(f"foundation {2 * line}", aces + 1, y))
            spots.append(Spot(f"right row {line}", aces + 2, y, fan="right"))
        spots.append(Spot("pack", aces + 0.5, LINES + 0.25, label="pack"))
        return spots

    def table(self) -> str:
        """The tableau as it lies, as text: on each line the left row read from its outside
        card in, the top cards of the line's two foundations, then the right row read out;
        below, what is left of the pack."""
        lefts = [" ".join(str(c) for c in reversed(self.piles[f"left row {n}"].cards)) or "--"
                 for n in range(1, LINES + 1)]
        width = max(len(s) for s in lefts) + 3
        lines = []
        for n, left in enumerate(lefts, start=1):
            tops = [str(self.piles[f"foundation {2 * n - k}"].top or "--") for k in (1, 0)]
            right = " ".join(str(c) for c in self.piles[f"right row {n}"].cards) or "--"
            lines.append(f"{left.rjust(width)} | {tops[0].ljust(3)} {tops[1].ljust(3)}| {right}")
        pack = len(self.piles["pack"])
        lines.append(f"pack: {pack} cards" if pack else "pack: exhausted")
        return "\n".join(lines)


def _alike(piles: Iterable[Pile]) -> tuple[Pile, ...]:
    """``piles`` in a fixed order, for a key that does not tell them apart."""
    return tuple(sorted(piles, key=lambda p: (len(p), p.cards)))
