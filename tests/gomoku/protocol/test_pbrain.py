"""The ``pbrain-gomoku`` program (``gomoku.protocol.pbrain``): ``serve`` on two streams,
flushing every line, hearing STOP and END while the engine thinks, reading bytes that are
not UTF-8, keeping the garbage collector off the turn, and ending quietly when the manager
goes; the program as a process; and fuzzed sessions, bytes in, checked against a model.
"""

from __future__ import annotations

import gc
import io
import os
import queue
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

from brain_fakes import FakeEngine, FakeHint, Quick, moves, printable
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gomoku.protocol import ABOUT, Brain
from gomoku.protocol.pbrain import serve
from gomoku.protocol.streams import MAX_REPLY, read_lines

ROOT = Path(__file__).resolve().parents[3]


# -- serve: the threaded loop on streams --------------------------------------------------------------------
class Pipe:
    """A blocking line source: the test feeds lines as a manager would."""

    def __init__(self):
        self.lines: queue.Queue[str] = queue.Queue()

    def send(self, line):
        self.lines.put(line + "\r\n")

    def readline(self):
        return self.lines.get(timeout=30)


class FlushCounter(io.StringIO):
    def __init__(self):
        super().__init__()
        self.flushes = 0
        self.flushed = threading.Condition()

    def flush(self):
        with self.flushed:
            self.flushes += 1
            self.flushed.notify_all()

    def wait_for(self, line):
        with self.flushed:
            return self.flushed.wait_for(lambda: line in self.getvalue().splitlines(), timeout=30)


def run_serve(pipe, out, engine):
    thread = threading.Thread(target=serve, args=(pipe, out, lambda mb: engine), daemon=True)
    thread.start()
    return thread


def test_serve_flushes_every_line_and_stops_at_end():
    pipe, out, engine = Pipe(), FlushCounter(), FakeEngine()
    for line in ["START 20", "TURN 10,10", "ABOUT"]:
        pipe.send(line)
    thread = run_serve(pipe, out, engine)
    assert out.wait_for(ABOUT)
    pipe.send("END")
    thread.join(30)
    lines = out.getvalue().splitlines()
    assert not thread.is_alive()
    assert [line for line in lines if not line.startswith("MESSAGE")] == ["OK", "9,9", ABOUT]
    assert out.flushes == len(lines)


def test_serve_ends_at_the_end_of_input():
    thread = threading.Thread(target=serve, args=(io.StringIO("START 20\n"), io.StringIO(), lambda mb: FakeEngine()))
    thread.start()
    thread.join(30)
    assert not thread.is_alive()


def thinking() -> tuple[Pipe, FlushCounter, FakeEngine, threading.Thread]:
    """A session served on a pipe whose engine is thinking (until told to stop) about its first move."""
    pipe, out, engine = Pipe(), FlushCounter(), FakeEngine(wait_for_stop=True)
    pipe.send("START 20")
    pipe.send("INFO timeout_turn 60000")
    pipe.send("TURN 10,10")
    thread = run_serve(pipe, out, engine)
    assert engine.thinking.wait(30)
    return pipe, out, engine, thread


def test_stop_while_thinking_answers_with_the_best_move_so_far():
    pipe, out, engine, thread = thinking()
    pipe.send("YXSTOP")
    assert out.wait_for("9,9")
    assert engine.stopped is True
    pipe.send("END")
    thread.join(30)
    assert not thread.is_alive()


def test_end_while_thinking_stops_the_search_at_once_and_ends():
    pipe, out, engine, thread = thinking()
    pipe.send("END")
    pipe.send("ABOUT")  # after END: never answered
    thread.join(30)
    assert not thread.is_alive() and engine.stopped is True
    assert [line for line in out.getvalue().splitlines() if not line.startswith("MESSAGE")] == ["OK", "9,9"]


def test_end_read_before_the_search_begins_still_cuts_it_short():
    # A scripted session: the reader has END before the brain even starts on TURN
    # (START is slow, it makes the engine). The search used to run its whole time.
    class Patient:
        stopped = None

        def hint(self, board, **limits):
            self.stopped = limits["stop"].wait(5)
            return FakeHint(board.candidates(1)[0])

    class SlowStart:
        def __init__(self):
            self.engine = Patient()
            self.made = threading.Event()

        def __call__(self, memory_mb):
            self.made.wait(5)  # the engine is made only once every line has been read
            return self.engine

    factory = SlowStart()
    source = io.StringIO("START 20\nINFO timeout_turn 60000\nTURN 10,10\nEND\n")
    out = io.StringIO()
    thread = threading.Thread(target=serve, args=(source, out, factory), daemon=True)
    thread.start()
    for _ in range(500):
        if source.tell() == len(source.getvalue()):
            break
        threading.Event().wait(0.01)
    factory.made.set()
    thread.join(30)
    assert not thread.is_alive() and factory.engine.stopped is True
    assert [line for line in out.getvalue().splitlines() if not line.startswith("MESSAGE")] == ["OK", "9,9"]


def test_serve_waits_at_end_for_a_search_that_stops_late():
    # A search still running when the process exits was stopped by Python's shutdown
    # mid-call: the program aborted now and then (SIGABRT).
    class Lingering:
        ended = threading.Event()

        def hint(self, board, **limits):
            limits["stop"].wait(30)
            threading.Event().wait(0.2)  # a kernel unwinding its search
            self.ended.set()
            return FakeHint(board.candidates(1)[0])

    engine = Lingering()
    source = io.StringIO("START 20\nINFO timeout_turn 60000\nTURN 10,10\nEND\n")
    assert serve(source, io.StringIO(), lambda mb: engine) == 0
    assert engine.ended.is_set()


def test_finish_flushes_and_leaves_at_once_past_a_thread_still_running():
    script = (
        "import sys, threading\n"
        "from gomoku.protocol.pbrain import finish\n"
        "threading.Thread(target=threading.Event().wait, args=(60,), daemon=True).start()\n"
        "sys.stdout.write('9,9\\n')\n"
        "sys.exit(finish(0))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0 and done.stdout == b"9,9\n" and done.stderr == b""


def test_a_manager_that_has_gone_away_ends_the_brain_quietly():
    class Gone(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

    thread = threading.Thread(
        target=serve, args=(io.StringIO("START 20\nBEGIN\nABOUT\n"), Gone(), lambda mb: FakeEngine())
    )
    thread.start()
    thread.join(30)
    assert not thread.is_alive()


def test_a_non_utf8_line_is_answered_and_the_session_goes_on():
    source = io.BytesIO(b"START 20\n\xff\xfe\x80 junk\nTURN 10,\xc3\n" + b"ABOUT\nEND\n")
    out = io.StringIO()
    assert serve(source, out, lambda mb: Quick()) == 0
    lines = moves(out.getvalue().splitlines())
    assert lines[0] == "OK" and lines[-1] == ABOUT and len(lines) == 4
    assert lines[1].startswith("UNKNOWN") and lines[2].startswith("ERROR")
    assert all(printable(line) for line in lines)


def test_a_strict_utf8_brain_process_survives_a_bad_byte():
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "LC_ALL": "C.UTF-8", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "gomoku.protocol.pbrain", "--level", "greedy"],
        input=b"START 15\n\xff\xfe\nINFO max_memory 100000000000000\nTURN 7,7\nFOO\x00\rABOUT\nEND\n",
        capture_output=True,
        env=env,
        timeout=60,
    )
    lines = moves(done.stdout.decode("ascii").splitlines())
    assert done.returncode == 0 and done.stderr == b""
    assert lines[0] == "OK" and lines[1].startswith("UNKNOWN") and lines[2].count(",") == 1
    assert lines[3] == "UNKNOWN unknown command FOO\\x00" and lines[4] == ABOUT


def test_serve_keeps_the_garbage_collector_off_the_turn_and_gives_it_back():
    seen: list[bool] = []

    class Watching(Quick):
        def hint(self, board, **limits):
            seen.append(gc.isenabled())
            return super().hint(board, **limits)

    assert gc.isenabled()
    serve(io.StringIO("START 20\nTURN 10,10\nEND\n"), io.StringIO(), lambda mb: Watching())
    assert seen == [False] and gc.isenabled()


# -- fuzzed sessions, checked against a model ----------------------------------------------------------------
# Hypothesis writes a session one command at a time: START/RECTSTART/RESTART,
# BEGIN, TURN, PLAY, TAKEBACK, BOARD/YXBOARD blocks with walls, ABOUT, INFO
# (good, junk and huge values), STOP, and bad lines (random bytes, bad UTF-8,
# NUL, control characters, long words, commands with junk arguments), each
# ended by LF, CR LF or a bare CR. The bytes go through the brain's own line
# reader into a real brain (the real engine at the greedy level). A small model
# of the board, written here independently of ``gomoku.board``, says what each
# command must get: OK, ABOUT, ERROR, UNKNOWN, a legal move, or nothing; and
# every line written must be printable ASCII.
#
# ``GOMOKU_FUZZ_SESSIONS`` sets how many sessions (25 in ``make test``; the soak
# benchmark runs thousands); ``GOMOKU_FUZZ_REPORT`` names a file that gets one
# line per session run.
SESSIONS = int(os.environ.get("GOMOKU_FUZZ_SESSIONS", "25"))
REPORT = os.environ.get("GOMOKU_FUZZ_REPORT")
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))

Cell = tuple[int, int]


@dataclass
class Model:
    """What the brain must hold: the box, the stones (ours: 1, the opponent's: 2),
    the moves that TAKEBACK can undo, the walls, and whether the game is over."""

    size: tuple[int, int] | None = None
    stones: dict[Cell, int] = field(default_factory=dict)
    order: list[Cell] = field(default_factory=list)
    walls: set[Cell] = field(default_factory=set)
    over: bool = False

    def inside(self, cell: Cell) -> bool:
        assert self.size is not None
        return 0 <= cell[0] < self.size[0] and 0 <= cell[1] < self.size[1]

    def free(self, cell: Cell) -> bool:
        return self.inside(cell) and cell not in self.stones and cell not in self.walls

    def five(self, cell: Cell) -> bool:
        who = self.stones[cell]
        for dx, dy in DIRECTIONS:
            run = 1
            for sign in (1, -1):
                x, y = cell[0] + sign * dx, cell[1] + sign * dy
                while self.stones.get((x, y)) == who:
                    run += 1
                    x, y = x + sign * dx, y + sign * dy
            if run >= 5:
                return True
        return False

    def place(self, cell: Cell, who: int) -> None:
        self.stones[cell] = who
        self.order.append(cell)
        assert self.size is not None
        self.over = self.five(cell) or len(self.stones) == self.size[0] * self.size[1]

    def reset(self, size: tuple[int, int]) -> None:
        self.size, self.stones, self.order, self.walls, self.over = size, {}, [], set(), False

    def any_free(self) -> bool:
        assert self.size is not None
        return any(self.free((x, y)) for x in range(self.size[0]) for y in range(self.size[1]))


class Session:
    """A brain fed bytes, and its answers to each command."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.brain = Brain(write=self.out.append, level="greedy")
        self.model = Model()
        self.commands = 0

    def send(self, data: bytes) -> list[str]:
        """Feed ``data`` (one or more lines); the answers, MESSAGE lines left out."""
        start = len(self.out)
        for line in read_lines(io.BytesIO(data)):
            self.brain.handle(line)
        self.commands += 1
        written = self.out[start:]
        for line in written:
            assert line.isascii() and line.isprintable() and len(line) <= MAX_REPLY + 3, line
        return [line for line in written if not line.startswith("MESSAGE")]

    # -- what each kind of answer must be --------------------------------------------------------------------------
    def expect_error(self, answers: list[str], kinds=("ERROR",)) -> None:
        assert len(answers) == 1 and answers[0].split(" ", 1)[0] in kinds, answers

    def expect_move(self, answers: list[str]) -> None:
        """Our move, as the brain answered it: legal in the model; or ERROR if there was none to make."""
        model = self.model
        if model.over or not model.any_free():
            self.expect_error(answers)
            return
        assert len(answers) == 1, answers
        x, y = (int(v) for v in answers[0].split(","))
        assert model.free((x, y)), (answers, model)
        model.place((x, y), 1)


CHARS = st.characters(codec="utf-8", exclude_characters="\r\n")
JUNK_BYTES = st.binary(max_size=60).map(lambda b: b.replace(b"\r", b"").replace(b"\n", b""))
NOT_NUMBERS = st.text(CHARS.filter(lambda c: not c.isdigit()), max_size=30)
ENDS = st.sampled_from([b"\n", b"\r\n", b"\r"])
HUGE = st.sampled_from(["9" * 30, "1" + "0" * 400, "-" + "9" * 5000, "4" * 5000])


def coordinate(model: Model, axis: int) -> st.SearchStrategy[int]:
    high = model.size[axis] if model.size else 20
    return st.integers(-2, high + 1)


def cell(model: Model) -> st.SearchStrategy[Cell]:
    """A cell in or just outside the box, one next to a stone, or a stone or wall itself."""
    taken = sorted(model.stones) + sorted(model.walls)
    inside = st.tuples(coordinate(model, 0), coordinate(model, 1))
    if not taken:
        return inside
    return st.one_of(
        inside,
        st.sampled_from(taken),
        st.sampled_from(taken).flatmap(
            lambda c: st.tuples(st.integers(c[0] - 2, c[0] + 2), st.integers(c[1] - 2, c[1] + 2))
        ),
    )


def step(data: st.DataObject, session: Session) -> None:
    """One command, its bytes sent, its answers checked against the model."""
    model = session.model
    end = data.draw(ENDS)
    kind = data.draw(
        st.sampled_from(
            [
                "start",
                "start",
                "rectstart",
                "restart",
                "begin",
                "turn",
                "turn",
                "turn",
                "turn",
                "turn",
                "play",
                "takeback",
                "board",
                "about",
                "info",
                "stop",
                "blank",
                "junk",
                "bad-args",
                "long",
                "yixin",
            ]
        )
    )
    started = model.size is not None
    if kind == "start":
        size = data.draw(st.one_of(st.integers(3, 16), st.integers(17, 25), HUGE.map(lambda s: s)))
        answers = session.send(f"START {size}".encode() + end)
        if isinstance(size, int) and 5 <= size:
            assert answers == ["OK"]
            model.reset((size, size))
        else:
            session.expect_error(answers)
    elif kind == "rectstart":
        width, height = data.draw(st.integers(3, 14)), data.draw(st.integers(3, 14))
        answers = session.send(f"RECTSTART {width},{height}".encode() + end)
        if width >= 5 and height >= 5:
            assert answers == ["OK"]
            model.reset((width, height))
        else:
            session.expect_error(answers)
    elif kind == "restart":
        answers = session.send(b"RESTART" + end)
        if not started:
            session.expect_error(answers)
        else:
            assert answers == ["OK"]
            model.reset(model.size)
    elif kind == "begin":
        answers = session.send(b"BEGIN" + end)
        if not started or model.stones or model.walls:
            session.expect_error(answers)
        else:
            session.expect_move(answers)
    elif kind == "turn":
        x, y = data.draw(cell(model))
        answers = session.send(f"TURN {x},{y}".encode() + end)
        if not started or not model.inside((x, y)) or (x, y) in model.stones or (x, y) in model.walls or model.over:
            session.expect_error(answers)
        else:
            model.place((x, y), 2)
            session.expect_move(answers)
    elif kind == "play":
        x, y = data.draw(cell(model))
        answers = session.send(f"PLAY {x},{y}".encode() + end)
        if not started or not model.free((x, y)) or model.over:
            session.expect_error(answers)
        else:
            assert answers == [f"{x},{y}"]
            model.place((x, y), 1)
    elif kind == "takeback":
        choices = [data.draw(cell(model))]
        if model.order:
            choices.append(model.order[-1])
        if model.walls:
            choices.append(sorted(model.walls)[0])
        x, y = data.draw(st.sampled_from(choices))
        answers = session.send(f"TAKEBACK {x},{y}".encode() + end)
        if not started or not model.inside((x, y)):
            session.expect_error(answers)
        elif (x, y) in model.walls:
            assert answers == ["OK"]
            model.walls.discard((x, y))
        elif model.order and model.order[-1] == (x, y):
            assert answers == ["OK"]
            del model.stones[model.order.pop()]
            model.over = False
        else:
            session.expect_error(answers)
    elif kind == "board":
        board_block(data, session, end)
    elif kind == "about":
        assert session.send(b"ABOUT" + end) == [ABOUT]
    elif kind == "info":
        key = data.draw(
            st.sampled_from(
                [
                    "timeout_turn",
                    "timeout_match",
                    "time_left",
                    "max_memory",
                    "game_type",
                    "folder",
                    "evaluate",
                    "colour",
                    "",
                ]
            )
        )
        value = data.draw(st.one_of(st.integers(-10, 10**7).map(str), HUGE, NOT_NUMBERS))
        assert session.send(f"INFO {key} {value}".encode("utf-8", "surrogatepass") + end) == []
    elif kind == "stop":
        assert session.send(data.draw(st.sampled_from([b"STOP", b"YXSTOP", b"stop"])) + end) == []
    elif kind == "blank":
        assert session.send(data.draw(st.sampled_from([b"", b"   ", b"\t"])) + end) == []
    elif kind == "junk":
        junk = data.draw(JUNK_BYTES)
        session.expect_error(session.send(b"#" + junk + end), ("UNKNOWN",))
    elif kind == "yixin":  # Yixin-Board's commands that change nothing here (the position stays the model's)
        command = data.draw(st.sampled_from(["YXSHOWINFO", "YXSHOWHASHUSAGE", "YXHASHDUMP", "YXQUERYDATABASEALL"]))
        if command == "YXQUERYDATABASEALL":  # a position block, read whole, then one ERROR
            text = [f"{x},{y}" for x, y in data.draw(st.lists(cell(model), max_size=5))] if model.size else ["1,1"]
            lines = [command, *text, "DONE"]
            session.expect_error(session.send(b"".join(line.encode() + end for line in lines)))
        elif command == "YXHASHDUMP":
            session.expect_error(session.send(b"YXHASHDUMP /tmp/x.hash" + end))
        else:
            assert session.send(command.encode() + end) == []  # MESSAGE lines only
    elif kind == "long":
        session.expect_error(session.send(b"W" * data.draw(st.integers(1000, 200_000)) + b"\xff" + end), ("UNKNOWN",))
    else:  # a known command with arguments that are no numbers at all
        word = data.draw(st.sampled_from(["TURN", "PLAY", "TAKEBACK", "START", "RECTSTART"]))
        args = data.draw(NOT_NUMBERS).strip() or "x"
        session.expect_error(session.send(f"{word} {args}".encode("utf-8", "surrogatepass") + end))


def board_block(data: st.DataObject, session: Session, end: bytes) -> None:
    """BOARD or YXBOARD with stones, walls and (sometimes) a bad line, then DONE."""
    model = session.model
    think = data.draw(st.booleans())
    clean = data.draw(st.booleans()) and model.size is not None  # a position that stands, or a broken block
    lines: list[tuple[int, int, int]] = []
    if clean:
        assert model.size is not None
        cells = st.tuples(st.integers(0, model.size[0] - 1), st.integers(0, model.size[1] - 1))
        chosen = data.draw(st.lists(cells, max_size=12, unique=True))
        lines = [(x, y, data.draw(st.sampled_from([1, 2, 3]))) for x, y in chosen]
    else:
        for _ in range(data.draw(st.integers(0, 12))):
            x, y = data.draw(cell(model))
            lines.append((x, y, data.draw(st.sampled_from([1, 1, 2, 2, 3, 0, 7]))))
    bad = None if clean else data.draw(st.sampled_from([None, "x,y,1", "1,2", "\x00\x01", "1,2,3,4"]))
    text = [f"{x},{y},{f}" for x, y, f in lines] + ([bad] if bad else [])
    data_bytes = b"".join(line.encode() + end for line in [("BOARD" if think else "YXBOARD")] + text + ["DONE"])
    answers = session.send(data_bytes)
    if model.size is None:
        # No board: BOARD is an error, and every line after it is a command of its own.
        assert answers[0].startswith("ERROR") and all(a.split(" ")[0] in ("ERROR", "UNKNOWN") for a in answers)
        return
    cells = [(x, y) for x, y, _ in lines]
    valid = (
        bad is None
        and all(model.inside(c) for c in cells)
        and len(set(cells)) == len(cells)
        and all(f in (1, 2, 3) for _, _, f in lines)
    )
    if valid:
        trial = Model(model.size)
        own = [(x, y) for x, y, f in lines if f == 1]
        opponent = [(x, y) for x, y, f in lines if f == 2]
        if len(own) == len(opponent) or len(opponent) == len(own) + 1:
            first, second = (own, opponent) if len(own) == len(opponent) else (opponent, own)
            sequence = [c for pair in zip(first, second) for c in pair] + first[len(second) :]
            for c in sequence:
                trial.stones[c] = 1 if c in own else 2
                trial.order.append(c)
        else:
            trial.stones = {**{c: 1 for c in own}, **{c: 2 for c in opponent}}
        trial.walls = {(x, y) for x, y, f in lines if f == 3}
        valid = not any(trial.five(c) for c in trial.stones)
        trial.over = len(trial.stones) == model.size[0] * model.size[1]
    if not valid:
        session.expect_error(answers)
        return
    session.model = trial
    if think:
        session.expect_move(answers)
    elif trial.over:
        assert answers == []
    else:
        assert answers == []


@settings(
    max_examples=SESSIONS, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(data=st.data())
def test_a_fuzzed_session_gets_the_answers_the_model_expects(data):
    session = Session()
    for _ in range(data.draw(st.integers(1, 40), label="commands")):
        step(data, session)
    assert session.send(b"END\n") == [] and session.brain.closed
    if REPORT:
        with open(REPORT, "a", encoding="utf-8") as handle:
            handle.write(f"{session.commands}\n")
