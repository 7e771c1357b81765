"""Search the deals of stored studies with an earlier revision and the working tree, and compare them deal by deal.

A change made for speed must leave every search as it was: each deal ends the same way (won, lost or
unknown), after the same number of positions, with a line of the same length.  Then the stored
statistics stay true of the new engine, and a ratio of times compares like with like.  For each study
named (``<stem>`` of ``book/statistics/<stem>.json``: ``la-nivernaise-beam-100.thoughtful``,
``the-shah.honest``), this searches its deals ``--seeds`` with the study's own mode and budget (or
``--nodes`` positions, to keep it short; never its seconds, so that only positions bound a search) on
both engines, each in fresh processes in turn, ``--rounds`` times, and prints whether they are the
*same*, and the time each took (the best of the rounds) with the ratio.  It exits with 1 if any
study's deals end differently.

    .venv/bin/python bench/same.py --against 2dbb5ff la-nivernaise-beam-100.thoughtful --seeds 1-8
    .venv/bin/python bench/same.py --against HEAD~3 the-shah.thoughtful the-shah.honest --nodes 20000

The earlier revision is checked out in a temporary git worktree and, where its build compiles modules,
built as ``bench/run.py --against`` builds it, so that each side runs as installed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import engine_of  # noqa: E402

#: What a fresh process runs: the deals of a study searched, each as (seed, outcome, positions, moves,
#: seconds).
SEARCH = r"""
import json, sys, time
from patience.stats import solve_seed
spec, mode, nodes, width, seeds = json.loads(sys.argv[1])
ends = []
for seed in seeds:
    started = time.perf_counter()
    found = solve_seed(spec, seed, mode, nodes, width)
    ends.append([seed, found.outcome, found.nodes, found.moves, time.perf_counter() - started])
print(json.dumps(ends))
"""


def study(stem: str, nodes: int | None) -> tuple[str, str, int, int | None]:
    """The spec, mode, budget of positions and width (a beam's, or None) of the stored study ``stem``."""
    stored = json.loads((ROOT / "book" / "statistics" / f"{stem}.json").read_text(encoding="utf-8"))
    budget = stored["budget"]
    return stored["spec"], stored["mode"], nodes or budget["nodes"], budget.get("width")


def searched(src: Path, job: list[Any]) -> list[list[Any]]:
    """The deals of ``job`` searched in a fresh process that imports the engine from ``src``."""
    done = subprocess.run([sys.executable, "-c", SEARCH, json.dumps(job)], env={**os.environ, "PYTHONPATH": str(src)},
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the search failed on the engine in {src}:\n{done.stderr}")
    return json.loads(done.stdout)


def seeds_of(text: str) -> list[int]:
    """``"1-8"`` or ``"5"`` as a list of seeds."""
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stems", nargs="+", help="stored studies, as named in book/statistics (without .json)")
    parser.add_argument("--against", required=True, help="the earlier revision (a commit, a tag, HEAD~1)")
    parser.add_argument("--seeds", type=seeds_of, default=seeds_of("1-8"), help="the deals, as 1-8 (default)")
    parser.add_argument("--nodes", type=int, help="positions a deal (or a plan, honest), in place of the study's")
    parser.add_argument("--rounds", type=int, default=1, help="searches of each side, the best time kept")
    args = parser.parse_args(argv)
    commit = subprocess.run(["git", "rev-parse", "--short", args.against], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    differ = 0
    with tempfile.TemporaryDirectory(prefix="patience-same-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(tree), commit], cwd=ROOT, capture_output=True,
                       check=True)
        try:
            sides = {commit: engine_of(tree, Path(tmp)), "working tree": ROOT / "src"}
            for stem in args.stems:
                spec, mode, nodes, width = study(stem, args.nodes)
                job = [spec, mode, nodes, width, args.seeds]
                ends: dict[str, list[list[Any]]] = {}
                best: dict[str, float] = {}
                for _ in range(args.rounds):
                    for side, src in sides.items():
                        found = searched(src, job)
                        ends[side] = [end[:4] for end in found]
                        best[side] = min(best.get(side, float("inf")), sum(end[4] for end in found))
                old, new = ends[commit], ends["working tree"]
                same = old == new
                differ += not same
                print(f"{stem} ({spec}, {mode}, {nodes:,} positions a {'plan' if mode == 'honest' else 'deal'}"
                      f"{f', width {width}' if width else ''}, "
                      f"deals {args.seeds[0]}-{args.seeds[-1]}): {'same' if same else 'DIFFERENT'}; "
                      f"{commit} {best[commit]:.2f} s, working tree {best['working tree']:.2f} s, "
                      f"×{best[commit] / best['working tree']:.2f}", flush=True)
                for before, after in zip(old, new):
                    if before != after:
                        print(f"  deal {before[0]}: {commit} {before[1:]}, working tree {after[1:]}")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
