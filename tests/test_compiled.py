"""The modules the build compiles (mypyc, see ``patience/compiled.py`` and ``setup.py``) run compiled
where the package was built so, and each compiled copy answers as its module's own functions do: the
proof that a card can never go up on the positions of every game whose search uses it, the search
and the runs of the pack on a search of every game."""

from __future__ import annotations

import importlib
import os
import random
from pathlib import Path
from typing import Any

import pytest

from patience import Game, blocked, compiled, games, load, solve
from patience.solve import thoughtful

#: Every game whose search proves cards blocked, and the readings of Canfield that change the proof.
PROVING = [cls.slug for cls in games.all() if cls.blocked is not Game.blocked] + [
    "canfield(partial=true)", "canfield(draw=3,redeals=2)"]


@pytest.mark.parametrize("name", compiled.MODULES)
def test_the_modules_run_compiled(name: str) -> None:
    if os.environ.get("PATIENCE_PURE"):
        pytest.skip("built without compiling (PATIENCE_PURE)")
    module = importlib.import_module(f"patience.{name}")
    assert module.COMPILED, (f"patience/{name}.py runs uncompiled: its compiled copy is missing or was made "
                             "from an older text; rebuild it with `make venv` (pip install -e .)")


@pytest.mark.parametrize("name", compiled.IN_C)
def test_the_extensions_in_c_are_built(name: str) -> None:
    if os.environ.get("PATIENCE_PURE"):
        pytest.skip("built without compiling (PATIENCE_PURE)")
    assert compiled.extension(name) is not None, (
        f"patience/{name.replace('.', '/')}.c is not built, or was built from an older text; rebuild it with "
        "`make venv` (pip install -e .)")


@pytest.mark.parametrize("name", compiled.IN_C)
def test_an_extension_built_from_another_text_is_not_used(name: str, tmp_path: Path) -> None:
    """An edit of the C text, or of a header it shares, since the build leaves the extension unused (the
    game searches as the core does) until the next build; so does a text that is not there to compare."""
    if os.environ.get("PATIENCE_PURE"):
        pytest.skip("built without compiling (PATIENCE_PURE)")
    texts = compiled.sources(name, Path(compiled.__file__).parent)
    module = f"patience.{name}"
    assert compiled._built(module, *texts) is not None
    for i, text in enumerate(texts):
        edited = tmp_path / text.name
        edited.write_bytes(text.read_bytes() + b"\n/* an edit */\n")
        assert compiled._built(module, *texts[:i], edited, *texts[i + 1:]) is None
    assert compiled._built(module, tmp_path / "missing.c", *texts[1:]) is None


def test_the_games_that_prove() -> None:
    assert {"canfield", "the-idiots-delight", "la-belle-lucie", "the-flower-garden"} <= set(PROVING)


def few_searches_again(cls: type[Game], monkeypatch: pytest.MonkeyPatch) -> None:
    """At most two of each kind of the game's searches again, in the core's search in Python: a game
    searched in C may have thousands (The Wheel 32,000), which would take minutes here."""
    if cls.RESTARTS:
        monkeypatch.setattr(cls, "RESTARTS", tuple((min(times, 2), each) for times, each in cls.RESTARTS))


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
        monkeypatch.setattr(type(game), "own_search", lambda self: None)  # the core's search, which asks the proof
        few_searches_again(type(game), monkeypatch)
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


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_the_compiled_search_searches_as_the_uncompiled(cls: type[Game], monkeypatch: pytest.MonkeyPatch) -> None:
    if not solve.COMPILED:
        pytest.skip("nothing compiled to compare")
    # (A deal left unknown is searched again in other orders where the game has restarts, so both the
    # search's own order and its shuffles are compared; a game's own search, in C, is left aside.)
    monkeypatch.setattr(cls, "own_search", lambda self: None)
    few_searches_again(cls, monkeypatch)
    found = thoughtful(cls.deal(seed=2), nodes=300)
    monkeypatch.setattr(solve, "_search", solve._depth_first)
    monkeypatch.setattr(solve, "_turning", solve._runs_turning)
    again = thoughtful(cls.deal(seed=2), nodes=300)
    assert (found.outcome, found.nodes, found.record.moves) == (again.outcome, again.nodes, again.record.moves)
