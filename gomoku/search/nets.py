"""Learned evaluations by name: the networks of ``gomoku.core.network``, read
from ``data/nets/NAME.npz`` (or a file), checked, and laid out for a grid.

An evaluation is chosen by name everywhere (``SearchOptions.evaluation``,
``strong:NAME``, ``pbrain-gomoku --eval NAME``): ``classic``, the hand-set
table of ``gomoku.core.cellvalues`` (the default), or a network's name.

The file (numpy ``.npz``): ``embed`` int32[F, D], ``w1`` float32[H, 2D],
``b1`` float32[H], ``w2`` float32[H], ``head`` float32[4] (see
``gomoku.core.network``) and ``meta``, a JSON string: ``format``
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

import numpy as np

from gomoku.core.network import FEATURES, feature_index
from gomoku.files import write_atomically

__all__ = ["NETS_DIR", "CLASSIC", "NetError", "Net", "available", "load_net", "save_net", "grid_arrays"]

NETS_DIR = Path(__file__).resolve().parents[2] / "data" / "nets"
"""Where the shipped networks are."""
CLASSIC = "classic"
"""The hand-set evaluation's name."""
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
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        e, w1, b1, w2, head = self.embed, self.w1, self.b1, self.w2, self.head
        if e.ndim != 2 or e.shape[0] != FEATURES or e.shape[1] < 1:
            raise NetError(f"network {self.name!r}: embed has shape {e.shape}, expected ({FEATURES}, D)")
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
    def width(self) -> int:
        """``D``: the accumulator's width."""
        return int(self.embed.shape[1])


def available() -> list[str]:
    """The evaluations found by name: ``classic`` and the shipped networks."""
    names = [CLASSIC]
    if NETS_DIR.is_dir():
        names += sorted(p.stem for p in NETS_DIR.glob("*.npz"))
    return names


def _read(path: Path, name: str) -> Net:
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in ("embed", "w1", "b1", "w2", "head", "meta")}
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as exc:
        raise NetError(f"cannot read network {name!r} ({path}): {exc}") from None
    try:
        meta = json.loads(str(arrays["meta"]))
    except ValueError:
        raise NetError(f"network {name!r} ({path}): its meta is not JSON") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT or meta.get("version") != VERSION:
        raise NetError(f"network {name!r} ({path}): not a {FORMAT} file of version {VERSION}")
    return Net(name=name, embed=arrays["embed"].astype(np.int32), w1=arrays["w1"].astype(np.float32),
               b1=arrays["b1"].astype(np.float32), w2=arrays["w2"].astype(np.float32),
               head=arrays["head"].astype(np.float32), meta=meta)


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
    np.savez_compressed(buffer, embed=net.embed.astype(np.int32), w1=net.w1.astype(np.float32),
                        b1=net.b1.astype(np.float32), w2=net.w2.astype(np.float32),
                        head=net.head.astype(np.float32), meta=np.array(json.dumps(meta)))
    return write_atomically(path, buffer.getvalue())


_NONE = {
    "nn_embed": np.zeros((1, 1), dtype=np.int32),
    "nn_w1": np.zeros((0, 2), dtype=np.float32),
    "nn_b1": np.zeros(0, dtype=np.float32),
    "nn_w2": np.zeros(0, dtype=np.float32),
    "nn_head": np.zeros(4, dtype=np.float32),
}


def grid_arrays(net: Net | None, reach: int) -> dict[str, np.ndarray]:
    """The grid's fields of the learned evaluation: ``net``'s (its sums at zero)
    or, for None or exact-five rules (``reach`` 5, which the networks were
    not trained on), none."""
    if net is None or reach != 4:
        return dict(_NONE, acc=np.zeros((3, 1), dtype=np.int32), nn_index=np.zeros((3, 1), dtype=np.int32))
    return {
        "acc": np.zeros((3, net.width), dtype=np.int32),
        "nn_index": feature_index(reach),
        "nn_embed": net.embed,
        "nn_w1": net.w1,
        "nn_b1": net.b1,
        "nn_w2": net.w2,
        "nn_head": net.head,
    }
