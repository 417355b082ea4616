"""Plain alpha-beta on the board itself, for the geometries the pattern grid
does not hold (tic-tac-toe, k other than 5, three or more dimensions, lines
other than the square's four, gravity).

Wins and losses only, no evaluation: a move that wins ends the node, a threat
of the opponent's must be blocked (nothing else is searched), and the rest come
in the order of the table's best move, then (on a bounded board) the cells on
the most open lines, holding the most stones, first; so that when nothing is
forced the move played is a good one, not the first cell.
The cells that win are found from the runs of stones (per stone and line), not
by a win check of every candidate along every line, so that a node stays cheap
on a board of many dimensions (6-D has 364 lines through a cell): the clock,
looked at every node, keeps the time limit on every geometry.

>>> from gomoku.board import Board, Rules
>>> board = Board(Rules.preset("tictactoe"), moves=[(0, 0), (1, 0), (0, 1), (1, 1)])
>>> infos = list(PlainSearch(board, Limit(depth=2), None, 0.0).run())
>>> infos[-1].pv[0], infos[-1].forced_win
((0, 2), True)
"""

from __future__ import annotations

import threading
import time as _time
from collections.abc import Iterator

from gomoku.board import Board, Point, Stone
from gomoku.board.geometry import Geometry
from gomoku.search.params import ALL_CELLS, LINE_ORDER_WORK, SMALL_BOX
from gomoku.search.types import MAX_PLY, WIN, WIN_THRESHOLD, Limit, SearchAborted, SearchInfo

__all__ = ["PlainSearch"]


class PlainSearch:
    """Iterative-deepening alpha-beta on the board: wins and losses only."""

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
        self.best: dict[int, Point] = {}
        rules = board.rules
        # A line's next cell may be more than one away (a knight's line steps by 2):
        # the candidates reach at least that far, or a five there goes unseen.
        step = max((abs(c) for d in rules.directions for c in d), default=1)
        self.radius = max(step, 1 if rules.bounds is None else 2)
        self.small = rules.bounds is not None and (rules.area or 0) <= ALL_CELLS
        cheap = self.small and (rules.area or 0) * len(rules.directions) <= LINE_ORDER_WORK
        self.geometry = Geometry.of(rules) if cheap else None
        longest = max((b - a + 1 for a, b in zip(*rules.bounds)), default=0) if rules.bounds else 0
        # With the lines listed, a win is a full line of k, unless an overline is no win
        # and a line longer than k fits (then the runs must be measured on the board).
        self.line_wins = self.geometry is not None and (rules.overline or rules.k >= longest)
        # A small box (or one with gravity: a cell a column) offers every legal cell at every node.
        self.every_cell = self.geometry is not None and ((rules.area or 0) <= SMALL_BOX or rules.gravity)

    def _check(self) -> None:
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchAborted
        if self.deadline is not None and _time.perf_counter() >= self.deadline:
            raise SearchAborted
        if self.stop is not None and self.stop.is_set():
            raise SearchAborted

    def winning_cells(self, stone: Stone) -> set[Point]:
        """The empty, legal cells where ``stone`` would complete a winning run.

        From each run of ``stone`` along each line: the cell just past either end,
        joined with the run beyond it. None at all while ``stone`` has fewer than
        k - 1 stones (the cheap answer on a sparse board of many dimensions).
        """
        board = self.board
        rules = board.rules
        k = rules.k
        stones = board.stones
        if self.line_wins:
            return self._line_wins(stone)
        mine = [p for p, s in stones.items() if s is stone]
        found: set[Point] = set()
        if len(mine) < k - 1 or board.is_over:
            return found
        exact = not rules.overline

        def run(p: Point, d: Point, sign: int) -> int:
            n = 0
            q = tuple(a + sign * b for a, b in zip(p, d))
            while stones.get(q) is stone:
                n += 1
                q = tuple(a + sign * b for a, b in zip(q, d))
            return n

        def wins(total: int) -> bool:
            return total == k or (total > k and not exact)

        if k == 1:
            return set(self._legal_near())
        for d in rules.directions:
            for p in mine:
                before = tuple(a - b for a, b in zip(p, d))
                if stones.get(before) is stone:
                    continue  # not the start of its run
                length = 1 + run(p, d, 1)
                after = tuple(a + (length * b) for a, b in zip(p, d))
                if after not in stones and wins(length + 1 + run(after, d, 1)):
                    found.add(after)
                if before not in stones and wins(length + 1 + run(before, d, -1)):
                    found.add(before)
        return {q for q in found if rules.contains(q) and rules.rests(q, stones)}

    def _masks(self) -> tuple[int, int]:
        """The board as (X's cells, O's cells), bit masks of the geometry's cells."""
        assert self.geometry is not None
        index = self.geometry.index
        x = o = 0
        for p, s in self.board.stones.items():
            if s is Stone.X:
                x |= 1 << index[p]
            else:
                o |= 1 << index[p]
        return x, o

    def _line_wins(self, stone: Stone) -> set[Point]:
        """``winning_cells`` by the listed lines: each line holding k - 1 of ``stone``'s
        and none of the other's; its empty cell wins, where a stone may go."""
        g = self.geometry
        assert g is not None
        x, o = self._masks()
        mine, theirs = (x, o) if stone is Stone.X else (o, x)
        k = self.board.rules.k
        found: set[Point] = set()
        if mine.bit_count() < k - 1 or self.board.is_over:
            return found
        occupied = x | o
        below = g.below
        for line in g.line_masks:
            if not line & theirs and (line & mine).bit_count() == k - 1:
                cell = (line & ~mine).bit_length() - 1
                if below[cell] < 0 or occupied >> below[cell] & 1:
                    found.add(g.cells[cell])
        return found

    def _legal_near(self) -> list[Point]:
        board = self.board
        if self.every_cell:
            g = self.geometry
            assert g is not None
            x, o = self._masks()
            return [g.cells[c] for c in g.legal(x | o)]
        if self.small and len(board.stones) < 3:
            return board.legal_moves()
        return board.candidates(self.radius)

    def _moves(self) -> tuple[list[Point], bool]:
        """The moves to search, and whether the first of them wins at once."""
        board = self.board
        me = board.turn
        wins = self.winning_cells(me)
        if wins:
            return sorted(wins), True
        blocks = self.winning_cells(me.other)
        if blocks:
            # Anything else loses at once; two threats lose anyway.
            return sorted(blocks), False
        moves = self._legal_near()
        if self.geometry is not None and len(moves) > 1:
            moves = self._by_lines(moves)
        best = self.best.get(board.hash)
        if best is not None and best in moves:
            moves.remove(best)
            moves.insert(0, best)
        return moves, False

    def _by_lines(self, moves: list[Point]) -> list[Point]:
        """``moves`` ordered by their open lines: each line through the cell with none of
        the opponent's stones counts 4^(own stones), and as much for the opponent's lines
        (where it blocks); the best first, ties in point order."""
        g = self.geometry
        assert g is not None
        x, o = self._masks()
        me, them = (x, o) if self.board.turn is Stone.X else (o, x)
        masks = g.line_masks

        def value(p: Point) -> int:
            total = 0
            for li in g.lines_through[g.index[p]]:
                line = masks[li]
                a, b = (line & me).bit_count(), (line & them).bit_count()
                if not b:
                    total += 1 << 2 * a
                if not a:
                    total += 1 << 2 * b
            return total

        return sorted(moves, key=lambda p: -value(p))

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> tuple[int, list[Point]]:
        self.nodes += 1
        self._check()
        board = self.board
        if board.winner is not None:
            return -(WIN - ply), []
        if board.is_full:
            return 0, []
        if depth <= 0:
            # A leaf: only whether the side to move wins at once (no move list needed).
            wins = self.winning_cells(board.turn)
            return (WIN - ply - 1, [min(wins)]) if wins else (0, [])
        moves, winning = self._moves()
        if winning:
            return WIN - ply - 1, [moves[0]]
        if not moves:
            return 0, []
        best, line = -WIN - 1, []
        for p in moves:
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
        self.best[board.hash] = line[0]
        return best, line

    def run(self) -> Iterator[SearchInfo]:
        """One SearchInfo per completed depth, as ``Searcher.search``."""
        moves, winning = self._moves()
        line = [moves[0]]
        score = WIN - 1 if winning else 0

        def info(depth: int) -> SearchInfo:
            elapsed = _time.perf_counter() - self.start
            return SearchInfo(
                depth,
                float(score),
                tuple(line),
                self.nodes,
                elapsed,
                self.nodes / elapsed if elapsed > 0 else 0.0,
                self.cutoffs,
                0.0,
                score > WIN_THRESHOLD,
            )

        yield info(1 if winning else 0)
        if winning:
            return
        for depth in range(1, self.max_depth + 1):
            try:
                score, line = self._negamax(depth, -WIN - 1, WIN + 1, 0)
            except SearchAborted:
                return
            yield info(depth)
            if abs(score) > WIN_THRESHOLD or len(line) < depth:
                return
