"""The board: push/pop and the hash, the win check against a brute-force scan,
legality errors, rules presets, set-up stones, candidates."""

from __future__ import annotations

import itertools
from functools import reduce

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import FAR, games, move_lists, offsets, rule_sets

from gomoku.board import (
    SIDE_KEY,
    Board,
    BoardError,
    GameOverError,
    InvalidPointError,
    OccupiedError,
    OutOfBoundsError,
    Rules,
    Stone,
    format_point,
    line_directions,
    zobrist,
)


def snapshot(board: Board) -> tuple:
    return (
        dict(board.stones),
        list(board.move_stack),
        board.turn,
        board.winner,
        board.winning_line,
        board.hash,
        dict(board.setup),
    )


def hash_from_scratch(board: Board) -> int:
    return reduce(lambda h, item: h ^ zobrist(item[0], item[1]), board.stones.items(), 0)


def brute_force_winner(board: Board, stone: Stone) -> bool:
    """Whether ``stone`` has a winning run anywhere: every maximal run along
    every direction, measured from its first cell."""
    k, exact = board.rules.k, not board.rules.overline
    for point, s in board.stones.items():
        if s != stone:
            continue
        for d in board.rules.directions:
            before = tuple(a - b for a, b in zip(point, d))
            if board.stones.get(before) == stone:
                continue  # not the start of the run
            length, q = 0, point
            while board.stones.get(q) == stone:
                length += 1
                q = tuple(a + b for a, b in zip(q, d))
            if length == k or (length > k and not exact):
                return True
    return False


def assert_line_is_a_run(board: Board) -> None:
    line = board.winning_line
    assert board.last_move in line or board.setup
    assert all(board.stones[p] == board.winner for p in line)
    steps = {tuple(b - a for a, b in zip(p, q)) for p, q in zip(line, line[1:])}
    assert len(steps) == 1 and steps.pop() in board.rules.directions
    if board.rules.overline:
        assert len(line) >= board.rules.k
    else:
        assert len(line) == board.rules.k


# -- push / pop / hash -----------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(rule_sets(), st.data())
def test_push_then_pop_restores_board_and_hash(rules: Rules, data: st.DataObject) -> None:
    offset = data.draw(offsets()) if rules.bounds is None else None
    moves = data.draw(move_lists(rules, max_moves=45, span=7, offset=offset))
    board = Board(rules)
    history = [snapshot(board)]
    for move in moves:
        board.push(move)  # unchecked: pushing on after a win is allowed
        assert board.hash == hash_from_scratch(board)
        history.append(snapshot(board))
    for expected in reversed(history[:-1]):
        board.pop()
        assert snapshot(board) == expected
    assert board.hash == 0 and not board.stones and board.turn is Stone.X


@settings(max_examples=40, deadline=None)
@given(games(rule_sets(bounded=False), max_moves=20, far=True), st.randoms(use_true_random=False))
def test_hash_depends_on_position_not_order(board: Board, rng) -> None:
    xs = [p for p in board.move_stack[0::2]]
    os_ = [p for p in board.move_stack[1::2]]
    rng.shuffle(xs)
    rng.shuffle(os_)
    other = Board(board.rules)
    for i, x in enumerate(xs):
        other.push(x)
        if i < len(os_):
            other.push(os_[i])
    assert other.hash == board.hash
    assert other.stones == board.stones


def test_zobrist_keys_differ_for_far_points_and_stones() -> None:
    points = [(0, 0), (1, 0), (0, 1), (-1, 0), (FAR, -FAR), (-FAR, FAR), (2**64, 0), (0, 2**64)]
    keys = {zobrist(p, s) for p in points for s in (1, 2)}
    assert len(keys) == 2 * len(points)
    assert all(0 <= key < 2**64 for key in keys)


def test_copy_is_independent() -> None:
    board = Board(moves=[(0, 0), (1, 0)])
    twin = board.copy()
    twin.play((2, 2))
    assert board.move_stack == [(0, 0), (1, 0)] and len(board) == 2
    assert twin.hash != board.hash
    twin.pop()
    assert snapshot(twin) == snapshot(board)


# -- the win check ------------------------------------------------------------
@settings(max_examples=120, deadline=None)
@given(games(rule_sets(), max_moves=50, span=6))
def test_win_check_agrees_with_brute_force(board: Board) -> None:
    # Replay and compare at every ply: before a win there is none anywhere,
    # and the last move makes one exactly when the scan finds one.
    replay = Board(board.rules)
    for move in board.move_stack:
        mover = replay.turn
        replay.play(move)
        assert (replay.winner is not None) == brute_force_winner(replay, mover)
        assert not brute_force_winner(replay, mover.other)
    if board.winner is not None:
        assert_line_is_a_run(board)
    assert replay.winner == board.winner


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from([3, 4]), st.booleans(), st.booleans())
def test_win_check_in_three_dimensions(data: st.DataObject, k: int, overline: bool, bounded: bool) -> None:
    bounds = ((0, 0, 0), (k - 1, k - 1, k - 1)) if bounded else None
    rules = Rules(k=k, overline=overline, bounds=bounds, dims=3, name="cube")
    board = data.draw(games(rules, max_moves=30, span=k + 1))
    replay = Board(rules)
    for move in board.move_stack:
        mover = replay.turn
        replay.play(move)
        assert (replay.winner is not None) == brute_force_winner(replay, mover)
    if board.winner is not None:
        assert_line_is_a_run(board)


def test_three_d_space_diagonal_wins() -> None:
    rules = Rules(k=3, dims=3, bounds=((0, 0, 0), (2, 2, 2)), name="cube3")
    board = Board(rules, [(0, 0, 0), (1, 0, 0), (1, 1, 1), (2, 0, 0), (2, 2, 2)])
    assert board.winner is Stone.X
    assert board.winning_line == ((0, 0, 0), (1, 1, 1), (2, 2, 2))
    assert len(rules.directions) == 13


def test_exact_five_rejects_overline_and_freestyle_accepts_it() -> None:
    # X: 0..2 and 4..5 on row 0, then fills 3 to make six.
    xs = [(0, 0), (1, 0), (2, 0), (4, 0), (5, 0), (3, 0)]
    os_ = [(0, 5), (2, 5), (4, 5), (6, 5), (8, 5)]
    moves = [m for pair in itertools.zip_longest(xs, os_) for m in pair if m is not None]
    assert Board(Rules.preset("freestyle"), moves).winner is Stone.X
    exact = Board(Rules.preset("standard"), moves)
    assert exact.winner is None and not exact.is_over


def test_exact_five_wins_with_a_five_next_to_an_opponent_stone() -> None:
    board = Board(Rules.preset("standard"))
    for move in [(0, 0), (5, 0), (1, 0), (9, 9), (2, 0), (9, 7), (3, 0), (9, 5), (4, 0)]:
        board.play(move)
    assert board.winner is Stone.X and len(board.winning_line) == 5


def test_a_win_is_undone_by_pop() -> None:
    board = Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)])
    assert board.result == "X" and board.is_over
    board.pop()
    assert board.winner is None and board.winning_line == () and board.result is None
    board.push((-1, 0))
    assert board.winning_line == ((-1, 0), (0, 0), (1, 0), (2, 0), (3, 0))


# -- legality ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "rules, moves, bad, error",
    [
        (Rules(), [(0, 0)], (0, 0), OccupiedError),
        (Rules.preset("gomocup15"), [(7, 7)], (15, 0), OutOfBoundsError),
        (Rules.preset("gomocup15"), [(7, 7)], (-1, 3), OutOfBoundsError),
        (Rules(), [(0, 0)], (0, 0, 0), InvalidPointError),
        (Rules(), [(0, 0)], (1.0, 2), InvalidPointError),
        (Rules(), [(0, 0)], (True, 2), InvalidPointError),
        (Rules(), [(0, 0)], [1, 2], InvalidPointError),
        (Rules(), [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)], (9, 9), GameOverError),
        (
            Rules.preset("tictactoe"),
            [(0, 0), (1, 1), (0, 1), (0, 2), (2, 0), (1, 0), (1, 2), (2, 1), (2, 2)],
            (5, 5),
            GameOverError,
        ),
    ],
)
def test_illegal_play_raises_and_leaves_the_board_unchanged(rules, moves, bad, error) -> None:
    board = Board(rules, moves)
    before = snapshot(board)
    with pytest.raises(error) as info:
        board.play(bad)
    assert isinstance(info.value, BoardError) and isinstance(info.value, ValueError)
    assert str(info.value)
    assert snapshot(board) == before


def test_tictactoe_draw() -> None:
    board = Board(Rules.preset("tictactoe"), [(0, 0), (1, 1), (0, 1), (0, 2), (2, 0), (1, 0), (1, 2), (2, 1), (2, 2)])
    assert board.is_draw and board.result == "draw" and board.winner is None


@settings(max_examples=40, deadline=None)
@given(games(rule_sets(bounded=True), max_moves=30), st.tuples(st.integers(-20, 20), st.integers(-20, 20)))
def test_play_outside_bounds_never_changes_board(board: Board, point) -> None:
    before = snapshot(board)
    if board.rules.contains(point) and point not in board.stones and not board.is_over:
        board.play(point)
        assert board.stones[point] is before[2]
    else:
        with pytest.raises(BoardError):
            board.play(point)
        assert snapshot(board) == before


# -- rules ------------------------------------------------------------------------------
def test_presets() -> None:
    assert Rules.preset("freestyle") == Rules()
    assert Rules.preset("standard").overline is False
    assert Rules.preset("gomocup20").bounds == ((0, 0), (19, 19))
    assert Rules.preset("gomocup15").area == 225
    ttt = Rules.preset("tictactoe")
    assert ttt.k == 3 and ttt.area == 9 and ttt.centre() == (1, 1)
    with pytest.raises(ValueError, match="choose one of"):
        Rules.preset("pente")


def test_line_directions_have_no_opposites() -> None:
    for dims in (1, 2, 3, 4):
        directions = line_directions(dims)
        assert len(directions) == (3**dims - 1) // 2
        negated = {tuple(-c for c in d) for d in directions}
        assert not negated & set(directions)


# -- set-up stones ----------------------------------------------------------------------
def test_set_up_stones_are_never_popped() -> None:
    board = Board()
    board.set_up({(0, 0): Stone.X, (1, 0): Stone.X, (5, 5): Stone.O}, Stone.X)
    assert board.turn is Stone.X and board.move_stack == [] and len(board) == 3
    assert board.hash == hash_from_scratch(board) ^ SIDE_KEY  # 3 stones, X to move: unusual
    before = snapshot(board)
    board.push((2, 0))
    board.push((6, 6))
    board.pop()
    board.pop()
    assert snapshot(board) == before


def test_set_up_turn_changes_the_hash() -> None:
    stones = {(0, 0): Stone.X, (1, 1): Stone.O}
    a, b = Board(), Board()
    a.set_up(stones, Stone.X)
    b.set_up(stones, Stone.O)
    assert a.hash != b.hash
    played = Board(moves=[(0, 0), (1, 1)])
    assert played.hash == a.hash  # the usual side to move: the usual hash


def test_set_up_with_a_five_has_a_winner() -> None:
    board = Board()
    board.set_up({(i, 0): Stone.O for i in range(5)} | {(0, 3): Stone.X})
    assert board.winner is Stone.O and board.is_over
    with pytest.raises(GameOverError):
        board.play((9, 9))


@pytest.mark.parametrize(
    "prepare, stones",
    [
        (lambda b: b.play((0, 0)), {(1, 1): Stone.X}),
        (lambda b: None, {(i, 0): Stone.O for i in range(5)} | {(i, 1): Stone.X for i in range(5)}),
        (lambda b: None, {(0, 0, 0): Stone.X}),
    ],
)
def test_bad_set_up_raises_and_changes_nothing(prepare, stones) -> None:
    board = Board()
    prepare(board)
    before = snapshot(board)
    with pytest.raises(BoardError):
        board.set_up(stones)
    assert snapshot(board) == before


def test_set_up_out_of_bounds() -> None:
    board = Board(Rules.preset("gomocup15"))
    with pytest.raises(OutOfBoundsError):
        board.set_up({(15, 15): Stone.X})
    assert not board.stones


# -- reading --------------------------------------------------------------------------
def test_candidates_and_bounding_box() -> None:
    assert Board().candidates() == [(0, 0)]
    assert Board(Rules.preset("gomocup15")).candidates() == [(7, 7)]
    board = Board(moves=[(0, 0), (FAR, -FAR)])
    cands = board.candidates(1)
    assert len(cands) == 16 and cands == sorted(cands)
    assert (FAR + 1, -FAR - 1) in cands and (0, 0) not in cands
    assert board.bounding_box() == ((0, -FAR), (FAR, 0))
    corner = Board(Rules.preset("gomocup15"), [(0, 0)])
    assert corner.candidates(2) == [p for p in itertools.product(range(3), repeat=2) if p != (0, 0)]
    cube = Board(Rules(dims=3), [(0, 0, 0)])
    assert len(cube.candidates(1)) == 26


def test_format_point() -> None:
    assert format_point((3, -4)) == "3,-4"
    assert format_point((FAR, 0, -1)) == f"{FAR},0,-1"


def test_rules_validation() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Rules(k=0)
    with pytest.raises(ValueError, match="one coordinate per dimension"):
        Rules(bounds=((0, 0, 0), (1, 1, 1)))
    with pytest.raises(ValueError, match="low corner"):
        Rules(bounds=((5, 0), (0, 5)))
    with pytest.raises(ValueError, match="at least one cell"):
        Rules.square(0)


def test_changing_rules_before_play_takes_effect() -> None:
    board = Board()
    board.rules = Rules(k=3, overline=False, name="three")
    for move in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]:
        board.play(move)
    assert board.winner is Stone.X and board.copy().rules.k == 3


def test_pop_of_an_empty_stack_keeps_a_set_up_winner() -> None:
    board = Board()
    board.set_up({(i, 0): Stone.X for i in range(5)} | {(i, 1): Stone.O for i in range(4)})
    with pytest.raises(IndexError):
        board.pop()
    assert board.winner is Stone.X and len(board.winning_line) == 5


@pytest.mark.parametrize("text", ["connect4", "size=3x3x3,k=3,gravity", "size=4x4,k=4,gravity", "size=8,k=4,gravity"])
def test_the_first_candidate_under_gravity_is_a_cell_a_stone_can_go_to(text: str) -> None:
    board = Board(Rules.parse(text))
    assert board.candidates() and set(board.candidates()) <= set(board.legal_moves())
