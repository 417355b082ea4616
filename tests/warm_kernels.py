"""The kernels the suite calls beyond the search's, compiled into numba's cache before it starts.

``gomoku.search.warmup`` compiles the search's kernels (a minute and more on a fresh clone,
on one core). The tests call others too: renju's forbidden-move kernel, the learned
evaluation's features, the trainer's. Left to the tests, each would be compiled in the
middle of the run, by both workers at once when two tests need it together. ``make test``
runs this beside the warm-up, on the other core: it runs these modules' examples, which
call each kernel (loading it from the cache when it is there: a fraction of a second).

``python tests/warm_kernels.py``; the suite runs the same examples as doctests.
"""

from __future__ import annotations

import doctest
import importlib
import sys
import time
from pathlib import Path

MODULES = (
    "gomoku.board.renju_kernel",
    "gomoku.core.network",
    "gomoku.learning.examples",
    "gomoku.learning.order",
    "gomoku.learning.train",
)


def main() -> int:
    start = time.perf_counter()
    failed = 0
    for name in MODULES:
        failed += doctest.testmod(importlib.import_module(name), optionflags=doctest.NORMALIZE_WHITESPACE).failed
    print(f"gomoku: the tests' other kernels ready ({time.perf_counter() - start:.1f} s)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    # Run as a script, this file's folder comes first on the path, and its gomoku/ (the tests')
    # would hide the package: the repository's root instead.
    sys.path[0] = str(Path(__file__).resolve().parents[1])
    sys.exit(main())
