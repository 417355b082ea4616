"""``gomoku weights`` and ``gomoku explain``: the attack weights of a position, and why.

``weights`` prints a grid of the candidate cells' weights for the side to move
(or, with ``--matrix``, the threat-space score of every empty cell of a
region); with no position, the weight table itself (``--table``: default, tuned).
``explain`` breaks one cell's weight down by stone and line.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from functools import partial
from typing import Any

from gomoku.attacks import (
    CellExplanation,
    LineScan,
    WeightTable,
    default_table,
    explain,
    greedy_move,
    load_weights,
    weight_map,
)
from gomoku.attacks.matrix import Region, clip_region, default_region, threat_space
from gomoku.attacks.weights import TABLES, named_table
from gomoku.attacks.words import format_weight
from gomoku.board import Board, Point, Rules, Stone, format_point
from gomoku.commands.arguments import POSITION_HELP, RULES_HELP
from gomoku.records import parse_point, read_position

__all__ = [
    "MAX_GRID",
    "CANDIDATE_MARGIN",
    "AXES",
    "register",
    "parse_region",
    "run_weights",
    "render_grid",
    "run_explain",
    "render_explanation",
    "render_table",
]

MAX_GRID = 60
"""The widest grid (cells a side) printed as text; JSON has no limit."""

CANDIDATE_MARGIN = 2
"""Candidates lie within this distance of a stone: the default view of ``weights``."""

AXES = "xyzw"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``weights`` and ``explain``."""
    table_help = "a weight table (JSON, like data/weights.json) instead of the attack scanner's own"
    name_help = (
        f"the weight table by name: {', '.join(TABLES)} (tuned by play: gomoku tune), or a JSON file "
        "(default: the default table)"
    )

    weights = subparsers.add_parser(
        "weights",
        help="the attack weight of every candidate cell",
        description=(
            "Print the cell weight of every candidate (an empty cell within 2 of a stone) for the side "
            "to move, as a grid (x to the right, y downwards; under gravity y upwards, as `gomoku show` "
            "and the app draw it, and only the cells a stone can be played on) or JSON. With --matrix, "
            "the threat-space score of every empty cell of the region instead (T-transpose times the "
            "window scores). With no POSITION, the weight table itself (--table), each weight that "
            "differs from the default table followed by the default's in brackets."
        ),
    )
    weights.add_argument("position", metavar="POSITION", nargs="?", help=POSITION_HELP + " (none: the table)")
    weights.add_argument(
        "--json", action="store_true", help='print {"to_move": .., "cells": [{"x", "y", "weight"}, ...]}'
    )
    weights.add_argument("--region", metavar="x0,y0,x1,y1", help="only the cells of this box (corners inclusive)")
    weights.add_argument(
        "--matrix", action="store_true", help="the threat-space matrix score instead of the cell weight"
    )
    weights.add_argument("--rules", metavar="RULES", help=RULES_HELP)
    weights.add_argument("--weights", metavar="FILE", dest="table", help=table_help)
    weights.add_argument("--table", metavar="NAME", dest="table_name", help=name_help)
    weights.set_defaults(func=run_weights)

    cell = subparsers.add_parser(
        "explain",
        help="why a cell weighs what it does",
        description=(
            "Break down the weight of one empty cell: for X and for O, each line's attacks "
            "[power:potential/divider] with their weights, the breakpoints, the fork and finishing "
            "bonuses, and the total."
        ),
    )
    cell.add_argument("position", metavar="POSITION", help=POSITION_HELP)
    cell.add_argument("cell", metavar="x,y", help="the empty cell to explain")
    cell.add_argument("--json", action="store_true", help="print the breakdown as JSON")
    cell.add_argument("--rules", metavar="RULES", help=RULES_HELP)
    cell.add_argument("--weights", metavar="FILE", dest="table", help=table_help)
    cell.add_argument("--table", metavar="NAME", dest="table_name", help=name_help)
    cell.set_defaults(func=run_explain)


# -- arguments ----------------------------------------------------------------------
def _board(args: argparse.Namespace) -> Board:
    return read_position(args.position, Rules.parse(args.rules) if args.rules else None)


def _table(args: argparse.Namespace) -> WeightTable:
    if args.table and args.table_name:
        raise ValueError("--weights FILE and --table NAME: give one table")
    if args.table_name:
        return named_table(args.table_name)
    return load_weights(args.table) if args.table else default_table()


def parse_region(text: str, dims: int = 2) -> Region:
    """``"x0,y0,x1,y1"`` as the box ((x0, y0), (x1, y1)), corners in any order.

    >>> parse_region("3,-2,-1,4")
    ((-1, -2), (3, 4))
    """
    try:
        numbers = [int(part) for part in text.split(",")]
    except ValueError:
        numbers = []
    if len(numbers) != 2 * dims:
        names = ",".join(f"{a}0" for a in AXES[:dims]) + "," + ",".join(f"{a}1" for a in AXES[:dims])
        raise ValueError(f"--region {text!r}: expected {names} ({2 * dims} integers)")
    a, b = numbers[:dims], numbers[dims:]
    return tuple(min(p, q) for p, q in zip(a, b)), tuple(max(p, q) for p, q in zip(a, b))


def _view(board: Board) -> Region:
    """The candidates' box; when the stones spread wider than a grid can show,
    the part of it around the last move."""
    low, high = default_region(board, CANDIDATE_MARGIN)
    if all(b - a < MAX_GRID for a, b in zip(low, high)):
        return low, high
    focus = board.last_move or min(board.stones)
    low = tuple(max(a, f - MAX_GRID // 2) for a, f in zip(low, focus))
    high = tuple(min(b, a + MAX_GRID - 1) for a, b in zip(low, high))
    return low, high


def _inside(point: Point, region: Region) -> bool:
    return all(a <= c <= b for a, c, b in zip(region[0], point, region[1]))


# -- weights ---------------------------------------------------------------------------
def run_weights(args: argparse.Namespace) -> int:
    """Print the weights (or matrix scores) of a position, or with none the table."""
    table = _table(args)
    if args.position is None:
        if args.matrix or args.region or args.rules:
            raise ValueError("--matrix, --region and --rules need a POSITION; with none, the table is printed")
        print(json.dumps(table.to_dict()) if args.json else render_table(table))
        return 0
    board = _board(args)
    region = clip_region(board.rules, parse_region(args.region, board.rules.dims)) if args.region else None
    if args.matrix:
        space = threat_space(board, region)
        region = space.region
        values = space.score_map()
        key = "score"
    else:
        values = weight_map(board, table)
        if region is None:
            region = _view(board)
        else:
            values = {p: w for p, w in values.items() if _inside(p, region)}
        key = "weight"
    if args.json:
        cells = [{**{AXES[i]: c for i, c in enumerate(p)}, key: w} for p, w in values.items()]
        data: dict[str, Any] = {"to_move": board.turn.name, "cells": cells}
        if args.matrix:
            data["region"] = [list(region[0]), list(region[1])]
        print(json.dumps(data))
        return 0
    print(render_grid(board, values, region))
    if values and not board.is_over and not args.matrix:
        best = greedy_move(board, table=table)
        print(
            f"{board.turn.name} to move; the greatest weight: {format_point(best)} "
            f"({format_weight(values.get(best, 0.0))})"
            if best in values
            else f"{board.turn.name} to move; the greatest weight is outside the region"
        )
    elif args.matrix:
        print(
            f"{board.turn.name} to move; threat-space scores of region "
            f"{format_point(region[0])} to {format_point(region[1])}"
        )
    else:
        print(f"the game is over ({board.result})" if board.is_over else f"{board.turn.name} to move")
    return 0


def render_table(table: WeightTable, default: WeightTable | None = None) -> str:
    """The table as text: power by potential, then the bonuses; a weight that
    differs from ``default``'s (the default table unless given) has the default's in brackets.

    >>> print(render_table(default_table()))
    weight table seed-002
    power \\ potential  0      1      2
    1                  -      0.1    0.25
    2                  -      2      5
    3                  -      4      7
    4                  -      6      100
    5 (and more)       200    200    200
    fork bonus 100, finishing bonus 100
    """
    default = default or default_table()

    def cell(value: float | None, was: float | None) -> str:
        text = "-" if value is None else f"{value:g}"
        return text if value == was or was is None else f"{text} ({was:g})"

    rows = [["power \\ potential", "0", "1", "2"]]
    for power in range(1, 6):
        label = "5 (and more)" if power == 5 else str(power)
        rows.append([label, *(cell(w, s) for w, s in zip(table.rows[power], default.rows[power]))])
    widths = [max(len(row[i]) for row in rows) + 2 for i in range(4)]
    lines = [f"weight table {table.name}"]
    lines += ["".join(text.ljust(width) for text, width in zip(row, widths)).rstrip() for row in rows]
    lines.append(
        f"fork bonus {cell(table.fork_bonus, default.fork_bonus)}, "
        f"finishing bonus {cell(table.finish_bonus, default.finish_bonus)}"
    )
    return "\n".join(lines)


def render_grid(board: Board, values: Mapping[Point, float], region: Region) -> str:
    """The region as text: stones as X and O, a value in each valued cell, ``.`` elsewhere;
    under gravity the lowest y at the bottom, as ``gomoku show`` draws it."""
    if board.rules.dims != 2:
        raise ValueError("the weight grid is drawn for 2-D boards only: use --json")
    (x0, y0), (x1, y1) = region
    if x1 - x0 + 1 > MAX_GRID or y1 - y0 + 1 > MAX_GRID:
        raise ValueError(
            f"region {x0},{y0} to {x1},{y1} is {x1 - x0 + 1} x {y1 - y0 + 1} cells; the grid shows at most "
            f"{MAX_GRID} a side: give a smaller --region, or --json"
        )
    width = max(6, len(str(x0)) + 2, len(str(x1)) + 2)
    label = max(len(str(y0)), len(str(y1)))
    lines = [" " * label + "".join(str(x).rjust(width) for x in range(x0, x1 + 1))]
    rows = range(y0, y1 + 1)
    for y in reversed(rows) if board.rules.gravity else rows:
        row = str(y).rjust(label)
        for x in range(x0, x1 + 1):
            stone = board.stones.get((x, y))
            if stone is not None:
                text = stone.name
            elif (x, y) in values:
                text = format_weight(values[(x, y)], 5)  # a column is 6 or more wide
            else:
                text = "." if board.rules.contains((x, y)) else ""
            row += text.rjust(width)
        lines.append(row.rstrip())
    return "\n".join(lines)


# -- explain ------------------------------------------------------------------------------
def run_explain(args: argparse.Namespace) -> int:
    """Print the breakdown of one cell's weight."""
    board = _board(args)
    point = parse_point(args.cell, "cell")
    explanation = explain(board, point, _table(args))
    if args.json:
        print(json.dumps(explanation.to_dict()))
    else:
        print(render_explanation(explanation, board.rules.k))
    return 0


_exact = partial(format_weight, exact=True)
"""``format_weight``'s exact form, every decimal shown: the breakdown's parts add up."""


def render_explanation(explanation: CellExplanation, k: int = 5) -> str:
    """The breakdown as text: a header, then per stone its total and one row per line."""
    out = [
        f"cell {format_point(explanation.point)}, {explanation.to_move.name} to move: "
        f"weight {_exact(explanation.weight)} (X {_exact(explanation.stones[Stone.X].weight)} "
        f"+ O {_exact(explanation.stones[Stone.O].weight)})"
    ]
    for stone in (Stone.X, Stone.O):
        part = explanation.stones[stone]
        bonuses = []
        if part.fork_bonus:
            bonuses.append(f"fork +{_exact(part.fork_bonus)}")
        if part.finish_bonus:
            bonuses.append(f"finishing +{_exact(part.finish_bonus)}")
        extra = f"; {', '.join(bonuses)}" if bonuses else ""
        out.append(f"{stone.name}: {_exact(part.weight)} ({part.breakpoints} breakpoint line(s){extra})")
        for line in part.lines:
            out.append("  " + _line_text(line, k))
    return "\n".join(out)


def _line_text(line: LineScan, k: int) -> str:
    direction = "(" + ",".join(str(c) for c in line.direction) + ")"
    marks = []
    if line.five:
        marks.append("five")
    if line.breakpoint:
        marks.append("breakpoint")
    head = f"{direction:<9} attackplace {line.attackplace:>2}  {_exact(line.weight):>7}"
    if not line.attacks:
        detail = "no room for five" if line.attackplace < k else "no attack"
    else:
        detail = "  ".join(f"{a}{'*' if a.central else ''}={_exact(a.weight)}" for a in line.attacks)
    return f"{head}  {detail}" + (f"  [{', '.join(marks)}]" if marks else "")
