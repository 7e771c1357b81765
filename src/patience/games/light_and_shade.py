"""Light and Shade: two packs, foundations in alternate colours, fed only through the Auxiliaries.

Source: Lady Cadogan, *Illustrated Games of Solitaire or Patience* (1914),
"Light and Shade", plate 024.  Two packs.  The eight aces are withdrawn and
laid in a line; they are built up to kings in alternate colours, "red ace,
black deuce, red three, and so on" (Rule I).  Eight cards are dealt in two rows
of four: the Auxiliaries and, below them, the Rivals.  Cards of the Rivals are
placed on the Auxiliaries in descending sequences of alternate colours (Rule
II), and the sequences are played off to the foundations; a vacancy in the
Auxiliaries is filled from the Rivals, a vacancy in the Rivals from the pack or
the talon (Rule III).  The pack is dealt one card at a time to the talon (each
deal is a move, ``deal``), whose top card may fill a vacancy in the Rivals or,
in the engine's reading, go onto an Auxiliary's sequence
(``talon_to_auxiliaries=false`` lets it feed only the Rivals).  Nothing reaches
a foundation except from the Auxiliaries.  There is no re-deal.

The piles are ``pack`` (face down, the next card to deal on top), ``talon``,
``foundation 1`` … ``foundation 8`` (the aces in the plate's order of suits),
``auxiliary 1`` … ``auxiliary 4`` and ``rival 1`` … ``rival 4``.

>>> from patience import load
>>> game = load("light-and-shade", seed=1)
>>> [str(game.piles[f].top) for f in game.piles_of("foundation")]
['A♠', 'A♠', 'A♥', 'A♥', 'A♣', 'A♣', 'A♦', 'A♦']
>>> [len(game.piles[p]) for p in ("pack", "talon")]
[88, 0]
>>> plate = LightAndShade.from_plate()
>>> [str(plate.piles[a].top) for a in plate.piles_of("auxiliary")]
['10♠', '3♦', 'J♣', '9♠']
>>> [str(m) for m in plate.legal_moves()], str(plate.play("deal"))
(['deal'], 'deal')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, ClassVar

from ..build import Build, Foundation
from ..cards import CARDS, Card, Rank, Suit, parse_cards, whist_pack
from ..compiled import search_in_c
from ..errors import IllegalMove, InvalidPosition
from ..game import Game, Move, Pile, Spot, move_onto
from ..options import Option
from ..solve import runs_turning
from . import register

__all__ = ["AUXILIARIES", "FOUNDATIONS", "FOUNDATION_SUITS", "RIVALS", "LightAndShade"]

SOURCE = "Lady Cadogan, Illustrated Games of Solitaire or Patience (1914), “Light and Shade”"

#: The suits of the eight aces, left to right, "as in tableau" (plate 024): ♠ ♠ ♥ ♥ ♣ ♣ ♦ ♦.
FOUNDATION_SUITS = (Suit.SPADES, Suit.SPADES, Suit.HEARTS, Suit.HEARTS,
                    Suit.CLUBS, Suit.CLUBS, Suit.DIAMONDS, Suit.DIAMONDS)
FOUNDATIONS = tuple(f"foundation {i}" for i in range(1, 9))
AUXILIARIES = tuple(f"auxiliary {i}" for i in range(1, 5))
RIVALS = tuple(f"rival {i}" for i in range(1, 5))

#: Rule I: "The foundations ascend in sequence, but are formed in alternate colors".
ASCENDING = Foundation(Rank.ACE, Build("up", "alternate"))
#: Rule II: "Cards placed on the Auxiliaries descend in sequence, but must also alternate in color."
DESCENDING = Build("down", "alternate")

RULE_I = ("I", ("the foundations ascend in sequence, in alternate colours: red ace, black deuce, "
                "red three, and so on"))
FOUNDATION_REASONS = {
    "must alternate in colour": RULE_I,
    "must be next in sequence": ("I", "the foundations ascend in sequence"),
    "start": ("Foundations", "the eight aces, withdrawn from the pack, are the foundations"),
}
AUXILIARY_REASONS = {
    "must alternate in colour": ("II", "cards placed on the Auxiliaries must alternate in colour"),
    "*": ("II", "cards placed on the Auxiliaries descend in sequence"),
}
#: "It must be remembered that cards can only be played on the foundations from the Auxiliaries".
THROUGH_THE_AUXILIARIES = ("Auxiliaries", "cards are played on the foundations only from the Auxiliaries")
STAY = ("Sequences", "a card on the Auxiliaries leaves them only for a foundation")

#: Rule I as a table, ``ONTO_FOUNDATION[top][card]``: whether ``card`` goes on a foundation topped by ``top``.
ONTO_FOUNDATION = ASCENDING.build.table()
#: Rule I the other way round, ``FOUNDATION_TAKES[top]``: the cards (of one pack) a foundation topped by ``top`` takes.
FOUNDATION_TAKES = ASCENDING.build.children_table()


def _shade_of(value: int, red: bool) -> str:
    """A card by its value and colour alone (``'5r'``, ``'Kb'``); ``''`` for no card."""
    return f"{Rank(value).symbol}{'r' if red else 'b'}" if 1 <= value <= 13 else ""


#: Each card by its value and colour alone, by the card's code: the rules never name a suit once
#: the aces are laid (the moves and the solver's key go by these).
_SHADE = ("", *(_shade_of(c.value, c.is_red) for c in CARDS if c is not None))
#: The shade a foundation topped by each card takes next: one higher, of the other colour (Rule I).
FOUNDATION_WANTS = ("", *(_shade_of(c.value + 1, not c.is_red) for c in CARDS if c is not None))
#: The shade an Auxiliary topped by each card takes: one lower, of the other colour (Rule II).
AUXILIARY_WANTS = ("", *(_shade_of(c.value - 1, not c.is_red) for c in CARDS if c is not None))


@lru_cache(maxsize=1 << 16)
def _shade(cards: tuple[Card, ...]) -> str:
    """The cards of a pile by their values and colours (remembered: a search meets the same piles,
    the long talon above all, again and again)."""
    return "".join(map(_SHADE.__getitem__, cards))


DEAL = Move("deal", (), "pack", "talon", "deal")
REDEAL = Move("redeal", (), None, None, "redeal")

@register
class LightAndShade(Game):
    """Light and Shade: eight aces built up in alternate colours from four Auxiliaries, fed by four Rivals."""

    slug = "light-and-shade"
    name = "Light and Shade"
    chapter = "light-and-shade"
    order = 24
    source = SOURCE
    plate = "024"
    packs = 2
    #: The source's three numbered rules, then the paragraphs of PLAY a move can break,
    #: under the short names the engine cites.
    RULES = {
        "I": "The foundations ascend in sequence, but are formed in alternate colors: red ace, black "
        "deuce, red three, and so on.",
        "II": "Cards placed on the Auxiliaries descend in sequence, but must also alternate in color.",
        "III": "Vacancies in the Auxiliaries are filled by cards from the Rivals; vacancies in the Rivals, "
        "by cards from the pack or talon.",
        "Foundations": "Withdraw from the pack the eight aces, and place them in a horizontal line (the "
        "suits as in tableau). These are the foundation cards, which ascend in sequence to kings (Rule I).",
        "Deal": "Next deal out eight cards and place them above the foundations in two rows, four cards in "
        "each (see tableau). The upper row is called the Auxiliaries; the lower one, the Rivals.",
        "Sequences": "If any suitable cards are found in the Auxiliaries, play them, filling the spaces so "
        "made from the Rivals (Rule III). Cards from the Rivals may be placed in descending sequence on "
        "those of the Auxiliaries (Rule II), and the sequences so formed will be played as opportunity "
        "arises on to the foundations.",
        "Talon": "Continue to deal out the pack, playing, placing on the Auxiliaries, and refilling spaces "
        "according to rules--the non-suitable cards forming a talon.",
        "Auxiliaries": "It must be remembered that cards can only be played on the foundations from the "
        "Auxiliaries, and not straight from the Rivals or from the talon; cards from these must first pass "
        "into the Auxiliaries.",
        "Re-deal": "There is no re-deal.",
    }
    #: A card under the last card of an Auxiliary; a card buried in the talon, or still in the pack,
    #: is refused by the core's ``TALON_RULE`` and ``UNDEALT_RULE``.
    AVAILABILITY = ("Sequences", "a sequence on an Auxiliary is played off from its last card")
    UNDEALT_RULE = ("Talon", "the card has not been dealt yet")
    OPTIONS = (
        Option(
            "talon_to_auxiliaries",
            True,
            "whether a card of the talon may be placed straight on an Auxiliary (“cards from these must "
            "first pass into the Auxiliaries”; “Continue to deal out the pack, playing, placing on the "
            "Auxiliaries”), or reaches the Auxiliaries only through a vacancy in the Rivals (Rule III "
            "read strictly: the Auxiliaries are fed by the Rivals, the Rivals by the pack or talon)",
        ),
    )

    #: Plate 024, read card by card (the reading is in the chapter): the aces withdrawn and the
    #: eight cards just dealt.  The 88 cards of the pack are not on the plate: they are set in the
    #: order chosen in the chapter.
    PLATE: ClassVar[str | None] = None  # set below the class, from PLATE_AUXILIARIES, PLATE_RIVALS and PLATE_PACK

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        # Read once: the talon's card is offered to the Auxiliaries at every card of a run of the pack.
        self._talon_to_auxiliaries = bool(self.options.talon_to_auxiliaries)

    # ------------------------------------------------------------------ the piles
    def pile_names(self) -> list[str]:
        return ["pack", "talon", *FOUNDATIONS, *AUXILIARIES, *RIVALS]

    def foundation_rule(self, name: str) -> Foundation:
        return ASCENDING

    @classmethod
    def arrange(  # type: ignore[override]
        cls,
        auxiliaries: Sequence[str] = (),
        rivals: str = "",
        talon: str = "",
        foundations: str = "",
        pack: str = "",
        **options: Any,
    ) -> LightAndShade:
        """A position made of the cards that matter, for examples and tests.

        ``auxiliaries`` gives up to four sequences, each from its first card down (``""`` or
        ``"--"`` for a vacancy); ``rivals`` up to four cards, ``--`` for a vacancy; ``talon`` its
        cards, bottom first.  ``foundations`` names the top card of each of the eight foundations
        in order (``A♠`` for one not yet built on): the cards beneath it are taken from those left,
        of the colours Rule I asks for.  ``pack`` lists the next cards to deal, the next first;
        every card not placed lies in the pack under them, in new-pack order.

        >>> game = LightAndShade.arrange(["9♥ 8♣", "--", "K♠"], rivals="7♦ -- 5♠",
        ...                              foundations="3♠ A♠ 2♣")
        >>> print(game.piles["foundation 1"], "|", game.piles["foundation 3"], "|", game.piles["auxiliary 1"])
        A♠ 2♥ 3♠ | A♥ 2♣ | 9♥ 8♣
        >>> len(game.piles["pack"]), game.piles["rival 2"].is_empty
        (88, True)
        """
        piles: dict[str, str] = {}
        for name, text in zip(AUXILIARIES, auxiliaries):
            if text.strip() not in ("", "--"):
                piles[name] = text
        for name, token in zip(RIVALS, rivals.split()):
            if token != "--":
                piles[name] = token
        piles["talon"] = talon
        next_cards = parse_cards(pack) if pack.strip() else []
        pool = Counter(whist_pack(cls.packs))
        pool.subtract(Card.parse(t) for text in piles.values() for t in text.split())
        pool.subtract(next_cards)
        tops = foundations.split()
        if len(tops) > len(FOUNDATIONS):
            raise InvalidPosition(f"{cls.name} has {len(FOUNDATIONS)} foundations")
        tops += [f"A{suit.symbol}" for suit in FOUNDATION_SUITS[len(tops):]]
        for name, suit, top in zip(FOUNDATIONS, FOUNDATION_SUITS, tops):
            piles[name] = " ".join(map(str, _foundation_cards(suit, Card.parse(top), pool)))
        piles["pack"] = " ".join(f"[{c}]" for c in reversed(next_cards))
        return super().arrange(piles, rest="pack", **options)

    # ------------------------------------------------------------------ the deal
    def lay_out(self, cards: list[Card]) -> None:
        """Withdraw the eight aces and lay them in a line, suits as on the plate; deal four cards to
        the Auxiliaries and four to the Rivals, left to right; the rest is the pack, face down."""
        aces = [c for c in cards if c.rank == Rank.ACE]
        for name, suit in zip(FOUNDATIONS, FOUNDATION_SUITS):
            ace = next(c for c in aces if c.suit == suit)
            aces.remove(ace)
            self.piles[name] = Pile((ace,))
        rest = [c for c in cards if c.rank != Rank.ACE]
        for name, card in zip(AUXILIARIES + RIVALS, rest):
            self.piles[name] = Pile((card,))
        rest = rest[len(AUXILIARIES + RIVALS):]
        self.piles["pack"] = Pile(tuple(reversed(rest)), len(rest))

    # ------------------------------------------------------------------ moves
    def moves(self) -> Iterable[Move]:
        """Candidate moves: the deal and the re-deal; each Auxiliary's last card to the foundations
        and onto another Auxiliary; each Rival and the talon's top card to the foundations, onto an
        Auxiliary or into its vacancy, and into a Rival's place."""
        yield DEAL
        yield REDEAL
        for source in AUXILIARIES:
            card = self.piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            for target in AUXILIARIES:
                if target != source:
                    yield self._move(card, source, target)
        for source in (*RIVALS, "talon"):
            card = self.piles[source].top
            if card is None:
                continue
            yield from self.foundation_moves(source, card)
            for target in (*AUXILIARIES, *RIVALS):
                if target != source:
                    yield self._move(card, source, target)

    def generate_legal_moves(self) -> list[Move]:
        """The moves of :meth:`moves` that the rules allow, in the same order, made directly: an
        Auxiliary's last card to the foundations that take it (named, as
        :meth:`Game.foundation_moves` names them, when two that differ would), a Rival onto an
        Auxiliary one higher of the other colour or into its vacancy, and the talon's top card onto
        an Auxiliary (unless the option forbids it) or into a vacancy of the Rivals.

        >>> game = LightAndShade.from_plate()
        >>> game.legal_moves() == [m for m in game.moves() if game.violation(m) is None]
        True
        """
        piles = self.piles
        moves: list[Move] = [DEAL] if piles["pack"].cards else []
        # Rule I: the shades the foundations take next; only the Auxiliaries feed them.
        takes, vacancies, rivals = self._places({FOUNDATION_WANTS[piles[name].cards[-1]] for name in FOUNDATIONS},
                                                moves)
        # A Rival goes onto an Auxiliary or into its vacancy (in the Auxiliaries' order) ...
        for source in RIVALS:
            cards = piles[source].cards
            if not cards:
                continue
            card = cards[-1]
            targets: Sequence[tuple[str, Card | None]] = takes.get(_SHADE[card], ())
            if vacancies:
                targets = sorted([*targets, *vacancies], key=itemgetter(0))
            for target, under in targets:
                moves.append(move_onto((card,), source, target, under.text if under else target))
        # ... and the talon's top card onto an Auxiliary (unless the option forbids it) or into a
        # vacancy of the Rivals.
        cards = piles["talon"].cards
        if cards:
            moves += self._talon_moves(cards[-1], takes, rivals)
        return moves

    def _places(self, wanted: set[str] | None = None, founding: list[Move] | None = None) -> tuple[
            dict[str, list[tuple[str, Card]]], list[tuple[str, Card | None]], list[str]]:
        """Where cards may go between the piles: the Auxiliaries by the shade each takes, with their
        last cards (Rule II); their vacancies, which take a Rival; and the vacancies of the Rivals,
        which take the talon's card (Rule III).  Given the shades the foundations take next,
        ``wanted``, the moves of the Auxiliaries' cards up are added to ``founding`` on the way."""
        piles = self.piles
        takes: dict[str, list[tuple[str, Card]]] = {}
        vacancies: list[tuple[str, Card | None]] = []
        for name in AUXILIARIES:
            cards = piles[name].cards
            if cards:
                card = cards[-1]
                takes.setdefault(AUXILIARY_WANTS[card], []).append((name, card))
                if wanted and _SHADE[card] in wanted and founding is not None:
                    founding += self._founding(name, card)
            else:
                vacancies.append((name, None))
        return takes, vacancies, [name for name in RIVALS if not piles[name].cards]

    def _talon_moves(self, card: Card, takes: Mapping[str, Sequence[tuple[str, Card]]],
                     rivals: Sequence[str]) -> list[Move]:
        """The moves of ``card``, the talon's top card: onto the Auxiliaries that take its shade
        (``takes``: each with its last card, by the shade it takes; unless ``talon_to_auxiliaries``
        is off), then into the vacancies of the Rivals, ``rivals`` (Rule III)."""
        moves = []
        if self._talon_to_auxiliaries:
            for target, under in takes.get(_SHADE[card], ()):
                moves.append(move_onto((card,), "talon", target, under.text))
        for target in rivals:
            moves.append(move_onto((card,), "talon", target, target))
        return moves

    def _founding(self, source: str, card: Card) -> list[Move]:
        """The moves of ``card``, the last card of the Auxiliary ``source``, to the foundations that
        take it (Rule I), named as :meth:`Game.foundation_moves` names them: ``→ foundation`` when
        one takes it, or the foundations that differ by name; of two alike, the first."""
        piles = self.piles
        takers: list[tuple[str, Pile]] = []
        for name in FOUNDATIONS:
            pile = piles[name]
            if ONTO_FOUNDATION[pile.cards[-1]][card] and not any(pile == other for _, other in takers):
                takers.append((name, pile))
        if len(takers) == 1:
            return [move_onto((card,), source, takers[0][0], "foundation")]
        return [move_onto((card,), source, name, name) for name, _ in takers]

    # ------------------------------------------------------------ for solvers
    INTERCHANGEABLE = ("auxiliary", "rival", "foundation")
    #: The thoughtful search, written in C (``games/_light_and_shade_search.c``; :meth:`description`), and
    #: the positions it may visit where no budget is given (a few seconds of it).
    SEARCH_IN_C = search_in_c("games._light_and_shade_search")
    NODES_IN_C = 2_000_000
    #: The searches again (:meth:`~patience.game.Game.restarts`), each with the moves in another order.  They
    #: win little: the choices that matter (which cards to leave on the talon) come early in a deal, and
    #: neither a longer search nor one in another order reaches back to them.  Of deals 1 to 96, a first
    #: search of 1,000,000 positions won none of 1 to 48, and sixty-four searches again of 10,000, or
    #: sixteen of 50,000, won one (deal 48, which seven of the sixty-four won); 256 of 5,000, eight of
    #: 200,000 won the same one, 1,024 of 500 none.  (A beam of 100 won 33 of them.)
    RESTARTS = ((32, 10_000),)

    def progress(self) -> int:
        """The cards on the foundations, their aces among them."""
        piles = self.piles
        return sum([len(piles[name].cards) for name in FOUNDATIONS])

    def foundation_takers(self, distinct_suits: bool = True) -> dict[int, list[str]]:
        """The foundations that take each card now, as :meth:`Game.foundation_takers` gives them (a
        beam's scoring asks it of every card it sees), remembered for each lie of the foundations:
        each foundation is begun from the start, its ace laid, and takes the cards Rule I lets lie on
        its top card; of foundations that hold the same cards (all lie face up), only the first is
        named.  No foundation is ever empty, so ``distinct_suits`` changes nothing.

        >>> game = LightAndShade.deal(seed=1)
        >>> game.foundation_takers() == Game.foundation_takers(game)
        True
        """
        piles = self.piles
        return _foundation_takers(tuple([piles[name].cards for name in FOUNDATIONS]))

    def solver_key(self) -> tuple[Any, ...]:
        """The position for a search, each card by its value and colour alone (no rule of the game
        names a suit once the aces are laid: the foundations and the Auxiliaries go by colour), the
        Auxiliaries, the Rivals and the foundations each in a fixed order (the rules treat the
        piles of each row alike; a foundation by the colour of its ace and its length), the talon,
        and the pack by its length (it only ever gives up its top card, so within one game its
        length tells what it holds).

        >>> game = LightAndShade.arrange(["9♥ 8♣"], rivals="7♦ 5♠")
        >>> twin = LightAndShade.arrange(["--", "9♦ 8♠"], rivals="-- 7♥ -- 5♣")
        >>> twin.solver_key() == game.solver_key(), twin.state_key() == game.state_key()
        (True, False)
        """
        piles = self.piles
        # The rules treat the piles of each row alike (INTERCHANGEABLE): each row in a fixed order.
        auxiliaries = sorted([_shade(piles[n].cards) for n in AUXILIARIES])
        rivals = sorted([_shade(piles[n].cards) for n in RIVALS])
        foundations = sorted([(cards[0].is_red, len(cards)) for cards in [piles[n].cards for n in FOUNDATIONS]])
        return (tuple(auxiliaries), tuple(rivals), tuple(foundations), _shade(piles["talon"].cards),
                len(piles["pack"].cards))

    def description(self) -> tuple[Any, ...]:
        """The position and the rules as the search in C reads them: the pack (bottom first: the next
        card to deal last), the talon (bottom first), the Auxiliaries, the Rivals and the foundations,
        each a tuple of their cards (bottom first), the foundations' table of builds (Rule I) and the
        Auxiliaries' (Rule II) (:meth:`Build.table_bytes`), and the option ``talon_to_auxiliaries``.

        >>> game = LightAndShade.deal(seed=1)
        >>> pack, talon, auxiliaries, rivals, foundations, ascends, descends, to_auxiliaries = game.description()
        >>> len(pack), talon, [len(a) for a in auxiliaries], [len(r) for r in rivals]
        (88, b'', [1, 1, 1, 1], [1, 1, 1, 1])
        >>> foundations[0] == bytes(game.piles["foundation 1"].cards), len(ascends), len(descends), to_auxiliaries
        (True, 2809, 2809, True)
        """
        piles = self.piles
        return (bytes(piles["pack"].cards), bytes(piles["talon"].cards),
                tuple(bytes(piles[name].cards) for name in AUXILIARIES),
                tuple(bytes(piles[name].cards) for name in RIVALS),
                tuple(bytes(piles[name].cards) for name in FOUNDATIONS),
                ASCENDING.build.table_bytes(), DESCENDING.table_bytes(), self._talon_to_auxiliaries)

    def useful_moves(self) -> list[Move]:
        """The legal moves less those that lead to the position another already leads to (as
        :meth:`solver_key` sees it): the same value and colour moved from piles of one kind that
        hold the same, to piles of one kind that hold the same (two vacancies, two foundations at
        the same height on aces of one colour, two equal Rivals)."""
        legal = self.legal_moves()
        return legal if len(legal) < 2 else self._distinct(legal)

    def _distinct(self, moves: Iterable[Move]) -> list[Move]:
        """Of ``moves``, those that lead to a position none before them leads to (see
        :meth:`useful_moves`)."""
        piles = self.piles
        seen: set[tuple[Any, ...]] = set()
        useful: list[Move] = []
        for move in moves:
            kind, cards, source, target, _ = move
            if kind == "move":
                key = (_SHADE[cards[0]], source[:3], _shade(piles[source].cards),
                       target[:3], _shade(piles[target].cards))
                if key in seen:
                    continue
                seen.add(key)
            useful.append(move)
        return useful

    def safe_move(self, moves: Sequence[Move]) -> Move | None:
        """A card played to a foundation when the four cards that could be placed on it (one lower,
        of the other colour: Rule II) have gone up already.

        Those four are the cards that the four foundations able to take this card need just before
        it (Rule I), so each of these foundations stands at the card below it or higher, and one
        waits for a card of its value and colour until one comes: if a winning line plays another
        such card there first, another of these foundations takes it instead.  Nothing can be
        placed on the card, and a card of the Auxiliaries leaves them only for a foundation, so
        the line can play it up at once and make every other move it made: the only difference
        is the card gone (and perhaps a vacancy in the Auxiliaries, which no move must fill).
        """
        foundations = None
        for move in moves:
            kind, cards, _, target, _ = move
            if kind == "move" and target is not None and target.startswith("foundation"):
                if foundations is None:
                    foundations = [self.piles[name].cards for name in FOUNDATIONS]
                card = cards[0]
                lower = card.value - 1
                # The foundations that take this card: aces of its colour for an odd card, else of the other.
                red = card.is_red == (lower % 2 == 0)
                reached = sum(1 for pile in foundations if pile[0].is_red == red and len(pile) >= lower)
                if reached >= 2 * self.packs:
                    return move
        return None

    def independent(self, pack_move: Move, move: Move) -> bool:
        """A move that does not take the card just dealt (the top of the talon) could have been made
        before it was dealt: the pack may be dealt at any time, and no other move needs or changes
        the pack or the talon."""
        return pack_move.kind == "deal" and move.kind == "move" and move.source != "talon"

    def pack_runs(self, first: Move) -> list[tuple[Move, ...]] | None:
        """Worked out on the pack alone (:func:`~patience.solve.runs_turning`, a card at a time, with
        no re-deal): a deal changes only the pack and the talon, so after each deal the card dealt
        has the moves onto the Auxiliaries and into the Rivals that they, as they lie, give it, less
        those :meth:`useful_moves` leaves out (onto piles alike).

        >>> game = LightAndShade.deal(seed=1)
        >>> [" ".join(map(str, run)) for run in game.pack_runs(DEAL)][:2]
        ['deal deal 10♦ → J♠', 'deal deal deal 3♣ → 4♦']
        """
        takes, _, rivals = self._places()
        return runs_turning(self, first, "pack", "talon", 1, lambda in_pack, on_talon, _: [DEAL] if in_pack else [],
                            lambda card: self._distinct(self._talon_moves(card, takes, rivals)))

    def _move(self, card: Card, source: str, target: str) -> Move:
        """A card moved onto the top card of ``target``, or into its vacancy (named by the pile)."""
        under = self.piles[target].top
        return Move("move", (card,), source, target, f"{card} → {under or target}")

    # ---------------------------------------------------------------- violations
    def violation(self, move: Move) -> IllegalMove | None:
        if move.kind == "deal":
            return None if self.piles["pack"].cards else IllegalMove("Talon", "the pack is exhausted")
        if move.kind == "redeal":
            return IllegalMove("Re-deal", "there is no re-deal")
        if (move.kind != "move" or move.source not in self.piles or move.target not in self.piles
                or len(move.cards) != 1 or move.source == move.target):
            return IllegalMove("Play", f"{self.name} has no move {move}")
        card, source, target = move.cards[0], move.source, move.target
        top = self.piles[source].top
        if source == "pack":
            return self.illegal(*self.UNDEALT_RULE, card)
        if source in FOUNDATIONS:
            return self.illegal(*self.STAYS["foundation"], card)
        if top != card or top.pack != card.pack:
            return self.illegal(*(self.TALON_RULE if source == "talon" else self.AVAILABILITY), card)
        if target in FOUNDATIONS:
            if source not in AUXILIARIES:
                return self.illegal(*THROUGH_THE_AUXILIARIES, card)
            return self.explain(self.foundation_fault(target, card), FOUNDATION_REASONS,
                                card, self.piles[target].top or target)
        if source in AUXILIARIES:
            return self.illegal(*STAY, card)
        if target in AUXILIARIES:
            return self._auxiliary_violation(source, target, card)
        if target in RIVALS:
            return self._rival_violation(source, target, card)
        return IllegalMove("Play", f"{self.name} has no move {move}")

    def _auxiliary_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """Rules II and III: a vacancy takes a Rival; a sequence takes the next lower card of the
        other colour, from the Rivals (or from the talon, unless ``talon_to_auxiliaries`` is off)."""
        under = self.piles[target].top
        if under is None:
            if source != "talon":
                return None
            return self.illegal("III", "vacancies in the Auxiliaries are filled by cards from the Rivals",
                                card, target)
        if source == "talon" and not self.options.talon_to_auxiliaries:
            return self.illegal("III", "cards from the pack or talon pass into the Auxiliaries only "
                                       "through the Rivals", card, under)
        return self.explain(DESCENDING.fault(under, card), AUXILIARY_REASONS, card, under)

    def _rival_violation(self, source: str, target: str, card: Card) -> IllegalMove | None:
        """Rule III: a vacancy in the Rivals is filled from the pack or talon; a Rival is one card."""
        under = self.piles[target].top
        if under is not None:
            return self.illegal("III", "a Rival is a single card: only a vacancy in the Rivals is filled",
                                card, under)
        if source != "talon":
            return self.illegal("III", "vacancies in the Rivals are filled by cards from the pack or talon",
                                card, target)
        return None

    def foundation_for(self, card: Card) -> str:
        """The foundation ``card → foundation`` means: the first that takes the card; else the first
        whose top card is of the other colour, so that a refusal names the sequence, not the colour."""
        for name in FOUNDATIONS:
            if self.foundation_fault(name, card) is None:
                return name
        top_colours = [(name, self.piles[name].top) for name in FOUNDATIONS]
        return next((name for name, top in top_colours if top is not None and top.is_red != card.is_red),
                    FOUNDATIONS[0])

    # ------------------------------------------------------------------ apply
    def apply(self, move: Move) -> None:
        self.transfer(move[2], move[3])

    @property
    def is_won(self) -> bool:
        """Every card on the foundations: eight sequences from the ace to the king."""
        piles = self.piles
        return all(len(piles[f].cards) == 13 for f in FOUNDATIONS)

    def inconsistencies(self) -> list[str]:
        """What in this position no game played by the rules (and the options) can have made: an
        empty list for a position a game can reach.

        - *What has been dealt.*  The eight aces are withdrawn and eight cards dealt to the two rows
          before the pack is laid down, so the pack holds 88 cards at most (there is no re-deal: it
          only ever gives up its top card to the talon).
        - *Which places may be empty.*  No foundation: each is its ace from the start.  An
          Auxiliary, a Rival, the talon and the pack may be empty at any time.
        - *What may lie where.*  The foundations are the eight aces in the plate's order of suits
          (♠ ♠ ♥ ♥ ♣ ♣ ♦ ♦), each built up in sequence in alternate colours (Rule I); each Auxiliary
          is a descending sequence in alternate colours (Rule II: a vacancy takes one card, a sequence
          only the next lower of the other colour); a Rival is a single card (Rule III).

        >>> LightAndShade.deal(seed=1).inconsistencies()
        []
        >>> game = LightAndShade.arrange(["9♥ 8♦", "K♠", "Q♥", "J♠"], rivals="7♣ 5♦ 4♠ 3♥")
        >>> for fault in game.inconsistencies():
        ...     print(fault)
        Rule II: auxiliary 1 is not a descending sequence in alternate colours (8♦ on 9♥)
        """
        faults = []
        piles = self.piles
        first = len(whist_pack(self.packs)) - len(FOUNDATIONS) - len(AUXILIARIES + RIVALS)
        if len(piles["pack"].cards) > first:
            faults.append(f"eight cards are dealt to the rows before the pack, so it holds {first} "
                          f"cards at most, not {len(piles['pack'].cards)}")
        for name, suit in zip(FOUNDATIONS, FOUNDATION_SUITS):
            cards = piles[name].cards
            if not cards or cards[0] != Card(Rank.ACE, suit):
                faults.append(f"{name} begins with {cards[0] if cards else 'nothing'}, not the ace of "
                              f"{suit.name.lower()}")
            elif any(ASCENDING.build.fault(a, b) is not None for a, b in zip(cards, cards[1:])):
                faults.append(f"Rule I: {name} is out of sequence")
        for name in AUXILIARIES:
            cards = piles[name].cards
            wrong = DESCENDING.first_break(cards)
            if wrong is not None:
                faults.append(f"Rule II: {name} is not a descending sequence in alternate colours "
                              f"({wrong[1]} on {wrong[0]})")
        for name in RIVALS:
            if len(piles[name].cards) > 1:
                faults.append(f"Rule III: {name} holds {len(piles[name].cards)} cards, not one")
        return faults

    # ------------------------------------------------------------------ picture
    def layout(self) -> list[Spot]:
        """Plate 024's arrangement: the pack at the top (the talon beside it), the line of aces, the
        Auxiliaries below them (their sequences fanned downwards) and the Rivals below those.  The
        book's text puts the two rows above the foundations; the plate draws them below."""
        from ..render import fan_height

        spots = [Spot("pack", 2.9, 0, label="pack"), Spot("talon", 4.1, 0, label="talon")]
        spots += [Spot(name, float(i), 1.25) for i, name in enumerate(FOUNDATIONS)]
        longest = max(len(self.piles[a]) for a in AUXILIARIES)
        rivals_y = round(2.5 + fan_height(longest) + 0.25, 3)
        for i, (aux, rival) in enumerate(zip(AUXILIARIES, RIVALS)):
            x = round(1.4 * (i + 1), 3)
            spots.append(Spot(aux, x, 2.5, fan="down"))
            spots.append(Spot(rival, x, rivals_y, fan="down"))  # one card: "down" only aligns the text
        return spots


@lru_cache(maxsize=1 << 12)
def _foundation_takers(foundations: tuple[tuple[Card, ...], ...]) -> dict[int, list[str]]:
    """The foundations that take each card, by its code, given the cards of the eight foundations
    (for :meth:`LightAndShade.foundation_takers`; remembered, as a search comes back to the same
    foundations again and again: not to be changed)."""
    takers: dict[int, list[str]] = {}
    met: set[tuple[Card, ...]] = set()
    for name, cards in zip(FOUNDATIONS, foundations):
        if cards in met:
            continue
        met.add(cards)
        for card in FOUNDATION_TAKES[cards[-1]]:
            takers.setdefault(card, []).append(name)
    return takers


def _foundation_cards(suit: Suit, top: Card, pool: Counter[Card]) -> list[Card]:
    """A foundation on the ace of ``suit`` built up to ``top``, its cards taken from ``pool``: each of
    the colour Rule I asks for, of the ace's own suit where one is left, else of the other suit of that
    colour.

    >>> from patience.cards import whist_pack
    >>> " ".join(map(str, _foundation_cards(Suit.HEARTS, Card.parse("5♥"), Counter(whist_pack(2)))))
    'A♥ 2♠ 3♥ 4♠ 5♥'
    >>> _foundation_cards(Suit.HEARTS, Card.parse("4♦"), Counter(whist_pack(2)))
    Traceback (most recent call last):
    ...
    patience.errors.InvalidPosition: 4♦ cannot top a foundation on the ace of hearts (Rule I)
    """
    ace = Card(Rank.ACE, suit)
    if top.is_red != (ace.is_red == (top.value % 2 == 1)) or (top.value == 1 and top.suit != suit):
        raise InvalidPosition(f"{top} cannot top a foundation on the ace of {suit.name.lower()} (Rule I)")
    cards = []
    for value in range(1, top.value + 1):
        red = ace.is_red == (value % 2 == 1)
        suits = sorted((s for s in Suit if s.is_red == red), key=lambda s: s != suit)
        wanted = [top] if value == top.value else [Card(Rank(value), s) for s in suits]
        pick = next((c for c in wanted if pool[c] > 0), None)
        if pick is None:
            raise InvalidPosition(f"no {' or '.join(map(str, wanted))} is left for the foundation")
        pool[pick] -= 1
        cards.append(pick)
    return cards


#: Plate 024's two rows, left to right: the Auxiliaries (the upper row, next to the aces on the
#: plate) and the Rivals.  The reading, with how sure each card is, is in the chapter; re-read
#: pip by pip, the ten and the nine of the Auxiliaries and the five of the Rivals are spades (their
#: pips have a spade's stem and no heart's cleft), first read as the 10♥, 9♥ and 5♥.
PLATE_AUXILIARIES = "10♠ 3♦ J♣ 9♠"
PLATE_RIVALS = "2♦ 8♣ 7♦ 5♠"

#: The 88 cards of the pack on the plate, the next to deal first.  The plate does not show them:
#: they are the other cards of the two packs in new-pack order, shuffled with seed 7, the first seed
#: with which a search that sees every card (a beam of 30 positions, ``patience solve light-and-shade
#: --plate --width 30``) wins the game from the plate's position.  Chosen again when the three
#: spades were re-read: for the first reading, with the 10♥, 9♥ and 5♥, it was seed 9.
PLATE_PACK = """\
K♦ K♠ 10♣ 7♦ 4♦ 7♣ 9♣ 9♥ 5♦ K♦ J♥ 8♥ 3♣ 7♣ 4♣ 6♠ 8♥ Q♠ J♦ 6♥ J♠ 7♠ 6♦ 7♥ 9♦ 3♠ J♣ 4♦ 4♥ J♥
10♥ 3♣ 10♦ 5♣ 3♥ 5♣ Q♣ 5♦ 2♣ 2♠ 8♠ K♣ 2♠ 9♣ 9♥ 4♠ 4♠ 2♥ 6♠ 7♥ Q♥ K♣ 4♥ Q♥ 10♥ 8♠ 6♣ J♦ Q♣ 9♠
6♥ 8♦ 2♣ 4♣ 3♠ 5♥ 8♦ K♥ 6♦ Q♦ K♥ 10♦ 2♥ 10♣ J♠ 3♦ 7♠ 5♥ Q♦ K♠ 10♠ 9♦ Q♠ 2♦ 5♠ 3♥ 8♣ 6♣
"""


def _plate_position() -> str:
    game = LightAndShade.arrange(PLATE_AUXILIARIES.split(), rivals=PLATE_RIVALS, pack=PLATE_PACK)
    game.seed = 0
    return str(game)


LightAndShade.PLATE = _plate_position()
