"""``gomoku review GAME``: every move of a game scored, classed and explained
(``gomoku.review``), as a table, as JSON (``--json``), as a graph (``--plot``)
and as an annotated SGF game (``--sgf``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gomoku.board import Board, Rules, Stone, format_point
from gomoku.commands.arguments import MAX_SECONDS, POSITION_HELP, RULES_HELP, nodes, seconds
from gomoku.commands.experiment import Bar
from gomoku.match.external import external_engine, unplayable_for_brain
from gomoku.records import GameRecord, load_game, read_position
from gomoku.records.sgf import sgf_root
from gomoku.review import BLUNDER, DEFAULT_NODES, GRADES, INACCURACY, MISTAKE, Review, review_game
from gomoku.review.plot import check_plot, write_plot
from gomoku.review.sgf import review_sgf

__all__ = ["register", "run", "game_of", "format_review", "check_sgf", "write_sgf"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``review``."""
    parser = subparsers.add_parser(
        "review",
        help="score, class and explain every move of a game",
        description=(
            "Review the game GAME: each position is judged (the engine's search and threat solver, or the "
            "perfect player on the small boards it solves), each move gets the mover's win chance before and "
            f"after it and a class by the drop: best, good, inaccuracy (a drop of {INACCURACY:.0%} or more), "
            f"mistake ({MISTAKE:.0%}), blunder ({BLUNDER:.0%}); with the better move and a reason. A progress "
            "bar on stderr while it runs. See docs/review.md."
        ),
    )
    parser.add_argument("game", metavar="GAME", help=POSITION_HELP)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--nodes",
        type=nodes,
        metavar="N",
        help=f"search N nodes a position (default {DEFAULT_NODES}: about a second a position on "
        "one core; the same review every run)",
    )
    budget.add_argument(
        "--time",
        type=seconds,
        metavar="SECONDS",
        help=f"search SECONDS a position instead, on every core, at most {MAX_SECONDS:.0f}: "
        "the review then depends on the machine and its load",
    )
    parser.add_argument("--json", action="store_true", help='print one JSON object: {"moves": [...], "summary": {...}}')
    parser.add_argument(
        "--plot", metavar="FILE", help="write the graph of X's chance: FILE.svg, or FILE.png (needs the plot extra)"
    )
    parser.add_argument(
        "--sgf",
        metavar="OUT",
        help="write the review as an annotated SGF game, OUT.sgf: each move's class, chances and reason "
        "as a comment, bad moves marked, the better line as a variation",
    )
    parser.add_argument(
        "--engine",
        metavar="PATH",
        help="judge by another program, a pbrain (Gomocup) brain: PATH, or PATH and its arguments in one "
        "string. Its move is each position's best move, and our engine's search values the position after "
        "it (docs/review.md)",
    )
    parser.add_argument(
        "--engine-time",
        type=seconds,
        default=1.0,
        metavar="SECONDS",
        help="the program's time a move (default 1)",
    )
    parser.add_argument("--rules", metavar="RULES", help=RULES_HELP)
    parser.set_defaults(func=run)


def game_of(board: Board) -> tuple[list, dict, Stone | None]:
    """The moves of a loaded game, its set-up stones and the side that moved first
    (None when there are no set-up stones: X)."""
    moves = list(board.move_stack)
    if not moves:
        raise ValueError("no moves to review: the game is empty")
    first = None
    if board.setup:
        first = board.turn if len(moves) % 2 == 0 else board.turn.other
    return moves, dict(board.setup), first


def run(args: argparse.Namespace) -> int:
    """Review the game; errors are ValueErrors for the CLI to report."""
    board = read_position(args.game, Rules.parse(args.rules) if args.rules else None)
    moves, setup, first = game_of(board)
    if args.plot:
        check_plot(args.plot)
    if args.sgf:
        check_sgf(args.sgf, board)
    adviser = None
    if args.engine is not None:
        reason = unplayable_for_brain(board.rules)
        if reason:
            raise ValueError(f"--engine: {reason}")
        adviser = external_engine(args.engine)
    bar = Bar(sys.stderr, "review")
    try:
        review = review_game(
            moves,
            board.rules,
            time=args.time,
            nodes=args.nodes,
            on_progress=bar,
            setup=setup,
            first=first,
            adviser=adviser,
            advice_time=args.engine_time,
        )
    finally:
        if adviser is not None:
            adviser.close()
    if args.plot:
        write_plot(review, args.plot)
    if args.sgf:
        write_sgf(review, board, args.sgf, _metadata(args.game))
    if args.json:
        print(json.dumps(review.to_dict()))
    else:
        print(format_review(review))
    return 0


def check_sgf(path: str, board: Board) -> Path:
    """``path`` if the review's SGF can be written there (a .sgf file in a folder
    that exists) and the game fits SGF (a flat board without gravity, at most
    52 cells across); else a one-line ValueError, before the review starts."""
    out = Path(path)
    if out.suffix.lower() != ".sgf":
        raise ValueError(f"--sgf {path}: expected a .sgf file")
    if out.is_dir():
        raise ValueError(f"--sgf {path}: is a folder")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise ValueError(f"--sgf {path}: no folder {folder}")
    try:
        sgf_root(GameRecord.from_board(board))
    except ValueError as exc:
        raise ValueError(f"--sgf {path}: {exc}") from None
    return out


def write_sgf(review: Review, board: Board, path: str, metadata: dict | None = None) -> Path:
    """Write ``review`` of the game of ``board`` (its moves played) to ``path`` as
    annotated SGF (``gomoku.review.sgf``), with the game's ``metadata`` (players, event)."""
    record = GameRecord.from_board(board, metadata)
    root, coord = sgf_root(record)
    start = board.copy()
    while start.move_stack:
        start.pop()
    out = Path(path)
    out.write_text(review_sgf(review, root, coord, start), encoding="utf-8")
    return out


def _metadata(game: str) -> dict:
    """The metadata of a game file (players, date, event), {} for moves given as text."""
    try:
        return dict(load_game(game).metadata)
    except (ValueError, OSError):
        return {}


def format_review(review: Review) -> str:
    """The review as a table, a move a line, then the summary."""
    rows = [("#", "side", "move", "class", "chance", "better", "reason")]
    for m in review.moves:
        rows.append(
            (
                str(m.ply + 1),
                m.side.name,
                format_point(m.move),
                m.grade,
                m.chance_change,
                format_point(m.better) if m.better is not None else "",
                m.reason,
            )
        )
    widths = [max(len(row[k]) for row in rows) for k in range(6)]
    lines = ["  ".join(cell.ljust(widths[k]) if k < 6 else cell for k, cell in enumerate(row)).rstrip() for row in rows]
    summary = review.summary()
    lines.append("")
    for side in ("X", "O"):
        counts = summary["counts"][side]
        if not sum(counts.values()):
            continue
        parts = ", ".join(f"{g} {counts[g]}" for g in GRADES)
        lines.append(f"{side}: {parts}; accuracy {summary['accuracy'][side]}%")
    settings = summary["settings"]
    budget = f"{settings['nodes']} nodes" if settings["nodes"] else f"{settings['time']:g} s"
    judge = "the perfect player" if settings["judge"] == "perfect" else f"the engine, {budget} a position"
    if settings["judge"] == "program":
        judge = f"{settings['program']}'s moves ({settings['program_time']:g} s each), valued by {judge}"
    lines.append(f"result: {summary['result'] or 'unfinished'}; judged by {judge}; {summary['seconds']:.1f} s")
    return "\n".join(lines)
