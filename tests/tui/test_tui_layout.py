"""The board view's layout: every cell of a board has one plane cell, and back."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gomoku.board import Board, Rules
from tui.view.layout import Layout, LayoutError

BOXES = ["cube3", "qubic", "size=5x2x3,k=2", "size=2x4x7,k=3,gravity"]


def cells(rules: Rules) -> list[tuple[int, ...]]:
    assert rules.bounds is not None
    low, high = rules.bounds
    return list(itertools.product(*[range(a, b + 1) for a, b in zip(low, high)]))


@pytest.mark.parametrize("text", BOXES)
@pytest.mark.parametrize("per_row", [None, 1, 2, 3])
def test_each_cell_of_a_box_has_its_own_plane_cell(text: str, per_row: int | None) -> None:
    rules = Rules.parse(text)
    layout = Layout(rules, per_row)
    seen = {}
    for point in cells(rules):
        plane = layout.to_plane(point)
        assert plane not in seen
        seen[plane] = point
        assert layout.from_plane(*plane) == point
        assert layout.nearest(*plane) == point
        layer = layout.layer_of(point)
        assert layer is not None and layer.z == point[2]
        assert layer.first <= plane[0] <= layer.last and plane[1] > layer.label_row
        assert layout.column_label(plane[0]) == point[0]
        assert layout.row_label(plane[1]) == str(point[1])
    # Every other plane cell of the board's extent is empty: the gaps, the labels' rows.
    extent = layout.extent()
    assert extent is not None
    (u0, v0), (u1, v1) = extent
    for u in range(u0 - 2, u1 + 3):
        for v in range(v0 - 2, v1 + 3):
            if (u, v) not in seen:
                assert layout.from_plane(u, v) is None
    # The layers' labels each sit on a row of their own, over their layer.
    assert {layer.label_row for layer in layout.layers} == {v for v in range(v0, v1 + 1) if layout.labels_on(v)}
    assert all(layout.row_label(layer.label_row) == "" for layer in layout.layers)


@given(st.sampled_from(BOXES), st.integers(-50, 50), st.integers(-50, 50), st.integers(1, 4))
def test_the_nearest_cell_is_on_the_board(text: str, u: int, v: int, per_row: int) -> None:
    rules = Rules.parse(text)
    layout = Layout(rules, per_row)
    point = layout.nearest(u, v)
    assert rules.contains(point)
    if layout.from_plane(u, v) is not None:
        assert point == layout.from_plane(u, v)


def test_arrows_stay_in_the_layer_and_the_layer_keys_keep_the_cell() -> None:
    layout = Layout(Rules.preset("qubic"))
    assert layout.step((3, 1, 2), 1, 0) == (3, 1, 2)  # the right edge of the layer stops the cursor
    assert layout.step((0, 1, 2), -1, 0) == (0, 1, 2)
    assert layout.step((1, 1, 2), 1, 1) == (2, 2, 2)
    assert layout.change_layer((1, 3, 2), 1) == (1, 3, 3)
    assert layout.change_layer((1, 3, 3), 1) == (1, 3, 3)
    assert layout.change_layer((1, 3, 0), -1) == (1, 3, 0)
    flat = Layout(Rules.preset("gomocup15"))
    assert flat.change_layer((3, 4), 1) == (3, 4)


def test_the_layers_wrap_into_even_rows() -> None:
    qubic = Rules.preset("qubic")
    # 4 layers of 4 cells, one gap between them: 19 columns hold them all.
    assert [Layout.per_row_for(qubic, columns) for columns in (19, 18, 14, 9, 4, 1)] == [4, 2, 2, 2, 1, 1]
    assert Layout.per_row_for(Rules.parse("size=3x3x5"), 12) == 3  # rows of 3 and 2 layers
    assert Layout.per_row_for(Rules.preset("gomocup15"), 10) is None


def test_gravity_puts_the_bottom_of_a_flat_board_down_the_screen() -> None:
    layout = Layout(Rules.parse("size=7x6,k=4,gravity"))
    assert layout.to_plane((0, 0))[1] > layout.to_plane((0, 5))[1]
    assert layout.step((2, 0), 0, -1) == (2, 1)  # up the screen is up the board
    assert layout.nearest(3, -9) == (3, 5)


def test_a_row_board_is_one_line() -> None:
    layout = Layout(Rules.parse("size=9,k=4"))
    assert layout.to_plane((4,)) == (4, 0)
    assert layout.from_plane(4, 1) is None
    assert layout.step((4,), 1, 1) == (5,)
    assert layout.nearest(20, 3) == (8,)


def test_boards_it_cannot_draw_are_a_one_line_error() -> None:
    for rules, reason in ((Rules.parse("size=2x2x2x2"), "4 axes"), (Rules(dims=3, k=3), "endless 3-D")):
        with pytest.raises(LayoutError, match=reason):
            Layout(rules)


def test_a_small_square_board_is_drawn_on_a_grid() -> None:
    for text in ("tictactoe", "4x4", "size=3x4,k=3,gravity"):
        rules = Rules.parse(text)
        layout = Layout(rules)
        assert layout.grid
        seen = {layout.to_plane(point): point for point in cells(rules)}
        assert len(seen) == len(cells(rules))
        assert all(layout.from_plane(*plane) == point for plane, point in seen.items())
        extent = layout.extent()
        assert extent is not None
        (u0, v0), (u1, v1) = extent
        # Between two rows of cells, a row of lines: no cell, no label.
        for v in range(v0, v1 + 1):
            assert layout.is_grid_line(v) == ((v - v0) % 2 == 1)
            if layout.is_grid_line(v):
                assert layout.row_label(v) == "" and all(layout.from_plane(u, v) is None for u in range(u0, u1 + 1))
    for text in ("gomocup15", "size=5x3", "connect4", "freestyle", "cube3"):
        assert not Layout(Rules.parse(text)).grid


@pytest.mark.parametrize("text", BOXES)
def test_each_layer_has_its_label_then_its_ruler_then_its_cells(text: str) -> None:
    layout = Layout(Rules.parse(text), 2)
    for layer in layout.layers:
        assert layout.labels_on(layer.label_row) == tuple(
            other for other in layout.layers if other.label_row == layer.label_row
        )
        assert layer in layout.rulers_on(layer.ruler_row) and layer.ruler_row == layer.label_row + 1
        assert layout.to_plane((layout.low[0], layout.low[1], layer.z)) == (layer.first, layer.ruler_row + 1)


GRAVITY = ["connect4", "size=3x3,k=3,gravity", "size=2x4x3,k=2,gravity", "size=5,k=2,gravity"]


@given(st.sampled_from(GRAVITY), st.lists(st.integers(0, 1000), max_size=30), st.integers(0, 10**6))
def test_a_stone_lands_on_the_only_cell_of_its_column_a_stone_may_go_to(
    text: str, picks: list[int], where: int
) -> None:
    rules = Rules.parse(text)
    board = Board(rules)
    for pick in picks:  # a game of legal moves, stopped when it is over
        moves = board.legal_moves()
        if not moves:
            break
        board.push(moves[pick % len(moves)])
    layout = Layout(rules)
    every = cells(rules)
    point = every[where % len(every)]
    column = [p for p in every if p[:-1] == point[:-1]]
    landing = layout.landing(point, board.stones)
    free = [p for p in column if layout.playable(p, board.stones)]
    assert len(free) <= 1
    assert landing == (free[0] if free else None)
    assert all(
        layout.playable(p, board.stones) == (p not in board.stones and rules.rests(p, board.stones)) for p in column
    )
    if not board.is_over:
        assert {p for p in every if layout.playable(p, board.stones)} == set(board.legal_moves())


def test_without_gravity_a_stone_lands_where_it_is_played() -> None:
    layout = Layout(Rules.preset("tictactoe"))
    assert layout.landing((1, 2), {(1, 0): 1}) == (1, 2)
    assert layout.landing((1, 0), {(1, 0): 1}) == (1, 0)  # the board refuses it, not the layout
    assert not layout.playable((1, 0), {(1, 0): 1}) and not layout.playable((3, 0), {})
