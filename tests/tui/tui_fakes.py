"""Fakes of the engine side for the app's tests (deterministic and instant),
`settle`, which waits for the app's engine workers, and what the tests read off
the screen (`text_of`, `cell`).

Tests of the app's own behaviour use them so that they never wait on a
search; tests of the wiring (test_tui_real.py) use the real modules.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from textual.widgets import Input, Static
from textual.worker import WorkerCancelled
from textual_fspicker.parts import DirectoryNavigation
from waiting import wait_until_async

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
class FakeCandidate:
    move: Point
    score: float
    pv: tuple[Point, ...]


@dataclass(frozen=True)
class FakeInfo:
    depth: int
    score: float
    pv: tuple[Point, ...]
    nodes: int
    time: float
    candidates: tuple[FakeCandidate, ...] = ()


@dataclass(frozen=True)
class FakeSolve:
    """``find_forced_win``'s answer as the app reads it: the line (attacker first) and its kind."""

    moves: tuple[Point, ...] | None
    kind: str = "vcf"


class FakeEngine:
    """Plays the first candidate cell in sorted order; counts its calls.

    Its live analysis (``analyse``) reports ``depths`` depths at once, each with the
    first ``multipv`` candidate cells (scores 30, 20, 10... from the side to move's
    view, or ``analysis_scores``), then waits until it is stopped, as an unbounded
    search does. ``threats`` maps an attacker ("X", "O", or "" for the side to move)
    to the forcing line ``forcing`` finds for it."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []
        self.gate: threading.Event | None = None
        self.depths = 3
        self.analysis_scores: tuple[float, ...] | None = None
        self.analyses: list[dict[str, Any]] = []
        self.stopped = threading.Event()
        """Set when an analysis was stopped and let go of."""
        self.threats: dict[str, tuple[Point, ...]] = {}
        self.hint_score = 0.5
        self.hint_pv: tuple[Point, ...] | None = None

    def analyse(
        self, board: Board, limit: Any = None, stop: threading.Event | None = None, multipv: int = 1
    ) -> Iterator[FakeInfo]:
        self.analyses.append({"ply": board.ply, "multipv": multipv, "limit": limit})
        board = board.copy()

        def run() -> Iterator[FakeInfo]:
            try:
                moves = board.candidates()[:multipv]
                for depth in range(1, self.depths + 1):
                    scores = self.analysis_scores or tuple(30.0 - 10 * i for i in range(len(moves)))
                    candidates = tuple(
                        FakeCandidate(move, scores[i % len(scores)], (move,)) for i, move in enumerate(moves)
                    )
                    yield FakeInfo(depth, candidates[0].score, candidates[0].pv, 100 * depth, 0.01 * depth, candidates)
                while stop is not None and not stop.wait(0.01):
                    pass
            finally:
                self.stopped.set()

        return run()

    def forcing(
        self, board: Board, attacker: Any, time: float | None, nodes: int | None, stop: threading.Event | None
    ) -> FakeSolve:
        moves = self.threats.get(attacker.name if attacker is not None else "")
        return FakeSolve(moves, "vct" if attacker is not None else "vcf")

    def hint(
        self,
        board: Board,
        *,
        time: float | None = None,
        nodes: int | None = None,
        depth: int | None = None,
        level: str | None = None,
        on_info: Callable[[Any], None] | None = None,
        stop: threading.Event | None = None,
    ) -> FakeHint:
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
        pv = self.hint_pv or (move,)
        return FakeHint(pv[0], self.hint_score, pv, 1, 7, 0.001, False)


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
    line = {
        "direction": [1, 0],
        "attackplace": 11,
        "breakpoint": weight > 2,
        "five": False,
        "attacks": [
            {"power": 2, "potential": 2, "divider": 1, "central": True, "weight": 5.0},
            {"power": 1, "potential": 1, "divider": 2, "central": False, "weight": 0.05},
        ],
    }
    return {
        "point": list(point),
        "to_move": board.turn.name,
        "weight": weight,
        "stones": {
            "X": {"weight": weight, "fork_bonus": 100 if weight > 3 else 0, "finish_bonus": 0, "lines": [line]},
            "O": {"weight": 0, "fork_bonus": 0, "finish_bonus": 0, "lines": []},
        },
    }


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

    def offered() -> bool:
        navigation = app.screen.query_one(DirectoryNavigation)
        names = [navigation.get_option_at_index(i).location.name for i in range(navigation.option_count)]
        return bool(
            names
            and navigation.highlighted is not None
            and (wanted not in names or names[navigation.highlighted] == wanted)
        )

    await wait_until_async(offered, timeout=10)  # if it never does, the test that follows says what is wrong
    await pilot.pause()


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


def text_of(node: Any, selector: str) -> str:
    """The text of the Static widget ``selector`` below ``node`` (an app or a screen)."""
    return str(node.query_one(selector, Static).render())


def cell(view: Any, point: Point) -> str:
    """The three characters the board view shows for the cell ``point``."""
    offset = view.offset_of(point)
    assert offset is not None
    return view.render_line(offset.y).text[offset.x - 1 : offset.x + 2]
