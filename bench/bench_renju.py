"""Renju's forbidden-point detector: a judged cell (the Python reference and the numba
kernel, called from Python) and a whole position's forbidden cells."""

from __future__ import annotations

import time
from collections.abc import Iterator

from bench.renju_reference import RENJU, positions
from gomoku.board.renju import forbidden, forbidden_points, threatened_cells
from gomoku.board.renju_kernel import forbidden_code, grid_of


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
