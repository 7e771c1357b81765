"""Golden deals: seed N of a game gives the same deal in every release.

The files in ``tests/golden/`` hold the positions of seeds 1–3 of every game.
A new game writes its file once with ``python tests/test_golden.py SLUG``;
after that, a change that alters any deal fails here.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from patience import games

GOLDEN = Path(__file__).parent / "golden"
SEEDS = (1, 2, 3)


def deals(slug: str) -> str:
    cls = games.get(slug)
    return "\n\n".join(str(cls.deal(seed=s)) for s in SEEDS) + "\n"


@pytest.mark.parametrize("slug", [g.slug for g in games.all()])
def test_first_deals_never_change(slug: str) -> None:
    path = GOLDEN / f"{slug}.txt"
    assert path.exists(), f"no golden deals for {slug}: run `python tests/test_golden.py {slug}` once"
    assert deals(slug) == path.read_text(encoding="utf-8")


def test_the_shuffle_itself_is_pinned() -> None:
    from patience.cards import shuffled, whist_pack

    order = " ".join(str(c) for c in shuffled(whist_pack(), seed=2026))
    assert order == (GOLDEN / "shuffle-2026.txt").read_text(encoding="utf-8").strip()


if __name__ == "__main__":
    for slug in sys.argv[1:]:
        target = GOLDEN / f"{slug}.txt"
        if target.exists():
            sys.exit(f"{target} exists: golden deals are never rewritten")
        target.write_text(deals(slug), encoding="utf-8")
        print(f"wrote {target}")
