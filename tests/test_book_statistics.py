"""The statistics the book prints come from stored results that match the plan and cover every game."""

from __future__ import annotations

from pathlib import Path

import pytest

from patience import games, stats
from patience.sphinxext import outcome_bars, statistics_table, wish_text
from patience.stats import Results, stored

STORED = Path(__file__).resolve().parents[1] / "book" / "statistics"
PLAN = stats.studies(STORED / "studies.toml")


@pytest.mark.parametrize("cls", games.all(), ids=lambda cls: cls.slug)
def test_every_game_is_measured_in_both_modes(cls: type) -> None:
    assert {s.mode for s in PLAN if stats.parse_spec(s.spec)[0] == cls.slug} == {"thoughtful", "honest"}


@pytest.mark.parametrize("study", PLAN, ids=lambda s: s.stem)
def test_each_study_of_the_plan_is_stored_whole(study: stats.Study) -> None:
    results = Results.load(STORED / f"{study.stem}.json")
    assert (results.spec, results.mode, results.nodes, results.width, results.seconds) == \
        (study.spec, study.mode, study.nodes, study.width, study.seconds)
    assert sorted(results.outcomes) == list(range(1, study.deals + 1))
    assert all(o.outcome in ("won", "lost", "unknown") for o in results.outcomes.values())
    if study.mode == "honest":
        assert results.counts()["unknown"] == 0


def test_no_stored_file_is_left_out_of_the_plan() -> None:
    assert {p.stem for p in STORED.glob("*.json")} == {s.stem for s in PLAN}


def test_a_chapter_table_and_its_bars_are_made_from_the_stored_results() -> None:
    results = stats.stored(STORED, "canfield")
    table = statistics_table(results)
    for r in results:
        assert f"{r.counts()['won']:,} |" in table and r.spec in outcome_bars(results)


def test_a_beam_study_is_told_apart_in_the_table_and_the_bars() -> None:
    results = stats.stored(STORED, "light-and-shade")
    beams = [r for r in results if r.width is not None]
    assert beams, "Light and Shade is measured by a beam too"
    table, bars = statistics_table(results), outcome_bars(results)
    for r in beams:
        assert f"| {r.nodes:,} positions a deal, a beam of {r.width} |" in table
        assert f"light-and-shade — thoughtful, beam {r.width}" in bars
        assert r.counts()["won"] > 0 and r.counts()["lost"] == 0, "the chapter: it wins many, proves none lost"
    (depth_first,) = [r for r in results if r.mode == "thoughtful" and r.width is None]
    assert depth_first.counts()["won"] == 0, "the chapter: the depth-first search wins none of the deals"


def test_the_wish_is_computed_from_the_honest_results() -> None:
    text = wish_text(STORED)
    for name in ("Tens", "Demon", "The Idiot's Delight"):
        assert f"| {name} |" in text
    rates = [r.rate() for slug in ("tens", "demon", "the-idiots-delight")
             for r in stored(STORED, slug) if r.mode == "honest" and not r.options]
    if all(rates):
        assert f"{rates[0] * rates[1] * rates[2]:.2e}" in text
