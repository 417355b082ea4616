"""The app wired to the real engine, attack scanner and records, at tiny limits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static
from tui_fakes import choose_file, settle
from waiting import wait_until_async

from gomoku.attacks import explain, greedy_move, weight_map
from gomoku.attacks.words import format_weight
from gomoku.board import Board, Stone
from gomoku.engine import Engine
from tui.app import GomokuApp
from tui.game import GameSettings
from tui.services import Analyst
from tui.view.panels import breakdown_text

SIZE = (110, 34)
OPENING = [(0, 0), (1, 1), (1, 0), (2, 0), (-1, 1), (0, 2)]


def make_real_app(tmp_path: Path, mode: str = "humans", level: str = "greedy", **limits: Any) -> GomokuApp:
    return GomokuApp(
        analyst=Analyst.default(**limits), settings=GameSettings(mode=mode, level=level), data_dir=tmp_path / "data"
    )


def test_the_default_analyst_uses_the_real_engine() -> None:
    analyst = Analyst.default()
    assert isinstance(analyst.engine, Engine)
    assert analyst.levels == ("greedy", "easy", "normal", "strong", "max")


async def test_overlay_shows_the_engines_weights(tmp_path: Path) -> None:
    app = make_real_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for point in OPENING:
            app.play(point)
        await pilot.press("w")
        view = app.board_view
        expected = weight_map(Board(moves=OPENING))
        assert view.weights == expected
        shown = 0
        for point, weight in expected.items():
            offset = view.offset_of(point)
            if offset is None:
                continue
            line = view.render_line(offset.y).text
            assert line[offset.x - 1 : offset.x + 2] == format_weight(weight, 3), point
            shown += 1
        assert shown == len(expected)  # the whole neighbourhood fits on screen
        # A move changes the map; the overlay follows.
        await pilot.press("enter")
        assert view.weights == weight_map(app.game.board)


async def test_breakdown_panel_shows_the_explanation(tmp_path: Path) -> None:
    app = make_real_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for point in OPENING:
            app.play(point)
        app.board_view.move_cursor_to((2, 2))
        await pilot.press("t")
        shown = str(app.query_one("#breakdown", Static).render())
        expected = breakdown_text(explain(app.game.board, (2, 2)).to_dict()).plain
        assert shown == expected
        assert "Cell 2,2 · X to move" in shown and "[" in shown


async def test_greedy_hint_then_d_plays_it(tmp_path: Path) -> None:
    app = make_real_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for point in OPENING:
            app.play(point)
        board = app.game.board.copy()
        await pilot.press("h")
        await settle(app, pilot)
        assert app.state.hint is not None
        assert app.state.hint.move == greedy_move(board)
        assert app.game.board.move_stack == OPENING
        await pilot.press("d")
        assert app.game.board.move_stack == OPENING + [greedy_move(board)]


async def test_search_hint_reports_its_figures(tmp_path: Path) -> None:
    app = make_real_app(tmp_path, level="normal", nodes=400)
    async with app.run_test(size=SIZE) as pilot:
        for point in OPENING:
            app.play(point)
        await pilot.press("h")
        await settle(app, pilot)
        hint = app.state.hint
        assert hint is not None and hint.depth >= 1 and hint.nodes > 0
        assert hint.move not in app.game.board.stones
        shown = str(app.query_one("#hint", Static).render())
        assert f"depth {hint.depth}" in shown and f"nodes {hint.nodes:,}" in shown and "PV " in shown


async def test_engine_blocks_an_open_four(tmp_path: Path) -> None:
    app = make_real_app(tmp_path, mode="human-x", level="normal", nodes=400)
    async with app.run_test(size=SIZE) as pilot:
        for point in [(0, 0), (0, 5), (1, 0), (1, 5), (2, 0)]:
            app.game.play(point)
        app.game.play((5, 5))  # O does not block the three
        app.board_view.move_cursor_to((3, 0))
        await pilot.press("enter")  # X makes an open four... O must still try to block
        await settle(app, pilot)
        board = app.game.board
        assert board.ply == 8
        assert board.move_stack[-1] in [(-1, 0), (4, 0)]


@pytest.mark.parametrize("level", ["greedy", "easy"])
async def test_engine_against_engine_on_tictactoe(tmp_path: Path, level: str) -> None:
    app = GomokuApp(
        analyst=Analyst.default(nodes=300),
        settings=GameSettings(rules="tictactoe", mode="engines", level=level),
        data_dir=tmp_path / "data",
        watch_delay=0,
    )
    async with app.run_test(size=SIZE) as pilot:
        assert await wait_until_async(lambda: app.game.board.is_over, timeout=60)
        await settle(app, pilot)
        board = app.game.board
        assert board.is_over and 5 <= board.ply <= 9
        assert all(board.rules.contains(p) for p in board.move_stack)


async def test_set_up_position_opens_and_plays(tmp_path: Path) -> None:
    from gomoku.records import save_position

    board = Board()
    # Three X stones and O to move: no alternation explains it, so it stays set-up stones.
    board.set_up({(0, 0): Stone.X, (1, 0): Stone.X, (5, 5): Stone.X}, Stone.O)
    path = tmp_path / "position.json"
    save_position(board, path)
    app = make_real_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await choose_file(app, pilot, path)
        assert app.game.board.stones == board.stones and app.game.board.turn is Stone.O
        assert app.game.board.move_stack == []
        await pilot.press("down", "enter")
        assert app.game.board.move_stack == [app.board_view.cursor]
        await pilot.press("u", "u")  # the set-up stones stay
        assert app.game.board.stones == board.stones


async def test_a_3d_game_against_the_perfect_player(tmp_path: Path) -> None:
    from gomoku.board import Rules

    settings = GameSettings(rules="cube3", mode="human-x", level="perfect")
    analyst = Analyst.default()
    assert analyst.levels_of(Rules.preset("qubic")) == Engine.levels_for(Rules.preset("qubic"))
    app = GomokuApp(analyst=analyst, settings=settings, data_dir=tmp_path / "data", offer_resume=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await settle(app, pilot)
        hint = str(app.query_one("#hint", Static).render())
        assert "solved: X wins in 7 plies" in hint  # the first player wins the 3x3x3 cube
        await pilot.press("d")  # X plays the hint; the perfect player answers
        await settle(app, pilot)
        board = app.game.board
        assert len(board.move_stack) == 2 and board.turn is Stone.X
        await pilot.press("w")
        view = app.board_view
        expected = weight_map(board)
        assert view.weights == expected
        for point, weight in expected.items():  # every layer shows its weights
            offset = view.offset_of(point)
            assert offset is not None, point
            assert view.render_line(offset.y).text[offset.x - 1 : offset.x + 2] == format_weight(weight, 3), point
        empty = next(p for p in expected if p[2] == 2)
        view.move_cursor_to((empty[0], empty[1], 1))
        await pilot.press("t", "right_square_bracket")  # the breakdown follows the cursor to the top layer
        assert view.cursor == empty
        shown = str(app.query_one("#breakdown", Static).render())
        assert breakdown_text(explain(board, empty).to_dict()).plain.splitlines()[:2] == shown.splitlines()[:2]


async def test_connect_four_breakdown_names_the_diagonals_as_drawn(tmp_path: Path) -> None:
    settings = GameSettings(rules="size=7x6,k=4,gravity", mode="humans", level="easy")
    app = GomokuApp(analyst=Analyst.default(), settings=settings, data_dir=tmp_path / "data", offer_resume=False)
    async with app.run_test(size=SIZE) as pilot:
        for move in [(3, 0), (4, 0), (4, 1)]:
            assert app.play(move)
        app.board_view.move_cursor_to((5, 2))
        await pilot.press("t")
        shown = str(app.query_one("#breakdown", Static).render())
        assert shown == breakdown_text(explain(app.game.board, (5, 2)).to_dict(), flipped=True, k=4).plain
        assert "breakpoint: three" in shown  # one stone short of four in a row
        assert "╱ diagonal" in shown


async def test_the_live_analysis_on_the_real_engine(tmp_path: Path) -> None:
    # A node limit lets the real search end by itself; its report is the real SearchInfo's.
    app = make_real_app(tmp_path, nodes=30_000)
    async with app.run_test(size=SIZE) as pilot:
        for point in OPENING:
            app.play(point)
        await pilot.press("a")
        await wait_until_async(lambda: app.state.analysis_done, timeout=60)
        assert app.state.analysing and app.state.analysis_done and app.state.analysis is not None
        candidates = app.state.analysis.candidates
        assert 1 <= len(candidates) <= 4
        board = app.game.board
        assert all(c.move not in board.stones and c.pv[0] == c.move for c in candidates)
        assert [label for _, label in app.board_view.candidates][0] in str(app.query_one("#analysis", Static).render())
        assert app.query_one("#evalbar").display
        await pilot.press("a")
        assert not app.state.analysing


async def test_the_real_threat_comes_with_the_hint(tmp_path: Path) -> None:
    # X's open three: O to move, X threatens to win by fours.
    app = make_real_app(tmp_path, level="normal", nodes=5_000)
    async with app.run_test(size=SIZE) as pilot:
        for point in [(0, 0), (5, 5), (1, 0), (5, 7), (2, 0)]:
            app.play(point)
        await pilot.press("h")
        await settle(app, pilot)
        line = app.state.forcing
        assert line is not None and line.threat and line.attacker is Stone.X
        assert line.moves[0] in ((3, 0), (-1, 0), (4, 0), (-2, 0))
        assert "X threatens" in str(app.query_one("#hint", Static).render())
        await pilot.press("full_stop")
        assert app.board_view.preview_step == 1 and line.moves[0] not in app.game.board.stones
