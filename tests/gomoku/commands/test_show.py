"""`gomoku show`, `--version`, `--help`, the CLI's arguments (a value may start with a
minus) and its one-line errors: a file that never ends, blocks or is too large is
refused, a board of many layers is drawn in a bounded amount, and an error names the
file, the line, the column and the field."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from strategies import games, rule_sets

from gomoku import __version__
from gomoku.cli import main
from gomoku.commands import show
from gomoku.files import MAX_FILE_BYTES

DATA = Path(__file__).resolve().parents[3] / "data" / "positions"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def grid(out: str) -> dict[tuple[int, int], str]:
    """The cells of `show` text: (x, y) -> symbol, read back through the rulers."""
    lines = out.splitlines()
    header = lines[0]
    columns = {}
    for token_end, char in enumerate(header):
        if char.strip() and (token_end + 1 == len(header) or not header[token_end + 1].strip()):
            start = header.rstrip()[: token_end + 1].rfind(" ") + 1
            columns[token_end] = int(header[start : token_end + 1])
    cells = {}
    for line in lines[1:]:
        label, _, _ = line.strip().partition(" ")
        if not label.lstrip("-").isdigit():
            break
        y = int(label)
        for position, x in columns.items():
            if position < len(line):
                cells[(x, y)] = line[position]
    return cells


def test_show_a_move_string(capsys) -> None:
    code, out, err = run(capsys, "show", "0,0 1,0 -3,2")
    assert code == 0 and err == ""
    cells = grid(out)
    assert cells[(0, 0)] == "X" and cells[(1, 0)] == "O" and cells[(-3, 2)] == "X"
    assert cells[(2, 2)] == "."
    assert min(x for x, _ in cells) == -5 and max(x for x, _ in cells) == 3  # margin of 2
    assert "[X]" in out  # the last move
    assert out.splitlines()[-1] == "O to move (move 4)"


def test_show_a_won_game_marks_the_line(capsys) -> None:
    code, out, _ = run(capsys, "show", "0,0 0,1 1,1 1,2 2,2 2,3 -1,-1 -2,-2 3,3")
    cells = grid(out)
    assert code == 0
    assert [cells[(i, i)] for i in range(-1, 4)] == ["x"] * 5
    assert out.splitlines()[-1] == "X wins (-1,-1 0,0 1,1 2,2 3,3)"


@pytest.mark.parametrize(
    "name",
    [
        "sample-game.json",
        "sample-game.sgf",
        "sample-game.psq",
        "vcf-puzzle.json",
        "gomocup20.psq",
        "far-away.sgf",
        "vcf-sample.jsonl:2",
    ],
)
def test_show_each_file_format(capsys, name) -> None:
    code, out, err = run(capsys, "show", str(DATA / name))
    assert code == 0 and err == ""
    code, js, _ = run(capsys, "show", "--json", str(DATA / name))
    data = json.loads(js)
    cells = grid(out)
    for stone in ("X", "O"):
        for x, y in data["stones"][stone]:
            assert cells[(x, y)].upper() == stone
    assert sum(1 for c in cells.values() if c in "XOxo") == sum(len(v) for v in data["stones"].values())


def test_show_json(capsys) -> None:
    code, out, _ = run(capsys, "show", "--json", "5,5 -1000000000000000,3")
    data = json.loads(out)
    assert code == 0
    assert data["stones"] == {"X": [[5, 5]], "O": [[-1000000000000000, 3]]}
    assert data["to_move"] == "X" and data["moves"] == [[5, 5], [-1000000000000000, 3]]
    assert data["result"] is None and data["rules"]["name"] == "freestyle"


def test_show_far_apart_stones_shows_a_window(capsys) -> None:
    code, out, _ = run(capsys, "show", "0,0 1000000,1000000")
    assert code == 0
    assert len(out.splitlines()) < 60
    assert "stones lie beyond this view" in out


def test_show_with_rules_and_three_dimensions(capsys) -> None:
    code, out, _ = run(capsys, "show", "--rules", "tictactoe", "0,0 1,1 2,2")
    assert code == 0 and len(grid(out)) == 9
    code, out, _ = run(capsys, "show", "0,0,0 1,1,1")
    assert code == 0 and "layer x3=0:" in out and "layer x3=1:" in out


def test_version_and_help(capsys) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"gomoku {__version__}"
    with pytest.raises(SystemExit) as info:
        main(["--help"])
    assert info.value.code == 0
    assert "show" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["show", "--help"])
    assert "POSITION" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["show", "0,0 0,0"], "move 2 (0,0): cell 0,0 is already taken"),
        (["show", "zero"], "move 1 'zero'"),
        (["show", "nowhere.sgf"], "nowhere.sgf: no such file"),
        (["show", "--rules", "tictactoe", "5,5"], "outside the board"),
    ],
)
def test_bad_position_is_one_line_and_exit_2(capsys, argv, fragment) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("gomoku: error: ")
    assert fragment in err


def test_bad_file_is_one_line(capsys, tmp_path) -> None:
    path = tmp_path / "broken.psq"
    path.write_text("Piskvorky 15x15, 11:11, 0\n1,1,0\n1,1,0\n")
    code, _, err = run(capsys, "show", str(path))
    assert code == 2 and err.count("\n") == 1 and "PSQ line 3" in err


def test_real_subprocess_error_has_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gomoku.cli", "show", "0,0 0,0"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "gomoku: error: move 2 (0,0): cell 0,0 is already taken"
    assert "Traceback" not in done.stderr
    ok = subprocess.run([sys.executable, "-m", "gomoku.cli", "show", "0,0"], capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and "[X]" in ok.stdout


@settings(max_examples=30, deadline=None)
@given(games(rule_sets(), max_moves=30, span=8, far=True))
def test_render_shows_every_stone_where_it_is(board) -> None:
    from gomoku.commands.show import render

    text = render(board)
    cells = grid(text)
    assert {p for p, c in cells.items() if c in "XOxo"} == set(board.stones)
    assert all(cells[p].upper() == board.stones[p].name for p in board.stones)
    assert text.splitlines()[-1].startswith(("X ", "O ", "draw"))


def test_show_json_reads_back_as_a_position(capsys, tmp_path) -> None:
    _, out, _ = run(capsys, "show", "--json", "--rules", "gomocup15", "7,7 8,8 6,6")
    path = tmp_path / "p.json"
    path.write_text(out)
    _, again, _ = run(capsys, "show", "--json", str(path))
    first, second = json.loads(out), json.loads(again)
    assert second["stones"] == first["stones"] and second["to_move"] == "O"
    assert second["rules"] == first["rules"] and first["rules"]["name"] == "gomocup15"


def test_a_move_string_that_starts_with_a_minus_is_a_position(capsys) -> None:
    code, out, err = run(capsys, "show", "--json", "-1,-1")
    assert (code, err) == (0, "")
    assert json.loads(out)["moves"] == [[-1, -1]]


def run_exit(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    out, err = capsys.readouterr()
    return int(exc.value.code or 0), out, err


def test_an_unknown_option_is_still_an_error(capsys) -> None:
    code, _, err = run_exit(capsys, "show", "-x", "0,0")
    assert code == 2 and "unrecognized arguments: -x" in err


def test_an_error_about_a_value_with_a_newline_is_still_one_line(capsys, tmp_path) -> None:
    game = tmp_path / "broken.sgf"
    game.write_text("(;FF[4]GM[4]SZ[15];B[h\nh])")
    code, out, err = run(capsys, "show", str(game))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("gomoku: error: ")
    assert "[h\\nh]" in err


# -- what is read: a file that never ends or blocks is refused, a drawing is bounded --
HUGE = "9" * 5000
"""A number longer than Python reads (4300 digits)."""


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("gomoku: error: "), (code, err)
    return err


def test_a_game_file_linked_to_dev_zero_is_refused_before_reading(capsys, tmp_path):
    link = tmp_path / "z.json"
    link.symlink_to("/dev/zero")
    err = one_line_error(capsys, "show", str(link))
    assert "z.json: a character device, not a regular file" in err


def test_a_fifo_is_refused_not_waited_on(capsys, tmp_path):
    fifo = tmp_path / "p.psq"
    os.mkfifo(fifo)
    err = one_line_error(capsys, "show", str(fifo))
    assert "p.psq: a FIFO, not a regular file" in err
    err = one_line_error(capsys, "show", f"{tmp_path / 'q.jsonl'}:1")
    assert "q.jsonl: no such file" in err


@pytest.mark.parametrize("name", ["big.json", "big.sgf", "big.psq", "big.jsonl:1"])
def test_a_file_over_the_size_limit_is_refused(capsys, tmp_path, name):
    path = tmp_path / name.partition(":")[0]
    with open(path, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk space used
    err = one_line_error(capsys, "show", str(tmp_path / name))
    assert f"{path.name}: 64 MB is too large; files of at most 64 MB are read" in err


def test_show_of_a_board_of_many_dimensions_draws_a_bounded_amount(capsys):
    code, out, _ = run(capsys, "show", "0,0,0,0,0,0,0 0,0,39,39,39,39,39")
    assert code == 0 and len(out) < 5000
    assert "empty layers not shown" in out and out.rstrip().endswith("X to move (move 3)")


def test_show_of_many_layers_with_stones_draws_at_most_the_limit(capsys):
    moves = " ".join(f"{i % 2 * 7},{i // 2},{i},0" for i in range(40))  # a stone on each of 40 layers
    code, out, _ = run(capsys, "show", moves)
    assert code == 0 and out.count("layer x3=") == show.MAX_LAYERS
    assert "more layers with stones: see --json" in out


def test_show_of_a_few_layers_still_draws_them_all(capsys):
    code, out, _ = run(capsys, "show", "0,0,0 1,0,2")
    assert code == 0 and out.count("layer x3=") == 3 and "not shown" not in out


# -- where it broke: the error names the file, the line, the column and the field ---
def test_a_jsonl_selector_of_unicode_digits_is_an_id_not_a_crash(capsys, tmp_path):
    path = tmp_path / "f.jsonl"
    path.write_text('{"stones": {"X": [[0, 0]], "O": []}}\n')
    err = one_line_error(capsys, "show", f"{path}:\u00b2")
    assert "f.jsonl: no position with id '\u00b2'" in err
    err = one_line_error(capsys, "show", f"{path}:{HUGE}")
    assert "f.jsonl: line 999" in err and "expected a line number from 1 to 1" in err and len(err) < 200


def test_a_json_number_too_long_to_read_is_named_by_file_line_column_and_field(capsys, tmp_path):
    path = tmp_path / "g.json"
    path.write_text('{"format": "gomoku",\n "moves": [[0, 0], [1, ' + HUGE + "]]}\n")
    err = one_line_error(capsys, "show", str(path))
    assert 'g.json line 2 column 24 (field "moves"): a number of 5000 digits' in err and len(err) < 200


def test_a_jsonl_line_with_a_number_too_long_names_its_line(capsys, tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_text('{"stones": {"X": [[0, 0]], "O": []}}\n{"stones": {"X": [[' + HUGE + ', 0]], "O": []}}\n')
    err = one_line_error(capsys, "show", f"{path}:2")
    assert 'p.jsonl line 2 column 20 (field "X"): a number of 5000 digits' in err


@pytest.mark.parametrize("error", [MemoryError, RecursionError])
def test_running_out_of_memory_or_stack_is_still_one_line(capsys, monkeypatch, error):
    def explode(args):
        raise error()

    monkeypatch.setattr(show, "run", explode)
    err = one_line_error(capsys, "show", "0,0")
    assert "out of memory" in err or "nested too deeply" in err
