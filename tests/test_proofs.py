"""``bench/proofs.py``, which searches the studies' proved losses again without each reduction."""

from __future__ import annotations

import importlib.util
import io
from contextlib import redirect_stdout
from pathlib import Path

from patience import Game, load
from patience.games.la_nivernaise import LaNivernaise

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "proofs.py"
spec = importlib.util.spec_from_file_location("proofs", SCRIPT)
assert spec is not None and spec.loader is not None
proofs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(proofs)


def test_a_reduction_is_taken_out_for_a_while_and_put_back() -> None:
    own = LaNivernaise.__dict__["safe_move"]
    assert "safe_move" in proofs.reductions(LaNivernaise)
    with proofs.without(LaNivernaise, "safe_move"):
        game = load("la-nivernaise", seed=1)
        assert game.safe_move(game.useful_moves()) is None
        assert "safe_move" not in proofs.reductions(LaNivernaise)
    assert LaNivernaise.__dict__["safe_move"] is own


def test_a_method_the_game_takes_from_the_base_is_left_to_the_base() -> None:
    missing = next(name for name in proofs.REDUCTIONS if name not in LaNivernaise.__dict__)
    with proofs.without(LaNivernaise, missing):
        pass
    assert missing not in LaNivernaise.__dict__ and getattr(LaNivernaise, missing) is getattr(Game, missing)


def test_the_proofs_of_a_study_stand_without_each_reduction() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        status = proofs.main(["fortress", "--deals", "2", "--floor", "2000"])
    rows = out.getvalue().splitlines()[1:]
    assert status == 0 and len(rows) == 2
    assert all(row.startswith("fortress") and "safe_move: lost" in row and "BUG" not in row for row in rows)
