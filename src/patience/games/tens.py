"""Tens, the first of the three patiences that grant a wish.

Source: *Everybody's Book of Luck* (anonymous, early twentieth century,
British), the passage on "Tens", "Demon" and "the Idiot's Delight"; its
diagrams No. 27 and 28 (the lay-out) are lost.  Not the modern game of the same
name (pairs adding to ten): this is the book's game.

Two packs.  Ten files of two cards face down and one face up; the aces are
thrown out; cards are built down in alternating colours, runs moving whole or
in part; a quite empty file takes a king with its following run; a fresh ten is
dealt, one card on each file, when the player has made the movements he can;
every complete sequence from king to two is removed at once.  The game is won
when no card is left in the lay-out.

>>> from patience import load
>>> game = load("tens", seed=1)
>>> [len(game.piles[f]) for f in game.piles_of("file")], len(game.piles["hand"])
([3, 3, 3, 3, 3, 3, 3, 3, 3, 3], 74)
>>> game.piles["file 1"].face_down
2
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ..build import Build
from ..cards import CARDS, Card, InvalidCard, Rank, whist_pack
from ..compiled import search_in_c
from ..errors import IllegalMove
from ..game import Game, Move, Pile, Spot, normalise_notation
from ..options import Option
from . import register

__all__ = ["Tens", "DIAGRAM_27"]

SOURCE = "Everybody's Book of Luck (anonymous, early 20th c.), “Tens”"

#: Cards build down in alternating colours: "a red goes on a black, a black on a red,
#: a queen on a king, a two on a three".
ALTERNATE_DOWN = Build("down", "alternate")

FILES = 10
FILE_NAMES = tuple(f"file {i + 1}" for i in range(FILES))
#: The length of a complete sequence, king to two.
SEQUENCE = 12

#: Whether a card may rest on another (:meth:`Tens.follows`), by their codes: ``BUILDS[below][above]``
#: (rule 3; aces are thrown out, never built with, rule 2).
_ALTERNATE = ALTERNATE_DOWN.table()
BUILDS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(bool(below and above and above.value != 1 and _ALTERNATE[below][above]) for above in CARDS)
    for below in CARDS)
#: The cards that may rest on each card, by its code.
BUILDS_ON: tuple[tuple[Card, ...], ...] = tuple(
    tuple(c for c in whist_pack() if BUILDS[below][c]) for below in range(len(CARDS)))
#: :data:`BUILDS` as the search in C reads it: 53 by 53 bytes.
_BUILDS_TABLE = bytes(b for row in BUILDS for b in row)


def _file_order(pile: Pile) -> tuple[int, tuple[Card, ...], int]:
    """The order the solver's key lists the files in, once the packs are dealt out."""
    return (len(pile.cards), pile.cards, pile.face_down)

#: The lay-out of the lost diagram No. 27, redrawn (editorial).  The face-up third
#: row holds the six cards of the worked example (A♥, 7♦, 6♣, 5♥, 4♣, 3♦) in
#: different files; every other card is the editor's choice, and the card under
#: the four of clubs is a black two, so that "the cards turned up by the movements
#: … may help to continue the sequences".
DIAGRAM_27 = """\
tens seed=0
hand: [10♣] [A♣] [8♠] [Q♠] [A♦] [9♥] [3♦] [3♠] [4♠] [10♥] [8♦] [7♣] [5♥] [2♣] [6♦] [8♦] [3♠] [K♥] \
[4♦] [7♥] [5♦] [8♠] [10♥] [7♥] [8♥] [J♣] [4♣] [10♣] [A♦] [5♣] [5♦] [J♥] [K♦] [4♥] [Q♥] [2♥] [J♦] \
[9♦] [6♠] [10♦] [2♣] [J♠] [J♣] [A♠] [6♥] [Q♠] [3♥] [K♣] [3♣] [J♥] [8♥] [9♦] [8♣] [K♠] [3♣] [9♣] [6♦] \
[A♠] [9♠] [J♠] [A♥] [A♣] [7♣] [6♥] [Q♣] [6♠] [4♥] [6♣] [K♦] [K♣] [2♠] [4♠] [Q♦] [3♥]
file 1: [7♦] [Q♥] 10♠
file 2: [10♠] [4♦] 7♦
file 3: [10♦] [8♣] A♥
file 4: [Q♣] [K♠] 6♣
file 5: [J♦] [5♣] Q♦
file 6: [2♦] [7♠] 5♥
file 7: [2♥] [7♠] 9♣
file 8: [2♦] [2♠] 4♣
file 9: [9♥] [9♠] K♥
file 10: [5♠] [5♠] 3♦
aces:
removed:
"""


@register
class Tens(Game):
    """Tens: two packs, ten files of three (two face down, one face up), the rest in hand."""

    slug = "tens"
    name = "Tens"
    chapter = "tens"
    order = 101
    source = SOURCE
    plate = None
    packs = 2
    RULES = {
        "1": "A row of ten cards is dealt out on the table, face down. … another row of ten cards is "
        "laid out, also face down. Next, a third row is set out, but this time the cards are placed "
        "face up.",
        "2": "The player looks at the ten face cards and throws out any aces.",
        "3": "Then he builds up suits, as far as he can, by resting a card of opposite color, and of "
        "one degree lower in value, on some other card. Thus, a red goes on a black, a black on a red, "
        "a queen on a king, a two on a three, and so on.",
        "4": "When the shifting of cards causes a file to have no face card in it, then the uppermost "
        "non-face card may be turned over, ready for being used.",
        "5": "As soon as all the possible movements have been effected, a fresh set of ten cards is "
        "dealt out, one being placed on each file. The movements are recommenced.",
        "6": "Not only can one suitable card be placed on another, but partial runs of cards may be "
        "so moved, as long as there is no broken sequence in them.",
        "7": "Should a file become quite empty, with not even face-down cards in it, then it is "
        "possible to fill it with a king and any proper following sequence, should such a one be "
        "within reach in any other file.",
        "8": "As soon as one of these complete sequences [from “king” to “two”] is formed, it is "
        "removed from the game.",
        "9": "The aim of the game is to have no cards left in the lay-out. If, when all the two packs "
        "have been dealt out and all the possible movements of cards made, there are broken "
        "sequences left, then the game has failed.",
    }
    AVAILABILITY = ("6", "only the face cards at the foot of a file may be moved")
    NAMES_RUNS = True
    OUT = ("aces", "removed")
    #: Only a deal moves the hand ("turn" turns up a card of a file).
    PACK_KINDS = ("deal",)
    #: The files, once the packs are dealt out (:meth:`solver_key`).
    INTERCHANGEABLE = ("file",)
    SEARCH_IN_C = search_in_c("games._tens_search")
    NODES_IN_C = 1_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order: a
    #: search that deals, or builds, at the wrong moment spends its budget below it, where a win is a line
    #: of several hundred moves.  Of 96 deals a first search of 10,000 positions left unknown, one of
    #: 10,000,000 won none (of the first 48); 4,096 searches again of 500 won 7 (2,048 of 1,000 won 5,
    #: 1,024 of 2,000 won 5, 512 of 4,000 won 3), about two million positions and under a second a deal.
    RESTARTS = ((4096, 500),)
    OPTIONS = (
        Option(
            "deal_when",
            "any",
            "when a fresh ten may be dealt: 'any' time (the player judges that “all the possible "
            "movements have been effected”) or only when 'blocked' (no card can be moved at all)",
            choices=("any", "blocked"),
        ),
        Option(
            "turn_up",
            "auto",
            "a file left with no face card: its uppermost card is turned up 'auto'matically (as the "
            "worked example does), or the turn is a 'move' of the player's (“may be turned over”)",
            choices=("auto", "move"),
        ),
    )

    # ---------------------------------------------------------------- the deal
    @classmethod
    def arrange(cls, files: Mapping[int, str], hand: str | None = None, **options: Any) -> Tens:  # type: ignore[override]
        """A position made of the ``files`` that matter (number → the file's cards, bottom first,
        face-down ones in brackets), for examples and tests.

        The rest of the two packs lies in hand, face down; or, when ``hand`` is given
        (its cards bottom first, the next to deal last), the other aces lie with the
        thrown-out aces and the other cards with the removed ones.

        >>> game = Tens.arrange({1: "[9♥] 5♦ 4♣", 2: "6♠"}, hand="7♦ 8♣")
        >>> print(game.piles["file 1"], "|", game.piles["hand"], "|", len(game.piles["removed"]))
        [9♥] 5♦ 4♣ | [7♦] [8♣] | 90
        """
        piles = {f"file {number}": text for number, text in files.items()}
        if hand is None:
            return super().arrange(piles, rest="hand", **options)
        piles["hand"] = " ".join(f"[{card}]" for card in hand.split())
        return super().arrange(
            piles, rest=lambda card: "aces" if card.rank == Rank.ACE else "removed", hidden=False, **options
        )

    def pile_names(self) -> list[str]:
        return ["hand", *FILE_NAMES, "aces", "removed"]

    def lay_out(self, cards: list[Card]) -> None:
        """Rule 1: two rows of ten face down, a third face up; the rest stays in hand.

        The hand is kept face down with the next card to deal on top.
        """
        for i, name in enumerate(self.piles_of("file")):
            self.piles[name] = Pile((cards[i], cards[FILES + i], cards[2 * FILES + i]), 2)
        rest = cards[3 * FILES:]
        self.piles["hand"] = Pile(tuple(reversed(rest)), len(rest))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        files = self.piles_of("file")
        for source in files:
            pile = self.piles[source]
            if pile.cards and self.options.turn_up == "move":
                yield Move("turn", (), source, source, f"turn {source}")
            for card in self.piles[source].visible:
                if card.rank == Rank.ACE:
                    yield Move("discard", (card,), source, "aces", f"{card} → aces")
            top = pile.top
            if top is not None and pile.face_down < len(pile) and top.rank != Rank.ACE:
                yield Move("discard", (top,), source, "aces", f"{top} → aces")
            for depth in range(1, len(pile.visible) + 1):
                run = pile.cards[len(pile) - depth:]
                for target in files:
                    if target == source:
                        continue
                    under = self.piles[target]
                    hidden = under.face_down == len(under)
                    where = "space" if under.is_empty else "face-down card" if hidden else str(under.top)
                    yield Move("move", run, source, target, f"{run[0]} → {where}")
        yield Move("deal", notation="deal")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: for each file its turn,
        its ace thrown out, and each unbroken run at its foot onto the files that take it; then
        the deal."""
        piles = self.piles
        turn = self.options.turn_up == "move"
        # Where a run may go, by its first card: onto a face card one higher of the other colour
        # (rule 3; never onto an ace, rule 2, nor a face-down card, rule 4), with the move's words
        # after the card; a king, into a quite empty file (rule 7).
        places: dict[Card, list[tuple[str, str]]] = {}
        spaces: list[tuple[str, str]] = []
        for name in FILE_NAMES:
            pile = piles[name]
            if not pile.cards:
                spaces.append((name, " → space"))
            elif pile.face_down < len(pile.cards):
                under = pile.cards[-1]
                words = " → " + under.text
                for card in BUILDS_ON[under]:
                    places.setdefault(card, []).append((name, words))
        legal: list[Move] = []
        for source in FILE_NAMES:
            pile = piles[source]
            cards, down = pile.cards, pile.face_down
            size = len(cards)
            if down >= size:
                # Rule 4: a file with no face card may have its uppermost card turned over.
                if turn and size:
                    legal.append(Move("turn", (), source, source, f"turn {source}"))
                continue
            top = cards[-1]
            if top.value == 1:
                # Rule 2: an ace is thrown out once no card lies on it (twice, if its twin is
                # the face card under it: the two are alike).
                for card in cards[down:]:
                    if card == top:
                        legal.append(Move("discard", (card,), source, "aces", f"{card.text} → aces"))
                continue
            # Rule 6: any unbroken run at the foot of the file moves, whole or in part.
            depth = 1
            while True:
                head = cards[size - depth]
                for target, words in (spaces if depth < size else ()) if head.value == 13 \
                        else places.get(head, ()):
                    if target != source:
                        legal.append(Move("move", cards[size - depth:], source, target, head.text + words))
                if depth == size - down or not BUILDS[cards[size - depth - 1]][head]:
                    break
                depth += 1
        # Rule 5: a fresh ten when the player will (or only when nothing can move).
        if piles["hand"].cards and (not legal or self.options.deal_when == "any"):
            legal.append(Move("deal", notation="deal"))
        return legal

    # ------------------------------------------------------------ for solvers
    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """An ace thrown out, or (``turn_up=move``) a face-down card turned up, once no fresh ten
        can come between: when a deal waits until no card can move (``deal_when=blocked``), or
        the packs are dealt out.  Until then nothing can be done with the file, for no card is
        laid on an ace or on a face-down card, and neither moves but by this; a line of play that
        waits makes it before the next deal (while it can be made, no deal can), so it can as well
        be made first: it only frees the file sooner.  (Were a deal allowed before it, the deal
        would cover the ace or the face-down card, and the lines would part.)"""
        if self.options.deal_when != "blocked" and self.piles["hand"].cards:
            return None
        return next((m for m in moves if m.kind in ("discard", "turn")), None)

    def solver_key(self) -> tuple[Any, ...]:
        """The position, with the files in a fixed order once the packs are dealt out: until then a
        deal gives each file its own card, after that no rule tells one file from another."""
        if not self.INTERCHANGEABLE or self.piles["hand"].cards:
            return self.state_key()
        piles = self.piles
        files = sorted([piles[f] for f in FILE_NAMES], key=_file_order)
        return (tuple(files), (piles["aces"], piles["removed"]))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the hand (bottom first: the next
        card dealt last), the files as (their cards, bottom first, and how many lie face down), the aces
        thrown out and the cards removed (each in the order they went), :data:`BUILDS` as 53 by 53 bytes,
        and the options: whether a fresh ten waits until nothing can move (``deal_when=blocked``) and
        whether the turn is a move (``turn_up=move``).

        >>> hand, files, aces, removed, builds, blocked, turn = Tens.deal(seed=1).description()
        >>> len(hand), [down for _, down in files], aces, removed, len(builds), blocked, turn
        (74, [2, 2, 2, 2, 2, 2, 2, 2, 2, 2], b'', b'', 2809, False, False)
        """
        piles, options = self.piles, self.options
        files = tuple((bytes(piles[name].cards), piles[name].face_down) for name in FILE_NAMES)
        return (bytes(piles["hand"].cards), files, bytes(piles["aces"].cards), bytes(piles["removed"].cards),
                _BUILDS_TABLE, options.deal_when == "blocked", options.turn_up == "move")

    def useful_moves(self) -> list[Move]:
        """The legal moves less, once the packs are dealt out, a run's moves into a second,
        third … empty file: the files are then alike."""
        legal = self.legal_moves()
        piles = self.piles
        if piles["hand"].cards or not self.INTERCHANGEABLE:
            return legal
        empty = [f for f in FILE_NAMES if not piles[f].cards]
        if len(empty) < 2:
            return legal
        return [m for m in legal if m.target not in empty[1:]]

    def parse_move(self, text: str) -> Move:
        """The move ``text`` names.  A card named that lies among the removed sequences and in no
        file is refused by rule 8 (:meth:`violation`), not as a card away from the foot of a file."""
        try:
            return super().parse_move(text)
        except IllegalMove as refused:
            try:
                card = Card.parse(normalise_notation(text).split(" → ")[0].split()[0])
            except InvalidCard:
                raise refused from None
            piles = self.piles
            if card in piles["removed"] and not any(card in piles[name] for name in FILE_NAMES):
                problem = self.violation(Move("move", (card,), "removed", None, text))
                if problem is not None:
                    raise problem from None
            raise

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return self._deal_violation()
        if move.source == "removed":
            return self.illegal("8", "a complete sequence is removed from the game", *move.cards[:1])
        if move.source not in self.piles or not move.source.startswith("file"):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        pile = self.piles[move.source]
        if move.kind == "turn":
            if self.options.turn_up != "move":
                return IllegalMove("4", "the uppermost face-down card is turned up by itself", move.source)
            if pile.is_empty or pile.face_down < len(pile):
                return IllegalMove("4", "a card is turned over only in a file that has no face card",
                                   move.source)
            return None
        if move.kind == "discard":
            return self._discard_violation(pile, move.cards[0])
        n = len(move.cards)
        if not n or n > len(pile) or tuple(pile.cards[len(pile) - n:]) != move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if n > len(pile.visible):
            return self.illegal(*self.AVAILABILITY, move.cards[0])
        if move.kind != "move" or move.target not in self.piles or not move.target.startswith("file"):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        target = self.piles[move.target]
        if target.is_empty and n == len(pile):
            return self.illegal("7", "a file is not moved from one space to another", move.cards[0], "space")
        return self._build_violation(move.cards, target)

    def _discard_violation(self, pile: Pile, card: Card) -> IllegalMove | None:
        """Rule 2: only aces are thrown out, and an ace only when no card lies on it."""
        if card not in pile.visible:
            return self.illegal(*self.AVAILABILITY, card)
        if card.rank != Rank.ACE:
            return self.illegal("2", "only the aces are thrown out", card)
        if pile.cards[-1] != card:
            return self.illegal("2", "an ace is thrown out when no card lies on it", pile.cards[-1], card)
        return None

    def _build_violation(self, run: Sequence[Card], target: Pile) -> IllegalMove | None:
        """Rules 3, 6 and 7: what may be lifted, and where it may go."""
        if any(c.rank == Rank.ACE for c in run):
            return self.illegal("2", "aces are thrown out, not built with", run[0])
        for below, above in zip(run, run[1:]):
            if not self.follows(below, above):
                return self.illegal("6", "a run may be moved only if there is no broken sequence in it",
                                    above, below)
        card = run[0]
        if target.is_empty:
            if card.rank != Rank.KING:
                return self.illegal("7", "a quite empty file is filled only with a king and its "
                                    "following sequence", card, "space")
            return None
        under = target.top
        assert under is not None
        if target.face_down == len(target):
            return self.illegal("4", "a card may not rest on a face-down card", card, "face-down card")
        if under.rank == Rank.ACE:
            return self.illegal("2", "aces are thrown out, not built on", card, under)
        fault = ALTERNATE_DOWN.fault(under, card)
        if fault == "must alternate in colour":
            return self.illegal("3", "a red goes on a black, a black on a red", card, under)
        if fault:
            return self.illegal("3", "a card goes on one of one degree higher in value", card, under)
        return None

    def _deal_violation(self) -> IllegalMove | None:
        if self.piles["hand"].is_empty:
            return IllegalMove("5", "the two packs are exhausted")
        if self.options.deal_when == "blocked":
            moving = next((m for m in self.moves() if m.kind != "deal" and self.violation(m) is None), None)
            if moving is not None:
                return IllegalMove(
                    "5", "a fresh ten is dealt as soon as all the possible movements have been effected",
                    f"{moving} can be played",
                )
        return None

    @staticmethod
    def follows(below: Card, above: Card) -> bool:
        """Whether ``above`` builds on ``below``: alternate colour, one lower, never an ace."""
        return BUILDS[below][above]

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        piles = self.piles
        kind, cards, source, target, _ = move
        if kind == "deal":
            self._deal()
        elif kind == "turn":
            pile = piles[source]
            if pile.cards and pile.face_down == len(pile.cards):
                piles[source] = Pile(pile.cards, pile.face_down - 1)
        else:
            pile, onto = piles[source], piles[target]
            stays = len(pile.cards) - len(cards)
            down = pile.face_down
            if down >= stays:
                # Rule 4: the card uncovered is turned face up (by itself, or by a move of its own).
                down = stays - 1 if stays and self.options.turn_up == "auto" else stays
            piles[source] = Pile(pile.cards[:stays], down)
            piles[target] = Pile(onto.cards + pile.cards[stays:], onto.face_down)
        self._remove_sequences()

    def _lifted(self, pile: Pile, count: int) -> Pile:
        """``pile`` less its ``count`` cards at the foot, the card they uncover turned face up
        (rule 4) when the option ``turn_up`` is ``auto``."""
        stays = len(pile.cards) - count
        down = pile.face_down
        if down >= stays:
            down = stays - 1 if stays and self.options.turn_up == "auto" else stays
        return Pile(pile.cards[:stays], down)

    def _deal(self) -> None:
        """Rule 5: one card face up on each file, from the first; the last deal of four reaches
        only the first four files."""
        piles = self.piles
        hand = piles["hand"]
        stays = max(len(hand.cards) - FILES, 0)
        for name, card in zip(FILE_NAMES, reversed(hand.cards[stays:])):
            pile = piles[name]
            piles[name] = Pile(pile.cards + (card,), pile.face_down)
        piles["hand"] = Pile(hand.cards[:stays], min(hand.face_down, stays))

    def _remove_sequences(self) -> None:
        """Rule 8: a complete sequence, king to two, at the foot of a file leaves the game."""
        piles = self.piles
        for name in FILE_NAMES:
            pile = piles[name]
            cards = pile.cards
            if len(cards) - pile.face_down < SEQUENCE or cards[-SEQUENCE].value != 13:
                continue  # no face-up king twelve cards from the foot: no sequence
            while self.complete_sequence(pile):
                removed = piles["removed"]
                piles["removed"] = Pile(removed.cards + pile.cards[-SEQUENCE:], removed.face_down)
                pile = piles[name] = self._lifted(pile, SEQUENCE)

    def complete_sequence(self, pile: Pile) -> bool:
        """Whether the twelve cards at the foot of ``pile`` are face up and run from king to two."""
        if len(pile.visible) < SEQUENCE:
            return False
        cards = pile.cards[-SEQUENCE:]
        return cards[0].rank == Rank.KING and self.run_length(cards) == SEQUENCE

    def run_length(self, cards: Sequence[Card]) -> int:
        """How many cards at the foot of ``cards`` form an unbroken run."""
        n = 1 if cards else 0
        while n < len(cards) and self.follows(cards[-n - 1], cards[-n]):
            n += 1
        return n

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Rule 9: no cards left in the lay-out (nor in hand)."""
        piles = self.piles
        return not piles["hand"].cards and not any(piles[f].cards for f in FILE_NAMES)

    def layout(self) -> list[Spot]:
        spots = [
            Spot("hand", 0, 0, label="hand"),
            Spot("aces", 1.2, 0, label="aces"),
            Spot("removed", 2.4, 0, label="removed"),
        ]
        spots += [Spot(f, i * 1.1, 1.2, fan="down") for i, f in enumerate(self.piles_of("file"))]
        return spots
