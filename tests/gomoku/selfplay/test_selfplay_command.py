"""``gomoku selfplay`` from the command line: games and a dataset, resumed alike,
with a pbrain program as a player; bad options are one-line errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from gomoku.cli import main
from gomoku.selfplay import DATASET_FILE, DatasetError, folder_dataset, load_dataset

BRAINS = Path(__file__).parents[1] / "fake_brains"
QUICK = ["--rules", "gomocup15", "--nodes", "600", "--max-moves", "40"]


def test_selfplay_writes_games_and_a_dataset(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["selfplay", "normal", "--games", "2", *QUICK, "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "normal (A)" in captured.out and "Elo difference" in captured.out
    data = load_dataset(out / DATASET_FILE)
    assert f"positions ({len(data)} with a score) in {out / DATASET_FILE}" in captured.out
    assert sorted(p.name for p in out.iterdir()) == [
        "game-001.json",
        "game-001.psq",
        "game-002.json",
        "game-002.psq",
        DATASET_FILE,
    ]
    assert data.meta["specs"] == ["normal", "normal"] and data.meta["settings"]["selfplay"]["nodes"] == 600
    record = json.loads((out / "game-001.json").read_text())
    opening = record["metadata"]["opening_moves"]
    assert (
        len(data) == sum(len(json.loads((out / f"game-00{i}.json").read_text())["moves"]) for i in (1, 2)) - 2 * opening
    )
    assert not np.isnan(data.score).any()
    assert [line.split(" (")[0] for line in captured.err.splitlines()] == ["game 1/2", "game 2/2"]


def test_a_resumed_selfplay_gives_the_dataset_of_a_run_straight_through(tmp_path, capsys):
    straight, cut = tmp_path / "straight", tmp_path / "cut"
    assert main(["selfplay", "normal", "easy", "--games", "3", *QUICK, "--out", str(straight), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and summary["positions"] == summary["scored"] > 0
    assert main(["selfplay", "normal", "easy", "--games", "1", *QUICK, "--out", str(cut)]) == 0
    assert main(["selfplay", "normal", "easy", "--games", "3", *QUICK, "--out", str(cut), "--resume"]) == 0
    err = capsys.readouterr().err
    assert f"resumed: 1 of 3 games were played before, in {cut}/" in err
    a, b = load_dataset(straight / DATASET_FILE), load_dataset(cut / DATASET_FILE)
    for name in ("moves", "game", "ply", "move", "best", "result", "game_number"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert np.array_equal(a.score, b.score, equal_nan=True)
    # Other sampling is another run: not resumed into this folder.
    assert (
        main(["selfplay", "normal", "easy", "--games", "4", *QUICK, "--out", str(cut), "--resume", "--margin", "10"])
        == 2
    )
    err = capsys.readouterr().err
    assert "was played with selfplay" in err and err.count("\n") == 1


def test_a_run_cut_short_is_read_from_its_finished_games(tmp_path, capsys):
    """A run stopped before its end has no dataset yet: ``folder_dataset`` (and
    ``gomoku train FOLDER``) read its finished games, as the run would have."""
    out = tmp_path / "run"
    assert main(["selfplay", "normal", "easy", "--games", "3", *QUICK, "--out", str(out)]) == 0
    written = load_dataset(out / DATASET_FILE)
    (out / DATASET_FILE).unlink()
    (out / "game-002.json").unlink()  # a game still being played when the run stopped
    (out / "game-002.psq").unlink()
    read = folder_dataset(out)
    assert read.meta["games"] == 2 and read.meta["specs"] == ["normal", "easy"] == written.meta["specs"]
    assert read.meta["settings"] == written.meta["settings"]
    kept = np.isin(written.game_number, [1, 3])
    assert len(read) == int(np.isin(written.game, np.flatnonzero(kept)).sum()) > 0
    assert np.array_equal(read.score, written.score[np.isin(written.game, np.flatnonzero(kept))], equal_nan=True)
    capsys.readouterr()
    assert (
        main(
            [
                "train",
                str(out),
                "--out",
                str(tmp_path / "n.npz"),
                "--epochs",
                "1",
                "--dim",
                "2",
                "--hidden",
                "2",
                "--hold-out",
                "2",
                "--no-order",
                "--quiet",
                "--json",
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    assert json.loads(captured.out)["positions"] == len(read)
    assert f"{out} has no {DATASET_FILE} (a run cut short): read its 2 finished games" in captured.err
    assert not (out / DATASET_FILE).exists()  # reading writes nothing into the run's folder
    with pytest.raises(DatasetError, match="no positions.npz and no finished game"):
        folder_dataset(tmp_path / "empty")


def test_an_engine_version_as_a_pbrain_program_plays_without_a_score(tmp_path, capsys):
    brain = " ".join([sys.executable, str(BRAINS / "simple.py")])
    assert (
        main(["selfplay", "normal", brain, "--games", "2", *QUICK, "--time-per-move", "2000", "--out", str(tmp_path)])
        == 0
    )
    data = load_dataset(tmp_path / DATASET_FILE)
    record = json.loads((tmp_path / "game-001.json").read_text())
    brain_side = 1 if record["metadata"]["x"] == "simple.py" else 2
    theirs = data.to_move[data.game == 0] == brain_side
    assert theirs.any() and np.isnan(data.score[data.game == 0][theirs]).all()
    assert not np.isnan(data.score[data.game == 0][~theirs]).any()


@pytest.mark.parametrize(
    "argv, words",
    [
        (["a", "b", "c"], "at most two players"),
        (["--temperature", "-1"], "--temperature must be a number 0 or more"),
        (["--margin", "nan"], "--margin must be a number 0 or more"),
        (["--candidates", "11"], "--candidates: at most 10"),
        (["--candidates", "0"], "expected a positive whole number"),
        (["--nodes", "0"], "expected a positive whole number"),
        (["--random-moves", "-2"], "--random-moves must be 0 or more"),
        (["--resume"], "--resume needs --out"),
        (["--jobs", "2", "--cluster", "tcp://127.0.0.1:9"], "--jobs and --cluster"),
        (["stronk"], "not a player"),
    ],
)
def test_selfplay_user_errors_are_one_line(tmp_path, capsys, argv, words, monkeypatch):
    monkeypatch.chdir(tmp_path)
    try:
        code = main(["selfplay", *argv, "--games", "1"])
    except SystemExit as exc:  # argparse's own checks exit through the parser
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("gomoku: error: ") and words in err and err.count("\n") == 1
