"""Issue 11, the CLI: files that never end or block are refused, `show` draws a bounded amount,
and every error names the file, the line and the field (items 7 and 9)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gomoku import files as _jsonio
from gomoku.board import Rules
from gomoku.cli import main
from gomoku.commands import show
from gomoku.files import MAX_FILE_BYTES, parse_json, read_file
from gomoku.match import MatchError, load_openings
from gomoku.records import RecordError, load_game, read_position

HUGE = "9" * 5000


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(capsys, *argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("gomoku: error: "), (code, err)
    return err


# -- item 7: what is read -----------------------------------------------------------------------------------------
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


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    path.write_text("[" + " " * 200 + "]")
    monkeypatch.setattr(_jsonio, "MAX_FILE_BYTES", 100)
    real_stat = os.stat

    def small_stat(target, *args, **kwargs):  # the size seen before the read: still small
        info = real_stat(target, *args, **kwargs)
        return os.stat_result((info.st_mode, *info[1:6], 10, *info[7:]))

    monkeypatch.setattr(os, "stat", small_stat)
    with pytest.raises(ValueError, match="g.json: more than"):
        read_file(path)


def test_an_openings_file_that_is_a_fifo_is_a_match_error(tmp_path):
    fifo = tmp_path / "openings.json"
    os.mkfifo(fifo)
    with pytest.raises(MatchError, match="openings .*openings.json: a FIFO"):
        load_openings(fifo, Rules.preset("gomocup20"))


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


# -- item 9: where it broke ----------------------------------------------------------------------------------------
def test_a_jsonl_selector_of_unicode_digits_is_an_id_not_a_crash(capsys, tmp_path):
    path = tmp_path / "f.jsonl"
    path.write_text('{"stones": {"X": [[0, 0]], "O": []}}\n')
    err = one_line_error(capsys, "show", f"{path}:\u00b2")
    assert "f.jsonl: no position with id '\u00b2'" in err
    err = one_line_error(capsys, "show", f"{path}:{HUGE}")
    assert "f.jsonl: line 999" in err and "expected a line number from 1 to 1" in err and len(err) < 200


def test_a_json_number_too_long_to_read_is_named_by_file_line_column_and_field(capsys, tmp_path):
    path = tmp_path / "g.json"
    path.write_text('{"format": "gomoku",\n "moves": [[0, 0], [1, ' + HUGE + ']]}\n')
    err = one_line_error(capsys, "show", str(path))
    assert 'g.json line 2 column 24 (field "moves"): a number of 5000 digits' in err and len(err) < 200


def test_a_jsonl_line_with_a_number_too_long_names_its_line(capsys, tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_text('{"stones": {"X": [[0, 0]], "O": []}}\n{"stones": {"X": [[' + HUGE + ', 0]], "O": []}}\n')
    err = one_line_error(capsys, "show", f"{path}:2")
    assert 'p.jsonl line 2 column 20 (field "X"): a number of 5000 digits' in err


@pytest.mark.parametrize("name, text, fragment", [
    ("s.sgf", f"(;GM[4]SZ[{HUGE}];B[aa])", "SGF line 1: SZ: a number of 5000 digits"),
    ("o.sgf", f"(;GM[4]SZ[15]OF[{HUGE}:0];B[aa])", "SGF line 1: OF: a number of 5000 digits"),
    ("h.psq", f"Piskvorky {HUGE}x20, 11:11, 0\n1,1,0\n", "PSQ line 1: the board size: a number of 5000 digits"),
    ("m.psq", f"Piskvorky 20x20, 11:11, 0\n1,1,0\n{HUGE},1,0\n", "PSQ line 3: a number of 5000 digits"),
    ("k.psq", f"Piskvorky 20x20, 11:11, 0\n1,1,0\n;gomoku: k={HUGE}\n", "PSQ line 3: k: a number of 5000"),
])
def test_a_number_too_long_in_a_game_file_names_file_and_line(tmp_path, name, text, fragment):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(RecordError) as info:
        load_game(path)
    message = str(info.value)
    assert message.startswith(str(path)) and fragment in message and len(message) < 300


def test_a_move_string_with_a_number_too_long_names_the_move():
    with pytest.raises(RecordError, match="move 2: a number of 5000 digits is too large to read"):
        read_position(f"0,0 {HUGE},1")


def test_an_openings_file_with_a_number_too_long_names_its_line(tmp_path):
    path = tmp_path / "o.jsonl"
    path.write_text('{"move_order": [[1, 1]]}\n{"move_order": [[' + HUGE + ", 1]]}\n")
    with pytest.raises(MatchError, match=r'o.jsonl line 2 column 18 \(field "move_order"\): a number of 5000'):
        load_openings(path, Rules.preset("gomocup20"))


def test_parse_json_says_where_with_no_field_at_the_top():
    with pytest.raises(ValueError, match=r"^t.json line 3 column 1: a number of 5000 digits"):
        parse_json("[\n1,\n" + HUGE + "]", "t.json")


@pytest.mark.parametrize("error", [MemoryError, RecursionError])
def test_running_out_of_memory_or_stack_is_still_one_line(capsys, monkeypatch, error):
    def explode(args):
        raise error()

    monkeypatch.setattr(show, "run", explode)
    err = one_line_error(capsys, "show", "0,0")
    assert "out of memory" in err or "nested too deeply" in err
