"""`gomoku hint` and `gomoku solve` through the CLI's front door."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gomoku.cli import main

OPEN_THREE_X_TO_MOVE = "0,0 0,5 1,0 1,5 2,0 9,9"
"""X has an open three and moves: it wins by an open four."""
FOUR_TO_BLOCK = "0,0 -1,0 1,0 5,6 2,0 5,7 3,0"
"""X has a four closed at -1,0; O must block at 4,0."""
PUZZLE = Path(__file__).resolve().parents[3] / "data" / "puzzles" / "vcf-sample.jsonl"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_hint_json_has_the_contract_fields(capsys):
    code, out, err = run(capsys, "hint", FOUR_TO_BLOCK, "--nodes", "500", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {
        "move",
        "score",
        "win_chance",
        "outcome",
        "pv",
        "depth",
        "nodes",
        "time",
        "forced_win",
        "candidates",
    }
    assert data["move"] == [4, 0] and data["pv"][0] == [4, 0]
    assert data["forced_win"] is False and data["outcome"] is None and 0 < data["win_chance"] < 1
    assert data["candidates"] == [
        {"move": [4, 0], "score": data["score"], "win_chance": data["win_chance"], "outcome": None, "pv": data["pv"]}
    ]


def test_hint_multipv_json_is_a_list_of_distinct_candidates_best_first(capsys):
    # (A move later, X's 0,1, the root's threat proofs take 700,000 nodes before depth 0.)
    code, out, err = run(capsys, "hint", "0,0 1,1 1,0 2,2 5,5", "--depth", "3", "--multipv", "3", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert isinstance(data, list) and len(data) == 3
    assert [c["rank"] for c in data] == [1, 2, 3]
    for c in data:
        assert set(c) == {"rank", "move", "score", "win_chance", "outcome", "pv", "depth", "nodes", "time"}
        assert c["pv"][0] == c["move"] and c["depth"] == 3
    assert len({tuple(c["move"]) for c in data}) == 3
    scores = [c["score"] for c in data]
    assert scores == sorted(scores, reverse=True)
    chances = [c["win_chance"] for c in data]
    assert chances == sorted(chances, reverse=True)


def test_hint_multipv_text_lists_the_candidates_with_chances(capsys):
    code, out, _ = run(capsys, "hint", OPEN_THREE_X_TO_MOVE, "--nodes", "20000", "--multipv", "2")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] in ("X to move: play -1,0", "X to move: play 3,0")
    ranked = [line for line in lines if line.lstrip()[:2] in ("1.", "2.")]
    assert len(ranked) == 2 and "win in" in ranked[0]  # the first candidate: the proven win, in plies
    assert "X's chance: win in" in out


@pytest.mark.parametrize("bad", ["0", "11", "x", "-2"])
def test_hint_multipv_out_of_range_is_one_line_and_exit_2(capsys, bad):
    with pytest.raises(SystemExit) as exit_:
        main(["hint", "0,0", "--multipv", bad])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "--multipv" in err and "Traceback" not in err


def test_hint_reports_a_forced_win(capsys):
    code, out, _ = run(capsys, "hint", OPEN_THREE_X_TO_MOVE, "--nodes", "2000", "--json")
    data = json.loads(out)
    assert code == 0 and data["forced_win"] is True
    assert data["move"] in [[-1, 0], [3, 0]]


def test_hint_text_names_the_move_and_line(capsys):
    code, out, _ = run(capsys, "hint", FOUR_TO_BLOCK, "--nodes", "500")
    assert code == 0
    assert "O to move: play 4,0" in out and "line: 4,0" in out
    assert "O's chance: " in out and "%" in out


@pytest.mark.parametrize("level", ["greedy", "easy", "normal", "strong"])
def test_hint_at_every_level_gives_a_legal_move(capsys, level):
    code, out, _ = run(capsys, "hint", "0,0 1,1 2,0", "--level", level, "--nodes", "300", "--json")
    move = tuple(json.loads(out)["move"])
    assert code == 0 and move not in [(0, 0), (1, 1), (2, 0)]


def test_hint_verbose_prints_each_depth_to_stderr(capsys):
    code, out, err = run(capsys, "hint", "0,0 1,1 2,0", "--depth", "2", "--nodes", "5000", "--verbose")
    assert code == 0
    depths = [line.split()[1] for line in err.splitlines() if line.startswith("depth")]
    assert depths[-1] == "2"


def test_hint_with_two_threads_starts_one_helper(capsys, monkeypatch):
    from gomoku.search import threads as helpers

    started = []
    start = helpers.Helper.start
    monkeypatch.setattr(helpers.Helper, "start", lambda self: (started.append(self), start(self)))
    code, out, _ = run(capsys, "hint", "0,0 1,1 2,0", "--time", "0.3", "--threads", "2", "--json")
    assert code == 0 and len(started) == 1  # one helper beside the main search
    assert tuple(json.loads(out)["move"]) not in [(0, 0), (1, 1), (2, 0)]


def test_hint_reads_a_position_file(capsys):
    code, out, _ = run(capsys, "hint", f"{PUZZLE}:1", "--nodes", "20000", "--json")
    first = json.loads(PUZZLE.read_text().splitlines()[0])
    assert code == 0 and json.loads(out)["forced_win"] is True
    assert json.loads(out)["move"] in first["solution"]


@pytest.mark.parametrize(
    "argv",
    [
        ["hint", "0,0 0,0"],
        ["hint", "0,0 0,1 1,0 1,1 2,0 2,1 3,0 3,1 4,0"],
        ["hint", "0,0", "--level", "godlike"],
        ["hint", "0,0", "--time", "-1"],
        ["hint", "0,0", "--nodes", "zero"],
        ["hint", "0,0", "--threads", "0"],
        ["solve", "nonsense"],
        ["solve", "missing-file.json"],
    ],
)
def test_user_errors_are_one_line_and_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        code = main(argv)
        raise SystemExit(code)
    _, err = capsys.readouterr()
    assert exc.value.code == 2
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith(("gomoku: error:", "gomoku hint: error:", "gomoku solve: error:"))


def test_solve_prints_the_vcf(capsys):
    code, out, _ = run(capsys, "solve", "0,0 9,9 1,0 9,8 2,0 0,5 0,1 7,7 0,2 4,4", "--nodes", "1000")
    assert code == 0
    assert out.startswith("VCF for X in 2 moves: ")
    assert "(" in out  # the defender's reply is shown in brackets


def test_solve_json(capsys):
    code, out, _ = run(capsys, "solve", OPEN_THREE_X_TO_MOVE, "--nodes", "1000", "--json")
    data = json.loads(out)
    assert code == 0 and data["found"] is True and data["to_move"] == "X"
    assert data["moves"][0] in [[-1, 0], [3, 0]] and len(data["moves"]) == 3


def test_solve_says_when_there_is_none(capsys):
    code, out, _ = run(capsys, "solve", "0,0 1,1", "--nodes", "1000")
    assert code == 0 and out.startswith("no VCF found for X")
    code, out, _ = run(capsys, "solve", "0,0 1,1", "--nodes", "1000", "--json")
    assert json.loads(out)["found"] is False


def test_solve_vct(capsys):
    double_three = "0,2 10,10 1,2 10,12 2,0 12,10 2,1 12,12"
    code, out, _ = run(capsys, "solve", double_three, "--nodes", "20000")
    assert code == 0 and out.startswith("no VCF found for X")
    code, out, _ = run(capsys, "solve", double_three, "--nodes", "20000", "--vct")
    assert code == 0 and out.startswith("VCT for X in ") and ": 2,2 " in out


def test_a_five_in_one_is_a_vcf_in_1_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "0,0 9,9 1,0 9,8 2,0 0,5 3,0 7,7", "--nodes", "100"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("VCF for X in 1 move: ")


def test_solve_on_rules_without_fives_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "1,1", "--rules", "tictactoe"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gomoku: error: ") and err.count("\n") == 1
