"""Fakes and fixtures for the app's Pilot tests.

The fake engine and analysis are deterministic and instant, so that tests of
the app's own behaviour never wait on a search; tests of the wiring use the
real modules at tiny limits.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest

from gomoku.board import Board, Point

from tui.app import GomokuApp
from tui.game import GameSettings
from tui.services import Analyst


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
    """Each candidate weighs its number of stone neighbours, plus a quarter."""
    weights = {}
    for p in board.candidates():
        near = sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   if (dx or dy) and (p[0] + dx, p[1] + dy) in board.stones)
        weights[p] = near + 0.25
    return weights


def fake_explain(board: Board, point: Point) -> dict[str, Any]:
    weight = fake_weight_map(board).get(point, 2.0)
    return {"point": list(point), "to_move": board.turn.name, "weight": weight,
            "stones": {"X": {"weight": weight, "fork_bonus": 0, "finish_bonus": 0, "lines": []},
                       "O": {"weight": 0, "fork_bonus": 0, "finish_bonus": 0, "lines": []}}}


@pytest.fixture
def fake_engine() -> FakeEngine:
    return FakeEngine()


@pytest.fixture
def fake_analyst(fake_engine: FakeEngine) -> Analyst:
    return Analyst(engine_factory=lambda: fake_engine, weight_map=fake_weight_map,
                   explain=fake_explain, levels=("greedy", "easy", "normal", "strong"))


@pytest.fixture
def make_app(tmp_path: Path, fake_analyst: Analyst) -> Callable[..., GomokuApp]:
    """An app on the fakes, with its data directory in tmp_path."""

    def make(mode: str = "humans", analyst: Analyst | None = None, **kwargs: Any) -> GomokuApp:
        settings = kwargs.pop("settings", None) or GameSettings(mode=mode, level="greedy")
        kwargs.setdefault("data_dir", tmp_path / "data")
        kwargs.setdefault("watch_delay", 0)
        return GomokuApp(analyst=analyst or fake_analyst, settings=settings, **kwargs)

    return make
