"""The hint's forcing line: a proven win's whole VCF or VCT, or the opponent's threat,
stepped through on the board with , and . (Escape leaves), the game unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tui_fakes import FakeHint, cell, settle, text_of

from gomoku.board import Stone
from gomoku.search.types import WIN
from tui.app import GomokuApp

SIZE = (110, 32)
GAME = [(0, 0), (1, 1), (1, 0), (2, 0), (-1, 1), (0, 2), (2, -1)]
THREAT = ((0, 1), (-1, 2), (3, -2), (4, -3), (-1, 0))
"""X's forcing line in GAME as the fake finds it (O is to move there)."""


async def hint(app: GomokuApp, pilot: Any) -> None:
    await pilot.press("h")
    await settle(app, pilot)


async def test_the_opponents_threat_is_stepped_through_a_stone_at_a_time(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    fake_engine.threats = {"X": THREAT}
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME:
            app.play(move)
        await hint(app, pilot)
        assert app.state.forcing is not None and app.state.forcing.threat and app.state.forcing.attacker is Stone.X
        panel = text_of(app, "#hint")
        assert "X threatens a VCT in 3 moves: 0,1 -1,2 3,-2 4,-3 -1,0" in panel
        assert ", . step through it" in panel
        view = app.board_view
        stones = dict(app.game.board.stones)
        await pilot.press("full_stop")
        assert app.state.preview_step == 1 and view.cursor == THREAT[0]
        assert cell(view, THREAT[0]) == " 1 " and cell(view, THREAT[1]) == " 2 "
        await pilot.press("full_stop")  # two stones: X's, then O's reply (the cursor on it)
        x_colour = view.get_component_rich_style("board--x").color
        preview = view.get_component_rich_style("board--preview").bgcolor
        row = view.render_line(view.offset_of(THREAT[0]).y)
        assert any(
            seg.text.startswith(" 1 ") and seg.style.color == x_colour and seg.style.bgcolor == preview for seg in row
        )
        row = view.render_line(view.offset_of(THREAT[2]).y)  # a move to come: no stone's background
        assert any(seg.text.startswith(" 3 ") and seg.style.color == x_colour for seg in row)
        assert not any(seg.text.startswith(" 3 ") and seg.style.bgcolor == preview for seg in row)
        await pilot.press("full_stop")
        assert app.state.preview_step == 3
        assert "move 3 of 5: 3,-2 (X)" in text_of(app, "#hint")
        await pilot.press("comma")
        assert app.state.preview_step == 2 and view.cursor == THREAT[1]
        for _ in range(9):  # no further than the line's end
            await pilot.press("full_stop")
        assert app.state.preview_step == len(THREAT)
        assert app.game.board.stones == stones  # a preview: the game is not changed
        await pilot.press("escape")
        assert app.state.preview_step is None and view.preview == ()
        assert cell(view, THREAT[0]) == " · "
        assert view.hint_move is not None  # the hint's own marks are back


async def test_a_proven_win_keeps_its_whole_forcing_line(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    line = ((0, 1), (-1, 2), (-1, 0), (-2, -1), (3, -2))
    fake_engine.threats = {"": line}
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME[:6]:  # X to move
            app.play(move)
        fake_engine.hint = lambda board, **kwargs: FakeHint(line[0], WIN - 5, line[:3], 7, 99, 0.01, True)
        await hint(app, pilot)
        assert app.state.forcing is not None and not app.state.forcing.threat and app.state.forcing.moves == line
        assert "X wins by a VCF in 3 moves" in text_of(app, "#hint")
        await pilot.press("comma")  # , first shows the whole line at once
        assert app.state.preview_step == len(line)
        assert [cell(app.board_view, move) for move in line] == [f" {n} " for n in range(1, 6)]


async def test_a_win_the_solver_misses_falls_back_to_the_hints_line(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    pv = ((0, 1), (-1, 2), (-1, 0))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME[:6]:
            app.play(move)
        fake_engine.hint = lambda board, **kwargs: FakeHint(pv[0], WIN - 3, pv, 7, 99, 0.01, True)
        await hint(app, pilot)
        assert app.state.forcing is not None and app.state.forcing.moves == pv and app.state.forcing.kind == "line"
        assert "X wins by a forced win in 2 moves" in text_of(app, "#hint")
        # A line cut short of the five (a win in 7 plies, 3 moves known) is no line to step through.
        fake_engine.hint = lambda board, **kwargs: FakeHint(pv[0], WIN - 7, pv, 7, 99, 0.01, True)
        await hint(app, pilot)
        assert app.state.forcing is None and "win in 7" in text_of(app, "#hint")


async def test_no_line_no_preview_and_a_move_forgets_it(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME:
            app.play(move)
        await pilot.press("full_stop")
        assert app.state.preview_step is None
        assert any("No forcing line" in text for _, text in app.notices)
        await hint(app, pilot)
        assert app.state.forcing is None and "threatens" not in text_of(app, "#hint")
        fake_engine.threats = {"X": THREAT}
        await hint(app, pilot)
        await pilot.press("full_stop", "full_stop")
        app.board_view.move_cursor_to((6, 6))
        await pilot.press("enter")  # a move: the line belonged to the position before it
        assert app.state.forcing is None and app.state.preview_step is None and app.board_view.preview == ()
        assert app.game.board.last_move == (6, 6)


async def test_a_narrow_terminal_says_the_threat_and_the_step_under_the_board(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    fake_engine.threats = {"X": THREAT}
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for move in GAME:
            app.play(move)
        await hint(app, pilot)
        assert "X threatens a VCT (. steps)" in text_of(app, "#summary")
        await pilot.press("full_stop")
        assert text_of(app, "#summary").startswith("X's VCT, move 1 of 5: 0,1 (X)")
        await pilot.press("escape")
        assert text_of(app, "#summary").startswith("Hint for O: ")
