"""The tree's quiescence (``gomoku.core.quiesce``) and reverse futility pruning
(``gomoku.core.tree``, ``options[FUTILITY]``): what a leaf is worth once its fours
are played out, where a node is cut, and that both leave the grid as they found it.
The positions are 20x20 freestyle, the hand-set evaluation.
"""

from __future__ import annotations

import pytest

from gomoku.board import Board, Rules
from gomoku.core import tree
from gomoku.core.context import (
    FUTILITY,
    NODES,
    PASS_CHECK,
    QNODES,
    QUIESCE,
    ROOT_WIDTH,
    WIDTH,
    Context,
    new_context,
)
from gomoku.core.grid import HEIGHT, evaluate
from gomoku.core.patterns import C_B4, C_B4F3, C_F4, C_FIVE
from gomoku.core.quiesce import quiesce
from gomoku.core.scores import WIN, WIN_THRESHOLD
from gomoku.search.layout import Grid
from gomoku.search.params import UNITS_PER_LOGIT, SearchOptions
from gomoku.search.searcher import Searcher
from gomoku.search.types import Limit

INF = WIN + 1
# A balanced opening played on by the greedy bot: O to move, with fours to make but
# no win (and X's open three to answer). The four at (7, 8), blocked at (8, 8), leaves
# O far better placed than the evaluation of the position itself says (a tempo
# gained, the stone kept, and X's three blocked on the way).
TEMPO = [
    (4, 10), (4, 7), (5, 6), (1, 6), (3, 8), (5, 9), (2, 9), (4, 8), (4, 5),
    (3, 9), (5, 7), (5, 8), (4, 9), (5, 10), (6, 9), (6, 8), (6, 7),
]  # fmt: skip
# A game of the greedy bot: X to move wins by three fours, each blocked (1,10 2,10,
# 1,13 0,14, 1,11 0,10), then five at 1,12.
VCF = [
    (6, 7), (0, 11), (5, 6), (5, 8), (5, 11), (4, 12), (0, 6), (4, 11), (3, 11), (7, 10), (4, 10), (5, 12),
    (3, 10), (3, 9), (3, 12), (4, 13), (6, 11), (6, 10), (5, 10), (4, 9), (6, 9), (5, 9), (4, 8), (7, 11),
    (6, 12), (7, 8), (7, 9), (6, 8), (3, 13), (3, 14), (4, 14), (7, 7), (8, 8), (8, 9), (2, 12), (5, 15),
]  # fmt: skip
# The middle game of ``test_null_move.py``: nothing forced for either side.
QUIET = [(13, 11), (12, 11), (15, 12), (15, 14), (17, 15), (14, 12), (16, 13), (14, 13), (13, 12), (13, 10)]


def setup(moves: list[tuple[int, int]], rules: str = "gomocup20") -> tuple[Grid, Context]:
    grid = Grid(Board(rules=Rules.parse(rules), moves=moves))
    return grid, new_context(grid.size, 1 << 14, 1 << 14)


def test_a_four_that_gains_a_tempo_raises_the_leaf_value_and_the_grid_is_restored() -> None:
    grid, ctx = setup(TEMPO)
    g = grid.state
    assert g.meta[0] == 2 and g.count[2, C_B4] + g.count[2, C_B4F3] > 0 and g.count[2, C_F4] == 0
    static = int(evaluate(g))
    height, key = int(g.meta[HEIGHT]), int(g.hash[0])
    value = int(quiesce(g, ctx, -INF, INF, 1, 4, 1))
    assert static < value < WIN_THRESHOLD  # better than the stand pat, yet no win
    line = [grid.point(int(ctx.pv[1, t])) for t in range(int(ctx.pv_len[1]))]
    assert line[:2] == [(7, 8), (8, 8)]  # the four, then its forced block
    assert ctx.counters[QNODES] > 0
    assert ctx.counters[NODES] == ctx.counters[QNODES]  # its nodes count as the tree's
    assert (int(g.meta[HEIGHT]), int(g.hash[0])) == (height, key)
    assert int(evaluate(g)) == static


def test_no_fours_left_the_quiescence_is_the_evaluation() -> None:
    grid, ctx = setup(TEMPO)
    g = grid.state
    static = int(evaluate(g))
    assert int(quiesce(g, ctx, -INF, INF, 1, 0, 1)) == static  # none allowed
    assert ctx.counters[QNODES] == 0
    grid, ctx = setup(QUIET)
    g = grid.state
    s = int(g.meta[0])
    assert g.count[s, C_B4] + g.count[s, C_B4F3] == 0  # none to make
    assert int(quiesce(grid.state, ctx, -INF, INF, 1, 4, 1)) == int(evaluate(grid.state))
    assert ctx.counters[QNODES] == 0


def test_a_stand_pat_at_beta_cuts_at_once() -> None:
    grid, ctx = setup(TEMPO)
    static = int(evaluate(grid.state))
    assert int(quiesce(grid.state, ctx, static - 10, static, 1, 4, 1)) == static
    assert ctx.counters[QNODES] == 0
    # Below the four's value the fours are searched, and the value is their best.
    value = int(quiesce(grid.state, ctx, -INF, INF, 1, 4, 1))
    assert int(quiesce(grid.state, ctx, value - 1, value, 1, 4, 1)) >= value


def test_fours_that_win_are_a_proven_win_and_the_line_is_the_vcf() -> None:
    grid, ctx = setup(VCF)
    g = grid.state
    assert g.meta[0] == 1 and g.count[1, C_F4] + g.count[1, C_B4F3] == 0  # no win in one four
    assert int(evaluate(g)) < WIN_THRESHOLD
    value = int(quiesce(g, ctx, -INF, INF, 1, 4, 1))
    assert value > WIN_THRESHOLD
    line = [grid.point(int(ctx.pv[1, t])) for t in range(int(ctx.pv_len[1]))]
    assert line[:4] == [(1, 10), (2, 10), (1, 13), (0, 14)] and len(line) % 2 == 1
    # Fewer fours allowed than the win needs: no win, the best value short of one.
    assert int(quiesce(g, ctx, -INF, INF, 1, 1, 1)) < WIN_THRESHOLD


def test_the_block_of_a_five_is_forced_below_the_leaf() -> None:
    # X has just made a four (0..3, 0 with -1,0 taken): O must block at 4,0.
    grid, ctx = setup([(0, 0), (-1, 0), (1, 0), (5, 5), (2, 0), (5, 6), (3, 0)], "freestyle")
    g = grid.state
    assert g.count[1, C_FIVE] == 1
    value = int(quiesce(g, ctx, -INF, INF, 1, 4, 0))
    assert grid.point(int(ctx.pv[1, 0])) == (4, 0)
    assert value < WIN_THRESHOLD  # blocked: no loss either


def test_a_search_with_the_quiescence_counts_its_nodes_and_blocks_a_four() -> None:
    board = Board(rules=Rules.parse("gomocup20"), moves=TEMPO)
    searcher = Searcher(8, SearchOptions(threads=1, evaluation="classic", quiesce=4))
    info = list(searcher.search(board, Limit(depth=4)))[-1]
    assert searcher.ctx.options[QUIESCE] == 4 and searcher.ctx.counters[QNODES] > 0
    assert info.nodes > 0
    off = Searcher(8, SearchOptions(threads=1, evaluation="classic", quiesce=0))
    list(off.search(board, Limit(depth=4)))
    assert off.ctx.options[QUIESCE] == 0 and off.ctx.counters[QNODES] == 0
    for quiet in (0, 4):
        four = Board(moves=[(0, 0), (-1, 0), (1, 0), (5, 5), (2, 0), (5, 6), (3, 0)])
        infos = list(Searcher(8, SearchOptions(quiesce=quiet, threads=1)).search(four, Limit(depth=5)))
        assert infos[-1].pv[0] == (4, 0)


def futile(margin: int, ply: int, beta_below: int, moves: list[tuple[int, int]] = QUIET) -> tuple[int, int, int]:
    """A null-window node of depth 2 at ``ply`` whose beta lies ``beta_below`` under its
    static value, with reverse futility at ``margin`` a ply: (score, nodes, beta)."""
    grid, ctx = setup(moves)
    ctx.options[WIDTH], ctx.options[ROOT_WIDTH], ctx.options[PASS_CHECK] = 10, 20, 2
    ctx.options[FUTILITY] = margin
    beta = int(evaluate(grid.state)) - beta_below
    score = int(tree.negamax(grid.state, ctx, 2, beta - 1, beta, ply))
    return score, int(ctx.counters[NODES]), beta


def test_reverse_futility_cuts_a_node_well_above_beta_near_the_leaves_only() -> None:
    score, nodes, beta = futile(100, 3, 1000)
    assert score == beta and nodes == 1  # cut before its moves
    full, full_nodes, _ = futile(0, 3, 1000)
    assert full >= beta and full_nodes > 1  # the full search agrees it holds beta
    # A margin the static value does not clear, a ply of the threat of a threat, a
    # window the line may come from: searched as without it.
    assert futile(600, 3, 1000)[:2] == (full, full_nodes)
    assert futile(100, 2, 1000)[:2] == futile(0, 2, 1000)[:2]
    grid, ctx = setup(QUIET)
    ctx.options[WIDTH], ctx.options[ROOT_WIDTH], ctx.options[FUTILITY] = 10, 20, 100
    beta = int(evaluate(grid.state)) - 1000
    tree.negamax(grid.state, ctx, 2, beta - 2, beta, 3)
    assert ctx.counters[NODES] > 1


def test_no_reverse_futility_when_the_opponent_has_something_forced() -> None:
    # O (not to move) makes two open threes at (5, 5): X must see to it.
    moves = [(10, 10), (3, 5), (10, 12), (4, 5), (12, 10), (5, 3), (14, 14), (5, 4)]
    assert futile(1, 3, 3000, moves)[:2] == futile(0, 3, 3000, moves)[:2]


@pytest.mark.parametrize("logits", [0.0, 0.25])
def test_the_futility_margin_is_given_in_logits(logits: float) -> None:
    # QUIET two moves earlier: a depth-3 search of 6,000 nodes, where QUIET's root threat proofs took 1.4M
    board = Board(rules=Rules.parse("gomocup20"), moves=QUIET[:-2])
    searcher = Searcher(8, SearchOptions(threads=1, futility=logits))
    infos = list(searcher.search(board, Limit(depth=3)))
    assert searcher.ctx.options[FUTILITY] == round(logits * UNITS_PER_LOGIT)
    assert infos[-1].pv
