"""The Clock: two packs, twelve foundations against the hours, each built up to its hour.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Clock", plate 009.  Not the modern one-pack game of the same name: this is
the book's game.  Twelve given cards (tableau No. 1 of the plate: the 6♣ against
I, the 7♠ against II, … the 5♦ against XII) are withdrawn and placed against the
hours of a clock; they are the foundations, and each ascends in its suit (Rule
IV), the ace following the king, until it attains the hour it stands against
(tableau No. 2: the ace at I, … the knave at XI, the queen at XII).  A circle of
twelve packets of three cards is dealt round them.  The uppermost card of each
packet is available (Rule I); cards are played, married in a descending line
within the circle (Rule II), and the packets refilled from the pack to three
cards at least, in order from I (Rule III).  When nothing more can be done the
rest of the pack is dealt one card at a time; a card that cannot be played or
refill a packet goes to the talon, whose top card may only be played.  There is
no re-deal.

The circle of packets is dealt with the foundations; ``refill`` tops the packets
up from the pack, and ``deal`` turns the next card of the pack onto the talon.

>>> from patience import load
>>> game = load("the-clock", seed=1)
>>> [str(game.piles[f]) for f in game.piles_of("foundation")][:3], game.hour_card(12)
(['6♣', '7♠', '8♥'], 'Q♦')
>>> [len(game.piles[p]) for p in game.piles_of("packet")], len(game.piles["pack"])
([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], 56)
>>> print(TheClock.from_plate().table().splitlines()[0])
I     6♣ → A♣: 6♣      | 5♥ J♣ 2♦
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ..build import Build, Foundation, marriage_reasons, suit_run
from ..cards import Card, Rank, parse_cards
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, moves_up, ring
from ..options import Option
from ..solve import PACK_RUN, runs_using
from . import register

__all__ = ["TheClock"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Clock”"

HOURS = 12
NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
#: Tableau No. 1 of plate 009: the card placed against each hour, from I to XII (read from the
#: plate; see the chapter's table).  Each suit has the hours four apart.
STARTS = tuple(Card.parse(c) for c in ("6♣", "7♠", "8♥", "9♦", "10♣", "J♠", "Q♥", "K♦", "2♣", "3♠", "4♥", "5♦"))
#: Each foundation ascends in its suit, the ace after the king (Rule IV and the PLAY).
ASCENDING = Build("up", "same", wrap=True)
#: "Marry in a descending line": a card on the next higher card of its suit.
MARRIAGE = Build("down", "same")
#: "Each packet must be refilled so as to contain not less than three cards."
PACKET = 3
#: The moves that take cards from the pack (into the packets, onto the talon), and the re-deal the
#: game does not have.
REFILL, DEAL = (Move("deal", notation=word) for word in ("refill", "deal"))
REDEAL = Move("redeal", notation="redeal")

FOUNDATIONS = tuple(f"foundation {h}" for h in range(1, HOURS + 1))
PACKETS = tuple(f"packet {h}" for h in range(1, HOURS + 1))
_HOUR = {name: h for h in range(1, HOURS + 1) for name in (f"foundation {h}", f"packet {h}")}
_RULES = {f"foundation {h}": Foundation(STARTS[h - 1].rank, ASCENDING) for h in range(1, HOURS + 1)}
_MARRIES = MARRIAGE.table()



@register
class TheClock(Game):
    """The Clock (Lady Cadogan's): two packs; twelve foundations against the hours, twelve packets."""

    slug = "the-clock"
    name = "The Clock"
    #: Played out where its search leaves a deal unknown: the honest player's play, seeing every
    #: card, won 17 of the first 80 deals its study's search left unknown.
    PLAYS_OUT = True
    chapter = "the-clock"
    order = 9
    source = SOURCE
    plate = "009"
    packs = 2
    RULES = {
        "I": "When the circle is formed, the uppermost cards of each packet are available, and their "
        "removal releases as usual those beneath.",
        "II": "Marriages can only be made with cards in the circle, and not with those from the pack or "
        "talon.",
        "III": "Vacancies in the circle must be refilled with cards from the pack, but not from the talon; "
        "each packet must be refilled so as to contain not less than three cards.",
        "IV": "The twelve foundations must follow suit.",
        "Foundations": "Withdraw from the pack the twelve cards, as in Tableau No. 1, and place them in "
        "their exact order against the hours of the clock represented. These are the foundation cards, "
        "and are to ascend in sequence until each packet attains the hour of the clock against which it "
        "is placed.",
        "Marriages": "From this circle you first play all suitable cards (Rule I), and then marry in a "
        "descending line (Rule II), and then refill spaces (Rule III). This last should be done in order, "
        "from left to right, beginning at the numeral I, and all the packets refilled before proceeding "
        "again to play or to marry.",
        "Deal": "When all further progress is at an end, deal out the remaining cards; play all suitable "
        "ones, then marry and refill spaces, but be careful not to infringe Rule II.",
        "Talon": "The cards that cannot be so employed are laid aside in one packet, forming the talon, "
        "which can only be used to play on the foundations.",
        "Re-deal": "There is no re-deal.",
    }
    AVAILABILITY = ("I", "only the uppermost card of each packet is available")
    FACE_DOWN = ("pack",)
    #: A beam search makes one move between the piles a layer: every line of marriages between two
    #: cards dealt is too many to try (four wins in the first ten deals, against none).
    BEAM_REACH = 1
    OPTIONS = (
        Option(
            "deal_when",
            "any",
            "when the rest of the pack may be dealt to the talon: at 'any' time the packets hold three "
            "cards each, or only when 'stuck' (no card can be played or married: the book's “when all "
            "further progress is at an end”)",
            choices=("any", "stuck"),
        ),
    )

    #: Plate 009: tableau No. 1 shows the twelve foundation cards against the hours (read card by
    #: card: the evidence is in the chapter) and, dotted, one packet of three spread; tableau No. 2
    #: the clock finished.  The packets and the pack are not shown: here they are deal 9's, so that
    #: ``from_plate()`` is ``deal(seed=9)``.
    PLATE = """\
the-clock seed=9
pack: [9♦] [7♥] [K♠] [K♦] [Q♣] [A♣] [K♥] [A♥] [10♣] [5♠] [4♣] [4♥] [9♥] [Q♣] [4♦] [3♦] [Q♠] [10♦] \
[A♦] [9♠] [K♣] [J♥] [Q♠] [8♣] [4♠] [J♠] [5♣] [3♠] [6♠] [3♣] [K♠] [3♦] [3♣] [10♥] [A♣] [10♥] [3♥] \
[8♥] [Q♦] [A♦] [6♥] [5♠] [6♦] [Q♥] [A♠] [6♣] [9♣] [2♠] [2♣] [A♥] [J♦] [7♠] [7♣] [7♦] [6♥] [7♥]
foundation 1: 6♣
foundation 2: 7♠
foundation 3: 8♥
foundation 4: 9♦
foundation 5: 10♣
foundation 6: J♠
foundation 7: Q♥
foundation 8: K♦
foundation 9: 2♣
foundation 10: 3♠
foundation 11: 4♥
foundation 12: 5♦
packet 1: 5♥ J♣ 2♦
packet 2: 3♥ A♠ 6♠
packet 3: 2♠ 9♠ 7♦
packet 4: 8♠ 8♦ 2♥
packet 5: 8♣ Q♦ J♣
packet 6: 10♦ K♣ 4♦
packet 7: 10♠ 5♣ 8♦
packet 8: K♥ 5♥ 10♠
packet 9: 2♥ 4♠ 2♦
packet 10: 4♣ 5♦ J♥
packet 11: 6♦ J♦ 7♣
packet 12: 8♠ 9♥ 9♣
"""

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The pack and the talon, the twelve foundations (foundation 1 against I … foundation 12
        against XII), and the twelve packets of the circle, in the same order."""
        return ["pack", "talon", *FOUNDATIONS, *PACKETS]

    def foundation_rule(self, name: str) -> Foundation:
        return _RULES[name]

    @staticmethod
    def hour_of(name: str) -> int:
        """The hour a foundation or a packet stands against: 1 to 12."""
        return _HOUR[name]

    @staticmethod
    def hour_card(hour: int) -> str:
        """The card a foundation ends with: the hour's value in the suit of its first card."""
        return str(Card(Rank(hour), STARTS[hour - 1].suit))

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """As a foundation of its rule, and a foundation that has attained its hour takes nothing."""
        top = self.piles[name].top
        if top is not None and top.value == _HOUR[name]:
            return "complete"
        return super().foundation_fault(name, card)

    def short(self) -> list[str]:
        """The packets holding fewer than three cards, from I round to XII (the order of Rule III)."""
        piles = self.piles
        return [name for name in PACKETS if len(piles[name].cards) < PACKET]

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw the twelve cards of tableau No. 1 and place them against the hours, then deal the
        circle: twelve packets of three cards dealt together, from I round to XII; the other 56
        cards are the pack."""
        rest = list(cards)
        for name, start in zip(FOUNDATIONS, STARTS):
            card = next(c for c in rest if c == start)
            rest.remove(card)
            self.piles[name] = Pile((card,))
        for i, name in enumerate(PACKETS):
            self.piles[name] = Pile(tuple(rest[PACKET * i: PACKET * (i + 1)]))
        rest = rest[PACKET * HOURS:]
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        packets: Mapping[int, str],
        foundations: Mapping[int, str] | None = None,
        talon: str = "",
        pack: str = "",
        **options: Any,
    ) -> TheClock:
        """A position made of the packets that matter, for examples and tests.

        ``packets`` maps hours (1 to 12) to the cards of their packets, bottom first;
        ``foundations`` maps hours to the top card of their foundations (the others hold their
        first card only); ``talon`` lists the talon bottom first, ``pack`` the next cards to deal,
        the first first.  Every card not placed lies in the pack under them.

        >>> game = TheClock.arrange({1: "7♣ 9♥ 8♥"}, foundations={12: "7♦"}, talon="4♠", pack="2♥")
        >>> print(game.piles["packet 1"], "|", game.piles["foundation 12"], "|", game.piles["pack"].top)
        7♣ 9♥ 8♥ | 5♦ 6♦ 7♦ | 2♥
        """
        piles: dict[str, str] = {}
        for hour, text in packets.items():
            if hour not in range(1, HOURS + 1):
                raise InvalidPosition(f"no hour {hour!r} on the clock")
            piles[f"packet {hour}"] = text
        for hour in range(1, HOURS + 1):
            start = STARTS[hour - 1]
            top = Card.parse((foundations or {}).get(hour, str(start)))
            if top.suit != start.suit:
                raise InvalidPosition(f"the foundation of {NUMERALS[hour - 1]} is built in {start.suit.symbol}, "
                                      f"not to {top}")
            count = (top.value - start.value) % 13 + 1
            if count > (hour - start.value) % 13 + 1:
                raise InvalidPosition(f"the foundation of {NUMERALS[hour - 1]} ends at {cls.hour_card(hour)}")
            piles[f"foundation {hour}"] = " ".join(map(str, suit_run(start, top)))
        piles["talon"] = talon
        piles["pack"] = " ".join(f"[{c}]" for c in reversed(parse_cards(pack)))
        return super().arrange(piles, rest="pack", **options)

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        yield REFILL
        yield DEAL
        piles = self.piles
        sources = [name for name in PACKETS if piles[name].cards]
        if piles["talon"].cards:
            sources.append("talon")
        empty = [name for name in PACKETS if not piles[name].cards]
        for source in sources:
            card = piles[source].cards[-1]
            yield from self.foundation_moves(source, card)
            for target in PACKETS:
                if target != source and piles[target].cards:
                    yield Move("move", (card,), source, target, f"{card} → {piles[target].cards[-1]}")
            if empty:
                yield Move("move", (card,), source, empty[0], f"{card} → space")
        yield REDEAL

    def _takers(self) -> dict[Card, list[str]]:
        """The foundations that take each card now (each its next card in suit, the ace after the
        king, until it attains its hour), worked out again only when a foundation changes."""
        def work(piles: list[Pile]) -> dict[Card, list[str]]:
            takes: dict[Card, list[str]] = {}
            for name, pile in zip(FOUNDATIONS, piles):
                top = pile.cards[-1]
                if top.value != _HOUR[name]:
                    for card in ASCENDING.children(top):
                        takes.setdefault(card, []).append(name)
            return takes

        return self.worked_out("clock takers", FOUNDATIONS, work)

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves, in the order of :meth:`moves`, made directly: the refill while a packet
        is short and the pack holds cards, else the deal; then each packet's uppermost card and the
        talon's top card to the foundations that take it, and each packet's card married onto the
        uppermost card of another packet, one lower in its suit."""
        piles = self.piles
        tops = [(name, piles[name].cards[-1]) for name in PACKETS if piles[name].cards]
        short = len(tops) < HOURS or any(len(piles[name].cards) < PACKET for name, _ in tops)
        takers = self._takers()
        legal = self._pack_moves(bool(piles["pack"].cards), short, tops, takers)
        legal += self._circle_moves(tops, takers)
        talon = piles["talon"].cards
        if talon:
            legal += moves_up("talon", talon[-1], takers.get(talon[-1], []))
        return legal

    def _pack_moves(self, pack: bool, short: bool, tops: Sequence[tuple[str, Card]],
                    takers: Mapping[Card, list[str]]) -> list[Move]:
        """The move of the pack there is, if any: the refill while a packet is ``short`` of three
        (Rule III), else the deal (with ``deal_when=stuck`` only when nothing can be done)."""
        if not pack:
            return []
        if short:
            return [REFILL]
        if self.options.deal_when == "any" or not self._progress(tops, takers):
            return [DEAL]
        return []

    @staticmethod
    def _circle_moves(tops: Sequence[tuple[str, Card]], takers: Mapping[Card, list[str]]) -> list[Move]:
        """The moves of the packets' uppermost cards ``tops``: each to the foundations that take it,
        and married onto the uppermost card of another packet, one higher in its suit."""
        moves: list[Move] = []
        for source, card in tops:
            moves += moves_up(source, card, takers.get(card, []))
            for target, under in tops:
                if target != source and _MARRIES[under][card]:
                    moves.append(Move("move", (card,), source, target, f"{card} → {under}"))
        return moves

    @staticmethod
    def _progress(tops: Sequence[tuple[str, Card]], takers: Mapping[Card, list[str]]) -> bool:
        """Whether a card of the circle can be played or married (for ``deal_when=stuck``); the
        talon's top card counts as played too."""
        return any(card in takers or any(t != s and _MARRIES[u][card] for t, u in tops) for s, card in tops)

    # ------------------------------------------------------------------ the rules
    def violation(self, move: Move) -> IllegalMove | None:
        if move[0] == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if move[0] == "deal":
            return self._refill_violation() if move[4] == "refill" else self._deal_violation()
        piles = self.piles
        if move.kind != "move" or move.source not in piles or move.target not in piles or len(move.cards) != 1:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card, source, target = move.cards[0], move.source, move.target
        if source == "talon":
            if piles["talon"].top != card:
                return self.illegal(*self.TALON_RULE, card)
        elif source not in _HOUR or not source.startswith("packet") or piles[source].top != card:
            return self.illegal(*self.AVAILABILITY, card)
        if target.startswith("foundation"):
            return self._foundation_violation(target, card)
        if not target.startswith("packet") or target == source:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        under = piles[target].top
        if under is None:
            return self.illegal("III", "vacancies in the circle must be refilled with cards from the pack", card)
        if source == "talon":
            return self.illegal("II", "marriages can only be made with cards in the circle, and not with those "
                                "from the pack or talon", card, under)
        return self.explain(MARRIAGE.fault(under, card), marriage_reasons(MARRIAGE), card, under)

    def _foundation_violation(self, name: str, card: Card) -> IllegalMove | None:
        """Rule IV and the paragraph on the foundations: in suit, up to the hour."""
        fault = self.foundation_fault(name, card)
        top = self.piles[name].top or name
        if fault == "complete":
            return self.illegal("Foundations", "the packet has attained the hour of the clock against which it "
                                "is placed", card, top)
        reasons = {"must follow suit": ("IV", "the twelve foundations must follow suit"),
                   "*": ("Foundations", "the foundations ascend in sequence, the ace after the king")}
        return self.explain(fault, reasons, card, top)

    def _refill_violation(self) -> IllegalMove | None:
        if not self.short():
            return IllegalMove("III", "every packet holds three cards at least")
        if not self.piles["pack"].cards:
            return IllegalMove("III", "the pack is exhausted")
        return None

    def _deal_violation(self) -> IllegalMove | None:
        """The paragraph on the remaining cards: dealt when the packets are refilled (and, with
        ``deal_when=stuck``, when no card of the circle can be played or married)."""
        if not self.piles["pack"].cards:
            return IllegalMove("Deal", "the pack is exhausted")
        short = self.short()
        if short:
            return IllegalMove("III", "all the packets are refilled before proceeding", short[0])
        if self.options.deal_when == "stuck":
            piles = self.piles
            tops = [(name, piles[name].cards[-1]) for name in PACKETS]
            if self._progress(tops, self._takers()):
                return IllegalMove("Deal", "the remaining cards are dealt when all further progress is at an end")
        return None

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        if move[0] == "deal":
            if move[4] == "refill":
                piles = self.piles
                for name in PACKETS:
                    while len(piles[name].cards) < PACKET and piles["pack"].cards:
                        self.transfer("pack", name)
            else:
                self.transfer("pack", "talon")
            return
        self.transfer(move[2], move[3])

    # ------------------------------------------------------------ for solvers
    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move made after a card is dealt to the talon could have been made before it to the same
        effect when it does not use the talon and leaves its packet three cards at least (a packet
        short of three must be refilled before a card is dealt); after a refill none is taken for
        independent."""
        if pack_move[4] != "deal" or move[0] != "move" or move[2] == "talon":
            return False
        return len(self.piles[move[2]].cards) > PACKET

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out without a move: the foundations do not change along a run, so neither does
        what they take.  A refill tops the packets up from the pack in order from I, and every move
        after it counts as a use (:meth:`independent` takes none for independent); a deal changes
        nothing but the pack and the talon (it is made only when no packet is short, and the packets
        it leaves are what decides whether it may be made again), so after each the uses are the
        same moves of the packets that hold three cards, and the moves of the card it brings to the
        talon.  Every move takes a card from the pack, so no run comes back, and one move of the
        pack at most is legal.

        >>> from patience import load
        >>> game = load("the-clock", seed=1)
        >>> runs = game.pack_runs(DEAL)
        >>> [" ".join(map(str, run)) for run in runs[:2]], len(runs)
        (['deal 10♦ → foundation', 'deal J♣ → foundation'], 404)
        >>> next(" ".join(map(str, run)) for run in runs if run[-1].source == "talon")
        'deal deal deal deal Q♠ → foundation'
        """
        piles = self.piles
        pack = piles["pack"]
        packets = {name: piles[name].cards for name in PACKETS}
        tops = [(name, cards[-1]) for name, cards in packets.items() if cards]
        short = len(tops) < HOURS or any(len(cards) < PACKET for cards in packets.values())
        takers = self._takers()
        if first not in self._pack_moves(bool(pack.cards), short, tops, takers):
            return super().pack_runs(first)
        left = len(pack.cards)
        runs: list[tuple[Move, ...]] = []
        run: tuple[Move, ...] = ()
        if first == REFILL:
            for name, cards in packets.items():
                wanted = min(PACKET - len(cards), left)
                if wanted > 0:
                    packets[name] = cards + pack.cards[left - wanted:left][::-1]
                    left -= wanted
            tops = [(name, cards[-1]) for name, cards in packets.items() if cards]
            short = len(tops) < HOURS or any(len(cards) < PACKET for cards in packets.values())
            talon = piles["talon"].cards
            uses = self._circle_moves(tops, takers)
            if talon:
                uses += moves_up("talon", talon[-1], takers.get(talon[-1], []))
            refilled = {**piles, **{name: Pile(cards) for name, cards in packets.items()},
                        "pack": Pile(pack.cards[:left], min(pack.face_down, left))}
            run = (REFILL,)
            runs += runs_using(self, run, uses, lambda: refilled)
            following = self._pack_moves(bool(left), short, tops, takers)
            if not following:
                return runs
            first = following[0]  # the deal: no packet is short while the pack holds cards
        # _by_priority() looks at the source of a marriage only (a card of the talon can but go up),
        # and a deal changes no packet.
        circle = {**piles, **{name: Pile(cards) for name, cards in packets.items()}}
        kept = [move for move in self._circle_moves(tops, takers) if len(packets[move[2]]) <= PACKET]
        while len(run) < PACK_RUN and left:
            left -= 1
            card = pack.cards[left]
            run += (first,)
            runs += runs_using(self, run, kept + moves_up("talon", card, takers.get(card, [])), lambda: circle)
        return runs

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to the one foundation that takes it, from the talon (where nothing else can
        be done with it), or from a packet it leaves three cards at least (or with the pack
        exhausted) when every card one lower in its suit is on the foundations already: nothing
        can then be married on it, and playing it releases the card beneath as well as marrying it
        away would."""
        piles = self.piles
        pack = bool(piles["pack"].cards)
        out = None
        for move in moves:
            if move[0] != "move" or not move[3].startswith("foundation") or move[4].endswith(move[3]):
                continue
            card, source = move[1][0], move[2]
            if source == "talon":
                return move
            if pack and len(piles[source].cards) <= PACKET:
                continue
            if out is None:
                out = [c for name in FOUNDATIONS for c in piles[name].cards]
            lower = Card(Rank(card.value - 1), card.suit) if card.value > 1 else None
            if lower is None or out.count(lower) >= self.packs:
                return move
        return None

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every foundation has attained its hour: all 104 cards are on the clock."""
        piles = self.piles
        return all(piles[name].cards and piles[name].cards[-1].value == _HOUR[name] for name in FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules can have made: an empty list for a
        position a game can reach.

        - *The foundations.*  Each begins with its card of tableau No. 1 and ascends in its suit, the
          ace after the king, no further than its hour.
        - *The packets.*  While the talon holds cards the pack has been dealt from, so every packet
          was refilled before: none can be empty unless a card has left it since (no check can
          tell); only the pack lies face down.

        >>> TheClock.deal(seed=3).inconsistencies()
        []
        >>> game = TheClock.deal(seed=3)
        >>> game.piles["foundation 1"] = Pile.of("6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♣")
        >>> print(*game.inconsistencies(), sep="\\n")
        foundation 1 ascends beyond its hour
        """
        faults = self.foundation_inconsistencies()
        piles = self.piles
        for hour, name in enumerate(FOUNDATIONS, start=1):
            cards = piles[name].cards
            if not cards or cards[0] != STARTS[hour - 1]:
                faults.append(f"{name} does not begin with {STARTS[hour - 1]}")
            elif len(cards) > (hour - STARTS[hour - 1].value) % 13 + 1:
                faults.append(f"{name} ascends beyond its hour")
        if piles["pack"].face_down != len(piles["pack"]) or any(
                p.face_down for n, p in piles.items() if n != "pack"):
            faults.append("only the pack lies face down")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 009's clock: the twelve foundations against the hours (XII at the top), the
        packets round them, each spread downwards so that every card shows; the pack and the talon
        to the right."""
        centre = (7.2, 6.2)
        spots = []
        for (x, y), h in zip(ring(HOURS, 3.3, centre), [12, *range(1, HOURS)]):
            spots.append(Spot(f"foundation {h}", x, y, label=NUMERALS[h - 1]))
        for (x, y), h in zip(ring(HOURS, 6.6, centre), [12, *range(1, HOURS)]):
            spots.append(Spot(f"packet {h}", x, y - 0.45, fan="down"))
        spots += [Spot("pack", 14.8, 0.3, label="pack"), Spot("talon", 14.8, 1.9, label="talon")]
        return spots

    def table(self) -> str:
        """The clock as text: a line for each hour from I, with its foundation (first card → the card
        it ends with: top card) and its packet, bottom first; then the talon (its top card and how
        many it holds) and the pack."""
        piles = self.piles
        lines = []
        for h in range(1, HOURS + 1):
            found = f"{STARTS[h - 1]} → {self.hour_card(h)}: {piles[f'foundation {h}'].top}"
            packet = " ".join(map(str, piles[f"packet {h}"].cards)) or "--"
            lines.append(f"{NUMERALS[h - 1]:<5} {found:<16} | {packet}")
        talon, pack = piles["talon"], len(piles["pack"])
        lines.append(f"talon: {talon.top} of {len(talon)}" if talon.cards else "talon: empty")
        lines[-1] += f"; pack: {pack} cards" if pack else "; pack: exhausted"
        return "\n".join(lines)
