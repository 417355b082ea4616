"""The VCT puzzle set (data/puzzles/vct-selfplay.jsonl): every line is well formed,
and on a sample the prover finds a win that fours alone do not."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from gomoku.board import Board, Rules, Stone
from gomoku.core.context import resize_for_grid
from gomoku.records import board_from_position
from gomoku.search.layout import Grid
from gomoku.search.threats import VCFSearch, VCTSearch

ROOT = Path(__file__).resolve().parents[3]
PUZZLES = [
    json.loads(line)
    for line in (ROOT / "data" / "puzzles" / "vct-selfplay.jsonl").read_text().splitlines()
    if line.strip()
]
SAMPLE = PUZZLES[::6]
"""Ten of the sixty: every sixth."""
NODES = 400_000


def _generator():
    """bench/make_vct_puzzles.py (bench/ is a folder of scripts, not an installed package)."""
    spec = importlib.util.spec_from_file_location("make_vct_puzzles", ROOT / "bench" / "make_vct_puzzles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def board_of(puzzle: dict) -> Board:
    return board_from_position(puzzle["stones"], puzzle["to_move"], Rules.preset(puzzle["rules"]))


def ends_in_five(board: Board, line: list) -> bool:
    """Whether ``line`` (attacker first), replayed on ``board``, is legal throughout and
    ends with the attacker's five (raises on an illegal move)."""
    attacker = board.turn
    replay = board.copy()
    for point in line:
        assert not replay.is_over, "the line goes on after the game ended"
        replay.play(tuple(point))
    return replay.winner == attacker


def test_the_set_is_well_formed() -> None:
    assert 40 <= len(PUZZLES) <= 80
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)
    for puzzle in PUZZLES:
        assert puzzle["kind"] == "vct" and puzzle["rules"] == "gomocup20" and puzzle["board_size"] == 20
        board = board_of(puzzle)
        assert not board.is_over and board.turn is Stone[puzzle["to_move"]]
        assert puzzle["solution"] == puzzle["line"][:1] and puzzle["length"] == len(puzzle["line"])
        # The recorded main line is a real game continuation that wins.
        assert ends_in_five(board, puzzle["line"]), puzzle["id"]


@pytest.mark.parametrize("puzzle", SAMPLE, ids=[p["id"] for p in SAMPLE])
def test_the_prover_wins_where_fours_alone_do_not(puzzle: dict) -> None:
    board = board_of(puzzle)
    grid = Grid(board)
    vcf = VCFSearch(grid, node_limit=NODES)
    assert vcf.find(grid.turn) is None, "a VCF: not a VCT puzzle"
    search = VCTSearch(VCFSearch(grid, node_limit=NODES))
    line = search.find(grid.turn)
    assert search.verdict == 1 and line is not None
    assert grid.stack == [], "the prover left the grid changed"
    points = [grid.point(i) for i in line]
    assert len(points) % 2 == 1
    assert ends_in_five(board, points)


def test_the_line_must_really_win() -> None:
    """The checker above can fail: a line cut short of its five does not win."""
    puzzle = SAMPLE[0]
    assert not ends_in_five(board_of(puzzle), puzzle["line"][:-1])


def test_the_generator_takes_a_vct_position_and_leaves_a_vcf_one() -> None:
    make = _generator()
    puzzle = SAMPLE[1]
    board = board_of(puzzle)
    found = list(make.from_game(board.move_stack, board.rules, board.ply, "a test"))
    assert len(found) == 1
    made = found[0]
    assert made["kind"] == "vct" and made["stones"] == puzzle["stones"] and made["to_move"] == puzzle["to_move"]
    assert ends_in_five(board, made["line"]) and made["length"] == len(made["line"])
    # A VCF puzzle: fours alone win there, so it is no VCT puzzle.
    vcf = (ROOT / "data" / "puzzles" / "vcf-sample.jsonl").read_text().splitlines()[0]
    position = json.loads(vcf)
    size = position["board_size"]
    rules = Rules(bounds=((0, 0), (size - 1, size - 1)), name="puzzle")
    assert make.puzzle_of(board_from_position(position["stones"], position["to_move"], rules)) is None


def _hardest_proved():
    """The sample's costliest puzzle under 50,000 threat nodes (vct-043's 36,000; the two
    above 100,000 would take four times as long to show the same) proved once: its board,
    grid, search, line and the threat nodes that took."""
    board = board_of(max((p for p in SAMPLE if p["nodes"] < 50_000), key=lambda p: p["nodes"]))
    grid = Grid(board)
    search = VCTSearch(VCFSearch(grid, node_limit=NODES))
    line = search.find(grid.turn)
    assert line is not None
    return board, grid, search, line, search.vcf.nodes


def test_the_provers_table_settles_a_proof_met_again() -> None:
    """A proof run twice in one context: the second is settled from the table of
    settled positions in a few nodes, and its main line still wins."""
    board, grid, search, _, spent = _hardest_proved()
    again = search.find(grid.turn)
    assert again is not None and search.verdict == 1
    assert search.vcf.nodes - spent < spent // 4
    assert ends_in_five(board, [grid.point(i) for i in again])


def test_a_position_after_the_attack_begins_is_settled_from_the_table() -> None:
    """The next move's proof (the attacker's move and the defender's first reply
    played) is found in the same context at a fraction of the first one's cost."""
    board, grid, search, line, spent = _hardest_proved()
    later = board.copy()
    for i in line[:2]:
        later.play(grid.point(i))
    grid2 = Grid(later)
    ctx = resize_for_grid(search.vcf.ctx, grid2.size)  # the tables kept, the per-cell arrays made to fit
    search2 = VCTSearch(VCFSearch(grid2, node_limit=NODES, ctx=ctx))
    assert search2.find(grid2.turn) is not None
    assert search2.vcf.nodes - spent < spent // 4


def test_an_and_node_is_settled_on_the_spot_exactly_when_every_reply_loses() -> None:
    # _every_reply_loses skips the replies when the attacker's open fours to come
    # are too few for any reply to leave one; it must agree with trying them all.
    import random

    import numpy as np

    from gomoku.core import grid as kgrid
    from gomoku.core import prover as kproof

    def every_reply_tried(g, a: int, buf: np.ndarray) -> bool:
        n = kproof._moves(g, a, False, buf)
        for r in [int(q) for q in buf[:n]]:
            kgrid.push(g, r)
            status = kproof._status(g, a, True)
            kgrid.pop(g)
            if status != kproof.PROVEN:
                return False
        return True

    rng = random.Random(7)
    checked = settled = 0
    for puzzle in SAMPLE:
        for _ in range(4):
            g = Grid(board_of(puzzle)).state
            a = int(g.meta[0])
            buf = np.empty(g.cells.size, dtype=np.int32)
            buf2 = np.empty(g.cells.size, dtype=np.int32)
            for _ in range(6):  # a random threat sequence, every attacking move checked on the way
                n = kproof._moves(g, a, True, buf)
                if n == 0:
                    break
                for q in [int(q) for q in buf[:n]]:
                    kgrid.push(g, q)
                    if kproof._status(g, a, False) == kproof.OPEN:
                        expected = every_reply_tried(g, a, buf2)
                        assert kproof._every_reply_loses(g, a, buf2) == expected
                        checked += 1
                        settled += expected
                    kgrid.pop(g)
                kgrid.push(g, int(buf[rng.randrange(n)]))
                if kproof._status(g, a, False) != kproof.OPEN:
                    break
                m = kproof._moves(g, a, False, buf2)
                if m == 0:
                    break
                kgrid.push(g, int(buf2[rng.randrange(m)]))
                if kproof._status(g, a, True) != kproof.OPEN:
                    break
    assert checked > 200 and settled > 0


def test_a_proof_does_not_depend_on_the_order_of_the_candidate_list() -> None:
    # Every move and take-back shuffles the grid's candidate list; the prover
    # ranks its children itself, so the same position gets the same proof.
    import random

    from gomoku.core import grid as kgrid
    from gomoku.core import prover as kproof
    from gomoku.core.context import NODE_LIMIT, TNODES, VLINE_LEN, new_context

    rng = random.Random(3)
    for puzzle in SAMPLE[1:6]:  # five proofs of 260 to 19,000 threat nodes (SAMPLE[0] takes 160,000)
        runs = []
        for shuffle in (0, 12):
            grid = Grid(board_of(puzzle))
            g = grid.state
            for _ in range(shuffle):  # a stone on and off again: the list's order changes
                kgrid.push(g, rng.choice(grid.candidates()))
                kgrid.pop(g)
            ctx = new_context(grid.size, 1 << 10, 1 << 14, 1 << 18)
            ctx.options[NODE_LIMIT] = NODES
            verdict = kproof.prove(g, ctx, int(g.meta[0]), 1 << 18, 10)
            runs.append(
                (int(verdict), int(ctx.counters[TNODES]), [grid.point(i) for i in ctx.vline[: ctx.counters[VLINE_LEN]]])
            )
        assert runs[0][0] == 1
        assert runs[0] == runs[1]


def test_the_tree_size_asked_for_is_the_one_the_prover_gets() -> None:
    # A context made with a tiny tree is grown to ``tree_nodes``: the same proof
    # that fills the tiny tree (no verdict) is then found.
    from gomoku.core.context import new_context
    from gomoku.search.types import SearchAborted

    puzzle = min((p for p in SAMPLE if p["nodes"] >= 200), key=lambda p: p["nodes"])
    grid = Grid(board_of(puzzle))
    small = VCTSearch(
        VCFSearch(grid, node_limit=NODES, ctx=new_context(grid.size, 1 << 10, 1 << 14, 16)), tree_nodes=16
    )
    with pytest.raises(SearchAborted):
        small.find(grid.turn)
    assert grid.hash == Grid(board_of(puzzle)).hash
    big = VCTSearch(
        VCFSearch(grid, node_limit=NODES, ctx=new_context(grid.size, 1 << 10, 1 << 14, 16)), tree_nodes=1 << 16
    )
    assert big.vcf.ctx.proof_tree.shape[1] == 1 << 16
    assert big.find(grid.turn) is not None
