"""The trainer of the learned evaluation (``gomoku.core.network``): Adam on
the cross-entropy between the network's chance and the examples' targets
(``gomoku.learning.examples``), in numba, on one core.

The parameters while training (float32; ``F`` feature rows, ``D``, ``H``):

``fine`` [F, D] and ``coarse`` [81, D]
    A feature's vector is ``fine[row] + coarse[code[row]]``, ``code`` the pair
    of line codes (own, opponent's) its window makes (``network.code_index``):
    a window seen in few positions starts from what its pattern is worth.
    ``fine`` alone is pulled towards zero (``decay``). They are folded into one
    integer table when the network is saved.
``w1`` [H, 2D], ``b1`` [H], ``w2`` [H], ``head`` [3]
    The network and its output's bias and weights of the hand-set potentials.

At the start the network is the hand-set evaluation read as a chance (the
shipped ``win-chance.json`` fit): training begins where the engine stands.

>>> from gomoku.learning.examples import to_examples, toy_dataset
>>> ex = to_examples([toy_dataset()])
>>> params = init_params(dim=4, hidden=4, a=0.002, b=0.0, seed=1)
>>> before = mean_loss(ex, params)
>>> for _ in range(30): _ = run_epoch(ex, params, lr=0.01, decay=0.0, batch=4, seed=0)
>>> mean_loss(ex, params) < before
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit
from numpy.typing import NDArray

from gomoku.core.network import CELL_ROWS, FEATURES, QUANT, code_index
from gomoku.core.patterns import tables
from gomoku.learning.examples import Examples
from gomoku.search.nets import Net

__all__ = ["Params", "init_params", "from_net", "adam_step", "run_epoch", "mean_loss", "baseline_loss", "to_net"]

F32 = NDArray[np.float32]
I32 = NDArray[np.int32]
I64 = NDArray[np.int64]
"""The kernels' arrays: the parameters and moments are float32, the examples' rows int32, their bounds int64."""


@dataclass
class Params:
    """The trainer's parameters and Adam's moments (see the module docstring)."""

    fine: np.ndarray
    coarse: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    head: np.ndarray
    code: np.ndarray
    a: float
    b: float
    moments: list[np.ndarray]
    step: np.ndarray

    def arrays(self) -> tuple[F32, F32, F32, F32, F32, F32]:
        return self.fine, self.coarse, self.w1, self.b1, self.w2, self.head


def init_params(
    dim: int = 16, hidden: int = 32, a: float = 0.002, b: float = 0.0, seed: int = 0, cells: bool = False
) -> Params:
    """Fresh parameters; the head starts as the hand-set evaluation's chance
    (``a * (2 * own - opp) + b``, ``cellvalues.TEMPO`` 2)."""
    rng = np.random.default_rng(seed)
    extra = CELL_ROWS if cells else 0
    fine = (rng.standard_normal((FEATURES + extra, dim)) * 0.01).astype(np.float32)
    fine[0] = 0
    coarse = (rng.standard_normal((81 + extra, dim)) * 0.01).astype(np.float32)
    w1 = (rng.standard_normal((hidden, 2 * dim)) / np.sqrt(2 * dim)).astype(np.float32)
    b1 = np.full(hidden, 0.1, dtype=np.float32)
    w2 = (rng.standard_normal(hidden) * 0.01).astype(np.float32)
    head = np.array([b, 2000.0 * a, -1000.0 * a], dtype=np.float32)
    code = code_index(tables(False).line)
    if cells:
        code = np.concatenate([code, 81 + np.arange(CELL_ROWS, dtype=np.int32)])
    arrays = (fine, coarse, w1, b1, w2, head)
    moments = [np.zeros_like(x) for x in arrays for _ in range(2)]
    return Params(fine, coarse, w1, b1, w2, head, code, a, b, moments, np.zeros(1, dtype=np.int64))


def from_net(net: Net, b: float) -> Params:
    """The parameters a saved network was folded from (``to_net``'s inverse), to
    train on (``gomoku train --from``), ``b`` the chance map's offset. A pattern
    pair's shared vector is the one most of its windows have (those the decay
    left at it: no game moved them), a window's own part what it adds.

    >>> from gomoku.learning.examples import to_examples, toy_dataset
    >>> params = init_params(dim=4, hidden=4, a=0.002, b=0.1, seed=1, cells=True)
    >>> params.fine[1:] *= (np.arange(1, len(params.fine)) % 3 == 0)[:, None]  # most windows: their pattern's
    >>> net = to_net(params, "t", {})
    >>> again = from_net(net, b=0.1)
    >>> ex = to_examples([toy_dataset()], cells=True)
    >>> bool(abs(mean_loss(ex, again) - mean_loss(ex, params)) < 1e-4)
    True
    >>> bool(np.array_equal(to_net(again, "t", {}).embed, net.embed))
    True
    """
    if not net.has_value:
        raise ValueError(f"{net.name} has no value to train on (a move order alone)")
    # Its shapes were checked when it was made (``Net``).
    params = init_params(net.width, net.w1.shape[0], a=1.0 / float(net.head[1]), b=b, cells=net.has_cells)
    code = params.code
    coarse = np.zeros_like(params.coarse)
    for c in range(coarse.shape[0]):
        members = net.embed[1:][code[1:] == c]
        if len(members):
            vectors, counts = np.unique(members, axis=0, return_counts=True)
            coarse[c] = vectors[np.argmax(counts)] / QUANT
    fine = (net.embed / QUANT - coarse[code]).astype(np.float32)
    fine[0] = 0
    params.fine[:], params.coarse[:] = fine, coarse
    params.w1[:], params.b1[:], params.w2[:] = net.w1, net.b1, net.w2
    params.head[:] = [net.head[0] + b, net.head[2], net.head[3]]
    return params


@njit(cache=True)
def _forward(
    rows: I32,
    lo: int,
    mid: int,
    hi: int,
    code: I32,
    fine: F32,
    coarse: F32,
    w1: F32,
    b1: F32,
    w2: F32,
    head: F32,
    own: float,
    opp: float,
    x: F32,
    z: F32,
) -> float:
    """The logit of one position; ``x`` and ``z`` (pre-activation) filled."""
    dim = fine.shape[1]
    x[:] = 0.0
    for k in range(lo, hi):
        r = rows[k]
        c = code[r]
        off = 0 if k < mid else dim
        for j in range(dim):
            x[off + j] += fine[r, j] + coarse[c, j]
    v = head[0] + head[1] * own * 0.001 + head[2] * opp * 0.001
    for u in range(w1.shape[0]):
        t = b1[u]
        for j in range(2 * dim):
            t += w1[u, j] * x[j]
        z[u] = t
        if t > 0:
            v += w2[u] * t
    return v


@njit(cache=True)
def _bce(v: float, t: float) -> tuple[float, float]:
    if v > 30.0:
        v = 30.0
    elif v < -30.0:
        v = -30.0
    p = 1.0 / (1.0 + np.exp(-v))
    return p, -(t * np.log(p + 1e-12) + (1.0 - t) * np.log(1.0 - p + 1e-12))


@njit(cache=True)
def adam_step(x: F32, g: F32, m: F32, v: F32, lr: np.float32, t: int) -> None:
    """One Adam step of ``x`` (any shape) by gradient ``g``, moments ``m`` and ``v``, step ``t`` (from 1)."""
    b1, b2 = 0.9, 0.999
    c1 = 1.0 - b1**t
    c2 = 1.0 - b2**t
    flat_x, flat_g, flat_m, flat_v = x.reshape(-1), g.reshape(-1), m.reshape(-1), v.reshape(-1)
    for i in range(flat_x.size):
        gi = flat_g[i]
        flat_m[i] = b1 * flat_m[i] + (1 - b1) * gi
        flat_v[i] = b2 * flat_v[i] + (1 - b2) * gi * gi
        flat_x[i] -= lr * (flat_m[i] / c1) / (np.sqrt(flat_v[i] / c2) + 1e-8)


@njit(cache=True)
def _epoch(
    rows: I32,
    start: I64,
    split: I64,
    own: F32,
    opp: F32,
    target: F32,
    order: I64,
    code: I32,
    fine: F32,
    coarse: F32,
    w1: F32,
    b1: F32,
    w2: F32,
    head: F32,
    mf0: F32,
    mf1: F32,
    mc0: F32,
    mc1: F32,
    mw0: F32,
    mw1: F32,
    mb0: F32,
    mb1: F32,
    mv0: F32,
    mv1: F32,
    mh0: F32,
    mh1: F32,
    step: I64,
    lr: np.float32,
    decay: np.float32,
    batch: int,
) -> float:
    dim = fine.shape[1]
    hidden = w1.shape[0]
    gf = np.zeros_like(fine)
    gc = np.zeros_like(coarse)
    gw1 = np.zeros_like(w1)
    gb1 = np.zeros_like(b1)
    gw2 = np.zeros_like(w2)
    gh = np.zeros_like(head)
    x = np.zeros(2 * dim, dtype=np.float32)
    z = np.zeros(hidden, dtype=np.float32)
    dx = np.zeros(2 * dim, dtype=np.float32)
    total = 0.0
    n = order.size
    for at in range(0, n, batch):
        end = min(n, at + batch)
        scale = 1.0 / (end - at)
        for k in range(at, end):
            i = order[k]
            v = _forward(
                rows, start[i], split[i], start[i + 1], code, fine, coarse, w1, b1, w2, head, own[i], opp[i], x, z
            )
            p, loss = _bce(v, target[i])
            total += loss
            dv = (p - target[i]) * scale
            gh[0] += dv
            gh[1] += dv * own[i] * 0.001
            gh[2] += dv * opp[i] * 0.001
            dx[:] = 0.0
            for u in range(hidden):
                if z[u] > 0:
                    gw2[u] += dv * z[u]
                    dz = dv * w2[u]
                    gb1[u] += dz
                    for j in range(2 * dim):
                        gw1[u, j] += dz * x[j]
                        dx[j] += dz * w1[u, j]
            for q in range(start[i], start[i + 1]):
                r = rows[q]
                c = code[r]
                off = 0 if q < split[i] else dim
                for j in range(dim):
                    gf[r, j] += dx[off + j]
                    gc[c, j] += dx[off + j]
        step[0] += 1
        t = step[0]
        if decay > 0:
            for r in range(1, fine.shape[0]):
                for j in range(dim):
                    gf[r, j] += decay * fine[r, j]
        gf[0, :] = 0.0
        adam_step(fine, gf, mf0, mf1, lr, t)
        adam_step(coarse, gc, mc0, mc1, lr, t)
        adam_step(w1, gw1, mw0, mw1, lr, t)
        adam_step(b1, gb1, mb0, mb1, lr, t)
        adam_step(w2, gw2, mv0, mv1, lr, t)
        adam_step(head, gh, mh0, mh1, lr, t)
        gf[:] = 0.0
        gc[:] = 0.0
        gw1[:] = 0.0
        gb1[:] = 0.0
        gw2[:] = 0.0
        gh[:] = 0.0
    return total / max(n, 1)


@njit(cache=True)
def _losses(
    rows: I32,
    start: I64,
    split: I64,
    own: F32,
    opp: F32,
    target: F32,
    code: I32,
    fine: F32,
    coarse: F32,
    w1: F32,
    b1: F32,
    w2: F32,
    head: F32,
) -> float:
    dim = fine.shape[1]
    x = np.zeros(2 * dim, dtype=np.float32)
    z = np.zeros(w1.shape[0], dtype=np.float32)
    total = 0.0
    for i in range(own.size):
        v = _forward(rows, start[i], split[i], start[i + 1], code, fine, coarse, w1, b1, w2, head, own[i], opp[i], x, z)
        total += _bce(v, target[i])[1]
    return total / max(own.size, 1)


def run_epoch(
    ex: Examples, params: Params, lr: float = 1e-3, decay: float = 1e-4, batch: int = 256, seed: int = 0
) -> float:
    """One pass over ``ex`` in a shuffled order, Adam at ``lr``, ``fine`` pulled to
    zero by ``decay``; the mean training loss (cross-entropy, nats) over the pass."""
    order = np.random.default_rng(seed).permutation(len(ex)).astype(np.int64)
    mf0, mf1, mc0, mc1, mw0, mw1, mb0, mb1, mv0, mv1, mh0, mh1 = params.moments  # two for each array
    return float(
        _epoch(
            ex.rows,
            ex.start,
            ex.split,
            ex.own,
            ex.opp,
            ex.target,
            order,
            params.code,
            *params.arrays(),
            mf0,
            mf1,
            mc0,
            mc1,
            mw0,
            mw1,
            mb0,
            mb1,
            mv0,
            mv1,
            mh0,
            mh1,
            params.step,
            np.float32(lr),
            np.float32(decay),
            int(batch),
        )
    )


def mean_loss(ex: Examples, params: Params) -> float:
    """The mean cross-entropy of the network on ``ex``."""
    return float(_losses(ex.rows, ex.start, ex.split, ex.own, ex.opp, ex.target, params.code, *params.arrays()))


def baseline_loss(ex: Examples, a: float, b: float) -> float:
    """The mean cross-entropy of the hand-set evaluation read as a chance (the engine's own map)."""
    v = np.clip(a * (2.0 * ex.own.astype(np.float64) - ex.opp) + b, -30, 30)
    p = 1.0 / (1.0 + np.exp(-v))
    t = ex.target.astype(np.float64)
    return float(np.mean(-(t * np.log(p + 1e-12) + (1 - t) * np.log(1 - p + 1e-12))))


def to_net(params: Params, name: str, meta: dict) -> Net:
    """The network to play with: the feature tables folded into one integer table
    (``QUANT`` units), the output in score units (the chance map's ``a`` and ``b``)."""
    table = params.fine + params.coarse[params.code]
    embed = np.rint(table * QUANT).astype(np.int32)
    embed[0] = 0
    head = np.array([params.head[0] - params.b, 1.0 / params.a, params.head[1], params.head[2]], dtype=np.float32)
    return Net(
        name=name, embed=embed, w1=params.w1.copy(), b1=params.b1.copy(), w2=params.w2.copy(), head=head, meta=meta
    )
