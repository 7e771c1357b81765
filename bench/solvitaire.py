"""Deals of the book solved by Solvitaire, and its verdicts stored beside the book's studies.

Solvitaire, the solver of Blake and Gent's *The Winnability of Klondike Solitaire and Many Other
Patience Games* (2019), is a C++ program with no release to install; build it from its public source
(https://github.com/thecharlieblake/Solvitaire, with Boost's program_options) and give this script
its binary::

    .venv/bin/python bench/solvitaire.py demon --binary /path/to/solvitaire --timeout 30

For each seed of the study the script writes the deal in Solvitaire's JSON (the top card of each pile
last, a face-down card's suit in lower case), runs ``solvitaire --classify --timeout MS`` on it under the rules below, and stores every verdict
with its time and the states Solvitaire searched in ``book/statistics/peers/<study>.solvitaire.json``
(``--harder-than N``: only the deals the stored study left unknown or decided after more than N positions).
``tests/test_book_statistics.py`` holds the book's stored study against those verdicts: under rules that
give Solvitaire no win the book's rules deny, a deal it wins is never one the book's search proves lost.

``demon``
    Its preset ``canfield`` is Demon as modern Canfield programs play it, the book's
    ``demon(files=part,heap=files,empty_heap=any,wrap=base)`` (the four files as its tableau piles, the
    formation card as its foundations, the heap as its stacked reserve, the hand as its stock), but for
    two points: it turns the pack over again whether or not a card was used in the pass (a careful player
    loses nothing by the book's rule, making his other moves before the hand runs out), and it moves part
    of a file onto another only when the card uncovered can go up (narrower than ``files=part``).
``canfield``
    The book's Canfield (Klondike) in its own rules (``CANFIELD_RULES``): seven rows dealt in a triangle,
    the last card of each face up, built down in alternate colours, all of a row's face-up cards moved
    together (its "maximal group"), spaces for kings only, the stock turned once, a card at a time,
    nothing taken back from a foundation.  Solvitaire lets an ace go on a two in the rows, which rule 5
    forbids; give this target a binary built with that move taken out (in
    ``game_state::is_valid_tableau_move``, no card of rank 1 onto a non-empty tableau pile).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, NamedTuple

from patience import load
from patience.cards import Card
from patience.game import Pile
from patience.stats import Results

#: Solvitaire's words for its verdicts, in the book's.
VERDICTS = {"solved": "won", "unsolvable": "lost", "timed-out": "unknown", "memory-limit-reached": "unknown"}

#: The book's Canfield in Solvitaire's rules (``--custom-rules``).
CANFIELD_RULES = {
    "tableau piles": {"count": 7, "build policy": "red-black", "spaces policy": "kings",
                      "move built group": "maximal-group", "diagonal deal": True, "face up cards": "top"},
    "foundations": {"removable": False},
    "stock": {"size": 24, "deal count": 1, "redeal": False},
}


def name(card: Card) -> str:
    """A card as Solvitaire writes it (``10H``, ``AS``)."""
    return ("A", *map(str, range(2, 11)), "J", "Q", "K")[card.value - 1] + card.suit.name[0]


def names(pile: Pile) -> list[str]:
    """A pile's cards, bottom first; Solvitaire reads a card whose suit is in lower case as face down."""
    return [name(c)[:-1] + name(c)[-1].lower() if i < pile.face_down else name(c) for i, c in enumerate(pile.cards)]


def demon_deal(seed: int) -> dict[str, Any]:
    """Seed ``seed`` of the book's modern reading of Demon in Solvitaire's JSON."""
    piles = load(TARGETS["demon"].spec, seed=seed).piles
    return {"tableau piles": [names(piles[f"file {i}"]) for i in range(1, 5)],
            "foundations": names(piles["foundation 1"]), "reserve": names(piles["heap"]),
            "stock": names(piles["hand"]), "waste": []}


def canfield_deal(seed: int) -> dict[str, Any]:
    """Seed ``seed`` of the book's Canfield in Solvitaire's JSON."""
    piles = load(TARGETS["canfield"].spec, seed=seed).piles
    return {"tableau piles": [names(piles[f"column {i}"]) for i in range(1, 8)], "stock": names(piles["stock"]),
            "waste": []}


class Target(NamedTuple):
    spec: str
    study: str  # the stem of the study's stored results
    rules: str | dict[str, Any]  # the name of one of Solvitaire's presets, or custom rules
    deal: Callable[[int], dict[str, Any]]
    deals: int
    change: str = ""  # the change made to Solvitaire's source, if any


TARGETS = {
    "demon": Target("demon(files=part,heap=files,empty_heap=any,wrap=base)",
                    "demon-empty_heap-any-files-part-heap-files-wrap-base", "canfield", demon_deal, 1000),
    "canfield": Target("canfield", "canfield", CANFIELD_RULES, canfield_deal, 1000,
                       "game_state::is_valid_tableau_move: no ace onto a non-empty tableau pile"),
}


def solve(binary: str, target: Target, seed: int, timeout: float, folder: str) -> tuple[str, int, int]:
    """Solvitaire's verdict on seed ``seed`` (won, lost or unknown), its milliseconds and states searched."""
    path = Path(folder) / f"{seed}.json"
    path.write_text(json.dumps(target.deal(seed)))
    if isinstance(target.rules, str):
        rules = ["--type", target.rules]
    else:
        (Path(folder) / "rules.json").write_text(json.dumps(target.rules))
        rules = ["--custom-rules", str(Path(folder) / "rules.json")]
    done = subprocess.run([binary, *rules, "--classify", "--timeout", str(int(timeout * 1000)), str(path)],
                          capture_output=True, text=True, timeout=timeout + 60, check=True)
    fields = [field.strip() for field in done.stdout.strip().splitlines()[-1].split(",")]
    return VERDICTS[fields[1]], int(fields[2]), int(fields[3])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", choices=sorted(TARGETS), help="the book's study to set Solvitaire beside")
    parser.add_argument("--binary", required=True, help="Solvitaire's program, built from its source")
    parser.add_argument("--deals", type=int, help="seeds 1..N (default: the study's)")
    parser.add_argument("--harder-than", type=int, metavar="POSITIONS", help="only the deals the book's stored "
                        "study left unknown, or decided after more than POSITIONS positions")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds a deal (default 30)")
    parser.add_argument("--jobs", type=int, default=1, help="deals solved at once")
    parser.add_argument("--commit", default="", help="the commit of Solvitaire's source, recorded with the verdicts")
    parser.add_argument("--out", type=Path, help="default: book/statistics/peers/<study>.solvitaire.json")
    args = parser.parse_args(argv)
    target = TARGETS[args.target]
    out = args.out or Path("book/statistics/peers") / f"{target.study}.solvitaire.json"
    seeds = list(range(1, (args.deals or target.deals) + 1))
    if args.harder_than is not None:
        study = Results.load(Path("book/statistics") / f"{target.study}.thoughtful.json")
        seeds = [s for s in seeds if study.outcomes[s].outcome == "unknown" or study.outcomes[s].nodes > args.harder_than]
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(args.jobs) as pool:
        found = dict(zip(seeds, pool.map(lambda s: solve(args.binary, target, s, args.timeout, folder), seeds)))
    counts = {v: sum(f[0] == v for f in found.values()) for v in ("won", "lost", "unknown")}
    out.parent.mkdir(parents=True, exist_ok=True)
    head = {"solver": "Solvitaire", "commit": args.commit, "change": target.change, "rules": target.rules,
            "spec": target.spec, "timeout": args.timeout, "counts": counts,
            **({"harder than": args.harder_than} if args.harder_than is not None else {}),
            "columns": ["seed", "outcome", "milliseconds", "states"]}
    lines = [json.dumps([seed, *found[seed]]) for seed in seeds]  # one line a deal, as the studies are stored
    out.write_text(json.dumps(head, indent=1)[:-2] + ',\n "outcomes": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n")
    print(f"{target.spec}, Solvitaire ({args.timeout:g} s a deal): {counts}; wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
