"""Live analysis (``A``), the evaluation bar and the hint's chance, on the fake engine:
its analysis reports three depths at once, then searches until it is stopped."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tui_fakes import FakeHint, cell, settle, text_of
from waiting import wait_until_async

from gomoku.engine.chance import describe, percent, win_chance
from gomoku.search.types import WIN
from tui.analysis import ANALYSIS_LINES
from tui.app import GomokuApp
from tui.widgets.evalbar import EvalBar

SIZE = (110, 32)
OPENING = [(0, 0), (1, 1), (1, 0), (2, 0), (-1, 1)]


async def analysing(app: GomokuApp, pilot: Any, depth: int = 3) -> None:
    """Wait for the analysis's report of ``depth``."""
    reported = await wait_until_async(lambda: app.state.analysis is not None and app.state.analysis.depth >= depth)
    assert reported, "the analysis never reported"


async def test_a_starts_the_analysis_and_a_again_stops_it(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in OPENING:
            app.play(move)
        await pilot.press("a")
        await analysing(app, pilot)
        assert app.state.analysing and fake_engine.analyses == [{"ply": 5, "multipv": ANALYSIS_LINES, "limit": None}]
        best = app.state.analysis.candidates
        assert len(best) == ANALYSIS_LINES
        # Each candidate on the board with its chance, the best picked out.
        view = app.board_view
        for candidate in best:
            assert cell(view, candidate.move).strip() == describe(candidate.score)
        best_style = view.get_component_rich_style("board--best").bgcolor
        row = view.render_line(view.offset_of(best[0].move).y)
        assert any(seg.text.startswith(describe(best[0].score)) and seg.style.bgcolor == best_style for seg in row)
        # The panel lists them: move, chance, depth, line.
        panel = text_of(app, "#analysis")
        assert panel.startswith("Analysis d3 · 300 nodes")
        first = panel.splitlines()[1]
        assert first.split()[:4] == ["1.", "-3,-1", describe(best[0].score), "d3"]
        assert "Analysing O to play… depth 3" in text_of(app, "#status")
        # The search goes on until A again.
        await pilot.pause(0.05)
        assert not fake_engine.stopped.is_set()
        await pilot.press("a")
        assert not app.state.analysing and app.board_view.candidates == ()
        await settle(app, pilot)
        assert fake_engine.stopped.wait(5)  # the analysis thread sees its stop within its next wait
        assert not app.query_one("#analysis").display
        assert cell(view, best[0].move) == " · "


async def test_a_move_stops_the_analysis(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in OPENING:
            app.play(move)
        await pilot.press("a")
        await analysing(app, pilot)
        app.board_view.move_cursor_to((-2, 2))
        await pilot.press("enter")
        assert app.game.board.ply == 6
        assert not app.state.analysing and app.state.analysis is None
        await settle(app, pilot)
        assert fake_engine.stopped.wait(5)  # the analysis thread sees its stop within its next wait
        assert len(fake_engine.analyses) == 1  # not started again on the new position
        assert "Move 7: X to play" in text_of(app, "#status")


async def test_undo_and_a_new_hint_stop_the_analysis(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in OPENING:
            app.play(move)
        await pilot.press("a")
        await analysing(app, pilot)
        await pilot.press("u")
        assert not app.state.analysing and app.game.board.ply == 4
        await pilot.press("a")
        await analysing(app, pilot)
        await pilot.press("h")  # the hint's search takes the engine
        assert not app.state.analysing
        await settle(app, pilot)
        assert app.state.hint is not None and fake_engine.calls


async def test_d_plays_the_analysis_best_move(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in OPENING:
            app.play(move)
        await pilot.press("a")
        await analysing(app, pilot)
        best = app.state.analysis.candidates[0].move
        await pilot.press("d")
        assert app.game.board.last_move == best
        assert not app.state.analysing and fake_engine.calls == []  # no search of its own


async def test_the_analysis_refuses_an_ended_game_and_the_engines_turn(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)]:
            app.play(move)
        await pilot.press("a")
        assert not app.state.analysing and any("The game is over" in text for _, text in app.notices)
        # Walking back, the earlier position can be analysed.
        await pilot.press("less_than_sign")
        await pilot.press("a")
        await analysing(app, pilot)
        assert fake_engine.analyses[-1]["ply"] == 8


async def test_the_analysis_follows_the_move_list(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in OPENING:
            app.play(move)
        await pilot.press("a")
        await analysing(app, pilot)
        await pilot.press("less_than_sign", "less_than_sign")
        await analysing(app, pilot)
        assert app.state.analysing and fake_engine.analyses[-1]["ply"] == 3
        assert app.state.analysis.candidates[0].move not in app.game.board.stones
        await pilot.press("end")
        await analysing(app, pilot)
        assert fake_engine.analyses[-1]["ply"] == 5 and not app.game.walking


async def test_the_eval_bar_shows_xs_chance_from_the_analysis_and_the_hint(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        bar = app.query_one(EvalBar)
        assert not bar.display  # nothing judged yet
        for move in OPENING:
            app.play(move)
        fake_engine.analysis_scores = (400.0, 100.0)
        await pilot.press("a")
        await analysing(app, pilot)
        await pilot.pause()
        # O is to move and likes its best move: X's chance is the rest.
        assert bar.display and bar.chance == 1 - win_chance(400.0)
        assert f"X {percent(1 - win_chance(400.0))}%" in text_of(app, "#info")
        lines = [bar.render_line(y).text for y in range(bar.size.height)]
        assert lines[0] == "O" and lines[-1] == "X"
        filled = sum(1 for line in lines[1:-1] if line == "█")
        assert abs(filled - (bar.size.height - 2) * bar.chance) <= 1
        await pilot.press("a")
        assert not bar.display
        fake_engine.hint_score = -250.0
        await pilot.press("h")
        await settle(app, pilot)
        assert bar.display and bar.chance == 1 - win_chance(-250.0) and bar.source == "hint"


async def test_the_hint_shows_its_chance_and_a_proven_win_in_plies(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in OPENING:
            app.play(move)
        fake_engine.hint_score = 515.0
        await pilot.press("h")
        await settle(app, pilot)
        hint = text_of(app, "#hint")
        assert f"score +515.0 ({describe(515.0)})" in hint
        assert "score +515.0\n" not in hint and "score +515.0 " in hint
        pv = ((-3, 2), (-4, 3), (-2, 1))
        fake_engine.hint = lambda board, **kwargs: FakeHint(pv[0], WIN - 7, pv, 5, 99, 0.01, True)
        await pilot.press("h")
        await settle(app, pilot)
        hint = text_of(app, "#hint")
        assert "win in 7" in hint and "forced win!" in hint and "PV -3,2 -4,3 -2,1" in hint
        assert "score" not in hint
        assert app.query_one(EvalBar).chance == 0.0  # O wins: X's chance is none


async def test_the_greedy_hint_gives_its_cell_weight_not_a_chance(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        fake_engine.hint = lambda board, **kwargs: FakeHint((0, 0), 2.0, ((0, 0),), 1, 1, 0.0, False, "greedy")
        await pilot.press("h")
        await settle(app, pilot)
        assert "cell weight 2" in text_of(app, "#hint")
        assert "%" not in text_of(app, "#hint") and not app.query_one(EvalBar).display


async def test_a_narrow_terminal_sums_the_analysis_up_under_the_board(
    make_app: Callable[..., GomokuApp], fake_engine: Any
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for move in OPENING:
            app.play(move)
        await pilot.press("a")
        await analysing(app, pilot)
        await pilot.pause()
        summary = text_of(app, "#summary")
        assert summary.startswith("Analysis d3: -3,-1 ")
        assert app.board_view.columns() >= 18  # the bar takes no column of the board's 19
