"""Drawing positions: a compact text diagram and an SVG picture, from one layout per game.

Both renderers read the game's :meth:`~patience.game.Game.layout`: a list of
:class:`~patience.game.Spot`\\ s saying where each pile lies and how it fans, so
the text and the picture never disagree.  :func:`stepper` turns a
:class:`~patience.game.Record` into a static HTML player (no kernel needed).
"""

from .svg import fan_height, fan_width, svg
from .stepper import stepper
from .text import text

__all__ = ["text", "svg", "stepper", "fan_width", "fan_height"]
