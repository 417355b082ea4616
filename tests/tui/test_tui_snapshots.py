"""Snapshots of the main screens (``pytest --snapshot-update`` to accept a change on purpose).

The engine, the weights and the breakdowns are the fakes of tui_fakes.py, so
that neither a clock nor a change in the engine's tables reaches the picture
(the tests in test_tui_real.py check the app against the real modules).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input
from tui_fakes import FakeHint, fake_explain, fake_weight_map
from waiting import wait_until_async

from gomoku.engine import Engine
from tui.app import GomokuApp
from tui.game import GameSettings
from tui.services import Analyst

SIZE = (110, 32)
MIDGAME = [(0, 0), (1, 1), (1, 0), (2, 0), (-1, 1), (0, 2), (2, -1), (-1, 0), (3, -2), (4, -3)]


def snapshot_app(tmp_path: Path, fake_engine: Any, **settings: Any) -> GomokuApp:
    analyst = Analyst(
        engine_factory=lambda: fake_engine,
        weight_map=fake_weight_map,
        explain=fake_explain,
        levels=("greedy", "easy", "normal", "strong"),
        levels_for=Engine.levels_for,
        forcing=fake_engine.forcing,
    )
    settings.setdefault("mode", "humans")
    return GomokuApp(
        analyst=analyst,
        settings=GameSettings(level="normal", **settings),
        data_dir=tmp_path / "data",
        offer_resume=False,
    )


def play(app: GomokuApp, moves: list[tuple[int, ...]]) -> None:
    for move in moves:
        assert app.play(move)


def test_snapshot_midgame_with_overlay_and_breakdown(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine)

    async def setup(pilot: Any) -> None:
        play(app, MIDGAME)
        app.board_view.move_cursor_to((-2, 2))
        await pilot.press("w", "t")

    assert snap_compare(app, terminal_size=SIZE, run_before=setup)


def test_snapshot_hint(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine)

    async def setup(pilot: Any) -> None:
        play(app, MIDGAME[:5])
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=setup)


def test_snapshot_five_ends_the_game(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine)

    async def setup(pilot: Any) -> None:
        play(app, [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4)])
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=setup)


def steady_cursors(app: GomokuApp) -> None:
    """The text fields' cursors stop blinking (shown steadily): on a loaded machine the
    picture is taken more than a blink after the field got the focus, at either phase."""
    for field in app.screen.query(Input):
        field.cursor_blink = False


def test_snapshot_new_game_dialog(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine)

    async def setup(pilot: Any) -> None:
        await pilot.press("n")
        steady_cursors(app)

    assert snap_compare(app, terminal_size=SIZE, run_before=setup)


def test_snapshot_help(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine)
    assert snap_compare(app, terminal_size=(110, 40), press=["question_mark"])


def test_snapshot_far_bounded_board(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine, rules="gomocup15")

    async def setup(pilot: Any) -> None:
        play(app, [(7, 7), (8, 8), (14, 14)])
        app.board_view.centre_on((14, 14))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=setup)


CUBE = [(1, 1, 1), (0, 0, 0), (2, 0, 1), (0, 2, 2), (1, 0, 0)]
QUBIC = [(1, 1, 1), (2, 2, 2), (0, 0, 0), (3, 3, 3), (1, 2, 1), (0, 3, 2)]


def test_snapshot_cube3_with_overlay_and_breakdown(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine, rules="cube3")

    async def setup(pilot: Any) -> None:
        play(app, CUBE)
        app.board_view.move_cursor_to((2, 1, 1))
        await pilot.press("right_square_bracket", "w", "t")

    assert snap_compare(app, terminal_size=SIZE, run_before=setup)


def test_snapshot_qubic_with_hint(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    # 110 columns leave the board room for two layers a row: the four make a square.
    app = snapshot_app(tmp_path, fake_engine, rules="qubic")
    fake_engine.hint = lambda board, **kwargs: FakeHint(
        (2, 1, 1), 0.5, ((2, 1, 1), (3, 0, 0), (0, 2, 1)), 3, 120, 0.01, False
    )

    async def setup(pilot: Any) -> None:
        play(app, QUBIC)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=setup)


def test_snapshot_qubic_side_by_side_won(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine, rules="qubic")

    async def setup(pilot: Any) -> None:
        play(app, [(0, 0, 0), (3, 0, 0), (1, 1, 1), (3, 1, 0), (2, 2, 2), (3, 2, 0), (3, 3, 3)])
        app.clear_notifications()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(130, 24), run_before=setup)


def test_snapshot_connect_four(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine, rules="size=7x6,k=4,gravity")

    async def setup(pilot: Any) -> None:
        play(app, [(3, 0), (3, 1), (2, 0), (4, 0), (2, 1)])
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=setup)


def test_snapshot_new_game_dialog_general_form(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine)

    async def setup(pilot: Any) -> None:
        await pilot.press("n")
        await pilot.click("#rules-text")
        await pilot.press(*"size=5x5x5,k=4")
        steady_cursors(app)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(110, 40), run_before=setup)


async def _hint_on_midgame(app: GomokuApp, pilot: Any, fake_engine: Any) -> None:
    fake_engine.hint = lambda board, **kwargs: FakeHint(
        (-2, 2), 12.5, ((-2, 2), (3, -2), (-1, 2)), 4, 1234, 0.05, False
    )
    play(app, MIDGAME[:7])
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()


def test_snapshot_hint_at_80x24(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    # The standard terminal: the board takes the width, a line under it shows the hint.
    app = snapshot_app(tmp_path, fake_engine)
    assert snap_compare(app, terminal_size=(80, 24), run_before=lambda pilot: _hint_on_midgame(app, pilot, fake_engine))


def test_snapshot_hint_at_100x30(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    # The narrowest terminal with the side panel on show.
    app = snapshot_app(tmp_path, fake_engine)
    assert snap_compare(
        app, terminal_size=(100, 30), run_before=lambda pilot: _hint_on_midgame(app, pilot, fake_engine)
    )


def test_snapshot_hint_at_160x50(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine)
    assert snap_compare(
        app, terminal_size=(160, 50), run_before=lambda pilot: _hint_on_midgame(app, pilot, fake_engine)
    )


def test_snapshot_tictactoe(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    # Centred, on a grid, its rulers next to it.
    app = snapshot_app(tmp_path, fake_engine, rules="tictactoe")

    async def setup(pilot: Any) -> None:
        play(app, [(1, 1), (0, 0), (2, 0), (0, 2)])
        app.board_view.move_cursor_to((0, 1))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=setup)


def test_snapshot_cube3_at_80x24(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    # The layers side by side, each under its label and its column ruler.
    app = snapshot_app(tmp_path, fake_engine, rules="cube3")

    async def setup(pilot: Any) -> None:
        play(app, CUBE)
        app.board_view.move_cursor_to((2, 1, 1))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=setup)


def test_snapshot_connect_four_at_80x24(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    # The preset by its name; the cursor high up a column, its stone's landing cell marked.
    app = snapshot_app(tmp_path, fake_engine, rules="connect4")

    async def setup(pilot: Any) -> None:
        play(app, [(3, 0), (3, 1), (2, 0), (4, 0), (2, 1)])
        app.board_view.move_cursor_to((1, 4))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=setup)


async def _analysing(app: GomokuApp, pilot: Any) -> None:
    play(app, MIDGAME[:7])
    await pilot.press("a")
    # The fake's three depths come at once; then it searches on, until stopped.
    await wait_until_async(lambda: app.state.analysis is not None and app.state.analysis.depth == 3)
    await pilot.pause()


def test_snapshot_live_analysis(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    # The candidates on the board with their chances, listed in the panel; the bar beside the board.
    app = snapshot_app(tmp_path, fake_engine)
    fake_engine.analysis_scores = (180.0, 90.0, -40.0, -999_991.0)
    assert snap_compare(app, terminal_size=SIZE, run_before=lambda pilot: _analysing(app, pilot))


def test_snapshot_live_analysis_at_80x24(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    app = snapshot_app(tmp_path, fake_engine)
    fake_engine.analysis_scores = (180.0, 90.0, -40.0, -999_991.0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=lambda pilot: _analysing(app, pilot))


def test_snapshot_walking_back_with_move_numbers(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    # Move 7 of 10 on show: the later moves dimmed in the list, the stones numbered.
    app = snapshot_app(tmp_path, fake_engine)

    async def setup(pilot: Any) -> None:
        play(app, MIDGAME)
        await pilot.press("m", "less_than_sign", "less_than_sign", "less_than_sign")

    assert snap_compare(app, terminal_size=SIZE, run_before=setup)


def test_snapshot_threat_stepped_through(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    # The hint, then the opponent's threat (X's, O to move), three of its moves shown as stones.
    app = snapshot_app(tmp_path, fake_engine)
    fake_engine.threats = {"X": ((0, 1), (-1, 2), (3, -2), (4, -3), (-1, 0))}

    async def setup(pilot: Any) -> None:
        play(app, MIDGAME[:7])
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("full_stop", "full_stop", "full_stop")

    assert snap_compare(app, terminal_size=SIZE, run_before=setup)


def test_snapshot_breakdown_under_the_board_at_80x24(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    """At 80 columns the panel goes under the board: the board keeps its 19 columns (issue 53)."""
    app = snapshot_app(tmp_path, fake_engine)

    async def setup(pilot: Any) -> None:
        play(app, MIDGAME)
        app.board_view.move_cursor_to((-2, 2))
        await pilot.press("t")

    assert snap_compare(app, terminal_size=(80, 24), run_before=setup)


def test_snapshot_new_game_dialog_at_80x24(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    """The fields scroll between the title and the buttons, which stay in view (issue 53)."""
    app = snapshot_app(tmp_path, fake_engine)

    async def setup(pilot: Any) -> None:
        # As the other dialog snapshots: the cursors held still, the layout settled (it
        # failed once in a full run, its Select rows drawn in another state).
        await pilot.press("n")
        steady_cursors(app)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=setup)


def test_snapshot_opening_question_at_80x24(snap_compare: Any, tmp_path: Path, fake_engine: Any) -> None:
    """Opening a puzzle from 3x3x3 at level perfect with a clock asks first (issue 53)."""
    app = snapshot_app(tmp_path, fake_engine, rules="cube3", clock=60)
    app.state.game.settings = GameSettings(rules="cube3", mode="humans", level="perfect", clock=60)
    puzzle = Path(__file__).resolve().parents[2] / "data" / "positions" / "vcf-puzzle.json"

    async def setup(pilot: Any) -> None:
        assert app.files.open_file(puzzle)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=setup)
