"""The side to move's chance of winning, from a search's score.

A score is in the evaluation's pattern units and means nothing to a player; a
chance does. The map is a logistic curve, ``chance = 1 / (1 + exp(-(a * score + b)))``,
fitted (``fit``) on positions of the project's own match games, each labelled with
the game's result for the side to move (draws count a half). The fitted
``a`` and ``b`` ship in ``data/win-chance.json`` with how they were made
(``bench/fit_chance.py`` writes it). Proven results are not guessed: a score
past ``WIN_THRESHOLD`` is a win (chance 1), below its negative a loss (chance 0),
and ``outcome`` says in how many plies.

>>> model = ChanceModel(a=0.004, b=0.0)
>>> model.chance(0.0), round(model.chance(500.0), 3), model.chance(WIN - 17)
(0.5, 0.881, 1.0)
>>> outcome(WIN - 17), outcome(-(WIN - 9)), outcome(120.0) is None
('win in 17', 'loss in 9', True)
>>> model.describe(-500.0), model.describe(WIN - 3)
('12%', 'win in 3')
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

import numpy as np

from gomoku.files import parse_json, read_file, write_atomically
from gomoku.search.types import LIKELY, WIN, WIN_THRESHOLD

__all__ = [
    "CHANCE_PATH",
    "ChanceModel",
    "outcome",
    "is_proven",
    "win_chance",
    "describe",
    "default_model",
    "load_model",
    "fit",
    "brier",
    "calibration",
    "percent",
]

CHANCE_PATH = Path(__file__).resolve().parents[2] / "data" / "win-chance.json"
"""The shipped fit (``bench/fit_chance.py`` writes it)."""

_CLIP = 60.0
"""Logits beyond this are 0 or 1 to double precision: clipped, so that exp never overflows."""


def is_proven(score: float) -> bool:
    """Whether ``score`` is a win or a loss the search proved."""
    return abs(score) > WIN_THRESHOLD


def outcome(score: float) -> str | None:
    """``"win in N"`` or ``"loss in N"`` (N plies, the five included) for a proven
    score, None for any other."""
    if not is_proven(score):
        return None
    plies = int(round(WIN - abs(score)))
    return f"{'win' if score > 0 else 'loss'} in {plies}"


@dataclass(frozen=True)
class ChanceModel:
    """The logistic map from a score to the side to move's chance (0..1).

    ``a`` is per pattern unit, ``b`` the side to move's edge at an even score;
    ``meta`` says what the fit was made from (games, positions, split, figures)."""

    a: float
    b: float = 0.0
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    def chance(self, score: float) -> float:
        """The side to move's chance of winning at ``score`` (1 or 0 when proven)."""
        if score > WIN_THRESHOLD:
            return 1.0
        if score < -WIN_THRESHOLD:
            return 0.0
        z = max(-_CLIP, min(_CLIP, self.a * score + self.b))
        return 1.0 / (1.0 + math.exp(-z))

    def chances(self, scores: np.ndarray) -> np.ndarray:
        """``chance`` of every score of an array."""
        scores = np.asarray(scores, dtype=np.float64)
        z = np.clip(self.a * scores + self.b, -_CLIP, _CLIP)
        p = 1.0 / (1.0 + np.exp(-z))
        return np.where(scores > WIN_THRESHOLD, 1.0, np.where(scores < -WIN_THRESHOLD, 0.0, p))

    def describe(self, score: float) -> str:
        """``"win in N"``, ``"loss in N"`` or the chance in whole percent (``"62%"``)."""
        return outcome(score) or f"{percent(self.chance(score))}%"

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, **({"meta": self.meta} if self.meta else {})}

    def save(self, path: Path) -> None:
        """Write the model as JSON: to a temporary file, then renamed over ``path``."""
        text = json.dumps({"format": "gomoku-win-chance", "version": 1, **self.to_dict()}, indent=1) + "\n"
        write_atomically(path, text.encode("utf-8"))


def percent(p: float) -> int:
    """A chance in whole percent; 0 and 100 only for certainties (a proven result).

    >>> percent(0.999), percent(1.0), percent(0.004), percent(0.5)
    (99, 100, 1, 50)
    """
    if p >= 1.0:
        return 100
    if p <= 0.0:
        return 0
    return min(99, max(1, int(round(100 * p))))


def _is_number(value: object) -> TypeGuard[float]:
    """A finite int or float (not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def load_model(path: Path = CHANCE_PATH) -> ChanceModel:
    """Read a fitted model (``data/win-chance.json``); a ValueError of one line if it
    is unreadable or not one."""
    data = parse_json(read_file(path, what="a win-chance file").decode("utf-8", "replace"), str(path))
    if not isinstance(data, dict) or data.get("format") != "gomoku-win-chance":
        raise ValueError(f"{path}: not a win-chance file (no 'format': 'gomoku-win-chance')")
    a, b = data.get("a"), data.get("b", 0.0)
    if not (_is_number(a) and _is_number(b)) or a <= 0:
        raise ValueError(f"{path}: 'a' must be a positive number and 'b' a number")
    meta = data.get("meta", {})
    return ChanceModel(float(a), float(b), meta if isinstance(meta, dict) else {})


_DEFAULT: ChanceModel | None = None


def default_model() -> ChanceModel:
    """The shipped model, read once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_model()
    return _DEFAULT


def win_chance(score: float) -> float:
    """The side to move's chance at ``score`` by the shipped model."""
    return default_model().chance(score)


def describe(score: float) -> str:
    """``ChanceModel.describe`` by the shipped model: ``"win in 5"`` or ``"57%"``."""
    return default_model().describe(score)


def fit(scores: Sequence[float], results: Sequence[float]) -> ChanceModel:
    """The logistic fit (maximum likelihood) of ``results`` (1 a win of the side
    to move, 0 a loss, 0.5 a draw) on ``scores``; proven and likely results
    (``LIKELY`` and beyond: the search's verdicts, not evaluations) are left out.

    >>> rng = np.random.default_rng(1)
    >>> s = rng.normal(0, 600, 4000)
    >>> r = (rng.random(4000) < 1 / (1 + np.exp(-(0.003 * s + 0.2)))).astype(float)
    >>> m = fit(s, r)
    >>> round(m.a, 4), round(m.b, 1)
    (0.0031, 0.2)
    """
    x = np.asarray(scores, dtype=np.float64)
    y = np.asarray(results, dtype=np.float64)
    keep = np.abs(x) < LIKELY
    x, y = x[keep], y[keep]
    if len(x) < 2:
        raise ValueError("fit: fewer than two unproven positions")
    scale = max(float(np.std(x)), 1.0)
    design = np.stack([x / scale, np.ones_like(x)], axis=1)
    w = np.zeros(2)
    # Newton's method on the log-likelihood (iteratively reweighted least
    # squares): a handful of steps for two parameters, with numpy alone (the
    # engine does not load scipy for a chance).
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(design @ w, -_CLIP, _CLIP)))
        gradient = design.T @ (p - y)
        hessian = (design * (p * (1 - p))[:, None]).T @ design + 1e-9 * np.eye(2)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return ChanceModel(float(w[0] / scale), float(w[1]))


def brier(predicted: Sequence[float], results: Sequence[float]) -> float:
    """The mean squared error of the chances against the results (0 is perfect; 0.25 a coin).

    >>> brier([1.0, 0.0, 0.5], [1, 0, 1])
    0.0833
    """
    p, y = np.asarray(predicted, dtype=np.float64), np.asarray(results, dtype=np.float64)
    return round(float(np.mean((p - y) ** 2)), 4)


def calibration(predicted: Sequence[float], results: Sequence[float], bins: int = 10) -> list[dict[str, Any]]:
    """Predicted against observed by decile of the prediction (sorted, equal counts):
    ``[{"decile": 1, "positions": n, "predicted": mean chance, "observed": mean result}, ...]``.

    >>> rows = calibration([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1], bins=2)
    >>> [(r["predicted"], r["observed"]) for r in rows]
    [(0.15, 0.0), (0.85, 1.0)]
    """
    p, y = np.asarray(predicted, dtype=np.float64), np.asarray(results, dtype=np.float64)
    order = np.argsort(p, kind="stable")
    rows = []
    for i, part in enumerate(np.array_split(order, bins)):
        if len(part):
            rows.append(
                {
                    "decile": i + 1,
                    "positions": int(len(part)),
                    "predicted": round(float(p[part].mean()), 3),
                    "observed": round(float(y[part].mean()), 3),
                }
            )
    return rows
