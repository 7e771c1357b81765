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

    def __init__(self, rule: str, reason: str, detail: str = "") -> None:
        self.rule = rule
        self.reason = reason
        self.detail = detail
        label = f"Rule {rule}" if re.fullmatch(r"[IVXL]+|\d+[a-z]?", rule) else rule
        text = f"{label} — {reason}" if label else reason
        super().__init__(f"{text} ({detail})" if detail else text)


class InvalidPosition(ValueError):
    """A position text that cannot be loaded."""


class UnknownGame(ValueError):
    """A game name that is not in the registry."""


class UnknownOption(ValueError):
    """An option the game does not have, or a value it does not accept."""
