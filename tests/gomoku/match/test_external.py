"""An external pbrain program as an engine (``gomoku.match.external``): its moves in any
position, on a bounded board and on the endless one (as a window), its messages, and
every way it can fail as one line, in bounded time."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest
from brain_scripts import EXITS, GARBAGE, TALKER, our_brain, write_program

from gomoku.board import Board, Rules
from gomoku.match.external import EXTERNAL, WINDOW, EngineError, EngineStopped, ExternalEngine, external_engine

FAKES = Path(__file__).resolve().parents[1] / "fake_brains"


def fake(name: str, *args: str) -> list[str]:
    return [sys.executable, str(FAKES / name), *args]


def test_our_own_brain_as_a_program_plays_a_legal_move_of_its_board(tmp_path: Path) -> None:
    engine = external_engine(str(our_brain(tmp_path)))
    try:
        board = Board(Rules.preset("gomocup15"), moves=[(7, 7), (8, 8), (7, 8)])
        hint = engine.hint(board, time=0.2)
        assert hint.level == EXTERNAL
        assert hint.move not in board.stones and board.rules.contains(hint.move)
        board.play(hint.move)
        again = engine.hint(board, time=0.2)  # its own move is on its board: a new position, sent whole
        assert again.move not in board.stones
    finally:
        engine.close()


def test_the_endless_board_is_a_window_around_the_stones(tmp_path: Path) -> None:
    engine = ExternalEngine(fake("simple.py"))
    try:
        far = [(100, -50), (101, -50), (100, -49)]
        board = Board(moves=far)
        hint = engine.hint(board, time=0.2)
        # The fake plays next to the last move it was told: our point, not the window's.
        assert max(abs(hint.move[0] - 100), abs(hint.move[1] + 49)) == 1
        assert hint.move not in board.stones
        wide = Board(moves=[(0, 0), (1, 0), (WINDOW + 3, 0)])
        with pytest.raises(EngineError, match=f"more than the {WINDOW}x{WINDOW} board"):
            engine.hint(wide, time=0.2)
    finally:
        engine.close()


def test_a_reply_to_its_own_move_goes_as_one_turn(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    engine = ExternalEngine([sys.executable, str(Path(__file__).parent / "logging_brain.py"), str(log)])
    try:
        board = Board(Rules.preset("gomocup20"))
        first = engine.hint(board, time=0.2)
        board.play(first.move)
        board.play((0, 0) if first.move != (0, 0) else (0, 1))
        second = engine.hint(board, time=0.2)
        assert second.move not in board.stones
    finally:
        engine.close()
    sent = [line.split()[0] for line in log.read_text().splitlines() if line.split()]
    assert "BEGIN" in sent and "TURN" in sent and "BOARD" not in sent


def test_messages_in_our_brains_form_are_its_search_and_others_are_kept_as_said(tmp_path: Path) -> None:
    engine = external_engine(str(write_program(tmp_path, "talker", TALKER)))
    infos = []
    try:
        hint = engine.hint(Board(Rules.preset("gomocup15")), time=0.2, on_info=infos.append)
    finally:
        engine.close()
    assert hint.move == (0, 0) and hint.scored and hint.score == 42 and hint.depth == 3
    assert hint.pv == ((0, 0), (9, 9)) and infos and infos[0].nodes == 1234
    assert hint.said.startswith("depth 3")


@pytest.mark.parametrize(
    ("program", "words"),
    [
        ("exits", "crash: exit code 3 (no brain here)"),
        ("garbage", "answered 'hello, I am not a brain' to START"),
        ("taken", "a cell taken"),
        ("outside", "off the board"),
        ("error", "answered 'ERROR out of ideas'"),
    ],
)
def test_a_broken_program_is_one_line_and_the_next_request_starts_it_afresh(
    tmp_path: Path, program: str, words: str
) -> None:
    commands = {
        "exits": [str(write_program(tmp_path, "exits", EXITS))],
        "garbage": [str(write_program(tmp_path, "garbage", GARBAGE))],
        "taken": fake("illegal.py", "occupied"),
        "outside": fake("illegal.py", "outside"),
        "error": fake("illegal.py", "error"),
    }
    engine = ExternalEngine(commands[program], startup_timeout=5)
    board = Board(Rules.preset("gomocup15"), moves=[(7, 7)])
    for _ in range(2):  # the same failure, said again: nothing left half-done
        started = time.monotonic()
        with pytest.raises(EngineError) as caught:
            engine.hint(board, time=0.1)
        assert words in str(caught.value) and "\n" not in str(caught.value)
        assert time.monotonic() - started < 5
    engine.close()


def test_a_silent_program_times_out_and_a_stop_ends_the_wait_at_once() -> None:
    engine = ExternalEngine(fake("silent.py"), grace=0.2)
    board = Board(Rules.preset("gomocup15"), moves=[(7, 7)])
    try:
        started = time.monotonic()
        with pytest.raises(EngineError, match="time-out"):
            engine.hint(board, time=0.1)
        assert time.monotonic() - started < 5
        stop = threading.Event()
        threading.Timer(0.2, stop.set).start()
        started = time.monotonic()
        with pytest.raises(EngineError, match="stopped"):
            engine.hint(board, time=30, stop=stop)
        assert time.monotonic() - started < 2
    finally:
        engine.close()


SLOW = f"""#!{sys.executable}
import sys, time
count = 0
for raw in sys.stdin:
    word = raw.strip().split(" ")[0].upper()
    if word == "START":
        print("OK", flush=True)
    elif word in ("BEGIN", "TURN", "DONE"):
        time.sleep(0.5)
        print(f"{{count}},0", flush=True)  # its n-th answer: n,0
        count += 1
    elif word == "END":
        break
"""


def test_the_answer_a_stopped_request_left_owed_is_dropped_not_taken_for_the_next(tmp_path: Path) -> None:
    engine = external_engine(str(write_program(tmp_path, "slow", SLOW)))
    board = Board(Rules.preset("gomocup15"), moves=[(7, 7)])
    try:
        stop = threading.Event()
        threading.Timer(0.1, stop.set).start()
        with pytest.raises(EngineStopped):
            engine.hint(board, time=5, stop=stop)
        assert engine.hint(board, time=5).move == (1, 0)  # its second answer; the first, "0,0", dropped
    finally:
        engine.close()


def test_rules_a_brain_does_not_play_and_programs_that_are_not_there_are_one_line() -> None:
    engine = ExternalEngine(fake("simple.py"))
    with pytest.raises(EngineError, match="five in a row on a flat board"):
        engine.hint(Board(Rules.preset("connect4")))
    with pytest.raises(ValueError, match="no such program"):
        external_engine("/no/such/brain --fast")
    with pytest.raises(ValueError, match="No closing quotation"):
        external_engine("'unclosed")
