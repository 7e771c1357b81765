"""The proof that a card can never go up runs compiled where the package was built so (mypyc, see
``setup.py`` and the end of ``patience/blocked.py``), and the compiled copy answers as the module's
own function does, on the positions of every game whose search uses the proof."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from patience import Game, blocked, games, load
from patience.solve import thoughtful

#: Every game whose search proves cards blocked, and the readings of Canfield that change the proof.
PROVING = [cls.slug for cls in games.all() if cls.blocked is not Game.blocked] + [
    "canfield(partial=true)", "canfield(draw=3,redeals=2)"]


def test_the_proof_runs_compiled() -> None:
    if os.environ.get("PATIENCE_PURE"):
        pytest.skip("built without compiling (PATIENCE_PURE)")
    assert blocked.COMPILED, ("patience/blocked.py runs uncompiled: its compiled copy is missing or was "
                              "made from an older text; rebuild it with `make venv` (pip install -e .)")


def test_the_games_that_prove() -> None:
    assert {"canfield", "the-idiots-delight", "la-belle-lucie", "the-flower-garden"} <= set(PROVING)


@pytest.mark.parametrize("spec", PROVING)
def test_compiled_and_uncompiled_agree(spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if not blocked.COMPILED:
        pytest.skip("nothing compiled to compare")
    compiled = blocked._proof
    calls: list[tuple[Any, ...]] = []

    def recorded(*args: Any) -> int:
        args = (*args[:4], tuple(args[4]), tuple(args[5]))
        calls.append(args)
        return blocked._stuck(*args)

    monkeypatch.setattr(blocked, "_proof", recorded)
    for seed in (1, 2, 3):
        game = load(spec, seed=seed)
        thoughtful(game, nodes=1_500)
        rng = random.Random(seed)
        for _ in range(60):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            game.blocked()
    assert len(calls) > 100
    stuck = [blocked._stuck(*args) for args in calls]
    assert any(stuck) and not all(stuck)
    assert [compiled(*args) for args in calls] == stuck
