"""The errors of the engine: all are :class:`ValueError`\\ s, and none changes a game."""

from __future__ import annotations

import re

from .cards import InvalidCard

__all__ = [
    "InvalidCard",
    "InvalidMove",
    "IllegalMove",
    "InvalidPosition",
    "UnknownGame",
    "UnknownOption",
    "whole_number",
]


class InvalidMove(ValueError):
    """A move that cannot be read, or that names no card or place in the position."""


class IllegalMove(ValueError):
    """A move that can be read but that the rules forbid.

    ``rule`` is the source's rule (``"II"``, or a short name where the source does
    not number its rules) and the message names the cards involved.

    >>> print(IllegalMove("II", "the foundations must follow suit", "7♠ on 6♥"))
    Rule II — the foundations must follow suit (7♠ on 6♥)
    >>> print(IllegalMove("Play", "there is no re-deal left"))
    Play — there is no re-deal left
    """

    def __init__(self, rule: str, reason: str, detail: object = "") -> None:
        super().__init__(rule, reason, detail)
        self.rule = rule
        self.reason = reason
        self._detail = detail

    @property
    def detail(self) -> str:
        """The cards involved, e.g. ``"7♠ on 6♥"``."""
        d = self._detail
        return d if isinstance(d, str) else " on ".join(str(c) for c in d)  # type: ignore[attr-defined]

    def __str__(self) -> str:
        # Built when read: legal_moves() makes many of these and reads none.
        label = f"Rule {self.rule}" if re.fullmatch(r"[IVXL]+|\d+[a-z]?", self.rule) else self.rule
        text = f"{label} — {self.reason}" if label else self.reason
        return f"{text} ({self.detail})" if self.detail else text


class InvalidPosition(ValueError):
    """A position text that cannot be loaded."""


class UnknownGame(ValueError):
    """A game name that is not in the registry."""


class UnknownOption(ValueError):
    """An option the game does not have, or a value it does not accept."""


def whole_number(value: object, what: str) -> None:
    """Refuse a ``value`` given for ``what`` (a seed, a budget) that is not a whole number: a
    :class:`TypeError` (a bool is not one either, though Python counts it an int).

    >>> whole_number("3", "a seed")
    Traceback (most recent call last):
    ...
    TypeError: a seed is a whole number, not '3'
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{what} is a whole number, not {value!r}")
