"""The text diagram: rows of piles as the layout places them, face-down cards as ``##``."""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING

from ..game import Pile, Spot

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["text"]

DOWN = "##"
EMPTY = "--"
CELL = 4


def _card(pile: Pile, i: int) -> str:
    return DOWN if i < pile.face_down else str(pile.cards[i])


def _line(pile: Pile, spot: Spot) -> str:
    """A pile written on one line: all its cards if it fans, else its top card (and how many)."""
    if pile.is_empty:
        return EMPTY
    if spot.fan == "none":
        shown = _card(pile, len(pile) - 1)
        return shown if len(pile) == 1 else f"{shown}×{len(pile)}"
    return " ".join(_card(pile, i) for i in range(len(pile)))


def text(game: Game) -> str:
    """The position as a compact diagram (deterministic, for doctests).

    Rows come from the layout: piles fanned down are drawn as columns, others
    on one line; a squared pile shows its top card and how many it holds.
    """
    out: list[str] = []
    spots = sorted(game.layout(), key=lambda s: (s.y, s.x))
    for _, row_iter in groupby(spots, key=lambda s: s.y):
        row = list(row_iter)
        piles = [game.piles[s.pile] for s in row]
        if any(s.fan == "down" for s in row):
            depth = max(1, *(len(p) for p in piles))
            for i in range(depth):
                cells = []
                for p in piles:
                    if p.is_empty:
                        cells.append(EMPTY if i == 0 else "")
                    else:
                        cells.append(_card(p, i) if i < len(p) else "")
                out.append("".join(c.ljust(CELL) for c in cells).rstrip())
        else:
            labelled = any(s.label for s in row)
            cells = [
                (f"{s.label} " if labelled and s.label else "") + _line(p, s).ljust(CELL - 1 if s.fan == "none" else 0)
                for s, p in zip(row, piles)
            ]
            out.append("   ".join(cells).rstrip())
    return "\n".join(out)
