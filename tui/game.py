"""The game the app shows: a board, the moves taken back (for redo), and who plays.

Plain Python, no Textual: the app drives it and the tests check it directly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from gomoku.board import Board, BoardError, Point, Rules, Stone

MODES: dict[str, str] = {
    "human-x": "You (X) against the engine",
    "human-o": "The engine (X) against you (O)",
    "humans": "Two players",
    "engines": "Engine against engine",
}
"""Who plays: the mode's name and how the new-game dialog shows it."""


class SettingsError(ValueError):
    """A game setting out of range; the message says what is expected."""


def unplayable(rules: Rules) -> str:
    """Why the app cannot show games of these rules ("" when it can): it draws
    boards of one or two axes, and 3-D boards of a given size as their layers.

    >>> unplayable(Rules.preset("qubic"))
    ''
    >>> unplayable(Rules.parse("size=3x3x3x3"))
    'a board of 4 axes: the app draws boards of one to three axes'
    """
    if rules.dims > 3:
        return f"a board of {rules.dims} axes: the app draws boards of one to three axes"
    if rules.dims == 3 and rules.bounds is None:
        return "an endless 3-D board: the app draws 3-D boards of a given size only (e.g. size=5x5x5)"
    return ""


def parse_rules(text: str) -> Rules:
    """The rules named by ``text`` (a preset or the general form, see ``Rules.parse``)
    if the app can play them, else a SettingsError in one line.

    >>> parse_rules("size=7x6,k=4,gravity").gravity
    True
    >>> parse_rules("size=3x3,k=4")
    Traceback (most recent call last):
    ...
    tui.game.SettingsError: rules 'size=3x3,k=4': no line of 4 fits on a 3x3 board
    """
    try:
        rules = Rules.parse(text)
    except ValueError as exc:
        raise SettingsError(str(exc)) from None
    reason = unplayable(rules)
    if reason:
        raise SettingsError(f"rules {text.strip()!r}: {reason}")
    return rules


@dataclass(frozen=True)
class GameSettings:
    """How a game is played: rules (a preset or the general form of ``Rules.parse``),
    mode, engine level and time per move."""

    rules: str = "freestyle"
    mode: str = "human-x"
    level: str = "normal"
    time: float = 1.0

    def __post_init__(self) -> None:
        parse_rules(self.rules)
        if self.mode not in MODES:
            raise SettingsError(f"unknown mode {self.mode!r}: choose one of {', '.join(MODES)}")
        if not (self.time > 0 and math.isfinite(self.time)):
            raise SettingsError(f"the time per move must be a positive number of seconds, not {self.time!r}")

    def engine_plays(self, stone: Stone) -> bool:
        """Whether the engine moves for ``stone`` in this mode.

        >>> GameSettings(mode="human-x").engine_plays(Stone.O)
        True
        >>> GameSettings(mode="humans").engine_plays(Stone.X)
        False
        """
        if self.mode == "engines":
            return True
        if self.mode == "humans":
            return False
        human = Stone.X if self.mode == "human-x" else Stone.O
        return stone is not human

    def to_metadata(self) -> dict[str, Any]:
        """The settings as plain data for a game record's metadata."""
        return {"mode": self.mode, "level": self.level, "time": self.time}

    @classmethod
    def from_metadata(cls, metadata: dict[str, Any], rules: Rules, fallback: "GameSettings") -> "GameSettings":
        """Settings read back from a record; anything missing or odd keeps ``fallback``'s value."""
        settings = replace(fallback, rules=rules.describe())
        try:
            return replace(
                settings,
                mode=str(metadata.get("mode", settings.mode)),
                level=str(metadata.get("level", settings.level)),
                time=float(metadata.get("time", settings.time)),
            )
        except (TypeError, ValueError):
            return settings

    @property
    def parsed_rules(self) -> Rules:
        """The rules these settings name."""
        return parse_rules(self.rules)


class Game:
    """A board with redo, and the settings of who plays it.

    >>> game = Game(GameSettings(mode="humans"))
    >>> game.play((0, 0)); game.play((1, 0))
    >>> game.undo()
    (1, 0)
    >>> game.redo()
    (1, 0)
    >>> game.board.move_stack
    [(0, 0), (1, 0)]
    """

    def __init__(self, settings: GameSettings | None = None, board: Board | None = None,
                 rules: Rules | None = None) -> None:
        self.settings = settings or GameSettings()
        if board is None:
            board = Board(rules or self.settings.parsed_rules)
        self.board = board
        self.redo_stack: list[Point] = []

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.board.rules

    @property
    def in_progress(self) -> bool:
        """Moves were played and the game is not over: quitting would leave it unfinished."""
        return bool(self.board.move_stack) and not self.board.is_over

    def engine_to_move(self) -> bool:
        """Whether the engine should move now."""
        return not self.board.is_over and self.settings.engine_plays(self.board.turn)

    def play(self, point: Point) -> None:
        """Play a checked move (BoardError if illegal); a new move forgets the redo line."""
        self.board.play(point)
        if self.redo_stack and self.redo_stack[-1] == point:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()

    def undo(self) -> Point | None:
        """Take back one move; None when there is none."""
        if not self.board.move_stack:
            return None
        point = self.board.pop()
        self.redo_stack.append(point)
        return point

    def redo(self) -> Point | None:
        """Play again the last move taken back; None when there is none."""
        if not self.redo_stack:
            return None
        point = self.redo_stack[-1]
        try:
            self.board.play(point)
        except BoardError:
            self.redo_stack.clear()
            return None
        self.redo_stack.pop()
        return point

    def undo_to_human(self) -> int:
        """Undo until a human is to move (at least one move); how many were undone.

        Against the engine this takes back the engine's reply and your move
        together, so that it is your turn again.
        """
        count = 0
        while self.undo() is not None:
            count += 1
            if not self.settings.engine_plays(self.board.turn) or self.settings.mode == "engines":
                break
        return count

    def redo_to_human(self) -> int:
        """Redo until a human is to move again (at least one move); how many were redone."""
        count = 0
        while self.redo() is not None:
            count += 1
            if not self.engine_to_move() or self.settings.mode == "engines":
                break
        return count


def format_moves(moves: list[Point]) -> list[str]:
    """The move list as numbered lines, one per pair of moves.

    >>> format_moves([(0, 0), (1, -1), (2, 0)])
    ['  1. 0,0     1,-1', '  2. 2,0']
    """
    lines = []
    for i in range(0, len(moves), 2):
        pair = [",".join(str(c) for c in p) for p in moves[i:i + 2]]
        text = f"{i // 2 + 1:3d}. {pair[0]:<8}"
        if len(pair) > 1:
            text += f"{pair[1]}"
        lines.append(text.rstrip())
    return lines


def in_a_row(k: int) -> str:
    """How a win of ``k`` in a row is said.

    >>> in_a_row(5), in_a_row(3), in_a_row(12)
    ('five in a row', 'three in a row', '12 in a row')
    """
    words = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return f"{words[k - 1] if 1 <= k <= len(words) else k} in a row"
