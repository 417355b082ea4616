"""The depth-limited searches of seeds 004 and 001 on any bounded board.

Seed 004 (tic-tac-toe in n dimensions): plain minimax to a fixed depth with one
of four heuristics, ties at the root broken at random, counting the states it
visits. Seed 001 (4x4x4): minimax and alpha-beta with two evaluations of the
"threat-win matrix", counting nodes, cut-offs and the branching factor.

Every score is from the side to move's view: a heuristic scores a player's
position minus the opponent's; a win is worth ``WIN`` less the plies it takes.

>>> board = Board(Rules.preset("tictactoe"), moves=[(0, 0), (1, 1), (1, 0)])
>>> stats = Stats()
>>> choose(board, depth=2, evaluation="h1", stats=stats)   # block the row
(2, 0)
>>> stats.states                                          # 6 moves, 5 replies to each
36
"""

from __future__ import annotations

import itertools
import random
import time as _time
from dataclasses import dataclass, field

from gomoku.board import Board, GameOverError, Point, Rules, Stone
from gomoku.board.geometry import Geometry

__all__ = ["WIN", "EVALUATIONS", "line_weights", "Stats", "evaluate", "choose"]

WIN = 1_000_000

EVALUATIONS = {
    "h0": "seed 004 heuristic 0: always 0",
    "h1": "seed 004 heuristic 1: the number of win lines through each of the player's cells",
    "h2": "seed 004 heuristic 2: the neighbour cells of the player's stones that are empty or the player's own",
    "h3": "seed 004 heuristic 3: each open row of one stone 1, of two stones 8 (and so on by eights)",
    "e1": (
        "seed 001 evaluation 1: the sum of the player's threat counts"
        " (own stones in lines the opponent has not blocked)"
    ),
    "e2": "seed 001 evaluation 2: threats weighted by degree (1, 3, 6, 10 for one to four stones)",
}
"""The static evaluations, each a player's score minus the opponent's."""


def line_weights(evaluation: str, k: int) -> tuple[int, ...] | None:
    """Weight of an open line (no opponent stone) holding j of the player's stones, j = 0..k;
    None for the evaluations that do not score lines."""
    if evaluation == "h3":
        return tuple(0 if j == 0 else 8 ** (j - 1) for j in range(k + 1))
    if evaluation == "e1":
        return tuple(range(k + 1))
    if evaluation == "e2":
        return tuple(j * (j + 1) // 2 for j in range(k + 1))
    return None


@dataclass
class Stats:
    """What a search counted: states (nodes) generated below the root, nodes
    expanded, beta cut-offs, and the time, summed over the moves it chose."""

    states: int = 0
    expanded: int = 0
    children: int = 0
    cutoffs: int = 0
    moves: int = 0
    seconds: float = 0.0
    per_move: list[int] = field(default_factory=list)

    @property
    def branching(self) -> float:
        """The average branching factor: children generated per node expanded."""
        return self.children / self.expanded if self.expanded else 0.0


class _Position:
    """A position of the search: occupied mask, per-side masks, per-side line counts
    and the line score (X's view) kept up to date move by move."""

    def __init__(self, geometry: Geometry, board: Board, weights: tuple[int, ...] | None) -> None:
        self.g = geometry
        self.weights = weights
        self.k = geometry.rules.k
        n = len(geometry.lines)
        self.count = ([0] * n, [0] * n)
        self.masks = [0, 0]
        self.line_score = 0
        for point, stone in board.stones.items():
            self.push(geometry.index[point], 0 if stone is Stone.X else 1)

    def _line_value(self, li: int) -> int:
        a, b = self.count[0][li], self.count[1][li]
        w = self.weights
        if a and b or w is None:
            return 0
        return w[a] if a else -w[b]

    def push(self, cell: int, side: int) -> bool:
        """Place ``side``'s stone (0 = X, 1 = O); whether it completes a line."""
        self.masks[side] |= 1 << cell
        counts = self.count[side]
        won = False
        for li in self.g.lines_through[cell]:
            before = self._line_value(li)
            counts[li] += 1
            if counts[li] == self.k:
                won = True
            self.line_score += self._line_value(li) - before
        return won

    def pop(self, cell: int, side: int) -> None:
        self.masks[side] &= ~(1 << cell)
        counts = self.count[side]
        for li in self.g.lines_through[cell]:
            before = self._line_value(li)
            counts[li] -= 1
            self.line_score += self._line_value(li) - before

    def legal(self) -> list[int]:
        return self.g.legal(self.masks[0] | self.masks[1])


def _static(position: _Position, evaluation: str, side: int, tables: _Tables) -> int:
    """The static value for ``side`` (player minus opponent)."""
    if evaluation == "h0":
        return 0
    if position.weights is not None:
        return position.line_score if side == 0 else -position.line_score
    mine, theirs = position.masks[side], position.masks[1 - side]
    if evaluation == "h1":
        return _sum_cells(mine, tables.lines_through_count) - _sum_cells(theirs, tables.lines_through_count)
    # h2: for each own stone, its neighbours that are empty or own.
    return _neighbour_score(mine, theirs, tables) - _neighbour_score(theirs, mine, tables)


def _sum_cells(mask: int, values: tuple[int, ...]) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


def _neighbour_score(mine: int, theirs: int, tables: _Tables) -> int:
    total = 0
    mask = mine
    while mask:
        low = mask & -mask
        total += (tables.neighbours[low.bit_length() - 1] & ~theirs).bit_count()
        mask ^= low
    return total


class _Tables:
    def __init__(self, geometry: Geometry) -> None:
        self.lines_through_count = tuple(len(t) for t in geometry.lines_through)
        neighbours = []
        for p in geometry.cells:
            mask = 0
            for offset in itertools.product((-1, 0, 1), repeat=len(p)):
                q = tuple(a + b for a, b in zip(p, offset))
                if any(offset) and q in geometry.index:
                    mask |= 1 << geometry.index[q]
            neighbours.append(mask)
        self.neighbours = tuple(neighbours)


_TABLES: dict[Rules, _Tables] = {}


def _tables_for(rules: Rules, geometry: Geometry) -> _Tables:
    tables = _TABLES.get(rules)
    if tables is None:
        tables = _TABLES[rules] = _Tables(geometry)
    return tables


def evaluate(board: Board, evaluation: str, stone: Stone | None = None) -> int:
    """The static value of ``board`` for ``stone`` (the side to move by default).

    >>> evaluate(Board(Rules.preset("tictactoe"), moves=[(1, 1), (0, 0)]), "h1")   # 4 lines less 3
    1
    """
    if evaluation not in EVALUATIONS:
        raise ValueError(f"unknown evaluation {evaluation!r}: choose one of {', '.join(EVALUATIONS)}")
    geometry = Geometry.of(board.rules)
    position = _Position(geometry, board, line_weights(evaluation, geometry.rules.k))
    side = 0 if (stone or board.turn) is Stone.X else 1
    return _static(position, evaluation, side, _tables_for(board.rules, geometry))


def choose(
    board: Board,
    depth: int = 2,
    evaluation: str = "h1",
    *,
    prune: bool = False,
    rng: random.Random | None = None,
    stats: Stats | None = None,
) -> Point:
    """The move of a ``depth``-ply minimax (alpha-beta with ``prune``) under ``evaluation``.

    Ties among the best root moves go to ``rng`` (the first in cell order without one;
    with pruning, the root's moves are searched in an order ``rng`` shuffles).
    """
    if board.is_over:
        raise GameOverError(f"the game is over ({board.result}); no move to choose")
    if depth < 1:
        raise ValueError(f"the depth must be at least 1, not {depth}")
    if evaluation not in EVALUATIONS:
        raise ValueError(f"unknown evaluation {evaluation!r}: choose one of {', '.join(EVALUATIONS)}")
    geometry = Geometry.of(board.rules)
    tables = _tables_for(board.rules, geometry)
    stats = stats if stats is not None else Stats()
    start = _time.perf_counter()
    before = stats.states
    position = _Position(geometry, board, line_weights(evaluation, geometry.rules.k))
    side = 0 if board.turn is Stone.X else 1
    full = geometry.full
    moves = position.legal()
    if rng is not None and prune:
        rng.shuffle(moves)

    def negamax(side: int, depth: int, ply: int, alpha: int, beta: int) -> int:
        moves = position.legal()
        stats.expanded += 1
        stats.children += len(moves)
        best = -WIN - 1
        for cell in moves:
            stats.states += 1
            if position.push(cell, side):
                value = WIN - ply
            elif (position.masks[0] | position.masks[1]) == full:
                value = 0
            elif depth == 1:
                value = -_static(position, evaluation, 1 - side, tables)
            else:
                value = -negamax(1 - side, depth - 1, ply + 1, -beta, -alpha)
            position.pop(cell, side)
            if value > best:
                best = value
                if prune and value > alpha:
                    alpha = value
                    if alpha >= beta:
                        stats.cutoffs += 1
                        break
        return best

    stats.expanded += 1
    stats.children += len(moves)
    scores: dict[int, int] = {}
    alpha = -WIN - 1
    for cell in moves:
        stats.states += 1
        if position.push(cell, side):
            value = WIN
        elif (position.masks[0] | position.masks[1]) == full:
            value = 0
        elif depth == 1:
            value = -_static(position, evaluation, 1 - side, tables)
        else:
            # Alpha-beta keeps the root's window open by one so that equal moves stay exact ties.
            value = -negamax(1 - side, depth - 1, 2, -WIN - 2, -(alpha - 1) if prune else WIN + 2)
        position.pop(cell, side)
        scores[cell] = value
        alpha = max(alpha, value)
    best = max(scores.values())
    ties = [c for c in moves if scores[c] == best]
    cell = rng.choice(ties) if rng is not None and not prune else ties[0]
    stats.moves += 1
    stats.per_move.append(stats.states - before)
    stats.seconds += _time.perf_counter() - start
    return geometry.cells[cell]
