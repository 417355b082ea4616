"""Renju's forbidden points (``gomoku.board.renju``): one hand-made position for each
case of the RIF definitions, the recursion through a three's completing cell, the
edges of the 15x15 board, and the symmetries of the square as a property."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import Rules
from gomoku.board.renju import Forbidden, forbidden, forbidden_points, threatened_cells

RENJU = Rules.preset("renju")
ENDLESS = Rules.parse("endless,renju")


def diagram(rows: list[str], x0: int = 0, y0: int = 0) -> tuple[dict[tuple[int, int], int], dict[str, tuple[int, int]]]:
    """Stones (X black, O white) and marked cells (any other letter) of a drawing whose
    top-left cell is (x0, y0); x grows to the right, y downwards."""
    stones: dict[tuple[int, int], int] = {}
    marks: dict[str, tuple[int, int]] = {}
    for j, row in enumerate(rows):
        for i, cell in enumerate(row.split()):
            point = (x0 + i, y0 + j)
            if cell == "X":
                stones[point] = 1
            elif cell == "O":
                stones[point] = 2
            elif cell != ".":
                marks[cell] = point
    return stones, marks


def verdict(rows: list[str], x0: int = 3, y0: int = 3, rules: Rules = RENJU) -> Forbidden | None:
    stones, marks = diagram(rows, x0, y0)
    return forbidden(stones, marks["a"], rules)


def kind(rows: list[str], x0: int = 3, y0: int = 3, rules: Rules = RENJU) -> str | None:
    found = verdict(rows, x0, y0, rules)
    return None if found is None else found.kind


# -- threes --------------------------------------------------------------------
def test_double_three_of_two_open_threes_with_its_reason() -> None:
    found = verdict([". . . . .", ". . X . .", ". X a X .", ". . X . .", ". . . . ."], 5, 5)
    assert found is not None and found.kind == "double three"
    assert found.shapes == (((6, 7), (7, 7), (8, 7)), ((7, 6), (7, 7), (7, 8)))
    assert found.reason() == "double three at 7,7 (lines 6,7-8,7 and 7,6-7,8)"


def test_split_threes_count_as_threes() -> None:
    # X.Xa across and a.XX down the diagonal: each becomes a straight four by one stone.
    rows = [
        ". . . . . . . .",
        ". . . . . . . .",
        ". X . X a . . .",
        ". . . . . X . .",
        ". . . . . . X .",
        ". . . . . . . .",
        ". . . . . . . .",
    ]
    assert kind(rows) == "double three"


def test_one_three_and_a_two_are_allowed() -> None:
    assert kind([". . . . .", ". . . . .", ". X a X .", ". . X . .", ". . . . ."]) is None


def test_a_three_blocked_by_white_is_no_three() -> None:
    # OXXa.. becomes OXXXX., a four but not a straight four: the row is no three.
    rows = [". . . . . . .", ". . . X . . .", "O X X a . . .", ". . . X . . .", ". . . . . . ."]
    assert kind(rows) is None
    rows[2] = ". X X a . . ."  # the same shapes unblocked: two threes
    assert kind(rows) == "double three"


def test_a_three_whose_straight_four_would_be_an_overline_is_no_three() -> None:
    # .XXa.X: filling the gap beside a makes six; the other end makes .XXXX.X,
    # whose right end is an overline cell, so that four is not straight either.
    rows = [". . . . . . . .", ". . . X . . . .", ". X X a . X . .", ". . . X . . . .", ". . . . . . . ."]
    assert kind(rows) is None
    rows[2] = ". X X a . . . ."  # without the far stone: two threes
    assert kind(rows) == "double three"


def test_a_false_three_whose_only_completing_cell_is_an_overline() -> None:
    # Across, O.XaX.. can only become a straight four at b; b would be an overline
    # (the column under b holds five black stones with a gap at b): no three, so a
    # makes one three (downwards) and is allowed. Without that column, a double three.
    rows = [
        ". . . . . . . . .",
        ". . . . . X . . .",
        ". . . . . X . . .",
        ". . . . . X . . .",
        "O . X a X b . . .",
        ". . . X . X . . .",
        ". . . X . X . . .",
        ". . . . . . . . .",
    ]
    stones, marks = diagram(rows, 3, 3)
    assert forbidden(stones, marks["a"], RENJU) is None
    after = dict(stones) | {marks["a"]: 1}
    assert forbidden(after, marks["b"], RENJU) == Forbidden(
        "overline", (8, 7), (((8, 4), (8, 5), (8, 6), (8, 7), (8, 8), (8, 9)),)
    )
    for point in [(8, 4), (8, 5), (8, 6), (8, 8), (8, 9)]:
        del stones[point]
    assert forbidden(stones, marks["a"], RENJU) is not None


def test_a_three_whose_straight_four_cell_makes_a_five_is_no_three() -> None:
    # Across, O.XaX. can become a straight four only at b, and b makes five down its
    # column: b is a five, not a straight four, so the row is no three (as the classic
    # ForbiddenPointFinder and Rapfi judge it) and a makes one three. Without the
    # column, a double three.
    rows = [
        ". . . . . . . .",
        ". . . . . X . .",
        ". . . . . X . .",
        ". . . . . X . .",
        ". . . X . X . .",
        "O . X a X b . .",
        ". . . X . . . .",
        ". . . . . . . .",
    ]
    stones, marks = diagram(rows, 3, 3)
    assert forbidden(stones, marks["a"], RENJU) is None
    column = {p: s for p, s in stones.items() if not (p[0] == 8 and p[1] < 8)}
    found = forbidden(column, marks["a"], RENJU)
    assert found is not None and found.kind == "double three"


# The recursion, three levels deep: a's three across needs b, b (with a down) makes a
# double three unless one of its threes is false, and that three's only completing
# cell c is an overline in the second drawing.
RECURSIVE = [
    # x: 3 4 5 6 7 8 9 10 11 12 13
    ". . . . . . . . . . .",  # y0
    ". . . . . . . . . . .",  # y1
    ". . . . . . . . . . .",  # y2
    ". . . . . . . . . . .",  # y3
    ". . . . . . c . . . .",  # y4
    ". . . . . . X . . . .",  # y5
    ". . . . . . X . . . .",  # y6
    ". O . X a X b . . . .",  # y7
    ". . . . X . . X . . .",  # y8
    ". . . . X . O . X . .",  # y9
    ". . . . . . . . . . .",  # y10
]
RECURSIVE_OVERLINE = list(RECURSIVE)
RECURSIVE_OVERLINE[1] = ". . . X . . . . . . ."  # a diagonal through c: X X X c X X
RECURSIVE_OVERLINE[2] = ". . . . X . . . . . ."
RECURSIVE_OVERLINE[3] = ". . . . . X . . . . ."
RECURSIVE_OVERLINE[5] = ". . . . . . X X . . ."
RECURSIVE_OVERLINE[6] = ". . . . . . X . X . ."


def test_recursion_a_three_is_false_when_its_completing_cell_is_a_double_three() -> None:
    stones, marks = diagram(RECURSIVE, 3, 0)
    a, b, c = marks["a"], marks["b"], marks["c"]
    with_a = stones | {a: 1}
    b_verdict = forbidden(with_a, b, RENJU)
    assert b_verdict is not None and b_verdict.kind == "double three"
    assert forbidden(with_a | {b: 1}, c, RENJU) is None  # b's three down is real
    assert forbidden(stones, a, RENJU) is None  # a: one real three (down) and a false one


def test_recursion_a_false_three_inside_makes_the_outer_three_real() -> None:
    stones, marks = diagram(RECURSIVE_OVERLINE, 3, 0)
    a, b, c = marks["a"], marks["b"], marks["c"]
    with_a = stones | {a: 1}
    c_verdict = forbidden(with_a | {b: 1}, c, RENJU)
    assert c_verdict is not None and c_verdict.kind == "overline"
    assert forbidden(with_a, b, RENJU) is None  # b's three down is false: b is a four-three
    found = forbidden(stones, a, RENJU)
    assert found is not None and found.kind == "double three"
    assert found.shapes == (((6, 7), (7, 7), (8, 7)), ((7, 7), (7, 8), (7, 9)))


# -- fours -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "row",
    [
        "X . X X a . X",  # X.XXX.X
        "X X . X a . X X",  # XX.XX.XX
        "X X X . a . X X X",  # XXX.X.XXX
    ],
)
def test_double_four_on_one_line(row: str) -> None:
    found = verdict([row], 2, 7)
    assert found is not None and found.kind == "double four" and len(found.shapes) == 2


def test_double_four_across_two_lines_and_a_straight_four_counts_once() -> None:
    rows = [". . . . . .", ". X X X a .", ". . . . X .", ". . . . X .", ". . . . X .", ". . . . . ."]
    assert kind(rows) == "double four"
    # A straight four alone (.XXXa.) is one four, however many cells complete it.
    assert kind([". . . . . .", ". X X X a .", ". . . . . .", ". . . . X .", ". . . . X ."]) is None
    # A four and a three together are allowed.
    assert kind([". . . . . .", "O X X X a .", ". . . . X .", ". . . . X .", ". . . . . ."]) is None


def test_a_four_blocked_at_one_end_still_counts() -> None:
    rows = [". . . . . .", "O X X X a .", ". . . . X .", ". . . . X .", ". . . . X .", ". . . . O ."]
    assert kind(rows) == "double four"


# -- overlines and fives -----------------------------------------------------------
def test_overline_is_forbidden_and_names_its_run() -> None:
    found = verdict(["X X a X X X"], 2, 7)
    assert found == Forbidden("overline", (4, 7), (tuple((x, 7) for x in range(2, 8)),))
    assert found.reason() == "overline at 4,7 (line 2,7-7,7)"


@pytest.mark.parametrize(
    "rows",
    [
        # a five across and an overline down
        [". . . . .", ". . X . .", ". . X . .", "X X a X X", ". . X . .", ". . X . .", ". . X . ."],
        # a five across and a four down (with the five's end white: a double four)
        [". . . . . .", ". . X . . .", ". . X . . .", "X X a X X .", ". . X . . .", ". . . . . ."],
        # a five across and a double three (down and up the anti-diagonal)
        [". . . . .", ". . X X .", "X X a X X", ". X X . .", ". . . . ."],
    ],
)
def test_a_five_wins_whatever_else_the_move_makes(rows: list[str]) -> None:
    assert kind(rows) is None
    stones, marks = diagram(rows, 3, 3)
    row = marks["a"][1]
    # Without the five (its end stone white) the same move is forbidden.
    end = max(p for p in stones if p[1] == row)
    assert forbidden(stones | {end: 2}, marks["a"], RENJU) is not None


# -- the edges -----------------------------------------------------------------------
def test_a_three_against_the_edge_is_no_three() -> None:
    # At the left edge, XXa. cannot become a straight four (the edge ends it).
    edge = [". . X . .", "X X a . .", ". . X . .", ". . . . ."]
    assert kind(edge, 0, 6) is None
    # One cell in, .XXa. across can: its straight four .XXXX. fits between the edges.
    assert kind(edge, 1, 6) == "double three"
    # The same on the endless board: no edge, two threes.
    assert kind(edge, 0, 6, ENDLESS) == "double three"


def test_the_far_edges_and_corners() -> None:
    corner = [". . X", ". . X", "X X a"]
    assert kind(corner, 12, 12) is None  # the corner: neither row can open a straight four
    assert kind(corner, 9, 9) == "double three"
    # A double four in the corner needs no room beyond its fives.
    assert kind([". . . . X", ". . . . X", ". . . . X", "X X X . a"], 10, 11) == "double four"


# -- points, bad input ---------------------------------------------------------------
def test_forbidden_points_of_a_position_and_threatened_cells() -> None:
    stones, _ = diagram(RECURSIVE_OVERLINE, 3, 0)
    points = forbidden_points(stones, RENJU)
    everything = [(x, y) for x in range(15) for y in range(15) if (x, y) not in stones]
    assert points == [p for p in everything if forbidden(stones, p, RENJU) is not None]
    assert (7, 7) in points
    assert set(points) <= set(threatened_cells(stones, RENJU))
    assert forbidden_points({(7, 7): 2, (8, 8): 2}, RENJU) == []


def test_bad_cells_are_refused() -> None:
    with pytest.raises(ValueError, match="not empty"):
        forbidden({(7, 7): 1}, (7, 7), RENJU)
    with pytest.raises(ValueError, match="outside"):
        forbidden({}, (15, 7), RENJU)
    with pytest.raises(ValueError, match="two-dimensional"):
        forbidden({}, (1, 2, 3), RENJU)


# -- a property: the verdict is the square's ------------------------------------------
def _symmetries(point: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = point
    return [(x, y), (14 - x, y), (x, 14 - y), (14 - x, 14 - y), (y, x), (14 - y, x), (y, 14 - x), (14 - y, 14 - x)]


positions = st.lists(
    st.tuples(st.integers(2, 12), st.integers(2, 12), st.sampled_from([1, 1, 1, 2])), min_size=4, max_size=40
)


@settings(max_examples=30, deadline=None)
@given(positions, st.integers(0, 7), st.integers(-50, 50), st.integers(-50, 50))
def test_symmetric_and_translated_positions_have_the_same_forbidden_points(
    raw: list[tuple[int, int, int]], symmetry: int, dx: int, dy: int
) -> None:
    stones = {(x, y): stone for x, y, stone in raw}
    points = forbidden_points(stones, RENJU)
    turned = {_symmetries(p)[symmetry]: s for p, s in stones.items()}
    assert forbidden_points(turned, RENJU) == sorted(_symmetries(p)[symmetry] for p in points)
    # On the endless board only the edges differ: a position in the middle, moved anywhere.
    middle = {p: s for p, s in stones.items() if all(4 <= c <= 10 for c in p)}
    inner = [p for p in forbidden_points(middle, RENJU)]
    moved = {(x + dx, y + dy): s for (x, y), s in middle.items()}
    assert forbidden_points(moved, ENDLESS) == [(x + dx, y + dy) for x, y in inner]
