"""Local worker processes (``--jobs``): a process that dies takes its pool with it,
and the games not finished are played again in a fresh pool, each counted once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from waiting import wait_until

from gomoku.match import MatchConfig, MatchError, run_match
from gomoku.match.pool import MAX_POOL_DEATHS

sys.path.insert(0, str(Path(__file__).parent))
from test_runner import LinePlayer, ScatterPlayer  # noqa: E402 - found through the path set above


def dying_factory(spec, seed=None, grace_ms=1000):
    """``scatter``, except that ``die:MARKER`` kills its worker process the first
    time a game is played (``die-always:`` every time): a worker lost mid-match."""
    if spec.startswith("die") and seed is not None and seed > 0:
        marker = Path(spec.split(":", 1)[1])
        if spec.startswith("die-always") or not marker.exists():
            marker.write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
    return LinePlayer("line") if spec == "line" else ScatterPlayer("scatter")


def test_a_game_lost_with_its_worker_is_played_again_and_counted_once(tmp_path):
    config = MatchConfig(games=4, openings=[[(9, 9)], [(9, 9), (10, 10)]])
    marker = tmp_path / "died"
    out = tmp_path / "out"
    result = run_match("line", f"die:{marker}", config, jobs=2, out_dir=out, player_factory=dying_factory)
    assert marker.exists() and int(marker.read_text()) != os.getpid()  # a worker did die
    assert [g.index for g in result.games] == [0, 1, 2, 3]
    assert (result.wins, result.losses, result.draws) == (4, 0, 0)
    here = run_match("line", "scatter", config, player_factory=dying_factory)
    assert [g.moves for g in result.games] == [g.moves for g in here.games]
    assert sorted(p.name for p in out.glob("*.json")) == [f"game-00{i}.json" for i in range(1, 5)]


def test_a_game_that_kills_every_worker_stops_the_match(tmp_path):
    with pytest.raises(MatchError, match=f"a worker process died {MAX_POOL_DEATHS} times in a row"):
        run_match("line", f"die-always:{tmp_path / 'died'}", MatchConfig(games=2), jobs=2, player_factory=dying_factory)


def test_a_worker_leaves_when_its_parent_is_gone():
    import multiprocessing

    from gomoku.match.pool import follow_parent

    parent = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(0.5,))
    parent.start()
    left = []
    follow_parent(parent, left.append)  # returns once it has ended, not before
    assert left == [1] and parent.exitcode == 0


def test_workers_do_not_outlive_a_runner_killed_alone(tmp_path):
    # A runner with two worker processes, killed on its own (SIGKILL to its pid alone):
    # its workers see their parent gone and exit.
    script = tmp_path / "runner.py"
    script.write_text(
        "import os, time\n"
        "from gomoku.board import Rules\n"
        "from gomoku.match.pool import Processes\n"
        "if __name__ == '__main__':\n"
        "    pool = Processes(2, ('random',), Rules.preset('gomocup20'))\n"
        "    pool.pool = pool._new_pool()\n"
        "    pids = [pool.pool.submit(os.getpid).result() for _ in range(8)]\n"
        "    print(' '.join(str(p) for p in sorted(set(pids))), flush=True)\n"
        "    time.sleep(600)\n"
    )
    runner = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    workers: list[int] = []
    try:
        workers = [int(p) for p in runner.stdout.readline().split()]
        assert workers and runner.pid not in workers
        os.kill(runner.pid, signal.SIGKILL)
        runner.wait(timeout=30)
        assert _all_gone(workers)
    finally:
        _end(runner, workers)


def _all_gone(pids: list[int], within: float = 30) -> bool:
    """Whether every process of ``pids`` has ended, waited for ``within`` seconds at most."""
    return wait_until(lambda: not any(_alive(p) for p in pids), timeout=within, interval=0.05)


def _sigint_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _end(runner, workers: list[int]) -> None:
    """A test's clean-up: the runner and its workers killed, whatever happened."""
    runner.kill()
    for p in workers:
        if _alive(p):
            os.kill(p, signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (exited, not yet reaped by its new parent) counts as gone
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("sent, code, said", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")])
def test_an_interrupted_match_ends_at_once_and_plays_no_more_games(tmp_path, sent, code, said):
    # SIGINT to the runner alone (not to its process group, as Ctrl-C sends it): it said
    # "interrupted", then its exit waited for every game not begun (the pool's own
    # cancelling was lost with the pool), so its workers played on, unseen, for hours.
    # SIGTERM (a timeout, a batch system) ends it the same way, not half-way.
    out = tmp_path / "out"
    gomoku = Path(sys.executable).with_name("gomoku")
    runner = subprocess.Popen(
        [str(gomoku), "match", "greedy", "greedy", "--games", "100000", "--jobs", "2", "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONFAULTHANDLER": "1"},  # SIGABRT then shows where each thread is
        # Ctrl-C's SIGINT as a terminal gives it: a suite started in the background by a shell
        # without job control runs with SIGINT ignored, and its children inherit that (the
        # runner then never heard the signal: the two failures of 2026-11-28).
        preexec_fn=_sigint_default,
    )
    workers: list[int] = []
    try:
        # Some games saved: the workers are playing, with almost all of the 100,000 games still to come.
        assert wait_until(lambda: len(list(out.glob("game-*.json"))) >= 10, timeout=120, interval=0.05)
        workers = [
            int(p)
            for p in subprocess.run(["pgrep", "-P", str(runner.pid)], capture_output=True, text=True).stdout.split()
        ]
        assert len(workers) >= 2
        os.kill(runner.pid, sent)
        try:
            exit_code = runner.wait(timeout=30)  # the 100,000 games left would take hours
        except subprocess.TimeoutExpired:
            # The threads' stacks say where it waits.
            os.kill(runner.pid, signal.SIGABRT)
            try:
                _, stacks = runner.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                stacks = ""
            pytest.fail(f"the runner was still running 30 s after it was sent {sent.name}:\n{stacks[-4000:]}")
        assert exit_code == code
        lines = runner.stderr.read().splitlines()
        assert lines[-1] == f"gomoku: {said}"  # no traceback, no warning after it
        assert "games are saved in" in lines[-2] and "--resume" in lines[-2]
        assert _all_gone(workers)
    finally:
        _end(runner, workers)
