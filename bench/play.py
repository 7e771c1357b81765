"""The Play panel's start-up time, in headless Chromium (``make bench`` runs it after the engine's bench).

For each chapter named (default: Canfield, La Belle Lucie, The Wheel), the chapter is opened in a
browser with a fresh profile and the network off, the panel opened, and the time from the click to
the first drawn position is read from the panel (``data-start-ms``): *cold*, the first time (Pyodide
fetched from the site and compiled); *warm*, the same page loaded again (the browser's cache). Then
the time of a few requests in the page: a move played, undone, and a hint (the solver's second).

``--against OTHER_HTML`` measures another build (an earlier revision's) in the same run, taking the
two books' rounds in turn so that both see the same load on the machine.

Needs the built book (``make book``) and Debian's chromium and chromedriver.  Timings live here,
never in the tests.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1024",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def serve(html: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):  # noqa: A002
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(html)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def browser(profile: str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.set_script_timeout(300)
    return driver


def start_up(driver, url: str) -> float:
    """Open the chapter at ``url``, open its panel; the milliseconds to the first drawn position."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(url)
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return document.readyState") == "complete")
    driver.find_element(By.CSS_SELECTOR, ".play-open").click()
    WebDriverWait(driver, 300, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.querySelector('.patience-play').dataset.startMs"))
    return float(driver.execute_script("return document.querySelector('.patience-play').dataset.startMs"))


def requests(driver) -> dict[str, float]:
    """Milliseconds of requests in the page, from the reader's action to the answer drawn, the browser
    let render it after each (as it does after a click): a move played and undone (mean of 10), a hint.
    (``panel.send`` answers at once in builds whose engine ran on the page's thread, a promise since.)"""
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const panel = document.querySelector('.patience-play').patiencePlay;
        const drawn = () => new Promise((resolve) => setTimeout(resolve, 0));
        (async () => {
          const t0 = performance.now();
          for (let i = 0; i < 10; i++) {
            await panel.send({op: 'pick', index: 0});
            await drawn();
            await panel.send({op: 'undo'});
            await drawn();
          }
          const t1 = performance.now();
          await panel.send({op: 'hint'});
          await drawn();
          const t2 = performance.now();
          done({'move and undo': (t1 - t0) / 10, 'hint': t2 - t1});
        })();
        """)


def measure(site: str, chapter: str) -> tuple[float, float, dict[str, float]]:
    """A cold and a warm start-up of ``chapter`` in a fresh browser profile, and the requests' times."""
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        try:
            url = f"{site}games/{chapter}.html"
            return start_up(driver, url), start_up(driver, url), requests(driver)
        finally:
            driver.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--html", type=Path, default=ROOT / "_build" / "html", help="the built book")
    parser.add_argument("--against", type=Path, help="another built book (an earlier revision's), measured "
                        "in the same run, its rounds taken in turn with this one's")
    parser.add_argument("--chapter", action="append", default=[], help="chapters (default three)")
    parser.add_argument("--rounds", type=int, default=2, help="cold starts a chapter (default 2)")
    args = parser.parse_args(argv)
    books = {"this book": args.html} | ({"against": args.against} if args.against else {})
    for html in books.values():
        if not (html / "_static" / "pyodide" / "pyodide.asm.wasm").is_file():
            print(f"play bench: {html} has no Play panel engine (run make book first)")
            return 0
    if not shutil.which("chromedriver") and not Path("/usr/bin/chromedriver").exists():
        print("play bench: no chromedriver")
        return 0
    chapters = args.chapter or ["canfield", "la-belle-lucie", "the-wheel"]
    for name, html in books.items():
        pyodide = sum(f.stat().st_size for f in (html / "_static" / "pyodide").iterdir())
        wheel = sum(f.stat().st_size for f in (html / "_static" / "play").iterdir())
        print(f"The Play panel ({name}, {html}): Pyodide files {pyodide / 1e6:.1f} MB, "
              f"the engine's wheel {wheel / 1e6:.2f} MB")
    servers = {name: serve(html) for name, html in books.items()}
    rows = []
    try:
        for chapter in chapters:
            found: dict[str, tuple[list[float], list[float], dict[str, float]]] = {
                name: ([], [], {}) for name in books}
            for _ in range(args.rounds):
                for name, (_, site) in servers.items():
                    cold, warm, inside = measure(site, chapter)
                    found[name][0].append(cold)
                    found[name][1].append(warm)
                    found[name][2].update(inside)
            rows += [(chapter, name, *found[name]) for name in books]
    finally:
        for server, _ in servers.values():
            server.shutdown()
    print(f"{'chapter':<18} {'book':<10} {'cold start':>11} {'warm start':>11} {'move+undo':>10} {'hint':>8}")
    for chapter, name, cold, warm, inside in rows:
        print(f"{chapter:<18} {name:<10} {statistics.median(cold) / 1000:>10.2f}s "
              f"{statistics.median(warm) / 1000:>10.2f}s {inside['move and undo']:>8.0f}ms {inside['hint']:>6.0f}ms")
    print(f"(medians of {args.rounds} fresh browser profiles; measured {time.strftime('%Y-%m-%d %H:%M')} "
          f"on {sys.platform})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
