"""The Play panel of the chapters, in headless Chromium with the network off.

The book (``_build/html``, built by ``make book``) is served on 127.0.0.1 and the browser resolves
no other host name (``--host-resolver-rules``), so Pyodide and the engine's wheel can come only from
the site itself; each test also checks that the page fetched nothing from another origin.  For
games of different kinds (Canfield: a Klondike-type game with a stock; La Belle Lucie: a fan game
with re-deals; The Wheel: two packs), a test opens the chapter, checks that the engine is not
loaded before the reader opens the panel, opens it, plays moves by clicking cards and places, makes
an illegal move and reads the rule it cites (the same words as the engine's in this process),
undoes and redoes, asks for a hint, finishes the notebook's worked game to its result, copies the
position text and sets out the plate.

The panel's start-up time is measured by ``make bench`` (bench/play.py), not here.
``PATIENCE_BOOK_HTML`` points the tests at another build (a few chapters built on their own).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from headless import chromium, served

from patience import Record
from patience.sphinxext import WHEEL
from patience.web import Table

ROOT = Path(__file__).resolve().parents[1]
HTML = Path(os.environ.get("PATIENCE_BOOK_HTML", ROOT / "_build" / "html"))
RECORDS = ROOT / "src" / "patience" / "records"
#: The network switched off: no host name resolves but the local server's address.
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
START = 180  # seconds the engine may take to start on a loaded machine (the bench times it)
WAIT = 30  # seconds for a move, a hint or a refusal to show


@pytest.fixture(scope="module")
def site():
    if not (HTML / "_static" / "pyodide" / "pyodide.asm.wasm").is_file():
        pytest.fail(f"{HTML} has no built book with its Play panel's engine: run make book first "
                    "(make test does it)", pytrace=False)
    with served(HTML) as url:
        yield url


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    with chromium(tmp_path_factory.mktemp("chromium-play"), [OFFLINE], script_timeout=START) as browser:
        yield browser


def _until(driver, what: str, check, timeout: float = WAIT):
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.2).until(lambda d: check())
    except TimeoutException:
        message = driver.execute_script(
            "const m = document.querySelector('.play-message, .play-loading'); return m && m.textContent;")
        pytest.fail(f"waited {timeout} s for {what}; the panel says {message!r}", pytrace=False)


def _state(driver) -> dict:
    return driver.execute_script("return document.querySelector('.patience-play').patiencePlay.state;")


def _message(driver) -> str:
    return driver.execute_script("return document.querySelector('.play-message').textContent;")


def _click(driver, pile: str, card: str | None = None) -> None:
    """A click on a card of a pile (or on the pile's top, or its empty place) of the drawn position.

    The click is dispatched to the very element (a card under a fan is mostly covered by the next)."""
    found = driver.execute_script(
        """
        const [pile, card] = arguments;
        const g = Array.from(document.querySelectorAll('.play-board [data-pile]')).find(p => p.dataset.pile === pile);
        if (!g) return false;
        const cards = card === null ? [] : Array.from(g.querySelectorAll('[data-card]')).filter(c => c.dataset.card === card);
        const target = cards.length ? cards[cards.length - 1] : (g.querySelector('rect') || g);
        target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
        return true;
        """, pile, card)
    assert found, f"no pile {pile!r} in the drawn position"


def _clickable(game, move) -> bool:
    """Whether ``move`` can be made by clicks: the cards it takes up, then the place they go to; or a
    pack that has no other move."""
    taken = game.taken(move)
    if taken:
        return move.target in game.piles and all(pile in game.piles for pile, _ in taken)
    return move.source in game.piles and [m.source for m in game.legal_moves()].count(move.source) == 1


def _play_by_clicks(driver, game, move, refused: bool = False) -> None:
    """Play ``move`` by clicking the cards it takes up (one, or The Wheel's four) and the place they go
    to, or the pack it turns or deals (a ``refused`` move only has its clicks made)."""
    before = len(_state(driver)["history"])
    taken = game.taken(move)
    for pile, card in taken:
        _click(driver, pile, str(card))
    _click(driver, move.target if taken else move.source)
    if refused:
        return
    state = _until(driver, f"{move} to be played by clicking",
                   lambda: (s := _state(driver)) and len(s["history"]) > before and s)
    assert state["history"][-1] == str(move), f"clicking played {state['history'][-1]}, not {move}"


def _play_from_the_list(driver, moves) -> None:
    """Play ``moves`` by clicking them in the panel's list of legal moves, each once the engine has
    answered the one before (one trip to the browser)."""
    wanted = [{"name": str(m), "pile": m.source, "target": m.target} for m in moves]
    missing = driver.execute_async_script(
        """
        const [wanted, done] = arguments;
        const panel = document.querySelector('.patience-play').patiencePlay;
        (async () => {
          for (const [n, want] of wanted.entries()) {
            await panel.last;
            const i = panel.state.moves.findIndex(m => m.name === want.name && m.pile === want.pile && m.target === want.target);
            if (i < 0) return [n, want.name, panel.state.moves.map(m => m.label)];
            panel.moves.querySelector(`button[data-index="${i}"]`).click();
          }
          await panel.last;
          return null;
        })().then(done, (error) => done([-1, String(error), []]));
        """, wanted)
    assert missing is None, f"move {missing[0]} ({missing[1]}) is not in the panel's list: {missing[2]}"


def _press(driver, selector: str) -> None:
    """Click the panel's button ``selector``, scrolled to the middle of the window (the page's header
    sticks to the top)."""
    from selenium.webdriver.common.by import By

    button = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
    button.click()


def _no_request_left_the_site(driver) -> None:
    """Neither the page nor the engine's worker fetched anything from another site."""
    fetched = driver.execute_async_script(
        """
        const done = arguments[0];
        const page = performance.getEntriesByType('resource').map(e => e.name);
        document.querySelector('.patience-play').patiencePlay.engineResources().then(
          engine => done([...page, ...engine]), error => done(['the worker did not answer: ' + error]));
        """)
    foreign = [url for url in fetched if not url.startswith((driver.execute_script("return location.origin;"),
                                                               "data:", "blob:"))]
    assert not foreign, f"the page fetched from other sites: {foreign}"
    assert any("/_static/pyodide/pyodide.asm.wasm" in url for url in fetched), "the engine's fetches were not seen"


def _open_chapter(driver, site: str, chapter: str, anchor: str = "") -> None:
    from selenium.webdriver.common.by import By

    driver.get_log("browser")
    driver.get(site + f"games/{chapter}.html{anchor}")
    _until(driver, "the page to load", lambda: driver.execute_script("return document.readyState") == "complete")
    assert driver.find_elements(By.CSS_SELECTOR, "section#play .patience-play"), f"{chapter}: no Play section"


def _engine_requested(driver) -> bool:
    return driver.execute_script(
        "return document.querySelector('.patience-play').patiencePlay.ask !== null || "
        "performance.getEntriesByType('resource').some(e => /_static\\/(pyodide\\/|patience-play-worker)/.test(e.name));")


def test_every_chapter_has_a_play_panel_after_its_rules():
    chapters = sorted((HTML / "games").glob("*.html"))
    if not chapters:
        pytest.fail(f"{HTML} has no chapters: run make book first", pytrace=False)
    for page in chapters:
        text = page.read_text(encoding="utf-8")
        assert '<section id="play">' in text and 'class="patience-play"' in text, f"{page.name}: no Play panel"
        assert text.index('id="rules-as-the-engine-implements-them"') < text.index('<section id="play">'), page.name
        assert "patience-play.js" in text, f"{page.name}: the panel's script is not loaded"
    assert "patience-play.js" not in (HTML / "index.html").read_text(encoding="utf-8")
    assert (HTML / "_static" / "play" / WHEEL).is_file()


#: A chapter and its notebook's worked game.
GAMES = {
    "canfield": "canfield.txt",
    "la-belle-lucie": "la-belle-lucie.txt",
    "the-wheel": "the-wheel.txt",
}


@pytest.mark.parametrize("chapter", sorted(GAMES))
def test_play_a_chapter_game_in_the_page(site, driver, chapter):
    from selenium.webdriver.common.by import By

    record = Record.from_text((RECORDS / GAMES[chapter]).read_text(encoding="utf-8"))
    seed, moves = record.start.seed, record.moves
    here = Table.open(record.start.spec, seed=seed)  # the same engine, in this process

    if chapter == "la-belle-lucie":
        # a link opens the panel on a deal
        _open_chapter(driver, site, chapter, f"#play-seed-{seed}")
    else:
        _open_chapter(driver, site, chapter)
        assert not _engine_requested(driver), "the engine was loaded before the reader opened the panel"
        open_button = driver.find_element(By.CSS_SELECTOR, ".patience-play .play-open")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", open_button)
        open_button.click()
    _until(driver, "the engine to start and draw the position",
           lambda: driver.find_elements(By.CSS_SELECTOR, ".play-board svg [data-pile]"), timeout=START)
    if chapter != "la-belle-lucie":
        seed_box = driver.find_element(By.CSS_SELECTOR, ".play-seed")
        seed_box.clear()
        seed_box.send_keys(str(seed))
        _press(driver, ".play-deal")
    state = _until(driver, f"deal {seed}", lambda: (s := _state(driver)) and s["seed"] == seed and s)
    assert state["position"] == str(here.game), "the page's deal is not the engine's"
    assert driver.find_element(By.CSS_SELECTOR, ".play-link").get_attribute("href").endswith(f"#play-seed-{seed}")

    # the worked game's first moves, by clicking the cards a move takes up and the place they go to
    # (or the pack): The Wheel's combinations take up four cards from four places
    played, clicked = 0, []
    while len(clicked) < 3 and played < len(moves):
        move = moves[played]
        if _clickable(here.game, move):
            _play_by_clicks(driver, here.game, move)
            clicked.append(move.kind)
        else:
            _play_from_the_list(driver, [move])
        here.game.play(move)
        played += 1
    assert clicked, "no move of the worked game's could be made by clicking"
    if chapter == "the-wheel":
        assert "combine" in clicked, f"no combination was made by clicking: {clicked}"

    # an illegal move, by clicks: cards to a place they may not go to; the refusal is the engine's
    game = here.game
    refusal = next((m for m in game.moves() if m.target is not None and game.taken(m) and _clickable(game, m)
                    and game.violation(m) is not None), None)
    if refusal is not None:
        expected = str(game.violation(refusal))
        before = _state(driver)["position"]
        _play_by_clicks(driver, game, refusal, refused=True)
        shown = _until(driver, "the refusal", lambda: _message(driver) if not _state(driver)["ok"] else None)
        assert shown == expected, f"the page says {shown!r}, the engine {expected!r}"
        assert shown.startswith("Rule ") or " — " in shown
        assert _state(driver)["position"] == before, "a refused move changed the position"
    # an illegal move typed in the book's notation
    typed = driver.find_element(By.CSS_SELECTOR, ".play-input")
    typed.send_keys("Z♣ → foundation")
    _press(driver, ".play-submit")
    _until(driver, "the refusal of a typed move", lambda: "unknown card 'Z♣'" in _message(driver))

    # undo and redo
    _press(driver, ".play-undo")
    state = _until(driver, "undo", lambda: (s := _state(driver)) and len(s["history"]) == played - 1 and s)
    assert state["can_redo"]
    _press(driver, ".play-redo")
    _until(driver, "redo", lambda: len(_state(driver)["history"]) == played)

    # a hint: the solver's next move, or no win found
    _press(driver, ".play-hint")
    hint = _until(driver, "the hint", lambda: (m := _message(driver)).startswith(("hint: ", "no win found")) and m)
    if hint.startswith("hint: "):
        assert hint[6:] in [m["name"] for m in _state(driver)["moves"]]
        assert driver.find_elements(By.CSS_SELECTOR, ".play-moves button.play-hinted")

    # the rest of the worked game, from the list of legal moves, to the result
    _play_from_the_list(driver, moves[played:])
    state = _state(driver)
    assert state["over"] and state["won"], f"after the worked game: {state['result']}"
    status = driver.find_element(By.CSS_SELECTOR, ".play-status").text
    assert "Result: won" in status or "Result: " + state["result"] in status, status
    if state["score"] is not None:
        assert f"score {state['score']}" in status

    # the position can be copied (to the clipboard, or selected where the browser keeps it closed)
    _press(driver, ".play-copy")
    _until(driver, "the position to be copied", lambda: "position text is" in _message(driver))
    assert driver.find_element(By.CSS_SELECTOR, ".play-position").get_attribute("textContent") == state["position"]

    # the plate, where the game has one
    if here.game.PLATE:
        _press(driver, ".play-plate")
        plate = _until(driver, "the plate", lambda: (s := _state(driver)) and s["plate"] and s)
        assert plate["position"] == str(type(here.game).from_plate())
        assert "(the plate)" in driver.find_element(By.CSS_SELECTOR, ".play-status").text

    if chapter == "canfield":
        _the_page_stays_responsive_while_the_solver_thinks(driver)

    severe = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not severe, f"console errors on {chapter}:\n" + "\n".join(severe)
    _no_request_left_the_site(driver)


#: A deal whose hint takes the solver its whole second (it finds no win within it).
THINKING_DEAL = 1


def _the_page_stays_responsive_while_the_solver_thinks(driver) -> None:
    """A hint that takes the solver its whole second: meanwhile the panel says "thinking…" and the
    page's own timers keep running (the engine works in its worker, not on the page's thread)."""
    from selenium.webdriver.common.by import By

    seed_box = driver.find_element(By.CSS_SELECTOR, ".play-seed")
    seed_box.clear()
    seed_box.send_keys(str(THINKING_DEAL))
    _press(driver, ".play-deal")
    _until(driver, f"deal {THINKING_DEAL}", lambda: (s := _state(driver)) and s["seed"] == THINKING_DEAL and s)
    _press(driver, ".play-hint")
    seen = driver.execute_async_script(
        """
        const done = arguments[0];
        const panel = document.querySelector('.patience-play').patiencePlay;
        const started = performance.now();
        let last = started, longest = 0, thinking = false;
        const tick = () => {
          const now = performance.now();
          longest = Math.max(longest, now - last);
          last = now;
          thinking = thinking || panel.thinking.checkVisibility();
        };
        const timer = setInterval(tick, 10);
        panel.last.then(() => {
          clearInterval(timer);
          tick();
          done({longest: longest, took: performance.now() - started, thinking: thinking,
                message: panel.message.textContent});
        });
        """)
    assert seen["message"].startswith("no win found within"), seen
    assert seen["took"] > 800, f"the hint took {seen['took']:.0f} ms: the solver did not think for its second"
    assert seen["thinking"], "the panel did not say it was thinking"
    assert seen["longest"] < 400, f"the page froze for {seen['longest']:.0f} ms while the solver thought"
