"""Pilot tests of the app's own behaviour, on a fake engine (instant, deterministic)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual import events
from textual.widgets import Input, Select, Static
from tui_fakes import browsed, choose_file, settle, text_of
from waiting import wait_until_async

from gomoku.attacks.words import format_weight
from gomoku.board import Stone
from gomoku.records import load_game
from tui.app import GomokuApp
from tui.game import GameSettings
from tui.screens.dialogs import ConfirmScreen, HelpScreen, NewGameScreen
from tui.screens.files import OpenGameScreen, SaveGameScreen
from tui.widgets.board_view import BoardView

SIZE = (100, 30)


def board_text(view: BoardView) -> list[str]:
    return [view.render_line(y).text for y in range(view.size.height)]


async def test_place_stones_by_keys(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "space", "down", "j", "left", "enter")
        assert app.game.board.move_stack == [(0, 0), (1, 0), (0, 2)]
        assert app.game.board.stones[(1, 0)] is Stone.O
        view = app.board_view
        assert view.cursor == (0, 2)
        lines = board_text(view)
        row = next(line for line in lines[1:] if line.lstrip().startswith("0 "))
        assert " X " in row and " O " in row
        assert "[X]" in next(line for line in lines[1:] if line.lstrip().startswith("2 "))  # last move
        assert "Move 4: O to play" in text_of(app, "#status")


async def test_place_a_stone_by_mouse(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        view = app.board_view
        target = (view.cursor[0] + 3, view.cursor[1] - 2)
        offset = view.offset_of(target)
        assert offset is not None
        await pilot.click(BoardView, offset=tuple(offset))
        assert app.game.board.move_stack == [target]
        assert view.cursor == target
        # A click on the rulers places nothing.
        await pilot.click(BoardView, offset=(0, 0))
        assert app.game.board.move_stack == [target]


async def test_occupied_cell_is_a_warning_not_a_crash(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter")
        assert app.game.board.move_stack == [(0, 0)]
        assert any("already taken" in message for _, message in app.notices)


async def test_five_ends_the_game(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for x in range(4):
            app.play((x, 0))
            app.play((x, 1))
        app.board_view.move_cursor_to((4, 0))
        await pilot.press("enter")
        board = app.game.board
        assert board.winner is Stone.X
        assert board.winning_line == tuple((x, 0) for x in range(5))
        assert "X wins" in text_of(app, "#status")
        assert app.query_one("#status").has_class("over")
        await pilot.press("down", "enter")  # no move after the end
        assert len(board.move_stack) == 9
        # The winning line is drawn in its own style.
        view = app.board_view
        win_style = view.get_component_rich_style("board--win")
        strip = view.render_line(view.offset_of((2, 0)).y)
        assert any(seg.style and seg.style.bgcolor == win_style.bgcolor and "X" in seg.text for seg in strip)


async def test_undo_and_redo(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter", "right", "enter")
        await pilot.press("u", "u")
        assert app.game.board.move_stack == [(0, 0)]
        await pilot.press("r")
        assert app.game.board.move_stack == [(0, 0), (1, 0)]
        await pilot.press("ctrl+z", "ctrl+y", "r", "r")
        assert app.game.board.move_stack == [(0, 0), (1, 0), (2, 0)]
        assert ("information", "Nothing to redo.") in app.notices
        assert "2. 2,0" in text_of(app, "#moves")


async def test_engine_replies_and_undo_takes_back_both(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app(mode="human-x")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(app, pilot)
        board = app.game.board
        assert len(board.move_stack) == 2 and board.turn is Stone.X
        assert fake_engine.calls[-1] == {"level": "greedy", "time": 1.0, "ply": 1}
        await pilot.press("u")
        assert board.move_stack == []
        await pilot.press("r")
        await settle(app, pilot)
        assert len(board.move_stack) == 2


async def test_engine_moves_first_when_the_human_is_o(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(mode="human-o")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.game.board.move_stack == [(0, 0)]
        assert "O to play (you)" in text_of(app, "#status")


async def test_thinking_is_shown_and_undo_cancels_it(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    fake_engine.gate = threading.Event()
    app = make_app(mode="human-x")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert await wait_until_async(lambda: "depth 1" in text_of(app, "#status"))  # the engine's first report
        assert app.state.thinking == "move"
        assert "O is thinking… depth 1  nodes 7" in text_of(app, "#status")
        await pilot.press("right", "enter")  # a click while the engine thinks is refused
        assert app.game.board.move_stack == [(0, 0)]
        await pilot.press("u")
        assert app.state.thinking is None and app.thinker._stop.is_set()
        fake_engine.gate.set()
        await settle(app, pilot)
        assert app.game.board.move_stack == []  # the cancelled answer was dropped


async def test_engine_against_engine_plays_to_the_end(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=GameSettings(rules="tictactoe", mode="engines", level="greedy"))
    async with app.run_test(size=SIZE) as pilot:
        assert await wait_until_async(lambda: app.game.board.is_over)
        await settle(app, pilot)
        assert app.board_view.cursor == app.game.board.last_move  # the view followed the game
        # On the bounded board the cursor stays inside.
        await pilot.press("left", "left", "left", "left", "down", "down", "down", "down")
        assert app.board_view.cursor == (0, 2)


async def test_overlay_toggles_with_the_weights(make_app: Callable[..., GomokuApp], fake_analyst: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter")
        view = app.board_view
        assert view.weights is None
        assert not app.query_one("#legend").display
        await pilot.press("w")
        expected = fake_analyst.weight_map(app.game.board)
        assert view.weights == expected
        assert app.query_one("#legend").display
        assert "Weights" in text_of(app, "#legend")
        # The heaviest cell shows its weight in the board.
        best = max(expected, key=lambda p: (expected[p], p))
        line = view.render_line(view.offset_of(best).y).text
        assert format_weight(expected[best], 3) in line
        view.move_cursor_to(best)
        await pilot.pause()
        assert f"cursor {best[0]},{best[1]} · weight {expected[best]:g}" in text_of(app, "#info")
        await pilot.press("w")
        assert view.weights is None


async def test_breakdown_panel_follows_the_cursor(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "t")
        assert app.query_one("#breakdown-box").display
        assert "holds X" in text_of(app, "#breakdown")
        await pilot.press("right")
        assert "Cell 1,0 · O to move" in text_of(app, "#breakdown")
        await pilot.press("t")
        assert not app.query_one("#breakdown-box").display


async def test_hint_is_shown_and_d_plays_it(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "h")
        await settle(app, pilot)
        assert app.state.hint is not None
        move = app.state.hint.move
        assert app.board_view.hint_move == move
        assert app.game.board.move_stack == [(0, 0)]  # shown, not played
        assert f"Hint for O: {move[0]},{move[1]}" in text_of(app, "#hint")
        calls = len(fake_engine.calls)
        await pilot.press("d")
        assert app.game.board.move_stack == [(0, 0), move]
        assert len(fake_engine.calls) == calls  # the hint on show was played as it was
        assert app.state.hint is None
        await pilot.press("d")  # with no hint, d asks the engine
        await settle(app, pilot)
        assert len(app.game.board.move_stack) == 3


async def test_cursor_goes_far_and_plays_there(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=(200, 60)) as pilot:
        view = app.board_view
        while view.cursor[1] < 1000:
            await pilot.press("pagedown")
        while view.cursor[0] > -1000:
            await pilot.press("shift+left")
        await pilot.press("k", "enter")
        x, y = app.game.board.move_stack[0]
        assert x <= -1000 and y >= 999
        lines = board_text(view)
        assert str(y) in lines[view.offset_of((x, y)).y]  # the row ruler shows the real coordinate
        assert "[X]" in lines[view.offset_of((x, y)).y]
        assert "-10" in lines[0]  # the column ruler too
        await pilot.press("c")
        assert view.cursor == (x, y)


async def test_wheel_scrolls_the_view(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        view = app.board_view
        origin = view.origin
        view.post_message(events.MouseScrollDown(view, 10, 5, 0, 0, 0, False, False, False))
        await pilot.pause()
        assert view.origin == (origin[0], origin[1] + 3)
        view.post_message(events.MouseScrollUp(view, 10, 5, 0, 0, 0, True, False, False))
        await pilot.pause()
        assert view.origin == (origin[0] - 3, origin[1] + 3)  # shift+wheel goes sideways


async def test_save_then_open_gives_the_same_game(make_app: Callable[..., GomokuApp], tmp_path: Path) -> None:
    app = make_app()
    path = tmp_path / "my game.json"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter", "down", "enter")
        moves = list(app.game.board.move_stack)
        await pilot.press("s")
        assert isinstance(app.screen, SaveGameScreen)
        await choose_file(app, pilot, path)
        assert path.is_file()
        await pilot.press("u", "u", "u")
        assert app.game.board.move_stack == []
        await pilot.press("o")
        assert isinstance(app.screen, OpenGameScreen)
        await browsed(app, pilot)
        assert app.screen.query_one(Input).value == path.name  # the last file is offered again
        await pilot.press("enter")  # on it in the list
        assert app.game.board.move_stack == moves
        assert app.board_view.cursor == moves[-1]


async def test_a_bad_file_is_one_line_of_error(make_app: Callable[..., GomokuApp], tmp_path: Path) -> None:
    app = make_app()
    bad = tmp_path / "broken.sgf"
    bad.write_text("(;FF[4]GM[4]SZ[15];B[zz")
    (tmp_path / "notes.txt").write_text("not a game")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        for name in (bad, tmp_path / "notes.txt"):
            await pilot.press("o")
            await choose_file(app, pilot, name)
            severity, message = app.notices[-1]
            assert severity == "error"
            assert message.startswith(f"cannot open {name}")
            assert "\n" not in message and "Traceback" not in message
            assert message.count(str(name)) == 1  # the path is said once
        # A file that is not there: the browser says so and stays open.
        await pilot.press("o")
        await choose_file(app, pilot, tmp_path / "missing.json")
        assert isinstance(app.screen, OpenGameScreen)
        await pilot.press("escape")
        assert app.game.board.move_stack == [(0, 0)]
        assert app.is_running


async def test_autosave_and_resume(make_app: Callable[..., GomokuApp], tmp_path: Path) -> None:
    first = make_app()
    async with first.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter", "right", "enter")
        moves = list(first.game.board.move_stack)
    assert (tmp_path / "data" / "autosave.json").is_file()

    second = make_app()
    async with second.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, ConfirmScreen)
        await pilot.press("y")
        assert second.game.board.move_stack == moves
        assert second.board_view.cursor == moves[-1]

    third = make_app()
    async with third.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        assert third.game.board.move_stack == []
        await pilot.press("enter")
    # Declining kept the unfinished game aside instead of losing it.
    kept = load_game(tmp_path / "data" / "previous.json")
    assert kept.moves == moves
    fourth = make_app()  # the fresh game replaced the old autosave
    async with fourth.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("y")
        assert fourth.game.board.move_stack == [(0, 0)]


async def test_a_new_game_keeps_the_unfinished_one_aside(make_app: Callable[..., GomokuApp], tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter")
        moves = list(app.game.board.move_stack)
        await pilot.press("n")
        await pilot.click("#start")
        await pilot.pause()
        assert app.game.board.move_stack == []
        assert load_game(tmp_path / "data" / "previous.json").moves == moves
        assert any("kept in" in message for _, message in app.notices)
        # An empty game replaced by another is nothing to keep: the kept one stays.
        await pilot.press("n")
        await pilot.click("#start")
        await pilot.pause()
        assert load_game(tmp_path / "data" / "previous.json").moves == moves


async def test_new_game_dialog(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "n")
        assert isinstance(app.screen, NewGameScreen)
        screen = app.screen
        screen.query_one("#rules", Select).value = "gomocup15"
        screen.query_one("#mode", Select).value = "human-o"
        screen.query_one("#level", Select).value = "easy"
        screen.query_one("#time", Input).value = "soon"
        await pilot.click("#start")
        assert "expected a number" in str(screen.query_one("#error", Static).render())
        screen.query_one("#time", Input).value = "0.5"
        await pilot.click("#time")
        await pilot.press("enter")  # Enter in the time field starts too
        await settle(app, pilot)
        game = app.game
        assert game.settings == GameSettings(rules="gomocup15", mode="human-o", level="easy", time=0.5)
        assert game.rules.bounds == ((0, 0), (14, 14))
        assert game.board.move_stack == [(7, 7)]  # the engine opened in the centre
        await pilot.press("n", "escape")
        assert app.game is game
    # The next start (with no settings given) offers the same choices.
    again = GomokuApp(analyst=app.analyst, data_dir=app.data_dir, offer_resume=False)
    assert again.game.settings == game.settings


async def test_help_lists_every_key(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = str(app.screen.query_one("#help-text", Static).render())
        for binding in GomokuApp.BINDINGS + BoardView.BINDINGS:
            if binding.key in ("question_mark",):
                continue
            first = binding.key.split(",")[0]
            name = {
                "enter": "Enter",
                "pageup": "PgUp",
                "shift+up": "shift",
                "shift+left": "shift",
                "shift+right": "shift",
                "pagedown": "PgDn",
                "up": "↑",
                "down": "↓",
                "left": "←",
                "right": "→",
                "left_square_bracket": "[",
                "right_square_bracket": "]",
                "less_than_sign": "<",
                "greater_than_sign": ">",
                "home": "Home",
                "end": "End",
                "comma": ",",
                "full_stop": ".",
                "escape": "Esc",
                "left_curly_bracket": "{",
                "right_curly_bracket": "}",
            }.get(first, first)
            assert name in shown, binding.key
        await pilot.press("h")  # keys of the board do nothing under the help
        assert app.state.thinking is None
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_quit_asks_in_the_middle_of_a_game(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        assert app.is_running and not isinstance(app.screen, ConfirmScreen)
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running
        assert app.return_code == 0


async def test_quit_at_once_with_no_game(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_an_engine_that_refuses_the_rules_falls_back_to_greedy(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    real_hint = fake_engine.hint

    def picky(board: Any, **kwargs: Any) -> Any:
        if kwargs.get("level") != "greedy":
            raise ValueError("the search plays five in a row only (k = 5)")
        return real_hint(board, **kwargs)

    fake_engine.hint = picky
    app = make_app(settings=GameSettings(mode="human-o", level="strong"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.game.board.move_stack == [(0, 0)]
        assert ("warning", "the search plays five in a row only (k = 5): the greedy level plays instead") in app.notices


async def test_an_engine_failure_is_one_line(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    def broken(board: Any, **kwargs: Any) -> Any:
        raise RuntimeError("out of cheese")

    fake_engine.hint = broken
    app = make_app(mode="human-x")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.notices[-1] == ("error", "the engine failed: out of cheese")
        assert app.is_running and app.state.thinking is None
        assert app.game.board.move_stack == [(0, 0)]


async def test_the_cursor_stays_in_view(make_app: Callable[..., GomokuApp]) -> None:
    import random

    app = make_app()
    rng = random.Random(7)
    keys = ["up", "down", "left", "right", "k", "j", "a", "l", "pageup", "pagedown", "shift+left", "shift+right", "c"]
    async with app.run_test(size=(70, 20)) as pilot:
        view = app.board_view
        for _ in range(25):
            await pilot.press(rng.choice(keys))
            assert view.offset_of(view.cursor) is not None, (view.cursor, view.origin)
        await pilot.resize_terminal(50, 12)
        await pilot.pause()
        assert view.offset_of(view.cursor) is not None
        assert not app.query_one("#side").display  # a narrow terminal is all board
        # What is on screen is redrawn for the new size: the cursor's row label is there.
        screen_rows = [strip.text for strip in app.screen._compositor.render_strips()]
        offset = view.offset_of(view.cursor)
        assert screen_rows[view.region.y + offset.y].split()[0] == str(view.cursor[1])
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert app.query_one("#side").display
        await pilot.press("right", "right", "right", "right", "right", "right", "down", "down", "down", "down")
        assert view.offset_of(view.cursor) is not None
        assert f"cursor {view.cursor[0]},{view.cursor[1]}" in text_of(app, "#info")


async def test_engines_pause_between_moves_to_be_watched(make_app: Callable[..., GomokuApp]) -> None:
    # A long pause, so that nothing here depends on the clock: d steps through it.
    app = make_app(settings=GameSettings(rules="tictactoe", mode="engines", level="greedy"), watch_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert len(app.game.board.move_stack) == 1  # the first move at once, then a pause
        assert app.state.thinking == "wait"
        assert "O to play (engine)" in text_of(app, "#status")
        await pilot.press("d")  # d plays the next move now
        await settle(app, pilot)
        assert len(app.game.board.move_stack) == 2 and app.state.thinking == "wait"
        await pilot.press("u")  # undo pauses the game
        assert len(app.game.board.move_stack) == 1 and app.state.thinking is None
        app.thinker.watch_delay = 0
        await pilot.press("d")  # d resumes it
        assert await wait_until_async(lambda: app.game.board.is_over)


async def test_the_hints_line_is_numbered_on_the_board(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    from tui_fakes import FakeHint

    pv = ((2, 0), (3, 0), (4, 1))
    fake_engine.hint = lambda board, **kwargs: FakeHint(pv[0], 1.5, pv, 3, 99, 0.01, False)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "h")
        await settle(app, pilot)
        view = app.board_view
        assert view.hint_pv == pv
        row = view.render_line(view.offset_of((0, 0)).y)
        x = view.offset_of((2, 0)).x
        assert row.text[x - 1 : x + 2] == " * "
        x = view.offset_of((3, 0)).x
        assert row.text[x - 1 : x + 2] == " 2 "
        # O is to move, so the line's second move is X's reply, in X's colour.
        x_colour = view.get_component_rich_style("board--x").color
        assert any(seg.text == " 2 " and seg.style.color == x_colour for seg in row)
        row = view.render_line(view.offset_of((4, 1)).y)
        x = view.offset_of((4, 1)).x
        assert row.text[x - 1 : x + 2] == " 3 "
        await pilot.press("w")  # the overlay shows weights instead
        row = view.render_line(view.offset_of((0, 0)).y)
        assert " 2 " not in row.text


async def test_a_far_engine_reply_is_brought_into_view(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    from tui_fakes import FakeHint

    fake_engine.hint = lambda board, **kwargs: FakeHint((500, -300), 0.0, ((500, -300),), 1, 1, 0.0, False)
    app = make_app(mode="human-x")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.game.board.move_stack == [(0, 0), (500, -300)]
        assert app.board_view.cursor == (500, -300)
        assert app.board_view.offset_of((500, -300)) is not None


async def test_huge_coordinates_render_and_play(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    far = (10**15, -(10**15))
    async with app.run_test(size=SIZE) as pilot:
        view = app.board_view
        view.move_cursor_to(far)
        await pilot.press("enter", "right", "enter", "w")
        assert app.game.board.move_stack == [far, (far[0] + 1, far[1])]
        lines = board_text(view)
        assert "[O]" in lines[view.offset_of((far[0] + 1, far[1])).y]
        assert str(far[1]) in lines[view.offset_of(far).y]
        labels = lines[0].split()
        assert labels and all(label.isdigit() and int(label) % 5 == 0 for label in labels)  # every 5th column
        assert any(abs(int(label) - far[0]) < 20 for label in labels)


async def test_a_bounded_board_keeps_the_cursor_on_it_and_in_view(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app(settings=GameSettings(rules="gomocup15", mode="humans", level="greedy"))
    async with app.run_test(size=SIZE) as pilot:
        view = app.board_view
        for key in [
            "shift+right",
            "shift+right",
            "pagedown",
            "pagedown",
            "shift+left",
            "shift+left",
            "shift+left",
            "pageup",
            "pageup",
            "pageup",
        ]:
            await pilot.press(key)
            assert app.game.rules.contains(view.cursor)
            assert view.offset_of(view.cursor) is not None, (key, view.cursor, view.origin)
        for _ in range(6):
            view.post_message(events.MouseScrollDown(view, 10, 5, 0, 0, 0, False, False, False))
            await pilot.pause()
            assert app.game.rules.contains(view.cursor)
            assert view.offset_of(view.cursor) is not None
        await pilot.press("enter")
        assert app.game.board.move_stack == [view.cursor]


async def test_opening_a_game_the_app_cannot_draw_is_one_line(
    make_app: Callable[..., GomokuApp], tmp_path: Path
) -> None:
    endless = tmp_path / "cube.json"
    endless.write_text(
        '{"format": "gomoku", "version": 1, "rules": {"dims": 3, "k": 3}, '
        '"moves": [[0, 0, 0], [1, 1, 1]], "result": null, "metadata": {}}'
    )
    tesseract = tmp_path / "tesseract.json"
    tesseract.write_text(
        '{"format": "gomoku", "version": 1, "rules": {"dims": 4, "k": 3, '
        '"bounds": [[0, 0, 0, 0], [2, 2, 2, 2]]}, '
        '"moves": [[0, 0, 0, 0]], "result": null, "metadata": {}}'
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        for path, reason in ((endless, "an endless 3-D board"), (tesseract, "a board of 4 axes")):
            await pilot.press("o")
            await choose_file(app, pilot, path)
            severity, message = app.notices[-1]
            assert severity == "error" and reason in message and "\n" not in message
        await pilot.press("right", "enter")  # the game goes on as it was
        assert app.game.board.move_stack == [(0, 0), (1, 0)]
        assert app.is_running


async def test_saving_over_another_games_file_asks_first(make_app: Callable[..., GomokuApp], tmp_path: Path) -> None:
    # The save dialog used to offer the last file saved: after a new game, Enter
    # overwrote the first game's file without a word. A new game now gets a new
    # name, and a file of another game is written over only when the player says so.
    app = make_app()
    path = tmp_path / "first.json"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "right", "enter")
        await pilot.press("s")
        await choose_file(app, pilot, path)
        first = path.read_text()
        await pilot.press("down", "enter")  # the same game, saved again to its own file: no question
        await pilot.press("s")
        await browsed(app, pilot)
        assert app.screen.query_one(Input).value == path.name
        await pilot.press("enter")
        assert not isinstance(app.screen, ConfirmScreen)
        assert path.read_text() != first
        first = path.read_text()
        app.start_game(app.game.__class__(app.game.settings))  # a new game
        await pilot.press("enter")
        await pilot.press("s")
        await browsed(app, pilot)
        assert app.screen.query_one(Input).value.startswith("game-")  # a name of its own
        await choose_file(app, pilot, path)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")  # keep the first game
        assert path.read_text() == first
        await pilot.press("s")
        await choose_file(app, pilot, path)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        assert path.read_text() != first
        assert app.notices[-1][1].startswith("Saved 1 moves")
        await pilot.press("right", "enter", "s")  # now it is this game's file
        await browsed(app, pilot)
        await pilot.press("enter")
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.notices[-1][1].startswith("Saved 2 moves")
