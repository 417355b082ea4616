"""The search under renju (``gomoku.core.renju``): the grid's forbidden cells agree with
the reference detector (``gomoku.board.renju``) and are kept by its moves; black never
plays one, never attacks through one and cannot defend on one; white wins by forcing
black's only block onto one."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import Board, BoardError, Rules, Stone
from gomoku.board.renju import forbidden
from gomoku.core.patterns import C_FIVE, C_NONE
from gomoku.core.renju import forbidden_at
from gomoku.search.layout import Grid
from gomoku.search.searcher import Searcher
from gomoku.search.threats import VCFSearch, VCTSearch
from gomoku.search.types import Limit

RENJU = Rules.preset("renju")
FREE = Rules.preset("gomocup15")


def play(rules: Rules, black: list[tuple[int, int]], white: list[tuple[int, int]]) -> Board:
    """The board with the stones played alternately, black first (``white`` may hold one fewer)."""
    board = Board(rules)
    for j, b in enumerate(black):
        board.play(b)
        if j < len(white):
            board.play(white[j])
    return board


def forbidden_cells(grid: Grid) -> set[tuple[int, int]]:
    g = grid.state
    return {grid.point(int(q)) for q in np.flatnonzero((g.forb > 0) & (g.cells == 0))}


def reference(board: Board) -> set[tuple[int, int]]:
    stones = {p: int(s) for p, s in board.stones.items()}
    return {
        (x, y)
        for x in range(15)
        for y in range(15)
        if (x, y) not in stones and forbidden(stones, (x, y), board.rules) is not None
    }


def lines_through(point: tuple[int, int], reach: int = 5) -> set[tuple[int, int]]:
    x, y = point
    return {(x + t * dx, y + t * dy) for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)) for t in range(-reach, reach + 1)}


# Black's three across and three down meet at 6,7: two fours there (renju: forbidden).
DOUBLE_FOUR_BLACK = [(3, 7), (4, 7), (5, 7), (6, 4), (6, 5), (6, 6)]
DOUBLE_FOUR_WHITE = [(2, 7), (6, 3), (12, 1), (1, 12), (13, 13)]
DOUBLE_FOUR = (6, 7)


def test_the_grid_marks_a_forbidden_cell_out_of_blacks_classes() -> None:
    board = play(RENJU, DOUBLE_FOUR_BLACK, DOUBLE_FOUR_WHITE + [(0, 0)])
    grid = Grid(board)
    g = grid.state
    q = grid.index[DOUBLE_FOUR]
    assert forbidden_cells(grid) == reference(board) == {DOUBLE_FOUR}
    assert int(forbidden_at(g.cells, g.steps, q)) == 2  # a double four
    assert int(g.cls[1, q]) == C_NONE and int(g.order[1, q]) == 0
    assert int(g.count[1, C_NONE]) == int(sum(g.cls[1, i] == C_NONE for i in np.flatnonzero(g.cells == 0)))
    free = Grid(play(FREE, DOUBLE_FOUR_BLACK, DOUBLE_FOUR_WHITE + [(0, 0)]))
    assert free.state.forb.size == 1 and int(free.state.cls[1, free.index[DOUBLE_FOUR]]) != C_NONE


def test_renju_reads_black_exact_five_and_white_overline() -> None:
    # X X X . X X at y=7: black's 6,7 would make six (forbidden, no five); white's line wins with six.
    black = [(3, 7), (4, 7), (5, 7), (7, 7), (8, 7), (0, 0)]
    white = [(3, 9), (4, 9), (5, 9), (7, 9), (8, 9)]
    board = play(RENJU, black, white)
    grid = Grid(board)
    g = grid.state
    q = grid.index[(6, 7)]
    assert int(g.forb[q]) == 1 and int(forbidden_at(g.cells, g.steps, q)) == 1  # an overline
    assert int(g.cls[2, grid.index[(6, 9)]]) == C_FIVE  # white: six in a row wins
    assert reference(board) == forbidden_cells(grid)


def test_freestyle_search_plays_the_double_four_and_renju_search_never_does() -> None:
    for rules in (FREE, RENJU):
        board = play(rules, DOUBLE_FOUR_BLACK, DOUBLE_FOUR_WHITE + [(0, 0)])
        infos = list(Searcher(16).search(board, Limit(nodes=3000)))
        move = infos[-1].pv[0]
        if rules is FREE:
            assert move == DOUBLE_FOUR and infos[-1].forced_win
        else:
            assert move != DOUBLE_FOUR and board.forbidden(move) is None and move not in board.stones


def test_blacks_vcf_through_a_forbidden_four_is_refused() -> None:
    white = DOUBLE_FOUR_WHITE + [(0, 0)]
    free = Grid(play(FREE, DOUBLE_FOUR_BLACK, white))
    line = VCFSearch(free, node_limit=50_000).find(1)
    assert line is not None and free.point(line[0]) == DOUBLE_FOUR
    grid = Grid(play(RENJU, DOUBLE_FOUR_BLACK, white))
    assert VCFSearch(grid, node_limit=50_000).find(1) is None


# Black's twos across and down through 7,7 (a double three there) and a black stone at
# 2,2; white's three on the diagonal 3,3-5,5: white's four at 6,6 leaves one cell, 7,7.
CROSS_BLACK = [(6, 7), (8, 7), (7, 6), (7, 8), (2, 2)]
CROSS_WHITE = [(3, 3), (4, 4), (5, 5), (13, 1)]


def test_whites_vcf_by_forcing_blacks_block_onto_a_forbidden_cell() -> None:
    free = Grid(play(FREE, CROSS_BLACK, CROSS_WHITE))
    assert VCFSearch(free, node_limit=50_000).find(2) is None  # black blocks at 7,7
    board = play(RENJU, CROSS_BLACK, CROSS_WHITE)
    assert board.forbidden((7, 7)) is not None
    grid = Grid(board)
    line = VCFSearch(grid, node_limit=50_000).find(2)
    assert line is not None and [grid.point(q) for q in line] == [(6, 6)]
    # The prover and the tree see it too.
    search = VCFSearch(grid, node_limit=200_000)
    assert VCTSearch(search).find(2) is not None
    infos = list(Searcher(16).search(board, Limit(nodes=3000)))
    assert infos[-1].forced_win and infos[-1].pv[0] == (6, 6)


def test_black_to_block_on_a_forbidden_cell_has_lost() -> None:
    board = play(RENJU, CROSS_BLACK, CROSS_WHITE)
    board.play((6, 6))  # white's four: black's only block is 7,7, forbidden
    infos = list(Searcher(16).search(board, Limit(nodes=2000)))
    last = infos[-1]
    assert last.score < -1000 and board.forbidden(last.pv[0]) is None and last.pv[0] not in board.stones


def test_take_back_restores_the_forbidden_cells() -> None:
    board = play(RENJU, CROSS_BLACK, CROSS_WHITE)
    grid = Grid(board)
    g = grid.state
    before = {name: np.copy(getattr(g, name)) for name in ("forb", "cls", "order", "count", "value")}
    for point in [(6, 6), (7, 7), (9, 7), (5, 7), (7, 5)]:
        q = grid.index[point]
        grid.push(q)
        grid.pop()
        for name, array in before.items():
            assert np.array_equal(getattr(g, name), array), (point, name)


moves = st.lists(st.tuples(st.integers(3, 11), st.integers(3, 11)), min_size=8, max_size=40)


def random_board(points: list[tuple[int, int]]) -> Board:
    board = Board(RENJU)
    for p in points:
        if board.is_over:
            break
        try:
            board.play(p)
        except BoardError:
            continue  # taken, or forbidden to black
    return board


@settings(max_examples=25, deadline=None)
@given(moves, st.tuples(st.integers(3, 11), st.integers(3, 11)))
def test_the_grids_cells_agree_with_the_reference_and_follow_a_move(
    points: list[tuple[int, int]], extra: tuple[int, int]
) -> None:
    board = random_board(points)
    if board.is_over:
        return
    grid = Grid(board)
    assert forbidden_cells(grid) == reference(board)
    g = grid.state
    empty = np.flatnonzero(g.cells == 0)
    assert int(g.count[1].sum()) == empty.size
    if extra in board.stones or (board.turn == 1 and board.forbidden(extra) is not None):
        return
    grid.push(grid.index[extra])
    board.play(extra)
    if board.is_over:
        return
    near = lines_through(extra)
    assert {p for p in forbidden_cells(grid) if p in near} == {p for p in reference(board) if p in near}


@settings(max_examples=12, deadline=None)
@given(moves)
def test_the_renju_search_never_gives_black_a_forbidden_move(points: list[tuple[int, int]]) -> None:
    board = random_board(points)
    if board.is_over:
        return
    if board.turn != 1:
        try:
            board.play((7, 7) if (7, 7) not in board.stones else (3, 3))
        except BoardError:
            return
    if board.is_over or board.turn != 1:
        return
    for info in Searcher(16).search(board, Limit(nodes=400)):
        assert board.forbidden(info.pv[0]) is None and info.pv[0] not in board.stones


def dense_board(seed: int) -> Board:
    """24 stones in the 7x7 square at the centre, two black to one white: many cells forbidden to black."""
    rng = random.Random(seed)
    stones: dict[tuple[int, int], Stone] = {}
    while len(stones) < 24:
        stones.setdefault((rng.randint(4, 10), rng.randint(4, 10)), Stone.X if len(stones) % 3 else Stone.O)
    board = Board(RENJU)
    board.set_up(stones, Stone.X)
    return board


def test_moves_and_take_backs_keep_the_forbidden_cells_of_a_fresh_grid() -> None:
    # Random walks of moves and take-backs (black never on a forbidden cell): after each step the
    # grid's forbidden cells against those of a grid laid out afresh for the same position (judged
    # whole); after each take-back exactly as they were when the walk was last there (a take-back
    # restores them from its move's record). A move's verdicts are the search's approximation (a
    # verdict through a three's completing cell off the cell's lines waits for the next stone on
    # them): a few may differ from the fresh grid's (2.5% of the forbidden cells seen in these dense
    # positions, each a cell off the lines of the moves), not more.
    checks = differ = seen = 0
    for seed in range(16):
        board = dense_board(seed)
        if board.is_over:
            continue
        rng = random.Random(seed)
        grid = Grid(board)
        g = grid.state
        path = [forbidden_cells(grid)]
        for _ in range(40):
            if len(path) > 1 and (rng.random() < 0.4 or len(path) > 6 or board.is_over):
                grid.pop()
                board.pop()
                path.pop()
                assert forbidden_cells(grid) == path[-1]
            else:
                black = board.turn is Stone.X
                q = rng.choice([q for q in grid.candidates() if not (black and g.forb[q])])
                board.play(grid.point(q))
                grid.push(q)
                path.append(forbidden_cells(grid))
            if board.is_over:
                continue
            fresh = forbidden_cells(Grid(board))
            checks += 1
            seen += len(fresh)
            differ += len(path[-1] ^ fresh)
        while len(path) > 1:
            grid.pop()
            path.pop()
        assert forbidden_cells(grid) == path[0] == forbidden_cells(Grid(dense_board(seed)))
    assert checks > 500 and seen > checks  # the walks see forbidden cells, more than one a position
    assert differ * 25 <= seen, (differ, seen)
