"""The search's figures: the VCF puzzle rate and times, nodes per second and depth
in 1 s on middle-game positions, the time limit's accuracy, and a short match
against the greedy bot."""

from __future__ import annotations

import json
import random
import resource
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

from gomoku.attacks import greedy_move
from gomoku.board import Board, Rules, Stone
from gomoku.engine import Engine
from gomoku.records import board_from_position

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
PUZZLES = SHARED / "puzzles" / "vcf.jsonl"
OPENINGS = SHARED / "openings" / "balanced20.json"
FAR = 10**15


def puzzle_board(puzzle: dict, offset: tuple[int, int], bounded: bool) -> Board:
    """A puzzle moved by ``offset``: on its own board size (edges and all), or endless."""
    size = puzzle["board_size"]
    ox, oy = offset
    rules = Rules(bounds=((ox, oy), (ox + size - 1, oy + size - 1)), name="puzzle") if bounded else Rules()
    stones = {s: [[x + ox, y + oy] for x, y in puzzle["stones"][s]] for s in ("X", "O")}
    return board_from_position(stones, puzzle["to_move"], rules)


def puzzles(quick: bool, bounded: bool, level: str = "strong", prefix: str = "search") -> Iterator[dict]:
    """The VCF puzzles through ``level``'s hint, 1 s each: rate, median and worst time
    (figures named ``prefix.vcf_puzzles...``)."""
    if not PUZZLES.exists():
        yield {"name": f"{prefix}.vcf_puzzles", "value": None, "unit": "skipped: no shared puzzle file"}
        return
    lines = [json.loads(line) for line in PUZZLES.read_text().splitlines() if line.strip()]
    if quick:
        lines = lines[::20]
    rng = random.Random(4)
    engine = Engine(level)
    solved = 0
    proven_elsewhere = 0
    times = []
    misses = []
    for puzzle in lines:
        offset = (rng.randint(-FAR, FAR), rng.randint(-FAR, FAR))
        board = puzzle_board(puzzle, offset, bounded)
        start = time.perf_counter()
        hint = engine.hint(board, time=1.0)
        times.append(time.perf_counter() - start)
        solutions = {(x + offset[0], y + offset[1]) for x, y in puzzle["solution"]}
        if hint.move in solutions:
            solved += 1
        else:
            misses.append(puzzle["id"])
            # On the endless board the edges are gone: another first move may win
            # too. Count it when its line, replayed, ends in the attacker's five.
            replay = board.copy()
            for p in hint.pv:
                replay.play(p)
            if replay.winner == board.turn:
                proven_elsewhere += 1
    where = "board" if bounded else "endless"
    name = f"{prefix}.vcf_puzzles.{where}"
    yield {"name": f"{name}.rate", "value": round(100 * solved / len(lines), 2), "unit": f"% of {len(lines)}"}
    yield {"name": f"{name}.median_time", "value": round(statistics.median(times), 4), "unit": "s"}
    yield {"name": f"{name}.worst_time", "value": round(max(times), 4), "unit": "s"}
    if misses:
        yield {"name": f"{name}.missed", "value": len(misses), "unit": ", ".join(misses[:12])}
        yield {
            "name": f"{name}.missed_but_won",
            "value": proven_elsewhere,
            "unit": "of the missed: another first move whose line, replayed, wins",
        }


def middle_games(count: int) -> list[Board]:
    """Quiet middle games: balanced openings, then greedy moves, stopped before any
    side has a four (so the search has something to think about)."""
    openings = json.loads(OPENINGS.read_text()) if OPENINGS.exists() else [[[10, 10], [11, 11], [9, 11]]]
    boards = []
    for opening in openings[:count]:
        board = Board(Rules.preset("gomocup20"), [tuple(p) for p in opening])
        for _ in range(14):
            move = greedy_move(board)
            board.push(move)
            if board.is_over:
                board.pop()
                break
        boards.append(board)
    return boards


def speed(quick: bool, level: str = "strong", prefix: str = "search") -> Iterator[dict]:
    """Nodes per second, depth reached and the time limit's accuracy, 1 s a position
    (0.2 s with ``quick``; ``level``'s search; figures named ``prefix.nps`` and so on)."""
    seconds = 0.2 if quick else 1.0
    depths, rates, overshoot = [], [], []
    for board in middle_games(2 if quick else 5):
        engine = Engine(level)
        infos = []
        start = time.perf_counter()
        engine.hint(board, time=seconds, on_info=infos.append)
        elapsed = time.perf_counter() - start
        overshoot.append(elapsed - seconds)
        last = infos[-1]
        depths.append(last.depth)
        rates.append(last.nps)
    yield {
        "name": f"{prefix}.nps",
        "value": round(statistics.mean(rates)),
        "unit": f"nodes/s ({level}, middle games, {seconds:g} s)",
    }
    yield {
        "name": f"{prefix}.depth_in_1s",
        "value": round(statistics.mean(depths), 2),
        "unit": f"plies (mean; {depths}; {seconds:g} s a position)",
    }
    yield {
        "name": f"{prefix}.time_overshoot",
        "value": round(1000 * max(overshoot), 1),
        "unit": f"ms over a {seconds:g} s limit (worst)",
    }


def match(quick: bool) -> Iterator[dict]:
    """A short match of ``strong`` against ``greedy``, both colours, 0.5 s a move (0.1 s with ``quick``)."""
    openings = json.loads(OPENINGS.read_text()) if OPENINGS.exists() else [[[10, 10], [11, 11], [9, 11]]]
    count = 1 if quick else 6
    seconds = 0.1 if quick else 0.5
    points = 0.0
    games = 0
    for opening in openings[:count]:
        for side in (Stone.X, Stone.O):
            board = Board(Rules.preset("gomocup20"), [tuple(p) for p in opening])
            engine = Engine("strong")
            while not board.is_over:
                if board.turn == side:
                    board.play(engine.hint(board, time=seconds).move)
                else:
                    board.play(greedy_move(board))
            points += 1.0 if board.winner == side else 0.5 if board.winner is None else 0.0
            games += 1
    yield {
        "name": "search.match_vs_greedy",
        "value": round(100 * points / games, 1),
        "unit": f"% of {games} games, {seconds:g} s/move",
    }


def run(quick: bool) -> Iterator[dict]:
    """Every figure of the search (a sample of the puzzles and fewer games with ``quick``)."""
    yield from puzzles(quick, bounded=True)
    if not quick:
        yield from puzzles(quick, bounded=False)
    yield from speed(quick)
    yield from match(quick)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    yield {"name": "search.peak_rss", "value": round(peak, 1), "unit": "MB (the whole benchmark process)"}
