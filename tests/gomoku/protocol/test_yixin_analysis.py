"""Yixin-Board's analysis commands (issue 54): YXBOARD's position without a search and its
bad blocks, YXSHOWINFO and ``INFO show_detail``'s real-time lines, YXBALANCEONE/TWO,
YXSEARCHDEFEND, YXSHOWHASHUSAGE, and the database and hash-file commands this brain
answers with one ERROR line (their position blocks read first)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from brain_fakes import FakeEngine, moves, talk

from gomoku.board import Stone
from gomoku.engine import Engine
from gomoku.protocol import Brain
from gomoku.protocol.balance import target
from gomoku.protocol.yixin import DATABASE_BLOCKS, FILE_COMMANDS


# -- YXBOARD -----------------------------------------------------------------------------------------------------------
def test_yxboard_sets_the_position_and_answers_nothing() -> None:
    engine = FakeEngine()
    out, brain = talk(["START 15", "YXBOARD", "7,7,1", "8,8,2", "7,8,1", "DONE"], engine)
    assert out == ["OK"] and engine.calls == []
    # No alternation fits two of ours and one of theirs: as Rapfi, the first stone listed is black's.
    assert brain.board.stones == {(7, 7): Stone.X, (8, 8): Stone.O, (7, 8): Stone.X}
    assert brain.board.turn is Stone.X and brain.ours is Stone.X  # we are to move, as after BOARD


@pytest.mark.parametrize(
    ("lines", "reason"),
    [
        (["7,7,1", "7,7,2"], "YXBOARD line 2: 7,7 appears twice"),
        (["7,7,1", "15,3,2"], "YXBOARD line 2: 15,3 is outside the board"),
        (["7,7,4"], "YXBOARD line 1: field 4"),
        (["7,7"], "YXBOARD line 1:"),
        (["x,y,1"], "YXBOARD line 1:"),
        ([f"{x},0,2" for x in range(5)] + [f"{x},5,1" for x in range(4)], "YXBOARD: the position is already won"),
    ],
)
def test_a_bad_yxboard_is_one_error_and_the_position_stays(lines: list[str], reason: str) -> None:
    engine = FakeEngine()
    out, brain = talk(["START 15", "YXBOARD", "3,3,1", "DONE", "YXBOARD", *lines, "DONE", "ABOUT"], engine)
    assert out[0] == "OK" and len(out) == 3 and out[1].startswith(f"ERROR {reason}"), out
    assert out[2].startswith("name=")
    assert brain.board.stones == {(3, 3): Stone.X} and engine.calls == []


def test_a_position_is_taken_as_it_stands_under_renju() -> None:
    """Black's stone on a cell that would be a double three to play is accepted: only the
    moves from the position are judged (the engine's: never a forbidden one)."""
    cross = ["6,7,1", "8,7,1", "7,6,1", "7,8,1", "7,7,1"]  # 7,7 given: a double three had it been played
    whites = ["0,0,2", "0,2,2", "0,4,2", "0,6,2", "0,8,2"]
    out, brain = talk(["INFO rule 4", "START 15", "YXBOARD", *cross, *whites, "DONE", "YXSHOWFORBID"])
    assert out[0] == "OK" and not any(line.startswith("ERROR") for line in out), out
    assert brain.board.stones[(7, 7)] is Stone.X and brain.board.turn is Stone.X


# -- YXSHOWINFO and INFO show_detail --------------------------------------------------------------------------------
def test_yxshowinfo_names_the_brain_and_its_limits_in_messages() -> None:
    out, _ = talk(["YXSHOWINFO"])
    assert len(out) == 3 and all(line.startswith("MESSAGE ") for line in out)
    assert out[0].startswith("MESSAGE gomoku ") and out[1].startswith("MESSAGE INFO MAX_THREAD_NUM ")
    assert out[2] == "MESSAGE INFO MAX_HASH_SIZE 30"


def test_show_detail_adds_the_realtime_and_info_lines_of_each_depth() -> None:
    out, brain = talk(["START 15", "TURN 7,7"])
    assert not any(line.startswith(("MESSAGE REALTIME", "INFO")) for line in out)  # 0: the MESSAGE line only
    out.clear()
    brain.handle("INFO show_detail 1")
    brain.handle("TURN 12,12")
    assert out[-3:] == ["MESSAGE REALTIME REFRESH", f"MESSAGE REALTIME BEST {out[-1]}", out[-1]]
    assert not any(line.startswith("INFO") for line in out)
    out.clear()
    brain.handle("INFO show_detail 3")
    brain.handle("TURN 0,14")
    played = out[-1]
    detail = [line for line in out if line.startswith("INFO ")]
    assert detail[0] == "INFO PV 0" and detail[-1] == "INFO PV DONE" and f"INFO BESTLINE {played}" in detail
    assert "INFO EVAL +2.5" in detail and any(line.startswith("INFO WINRATE 0.") for line in detail)
    assert f"MESSAGE REALTIME BEST {played}" in out and out[0].startswith("MESSAGE depth 1")
    out.clear()
    brain.handle("INFO show_detail 2")
    brain.handle("TURN 14,0")
    assert not any(line.startswith("MESSAGE REALTIME") for line in out) and "INFO PV DONE" in out


@pytest.mark.parametrize("value", ["4", "-1", "two", "99999999999999999999"])
def test_a_bad_show_detail_is_a_message_and_changes_nothing(value: str) -> None:
    out, brain = talk(["INFO show_detail 2", f"INFO show_detail {value}"])
    assert len(out) == 1 and out[0].startswith("MESSAGE INFO show_detail") and brain.show_detail == 2


def test_a_lost_position_says_lost() -> None:
    @dataclass
    class Lost:
        depth: int = 5
        score: float = -1e9
        pv: tuple = ((1, 1),)
        nodes: int = 1
        time: float = 0.0
        nps: float = 0.0
        forced_win: bool = False

    out, brain = talk(["INFO show_detail 1"])
    brain.heard(Lost())
    assert out[-1] == "MESSAGE REALTIME LOST 1,1"


# -- YXBALANCEONE / YXBALANCETWO ------------------------------------------------------------------------------------
@dataclass
class Scored:
    move: tuple[int, int]
    score: float


class Lopsided:
    """An engine whose score (for the side to move) is 300 a column of the last stone
    right of x = 8: the side that placed the last stone stands even when it is on x = 8."""

    def __init__(self) -> None:
        self.searches = 0

    def hint(self, board, **limits):
        self.searches += 1
        x = board.move_stack[-1][0]
        return Scored(board.candidates(1)[0], 300.0 * (x - 8))


def balance_brain(engine) -> tuple[list[str], Brain]:
    out: list[str] = []
    brain = Brain(lambda memory_mb: engine, write=out.append)
    for line in ["START 15", "INFO timeout_turn 3000"]:
        brain.handle(line)
    assert brain.wait_ready(30)
    return out, brain


def test_yxbalanceone_places_the_stone_that_leaves_the_position_even() -> None:
    engine = Lopsided()
    out, brain = balance_brain(engine)
    brain.handle("YXBOARD")
    for line in ["8,7,2", "DONE"]:
        brain.handle(line)
    out.clear()
    brain.handle("YXBALANCEONE")
    answer = moves(out)
    assert len(answer) == 1 and answer[0].split(",")[0] == "8", out
    x, y = map(int, answer[0].split(","))
    assert brain.board.move_stack[-1] == (x, y) and brain.board.stones[(x, y)] is Stone.O
    assert engine.searches >= 2 and "(target 50%; " in out[0]


def test_yxbalancetwo_places_two_stones_on_one_line() -> None:
    engine = Lopsided()
    out, brain = balance_brain(engine)
    brain.handle("YXBOARD")
    for line in ["8,7,2", "DONE"]:
        brain.handle(line)
    out.clear()
    brain.handle("YXBALANCETWO 0")
    answer = moves(out)
    assert len(answer) == 1 and len(answer[0].split()) == 2, out
    first, second = (tuple(map(int, p.split(","))) for p in answer[0].split())
    assert second[0] == 8 and brain.board.move_stack[-2:] == [first, second]
    assert brain.board.stones[first] is Stone.O and brain.board.stones[second] is Stone.X and brain.ours is None


def test_a_bias_moves_the_target() -> None:
    assert target(0) == 0.5 and target(300) > 0.6 and target(-300) < 0.4
    engine = Lopsided()
    out, brain = balance_brain(engine)
    brain.handle("YXBOARD")
    for line in ["8,7,2", "DONE"]:
        brain.handle(line)
    brain.handle("YXBALANCEONE -300")
    assert moves(out)[-1].split(",")[0] == "9"  # the last placer one column right: its score -300


@pytest.mark.parametrize("line", ["YXBALANCEONE x", "YXBALANCETWO 1 2", "YXBALANCEONE 999999999"])
def test_a_bad_bias_is_one_error_and_changes_nothing(line: str) -> None:
    out, brain = talk(["START 15", "TURN 7,7", line])
    assert out[-1].startswith(f"ERROR {line.split()[0]}") and len(brain.board.stones) == 2


def test_balance_needs_a_board_a_game_on_and_a_search() -> None:
    out, _ = talk(["YXBALANCEONE"])
    assert out == ["ERROR YXBALANCEONE before START: send START size first"]
    script = ["START 15", "YXBOARD", *[f"{x},0,1" for x in range(4)], *[f"{x},5,2" for x in range(4)], "DONE"]
    out, brain = talk([*script, "INFO timeout_turn 10", "YXBALANCEONE"])
    assert out[-1].startswith("ERROR YXBALANCEONE: the engine cannot search now") and len(brain.board.stones) == 8


def test_yxbalanceone_with_the_real_engine_under_renju_plays_an_allowed_cell() -> None:
    out: list[str] = []
    brain = Brain(lambda memory_mb: Engine("normal"), write=out.append)
    for line in ["INFO rule 4", "START 15", "INFO timeout_turn 1500"]:
        brain.handle(line)
    assert brain.wait_ready(60)
    for line in ["YXBOARD", "7,7,1", "7,6,2", "DONE"]:
        brain.handle(line)
    brain.handle("YXBALANCEONE")
    move = tuple(map(int, moves(out)[-1].split(",")))
    board = brain.board.copy()
    assert board.stones[move] is Stone.X and board.move_stack[-1] == move
    board.pop()
    assert board.forbidden(move) is None


# -- YXSEARCHDEFEND, YXSHOWHASHUSAGE, the commands not kept ---------------------------------------------------------
def test_yxsearchdefend_says_the_best_moves_then_plays_the_first() -> None:
    out: list[str] = []
    brain = Brain(lambda memory_mb: Engine("normal"), write=out.append)
    for line in ["START 15", "INFO timeout_turn 3000", "TURN 7,7"]:
        brain.handle(line)
    assert brain.wait_ready(60)
    out.clear()
    brain.handle("YXSEARCHDEFEND")
    nbest = [line for line in out if line.startswith("MESSAGE NBEST")]
    assert len(nbest) >= 2 and nbest[0].split()[3] == out[-1]
    assert "MESSAGE the search's table is" in talk(["START 15", "YXSHOWHASHUSAGE"])[0][-1]


@pytest.mark.parametrize("command", DATABASE_BLOCKS)
def test_a_database_command_reads_its_block_and_is_one_error(command: str) -> None:
    out, brain = talk(["START 15", "TURN 7,7", command, "7,7", "8,8", "DONE", "ABOUT"])
    assert out[-2] == f"ERROR {command} is not supported: this brain keeps no position database"
    assert out[-1].startswith("name=") and len(brain.board.stones) == 2
    out, _ = talk([f"{command} 7,7 DONE", "ABOUT"])  # the block on one line; no START needed
    assert out[0].startswith(f"ERROR {command}") and out[1].startswith("name=")


@pytest.mark.parametrize("command", FILE_COMMANDS)
def test_a_file_command_is_one_error(command: str) -> None:
    out, _ = talk(["START 15", f"{command} /tmp/nothing.db", "ABOUT"])
    assert len(out) == 3 and out[1].startswith(f"ERROR {command} is not supported") and out[2].startswith("name=")


@pytest.mark.parametrize("command", ["RELOADCONFIG", "LOADMODEL x", "TRACEBOARD", "YXFOO"])
def test_other_commands_are_unknown(command: str) -> None:
    out, _ = talk(["START 15", command])
    assert out[-1].startswith("UNKNOWN unknown command")
