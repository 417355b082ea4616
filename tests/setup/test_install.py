"""The set-up says nothing of the project's own making: the build backend reads
pyproject.toml without a deprecation (the licence as an SPDX string), and the
Makefile's install quiets the backend's notes on editable installs. What this
machine's pip configuration adds (``WARNING: Location ... is ignored``) is not
the project's and is left out."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _ours(output: str) -> list[str]:
    """The lines of pip's output that are not this machine's index configuration."""
    return [line for line in output.splitlines() if line.strip() and not line.startswith("WARNING: Location ")]


def test_the_licence_is_an_spdx_string() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"


def test_the_makefile_installs_with_the_backends_notes_quieted() -> None:
    makefile = (ROOT / "Makefile").read_text()
    line = re.search(r"^PIP_INSTALL := (.*)$", makefile, re.M)
    assert line is not None and "PYTHONWARNINGS=ignore::UserWarning" in line.group(1)
    assert "$(PIP_INSTALL) -e ." in makefile and "$(PIP_INSTALL) --no-compile -e '.[test]'" in makefile


def test_the_build_backend_reads_the_project_without_a_warning() -> None:
    # pip builds the editable metadata in an isolated environment with a current
    # setuptools, as a fresh clone's ``make`` does, with no filter on warnings.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONWARNINGS"}
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "-e", str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    said = _ours(done.stdout + done.stderr)
    assert "Would install endless-gomoku-0.1.0" in said
    assert not [line for line in said if re.search(r"warn|deprecat|licen", line, re.I)], said
