"""The games' searches in C (``src/patience/games/_<game>_search.c``, on the core's search written once in
``_search.h``) are the core's search, made faster: on positions of every reading of each game (played at
random from deals, and laid out at random, as random play rarely leaves some), their moves are the
engine's legal and useful moves, the steps they try are the steps the core's search tries
(:func:`patience.solve._children`), in the same order, and they prove a position lost where the game's
``blocked()`` does; their keys merge the positions that the game's ``solver_key`` merges and no others;
and their searches end as the core's do, in the same number of positions, with the same line.  (Their
verdicts on small end-games are held to a plain exhaustive search with every other game's, in
``tests/test_verdicts.py``; ``tests/games/test_differential.py`` holds every game's own search to the
core's on its deals, in every variant of its options.)"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache, partial
from types import ModuleType
from typing import Any

import pytest

from patience import load
from patience.cards import CARDS, Card, Rank, Suit, piquet_pack
from patience.compiled import NOWHERE, extension, piles_named
from patience.game import Game, Move, Pile
from patience.games.babette import FOUNDATIONS as BABETTE_FOUNDATIONS, GARDEN as BABETTE_GARDEN, Babette
from patience.games.canfield import BUILDS_ON, COLUMNS, FOUNDATIONS, Canfield
from patience.games.demon import FILE_NAMES as DEMON_FILES, Demon
from patience.games.la_belle_lucie import HouseInTheWood, HouseOnTheHill, LaBelleLucie
from patience.games.light_and_shade import (AUXILIARIES as SHADE_AUXILIARIES, DESCENDING as SHADE_DESCENDING,
                                             FOUNDATIONS as SHADE_FOUNDATIONS, RIVALS as SHADE_RIVALS,
                                             LightAndShade)
from patience.games.la_nivernaise import (ASCENDING as NIVERNAISE_ASCENDING, DESCENDING as NIVERNAISE_DESCENDING,
                                          FLANKS as NIVERNAISE_FLANKS, LINE as NIVERNAISE_LINE, LaNivernaise)
from patience.games.fortress import FOUNDATIONS as FORTRESS_FOUNDATIONS, ROWS, Fortress
from patience.games.napoleon_at_st_helena import (COLUMN_NAMES as ST_HELENA_COLUMNS,
                                                  FOUNDATION_NAMES as ST_HELENA_FOUNDATIONS, MARRIAGE as WEDDED,
                                                  NapoleonAtStHelena)
from patience.games.napoleons_square import (FOUNDATION_NAMES as NAPOLEON_FOUNDATIONS, PACKET_NAMES as NAPOLEON_PACKETS,
                                             NapoleonsSquare)
from patience.games.tens import BUILDS as TENS_BUILDS, FILE_NAMES as TENS_FILES, Tens
from patience.games.the_flower_garden import BEDS, FOUNDATIONS as GARDEN_FOUNDATIONS, GARDEN, TheFlowerGarden
from patience.games.the_four_corners import (DEAL_ORDER as FOUR_CORNERS_PACKETS,
                                           FOUNDATIONS as FOUR_CORNERS_FOUNDATIONS, TheFourCorners)
from patience.games.the_fourteenth import FOURTEEN, PLACES as SQUARE_PLACES, TheFourteenth
from patience.games.the_kings import ACE_SUITS as KINGS_ACES, FOUNDATIONS as KINGS_FOUNDATIONS, ROWS as KINGS_ROWS, TheKings
from patience.games.the_labyrinth import FOUNDATIONS as LABYRINTH_FOUNDATIONS, TABLEAU, TheLabyrinth
from patience.games.the_nation import MARRIAGE as NATION_MARRIAGE, TheNation
from patience.games.the_idiots_delight import (ALTERNATE_DOWN, FILE_NAMES, FOUNDATION_NAMES,
                                               TheIdiotsDelight)
from patience.games.the_fifteen import MARRIAGE as IN_SUIT_ONE_OFF, SIXTH_ROW, TheFifteen
from patience.games.the_empress_of_india import (ARMY, FOUNDATIONS as EMPRESS_FOUNDATIONS, NAVY, SEQUENCES,
                                                 TheEmpressOfIndia)
from patience.games.the_blockade import TheBlockade
from patience.games.the_constitution import (ACE_SUITS as RING, DIVISIONS, FOUNDATIONS as CONSTITUTION_FOUNDATIONS,
                                             ON as IN_SEQUENCE, ROWS as DIVISION_ROWS, TheConstitution, _left_over)
from patience.games.the_olga import FOUNDATIONS as OLGA_FOUNDATIONS, PIQUET_ORDER, PLACES as BED, TheOlga
from patience.games.the_square import (FOUNDATION_NAMES as SQUARE_FOUNDATIONS, PACKET_NAMES as SQUARE_PACKETS,
                                       TheSquare, next_rank)
from patience.games.the_shah import ACE_SUITS, FOUNDATIONS as SHAH_FOUNDATIONS, PLACES, QUEENS, TheShah
from patience.games.the_wheel import CIRCLE, CUSHION, TheWheel, makes_eighteen
from patience.games.the_zodiac import (ACE_FOUNDATIONS, EQUATOR, KING_FOUNDATIONS, MARRIAGE, ZODIAC as ZODIAC_PACKETS,
                                       TheZodiac)
from patience.games.two_rings import (BRACELET as TWO_RINGS_BRACELET, FOUNDATIONS as TWO_RINGS_FOUNDATIONS,
                                      SEVENS as TWO_RINGS_SEVENS, SIXES as TWO_RINGS_SIXES, TwoRings)
from patience.solve import NODES, _children, _search, solve


def random_play(spec: str, seed: int, moves: int = 120) -> list[Any]:
    """The positions of a game of ``spec`` played at random from deal ``seed``."""
    game, rng = load(spec, seed=seed), random.Random(seed)
    positions = [game.copy()]
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
        positions.append(game.copy())
    return positions


def numbered(game: Game, move: Move) -> tuple[int, ...]:
    """A move as the search in C writes it: its source's and target's numbers (NOWHERE for none: The
    Empress of India's deal), its cards and the code of the first (for none, its place among the legal
    moves of no cards between the same piles: Napoleon's Square's deal and re-deal); then, for a move that
    names several piles (The Wheel's combination, The Fourteenth's exchange, The Fifteen's withdrawal, its source and target their
    names joined by commas), the others' numbers, its source's then its target's; and, where the search
    names kinds (The Fourteenth's pair and exchange), its kind's place among them."""
    names = game.pile_names()
    first, to, *others = piles_named(move)
    card = move.cards[0] if move.cards else [m for m in game.legal_moves() if not m.cards and
                                             (m.source, m.target) == (move.source, move.target)].index(move)
    kinds = named_kinds(type(game))
    return (NOWHERE if first is None else names.index(first), NOWHERE if to is None else names.index(to),
            len(move.cards), card, *(names.index(name) for name in others),
            *(() if kinds is None else (kinds.index(move.kind),)))


@cache
def named_kinds(cls: type[Game]) -> tuple[str, ...] | None:
    """The kinds of move the search in C of ``cls`` names, if it names them (its extension is the first
    argument its SEARCH_IN_C, made by search_in_c, is given)."""
    search = cls.SEARCH_IN_C
    return getattr(search.args[0], "NAMED_KINDS", None) if isinstance(search, partial) else None


def as_step(game: Game, step: Sequence[Move]) -> tuple[int, ...]:
    """A step of the core's search as the search in C writes it: the moves of the pack, then the move."""
    return (len(step) - 1, *numbered(game, step[-1]))


def moves_and_steps_are_the_engines(c: ModuleType, games: Iterable[Any]) -> int:
    """On each of ``games``, the extension's legal and useful moves are the engine's (but those of the
    pack), and its steps the core's search's, in the same order, with the pack first or not; and it
    proves the position lost where the game does.  The steps compared."""
    compared = 0
    for game in games:
        description = game.description()
        legal = [(0, *numbered(game, m)) for m in game.legal_moves() if m.kind not in game.PACK_KINDS]
        useful = [(0, *numbered(game, m)) for m in game.useful_moves() if m.kind not in game.PACK_KINDS]
        assert c.moves(description, False) == legal, game
        assert c.moves(description, True) == useful, game
        assert c.blocked(description) == (game.blocked() is not None), game
        for pack_first in (False, True):
            steps = [as_step(game, step) for step in _children(game, None, pack_first)]
            assert c.children(description, pack_first) == steps, game
            compared += len(steps)
    return compared


def keys_merge_what_the_solver_key_merges(c: ModuleType, games: Iterable[Any],
                                                 rearranged: Callable[[Any], Any]) -> int:
    """Along one game, ``games`` (a key is of a position within one search, whose pack began as the
    deal's), the extension's keys are equal where the positions' solver keys are, and only there; and
    the same with the piles that the key takes as a set put in another order (``rearranged``).  The
    positions told apart."""
    keys: dict[Any, int] = {}
    for game in games:
        key = keys.setdefault(game.solver_key(), c.key(game.description()))
        assert c.key(game.description()) == key
        assert c.key(rearranged(game).description()) == key
    assert len(set(keys.values())) == len(keys)
    return len(keys)


def searches_end_as_the_cores(search: Callable[..., Any], starts: Iterable[Game], nodes: int) -> int:
    """From each of ``starts``, the search ends as the core's (outcome, line, positions), with the pack
    first or not; in a shuffled order the two differ, but never on a verdict (from every other start).  The
    searches decided."""
    decided = 0
    for i, game in enumerate(starts):
        for pack_first in (False, True):
            core = _search(game.copy(), nodes, None, None, None, 0.0, pack_first=pack_first)
            assert search(game.copy(), nodes, None, None, None, 0.0, pack_first=pack_first) == core, (game, pack_first)
            decided += core[0] != "unknown"
        if i % 2:
            continue
        again = search(game.copy(), 20 * nodes, None, None, None, 0.0, order=random.Random(1))
        first = search(game.copy(), 20 * nodes, None, None, None, 0.0)
        assert "unknown" in (again[0], first[0]) or again[0] == first[0]
    return decided


def budgets_and_progress(search: Callable[..., Any], game: Game) -> None:
    """From ``game`` (not decided within 10,000 positions), the search stops at its budget of
    positions, reports its progress every 4,096, and stops at once with no time left."""
    said: list[tuple[int, float]] = []
    outcome, line, count = search(game.copy(), 10_000, None, None, lambda n, s: said.append((n, s)), 0.0)
    assert (outcome, line, count) == ("unknown", [], 10_000)
    assert [n for n, _ in said] == [4096, 8192] and said[0][1] <= said[1][1]
    outcome, _, count = search(game.copy(), 10 ** 9, 0.0, None, None, 0.0)
    assert outcome == "unknown" and count <= 64


def threads_search_as_one(search: Callable[..., Any], deals: Sequence[Game], nodes: int) -> None:
    """The search lets other threads run Python while it works: two at once share nothing."""

    def searched(game: Game) -> tuple[str, int, int]:
        outcome, line, count = search(game.copy(), nodes, None, None, None, 0.0)
        return outcome, count, len(line)

    alone = [searched(game) for game in deals]
    with ThreadPoolExecutor(2) as pool:
        assert list(pool.map(searched, deals)) == alone


def searches_longer_without_a_budget(game: Game, outcome: str, positions: int) -> None:
    """``game`` is decided (``outcome`` after ``positions``) where no budget is given, as its search
    visits more positions than the core's default (:meth:`~patience.game.Game.search_nodes`), and left
    unknown by a first search within the core's default (the searches again after it are another matter)."""
    assert (game.search_nodes() or 0) > NODES["thoughtful"]
    found = solve(game)
    assert (found.outcome, found.nodes) == (outcome, positions)
    search = game.own_search()
    assert search is not None and search(game.copy(), NODES["thoughtful"], None, None, None, 0.0)[0] == "unknown"


# ----------------------------------------------------------------- positions laid out
def demon_laid_out(spec: str, rng: random.Random) -> Demon:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: formations built
    to random heights, files in sequence with vacancies (when the heap is out), a heap of 0 to 13
    cards, the pack split at random between the hand and the talon, a card used in the pass or not."""
    options = load(spec).options.changed()
    base, heights = rng.randint(1, 13), [rng.randint(0, 7) for _ in range(4)]
    heights[0] = max(heights[0], 1)

    def card(suit: int, i: int) -> Card:
        return CARDS[13 * suit + (base + i - 1) % 13 + 1]  # type: ignore[return-value]

    out = {card(s, i) for s in range(4) for i in range(heights[s])}
    rest = [c for c in CARDS[1:] if c is not None and c not in out]
    rng.shuffle(rest)
    heap = [rest.pop() for _ in range(rng.choice([0, 0, 1, 2, 13]))]
    fits = Demon.arrange({1: "", 2: "", 3: "", 4: ""}, foundations=str(card(0, 0)), **options).file_build.table()
    files = {}
    for number in range(1, 5):
        pile = [] if not heap and rng.random() < 0.3 else [rest.pop()]
        while pile and rng.random() < 0.7:
            follow = [c for c in rest if fits[pile[-1]][c]]
            if not follow:
                break
            pile.append(rng.choice(follow))
            rest.remove(pile[-1])
        files[number] = " ".join(map(str, pile))
    order = sorted(range(4), key=lambda s: (s != 0, -heights[s]))
    formations = " ".join(f"{card(s, 0)}-{card(s, heights[s] - 1)}" for s in order if heights[s])
    talon = rng.randint(0, len(rest))
    game = Demon.arrange(files, foundations=formations, stack=" ".join(map(str, heap)),
                         talon=" ".join(map(str, rest[:talon])), hand=" ".join(map(str, rest[talon:])), **options)
    game.counters["used"] = rng.randint(0, 1)
    return game


def canfield_laid_out(spec: str, rng: random.Random) -> Canfield:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights, rows of face-down cards under runs in sequence, spaces, the pack split at random
    between the stock and the waste, and some of the re-deals made."""
    options = load(spec).options.changed()
    heights = [rng.choice([0, 0, 1, 3, 6, 9, 12, 13]) for _ in range(4)]
    out = {CARDS[13 * suit + rank] for suit in range(4) for rank in range(1, heights[suit] + 1)}
    rest: list[Card] = [c for c in CARDS[1:] if c is not None and c not in out]
    rng.shuffle(rest)
    rows = {}
    for number in range(1, 8):
        if not rest or rng.random() < 0.25:
            rows[number] = ""
            continue
        down = [rest.pop() for _ in range(min(rng.randint(0, 6), len(rest) - 1))]
        run = [rest.pop()]
        while rng.random() < 0.7:
            follow = [c for c in rest if c in BUILDS_ON[run[-1]]]
            if not follow:
                break
            run.append(rng.choice(follow))
            rest.remove(run[-1])
        rows[number] = " ".join([f"[{c}]" for c in down] + [str(c) for c in run])
    tops = [CARDS[13 * suit + heights[suit]] for suit in range(4) if heights[suit]]
    rng.shuffle(tops)
    waste = rng.randint(0, len(rest))
    game = Canfield.arrange(rows, foundations=" ".join(map(str, tops)), waste=" ".join(map(str, rest[:waste])),
                            stock=" ".join(map(str, rest[waste:])), **options)
    game.counters["redeals"] = rng.randint(0, game.options.redeals)
    return game


def flower_garden_laid_out(spec: str, rng: random.Random) -> TheFlowerGarden:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights, beds of a few cards under sequences, empty beds, and the rest in the Bouquet (or no
    Bouquet, and every card in the beds)."""
    heights = [rng.choice([0, 0, 1, 3, 6, 9, 12, 13]) for _ in range(4)]
    rest: list[Card] = [c for c in CARDS[1:] if c is not None and c.value > heights[(c - 1) // 13]]
    rng.shuffle(rest)
    fits = GARDEN.table()
    piles = {}
    if rng.random() < 0.25:  # the Bouquet spent, every card in the beds: proofs to make
        rest, dealt = [], rest
        for k, name in enumerate(BEDS):
            piles[name] = " ".join(map(str, dealt[k::len(BEDS)]))
    for name in BEDS[len(piles):]:
        bed: list[Card] = []
        if rest and rng.random() < 0.8:
            bed = [rest.pop() for _ in range(min(rng.randint(1, 5), len(rest)))]
            while rng.random() < 0.6:
                follow = [c for c in rest if fits[bed[-1]][c]]
                if not follow:
                    break
                bed.append(rng.choice(follow))
                rest.remove(bed[-1])
        piles[name] = " ".join(map(str, bed))
    suits = [s for s in range(4) if heights[s]]
    rng.shuffle(suits)
    for name, suit in zip(GARDEN_FOUNDATIONS, suits):
        piles[name] = " ".join(str(CARDS[13 * suit + rank]) for rank in range(1, heights[suit] + 1))
    piles["bouquet"] = " ".join(map(str, rest))
    return TheFlowerGarden.arrange(piles, rest="bouquet", hidden=False, **load(spec).options.changed())


def idiots_delight_laid_out(spec: str, rng: random.Random) -> TheIdiotsDelight:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights, files of a few cards over runs at their feet, vacant files, and up to seven over."""
    heights = [rng.choice([0, 0, 1, 3, 6, 9, 12, 13]) for _ in range(4)]
    rest: list[Card] = [c for c in CARDS[1:] if c is not None and c.value > heights[(c - 1) // 13]]
    rng.shuffle(rest)
    reserve = [rest.pop() for _ in range(min(rng.randint(0, 7), len(rest)))]
    fits = ALTERNATE_DOWN.table()
    files: list[list[Card]] = [[] for _ in FILE_NAMES]
    for file in files:
        if rest and rng.random() < 0.8:
            file += [rest.pop() for _ in range(min(rng.randint(1, 4), len(rest)))]
            while rng.random() < 0.6:
                follow = [c for c in rest if fits[file[-1]][c]]
                if not follow:
                    break
                file.append(rng.choice(follow))
                rest.remove(file[-1])
    for k, card in enumerate(rest):  # the rest at the tops of the files
        files[k % len(files)].insert(0, card)
    tops = [str(CARDS[13 * suit + heights[suit]]) for suit in range(4) if heights[suit]]
    rng.shuffle(tops)
    return TheIdiotsDelight.arrange({n: " ".join(map(str, file)) for n, file in enumerate(files, start=1)},
                                    reserve=" ".join(map(str, reserve)), foundations=" ".join(tops),
                                    **load(spec).options.changed())


def fortress_laid_out(spec: str, rng: random.Random) -> Fortress:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights, rows of a few cards under lines of marriages (in suit, one up or one down), lanes, and
    the rest of the cards at the inner ends of the rows."""
    options = load(spec).options.changed()
    order = Fortress(**options).foundation_order()
    heights = [rng.choice([0, 0, 1, 3, 6, 9, 12, 13]) for _ in range(4)]
    rest: list[Card] = [c for c in CARDS[1:] if c is not None and order.index(c.rank) >= heights[(c - 1) // 13]]
    rng.shuffle(rest)
    rows: list[list[Card]] = [[] for _ in ROWS]
    for row in rows:
        if rest and rng.random() < 0.8:
            row += [rest.pop() for _ in range(min(rng.randint(1, 4), len(rest)))]
            while rng.random() < 0.6:
                follow = [c for c in rest if c.suit == row[-1].suit and abs(c.value - row[-1].value) == 1]
                if not follow:
                    break
                row.append(rng.choice(follow))
                rest.remove(row[-1])
    for k, card in enumerate(rest):  # the rest at the inner ends of the rows
        rows[k % len(rows)].insert(0, card)
    return Fortress.arrange({name: " ".join(map(str, row)) for name, row in zip(ROWS, rows)}, **options)


def shah_laid_out(spec: str, rng: random.Random) -> TheShah:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights (the two of a suit apart), and the cards above them in a complete star (each ray filled
    from the inner circle out to a random depth, so with spaces and lanes, and a descending line married
    on a card of the third circle), on the talon and in the pack, or none left in it (safe moves to make);
    or in the places of a star being dealt, and the pack."""
    options = load(spec).options.changed()
    heights = [rng.choice([1, 3, 6, 9, 10, 11, QUEENS, QUEENS]) for _ in ACE_SUITS]
    rest = [Card(Rank(value), suit) for suit, height in zip(ACE_SUITS, heights) for value in range(height + 1, QUEENS + 1)]
    rng.shuffle(rest)
    places: dict[str, str] = {}
    dealt = len(PLACES) if rng.random() < 0.8 else min(rng.randrange(len(PLACES)), len(rest))
    talon: list[Card] = []
    if dealt < len(PLACES):
        for name in PLACES[:dealt]:
            places[name] = str(rest.pop())
    else:
        for ray in range(1, 9):
            for circle in range(1, rng.choice([0, 1, 2, 3, 3, 3]) + 1):
                if not rest:
                    break
                line = [rest.pop()]
                while circle == 3 and rng.random() < 0.5:
                    follow = [c for c in rest if c.suit == line[-1].suit and c.value == line[-1].value - 1]
                    if not follow:
                        break
                    line.append(follow[0])
                    rest.remove(follow[0])
                places[f"circle {circle} ray {ray}"] = " ".join(map(str, line))
        talon = [rest.pop() for _ in range(min(rng.randint(0, 6), len(rest)))]
        if rng.random() < 0.3:
            talon, rest = talon + rest, []
    tops = [str(Card(Rank(height), suit)) for suit, height in zip(ACE_SUITS, heights)]
    return TheShah.arrange(places, foundations=tops, talon=" ".join(map(str, talon)), pack=" ".join(map(str, rest)),
                           dealt=dealt, **options)


class EveryPairing(TheEmpressOfIndia):
    """The Empress of India with every pairing offered to a search (``LATER = None``, as before the cap)."""

    LATER = None


def empress_laid_out(spec: str, rng: random.Random) -> TheEmpressOfIndia:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights (the sixteen apart, so that some cards are wanted by one and some by none), the cards
    left of their sequences in the places of the Army and of the Navy, loose or in pairs (and places left
    empty once a colour is out), on the packets of the talon and in the pack; a third of them with every
    pairing offered to a search (:class:`EveryPairing`)."""
    game = (EveryPairing if rng.random() < 0.3 else TheEmpressOfIndia).deal(seed=1, **load(spec).options.changed())
    low = rng.choice([1, 6, 9, 10, 11, 11])
    heights = {name: rng.randint(low, 12) for name in EMPRESS_FOUNDATIONS}
    rest: list[Card] = []
    for name, height in heights.items():
        sequence = SEQUENCES[game.piles[name].cards[0].suit]
        game.piles[name] = Pile(sequence[:height])
        rest += sequence[height:]
    rng.shuffle(rest)
    reds, blacks = [c for c in rest if c.is_red], [c for c in rest if not c.is_red]
    paired = rng.choice([0.0, 0.1, 0.3, 0.6])
    for names, own, other in ((ARMY, reds, blacks), (NAVY, blacks, reds)):
        for name in names:
            place = [own.pop()] if own else []
            if place and other and rng.random() < paired:
                place.append(other.pop())
            game.piles[name] = Pile(tuple(place))
    pack: list[Card] = []
    for colour, cards in (("red", reds), ("black", blacks)):
        kept = rng.randint(0, len(cards)) if rng.random() < 0.6 else 0
        game.piles[f"{colour} talon"] = Pile(tuple(cards[:kept]))
        pack += cards[kept:]
    rng.shuffle(pack)
    game.piles["pack"] = Pile(tuple(pack), len(pack))
    return game


def constitution_laid_out(spec: str, rng: random.Random) -> TheConstitution:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights (the two of a suit apart, either the higher), each place of the divisions a card under a
    sequence of Rule IV; the rest in the talon and the pack, every place filled but a vacancy waiting, at
    times; or (a third of them) the pack and the talon out, places of the People empty, and divisions above
    an empty one with places empty too.  Made again until a game could reach it (no inconsistencies())."""
    options = load(spec).options.changed()
    while True:
        exhausted = rng.random() < 0.35
        low = [4, 6, 9, 11] if exhausted else [1, 2, 4, 6, 9, 11]
        heights = [[rng.choice(low) for _ in range(2)] for _ in range(4)]
        up = [Card(Rank(value), suit) for suit, pair in zip(RING[:4], heights)
              for height in pair for value in range(2, height + 1)]
        rest = _left_over(up, 2)
        rng.shuffle(rest)
        empty: set[str] = set()
        if exhausted:
            emptied = rng.randint(0, 3)  # the divisions from the People up whose places may be empty
            for division in DIVISIONS[::-1][:emptied]:
                empty |= {name for name in DIVISION_ROWS[division] if rng.random() < 0.6}
                if len(empty & set(DIVISION_ROWS[division])) < len(DIVISION_ROWS[division]):
                    break
        if rng.random() < 0.3:  # a vacancy waits for a card of the division below
            empty.add(rng.choice([name for d in DIVISIONS[:-1] for name in DIVISION_ROWS[d]]))
        places: dict[str, list[Card]] = {}
        for division in DIVISIONS:
            for name in DIVISION_ROWS[division]:
                if name not in empty:
                    places[name] = [rest.pop()] if rest else []
        for name, place in places.items():
            while rest and rng.random() < 0.6:
                follow = [c for c in rest if IN_SEQUENCE[place[-1]][c]]
                if not follow:
                    break
                place.append(rng.choice(follow))
                rest.remove(place[-1])
        talon, pack = [], []
        if not exhausted:
            kept = rng.randint(0, len(rest))
            talon, pack = rest[:kept], rest[kept:]
        elif rest or not all(places.values()):
            continue
        game = TheConstitution.arrange({name: " ".join(map(str, place)) for name, place in places.items()},
                                       talon=" ".join(map(str, talon)), pack=" ".join(map(str, pack)), **options)
        for suit in range(4):  # the lower of a suit's two foundations first, at times
            if rng.random() < 0.5:
                first, second = CONSTITUTION_FOUNDATIONS[suit], CONSTITUTION_FOUNDATIONS[RING.index(RING[suit], 4)]
                game.piles[first], game.piles[second] = game.piles[second], game.piles[first]
        if not game.inconsistencies():
            return game


def wheel_laid_out(spec: str, rng: random.Random) -> TheWheel:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: packets of eighteen
    crowned round the circle (up to all but one, so few cards left: searches decided), some deals made,
    each place of the cushion one card deep during the first, else 0 to a card more than the deals
    made deep, often with a combination and its crown on top, and the rest in the pack."""
    game = TheWheel.deal(seed=1, **load(spec).options.changed())
    rest = [card for name in ("pack", *CUSHION) for card in game.piles[name].cards]
    rng.shuffle(rest)

    def combination() -> list[Card]:
        """Three minor cards of the rest making eighteen and a court card, taken from it (none if none)."""
        minors = [c for c in rest if c.value <= 10]
        for _ in range(200):
            three = rng.sample(minors, 3) if len(minors) >= 3 else []
            if three and makes_eighteen(three):
                crown = next((c for c in rest if c.value > 10), None)
                if crown is not None:
                    for card in (*three, crown):
                        rest.remove(card)
                    return [*three, crown]
        return []

    packets = rng.choice([0, 0, 2, 6, 12, 18, 21, 22, 23])
    for name in CIRCLE[:packets]:
        game.piles[name] = Pile(tuple(combination()))
        if not game.piles[name].cards:
            break
    deals = rng.choice([1, 1, 2, 3, 5, 7, 8])
    game.counters["deals"] = deals
    places = [[rest.pop()] if rest else [] for _ in CUSHION] if deals == 1 else \
        [[rest.pop() for _ in range(min(rng.randint(0, deals), len(rest)))] for _ in CUSHION]
    if deals > 1 and rng.random() < 0.6:  # a combination ready on top
        for place, card in zip(rng.sample(places, 4), combination()):
            place.append(card)
    for name, place in zip(CUSHION, places):
        game.piles[name] = Pile(tuple(place))
    game.piles["pack"] = Pile(tuple(rest), len(rest))
    return game


def napoleons_square_laid_out(spec: str, rng: random.Random) -> NapoleonsSquare:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: a fifth of them the
    square as dealt (of packets) with two kings of a suit above two smaller cards of it, the Note's
    case, its remedies to try, after some re-deals; the others foundations built to random heights (the
    two of a suit apart), packets of a few cards with a descending line of their suit married on,
    vacancies, a talon, a card turned or not, and the rest in the pack, or none left (safe moves to make)."""
    options = load(spec).options.changed()
    game = NapoleonsSquare.deal(seed=rng.randint(1, 10 ** 6), **options)
    redeals = rng.choice([0, 0, 1, 3]) if game.options.remedy in ("either", "redeal") else 0
    if game.packet_size == 4 and rng.random() < 0.2:
        suit = rng.choice(list(Suit))
        cards = [card for name in NAPOLEON_PACKETS for card in game.piles[name].cards] + list(game.piles["pack"].cards)
        smaller = [Card(Rank(value), suit) for value in rng.sample(range(1, 13), 2)]
        king = Card(Rank.KING, suit)
        first, second = rng.sample(range(12), 2)
        placed: list[int] = []
        for at, card in zip((4 * first, 4 * first + 2, 4 * second + 1, 4 * second + 3), (smaller[0], king, smaller[1], king)):
            if cards[at] != card:
                was = next(i for i, c in enumerate(cards) if c == card and i not in placed)
                cards[at], cards[was] = cards[was], cards[at]
            placed.append(at)
        for number, name in enumerate(NAPOLEON_PACKETS):
            game.piles[name] = Pile(tuple(cards[4 * number:4 * number + 4]))
        game.piles["pack"] = Pile(tuple(cards[48:]), len(cards) - 48)
        game.counters["redeals"] = redeals
        return game
    while True:  # (until the pack and the talon hold no more cards than the square left)
        heights = [rng.choice([0, 0, 1, 3, 6, 9, 12, 13]) for _ in range(8)]
        suits = [suit for suit in Suit for _ in range(2)]
        rest = game.pack()
        tops = []
        for suit, height in zip(suits, heights):
            for value in range(1, height + 1):
                rest.remove(Card(Rank(value), suit))
            if height:
                tops.append(str(Card(Rank(height), suit)))
        rng.shuffle(rest)
        rng.shuffle(tops)
        packets = {}
        for number in range(1, 13):
            if not rest or rng.random() < 0.2:
                continue
            packet = [rest.pop() for _ in range(min(rng.randint(1, game.packet_size), len(rest)))]
            while rng.random() < 0.5:
                follow = [c for c in rest if c.suit == packet[-1].suit and c.value == packet[-1].value - 1]
                if not follow:
                    break
                packet.append(follow[0])
                rest.remove(follow[0])
            packets[number] = " ".join(map(str, packet))
        turned = str(rest.pop()) if rest and rng.random() < 0.3 else ""
        talon = [rest.pop() for _ in range(min(rng.randint(0, 8), len(rest)))]
        if rng.random() < 0.2:
            talon, rest = talon + rest, []
        laid = NapoleonsSquare.arrange(packets, foundations=" ".join(tops), talon=" ".join(map(str, talon)),
                                       turned=turned, pack=" ".join(map(str, rest)), **options)
        if not laid.inconsistencies():
            laid.counters["redeals"] = redeals
            return laid


def olga_laid_out(spec: str, rng: random.Random) -> TheOlga:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: the four foundations
    of each suit built to random heights (some not begun; in half of them, near the end of a game, most
    built high), in any order; each column's top places holding a card each (the second, fourth and sixth
    rows face down), its foot a card under a sequence of Rule III (or no place held: a space); the rest on
    the talon and in the pack.  Made again until a game could reach it (no inconsistencies())."""
    options = load(spec).options.changed()
    while True:
        game = TheOlga.deal(seed=1, **options)
        heights = [0, 0, 1, 2, 4, 6, 7, 8] if rng.random() < 0.5 else [5, 6, 7, 7, 8, 8, 8]
        built = [[Card(value, suit) for value in PIQUET_ORDER[:rng.choice(heights)]] for suit in Suit for _ in range(4)]
        rng.shuffle(built)
        rest = piquet_pack(4)
        for card in (card for cards in built for card in cards):
            rest.remove(card)
        rng.shuffle(rest)
        for name, cards in zip(OLGA_FOUNDATIONS, built):
            game.piles[name] = Pile(tuple(cards))
        for column in range(1, 8):
            held = min(rng.choice([0, 1, 1, 2, 3, 4, 5, 6, 7, 7]), len(rest))
            for row in range(1, 8):
                cards = [rest.pop()] if row <= held else []
                if row == held:
                    while cards and rest and rng.random() < 0.6:
                        follow = [c for c in rest if game._builds(cards[-1], c)]
                        if not follow:
                            break
                        cards.append(rng.choice(follow))
                        rest.remove(cards[-1])
                game.piles[f"row {row} column {column}"] = Pile(tuple(cards), int(row < held and row % 2 == 0))
        kept = rng.randint(0, len(rest))
        game.piles["talon"] = Pile(tuple(rest[:kept]))
        game.piles["pack"] = Pile(tuple(rest[kept:]), len(rest) - kept)
        if not game.inconsistencies():
            return game


def zodiac_laid_out(spec: str, rng: random.Random) -> TheZodiac:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: every packet of the
    Zodiac begun, with marriages up and down on some, places of the Equator filled or empty, and the rest
    on the talon and in the pack (or all on the talon), a card placed in the pass or not; or (a third of
    them) every card placed, the foundations of aces and of kings built to random heights, in any of their
    places, the Zodiac's packets holding the rest (some of them empty) and the Equator's places some.  Made
    again until a game could reach it (no inconsistencies())."""
    marries = MARRIAGE.table()
    while True:
        game = TheZodiac.deal(seed=1, **load(spec).options.changed())
        cards = [card for card in game.pack()]
        placing = rng.random() < 0.65
        if not placing:
            for names in (ACE_FOUNDATIONS, KING_FOUNDATIONS):
                king = names is KING_FOUNDATIONS
                for name, suit in zip(rng.sample(names, 4), rng.sample(list(Suit), 4)):
                    height = rng.choice([0, 4, 8, 10, 11, 12, 12, 13])
                    built = [Card(Rank(13 - i if king else i + 1), suit) for i in range(height)]
                    game.piles[name] = Pile(tuple(built))
                    for card in built:
                        cards.remove(card)
        else:
            for name in (*ACE_FOUNDATIONS, *KING_FOUNDATIONS):
                game.piles[name] = Pile()
        rng.shuffle(cards)
        packets: list[list[Card]] = [[] for _ in ZODIAC_PACKETS]
        for packet in packets[:len(packets) if placing else rng.randint(0, len(packets))]:
            if cards:
                packet.append(cards.pop())
        for _ in range(rng.choice([0, 10, 30, 60, 300]) if placing else len(cards) * 3):
            packet = rng.choice([p for p in packets if p] or [[]])
            on = [c for c in cards if packet and marries[packet[-1]][c]]
            if on:
                packet.append(on[0])
                cards.remove(on[0])
        for name, packet in zip(ZODIAC_PACKETS, packets):
            game.piles[name] = Pile(tuple(packet))
        for name in EQUATOR:
            game.piles[name] = Pile((cards.pop(),) if cards and rng.random() < (0.7 if placing else 0.9) else ())
        if not placing and cards:
            continue
        kept = rng.randint(0, len(cards)) if rng.random() < 0.7 else len(cards)
        game.piles["talon"] = Pile(tuple(cards[:kept]))
        game.piles["pack"] = Pile(tuple(cards[kept:]), len(cards) - kept)
        game.counters["placed"] = rng.choice([0, 0, 1, 5])
        if not game.inconsistencies():
            return game


def la_nivernaise_laid_out(spec: str, rng: random.Random) -> LaNivernaise:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: each suit's ascending
    and descending foundations built to random heights (in any of their places; in some, near the end of
    a game, most built high), the Flanks' places each a card or a vacancy, the Line's packets of a few
    cards each (empty ones only once the pack is out), the rest in the pack (or none left: a re-deal to
    make, safe moves to find), the re-deal made or not, each packet lying as Rule II has it.  Made again
    until a game could reach it (no inconsistencies())."""
    options = load(spec).options.changed()
    while True:
        game = LaNivernaise.deal(seed=1, **options)
        rest = game.pack()
        late = rng.random() < 0.4
        heights = [8, 10, 12, 13, 13] if late else [0, 0, 1, 3, 6, 9, 12]
        for names, king in ((NIVERNAISE_ASCENDING, False), (NIVERNAISE_DESCENDING, True)):
            for name, suit in zip(rng.sample(names, 4), rng.sample(list(Suit), 4)):
                built = [Card(Rank(13 - i if king else i + 1), suit) for i in range(rng.choice(heights))]
                game.piles[name] = Pile(tuple(built))
                for card in built:
                    rest.remove(card)
        rng.shuffle(rest)
        for name in NIVERNAISE_FLANKS:
            game.piles[name] = Pile((rest.pop(),) if rest and rng.random() < 0.6 else ())
        kept = len(rest) if rng.random() < 0.5 else rng.randint(0, len(rest))
        line, pack = rest[:kept], rest[kept:]
        for name in NIVERNAISE_LINE:
            size = rng.randint(0 if not pack else 1, 9)
            game.piles[name] = Pile(tuple(line[:size]))
            line = line[size:]
        pack += line
        game.piles["pack"] = Pile(tuple(pack), len(pack))
        game.counters["redeals"] = rng.randint(0, 1)
        game._cover()
        if not game.inconsistencies():
            return game


def light_and_shade_laid_out(spec: str, rng: random.Random) -> LightAndShade:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: each foundation built
    from its ace to a random height in alternate colours, of either suit of each (in three of four, near the
    end of a game, most built high), each Auxiliary a descending sequence in alternate colours or a vacancy, each
    Rival a card or a vacancy, the rest on the talon and in the pack (88 at most, or none left).  Made
    again until a game could reach it (no inconsistencies())."""
    options = load(spec).options.changed()
    fits = SHADE_DESCENDING.table()
    while True:
        game = LightAndShade.deal(seed=1, **options)
        rest = [card for name in game.pile_names() if not name.startswith("foundation")
                for card in game.piles[name].cards]
        heights = [9, 10, 11, 12, 13, 13] if rng.random() < 0.75 else [1, 1, 3, 6, 9, 12, 13]
        for name in SHADE_FOUNDATIONS:
            built = list(game.piles[name].cards)
            for value in range(2, rng.choice(heights) + 1):
                red = built[0].is_red == (value % 2 == 1)
                built.append(rng.choice([c for c in rest if c.value == value and c.is_red == red]))
                rest.remove(built[-1])
            game.piles[name] = Pile(tuple(built))
        rng.shuffle(rest)
        for name in SHADE_AUXILIARIES:
            cards = [rest.pop()] if rest and rng.random() < 0.75 else []
            while cards and rest and rng.random() < 0.6:
                follow = [c for c in rest if fits[cards[-1]][c]]
                if not follow:
                    break
                cards.append(rng.choice(follow))
                rest.remove(cards[-1])
            game.piles[name] = Pile(tuple(cards))
        for name in SHADE_RIVALS:
            game.piles[name] = Pile((rest.pop(),) if rest and rng.random() < 0.7 else ())
        kept = max(rng.randint(0, len(rest)) if rng.random() < 0.7 else len(rest), len(rest) - 88)
        game.piles["talon"] = Pile(tuple(rest[:kept]))
        game.piles["pack"] = Pile(tuple(rest[kept:]), len(rest) - kept)
        if not game.inconsistencies():
            return game


def tens_laid_out(spec: str, rng: random.Random) -> Tens:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: complete sequences
    removed (many, in some: fewer cards left, more deals decided), aces thrown out, a hand of a round or
    two (or none: the files alike, safe moves to find), files of up to two face-down cards (all of a
    file's, with turn_up=move) under a few face cards and runs built down in alternate colours (some from a
    king, some near complete, a few complete, waiting for the next move to remove them), empty files; the
    cards left over among the removed ones (the aces among the aces)."""
    options = load(spec).options.changed()
    game = Tens.deal(seed=1, **options)
    rest = [card for name in game.pile_names() for card in game.piles[name].cards]
    rng.shuffle(rest)

    def take(count: int) -> list[Card]:
        return [rest.pop() for _ in range(min(count, len(rest)))]

    def built(run: list[Card], length: int) -> list[Card]:
        """``run`` built on in alternate colours to ``length`` cards, as far as the cards left allow."""
        while run and len(run) < length:
            follow = [c for c in rest if TENS_BUILDS[run[-1]][c]]
            if not follow:
                break
            run.append(follow[0])
            rest.remove(follow[0])
        return run

    def king() -> list[Card]:
        head = [c for c in rest if c.value == 13][:1] or take(1)
        if head and head[0] in rest:
            rest.remove(head[0])
        return head

    removed = [card for _ in range(rng.choice([0, 1, 3, 5, 6, 7])) for card in built(king(), 12)]
    aces = [c for c in rest if c.value == 1 and rng.random() < 0.4]
    for card in aces:
        rest.remove(card)
    hand = take(rng.choice([0, 0, 0, 4, 4, 14]))
    turn = game.options.turn_up == "move"
    for name in TENS_FILES:
        if rng.random() < 0.15:
            game.piles[name] = Pile()
            continue
        down, shape = take(rng.choice([0, 1, 2, 2])), rng.random()
        if shape < 0.2:
            up = built(king(), rng.choice([3, 6, 10, 11, 11, 12]))
        else:
            up = take(0 if turn and shape < 0.3 else rng.randint(1, 3))
            up = built(up, len(up) + (rng.randint(1, 4) if rng.random() < 0.6 else 0))
        if not up and not turn:
            down, up = down[:-1], down[-1:]
        game.piles[name] = Pile(tuple(down + up), len(down))
    game.piles["hand"] = Pile(tuple(hand), len(hand))
    game.piles["aces"] = Pile(tuple(aces + [c for c in rest if c.value == 1]))
    game.piles["removed"] = Pile(tuple(removed + [c for c in rest if c.value != 1]))
    return game


def st_helena_laid_out(spec: str, rng: random.Random) -> NapoleonAtStHelena:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: foundations built to
    random heights (the two of a suit apart, in any of the eight places, or one not begun), columns of one
    to four cards under a line married down in suit, or empty (lanes), and the rest on the talon and in the
    pack (64 at most), or all on the talon.  Made again until a game could reach it (no inconsistencies())."""
    options = load(spec).options.changed()
    marries = WEDDED.table()
    while True:
        game = NapoleonAtStHelena.deal(seed=1, **options)
        heights = [rng.choice([0, 2, 5, 8, 10, 11, 12, 13, 13]) for _ in range(8)]
        rest = [card for card in game.pack()]
        places = rng.sample(ST_HELENA_FOUNDATIONS, 8)
        for i, (name, height) in enumerate(zip(places, heights)):
            built = [Card(Rank(value), list(Suit)[i % 4]) for value in range(1, height + 1)]
            game.piles[name] = Pile(tuple(built))
            for card in built:
                rest.remove(card)
        rng.shuffle(rest)
        for name in ST_HELENA_COLUMNS:
            column: list[Card] = []
            if rest and rng.random() < 0.75:
                column = [rest.pop() for _ in range(min(rng.randint(1, 4), len(rest)))]
                while rng.random() < 0.5:
                    follow = [c for c in rest if marries[column[-1]][c]]
                    if not follow:
                        break
                    column.append(follow[0])
                    rest.remove(follow[0])
            game.piles[name] = Pile(tuple(column))
        kept = len(rest) if rng.random() < 0.2 else rng.randint(max(0, len(rest) - 64), len(rest))
        game.piles["talon"] = Pile(tuple(rest[:kept]))
        game.piles["pack"] = Pile(tuple(rest[kept:]), len(rest) - kept)
        if not game.inconsistencies():
            return game


def two_rings_laid_out(spec: str, rng: random.Random) -> TwoRings:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: the foundations built
    to random heights (in half of them, near the end of a game, most built high; the two of a suit in a
    ring apart, either first), the bracelet's places each a card or a vacancy, a talon, the rest in the
    pack (or none left: safe moves to make), and some of the re-deals made (all, at times).  Made again
    until a game could reach it (no inconsistencies())."""
    options = load(spec).options.changed()
    while True:
        game = TwoRings.deal(seed=1, **options)
        late = rng.random() < 0.5
        rest = [c for name in ("pack", *TWO_RINGS_BRACELET) for c in game.piles[name].cards]
        for name in (*TWO_RINGS_SEVENS, *TWO_RINGS_SIXES):
            base = game.piles[name].cards[0]
            most = 6 if base.rank == Rank.SEVEN else 5
            height = min(most, rng.choice([3, 4, 5, 6, 6] if late else [0, 0, 1, 2, 4, 6]))
            step = 1 if base.rank == Rank.SEVEN else -1
            cards = [Card(Rank(base.value + step * i), base.suit) for i in range(height + 1)]
            for card in cards[1:]:
                rest.remove(card)
            game.piles[name] = Pile(tuple(cards))
        for ring in (TWO_RINGS_SEVENS, TWO_RINGS_SIXES):  # the higher of a suit's two first, at times
            for i in range(4):
                if rng.random() < 0.5:
                    game.piles[ring[i]], game.piles[ring[i + 4]] = game.piles[ring[i + 4]], game.piles[ring[i]]
        rng.shuffle(rest)
        for name in TWO_RINGS_BRACELET:
            game.piles[name] = Pile((rest.pop(),) if rest and rng.random() < 0.8 else ())
        talon = rng.randint(0, len(rest)) if rng.random() < 0.7 else len(rest)
        game.piles["talon"] = Pile(tuple(rest[:talon]))
        game.piles["pack"] = Pile(tuple(rest[talon:]), len(rest) - talon)
        redeals = game.options.redeals
        game.counters["redeals"] = rng.choice(sorted({0, redeals, rng.randint(0, redeals)}))
        if not game.inconsistencies():
            return game


def lucie_laid_out(spec: str, rng: random.Random) -> LaBelleLucie:
    """A position of ``spec`` (La Belle Lucie, or a two-pack game of its chapter) laid out at random, as
    random play rarely leaves one: the foundations built to random heights (on the Hill those of aces and
    of kings of a suit both, in any order of suits; some near the end of a game), the packets each holding
    a few of the cards dealt to it (some none) under a line married on, the re-deals made 0 to all
    allowed.  Made again until a game could reach it (no inconsistencies())."""
    options = load(spec).options.changed()
    while True:
        game: Any = load(spec, seed=rng.randint(1, 10 ** 6), **options)
        rest = game.pack()
        heights = [0, 0, 1, 3, 6, 9, 12, 13] if rng.random() < 0.7 else [9, 11, 12, 13, 13]
        foundations = game.piles_of("foundation")
        suits = [rng.sample(list(Suit), 4) for _ in range(2)]
        for number, name in enumerate(foundations):
            king = game.foundation_rule(name).base == Rank.KING
            suit = suits[number // 4][number % 4] if game.distinct_suits else rng.choice(list(Suit))
            built = []
            for i in range(rng.choice(heights)):
                card = Card(Rank(13 - i if king else i + 1), suit)
                if card not in rest:
                    break
                built.append(card)
                rest.remove(card)
            game.piles[name] = Pile(tuple(built))
        rng.shuffle(rest)
        redeals = rng.randint(0, game.options.redeals)
        game.counters["redeals"] = redeals
        packets = game.piles_of("packet")
        dealt = game.first_deal(len(game.pack())) if not redeals else [3] * len(packets)
        marries = game.marriage.table()
        for name, size in zip(packets, dealt):
            cards = [rest.pop() for _ in range(min(rng.randint(0, size), len(rest)))]
            while cards and rest and rng.random() < 0.5:
                follow = [c for c in rest if marries[cards[-1]][c]]
                if not follow:
                    break
                cards.append(rng.choice(follow))
                rest.remove(cards[-1])
            game.piles[name] = Pile(tuple(cards))
        if not rest and not game.inconsistencies():  # (with cards left over: laid out anew)
            return game  # type: ignore[no-any-return]


def labyrinth_laid_out(spec: str, rng: random.Random) -> TheLabyrinth:
    """A position of ``spec`` as random play rarely leaves one: a deal played by a player who plays a
    card to a foundation (the first he finds, or another) nine times in ten where he can, else refills a
    vacancy, deals or takes the grace at random, stopped after a random number of moves, or (at times)
    where the grace may be taken or a safe move made, so that the foundations are built high, the rows
    dealt with gaps, the pack exhausted and the grace taken or due; with the foundations begun as they appear, those of a
    kind in another order, at times (they are interchangeable)."""
    game = load(spec, seed=rng.randint(1, 10_000))
    for _ in range(rng.choice([5, 30, 60, 90, 120, 160, 200])):
        legal = game.legal_moves()
        if not legal or ((legal[-1].kind == "grace" or game.safe_move(legal)) and rng.random() < 0.4):
            break
        up = [m for m in legal if m.target in LABYRINTH_FOUNDATIONS]
        game.play(rng.choice(up) if up and rng.random() < 0.9 else rng.choice(legal))
    played = TheLabyrinth.from_position(str(game)) if rng.random() < 0.3 else game.copy()
    for kind in (LABYRINTH_FOUNDATIONS[:4], LABYRINTH_FOUNDATIONS[4:]):
        if not played.withdrawn and rng.random() < 0.5:
            order = rng.sample(kind, 4)
            piles = [played.piles[name] for name in order]
            for name, pile in zip(kind, piles):
                played.piles[name] = pile
    return played


def kings_laid_out(spec: str, rng: random.Random) -> TheKings:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: the foundations built
    to random heights (in some, near the end of a game, most built high: kings to play, safe moves to
    find), the rest either dealt to the first places of the deal with the pack left, or, the pack
    exhausted, laid in the rows at random, twelve at most to a row, some rows empty (lanes); then played
    on a few moves at random (sequences formed, lanes filled).  Made again until a game could reach it (no
    inconsistencies())."""
    options = load(spec).options.changed()
    while True:
        game = TheKings(**options)
        rest = game.pack()
        heights = [10, 11, 12, 12, 13, 13] if rng.random() < 0.4 else [1, 1, 2, 3, 5, 8]
        for i, name in enumerate(KINGS_FOUNDATIONS):
            built = [Card(Rank.ACE, KINGS_ACES[i // 2])]
            rest.remove(built[0])
            for value in range(2, rng.choice(heights) + 1):
                left = [card for card in rest if card.value == value]
                if not left:
                    break
                built.append(rng.choice(left))
                rest.remove(built[-1])
            game.piles[name] = Pile(tuple(built))
        rng.shuffle(rest)
        if rest and rng.random() < 0.4:  # during the deal
            places = game.places()
            for _ in range(rng.randint(0, len(rest) - 1)):
                row, _column = next(places)
                game.piles[row] = Pile(game.piles[row].cards + (rest.pop(),))
        else:
            rows = [name for name in KINGS_ROWS if rng.random() < 0.75]
            if 12 * len(rows) < len(rest):
                rows = list(KINGS_ROWS)
            while rest:
                row = rng.choice(rows)
                game.piles[row] = Pile(game.piles[row].cards + (rest.pop(),))
                if len(game.piles[row]) == 12:
                    rows.remove(row)
        game.piles["pack"] = Pile(tuple(rest), len(rest))
        for _ in range(rng.choice([0, 0, 3, 10, 30])):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
        if not game.inconsistencies():
            return game


BLOCKADE_FOUNDATIONS = tuple(f"foundation {n}" for n in range(1, 9))


def blockade_laid_out(spec: str, rng: random.Random) -> TheBlockade:
    """A position of ``spec`` as random play rarely leaves one: most of them near the end of a game, the
    foundations built high (in any of their places), the other cards laid in the rows from the first down
    (those of the last row in any of its places), some married in descending lines of their suit, and a few
    left in the pack (the last row being dealt, at times), made again until a game could reach it (no
    inconsistencies()); the others a deal played by a player who plays a card up eight times in ten where
    he can, else marries one or (at times) deals or refills, stopped after a random number of moves or
    where a safe move is found, its foundations at times in another order (they are interchangeable)."""
    options = load(spec).options.changed()
    while rng.random() < 0.8:
        game = TheBlockade(**options)
        rest = game.pack()
        for name, suit in zip(BLOCKADE_FOUNDATIONS, rng.sample(list(Suit) * 2, 8)):
            built = [Card(Rank(i + 1), suit) for i in range(rng.choice([3, 8, 10, 11, 12, 13, 13]))]
            game.piles[name] = Pile(tuple(built))
            for card in built:
                rest.remove(card)
        rng.shuffle(rest)
        pack = [rest.pop() for _ in range(min(rng.choice([0, 0, 1, 3, 8]), len(rest)))]
        places: list[tuple[Card, ...]] = []
        while rest:
            line = [rest.pop()]
            while rng.random() < 0.4 and line[-1].rank != Rank.ACE and CARDS[line[-1] - 1] in rest:
                line.append(CARDS[line[-1] - 1])  # type: ignore[arg-type]
                rest.remove(line[-1])
            places.append(tuple(line))
        rows = max(1, -(-len(places) // 12))
        last = sorted(rng.sample(range(12), len(places) - 12 * (rows - 1)))
        for i, cards in enumerate(places):
            row, column = (i // 12 + 1, i % 12 + 1) if i < 12 * (rows - 1) else (rows, last[i - 12 * (rows - 1)] + 1)
            game.piles[TheBlockade.place(row, column)] = Pile(cards)
        game.piles["pack"] = Pile(tuple(pack), len(pack))
        game.counters["rows"] = rows
        game.counters["dealing"] = int(bool(pack) and rng.random() < 0.3)
        if not game.inconsistencies():
            return game
    game = load(spec, seed=rng.randint(1, 10_000))
    for _ in range(rng.choice([5, 40, 100, 200, 400])):
        legal = game.legal_moves()
        if not legal or (game.safe_move(legal) and rng.random() < 0.3):
            break
        up = [m for m in legal if m.target in BLOCKADE_FOUNDATIONS]
        married = [m for m in legal if m.cards and m not in up]
        roll = rng.random()
        game.play(rng.choice(up) if up and roll < 0.8 else rng.choice(married) if married and roll < 0.9
                  else rng.choice(legal))
    played = TheBlockade.from_position(str(game)) if rng.random() < 0.3 else game.copy()
    if rng.random() < 0.5:
        piles = [played.piles[name] for name in rng.sample(BLOCKADE_FOUNDATIONS, 8)]
        for name, pile in zip(BLOCKADE_FOUNDATIONS, piles):
            played.piles[name] = pile
    return played


def babette_laid_out(spec: str, rng: random.Random) -> Babette:
    """A position of ``spec`` as random play rarely leaves one: half of them a deal played by a player who
    plays a card up nine times in ten where he can, else deals or takes the garden up, stopped after a
    random number of moves or (at times) where a safe move may be made; the others near the end of a game,
    the foundations built high (each kind's suits in any of its places), the rest in a garden of a few rows
    with vacancies and, after a re-deal, in the pack: searches decided, safe moves to make once the
    re-deals are spent.  Made again until a game could reach it (no inconsistencies())."""
    options = load(spec).options.changed()
    while True:
        game = Babette.deal(seed=rng.randint(1, 10_000), **options)
        if rng.random() < 0.5:
            for _ in range(rng.choice([5, 30, 60, 120, 200, 300])):
                legal = game.legal_moves()
                if not legal or (game.safe_move(legal) and rng.random() < 0.3):
                    break
                up = [m for m in legal if m.kind == "move"]
                game.play(rng.choice(up) if up and rng.random() < 0.9 else rng.choice(legal))
            played = Babette.from_position(str(game)) if rng.random() < 0.3 else game.copy()
            for kind in (BABETTE_FOUNDATIONS[:4], BABETTE_FOUNDATIONS[4:]):
                if rng.random() < 0.5:
                    piles = [played.piles[name] for name in rng.sample(kind, 4)]
                    played.piles.update(zip(kind, piles))
            return played
        rest = game.pack()
        for names, king in ((BABETTE_FOUNDATIONS[:4], False), (BABETTE_FOUNDATIONS[4:], True)):
            for name, suit in zip(rng.sample(names, 4), rng.sample(list(Suit), 4)):
                built = [Card(Rank(13 - i if king else i + 1), suit) for i in range(rng.choice([6, 9, 11, 12, 13, 13]))]
                game.piles[name] = Pile(tuple(built))
                for card in built:
                    rest.remove(card)
        rng.shuffle(rest)
        redeals = rng.randint(0, game.options.redeals)
        pack = [] if not redeals else rest[:rng.randint(0, len(rest))]
        garden = rest[len(pack):]
        rows = 13 if not redeals else rng.randint(max(1, -(-len(garden) // 8)), 13 - -(-len(pack) // 8))
        places = sorted(rng.sample(range(8 * rows), len(garden)))
        for name in BABETTE_GARDEN:
            game.piles[name] = Pile()
        for at, card in zip(places, garden):
            game.piles[BABETTE_GARDEN[at]] = Pile((card,))
        game.piles["stock"] = Pile(tuple(pack), len(pack))
        game.counters.update(redeals=redeals, rows=rows)
        if not game.inconsistencies():
            return game


FIFTEEN_COLUMNS = tuple(f"column {n}" for n in range(1, 16))
FIFTEEN_ACES, FIFTEEN_KINGS = tuple(f"foundation {n}" for n in range(1, 5)), tuple(f"foundation {n}" for n in range(5, 9))


def fifteen_laid_out(spec: str, rng: random.Random) -> TheFifteen:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: a third of them as dealt,
    no ace or king available, aces and kings in the sixth row to withdraw (or none) and, at times, no two
    available cards that marry (the game stuck); the others foundations of aces and of kings built to random
    heights (in any of their places, two of a suit at times), the rest in the columns, each a few cards
    under a line of marriages, or empty (a lane).  Made again until a game could reach it (no
    inconsistencies())."""
    options = load(spec).options.changed()
    marries = IN_SUIT_ONE_OFF.table()
    while True:
        game = TheFifteen(**options)
        cards = game.pack()
        rng.shuffle(cards)
        dealt = [len(range(i, len(cards), 15)) for i in range(15)]
        if rng.random() < 0.35:
            ends = [c for c in cards if c.rank in (Rank.ACE, Rank.KING)]
            plain = [c for c in cards if c.rank not in (Rank.ACE, Rank.KING)]
            stuck = rng.random() < 0.4
            tops = [c for c in plain if c.value % 2 == 0][:15] if stuck else plain[:15]
            for card in tops:
                plain.remove(card)
            withdrawn = rng.choice([0, 1, 2, 3, 5])
            row = [ends.pop() for _ in range(withdrawn)] + [plain.pop() for _ in range(15 - withdrawn)]
            rng.shuffle(row)
            rest = ends + plain
            rng.shuffle(rest)
            columns = [rest[5 * i:5 * i + 5] + [row[i]] * (dealt[i] > SIXTH_ROW) + [tops[i]] for i in range(15)]
            left = rest[75:] + row[14:]
            for i in range(15):  # (the fifteenth column holds six: its sixth-row card is its available one)
                while len(columns[i]) < dealt[i]:
                    columns[i].insert(0, left.pop())
            if left:
                continue
        else:
            for names, king in ((FIFTEEN_ACES, False), (FIFTEEN_KINGS, True)):
                suits = rng.sample(list(Suit), 4) if game.options.distinct_suits else [rng.choice(list(Suit)) for _ in names]
                for name, suit in zip(names, suits):
                    built = [Card(Rank(13 - i if king else i + 1), suit) for i in range(rng.choice([0, 1, 3, 6, 9, 11, 12, 13, 13]))]
                    if all(built.count(c) <= cards.count(c) for c in built):
                        game.piles[name] = Pile(tuple(built))
                        for card in built:
                            cards.remove(card)
            columns, under = [], []  # (under: the cards of each column above its line of marriages)
            for i in range(15):
                column = [] if rng.random() < 0.2 else [cards.pop() for _ in range(min(rng.randint(1, 4), len(cards)))]
                under.append(len(column))
                while column and rng.random() < 0.5:
                    follow = [c for c in cards if marries[column[-1]][c]]
                    if not follow:
                        break
                    column.append(rng.choice(follow))
                    cards.remove(column[-1])
                columns.append(column)
            for card in cards:  # the rest at the tops of the columns, where they may lie as dealt
                room = [i for i in range(15) if columns[i] and under[i] < dealt[i]]
                if not room:
                    break
                i = rng.choice(room)
                columns[i].insert(0, card)
                under[i] += 1
            else:
                cards = []
            if cards:
                continue
        for name, column in zip(FIFTEEN_COLUMNS, columns):
            game.piles[name] = Pile(tuple(column))
        if not game.inconsistencies():
            return game


def fourteenth_laid_out(spec: str, rng: random.Random) -> TheFourteenth:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: some pairs of
    fourteen withdrawn (often most of the two packs: searches decided), the rest in the square, the
    places left empty once the hand is out, and in the hand; some exchanges made."""
    options = load(spec).options.changed()
    cards = list(TheFourteenth(**options).pack())
    rng.shuffle(cards)
    for _ in range(rng.choice([0, 5, 20, 36, 40, 42, 44, 46, 48, 50])):
        card = cards.pop()
        cards.remove(next(c for c in cards if c.value == FOURTEEN - card.value))
    places = list(range(len(SQUARE_PLACES)))
    rng.shuffle(places)
    square: list[Card | None] = [None] * len(SQUARE_PLACES)
    for place in places[:len(cards)]:
        square[place] = cards.pop()
    allowed = TheFourteenth(**options).options.exchanges
    return TheFourteenth.arrange(" ".join(str(card) if card else "--" for card in square),
                                 hand=" ".join(map(str, cards)), exchanged=rng.randint(0, allowed), **options)


def square_won() -> TheSquare:
    """A position The Square's search wins, in 93 positions: the worked game's (deal 20, won by the honest
    player's play-out) after its first 246 moves, twelve cards left in the pack.  (Its search wins no deal
    known: none of 1 to 1,500 within 30,000 positions, nor deal 20 itself within 5,000,000.)"""
    from patience import records

    record = records.worked_game("the-square")
    board = record.start.copy()
    for move in record.moves[:246]:
        board.play(move)
    return TheSquare.from_position(str(board))


def square_laid_out(spec: str, rng: random.Random) -> TheSquare:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: the corners filled in
    turn, each foundation built to a random height (often past its first king, and in half of them most
    built high, near the end of a game); packets of a card with marriages on it, often a sequence in suit
    to reverse; spaces; a talon; a card turned or not (the first ace of a suit, now and then); the rest in
    the pack, or none left.  Made again until a game could reach it (no inconsistencies())."""
    options = load(spec).options.changed()
    while True:
        game = TheSquare.deal(seed=1, **options)
        heights = [1, 2, 7, 13, 14, 20, 25, 26] if rng.random() < 0.5 else [18, 22, 24, 25, 26, 26]
        suits = rng.sample(list(Suit), rng.choice([1, 2, 3, 4, 4, 4]))
        rest = game.pack()
        for name in SQUARE_FOUNDATIONS:
            game.piles[name] = Pile()
        for name, suit in zip(SQUARE_FOUNDATIONS, suits):
            cards = tuple(Card(next_rank(count), suit) for count in range(rng.choice(heights)))
            for card in cards:
                rest.remove(card)
            game.piles[name] = Pile(cards)
        rng.shuffle(rest)
        # (the aces of a suit not founded go to their corner as they appear: only the pack holds them)
        waiting = [card for card in rest if card.value == 1 and card.suit not in suits]
        rest = [card for card in rest if card not in waiting]
        for name in SQUARE_PACKETS:
            packet = [rest.pop()] if rest and rng.random() < 0.85 else []
            step = rng.choice([-1, 1])
            while packet and rng.random() < 0.6:
                if rng.random() < 0.2:
                    step = -step
                follow = [c for c in rest if c.suit == packet[-1].suit and c.value == packet[-1].value + step]
                if not follow:
                    break
                packet.append(follow[0])
                rest.remove(follow[0])
            game.piles[name] = Pile(tuple(packet))
        turned = [waiting.pop()] if waiting and rng.random() < 0.15 else \
            [rest.pop()] if rest and rng.random() < 0.3 else []
        talon = [rest.pop() for _ in range(min(rng.randint(0, 10), len(rest)))]
        if not waiting and rng.random() < 0.3:
            talon, rest = talon + rest, []
        pack = rest + waiting
        rng.shuffle(pack)
        game.piles["turned"] = Pile(tuple(turned))
        game.piles["talon"] = Pile(tuple(talon))
        game.piles["pack"] = Pile(tuple(pack), len(pack))
        if not game.inconsistencies():
            return game


NATION_FOUNDATIONS = tuple(f"foundation {n}" for n in range(1, 9))
NATION_COLUMNS = tuple(f"column {n}" for n in range(1, 13))


def nation_laid_out(spec: str, rng: random.Random) -> TheNation:
    """A position of ``spec`` as random play rarely leaves one: half of them a deal played by a player who
    plays a card to a foundation six times in seven where he can, else any legal move, stopped after a
    random number of moves or (at times) where a re-deal or a safe move may be made, so that the deals
    and re-deals go on and the foundations are built high; the others after a deal, the foundations of
    each line, of any suits, built to random heights, the re-deals made 0 to all allowed (most often all:
    the columns then alike), the cards counted in the deal at random, and the rest in the columns it
    reached (any column with spaces=any), a few cards under a line of marriages each, or empty (a vacant
    space).  Made again until a game could reach it (no inconsistencies())."""
    if rng.random() < 0.5:
        game = load(spec, seed=rng.randint(1, 10_000))
        for _ in range(rng.choice([40, 100, 160, 250, 400, 600])):
            legal = game.legal_moves()
            if not legal or ((legal[0].kind == "redeal" or game.safe_move(legal)) and rng.random() < 0.15):
                break
            up = [m for m in legal if m.target in NATION_FOUNDATIONS]
            game.play(rng.choice(up) if up and rng.random() < 0.85 else rng.choice(legal))
        return TheNation.from_position(str(game)) if rng.random() < 0.3 else game  # type: ignore[return-value]
    options = load(spec).options.changed()
    marries = NATION_MARRIAGE.table()
    while True:
        game = TheNation(**options)
        rest = game.pack()
        heights = [6, 9, 11, 12, 13] if rng.random() < 0.5 else [1, 1, 2, 4, 7, 10, 13]
        for names, king in ((NATION_FOUNDATIONS[:4], False), (NATION_FOUNDATIONS[4:], True)):
            for name, suit in zip(names, rng.sample(list(Suit), 4)):
                built = [Card(Rank(13 - i if king else i + 1), suit) for i in range(rng.choice(heights))]
                game.piles[name] = Pile(tuple(built))
                for card in built:
                    rest.remove(card)
        rng.shuffle(rest)
        allowed = game.options.redeals
        made = allowed if rng.random() < 0.6 else rng.randint(0, allowed)
        counted = 96 if not made else rng.randint(len(rest), 96)
        reach = 12 if game.options.spaces == "any" else -(-counted // 8)
        columns: list[list[Card]] = [[] for _ in range(12)]
        used = [n for n in range(reach) if rng.random() < 0.8] or list(range(reach))
        for n in used:
            column = columns[n]
            column += [rest.pop() for _ in range(min(rng.randint(0, 2), len(rest)))]
            while rest and rng.random() < 0.6:
                follow = [c for c in rest if marries[column[-1]][c]] if column else rest
                if not follow:
                    break
                column.append(rng.choice(follow))
                rest.remove(column[-1])
        while rest and used:
            columns[rng.choice(used)].insert(0, rest.pop())
        for name, column in zip(NATION_COLUMNS, columns):
            game.piles[name] = Pile(tuple(column))
        game.counters.update(counted=counted, redeals=made)
        if not rest and not game.inconsistencies():
            return game


def four_corners_laid_out(spec: str, rng: random.Random) -> TheFourCorners:
    """A position of ``spec`` laid out at random, as random play rarely leaves one: each suit's foundations
    built to random heights (often high: searches decided) in spaces chosen at random (in turn, the first);
    then either the deal under way (some rounds dealt, some cards withdrawn, the foundation cards still to
    come in the pack, or the one just dealt waiting on its packet) or over, the other cards on the packets,
    many of them married in sequences (above the ninth card of a packet, all), the re-deals used at random
    (often all: the packets and the spaces are then alike), and at times every card that can be played
    played (a re-deal is then due)."""
    game = TheFourCorners(**load(spec).options.changed())
    allowed, in_turn = game.options.redeals, game.options.places == "in-turn"
    while True:
        dealing, level = rng.random() < 0.3, rng.choice([4, 9, 11, 12, 12])
        foundations = [[CARDS[Card(rank, suit) + sign * i] for i in range(height)]
                       for suit in Suit for rank, sign in ((Rank.ACE, 1), (Rank.KING, -1))
                       if (height := max(not dealing, min(13, round(rng.uniform(level - 4, level + 2)))))]
        rng.shuffle(foundations)
        spaces = range(8) if in_turn else rng.sample(range(8), 8)
        rest = list(game.pack())
        for card in (card for built in foundations for card in built):
            rest.remove(card)
        rng.shuffle(rest)
        founded = {(built[0].suit, built[0].rank) for built in foundations}
        waiting = [c for c in rest if c.rank in (Rank.ACE, Rank.KING) and (c.suit, c.rank) not in founded]
        packets: list[list[Card]] = [[] for _ in FOUR_CORNERS_PACKETS]
        pack: list[Card] = []
        redeals = rng.randint(0, allowed)
        if dealing:
            others = [c for c in rest if c not in waiting]
            deal_to, rounds = rng.randint(1, 12), rng.randint(0, 8)
            for i, packet in enumerate(packets):
                for _ in range(min(rng.randint(0, rounds + (i + 1 < deal_to)), len(others))):
                    packet.append(others.pop())
            just = (deal_to - 2) % 12 + 1
            if not packets[just - 1] or rng.random() < 0.3:
                just = 0
            elif waiting and rng.random() < 0.3:
                packets[just - 1].append(waiting.pop())
            pack = others + waiting
            rng.shuffle(pack)
        else:
            redeals = allowed if rng.random() < 0.5 else redeals
            for card in rest:
                marrying = [p for p in packets if p and abs(p[-1] - card) == 1 and p[-1].suit == card.suit]
                open_ = [p for p in packets if len(p) < 9]
                (rng.choice(marrying) if marrying and (rng.random() < 0.5 or not open_) else rng.choice(open_)).append(card)
            just = rng.randint(0, 12)
            deal_to = just % 12 + 1 if just else rng.randint(1, 12)
        lines = [f"{game.spec} seed=0 deal_to={deal_to} just_dealt={just} redeals={redeals}",
                 "pack: " + " ".join(f"[{card}]" for card in pack)]
        lines += [f"{name}: {' '.join(map(str, cards))}" for name, cards in zip(FOUR_CORNERS_PACKETS, packets)]
        lines += [f"{FOUR_CORNERS_FOUNDATIONS[space]}: {' '.join(map(str, built))}"
                  for space, built in zip(spaces, foundations)]
        laid, played_out = TheFourCorners.from_position("\n".join(lines)), rng.random() < 0.3
        if laid.inconsistencies():
            continue
        while not dealing and played_out and (up := [m for m in laid.legal_moves()
                                                     if m.target in FOUR_CORNERS_FOUNDATIONS]):
            laid.play(rng.choice(up))
        return laid


# ----------------------------------------------------------------- the games
def rearranged(game: Game, *kinds: Sequence[str]) -> Game:
    """``game`` with the piles of each of ``kinds`` (names) in the other order."""
    turned = game.copy()
    for names in kinds:
        piles = [turned.piles[name] for name in names]
        for name, pile in zip(names, piles[::-1]):
            turned.piles[name] = pile
    return turned


def replaced(description: tuple[Any, ...], **at: Any) -> tuple[Any, ...]:
    """``description`` with the items at the places named ``_0``, ``_1`` ... replaced."""
    changed = list(description)
    for place, value in at.items():
        changed[int(place[1:])] = value(description) if callable(value) else value
    return tuple(changed)


@dataclass(frozen=True)
class InC:
    """A game whose search is written in C, and what its tests need of it."""

    cls: type[Game]
    #: Every value of every option at least once.
    readings: tuple[str, ...]
    #: A position of a reading laid out at random.
    laid_out: Callable[[str, random.Random], Game]
    #: The kinds of pile its key takes as a set (names).
    as_a_set: tuple[tuple[str, ...], ...]
    #: A deal it wins within 2,000,000 positions (or, for a game whose search wins no deal it is known
    #: to, a position it wins: The Square's); one it does not decide within 10,000; one it decides
    #: where no budget is given but not within the core's default (seed, outcome, positions), or None
    #: where there is none: a game whose searches again decide what its first search does not, and are
    #: no shorter within the core's default (The Zodiac's, of 1,000 positions each: of 900 deals the two that
    #: only a first search of over 50,000 positions decides are won by its first searches again).
    won: int | Callable[[], Game]
    slow: int
    longer: tuple[int, str, int] | None
    #: Descriptions that are not one (made from a deal's), and what the error says.
    refused: tuple[tuple[Callable[[tuple[Any, ...]], tuple[Any, ...]], str], ...]
    #: At least this many steps compared, keys told apart (in twelve games played at random) and
    #: positions proved lost, in each reading.
    steps: int
    keys: int
    proofs: int = 0

    @property
    def c(self) -> Any:
        return extension(f"games._{self.cls.__module__.rsplit('.', 1)[1]}_search")

    @property
    def search(self) -> Any:
        return self.cls.SEARCH_IN_C


TWICE = ((0, 1), (0, 2), (-1, 0), (-1, 0))  # a suit begun on two foundations

GAMES = [
    InC(Demon,
        ("demon", "demon(files=part)", "demon(files=part,heap=files,empty_heap=any,wrap=base)",
         "demon(heap=vacancies,empty_heap=none,wrap=true)", "demon(heap=files,empty_heap=any,wrap=base)",
         "demon(files=part,empty_heap=none,wrap=true)"),
        demon_laid_out, (DEMON_FILES,), won=8, slow=4, longer=(6, "lost", 1_639_126),
        refused=((lambda d: replaced(d, _7=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=b"\x35"), "different card codes"),
                 (lambda d: replaced(d, _3=b"\x00"), "different card codes"),
                 (lambda d: replaced(d, _0=d[3][:1]), "different card codes"),
                 (lambda d: replaced(d, _5=TWICE), "a suit at most once")),
        steps=2_000, keys=200),
    InC(Canfield,
        ("canfield", "canfield(draw=3)", "canfield(partial=true)", "canfield(redeals=1)",
         "canfield(draw=3,redeals=2,partial=true)"),
        canfield_laid_out, (COLUMNS, FOUNDATIONS), won=1, slow=1, longer=(2, "lost", 253_040),
        refused=((lambda d: replaced(d, _5=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _3=((b"\x35", 0), *d[3][1:])), "different card codes"),
                 (lambda d: replaced(d, _3=((d[3][1][0][:1], 0), *d[3][1:])), "different card codes"),
                 (lambda d: replaced(d, _3=((d[3][0][0], 2), *d[3][1:])), "face-down cards at most"),
                 (lambda d: replaced(d, _0=d[0][:-1] + bytes([1]), _4=((0, 1), (-1, 0), (-1, 0), (-1, 0))),
                  "none on a foundation"),
                 (lambda d: replaced(d, _4=TWICE), "a suit at most once"),
                 (lambda d: replaced(d, _6=((0,) * 53, (0,) * 52)), "Blocking's tables hold 53 numbers")),
        steps=800, keys=150, proofs=20),
    InC(TheFlowerGarden, ("the-flower-garden", "the-flower-garden(runs=true)"),
        flower_garden_laid_out, (BEDS, GARDEN_FOUNDATIONS), won=12, slow=1, longer=(3, "lost", 78_397),
        refused=((lambda d: replaced(d, _4=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _1=(b"\x35", *d[1][1:])), "different card codes"),
                 (lambda d: replaced(d, _1=(d[1][1][:1], *d[1][1:])), "different card codes"),
                 (lambda d: replaced(d, _2=TWICE), "a suit at most once"),
                 (lambda d: replaced(d, _3=60), "not a description of a Flower-Garden position")),
        steps=1_500, keys=200, proofs=5),
    InC(TheIdiotsDelight,
        ("the-idiots-delight", "the-idiots-delight(spaces=stacks)",
         "the-idiots-delight(stack=whole,reserve_to_foundations=false)", "the-idiots-delight(stack=any,spaces=stacks)"),
        idiots_delight_laid_out, (FILE_NAMES, FOUNDATION_NAMES), won=1, slow=13, longer=(221, "lost", 512_737),
        refused=((lambda d: replaced(d, _3=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _1=(b"\x00", *d[1][1:])), "different card codes"),
                 (lambda d: replaced(d, _1=(d[1][1][:1], *d[1][1:])), "different card codes"),
                 (lambda d: replaced(d, _2=TWICE), "a suit at most once"),
                 (lambda d: replaced(d, _6=3), "not a description of an Idiot's Delight position")),
        steps=1_200, keys=120, proofs=5),
    InC(Fortress, ("fortress", "fortress(foundations=descending)"),
        fortress_laid_out, (ROWS, FORTRESS_FOUNDATIONS), won=22, slow=4, longer=(7, "won", 75_215),
        refused=((lambda d: replaced(d, _0=(b"\x35", *d[0][1:])), "different card codes"),
                 (lambda d: replaced(d, _0=(d[0][1][:1], *d[0][1:])), "different card codes"),
                 (lambda d: replaced(d, _0=d[0][1:]), "ten rows"),
                 (lambda d: replaced(d, _1=TWICE), "a suit at most once")),
        steps=500, keys=40),
    InC(TheShah, ("the-shah", "the-shah(marry_from=circle)"),
        shah_laid_out, (SHAH_FOUNDATIONS,), won=6, slow=1, longer=(3, "won", 602_634),
        refused=((lambda d: replaced(d, _5=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52 but the kings"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1]), "each twice at most"),
                 (lambda d: replaced(d, _0=d[0] + bytes([1])), "each twice at most"),
                 (lambda d: replaced(d, _2=bytes([13])), "but the kings"),
                 (lambda d: replaced(d, _3=d[3][:8]), "twenty-four places"),
                 (lambda d: replaced(d, _1=25), "twenty-four places"),
                 (lambda d: replaced(d, _4=d[4][:4]), "eight foundations"),
                 (lambda d: replaced(d, _4=((0, 1),) * 3 + ((-1, 0),) * 5), "a suit at most twice")),
        steps=5_000, keys=300),
    InC(TheConstitution, ("the-constitution", "the-constitution(sequences=true)"),
        constitution_laid_out, (CONSTITUTION_FOUNDATIONS, *DIVISION_ROWS.values()), won=7, slow=1,
        longer=(30, "won", 3_582_077),
        refused=((lambda d: replaced(d, _4=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=b"\x35"), "card codes of the play"),
                 (lambda d: replaced(d, _0=bytes([12])), "two to knave"),
                 (lambda d: replaced(d, _1=d[2][0][:1] * 2), "each twice at most"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1]), "48 at most in the pack"),
                 (lambda d: replaced(d, _2=d[2][:8]), "thirty-two places"),
                 (lambda d: replaced(d, _3=d[3][:4]), "eight foundations"),
                 (lambda d: replaced(d, _3=((d[3][0][0], 12), *d[3][1:])), "1 to 11 cards"),
                 (lambda d: replaced(d, _3=((-1, 0), *d[3][1:])), "holds its ace"),
                 (lambda d: replaced(d, _3=((0, 1),) * 3 + d[3][3:]), "a suit at most twice")),
        steps=30_000, keys=800),
    InC(TheOlga, ("the-olga", "the-olga(runs=false)", "the-olga(ace_on_seven=true)"),
        olga_laid_out, (OLGA_FOUNDATIONS, *(BED[row:row + 7] for row in range(0, 49, 7))), won=2, slow=1,
        longer=(120, "won", 90_926),
        refused=((lambda d: replaced(d, _4=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=b"\x35"), "card codes of piquet packs"),
                 (lambda d: replaced(d, _0=bytes([2])), "ace, seven to king"),
                 (lambda d: replaced(d, _1=d[0][:1] * 5), "each four times at most"),
                 (lambda d: replaced(d, _1=d[0][:1] * 80), "79 at most"),
                 (lambda d: replaced(d, _2=d[2][:7]), "forty-nine places"),
                 (lambda d: replaced(d, _2=(*d[2][:42], (d[2][42][0], 1), *d[2][43:])), "face down in rows 2, 4"),
                 (lambda d: replaced(d, _2=((b"", 0), *d[2][1:])), "are its top ones"),
                 (lambda d: replaced(d, _2=((d[2][0][0] * 2, 0), *d[2][1:])), "each covered one its one card"),
                 (lambda d: replaced(d, _3=d[3][:8]), "sixteen foundations"),
                 (lambda d: replaced(d, _3=((0, 9), *d[3][1:])), "1 to 8 cards"),
                 (lambda d: replaced(d, _3=((0, 1),) * 5 + d[3][5:]), "a suit at most four times")),
        steps=20_000, keys=1_000),
    InC(TheZodiac, ("the-zodiac",), zodiac_laid_out, (EQUATOR, ZODIAC_PACKETS), won=18, slow=1, longer=None,
        refused=((lambda d: replaced(d, _6=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1]), "each twice at most"),
                 (lambda d: replaced(d, _1=len(d[0]) + 1), "0 to all of the pack on the talon"),
                 (lambda d: replaced(d, _3=d[3][:4]), "eight places of the Equator"),
                 (lambda d: replaced(d, _4=d[4][:8]), "twenty-four packets"),
                 (lambda d: replaced(d, _3=(d[3][0] + d[3][1], b"", *d[3][2:])), "one card at most"),
                 (lambda d: replaced(d, _5=d[5][:4]), "eight foundations"),
                 (lambda d: replaced(d, _5=((0, 14), *d[5][1:])), "1 to 13 cards"),
                 (lambda d: replaced(d, _5=((0, 1), (0, 1), *d[5][2:])), "a suit at most once")),
        steps=50_000, keys=1_000),
    InC(TheEmpressOfIndia, ("the-empress-of-india", "the-empress-of-india(deal_when=blocked)"),
        empress_laid_out, (ARMY, NAVY), won=5, slow=1, longer=(1, "won", 4_778_658),
        refused=((lambda d: replaced(d, _0=b"\x35"), "bytes of card codes"),
                 (lambda d: replaced(d, _0=bytes([2] * 5)), "four times at most"),
                 (lambda d: replaced(d, _0=bytes([12])), "none a black queen"),
                 (lambda d: replaced(d, _1=bytes([2])), "a packet's of its colour"),
                 (lambda d: replaced(d, _3=(bytes([2]), *d[3][1:])), "a card of its side's colour"),
                 (lambda d: replaced(d, _4=(d[4][0] * 3, *d[4][1:])), "a red and a black card"),
                 (lambda d: replaced(d, _4=d[4][:23]), "twenty-four places"),
                 (lambda d: replaced(d, _5=d[5][:15]), "sixteen foundations"),
                 (lambda d: replaced(d, _5=((3, 13), *d[5][1:])), "1 to 12 cards"),
                 (lambda d: replaced(d, _5=d[5][:2] + ((3, 1),) + d[5][3:]), "four times at most")),
        steps=20_000, keys=1_000),
    InC(TheWheel, ("the-wheel", "the-wheel(deal=blocked)"),
        # (no deal of 1 to 1,000 that its first search of 200,000 decides, but 50,000 not, is left
        # unknown by its searches again, 300 positions each within either budget)
        wheel_laid_out, (CIRCLE,), won=23, slow=1, longer=None,
        refused=((lambda d: replaced(d, _0=bytes([53])), "bytes of card codes"),
                 (lambda d: replaced(d, _0=d[0] + d[1][0] * 2), "each twice at most"),
                 (lambda d: replaced(d, _0=bytes([14])), "none an ace"),
                 (lambda d: replaced(d, _1=d[1][:11]), "twelve places of the cushion"),
                 (lambda d: replaced(d, _1=(bytes(range(2, 19)), *d[1][1:])), "sixteen at most to a place"),
                 (lambda d: replaced(d, _2=25), "0 to 24 packets"),
                 (lambda d: replaced(d, _3=0), "1 to 255 deals")),
        steps=3_000, keys=200),
    InC(NapoleonAtStHelena,
        ("napoleon-at-st-helena", "napoleon-at-st-helena(lane_from=talon)", "napoleon-at-st-helena(deal_when=first)",
         "napoleon-at-st-helena(deal_when=any)", "napoleon-at-st-helena(lane_from=talon,deal_when=any)"),
        st_helena_laid_out, (ST_HELENA_COLUMNS, ST_HELENA_FOUNDATIONS), won=2, slow=1, longer=(24, "won", 401_750),
        refused=((lambda d: replaced(d, _4=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _1=d[0][:2]), "each twice at most"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1]), "64 cards at most in the pack"),
                 (lambda d: replaced(d, _2=d[2][:9]), "ten columns"),
                 (lambda d: replaced(d, _3=d[3][:4]), "eight foundations"),
                 (lambda d: replaced(d, _3=((0, 1),) * 3 + ((-1, 0),) * 5), "a suit at most twice"),
                 (lambda d: replaced(d, _6=3), "dealt when blocked")),
        steps=2_500, keys=800),
    InC(TheFourteenth,
        # (two swaps in every position, exchange_when=any, is some 38,000 moves a position: too slow
        # for the core's search to be held to here; two swaps with exchange_must_pair=false are)
        ("the-fourteenth", "the-fourteenth(exchange=one-swap,exchange_when=any)",
         "the-fourteenth(exchanges=2,exchange_must_pair=false)"),
        fourteenth_laid_out, (), won=4, slow=2, longer=(47, "won", 60_741),
        refused=((lambda d: replaced(d, _0=bytes([53])), "bytes of card codes"),
                 (lambda d: replaced(d, _0=d[0][:76] + d[0][:1] * 3), "each twice at most"),
                 (lambda d: replaced(d, _1=d[1][:24]), "twenty-five places"),
                 (lambda d: replaced(d, _2=1), "make two packs"),
                 (lambda d: replaced(d, _0=d[0][2:]), "make two packs"),
                 (lambda d: replaced(d, _3=2), "0 to those made")),
        steps=20_000, keys=350),
    InC(NapoleonsSquare,
        ("napoleons-square", "napoleons-square(square=single)", "napoleons-square(remedy=slip,redeal=pack)",
         "napoleons-square(remedy=redeal,redeal=pack)", "napoleons-square(remedy=none)"),
        napoleons_square_laid_out, (NAPOLEON_FOUNDATIONS,), won=108, slow=1, longer=(141, "won", 343_484),
        refused=((lambda d: replaced(d, _7=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=(b"\x35", *d[0][1:])), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _2=d[2] + d[2][:1]), "each twice"),
                 (lambda d: replaced(d, _2=d[2][1:]), "each twice"),
                 (lambda d: replaced(d, _2=d[2][2:], _3=d[2][:2]), "one card turned at most"),
                 (lambda d: replaced(d, _0=d[0][:11]), "twelve packets"),
                 (lambda d: replaced(d, _8=3), "of 1 or 4 cards"),
                 (lambda d: replaced(d, _6=(bytes(48),)), "each an order of the 48 cards"),
                 (lambda d: replaced(d, _6=(bytes(range(47)),)), "each an order of the 48 cards"),
                 (lambda d: replaced(d, _6=(bytes(range(48)),) * 33), "at most 32 shuffles"),
                 (lambda d: replaced(d, _1=d[1][:4]), "eight foundations"),
                 (lambda d: replaced(d, _1=((0, 1),) * 3 + ((-1, 0),) * 5), "a suit at most twice")),
        steps=2_000, keys=300),
    InC(TwoRings,
        ("two-rings", "two-rings(redeals=0)", "two-rings(play_talon=false)", "two-rings(take_up=top-first)",
         "two-rings(take_up=shuffled,redeals=2)", "two-rings(fill_from=pack-or-talon)"),
        # (none known: the five deals of 1 to 400 that its searches again leave unknown after a first
        # search of 100,000 positions are left unknown where no budget is given too)
        two_rings_laid_out, (TWO_RINGS_FOUNDATIONS,), won=1, slow=4, longer=None,
        refused=((lambda d: replaced(d, _0=bytes([53])), "bytes of card codes"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1] * 2), "each twice at most"),
                 (lambda d: replaced(d, _1=d[1][:7]), "eight places of the bracelet"),
                 (lambda d: replaced(d, _1=(d[1][0] + d[1][1], *d[1][1:])), "one card at most"),
                 (lambda d: replaced(d, _3=d[3][:15]), "sixteen foundations"),
                 (lambda d: replaced(d, _3=(b"", *d[3][1:])), "a foundation 1 to 13 cards"),
                 (lambda d: replaced(d, _4=2), "0 to the re-deals allowed made"),
                 (lambda d: replaced(d, _6=3), "a take-up 0 to 2"),
                 (lambda d: replaced(d, _6=2), "a shuffle for each re-deal left"),
                 (lambda d: replaced(d, _6=2, _9=(bytes(88 * 89 // 2),)), "an order of every size of talon")),
        steps=1_500, keys=1_000),
    InC(LaBelleLucie,
        ("la-belle-lucie", "la-belle-lucie(redeal_when=stuck)", "la-belle-lucie(redeal_when=any,redeals=1)",
         "la-belle-lucie(redeals=0)"),
        lucie_laid_out, (LaBelleLucie().piles_of("foundation"),), won=1, slow=33, longer=None,
        refused=((lambda d: replaced(d, _7=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=(b"\x35", *d[0][1:])), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=(d[0][0] + d[0][1][:1], *d[0][1:])), "each once a pack"),
                 (lambda d: replaced(d, _1=d[1][:3]), "four foundations a pack"),
                 (lambda d: replaced(d, _2=b"\x01\x01\x01\x02"), "an ace \\(1\\) or a king \\(13\\)"),
                 (lambda d: replaced(d, _3=3), "no more re-deals made than allowed"),
                 (lambda d: replaced(d, _5=3), "at any time"),
                 (lambda d: replaced(d, _6=d[6][:1]), "the shuffles of the re-deals"),
                 (lambda d: replaced(d, _6=(d[6][0][:-1] + (bytes(52),), d[6][1])), "the shuffles of the re-deals"),
                 (lambda d: replaced(d, _10=((0,) * 53, (0,) * 52)), "Blocking's tables hold 53 numbers")),
        steps=450, keys=200, proofs=50),
    InC(HouseInTheWood,
        ("house-in-the-wood", "house-in-the-wood(packets=36,redeal_when=stuck)",
         "house-in-the-wood(redeal_when=any,redeals=1)"),
        lucie_laid_out, (HouseInTheWood().piles_of("foundation"),), won=2, slow=1, longer=None,
        refused=((lambda d: replaced(d, _0=d[0][:1] * 37), "1 to 36 packets"),
                 (lambda d: replaced(d, _0=(d[0][0] + d[0][0][:1], *d[0][1:])), "each once a pack"),
                 (lambda d: replaced(d, _10=(d[10] if d[10] else ((0,) * 53, (0,) * 53))), "for one pack only")),
        steps=2_500, keys=1_000),
    InC(HouseOnTheHill,
        ("house-on-the-hill", "house-on-the-hill(packets=36,redeal_when=any)",
         "house-on-the-hill(redeal_when=stuck,redeals=1)"),
        lucie_laid_out, tuple(HouseOnTheHill().piles_of("foundation")[i:i + 4] for i in (0, 4)), won=2, slow=1,
        longer=None,
        refused=((lambda d: replaced(d, _1=((0, 1), (0, 1), *d[1][2:])), "of a suit no other of its base has"),
                 (lambda d: replaced(d, _8=3), "one or two packs")),
        steps=20_000, keys=1_200),
    InC(TheLabyrinth,
        ("the-labyrinth", "the-labyrinth(foundations=as-they-appear,blocking=next-row)",
         "the-labyrinth(refill=before-deal,deal_when=blocked)", "the-labyrinth(refill=before-play,blocking=next-row)",
         "the-labyrinth(foundations=as-they-appear,refill=before-play,deal_when=blocked)"),
        labyrinth_laid_out, (LABYRINTH_FOUNDATIONS[:4], LABYRINTH_FOUNDATIONS[4:]), won=1, slow=14, longer=None,
        refused=((lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1]), "each twice at most"),
                 (lambda d: replaced(d, _1=12), "0 to 11 of them dealt"),
                 (lambda d: replaced(d, _2=2), "one grace at most"),
                 (lambda d: replaced(d, _3=d[0][-1:], _0=d[0][:-1]), "one grace at most"),
                 (lambda d: replaced(d, _7=3), "refill 0 to 2"),
                 (lambda d: replaced(d, _4=d[4][:100]), "110 places"),
                 (lambda d: replaced(d, _4=(d[4][0] + d[0][-1:], *d[4][1:]), _0=d[0][:-1]), "one card at most"),
                 (lambda d: replaced(d, _4=(*d[4][:50], d[0][-1:], *d[4][51:]), _0=d[0][:-1]),
                  "below the rows dealt"),
                 (lambda d: replaced(d, _5=d[5][:4]), "eight foundations"),
                 (lambda d: replaced(d, _5=((0, 14), *d[5][1:])), "1 to 13 cards"),
                 (lambda d: replaced(d, _5=((0, 1), (0, 1), *d[5][2:])), "a suit at most once")),
        steps=1_200, keys=400),
    InC(TheFifteen,
        ("the-fifteen", "the-fifteen(exception=stuck)", "the-fifteen(exception=none,distinct_suits=true)"),
        # (its searches again, of 1,000 positions each within either budget, win what a first search of
        # 100,000 wins and one of 50,000 does not: deal 58, the one such of 1 to 200)
        fifteen_laid_out, (FIFTEEN_COLUMNS, FIFTEEN_ACES, FIFTEEN_KINGS), won=151, slow=1, longer=None,
        refused=((lambda d: replaced(d, _2=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=(b"\x35", *d[0][1:])), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=(d[0][0] + d[0][0][:1], *d[0][1:])), "each twice at most"),
                 (lambda d: replaced(d, _0=d[0][:14]), "fifteen columns"),
                 (lambda d: replaced(d, _1=d[1][:4]), "eight foundations"),
                 (lambda d: replaced(d, _1=((0, 14), *d[1][1:])), "1 to 13 cards"),
                 (lambda d: replaced(d, _1=((0, 1), (0, 1), *d[1][2:]), _4=True), "a suit at most once"),
                 (lambda d: replaced(d, _3="sometimes"), "'unopened', 'stuck' or 'none'")),
        steps=3_000, keys=150),
    InC(Babette,
        ("babette", "babette(redeals=0,blocking=next-row)", "babette(redeals=1,blocking=next-row,deal_when=blocked)",
         "babette(redeal_when=any,pile_order=reversed)"),
        babette_laid_out, (BABETTE_FOUNDATIONS[:4], BABETTE_FOUNDATIONS[4:]), won=58, slow=1, longer=(76, "won", 153_383),
        refused=((lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=d[0][:-2] + d[1][0] * 2), "each twice at most"),
                 (lambda d: replaced(d, _1=d[1][:96]), "104 places"),
                 (lambda d: replaced(d, _3=0), "1 to 13 of them dealt"),
                 (lambda d: replaced(d, _1=(d[1][0] + d[0][-1:], *d[1][1:]), _0=d[0][:-1]), "one card at most"),
                 (lambda d: replaced(d, _1=(*d[1][:50], d[0][-1:], *d[1][51:]), _0=d[0][:-1]),
                  "below the rows dealt"),
                 (lambda d: replaced(d, _3=13), "than the rows to come hold"),
                 (lambda d: replaced(d, _4=3), "no more made"),
                 (lambda d: replaced(d, _5=17, _4=0), "0 to 16 re-deals allowed"),
                 (lambda d: replaced(d, _2=d[2][:4]), "eight foundations"),
                 (lambda d: replaced(d, _2=((0, 14), *d[2][1:])), "1 to 13 cards"),
                 (lambda d: replaced(d, _2=((0, 1), (0, 1), *d[2][2:])), "a suit at most once")),
        steps=1_000, keys=300),
    InC(LaNivernaise,
        ("la-nivernaise", "la-nivernaise(examine=count)", "la-nivernaise(keep_vacancy=true)",
         "la-nivernaise(examine=count,keep_vacancy=true)"),
        la_nivernaise_laid_out, (NIVERNAISE_FLANKS, NIVERNAISE_ASCENDING, NIVERNAISE_DESCENDING), won=22, slow=1,
        longer=(50, "won", 396_890),
        refused=((lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1] * 2), "each twice at most"),
                 (lambda d: replaced(d, _1=d[1][:7]), "eight places of the Flanks"),
                 (lambda d: replaced(d, _1=(d[1][0] + d[1][1], *d[1][1:])), "one card at most"),
                 (lambda d: replaced(d, _2=d[2][:4]), "eight foundations"),
                 (lambda d: replaced(d, _2=((0, 14), *d[2][1:])), "1 to 13 cards"),
                 (lambda d: replaced(d, _2=((0, 1), (0, 1), *d[2][2:])), "a suit at most once"),
                 (lambda d: replaced(d, _3=d[3][:5]), "six packets of the Line"),
                 (lambda d: replaced(d, _4=2), "0 or 1 re-deal made")),
        steps=750, keys=180),
    InC(TheKings,
        ("the-kings", "the-kings(play_at_once=true,lane=line)", "the-kings(same_line=always,direction=keep)"),
        kings_laid_out, tuple(KINGS_FOUNDATIONS[i:i + 2] for i in range(0, 8, 2)), won=4, slow=1, longer=None,
        refused=((lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1] * 2), "each twice at most"),
                 (lambda d: replaced(d, _1=(b"\x01", *d[1][1:])), "each twice at most"),
                 (lambda d: replaced(d, _1=("A", *d[1][1:])), "bytes of card codes"),
                 (lambda d: replaced(d, _1=d[1][:7]), "eight rows and eight foundations"),
                 (lambda d: replaced(d, _2=d[2][:7]), "eight rows and eight foundations"),
                 (lambda d: replaced(d, _2=(d[2][0] + b"\x03", *d[2][1:])), "ascends from an ace by one"),
                 (lambda d: replaced(d, _2=(bytes(range(1, 15)), *d[2][1:])), "to a king at most")),
        steps=1_000, keys=400),
    InC(TheSquare,
        ("the-square", "the-square(spaces=before-talon)", "the-square(from_talon=spaces)",
         "the-square(spaces=before-talon,from_talon=spaces)"),
        square_laid_out, (SQUARE_PACKETS, SQUARE_FOUNDATIONS), won=square_won, slow=1, longer=None,
        refused=((lambda d: replaced(d, _5=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=(b"\x35", *d[0][1:])), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _2=d[2] + d[2][:1]), "each twice"),
                 (lambda d: replaced(d, _2=d[2][1:]), "each twice"),
                 (lambda d: replaced(d, _2=d[2][2:], _3=d[2][:2]), "one card turned at most"),
                 (lambda d: replaced(d, _0=d[0][:15]), "sixteen packets"),
                 (lambda d: replaced(d, _1=d[1][:3]), "four foundations"),
                 (lambda d: replaced(d, _1=((0, 27), *d[1][1:])), "1 to 26 cards"),
                 (lambda d: replaced(d, _1=((0, 1), (0, 1), *d[1][2:])), "a suit at most once")),
        steps=6_000, keys=1_300),
    InC(TheNation,
        ("the-nation", "the-nation(redeal_when=stuck,spaces=any)",
         "the-nation(redeal_when=any,play_in_deal=may,redeals=1)", "the-nation(redeals=0,play_in_deal=may)"),
        # (its key takes the columns as a set only once the last deal is complete: the test below; none
        # known longer: a first search of 50,000 positions and the searches again decide deals 1 to 20,000)
        nation_laid_out, (), won=2, slow=38, longer=None,
        refused=((lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1]), "each twice at most"),
                 (lambda d: replaced(d, _1=d[1][:4]), "eight foundations"),
                 (lambda d: replaced(d, _1=((2, 14), *d[1][1:])), "1 to 13 cards"),
                 (lambda d: replaced(d, _1=((2, 1), (2, 1), *d[1][2:])), "a suit at most once"),
                 (lambda d: replaced(d, _2=d[2][:11]), "twelve columns"),
                 (lambda d: replaced(d, _3=1), "0 to 96 cards counted"),
                 (lambda d: replaced(d, _4=13), "column 0 to 12"),
                 (lambda d: replaced(d, _5=3), "0 to the re-deals allowed made"),
                 (lambda d: replaced(d, _7=3), "a re-deal when 0 to 2")),
        steps=1_000, keys=300),
    InC(TheBlockade,
        ("the-blockade", "the-blockade(deal_when=any,refill=at-once)"),
        blockade_laid_out, (BLOCKADE_FOUNDATIONS,), won=144, slow=1, longer=(75, "won", 335_311),
        refused=((lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1]), "each twice at most"),
                 (lambda d: replaced(d, _1=10), "0 to 9 of them begun"),
                 (lambda d: replaced(d, _2=2), "the last being dealt \\(1\\) or not \\(0\\)"),
                 (lambda d: replaced(d, _3=d[3][:96]), "108 places"),
                 (lambda d: replaced(d, _3=(bytes([13, 11]), *d[3][1:]),
                                     _0=d[0].replace(b"\x0d", b"", 1).replace(b"\x0b", b"", 1)),
                  "a descending line of its suit"),
                 (lambda d: replaced(d, _4=d[4][:4]), "eight foundations"),
                 (lambda d: replaced(d, _4=((0, 14), *d[4][1:])), "1 to 13 cards"),
                 (lambda d: replaced(d, _4=((0, 1),) * 3 + d[4][3:]), "a suit at most twice")),
        steps=1_000, keys=400),
    InC(LightAndShade, ("light-and-shade", "light-and-shade(talon_to_auxiliaries=false)"),
        light_and_shade_laid_out, (SHADE_AUXILIARIES, SHADE_RIVALS, SHADE_FOUNDATIONS), won=255, slow=1,
        longer=(134, "lost", 74_324),
        refused=((lambda d: replaced(d, _5=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1] * 2), "each twice at most"),
                 (lambda d: replaced(d, _0=d[0] + d[2][0], _2=(b"", *d[2][1:])), "88 at most in the pack"),
                 (lambda d: replaced(d, _2=d[2][:3]), "four Auxiliaries"),
                 (lambda d: replaced(d, _3=d[3][:3]), "four Rivals"),
                 (lambda d: replaced(d, _4=d[4][:4]), "eight foundations"),
                 (lambda d: replaced(d, _3=(d[3][0] + d[3][1], b"", *d[3][2:])), "one card at most"),
                 (lambda d: replaced(d, _4=(b"", *d[4][1:])), "1 to 13 cards"),
                 (lambda d: replaced(d, _4=(d[3][0], *d[4][1:]), _3=(b"", *d[3][1:])), "an ace and the cards"),
                 (lambda d: replaced(d, _4=(d[4][0] + d[3][0], *d[4][1:]), _3=(b"", *d[3][1:])),
                  "built on it by Rule I")),
        steps=2_500, keys=1_000),
    InC(TheFourCorners,
        ("the-four-corners", "the-four-corners(redeal_when=stuck,places=in-turn,redeals=1)",
         "the-four-corners(redeal_when=any,play_in_deal=as-dealt,take_up=left-last,pile_order=reversed)"),
        # (its packets and spaces are alike only once the deal is over and no re-deal is left: see below)
        four_corners_laid_out, (), won=377, slow=1, longer=(98, "won", 94_926),
        refused=((lambda d: replaced(d, _0=b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1]), "each twice at most"),
                 (lambda d: replaced(d, _1=d[1][:11]), "twelve packets"),
                 (lambda d: replaced(d, _2=d[2][:4]), "eight foundations"),
                 (lambda d: replaced(d, _2=((1, 14), *d[2][1:])), "1 to 13 cards"),
                 (lambda d: replaced(d, _2=((2, 1), *d[2][1:])), "an ace or a king"),
                 (lambda d: replaced(d, _2=((13, 1), (13, 1), *d[2][2:])), "no two begun with one card"),
                 (lambda d: replaced(d, _3=13), "deal_to 1 to 12"),
                 (lambda d: replaced(d, _5=3), "no more than those allowed"),
                 (lambda d: replaced(d, _7=3), "redeal_when 0 to 2")),
        steps=1_500, keys=300),
    InC(Tens,
        ("tens", "tens(deal_when=blocked)", "tens(turn_up=move)", "tens(deal_when=blocked,turn_up=move)"),
        # (none known: a first search of 10,000,000 positions won none of 48 deals that 10,000 left unknown,
        # where 4,096 searches again of 500 won 4)
        tens_laid_out, (), won=383, slow=1, longer=None,
        refused=((lambda d: replaced(d, _4=b"\x00" * 10), "53 by 53 bytes"),
                 (lambda d: replaced(d, _4=bytes(53 * 53 - 1) + b"\x01"), "one higher, of the other colour"),
                 (lambda d: replaced(d, _0=d[0] + b"\x35"), "card codes, 1 to 52"),
                 (lambda d: replaced(d, _0=d[0] + d[0][:1] * 2), "each twice at most"),
                 (lambda d: replaced(d, _1=d[1][:9]), "ten files"),
                 (lambda d: replaced(d, _1=((d[1][0][0], 4), *d[1][1:])), "0 to all of its cards")),
        steps=2_500, keys=180),
]

pytestmark = pytest.mark.skipif(any(game.c is None for game in GAMES),
                                reason="the searches in C were not built (PATIENCE_PURE)")

READINGS = [pytest.param(game, spec, id=spec) for game in GAMES for spec in game.readings]
BY_GAME = [pytest.param(game, id=game.cls.slug) for game in GAMES]


def test_every_search_in_c_is_tested_here() -> None:
    from patience import games

    assert {game.cls for game in GAMES} == {cls for cls in games.all() if cls.SEARCH_IN_C is not None}


@pytest.mark.parametrize(("game", "spec"), READINGS)
def test_its_moves_steps_and_proofs_are_the_engines(game: InC, spec: str) -> None:
    """On positions of four deals played at random and 150 laid out in a game's first reading, half as
    many in each other (its steps and proofs compared: a third as many at least)."""
    first = spec == game.readings[0]
    rng, share, floor = random.Random(spec), 1 if first else 2, 1 if first else 3
    positions = [p for seed in range(1, 1 + 4 // share) for p in random_play(spec, seed)] + \
        [game.laid_out(spec, rng) for _ in range(150 // share)]
    assert moves_and_steps_are_the_engines(game.c, positions) > game.steps // floor
    assert sum(p.blocked() is not None for p in positions) >= game.proofs // floor  # (made, not only refused)


@pytest.mark.parametrize(("game", "spec"), READINGS)
def test_its_keys_merge_what_the_solver_key_merges(game: InC, spec: str) -> None:
    merged = sum(keys_merge_what_the_solver_key_merges(game.c, random_play(spec, seed),
                                                       lambda p: rearranged(p, *game.as_a_set))
                 for seed in range(1, 13))
    assert merged > game.keys


def test_napoleons_square_takes_its_packets_as_a_set_once_play_has_begun() -> None:
    """Napoleon's Square's key takes its packets in their order while the square lies as dealt (the Note's
    re-deal takes them up so), and as a set once play has begun, as its solver_key does."""
    c = next(game for game in GAMES if game.cls is NapoleonsSquare).c
    dealt = 0
    for seed in range(1, 7):
        for game in random_play("napoleons-square", seed, 40):
            packets: Any = rearranged(game, NAPOLEON_PACKETS)
            alike = packets.solver_key() == game.solver_key()
            assert alike != game.square_as_dealt()
            assert (c.key(packets.description()) == c.key(game.description())) == alike
            dealt += game.square_as_dealt()
    assert dealt >= 6


def test_the_kings_takes_its_rows_and_lines_as_sets_once_the_pack_is_out() -> None:
    """Once the pack is exhausted The Kings' key takes a line's two rows as a set and the lines as a set
    (each with its two foundations while Rule III holds), or, with Rule III ended and a lane a row, the rows
    and the foundations each as a set, as its solver_key does: the rows and foundations put in other orders
    (a line's rows swapped, the lines, or every row and foundation, shuffled) merge where the solver key
    does, and only there."""
    c = next(game for game in GAMES if game.cls is TheKings).c
    merged = told_apart = 0
    for spec in next(game for game in GAMES if game.cls is TheKings).readings:
        rng = random.Random(spec)
        for _ in range(60):
            game = kings_laid_out(spec, rng)
            if game.piles["pack"].cards:
                continue
            moved = game.copy()
            lines = rng.sample(range(4), 4)
            for line in range(4):
                rows = [game.piles[KINGS_ROWS[lines[line] + 4 * side]] for side in (0, 1)]
                founded = [game.piles[KINGS_FOUNDATIONS[2 * lines[line] + i]] for i in (0, 1)]
                if rng.random() < 0.5:
                    rows.reverse()
                for side in (0, 1):
                    moved.piles[KINGS_ROWS[line + 4 * side]] = rows[side]
                for i in (0, 1):
                    moved.piles[KINGS_FOUNDATIONS[2 * line + i]] = founded[i]
            if rng.random() < 0.3:
                for kind in (KINGS_ROWS, KINGS_FOUNDATIONS):
                    for name, pile in zip(kind, rng.sample([moved.piles[name] for name in kind], len(kind))):
                        moved.piles[name] = pile
            alike = moved.solver_key() == game.solver_key()
            assert (c.key(moved.description()) == c.key(game.description())) == alike, (spec, game)
            merged += alike
            told_apart += not alike
    assert merged >= 20 and told_apart >= 10


def test_the_nation_takes_its_columns_as_a_set_once_the_last_deal_is_complete() -> None:
    """The Nation's key takes its columns in their order while a deal or a re-deal is to come (the re-deal
    takes them up so), and as a set once the last deal is complete, as its solver_key does."""
    c = next(game for game in GAMES if game.cls is TheNation).c
    rng, alike = random.Random(2), 0
    for _ in range(40):
        game = nation_laid_out("the-nation", rng)
        columns: Any = rearranged(game, NATION_COLUMNS)
        same = columns.solver_key() == game.solver_key()
        assert (c.key(columns.description()) == c.key(game.description())) == same
        assert same or not game.last_deal()
        alike += game.last_deal() and game.piles[NATION_COLUMNS[0]] != game.piles[NATION_COLUMNS[-1]]
    assert alike >= 5


def test_the_four_corners_takes_its_packets_and_spaces_as_sets_once_settled() -> None:
    """The Four Corners' key takes its packets and its foundation spaces in their places until the deal is
    over and no re-deal is left (the rules of the deal and the re-deal's order tell them apart), and as two
    sets from then on, as its solver_key does."""
    c = next(game for game in GAMES if game.cls is TheFourCorners).c
    rng, alike = random.Random(4), Counter()
    for spec in ("the-four-corners", "the-four-corners(redeals=0)"):
        for _ in range(60):
            game = four_corners_laid_out(spec, rng)
            for kinds in ((FOUR_CORNERS_PACKETS,), (FOUR_CORNERS_FOUNDATIONS,)):
                other = rearranged(game, *kinds)
                same = other.solver_key() == game.solver_key()
                assert (c.key(other.description()) == c.key(game.description())) == same, game
                alike[game._settled(), same] += 1
    assert alike[True, True] >= 20 and alike[False, False] >= 20


def test_tens_takes_its_files_as_a_set_once_the_packs_are_dealt_out() -> None:
    """Tens's key takes its files in their order while the hand lasts (each deal gives each file its own
    card), and as a set once the packs are dealt out, as its solver_key does."""
    c = next(game for game in GAMES if game.cls is Tens).c
    out = 0
    for seed in range(1, 7):
        for game in random_play("tens", seed, 200):
            files: Any = rearranged(game, TENS_FILES)
            alike = files.solver_key() == game.solver_key()
            if all(files.piles[name] == game.piles[name] for name in TENS_FILES):
                continue  # (the files read the same either way)
            assert (c.key(files.description()) == c.key(game.description())) == alike
            assert alike == (not game.piles["hand"].cards)
            out += not game.piles["hand"].cards
    assert out >= 6


@pytest.mark.parametrize(("game", "spec"), READINGS)
def test_its_searches_end_as_the_cores(game: InC, spec: str) -> None:
    """From deals, and from positions laid out at random (fewer cards left: more of them decided): many
    in a game's first reading, fewer in each other (whose moves, steps and keys the test above holds to
    the engine's as closely as the first's)."""
    rng = random.Random(spec)
    deals, laid_out, decided = (3, 8, 3) if spec == game.readings[0] else (1, 6, 2)
    starts = [load(spec, seed=seed) for seed in range(1, deals + 1)] + [game.laid_out(spec, rng) for _ in range(laid_out)]
    assert searches_end_as_the_cores(game.search, starts, 2_500) >= decided


@pytest.mark.parametrize("game", BY_GAME)
def test_a_won_line_is_played_through_the_rules(game: InC) -> None:
    board = game.cls.deal(seed=game.won) if isinstance(game.won, int) else game.won()
    outcome, line, count = game.search(board, 2_000_000, None, None, None, 0.0)
    assert outcome == "won" and board.is_won and list(board.history) == line and count > 0


def test_the_c_core_counts_as_the_core_does() -> None:
    """The longest run of the pack and the positions between two reports of progress are solve.py's."""
    import re
    from pathlib import Path

    from patience import solve as core

    text = (Path(core.__file__).parent / "games" / "_search_tools.h").read_text()
    defined = dict(re.findall(r"#define (PACK_RUN|PROGRESS) (\d+)", text))
    assert {name: int(value) for name, value in defined.items()} == {"PACK_RUN": core.PACK_RUN,
                                                                       "PROGRESS": core.PROGRESS}


def test_a_line_the_rules_do_not_allow_fails_loudly() -> None:
    """The line of a search in C is played through the rules: a step they do not allow (here the
    A♠, code 1, from the stock to row 1, which holds it not) is an error, not a win."""
    from types import SimpleNamespace

    from patience.compiled import _search_in_c

    wrong = SimpleNamespace(search=lambda *args: ("won", [(0, 0, 6, 1, 1)], 1))
    with pytest.raises(RuntimeError, match="which the rules do not allow once"):
        _search_in_c(wrong, Canfield.deal(seed=1), 10, None, None, None, 0.0)  # type: ignore[arg-type]


def test_a_move_from_several_piles_is_played_by_them_all() -> None:
    """A step of a move that takes cards from several piles at once (The Wheel's combination) names the
    others after its card, and so tells apart moves that share their first pile, target and card (two
    crowns for one combination, here); named by fewer of its piles, or in another order, it is no move."""
    from types import SimpleNamespace

    from patience.compiled import _search_in_c

    board = TheWheel.deal(seed=2)
    step = (0, *numbered(board, board.legal_moves()[0]))
    assert [(0, *numbered(board, m))[:5] for m in board.legal_moves()].count(step[:5]) == 2
    def played(named: tuple[int, ...]) -> list[Move]:
        searched = SimpleNamespace(search=lambda *args: ("won", [named], 1))
        return _search_in_c(searched, board.copy(), 10, None, None, None, 0.0)[1]  # type: ignore[arg-type]

    assert played(step) == board.legal_moves()[:1]
    for named in (step[:5], step[:-1], (*step[:5], *step[5:][::-1])):
        with pytest.raises(RuntimeError, match="which the rules do not allow once"):
            played(named)


@pytest.mark.parametrize("game", BY_GAME)
def test_its_budgets_and_progress(game: InC) -> None:
    budgets_and_progress(game.search, game.cls.deal(seed=game.slow))


@pytest.mark.parametrize("game", BY_GAME)
def test_a_description_that_is_not_one_is_refused(game: InC) -> None:
    description = game.cls.deal(seed=1).description()
    for change, words in game.refused:
        with pytest.raises(ValueError, match=words):
            game.c.moves(change(description), False)
    with pytest.raises(TypeError):
        game.c.search(game.cls.slug, 10, None, None, 0, 0.0, 0, False)


@pytest.mark.parametrize("game", BY_GAME)
def test_without_a_budget_it_searches_as_long_as_the_core_would_take_for_much_less(game: InC) -> None:
    if game.longer is None:
        assert game.cls.deal(seed=1).search_nodes() == game.cls.NODES_IN_C > NODES["thoughtful"]
        return
    seed, outcome, positions = game.longer
    deal = game.cls.deal(seed=seed)
    assert deal.search_nodes() == game.cls.NODES_IN_C
    searches_longer_without_a_budget(deal, outcome, positions)


@pytest.mark.parametrize("game", BY_GAME)
def test_searches_in_threads_end_as_they_do_one_at_a_time(game: InC) -> None:
    threads_search_as_one(game.search, [load(spec, seed=seed) for spec in game.readings[:2] for seed in (1, 2, 3, 4)],
                          50_000)
