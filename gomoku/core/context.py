"""The compiled search's working memory: counters, options and tables, as one
``Context`` of numpy arrays shared by the threat kernels (``gomoku.core.vcf``)
and the tree search (``gomoku.core.tree``).

``counters`` int64[16]
    What the kernels count and report, by index: ``NODES`` (tree nodes),
    ``TNODES`` (threat search nodes), ``CUTOFFS``, ``LEAF_TNODES`` (threat
    nodes the leaves' VCFs spent: never more than NODES), ``SELDEPTH`` (the
    deepest ply reached), ``ABORT`` (1 once a limit or the stop flag was hit:
    every kernel unwinds), ``GREW`` (a VCF branch reached its depth cut),
    ``IN_NULL`` (1 while the tree searches below a null move: none nests),
    ``LINE_LEN`` and ``VLINE_LEN`` (the lengths of ``line`` and ``vline``),
    ``QNODES`` (the quiescence's nodes, ``gomoku.core.quiesce``: counted in
    NODES too).
    A search starts with them all at 0.
``options`` int64[16]
    What a search runs with, by index, set by its driver before it
    (``gomoku.search.searcher``, from its ``SearchOptions``): ``NODE_LIMIT``
    (on NODES + TNODES; -1 none; a kernel narrows it for a sub-search with a
    budget of its own, then puts it back), ``WIDTH``, ``ROOT_WIDTH``,
    ``LEAF_VCF`` (threat nodes a leaf may spend), ``LMR`` (late move
    reductions: ten times the divisor of their formula; 0: none), ``AGE``
    (the search's generation), ``LAYOUT`` (the grid's layout number),
    ``NODE_VCT`` (threat nodes a tree node two or more plies from the leaves
    may spend proving a VCT; 0: none), ``THREAT_EXT`` (plies the tree goes on
    past its depth while the side to move must answer an open three; 0:
    none), ``PASS_CHECK`` (down to this ply, a node first asks whether the
    opponent would have a VCT if the side to move passed, and if so searches
    only the moves that may stop it; 0: never), ``NULL_MOVE`` (null move
    pruning: the base of its reduction; 0: none), ``QUIESCE`` (a leaf's
    value once the side to move's fours are played out, that many fours at
    most along a line: ``gomoku.core.quiesce``; 0: the evaluation alone) and
    ``FUTILITY`` (reverse futility pruning: the margin a ply, in evaluation
    units, by which a null-window node near the leaves must hold beta to be
    cut; 0: none), ``AVERAGE`` (1: a leaf is worth the mean of its evaluation
    and its parent's, each from the leaf's side to move: the side to move's
    tempo counted once a ply, not in turn; 0: its own evaluation) and
    ``LMR_FLOOR`` (1: a reduced search keeps at least one ply; 0: it may
    reduce to a leaf), ``SINGULAR`` (singular extensions: the margin a ply,
    in evaluation units, by which every other move must fail below the
    table's score for its move to be searched a ply deeper; 0: none).
``stop`` uint8[1]
    Set to 1 from outside (a timer, the stop button, the protocol's END):
    the kernels look at it at every node and unwind.
``line`` / ``vline`` int32[512]
    The winning line of the last VCF / VCT found (cells, attacker first).
``vcf_key``, ``vcf_depth`` (uint64 / int32 [V])
    The VCF table: positions (hash, salted by the attacker) disproven to a
    depth (``COMPLETE``: at any depth); and, under another salt, positions
    where the tree's node VCT found no proof, with the budget it had
    (``tree._node_vct``). V is a power of two; a slot is ``hash & (V - 1)``.
``tt_key``, ``tt_move``, ``tt_score``, ``tt_depth``, ``tt_flag``, ``tt_age``
    The transposition table (uint64, int32, int32, int8, int8, uint8 [T]).
    ``tt_move`` is a cell of the grid whose layout number is ``tt_layout``
    (int32[T]); another layout's move is not used.
``pv`` int32[MAX_PLY + 2, MAX_PLY + 2], ``pv_len`` int32[MAX_PLY + 2]
    The triangular principal-variation table.
``excluded`` int32[MAX_PLY + 2]
    The move a ply's singular search leaves out (-1: none).
``statics`` int32[MAX_PLY + 2]
    Each ply's static evaluation, from its side to move (kept with ``AVERAGE``).
``killers`` int32[MAX_PLY + 2, 2], ``history`` int32[3, size]
    Quiet moves that cut off at a ply, and per side and cell a cut-off score
    (raised by a move that cuts off, lowered for the quiet moves searched before
    it).
``moves``, ``scores`` int32[MAX_PLY + 2, size]
    Each ply's move list and ordering scores.
``threat_moves`` int32[MAX_VCF + 1, size]
    Each VCF level's attacking moves (a VCF of ``MAX_VCF`` attacking moves at most).
``proof_tree`` int32[6, P], ``proof_flags`` int16[2, P]
    The VCT prover's tree (``gomoku.core.prover``), P nodes: rows move, parent,
    first child, next sibling, proof number, disproof number; and expanded,
    depth. Made once (numpy leaves the pages untouched until used) and reused
    by every proof.
``proof_key`` uint64[Q], ``proof_won`` uint8[Q]
    The prover's table of settled positions: the key (hash, salted by the
    attacker and by whose turn it is) and 1 if the attacker wins there, 0 if
    not. Q is a power of two; a slot is ``key & (Q - 1)``. It outlives a proof:
    a threat sequence met again (in another order, at the next move) is
    settled at once.

>>> ctx = new_context(size=100, tt_entries=1024, table_entries=1024)
>>> int(ctx.options[NODE_LIMIT]), ctx.tt_key.size
(-1, 1024)
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.experimental import structref

from gomoku.core.scores import MAX_PLY
from gomoku.core.struct import Record

__all__ = [
    "MAX_VCF",
    "NODES",
    "TNODES",
    "CUTOFFS",
    "LEAF_TNODES",
    "SELDEPTH",
    "ABORT",
    "GREW",
    "IN_NULL",
    "LINE_LEN",
    "VLINE_LEN",
    "QNODES",
    "NODE_LIMIT",
    "WIDTH",
    "ROOT_WIDTH",
    "LEAF_VCF",
    "LMR",
    "AGE",
    "LAYOUT",
    "NODE_VCT",
    "THREAT_EXT",
    "PASS_CHECK",
    "NULL_MOVE",
    "QUIESCE",
    "FUTILITY",
    "AVERAGE",
    "LMR_FLOOR",
    "SINGULAR",
    "ROOT_DEPTH",
    "COMPLETE",
    "EXACT",
    "LOWER",
    "UPPER",
    "TT_ENTRY_BYTES",
    "TABLE_ENTRY_BYTES",
    "CONTEXT_FIELDS",
    "ContextType",
    "Context",
    "new_context",
    "resize_for_grid",
    "with_proof_tree",
    "touch",
    "clear_tables",
]

MAX_VCF = 48
# The indices of ``counters``, then of ``options`` (the module docstring says what each holds).
(
    NODES,
    TNODES,
    CUTOFFS,
    LEAF_TNODES,
    SELDEPTH,
    ABORT,
    GREW,
    IN_NULL,
    LINE_LEN,
    VLINE_LEN,
    QNODES,
    ROOT_DEPTH,
) = range(12)
(
    NODE_LIMIT,
    WIDTH,
    ROOT_WIDTH,
    LEAF_VCF,
    LMR,
    AGE,
    LAYOUT,
    NODE_VCT,
    THREAT_EXT,
    PASS_CHECK,
    NULL_MOVE,
    QUIESCE,
    FUTILITY,
    AVERAGE,
    LMR_FLOOR,
    SINGULAR,
) = range(16)
COMPLETE = 1 << 30
"""Table depth of a position disproven with no depth cut: no win at any depth."""
EXACT, LOWER, UPPER = 0, 1, 2
TT_ENTRY_BYTES = 8 + 4 + 4 + 1 + 1 + 1 + 4
TABLE_ENTRY_BYTES = 8 + 4


CONTEXT_FIELDS = (
    "counters",
    "options",
    "stop",
    "line",
    "vline",
    "vcf_key",
    "vcf_depth",
    "tt_key",
    "tt_move",
    "tt_score",
    "tt_depth",
    "tt_flag",
    "tt_age",
    "tt_layout",
    "pv",
    "pv_len",
    "excluded",
    "statics",
    "killers",
    "history",
    "moves",
    "scores",
    "threat_moves",
    "proof_tree",
    "proof_flags",
    "proof_key",
    "proof_won",
)


@structref.register
class ContextType(types.StructRef):
    """numba's type of a Context: a reference to a record of the fields above."""

    def preprocess_fields(self, fields):
        return tuple((name, types.unliteral(typ)) for name, typ in fields)


class Context(Record):
    """The arrays of a compiled search (see the module docstring), by name."""

    FIELDS = CONTEXT_FIELDS

    def _replace(self, **changes) -> Context:
        """A new context with some arrays replaced (the others shared)."""
        fields = {name: changes.get(name, getattr(self, name)) for name in CONTEXT_FIELDS}
        return Context(**fields)


structref.define_proxy(Context, ContextType, list(CONTEXT_FIELDS))


@njit(cache=True)
def _make_context(fields):
    """A Context of the fields in order (a cached constructor: see ``Record``)."""
    return Context(*fields)


Context.MAKE = staticmethod(_make_context)


def _power_of_two(n: int) -> int:
    return 1 << max(10, int(n).bit_length() - 1)


def new_context(size: int, tt_entries: int, table_entries: int, proof_entries: int = 1 << 16) -> Context:
    """A fresh context for grids of ``size`` cells and tables of about these sizes
    (rounded down to powers of two; the prover's tree exactly ``proof_entries``)."""
    t = _power_of_two(tt_entries)
    v = _power_of_two(table_entries)
    options = np.zeros(16, dtype=np.int64)
    options[NODE_LIMIT] = -1
    return Context(
        counters=np.zeros(16, dtype=np.int64),
        options=options,
        stop=np.zeros(1, dtype=np.uint8),
        line=np.zeros(512, dtype=np.int32),
        vline=np.zeros(512, dtype=np.int32),
        vcf_key=np.zeros(v, dtype=np.uint64),
        vcf_depth=np.zeros(v, dtype=np.int32),
        tt_key=np.zeros(t, dtype=np.uint64),
        tt_move=np.full(t, -1, dtype=np.int32),
        tt_score=np.zeros(t, dtype=np.int32),
        tt_depth=np.zeros(t, dtype=np.int8),
        tt_flag=np.zeros(t, dtype=np.int8),
        tt_age=np.zeros(t, dtype=np.uint8),
        tt_layout=np.full(t, -1, dtype=np.int32),
        pv=np.zeros((MAX_PLY + 2, MAX_PLY + 2), dtype=np.int32),
        pv_len=np.zeros(MAX_PLY + 2, dtype=np.int32),
        excluded=np.full(MAX_PLY + 2, -1, dtype=np.int32),
        statics=np.zeros(MAX_PLY + 2, dtype=np.int32),
        killers=np.full((MAX_PLY + 2, 2), -1, dtype=np.int32),
        history=np.zeros((3, size), dtype=np.int32),
        moves=np.zeros((MAX_PLY + 2, size), dtype=np.int32),
        scores=np.zeros((MAX_PLY + 2, size), dtype=np.int32),
        threat_moves=np.zeros((MAX_VCF + 1, size), dtype=np.int32),
        proof_tree=np.empty((6, max(16, proof_entries)), dtype=np.int32),
        proof_flags=np.empty((2, max(16, proof_entries)), dtype=np.int16),
        proof_key=np.zeros(_power_of_two(proof_entries // 2), dtype=np.uint64),
        proof_won=np.zeros(_power_of_two(proof_entries // 2), dtype=np.uint8),
    )


def resize_for_grid(ctx: Context, size: int) -> Context:
    """The context with its per-cell arrays (history, move lists) made for a grid
    of ``size`` cells; the tables are kept."""
    return ctx._replace(
        history=np.zeros((3, size), dtype=np.int32),
        moves=np.zeros((MAX_PLY + 2, size), dtype=np.int32),
        scores=np.zeros((MAX_PLY + 2, size), dtype=np.int32),
        threat_moves=np.zeros((MAX_VCF + 1, size), dtype=np.int32),
    )


def with_proof_tree(ctx: Context, entries: int) -> Context:
    """The context with a prover's tree of ``entries`` nodes (its table kept)."""
    return ctx._replace(
        proof_tree=np.empty((6, max(16, entries)), dtype=np.int32),
        proof_flags=np.empty((2, max(16, entries)), dtype=np.int16),
    )


def touch(ctx: Context) -> None:
    """Write every page of the tables once, now: a table fresh from the system
    costs a page fault at each first touch, which made a search's first
    threat checks ten times slower than the next ones."""
    for name in (
        "vcf_key",
        "vcf_depth",
        "tt_key",
        "tt_move",
        "tt_score",
        "tt_depth",
        "tt_flag",
        "tt_age",
        "tt_layout",
        "proof_tree",
        "proof_flags",
        "proof_key",
        "proof_won",
    ):
        pages = getattr(ctx, name).reshape(-1).view(np.uint8)
        pages[::4096] += 0  # a write (numpy skips a self-assignment), which leaves every value as it was


def clear_tables(ctx: Context) -> None:
    """Forget every table entry (the rules changed)."""
    for a in (ctx.vcf_key, ctx.tt_key, ctx.proof_key):
        a[:] = 0
    ctx.tt_move[:] = -1
    ctx.tt_layout[:] = -1
