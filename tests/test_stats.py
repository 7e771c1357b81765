"""The statistics runner: intervals, parallel runs that agree with serial ones, resuming and merging,
the Dask path on a local cluster, the CLI, and the results the book reads."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from patience import stats
from patience.cli import main
from patience.stats import Outcome, Results, Study, run, wilson



def outcomes(results: Results) -> list[tuple[int, str, int, int]]:
    """Everything of a result but its time, which varies from run to run."""
    return [(o.seed, o.outcome, o.nodes, o.moves) for _, o in sorted(results.outcomes.items())]


def test_the_wilson_interval_holds_the_rate_and_narrows_with_more_deals() -> None:
    lo, hi = wilson(30, 100)
    assert lo < 0.3 < hi
    lo2, hi2 = wilson(300, 1000)
    assert lo < lo2 < 0.3 < hi2 < hi
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_unknowns_are_counted_both_ways() -> None:
    results = Results("canfield", "thoughtful", 100)
    results.add([Outcome(1, "won", 0.1, 5, 9), Outcome(2, "unknown", 0.2, 100, 0), Outcome(3, "lost", 0.3, 7, 0)])
    assert results.counts() == {"won": 1, "lost": 1, "unknown": 1}
    assert results.interval() == (wilson(1, 3)[0], wilson(2, 3)[1])
    assert results.times() == (0.2, pytest.approx(0.2), 0.3)
    assert results.seeds() == "1–3"


def test_parallel_runs_give_the_serial_answers() -> None:
    serial = run("canfield", range(1, 9), nodes=300, jobs=1, progress=False)
    parallel = run("canfield", range(1, 9), nodes=300, jobs=2, progress=False)
    assert outcomes(serial) == outcomes(parallel) and serial.deals == 8


def test_a_run_resumes_from_its_file_and_files_merge(tmp_path: Path) -> None:
    out = tmp_path / "fifteen.json"
    first = run("the-fifteen", range(1, 4), "honest", nodes=50, out=out, progress=False)
    again = run("the-fifteen", range(1, 7), "honest", nodes=50, out=out, progress=False)
    assert [again.outcomes[s] for s in (1, 2, 3)] == [first.outcomes[s] for s in (1, 2, 3)]
    assert Results.load(out) == again and again.deals == 6
    rest = run("the-fifteen", range(7, 9), "honest", nodes=50, progress=False)
    merged = again.merge(rest)
    assert merged.deals == 8 and merged.seeds() == "1–8"
    with pytest.raises(ValueError, match="different studies: mode"):
        again.merge(run("the-fifteen", range(1, 2), "thoughtful", nodes=50, progress=False))


def test_the_engine_hash_reads_the_code_not_its_words() -> None:
    """A study resumes after its game's docstrings or comments are edited, not after its code is."""
    source = Path(stats.__file__).with_name("games").joinpath("demon.py").read_text(encoding="utf-8")
    words = source.replace("Demon, the second of the three", "Demon, the second of three").replace(
        "# ---", "# ----")
    assert words != source and stats.code_of(words) == stats.code_of(source)
    code = source.replace("HEAP = 13", "HEAP = 12")
    assert code != source and stats.code_of(code) != stats.code_of(source)


def test_a_larger_budget_keeps_the_decided_deals_and_searches_the_unknown_ones_again(tmp_path: Path) -> None:
    out = tmp_path / "fourteenth.json"
    small = run("the-fourteenth", range(1, 9), nodes=300, out=out, progress=False)
    stored = Results.load(out)
    stored.engine = "an-earlier-engine"
    stored.save(out)
    larger = run("the-fourteenth", range(1, 9), nodes=3_000, out=out, progress=False, keep_decided=True)
    fresh = run("the-fourteenth", range(1, 9), nodes=3_000, progress=False)
    assert 0 < small.counts()["unknown"] and larger.counts()["unknown"] < small.counts()["unknown"]
    assert outcomes(larger) == outcomes(fresh)
    assert all(larger.outcomes[s] == o for s, o in small.outcomes.items() if o.outcome != "unknown")
    assert Results.load(out) == larger and (larger.nodes, larger.engine) == (3_000, fresh.engine)
    # for a smaller budget (as for another mode or a beam) the study starts afresh
    assert run("the-fourteenth", range(1, 3), nodes=300, out=out, progress=False, keep_decided=True).deals == 2
    # the command line: --keep-decided
    assert main(["stats", "the-fourteenth", "--deals", "8", "--nodes", "3000", "--out", str(out), "--quiet",
                 "--keep-decided"], out=io.StringIO()) == 0
    assert outcomes(Results.load(out)) == outcomes(fresh)


def test_results_round_trip_through_json() -> None:
    results = run("fortress", range(1, 4), "honest", nodes=50, progress=False)
    data = json.loads(results.to_json())
    assert data["game"] == "fortress" and data["counts"] == results.counts() and len(data["outcomes"]) == 3
    assert Results.from_json(results.to_json()) == results


def test_bad_studies_are_refused_before_any_work() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        run("patience-royale", range(1, 3), progress=False)
    with pytest.raises(ValueError, match="unknown mode"):
        run("canfield", range(1, 3), "lucky", progress=False)


def test_the_dask_path_on_a_local_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = stats.run_dask(client, "canfield", range(1, 7), nodes=300, chunk=2)
    local = run("canfield", range(1, 7), nodes=300, progress=False)
    assert outcomes(remote) == outcomes(local)


def test_the_command_line_solves_and_measures(tmp_path: Path) -> None:
    out = io.StringIO()
    record = tmp_path / "won.txt"
    assert main(["solve", "canfield", "--seed", "8", "--nodes", "5000", "--record", str(record)], out=out) == 0
    assert ": won (thoughtful" in out.getvalue()
    from patience import Record

    assert Record.from_text(record.read_text()).replay().is_won
    out = io.StringIO()
    assert main(["stats", "the-fifteen", "--deals", "3", "--mode", "honest", "--nodes", "50", "--quiet",
                 "--out", str(tmp_path / "r.json")], out=out) == 0
    assert "3 deals (seeds 1–3)" in out.getvalue() and (tmp_path / "r.json").exists()
    out = io.StringIO()
    assert main(["stats", "patience-royale", "--quiet"], out=out) == 2
    assert "unknown game" in out.getvalue()


def test_a_plan_names_its_studies_and_their_files(tmp_path: Path) -> None:
    plan = tmp_path / "plan.toml"
    plan.write_text('[defaults]\ndeals = 3\nmodes = ["thoughtful", "honest"]\n\n'
                    '[[study]]\nspec = "canfield(draw=3)"\nnodes = 100\nplan_nodes = 20\n')
    found = stats.studies(plan)
    assert found == [Study("canfield(draw=3)", "thoughtful", 3, 100), Study("canfield(draw=3)", "honest", 3, 20)]
    assert [s.stem for s in found] == ["canfield-draw-3.thoughtful", "canfield-draw-3.honest"]
    results = stats.run_study(found[1], tmp_path, progress=False)
    assert (tmp_path / "canfield-draw-3.honest.json").exists() and results.deals == 3


def test_a_beam_study_keeps_its_width_in_its_file_its_name_and_its_words(tmp_path: Path) -> None:
    plan = tmp_path / "plan.toml"
    plan.write_text('[[study]]\nspec = "the-clock"\nmodes = ["thoughtful"]\ndeals = 2\nnodes = 2000\n'
                    'width = 5\n')
    (study,) = stats.studies(plan)
    assert study == Study("the-clock", "thoughtful", 2, 2_000, 5)
    assert study.stem == "the-clock-beam-5.thoughtful"
    results = stats.run_study(study, tmp_path, progress=False)
    assert results.counts()["won"] == 1, "seed 1 is won by a beam of 5, seed 2 is not"
    assert json.loads(results.to_json())["budget"] == {"nodes": 2_000, "width": 5}
    assert Results.load(tmp_path / f"{study.stem}.json") == results and results.width == 5
    assert "budget 2,000 positions a deal, a beam of 5, 2 deals" in results.summary()
    with pytest.raises(ValueError, match="different studies: width"):
        results.merge(Results("the-clock", "thoughtful", 2_000, results.engine))
    plan.write_text('[[study]]\nspec = "the-clock"\nmodes = ["honest"]\ndeals = 2\nwidth = 5\n')
    with pytest.raises(ValueError, match="a beam's width is a thoughtful search's"):
        stats.studies(plan)
    out = io.StringIO()
    assert main(["stats", "the-clock", "--deals", "1", "--nodes", "2000", "--width", "5", "--quiet"],
                out=out) == 0
    assert "won 1, lost 0, unknown 0" in out.getvalue()


def test_a_time_limit_is_kept_with_the_study_in_its_plan_file_and_words(tmp_path: Path) -> None:
    plan = tmp_path / "plan.toml"
    plan.write_text('[[study]]\nspec = "the-great-thirteen"\nmodes = ["thoughtful", "honest"]\ndeals = 2\n'
                    'nodes = 500\nplan_nodes = 20\nseconds = 30\n')
    thoughtful, honest = stats.studies(plan)
    assert (thoughtful.seconds, honest.seconds) == (30.0, None), "a time limit is a thoughtful search's"
    results = stats.run_study(thoughtful, tmp_path, progress=False)
    assert json.loads(results.to_json())["budget"] == {"nodes": 500, "seconds": 30.0, "restarts": [[8, 500], [64, 500], [32, 500]]}
    assert Results.load(tmp_path / f"{thoughtful.stem}.json") == results and results.seconds == 30.0
    assert "budget 500 positions or 30 s a deal, then 8 searches of 500, 64 of 500 and 32 of 500 in other orders, 2 deals" \
        in results.summary()
    with pytest.raises(ValueError, match="different studies: seconds"):
        results.merge(Results("the-great-thirteen", "thoughtful", 500, results.engine))


@pytest.mark.parametrize("spec, field, budget, words", [
    ("the-clock", "plays_out", {"plays_out": True}, "then played out seeing every card"),
    ("demon(files=part)", "pack_first", {"pack_first": 300}, "then one of 300 with the pack's cards that go out first"),
], ids=["playing out", "the pack first"])
def test_a_last_search_of_the_unknown_deals_is_kept_with_the_study_and_said_in_its_budget(
        spec: str, field: str, budget: dict[str, object], words: str, tmp_path: Path) -> None:
    """Playing out what the searches leave unknown, and searching it again with the pack first (given
    no more positions than the first search), are kept in a thoughtful study's file and budget."""
    plan = tmp_path / "plan.toml"
    plan.write_text(f'[[study]]\nspec = "{spec}"\nmodes = ["thoughtful", "honest"]\ndeals = 2\n'
                    'nodes = 300\nplan_nodes = 20\n')
    thoughtful, honest = stats.studies(plan)
    results = stats.run_study(thoughtful, tmp_path, progress=False)
    assert json.loads(results.to_json())["budget"] == {"nodes": 300, **budget}
    assert Results.load(tmp_path / f"{thoughtful.stem}.json") == results and getattr(results, field)
    assert f"budget 300 positions a deal, {words}, 2 deals" in results.summary()
    assert not getattr(stats.run_study(honest, tmp_path, progress=False), field), "the honest player makes no such search"
    with pytest.raises(ValueError, match=f"different studies: {field}"):
        results.merge(Results(spec, "thoughtful", 300, results.engine))


def test_a_search_stopped_by_its_time_says_unknown_and_the_command_line_says_how_to_give_more() -> None:
    from patience import load
    from patience.solve import solve

    stopped = solve(load("canfield", seed=699), nodes=10**9, seconds=0.2)  # proved lost after 4.9 million
    assert stopped.outcome == "unknown" and stopped.seconds < 5
    seen: list[int] = []
    solve(load("canfield", seed=699), nodes=9_000, progress=lambda positions, seconds: seen.append(positions))
    assert seen == [4096, 8192], "progress is reported as the search goes"
    out = io.StringIO()
    assert main(["solve", "canfield", "--seed", "699", "--seconds", "0.2", "--nodes", "1000000000"], out=out) == 0
    assert "unknown" in out.getvalue()


def test_together_holds_the_players_wins_to_the_searches_proofs() -> None:
    """A player who gives up proves nothing, so a deal the search won and the player lost is won
    together; a deal the player won and a search proved lost is a mistake in one of them."""
    search = Results("canfield", "thoughtful", 100, outcomes={1: Outcome(1, "won", 0.1, 50, 90),
                                                               2: Outcome(2, "lost", 0.1, 60, 0)})
    player = Results("canfield", "honest", 20, outcomes={1: Outcome(1, "lost", 0.1, 9, 40),
                                                         2: Outcome(2, "lost", 0.1, 9, 40)})
    assert stats.together([search, player]).counts() == {"won": 1, "lost": 1, "unknown": 0}
    player.add([Outcome(2, "won", 0.1, 9, 95)])
    with pytest.raises(ValueError, match="deal 2: won by the honest player, proved lost by the search of 100"):
        stats.together([search, player])
    with pytest.raises(ValueError, match="at most one honest player"):
        stats.together([search, player, player])


@pytest.mark.parametrize(("text", "words"), [
    ('[[study]]\nspec = "canfield"\ndeals = 3\n', "study 1 has no 'mode' (nor do the defaults)"),
    ('[defaults]\nmode = "thoughtful"\n[[study]]\nspec = "canfield"\n', "study 1 has no 'deals'"),
    ('[defaults]\nmode = "thoughtful"\n[[study]]\nspec = "nope"\ndeals = 3\n', "study 1 (nope): unknown game"),
    ('[[study]]\nspec = "canfield"\nmode = "lucky"\ndeals = 3\n', "study 1 (canfield): unknown mode 'lucky'"),
    ('[[study]]\nspec = "canfield"\nmode = "thoughtful"\ndeals = 3\nnodes = -2\n', "0 or more, not -2"),
    ("not a plan", "plan.toml: Expected '='"),
])
def test_a_plan_that_is_not_one_is_refused_with_its_study(tmp_path: Path, text: str, words: str) -> None:
    plan = tmp_path / "plan.toml"
    plan.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(words)):
        stats.studies(plan)
