"""What the search may claim: a proven result only when it is one.

The position comes from a game of the match against the old engine (20x20,
freestyle, X to move), whose record these moves are.
"""

from __future__ import annotations

import numpy as np

from gomoku.board import Board, Rules
from gomoku.core import tree as ksearch
from gomoku.core.context import new_context
from gomoku.core.prover import prove
from gomoku.search.layout import Grid
from gomoku.search.params import SearchOptions
from gomoku.search.searcher import Searcher
from gomoku.search.types import LIKELY, WIN, WIN_THRESHOLD, Limit

GAME = [
    (13, 11),
    (12, 11),
    (15, 12),
    (15, 14),
    (17, 15),
    (14, 12),
    (16, 13),
    (14, 13),
    (13, 12),
    (13, 10),
    (14, 11),
    (17, 14),
    (15, 10),
    (12, 13),
    (16, 9),
    (17, 8),
]


def board_after(moves: int, *extra: tuple[int, int]) -> Board:
    return Board(rules=Rules.parse("gomocup20"), moves=GAME[:moves] + list(extra))


def vct(board: Board, attacker: int) -> int:
    """The prover's verdict for ``attacker`` as if it were to move (1 won, 0 not)."""
    grid = Grid(board)
    ctx = new_context(grid.size, 1 << 12, 1 << 16, 1 << 18)
    return int(prove(grid.state, ctx, attacker, 1 << 20, 10))


def kernel_score(moves: list[tuple[int, int]]) -> int:
    """The tree kernel's score for the side to move, two plies deep, as its root's child (ply 1)."""
    grid = Grid(Board(moves=moves))
    ctx = new_context(grid.size, 1 << 12, 1 << 12)
    return int(ksearch.negamax(grid.state, ctx, np.int64(2), np.int64(-WIN - 1), np.int64(WIN + 1), np.int64(1)))


def test_the_kernels_score_wins_and_losses_on_the_callers_scale() -> None:
    # numba compiles a kernel's globals in as constants and checks a cached kernel against
    # its own file only: a scale changed in core/scores.py under a stale cache would leave the
    # tree scoring wins on another scale than the one its callers read (WIN - n for a win in n plies).
    row = [(0, 0), (0, 5), (1, 0), (1, 5), (2, 0)]
    assert kernel_score(row + [(2, 5), (3, 0), (9, 9)]) == WIN - 2  # X makes its five
    assert kernel_score(row + [(2, 5), (-1, 0), (9, 9), (8, 8)]) == -(WIN - 3)  # O cannot stop X's open four
    assert kernel_score(row + [(9, 9)]) == WIN - 4  # X makes an open four
    assert 10_000 < LIKELY < WIN_THRESHOLD < WIN - ksearch.MAX_PLY


def test_a_win_found_through_narrowed_nodes_is_likely_not_proven() -> None:
    # The tree narrows quiet nodes to their best few moves. Here it used to find
    # every O answer it searched lost down the line (16, 9) (17, 8) (15, 9)
    # (15, 11) ..., report a forced win and stop, though after those four moves
    # X has no VCT left. Such a result is now a likely win: the search goes on.
    # (Under gentler late move reductions than the default's, which lead the
    # tree down that line.)
    searcher = Searcher(64, SearchOptions(lmr_divisor=14))
    # About 750,000 nodes go to the root's threat proofs; depth 10, the one that claimed
    # the win, is done by about 1,000,000.
    infos = list(searcher.search(board_after(14), Limit(nodes=1_100_000)))
    assert not any(info.forced_win or info.score > WIN_THRESHOLD for info in infos)
    assert any(info.score == LIKELY for info in infos)
    assert infos[-1].depth > 9  # it deepened past the depth that claimed the win
    assert vct(board_after(14, (16, 9), (17, 8), (15, 9), (15, 11)), 1) == 0
