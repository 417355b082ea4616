"""Null move pruning in the tree (``gomoku.core.tree``): where it cuts, where it
may not, and that it leaves the position as it found it.

The position is the middle of a game of the match against the old engine
(20x20, freestyle), the one of ``tests/gomoku/search/test_soundness.py``.
"""

from __future__ import annotations

import pytest

from gomoku.board import Board, Rules
from gomoku.core import moves, tree
from gomoku.core.context import IN_NULL, NODES, NULL_MOVE, ROOT_WIDTH, WIDTH, new_context
from gomoku.core.grid import evaluate
from gomoku.core.patterns import C_F3F3, C_F4, C_FIVE
from gomoku.search.layout import Grid
from gomoku.search.params import SearchOptions
from gomoku.search.searcher import Searcher
from gomoku.search.types import Limit

GAME = [(13, 11), (12, 11), (15, 12), (15, 14), (17, 15), (14, 12), (16, 13), (14, 13), (13, 12), (13, 10)]


def run(board: Board, null: int, depth: int, beta_below: int) -> tuple[int, int, int, Grid]:
    """A null-window node of ``depth`` whose beta lies ``beta_below`` under its
    static value: (score, nodes, beta, grid)."""
    grid = Grid(board)
    g = grid.state
    ctx = new_context(grid.size, 1 << 14, 1 << 14)
    ctx.options[WIDTH], ctx.options[ROOT_WIDTH], ctx.options[NULL_MOVE] = 10, 20, null
    beta = int(evaluate(g)) - beta_below
    score = int(tree.negamax(g, ctx, depth, beta - 1, beta, 1))
    assert ctx.counters[IN_NULL] == 0
    return score, int(ctx.counters[NODES]), beta, grid


def quiet_board() -> Board:
    board = Board(rules=Rules.parse("gomocup20"), moves=GAME)
    grid = Grid(board)
    o = 3 - board.turn
    # Nothing forced (no four to block, no open four or other double threat to come): allowed.
    assert grid.state.count[o, C_F4] == grid.state.count[o, C_FIVE] == moves.doubles(grid.state, o) == 0
    return board


def test_a_node_well_above_beta_is_cut_by_the_null_move_with_fewer_nodes() -> None:
    board = quiet_board()
    cut, cut_nodes, beta, grid = run(board, 2, 5, 3000)
    full, full_nodes, _, _ = run(board, 0, 5, 3000)
    assert cut == beta  # the null move's cut reports beta itself
    assert full >= beta  # the full search agrees that the node holds beta
    assert cut_nodes < full_nodes
    # The pass is taken back: the side to move and the hash are the board's.
    assert grid.state.meta[0] == board.turn
    assert grid.hash == board.hash


def test_no_null_move_in_a_window_the_line_may_come_from_or_near_the_leaves() -> None:
    board = quiet_board()
    for depth in range(1, tree.NULL_DEPTH):
        assert run(board, 2, depth, 3000)[:2] == run(board, 0, depth, 3000)[:2]
    # A window of more than one point: the node may become the line, so it is
    # searched in full (its moves, at depth 2, are too near the leaves for one).
    board_grid = Grid(board)
    beta = int(evaluate(board_grid.state)) - 3000
    nodes = []
    for null in (2, 0):
        grid = Grid(board)
        ctx = new_context(grid.size, 1 << 14, 1 << 14)
        ctx.options[WIDTH], ctx.options[ROOT_WIDTH], ctx.options[NULL_MOVE] = 10, 20, null
        tree.negamax(grid.state, ctx, tree.NULL_DEPTH, beta - 2, beta, 1)
        nodes.append(int(ctx.counters[NODES]))
    assert nodes[0] == nodes[1]
    assert run(board, 2, tree.NULL_DEPTH, 3000)[1] < nodes[0]  # a null window is cut


def test_no_null_move_when_the_opponent_has_a_double_threat_to_make() -> None:
    # O (not to move) makes two open threes at (5, 5): a free move would hand it the game.
    moves = [(10, 10), (3, 5), (10, 12), (4, 5), (12, 10), (5, 3), (14, 14), (5, 4)]
    board = Board(rules=Rules.parse("gomocup20"), moves=moves)
    grid = Grid(board)
    assert grid.state.count[2, C_F3F3] > 0 and board.turn == 1
    assert run(board, 2, 4, 3000)[:2] == run(board, 0, 4, 3000)[:2]


@pytest.mark.parametrize("null", [0, 2])
def test_a_search_with_or_without_the_null_move_blocks_a_four(null: int) -> None:
    # X threatens five at (4, 0) (O holds the other end): whatever the pruning, O blocks.
    board = Board(moves=[(0, 0), (-1, 0), (1, 0), (5, 5), (2, 0), (5, 6), (3, 0)])
    infos = list(Searcher(8, SearchOptions(null_move=null)).search(board, Limit(depth=6)))
    assert infos[-1].pv[0] == (4, 0)
