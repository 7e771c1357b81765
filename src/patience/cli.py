"""The ``patience`` command: list the games, show a deal, play in the terminal, solve, measure.

>>> main(["show", "la-belle-lucie", "--seed", "2"])  # doctest: +ELLIPSIS
La Belle Lucie (la-belle-lucie), seed 2
...
>>> main(["show", "patience-royale"])
patience: unknown game 'patience-royale' (see `patience list`)
2
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import Callable, Sequence, TextIO

from . import games, load, render
from .game import Game
from .options import parse_spec
from .solve import NODES

__all__ = ["main", "play"]


def _list(args: argparse.Namespace, out: TextIO) -> int:
    rows = [(cls.slug, cls.name, f"plate {cls.plate}" if cls.plate else "", cls.packs) for cls in games.all()]
    width = max(len(r[0]) for r in rows)
    for slug, name, plate, packs in rows:
        print(f"{slug.ljust(width)}  {name} ({packs} pack{'s' if packs > 1 else ''}{', ' + plate if plate else ''})",
              file=out)
    return 0


def _start(args: argparse.Namespace) -> Game:
    """The deal named by ``--seed``, or with ``--plate`` the position on the source's plate."""
    if getattr(args, "plate", False):
        slug, options = parse_spec(args.game)
        return games.get(slug).from_plate(**options)
    return load(args.game, seed=args.seed)


def _show(args: argparse.Namespace, out: TextIO) -> int:
    game = _start(args)
    where = "the plate" if args.plate else f"seed {args.seed}"
    print(f"{game.name} ({game.spec}), {where}", file=out)
    print(render.text(game), file=out)
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as f:
            f.write(render.svg(game))
        print(f"wrote {args.svg}", file=out)
    if args.position:
        print(game, file=out)
    return 0


#: The commands of ``patience play``, as ``help`` lists them.
COMMANDS = {
    "MOVE": 'play a move in the book\'s notation: "6♣ → 7♦", "6C to 7D", "A♥ → foundation", "turn"',
    "moves": "list the legal moves",
    "undo": "take back the last move",
    "redo": "play again the last move taken back",
    "hint": "the solver's next move on a winning line (it thinks for a second), or \"no win found\"",
    "position": "print the position text (patience.from_position loads it)",
    "help": "list these commands (also ?)",
    "quit": "stop (also exit, q, or end of input)",
}
HELP = "\n".join(f"  {name:<9} {what}" for name, what in COMMANDS.items())


def play(game: Game, read: Callable[[str], str] = input, out: TextIO | None = None, plate: bool = False,
         hint_seconds: float = 1.0) -> Game:
    """Play ``game`` at a terminal: show the position, read moves until the game is over or ``quit``.

    ``plate`` says the game is the source's plate (not a deal); ``hint`` asks the solver, as the
    book's Play panel does (:meth:`patience.web.Table.hint`).

    >>> from patience import load
    >>> answers = iter(["moves", "Z♣ → foundation", "undo", "7♣ → 8♣", "undo", "redo", "help", "quit"])
    >>> _ = play(load("la-belle-lucie", seed=1), read=lambda prompt: next(answers))  # doctest: +ELLIPSIS
    La Belle Lucie, seed 1
    ...
    legal moves: 7♣ → 8♣, J♦ → Q♦, 3♦ → 4♦, 8♠ → 9♠, 2♥ → 3♥, 5♠ → 6♠, redeal
    unknown card 'Z♣' (try '10♥', '10H', 'TH' or 'ten of hearts')
    nothing to undo
    played 7♣ → 8♣
    ...
    took back 7♣ → 8♣
    ...
    played 7♣ → 8♣
    ...
      MOVE      play a move in the book's notation: ...
      moves     list the legal moves
      undo      take back the last move
      redo      play again the last move taken back
      hint      the solver's next move on a winning line ...
      position  print the position text (patience.from_position loads it)
      help      list these commands (also ?)
      quit      stop (also exit, q, or end of input)
    result: in play after 1 move
    >>> answers = iter(["hint", "quit"])
    >>> _ = play(load("canfield", seed=8), read=lambda prompt: next(answers))  # doctest: +ELLIPSIS
    Canfield or Klondike, seed 8
    ...
    hint: ...
    result: in play after 0 moves
    >>> from patience import games
    >>> _ = play(games.get("canfield").from_plate(), read=lambda prompt: "quit", plate=True)  # doctest: +ELLIPSIS
    Canfield or Klondike, the plate
    ...
    result: in play after 0 moves
    """
    from .web import Table

    out = out or sys.stdout
    table = Table(game, plate=plate)
    print(f"{game.name}, {table.where()}", file=out)
    print(render.text(game), file=out)
    while not game.is_over:
        try:
            line = read("move> ").strip()
        except EOFError:
            break
        if not line:
            continue
        word = line.lower()
        if word in ("quit", "exit", "q"):
            break
        if word in ("help", "?"):
            print(HELP, file=out)
        elif word == "moves":
            print("legal moves: " + ", ".join(str(m) for m in game.legal_moves()), file=out)
        elif word == "position":
            print(game, file=out)
        elif word in ("undo", "redo", "hint"):
            answer = table.undo() if word == "undo" else table.redo() if word == "redo" else table.hint(hint_seconds)
            print(answer["message"], file=out)
            if word != "hint" and answer["ok"]:
                print(render.text(game), file=out)
        else:
            answer = table.play(line)
            print(answer["message"], file=out)
            if answer["ok"]:
                print(render.text(game), file=out)
    made = len(game.history)
    print(f"result: {game.result} after {made} move{'' if made == 1 else 's'}", file=out)
    return game


def _play(args: argparse.Namespace, out: TextIO) -> int:
    play(_start(args), out=out, plate=args.plate)
    return 0


def _solve(args: argparse.Namespace, out: TextIO) -> int:
    from .solve import shorten, solve

    game = _start(args)
    mode = "honest" if args.honest else "thoughtful"
    progress = _Progress(sys.stderr)
    solution = solve(game, mode, nodes=args.nodes, seconds=args.seconds, idle=args.idle, width=args.width,
                     progress=progress)
    progress.finish()
    if solution.outcome == "unknown":
        print(f"the search stopped at its budget ({solution.nodes:,} positions, {solution.seconds:.1f} s) with the "
              "deal neither won nor proved lost: give it more with --nodes or --seconds", file=sys.stderr)
    if args.shorten and solution.outcome == "won":
        solution = replace(solution, record=shorten(solution.record))
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            f.write(solution.record.to_text())
    print(solution, file=out)
    if args.record:
        print(f"wrote {args.record}", file=out)
    return 0


class _Progress:
    """Shows a long search's progress on ``stream``: positions searched, their rate and the time,
    once the search has taken a second (on a terminal one line kept up to date, else a line every
    five seconds)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.shown = 0.0
        self.used = False

    def __call__(self, positions: int, seconds: float) -> None:
        if seconds < 1 or (not self.live and seconds - self.shown < 5):
            return
        self.shown = seconds
        line = f"searching: {positions:,} positions in {seconds:.1f} s ({positions / seconds:,.0f} a second)"
        self.stream.write(f"\r{line}" if self.live else f"{line}\n")
        self.stream.flush()
        self.used = True

    def finish(self) -> None:
        """End the line kept up to date, if one was shown."""
        if self.live and self.used:
            self.stream.write("\n")


def _stats(args: argparse.Namespace, out: TextIO) -> int:
    from . import stats

    if args.plan:
        folder = args.out or "book/statistics"
        for study in stats.studies(args.plan):
            if args.game and args.game not in (study.spec, parse_spec(study.spec)[0]):
                continue
            print(stats.run_study(study, folder, jobs=args.jobs, progress=not args.quiet,
                                  keep_decided=args.keep_decided).summary(), file=out)
        return 0
    if not args.game:
        print("patience: name a game, or give --plan FILE", file=out)
        return 2
    seeds = range(args.start, args.start + args.deals)
    results = stats.run(args.game, seeds, args.mode, nodes=args.nodes, jobs=args.jobs, out=args.out,
                        progress=not args.quiet, width=args.width, seconds=args.seconds,
                        keep_decided=args.keep_decided)
    print(results.summary(), file=out)
    if args.out:
        print(f"wrote {args.out}", file=out)
    return 0


def _merge(args: argparse.Namespace, out: TextIO) -> int:
    from .stats import Results

    merged = Results.load(args.files[0])
    for path in args.files[1:]:
        merged = merged.merge(Results.load(path))
    merged.save(args.out)
    print(merged.summary(), file=out)
    print(f"wrote {args.out}", file=out)
    return 0


def _count(text: str) -> int:
    """A command line's count (of deals, of processes): a whole number, 1 or more."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, 1 or more, not {text!r}") from None
    if count < 1:
        raise argparse.ArgumentTypeError(f"1 or more, not {count}")
    return count


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (errors print a message and return 2)."""
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="patience", description="Historical patience games that run.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games").set_defaults(run=_list)
    show = sub.add_parser("show", help="show a deal")
    show.add_argument("game", help="a game, e.g. canfield or 'canfield(draw=3)'")
    show.add_argument("--seed", type=int, default=1)
    show.add_argument("--plate", action="store_true", help="start from the position on the source's plate")
    show.add_argument("--svg", metavar="FILE", help="also write the diagram as SVG")
    show.add_argument("--position", action="store_true", help="also print the position text")
    show.set_defaults(run=_show)
    playp = sub.add_parser("play", help="play a game in the terminal (type help there for its commands)",
                           epilog="Commands at the prompt:\n" + HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    playp.add_argument("game")
    playp.add_argument("--seed", type=int, default=1)
    playp.add_argument("--plate", action="store_true", help="start from the position on the source's plate")
    playp.set_defaults(run=_play)
    solvep = sub.add_parser("solve", help="solve a deal: won (with the line), lost, or unknown")
    solvep.add_argument("game")
    solvep.add_argument("--seed", type=int, default=1)
    solvep.add_argument("--plate", action="store_true", help="start from the position on the source's plate")
    how = solvep.add_mutually_exclusive_group()
    how.add_argument("--thoughtful", action="store_true", help="see every card (the default)")
    how.add_argument("--honest", action="store_true", help="play as a player who sees only the face-up cards")
    in_c = ", ".join(cls.name for cls in games.all() if cls.SEARCH_IN_C is not None) or "none built"
    solvep.add_argument("--nodes", type=int, help=f"positions a thoughtful search may visit (default "
                        f"{NODES['thoughtful']:,}, or some seconds' worth where the game's search is written "
                        f"in C: {in_c}), or an honest player for each plan (default {NODES['honest']:,})")
    solvep.add_argument("--seconds", type=float, help="stop a thoughtful search after this long")
    solvep.add_argument("--idle", type=int, metavar="MOVES",
                        help="cut a thoughtful line after this many moves in a row without a gain (no proof of loss then)")
    solvep.add_argument("--width", type=int, metavar="POSITIONS",
                        help="search layer by layer, a layer at each move of the pack, keeping the best POSITIONS "
                        "of each (solve.beam; no proof of loss then)")
    solvep.add_argument("--shorten", action="store_true",
                        help="leave out of a won line the moves it can do without (solve.shorten)")
    solvep.add_argument("--record", metavar="FILE", help="write the line played as a record (for a notebook)")
    solvep.set_defaults(run=_solve)
    statsp = sub.add_parser("stats", help="solve many deals in parallel and report the win rate")
    statsp.add_argument("game", nargs="?", help="a game (with options); with --plan, only its studies")
    statsp.add_argument("--deals", type=_count, default=100, help="how many deals (seeds START…START+N-1)")
    statsp.add_argument("--start", type=int, default=1, help="the first seed (default 1)")
    statsp.add_argument("--jobs", type=_count, default=1, help="processes to run in parallel")
    statsp.add_argument("--mode", choices=("thoughtful", "honest"), default="thoughtful")
    statsp.add_argument("--nodes", type=int, help="the budget: positions a thoughtful search may visit for a "
                        "deal, or an honest player for each plan")
    statsp.add_argument("--seconds", type=float, help="the time a thoughtful search may take a deal, besides "
                        "its positions (recorded with the results)")
    statsp.add_argument("--width", type=int, metavar="POSITIONS",
                        help="a thoughtful study by beam search, keeping the best POSITIONS at each move of the pack")
    statsp.add_argument("--out", metavar="FILE", help="store (and resume) the results as JSON; with "
                        "--plan, the folder (default book/statistics)")
    statsp.add_argument("--plan", metavar="FILE", help="run the studies of a plan (book/statistics/studies.toml)")
    statsp.add_argument("--keep-decided", action="store_true",
                        help="keep the deals a stored thoughtful study decided at a budget no larger (even by an "
                             "earlier engine) and search only its unknown deals at this budget")
    statsp.add_argument("--quiet", action="store_true", help="no progress bar")
    statsp.set_defaults(run=_stats)
    mergep = sub.add_parser("merge", help="merge stored results of one study")
    mergep.add_argument("files", nargs="+")
    mergep.add_argument("--out", required=True)
    mergep.set_defaults(run=_merge)
    args = parser.parse_args(argv)
    try:
        return args.run(args, out)
    except (ValueError, OSError) as exc:
        print(f"patience: {exc}", file=out)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
