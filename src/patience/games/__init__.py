"""The registry of games: every module in this package registers its game(s).

>>> from patience import games
>>> games.get("la-belle-lucie").name
'La Belle Lucie'
>>> games.get("patience-royale")
Traceback (most recent call last):
...
patience.errors.UnknownGame: unknown game 'patience-royale' (see `patience list`)
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TypeVar

from ..errors import UnknownGame
from ..game import Game

__all__ = ["register", "get", "all"]

_REGISTRY: dict[str, type[Game]] = {}
G = TypeVar("G", bound=type[Game])


def register(cls: G) -> G:
    """Class decorator: add a game to the registry under its ``slug``."""
    if not cls.slug or cls.slug in _REGISTRY:
        raise ValueError(f"game slug {cls.slug!r} missing or registered twice")
    _REGISTRY[cls.slug] = cls
    return cls


def _load_all() -> None:
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


def _load_own(slug: str) -> None:
    """Import the module named after ``slug``, if there is one (a variant lives in its chapter's)."""
    name = slug.replace("-", "_")
    if name.isidentifier() and not name.startswith("_"):
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise


def get(slug: str) -> type[Game]:
    """The game registered as ``slug`` (its chapter's file name).

    Its own module is imported first, and every module only when it is not there: the Play panel's
    first deal, in the reader's browser, then waits for one module to compile, not fifty.
    """
    if slug not in _REGISTRY:
        _load_own(slug)
    if slug not in _REGISTRY:
        _load_all()
    try:
        return _REGISTRY[slug]
    except KeyError:
        raise UnknownGame(f"unknown game {slug!r} (see `patience list`)") from None


def all() -> list[type[Game]]:  # noqa: A001 - the registry's natural name
    """Every registered game, in the order of the book (a chapter's own game before its variants)."""
    _load_all()
    return sorted(_REGISTRY.values(), key=lambda g: (g.order, g.slug != g.chapter, g.slug))
