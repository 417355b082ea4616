"""``gomoku puzzles``: puzzles from games and the shipped sets, listed, played
on stdin/stdout against the engine's defence, and the record (see docs/puzzles.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

from gomoku.board import BoardError
from gomoku.commands.show import render
from gomoku.puzzles.play import Attempt
from gomoku.puzzles.puzzle import NODES, Puzzle, PuzzleError, from_file, shipped
from gomoku.puzzles.store import (
    GAMES_DIR_ENV,
    PuzzleRecord,
    games_dir,
    load_record,
    own_games,
    record_path,
    save_record,
)
from gomoku.records import RecordError, parse_point

__all__ = ["register", "run_list", "run_play", "run_stats", "collect", "session"]

PROMPT = "your move (x,y), hint, solution or quit> "
MAX_NODES = 10_000_000
MINE = 10
"""How many of the user's newest games ``--mine`` looks through by default."""


def _nodes(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of nodes, not {text!r}") from None
    if not 100 <= value <= MAX_NODES:
        raise argparse.ArgumentTypeError(f"--nodes must be from 100 to {MAX_NODES:,}, not {value}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``puzzles`` with ``list``, ``play`` and ``stats``."""
    parser = subparsers.add_parser(
        "puzzles",
        help="puzzles from your games and the shipped sets: list, play, stats",
        description=(
            "Positions where a side had a forced win (VCF or VCT) or exactly one move that stops the "
            "opponent's, proven by the threat solver: from games (--from) or the shipped sets in data/puzzles/."
        ),
    )
    commands = parser.add_subparsers(title="puzzle commands", metavar="COMMAND")

    def sources(sub: argparse.ArgumentParser) -> None:
        sub.add_argument(
            "--from",
            dest="sources",
            metavar="GAME",
            nargs="+",
            help="games (.json, .sgf, .psq) or puzzle sets (.jsonl) to take puzzles from (default: the shipped sets)",
        )
        sub.add_argument(
            "--mine",
            metavar="N",
            type=int,
            nargs="?",
            const=MINE,
            help=f"also the N newest games of your games folder (default {MINE}; $GOMOKU_GAMES_DIR, else the app's)",
        )
        sub.add_argument(
            "--nodes", type=_nodes, default=NODES, help=f"threat nodes a solver call may spend (default {NODES:,})"
        )

    listing = commands.add_parser("list", help="the puzzles found, one a line")
    sources(listing)
    listing.set_defaults(func=run_list)
    play = commands.add_parser("play", help="play puzzles: type moves as x,y, or hint, solution, quit")
    play.add_argument(
        "number", metavar="N", nargs="?", type=int, help="the puzzle's number in the list (default: the next unsolved)"
    )
    sources(play)
    play.set_defaults(func=run_play)
    stats = commands.add_parser("stats", help="the streak and the puzzles solved")
    stats.set_defaults(func=run_stats)

    def usage(args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(func=usage)


def collect(paths: Sequence[str] | None, nodes: int = NODES) -> list[Puzzle]:
    """The puzzles of ``paths`` (games or sets), else of the shipped sets, each proven."""
    if not paths:
        return list(shipped(nodes))
    found: list[Puzzle] = []
    for path in paths:
        found.extend(from_file(path, nodes))
    return found


def _sources(args: argparse.Namespace) -> list[str] | None:
    """The files ``--from`` and ``--mine`` name (None: the shipped sets)."""
    paths = list(args.sources or [])
    if args.mine is not None:
        if args.mine < 1:
            raise PuzzleError(f"--mine takes a number of games of 1 or more, not {args.mine}")
        mine = own_games(args.mine)
        if not mine:
            raise PuzzleError(f"no games in {games_dir()} (set {GAMES_DIR_ENV} to your games' folder)")
        paths += [str(path) for path in mine]
    return paths or None


def run_list(args: argparse.Namespace) -> int:
    """Print the puzzles found, numbered from 1."""
    puzzles = collect(_sources(args), args.nodes)
    for number, puzzle in enumerate(puzzles, 1):
        print(f"{number}. {puzzle.describe()}")
    if not puzzles:
        print("no puzzles found")
    return 0


def run_stats(args: argparse.Namespace) -> int:
    """Print the record."""
    record = load_record()
    print(
        f"solved {record.solved_count} of {record.tried_count} tried; "
        f"streak {record.streak} (best {record.best_streak}); {record_path()}"
    )
    for ident, entry in sorted(record.puzzles.items()):
        state = "solved" if entry.get("solved") else "not solved"
        print(f"{ident}: {state}, {entry.get('tries', 0)} tries, {entry.get('hints', 0)} hints")
    return 0


def run_play(args: argparse.Namespace) -> int:
    """Play puzzle N, or the unsolved ones in turn, on stdin and stdout."""
    record = load_record()  # a broken record stops here, before any play
    puzzles = collect(_sources(args), args.nodes)
    if not puzzles:
        raise PuzzleError("no puzzles found")
    if args.number is not None:
        if not 1 <= args.number <= len(puzzles):
            raise PuzzleError(f"no puzzle {args.number}: expected a number from 1 to {len(puzzles)}")
        chosen = [puzzles[args.number - 1]]
    else:
        chosen = [p for p in puzzles if not record.puzzles.get(p.id, {}).get("solved")] or puzzles
    session(chosen, record, sys.stdin, sys.stdout, save=True)
    return 0


def _say(out: TextIO, text: str) -> None:
    out.write(text + "\n")
    out.flush()


def session(puzzles: Sequence[Puzzle], record: PuzzleRecord, inp: TextIO, out: TextIO, *, save: bool = False) -> None:
    """Play ``puzzles`` in turn: show the board, read a line at a time (a move
    ``x,y``, ``hint``, ``solution``, ``quit``), answer each in a line or two.
    Every finished puzzle (and one left after a wrong move or the solution) goes
    into ``record``, saved when ``save``. End of input ends the session."""
    for index, puzzle in enumerate(puzzles, 1):
        attempt = Attempt(puzzle)
        task = "find the win" if puzzle.kind == "win" else "find the only defence"
        _say(out, f"puzzle {index} of {len(puzzles)}: {puzzle.describe()}")
        _say(out, render(attempt.board))
        _say(out, f"{puzzle.side.name} to play: {task}")
        while not attempt.solved:
            out.write(PROMPT)
            out.flush()
            line = inp.readline()
            if not line:
                _say(out, "")
                _finish(attempt, record, save, out)
                return
            word = line.strip().lower()
            if not word:
                continue
            if word in ("quit", "q", "exit"):
                _finish(attempt, record, save, out)
                return
            if word == "hint":
                _say(out, attempt.hint())
                continue
            if word == "solution":
                _say(out, attempt.solution())
                continue
            try:
                move = parse_point(word, "move")
                if len(move) != puzzle.board.rules.dims:
                    raise RecordError(f"move {word!r}: expected {puzzle.board.rules.dims} coordinates")
                outcome = attempt.play(move)
            except (RecordError, BoardError) as exc:
                _say(out, f"error: {exc}; type a move as x,y, or hint, solution, quit")
                continue
            if not outcome.correct:
                _say(out, f"wrong: {outcome.text}; try again")
                continue
            _say(out, f"right: {outcome.text}")
            if not outcome.solved:
                _say(out, render(attempt.board))
        _finish(attempt, record, save, out)


def _finish(attempt: Attempt, record: PuzzleRecord, save: bool, out: TextIO) -> None:
    """Put the attempt in the record when it counts: solved, or given up after a
    wrong move or the solution (a puzzle only looked at is left out)."""
    if not attempt.record(record):
        return
    if attempt.solved:
        how = "solved" if attempt.clean else "finished (not counted: a wrong move or the solution shown)"
        _say(out, f"{how}; streak {record.streak} (best {record.best_streak})")
    if save:
        save_record(record)
