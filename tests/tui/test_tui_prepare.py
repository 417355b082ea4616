"""The engine is prepared (its compiled kernels loaded, or compiled the first
time) in a thread at start: the app stays responsive and says when it is slow."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import Any

from waiting import wait_until_async

from tui.app import GomokuApp
from tui.services import Analyst


async def test_the_app_prepares_the_engine_in_a_thread_and_says_so(
    make_app: Callable[..., GomokuApp], fake_analyst: Analyst
) -> None:
    started, release, finished = threading.Event(), threading.Event(), threading.Event()

    def prepare(announce: Callable[[str], None]) -> None:
        announce("preparing the engine (first run only)...")
        started.set()
        release.wait(10)
        finished.set()

    app = make_app(analyst=dataclasses.replace(fake_analyst, prepare=prepare))
    async with app.run_test(size=(110, 34)) as pilot:
        assert await wait_until_async(started.is_set, timeout=10)
        before = app.board_view.cursor
        await pilot.press("right")  # the event loop answers while the engine prepares
        await pilot.pause()
        assert app.board_view.cursor != before
        assert not finished.is_set()
        messages = [n.message for n in app._notifications]
        assert any("first run only" in m for m in messages)
        release.set()
        assert await wait_until_async(finished.is_set, timeout=10)


async def test_a_failed_warm_up_is_one_line_not_a_crash(
    make_app: Callable[..., GomokuApp], fake_analyst: Analyst
) -> None:
    def prepare(announce: Any) -> None:
        raise RuntimeError("no compiler today")

    app = make_app(analyst=dataclasses.replace(fake_analyst, prepare=prepare))
    async with app.run_test(size=(110, 34)):
        await wait_until_async(lambda: any("warm-up failed" in n.message for n in app._notifications), timeout=10)
        assert any(n.message == "the engine's warm-up failed: no compiler today" for n in app._notifications)
        assert app.is_running
