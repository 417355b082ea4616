"""The position editor (``e``): the edit itself (``PositionEdit``), and the app's mode
through the pilot: stones placed and taken off, the side to move, leaving it to play,
hint and undo from the edited position, and positions refused."""

from __future__ import annotations

import doctest
from collections.abc import Callable

import pytest
from tui_fakes import FakeEngine, cell, settle, text_of

import tui.editor
from gomoku.board import Board, Rules, Stone
from tui.app import GomokuApp
from tui.editor import EditError, PositionEdit
from tui.game import GameSettings
from tui.widgets.footer import KeysFooter

SIZE = (100, 30)
X, O = Stone.X, Stone.O  # noqa: E741 - the stones by their names


def test_the_docstring_examples() -> None:
    result = doctest.testmod(tui.editor, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


# -- the edit, without the app -------------------------------------------------------------
def test_an_edit_starts_from_the_board_and_knows_when_it_changed() -> None:
    board = Board(moves=[(0, 0), (1, 0), (2, 0)])
    edit = PositionEdit.from_board(board)
    assert edit.stones == board.stones and edit.turn is O and not edit.changed
    edit.place((5, 5), X)
    assert edit.changed
    edit.undo()
    assert not edit.changed
    edit.toggle_turn()
    assert edit.changed and edit.turn is X


def test_the_side_to_move_follows_the_stones_until_it_is_set() -> None:
    edit = PositionEdit(Rules())
    edit.place((0, 0), X)
    assert edit.turn is O
    edit.place((1, 0), O)
    assert edit.turn is X
    edit.toggle_turn()
    edit.place((2, 0), X)
    assert edit.turn is O and edit.turn_set  # set by t, it stays
    edit.place((3, 0), O)
    assert edit.turn is O
    edit.undo(), edit.undo(), edit.undo()
    assert edit.turn is X and not edit.turn_set
    board = Board()
    board.set_up({(0, 0): X}, X)  # a set-up position with the side the stones do not imply
    assert PositionEdit.from_board(board).turn_set
    assert not PositionEdit.from_board(Board(moves=[(0, 0)])).turn_set


def test_enter_cycles_empty_x_o_empty() -> None:
    edit = PositionEdit(Rules())
    seen = []
    for _ in range(3):
        edit.cycle((2, -3))
        seen.append(edit.stones.get((2, -3)))
    assert seen == [X, O, None]
    assert [edit.undo() for _ in range(4)] == [True, True, True, False]


def test_bad_edits_change_nothing() -> None:
    edit = PositionEdit(Rules.parse("size=7x6,k=4,gravity"))
    with pytest.raises(EditError, match="no stone on 3,0 to take off"):
        edit.place((3, 0), None)
    with pytest.raises(EditError, match="off the board"):
        edit.place((9, 0), X)
    assert edit.place((3, 4), X) == (3, 0)  # under gravity it drops to the bottom of its column
    assert edit.place((3, 5), O) == (3, 1)
    with pytest.raises(EditError, match="3,1 rests on 3,0: take it off first"):
        edit.place((3, 0), None)
    for _ in range(4):
        edit.place((3, 5), X)
    assert edit.place((3, 5), O) == (3, 5)  # a full column's stones change colour where they are
    assert edit.counts() == (4, 2) and len(edit.history) == 7


@pytest.mark.parametrize(
    ("rules", "stones", "turn", "message"),
    [
        ("freestyle", {(x, 0): X for x in range(5)}, O, "X already has five in a row"),
        (
            "freestyle",
            {**{(x, 0): X for x in range(5)}, **{(x, 2): O for x in range(5)}},
            X,
            "both X and O have a five",
        ),
        ("tictactoe", {(0, 0): X, (1, 0): O, (2, 0): X, (0, 1): X, (1, 1): O}, O, "O already has three in a row"),
        (
            "tictactoe",
            {(0, 0): X, (1, 0): O, (2, 0): X, (0, 1): X, (1, 1): O, (2, 1): X, (0, 2): O, (1, 2): X, (2, 2): O},
            X,
            "the board is full",
        ),
        ("freestyle", {}, O, "on an empty board X moves first"),
    ],
)
def test_positions_no_game_can_go_on_from_are_refused(
    rules: str, stones: dict[tuple[int, ...], Stone], turn: Stone, message: str
) -> None:
    edit = PositionEdit(Rules.parse(rules), dict(stones), turn)
    if message.startswith("O already"):  # O's column of three
        edit.stones[(1, 2)] = O
    with pytest.raises(EditError, match=message):
        edit.board()
    assert edit.stones == {**stones, **({(1, 2): O} if message.startswith("O already") else {})}
    edit.drawing()  # still drawn, whatever it holds


def test_the_edited_position_is_set_up_stones_with_the_side_to_move() -> None:
    edit = PositionEdit(Rules(), {(0, 0): X, (1, 0): X, (0, 1): O}, X)  # the counts say O: the edit says X
    board = edit.board()
    assert board.setup == edit.stones and board.move_stack == [] and board.turn is X
    board.play((5, 5))
    assert board.pop() == (5, 5) and len(board) == 3  # undo never takes a set-up stone


# -- the app's mode ------------------------------------------------------------------------
async def test_editing_places_removes_and_sets_the_side_to_move(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter")  # a game of two moves
        game = app.game
        await pilot.press("e")
        assert app.editor.active
        assert text_of(app, "#status").startswith("EDITING · X to move · 1 X, 1 O │ e: done · q: cancel")
        view = app.board_view
        await pilot.press("down", "x", "right", "o", "right", "enter")  # X at 1,1; O at 2,1; X at 3,1
        edit = app.editor.edit
        assert edit is not None
        assert {p: edit.stones[p] for p in [(1, 1), (2, 1), (3, 1)]} == {(1, 1): X, (2, 1): O, (3, 1): X}
        assert "X" in cell(view, (3, 1)) and "O" in cell(view, (2, 1))
        await pilot.press("enter", "enter")  # X -> O -> empty
        assert (3, 1) not in edit.stones and "X" not in cell(view, (3, 1))
        await pilot.press("left", "delete", "up", "left", "left", "backspace")  # O at 2,1 and X at 0,0 taken off
        assert (2, 1) not in edit.stones and (0, 0) not in edit.stones
        await pilot.press("t")
        assert "O to move · 1 X, 1 O" in text_of(app, "#status")
        await pilot.press("u", "u")  # the side to move, then the X at 0,0, back
        assert edit.stones.get((0, 0)) is X and edit.turn is O and not edit.turn_set  # the stones' side: 2 X, 1 O
        assert app.game is game and game.board.move_stack == [(0, 0), (1, 0)]  # the game untouched so far
        await pilot.press("e")
        assert not app.editor.active
        board = app.game.board
        assert app.game is not game and board.setup == {(0, 0): X, (1, 0): O, (1, 1): X} and board.turn is O
        assert board.move_stack == [] and "Move 1: O to play" in text_of(app, "#status")


async def test_the_game_keys_sleep_while_editing_and_the_footer_says_so(
    make_app: Callable[..., GomokuApp], fake_engine: FakeEngine
) -> None:
    app = make_app()
    async with app.run_test(size=(140, 30)) as pilot:

        def footer() -> list[str]:
            return [entry.action for entry in app.query_one(KeysFooter).entries()]

        assert "edit('done')" not in footer() and "new_game" in footer()
        await pilot.press("e")
        await pilot.pause()
        assert "edit('done')" in footer() and "edit('X')" in footer() and "new_game" not in footer()
        await pilot.press("n", "h", "s", "question_mark")
        assert len(app.screen_stack) == 2  # only the help: no new game, no save
        await pilot.press("x")  # nor an edit under the help
        assert app.editor.edit is not None and app.editor.edit.stones == {}
        await pilot.press("escape")
        assert len(app.screen_stack) == 1
        await pilot.press("o")  # O's stone, not the file browser
        assert len(app.screen_stack) == 1 and app.editor.edit is not None and app.editor.edit.stones == {(0, 0): O}
        assert app.state.hint is None and fake_engine.calls == []  # h asked for no hint
        await pilot.press("escape")  # done
        assert not app.editor.active and app.game.board.setup == {(0, 0): O}
        await pilot.pause()
        assert "edit('done')" not in footer() and "new_game" in footer()


async def test_play_hint_and_undo_from_the_edited_position(
    make_app: Callable[..., GomokuApp], fake_engine: FakeEngine
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter", "right", "enter")
        before = app.game
        await pilot.press("e", "C")
        assert app.editor.edit is not None and app.editor.edit.stones == {}
        await pilot.press("x", "right", "x", "down", "o")  # X 2,0 3,0; O 3,1: the counts say O, X to move
        await pilot.press("t", "e")  # X to move
        game = app.game
        assert game.board.setup == {(2, 0): X, (3, 0): X, (3, 1): O} and game.board.turn is X
        await pilot.press("h")
        await settle(app, pilot)
        hint = app.state.hint
        assert hint is not None and tuple(hint.move) == game.board.candidates()[0]
        assert fake_engine.calls[-1]["ply"] == 0
        await pilot.press("left", "left", "enter")
        assert game.board.move_stack == [(1, 1)] and game.board.stones[(1, 1)] is X
        await pilot.press("u")
        assert game.board.move_stack == [] and len(game.board.stones) == 3  # the moves, never the set-up
        await pilot.press("r")
        assert game.board.move_stack == [(1, 1)]
        await pilot.press("u", "u")  # at the edited start, u brings back the game before the edit
        assert app.game is before and before.board.move_stack == [(0, 0), (1, 0), (2, 0)]
        assert app.notices[-1] == ("information", "Back to the game before the edit.")
        await pilot.press("u")
        assert app.game is before and before.board.move_stack == [(0, 0), (1, 0)]


async def test_the_engine_moves_first_from_an_edited_position_where_it_is_to_move(
    make_app: Callable[..., GomokuApp],
) -> None:
    app = make_app(mode="human-x")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "x", "e")  # one X: O to move
        await settle(app, pilot)
        board = app.game.board
        assert board.setup == {(0, 0): X}
        assert len(board.move_stack) == 1 and board.stones[board.move_stack[0]] is O
        assert board.turn is X


async def test_a_won_or_impossible_position_is_refused_and_the_edit_kept(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        game = app.game
        await pilot.press("e", *["x", "right"] * 5, "e")
        assert app.editor.active and app.game is game
        severity, message = app.notices[-1]
        assert severity == "warning"
        assert (
            message
            == "X already has five in a row (0,0 to 4,0): take a stone of it off first (q leaves the game as it was)"
        )
        assert app.editor.edit is not None and len(app.editor.edit.stones) == 5
        await pilot.press("down", *["o", "left"] * 5, "e")  # O's five too
        assert app.editor.active and "both X and O have a five" in app.notices[-1][1]
        await pilot.press("up", "right", "right", "delete", "e")  # X's 2,0 taken off: O has its five
        assert app.editor.active and app.notices[-1][1].startswith("O already has five in a row")
        await pilot.press("q")
        assert not app.editor.active and app.game is game and game.board.stones == {}
        assert app.notices[-1] == ("information", "Edit cancelled: the game is as it was.")


async def test_gravity_drops_edited_stones(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=GameSettings(rules="connect4", mode="humans", level="greedy"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "x", "o")  # the cursor's column: X at the bottom, then O turns it
        edit = app.editor.edit
        assert edit is not None
        bottom = app.board_view.cursor
        assert bottom[1] == 0 and edit.stones == {bottom: O}
        app.board_view.move_cursor_to((bottom[0], 4))
        await pilot.press("x")  # in the air: it drops onto the O
        above = (bottom[0], 1)
        assert edit.stones == {bottom: O, above: X} and app.board_view.cursor == above
        app.board_view.move_cursor_to(bottom)
        await pilot.press("delete")
        assert app.notices[-1][0] == "warning" and "rests on" in app.notices[-1][1] and bottom in edit.stones
        await pilot.press("e")
        assert app.game.board.setup == {bottom: O, above: X}


async def test_an_unchanged_edit_leaves_the_game_as_it_was(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter")
        game = app.game
        await pilot.press("e", "x", "u", "e")
        assert not app.editor.active and app.game is game and game.board.move_stack == [(0, 0), (1, 0)]
        assert "unchanged" in app.notices[-1][1]
        await pilot.press("right", "enter")  # the game goes on
        assert game.board.move_stack == [(0, 0), (1, 0), (2, 0)]


async def test_review_from_the_edited_position(make_app: Callable[..., GomokuApp], fake_engine: FakeEngine) -> None:
    from textual.widgets import DataTable
    from waiting import wait_until_async

    from tui.screens.review import ReviewScreen

    app = make_app()
    app.move_walk.review_options = {"engine": fake_engine, "threats": False, "nodes": 100}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", "x", "right", "x", "down", "o", "e")  # X 0,0 1,0; O 1,1: O to move
        await pilot.press("left", "enter", "down", "enter")  # O 0,1, X 0,2
        assert app.game.board.move_stack == [(0, 1), (0, 2)]
        await pilot.press("R")
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.moves == [(0, 1), (0, 2)]
        assert await wait_until_async(lambda: screen.review is not None or screen.error is not None)
        assert screen.review is not None, screen.error
        table = screen.query_one("#review-moves", DataTable)
        assert table.row_count == 2
        assert str(table.get_row_at(0)[1]) == "O"  # the first move after the set-up stones is O's


@pytest.mark.parametrize(("rules", "point"), [("qubic", (1, 2, 3)), ("size=9,k=4", (4,)), ("cube3", (1, 1, 1))])
def test_edits_on_boards_of_other_axes(rules: str, point: tuple[int, ...]) -> None:
    edit = PositionEdit(Rules.parse(rules))
    assert edit.place(point, X) == point
    with pytest.raises(EditError, match="off the board"):
        edit.place((0, 0), O)  # a point of another number of axes
    board = edit.board()
    assert board.setup == {point: X} and board.turn is O
