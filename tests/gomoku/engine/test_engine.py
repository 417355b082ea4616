"""The engine facade: levels, the hint, the analysis stream, limits and memory."""

from __future__ import annotations

import threading

import pytest

from gomoku.attacks import greedy_move
from gomoku.board import Board, GameOverError, Rules, Stone
from gomoku.engine import LEVELS, Engine, Hint
from gomoku.search.searcher import Limit, SearchInfo

FOUR_TO_BLOCK = [(0, 0), (-1, 0), (1, 0), (5, 6), (2, 0), (5, 7), (3, 0)]
MIDDLE = [(0, 0), (1, 1), (2, 0), (1, 0), (1, 2), (3, 3), (0, 2), (2, 2), (-1, 3)]
CALM = MIDDLE[:-1]
"""MIDDLE a move earlier: X to move, and the root's threat proofs take thousands of nodes,
not MIDDLE's 1.8 million (seconds) before depth 0."""


def test_levels_are_documented_limits() -> None:
    assert list(LEVELS) == ["greedy", "easy", "normal", "strong", "max"]
    assert all(isinstance(limit, Limit) for limit in LEVELS.values())
    assert LEVELS["strong"].time == 1.0  # the hint's default


def test_limit_replaces_the_levels_own() -> None:
    engine = Engine(memory_mb=16)
    assert engine.limit("normal") == Limit(LEVELS["normal"].time, None, LEVELS["normal"].depth, 16)
    assert engine.limit("strong", nodes=500) == Limit(None, 500, None, 16)
    with pytest.raises(ValueError):
        engine.limit("strong", time=0)
    with pytest.raises(ValueError, match="unknown level"):
        Engine("grandmaster")


def test_hint_blocks_a_four_and_reports_everything() -> None:
    board = Board(moves=FOUR_TO_BLOCK)
    seen: list[SearchInfo] = []
    hint = Engine().hint(board, nodes=800, on_info=seen.append)
    assert isinstance(hint, Hint)
    assert hint.move == (4, 0) and hint.pv[0] == (4, 0)
    assert hint.level == "strong" and hint.nodes >= 0 and hint.time >= 0
    assert seen and seen[-1].pv == hint.pv
    assert hint.to_dict()["move"] == [4, 0]


def test_hint_never_changes_the_board() -> None:
    board = Board(moves=MIDDLE)
    before = (board.hash, list(board.move_stack), dict(board.stones), board.turn)
    Engine().hint(board, nodes=1500)
    assert (board.hash, board.move_stack, board.stones, board.turn) == before


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_a_legal_move(level: str) -> None:
    board = Board(moves=MIDDLE)
    hint = Engine(level).hint(board, nodes=400)
    assert hint.move not in board.stones and hint.level == level


def test_greedy_level_is_the_seed_bot() -> None:
    board = Board(moves=MIDDLE)
    assert Engine("greedy").hint(board).move == greedy_move(board)


def test_depth_limit_and_on_info_per_depth() -> None:
    depths: list[int] = []
    Engine().hint(Board(moves=CALM), depth=3, on_info=lambda info: depths.append(info.depth))
    assert depths[-1] == 3 and depths == sorted(depths)


def test_a_game_over_is_refused() -> None:
    board = Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)])
    with pytest.raises(GameOverError):
        Engine().hint(board)
    with pytest.raises(GameOverError):
        list(Engine().analyse(board))


def test_analyse_streams_and_stops() -> None:
    stop = threading.Event()
    engine = Engine()
    infos = []
    for info in engine.analyse(Board(moves=CALM), stop=stop):
        infos.append(info)
        if len(infos) == 3:
            stop.set()
    assert 3 <= len(infos) <= 4
    assert all(isinstance(info, SearchInfo) for info in infos)


def test_analyse_searches_the_position_it_was_given_even_if_the_board_moves_on() -> None:
    # O to move must block X's four at (4, 0); the caller then plays on before the
    # first info is asked for. The board used to be copied only at the first next().
    board = Board(moves=[(0, 0), (-1, 0), (1, 0), (0, 5), (2, 0), (9, 9), (3, 0)])
    analysis = Engine().analyse(board, Limit(depth=1))
    board.play((4, 0))
    board.play((9, 10))
    info = next(analysis)
    analysis.close()
    assert info.pv[0] == (4, 0)


def test_analyse_of_a_finished_game_raises_at_the_call() -> None:
    board = Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)])
    with pytest.raises(GameOverError):
        Engine().analyse(board)


def test_an_analysis_closed_early_leaves_the_engine_free() -> None:
    engine = Engine()
    board = Board(moves=[(0, 0), (5, 5), (1, 0), (6, 6), (2, 0)])
    analysis = engine.analyse(board, Limit(nodes=50_000))
    next(analysis)
    analysis.close()
    assert engine.hint(board, nodes=300).move not in board.stones


def test_a_nan_time_is_refused_not_searched_forever() -> None:
    # A NaN deadline compares false with every clock reading: the search never stopped.
    with pytest.raises(ValueError):
        Engine().hint(Board(moves=[(0, 0)]), time=float("nan"))


@pytest.mark.parametrize("moves, when", [(MIDDLE, "proving"), ([(0, 0), (1, 1)], "deepening")])
def test_stop_from_another_thread_returns_a_legal_move(moves: list[tuple[int, int]], when: str) -> None:
    # A billion nodes: on MIDDLE the root's threat proofs alone take half a
    # minute, so the stop comes while they run; on the quiet opening it comes
    # once a depth is done. Either way the search ends with a legal move.
    stop = threading.Event()
    board = Board(moves=moves)
    started = threading.Event()

    def on_info(info: SearchInfo) -> None:
        started.set()

    result: list[Hint] = []
    worker = threading.Thread(
        target=lambda: result.append(Engine().hint(board, nodes=10**9, on_info=on_info, stop=stop))
    )
    worker.start()
    try:
        if when == "proving":
            worker.join(0.5)
            assert not started.is_set() and worker.is_alive()
        else:
            assert started.wait(30)
    finally:
        stop.set()  # never leave a search running past the test
        worker.join(30)
    assert not worker.is_alive()
    assert result and result[0].move not in board.stones


def test_memory_budget_bounds_the_tables() -> None:
    small = Engine(memory_mb=4)
    large = Engine(memory_mb=200)
    assert small.searcher.tt_entries < large.searcher.tt_entries
    assert small.searcher.table_entries < large.searcher.table_entries


def test_one_engine_plays_a_whole_game_against_greedy() -> None:
    """Node-limited, only legal moves, and the search beats the seed's bot."""
    board = Board(Rules.preset("gomocup15"), [(7, 7), (8, 7), (8, 8)])
    engine = Engine("strong", memory_mb=16)
    while not board.is_over:
        if board.turn == board.turn.X:
            board.play(greedy_move(board))
        else:
            board.play(engine.hint(board, nodes=1500).move)
    assert board.winner == Stone.O


def test_other_rules_still_get_a_move() -> None:
    board = Board(Rules.preset("tictactoe"), [(1, 1)])
    hint = Engine().hint(board, nodes=20_000)
    assert board.rules.contains(hint.move) and hint.move not in board.stones


def test_a_double_three_is_played_as_a_forced_win() -> None:
    board = Board(moves=[(0, 2), (10, 10), (1, 2), (10, 12), (2, 0), (12, 10), (2, 1), (12, 12)])
    hint = Engine().hint(board, nodes=20_000)
    assert hint.move == (2, 2) and hint.forced_win
    replay = board.copy()
    for p in hint.pv:
        replay.play(p)
    assert replay.winner == board.turn


@pytest.mark.parametrize("preset", Rules.PRESETS)
def test_prepare_fills_the_search_tables_and_changes_nothing_else(preset, monkeypatch):
    from gomoku.core import patterns
    from gomoku.search.layout import Grid

    patterns.tables.cache_clear()
    rules = Rules.preset(preset)
    engine = Engine("normal")
    engine.prepare(rules)
    if Grid.supports(rules):
        assert patterns.tables.cache_info().currsize >= 1  # this rule's (the warm-up may make both)
        table = patterns.tables(not rules.overline, renju=rules.renju, caro=rules.caro)  # as the grid asks
        assert table.line.any() and patterns.tables.cache_info().hits >= 1
    board = Board(rules, Board(rules).candidates()[:1])  # the centre (under gravity, its column's bottom)
    hint = engine.hint(board, nodes=50)
    assert hint.move in board.legal_moves()


def test_a_hint_does_not_import_scipy_linalg_and_numba_linear_algebra_still_works() -> None:
    """The first hint skips numba's BLAS probe (0.2 s of scipy.linalg); numba's np.dot still compiles."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from gomoku.board import Board\n"
        "from gomoku.engine import Engine\n"
        "print(Engine('strong').hint(Board(moves=[(0, 0), (1, 1)]), time=0.05).move)\n"
        "print('scipy.linalg' in sys.modules)\n"
        "import numpy as np\n"
        "from numba import njit\n"
        "print(float(njit(lambda a: np.dot(a, a))(np.arange(3.0))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    move, linalg, dot = out.stdout.split("\n")[:3]
    assert move.startswith("(") and linalg == "False" and dot == "5.0"


def test_the_levels_evaluate_with_the_default_network_and_classic_is_the_hand_set_one() -> None:
    from gomoku.review.judge import JUDGE_LEVEL, Judge
    from gomoku.search.nets import CLASSIC, DEFAULT_EVALUATION, available

    assert DEFAULT_EVALUATION in available() and DEFAULT_EVALUATION != CLASSIC
    assert Engine().evaluation == Engine("max").evaluation == DEFAULT_EVALUATION
    assert Engine("strong:classic").evaluation == CLASSIC
    board = Board(moves=[(0, 0), (1, 1), (1, 0), (0, 1), (5, 5)])
    hints = {
        name: Engine(name).hint(board, nodes=20_000)
        for name in ("strong", f"strong:{DEFAULT_EVALUATION}", "strong:classic")
    }
    default, named, classic = ((h.move, h.score) for h in hints.values())
    assert default == named  # the same search, node for node
    assert default[1] != classic[1]  # another evaluation, another score
    # The review's judge keeps the hand-set evaluation, whatever its engine's default.
    judge = Judge(Rules(), nodes=20_000, engine=Engine(), threats=False)
    assert JUDGE_LEVEL == f"strong:{CLASSIC}"
    assert judge.judge(board).score == classic[1]
