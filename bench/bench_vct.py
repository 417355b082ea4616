"""The VCT puzzles of ``data/puzzles/vct-selfplay.jsonl`` (positions from real
games where the side to move wins by fours and threes, not by fours alone):
the prover's solve rate and median time at 0.1 s and at 1 s a puzzle.

The prover is ``gomoku.search.threats.VCTSearch``, as the search uses it: a puzzle is
solved when it proves a win within the time (an unsolved one counts its whole
time in the median).
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

from gomoku.board import Board, Rules
from gomoku.records import board_from_position
from gomoku.search.layout import Grid
from gomoku.search.threats import VCFSearch, VCTSearch
from gomoku.search.types import SearchAborted

PUZZLES = Path(__file__).resolve().parents[1] / "data" / "puzzles" / "vct-selfplay.jsonl"


def load(path: Path | None = None) -> list[dict]:
    """The puzzles of a JSON Lines file."""
    return [json.loads(line) for line in (path or PUZZLES).read_text().splitlines() if line.strip()]


def board_of(puzzle: dict) -> Board:
    """A puzzle's position under its own rules."""
    return board_from_position(puzzle["stones"], puzzle["to_move"], Rules.preset(puzzle["rules"]))


def prove(board: Board, seconds: float) -> tuple[bool, float]:
    """Whether the prover proves the side to move's VCT within ``seconds``, and the time it took."""
    start = time.perf_counter()
    grid = Grid(board)
    search = VCTSearch(VCFSearch(grid, deadline=start + seconds))
    try:
        line = search.find(grid.turn)
    except SearchAborted:
        line = None
    return line is not None, time.perf_counter() - start


def run(quick: bool) -> Iterator[dict]:
    """The solve rate and median time at 0.1 s and 1 s (a sample of three with ``quick``)."""
    if not PUZZLES.exists():
        yield {"name": "vct.puzzles", "value": None, "unit": "skipped: no data/puzzles/vct-selfplay.jsonl"}
        return
    puzzles = load()
    if quick:
        puzzles = puzzles[:: max(1, len(puzzles) // 3)][:3]
    for seconds in (0.1, 1.0):
        results = [prove(board_of(p), seconds) for p in puzzles]
        solved = sum(ok for ok, _ in results)
        missed = [p["id"] for p, (ok, _) in zip(puzzles, results) if not ok]
        name = f"vct.puzzles_{seconds:g}s"
        yield {"name": f"{name}.rate", "value": round(100 * solved / len(puzzles), 1), "unit": f"% of {len(puzzles)}"}
        yield {"name": f"{name}.median_time", "value": round(statistics.median(t for _, t in results), 4), "unit": "s"}
        yield {"name": f"{name}.missed", "value": len(missed), "unit": ", ".join(missed[:20]) or "none"}
