"""VCF: hand-made positions, the puzzle sample, legal winning lines, limits."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gomoku.board import Board, Rules, Stone
from gomoku.engine.forced import find_forced_win
from gomoku.records import board_from_position
from gomoku.search.layout import Grid
from gomoku.search.threats import VCFSearch, VCTSearch
from gomoku.search.types import SearchAborted

PUZZLES = Path(__file__).resolve().parents[3] / "data" / "puzzles" / "vcf-sample.jsonl"
FAR = 10**15


def load_puzzles() -> list[dict]:
    return [json.loads(line) for line in PUZZLES.read_text().splitlines() if line.strip()]


def puzzle_board(puzzle: dict, offset: tuple[int, int] = (0, 0)) -> Board:
    """The puzzle on its own 15x15 board, moved by ``offset`` (the edges matter)."""
    size = puzzle["board_size"]
    ox, oy = offset
    rules = Rules(bounds=((ox, oy), (ox + size - 1, oy + size - 1)), name="puzzle")
    stones = {s: [[x + ox, y + oy] for x, y in puzzle["stones"][s]] for s in ("X", "O")}
    return board_from_position(stones, puzzle["to_move"], rules)


def check_line(board: Board, line: tuple) -> None:
    """The line is legal, every attacking move makes a four, and it ends in a five."""
    replay = board.copy()
    attacker = replay.turn
    for n, p in enumerate(line):
        replay.play(p)
        if n % 2 == 0 and not replay.is_over:
            threats = [q for q in replay.candidates(4) if replay.five_through(q, attacker)]
            assert threats, f"attacking move {p} is not a four"
    assert replay.winner == attacker


def test_an_open_three_wins_by_making_an_open_four() -> None:
    board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
    result = find_forced_win(board, nodes=1000)
    assert result.found and result.moves[0] in [(-1, 0), (3, 0)]
    assert len(result.moves) == 3  # open four, a block, five
    check_line(board, result.moves)


def test_a_four_three_is_found() -> None:
    # X: a closed three on row 0 (O at (-1, 0)) and two stones on column 4. X plays
    # (4, 0): a broken four on row 0 and a three on column 4; O must block (3, 0), then
    # (4, 1) makes an open four on column 4.
    moves = [(0, 0), (-1, 0), (1, 0), (9, 9), (2, 0), (9, 8), (4, 2), (8, 8), (4, 3), (7, 9)]
    board = Board(moves=moves)
    result = find_forced_win(board, nodes=5000)
    assert result.moves == ((4, 0), (3, 0), (4, 1), (4, -1), (4, 4))
    check_line(board, result.moves)


def test_nothing_to_find_on_a_quiet_board() -> None:
    board = Board(moves=[(0, 0), (1, 1), (5, 0)])
    result = find_forced_win(board, nodes=5000)
    assert not result.found and result.complete


def test_the_defenders_four_must_be_blocked_first() -> None:
    # X has an open three; but O has a four (four O stones on column 7) and X must
    # block at (7, 4) first, which is no four for X: no VCF.
    board = board_from_position(
        {"X": [[0, 0], [1, 0], [2, 0], [10, 10], [12, 12]], "O": [[7, 0], [7, 1], [7, 2], [7, 3], [6, 6]]},
        "X",
    )
    grid = Grid(board)
    assert grid.fives[2]
    assert not find_forced_win(board, nodes=5000).found


def test_exact_five_rules_refuse_an_overline() -> None:
    # X: 0,1,2,_,4,5 on row 0. Freestyle: (3, 0) makes six, a win. Exact five: it does not,
    # and the rest of the row is closed by O stones, so no VCF is there.
    stones = {"X": [[0, 0], [1, 0], [2, 0], [4, 0], [5, 0]], "O": [[-1, 0], [6, 0], [9, 9], [9, 8], [3, 9]]}
    free = board_from_position(stones, "X")
    exact = board_from_position(stones, "X", Rules.preset("standard"))
    assert find_forced_win(free, nodes=100).moves == ((3, 0),)
    assert not find_forced_win(exact, nodes=2000).found


@pytest.mark.parametrize("offset", [(0, 0), (FAR, -FAR)])
def test_the_puzzle_sample_is_solved(offset: tuple[int, int]) -> None:
    puzzles = load_puzzles()
    assert len(puzzles) >= 30
    for puzzle in puzzles:
        board = puzzle_board(puzzle, offset)
        result = find_forced_win(board, nodes=40_000)
        assert result.found, puzzle["id"]
        solutions = [(x + offset[0], y + offset[1]) for x, y in puzzle["solution"]]
        assert result.moves[0] in solutions, puzzle["id"]
        check_line(board, result.moves)


def test_solve_never_changes_the_board() -> None:
    puzzle = load_puzzles()[3]
    board = puzzle_board(puzzle)
    before = (board.hash, dict(board.stones), board.turn)
    find_forced_win(board, nodes=5000)
    assert (board.hash, board.stones, board.turn) == before


def test_node_limit_and_stop_end_the_search() -> None:
    hardest = max(load_puzzles(), key=lambda p: p["depth"])
    board = puzzle_board(hardest)
    result = find_forced_win(board, nodes=3)
    assert result.nodes <= 3 and not result.complete
    stop = threading.Event()
    stop.set()
    stopped = find_forced_win(board, stop=stop)
    assert not stopped.complete or stopped.found


def test_a_stopped_search_leaves_the_grid_as_it_was() -> None:
    board = puzzle_board(max(load_puzzles(), key=lambda p: p["depth"]))
    grid = Grid(board)
    before = (grid.hash, list(grid.cells))
    search = VCFSearch(grid, node_limit=5)
    with pytest.raises(SearchAborted):
        search.find(grid.turn)
    assert (grid.hash, list(grid.cells)) == before


def test_result_as_data() -> None:
    board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
    data = find_forced_win(board, nodes=1000).to_dict()
    assert data["found"] is True and data["moves"][0] in [[-1, 0], [3, 0]]
    assert set(data) == {"found", "moves", "depth", "nodes", "time", "complete", "kind"}
    assert data["kind"] == "vcf"


def test_a_won_game_has_nothing_to_solve() -> None:
    board = Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)])
    assert not find_forced_win(board).found
    assert Stone.X == board.winner


DOUBLE_THREE = [(0, 2), (10, 10), (1, 2), (10, 12), (2, 0), (12, 10), (2, 1), (12, 12)]
"""X to move: (2, 2) makes two open threes at once (row 2 and column 2)."""


def vct(board: Board, nodes: int = 50_000, depth: int = 3) -> tuple | None:
    grid = Grid(board)
    line = VCTSearch(VCFSearch(grid, node_limit=nodes)).find(grid.turn, depth)
    return tuple(grid.point(i) for i in line) if line is not None else None


def test_vct_finds_a_double_three_that_vcf_cannot() -> None:
    board = Board(moves=DOUBLE_THREE)
    assert not find_forced_win(board, nodes=5000).found
    line = vct(board)
    assert line is not None and line[0] == (2, 2)
    replay = board.copy()
    for p in line:
        replay.play(p)
    assert replay.winner == Stone.X


def test_vct_respects_the_defenders_own_threats() -> None:
    # The same shape, but O has an open three: after X's double three, O makes an
    # open four and wins first. No VCT for X.
    moves = [(0, 2), (10, 10), (1, 2), (10, 11), (2, 0), (10, 12), (2, 1), (15, 15)]
    assert vct(Board(moves=moves)) is None


def test_vct_every_defence_is_tried() -> None:
    """After the double three, whatever O replies (any empty cell near the stones),
    X still has a win found by VCT from there."""
    board = Board(moves=DOUBLE_THREE + [])
    board.play((2, 2))
    for reply in board.candidates(2):
        board.push(reply)
        try:
            if board.winner is None:
                assert vct(board, depth=2) is not None, reply
        finally:
            board.pop()


def test_solve_with_vct_falls_back_to_threes() -> None:
    board = Board(moves=DOUBLE_THREE)
    plain = find_forced_win(board, nodes=20_000)
    assert not plain.found
    result = find_forced_win(board, nodes=20_000, vct=True)
    assert result.found and result.kind == "vct" and result.moves[0] == (2, 2)


@st.composite
def busy_games(draw: st.DrawFn) -> Board:
    """Random games in a small box, so that fours and threes are common."""
    board = Board()
    for _ in range(draw(st.integers(6, 30))):
        cells = [p for p in board.candidates(1) if -3 <= p[0] <= 4 and -3 <= p[1] <= 4]
        if board.is_over or not cells:
            break
        board.play(cells[draw(st.integers(0, len(cells) - 1))])
    return board


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(busy_games(), st.sampled_from([(0, 0), (FAR, -3), (-FAR, FAR)]))
def test_every_vcf_found_is_a_real_win_wherever_it_is(board: Board, offset: tuple[int, int]) -> None:
    if board.is_over:
        return
    result = find_forced_win(board, nodes=3000, vct=True)
    moved = Board(moves=[(x + offset[0], y + offset[1]) for x, y in board.move_stack])
    there = find_forced_win(moved, nodes=3000, vct=True)
    assert there.found == result.found and there.kind == result.kind
    if not result.found:
        return
    assert there.moves == tuple((x + offset[0], y + offset[1]) for x, y in result.moves)
    if result.kind == "vcf":
        check_line(board, result.moves)
    else:
        replay = board.copy()
        for p in result.moves:
            replay.play(p)
        assert replay.winner == board.turn


def test_a_proof_cut_short_is_no_disproof() -> None:
    # The stop flag up before the first expansion: the prover has no verdict (-1),
    # never "no VCT" (it used to mark the half-expanded root as disproven).
    from gomoku.core import prover as kproof
    from gomoku.core.context import ABORT, new_context

    board = Board(moves=DOUBLE_THREE)
    grid = Grid(board)
    ctx = new_context(grid.size, 1024, 4096, 1000)
    ctx.stop[0] = 1
    assert kproof.prove(grid.state, ctx, 1, 1000, 10) == -1
    assert grid.hash == board.hash and grid.stack == []
    ctx.stop[0] = 0
    ctx.counters[ABORT] = 0
    assert kproof.prove(grid.state, ctx, 1, 1000, 10) == 1


def test_solve_out_of_time_says_so() -> None:
    board = Board(moves=DOUBLE_THREE)
    stop = threading.Event()
    stop.set()
    result = find_forced_win(board, vct=True, stop=stop)
    assert not result.found and not result.complete


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), unique=True, min_size=6, max_size=30))
def test_the_five_a_new_four_makes_is_found_on_its_lines_as_by_a_scan(moves) -> None:
    """``kgrid.five_near`` (the VCF's and the prover's shortcut) agrees with
    ``kgrid.first`` whenever the side has one cell of five: after each move that
    makes a four, and after any move at all (then a five, if any, is anywhere)."""
    from gomoku.core.grid import first, five_near
    from gomoku.core.patterns import C_FIVE

    board = Board()
    for move in moves:
        if board.is_over:
            break
        board.play(move)
        g = Grid(board).state
        for side in (1, 2):
            if int(g.count[side, C_FIVE]) == 1:
                assert five_near(g, side) == first(g, side, C_FIVE)
            elif int(g.count[side, C_FIVE]) == 0:
                assert five_near(g, side) == -1
