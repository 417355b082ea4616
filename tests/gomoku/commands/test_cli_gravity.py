"""Connect Four at the command line: ``weights`` offers only the cells a stone can be
played on, and ``show`` and ``weights`` draw a gravity board as the app does, the
stones resting at the bottom (y grows upwards)."""

from __future__ import annotations

import json

import pytest

from gomoku.board import Board, Rules
from gomoku.cli import main

CONNECT4 = ["--rules", "size=7x6,k=4,gravity"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_weights_recommend_the_cell_on_the_stones_not_one_in_the_air(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "weights", *CONNECT4, "3,0 3,1")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1].startswith("X to move; the greatest weight: 3,2 ")
    rows = out.splitlines()[1:-1]
    assert [row.split()[0] for row in rows] == ["3", "2", "1", "0"]  # the bottom row last
    assert rows[-1].split()[1:] == ["16", "15", "X", "15", "16"]
    assert rows[-2].split()[1:] == [".", ".", "O", ".", "."]
    assert rows[-3].split()[1:] == [".", ".", "36", ".", "."]
    assert rows[0].split()[1:] == ["."] * 5  # nothing weighed in the air


def test_weights_as_json_hold_only_playable_cells(capsys: pytest.CaptureFixture[str]) -> None:
    board = Board(Rules.parse("size=7x6,k=4,gravity"), moves=[(3, 0), (3, 1), (4, 0), (2, 0)])
    moves = " ".join(f"{x},{y}" for x, y in board.move_stack)
    code, out, _ = run(capsys, "weights", *CONNECT4, moves, "--json")
    cells = {(c["x"], c["y"]) for c in json.loads(out)["cells"]}
    assert code == 0 and cells and cells <= set(board.legal_moves())
    code, out, _ = run(capsys, "weights", "--rules", "connect4", "", "--json")
    assert code == 0 and [(c["x"], c["y"]) for c in json.loads(out)["cells"]] == [(3, 0)]


def test_show_draws_a_gravity_board_with_its_stones_at_the_bottom(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", *CONNECT4, "3,0 3,1 4,0")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == [str(x) for x in range(7)]
    assert [line.split()[0] for line in lines[1:7]] == ["5", "4", "3", "2", "1", "0"]
    assert lines[6].split() == ["0", ".", ".", ".", "X", "[X]", ".", "."]
    assert lines[5].split() == ["1", ".", ".", ".", "O", ".", ".", "."]
    assert lines[7] == "O to move (move 4)"
    _, without, _ = run(capsys, "show", "--rules", "size=7x6,k=4", "3,0 3,1 4,0")
    assert [line.split()[0] for line in without.splitlines()[1:7]] == ["0", "1", "2", "3", "4", "5"]


def test_show_help_says_which_way_up(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["show", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "under gravity (Connect Four) y grows upwards" in text
