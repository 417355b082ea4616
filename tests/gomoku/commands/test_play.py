"""``gomoku pbrain`` and ``gomoku match`` from the command line, end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gomoku.board import Board, Rules
from gomoku.cli import main
from gomoku.match import MatchConfig, default_openings_path, load_openings, run_match
from gomoku.records import load_game

BRAINS = Path(__file__).parents[1] / "fake_brains"
PBRAIN = [sys.executable, "-m", "gomoku.cli", "pbrain"]


def fake(name: str, *args: str) -> str:
    return " ".join([sys.executable, str(BRAINS / f"{name}.py"), *args])


def talk(command, script, timeout=60):
    done = subprocess.run(
        command, input="".join(line + "\r\n" for line in script), capture_output=True, text=True, timeout=timeout
    )
    return done.returncode, done.stdout.splitlines(), done.stderr


def test_gomoku_pbrain_speaks_the_protocol_as_a_subprocess():
    # The whole script is piped at once: BOARD arrives while START still loads the
    # compiled search (a second or so, off the clock for a manager that waits for OK),
    # so the turn's clock is a generous one here.
    script = ["START 20", "INFO timeout_turn 5000", "INFO rule 1", "BOARD"]
    script += [f"{x},7,1" for x in range(3, 7)] + ["3,8,2", "4,8,2", "9,9,2", "12,12,2", "DONE"]
    script += ["ABOUT", "FOO", "TURN 99,99", "END"]
    code, lines, stderr = talk(PBRAIN, script)
    replies = [line for line in lines if not line.startswith("MESSAGE")]
    assert code == 0 and stderr == ""
    assert replies[0] == "OK"
    assert replies[1] in ("2,7", "7,7")  # the five
    assert replies[2].startswith('name="gomoku"')
    assert replies[3] == "UNKNOWN unknown command FOO"
    assert replies[4].startswith("ERROR") and "outside" in replies[4]


def test_pbrain_gomoku_console_entry_point_runs_the_same_loop():
    code, lines, _ = talk(
        [sys.executable, "-m", "gomoku.protocol.pbrain", "--level", "greedy"], ["START 15", "BEGIN", "END"]
    )
    assert code == 0 and lines == ["OK", "7,7"]


def test_an_unknown_level_is_a_one_line_error():
    code, lines, stderr = talk(PBRAIN + ["--level", "stronk"], ["START 20"])
    assert code == 2 and lines == [] and stderr.startswith("gomoku: error: unknown level 'stronk'")
    assert stderr.count("\n") == 1
    code, lines, stderr = talk([sys.executable, "-m", "gomoku.protocol.pbrain", "--level", "stronk"], ["START 20"])
    assert code == 2 and lines == [] and "unknown level 'stronk'" in stderr


def test_gomoku_pbrain_plays_a_full_game_through_the_runner(tmp_path):
    # Our own brain as an external program, against the greedy level in this process.
    config = MatchConfig(
        rules=Rules.preset("gomocup20"),
        games=2,
        time_per_move_ms=1000,
        grace_ms=4000,
        openings=load_openings(default_openings_path(Rules.preset("gomocup20")), Rules.preset("gomocup20"))[:1],
    )
    command = " ".join(PBRAIN + ["--level", "greedy"])
    result = run_match(command, "greedy", config, out_dir=tmp_path)
    assert len(result.games) == 2 and [g.a_side for g in result.games] == ["X", "O"]
    for game in result.games:
        assert "lost" not in game.reason, game.reason
        board = Board(config.rules, game.moves)  # every move legal
        assert game.result == board.result and game.result in ("X", "O", "draw")
        assert load_game(tmp_path / f"game-{game.index + 1:03d}.psq").moves == game.moves


def test_gomoku_match_prints_the_table_and_saves_the_games(tmp_path, capsys):
    out = tmp_path / "games"
    code = main(
        [
            "match",
            "greedy",
            fake("illegal", "occupied"),
            "--games",
            "2",
            "--rules",
            "gomocup15",
            "--time-per-move",
            "1000",
            "--out",
            str(out),
        ]
    )
    captured = capsys.readouterr()
    assert code == 0
    assert "greedy" in captured.out and "100.0%" in captured.out and "Elo difference" in captured.out
    assert "illegal move" in captured.out
    assert "game 2/2" in captured.err
    assert sorted(p.name for p in out.iterdir()) == ["game-001.json", "game-001.psq", "game-002.json", "game-002.psq"]
    first = load_game(out / "game-001.json")
    assert first.rules.bounds == ((0, 0), (14, 14)) and first.result == "X"


def test_gomoku_match_saves_under_matches_by_default(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = main(["match", "greedy", "greedy", "--games", "1", "--rules", "gomocup15"])
    assert code == 0
    saved = list((tmp_path / "matches").glob("*/game-001.json"))
    assert len(saved) == 1 and f"Games saved in {saved[0].parent.relative_to(tmp_path)}/" in capsys.readouterr().out


def test_gomoku_match_json_summary(tmp_path, capsys):
    code = main(
        [
            "match",
            fake("simple"),
            fake("silent"),
            "--games",
            "1",
            "--rules",
            "gomocup15",
            "--time-per-move",
            "300",
            "--grace",
            "700",
            "--no-openings",
            "--out",
            str(tmp_path),
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert (data["wins"], data["losses"], data["draws"]) == (1, 0, 0)
    assert data["reasons"] == {"time-out": 1} and data["elo"] is None and data["out"] == str(tmp_path)


def test_gomoku_match_between_levels_on_the_endless_board(tmp_path, capsys):
    code = main(
        [
            "match",
            "greedy",
            "greedy",
            "--games",
            "2",
            "--rules",
            "freestyle",
            "--max-moves",
            "30",
            "--out",
            str(tmp_path),
        ]
    )
    text = capsys.readouterr().out
    assert code == 0 and "greedy (A)" in text and "greedy (B)" in text
    assert load_game(tmp_path / "game-001.json").rules.bounds is None


@pytest.mark.parametrize(
    "argv, words",
    [
        (["match", "stronk", "greedy"], "not a player"),
        (["match", "greedy", "greedy", "--games", "0"], "--games must be at least 1"),
        (["match", "greedy", "greedy", "--jobs", "0"], "--jobs must be at least 1"),
        (["match", "greedy", "greedy", "--time-per-move", "0"], "--time-per-move must be at least 1"),
        (["match", "greedy", "greedy", "--rules", "pente"], "unknown rules 'pente'"),
        (["match", "greedy", "greedy", "--openings", "/nonexistent/o.json"], "openings /nonexistent/o.json"),
        (["match", fake("simple"), "greedy", "--rules", "freestyle"], "needs a bounded board"),
        (["match", "greedy", "greedy", "--max-moves", "0"], "--max-moves must be at least 1"),
    ],
)
def test_gomoku_match_user_errors_are_one_line(argv, words, capsys, tmp_path):
    code = main(argv + ["--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("gomoku: error: ") and words in err and err.count("\n") == 1


def test_openings_that_do_not_fit_are_an_error(tmp_path, capsys):
    far = tmp_path / "far.json"
    far.write_text("[[[40, 40]]]")
    code = main(["match", "greedy", "greedy", "--openings", str(far), "--out", str(tmp_path / "out")])
    assert code == 2 and "no opening fits" in capsys.readouterr().err


def test_a_folder_with_another_matchs_games_is_refused_and_left_as_it_was(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    earlier = out / "game-001.json"
    earlier.write_text('{"an": "earlier game"}')
    code = main(["match", "greedy", "greedy", "--games", "1", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and "holds the games of another match" in err and err.count("\n") == 1
    assert earlier.read_text() == '{"an": "earlier game"}' and sorted(p.name for p in out.iterdir()) == [
        "game-001.json"
    ]
