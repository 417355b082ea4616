"""Three options of the tree screened for issue 52, all off by default
(``gomoku.core.tree``): a leaf's evaluation averaged with its parent's
(``options[AVERAGE]``), reduced searches that keep a ply (``options[LMR_FLOOR]``)
and singular extensions with multi-cut (``options[SINGULAR]``). What each does
to a node, and that the search with them still finds what it must.
The positions are 20x20 freestyle, the hand-set evaluation.
"""

from __future__ import annotations

import pytest

from gomoku.board import Board, Rules
from gomoku.core import tree
from gomoku.core.context import (
    AVERAGE,
    LMR,
    LMR_FLOOR,
    NODES,
    NULL_MOVE,
    ROOT_WIDTH,
    SINGULAR,
    WIDTH,
    Context,
    new_context,
)
from gomoku.core.grid import evaluate, pop, push
from gomoku.core.scores import WIN
from gomoku.search.layout import Grid
from gomoku.search.params import UNITS_PER_LOGIT, SearchOptions
from gomoku.search.searcher import Searcher
from gomoku.search.types import Limit

INF = WIN + 1
# A middle game with nothing forced for either side (``test_null_move.py``'s).
QUIET = [(13, 11), (12, 11), (15, 12), (15, 14), (17, 15), (14, 12), (16, 13), (14, 13), (13, 12), (13, 10)]
# X to move must block O's four at (4, 0).
FOUR = [(0, 0), (-1, 0), (1, 0), (5, 5), (2, 0), (5, 6), (3, 0)]


def setup(moves: list[tuple[int, int]]) -> tuple[Grid, Context]:
    grid = Grid(Board(rules=Rules.parse("gomocup20"), moves=moves))
    ctx = new_context(grid.size, 1 << 14, 1 << 14)
    ctx.options[WIDTH], ctx.options[ROOT_WIDTH], ctx.options[LMR] = 10, 20, 5
    return grid, ctx


def test_an_averaged_leaf_is_the_mean_of_its_evaluation_and_its_parents() -> None:
    grid, ctx = setup(QUIET)
    parent = int(evaluate(grid.state))
    cell = grid.index[(14, 11)]
    push(grid.state, cell)
    own = int(evaluate(grid.state))
    ctx.statics[0] = parent
    assert int(tree.negamax(grid.state, ctx, 0, -INF, INF, 1)) == own  # off: its own evaluation
    ctx.options[AVERAGE] = 1
    averaged = int(tree.negamax(grid.state, ctx, 0, -INF, INF, 1))
    assert averaged == (own - parent) // 2  # the parent's value seen from the leaf's side to move
    assert averaged != own
    pop(grid.state)


def test_the_root_and_each_node_keep_their_static_value_for_their_leaves() -> None:
    grid, ctx = setup(QUIET)
    ctx.options[AVERAGE] = 1
    n = tree.root_moves(grid.state, ctx)
    tree.root(grid.state, ctx, 2, n, -INF, INF)
    assert ctx.statics[0] == evaluate(grid.state)
    assert ctx.pv_len[0] >= 1


def test_a_node_keeps_its_static_value_before_its_null_move() -> None:
    # A null move cut the node before its moves: the leaves below the null move had read
    # a static value left by another node.
    grid, ctx = setup(QUIET)
    ctx.options[AVERAGE], ctx.options[NULL_MOVE] = 1, 2
    ctx.statics[1] = 12345
    beta = int(evaluate(grid.state)) - 2000
    assert int(tree.negamax(grid.state, ctx, 3, beta - 1, beta, 1)) >= beta
    assert ctx.statics[1] == evaluate(grid.state)


@pytest.mark.parametrize("option", ["average", "lmr_floor", "singular"])
def test_the_searches_with_each_option_still_block_a_four(option: str) -> None:
    value = 0.1 if option == "singular" else True
    options = SearchOptions(threads=1, evaluation="classic", **{option: value})
    infos = list(Searcher(8, options).search(Board(moves=FOUR), Limit(depth=6)))
    assert infos[-1].pv[0] == (4, 0)


def test_a_reduction_floor_changes_the_search_and_the_options_reach_the_kernels() -> None:
    board = Board(rules=Rules.parse("gomocup20"), moves=QUIET)
    counts = {}
    for floor in (False, True):
        options = SearchOptions(threads=1, evaluation="classic", lmr_floor=floor, root_vct=False, vct_defence=False)
        searcher = Searcher(8, options)
        infos = list(searcher.search(board, Limit(depth=4)))
        assert searcher.ctx.options[LMR_FLOOR] == int(floor) and infos[-1].pv
        counts[floor] = infos[-1].nodes
    assert counts[True] != counts[False]  # no reduced search dropped to a leaf: another tree


def test_a_singular_search_extends_or_cuts_and_leaves_no_move_excluded() -> None:
    board = Board(rules=Rules.parse("gomocup20"), moves=QUIET)
    results = {}
    for logits in (0.0, 0.05):
        options = SearchOptions(threads=1, evaluation="classic", singular=logits, root_vct=False, vct_defence=False)
        searcher = Searcher(8, options)
        infos = list(searcher.search(board, Limit(depth=7)))
        assert searcher.ctx.options[SINGULAR] == round(logits * UNITS_PER_LOGIT)
        assert (searcher.ctx.excluded == -1).all()  # every singular search put its move back
        results[logits] = (infos[-1].nodes, infos[-1].pv[0])
    assert results[0.05][0] != results[0.0][0]  # the singular searches ran and changed the tree


def test_no_singular_question_below_a_node_searched_without_the_root() -> None:
    # Singular searches stay within twice the root's depth (``counters[ROOT_DEPTH]``,
    # set by ``tree.root``): a node searched on its own, with no root above it, asks none.
    counts = []
    for margin in (0, 24):
        grid, ctx = setup(QUIET)
        ctx.options[SINGULAR] = margin
        score = int(tree.negamax(grid.state, ctx, 7, -INF, INF, 1))
        counts.append((score, int(ctx.counters[NODES])))
    assert counts[0] == counts[1]
    grid, ctx = setup(QUIET)
    ctx.options[SINGULAR] = 24
    n = tree.root_moves(grid.state, ctx)
    for depth in range(1, 8):
        tree.root(grid.state, ctx, depth, n, -INF, INF)
    assert (ctx.excluded == -1).all() and ctx.counters[NODES] > 0
