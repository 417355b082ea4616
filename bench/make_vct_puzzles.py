"""Make VCT puzzles: positions from real games where the side to move wins by
fours and threes (a VCT) but not by fours alone (no VCF).

The positions come from game records given on the command line (native JSON
records, e.g. ``gomoku match`` output: ``/work/matches/*/game-*.json``) and from
short self-play games, ``normal`` against ``easy`` from the balanced openings
(``data/openings/balanced20.json``), colours alternating. At every ply the side
to move is asked ``find_forced_win(board, nodes=..., vct=True)``: a complete VCF
search that finds nothing, then a proof of a VCT, makes a puzzle, with the
proof's main line (one defender reply at each step). A few positions a game at
most, spaced apart, so one long attack does not fill the set.

    .venv/bin/python -m bench.make_vct_puzzles --out data/puzzles/vct-selfplay.jsonl \\
        --games 40 --target 60 /work/matches/*/game-*.json

Each line: ``id``, ``source``, ``kind`` ("vct"), ``board_size``, ``rules``
(a preset name), ``to_move``, ``stones`` (as in the shared puzzle format),
``solution`` (the proof's first move: a move that wins; others may too),
``line`` (the proof's main line, ending in the attacker's five), ``length``
(its plies), ``nodes`` (threat nodes the generator's proof took).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from gomoku.board import Board, BoardError, Rules, Stone
from gomoku.engine import Engine
from gomoku.engine.forced import find_forced_win
from gomoku.records import load_game

ROOT = Path(__file__).resolve().parents[1]
OPENINGS = ROOT / "data" / "openings" / "balanced20.json"
NODES = 200_000
"""Threat nodes for the generator's VCF + VCT look at each ply."""
PER_GAME = 3
"""Puzzles taken from one game at most."""
SPACING = 6
"""Plies between two puzzles taken from the same game."""


def puzzle_of(board: Board, nodes: int = NODES) -> dict | None:
    """The puzzle of ``board`` if its side to move has a VCT and no VCF, else None."""
    if board.is_over:
        return None
    result = find_forced_win(board, nodes=nodes, vct=True)
    if not result.found or result.kind != "vct":
        return None
    replay = board.copy()
    try:
        for point in result.moves:
            replay.play(point)
    except BoardError:  # an illegal line is no puzzle
        return None
    if replay.winner != board.turn:
        return None
    low, high = board.rules.bounds or ((0, 0), (19, 19))
    return {
        "kind": "vct",
        "board_size": high[0] - low[0] + 1,
        "rules": board.rules.name,
        "to_move": board.turn.name,
        "stones": {s.name: sorted([list(p) for p, t in board.stones.items() if t is s]) for s in (Stone.X, Stone.O)},
        "solution": [list(result.moves[0])],
        "line": [list(p) for p in result.moves],
        "length": len(result.moves),
        "nodes": result.nodes,
    }


def from_game(moves: list, rules: Rules, first: int, source: str) -> Iterator[dict]:
    """The puzzles met while replaying ``moves`` (from ply ``first`` on)."""
    board = Board(rules)
    taken, last = 0, -SPACING
    for ply in range(len(moves) + 1):  # the position after the last move too
        if ply >= first and ply - last >= SPACING and taken < PER_GAME:
            puzzle = puzzle_of(board)
            if puzzle is not None:
                taken, last = taken + 1, ply
                yield {"source": f"{source}, ply {ply}", **puzzle}
        if ply == len(moves) or board.is_over:
            return
        try:
            board.play(tuple(moves[ply]))
        except BoardError:
            return


def self_play(game: int, opening: list) -> tuple[list, str]:
    """One game of ``normal`` against ``easy`` from ``opening`` (``normal`` plays X in even games)."""
    board = Board(Rules.preset("gomocup20"), [tuple(p) for p in opening])
    normal, easy = Engine("normal"), Engine("easy", seed=game)
    normal_side = Stone.X if game % 2 == 0 else Stone.O
    while not board.is_over and board.ply < 120:
        engine = normal if board.turn is normal_side else easy
        board.play(engine.hint(board).move)
    return list(board.move_stack), f"self-play normal ({normal_side.name}) vs easy, balanced20 opening {game + 1}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.make_vct_puzzles", description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="*", help="native JSON game records to take positions from")
    parser.add_argument("--out", default=str(ROOT / "data" / "puzzles" / "vct-selfplay.jsonl"))
    parser.add_argument("--games", type=int, default=30, help="self-play games at most")
    parser.add_argument("--target", type=int, default=60, help="stop at this many puzzles")
    args = parser.parse_args(argv)
    puzzles: list[dict] = []
    seen: set[str] = set()

    def add(found: Iterator[dict]) -> None:
        for puzzle in found:
            key = json.dumps([puzzle["stones"], puzzle["to_move"]])
            if key not in seen and len(puzzles) < args.target:
                seen.add(key)
                puzzle = {"id": f"vct-{len(puzzles) + 1:03d}", **puzzle}
                puzzles.append(puzzle)
                print(f"{puzzle['id']}: {puzzle['source']}, {puzzle['length']} plies", file=sys.stderr, flush=True)

    for path in args.records:
        try:
            record = load_game(path)
        except Exception as exc:  # a bad record is skipped, not fatal
            print(f"skipped {path}: {exc}", file=sys.stderr)
            continue
        name = "/".join(Path(path).parts[-2:])
        add(from_game(record.moves, record.rules, int(record.metadata.get("opening_moves", 5)), f"match record {name}"))
    openings = json.loads(OPENINGS.read_text())
    for game in range(args.games):
        if len(puzzles) >= args.target:
            break
        moves, source = self_play(game, openings[game % len(openings)])
        add(from_game(moves, Rules.preset("gomocup20"), 5, source))
    Path(args.out).write_text("".join(json.dumps(p) + "\n" for p in puzzles))
    print(f"{len(puzzles)} puzzles -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
