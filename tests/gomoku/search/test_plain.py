"""The plain search for the other geometries: its win cells, its moves under gravity,
and a node cost that stays small on a board of six dimensions (issue 11, item 8)."""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import Board, Rules, Stone
from gomoku.engine import Engine
from gomoku.search.plain import PlainSearch
from gomoku.search.types import Limit

GEOMETRIES = [
    Rules.preset("tictactoe"),
    Rules.preset("4x4"),
    Rules.preset("cube3"),
    Rules.preset("qubic"),
    Rules.parse("size=7x6,k=4,gravity"),
    Rules.parse("size=6x6,k=4,exact"),
    Rules(k=4, dims=3),
    Rules(k=4, directions=((1, 0), (0, 1), (1, 1), (2, 1))),
    Rules.parse("size=5x5x5,k=4,gravity"),
]


def random_board(rules: Rules, seed: int, stones: int) -> Board:
    rng = random.Random(seed)
    board = Board(rules)
    for _ in range(stones):
        if board.is_over:
            break
        moves = board.legal_moves() if rules.bounded else board.candidates(1)
        board.play(rng.choice(moves))
    return board


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(GEOMETRIES), st.integers(0, 10**6), st.integers(0, 30))
def test_winning_cells_are_exactly_the_cells_that_win(rules: Rules, seed: int, stones: int) -> None:
    board = random_board(rules, seed, stones)
    if board.is_over:
        return
    search = PlainSearch(board, Limit(depth=1), None, 0.0)
    near = set(board.candidates(2)) if not rules.bounded else set(board.legal_moves())
    for stone in (Stone.X, Stone.O):
        expected = {p for p in near if board.five_through(p, stone)}
        assert search.winning_cells(stone) == expected


def test_a_push_with_fewer_than_k_stones_does_no_line_check(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board(Rules(dims=6, name="6d"))

    def fail(*args: object) -> tuple:
        raise AssertionError("no line check before a side has k stones")

    monkeypatch.setattr(Board, "five_through", fail)
    for move in [
        (0,) * 6,
        (1,) * 6,
        (0, 0, 0, 0, 0, 1),
        (2,) * 6,
        (0, 0, 0, 0, 0, 2),
        (3,) * 6,
        (0, 0, 0, 0, 0, 3),
        (4,) * 6,
    ]:
        board.push(move)
    assert board.winner is None and board._counts == [0, 4, 4]
    board.pop()
    assert board._counts == [0, 4, 3]


def test_six_dimensions_search_a_whole_depth_in_few_nodes() -> None:
    board = Board(Rules(dims=6, name="6d"), [(0,) * 6, (1,) * 6])
    search = PlainSearch(board.copy(), Limit(depth=1), None, 0.0)
    infos = list(search.run())
    # Depth 1 is one node per candidate (3^6 - 1 around each of the two stones, less overlaps) plus the root.
    assert infos[-1].depth == 1 and search.nodes == len(board.candidates(1)) + 1
    hint = Engine().hint(board, nodes=50)
    assert hint.move not in board.stones and len(hint.move) == 6


def test_a_stop_is_seen_at_the_first_node() -> None:
    board = Board(Rules(dims=6, name="6d"), [(0,) * 6, (1,) * 6])
    stop = threading.Event()
    stop.set()
    search = PlainSearch(board.copy(), Limit(), stop, 0.0)
    infos = list(search.run())
    assert infos[-1].pv[0] not in board.stones and search.nodes <= 1


@pytest.mark.parametrize(
    ("rules", "moves", "answer"),
    [
        # Connect Four: X's three on the bottom row is blocked at the only open end.
        (Rules.parse("size=7x6,k=4,gravity"), [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)], (3, 0)),
        # 4x4x4: O must block X's three on the space diagonal.
        (Rules.preset("qubic"), [(0, 0, 0), (0, 1, 0), (1, 1, 1), (0, 2, 0), (2, 2, 2)], (3, 3, 3)),
        # 4x4x4: X wins at once.
        (Rules.preset("qubic"), [(0, 0, 0), (0, 1, 0), (1, 1, 1), (0, 2, 0), (2, 2, 2), (0, 3, 3)], (3, 3, 3)),
    ],
)
def test_the_plain_search_wins_and_blocks(rules: Rules, moves: list, answer: tuple) -> None:
    board = Board(rules, moves)
    hint = Engine("normal").hint(board, depth=2)
    assert hint.move == answer


def test_a_floating_cell_is_never_searched() -> None:
    board = Board(Rules.parse("size=7x6,k=4,gravity"), [(3, 0)])
    search = PlainSearch(board.copy(), Limit(depth=3), None, 0.0)
    moves, _ = search._moves()
    assert sorted(moves) == board.legal_moves()
    assert all(p[1] == 0 or p == (3, 1) for p in moves)


@pytest.mark.parametrize(("name", "lines"), [("cube3", 13), ("qubic", 7), ("4x4", 3)])
def test_with_nothing_forced_the_search_plays_a_cell_on_the_most_lines(name: str, lines: int) -> None:
    from gomoku.board.geometry import Geometry

    rules = Rules.preset(name)
    geometry = Geometry.of(rules)
    move = Engine("easy").hint(Board(rules), depth=1).move
    assert len(geometry.lines_through[geometry.index[move]]) == lines == max(len(t) for t in geometry.lines_through)


def test_the_plain_search_stops_at_once_when_told() -> None:
    # 3-D rules take the plain board search, whose nodes cost a millisecond or more:
    # it looked at the stop event (and the clock) only every 64 nodes.
    board = Board(Rules(k=4, dims=3), [(0, 0, 0), (1, 1, 1), (0, 1, 0), (2, 2, 2)])
    stop = threading.Event()
    stop.set()
    search = PlainSearch(board.copy(), Limit(), stop, 0.0)
    infos = list(search.run())
    assert infos and infos[-1].pv[0] not in board.stones
    assert search.nodes <= 1


def test_the_plain_search_sees_a_five_on_a_line_with_long_steps() -> None:
    # X has four on the knight's line (2, 1): the cells that make five are two away
    # from the nearest stone, beyond the plain search's candidates of radius 1.
    rules = Rules(directions=((1, 0), (0, 1), (1, 1), (2, 1)))
    board = Board(rules, [(0, 0), (0, 9), (2, 1), (3, 9), (4, 2), (6, 9), (6, 3), (9, 9)])
    hint = Engine().hint(board, nodes=300)
    assert hint.move in [(-2, -1), (8, 4)]
    assert hint.forced_win
