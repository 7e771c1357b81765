"""The Terrace: two packs; a row of thirteen cards of which only the right-hand one is available.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Terrace", plate 027.  Thirteen cards are dealt in a row, the *Terrace*;
only its last, right-hand card is available (Rule I).  Three cards are turned
up and one of them chosen as the first foundation; the seven other cards of its
value begin the other foundations as they turn up.  The foundations ascend in
sequence, in alternate colours (Rule II), the ace after the king, to thirteen
cards each.  The two rejected cards and seven more make the *valley*, nine
packets on which the valley's own cards and the uppermost card of the talon are
placed in descending sequence, in alternate colours (Rule III); only the
uppermost card of a packet is available (Rule IV), and a vacancy is refilled at
once from the pack in hand.  The pack is dealt one card at a time to the talon.
There is no re-deal.

Choosing the foundation is a move (``7♣ → foundation``): it also lays the two
rejected cards and deals the seven others of the valley.  Dealing a card to the
talon is a move (``deal``).

>>> from patience import load
>>> game = load("the-terrace", seed=18)
>>> print(game.piles["terrace"].top, "|", game.piles["choice"])
Q♦ | A♠ Q♠ J♠
>>> print(game.play("J♠ → foundation"), "|", game.piles["valley 1"], game.piles["valley 2"])
J♠ → foundation | A♠ Q♠
>>> print(game.play("Q♦ → foundation"), "|", game.piles["terrace"].top)
Q♦ → foundation | J♥
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ..build import Build, Foundation
from ..cards import Card, Rank, Suit, parse_cards, whist_pack
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto
from ..options import Option
from ..solve import PACK_RUN, runs_using
from . import register

__all__ = ["TheTerrace"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Terrace”"

#: "Deal out from left to right a row of thirteen cards."
TERRACE_CARDS = 13
#: "Turn up from the pack in hand three cards, and choose one of the three as a foundation."
CHOICE = 3
#: "A third horizontal row of nine cards. This is called the valley."
VALLEY_PACKETS = 9
#: A foundation is complete with thirteen cards (8 × 13 = 104).
FULL = 13

FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
VALLEY = tuple(f"valley {i}" for i in range(1, VALLEY_PACKETS + 1))

#: Rule II: "The foundations ascend in sequence and must be formed with alternate red and black
#: cards"; they begin with any value, so the ace follows the king.
FOUNDATION_BUILD = Build("up", "alternate", wrap=True)
#: Rule III: the valley descends in alternate colours; with ``wrap``, a king on an ace too.
VALLEY_BUILD = {wrap: Build("down", "alternate", wrap=wrap) for wrap in (False, True)}
_ON = {wrap: build.table() for wrap, build in VALLEY_BUILD.items()}
#: The piles whose lie the moves of every card but the talon's depend on.
_LIE = ("terrace", *FOUNDATIONS, *VALLEY)
#: The foundations of each value.
_FOUNDATION = {value: Foundation(Rank(value), FOUNDATION_BUILD) for value in range(1, 14)}
#: Each card's class for the solver's key: the rules see only a card's value and colour.
_CLASS = (0, *(2 * c.value + (c.colour == "red") for c in whist_pack()))
_TEXT = ("", *(str(c) for c in whist_pack()))

DEAL = Move("deal", notation="deal")
REDEAL = Move("redeal", notation="redeal")

PLAY_WORDS = (
    "Deal out from left to right a row of thirteen cards. This is called the Terrace. You next turn up "
    "from the pack in hand three cards, and choose one of the three as a foundation. Place the "
    "foundation card underneath the Terrace on the left side, and the seven other cards of similar "
    "value will take their places, as they turn up in the deal, in a line with the first foundation "
    "(see tableau)."
)
VALLEY_WORDS = (
    "You next place your two rejected cards underneath the foundation, and deal out seven other cards "
    "alongside, forming a third horizontal row of nine cards. This is called the valley. … Having played "
    "all suitable cards, and refilled the vacancies in the valley from the pack in hand, proceed to place "
    "cards in sequence in the valley (Rules III and IV)"
)


@register
class TheTerrace(Game):
    """The Terrace: two packs; the Terrace, eight foundations of one value, the valley and a talon."""

    slug = "the-terrace"
    name = "The Terrace"
    chapter = "the-terrace"
    order = 27
    source = SOURCE
    plate = "027"
    packs = 2
    RULES = {
        "I": "Only the last card (i.e., the right-hand one) of the Terrace is available till its removal "
        "releases the card next to it.",
        "II": "The foundations ascend in sequence and must be formed with alternate red and black cards.",
        "III": "Cards in the valley may be transferred in alternate descending sequence from one packet to "
        "another, and the uppermost card of the talon may also be placed in sequence on the valley, but, "
        "like those of the foundations, the sequences in the valley must be formed of alternate colors.",
        "IV": "Only the uppermost cards of the valley packets are available until their removal releases "
        "those beneath.",
        "Foundations": PLAY_WORDS,
        "Valley": VALLEY_WORDS,
        "Deal": "You next proceed to deal out the entire pack, playing on foundations (Rule II), placing "
        "and transferring cards in the valley (Rules III and IV), and refilling vacancies.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("I", "only the right-hand card of the Terrace is available")
    TALON_RULE = ("III", "only the uppermost card of the talon is available")
    FACE_DOWN = ("pack",)
    #: Foundations of one value that follow only colour are alike; so are the valley's packets.
    INTERCHANGEABLE = ("foundation", "valley")
    OPTIONS = (
        Option("terrace_to_valley", False,
               "the available card of the Terrace may also be placed in sequence on the valley (Rule III "
               "names only the valley's own cards and the talon's)"),
        Option("runs", False,
               "a sequence at the top of a valley packet may be transferred whole onto another packet "
               "(Rule III's “transferred in alternate descending sequence”; by default Rule IV: one card "
               "at a time)"),
        Option("wrap", False, "in the valley a king may be placed on an ace, as the foundations go on "
               "from the king to the ace"),
        Option("terrace_first", False,
               "“cards must always in preference be played from the Terrace”, as a rule: while the "
               "Terrace's card can be played to a foundation, no other card may be"),
    )

    #: Plate 027, read card by card: the Terrace (left to right), the eight foundation places drawn
    #: empty, and the valley's nine cards.  The plate does not show the foundation chosen: here it is
    #: the 7♣, one below the Terrace's available 8♦ (the text's advice), on foundation 1.  The pack is
    #: not shown either: its cards lie in the order seed 27 shuffles them.
    PLATE = """\
the-terrace seed=27
pack: [8♣] [9♦] [K♦] [3♦] [7♠] [6♦] [Q♥] [Q♦] [A♣] [J♥] [7♠] [A♥] [4♠] [4♣] [7♥] [Q♠] [3♣] [8♠] [8♠] \
[10♥] [5♥] [Q♣] [J♠] [7♥] [5♠] [J♠] [2♦] [5♦] [9♠] [4♦] [J♣] [2♣] [9♥] [3♥] [5♣] [J♣] [4♥] [8♥] [A♠] \
[5♥] [6♠] [A♠] [4♣] [K♣] [K♠] [4♦] [5♠] [7♣] [9♥] [J♥] [3♠] [Q♠] [K♠] [8♦] [8♣] [2♥] [6♣] [2♥] [3♦] \
[9♦] [K♥] [6♥] [6♠] [3♣] [10♠] [7♦] [4♠] [Q♥] [2♠] [10♥] [10♣] [9♠] [6♥] [9♣] [10♠] [10♦] [5♣] [A♣] \
[A♦] [2♠] [5♦]
terrace: 6♣ A♦ 3♠ K♥ J♦ 8♥ 10♣ K♦ Q♣ 3♥ 2♦ 7♦ 8♦
foundation 1: 7♣
valley 1: K♣
valley 2: A♥
valley 3: J♦
valley 4: 2♣
valley 5: 6♦
valley 6: 4♥
valley 7: 10♦
valley 8: Q♦
valley 9: 9♣
"""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack in hand and the talon, the three cards turned up for the choice, the Terrace
        (written left to right: its available card last), the foundations and the valley."""
        return ["pack", "talon", "choice", "terrace", *FOUNDATIONS, *VALLEY]

    @property
    def base(self) -> int | None:
        """The value of the foundations: the value of the first card chosen (None before the choice)."""
        for name in FOUNDATIONS:
            cards = self.piles[name].cards
            if cards:
                return cards[0].value
        return None

    @property
    def chosen(self) -> bool:
        """True once the foundation has been chosen from the three cards turned up."""
        return not self.piles["choice"].cards

    def foundation_rule(self, name: str) -> Foundation:
        return _FOUNDATION[self.base or 1]

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Why ``name`` does not take ``card``: a complete foundation takes nothing more."""
        if len(self.piles[name].cards) >= FULL:
            return "the foundation is complete"
        return super().foundation_fault(name, card)

    def foundation_for(self, card: Card) -> str:
        """The foundation a card written ``→ foundation`` is judged against: the first that takes
        it, else the first begun one of the other colour (where only the sequence can be wrong),
        else the first begun one, else the first empty one."""
        piles = self.piles
        begun = [f for f in FOUNDATIONS if piles[f].cards and len(piles[f].cards) < FULL]
        for names in ([f for f in FOUNDATIONS if self.foundation_fault(f, card) is None],
                      [f for f in begun if piles[f].cards[-1].colour != card.colour], begun,
                      [f for f in FOUNDATIONS if not piles[f].cards]):
            if names:
                return names[0]
        return FOUNDATIONS[0]

    @property
    def valley_build(self) -> Build:
        return VALLEY_BUILD[self.options.wrap]

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card]) -> None:
        """The Terrace (the first thirteen cards, left to right), the three cards turned up for the
        choice; the rest is the pack in hand, face down, its next card on top."""
        self.piles["terrace"] = Pile(tuple(cards[:TERRACE_CARDS]))
        self.piles["choice"] = Pile(tuple(cards[TERRACE_CARDS:TERRACE_CARDS + CHOICE]))
        rest = tuple(reversed(cards[TERRACE_CARDS + CHOICE:]))
        self.piles["pack"] = Pile(rest, len(rest))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        piles: Mapping[str, str],
        foundations: str = "",
        pack: str = "",
        **options: Any,
    ) -> TheTerrace:
        """A position after the choice, made of the piles that matter, for examples and tests.

        ``piles`` maps pile names (``terrace``, ``talon``, ``valley 3`` …) to their cards, bottom
        first; ``foundations`` names the first and the top card of each foundation begun
        (``"7♣-9♠ 7♥"``: one built from the 7♣ up to the 9♠ in alternate colours, one holding its
        7♥; each card in between is taken from what is left, the first suit of its colour that
        is); ``pack`` lists the next cards of the pack in hand, the next first.  Every other card
        lies in the pack under those.

        >>> game = TheTerrace.arrange({"terrace": "8♦", "valley 1": "9♣"}, foundations="7♣-8♥ 7♦")
        >>> print(game.piles["foundation 1"], "|", game.piles["foundation 2"], "|", len(game.piles["pack"]))
        7♣ 8♥ | 7♦ | 99
        """
        game = cls(**options)
        spare = list(game.pack())
        placed: dict[str, str] = dict(piles)
        for text in piles.values():
            for card in parse_cards(text):
                if card not in spare:
                    raise InvalidPosition(f"too many {card} for the pack")
                spare.remove(card)
        for card in parse_cards(pack):
            if card not in spare:
                raise InvalidPosition(f"too many {card} for the pack")
            spare.remove(card)
        for name, spec in zip(FOUNDATIONS, foundations.split()):
            first, _, top = spec.partition("-")
            cards = [Card.parse(first)]
            last = Card.parse(top) if top else cards[0]
            while cards[-1] != last:
                value = cards[-1].value % 13 + 1
                colour = "black" if cards[-1].colour == "red" else "red"
                wanted = [c for c in spare if c.value == value and c.colour == colour]
                if value == last.value and last in wanted:
                    wanted = [last]
                if len(cards) >= FULL or not wanted:
                    raise InvalidPosition(f"{last} cannot be reached from {first} in alternate colours")
                cards.append(wanted[0])
            for card in cards:
                if card not in spare:
                    raise InvalidPosition(f"too many {card} for the pack")
                spare.remove(card)
            placed[name] = " ".join(map(str, cards))
        if not foundations:
            raise InvalidPosition("give at least the first foundation (the choice is made)")
        next_cards = parse_cards(pack)
        placed["pack"] = " ".join(f"[{c}]" for c in list(sorted(spare)) + list(reversed(next_cards)))
        text = "\n".join([f"{cls(**options).spec} seed=0"] + [f"{k}: {v}" for k, v in placed.items()])
        return cls.from_position(text)

    # ------------------------------------------------------------------ moves
    def _sources(self) -> list[tuple[str, tuple[Card, ...]]]:
        """The available cards with their piles: the Terrace's right-hand card, the talon's uppermost,
        then each valley packet's uppermost (with ``runs``, each sequence at its top, the longest
        first)."""
        piles = self.piles
        sources: list[tuple[str, tuple[Card, ...]]] = []
        for name in ("terrace", "talon"):
            cards = piles[name].cards
            if cards:
                sources.append((name, cards[-1:]))
        runs = self.options.runs
        build = self.valley_build
        for name in VALLEY:
            cards = piles[name].cards
            if cards:
                longest = build.run_length(cards) if runs else 1
                sources += [(name, cards[-n:]) for n in range(longest, 0, -1)]
        return sources

    def moves(self) -> Iterable[Move]:
        """The choice of a foundation (while the three cards lie turned up), the deal and the re-deal,
        then each available card to the foundations and onto each valley packet (moves into an
        empty packet, and of the Terrace's card onto the valley, only to be refused)."""
        piles = self.piles
        for card in piles["choice"].cards:
            yield Move("move", (card,), "choice", "foundation 1", f"{card} → foundation")
        yield DEAL
        yield REDEAL
        chosen = self.chosen
        for source, cards in self._sources():
            head = cards[0]
            if len(cards) == 1:
                if chosen:
                    yield from self.foundation_moves(source, head)
                else:
                    yield Move("move", (head,), source, "foundation 1", f"{head} → foundation")
            for target in VALLEY:
                if target == source:
                    continue
                under = piles[target].top
                yield Move("move", cards, source, target, f"{head} → {under if under else target}")

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly: before the choice, the
        three cards turned up; after, the deal while the pack lasts, then each available card to
        the foundations that take it (Rule II) and onto the packets of the valley whose uppermost
        card is one higher and of the other colour (Rule III; the Terrace's card only with
        ``terrace_to_valley``)."""
        piles = self.piles
        choice = piles["choice"].cards
        if choice:
            return [move_onto((card,), "choice", "foundation 1", "foundation") for card in choice]
        moves: list[Move] = [DEAL] if piles["pack"].cards else []
        # What the Terrace, the foundations and the valley allow changes far less often than the
        # talon (a run of deals changes nothing else): worked out once for each lie of them.
        terrace_moves, valley_moves, tops, blocked = self.worked_out("lie", _LIE, self._work_out_lie)
        moves += terrace_moves
        talon = piles["talon"].cards
        if talon:
            moves += self._moves_of("talon", talon[-1:], tops, blocked)
        moves += valley_moves
        return moves

    def _work_out_lie(self, _: list[Pile]) -> tuple[list[Move], list[Move], list[tuple[str, Card]], bool]:
        """The moves of the Terrace's card and of the valley's cards, the valley's uppermost cards,
        and whether the Terrace's card bars the others from the foundations (``terrace_first``)."""
        piles = self.piles
        terrace = piles["terrace"].cards
        blocked = bool(self.options.terrace_first and terrace and terrace[-1] in self._takers())
        tops = [(name, piles[name].cards[-1]) for name in VALLEY if piles[name].cards]
        terrace_moves = self._moves_of("terrace", terrace[-1:], tops, blocked) if terrace else []
        valley_moves: list[Move] = []
        for source, cards in self._sources():
            if source in VALLEY:
                valley_moves += self._moves_of(source, cards, tops, blocked)
        return terrace_moves, valley_moves, tops, blocked

    def _moves_of(self, source: str, cards: tuple[Card, ...], tops: list[tuple[str, Card]],
                  blocked: bool) -> list[Move]:
        """The legal moves of ``cards`` (one card, or with ``runs`` a sequence) from ``source``: to
        the foundations that take it, then onto the valley's packets (Rules II and III)."""
        head = cards[0]
        moves: list[Move] = []
        if len(cards) == 1:
            names = self._takers().get(head)
            if names and (not blocked or source == "terrace"):
                if len(names) == 1:
                    moves.append(move_onto((head,), source, names[0], "foundation"))
                else:
                    moves += [move_onto((head,), source, n, n) for n in names]
        if source == "terrace" and not self.options.terrace_to_valley:
            return moves
        on = _ON[self.options.wrap]
        for target, under in tops:
            if target != source and on[under][head]:
                moves.append(Move("move", cards, source, target, f"{_TEXT[head]} → {_TEXT[under]}"))
        return moves

    def _takers(self) -> dict[Card, list[str]]:
        """The foundations that take each card now, as :meth:`foundation_moves` offers them: a begun
        foundation the next card up in the other colour, the first empty one a card of the
        foundations' value; of foundations alike only the first; a complete one nothing."""
        return self.worked_out("takers", FOUNDATIONS, self._work_out_takers)

    def _work_out_takers(self, piles: list[Pile]) -> dict[Card, list[str]]:
        base = self.base
        takers: dict[Card, list[str]] = {}
        seen: set[Pile] = set()
        for name, pile in zip(FOUNDATIONS, piles):
            if pile in seen or len(pile.cards) >= FULL:
                continue
            seen.add(pile)
            if pile.cards:
                taken: Iterable[Card] = FOUNDATION_BUILD.children(pile.cards[-1])
            else:
                taken = [Card(Rank(base or 1), suit) for suit in Suit]
            for card in taken:
                takers.setdefault(card, []).append(name)
        return takers

    # ------------------------------------------------------------ the refusals
    def violation(self, move: Move) -> IllegalMove | None:
        kind = move.kind
        piles = self.piles
        if kind == "deal":
            if not self.chosen:
                return IllegalMove("Foundations", "first choose a foundation from the three cards turned up")
            if not piles["pack"].cards:
                return IllegalMove("Deal", "the pack is exhausted")
            return None
        if kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        source, target, cards = move.source, move.target, move.cards
        if kind != "move" or source not in piles or target not in piles or not cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        head = cards[0]
        if source == "choice":
            if head not in piles["choice"].cards or len(cards) != 1:
                return self.illegal("Foundations", "the foundation is one of the three cards turned up", head)
            if target != "foundation 1":
                return self.illegal("Foundations", "the foundation chosen is placed underneath the Terrace "
                                    "on the left side", head)
            return None
        if not self.chosen:
            return self.illegal("Foundations", "first choose a foundation from the three cards turned up", head)
        pile = piles[source].cards
        if source == "terrace":
            if len(cards) != 1 or pile[-1:] != cards:
                return self.illegal(*self.AVAILABILITY, head)
        elif source == "talon":
            if len(cards) != 1 or pile[-1:] != cards:
                return self.illegal(*self.TALON_RULE, head)
        elif source in VALLEY:
            if tuple(pile[-len(cards):]) != tuple(cards):
                return self.illegal("IV", "only the uppermost card of a valley packet is available", head)
            if len(cards) > 1:
                if not self.options.runs:
                    return self.illegal("IV", "only the uppermost card of a valley packet is available", head)
                if not self.valley_build.is_run(cards):
                    return self.illegal("III", "only a sequence in the valley is transferred together", head)
        elif source.startswith("foundation"):
            return self.illegal(*self.STAYS["foundation"], head)
        else:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if target.startswith("foundation"):
            if len(cards) != 1:
                return self.illegal("II", "cards are played to the foundations one at a time", head)
            return self._foundation_violation(source, target, head)
        if target in VALLEY and target != source:
            return self._valley_violation(source, target, head)
        return IllegalMove("Play", f"{self.name} has no move {move}")

    def _foundation_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """Rule II (up in sequence, alternate colours, thirteen cards), the foundations' value, and
        with ``terrace_first`` the Terrace's preference."""
        pile = self.piles[target]
        top = pile.top
        if top is None:
            if card.value != self.base:
                return self.illegal("Foundations", "the other cards of the first foundation's value begin "
                                    "the other foundations", card)
        elif len(pile.cards) >= FULL:
            return self.illegal("II", "the foundation is complete with thirteen cards", card, top)
        elif top.colour == card.colour:
            return self.illegal("II", "the foundations must be formed with alternate red and black cards",
                                card, top)
        elif card.value != top.value % 13 + 1:
            return self.illegal("II", "the foundations ascend in sequence", card, top)
        if self.options.terrace_first and source != "terrace":
            terrace = self.piles["terrace"].top
            if terrace is not None and any(self.foundation_fault(f, terrace) is None for f in FOUNDATIONS):
                return self.illegal("I", "cards must always in preference be played from the Terrace",
                                    card, terrace)
        return None

    def _valley_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """Rule III: onto the valley only the valley's cards and the talon's (the Terrace's with
        ``terrace_to_valley``), in descending sequence and alternate colours; a vacancy is refilled
        from the pack in hand only."""
        if source == "terrace" and not self.options.terrace_to_valley:
            return self.illegal("III", "only the valley's cards and the uppermost card of the talon are "
                                "placed on the valley", card)
        under = self.piles[target].top
        if under is None:
            return self.illegal("Valley", "a vacancy in the valley is refilled from the pack in hand", card, target)
        if under.colour == card.colour:
            return self.illegal("III", "the sequences in the valley must be formed of alternate colors", card, under)
        if not self.valley_build.follows(under, card):
            return self.illegal("III", "cards are placed in the valley in descending sequence", card, under)
        return None

    def parse_move(self, text: str) -> Move:
        """As :meth:`Game.parse_move`, but a card buried in a valley packet is refused by Rule IV."""
        try:
            return super().parse_move(text)
        except IllegalMove as exc:
            if exc.rule == self.AVAILABILITY[0] and exc.reason == self.AVAILABILITY[1]:
                card = Card.parse(str(exc.args[2]))
                if card not in self.piles["terrace"].cards:
                    raise self.illegal("IV", "only the uppermost card of a valley packet is available", card) \
                        from None
            raise

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        kind, cards, source, target, _ = move
        piles = self.piles
        if kind == "deal":
            self.transfer("pack", "talon")
            return
        if source == "choice":
            self._choose(cards[0])
            return
        self.transfer(source, target, len(cards))
        if source in VALLEY and not piles[source].cards and piles["pack"].cards:
            # "refilled the vacancies in the valley from the pack in hand"
            self.transfer("pack", source)

    def _choose(self, card: Card) -> None:
        """The card chosen goes to the first foundation, the two rejected cards to the first two places
        of the valley, and seven cards from the pack in hand fill the rest of it."""
        piles = self.piles
        choice = list(piles["choice"].cards)
        index = next((i for i, c in enumerate(choice) if c is card), choice.index(card))
        chosen = choice.pop(index)
        piles["choice"] = Pile()
        piles["foundation 1"] = Pile((chosen,))
        for name, rejected in zip(VALLEY, choice):
            piles[name] = Pile((rejected,))
        for name in VALLEY[len(choice):]:
            if piles["pack"].cards:
                self.transfer("pack", name)

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every foundation complete with thirteen cards."""
        return self.complete(FOUNDATIONS, FULL)

    def inconsistencies(self) -> list[str]:
        """What no game played by the rules can have made: an empty list for a reachable position.

        - Only the pack lies face down.  Before the choice the Terrace holds thirteen cards, three
          are turned up and nothing else is out of the pack; after it nothing is turned up.
        - The first foundation is begun from the choice; every foundation begins with a card of
          its value, ascends by one in alternate colours, and holds thirteen cards at most.
        - The Terrace only loses cards from its right-hand end: thirteen at most.
        - While the pack lasts no packet of the valley is empty (a vacancy is refilled at once).
        - A packet holds its first card and, on it, cards placed in descending sequence in
          alternate colours: the whole packet is such a sequence.

        >>> TheTerrace.from_plate().inconsistencies()
        []
        >>> game = TheTerrace.from_plate()
        >>> game.piles["valley 2"] = Pile.of("A♥ 4♥")
        >>> game.piles["valley 4"] = Pile()
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        valley 4 is empty while the pack lasts
        valley 2 is not a descending sequence in alternate colours (4♥ on A♥)
        """
        faults: list[str] = []
        piles = self.piles
        pack = piles["pack"]
        if pack.face_down != len(pack.cards) or any(p.face_down for n, p in piles.items() if n != "pack"):
            faults.append("a card lies face down outside the pack, or face up in it")
        if len(piles["terrace"].cards) > TERRACE_CARDS:
            faults.append(f"the Terrace holds more than {TERRACE_CARDS} cards")
        if not self.chosen:
            dealt = [n for n in (*FOUNDATIONS, *VALLEY, "talon") if piles[n].cards]
            if len(piles["choice"].cards) != CHOICE or len(piles["terrace"].cards) != TERRACE_CARDS or dealt:
                faults.append("before the choice only the Terrace and the three cards turned up are dealt")
            return faults
        if not piles["foundation 1"].cards:
            faults.append("the first foundation, the card chosen, is empty")
        if any(len(piles[f].cards) > FULL for f in FOUNDATIONS):
            faults.append(f"a foundation holds more than {FULL} cards")
        faults += self.foundation_inconsistencies()
        if pack.cards:
            faults += [f"{n} is empty while the pack lasts" for n in VALLEY if not piles[n].cards]
        build = self.valley_build
        for name in VALLEY:
            broken = build.first_break(piles[name].cards)
            if broken:
                faults.append(f"{name} is not a descending sequence in alternate colours "
                              f"({broken[1]} on {broken[0]})")
        return faults

    # ------------------------------------------------------------ for solvers
    def solver_key(self) -> tuple[Any, ...]:
        """A key that tells apart only what the rules do: in the foundations and the valley a card's
        value and colour (never its suit), the foundations by height and top card, the valley's
        packets in any order; the pack, the talon and the Terrace as they lie."""
        piles = self.piles
        foundations = sorted([(len(p.cards), _CLASS[p.cards[-1]] if p.cards else 0)
                              for p in [piles[f] for f in FOUNDATIONS]])
        valley = sorted([tuple([_CLASS[c] for c in piles[v].cards]) for v in VALLEY])
        return (piles["pack"], piles["talon"], piles["choice"], piles["terrace"], tuple(foundations), tuple(valley))

    def useful_moves(self) -> list[Move]:
        """The legal moves less those that lead where another leads: a card to a second foundation of
        the same height and top colour, or onto a second packet that looks the same; and a move of
        the cards the last move laid on the valley (they could have gone there straight)."""
        last = self.history[-1] if self.history else None
        if last is not None and last[0] == "move" and last[3] in VALLEY and last[2] != "choice":
            return self._useful(self.legal_moves(), last[1], last[3])
        return self._useful(self.legal_moves())

    def _useful(self, moves: Iterable[Move], again: tuple[Card, ...] = (), laid_on: str = "") -> list[Move]:
        """``moves`` less each that leads where one before it leads (a card to a second foundation of
        the same height and top colour, or onto a second packet that looks the same), and less a move
        of ``again``, the cards last laid on the packet ``laid_on``."""
        piles = self.piles
        seen: set[tuple[Any, ...]] = set()
        useful = []
        for move in moves:
            kind, cards, source, target, _ = move
            if kind == "move" and source != "choice":
                if again and source == laid_on and cards == again[len(again) - len(cards):]:
                    continue
                there = piles[target].cards
                key = (source, len(cards), target.startswith("foundation"), len(there),
                       tuple([_CLASS[c] for c in there]) if target in VALLEY else _CLASS[there[-1]] if there else 0)
                if key in seen:
                    continue
                seen.add(key)
            useful.append(move)
        return useful

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out from the moves here: a deal only lays the pack's next card on the talon, so the
        Terrace, the foundations and the valley lie after every deal as they lie now, with the same
        moves (which differ from one another in their source: the talon's are told apart from the
        rest).  What a run brings is used by the talon's card and by the moves that empty a packet
        (its vacancy takes the pack's next card), the same after each deal.  There is one run of
        deals for each card left in the pack, none comes back (the pack shrinks), and the pack is
        only ever dealt one way.  Here the valley's J♣ and J♦, going up and emptying their packets,
        follow every deal; the 9♦ is the first card dealt, the 2♣ the second:

        >>> from patience import load
        >>> game = load("the-terrace", seed=18)
        >>> _ = game.play("J♠ → foundation")
        >>> runs = [" ".join(map(str, run)) for run in game.pack_runs(DEAL)]
        >>> runs[:3]
        ['deal J♣ → foundation', 'deal J♦ → foundation', 'deal 9♦ → 10♠']
        >>> runs[11], len(runs)
        ('deal deal 2♣ → 3♦', 428)
        """
        piles = self.piles
        hand, talon = piles["pack"], piles["talon"]
        if first != DEAL or not self.chosen or not hand.cards:
            return super().pack_runs(first)
        terrace_moves, valley_moves, tops, blocked = self.worked_out("lie", _LIE, self._work_out_lie)
        before = [m for m in self._useful(terrace_moves) if not self.independent(first, m)]
        after = [m for m in self._useful(valley_moves) if not self.independent(first, m)]
        cards = hand.cards
        runs: list[tuple[Move, ...]] = []
        for dealt in range(1, min(len(cards), PACK_RUN) + 1):
            card = cards[-dealt]
            talon_uses = [m for m in self._useful(self._moves_of("talon", (card,), tops, blocked))
                          if not self.independent(first, m)]
            left = len(cards) - dealt
            runs += runs_using(self, (first,) * dealt, before + talon_uses + after,
                               lambda: {**piles, "pack": Pile(cards[:left], min(hand.face_down, left)),
                                        "talon": Pile(talon.cards + cards[left:][::-1], talon.face_down)})
        return runs

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when every card that could lie on it in the valley (one
        lower, of the other colour: both packs' copies) is on the foundations already or in the
        Terrace (whose cards go only to the foundations).  Nothing can then want the card but a
        foundation, every foundation that takes it is like every other, and what it uncovers
        (or the card of the pack that refills its packet) only gains."""
        if self.options.terrace_first or self.options.terrace_to_valley or not self.chosen:
            return None
        build = self.valley_build
        piles = self.piles
        for move in moves:
            if move[0] == "move" and move[3].startswith("foundation"):
                needed = build.children(move[1][0])
                if self.out_already(needed):
                    return move
                there = [c for name in (*FOUNDATIONS, "terrace") for c in piles[name].cards]
                if all(there.count(card) >= self.packs for card in needed):
                    return move
        return None

    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move that neither takes the talon's card nor empties a valley packet (whose vacancy
        would take the next card of the pack) could have been made before the deal."""
        if move.kind != "move" or move.source == "talon":
            return False
        source = move.source
        return not (source in VALLEY and len(self.piles[source].cards) == len(move.cards))

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 027's arrangement: the Terrace along the top, the eight foundations in a line under
        it, the valley's nine packets below; the cards turned up for the choice, the pack and the
        talon at the right."""
        from ..render import fan_width

        spots = [Spot("terrace", (VALLEY_PACKETS - fan_width(TERRACE_CARDS)) / 2, 0, fan="right")]
        spots += [Spot(name, 0.5 + i, 1.2) for i, name in enumerate(FOUNDATIONS)]
        spots += [Spot(name, i, 2.4, fan="down") for i, name in enumerate(VALLEY)]
        spots.append(Spot("choice", VALLEY_PACKETS + 0.4, 0, fan="right", label="turned up", draw_empty=False))
        spots.append(Spot("pack", VALLEY_PACKETS + 0.4, 1.2, label="pack"))
        spots.append(Spot("talon", VALLEY_PACKETS + 0.4, 2.4, label="talon"))
        return spots

    def table(self) -> str:
        """The table as text: the Terrace left to right, the foundations' top cards, the valley's
        packets (each bottom first), the talon's uppermost card and the pack's size."""
        piles = self.piles
        lines = ["terrace: " + (" ".join(map(str, piles["terrace"].cards)) or "--")]
        if piles["choice"].cards:
            lines.append("turned up: " + " ".join(map(str, piles["choice"].cards)))
        lines.append("foundations: " + " ".join(str(piles[f].top or "--") for f in FOUNDATIONS))
        lines.append("valley: " + " | ".join(" ".join(map(str, piles[v].cards)) or "--" for v in VALLEY))
        talon = piles["talon"]
        pack = len(piles["pack"].cards)
        lines.append(f"talon: {talon.top or '--'} ({len(talon)})   pack: {pack or 'exhausted'}")
        return "\n".join(lines)
