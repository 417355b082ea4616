"""The learned evaluation's sums, kept by every push and pop, are the sums a
count from scratch gives (the windows' features, and the cells' when the
network has them); the grid's evaluation is the trainer's network."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gomoku.board import Board, Rules
from gomoku.core import grid as kgrid
from gomoku.core import prover, vcf
from gomoku.core.context import new_context
from gomoku.core.grid import HEIGHT, TURN, learned_order
from gomoku.core.network import CELL_ROWS, FEATURES, QUANT, cell_features, cell_table, feature_index, features
from gomoku.search.layout import Grid
from gomoku.search.nets import Net
from gomoku.search.threads import copy_grid


def random_net(dim=6, hidden=5, seed=0, cells=False) -> Net:
    rng = np.random.default_rng(seed)
    embed = rng.integers(-QUANT, QUANT, (FEATURES + (CELL_ROWS if cells else 0), dim)).astype(np.int32)
    embed[0] = 0
    own, opp = (rng.integers(-200, 200, FEATURES).astype(np.int32) for _ in range(2))
    own[0] = opp[0] = 0
    return Net(
        "random",
        embed,
        (rng.standard_normal((hidden, 2 * dim)) * 0.3).astype(np.float32),
        (rng.standard_normal(hidden) * 0.1).astype(np.float32),
        (rng.standard_normal(hidden) * 0.3).astype(np.float32),
        np.array([0.1, 480.0, 0.5, -0.3], np.float32),
        pol_own=own,
        pol_opp=opp,
    )


def check_order(state, net: Net) -> None:
    """Every empty cell's learned-order sums are those of its four windows, for both views."""
    index = feature_index(4)
    for q in np.flatnonzero(state.cells == 0):
        for side in (1, 2):
            rows = [index[side, state.keys[4 * q + d]] for d in range(4)]
            assert state.pol_own[side, q] == net.pol_own[rows].sum()
            assert state.pol_opp[side, q] == net.pol_opp[rows].sum()


def counted(state, net: Net, side: int) -> np.ndarray:
    out = np.zeros(7 * state.cells.size, dtype=np.int32)
    n = features(state.cells, state.keys, feature_index(4), side, out)
    if net.has_cells:
        n = cell_features(state.cells, state.combo, state.cls, cell_table(), side, out, n)
    return net.embed[out[:n]].sum(axis=0)


@pytest.mark.parametrize("seed", range(6))
def test_the_sums_follow_every_push_and_pop(seed):
    rng = random.Random(seed)
    net = random_net(seed=seed, cells=seed >= 4)
    rules = Rules.preset("gomocup20") if seed % 2 else Rules()
    grid = Grid(Board(rules, [(9, 9)]), net=net)
    g = grid.state
    played = 0
    for _ in range(60):
        cells = grid.candidates()
        if played and (rng.random() < 0.35 or not cells):
            kgrid.pop(g)
            played -= 1
        else:
            kgrid.push(g, rng.choice(cells))
            played += 1
        for side in (1, 2):
            assert np.array_equal(g.acc[side], counted(g, net, side))
        if played % 7 == 0:
            check_order(g, net)
    while played:
        kgrid.pop(g)
        played -= 1
    assert np.array_equal(g.acc[1], counted(g, net, 1)) and g.meta[HEIGHT] == 1
    check_order(g, net)
    q = grid.candidates()[0]
    assert learned_order(g, 1, q) == g.pol_own[1, q] + g.pol_opp[2, q]


def test_a_helper_grid_has_its_own_sums_and_the_same_network():
    grid = Grid(Board(moves=[(0, 0), (1, 1), (0, 1)]), net=random_net(cells=True))
    net = Net("again", grid.state.nn_embed, grid.state.nn_w1, grid.state.nn_b1, grid.state.nn_w2, grid.state.nn_head)
    helper = copy_grid(grid.state)
    assert helper.nn_embed is grid.state.nn_embed and helper.nn_cell is grid.state.nn_cell
    assert helper.acc is not grid.state.acc
    before = grid.state.acc.copy()
    kgrid.push(helper, grid.candidates()[0])
    assert np.array_equal(grid.state.acc, before) and not np.array_equal(helper.acc, before)
    assert np.array_equal(helper.acc[1], counted(helper, net, 1)) and np.array_equal(
        helper.acc[2], counted(helper, net, 2)
    )


def test_without_a_network_the_evaluation_is_the_hand_set_one():
    board = Board(moves=[(0, 0), (1, 1), (0, 1), (5, 5)])
    plain, learned = Grid(board).state, Grid(board, net=random_net()).state
    assert int(plain.meta[TURN]) == 1 and kgrid.evaluate(plain) == 2 * plain.value[1] - plain.value[2]
    assert kgrid.evaluate(learned) != kgrid.evaluate(plain)
    assert not plain.acc.any() and learned.acc.any()


def test_exact_five_rules_keep_the_hand_set_evaluation():
    board = Board(Rules.preset("standard"), [(7, 7), (8, 8), (7, 8)])
    g = Grid(board, net=random_net()).state
    s = int(g.meta[TURN])
    assert s == 2 and g.nn_b1.size == 0 and kgrid.evaluate(g) == 2 * g.value[2] - g.value[1]


@pytest.mark.parametrize("cells", [False, True])
def test_the_threat_searches_leave_the_sums_as_they_were(cells):
    moves = [(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9), (5, 5), (7, 7), (6, 5), (8, 9)]
    grid = Grid(Board(moves=moves), net=random_net(cells=cells))
    g = grid.state
    before = g.acc.copy()
    ctx = new_context(grid.size, 1 << 12, 1 << 12)
    vcf.vcf(g, ctx, 1, 12, 1)
    prover.prove(g, ctx, 1, 5000, 6)
    assert np.array_equal(g.acc, before)
    net = Net("again", g.nn_embed, g.nn_w1, g.nn_b1, g.nn_w2, g.nn_head)
    kgrid.push(g, grid.candidates()[0])
    assert np.array_equal(g.acc[1], counted(g, net, 1)) and np.array_equal(g.acc[2], counted(g, net, 2))
    # A threat search between a move and its take-back: the take-back restores the sums the move found.
    vcf.vcf(g, ctx, 2, 12, 1)
    kgrid.pop(g)
    assert np.array_equal(g.acc, before)


def test_the_cell_features_see_threats_not_empty_space():
    """An empty board has no cell feature (its lines hold lone-stone codes at
    most); an open three gives its side's multiset and class rows, the
    opponent's view the same cells as the opponent's rows."""
    out = np.zeros(4096, dtype=np.int32)
    empty = Grid(Board(Rules.preset("gomocup20"), [])).state
    assert cell_features(empty.cells, empty.combo, empty.cls, cell_table(), 1, out, 0) == 0
    three = Grid(Board(Rules.preset("gomocup20"), [(9, 9), (0, 0), (10, 9), (0, 19), (11, 9)])).state
    n = cell_features(three.cells, three.combo, three.cls, cell_table(), 1, out, 0)
    x = out[:n] - FEATURES
    assert n > 0 and (x >= 0).all() and (x < CELL_ROWS).all()
    assert (x < 490).any() and (x >= 980).any()  # X's own multisets and the class pairs (X has open-four cells)
    m = cell_features(three.cells, three.combo, three.cls, cell_table(), 2, out, 0)
    y = out[:m] - FEATURES
    assert m == n and sorted(np.where(y < 490, y + 490, np.where(y < 980, y - 490, y))[y < 980]) == sorted(x[x < 980])
