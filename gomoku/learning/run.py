"""A training run: self-play datasets in, a network out (``gomoku train``).

The positions are split by game: every ``hold_out``-th game (by its number
over all datasets) is held out, the rest trained on. Each epoch is one pass
over the training positions; the network kept is the one of the epoch with the
least held-out loss (the later ones learn the training games by heart). The
report says what the network was made from and how well it predicts the
held-out games beside the hand-set evaluation, in the same units (mean
cross-entropy, nats: lower is better).
"""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence, TextIO

import numpy as np

from gomoku.engine.chance import default_model
from gomoku.learning.examples import to_examples
from gomoku.learning.train import Params, baseline_loss, init_params, mean_loss, run_epoch, to_net
from gomoku.search.nets import Net, save_net
from gomoku.selfplay.dataset import Dataset

__all__ = ["TrainError", "TrainOptions", "TrainReport", "train_net"]


class TrainError(ValueError):
    """Options or data that cannot make a network: one line."""


@dataclass(frozen=True)
class TrainOptions:
    """A run's settings (the ``gomoku train`` options of the same names)."""

    epochs: int = 12
    dim: int = 16
    hidden: int = 32
    lr: float = 1e-3
    decay: float = 1e-4
    batch: int = 256
    blend: float = 0.5
    hold_out: int = 10
    seed: int = 0

    def check(self) -> None:
        for name, value, least, most in (("--epochs", self.epochs, 1, 10_000), ("--dim", self.dim, 1, 256),
                                         ("--hidden", self.hidden, 1, 1024), ("--batch", self.batch, 1, 1 << 20),
                                         ("--hold-out", self.hold_out, 2, 1000)):
            if not least <= value <= most:
                raise TrainError(f"{name} must be from {least} to {most}, not {value}")
        for name, value, low, high in (("--lr", self.lr, 0.0, 1.0), ("--decay", self.decay, 0.0, 1.0),
                                       ("--blend", self.blend, 0.0, 1.0)):
            if not (math.isfinite(value) and low <= value <= high) or (name == "--lr" and value == 0):
                raise TrainError(f"{name} must be a number from {low} to {high}" +
                                 (" (not 0)" if name == "--lr" else "") + f", not {value}")


@dataclass
class TrainReport:
    """What a run did: the data, the split, the losses, the time."""

    positions: int
    games: int
    train_positions: int
    held_out_positions: int
    baseline_held_out: float
    held_out: list[float] = field(default_factory=list)
    train: list[float] = field(default_factory=list)
    best_epoch: int = 0
    seconds: float = 0.0

    @property
    def best(self) -> float:
        return self.held_out[self.best_epoch] if self.held_out else math.nan


def _copy(params: Params) -> tuple[np.ndarray, ...]:
    return tuple(x.copy() for x in params.arrays())


def train_net(datasets: Sequence[Dataset], name: str, options: TrainOptions = TrainOptions(), *,
              out: str | Path | None = None, sources: Sequence[str] = (),
              progress: TextIO | None = None) -> tuple[Net, TrainReport]:
    """Train a network on ``datasets``; write it to ``out`` when given."""
    options.check()
    began = time.monotonic()
    model = default_model()
    try:
        ex = to_examples(datasets, blend=options.blend, model=model)
    except ValueError as exc:
        raise TrainError(str(exc)) from None
    if len(ex) == 0:
        raise TrainError("the datasets hold no positions")
    held = (ex.game % options.hold_out) == 0
    if held.all() or not held.any():
        raise TrainError(f"too few games to hold every {options.hold_out}th out: play more, or lower --hold-out")
    train, test = ex.subset(~held), ex.subset(held)
    params = init_params(options.dim, options.hidden, a=model.a, b=model.b, seed=options.seed)
    report = TrainReport(positions=len(ex), games=int(np.unique(ex.game).size), train_positions=len(train),
                         held_out_positions=len(test), baseline_held_out=baseline_loss(test, model.a, model.b))
    best = _copy(params)
    best_loss = mean_loss(test, params)
    for epoch in range(options.epochs):
        loss = run_epoch(train, params, lr=options.lr, decay=options.decay, batch=options.batch,
                         seed=options.seed * 1000 + epoch)
        report.train.append(loss)
        report.held_out.append(mean_loss(test, params))
        if report.held_out[-1] < best_loss:
            best_loss = report.held_out[-1]
            best = _copy(params)
            report.best_epoch = epoch
        if progress is not None:
            progress.write(f"epoch {epoch + 1}/{options.epochs}: training {loss:.4f}, held out "
                           f"{report.held_out[-1]:.4f} (hand-set evaluation {report.baseline_held_out:.4f})\n")
            progress.flush()
    params.fine, params.coarse, params.w1, params.b1, params.w2, params.head = best
    if report.held_out and best_loss >= mean_loss(test, init_params(options.dim, options.hidden, a=model.a, b=model.b,
                                                                   seed=options.seed)):
        report.best_epoch = -1  # no epoch beat the start: the network is the hand-set evaluation
    report.seconds = time.monotonic() - began
    meta = {"trained": {"options": asdict(options), "sources": list(sources), "positions": report.positions,
                        "games": report.games, "train_positions": report.train_positions,
                        "held_out_positions": report.held_out_positions,
                        "held_out_loss": round(best_loss, 5), "hand_set_held_out_loss": round(report.baseline_held_out, 5),
                        "best_epoch": report.best_epoch + 1, "seconds": round(report.seconds, 1),
                        "chance_model": {"a": model.a, "b": model.b}}}
    net = to_net(params, name, meta)
    if out is not None:
        save_net(net, out)
    return net, report
