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
        return EMPTY if spot.draw_empty else ""
    if spot.fan == "none":
        shown = _card(pile, len(pile) - 1)
        return shown if len(pile) == 1 else f"{shown}×{len(pile)}"
    order = range(len(pile) - 1, -1, -1) if spot.fan == "left" else range(len(pile))
    return " ".join(_card(pile, i) for i in order)


def text(game: Game) -> str:
    """The position as a compact diagram (deterministic, for doctests).

    Rows come from the layout: piles fanned down are drawn as columns, others
    on one line, the piles of one column of the layout aligned from row to row
    (a fan to the left is aligned on its right, where its bottom card lies); a
    squared pile shows its top card and how many it holds.
    """
    rows = [list(r) for _, r in groupby(sorted(game.layout(), key=lambda s: (s.y, s.x)), key=lambda s: s.y)]
    lines: list[list[tuple[Spot, str]] | str] = []
    for row in rows:
        piles = [game.piles[s.pile] for s in row]
        if any(s.fan == "down" for s in row):
            for i in range(max(1, *(len(p) for p in piles))):
                cells = [(EMPTY if i == 0 and s.draw_empty else "") if p.is_empty
                         else (_card(p, i) if i < len(p) else "") for s, p in zip(row, piles)]
                lines.append("".join(c.ljust(CELL) for c in cells).rstrip())
        else:
            labelled = any(s.label for s in row)
            lines.append([
                (s, (f"{s.label} " if labelled and s.label else "") + _line(p, s)) for s, p in zip(row, piles)
            ])
    width: dict[float, int] = {}
    for line in lines:
        if isinstance(line, list):
            for s, cell in line:
                width[s.x] = max(width.get(s.x, CELL - 1), len(cell))
    out = []
    for line in lines:
        if isinstance(line, str):
            out.append(line)
        else:
            out.append("   ".join(
                cell.rjust(width[s.x]) if s.fan == "left" else cell.ljust(width[s.x]) for s, cell in line
            ).rstrip())
    return "\n".join(line for line in out if line)
