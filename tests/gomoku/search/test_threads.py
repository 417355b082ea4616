"""The helper threads of a timed search (``gomoku.search.threads``): when they run,
what they share, what they give back, and that none outlives its search."""

from __future__ import annotations

import threading

import pytest
from waiting import wait_until

from gomoku.board import Board, Rules
from gomoku.search import searcher as search
from gomoku.search import threads as helpers
from gomoku.search.layout import Grid
from gomoku.search.params import SearchOptions
from gomoku.search.searcher import Limit, Searcher, SearchInfo


def test_a_timed_search_with_a_helper_thread_shares_its_table_and_leaves_no_thread_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = Board(rules=Rules.parse("gomocup20"), moves=[(9, 9), (10, 10), (10, 9), (8, 9), (9, 10), (11, 11), (9, 8)])
    # X's open three on the column x = 9 must be blocked.
    made: list[helpers.Helper] = []
    start = helpers.Helper.start
    monkeypatch.setattr(helpers.Helper, "start", lambda self: (made.append(self), start(self)))
    searcher = Searcher(16, SearchOptions(threads=2))
    infos = list(searcher.search(board, Limit(time=0.5)))
    assert not any(t.name == "gomoku-helper" for t in threading.enumerate())
    assert infos[-1].pv[0] in {(9, 7), (9, 11)}
    [helper] = made
    assert helper.ctx.tt_key is searcher.ctx.tt_key and helper.ctx.moves is not searcher.ctx.moves
    assert helper.nodes > 0  # it searched
    assert Grid(board).hash == int(helper.grid.hash[0])  # its grid copy is back where it started


def test_a_deeper_line_of_a_helper_is_played_if_its_move_is_still_a_root_move(monkeypatch: pytest.MonkeyPatch) -> None:
    # Helpers that "complete" depth 40 at once: the search, stopped by its clock
    # far short of it, plays the helper's line (here with the root's last move),
    # unless its move is not one of the root's (an occupied cell stands for a
    # move the main search dropped).
    board = Board(rules=Rules.parse("gomocup20"), moves=[(9, 9), (10, 10), (10, 9)])
    grid = Grid(board)
    for dropped in (False, True):
        chosen: list[int] = []

        def deep(self, dropped=dropped, chosen=chosen):
            chosen.append(grid.index[(9, 9)] if dropped else int(self.ctx.moves[0, self.n - 1]))
            self.result = (40, 7, chosen)
            while self.ctx.stop[0] == 0:
                threading.Event().wait(0.001)

        monkeypatch.setattr(helpers.Helper, "_run", deep)
        searcher = Searcher(16, SearchOptions(threads=2))
        infos = list(searcher.search(board, Limit(time=0.2)))
        if dropped:
            assert infos[-1].depth < 40 and infos[-1].pv[0] not in board.stones
        else:
            assert (infos[-1].depth, infos[-1].score, infos[-1].pv[0]) == (40, 7, grid.point(chosen[0]))


def test_a_helper_stops_at_the_deadline_even_if_its_search_is_left_unfinished() -> None:
    # A caller that stops reading the search's infos (and keeps the generator):
    # the clock still stops the helper at the deadline (left alone, it would deepen
    # towards MAX_PLY far longer than the wait's 30 s).
    board = Board(moves=[(0, 0), (1, 1), (2, 0), (1, 0)])
    searcher = Searcher(16, SearchOptions(threads=2))
    search = searcher.search(board, Limit(time=0.3))
    next(search)  # depth 0: the helper runs
    assert any(t.name == "gomoku-helper" for t in threading.enumerate())
    assert wait_until(lambda: not any(t.name == "gomoku-helper" and t.is_alive() for t in threading.enumerate()))
    search.close()


def test_a_search_under_a_node_or_depth_limit_keeps_to_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[helpers.Helper] = []
    start = helpers.Helper.start
    monkeypatch.setattr(helpers.Helper, "start", lambda self: (started.append(self), start(self)))
    board = Board(moves=[(0, 0), (1, 1), (2, 0), (1, 0)])
    searcher = Searcher(16, SearchOptions(threads=2))
    for limit in (Limit(time=0.2, depth=3), Limit(time=0.2, nodes=5_000)):
        list(searcher.search(board, limit))
    assert started == []
    list(searcher.search(board, Limit(time=0.2)))
    assert len(started) == 1


def test_a_stop_ends_the_helper_threads_too() -> None:
    stop = threading.Event()
    board = Board(moves=[(0, 0), (1, 1), (2, 0), (1, 0)])
    searcher = Searcher(16, SearchOptions(threads=2))
    seen: list[SearchInfo] = []
    for info in searcher.search(board, Limit(time=60.0), stop):
        seen.append(info)
        if info.depth >= 3:
            stop.set()
    assert seen[-1].depth < 10
    assert not any(t.name == "gomoku-helper" for t in threading.enumerate())


def test_the_helpers_search_while_the_root_proves_its_threats(monkeypatch: pytest.MonkeyPatch) -> None:
    # The root's threat proofs come first on the main thread; a helper is
    # already searching the tree by then. When the opponent's threat narrows
    # the root to the moves that take it away, the helper is told so.
    board = Board(rules=Rules.parse("gomocup20"), moves=[(9, 9), (10, 10), (10, 9), (8, 9), (9, 10), (11, 11), (9, 8)])
    threats = search._Run._threats
    running: list[bool] = []
    rerooted: list[list[int]] = []

    def spy(self, attacker, share, max_depth, vct=False):
        running.append(bool(self.helpers) and self.helpers[0]._thread is not None)
        return threats(self, attacker, share, max_depth, vct)

    monkeypatch.setattr(search._Run, "_threats", spy)
    monkeypatch.setattr(helpers.Helper, "reroot", lambda self, moves: rerooted.append(list(moves)))
    searcher = Searcher(16, SearchOptions(threads=2))
    infos = list(searcher.search(board, Limit(time=0.5)))
    assert running and all(running)  # from the first proof on
    assert infos[-1].pv[0] in {(9, 7), (9, 11)}
    # X's open three: only the moves that stop it (its ends and the far blocks,
    # the counter-fours) are searched, by the helper too.
    grid = Grid(board)
    [moves] = rerooted
    assert {grid.point(q) for q in moves} >= {(9, 7), (9, 11)} and len(moves) < 10


def test_a_rerooted_helper_searches_only_the_moves_it_was_given() -> None:
    board = Board(moves=[(0, 0), (5, 5), (1, 0), (5, 6)])
    grid = Grid(board)
    from gomoku.core import context as K

    ctx = K.new_context(grid.size, 1 << 12, 1 << 12)
    ctx.options[K.WIDTH], ctx.options[K.ROOT_WIDTH] = 10, 20
    cells = [int(q) for q in grid.candidates()[:8]]
    helper = helpers.Helper(grid.state, ctx, cells)
    helper.reroot(cells[5:7])
    helper.start()
    helper.ahead_of(1)
    for _ in range(3000):  # until its first depth is done (later on a loaded machine)
        if helper.result is not None:
            break
        threading.Event().wait(0.01)
    helper.stop()
    assert helper.n == 2 and helper.result is not None and helper.result[2][0] in cells[5:7]
