"""The win chance: the shipped fit, reading and writing it, and what it refuses."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gomoku.engine.chance import (
    CHANCE_PATH,
    ChanceModel,
    brier,
    calibration,
    default_model,
    describe,
    fit,
    load_model,
    outcome,
    percent,
    win_chance,
)
from gomoku.search.types import LIKELY, WIN


def test_the_shipped_model_is_a_fit_with_its_figures() -> None:
    model = load_model(CHANCE_PATH)
    assert model.a > 0
    meta = model.meta
    assert meta["games"] >= 100 and meta["positions_fit"] >= 1000
    assert meta["brier_held_out"] < meta["brier_coin"]  # better than a coin on held-out games
    assert len(meta["calibration_held_out"]) == 10


def test_chance_rises_with_the_score_and_proven_results_are_certain() -> None:
    scores = [-5000, -500, -100, 0, 100, 500, 5000]
    chances = [win_chance(s) for s in scores]
    assert chances == sorted(chances) and 0 < chances[0] < chances[-1] < 1
    assert win_chance(WIN - 3) == 1.0 and win_chance(-(WIN - 3)) == 0.0
    assert win_chance(LIKELY) > 0.99 and win_chance(-LIKELY) < 0.01
    assert describe(WIN - 17) == "win in 17" and describe(-(WIN - 8)) == "loss in 8"
    assert describe(0.0).endswith("%")


def test_vectorised_chances_agree_with_the_scalar_ones() -> None:
    model = default_model()
    scores = np.array([-(WIN - 2), -800.0, 0.0, 321.0, WIN - 5])
    assert np.allclose(model.chances(scores), [model.chance(s) for s in scores])


def test_percent_keeps_certainty_for_proven_results() -> None:
    assert percent(0.9999) == 99 and percent(0.00001) == 1
    assert percent(1.0) == 100 and percent(0.0) == 0


def test_outcome_only_for_proven_scores() -> None:
    assert outcome(LIKELY) is None and outcome(0.0) is None
    assert outcome(WIN - 1) == "win in 1"


def test_fit_recovers_a_known_curve_and_leaves_out_proven_scores() -> None:
    rng = np.random.default_rng(7)
    scores = rng.normal(0, 800, 6000)
    results = (rng.random(6000) < 1 / (1 + np.exp(-(0.002 * scores - 0.1)))).astype(float)
    # Verdicts of the search do not pull the curve.
    scores = np.concatenate([scores, np.full(500, WIN - 5.0), np.full(500, float(LIKELY))])
    results = np.concatenate([results, np.zeros(1000)])
    model = fit(scores, results)
    assert abs(model.a - 0.002) < 0.0003 and abs(model.b + 0.1) < 0.1


def test_fit_needs_positions() -> None:
    with pytest.raises(ValueError, match="fewer than two"):
        fit([WIN - 1.0], [1.0])


def test_brier_and_calibration() -> None:
    assert brier([0.5, 0.5], [1, 0]) == 0.25
    rows = calibration(np.linspace(0, 1, 100), np.r_[np.zeros(50), np.ones(50)])
    assert [r["positions"] for r in rows] == [10] * 10
    assert rows[0]["observed"] == 0.0 and rows[-1]["observed"] == 1.0


def test_save_and_load_round_trip(tmp_path) -> None:
    path = tmp_path / "chance.json"
    ChanceModel(0.003, -0.2, {"games": 3}).save(path)
    again = load_model(path)
    assert (again.a, again.b, again.meta) == (0.003, -0.2, {"games": 3})
    assert [p.name for p in tmp_path.iterdir()] == ["chance.json"]  # no temporary file left


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "chance.json"),
        ('{"a": 1}', "not a win-chance file"),
        ('{"format": "gomoku-win-chance", "a": NaN}', "positive number"),
        ('{"format": "gomoku-win-chance", "a": -1, "b": 0}', "positive number"),
        ('{"format": "gomoku-win-chance", "a": 0.1, "b": "x"}', "positive number"),
        ("[]", "not a win-chance file"),
    ],
)
def test_a_broken_file_is_one_line_error(tmp_path, text, message) -> None:
    path = tmp_path / "chance.json"
    path.write_text(text)
    with pytest.raises(ValueError, match=message) as error:
        load_model(path)
    assert "\n" not in str(error.value)


def test_a_missing_file_is_one_line_error(tmp_path) -> None:
    with pytest.raises(ValueError, match="no such file"):
        load_model(tmp_path / "none.json")
    assert json.loads(CHANCE_PATH.read_text())["format"] == "gomoku-win-chance"
