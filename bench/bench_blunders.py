"""Issue 12's blunder suite: the 1 s ``strong`` hint on the 25 positions of
``../shared/data/puzzles/blunders.jsonl`` where this engine once lost a game to
a long forcing sequence, each move judged by the VCT prover.

- ``missed_win`` (the mover had a forced win): the move holds when the mover
  still wins. If it is a threat (a four, or an open three), every defender
  reply that matters (the blocks of the four; for a three, every cell where
  either side makes a four) must leave the mover a VCT the prover proves; if
  it is a quiet move, every candidate reply must.
- ``missed_defence`` (the opponent had a forced win): the move holds when the
  prover, given the same budget, proves no VCT for the opponent after it.

An unproven win counts as not held; an unknown verdict on a defence counts as
held (the opponent has no VCT *that the prover finds*), and is reported apart.
The judge is only as strong as the prover within its budget: in full, it is
also run on each position's labelled ``best`` move (which should hold) and
``played`` move (which should not), and those counts are printed beside.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from gomoku.board import Board, Rules
from gomoku.core.patterns import C_B4, C_F4, C_FIVE
from gomoku.engine import Engine
from gomoku.records import board_from_position
from gomoku.search.layout import Grid
from gomoku.search.threats import VCFSearch, VCTSearch
from gomoku.search.types import SearchAborted

BLUNDERS = Path(__file__).resolve().parents[2] / "shared" / "data" / "puzzles" / "blunders.jsonl"
NODES, SECONDS = 2_000_000, 10.0
"""The prover's budget for one judgement (the issue asks 60 s; this keeps the bench to minutes)."""
POSITION_SECONDS = 90.0
"""All the judgements of one missed win together (a quiet move has many replies)."""
TREE_NODES = 1 << 22
"""The proof tree's least capacity, twice the judge's nodes when more (28 bytes a node, touched only as used)."""


def has_vct(grid: Grid, attacker: int, nodes: int, seconds: float) -> int:
    """The prover's verdict for ``attacker`` (taken to be to move) on ``grid``:
    1 proven, 0 disproven, -1 unknown (the budget ran out first)."""
    search = VCTSearch(
        VCFSearch(grid, node_limit=nodes, deadline=time.perf_counter() + seconds), tree_nodes=max(TREE_NODES, 2 * nodes)
    )
    try:
        search.find(attacker)
    except SearchAborted:
        return -1
    return search.verdict


def replies(grid: Grid, mover: int) -> tuple[list[int], str]:
    """The defender's replies to judge after the mover's move (the defender to
    move on ``grid``), and what the move was: "four", "three" or "quiet"."""
    g, defender = grid.state, 3 - mover
    cells = grid.candidates()
    if g.count[mover, C_FIVE] > 0:
        return [i for i in cells if g.cls[mover, i] == C_FIVE], "four"
    if g.count[mover, C_F4] > 0:
        return [i for i in cells if g.cls[mover, i] <= C_B4 or g.cls[defender, i] <= C_B4], "three"
    # The most dangerous replies first: a refutation ends the judgement early.
    order = g.order
    return sorted(cells, key=lambda i: -(int(order[defender, i]) + int(order[mover, i]))), "quiet"


def still_wins(board: Board, move, nodes: int, seconds: float, total: float) -> tuple[bool, str]:
    """Whether ``move`` keeps the mover's forced win on ``board``, and how it was judged."""
    after = board.copy()
    after.play(move)
    if after.winner is not None:
        return after.winner == board.turn, "five"
    grid = Grid(after)
    mover, defender = 3 - grid.turn, grid.turn
    if grid.state.count[defender, C_FIVE] > 0:
        return False, "the defender makes five"
    cells, kind = replies(grid, mover)
    if kind == "quiet":
        # A defender's stone never helps the attacker: no VCT after a pass, none after any reply.
        grid.turn = mover
        verdict = has_vct(grid, mover, nodes, seconds)
        grid.turn = defender
        if verdict != 1:
            return False, "quiet, no VCT even if the defender passes"
    end = time.perf_counter() + total
    for n, cell in enumerate(cells):
        if time.perf_counter() > end:
            return False, f"{kind}: out of time after {n} of {len(cells)} replies"
        grid.push(cell)
        verdict = has_vct(grid, mover, nodes, seconds) if not grid.winner else 0
        grid.pop()
        if verdict != 1:
            return False, f"{kind}: reply {grid.point(cell)} {'unproven' if verdict < 0 else 'refutes'}"
    return True, f"{kind}: all {len(cells)} replies proven"


def stops_it(board: Board, move, nodes: int, seconds: float) -> tuple[bool, int]:
    """Whether after ``move`` the opponent has no VCT the prover proves (and its verdict)."""
    after = board.copy()
    after.play(move)
    if after.winner is not None:
        return after.winner == board.turn, 0
    grid = Grid(after)
    verdict = has_vct(grid, grid.turn, nodes, seconds)
    return verdict != 1, verdict


def judge(board: Board, kind: str, move, budget: tuple[int, float, float]) -> tuple[bool, str, int | None]:
    """Whether ``move`` holds on a blunder position of ``kind``, how it was judged,
    and for a defence the prover's verdict on the opponent's VCT."""
    nodes, seconds, total = budget
    if kind == "missed_win":
        ok, how = still_wins(board, move, nodes, seconds, total)
        return ok, how, None
    ok, verdict = stops_it(board, move, nodes, seconds)
    return ok, {1: "the opponent's VCT is proven", 0: "no VCT", -1: "unknown"}[verdict], verdict


def suite(quick: bool, seconds: float | None = None, check_judge: bool = True) -> Iterator[dict]:
    """The hint on every blunder position, each move judged; in full, the judge
    itself checked on the labelled moves (``best`` should hold, ``played`` not).
    ``seconds`` sets the judge's time (a judgement, and all of a missed win's
    together), its nodes in proportion."""
    if not BLUNDERS.exists():
        yield {"name": "blunders.held", "value": None, "unit": "skipped: no shared blunder file"}
        return
    lines = [json.loads(line) for line in BLUNDERS.read_text().splitlines() if line.strip()]
    budget, hint_time = (NODES, SECONDS, POSITION_SECONDS), 1.0
    if seconds is not None:
        budget = (int(NODES / SECONDS * seconds), seconds, max(seconds, POSITION_SECONDS))
    if quick:
        lines, budget, hint_time = lines[:3], (50_000, 0.5, 2.0), 0.1
    check_judge = check_judge and not quick
    rules = Rules.preset("gomocup20")
    held = {"missed_win": 0, "missed_defence": 0}
    count = {"missed_win": 0, "missed_defence": 0}
    failed, unknown, times = [], [], []
    check = {"best": [], "played": []}
    for puzzle in lines:
        board = board_from_position(puzzle["stones"], puzzle["to_move"], rules)
        start = time.perf_counter()
        move = Engine("strong").hint(board, time=hint_time).move
        times.append(time.perf_counter() - start)
        kind = puzzle["kind"]
        count[kind] += 1
        ok, how, verdict = judge(board, kind, move, budget)
        if verdict == -1:
            unknown.append(puzzle["id"])
        held[kind] += ok
        if not ok:
            failed.append(f"{puzzle['id']} {list(move)} ({how})")
        if check_judge:
            for label in check:
                if judge(board, kind, tuple(puzzle[label]), budget)[0]:
                    check[label].append(puzzle["id"])
    n = len(lines)
    nodes, seconds, _ = budget
    yield {
        "name": "blunders.held",
        "value": sum(held.values()),
        "unit": f"of {n} positions ({hint_time} s hints; target >= 20 of 25)",
    }
    for kind in held:
        yield {"name": f"blunders.held.{kind}", "value": held[kind], "unit": f"of {count[kind]}"}
    yield {"name": "blunders.not_held", "value": len(failed), "unit": "; ".join(failed) or "none"}
    yield {
        "name": "blunders.defence_unknown",
        "value": len(unknown),
        "unit": "counted held: the prover ran out of budget (" + (", ".join(unknown) or "none") + ")",
    }
    yield {"name": "blunders.median_hint_time", "value": round(statistics.median(times), 3), "unit": "s"}
    yield {"name": "blunders.judge_budget", "value": nodes, "unit": f"prover nodes a judgement ({seconds} s at most)"}
    if check_judge:
        yield {
            "name": "blunders.judge_check.best_held",
            "value": len(check["best"]),
            "unit": f"of {n}: the labelled best move judged held (ideally all)",
        }
        yield {
            "name": "blunders.judge_check.played_held",
            "value": len(check["played"]),
            "unit": f"of {n}: the labelled losing move judged held (ideally none: the judge's blind spots): "
            + (", ".join(check["played"]) or "none"),
        }


def run(quick: bool) -> Iterator[dict]:
    """The blunder suite (three positions and a small prover budget with ``quick``)."""
    yield from suite(quick)


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.bench_blunders --seconds 60 --no-check``: the suite with
    the judge's budget the issue names (about 5 minutes on this machine)."""
    parser = argparse.ArgumentParser(prog="python -m bench.bench_blunders", description=main.__doc__)
    parser.add_argument(
        "--seconds", type=float, default=SECONDS, help=f"the judge's time a judgement (default {SECONDS:g})"
    )
    parser.add_argument("--no-check", action="store_true", help="do not judge the labelled best and played moves")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    for figure in suite(False, args.seconds, not args.no_check):
        print(json.dumps(figure), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
