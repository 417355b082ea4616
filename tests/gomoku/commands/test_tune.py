"""`gomoku tune` (a tiny real run, resumed) and `gomoku weights` with no position
or a named table; bad input is one line and exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gomoku.attacks.weights import load_weights
from gomoku.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_a_tiny_run_writes_a_table_and_resumes(capsys, tmp_path: Path):
    out = tmp_path / "t.json"
    code, text, err = run(capsys, "tune", "--iterations", "1", "--pairs", "1", "--out", str(out), "--json")
    assert code == 0 and "iteration 1/1" in err
    summary = json.loads(text)
    assert summary["iterations"] == 1 and [c["parameter"] for c in summary["changes"]][-2:] == ["fork", "finish"]
    assert load_weights(out).name == "tuned" and (tmp_path / "t.spsa.json").is_file()
    code, text, _ = run(capsys, "tune", "--iterations", "2", "--pairs", "1", "--out", str(out), "--resume", "--quiet")
    assert code == 0 and text.startswith("2 iterations, 2 games each")
    assert json.loads((tmp_path / "t.spsa.json").read_text())["k"] == 2


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--iterations", "0"], "expected a positive whole number"),
        (["--pairs", "x"], "expected a positive whole number"),
        (["--c", "nan"], "expected a positive number"),
        (["--a", "-1"], "expected a positive number"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--jobs", "2", "--cluster", "localhost"], "give one or the other"),
        (["--start", "best"], "unknown weight table 'best'"),
        (["--rules", "connect4"], "does not play under gravity"),
        (["--rules", "nonsense"], ""),
        (["--resume"], "no checkpoint to resume from"),
        (["--openings", "/no/such/openings.json"], ""),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path: Path, argv: list[str], says: str):
    code, out, err = run(capsys, "tune", "--out", str(tmp_path / "t.json"), "--quiet", *argv)
    assert code == 2 and out == ""
    assert err.startswith("gomoku: error:") and err.count("\n") == 1 and says in err
    assert not (tmp_path / "t.json").exists()


def test_a_corrupt_start_table_is_one_line(capsys, tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"attacks": {"1": [null, 0.1, NaN]}}')
    code, _, err = run(capsys, "tune", "--start", str(bad), "--out", str(tmp_path / "t.json"))
    assert code == 2 and err.count("\n") == 1 and "bad.json" in err


def test_weights_shows_a_named_table_beside_the_default(capsys):
    code, out, _ = run(capsys, "weights")
    assert code == 0 and out.splitlines()[0] == "weight table seed-002" and not re.search(r"\(\d", out)
    code, out, _ = run(capsys, "weights", "--table", "tuned")
    assert code == 0 and out.splitlines()[0] == "weight table tuned"
    assert re.search(r"\d \((100|200)\)", out)  # a tuned weight shows the default's beside it
    code, out, _ = run(capsys, "weights", "--table", "tuned", "--json")
    assert json.loads(out)["name"] == "tuned"


def test_weights_of_a_position_by_a_named_table(capsys):
    code, seed, _ = run(capsys, "weights", "0,0 1,1 1,0 2,2", "--json")
    code2, tuned, _ = run(capsys, "weights", "0,0 1,1 1,0 2,2", "--json", "--table", "tuned")
    assert code == code2 == 0 and json.loads(seed)["cells"] != json.loads(tuned)["cells"]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["weights", "--table", "nope"], "unknown weight table 'nope'"),
        (["weights", "--matrix"], "need a POSITION"),
        (["weights", "0,0", "--table", "tuned", "--weights", "data/weights.json"], "give one table"),
        (["explain", "0,0", "1,0", "--table", "nope"], "unknown weight table"),
        (["hint", "0,0", "--level", "greedy:nope"], "unknown weight table 'nope'"),
        (["match", "greedy:nope", "greedy", "--games", "2"], "unknown weight table 'nope'"),
    ],
)
def test_bad_tables_are_one_line(capsys, argv: list[str], says: str):
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and says in err


def test_hint_plays_greedy_tuned(capsys):
    code, out, _ = run(capsys, "hint", "0,0 1,1 1,0", "--level", "greedy:tuned", "--json")
    hint = json.loads(out)
    assert code == 0 and hint["win_chance"] is None and tuple(hint["move"]) not in {(0, 0), (1, 1), (1, 0)}
