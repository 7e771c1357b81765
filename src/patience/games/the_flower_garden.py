"""The Flower-Garden: one pack, six beds of six cards and a Bouquet of sixteen in the hand.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Flower-Garden", plate 016.  Six packets of six cards each, dealt six at a
time and spread so that every card shows, are the Garden; the sixteen cards
left are the Bouquet, kept in the hand, and every card of it is available
(Rule I).  In the Garden only the uppermost card of a bed is available.  The
four aces, as they come free, are the foundations, and ascend in suit to kings
(Rule II).  Available cards may be laid on the uppermost cards of the beds in
descending sequence, one lower, in any suit (Rule III), moved from bed to bed
as often as the player pleases; a card taken from the Bouquet never goes back
to it.  A bed cleared of its cards may be begun again with any available card.
There is one deal only.

>>> from patience import load
>>> game = load("the-flower-garden", seed=1)
>>> [len(game.piles[b]) for b in game.piles_of("bed")], len(game.piles["bouquet"])
([6, 6, 6, 6, 6, 6], 16)
>>> plate = TheFlowerGarden.from_plate()
>>> [str(plate.piles[b].top) for b in ("bed 4", "bed 5", "bed 6")]
['5♣', '4♦', 'J♦']
>>> print(plate.play("4♦ → 5♣"))
4♦ → 5♣
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..blocked import Blocking, Lay, needs, onto
from ..build import ACES_UP, Build, Foundation
from ..cards import CARDS, Card
from ..compiled import search_in_c
from ..errors import IllegalMove
from ..game import Game, Move, Pile, Spot, move_onto, moves_up, pile_order
from ..options import Option
from . import register

__all__ = ["TheFlowerGarden"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Flower-Garden”"

#: The beds of the Garden, and how many cards are dealt to each.
BEDS = tuple(f"bed {i + 1}" for i in range(6))
BED_SIZE = 6
FOUNDATIONS = tuple(f"foundation {i + 1}" for i in range(4))
#: Rule III and the paragraph on sequences: "place cards in descending sequences in the Garden";
#: they "need not follow suit".
GARDEN = Build("down", "any")
#: What proves a card can never go up (:meth:`TheFlowerGarden.blocked`): the aces up in suit
#: (Rule II), a card on any card one higher in the Garden (Rule III), any card to a cleared packet.
BLOCKING = Blocking(needs([ACES_UP]), onto(GARDEN), [bool(card) for card in CARDS])


@register
class TheFlowerGarden(Game):
    """The Flower-Garden: six beds of six cards, a Bouquet of sixteen, the four aces up to kings."""

    slug = "the-flower-garden"
    name = "The Flower-Garden"
    chapter = "the-flower-garden"
    order = 16
    source = SOURCE
    plate = "016"
    packs = 1
    #: The three numbered rules, then the paragraphs of PLAY that a move can break, under the
    #: short names the engine cites.
    RULES = {
        "I": "Any card in the Bouquet and the uppermost cards of the Garden are available. The removal "
        "of the top cards releases those beneath.",
        "II": "The foundations must follow suit.",
        "III": "Cards placed in sequence on the Garden need not follow suit.",
        "Deal": "Deal six packets of six cards dealt together, and so spread that all are visible.",
        "Foundations": "The four aces are the foundation cards, and are to ascend in sequence to kings "
        "(Rule II).",
        "Bouquet": "Sixteen cards will remain, which are called the Bouquet, and must be kept in the hand. "
        "… Cards taken from the Bouquet cannot be returned to it, and there is only one deal.",
        "Sequences": "Next place cards in descending sequences in the Garden, transferring them from one "
        "packet to another as often as you please (Rules I and III), and you may place cards from the "
        "Bouquet in the same way.",
        "Space": "When an entire packet is cleared off, you may begin a new one with a card from the "
        "Bouquet or from the Garden (Rule I), and this is often the only means of removing a king, "
        "which, being the highest card, can never be transferred.",
        "Re-deal": "… there is only one deal.",
    }
    AVAILABILITY = ("I", "only the uppermost card of a packet in the Garden is available")
    #: The beds are alike wherever they lie, and so are the foundations (their cards show their
    #: suits): :meth:`solver_key` sorts both.
    INTERCHANGEABLE = ("foundation", "bed")
    #: The search in C (``_the_flower_garden_search.c``), where the build made it: the core's search of
    #: the game (the same useful moves in the same order, safe moves, proofs of :meth:`blocked` and
    #: positions merged); some four seconds of it where no budget is given, the searches again
    #: included.
    SEARCH_IN_C = search_in_c("games._the_flower_garden_search")
    NODES_IN_C = 2_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`): the wins lie deep, and a search with
    #: its moves in another order often finds one that the first, at many times the positions, misses.
    #: Sixty-four of 100,000 positions each, then 256 of 25,000, after a first search of 2,000,000 (the
    #: study's): of the 62 of the first 200 deals that such a search and 32 of 200,000 left unknown, each
    #: turn alone won 9 (five of them the same); the study wins 130, where one search of 40,000,000 won 114.
    RESTARTS = ((64, 100_000), (256, 25_000))
    OPTIONS = (
        Option(
            "runs",
            False,
            "a sequence built in the Garden may be transferred whole from one packet to another "
            "(“transferring them from one packet to another”); by default one card at a time, the "
            "uppermost card of a packet being alone available (Rule I)",
        ),
    )

    #: Plate 016, read card by card (the reading, and how sure it is, is in the chapter).  The
    #: plate draws each packet as a spread of six cards, and the order of a packet is the order
    #: in which the drawing lays its cards over one another, the uppermost last; where the
    #: drawing cannot tell, the text's example decides (the 4♦ over the A♦ in bed 5, the 9♣
    #: over the 2♦ in bed 3).  The plate does not show the Bouquet: it is the sixteen cards the Garden
    #: does not hold, which include the text's 10♥, here in new-pack order.
    PLATE = """\
the-flower-garden seed=0
bed 1: 4♥ 7♥ 8♠ 8♣ 6♠ 6♦
bed 2: 3♥ K♣ Q♣ 7♦ 10♠ 8♥
bed 3: 4♣ 9♥ J♣ 2♣ 2♦ 9♣
bed 4: 7♠ 10♣ 5♥ 3♣ 8♦ 5♣
bed 5: A♠ 2♥ 9♦ 3♠ A♦ 4♦
bed 6: K♥ 5♦ 3♦ 7♣ 6♣ J♦
bouquet: 2♠ 4♠ 5♠ 9♠ J♠ Q♠ K♠ A♥ 6♥ 10♥ J♥ Q♥ 10♦ Q♦ K♦ A♣
"""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._children = GARDEN.children_table()

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The four foundations, the six beds of the Garden, and the Bouquet."""
        return [*FOUNDATIONS, *BEDS, "bouquet"]

    def foundation_rule(self, name: str) -> Foundation:
        return ACES_UP

    def lay_out(self, cards: list[Card]) -> None:
        """Six packets of six cards dealt together, bed 1 first, each packet's first card at its
        bottom; the sixteen cards left are the Bouquet, in the order they were dealt."""
        for i, name in enumerate(BEDS):
            self.piles[name] = Pile(tuple(cards[BED_SIZE * i: BED_SIZE * (i + 1)]))
        self.piles["bouquet"] = Pile(tuple(cards[BED_SIZE * len(BEDS):]))

    # ------------------------------------------------------------------ moves
    def available(self) -> list[tuple[str, Card]]:
        """The available cards with the piles they lie in (Rule I): every card of the Bouquet, in
        its order, then the uppermost card of each bed."""
        piles = self.piles
        found = [("bouquet", card) for card in piles["bouquet"].cards]
        found += [(name, piles[name].cards[-1]) for name in BEDS if piles[name].cards]
        return found

    def _where(self, target: str, empties: int) -> str:
        """How a move's notation names the bed ``target``: its uppermost card, or ``space`` for
        the only empty bed, or the bed by name where several are empty."""
        top = self.piles[target].top
        if top is not None:
            return top.text
        return "space" if empties == 1 else target

    def moves(self) -> Iterable[Move]:
        piles = self.piles
        empties = sum(1 for name in BEDS if not piles[name].cards)
        for source, card in self.available():
            yield from self.foundation_moves(source, card)
            for target in BEDS:
                if target != source:
                    yield Move("move", (card,), source, target, f"{card} → {self._where(target, empties)}")
            if not empties:
                # A card named to a space while every bed holds cards: a candidate, for violation()
                # to refuse (the paragraph on spaces) when the text is read.
                yield Move("move", (card,), source, "space", f"{card} → space")
            if source != "bouquet":
                yield Move("move", (card,), source, "bouquet", f"{card} → bouquet")
                for run in self._runs(source):
                    for target in BEDS:
                        if target != source:
                            yield self._run_move(run, source, target, empties)
        yield Move("redeal", notation="redeal")

    def _runs(self, source: str) -> list[tuple[Card, ...]]:
        """With ``runs``, the sequences of two cards or more at the top of the bed ``source`` (each
        card one lower than the card beneath it, any suit), the shortest first."""
        if not self.options.runs:
            return []
        cards = self.piles[source].cards
        found = []
        k = 2
        while k <= len(cards) and cards[-k].value == cards[-k + 1].value + 1:
            found.append(cards[-k:])
            k += 1
        return found

    def _run_move(self, run: tuple[Card, ...], source: str, target: str, empties: int) -> Move:
        """The move of the sequence ``run`` (its lowest-placed card first) onto the bed ``target``."""
        return move_onto(run, source, target, self._where(target, empties))

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: each available card (the
        Bouquet's, then the beds' uppermost) to the foundation that takes it, onto the beds whose
        uppermost card is one higher, and into each empty bed."""
        piles = self.piles
        # each bed's uppermost card's value (0: an empty bed); Rule III takes a card one lower, any suit
        heights = [(name, piles[name].cards) for name in BEDS]
        empty = sum(1 for _, cards in heights if not cards)
        where = "space" if empty == 1 else None
        takers = self.foundation_takers()
        legal: list[Move] = []
        for source, card in self.available():
            found = takers.get(card)
            if found is not None:
                legal += moves_up(source, card, found)
            value = card.value + 1
            for name, cards in heights:
                if name == source:
                    continue
                if not cards:
                    legal.append(move_onto((card,), source, name, where or name))
                elif cards[-1].value == value:
                    legal.append(move_onto((card,), source, name, cards[-1].text))
            if source != "bouquet" and self.options.runs:
                for run in self._runs(source):
                    value = run[0].value + 1
                    for name, cards in heights:
                        if name != source and (not cards or cards[-1].value == value):
                            legal.append(self._run_move(run, source, name, empty))
        return legal

    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is only one deal")
        piles = self.piles
        if move.kind == "move" and move.target == "space" and all(piles[name].cards for name in BEDS):
            return self.illegal("Space", "a new packet is begun only when an entire packet is cleared off",
                                *move.cards[:1])
        if move.kind != "move" or move.source not in piles or move.target not in piles or not move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if len(move.cards) > 1:
            return self._run_violation(move, move.source, move.target)
        card = move.cards[0]
        source = move.source
        if source.startswith("foundation"):
            return self.illegal(*self.STAYS["foundation"], card)
        if source == "bouquet":
            if card not in piles["bouquet"].cards:
                return self.illegal(*self.AVAILABILITY, card)
        elif piles[source].top != card:
            return self.illegal(*self.AVAILABILITY, card)
        target = move.target
        if target.startswith("foundation"):
            return self._foundation_violation(target, card)
        if target == "bouquet":
            return self.illegal("Bouquet", "cards taken from the Bouquet cannot be returned to it", card)
        if target == source:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        under = piles[target].top
        if under is None:
            return None  # the paragraph on spaces: any available card begins a cleared packet
        if GARDEN.fault(under, card) is not None:
            return self.illegal("III", "cards are placed in descending sequence, one lower, in any suit",
                                card, under)
        return None

    def _run_violation(self, move: Move, source: str, target: str) -> IllegalMove | None:
        """A sequence moved whole: only with ``runs``, only the uppermost cards of a packet of the
        Garden, in descending sequence, onto a card one higher than its lowest card or a space."""
        run = move.cards
        card = run[0]
        if not self.options.runs:
            return self.illegal(*self.AVAILABILITY, card)
        if not source.startswith("bed") or self.piles[source].cards[-len(run):] != run:
            return self.illegal(*self.AVAILABILITY, card)
        if any(a.value != b.value + 1 for a, b in zip(run, run[1:])):
            return self.illegal("Sequences", "only a descending sequence is transferred whole", card)
        if not target.startswith("bed") or target == source:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        under = self.piles[target].top
        if under is not None and GARDEN.fault(under, card) is not None:
            return self.illegal("III", "cards are placed in descending sequence, one lower, in any suit",
                                card, under)
        return None

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule II and the paragraph on the foundations."""
        top = self.piles[name].top
        way = ("ascend to kings, and this one is complete" if top is not None and top.value == 13
               else "ascend in sequence")
        return self.foundation_refusal(name, card, {
            "must follow suit": ("II", "the foundations must follow suit"),
            "start": ("Foundations", "the four aces are the foundation cards"),
            "*": ("Foundations", f"the foundations {way}")})

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        source, target = move[2], move[3]
        piles = self.piles
        if source == "bouquet":
            card = move[1][0]
            hand = piles["bouquet"].cards
            at = hand.index(card)
            piles["bouquet"] = Pile(hand[:at] + hand[at + 1:])
            there = piles[target]
            piles[target] = Pile(there.cards + (card,))
        else:
            self.transfer(source, target, len(move[1]))

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every card on the foundations: the four aces built up to kings."""
        return self.complete(FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules can have made: an empty list for a
        position a game can reach.

        - *What has been dealt.*  The whole pack: six packets of six and the Bouquet of sixteen.
          The Bouquet only gives cards away, so it holds sixteen at most; no card lies face down.
        - *Which places may be empty.*  Any bed (cleared off), the Bouquet, a foundation not begun.
        - *What may lie where.*  A bed only loses its uppermost card and only gains a card one
          lower than its uppermost (or any card when it is empty, and then one lower on that): so
          above the sixth card each card is one lower than the card beneath it.  Each foundation
          begins with an ace, follows its suit and ascends by one, in four different suits.

        >>> TheFlowerGarden.deal(seed=4).inconsistencies()
        []
        >>> game = TheFlowerGarden.arrange({"bed 1": "9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 9♥"}, rest="bouquet", hidden=False)
        >>> game.inconsistencies()[0]
        'the Bouquet holds 45 cards, of 16 dealt to it'
        """
        piles = self.piles
        faults: list[str] = []
        hand = len(piles["bouquet"].cards)
        if hand > 52 - BED_SIZE * len(BEDS):
            faults.append(f"the Bouquet holds {hand} cards, of {52 - BED_SIZE * len(BEDS)} dealt to it")
        if any(pile.face_down for pile in piles.values()):
            faults.append("a card lies face down, but every card is visible")
        for name in BEDS:
            cards = piles[name].cards
            # Rule III: one lower than the card beneath, in any suit
            wrong = next((i for i in range(BED_SIZE, len(cards)) if cards[i].value != cards[i - 1].value - 1), 0)
            if wrong:
                faults.append(f"a card above the deal is out of sequence: {name} holds {cards[wrong]} on "
                              f"{cards[wrong - 1]}, above the {BED_SIZE} cards dealt to it")
        faults += self.foundation_inconsistencies(distinct_suits=True)
        return faults

    # ------------------------------------------------------------ for solvers
    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when every card that could be laid on it in the Garden
        (the four cards one lower) is out already: an ace always.  It can then serve only as a
        card to lie in a bed, which it need not do: the cards that could follow it there are out,
        so it frees nothing by staying, and whatever it covers it covers on the foundation too."""
        for move in moves:
            if move[0] == "move" and move[3].startswith("foundation"):
                card = move[1][0]
                if card.value == 1 or self.out_already(self._children[card]):
                    return move
        return None

    def blocked(self) -> Card | None:
        """A card that can never go up (:class:`~patience.blocked.Blocking`): a bed gives up its
        uppermost card only (Rule I), to a foundation, onto a card one higher in the Garden (Rule
        III) or into a cleared packet, which any card may begin; every card of the Bouquet is
        available whenever it is wanted, and a card on a foundation stays there.

        With ``runs`` a sequence moves whole too: the uppermost sequence of a bed leaves headed by
        any of its cards; in a sequence below it only the first card waits for a place, the cards
        on it being taken as free (more than the rules allow, which is sound: once that first
        card is uncovered they may follow it wherever it goes).

        >>> def rest(card):  # spades, diamonds and clubs up to the knaves; the rest in the Bouquet
        ...     return "bouquet" if str(card.suit) == "♥" else f"foundation {'♠♦♣'.index(str(card.suit)) + 1}"
        >>> beds = {"bed 1": "4♥ 2♥ 3♥", "bed 2": "Q♠ K♠", "bed 3": "Q♦ K♦", "bed 4": "Q♣ K♣", "bed 5": "K♥"}
        >>> print(TheFlowerGarden.arrange({**beds, "bed 6": "6♥ 5♥"}, rest, hidden=False).blocked())
        3♥
        >>> print(TheFlowerGarden.arrange({**beds, "bed 6": "5♥ 6♥"}, rest, hidden=False).blocked())
        None
        """
        piles = self.piles
        hand = list(piles["bouquet"].cards)
        beds = []
        for name in BEDS:
            cards = piles[name].cards
            if not self.options.runs:
                beds.append(Lay(cards, len(cards), space=True))
                continue
            # The bed's sequences (each card one lower than the card beneath it), bottom first.
            starts = [i for i in range(len(cards)) if not i or cards[i].value != cards[i - 1].value - 1]
            if len(starts) <= 1:
                # One sequence: it may go whole (the bed cleared) once its first card has a place,
                # and the cards on that card then follow it, as they may follow it anywhere.
                beds.append(Lay(cards[:1], 1, space=True))
                hand += cards[1:]
                continue
            # The uppermost sequence moves whole or in part, headed by any of its cards; below
            # it, each sequence but its first card is taken as free.
            top = starts[-1]
            spine = tuple(cards[i] for i in starts[:-1])
            hand += [card for i, card in enumerate(cards[:top]) if i not in starts]
            beds.append(Lay(spine + cards[top:], len(spine), any_head=True, space=True))
        founded = [card for name in FOUNDATIONS for card in piles[name].cards]
        return BLOCKING.card(beds, hand, founded)

    def useful_moves(self) -> list[Move]:
        """The legal moves less those that lead where another leads, the likeliest first.

        Left out: the card moved last moved again to a bed (it could have gone there at once:
        only the two piles of the last move have changed, and going back is a position seen);
        the only card of a bed moved into an empty bed (nothing changes but the bed's name); a
        card moved into a second empty bed when it could go into the first.  The moves to the
        foundations come first; then the moves between beds that free a card a foundation takes,
        the other moves between beds but those from one card in sequence to another, the cards
        from the Bouquet that a card of the Garden can follow, the side-steps, the other cards
        from the Bouquet, and last the moves into an empty bed.

        And while a card laid from the Bouquet on a bed waits to be covered (:meth:`waiting`), only
        the moves that cover it and the moves to the foundations: a card of the Bouquet serves on a
        bed only as a place for another card (it is available in the hand as it is on the bed), so
        any game can lay it there just before the move that covers it, or not at all.

        >>> game = TheFlowerGarden.from_plate()
        >>> print(game.play("10♥ → J♦"), game.waiting())
        10♥ → J♦ 10♥
        >>> [str(move) for move in game.useful_moves()]
        ['A♥ → foundation', 'A♣ → foundation', '9♣ → 10♥', '9♠ → 10♥']
        """
        piles = self.piles
        moved = self._laid_last()
        waiting = self.waiting()
        ranked: list[tuple[int, Move]] = []
        seen: set[tuple[str, Card]] = set()
        tops = [piles[name].cards[-1].value for name in BEDS if piles[name].cards]
        going = self.foundation_takers()
        for move in self.legal_moves():
            target = move[3]
            if target.startswith("foundation"):
                ranked.append((0, move))
                continue
            card, source = move[1][0], move[2]
            if card is moved and card == moved:
                continue
            if waiting is not None and piles[target].top != waiting:
                continue
            if not piles[target].cards:
                if source != "bouquet" and len(piles[source].cards) == len(move[1]):
                    continue
                key = (source, card)
                if key in seen:
                    continue
                seen.add(key)
                ranked.append((7, move))
            elif source == "bouquet":
                # a card from the hand first where a card of the Garden can then follow it
                ranked.append((3 if card.value - 1 in tops else 6, move))
            else:
                cards = piles[source].cards
                under = cards[-len(move[1]) - 1] if len(cards) > len(move[1]) else None
                if under is not None and under in going:
                    ranked.append((1, move))
                elif under is not None and under.value == move[1][0].value + 1:
                    ranked.append((5, move))  # from one card in sequence to another: a side-step
                else:
                    ranked.append((2, move))
        ranked.sort(key=lambda rm: rm[0])
        return [move for _, move in ranked]

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the Bouquet in its order, the
        beds (bottom first), each foundation as (its suit, 0 to 3, or -1, and its cards), the card the
        last move laid on a bed (its code, or 0), the Garden's table of builds, :data:`BLOCKING`'s
        tables, the option, and the card waiting to be covered (:meth:`waiting`: its code, or 0).

        >>> bouquet, beds, foundations, moved, *_ = TheFlowerGarden.deal(seed=1).description()
        >>> len(bouquet), [len(bed) for bed in beds], foundations[0], moved
        (16, [6, 6, 6, 6, 6, 6], (-1, 0), 0)
        """
        piles = self.piles
        return (bytes(piles["bouquet"].cards), tuple(bytes(piles[name].cards) for name in BEDS),
                self.suit_foundations(FOUNDATIONS), int(self._laid_last() or 0), GARDEN.table_bytes(),
                BLOCKING.tables(), self.options.runs, int(self.waiting() or 0))

    def waiting(self) -> Card | None:
        """The card laid from the Bouquet on a bed that no card has covered since, if the moves
        after it, if any, went to the foundations and it is not among them (:meth:`useful_moves`
        searches only the moves that cover it).  Read from the moves of the game's history, so that
        nothing waits where a search begins: it searches a copy, which has none (a card laid before
        may have been laid for a line the search does not take).

        >>> game = TheFlowerGarden.from_plate()
        >>> print(game.waiting(), game.play("10♥ → J♦"), game.waiting(), game.play("9♣ → 10♥"), game.waiting())
        None 10♥ → J♦ 10♥ 9♣ → 10♥ None
        """
        gone_up = set()
        for move in reversed(self.history):
            if move[0] != "move" or move[3] not in self.piles:
                return None
            if move[3].startswith("foundation"):
                gone_up.add(move[1][0])
                continue
            card = move[1][0]
            return card if move[2] == "bouquet" and card not in gone_up else None
        return None

    def _laid_last(self) -> Card | None:
        """The card the last move laid on a bed (the first of them, for a sequence), if it did."""
        last = self.history[-1] if self.history else None
        if last is not None and last[0] == "move" and last[3] in self.piles and last[3].startswith("bed"):
            return last[1][0]
        return None

    def solver_key(self) -> tuple[Any, ...]:
        """The beds and the foundations each in a fixed order (the rules tell no bed from another),
        the Bouquet as a set (every card of it is available, wherever it lies in the hand), and the
        card that :meth:`waiting` names, which decides the useful moves."""
        piles = self.piles
        beds = sorted((piles[name] for name in BEDS), key=pile_order)
        founded = tuple(sorted(len(piles[name].cards) * 64 + (piles[name].cards[0] if piles[name].cards else 0)
                               for name in FOUNDATIONS))
        return (founded, tuple(beds), piles["bouquet"].cards, self.waiting())

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 016's arrangement: the Garden in two rows of three beds, each bed fanned so that
        all its cards show; the four foundations in a row below them, as the plate draws their
        places; and the Bouquet, which the plate does not show, fanned below them."""
        from ..render import fan_width

        longest = max([BED_SIZE] + [len(self.piles[b]) for b in BEDS])
        step = fan_width(longest) + 0.3
        spots = [Spot(name, step * (i % 3), 1.2 * (i // 3), fan="right") for i, name in enumerate(BEDS)]
        width = 3 * step - 0.3
        left = (width - 1.5 * 3 - 5 / 6) / 2
        spots += [Spot(name, left + 1.5 * i, 2.6, label="" if self.piles[name].cards else "A")
                  for i, name in enumerate(FOUNDATIONS)]
        spots.append(Spot("bouquet", 0, 3.9, fan="right", label="the Bouquet"))
        return spots

    def table(self) -> str:
        """The position as text: each bed bottom card first, the foundations' uppermost cards, and
        the Bouquet."""
        piles = self.piles
        lines = [f"{name}: {piles[name] or '--'}" for name in BEDS]
        lines.append("foundations: " + " ".join(str(piles[f].top or "--") for f in FOUNDATIONS))
        lines.append(f"bouquet: {piles['bouquet'] or '--'}")
        return "\n".join(lines)
