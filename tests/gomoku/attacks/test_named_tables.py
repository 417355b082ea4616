"""Weight tables by name (default, tuned, a file), written whole, and refused in one
line when damaged."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from gomoku.attacks.weights import (
    TABLES,
    WeightTable,
    WeightTableError,
    default_table,
    load_weights,
    named_table,
    save_weights,
)

DEFAULT = json.loads(TABLES["default"].read_text())


def test_the_default_table_is_seed_002s():
    assert named_table("default") is default_table()
    assert default_table().name == "seed-002"
    assert default_table().attack_weight(4, 2) == 100.0


def test_the_tuned_table_is_shipped_checked_and_not_the_default():
    tuned = named_table("tuned")
    assert tuned.name == "tuned"
    assert tuned != default_table()
    weights = [w for row in tuned.rows.values() for w in row if w is not None]
    assert len(weights) == 11 and all(math.isfinite(w) and w > 0 for w in weights)
    assert math.isfinite(tuned.fork_bonus) and math.isfinite(tuned.finish_bonus)


def test_a_table_by_its_file(tmp_path: Path):
    path = tmp_path / "mine.json"
    save_weights(WeightTable(default_table().rows, fork_bonus=7.0, name="mine"), path)
    table = named_table(str(path))
    assert (table.name, table.fork_bonus) == ("mine", 7.0)


def test_an_unknown_name_is_one_line():
    with pytest.raises(WeightTableError, match="unknown weight table 'best': choose default, tuned") as info:
        named_table("best")
    assert "\n" not in str(info.value)


def test_save_round_trips_and_leaves_no_temporary_file(tmp_path: Path):
    table = WeightTable(default_table().rows, fork_bonus=12.5, finish_bonus=300.0, name="t")
    path = save_weights(table, tmp_path / "t.json")
    assert load_weights(path) == table
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json"]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"attacks": ', "expected JSON"),
        (json.dumps({**DEFAULT, "fork_bonus": "NaN"}), "'fork_bonus' must be a finite number"),
        (json.dumps(DEFAULT).replace("0.25", "NaN"), 'attacks["1"][2] must be a finite number >= 0, not nan'),
        (json.dumps(DEFAULT).replace("100,", "Infinity,", 1), "must be a finite number"),
        (json.dumps({**DEFAULT, "attacks": {**DEFAULT["attacks"], "3": [None, 4]}}), "must be a list of 3 weights"),
        (json.dumps({**DEFAULT, "attacks": {"1": [None, 0.1, 0.25]}}), "missing 2, 3, 4, 5"),
        ("[1, 2]", "expected a JSON object"),
    ],
)
def test_a_damaged_table_is_refused_in_one_line(tmp_path: Path, text: str, says: str):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(WeightTableError) as info:
        load_weights(path)
    assert says in str(info.value) and str(path) in str(info.value)
    assert "\n" not in str(info.value)


def test_a_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = save_weights(default_table(), tmp_path / "t.json")
    before = path.read_bytes()

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("gomoku.attacks.weights.json.dumps", broken)
    with pytest.raises(OSError):
        save_weights(WeightTable(default_table().rows, fork_bonus=1.0), path)
    assert path.read_bytes() == before
