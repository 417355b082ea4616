"""The numba kernel of renju's forbidden points (``gomoku.board.renju_kernel``) against
the pure-Python reference (``gomoku.board.renju``): the same kind of verdict on every
cell that can be forbidden, on the hand-made positions and on random ones, bounded and
endless."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_renju import RECURSIVE, RECURSIVE_OVERLINE, diagram

from gomoku.board import Rules
from gomoku.board.renju import forbidden, threatened_cells
from gomoku.board.renju_kernel import forbidden_code, forbidden_kind, grid_of

RENJU = Rules.preset("renju")
ENDLESS = Rules.parse("endless,renju")


def kinds_agree(stones: dict[tuple[int, int], int], rules: Rules) -> int:
    """Assert the two verdicts agree on every threatened cell; how many were forbidden."""
    cells = threatened_cells(stones, rules)
    found = 0
    for point in cells:
        reference = forbidden(stones, point, rules)
        expected = None if reference is None else reference.kind
        assert forbidden_kind(stones, point, rules) == expected, (sorted(stones.items()), point)
        found += reference is not None
    return found


def test_the_hand_made_positions() -> None:
    for rows in (RECURSIVE, RECURSIVE_OVERLINE):
        stones, marks = diagram(rows, 3, 0)
        assert kinds_agree(stones, RENJU) >= 1
        assert kinds_agree({(x + 40, y - 70): s for (x, y), s in stones.items()}, ENDLESS) >= 1
    stones, marks = diagram(RECURSIVE_OVERLINE, 3, 0)
    assert forbidden_kind(stones, marks["a"], RENJU) == "double three"


def test_the_grid_and_its_walls() -> None:
    grid, x, y, wall = grid_of({(0, 0): 1, (1, 1): 2}, RENJU, (3, 4))
    assert grid.shape == (15, 15) and (x, y, wall) == (3, 4, 3) and grid[0, 0] == 1 and grid[1, 1] == 2
    grid, x, y, wall = grid_of({(100, -5): 1}, ENDLESS, (104, -5))
    assert wall == 0 and grid[y, x - 4] == 1 and grid.shape[1] > 4 + 2 * 16
    assert forbidden_code(grid, -1, 0, wall) == 0  # off the window: allowed, never written


positions = st.lists(
    st.tuples(st.integers(0, 14), st.integers(0, 14), st.sampled_from([1, 1, 1, 2])), min_size=6, max_size=50
)


@settings(max_examples=40, deadline=None)
@given(positions)
def test_the_kernel_agrees_with_the_reference(raw: list[tuple[int, int, int]]) -> None:
    stones = {(x, y): stone for x, y, stone in raw}
    kinds_agree(stones, RENJU)
    kinds_agree({(x - 7, y + 1000): s for (x, y), s in stones.items()}, ENDLESS)
