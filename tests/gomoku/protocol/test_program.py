"""The ``pbrain-gomoku`` program as a manager meets it, in processes of its own: a first
run (an empty numba cache) answers START at once and every move in time while the
kernels compile in the background, and exits at END; END while a late search runs
exits cleanly, every time; a new ``max_memory`` right before a move does not make it
late; and no writable cache folder costs at most a line on stderr, never a traceback.

These start real processes (and one compiles the kernels for seconds): the slow end of
the protocol's tests."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MARGIN = 0.15
"""What a reply may take past the turn time, seen from the manager's side of the pipe:
the process, the pipe and a machine shared with others."""


class Program:
    """A brain process and its lines as they come, each with the time it was read."""

    started: list[Program] = []
    """Every program started by the test running: ``ended`` kills those still running after it."""

    def __init__(self, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gomoku.protocol.pbrain", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env or {**os.environ, "PYTHONPATH": str(ROOT)},
            cwd=cwd or ROOT,
        )
        self.lines: queue.Queue[tuple[float, str]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        Program.started.append(self)

    def _read(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put((time.monotonic(), raw.decode("ascii").rstrip("\r\n")))

    def send(self, *lines: str) -> float:
        """Write ``lines`` at once; when."""
        assert self.process.stdin is not None
        self.process.stdin.write("".join(line + "\n" for line in lines).encode())
        self.process.stdin.flush()
        return time.monotonic()

    def answer(self, timeout: float = 30) -> tuple[str, float, list[str]]:
        """The next line that is not a MESSAGE, when it came, and the MESSAGE lines before it."""
        messages = []
        while True:
            at, line = self.lines.get(timeout=timeout)
            if not line.startswith("MESSAGE"):
                return line, at, messages
            messages.append(line)

    def end(self, timeout: float = 30) -> tuple[int, float, bytes]:
        """Send END: the exit code, the seconds to exit, and what went to stderr."""
        sent = self.send("END")
        code = self.process.wait(timeout)
        assert self.process.stderr is not None
        return code, time.monotonic() - sent, self.process.stderr.read()


@pytest.fixture(autouse=True)
def ended():
    """No brain outlives its test: a failed assertion left one compiling the kernels in
    the background for the rest of the run."""
    yield
    while Program.started:
        process = Program.started.pop().process
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_first_run_answers_start_at_once_and_every_move_in_time_while_the_kernels_compile(tmp_path):
    # A tournament manager waits 3 s for OK: the first run's compile (about 30 s) cost it three games.
    brain = Program(env={**os.environ, "PYTHONPATH": str(ROOT), "NUMBA_CACHE_DIR": str(tmp_path / "numba")})
    sent = brain.send("START 20")  # as a manager does, while the program is still starting
    answer, at, _ = brain.answer()
    print(f"\nfirst run: OK after {at - sent:.2f} s (the program's start included)")
    assert answer == "OK" and at - sent < 3.0
    brain.send("INFO timeout_turn 1000")
    taken: set[tuple[int, int]] = set()
    told = []
    for x, y in [(10, 10), (12, 9), (7, 13), (14, 14), (5, 6)]:
        if (x, y) in taken:
            x, y = next((a, b) for a in range(20) for b in range(20) if (a, b) not in taken)
        taken.add((x, y))
        sent = brain.send(f"TURN {x},{y}")
        answer, at, messages = brain.answer()
        print(f"  TURN {x},{y} -> {answer} after {(at - sent) * 1000:.0f} ms")
        assert at - sent < 1.0 + MARGIN
        assert answer.count(",") == 1, (answer, messages)
        move = tuple(int(v) for v in answer.split(","))
        assert len(move) == 2 and move not in taken and all(0 <= v < 20 for v in move)
        taken.add(move)  # type: ignore[arg-type]  # a pair: its length is asserted above
        told += [m for m in messages if "compiling" in m]
    assert told == ["MESSAGE the engine is still compiling (first run only): playing the greedy move"]
    code, seconds, errors = brain.end()
    print(f"  END while compiling: exit {code} after {seconds:.2f} s")
    assert code == 0 and seconds < 2.0 and errors == b""


END_RUNS = int(os.environ.get("GOMOKU_END_RUNS", "30"))
"""How many times the END session runs."""

SESSION = b"START 20\nINFO time_left 0\nBOARD\n11,13,1\nDONE\nEND\n"
"""A reply due at once, so that END comes while the search that missed it still runs:
the program used to abort now and then (SIGABRT, exit 134)."""

FORKED_RUNS = """
import json, os, sys
from gomoku.protocol import pbrain

runs, folder = int(sys.argv[1]), sys.argv[2]


def start(run):
    sys.stdout.flush()
    pid = os.fork()
    if pid:
        return pid
    for fd, name, flags in ((0, "session", os.O_RDONLY), (1, f"out-{run}", os.O_WRONLY | os.O_CREAT),
                            (2, f"err-{run}", os.O_WRONLY | os.O_CREAT)):
        os.dup2(os.open(os.path.join(folder, name), flags, 0o644), fd)
    sys.exit(pbrain.main([]))  # the program's own main, then Python's own shutdown


running, codes, begun = {}, {}, 0
while begun < runs or running:
    if begun < runs and len(running) < 3:  # three at a time on two cores: the threads race more
        running[start(begun)] = begun
        begun += 1
    else:
        pid, status = os.wait()
        codes[running.pop(pid)] = os.waitstatus_to_exitcode(status)
print(json.dumps([codes[run] for run in range(runs)]))
"""
"""The END session run ``END_RUNS`` times, each in a fork of one process that has imported
the program (the import costs more than the session itself): each run is the program's
``main`` on its own stdin and stdout, its threads its own, ending through Python's shutdown as
``python -m gomoku.protocol.pbrain`` does. Prints the exit codes (a signal's as minus its number)."""


def test_end_while_a_late_search_runs_exits_cleanly_every_time(tmp_path):
    (tmp_path / "session").write_bytes(SESSION)
    done = subprocess.run(
        [sys.executable, "-c", FORKED_RUNS, str(END_RUNS), str(tmp_path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert json.loads(done.stdout) == [0] * END_RUNS
    for run in range(END_RUNS):
        lines = [
            line for line in (tmp_path / f"out-{run}").read_text("ascii").splitlines() if not line.startswith("MESSAGE")
        ]
        assert lines[0] == "OK" and lines[1].count(",") == 1 and len(lines) == 2
        assert (tmp_path / f"err-{run}").read_bytes() == b""


def test_a_new_max_memory_right_before_a_move_does_not_make_it_late():
    # The tables for 2 GB take half a second or more to build: they were built on the move's clock.
    brain = Program()
    brain.send("START 20")
    assert brain.answer()[0] == "OK"
    sent = brain.send("INFO max_memory 2147483647", "INFO timeout_turn 300", "BOARD", "10,10,2", "DONE")
    answer, at, _ = brain.answer()
    print(f"\nmax_memory 2 GB then BOARD: {answer} after {(at - sent) * 1000:.0f} ms")
    assert answer.count(",") == 1 and at - sent < 0.3 + MARGIN
    searched = False
    for turn in range(40):  # the new tables are built in the background meanwhile: then the engine plays
        # A fresh one-stone position each time (BOARD), so that no game runs on to a five meanwhile.
        cell = (3 + turn % 14, 3 + turn // 14)
        sent = brain.send("BOARD", f"{cell[0]},{cell[1]},2", "DONE")
        answer, at, messages = brain.answer()
        assert answer.count(",") == 1, (answer, messages)
        move = tuple(int(v) for v in answer.split(","))
        assert move != cell and at - sent < 0.3 + MARGIN
        searched = any(m.startswith("MESSAGE depth") for m in messages)
        if searched:
            print(f"  searched on the new tables from the move {turn + 2} on: {messages[-1]}")
            break
        time.sleep(0.2)
    assert searched
    sent = brain.send("INFO max_memory 367001600", "TURN 19,19")  # and down to the Gomocup's 350 MB
    answer, at, messages = brain.answer()
    print(f"  max_memory 350 MB then TURN: {answer} after {(at - sent) * 1000:.0f} ms {messages}")
    assert answer.count(",") == 1 and at - sent < 0.3 + MARGIN
    code, _, errors = brain.end()
    assert code == 0 and errors == b""


# -- no writable cache folder ----------------------------------------------------------------------------------
def shadow_tree(tmp_path: Path) -> Path:
    """The package under ``tmp_path/tree``, its files linked to the real ones, but with
    ``gomoku/core/__pycache__`` a regular file: the package's own cache folder cannot be
    made there, even by root (chmod does not stop root)."""
    tree = tmp_path / "tree" / "gomoku"
    tree.mkdir(parents=True)
    for entry in (ROOT / "gomoku").iterdir():
        if entry.name not in ("core", "__pycache__"):
            (tree / entry.name).symlink_to(entry)
    core = tree / "core"
    core.mkdir()
    for source in (ROOT / "gomoku" / "core").glob("*.py"):
        (core / source.name).symlink_to(source)
    (core / "__pycache__").write_text("a file where a folder would go\n")
    return tree.parent


def test_without_the_package_folder_the_cache_goes_to_the_users_cache_folder(tmp_path):
    tree = shadow_tree(tmp_path)
    (tmp_path / "file").write_text("")
    env = {
        **os.environ,
        "PYTHONPATH": str(tree),
        "NUMBA_CACHE_DIR": str(tmp_path / "file" / "numba"),
        "XDG_CACHE_HOME": str(tmp_path / "xdg"),
    }
    done = subprocess.run(
        [sys.executable, "-c", "import gomoku.core.grid as g; print(g.push._cache.cache_path)"],
        capture_output=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == b""
    assert Path(done.stdout.decode().strip()).is_relative_to(tmp_path / "xdg" / "gomoku" / "numba")


def test_with_no_writable_cache_folder_at_all_the_brain_plays_with_a_one_line_note(tmp_path):
    # Every command died of a 39-line traceback ("cannot cache function ...: no locator available").
    tree = shadow_tree(tmp_path)
    (tmp_path / "file").write_text("")
    nowhere = str(tmp_path / "file" / "sub")
    env = {
        **os.environ,
        "PYTHONPATH": str(tree),
        "NUMBA_CACHE_DIR": nowhere,
        "XDG_CACHE_HOME": nowhere,
        "HOME": nowhere,
    }
    brain = Program(env=env, cwd=tmp_path)
    brain.send("START 20", "INFO timeout_turn 500")
    assert brain.answer()[0] == "OK"
    sent = brain.send("TURN 10,10")
    answer, at, _ = brain.answer()
    assert answer.count(",") == 1 and answer != "10,10" and at - sent < 0.5 + MARGIN
    code, seconds, errors = brain.end()
    assert code == 0 and seconds < 2.0
    assert len(errors.decode().splitlines()) == 1 and "cache" in errors.decode()
