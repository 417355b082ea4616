"""Learned evaluations by name: the networks of ``gomoku.core.network``, read
from ``data/nets/NAME.npz`` (or a file), checked, and laid out for a grid.

An evaluation is chosen by name everywhere (``SearchOptions.evaluation``,
``strong:NAME``, ``pbrain-gomoku --level strong:NAME``): ``classic``, the hand-set
table of ``gomoku.core.cellvalues``, or a network's name. The engine's levels
use ``DEFAULT_EVALUATION`` when none is named.

The file (numpy ``.npz``): ``embed`` int32[F, D], ``w1`` float32[H, 2D],
``b1`` float32[H], ``w2`` float32[H], ``head`` float32[4], the value
(``H`` 0: none, the hand-set evaluation stays); ``pol_own`` and ``pol_opp``
int32[F], the learned move order (one entry each: none); see
``gomoku.core.network``; ``cells`` int32[495] and ``tempo`` int64[STATES], the
table-form evaluation (``gomoku.core.tempo``: the two sides' potentials from one
table of cell values, and the side to move's tempo by threat state; absent for
a network's value); and ``meta``, a JSON string: ``format``
(``gomoku-net``), ``version`` (1) and how the network was made.

>>> sorted(available())[:1]
['classic']
>>> load_net("classic") is None
True
>>> load_net("no-such-net")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gomoku.search.nets.NetError: no evaluation named 'no-such-net' (classic, ...)
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from gomoku.core.cellvalues import MULTISETS
from gomoku.core.network import CELL_ROWS, FEATURES, cell_table, feature_index
from gomoku.core.patterns import multiset_index
from gomoku.core.tempo import STATES
from gomoku.files import write_atomically

__all__ = [
    "NETS_DIR",
    "CLASSIC",
    "DEFAULT_EVALUATION",
    "NetError",
    "Net",
    "available",
    "load_net",
    "save_net",
    "grid_arrays",
]

NETS_DIR = Path(__file__).resolve().parents[2] / "data" / "nets"
"""Where the shipped networks are."""
CLASSIC = "classic"
"""The hand-set evaluation's name."""
DEFAULT_EVALUATION = "round3"
"""The evaluation of the engine's levels when none is named (``strong`` is
``strong:round3``; ``strong:classic`` the hand-set one). ``SearchOptions``
keeps ``classic``: a bare ``Searcher`` stays the hand-set search."""
FORMAT, VERSION = "gomoku-net", 1


class NetError(ValueError):
    """A network that cannot be used: missing, unreadable, malformed."""


@dataclass(frozen=True, eq=False)
class Net:
    """A learned evaluation's arrays (``gomoku.core.network``) and how it was made."""

    name: str
    embed: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    head: np.ndarray
    meta: dict[str, Any] = field(default_factory=dict)
    pol_own: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int32))
    pol_opp: np.ndarray = field(default_factory=lambda: np.zeros(1, dtype=np.int32))
    cells: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    """The table form's cell values by sorted code quadruple (``cellvalues.MULTISETS``); empty: none."""
    tempo: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    """The table form's tempo by threat state (``gomoku.core.tempo``)."""

    @property
    def has_value(self) -> bool:
        return self.b1.size > 0

    @property
    def has_order(self) -> bool:
        return self.pol_own.size > 1

    @property
    def has_table(self) -> bool:
        """The value is the table form (cell values and a tempo table), not a network."""
        return self.cells.size > 0

    def combo_values(self, default: np.ndarray) -> np.ndarray:
        """Each side's cell value of each combination key (``patterns.Tables.combo_eval``:
        3 x ``9 ** 4``, row 0 unused): the table form's for both sides, else ``default``
        (the classic table's)."""
        if not self.has_table:
            return default
        values = np.zeros_like(default)
        values[1:] = self.cells.astype(np.int32)[multiset_index()]
        return values

    def _check_table(self) -> None:
        if self.cells.shape != (len(MULTISETS),) or self.tempo.shape != (STATES,):
            raise NetError(f"network {self.name!r}: cells and tempo must hold {len(MULTISETS)} and {STATES} values")
        if np.abs(self.cells).max() > 1 << 20 or np.abs(self.tempo).max() > 1 << 20:
            raise NetError(f"network {self.name!r}: table values out of range")
        if self.has_value:
            raise NetError(f"network {self.name!r}: both a network's value and a table's")

    def __post_init__(self) -> None:
        if self.has_table or self.tempo.size > 0:
            self._check_table()
        if self.has_order:
            for name in ("pol_own", "pol_opp"):
                table = getattr(self, name)
                if table.shape != (FEATURES,) or table[0] != 0 or np.abs(table).max() > 1 << 20:
                    raise NetError(f"network {self.name!r}: {name} must hold {FEATURES} values, the first 0")
        elif self.pol_opp.size > 1:
            raise NetError(f"network {self.name!r}: pol_opp without pol_own")
        if not self.has_value:
            if not self.has_order and not self.has_table:
                raise NetError(f"network {self.name!r}: neither a value nor a move order")
            return
        e, w1, b1, w2, head = self.embed, self.w1, self.b1, self.w2, self.head
        if e.ndim != 2 or e.shape[0] not in (FEATURES, FEATURES + CELL_ROWS) or e.shape[1] < 1:
            raise NetError(
                f"network {self.name!r}: embed has shape {e.shape}, expected ({FEATURES}, D) "
                f"or ({FEATURES + CELL_ROWS}, D)"
            )
        d = e.shape[1]
        if w1.ndim != 2 or w1.shape[1] != 2 * d or w1.shape[0] < 1:
            raise NetError(f"network {self.name!r}: w1 has shape {w1.shape}, expected (H, {2 * d})")
        h = w1.shape[0]
        if b1.shape != (h,) or w2.shape != (h,) or head.shape != (4,):
            raise NetError(f"network {self.name!r}: b1, w2 or head has the wrong shape")
        for name in ("w1", "b1", "w2", "head"):
            if not np.all(np.isfinite(getattr(self, name))):
                raise NetError(f"network {self.name!r}: {name} holds a NaN or an infinity")
        if np.any(e[0] != 0):
            raise NetError(f"network {self.name!r}: feature row 0 (no stone) must be zero")
        if np.abs(e).max() > 1 << 20:
            raise NetError(f"network {self.name!r}: feature vectors out of range")

    @property
    def has_cells(self) -> bool:
        """The value reads the cell features too (``network.CELL_ROWS``)."""
        return self.has_value and self.embed.shape[0] > FEATURES

    @property
    def width(self) -> int:
        """``D``: the accumulator's width (0 without a value)."""
        return int(self.embed.shape[1]) if self.has_value else 0


def available() -> list[str]:
    """The evaluations found by name: ``classic`` and the shipped networks."""
    names = [CLASSIC]
    if NETS_DIR.is_dir():
        names += sorted(p.stem for p in NETS_DIR.glob("*.npz"))
    return names


def _read(path: Path, name: str) -> Net:
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {"meta": z["meta"]}
            for k, empty in _ABSENT.items():
                arrays[k] = z[k] if k in z.files else empty
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as exc:
        raise NetError(f"cannot read network {name!r} ({path}): {exc}") from None
    try:
        meta = json.loads(str(arrays["meta"]))
    except ValueError:
        raise NetError(f"network {name!r} ({path}): its meta is not JSON") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT or meta.get("version") != VERSION:
        raise NetError(f"network {name!r} ({path}): not a {FORMAT} file of version {VERSION}")
    return Net(
        name=name,
        embed=arrays["embed"].astype(np.int32),
        w1=arrays["w1"].astype(np.float32),
        b1=arrays["b1"].astype(np.float32),
        w2=arrays["w2"].astype(np.float32),
        head=arrays["head"].astype(np.float32),
        meta=meta,
        pol_own=arrays["pol_own"].astype(np.int32),
        pol_opp=arrays["pol_opp"].astype(np.int32),
        cells=arrays["cells"].astype(np.int32),
        tempo=arrays["tempo"].astype(np.int64),
    )


@lru_cache(maxsize=8)
def load_net(name: str) -> Net | None:
    """The network called ``name`` (a shipped name or a ``.npz`` path); None for
    ``classic``. Raises NetError with a one-line reason."""
    if name == CLASSIC:
        return None
    path = Path(name)
    if path.suffix == ".npz" and path.is_file():
        return _read(path, path.stem)
    shipped = NETS_DIR / f"{name}.npz"
    if "/" not in name and shipped.is_file():
        return _read(shipped, name)
    raise NetError(f"no evaluation named {name!r} ({', '.join(available())}, or a .npz file)")


def save_net(net: Net, path: str | Path) -> Path:
    """Write ``net`` to ``path`` (atomically)."""
    meta = dict(net.meta, format=FORMAT, version=VERSION)
    buffer = io.BytesIO()
    np.savez_compressed(
        buffer,
        embed=net.embed.astype(np.int32),
        w1=net.w1.astype(np.float32),
        b1=net.b1.astype(np.float32),
        w2=net.w2.astype(np.float32),
        head=net.head.astype(np.float32),
        pol_own=net.pol_own.astype(np.int32),
        pol_opp=net.pol_opp.astype(np.int32),
        cells=net.cells.astype(np.int32),
        tempo=net.tempo.astype(np.int64),
        meta=np.array(json.dumps(meta)),
    )
    return write_atomically(path, buffer.getvalue())


_ABSENT = {
    "embed": np.zeros((1, 1), dtype=np.int32),
    "w1": np.zeros((0, 2), dtype=np.float32),
    "b1": np.zeros(0, dtype=np.float32),
    "w2": np.zeros(0, dtype=np.float32),
    "head": np.zeros(4, dtype=np.float32),
    "pol_own": np.zeros(1, dtype=np.int32),
    "pol_opp": np.zeros(1, dtype=np.int32),
    "cells": np.zeros(0, dtype=np.int32),
    "tempo": np.zeros(0, dtype=np.int64),
}
"""Each array of a network file as it reads when the file has none of it."""

_NONE = {
    "nn_embed": np.zeros((1, 1), dtype=np.int32),
    "nn_w1": np.zeros((0, 2), dtype=np.float32),
    "nn_b1": np.zeros(0, dtype=np.float32),
    "nn_w2": np.zeros(0, dtype=np.float32),
    "nn_head": np.zeros(4, dtype=np.float32),
}


def grid_arrays(net: Net | None, reach: int, size: int) -> dict[str, np.ndarray]:
    """The grid's fields of the learned evaluation and move order for a grid of
    ``size`` cells: ``net``'s (its sums at zero) or, for None or exact-five
    rules (``reach`` 5, which the networks were not trained on), none."""
    out: dict[str, np.ndarray] = dict(
        _NONE,
        acc=np.zeros((3, 1), dtype=np.int32),
        nn_index=np.zeros((3, 1), dtype=np.int32),
        pol_own=np.zeros((3, 1), dtype=np.int32),
        pol_opp=np.zeros((3, 1), dtype=np.int32),
        nn_pol_own=np.zeros(1, dtype=np.int32),
        nn_pol_opp=np.zeros(1, dtype=np.int32),
        nn_cell=np.zeros((3, 1), dtype=np.int32),
        acc_stack=np.zeros((1, 3, 1), dtype=np.int32),
        tempo=np.zeros(1, dtype=np.int64),
    )
    if net is None or reach != 4:
        return out
    if net.has_table:
        out["tempo"] = net.tempo
    out["nn_index"] = feature_index(reach)
    if net.has_value:
        out.update(
            acc=np.zeros((3, net.width), dtype=np.int32),
            acc_stack=np.zeros((size, 3, net.width), dtype=np.int32),
            nn_embed=net.embed,
            nn_w1=net.w1,
            nn_b1=net.b1,
            nn_w2=net.w2,
            nn_head=net.head,
        )
        if net.has_cells:
            out["nn_cell"] = cell_table()
    if net.has_order:
        out.update(
            pol_own=np.zeros((3, size), dtype=np.int32),
            pol_opp=np.zeros((3, size), dtype=np.int32),
            nn_pol_own=net.pol_own,
            nn_pol_opp=net.pol_opp,
        )
    return out
