"""A record of named numpy arrays that numba kernels take as one reference.

A kernel that takes a tuple of twenty arrays copies and reference-counts all
twenty at every call (most of a node's time, measured); a numba StructRef is
one pointer. ``Record`` is the Python side shared by the kernels' records
(``grid.GridState``, ``context.Context``): made with keyword arguments, its
fields read from Python without a kernel call (the same arrays the kernels
change). Each record also needs its numba type, a ``types.StructRef``
subclass registered at module level (numba's cache finds it by name).

``int64`` is numpy's int64 as the kernels pass it (a recursive kernel takes
int64 arguments only), typed for mypy as the ``int`` their signatures name.

>>> import numpy as np
>>> from numba import njit, types
>>> from numba.experimental import structref
>>> @structref.register
... class PairType(types.StructRef):
...     pass
>>> class Pair(Record):
...     FIELDS = ("a", "b")
>>> structref.define_proxy(Pair, PairType, list(Pair.FIELDS))
>>> @njit
... def total(pair):
...     return pair.a.sum() + pair.b.sum()
>>> pair = Pair(a=np.ones(3), b=np.arange(3.0))
>>> float(total(pair)), pair.b[2]
(6.0, np.float64(2.0))
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Self, SupportsInt

import numpy as np
from numba.experimental import structref

__all__ = ["Record", "int64"]

if TYPE_CHECKING:

    def int64(value: SupportsInt, /) -> int:
        """numpy's int64 (a recursive kernel takes int64 arguments only: numba issue 6713)."""

else:
    # To mypy an int: inside a kernel numba's int64 and Python's int are one type, so the
    # kernels' ``int`` parameters take it as they are.
    int64 = np.int64


def _skip_blas_probe() -> None:
    """Load numba's numpy layer now, without its BLAS probe.

    ``numba.np.arraymath``, loaded with the first kernel, imports
    ``scipy.linalg`` only to learn whether ``np.correlate`` may call BLAS:
    0.2 s of a process's first hint, for a function no kernel uses. With that
    import blocked while the module loads, it takes its loop instead; numba's
    linear algebra (``np.dot`` and the rest) still imports scipy when compiled.
    """
    if "numba.np.arraymath" in sys.modules or "scipy.linalg.cython_blas" in sys.modules:
        return
    sys.modules["scipy.linalg.cython_blas"] = None  # type: ignore[assignment]  # None: this import fails, quickly
    try:
        import numba.np.arraymath  # noqa: F401 - imported to load it, with the probe blocked
    finally:
        del sys.modules["scipy.linalg.cython_blas"]


_skip_blas_probe()


class Record(structref.StructRefProxy):
    """Base of the kernels' records: ``FIELDS`` names them in order.

    ``MAKE``, when a subclass sets it, is a cached kernel that takes the
    fields as one tuple and returns the record (``Klass(*fields)`` in its
    body). Without it numba's own constructor is used, which is compiled
    anew in every process (half a second or more for twenty fields): the
    first hint of a process would pay for it.
    """

    FIELDS: tuple[str, ...] = ()
    MAKE: ClassVar[Callable[[tuple[Any, ...]], Any] | None] = None

    def __new__(klass, **fields: Any) -> Self:
        values = tuple(fields[name] for name in klass.FIELDS)
        if klass.MAKE is not None:
            self = klass.MAKE(values)
        else:
            self = structref.StructRefProxy.__new__(klass, *values)
        self._fields = fields  # the same arrays, for Python to read without a kernel call
        return self

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_fields"][name]
        except KeyError:
            raise AttributeError(name) from None
