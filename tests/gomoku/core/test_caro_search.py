"""Caro in the compiled search: the tables, the grid and the engine against the board."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import Board, Rules, Stone
from gomoku.core.caro import defences
from gomoku.core.context import LINE_LEN, new_context
from gomoku.core.patterns import B4, C_B4, C_F4, C_FIVE, F4, FIVE, key_digit, tables
from gomoku.core.prover import prove
from gomoku.core.quiesce import quiesce
from gomoku.core.vcf import vcf
from gomoku.engine import Engine
from gomoku.search.layout import Grid
from gomoku.search.types import WIN_THRESHOLD

Point = tuple[int, int]


def _board(rules: Rules, xs: list[Point], os: list[Point], turn: Stone = Stone.X) -> Board:
    board = Board(rules)
    board.set_up({**{p: Stone.X for p in xs}, **{p: Stone.O for p in os}}, turn)
    return board


def _five(rules: Rules, stones: dict[Point, Stone], point: Point, stone: Stone) -> bool:
    """The board's verdict: ``stone`` at ``point`` makes five (caro's)."""
    board = Board(rules)
    board.stones.update(stones)  # the bare map five_through reads: a line may hold fives of both sides
    return bool(board.five_through(point, stone))


@settings(max_examples=300, deadline=None)
@given(
    exact=st.booleans(),
    width=st.integers(6, 16),
    data=st.data(),
    cells=st.lists(st.sampled_from([0, 0, 1, 2]), min_size=10, max_size=10),
)
def test_tables_agree_with_the_board(exact: bool, width: int, data: st.DataObject, cells: list[int]) -> None:
    """Random lines, on a board whose edges fall in the window or not: the table's
    five, four and open four of each side are the board's (``five_through``, caro's
    and caro,exact's), the four's fives tried stone by stone."""
    rules = Rules.parse(f"size={width}x5,caro" + (",exact" if exact else ""))
    t = tables(exact, caro=True)
    x = data.draw(st.integers(0, width - 1))
    centre = (x, 2)
    stones: dict[Point, Stone] = {}
    key = 0
    empties: list[Point] = []
    for j, offset in enumerate([o for o in range(-5, 6) if o]):
        p = (x + offset, 2)
        c = 3 if not 0 <= p[0] < width else cells[j]
        if c in (1, 2):
            stones[p] = Stone(c)
        elif c == 0:
            empties.append(p)
        key |= c << (2 * key_digit(offset, 5))
    for stone in (Stone.X, Stone.O):
        code = int(t.line[int(stone)][key])
        mine = {**stones, centre: stone}
        assert (code == FIVE) == _five(rules, stones, centre, stone)
        if code == FIVE:
            continue
        fives = [p for p in empties if _five(rules, {**mine, p: stone}, centre, stone)]
        assert (code in (B4, F4)) == bool(fives)
        if fives:
            stopped = any(
                not any(_five(rules, {**mine, e: stone.other, f: stone}, centre, stone) for f in fives if f != e)
                for e in empties
            )
            assert code == (B4 if stopped else F4)


def test_a_five_blocked_at_both_ends_is_no_five_and_the_edge_blocks_nothing() -> None:
    caro = Rules.preset("caro")
    # O X X X X . O: X at (5, 0) would be blocked at both ends.
    board = _board(caro, [(1, 0), (2, 0), (3, 0), (4, 0)], [(0, 0), (6, 0), (9, 9), (9, 7)])
    grid = Grid(board)
    assert board.five_through((5, 0), Stone.X) == ()
    assert grid.state.cls[1, grid.index[(5, 0)]] > C_B4
    free = Grid(_board(Rules.preset("freestyle"), [(1, 0), (2, 0), (3, 0), (4, 0)], [(0, 0), (6, 0), (9, 9), (9, 7)]))
    assert free.state.cls[1, free.index[(5, 0)]] == C_FIVE
    # The edge is no block: X X X X . O on a 15x15 board's first column makes five at (0, 4).
    edge = Rules.parse("size=15x15,caro")
    board = _board(edge, [(0, 0), (0, 1), (0, 2), (0, 3)], [(0, 5), (9, 9), (9, 7), (7, 7)])
    grid = Grid(board)
    assert board.five_through((0, 4), Stone.X)
    assert grid.state.cls[1, grid.index[(0, 4)]] == C_FIVE
    board.play((0, 4))
    assert board.winner is Stone.X


def test_a_four_blocked_at_one_end_whose_five_would_be_blocked_is_no_four() -> None:
    """O X X X . . O: X at (4, 0) or (5, 0) makes four stones whose only five would
    have O at both ends: no four under caro, a four under freestyle."""
    xs, os = [(1, 0), (2, 0), (3, 0)], [(0, 0), (6, 0), (9, 9), (9, 7)]
    for name, four in (("caro", False), ("freestyle", True)):
        grid = Grid(_board(Rules.preset(name), xs, os))
        for p in ((4, 0), (5, 0)):
            assert bool(grid.state.cls[1, grid.index[p]] <= C_B4) is four, (name, p)
            assert grid.fours[1].get(grid.index[p], 0) == (1 if four else 0), (name, p)


def test_a_five_has_two_answers_under_caro() -> None:
    """O X X X X . .: O stops X's five on its cell or at the far end of its run."""
    board = _board(Rules.preset("caro"), [(0, 0), (1, 0), (2, 0), (3, 0)], [(-1, 0), (9, 9), (9, 7)], Stone.O)
    grid = Grid(board)
    answers = sorted(grid.point(int(i)) for i in defences(grid.state, 1))
    assert answers == [(4, 0), (5, 0)]
    for answer in answers:
        after = board.copy()
        after.play(answer)
        assert not any(after.five_through(p, Stone.X) for p in after.candidates())


# O . X X X . . O on row 0 (O's far stones out of the way): X at (4, 0) makes
# ".XXXX.O", an open four under freestyle, only a four under caro (O at (0, 0)
# leaves the other five blocked at both ends); nothing else of X's.
ROW_X = [(1, 0), (2, 0), (3, 0)]
ROW_O = [(-1, 0), (6, 0), (20, 20)]


def test_the_vcf_takes_every_answer_under_caro() -> None:
    for name, expected in (("freestyle", True), ("caro", False)):
        grid = Grid(_board(Rules.preset(name), ROW_X, ROW_O))
        cls = grid.state.cls[1, grid.index[(4, 0)]]
        assert cls == (C_F4 if expected else C_B4)
        ctx = new_context(grid.size, 1024, 1 << 12)
        assert bool(vcf(grid.state, ctx, 1, 20, 1)) is expected, name


def test_the_caro_vcf_finds_the_open_four_the_board_agrees_with() -> None:
    """. . X X X . . . O: X's VCF under caro starts with an open four that every
    answer of O's leaves a five, on the board."""
    xs, os = [(1, 0), (2, 0), (3, 0)], [(7, 0), (20, 20), (20, 22)]
    board = _board(Rules.preset("caro"), xs, os)
    grid = Grid(board)
    ctx = new_context(grid.size, 1024, 1 << 12)
    assert vcf(grid.state, ctx, 1, 20, 1)
    first = grid.point(int(ctx.line[0]))
    assert ctx.counters[LINE_LEN] >= 1
    board.play(first)
    # Every answer of O's leaves X a five, on the board.
    for reply in board.candidates():
        after = board.copy()
        after.play(reply)
        assert any(after.five_through(p, Stone.X) for p in after.candidates()), (first, reply)


def test_the_hint_never_claims_a_win_the_board_does_not_give() -> None:
    # ROW: freestyle's open four is caro's plain four: no win under caro.
    for name, win in (("freestyle", True), ("caro", False)):
        hint = Engine("normal").hint(_board(Rules.preset(name), ROW_X, ROW_O), nodes=3000)
        assert (hint.score > WIN_THRESHOLD) is win, name
    # O X X X X . O: X's five there is blocked; the hint does not play it as a win.
    board = _board(Rules.preset("caro"), [(1, 0), (2, 0), (3, 0), (4, 0)], [(0, 0), (6, 0), (9, 9), (9, 7)])
    hint = Engine("normal").hint(board, nodes=3000)
    assert hint.score < WIN_THRESHOLD
    board.play(hint.move)
    assert board.winner is None
    # A real caro five is found and wins on the board.
    board = _board(Rules.preset("caro"), [(1, 0), (2, 0), (3, 0), (4, 0)], [(0, 0), (9, 9), (9, 7), (8, 8)])
    hint = Engine("normal").hint(board, nodes=3000)
    assert hint.score > WIN_THRESHOLD and hint.move == (5, 0)
    board.play(hint.move)
    assert board.winner is Stone.X


def test_the_quiescence_and_the_prover_take_every_answer_under_caro() -> None:
    """The same row: freestyle's quiescence and VCT prover win with the open four,
    caro's see O's answer at its left end and find nothing."""
    for name, win in (("freestyle", True), ("caro", False)):
        grid = Grid(_board(Rules.preset(name), ROW_X, ROW_O))
        ctx = new_context(grid.size, 1 << 10, 1 << 12, 100_000)
        assert bool(quiesce(grid.state, ctx, -(10**6), 10**6, 1, 4, 1) > WIN_THRESHOLD) is win, name
        assert int(prove(grid.state, ctx, 1, 100_000, 8)) == (1 if win else 0), name
