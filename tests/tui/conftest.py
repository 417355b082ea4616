"""Fixtures for the app's Pilot tests: the fakes of tui_fakes.py, and an app factory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tui_fakes import FakeEngine, fake_explain, fake_weight_map

from gomoku.engine import Engine
from tui.app import GomokuApp
from tui.game import GameSettings
from tui.services import Analyst


@pytest.fixture(autouse=True)
def games_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every app of the tests browses and saves games in tmp_path/games, never in the user's folder."""
    folder = tmp_path / "games"
    monkeypatch.setenv("GOMOKU_GAMES_DIR", str(folder))
    return folder


@pytest.fixture
def fake_engine() -> FakeEngine:
    return FakeEngine()


@pytest.fixture
def fake_analyst(fake_engine: FakeEngine) -> Analyst:
    return Analyst(
        engine_factory=lambda: fake_engine,
        weight_map=fake_weight_map,
        explain=fake_explain,
        levels=("greedy", "easy", "normal", "strong"),
        levels_for=Engine.levels_for,
        forcing=fake_engine.forcing,
    )


@pytest.fixture
def make_app(tmp_path: Path, fake_analyst: Analyst) -> Callable[..., GomokuApp]:
    """An app on the fakes, with its data directory in tmp_path."""

    def make(mode: str = "humans", analyst: Analyst | None = None, **kwargs: Any) -> GomokuApp:
        settings = kwargs.pop("settings", None) or GameSettings(mode=mode, level="greedy")
        kwargs.setdefault("data_dir", tmp_path / "data")
        kwargs.setdefault("watch_delay", 0)
        return GomokuApp(analyst=analyst or fake_analyst, settings=settings, **kwargs)

    return make
