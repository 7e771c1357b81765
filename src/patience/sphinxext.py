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
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from . import games
from .game import Game
from .options import parse_spec
from .render import svg

__all__ = ["setup", "PatienceDiagram", "PatienceGames", "PatienceGameModules", "position_for", "games_table"]


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


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("patience-diagram", PatienceDiagram)
    app.add_directive("patience-games", PatienceGames)
    app.add_directive("patience-game-modules", PatienceGameModules)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
