r"""The ``pbrain-gomoku`` program: the pbrain protocol spoken over two streams.

``gomoku.protocol.Brain`` answers one command line at a time; ``serve`` runs
it on an input and an output stream with a reader thread, so that ``STOP`` and
``END`` are heard while the engine thinks, and ``main`` is the console script
(stdin and stdout).

>>> import io
>>> from types import SimpleNamespace
>>> class FirstCandidate:  # a stand-in engine: the first cell next to a stone
...     def hint(self, board, **limits):
...         return SimpleNamespace(move=board.candidates(1)[0])
>>> out = io.StringIO()
>>> serve(io.StringIO("START 15\nTURN 7,7\nEND\n"), out, lambda memory_mb: FirstCandidate())
0
>>> out.getvalue().split()
['OK', '6,6']
"""

from __future__ import annotations

import argparse
import gc
import os
import queue
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from typing import TextIO

from gomoku.engine.players import CLASSIC, DEFAULT_LEVEL, LEVELS, check_player, split_level
from gomoku.protocol.brain import Brain, EngineFactory
from gomoku.protocol.streams import read_lines

__all__ = ["END_GRACE", "check_brain_level", "serve", "finish", "main"]

END_GRACE = 0.5
"""How long (seconds) ``serve`` waits at END for a search to stop: the kernels see
their stop flag within milliseconds; managers kill a brain that lingers a second."""


def check_brain_level(level: str) -> str:
    """``level`` if it is one of the engine's levels (those a brain plays), else a
    one-line ValueError naming them.

    >>> check_brain_level("perfect")
    Traceback (most recent call last):
    ...
    ValueError: the perfect player plays only the small boards, not a brain's: choose one of greedy, easy, normal, strong, max
    """  # noqa: E501 - a doctest's message is one line
    if level in LEVELS:
        return level
    if split_level(level)[0] in LEVELS:  # a level with a learned network: strong:NET
        check_player(level)  # the network is read and checked now: a bad one is a one-line error
        return level
    if level in CLASSIC:
        raise ValueError(
            f"the {level} player plays only the small boards, not a brain's: choose one of {', '.join(LEVELS)}"
        )
    raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)} (or LEVEL:NET, a learned network)")


def serve(
    source: TextIO | Iterable[str],
    out: TextIO,
    engine_factory: EngineFactory | None = None,
    *,
    level: str = DEFAULT_LEVEL,
) -> int:
    """Speak the protocol on ``source``/``out`` until END or end of input.

    A reader thread takes every line as it comes (``read_lines``: bytes
    decoded leniently, any line end): STOP/YXSTOP and END cut a running
    search short at once (it answers with its best move so far); every line
    but STOP waits its turn on a queue, so END still ends the session after
    the answers owed before it. Python's garbage collector runs between moves
    and at START, never on its own during one (a full collection of the
    engine's tables takes longer than a short turn). At the end it waits up to
    ``END_GRACE`` for a search still running; a process then leaves by
    ``finish``, which does not wait for a compile in the background.
    """

    def write(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    brain = Brain(engine_factory, write, level=level)
    brain.collect_garbage = True
    lines: queue.Queue[tuple[str, float] | None] = queue.Queue()

    def read() -> None:
        try:
            for line in read_lines(source):
                received = time.monotonic()
                word = line.strip().partition(" ")[0].upper()
                if word in ("STOP", "YXSTOP"):
                    if brain.thinking:
                        brain.request_stop()
                    continue
                if word == "END":
                    # Cut the search short, or a search that has not begun yet;
                    # the move asked for before END still goes out (at once), so
                    # a scripted session loses no answer.
                    brain.request_end()
                lines.put((line, received))
                if word == "END":
                    break
        except (OSError, ValueError):
            pass  # the input is gone: the session ends as at end of input
        finally:
            lines.put(None)

    collecting = gc.isenabled()
    gc.disable()
    try:
        reader = threading.Thread(target=read, name="pbrain-reader", daemon=True)
        reader.start()
        while True:
            item = lines.get()
            if item is None or not brain.handle(*item):
                break
    finally:
        brain.close()  # the end of input ends a search too
        brain.join(END_GRACE)
        if collecting:
            gc.enable()
    return 0


def finish(code: int) -> int:
    """End a brain's process cleanly with ``code``: what it wrote flushed, and no thread
    of its own left to Python's shutdown, which stops a thread inside a compiled call
    (a compile in the background, a search past its stop) and may abort the process
    (SIGABRT, "terminate called without an active exception"). With such a thread
    still running it exits at once (``os._exit``); otherwise it returns ``code``."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # the manager has gone: nothing left to say
            pass
    if any(thread.is_alive() for thread in threading.enumerate() if thread is not threading.main_thread()):
        os._exit(code)
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """The ``pbrain-gomoku`` console script: the brain on stdin/stdout."""
    parser = argparse.ArgumentParser(
        prog="pbrain-gomoku", description="The gomoku engine as a Gomocup pbrain brain on stdin/stdout."
    )
    parser.add_argument(
        "--level",
        default=DEFAULT_LEVEL,
        metavar="NAME",
        help=f"the engine's level: {', '.join(LEVELS)} (default {DEFAULT_LEVEL})",
    )
    args = parser.parse_args(argv)
    try:
        check_brain_level(args.level)
    except ValueError as exc:
        print(f"pbrain-gomoku: error: {exc}", file=sys.stderr)
        return 2
    try:
        return finish(serve(sys.stdin, sys.stdout, level=args.level))
    except KeyboardInterrupt:
        return finish(130)


if __name__ == "__main__":
    sys.exit(main())
