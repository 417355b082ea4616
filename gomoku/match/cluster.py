"""A match's games on a Dask cluster (``--cluster ADDRESS``): the machines a user
has, each running ``dask worker ADDRESS`` against one ``dask scheduler``.

Only this module imports Dask (the optional ``endless-gomoku[cluster]`` extra), and only
the cluster path imports this module, so a match without ``--cluster`` never
needs it. The runner drives it as it drives local processes
(``gomoku.match.pool``): game tasks in, results out as they finish.

- Each game is one task, keyed by the run and the game's number
  (``gomoku-game-<run>-<n>``): the scheduler holds one task a game, whatever
  happens. A worker that dies mid-game loses its task, and the scheduler gives
  it to another worker (up to ``distributed.scheduler.allowed-failures``, 3,
  then the match stops: a game that kills every worker it meets is not played
  for ever). Results come back to this process, which alone writes them, once
  a game.
- Each worker does its one-off work (the kernels loaded, the greedy tables
  built) once, when it joins, through a worker plugin (``Prepare``), not once a
  game.
- An address that does not answer is a one-line ``MatchError`` within
  ``CONNECT_TIMEOUT`` seconds; a cluster left with no worker (or a scheduler
  gone) for ``IDLE_TIMEOUT`` seconds stops the match the same way, never a hang.

>>> task_key("3f2a", 6)
'gomoku-game-3f2a-0007'
"""

from __future__ import annotations

import asyncio
import logging
import queue
import time
from collections.abc import Iterable, Iterator
from contextlib import suppress
from types import TracebackType
from typing import Any

from distributed import Client, Future, WorkerPlugin
from distributed.scheduler import KilledWorker

from gomoku.board import Rules
from gomoku.match.contestants import MatchError
from gomoku.match.games import GameResult, GameTask, prepare_process, run_task

__all__ = ["CONNECT_TIMEOUT", "IDLE_TIMEOUT", "Cluster", "Prepare", "scheduler_address", "task_key"]

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for the scheduler's answer before an address is called unreachable."""

IDLE_TIMEOUT = 60.0
"""Seconds a match waits on a cluster with no worker (or no scheduler) before it stops."""


def scheduler_address(text: str) -> str:
    """The scheduler's address as Dask takes it: ``tcp://`` when no scheme is
    given, and the scheduler's default port (8786) when no port is.

    >>> scheduler_address("node1"), scheduler_address("10.0.0.2:9000"), scheduler_address("tls://h:1")
    ('tcp://node1:8786', 'tcp://10.0.0.2:9000', 'tls://h:1')
    """
    address = text.strip()
    if "://" not in address:
        address = "tcp://" + address
    scheme, _, rest = address.partition("://")
    if scheme in ("tcp", "tls") and rest and ":" not in rest.rpartition("]")[2]:
        address += ":8786"
    return address


def task_key(match: str, index: int) -> str:
    """The task key of game ``index`` (from 0) of a match: one task a game."""
    return f"gomoku-game-{match}-{index + 1:04d}"


class Prepare(WorkerPlugin):
    """A worker's one-off work, done once when it joins (and on a worker that
    joins later, or comes back after a crash), in a thread so that the worker
    keeps talking to the scheduler meanwhile."""

    name = "gomoku-prepare"

    def __init__(self, specs: tuple[str, ...], rules: Rules) -> None:
        self.specs = specs
        self.rules = rules

    async def setup(self, worker: Any) -> None:
        await asyncio.to_thread(prepare_process, self.specs, self.rules)


class _Client(Client):
    """A client whose failed start is let go quietly: Dask's own would, once
    collected, spend seconds closing what never opened and print a traceback."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        try:
            super().__init__(*args, **kwargs)
        except BaseException:
            self._gomoku_failed = True
            with suppress(Exception):
                self._loop_runner.stop()
            raise

    def __del__(self) -> None:
        if not getattr(self, "_gomoku_failed", False):
            super().__del__()


class Cluster:
    """Games played on the Dask cluster at ``address``; a context manager.

    ``match`` names the run in the task keys (a digest of its settings and
    folder, and a nonce): a game is one task on the scheduler, however often it
    is asked for.
    """

    def __init__(
        self,
        address: str,
        *,
        specs: tuple[str, ...],
        rules: Rules,
        match: str,
        connect_timeout: float = CONNECT_TIMEOUT,
        idle_timeout: float = IDLE_TIMEOUT,
    ) -> None:
        self.given = address
        self.address = scheduler_address(address)
        self.specs = specs
        self.rules = rules
        self.match = match
        self.connect_timeout = connect_timeout
        self.idle_timeout = idle_timeout
        self.client: Client | None = None
        self.futures: dict[int, Future] = {}
        self._quiet: list[tuple[str, int]] = []

    def __enter__(self) -> Cluster:
        # Dask's own log lines (a lost connection, its reconnects, with their tracebacks) would
        # break the progress and the one-line errors: what matters reaches the user as the latter.
        names = [
            name for name in list(logging.Logger.manager.loggerDict) if name.split(".")[0] in ("distributed", "asyncio")
        ]  # dask gives some children levels of their own
        self._quiet = [(name, logging.getLogger(name).level) for name in {"distributed", "asyncio", *names}]
        for name, _ in self._quiet:
            logging.getLogger(name).setLevel(logging.CRITICAL + 1)
        try:
            self._connect()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _connect(self) -> None:
        where = f"--cluster {self.given}"
        try:
            self.client = _Client(self.address, timeout=self.connect_timeout, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise MatchError(
                f"{where}: no Dask scheduler answered ({_said(exc)}); start one with "
                "`dask scheduler` and give the address it prints"
            ) from None
        except ValueError as exc:
            raise MatchError(f"{where}: not an address Dask reads ({_said(exc)}); give tcp://HOST:PORT") from None
        except Exception:  # something answered, and not as a scheduler does
            raise MatchError(f"{where}: what answered at {self.address} is not a Dask scheduler") from None
        try:
            self.client.register_plugin(Prepare(self.specs, self.rules), name=Prepare.name)
        except Exception as exc:
            raise MatchError(
                f"{where}: a worker cannot prepare gomoku's games ({_said(exc)}); every worker "
                "needs gomoku installed, the same version as here"
            ) from None

    def play(self, tasks: Iterable[GameTask]) -> Iterator[GameResult]:
        client = self.client
        assert client is not None, "use the cluster as a context manager"
        finished: queue.Queue[Future] = queue.Queue()
        left = 0  # this call's games (a cluster may be given one batch after another)
        for task in tasks:
            future = client.submit(run_task, task, key=task_key(self.match, task.index), pure=False)
            self.futures[task.index] = future
            future.add_done_callback(finished.put)
            left += 1
        idle_since: float | None = None
        while left:
            try:
                future = finished.get(timeout=1.0)
            except queue.Empty:
                idle_since = self._watch(idle_since)
                continue
            idle_since = None
            left -= 1
            result = self._result(future)
            self.futures.pop(result.index, None)
            yield result
            future.release()

    def _result(self, future: Future) -> GameResult:
        game = int(str(future.key).rsplit("-", 1)[1])  # our key: task_key's gomoku-game-<run>-<n>
        where = f"--cluster {self.given}"
        if future.status == "cancelled":
            raise MatchError(
                f"{where}: the scheduler went away (game {game} was cancelled: was it stopped or restarted?)"
            )
        try:
            return future.result(timeout=self.idle_timeout)
        except KilledWorker:
            raise MatchError(
                f"{where}: game {game} was lost with its worker again and again "
                "(a worker dies on it each time: out of memory?)"
            ) from None
        except MatchError as exc:
            raise MatchError(f"{where}: game {game}: {exc}") from None
        except Exception as exc:
            raise MatchError(f"{where}: game {game} failed on a worker ({_said(exc)})") from None

    def _watch(self, idle_since: float | None) -> float | None:
        """Stop a match that waits on a cluster with no worker, or no scheduler."""
        workers = self._workers()
        if workers:
            return None
        now = time.monotonic()
        if idle_since is None:
            return now
        if now - idle_since >= self.idle_timeout:
            what = "no scheduler answers" if workers is None else "no worker is left"
            raise MatchError(f"--cluster {self.given}: {what} after {self.idle_timeout:g} s of waiting")
        return idle_since

    def _workers(self) -> int | None:
        """Workers the scheduler has now; None when the scheduler does not answer."""
        client = self.client
        if client is None or client.status != "running" or client.scheduler is None:
            return None
        try:
            info = client.sync(client.scheduler.identity, n_workers=0, callback_timeout=self.connect_timeout)
        except Exception:
            return None
        return int(info.get("n_workers", len(info.get("workers", {}))))

    def _close(self) -> None:
        client, self.client = self.client, None
        if client is None:
            return
        futures = list(self.futures.values())
        self.futures.clear()
        with suppress(Exception):
            client.cancel(futures)  # games not yet played: the cluster lets them go
        with suppress(Exception):
            client.close(timeout=self.connect_timeout)

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._close()
        quiet, self._quiet = self._quiet, []
        for name, level in quiet:
            logging.getLogger(name).setLevel(level)


def _said(exc: BaseException) -> str:
    """An exception in a few words, on one line."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."
