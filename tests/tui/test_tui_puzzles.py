"""The puzzle screen (tui/screens/puzzles.py, ``z``): a short VCF of the shipped set
solved move by move against the engine's defence, a wrong move refuted with the
engine's reply and counted as a miss, the hint and the solution on the board, the
next and previous puzzle, the record in a temporary data folder, Escape back to the
game unchanged.

The puzzles are two the solver proves in milliseconds (5,000 threat nodes): the
shipped set's ``lfz-black-vcf-019`` (X wins in 2: 8,7 then the five) and the sample
game's only defence (ply 9: O must block at 0,-2)."""

from __future__ import annotations

import doctest
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Static
from tui_fakes import cell
from waiting import wait_until_async

import tui.screens.puzzles as puzzles_module
from gomoku.board import Point, Stone, format_point
from gomoku.puzzles.puzzle import Puzzle, fives, from_game, from_set, prove
from gomoku.records import load_game
from tui.app import GomokuApp
from tui.screens.puzzles import PuzzleScreen, source_text

ROOT = Path(__file__).resolve().parents[2]
VCF_SAMPLE = ROOT / "data" / "puzzles" / "vcf-sample.jsonl"
SAMPLE_GAME = ROOT / "data" / "positions" / "sample-game.json"
NODES = 5_000


@pytest.fixture(scope="module")
def vcf() -> Puzzle:
    return prove(next(p for p in from_set(VCF_SAMPLE, NODES) if p.id == "lfz-black-vcf-019"))


@pytest.fixture(scope="module")
def defence() -> Puzzle:
    (puzzle,) = from_game(load_game(SAMPLE_GAME), str(SAMPLE_GAME), NODES, plies={9})
    return puzzle


class Host(App[None]):
    """An app that pushes one puzzle screen, as the game's app does."""

    def __init__(self, make: Callable[[], PuzzleScreen]) -> None:
        super().__init__()
        self.make = make
        self.closed = 0

    def on_mount(self) -> None:
        self.push_screen(self.make(), lambda _: setattr(self, "closed", self.closed + 1))


def text(screen: PuzzleScreen, name: str) -> str:
    return str(screen.query_one(f"#puzzle-{name}", Static).render())


async def opened(app: App[Any]) -> PuzzleScreen:
    """The puzzle screen, once its first puzzle is on the board and every one is found."""
    screen = app.screen
    assert isinstance(screen, PuzzleScreen)
    assert await wait_until_async(lambda: screen.attempt is not None and not screen.finding)
    return screen


async def play(pilot: Any, screen: PuzzleScreen, move: Point) -> None:
    """Put the cursor on ``move``, press Enter, wait for the solver's answer."""
    screen.board_view.move_cursor_to(move)
    await pilot.pause()  # drawn with the cursor there: the answer must draw the board again itself
    await pilot.press("enter")
    assert await wait_until_async(lambda: screen.busy is None)
    await pilot.pause()


async def test_a_short_vcf_is_solved_and_the_record_kept(vcf: Puzzle, tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    app = Host(lambda: PuzzleScreen([vcf], record_file=path))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await opened(app)
        assert text(screen, "goal") == "X to play and win in 2 (VCF)"
        assert text(screen, "title").startswith("Puzzle 1 of 1\nset vcf-sample.jsonl, line 2")
        assert text(screen, "turn") == "X to move (you)"
        await play(pilot, screen, vcf.solution)
        attempt = screen.attempt
        assert attempt is not None and attempt.played[0] == vcf.solution
        reply = attempt.played[1]
        assert text(screen, "message") == f"right: O defends at {format_point(reply)}. Your move"
        shown = screen.board_view.board
        assert shown is not attempt.board  # a copy: the worker never plays on the board drawn
        assert shown.stones[vcf.solution] is Stone.X and shown.last_move == reply and shown.turn is Stone.X
        assert cell(screen.board_view, vcf.solution) == " X " and cell(screen.board_view, reply) == "[O]"  # drawn
        (five,) = fives(shown, Stone.X)
        await play(pilot, screen, five)
        assert attempt.solved and screen.board_view.board.winner is Stone.X
        assert text(screen, "message").startswith("right: X makes five. Solved (streak 1)")
        assert "streak 1 (best 1)\nsolved 1 of 1 tried" in text(screen, "record")
        await pilot.press("escape")
        await pilot.pause()
    assert app.closed == 1
    data = json.loads(path.read_text())
    assert data["streak"] == 1 and data["puzzles"] == {vcf.id: {"solved": True, "tries": 1, "hints": 0}}


async def test_a_wrong_move_is_refuted_with_the_engines_reply_and_counted(vcf: Puzzle, tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    app = Host(lambda: PuzzleScreen([vcf], record_file=path))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await opened(app)
        stones = dict(vcf.board.stones)
        await play(pilot, screen, (0, 0))
        assert text(screen, "message") == "wrong: O blocks at 5,7 and X has no forced win left. Try again (a miss)"
        view = screen.board_view
        assert view.preview == ((0, 0), (5, 7)) and view.preview_step == 2  # the move and the refutation, numbered
        assert view.board.stones == stones and text(screen, "tally") == "misses 1  hints 0"
        assert cell(view, (0, 0)) == " 1 " and cell(view, (5, 7)) == " 2 "
        await play(pilot, screen, (0, 0))  # still wrong: a second miss
        assert text(screen, "tally") == "misses 2  hints 0"
        await play(pilot, screen, next(iter(stones)))  # a taken cell: said, no miss
        assert "already taken" in text(screen, "message") and text(screen, "tally") == "misses 2  hints 0"
        await pilot.press("escape")
        await pilot.pause()
    data = json.loads(path.read_text())
    assert data["streak"] == 0 and data["puzzles"] == {vcf.id: {"solved": False, "tries": 1, "hints": 0}}


async def test_hint_solution_and_the_next_puzzle(vcf: Puzzle, defence: Puzzle, tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    app = Host(lambda: PuzzleScreen([vcf, defence], record_file=path))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await opened(app)
        view = screen.board_view
        await pilot.press("h")
        assert await wait_until_async(lambda: screen.busy is None)
        await pilot.pause()
        assert text(screen, "message") == "hint: the move is among x 6 to 8, y 6 to 8" and view.hint_move is None
        await pilot.press("h")
        assert await wait_until_async(lambda: screen.busy is None)
        await pilot.pause()
        assert text(screen, "message") == "hint: play 8,7" and view.hint_move == (8, 7)
        await pilot.press("s")
        assert await wait_until_async(lambda: screen.busy is None)
        await pilot.pause()
        assert text(screen, "message") == "solution: 8,7 (9,7) 8,10"
        assert view.preview == ((8, 7), (9, 7), (8, 10)) and view.preview_step == 0 and view.hint_move is None
        await pilot.press("n")
        await pilot.pause()
        assert screen.index == 1 and text(screen, "title").startswith(
            "Puzzle 2 of 2\nyour game sample-game.json, move 10"
        )
        assert text(screen, "goal") == "O to find the only defence against X's win in 2 (VCF)"
        assert view.preview == () and view.board.turn is Stone.O
        # The first puzzle went into the record when it was left: its solution was shown.
        assert json.loads(path.read_text())["puzzles"] == {vcf.id: {"solved": False, "tries": 1, "hints": 2}}
        await play(pilot, screen, (-3, 1))
        assert text(screen, "message").startswith("wrong: that lets X win: X plays 0,-2 (open four): 0,-2 (0,-3)")
        await play(pilot, screen, defence.solution)
        assert text(screen, "message").startswith("right: the only defence: X has no forced win left. Solved")
        await pilot.press("n")
        await pilot.pause()
        assert text(screen, "message") == "this is the last puzzle"
        await pilot.press("p")
        await pilot.pause()
        assert screen.index == 0 and text(screen, "tally") == "misses 0  hints 0"  # from its start again
        assert "solved before" not in text(screen, "title")
    data = json.loads(path.read_text())
    assert data["puzzles"][defence.id] == {"solved": False, "tries": 1, "hints": 0}  # a miss: not clean


async def test_the_screen_opens_on_the_first_puzzle_not_solved_and_keeps_a_broken_record(
    vcf: Puzzle, defence: Puzzle, tmp_path: Path
) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text(json.dumps({"format": "gomoku-puzzles", "puzzles": {vcf.id: {"solved": True}}}))
    app = Host(lambda: PuzzleScreen([vcf, defence], record_file=path))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await opened(app)
        assert screen.index == 1
        await pilot.press("p")
        await pilot.pause()
        assert "solved before" in text(screen, "title")
    path.write_text("{broken")
    app = Host(lambda: PuzzleScreen([vcf], record_file=path))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await opened(app)
        await play(pilot, screen, (0, 0))
        assert "not saved: " in text(screen, "record") and "the puzzle record is broken" in text(screen, "record")
        await pilot.press("escape")
        await pilot.pause()
    assert path.read_text() == "{broken"  # never written over


async def test_the_screen_fits_80x24(vcf: Puzzle, tmp_path: Path) -> None:
    app = Host(lambda: PuzzleScreen([vcf], record_file=tmp_path / "p.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app)
        await pilot.pause()
        board = screen.board_view.region
        assert board.width >= 15 * 4 and board.height >= 16  # the whole 15x15 board, its ruler above
        for name in ("title", "goal", "turn", "message", "tally", "record"):
            region = screen.query_one(f"#puzzle-{name}").region
            assert region.bottom <= 23 and region.right <= 80, name
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert screen.query_one("#puzzle-side").region.x >= screen.board_view.region.right  # beside the board


async def test_z_opens_the_puzzles_and_escape_comes_back_to_the_game_unchanged(
    make_app: Callable[..., GomokuApp], vcf: Puzzle, tmp_path: Path
) -> None:
    app = make_app()
    app.puzzle_options = {"puzzles": [vcf]}
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # a move of the game
        await pilot.pause()
        board, moves = app.game.board, list(app.game.moves)
        assert moves
        await pilot.press("z")
        screen = await opened(app)
        await pilot.press("n")  # the screen's next, not the game's new game
        await play(pilot, screen, vcf.solution)
        assert text(screen, "message").startswith("right: ")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, PuzzleScreen) and len(app.screen_stack) == 1
        assert app.game.board is board and app.game.moves == moves
        assert app.board_view.has_focus
    assert (tmp_path / "data" / "puzzles.json").exists() is False  # an unfinished clean attempt is not kept


async def test_the_screen_finds_the_puzzles_of_the_game_and_the_games_folder(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "sample.json").write_bytes(SAMPLE_GAME.read_bytes())
    won = load_game(ROOT / "data" / "positions" / "won-game.json")
    app = Host(lambda: PuzzleScreen(game=won, games_dir=folder, sets=(), nodes=NODES, record_file=tmp_path / "p.json"))
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await opened(app)
        await pilot.pause()
        assert [source_text(p) for p in screen.puzzles] == [
            "this game, move 7",
            "your game sample.json, move 10",
            "your game sample.json, move 12",
            "your game sample.json, move 13",
        ]
        assert screen.index == 0 and text(screen, "title").startswith("Puzzle 1 of 4\nthis game, move 7")


async def test_no_puzzles_is_said(tmp_path: Path) -> None:
    app = Host(lambda: PuzzleScreen([], record_file=tmp_path / "p.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        assert await wait_until_async(lambda: not screen.finding)
        await pilot.pause()
        assert text(screen, "message") == "no puzzles found"
        for key in ("h", "s", "n", "r", "enter"):
            await pilot.press(key)
            await pilot.pause()
            assert text(screen, "message") == "no puzzles found", key
        await pilot.press("escape")
        await pilot.pause()
    assert app.closed == 1 and not (tmp_path / "p.json").exists()


def test_docstring_examples() -> None:
    result = doctest.testmod(puzzles_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


async def test_z_waits_while_the_engine_thinks_of_its_move(
    make_app: Callable[..., GomokuApp], fake_engine: Any, vcf: Puzzle
) -> None:
    fake_engine.gate = threading.Event()  # the engine "thinks" until the gate opens
    app = make_app(mode="human-x")
    app.puzzle_options = {"puzzles": [vcf]}
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        assert await wait_until_async(lambda: app.state.thinking == "move")
        await pilot.press("z")
        await pilot.pause()
        assert len(app.screen_stack) == 1 and app.notices[-1] == (
            "information",
            "The engine is thinking of its move: puzzles when it is yours.",
        )
        fake_engine.gate.set()
        assert await wait_until_async(lambda: app.state.thinking is None)
        await pilot.press("z")
        assert isinstance(await opened(app), PuzzleScreen)
