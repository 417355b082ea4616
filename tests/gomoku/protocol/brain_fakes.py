"""Stand-in engines for the pbrain protocol's tests, and the helpers that run a dialogue.

``FakeEngine`` answers the first cell next to a stone (or a move it is told to
propose), reports one line, and may fail or wait for its stop; ``Quick``
answers the first cell at once and reports nothing; ``Stuck`` reports its line,
then ignores its stop and its limit until released; ``Preparing`` answers as
``Quick`` but its one-off work (``prepare``) lasts until released. ``talk`` and
``session`` feed lines to a ``Brain`` and return what it wrote.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from gomoku.board import Board
from gomoku.protocol import Brain
from gomoku.protocol.streams import MAX_REPLY


@dataclass
class FakeHint:
    move: tuple[int, int]


@dataclass
class FakeInfo:
    depth: int = 1
    score: float = 0.0
    pv: tuple = ()
    nodes: int = 1
    time: float = 0.0
    nps: float = 0.0
    forced_win: bool = False


class FakeEngine:
    """Deterministic: the first candidate cell at distance 1, or a move it is told to propose."""

    def __init__(self, propose=None, fail=False, wait_for_stop=False):
        self.propose = propose
        self.fail = fail
        self.wait_for_stop = wait_for_stop
        self.calls: list[dict[str, Any]] = []
        self.boards: list[Board] = []
        self.thinking = threading.Event()
        self.stopped: bool | None = None
        self.answered = threading.Event()  # set when a hint waiting for its stop returns

    def hint(self, board, **limits):
        self.calls.append(limits)
        self.boards.append(board)
        if self.fail:
            raise RuntimeError("boom")
        move = self.propose or board.candidates(1)[0]
        on_info = limits.get("on_info")
        if on_info:
            on_info(FakeInfo(1, 2.5, (move,), 10, 0.01, 1000.0))
        if self.wait_for_stop:
            self.thinking.set()
            self.stopped = limits["stop"].wait(30)
            self.answered.set()
        return FakeHint(move)


class Quick:
    """The first candidate, at once."""

    def __init__(self):
        self.calls: list[dict] = []

    def hint(self, board, **limits):
        self.calls.append(limits)
        return FakeHint(board.candidates(1)[0])


class Preparing(Quick):
    """``Quick``, with a ``prepare`` (the engine's one-off work, run by the brain in the
    background) that waits for ``release`` (set at once when ``ready``)."""

    def __init__(self, ready=False):
        super().__init__()
        self.release = threading.Event()
        if ready:
            self.release.set()
        self.prepared: list = []
        self.began = threading.Event()

    def prepare(self, rules):
        self.began.set()
        self.release.wait(30)
        self.prepared.append(rules)


class Stuck:
    """Reports ``best`` (if any) as its line, then ignores its stop and its limit until released."""

    def __init__(self, best=None):
        self.best = best
        self.release = threading.Event()
        self.finished = threading.Event()
        self.stop_seen: threading.Event | None = None

    def hint(self, board, **limits):
        self.stop_seen = limits["stop"]
        if self.best is not None:
            limits["on_info"](FakeInfo(pv=(self.best, (0, 0))))
        self.release.wait(30)
        self.finished.set()
        if self.best is not None:
            limits["on_info"](FakeInfo(pv=(self.best,), depth=9))
        return FakeHint(self.best or board.candidates(1)[0])


def talk(script, engine=None, brain=None):
    """Run ``script`` (lines) through a Brain; return (output lines, brain)."""
    out: list[str] = []
    engine = engine or FakeEngine()
    brain = brain or Brain(lambda memory_mb: engine, write=out.append)
    for line in script:
        brain.handle(line)
    return out, brain


def session(lines, engine=None, factory=None, **brain_args):
    """Run ``lines`` through a Brain whose engine is ``Quick`` (or ``engine``, or made by
    ``factory``); return (output lines, brain)."""
    out: list[str] = []
    engine = engine or Quick()
    brain = Brain(factory or (lambda mb: engine), write=out.append, **brain_args)
    for line in lines:
        brain.handle(line)
    return out, brain


def moves(out):
    """The answers among the lines written: the MESSAGE lines left out."""
    return [line for line in out if not line.startswith("MESSAGE")]


def printable(line):
    """A line any manager can read: printable ASCII, and not too long."""
    return line.isascii() and line.isprintable() and len(line) <= MAX_REPLY
