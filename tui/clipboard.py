"""Paste and copy: a game pasted into the app (Textual's ``Paste`` event, the terminal's
bracketed paste), and the game copied as moves (``y``) or SGF (``Y``).

:func:`read_pasted` tells what pasted text is, by its look, and reads it with the
readers of :mod:`gomoku.records`: SGF (``(;...``), PSQ (a ``Piskvorky WxH`` header),
JSON (a native game or a position, ``{...}``), else moves as the command line takes
them (``0,0 1,1 -1,2``, spaces or semicolons between), played under the rules of the
game on show. Text that is none of these is one line of error, and nothing changes.
:class:`GameClipboard` is the app's part: it asks before a pasted game replaces an
unfinished one, as opening a file does, and copies through ``App.copy_to_clipboard``
(OSC 52: the terminal puts the text on the system's clipboard, if it lets apps do so).

>>> record, kind = read_pasted("0,0 1,1; -1,2", Rules())
>>> kind, record.moves
('moves', [(0, 0), (1, 1), (-1, 2)])
>>> read_pasted("hello", Rules())
Traceback (most recent call last):
...
gomoku.records.game.RecordError: not moves, SGF or PSQ: move 1 'hello': expected x,y with integer coordinates, e.g. 3,-4
"""

from __future__ import annotations

import re
from collections.abc import Callable

from textual.app import App

from gomoku.board import Rules
from gomoku.files import parse_json
from gomoku.records import GameRecord, RecordError, format_moves, format_sgf, parse_moves, parse_psq, parse_sgf
from gomoku.records.files import record_from_json
from tui import storage
from tui.game import Game, unplayable
from tui.screens.dialogs import ConfirmScreen
from tui.state import AppState

__all__ = ["COPY_KINDS", "read_pasted", "one_line", "GameClipboard"]

COPY_KINDS = ("moves", "sgf")
"""What ``y`` and ``Y`` copy."""

_PSQ_HEADER = re.compile(r"\s*Piskvorky\s+\d+\s*x\s*\d+", re.IGNORECASE)


def read_pasted(text: str, rules: Rules) -> tuple[GameRecord, str]:
    """The game in pasted ``text`` and the name of its format ("SGF", "PSQ", "JSON",
    "moves"); moves are played under ``rules``. RecordError in one line for text that
    is none of them, or a game that cannot be played (the move at fault named)."""
    body = text.strip().lstrip("\ufeff")
    if not body:
        raise RecordError("nothing to paste: the pasted text is empty")
    if body.startswith("("):
        record, kind = parse_sgf(body), "SGF"
    elif _PSQ_HEADER.match(body):
        record, kind = parse_psq(body), "PSQ"
    elif body.startswith("{"):
        record, kind = record_from_json(parse_json(body, "pasted JSON", error=RecordError), "pasted JSON"), "JSON"
    else:
        try:
            moves = parse_moves(body)
        except RecordError as exc:
            raise RecordError(f"not moves, SGF or PSQ: {exc}") from None
        record, kind = GameRecord(rules, moves), "moves"
    reason = unplayable(record.rules)
    if reason:
        raise RecordError(f"the pasted game is on {reason}")
    record.to_board()  # every move checked: RecordError names the first that cannot be played
    return record, kind


def one_line(text: str, limit: int = 160) -> str:
    """``text`` on one line, at most ``limit`` characters (``...`` marks a cut).

    >>> one_line("a\\n  b"), one_line("x" * 10, 4)
    ('a b', 'xxxx...')
    """
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit] + "..."


class GameClipboard:
    """The app's paste and its ``y`` and ``Y``."""

    def __init__(self, app: App[int], state: AppState, start_game: Callable[[Game], None]) -> None:
        self.app = app
        self.state = state
        self.start_game = start_game
        """Shows the pasted game (the app's ``start_game``)."""

    def paste(self, text: str, editing: bool = False) -> None:
        """Load the game in pasted ``text``, asking first when it would replace an
        unfinished game; text that is no game is one line of error, and nothing changes.
        A dialog on top takes no paste here (its field has it, or nothing does), nor
        does the position editor (``editing``)."""
        if len(self.app.screen_stack) > 1:
            return
        if editing:
            self.app.notify("Leave the editor (e) before pasting a game.", timeout=3)
            return
        game = self.state.game
        try:
            record, kind = read_pasted(text, game.rules)
            pasted = storage.record_to_game(record, game.settings)
        except Exception as exc:  # one line, whatever went wrong
            self.app.notify(f"cannot paste: {one_line(str(exc)) or type(exc).__name__}", severity="error")
            return
        count = len(pasted.board.move_stack)
        what = f"{count} moves" + (f" from {len(pasted.board.setup)} set-up stones" if pasted.board.setup else "")

        def load() -> None:
            self.start_game(pasted)
            self.app.notify(f"Pasted {kind}: {what}.", timeout=4)

        if not game.in_progress:
            load()
            return
        question = f"Replace the unfinished game ({len(game.moves)} moves) with the pasted {kind} ({what})?"
        self.app.push_screen(ConfirmScreen(question, "Replace", "Keep"), lambda yes: load() if yes else None)

    def copy(self, kind: str) -> None:
        """Copy the whole game (while walking the move list too) as moves or as SGF,
        and say what was copied."""
        game = self.state.game
        moves = game.moves
        board = game.board
        setup = len(board.setup)
        if kind == "moves":
            if not moves:
                more = ": Y copies the set-up position as SGF" if setup else ""
                self.app.notify(f"No moves to copy{more}.", timeout=3)
                return
            text = format_moves(moves)
            note = f" (not its {setup} set-up stones: Y copies them, as SGF)" if setup else ""
            self.app.copy_to_clipboard(text)
            self.app.notify(f"Copied {len(moves)} moves{note}: {one_line(text, 60)}", timeout=4)
            return
        try:
            text = format_sgf(storage.game_to_record(game))
        except Exception as exc:  # a game SGF cannot hold (a 3-D board, one too wide): one line
            self.app.notify(f"cannot copy as SGF: {one_line(str(exc))}", severity="error")
            return
        self.app.copy_to_clipboard(text)
        stones = f", {setup} set-up stones" if setup else ""
        self.app.notify(f"Copied the game as SGF ({len(moves)} moves{stones}, {len(text)} characters).", timeout=4)
