"""`gomoku weights` and `gomoku explain`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gomoku.attacks import explain, weight_map
from gomoku.attacks.matrix import threat_space
from gomoku.cli import main
from gomoku.commands.analysis import parse_region
from gomoku.records import read_position

OPEN_THREE = "0,0 1,1 1,0 2,2 2,0"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def read_grid(out: str) -> dict[tuple[int, int], str]:
    """The cells of a weights grid: (x, y) -> the text in that column."""
    lines = out.splitlines()
    xs = [int(t) for t in lines[0].split()]
    cells = {}
    for line in lines[1:]:
        tokens = line.split()
        if not tokens or not tokens[0].lstrip("-").isdigit() or len(tokens) != len(xs) + 1:
            continue
        y = int(tokens[0])
        for x, text in zip(xs, tokens[1:]):
            cells[(x, y)] = text
    return cells


def test_weights_json_lists_every_candidate(capsys):
    code, out, err = run(capsys, "weights", OPEN_THREE, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    board = read_position(OPEN_THREE)
    assert data["to_move"] == "O"
    assert {(c["x"], c["y"]): c["weight"] for c in data["cells"]} == weight_map(board)
    assert set(data["cells"][0]) == {"x", "y", "weight"}


def test_weights_grid_shows_stones_and_rounded_weights(capsys):
    code, out, _ = run(capsys, "weights", OPEN_THREE)
    assert code == 0
    cells = read_grid(out)
    assert cells[(0, 0)] == "X" and cells[(1, 1)] == "O"
    assert cells[(3, 0)] == "102" and cells[(-1, 0)] == "102"
    assert cells[(-2, -2)] == "2.0"
    assert "greatest weight: -1,0" in out.splitlines()[-1]


def test_weights_region_limits_the_cells(capsys):
    code, out, _ = run(capsys, "weights", OPEN_THREE, "--json", "--region", "3,1,-1,-1")
    data = json.loads(out)
    points = {(c["x"], c["y"]) for c in data["cells"]}
    assert points and all(-1 <= x <= 3 and -1 <= y <= 1 for x, y in points)
    assert (3, 0) in points and (-2, 0) not in points


def test_weights_matrix_gives_the_threat_space_scores(capsys):
    code, out, _ = run(capsys, "weights", OPEN_THREE, "--matrix", "--json")
    data = json.loads(out)
    space = threat_space(read_position(OPEN_THREE))
    assert data["region"] == [list(space.region[0]), list(space.region[1])]
    assert {(c["x"], c["y"]): c["score"] for c in data["cells"]} == space.score_map()
    code, out, _ = run(capsys, "weights", OPEN_THREE, "--matrix")
    assert code == 0 and read_grid(out)[(1, 1)] == "O"


def test_weights_reads_files_and_rules(capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"stones": {"X": [[0, 0], [1, 0]], "O": [[5, 5]]}, "to_move": "O"}))
    code, out, _ = run(capsys, "weights", str(path), "--json")
    assert code == 0 and json.loads(out)["to_move"] == "O"
    code, out, _ = run(capsys, "weights", "0,0", "--rules", "gomocup15", "--json")
    assert all(c["x"] >= 0 and c["y"] >= 0 for c in json.loads(out)["cells"])


def test_explain_json_is_the_explanation(capsys):
    code, out, _ = run(capsys, "explain", OPEN_THREE, "3,0", "--json")
    assert code == 0
    data = json.loads(out)
    assert data == json.loads(json.dumps(explain(read_position(OPEN_THREE), (3, 0)).to_dict()))
    line = data["stones"]["X"]["lines"][0]
    assert line["breakpoint"] and line["attacks"][0]["power"] == 4


def test_explain_text_names_attacks_and_totals(capsys):
    code, out, _ = run(capsys, "explain", "-2,0 9,9 -1,0 9,8 1,0", "0,0")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("cell 0,0, O to move: weight")
    assert "[4:2/1]*=100" in out and "breakpoint" in out


def test_weights_with_a_custom_table(capsys, tmp_path):
    table = json.loads((Path(__file__).resolve().parents[3] / "data" / "weights.json").read_text())
    table["attacks"]["1"] = [None, 1, 1]
    path = tmp_path / "flat.json"
    path.write_text(json.dumps(table))
    code, out, _ = run(capsys, "explain", "0,0", "9,4", "--json", "--weights", str(path))
    assert json.loads(out)["weight"] == 8.0


@pytest.mark.parametrize(
    "argv, message",
    [
        (["weights", "0,0", "--region", "1,2,3"], "--region '1,2,3': expected x0,y0,x1,y1"),
        (["weights", "nonsense"], "expected"),
        (["explain", "0,0", "0,0"], "cell 0,0 is taken"),
        (["explain", "0,0", "a,b"], "cell 'a,b': expected x,y"),
        (["explain", "0,0", "3,3", "--weights", "/no/such/table.json"], "no such weight table"),
        (["weights", "0,0 1000,1000", "--region", "0,0,500,500"], "the grid shows at most 60"),
        (["weights", "0,0", "--region", "10,10,12,12", "--rules", "tictactoe"], "holds no cell"),
    ],
)
def test_user_errors_are_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("gomoku: error: ") and message in err and err.count("\n") == 1


def test_parse_region_orders_the_corners():
    assert parse_region("3,-2,-1,4") == ((-1, -2), (3, 4))
    assert parse_region("0,0,0,1,1,1", 3) == ((0, 0, 0), (1, 1, 1))


def test_explain_takes_a_cell_with_a_negative_coordinate(capsys) -> None:
    code, out, err = run(capsys, "explain", "0,0 1,0", "-1,0", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["point"] == [-1, 0]


def test_region_takes_negative_corners(capsys) -> None:
    code, out, err = run(capsys, "weights", "0,0 1,0", "--region", "-1,-1,0,0", "--json")
    assert (code, err) == (0, "")
    cells = {(c["x"], c["y"]) for c in json.loads(out)["cells"]}
    assert cells == {(-1, -1), (-1, 0), (0, -1)}
