"""The players of a match (``gomoku.match.contestants``): an in-process level keeps the
pbrain brain's budget discipline, warmed before the game, answering by the reply deadline."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from gomoku.board import Board, Rules
from gomoku.engine import LEVELS
from gomoku.match import EnginePlayer
from gomoku.protocol import TimeControl, plan_time


@dataclass
class Hint:
    move: tuple[int, int]


@dataclass
class Info:
    pv: tuple


class Recording:
    def __init__(self, best=None, stuck=False):
        self.best = best
        self.stuck = stuck
        self.calls: list[dict] = []
        self.prepared: list[Rules] = []
        self.release = threading.Event()
        self.finished = threading.Event()

    def prepare(self, rules):
        self.prepared.append(rules)

    def hint(self, board, **limits):
        self.calls.append(limits)
        if self.best is not None:
            limits["on_info"](Info((self.best,)))
        if self.stuck:
            self.release.wait(30)
        self.finished.set()
        return Hint(self.best or board.candidates(1)[0])


def test_a_level_searches_for_the_time_a_brain_would_plan_and_is_warmed_before_the_game():
    engine = Recording()
    player = EnginePlayer("normal", engine=engine)
    rules = Rules.preset("gomocup20")
    player.new_game(rules, 200)
    board = Board(rules, moves=[(10, 10)])
    assert player.move(board) == (9, 9)
    planned = plan_time(TimeControl(timeout_turn=200), 1)
    assert engine.prepared == [rules]
    assert engine.calls[0]["time"] == planned.search and engine.calls[0]["depth"] == LEVELS["normal"].depth
    assert engine.calls[0]["stop"].is_set() is False


def test_a_level_whose_search_overstays_answers_its_best_line_at_the_reply_deadline():
    engine = Recording(best=(4, 4), stuck=True)
    player = EnginePlayer("strong", engine=engine)
    player.new_game(Rules.preset("gomocup20"), 100)
    move = player.move(Board(Rules.preset("gomocup20"), moves=[(10, 10)]))
    assert move == (4, 4) and not engine.finished.is_set() and player.late_replies == 1
    assert engine.calls[0]["stop"].is_set()
    engine.release.set()


def test_a_level_with_no_line_at_the_deadline_plays_a_legal_move():
    engine = Recording(stuck=True)
    player = EnginePlayer("strong", engine=engine)
    player.new_game(Rules.preset("gomocup20"), 100)
    board = Board(Rules.preset("gomocup20"), moves=[(10, 10)])
    move = player.move(board)
    assert move not in board.stones and board.rules.contains(move) and not engine.finished.is_set()
    engine.release.set()
