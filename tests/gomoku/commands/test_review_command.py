"""`gomoku review` through the CLI's front door: the JSON pinned, the table, the
graph, the classic games judged by the perfect player, and the bad input."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gomoku.board import Rules
from gomoku.cli import main
from gomoku.records import GameRecord, parse_sgf, read_position, save_game
from gomoku.review import DEFAULT_NODES

TICTACTOE = "1,1 0,1 0,0 2,2 1,0 1,2 2,0"
"""O's edge reply (ply 1) loses to perfect play."""
FOUR_IGNORED = "0,0 -1,0 1,0 0,5 2,0 5,5 3,0 9,9 4,0"
"""O ignores X's four (ply 7); X makes five."""
MOVE_KEYS = {
    "ply",
    "move",
    "side",
    "class",
    "win_chance_before",
    "win_chance_after",
    "better",
    "reason",
    "line",
    "score_before",
    "score_after",
    "result_before",
    "result_after",
    "judge",
}
SUMMARY_KEYS = {"moves", "result", "counts", "accuracy", "first_mistake", "seconds", "settings"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own errors (ours: one line, exit 2)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_json_is_one_object_of_moves_and_summary(capsys):
    code, out, err = run(capsys, "review", TICTACTOE, "--rules", "tictactoe", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"moves", "summary"} and out.count("\n") == 1
    assert [m["ply"] for m in data["moves"]] == list(range(7))
    for m in data["moves"]:
        assert set(m) == MOVE_KEYS
        assert m["class"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert m["side"] == ("X" if m["ply"] % 2 == 0 else "O")
        assert 0.0 <= m["win_chance_before"] <= 1.0 and 0.0 <= m["win_chance_after"] <= 1.0
        assert m["better"] is None or (isinstance(m["better"], list) and len(m["better"]) == 2)
        assert isinstance(m["reason"], str) and m["reason"]
    blunder = data["moves"][1]
    assert blunder == {
        **blunder,
        "ply": 1,
        "move": [0, 1],
        "side": "O",
        "class": "blunder",
        "win_chance_before": 0.5,
        "win_chance_after": 0.0,
        "result_before": "draw",
        "result_after": "loss in 5",
        "judge": "perfect",
    }
    assert blunder["better"] in ([0, 0], [0, 2], [2, 0], [2, 2])
    summary = data["summary"]
    assert set(summary) == SUMMARY_KEYS
    assert summary["counts"]["O"]["blunder"] == 1 and summary["counts"]["X"]["best"] == 4
    assert summary["result"] == "X" and summary["settings"]["judge"] == "perfect"
    assert summary["first_mistake"] == {"X": None, "O": 1}


def test_the_table_lists_every_move_then_the_summary(capsys):
    code, out, _ = run(capsys, "review", FOUR_IGNORED, "--nodes", "3000")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:5] == ["#", "side", "move", "class", "chance"]
    row = next(line for line in lines if line.startswith("8 "))
    assert row.split()[:4] == ["8", "O", "9,9", "blunder"] and "X threatens five at 4,0: the only block" in row
    assert any(line.startswith("X: best") for line in lines) and any(line.startswith("O: best") for line in lines)
    assert lines[-1].startswith("result: X; judged by the engine, 3000 nodes a position")


def test_the_default_budget_is_nodes_and_time_is_the_alternative(capsys):
    code, out, _ = run(capsys, "review", TICTACTOE, "--rules", "tictactoe", "--json")
    settings = json.loads(out)["summary"]["settings"]
    assert code == 0 and (settings["nodes"], settings["time"]) == (DEFAULT_NODES, None)
    code, out, _ = run(capsys, "review", TICTACTOE, "--rules", "tictactoe", "--json", "--time", "0.5")
    settings = json.loads(out)["summary"]["settings"]
    assert code == 0 and (settings["nodes"], settings["time"]) == (None, 0.5)


def test_a_game_file_is_reviewed(capsys, tmp_path: Path):
    path = tmp_path / "game.json"
    save_game(GameRecord.from_board(read_position(TICTACTOE, Rules.preset("tictactoe"))), path)
    code, out, err = run(capsys, "review", str(path), "--json")
    summary = json.loads(out)["summary"]
    assert code == 0 and summary["moves"] == 7 and summary["settings"]["judge"] == "perfect"


def test_plot_writes_a_valid_svg(capsys, tmp_path: Path):
    path = tmp_path / "graph.svg"
    code, _, err = run(capsys, "review", TICTACTOE, "--rules", "tictactoe", "--plot", str(path))
    assert code == 0 and err == ""
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    ns = {"s": "http://www.w3.org/2000/svg"}
    points = root.find("s:polyline", ns).get("points").split()
    assert len(points) == 8  # the start and the position after each of the 7 moves
    marks = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.find("s:title", ns) is not None]
    assert [g.find("s:title", ns).text for g in marks] == ["move 2: blunder"]


def test_sgf_writes_the_review_as_an_annotated_game(capsys, tmp_path: Path):
    path = tmp_path / "review.sgf"
    code, out, err = run(capsys, "review", TICTACTOE, "--rules", "tictactoe", "--sgf", str(path))
    assert code == 0 and err == "" and out.startswith("#")
    text = path.read_text(encoding="utf-8")
    record = parse_sgf(text)
    assert [list(p) for p in record.moves] == [[int(c) for c in m.split(",")] for m in TICTACTOE.split()]
    assert "BM[2]C[2. O 0,1: blunder (draw -> loss in 5)." in text and "C[7. X 2,0: best" in text


def test_a_png_without_matplotlib_is_one_line_naming_the_extra(capsys, tmp_path: Path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed: importing it fails
    code, out, err = run(capsys, "review", TICTACTOE, "--rules", "tictactoe", "--plot", str(tmp_path / "g.png"))
    assert code == 2 and out == ""
    assert err == "gomoku: error: a .png graph needs matplotlib: pip install 'endless-gomoku[plot]' (or write a .svg)\n"


@pytest.mark.parametrize(
    "argv, message",
    [
        (["review", ""], "no moves to review: the game is empty"),
        (["review", "0,0 0,0"], "move 2 (0,0): cell 0,0 is already taken"),
        (["review", "0,0 5,0 0,1 5,1 0,2 5,2 0,3 5,3 0,4 9,9"], "move 10 (9,9): the game is over (X); no more moves"),
        (["review", "no-such-game.sgf"], "no-such-game.sgf: no such file"),
        (["review", "0,0 1,1", "--plot", "graph.gif"], "--plot graph.gif: expected a .svg or .png file"),
        (
            ["review", "0,0 1,1", "--plot", "no/such/folder/g.svg"],
            "--plot no/such/folder/g.svg: no folder no/such/folder",
        ),
        (["review", "0,0 1,1", "--sgf", "review.txt"], "--sgf review.txt: expected a .sgf file"),
        (
            ["review", "0,0 1,1", "--sgf", "no/such/folder/r.sgf"],
            "--sgf no/such/folder/r.sgf: no folder no/such/folder",
        ),
        (["review", "0,0 1,1", "--time", "0"], "argument --time: expected a positive number of seconds, not '0'"),
        (["review", "0,0 1,1", "--time", "1e9"], "argument --time: at most 86400 seconds (a day), not '1e9'"),
        (["review", "0,0 1,1", "--nodes", "-3"], "argument --nodes: expected a positive whole number, not '-3'"),
        (["review", "0,0 1,1", "--time", "1", "--nodes", "500"], "argument --nodes: not allowed with argument --time"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"gomoku: error: {message}") and err.count("\n") == 1


def test_plot_writes_a_png_with_matplotlib(capsys, tmp_path: Path):
    # matplotlib is in the test extra: the PNG path is tested, never skipped.
    path = tmp_path / "graph.png"
    code, _, err = run(capsys, "review", TICTACTOE, "--rules", "tictactoe", "--plot", str(path))
    assert code == 0 and err == ""
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 1000
