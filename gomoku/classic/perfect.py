"""Perfect play by a complete search: negamax with alpha-beta, a transposition
table keyed by the position's canonical form under the board's symmetries, and
forced moves (win now, else block the one threat; two threats lose).

A score is absolute: a win made with the ``s``-th stone of the game is worth
``cells + 1 - s`` to the winner (so sooner is better, and a loser prefers to lose
later), a draw 0. Being absolute, a score needs no shifting between plies and a
table entry holds for the position wherever the search meets it.

>>> solved = solve_exactly(Rules.preset("tictactoe"))
>>> solved.result, solved.plies
('draw', 9)
"""

from __future__ import annotations

import itertools
import time as _time
from dataclasses import dataclass
from functools import lru_cache

from gomoku.board import Board, GameOverError, Point, Rules
from gomoku.board.geometry import Geometry

__all__ = [
    "EXACT",
    "LOWER",
    "UPPER",
    "CANONICAL_STONES",
    "symmetries",
    "Solver",
    "solver_for",
    "Solved",
    "solve_exactly",
]

EXACT, LOWER, UPPER = 0, 1, 2

CANONICAL_STONES = 8
"""Positions of up to this many stones are keyed by their canonical form under
the symmetries (where transpositions by symmetry abound); deeper ones by their
own masks, which is cheaper than the 8 or 48 transforms."""


def symmetries(geometry: Geometry) -> list[tuple[int, ...]]:
    """The board's symmetries as cell permutations (``perm[c]`` = image of cell ``c``):
    axis permutations among axes of equal length and reflections of axes, those
    that map every win line onto a win line (under gravity the last axis stays put).

    >>> len(symmetries(Geometry.of(Rules.preset("tictactoe")))), len(symmetries(Geometry.of(Rules.preset("cube3"))))
    (8, 48)
    """
    rules = geometry.rules
    assert rules.bounds is not None  # a Geometry's rules are bounded (Geometry.of)
    low, high = rules.bounds
    sides = [b - a + 1 for a, b in zip(low, high)]
    dims = len(sides)
    lines = set(frozenset(line) for line in geometry.lines)
    found = []
    for perm in itertools.permutations(range(dims)):
        if any(sides[perm[i]] != sides[i] for i in range(dims)):
            continue
        if rules.gravity and perm[-1] != dims - 1:
            continue
        for flips in itertools.product((False, True), repeat=dims):
            if rules.gravity and flips[-1]:
                continue
            image = []
            for p in geometry.cells:
                moved = [p[perm[i]] - low[perm[i]] for i in range(dims)]
                q = tuple(low[i] + (sides[i] - 1 - moved[i] if flips[i] else moved[i]) for i in range(dims))
                image.append(geometry.index[q])
            if all(frozenset(image[c] for c in line) in lines for line in lines):
                found.append(tuple(image))
    return found


class Solver:
    """The complete search of one set of rules; its table is kept between calls."""

    def __init__(self, rules: Rules) -> None:
        self.geometry = Geometry.of(rules)
        g = self.geometry
        self.size = g.size
        self.big = g.size + 1
        self.table: dict[tuple[int, int], tuple[int, int]] = {}
        """(me, them) or its canonical form -> (EXACT/LOWER/UPPER, score)."""
        self.nodes = 0
        self._syms = symmetries(g)
        # Per symmetry, per byte of a mask: the byte's cells moved by the symmetry.
        self._byte_maps = [
            [
                [sum(1 << perm[8 * j + b] for b in range(8) if v >> b & 1 and 8 * j + b < g.size) for v in range(256)]
                for j in range((g.size + 7) // 8)
            ]
            for perm in self._syms
        ]
        # Cells ordered by how many lines pass through them: the centre first.
        self._order = sorted(range(g.size), key=lambda c: -len(g.lines_through[c]))
        self._masks = g.line_masks
        self._through = g.lines_through

    def _transform(self, maps: list[list[int]], mask: int) -> int:
        out = 0
        j = 0
        while mask:
            out |= maps[j][mask & 255]
            mask >>= 8
            j += 1
        return out

    def _key(self, me: int, them: int, stones: int) -> tuple[int, int]:
        if stones > CANONICAL_STONES:
            return me, them
        return min((self._transform(m, me), self._transform(m, them)) for m in self._byte_maps)

    def _wins_at(self, mask: int, cell: int) -> bool:
        masks = self._masks
        mask |= 1 << cell
        for i in self._through[cell]:
            if masks[i] & mask == masks[i]:
                return True
        return False

    def _moves(self, me: int, them: int) -> tuple[list[int], bool]:
        """The moves worth searching and whether the first of them wins at once."""
        occupied = me | them
        below = self.geometry.below
        legal = [c for c in self._order if not occupied >> c & 1 and (below[c] < 0 or occupied >> below[c] & 1)]
        for c in legal:
            if self._wins_at(me, c):
                return [c], True
        # The opponent's threat must be blocked; with two, one block loses as well as any move.
        block = next((c for c in legal if self._wins_at(them, c)), None)
        if block is not None:
            return [block], False
        return legal, False

    def search(self, me: int, them: int, alpha: int, beta: int) -> int:
        """The score of the position for the side to move (``me``), exact within (alpha, beta)."""
        self.nodes += 1
        stones = bin(me | them).count("1")
        if stones == self.size:
            return 0
        moves, wins = self._moves(me, them)
        if wins:
            return self.big - (stones + 1)
        key = self._key(me, them, stones)
        entry = self.table.get(key)
        if entry is not None:
            flag, value = entry
            if flag == EXACT:
                return value
            if flag == LOWER and value >= beta:
                return value
            if flag == UPPER and value <= alpha:
                return value
        original_alpha = alpha
        best = -self.big - 1
        for c in moves:
            value = -self.search(them, me | 1 << c, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = EXACT if original_alpha < best < beta else (LOWER if best >= beta else UPPER)
        self.table[key] = (flag, best)
        return best

    def value(self, me: int, them: int) -> int:
        """The exact score of the position for the side to move."""
        return self.search(me, them, -self.big - 1, self.big + 1)

    def best_moves(self, board: Board) -> tuple[list[Point], int]:
        """Every move of best score for the side to move, and that score."""
        if board.is_over:
            raise GameOverError(f"the game is over ({board.result}); no move to choose")
        g = self.geometry
        me, them = g.masks(board)
        scores = {}
        for c in g.legal(me | them):
            scores[c] = -self._child(me, them, c)
        best = max(scores.values())
        return [g.cells[c] for c in sorted(scores) if scores[c] == best], best

    def _child(self, me: int, them: int, c: int) -> int:
        stones = bin(me | them).count("1") + 1
        if self._wins_at(me, c):
            return -(self.big - stones)
        return self.value(them, me | 1 << c)


@lru_cache(maxsize=8)
def solver_for(rules: Rules) -> Solver:
    """The one solver of these rules (its table is shared by every game of them)."""
    return Solver(rules)


@dataclass(frozen=True)
class Solved:
    """A solved position: who wins with perfect play, and in how many plies from it."""

    result: str
    """"X", "O" or "draw"."""
    plies: int
    """Moves to the end of the game with perfect play (the winner hurrying, the loser delaying)."""
    score: int
    nodes: int
    seconds: float


def solve_exactly(rules: Rules, board: Board | None = None, solver: Solver | None = None) -> Solved:
    """Solve the position (the empty board by default) of small bounded rules, with
    ``solver`` (a fresh one to time a whole solve) or the rules' shared one."""
    solver = solver or solver_for(rules)
    board = board or Board(rules)
    start = _time.perf_counter()
    nodes = solver.nodes
    stones = len(board.stones)
    if board.is_over:
        return Solved(board.result or "draw", 0, 0, 0, 0.0)
    me, them = solver.geometry.masks(board)
    score = solver.value(me, them)
    if score == 0:
        result, plies = "draw", solver.size - stones
    else:
        end = solver.big - abs(score)
        plies = end - stones
        result = board.turn.name if score > 0 else board.turn.other.name
    return Solved(result, plies, score, solver.nodes - nodes, _time.perf_counter() - start)
