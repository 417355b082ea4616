"""Renju and caro on the board: the rules' names and forms, a forbidden move refused in
one line, and who wins under each (black's exact five and white's overline in renju,
caro's run blocked at both ends)."""

from __future__ import annotations

import pytest

from gomoku.board import Board, BoardError, ForbiddenError, Rules, Stone
from gomoku.cli import main
from gomoku.records import format_psq, format_sgf, parse_psq, parse_sgf, record_from_dict, record_to_dict
from gomoku.records.game import GameRecord

CROSS = [(6, 7), (0, 0), (8, 7), (0, 2), (7, 6), (0, 4), (7, 8), (0, 6)]
"""Black's four stones round 7,7 (two open twos), white's far away: 7,7 is a double three."""


def test_presets_and_forms_of_renju_and_caro() -> None:
    renju = Rules.preset("renju")
    assert (renju.bounds, renju.renju, renju.caro, renju.overline) == (((0, 0), (14, 14)), True, False, True)
    assert Rules.parse("renju") == renju and renju.describe() == "renju" and renju.title() == "Renju"
    assert Rules.parse("size=15x15,renju") == renju
    assert not renju.same_game(Rules.preset("gomocup15"))
    big = Rules.parse("size=19x19,renju")
    assert big.renju and big.bounds == ((0, 0), (18, 18)) and Rules.parse(big.describe()) == big
    endless = Rules.parse("endless,renju")
    assert endless.renju and endless.bounds is None and Rules.parse(endless.describe()) == endless
    caro = Rules.parse("caro")
    assert caro == Rules.preset("caro") and caro.caro and caro.bounds is None and caro.overline
    assert Rules.parse("endless,caro") == caro and Rules.parse("endless") == Rules.preset("freestyle")
    assert Rules.parse("endless,exact") == Rules.preset("standard")
    small = Rules.parse("size=15x15,caro,exact")
    assert small.caro and not small.overline and Rules.parse(small.describe()) == small


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("size=15x15,k=4,renju", "renju is played in two dimensions, five in a row"),
        ("size=5x5x5,renju", "renju is played in two dimensions"),
        ("size=15x15,renju,exact", "drop exact"),
        ("size=15x15,renju,caro", "choose one"),
        ("endless,size=9x9", "endless and size exclude each other"),
        ("endless,gravity", "gravity needs a bounded board"),
        ("renju,caro", "size is missing"),
    ],
)
def test_bad_forms_are_one_line_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        Rules.parse(text)
    assert "\n" not in str(caught.value)


def test_a_forbidden_black_move_is_refused_in_one_line_and_changes_nothing() -> None:
    board = Board(Rules.preset("renju"), moves=CROSS)
    before = (dict(board.stones), board.hash, board.turn)
    with pytest.raises(ForbiddenError) as caught:
        board.play((7, 7))
    assert str(caught.value) == "forbidden for black: double three at 7,7 (lines 6,7-8,7 and 7,6-7,8)"
    assert isinstance(caught.value, BoardError)
    assert (dict(board.stones), board.hash, board.turn) == before
    assert (7, 7) not in board.legal_moves() and (7, 9) in board.legal_moves()
    assert board.forbidden_points() == [(7, 7)]
    board.play((7, 9))  # black plays elsewhere; white may take 7,7: nothing is forbidden to white
    assert (7, 7) in board.legal_moves()
    board.play((7, 7))
    assert board.stones[(7, 7)] is Stone.O


def test_freestyle_has_no_forbidden_points() -> None:
    board = Board(Rules.preset("gomocup15"), moves=CROSS)
    assert board.forbidden((7, 7)) is None and board.forbidden_points() == []
    board.play((7, 7))


def test_renju_winners_black_exactly_five_white_five_or_more() -> None:
    rules = Rules.preset("renju")
    # Black: a five wins, even one that makes an overline elsewhere impossible to reach.
    board = Board(rules, moves=[(3, 7), (3, 0), (4, 7), (4, 0), (5, 7), (5, 0), (6, 7), (6, 0), (7, 7)])
    assert board.winner is Stone.X and board.winning_line == tuple((x, 7) for x in range(3, 8))
    # Black's overline, pushed by a search (play refuses it), wins nothing.
    board = Board(rules, moves=[(1, 7), (1, 0), (2, 7), (2, 0), (4, 7), (14, 14), (5, 7), (14, 12), (6, 7), (14, 10)])
    with pytest.raises(ForbiddenError, match="overline at 3,7"):
        board.play((3, 7))
    board.push((3, 7))
    assert board.winner is None
    # White's overline wins.
    moves = [(7, 7), (1, 0), (7, 9), (2, 0), (9, 7), (4, 0), (9, 9), (5, 0), (11, 11), (6, 0), (12, 13), (3, 0)]
    board = Board(rules, moves=moves)
    assert board.winner is Stone.O and len(board.winning_line) == 6


def test_caro_a_run_blocked_at_both_ends_does_not_win() -> None:
    caro = Rules.preset("caro")
    # O X X X X _ O: X's five at 5 would be blocked at both ends.
    moves = [(1, 0), (0, 0), (2, 0), (0, 5), (3, 0), (6, 0), (4, 0), (0, 9)]
    board = Board(caro, moves=moves)
    board.play((5, 0))
    assert board.winner is None
    # One end open: a win (and an overline wins under caro's five or more).
    board = Board(caro, moves=moves[:5] + [(9, 9)] + moves[6:])
    board.play((5, 0))
    assert board.winner is Stone.X
    # The board's edge blocks nothing: a five along the edge, white at its one end.
    edge = Rules.parse("size=15x15,caro")
    board = Board(edge, moves=[(0, 0), (5, 0), (1, 0), (9, 9), (2, 0), (9, 7), (3, 0), (9, 5), (4, 0)])
    assert board.winner is Stone.X
    # Freestyle: the blocked five wins.
    board = Board(Rules.preset("freestyle"), moves=moves)
    board.play((5, 0))
    assert board.winner is Stone.X


def test_caro_blocked_overline_and_exact_caro() -> None:
    blocked = [(1, 0), (0, 0), (2, 0), (7, 0), (3, 0), (0, 5), (5, 0), (0, 7), (6, 0)]
    board = Board(Rules.preset("caro"), moves=blocked)
    board.play((0, 9))
    board.play((4, 0))  # O XXXXXX O: six, blocked at both ends
    assert board.winner is None
    exact = Board(Rules.parse("endless,caro,exact"), moves=[(1, 0), (0, 5), (2, 0), (0, 7), (3, 0), (0, 9)])
    exact.play((5, 0))
    exact.play((9, 9))
    exact.play((6, 0))
    exact.play((9, 7))
    exact.play((4, 0))  # six with open ends: no win when exactly five is asked for
    assert exact.winner is None


@pytest.mark.parametrize("name", ["renju", "caro", "size=19x19,k=5,renju", "size=15x15,k=5,exact,caro"])
def test_records_keep_renju_and_caro(name: str) -> None:
    rules = Rules.parse(name)
    record = GameRecord(rules, [(7, 7), (8, 8)])
    again = record_from_dict(record_to_dict(record))
    assert again.rules.same_game(rules) and again.rules.describe() == name
    assert parse_sgf(format_sgf(record)).rules.same_game(rules)
    if rules.bounds is not None:
        assert parse_psq(format_psq(record)).rules.same_game(rules)


def test_the_cli_refuses_a_forbidden_move_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    moves = " ".join(f"{x},{y}" for x, y in CROSS)
    assert main(["show", moves + " 7,7", "--rules", "renju"]) == 2
    assert capsys.readouterr().err == (
        "gomoku: error: move 9 (7,7): forbidden for black: double three at 7,7 (lines 6,7-8,7 and 7,6-7,8)\n"
    )
    assert main(["show", moves + " 7,7", "--rules", "gomocup15"]) == 0
    capsys.readouterr()
    assert main(["show", "0,0", "--rules", "endless,renju,caro"]) == 2
    assert "choose one" in capsys.readouterr().err
