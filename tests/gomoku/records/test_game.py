"""The game model's text forms (``gomoku.records.game``): move strings round-trip and
name the move at fault; position JSON (stones and the side to move) rebuilds the
board, with set-up stones where no alternation gives it, and says which field is wrong."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import FAR

from gomoku.board import Stone
from gomoku.records import RecordError, board_from_position, format_moves, parse_moves, position_from_dict


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-FAR * 10, FAR * 10), st.integers(-FAR * 10, FAR * 10)), max_size=30))
def test_move_strings_round_trip(moves) -> None:
    assert parse_moves(format_moves(moves)) == moves


def test_move_string_separators_and_dimensions() -> None:
    assert parse_moves(" 1,2;3,-4\n 5,6 ") == [(1, 2), (3, -4), (5, 6)]
    assert parse_moves("1,2,3 4,5,6") == [(1, 2, 3), (4, 5, 6)]
    assert parse_moves("") == []


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("0,0 1", "move 2 '1'"),
        ("0,0 a,b", "move 2 'a,b'"),
        ("0,0 1.5,2", "move 2"),
        ("0,0 1,2,3", "move 2"),
        ("0,0,", "move 1"),
    ],
)
def test_bad_move_strings(text, fragment) -> None:
    with pytest.raises(RecordError, match="expected") as info:
        parse_moves(text)
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    "stones, to_move, setup",
    [
        ({"X": [[0, 0]], "O": []}, "O", False),
        ({"X": [[0, 0]], "O": [[1, 1]]}, "X", False),
        ({"X": [[0, 0], [2, 2]], "O": []}, "O", True),  # X two ahead
        ({"X": [], "O": [[0, 0]]}, "X", True),  # O alone
        ({"X": [[0, 0]], "O": [[1, 1]]}, "O", True),  # equal counts, O to move
        ({"X": [[i, 0] for i in range(5)], "O": [[i, 1] for i in range(4)]}, "O", True),  # a five
    ],
)
def test_board_from_position_counts(stones, to_move, setup) -> None:
    board = board_from_position(stones, to_move)
    assert board.turn.name == to_move
    assert bool(board.setup) == setup
    assert sorted(board.stones) == sorted(tuple(p) for s in stones.values() for p in s)
    if len(stones["X"]) == 5:
        assert board.winner is Stone.X
    while board.move_stack:
        board.pop()
    assert len(board.stones) == len(board.setup)


def test_board_from_position_takes_points_and_stones() -> None:
    board = board_from_position({(0, 0): Stone.X, (1, 0): Stone.O, (2, 0): "X"})
    assert board.turn is Stone.O and board.move_stack == [(0, 0), (1, 0), (2, 0)]


@pytest.mark.parametrize(
    "data, fragment",
    [
        ({"to_move": "X"}, 'expected an object with "stones"'),
        ({"stones": [], "to_move": "X"}, "position.stones: expected an object"),
        ({"stones": {"X": [[0, 0]], "B": []}}, "unexpected key 'B'"),
        ({"stones": {"X": [[0, "a"]]}}, "stones.X[0]: expected a point"),
        ({"stones": {"X": [[0, 0]], "O": [[0, 0]]}}, "stones.O[0]: cell 0,0 is listed twice"),
        ({"stones": {"X": [[0, 0]], "O": [[0, 0, 1]]}}, "stones.O[0]: expected 2 coordinates"),
        ({"stones": {"X": [[0, 0]]}, "to_move": "Y"}, 'position.to_move: expected "X" or "O"'),
        ({"stones": {"X": [[i, 0] for i in range(5)], "O": [[i, 1] for i in range(5)]}}, "both X and O have a five"),
        ({"stones": {"X": [[20, 0]]}, "rules": "gomocup20"}, "outside the board"),
        ({"stones": {"X": [[0, 0]]}, "rules": "go"}, "position.rules: unknown rules"),
    ],
)
def test_bad_position_json(data, fragment) -> None:
    with pytest.raises(RecordError) as info:
        position_from_dict(data)
    assert fragment in str(info.value)
