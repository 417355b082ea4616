"""The board's hot path: push + win check + pop, and loading the shared positions."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

from bench.positions import quiet_game
from gomoku.board import Board, Stone
from gomoku.records import board_from_position

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


def _rate(action, seconds: float) -> float:
    """Operations per second of ``action()`` (which returns how many it did)."""
    done = 0
    start = time.perf_counter()
    while True:
        done += action()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def run(quick: bool) -> Iterator[dict]:
    seconds = 0.05 if quick else 2.0
    moves = list(quiet_game(200).move_stack)
    board = Board()

    def replay() -> int:
        for move in moves:
            board.push(move)
        for _ in moves:
            board.pop()
        return len(moves)

    yield {
        "name": "board.push_pop_rate",
        "value": round(_rate(replay, seconds)),
        "unit": "push+win-check+pop per second (a 200-move game, replayed and taken back)",
    }

    for move in moves:
        board.push(move)
    cells = board.candidates(2)

    def probe() -> int:
        for cell in cells:
            board.push(cell)
            board.pop()
        return len(cells)

    yield {
        "name": "board.probe_rate",
        "value": round(_rate(probe, seconds)),
        "unit": f"push+win-check+pop per second of each of {len(cells)} candidates after 200 moves",
    }

    def candidates() -> int:
        board.candidates(2)
        return 1

    yield {
        "name": "board.candidates_rate",
        "value": round(_rate(candidates, seconds)),
        "unit": "candidates(radius=2) calls per second on the 200-stone position",
    }

    files = [SHARED / "puzzles" / "vcf.jsonl", SHARED / "openings" / "openings.jsonl"]
    if all(f.exists() for f in files):
        good = total = 0
        start = time.perf_counter()
        for path in files:
            for line in path.read_text().splitlines():
                entry = json.loads(line)
                total += 1
                loaded = board_from_position(entry["stones"], entry["to_move"])
                if loaded.turn.name == entry["to_move"] and all(
                    loaded.stones_of(s) == sorted(tuple(p) for p in entry["stones"].get(s.name, [])) for s in Stone
                ):
                    good += 1
        elapsed = time.perf_counter() - start
        yield {
            "name": "records.shared_positions_loaded",
            "value": good,
            "unit": f"of {total} shared puzzles and openings load with the right stones and side to move",
        }
        yield {
            "name": "records.position_load_time",
            "value": round(elapsed / total * 1e6, 1),
            "unit": "microseconds per position JSON entry",
        }
