"""The breakdown in words: shapes, rounding, the spec's worked examples, and the
breakpoint's name agreeing with the scanner's own verdict on random positions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from strategies import games, rule_sets

from gomoku.attacks import explain, scan_line
from gomoku.attacks.words import (
    LEGEND,
    attack_words,
    bonus_words,
    breakpoint_words,
    describe,
    format_weight,
    line_words,
    shape,
    stone_words,
)
from gomoku.board import Board, Rules, Stone


def row(text: str, stone: Stone = Stone.X) -> tuple[Board, tuple[int, int]]:
    """A board holding one row of the spec's examples (``c`` the scanned cell), and that cell."""
    board = Board()
    stones = {}
    cell = (0, 0)
    for x, char in enumerate(text):
        if char == "c":
            cell = (x, 0)
        elif char in "XO":
            stones[(x, 0)] = Stone[char]
    stones[(100, 100)] = Stone.O  # keep the turn as the spec has it: X to move
    stones[(100, 110)] = Stone.O if sum(1 for s in stones.values() if s is Stone.X) > len(stones) - 1 else Stone.X
    board.set_up(stones)
    return board, cell


@pytest.mark.parametrize(
    "line, attacks, verdict",
    [
        ("..XXc.X..", ["open three [3:2], 7", "open one past 1 gap [1:2/2], 0.12"], "room 11, breakpoint: open three"),
        (
            ".OXXc.X..",
            ["closed three [3:1], 4", "open one past 1 gap [1:2/2], 0.12"],
            "room 8, breakpoint: broken four",
        ),
        ("...XcXX..", ["open four [4:2], 100"], "room 11, breakpoint: open four"),
        ("..XXcXX..", ["five [5:2], 200"], "room 11, makes five"),
        ("OXXXc.O", ["closed four [4:1], 6"], "room 5, breakpoint: four"),
        (
            "..X.c.X..",
            ["open one past 1 gap [1:2/2], 0.12", "open one [1:2], 0.25", "open one past 1 gap [1:2/2], 0.12"],
            "room 11",
        ),
        (
            ".X..c..XX..",
            ["open one past 2 gaps [1:2/3], 0.08", "open one [1:2], 0.25", "open two past 2 gaps [2:2/3], 1.7"],
            "room 11",
        ),
    ],
)
def test_the_specs_worked_examples_in_words(line: str, attacks: list[str], verdict: str) -> None:
    board, cell = row(line)
    scan = scan_line(board, cell, Stone.X, (1, 0))
    assert [attack_words(a) for a in scan.attacks] == attacks
    assert line_words(scan) == verdict


def test_a_line_too_short_for_five_says_so() -> None:
    board, cell = row("OX.cXO")
    scan = scan_line(board, cell, Stone.X, (1, 0))
    assert scan.attackplace == 4 and scan.attacks == ()
    assert line_words(scan) == "room 4: no five fits"


@pytest.mark.parametrize(
    "power, potential, k, name",
    [
        (1, 2, 5, "open one"),
        (2, 1, 5, "closed two"),
        (3, 2, 5, "open three"),
        (4, 1, 5, "closed four"),
        (4, 2, 5, "open four"),
        (5, 0, 5, "five"),
        (7, 2, 5, "overline"),
        (2, 2, 3, "open two"),
        (3, 1, 3, "three in a row"),
        (4, 0, 4, "four in a row"),
    ],
)
def test_shapes(power: int, potential: int, k: int, name: str) -> None:
    assert shape(power, potential, k) == name


def test_numbers_are_rounded_to_what_a_reader_needs() -> None:
    assert [format_weight(v) for v in (301.5, 100.0, 99.94, 99.4, 9.96, 1.05, 0.999, 0.004)] == [
        "302",
        "100",
        "100",
        "99.4",
        "10",
        "1.1",
        "1",
        "0",
    ]


def test_the_legend_is_one_short_line() -> None:
    assert "\n" not in LEGEND and len(LEGEND) <= 36


def test_bonuses_and_headings() -> None:
    # X's four on the row and open three on the column at 3,0: a fork, X to move.
    board = Board()
    board.set_up(
        {
            (0, 0): Stone.X,
            (1, 0): Stone.X,
            (2, 0): Stone.X,
            (3, 1): Stone.X,
            (3, 2): Stone.X,
            (-1, 0): Stone.O,
            (9, 9): Stone.O,
            (9, 10): Stone.O,
            (9, 12): Stone.O,
        }
    )
    data = explain(board, (3, 0)).to_dict()
    x = data["stones"]["X"]
    assert bonus_words(x) == ["fork +100: two breakpoint lines"]
    assert stone_words("X", x, to_move=True).startswith("X (to move) ")
    assert bonus_words(data["stones"]["O"]) == []


def test_a_five_made_by_the_side_to_move_earns_the_finishing_words() -> None:
    board = Board()
    board.set_up(
        {
            (0, 0): Stone.X,
            (1, 0): Stone.X,
            (2, 0): Stone.X,
            (3, 0): Stone.X,
            (9, 9): Stone.O,
            (9, 10): Stone.O,
            (9, 12): Stone.O,
            (9, 14): Stone.O,
        }
    )
    words = describe(explain(board, (4, 0)))
    assert "row: room 11, makes five" in words
    assert "finishing +100: makes five now" in words


def test_the_scanners_objects_and_their_data_read_the_same() -> None:
    board = Board(moves=[(0, 0), (1, 1), (1, 0), (2, 2), (2, 0), (5, 5)])
    explanation = explain(board, (3, 0))
    assert describe(explanation) == describe(explanation.to_dict())
    text = describe(explanation)
    assert text.splitlines()[0] == "cell 3,0, X to move: weight 102 (X 101 + O 0.85)"
    assert "X (to move) 101" in text


def test_other_win_lengths_name_their_rows() -> None:
    rules = Rules(k=3)
    board = Board(rules, moves=[(0, 0), (5, 5), (1, 0)])
    assert "makes three in a row" in describe(explain(board, (2, 0)), k=3)


@settings(max_examples=40, deadline=None)
@given(games(rule_sets(), max_moves=30))
def test_a_line_is_named_a_breakpoint_exactly_when_the_scanner_says_it_is_one(board: Board) -> None:
    k = board.rules.k
    for point in board.candidates(2)[:12]:
        if point in board.stones or not board.rules.contains(point):
            continue
        for stone in Stone:
            for direction in board.rules.directions:
                line = scan_line(board, point, stone, direction)
                named = breakpoint_words(line.attacks, k)
                assert (named is not None) == line.breakpoint, (point, stone, direction, line)
                if line.breakpoint and not line.five:
                    assert f"breakpoint: {named}" in line_words(line, k)
