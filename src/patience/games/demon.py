"""Demon, the second of the three patiences that grant a wish.

Source: *Everybody's Book of Luck* (anonymous, early twentieth century,
British), the passage on "Tens", "Demon" and "the Idiot's Delight".  The
passage gives Demon no figure of its own.

One pack.  Four cards in line, face up: the four *files*, built down in
alternating colours.  Thirteen cards face down in a stack: the *rubbish heap*,
which fills every file that becomes vacant, and whose cards "turned up" may be
used for the formation building (in the engine's reading, its top card lies
turned up, usable for the formations only).  One card turned up: the
*formation card*, the first foundation; the three others of its value are
placed beside it as they are found, and each is built up in suit, the ace
following the king.  The other 34 cards are the *hand*, turned over in threes
onto the *talon*, whose top card is used for the files or the formations; the
talon is picked up and turned over again "as often as any cards may be used
from the pack" (in the engine's reading, as long as one of its cards was used
in the last pass).  The game is won when the four formations hold thirteen
cards each.

Options give the other readings of what the text leaves open: ``files=part``
(part of a file may be moved, not only the whole file), ``heap=files`` (the
heap's card may also go on the files) or ``heap=vacancies`` (the heap lies face
down and only fills vacancies), ``empty_heap=any`` or ``none`` (how a vacancy is
filled once the heap is exhausted) and ``wrap=true`` (a king on an ace in the
files) or ``wrap=base`` (the files counted from the formation cards' value as from
the ace, as modern Canfield programs count them).

>>> from patience import load
>>> game = load("demon", seed=1)
>>> [len(game.piles[f]) for f in game.piles_of("file")], len(game.piles["heap"]), len(game.piles["hand"])
([1, 1, 1, 1], 13, 34)
>>> print(game.piles["foundation 1"], game.base, game.piles["heap"].top)
9♠ 9 J♥
>>> print(game.play("turn"), "|", game.piles["talon"])
turn | 9♦ K♣ 3♠
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..build import Build, Foundation, suit_run
from ..cards import CARDS, Card, Rank, Suit, parse_cards, shuffled, whist_pack
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot
from ..options import Option
from ..solve import runs_turning
from . import register

__all__ = ["Demon", "DIAGRAM", "LINE", "FORMATION", "DIAGRAM_SEED", "formation_order"]

SOURCE = "Everybody's Book of Luck (anonymous, early 20th c.), “Demon”"

FILES = 4
#: "Thirteen cards are dealt, face down, in a stack": the rubbish heap.
HEAP = 13
#: "The cards in hand are turned over in threes".
THREES = 3
#: A formation complete: the formation card "built up with the twelve subsequent cards".
FULL = 13

#: "Build up on them in their proper sequence and in the same suit", the ace after the king (rule 8).
FORMATION_BUILD = Build("up", "same", wrap=True)

_WORDS = {
    Rank.ACE: "ace", Rank.DEUCE: "two", Rank.THREE: "three", Rank.FOUR: "four", Rank.FIVE: "five",
    Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten",
    Rank.KNAVE: "jack", Rank.QUEEN: "queen", Rank.KING: "king",
}
_PLURALS = {rank: word + ("es" if word == "six" else "s") for rank, word in _WORDS.items()}

#: The piles by kind, in order (the hot paths name them without asking :meth:`Game.piles_of`).
FILE_NAMES = tuple(f"file {i}" for i in range(1, FILES + 1))
FORMATION_NAMES = tuple(f"foundation {i}" for i in range(1, 5))
#: For the fast paths, by a card's code: the card that follows it on a formation (rule 8: up in
#: suit, the ace after the king), the four formation cards of its value, and its name.
_FOLLOWING = (None, *(CARDS[(code - 1) // 13 * 13 + code % 13 + 1] for code in range(1, 53)))
_OF_VALUE = {value: tuple(Card(value, suit) for suit in Suit) for value in range(1, 14)}
_NAMES = ("", *(str(card) for card in CARDS[1:]))
#: How many lies of the files and formations a game keeps (see :meth:`Demon._lie`).
_LIES_KEPT = 4096


class Lie:
    """What the files and the formations of a position allow, as they lie (for the fast legal
    moves): the files as targets (each file's name, its top card or None, and the name a move
    gives it: its top card, or ``space`` for the first vacancy and the file's name for the
    others), the cards the formations take (each with its formation), the files' table of builds
    (``fits[under][card]``), the moves of the files' cards, and, card by card as they come to the
    top, the moves of the talon's and the heap's cards (none of the heap's with ``heap=vacancies``),
    and the cards of the talon that have a move (None: every card, as a vacancy takes any)."""

    __slots__ = ("targets", "wanted", "fits", "talon_fills", "from_files", "useful_files", "from_talon", "from_heap",
                 "talon_uses")

    def __init__(self, wanted: dict[Card, str], fits: Any, from_heap: dict[Card, list[Move]] | None) -> None:
        self.targets: list[tuple[str, Card | None, str]] = []
        self.wanted = wanted
        self.fits = fits
        self.talon_fills = False
        self.from_files: list[Move] = []
        self.useful_files: list[Move] = []
        self.from_talon: dict[Card, list[Move]] = {}
        self.from_heap = from_heap
        self.talon_uses: set[Card] | None = None


@lru_cache(maxsize=None)
def _lying_on(build: Build) -> tuple[tuple[Card, ...], ...]:
    """By a card's code, the cards that ``build`` lets lie on it in the files."""
    table = build.table()
    return ((), *(tuple(above for above in CARDS if above is not None and table[below][above])
                  for below in CARDS if below is not None))


@lru_cache(maxsize=None)
def _file_build(wrap: bool | str, base: int) -> Build:
    """Rule 2: down in alternate colours; with ``wrap=true`` a king on an ace too, and with
    ``wrap=base`` the values counted from the formation cards' ``base`` as from the ace."""
    if wrap == "base":
        return Build("down", "alternate", base=base)
    return Build("down", "alternate", wrap=bool(wrap))

#: The deal drawn in the chapter in place of a figure: the four cards in line hold the source's
#: two examples, "a red ten goes on a black jack and a black queen on a red king", and the
#: formation card is a six, as in its note on the order of building.  The rest of the pack is
#: shuffled by DIAGRAM_SEED (see :meth:`Demon.from_line`).
LINE = "J♠ 10♦ K♥ Q♣"
FORMATION = "6♣"
DIAGRAM_SEED = 13


def _a(word: str) -> str:
    """The article before a value's word: ``an`` ace, ``a`` two."""
    return "an" if word[0] in "aeiou" else "a"


def formation_order(base: Rank) -> str:
    """The order in which a formation of ``base`` is built upon, in the source's words.

    >>> formation_order(Rank.SIX)
    'seven, eight, nine, ten, jack, queen, king, ace, two, three, four and five'
    """
    words = [_WORDS[Rank((base + i - 1) % 13 + 1)] for i in range(1, 13)]
    return ", ".join(words[:-1]) + " and " + words[-1]


@register
class Demon(Game):
    """Demon: four files, a rubbish heap of thirteen, a formation card, the hand turned in threes."""

    slug = "demon"
    name = "Demon"
    chapter = "demon"
    order = 102
    source = SOURCE
    plate = None
    packs = 1
    RULES = {
        "1": "Four cards are placed in line, face up, and then thirteen cards are dealt, face down, in a "
        "stack. Some people call this stack the rubbish heap. Next, one card is turned up: it is known as "
        "the formation card.",
        "2": "Should one of them be of the opposite color to another, and of one degree lower in value, it "
        "is put on the higher card. Thus, a red ten goes on a black jack and a black queen on a red king, "
        "and so on.",
        "3": "If at this point, or at any subsequent time in the game, one of the four files, originally "
        "formed by the four cards first set down, becomes vacant, then it is filled by taking a card from "
        "the rubbish heap.",
        "4": "Whenever any of these three are discovered, they are placed beside the original formation "
        "card. The game is to get out the four formation cards and to build up on them in their proper "
        "sequence and in the same suit.",
        "5": "Any card uncovered in the play, in building up the alternate sequences on the original files, "
        "or turned up from the rubbish heap, may be used for the purpose.",
        "6": "The cards in hand are turned over in threes and used for file sequences or formation "
        "building. On reaching the end of the pack in hand, it is picked up and turned over in threes "
        "again. And this is continued as often as any cards may be used from the pack.",
        "7": "When no more cards can be used, there is no point in turning over the threes any more and the "
        "game ceases. If the four formation cards have been found and built up with the twelve subsequent "
        "cards following them, the game has been successful; but when this is impossible the game has "
        "failed.",
        "8": "Note that in a case where the formation card is, say, a six, it is built upon in the "
        "following order: seven, eight, nine, ten, jack, queen, king, ace, two, three, four and five.",
    }
    AVAILABILITY = ("5", "only a card uncovered in the play, the top card of the talon or the card turned "
                    "up from the rubbish heap may be used")
    UNDEALT = ("hand",)
    UNDEALT_RULE = ("6", "the cards in hand are turned over in threes before they are used")
    TALON_RULE = ("6", "only the top card of the cards turned over may be used")
    #: ``used``: the cards used from the pack (the talon) since it was last picked up; ``passes``:
    #: the times it has been picked up.
    COUNTERS = ("used", "passes")
    OPTIONS = (
        Option(
            "files",
            "whole",
            "how the files are moved onto one another: only a 'whole' file (the card at its head with all "
            "the cards on it), or any 'part' of one (any card of it with the cards lying on it, the top "
            "card alone included)",
            choices=("whole", "part"),
        ),
        Option(
            "heap",
            "foundations",
            "what the rubbish heap gives: its top card, turned up, for the 'foundations' (and the "
            "vacancies); for the 'files' too; or, lying face down, only the cards that fill "
            "'vacancies'",
            choices=("foundations", "files", "vacancies"),
        ),
        Option(
            "empty_heap",
            "hand",
            "a vacancy once the rubbish heap is exhausted: filled with the top card of the talon "
            "('hand'), with that or with a card or part of a file from another file ('any'), or left "
            "vacant ('none')",
            choices=("hand", "any", "none"),
        ),
        Option("wrap", False, "a king may be put on an ace in the files, as the formations go on from the "
               "king to the ace (the book: “one degree lower in value”); 'base': the values in the files "
               "are counted from the formation cards' as from the ace, as modern Canfield counts them (a "
               "king on an ace, but never the card one below the formation cards on one of their value)",
               choices=(False, True, "base")),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        #: What the files and formations allow, by how they lie (see _lie).
        self._lies: dict[tuple[Any, ...], Lie] = {}

    # ------------------------------------------------------------------ piles
    def pile_names(self) -> list[str]:
        return ["hand", "talon", "heap", *FORMATION_NAMES, *FILE_NAMES]

    def lay_out(self, cards: list[Card]) -> None:
        """Rule 1: four cards in line, face up; thirteen face down in a stack, the rubbish heap (its
        last card on top, turned up unless ``heap=vacancies``); the next card turned up, the formation
        card.  The other 34 cards are the hand, face down, its next card on top."""
        for name, card in zip(self.piles_of("file"), cards[:FILES]):
            self.piles[name] = Pile((card,))
        self.piles["heap"] = self._heap(cards[FILES:FILES + HEAP])
        self.piles["foundation 1"] = Pile((cards[FILES + HEAP],))
        rest = tuple(reversed(cards[FILES + HEAP + 1:]))
        self.piles["hand"] = Pile(rest, len(rest))

    def _heap(self, cards: Iterable[Card]) -> Pile:
        """The rubbish heap of ``cards`` (bottom first): face down, its top card turned up but with
        ``heap=vacancies``."""
        cards = tuple(cards)
        hidden = len(cards) if self.options.heap == "vacancies" else max(len(cards) - 1, 0)
        return Pile(cards, hidden)

    @classmethod
    def from_position(cls, text: str) -> Demon:
        """Load a position.  The hand lies face down and the heap face down but for its top card (all
        of it with ``heap=vacancies``), so their brackets may be left out; every other pile lies face
        up.  The first foundation holds the formation card, and a file may be vacant only when the
        heap is exhausted."""
        game = super().from_position(text)
        game.piles["hand"] = game.piles["hand"].turned_down()
        game.piles["heap"] = game._heap(game.piles["heap"].cards)
        for name, pile in game.piles.items():
            if name not in ("hand", "heap") and pile.face_down:
                raise InvalidPosition(f"the cards of {name} lie face up")
        first = game.piles["foundation 1"]
        if not first.cards:
            raise InvalidPosition("foundation 1 holds the formation card: it cannot be empty")
        base = first[0].rank
        for name in game.piles_of("foundation"):
            pile = game.piles[name]
            if pile.cards and (pile[0].rank != base or len(pile) > FULL
                               or list(pile) != suit_run(pile[0], pile[-1])[:len(pile)]):
                raise InvalidPosition(
                    f"{name} is not a formation built up in suit from a {_WORDS[base]}: {pile}")
        if game.piles["heap"].cards:
            vacant = [f for f in game.piles_of("file") if game.piles[f].is_empty]
            if vacant:
                raise InvalidPosition(f"{vacant[0]} is vacant while the rubbish heap holds cards: "
                                      "it is filled from the heap at once")
        return game

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        files: Mapping[int, str],
        /,
        foundations: str,
        stack: str = "",
        talon: str = "",
        hand: str | None = None,
        rest: str = "hand",
        **options: Any,
    ) -> Demon:
        """A position made of the piles that matter, for examples and tests.

        ``files`` maps a file's number to its cards (bottom first); ``foundations`` gives each
        formation begun as its first and top cards (``"6♥-9♥ 6♠"``: the hearts from the six up to
        the nine, the six of spades), the formation card first; ``stack`` (the rubbish heap) and
        ``talon`` list those piles bottom first (their top card last); ``hand`` gives the cards on
        top of the hand, its next card last.  Every card not placed goes, in new-pack order, under
        the hand (or under the pile ``rest`` names: ``"talon"`` or ``"heap"``).

        >>> game = Demon.arrange({1: "9♣ 8♦", 2: "K♦", 3: "5♠", 4: "Q♥"}, foundations="6♥-9♥ 6♠")
        >>> print(game.piles["foundation 1"], "|", game.base, "|", len(game.piles["hand"]))
        6♥ 7♥ 8♥ 9♥ | 6 | 42
        """
        piles = {f"file {number}": text for number, text in files.items()}
        for i, held in enumerate(foundations.split(), start=1):
            first, _, top = held.partition("-")
            start = Card.parse(first)
            piles[f"foundation {i}"] = " ".join(map(str, suit_run(start, Card.parse(top or first))))
        piles["heap"] = stack
        piles["talon"] = talon
        if hand is not None:
            piles["hand"] = hand
        return super().arrange(piles, rest=rest, hidden=False, **options)

    @classmethod
    def from_line(cls, line: str, formation: str, seed: int = 0, **options: Any) -> Demon:
        """The deal whose four cards in line are ``line`` and whose formation card is ``formation``;
        the other 47 cards are shuffled by ``seed`` (the seed of the position) and dealt as usual,
        thirteen to the heap and the rest to the hand.

        >>> game = Demon.from_line("J♠ 10♦ K♥ Q♣", "6♣", seed=4)
        >>> [str(game.piles[f]) for f in game.piles_of("file")], game.base
        (['J♠', '10♦', 'K♥', 'Q♣'], <Rank.SIX: 6>)
        """
        chosen = parse_cards(line)
        first = Card.parse(formation)
        if len(chosen) != FILES or len(set(chosen + [first])) != FILES + 1:
            raise InvalidPosition("a line is four different cards, and the formation card another")
        others = shuffled([c for c in whist_pack() if c not in chosen and c != first], seed)
        game = cls(**options)
        game.seed = seed
        game.lay_out(chosen + others[:HEAP] + [first] + others[HEAP:])
        return cls.from_position(str(game))

    # ------------------------------------------------------------ foundations
    @property
    def base(self) -> Rank:
        """The value of the formation cards: that of the formation card, in the first foundation."""
        return self.piles["foundation 1"].cards[0].rank

    def foundation_rule(self, name: str) -> Foundation:
        return Foundation(self.base, FORMATION_BUILD)

    def _wanted(self) -> dict[Card, str]:
        """The cards the formations take now, each with the formation it goes to (rules 4 and 8): the
        card that follows each formation's top card, and the formation cards not yet found (to the
        first empty place beside the formation card)."""
        piles = self.piles
        wanted: dict[Card, str] = {}
        found = []
        empty = None
        for name in FORMATION_NAMES:
            pile = piles[name].cards
            if not pile:
                if empty is None:
                    empty = name
                continue
            found.append(pile[0])
            if len(pile) < FULL:
                following = _FOLLOWING[pile[-1]]
                assert following is not None
                wanted[following] = name
        if empty is not None:
            for card in _OF_VALUE[found[0].value]:
                if card not in found:
                    wanted[card] = empty
        return wanted

    # ------------------------------------------------------------------ moves
    @property
    def file_build(self) -> Build:
        """Rule 2: down in alternate colours (with ``wrap=true``, a king on an ace; with ``wrap=base``,
        the values counted from the formation cards' as from the ace)."""
        return _file_build(self.options.wrap, self.piles["foundation 1"].cards[0].value)

    def _target_name(self, target: str, vacancies: list[str]) -> str:
        under = self.piles[target].top
        if under is not None:
            return str(under)
        return "space" if target == vacancies[0] else target

    def moves(self) -> Iterable[Move]:
        """Turning three cards from the hand, picking up the pack; then the top card of the talon,
        the card of the heap and the top card of each file to the formations and onto the files, and
        every part of every file onto the other files (legal or not: :meth:`violation` judges)."""
        yield Move("turn", (), "hand", "talon", "turn")
        yield Move("redeal", (), "talon", "hand", "pick up")
        files = self.piles_of("file")
        vacancies = [f for f in files if self.piles[f].is_empty]
        for source in ("talon", "heap"):
            card = self.piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            for target in files:
                yield Move("move", (card,), source, target, f"{card} → {self._target_name(target, vacancies)}")
        for source in files:
            pile = self.piles[source].cards
            if not pile:
                continue
            yield from self.foundation_moves(source, pile[-1])
            for depth in range(1, len(pile) + 1):
                run = pile[len(pile) - depth:]
                if depth > 1:
                    yield Move("move", run, source, self.foundation_for(run[0]), f"{run[0]} → foundation")
                for target in files:
                    if target != source:
                        yield Move("move", run, source, target,
                                   f"{run[0]} → {self._target_name(target, vacancies)}")
        for source in self.piles_of("foundation"):
            card = self.piles[source].top
            if card is not None:
                for target in files:
                    where = self._target_name(target, vacancies)
                    yield Move("move", (card,), source, target, f"{card} → {where}")

    def generate_legal_moves(self) -> list[Move]:
        """The moves the rules allow: the same moves, in the same order, as :meth:`moves` filtered by
        :meth:`violation`, found without trying the forbidden ones."""
        return self._moves(useful=False)

    def useful_moves(self) -> list[Move]:
        """The legal moves less those that only exchange twins: part of a file moved onto a card of
        the same value and colour as the card it uncovers (``files=part``), where that card cannot go
        up at once.  The two cards take the same cards in the files, and the part could go back onto
        either of them (any part of a file moves), so the move changes nothing the files can use but
        the suit on top; and where a line of play wants the uncovered card to go up, the part can
        move off it then, onto its twin, as a move that is kept.

        Here 8♠ 7♥ may go from 9♦ onto 9♥, and 7♥ from 8♠ onto 8♣: both only exchange twins while
        the diamonds want the eight; once they want the nine, 9♦ may be uncovered to go up.

        >>> def left_out(formation):
        ...     game = Demon.arrange({1: "9♦ 8♠ 7♥", 2: "9♥", 3: "8♣", 4: "K♠"}, foundations=formation,
        ...                          files="part")
        ...     return sorted(str(m) for m in set(game.legal_moves()) - set(game.useful_moves()))
        >>> left_out("6♦-7♦"), left_out("6♦-8♦")
        (['7♥ → 8♣', '8♠ → 9♥'], ['7♥ → 8♣'])
        """
        return self._moves(useful=True)

    def _moves(self, useful: bool) -> list[Move]:
        """The legal moves, or (``useful``) those of :meth:`useful_moves`."""
        piles = self.piles
        hand, talon = piles["hand"].cards, piles["talon"].cards
        legal = _pack_moves(len(hand), len(talon), self.counters["used"] > 0)
        lie = self._lie()
        if talon:
            legal += self._talon_moves(lie, talon[-1])
        heap = piles["heap"].cards
        if heap and lie.from_heap is not None:
            card = heap[-1]
            moves = lie.from_heap.get(card)
            if moves is None:
                moves = lie.from_heap[card] = self._moves_of("heap", card, lie)
            legal += moves
        legal += lie.useful_files if useful else lie.from_files
        return legal

    def _talon_moves(self, lie: Lie, card: Card) -> list[Move]:
        """The moves of ``card`` on top of the talon, as the files and formations lie (worked out
        once for each card and lie)."""
        if lie.talon_uses is not None and card not in lie.talon_uses:
            return []
        moves = lie.from_talon.get(card)
        if moves is None:
            moves = lie.from_talon[card] = self._moves_of("talon", card, lie)
        return moves

    def _lie(self) -> Lie:
        """What the files and the formations, as they lie now, allow (see :class:`Lie`): worked out
        once for each lie, as turning the hand and picking it up leave them as they were."""
        piles = self.piles
        # The piles written out: the key is made at every position.
        key = (piles["file 1"].cards, piles["file 2"].cards, piles["file 3"].cards, piles["file 4"].cards,
               piles["foundation 1"].cards, piles["foundation 2"].cards, piles["foundation 3"].cards,
               piles["foundation 4"].cards, not piles["heap"].cards)
        lie = self._lies.get(key)
        if lie is None:
            if len(self._lies) >= _LIES_KEPT:
                self._lies.clear()
            lie = self._lies[key] = self._work_out_lie()
        return lie

    def _work_out_lie(self) -> Lie:
        """The :class:`Lie` of this position: the files as targets and the moves of their cards
        (rules 2, 3 and 5), the formations' wants (rules 4 and 8)."""
        piles = self.piles
        options = self.options
        lie = Lie(self._wanted(), self.file_build.table(), {} if options.heap != "vacancies" else None)
        names = _NAMES
        targets = lie.targets
        space = None
        for name in FILE_NAMES:
            cards = piles[name].cards
            if cards:
                targets.append((name, cards[-1], names[cards[-1]]))
            else:
                targets.append((name, None, name if space else "space"))
                space = name
        # Rule 3: once the heap is exhausted, a vacancy is filled with the talon's card (not with
        # empty_heap=none), or with empty_heap=any part of a file too.
        heap_exhausted = not piles["heap"].cards
        lie.talon_fills = heap_exhausted and options.empty_heap != "none"
        file_fills = heap_exhausted and options.empty_heap == "any"
        whole = options.files == "whole"
        fits, wanted, moves, useful = lie.fits, lie.wanted, lie.from_files, lie.useful_files
        if not (lie.talon_fills and space):
            lying_on = _lying_on(self.file_build)
            lie.talon_uses = {*wanted, *(card for _, top, _ in targets if top is not None for card in lying_on[top])}
        for source, top, where in targets:
            if top is None:
                continue
            if top in wanted:
                move = Move("move", (top,), source, wanted[top], f"{where} → foundation")
                moves.append(move)
                useful.append(move)
            # Rule 2: a sequence lifted whole (or, with files=part, any part of it).
            pile = piles[source].cards
            size = len(pile)
            length = 1
            while length < size and fits[pile[-length - 1]][pile[-length]]:
                length += 1
            if whole:
                depths: Iterable[int] = (size,) if length == size else ()
            else:
                depths = range(1, length + 1)
            for depth in depths:
                run = pile[size - depth:]
                head = names[run[0]]
                # Onto another file, a part lying in sequence on the card it uncovers only
                # exchanges twins, unless that card goes up (see useful_moves).
                twins = depth < length and pile[size - depth - 1] not in wanted
                for target, under, onto in targets:
                    if under is None:
                        if file_fills and depth < size:
                            move = Move("move", run, source, target, f"{head} → {onto}")
                            moves.append(move)
                            useful.append(move)
                    elif target != source and fits[under][run[0]]:
                        move = Move("move", run, source, target, f"{head} → {onto}")
                        moves.append(move)
                        if not twins:
                            useful.append(move)
        return lie

    def _moves_of(self, source: str, card: Card, lie: Lie) -> list[Move]:
        """The moves of the top card of the talon or the heap, as the files and formations lie."""
        moves: list[Move] = []
        head = _NAMES[card]
        if card in lie.wanted:
            moves.append(Move("move", (card,), source, lie.wanted[card], f"{head} → foundation"))
        if source == "heap" and self.options.heap != "files":
            return moves  # rule 5: the heap's card is for the formations
        fits = lie.fits
        for target, under, where in lie.targets:
            if under is None:
                if source == "talon" and lie.talon_fills:
                    moves.append(Move("move", (card,), source, target, f"{head} → {where}"))
            elif fits[under][card]:
                moves.append(Move("move", (card,), source, target, f"{head} → {where}"))
        return moves

    def aliases(self, move: Move) -> set[str]:
        """The notation; the target named as a pile (``7♥ → file 2``) or a kind of pile
        (``7♥ → foundation``); a vacancy as a ``vacancy``; a run by all its cards
        (``7♥ 6♣ → 8♠``) or its two ends (``7♥–5♦ → 8♠``); picking up as ``redeal``."""
        names = super().aliases(move)
        if move.kind == "redeal":
            names.add("redeal")
        if move.kind != "move" or not move.cards or not move.target:
            return names
        if move.target in self.piles and move.target.startswith("file") and self.piles[move.target].is_empty:
            names.add(f"{move.cards[0]} → vacancy")
        if len(move.cards) > 1:
            ends = f"{move.cards[0]} {move.cards[-1]}"
            whole = " ".join(map(str, move.cards))
            names |= {f"{run} → {n.split(' → ', 1)[1]}" for n in list(names) for run in (whole, ends)}
        return names

    # ---------------------------------------------------------------- the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "turn":
            return self._turn_violation()
        if move.kind == "redeal":
            return self._pick_up_violation()
        if move.kind != "move" or move.source not in self.piles or move.target not in self.piles \
                or move.source == move.target or not move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        head = move.cards[0]
        source = self.piles[move.source]
        if move.source == "hand":
            return self.illegal(*self.UNDEALT_RULE, head)
        if move.source.startswith("foundation"):
            return self.illegal("4", "a card built on a formation stays there", head)
        if move.source == "talon" and (len(move.cards) != 1 or source.top != head):
            return self.illegal(*self.TALON_RULE, head)
        if move.source == "heap":
            if len(move.cards) != 1 or source.top != head:
                return self.illegal(*self.AVAILABILITY, head)
            if self.options.heap == "vacancies":
                return self.illegal("5", "the rubbish heap lies face down: its cards come out only to fill "
                                    "the vacant files", head)
        if move.source.startswith("file"):
            problem = self._lift_violation(source, move)
            if problem is not None:
                return problem
        if move.target.startswith("foundation"):
            if len(move.cards) != 1:
                return self.illegal("4", "cards are built on the formations one at a time", head)
            return self._formation_violation(move.target, head)
        if not move.target.startswith("file"):
            return IllegalMove("Play", f"cards are not put back on the {move.target}", str(head))
        target = self.piles[move.target]
        if move.source == "heap" and self.options.heap != "files":
            if target.is_empty:
                return self.illegal("3", "the vacancy is filled from the rubbish heap at once", head)
            return self.illegal("5", "the card turned up from the rubbish heap is used for the formation "
                                "building, not on the files", head, target.cards[-1])
        under = target.top
        if under is None:
            return self._vacancy_violation(move, source)
        fault = self.file_build.fault(under, head)
        if fault == "must alternate in colour":
            return self.illegal("2", "a card is put on one of the opposite color", head, under)
        base = self.base
        if fault and self.options.wrap == "base" and under.rank == base and head.value % 13 + 1 == base:
            below = _WORDS[Rank(head.value)]
            return self.illegal("2", f"the files count from the formation cards as from the aces: "
                                f"{_a(below)} {below} never goes on {_a(_WORDS[base])} {_WORDS[base]}", head, under)
        if fault:
            return self.illegal("2", "a card is put on one of one degree higher in value", head, under)
        return None

    def _lift_violation(self, pile: Pile, move: Move) -> IllegalMove | None:
        """What may be lifted from a file: its top card, to a formation; onto another file, the whole
        file (with ``files=part``, any part of it that is a sequence)."""
        assert move.target is not None
        n = len(move.cards)
        head = move.cards[0]
        if n > len(pile) or pile.cards[len(pile) - n:] != move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if move.target.startswith("foundation"):
            if n > 1:
                return self.illegal("5", "only a card uncovered in the play is used for the formations",
                                    move.cards[1], head)
            return None
        if not self.file_build.is_run(move.cards):
            return self.illegal("2", "only a sequence of alternate colors is moved", head)
        if self.options.files == "whole" and n != len(pile):
            return self.illegal("2", "a file is moved onto another only whole, never in part",
                                head, pile.cards[len(pile) - n - 1])
        return None

    def _vacancy_violation(self, move: Move, source: Pile) -> IllegalMove | None:
        """Rule 3: a vacancy is filled from the rubbish heap; once the heap is exhausted, as
        ``empty_heap`` says."""
        assert move.source is not None
        head = move.cards[0]
        if self.piles["heap"].cards:
            return self.illegal("3", "a vacancy is filled by taking a card from the rubbish heap", head)
        fill = self.options.empty_heap
        if fill == "none":
            return self.illegal("3", "a vacancy is filled only from the rubbish heap, and the heap is "
                                "exhausted", head)
        if fill == "hand" and move.source != "talon":
            return self.illegal("3", "once the rubbish heap is exhausted, a vacancy is filled from the "
                                "cards turned over from the hand", head)
        if move.source.startswith("file") and len(move.cards) == len(source):
            return self.illegal("3", "a file is not moved from one place to another", head)
        return None

    def _formation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rules 4 and 8: the formation cards, then up in suit, the ace after the king."""
        base = self.base
        reasons = {
            "must follow suit": ("4", "the formation cards are built up in the same suit"),
            "start": ("4", f"the formation cards are the four {_PLURALS[base]}"),
            "*": ("8", f"a {_WORDS[base]} is built upon in the order {formation_order(base)}"),
        }
        return self.explain(self.foundation_fault(name, card), reasons, card, *self.piles[name].cards[-1:])

    def _turn_violation(self) -> IllegalMove | None:
        if self.piles["hand"].cards:
            return None
        if not self.piles["talon"].cards:
            return IllegalMove("6", "no cards are left in hand")
        if self.counters["used"]:
            return IllegalMove("6", "on reaching the end of the pack in hand, it is picked up before it is "
                               "turned over again")
        return IllegalMove("7", "no card was used from the pack in the last pass: the game ceases")

    def _pick_up_violation(self) -> IllegalMove | None:
        left = len(self.piles["hand"])
        if left:
            return IllegalMove("6", "the pack is picked up only on reaching its end",
                               f"{left} card{'s' if left != 1 else ''} left in hand")
        if not self.piles["talon"].cards:
            return IllegalMove("6", "there are no cards to pick up")
        if not self.counters["used"]:
            return IllegalMove("7", "no card was used from the pack in the last pass: there is no point in "
                               "turning over the threes any more")
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        kind, moved, source, target, _ = move
        piles = self.piles
        if kind == "turn":
            piles["hand"], piles["talon"] = _turned(piles["hand"], piles["talon"])
            return
        if kind == "redeal":
            piles["hand"], piles["talon"] = _picked_up(piles["talon"])
            self.counters["used"] = 0
            self.counters["passes"] += 1
            return
        assert source is not None and target is not None
        taken = piles[source]
        rest = taken.cards[:len(taken.cards) - len(moved)]
        onto = piles[target]
        piles[target] = Pile(onto.cards + moved, onto.face_down)
        if source == "heap":
            piles["heap"] = self._heap(rest)  # its next card turned up (but with heap=vacancies)
        elif rest or not source.startswith("file"):
            piles[source] = Pile(rest, min(taken.face_down, len(rest)))
        else:
            self._fill(source)
        if source == "talon":
            self.counters["used"] += 1

    def apply_step(self, moves: Sequence[Move]) -> None:
        """A run of the pack (rule 6) applied at once: read from the bottom of the talon up and on
        from the top of the hand down, the cards keep their order, so the run only moves the line
        between the talon and the hand (as :func:`~patience.solve.runs_turning` counts it).  Any other
        step is made a move at a time."""
        run = moves[:-1]
        picked_up = run.count(PICK_UP)
        if len(run) < 2 or run.count(TURN) + picked_up != len(run):
            super().apply_step(moves)
            return
        piles = self.piles
        hand, talon = piles["hand"], piles["talon"]
        pack = talon.cards + hand.cards[::-1]
        if picked_up:  # the turns after the last pick-up count, from the pack turned down whole
            turned = run[::-1].index(PICK_UP)
            showing, down, hidden = min(THREES * turned, len(pack)), 0, len(pack)
            self.counters["used"] = 0
            self.counters["passes"] += picked_up
        else:
            showing = min(len(talon.cards) + THREES * len(run), len(pack))
            down, hidden = talon.face_down, hand.face_down
        rest = pack[showing:][::-1]
        piles["hand"], piles["talon"] = Pile(rest, min(hidden, len(rest))), Pile(pack[:showing], down)
        self.apply(moves[-1])

    def _fill(self, vacancy: str) -> None:
        """Rule 3: a vacant file is filled at once with the top card of the rubbish heap, face up."""
        heap = self.piles["heap"].cards
        if heap:
            self.piles[vacancy] = Pile(heap[-1:])
            self.piles["heap"] = self._heap(heap[:-1])
        else:
            self.piles[vacancy] = Pile()

    # ----------------------------------------------------------------- result
    @property
    def is_won(self) -> bool:
        """Rule 7: the four formations built up with their twelve following cards."""
        piles = self.piles
        return all(len(piles[f].cards) == FULL for f in FORMATION_NAMES)

    def state_key(self) -> tuple[Any, ...]:
        """The position for a search: the piles, and whether a card was used in this pass (how many,
        and how many passes were made, change nothing that follows)."""
        return (tuple(self.piles.values()), self.counters["used"] > 0)

    # ------------------------------------------------------------ for solvers
    RESTARTS = SEARCH_AGAIN

    def restarts(self) -> tuple[tuple[int, int], ...] | None:
        """Searched again in other orders only where the heap's card may go on the files (``heap=files``,
        as in the modern reading).  Tried alone on that reading's study, 64 searches of 500 positions won
        18 of the 20 deals that its first search left unknown at 200,000 positions and Solvitaire wins
        within 400 states, and 4 of 30 of its unknown deals taken at random.  (Measured before the moves that only
        exchange twins were left out, :meth:`useful_moves`.)  On the unknown deals of the
        book's reading, and of ``files=part`` alone, they won none of 30 and one of 30 (deals mostly lost,
        not yet proved so), so those readings are searched once.

        >>> from patience import load
        >>> load("demon").restarts() is None, load("demon(heap=files)").restarts() == SEARCH_AGAIN
        (True, True)
        """
        return self.RESTARTS if self.options.heap == "files" else None

    PACK_FIRST = 200_000
    #: The search in C (``_demon_search.c``), where the build made it: the core's search of Demon (the
    #: same moves in the same order, safe moves, runs of the pack and positions merged), about forty-five
    #: times as fast; some six seconds of it where no budget is given.
    SEARCH_IN_C = search_in_c("games._demon_search")
    NODES_IN_C = 20_000_000

    def pack_first(self) -> int:
        """Searched again with the cards of the hand that go up tried first only where any part of a
        file moves (``files=part``, as in the modern reading), with as many positions as the first
        search.  The first search tries every move between the files before it turns the hand for a
        card that goes up, and those moves are many where parts of files move.  Tried on the first 20
        deals that each study's search leaves unknown, within 50,000 positions, this order won 3 of
        ``files=part``'s and 1 of the book's reading's; within 50,000, 2 of the modern reading's first
        116, so it is given the whole budget.  Within 200,000 it won 33 of the 330 deals ``files=part``'s
        study had left unknown and 9 of the modern reading's 174 (each of them a deal Solvitaire wins),
        before the moves that only exchange twins were left out.
        The book's reading gains least (within 200,000 positions, 1 of the first 30 deals its study
        leaves unknown: deal 78, in 7,651), and its unknown deals take 20 to 30 seconds each to search
        first, so it is searched as before.

        >>> from patience import load
        >>> load("demon").pack_first(), load("demon(files=part)").pack_first()
        (0, 200000)
        """
        return self.PACK_FIRST if self.options.files == "part" else 0

    def solver_key(self) -> tuple[Any, ...]:
        """The :meth:`state_key` with the files, and the formations, in a fixed order: the rules
        treat the four files alike, and the four formations.  The piles' cards alone: which of them
        lie face down follows from the rules (the hand, and the heap but for its top card), and
        tuples of cards hash and compare at C speed."""
        piles = self.piles
        return (piles["hand"].cards, piles["talon"].cards, piles["heap"].cards,
                tuple(sorted([piles[name].cards for name in FILE_NAMES])),
                tuple(sorted([piles[name].cards for name in FORMATION_NAMES])), self.counters["used"] > 0)

    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move that does not take the top card of the talon neither needs nor changes the hand and
        the talon: it could have been made before the pack was turned or picked up."""
        return move.kind == "move" and move.source != "talon"

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out on the hand and the talon alone (:func:`~patience.solve.runs_turning`): turning
        and picking up change nothing else, so the card a run brings to the top of the talon has the
        moves the lie gives it.  The pack is never picked up twice in a run (it takes a card used in
        the pass), so a run never comes back to where it was.

        >>> from patience import load
        >>> game = load("demon", seed=1)
        >>> [" ".join(map(str, run)) for run in game.pack_runs(TURN)][:2]
        ['turn 3♠ → 4♦', 'turn turn turn turn turn J♦ → Q♣']
        """
        used, lie = self.counters["used"] > 0, self._lie()
        return runs_turning(
            self, first, "hand", "talon", THREES,
            lambda in_hand, on_talon, picked_up: _pack_moves(in_hand, on_talon, used and not picked_up),
            lambda card: self._talon_moves(lie, card))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (the talon from its
        bottom up, then the hand from its top down: the order turning and picking up keep), the cards
        on the talon, whether a card of the pack was used in this pass, the heap, the files (bottom
        first), each formation as (its suit, 0 to 3, or -1, and its cards), the formation cards'
        value, the files' table of builds (:meth:`Build.table`), and the options.

        >>> from patience import load
        >>> pack, showing, used, heap, files, formations, base, *_ = load("demon", seed=1).description()
        >>> len(pack), showing, used, len(heap), [len(file) for file in files], formations[:2], base
        (34, 0, 0, 13, [1, 1, 1, 1], ((0, 1), (-1, 0)), 9)
        """
        piles, options = self.piles, self.options
        return (bytes(piles["talon"].cards + piles["hand"].cards[::-1]), len(piles["talon"].cards),
                int(self.counters["used"] > 0), bytes(piles["heap"].cards),
                tuple(bytes(piles[name].cards) for name in FILE_NAMES), self.suit_foundations(FORMATION_NAMES),
                self.base.value, self.file_build.table_bytes(), int(options.files == "part"),
                ("foundations", "files", "vacancies").index(options.heap),
                ("hand", "any", "none").index(options.empty_heap))

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card built on a formation from a file or the heap when no card that could be put on it
        in the files is left in play.  (Not from the talon: taking a card from it changes the threes
        of every later pass.)"""
        out = None
        for move in moves:
            kind, cards, source, target, _ = move
            if kind == "move" and target and target.startswith("foundation") and source != "talon":
                if out is None:
                    piles = self.piles
                    out = {card for name in FORMATION_NAMES for card in piles[name].cards}
                    lying_on = _lying_on(self.file_build)
                if all(child in out for child in lying_on[cards[0]]):
                    return move
        return None

    def layout(self) -> list[Spot]:
        """The heap on the left, the four formations in a row above the four files, the hand and the
        talon on the right."""
        label = self.base.symbol if self.piles["foundation 1"].cards else ""
        spots = [Spot("heap", 0, 0, label="heap")]
        spots += [Spot(f, 1.5 + 1.2 * i, 0, label="" if self.piles[f].cards else label)
                  for i, f in enumerate(self.piles_of("foundation"))]
        spots += [Spot("hand", 6.6, 0, label="hand"), Spot("talon", 7.8, 0, label="talon")]
        spots += [Spot(f, 1.5 + 1.2 * i, 1.3, fan="down") for i, f in enumerate(self.piles_of("file"))]
        return spots


TURN = Move("turn", (), "hand", "talon", "turn")
PICK_UP = Move("redeal", (), "talon", "hand", "pick up")



def _turned(hand: Pile, talon: Pile) -> tuple[Pile, Pile]:
    """The hand and the talon once three cards are turned over (rule 6; the last one or two as
    they are)."""
    rest = hand.cards[:-THREES]
    return (Pile(rest, min(hand.face_down, len(rest))),
            Pile(talon.cards + hand.cards[len(rest):][::-1], talon.face_down))


def _picked_up(talon: Pile) -> tuple[Pile, Pile]:
    """The hand and the talon once the talon is picked up and turned over (rule 6)."""
    return Pile(talon.cards[::-1], len(talon.cards)), Pile()


def _pack_moves(in_hand: int, on_talon: int, used: bool) -> list[Move]:
    """Turning the hand while it holds cards (``in_hand`` of them); at its end, picking up the
    talon, but only if a card of the pack was used in the pass (rules 6 and 7)."""
    if in_hand:
        return [TURN]
    return [PICK_UP] if on_talon and used else []

#: The deal the chapter draws in place of a figure (see LINE).
DIAGRAM = str(Demon.from_line(LINE, FORMATION, DIAGRAM_SEED))
