"""Paste and copy (tui/clipboard.py): moves, SGF, PSQ and JSON pasted into the app
(Textual's Paste event, as a terminal's bracketed paste sends it) load that game; text
that is none of them is one line of error; ``y`` and ``Y`` copy the game as moves and SGF."""

from __future__ import annotations

import doctest
from collections.abc import Callable

import pytest
from textual import events
from tui_fakes import text_of

import tui.clipboard
from gomoku.board import Board, Rules, Stone
from gomoku.records import GameRecord, RecordError, format_psq, format_sgf, parse_sgf
from tui.app import GomokuApp
from tui.clipboard import read_pasted
from tui.game import GameSettings
from tui.screens.dialogs import ConfirmScreen, HelpScreen

SIZE = (100, 30)
MOVES = [(0, 0), (1, 1), (-1, 2), (3, -4)]


def test_the_docstring_examples() -> None:
    result = doctest.testmod(tui.clipboard, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def sgf_by_hand() -> str:
    """An SGF game as another program writes it: 15x15, B first, no offset."""
    return "(;FF[4]GM[4]SZ[15]PB[black]PW[white]\n;B[hh];W[ii];B[gh]\n;W[ig])\n"


@pytest.mark.parametrize(
    ("text", "kind", "moves"),
    [
        ("0,0 1,1 -1,2 3,-4", "moves", MOVES),
        ("  0,0; 1,1\n-1,2\t3,-4\n", "moves", MOVES),
        (format_sgf(GameRecord.from_board(Board(moves=MOVES))), "SGF", MOVES),
        (format_psq(GameRecord.from_board(Board(moves=MOVES))), "PSQ", MOVES),
        (sgf_by_hand(), "SGF", [(7, 7), (8, 8), (6, 7), (8, 6)]),
        ('{"stones": {"X": [[0, 0]], "O": [[1, 1]]}, "to_move": "X"}', "JSON", [(0, 0), (1, 1)]),
    ],
)
def test_read_pasted_tells_the_format_by_its_look(text: str, kind: str, moves: list[tuple[int, int]]) -> None:
    record, found = read_pasted(text, Rules())
    assert found == kind and record.moves == moves


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "nothing to paste"),
        ("hello world", "not moves, SGF or PSQ: move 1 'hello'"),
        ("0,0 0,0", "move 2 (0,0): "),
        ("(;FF[4]GM[1]SZ[19];B[aa])", "GM[1] is not gomoku"),
        ("(;FF[4]GM[4]SZ[15];B[hh]", "SGF"),
        ("Piskvorky 20x20, 11:11, 0\n99,99,0\n", "PSQ"),
        ('{"stones": 3}', "stones"),
        ("0,0,0 1,1,1", "move 1 (0,0,0)"),
    ],
)
def test_text_that_is_no_game_is_one_line_of_error(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")) as info:
        read_pasted(text, Rules())
    assert "\n" not in str(info.value)


async def paste(app: GomokuApp, pilot: object, text: str) -> None:
    """Paste ``text`` as the terminal does (its driver posts the event to the app, which
    hands it to the focused widget, whence it bubbles up)."""
    app.post_message(events.Paste(text))
    await pilot.pause()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "kind", "moves"),
    [
        ("0,0 1,1 -1,2 3,-4", "moves", MOVES),
        (format_sgf(GameRecord.from_board(Board(moves=MOVES))), "SGF", MOVES),
        (format_psq(GameRecord.from_board(Board(moves=MOVES))), "PSQ", MOVES),
    ],
)
async def test_a_pasted_game_loads(
    make_app: Callable[..., GomokuApp], text: str, kind: str, moves: list[tuple[int, int]]
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await paste(app, pilot, text)
        assert app.game.board.move_stack == moves
        assert app.game.settings.mode == "humans"  # the game's settings stay
        assert app.notices[-1] == ("information", f"Pasted {kind}: 4 moves.")
        assert "Move 5: X to play" in text_of(app, "#status")


async def test_a_pasted_sgf_of_another_program_brings_its_board(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await paste(app, pilot, sgf_by_hand())
        assert app.game.rules.bounds == ((0, 0), (14, 14))
        assert app.game.board.move_stack == [(7, 7), (8, 8), (6, 7), (8, 6)]


async def test_garbage_pasted_changes_nothing(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter")
        game = app.game
        await paste(app, pilot, "Dear diary,\ntoday I played gomoku.")
        assert app.game is game and game.board.move_stack == [(0, 0), (1, 0)]
        severity, message = app.notices[-1]
        assert severity == "error" and "\n" not in message
        assert (
            message
            == "cannot paste: not moves, SGF or PSQ: move 1 'Dear': expected x,y with integer coordinates, e.g. 3,-4"
        )
        assert len(app.screen_stack) == 1  # nothing asked


async def test_a_paste_asks_before_replacing_an_unfinished_game(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter")
        game = app.game
        await paste(app, pilot, "5,5 6,6 7,7")
        assert isinstance(app.screen, ConfirmScreen)
        assert "Replace the unfinished game (2 moves) with the pasted moves (3 moves)?" in app.screen.question
        await pilot.press("escape")
        assert app.game is game and game.board.move_stack == [(0, 0), (1, 0)]
        await paste(app, pilot, "5,5 6,6 7,7")
        await pilot.press("y")
        assert app.game is not game and app.game.board.move_stack == [(5, 5), (6, 6), (7, 7)]


async def test_a_paste_into_a_dialog_or_the_editor_loads_no_game(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await paste(app, pilot, "5,5 6,6")
        assert isinstance(app.screen, HelpScreen) and app.game.board.move_stack == []
        await pilot.press("escape", "e")
        await paste(app, pilot, "5,5 6,6")
        assert app.editor.active and app.game.board.move_stack == []
        assert app.notices[-1][1] == "Leave the editor (e) before pasting a game."


async def test_copy_as_moves_and_as_sgf(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("y")
        assert app.clipboard == "" and app.notices[-1][1] == "No moves to copy."
        await pilot.press("enter", "right", "enter", "down", "enter")
        await pilot.press("y")
        assert app.clipboard == "0,0 1,0 1,1"
        assert app.notices[-1] == ("information", "Copied 3 moves: 0,0 1,0 1,1")
        await pilot.press("less_than_sign", "Y")  # walking the move list, the whole game is copied
        record = parse_sgf(app.clipboard)
        assert record.moves == [(0, 0), (1, 0), (1, 1)]
        assert app.notices[-1][1] == f"Copied the game as SGF (3 moves, {len(app.clipboard)} characters)."


async def test_copy_of_an_edited_position_keeps_its_set_up_stones_in_sgf(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "x", "right", "x", "e")  # two X: O to move
        await pilot.press("y")
        assert app.notices[-1][1] == "No moves to copy: Y copies the set-up position as SGF."
        await pilot.press("Y")
        record = parse_sgf(app.clipboard)
        assert record.setup == {(0, 0): Stone.X, (1, 0): Stone.X} and record.to_move is Stone.O
        await pilot.press("down", "enter", "y")
        assert app.clipboard == "1,1"
        assert "(not its 2 set-up stones: Y copies them, as SGF)" in app.notices[-1][1]
        # The SGF pasted back is the same game.
        text = app.clipboard
        await pilot.press("Y")
        sgf = app.clipboard
        assert sgf != text
        await paste(app, pilot, sgf)
        await pilot.press("y")  # it asks: the game is unfinished
        board = app.game.board
        assert board.setup == {(0, 0): Stone.X, (1, 0): Stone.X} and board.move_stack == [(1, 1)]


async def test_copy_that_sgf_cannot_hold_is_one_line_of_error(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=GameSettings(rules="qubic", mode="humans", level="greedy"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "Y")
        severity, message = app.notices[-1]
        assert severity == "error" and message.startswith("cannot copy as SGF: ") and "\n" not in message
        assert app.clipboard == ""
