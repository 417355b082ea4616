"""The endless board laid out for the compiled search (``gomoku.search.layout``): its
incremental push and pop, its fives, fours and open fours against the board's brute
force, far points and far-apart groups in small blocks, and the rules and sizes it
leaves to the plain search."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import candidate_games

from gomoku.attacks import weight_map
from gomoku.board import Board, Rules, Stone
from gomoku.core.patterns import F4, FIVE
from gomoku.engine import Engine
from gomoku.search.layout import Grid
from gomoku.search.params import GRID_CELLS, MAX_GRID_CELLS

FAR = 10**15
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STRUNG_OUT_SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def snapshot(grid: Grid) -> dict:
    out: dict = {"hash": grid.hash, "turn": grid.turn}
    # Each of these reads the whole grid, both sides at once: read once, not per side.
    cells = {name: getattr(grid, name) for name in ("fives", "fours", "open_fours", "threes")}
    for s in (1, 2):
        for name, of in cells.items():
            out[name, s] = sorted((grid.point(i), n) for i, n in of[s].items())
        out["value", s] = grid.value[s]
        out["order", s] = sorted((grid.point(i), grid.order[s][i]) for i in grid.candidates() if grid.order[s][i])
    out["candidates"] = sorted(grid.point(i) for i in grid.candidates())
    return out


@SETTINGS
@given(candidate_games(), st.lists(st.integers(0, 10_000), max_size=8), st.sampled_from([False, True]))
def test_grid_push_pop_matches_a_fresh_grid(board: Board, picks: list[int], exact: bool) -> None:
    if exact:
        board = Board(Rules.preset("standard"), board.move_stack)
    grid = Grid(board)
    assert grid.hash == board.hash
    before = snapshot(grid)
    pushed = 0
    for pick in picks:
        cells = sorted(grid.candidates())
        if not cells or board.is_over:
            break
        i = cells[pick % len(cells)]
        grid.push(i)
        board.push(grid.point(i))
        pushed += 1
        assert snapshot(grid) == snapshot(Grid(board))
    for _ in range(pushed):
        grid.pop()
        board.pop()
    assert snapshot(grid) == before


@SETTINGS
@given(candidate_games(max_moves=40), st.sampled_from([False, True]))
def test_grid_fives_agree_with_the_board_win_check(board: Board, exact: bool) -> None:
    if exact:
        board = Board(Rules.preset("standard"), board.move_stack)
    grid = Grid(board)
    fives = grid.fives  # the whole grid read: once, not once a cell
    for i in grid.candidates():
        p = grid.point(i)
        for s in (Stone.X, Stone.O):
            assert (i in fives[s]) == bool(board.five_through(p, s)), (p, s)


@SETTINGS
@given(candidate_games(max_moves=40))
def test_grid_open_fours_make_two_fives(board: Board) -> None:
    """A cell the grid calls an open four leaves two cells that make five (brute force)."""
    grid = Grid(board)
    for s in (Stone.X, Stone.O):
        for i in grid.open_fours[s]:
            p = grid.point(i)
            board.stones[p] = s  # in thought only; put back below
            try:
                fives = [q for q in board.candidates(4) if board.five_through(q, s)]
            finally:
                del board.stones[p]
            assert len(fives) >= 2, (p, s)


@SETTINGS
@given(candidate_games(max_moves=40))
def test_grid_forced_moves_agree_with_the_weight_map(board: Board) -> None:
    """The grid's forced cells weigh what the seed says a five weighs: 200 for
    the attack, plus the finishing bonus of 100 for the side to move."""
    if board.is_over:
        return
    grid = Grid(board)
    s, o = grid.turn, 3 - grid.turn
    weights = weight_map(board)
    fives = grid.fives
    for i in fives[s]:
        assert weights[grid.point(i)] >= 300
    for i in fives[o]:
        assert weights[grid.point(i)] >= 200
    for i in grid.open_fours[s]:
        if i not in fives[s]:
            assert weights[grid.point(i)] > 5  # never a cell the seed ignores


def test_grid_patterns_of_a_line() -> None:
    board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (2, 5), (3, 0)])
    grid = Grid(board)
    # O to move: X threatens five on both sides of its open four.
    assert sorted(grid.point(i) for i in grid.fives[1]) == [(-1, 0), (4, 0)]
    assert grid.patterns(grid.index[(4, 0)], 1)[0] == FIVE
    assert grid.patterns(grid.index[(3, 5)], 2)[0] == F4


def test_grid_maps_far_points_and_far_apart_groups() -> None:
    moves = [(FAR, -FAR), (-FAR, FAR), (FAR + 1, -FAR), (-FAR + 1, FAR)]
    board = Board(moves=moves)
    grid = Grid(board)
    assert grid.stack == []  # the position's own moves are never popped
    assert {grid.point(i) for i in range(grid.size) if grid.cells[i] in (1, 2)} == set(moves)
    assert grid.hash == board.hash


def test_grid_rejects_rules_it_cannot_hold() -> None:
    with pytest.raises(ValueError):
        Grid(Board(Rules.preset("tictactoe")))


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


@STRUNG_OUT_SETTINGS
@given(strung_out())
def test_strung_out_groups_are_read_as_the_board_reads_them(board: Board) -> None:
    if board.is_over:
        return
    grid = Grid(board)
    assert grid.hash == board.hash
    assert {grid.point(i) for i in range(grid.size) if grid.cells[i] in (1, 2)} == set(board.stones)
    grid_fives, grid_fours = grid.fives, grid.fours  # each reads the whole grid: once, not once a cell
    as_it_is: dict[tuple[tuple[int, int], Stone], bool] = {}  # five_through on the board as it is

    def five_now(q: tuple[int, int], s: Stone) -> bool:
        if (q, s) not in as_it_is:
            as_it_is[q, s] = board.five_through(q, s)
        return as_it_is[q, s]

    for i in grid.candidates():
        p = grid.point(i)
        for s in (Stone.X, Stone.O):
            assert (i in grid_fives[s]) == bool(board.five_through(p, s)), (p, s)
            # A four: one more stone of s then makes a five that was not there (brute force, in thought).
            line = [(p[0] + d * dx, p[1] + d * dy) for dx, dy in LINES for d in range(-5, 6) if d]
            line = [q for q in line if q not in board.stones and not five_now(q, s)]
            board.stones[p] = s
            try:
                fives = [q for q in line if board.five_through(q, s)]
            finally:
                del board.stones[p]
            # (A side that already has a five to make is left out: a stone next to
            # its four makes a "four" on the same line whose five is the old one.)
            if not board.five_through(p, s) and not grid_fives[s]:
                assert (i in grid_fours[s]) == bool(fives), (p, s, fives)


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


def test_a_board_past_the_grids_memory_cap_is_searched_by_the_plain_search() -> None:
    # 600 stones four apart along a diagonal: their squares overlap into one box of
    # millions of cells (seconds to lay out, hundreds of MB); the plain search takes it.
    board = Board(moves=[(4 * i, 4 * i) for i in range(600)])
    assert Grid.cells_for(board) > MAX_GRID_CELLS
    hint = Engine().hint(board, time=0.05)
    assert hint.move not in board.stones
