"""MultiPV: several best moves, each searched to the same depth, through the
searcher, the engine's hint and its streaming analysis."""

from __future__ import annotations

import threading

import pytest

from gomoku.board import Board, GameOverError
from gomoku.engine import Engine
from gomoku.engine.engine import check_multipv
from gomoku.search.params import SearchOptions
from gomoku.search.searcher import Searcher
from gomoku.search.types import WIN_THRESHOLD, Limit

QUIET = Board(moves=[(0, 0), (1, 1), (1, 0), (2, 2), (5, 5)])
"""A quiet middle game: no side has a forced win, and the root's threat proofs are done in
tens of nodes (a move later, X's (0, 1) gives them 700,000: seconds before depth 0)."""
OPEN_THREE = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
"""X to move with an open three: (-1, 0) and (3, 0) both win at once."""


def _last(board: Board, options: SearchOptions, limit: Limit):
    return list(Searcher().search(board, limit, options=options))[-1]


def test_multipv_gives_distinct_legal_candidates_best_first_each_line_starting_with_its_move() -> None:
    info = _last(QUIET, SearchOptions(multipv=4, threads=1), Limit(depth=4))
    assert info.depth == 4 and len(info.candidates) == 4
    moves = [c.move for c in info.candidates]
    assert len(set(moves)) == 4 and all(m in QUIET.legal_moves() for m in moves)
    assert all(c.pv[0] == c.move for c in info.candidates)
    scores = [c.score for c in info.candidates]
    assert scores == sorted(scores, reverse=True)
    assert info.pv == info.candidates[0].pv and info.score == info.candidates[0].score


def test_multipv_one_searches_exactly_as_before() -> None:
    """N = 1 is the single-move search: the same nodes and line as the default options."""
    plain = _last(QUIET, SearchOptions(threads=1), Limit(depth=5))
    one = _last(QUIET, SearchOptions(multipv=1, threads=1), Limit(depth=5))
    assert (one.nodes, one.pv, one.score) == (plain.nodes, plain.pv, plain.score)
    assert len(one.candidates) == 1


def test_multipv_best_move_matches_the_single_search_at_the_same_depth() -> None:
    single = _last(QUIET, SearchOptions(threads=1), Limit(depth=4))
    multi = _last(QUIET, SearchOptions(multipv=3, threads=1), Limit(depth=4))
    assert multi.candidates[0].score >= single.score - 1e-9 or multi.candidates[0].move == single.pv[0]
    # The second line is the best of the others: no better than the first.
    assert multi.candidates[1].score <= multi.candidates[0].score


def test_the_table_keeps_the_best_lines_result_after_the_other_searches() -> None:
    """The root is searched again without its best move; the next search of the
    same position (same searcher, its table kept) still plays the best."""
    searcher = Searcher()
    first = list(searcher.search(QUIET, Limit(depth=4), options=SearchOptions(multipv=3, threads=1)))[-1]
    again = list(searcher.search(QUIET, Limit(depth=4), options=SearchOptions(threads=1)))[-1]
    assert again.pv[0] == first.candidates[0].move


def test_a_root_win_is_the_first_line_and_the_other_moves_are_searched_too() -> None:
    info = _last(OPEN_THREE, SearchOptions(multipv=3, threads=1), Limit(depth=3))
    assert info.candidates[0].score > WIN_THRESHOLD and info.forced_win
    assert len(info.candidates) == 3
    assert {c.move for c in info.candidates[:2]} == {(-1, 0), (3, 0)}  # both ends of the three win


def test_a_single_search_still_stops_at_the_root_win() -> None:
    infos = list(Searcher().search(OPEN_THREE, Limit(depth=3), options=SearchOptions(threads=1)))
    assert len(infos) == 1 and infos[0].forced_win and len(infos[0].candidates) == 1


def test_engine_hint_multipv_has_the_candidates_and_plays_the_first() -> None:
    hint = Engine("strong").hint(QUIET, depth=3, multipv=3)
    assert len(hint.candidates) == 3 and hint.move == hint.candidates[0].move
    data = hint.to_dict()
    assert [c["move"] for c in data["candidates"]] == [list(c.move) for c in hint.candidates]
    assert all(0 < c["win_chance"] < 1 for c in data["candidates"])


def test_engine_analyse_streams_multipv_depths_and_stops() -> None:
    stop = threading.Event()
    depths = []
    for info in Engine().analyse(QUIET, stop=stop, multipv=3):
        if info.depth > 0:
            depths.append(info.depth)
            assert len(info.candidates) == 3
        if len(depths) == 3:
            stop.set()
    assert depths[:3] == [1, 2, 3]


def test_a_level_that_gives_one_move_gives_one_candidate() -> None:
    hint = Engine("greedy").hint(QUIET, multipv=3)
    assert len(hint.candidates) == 1 and hint.candidates[0].move == hint.move


@pytest.mark.parametrize("bad", [0, 11, -1, 2.5, True, "3"])
def test_a_bad_multipv_is_refused(bad) -> None:
    with pytest.raises(ValueError, match="multipv"):
        check_multipv(bad)
    with pytest.raises(ValueError, match="multipv"):
        Engine().hint(QUIET, nodes=10, multipv=bad)


def test_analysing_a_finished_game_is_refused() -> None:
    won = Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)])
    with pytest.raises(GameOverError):
        Engine().analyse(won, multipv=2)
