"""What the tree remembers of its cut-offs for its move order (``gomoku.core.tree``):
the history, raised for a move that cuts off and lowered for the quiet moves
tried before it (which did not).

The position is the middle game of ``test_null_move.py`` (20x20, freestyle).
"""

from __future__ import annotations

from gomoku.board import Board, Rules
from gomoku.core import tree
from gomoku.core.context import ROOT_WIDTH, WIDTH, new_context
from gomoku.core.moves import HISTORY_MAX
from gomoku.search.layout import Grid

GAME = [(13, 11), (12, 11), (15, 12), (15, 14), (17, 15), (14, 12), (16, 13), (14, 13), (13, 12), (13, 10)]


def searched(depth: int, start: int = 0):
    grid = Grid(Board(rules=Rules.parse("gomocup20"), moves=GAME))
    ctx = new_context(grid.size, 1 << 14, 1 << 14)
    ctx.history[1:] = start
    ctx.options[WIDTH], ctx.options[ROOT_WIDTH] = 10, 20
    n = tree.root_moves(grid.state, ctx)
    tree.root(grid.state, ctx, depth, n, -tree.WIN - 1, tree.WIN + 1)
    return grid, ctx


def test_quiet_moves_tried_before_a_cut_off_lose_history() -> None:
    grid, ctx = searched(5)
    assert (ctx.history[1:] > 0).any()  # the moves that cut off
    assert (ctx.history[1:] < 0).any()  # quiet moves searched before them, which did not
    assert (ctx.history[0] == 0).all()  # row 0 is no side


def test_the_history_is_the_searchs_own() -> None:
    # Two searches of the same position to the same depth leave the same history.
    _, first = searched(4)
    _, again = searched(4)
    assert (first.history == again.history).all()


def test_the_history_stays_within_its_bounds() -> None:
    # A search of hours could push a cell's history past int32; it stops at the bound.
    _, high = searched(5, HISTORY_MAX - 1)
    _, low = searched(5, -HISTORY_MAX + 1)
    assert high.history.max() == HISTORY_MAX  # a cut-off reached the bound and stayed there
    assert low.history.min() == -HISTORY_MAX
    assert abs(high.history).max() <= HISTORY_MAX and abs(low.history).max() <= HISTORY_MAX
