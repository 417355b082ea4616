"""A take-back restores the grid exactly (``gomoku.core.grid.move``): after any
moves and as many take-backs, every array of the state is as it was, whatever
the rules (lines read 4 or 5 cells each side; renju's forbidden cells) and the evaluation (none, the
shipped network, a network with a learned move order). The take-back restores
from the move's record instead of looking the patterns up again, so a record
that missed a change shows here.

The parts above the stack's height (the records of moves not on the board,
the candidate list past its length) are scratch, not state; the candidate
list holds the same cells, in an order the take-back does not restore (the
search's results follow that order, and kept it as it was)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import Board, Rules
from gomoku.core import grid as kgrid
from gomoku.core.grid import GRID_FIELDS, HEIGHT, NCAND
from gomoku.search.layout import Grid
from gomoku.search.nets import load_net
from tests.gomoku.core.test_network import random_net

PER_HEIGHT = ("stack", "undo", "acc_stack", "forb_undo")
"""The arrays with a row per height of the stack: rows above it are scratch."""
SCRATCH = ("memo",)
"""The arrays that are no state: renju's memo of verdicts keeps what it saw."""
NETS = {"classic": lambda: None, "round3": lambda: load_net("round3"), "ordered": lambda: random_net(cells=True)}


def snapshot(g) -> dict[str, np.ndarray]:
    height = int(g.meta[HEIGHT])
    out = {name: np.copy(getattr(g, name)) for name in GRID_FIELDS if name not in SCRATCH}
    for name in PER_HEIGHT:
        if out[name].shape[0] > 1:  # acc_stack has one row without a network
            out[name] = out[name][:height]
    n = int(g.meta[NCAND])
    cand, where = out["cand"][:n], out["cand_pos"]
    assert np.array_equal(where[cand], np.arange(n)) and (where >= 0).sum() == n  # each cell's place
    out["cand"], out["cand_pos"] = np.sort(cand), where >= 0
    return out


def assert_same(before: dict[str, np.ndarray], after: dict[str, np.ndarray]) -> None:
    for name in before:
        assert np.array_equal(before[name], after[name]), name


def random_grid(rules: str, net: str, opening: list[int]) -> Grid:
    """A grid of a few stones played at random near the centre, X first (no five)."""
    board = Board(Rules.preset(rules))
    for choice in opening:
        cells = board.candidates(1)
        board.push(cells[choice % len(cells)])
        if board.is_over:
            board.pop()
            break
    return Grid(board, net=NETS[net]())


@settings(max_examples=40, deadline=None)
@given(
    rules=st.sampled_from(["freestyle", "gomocup20", "standard", "renju"]),
    net=st.sampled_from(list(NETS)),
    opening=st.lists(st.integers(0, 1000), min_size=1, max_size=14),
    moves=st.lists(st.integers(-1, 1000), min_size=1, max_size=24),
    bare=st.booleans(),
)
def test_a_take_back_restores_every_array(rules, net, opening, moves, bare):
    grid = random_grid(rules, net, opening)
    g = grid.state
    push, pop = (kgrid.push_bare, kgrid.pop_bare) if bare else (kgrid.push, kgrid.pop)
    before = snapshot(g)
    # Moves and take-backs in any order (-1: take one back), fives and all, then back to the start.
    played: list[dict[str, np.ndarray]] = []
    for choice in moves:
        cells = grid.candidates()
        if choice < 0 and played:
            pop(g)
            assert_same(played.pop(), snapshot(g))
        elif cells and g.meta[HEIGHT] < g.cells.size - 1:
            played.append(snapshot(g))
            push(g, cells[choice % len(cells)])
    while played:
        pop(g)
        assert_same(played.pop(), snapshot(g))
    assert_same(before, snapshot(g))
