"""The threat-space matrix: building T, B and A = T B, and the per-cell scores, for a whole region."""

from __future__ import annotations

import time
from collections.abc import Iterator

from bench.bench_weights import seconds_per_call
from bench.positions import quiet_game
from gomoku.attacks.matrix import threat_space, window_matrix
from gomoku.board import Stone


def run(quick: bool) -> Iterator[dict]:
    budget = 0.05 if quick else 3.0
    for stones in (60, 200):
        board = quiet_game(stones)
        space = threat_space(board)
        windows, cells = space.T.shape
        note = f"{stones} stones, region {cells} cells, {windows} windows"
        window_matrix.cache_clear()
        start = time.perf_counter()
        threat_space(board)
        cold = time.perf_counter() - start
        build = seconds_per_call(lambda board=board: threat_space(board), budget)
        scores = seconds_per_call(lambda space=space: space.cell_scores(), budget)
        whole = seconds_per_call(lambda board=board: threat_space(board).score_map(), budget)
        fives = seconds_per_call(lambda space=space: (space.five_cells(Stone.X), space.five_cells(Stone.O)), budget)
        yield {
            "name": f"threatspace.build_cold.{stones}",
            "value": round(cold * 1e3, 3),
            "unit": f"ms to build T (new shape), B and A ({note})",
        }
        yield {
            "name": f"threatspace.build.{stones}",
            "value": round(build * 1e3, 3),
            "unit": f"ms to build B and A = T B with T cached ({note})",
        }
        yield {
            "name": f"threatspace.cell_scores.{stones}",
            "value": round(scores * 1e3, 3),
            "unit": f"ms for T^T times the window scores ({note})",
        }
        yield {
            "name": f"threatspace.score_map.{stones}",
            "value": round(whole * 1e3, 3),
            "unit": f"ms from board to every empty cell's score ({note})",
        }
        yield {
            "name": f"threatspace.five_cells.{stones}",
            "value": round(fives * 1e3, 3),
            "unit": f"ms to find every cell that makes five, both sides ({note})",
        }
