"""Sphinx configuration of the patience book.

The book's sources live in ``book/``; this file sits at the top of the repository
and is used with ``sphinx-build -c . book _build/html`` (see the Makefile).
Relative paths in Sphinx settings such as ``html_static_path`` are resolved
against this directory (the repository root), not against ``book/``.

The engine is imported from the installed (editable) distribution, so no
``sys.path`` manipulation happens here.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
BOOK = ROOT / "book"

# -- Project -----------------------------------------------------------------

project = "The Patience Book"
author = "The patience book engineers"
copyright = "the patience book engineers; Lady Cadogan's plates and the quoted texts are in the public domain"

# -- General -----------------------------------------------------------------

extensions = [
    "myst_nb",  # MyST Markdown + text notebooks (also registers myst_parser)
    "sphinx_design",
    "sphinx_copybutton",
    "sphinx_togglebutton",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "patience.sphinxext",  # the engine's {patience-diagram} directive for chapters
]

# Sources are found relative to book/ (the source dir given on the command line).
exclude_patterns = [
    "_build",
    ".venv",
    "_static",
    "**.ipynb_checkpoints",
    ".DS_Store",
]

language = "en"
nitpicky = False

# -- MyST ----------------------------------------------------------------------

# No dollarmath: the book has no formulas, a "$" in a transcribed text must stay a dollar, and
# math would make pages load MathJax from a CDN (a console error when offline, as in the tests).
myst_enable_extensions = [
    "colon_fence",  # ::: fences for directives that contain Markdown
    "deflist",  # definition lists (the glossary)
    "substitution",
    "html_image",  # <img> tags with width, for plates beside diagrams
]
# Headings h1–h3 get anchors, so chapters can link to "#rules" and the like.
myst_heading_anchors = 3

# -- MyST-NB: executing the notebooks ------------------------------------------
# Text notebooks (book/notebooks/*.md with a `file_format: mystnb` front matter
# and a kernelspec) are executed when the book is built.  Execution is cached under
# _build/.jupyter_cache: a notebook is re-run only when its code cells change, or
# when the engine changes, since the cache sits in a folder named after a hash of
# the engine's source (jupyter-cache itself only looks at the cells).
# `make clean` forces a cold build; so does another cache on the command line:
#   sphinx-build ... -D nb_execution_cache_path=/tmp/somewhere
# A failing cell fails the build.


def _engine_hash() -> str:
    digest = hashlib.sha256()
    for path in sorted((ROOT / "src" / "patience").rglob("*")):
        # static/ holds the Play panel's script, which no notebook runs
        if path.is_file() and path.suffix in {".py", ".html", ".css", ".js"} and "static" not in path.parts:
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


nb_execution_mode = "cache"
nb_execution_cache_path = str(ROOT / "_build" / ".jupyter_cache" / f"engine-{_engine_hash()}")
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_timeout = 120
nb_execution_allow_errors = False
nb_merge_streams = True

# -- autodoc -------------------------------------------------------------------

autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_google_docstring = True
napoleon_numpy_docstring = True

# -- The Play panel --------------------------------------------------------------
# Every chapter gets a Play panel whose engine runs in the reader's browser on Pyodide, self-hosted:
# the build fetches the npm package pyodide once (`npm pack`, into .cache/pyodide/<version>/, outside
# git), checks it against this integrity (the registry's dist.integrity) and copies the five files
# the panel loads into _static/pyodide/, with the project's wheel in _static/play/.  The one pin of
# the version: 0.29.x runs Python 3.13 (the engine needs >= 3.11) and is the newest stable series
# before the calendar-versioned 314.x (Python 3.14).
patience_pyodide = (
    "0.29.3",
    "sha512-22UBuhOJawj7vKUnS7/F3xK+515LJdjiMAHoCfuS6/PbHiOrSQVnYwDe+2sbVwiOZ3sMMexdXICew6NqOMQGgA==",
)
patience_pyodide_cache = str(ROOT / ".cache" / "pyodide")

# -- HTML ----------------------------------------------------------------------

html_theme = "sphinx_book_theme"
html_title = "The Patience Book"
html_static_path = ["book/_static"]  # relative to this file's directory
html_css_files = ["custom.css"]
html_favicon = "book/_static/favicon.svg"  # without one, browsers log a 404 for /favicon.ico
# pydata-sphinx-theme logs a console error ("invalid theme mode") when no default is set.
html_context = {"default_mode": "light"}
html_last_updated_fmt = None
html_theme_options = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": True,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "navigation_with_keys": False,
}
