"""Alpha-beta on candidate cells: negamax principal-variation search with
iterative deepening, a transposition table and VCF at the root and the leaves.

The search works on a ``gomoku._eval.Grid`` (the position on a dense grid with
incremental patterns) and only pushes and pops: the board it was given is
never touched. It reports as it goes, one ``SearchInfo`` per completed depth,
from a generator (``Searcher.search``), so the CLI, the protocol and the app
can show progress and stop it.

At the root, before any tree: a five to make or to block; a VCF for the side
to move (up to half the time); a VCT (fours and open threes, 3 threats deep);
and the opponent's VCF, were it to move, which narrows the root to the moves
that take it away. A win found there is played and reported as forced.

Move choice at a node, most forcing first:

* a five to make: the node is won;
* the opponent's five to block: the only move (searched without using up
  depth, since it is forced);
* the opponent can make an open four (it has an open three): only the cells
  where either side makes a four (the blocks and the counter-fours);
* otherwise the candidate cells (empty, within two of a stone), ordered by
  the transposition table's move and then by pattern value, narrowed to the
  best ``width`` of them. The forced replies above are never narrowed away.
  Late quiet moves (no open three made or stopped) are first searched a ply
  shallower. At the leaves, a short VCF for the side to move.

>>> from gomoku.board import Board
>>> board = Board(moves=[(0, 0), (-1, 0), (1, 0), (5, 6), (2, 0), (5, 7), (3, 0)])
>>> infos = list(Searcher().search(board, Limit(depth=2)))
>>> infos[-1].pv[0]            # O must block X's four
(4, 0)
"""

from __future__ import annotations

import threading
import time as _time
from typing import Iterator

from gomoku.board import Board, GameOverError, Point, Rules
from gomoku._eval import Grid, ORDER_VALUE
from gomoku.plain import PlainSearch
from gomoku.searchtypes import MAX_PLY, WIN, WIN_THRESHOLD, Limit, SearchAborted, SearchInfo
from gomoku.vcf import VCFSearch, VCTSearch

ROOT_WIDTH = 24
"""Candidate cells searched at the root (after forced replies and the TT move)."""
WIDTH = 14
"""Candidate cells searched at the other nodes."""
VCF_NODES = 200_000
"""Attacking moves a VCF at the root may try when the search has no time or node limit."""
VCT_DEPTH = 3
"""Threat moves (fours and threes) in the longest VCT looked for at the root."""
VCT_DEFENCE_DEPTH = 2
"""Threat moves in the opponent's VCT the root looks for, to take it away."""
LEAF_VCF_NODES = 24
"""Attacking moves a leaf may spend looking for a VCF of the side to move."""
ENTRY_BYTES = 160
"""Rough memory of one transposition entry (tuple, key and score objects, slot)."""

QUIET = ORDER_VALUE[5]
"""Below this ordering value (an open three) a move threatens nothing: it may be reduced."""
DEFAULT_MEMORY_MB = 160
"""The tables' budget when none is given (the Gomocup allows 350 MB in all)."""
TABLE_ENTRY_BYTES = 110
"""Rough memory of one entry of the VCF and VCT tables (a dict of int -> int)."""

EXACT, LOWER, UPPER = 0, 1, 2


class TranspositionTable:
    """A fixed-size table keyed by the board hash: one slot per ``hash % size``,
    replaced when the new entry is at least as deep (or the slot is stale).

    Entries hold points, not grid cells, so the table outlives a grid and is
    kept from one move of a game to the next.
    """

    def __init__(self, memory_mb: int = 48) -> None:
        size = max(1024, int(memory_mb * 1024 * 1024 / ENTRY_BYTES))
        self.size = size
        self.slots: list[tuple | None] = [None] * size
        self.generation = 0

    def probe(self, key: int) -> tuple | None:
        """The entry ``(key, depth, flag, score, move, generation)`` of ``key``, or None."""
        entry = self.slots[key % self.size]
        if entry is not None and entry[0] == key:
            return entry
        return None

    def store(self, key: int, depth: int, flag: int, score: int, move: Point | None) -> None:
        """Keep a result, unless the slot holds a deeper one of this search."""
        slot = key % self.size
        old = self.slots[slot]
        if old is None or old[0] == key or old[1] <= depth or old[5] != self.generation:
            self.slots[slot] = (key, depth, flag, score, move, self.generation)

    def new_search(self) -> None:
        """Mark the entries as from an older search (they may be replaced first)."""
        self.generation += 1

    def clear(self) -> None:
        """Forget every entry."""
        self.slots = [None] * self.size


class Searcher:
    """The alpha-beta search. Keep one per game: its tables carry over."""

    def __init__(self, memory_mb: int | None = None, *, root_width: int = ROOT_WIDTH, width: int = WIDTH) -> None:
        self._size_tables(memory_mb)
        self.rules: Rules | None = None
        """The rules of the positions whose results the transposition table holds."""
        self.root_width = root_width
        self.width = width
        self.lmr = True
        """Late move reductions on (the setting exists for experiments)."""
        self.leaf_vcf = LEAF_VCF_NODES
        """Attacking moves a leaf's VCF may try (0: none)."""
        self.vct_defence = True
        """Take away the opponent's short VCT at the root, as its VCF."""

    def _size_tables(self, memory_mb: int | None) -> None:
        self.memory_mb = memory_mb
        budget = memory_mb if memory_mb is not None else DEFAULT_MEMORY_MB
        # The budget, shared: a third for the main table, a quarter for the VCF's,
        # a sixth for the VCT's; the rest is room for the grids and pattern tables.
        self.tt = TranspositionTable(max(1, budget // 3))
        self.vcf_table_size = max(1 << 12, int(budget * 1024 * 1024 / 4 / TABLE_ENTRY_BYTES))
        self.vct_table_size = max(1 << 12, int(budget * 1024 * 1024 / 6 / TABLE_ENTRY_BYTES))

    # -- the public generator -------------------------------------------------
    def search(
        self,
        board: Board,
        limit: Limit | None = None,
        stop: threading.Event | None = None,
    ) -> Iterator[SearchInfo]:
        """Search ``board`` (never changed) and yield a SearchInfo per completed depth.

        The first info comes as soon as there is a legal move to play, and the
        last one holds the best line found. A time, node or stop limit ends the
        generator cleanly. Raises GameOverError when the game is over.
        """
        if board.is_over:
            raise GameOverError(f"the game is over ({board.result}); no move to search")
        limit = limit or Limit()
        start = _time.perf_counter()
        if limit.memory_mb is not None and limit.memory_mb != self.memory_mb:
            self._size_tables(limit.memory_mb)
        if self.rules is None or (board.rules, board.rules.directions) != (self.rules, self.rules.directions):
            # The table's results hold under the rules they were found with (an edge,
            # an overline that wins or not), and the same stones hash alike under any.
            if self.rules is not None:
                self.tt.clear()
            self.rules = board.rules
        if not Grid.supports(board.rules):
            yield from PlainSearch(board.copy(), limit, stop, start).run()
            return
        grid = Grid(board)
        self.grid = grid
        self.nodes = 0
        self.leaf_vcf_nodes = 0
        self.cutoffs = 0
        self.partial: tuple[int, list[int]] | None = None
        self.start = start
        self.deadline = start + limit.time if limit.time is not None else None
        self.node_limit = limit.nodes
        self.stop = stop
        self._next_check = 32
        self.tt.new_search()
        self.vcf = VCFSearch(grid, table_size=self.vcf_table_size, stop=stop, deadline=self.deadline)
        max_depth = limit.depth if limit.depth is not None else MAX_PLY
        s = grid.turn
        o = 3 - s

        def info(depth: int, score: int, pv: list[int], ebf: float) -> SearchInfo:
            elapsed = _time.perf_counter() - start
            nodes = self.nodes + self.vcf.nodes
            return SearchInfo(
                depth=depth,
                score=float(score),
                pv=tuple(grid.point(i) for i in pv),
                nodes=nodes,
                time=elapsed,
                nps=nodes / elapsed if elapsed > 0 else 0.0,
                cutoffs=self.cutoffs,
                ebf=ebf,
                forced_win=score > WIN_THRESHOLD,
            )

        # Forced at the root: a five to make, a five to block.
        if grid.fives[s]:
            yield info(1, WIN - 1, [min(grid.fives[s])], 1.0)
            return
        if grid.fives[o]:
            blocks = sorted(grid.fives[o])
            score = -(WIN - 2) if len(blocks) > 1 else 0
            if len(blocks) == 1:
                move = blocks[0]
                yield info(1, score, [move], 1.0)
                if max_depth <= 1:
                    return
            else:
                yield info(1, score, [blocks[0]], 1.0)
                return

        # A VCF for the side to move wins outright: look for one first, with a
        # share of the time or of the nodes.
        line = self._bounded_vcf(s, 0.5, 20)
        if line is not None:
            attackers = (len(line) + 1) // 2
            yield info(attackers, WIN - len(line), line, 1.0)
            return

        # Threes too (VCT), a few threats deep, with a smaller share.
        line = self._bounded_vcf(s, 0.15, VCT_DEPTH, vct=True)
        if line is not None:
            attackers = (len(line) + 1) // 2
            yield info(attackers, WIN - len(line), line, 1.0)
            return

        # A VCF the opponent could start if it were to move: only the moves that
        # take it away (or a four that does) are worth searching.
        defences = None
        threat = self._bounded_vcf(o, 0.1, 14)
        if threat is not None:
            defences = self._defences(s, threat)
        elif self.vct_defence:
            # Or a short VCT (a double three, a four-three on the way).
            threat = self._bounded_vcf(o, 0.08, VCT_DEFENCE_DEPTH, vct=True)
            if threat is not None:
                defences = self._defences(s, threat, vct=True)

        # Iterative deepening.
        root_moves = self._root_moves()
        if defences:
            root_moves = [q for q in root_moves if q in defences] + [q for q in defences if q not in root_moves]
        best_line = [root_moves[0]]
        yield info(0, grid.evaluate(), best_line, 1.0)
        previous_nodes = 0
        self.vcf.node_limit = None
        for depth in range(1, max_depth + 1):
            before = self.nodes + self.vcf.nodes
            self.partial = None
            try:
                score, line = self._root(depth, root_moves)
            except SearchAborted:
                # The unfinished depth is worth playing if its first move was
                # searched in full and another move then proved better.
                if self.partial is not None and self.partial[1][0] != best_line[0]:
                    score, line = self.partial
                    yield info(depth, score, line, 0.0)
                return
            done = self.nodes + self.vcf.nodes - before
            ebf = done / previous_nodes if previous_nodes else float(done)
            previous_nodes = max(1, done)
            best_line = line
            yield info(depth, score, line, ebf)
            if abs(score) > WIN_THRESHOLD:
                return
            if len(root_moves) == 1:
                return
            if self.deadline is not None:
                elapsed = _time.perf_counter() - start
                if elapsed > 0.55 * (self.deadline - start):
                    return  # the next depth would not finish

    # -- internals ----------------------------------------------------------------
    def _bounded_vcf(self, attacker: int, share: float, max_depth: int, vct: bool = False) -> list[int] | None:
        """A VCF (or with ``vct``, a VCT) for ``attacker`` (as if it were to move)
        within ``share`` of the time or node budget (VCF_NODES when there is
        neither), or None."""
        vcf = self.vcf
        vcf.node_limit = None
        self.vcf_aborted = False
        if self.deadline is not None:
            vcf.deadline = min(self.deadline, _time.perf_counter() + share * (self.deadline - self.start))
        if self.node_limit is not None:
            left = self.node_limit - self.nodes - vcf.nodes
            budget = min(left, max(20, int(self.node_limit * share)))
            if budget <= 0:
                self.vcf_aborted = True
                return None
            vcf.node_limit = vcf.nodes + budget
        elif self.deadline is None:
            vcf.node_limit = vcf.nodes + VCF_NODES
        try:
            if vct:
                return VCTSearch(vcf, table_size=self.vct_table_size).find(attacker, max_depth=max_depth)
            return vcf.find(attacker, max_depth=max_depth)
        except SearchAborted:
            self.vcf_aborted = True
            return None
        finally:
            vcf.deadline = self.deadline
            vcf.node_limit = None

    def _defences(self, s: int, threat: list[int], vct: bool = False) -> list[int]:
        """The moves after which the opponent's VCF ``threat`` (and any other VCF
        it has; with ``vct``, any VCT) is gone: tried among the threat's cells
        and the cells where either side makes a four (and, for a VCT, where the
        opponent makes an open three). Empty when none is found in the time or
        nodes given (at most half of either)."""
        grid = self.grid
        o = 3 - s
        tried = set(threat) | set(grid.fours[s]) | set(grid.fours[o])
        if vct:
            tried |= set(grid.threes[o])
        found = []
        spent = self.vcf.nodes
        for q in self._ordered(s, tried, None):
            grid.push(q)
            try:
                if vct:
                    refuted = self._bounded_vcf(o, 0.03, VCT_DEFENCE_DEPTH, vct=True) is None
                else:
                    refuted = self._bounded_vcf(o, 0.03, 14) is None
                refuted = refuted and not self.vcf_aborted
            finally:
                grid.pop()
            if refuted:
                found.append(q)
            if self.deadline is not None and _time.perf_counter() > self.start + 0.5 * (self.deadline - self.start):
                break
            if self.node_limit is not None and self.vcf.nodes - spent > self.node_limit // 2:
                break
        return found

    def _check(self) -> None:
        if self.node_limit is not None and self.nodes + self.vcf.nodes >= self.node_limit:
            raise SearchAborted
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + 32
            if self.deadline is not None and _time.perf_counter() >= self.deadline:
                raise SearchAborted
            if self.stop is not None and self.stop.is_set():
                raise SearchAborted

    def _ordered(self, s: int, cells, tt_move: int | None) -> list[int]:
        grid = self.grid
        mine = grid.order[s]
        theirs = grid.order[3 - s]
        near = grid.near  # stones within two cells: between equals, the busier cell
        scored = sorted(cells, key=lambda q: (-(mine[q] * 5 // 4 + theirs[q]), -near[q], q))
        if tt_move is not None and tt_move in scored:
            scored.remove(tt_move)
            scored.insert(0, tt_move)
        return scored

    def _moves(self, s: int, ply: int, tt_move: int | None) -> tuple[list[int], bool]:
        """The moves of a node and whether they are forced (no narrowing, no depth used)."""
        grid = self.grid
        o = 3 - s
        threats = grid.fives[o]
        if threats:
            return sorted(threats), True
        if grid.open_fours[o]:
            cells = set(grid.fours[s]) | set(grid.fours[o])
            return self._ordered(s, cells, tt_move), False
        width = self.root_width if ply == 0 else self.width
        moves = self._ordered(s, grid.candidates(), tt_move)
        return moves[:width], False

    def _root_moves(self) -> list[int]:
        grid = self.grid
        moves, _ = self._moves(grid.turn, 0, None)
        entry = self.tt.probe(grid.hash)
        if entry is not None and entry[4] is not None:
            i = grid.index.get(entry[4])
            if i is not None and i in moves:
                moves.remove(i)
                moves.insert(0, i)
        return moves or grid.candidates()

    def _root(self, depth: int, moves: list[int]) -> tuple[int, list[int]]:
        grid = self.grid
        alpha, beta = -WIN - 1, WIN + 1
        best_line: list[int] = [moves[0]]
        best = -WIN - 1
        for n, q in enumerate(moves):
            self.nodes += 1
            grid.push(q)
            try:
                if n == 0:
                    score, line = self._negamax(depth - 1, -beta, -alpha, 1)
                    score = -score
                else:
                    score, line = self._negamax(depth - 1, -alpha - 1, -alpha, 1)
                    score = -score
                    if score > alpha:
                        score, line = self._negamax(depth - 1, -beta, -alpha, 1)
                        score = -score
            finally:
                grid.pop()
            if score > best:
                best = score
                best_line = [q] + line
                if score > alpha:
                    alpha = score
                # Searched in full at this depth: good enough to play if time runs out.
                self.partial = (best, best_line)
        # Best first next time.
        moves.remove(best_line[0])
        moves.insert(0, best_line[0])
        self.tt.store(grid.hash, depth, EXACT, best, grid.point(best_line[0]))
        return best, best_line

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> tuple[int, list[int]]:
        self.nodes += 1
        if self.nodes >= self._next_check or self.node_limit is not None:
            self._check()
        grid = self.grid
        s = grid.turn
        o = 3 - s
        if grid.fives[s]:
            return WIN - ply - 1, [min(grid.fives[s])]
        threats = grid.fives[o]
        if len(threats) > 1:
            return -(WIN - ply - 2), [min(threats)]
        if not threats:
            if grid.open_fours[s]:
                return WIN - ply - 3, [min(grid.open_fours[s])]
            if depth <= 0 or ply >= MAX_PLY:
                # A short VCF at the leaf, while the leaves' VCFs cost no more than
                # the search itself (a position full of fours could eat it all).
                if grid.fours[s] and self.leaf_vcf and self.leaf_vcf_nodes < self.nodes:
                    vcf = self.vcf
                    before = vcf.nodes
                    vcf.node_limit = before + self.leaf_vcf
                    try:
                        line = vcf.find(s, max_depth=8, min_depth=2)
                    except SearchAborted:
                        line = None
                        if self.deadline is not None and _time.perf_counter() >= self.deadline:
                            raise
                        if self.stop is not None and self.stop.is_set():
                            raise
                    finally:
                        vcf.node_limit = None
                        self.leaf_vcf_nodes += vcf.nodes - before
                    if line is not None:
                        return WIN - ply - len(line), line
                return grid.evaluate(), []
        elif ply >= MAX_PLY:
            return grid.evaluate(), []
        key = grid.hash
        entry = self.tt.probe(key)
        tt_move = None
        if entry is not None:
            _, edepth, flag, escore, emove, _ = entry
            if emove is not None:
                tt_move = grid.index.get(emove)
                if tt_move is not None and grid.cells[tt_move] != 0:
                    tt_move = None
            if edepth >= depth:
                if escore > WIN_THRESHOLD:
                    escore -= ply
                elif escore < -WIN_THRESHOLD:
                    escore += ply
                if flag == EXACT or (flag == LOWER and escore >= beta) or (flag == UPPER and escore <= alpha):
                    return escore, [tt_move] if tt_move is not None else []
        moves, forced = self._moves(s, ply, tt_move)
        if not moves:
            return grid.evaluate(), []
        next_depth = depth if forced else depth - 1
        best = -WIN - 1
        best_line: list[int] = []
        original_alpha = alpha
        # Late moves that threaten nothing are searched a ply shallower first
        # (late move reductions), and again in full only if they look better.
        reduce = self.lmr and not forced and depth >= 3
        mine = grid.order[s]
        theirs = grid.order[o]
        for n, q in enumerate(moves):
            grid.push(q)
            try:
                if n == 0:
                    score, line = self._negamax(next_depth, -beta, -alpha, ply + 1)
                    score = -score
                else:
                    if reduce and n >= 3 and mine[q] < QUIET and theirs[q] < QUIET:
                        score, line = self._negamax(next_depth - 1, -alpha - 1, -alpha, ply + 1)
                        score = -score
                        if score <= alpha:
                            continue
                    score, line = self._negamax(next_depth, -alpha - 1, -alpha, ply + 1)
                    score = -score
                    if alpha < score < beta:
                        score, line = self._negamax(next_depth, -beta, -alpha, ply + 1)
                        score = -score
            finally:
                grid.pop()
            if score > best:
                best = score
                best_line = [q] + line
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.cutoffs += 1
                        break
        flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        stored = best + ply if best > WIN_THRESHOLD else best - ply if best < -WIN_THRESHOLD else best
        self.tt.store(key, depth, flag, stored, grid.point(best_line[0]) if best_line else None)
        return best, best_line


def search(board: Board, limit: Limit | None = None, stop: threading.Event | None = None) -> Iterator[SearchInfo]:
    """``Searcher().search(...)`` with fresh tables: one SearchInfo per depth."""
    return Searcher(limit.memory_mb if limit else None).search(board, limit, stop)
