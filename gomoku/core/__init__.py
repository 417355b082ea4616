"""The compiled kernels (numba, ``nopython``, cached on disk): the search's inner loops.

Each module documents the array layout it works on at its top. From the bottom up:

- ``struct``: the StructRef that carries a record of arrays into a kernel as one pointer;
- ``patterns`` and ``cellvalues``: the line-pattern tables and the evaluation's cell values;
- ``grid``: the position on a dense grid with incremental patterns (``GridState``);
- ``context``: the search's working memory (counters, transposition and threat tables);
- ``vcf``: wins by continuous fours; ``prover``: the proof-number VCT prover;
- ``moves``: the tree's move choice (generation, ordering, reductions);
- ``tree``: the principal-variation tree search.

Nothing here knows points or the endless board: ``gomoku.search`` drives these kernels.
Their cache folder is settled here, before any of them is decorated (``_choose_cache``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from numba.core import config as _numba_config
from numba.core import dispatcher as _numba_dispatcher

__all__: list[str] = []


def _writable(folder: Path) -> bool:
    """Whether a file can be made in ``folder`` (made if missing): numba's own test of a cache folder."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except (OSError, ValueError):
        return False
    return True


def _user_cache() -> Path | None:
    """``$XDG_CACHE_HOME/gomoku/numba``, else ``~/.cache/gomoku/numba`` (None without a home)."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no home directory to be found
            return None
    return Path(base) / "gomoku" / "numba"


def _uncached(dispatcher: object) -> None:
    """A kernel's ``cache=True`` when no folder can hold the cache: nothing (numba's null cache stays)."""


def _choose_cache() -> None:
    """Point numba at a cache folder it can write, before any kernel is decorated.

    numba keeps compiled kernels in ``NUMBA_CACHE_DIR`` when set, else in the
    package's ``__pycache__``, else in its own user folder, and fails at import
    ("cannot cache function ...: no locator available") when it can write none
    (a system-wide install run by another user, a read-only home). In that case
    the kernels are cached in the user's cache folder (``_user_cache``); failing
    that they run uncached, compiled afresh in each run, with a note on stderr.
    """
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen and _writable(Path(chosen)):
        return
    if _writable(Path(os.path.dirname(__file__)) / "__pycache__"):  # the path numba takes (links unresolved)
        return  # numba passes over a NUMBA_CACHE_DIR it cannot write, to this folder
    user = _user_cache()
    if user is not None and _writable(user):
        os.environ["NUMBA_CACHE_DIR"] = str(user)  # numba reloads its config from the environment
        _numba_config.CACHE_DIR = str(user)  # type: ignore[attr-defined]  # numba's config makes its settings at run time
        return
    # Nowhere to write: the kernels are compiled without a cache. numba has no
    # switch for this but its dispatcher's own method, which ``cache=True`` calls.
    _numba_dispatcher.Dispatcher.enable_caching = _uncached  # type: ignore[method-assign,assignment]  # numba's own method, replaced on purpose
    print(
        "gomoku: no writable folder for the compiled kernels' cache (set NUMBA_CACHE_DIR to one); "
        "they are compiled afresh in each run",
        file=sys.stderr,
    )


_choose_cache()
