"""Piskvork PSQ game records (``gomoku.records.psq``): a file as Piskvork writes it, and
the reader's errors, which name the PSQ line."""

from __future__ import annotations

import pytest

from gomoku.board import Rules
from gomoku.records import GameRecord, RecordError, format_psq, parse_psq
from gomoku.records.tree import GameTree


def test_psq_from_piskvork() -> None:
    text = "Piskvorky 20x20, 11:11, 0\r\n10,10,1200\r\n11,11,800\r\n9,9\r\npbrain-one.exe\r\npbrain-two.exe\r\n-1\r\n"
    record = parse_psq(text)
    assert record.moves == [(9, 9), (10, 10), (8, 8)]
    assert record.rules == Rules.preset("gomocup20")


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "PSQ line 1: expected a header"),
        ("Gomoku 15x15\n1,1,0\n", "PSQ line 1: expected a header"),
        ("Piskvorky 0x15, 11:11, 0\n", "expected a board size"),
        ("Piskvorky 15x15, 11:11, 0\n1,1,0\n16,1,0\n", "PSQ line 3: 16,1 lies outside the 15x15 board"),
        ("Piskvorky 15x15, 11:11, 0\n1,1,0\n0,1,0\n", "PSQ line 3: 0,1 lies outside"),
        ("Piskvorky 15x15, 11:11, 0\n1,1,0\n2,2,0\n1,1,0\n", "PSQ line 4: move 3 (0,0): cell 0,0 is already taken"),
        ("Piskvorky 15x15, 11:11, 0\n1,1,0\n;gomoku: offset=a,b\n", "offset 'a,b': expected x,y"),
        ("Piskvorky 15x15, 11:11, 0\n1,1,0\n;gomoku: overline=yes\n", "PSQ line 3: overline: expected 0 or 1"),
        ("Piskvorky 15x15, 11:11, 0\n1,1,0\n;gomoku: result=B\n", "result: expected X, O or draw"),
        ("Piskvorky 15x15, 11:11, 0\n1,1,0\n;gomoku: junk\n", "PSQ line 3: expected key=value"),
        ("Piskvorky 15x15, 11:11, 0\n1,1,0\n;gomoku: k=5\n2,2,0\n", "PSQ line 4: expected no moves after"),
    ],
)
def test_bad_psq(text, fragment) -> None:
    with pytest.raises(RecordError) as info:
        parse_psq(text)
    assert fragment in str(info.value)


def test_psq_of_a_tree_holds_its_main_line() -> None:
    # PSQ has no variations: a game tree is written as its main line.
    tree = GameTree.from_moves([(0, 0), (1, 0), (0, 1)])
    tree.play(tree.root.children[0], (5, 5))
    record = GameRecord.from_tree(tree)
    assert record.tree is not None
    again = parse_psq(format_psq(record))
    assert again.moves == [(0, 0), (1, 0), (0, 1)] and again.tree is None
