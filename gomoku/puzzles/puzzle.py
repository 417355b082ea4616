"""A puzzle: a position where the side to move has a forced win (``win``) or
exactly one move that stops the opponent's (``defence``), as the threat solver
(``gomoku.engine.forced.find_forced_win``, a VCF then a VCT) proves it.

Puzzles come from a game (every position of it is put to the solver with a
bounded budget of threat nodes) or from the shipped puzzle sets
(``data/puzzles/*.jsonl``); ``prove`` checks one again before it is offered.

>>> from gomoku.board import Board
>>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
>>> puzzle = prove(Puzzle("open-three", board, "win", (0, 0)))
>>> puzzle.solution in [(-1, 0), (3, 0)], puzzle.method, puzzle.length
(True, 'vcf', 2)
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from gomoku.board import Board, Point, Rules, Stone, format_point
from gomoku.engine.forced import VCFResult, find_forced_win
from gomoku.files import parse_json, read_file
from gomoku.records import GameRecord, RecordError, board_from_position, load_game
from gomoku.review import Review

__all__ = [
    "NODES",
    "KINDS",
    "SETS",
    "Puzzle",
    "PuzzleError",
    "solve",
    "prove",
    "holding_defences",
    "fives",
    "from_game",
    "from_review",
    "review_plies",
    "from_set",
    "from_file",
    "shipped",
    "format_line",
]

NODES = 20_000
"""Threat nodes a solver call may spend (a position of a game, a defence, a reply)."""

KINDS = ("win", "defence")

SETS = tuple(
    Path(__file__).resolve().parents[2] / "data" / "puzzles" / name
    for name in ("vcf-sample.jsonl", "vct-selfplay.jsonl")
)
"""The shipped puzzle sets (format in data/puzzles/README.md)."""


class PuzzleError(ValueError):
    """A puzzle that cannot be read, or whose solution the solver does not prove."""


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A position (``board``, the side to move is the solver), its ``kind``, and
    where it came from: ``source`` (a file) and ``ply`` (the game's ply, 0-based,
    or the set's line number). ``solution`` is the first move of the proof: the
    winning move for ``win``, the only defence for ``defence``; ``line`` the
    winning line (for ``defence``: the opponent's, were it to move); ``method``
    ``vcf`` or ``vct``."""

    id: str
    board: Board
    kind: str
    solution: Point
    line: tuple[Point, ...] = ()
    method: str = "vcf"
    source: str = ""
    ply: int | None = None
    nodes: int = field(default=NODES)

    @property
    def side(self) -> Stone:
        """The side to move: the solver."""
        return self.board.turn

    @property
    def length(self) -> int:
        """The winner's moves to its five along ``line`` (the five included)."""
        return (len(self.line) + 1) // 2

    @property
    def origin(self) -> str:
        """Where the position comes from: the file and the game's ply, or the set's line.

        >>> Puzzle("a", Board(), "win", (0, 0), source="set.jsonl", ply=4).origin
        'set.jsonl line 4'
        """
        unit = "line" if self.source.lower().endswith(".jsonl") else "ply"
        return self.source + (f" {unit} {self.ply}" if self.ply is not None else "")

    def goal(self) -> str:
        """The task in the app's words.

        >>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
        >>> Puzzle("a", board, "win", (3, 0), ((3, 0), (4, 0), (-1, 0))).goal()
        'X to play and win in 2 (VCF)'
        >>> Puzzle("b", board, "defence", (3, 0), ((3, 0), (4, 0), (-1, 0)), "vct").goal()
        "X to find the only defence against O's win in 2 (VCT)"
        """
        if self.kind == "win":
            return f"{self.side.name} to play and win in {self.length} ({self.method.upper()})"
        other = self.side.other.name
        return (
            f"{self.side.name} to find the only defence against {other}'s win in {self.length} ({self.method.upper()})"
        )

    def describe(self) -> str:
        """One line: id, the task, the source.

        >>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
        >>> Puzzle("a", board, "win", (3, 0), ((3, 0), (4, 0), (-1, 0)), source="g.json", ply=6).describe()
        'a: X to move wins in 2 (vcf); g.json ply 6'
        """
        if self.kind == "win":
            task = f"{self.side.name} to move wins in {self.length} ({self.method})"
        else:
            task = f"{self.side.name} to move: the only defence against {self.side.other.name}'s win in {self.length}"
        return f"{self.id}: {task}; {self.origin}".rstrip("; ")


def solve(board: Board, nodes: int = NODES, attacker: Stone | None = None) -> VCFResult:
    """The solver on ``board``: a VCF, else a VCT, for the side to move (or ``attacker``)."""
    return find_forced_win(board, nodes=nodes, vct=True, attacker=attacker)


def fives(board: Board, stone: Stone) -> list[Point]:
    """The empty cells where ``stone`` would make five, sorted."""
    return [q for q in board.candidates(1) if board.five_through(q, stone)]


def holding_defences(
    board: Board, nodes: int = NODES, first: Sequence[Point] = (), enough: int | None = None
) -> tuple[list[Point], list[Point]]:
    """The side to move's moves near the stones that stop the opponent's forced
    win, as the solver proves it (no win found, the search complete), and those
    it cannot tell (the budget ran out). A move that loses to a win the solver
    finds is in neither. The cells ``first`` (the opponent's winning line: the
    likeliest defences) are tried first; the search stops once ``enough`` moves
    hold or are not settled."""
    near = board.candidates(2)
    ahead = [q for q in dict.fromkeys(first) if q in set(near)]
    holds: list[Point] = []
    unknown: list[Point] = []
    for move in ahead + [q for q in near if q not in set(ahead)]:
        if enough is not None and len(holds) + len(unknown) >= enough:
            break
        board.push(move)
        try:
            if board.winner is not None:
                holds.append(move)
                continue
            result = solve(board, nodes)
        finally:
            board.pop()
        if not result.found:
            (holds if result.complete else unknown).append(move)
    return holds, unknown


def prove(puzzle: Puzzle, nodes: int | None = None) -> Puzzle:
    """``puzzle`` with its solution proven again by the solver (its line and
    method as found now), or a PuzzleError saying why not."""
    nodes = puzzle.nodes if nodes is None else nodes
    board = puzzle.board
    if board.is_over:
        raise PuzzleError(f"{puzzle.id}: the game is over")
    if puzzle.kind == "win":
        result = solve(board, nodes)
        if result.moves is None:
            raise PuzzleError(f"{puzzle.id}: the solver proves no win in {nodes} nodes")
        if len(result.moves) < 3:
            raise PuzzleError(f"{puzzle.id}: a five to make at once is no puzzle")
        return replace(puzzle, solution=result.moves[0], line=result.moves, method=result.kind, nodes=nodes)
    if puzzle.kind != "defence":
        raise PuzzleError(f"{puzzle.id}: unknown kind {puzzle.kind!r}; expected win or defence")
    threat = solve(board, nodes, attacker=board.turn.other)
    if threat.moves is None:
        raise PuzzleError(f"{puzzle.id}: the opponent has no forced win to stop")
    if solve(board, nodes).found:
        raise PuzzleError(f"{puzzle.id}: the side to move wins itself")
    holds, unknown = holding_defences(board, nodes, threat.moves, enough=2)
    if unknown or len(holds) != 1:
        raise PuzzleError(f"{puzzle.id}: {len(holds)} moves hold and {len(unknown)} are not settled; expected one")
    return replace(puzzle, solution=holds[0], line=threat.moves, method=threat.kind, nodes=nodes)


def puzzle_at(board: Board, name: str, source: str, ply: int | None, nodes: int = NODES) -> Puzzle | None:
    """The puzzle of one position (a win of two moves or more for the side to
    move; else its only defence, when the opponent's threat is more than a five
    to block), proven; None if there is none."""
    if board.is_over or fives(board, board.turn):
        return None
    own = solve(board, nodes)
    if own.moves is not None:
        if len(own.moves) < 3:
            return None
        return Puzzle(name, board.copy(), "win", own.moves[0], own.moves, own.kind, source, ply, nodes)
    if fives(board, board.turn.other):
        return None  # blocking a five is no puzzle
    threat = solve(board, nodes, attacker=board.turn.other)
    if threat.moves is None:
        return None
    holds, unknown = holding_defences(board, nodes, threat.moves, enough=2)
    if unknown or len(holds) != 1:
        return None
    return Puzzle(name, board.copy(), "defence", holds[0], threat.moves, threat.kind, source, ply, nodes)


def from_game(
    record: GameRecord, source: str = "game", nodes: int = NODES, plies: Collection[int] | None = None
) -> Iterator[Puzzle]:
    """The puzzles of a game: each position before a move (and after the last)
    where the side to move had a forced win it did not have two plies before
    (the first of a run), or one move only that stops the opponent's. With
    ``plies``, only those positions are put to the solver."""
    try:
        game = record.to_board()
    except RecordError as exc:
        raise PuzzleError(f"{source}: {exc}") from None
    rules = game.rules
    if rules.k != 5 or rules.dims != 2 or rules.gravity:
        raise PuzzleError(f"{source}: puzzles are five in a row on a flat board without gravity, not {rules.name}")
    moves = list(game.move_stack)
    board = record.to_board()
    while board.move_stack:
        board.pop()
    stem = Path(source).stem or "game"
    winning: dict[Stone, int] = {}
    for ply in range(len(moves) + 1):
        if ply:
            board.push(moves[ply - 1])
        if plies is not None and ply not in plies:
            continue
        puzzle = puzzle_at(board, f"{stem}:{ply}", source, ply, nodes)
        side = board.turn
        if puzzle is not None and puzzle.kind == "win":
            run = winning.get(side) == ply - 2
            winning[side] = ply
            if run:
                continue
        if puzzle is not None:
            yield puzzle


def review_plies(review: Review) -> list[int]:
    """The positions a review marks for puzzles: those where the side to move had a
    proven win, and those before a move that allowed the opponent a forced win
    from a position not yet lost (where a defence was wanted)."""
    judgements = review.judgements
    won = {ply for ply, judgement in enumerate(judgements) if judgement.won}
    allowed = {
        move.ply
        for move in review.moves
        if move.ply + 1 < len(judgements) and judgements[move.ply + 1].won and not judgements[move.ply].lost
    }
    return sorted(won | allowed)


def from_review(review: Review, record: GameRecord, source: str = "game", nodes: int = NODES) -> Iterator[Puzzle]:
    """The puzzles of a reviewed game (``gomoku.review.review_game`` of ``record``'s
    moves): only the positions the review marks (``review_plies``) are put to the
    solver, which proves each puzzle as ``from_game`` does."""
    return from_game(record, source, nodes, set(review_plies(review)))


def _rules(row: dict[str, object], where: str) -> Rules:
    if isinstance(row.get("rules"), str):
        try:
            return Rules.preset(str(row["rules"]))
        except ValueError as exc:
            raise PuzzleError(f"{where}: {exc}") from None
    size = row.get("board_size")
    if size is None:
        return Rules()
    if not isinstance(size, int) or isinstance(size, bool) or not 5 <= size <= 100:
        raise PuzzleError(f"{where}: board_size must be a whole number from 5 to 100, not {size!r}")
    return Rules.square(size)


def from_set(path: str | os.PathLike[str], nodes: int = NODES) -> Iterator[Puzzle]:
    """The puzzles of a puzzle set (JSON Lines: ``id``, ``stones``, ``to_move``,
    ``board_size`` or ``rules``), unproven: ``prove`` each. Every line is a win
    for the side to move."""
    name = os.fspath(path)
    text = read_file(path, what="a puzzle set (.jsonl)", error=PuzzleError).decode("utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        row = parse_json(line, name, line=number, error=PuzzleError)
        where = f"{name} line {number}"
        if not isinstance(row, dict) or "stones" not in row:
            raise PuzzleError(f'{where}: expected an object with "stones" and "to_move"')
        try:
            board = board_from_position(row["stones"], row.get("to_move"), _rules(row, where))
        except RecordError as exc:
            raise PuzzleError(f"{where}: {exc}") from None
        ident = str(row.get("id") or f"{Path(name).stem}:{number}")
        yield Puzzle(ident, board, "win", (0, 0), source=name, ply=number, nodes=nodes)


def shipped(nodes: int = NODES, sets: Sequence[Path] = SETS) -> Iterator[Puzzle]:
    """The shipped sets' puzzles that the solver proves within ``nodes``."""
    for path in sets:
        for puzzle in from_set(path, nodes):
            try:
                yield replace(prove(puzzle), source=f"data/puzzles/{path.name}")
            except PuzzleError:
                continue


def from_file(path: str, nodes: int = NODES) -> Iterator[Puzzle]:
    """The puzzles of a game file (.json, .sgf, .psq) or of a puzzle set (.jsonl), proven."""
    if path.lower().endswith(".jsonl"):
        for puzzle in from_set(path, nodes):
            try:
                yield prove(puzzle)
            except PuzzleError:
                continue
        return
    try:
        record = load_game(path)
    except RecordError as exc:
        raise PuzzleError(str(exc)) from None
    yield from from_game(record, path, nodes)


def format_line(line: Sequence[Point]) -> str:
    """A winning line as ``gomoku solve`` writes it: the defender's replies in brackets.

    >>> format_line([(0, 0), (1, 1), (2, 2)])
    '0,0 (1,1) 2,2'
    """
    return " ".join(format_point(p) if i % 2 == 0 else f"({format_point(p)})" for i, p in enumerate(line))
