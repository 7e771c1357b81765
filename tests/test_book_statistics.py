"""The statistics the book prints come from stored results that match the plan and cover every game."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from patience import games, load, stats
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
    depth_first = study.mode == "thoughtful" and study.width is None
    assert results.plays_out == (depth_first and games.get(results.game).PLAYS_OUT), \
        f"{study.stem}: the stored search {'plays' if results.plays_out else 'does not play'} out its unknown deals"
    assert results.pack_first == (min(load(study.spec).pack_first(), study.nodes) if depth_first else 0), \
        f"{study.stem}: the stored search again with the pack first is not the game's"
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


def test_the_table_names_its_seeds_only_where_they_are_not_one_to_the_number_of_deals() -> None:
    """The text under the table says the deals are seeds 1, 2, …; a study of other seeds says which."""
    (search, *_) = stats.stored(STORED, "canfield")
    assert f"| {search.deals:,} | {search.counts()['won']:,} |" in statistics_table([search])
    some = dataclasses.replace(search, outcomes={seed: search.outcomes[seed] for seed in (1, 2, 3, 7)})
    assert "| 4 (seeds 1–3, 7) |" in statistics_table([some])


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
    assert all(depth_first.counts()["won"] * 10 < r.counts()["won"] for r in beams), \
        "the chapter: the beam wins many of the deals the depth-first search leaves unknown"


#: The games (with their options) measured by more than one study.
JOINED = sorted({s.spec for s in PLAN if sum(t.spec == s.spec for t in PLAN) > 1})


@pytest.mark.parametrize("spec", JOINED)
def test_no_deal_is_won_by_one_study_and_proved_lost_by_another(spec: str) -> None:
    studies = [Results.load(STORED / f"{s.stem}.json") for s in PLAN if s.spec == spec]
    joined = stats.together(studies)  # raises on a deal a search or the player won and a search proved lost
    counts = joined.counts()
    for r in studies:
        common = {seed: r.outcomes[seed].outcome for seed in joined.outcomes}
        assert counts["won"] >= sum(outcome == "won" for outcome in common.values())
        if r.mode == "thoughtful":
            assert counts["unknown"] <= sum(outcome == "unknown" for outcome in common.values())


def test_a_chapter_with_a_beam_shows_the_studies_together() -> None:
    results = stats.with_together(stats.stored(STORED, "the-fish-bone"))
    (joined,) = [r for r in results if r.joins]
    assert [(r.mode, r.width) for r in joined.joins] == [("thoughtful", None), ("thoughtful", 20), ("honest", None)]
    assert results[-1] is joined, "the row together comes after the rows it joins"
    table = statistics_table(results)
    row = next(line for line in table.splitlines() if "| together |" in line)
    counts = joined.counts()
    assert f"| both searches and the player above | 200 | {counts['won']:,} | {counts['lost']:,} | " \
        f"{counts['unknown']:,} (" in row
    assert "the-fish-bone — thoughtful, beam 20" in outcome_bars(results)
    assert "the-fish-bone — together" in outcome_bars(results)


def test_a_deal_only_the_player_won_is_won_together() -> None:
    """Sly: the honest player wins deals the search leaves unknown, so the table joins them; Caesar:
    the search wins every deal, so a row together would say nothing new and there is none."""
    results = stats.with_together(stats.stored(STORED, "sly"))
    (search, player, joined) = results
    won = {seed for r in (search, player) for seed, o in r.outcomes.items() if o.outcome == "won"}
    assert len(won) > search.counts()["won"], "the player won a deal the search did not"
    assert joined.counts() == {"won": len(won), "lost": 0, "unknown": 200 - len(won)}
    assert joined.budget() == "the search and the player above"
    assert not any(r.joins for r in stats.with_together(stats.stored(STORED, "caesar")))


def test_the_wish_is_computed_from_the_honest_results() -> None:
    text = wish_text(STORED)
    for name in ("Tens", "Demon", "The Idiot's Delight"):
        assert f"| {name} |" in text
    rates = [r.rate() for slug in ("tens", "demon", "the-idiots-delight")
             for r in stored(STORED, slug) if r.mode == "honest" and not r.options]
    if all(rates):
        assert f"{rates[0] * rates[1] * rates[2]:.2e}" in text


def _quick_samples(study: stats.Study) -> list[stats.Outcome]:
    """The stored deals of ``study`` that are cheap to solve again: its quickest won and quickest
    lost deal (a thoughtful one that searched at least one position), each if it took under 0.3 s
    and under a tenth of the study's time limit (so that a busy machine cannot stop it short)."""
    results = Results.load(STORED / f"{study.stem}.json")
    limit = 0.3 if study.seconds is None else min(0.3, study.seconds / 10)
    quick = sorted((o for o in results.outcomes.values() if o.seconds < limit),
                   key=lambda o: (o.seconds, o.seed))
    picks = []
    for outcome in ("won", "lost"):
        found = [o for o in quick if o.outcome == outcome and (study.mode == "honest" or o.nodes > 0)]
        picks += found[:1]
    return picks


@pytest.mark.parametrize("study", PLAN, ids=lambda s: s.stem)
def test_the_stored_results_still_hold_for_the_engine_as_it_is(study: stats.Study) -> None:
    """A sample of each study, solved again, ends as stored, after as many positions (or plans) and
    with a line as long: the engine has not changed the study's results since they were made (its
    code may have changed in ways that do not touch them, which the stored engine hash cannot tell)."""
    for stored_outcome in _quick_samples(study):
        again = stats.solve_seed(study.spec, stored_outcome.seed, study.mode, study.nodes, study.width,
                                 study.seconds)
        assert (again.outcome, again.nodes, again.moves) == \
            (stored_outcome.outcome, stored_outcome.nodes, stored_outcome.moves), \
            f"{study.stem}, deal {stored_outcome.seed}: the stored results are out of date (make stats)"


UNKNOWN_SENTENCE = re.compile(r"leaves\s+([\d,]+)\s+of\s+the\s+([\d,]+)\s+deals\s+unknown")


@pytest.mark.parametrize("chapter", sorted((STORED.parent / "games").glob("*.md")), ids=lambda p: p.stem)
def test_a_chapter_that_counts_its_unknown_deals_counts_them_as_stored(chapter: Path) -> None:
    """Where a chapter's prose says how many deals its search "leaves … unknown", the figure is the
    stored depth-first thoughtful study's (the table is drawn from the results; the prose must agree)."""
    text = chapter.read_text(encoding="utf-8")
    said = [(int(n.replace(",", "")), int(m.replace(",", ""))) for n, m in UNKNOWN_SENTENCE.findall(text)]
    if not said:
        return
    counts = {(r.counts()["unknown"], r.deals) for r in stored(STORED, chapter.stem)
              if r.mode == "thoughtful" and r.width is None}
    for pair in said:
        assert pair in counts, f"{chapter.name} says {pair[0]} of {pair[1]} deals are unknown; stored: {counts}"


PEERS = sorted((STORED / "peers").glob("*.json"))


@pytest.mark.parametrize("path", PEERS, ids=lambda path: path.stem)
def test_no_deal_is_won_by_one_solver_and_proved_lost_by_the_other(path: Path) -> None:
    """Another solver's verdicts on a study's deals (``bench/solvitaire.py``), under rules that give it
    no win the book's rules deny and deny it none they give (Demon's modern reading: it turns the
    pack over again where the book's rule would not, which wins nothing more, and it leaves out the
    moves of part of a file that the book's search leaves out too): a deal it wins the book's
    thoughtful search never proves lost, and a deal it proves lost the search never wins."""
    peer = json.loads(path.read_text())
    study = Results.load(STORED / f"{path.name.split('.')[0]}.thoughtful.json")
    assert peer["spec"] == study.spec
    assert {seed for seed, *_ in peer["outcomes"]} <= set(study.outcomes)
    won_there = {seed for seed, outcome, *_ in peer["outcomes"] if outcome == "won"}
    lost_here = {seed for seed, o in study.outcomes.items() if o.outcome == "lost"}
    assert not won_there & lost_here, f"won by {peer['solver']}, proved lost here: {sorted(won_there & lost_here)}"
    lost_there = {seed for seed, outcome, *_ in peer["outcomes"] if outcome == "lost"}
    won_here = {seed for seed, o in study.outcomes.items() if o.outcome == "won"}
    assert not lost_there & won_here, f"proved lost by {peer['solver']}, won here: {sorted(lost_there & won_here)}"
