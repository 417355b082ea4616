"""Issue 11, the brain: hostile input never kills it, never gets echoed raw, and never makes it late.

One test per item of the issue (1-6), then one per class of bad line. Engines
here are fakes unless the point is the real one; no test times anything.
"""

from __future__ import annotations

import gc
import io
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import Stone
from gomoku.protocol import (
    ABOUT,
    MAX_MEMORY,
    UNLIMITED_MS,
    Brain,
    TimeControl,
    default_engine_factory,
    plan_time,
)
from gomoku.protocol.pbrain import serve
from gomoku.protocol.streams import EXCERPT, MAX_LINE, MAX_REPLY, excerpt, read_lines, safe_line

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Hint:
    move: tuple[int, int]


@dataclass
class Info:
    pv: tuple
    depth: int = 1
    score: float = 0.0
    nodes: int = 1
    time: float = 0.0
    nps: float = 0.0


class Quick:
    """The first candidate, at once."""

    def __init__(self):
        self.calls: list[dict] = []

    def hint(self, board, **limits):
        self.calls.append(limits)
        return Hint(board.candidates(1)[0])


class Stuck:
    """Reports ``best`` (if any) as its line, then ignores its stop and its limit until released."""

    def __init__(self, best=None):
        self.best = best
        self.release = threading.Event()
        self.finished = threading.Event()
        self.stop_seen: threading.Event | None = None

    def hint(self, board, **limits):
        self.stop_seen = limits["stop"]
        if self.best is not None:
            limits["on_info"](Info(pv=(self.best, (0, 0))))
        self.release.wait(30)
        self.finished.set()
        if self.best is not None:
            limits["on_info"](Info(pv=(self.best,), depth=9))
        return Hint(self.best or board.candidates(1)[0])


def short(value):
    """A test id for a long or unprintable parameter."""
    return excerpt(value, 16)


def session(lines, engine=None, factory=None, **brain_args):
    out: list[str] = []
    engine = engine or Quick()
    brain = Brain(factory or (lambda mb: engine), write=out.append, **brain_args)
    for line in lines:
        brain.handle(line)
    return out, brain


def answers(out):
    return [line for line in out if not line.startswith("MESSAGE")]


def printable(line):
    return line.isascii() and line.isprintable() and len(line) <= MAX_REPLY


# -- item 1: max_memory -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["100000000000000", "1" + "0" * 400, "9" * 5000], ids=["1e14", "1e400", "5000"])
def test_a_huge_max_memory_is_clamped_and_start_still_answers_ok(value):
    made: list[int | None] = []

    def factory(memory_mb):
        made.append(memory_mb)
        return Quick()

    out, brain = session([f"INFO max_memory {value}", "START 20", "TURN 10,10"], factory=factory)
    assert answers(out) == ["OK", "9,9"]
    assert brain.max_memory == MAX_MEMORY and made == [MAX_MEMORY // (1 << 20)]


def test_the_real_engine_under_a_huge_max_memory_plays():
    out, brain = session(["INFO max_memory 100000000000000", "START 20", "INFO timeout_turn 100", "TURN 10,10"],
                         factory=default_engine_factory("strong"))
    assert answers(out)[0] == "OK" and len(brain.board.stones) == 2


def test_max_memory_changed_after_start_makes_the_new_engine_at_once_not_on_the_turn():
    class Preparing(Quick):
        def __init__(self):
            super().__init__()
            self.prepared = 0

        def prepare(self, rules):
            self.prepared += 1

    made: list[Preparing] = []

    def factory(memory_mb):
        made.append(Preparing())
        return made[-1]

    out, _ = session(["START 20", "INFO max_memory 52428800"], factory=factory)
    assert len(made) == 2 and made[1].prepared == 1 and made[1].calls == []


# -- item 2: timeouts past any clock --------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["timeout_turn", "timeout_match", "time_left"])
@pytest.mark.parametrize("value", ["1" + "0" * 400, "-" + "9" * 5000, "9" * 5000], ids=["400", "-5000", "5000"])
def test_a_time_limit_of_hundreds_of_digits_is_clamped_and_the_turn_is_answered(key, value):
    engine = Quick()
    out, brain = session(["START 20", f"INFO {key} {value}"], engine)
    assert -UNLIMITED_MS <= (getattr(brain.time, key) or 0) <= UNLIMITED_MS
    brain.handle("TURN 10,10")
    assert answers(out) == ["OK", "9,9"]
    assert all(printable(line) for line in out)


@settings(max_examples=100, deadline=None)
@given(turn=st.integers(-(10**30), 10**30), match=st.integers(-(10**30), 10**30),
       left=st.integers(-(10**30), 10**30), ply=st.integers(0, 400))
def test_no_clock_value_makes_the_planner_fail_or_reply_past_the_turn(turn, match, left, ply):
    _, brain = session([f"INFO timeout_turn {turn}", f"INFO timeout_match {match}", f"INFO time_left {left}"])
    budget = plan_time(brain.time, ply)
    assert 0 <= budget.deadline <= budget.reply
    if brain.time.timeout_turn > 0:
        assert budget.reply < brain.time.timeout_turn / 1000


# -- item 3: a rule switch the set-up cannot stand ---------------------------------------------------------------------
SIX_EACH = (["BOARD"] + [f"{x},0,1" for x in range(6)] + [f"{x},1,2" for x in range(6)]
            + ["10,10,1", "15,15,1", "DONE"])


def test_a_rule_switch_that_gives_both_sides_a_five_is_one_error_and_changes_nothing():
    out, brain = session(["START 20", "INFO rule 1"] + SIX_EACH)
    before = (dict(brain.board.stones), brain.board.turn, brain.board.rules)
    out.clear()
    brain.handle("INFO rule 0")
    assert len(out) == 1 and out[0].startswith("ERROR INFO rule 0 refused: ") and "both X and O" in out[0]
    assert (dict(brain.board.stones), brain.board.turn, brain.board.rules) == before and brain.rule == 1
    brain.handle("TURN 12,12")
    assert answers(out)[1].count(",") == 1  # the game goes on under the old rule


def test_a_rule_switch_that_would_end_the_game_is_refused_too():
    # X has six in a row, set up under exact five: freestyle would make it a win already.
    setup = ["BOARD"] + [f"{x},0,1" for x in range(6)] + ["0,5,2", "3,9,2", "DONE"]
    out, brain = session(["START 20", "INFO rule 1"] + setup)
    out.clear()
    brain.handle("INFO rule 0")
    assert len(out) == 1 and out[0].startswith("ERROR") and "would be over" in out[0]
    assert brain.board.winner is None and brain.rule == 1


def test_a_rule_switch_the_position_stands_is_still_taken():
    out, brain = session(["START 20", "INFO rule 1", "TURN 10,10", "INFO rule 0"])
    assert brain.rule == 0 and brain.board.rules.overline and len(brain.board.stones) == 2
    assert not any(line.startswith("ERROR") for line in out)


# -- item 4: bytes that are not UTF-8 ----------------------------------------------------------------------------------
def test_a_non_utf8_line_is_answered_and_the_session_goes_on():
    source = io.BytesIO(b"START 20\n\xff\xfe\x80 junk\nTURN 10,\xc3\n" + b"ABOUT\nEND\n")
    out = io.StringIO()
    assert serve(source, out, lambda mb: Quick()) == 0
    lines = answers(out.getvalue().splitlines())
    assert lines[0] == "OK" and lines[-1] == ABOUT and len(lines) == 4
    assert lines[1].startswith("UNKNOWN") and lines[2].startswith("ERROR")
    assert all(printable(line) for line in lines)


def test_a_strict_utf8_brain_process_survives_a_bad_byte():
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "gomoku.protocol.pbrain", "--level", "greedy"],
        input=b"START 15\n\xff\xfe\nINFO max_memory 100000000000000\nTURN 7,7\nFOO\x00\rABOUT\nEND\n",
        capture_output=True, env=env, timeout=60,
    )
    lines = answers(done.stdout.decode("ascii").splitlines())
    assert done.returncode == 0 and done.stderr == b""
    assert lines[0] == "OK" and lines[1].startswith("UNKNOWN") and lines[2].count(",") == 1
    assert lines[3] == "UNKNOWN unknown command FOO\\x00" and lines[4] == ABOUT


# -- item 5: what comes back is short and printable --------------------------------------------------------------------
@pytest.mark.parametrize("word", ["FOO\x00", "BAR\x1b[2J", "caf\u00e9", "\ufffd\ufffd", "X" * 1_000_000, "A\tB"], ids=short)
def test_unknown_quotes_a_short_printable_excerpt(word):
    out, _ = session([word])
    assert len(out) == 1 and out[0].startswith("UNKNOWN unknown command ")
    assert printable(out[0]) and len(out[0]) < 40 + 4 * EXCERPT


@pytest.mark.parametrize("line", ["TURN \x00,\x01", "START 2\u00b2", "TURN " + "9" * 1_000_000 + ",1",
                                  "RECTSTART x\r,y", "TAKEBACK " + "\x07" * 500], ids=short)
def test_error_quotes_a_short_printable_excerpt(line):
    out, _ = session(["START 20", line])
    assert answers(out)[1].startswith("ERROR") and all(printable(x) and len(x) < 300 for x in out)


def test_a_bare_cr_ends_a_line():
    assert list(read_lines(io.BytesIO(b"START 20\rABOUT\r\rEND\r"))) == ["START 20", "ABOUT", "", "END"]
    assert list(read_lines(io.StringIO("START 20\rABOUT\r\nEND"))) == ["START 20", "ABOUT", "END"]
    out = io.StringIO()
    serve(io.BytesIO(b"START 20\rTURN 10,10\rABOUT\rEND\r"), out, lambda mb: Quick())
    assert answers(out.getvalue().splitlines()) == ["OK", "9,9", ABOUT]


def test_a_line_that_never_ends_is_cut_not_kept_whole():
    class Endless(io.RawIOBase):
        """100 MB of one line, then a real command."""

        def __init__(self):
            self.left = 100 * 1024 * 1024
            self.tail = b"\nABOUT\n"

        def readable(self):
            return True

        def readinto(self, buffer):
            if self.left > 0:
                n = min(len(buffer), self.left)
                buffer[:n] = b"Z" * n
                self.left -= n
                return n
            n = min(len(buffer), len(self.tail))
            buffer[:n], self.tail = self.tail[:n], self.tail[n:]
            return n

    lines = list(read_lines(io.BufferedReader(Endless())))
    assert [len(line) for line in lines] == [MAX_LINE, 5] and lines[1] == "ABOUT"


def test_every_written_line_is_made_safe():
    assert safe_line("MESSAGE a\nb") == "MESSAGE a\\nb"
    assert len(safe_line("M" * 10 * MAX_REPLY)) == MAX_REPLY + 3
    assert excerpt("\x00" * 100, 4) == "\\x00" * 4 + "..."


# -- item 6: never late ------------------------------------------------------------------------------------------------
def test_start_warms_the_greedy_route_off_the_clock():
    from gomoku import attacks
    attacks.default_table.cache_clear()
    session(["START 20"])
    assert attacks.default_table.cache_info().currsize == 1


def test_an_engine_that_overstays_gets_its_best_line_played_at_the_reply_deadline():
    engine = Stuck(best=(3, 4))
    out, brain = session(["START 20", "INFO timeout_turn 200", "TURN 10,10"], engine)
    assert not engine.finished.is_set()  # the answer did not wait for the engine
    assert answers(out) == ["OK", "3,4"] and brain.late_replies == 1 and engine.stop_seen.is_set()
    count = len(out)
    engine.release.set()
    assert engine.finished.wait(30)
    assert len(out) == count  # the late search's news is dropped
    engine.best, engine.release, engine.finished = (7, 7), threading.Event(), threading.Event()
    brain.handle("TURN 11,11")  # the next move is searched as usual, and overstays again
    assert answers(out)[-1] == "7,7" and brain.late_replies == 2
    engine.release.set()


def test_an_engine_that_overstays_without_a_line_still_gets_a_legal_move_in():
    engine = Stuck()
    out, brain = session(["START 20", "INFO timeout_turn 100", "BOARD", "10,10,2", "3,3,3", "DONE"], engine)
    x, y = map(int, answers(out)[-1].split(","))
    assert not engine.finished.is_set() and (x, y) not in ((10, 10), (3, 3)) and 0 <= x < 20 and 0 <= y < 20
    engine.release.set()


def test_the_reply_deadline_counts_from_when_the_line_came():
    # A line that waited in the queue for 10 s is answered at once, searched or not.
    engine = Stuck(best=(5, 5))
    out, brain = session(["START 20", "INFO timeout_turn 1000"], engine)
    brain.handle("TURN 10,10", received=time.monotonic() - 10)
    assert answers(out)[-1] == "5,5" and brain.late_replies == 1 and not engine.finished.is_set()
    engine.release.set()


@settings(max_examples=200, deadline=None)
@given(turn=st.integers(1, 3_600_000), left=st.one_of(st.none(), st.integers(-5000, 3_600_000)),
       ply=st.integers(0, 400))
def test_the_reply_deadline_is_always_inside_the_turn_and_after_the_stop(turn, left, ply):
    budget = plan_time(TimeControl(timeout_turn=turn, time_left=left), ply)
    assert budget.deadline <= budget.reply < turn / 1000
    assert budget.reply >= min(turn / 1000 * 0.5, budget.deadline)


def test_serve_keeps_the_garbage_collector_off_the_turn_and_gives_it_back():
    seen: list[bool] = []

    class Watching(Quick):
        def hint(self, board, **limits):
            seen.append(gc.isenabled())
            return super().hint(board, **limits)

    assert gc.isenabled()
    serve(io.StringIO("START 20\nTURN 10,10\nEND\n"), io.StringIO(), lambda mb: Watching())
    assert seen == [False] and gc.isenabled()


def test_a_stone_already_given_as_the_engine_answer_falls_back_to_a_legal_one():
    engine = Stuck(best=(10, 10))  # the opponent's stone: never played
    engine.release.set()
    out, brain = session(["START 20", "TURN 10,10"], engine)
    assert answers(out)[-1] != "10,10" and brain.board.stones[(10, 10)] is Stone.X


# -- every class of bad line: one answer at most, printable, nothing changed, the session goes on ------------------------
BAD_LINES = [
    ("empty", ""),
    ("blanks", " \t "),
    ("a byte-order mark alone", "\ufeff"),
    ("NUL and control characters", "\x00\x01\x02\x7f"),
    ("replaced bytes", "\ufffd\ufffd\ufffd"),
    ("a megabyte word", "W" * 1_000_000),
    ("done outside a board", "DONE"),
    ("a turn of letters", "TURN a,b"),
    ("a turn of unicode digits", "TURN \u0661,\u0662"),
    ("a turn with underscores", "TURN 1_0,1"),
    ("a turn off the board", "TURN 20,0"),
    ("a negative turn", "TURN -1,5"),
    ("a turn of three numbers", "TURN 1,2,3"),
    ("a turn of a huge number", "TURN " + "1" * 5000 + ",1"),
    ("a turn on a taken cell", "TURN 10,10"),
    ("a takeback of nothing", "TAKEBACK 0,0"),
    ("a play on a taken cell", "PLAY 10,10"),
    ("a start too small", "START 4"),
    ("a start too large", "START " + "9" * 400),
    ("a rectstart of one number", "RECTSTART 20"),
    ("a begin mid-game", "BEGIN"),
    ("info without a key", "INFO"),
    ("info without a value", "INFO timeout_turn"),
    ("info with a word", "INFO timeout_turn soon"),
    ("info with an unknown key", "INFO colour blue"),
    ("a stop with nothing to stop", "STOP"),
]


@pytest.mark.parametrize("line", [line for _, line in BAD_LINES], ids=[name for name, _ in BAD_LINES])
def test_a_bad_line_gets_one_printable_answer_at_most_and_changes_nothing(line):
    out, brain = session(["START 20", "INFO timeout_turn 1000", "TURN 10,10"])
    before = (list(brain.board.move_stack), brain.time, brain.size, brain.rule)
    out.clear()
    brain.handle(line)
    replies = answers(out)
    assert len(replies) <= 1 and all(printable(x) and len(x) < 300 for x in out)
    if replies:
        assert replies[0].split()[0] in ("ERROR", "UNKNOWN")
    assert (list(brain.board.move_stack), brain.time, brain.size, brain.rule) == before
    brain.handle("ABOUT")
    assert answers(out)[-1] == ABOUT


@pytest.mark.parametrize("line", ["x,y,1", "1,2", "1,2,9", "1," + "9" * 5000 + ",1", "\x00", "W" * 100_000,
                                  "25,25,1", "9,9,1"], ids=short)
def test_a_bad_board_line_is_one_error_and_the_old_position_stays(line):
    out, brain = session(["START 20", "TURN 10,10"])
    before = list(brain.board.move_stack)
    out.clear()
    for text in ["BOARD", "9,9,1", line, "DONE"]:
        brain.handle(text)
    assert len(answers(out)) == 1 and answers(out)[0].startswith("ERROR BOARD line")
    assert all(printable(x) and len(x) < 300 for x in out) and brain.board.move_stack == before


def test_a_number_with_thousands_of_leading_zeros_is_still_its_value():
    out, brain = session(["START 20", "TURN " + "0" * 5000 + "10," + "0" * 5000 + "10", "INFO timeout_turn "
                          + "0" * 6000 + "750"])
    assert answers(out) == ["OK", "9,9"] and (10, 10) in brain.board.stones and brain.time.timeout_turn == 750
