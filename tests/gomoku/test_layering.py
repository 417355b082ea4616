"""The engine never imports the app: importing every gomoku module leaves textual out."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import importlib, pkgutil, sys
import gomoku
names = ["gomoku"] + [m.name for m in pkgutil.walk_packages(gomoku.__path__, "gomoku.")]
for name in names:
    importlib.import_module(name)
bad = sorted(m for m in sys.modules if m == "textual" or m.startswith(("textual.", "tui")))
print(len(names), " ".join(bad))
"""


def test_importing_the_engine_does_not_import_textual() -> None:
    # A fresh interpreter: this test session may have textual loaded already.
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    count, _, loaded = done.stdout.strip().partition(" ")
    assert int(count) >= 5  # gomoku, board, records, cli, commands...
    assert loaded == "", f"the engine imported {loaded}"
