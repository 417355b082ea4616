"""The perfect player, the move table and the magic square: exhaustive where it is cheap."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from gomoku.board import Board, Rules, Stone
from gomoku.board.geometry import Geometry
from gomoku.classic import perfect
from gomoku.classic.magic import (
    CUBE_SUM,
    MAGIC_CUBE,
    SQUARE_NUMBER,
    cube_number,
    cube_report,
    magic_move,
    magic_poss_win,
)
from gomoku.classic.perfect import Solver, solve_exactly, symmetries
from gomoku.classic.script import BLANK, O, X, poss_win
from gomoku.classic.table import SQUARES, board_vector, move_table, table_move, to_index, to_vector
from gomoku.engine.players import classic_move


def brute_force(rules: Rules):
    """An independent exact search: plain negamax over every position, no pruning, no
    symmetry, no forced moves; the same absolute scores (cells + 1 - stones at the win)."""
    g = Geometry.of(rules)
    big = g.size + 1

    @cache
    def value(me: int, them: int) -> int:
        occupied = me | them
        stones = bin(occupied).count("1")
        if g.wins(them):
            return -(big - stones)
        if stones == g.size:
            return 0
        return max(-value(them, me | 1 << c) for c in g.legal(occupied))

    return g, value


def reachable(rules: Rules):
    """Every position some game reaches (as boards), the over ones included."""
    seen = {}
    stack = [Board(rules)]
    while stack:
        board = stack.pop()
        key = frozenset(board.stones.items())
        if key in seen:
            continue
        seen[key] = board
        for move in board.legal_moves():
            child = board.copy()
            child.play(move)
            stack.append(child)
    return list(seen.values())


@pytest.mark.parametrize("name", ["tictactoe", "size=3x3,k=3,gravity", "size=4x3,k=3,gravity", "size=2x2x2,k=2"])
def test_perfect_agrees_with_brute_force_on_every_reachable_position(name: str) -> None:
    rules = Rules.parse(name)
    g, value = brute_force(rules)
    solver = Solver(rules)
    for board in reachable(rules):
        if board.is_over:
            continue
        me, them = g.masks(board)
        exact = value(me, them)
        assert solver.value(me, them) == exact
        moves, score = solver.best_moves(board)
        assert score == exact
        best = {g.cells[c] for c in g.legal(me | them) if -value(them, me | 1 << g.index[g.cells[c]]) == exact}
        assert set(moves) == best


def test_the_solved_values() -> None:
    three = solve_exactly(Rules.preset("tictactoe"))
    assert (three.result, three.plies) == ("draw", 9)
    four = solve_exactly(Rules.preset("4x4"))
    assert (four.result, four.plies) == ("draw", 16)
    cube = solve_exactly(Rules.preset("cube3"))
    assert (cube.result, cube.plies) == ("X", 7)
    # From a position: after X's centre and O's corner on 3x3, still a draw in 7 more plies.
    board = Board(Rules.preset("tictactoe"), [(1, 1), (0, 0)])
    assert (solve_exactly(board.rules, board).result, solve_exactly(board.rules, board).plies) == ("draw", 7)
    # X to move with two threats: X wins at once.
    board = Board(Rules.preset("tictactoe"), [(0, 0), (1, 1), (1, 0), (2, 2)])
    assert (solve_exactly(board.rules, board).result, solve_exactly(board.rules, board).plies) == ("X", 1)


@pytest.mark.parametrize("name", ["4x4", "cube3", "size=3x3x3,k=3,gravity"])
def test_symmetries_change_nothing(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules.parse(name)
    with_symmetry = Solver(rules)
    value = with_symmetry.value(0, 0)
    monkeypatch.setattr(perfect, "CANONICAL_STONES", -1)
    plain = Solver(rules)
    assert plain.value(0, 0) == value
    assert len(with_symmetry.table) < len(plain.table)


def test_symmetries_of_each_board() -> None:
    counts = {
        name: len(symmetries(Geometry.of(Rules.parse(name))))
        for name in (
            "tictactoe",
            "4x4",
            "cube3",
            "qubic",
            "size=3x3x3,k=3,gravity",
            "size=7x6,k=4,gravity",
            "size=4x3,k=3",
        )
    }
    assert counts == {
        "tictactoe": 8,
        "4x4": 8,
        "cube3": 48,
        "qubic": 48,
        "size=3x3x3,k=3,gravity": 8,
        "size=7x6,k=4,gravity": 2,
        "size=4x3,k=3": 4,
    }


def every_game_against(player: str, stone: Stone, rules: Rules):
    """The results of ``player`` (all its best moves, for perfect) as ``stone`` against every opponent sequence."""
    results = []

    def walk(board: Board) -> None:
        if board.is_over:
            results.append(board.winner)
            return
        if board.turn is stone and player == "perfect":
            moves, _ = perfect.solver_for(rules).best_moves(board)
        elif board.turn is stone:
            moves = [classic_move(player, board)]
        else:
            moves = board.legal_moves()
        for move in moves:
            board.play(move)
            walk(board)
            board.pop()

    walk(Board(rules))
    return results


@pytest.mark.parametrize("stone", [Stone.X, Stone.O])
@pytest.mark.parametrize("player", ["perfect", "table"])
def test_never_loses_at_3x3_against_every_sequence(player: str, stone: Stone) -> None:
    results = every_game_against(player, stone, Rules.preset("tictactoe"))
    assert results and stone.other not in results
    assert stone in results  # and it takes the wins it is given


def test_the_move_table_is_perfect_play_on_every_reachable_position() -> None:
    rules = Rules.preset("tictactoe")
    solver = perfect.solver_for(rules)
    table = move_table()
    boards = reachable(rules)
    live = {to_index(board_vector(b)) for b in boards if not b.is_over}
    assert {i for i in range(3**9) if table[i] >= 0} == live
    for board in boards:
        if board.is_over:
            continue
        move = table_move(board)
        best, _ = solver.best_moves(board)
        assert move in best
        after = list(board_vector(board))
        after[SQUARES.index(move)] = int(board.turn)
        assert to_vector(int(table[to_index(board_vector(board))])) == tuple(after)
    assert all(to_index(to_vector(i)) == i for i in range(0, 3**9, 7))


def magic_wins(numbers: list[int]) -> bool:
    """Whether three of a player's magic numbers sum to 15."""
    return any(sum(t) == 15 for t in itertools.combinations(numbers, 3))


def test_the_magic_square_check_agrees_with_the_lines_on_every_3x3_position() -> None:
    g = Geometry.of(Rules.preset("tictactoe"))
    square_cell = [g.index[p] for p in SQUARES]
    for vector in itertools.product((0, 1, 2), repeat=9):
        b = [0] + [{0: BLANK, 1: X, 2: O}[v] for v in vector]
        for player, value in ((X, 1), (O, 2)):
            numbers = [SQUARE_NUMBER[n] for n in range(1, 10) if vector[n - 1] == value]
            mask = sum(1 << square_cell[n] for n in range(9) if vector[n] == value)
            assert magic_wins(numbers) == g.wins(mask)
            # PossWin by sums finds a winning square exactly when the products do.
            by_sum, by_product = magic_poss_win(b, player), poss_win(b, player)
            assert (by_sum == 0) == (by_product == 0)
            for square in (by_sum, by_product):
                if square:
                    assert b[square] == BLANK and g.wins(mask | 1 << square_cell[square - 1])


def test_the_magic_cube_misses_exactly_the_outer_face_diagonals() -> None:
    numbers = sorted(n for layer in MAGIC_CUBE for row in layer for n in row)
    assert numbers == list(range(1, 28))
    report = cube_report()
    assert len(report.lines) == 49

    def outer_face_diagonal(line) -> bool:
        varying = [axis for axis in range(3) if len({p[axis] for p in line}) > 1]
        fixed = [axis for axis in range(3) if axis not in varying]
        return len(varying) == 2 and line[0][fixed[0]] in (0, 2)

    assert set(report.missed) == {line for line in report.lines if outer_face_diagonal(line)}
    assert len(report.missed) == 12
    for line in report.lines:
        assert (sum(cube_number(p) for p in line) == CUBE_SUM) == (line not in report.missed)
    line_sets = {frozenset(line) for line in report.lines}
    for triple in report.false:
        assert sum(cube_number(p) for p in triple) == CUBE_SUM and frozenset(triple) not in line_sets


def test_the_seeds_magic_square_example() -> None:
    """Seed 003's worked example: H plays 8, 3, 6, 2 (magic numbers); C blocks 4, blocks 1, wins with 9."""
    square_of = {SQUARE_NUMBER[n]: SQUARES[n - 1] for n in range(1, 10)}
    board = Board(Rules.preset("tictactoe"))
    replies = []
    for number in (8, 3, 6, 2):
        board.play(square_of[number])
        reply = magic_move(board)
        replies.append(SQUARE_NUMBER[SQUARES.index(reply) + 1])
        board.play(reply)
    assert replies == [5, 4, 1, 9]
    assert board.winner is Stone.O
