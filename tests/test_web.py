"""The Play panel's bridge (patience.web): what the page's JavaScript gets from the engine."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from patience import games
from patience.game import pile_kind
from patience.web import Table, chapter_games, handle

ALL = [cls.slug for cls in games.all()]


def test_importing_the_bridge_does_not_import_tqdm():
    # The wheel runs in Pyodide without its dependencies: the panel must not need tqdm.
    code = "import sys, patience.web, patience.solve; print('tqdm' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_every_chapter_has_a_game_to_play():
    chapters = {cls.chapter or cls.slug for cls in games.all()}
    for chapter in chapters:
        offered = chapter_games(chapter)
        assert offered and offered[0]["spec"] == chapter, chapter


@pytest.mark.parametrize("slug", ALL)
def test_the_state_is_json_and_every_listed_move_plays_by_its_name_and_by_clicks(slug):
    table = Table.open(slug, seed=1)
    state = json.loads(json.dumps(table.state()))
    assert state["svg"].startswith("<svg") and state["result"] == "in play"
    start = table.game.state_key()
    legal = table.game.legal_moves()
    step = max(1, len(legal) // 12)  # The Empress of India offers a thousand moves: a sample of them
    for i, move in list(enumerate(legal))[::step]:
        played = table.pick(i)
        assert played["ok"] and table.game.history[-1] == move, (slug, str(move), played["message"])
        table.undo()
        played = table.play(str(move))
        assert played["ok"] and str(table.game.history[-1]) == str(move), (slug, str(move), played["message"])
        table.undo()
        taken = table.game.taken(move)
        if taken and move.target:  # the cards it takes up, one click each, then where they go
            for pile, card in taken:
                table.click(pile, str(card))
            clicked = table.click(move.target)
            assert clicked["ok"], (slug, str(move), clicked["message"])
            assert table.game.history[-1] == move or pile_kind(move.target) in table.game.OUT, (slug, str(move))
            assert str(table.game.history[-1]) == str(move), (slug, str(move), clicked["message"])
            table.undo()
        assert table.game.state_key() == start
    if table.game.PLATE:
        assert Table.open(slug, plate=True).state()["where"] == "the plate"


def test_a_combination_of_the_wheel_is_chosen_card_by_card_and_refused_in_the_rules_words():
    table = Table.open("the-wheel", seed=2)
    first = table.click("cushion 2", "6♠")["message"]
    assert first == "chose 6♠: now click the other cards to take up with it, then where they go"
    table.click("cushion 7", "8♠")
    assert table.click("cushion 7", "8♠")["message"] == "let go of 8♠" and table.chosen == [("cushion 2", "6♠")]
    for place, card in [("cushion 7", "8♠"), ("cushion 12", "4♦")]:
        table.click(place, card)
    refused = table.click("circle 1")  # three cards of eighteen, but no crown
    assert not refused["ok"] and refused["message"].startswith("Rule III — "), refused["message"]
    before = table.game.state_key()
    for place, card in [("cushion 2", "6♠"), ("cushion 4", "5♦"), ("cushion 5", "2♦"), ("cushion 3", "J♠")]:
        table.click(place, card)
    refused = table.click("circle 1")
    assert not refused["ok"] and refused["message"].startswith("Combinations — the three cards must make "
                                                               "eighteen"), refused["message"]
    assert table.game.state_key() == before and not table.chosen
    for place, card in [("cushion 3", "J♠"), ("cushion 12", "4♦"), ("cushion 2", "6♠"), ("cushion 7", "8♠")]:
        table.click(place, card)
    assert table.click("circle 5")["history"] == ["4♦ 6♠ 8♠ + J♠"]  # any place of the circle: the next


def test_a_refusal_cites_the_rule_and_changes_nothing():
    table = Table.open("canfield", seed=8)
    before = table.game.state_key()
    refused = table.play("J♣ → foundation")
    assert not refused["ok"] and refused["message"].startswith("Rule 3 — ")
    table.click("column 1", "J♣")
    refused = table.click("column 2", "J♥")
    assert not refused["ok"] and refused["message"].startswith("Rule "), refused["message"]
    assert table.game.state_key() == before and not table.chosen


def test_undo_and_redo_and_a_new_move_forgets_the_redo():
    table = Table.open("canfield", seed=8)
    table.play("4♦ → 5♣")
    table.play("turn")
    assert table.undo()["can_redo"] and table.undo()["history"] == []
    assert table.redo()["history"] == ["4♦ → 5♣"]
    assert table.state()["can_redo"]
    assert not table.play("8♠ → 9♥")["can_redo"]
    assert not table.redo()["ok"]


def test_clicking_the_stock_turns_it_and_a_second_click_lets_a_card_go():
    table = Table.open("canfield", seed=8)
    assert table.click("stock")["history"] == ["turn"]
    table.click("column 3", "4♦")
    assert table.click("column 3", "4♦")["message"] == "let go of 4♦" and not table.chosen


def test_a_won_line_ends_with_the_result():
    from patience.solve import solve

    table = Table.open("canfield", seed=8)
    line = solve(table.game.copy(), nodes=5_000).record.moves
    for move in line:
        state = table.play(str(move))
        assert state["ok"], state["message"]
    assert state["won"] and state["over"] and state["result"] == "won"
    assert state["message"].endswith("the game is over, won") and state["score"] == 208


def test_hint_gives_a_legal_move_or_says_no_win_found():
    table = Table.open("canfield", seed=8)
    state = table.hint(seconds=0.5)
    assert state["hint"] in [m["name"] for m in state["moves"]]
    assert table.game.history == []
    hard = Table.open("canfield", seed=958)  # won, but after 5.4 million positions
    answer = hard.hint(seconds=0.2)
    assert answer["hint"] is None and answer["message"].startswith("no win found")


def test_handle_answers_json_requests():
    assert json.loads(handle('{"op": "open", "spec": "canfield(draw=3)", "seed": 2}'))["spec"] == "canfield(draw=3)"
    assert json.loads(handle('{"op": "play", "move": "turn"}'))["history"] == ["turn"]
    assert json.loads(handle('{"op": "click", "pile": "nowhere"}'))["ok"] is False
    assert json.loads(handle("not json"))["ok"] is False
    assert json.loads(handle('{"op": "open"}'))["message"] == "the request lacks 'spec'"


def test_a_pyodide_download_that_does_not_match_its_pinned_integrity_is_refused(tmp_path):
    from patience.sphinxext import fetch_pyodide

    tarball = tmp_path / "9.9.9" / "pyodide-9.9.9.tgz"
    tarball.parent.mkdir()
    tarball.write_bytes(b"not pyodide")
    with pytest.raises(RuntimeError, match="does not match its pinned integrity"):
        fetch_pyodide("9.9.9", "sha512-AAAA", tmp_path)
    assert not tarball.exists()


def test_the_panel_offers_the_chapters_games_and_the_wheel():
    from patience.sphinxext import WHEEL, play_panel

    html = play_panel("la-belle-lucie", "0.29.3")
    assert f'data-wheel="{WHEEL}"' in html and "house-in-the-wood" in html and 'data-pyodide="0.29.3"' in html
    assert "<button" in html and "Pyodide 0.29.3" in html
