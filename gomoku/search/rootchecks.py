"""The root's threat checks of a search (``gomoku.search.searcher``): a VCF
or VCT of either side within a share of the budget, and the screening of our
moves against the opponent's threat, before the tree and for the tree's
favourites. Each check runs a compiled kernel (``gomoku.core.vcf``,
``gomoku.core.prover``) on the search's own grid and context, within its share
of the time (a phase of the search's ``watchdog.Watch``) or of the nodes.

``RootChecks`` is the part of one search (``searcher._Run``) that does them.
It reads the run's ``grid``, ``g`` (its state), ``ctx``, ``watch``,
``deadline``, ``span``, ``start``, ``limit``, ``searcher`` (its VCT tree's
size) and ``nodes``, and sets ``aborted`` (whether the last check was cut
short) and ``unsure`` (the defences left unsettled).
"""

from __future__ import annotations

import time as _time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from gomoku.core import context as K
from gomoku.core import prover, vcf
from gomoku.core.context import Context
from gomoku.core.grid import GridState, find, order_value
from gomoku.core.moves import setups
from gomoku.core.patterns import C_B4, C_F3
from gomoku.search.layout import Grid
from gomoku.search.params import DEFENCE_SHARE, OTHERS_FLOOR, OTHERS_SHARE, OTHERS_UNTIL, VCF_NODES
from gomoku.search.types import Limit
from gomoku.search.watchdog import Watch

__all__ = ["RootChecks"]


class _ProofSize(Protocol):
    """The searcher, as the checks read it: the size of its VCT tree."""

    @property
    def proof_nodes(self) -> int: ...


class RootChecks:
    """The root's threat checks, as methods of one search (see the module)."""

    aborted: bool = False
    unsure: set[int]

    if TYPE_CHECKING:  # what the search that mixes this in (``searcher._Run``) provides
        grid: Grid
        g: GridState
        ctx: Context
        watch: Watch
        deadline: float | None
        span: float
        start: float
        limit: Limit
        searcher: _ProofSize

        @property
        def nodes(self) -> int: ...

    def _threats(self, attacker: int, share: float, max_depth: int, vct: bool = False) -> list[int] | None:
        """A VCF (or with ``vct``, a VCT) for ``attacker`` (as if it were to move)
        within ``share`` of the time or node budget (``VCF_NODES`` when there is
        neither, less for a share under a tenth), or None. ``self.aborted`` tells whether a limit cut it short."""
        ctx, watch = self.ctx, self.watch
        counters, options = ctx.counters, ctx.options
        self.aborted = False
        if watch.expired:
            self.aborted = True
            return None
        saved = options[K.NODE_LIMIT]
        if self.deadline is not None:
            watch.phase(min(self.deadline, _time.perf_counter() + share * self.span))
        if self.limit.nodes is not None:
            left = self.limit.nodes - self.nodes
            budget = min(left, max(20, int(self.limit.nodes * share)))
            if budget <= 0:
                self.aborted = True
                return None
            options[K.NODE_LIMIT] = self.nodes + budget
        elif self.deadline is None:
            options[K.NODE_LIMIT] = self.nodes + max(20, int(VCF_NODES * min(1.0, 10 * share)))
        counters[K.ABORT] = 0
        try:
            if vct:
                verdict = prover.prove(self.g, ctx, attacker, self.searcher.proof_nodes, 10)
                found = verdict == 1
                line = ctx.vline[: counters[K.VLINE_LEN]]
                if verdict == -1:
                    counters[K.ABORT] = 1
            else:
                found = vcf.vcf(self.g, ctx, attacker, max_depth, 1)
                line = ctx.line[: counters[K.LINE_LEN]]
            self.aborted = bool(counters[K.ABORT])
            return [int(i) for i in line] if found else None
        finally:
            counters[K.ABORT] = 0
            options[K.NODE_LIMIT] = saved
            watch.phase(None)

    def _left(self, share: float) -> float:
        """What is left of the first ``share`` of the time or node budget (a
        share of 0.2 when there is neither)."""
        used = 0.0
        if self.deadline is not None:
            used = (_time.perf_counter() - self.start) / max(self.span, 1e-9)
        if self.limit.nodes is not None:
            used = max(used, self.nodes / max(self.limit.nodes, 1))
        if self.deadline is None and self.limit.nodes is None:
            return 0.2
        return share - used

    def _defences(self, s: int, threat: list[int], vct: bool = False) -> list[int]:
        """The moves worth searching against the opponent's VCF ``threat`` (with
        ``vct``, its VCT): those after which the solver proves the opponent has
        no such win any more, and beside them those it could not prove lost
        (unsettled). Every other move loses to the threat.

        First the threat's cells, the cells where either side makes a four
        (for a VCT, also where the opponent makes an open three) and our quiet
        moves that set up a double threat (``gomoku.core.moves.setups``), a small
        budget each. Then every other candidate, with a smaller budget each
        (``OTHERS_SHARE`` of the time in all), kept only when proven to refute
        the threat: a move off the threat's cells may break it all the same
        (our stone there turns one of the blocks the opponent's fours force
        into a four of ours, or answers its threes), and in the games lost that
        way the proof took a few hundred threat nodes. If none is proven to
        refute the threat and some of the first set are still unknown, those
        and (for a VCT) our counter-attacks, the cells where we make an open
        three, again with what is left of ``DEFENCE_SHARE`` of the time (or nodes). A
        counter-attack is kept only when proven to refute the threat: the
        opponent must answer it first; whether its win comes back after that,
        the tree judges. The moves returned unsettled go to ``self.unsure``."""
        g = self.g
        o = 3 - s

        def empty(cells: Iterable[int]) -> set[int]:
            # Renju: black's forbidden cells are no defence.
            return {
                int(q) for q in cells if q >= 0 and g.cells[q] == 0 and not (s == 1 and g.forb.size > 1 and g.forb[q])
            }

        def ranked(cells: set[int]) -> list[int]:
            return sorted(cells, key=lambda q: (q not in threat, -int(order_value(g, s, q)), q))

        # Our quiet moves that set up a double threat too: one may break the
        # opponent's line from afar (its answers to our threats change).
        first = empty(
            set(threat)
            | set(find(g, s, C_B4))
            | set(find(g, o, C_B4))
            | (set(find(g, o, C_F3)) if vct else set())
            | set(setups(g, s))
        )
        refuted, unknown = self._screen(ranked(first), 0.4 / max(8, len(first)), vct, first, DEFENCE_SHARE)
        others = ranked(empty(self.grid.candidates()) - first)
        if others and not self.watch.expired:
            # Their own budget, even when the checks above used theirs up: most of
            # these proofs are a few hundred threat nodes.
            until = min(OTHERS_UNTIL, 1.0 - self._left(1.0) + OTHERS_SHARE)
            proven, _ = self._screen(others, max(OTHERS_FLOOR, OTHERS_SHARE / len(others)), vct, set(), until)
            refuted += proven
        if not refuted and unknown and not self.watch.expired:
            retry = unknown + ranked(empty(find(g, s, C_F3)) - first) if vct else unknown
            proven, unknown = self._screen(retry, None, vct, first, DEFENCE_SHARE)
            refuted += proven
        # The moves left unsettled stay beside the proven ones: a quick proof
        # that a block refutes the threat says nothing of the position after it,
        # and a better defence may need a longer proof (the tree's favourite
        # among the unsettled gets one before it is played).
        self.unsure = set(unknown)
        return refuted + unknown

    def _screen(
        self, order: list[int], share: float | None, vct: bool, keep: set[int], until: float
    ) -> tuple[list[int], list[int]]:
        """Check the moves of ``order`` in turn against the opponent's threat
        (``_threat_after``), ``share`` of the budget each (None: what is left
        of it, shared evenly), until ``until`` of it is used. The moves proven
        to refute it, and those of ``keep`` left unsettled (untried ones too)."""
        refuted: list[int] = []
        unknown: list[int] = []
        for n, q in enumerate(order):
            left = self._left(until)
            each = share if share is not None else left / (len(order) - n)
            if each <= 0.002 or left <= 0:
                # Out of budget: the moves to keep stay in, untried others not.
                unknown.extend(q for q in order[n:] if q in keep)
                break
            line = self._threat_after(q, min(each, left), vct)
            if line is None and not self.aborted:
                refuted.append(q)
            elif line is None and q in keep:
                unknown.append(q)
        return refuted, unknown

    def _threat_after(self, q: int, share: float, vct: bool) -> list[int] | None:
        """The opponent's VCF (with ``vct``, then its VCT) after our move ``q``,
        within ``share`` of the budget each, or None (``self.aborted`` tells
        whether a limit cut the check short)."""
        o = 3 - self.grid.turn
        self.grid.push(q)
        try:
            line = self._threats(o, share, 20)
            if line is None and not self.aborted and vct:
                line = self._threats(o, share, 0, vct=True)
            return line
        finally:
            self.grid.pop()
