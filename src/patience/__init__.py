"""The patience book's engine: historical patience games that run.

>>> import patience
>>> game = patience.load("la-belle-lucie", seed=1)
>>> game.name, len(game.legal_moves()) > 0
('La Belle Lucie', True)
>>> patience.load("la-belle-lucie(colour=blue)")
Traceback (most recent call last):
...
patience.errors.UnknownOption: unknown option 'colour' (options: ...)
"""

from __future__ import annotations

from typing import Any

from .cards import Card, Rank, Suit, parse_cards, piquet_pack, whist_pack
from .errors import IllegalMove, InvalidCard, InvalidMove, InvalidPosition, UnknownGame, UnknownOption
from .game import Game, Move, Pile, Record, Spot
from .options import Option, parse_spec
from . import games, render  # noqa: E402 - the registry and the renderers, as patience.games / patience.render

__all__ = [
    "Card", "Rank", "Suit", "parse_cards", "whist_pack", "piquet_pack",
    "Game", "Move", "Pile", "Record", "Spot", "Option",
    "IllegalMove", "InvalidCard", "InvalidMove", "InvalidPosition", "UnknownGame", "UnknownOption",
    "load", "from_position", "games", "render",
]

__version__ = "0.1.0"


def load(spec: str, seed: int = 1, **options: Any) -> Game:
    """Deal the game named by ``spec`` (``"canfield"``, ``"canfield(draw=3, redeals=2)"``).

    Options in the spec and keyword options are merged; ``seed`` picks the deal.
    """
    from . import games

    slug, given = parse_spec(spec)
    return games.get(slug).deal(seed=seed, **{**given, **options})


def from_position(text: str) -> Game:
    """Load any game's position text (its first line names the game)."""
    return Game.from_position(text)
