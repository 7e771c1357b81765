"""``bench/run.py --peer``: pyksolve's deals are written so that it reads them, and its winning lines are
played again in the engine, so that a deal it wins and the book's search proves lost is explained."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from patience import load
from patience.solve import solve

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "run.py"
spec = importlib.util.spec_from_file_location("bench_run", SCRIPT)
assert spec is not None and spec.loader is not None
bench = importlib.util.module_from_spec(spec)
sys.modules["bench_run"] = bench
spec.loader.exec_module(bench)

SPEC = f"canfield(partial=true,redeals={bench.PEER_PASSES - 1})"


def in_its_words(game, moves) -> str:  # type: ignore[no-untyped-def]
    """A line of the engine's moves as pyksolve writes its own: ``DR1``, ``NEW``, ``37-2``, ``WH``."""
    words = []
    for move in moves:
        if move.kind in ("turn", "redeal"):
            words.append("DR1" if move.kind == "turn" else "NEW")
            continue
        source = "W" if move.source == "waste" else move.source.split()[1]
        target = (move.target.split()[1] if move.target.startswith("column")
                  else "SHDC"[(move.cards[0] - 1) // 13])
        words.append(f"{source}{target}" + (f"-{len(move.cards)}" if len(move.cards) > 1 else ""))
    return " ".join(words)


def test_a_line_in_its_words_is_played_in_the_engine() -> None:
    found = solve(load(SPEC, seed=1), nodes=100_000)
    assert found.outcome == "won"
    line = in_its_words(load(SPEC, seed=1), found.record.moves)
    assert bench.replayed(load(SPEC, seed=1), line) == "won"
    assert bench.replayed(load(SPEC, seed=1), line.rsplit(" ", 1)[0]) == "not won at its end"
    assert bench.replayed(load(SPEC, seed=1), "H4").startswith("H4: a card back from a foundation")
    assert bench.replayed(load(SPEC, seed=1), "17-3") == "17-3: no such move here"


def test_it_reads_the_deal_it_is_given() -> None:
    ksolve = pytest.importorskip("pyksolve.solver", reason="pyksolve (the extra 'peer') is not installed")
    game = load(SPEC, seed=11)
    klondike = ksolve.Solitaire()
    assert klondike.load_pysol(bench.pysol(game))
    klondike.reset_game(1)
    assert klondike.game_diagram_pysol().split("\n", 1)[1] == bench.pysol(game).replace("Talon: ", "Talon: ==> ", 1) \
        .replace("\n", " <==\n", 1)
