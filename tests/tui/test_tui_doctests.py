"""The examples in the app's docstrings (``make test`` collects ``gomoku`` and ``tests`` only)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tui.app",
    "tui.keys",
    "tui.state",
    "tui.thinking",
    "tui.analysis",
    "tui.preview",
    "tui.walk",
    "tui.variations",
    "tui.showing",
    "tui.filing",
    "tui.opening",
    "tui.game",
    "tui.storage",
    "tui.services",
    "tui.widgets.board_view",
    "tui.view.frame",
    "tui.widgets.rulers",
    "tui.view.marks",
    "tui.widgets.movelist",
    "tui.widgets.evalbar",
    "tui.view.layout",
    "tui.view.panel_place",
    "tui.view.panels",
    "tui.widgets.footer",
    "tui.screens.dialogs",
    "tui.screens.files",
    "tui.screens.opening",
    "tui.screenshot",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
    if name in (
        "tui.game",
        "tui.variations",
        "tui.state",
        "tui.storage",
        "tui.view.frame",
        "tui.view.marks",
        "tui.view.layout",
        "tui.view.panel_place",
        "tui.view.panels",
        "tui.widgets.footer",
        "tui.opening",
        "tui.services",
        "tui.widgets.movelist",
        "tui.widgets.evalbar",
    ):
        assert result.attempted > 0


def test_the_engine_never_imports_the_app() -> None:
    import subprocess
    import sys

    code = "import gomoku, gomoku.engine, gomoku.records, gomoku.attacks, sys; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_every_module_of_the_app_names_its_api_in_all() -> None:
    import pkgutil

    import tui

    names = ["tui"] + [m.name for m in pkgutil.walk_packages(tui.__path__, "tui.")]
    bad = []
    for name in names:
        module = importlib.import_module(name)
        exported = getattr(module, "__all__", None)
        if exported is None:
            bad.append(f"{name}: no __all__")
        else:
            bad += [f"{name}: {n} is not there" for n in exported if not hasattr(module, n)]
    assert len(names) >= 25 and bad == []
