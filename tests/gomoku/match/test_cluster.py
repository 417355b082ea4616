"""Games on a Dask cluster (``--cluster``): a LocalCluster of two worker processes
stands in for the user's machines. The games and the output are those of a
local run; a worker killed mid-run costs a replay, never a game counted twice;
a cluster that is not there is a one-line error within seconds."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from distributed import Client, LocalCluster
from waiting import wait_until

from gomoku.board import Rules
from gomoku.cli import main
from gomoku.match import GameTask, MatchConfig, MatchError, load_openings, make_player
from gomoku.match.cluster import Cluster
from gomoku.search.warmup import is_warm
from gomoku.selfplay import Sampling, load_dataset, run_selfplay

RULES = Rules.preset("gomocup15")
OPENINGS = load_openings("data/openings/openings.jsonl", RULES)[:3]


pytestmark = pytest.mark.xdist_group("cluster")
"""One worker plays this module's tests: its module-wide fixture is built once."""


@pytest.fixture(scope="module")
def cluster():
    """A scheduler and two single-threaded worker processes, each under a nanny
    that starts it again when it dies."""
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as local:
        with Client(local, set_as_default=False) as client:
            yield local.scheduler_address, client


def out_files(folder):
    return {p.name: json.loads(p.read_text())["moves"] for p in sorted(folder.glob("game-*.json"))}


def test_a_match_on_the_cluster_reads_as_a_local_one(cluster, tmp_path, capsys):
    address, _ = cluster
    # greedy answers at once; a long turn keeps a loaded machine's first, slower moves from the
    # reply deadline's fallback move (which would make the two runs' games differ)
    argv = ["match", "greedy", "greedy", "--games", "4", "--rules", "gomocup15", "--time-per-move", "5000"]
    assert main(argv + ["--out", str(tmp_path / "here")]) == 0
    here = capsys.readouterr()
    assert main(argv + ["--cluster", address, "--out", str(tmp_path / "there")]) == 0
    there = capsys.readouterr()
    assert there.out == here.out.replace("here", "there")  # the same games, the same table
    assert "Elo difference (greedy (A) - greedy (B))" in there.out
    # One progress line a game, as a local run's (in the order the games finished).
    assert [line.split(" (")[0] for line in there.err.splitlines()] == [f"game {i}/4" for i in range(1, 5)]
    assert out_files(tmp_path / "there") == out_files(tmp_path / "here")


def test_a_worker_killed_mid_run_costs_a_replay_and_no_game_is_counted_twice(cluster, tmp_path):
    address, client = cluster
    config = MatchConfig(rules=RULES, games=6, time_per_move_ms=100, openings=OPENINGS, grace_ms=3_600_000)
    sampling = Sampling(nodes=1500, seed=7)

    class Killer(io.StringIO):
        """The progress stream: at the first game's line, kills a worker that is playing one."""

        killed: list[tuple[str, tuple[str, ...]]] = []

        def write(self, text):
            if not self.killed and text.startswith("game "):
                busy = {w: keys for w, keys in client.processing().items() if keys}
                if busy:
                    worker = sorted(busy)[0]
                    pid = client.run(os.getpid, workers=[worker])[worker]
                    os.kill(pid, signal.SIGKILL)
                    self.killed.append((worker, tuple(busy[worker])))
            return super().write(text)

    progress = Killer()
    there = run_selfplay(
        "normal", "easy", config, sampling, out_dir=tmp_path / "there", cluster=address, progress=progress
    )
    assert Killer.killed, "no worker was busy to be killed"
    lost = Killer.killed[0][1]
    # The killed worker's games went to a worker again: the scheduler's log shows them processing twice.
    starts = client.run_on_scheduler(
        lambda dask_scheduler, keys: {k: sum(1 for t in dask_scheduler.story(k) if t[2] == "processing") for k in keys},
        keys=list(lost),
    )
    assert max(starts.values()) >= 2, starts
    # Every game once, in the results, the progress and the folder.
    assert [g.index for g in there.match.games] == list(range(6))
    assert sorted(line.split(" (")[0] for line in progress.getvalue().splitlines()) == sorted(
        f"game {i}/6" for i in range(1, 7)
    )
    assert sorted(out_files(tmp_path / "there")) == [f"game-00{i}.json" for i in range(1, 7)]
    # Every worker, the one started again after the kill too, did its one-off work through the plugin.
    # (The new one may still be registering or preparing when the games end: wait for it, within bounds.)
    client.wait_for_workers(2, timeout=120)

    def prepared() -> dict:
        return client.run(lambda dask_worker: ("gomoku-prepare" in dask_worker.plugins, is_warm()))

    assert wait_until(lambda: list(prepared().values()) == [(True, True)] * 2, timeout=120, interval=0.1), prepared()
    # The same games as here, one after the other: a search limited by nodes plays the same game anywhere.
    here = run_selfplay("normal", "easy", config, sampling, out_dir=tmp_path / "here")
    assert [g.moves for g in there.match.games] == [g.moves for g in here.match.games]
    assert there.match.to_dict() == here.match.to_dict()
    a, b = load_dataset(there.path), load_dataset(here.path)
    for name in ("moves", "game", "ply", "move", "best", "result"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert np.array_equal(a.score, b.score, equal_nan=True)


def test_one_cluster_plays_one_batch_of_games_after_another(cluster):
    # The tuner gives a cluster a batch of games an iteration: each batch ends with its own games.
    address, _ = cluster
    config = MatchConfig(rules=RULES, games=2, time_per_move_ms=100, openings=OPENINGS)
    with Cluster(address, specs=("greedy",), rules=RULES, match="batches") as games:
        for batch in range(2):
            tasks = [
                GameTask(2 * batch + n, "greedy", "greedy", config, n % len(OPENINGS), "XO"[n], make_player)
                for n in range(2)
            ]
            results = list(games.play(tasks))
            assert sorted(r.index for r in results) == [2 * batch, 2 * batch + 1]
            assert not games.futures  # nothing of this batch left for the next one to wait on


def test_a_cluster_with_no_worker_stops_the_match_in_one_line():
    with LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=":0") as empty:
        task = GameTask(0, "greedy", "greedy", MatchConfig(rules=RULES, games=1), None, "X", make_player)
        started = time.monotonic()
        with pytest.raises(MatchError, match="no worker is left after 2 s of waiting"):
            with Cluster(empty.scheduler_address, specs=("greedy",), rules=RULES, match="t", idle_timeout=2) as games:
                list(games.play([task]))
        assert time.monotonic() - started < 30


def test_an_unreachable_cluster_is_a_one_line_error_within_seconds(tmp_path):
    started = time.monotonic()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gomoku.cli",
            "match",
            "greedy",
            "greedy",
            "--games",
            "2",
            "--cluster",
            "tcp://127.0.0.1:9",
            "--out",
            str(tmp_path / "m"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    elapsed = time.monotonic() - started
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("gomoku: error: --cluster tcp://127.0.0.1:9: no Dask scheduler answered")
    assert done.stderr.count("\n") == 1
    assert elapsed < 20, elapsed
    assert not list((tmp_path / "m").iterdir())  # nothing played, nothing written


NO_DASK = """
import sys
sys.modules["dask"] = sys.modules["distributed"] = None   # as if the [cluster] extra were not installed
from gomoku.cli import main
code = main(sys.argv[1:])
print("distributed" in sys.modules and sys.modules["distributed"] is not None, file=sys.stderr)
sys.exit(code)
"""


@pytest.mark.parametrize(
    "cluster_args, code, words",
    [
        ([], 0, "False"),
        (
            ["--cluster", "tcp://127.0.0.1:9"],
            2,
            "--cluster needs Dask, an optional extra: pip install 'endless-gomoku[cluster]'",
        ),
    ],
)
def test_without_dask_a_local_match_plays_and_a_cluster_says_what_to_install(tmp_path, cluster_args, code, words):
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            NO_DASK,
            "match",
            "greedy",
            "greedy",
            "--games",
            "2",
            "--rules",
            "gomocup15",
            "--out",
            str(tmp_path / "m"),
            *cluster_args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == code, done.stderr
    assert words in done.stderr
    if code == 2:
        assert done.stderr.count("\n") == 2 and done.stderr.startswith("gomoku: error: --cluster needs Dask")
    else:
        assert "Elo difference" in done.stdout and len(list((tmp_path / "m").glob("*.json"))) == 2
