"""The examples in the app's docstrings (``make test`` collects ``gomoku`` and ``tests`` only)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["tui.app", "tui.thinking", "tui.filing", "tui.game", "tui.storage", "tui.services",
           "tui.widgets.board_view", "tui.widgets.frame", "tui.widgets.rulers", "tui.widgets.marks",
           "tui.widgets.layout", "tui.widgets.panels", "tui.widgets.footer", "tui.screens.dialogs",
           "tui.screens.files", "tui.screenshot"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
    if name in ("tui.game", "tui.storage", "tui.widgets.frame", "tui.widgets.marks", "tui.widgets.layout",
                "tui.widgets.panels", "tui.widgets.footer", "tui.filing", "tui.services"):
        assert result.attempted > 0


def test_the_engine_never_imports_the_app() -> None:
    import subprocess
    import sys

    code = "import gomoku, gomoku.engine, gomoku.records, gomoku.attacks, sys; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
