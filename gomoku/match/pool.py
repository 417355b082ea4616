"""Where a match's games are played: a ``Games`` takes game tasks and gives back
their results as they finish, in any order. ``Here`` plays them one by one in
this process; ``Processes`` plays J at once in local worker processes. A Dask
cluster (``gomoku.match.cluster``) is the third, with the same interface: the
runner does not know which one it drives.

A local worker process that dies (killed, out of memory) takes the pool with
it: the games it had not finished are played again in a fresh pool, and a
pool that dies again and again without finishing a game stops the match. A
worker whose parent is gone (the runner killed on its own, not with Ctrl-C's
whole process group) exits too (``follow_parent``).

>>> with Here() as games:
...     [game.index for game in games.play([])]
[]
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.process import BaseProcess
from types import TracebackType
from typing import Protocol

from gomoku.board import Rules
from gomoku.match.contestants import MatchError
from gomoku.match.games import GameResult, GameTask, prepare_process, run_task

__all__ = ["Games", "Here", "Processes", "MAX_POOL_DEATHS", "follow_parent"]

MAX_POOL_DEATHS = 3
"""Worker deaths in a row (no game finished in between) after which a match stops:
as Dask's ``allowed-failures``, a game that kills every worker it is given is not
played for ever."""


class Games(Protocol):
    """Plays game tasks somewhere; a context manager that lets its workers go on exit."""

    def play(self, tasks: Iterable[GameTask]) -> Iterator[GameResult]:
        """Each task's result, as it finishes (in any order), exactly once."""
        ...

    def __enter__(self) -> Games: ...

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None: ...


class Here:
    """The games one after the other in this process (``--jobs 1``)."""

    def play(self, tasks: Iterable[GameTask]) -> Iterator[GameResult]:
        for task in tasks:
            yield run_task(task)

    def __enter__(self) -> Here:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        return None


def follow_parent(parent: BaseProcess, leave: Callable[[int], object] = os._exit) -> None:
    """Wait, in a worker, until ``parent`` (``multiprocessing.parent_process()``,
    whose sentinel wakes the join when it is gone) has ended, then ``leave(1)``:
    a worker does not outlive its pool."""
    parent.join()
    leave(1)


def _start_worker(specs: tuple[str, ...], rules: Rules) -> None:
    """A local worker's start: it follows its parent, then does its one-off work."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=follow_parent, args=(parent,), daemon=True, name="follow-parent").start()
    prepare_process(specs, rules)


class Processes:
    """``jobs`` games at once, each in a local worker process (``--jobs J``).

    Processes, not threads: each game gets a core of its own. Each process does
    its one-off work (``prepare_process``: the kernels loaded) when it starts,
    once, not once a game.
    """

    def __init__(self, jobs: int, specs: tuple[str, ...], rules: Rules) -> None:
        self.jobs = jobs
        self.specs = specs
        self.rules = rules
        self.pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _new_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        context = multiprocessing.get_context("spawn")
        return concurrent.futures.ProcessPoolExecutor(
            max_workers=self.jobs, mp_context=context, initializer=_start_worker, initargs=(self.specs, self.rules)
        )

    def play(self, tasks: Iterable[GameTask]) -> Iterator[GameResult]:
        pending = {task.index: task for task in tasks}
        deaths = 0
        while pending:
            self.pool = self._new_pool()
            futures = {self.pool.submit(run_task, task): task.index for task in pending.values()}
            broken: BrokenProcessPool | None = None
            try:
                for future in concurrent.futures.as_completed(futures):
                    try:
                        game = future.result()
                    except BrokenProcessPool as exc:
                        # A worker died, and the pool with it: every game it had not
                        # finished fails at once, and is played again in a fresh pool.
                        broken = exc
                        continue
                    deaths = 0
                    del pending[futures[future]]
                    yield game
            finally:
                self._close(wait=not pending)
            if broken is not None:
                deaths += 1
                if deaths >= MAX_POOL_DEATHS:
                    raise MatchError(
                        f"a worker process died {deaths} times in a row ({broken}); "
                        f"{len(pending)} games were not played"
                    )

    def _close(self, wait: bool) -> None:
        """Let the pool go: after its games (``wait``), or at once, its workers
        ended (an interrupted run: the folder keeps the finished games, and
        ``--resume`` plays the rest).

        Ending the workers is what stops the games not begun: the pool's own
        ``cancel_futures`` is lost when the pool is gone before its manager
        thread wakes, and the exit then waited for every game left (hours of
        them). Their futures are not cancelled here: the broken pool fails them.
        """
        pool, self.pool = self.pool, None
        if pool is None:
            return
        if not wait:
            for process in list((getattr(pool, "_processes", None) or {}).values()):
                process.terminate()  # their games are not counted: nothing to wait for
        pool.shutdown(wait=wait, cancel_futures=True)

    def __enter__(self) -> Processes:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._close(wait=kind is None)
