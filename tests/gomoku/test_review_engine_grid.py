"""Review: the grid of stones strung out far and wide, and the plain search's stop."""

from __future__ import annotations

import threading

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gomoku.board import Board, Rules, Stone
from gomoku.engine import Engine
from gomoku.search.grid import GRID_CELLS, Grid
from gomoku.search.plain import PlainSearch as _GenericSearch
from gomoku.search.types import Limit

LINES = ((1, 0), (0, 1), (1, 1), (1, -1))
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_a_diagonal_chain_of_far_stones_gets_a_small_grid() -> None:
    # No gap in either projection, but 20 cells between stones: the grid used to be
    # one box over the whole span (178,929 cells, over a second to build, per search).
    moves = [(20 * i, 20 * i) for i in range(20)]
    board = Board(moves=moves)
    grid = Grid(board)
    assert grid.size <= GRID_CELLS
    assert {grid.point(i) for i in range(grid.size) if grid.cells[i] in (1, 2)} == set(moves)
    assert grid.hash == board.hash


@st.composite
def strung_out(draw: st.DrawFn) -> Board:
    """Small groups of stones along a diagonal or a line, 10 to 60 cells apart,
    each group a few random moves (fours and threes happen), freestyle or exact five."""
    rules = Rules.preset(draw(st.sampled_from(["freestyle", "standard"])))
    gap = draw(st.integers(10, 60))
    step = draw(st.sampled_from([(1, 1), (1, -1), (1, 0), (1, 2)]))
    groups = draw(st.integers(2, 8))
    board = Board(rules)
    for g in range(groups):
        cx, cy = g * gap * step[0], g * gap * step[1]
        for dx, dy in draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=9, unique=True)):
            p = (cx + dx, cy + dy)
            if board.is_over:
                return board
            if p not in board.stones:
                board.play(p)
    return board


@SETTINGS
@given(strung_out())
def test_strung_out_groups_are_read_as_the_board_reads_them(board: Board) -> None:
    if board.is_over:
        return
    grid = Grid(board)
    assert grid.hash == board.hash
    assert {grid.point(i) for i in range(grid.size) if grid.cells[i] in (1, 2)} == set(board.stones)
    for i in grid.candidates():
        p = grid.point(i)
        for s in (Stone.X, Stone.O):
            assert (i in grid.fives[s]) == bool(board.five_through(p, s)), (p, s)
            # A four: one more stone of s then makes a five that was not there (brute force, in thought).
            line = [(p[0] + d * dx, p[1] + d * dy) for dx, dy in LINES for d in range(-5, 6) if d]
            line = [q for q in line if q not in board.stones and not board.five_through(q, s)]
            board.stones[p] = s
            try:
                fives = [q for q in line if board.five_through(q, s)]
            finally:
                del board.stones[p]
            # (A side that already has a five to make is left out: a stone next to
            # its four makes a "four" on the same line whose five is the old one.)
            if not board.five_through(p, s) and not grid.fives[s]:
                assert (i in grid.fours[s]) == bool(fives), (p, s, fives)


def test_the_plain_search_stops_at_once_when_told() -> None:
    # 3-D rules take the plain board search, whose nodes cost a millisecond or more:
    # it looked at the stop event (and the clock) only every 64 nodes.
    board = Board(Rules(k=4, dims=3), [(0, 0, 0), (1, 1, 1), (0, 1, 0), (2, 2, 2)])
    stop = threading.Event()
    stop.set()
    search = _GenericSearch(board.copy(), Limit(), stop, 0.0)
    infos = list(search.run())
    assert infos and infos[-1].pv[0] not in board.stones
    assert search.nodes <= 1


def test_rules_on_other_lines_are_not_read_as_the_square_four() -> None:
    # Rows, columns, the diagonal and a knight's line: the anti-diagonal is no line
    # here, so X's four stones on it threaten nothing. The grid, which follows the
    # four lines of the square whatever the rules say, claimed a five at (4, -4).
    rules = Rules(directions=((1, 0), (0, 1), (1, 1), (2, 1)))
    assert not Grid.supports(rules)
    board = Board(rules, [(0, 0), (9, 0), (1, -1), (9, 2), (2, -2), (9, 4), (3, -3), (9, 6)])
    hint = Engine().hint(board, nodes=300)
    assert not hint.forced_win
    assert hint.move not in board.stones


def test_the_plain_search_sees_a_five_on_a_line_with_long_steps() -> None:
    # X has four on the knight's line (2, 1): the cells that make five are two away
    # from the nearest stone, beyond the plain search's candidates of radius 1.
    rules = Rules(directions=((1, 0), (0, 1), (1, 1), (2, 1)))
    board = Board(rules, [(0, 0), (0, 9), (2, 1), (3, 9), (4, 2), (6, 9), (6, 3), (9, 9)])
    hint = Engine().hint(board, nodes=300)
    assert hint.move in [(-2, -1), (8, 4)]
    assert hint.forced_win


def test_a_board_past_the_grids_memory_cap_is_searched_by_the_plain_search() -> None:
    # 600 stones four apart along a diagonal: their squares overlap into one box of
    # millions of cells (seconds to lay out, hundreds of MB); the plain search takes it.
    from gomoku.search.grid import MAX_GRID_CELLS

    board = Board(moves=[(4 * i, 4 * i) for i in range(600)])
    assert Grid.cells_for(board) > MAX_GRID_CELLS
    hint = Engine().hint(board, time=0.05)
    assert hint.move not in board.stones
