"""A tuning run of the greedy player's weight table: SPSA (``spsa``) over the
table's parameters (``greedy``), games through the match's pool, a checkpoint
every few iterations, the table written at each checkpoint and at the end.

The checkpoint is the table's file with ``.spsa.json`` in place of ``.json``;
``resume`` reads it and goes on from its iteration, with the same
perturbations and openings (the settings must be the same; the iterations may
grow).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from gomoku.attacks.weights import WeightTable, save_weights
from gomoku.match import MatchConfig
from gomoku.tuning.greedy import PARAMETERS, GameMeasure, Measure, settings_for, table_of, theta_of
from gomoku.tuning.spsa import Settings, SpsaError, State, load_checkpoint, save_checkpoint, step

__all__ = ["TuneOptions", "checkpoint_path", "tune", "describe_change"]


@dataclass(frozen=True)
class TuneOptions:
    """A run's settings besides the games' (``MatchConfig``)."""

    iterations: int = 200
    pairs: int = 4
    a: float = 0.5
    c: float = 0.3
    big_a: float | None = None  # None: a tenth of the iterations
    seed: int = 0
    checkpoint_every: int = 5
    name: str = "tuned"

    def check(self) -> None:
        """A one-line SpsaError for options that cannot make a run."""
        for option, value, least in (
            ("--iterations", self.iterations, 1),
            ("--pairs", self.pairs, 1),
            ("--checkpoint-every", self.checkpoint_every, 1),
        ):
            if value < least:
                raise SpsaError(f"{option} must be at least {least}, not {value}")
        for option, gain in (("--a", self.a), ("--c", self.c)):
            if not (math.isfinite(gain) and gain > 0):
                raise SpsaError(f"{option} must be a positive number, not {gain}")
        if self.big_a is not None and not (math.isfinite(self.big_a) and self.big_a >= 0):
            raise SpsaError(f"--big-a must be 0 or more, not {self.big_a}")


def checkpoint_path(out: str | Path) -> Path:
    """Where a run writing the table ``out`` keeps its checkpoint.

    >>> checkpoint_path("data/weights-tuned.json").name
    'weights-tuned.spsa.json'
    """
    out = Path(out)
    return out.with_name(out.name.removesuffix(".json") + ".spsa.json")


def _extra(config: MatchConfig, options: TuneOptions) -> dict[str, Any]:
    """The run's own settings, kept in the checkpoint: a resumed run must match them."""
    return {
        "rules": config.rules.name,
        "openings": len(config.openings),
        "pairs": options.pairs,
        "max_moves": config.max_moves,
    }


def _start(options: TuneOptions, start: WeightTable, config: MatchConfig, checkpoint: Path, resume: bool) -> State:
    big_a = options.big_a if options.big_a is not None else options.iterations / 10
    settings = settings_for(start, a=options.a, c=options.c, big_a=big_a, seed=options.seed)
    if not resume:
        if checkpoint.exists():
            raise SpsaError(f"{checkpoint} exists: give --resume to go on with that run, or another --out")
        return State(settings)
    state, extra = load_checkpoint(checkpoint)
    if options.big_a is None:  # A follows the first run's iterations: a resumed run may ask for more
        settings = replace(settings, big_a=state.settings.big_a)
    ours = _extra(config, options)
    for key, value in ours.items():
        if extra.get(key) != value:
            raise SpsaError(
                f"{checkpoint}: the run was made with {key} {extra.get(key)!r}, not {value!r}: "
                "resume with the same settings"
            )
    if _differs(state.settings, settings):
        raise SpsaError(
            f"{checkpoint}: the run was made with other SPSA settings (gains, seed or start): resume with the same ones"
        )
    return state


def _differs(old: Settings, new: Settings) -> bool:
    """Whether two runs' SPSA settings differ (numbers compared as read back from JSON)."""
    if old.names != new.names or old.seed != new.seed:
        return True
    numbers = [
        (old.a, new.a),
        (old.c, new.c),
        (old.big_a, new.big_a),
        *zip(old.start + old.low + old.high, new.start + new.low + new.high),
    ]
    return not all(math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12) for x, y in numbers)


def tune(
    start: WeightTable,
    config: MatchConfig,
    options: TuneOptions,
    *,
    out: str | Path,
    jobs: int = 1,
    cluster: str | None = None,
    resume: bool = False,
    progress: TextIO | None = None,
    measure: Callable[[list[float], list[float], int], float] | None = None,
) -> tuple[WeightTable, State]:
    """Tune ``start`` for ``options.iterations`` iterations (in all, a resumed
    run's included); write the table to ``out`` at each checkpoint and at the
    end, and return it with the run's state. ``measure`` replaces the games
    (tests)."""
    options.check()
    out = Path(out)
    checkpoint = checkpoint_path(out)
    state = _start(options, start, config, checkpoint, resume)
    extra = _extra(config, options)
    games = measure or GameMeasure(Measure(config, options.pairs, jobs, cluster))
    began = time.monotonic()
    done_here = 0
    table = table_of(state.theta, options.name, digits=4)
    while state.k < options.iterations:
        step(state, games)
        done_here += 1
        if progress is not None:
            entry = state.history[-1]
            rate = (time.monotonic() - began) / done_here
            progress.write(
                f"iteration {entry['k'] + 1}/{options.iterations}: theta+ - theta- "
                f"{entry['difference']:+.2f}; {rate:.1f} s an iteration\n"
            )
            progress.flush()
        if state.k % options.checkpoint_every == 0 or state.k == options.iterations:
            table = table_of(state.theta, options.name, digits=4)
            save_weights(table, out)
            save_checkpoint(state, checkpoint, extra)
    if done_here == 0:
        save_weights(table, out)
    return table, state


def describe_change(old: WeightTable, new: WeightTable) -> list[tuple[str, float, float]]:
    """``(parameter, old weight, new weight)`` for every tuned parameter, in ``PARAMETERS``' order.

    >>> from gomoku.attacks.weights import default_table
    >>> describe_change(default_table(), default_table())[-1]
    ('finish', 100.0, 100.0)
    """
    from_old = [math.exp(t) for t in theta_of(old)]
    from_new = [math.exp(t) for t in theta_of(new)]
    return [(name, round(a, 6), round(b, 6)) for name, a, b in zip(PARAMETERS, from_old, from_new)]
