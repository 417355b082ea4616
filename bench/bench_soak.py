"""Soak: ``pbrain-gomoku`` against itself for many games, and the protocol fuzz at a large size (issue 11).

Two brain processes stay up for the whole run, as in a tournament: START once,
``INFO timeout_turn 200`` and ``max_memory 50 MB``, RESTART between games.
Each game starts from a balanced 20x20 opening (each opening twice, colours
swapped), given to each brain by BOARD, then played by TURN to a five or a
full board. The manager here times every reply from the line sent to the
answer read, as a tournament manager would; a reply past ``timeout_turn``,
an illegal move, an ERROR or a crash forfeits the game (and a crashed brain is
started again). Figures: games, forfeits by kind, reply times (median, p99,
worst), the replies the brains themselves sent at their hard deadline, and
each brain's RSS after every game, as growth per game after the warm-up.
Then the fuzz test of ``tests/gomoku/protocol/test_pbrain.py`` at many sessions.

Full: 1,000 games and 2,000 fuzz sessions (hours); quick: 2 games at
``timeout_turn 100`` and 3 sessions. For a run of your own size::

    .venv/bin/python -m bench.bench_soak --games 100 --fuzz 500
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from gomoku.board import Board, BoardError, Point, Rules, Stone
from gomoku.match import load_openings

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "openings" / "balanced20.json"
LOCAL = ROOT / "data" / "openings" / "balanced20.json"
MAX_MEMORY = 50 * 1024 * 1024
GRACE = 5.0
"""Seconds past the turn time after which a silent brain is taken for hung."""
LATE_NOTE = "MESSAGE the engine was still thinking at the reply deadline"


class Forfeit(Exception):
    """A brain lost the game by failing: ``kind`` is late, illegal, error, crash or hang."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


class BrainProcess:
    """One ``pbrain-gomoku`` process: lines in, timed answers out."""

    def __init__(self, name: str, turn_ms: int) -> None:
        self.name = name
        self.turn_ms = turn_ms
        self.starts = 0
        self.deadline_replies = 0
        self.start()

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gomoku.protocol.pbrain"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            env=env,
            cwd=ROOT,
        )
        self.lines: queue.Queue[tuple[str, float] | None] = queue.Queue()
        self.stderr: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()
        self.starts += 1
        self.send("START 20")
        self.expect_ok("START")
        for line in (
            f"INFO timeout_turn {self.turn_ms}",
            "INFO timeout_match 0",
            f"INFO max_memory {MAX_MEMORY}",
            "INFO game_type 1",
            "INFO rule 0",
        ):
            self.send(line)

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in iter(self.process.stdout.readline, b""):
            self.lines.put((raw.decode("ascii", "replace").strip(), time.monotonic()))
        self.lines.put(None)

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for raw in iter(self.process.stderr.readline, b""):
            self.stderr.append(raw.decode("utf-8", "replace").rstrip())

    def send(self, line: str) -> float:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line.encode("ascii") + b"\n")
            self.process.stdin.flush()
        except OSError:
            raise Forfeit("crash", f"{self.name} closed its input ({self.tail()})") from None
        return time.monotonic()

    def answer(self, timeout: float) -> tuple[str, float]:
        """The next line that is not MESSAGE/DEBUG and when it came."""
        end = time.monotonic() + timeout
        while True:
            try:
                item = self.lines.get(timeout=max(end - time.monotonic(), 0.0))
            except queue.Empty:
                raise Forfeit("hang", f"{self.name} silent for {timeout:.1f} s") from None
            if item is None:
                raise Forfeit("crash", f"{self.name} exited with {self.process.wait()} ({self.tail()})")
            line, when = item
            if line.startswith(LATE_NOTE):
                self.deadline_replies += 1
            if line and not line.startswith(("MESSAGE", "DEBUG")):
                return line, when

    def expect_ok(self, what: str) -> None:
        line, _ = self.answer(60.0)
        if line != "OK":
            raise Forfeit("error", f"{self.name} answered {line[:60]!r} to {what}")

    def tail(self) -> str:
        return self.stderr[-1][:100] if self.stderr else "no stderr"

    def rss_mb(self) -> float:
        try:
            with open(f"/proc/{self.process.pid}/status", encoding="ascii") as handle:
                for line in handle:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            pass
        return float("nan")

    def cpu_ms(self) -> float:
        """The CPU time the brain has used, all its threads (also those gone) told: a late reply with
        little CPU behind it was the machine's doing (the brain was not let run), not the brain's."""
        try:
            with open(f"/proc/{self.process.pid}/stat", encoding="ascii") as handle:
                fields = handle.read().rpartition(")")[2].split()
            return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return float("nan")

    def restart_if_dead(self) -> None:
        if self.process.poll() is not None:
            self.start()

    def close(self) -> None:
        try:
            self.send("END")
            self.process.wait(timeout=5)
        except (Forfeit, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


def play_game(
    x: BrainProcess, o: BrainProcess, opening: list[Point], replies: list[float], late: list[tuple[float, float]]
) -> tuple[str, str]:
    """One game from ``opening``: (result, how): result X, O or draw; how "five", "full" or a forfeit kind.
    Each reply time goes into ``replies``; a late one into ``late`` too, with the CPU the brain used for it."""
    rules = Rules.preset("gomocup20")
    board = Board(rules, moves=opening)
    players = {Stone.X: x, Stone.O: o}
    told = {Stone.X: False, Stone.O: False}
    limit = x.turn_ms / 1000
    while not board.is_over:
        side = board.turn
        brain = players[side]
        try:
            cpu = brain.cpu_ms()
            if told[side]:
                sent = brain.send(f"TURN {board.move_stack[-1][0]},{board.move_stack[-1][1]}")
            else:
                brain.send("BOARD")
                for point in board.move_stack:
                    brain.send(f"{point[0]},{point[1]},{1 if board.stones[point] is side else 2}")
                sent = brain.send("DONE")
                told[side] = True
            line, when = brain.answer(limit + GRACE)
            elapsed = when - sent
            replies.append(elapsed * 1000)
            if elapsed > limit:
                late.append((elapsed * 1000, brain.cpu_ms() - cpu))
                raise Forfeit("late", f"{brain.name} answered in {elapsed * 1000:.0f} ms")
            if line.startswith(("ERROR", "UNKNOWN")):
                raise Forfeit("error", f"{brain.name} answered {line[:60]!r}")
            try:
                move = tuple(int(v) for v in line.split(","))
                board.play(move)
            except (ValueError, BoardError):
                raise Forfeit("illegal", f"{brain.name} answered {line[:60]!r}") from None
        except Forfeit as failure:
            return side.other.name, failure.kind
    if board.winner is not None:
        return board.winner.name, "five"
    return "draw", "full"


def soak(games: int, turn_ms: int) -> Iterator[dict]:
    rules = Rules.preset("gomocup20")
    openings = load_openings(SHARED if SHARED.exists() else LOCAL, rules)
    a, b = BrainProcess("A", turn_ms), BrainProcess("B", turn_ms)
    replies: list[float] = []
    late: list[tuple[float, float]] = []
    load = [os.getloadavg()[0]]
    outcomes: dict[str, int] = {}
    results: dict[str, int] = {}
    rss: dict[str, list[float]] = {"A": [], "B": []}
    restart_failures = 0
    started = time.monotonic()
    try:
        for index in range(games):
            opening = openings[(index // 2) % len(openings)]
            x, o = (a, b) if index % 2 == 0 else (b, a)
            result, how = play_game(x, o, opening, replies, late)
            outcomes[how] = outcomes.get(how, 0) + 1
            results[result] = results.get(result, 0) + 1
            for brain in (a, b):
                brain.restart_if_dead()
                try:
                    brain.send("RESTART")
                    brain.expect_ok("RESTART")
                except Forfeit:
                    restart_failures += 1
                    brain.process.kill()
                    brain.process.wait()
                    brain.start()
                rss[brain.name].append(brain.rss_mb())
    finally:
        a.close()
        b.close()
    seconds = time.monotonic() - started
    load.append(os.getloadavg()[0])
    what = f"{games} games of pbrain-gomoku against itself, timeout_turn {turn_ms} ms, max_memory 50 MB"
    forfeits = {k: v for k, v in outcomes.items() if k not in ("five", "full")}
    yield {"name": "soak.games", "value": games, "unit": f"games ({what}; {seconds:.0f} s)"}
    yield {"name": "soak.endings", "value": outcomes, "unit": "games by how they ended: five, full board, or a forfeit"}
    yield {"name": "soak.results", "value": results, "unit": "games won by X, by O, drawn"}
    yield {
        "name": "soak.forfeits",
        "value": sum(forfeits.values()),
        "unit": "games lost by a late reply, an illegal move, an ERROR, a crash or a hang",
    }
    for kind in ("late", "illegal", "error", "crash", "hang"):
        yield {"name": f"soak.{kind}", "value": forfeits.get(kind, 0), "unit": f"games forfeited: {kind}"}
    yield {"name": "soak.restarted_brains", "value": a.starts + b.starts - 2, "unit": "brain processes started again"}
    yield {"name": "soak.restart_failures", "value": restart_failures, "unit": "RESTARTs not answered OK"}
    ordered = sorted(replies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] if ordered else None
    yield {"name": "soak.replies", "value": len(replies), "unit": "moves answered"}
    yield {
        "name": "soak.reply_ms_median",
        "value": round(statistics.median(replies), 1) if replies else None,
        "unit": "ms, send to answer, as the manager saw it",
    }
    yield {"name": "soak.reply_ms_p99", "value": None if p99 is None else round(p99, 1), "unit": "ms, 99th percentile"}
    yield {
        "name": "soak.reply_ms_max",
        "value": round(ordered[-1], 1) if ordered else None,
        "unit": f"ms, the worst reply (timeout_turn {turn_ms})",
    }
    yield {
        "name": "soak.replies_past_timeout_turn",
        "value": sum(1 for r in replies if r > turn_ms),
        "unit": f"replies later than {turn_ms} ms",
    }
    starved = sum(1 for ms, cpu in late if cpu <= turn_ms)
    yield {
        "name": "soak.late_replies_starved",
        "value": starved,
        "unit": f"late replies for which the brain had at most {turn_ms} ms of CPU: the machine did not let it "
        f"run (load average {load[0]:.1f} at the start, {load[1]:.1f} at the end; 2 cores)",
    }
    yield {
        "name": "soak.late_reply_details",
        "value": [[round(ms), round(cpu)] for ms, cpu in late[:50]],
        "unit": "ms: each late reply, and the CPU time the brain used for it (10 ms ticks)",
    }
    yield {
        "name": "soak.deadline_replies",
        "value": a.deadline_replies + b.deadline_replies,
        "unit": "moves the brains answered at their hard deadline, the search still running",
    }
    for name, values in rss.items():
        warm = min(max(1, len(values) // 10), max(len(values) - 2, 0))
        growth = slope(values[warm:])
        yield {
            "name": f"soak.rss_mb_{name}",
            "value": [round(values[0], 1), round(values[-1], 1)] if values else None,
            "unit": f"MB, brain {name}'s RSS after its first and last game",
        }
        yield {
            "name": f"soak.rss_growth_mb_per_game_{name}",
            "value": None if growth is None else round(growth, 4),
            "unit": f"MB a game, brain {name}: the least-squares slope after a warm-up of {warm} games",
        }


def slope(values: list[float]) -> float | None:
    """The least-squares slope of ``values`` against their index (None for fewer than two).

    >>> slope([1.0, 2.0, 3.0]), slope([5.0])
    (1.0, None)
    """
    n = len(values)
    if n < 2:
        return None
    mean_x, mean_y = (n - 1) / 2, sum(values) / n
    num = sum((i - mean_x) * (v - mean_y) for i, v in enumerate(values))
    return num / sum((i - mean_x) ** 2 for i in range(n))


def fuzz(sessions: int) -> Iterator[dict]:
    """The protocol fuzz test, run at ``sessions`` sessions in a pytest of its own."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "sessions.txt"
        env = {
            **os.environ,
            "GOMOKU_FUZZ_SESSIONS": str(sessions),
            "GOMOKU_FUZZ_REPORT": str(report),
            "PYTHONPATH": str(ROOT),
        }
        started = time.monotonic()
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-x",
                "-p",
                "no:cacheprovider",
                str(ROOT / "tests" / "gomoku" / "protocol" / "test_pbrain.py")
                + "::test_a_fuzzed_session_gets_the_answers_the_model_expects",
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        seconds = time.monotonic() - started
        counts = [int(line) for line in report.read_text().split()] if report.exists() else []
    yield {
        "name": "fuzz.sessions",
        "value": len(counts),
        "unit": f"fuzzed pbrain sessions checked against the model ({seconds:.0f} s)",
    }
    yield {"name": "fuzz.commands", "value": sum(counts), "unit": "commands and bad lines in those sessions"}
    failure = ""
    if done.returncode != 0:
        # What broke, for the notes: the assertion lines, the falsifying example, and the summary.
        lines = done.stdout.splitlines()
        kept = [
            line
            for line in lines
            if line.startswith(("E ", "Falsifying", "Flaky", "FAILED")) or "data.draw" in line or "Draw " in line
        ]
        failure = " | ".join(kept or lines[-5:])[:4000]
    yield {"name": "fuzz.passed", "value": done.returncode == 0, "unit": failure or "every session as the model said"}


def run(
    quick: bool, games: int | None = None, turn_ms: int | None = None, sessions: int | None = None
) -> Iterator[dict]:
    yield from soak(games if games is not None else (2 if quick else 1000), turn_ms or (100 if quick else 200))
    sessions = sessions if sessions is not None else (3 if quick else 2000)
    if sessions > 0:
        yield from fuzz(sessions)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_soak", description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", type=int, help="games of the soak (default 1000; quick 2)")
    parser.add_argument("--turn", type=int, help="timeout_turn in ms (default 200; quick 100)")
    parser.add_argument("--fuzz", type=int, help="fuzz sessions (default 2000; quick 3)")
    args = parser.parse_args()
    for figure in run(args.quick, args.games, args.turn, args.fuzz):
        print(json.dumps(figure), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
