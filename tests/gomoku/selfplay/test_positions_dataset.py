"""The self-play dataset: made from games, written whole, read back checked; a
damaged file is a one-line DatasetError."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gomoku.board import Rules
from gomoku.match import GameResult
from gomoku.selfplay import ARRAYS, Dataset, DatasetError, dataset_from_games, load_dataset, save_dataset

RULES = Rules.preset("gomocup20")


def games():
    won = GameResult(
        0,
        2,
        "a",
        "b",
        "X",
        "X",
        "X (a) made five",
        [(0, 0), (5, 5), (1, 0), (6, 6), (2, 0), (7, 7), (3, 0), (9, 9), (4, 0)],
        [0] * 9,
        2,
        [None, None, 10.0, -20.0, 30.0, -40.0, 50.0, -999_990.0, 999_999.0],
        [None, None, (1, 0), (6, 6), (2, 0), (8, 8), (3, 0), (4, 0), (4, 0)],
    )
    forfeit = GameResult(
        1,
        None,
        "b",
        "a",
        "O",
        "O",
        "X (b) lost: time-out: 900 ms",
        [(3, 3), (4, 4)],
        [0, 5],
        0,
        [None, 1.5],
        [None, (4, 4)],
    )
    return [forfeit, won]


def test_positions_come_after_the_opening_one_a_move_with_the_result_for_the_side_to_move():
    data = dataset_from_games(games(), RULES, {"players": ["a", "b"]})
    assert data.game_number.tolist() == [1, 2] and data.game_start.tolist() == [0, 9, 11]
    assert data.game_result.tolist() == [1, 2] and data.game_forfeit.tolist() == [False, True]
    assert data.game_opening.tolist() == [3, 0]
    assert len(data) == 7 + 2
    first = data.game == 0
    assert data.ply[first].tolist() == [2, 3, 4, 5, 6, 7, 8]
    assert data.to_move[first].tolist() == [1, 2, 1, 2, 1, 2, 1]
    assert data.result[first].tolist() == [1, -1, 1, -1, 1, -1, 1]  # X won
    assert data.score[first].tolist() == [10.0, -20.0, 30.0, -40.0, 50.0, -999_990.0, 999_999.0]
    assert data.best[first][3].tolist() == [8, 8] and data.move[first][3].tolist() == [7, 7]  # a sampled move
    second = data.game == 1
    assert data.result[second].tolist() == [-1, 1] and np.isnan(data.score[second][0])
    assert data.board(3).move_stack == [(0, 0), (5, 5), (1, 0), (6, 6), (2, 0)] and data.board(3).rules == RULES
    assert data.meta["format"] == "gomoku-selfplay" and data.meta["games"] == 2 and data.meta["players"] == ["a", "b"]


def test_a_dataset_is_read_back_as_it_was_written(tmp_path):
    data = dataset_from_games(games(), RULES, {"players": ["a", "b"]})
    path = save_dataset(data, tmp_path / "positions.npz")
    back = load_dataset(path)
    for name in ARRAYS:
        assert np.array_equal(getattr(back, name), getattr(data, name), equal_nan=True), name
        assert getattr(back, name).dtype == getattr(data, name).dtype
    assert back.meta == data.meta and back.rules == RULES
    assert [p.name for p in tmp_path.iterdir()] == ["positions.npz"]  # no temporary file left
    empty = save_dataset(dataset_from_games([], RULES, {}), tmp_path / "empty.npz")
    assert len(load_dataset(empty)) == 0


def test_a_write_that_fails_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = save_dataset(dataset_from_games(games(), RULES, {}), tmp_path / "positions.npz")
    before = path.read_bytes()

    def broken(handle, **arrays):
        handle.write(b"PK half a file")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(np, "savez_compressed", broken)
    with pytest.raises(OSError, match="No space left"):
        save_dataset(dataset_from_games(games()[:1], RULES, {}), path)
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["positions.npz"]


def rewrite(path, **changes):
    """The dataset at ``path`` written again with some arrays changed (None: left out)."""
    with np.load(path) as npz:
        arrays = {k: npz[k] for k in npz.files}
    for key, value in changes.items():
        if value is None:
            del arrays[key]
        else:
            arrays[key] = value
    np.savez(path, **arrays)


@pytest.fixture
def saved(tmp_path):
    return save_dataset(dataset_from_games(games(), RULES, {}), tmp_path / "d.npz")


@pytest.mark.parametrize(
    "damage, words",
    [
        (lambda p: p.write_bytes(b"not a zip at all"), "not a readable .npz dataset"),
        (lambda p: p.write_bytes(p.read_bytes()[:200]), "not a readable .npz dataset"),
        (lambda p: p.unlink(), "no such file"),
        (lambda p: rewrite(p, score=None), "not a self-play dataset: no score array"),
        (lambda p: rewrite(p, meta=np.array("{oops")), "meta: not JSON"),
        (lambda p: rewrite(p, meta=np.array(json.dumps({"format": "other"}))), "meta: not a gomoku-selfplay dataset"),
        (lambda p: rewrite(p, score=np.zeros(9, dtype=np.float64)), "score: expected float32 of shape (9,)"),
        (lambda p: rewrite(p, ply=np.zeros(3, dtype=np.int32)), "expected int32 of shape (3,)"),
        (lambda p: rewrite(p, result=np.ones(9, dtype=np.int8)), "result: a position's result is not its game's"),
        (lambda p: rewrite(p, ply=np.full(9, 50, dtype=np.int32)), "ply: a position past the end of its game"),
        (lambda p: rewrite(p, game=np.full(9, 7, dtype=np.int32)), "game: a position names a game that is not there"),
        (lambda p: rewrite(p, game_start=np.array([0, 9, 12])), "game_start: expected offsets rising from 0"),
        (lambda p: rewrite(p, score=np.full(9, np.inf, dtype=np.float32)), "score: an infinite score"),
        (lambda p: rewrite(p, move=np.zeros((9, 2), dtype=np.int32)), "move: a position's move is not its game's"),
    ],
)
def test_a_damaged_dataset_is_a_one_line_error(saved, damage, words):
    damage(saved)
    with pytest.raises(DatasetError) as info:
        load_dataset(saved)
    message = str(info.value)
    assert message.startswith(str(saved) + ": ") and words in message
    assert "\n" not in message


def test_a_pickle_in_a_dataset_is_not_loaded(saved):
    rewrite(saved, meta=np.array([{"format": "gomoku-selfplay"}], dtype=object))
    with pytest.raises(DatasetError, match="not a readable .npz dataset"):
        load_dataset(saved)


def test_a_folder_or_a_newer_version_is_refused(tmp_path, saved):
    with pytest.raises(DatasetError, match="a folder, not a dataset file"):
        load_dataset(tmp_path)
    with np.load(saved) as npz:
        meta = json.loads(str(npz["meta"]))
    rewrite(saved, meta=np.array(json.dumps({**meta, "version": 2})))
    with pytest.raises(DatasetError, match="version 2; this gomoku reads version 1"):
        load_dataset(saved)


def test_the_module_table_names_every_array():
    from gomoku.selfplay import dataset

    for name in ARRAYS:
        assert f"``{name}``" in dataset.__doc__
    assert set(ARRAYS) == {f for f in Dataset.__dataclass_fields__} - {"meta"}
