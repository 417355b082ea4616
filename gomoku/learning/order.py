"""The learned move order: which candidate cell the search will find best.

The tree searches only the first few moves of a node in its order (``WIDTH``,
fewer near the leaves), so a node whose best move is ordered sixth near the
leaves never sees it. The hand-set order (``grid.order_value``) scores a cell
by the pattern codes it makes; the learned order adds, for each of the cell's
four line windows (``gomoku.core.network``'s features), a value from the side
to move's view (``own``: what the move makes) and one from the opponent's view
(``opp``: what it takes away). Trained as a softmax over a position's
candidates (``logit = alpha * order / 1000 + own + opp``) on the search's best
moves of self-play positions; saved in the hand-set order's units
(``1000 * table / alpha``), which ``grid.learned_order`` adds to it.

``OrderExamples`` (N positions, C candidates in all):

``start`` int64[N + 1]
    Position ``i``'s candidates are ``start[i]:start[i + 1]``.
``order`` float32[C]
    The hand-set order value of each (capped at ``ORDER_CAP``).
``own``, ``opp`` int32[C, 4]
    The feature rows of its four windows from the side to move's view and
    from the opponent's (0: no stone in the window).
``best`` int32[N]
    The place of the search's best move among the position's candidates.
``game`` int32[N]
    The position's game (the split is by game).

>>> from gomoku.learning.examples import toy_dataset
>>> ex = order_examples([toy_dataset()])
>>> len(ex), bool((ex.best >= 0).all())
(2, True)
>>> model = OrderModel.start()
>>> before = order_loss(ex, model)
>>> for epoch in range(20): _ = order_epoch(ex, model, lr=0.05, decay=0.0, batch=2, seed=epoch)
>>> order_loss(ex, model) < before
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit
from numpy.typing import NDArray

from gomoku.core.grid import TURN, order_value
from gomoku.core.network import FEATURES, feature_index
from gomoku.core.patterns import C_F4, C_FIVE
from gomoku.learning.examples import replay, select
from gomoku.learning.train import F32, I32, I64, adam_step
from gomoku.selfplay.dataset import Dataset

__all__ = [
    "ORDER_CAP",
    "TABLE_CAP",
    "OrderExamples",
    "order_examples",
    "OrderModel",
    "order_epoch",
    "order_loss",
    "order_accuracy",
    "order_tables",
]

ORDER_CAP = 3000.0
"""Hand-set order values above this (fours, four-threes) count as this in training: those moves come first anyway."""
TABLE_CAP = 250
"""The most a window's learned value may add or take away, in the hand-set order's units (an open three is 400)."""


@dataclass
class OrderExamples:
    """Positions as the move order's trainer reads them (see the module docstring)."""

    start: np.ndarray
    order: np.ndarray
    own: np.ndarray
    opp: np.ndarray
    best: np.ndarray
    game: np.ndarray

    def __len__(self) -> int:
        return int(self.best.size)

    def subset(self, keep: np.ndarray) -> OrderExamples:
        idx = np.flatnonzero(keep)
        cells, start = select(self.start, idx)
        return OrderExamples(start, self.order[cells], self.own[cells], self.opp[cells], self.best[idx], self.game[idx])


def order_examples(datasets: Sequence[Dataset], max_score: float = 1500.0) -> OrderExamples:
    """The quiet positions of ``datasets`` (no five to make or block, no open
    four against, a search score of at most ``max_score`` either way) with their
    candidates and the search's best move among them."""
    index = feature_index(4)
    starts, orders, owns, opps, bests, games = [0], [], [], [], [], []
    game_base = 0
    for data in datasets:
        order = np.lexsort((data.ply, data.game))
        order = order[np.abs(data.score[order]) <= max_score]
        for j, grid in replay(data, order):
            state = grid.state
            s = int(state.meta[TURN])
            o = 3 - s
            if state.count[s, C_FIVE] or state.count[o, C_FIVE] or state.count[o, C_F4]:
                continue
            cells = grid.candidates()
            best = tuple(int(v) for v in data.best[j])
            target = grid.index.get(best) if best in grid.index else None
            if target is None or target not in cells:
                continue
            keys = state.keys
            for q in cells:
                orders.append(min(ORDER_CAP, float(order_value(state, s, q))))
                owns.append([index[s, keys[4 * q + d]] for d in range(4)])
                opps.append([index[o, keys[4 * q + d]] for d in range(4)])
            starts.append(starts[-1] + len(cells))
            bests.append(cells.index(target))
            games.append(game_base + int(data.game[j]))
        game_base += int(data.game_result.size)
    return OrderExamples(
        start=np.array(starts, dtype=np.int64),
        order=np.array(orders, dtype=np.float32),
        own=np.array(owns, dtype=np.int32).reshape(-1, 4),
        opp=np.array(opps, dtype=np.int32).reshape(-1, 4),
        best=np.array(bests, dtype=np.int32),
        game=np.array(games, dtype=np.int32),
    )


@dataclass
class OrderModel:
    """The move order's parameters: ``alpha`` (``[1]``), the two tables, and Adam's moments."""

    alpha: np.ndarray
    own: np.ndarray
    opp: np.ndarray
    moments: list[np.ndarray]
    step: np.ndarray

    @staticmethod
    def start(alpha: float = 2.0) -> OrderModel:
        """The hand-set order alone (tables at zero)."""
        arrays = (np.array([alpha], dtype=np.float32), np.zeros(FEATURES, np.float32), np.zeros(FEATURES, np.float32))
        return OrderModel(*arrays, [np.zeros_like(a) for a in arrays for _ in range(2)], np.zeros(1, np.int64))


@njit(cache=True)
def _logits(
    i: int, start: I64, order: F32, own: I32, opp: I32, alpha: F32, t_own: F32, t_opp: F32, out: NDArray[np.float64]
) -> int:
    n = start[i + 1] - start[i]
    top = -1e30
    for c in range(n):
        k = start[i] + c
        v = alpha[0] * order[k] * 0.001
        for d in range(4):
            v += t_own[own[k, d]] + t_opp[opp[k, d]]
        out[c] = v
        if v > top:
            top = v
    total = 0.0
    for c in range(n):
        out[c] = math.exp(out[c] - top)
        total += out[c]
    for c in range(n):
        out[c] /= total
    return n


@njit(cache=True)
def _order_epoch(
    start: I64,
    order: F32,
    own: I32,
    opp: I32,
    best: I32,
    idx: I64,
    alpha: F32,
    t_own: F32,
    t_opp: F32,
    m0: F32,
    m1: F32,
    m2: F32,
    m3: F32,
    m4: F32,
    m5: F32,
    step: I64,
    lr: np.float32,
    decay: np.float32,
    batch: int,
) -> float:
    p = np.zeros(4096, dtype=np.float64)
    g_a = np.zeros(1, dtype=np.float32)
    g_own = np.zeros_like(t_own)
    g_opp = np.zeros_like(t_opp)
    total = 0.0
    for at in range(0, idx.size, batch):
        end = min(idx.size, at + batch)
        scale = 1.0 / (end - at)
        for j in range(at, end):
            i = idx[j]
            n = _logits(i, start, order, own, opp, alpha, t_own, t_opp, p)
            total -= math.log(p[best[i]] + 1e-12)
            for c in range(n):
                grad = (p[c] - (1.0 if c == best[i] else 0.0)) * scale
                k = start[i] + c
                g_a[0] += grad * order[k] * 0.001
                for d in range(4):
                    g_own[own[k, d]] += grad
                    g_opp[opp[k, d]] += grad
        step[0] += 1
        for r in range(1, t_own.size):
            g_own[r] += decay * t_own[r]
            g_opp[r] += decay * t_opp[r]
        g_own[0] = 0.0
        g_opp[0] = 0.0
        adam_step(alpha, g_a, m0, m1, lr, step[0])
        adam_step(t_own, g_own, m2, m3, lr, step[0])
        adam_step(t_opp, g_opp, m4, m5, lr, step[0])
        g_a[:] = 0.0
        g_own[:] = 0.0
        g_opp[:] = 0.0
    return total / max(idx.size, 1)


@njit(cache=True)
def _order_stats(
    start: I64, order: F32, own: I32, opp: I32, best: I32, alpha: F32, t_own: F32, t_opp: F32
) -> tuple[float, I64]:
    p = np.zeros(4096, dtype=np.float64)
    loss = 0.0
    hits = np.zeros(3, dtype=np.int64)  # best first, in the first 3, in the first 5
    for i in range(best.size):
        n = _logits(i, start, order, own, opp, alpha, t_own, t_opp, p)
        loss -= math.log(p[best[i]] + 1e-12)
        above = 0
        for c in range(n):
            if p[c] > p[best[i]]:
                above += 1
        hits[0] += above < 1
        hits[1] += above < 3
        hits[2] += above < 5
    return loss / max(best.size, 1), hits


def order_epoch(
    ex: OrderExamples, model: OrderModel, lr: float = 0.01, decay: float = 1e-3, batch: int = 256, seed: int = 0
) -> float:
    """One shuffled pass of Adam; the mean training loss (nats)."""
    idx = np.random.default_rng(seed).permutation(len(ex)).astype(np.int64)
    if ex.start.size and int(np.diff(ex.start).max(initial=0)) > 4096:
        raise ValueError("a position with more than 4096 candidates")
    m0, m1, m2, m3, m4, m5 = model.moments  # two for each array
    return float(
        _order_epoch(
            ex.start,
            ex.order,
            ex.own,
            ex.opp,
            ex.best,
            idx,
            model.alpha,
            model.own,
            model.opp,
            m0,
            m1,
            m2,
            m3,
            m4,
            m5,
            model.step,
            np.float32(lr),
            np.float32(decay),
            int(batch),
        )
    )


def order_loss(ex: OrderExamples, model: OrderModel) -> float:
    """The mean cross-entropy of the search's best moves under ``model``."""
    return float(_order_stats(ex.start, ex.order, ex.own, ex.opp, ex.best, model.alpha, model.own, model.opp)[0])


def order_accuracy(ex: OrderExamples, model: OrderModel) -> tuple[float, float, float]:
    """How often the search's best move is ordered first, in the first 3, in the first 5."""
    _, hits = _order_stats(ex.start, ex.order, ex.own, ex.opp, ex.best, model.alpha, model.own, model.opp)
    first, top3, top5 = (float(h) / max(len(ex), 1) for h in hits)
    return first, top3, top5


def order_tables(model: OrderModel) -> tuple[np.ndarray, np.ndarray]:
    """The two tables in the hand-set order's units (``TABLE_CAP`` at most either way), for ``Net``."""
    scale = 1000.0 / max(float(model.alpha[0]), 1e-3)
    out = []
    for table in (model.own, model.opp):
        values = np.clip(np.rint(table * scale), -TABLE_CAP, TABLE_CAP).astype(np.int32)
        values[0] = 0
        out.append(values)
    return out[0], out[1]
