"""Every player of the registry on the command line: ``hint --level`` and ``match A B``
take any name, refuse in one line a player that does not play the rules, and their
``--help`` lists the registry's names with the registry's words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gomoku.board import Board, Rules
from gomoku.cli import main
from gomoku.engine.players import CLASSIC, LEVELS, PLAYERS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def help_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--help"])
    assert exc.value.code == 0
    return " ".join(capsys.readouterr().out.split())


def test_hint_plays_the_perfect_player_on_tictactoe(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "hint", "1,1 0,0", "--rules", "tictactoe", "--level", "perfect")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("X to move: play ") and lines[1].endswith(", perfect)")
    assert lines[1].startswith("a draw with perfect play")  # 1,1 then 0,0: tic-tac-toe is a draw


def test_a_perfect_hint_is_a_proven_result_on_the_search_scale(capsys: pytest.CaptureFixture[str]) -> None:
    """X at the centre, O on an edge: X wins, and the solver's result is a win in plies."""
    code, out, _ = run(capsys, "hint", "1,1 0,1", "--rules", "tictactoe", "--level", "perfect", "--json")
    data = json.loads(out)
    assert code == 0 and data["forced_win"] is True
    assert data["outcome"] == "win in 5" and data["win_chance"] == 1.0


def test_a_classic_players_own_score_has_no_chance(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "1,1 0,1", "--rules", "tictactoe", "--level", "minimax", "--json")
    data = json.loads(out)
    assert code == 0 and data["win_chance"] is None and data["outcome"] is None
    code, out, _ = run(capsys, "hint", "1,1 0,1", "--rules", "tictactoe", "--level", "minimax")
    assert "minimax's own scale" in out and "chance" not in out


@pytest.mark.parametrize("name", CLASSIC)
def test_hint_takes_every_classic_player(capsys: pytest.CaptureFixture[str], name: str) -> None:
    rules = "cube3" if name == "magic" else "tictactoe"
    moves = "1,1,1 0,0,0" if rules == "cube3" else "1,1 0,0"
    code, out, _ = run(capsys, "hint", moves, "--rules", rules, "--level", name, "--json")
    board = Board(Rules.preset(rules), [tuple(map(int, m.split(","))) for m in moves.split()])
    move = tuple(json.loads(out)["move"])
    assert code == 0 and move not in board.stones and board.rules.contains(move)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["hint", "1,1 0,0", "--level", "perfect"],
            "the perfect player does not play freestyle (players here: greedy, easy, normal, strong, max)",
        ),
        (
            ["hint", "0,0,0", "--rules", "qubic", "--level", "table"],
            "the table player does not play qubic (players here: ",
        ),
        (["hint", "4,0", "--rules", "size=9x9,gravity", "--level", "greedy"], "the greedy player does not play"),
        (
            ["match", "perfect", "script", "--games", "4"],
            "the perfect player does not play gomocup20 (players here: greedy, easy, normal, strong, max)",
        ),
        (["match", "greedy", "magic", "--rules", "4x4"], "the magic player does not play 4x4"),
        (["pbrain", "--level", "perfect"], "the perfect player plays only the small boards, not a brain's"),
    ],
)
def test_a_player_that_does_not_play_the_rules_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    if argv[0] == "match":
        argv = [*argv, "--out", str(tmp_path / "games")]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(f"gomoku: error: {message}") and err.count("\n") == 1
    assert not (tmp_path / "games").exists() or not any((tmp_path / "games").iterdir())


def test_match_perfect_against_script_on_tictactoe(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(
        capsys, "match", "perfect", "script", "--rules", "tictactoe", "--games", "4", "--out", str(tmp_path)
    )
    assert code == 0
    table = out.splitlines()
    assert table[0].split() == ["player", "games", "wins", "losses", "draws", "score"]
    perfect, script = table[1].split(), table[2].split()
    assert perfect[:2] == ["perfect", "4"] and script[:2] == ["script", "4"]
    assert perfect[3] == "0"  # perfect play never loses
    assert "Elo difference (perfect - script)" in out and "lost:" not in out
    assert err.count("game ") == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"game-00{i}.{ext}" for i in range(1, 5) for ext in ("json", "psq")
    ]


def test_match_between_classic_players_as_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(
        capsys, "match", "minimax", "random", "--rules", "cube3", "--games", "2", "--out", str(tmp_path), "--json"
    )
    data = json.loads(out)
    assert code == 0 and (data["a"], data["b"], data["games"]) == ("minimax", "random", 2)
    assert data["wins"] + data["losses"] + data["draws"] == 2 and "time-out" not in data["reasons"]


@pytest.mark.parametrize("command", ["hint", "match"])
def test_help_lists_every_player_in_the_registrys_words(capsys: pytest.CaptureFixture[str], command: str) -> None:
    text = help_text(capsys, command)
    listed = " ".join(f"{name} {player.description}" for name, player in PLAYERS.items())
    assert f"players: {listed}" in text


def test_pbrain_help_lists_the_levels_in_the_registrys_words(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_text(capsys, "pbrain")
    listed = " ".join(f"{name} {PLAYERS[name].description}" for name in LEVELS)
    assert f"players: {listed} options:" in text
