"""What the browser tests share: the built book served on a free localhost port, and Debian's
headless Chromium driven by Debian's chromedriver, with the browser console recorded."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,1024",
]


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` served over HTTP on 127.0.0.1 (a free port, quietly): yields its base URL."""

    class QuietHandler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):  # noqa: A002 - the base class's signature
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="book-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@contextmanager
def chromium(profile: Path, flags: Sequence[str] = (), script_timeout: float | None = None) -> Iterator[Any]:
    """Headless Chromium with its profile in ``profile`` and ``flags`` besides the usual ones; a
    missing browser is a failure that says what to install."""
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        pytest.fail(
            f"{', '.join(missing)} not found: the browser tests need Debian's chromium and "
            "chromium-driver (apt-get install -y chromium chromium-driver; .ci/run installs them)",
            pytrace=False,
        )
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in [*CHROMIUM_FLAGS, *flags]:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))
    browser.set_page_load_timeout(60)
    if script_timeout is not None:
        browser.set_script_timeout(script_timeout)
    try:
        yield browser
    finally:
        browser.quit()
