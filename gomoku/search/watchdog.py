"""The compiled kernels' clock: a small thread that raises their stop flag.

A kernel runs without the GIL and cannot read the time; it looks at a
one-element array, ``flag[0]``, at every node. A ``Watch`` sets that flag when
the deadline passes or when the caller's ``threading.Event`` is set (the app's
stop key, the protocol's END), within about a millisecond.

>>> import numpy as np, time
>>> flag = np.zeros(1, dtype=np.uint8)
>>> with Watch(flag, deadline=time.perf_counter() + 0.01):
...     time.sleep(0.05)
...     int(flag[0])
1
"""

from __future__ import annotations

import threading
import time as _time

import numpy as np

__all__ = ["POLL", "Watch"]

POLL = 0.001
"""Seconds between two looks at the clock and the stop event."""


class Watch:
    """Sets ``flag[0] = 1`` at ``deadline`` (a ``time.perf_counter()`` value) or
    when ``stop`` is set, while it is open (a context manager). ``phase(t)``
    gives an earlier deadline for a part of the work; ``expired`` tells whether
    the whole search must end (the deadline passed or ``stop`` was set)."""

    def __init__(self, flag: np.ndarray, *, deadline: float | None = None, stop: threading.Event | None = None) -> None:
        self.flag = flag
        self.deadline = deadline
        self.stop = stop
        self.phase_deadline: float | None = None
        self._lock = threading.Lock()
        """Held while the flag is read-and-raised or a phase changes: a phase that
        just ended never raises the flag over the next one."""
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self.followers: list[np.ndarray] = []
        """Other flags raised when the search must end (a helper thread's), not at a phase's end."""

    def follow(self, flag: np.ndarray) -> None:
        """Raise ``flag[0]`` too when the whole search must end: a helper thread
        stops at the deadline even if nobody stops it."""
        with self._lock:
            self.followers.append(flag)
            if self.expired:
                flag[0] = 1

    @property
    def expired(self) -> bool:
        """Whether the search as a whole must end now."""
        if self.stop is not None and self.stop.is_set():
            return True
        return self.deadline is not None and _time.perf_counter() >= self.deadline

    def phase(self, deadline: float | None) -> None:
        """Stop the kernels at ``deadline`` too (None: only at the search's own);
        lowers the flag if nothing else holds it up."""
        with self._lock:
            self.phase_deadline = deadline
            if not self.expired:
                self.flag[0] = 0

    def _run(self) -> None:
        while not self._done.wait(POLL):
            with self._lock:
                if self.expired:
                    self.flag[0] = 1
                    for flag in self.followers:
                        flag[0] = 1
                elif self.phase_deadline is not None and _time.perf_counter() >= self.phase_deadline:
                    self.flag[0] = 1

    def __enter__(self) -> Watch:
        self.flag[0] = 1 if self.expired else 0
        if self.deadline is not None or self.stop is not None or self.phase_deadline is not None:
            self._thread = threading.Thread(target=self._run, name="gomoku-clock", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join()
