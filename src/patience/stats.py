"""Statistics: the solver over many deals, in parallel, stored as JSON that the book reads.

The unit of work is a range of seeds (:func:`solve_range`): the runner here fans
ranges out to local processes (:func:`run`), and :func:`run_dask` to a Dask
cluster; any other engine (Ray, a batch queue) can do the same and
:meth:`Results.merge` the pieces.  Results record the game, its options, the mode,
the budget and the engine, and per seed the outcome, the time and the work done,
so runs can be resumed, merged, and read by the book.

>>> results = run("the-fifteen", range(1, 5), "honest", nodes=50, progress=False)
>>> results.deals, sum(results.counts().values())
(4, 4)
>>> lo, hi = results.interval()
>>> 0 <= lo <= results.rate() <= hi <= 1
True
"""

from __future__ import annotations

import ast
import hashlib
import json
import math
import statistics
import sys
import tomllib
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from . import __version__, compiled, games, load
from .errors import whole_number
from .options import parse_spec
from .solve import MODES, NODES, OUTCOMES, check_budget, searches_again, solve

__all__ = ["Outcome", "Results", "Study", "wilson", "solve_seed", "solve_range", "run", "run_dask",
           "engine_hash", "code_of", "studies", "run_study", "stored", "together", "with_together"]

#: The core modules whose code decides a result (with the game's own module).
ENGINE = ("blocked", "build", "cards", "errors", "game", "options", "solve")

#: How many seeds a worker solves before reporting back.
CHUNK = 10


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> [round(x, 3) for x in wilson(3, 10)]
    [0.108, 0.603]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def engine_hash(spec: str) -> str:
    """A short hash of the code that decides a result: the game's module, the core and the solver,
    and the game's search in C if it has one (``games/_<module>_search.c`` and the headers it shares,
    whole).

    Only the code counts, as Python reads it: a docstring, a comment or a line broken otherwise
    leaves the hash as it was, so a study that is resumed after such an edit goes on where it
    stopped; a change to a statement is a new engine.

    >>> engine_hash("demon") == engine_hash("demon(files=part)") != engine_hash("canfield")
    True
    """
    cls = games.get(parse_spec(spec)[0])
    here = Path(__file__).parent
    module = Path(sys.modules[cls.__module__].__file__ or "")
    files = [here / f"{name}.py" for name in ENGINE] + [module]
    digest = hashlib.sha256()
    for path in files:
        digest.update(code_of(path.read_text(encoding="utf-8")))
    in_c = f"games._{module.stem}_search"
    if in_c in compiled.IN_C:
        for path in compiled.sources(in_c, here):
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def code_of(source: str) -> bytes:
    """The statements of the Python ``source``, without its docstrings (or any other string standing
    alone as a statement), comments and layout: what :func:`engine_hash` hashes.

    >>> code_of("def f(x):\\n    '''Twice x.'''\\n    return 2 * x  # doubled\\n") == code_of("def f(x): return 2*x")
    True
    >>> code_of("def f(x): return 2 * x") == code_of("def f(x): return 3 * x")
    False
    """
    tree = ast.parse(source)
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                kept = [s for s in body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
                                                and isinstance(s.value.value, str))]
                setattr(node, name, kept or [ast.Pass()])
    return ast.dump(tree).encode()


@dataclass(frozen=True)
class Outcome:
    """One deal's result: ``outcome`` is won, lost or unknown; ``nodes`` the positions searched
    (thoughtful) or plans made (honest); ``moves`` the length of the line played."""

    seed: int
    outcome: str
    seconds: float
    nodes: int
    moves: int


def solve_seed(spec: str, seed: int, mode: str = "thoughtful", nodes: int | None = None,
               width: int | None = None, seconds: float | None = None) -> Outcome:
    """Deal seed ``seed`` of ``spec`` and solve it (with ``width``, by a :func:`~patience.solve.beam`;
    with ``seconds``, a thoughtful search stops after that long as well)."""
    solution = solve(load(spec, seed=seed), mode, nodes=nodes, width=width,
                     seconds=seconds if mode == "thoughtful" else None)
    return Outcome(seed, solution.outcome, round(solution.seconds, 4), solution.nodes, len(solution.record))


def solve_range(spec: str, first: int, last: int, mode: str = "thoughtful", nodes: int | None = None,
                width: int | None = None, seconds: float | None = None) -> list[Outcome]:
    """Solve seeds ``first`` to ``last`` inclusive: the unit of work for any parallel engine."""
    return [solve_seed(spec, seed, mode, nodes, width, seconds) for seed in range(first, last + 1)]


@dataclass
class Results:
    """The outcomes of one study (a game with its options, a mode, a budget and, for a
    :func:`~patience.solve.beam`, its width), seed by seed."""

    spec: str
    mode: str
    nodes: int
    engine: str = ""
    version: str = __version__
    outcomes: dict[int, Outcome] = field(default_factory=dict)
    width: int | None = None
    #: The time a thoughtful search may take a deal, besides ``nodes`` (None: no limit).
    seconds: float | None = None
    #: For the deals as several studies decide them :func:`together`: those studies.
    joins: tuple[Results, ...] = ()
    #: A thoughtful search's searches again in other orders of a deal it left unknown, as the game
    #: makes them (:attr:`~patience.game.Game.RESTARTS`): pairs of how many, and the positions of each.
    restarts: tuple[tuple[int, int], ...] | None = None
    #: Whether a thoughtful search then plays a deal it left unknown out as the honest player plays,
    #: seeing every card (:attr:`~patience.game.Game.PLAYS_OUT`).
    plays_out: bool = False
    #: The positions of a thoughtful search's search again with the pack's cards that go out tried
    #: first, of a deal it left unknown (:meth:`~patience.game.Game.pack_first`; 0: none).
    pack_first: int = 0

    @property
    def game(self) -> str:
        return parse_spec(self.spec)[0]

    @property
    def options(self) -> dict[str, Any]:
        return parse_spec(self.spec)[1]

    @property
    def deals(self) -> int:
        return len(self.outcomes)

    def counts(self) -> dict[str, int]:
        """How many deals were won, lost and unknown."""
        counts = dict.fromkeys(OUTCOMES, 0)
        for o in self.outcomes.values():
            counts[o.outcome] += 1
        return counts

    def rate(self) -> float:
        """The share of deals won (unknowns counted as not won)."""
        return self.counts()["won"] / self.deals if self.deals else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the win rate, unknowns counted both ways: from the Wilson interval's
        lower end with every unknown lost to its upper end with every unknown won."""
        c = self.counts()
        return (wilson(c["won"], self.deals)[0], wilson(c["won"] + c["unknown"], self.deals)[1])

    def times(self) -> tuple[float, float, float]:
        """Seconds per deal: median, mean and 95th percentile."""
        seconds = sorted(o.seconds for o in self.outcomes.values())
        if not seconds:
            return (0.0, 0.0, 0.0)
        p95 = seconds[min(len(seconds) - 1, math.ceil(0.95 * len(seconds)) - 1)]
        return (statistics.median(seconds), statistics.fmean(seconds), p95)

    def seeds(self) -> str:
        """The seeds covered, as ranges: ``1–1000``."""
        runs: list[list[int]] = []
        for seed in sorted(self.outcomes):
            if runs and seed == runs[-1][1] + 1:
                runs[-1][1] = seed
            else:
                runs.append([seed, seed])
        return ", ".join(f"{a}–{b}" if a != b else str(a) for a, b in runs)

    def summary(self) -> str:
        """A few lines for the terminal."""
        c = self.counts()
        lo, hi = self.interval()
        median, mean, p95 = self.times()
        return (f"{self.spec}: {self.mode}, budget {self.budget()}, {self.deals} deals (seeds {self.seeds()})\n"
                f"won {c['won']}, lost {c['lost']}, unknown {c['unknown']}: win rate {self.rate():.1%}, "
                f"95% interval {lo:.1%}–{hi:.1%}\n"
                f"seconds per deal: median {median:.3f}, mean {mean:.3f}, 95th percentile {p95:.3f}")

    def budget(self) -> str:
        """The budget in words: ``800 positions a deal``, ``50,000 positions a deal, a beam of 30``,
        ``1,000,000 positions or 30 s a deal``; for studies taken :func:`together`, which rows of
        the table they join."""
        if self.joins:
            searches = sum(r.mode == "thoughtful" for r in self.joins)
            named = {1: "the search", 2: "both searches", 3: "the three searches", 4: "the four searches"}.get(
                searches, f"the {searches} searches")
            player = " and the player" if searches < len(self.joins) else ""
            return f"{named}{player} above"
        per = " a deal" if self.mode == "thoughtful" else " a plan"
        time = f" or {self.seconds:g} s" if self.seconds is not None else ""
        beam = f", a beam of {self.width:,}" if self.width is not None else ""
        again = ""
        if self.restarts is not None:
            orders = [f"{times:,} {'searches ' if not k else ''}of {each:,}"
                      for k, (times, each) in enumerate(self.restarts)]
            listed = orders[0] if len(orders) == 1 else f"{', '.join(orders[:-1])} and {orders[-1]}"
            again = f", then {listed} in other orders"
        if self.pack_first:
            again += f", then one of {self.pack_first:,} with the pack's cards that go out first"
        if self.plays_out:
            again += ", then played out seeing every card"
        return f"{self.nodes:,} positions{time}{per}{beam}{again}"

    def add(self, outcomes: Iterable[Outcome]) -> None:
        for o in outcomes:
            self.outcomes[o.seed] = o

    def merge(self, other: Results) -> Results:
        """These results and ``other``'s (the same study) together; :class:`ValueError` if they
        are of different studies."""
        for name in ("spec", "mode", "nodes", "width", "seconds", "restarts", "pack_first", "plays_out", "engine"):
            if getattr(self, name) != getattr(other, name):
                raise ValueError(f"cannot merge results of different studies: {name} "
                                 f"{getattr(self, name)!r} and {getattr(other, name)!r}")
        merged = Results(self.spec, self.mode, self.nodes, self.engine, self.version, dict(self.outcomes),
                         self.width, self.seconds, restarts=self.restarts, plays_out=self.plays_out,
                         pack_first=self.pack_first)
        merged.add(other.outcomes.values())
        return merged

    # ------------------------------------------------------------------- JSON
    def to_json(self) -> str:
        """The results as JSON: the study, then one line per deal (``[seed, outcome, seconds, nodes,
        moves]``, the fields of :class:`Outcome`)."""
        head = {
            "game": self.game, "spec": self.spec, "options": self.options, "mode": self.mode,
            "budget": {"nodes": self.nodes, **({"seconds": self.seconds} if self.seconds is not None else {}),
                       **({"width": self.width} if self.width is not None else {}),
                       **({"restarts": [list(pair) for pair in self.restarts]} if self.restarts is not None else {}),
                       **({"pack_first": self.pack_first} if self.pack_first else {}),
                       **({"plays_out": True} if self.plays_out else {})},
            "engine": self.engine, "version": self.version,
            "seeds": self.seeds(), "counts": self.counts(), "columns": list(Outcome.__dataclass_fields__),
        }
        lines = [json.dumps(list(asdict(self.outcomes[s]).values())) for s in sorted(self.outcomes)]
        body = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
        return body + ',\n "outcomes": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"

    @classmethod
    def from_json(cls, text: str) -> Results:
        data = json.loads(text)
        results = cls(data["spec"], data["mode"], data["budget"]["nodes"], data["engine"], data["version"],
                      width=data["budget"].get("width"), seconds=data["budget"].get("seconds"))
        restarts = data["budget"].get("restarts")
        results.restarts = None if restarts is None else tuple((times, each) for times, each in restarts)
        results.pack_first = data["budget"].get("pack_first", 0)
        results.plays_out = data["budget"].get("plays_out", False)
        results.add(Outcome(**dict(zip(data["columns"], row))) for row in data["outcomes"])
        return results

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Results:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))


def together(studies: Sequence[Results]) -> Results:
    """The deals as the ``studies`` of one game decide them together, on the seeds they all cover:
    won where any of them won (a line that wins is a win, whichever search or player found it), lost
    where a thoughtful search proved it (an honest player who gives up proves nothing), and unknown
    otherwise; a deal takes the seconds and the positions (or plans) of all of them.  A deal won by
    one and proved lost by another is a mistake in one of them: :class:`ValueError`.

    >>> dfs = Results("anna", "thoughtful", 100, outcomes={1: Outcome(1, "lost", 0.5, 90, 0),
    ...                                                     2: Outcome(2, "unknown", 1.0, 100, 0),
    ...                                                     3: Outcome(3, "unknown", 1.0, 100, 0)})
    >>> beam = Results("anna", "thoughtful", 100, width=5, outcomes={1: Outcome(1, "unknown", 0.2, 40, 0),
    ...                                                              2: Outcome(2, "won", 0.3, 60, 80),
    ...                                                              3: Outcome(3, "unknown", 0.2, 40, 0)})
    >>> both = together([dfs, beam])
    >>> both.counts(), both.budget()
    ({'won': 1, 'lost': 1, 'unknown': 1}, 'both searches above')
    >>> player = Results("anna", "honest", 20, outcomes={1: Outcome(1, "lost", 0.1, 9, 40),
    ...                                                  2: Outcome(2, "lost", 0.1, 9, 50),
    ...                                                  3: Outcome(3, "won", 0.1, 9, 90)})
    >>> every = together([dfs, beam, player])
    >>> every.counts(), every.budget()
    ({'won': 2, 'lost': 1, 'unknown': 0}, 'both searches and the player above')
    >>> together([dfs, Results("anna", "thoughtful", 100, width=5, outcomes={1: Outcome(1, "won", 0.2, 40, 70)})])
    Traceback (most recent call last):
    ...
    ValueError: anna, deal 1: won by the search of 100 positions a deal, a beam of 5, proved lost by the search of 100 positions a deal
    """
    first = studies[0]
    if any(r.spec != first.spec for r in studies) or sum(r.mode == "honest" for r in studies) > 1:
        raise ValueError("together joins the thoughtful searches of one game and at most one honest player")
    seeds = set(first.outcomes).intersection(*(r.outcomes for r in studies[1:]))
    joined = Results(first.spec, "thoughtful", first.nodes, first.engine, first.version, joins=tuple(studies))
    for seed in sorted(seeds):
        outcomes = [r.outcomes[seed] for r in studies]
        found = [o.outcome if o.outcome != "lost" or r.mode == "thoughtful" else "unknown"
                 for r, o in zip(studies, outcomes)]
        if "won" in found and "lost" in found:
            raise ValueError(f"{first.spec}, deal {seed}: won by the "
                             f"{_who(studies[found.index('won')])}, proved lost by the search of "
                             f"{studies[found.index('lost')].budget()}")
        outcome = "won" if "won" in found else "lost" if "lost" in found else "unknown"
        moves = outcomes[found.index("won")].moves if outcome == "won" else 0
        joined.add([Outcome(seed, outcome, round(sum(o.seconds for o in outcomes), 4),
                            sum(o.nodes for o in outcomes), moves)])
    return joined


def _who(study: Results) -> str:
    """Who played a study, in words: ``search of 100 positions a deal``, ``honest player``."""
    return f"search of {study.budget()}" if study.mode == "thoughtful" else "honest player"


def _restarts(spec: str, mode: str, width: int | None, nodes: int) -> tuple[tuple[int, int], ...] | None:
    """The searches again in other orders that a study's search makes of a deal it leaves unknown:
    pairs of how many, and the positions each may visit (no more than the first search's ``nodes``)."""
    restarts = load(spec).restarts() if mode == "thoughtful" and width is None else None
    return None if restarts is None else tuple((times, min(each, nodes)) for times, each in restarts)


def _pack_first(spec: str, mode: str, width: int | None, nodes: int) -> int:
    """The positions of the search again with the pack's cards that go out first that a study's
    search makes of a deal it leaves unknown (no more than ``nodes``; 0: none)."""
    return min(load(spec).pack_first(), nodes) if mode == "thoughtful" and width is None else 0


def _plays_out(spec: str, mode: str, width: int | None) -> bool:
    """Whether a study's search plays a deal it leaves unknown out, seeing every card (a depth-first
    thoughtful search, of a game whose :attr:`~patience.game.Game.PLAYS_OUT` is true)."""
    return mode == "thoughtful" and width is None and load(spec).PLAYS_OUT


def decided_at_less(stored: Results, study: Results) -> bool:
    """Whether the deals ``stored`` decided are decided for ``study`` too: both are the thoughtful
    search of the same game and options (the same beam, or none), and ``stored``'s budget is no larger.

    A thoughtful search's "won" is a line that wins and its "lost" a proof, and a search stopped
    by its budget says "unknown": a larger budget decides every deal a smaller one did, the same
    way (a deal won by playing it out stays won, though a larger search may find another line
    first).  (An honest player with another budget is another player.)

    >>> small = Results("canfield", "thoughtful", 1_000)
    >>> decided_at_less(small, Results("canfield", "thoughtful", 5_000))
    True
    >>> decided_at_less(Results("canfield", "thoughtful", 1_000, seconds=2.0), small)
    True
    >>> decided_at_less(small, Results("canfield", "thoughtful", 500))
    False
    >>> decided_at_less(Results("canfield", "honest", 100), Results("canfield", "honest", 500))
    False
    >>> decided_at_less(Results("canfield", "thoughtful", 1_000, restarts=((8, 500),)), small)
    False
    >>> decided_at_less(Results("canfield", "thoughtful", 1_000, restarts=((8, 500),)),
    ...                 Results("canfield", "thoughtful", 1_000, restarts=((8, 500), (64, 100))))
    True

    Searches again are compared one by one, in turn: each of ``study``'s must be as large as
    ``stored``'s, and there may be more; and a study may play out what they leave unknown where
    ``stored`` did not, but not the other way round; so also the search again with the pack's cards
    that go out first, which must be as large.

    >>> decided_at_less(small, Results("canfield", "thoughtful", 1_000, plays_out=True))
    True
    >>> decided_at_less(Results("canfield", "thoughtful", 1_000, plays_out=True), small)
    False
    >>> decided_at_less(small, Results("canfield", "thoughtful", 1_000, pack_first=500))
    True
    >>> decided_at_less(Results("canfield", "thoughtful", 1_000, pack_first=500), small)
    False
    """
    if (stored.spec, stored.mode, stored.width) != (study.spec, study.mode, study.width) or study.mode != "thoughtful":
        return False
    stored_again, again = searches_again(stored.restarts, stored.nodes), searches_again(study.restarts, study.nodes)
    return stored.nodes <= study.nodes and len(stored_again) <= len(again) and \
        all(a <= b for a, b in zip(stored_again, again)) and study.plays_out >= stored.plays_out and \
        study.pack_first >= stored.pack_first and \
        (study.seconds is None or (stored.seconds is not None and stored.seconds <= study.seconds))


def _chunks(seeds: Sequence[int], size: int) -> Iterator[tuple[int, int]]:
    """Consecutive seeds grouped into ranges of at most ``size``."""
    start = prev = None
    count = 0
    for seed in seeds:
        if start is None:
            start = prev = seed
            count = 1
        elif seed == prev + 1 and count < size:  # type: ignore[operator]
            prev, count = seed, count + 1
        else:
            yield (start, prev)  # type: ignore[misc]
            start = prev = seed
            count = 1
    if start is not None:
        yield (start, prev)  # type: ignore[misc]


def _check(spec: str, mode: str, width: int | None = None, nodes: int | None = None,
           seconds: float | None = None) -> None:
    check_budget(nodes, seconds)
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r} (modes: {', '.join(MODES)})")
    if width is not None and (mode != "thoughtful" or width < 1):
        raise ValueError(f"a beam's width is a thoughtful search's, and at least one position (not {width} "
                         f"for a {mode} study)")
    load(spec)  # an unknown game or option fails here, before any work is sent out


def run(spec: str, seeds: Iterable[int], mode: str = "thoughtful", *, nodes: int | None = None, jobs: int = 1,
        out: str | Path | None = None, progress: bool = True, chunk: int = CHUNK,
        width: int | None = None, seconds: float | None = None, keep_decided: bool = False) -> Results:
    """Solve every seed of ``seeds`` in ``jobs`` processes, with a progress bar and an ETA
    (with ``width``, each by a :func:`~patience.solve.beam` of that width; with ``seconds``, a
    thoughtful search stops at that time as well as at ``nodes`` positions).

    With ``out``, results already stored there for the same study are kept and only the
    missing seeds are solved (a run can be resumed), and the file is written as chunks finish.
    With ``keep_decided`` too, a thoughtful study stored there at a budget no larger (see
    :func:`decided_at_less`) keeps the deals it decided, even if an earlier engine decided them,
    and its unknown deals are searched again at this budget.
    """
    _check(spec, mode, width, nodes, seconds)
    whole_number(jobs, "jobs")
    if jobs < 1:
        raise ValueError(f"jobs is a number of processes, 1 or more, not {jobs}")
    nodes = NODES[mode] if nodes is None else nodes
    seconds = seconds if mode == "thoughtful" else None
    results = Results(spec, mode, nodes, engine_hash(spec), width=width, seconds=seconds,
                      restarts=_restarts(spec, mode, width, nodes), plays_out=_plays_out(spec, mode, width),
                      pack_first=_pack_first(spec, mode, width, nodes))
    if out is not None and Path(out).exists():
        stored = Results.load(out)
        if (stored.spec, stored.mode, stored.nodes, stored.width, stored.seconds, stored.engine) == \
                (spec, mode, nodes, width, seconds, results.engine):
            results = stored
        elif keep_decided and decided_at_less(stored, results):
            results.add(o for o in stored.outcomes.values() if o.outcome != "unknown")
            if progress:
                print(f"{out}: keeping its {len(results.outcomes):,} decided deals, searching the others "
                      f"at {results.budget()}", file=sys.stderr)
        elif progress:
            print(f"{out}: another study or engine; starting afresh", file=sys.stderr)
    todo = [s for s in seeds if s not in results.outcomes]
    bar = _bar(len(todo), f"{spec} {mode}", progress)
    ranges = list(_chunks(todo, max(1, min(chunk, len(todo) // (4 * jobs) or 1))))
    try:
        if jobs <= 1:
            for first, last in ranges:
                _collect(results, solve_range(spec, first, last, mode, nodes, width, seconds), bar, out)
        else:
            with ProcessPoolExecutor(jobs) as pool:
                futures = [pool.submit(solve_range, spec, first, last, mode, nodes, width, seconds)
                           for first, last in ranges]
                for future in as_completed(futures):
                    _collect(results, future.result(), bar, out)
    finally:
        bar.close()
    if out is not None:
        results.save(out)
    return results


def _collect(results: Results, outcomes: list[Outcome], bar: Any, out: str | Path | None) -> None:
    results.add(outcomes)
    bar.update(len(outcomes))
    won = results.counts()["won"]
    bar.set_postfix_str(f"won {won}/{results.deals}", refresh=False)
    if out is not None:
        results.save(out)


def _bar(total: int, what: str, show: bool) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=what, unit="deal", disable=not show, file=sys.stderr, smoothing=0.1)


def run_dask(client: Any, spec: str, seeds: Iterable[int], mode: str = "thoughtful", *,
             nodes: int | None = None, chunk: int = CHUNK, width: int | None = None,
             seconds: float | None = None) -> Results:
    """Solve ``seeds`` on a Dask cluster through ``client`` (a ``dask.distributed.Client``):
    one task per range of seeds, gathered into one :class:`Results`.

    The cluster's workers need this package installed (``pip install patience-book[cluster]``).
    """
    _check(spec, mode, width, nodes, seconds)
    nodes = NODES[mode] if nodes is None else nodes
    seconds = seconds if mode == "thoughtful" else None
    results = Results(spec, mode, nodes, engine_hash(spec), width=width, seconds=seconds,
                      restarts=_restarts(spec, mode, width, nodes), plays_out=_plays_out(spec, mode, width),
                      pack_first=_pack_first(spec, mode, width, nodes))
    futures = [client.submit(solve_range, spec, first, last, mode, nodes, width, seconds, pure=False)
               for first, last in _chunks(sorted(set(seeds)), chunk)]
    for outcomes in client.gather(futures):
        results.add(outcomes)
    return results


# ---------------------------------------------------------------- the book's studies
@dataclass(frozen=True)
class Study:
    """One study of the book's plan: a game (with options), a mode, a number of deals and a budget
    (positions searched: for a deal, thoughtful; for each plan, honest), and for a thoughtful
    study that searches by :func:`~patience.solve.beam`, its width."""

    spec: str
    mode: str
    deals: int
    nodes: int
    width: int | None = None
    #: The time a thoughtful search may take a deal (None: only ``nodes`` bounds it).
    seconds: float | None = None

    @property
    def stem(self) -> str:
        """The file name the study is stored under: ``canfield.thoughtful``, ``demon-files-part.honest``,
        ``light-and-shade-beam-30.thoughtful``."""
        slug, options = parse_spec(self.spec)
        parts = [slug] + [f"{k}-{v}".lower() for k, v in sorted(options.items())]
        parts += [f"beam-{self.width}"] if self.width is not None else []
        return "-".join(parts) + "." + self.mode


def studies(plan: str | Path) -> list[Study]:
    """The studies of a plan file (TOML: a ``[defaults]`` table and ``[[study]]`` entries; ``nodes``
    is the thoughtful budget, with ``seconds`` the time it may take a deal, ``plan_nodes`` the
    honest one, and ``width``, in a study of the thoughtful mode alone, makes it a beam search's)."""
    try:
        data = tomllib.loads(Path(plan).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{plan}: {exc}") from None
    defaults = data.get("defaults", {})
    found = []
    for number, entry in enumerate(data.get("study", []), 1):
        merged = {**defaults, **entry}
        try:
            found += _studies_of(merged)
        except KeyError as exc:
            raise ValueError(f"{plan}: study {number} has no {exc.args[0]!r} (nor do the defaults)") from None
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{plan}: study {number} ({merged.get('spec', 'no spec')}): {exc}") from None
    return found


def _studies_of(entry: dict[str, Any]) -> list[Study]:
    """The studies of one entry of a plan (with the defaults): one for each of its modes."""
    found = []
    for mode in entry.get("modes") or [entry["mode"]]:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r} (modes: {', '.join(MODES)})")
        key = "nodes" if mode == "thoughtful" else "plan_nodes"
        width, seconds = entry.get("width"), entry.get("seconds")
        study = Study(entry["spec"], mode, int(entry["deals"]), int(entry.get(key, NODES[mode])),
                      None if width is None else int(width),
                      None if seconds is None or mode != "thoughtful" else float(seconds))
        _check(study.spec, study.mode, study.width, study.nodes, study.seconds)
        found.append(study)
    return found


def run_study(study: Study, folder: str | Path, jobs: int = 1, progress: bool = True,
              keep_decided: bool = False) -> Results:
    """Run (or resume) ``study`` into ``folder/<stem>.json`` (``keep_decided``: see :func:`run`)."""
    return run(study.spec, range(1, study.deals + 1), study.mode, nodes=study.nodes, jobs=jobs,
               out=Path(folder) / f"{study.stem}.json", progress=progress, width=study.width,
               seconds=study.seconds, keep_decided=keep_decided)


def with_together(results: list[Results]) -> list[Results]:
    """``results`` (as :func:`stored` orders them) with, after the studies of each game (and its
    options), the deals as they decide them :func:`together`, where that says more than a study
    alone: where a beam joins the depth-first search, or the honest player won a deal the thoughtful
    searches left unknown."""
    out: list[Results] = []
    for i, r in enumerate(results):
        out.append(r)
        following = results[i + 1] if i + 1 < len(results) else None
        if following is not None and following.spec == r.spec:
            continue
        studies = [s for s in results if s.spec == r.spec and not s.joins]
        searches = [s for s in studies if s.mode == "thoughtful"]
        if not searches or not any(s.width is None for s in searches):
            continue
        joined = together(studies)
        if len(searches) > 1 or joined.counts()["won"] > max(s.counts()["won"] for s in searches):
            out.append(joined)
    return out


def stored(folder: str | Path, game: str | None = None) -> list[Results]:
    """The results stored in ``folder`` (of one game's chapter, if ``game`` is given): game by game
    in the order of the book, the default options first, thoughtful before honest."""
    found = [Results.load(path) for path in sorted(Path(folder).glob("*.json"))]
    if game is not None:
        found = [r for r in found if games.get(r.game).chapter == game or r.game == game]
    order = {cls.slug: i for i, cls in enumerate(games.all())}
    return sorted(found, key=lambda r: (order.get(r.game, 0), bool(r.options), r.spec, MODES.index(r.mode),
                                        r.width or 0))
