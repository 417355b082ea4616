"""The classic strategies' moves, and the rules each can play.

Each strategy is a function of (board, rng) giving a ``Choice``; each test of
rules says whether a strategy can play them. The names, descriptions and order
of the players are the registry's (``gomoku.engine.players``), which pairs
them: this layer stands on the board alone.

>>> board = Board(Rules.preset("tictactoe"))
>>> script(board, None).move, tictactoe(board.rules), solvable(Rules.preset("qubic"))
((1, 1), True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from gomoku.board import Board, Point, Rules, Stone
from gomoku.classic.magic import magic_move
from gomoku.classic.minimax import choose
from gomoku.classic.perfect import solver_for
from gomoku.classic.script import script_move
from gomoku.classic.table import table_move

__all__ = [
    "MAX_CELLS",
    "Choice",
    "Strategy",
    "small",
    "solvable",
    "tictactoe",
    "magic_square",
    "perfect",
    "table",
    "script",
    "magic",
    "minimax",
    "alphabeta",
    "random_move",
    "Mover",
    "play",
]

MAX_CELLS = 125
"""The classic strategies play bounded boards of up to this many cells (5x5x5)."""


@dataclass(frozen=True)
class Choice:
    """A classic strategy's move and its own score of it (0 where it has none)."""

    move: Point
    score: float = 0.0
    forced_win: bool = False


Strategy = Callable[[Board, "random.Random | None"], Choice]
"""A classic strategy: the move for the side to move (ties broken by the rng, if any)."""


# -- the rules each plays ------------------------------------------------------------------------
def small(rules: Rules) -> bool:
    """Whether the line-counting strategies play ``rules``: a bounded board of up
    to ``MAX_CELLS`` cells, where a line longer than k is a win too or none fits."""
    if rules.bounds is None or (rules.area or 0) > MAX_CELLS:
        return False
    longest = max(b - a + 1 for a, b in zip(*rules.bounds))
    # The strategies count whole lines of k; under exact-k rules an overline is no
    # win, which they cannot see unless no line is longer than k.
    return rules.overline or rules.k >= longest


def solvable(rules: Rules) -> bool:
    """Whether the complete search solves ``rules`` quickly: up to 16 cells, or 27 with three in a row."""
    area = rules.area or 0
    return small(rules) and (area <= 16 or (area <= 27 and rules.k == 3))


def tictactoe(rules: Rules) -> bool:
    """Whether ``rules`` are tic-tac-toe's (3x3, three in a row), whatever their name."""
    return rules.same_game(Rules.preset("tictactoe"))


def magic_square(rules: Rules) -> bool:
    """Whether a magic square or cube finds the wins: tic-tac-toe or the 3x3x3 cube."""
    return tictactoe(rules) or rules.same_game(Rules.preset("cube3"))


# -- their moves ------------------------------------------------------------------------------------
def perfect(board: Board, rng: random.Random | None) -> Choice:
    """A move of perfect play, with the solved score (a win is a positive score)."""
    moves, score = solver_for(board.rules).best_moves(board)
    move = rng.choice(moves) if rng is not None else moves[0]
    return Choice(move, float(score), score > 0)


def table(board: Board, rng: random.Random | None) -> Choice:
    """The move table's move (3x3)."""
    return Choice(table_move(board))


def script(board: Board, rng: random.Random | None) -> Choice:
    """The scripted rules' move (3x3)."""
    return Choice(script_move(board, rng))


def magic(board: Board, rng: random.Random | None) -> Choice:
    """The magic square's move (3x3, 3x3x3)."""
    return Choice(magic_move(board, rng))


def minimax(board: Board, rng: random.Random | None) -> Choice:
    """Minimax 2 plies deep: heuristic 3 (open rows weighted by eights) for three in a row, else 1."""
    evaluation = "h3" if board.rules.k == 3 else "h1"
    return Choice(choose(board, 2, evaluation, rng=rng))


def alphabeta(board: Board, rng: random.Random | None) -> Choice:
    """Alpha-beta 2 plies deep, threats weighted by their number of stones."""
    return Choice(choose(board, 2, "e2", prune=True, rng=rng))


def random_move(board: Board, rng: random.Random | None) -> Choice:
    """A random legal move."""
    return Choice((rng or random).choice(board.legal_moves()))


Mover = Callable[[Board], Point]
"""A player as a function: the move for the side to move."""


def play(rules: Rules, first: Mover, second: Mover, opening: tuple[Point, ...] = ()) -> Board:
    """A whole game between two movers; the finished board."""
    board = Board(rules, opening)
    while not board.is_over:
        mover = first if board.turn is Stone.X else second
        board.play(mover(board))
    return board
