"""The Idiot's Delight, the third of the three patiences that grant a wish.

Source: *Everybody's Book of Luck* (anonymous, early twentieth century,
British), the passage on "Tens", "Demon" and "the Idiot's Delight"; its
diagram No. 29 (the lay-out) is lost.

One pack.  Lines of nine, eight, seven … one card are laid face up (45 cards);
only the cards "shown black in the diagram" may move at the outset.  The
diagram is lost: in the engine's reading each line is laid under the one
before, starting at the left, making nine files of nine, eight, … one card,
and the card at the foot of each file is the one shown black.  The seven cards
over are the *reserve*, all in use at any time.  Cards are moved one at a time
onto a card of the other colour and one degree higher; a stack of two or more
is moved only into a vacant top space.  The four aces are got out and built up
in suit to the kings; the game is won when all 52 are on them.

The files are ``file 1`` … ``file 9``, each listed from its card in the first
(top) line down to its foot; ``reserve`` holds the seven over; the foundations
are ``foundation 1`` … ``foundation 4``.

>>> from patience import load
>>> game = load("the-idiots-delight", seed=90)
>>> [len(game.piles[f]) for f in game.piles_of("file")], len(game.piles["reserve"])
([9, 8, 7, 6, 5, 4, 3, 2, 1], 7)
>>> print(*game.available_cards())
5♥ 3♣ 7♦ 6♠ K♣ 2♣ Q♦ K♦ Q♣ 10♦ 4♠ 6♣ A♠ 8♥ 2♠ K♥
>>> print(game.play("6♠ → 7♦"), "|", game.play("Q♦ → K♣"), "|", game.play("A♠ → foundation"))
6♠ → 7♦ | Q♦ → K♣ | A♠ → foundation
"""

from __future__ import annotations

from operator import attrgetter, itemgetter
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..blocked import Blocking, Lay, needs, onto
from ..build import ACES_UP, Build, Foundation
from ..cards import CARDS, Card, Rank
from ..compiled import search_in_c
from ..errors import IllegalMove
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, move_onto, pile_kind, pile_order
from ..options import Option
from . import register

__all__ = ["TheIdiotsDelight"]

SOURCE = "Everybody's Book of Luck (anonymous, early 20th c.), “The Idiot's Delight”"

#: "A black six goes on a red seven, a red queen on a black king, and so on."
ALTERNATE_DOWN = Build("down", "alternate")

#: "A line of nine cards … followed by a line of eight cards; then one of seven, and others of
#: six, five, four, three, two and one card": nine files, the first nine cards long.
FILES = 9
#: "The 'lay-out' does not take all the fifty-two cards. There are seven over."
RESERVE = 7

#: The piles by kind, in order (the hot paths name them without asking :meth:`Game.piles_of`).
FILE_NAMES = tuple(f"file {i}" for i in range(1, FILES + 1))
FOUNDATION_NAMES = tuple(f"foundation {i}" for i in range(1, 5))
_FILE_PILES = itemgetter(*FILE_NAMES)
_FOUNDATION_PILES = itemgetter(*FOUNDATION_NAMES)
_CARDS_OF_PILE = attrgetter("cards")

#: For the fast paths, by a card's code: its name, the cards that may lie on it in the files (rule 4),
#: and the card that follows it on its foundation (rule 2; None after a king).
_NAMES = ("", *(str(card) for card in CARDS[1:]))
_FITS = ALTERNATE_DOWN.table()
_LYING_ON = ALTERNATE_DOWN.children_table()
_FOLLOWING = (None, *(CARDS[code + 1] if code % 13 else None for code in range(1, 53)))
_ACES = tuple(card for card in CARDS[1::13] if card is not None)
#: What proves a card can never go up (:meth:`TheIdiotsDelight.blocked`).
_BLOCKING = Blocking(needs([ACES_UP]), onto(ALTERNATE_DOWN), [True] * len(CARDS))



#: The rule and words a foundation's faults break.
FOUNDATION_REASONS = {
    "start": ("2", "the foundations are the four aces, got out first"),
    "must follow suit": ("2", "the foundations are built in the same suits"),
    "*": ("2", "the foundations are built in proper order, up to the kings"),
}
FOUNDATION_STAYS = "a card built on its foundation stays there"
#: The rule and words a card built on a file breaks.
BUILD_REASONS = {
    "must alternate in colour": ("4", "a black card goes on a red, a red card on a black"),
    "*": ("4", "a card goes on one of the next higher value"),
}


@register
class TheIdiotsDelight(Game):
    """The Idiot's Delight: nine files of nine down to one card, seven over, alternate builds."""

    slug = "the-idiots-delight"
    name = "The Idiot's Delight"
    chapter = "the-idiots-delight"
    order = 103
    source = SOURCE
    plate = None
    packs = 1
    RULES = {
        "1": "First, a line of nine cards is laid out, face up; followed by a line of eight cards; "
        "then one of seven, and others of six, five, four, three, two and one card.",
        "2": "The aim of the player is to get out the four aces and to build upon them, in proper "
        "order and the same suits, until the kings are reached.",
        "3": "At the outset, the only cards that can be moved or used in any way are those shown "
        "black in the diagram. … (1) When one of the cards, shown black in the diagram, is moved, "
        "the card above it comes into play and can be moved.",
        "4": "They are moved according to the following plan: a black six goes on a red seven, a red "
        "queen on a black king, and so on.",
        "5": "Any number of cards can be placed one on top of the other, if moved one at a time, but "
        "it is not allowable to move a stack of two or more cards, except to place it in one of the "
        "top nine spaces, and then only when one of these spaces becomes vacant.",
        "6": "(2) The “lay-out” does not take all the fifty-two cards. There are seven over. These can "
        "be used for making up sequences as and when desired.",
        "7": "If this is managed, the game is a success: if not, a failure.",
    }
    AVAILABILITY = ("3", "only the cards shown black, at the foot of the files, can be moved")
    NAMES_RUNS = True
    STAYS = {"foundation": ("2", FOUNDATION_STAYS)}
    RESTARTS = SEARCH_AGAIN
    #: The search in C (``_the_idiots_delight_search.c``), where the build made it: the core's search of
    #: the game (the same moves in the same order, safe moves, proofs of :meth:`blocked` and positions
    #: merged); some three seconds of it where no budget is given.
    SEARCH_IN_C = search_in_c("games._the_idiots_delight_search")
    #: Every card lies face up.
    FACE_DOWN = ()
    #: The nine files are alike wherever they lie, and so are the four foundations (for solvers).
    INTERCHANGEABLE = ("file", "foundation")
    OPTIONS = (
        Option(
            "spaces",
            "any",
            "what a vacant top space takes: 'any' single card as well as a stack (the text forbids "
            "nothing to a single card), or only 'stacks' of two or more cards (the one thing the text "
            "names)",
            choices=("any", "stacks"),
        ),
        Option(
            "stack",
            "run",
            "what may be moved into a vacant top space as a stack: a 'run' at the foot of a file, "
            "whole or in part (cards built one on another, down in alternate colours), only the "
            "'whole' run, or 'any' cards, from one card of a file down to its foot, in sequence or not",
            choices=("run", "whole", "any"),
        ),
        Option(
            "reserve_to_foundations",
            True,
            "a card of the seven over may go straight to its foundation (false: the seven are used "
            "only “for making up sequences” on the files)",
        ),
    )

    # ---------------------------------------------------------------- the deal
    def pile_names(self) -> list[str]:
        return [*FILE_NAMES, "reserve", *FOUNDATION_NAMES]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP

    def lay_out(self, cards: list[Card]) -> None:
        """Rule 1: lines of nine, eight, … one card, each under the one before from the left, so
        that file ``n`` holds ``10 - n`` cards; the seven over are the reserve.

        >>> game = TheIdiotsDelight()
        >>> game.lay_out(game.pack())
        >>> print(game.piles["file 8"], "|", game.piles["file 9"], "|", game.piles["reserve"])
        8♠ 4♥ | 9♠ | 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣
        """
        files = self.piles_of("file")
        dealt: dict[str, list[Card]] = {name: [] for name in files}
        deck = iter(cards)
        for line in range(FILES):
            for name in files[: FILES - line]:
                dealt[name].append(next(deck))
        for name in files:
            self.piles[name] = Pile(tuple(dealt[name]))
        self.piles["reserve"] = Pile(tuple(deck))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        files: Mapping[int, str],
        reserve: str = "",
        foundations: str = "",
        rest: int = FILES,
        **options: Any,
    ) -> TheIdiotsDelight:
        """A position made of the piles that matter, for examples and tests.

        ``files`` maps a file's number to its cards (from the top line down to the foot; ``""``
        for a vacant file); ``reserve`` lists the cards over; ``foundations`` names the top card
        of each foundation begun (``"3♠ A♥"``: the spades up to the three, the ace of hearts).
        Every other card lies in file ``rest``, in new-pack order above any cards given for it;
        the files not named are vacant.

        >>> game = TheIdiotsDelight.arrange({1: "K♠ 7♥", 2: "6♣", 9: "2♦"}, reserve="Q♦", foundations="2♥")
        >>> print(game.piles["file 1"], "|", game.piles["foundation 1"], "|", game.piles["file 9"].top)
        K♠ 7♥ | A♥ 2♥ | 2♦
        >>> print(*game.available_cards())
        7♥ 6♣ 2♦ Q♦
        """
        piles = {f"file {number}": text for number, text in files.items()}
        piles["reserve"] = reserve
        for i, top in enumerate(foundations.split(), start=1):
            card = Card.parse(top)
            piles[f"foundation {i}"] = " ".join(str(Card(Rank(r), card.suit)) for r in range(1, card.rank + 1))
        return super().arrange(piles, rest=f"file {rest}", hidden=False, **options)

    # ------------------------------------------------------------------ helpers
    def available_cards(self) -> list[Card]:
        """Rules 3 and 6: the cards that may be moved, the foot of each file and then the reserve."""
        feet = [self.piles[f].top for f in self.piles_of("file")]
        return [c for c in feet if c is not None] + list(self.piles["reserve"])

    def space(self) -> str | None:
        """The first vacant top space (an empty file), or None.  The spaces are alike, so a card
        or a stack is offered only the first of them."""
        return next((f for f in self.piles_of("file") if self.piles[f].is_empty), None)

    def stack_sizes(self, pile: Pile) -> range | list[int]:
        """How many cards at the foot of a file may go together into a vacant top space (rule 5):
        two or more, and never the whole file, which would only go from one space to another."""
        kind = self.options.stack
        if kind == "any":
            return range(2, len(pile))
        run = ALTERNATE_DOWN.run_length(pile.cards)
        if kind == "whole":
            return [run] if 2 <= run < len(pile) else []
        return range(2, min(run, len(pile) - 1) + 1)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """Candidate moves, legal or not: every group of cards at the foot of a file (the foot card
        alone, and each card with the cards lying on it) onto each other file's foot card and into
        the first vacant space, the foot card also to the foundations and back to the reserve; and
        each card of the reserve to the foundations, onto each file and into the first space."""
        files = self.piles_of("file")
        space = self.space()
        for source in files:
            pile = self.piles[source]
            for depth in range(1, len(pile) + 1):
                cards = pile.cards[len(pile) - depth:]
                if depth == 1:
                    yield from self.foundation_moves(source, cards[0])
                yield from self._onto_files(cards, source, files, space)
                if depth == 1:
                    yield Move("move", cards, source, "reserve", f"{cards[0]} → reserve")
        for card in self.piles["reserve"]:
            yield from self.foundation_moves("reserve", card)
            yield from self._onto_files((card,), "reserve", files, space)

    def _onto_files(self, cards: tuple[Card, ...], source: str, files: list[str], space: str | None) -> Iterator[Move]:
        head = cards[0]
        for target in files:
            if target == source:
                continue
            under = self.piles[target].top
            if under is not None:
                yield Move("move", cards, source, target, f"{head} → {under}")
            elif target == space:
                yield Move("move", cards, source, target, f"{head} → space")

    def generate_legal_moves(self) -> list[Move]:
        """The moves of :meth:`moves` that :meth:`violation` allows, in the same order, generated
        directly rather than judged one by one."""
        piles = self.piles
        options = self.options
        names = _NAMES
        wanted = self._wanted()
        # Rule 4: the files each card may go on, in their order (by number, with the name of the card
        # it goes on); and the first vacant top space, the one a card or a stack is offered (rule 5).
        onto: dict[Card, tuple[tuple[int, str, str], ...]] = {}
        space = None
        space_at = FILES
        for number, target in enumerate(FILE_NAMES):
            cards = piles[target].cards
            if cards:
                foot = cards[-1]
                file = ((number, target, names[foot]),)
                for card in _LYING_ON[foot]:
                    onto[card] = onto[card] + file if card in onto else file
            elif space is None:
                space, space_at = target, number
        # Rule 5: a single card may go into the space too, but for spaces=stacks.
        single_space = space if options.spaces == "any" else None
        kind = options.stack
        legal: list[Move] = []
        for source in FILE_NAMES:
            pile = piles[source].cards
            if not pile:
                continue
            card = pile[-1]
            if card in wanted:
                legal.append(move_onto((card,), source, wanted[card], "foundation"))
            size = len(pile)
            # The space in its place among the files (a file's only card never goes there: rule 5).
            to_space = single_space if size > 1 else None
            for number, target, under in onto.get(card, ()):
                if to_space and number > space_at:
                    legal.append(move_onto((card,), source, to_space, "space"))
                    to_space = None
                if target != source:
                    legal.append(move_onto((card,), source, target, under))
            if to_space:
                legal.append(move_onto((card,), source, to_space, "space"))
            if space is None:
                continue
            # Rule 5: a stack of two or more goes only into a vacant top space, and never a whole file
            # (it would only go from one space to another).
            depths: Iterable[int]
            if kind == "any":
                depths = range(2, size)
            else:
                run = 1
                while run < size and _FITS[pile[-run - 1]][pile[-run]]:
                    run += 1
                if kind == "whole":
                    depths = (run,) if 2 <= run < size else ()
                else:
                    depths = range(2, min(run, size - 1) + 1)
            for depth in depths:
                stack = pile[size - depth:]
                legal.append(Move("move", stack, source, space, f"{names[stack[0]]} → space"))
        # Rule 6: the seven over, to the foundations (unless reserve_to_foundations=false) and the files.
        to_foundations = options.reserve_to_foundations
        for card in piles["reserve"].cards:
            if to_foundations and card in wanted:
                legal.append(move_onto((card,), "reserve", wanted[card], "foundation"))
            to_space = single_space
            for number, target, under in onto.get(card, ()):
                if to_space and number > space_at:
                    legal.append(move_onto((card,), "reserve", to_space, "space"))
                    to_space = None
                legal.append(move_onto((card,), "reserve", target, under))
            if to_space:
                legal.append(move_onto((card,), "reserve", to_space, "space"))
        return legal

    def _wanted(self) -> dict[Card, str]:
        """The cards the foundations take now, each with the foundation it goes to (rule 2): the card
        after each foundation's top card, and the aces, to the first empty foundation."""
        piles = self.piles
        wanted: dict[Card, str] = {}
        empty = None
        for name in FOUNDATION_NAMES:
            cards = piles[name].cards
            if cards:
                following = _FOLLOWING[cards[-1]]
                if following is not None:
                    wanted[following] = name
            elif empty is None:
                empty = name
        if empty is not None:
            for ace in _ACES:
                wanted[ace] = empty
        return wanted

    def blocked(self) -> Card | None:
        """A card that can never go up (:class:`~patience.blocked.Blocking`): a file gives up its
        foot card to a foundation, onto a card of the other colour one higher (rule 4) or into a
        vacant top space, once a file can be emptied; a stack goes into a space as its cards could
        one by one (rule 5); the seven over are at hand all the time (rule 6).  Generous where the
        options are strict: any card may go into a space, and the seven over may go straight up.

        >>> from patience import load
        >>> print(load("the-idiots-delight", seed=109).blocked(), load("the-idiots-delight", seed=1).blocked())
        9♥ None
        """
        piles = self.piles
        files = [Lay(piles[name].cards, len(piles[name].cards), space=True) for name in FILE_NAMES]
        founded = [card for name in FOUNDATION_NAMES for card in piles[name].cards]
        return _BLOCKING.card(files, piles["reserve"].cards, founded)

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card founded (from a file or the reserve) when no card that could be built on it is
        left in play: founding it can never spoil a win."""
        out = None
        for move in moves:
            if (move.target or "").startswith("foundation"):
                if out is None:
                    piles = self.piles
                    out = {card for name in FOUNDATION_NAMES for card in piles[name].cards}
                if all(child in out for child in _LYING_ON[move.cards[0]]):
                    return move
        return None

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the seven over in their order, the
        files (from the top line down), each foundation as (its suit, 0 to 3, or -1, and its cards),
        the files' table of builds, :data:`_BLOCKING`'s tables and the options.

        >>> reserve, files, foundations, *_ = TheIdiotsDelight.deal(seed=1).description()
        >>> len(reserve), [len(file) for file in files], foundations[0]
        (7, [9, 8, 7, 6, 5, 4, 3, 2, 1], (-1, 0))
        """
        piles, options = self.piles, self.options
        return (bytes(piles["reserve"].cards), tuple(bytes(piles[name].cards) for name in FILE_NAMES),
                self.suit_foundations(FOUNDATION_NAMES),
                ALTERNATE_DOWN.table_bytes(), _BLOCKING.tables(), options.spaces == "any",
                ("run", "whole", "any").index(options.stack), options.reserve_to_foundations)

    def solver_key(self) -> tuple[Any, ...]:
        """As :meth:`Game.solver_key` makes it (the seven over, then the files and the foundations,
        each kind in a fixed order), made directly."""
        piles = self.piles
        return ((piles["reserve"], *sorted(_FILE_PILES(piles), key=pile_order),
                 *sorted(_FOUNDATION_PILES(piles), key=pile_order)), tuple(self.counters.values()))

    # -------------------------------------------------------------- the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if (move.kind != "move" or not move.cards or move.source not in self.piles
                or move.target not in self.piles or move.source == move.target):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        head, count = move.cards[0], len(move.cards)
        source = self.piles[move.source]
        if move.source.startswith("foundation"):
            if source.top == head and count == 1:
                return self.illegal("2", FOUNDATION_STAYS, head)
            return self.illegal(*self.AVAILABILITY, head)
        if move.source == "reserve":
            if count != 1 or head not in source.cards:
                return IllegalMove("Play", f"{self.name} has no move {move}")
        else:
            if count > len(source) or source.cards[len(source) - count:] != move.cards:
                return IllegalMove("Play", f"{self.name} has no move {move}")
            if count > 1:
                problem = self._stack_violation(move, source, move.target)
                if problem is not None:
                    return problem
        if move.target == "reserve":
            return self.illegal("6", "a card is never put back among the seven over", head)
        target = self.piles[move.target]
        if move.target.startswith("foundation"):
            if move.source == "reserve" and not self.options.reserve_to_foundations:
                return self.illegal("6", "the seven over are used for making up sequences on the files", head)
            return self.explain(self.foundation_fault(move.target, head), FOUNDATION_REASONS,
                                head, *target.cards[-1:])
        if target.is_empty:
            if count == 1 and self.options.spaces == "stacks":
                return self.illegal("5", "a vacant top space takes a stack of two or more cards", head, "space")
            if move.source != "reserve" and count == len(source):
                return self.illegal("5", "a file is not moved from one space to another", head, "space")
            return None
        under = target.top
        assert under is not None
        return self.explain(ALTERNATE_DOWN.fault(under, head), BUILD_REASONS, head, under)

    def _stack_violation(self, move: Move, source: Pile, target: str) -> IllegalMove | None:
        """Rules 3 and 5 for two or more cards lifted together from a file."""
        head, stack = move.cards[0], f"{move.cards[0]}–{move.cards[-1]}"
        kind = self.options.stack
        if kind != "any" and not ALTERNATE_DOWN.is_run(move.cards):
            return self.illegal(*self.AVAILABILITY, head)
        pile = self.piles[target]
        if not (target.startswith("file") and pile.is_empty):
            where = pile.cards[-1] if target.startswith("file") else pile_kind(target)
            return self.illegal("5", "a stack of two or more cards is moved only into one of the top nine "
                                "spaces, when vacant", stack, where)
        if kind == "whole" and len(move.cards) < ALTERNATE_DOWN.run_length(source.cards):
            return self.illegal("5", "a stack is moved whole", stack, "space")
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        _, moved, source, target, _ = move
        piles = self.piles
        taken = piles[source]
        cards = taken.cards
        if source == "reserve":
            at = cards.index(moved[0])
            piles["reserve"] = Pile(cards[:at] + cards[at + 1:])
        else:
            rest = cards[:len(cards) - len(moved)]
            piles[source] = Pile(rest, min(taken.face_down, len(rest)))
        onto = piles[target]
        piles[target] = Pile(onto.cards + moved, onto.face_down)

    @property
    def is_won(self) -> bool:
        """Rule 7: a success when the four aces are got out and built upon until the kings are reached."""
        piles = self.piles
        return all(len(piles[f].cards) == 13 for f in FOUNDATION_NAMES)

    def layout(self) -> list[Spot]:
        """The nine files fanned down from the top line, the foundations and the seven over above."""
        spots = [Spot(f, 1.1 * i, 0, label="A") for i, f in enumerate(self.piles_of("foundation"))]
        spots.append(Spot("reserve", 5.0, 0, fan="right", label="reserve"))
        spots += [Spot(f, 1.1 * i, 1.3, fan="down") for i, f in enumerate(self.piles_of("file"))]
        return spots
