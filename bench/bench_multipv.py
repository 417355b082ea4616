"""What MultiPV costs (issue 33): the depth and nodes of a ``strong`` hint at 1 s,
one thread, with N = 1 (the single move the protocol and the levels play) and
N = 3 (the analysis board's candidates), on the middle games of
``bench.bench_engine.positions``; and whether N = 1 still searches exactly as
the default options do (the same nodes at a fixed depth: the single-move
search is untouched). The machine may be loaded: the timed figures are noisy.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator

from bench.bench_engine import positions
from gomoku.board import Rules
from gomoku.engine import Engine
from gomoku.search.params import SearchOptions
from gomoku.search.searcher import Searcher
from gomoku.search.types import Limit


def run(quick: bool) -> Iterator[dict]:
    seconds = 0.1 if quick else 1.0
    boards, source = positions(2 if quick else 12)
    Engine("strong").prepare(Rules.preset("gomocup20"))
    where = f"{len(boards)} middle games of {source}, {seconds} s, 1 thread"
    figures: dict[int, tuple[list[int], list[int]]] = {}
    for n in (1, 3):
        depths, nodes = [], []
        for board in boards:
            engine = Engine("strong")
            engine.threads = 1
            hint = engine.hint(board, time=seconds, multipv=n)
            depths.append(hint.depth)
            nodes.append(hint.nodes)
        figures[n] = (depths, nodes)
        yield {"name": f"multipv.depth_n{n}", "value": statistics.median(depths), "unit": f"plies (median; {where})"}
        yield {"name": f"multipv.depth_list_n{n}", "value": depths, "unit": "plies a position"}
        yield {
            "name": f"multipv.nodes_n{n}",
            "value": round(statistics.median(nodes)),
            "unit": f"nodes (median; {where})",
        }
    loss = [a - b for a, b in zip(figures[1][0], figures[3][0])]
    yield {
        "name": "multipv.depth_lost_n3",
        "value": statistics.median(loss),
        "unit": "plies (median of N=1 depth minus N=3 depth, position by position)",
    }
    same = 0
    for board in boards[:4]:
        one = list(Searcher().search(board, Limit(depth=5), options=SearchOptions(threads=1, multipv=1)))[-1]
        plain = list(Searcher().search(board, Limit(depth=5), options=SearchOptions(threads=1)))[-1]
        same += (one.nodes, one.pv) == (plain.nodes, plain.pv)
    yield {
        "name": "multipv.n1_unchanged",
        "value": f"{same}/{len(boards[:4])}",
        "unit": "positions where N=1 searches the same nodes and line as before, depth 5 (target: all)",
    }
