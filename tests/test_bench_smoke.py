"""`make bench-quick` as a smoke test: every benchmark runs and prints well-formed figures.

Only the shape of the output is checked here, never a speed: the figures
themselves are for `make bench` and the closing notes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_benchmark_prints_json_figures() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    figures = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert figures, "no figures printed"
    for figure in figures:
        assert "error" not in figure, figure
        assert set(figure) >= {"name", "value", "unit"}, figure
    modules = {line.split(":")[0].lstrip("# ") for line in done.stderr.splitlines() if line.startswith("# bench_")}
    benches = {p.stem for p in (ROOT / "bench").glob("bench_*.py")}
    assert modules == benches
    prefixes = {figure["name"].split(".")[0] for figure in figures}
    assert {
        "board",
        "weights",
        "threatspace",
        "search",
        "match",
        "tui",
        "engine",
        "blunders",
        "vct",
        "learning",
    } <= prefixes
