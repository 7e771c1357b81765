"""Benchmarks of the patience engine (``make bench``).

For every registered game, random playouts from fixed seeds measure

* legal-move generation: calls of ``game.legal_moves()`` per second, one call per position visited;
* play + undo: for up to ``--sample`` legal moves of every position visited (all of them where there
  are fewer; a random sample where a game offers thousands, like The Fourteenth's exchanges),
  ``game.play(move); game.undo()``, in moves per second.

The playouts are reproducible: seed ``s`` deals ``cls.deal(seed=s)`` and picks moves with
``random.Random(s).choice``; where the seeds asked for end before ``--min-moves`` moves have been played
and undone (Demon's deals often end within a few dozen moves), the next seeds are played out too, so that
no game's rate rests on a few milliseconds.  Only the engine calls are timed.

The solver: for every game and mode, seeds 1..``--solver-seeds`` solved with a budget of
``--nodes`` positions (thoughtful) — deals solved per second, positions searched per second, and the
share of deals resolved (won or lost, not unknown) within the budget.  ``--no-solver`` leaves it out;
``--width N`` adds a row for a beam search of width N (:func:`patience.solve.beam`) under the same budget.

``--against REV`` measures the working tree and an earlier revision side by side in the same run:
REV is checked out in a temporary git worktree, and for each game the same measuring code runs
in two fresh processes in turn, one importing the engine of REV and one the working tree's
(``--rounds`` times each, the best of each kept), so both meet the same load; the table gives
both rates and their ratio, and the geometric mean of the ratios over the games; and, for the solver,
whether the two made the *same search*: every deal ended the same way after the same number of
positions on both sides (so that a ratio of positions a second compares like with like: a change made
for speed should leave it "yes").  Where REV's build
compiles modules (a ``setup.py``: see ``patience.compiled``; and builds the games' searches in C), its
wheel is built and unpacked, so that it runs as installed, as the working tree does after ``make
venv``; the heading says whether each side's ran compiled (its search in C built, where it has one).

``--peer`` also solves the Canfield deals with a public solver of the same family, ``pyksolve`` (a
wrapper of the C++ Klondike-Solver, the extra ``peer``), on the same cards, and sets the verdicts
side by side.  Its rules are wider than the book's: it turns the stock one card at a time as the book
does, but through the pack as often as it likes, moves any part of a face-up run, and takes cards
back from the foundations.  So it is run beside ``canfield(partial=true,redeals=N)`` (the part of a
run and, all but, the passes matched), and a deal the book's game wins it must win too; each line it
wins by is replayed in the engine, so that a deal it wins and ours proves lost is explained by the one
rule that differs (a card taken back from a foundation), or is a conflict.

``--suite`` also times ``make test`` and a cold build of the book (fresh output, doctree and
Jupyter-cache directories in a temporary folder, so every notebook is executed).

Timings live here, never in the tests.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class GameBench:
    slug: str
    name: str
    playouts: int = 0
    positions: int = 0  # calls of legal_moves
    legal_time: float = 0.0
    moves: int = 0  # play + undo pairs
    play_undo_time: float = 0.0
    finished: int = 0  # playouts that ended (no moves or game over) before the cap

    @property
    def positions_per_second(self) -> float:
        return self.positions / self.legal_time if self.legal_time else float("nan")

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.play_undo_time if self.play_undo_time else float("nan")


def bench_game(cls, seeds: range, max_moves: int, sample: int, min_moves: int = 0) -> GameBench:
    """Play out ``seeds``, and further seeds while fewer than ``min_moves`` moves have been played and
    undone (a game whose deals end after a few dozen moves is otherwise timed on too few)."""
    result = GameBench(slug=cls.slug, name=cls.name)
    clock = time.perf_counter
    for seed in itertools.count(seeds.start):
        if seed >= seeds.stop and (result.moves >= min_moves or seed >= 10 * seeds.stop):
            break  # (ten times the seeds at most: a game whose deals offer no move at all ends too)
        game = cls.deal(seed=seed)
        rng = random.Random(seed)
        result.playouts += 1
        for _ in range(max_moves):
            start = clock()
            moves = game.legal_moves()
            result.legal_time += clock() - start
            result.positions += 1
            if not moves or game.is_over:
                result.finished += 1
                break
            tried = moves if len(moves) <= sample else rng.sample(moves, sample)
            start = clock()
            for move in tried:
                game.play(move)
                game.undo()
            result.play_undo_time += clock() - start
            result.moves += len(tried)
            game.play(rng.choice(moves))
    return result


@dataclass
class SolverBench:
    slug: str
    mode: str
    deals: int = 0
    resolved: int = 0  # won or lost within the budget
    won: int = 0
    nodes: int = 0
    seconds: float = 0.0
    #: How each deal ended: its outcome and the positions searched.
    ends: list[tuple[str, int]] = field(default_factory=list)


def bench_solver(cls, mode: str, seeds: range, nodes: int, width: int | None = None) -> SolverBench:
    from patience.solve import solve

    result = SolverBench(cls.slug, mode if width is None else f"beam {width}")
    for seed in seeds:
        solution = solve(cls.deal(seed=seed), mode, nodes=nodes, width=width)
        result.deals += 1
        result.resolved += solution.outcome != "unknown"
        result.won += solution.outcome == "won"
        result.nodes += solution.nodes
        result.seconds += solution.seconds
        result.ends.append((solution.outcome, solution.nodes))
    return result


def time_command(label: str, command: list[str], cwd: Path) -> tuple[str, float, int]:
    print(f"  running {label}: {' '.join(command)}", flush=True)
    start = time.perf_counter()
    completed = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if completed.returncode:
        tail = "\n".join(completed.stderr.strip().splitlines()[-10:])
        print(f"  {label} exited with {completed.returncode}:\n{tail}", file=sys.stderr)
    return label, elapsed, completed.returncode


def suite() -> list[tuple[str, float, int]]:
    timings = [time_command("make test", ["make", "test"], ROOT)]
    with tempfile.TemporaryDirectory(prefix="patience-cold-build-") as tmp:
        tmp_path = Path(tmp)
        command = [
            sys.executable, "-m", "sphinx",
            "-c", str(ROOT), "-W", "--keep-going", "-q", "-b", "html",
            "-d", str(tmp_path / "doctrees"),
            "-D", f"nb_execution_cache_path={tmp_path / 'jupyter_cache'}",
            str(ROOT / "book"), str(tmp_path / "html"),
        ]  # fmt: skip
        timings.append(time_command("cold book build", command, ROOT))
    return timings


def table(headers: list[str], rows: list[list[str]], right: set[int]) -> str:
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows)]

    def line(cells):
        return "  ".join(
            str(cell).rjust(width) if i in right else str(cell).ljust(width)
            for i, (cell, width) in enumerate(zip(cells, widths))
        )

    return "\n".join([line(headers), "  ".join("-" * w for w in widths), *(line(row) for row in rows)])


def measure(slugs: list[str], args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """The rates of the engine that ``import patience`` finds, for each game of ``slugs`` (and, with the
    solver, how each of its deals ended: ``solver ends``)."""
    import patience.games

    out: dict[str, dict[str, Any]] = {}
    for slug in slugs:
        cls = patience.games.get(slug)
        r = bench_game(cls, range(1, args.seeds + 1), args.max_moves, args.sample, args.min_moves)
        rates: dict[str, Any] = {"legal_moves/s": r.positions_per_second, "play+undo/s": r.moves_per_second}
        if not args.no_solver:
            s = bench_solver(cls, "thoughtful", range(1, args.solver_seeds + 1), args.nodes)
            rates["solver positions/s"] = s.nodes / s.seconds if s.seconds else float("nan")
            rates["solver resolved"] = s.resolved
            rates["solver ends"] = s.ends
        out[slug] = rates
    return out


def worker(args: argparse.Namespace) -> int:
    """``--worker``: measure the games and print the rates as JSON (for :func:`against`)."""
    import patience

    import importlib.util

    try:
        from patience.compiled import MODULES
    except ImportError:  # a revision from before patience.compiled: the proof alone, or nothing
        MODULES = ("blocked",)
    compiled = all(importlib.util.find_spec(f"patience.{name}") is not None
                   and getattr(importlib.import_module(f"patience.{name}"), "COMPILED", False) for name in MODULES)
    try:  # the searches written in C (a revision from before them has none)
        from patience.compiled import IN_C, extension
    except ImportError:
        IN_C = ()
    compiled = compiled and all(extension(name) is not None for name in IN_C)
    print(json.dumps({"engine": str(Path(patience.__file__).parent), "rates": measure(args.game, args),
                      "compiled": compiled}))
    return 0


def run_worker(src: Path, slug: str, args: argparse.Namespace) -> tuple[dict[str, Any], bool]:
    """The rates of one game measured in a fresh process that imports the engine from ``src``, and
    whether the modules its build compiles ran compiled."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", "--game", slug,
               "--seeds", str(args.seeds), "--max-moves", str(args.max_moves), "--sample", str(args.sample),
               "--min-moves", str(args.min_moves),
               "--solver-seeds", str(args.solver_seeds), "--nodes", str(args.nodes)]
    if args.no_solver:
        command.append("--no-solver")
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    if Path(report["engine"]).resolve() != (src / "patience").resolve():
        raise RuntimeError(f"the worker imported {report['engine']}, not the engine in {src}")
    return report["rates"][slug], report.get("compiled", False)


def engine_of(tree: Path, folder: Path) -> Path:
    """Where the engine of the checkout ``tree`` is imported from: its ``src``, or, where its build
    compiles a module (it has a ``setup.py``), the package built from it (its wheel, unpacked into
    ``folder``), so that each side runs as it is installed."""
    if not (tree / "setup.py").exists():
        return tree / "src"
    wheels = folder / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "--disable-pip-version-check",
                    "-w", str(wheels), str(tree)], check=True, capture_output=True)
    for wheel in wheels.glob("*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(folder / "built")
    return folder / "built"


def against(revision: str, slugs: list[str], args: argparse.Namespace) -> None:
    """Measure the working tree and ``revision`` side by side, game by game, and print the ratios."""
    commit = subprocess.run(["git", "rev-parse", "--short", revision], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="patience-bench-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), commit], cwd=ROOT,
                       capture_output=True, check=True)
        try:
            base_src, new_src = engine_of(tree, Path(tmp)), ROOT / "src"
            base_games = set(json.loads(subprocess.run(
                [sys.executable, "-c", "import json, patience.games as g; print(json.dumps([c.slug for c in g.all()]))"],
                env={**os.environ, "PYTHONPATH": str(base_src)}, capture_output=True, text=True, check=True,
            ).stdout))
            columns = ["legal_moves/s", "play+undo/s"] + ([] if args.no_solver else ["solver positions/s"])
            rows, ratios = [], {c: [] for c in columns}
            compiled = {"base": False, "new": False}
            for slug in slugs:
                if slug not in base_games:
                    print(f"  {slug}: not in {commit}, left out", file=sys.stderr, flush=True)
                    continue
                best: dict[str, dict[str, Any]] = {"base": {}, "new": {}}
                for _ in range(args.rounds):
                    for side, src in (("base", base_src), ("new", new_src)):
                        rates, compiled[side] = run_worker(src, slug, args)
                        for key, value in rates.items():
                            best[side][key] = value if key == "solver ends" else max(best[side].get(key, 0.0), value)
                row = [slug]
                for column in columns:
                    old, new = best["base"][column], best["new"][column]
                    ratios[column].append(new / old)
                    row += [f"{old:,.0f}", f"{new:,.0f}", f"{new / old:.1f}×"]
                if not args.no_solver:
                    row.append(f"{best['base']['solver resolved']:.0f} → {best['new']['solver resolved']:.0f}")
                    row.append("yes" if best["base"]["solver ends"] == best["new"]["solver ends"] else "no")
                rows.append(row)
                print(f"  {slug}: measured", file=sys.stderr, flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
    headers = ["game"]
    for column in columns:
        headers += [f"{column} {commit}", "working tree", "ratio"]
    if not args.no_solver:
        headers += [f"resolved of {args.solver_seeds}", "same search"]
    mean = ["geometric mean"]
    for column in columns:
        values = ratios[column]
        mean += ["", "", f"{math.exp(sum(map(math.log, values)) / len(values)):.1f}×" if values else "-"]
    if not args.no_solver:
        mean += ["", ""]
    print(f"side by side: {commit} against the working tree (best of {args.rounds} rounds, each in fresh processes;"
          f" the modules a build compiles ran compiled: {commit} {'yes' if compiled['base'] else 'no'}, working tree "
          f"{'yes' if compiled['new'] else 'no'})")
    print(table(headers, rows + [mean], right=set(range(1, len(headers)))))


def pysol(game) -> str:
    """A Canfield deal in PySol's text, as ``pyksolve`` reads it (Klondike-Solver's ``LoadPysol``):
    the talon in the order it is turned, then each row after a colon, face-down cards in angle
    brackets."""

    def name(card) -> str:
        return ("A23456789TJQK"[card.value - 1]) + card.suit.name[0]

    talon = " ".join(name(c) for c in reversed(game.piles["stock"].cards))
    rows = [":" + "".join(f" <{name(c)}>" if i < pile.face_down else f" {name(c)}" for i, c in enumerate(pile.cards))
            for pile in (game.piles[n] for n in game.piles_of("column"))]
    return "\n".join([f"Talon: {talon}", *rows])


#: The passes through the stock the book's game is given beside pyksolve, which has no limit.
PEER_PASSES = 20

#: pyksolve's names of the piles in its moves: the rows by number, the waste, the foundations by suit.
PEER_PILES = {**{str(i): f"column {i}" for i in range(1, 8)}, "W": "waste"}


def replayed(game, line: str) -> str:
    """Play pyksolve's winning ``line`` (its moves: ``DR3`` three turns, ``NEW`` the waste turned over,
    ``F2`` a card turned face up, ``37`` or ``37-2`` cards from row 3 to row 7, ``WH`` the waste's
    card to the hearts' foundation) on ``game``: "won" if it wins there; else the move it could not
    make, and why."""
    for word in line.split():
        if word.startswith("F"):
            continue  # the engine turns up an uncovered card itself (rule 4)
        if word.startswith("DR") or word == "NEW":
            for _ in range(int(word[2:]) if word.startswith("DR") else 1):
                game.play("turn" if word.startswith("DR") else "redeal")
            continue
        source, target = PEER_PILES.get(word[0]), PEER_PILES.get(word[1])
        count = int(word.split("-")[1]) if "-" in word else 1
        if source is None:
            return f"{word}: a card back from a foundation, which the book's rules never allow"
        found = [m for m in game.legal_moves() if m.source == source and len(m.cards) == count
                 and (m.target == target if target else (m.target or "").startswith("foundation"))]
        if len(found) != 1:
            return f"{word}: no such move here"
        game.play(found[0])
    return "won" if game.is_won else "not won at its end"


def peer(args: argparse.Namespace) -> int:
    """Solve the Canfield deals with ``pyksolve`` and with the book's solver, and compare."""
    try:
        from pyksolve import solver as ksolver
    except ImportError:
        print("\npeer: pyksolve is not installed (pip install 'patience-book[peer]'), left out")
        return 0
    from patience import load
    from patience.solve import solve

    spec = f"canfield(partial=true,redeals={PEER_PASSES - 1})"
    nodes = load(spec).search_nodes()  # the game's own default: its search in C's, where it was built
    print(f"\npeer: pyksolve (Klondike-Solver) against {spec}, seeds 1..{args.solver_seeds}, our budget "
          f"{nodes or 'the default':,} positions a deal, its 5,000,000 states\n"
          f"  the same rules but one: it may take a card back from a foundation (and it goes through the stock as\n"
          f"  often as it likes; we {PEER_PASSES} times); so a deal we win it must win, a deal it proves impossible\n"
          "  we must not win, and its winning lines are replayed here: one that fails takes a card back")
    rows, conflicts = [], 0
    for seed in range(1, args.solver_seeds + 1):
        game = load(spec, seed=seed)
        ours = solve(game)
        klondike = ksolver.Solitaire()
        if not klondike.load_pysol(pysol(game)):
            raise RuntimeError(f"pyksolve did not read deal {seed}:\n{pysol(game)}")
        klondike.reset_game(1)
        start = time.perf_counter()
        verdict = klondike.solve_fast(max_closed_count=5_000_000)
        theirs_seconds = time.perf_counter() - start
        theirs = {"SolvedMinimal": "won", "SolvedMayNotBeMinimal": "won", "Impossible": "lost"}.get(
            verdict.name, "unknown")
        line = replayed(load(spec, seed=seed), klondike.moves_made()) if theirs == "won" else ""
        conflict = (ours.outcome == "won" and theirs == "lost") or (ours.outcome == "lost" and line == "won")
        conflicts += conflict
        rows.append([str(seed), ours.outcome, f"{ours.seconds:.2f}", theirs, f"{theirs_seconds:.2f}",
                     "" if line in ("", "won") else line, "CONFLICT" if conflict else ""])
    print(table(["seed", "ours", "seconds", "pyksolve", "seconds", "its line here", ""], rows, right={0, 2, 4}))
    print(f"{conflicts} conflicts (a deal one solver wins, by a line our rules allow, that the other proves lost)")
    return 1 if conflicts else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=10, help="playouts per game, seeds 1..N (default 10)")
    parser.add_argument("--max-moves", type=int, default=500, help="cap on moves per playout (default 500)")
    parser.add_argument("--sample", type=int, default=50, help="moves played and undone per position (default 50)")
    parser.add_argument("--min-moves", type=int, default=2000, help="play out further seeds until at least this many "
                        "moves have been played and undone (default 2000)")
    parser.add_argument("--game", action="append", default=[], metavar="SLUG", help="only these games")
    parser.add_argument("--suite", action="store_true", help="also time `make test` and a cold book build")
    parser.add_argument("--solver-seeds", type=int, default=10, help="deals solved per game and mode (default 10)")
    parser.add_argument("--nodes", type=int, default=3000, help="solver budget: positions a deal (thoughtful), a plan (honest)")
    parser.add_argument("--no-solver", action="store_true", help="leave the solver out")
    parser.add_argument("--width", type=int, help="add a thoughtful beam search of this width for each game "
                        "(solve.beam; resolved then means won, as a beam proves nothing lost)")
    parser.add_argument("--against", metavar="REV", help="measure REV (a commit, tag or branch) and the working "
                        "tree side by side, and print the ratios")
    parser.add_argument("--rounds", type=int, default=2, help="with --against: rounds of measurement (default 2)")
    parser.add_argument("--peer", action="store_true", help="also solve the Canfield deals with pyksolve and compare")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args)

    import patience.games

    classes = sorted(patience.games.all(), key=lambda cls: cls.slug)
    if args.game:
        unknown = set(args.game) - {cls.slug for cls in classes}
        if unknown:
            parser.error(f"unknown game(s): {', '.join(sorted(unknown))}")
        classes = [cls for cls in classes if cls.slug in args.game]
    if not classes:
        print("no games registered", file=sys.stderr)
        return 1

    if args.against:
        against(args.against, [cls.slug for cls in classes], args)
        return peer(args) if args.peer else 0

    seeds = range(1, args.seeds + 1)
    print(
        f"patience engine benchmark: Python {platform.python_version()} on {platform.machine()}, "
        f"seeds 1..{args.seeds} (more while fewer than {args.min_moves} moves are played and undone), "
        f"at most {args.max_moves} moves a playout, play+undo of at most {args.sample} moves a position\n",
        flush=True,
    )
    rows = []
    for cls in classes:
        r = bench_game(cls, seeds, args.max_moves, args.sample, args.min_moves)
        rows.append([
            r.slug,
            f"{r.finished}/{r.playouts}",
            f"{r.positions:,}",
            f"{r.positions_per_second:,.0f}",
            f"{r.moves:,}",
            f"{r.moves_per_second:,.0f}",
        ])  # fmt: skip
        print(f"  {r.slug}: done", file=sys.stderr, flush=True)
    headers = ["game", "ended", "positions", "legal_moves/s", "play+undo", "play+undo/s"]
    print(table(headers, rows, right={1, 2, 3, 4, 5}))

    if not args.no_solver:
        print(f"\nsolver: seeds 1..{args.solver_seeds}, budget {args.nodes:,} positions (a deal thoughtful, a plan honest)")
        rows = []
        for cls in classes:
            searches = [("thoughtful", None), ("honest", None)] + ([("thoughtful", args.width)] if args.width else [])
            for mode, width in searches:
                r = bench_solver(cls, mode, range(1, args.solver_seeds + 1), args.nodes, width)
                rows.append([
                    r.slug, r.mode, f"{r.deals / r.seconds:,.2f}",
                    f"{r.nodes / r.seconds:,.0f}" if mode == "thoughtful" else "-",
                    f"{r.resolved}/{r.deals}", f"{r.won}/{r.deals}",
                ])  # fmt: skip
            print(f"  {cls.slug}: solved", file=sys.stderr, flush=True)
        headers = ["game", "mode", "deals/s", "positions/s", "resolved", "won"]
        print(table(headers, rows, right={2, 3, 4, 5}))

    status = peer(args) if args.peer else 0
    if args.suite:
        print("\nsuite timings (wall clock)")
        timings = suite()
        print(table(
            ["task", "seconds", "exit"],
            [[label, f"{seconds:.1f}", str(code)] for label, seconds, code in timings],
            right={1, 2},
        ))  # fmt: skip
        status = max(code for _, _, code in timings)
    return status


if __name__ == "__main__":
    sys.exit(main())
