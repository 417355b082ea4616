"""The board view's layout: every cell of a board has one plane cell, and back."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gomoku.board import Rules
from tui.widgets.layout import Layout, LayoutError

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
    assert {layer.label_row for layer in layout.layers} == {
        v for v in range(v0, v1 + 1) if layout.labels_on(v)}
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
