"""Waiting for what a loaded machine delays: one helper for every test that polls.

A test that checks a thread's or a process's effect at once fails on a busy machine;
one that sleeps a fixed time and then asserts is slow on an idle one. Both wait here,
within a bound, for the condition itself:

>>> import threading
>>> done = threading.Event()
>>> threading.Timer(0.01, done.set).start()
>>> wait_until(done.is_set, timeout=5)
True
>>> wait_until(lambda: False, timeout=0.05)
False
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

__all__ = ["wait_until", "wait_until_async"]


def wait_until(predicate: Callable[[], object], timeout: float = 30.0, interval: float = 0.01) -> bool:
    """True as soon as ``predicate()`` is true; False once ``timeout`` seconds have passed
    without it. Assert on the result: ``assert wait_until(lambda: worker.done)``."""
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return True
        if time.monotonic() >= deadline:
            return bool(predicate())
        time.sleep(interval)


async def wait_until_async(predicate: Callable[[], object], timeout: float = 30.0, interval: float = 0.01) -> bool:
    """:func:`wait_until` for a test on an event loop (a Textual pilot's): the loop runs
    while it waits, so the app's messages and workers go on."""
    deadline = time.monotonic() + timeout
    while True:
        if predicate():
            return True
        if time.monotonic() >= deadline:
            return bool(predicate())
        await asyncio.sleep(interval)
