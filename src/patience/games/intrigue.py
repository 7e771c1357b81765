"""Intrigue: two packs; the queens in a middle row, the fives built down to kings below them and the
sixes up to knaves above.

Source: *Patience Games* (British, 1911 or later; author not established), chapter XXVII,
"Intrigue (with two whist packs)", "a variation of an older game known as the 'Picture Gallery'".
No plate: the chapter's example diagram (its p. 110) is lost, and the book redraws it with the
engine (:meth:`Intrigue.example`).

A queen is taken out and laid at the left (Rule I); the pack is dealt card by card upon her
(Rule II).  A 5 goes to the bottom row and a 6 to the top row, each beginning a packet there
(Rules III, V); another queen goes to the middle row, and the cards are dealt upon her from then on,
the last queen taking the rest of the pack (Rule IV).  The fives are built down, any suit, to the
kings (5, 4, 3, 2, A, K; Rule VI), the sixes up to the knaves (Rule VII), from the exposed card of
any packet of the middle row or, as it turns up, from the pack (Rule VIII).  When all the cards have
been dealt, the topmost card of a packet of the middle row may be put on an exposed queen, once to
each queen (Rule X).  The game is won with eight knaves above, eight queens bare in the middle and
eight kings below (Rule IX).

Dealing is a move (``deal``): the card turned goes where the rules send it, and a card laid on its
queen is her packet's exposed card at once, so that building it "from the pack" is building it from
there before the next card is dealt.

>>> from patience import load
>>> game = load("intrigue", seed=4)
>>> print(game.piles["middle 1"], len(game.piles["pack"]))
Q♦ 103
>>> for _ in range(6):
...     _ = game.play("deal")
>>> print(game.piles["middle 1"], "|", game.piles["middle 2"], "|", game.piles["bottom 1"])
Q♦ A♠ 7♣ 9♣ | Q♠ J♣ | 5♥
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from ..build import Build, Foundation
from ..cards import Card, Rank
from ..errors import IllegalMove
from ..game import Game, Move, Pile, Spot, move_onto
from ..options import Option
from ..solve import PACK_RUN, runs_using
from . import register

__all__ = ["Intrigue", "EXAMPLE"]

SOURCE = ("Patience Games (British, 1911 or later; author not established), chapter XXVII, "
          "“Intrigue (with two whist packs)”")

#: Eight packets in each row: eight queens, and eight fives and eight sixes in two packs.
PACKETS = 8
TOPS = tuple(f"top {i + 1}" for i in range(PACKETS))
MIDDLES = tuple(f"middle {i + 1}" for i in range(PACKETS))
BOTTOMS = tuple(f"bottom {i + 1}" for i in range(PACKETS))
#: A finished packet of the top row (6 to the knave) or of the bottom row (5 to the king).
FULL = 6

#: Rule VII: the sixes built up, irrespective of suit, to the knaves.
UP = Foundation(Rank.SIX, Build("up", "any"))
#: Rule VI: the fives built down, irrespective of suit, to the kings (the king after the ace).
DOWN = Foundation(Rank.FIVE, Build("down", "any", wrap=True))
#: The value each packet's top card wants next, by the top card's value: a top-row packet one up
#: to the knave, a bottom-row packet one down, the king on the ace, none on a knave or a king.
WANTS_UP = {v: v + 1 for v in range(6, 11)}
WANTS_DOWN = {5: 4, 4: 3, 3: 2, 2: 1, 1: 13}

DEAL = Move("deal", notation="deal")


@lru_cache(maxsize=1 << 16)
def _values(pile: Pile) -> tuple[int, ...]:
    """The values of a pile's cards (suits never count in Intrigue), for the solver's key."""
    return tuple(card.value for card in pile.cards)


@register
class Intrigue(Game):
    """Intrigue: two packs; queens in the middle row, fives down to kings below, sixes up to knaves above."""

    slug = "intrigue"
    name = "Intrigue"
    chapter = "intrigue"
    order = 106
    source = SOURCE
    plate = None
    packs = 2
    #: The source numbers no rules: the book numbers its sentences in the order of the text.
    RULES = {
        "I": "Take out a queen — it does not matter which one — and place it at the left-hand side of the "
        "board.",
        "II": "Now begin dealing out the cards upon it, just as they come, until a 5, a 6, or another queen "
        "is dealt.",
        "III": "If the card is a 5, place it under the queen. If it is a 6, place it over the queen.",
        "IV": "If it is another queen, cease dealing out the cards on the first queen and begin to deal them "
        "upon this second one until a third turns up, when you at once transfer your attentions to her, "
        "and so on until all the queens are out, when the last one gets the remainder of the pack played "
        "upon her.",
        "V": "Meanwhile, as 5's and 6's turn up in dealing, you are to place the former in a row with the "
        "first 5 dealt, and the latter in a row with the first 6 dealt.",
        "VI": "The 5's are to be built upon, irrespective of suit, downwards to the kings, which crown these "
        "packets in the bottom row.",
        "VII": "The 6's are to be built upon, irrespective of suit, upwards to the knaves, which are the "
        "crowning cards of the top row.",
        "VIII": "You build as often as you can, from exposed cards or from the pack, and whenever you can "
        "exhaust one of the packets in the middle row, exposing a queen, do so, as this queen will be of "
        "advantage later on.",
        "IX": "When all the cards have been dealt, the top row should show eight knaves, the middle one eight "
        "queens, and the bottom one eight kings; but probably some of the queens are still covered, and "
        "some of the packets, in the rows above and below, are unfinished.",
        "X": "You are now allowed to take the topmost card from any one of the packets in the middle row, "
        "and put it on an exposed queen. If there is another exposed queen, you can put a card on that "
        "also, and on as many queens as are not covered; but if by this means you cannot free the cards "
        "with which you want to continue the sequences, the game is blocked, for you may not transfer to "
        "a queen more than once.",
    }
    FACE_DOWN = ("pack",)
    UNDEALT = ("pack",)
    UNDEALT_RULE = ("II", "the card has not been dealt yet")
    AVAILABILITY = ("VIII", "only the exposed card of a packet in the middle row is built or moved")
    #: ``transferred``: the queens that have received a card under Rule X, as a sum of bits
    #: (1 for the queen of middle 1, 2 for middle 2, 4 for middle 3 …).
    COUNTERS = ("transferred",)
    OUT = ("top", "bottom")
    PACK_KINDS = ("deal",)
    INTERCHANGEABLE = ("top", "bottom")
    OPTIONS = (
        Option(
            "from_pack",
            "may",
            "a card turned up from the pack that can be built: the player 'may' build it (the engine "
            "lays it on its queen, where it is the exposed card, to be built from there or covered by the "
            "next card dealt), or 'must' (“you build as often as you can … from the pack”: the deal builds "
            "it at once, on the first packet that takes it)",
            choices=("may", "must"),
        ),
    )

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack, then the top row, the middle row and the bottom row, each from the left."""
        return ["pack", *TOPS, *MIDDLES, *BOTTOMS]

    def lay_out(self, cards: list[Card]) -> None:
        """Rule I: the first queen of the shuffled pack is taken out and laid at the left of the
        middle row; the other 103 cards are the pack, face down, dealt by ``deal`` moves."""
        queen = next(c for c in cards if c.rank == Rank.QUEEN)
        self.piles["middle 1"] = Pile((queen,))
        rest = [c for c in cards if c is not queen]
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    @classmethod
    def example(cls, **options: Any) -> Intrigue:
        """The chapter's example (its p. 110, lost), redrawn: the pack dealt out, six packets of the
        top row and five of the bottom row finished, three queens exposed (:data:`EXAMPLE`)."""
        game = cls.from_position(EXAMPLE)
        if options:
            game = cls.from_position(EXAMPLE.replace("intrigue ", cls(**options).spec + " ", 1))
        return game

    def current(self, piles: Mapping[str, Pile] | None = None) -> str:
        """The packet of the middle row the pack is being dealt upon: the last queen out (Rule IV)
        (or with ``piles``)."""
        if piles is None:
            piles = self.piles
        return next(name for name in reversed(MIDDLES) if piles[name].cards)

    def used(self, name: str) -> bool:
        """Whether the queen of the packet ``name`` has received a card under Rule X."""
        return bool(self.counters["transferred"] >> MIDDLES.index(name) & 1)

    def _takers(self, piles: Mapping[str, Pile] | None = None) -> dict[int, list[str]]:
        """The packets of the top and bottom rows by the value each takes now (or with ``piles``),
        in their order."""
        if piles is None:
            piles = self.piles
        takers: dict[int, list[str]] = {}
        for names, wants in ((TOPS, WANTS_UP), (BOTTOMS, WANTS_DOWN)):
            for name in names:
                cards = piles[name].cards
                if cards:
                    value = wants.get(cards[-1].value)
                    if value is not None:
                        takers.setdefault(value, []).append(name)
        return takers

    def destination(self, card: Card) -> str:
        """Where the deal lays ``card``: a 5 at the end of the bottom row, a 6 at the end of the top
        row, a queen at the end of the middle row (Rules III, IV, V); any other card on the current
        queen, or with ``from_pack=must`` on the first packet that takes it, if one does (Rule VIII)."""
        return self._lands(self.piles, None, card)

    def _lands(self, piles: Mapping[str, Pile], takers: dict[int, list[str]] | None, card: Card) -> str:
        """:meth:`destination` with the piles ``piles``, whose :meth:`_takers` are ``takers`` (worked
        out here if None and needed)."""
        value = card.value
        if value in (5, 6, 12):
            names = BOTTOMS if value == 5 else TOPS if value == 6 else MIDDLES
            return next(name for name in names if not piles[name].cards)
        if self.options.from_pack == "must":
            packets = (self._takers(piles) if takers is None else takers).get(value)
            if packets:
                return packets[0]
        return self.current(piles)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield DEAL
        piles = self.piles
        # The cards of the top and bottom rows are offered too, so that a move of one is refused by its rule.
        for source in (*MIDDLES, *TOPS, *BOTTOMS):
            card = piles[source].top
            if card is None:
                continue
            for target in (*TOPS, *BOTTOMS, *MIDDLES):
                if target == source:
                    continue
                under = piles[target].top
                yield Move("move", (card,), source, target, f"{card} → {under or target}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly: the deal while the pack
        lasts; the exposed card of each packet of the middle row to each packet of the top or bottom
        row that takes it; and, once the pack is dealt, to each exposed queen that has received no card."""
        piles = self.piles
        dealing = bool(piles["pack"].cards)
        moves = [DEAL] if dealing else []
        takers = self._takers()
        open_queens = [] if dealing else self._open_queens(piles)
        return moves + self._moves_of(piles, MIDDLES, takers, open_queens)

    def _open_queens(self, piles: Mapping[str, Pile]) -> list[tuple[str, Card]]:
        """Rule X: the exposed queens that have received no card, with their names (once the pack
        is dealt, each may take a card)."""
        bits = self.counters["transferred"]
        return [(name, piles[name].cards[0]) for i, name in enumerate(MIDDLES)
                if len(piles[name].cards) == 1 and not bits >> i & 1]

    @staticmethod
    def _moves_of(piles: Mapping[str, Pile], sources: Iterable[str], takers: dict[int, list[str]],
                  open_queens: list[tuple[str, Card]]) -> list[Move]:
        """The legal moves of the exposed cards of the packets ``sources`` of the middle row, with the
        piles ``piles``: each to each packet of the top or bottom row that takes it (``takers``, by
        :meth:`_takers`), then to each of ``open_queens`` (:meth:`_open_queens`) but its own."""
        moves: list[Move] = []
        for source in sources:
            cards = piles[source].cards
            if len(cards) < 2:
                continue  # a bare queen (or no queen yet): a queen is never moved
            card = cards[-1]
            for name in takers.get(card.value, ()):
                moves.append(move_onto((card,), source, name, piles[name].cards[-1].text))
            for name, queen in open_queens:
                if name != source:
                    moves.append(move_onto((card,), source, name, queen.text))
        return moves

    def violation(self, move: Move) -> IllegalMove | None:
        piles = self.piles
        if move.kind == "deal":
            if not piles["pack"].cards:
                return IllegalMove("II", "all the cards have been dealt")
            return None
        if move.kind != "move" or move.source not in piles or move.source == "pack" or move.target not in piles \
                or move.target in ("pack", move.source) or len(move.cards) != 1:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = move.cards[0]
        source = piles[move.source]
        if move.source not in MIDDLES:
            return self.illegal("V", "the 5's and the 6's, and the cards built on them, stay in their rows", card)
        if source.top != card:
            return self.illegal(*self.AVAILABILITY, card)
        if len(source) == 1:
            if move.source == MIDDLES[0]:
                return self.illegal("I", "the queen taken out stays at the left-hand side, the cards dealt upon her",
                                    card)
            return self.illegal("IV", "a queen is dealt upon where she turns up: she is never moved", card)
        target = move.target
        under = piles[target].top
        if target in TOPS or target in BOTTOMS:
            top_row = target in TOPS
            row = "top" if top_row else "bottom"
            if under is None:
                begins = "a 6, placed over the queen" if top_row else "a 5, placed under the queen"
                return self.illegal("III", f"a packet of the {row} row is begun only by {begins} as it is dealt",
                                    card, target)
            if len(piles[target]) == FULL:
                crown = "knaves" if top_row else "kings"
                return self.illegal("VII" if top_row else "VI",
                                    f"the {row} row is built to the {crown}, and this packet is finished",
                                    card, under)
            if (UP if top_row else DOWN).fault(piles[target].cards, card) is not None:
                if top_row:
                    return self.illegal("VII", "the 6's are built upwards, irrespective of suit", card, under)
                return self.illegal("VI", "the 5's are built downwards to the kings, irrespective of suit",
                                    card, under)
            return None
        # Rule X: a card put on an exposed queen, after the deal, once to each queen.
        if piles["pack"].cards:
            return self.illegal("X", "a card is put on a queen only when all the cards have been dealt",
                                card, under or target)
        if under is None or len(piles[target]) != 1:
            return self.illegal("X", "a card is put only on an exposed queen", card, under or target)
        if self.used(target):
            return self.illegal("X", "you may not transfer to a queen more than once", card, under)
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        if move[0] == "deal":
            self.transfer("pack", self.destination(self.piles["pack"].cards[-1]))
            return
        source, target = move[2], move[3]
        if target in MIDDLES:
            self.counters["transferred"] |= 1 << MIDDLES.index(target)
        self.transfer(source, target)

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Rule IX: the pack dealt and every queen bare (so the rows above and below are finished)."""
        piles = self.piles
        return not piles["pack"].cards and all(len(piles[name].cards) == 1 for name in MIDDLES)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules can have made (an empty list for a
        position a game can reach).

        - *The pack* lies face down, and nothing else does.
        - *The rows.*  The packets of each row are begun from the left, as the cards that begin them
          turn up: every 5 out of the pack heads a packet of the bottom row, every 6 one of the top row,
          every queen one of the middle row (the first, laid out before the deal, at the left).  A
          packet of the top row ascends from its 6 by one to the knave, one of the bottom row descends
          from its 5 by one to the king (after the ace).  No 5, 6 or second queen lies in the middle row.
        - *Transfers* (Rule X) are made only after the deal, once to each queen; a queen that has
          received a card holds it alone, if anything, since nothing else comes to the middle row then.

        >>> Intrigue.deal(seed=4).inconsistencies()
        []
        >>> game = Intrigue.example()
        >>> game.counters["transferred"] = 1
        >>> game.inconsistencies()
        ['middle 1 has received a card under Rule X, but holds 4 cards']
        """
        faults: list[str] = []
        piles = self.piles
        pack = piles["pack"]
        if pack.face_down != len(pack.cards) or any(piles[n].face_down for n in piles if n != "pack"):
            faults.append("a card lies face down outside the pack, or face up in it")
        in_pack = [c.value for c in pack.cards]
        for names, value, rule in ((BOTTOMS, 5, DOWN), (TOPS, 6, UP), (MIDDLES, 12, None)):
            begun = [n for n in names if piles[n].cards]
            if begun != list(names[:len(begun)]):
                faults.append(f"the {names[0].split()[0]} row is not begun from the left")
            if len(begun) != PACKETS - in_pack.count(value):
                faults.append(f"{PACKETS - in_pack.count(value)} cards of value {value} are out of the pack, "
                              f"but {len(begun)} packets of the {names[0].split()[0]} row are begun")
            for name in begun:
                cards = piles[name].cards
                if cards[0].value != value:
                    faults.append(f"{name} begins with {cards[0]}")
                elif rule is not None and (len(cards) > FULL or any(
                        rule.build.fault(a, b) is not None for a, b in zip(cards, cards[1:]))):
                    faults.append(f"{name} is out of sequence")
                elif rule is None and any(c.value in (5, 6, 12) for c in cards[1:]):
                    faults.append(f"{name} holds a 5, a 6 or a second queen")
        bits = self.counters["transferred"]
        if not 0 <= bits < 1 << PACKETS:
            faults.append(f"transferred={bits} names no set of queens")
        elif bits and pack.cards:
            faults.append("a card has been put on a queen under Rule X before the deal is over")
        else:
            for i, name in enumerate(MIDDLES):
                if bits >> i & 1 and len(piles[name].cards) > 2:
                    faults.append(f"{name} has received a card under Rule X, but holds {len(piles[name])} cards")
        return faults

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """A key that tells apart only what the rules tell apart.  Suits never count, so cards are
        known by their values.  A packet of the top or bottom row matters only by its height, and the
        packets of a row are alike.  While the pack lasts the middle row is kept in order (the deal
        goes to its last queen); after, its packets are alike but for whether a queen has received a
        card."""
        piles = self.piles
        tops = tuple(sorted(len(piles[n].cards) for n in TOPS))
        bottoms = tuple(sorted(len(piles[n].cards) for n in BOTTOMS))
        bits = self.counters["transferred"]
        if piles["pack"].cards:
            return (_values(piles["pack"]), tuple(_values(piles[n]) for n in MIDDLES), tops, bottoms)
        middle = tuple(sorted((_values(piles[n]), bits >> i & 1) for i, n in enumerate(MIDDLES)))
        return (middle, tops, bottoms)

    def useful_moves(self) -> list[Move]:
        """The legal moves less those that lead where another leads, or somewhere worse: a card built
        on a second packet as high as one it could go to; a card put on a second queen that has
        received nothing (they are alike); and a card moved from a queen on whom it lies alone to
        another queen (the queen it leaves is exposed, but one queen fewer can receive a card)."""
        return self._useful(self.legal_moves(), self.piles)

    @staticmethod
    def _useful(moves: Iterable[Move], piles: Mapping[str, Pile]) -> list[Move]:
        """:meth:`useful_moves` of ``moves`` with the piles ``piles`` (the moves of each packet are
        weighed apart from the others')."""
        tried: set[tuple[str, Any]] = set()
        useful: list[Move] = []
        for move in moves:
            source, target = move[2], move[3]
            if move[0] == "deal":
                useful.append(move)
            elif target in MIDDLES and len(piles[source].cards) == 2:
                pass  # from a queen on whom the card lies alone: never better than leaving it there
            elif (source, "queen" if target in MIDDLES else len(piles[target].cards)) not in tried:
                tried.add((source, "queen" if target in MIDDLES else len(piles[target].cards)))
                useful.append(move)
        return useful

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card built on a row whose every packet is begun and at least as high as the one it
        goes to (the card is of the lowest value the row still wants): every card of its value can
        then always find a packet, so building it at once can only help.  (With ``from_pack=must``
        only once the pack is dealt: there a packet's height decides where the next card dealt goes.)"""
        piles = self.piles
        if self.options.from_pack == "must" and piles["pack"].cards:
            return None
        lowest: dict[str, int] = {}
        for move in moves:
            if move[0] != "move" or move[3] in MIDDLES:
                continue
            row = TOPS if move[3] in TOPS else BOTTOMS
            low = lowest.get(row[0])
            if low is None:
                low = lowest[row[0]] = min(len(piles[n].cards) for n in row)
            if low and len(piles[move[3]].cards) == low:
                return move
        return None

    def independent(self, pack_move: Move, move: Move) -> bool:
        """Whether ``move``, made just after a deal, could have been made before it to the same effect:
        a card built that is not the card dealt, onto a packet the deal did not lay it on (and, with
        ``from_pack=must``, not one the dealt card would then have been built on).  A card put on a
        queen never is: that is allowed only once the deal is over."""
        if pack_move.kind != "deal" or move.kind != "move" or move.target in MIDDLES:
            return False
        before = self._undo[-1][0] if self._undo and self.history and self.history[-1] is pack_move else None
        if before is None:
            return False
        piles = self.piles
        landed = next(name for name in piles if name != "pack" and piles[name] is not before[name])
        return not self._uses_deal(move, before["pack"].cards[-1], landed)

    def _uses_deal(self, move: Move, dealt: Card, landed: str) -> bool:
        """Whether ``move``, a move between packets made just after the deal laid ``dealt`` on the
        packet ``landed``, needs that deal (is not :meth:`independent` of it)."""
        card, target = move[1][0], move[3]
        if target in MIDDLES or card == dealt or target == landed:
            return True
        if self.options.from_pack == "must":
            wants = WANTS_UP if target in TOPS else WANTS_DOWN
            return wants.get(card.value) == dealt.value
        return False

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out on the piles, without dealing.  The pack is moved only by dealing its next card,
        which changes the pack and the one packet it is laid on and nothing else (no card goes on a
        queen until the pack is out), so the moves of every other packet of the middle row stay as they
        were unless a packet of the top or bottom row was begun or built on; and each deal shortens the
        pack, so a run never comes back to where it was.  After each deal the uses are those moves that
        are not :meth:`independent` of it, in the order of :meth:`useful_moves`; after the last, the
        moves to the queens join them.

        >>> from patience import load
        >>> game = load("intrigue", seed=4)
        >>> runs = game.pack_runs(DEAL)
        >>> [f"{len(run) - 1} deals, {run[-1]}" for run in runs[:3]], len(runs)
        (['21 deals, 7♥ → 6♥', '27 deals, 4♦ → 5♥', '35 deals, 4♣ → 5♥'], 11)
        """
        piles = self.piles
        pack = piles["pack"].cards
        if first != DEAL or not pack:
            return super().pack_runs(first)
        board = dict(piles)  # the piles as the run leaves them
        takers = self._takers(board)
        useful = {source: self._useful(self._moves_of(board, (source,), takers, []), board) for source in MIDDLES}
        runs: list[tuple[Move, ...]] = []
        run: tuple[Move, ...] = ()
        for dealt in range(1, min(len(pack), PACK_RUN) + 1):
            card = pack[-dealt]
            run += (first,)
            landed = self._lands(board, takers, card)
            board[landed] = Pile(board[landed].cards + (card,))
            if dealt == len(pack) or landed not in MIDDLES:
                takers = self._takers(board)
                queens = self._open_queens(board) if dealt == len(pack) else []
                useful = {source: self._useful(self._moves_of(board, (source,), takers, queens), board)
                          for source in MIDDLES}
            else:
                useful[landed] = self._useful(self._moves_of(board, (landed,), takers, []), board)
            uses = [move for source in MIDDLES for move in useful[source] if self._uses_deal(move, card, landed)]
            runs += runs_using(self, run, uses, lambda: board)
        return runs

    # ------------------------------------------------------------------ picture
    def table(self) -> str:
        """The three rows as text, a column to each place: the top card of each packet of the top row
        (its height follows: 6 to the knave), the packets of the middle row written downwards from
        their queens (a queen that has received a card under Rule X marked ``*``), the top card of each
        packet of the bottom row (5 to the king); then what is left of the pack.

        >>> print(Intrigue.deal(seed=1).table())
        top     --   --   --   --   --   --   --   --
        middle  Q♣   --   --   --   --   --   --   --
        bottom  --   --   --   --   --   --   --   --
        pack: 103 cards
        """
        piles = self.piles

        def line(head: str, cells: Iterable[str]) -> str:
            return (head.ljust(8) + "".join(cell.ljust(5) for cell in cells)).rstrip()

        lines = [line("top", (str(piles[n].top or "--") for n in TOPS))]
        columns = [[str(c) for c in piles[n].cards] or ["--"] for n in MIDDLES]
        for i, name in enumerate(MIDDLES):
            if self.used(name):
                columns[i][0] += "*"
        for depth in range(max(len(c) for c in columns)):
            lines.append(line("middle" if not depth else "", (c[depth] if depth < len(c) else "" for c in columns)))
        lines.append(line("bottom", (str(piles[n].top or "--") for n in BOTTOMS)))
        left = len(piles["pack"].cards)
        lines.append(f"pack: {left} card{'s' if left != 1 else ''}" if left else "pack: exhausted")
        return "\n".join(lines)

    def layout(self) -> list[Spot]:
        """The three rows as the text lays them: the sixes "over the queen", the queens in the
        middle (each packet fanned down, its exposed card lowest), the fives "under the queen"; the
        pack at the left of the top row."""
        from ..render import fan_height

        left = 1.25
        deepest = max(len(self.piles[n].cards) for n in MIDDLES)
        below = 1.15 + fan_height(deepest) + 0.1
        spots = [Spot("pack", 0, 0, label="pack")]
        spots += [Spot(name, left + i, 0) for i, name in enumerate(TOPS)]
        spots += [Spot(name, left + i, 1.15, fan="down") for i, name in enumerate(MIDDLES)]
        spots += [Spot(name, left + i, below) for i, name in enumerate(BOTTOMS)]
        return spots


#: The chapter's example, "(See p. 110.)", redrawn: the figure is lost, so this is the least position
#: that the text's words fit (the chapter's editorial note gives the reasoning).  All the cards have
#: been dealt; six packets of the top row are finished (6 to the knave) and five of the bottom row (5 to
#: the king).  Of the other top packets one shows "the 6", the other a 9; of the other bottom packets one
#: shows "the 4", the others a 5.  Three queens are exposed: the queen of spades (middle 2), the queen of
#: hearts (middle 4) and a queen of diamonds (middle 6).  "The first knave in the middle row" covers a 3
#: and a 2 on the queen of clubs (middle 1); "the second knave" covers the 8♣ (middle 3); the 2♣ covers a
#: 7 in "the last packet in the middle row" (middle 8); the 9♦ lies on a 3 (middle 5).
EXAMPLE = """\
intrigue seed=0 transferred=0
top 1: 6♠ 7♠ 8♠ 9♠ 10♠ J♠
top 2: 6♥ 7♥ 8♥ 9♥ 10♥ J♥
top 3: 6♦ 7♦ 8♦ 9♦ 10♦ J♦
top 4: 6♣ 7♣ 8♣ 9♣ 10♣ J♣
top 5: 6♠ 7♥ 8♦ 9♣ 10♠ J♥
top 6: 6♥ 7♠ 8♠ 9♥ 10♦ J♣
top 7: 6♦
top 8: 6♣ 7♦ 8♥ 9♠
middle 1: Q♣ 2♦ 3♣ J♦
middle 2: Q♠
middle 3: Q♦ 8♣ J♠
middle 4: Q♥
middle 5: Q♠ 10♥ A♣ 4♣ 3♥ 9♦
middle 6: Q♦
middle 7: Q♣ 2♥
middle 8: Q♥ A♠ 10♣ 3♠ 4♦ A♦ K♦ K♠ K♥ 7♣ 2♣
bottom 1: 5♠ 4♠ 3♠ 2♠ A♠ K♠
bottom 2: 5♥ 4♥ 3♥ 2♥ A♥ K♥
bottom 3: 5♦ 4♦ 3♦ 2♦ A♦ K♦
bottom 4: 5♣ 4♣ 3♣ 2♣ A♣ K♣
bottom 5: 5♠ 4♥ 3♦ 2♠ A♥ K♣
bottom 6: 5♥ 4♠
bottom 7: 5♦
bottom 8: 5♣
"""
