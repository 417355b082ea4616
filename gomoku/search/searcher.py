"""Alpha-beta on candidate cells: negamax principal-variation search with
iterative deepening, a transposition table and VCF at the root and the leaves.

The search works on a ``gomoku.search.layout.Grid`` (the position on a dense grid with
incremental patterns) and only pushes and pops: the board it was given is
never touched. Its nodes run in compiled kernels (``gomoku.core.tree`` for the
tree, ``gomoku.core.vcf`` for VCF, ``gomoku.core.prover`` for VCT) without the
GIL; this module drives them depth by depth and keeps their clock
(``gomoku.search.watchdog``). It reports as it goes, one ``SearchInfo`` per completed
depth, from a generator (``Searcher.search``), so the CLI, the protocol and
the app can show progress and stop it.

At the root, before any tree: a five to make or to block; a VCF for the side
to move (up to half the time); the opponent's VCF or VCT, were it to move; a
VCT of the side to move (fours and open threes, by the proof-number search of
``gomoku.core.prover``, however long; given more time when the opponent threatens
one): the checks of ``gomoku.search.rootchecks``. A win found there is played
and reported as forced; the opponent's threat narrows the root to the moves
that take it away: those proven to, and those the quick checks left unsettled
(a block proven at once may still be the worse defence). The tree's favourite
among the unsettled ones gets a longer check before it is played, and is
dropped if found lost, or if a proven defence is there and the check could not
prove it safe; any other favourite gets a shorter one (does the opponent win by
threats after it?).
A timed search may take more cores: helper threads share its transposition
table (``gomoku.search.threads``).

The tree's move choice is described in ``gomoku.core.tree``. The search deepens
until its time is spent (a depth that does not finish still counts when its
first move was searched in full and another one proved better), and stops
early only on a forced or proven move.

>>> from gomoku.board import Board
>>> board = Board(moves=[(0, 0), (-1, 0), (1, 0), (5, 6), (2, 0), (5, 7), (3, 0)])
>>> infos = list(Searcher().search(board, Limit(depth=2)))
>>> infos[-1].pv[0]            # O must block X's four
(4, 0)
"""

from __future__ import annotations

import threading
import time as _time
from collections.abc import Iterator

from gomoku.board import Board, GameOverError, Rules
from gomoku.core import context as K
from gomoku.core import prover, tree
from gomoku.core.caro import defences, is_caro
from gomoku.core.grid import find
from gomoku.core.patterns import C_FIVE
from gomoku.search.layout import Grid
from gomoku.search.nets import load_net
from gomoku.search.params import (
    DEFAULT_MEMORY_MB,
    FAVOURITE_SHARE,
    FAVOURITE_UNTIL,
    MAX_GRID_CELLS,
    UNITS_PER_LOGIT,
    VCT_SHARE,
    VCT_SHARE_THREATENED,
    VCT_SHARE_WINNING,
    VERIFY_DEPTH,
    VERIFY_SHARE,
    SearchOptions,
)
from gomoku.search.plain import PlainSearch
from gomoku.search.rootchecks import RootChecks
from gomoku.search.threads import Helper
from gomoku.search.types import MAX_PLY, WIN, WIN_THRESHOLD, Candidate, Limit, SearchInfo
from gomoku.search.watchdog import Watch

__all__ = ["Searcher"]


class Searcher:
    """The alpha-beta search. Keep one per game: its tables carry over."""

    def __init__(self, memory_mb: int | None = None, options: SearchOptions | None = None) -> None:
        self.memory_mb = memory_mb
        self.options = options or SearchOptions()
        """The options of a search that is given none."""
        self.rules: Rules | None = None
        """The rules of the positions whose results the tables hold."""
        self.winning = False
        """Whether the last search found a forced win (the next one looks harder for it)."""
        self.ctx: K.Context | None = None
        self.layout = 0
        self.layout_seconds: float | None = None
        """How long the last search took to lay the board onto its grid (``layout_cells`` cells)."""
        self.layout_cells: int | None = None

    def _entries(self, share: float, entry_bytes: int, least: int) -> int:
        """Entries of ``entry_bytes`` that fit in ``share`` of the memory budget (at least ``least``)."""
        budget = self.memory_mb if self.memory_mb is not None else DEFAULT_MEMORY_MB
        return max(least, int(budget * 1024 * 1024 * share / entry_bytes))

    @property
    def tt_entries(self) -> int:
        """Entries of the transposition table at this budget (45% of it)."""
        return self._entries(0.45, K.TT_ENTRY_BYTES, 1024)

    @property
    def table_entries(self) -> int:
        """Entries of the VCF table at this budget (a fifth of it)."""
        return self._entries(0.2, K.TABLE_ENTRY_BYTES, 1024)

    @property
    def proof_nodes(self) -> int:
        """Nodes the VCT prover's tree may hold at this budget (a fifth of it)."""
        return self._entries(0.2, prover.NODE_BYTES, 10_000)

    def _context(self, size: int) -> K.Context:
        ctx = self.ctx
        if ctx is None:
            ctx = K.new_context(size, self.tt_entries, self.table_entries, self.proof_nodes)
            K.touch(ctx)
        elif ctx.history.shape[1] != size:
            ctx = K.resize_for_grid(ctx, size)
        else:
            ctx.history[:] = 0
        ctx.killers[:] = -1
        self.ctx = ctx
        return ctx

    # -- the public generator -------------------------------------------------
    def search(
        self,
        board: Board,
        limit: Limit | None = None,
        stop: threading.Event | None = None,
        options: SearchOptions | None = None,
    ) -> Iterator[SearchInfo]:
        """Search ``board`` (never changed) and yield a SearchInfo per completed depth,
        with ``options`` (the searcher's own when None).

        The first info comes as soon as there is a legal move to play, and the
        last one holds the best line found. A time, node or stop limit ends the
        generator cleanly. Raises GameOverError when the game is over.
        """
        if board.is_over:
            raise GameOverError(f"the game is over ({board.result}); no move to search")
        limit = limit or Limit()
        start = _time.perf_counter()
        if limit.memory_mb is not None and limit.memory_mb != self.memory_mb:
            self.memory_mb = limit.memory_mb
            self.ctx = None
        if self.rules is None or (board.rules, board.rules.directions) != (self.rules, self.rules.directions):
            # The tables' results hold under the rules they were found with (an edge,
            # an overline that wins or not), and the same stones hash alike under any.
            if self.ctx is not None:
                K.clear_tables(self.ctx)
            self.rules = board.rules
        if not Grid.supports(board.rules) or Grid.cells_for(board) > MAX_GRID_CELLS:
            # Other geometries, and boards whose stones would need a grid past its
            # memory cap (the plain search keeps its time on any board).
            yield from PlainSearch(board.copy(), limit, stop, start).run()
            return
        options = options or self.options
        grid = Grid(board, net=load_net(options.evaluation))
        self.layout_seconds = _time.perf_counter() - start
        self.layout_cells = grid.size
        ctx = self._context(grid.size)
        # The deadline counts from ``start``: a grid that took long to lay out leaves
        # the kernels less time (none, past it: the flag is up as they begin).
        deadline = start + limit.time if limit.time is not None else None
        with Watch(ctx.stop, deadline=deadline, stop=stop) as watch:
            yield from _Run(self, options, grid, ctx, limit, watch, start).run()


class _Run(RootChecks):
    """One search: the root's threat checks (``RootChecks``), then iterative deepening."""

    def __init__(
        self,
        searcher: Searcher,
        options: SearchOptions,
        grid: Grid,
        ctx: K.Context,
        limit: Limit,
        watch: Watch,
        start: float,
    ) -> None:
        self.searcher: Searcher = searcher
        self.options = options
        self.grid = grid
        self.g = grid.state
        self.ctx = ctx
        self.limit = limit
        self.watch = watch
        self.start = start
        self.deadline = watch.deadline
        # The span the root's checks take their shares of: the caller's plan, if it paces the search.
        self.span = 0.0 if self.deadline is None else self.deadline - start
        if limit.plan is not None and self.deadline is not None:
            self.span = min(self.span, limit.plan)
        self.unsure: set[int] = set()
        """The defences searched without proof that they take the opponent's win
        away (``_defences``): the tree's favourite among them is checked again."""
        self.helpers: list[Helper] = []
        """The helper threads of the iterative deepening (``SearchOptions.threads``)."""
        self.checked: set[int] = set()
        """The tree's favourites checked already for the opponent's threats."""
        self.fixed: list[tuple[int, list[int]]] = []
        """MultiPV: the wins the root's threat searches found, as (score, line)."""
        searcher.layout += 1
        ctx.counters[:] = 0
        ctx.options[K.NODE_LIMIT] = -1 if limit.nodes is None else limit.nodes
        ctx.options[K.WIDTH] = options.width
        ctx.options[K.ROOT_WIDTH] = options.root_width
        ctx.options[K.LEAF_VCF] = options.leaf_vcf
        ctx.options[K.LMR] = options.lmr_divisor
        ctx.options[K.AGE] += 1
        ctx.options[K.LAYOUT] = searcher.layout
        ctx.options[K.NODE_VCT] = options.node_vct
        ctx.options[K.THREAT_EXT] = options.threat_ext
        ctx.options[K.PASS_CHECK] = options.pass_check
        ctx.options[K.NULL_MOVE] = options.null_move
        ctx.options[K.QUIESCE] = options.quiesce
        ctx.options[K.FUTILITY] = round(options.futility * UNITS_PER_LOGIT)
        ctx.options[K.AVERAGE] = int(options.average)
        ctx.options[K.LMR_FLOOR] = int(options.lmr_floor)
        ctx.options[K.SINGULAR] = round(options.singular * UNITS_PER_LOGIT)

    @property
    def nodes(self) -> int:
        return int(self.ctx.counters[K.NODES] + self.ctx.counters[K.TNODES])

    def info(
        self, depth: int, score: int, pv: list[int], ebf: float, lines: list[tuple[int, list[int]]] | None = None
    ) -> SearchInfo:
        """The report of a completed depth; ``lines`` the MultiPV lines (score, line), best first."""
        elapsed = _time.perf_counter() - self.start
        nodes = self.nodes + sum(helper.nodes for helper in self.helpers)
        return SearchInfo(
            depth=depth,
            score=float(score),
            pv=tuple(self.grid.point(i) for i in pv),
            nodes=nodes,
            time=elapsed,
            nps=nodes / elapsed if elapsed > 0 else 0.0,
            cutoffs=int(self.ctx.counters[K.CUTOFFS]),
            ebf=ebf,
            forced_win=score > WIN_THRESHOLD,
            candidates=tuple(
                Candidate(self.grid.point(line[0]), float(value), tuple(self.grid.point(i) for i in line))
                for value, line in lines
            )
            if lines
            else (),
        )

    def run(self) -> Iterator[SearchInfo]:
        g, ctx, grid = self.g, self.ctx, self.grid
        limit = self.limit
        max_depth = limit.depth if limit.depth is not None else MAX_PLY
        s = grid.turn
        o = 3 - s
        # Forced at the root: a five to make, a five to block.
        if g.count[s, C_FIVE]:
            yield self.info(1, WIN - 1, [int(find(g, s, C_FIVE)[0])], 1.0)
            return
        if g.count[o, C_FIVE]:
            blocks = sorted(int(i) for i in find(g, o, C_FIVE))
            if s == 1 and g.forb.size > 1 and any(g.forb[i] for i in blocks):
                # Renju: black's block is forbidden; white's five comes whatever black plays.
                allowed = [i for i in grid.candidates() if not g.forb[i]] or blocks
                yield self.info(1, -(WIN - 2), [allowed[0]], 1.0)
                return
            # The stones that stop it: its cell (two fives: none); under caro also a
            # block at the end of the run it would make (``gomoku.core.caro``).
            answers = sorted(int(i) for i in defences(g, o)) if is_caro(g) else blocks if len(blocks) == 1 else []
            if not answers:
                yield self.info(1, -(WIN - 2), [blocks[0]], 1.0)
                return
            yield self.info(1, 0, [answers[0]], 1.0)
            if max_depth <= 1:
                return
        # More cores: helpers search the root's moves a depth ahead of the main
        # search (``gomoku.search.threads``), from now on: while this thread proves the
        # root's threats, they fill the shared table for its tree. Not under a
        # node or depth limit: those searches give the same answer every time.
        timed_only = self.deadline is not None and limit.nodes is None and limit.depth is None
        if self.options.threads > 1 and timed_only:
            n = int(tree.root_moves(g, ctx))
            if n > 1:
                moves = [int(i) for i in ctx.moves[0, :n]]
                self.helpers = [Helper(g, ctx, moves) for _ in range(self.options.threads - 1)]
                for helper in self.helpers:
                    self.watch.follow(helper.ctx.stop)
                    helper.start()
        try:
            yield from self._root_and_deepen(max_depth)
        finally:
            for helper in self.helpers:
                helper.stop()

    def _root_and_deepen(self, max_depth: int) -> Iterator[SearchInfo]:
        """The root's threats (a win of ours, the opponent's to take away), then
        iterative deepening."""
        g, ctx, grid = self.g, self.ctx, self.grid
        s = grid.turn
        o = 3 - s
        # A VCF for the side to move wins outright; then threes too (VCT). A
        # MultiPV search keeps the win as its first line and searches on for the others.
        line = self._threats(s, 0.5, 20)
        if line is not None:
            self.searcher.winning = True
            yield self.info((len(line) + 1) // 2, WIN - len(line), line, 1.0, [(WIN - len(line), line)])
            if self.options.multipv == 1:
                return
            self.fixed.append((WIN - len(line), line))
        # A VCF (or a VCT) the opponent could start if it were to move: then
        # only the moves that take it away are worth searching (below).
        threat = self._threats(o, 0.1, 20)
        threat_vct = False
        if threat is None and self.options.vct_defence:
            threat = self._threats(o, 0.15, 0, vct=True)
            threat_vct = threat is not None
        # Our own VCT: more of the time when the last search of this game found
        # a win (it is most likely still there) or when the opponent threatens one
        # (the tree will have few moves to search).
        share = (
            VCT_SHARE_WINNING if self.searcher.winning else VCT_SHARE_THREATENED if threat is not None else VCT_SHARE
        )
        self.searcher.winning = False
        line = self._threats(s, share, 0, vct=True) if self.options.root_vct and not self.fixed else None
        if line is not None:
            self.searcher.winning = True
            yield self.info((len(line) + 1) // 2, WIN - len(line), line, 1.0, [(WIN - len(line), line)])
            if self.options.multipv == 1:
                return
            self.fixed.append((WIN - len(line), line))
        defences = self._defences(s, threat, vct=threat_vct) if threat is not None else None
        if self.watch.expired and not defences:
            defences = None
        # Iterative deepening.
        n = int(tree.root_moves(g, ctx))
        moves = [int(i) for i in ctx.moves[0, :n]] or grid.candidates()
        if defences:
            moves = [q for q in moves if q in defences] + [q for q in defences if q not in moves]
        if self.fixed:
            # The wins found above are lines already: the tree searches the other moves.
            moves = [q for q in moves if q not in {line[0] for _, line in self.fixed}]
            if not moves:
                return
        n = len(moves)
        ctx.moves[0, :n] = moves
        if not self.fixed:
            yield self.info(0, grid.evaluate(), [moves[0]], 1.0)
        if defences:
            for helper in self.helpers:
                helper.reroot(moves)  # the defences only, from its next depth on
        yield from self._deepen(n, max_depth)

    def _lines(self, depth: int, n: int, first: list[int], score: int) -> list[tuple[int, list[int]]] | None:
        """MultiPV: the best lines at ``depth``, best first, the root's wins found
        before the tree (``self.fixed``) among them; None if a limit cut them short.

        The tree's best line (``first``, scoring ``score``) is its first; the root
        is then searched again without the moves of the lines found, to the same
        depth with a full window, until ``SearchOptions.multipv`` lines are
        found. The root's moves are left in the order found (the lines' moves
        first) for the next depth, and the table holds the best line's result."""
        ctx, g = self.ctx, self.g
        counters = ctx.counters
        lines = [(score, first)]
        moves = ctx.moves[0, :n].copy()
        values = ctx.scores[0, :n].copy()
        want = self.options.multipv - len(self.fixed)
        complete = True
        try:
            while len(lines) < want:
                taken = {line[0] for _, line in lines}
                rest = [j for j in range(n) if int(moves[j]) not in taken]
                if not rest:
                    break
                m = len(rest)
                ctx.moves[0, :m] = moves[rest]
                ctx.scores[0, :m] = values[rest]
                counters[K.ABORT] = 0
                value = int(tree.root(g, ctx, depth, m, -WIN - 1, WIN + 1))
                line = [int(i) for i in ctx.pv[0, : ctx.pv_len[0]]]
                if counters[K.ABORT] or not line:
                    complete = False
                    break
                lines.append((value, line))
        finally:
            rank = {line[0]: k for k, (_, line) in enumerate(lines)}
            order = sorted(range(n), key=lambda j: (rank.get(int(moves[j]), len(rank)), j))
            ctx.moves[0, :n] = moves[order]
            ctx.scores[0, :n] = values[order]
            tree.remember_root(g, ctx, depth, score, first[0])
        if not complete:
            return None
        return sorted(self.fixed + lines, key=lambda item: -item[0])

    def _deeper(self, completed: int, n: int) -> tuple[int, int, list[int]] | None:
        """The line of a helper that completed a depth past ``completed`` (the
        deepest), if its move is still one of the ``n`` root moves (not dropped)."""
        moves = {int(q) for q in self.ctx.moves[0, :n]}
        results = [h.result for h in self.helpers if h.result is not None and h.result[0] > completed]
        results = [r for r in results if r[2][0] in moves]
        return max(results, key=lambda r: r[0]) if results else None

    def _deepen(self, n: int, max_depth: int) -> Iterator[SearchInfo]:
        """Iterative deepening on the ``n`` root moves of ``ctx.moves[0]``."""
        ctx = self.ctx
        counters = ctx.counters
        g = self.g
        best_line = [int(ctx.moves[0, 0])]
        previous = 0
        last = 0  # the score of the last depth completed
        dropped = False
        unfinished: list[int] = []
        depth = 1
        while depth <= max_depth:
            if self.watch.expired:
                break  # told to stop (the clock thread may not have raised the flag yet)
            before = self.nodes
            counters[K.ABORT] = 0
            score = int(tree.root(g, ctx, depth, n, -WIN - 1, WIN + 1))
            line = [int(i) for i in ctx.pv[0, : ctx.pv_len[0]]]
            if counters[K.ABORT]:
                # The unfinished depth is worth playing if its first move was
                # searched in full and another move then proved better (or the
                # move before was found to lose).
                if line and (line[0] != best_line[0] or dropped):
                    unfinished = line
                break
            done = self.nodes - before
            ebf = done / previous if previous else float(done)
            previous = max(1, done)
            best_line = line or best_line
            q = best_line[0]
            if n > 1 and depth >= VERIFY_DEPTH and abs(score) <= WIN_THRESHOLD and q not in self.checked:
                # Before the tree plays its favourite, a longer look whether the
                # opponent then wins by threats: a defence the root's checks left
                # unsettled gets half the time left, any other favourite a tenth.
                if q in self.unsure:
                    share = VERIFY_SHARE * max(0.0, self._left(1.0))
                elif self._left(FAVOURITE_UNTIL) > 0 and (self.deadline is not None or self.limit.nodes is not None):
                    share = FAVOURITE_SHARE
                else:
                    share = 0.0
                self.checked.add(q)
                threat = self._threat_after(q, share, True) if share > 0 else None
                safe = share > 0 and threat is None and not self.aborted
                # An unsettled defence is not risked while a proven one (any root
                # move not unsure: the root holds only defences) is left to play.
                risky = q in self.unsure and not safe and any(int(m) not in self.unsure for m in ctx.moves[0, :n])
                if threat is not None or risky:
                    kept = [j for j in range(n) if int(ctx.moves[0, j]) != q]
                    ctx.moves[0, : n - 1] = ctx.moves[0, kept].copy()
                    ctx.scores[0, : n - 1] = ctx.scores[0, kept].copy()
                    n -= 1
                    best_line = [int(ctx.moves[0, 0])]
                    dropped = True
                    continue  # the same depth again, without it
            dropped = False
            last = score
            self.searcher.winning = score > WIN_THRESHOLD
            for helper in self.helpers:
                helper.ahead_of(depth)
            if self.options.multipv > 1:
                lines = self._lines(depth, n, best_line, score)
                if lines is None:
                    return  # the depth's other lines did not finish: the last full set stands
                yield self.info(depth, lines[0][0], lines[0][1], ebf, lines)
                if (
                    n == 1
                    or all(abs(value) > WIN_THRESHOLD for value, _ in lines)
                    and (len(lines) == self.options.multipv or len(lines) - len(self.fixed) == n)
                ):
                    return
                depth += 1
                continue
            yield self.info(depth, score, best_line, ebf)
            if abs(score) > WIN_THRESHOLD or n == 1:
                return
            depth += 1
        if self.options.multipv > 1:
            return  # a MultiPV search reports whole depths only
        # Stopped short of ``depth``: a helper's deeper completed depth gives the
        # move, else the unfinished depth's better move, else, if the move last
        # reported was found lost, the next one.
        deeper = self._deeper(depth - 1, n)
        if deeper is not None:
            yield self.info(*deeper, 0.0)
        elif unfinished:
            yield self.info(depth, score, unfinished, 0.0)
        elif dropped:
            yield self.info(depth - 1, min(last, 0), best_line, 0.0)
