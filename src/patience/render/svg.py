"""The SVG picture of a position: readable card faces, backs, fans and marked empty places."""

from __future__ import annotations

from html import escape
from typing import Iterable

from ..cards import Card
from ..game import Game, Pile, Spot

__all__ = ["svg", "symbols", "fan_width", "fan_height", "WIDTH", "HEIGHT"]

WIDTH, HEIGHT = 50, 70  # one card
GAP = 10  # between grid cells
MARGIN = 8
FAN_DOWN, FAN_DOWN_HIDDEN, FAN_RIGHT = 20, 8, 27
RED, BLACK = "#c0262d", "#1a1a1a"
#: Half the diagonal of a card: how far a card turned about its centre may reach.
_REACH = (WIDTH ** 2 + HEIGHT ** 2) ** 0.5 / 2
FONT = "font-family=\"'DejaVu Sans', 'Segoe UI Symbol', sans-serif\""


def fan_width(cards: int) -> float:
    """How wide a fan of ``cards`` spreading right is, in the layout's units (a card and its gap),
    for layouts that must leave room for fans that grow."""
    return (WIDTH + FAN_RIGHT * (max(cards, 1) - 1)) / (WIDTH + GAP)


def fan_height(cards: int) -> float:
    """How tall a column of ``cards`` face up, fanned down, is, in the layout's units (a card and its gap)."""
    return (HEIGHT + FAN_DOWN * (max(cards, 1) - 1)) / (HEIGHT + GAP)


def _card_id(card: Card | None) -> str:
    return "patience-back" if card is None else f"patience-{card.rank.symbol}{card.suit.letter}"


def _use(card: Card | None, x: float, y: float) -> str:
    """A card drawn by reference to its symbol (see :func:`symbols`)."""
    return f'<use href="#{_card_id(card)}" x="{x:g}" y="{y:g}" width="{WIDTH}" height="{HEIGHT}"/>'


def symbols(cards: Iterable[Card]) -> str:
    """A hidden SVG defining one symbol per card face (and the back), for pictures drawn with
    ``svg(game, shared=True)``: a stepper of a hundred frames then weighs a tenth as much."""
    faces = {str(c): c for c in cards}
    defs = [f'<symbol id="{_card_id(None)}" viewBox="0 0 {WIDTH} {HEIGHT}">{_back(0, 0)}</symbol>']
    defs += [
        f'<symbol id="{_card_id(c)}" viewBox="0 0 {WIDTH} {HEIGHT}">{_face(c, 0, 0)}</symbol>'
        for c in faces.values()
    ]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
        f'style="position:absolute"><defs>{"".join(defs)}</defs></svg>'
    )


def _face(card: Card, x: float, y: float) -> str:
    colour = RED if card.is_red else BLACK
    rank, suit = card.rank.symbol, card.suit.symbol
    return (
        f'<g class="card" data-card="{card}">'
        f'<rect x="{x:g}" y="{y:g}" width="{WIDTH}" height="{HEIGHT}" rx="4" fill="#fffdf7" stroke="#555"/>'
        f'<text x="{x + 4:g}" y="{y + 15:g}" font-size="12" font-weight="bold" letter-spacing="-0.5" fill="{colour}" {FONT}>'
        f"{rank}{suit}</text>"
        f'<text x="{x + WIDTH / 2:g}" y="{y + HEIGHT / 2 + 12:g}" font-size="28" text-anchor="middle" '
        f'fill="{colour}" {FONT}>{suit}</text>'
        f'<text x="{x + WIDTH - 4:g}" y="{y + HEIGHT - 5:g}" font-size="10" text-anchor="end" '
        f'fill="{colour}" {FONT}>{rank}{suit}</text></g>'
    )


def _back(x: float, y: float) -> str:
    return (
        f'<g class="card back"><rect x="{x:g}" y="{y:g}" width="{WIDTH}" height="{HEIGHT}" rx="4" '
        f'fill="#2b4a8b" stroke="#555"/><rect x="{x + 4:g}" y="{y + 4:g}" width="{WIDTH - 8}" '
        f'height="{HEIGHT - 8}" rx="2" fill="none" stroke="#9fb4e0" stroke-dasharray="3 2"/></g>'
    )


def _empty(x: float, y: float, label: str) -> str:
    words = (
        f'<text x="{x + WIDTH / 2:g}" y="{y + HEIGHT / 2 + 4:g}" font-size="9" text-anchor="middle" '
        f'fill="#777" {FONT}>{escape(label)}</text>'
        if label
        else ""
    )
    return (
        f'<g class="empty"><rect x="{x:g}" y="{y:g}" width="{WIDTH}" height="{HEIGHT}" rx="4" '
        f'fill="none" stroke="#999" stroke-dasharray="4 3"/>{words}</g>'
    )


def _pile(pile: Pile, spot: Spot, x: float, y: float, shared: bool) -> tuple[list[str], float, float]:
    """The SVG of one pile and the far corner it reaches."""
    if pile.is_empty:
        if not spot.draw_empty:
            return [], x, y
        return [_empty(x, y, spot.label)], x + WIDTH, y + HEIGHT
    shown = range(len(pile)) if spot.fan != "none" else [len(pile) - 1]
    # a "left" fan takes the box of a right fan of as many cards, its bottom card at the right end
    parts, cx, cy = [], x + (FAN_RIGHT * (len(pile) - 1) if spot.fan == "left" else 0), y
    for n, i in enumerate(shown):
        if n:
            if spot.fan == "down":
                cy += FAN_DOWN_HIDDEN if i - 1 < pile.face_down else FAN_DOWN
            elif spot.fan == "left":
                cx -= FAN_RIGHT
            else:
                cx += FAN_RIGHT
        card = pile.cards[i]
        if shared:
            parts.append(_use(None if i < pile.face_down else card, cx, cy))
        else:
            parts.append(_back(cx, cy) if i < pile.face_down else _face(card, cx, cy))
    if spot.fan == "none" and len(pile) > 1:
        parts.append(
            f'<text x="{x + WIDTH - 3:g}" y="{y + HEIGHT + 11:g}" font-size="9" text-anchor="end" '
            f'fill="#f0f0e0" {FONT}>{len(pile)}</text>'
        )
    if spot.fan == "left":
        cx = x + FAN_RIGHT * (len(pile) - 1)
    return parts, cx + WIDTH, cy + HEIGHT + (12 if spot.fan == "none" and len(pile) > 1 else 0)


def svg(game: Game, shared: bool = False) -> str:
    """The position as an SVG picture (the book's diagrams and the notebooks' frames).

    With ``shared`` the cards are drawn by reference to the symbols of :func:`symbols`,
    which the page must hold once (the stepper does this).  A pile whose spot has an ``angle`` is
    drawn turned about the centre of its card (the bars of the Herring-Bone lie crosswise):

    >>> from patience import load
    >>> picture = load("the-herring-bone", seed=1)._repr_svg_()
    >>> picture.count('transform="rotate(90 ')
    4
    """
    if not isinstance(game, Game):
        raise TypeError(f"svg draws a game (patience.load deals one), not {game!r}")
    parts: list[str] = []
    right = bottom = 0.0
    for spot in game.layout():
        x = MARGIN + spot.x * (WIDTH + GAP)
        y = MARGIN + spot.y * (HEIGHT + GAP)
        drawn, r, b = _pile(game.piles[spot.pile], spot, x, y, shared)
        turn = ""
        if spot.angle:
            # turned about the centre of its (first) card; the box reached grows to hold the turned card
            turn = f' transform="rotate({spot.angle:g} {x + WIDTH / 2:g} {y + HEIGHT / 2:g})"'
            r, b = max(r, x + WIDTH / 2 + _REACH), max(b, y + HEIGHT / 2 + _REACH)
        parts.append(f'<g class="pile" data-pile="{escape(spot.pile)}"{turn}>{"".join(drawn)}</g>')
        right, bottom = max(right, r), max(bottom, b)
    w, h = right + MARGIN, bottom + MARGIN
    title = escape(f"{game.name}: {game.spec} seed {game.seed}")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="patience-diagram" viewBox="0 0 {w:g} {h:g}" '
        f'width="{w:g}" height="{h:g}" role="img" aria-label="{title}"><title>{title}</title>'
        f'<rect width="100%" height="100%" fill="#2f6b3a" rx="6"/>{"".join(parts)}</svg>'
    )
