"""Review: the CLI's arguments with negative coordinates, and odd files for the commands."""

from __future__ import annotations

import json

import pytest

from gomoku.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_move_string_that_starts_with_a_minus_is_a_position(capsys) -> None:
    code, out, err = run(capsys, "show", "--json", "-1,-1")
    assert (code, err) == (0, "")
    assert json.loads(out)["moves"] == [[-1, -1]]


def test_explain_takes_a_cell_with_a_negative_coordinate(capsys) -> None:
    code, out, err = run(capsys, "explain", "0,0 1,0", "-1,0", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["point"] == [-1, 0]


def test_region_takes_negative_corners(capsys) -> None:
    code, out, err = run(capsys, "weights", "0,0 1,0", "--region", "-1,-1,0,0", "--json")
    assert (code, err) == (0, "")
    cells = {(c["x"], c["y"]) for c in json.loads(out)["cells"]}
    assert cells == {(-1, -1), (-1, 0), (0, -1)}


def test_an_unknown_option_is_still_an_error(capsys) -> None:
    code, _, err = run_exit(capsys, "show", "-x", "0,0")
    assert code == 2 and "unrecognized arguments: -x" in err


def run_exit(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    out, err = capsys.readouterr()
    return int(exc.value.code or 0), out, err


def test_an_error_about_a_value_with_a_newline_is_still_one_line(capsys, tmp_path) -> None:
    game = tmp_path / "broken.sgf"
    game.write_text("(;FF[4]GM[4]SZ[15];B[h\nh])")
    code, out, err = run(capsys, "show", str(game))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("gomoku: error: ")
    assert "[h\\nh]" in err
