"""The search (``gomoku.search.searcher``): forced moves, limits, legal lines, no side effects,
the tables it keeps from move to move and from game to game."""

from __future__ import annotations

import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import candidate_games

from gomoku.board import Board, GameOverError, Rules
from gomoku.engine import Engine
from gomoku.engine.forced import find_forced_win
from gomoku.records import board_from_position
from gomoku.search.layout import Grid
from gomoku.search.params import SearchOptions
from gomoku.search.searcher import WIN_THRESHOLD, Limit, Searcher, SearchInfo
from gomoku.search.threats import VCFSearch

FAR = 10**15
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def last(board: Board, **limit: int) -> SearchInfo:
    infos = list(Searcher(8).search(board, Limit(**limit)))
    assert infos, "a search yields at least one info"
    return infos[-1]


# -- forced moves -----------------------------------------------------------------
@SETTINGS
@given(candidate_games(max_moves=40), st.sampled_from([(0, 0), (FAR, -FAR)]))
def test_a_five_in_one_is_always_played(board: Board, offset: tuple[int, int]) -> None:
    if board.is_over:
        return
    me = board.turn
    wins = [p for p in board.candidates(1) if board.five_through(p, me)]
    if not wins:
        return
    move = last(board, nodes=300).pv[0]
    assert move in wins


@SETTINGS
@given(candidate_games(max_moves=40))
def test_the_opponents_five_is_always_blocked(board: Board) -> None:
    if board.is_over:
        return
    me, them = board.turn, board.turn.other
    if any(board.five_through(p, me) for p in board.candidates(1)):
        return
    threats = [p for p in board.candidates(1) if board.five_through(p, them)]
    if not threats:
        return
    assert last(board, nodes=300).pv[0] in threats


@SETTINGS
@given(candidate_games(max_moves=40))
def test_an_open_four_threat_is_always_answered(board: Board) -> None:
    """Facing an open three (the opponent can make an open four), the move is a
    block (a cell where the opponent would make a four) or a four of one's own;
    with a single open three and nothing else, the block leaves no open four."""
    if board.is_over:
        return
    grid = Grid(board)
    s, o = grid.turn, 3 - grid.turn
    if grid.fives[s] or grid.fives[o] or grid.open_fours[s] or not grid.open_fours[o]:
        return
    info = last(board, nodes=600)
    i = grid.index[info.pv[0]]
    assert i in grid.fours[s] or i in grid.fours[o]
    if len(grid.open_fours[o]) <= 2 and not grid.fours[s] and not grid.threes[o]:
        grid.push(i)
        assert not grid.open_fours[o]


def test_a_hand_made_open_three_is_blocked() -> None:
    # X: an open three on row 0; O to move, with nothing of its own.
    board = Board(moves=[(0, 0), (5, 5), (1, 0), (9, 9), (2, 0)])
    move = last(board, nodes=2000).pv[0]
    assert move in [(-1, 0), (3, 0), (-2, 0), (4, 0)]


# -- limits, lines, side effects ------------------------------------------------------
@SETTINGS
@given(candidate_games(max_moves=30), st.integers(50, 800))
def test_node_limit_is_respected_and_every_pv_is_legal(board: Board, nodes: int) -> None:
    if board.is_over:
        return
    before = (board.hash, list(board.move_stack), board.turn)
    infos = list(Searcher(8).search(board, Limit(nodes=nodes)))
    assert (board.hash, board.move_stack, board.turn) == before
    for info in infos:
        assert info.nodes <= nodes + 64  # checked every few nodes; never far over
        replay = board.copy()
        for p in info.pv:
            if replay.is_over:
                break
            replay.play(p)  # raises if a move is illegal


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_depth_limit_is_respected(depth: int) -> None:
    board = Board(moves=[(0, 0), (1, 1), (2, 0), (1, 0), (1, 2), (3, 3)])
    infos = list(Searcher(8).search(board, Limit(depth=depth, nodes=50_000)))
    assert max(info.depth for info in infos) <= depth
    depths = [info.depth for info in infos]
    assert depths == sorted(depths)


def test_infos_report_the_figures() -> None:
    board = Board(moves=[(0, 0), (1, 1), (2, 0), (1, 0), (1, 2), (3, 3)])
    infos = list(Searcher(8).search(board, Limit(depth=3, nodes=50_000)))
    deepest = infos[-1]
    assert deepest.depth == 3
    assert deepest.nodes > 0 and deepest.nps >= 0 and deepest.time >= 0
    assert deepest.ebf > 0 and deepest.cutoffs >= 0
    assert [i.nodes for i in infos] == sorted(i.nodes for i in infos)
    assert set(deepest.to_dict()) >= {"depth", "score", "pv", "nodes", "nps", "cutoffs", "ebf", "forced_win"}


def test_a_stop_set_before_the_search_still_gives_a_legal_move() -> None:
    stop = threading.Event()
    stop.set()
    board = Board(moves=[(0, 0), (1, 1), (2, 0)])
    infos = list(Searcher(8).search(board, Limit(), stop))
    assert infos and infos[-1].pv[0] not in board.stones


def test_a_stop_from_another_thread_ends_an_endless_search() -> None:
    stop = threading.Event()
    board = Board(moves=[(0, 0), (1, 1), (2, 0), (1, 0)])
    seen: list[SearchInfo] = []
    for info in Searcher(8).search(board, Limit(), stop):
        seen.append(info)
        if info.depth >= 2:
            stop.set()  # as a UI thread would; the generator must end soon after
    assert seen[-1].depth < 8
    assert seen[-1].pv[0] not in board.stones


def test_search_of_a_finished_game_raises() -> None:
    board = Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)])
    with pytest.raises(GameOverError):
        list(Searcher(8).search(board, Limit(nodes=10)))


def test_search_is_the_same_under_translation() -> None:
    moves = [(0, 0), (1, 1), (2, 0), (1, 0), (1, 2), (3, 3), (0, 2)]
    here = last(Board(moves=moves), depth=3, nodes=20_000)
    there = last(Board(moves=[(x + FAR, y - FAR) for x, y in moves]), depth=3, nodes=20_000)
    assert [(x + FAR, y - FAR) for x, y in here.pv] == list(there.pv)
    assert here.score == there.score


def test_bounded_board_moves_stay_inside() -> None:
    rules = Rules.preset("gomocup15")
    board = Board(rules, [(0, 0), (1, 1), (0, 1), (2, 2), (0, 2)])
    info = last(board, nodes=3000)
    for p in info.pv:
        assert rules.contains(p)


def test_set_up_positions_are_searched() -> None:
    # Three X stones and one O, O to move: no alternation explains it, so set-up stones.
    board = board_from_position({"X": [[0, 0], [1, 0], [2, 0]], "O": [[0, 5]]}, "O")
    assert board.setup
    assert last(board, nodes=2000).pv[0] in [(-1, 0), (3, 0), (-2, 0), (4, 0)]


def test_a_win_is_reported_as_forced() -> None:
    board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])  # X: open three, to move
    info = last(board, nodes=2000)
    assert info.forced_win and info.score > WIN_THRESHOLD
    assert info.pv[0] in [(-1, 0), (3, 0)]


def test_other_rules_fall_back_to_plain_alpha_beta() -> None:
    board = Board(Rules.preset("tictactoe"), [(0, 0), (1, 1), (0, 1)])
    info = last(board, nodes=5000)
    assert info.pv[0] == (0, 2)  # the only block


def test_transposition_table_is_bounded_by_memory() -> None:
    board = Board(moves=[(0, 0), (1, 1)])
    sizes = []
    for mb in (1, 16):
        searcher = Searcher(mb)
        list(searcher.search(board, Limit(nodes=200)))
        ctx = searcher.ctx
        tables = sum(
            a.nbytes
            for a in (
                ctx.tt_key,
                ctx.tt_move,
                ctx.tt_score,
                ctx.tt_depth,
                ctx.tt_flag,
                ctx.tt_age,
                ctx.tt_layout,
                ctx.vcf_key,
                ctx.vcf_depth,
            )
        )
        assert tables <= mb * 1024 * 1024
        sizes.append(ctx.tt_key.size)
    assert sizes[0] < sizes[1]


def test_the_opponents_vcf_is_taken_away() -> None:
    # O to move. X threatens (4, 0): a broken four on row 0 and a three on column 4,
    # then an open four. O's move must leave X no VCF.
    moves = [(0, 0), (-1, 0), (1, 0), (9, 9), (2, 0), (9, 8), (4, 2), (8, 8), (4, 3)]
    board = Board(moves=moves)
    grid = Grid(board)
    grid.turn = 1  # as if X were to move: it has a VCF
    assert VCFSearch(grid, node_limit=5000).find(1) is not None
    move = last(board, nodes=6000).pv[0]
    board.push(move)
    assert not find_forced_win(board, nodes=20_000).found


def test_a_limits_memory_resizes_the_tables() -> None:
    searcher = Searcher(64)
    list(searcher.search(Board(moves=[(0, 0)]), Limit(nodes=50)))
    big = searcher.ctx.tt_key.size
    list(searcher.search(Board(moves=[(0, 0)]), Limit(nodes=50, memory_mb=2)))
    assert searcher.ctx.tt_key.size < big and searcher.memory_mb == 2


# X to move. On the endless board X wins by threats that run off the left edge of a
# 15x15 board (a VCT through -1,2); on the 15x15 board there is no such win.
WIN_OFF_THE_EDGE = [(3, 3), (2, 2), (2, 5), (0, 0), (2, 4), (1, 6), (2, 0), (3, 2), (0, 4), (1, 2), (0, 5), (2, 6)]


def test_a_win_found_under_other_rules_is_not_claimed() -> None:
    engine = Engine(memory_mb=8)
    endless = engine.hint(Board(Rules(), WIN_OFF_THE_EDGE), nodes=20_000)
    bounded = Board(Rules.preset("gomocup15"), WIN_OFF_THE_EDGE)
    hint = engine.hint(bounded, nodes=20_000)
    fresh = Engine(memory_mb=8).hint(bounded, nodes=20_000)
    assert not fresh.forced_win  # the 15x15 board holds no win found in these nodes
    assert endless.forced_win  # ... which the endless board has, and its search found
    assert hint.forced_win == fresh.forced_win
    assert hint.score == fresh.score


def test_the_tables_are_kept_from_move_to_move_under_the_same_rules() -> None:
    engine = Engine(memory_mb=8)
    board = Board(Rules.preset("gomocup15"), WIN_OFF_THE_EDGE)
    engine.hint(board, nodes=2000)
    size_before = int((engine.searcher.ctx.tt_key != 0).sum())
    board.play(engine.hint(board, nodes=2000).move)
    engine.hint(board, nodes=500)
    assert int((engine.searcher.ctx.tt_key != 0).sum()) >= size_before


def test_the_opponents_double_three_is_taken_away() -> None:
    # O to move; X threatens (2, 2), two open threes at once.
    board = Board(moves=[(0, 2), (10, 10), (1, 2), (10, 12), (2, 0), (12, 10), (2, 1)])
    move = last(board, nodes=3000).pv[0]
    board.push(move)
    # No double three (or four-three) is left for X to make. (X may still have a
    # longer VCT here: the prover finds one whatever O does.)
    from gomoku.core.patterns import C_B4F3, C_F3F3

    grid = Grid(board)
    assert grid.state.count[1, C_F3F3] == 0 and grid.state.count[1, C_B4F3] == 0
    assert not find_forced_win(board, nodes=20_000).found


def test_a_leaf_facing_an_open_three_is_searched_a_ply_further() -> None:
    # X to move can make an open three. At depth 1 the tree stops at O's turn,
    # unless THREAT_EXT lets it search O's answers to the three (one ply more).
    from gomoku.core import tree as ksearch
    from gomoku.core.context import ROOT_WIDTH, SELDEPTH, THREAT_EXT, WIDTH, new_context

    board = Board(moves=[(0, 0), (10, 10), (1, 0), (10, 13)])
    reached = {}
    for ext in (0, 1, 2):
        grid = Grid(board)
        ctx = new_context(grid.size, 1 << 12, 1 << 12)
        ctx.options[WIDTH], ctx.options[ROOT_WIDTH], ctx.options[THREAT_EXT] = 10, 20, ext
        n = ksearch.root_moves(grid.state, ctx)
        ksearch.root(grid.state, ctx, 1, n, -ksearch.WIN - 1, ksearch.WIN + 1)
        reached[ext] = int(ctx.counters[SELDEPTH])
        assert grid.hash == board.hash  # every move taken back
    assert reached[0] == 1 and reached[1] == 2 and reached[2] >= 2


def test_an_unsettled_defence_proven_lost_by_the_longer_check_is_not_played(monkeypatch: pytest.MonkeyPatch) -> None:
    # O to move against X's open three: (-1, 0) and (3, 0) hold, and the tree
    # prefers (-1, 0). Pretend the root's quick checks settled neither; the tree's
    # favourite then gets the longer check, here made to find it lost: the depth
    # is searched again without it.
    from gomoku.search import searcher as search

    board = Board(moves=[(0, 0), (10, 10), (1, 0), (10, 14), (2, 0)])
    defences = search._Run._defences
    threat_after = search._Run._threat_after
    found: list[tuple[int, int]] = []
    checked: list[tuple[int, int]] = []

    def unsettled(self, s, threat, vct=False):
        moves = defences(self, s, threat, vct)
        found.extend(self.grid.point(q) for q in moves)
        self.unsure = set(moves)
        return moves

    def longer_check(self, q, share, vct):
        if not self.unsure and not checked:  # the root's own checks
            return threat_after(self, q, share, vct)
        checked.append(self.grid.point(q))
        return [q] if len(checked) == 1 else None

    monkeypatch.setattr(search._Run, "_defences", unsettled)
    monkeypatch.setattr(search._Run, "_threat_after", longer_check)
    infos = list(Searcher(8).search(board, Limit(nodes=20_000)))
    assert sorted(found) == [(-1, 0), (3, 0)]
    assert len(checked) == 1 and checked[0] in found  # the favourite, checked once
    favourite = checked[0]
    assert infos[-1].pv[0] in found and infos[-1].pv[0] != favourite
    # Once dropped, the move is never reported again.
    dropped = next(k for k, info in enumerate(infos) if info.depth >= search.VERIFY_DEPTH)
    assert all(info.pv[0] != favourite for info in infos[dropped:])


def test_an_unsettled_favourite_is_played_only_once_proven_safe_while_a_proven_defence_is_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # O to move against X's open three: (-1, 0) and (3, 0) hold, and the tree
    # prefers the one it plays plainly. Pretend the root proved the other one and
    # left the favourite unsettled; the favourite's longer check runs out of
    # budget without a verdict. With a proven defence at hand, the unsettled one
    # is not risked: the depth is searched again without it.
    from gomoku.search import searcher as search

    board = Board(moves=[(0, 0), (10, 10), (1, 0), (10, 14), (2, 0)])
    plain = last(board, nodes=20_000).pv[0]
    defences = search._Run._defences
    threat_after = search._Run._threat_after
    checked: list[tuple[int, int]] = []

    def one_unsettled(self, s, threat, vct=False):
        moves = defences(self, s, threat, vct)
        self.unsure = {q for q in moves if self.grid.point(q) == plain}
        return moves

    def inconclusive(self, q, share, vct):
        if not checked and self.grid.point(q) != plain:
            return threat_after(self, q, share, vct)
        checked.append(self.grid.point(q))
        self.aborted = True
        return None

    monkeypatch.setattr(search._Run, "_defences", one_unsettled)
    monkeypatch.setattr(search._Run, "_threat_after", inconclusive)
    infos = list(Searcher(8).search(board, Limit(nodes=20_000)))
    assert checked and checked[0] == plain
    assert infos[-1].pv[0] in ((-1, 0), (3, 0)) and infos[-1].pv[0] != plain


def record_defences(monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[tuple[int, int]], set[tuple[int, int]], bool]]:
    """Each set of root defences a search then computes: the moves, those of them
    left unsettled, and whether the threat was a VCT."""
    from gomoku.search import searcher as search

    defences = search._Run._defences
    seen: list[tuple[list[tuple[int, int]], set[tuple[int, int]], bool]] = []

    def recorded(self, s, threat, vct=False):
        found = defences(self, s, threat, vct)
        seen.append(([self.grid.point(q) for q in found], {self.grid.point(q) for q in self.unsure}, vct))
        return found

    monkeypatch.setattr(search._Run, "_defences", recorded)
    return seen


def test_defences_left_unsettled_are_searched_beside_the_proven_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # From a real game (20x20, X to move; O threatens a VCT). A quick check proves
    # that (14, 4) refutes it; (12, 6), which a strong engine prefers, needs a
    # proof of 400,000 threat nodes, so the quick check leaves it unsettled. The
    # tree must still get to weigh it: it is searched beside the proven block,
    # marked unsure (the tree's favourite among those gets the longer check).
    moves = [(17, 7), (13, 3), (15, 5), (15, 3), (13, 4), (17, 5), (10, 0), (12, 4), (14, 2), (13, 5), (14, 3), (12, 5)]
    board = Board(rules=Rules.parse("gomocup20"), moves=moves)
    seen = record_defences(monkeypatch)
    infos = list(Searcher(16).search(board, Limit(nodes=60_000)))
    found, unsure, _ = seen[-1]
    assert (14, 4) in found and (14, 4) not in unsure
    assert (12, 6) in found and (12, 6) in unsure
    assert infos[-1].pv[0] in found


def test_a_favourite_that_lets_the_opponent_win_by_threats_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    # From a real game (20x20, X to move). The tree prefers (12, 14), which
    # blocks O's three; after it, though, O has a VCT that takes the prover more
    # threat nodes than the tree's own checks have (here those are off). The
    # check of the favourite proves O's VCT, and the search plays another move.
    from gomoku.core.context import new_context
    from gomoku.core.prover import prove
    from gomoku.search import searcher as search

    moves = [(11, 11), (12, 11), (8, 9), (12, 12), (12, 10), (10, 12), (11, 12), (11, 13), (10, 11), (12, 13)]
    board = Board(rules=Rules.parse("gomocup20"), moves=moves)
    checked: list[tuple[int, int]] = []
    threat_after = search._Run._threat_after

    def spy(self, q, share, vct):
        if share >= search.FAVOURITE_SHARE > 0:
            checked.append(self.grid.point(q))
        return threat_after(self, q, share, vct)

    def play(share: float) -> tuple[int, int]:
        monkeypatch.setattr(search, "FAVOURITE_SHARE", share)
        searcher = Searcher(64, SearchOptions(node_vct=0, pass_check=0))
        return list(searcher.search(board, Limit(nodes=100_000)))[-1].pv[0]

    monkeypatch.setattr(search._Run, "_threat_after", spy)
    assert play(0.0) == (12, 14)
    assert play(0.5) != (12, 14)
    assert (12, 14) in checked
    after = board.copy()
    after.play((12, 14))
    grid = Grid(after)
    ctx = new_context(grid.size, 1 << 12, 1 << 16, 1 << 18)
    assert prove(grid.state, ctx, 2, 1 << 20, 10) == 1  # O wins by threats after it


def test_a_node_vct_without_proof_is_not_tried_again_with_the_same_budget() -> None:
    # A middle game where the side not to move has threes and fours to make but
    # no VCT that 100 threat nodes prove: the first node VCT spends them all; the
    # same question again (the next depth of the search) is answered by the table
    # for free, while a bigger budget is tried anew.
    import json
    from pathlib import Path

    from gomoku.core import tree as ksearch
    from gomoku.core.context import TNODES, new_context

    path = Path(__file__).resolve().parents[3] / "data" / "puzzles" / "vct-selfplay.jsonl"
    p = json.loads(path.read_text().splitlines()[1])
    board = board_from_position(p["stones"], p["to_move"], Rules.preset("gomocup20"))
    grid = Grid(board)
    ctx = new_context(grid.size, 1 << 12, 1 << 12)
    spent = []
    for budget in (100, 100, 200):
        before = int(ctx.counters[TNODES])
        assert ksearch._node_vct(grid.state, ctx, 3 - grid.turn, budget) == 0
        spent.append(int(ctx.counters[TNODES]) - before)
    assert spent[0] == 100 and spent[1] == 0 and spent[2] > 0
    assert grid.hash == board.hash


def test_a_node_whose_opponent_threatens_a_vct_searches_only_the_moves_that_may_stop_it() -> None:
    # O has two double-three points far apart: if X passes, O wins by a VCT. With
    # the pass check, X's node searches exactly the moves that may stop it (the
    # VCT's cells, where either side makes a four or an open three), each found
    # lost one ply down; every move it leaves out does lose to O's VCT (the
    # node's loss is reported as likely, since they were not searched).
    from gomoku.core import tree as ksearch
    from gomoku.core.context import NODE_VCT, NODES, PASS_CHECK, ROOT_WIDTH, WIDTH, new_context
    from gomoku.core.patterns import C_F3

    stones = {
        "O": [[0, 1], [0, 2], [1, 0], [2, 0], [10, 11], [10, 12], [11, 10], [12, 10]],
        "X": [[5, -6], [-6, 5], [6, 6], [-7, -7], [15, 3], [3, 15], [-3, 12], [12, -3]],
    }
    board = board_from_position(stones, "X", Rules.preset("freestyle"))
    grid = Grid(board)
    g = grid.state
    ctx = new_context(grid.size, 1 << 14, 1 << 14)
    length = ksearch._node_vct(g, ctx, 2, 1600)
    assert length > 0
    line = {int(q) for q in ctx.vline[:length]}
    stoppers = {q for q in grid.candidates() if g.cls[1, q] <= C_F3 or g.cls[2, q] <= C_F3 or q in line}
    others = set(grid.candidates()) - stoppers
    assert len(stoppers) > 10 and others
    for q in sorted(others)[:12]:
        grid.push(q)
        assert ksearch._node_vct(g, ctx, 2, 1600) > 0, grid.point(q)
        grid.pop()
    for check in (2, 0):
        ctx = new_context(grid.size, 1 << 14, 1 << 14)
        ctx.options[WIDTH], ctx.options[ROOT_WIDTH], ctx.options[NODE_VCT], ctx.options[PASS_CHECK] = 10, 20, 400, check
        score = ksearch.negamax(g, ctx, 3, -ksearch.WIN - 1, ksearch.WIN + 1, 1)
        # Lost, but likely rather than proven: the moves left out were not searched.
        assert score == -ksearch.LIKELY
        # The node itself, then one node a move searched (each lost at once).
        searched = int(ctx.counters[NODES]) - 1
        assert searched == (len(stoppers) if check else 9)  # without it: the width at depth 3
    assert grid.hash == board.hash


def test_a_quiet_move_that_sets_up_a_double_threat_is_found_as_a_defence_and_a_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # From a real game (20x20, O to move). X threatens a VCT; no block is needed:
    # O's quiet (10, 9) makes neither a three nor a four, but gives O a double
    # three to come at (7, 6), which breaks X's VCT and wins (a strong engine
    # finds it). Ordered among the threes and tried as a defence, it is found.
    moves = [(7, 8), (7, 7), (7, 4), (8, 7), (9, 7), (6, 7), (5, 7), (6, 6), (6, 8), (8, 8), (5, 5), (8, 6), (8, 5)]
    board = Board(rules=Rules.parse("gomocup20"), moves=moves)
    seen = record_defences(monkeypatch)
    infos = list(Searcher(16).search(board, Limit(nodes=1_000_000)))
    assert seen and (10, 9) in seen[-1][0]
    assert infos[-1].pv[0] == (10, 9)
    assert infos[-1].score > 900_000


def test_a_move_off_the_opponents_vcf_that_breaks_it_is_a_defence(monkeypatch: pytest.MonkeyPatch) -> None:
    # From a lost game (20x20, X to move). O would win by continuous fours if X
    # passed. (7, 6) is on none of the VCF's cells and makes no four, but it
    # breaks the VCF all the same: one of the blocks O's fours force then makes a
    # four of X's. A strong engine plays it and wins (a mate in 27); the root,
    # which tried only the VCF's cells and the fours, kept five blocks, all lost
    # (a likely loss at every depth), and played one. Every other candidate now
    # gets a quick check too, kept when proven: (7, 6) is searched and played.
    moves = [
        (9, 4),
        (8, 5),
        (9, 9),
        (5, 5),
        (8, 7),
        (8, 3),
        (6, 6),
        (9, 5),
        (8, 4),
        (9, 3),
        (7, 4),
        (10, 4),
        (5, 4),
        (6, 4),
    ]
    board = Board(rules=Rules.parse("gomocup20"), moves=moves)
    grid = Grid(board.copy())
    grid.turn = 2  # as if O were to move: it has a VCF
    assert VCFSearch(grid, node_limit=20_000).find(2) is not None
    after = board.copy()
    after.push((7, 6))
    assert not find_forced_win(after, nodes=200_000).found  # O, to move, has no VCF after (7, 6)
    seen = record_defences(monkeypatch)
    infos = list(Searcher(16).search(board, Limit(nodes=300_000)))
    found, unsure, vct = seen[-1]
    assert not vct and (7, 6) in found and (7, 6) not in unsure
    assert infos[-1].pv[0] == (7, 6)
    assert infos[-1].score > 0


def test_a_candidate_off_the_threat_proven_to_refute_a_vct_is_a_defence(monkeypatch: pytest.MonkeyPatch) -> None:
    # From a lost game (20x20, O to move; X would win by a VCT if O passed). A
    # strong engine's move, (10, 7), is none of the cells the root tried first (the
    # threat's line, the fours of either side, X's open threes, O's set-ups), yet
    # it takes X's VCT away: proven in a few hundred threat nodes. Every other
    # candidate gets such a quick check now, and is kept when proven.
    from gomoku.core.patterns import C_B4, C_F3

    moves = [
        (9, 4),
        (8, 5),
        (9, 9),
        (5, 5),
        (8, 7),
        (8, 3),
        (6, 6),
        (9, 5),
        (8, 4),
        (7, 3),
        (6, 4),
        (7, 4),
        (7, 5),
        (9, 3),
        (6, 3),
        (6, 5),
        (5, 6),
        (10, 4),
        (11, 3),
        (10, 2),
        (10, 1),
        (10, 5),
        (11, 5),
    ]
    board = Board(rules=Rules.parse("gomocup20"), moves=moves)
    grid = Grid(board)
    q = grid.index[(10, 7)]
    g = grid.state
    assert g.cls[2, q] > C_B4 and g.cls[1, q] > C_F3  # no four for O, no four or open three for X
    after = board.copy()
    after.push((10, 7))
    result = find_forced_win(after, nodes=100_000, vct=True)
    assert not result.found and result.complete  # X has no VCT after it
    seen = record_defences(monkeypatch)
    list(Searcher(16).search(board, Limit(nodes=500_000)))
    found, unsure, vct = seen[-1]
    assert vct and (10, 7) in found and (10, 7) not in unsure


def test_the_quick_defence_checks_stay_quick_with_no_time_or_node_limit() -> None:
    # With neither limit, a proof at the root may try VCF_NODES threat nodes; a
    # quick check of a defence (a small share of the budget) gets that share of
    # ten times as many. The same position as above, four plies deep: about 70
    # candidates are checked against X's VCT. Each given the whole VCF_NODES, the
    # search took 2.9 million nodes; scaled, under 0.9 million.
    moves = [
        (9, 4),
        (8, 5),
        (9, 9),
        (5, 5),
        (8, 7),
        (8, 3),
        (6, 6),
        (9, 5),
        (8, 4),
        (7, 3),
        (6, 4),
        (7, 4),
        (7, 5),
        (9, 3),
        (6, 3),
        (6, 5),
        (5, 6),
        (10, 4),
        (11, 3),
        (10, 2),
        (10, 1),
        (10, 5),
        (11, 5),
    ]
    board = Board(rules=Rules.parse("gomocup20"), moves=moves)
    infos = list(Searcher().search(board, Limit(depth=4)))
    assert infos[-1].depth == 4
    assert infos[-1].nodes < 1_500_000
