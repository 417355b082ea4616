"""The table-form evaluation: one table of cell values for both sides, and the
side to move's tempo by threat state (``gomoku.core.tempo``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gomoku.board import Board, Rules
from gomoku.core import grid as kgrid
from gomoku.core.cellvalues import CELL_VALUES, MULTISETS
from gomoku.core.grid import EMPTY
from gomoku.core.patterns import multiset_index
from gomoku.core.tempo import SIDE_STATES, STATES, side_state, threat_state
from gomoku.search.layout import Grid
from gomoku.search.nets import Net, NetError, load_net, save_net


def table_net(seed: int = 1) -> Net:
    rng = np.random.default_rng(seed)
    cells = rng.integers(-50, 300, len(MULTISETS)).astype(np.int32)
    tempo = rng.integers(-400, 400, STATES).astype(np.int64)
    empty = np.zeros(0, dtype=np.float32)
    return Net(
        "t", np.zeros((1, 1), np.int32), np.zeros((0, 2), np.float32), empty, empty, np.zeros(4, np.float32),
        cells=cells, tempo=tempo,
    )  # fmt: skip


def game(seed: int, plies: int) -> Board:
    rng = random.Random(seed)
    board = Board(Rules.preset("gomocup20"), [(9, 9)])
    while board.ply < plies:
        cells = board.candidates(1)
        rng.shuffle(cells)
        for cell in cells:
            board.push(cell)
            if board.winner is None:
                break
            board.pop()
    return board


def by_hand(grid: Grid, net: Net) -> int:
    """The table form's value recomputed from scratch: every empty cell's value for each side."""
    g = grid.state
    s = int(g.meta[0])
    index = multiset_index()
    empty = g.cells == EMPTY
    own = int(net.cells[index[g.combo[s][empty]]].sum())
    opp = int(net.cells[index[g.combo[3 - s][empty]]].sum())
    state = side_state(g.count[s]) * SIDE_STATES + side_state(g.count[3 - s])
    return own - opp + int(net.tempo[state])


@pytest.mark.parametrize("seed", range(4))
def test_the_table_form_is_the_potentials_difference_plus_the_tempo_of_the_state(seed):
    net = table_net(seed)
    board = game(seed, 12 + seed * 3)
    grid = Grid(board, net=net)
    assert int(kgrid.evaluate(grid.state)) == by_hand(grid, net)
    # ... and stays so as moves are pushed and taken back (the sums are incremental).
    rng = random.Random(seed)
    for _ in range(6):
        cell = rng.choice(grid.candidates())
        grid.push(cell)
        assert int(kgrid.evaluate(grid.state)) == by_hand(grid, net)
    while grid.stack:
        grid.pop()
        assert int(kgrid.evaluate(grid.state)) == by_hand(grid, net)


def test_the_table_form_is_symmetric_without_the_tempo():
    # Zero tempo: the value for X to move is minus the value for O to move.
    net = table_net(3)
    flat = Net(net.name, net.embed, net.w1, net.b1, net.w2, net.head, cells=net.cells, tempo=np.zeros(STATES, np.int64))
    grid = Grid(game(5, 15), net=flat)
    before = int(kgrid.evaluate(grid.state))
    grid.turn = 3 - grid.turn
    assert int(kgrid.evaluate(grid.state)) == -before


def test_without_a_table_the_classic_evaluation_stays():
    grid = Grid(game(2, 14))
    g = grid.state
    s = int(g.meta[0])
    assert g.tempo.size == 1
    assert int(kgrid.evaluate(g)) == 2 * int(g.value[s]) - int(g.value[3 - s])
    index = multiset_index()
    empty = g.cells == EMPTY
    assert int(g.value[s]) == int(np.array(CELL_VALUES)[index[g.combo[s][empty]]].sum())


def test_a_table_evaluation_saves_and_loads_back(tmp_path):
    net = table_net(7)
    path = save_net(net, tmp_path / "table.npz")
    back = load_net(str(path))
    assert back is not None and back.has_table and not back.has_value
    assert np.array_equal(back.cells, net.cells) and np.array_equal(back.tempo, net.tempo)


def test_a_table_of_the_wrong_size_is_refused():
    net = table_net(1)
    with pytest.raises(NetError, match="cells and tempo"):
        Net("bad", net.embed, net.w1, net.b1, net.w2, net.head, cells=net.cells[:10], tempo=net.tempo)


def test_the_state_of_a_position_reads_both_sides():
    counts = np.zeros((3, 7), dtype=np.int32)
    counts[2, 1] = 1  # O can make an open four: its level is the highest
    assert threat_state(counts, 1) == 0 * SIDE_STATES + side_state(counts[2])
    assert side_state(counts[2]) == 36
    assert threat_state(counts, 2) == 36 * SIDE_STATES
