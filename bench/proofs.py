"""The deals a stored study proved lost, searched again with each of the search's reductions taken out.

The thoughtful search proves a deal lost with the help of each game's reductions: its safe moves
(:meth:`~patience.game.Game.safe_move`, played without trying the others), its dominated moves left
out (:meth:`~patience.game.Game.useful_moves`), its proofs that a card can never go up
(:meth:`~patience.game.Game.blocked`) and its runs of the pack
(:meth:`~patience.game.Game.independent`).  ``tests/test_verdicts.py`` holds them to a plain search on
end-games; this script holds them to the deals of the book, where a reduction can go wrong in a way no
end-game shows (La Nivernaise's safe move once played a card of the Line up before the re-deal, and
so proved lost a deal that is won).  For the first ``--deals`` deals each study proved lost, it takes
out one reduction at a time that the game has and searches the deal again, with three times the
positions the proof took (at least ``--floor``, at most ``--cap``)::

    .venv/bin/python bench/proofs.py                      # every game's thoughtful studies
    .venv/bin/python bench/proofs.py canfield la-nivernaise --deals 10

Each search ends *lost* (the proof stands without that reduction), *unknown* (it needs more
positions; nothing shown either way) or *won*: a win is a bug, and the script prints the line's
length and exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from patience import Game, load
from patience.solve import thoughtful

STATISTICS = Path(__file__).resolve().parents[1] / "book" / "statistics"

#: Each reduction, by the method a game overrides to have it, with the base's method that leaves it out.
REDUCTIONS: dict[str, Callable[..., Any]] = {
    "safe_move": Game.safe_move,
    "useful_moves": Game.useful_moves,
    "blocked": Game.blocked,
    "independent": Game.independent,
}


@contextmanager
def without(cls: type[Game], method: str) -> Iterator[None]:
    """``cls`` (and so every game of it) with ``method`` as the base class has it, for a while."""
    own = cls.__dict__.get(method)
    setattr(cls, method, REDUCTIONS[method])
    try:
        yield
    finally:
        if own is None:
            delattr(cls, method)
        else:
            setattr(cls, method, own)


def reductions(cls: type[Game]) -> list[str]:
    """The reductions ``cls`` has: the methods of :data:`REDUCTIONS` it overrides."""
    return [name for name, base in REDUCTIONS.items() if getattr(cls, name) is not base]


def studies(specs: list[str]) -> list[Path]:
    """The stored thoughtful depth-first studies (not the beams, which prove nothing) of ``specs``,
    or of every game."""
    paths = sorted(p for p in STATISTICS.glob("*.thoughtful.json") if "-beam-" not in p.name)
    if not specs:
        return paths
    named = [(p, json.loads(p.read_text(encoding="utf-8"))) for p in paths]
    return [p for p, study in named if study["game"] in specs or study["spec"] in specs]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="*", help="games (or specs with options); default every game")
    parser.add_argument("--deals", type=int, default=3, help="proved-lost deals of each study (default 3)")
    parser.add_argument("--floor", type=int, default=20_000, help="the fewest positions a search may visit")
    parser.add_argument("--cap", type=int, default=200_000, help="the most positions a search may visit")
    args = parser.parse_args(argv)
    wins = 0
    print(f"{'study':<58} {'deal':>5} {'proof':>8}  without each reduction")
    for path in studies(args.specs):
        study = json.loads(path.read_text(encoding="utf-8"))
        columns = study["columns"]
        lost = [dict(zip(columns, row)) for row in study["outcomes"] if row[columns.index("outcome")] == "lost"]
        for deal in lost[:args.deals]:
            cls = type(load(study["spec"], seed=deal["seed"]))
            verdicts = []
            for method in reductions(cls):
                with without(cls, method):
                    nodes = min(args.cap, max(args.floor, 3 * deal["nodes"]))
                    solution = thoughtful(load(study["spec"], seed=deal["seed"]), nodes=nodes)
                verdicts.append(f"{method}: {solution.outcome}")
                if solution.outcome == "won":
                    wins += 1
                    verdicts[-1] += f" ({len(solution.record)} moves: A BUG)"
            print(f"{study['spec']:<58} {deal['seed']:>5} {deal['nodes']:>8,}  {'; '.join(verdicts)}", flush=True)
    return 1 if wins else 0


if __name__ == "__main__":
    sys.exit(main())
