"""The built book in a real browser: pages load cleanly, diagrams render, steppers step.

These tests read ``_build/html`` (``make book`` builds it; ``make test`` builds it first) and drive
Debian's headless Chromium through Debian's chromedriver (``apt-get install chromium
chromium-driver``; ``.ci/run`` does it).  Nothing here is skipped: a missing book or a missing
browser is a failure with a message saying what to do.

What the tests expect of the pages:

* every page: no ``SEVERE`` entry in the browser console;
* a chapter (``games/*.html``): at least one engine diagram in the article, that is an inline
  ``<svg>`` (not inside a button) or an ``<img>`` of an ``.svg`` file, displayed, at least
  ``MIN_DIAGRAM`` px wide and high; every ``<img>`` in the article loaded; a statistics table
  (``table.patience-statistics-table``); and every table as wide as the text column at most, none of it
  scrolled out of sight;
* a notebook (``notebooks/*.html``): at least one stepper, ``div.patience-stepper`` (focusable,
  ``tabindex="0"``) holding ``button.stepper-prev``, ``button.stepper-next``,
  ``input.stepper-slider`` (``type="range"``), a ``.stepper-label`` starting ``Move i of n``, and
  one displayed ``div.stepper-frame`` holding the picture of position ``i`` (``data-position``).
  "Next", the right-arrow key on the stepper, "previous" and the slider move it, and the picture the
  stepper's script joins at the last move has the cards of the worked game's last position, where
  the engine's renderer puts them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from headless import chromium, served

from patience import Record, records
from patience.render import svg

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
MIN_DIAGRAM = 40  # px: smaller SVGs are the theme's icons, not diagrams
WAIT = 10  # seconds to wait for a page or a stepper to react
LABEL = re.compile(r"^Move (\d+) of (\d+)\b")  # the label may go on: "Move 1 of 57: 6♣ → 7♦"
USE = re.compile(r'<use href="#([^"]+)" x="([^"]+)" y="([^"]+)"')

CHAPTERS = sorted(p.relative_to(HTML).as_posix() for p in HTML.glob("games/*.html"))
NOTEBOOKS = sorted(p.relative_to(HTML).as_posix() for p in HTML.glob("notebooks/*.html"))


def _require_book() -> None:
    if not (HTML / "index.html").is_file():
        pytest.fail(f"{HTML} has no built book: run make book first (make test does it)", pytrace=False)


@pytest.fixture(scope="module")
def site():
    """The built book served over HTTP on a free localhost port, for this module."""
    _require_book()
    with served(HTML) as url:
        yield url


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    """Headless Chromium driven by Debian's chromedriver, with the browser console recorded."""
    with chromium(tmp_path_factory.mktemp("chromium-profile")) as browser:
        yield browser


def _load(driver, url: str) -> None:
    """Open url and fail if the browser console reports a SEVERE error while it loads."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get_log("browser")  # drop what earlier pages logged
    driver.get(url)
    WebDriverWait(driver, WAIT).until(lambda d: d.execute_script("return document.readyState") == "complete")
    title = driver.title
    assert "404" not in title and "Not Found" not in title, f"{url} was not found ({title!r})"
    severe = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not severe, f"console errors on {url}:\n" + "\n".join(severe)


def _size(element) -> tuple[float, float]:
    rect = element.rect
    return rect["width"], rect["height"]


# -- every page ------------------------------------------------------------------------------------


def test_the_play_panels_wheel_is_the_package_uncompiled_and_typed():
    """The wheel Pyodide installs holds every module as source, no extension built for this machine
    (Pyodide could not load it), and the marker that the package is typed (PEP 561)."""
    from zipfile import ZipFile

    from patience.sphinxext import WHEEL

    _require_book()
    names = set(ZipFile(HTML / "_static" / "play" / WHEEL).namelist())
    sources = {p.relative_to(ROOT / "src").as_posix() for p in (ROOT / "src" / "patience").rglob("*.py")
               if not p.name.startswith("_") or p.name == "__init__.py"}
    assert sources <= names and "patience/py.typed" in names
    assert not [name for name in names if name.endswith((".so", ".pyd"))]


def test_index_loads_without_console_errors(site, driver):
    _load(driver, site + "index.html")
    assert "Patience" in driver.title, f"unexpected title {driver.title!r}"


# -- chapters --------------------------------------------------------------------------------------


@pytest.mark.parametrize("page", CHAPTERS or [None], ids=CHAPTERS or ["no-chapters"])
def test_chapter_loads_and_shows_a_diagram(site, driver, page):
    from selenium.webdriver.common.by import By

    if page is None:
        pytest.fail(f"no chapters built: {HTML / 'games'} has no .html page (book/games/*.md)", pytrace=False)
    _load(driver, site + page)
    article = driver.find_element(By.CSS_SELECTOR, "article")

    broken = driver.execute_script(
        "return Array.from(arguments[0].querySelectorAll('img'))"
        ".filter(img => !(img.complete && img.naturalWidth > 0)).map(img => img.src);",
        article,
    )
    assert not broken, f"{page}: images that did not load: {broken}"

    # One script looks at every candidate (a call per element costs more than the page's load).
    candidates = driver.execute_script(
        "return Array.from(arguments[0].querySelectorAll('svg, img'))"
        ".filter(el => el.tagName.toLowerCase() === 'svg' ? el.closest('button, a.headerlink') === null"
        "                                               : (el.getAttribute('src') || '').endsWith('.svg'))"
        ".map(el => { const r = el.getBoundingClientRect();"
        "             return [el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}), r.width, r.height]; });",
        article,
    )
    diagrams = [(width, height) for shown, width, height in candidates
                if shown and min(width, height) >= MIN_DIAGRAM]
    assert diagrams, (
        f"{page}: no diagram displayed (looked for <svg> or <img src=*.svg> in the article, "
        f"at least {MIN_DIAGRAM}px in each direction; found {len(candidates)} candidates, "
        f"sizes {[(w, h) for _, w, h in candidates]})"
    )

    tables = driver.execute_script(
        "return Array.from(arguments[0].querySelectorAll('table'))"
        ".map(t => [t.classList.contains('patience-statistics-table'), t.scrollWidth, t.parentElement.clientWidth,"
        "           (t.querySelector('th') || {innerText: ''}).innerText]);",
        article,
    )
    assert any(statistics for statistics, *_ in tables), f"{page}: no statistics table (patience-statistics)"
    for _, width, room, heading in tables:
        assert width <= room + 1, f"{page}: the table headed {heading!r} is {width}px wide in a column of {room}px"


# -- notebooks -------------------------------------------------------------------------------------


#: The stepper's label and its displayed frames (position and picture), read in one call.
_STATE = ("const root = arguments[0];"
          "return [root.querySelector('.stepper-label').innerText,"
          "        Array.from(root.querySelectorAll('div.stepper-frame')).filter(frame => frame.checkVisibility())"
          "             .map(frame => [frame.dataset.position, frame.innerHTML])];")


def _stepper_state(root, read: list | None = None) -> tuple[int, int, int, str]:
    """(move shown by the label, total moves, position in the displayed frame, its picture), from
    ``read`` where the state was just read."""
    text, shown = read or root.parent.execute_script(_STATE, root)
    match = LABEL.match(text.strip())
    assert match, f"stepper label {text!r} does not start like 'Move 0 of 57'"
    assert len(shown) == 1, f"{len(shown)} stepper frames displayed, expected exactly one"
    return int(match[1]), int(match[2]), int(shown[0][0]), shown[0][1]


def _cards_placed(picture: str) -> list[tuple[str, float, float]]:
    """The cards of a picture drawn with shared symbols, and where: (symbol, x, y) in order."""
    return [(href, float(x), float(y)) for href, x, y in USE.findall(picture)]


def _wait_for_move(driver, root, move: int, what: str) -> tuple[int, int, int, str]:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    read: list = []

    def label_shows_move(_driver) -> bool:
        read[:] = driver.execute_script(_STATE, root)
        match = LABEL.match(read[0].strip())
        return bool(match) and int(match[1]) == move

    try:
        WebDriverWait(driver, WAIT).until(label_shows_move)
    except TimeoutException:
        pytest.fail(f"after {what} the stepper label reads {read[0]!r}, expected 'Move {move} of …'", pytrace=False)
    return _stepper_state(root, read)


@pytest.mark.parametrize("page", NOTEBOOKS or [None], ids=NOTEBOOKS or ["no-notebooks"])
def test_notebook_has_a_working_stepper(site, driver, page):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    if page is None:
        pytest.fail(
            f"no notebooks built: {HTML / 'notebooks'} has no .html page (book/notebooks/*.md)", pytrace=False
        )
    _load(driver, site + page)
    steppers = driver.find_elements(By.CSS_SELECTOR, "div.patience-stepper")
    assert steppers, f"{page}: no stepper (div.patience-stepper)"
    root = steppers[0]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", root)

    next_button = root.find_element(By.CSS_SELECTOR, "button.stepper-next")
    prev_button = root.find_element(By.CSS_SELECTOR, "button.stepper-prev")
    slider = root.find_element(By.CSS_SELECTOR, "input.stepper-slider")
    assert slider.get_attribute("type") == "range", "the stepper's slider is not an <input type=range>"
    assert root.get_attribute("tabindex") == "0", "the stepper root needs tabindex=0 for the arrow keys"

    move, total, position, picture = _stepper_state(root)
    assert move == 0 and position == 0, f"the stepper starts at move {move} (position {position}), expected 0"
    assert total >= 2, f"a worked game of {total} moves is too short to step through"
    frame = root.find_element(By.CSS_SELECTOR, "div.stepper-frame")
    assert frame.find_elements(By.CSS_SELECTOR, "svg"), "the shown frame has no diagram"
    assert min(_size(frame)) > 0, "the shown frame has no size"

    # A tall frame (The Carpet, The Empress of India) puts the buttons above the middle of the
    # screen, under the page's sticky header: a reader scrolls to them first.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", next_button)
    next_button.click()
    _, _, position, after_next = _wait_for_move(driver, root, 1, "clicking next")
    assert position == 1 and after_next != picture, "clicking next did not change the displayed picture"

    root.send_keys(Keys.ARROW_RIGHT)
    _, _, position, after_key = _wait_for_move(driver, root, 2, "the right arrow key")
    assert position == 2 and after_key != after_next, "the right arrow key did not change the displayed picture"

    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", prev_button)
    prev_button.click()
    _, _, position, after_prev = _wait_for_move(driver, root, 1, "clicking previous")
    assert position == 1 and after_prev == after_next, "previous did not bring back the picture of move 1"

    driver.execute_script(
        "const s = arguments[0]; s.value = s.max;"
        "s.dispatchEvent(new Event('input', {bubbles: true}));"
        "s.dispatchEvent(new Event('change', {bubbles: true}));",
        slider,
    )
    _, _, position, at_end = _wait_for_move(driver, root, total, "moving the slider to its end")
    assert position == total
    record = Record.from_text(records.text(Path(page).stem))
    if len(record) == total:  # the worked game's stepper: its last picture is the engine's
        assert _cards_placed(at_end) == _cards_placed(svg(record.replay(), shared=True)), (
            f"{page}: the stepper's last picture does not place the cards as the engine does")

    severe = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert not severe, f"console errors while stepping on {page}:\n" + "\n".join(severe)
