"""``gomoku show POSITION``: the board as text with coordinate rulers, or as JSON."""

from __future__ import annotations

import argparse
import itertools
import json
import math
from typing import Any

from gomoku.board import Board, Point, Rules, Stone, format_point
from gomoku.commands.arguments import POSITION_HELP, RULES_HELP
from gomoku.records import position_to_dict, read_position, rules_to_dict

__all__ = [
    "MARGIN",
    "MAX_FULL",
    "MAX_VIEW",
    "MAX_LAYERS",
    "SYMBOLS",
    "register",
    "run",
    "board_summary",
    "view_box",
    "render",
    "status",
]

MARGIN = 2
"""Empty cells shown around the stones on the endless board."""

MAX_FULL = 30
"""A bounded board up to this wide is shown whole; a larger one around its stones."""

MAX_VIEW = 40
"""The most cells shown along one axis; a wider game is shown around its last move."""

MAX_LAYERS = 16
"""The most 2-D slices drawn of a board of more dimensions: past it, only the
slices that hold stones, and at most this many of them."""

SYMBOLS = {Stone.X: "X", Stone.O: "O", None: "."}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``show``."""
    parser = subparsers.add_parser(
        "show",
        help="print a position as text",
        description=(
            "Print the board of POSITION with coordinate rulers: x grows to the right, y downwards; "
            "under gravity (Connect Four) y grows upwards, the stones resting at the bottom, as the app "
            "draws it. The last move is in brackets, a winning line in lower case."
        ),
    )
    parser.add_argument(
        "position",
        metavar="POSITION",
        help=POSITION_HELP,
    )
    parser.add_argument("--json", action="store_true", help="print the position as JSON instead")
    parser.add_argument(
        "--rules",
        metavar="RULES",
        help=RULES_HELP,
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the position; errors are ValueErrors for the CLI to report."""
    rules = Rules.parse(args.rules) if args.rules else None
    board = read_position(args.position, rules)
    if args.json:
        print(json.dumps(board_summary(board)))
    else:
        print(render(board))
    return 0


def board_summary(board: Board) -> dict[str, Any]:
    """The position as JSON data: rules, moves, stones, side to move, result."""
    data = position_to_dict(board)
    data["rules"] = rules_to_dict(board.rules)
    data["moves"] = [list(p) for p in board.move_stack]
    if board.setup:
        data["setup"] = {
            s.name: [list(p) for p in sorted(q for q, t in board.setup.items() if t is s)] for s in (Stone.X, Stone.O)
        }
    data["result"] = board.result
    data["winning_line"] = [list(p) for p in board.winning_line]
    data["hash"] = f"{board.hash:016x}"
    return data


def view_box(board: Board) -> tuple[Point, Point]:
    """The cells to draw: the stones with a margin (clipped to the bounds), or a
    whole bounded board that is small enough."""
    rules = board.rules
    if rules.bounds is not None and all(b - a < MAX_FULL for a, b in zip(*rules.bounds)):
        return rules.bounds
    box = board.bounding_box()
    if box is None:
        centre = rules.centre()
        box = (centre, centre)
    # The margin goes on the first two axes; further axes show only their stones' layers.
    low = tuple(c - (MARGIN if i < 2 else 0) for i, c in enumerate(box[0]))
    high = tuple(c + (MARGIN if i < 2 else 0) for i, c in enumerate(box[1]))
    focus = board.last_move or (min(board.stones) if board.stones else box[0])
    low = tuple(max(a, f - MAX_VIEW // 2) for a, f in zip(low, focus))
    high = tuple(min(b, a + MAX_VIEW - 1) for a, b in zip(low, high))
    if rules.bounds is not None:
        low = tuple(max(a, c) for a, c in zip(rules.bounds[0], low))
        high = tuple(min(b, c) for b, c in zip(rules.bounds[1], high))
    return low, high


def render(board: Board) -> str:
    """The board as text: a ruler of x above, y down the left side; then who
    is to move or the result. A board of more dimensions is shown one 2-D
    slice at a time (the third and later coordinates fixed). A flat board
    under gravity is drawn as the app draws it, the lowest y at the bottom
    (its stones rest there): y grows upwards.

    >>> print(render(Board(moves=[(0, 0), (1, 0)])))
        -2 -1  0  1  2  3
    -2   .  .  .  .  .  .
    -1   .  .  .  .  .  .
     0   .  .  X [O] .  .
     1   .  .  .  .  .  .
     2   .  .  .  .  .  .
    X to move (move 3)
    >>> print(render(Board(Rules.parse("size=4x3,k=3,gravity"), moves=[(1, 0), (1, 1)])))
       0  1  2  3
    2  .  .  .  .
    1  . [O] .  .
    0  .  X  .  .
    X to move (move 3)
    """
    low, high = view_box(board)
    if board.rules.dims == 1:
        low, high = low + (0,), high + (0,)
    layers, left_out = _layers(board, low, high)
    xs = range(low[0], high[0] + 1)
    ys = range(low[1], high[1] + 1)
    if board.rules.gravity and board.rules.dims == 2:
        ys = ys[::-1]  # the stones rest at the bottom of the screen, as in the app
    width = max(2, *(len(str(c)) for c in (xs[0], xs[-1]))) + 1
    label = max(len(str(ys[0])), len(str(ys[-1])))
    winning = set(board.winning_line)
    last = board.last_move
    out: list[str] = []
    for layer in layers:
        if layer:
            out.append("layer " + ", ".join(f"x{i + 3}={c}" for i, c in enumerate(layer)) + ":")
        out.append(" " * label + "".join(str(x).rjust(width) for x in xs))
        for y in ys:
            row = str(y).rjust(label)
            close = False  # the last move's "]" takes the next cell's first space
            for x in xs:
                point: Point = (x, y) + layer if board.rules.dims != 1 else (x,)
                cell = _cell(board, point, width, point in winning)
                if close:
                    cell = "]" + cell[1:]
                close = point == last
                if close:
                    cell = cell[:-2] + "[" + cell[-1]
                row += cell
            out.append((row + "]" if close else row).rstrip())
    if left_out:
        out.append(left_out)
    box = board.bounding_box()
    if box is not None and any(a < lo or b > hi for a, b, lo, hi in zip(*box, low, high)):
        out.append(f"(stones lie beyond this view: they span {format_point(box[0])} to {format_point(box[1])})")
    out.append(status(board))
    return "\n".join(out)


def _layers(board: Board, low: Point, high: Point) -> tuple[list[tuple[int, ...]], str]:
    """The slices to draw (the coordinates past the second) and a line saying
    what is left out ("" if nothing). Every slice of the view if there are at
    most ``MAX_LAYERS``; else those that hold stones, at most ``MAX_LAYERS``.

    >>> board = Board(Rules(dims=4, name="freestyle4d"), moves=[(0, 0, 0, 0), (0, 0, 39, 39)])
    >>> _layers(board, (-2, -2, 0, 0), (2, 2, 39, 39))
    ([(0, 0), (39, 39)], '(1598 empty layers not shown)')
    """
    ranges = [range(a, b + 1) for a, b in zip(low[2:], high[2:])]
    total = math.prod(len(r) for r in ranges)
    if total <= MAX_LAYERS:
        return list(itertools.product(*ranges)), ""
    inside = (p[2:] for p in board.stones if all(a <= c <= b for a, b, c in zip(low[2:], high[2:], p[2:])))
    held = sorted(set(inside))
    shown = held[:MAX_LAYERS]
    note = f"({total - len(held)} empty layers not shown"
    if len(held) > len(shown):
        note += f"; {len(held) - len(shown)} more layers with stones: see --json"
    return shown, note + ")"


def _cell(board: Board, point: Point, width: int, winning: bool) -> str:
    if not board.rules.contains(point):
        return " " * width
    symbol = SYMBOLS[board.stones.get(point)]
    return (symbol.lower() if winning else symbol).rjust(width)


def status(board: Board) -> str:
    """One line: who is to move, or how the game ended."""
    if board.winner is not None:
        line = " ".join(format_point(p) for p in board.winning_line)
        return f"{board.winner.name} wins ({line})"
    if board.is_draw:
        return "draw: the board is full"
    return f"{board.turn.name} to move (move {len(board.stones) + 1})"
