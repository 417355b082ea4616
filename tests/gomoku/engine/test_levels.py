"""The levels of the compiled engine: easy plays at random among near-best
moves, the weaker levels keep their caps under a clock, max takes the time
given, and a failing kernel never costs the move."""

from __future__ import annotations

import threading

import pytest
from waiting import wait_until

from gomoku.board import Board, Rules
from gomoku.engine import LEVELS, Engine

QUIET = [(0, 0), (1, 1)]
FOUR = [(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9), (3, 0)]  # O to move: X has four on row 0


def test_easy_varies_its_move_on_a_quiet_board_but_never_misses_a_forced_one() -> None:
    engine = Engine("easy", seed=7)
    moves = {engine.hint(Board(moves=QUIET)).move for _ in range(16)}
    assert len(moves) >= 3  # several near-equal moves, chosen at random
    assert all(p not in QUIET for p in moves)
    blocks = {engine.hint(Board(moves=FOUR)).move for _ in range(6)}
    assert blocks <= {(-1, 0), (4, 0)}  # a five to block is blocked every time


def test_easy_is_repeatable_with_a_seed() -> None:
    first = [Engine("easy", seed=3).hint(Board(moves=QUIET)).move for _ in range(2)]
    assert first[0] == first[1]


def test_weaker_levels_keep_their_caps_under_a_longer_clock() -> None:
    engine = Engine()
    assert engine.limit("easy", time=5.0) == engine.limit("easy")
    assert engine.limit("normal", time=0.1).time == 0.1 and engine.limit("normal", time=0.1).depth == 4
    assert engine.limit("max").time == LEVELS["max"].time > LEVELS["strong"].time
    assert engine.limit("max", time=0.2).time == 0.2  # all the time it is given, no more


def test_a_failing_kernel_falls_back_to_the_greedy_move_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = Engine()

    def broken(*args, **kwargs):
        raise RuntimeError("kernel exploded")
        yield  # pragma: no cover - a generator, as the real search

    monkeypatch.setattr(engine.searcher, "search", broken)
    board = Board(moves=QUIET)
    hint = engine.hint(board, time=0.2)
    assert hint.move not in board.stones and not hint.forced_win
    assert engine.failure is not None and "kernel exploded" in engine.failure and "greedy" in engine.failure


def test_stop_from_another_thread_ends_a_long_search_and_keeps_a_legal_move() -> None:
    engine = Engine("max")
    board = Board(moves=[(0, 0), (1, 1), (1, 0), (2, 2), (-1, 1), (0, 2)])
    stop, searching = threading.Event(), threading.Event()
    result = []
    worker = threading.Thread(
        target=lambda: result.append(engine.hint(board, time=30.0, stop=stop, on_info=lambda _: searching.set()))
    )
    worker.start()
    assert wait_until(searching.is_set)  # a depth done: the stop comes in the middle of the search
    stop.set()
    worker.join(10)
    assert not worker.is_alive()
    assert result and result[0].move not in board.stones


def test_normal_looks_for_no_vct_of_its_own_but_strong_does() -> None:
    import json
    from pathlib import Path

    from gomoku.records import board_from_position

    path = Path(__file__).resolve().parents[3] / "data" / "puzzles" / "vct-selfplay.jsonl"
    puzzle = next(p for p in map(json.loads, path.read_text().splitlines()) if p["id"] == "vct-004")
    board = board_from_position(puzzle["stones"], puzzle["to_move"], Rules.preset(puzzle["rules"]))
    strong = Engine("strong").hint(board, nodes=400_000)
    normal = Engine("normal").hint(board, nodes=400_000)
    assert strong.forced_win and tuple(strong.move) in {tuple(m) for m in puzzle["solution"]}
    assert not normal.forced_win
