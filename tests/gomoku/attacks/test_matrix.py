"""The threat-space matrix: shapes, counts against brute force, and the win check."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import scipy.sparse as sparse
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.attacks.matrix import default_region, default_window_scores, threat_space, window_matrix
from gomoku.board import Board, Rules, Stone, line_directions


def position(stones: dict, to_move: Stone = Stone.X, rules: Rules | None = None) -> Board:
    board = Board(rules)
    board.set_up({p: Stone[s] if isinstance(s, str) else s for p, s in stones.items()}, to_move)
    return board


@pytest.mark.parametrize(
    "shape, k, windows",
    [((3, 3), 3, 8), ((3, 3, 3), 3, 49), ((4, 4, 4), 4, 76), ((15, 15), 5, 2 * 11 * 15 + 2 * 11 * 11), ((4, 4), 5, 0)],
)
def test_window_counts(shape, k, windows):
    T, first, direction = window_matrix(shape, k, line_directions(len(shape)))
    assert sparse.issparse(T) and T.shape == (windows, int(np.prod(shape)))
    assert first.shape == direction.shape == (windows,)
    if windows:
        assert set(np.asarray(T.sum(axis=1)).ravel().tolist()) == {k}
        assert set(np.unique(T.data).tolist()) == {1}


def test_windows_are_lines_of_k_cells_inside_the_region():
    board = position({(0, 0): "X", (3, 2): "O"})
    ts = threat_space(board)
    low, high = ts.region
    assert (low, high) == ((-4, -4), (7, 6))
    seen = set()
    for row in range(ts.T.shape[0]):
        cells = ts.window(row)
        assert len(cells) == 5 and all(all(a <= c <= b for a, c, b in zip(low, p, high)) for p in cells)
        assert sorted(ts.cell(p) for p in cells) == sorted(ts.T.getrow(row).indices.tolist())
        steps = {tuple(b - a for a, b in zip(p, q)) for p, q in zip(cells, cells[1:])}
        assert len(steps) == 1 and steps.pop() in board.rules.directions
        seen.add(frozenset(cells))
    assert len(seen) == ts.T.shape[0]


def test_a_counts_each_players_stones_in_each_window():
    board = position({(0, 0): "X", (1, 0): "X", (2, 0): "O", (1, 1): "O", (3, 3): "X"}, Stone.O)
    ts = threat_space(board)
    for row in range(ts.T.shape[0]):
        cells = ts.window(row)
        x = sum(board.stones.get(p) == Stone.X for p in cells)
        o = sum(board.stones.get(p) == Stone.O for p in cells)
        assert ts.A[row].tolist() == [x, o]
    assert ts.dead().sum() == sum(1 for row in ts.A.tolist() if row[0] and row[1])
    counts = ts.live_counts(Stone.X)
    assert sum(counts) == int((ts.A[:, 1] == 0).sum())
    assert counts[1] == int(ts.live(Stone.X, 1).sum())


def test_cell_scores_are_the_transpose_product():
    board = position({(0, 0): "X", (1, 0): "X", (2, 0): "X", (1, 1): "O", (2, 2): "O"}, Stone.O)
    ts = threat_space(board, ((-3, -3), (5, 5)))
    table = default_window_scores(5)
    scores = ts.cell_scores()
    for cell in [ts.cell(p) for p in [(3, 0), (-1, 0), (0, 1), (5, 5), (-3, -3)]]:
        expected = 0.0
        for row in ts.T[:, [cell]].nonzero()[0].tolist():
            x, o = ts.A[row].tolist()
            expected += (table[x] if o == 0 else 0) + (table[o] if x == 0 else 0)
        assert scores[cell] == pytest.approx(expected)
    scored = ts.score_map()
    assert (0, 0) not in scored and (3, 0) in scored
    # Extending the three to an open four's cell scores more than a quiet corner.
    assert scored[(3, 0)] > scored[(-3, 5)]
    only_x = ts.cell_scores([Stone.X])
    assert only_x[ts.cell((3, 0))] > 0 and only_x[ts.cell((3, 3))] == 0
    with pytest.raises(ValueError, match="expected 6 numbers"):
        ts.window_scores(Stone.X, [1, 2])


def test_regions_are_clipped_to_the_board_and_checked():
    board = Board(Rules.preset("gomocup15"), moves=[(0, 0)])
    assert default_region(board) == ((0, 0), (4, 4))
    assert threat_space(board, ((-10, -10), (2, 2))).region == ((0, 0), (2, 2))
    with pytest.raises(ValueError, match="holds no cell"):
        threat_space(board, ((20, 20), (30, 30)))
    with pytest.raises(ValueError, match="at most"):
        threat_space(position({(0, 0): "X", (10**6, 10**6): "O"}))
    assert default_region(Board()) == ((-4, -4), (4, 4))


# -- property tests against the board's win check ---------------------------------------
RULES = [Rules(), Rules.preset("standard"), Rules.square(8), Rules.square(8, overline=False)]


@st.composite
def positions(draw, rules_list=RULES):
    rules = draw(st.sampled_from(rules_list))
    if rules.bounds is not None:
        (x0, y0), (x1, y1) = rules.bounds
        cell = st.tuples(st.integers(x0, x1), st.integers(y0, y1))
    else:
        cell = st.tuples(st.integers(-5, 5), st.integers(-5, 5))
    cells = draw(st.lists(cell, unique=True, min_size=1, max_size=45))
    colours = draw(st.lists(st.sampled_from([Stone.X, Stone.O]), min_size=len(cells), max_size=len(cells)))
    return rules, dict(zip(cells, colours))


def brute_fives(board: Board, stones: dict) -> set[Stone]:
    return {s for p, s in stones.items() if board.five_through(p, s)}


@settings(max_examples=80, deadline=None)
@given(positions())
def test_the_matrix_finds_a_five_exactly_when_the_win_check_does(case):
    rules, stones = case
    # Put the stones down without the board's own win bookkeeping getting in the way.
    board = Board(rules)
    board.stones.update(stones)
    ts = threat_space(board)
    assert ts.winners() == brute_fives(board, stones)
    for stone, cells in ts.fives():
        assert all(board.stones.get(p) == stone for p in cells)
        assert any(board.five_through(p, stone) for p in cells)


@settings(max_examples=60, deadline=None)
@given(positions([Rules(), Rules.square(8)]))
def test_a_live_window_of_k_minus_1_exactly_where_a_cell_makes_five(case):
    rules, stones = case
    board = Board(rules)
    board.stones.update(stones)
    ts = threat_space(board)
    (x0, y0), (x1, y1) = ts.region
    for stone in (Stone.X, Stone.O):
        expected = [
            p
            for p in itertools.product(range(x0, x1 + 1), range(y0, y1 + 1))
            if p not in board.stones and board.five_through(p, stone)
        ]
        assert ts.five_cells(stone) == expected


def test_three_dimensional_tic_tac_toe():
    rules = Rules(k=3, dims=3, bounds=((0, 0, 0), (2, 2, 2)), name="cube3")
    board = Board(rules, moves=[(0, 0, 0), (0, 1, 0), (1, 1, 1), (0, 2, 0)])
    ts = threat_space(board)
    assert ts.T.shape == (49, 27)
    assert ts.five_cells(Stone.X) == [(2, 2, 2)]
    board.play((2, 2, 2))
    assert threat_space(board).winners() == {Stone.X} and board.winner == Stone.X
