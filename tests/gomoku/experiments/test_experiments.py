"""The experiments on the small games: their tables, the command, and what they find."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gomoku.board import Rules, Stone
from gomoku.cli import main
from gomoku.experiments.duels import against_everything
from gomoku.experiments.runner import EXPERIMENTS, MINIMAX_ROWS, maxstates, qubic_table, run_experiment
from gomoku.experiments.windetect import loop_counts, matrix_counts, sample_positions, threat_matrix


def test_maxstates_is_the_original_formula() -> None:
    assert maxstates(9, 2) == 9 * 8 + 7 * 6 + 5 * 4 + 3 * 2
    assert maxstates(8, 1) == 8 + 6 + 4 + 2


def test_minimax_has_the_original_rows_beside_their_figures() -> None:
    progress: list[tuple[int, int]] = []
    table = run_experiment("minimax", games=1, seed=1, progress=lambda d, t: progress.append((d, t)))
    assert progress[-1][0] == progress[-1][1] == len(table.rows)
    original_rows = table.rows[: len(MINIMAX_ROWS)]
    assert [r[1] for r in original_rows] == [
        f"{a}/{b} - {c}/{d}" for a, b, c, d in [(*r.first, *r.second) for r in MINIMAX_ROWS]
    ]
    for row, original in zip(original_rows, MINIMAX_ROWS):
        wins = [int(v) for v in row[2].split("/")]
        assert sum(wins) == 1 and row[3] == "/".join(map(str, original.original_wins))
    # 3x3 at depth 2 against depth 2 is a draw with the original state counts (825/600 over its five games).
    assert table.rows[0][2] == "0/0/1" and table.rows[0][4] == "165/120"
    # 3x3x3: the first player wins at equal depth.
    assert table.rows[9][2] == "1/0/0"


def test_qubic_counts_nodes_cutoffs_and_branching() -> None:
    configs = (("minimax", 2, "e1"), ("alpha-beta", 2, "e1"), ("alpha-beta", 2, "e2"))
    table = qubic_table(1, 0, None, configs)
    columns = table.columns
    rows = [dict(zip(columns, row)) for row in table.rows]
    minimax, alphabeta = rows[0], rows[1]
    assert minimax["cut-offs/move"] == 0 and alphabeta["cut-offs/move"] > 0
    assert minimax["first move"] == 64 + 64 * 63  # every reply to every first move
    assert alphabeta["first move"] < minimax["first move"]
    assert alphabeta["nodes/move"] < minimax["nodes/move"]
    assert 1 < alphabeta["branching"] <= 64 and minimax["ms/move"] > 0
    assert all(sum(int(v) for v in row["win O/X/draw"].split("/")) == 1 for row in rows)


def test_strategies_answers_its_questions() -> None:
    table = run_experiment("strategies", games=2, seed=0)
    assert table.columns[1:] == ["table", "script", "magic", "perfect", "minimax", "engine", "random"]
    by_row = {row[0]: row[1:] for row in table.rows}
    perfect_column = [by_row[name][3] for name in by_row]
    # Nobody beats perfect as second... and perfect as first never loses.
    assert all(cell.split("-")[0] == "0" for cell in perfect_column)
    assert all(cell.split("-")[1] == "0" for cell in by_row["perfect"])
    everything, cube = table.parts
    losses = {(row[0], row[1]): row[4] for row in everything.rows}
    assert losses[("perfect", "first")] == losses[("perfect", "second")] == 0
    assert losses[("table", "second")] == 0
    assert losses[("engine", "first")] == losses[("engine", "second")] == 0  # our engine solves 3x3 too
    assert losses[("script", "second")] > 0  # the scripted strategy can be beaten as O
    assert "12 of the 49 lines" in "\n".join(cube.notes)
    assert len(table.to_dict()["cube_missed_lines"]) == 12


def test_the_script_loses_only_as_second_player() -> None:
    rules = Rules.preset("tictactoe")
    games, won, lost, drawn = against_everything(rules, "script", Stone.X)
    assert lost == 0 and games == won + drawn


def test_windetect_the_matrix_and_the_loop_agree() -> None:
    import random

    for name in ("cube3", "qubic"):
        rules = Rules.preset(name)
        t = threat_matrix(rules)
        assert t.shape == ({"cube3": 49, "qubic": 76}[name], rules.area)
        assert (np.asarray(t.sum(axis=1)).ravel() == rules.k).all()
        for board in sample_positions(rules, 50, random.Random(0)):
            assert matrix_counts(board).tolist() == [list(c) for c in loop_counts(board)]
    table = run_experiment("windetect", games=100)
    for row in table.rows:
        assert row[4] == row[2] == 100 and row[5] == "yes"


def test_solve_table() -> None:
    table = run_experiment("solve")
    rows = {row[0]: row for row in table.rows}
    assert rows["tictactoe"][1:3] == ["draw", 9]
    assert rows["4x4"][1:3] == ["draw", 16]
    assert rows["cube3"][1:3] == ["first player (O) wins", 7]


def test_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["experiment", "solve", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["experiment"] == "solve" and data["rows"][0]["game"] == "tictactoe"
    assert main(["experiment", "windetect", "--games", "20", "--seed", "3"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Win detection") and "qubic" in out and err == ""  # no bar off a terminal
    for argv, message in (
        (["experiment", "nope"], "unknown experiment 'nope'"),
        (["experiment", "minimax", "--games", "0"], "--games must be at least 1"),
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1
    assert set(EXPERIMENTS) == {"minimax", "qubic", "strategies", "windetect", "solve"}


def test_the_progress_bar_draws_on_a_terminal_only() -> None:
    import io

    from gomoku.commands.experiment import Bar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal, pipe = Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        bar = Bar(stream, "minimax")
        for done in range(1, 5):
            bar(done, 4)
    assert pipe.getvalue() == ""
    text = terminal.getvalue()
    assert text.count("\r") == 4 and text.endswith("\n") and "[" + "#" * 30 + "] 4/4" in text


def test_the_same_seed_gives_the_same_table() -> None:
    from gomoku.experiments.duels import duel_matrix

    def table(seed: int) -> list:
        return duel_matrix(Rules.preset("tictactoe"), ("random", "minimax"), 6, seed, "t", lambda: None).rows

    assert table(7) == table(7)
    assert len({str(table(seed)) for seed in range(4)}) > 1  # and another seed, other games
    assert (
        run_experiment("windetect", games=30, seed=1).rows[0][3]
        == run_experiment("windetect", games=30, seed=1).rows[0][3]
    )
