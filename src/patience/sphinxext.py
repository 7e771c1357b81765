"""A Sphinx extension for the book: the ``patience-diagram`` directive.

It draws a position with the engine, so a chapter's diagrams are made by the
same code its doctests run::

    ```{patience-diagram} la-belle-lucie
    :plate:
    ```

The argument is a game spec (``canfield(draw=3)``).  The position is the
game's plate (``:plate:``), a deal (``:seed: 7``) or, as the directive's
content, a position text.  ``:caption:`` adds a caption below the picture.

The ``patience-games`` directive writes the table of every registered game, and
``patience-game-modules`` the API reference of every game module.

The ``patience-statistics`` directive writes a chapter's statistics from the results
stored in ``book/statistics`` (made by ``make stats``)::

    ```{patience-statistics} canfield
    ```

The ``patience-wish`` directive writes the chance of the wish of source 001 (Tens,
Demon and The Idiot's Delight brought out on one day) from the same results.

Every chapter (``games/<slug>``) gets a **Play** section after its rules ("Rules as the engine
implements them"): a panel where the reader plays the chapter's games in the page.  The engine
itself runs there, in Pyodide: the panel's script (``static/patience-play.js``) holds no rule,
it sends each request to :mod:`patience.web`.  Pyodide is self-hosted: the build fetches the
``pyodide`` package of the npm registry once into a cache (``patience_pyodide_cache``, checked
against the pinned ``patience_pyodide`` version and integrity) and copies into the site only the
files the panel loads (``_static/pyodide/``), with the project's own wheel (``_static/play/``).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from . import __version__, games
from .game import Game
from .options import parse_spec
from .render import svg
from .stats import Results, stored, with_together
from .web import chapter_games

__all__ = ["setup", "PatienceDiagram", "PatienceGames", "PatienceGameModules", "PatienceStatistics", "PatienceWish",
           "position_for", "games_table", "statistics_table", "outcome_bars", "wish_text", "play_panel",
           "fetch_pyodide", "PYODIDE_FILES", "WHEEL"]

#: Where the book's stored results lie, and the plan that makes them.
STATISTICS = Path(__file__).resolve().parents[2] / "book" / "statistics"
#: Said under a table that has a beam search's study.
BEAM_WORDS = (" A *beam* of N goes through the deal a move of the pack at a time and keeps only the best N "
              "positions each time: it wins deals the search above leaves undecided, but proves no deal lost.")
#: Said under a table that has a row of studies taken together (:func:`patience.stats.together`).
TOGETHER_WORDS = (" *Together* counts a deal won if any search or player above won it (a line that wins is a "
                  "win, whichever found it), lost if a search proved it (a player who gives up proves nothing), "
                  "and unknown otherwise (its seconds are all of theirs together): the firmest figure the book "
                  "has for the game.")
#: The mode of the row of a game's studies taken together.
TOGETHER_MODE = "together"


def position_for(spec: str, plate: bool = False, seed: int | None = None, text: str = "") -> Game:
    """The game a directive draws (also used by tests)."""
    slug, options = parse_spec(spec)
    cls = games.get(slug)
    if text.strip():
        return cls.from_position(text)
    if plate:
        return cls.from_plate()
    return cls.deal(seed=seed if seed is not None else 1, **options)


class PatienceDiagram(SphinxDirective):
    """Embed the engine's SVG of a position."""

    required_arguments = 1
    has_content = True
    option_spec = {
        "plate": directives.flag,
        "seed": directives.nonnegative_int,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        try:
            game = position_for(
                self.arguments[0],
                plate="plate" in self.options,
                seed=self.options.get("seed"),
                text="\n".join(self.content),
            )
        except ValueError as exc:
            raise self.error(f"patience-diagram: {exc}") from None
        html = f'<figure class="patience-figure">{svg(game)}'
        if "caption" in self.options:
            html += f"<figcaption>{self.options['caption']}</figcaption>"
        html += "</figure>"
        return [nodes.raw("", html, format="html")]


def games_table() -> str:
    """The list of games as a Markdown table, in the order of the book, linking their chapters."""
    rows = ["| Game | Source | Packs | Chapter |", "|---|---|---|---|"]
    for cls in games.all():
        plate = f", plate {cls.plate}" if cls.plate else ""
        match = re.match(r"[^,(]*(?:\([^)]*\))?[^,]*", cls.source)
        source = (match.group(0) if match else cls.source).strip() + plate
        rows.append(f"| {cls.name} | {source} | {cls.packs} | {{doc}}`/games/{cls.chapter}` |")
    return "\n".join(rows)


class PatienceGames(SphinxDirective):
    """A table of every registered game with a link to its chapter."""

    def run(self) -> list[nodes.Node]:
        return self.parse_text_to_nodes(games_table())


class PatienceGameModules(SphinxDirective):
    """The API reference of every game module, one section each, in the order of the book."""

    def run(self) -> list[nodes.Node]:
        modules = dict.fromkeys(cls.__module__ for cls in games.all())
        text = "\n\n".join(
            f"### `{name}`\n\n```{{eval-rst}}\n.. automodule:: {name}\n   :members:\n```" for name in modules
        )
        return self.parse_text_to_nodes(text)


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _seconds(x: float) -> str:
    """Seconds to three figures or so: ``0.012``, ``1.46``, ``25.1``."""
    return f"{x:.1f}" if x >= 10 else f"{x:.2f}" if x >= 1 else f"{x:.3f}"


def statistics_table(results: list[Results]) -> str:
    """The results of a chapter as a Markdown table, one row a study, narrow enough for the page's
    column: the words for the modes, and the seeds where they are 1 to the number of deals, are said
    under it (:class:`PatienceStatistics`)."""
    rows = ["| Game | Mode | Budget | Deals | Won | Lost | Unknown | Win rate (95% interval) | "
            "Seconds a deal: median / mean / 95th percentile |",
            "|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        c = r.counts()
        lo, hi = r.interval()
        median, mean, p95 = r.times()
        budget = r.budget()
        options = r.spec[r.spec.find("(") + 1:-1].replace(",", ", ")  # the game's name is there; a long list wraps
        name = games.get(r.game).name + (f" `{options}`" if r.options else "")
        mode = TOGETHER_MODE if r.joins else r.mode
        deals = f"{r.deals:,}" if r.seeds() == f"1–{r.deals}" else f"{r.deals:,} (seeds {r.seeds()})"
        rows.append(f"| {name} | {mode} | {budget} | {deals} | "
                    f"{c['won']:,} | {c['lost']:,} | {c['unknown']:,} ({_percent(c['unknown'] / r.deals)}) | "
                    f"{_percent(r.rate())} ({100 * lo:.1f}–{_percent(hi)}) | "
                    f"{_seconds(median)} / {_seconds(mean)} / {_seconds(p95)} |")
    return "\n".join(rows)


COLOURS = {"won": "#2e7d32", "lost": "#c62828", "unknown": "#9e9e9e"}
#: The width of a letter of the bars' names, in pixels, a little more than most take at 12 px.
LETTER = 6.6


def outcome_bars(results: list[Results]) -> str:
    """A small SVG: for each study a bar split into its won, lost and unknown deals, beside its name
    (the names' column as wide as the longest needs; the drawing shrinks to fit a narrow page)."""
    names = [f"{r.spec} — together" if r.joins
             else f"{r.spec} — {r.mode}" + (f", beam {r.width}" if r.width is not None else "") for r in results]
    bar, gap = 16, 10
    label = max([230] + [round(LETTER * len(name)) + 10 for name in names])
    width = label + 330
    height = len(results) * (bar + gap) + 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="patience-statistics" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" style="max-width: 100%; height: auto" '
             f'role="img" aria-label="outcomes of the deals solved">']
    for i, (r, name) in enumerate(zip(results, names)):
        y = i * (bar + gap)
        parts.append(f'<text x="0" y="{y + bar - 4}" font-size="12">{html.escape(name)}</text>')
        x = float(label)
        for outcome, n in r.counts().items():
            w = (width - label) * n / r.deals if r.deals else 0
            if w:
                parts.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar}" fill="{COLOURS[outcome]}">'
                             f'<title>{outcome}: {n} of {r.deals}</title></rect>')
            x += w
    y = len(results) * (bar + gap) + 12
    for j, (outcome, colour) in enumerate(COLOURS.items()):
        parts.append(f'<rect x="{label + 90 * j}" y="{y - 9}" width="10" height="10" fill="{colour}"/>'
                     f'<text x="{label + 90 * j + 14}" y="{y}" font-size="12">{outcome}</text>')
    parts.append("</svg>")
    return "".join(parts)


class PatienceStatistics(SphinxDirective):
    """The statistics of a chapter's games, from the results stored in ``book/statistics``."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        chapter = self.arguments[0]
        results = with_together(stored(STATISTICS, chapter))
        if not results:
            raise self.error(f"patience-statistics: no stored results for {chapter!r} in {STATISTICS} "
                             "(run `make stats`)")
        self.env.note_dependency(str(STATISTICS / "studies.toml"))
        beam = BEAM_WORDS if any(r.width is not None for r in results) else ""
        joined = TOGETHER_WORDS if any(r.joins for r in results) else ""
        text = statistics_table(results) + (
            "\n\nEach deal is seed 1, 2, … of the engine's reproducible deals. *Thoughtful*: the solver "
            "sees every card and searches until it finds a win (won), has tried every position (lost) or "
            "has spent its budget of positions or time (unknown; the share of the deals it left unknown is "
            "given beside their number)." + beam
            + " *Honest*: a greedy player who sees only the face-up cards plays the deal once." + joined
            + " The interval is Wilson's 95% interval, its lower end "
            "counting every unknown deal as lost and its upper end as won. Made by `make stats` "
            "(the plan is `book/statistics/studies.toml`); see {doc}`/statistics`.")
        figure = nodes.raw("", f'<figure class="patience-figure">{outcome_bars(results)}</figure>', format="html")
        parsed = self.parse_text_to_nodes(text)
        for table in parsed[0].findall(nodes.table):
            table["classes"].append("patience-statistics-table")  # set smaller to fit the column (custom.css)
        return [*parsed, figure]


def wish_text(folder: Path = STATISTICS) -> str:
    """The chance of the wish: Tens, Demon and The Idiot's Delight each brought out, from the
    honest results (the player's chance) and the thoughtful ones (what the deals allow)."""
    lines = ["| Game | Honest win rate (95% interval) | Deals to play, on average, for one win (honest) |",
             "|---|---|---|"]
    chance, expected, low, high = 1.0, 0.0, 1.0, 1.0
    for slug in ("tens", "demon", "the-idiots-delight"):
        honest = next(r for r in stored(folder, slug) if r.mode == "honest" and not r.options)
        rate, (lo, hi) = honest.rate(), honest.interval()
        chance, low, high = chance * rate, low * lo, high * hi
        deals = 1 / rate if rate else float("inf")
        expected += deals
        lines.append(f"| {games.get(slug).name} | {_percent(rate)} ({_percent(lo)}–{_percent(hi)}) of "
                     f"{honest.deals:,} deals | {deals:,.0f} |" if rate
                     else f"| {games.get(slug).name} | none of {honest.deals:,} deals | — |")
    lines.append("")
    if chance:
        lines.append(f"Bringing out all three at the first trial of each: {chance:.2e} "
                     f"(one day in {1 / chance:,.0f}); with each rate anywhere in its interval, between "
                     f"{low:.1e} and {high:.1e}. Playing each until it comes out, as the devotees do, "
                     f"takes about {expected:,.0f} deals in all.")
    else:
        lines.append("The greedy player brought out none of the deals of at least one of the three: "
                     "its chance of the wish in a day is too small for these samples to measure.")
    return "\n".join(lines)


class PatienceWish(SphinxDirective):
    """The chance of the wish of source 001, from the stored results."""

    def run(self) -> list[nodes.Node]:
        try:
            return self.parse_text_to_nodes(wish_text())
        except StopIteration:
            raise self.error("patience-wish: the honest results of Tens, Demon and The Idiot's Delight "
                             "are not all stored (run `make stats`)") from None


# ------------------------------------------------------------------ the Play panel

#: The repository (the wheel is built from it).
ROOT = Path(__file__).resolve().parents[2]
#: The files of the npm package ``pyodide`` that the panel loads (the rest: types, maps, consoles).
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The name of the project's wheel in the site (``_static/play/``).
WHEEL = f"patience_book-{__version__}-py3-none-any.whl"
#: Where the panel goes: after this section of a chapter.
RULES_SECTION = "rules-as-the-engine-implements-them"
STATIC = Path(__file__).resolve().parent / "static"


def play_panel(chapter: str, pyodide: str) -> str:
    """The HTML of a chapter's Play panel before the reader opens it (the script does the rest).

    >>> print(play_panel("canfield", "0.29.3"))  # doctest: +ELLIPSIS
    <div class="patience-play" id="patience-play" data-games='[{"spec": "canfield", ...}]' data-wheel="patience_book-...whl" data-pyodide="0.29.3">...
    """
    offered = html.escape(json.dumps(chapter_games(chapter), ensure_ascii=False), quote=False).replace("'", "&#x27;")
    names = " or ".join(g["name"] for g in chapter_games(chapter)[:1])
    return (
        f'<div class="patience-play" id="patience-play" data-games=\'{offered}\' data-wheel="{WHEEL}" '
        f'data-pyodide="{html.escape(pyodide)}">'
        f"<p>Play {html.escape(names)} here, with the book's own engine running in your browser "
        f"(Python in WebAssembly: Pyodide {html.escape(pyodide)}, about 12 MB, loaded from this site when "
        "you open the panel, and working offline after that). Pick a deal by its number, or the plate, "
        "then click a card and the place it goes, pick a move from the list, or type it.</p>"
        '<p class="play-start"><button type="button" class="play-open">Open the Play panel</button> '
        '<span class="play-loading" role="status"></span></p>'
        "<noscript><p>The Play panel needs JavaScript.</p></noscript></div>"
    )


def _add_play_panel(app: Sphinx, doctree: nodes.document) -> None:
    """Put a Play section after the rules of a chapter (``games/<slug>``)."""
    docname = app.env.docname
    if not app.config.patience_pyodide:
        return
    if not docname.startswith("games/") or not chapter_games(docname.split("/", 1)[1]):
        return
    for section in doctree.findall(nodes.section):
        if RULES_SECTION in section["ids"]:
            break
    else:
        return
    play = nodes.section(ids=["play"], names=["play"])
    play += nodes.title("", "Play")
    play += nodes.raw("", play_panel(docname.split("/", 1)[1], app.config.patience_pyodide[0]), format="html")
    parent = section.parent
    parent.insert(parent.index(section) + 1, play)
    doctree.note_implicit_target(play, play)


def _add_play_script(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                     doctree: nodes.document | None) -> None:
    if 'class="patience-play"' in context.get("body", ""):
        app.add_js_file("patience-play.js", loading_method="defer")
        app.add_css_file("patience-play.css")


def _offer_notebook(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                    doctree: nodes.document | None) -> None:
    """Offer a notebook page's executed notebook (``.ipynb``, with its outputs) for download.

    MyST-NB writes each text notebook as ``.ipynb`` to ``jupyter_execute/`` beside the output
    folder, but a notebook taken from its execution cache is written there without its outputs
    (MyST-NB 1.x merges the cached outputs into a copy); so the outputs are merged here from the
    same cache.  The notebook goes into the site as ``_sources/<page>.ipynb``, where the theme's
    download menu links it (``ipynb_source``) beside the text form."""
    if not pagename.startswith("notebooks/"):
        return
    executed = Path(app.outdir).parent / "jupyter_execute" / f"{pagename}.ipynb"
    if not executed.is_file():
        return
    import nbformat

    notebook = nbformat.read(executed, as_version=4)
    config = getattr(app.env, "mystnb_config", None)
    cache_path = config and config.execution_cache_path
    if cache_path and not any(cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"):
        from jupyter_cache import get_cache

        try:
            _, notebook = get_cache(cache_path).merge_match_into_notebook(notebook)
        except KeyError:  # not in the cache: offered as it is
            pass
    target = Path(app.outdir) / "_sources" / f"{pagename}.ipynb"
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, target)
    context["ipynb_source"] = f"{pagename}.ipynb"


def _sha512(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_pyodide(version: str, integrity: str, cache: Path) -> Path:
    """The folder of the npm package ``pyodide@version``, fetched by ``npm pack`` into ``cache`` the
    first time and checked against ``integrity`` (the registry's ``dist.integrity``)."""
    folder = cache / version
    package = folder / "package"
    if all((package / name).is_file() for name in PYODIDE_FILES):
        return package
    folder.mkdir(parents=True, exist_ok=True)
    tarball = folder / f"pyodide-{version}.tgz"
    if not tarball.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("the Play panel needs npm to fetch pyodide from the npm registry (install Node.js)")
        subprocess.run([npm, "pack", "--silent", f"pyodide@{version}", "--pack-destination", str(folder)],
                       check=True, stdout=subprocess.DEVNULL)
    if _sha512(tarball) != integrity:
        tarball.unlink()
        raise RuntimeError(f"pyodide-{version}.tgz does not match its pinned integrity {integrity}")
    with tarfile.open(tarball) as archive:
        archive.extractall(folder, members=[m for m in archive.getmembers() if m.name.startswith("package/")],
                           filter="data")
    return package


def _build_wheel(target: Path) -> None:
    """The project's wheel (``pip wheel --no-deps``), built from a copy so no ``build/`` is left behind,
    and uncompiled (``PATIENCE_PURE``, see ``setup.py``): Pyodide runs it as it is."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "project"
        copy.mkdir()
        for name in ("pyproject.toml", "setup.py", "README.md"):
            shutil.copy2(ROOT / name, copy / name)
        shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so"))
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                        "--disable-pip-version-check", "-w", str(Path(tmp) / "dist"), str(copy)], check=True,
                       env={**os.environ, "PATIENCE_PURE": "1"})
        built = Path(tmp) / "dist" / WHEEL
        if not built.is_file():
            raise RuntimeError(f"pip wheel did not make {WHEEL}")
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target / WHEEL)


def _copy_engine(app: Sphinx, exception: Exception | None) -> None:
    """Copy Pyodide's files and the project's wheel into the site (HTML builds that succeeded)."""
    if exception is not None or app.builder.format != "html" or not app.config.patience_pyodide:
        return
    version, integrity = app.config.patience_pyodide
    package = fetch_pyodide(version, integrity, Path(app.config.patience_pyodide_cache))
    static = Path(app.outdir) / "_static"
    (static / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(package / name, static / "pyodide" / name)
    _build_wheel(static / "play")


def _static_path(app: Sphinx, config: Any) -> None:
    config.html_static_path.append(str(STATIC))


def setup(app: Sphinx) -> dict[str, Any]:
    # (version, integrity) of the npm package pyodide: pinned in conf.py; None leaves the panel out.
    app.add_config_value("patience_pyodide", None, "html")
    app.add_config_value("patience_pyodide_cache", str(ROOT / ".cache" / "pyodide"), "html")
    app.connect("config-inited", _static_path)
    app.connect("doctree-read", _add_play_panel, priority=400)
    app.connect("html-page-context", _add_play_script)
    app.connect("html-page-context", _offer_notebook, priority=400)  # before the theme's download menu
    app.connect("build-finished", _copy_engine)
    app.add_directive("patience-diagram", PatienceDiagram)
    app.add_directive("patience-games", PatienceGames)
    app.add_directive("patience-game-modules", PatienceGameModules)
    app.add_directive("patience-statistics", PatienceStatistics)
    app.add_directive("patience-wish", PatienceWish)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
