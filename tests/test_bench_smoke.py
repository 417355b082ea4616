"""`make bench-quick` as a smoke test: every benchmark runs and prints well-formed figures.

One test a benchmark module, each in its own process (as `python -m bench --quick NAME`
runs it), so that the suite's workers share them out. Only the shape of the output is
checked here, never a speed: the figures themselves are for `make bench` and the closing
notes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHES = sorted(p.stem for p in (ROOT / "bench").glob("bench_*.py"))

PREFIXES = {
    "bench_board": "board",
    "bench_weights": "weights",
    "bench_threatspace": "threatspace",
    "bench_search": "search",
    "bench_match": "match",
    "bench_tui": "tui",
    "bench_engine": "engine",
    "bench_blunders": "blunders",
    "bench_vct": "vct",
    "bench_learning": "learning",
}
"""The name each of these benchmarks' figures starts with (the others name theirs freely)."""


def test_the_benchmarks_are_found() -> None:
    assert set(PREFIXES) <= set(BENCHES)


@pytest.mark.parametrize("module", BENCHES)
def test_a_benchmark_prints_json_figures(module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", module.removeprefix("bench_")],
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
    assert f"# {module}:" in done.stderr
    if module in PREFIXES:
        assert any(figure["name"].split(".")[0] == PREFIXES[module] for figure in figures), figures
