"""Fakes of the engine side for the app's tests (deterministic and instant), and
`settle`, which waits for the app's engine workers.

Tests of the app's own behaviour use them so that they never wait on a
search; tests of the wiring (test_tui_real.py) use the real modules.
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass
from typing import Any, Callable

from textual.widgets import Input
from textual.worker import WorkerCancelled
from textual_fspicker.parts import DirectoryNavigation

from gomoku.board import Board, Point


@dataclass(frozen=True)
class FakeHint:
    move: Point
    score: float
    pv: tuple[Point, ...]
    depth: int
    nodes: int
    time: float
    forced_win: bool
    level: str = "fake"


@dataclass(frozen=True)
class FakeInfo:
    depth: int
    score: float
    pv: tuple[Point, ...]
    nodes: int
    time: float


class FakeEngine:
    """Plays the first candidate cell in sorted order; counts its calls."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []
        self.gate: threading.Event | None = None

    def hint(self, board: Board, *, time: float | None = None, nodes: int | None = None,
             depth: int | None = None, level: str | None = None,
             on_info: Callable[[Any], None] | None = None,
             stop: threading.Event | None = None) -> FakeHint:
        before = board.hash
        self.calls.append({"level": level, "time": time, "ply": board.ply})
        move = board.candidates()[0]
        if on_info is not None:
            on_info(FakeInfo(1, 0.5, (move,), 7, 0.001))
        if self.gate is not None:  # a test holds the engine "thinking" until it opens the gate
            while not self.gate.wait(0.01):
                if stop is not None and stop.is_set():
                    break
        assert board.hash == before
        return FakeHint(move, 0.5, (move,), 1, 7, 0.001, False)


def fake_weight_map(board: Board) -> dict[Point, float]:
    """Each candidate weighs its number of stone neighbours (on any number of axes), plus a quarter."""
    steps = [step for step in itertools.product((-1, 0, 1), repeat=board.rules.dims) if any(step)]
    weights = {}
    for p in board.candidates():
        near = sum(1 for step in steps if tuple(a + b for a, b in zip(p, step)) in board.stones)
        weights[p] = near + 0.25
    return weights


def fake_explain(board: Board, point: Point) -> dict[str, Any]:
    """A small explanation in the shape of ``explain(...).to_dict()``: one line per stone."""
    weight = fake_weight_map(board).get(point, 2.0)
    line = {"direction": [1, 0], "attackplace": 11, "breakpoint": weight > 2, "five": False,
            "attacks": [{"power": 2, "potential": 2, "divider": 1, "central": True, "weight": 5.0},
                        {"power": 1, "potential": 1, "divider": 2, "central": False, "weight": 0.05}]}
    return {"point": list(point), "to_move": board.turn.name, "weight": weight,
            "stones": {"X": {"weight": weight, "fork_bonus": 100 if weight > 3 else 0, "finish_bonus": 0,
                             "lines": [line]},
                       "O": {"weight": 0, "fork_bonus": 0, "finish_bonus": 0, "lines": []}}}


async def settle(app: Any, pilot: Any) -> None:
    """Let the engine workers finish and their results reach the app.

    A worker whose answer starts the next engine move is replaced by the new
    one (the workers are exclusive), so a wait may end in WorkerCancelled.
    """
    for _ in range(100):
        try:
            await app.workers.wait_for_complete()
        except WorkerCancelled:
            pass
        await pilot.pause()
        if not any(worker.is_running for worker in app.workers):
            return


async def browsed(app: Any, pilot: Any) -> None:
    """Let the file browser read its folder (in a worker) and settle on the file it offers."""
    await settle(app, pilot)
    wanted = getattr(app.screen, "wanted", None)
    for _ in range(100):
        await pilot.pause()
        navigation = app.screen.query_one(DirectoryNavigation)
        names = [navigation.get_option_at_index(i).location.name for i in range(navigation.option_count)]
        if names and navigation.highlighted is not None and (
                wanted not in names or names[navigation.highlighted] == wanted):
            return


async def choose_file(app: Any, pilot: Any, path: Any) -> None:
    """Type ``path`` into the open file browser's name field and press Enter, as a player would."""
    await browsed(app, pilot)
    field = app.screen.query_one(Input)
    field.focus()
    field.value = str(path)
    await pilot.press("enter")


class FakeTime:
    """A clock for the game clock's tests: it stands still until a test moves it on."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
