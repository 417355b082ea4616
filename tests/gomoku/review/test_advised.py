"""A review judged by another program (``gomoku.review.advised``, ``gomoku review
--engine``): its moves are the best moves, our judge values the positions after them,
and a program that fails ends the review with one line."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from brain_scripts import EXITS, GARBAGE, our_brain, write_program

from gomoku.board import Board, Point, Rules
from gomoku.cli import main
from gomoku.commands.review import format_review
from gomoku.review import AdvisedJudge, AdviserError, Judge, review_game

GAME = [(7, 7), (8, 8), (7, 8), (8, 7), (7, 9), (8, 9)]
"""Six quiet moves on 15x15: nothing proven yet."""


class Replay:
    """An adviser that agrees with X's moves of ``GAME`` and, for O, plays elsewhere."""

    name = "replay"

    def __init__(self) -> None:
        self.asked: list[int] = []

    def hint(self, board: Board, **limits: Any) -> Any:
        self.asked.append(board.ply)
        if board.ply < len(GAME) and board.ply % 2 == 0:
            return SimpleNamespace(move=GAME[board.ply])
        return SimpleNamespace(move=next(p for p in board.candidates() if p not in GAME))


def test_the_programs_move_is_the_best_move_and_the_same_move_gives_up_nothing() -> None:
    adviser = Replay()
    review = review_game(GAME, Rules.preset("gomocup15"), nodes=300, adviser=adviser, advice_time=0.1, verify=False)
    assert review.settings["judge"] == "program" and review.settings["program"] == "replay"
    assert set(adviser.asked) >= set(range(len(GAME)))
    for move in review.moves:
        before = move.before
        assert before is not None
        if before.proven:
            continue
        assert before.how == "program" and before.line[0] == before.best
        if move.side.name == "X":
            assert before.best == move.move and move.grade == "best" and move.better is None
        else:
            assert before.best != move.move and move.grade != "best"
            assert move.better == before.best


def test_a_programs_position_is_valued_by_the_judge_after_its_move() -> None:
    rules = Rules.preset("gomocup15")
    judge = AdvisedJudge(rules, Replay(), advice_time=0.1, nodes=300)
    board = Board(rules, GAME[:2])
    judged = judge.judge(board)
    counted = Judge(rules, nodes=300).judge(Board(rules, GAME[:3]))  # a fresh engine, as the judge's was
    assert judged.best == GAME[2] and judged.chance == pytest.approx(1.0 - counted.chance)


def test_a_program_that_answers_an_illegal_move_is_one_line() -> None:
    class Taken:
        name = "taken"

        def hint(self, board: Board, **limits: Any) -> Any:
            return SimpleNamespace(move=board.move_stack[-1])

    with pytest.raises(AdviserError, match=r"taken: answered 8,8, not a legal move"):
        review_game(GAME[:2], Rules.preset("gomocup15"), nodes=200, adviser=Taken())


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def moves_text(moves: list[Point]) -> str:
    return " ".join(f"{x},{y}" for x, y in moves)


def test_gomoku_review_with_our_own_brain_as_the_program(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    brain = our_brain(tmp_path)
    argv = ["review", moves_text(GAME), "--rules", "gomocup15", "--nodes", "300", "--engine-time", "0.1"]
    code, out, err = run(capsys, *argv, "--engine", str(brain), "--json")
    assert code == 0, err
    data = json.loads(out)
    settings = data["summary"]["settings"]
    assert settings["judge"] == "program" and settings["program"] == "pbrain-ours"
    board = Board(Rules.preset("gomocup15"))
    for move in data["moves"]:
        if move["better"] is not None:  # the program's move: a legal one where it was played
            assert tuple(move["better"]) not in board.stones
        board.play(tuple(move["move"]))


def test_the_table_says_which_program_judged() -> None:
    review = review_game(GAME[:2], Rules.preset("gomocup15"), nodes=300, adviser=Replay(), advice_time=0.1)
    assert "judged by replay's moves (0.1 s each), valued by the engine, 300 nodes a position" in format_review(review)


@pytest.mark.parametrize(
    ("text", "words"), [(EXITS, "crash: exit code 3 (no brain here)"), (GARBAGE, "to START")], ids=["exits", "garbage"]
)
def test_gomoku_review_with_a_broken_program_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str
) -> None:
    program = write_program(tmp_path, "broken", text)
    code, out, err = run(capsys, "review", moves_text(GAME), "--rules", "gomocup15", "--engine", str(program))
    assert code == 2 and out == ""
    assert err.startswith("gomoku: error: broken: ") and words in err and err.count("\n") == 1


def test_gomoku_review_engine_refuses_what_a_brain_cannot_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "review", "3,0 3,1", "--rules", "connect4", "--engine", "/bin/true")
    assert code == 2 and "--engine: a pbrain program plays five in a row" in err and err.count("\n") == 1
    code, _, err = run(capsys, "review", moves_text(GAME), "--engine", "/no/such/brain")
    assert code == 2 and "engine '/no/such/brain': no such program" in err
