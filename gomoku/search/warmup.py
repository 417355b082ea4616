"""Compile the search's kernels into numba's on-disk cache, once, ahead of use.

numba compiles a kernel the first time it runs (tens of seconds for the whole
search on a small machine) and keeps the machine code in ``__pycache__``.
``make play`` and ``make test`` run ``python -m gomoku.search.warmup`` as part of
their set-up, so that the first hint of a new install is as fast as any
other; an engine that finds the cache cold anyway says so (``is_warm``).

>>> seconds = warm()          # cached: a fraction of a second
>>> is_warm(), cache_is_cold()
(True, False)
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from gomoku.board import Board, Rules
from gomoku.core import context, grid, prover, tree, vcf
from gomoku.search.layout import Grid
from gomoku.search.searcher import Searcher
from gomoku.search.threats import VCFSearch, VCTSearch
from gomoku.search.types import Limit, SearchAborted

__all__ = ["warm", "ensure_loaded", "is_warm", "cache_is_cold", "main"]

_WARM = False
_LOCK = threading.Lock()
"""Held by a running ``warm``: another thread's ``ensure_loaded`` waits for it (a brain
compiles in a background thread) rather than starting a second one."""


def warm(rules_names: tuple[str, ...] = ("freestyle", "standard")) -> float:
    """Run every kernel once on small positions (loading or compiling them); the seconds it took.

    Safe from any thread: one warm-up runs at a time."""
    with _LOCK:
        return _warm(rules_names)


def _warm(rules_names: tuple[str, ...]) -> float:
    global _WARM
    start = time.perf_counter()
    for name in rules_names:
        rules = Rules.preset(name)
        board = Board(rules, [(0, 0), (1, 1), (1, 0), (2, 2), (-1, 1), (0, 2), (2, 0)])
        for _ in Searcher(4).search(board, Limit(nodes=3000)):
            pass
        cells = Grid(board)
        search = VCFSearch(cells, node_limit=2000)
        try:
            if search.find(cells.turn) is None:
                VCTSearch(search).find(cells.turn)
        except SearchAborted:
            pass
    _WARM = True
    return time.perf_counter() - start


def ensure_loaded(overline: bool = True) -> None:
    """Load the kernels (``warm``) unless this process has them already: a
    caller calls this before it starts a clock, so that loading them (a second
    or so) is never taken from a search's time. A warm-up running in another
    thread (a brain's, in the background) is waited for, not repeated."""
    if _WARM:
        return
    with _LOCK:
        if not _WARM:
            _warm(("freestyle" if overline else "standard",))


def is_warm() -> bool:
    """Whether this process has its kernels loaded (a ``warm`` ran here)."""
    return _WARM


def cache_is_cold() -> bool:
    """Whether numba's on-disk cache lacks the search's kernels, so that the
    next ``warm`` compiles them (tens of seconds) rather than loading them
    (a second): the app says so while it waits."""
    # Any: the dispatchers' ``_cache`` is numba's private attribute, not in its type stubs.
    kernels: tuple[Any, ...] = (tree.root, vcf.vcf, prover.prove, grid._make_grid, context._make_context)
    try:
        if any(type(k._cache).__name__ == "NullCache" for k in kernels):
            return True  # no cache folder could be written (``gomoku.core``): every run compiles
        return not all(Path(k._cache._cache_file._index_path).exists() for k in kernels)
    except AttributeError:  # another numba's cache layout: say nothing rather than something wrong
        return False


def main() -> int:
    """``python -m gomoku.search.warmup``: compile or load the kernels, say how long it took.

    On a cold cache (the first run) it says so at once, and on a terminal
    counts the seconds while numba compiles, so that the wait never looks
    like a hang."""
    stream = sys.stderr
    cold = cache_is_cold()
    done = threading.Event()
    if cold:
        stream.write("gomoku: preparing the engine, first run only (about 30 s)\n")
        stream.flush()
        if stream.isatty():
            threading.Thread(target=_count_seconds, args=(stream, done), daemon=True).start()
    try:
        seconds = warm()
    finally:
        done.set()
    if cold and stream.isatty():
        stream.write("\r\x1b[K")
    print(f"gomoku: search kernels ready ({seconds:.1f} s)", file=stream)
    return 0


def _count_seconds(stream: TextIO, done: threading.Event) -> None:
    """Write the seconds spent so far on one terminal line, once a second, until ``done``."""
    start = time.perf_counter()
    while not done.wait(1.0):
        stream.write(f"\r  compiling the search's kernels: {time.perf_counter() - start:.0f} s")
        stream.flush()


if __name__ == "__main__":
    sys.exit(main())
