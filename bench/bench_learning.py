"""The learned evaluation's figures (issue 34): what a network costs and gains.

For the shipped network (``NET``, played as ``strong:NET``) beside the hand-set
``strong:classic`` (``HAND_SET``):

- nodes a second and depth in 1 s on the same middle games (``bench_search``'s);
- the VCF puzzles, 1 s each, on their own boards (every one must stay solved);
- peak memory of a fresh process after one 1 s search, each evaluation in its own;
- a screen: ``strong:NET`` against ``strong:classic`` at a fixed node count a move (the
  same games on any machine), from the balanced openings with both colours;
- training: positions a second of ``gomoku train`` on the screen's own games
  (their dataset), and its held-out loss against the hand-set evaluation's
  (a few games: the speed is the figure, the loss only a sign of life).

The quick run takes a sample of the puzzles, 0.2 s searches, two short screen games at
5,000 nodes a move (one at a time, in this process), one epoch.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from bench.bench_search import middle_games, puzzles, speed
from gomoku.board import Rules
from gomoku.engine import Engine
from gomoku.learning import TrainOptions, train_net
from gomoku.match import MatchConfig, load_openings
from gomoku.search.nets import CLASSIC
from gomoku.selfplay import Sampling, run_selfplay

NET = "round3"
HAND_SET = f"strong:{CLASSIC}"
"""The hand-set evaluation it is measured beside (``strong`` itself plays ``NET`` now)."""
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "openings" / "balanced20.json"
LOCAL = Path(__file__).resolve().parents[1] / "data" / "openings" / "balanced20.json"
SCREEN_NODES = 30_000

_PEAK = """
import resource, sys
from gomoku.engine import Engine
from bench.bench_search import middle_games
board = middle_games(1)[0]
Engine(sys.argv[1]).hint(board, time=float(sys.argv[2]))
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def peak_memory(level: str, seconds: float = 1.0) -> float:
    """Peak resident memory (MB) of a fresh process after one search of ``seconds`` by ``level``."""
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, level, str(seconds)],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=600,
        check=True,
    )
    return round(float(done.stdout.split()[-1]), 1)


def screen(quick: bool, datasets: list) -> Iterator[dict]:
    """``strong:NET`` against ``HAND_SET``, ``SCREEN_NODES`` nodes a move, both colours;
    the games' dataset is appended to ``datasets``."""
    rules = Rules.preset("gomocup20")
    openings = load_openings(SHARED if SHARED.exists() else LOCAL, rules)
    games = 2 if quick else 40
    nodes = 5_000 if quick else SCREEN_NODES
    config = MatchConfig(
        rules=rules, games=games, time_per_move_ms=1000, openings=openings, max_moves=12 if quick else None
    )
    sampling = Sampling(temperature=0.0, nodes=nodes)
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        result = run_selfplay(f"strong:{NET}", HAND_SET, config, sampling, out_dir=folder, jobs=1 if quick else 2)
        seconds = time.perf_counter() - started
    datasets.append(result.dataset)
    match = result.match
    low, high = match.elo_interval
    record = f"+{match.wins} -{match.losses} ={match.draws}; Elo {match.elo:+.0f}, 95% {low:+.0f} .. {high:+.0f}"
    yield {
        "name": "learning.screen_score",
        "value": round(100 * match.score, 1),
        "unit": f"% for strong:{NET} against {HAND_SET}, {games} games at {nodes} nodes a move ({record})",
    }
    at_once = "one at a time" if quick else "two at a time"
    yield {"name": "learning.screen_seconds", "value": round(seconds, 1), "unit": f"s for the screen, {at_once}"}


def training(quick: bool, datasets: list) -> Iterator[dict]:
    """One value-training run on ``datasets``: positions a second, held-out loss."""
    epochs = 1 if quick else 4
    options = TrainOptions(epochs=epochs, order=False, hold_out=2 if quick else 5)
    started = time.perf_counter()
    _, report = train_net(datasets, "bench", options)
    seconds = time.perf_counter() - started
    yield {
        "name": "learning.train_positions_per_s",
        "value": round(report.train_positions * epochs / seconds),
        "unit": f"training positions a second ({report.train_positions} positions of {report.games} games, "
        f"{epochs} epoch{'s' if epochs > 1 else ''}, the whole run timed)",
    }
    yield {
        "name": "learning.train_held_out_loss",
        "value": round(report.best, 4),
        "unit": f"cross-entropy on {report.held_out_positions} held-out positions "
        f"(the hand-set evaluation: {report.baseline_held_out:.4f})",
    }


def run(quick: bool) -> Iterator[dict]:
    """Every figure of the learned evaluation."""
    for level in (HAND_SET, f"strong:{NET}"):  # kernels and the network loaded before any clock runs
        Engine(level).hint(middle_games(1)[0], nodes=1000)
    yield from speed(quick, HAND_SET, "learning.classic")
    yield from speed(quick, f"strong:{NET}", f"learning.{NET}")
    yield from puzzles(quick, bounded=True, level=f"strong:{NET}", prefix=f"learning.{NET}")
    seconds = 0.2 if quick else 1.0
    for level, name in ((HAND_SET, "classic"), (f"strong:{NET}", NET)):
        yield {
            "name": f"learning.{name}.peak_rss",
            "value": peak_memory(level, seconds),
            "unit": f"MB, a fresh process after one {seconds:g} s search by {level} (target: under 350)",
        }
    datasets: list = []
    yield from screen(quick, datasets)
    yield from training(quick, datasets)
