"""SGF game records (``gomoku.records.sgf``): a file from another program (its main line,
a rectangular board, set-up stones), and the reader's errors, which name the SGF line."""

from __future__ import annotations

import pytest

from gomoku.board import Board, Rules, Stone
from gomoku.records import GameRecord, RecordError, parse_sgf
from gomoku.records.sgf import format_sgf, sgf_root


def test_sgf_from_another_program() -> None:
    text = """(;GM[4]FF[4]SZ[15]RU[Standard]PB[b]PW[w]RE[W+R]
      ;B[hh];W[hi]
      (;B[ii];W[gg])
      (;B[aa]))"""
    record = parse_sgf(text)
    assert record.rules.bounds == ((0, 0), (14, 14)) and record.rules.overline is False
    assert record.moves == [(7, 7), (7, 8), (8, 8), (6, 6)]  # the main line only
    assert record.result == "O" and record.metadata == {"black": "b", "white": "w"}


def test_sgf_rectangular_board_with_set_up() -> None:
    record = parse_sgf("(;FF[4]GM[4]SZ[20:10]AB[aa][bb]AW[cc]PL[W];W[jj])")
    assert record.rules.bounds == ((0, 0), (19, 9))
    board = record.to_board()
    assert board.setup == {(0, 0): Stone.X, (1, 1): Stone.X, (2, 2): Stone.O}
    assert board.move_stack == [(9, 9)] and board.turn is Stone.X


def test_sgf_root_gives_the_written_boards_coordinates() -> None:
    # What format_sgf writes before the moves, and where a point lies on its board (None off it):
    # a review's annotated SGF (gomoku review --sgf) is written with them.
    record = GameRecord.from_board(Board(moves=[(0, 0), (1, 1), (-1, 0)]))
    root, coord = sgf_root(record)
    assert format_sgf(record).startswith("(;" + root + "\n;B[" + str(coord((0, 0))) + "]")
    assert "EB[1]" in root and coord((0, 0)) == "hg" and coord((-8, 0)) is None
    bounded = GameRecord.from_board(Board(Rules.preset("gomocup15"), moves=[(7, 7)]))
    root, coord = sgf_root(bounded)
    assert "SZ[15]" in root and coord((0, 0)) == "aa" and coord((14, 14)) == "oo" and coord((15, 0)) is None


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "SGF line 1: expected '(' to start"),
        ("(;FF[4]GM[1]SZ[19];B[aa])", "GM[1] is not gomoku"),
        ("(;FF[4]GM[4]SZ[15]\n;B[hh]\n;B[hi])", "SGF line 3: expected a move of W"),
        ("(;FF[4]GM[4]SZ[15];B[hh];W[zz])", "lies outside SZ[15]"),
        ("(;FF[4]GM[4]SZ[15];B[hh];W[h])", "expected a point of two letters"),
        ("(;FF[4]GM[4]SZ[15];B[hh];W[hh])", "move 2 (7,7): cell 7,7 is already taken"),
        ("(;FF[4]GM[4]SZ[15];B[hh];W[])", "a pass"),
        ("(;FF[4]GM[4]SZ[99])", "expected a size from 1 to 52"),
        ("(;FF[4]GM[4]SZ[x])", "expected SZ[n]"),
        ("(;FF[4]GM[4]SZ[15];B[hh]", "expected ')'"),
        ("(;FF[4]GM[4]SZ[15];B[hh", "expected ']'"),
        ("(;FF[4]GM[4]SZ[15];B[hh]) trailing", "nothing after the game tree"),
        ("(;FF[4]GM[4]SZ[15]OF[1])", "expected OF[x:y]"),
        ("(;FF[4]GM[4]SZ[15]OL[2])", "expected OL[0] or OL[1]"),
        ("(;FF[4]gm[4])", "capital letters"),
        ("(;FF[4]GM[4]SZ[15]\n;B[hh]W[ii])", "SGF line 2: expected one move in a node"),
        ("(;FF[4]GM[4]SZ[15]AB[aa]AW[aa])", "set up twice"),
        ("(;FF[4]GM[4]SZ[3]WL[3]EB[0];B[aa];W[ab];B[ba];W[bb];B[ca];W[cb])", "the game is over"),
        ("(;GM[4]" + "(;B[aa]" * 5000 + ")" * 5001, "nested too deeply"),
    ],
)
def test_bad_sgf(text, fragment) -> None:
    with pytest.raises(RecordError) as info:
        parse_sgf(text)
    assert fragment in str(info.value)
