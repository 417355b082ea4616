"""The game the app shows: a board, the game's tree of moves (its variations, and
the moves taken back for redo), and who plays.

Plain Python, no Textual: the app drives it and the tests check it directly.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from gomoku.board import Board, BoardError, GameOverError, Point, Rules, Stone
from gomoku.match.external import EXTERNAL
from gomoku.records.tree import GameTree, Node
from tui.swap import SwapOpening, swap_problem

__all__ = [
    "MODES",
    "CLOCKS",
    "SettingsError",
    "unplayable",
    "parse_rules",
    "clock_name",
    "format_clock",
    "GameSettings",
    "GameClock",
    "Game",
    "format_moves",
    "in_a_row",
]

MODES: dict[str, str] = {
    "human-x": "You (X) against the engine",
    "human-o": "The engine (X) against you (O)",
    "humans": "Two players",
    "engines": "Engine against engine",
}
"""Who plays: the mode's name and how the new-game dialog shows it."""

CLOCKS: tuple[tuple[float, float], ...] = ((0, 0), (60, 0), (180, 2), (300, 3), (600, 5), (900, 10), (1800, 20))
"""The game clocks the new-game dialog offers: (minutes for each side in seconds, seconds added a move);
(0, 0) is no clock."""


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


def clock_name(base: float, increment: float = 0) -> str:
    """How a game clock is said: each side's time, and what a move adds.

    >>> clock_name(300, 3), clock_name(60), clock_name(90, 0.5), clock_name(0, 0)
    ('5 min + 3 s a move', '1 min', '1.5 min + 0.5 s a move', 'no clock')
    """
    if base <= 0:
        return "no clock"
    minutes = f"{base / 60:g} min" if base >= 60 else f"{base:g} s"
    return f"{minutes} + {increment:g} s a move" if increment > 0 else minutes


def format_clock(seconds: float) -> str:
    """Time left as a clock shows it: minutes and seconds, and tenths in the last ten seconds.

    >>> [format_clock(s) for s in (300, 299.95, 65.2, 9.96, 9.44, 0.04, -1)]
    ['5:00', '4:59', '1:05', '0:09.9', '0:09.4', '0:00.0', '0:00.0']
    """
    seconds = max(seconds, 0.0)
    if seconds < 10:
        return f"0:{math.floor(seconds * 10) / 10:04.1f}"
    whole = math.floor(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass(frozen=True)
class GameSettings:
    """How a game is played: rules (a preset or the general form of ``Rules.parse``),
    mode, engine level, the engine's time per move (at most, under a clock), and the
    game clock: ``clock`` seconds for each side (0: none) and ``increment`` seconds
    added after each move."""

    rules: str = "freestyle"
    mode: str = "human-x"
    level: str = "normal"
    time: float = 1.0
    clock: float = 0.0
    increment: float = 0.0
    o_level: str = ""
    """O's level when two engines play ("": ``level``, X's, for both)."""
    engine: str = ""
    """The command line of an external pbrain program, played at the level ``EXTERNAL``."""
    opening: str = ""
    """The swap opening ("swap2", "swap1"; "": none, X begins): ``tui.swap``."""

    def __post_init__(self) -> None:
        problem = swap_problem(self.opening, parse_rules(self.rules))
        if problem:
            raise SettingsError(problem)
        if self.mode not in MODES:
            raise SettingsError(f"unknown mode {self.mode!r}: choose one of {', '.join(MODES)}")
        if EXTERNAL in (self.level, self.o_level) and not self.engine.strip():
            raise SettingsError("the level 'engine' needs a program: start the app with gomoku --engine PATH")
        if not (self.time > 0 and math.isfinite(self.time)):
            raise SettingsError(f"the time per move must be a positive number of seconds, not {self.time!r}")
        for name, value in (("clock", self.clock), ("increment", self.increment)):
            if not (value >= 0 and math.isfinite(value)):
                raise SettingsError(f"the {name} must be a number of seconds, 0 or more, not {value!r}")

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

    def level_for(self, stone: Stone) -> str:
        """The level that plays (and hints) for ``stone``: O's own when two engines play.

        >>> GameSettings(mode="engines", level="strong", o_level="easy").level_for(Stone.O)
        'easy'
        >>> GameSettings(mode="human-x", level="strong", o_level="easy").level_for(Stone.O)
        'strong'
        """
        if stone is Stone.O and self.mode == "engines" and self.o_level:
            return self.o_level
        return self.level

    def to_metadata(self) -> dict[str, Any]:
        """The settings as plain data for a game record's metadata."""
        data: dict[str, Any] = {
            "mode": self.mode,
            "level": self.level,
            "time": self.time,
            "clock": self.clock,
            "increment": self.increment,
        }
        if self.o_level:
            data["o_level"] = self.o_level
        if self.engine:
            data["engine"] = self.engine
        if self.opening:
            data["opening"] = self.opening
        return data

    @classmethod
    def from_metadata(cls, metadata: dict[str, Any], rules: Rules, fallback: GameSettings) -> GameSettings:
        """Settings read back from a record; anything missing or odd keeps ``fallback``'s value."""
        settings = replace(fallback, rules=rules.describe())
        try:
            return replace(
                settings,
                mode=str(metadata.get("mode", settings.mode)),
                level=str(metadata.get("level", settings.level)),
                time=float(metadata.get("time", settings.time)),
                clock=float(metadata.get("clock", settings.clock)),
                increment=float(metadata.get("increment", settings.increment)),
                o_level=str(metadata.get("o_level", settings.o_level)),
                engine=str(metadata.get("engine", settings.engine)),
                opening=str(metadata.get("opening", "")),
            )
        except (TypeError, ValueError):
            return settings

    @property
    def parsed_rules(self) -> Rules:
        """The rules these settings name."""
        return parse_rules(self.rules)


class GameClock:
    """Both sides' time left under a clock of ``base`` seconds each and ``increment``
    seconds added after each move (a Fischer clock).

    It starts with the first move: from then on the side to move's time runs, and a
    move stops it, adds the increment and starts the other side's. ``now`` is the
    time source (monotonic seconds): tests pass a fake one.

    >>> t = [0.0]
    >>> clock = GameClock(60, 2, now=lambda: t[0])
    >>> clock.moved(Stone.X)
    >>> t[0] = 5.0
    >>> clock.left(Stone.X), clock.left(Stone.O), clock.running
    (62.0, 55.0, <Stone.O: 2>)
    """

    def __init__(
        self,
        base: float,
        increment: float = 0.0,
        left: dict[Stone, float] | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.base = base
        self.increment = increment
        self.now = now
        self._left = {Stone.X: float(base), Stone.O: float(base)}
        self._left.update(left or {})
        self.running: Stone | None = None
        """The side whose time runs (None before the first move, after the end, or paused)."""
        self._since = 0.0

    def left(self, stone: Stone) -> float:
        """Seconds ``stone`` has left (less than 0 once it ran out)."""
        spent = self.now() - self._since if self.running is stone else 0.0
        return self._left[stone] - spent

    def run_for(self, stone: Stone | None) -> None:
        """Stop the running side's time and start ``stone``'s (None: stop the clock)."""
        now = self.now()
        if self.running is not None:
            self._left[self.running] -= now - self._since
        self.running = stone
        self._since = now

    def moved(self, stone: Stone) -> None:
        """``stone`` has moved: its time stops, the increment is added, the other side's runs."""
        self.run_for(stone.other)
        self._left[stone] += self.increment

    def out_of_time(self) -> Stone | None:
        """The running side, if its time is up."""
        if self.running is not None and self.left(self.running) <= 0:
            return self.running
        return None

    def flag(self, stone: Stone) -> None:
        """``stone`` ran out of time: the clock stops, showing 0 for it."""
        self.run_for(None)
        self._left[stone] = 0.0

    def times(self) -> dict[str, float]:
        """Both sides' time left, as plain data (a record's metadata keeps it)."""
        return {stone.name: round(self.left(stone), 3) for stone in Stone}


class Game:
    """A game with its variations (a :class:`~gomoku.records.tree.GameTree`), the
    settings of who plays it, and its clock (if any).

    ``board`` is the position on show, after the moves from the root to ``node``; the
    line on show runs on to ``tip`` (the moves after ``node`` wait there: redo, ``>``).
    A move played where the line goes on differently makes a branch: the new move
    comes first there (the game goes on with it) and the old continuation is kept as
    a variation.

    >>> game = Game(GameSettings(mode="humans"))
    >>> game.play((0, 0)); game.play((1, 0))
    >>> game.undo()
    (1, 0)
    >>> game.redo()
    (1, 0)
    >>> game.board.move_stack
    [(0, 0), (1, 0)]
    >>> game.undo(); game.play((5, 5))                 # another second move: a branch
    (1, 0)
    >>> game.tree.main_line(), [n.move for n in game.tree.root.children[0].children]
    ([(0, 0), (5, 5)], [(5, 5), (1, 0)])
    """

    def __init__(
        self,
        settings: GameSettings | None = None,
        board: Board | None = None,
        rules: Rules | None = None,
        clock_left: dict[Stone, float] | None = None,
        lost_on_time: Stone | None = None,
        tree: GameTree | None = None,
        opening: SwapOpening | None = None,
    ) -> None:
        self.settings = settings or GameSettings()
        if board is None:
            board = Board(rules or self.settings.parsed_rules)
        self.board = board
        if tree is None or tree.main_line() != board.move_stack:
            first = (board.turn if board.ply % 2 == 0 else board.turn.other) if board.setup else None
            tree = GameTree.from_moves(board.move_stack, board.rules, board.setup, first)
        self.tree = tree
        """Every move of the game and its variations; its main line is the game's record."""
        self.node: Node = tree.root.end()
        """The tree's node of the position on show (``board``)."""
        self.tip: Node = self.node
        """The last node of the line on show: the moves from ``node`` to it are the redo line."""
        self.clock: GameClock | None = None
        if self.settings.clock > 0:
            self.clock = GameClock(self.settings.clock, self.settings.increment, clock_left)
        self.lost_on_time = lost_on_time if not board.is_over else None
        """The side that ran out of time: the game is over, and lost for it."""
        self.walking = False
        """The player is looking at an earlier position of the line (the move list): the
        later moves wait in the tree, the engine does not move, the clock goes on as at
        the end, and the game is saved whole."""
        fresh = not board.move_stack and not board.setup and self.settings.opening
        self.opening = opening or (SwapOpening(self.settings.opening, self.settings.mode) if fresh else None)
        """The swap opening (``tui.swap``): its stones are the first moves, placed before the colours are chosen."""

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.board.rules

    @property
    def is_over(self) -> bool:
        """Won, drawn, or lost on time."""
        return self.board.is_over or self.lost_on_time is not None

    @property
    def winner(self) -> Stone | None:
        """Who won: by a line on the board, or on the other side's time."""
        if self.lost_on_time is not None:
            return self.lost_on_time.other
        return self.board.winner

    @property
    def result(self) -> str | None:
        """``"X"``, ``"O"``, ``"draw"``, or None while the game goes on (as ``Board.result``),
        after the last move of the line on show (while walking the move list too)."""
        if self.lost_on_time is not None:
            return self.lost_on_time.other.name
        return self.whole_board().result

    @property
    def in_progress(self) -> bool:
        """Moves were played and the game is not over: quitting would leave it unfinished."""
        if self.walking:
            return self.lost_on_time is None and not self.whole_board().is_over
        return bool(self.board.move_stack) and not self.is_over

    def engine_to_move(self) -> bool:
        """Whether the engine should move now (never while the player walks the move list, nor
        in a swap opening: its part there is ``tui.swap.SwapPlay``'s)."""
        playing = not self.walking and not self.is_over and not self.in_opening
        return playing and self.settings.engine_plays(self.board.turn)

    @property
    def in_opening(self) -> bool:
        """A swap opening is on: the colours are not chosen yet (the clock stands still)."""
        return self.opening is not None and not self.opening.done

    @property
    def fixed_plies(self) -> int:
        """The moves undo never takes back and no branch replaces: a swap opening's stones
        (all placed so far while it is on)."""
        if self.opening is None:
            return 0
        return self.tip.ply if self.in_opening else self.opening.stones

    # -- the move list: the line on show and its earlier positions --------------------
    @property
    def moves(self) -> list[Point]:
        """Every move of the line on show, those after the position on show (to redo) included."""
        return self.tip.moves()

    @property
    def redo_stack(self) -> list[Point]:
        """The moves after the position on show along its line, the next one last."""
        return self.tip.moves()[self.board.ply :][::-1]

    def next_node(self) -> Node | None:
        """The node of the line's next move after the position on show, or None at its end."""
        if self.node is self.tip:
            return None
        node = self.tip
        while node.parent is not self.node:
            assert node.parent is not None  # the tip is below the node on show
            node = node.parent
        return node

    def whole_board(self) -> Board:
        """The board after every move of the line on show: the board itself unless walking."""
        if self.node is self.tip or not self.walking:
            return self.board
        board = self.board.copy()
        for point in self.redo_stack[::-1]:
            board.push(point)
        return board

    def show(self, node: Node, tip: Node | None = None) -> None:
        """Show the position at ``node`` (a node of the tree), on the line that runs on to
        ``tip`` (by default ``node``'s own main line): the board follows, the clock is not
        touched; ``walking`` when the line goes on after it."""
        tip = tip if tip is not None else node.end()
        target = node.moves()
        stack = self.board.move_stack
        common = 0
        while common < min(len(stack), len(target)) and stack[common] == target[common]:
            common += 1
        while self.board.ply > common:
            self.board.pop()
        for point in target[common:]:
            self.board.push(point)  # the tree's moves were checked when they were added
        self.node, self.tip = node, tip
        self.walking = node is not tip

    def go_to(self, ply: int) -> int:
        """Show the position after ``ply`` moves (0: before the first) of the line on show,
        clamped to it; the clock is not touched. Returns the ply reached.

        >>> game = Game(GameSettings(mode="humans"))
        >>> for move in [(0, 0), (1, 0), (2, 0)]:
        ...     game.play(move)
        >>> game.go_to(1), game.walking, game.board.move_stack, game.moves
        (1, True, [(0, 0)], [(0, 0), (1, 0), (2, 0)])
        >>> game.go_to(99), game.walking
        (3, False)
        """
        ply = max(0, min(ply, self.tip.ply))
        node = self.tip
        while node.ply > ply:
            assert node.parent is not None
            node = node.parent
        self.show(node, self.tip)
        return self.board.ply

    def go_on(self) -> None:
        """The game goes on from the position on show: the walk ends (the line's later
        moves wait there, to redo) and the clock runs for the side to move."""
        self.walking = False
        self.start_clock()

    def play(self, point: Point) -> None:
        """Play a checked move (BoardError if illegal, or if the mover's time is up).

        The line's next move is a step forward along it (while walking, the game stays
        where it stands); a move of another variation there follows that variation; a
        new move makes a branch that comes first there, the old continuation kept as a
        variation, and the game goes on from it (the clock runs again if walking)."""
        if self.check_time() is not None or self.lost_on_time is not None:
            raise GameOverError(f"the game is over: {self.lost_on_time} ran out of time")
        if self.board.ply < self.fixed_plies:
            raise BoardError(f"the {self.settings.opening or 'swap'} opening's stones stay: End goes back to the game")
        following = self.next_node()
        existing = self.node.child(point)
        if self.walking:
            if existing is not None:  # a step forward, on this line or into another variation
                self.show(existing, self.tip if existing is following else existing.end())
                return
            self.board.copy().play(point)  # a BoardError leaves everything as it was
            self.go_on()
        mover = self.board.turn
        self.board.play(point)  # a BoardError leaves everything as it was
        if existing is None:
            existing = self.tree.add(self.node, point)
            self.node.children.insert(0, self.node.children.pop())  # the game goes on with it
        self.node = existing
        if existing is not following:
            self.tip = existing.end()
        if self.clock is not None:
            self.clock.moved(mover)
            if self.board.is_over or self.in_opening:  # a swap opening is not on the clock
                self.clock.run_for(None)

    def undo(self) -> Point | None:
        """Take back one move; None when there is none (or the game was lost on time).
        The move stays in the tree: redo plays it again."""
        if self.node.parent is None or self.lost_on_time is not None or self.board.ply <= self.fixed_plies:
            return None
        point = self.board.pop()
        self.node = self.node.parent
        self.start_clock()
        return point

    def redo(self) -> Point | None:
        """Play again the line's next move; None when there is none."""
        following = self.next_node()
        if following is None or following.move is None or self.lost_on_time is not None:
            return None
        try:
            self.board.play(following.move)
        except BoardError:
            return None
        self.node = following
        self.start_clock()
        return following.move

    def start_clock(self) -> None:
        """Run the clock for the side to move: a game shown again (resumed, opened,
        after undo or redo) goes on from its time left; before the first move and
        after the end the clock stands still. Undo and redo add no increment."""
        if self.clock is not None:
            running = not self.is_over and bool(self.board.move_stack) and not self.in_opening
            self.clock.run_for(self.board.turn if running else None)

    def check_time(self) -> Stone | None:
        """The side whose time has just run out (it loses: the game is over), else None."""
        if self.clock is None or self.lost_on_time is not None:
            return None
        stone = self.clock.out_of_time()
        if stone is not None:
            if self.walking:  # the game ends where it stood, not at the position on show
                self.go_to(self.tip.ply)
            self.clock.flag(stone)
            self.lost_on_time = stone
            self.tip = self.node  # nothing to redo after the end
        return stone

    def clock_left(self) -> float | None:
        """The side to move's time left, or None with no clock."""
        return self.clock.left(self.board.turn) if self.clock is not None else None

    def clock_text(self) -> str:
        """Both sides' time left for the status line, the running one marked; "" with no clock.

        >>> game = Game(GameSettings(mode="humans", clock=300, increment=3))
        >>> game.clock_text()
        'X 5:00 · O 5:00'
        >>> game.clock.now = lambda: 0.0
        >>> game.play((0, 0))
        >>> game.clock_text()
        'X 5:03 · ▸O 5:00'
        """
        if self.clock is None:
            return ""
        return " · ".join(
            f"{'▸' if self.clock.running is stone else ''}{stone.name} {format_clock(self.clock.left(stone))}"
            for stone in Stone
        )

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
        pair = [",".join(str(c) for c in p) for p in moves[i : i + 2]]
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
