"""Renju and caro through the pbrain protocol: ``INFO rule`` with bits 1, 4 and 8 as
Piskvork sends them, ``YXSHOWFORBID``'s one line, and a brain that never answers with a
cell forbidden to black, whatever its engine proposes."""

from __future__ import annotations

import pytest
from brain_fakes import FakeEngine, moves, talk

from gomoku.board import Stone

CROSS = ["6,7,1", "0,0,2", "8,7,1", "0,2,2", "7,6,1", "0,4,2", "7,8,1", "0,6,2"]
"""A BOARD block's lines (we are black, to move): 7,7 is a double three for black."""


@pytest.mark.parametrize(
    ("rule", "renju", "caro", "overline"),
    [
        (0, False, False, True),
        (1, False, False, False),
        (4, True, False, True),
        (4 | 2, True, False, True),
        (4 | 1, True, False, True),
        (8, False, True, True),
        (8 | 1, False, True, False),
    ],
)
def test_info_rule_bits_make_the_rules(rule: int, renju: bool, caro: bool, overline: bool) -> None:
    out, brain = talk([f"INFO rule {rule}", "START 15"])
    assert out == ["OK"] and brain.rule == rule
    rules = brain.board.rules
    assert (rules.renju, rules.caro, rules.overline, rules.bounds) == (renju, caro, overline, ((0, 0), (14, 14)))


def test_yxshowforbid_lists_black_forbidden_cells_on_one_line() -> None:
    out, brain = talk(["INFO rule 4", "START 15", "YXBOARD", *CROSS, "DONE", "YXSHOWFORBID"])
    assert out == ["OK", "FORBID 0707."]
    # Two forbidden cells, in the order of the board's cells: 7,7 and 7,8 of another cross.
    out, brain = talk(
        [
            "INFO rule 4",
            "START 15",
            "YXBOARD",
            *CROSS,
            "11,3,1",
            "13,3,1",
            "12,2,1",
            "12,4,1",
            "1,1,2",
            "2,1,2",
            "3,1,2",
            "4,1,2",
            "DONE",
            "YXSHOWFORBID",
        ]
    )
    assert out == ["OK", "FORBID 07071203."]
    # White to move: the cells are black's still.
    out, _ = talk(["INFO rule 4", "START 15", "YXBOARD", *CROSS[:-1], "DONE", "YXSHOWFORBID"])
    assert out[-1] == "FORBID 0707."


@pytest.mark.parametrize("rule", [0, 1, 8])
def test_yxshowforbid_without_renju_or_forbidden_cells_is_an_empty_list(rule: int) -> None:
    out, _ = talk([f"INFO rule {rule}", "START 15", "YXBOARD", *CROSS, "DONE", "YXSHOWFORBID"])
    assert out == ["OK", "FORBID ."]
    out, _ = talk(["INFO rule 4", "START 15", "YXSHOWFORBID"])
    assert out == ["OK", "FORBID ."]


def test_yxshowforbid_before_start_is_an_error_and_a_wall_blocks_like_white() -> None:
    out, _ = talk(["YXSHOWFORBID"])
    assert len(out) == 1 and out[0].startswith("ERROR YXSHOWFORBID before START")
    out, _ = talk(["INFO rule 6", "START 15", "YXBOARD", *CROSS, "9,7,3", "DONE", "YXSHOWFORBID"])
    assert out == ["OK", "FORBID ."]  # 6,7-8,7 walled at 9,7 and open at 5,7 only: no three


def test_an_engine_proposing_a_forbidden_cell_gets_a_legal_fallback() -> None:
    engine = FakeEngine(propose=(7, 7))
    out, brain = talk(["INFO rule 4", "START 15", "BOARD", *CROSS, "DONE"], engine)
    reply = moves(out)[-1]
    assert reply != "7,7" and any("not a legal move" in line for line in out)
    x, y = map(int, reply.split(","))
    assert brain.board.stones[(x, y)] is Stone.X
    brain.board.pop()
    assert brain.board.forbidden((x, y)) is None


def test_the_same_cell_is_played_without_renju() -> None:
    engine = FakeEngine(propose=(7, 7))
    out, brain = talk(["INFO rule 1", "START 15", "BOARD", *CROSS, "DONE"], engine)
    assert moves(out)[-1] == "7,7"


def test_the_opponents_moves_and_a_board_are_taken_as_they_stand() -> None:
    # A BOARD's stones, and white's moves, are never judged: a position with black's
    # stone on a forbidden point is played on (the manager judges the game).
    out, brain = talk(["INFO rule 4", "START 15", "BOARD", *CROSS, "7,7,2", "DONE"], FakeEngine(propose=(9, 9)))
    assert moves(out)[-1] == "9,9" and brain.board.stones[(7, 7)] is Stone.X


def test_a_rule_switch_to_renju_mid_game_keeps_the_position() -> None:
    out, brain = talk(["START 15", "BOARD", *CROSS, "DONE", "INFO rule 4", "YXSHOWFORBID"], FakeEngine(propose=(9, 9)))
    assert moves(out)[-1] == "FORBID 0707." and brain.board.rules.renju and brain.rule == 4
