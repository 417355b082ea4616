"""The move list: walking back and forth through the game with keys and the mouse,
playing from an earlier point (after a question), the game saved whole meanwhile, and
the stones' move numbers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tui_fakes import cell, settle, text_of
from waiting import wait_until_async

from gomoku.records import load_game
from tui.app import GomokuApp
from tui.screens.dialogs import ConfirmScreen
from tui.widgets.movelist import MoveList, move_lines

SIZE = (110, 32)
GAME = [(0, 0), (1, 1), (1, 0), (2, 0), (-1, 1), (0, 2), (2, -1)]


async def test_walking_back_and_forth_keeps_the_game(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME:
            app.play(move)
        await pilot.press("less_than_sign", "less_than_sign")
        game = app.game
        assert game.walking and game.board.ply == 5 and game.moves == GAME
        assert app.board_view.cursor == GAME[4]  # the last move on show
        assert "Move 5 of 7: O to play." in text_of(app, "#status")
        moves = text_of(app, "#moves")
        assert moves.startswith("Moves 5 of 7") and "3. -1,1" in moves
        # The move on show is picked out, the later ones dimmed.
        listing = app.query_one(MoveList)
        assert (listing.moves, listing.ply) == (GAME, 5)
        text = move_lines(GAME, 5)
        styles = {text.plain[span.start : span.end]: str(span.style) for span in text.spans}
        assert styles["-1,1"] == "reverse bold" and styles["0,2"] == styles["2,-1"] == "dim"
        assert styles.get("1,1", "") == ""  # played before: plain
        await pilot.press("greater_than_sign")
        assert game.board.ply == 6
        await pilot.press("home")
        assert game.board.ply == 0 and game.board.stones == {} and game.walking
        await pilot.press("home")
        assert ("information", "This is the start of the game.") in app.notices
        await pilot.press("end")
        assert game.board.move_stack == GAME and not game.walking
        assert "Move 8: O to play" in text_of(app, "#status")
        await pilot.press("greater_than_sign")
        assert ("information", "This is the game's last move.") in app.notices


async def test_u_and_r_walk_while_looking_back(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME:
            app.play(move)
        await pilot.press("less_than_sign", "u")
        assert app.game.board.ply == 5 and app.game.moves == GAME  # a step, not a take-back
        await pilot.press("r", "r", "r")
        assert app.game.board.ply == 7 and not app.game.walking
        await pilot.press("u")  # at the end, u is undo again
        assert app.game.board.ply == 6 and app.game.moves == GAME


async def test_a_click_on_the_move_list_jumps_there(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME:
            app.play(move)
        await pilot.pause()
        moves = app.query_one(MoveList)
        await pilot.click(MoveList, offset=(6, 2))  # line 2: move 2's pair, X's move: ply 3
        assert app.game.board.ply == 3 and app.game.walking
        await pilot.click(MoveList, offset=(16, 1))  # O's first move
        assert app.game.board.ply == 2
        await pilot.click(MoveList, offset=(1, 0))  # the heading: the start
        assert app.game.board.ply == 0
        await pilot.click(MoveList, offset=(6, 4))  # move 7, the last
        assert app.game.board.ply == 7 and not app.game.walking
        assert moves.ply == 7


async def test_playing_the_games_next_move_steps_forward(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME:
            app.play(move)
        await pilot.press("home", "greater_than_sign")
        app.board_view.move_cursor_to(GAME[1])
        await pilot.press("enter")
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.game.board.ply == 2 and app.game.moves == GAME


async def test_playing_from_an_earlier_point_makes_a_branch(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME:
            app.play(move)
        await pilot.press("less_than_sign", "less_than_sign", "less_than_sign")
        app.board_view.move_cursor_to((5, 5))
        await pilot.press("enter")
        # No question: nothing is lost. The new move comes first, the old line is a variation.
        assert not isinstance(app.screen, ConfirmScreen)
        game = app.game
        assert game.board.move_stack == GAME[:4] + [(5, 5)]
        assert not game.walking and game.redo_stack == []
        assert game.tree.main_line() == GAME[:4] + [(5, 5)]
        assert [n.move for n in game.node.siblings] == [(5, 5), GAME[4]]
        assert game.node.siblings[1].end().moves() == GAME  # the old continuation, whole
        assert "Move 6: O to play" in text_of(app, "#status")
        assert any("the old one is kept as a variation" in message for _, message in app.notices)


async def test_d_on_an_earlier_point_makes_a_branch_too(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app(mode="human-x")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        await settle(app, pilot)
        app.board_view.move_cursor_to((3, 3))
        await pilot.press("enter")
        await settle(app, pilot)
        game = app.game
        assert game.board.ply == 4
        played = list(game.board.move_stack)
        calls = len(fake_engine.calls)
        await pilot.press("less_than_sign")  # O (the engine) to move there: it waits
        await settle(app, pilot)
        assert game.board.ply == 3 and len(fake_engine.calls) == calls
        await pilot.press("d")  # the engine's move there is the game's: a step forward
        await settle(app, pilot)
        assert fake_engine.calls[-1]["ply"] == 3 and game.board.ply == 4 and not game.walking
        await pilot.press("less_than_sign", "less_than_sign")  # X to move, where 3,3 was played
        await pilot.press("d")
        await settle(app, pilot)
        assert not isinstance(app.screen, ConfirmScreen)
        # X's move is the engine's now, and the engine (O) answered it; 3,3's line is a variation.
        assert game.board.move_stack[2] != (3, 3) and game.board.ply == 4 and not game.walking
        assert fake_engine.calls[-1]["ply"] == 3
        assert [n.move for n in game.tree.root.children[0].children[0].children][1] == (3, 3)
        assert game.tree.root.children[0].children[0].children[1].end().moves() == played


async def test_the_game_is_saved_whole_while_looking_back(make_app: Callable[..., GomokuApp], tmp_path: Path) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME:
            app.play(move)
        await pilot.press("home")
        app.save_progress()
        saved = load_game(tmp_path / "data" / "autosave.json")
        assert saved.moves == GAME
        assert app.game.in_progress  # quitting here asks, as at the end
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)


async def test_a_game_won_can_be_walked_back_and_analysed(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        won = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)]
        for move in won:
            app.play(move)
        assert app.game.is_over
        await pilot.press("less_than_sign", "h")
        await settle(app, pilot)
        assert app.state.hint is not None and fake_engine.calls[-1]["ply"] == 8
        await pilot.press("end")
        assert app.game.is_over and app.state.hint is None
        assert "X wins with five in a row" in text_of(app, "#status")


async def test_move_numbers_on_the_stones(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME:
            app.play(move)
        view = app.board_view
        await pilot.pause()
        assert cell(view, (0, 0)) == " X " and cell(view, (2, -1)) == "[X]"
        await pilot.press("m")
        assert [cell(view, move) for move in GAME] == [f" {n} " for n in range(1, 8)]
        o_colour = view.get_component_rich_style("board--o").color
        row = view.render_line(view.offset_of((1, 1)).y)
        assert any(seg.text.startswith(" 2 ") and seg.style.color == o_colour for seg in row)
        await pilot.press("less_than_sign")  # the numbers follow the position on show
        assert cell(view, (2, -1)) == " · " and cell(view, (0, 2)) == " 6 "
        await pilot.press("m")
        assert cell(view, (0, 2)) in ("[O]", " O ")


async def test_r_reviews_the_game_and_enter_shows_a_moves_position(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    from textual.widgets import DataTable

    from tui.screens.review import ReviewScreen

    app = make_app()
    app.move_walk.review_options = {"engine": fake_engine, "threats": False, "nodes": 100}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("R")
        assert ("information", "No moves to review yet.") in app.notices
        for move in GAME:
            app.play(move)
        await pilot.press("R")
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.moves == GAME
        await pilot.press("h")  # the game's keys sleep under the review
        assert app.state.hint is None
        assert await wait_until_async(lambda: screen.review is not None)
        table = screen.query_one("#review-moves", DataTable)
        table.focus()
        table.move_cursor(row=2)
        await pilot.press("enter")
        assert not isinstance(app.screen, ReviewScreen)
        # The position where move 3 was played, the cursor on it: > plays it again.
        assert app.game.board.ply == 2 and app.game.walking and app.board_view.cursor == GAME[2]
        await pilot.press("R", "escape")
        assert app.game.board.ply == 2 and app.game.moves == GAME


async def test_a_reviewed_move_shows_its_better_move_and_line_on_the_board(
    make_app: Callable[..., GomokuApp],
) -> None:
    from textual.widgets import DataTable

    from gomoku.board import Rules
    from tui.game import GameSettings
    from tui.screens.review import ReviewScreen

    tictactoe = [(1, 1), (0, 1), (0, 0), (2, 2), (1, 0), (1, 2), (2, 0)]  # O's edge reply (ply 1) loses
    app = make_app(settings=GameSettings(mode="humans", level="perfect", rules="tictactoe"))
    app.move_walk.review_options = {}  # the exact judge of the small games
    async with app.run_test(size=SIZE) as pilot:
        assert app.game.rules == Rules.preset("tictactoe")
        for move in tictactoe:
            app.play(move)
        await pilot.press("R")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert await wait_until_async(lambda: screen.review is not None)
        assert screen.review is not None
        blunder = screen.review.moves[1]
        assert blunder.grade == "blunder" and blunder.better is not None
        table = screen.query_one("#review-moves", DataTable)
        table.focus()
        table.move_cursor(row=1)
        await pilot.press("enter")
        await pilot.pause()
        assert app.game.board.ply == 1 and app.state.reviewed is blunder
        view = app.board_view
        assert view.hint_move == blunder.better and view.hint_pv[0] == blunder.better
        said = text_of(app, "#hint") + text_of(app, "#summary")
        assert "blunder" in said and "better" in said
        await pilot.press("greater_than_sign")  # another position: the review's marks go
        assert app.state.reviewed is None and view.hint_move is None
