"""Plain alpha-beta on the board itself, for the geometries the pattern grid
does not hold (tic-tac-toe, k other than 5, three or more dimensions, lines
other than the square's four).

>>> from gomoku.board import Board, Rules
>>> board = Board(Rules.preset("tictactoe"), moves=[(0, 0), (1, 0), (0, 1), (1, 1)])
>>> infos = list(PlainSearch(board, Limit(depth=2), None, 0.0).run())
>>> infos[-1].pv[0], infos[-1].forced_win
((0, 2), True)
"""

from __future__ import annotations

import itertools
import threading
import time as _time
from typing import Iterator

from gomoku.board import Board, Point
from gomoku.searchtypes import MAX_PLY, WIN, WIN_THRESHOLD, Limit, SearchAborted, SearchInfo


class PlainSearch:
    """Plain alpha-beta on the board itself, for rules the grid does not hold
    (tic-tac-toe, k other than 5, more dimensions): wins and losses only, no
    evaluation, moves that win or block first, iterative deepening."""

    def __init__(self, board: Board, limit: Limit, stop: threading.Event | None, start: float) -> None:
        self.board = board
        self.stop = stop
        self.start = start
        self.deadline = start + limit.time if limit.time is not None else None
        self.node_limit = limit.nodes
        self.max_depth = limit.depth if limit.depth is not None else MAX_PLY
        self.nodes = 0
        self.leaf_vcf_nodes = 0
        self.cutoffs = 0
        self.partial: tuple[int, list[int]] | None = None

    def _check(self) -> None:
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchAborted
        # Every node: a node here (candidates and win checks on the board) costs
        # far more than a look at the clock, and 64 of them can take 100 ms.
        if self.deadline is not None and _time.perf_counter() >= self.deadline:
            raise SearchAborted
        if self.stop is not None and self.stop.is_set():
            raise SearchAborted

    def _moves(self) -> list[Point]:
        board = self.board
        # A line's next cell may be more than one away (a knight's line steps by 2):
        # the candidates reach at least that far, or a five there goes unseen.
        step = max((abs(c) for d in board.rules.directions for c in d), default=1)
        radius = max(step, 1 if board.rules.bounds is None else 2)
        moves = board.candidates(radius)
        if board.rules.bounds is not None and board.rules.area is not None and board.rules.area <= 4096:
            low, high = board.rules.bounds
            everything = _all_points(low, high)
            moves = [p for p in everything if p not in board.stones and board.rules.rests(p, board.stones)] \
                if len(board.stones) < 3 else moves
        me, them = board.turn, board.turn.other
        wins = [p for p in moves if board.five_through(p, me)]
        blocks = [p for p in moves if board.five_through(p, them)]
        rest = [p for p in moves if p not in wins and p not in blocks]
        return wins + blocks + rest

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> tuple[int, list[Point]]:
        self.nodes += 1
        self._check()
        board = self.board
        if board.winner is not None:
            return -(WIN - ply), []
        if board.is_full:
            return 0, []
        if depth <= 0:
            return 0, []
        best, line = -WIN - 1, []
        for p in self._moves():
            board.push(p)
            try:
                score, sub = self._negamax(depth - 1, -beta, -alpha, ply + 1)
            finally:
                board.pop()
            score = -score
            if score > best:
                best, line = score, [p] + sub
                alpha = max(alpha, score)
                if alpha >= beta:
                    self.cutoffs += 1
                    break
        return best, line

    def run(self) -> Iterator[SearchInfo]:
        """One SearchInfo per completed depth, as ``Searcher.search``."""
        moves = self._moves()
        line = [moves[0]]
        score = 0

        def info(depth: int) -> SearchInfo:
            elapsed = _time.perf_counter() - self.start
            return SearchInfo(depth, float(score), tuple(line), self.nodes, elapsed,
                              self.nodes / elapsed if elapsed > 0 else 0.0, self.cutoffs, 0.0,
                              score > WIN_THRESHOLD)

        yield info(0)
        for depth in range(1, self.max_depth + 1):
            try:
                score, line = self._negamax(depth, -WIN - 1, WIN + 1, 0)
            except SearchAborted:
                return
            yield info(depth)
            if abs(score) > WIN_THRESHOLD or len(line) < depth:
                return


def _all_points(low: Point, high: Point) -> list[Point]:
    return [tuple(p) for p in itertools.product(*[range(a, b + 1) for a, b in zip(low, high)])]
