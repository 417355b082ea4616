"""The pbrain protocol, in scripted dialogues with fake engines (and the real one at tiny limits)."""

from __future__ import annotations

import io
import queue
import threading
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import Board, Stone
from gomoku.engine import LEVELS
from gomoku.protocol import (
    ABOUT,
    UNLIMITED_MS,
    Brain,
    TimeControl,
    plan_time,
)
from gomoku.protocol.clock import DEADLINE_SHARE, STOP_MARGIN
from gomoku.protocol.pbrain import serve


@dataclass
class FakeHint:
    move: tuple[int, int]


@dataclass
class FakeInfo:
    depth: int
    score: float
    pv: tuple
    nodes: int
    time: float
    nps: float
    forced_win: bool = False


class FakeEngine:
    """Deterministic: the first candidate cell at distance 1, or a move it is told to propose."""

    def __init__(self, propose=None, fail=False, wait_for_stop=False):
        self.propose = propose
        self.fail = fail
        self.wait_for_stop = wait_for_stop
        self.calls: list[dict[str, Any]] = []
        self.boards: list[Board] = []
        self.thinking = threading.Event()

    def hint(self, board, **limits):
        self.calls.append(limits)
        self.boards.append(board)
        if self.fail:
            raise RuntimeError("boom")
        move = self.propose or board.candidates(1)[0]
        on_info = limits.get("on_info")
        if on_info:
            on_info(FakeInfo(1, 2.5, (move,), 10, 0.01, 1000.0))
        if self.wait_for_stop:
            self.thinking.set()
            self.stopped = limits["stop"].wait(30)
        return FakeHint(move)


def talk(script, engine=None, brain=None):
    """Run ``script`` (lines) through a Brain; return (output lines, brain)."""
    out: list[str] = []
    engine = engine or FakeEngine()
    brain = brain or Brain(lambda memory_mb: engine, write=out.append)
    for line in script:
        brain.handle(line)
    return out, brain


def moves(out):
    return [line for line in out if not line.startswith("MESSAGE")]


# -- every command -------------------------------------------------------------
def test_start_answers_ok_and_makes_a_square_board():
    out, brain = talk(["START 20"])
    assert out == ["OK"]
    assert brain.board.rules.bounds == ((0, 0), (19, 19))
    assert brain.board.rules.overline


@pytest.mark.parametrize("line", ["START 2", "START 0", "START x", "START", "START 2000000"])
def test_start_with_a_bad_size_is_an_error(line):
    out, brain = talk([line])
    assert out[0].startswith("ERROR ")
    assert brain.board is None


def test_rectstart_makes_a_rectangle_and_checks_moves_against_it():
    out, brain = talk(["RECTSTART 20,15", "TURN 19,14", "TURN 5,15"])
    assert out[0] == "OK"
    assert brain.board.rules.bounds == ((0, 0), (19, 14))
    assert moves(out)[2].startswith("ERROR") and "outside" in moves(out)[2]
    assert (5, 15) not in brain.board.stones


def test_begin_plays_the_centre_of_an_empty_board():
    out, brain = talk(["START 15", "BEGIN"])
    assert moves(out) == ["OK", "7,7"]
    assert brain.board.stones == {(7, 7): Stone.X}


def test_begin_on_a_board_with_stones_is_an_error():
    out, brain = talk(["START 15", "TURN 3,3", "BEGIN"])
    assert moves(out)[-1].startswith("ERROR")


def test_turn_records_both_moves_and_answers_a_legal_cell():
    engine = FakeEngine()
    out, brain = talk(["START 20", "TURN 10,10"], engine)
    reply = moves(out)[1]
    x, y = map(int, reply.split(","))
    assert (x, y) != (10, 10) and 0 <= x < 20 and 0 <= y < 20
    assert brain.board.move_stack == [(10, 10), (x, y)]
    assert brain.board.stones[(10, 10)] is Stone.X
    # The engine got a copy with the opponent's stone on it and us to move.
    assert engine.boards[0].move_stack == [(10, 10)] and engine.boards[0].turn is Stone.O


def test_message_lines_come_before_the_move():
    out, _ = talk(["START 20", "TURN 10,10"])
    assert out[1].startswith("MESSAGE depth 1 | score +2.5")
    assert "pv 9,9" in out[1]
    assert out[2] == "9,9"


def test_any_case_and_crlf_are_accepted():
    out, brain = talk(["start 20\r\n", "info TIMEOUT_TURN 2000\r\n", "Turn 10,10\r\n", "about\r\n"])
    assert moves(out)[:2] == ["OK", "9,9"]
    assert brain.time.timeout_turn == 2000
    assert moves(out)[2] == ABOUT


def test_about_names_the_brain():
    out, _ = talk(["ABOUT"])
    assert out[0].startswith('name="gomoku", version="')


def test_unknown_commands_get_unknown_and_the_brain_goes_on():
    out, _ = talk(["FROBNICATE 1", "START 20", "SWAP2BOARD_X", "TURN 10,10"])
    assert out[0] == "UNKNOWN unknown command FROBNICATE"
    assert out[1] == "OK"
    assert out[2].startswith("UNKNOWN")
    assert moves(out)[-1] == "9,9"


def test_empty_lines_are_ignored():
    out, _ = talk(["", "   ", "START 20"])
    assert out == ["OK"]


@pytest.mark.parametrize("line", ["TURN", "TURN 10", "TURN a,b", "TURN 10,10,10", "TURN -1,3", "TURN 20,0"])
def test_malformed_or_off_board_turns_are_errors_and_change_nothing(line):
    out, brain = talk(["START 20", line, "TURN 10,10"])
    assert out[1].startswith("ERROR ")
    assert moves(out)[2] == "9,9"
    assert brain.board.move_stack == [(10, 10), (9, 9)]


def test_a_move_on_an_occupied_cell_is_an_error_not_a_crash():
    out, brain = talk(["START 20", "TURN 10,10", "TURN 9,9", "TURN 10,10", "TURN 11,11"])
    replies = moves(out)
    assert replies[2].startswith("ERROR") and "taken" in replies[2]
    assert replies[3].startswith("ERROR") and "taken" in replies[3]
    assert replies[4].count(",") == 1
    assert len(brain.board.move_stack) == 4


def test_commands_before_start_are_errors():
    out, _ = talk(["TURN 1,1", "BEGIN", "BOARD", "DONE", "TAKEBACK 1,1", "RESTART"])
    assert out[3] == "UNKNOWN unknown command DONE"  # no BOARD block was opened
    del out[3]
    assert len(out) == 5 and all(line.startswith("ERROR") and "START" in line for line in out)


def test_restart_clears_the_board_and_keeps_the_size():
    out, brain = talk(["START 15", "TURN 1,1", "RESTART", "BEGIN"])
    assert moves(out)[2:] == ["OK", "7,7"]
    assert brain.board.move_stack == [(7, 7)]


def test_end_stops_the_session_and_nothing_more_is_written():
    out: list[str] = []
    brain = Brain(lambda mb: FakeEngine(), write=out.append)
    assert brain.handle("START 20") is True
    assert brain.handle("END") is False
    brain.handle("ABOUT")
    assert out == ["OK"]


# -- BOARD -----------------------------------------------------------------------
def test_board_in_game_order_rebuilds_the_game_and_answers():
    engine = FakeEngine()
    out, brain = talk(["START 20", "BOARD", "10,10,1", "10,11,2", "11,11,1", "9,10,2", "DONE"], engine)
    assert out[0] == "OK" and moves(out)[1] == "8,9"
    board = engine.boards[0]
    assert board.move_stack == [(10, 10), (10, 11), (11, 11), (9, 10)]
    assert board.turn is Stone.X and board.stones[(10, 10)] is Stone.X


def test_board_as_the_second_player():
    engine = FakeEngine()
    talk(["START 20", "BOARD", "5,5,2", "6,6,1", "7,7,2", "DONE"], engine)
    board = engine.boards[0]
    assert board.turn is Stone.O
    assert board.stones[(5, 5)] is Stone.X and board.stones[(6, 6)] is Stone.O


def test_board_whose_counts_no_alternation_explains_is_set_up_with_us_to_move():
    engine = FakeEngine()
    out, brain = talk(["START 20", "BOARD", "5,5,1", "6,6,1", "7,7,1", "DONE"], engine)
    board = engine.boards[0]
    assert board.turn is Stone.X and len(board.stones) == 3
    assert all(stone is Stone.X for stone in board.stones.values())
    assert moves(out)[1].count(",") == 1


def test_a_set_up_board_as_the_second_player_and_a_rule_change_after_it():
    engine = FakeEngine()
    out, brain = talk(["START 20", "BOARD", "1,1,3", "5,5,2", "6,6,2", "7,7,2", "8,8,1", "DONE", "INFO rule 1"],
                      engine)
    board = engine.boards[0]
    assert board.turn is Stone.O and board.stones[(5, 5)] is Stone.X and board.stones[(8, 8)] is Stone.O
    # After our move (O) and the rule change: same stones, X to move, exact five.
    assert brain.board.rules.overline is False
    assert brain.board.turn is Stone.X and len(brain.board.stones) == 5
    assert brain.board.stones == {**board.stones, brain.board.move_stack[-1]: Stone.O}


def test_board_with_field_3_walls_never_plays_on_a_wall():
    # The fake engine insists on 9,9: a wall, so the brain plays a legal fallback.
    engine = FakeEngine(propose=(9, 9))
    out, brain = talk(["START 20", "BOARD", "10,10,1", "9,9,3", "10,11,2", "DONE", "TURN 9,9"], engine)
    reply = moves(out)[1]
    assert reply != "9,9" and tuple(map(int, reply.split(","))) in brain.board.stones
    assert brain.walls == {(9, 9)}
    assert (9, 9) not in engine.boards[0].stones
    assert moves(out)[2].startswith("ERROR") and "taken" in moves(out)[2]


@pytest.mark.parametrize(
    "line, words",
    [("10,10", "line 1"), ("10,10,4", "field 4"), ("30,1,1", "outside"), ("a,b,c", "line 1")],
)
def test_a_bad_board_line_is_an_error_naming_it_and_keeps_the_old_position(line, words):
    out, brain = talk(["START 20", "TURN 3,3", "BOARD", line, "DONE"])
    assert out[-1].startswith("ERROR") and words in out[-1]
    assert brain.board.move_stack[0] == (3, 3) and len(brain.board.move_stack) == 2


def test_board_with_a_cell_twice_is_an_error():
    out, _ = talk(["START 20", "BOARD", "1,1,1", "1,1,2", "DONE"])
    assert out[-1].startswith("ERROR") and "twice" in out[-1]


def test_board_already_won_is_an_error():
    script = ["START 20", "BOARD"] + [f"{x},0,2" for x in range(5)] + [f"{x},5,1" for x in range(5)] + ["DONE"]
    out, _ = talk(script)
    assert out[-1].startswith("ERROR") and "won" in out[-1]


def test_yxboard_sets_the_position_without_moving():
    engine = FakeEngine()
    out, brain = talk(["START 20", "YXBOARD", "10,10,2", "DONE"], engine)
    assert out == ["OK"]
    assert brain.board.stones == {(10, 10): Stone.X} and brain.board.turn is Stone.O
    assert engine.calls == []


# -- TAKEBACK / PLAY ---------------------------------------------------------------------------
def test_takeback_undoes_the_last_moves_in_order():
    out, brain = talk(["START 20", "TURN 10,10", "TAKEBACK 9,9", "TAKEBACK 10,10"])
    assert out[-2:] == ["OK", "OK"]
    assert brain.board.move_stack == [] and not brain.board.stones


def test_takeback_of_an_earlier_move_or_an_empty_cell_is_an_error():
    out, brain = talk(["START 20", "TURN 10,10", "TAKEBACK 10,10", "TAKEBACK 0,0"])
    assert out[-2].startswith("ERROR") and "last move" in out[-2]
    assert out[-1].startswith("ERROR") and "no stone" in out[-1]
    assert len(brain.board.move_stack) == 2


def test_takeback_after_board_then_thinking_again():
    out, brain = talk(["START 20", "BOARD", "10,10,2", "DONE", "TAKEBACK 9,9", "TAKEBACK 10,10", "BEGIN"])
    assert moves(out)[-3:] == ["OK", "OK", "9,9"]
    assert brain.board.move_stack == [(9, 9)]


def test_play_forces_our_move_and_echoes_it():
    out, brain = talk(["START 20", "PLAY 3,4", "TURN 5,5"])
    assert out[1] == "3,4"
    assert brain.board.stones[(3, 4)] is Stone.X and brain.board.stones[(5, 5)] is Stone.O


# -- INFO ------------------------------------------------------------------------------------------------------
def test_info_in_any_order_before_and_after_start():
    script_a = ["INFO rule 1", "INFO timeout_turn 700", "START 15", "INFO max_memory 83886080", "INFO time_left 9000"]
    script_b = ["START 15", "INFO time_left 9000", "INFO max_memory 83886080", "INFO timeout_turn 700", "INFO rule 1"]
    for script in (script_a, script_b):
        out, brain = talk(script)
        assert out == ["OK"]
        assert brain.time == TimeControl(timeout_turn=700, timeout_match=0, time_left=9000)
        assert brain.max_memory == 83886080
        assert brain.board.rules.overline is False and brain.board.rules.bounds == ((0, 0), (14, 14))


def test_rule_change_mid_game_keeps_the_stones():
    out, brain = talk(["START 20", "TURN 10,10", "INFO rule 1"])
    assert brain.board.rules.overline is False
    assert brain.board.move_stack == [(10, 10), (9, 9)] and brain.board.turn is Stone.X


def test_renju_is_accepted_with_a_message():
    out, brain = talk(["INFO rule 4", "START 15"])
    assert out == ["MESSAGE renju is not supported: playing exact five without forbidden moves", "OK"]
    assert brain.board.rules.overline is False


def test_unknown_info_keys_and_folder_are_ignored_silently():
    out, brain = talk(["INFO folder C:\\temp", "INFO evaluate 3,3", "INFO thread_num 4", "INFO game_type 1"])
    assert out == []
    assert brain.time == TimeControl()


def test_a_malformed_info_value_is_reported_and_ignored():
    out, brain = talk(["INFO timeout_turn soon", "START 20", "TURN 10,10"])
    assert out[0].startswith("MESSAGE INFO timeout_turn ignored")
    assert brain.time.timeout_turn == TimeControl().timeout_turn
    assert moves(out)[-1] == "9,9"


def test_unlimited_time_left_means_no_match_limit():
    _, brain = talk(["INFO time_left 2147483647"])
    assert brain.time.time_left is None


def test_max_memory_reaches_the_engine_factory():
    made: list[int | None] = []

    def factory(memory_mb):
        made.append(memory_mb)
        return FakeEngine()

    brain = Brain(factory, write=lambda line: None)
    for line in ["START 20", "INFO max_memory 104857600", "BEGIN", "INFO max_memory 0", "TURN 1,1"]:
        brain.handle(line)
    assert made == [None, 100, None]  # made at START (off the clock), again when the limit changes


def test_thread_num_reaches_the_engine_capped_by_the_cores():
    import os

    from gomoku.engine import Engine

    engines: list[Engine] = []

    def factory(memory_mb):
        engines.append(Engine("strong", memory_mb=memory_mb))
        return engines[-1]

    brain = Brain(factory, write=lambda line: None)
    for line in ["START 15", "INFO thread_num 64"]:
        brain.handle(line)
    assert brain.threads == (os.cpu_count() or 1)
    assert brain.engine().threads == brain.threads
    assert brain.engine().searcher.threads == brain.threads
    out, brain = talk(["INFO thread_num two", "INFO thread_num 0"])
    assert "ignored" in out[0] and brain.threads == 1


# -- the engine misbehaving ------------------------------------------------------------------------------------
def test_an_engine_failure_still_gives_a_legal_move():
    out, brain = talk(["START 20", "TURN 10,10"], FakeEngine(fail=True))
    assert out[1].startswith("MESSAGE engine failed")
    move = tuple(map(int, out[2].split(",")))
    assert move != (10, 10) and brain.board.stones[move] is Stone.O


def test_an_illegal_engine_move_is_replaced_by_a_legal_one():
    out, brain = talk(["START 20", "TURN 10,10"], FakeEngine(propose=(10, 10)))
    assert any("not a legal move" in line for line in out)
    assert moves(out)[-1] != "10,10"
    assert len(brain.board.stones) == 2


def test_a_turn_that_ends_the_game_gets_an_error():
    script = ["START 20", "BOARD"] + [f"{x},0,2" for x in range(4)] + [f"{x},5,1" for x in range(4)] + ["DONE"]
    engine = FakeEngine(propose=(19, 19))
    out, brain = talk(script + ["TURN 4,0"], engine)
    assert out[-1].startswith("ERROR") and "over" in out[-1]
    assert brain.board.winner is not None


# -- time ----------------------------------------------------------------------------------------------------
def test_the_engine_gets_a_time_limit_inside_the_turn_time():
    engine = FakeEngine()
    talk(["START 20", "INFO timeout_turn 1000", "TURN 10,10"], engine)
    limit = engine.calls[0]["time"]
    assert 0.85 < limit and limit + STOP_MARGIN < 1.0 * DEADLINE_SHARE


def test_little_match_time_left_means_a_fast_move():
    engine = FakeEngine()
    talk(["START 20", "INFO timeout_turn 5000", "INFO time_left 100", "TURN 10,10"], engine)
    assert engine.calls[0].get("level") == "greedy" and "time" not in engine.calls[0]


def test_match_time_is_spread_over_the_moves():
    engine = FakeEngine()
    talk(["START 20", "INFO timeout_turn 30000", "INFO timeout_match 60000", "TURN 10,10"], engine)
    assert engine.calls[0]["time"] <= 60 / 10


def test_timeout_turn_zero_plays_greedy():
    engine = FakeEngine()
    talk(["START 20", "INFO timeout_turn 0", "BEGIN"], engine)
    assert engine.calls[0]["level"] == "greedy"


def test_time_left_counts_down_with_our_own_thinking():
    ticks = iter([0.0, 0.25])
    out: list[str] = []
    brain = Brain(lambda mb: FakeEngine(), write=out.append, clock=lambda: next(ticks))
    for line in ["START 20", "INFO time_left 10000", "BEGIN"]:
        brain.handle(line)
    assert brain.time.time_left == 9750


def test_without_time_left_the_match_time_is_timeout_match_less_what_we_used():
    # A manager that sends timeout_match but no time_left: each move used to be
    # planned on the whole match time, so a long game ran past it.
    clock = [0.0]
    calls: list[dict[str, Any]] = []

    class SlowEngine:
        def hint(self, board, **limits):
            clock[0] += limits.get("time", 0.0)  # thinks for all the time it is given
            calls.append(limits)
            n = len(calls)
            return FakeHint((10 * (n % 50) + 5, 10 * (n // 50) + 500))  # far apart: no five

    out: list[str] = []
    brain = Brain(lambda mb: SlowEngine(), write=out.append, clock=lambda: clock[0])
    for line in ["START 1000", "INFO timeout_turn 5000", "INFO timeout_match 10000"]:
        brain.handle(line)
    for i in range(80):
        brain.handle(f"TURN {10 * (i % 50) + 5},{10 * (i // 50) + 5}")
    assert len(calls) == 80
    assert 5.0 < clock[0] < 10.0
    assert abs(brain.time.used - clock[0] * 1000) < 80  # whole milliseconds, a move at a time
    assert calls[-1].get("level") == "greedy"  # the clock ran low: fast moves
    brain.handle("RESTART")
    assert brain.time.used == 0


def test_the_deadline_stops_an_engine_that_ignores_its_limit():
    # The engine waits for the stop event: only the brain's own deadline sets it.
    engine = FakeEngine(wait_for_stop=True)
    out, _ = talk(["START 20", "INFO timeout_turn 200", "TURN 10,10"], engine)
    assert engine.stopped is True
    assert moves(out)[-1] == "9,9"


@settings(max_examples=200, deadline=None)
@given(
    turn=st.integers(0, 120_000),
    match=st.integers(0, 3_600_000),
    left=st.one_of(st.none(), st.integers(-5000, 3_600_000), st.just(UNLIMITED_MS)),
    ply=st.integers(0, 400),
)
def test_the_budget_never_passes_the_turn_or_the_match_time(turn, match, left, ply):
    budget = plan_time(TimeControl(turn, match, left), ply)
    assert budget.search >= 0 and budget.deadline >= 0
    if not budget.fast:
        assert budget.search + STOP_MARGIN <= budget.deadline + 1e-9
        assert budget.deadline <= budget.reply
        assert budget.deadline < turn / 1000
        remaining = left if left is not None else (match or None)
        if remaining is not None and remaining < UNLIMITED_MS:
            assert budget.deadline < remaining / 1000


@settings(max_examples=50, deadline=None)
@given(match=st.integers(1000, 600_000), turn=st.integers(100, 60_000))
def test_a_whole_game_spent_at_the_deadline_stays_inside_the_match_time(match, turn):
    control = TimeControl(timeout_turn=turn, timeout_match=match, time_left=match)
    for ply in range(0, 400, 2):
        budget = plan_time(control, ply)
        spent = budget.deadline + 0.06 if not budget.fast else 0.06  # the reply margin on top
        control.time_left -= round(spent * 1000)
        if control.time_left < 200:
            break  # by then every move is a greedy one, which costs milliseconds
    assert control.time_left > 0


# -- the threaded loop on streams ------------------------------------------------------------------------
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


def test_stop_while_thinking_answers_with_the_best_move_so_far():
    pipe, out, engine = Pipe(), FlushCounter(), FakeEngine(wait_for_stop=True)
    pipe.send("START 20")
    pipe.send("INFO timeout_turn 60000")
    pipe.send("TURN 10,10")
    thread = run_serve(pipe, out, engine)
    assert engine.thinking.wait(30)
    pipe.send("YXSTOP")
    assert out.wait_for("9,9")
    assert engine.stopped is True
    pipe.send("END")
    thread.join(30)
    assert not thread.is_alive()


def test_end_while_thinking_stops_the_search_at_once_and_ends():
    pipe, out, engine = Pipe(), FlushCounter(), FakeEngine(wait_for_stop=True)
    pipe.send("START 20")
    pipe.send("INFO timeout_turn 60000")
    pipe.send("TURN 10,10")
    thread = run_serve(pipe, out, engine)
    assert engine.thinking.wait(30)
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


def test_a_turn_time_past_what_a_timer_can_wait_is_not_a_crash(monkeypatch):
    # The deadline timer died with an OverflowError traceback, leaving no deadline.
    errors: list[BaseException] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: errors.append(args.exc_value))
    started: list[threading.Timer] = []
    real_timer = threading.Timer

    def timer(*args, **kwargs):
        started.append(real_timer(*args, **kwargs))
        return started[-1]

    class Slow(FakeEngine):
        def hint(self, board, **limits):
            threading.Event().wait(0.2)  # long enough for the timer thread to start waiting
            return super().hint(board, **limits)

    monkeypatch.setattr(threading, "Timer", timer)
    out, _ = talk(["START 20", "INFO timeout_turn 99999999999999999999", "TURN 10,10"], Slow())
    assert moves(out) == ["OK", "9,9"]
    started[0].join(5)
    assert errors == []


def test_a_manager_that_has_gone_away_ends_the_brain_quietly():
    class Gone(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

    thread = threading.Thread(target=serve, args=(io.StringIO("START 20\nBEGIN\nABOUT\n"), Gone(),
                                                  lambda mb: FakeEngine()))
    thread.start()
    thread.join(30)
    assert not thread.is_alive()


# -- the real engine, at small limits ------------------------------------------------------------------------
def real(script, level="strong"):
    out: list[str] = []
    brain = Brain(write=out.append, level=level)
    for line in script:
        brain.handle(line)
    return out, brain


def test_the_real_engine_completes_its_own_five():
    script = ["START 20", "INFO timeout_turn 400", "BOARD"]
    script += [f"{x},10,1" for x in range(10, 14)] + ["10,12,2", "15,15,2", "3,3,2", "4,17,2", "DONE"]
    out, brain = real(script)
    assert moves(out)[-1] in ("9,10", "14,10")
    assert brain.board.winner is Stone.X


def test_the_real_engine_blocks_a_four():
    script = ["START 20", "INFO timeout_turn 400", "BOARD"]
    script += ["9,5,1", "0,0,1", "19,19,1"] + [f"{x},5,2" for x in range(10, 14)] + ["DONE"]
    out, brain = real(script)
    assert moves(out)[-1] == "14,5"
    assert any(line.startswith("MESSAGE depth") and "| pv " in line for line in out)


def test_the_real_engine_at_the_greedy_level_and_with_no_turn_time():
    out, brain = real(["START 15", "BEGIN", "TURN 8,8"], level="greedy")
    assert moves(out)[0] == "OK" and len(brain.board.move_stack) == 3
    out, brain = real(["START 15", "INFO timeout_turn 0", "TURN 7,7"])
    x, y = map(int, moves(out)[-1].split(","))
    assert (x, y) != (7, 7) and max(abs(x - 7), abs(y - 7)) <= 2


def test_the_real_engine_keeps_its_level_depth_under_a_clock():
    seen = []

    class Recording:
        def __init__(self):
            from gomoku.engine import Engine

            self.engine = Engine("normal")

        def hint(self, board, **limits):
            seen.append({k: v for k, v in limits.items() if k in ("time", "depth", "level")})
            return self.engine.hint(board, **limits)

    out: list[str] = []
    brain = Brain(lambda mb: Recording(), write=out.append, level="normal")
    for line in ["START 20", "INFO timeout_turn 300", "TURN 10,10"]:
        brain.handle(line)
    assert seen[0]["depth"] == LEVELS["normal"].depth == 4 and seen[0]["time"] < 0.3  # normal: 4 plies, on the clock
    assert moves(out)[-1].count(",") == 1


def test_a_piskvork_style_session_from_start_to_end():
    # The order Piskvork sends things in: START, the INFOs, a move; INFO time_left before every move;
    # undo by TAKEBACK; a new game by RESTART then BOARD; END.
    engine = FakeEngine()
    script = [
        "START 20", "INFO max_memory 83886080", "INFO timeout_match 180000", "INFO timeout_turn 5000",
        "INFO game_type 1", "INFO rule 0", "INFO time_left 180000", "INFO folder C:\\Program Files\\piskvork",
        "BEGIN",
        "INFO time_left 179000", "TURN 10,9",
        "TAKEBACK 8,8", "TAKEBACK 10,9", "INFO time_left 178000", "TURN 11,11",
        "RESTART", "BOARD", "9,9,2", "10,10,1", "9,10,2", "DONE",
        "END", "ABOUT",
    ]
    out, brain = talk(script, engine)
    assert moves(out) == ["OK", "9,9", "8,8", "OK", "OK", "8,8", "OK", "8,8"]
    assert len(engine.calls) == 4
    # Every search fits inside both the turn time and a fair share of the match time.
    for call in engine.calls:
        assert call["time"] + STOP_MARGIN < 5.0 * DEADLINE_SHARE and call["time"] <= 180 / 10
    assert brain.closed and brain.board.move_stack == [(9, 9), (10, 10), (9, 10), (8, 8)]
    assert brain.board.stones[(8, 8)] is Stone.O


def test_start_prepares_the_engine_for_the_board_rules_off_the_clock():
    class PreparingEngine(FakeEngine):
        def __init__(self):
            super().__init__()
            self.prepared: list = []

        def prepare(self, rules):
            self.prepared.append(rules)

    engine = PreparingEngine()
    out, brain = talk(["INFO rule 1", "START 15"], engine=engine)
    assert out == ["OK"]
    assert [r.bounds for r in engine.prepared] == [((0, 0), (14, 14))]
    assert engine.prepared[0].overline is False
    assert engine.calls == []  # preparing is not a move: no hint was asked
