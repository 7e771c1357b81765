"""How long ``make stats`` would take with today's engine, estimated from a sample of each study.

The stored studies record the seconds each deal took when it was searched, on the engine and the
machine of that day, and many were searched on an engine several times slower than today's.  This
script searches a few deals of every study of the plan again, with the study's own mode and budget,
and scales the study's stored seconds by the ratio of today's to the stored on those deals.  The
sample of a study is its ``--slowest`` deals by stored time (which carry most of its total) and
``--spread`` more at even steps through its seeds.

It also checks, on the way, that each deal ends as stored where only positions bound its search
(with ``seconds``, or where a study searched its unknown deals again with a larger budget, an
outcome may differ; those are counted apart and not called a failure).

    .venv/bin/python bench/plan.py                 # every study
    .venv/bin/python bench/plan.py demon canfield  # the studies of some games

The estimate is of one core's time; ``make stats`` with two jobs takes about half of it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from patience.options import parse_spec  # noqa: E402
from patience.stats import Results, solve_seed, studies  # noqa: E402

PLAN = ROOT / "book" / "statistics" / "studies.toml"


def sample(results: Results, slowest: int, spread: int) -> list[int]:
    """The seeds to search again: the ``slowest`` by stored time, and ``spread`` at even steps."""
    by_time = sorted(results.outcomes.values(), key=lambda o: -o.seconds)
    seeds = sorted(results.outcomes)
    chosen = {o.seed for o in by_time[:slowest]}
    chosen.update(seeds[round(i * (len(seeds) - 1) / max(spread - 1, 1))] for i in range(spread) if seeds)
    return sorted(chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="only the studies of these games (slugs)")
    parser.add_argument("--slowest", type=int, default=2, help="the slowest deals of a study to search again")
    parser.add_argument("--spread", type=int, default=3, help="more deals, at even steps through the seeds")
    args = parser.parse_args()
    total_stored = total_today = 0.0
    rows = []
    for study in studies(PLAN):
        if args.games and parse_spec(study.spec)[0] not in args.games:
            continue
        path = PLAN.parent / f"{study.stem}.json"
        if not path.exists():
            print(f"{study.stem}: not stored", flush=True)
            continue
        stored = Results.load(path)
        seeds = sample(stored, args.slowest, args.spread)
        then = now = 0.0
        differ = []
        for seed in seeds:
            start = time.perf_counter()
            outcome = solve_seed(study.spec, seed, study.mode, study.nodes, study.width, study.seconds)
            now += time.perf_counter() - start
            then += stored.outcomes[seed].seconds
            if outcome.outcome != stored.outcomes[seed].outcome:
                differ.append(f"{seed}: {stored.outcomes[seed].outcome} → {outcome.outcome}")
        whole = sum(o.seconds for o in stored.outcomes.values())
        ratio = now / then if then else 1.0
        total_stored += whole
        total_today += whole * ratio
        rows.append((study.stem, whole, ratio))
        note = f"  outcomes differ: {', '.join(differ)}" if differ else ""
        print(f"{study.stem:60s} stored {whole / 60:7.1f} min  today ×{ratio:5.2f} → {whole * ratio / 60:7.1f} min"
              f"  ({len(seeds)} deals){note}", flush=True)
    print(f"\nall {len(rows)} studies: stored {total_stored / 3600:.1f} h of one core, "
          f"today about {total_today / 3600:.1f} h (about {total_today / 7200:.1f} h on two cores)")
    print("largest today:")
    for stem, whole, ratio in sorted(rows, key=lambda r: -r[1] * r[2])[:10]:
        print(f"  {stem:60s} {whole * ratio / 60:7.1f} min")


if __name__ == "__main__":
    main()
