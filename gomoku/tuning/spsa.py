"""SPSA (simultaneous perturbation stochastic approximation, Spall 1992): a
noise-robust search for the maximum of a function known only through noisy
comparisons, here match results.

Each iteration k perturbs every parameter at once, ``theta +- c_k * delta``
with ``delta`` a vector of random signs, measures how much better ``theta +``
does than ``theta -`` (a score difference in [-1, 1]: for a match between
them, twice the score of ``theta +`` minus one), and steps every parameter by
``a_k * difference / (2 * c_k * delta_i)``, clamped to its bounds. The gains
are Spall's: ``a_k = a / (k + 1 + A) ** 0.602`` and ``c_k = c / (k + 1) ** 0.101``.

The state (settings, iteration, parameters, history) is plain data, saved as a
JSON checkpoint (written whole, then renamed into place) so that an
interrupted run resumes where it stopped, with the same perturbations.

>>> settings = Settings(names=("x",), start=(0.0,), low=(-1.0,), high=(1.0,), a=1.0, c=0.1, big_a=0.0)
>>> state = State(settings)
>>> step(state, lambda plus, minus, k: 1.0 if plus[0] > minus[0] else -1.0).theta[0] > 0
True
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gomoku.files import parse_json, write_atomically

__all__ = [
    "ALPHA",
    "GAMMA",
    "SpsaError",
    "Settings",
    "State",
    "perturbation",
    "gains",
    "step",
    "save_checkpoint",
    "load_checkpoint",
]

ALPHA = 0.602
"""The step gain's decay (Spall's practical choice)."""
GAMMA = 0.101
"""The perturbation's decay (Spall's practical choice)."""

CHECKPOINT_FORMAT = "gomoku-spsa"


class SpsaError(ValueError):
    """A tuning run that cannot go on as asked: a bad checkpoint, or settings that differ from it."""


@dataclass(frozen=True)
class Settings:
    """What a run is: the parameters (names, start, bounds) and the gains.

    ``big_a`` is Spall's A (the step's stability constant, about a tenth of
    the iterations); ``seed`` fixes the perturbations, iteration by iteration.
    """

    names: tuple[str, ...]
    start: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    a: float = 2.0
    c: float = 0.3
    big_a: float = 10.0
    seed: int = 0

    def __post_init__(self) -> None:
        n = len(self.names)
        if not n or any(len(v) != n for v in (self.start, self.low, self.high)):
            raise SpsaError("SPSA needs as many starts and bounds as parameters, and at least one")
        for name, value in (("a", self.a), ("c", self.c)):
            if not (math.isfinite(value) and value > 0):
                raise SpsaError(f"the gain {name} must be a positive number, not {value}")
        if not (math.isfinite(self.big_a) and self.big_a >= 0):
            raise SpsaError(f"the stability constant A must be 0 or more, not {self.big_a}")
        for name, x, lo, hi in zip(self.names, self.start, self.low, self.high):
            if not all(map(math.isfinite, (x, lo, hi))) or not lo <= x <= hi:
                raise SpsaError(f"parameter {name}: its start {x} must lie within its bounds [{lo}, {hi}]")

    def to_dict(self) -> dict[str, Any]:
        return {key: list(value) if isinstance(value, tuple) else value for key, value in asdict(self).items()}


@dataclass
class State:
    """A run so far: the next iteration ``k`` (from 0), the parameters ``theta``,
    and one history entry an iteration (its difference and its parameters after)."""

    settings: Settings
    k: int = 0
    theta: list[float] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.theta:
            self.theta = list(self.settings.start)


def perturbation(settings: Settings, k: int) -> list[int]:
    """The signs (+1 or -1, one a parameter) of iteration ``k``: fixed by the
    seed and ``k`` alone, so a resumed run perturbs as the first would have.

    >>> s = Settings(names=("x", "y", "z"), start=(0, 0, 0), low=(-1,) * 3, high=(1,) * 3, seed=7)
    >>> perturbation(s, 3) == perturbation(s, 3), set(perturbation(s, 3)) <= {-1, 1}
    (True, True)
    """
    rng = random.Random(settings.seed * 1_000_003 + k)
    return [rng.choice((-1, 1)) for _ in settings.names]


def gains(settings: Settings, k: int) -> tuple[float, float]:
    """``(a_k, c_k)`` of iteration ``k`` (from 0).

    >>> s = Settings(names=("x",), start=(0.0,), low=(-1.0,), high=(1.0,), a=1.0, c=0.5, big_a=0.0)
    >>> gains(s, 0)
    (1.0, 0.5)
    """
    a_k = settings.a / (k + 1 + settings.big_a) ** ALPHA
    c_k = settings.c / (k + 1) ** GAMMA
    return a_k, c_k


def _clamp(values: Sequence[float], settings: Settings) -> list[float]:
    return [min(max(v, lo), hi) for v, lo, hi in zip(values, settings.low, settings.high)]


Measure = Callable[[list[float], list[float], int], float]
"""``measure(theta_plus, theta_minus, k)``: how much better ``theta_plus`` did, in [-1, 1]."""


def step(state: State, measure: Measure) -> State:
    """One SPSA iteration: perturb, measure, step (and clamp); ``state`` is updated and returned."""
    settings = state.settings
    k = state.k
    a_k, c_k = gains(settings, k)
    delta = perturbation(settings, k)
    plus = _clamp([t + c_k * d for t, d in zip(state.theta, delta)], settings)
    minus = _clamp([t - c_k * d for t, d in zip(state.theta, delta)], settings)
    difference = float(measure(plus, minus, k))
    if not math.isfinite(difference):
        raise SpsaError(f"iteration {k}: the measured difference is {difference}, not a number")
    moved = [t + a_k * difference / (2 * c_k * d) for t, d in zip(state.theta, delta)]
    state.theta = _clamp(moved, settings)
    state.history.append({"k": k, "difference": difference, "theta": list(state.theta)})
    state.k = k + 1
    return state


# -- the checkpoint -----------------------------------------------------------------
def save_checkpoint(state: State, path: str | Path, extra: dict[str, Any] | None = None) -> Path:
    """Write the run's state as JSON, whole or not at all; ``extra`` is the caller's (its own settings)."""
    data = {
        "format": CHECKPOINT_FORMAT,
        "version": 1,
        "settings": state.settings.to_dict(),
        "extra": extra or {},
        "k": state.k,
        "theta": state.theta,
        "history": state.history,
    }
    return write_atomically(path, (json.dumps(data, indent=1) + "\n").encode("utf-8"))


def load_checkpoint(path: str | Path) -> tuple[State, dict[str, Any]]:
    """The state saved by ``save_checkpoint`` and its ``extra``; an SpsaError
    (one line) for a missing, damaged or foreign file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpsaError(f"{path}: no checkpoint to resume from") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SpsaError(f"{path}: cannot read the checkpoint ({exc})") from None
    data = parse_json(text, str(path), error=SpsaError)
    if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT or data.get("version") != 1:
        raise SpsaError(f"{path}: not an SPSA checkpoint (format {CHECKPOINT_FORMAT!r}, version 1)")
    try:
        raw = data["settings"]
        fields: dict[str, Any] = {
            key: tuple(float(x) for x in value)
            if key in ("start", "low", "high")
            else tuple(value)
            if key == "names"
            else value
            for key, value in raw.items()
        }
        settings = Settings(**fields)
        k, theta, history = data["k"], [float(x) for x in data["theta"]], list(data["history"])
        extra = data.get("extra", {})
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, SpsaError):
            raise SpsaError(f"{path}: {exc}") from None
        raise SpsaError(f"{path}: a damaged checkpoint ({type(exc).__name__}: {exc})") from None
    if (
        not isinstance(k, int)
        or isinstance(k, bool)
        or k < 0
        or len(theta) != len(settings.names)
        or not all(map(math.isfinite, theta))
        or not isinstance(extra, dict)
    ):
        raise SpsaError(f"{path}: a damaged checkpoint (its iteration or parameters do not fit its settings)")
    return State(settings, k, theta, history), extra
