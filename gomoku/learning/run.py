"""A training run: self-play datasets in, a network out (``gomoku train``):
its value (``train``) and its move order (``order``), each or both.

The positions are split by game: every ``hold_out``-th game (by its number
over all datasets) is held out, the rest trained on. Each epoch is one pass
over the training positions; the network kept is the one of the epoch with the
least held-out loss (the later ones learn the training games by heart). The
report says what the network was made from and how well it predicts the
held-out games beside the hand-set evaluation, in the same units (mean
cross-entropy, nats: lower is better), and how often the move order puts the
search's best move first and in the first five, before and after.
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TextIO

import numpy as np

from gomoku.engine.chance import default_model
from gomoku.learning.examples import to_examples
from gomoku.learning.order import OrderModel, order_accuracy, order_epoch, order_examples, order_loss, order_tables
from gomoku.learning.train import Params, baseline_loss, from_net, init_params, mean_loss, run_epoch, to_net
from gomoku.search.nets import Net, NetError, load_net, save_net
from gomoku.selfplay.dataset import Dataset

__all__ = ["TrainError", "TrainOptions", "TrainReport", "train_net"]


class TrainError(ValueError):
    """Options or data that cannot make a network: one line."""


@dataclass(frozen=True)
class TrainOptions:
    """A run's settings (the ``gomoku train`` options of the same names)."""

    epochs: int = 12
    dim: int = 8
    hidden: int = 16
    lr: float = 1e-3
    decay: float = 0.3
    batch: int = 256
    blend: float = 0.5
    hold_out: int = 10
    seed: int = 0
    max_score: float = math.inf
    value: bool = True
    """Train the value (else the network keeps the hand-set evaluation)."""
    order: bool = True
    """Train the move order (``gomoku.learning.order``)."""
    order_epochs: int = 6
    order_lr: float = 0.01
    order_decay: float = 1e-4
    cells: bool = False
    """The value also reads the cell features (``network.CELL_ROWS``)."""
    start: str | None = None
    """Train on from this network (a name or a file, ``gomoku train --from``), not
    from the hand-set evaluation: its size and features, not ``dim``, ``hidden``
    and ``cells``."""

    def check(self) -> None:
        if not self.max_score > 0:
            raise TrainError(f"--max-score must be above 0, not {self.max_score}")
        if not (self.value or self.order):
            raise TrainError("nothing to train: --no-value and --no-order together")
        if self.start is not None and not self.value:
            raise TrainError("--from trains a network's value on: not with --no-value")
        if not 1 <= self.order_epochs <= 10_000:
            raise TrainError(f"--order-epochs must be from 1 to 10000, not {self.order_epochs}")
        for name, value in (("--order-lr", self.order_lr), ("--order-decay", self.order_decay)):
            if not (math.isfinite(value) and 0 <= value <= 1) or (name == "--order-lr" and value == 0):
                raise TrainError(f"{name} must be a number from 0 to 1, not {value}")
        for name, value, least, most in (
            ("--epochs", self.epochs, 1, 10_000),
            ("--dim", self.dim, 1, 256),
            ("--hidden", self.hidden, 1, 1024),
            ("--batch", self.batch, 1, 1 << 20),
            ("--hold-out", self.hold_out, 2, 1000),
        ):
            if not least <= value <= most:
                raise TrainError(f"{name} must be from {least} to {most}, not {value}")
        for name, value, low, high in (
            ("--lr", self.lr, 0.0, 1.0),
            ("--decay", self.decay, 0.0, 1.0),
            ("--blend", self.blend, 0.0, 1.0),
        ):
            if not (math.isfinite(value) and low <= value <= high) or (name == "--lr" and value == 0):
                raise TrainError(
                    f"{name} must be a number from {low} to {high}"
                    + (" (not 0)" if name == "--lr" else "")
                    + f", not {value}"
                )


@dataclass
class TrainReport:
    """What a run did: the data, the split, the losses, the time."""

    positions: int
    games: int
    train_positions: int
    held_out_positions: int
    baseline_held_out: float
    start_held_out: float = math.nan
    """The held-out loss of the start: the hand-set evaluation, or the network of ``--from``."""
    held_out: list[float] = field(default_factory=list)
    train: list[float] = field(default_factory=list)
    best_epoch: int = 0
    seconds: float = 0.0
    order_positions: int = 0
    order_before: tuple[float, float, float] = (math.nan, math.nan, math.nan)
    order_after: tuple[float, float, float] = (math.nan, math.nan, math.nan)

    @property
    def best(self) -> float:
        return self.held_out[self.best_epoch] if self.held_out else math.nan


def _copy(params: Params) -> tuple[np.ndarray, ...]:
    return tuple(x.copy() for x in params.arrays())


def _split(game: np.ndarray, hold_out: int) -> np.ndarray:
    held = (game % hold_out) == 0
    if held.all() or not held.any():
        raise TrainError(f"too few games to hold every {hold_out}th out: play more, or lower --hold-out")
    return held


def _value(
    datasets: Sequence[Dataset],
    options: TrainOptions,
    report: TrainReport,
    progress: TextIO | None,
    start: Params | None,
) -> tuple[Params, float]:
    """The value's parameters of the best epoch, and its held-out loss; ``start``
    the parameters to train on (None: the hand-set evaluation's)."""
    model = default_model()
    ex = to_examples(datasets, blend=options.blend, model=model, max_score=options.max_score, cells=options.cells)
    if len(ex) == 0:
        raise TrainError("the datasets hold no positions")
    held = _split(ex.game, options.hold_out)
    train, test = ex.subset(~held), ex.subset(held)
    params = (
        start
        if start is not None
        else init_params(options.dim, options.hidden, a=model.a, b=model.b, seed=options.seed, cells=options.cells)
    )
    report.positions, report.games = len(ex), int(np.unique(ex.game).size)
    report.train_positions, report.held_out_positions = len(train), len(test)
    report.baseline_held_out = baseline_loss(test, model.a, model.b)
    best = _copy(params)
    best_loss = report.start_held_out = mean_loss(test, params)  # the hand-set evaluation or the network trained on
    report.best_epoch = -1
    for epoch in range(options.epochs):
        loss = run_epoch(
            train, params, lr=options.lr, decay=options.decay, batch=options.batch, seed=options.seed * 1000 + epoch
        )
        report.train.append(loss)
        report.held_out.append(mean_loss(test, params))
        if report.held_out[-1] < best_loss:
            best_loss = report.held_out[-1]
            best = _copy(params)
            report.best_epoch = epoch
        if progress is not None:
            progress.write(
                f"value epoch {epoch + 1}/{options.epochs}: training {loss:.4f}, held out "
                f"{report.held_out[-1]:.4f} (hand-set evaluation {report.baseline_held_out:.4f})\n"
            )
            progress.flush()
    params.fine, params.coarse, params.w1, params.b1, params.w2, params.head = best
    return params, best_loss


def _start(name: str, b: float) -> tuple[Net, Params]:
    """The network ``--from`` names, and the parameters to train it on."""
    try:
        net = load_net(name)
    except NetError as exc:  # missing, unreadable
        raise TrainError(f"--from {name}: {exc}") from None
    if net is None:
        raise TrainError(
            f"--from {name}: the hand-set evaluation is where training starts without --from; name a network"
        )
    try:
        return net, from_net(net, b)
    except ValueError as exc:  # a move order alone
        raise TrainError(f"--from {name}: {exc}") from None


def _order(
    datasets: Sequence[Dataset], options: TrainOptions, report: TrainReport, progress: TextIO | None
) -> OrderModel:
    """The move order of the best epoch (by held-out loss)."""
    ex = order_examples(datasets)
    if len(ex) == 0:
        raise TrainError("the datasets hold no quiet position whose best move is known: the move order needs some")
    held = _split(ex.game, options.hold_out)
    train, test = ex.subset(~held), ex.subset(held)
    model = OrderModel.start()
    report.order_positions = len(ex)
    report.order_before = order_accuracy(test, model)
    best, best_loss = copy.deepcopy(model), order_loss(test, model)
    for epoch in range(options.order_epochs):
        loss = order_epoch(
            train,
            model,
            lr=options.order_lr,
            decay=options.order_decay,
            batch=options.batch,
            seed=options.seed * 1000 + epoch,
        )
        held_loss = order_loss(test, model)
        if held_loss < best_loss:
            best, best_loss = copy.deepcopy(model), held_loss
        if progress is not None:
            first, three, five = order_accuracy(test, model)
            progress.write(
                f"order epoch {epoch + 1}/{options.order_epochs}: training {loss:.4f}, held out "
                f"{held_loss:.4f}; the best move first {first:.1%}, in the first 5 {five:.1%}\n"
            )
            progress.flush()
    report.order_after = order_accuracy(test, best)
    return best


def train_net(
    datasets: Sequence[Dataset],
    name: str,
    options: TrainOptions = TrainOptions(),
    *,
    out: str | Path | None = None,
    sources: Sequence[str] = (),
    progress: TextIO | None = None,
) -> tuple[Net, TrainReport]:
    """Train a network on ``datasets`` (its value, its move order or both, as
    ``options`` say); write it to ``out`` when given."""
    options.check()
    began = time.monotonic()
    report = TrainReport(positions=0, games=0, train_positions=0, held_out_positions=0, baseline_held_out=math.nan)
    chance = default_model()
    start_net, start = None, None
    if options.start is not None:
        start_net, start = _start(options.start, chance.b)  # its size and features are the run's
        options = replace(options, dim=start_net.width, hidden=start_net.w1.shape[0], cells=start_net.has_cells)
    settings = {k: (None if isinstance(v, float) and math.isinf(v) else v) for k, v in asdict(options).items()}
    trained: dict = {"options": settings, "sources": list(sources)}  # no Infinity: strict JSON
    try:
        if options.value:
            params, loss = _value(datasets, options, report, progress, start)
            trained.update(
                positions=report.positions,
                games=report.games,
                train_positions=report.train_positions,
                held_out_positions=report.held_out_positions,
                held_out_loss=round(loss, 5),
                hand_set_held_out_loss=round(report.baseline_held_out, 5),
                start_held_out_loss=round(report.start_held_out, 5),
                best_epoch=report.best_epoch + 1,
                chance_model={"a": chance.a, "b": chance.b},
            )
        order = _order(datasets, options, report, progress) if options.order else None
    except ValueError as exc:
        raise TrainError(str(exc)) from None
    if order is not None:
        trained.update(
            order_positions=report.order_positions,
            order_held_out_before=[round(x, 4) for x in report.order_before],
            order_held_out_after=[round(x, 4) for x in report.order_after],
        )
    report.seconds = time.monotonic() - began
    trained["seconds"] = round(report.seconds, 1)
    meta = {"trained": trained}
    own, opp = order_tables(order) if order is not None else (np.zeros(1, np.int32), np.zeros(1, np.int32))
    if order is None and start_net is not None:
        own, opp = start_net.pol_own, start_net.pol_opp  # the start's move order, if it has one, stays
    if options.value:
        net = replace(to_net(params, name, meta), pol_own=own, pol_opp=opp)
    else:
        net = Net(
            name=name,
            embed=np.zeros((1, 1), np.int32),
            w1=np.zeros((0, 2), np.float32),
            b1=np.zeros(0, np.float32),
            w2=np.zeros(0, np.float32),
            head=np.zeros(4, np.float32),
            meta=meta,
            pol_own=own,
            pol_opp=opp,
        )
    if out is not None:
        save_net(net, out)
    return net, report
