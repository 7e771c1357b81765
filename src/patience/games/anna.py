"""Anna: two packs; eight helps set as an A, the eight knaves as an N, going down to the kings.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Anna", plate 047.  Eight cards are dealt in the shape of a capital A: the
helps.  The knaves, as they turn up, are set in the shape of an N; they are the
foundations, which follow suit (Rule I) and descend in sequence to the kings:
knave, ten, nine … two, ace, king.  The uppermost card of each help's packet is
available (Rule II); cards are married on the helps in *ascending* line, in
suit, but a queen among the helps takes nothing and stays a single card
(Rule III).  A help that goes (up, or married to another help) is refilled at
once from the pack (from the talon once the pack is exhausted), a knave drawn
going to the N.  The rest of the pack is
turned card by card (``deal``) onto the talon, whose top card is available; the
talon may be re-dealt twice.  The game is won when the N is of eight kings,
the A then being of the eight queens.

>>> from patience import load
>>> game = load("anna", seed=3)
>>> print(game.table())
            4♠              ·  --  --      --
        8♦      K♣          ·  --      --  --
    6♦      2♥      8♣      ·  J♦          --
9♦                      6♥
pack: 95 cards; talon: none; re-deals made: 0
>>> print(game.play("9♦ → 8♦"), "|", game.piles["help 3"], "|", game.piles["help 1"])
9♦ → 8♦ | 8♦ 9♦ | Q♣
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..build import Build, Foundation, marriage_reasons
from ..cards import CARDS, Card, Rank, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import SEARCH_AGAIN, Game, Move, Pile, Spot, marriages_onto, move_onto, moves_up
from ..options import Option
from . import register

__all__ = ["Anna"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Anna”"

#: The helps, numbered as a pen draws the A: the left stroke from its foot up (1 to 3), the apex
#: (4), the right stroke from the top down (5 to 7), the bar (8).
HELPS = tuple(f"help {i}" for i in range(1, 9))
#: The knaves' places, numbered as a pen draws the N: the left stroke from its foot up (1 to 3),
#: the diagonal from the top down (4 to 6), the right stroke from the foot up (7, 8); plate 047
#: gives the right stroke two cards, the diagonal's foot standing for its third.
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))

#: Rule I and the foundations: a knave, then down in suit to the ace, then the king.
FOUNDATION = Foundation(Rank.KNAVE, Build("down", "same", wrap=True))
#: A finished foundation: the knave, ten to ace, and the king.
FULL = 12
#: Marriages on the helps: one up, in suit (the book's "marriage" is in suit; "in ascending line").
MARRIAGE = Build("up", "same")

#: Where a vacancy among the helps is refilled from, for each reading of ``vacancies``: the first
#: of the piles that has a card.
GIVERS = {"pack": ("pack", "talon"), "talon": ("talon", "pack"), "wait": ("pack",)}

DEAL = Move("deal", (), "pack", "talon", "deal")
REDEAL = Move("redeal", (), "talon", "pack", "redeal")

#: Plate 047: the A in the engine's order, and the N in the engine's order (the chapter says how
#: sure each card is).  The plate shows no pack: the other cards lie in the order of deal 47.
PLATE_HELPS = "9♣ 8♦ 7♦ Q♣ 7♣ 10♦ 8♥ 6♦"
PLATE_KNAVES = "J♣ J♥ J♣ J♦ J♦ J♠ J♥ J♠"
PLATE_SEED = 47

VACANCIES_DOC = ("what refills a vacancy among the helps (“from the pack or talon”): the next card of the "
                 "'pack' in hand, or the talon's top card once the pack is exhausted (the engine's reading); the "
                 "'talon''s top card first, the pack's only when there is no talon; or the pack alone, a vacancy "
                 "left when it is exhausted waiting for the re-deal ('wait')")
TALON_DOC = ("the talon's top card: 'available' for the foundations and for marriages at any time (the "
             "engine's reading), or 'dead', a card of the pack being played only as it turns up")

DEAL_DOC = ("when a card may be turned from the pack: at any time ('free', the engine's reading), or only "
            "when no card can be played or married ('blocked': “when no other cards can be played or "
            "married, proceed to deal”)")


def after(card: Card) -> Card:
    """The card a foundation takes on ``card`` (Rule I: down in suit, the king after the ace).

    >>> print(after(Card.parse("J♠")), after(Card.parse("A♠")))
    10♠ K♠
    """
    return Card(Rank(card.value - 1 if card.value > 1 else 13), card.suit)


#: :func:`after` of each card.
AFTER = {card: after(card) for card in CARDS if card is not None}
#: The cards that marry onto each card on the helps, by its code: the next one up in suit (none on a
#: queen, Rule III).
MARRYING = tuple(() if card is None or card.rank == Rank.QUEEN else MARRIAGE.children_table()[card]
                 for card in CARDS)


@register
class Anna(Game):
    """Anna: two packs; eight helps as an A, the knaves as an N descending to kings."""

    slug = "anna"
    name = "Anna"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 2 of the first 40 deals its study's search left unknown.
    PLAYS_OUT = True
    chapter = "anna"
    order = 47
    source = SOURCE
    plate = "047"
    packs = 2
    RULES = {
        "I": "The foundations follow suit.",
        "II": "The uppermost card of each packet of the helps is alone available until its removal "
        "releases the card beneath.",
        "III": "When queens appear among the helps, whether placed in the original deal or in refilling "
        "vacancies, no other cards can be laid upon them. They remain as single cards.",
        "Helps": "Deal out eight cards in the shape of a capital A: these are called helps.",
        "Foundations": "Whenever in the course of the deal knaves turn up, they are to be placed so as to "
        "form the letter N (see tableau). The eight knaves are the foundation cards, which descend in "
        "sequence to kings.",
        "Marriages": "You next proceed to form marriages in ascending line with cards of the helps, except "
        "in the case of queens, on which cards must not be placed (Rules II and III).",
        "Deal": "When no other cards can be played or married, proceed to deal out the entire pack, "
        "playing the knaves and other suitable cards forming marriages with cards in the helps, "
        "refilling vacancies and placing unsuitable cards as a talon.",
        "Re-deal": "The talon may be re-dealt twice.",
    }
    OPTIONS = (
        Option("redeals", 2, "how often the talon may be re-dealt (the book: “twice”)", choices=(0, 1, 2, 3)),
        Option("vacancies", "pack", VACANCIES_DOC, choices=("pack", "talon", "wait")),
        Option("talon", "available", TALON_DOC, choices=("available", "dead")),
        Option("deal", "free", DEAL_DOC, choices=("free", "blocked")),
    )
    COUNTERS = ("redeals", "turned")
    AVAILABILITY = ("II", "the uppermost card of each packet of the helps is alone available")
    TALON_RULE = ("Deal", "the talon's top card alone is available")
    FACE_DOWN = ("pack",)
    #: The helps are alike in play, and so are the N's places (a knave takes the first empty one).
    INTERCHANGEABLE = ("foundation", "help")
    RESTARTS = SEARCH_AGAIN

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        """The pack, the N's eight places, the A's eight helps, the talon."""
        return ["pack", *FOUNDATIONS, *HELPS, "talon"]

    def lay_out(self, cards: list[Card], help_cards: Sequence[Card] = (), knaves: Sequence[Card] = ()) -> None:
        """Deal the A: each knave that turns up goes to the next place of the N and the next card
        takes its place.  ``knaves`` and ``help_cards`` (a plate's) are dealt first, the rest keeping
        the order of ``cards``; what is left is the pack, face down, the next card on top."""
        if any(card.rank != Rank.KNAVE for card in knaves):
            raise InvalidPosition("the N is made of knaves")
        if any(card.rank == Rank.KNAVE for card in help_cards):
            raise InvalidPosition("a knave goes to the N, not to the helps")
        order = [*knaves, *help_cards]
        rest = list(cards)
        for card in order:
            if card not in rest:
                raise InvalidPosition(f"too many {card} for the packs")
            rest.remove(card)
        order += rest
        order.reverse()
        self.piles["pack"] = Pile(tuple(order), len(order))
        self._refill(*HELPS)

    @classmethod
    def from_plate_cards(cls, help_cards: str, knaves: str, seed: int = PLATE_SEED, **options: Any) -> Anna:
        """The start of a game whose A is ``help_cards`` and whose N is ``knaves`` (in the engine's
        orders), the pack in the order of deal ``seed`` less those cards: how the plate is set up.

        >>> game = Anna.from_plate_cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥", "J♥")
        >>> print(game.piles["help 8"], game.piles["foundation 1"], len(game.piles["pack"]))
        9♥ J♥ 95
        """
        helps, jacks = parse_cards(help_cards), parse_cards(knaves)
        if len(helps) != len(HELPS) or len(jacks) > len(FOUNDATIONS):
            raise InvalidPosition(f"the A is {len(HELPS)} cards and the N at most {len(FOUNDATIONS)}")
        return cls.deal_with(seed, helps, jacks, **options)

    # ------------------------------------------------------------------ the rules' pieces
    def foundation_rule(self, name: str) -> Foundation:
        return FOUNDATION

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Rule I's build, and a foundation finished with its king takes nothing more."""
        if len(self.piles[name].cards) >= FULL:
            return "complete"
        return FOUNDATION.fault(self.piles[name].cards, card)

    def talon_live(self) -> bool:
        """Whether the talon's top card may be played (with ``talon=dead``, only as it turns up)."""
        return self.options.talon == "available" or self.counters["turned"] == 1

    def _takers(self, piles: list[Pile]) -> dict[Card, list[str]]:
        """The foundation each card goes up to now: of two alike foundations only the first."""
        takers: dict[Card, list[str]] = {}
        for name, pile in zip(FOUNDATIONS, piles):
            cards = pile.cards
            if cards and len(cards) < FULL:
                want = takers.setdefault(AFTER[cards[-1]], [])
                if not any(self.piles[other] == pile for other in want):
                    want.append(name)
        return takers

    # ------------------------------------------------------------------ the moves
    def moves(self) -> Iterable[Move]:
        """Each help's uppermost card and the talon's top card to the foundations and married onto
        each other help; then the deal and the re-deal."""
        piles = self.piles
        offered = [(name, piles[name].cards[-1]) for name in (*HELPS, "talon") if piles[name].cards]
        for source, card in offered:
            yield from self.foundation_moves(source, card)
            yield from (self._marriage(source, card, name) for name in HELPS if name != source)
        yield from (DEAL, REDEAL)

    def _marriage(self, source: str, card: Card, help_name: str) -> Move:
        """``card`` married onto the help ``help_name``, written with the card it would cover."""
        under = self.piles[help_name].top
        return Move("move", (card,), source, help_name, f"{card.text} → {under.text if under else help_name}")

    def generate_legal_moves(self) -> list[Move]:
        piles = self.piles
        takers = self.worked_out("takers", FOUNDATIONS, self._takers)
        # the uppermost cards of the helps, and for each card the helps (in order) it marries onto
        sources = [(name, piles[name].cards[-1]) for name in HELPS if piles[name].cards]
        onto = marriages_onto(sources, MARRYING)
        talon = piles["talon"].cards
        if talon and self.talon_live():
            sources.append(("talon", talon[-1]))
        found: list[Move] = []
        for source, card in sources:
            going = takers.get(card)
            if going is not None:
                found += moves_up(source, card, going)
            for name, under in onto.get(card, ()):
                if name != source:
                    found.append(move_onto((card,), source, name, under.text))
        if piles["pack"].cards:
            if not (found and self.options.deal == "blocked"):
                found.append(DEAL)
        elif talon and self.counters["redeals"] < self.options.redeals:
            found.append(REDEAL)
        return found

    def solver_key(self) -> tuple[Any, ...]:
        """As the base's: the pack and the talon as they lie, the N's places and the helps each in a
        fixed order (by their cards, which tell them apart as the piles do: they lie face up), and
        the counters."""
        piles = self.piles
        return (piles["pack"], piles["talon"], tuple(sorted([piles[name].cards for name in FOUNDATIONS])),
                tuple(sorted([piles[name].cards for name in HELPS])), tuple(self.counters.values()))

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card going up that no card can ever need to marry onto (a ten or a king, or one whose
        two cards one higher are up already): from the talon while the talon refills no vacancy (it
        uncovers a card and changes nothing else), or from anywhere once pack and talon are spent.
        None with ``deal=blocked``, where a card uncovered may stand in the way of the deal."""
        if self.options.deal == "blocked":
            return None
        piles = self.piles
        spent = not piles["pack"].cards and not piles["talon"].cards
        vacancies = self.options.vacancies
        quiet = vacancies == "wait" or (vacancies == "pack" and bool(piles["pack"].cards))
        if not (spent or quiet):
            return None
        for move in moves:
            if move[0] == "move" and move[3] in FOUNDATIONS and (spent or move[2] == "talon"):
                card = move[1][0]
                if card.value in (10, 13) or self.out_already([Card(Rank(card.value + 1), card.suit)]):
                    return move
        return None

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        kind, cards, source, target, _ = move
        if kind in ("deal", "redeal"):
            if kind == "redeal":
                return self.redeal_violation()
            if not self.piles["pack"].cards:
                return IllegalMove("Deal", "the pack is exhausted")
            if self.options.deal == "blocked":
                play = next((m for m in self.moves() if m[0] == "move" and self.violation(m) is None), None)
                if play is not None:
                    return IllegalMove("Deal", "the pack is dealt when no other cards can be played or married",
                                       f"{play} can be made")
            return None
        known = kind == "move" and len(cards) == 1 and {source, target} <= self.piles.keys()
        if not known:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card = cards[0]
        if source in self.UNDEALT:
            return self.illegal(*self.UNDEALT_RULE, card)
        if source in FOUNDATIONS:
            return self.illegal(*self.STAYS["foundation"], card)
        if self.piles[source].top != card:
            return self.illegal(*(self.AVAILABILITY if source in HELPS else self.TALON_RULE), card)
        if source == "talon" and not self.talon_live():
            return self.illegal("Deal", "the talon comes into play again only by the re-deal: a card of the "
                                "pack is played only as it turns up", card)
        if target in FOUNDATIONS:
            return self._foundation_violation(target, card)
        if target not in HELPS or target == source:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        under = self.piles[target].top
        if under is None:
            return self.illegal("Deal", "a vacancy among the helps is refilled from the pack", card, target)
        if under.rank == Rank.QUEEN:
            return self.illegal("III", "no other cards can be laid upon a queen among the helps", card, under)
        return self.explain(MARRIAGE.fault(under, card), marriage_reasons(MARRIAGE), card, under)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule I (suit) and the foundations' descent from the knave to the king."""
        if not self.piles[name].cards:  # (the knaves go there as they turn up: no card is played there)
            return self.illegal("Foundations", "the eight knaves are the foundation cards", card)
        return self.foundation_refusal(name, card, {
            "complete": ("Foundations", "the foundations descend to kings, and this one has its king"),
            "must follow suit": ("I", "the foundations follow suit"),
            "*": ("Foundations", "the foundations descend in sequence to kings")})

    # ------------------------------------------------------------------ doing a move
    def apply(self, move: Move) -> None:
        kind, _, source, target, _ = move
        just_turned = 0
        if kind == "deal":
            self.transfer("pack", "talon")
            just_turned = 0 if self._knave_out("talon") else int(self.options.talon == "dead")
        elif kind == "redeal":
            # the talon turned over as it lies, its first-dealt card first again; the vacancies
            # left when the pack ran out are refilled from it
            self.gather(["talon"], into="pack")
            self.counters["redeals"] += 1
            self._refill(*HELPS)
        else:
            self.transfer(source, target)
            if source in HELPS:
                self._refill(source)
        self.counters["turned"] = just_turned

    def _knave_out(self, name: str) -> bool:
        """Set the top card of ``name`` in the N, if it is a knave (at the first empty place)."""
        top = self.piles[name].top
        if top is None or top.rank != Rank.KNAVE:
            return False
        self.transfer(name, next(f for f in FOUNDATIONS if not self.piles[f].cards))
        return True

    def _refill(self, *names: str) -> None:
        """Refill the helps ``names`` that are empty from the piles the option ``vacancies`` names
        (:data:`GIVERS`), a knave drawn going to the N and the next card coming."""
        piles = self.piles
        for name in names:
            while not piles[name].cards:
                givers = GIVERS[self.options.vacancies]
                giver = next((g for g in givers if piles[g].cards), None)
                if giver is None:
                    break
                self.transfer(giver, name)
                self._knave_out(name)

    # ------------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every foundation has gone down from its knave to its king."""
        return self.complete(FOUNDATIONS, FULL)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made.

        - The foundations are knaves going down in suit to the king (Rule I), at most twelve cards,
          and the N fills in order: no place is empty while a later one is begun.
        - A help's packet goes up in suit from its first card (the marriages), holds no knave and
          nothing on a queen (Rule III); it is empty only when nothing is left to refill it.
        - The talon holds no knave; only the pack lies face down; the re-deals and ``turned`` are
          within what the options allow.

        >>> Anna.deal(seed=3).inconsistencies()
        []
        >>> game = Anna.deal(seed=3)
        >>> game.piles["help 1"] = Pile.of("Q♥ K♥")
        >>> game.inconsistencies()
        ['help 1: a card lies on a queen (Rule III)']
        """
        piles = self.piles
        faults = self.foundation_inconsistencies()
        begun = [bool(piles[name].cards) for name in FOUNDATIONS]
        if any(len(piles[name].cards) > FULL for name in FOUNDATIONS):
            faults.append("a foundation goes on past its king")
        if any(not b and later for b, later in zip(begun, begun[1:])):
            faults.append("a place of the N is empty while a later one holds a knave")
        giver = any(piles[name].cards for name in GIVERS[self.options.vacancies])
        for name in HELPS:
            cards = piles[name].cards
            if any(card.rank == Rank.QUEEN for card in cards[:-1]):
                faults.append(f"{name}: a card lies on a queen (Rule III)")
            elif not MARRIAGE.is_run(cards) or any(card.rank == Rank.KNAVE for card in cards):
                faults.append(f"{name} is not a marriage going up in suit")
            elif not cards and giver:
                faults.append(f"{name} is empty while there are cards to refill it")
        if any(card.rank == Rank.KNAVE for card in piles["talon"].cards):
            faults.append("a knave lies on the talon, not in the N")
        down = [name for name, pile in piles.items() if pile.face_down != (len(pile.cards) if name == "pack" else 0)]
        if down:
            faults.append(f"the pack alone lies face down, not {', '.join(down)}")
        redeals, turned = self.counters["redeals"], self.counters["turned"]
        if redeals < 0 or redeals > self.options.redeals:
            faults.append(f"{redeals} re-deals made, but the option redeals allows {self.options.redeals}")
        if turned and not (turned == 1 and self.options.talon == "dead" and piles["talon"].cards):
            faults.append(f"turned={turned}: a card is marked just turned only with talon=dead, on the talon")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 047: the A on the left, its strokes leaning together and the bar lying across; the
        N on the right, its diagonal slanting; the pack and the talon below."""
        spots = [Spot(HELPS[3], 2.4, 0.0)]
        for i, (x, y) in enumerate(((1.24, 0.72), (0.67, 1.66), (0.1, 2.6))):
            spots.append(Spot(HELPS[2 - i], x, y, angle=20.0))
            spots.append(Spot(HELPS[4 + i], 4.8 - x, y, angle=-20.0))
        spots.append(Spot(HELPS[7], 2.4, 1.5, angle=90.0))
        for name, (x, y) in zip(FOUNDATIONS[:3], ((6.3, 2.4), (6.3, 1.2), (6.3, 0.0))):
            spots.append(Spot(name, x, y))
        for name, (x, y) in zip(FOUNDATIONS[3:6], ((7.45, 0.05), (8.4, 1.15), (9.35, 2.25))):
            spots.append(Spot(name, x, y, angle=-25.0))
        spots.append(Spot(FOUNDATIONS[6], 10.0, 1.2))
        spots.append(Spot(FOUNDATIONS[7], 10.0, 0.0))
        spots.append(Spot("pack", 4.6, 3.8, label="pack"))
        spots.append(Spot("talon", 5.8, 3.8, label="talon"))
        return spots

    def table(self) -> str:
        """The position as text: the A (the top card of each help) on the left, the N (the top card
        of each foundation) on the right after a dot, then the pack and the talon."""
        piles = self.piles

        def top(name: str) -> str:
            card = piles[name].top
            return (card.text if card is not None else "--").ljust(3)

        blank = "   "
        a_rows = [(blank, blank, blank, top(HELPS[3]), blank, blank, blank),
                  (blank, blank, top(HELPS[2]), blank, top(HELPS[4]), blank, blank),
                  (blank, top(HELPS[1]), blank, top(HELPS[7]), blank, top(HELPS[5]), blank),
                  (top(HELPS[0]), blank, blank, blank, blank, blank, top(HELPS[6]))]
        f = [top(name) for name in FOUNDATIONS]
        n_rows = [(f[2], f[3], blank, f[7]), (f[1], blank, f[4], f[6]), (f[0], blank, blank, f[5])]
        lines = []
        for i, row in enumerate(a_rows):
            line = " ".join(row)
            if i < len(n_rows):
                line += " ·  " + " ".join(n_rows[i])
            lines.append(line.rstrip())
        talon, left = piles["talon"].cards, len(piles["pack"].cards)
        shown = f"{talon[-1]} on top of {len(talon)}" if talon else "none"
        plural = "" if left == 1 else "s"
        lines.append(f"pack: {left} card{plural}; talon: {shown}; re-deals made: {self.counters['redeals']}")
        return "\n".join(lines)


Anna.PLATE = str(Anna.from_plate_cards(PLATE_HELPS, PLATE_KNAVES, PLATE_SEED))
