"""Self-play throughput: games a minute at 0.1 s a move, on the local path and on
a Dask cluster on the same cores (issue 34: the cluster within 10% of local).

Full run: ``strong`` against itself from the balanced 20x20 openings, 0.1 s a
move, 60 games, sampling as ``gomoku selfplay`` does by default; first in two
local worker processes (``--jobs 2``), then on a LocalCluster of two
single-threaded worker processes started beforehand (as a user's workers are
up before a run; its start-up is a figure of its own). Both times count from
the call to the last game written, the dataset included: the local pool's
start and the cluster's worker plugin (the kernels loaded once a worker) are
inside. Quick run: two games each, at most 10 moves a game.
"""

from __future__ import annotations

import logging
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from distributed import LocalCluster

from gomoku.board import Rules
from gomoku.match import MatchConfig, load_openings
from gomoku.selfplay import Sampling, run_selfplay

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "openings" / "balanced20.json"
LOCAL = Path(__file__).resolve().parents[1] / "data" / "openings" / "balanced20.json"


def _rate(result, seconds: float) -> float:
    return round(len(result.match.games) * 60 / seconds, 2)


def _moves(result, seconds: float) -> float:
    """Moves a minute after the openings: games a minute with the games' lengths taken out (at a fixed
    time a move, a run of longer games has fewer games a minute, and these games are not the same twice)."""
    return round(sum(len(g.moves) - g.opening_moves for g in result.match.games) * 60 / seconds, 1)


def run(quick: bool) -> Iterator[dict]:
    logging.getLogger("distributed").setLevel(logging.ERROR)  # the cluster's chatter, not figures
    rules = Rules.preset("gomocup20")
    openings = load_openings(SHARED if SHARED.exists() else LOCAL, rules)
    games = 2 if quick else 60
    config = MatchConfig(
        rules=rules, games=games, time_per_move_ms=100, openings=openings, max_moves=10 if quick else None
    )
    sampling = Sampling(seed=1)
    what = f"strong vs strong, {games} games, 0.1 s a move, 2 at a time"
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        local = run_selfplay("strong", "strong", config, sampling, out_dir=Path(folder, "local"), jobs=2)
        local_s = time.perf_counter() - started
        yield {
            "name": "selfplay.local_games_per_min",
            "value": _rate(local, local_s),
            "unit": f"games a minute, two local processes ({what})",
        }
        started = time.perf_counter()
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
            start_s = time.perf_counter() - started
            started = time.perf_counter()
            there = run_selfplay(
                "strong", "strong", config, sampling, out_dir=Path(folder, "cluster"), cluster=cluster.scheduler_address
            )
            cluster_s = time.perf_counter() - started
    yield {
        "name": "selfplay.cluster_games_per_min",
        "value": _rate(there, cluster_s),
        "unit": f"games a minute, a LocalCluster of two worker processes ({what})",
    }
    yield {
        "name": "selfplay.cluster_vs_local",
        "value": round(_rate(there, cluster_s) / _rate(local, local_s), 3),
        "unit": "the cluster's games a minute over the local path's (target: at least 0.9)",
    }
    yield {
        "name": "selfplay.local_moves_per_min",
        "value": _moves(local, local_s),
        "unit": "moves a minute after the openings, two local processes",
    }
    yield {
        "name": "selfplay.cluster_moves_per_min",
        "value": _moves(there, cluster_s),
        "unit": "moves a minute after the openings, the LocalCluster",
    }
    yield {
        "name": "selfplay.cluster_vs_local_moves",
        "value": round(_moves(there, cluster_s) / _moves(local, local_s), 3),
        "unit": "the cluster's moves a minute over the local path's: the same ratio, games' lengths taken out",
    }
    yield {
        "name": "selfplay.cluster_start",
        "value": round(start_s, 2),
        "unit": "seconds to start the LocalCluster (not in its games a minute)",
    }
    yield {
        "name": "selfplay.cluster_games_per_min_with_start",
        "value": _rate(there, cluster_s + start_s),
        "unit": "games a minute on the LocalCluster, its start counted in",
    }
    positions = len(local.dataset) + len(there.dataset)
    yield {
        "name": "selfplay.positions_per_game",
        "value": round(positions / (2 * games), 1),
        "unit": "dataset positions a game (after the opening)",
    }
