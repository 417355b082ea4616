"""Renju's forbidden-point detector: a judged cell (the Python reference and the numba
kernel, called from Python) and a whole position's forbidden cells; and the search under
renju: its nodes per second against freestyle's on the same middle games (``speed``)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from bench.positions import SPEED_POSITIONS
from bench.renju_reference import RENJU, positions
from gomoku.board import Board, Rules, Stone
from gomoku.board.renju import forbidden, forbidden_points, threatened_cells
from gomoku.board.renju_kernel import forbidden_code, grid_of
from gomoku.engine import Engine
from gomoku.search.types import Limit
from gomoku.search.warmup import ensure_loaded


def run(quick: bool) -> Iterator[dict]:
    cases = positions(5 if quick else 200, seed=54)
    cells = [(stones, point) for stones in cases for point in threatened_cells(stones, RENJU)]
    start = time.perf_counter()
    for stones, point in cells:
        forbidden(stones, point, RENJU)
    per_cell = (time.perf_counter() - start) / len(cells)
    grids = {id(stones): grid_of(stones, RENJU, (0, 0))[0] for stones in cases}
    forbidden_code(grids[id(cases[0])], 7, 7, 3)  # compiled or loaded before the clock
    start = time.perf_counter()
    for stones, (x, y) in cells:
        forbidden_code(grids[id(stones)], x, y, 3)
    per_kernel_cell = (time.perf_counter() - start) / len(cells)
    start = time.perf_counter()
    found = sum(len(forbidden_points(stones, RENJU)) for stones in cases)
    per_position = (time.perf_counter() - start) / len(cases)
    yield {"name": "renju.cell", "value": round(per_cell * 1e6, 1), "unit": "us", "cells": len(cells)}
    yield {"name": "renju.kernel_cell", "value": round(per_kernel_cell * 1e6, 2), "unit": "us", "cells": len(cells)}
    yield {
        "name": "renju.position",
        "value": round(per_position * 1e3, 2),
        "unit": "ms",
        "positions": len(cases),
        "forbidden": found,
    }
    yield from speed(quick)


SEARCH_NODES = 200_000
"""Nodes a search of the speed comparison is given (a tenth with ``--quick``)."""


def middle_game(name: str, rules: str, turn: Stone) -> Board:
    """One of the shared middle games (``bench.positions.SPEED_POSITIONS``, 20x20) moved into
    15x15 and set up as it stands (under renju some of its black moves would be forbidden
    as played), with ``turn`` to move."""
    moves = [tuple(int(v) for v in move.split(",")) for move in SPEED_POSITIONS[name].split()]
    xs, ys = [x for x, _ in moves], [y for _, y in moves]
    dx, dy = 7 - (min(xs) + max(xs)) // 2, 7 - (min(ys) + max(ys)) // 2
    board = Board(Rules.preset(rules))
    board.set_up({(x + dx, y + dy): Stone.X if j % 2 == 0 else Stone.O for j, (x, y) in enumerate(moves)}, turn)
    return board


def nodes_per_second(board: Board, level: str, nodes: int) -> tuple[float, int]:
    """One search of ``nodes`` nodes (one thread): its nodes per second and nodes."""
    engine = Engine(level)
    engine.threads = 1
    start = time.perf_counter()
    last = None
    for info in engine.analyse(board, Limit(nodes=nodes)):
        last = info
    elapsed = time.perf_counter() - start
    searched = last.nodes if last is not None else 0
    return searched / elapsed, searched


def speed(quick: bool) -> Iterator[dict]:
    """Nodes per second under renju against freestyle (15x15, five or more: ``gomocup15``)
    on the same middle games, each side to move, the hand-set evaluation under both
    (renju's tables read 5 cells each side, which the networks were not trained on)."""
    ensure_loaded(True)
    nodes = SEARCH_NODES // 10 if quick else SEARCH_NODES
    names = ["P3"] if quick else list(SPEED_POSITIONS)
    totals = {"gomocup15": [0.0, 0], "renju": [0.0, 0]}
    rows = []
    for name in names:
        for turn in (Stone.X, Stone.O):
            row = {}
            for rules in totals:
                nps, searched = nodes_per_second(middle_game(name, rules, turn), "strong:classic", nodes)
                totals[rules][0] += searched / nps
                totals[rules][1] += searched
                row[rules] = round(nps)
            rows.append(f"{name}{turn.name}: {row['renju']}/{row['gomocup15']}")
    free = totals["gomocup15"][1] / totals["gomocup15"][0]
    renju = totals["renju"][1] / totals["renju"][0]
    yield {"name": "renju.search_nps", "value": round(renju), "unit": "nodes/s", "positions": len(rows)}
    yield {"name": "renju.freestyle_nps", "value": round(free), "unit": "nodes/s", "positions": len(rows)}
    yield {"name": "renju.speed_ratio", "value": round(renju / free, 3), "unit": "", "each": "; ".join(rows)}
