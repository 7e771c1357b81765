"""The bridge between a chapter's Play panel and the engine, run in the reader's browser by Pyodide.

The page's JavaScript holds no rule of any game: it sends a request, as JSON, to :func:`handle`
and draws the state it gets back (the engine's own SVG, the legal moves by name, the position
text, the result).  Every question of what is allowed is answered here, by the engine itself.
The module is the standard library and the engine only (no ``tqdm``: the statistics runner is
never imported), so the project's wheel runs in Pyodide without its dependencies.

A request is a JSON object with an ``"op"``:

``{"op": "open", "spec": "canfield", "seed": 8}``
    Deal a game (``"plate": true`` instead of a seed sets out the source's plate;
    ``"position"`` loads a position text).
``{"op": "play", "move": "6♣ → 7♦"}``
    Play a move named in the book's notation (or the name of one of the legal moves).
``{"op": "pick", "index": 2}``
    Play the move at that place in the list of legal moves (names can repeat in two-pack games).
``{"op": "click", "pile": "row 3", "card": "6♣"}``
    A click on a card (``card`` and its ``pile``) or on an empty place (``pile`` only): the first
    click chooses the card to move, the second the pile it goes to (a move that takes up cards
    from several piles has each chosen by a click of its own, then the pile they go to).
``{"op": "undo"}``, ``{"op": "redo"}``, ``{"op": "hint"}``, ``{"op": "state"}``
    Take back a move, play it again, ask the solver for the next move, or just look.

The answer is the state of the game (see :meth:`Table.state`) with ``ok`` (whether the request
did what it asked) and ``message`` (what happened, or the engine's words for a refusal).

>>> import json
>>> state = json.loads(handle('{"op": "open", "spec": "canfield", "seed": 8}'))
>>> state["ok"], state["title"], state["where"], state["result"], state["score"]
(True, 'Canfield or Klondike', 'seed 8', 'in play', -52)
>>> [move["name"] for move in state["moves"]]
['turn', '4♦ → 5♣', '8♠ → 9♥', '10♦ → J♣']
>>> state = json.loads(handle('{"op": "play", "move": "4D to 5C"}'))
>>> state["ok"], state["message"], state["history"]
(True, 'played 4♦ → 5♣', ['4♦ → 5♣'])
>>> print(json.loads(handle('{"op": "play", "move": "J♣ → foundation"}'))["message"])
Rule 3 — a foundation starts with an ace (J♣)
>>> json.loads(handle('{"op": "undo"}'))["can_redo"]
True
"""

from __future__ import annotations

import json
from typing import Any

from . import games
from .errors import IllegalMove, InvalidMove
from .game import Game, Move, pile_kind
from .options import parse_spec
from .render import svg, text

__all__ = ["Table", "handle", "chapter_games", "HINT_SECONDS"]

#: How long the solver may think for a hint.
HINT_SECONDS = 1.0

#: A card chosen by a click (its text, or None for a click on a pile itself) and the pile it lies on.
Picked = tuple[str, str | None]


def chapter_games(chapter: str) -> list[dict[str, Any]]:
    """The games a chapter describes (its own game first), for the panel's choice of game.

    >>> [g["spec"] for g in chapter_games("la-belle-lucie")]
    ['la-belle-lucie', 'house-in-the-wood', 'house-on-the-hill']
    >>> chapter_games("canfield")[0]["plate"]
    True
    """
    found = [cls for cls in games.all() if (cls.chapter or cls.slug) == chapter]
    found.sort(key=lambda cls: cls.slug != chapter)
    return [{"spec": cls.slug, "name": cls.name, "plate": bool(cls.PLATE), "packs": cls.packs} for cls in found]


class Table:
    """One game in play at the panel, with the moves taken back (for redo) and the cards chosen by
    the clicks so far.

    >>> table = Table.open("la-belle-lucie", seed=1)
    >>> table.click("packet 10", "7♣")["message"]
    'chose 7♣: now click where it goes'
    >>> table.click("packet 13", "8♣")["message"]
    'played 7♣ → 8♣'
    >>> table.click("packet 11", "J♦")["ok"], table.click("packet 3", "7♥")["message"]
    (True, '...')
    """

    def __init__(self, game: Game, plate: bool = False, loaded: bool = False) -> None:
        self.game = game
        self.plate = plate
        self.loaded = loaded  # from a position text
        self.redo_moves: list[Move] = []
        self.chosen: list[Picked] = []  # the cards chosen by the clicks so far, with their piles

    # ------------------------------------------------------------------ opening
    @classmethod
    def open(cls, spec: str, seed: int | None = None, plate: bool = False, position: str = "") -> Table:
        """The game named by ``spec``: dealt from ``seed`` (default 1), the source's plate, or a
        position text.

        >>> Table.open("canfield", plate=True).state()["where"]
        'the plate'
        >>> Table.open("canfield", position=str(Table.open("canfield", seed=3).game)).state()["where"]
        'a position'
        """
        slug, options = parse_spec(spec)
        kind = games.get(slug)
        if position.strip():
            return cls(kind.from_position(position), loaded=True)
        if plate:
            return cls(kind.from_plate(**options), plate=True)
        return cls(kind.deal(seed=1 if seed is None else seed, **options))

    # ------------------------------------------------------------------ the state
    def where(self) -> str:
        """Where the game started: ``"seed 8"``, ``"the plate"`` or ``"a position"``."""
        if self.plate:
            return "the plate"
        return "a position" if self.loaded else f"seed {self.game.seed}"

    def state(self, ok: bool = True, message: str = "", hint: str | None = None) -> dict[str, Any]:
        """Everything the panel draws, as JSON-able values.

        ``svg`` is the engine's picture (its cards carry ``data-card``, its piles ``data-pile``);
        ``moves`` the legal moves, each with its ``name`` (the book's notation, which ``play``
        takes back), a ``label`` (the name, with the piles where two moves share a name: a
        two-pack game's twin cards) and the ``card`` and ``pile`` it moves from (``pick`` plays
        a move by its place in this list); ``position`` the position text
        (what ``Game.from_position`` loads); ``score`` the game's own score where it keeps one,
        else None; ``out`` and ``cards`` the cards gone out and all the cards.
        """
        game = self.game
        legal = game.legal_moves()
        names = [str(m) for m in legal]
        moves = [
            {"name": name, "label": name if names.count(name) == 1 else f"{name} ({m.source} → {m.target})",
             "card": str(m.cards[0]) if m.cards else None, "pile": m.source, "target": m.target}
            for name, m in zip(names, legal)
        ]
        score = getattr(game, "score", None)
        return {
            "ok": ok,
            "message": message,
            "hint": hint,
            "title": game.name,
            "spec": game.spec,
            "seed": game.seed,
            "plate": self.plate,
            "where": self.where(),
            "svg": svg(game),
            "text": text(game),
            "position": str(game),
            "moves": moves,
            "history": [str(m) for m in game.history],
            "result": game.result,
            "over": game.is_over,
            "won": game.is_won,
            "score": score if isinstance(score, int) else None,
            "out": game.progress(),
            "cards": len(game.cards()),
            "can_undo": bool(game.history),
            "can_redo": bool(self.redo_moves),
            "chosen": [{"pile": pile, "card": card} for pile, card in self.chosen],
        }

    # ------------------------------------------------------------------ moves
    def _played(self, move: Move) -> dict[str, Any]:
        if self.redo_moves and self.redo_moves[-1] == move:
            self.redo_moves.pop()
        else:
            self.redo_moves.clear()
        self.chosen = []
        message = f"played {move}"
        if self.game.is_over:
            message += f": the game is over, {self.game.result}"
        return self.state(message=message)

    def play(self, name: str) -> dict[str, Any]:
        """Play the move ``name`` (the book's notation, as typed or picked from the list); a
        refusal answers with the engine's own words.

        >>> table = Table.open("canfield", seed=8)
        >>> table.play("turn")["history"]
        ['turn']
        >>> table.play("Z♣ → foundation")["message"]
        "unknown card 'Z♣' (try '10♥', '10H', 'TH' or 'ten of hearts')"
        """
        try:
            move = self.game.play(name)
        except (InvalidMove, IllegalMove, ValueError) as exc:
            self.chosen = []
            return self.state(ok=False, message=str(exc))
        return self._played(move)

    def pick(self, index: int) -> dict[str, Any]:
        """Play the legal move at ``index`` in the state's list of ``moves``.

        >>> Table.open("canfield", seed=8).pick(1)["history"]
        ['4♦ → 5♣']
        """
        legal = self.game.legal_moves()
        if not 0 <= index < len(legal):
            return self.state(ok=False, message=f"no move {index} here")
        return self._push(legal[index])

    def _push(self, move: Move) -> dict[str, Any]:
        self.game.play(move)
        return self._played(move)

    def _taken(self, move: Move) -> set[Picked]:
        return {(pile, str(card)) for pile, card in self.game.taken(move)}

    def click(self, pile: str, card: str | None = None) -> dict[str, Any]:
        """A click on ``card`` lying in ``pile``, or on the pile itself (an empty place, a pack).

        The first click chooses a card; the next names the pile it goes to (a card clicked there
        stands for its pile).  A move that takes up cards from several piles at once
        (:meth:`Game.taken`: The Wheel's combinations) has them chosen one click each, then the
        place they go to.  A pile whose only move is to turn or deal the pack plays it at once, and
        so does a card whose only move goes nowhere in particular (a card thrown out).  A second
        click on a chosen card lets it go.

        >>> table = Table.open("the-wheel", seed=2)
        >>> [table.click(place, card)["message"] for place, card in
        ...  [("cushion 2", "6♠"), ("cushion 7", "8♠"), ("cushion 12", "4♦"), ("cushion 3", "J♠")]][-1]
        'chose 6♠ 8♠ 4♦ J♠: now click where they go'
        >>> table.click("circle 1")["message"]
        'played 4♦ 6♠ 8♠ + J♠'
        """
        game = self.game
        legal = game.legal_moves()
        picked = (pile, card)
        chosen, self.chosen = self.chosen, []
        if not chosen:
            mine = [m for m in legal if picked in self._taken(m)]
            own = [m for m in legal if m.source == pile and (not m.cards or m.kind in game.PACK_KINDS)]
            if not mine and len(own) == 1:
                return self._push(own[0])  # the pack turned, dealt or taken up again
            if card is None:
                return self.state(ok=False, message=f"nothing to do at {pile}")
            if len(mine) == 1 and mine[0].target is None and self._taken(mine[0]) == {picked}:
                return self._push(mine[0])
            return self._choose([picked])  # even a card with no move: the engine will say why
        if picked in chosen:
            rest = [c for c in chosen if c != picked]
            if not rest:
                mine = [m for m in legal if self._taken(m) == {picked}]
                if len(mine) == 1 and mine[0].target is None:
                    return self._push(mine[0])
            self.chosen = rest
            return self.state(message=f"let go of {card}")
        mine = [m for m in legal if self._taken(m) == set(chosen)]
        exact = [m for m in mine if m.target == pile]
        alike = [m for m in mine if m.target is not None and pile_kind(m.target) == pile_kind(pile)
                 and pile_kind(pile) in game.OUT]
        if exact or alike:
            return self._push((exact or alike)[0])
        if card is not None and any({*chosen, picked} <= self._taken(m) for m in game.moves()):
            return self._choose([*chosen, picked])  # one more card of a move that takes several
        if card is not None and len(chosen) == 1 and chosen[0][0] == pile:
            return self.click(pile, card)  # another card of the same pile: choose it instead
        return self.state(ok=False, message=self._why_not(chosen, pile))

    def _choose(self, chosen: list[Picked]) -> dict[str, Any]:
        """Hold ``chosen`` for the next click, saying what that click may be."""
        self.chosen = chosen
        cards = " ".join(card or pile for pile, card in chosen)
        it = "them" if len(chosen) > 1 else "it"
        if any(set(chosen) < self._taken(m) for m in self.game.moves()):
            return self.state(message=f"chose {cards}: now click the other cards to take up with {it}, "
                                      "then where they go")
        return self.state(message=f"chose {cards}: now click where {'they go' if len(chosen) > 1 else 'it goes'}")

    def _why_not(self, chosen: list[Picked], target: str | None) -> str:
        """The engine's words for a move it refuses (the rule and the reason, as in the doctests)."""
        game = self.game
        whole = set(chosen)
        for m in game.moves():
            if self._taken(m) == whole and (m.target == target or len(whole) > 1):
                problem = game.violation(m)
                if problem is not None:
                    return str(problem)
        cards = " ".join(card or pile for pile, card in chosen)
        if len(chosen) == 1:
            top = game.piles[target].top if target in game.piles else None
            named = str(top) if top is not None else target
            try:
                game.parse_move(f"{cards} → {named}" if named else cards)
            except (InvalidMove, IllegalMove) as exc:
                return str(exc)
        return f"{cards} cannot go to {target}" if target else f"{cards} make no move here"

    def undo(self) -> dict[str, Any]:
        """Take back the last move (it can be played again by :meth:`redo`)."""
        self.chosen = []
        if not self.game.history:
            return self.state(ok=False, message="nothing to undo")
        move = self.game.undo()
        self.redo_moves.append(move)
        return self.state(message=f"took back {move}")

    def redo(self) -> dict[str, Any]:
        """Play again the last move taken back."""
        self.chosen = []
        if not self.redo_moves:
            return self.state(ok=False, message="nothing to redo")
        return self._push(self.redo_moves[-1])

    def hint(self, seconds: float = HINT_SECONDS) -> dict[str, Any]:
        """The solver's next move on a winning line found within ``seconds``, or "no win found".

        >>> table = Table.open("canfield", seed=8)
        >>> state = table.hint()
        >>> state["hint"] in [m["name"] for m in state["moves"]], state["history"]
        (True, [])
        """
        from .solve import solve

        self.chosen = []
        game = self.game
        if game.is_over:
            return self.state(ok=False, message=f"the game is over: {game.result}")
        solution = solve(game.copy(), "thoughtful", seconds=seconds)
        if solution.outcome == "won" and solution.record.moves:
            move = str(solution.record.moves[0])
            return self.state(message=f"hint: {move}", hint=move)
        if solution.outcome == "lost":
            return self.state(ok=False, message="no win found: every line from here is lost")
        return self.state(ok=False, message=f"no win found within {seconds:g} s")


_table: Table | None = None


def handle(request: str) -> str:
    """Answer one request of the panel (JSON in, JSON out); see the module's docstring.

    >>> json.loads(handle('{"op": "open", "spec": "no-such-game"}'))["message"]
    "unknown game 'no-such-game' (see `patience list`)"
    >>> json.loads(handle('{"op": "fly"}'))["message"]
    "unknown request 'fly'"
    >>> json.loads(handle('["open"]'))["message"]
    "a request is a JSON object with its 'op', not ['open']"
    """
    global _table
    try:
        asked = json.loads(request)
        if not isinstance(asked, dict):
            return json.dumps({"ok": False, "message": f"a request is a JSON object with its 'op', not {asked!r}"})
        op = asked.get("op")
        if op == "open":
            seed = asked.get("seed")
            _table = Table.open(str(asked["spec"]), seed=None if seed is None else int(seed),
                                plate=bool(asked.get("plate")), position=str(asked.get("position") or ""))
            return json.dumps(_table.state(message=f"{_table.game.name}, {_table.where()}"))
        if op not in ("play", "pick", "click", "undo", "redo", "hint", "state"):
            return json.dumps({"ok": False, "message": f"unknown request {op!r}"})
        if _table is None:
            return json.dumps({"ok": False, "message": "no game open"})
        if op == "play":
            answer = _table.play(str(asked.get("move", "")))
        elif op == "pick":
            answer = _table.pick(int(asked["index"]))
        elif op == "click":
            card = asked.get("card")
            answer = _table.click(str(asked["pile"]), None if card is None else str(card))
        elif op == "undo":
            answer = _table.undo()
        elif op == "redo":
            answer = _table.redo()
        elif op == "hint":
            answer = _table.hint(float(asked.get("seconds", HINT_SECONDS)))
        else:
            answer = _table.state()
        return json.dumps(answer)
    except (ValueError, KeyError, TypeError) as exc:
        return json.dumps({"ok": False, "message": f"the request lacks {exc}" if isinstance(exc, KeyError) else str(exc)})
