"""The weight map: the fast map against the direct scan of the spec, on a
60-stone and a 200-stone position; single cells; the greedy bot."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

from bench.positions import quiet_game
from gomoku.attacks import WeightTable, cell_weight, default_table, explain, greedy_move, weight_map, weight_map_direct


def seconds_per_call(action: Callable[[], object], budget: float) -> float:
    """The best of three timed batches, each about ``budget / 3`` seconds long."""
    start = time.perf_counter()
    action()
    once = max(time.perf_counter() - start, 1e-6)
    batch = max(1, int(budget / 3 / once))
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(batch):
            action()
        best = min(best, (time.perf_counter() - start) / batch)
    return best


def run(quick: bool) -> Iterator[dict]:
    budget = 0.05 if quick else 3.0
    for stones in (60, 200):
        board = quiet_game(stones)
        candidates = len(board.candidates(2))
        assert weight_map(board) == weight_map_direct(board)
        cold_table = WeightTable(default_table().rows)  # a fresh table: no pattern seen yet
        start = time.perf_counter()
        weight_map(board, cold_table)
        cold = time.perf_counter() - start
        fast = seconds_per_call(lambda board=board: weight_map(board), budget)
        direct = seconds_per_call(lambda board=board: weight_map_direct(board), budget)
        note = f"{stones} stones, {candidates} candidates"
        yield {"name": f"weights.fast.{stones}", "value": round(fast * 1e3, 3), "unit": f"ms per weight map ({note})"}
        yield {
            "name": f"weights.fast_cold.{stones}",
            "value": round(cold * 1e3, 3),
            "unit": f"ms for the first map with an empty pattern cache ({note})",
        }
        yield {
            "name": f"weights.direct.{stones}",
            "value": round(direct * 1e3, 3),
            "unit": f"ms per weight map by the direct scan ({note})",
        }
        yield {
            "name": f"weights.speedup.{stones}",
            "value": round(direct / fast, 1),
            "unit": "x (direct time / fast time; the goal is >= 10)",
        }
    board = quiet_game(200)
    cells = board.candidates(2)[:50]
    single = seconds_per_call(lambda: [cell_weight(board, p) for p in cells], budget) / len(cells)
    yield {"name": "weights.cell_weight", "value": round(single * 1e6, 1), "unit": "us per cell (200 stones)"}
    breakdown = seconds_per_call(lambda: [explain(board, p) for p in cells[:10]], budget) / 10
    yield {"name": "weights.explain", "value": round(breakdown * 1e6, 1), "unit": "us per explained cell (200 stones)"}
    rng = random.Random(1)
    greedy = seconds_per_call(lambda: greedy_move(board, rng), budget)
    yield {"name": "weights.greedy_move", "value": round(greedy * 1e3, 3), "unit": "ms per greedy move (200 stones)"}
