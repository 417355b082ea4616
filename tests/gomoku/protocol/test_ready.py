"""The brain's engine made ready in the background (``gomoku.protocol.brain.Preparation``):
START answers at once while the kernels compile, moves asked before the engine is ready
are the greedy ones (said once) and never late, a preparation that takes a moment is
waited for within bounds, a new ``max_memory`` or rule prepares the engine off the move,
and the last search is joined at the end. With stand-in engines; the real program is
tested in test_program.py."""

from __future__ import annotations

import threading
import time
import weakref

from brain_fakes import FakeHint, Preparing, Quick, Stuck, moves, session

from gomoku.attacks import greedy_move
from gomoku.board import format_point
from gomoku.engine import Engine
from gomoku.protocol import Brain
from gomoku.protocol import brain as brain_module
from gomoku.protocol.brain import READY_SHARE, START_WAIT
from gomoku.protocol.engines import PROCESS_MB, STAND_IN_MB


def settle():
    """Let every preparation thread end (a test that counts engines alive)."""
    for thread in threading.enumerate():
        if thread.name == "brain-prepare":
            thread.join(30)


def our_greedy_move(brain, opponent):
    """The greedy move after the opponent's ``opponent``, as the brain would play it."""
    board = brain.board.copy()
    board.push(opponent)
    return format_point(greedy_move(board))


class Compiling(Engine):
    """The real engine's class (the brain knows its kernels compile), with a ``prepare``
    that lasts until released and a hint that answers the first cell at once."""

    def __init__(self) -> None:
        super().__init__("strong")
        self.release = threading.Event()
        self.hints: list[dict] = []

    def prepare(self, rules) -> None:
        self.release.wait(30)

    def hint(self, board, **limits):
        self.hints.append(limits)
        return FakeHint(board.candidates(1)[0])


def test_start_answers_at_once_while_the_kernels_compile_and_greedy_moves_are_played_meanwhile(monkeypatch):
    # A manager that waits 3 s for OK forfeited the first games of a first run (a 30 s compile).
    monkeypatch.setattr(brain_module, "is_warm", lambda: False)  # a first run: the cache is empty
    monkeypatch.setattr(brain_module, "cache_is_cold", lambda: True)
    engine = Compiling()
    out: list[str] = []
    brain = Brain(lambda mb: engine, write=out.append)
    started = time.monotonic()
    brain.handle("START 20")
    assert out == ["OK"] and time.monotonic() - started < START_WAIT  # START does not wait for a compile
    brain.handle("INFO timeout_turn 1000")
    expected = our_greedy_move(brain, (10, 10))
    started = time.monotonic()
    brain.handle("TURN 10,10")
    assert time.monotonic() - started < 1.0  # the move waits for it half its time at most
    assert out[1:] == ["MESSAGE the engine is still compiling (first run only): playing the greedy move", expected]
    brain.handle("TURN 12,12")
    assert len(out) == 4 and not out[3].startswith("MESSAGE")  # said once
    assert engine.hints == []
    engine.release.set()  # compiled: the engine plays
    assert brain.wait_ready(30)
    brain.handle("TURN 14,14")
    assert len(engine.hints) == 1 and engine.hints[0]["time"] > 0.5 and moves(out)[-1].count(",") == 1


def test_a_long_turn_waits_for_the_compile_to_end_and_searches_with_the_time_left(monkeypatch):
    monkeypatch.setattr(brain_module, "is_warm", lambda: False)
    monkeypatch.setattr(brain_module, "cache_is_cold", lambda: True)
    engine = Compiling()
    out, brain = session(["START 20", "INFO timeout_turn 4000"], engine)
    threading.Timer(0.5, engine.release.set).start()  # compiled half a second into the move
    brain.handle("TURN 10,10")
    assert len(engine.hints) == 1 and 2.5 < engine.hints[0]["time"] < 3.4
    assert not any(line.startswith("MESSAGE") for line in out)


def test_a_preparation_of_a_moment_is_waited_for_at_start():
    engine = Preparing(ready=True)
    out, _ = session(["START 20", "TURN 10,10"], engine)
    assert moves(out) == ["OK", "9,9"] and len(engine.prepared) == 1 and len(engine.calls) == 1
    assert not any(line.startswith("MESSAGE") for line in out)


def test_start_waits_for_the_engine_only_so_long_and_a_move_waits_part_of_its_time():
    engine = Preparing()
    out: list[str] = []
    brain = Brain(lambda mb: engine, write=out.append)
    started = time.monotonic()
    brain.handle("START 20")
    assert out == ["OK"] and START_WAIT - 0.05 < time.monotonic() - started < START_WAIT + 0.5
    brain.handle("INFO timeout_turn 400")
    expected = our_greedy_move(brain, (10, 10))
    started = time.monotonic()
    brain.handle("TURN 10,10")
    spent = time.monotonic() - started
    assert 0.25 * READY_SHARE < spent < 0.4  # it waited for the engine, then played in time
    assert out[1:] == ["MESSAGE the engine is still getting ready: playing the greedy move", expected]
    assert engine.calls == []
    engine.release.set()
    assert brain.wait_ready(30)
    brain.handle("TURN 12,12")
    assert len(engine.calls) == 1 and len(out) == 4


def test_a_new_max_memory_prepares_a_new_engine_in_the_background_the_old_one_goes_first_and_a_stand_in_plays():
    made: list[tuple[int | None, int]] = []
    engines: list[weakref.ref] = []

    def factory(memory_mb):
        made.append((memory_mb, sum(ref() is not None for ref in engines)))  # the engines still alive
        engine = Preparing(ready=len(made) != 2)  # the second one's tables take long
        engines.append(weakref.ref(engine))
        return engine

    out: list[str] = []
    brain = Brain(factory, write=out.append)
    brain.handle("START 20")
    brain.handle("INFO timeout_turn 300")
    settle()
    brain.handle("INFO max_memory 2147483647")  # the tables stay as they are (``TABLES_CAP_MB``): nothing to do
    assert made == [(None, 0)]
    started = time.monotonic()
    brain.handle("INFO max_memory 209715200")  # 200 MB: tables of 80 MB, built anew
    assert time.monotonic() - started < 0.1  # INFO is on the turn's clock: nothing built here
    assert made[:2] == [(None, 0), (200, 0)]  # the old engine gone first
    brain.handle("TURN 10,10")
    assert time.monotonic() - started < 0.3  # the turn time, the wait for the tables included
    assert made[2] == (PROCESS_MB + STAND_IN_MB, 1)  # a stand-in of small tables (made at once) searched it
    stand_in = engines[2]()
    assert stand_in is not None and len(stand_in.calls) == 1 and "time" in stand_in.calls[0]
    assert out[-2] == "MESSAGE the engine's tables are being made ready: searching with small tables meanwhile"
    engine = engines[1]()
    assert engine is not None and engine.began.wait(5)
    engine.release.set()
    assert brain.wait_ready(30)
    brain.handle("TURN 12,12")
    assert len(engine.calls) == 1 and len(stand_in.calls) == 1 and len(made) == 3


def test_a_rule_change_prepares_the_engine_for_the_new_rules():
    engine = Preparing(ready=True)
    _, brain = session(["START 20", "INFO rule 1"], engine)
    assert brain.wait_ready(30)
    assert [rules.overline for rules in engine.prepared] == [True, False]
    brain.handle("INFO rule 3")  # the continuous game: the same board rules, nothing to do
    brain.handle("RESTART")
    assert brain.wait_ready(30) and len(engine.prepared) == 2


def test_a_greedy_brain_prepares_nothing():
    engine = Preparing()
    out, _ = session(["START 20", "TURN 10,10"], engine, level="greedy")
    assert moves(out) == ["OK", "9,9"] and not engine.began.is_set() and engine.calls[0]["level"] == "greedy"


def test_a_failed_preparation_is_said_once_and_the_engine_still_plays():
    class Failing(Quick):
        def prepare(self, rules):
            raise RuntimeError("no memory for the tables")

    out, _ = session(["START 20", "TURN 10,10", "TURN 12,12"], Failing())
    assert moves(out) == ["OK", "9,9", "8,8"]
    assert [line for line in out if line.startswith("MESSAGE")] == [
        "MESSAGE warm-up failed (RuntimeError: no memory for the tables); the engine does it on its moves"
    ]


def test_join_waits_for_the_last_search_to_end():
    engine = Stuck(best=(3, 4))
    out, brain = session(["START 20", "INFO timeout_turn 100", "TURN 10,10"], engine)
    assert moves(out)[-1] == "3,4" and not brain.join(0.05)  # answered; the search still runs
    engine.release.set()
    assert brain.join(30) and engine.finished.is_set()


def test_a_stop_while_a_move_waits_for_the_engine_ends_the_wait():
    # A long turn waits up to half its time for an engine being made ready; STOP (or END)
    # must not wait with it: the greedy move comes at once.
    engine = Preparing()
    out, brain = session(["START 20", "INFO timeout_turn 8000"], engine)
    threading.Timer(0.2, brain.request_stop).start()
    started = time.monotonic()
    brain.handle("TURN 10,10")
    assert time.monotonic() - started < 1.0  # not the 4 s the wait would take
    assert moves(out)[-1].count(",") == 1 and engine.calls == []
    engine.release.set()
    settle()


def test_a_compile_that_outlasts_a_game_is_said_once_a_game(monkeypatch):
    # An empty kernel cache under a manager: every reply of a 4-game match was the greedy
    # move, and the brain said so only in the first game.
    monkeypatch.setattr(brain_module, "is_warm", lambda: False)
    monkeypatch.setattr(brain_module, "cache_is_cold", lambda: True)
    engine = Compiling()
    game = ["INFO timeout_turn 100", "TURN 10,10", "TURN 12,12", "TURN 14,14"]
    out, _ = session(["START 20", *game, "RESTART", *game, "RESTART", *game], engine)
    told = [k for k, line in enumerate(out) if line.startswith("MESSAGE the engine is still compiling")]
    starts = [k for k, line in enumerate(out) if line == "OK"]
    assert len(told) == 3 and [sum(k > start for start in starts) for k in told] == [1, 2, 3]  # one in each game
    assert engine.hints == []
    engine.release.set()
    settle()
