"""The Queens: two packs; a key of thirty-two cards, a shutter of seven, queens that pay.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"The Queens", plate 029.  Thirty-two cards are laid face up in a packet on the
left: the *key*.  Only its uppermost card is available (Rule II), and it may go
only to the foundations (Rule III).  A queen on top of the key, as it is laid,
sends fourteen cards, herself included, from the top of the key to the bottom
of the pack (Rule IV).  Seven cards are then dealt in two rows of four and three:
the *shutter*; kings that turn up while it is dealt go to the row above, where
the eight kings are the foundations, built in suit through the aces to the
queens (Rule I).  The cards of the shutter marry downwards in suit, with one
another and with the cards of the pack or the talon; a space in the shutter is
refilled at once from the pack.  The pack is dealt card by card; a card not
used goes to the talon, whose top card is available.  When the pack is
exhausted, each queen placed in the talon in that deal pays three cards from
the bottom of the talon (Rule V): those cards are a fresh pack, dealt in the
same way.

Dealing a card, and the paying of the queens at the end of a deal (``redeal``),
are moves, so a whole game is a replayable record.

>>> from patience import load
>>> game = load("the-queens", seed=2)
>>> len(game.piles["key"]), len(game.piles["pack"]), game.piles["key"].top
(32, 65, Card.parse('8♣'))
>>> print(TheQueens.from_plate().table())
foundations: -- -- -- -- -- -- -- --
shutter: A♥ · 6♥ · J♦ · 3♦ | 8♦ · Q♦ · 9♣
key: 7♠ (32 cards)
pack: 65 cards · talon: empty
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ..build import Build, Foundation, marriage_reasons
from ..cards import Card, Rank, Suit, parse_cards, shuffled, whist_pack
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto, moves_up, normalise_notation
from ..options import Option
from . import register

__all__ = ["TheQueens", "KEY", "PAY_KEY", "PAY_TALON"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “The Queens”"

#: "Take from the pack thirty-two cards ... This packet is called the key."
KEY = 32
#: Rule IV: "fourteen for each queen including herself".
PAY_KEY = 14
#: Rule V: "three for each queen exclusive of herself".
PAY_TALON = 3
#: "you next proceed to deal seven cards, placing them in two rows of four and three cards".
SHUTTER = tuple(f"shutter {i}" for i in range(1, 8))
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
#: Rule I and the foundations: "The eight kings are the foundations, which ascend through aces to
#: queens"; the ace follows the king.
FOUNDATION = Foundation(Rank.KING, Build("up", "same", wrap=True))
#: "Cards on the shutter can marry in descending line": a marriage is made in suit (the book's terms).
MARRIAGE = Build("down", "same")
MARRY = MARRIAGE.table()
MARRIAGE_REASONS = marriage_reasons(MARRIAGE)

DEAL = Move("deal", (), "pack", "talon", "deal")
REDEAL = Move("redeal", (), "talon", "pack", "redeal")

FOUNDATION_REASONS = {
    "must follow suit": ("I", "the foundations follow suit"),
    "start": ("Foundations", "the eight kings are the foundations"),
    "*": ("Foundations", "the foundations ascend in sequence through aces to queens"),
}

#: The plate's shutter, the row of four then the row of three, left to right, and the card on top
#: of the key (the reading, card by card, is in the chapter).
PLATE_SHUTTER = "A♥ 6♥ J♦ 3♦ 8♦ Q♦ 9♣"
PLATE_KEY_TOP = "7♠"
#: The seed that orders the cards the plate does not show (the key under its top card and the pack).
PLATE_SEED = 29


@register
class TheQueens(Game):
    """The Queens: two packs; the key, the shutter, eight king foundations and queens that pay."""

    slug = "the-queens"
    name = "The Queens"
    chapter = "the-queens"
    order = 29
    source = SOURCE
    plate = "029"
    packs = 2
    RULES = {
        "I": "The foundations follow suit.",
        "II": "The uppermost card of the key is alone available until its removal releases the card "
        "beneath; each card that is played releasing the one that it covered.",
        "III": "Cards from the key can only be played on the foundations and may not be placed on the shutter.",
        "IV": "The cards in payment of the queens are taken from the top of the key (fourteen for each "
        "queen including herself).",
        "V": "The cards in payment of the queens are taken from the bottom of the talon (three for each "
        "queen exclusive of herself).",
        "Foundations": "If during the dealing of these any kings appear, place them in a row above. The "
        "eight kings are the foundations, which ascend through aces to queens (Rule I).",
        "Shutter": "When the shutter is dealt, play from it any suitable cards, refilling the spaces at once",
        "Marriages": "Cards on the shutter can marry in descending line with each other, or with cards "
        "from the pack or talon.",
        "Deal": "When you have married or played all available cards, deal out the remainder of the pack, "
        "playing, marrying, and refilling spaces; the unsuitable cards forming a talon.",
        "Talon": "the unsuitable cards forming a talon.",
    }
    AVAILABILITY = ("Shutter", "only the uppermost card of a place of the shutter is available")
    FACE_DOWN = None
    #: ``redeals``: the fresh packs paid for so far; ``earlier``: the cards at the bottom of the talon
    #: placed there before the deal now going on (the queens above them are this deal's).
    COUNTERS = ("redeals", "earlier")
    INTERCHANGEABLE = ("foundation", "shutter")
    OPTIONS = (
        Option(
            "key_queens",
            "deal",
            "when a queen on top of the key pays fourteen cards to the bottom of the pack (Rule IV): "
            "only as the key is laid out ('deal', as PLAY tells it), or also whenever play uncovers a "
            "queen there ('play')",
            choices=("deal", "play"),
        ),
        Option(
            "with_queens",
            False,
            "at the end of a deal, the queens that pay go into the fresh pack with their three cards "
            "each (“three cards besides herself”); by default they stay in the talon, and the fresh pack "
            "is the three cards a queen from the bottom of the talon (“eighteen cards exclusive of the "
            "six queens”)",
        ),
        Option(
            "spaces",
            "any",
            "a space in the shutter once the pack is exhausted: any available card but the key's may "
            "fill it ('any'), or it stays empty till a fresh pack refills it ('pack')",
            choices=("any", "pack"),
        ),
    )

    # ---------------------------------------------------------------- the piles
    def pile_names(self) -> list[str]:
        """The foundations, the shutter (its row of four, then its row of three), the key, the
        pack (face down, its next card on top) and the talon (its first card at the bottom)."""
        return [*FOUNDATIONS, *SHUTTER, "key", "pack", "talon"]

    def foundation_rule(self, name: str) -> Foundation:
        return FOUNDATION

    def foundation_fault(self, name: str, card: Card) -> str | None:
        """Why the foundation ``name`` does not take ``card``: a foundation of thirteen cards,
        king to queen, is complete."""
        if len(self.piles[name].cards) == 13:
            return "complete"
        return FOUNDATION.fault(self.piles[name].cards, card)

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card]) -> None:
        """Lay the first thirty-two cards as the key, the last of them on top; pay its queens
        (Rule IV); deal the shutter, each king to the row above; the rest is the pack."""
        key = cards[:KEY]
        pack = tuple(reversed(cards[KEY:]))
        self.piles["key"] = Pile(tuple(key), len(key) - 1)
        self.piles["pack"] = Pile(pack, len(pack))
        self._pay_key()
        kings = 0
        for name in SHUTTER:
            while True:
                pack_pile = self.piles["pack"]
                card = pack_pile.cards[-1]
                self.piles["pack"] = pack_pile.without(1)
                if card.rank != Rank.KING:
                    self.piles[name] = Pile((card,))
                    break
                self.piles[FOUNDATIONS[kings]] = Pile((card,))
                kings += 1

    @classmethod
    def from_shutter(cls, shutter: str, key_top: str, seed: int = 0, **options: Any) -> TheQueens:
        """The position of a game just laid out, written as on a plate: the seven cards of the
        shutter (the row of four, then the row of three) and the card on top of the key; the other
        cards (the key under its top card, and the pack) in the order that ``seed`` shuffles them.

        >>> game = TheQueens.from_shutter("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠", "9♠", seed=1)
        >>> print(game.table())
        foundations: -- -- -- -- -- -- -- --
        shutter: 2♠ · 3♠ · 4♠ · 5♠ | 6♠ · 7♠ · 8♠
        key: 9♠ (32 cards)
        pack: 65 cards · talon: empty
        """
        row, top = parse_cards(shutter), Card.parse(key_top)
        if len(row) != len(SHUTTER) or any(c.rank == Rank.KING for c in row) or top.rank == Rank.QUEEN:
            raise InvalidPosition("the shutter is seven cards and no king, and the key's top card no queen")
        rest = whist_pack(2)
        for card in [*row, top]:
            if card not in rest:
                raise InvalidPosition(f"too many {card} for two packs")
            rest.remove(card)
        rest = shuffled(rest, seed)
        game = cls(**options)
        game.seed = seed
        key = (*rest[:KEY - 1], top)
        pack = tuple(reversed(rest[KEY - 1:]))
        game.piles["key"] = Pile(key, KEY - 1)
        game.piles["pack"] = Pile(pack, len(pack))
        for name, card in zip(SHUTTER, row):
            game.piles[name] = Pile((card,))
        return cls.from_position(str(game))

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        shutter: Sequence[str],
        foundations: str = "",
        key: str = "",
        talon: str = "",
        pack: str = "",
        earlier: int = 0,
        **options: Any,
    ) -> TheQueens:
        """A position made of the piles that matter, for examples and tests.

        ``shutter`` gives the seven places of the shutter, each bottom first (``""``: a space);
        ``foundations`` the top card of each foundation begun (``"K♥ 3♠"``: the king of hearts alone,
        and a foundation of spades from its king up to the three); ``key`` the key, bottom first;
        ``talon`` the talon, its first card first; ``pack`` the next cards to deal, the next first;
        ``earlier`` how many cards of the talon were placed before this deal.  Every other card
        lies in the pack, under the cards given.

        >>> game = TheQueens.arrange(["5♥", "", "", "", "", "", ""], foundations="3♥", pack="4♥")
        >>> print(game.table())
        foundations: 3♥ -- -- -- -- -- -- --
        shutter: 5♥ · -- · -- · -- | -- · -- · --
        key: empty
        pack: 99 cards · talon: empty
        """
        if len(shutter) != len(SHUTTER):
            raise InvalidPosition(f"give the {len(SHUTTER)} places of the shutter")
        piles = {name: text for name, text in zip(SHUTTER, shutter)}
        for name, top in zip(FOUNDATIONS, parse_cards(foundations)):
            count = 1 if top.rank == Rank.KING else top.value + 1
            piles[name] = " ".join(str(Card(Rank((12 + i) % 13 + 1), top.suit)) for i in range(count))
        keyed = key.split()
        piles["key"] = " ".join([f"[{c}]" for c in keyed[:-1]] + keyed[-1:])
        piles["talon"] = talon
        piles["pack"] = " ".join(f"[{c}]" for c in reversed(pack.split()))
        game = super().arrange(piles, rest="pack", **options)
        game.counters["earlier"] = earlier
        return cls.from_position(str(game))

    # ------------------------------------------------------------------ the queens
    def _pay_key(self) -> None:
        """Rule IV: while a queen lies on top of the key, she and the cards under her, fourteen in
        all (or all that remain), go to the bottom of the pack: the packet is turned face down and
        put under it, so that the queen is the very last card of the pack."""
        piles = self.piles
        key = piles["key"]
        while key.cards and key.cards[-1].rank == Rank.QUEEN:
            packet = key.cards[-PAY_KEY:]
            key = key.without(len(packet)).turned_up()
            pack = piles["pack"]
            piles["pack"] = Pile(tuple(reversed(packet)) + pack.cards, len(pack.cards) + len(packet))
        piles["key"] = key

    def queens_to_pay(self) -> int:
        """The queens placed in the talon in this deal and lying there still: each pays three
        cards when the pack is exhausted (Rule V)."""
        talon = self.piles["talon"].cards
        return sum(1 for c in talon[self.counters["earlier"]:] if c.rank == Rank.QUEEN)

    def payment(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The fresh pack the queens pay for (Rule V), in the order it will be dealt, and the
        talon left: three cards a queen from the bottom of the talon, or all that remain (with
        ``with_queens``, the queens that pay go too, after the cards they pay for)."""
        talon = self.piles["talon"].cards
        earlier = self.counters["earlier"]
        queens = [i for i in range(earlier, len(talon)) if talon[i].rank == Rank.QUEEN]
        owed = PAY_TALON * len(queens)
        if not self.options.with_queens:
            return talon[:owed], talon[owed:]
        paying = set(queens)
        others = [i for i in range(len(talon)) if i not in paying]
        taken = set(others[:owed]) | paying
        fresh = tuple(talon[i] for i in others[:owed]) + tuple(talon[i] for i in queens)
        return fresh, tuple(c for i, c in enumerate(talon) if i not in taken)

    # ------------------------------------------------------------------ moves
    def sources(self) -> list[str]:
        """The piles whose top card is available: the key (Rule II), the talon, the shutter."""
        return ["key", "talon", *SHUTTER]

    def moves(self) -> Iterable[Move]:
        """Dealing the next card, paying the queens (``redeal``), then the top card of the key,
        the talon and each place of the shutter, to the foundations and onto each place of the
        shutter (a space is written ``space`` when it is the only one)."""
        yield DEAL
        yield REDEAL
        piles = self.piles
        spaces = [name for name in SHUTTER if not piles[name].cards]
        for source in self.sources():
            card = piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            for target in SHUTTER:
                if target == source:
                    continue
                under = piles[target].top
                where = under.text if under is not None else "space" if len(spaces) == 1 else target
                yield Move("move", (card,), source, target, f"{card.text} → {where}")

    def _takers(self) -> dict[int, list[str]]:
        """The foundations that take each card now, by its code, as :meth:`foundation_moves` offers
        them (of two alike, only the first): an empty one a king, another the next card of its
        suit, the ace after the king, none when complete."""
        return self.worked_out("takers", FOUNDATIONS, _work_out_takers)

    def generate_legal_moves(self) -> list[Move]:
        """The legal moves in the order of :meth:`moves`, made directly.

        >>> game = TheQueens.from_plate()
        >>> game.legal_moves() == [m for m in game.moves() if game.violation(m) is None]
        True
        """
        piles = self.piles
        pack = piles["pack"].cards
        moves: list[Move] = []
        if pack:
            moves.append(DEAL)
        elif self.queens_to_pay() and piles["talon"].cards:
            moves.append(REDEAL)
        takers = self._takers()
        tops = [(name, piles[name].cards) for name in SHUTTER]
        spaces = [name for name, cards in tops if not cards]
        fill = not pack and self.options.spaces == "any" or bool(pack)
        for source in ("key", "talon", *SHUTTER):
            cards = piles[source].cards
            if not cards:
                continue
            card = cards[-1]
            moves += moves_up(source, card, takers.get(card, []))
            if source == "key":
                continue  # Rule III
            for target, there in tops:
                if target == source:
                    continue
                if there:
                    under = there[-1]
                    if MARRY[under][card]:
                        moves.append(move_onto((card,), source, target, under.text))
                elif fill:
                    where = "space" if len(spaces) == 1 else target
                    moves.append(move_onto((card,), source, target, where))
        return moves

    def violation(self, move: Move) -> IllegalMove | None:
        piles = self.piles
        if move.kind == "deal":
            return None if piles["pack"].cards else IllegalMove("Deal", "the pack is exhausted")
        if move.kind == "redeal":
            if piles["pack"].cards:
                return IllegalMove("V", "the queens are paid when the pack is exhausted")
            if not self.queens_to_pay() or not piles["talon"].cards:
                return IllegalMove("V", "no queen placed in the talon in this deal is there to pay")
            return None
        if move.kind != "move" or move.source not in self.sources() or move.target not in piles \
                or not move.cards:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card, source, target = move.cards[0], move.source, move.target
        if len(move.cards) != 1 or piles[source].top != card:
            if source == "key":
                return self.illegal("II", "the uppermost card of the key is alone available", card)
            if source == "talon":
                return self.illegal(*self.TALON_RULE, card)
            return self.illegal(*self.AVAILABILITY, card)
        if target.startswith("foundation"):
            fault = self.foundation_fault(target, card)
            if fault == "complete":
                return self.illegal("Foundations", "the foundations ascend to queens, and this one is complete",
                                    card, piles[target].top or target)
            return self.explain(fault, FOUNDATION_REASONS, card, piles[target].top or target)
        if target not in SHUTTER or target == source:
            return IllegalMove("Play", f"{self.name} has no move {move}")
        if source == "key":
            return self.illegal("III", "cards from the key can only be played on the foundations", card)
        under = piles[target].top
        if under is None:
            if not piles["pack"].cards and self.options.spaces == "pack":
                return self.illegal("Shutter", "a space is refilled from the pack", card, "space")
            return None
        return self.explain(MARRIAGE.fault(under, card), MARRIAGE_REASONS, card, under)

    def parse_move(self, text: str) -> Move:
        """The move ``text`` names; a card buried in the key is refused by Rule II."""
        try:
            return super().parse_move(text)
        except IllegalMove as exc:
            if exc.rule != self.AVAILABILITY[0]:
                raise
            card = Card.parse(normalise_notation(text).split()[0])
            if card in self.piles["key"].cards and not any(card in self.piles[n].cards for n in SHUTTER):
                raise self.illegal("II", "the uppermost card of the key is alone available", card) from None
            raise

    def aliases(self, move: Move) -> set[str]:
        names = super().aliases(move)
        if move.kind == "move" and move.target in SHUTTER and not self.piles[move.target].cards:
            names.add(f"{move.cards[0]} → space")
        return names

    # ----------------------------------------------------------- doing a move
    def apply(self, move: Move) -> None:
        kind, _, source, target, _ = move
        piles = self.piles
        if kind == "deal":
            self.transfer("pack", "talon")
        elif kind == "redeal":
            fresh, rest = self.payment()
            piles["pack"] = Pile(tuple(reversed(fresh)), len(fresh))
            piles["talon"] = Pile(rest)
            self.counters["redeals"] += 1
            self.counters["earlier"] = len(rest)
        else:
            self.transfer(source, target, turn_up=source == "key")
            if source == "talon":
                if len(piles["talon"].cards) < self.counters["earlier"]:
                    self.counters["earlier"] = len(piles["talon"].cards)
            elif source == "key" and self.options.key_queens == "play":
                self._pay_key()
        if piles["pack"].cards:
            self._refill()

    def _refill(self) -> None:
        """Fill each space of the shutter at once from the pack, in order."""
        piles = self.piles
        for name in SHUTTER:
            if not piles[name].cards and piles["pack"].cards:
                pack = piles["pack"]
                piles[name] = Pile(pack.cards[-1:])
                piles["pack"] = pack.without(1)

    # ------------------------------------------------------------ the result
    @property
    def is_won(self) -> bool:
        """Every foundation complete, king to queen."""
        return self.complete(FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What no game played by the rules can have made (an empty list for a reachable position).

        - The foundations begin with a king and ascend in suit through the ace to the queen.
        - The key holds thirty-two cards at most; it lies face up, its cards under the top one
          hidden; the pack lies face down; the talon and the shutter face up.
        - A place of the shutter holds one card dealt, with a marriage on it (each card one lower
          in suit than the one it covers); while the pack holds cards no place is empty.
        - No more cards of the talon were placed before this deal than it holds.

        >>> TheQueens.deal(seed=3).inconsistencies()
        []
        >>> game = TheQueens.arrange(["9♥ 7♥", "", "", "", "", "", ""])
        >>> game.inconsistencies()
        ['shutter 1 is not a marriage on its first card', 'the shutter has a space while the pack holds cards (shutter 2)']
        """
        piles = self.piles
        faults = self.foundation_inconsistencies()
        for name in FOUNDATIONS:
            if len(piles[name].cards) > 13:
                faults.append(f"{name} goes on beyond its queen")
        key, pack = piles["key"], piles["pack"]
        if len(key.cards) > KEY:
            faults.append(f"the key holds {len(key.cards)} cards, more than {KEY}")
        if key.cards and key.face_down != len(key.cards) - 1:
            faults.append("the key shows a card other than its top one, or hides its top one")
        if pack.face_down != len(pack.cards):
            faults.append("a card of the pack lies face up")
        if any(piles[n].face_down for n in (*FOUNDATIONS, *SHUTTER, "talon")):
            faults.append("a card lies face down outside the key and the pack")
        for name in SHUTTER:
            cards = piles[name].cards
            if any(not MARRY[a][b] for a, b in zip(cards, cards[1:])):
                faults.append(f"{name} is not a marriage on its first card")
        spaces = [name for name in SHUTTER if not piles[name].cards]
        if spaces and pack.cards:
            faults.append(f"the shutter has a space while the pack holds cards ({spaces[0]})")
        if self.counters["earlier"] > len(piles["talon"].cards) or self.counters["earlier"] < 0:
            faults.append("more cards of the talon are counted as placed before this deal than it holds")
        return faults

    # ------------------------------------------------------------ for solvers
    def useful_moves(self) -> list[Move]:
        """The legal moves less those that lead where another leads: a card into a second space of
        the shutter, and the only card of a place moved into a space."""
        piles = self.piles
        useful = []
        spaced = set()
        for move in self.legal_moves():
            target = move[3]
            if move[0] == "move" and target in SHUTTER and not piles[target].cards:
                source = move[2]
                if source in spaced or (source in SHUTTER and len(piles[source].cards) == 1):
                    continue
                spaced.add(source)
            useful.append(move)
        return useful

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when nothing can ever marry on it: an ace, or a card whose
        two cards one lower in its suit are on the foundations already.  (Not a queen from the
        talon: she may be owed a payment.)"""
        piles = self.piles
        for move in moves:
            target = move[3]
            if move[0] != "move" or not target.startswith("foundation"):
                continue
            card = move[1][0]
            if card.rank == Rank.QUEEN and move[2] == "talon":
                continue
            if card.rank == Rank.ACE:
                return move
            if card.rank == Rank.KING:
                continue
            # a foundation holds the card one lower when it is that high: K is 1 card, A 2, 2 3 ...
            need = card.value  # the number of cards of a foundation up to the card one lower
            if sum(1 for f in FOUNDATIONS if piles[f].cards and piles[f].cards[0].suit == card.suit
                   and len(piles[f].cards) >= need) >= 2:
                return move
        return None

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 029's arrangement: the row of eight foundations above, the shutter's row of four and
        row of three below it, each place fanned down for its marriages, the key at the bottom left;
        the pack and the talon, which the plate does not show, at the bottom right."""
        from ..render import fan_height

        piles = self.piles
        spots = [Spot(name, i, 0) for i, name in enumerate(FOUNDATIONS)]
        first = 1.25
        spots += [Spot(name, 2 + i, first, fan="down") for i, name in enumerate(SHUTTER[:4])]
        second = first + fan_height(max(len(piles[n].cards) for n in SHUTTER[:4])) + 0.25
        spots += [Spot(name, 2.5 + i, second, fan="down") for i, name in enumerate(SHUTTER[4:])]
        bottom = second + fan_height(max(len(piles[n].cards) for n in SHUTTER[4:])) + 0.25
        spots.append(Spot("key", 0.5, bottom, label="key"))
        spots.append(Spot("pack", 6, bottom, label="pack"))
        spots.append(Spot("talon", 7, bottom, label="talon"))
        return spots

    def table(self) -> str:
        """The position as text: the foundations' top cards; the shutter's row of four and row of
        three, each place bottom first, the places parted by dots; the key's top card; the pack and
        the last five cards of the talon, its top card last."""
        piles = self.piles
        tops = " ".join(str(piles[f].top or "--") for f in FOUNDATIONS)
        places = [" ".join(c.text for c in piles[n].cards) or "--" for n in SHUTTER]
        key = piles["key"]
        talon = piles["talon"]
        pack = len(piles["pack"])
        lines = [
            f"foundations: {tops}",
            f"shutter: {' · '.join(places[:4])} | {' · '.join(places[4:])}",
            f"key: {key.top} ({len(key)} card{'s' if len(key) > 1 else ''})" if key.cards else "key: empty",
            (f"pack: {pack} cards" if pack else "pack: exhausted")
            + " · talon: " + (" ".join(c.text for c in talon.cards[-5:]) if talon.cards else "empty")
            + (f" ({len(talon)} cards)" if len(talon) > 5 else ""),
        ]
        return "\n".join(lines)


def _work_out_takers(piles: list[Pile]) -> dict[int, list[str]]:
    """:meth:`TheQueens._takers` for the foundation piles ``piles``, in order."""
    takers: dict[int, list[str]] = {}
    seen: set[Pile] = set()
    for name, pile in zip(FOUNDATIONS, piles):
        if pile in seen:
            continue
        seen.add(pile)
        cards = pile.cards
        if not cards:
            wanted: Iterable[Card] = [Card(Rank.KING, suit) for suit in Suit]
        elif len(cards) == 13:
            continue
        else:
            top = cards[-1]
            wanted = [Card(Rank.ACE, top.suit) if top.rank == Rank.KING else Card(Rank(top.value + 1), top.suit)]
        for card in wanted:
            takers.setdefault(card, []).append(name)
    return takers


TheQueens.PLATE = str(TheQueens.from_shutter(PLATE_SHUTTER, PLATE_KEY_TOP, PLATE_SEED))
