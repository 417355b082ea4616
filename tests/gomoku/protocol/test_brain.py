"""The pbrain brain (``gomoku.protocol.brain``), in scripted dialogues with fake engines
(and the real one at tiny limits): every command; BOARD, TAKEBACK and PLAY; INFO, with
values past any bound and a rule switch the position cannot stand; an engine that fails,
plays illegally or overstays; the time each move gets; and bad lines of every class, which
get one short printable answer at most and change nothing.

The fake engines are in brain_fakes.py; the program on two streams (``serve``) is
tested in test_pbrain.py, the clock's plan in test_clock.py."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from brain_fakes import FakeEngine, FakeHint, Quick, Stuck, moves, printable, session, talk
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import Stone
from gomoku.engine import LEVELS
from gomoku.protocol import (
    ABOUT,
    MAX_MEMORY,
    UNLIMITED_MS,
    Brain,
    TimeControl,
    default_engine_factory,
    plan_time,
)
from gomoku.protocol.clock import DEADLINE_SHARE, HARD_SHARE_OF_LEFT, STOP_MARGIN
from gomoku.protocol.streams import EXCERPT, excerpt


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
    out, brain = talk(["START 20", "BOARD", "1,1,3", "5,5,2", "6,6,2", "7,7,2", "8,8,1", "DONE", "INFO rule 1"], engine)
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


def dialogue():
    """A brain with a fake engine, and ``say(*lines)``: the answers to those lines, MESSAGE
    lines left out, and the point of the last one."""
    out: list[str] = []
    engine = FakeEngine()
    brain = Brain(lambda memory_mb: engine, write=out.append)

    def say(*lines):
        start = len(out)
        for line in lines:
            brain.handle(line)
        answers = moves(out[start:])
        last = tuple(int(v) for v in answers[-1].split(",")) if "," in answers[-1] and " " not in answers[-1] else None
        return answers, last

    return brain, say


def test_a_turn_after_our_move_is_taken_back_is_still_the_opponents_stone():
    brain, say = dialogue()
    _, ours = say("START 20", "TURN 10,10")
    # Undo our move only, then the opponent moves again: two of theirs in a row.
    answers, second = say(f"TAKEBACK {ours[0]},{ours[1]}", "TURN 0,0")
    stones = brain.board.stones
    assert answers[0] == "OK" and stones[(0, 0)] is stones[(10, 10)] is Stone.X and stones[second] is Stone.O
    assert brain.board.turn is Stone.X
    # Every move taken back in turn, through the double one, to the empty board.
    answers, _ = say(f"TAKEBACK {second[0]},{second[1]}", "TAKEBACK 0,0", "TAKEBACK 10,10")
    assert answers == ["OK", "OK", "OK"] and not brain.board.stones and brain.board.turn is Stone.X


def test_play_twice_in_a_row_is_two_of_our_stones():
    brain, say = dialogue()
    answers, _ = say("START 20", "PLAY 3,4", "PLAY 5,5", "TURN 6,6")
    stones = brain.board.stones
    assert answers[1:3] == ["3,4", "5,5"]
    assert stones[(3, 4)] is stones[(5, 5)] is Stone.X and stones[(6, 6)] is Stone.O
    answers, _ = say("TAKEBACK 3,4")
    assert answers[0].startswith("ERROR") and "last move" in answers[0]


def test_a_double_move_wins_for_the_side_that_made_it_and_survives_a_rule_change():
    brain, say = dialogue()
    _, ours = say("START 15", "BOARD", "0,0,2", "0,1,2", "0,2,2", "7,7,1", "7,8,1", "DONE")
    theirs = brain.board.stones[(0, 0)]
    # Our move taken back, the rule switched, and the opponent moves twice.
    _, ours = say(f"TAKEBACK {ours[0]},{ours[1]}", "INFO rule 1", "TURN 0,3")
    assert brain.board.stones[(0, 3)] is theirs and brain.board.stones[ours] is theirs.other
    answers, _ = say(f"TAKEBACK {ours[0]},{ours[1]}", "TAKEBACK 0,3")
    assert answers == ["OK", "OK"] and (0, 3) not in brain.board.stones and brain.board.rules.overline is False
    # Their fourth stone, our answer taken back, and their fifth: five, theirs, nothing left to play.
    _, ours = say("PLAY 5,5", "TURN 0,3")
    answers, _ = say(f"TAKEBACK {ours[0]},{ours[1]}", "TURN 0,4")
    assert answers[0] == "OK" and answers[1].startswith("ERROR") and "over" in answers[1]
    assert brain.board.winner is theirs and brain.board.stones[(5, 5)] is theirs.other


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


@pytest.mark.parametrize(
    "rule, words",
    [(12, "renju and caro together"), (16, "rule bit 16"), (4 | 8 | 32, "renju and caro together, rule bit 32")],
)
def test_a_rule_it_does_not_play_is_refused_with_an_error_in_place_of_every_move(rule, words):
    # The protocol: the ERROR waits for the first command that is not INFO.
    out, brain = talk(["START 15", "INFO rule 1", f"INFO rule {rule}"])
    assert out == ["OK"] and brain.rule == 1 and brain.board.rules.overline is False
    for line in ["BEGIN", "TURN 7,7", "BOARD", "7,7,2", "DONE"]:
        brain.handle(line)
    refusal = (
        f"ERROR INFO rule {rule} refused: {words} is not played here (this brain plays 0 five or more, "
        f"1 exactly five, 2 continuous game, 4 renju, 8 caro); the rule stays 1"
    )
    assert out[1:] == [refusal] * 3
    assert brain.board.stones == {} and brain.rule == 1
    out.clear()
    brain.handle("INFO rule 3")  # a rule it plays: the game goes on
    brain.handle("TURN 7,7")
    assert moves(out) == ["6,6"] and brain.rule == 3


def test_a_refused_rule_before_start_still_lets_start_answer_ok():
    out, brain = talk(["INFO rule 16", "START 15", "ABOUT", "BEGIN"])
    assert out[:2] == ["OK", ABOUT] and out[2].startswith("ERROR INFO rule 16 refused: rule bit 16")
    assert brain.board.rules.overline is True and brain.rule == 0


def test_exact_five_and_continuous_game_are_played():
    out, brain = talk(["INFO rule 2", "START 15", "BOARD", "0,0,3", "7,7,2", "DONE", "INFO rule 3", "TURN 9,9"])
    assert moves(out) == ["OK", "6,6", "5,5"] and brain.rule == 3 and brain.board.rules.overline is False


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
    assert brain.engine().options().threads == brain.threads
    out, brain = talk(["INFO thread_num two", "INFO thread_num 0"])
    assert "ignored" in out[0] and brain.threads == 1


@pytest.mark.parametrize("value", ["100000000000000", "1" + "0" * 400, "9" * 5000], ids=["1e14", "1e400", "5000"])
def test_a_huge_max_memory_is_clamped_and_start_still_answers_ok(value):
    made: list[int | None] = []

    def factory(memory_mb):
        made.append(memory_mb)
        return Quick()

    out, brain = session([f"INFO max_memory {value}", "START 20", "TURN 10,10"], factory=factory)
    assert moves(out) == ["OK", "9,9"]
    assert brain.max_memory == MAX_MEMORY and made == [MAX_MEMORY // (1 << 20)]


def test_the_real_engine_under_a_huge_max_memory_plays():
    out, brain = session(
        ["INFO max_memory 100000000000000", "START 20", "INFO timeout_turn 100", "TURN 10,10"],
        factory=default_engine_factory("strong"),
    )
    assert moves(out)[0] == "OK" and len(brain.board.stones) == 2


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

    out, brain = session(["START 20", "INFO max_memory 52428800"], factory=factory)
    assert brain.wait_ready(30)
    assert made[1].prepared == 1 and made[1].calls == []
    assert len(made) == 3 and made[2].calls == []  # and a stand-in of small tables, for a move meanwhile


@pytest.mark.parametrize("key", ["timeout_turn", "timeout_match", "time_left"])
@pytest.mark.parametrize("value", ["1" + "0" * 400, "-" + "9" * 5000, "9" * 5000], ids=["400", "-5000", "5000"])
def test_a_time_limit_of_hundreds_of_digits_is_clamped_and_the_turn_is_answered(key, value):
    engine = Quick()
    out, brain = session(["START 20", f"INFO {key} {value}"], engine)
    assert -UNLIMITED_MS <= (getattr(brain.time, key) or 0) <= UNLIMITED_MS
    brain.handle("TURN 10,10")
    assert moves(out) == ["OK", "9,9"]
    assert all(printable(line) for line in out)


@settings(max_examples=100, deadline=None)
@given(
    turn=st.integers(-(10**30), 10**30),
    match=st.integers(-(10**30), 10**30),
    left=st.integers(-(10**30), 10**30),
    ply=st.integers(0, 400),
)
def test_no_clock_value_makes_the_planner_fail_or_reply_past_the_turn(turn, match, left, ply):
    _, brain = session([f"INFO timeout_turn {turn}", f"INFO timeout_match {match}", f"INFO time_left {left}"])
    budget = plan_time(brain.time, ply)
    assert 0 <= budget.deadline <= budget.reply
    if brain.time.timeout_turn > 0:
        assert budget.reply < brain.time.timeout_turn / 1000


SIX_EACH = ["BOARD"] + [f"{x},0,1" for x in range(6)] + [f"{x},1,2" for x in range(6)] + ["10,10,1", "15,15,1", "DONE"]


def test_a_rule_switch_that_gives_both_sides_a_five_is_one_error_and_changes_nothing():
    out, brain = session(["START 20", "INFO rule 1"] + SIX_EACH)
    before = (dict(brain.board.stones), brain.board.turn, brain.board.rules)
    out.clear()
    brain.handle("INFO rule 0")
    assert out == []  # managers read no answer to INFO: the ERROR comes with the next move asked for
    assert (dict(brain.board.stones), brain.board.turn, brain.board.rules) == before and brain.rule == 1
    brain.handle("TURN 12,12")
    assert len(out) == 1 and out[0].startswith("ERROR INFO rule 0 refused: ") and "both X and O" in out[0]
    assert (dict(brain.board.stones), brain.board.turn, brain.board.rules) == before
    brain.handle("TURN 12,12")
    assert moves(out)[1].count(",") == 1  # said once: the game goes on under the old rule


def test_a_rule_switch_that_would_end_the_game_is_refused_too():
    # X has six in a row, set up under exact five: freestyle would make it a win already.
    setup = ["BOARD"] + [f"{x},0,1" for x in range(6)] + ["0,5,2", "3,9,2", "DONE"]
    out, brain = session(["START 20", "INFO rule 1"] + setup)
    out.clear()
    brain.handle("INFO rule 0")
    brain.handle("TURN 9,9")
    assert len(out) == 1 and out[0].startswith("ERROR INFO rule 0 refused: ") and "would be over" in out[0]
    assert brain.board.winner is None and brain.rule == 1


def test_a_rule_switch_the_position_stands_is_still_taken():
    out, brain = session(["START 20", "INFO rule 1", "TURN 10,10", "INFO rule 0"])
    assert brain.rule == 0 and brain.board.rules.overline and len(brain.board.stones) == 2
    assert not any(line.startswith("ERROR") for line in out)


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


def test_an_engine_that_overstays_gets_its_best_line_played_at_the_reply_deadline():
    engine = Stuck(best=(3, 4))
    out, brain = session(["START 20", "INFO timeout_turn 200", "TURN 10,10"], engine)
    assert not engine.finished.is_set()  # the answer did not wait for the engine
    assert moves(out) == ["OK", "3,4"] and brain.late_replies == 1 and engine.stop_seen.is_set()
    count = len(out)
    engine.release.set()
    assert engine.finished.wait(30)
    assert len(out) == count  # the late search's news is dropped
    engine.best, engine.release, engine.finished = (7, 7), threading.Event(), threading.Event()
    brain.handle("TURN 11,11")  # the next move is searched as usual, and overstays again
    assert moves(out)[-1] == "7,7" and brain.late_replies == 2
    engine.release.set()


def test_an_engine_that_overstays_without_a_line_still_gets_a_legal_move_in():
    engine = Stuck()
    out, brain = session(["START 20", "INFO timeout_turn 100", "BOARD", "10,10,2", "3,3,3", "DONE"], engine)
    x, y = map(int, moves(out)[-1].split(","))
    assert not engine.finished.is_set() and (x, y) not in ((10, 10), (3, 3)) and 0 <= x < 20 and 0 <= y < 20
    engine.release.set()


def test_a_stone_already_given_as_the_engine_answer_falls_back_to_a_legal_one():
    engine = Stuck(best=(10, 10))  # the opponent's stone: never played
    engine.release.set()
    out, brain = session(["START 20", "TURN 10,10"], engine)
    assert moves(out)[-1] != "10,10" and brain.board.stones[(10, 10)] is Stone.X


# -- time ----------------------------------------------------------------------------------------------------
def test_the_engine_gets_a_time_limit_inside_the_turn_time():
    engine = FakeEngine()
    talk(["START 20", "INFO timeout_turn 1000", "TURN 10,10"], engine)
    limit = engine.calls[0]["time"]
    assert 0.7 < limit and limit + STOP_MARGIN < 1.0 * DEADLINE_SHARE <= 0.8  # a margin under the turn limit


def test_little_match_time_left_means_a_fast_move():
    engine = FakeEngine()
    talk(["START 20", "INFO timeout_turn 5000", "INFO time_left 100", "TURN 10,10"], engine)
    assert engine.calls[0].get("level") == "greedy" and "time" not in engine.calls[0]


def test_match_time_is_spread_over_the_moves():
    engine = FakeEngine()
    talk(["START 20", "INFO timeout_turn 30000", "INFO timeout_match 60000", "TURN 10,10"], engine)
    # The engine plans for a share of the clock (the pacer stops it near that), and
    # may run longer on a critical move, but never past a quarter of the clock.
    assert 60 / 25 <= engine.calls[0]["plan"] <= 60 / 20
    assert engine.calls[0]["plan"] < engine.calls[0]["time"] <= 60 * HARD_SHARE_OF_LEFT


def test_without_a_game_clock_the_search_is_not_paced():
    engine = FakeEngine()
    talk(["START 20", "INFO timeout_turn 1000", "TURN 10,10"], engine)
    assert "plan" not in engine.calls[0]


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
    # On a loaded machine the engine's thread may reach its wait after the reply went out.
    assert engine.answered.wait(10) and engine.stopped is True
    assert moves(out)[-1] == "9,9"


def test_the_reply_deadline_counts_from_when_the_line_came():
    # A line that waited in the queue for 10 s is answered at once, searched or not.
    engine = Stuck(best=(5, 5))
    out, brain = session(["START 20", "INFO timeout_turn 1000"], engine)
    brain.handle("TURN 10,10", received=time.monotonic() - 10)
    assert moves(out)[-1] == "5,5" and brain.late_replies == 1 and not engine.finished.is_set()
    engine.release.set()


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


# -- the real engine, at small limits ------------------------------------------------------------------------
def real(script, level="strong"):
    """The script through a brain with the real engine, each move searched (not greedy:
    the engine is let be ready first, however loaded the machine)."""
    out: list[str] = []
    brain = Brain(write=out.append, level=level)
    for line in script:
        assert brain.wait_ready(60)
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
        "START 20",
        "INFO max_memory 83886080",
        "INFO timeout_match 180000",
        "INFO timeout_turn 5000",
        "INFO game_type 1",
        "INFO rule 0",
        "INFO time_left 180000",
        "INFO folder C:\\Program Files\\piskvork",
        "BEGIN",
        "INFO time_left 179000",
        "TURN 10,9",
        "TAKEBACK 8,8",
        "TAKEBACK 10,9",
        "INFO time_left 178000",
        "TURN 11,11",
        "RESTART",
        "BOARD",
        "9,9,2",
        "10,10,1",
        "9,10,2",
        "DONE",
        "END",
        "ABOUT",
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


def test_start_warms_the_greedy_route_off_the_clock():
    from gomoku import attacks

    attacks.default_table.cache_clear()
    session(["START 20"])
    assert attacks.default_table.cache_info().currsize == 1


# -- bad lines of every class: one printable answer at most, nothing changed, the session goes on --------------
def short(value):
    """A test id for a long or unprintable parameter."""
    return excerpt(value, 16)


@pytest.mark.parametrize(
    "word", ["FOO\x00", "BAR\x1b[2J", "caf\u00e9", "\ufffd\ufffd", "X" * 1_000_000, "A\tB"], ids=short
)
def test_unknown_quotes_a_short_printable_excerpt(word):
    out, _ = session([word])
    assert len(out) == 1 and out[0].startswith("UNKNOWN unknown command ")
    assert printable(out[0]) and len(out[0]) < 40 + 4 * EXCERPT


@pytest.mark.parametrize(
    "line",
    [
        "TURN \x00,\x01",
        "START 2\u00b2",
        "TURN " + "9" * 1_000_000 + ",1",
        "RECTSTART x\r,y",
        "TAKEBACK " + "\x07" * 500,
    ],
    ids=short,
)
def test_error_quotes_a_short_printable_excerpt(line):
    out, _ = session(["START 20", line])
    assert moves(out)[1].startswith("ERROR") and all(printable(x) and len(x) < 300 for x in out)


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
    replies = moves(out)
    assert len(replies) <= 1 and all(printable(x) and len(x) < 300 for x in out)
    if replies:
        assert replies[0].split()[0] in ("ERROR", "UNKNOWN")
    assert (list(brain.board.move_stack), brain.time, brain.size, brain.rule) == before
    brain.handle("ABOUT")
    assert moves(out)[-1] == ABOUT


@pytest.mark.parametrize(
    "line", ["x,y,1", "1,2", "1,2,9", "1," + "9" * 5000 + ",1", "\x00", "W" * 100_000, "25,25,1", "9,9,1"], ids=short
)
def test_a_bad_board_line_is_one_error_and_the_old_position_stays(line):
    out, brain = session(["START 20", "TURN 10,10"])
    before = list(brain.board.move_stack)
    out.clear()
    for text in ["BOARD", "9,9,1", line, "DONE"]:
        brain.handle(text)
    assert len(moves(out)) == 1 and moves(out)[0].startswith("ERROR BOARD line")
    assert all(printable(x) and len(x) < 300 for x in out) and brain.board.move_stack == before


def test_a_number_with_thousands_of_leading_zeros_is_still_its_value():
    out, brain = session(
        ["START 20", "TURN " + "0" * 5000 + "10," + "0" * 5000 + "10", "INFO timeout_turn " + "0" * 6000 + "750"]
    )
    assert moves(out) == ["OK", "9,9"] and (10, 10) in brain.board.stones and brain.time.timeout_turn == 750
