"""The app's plain parts: the game model, settings, storage, the panels' texts."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.attacks.words import format_weight
from gomoku.board import Board, OccupiedError, Rules, Stone
from tui import storage
from tui.game import Game, GameSettings, SettingsError, format_moves
from tui.view.panels import breakdown_text, legend_text, pv_text
from tui.widgets.board_view import HEAT_COLOURS, heat_index


def test_settings_take_the_rules_the_app_can_draw() -> None:
    for text in (*Rules.PRESETS, "size=7x6,k=4,gravity", "size=5x5x5,k=4", "size=9,k=4"):
        assert Game(GameSettings(rules=text)).rules == Rules.parse(text)
    for text, reason in (
        ("size=3x3,k=4", "no line of 4 fits"),
        ("size=2x2x2x2", "a board of 4 axes"),
        ("hexagonal", "unknown rules"),
        ("size=7x6,k=4,gravity,gravity", "given twice"),
    ):
        with pytest.raises(SettingsError, match=reason) as caught:
            GameSettings(rules=text)
        assert "\n" not in str(caught.value)


def test_settings_reject_bad_values() -> None:
    with pytest.raises(SettingsError, match="positive number"):
        GameSettings(time=0)
    with pytest.raises(SettingsError, match="unknown mode"):
        GameSettings(mode="robots")
    for endless in (float("inf"), float("nan")):  # the dialog took "inf": an engine that never moved
        with pytest.raises(SettingsError, match="positive number"):
            GameSettings(time=endless)


def test_damaged_settings_file_gives_the_defaults(tmp_path: Path) -> None:
    fallback = GameSettings(mode="humans")
    for text in ("[" * 100_000, '{"rules": "nowhere"}', "{", '{"rules": "gomocup15", "time": "inf"}'):
        (tmp_path / storage.SETTINGS_NAME).write_text(text)
        settings = storage.read_settings(tmp_path, fallback)
        assert settings.mode == "humans" and math.isfinite(settings.time)


@pytest.mark.parametrize(
    ("mode", "x_engine", "o_engine"),
    [("human-x", False, True), ("human-o", True, False), ("humans", False, False), ("engines", True, True)],
)
def test_who_plays_in_each_mode(mode: str, x_engine: bool, o_engine: bool) -> None:
    settings = GameSettings(mode=mode)
    assert settings.engine_plays(Stone.X) is x_engine
    assert settings.engine_plays(Stone.O) is o_engine


def test_settings_round_trip_through_metadata() -> None:
    original = GameSettings(rules="gomocup15", mode="human-o", level="easy", time=2.5)
    back = GameSettings.from_metadata(original.to_metadata(), Rules.preset("gomocup15"), GameSettings())
    assert back == original


def test_odd_metadata_keeps_the_fallback() -> None:
    fallback = GameSettings(mode="humans", level="strong", time=3)
    back = GameSettings.from_metadata({"mode": "nobody", "time": "soon"}, Rules(), fallback)
    assert back == fallback


def test_undo_redo_and_a_new_move_keeps_the_redo_line_as_a_variation() -> None:
    game = Game(GameSettings(mode="humans"))
    for point in [(0, 0), (1, 0), (2, 0)]:
        game.play(point)
    assert game.undo() == (2, 0)
    assert game.undo() == (1, 0)
    game.play((1, 0))  # the same move again keeps what follows it
    assert game.redo_stack == [(2, 0)]
    game.play((5, 5))
    assert game.redo_stack == []
    assert game.redo() is None
    assert game.board.move_stack == [(0, 0), (1, 0), (5, 5)]
    assert [n.move for n in game.node.siblings] == [(5, 5), (2, 0)]  # the new move first


def test_illegal_move_leaves_game_unchanged() -> None:
    game = Game(GameSettings(mode="humans"))
    game.play((0, 0))
    game.undo()
    game.play((3, 3))
    with pytest.raises(OccupiedError):
        game.play((3, 3))
    assert game.board.move_stack == [(3, 3)]


def test_undo_against_the_engine_returns_to_the_human() -> None:
    game = Game(GameSettings(mode="human-x"))
    for point in [(0, 0), (1, 1), (2, 2), (3, 3)]:
        game.play(point)
    assert game.undo_to_human() == 2
    assert game.board.move_stack == [(0, 0), (1, 1)]
    assert game.board.turn is Stone.X
    assert game.redo_to_human() == 2
    assert game.board.move_stack == [(0, 0), (1, 1), (2, 2), (3, 3)]


@given(st.lists(st.tuples(st.integers(-50, 50), st.integers(-50, 50)), unique=True, max_size=30), st.integers(0, 30))
@settings(max_examples=40, deadline=None)
def test_undo_then_redo_restores_the_board(moves: list[tuple[int, int]], back: int) -> None:
    game = Game(GameSettings(mode="humans"))
    for point in moves:
        if game.board.is_over:
            break
        game.play(point)
    before = (list(game.board.move_stack), game.board.hash, game.board.winner)
    undone = sum(1 for _ in range(back) if game.undo() is not None)
    assert len(game.board.move_stack) == len(before[0]) - undone
    while game.redo() is not None:
        pass
    assert (list(game.board.move_stack), game.board.hash, game.board.winner) == before


def test_move_list_is_numbered_by_pairs() -> None:
    assert format_moves([]) == []
    lines = format_moves([(0, 0), (1, 0), (-1000, 7)])
    assert lines[0].startswith("  1. 0,0") and lines[0].endswith("1,0")
    assert lines[1] == "  2. -1000,7"


def test_data_dir_prefers_the_env_var(tmp_path: Path) -> None:
    assert storage.data_dir({"GOMOKU_DATA_DIR": str(tmp_path), "XDG_DATA_HOME": "/x"}) == tmp_path
    assert storage.data_dir({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path / "gomoku"
    assert storage.data_dir({}) == Path.home() / ".local" / "share" / "gomoku"


@pytest.mark.parametrize("suffix", [".json", ".sgf", ".psq"])
def test_save_then_load_gives_the_same_game(tmp_path: Path, suffix: str) -> None:
    game = Game(GameSettings(mode="human-o", level="easy", time=0.5))
    for point in [(0, 0), (-3, 7), (30, -12), (2, 2)]:
        game.play(point)
    path = storage.save(game, tmp_path / f"game{suffix}")
    back = storage.load(path, GameSettings())
    assert back.board.move_stack == game.board.move_stack
    assert back.board.rules == game.board.rules
    if suffix == ".json":  # the native format keeps who played
        assert back.settings == game.settings


def test_load_errors_are_value_or_os_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ValueError, match="bad.json"):
        storage.load(bad, GameSettings())
    with pytest.raises(OSError):
        storage.load(tmp_path / "missing.json", GameSettings())
    with pytest.raises(ValueError, match="extension|format"):
        (tmp_path / "game.txt").write_text("0,0")
        storage.load(tmp_path / "game.txt", GameSettings())


def test_autosave_offers_only_unfinished_games(tmp_path: Path) -> None:
    autosave = storage.Autosave(tmp_path / "data")
    game = Game(GameSettings(mode="humans"))
    assert autosave.read(GameSettings()) is None
    game.play((0, 0))
    assert autosave.write(game)
    resumed = autosave.read(GameSettings())
    assert resumed is not None and resumed.board.move_stack == [(0, 0)]
    for point in [(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)]:
        game.play(point)
    assert game.board.winner is Stone.X
    autosave.write(game)
    assert autosave.read(GameSettings()) is None


def test_autosave_failure_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    errors: list[Exception] = []
    autosave = storage.Autosave(blocker / "data", on_error=errors.append)
    game = Game(GameSettings(mode="humans"))
    game.play((0, 0))
    assert autosave.write(game) is False
    assert autosave.write(game) is False
    assert len(errors) == 1  # reported once, not at every move


@given(st.floats(0, 5e6, allow_nan=False))
@settings(max_examples=60, deadline=None)
def test_weights_fit_in_a_cell(weight: float) -> None:
    assert len(format_weight(weight, 3)) == 3


def test_heat_is_monotone_and_spans_the_scale() -> None:
    levels = [heat_index(w, 300.0) for w in (0, 0.25, 2, 8, 50, 120, 300)]
    assert levels == sorted(levels)
    assert levels[0] == 0 and levels[-1] == len(HEAT_COLOURS) - 1


def test_legend_names_the_range_and_the_best_cells() -> None:
    text = legend_text({(0, 0): 0.25, (1, 1): 101.5, (2, 2): 8.625}).plain
    assert "0.2" in text and "102" in text
    assert "best 1,1=101.5  2,2=8.625  0,0=0.25" in text


def test_pv_is_cut() -> None:
    assert pv_text([(i, -i) for i in range(3)], limit=2) == "0,0 1,-1 …"


def test_breakdown_shows_the_real_explanation() -> None:
    from gomoku.attacks import explain

    # The spec's first worked example: ..XXc.X.. with X to move.
    board = Board()
    board.set_up({(-2, 0): Stone.X, (-1, 0): Stone.X, (2, 0): Stone.X, (9, 9): Stone.O, (-9, 9): Stone.O}, Stone.X)
    data = explain(board, (0, 0)).to_dict()
    text = breakdown_text(data).plain
    assert text.startswith("Cell 0,0 · X to move · weight 8.6")  # 8.625, rounded
    assert "─ row: room 11\n  breakpoint: open three\n" in text
    assert "\n  open three [3:2], 7\n" in text
    assert "\n  open one past 1 gap [1:2/2], 0.12\n" in text
    assert "X (to move) 7.9" in text and "\nO 0.75" in text


def test_new_game_choices_are_kept(tmp_path: Path) -> None:
    fallback = GameSettings()
    assert storage.read_settings(tmp_path, fallback) == fallback
    chosen = GameSettings(rules="gomocup20", mode="engines", level="easy", time=0.25)
    assert storage.write_settings(tmp_path / "data", chosen)
    assert storage.read_settings(tmp_path / "data", fallback) == chosen
    (tmp_path / "data" / storage.SETTINGS_NAME).write_text('{"rules": "chess", "mode": "engines"}')
    assert storage.read_settings(tmp_path / "data", fallback) == fallback


def test_gomoku_with_no_command_runs_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gomoku import cli
    from tui import app as app_module

    monkeypatch.setenv("GOMOKU_DATA_DIR", str(tmp_path))
    started: list[app_module.GomokuApp] = []

    def fake_run(self: app_module.GomokuApp) -> None:  # no terminal in a test
        started.append(self)

    monkeypatch.setattr(app_module.GomokuApp, "run", fake_run)
    assert cli.main([]) == 0
    assert len(started) == 1
    assert started[0].data_dir == tmp_path  # the env var chooses where games are kept
    assert started[0].game.settings == GameSettings()


def test_load_refuses_a_game_the_board_view_cannot_show(tmp_path: Path) -> None:
    # A game of four axes, or an endless 3-D one, reads as a record, but the
    # board view cannot draw it: a one-line error, not a crash.
    for name, rules, moves, reason in (
        ("endless3d", {"dims": 3, "k": 3}, [[0, 0, 0], [1, 1, 1]], "an endless 3-D board"),
        ("tesseract", {"dims": 4, "k": 3, "bounds": [[0] * 4, [2] * 4]}, [[0, 0, 0, 0]], "a board of 4 axes"),
    ):
        path = tmp_path / f"{name}.json"
        path.write_text(
            json.dumps(
                {"format": "gomoku", "version": 1, "rules": rules, "moves": moves, "result": None, "metadata": {}}
            )
        )
        with pytest.raises(ValueError, match=reason):
            storage.load(path, GameSettings())


def test_load_and_save_a_3d_game_and_a_1d_game(tmp_path: Path) -> None:
    for text, moves in (
        ("qubic", [(1, 2, 3), (0, 0, 0), (3, 3, 3)]),
        ("size=7,k=4", [(3,), (4,)]),
        ("size=7x6,k=4,gravity", [(3, 0), (3, 1), (2, 0)]),
    ):
        game = Game(GameSettings(rules=text, mode="humans", level="easy"))
        for move in moves:
            game.play(move)
        path = storage.save(game, tmp_path / "game.json")
        again = storage.load(path, GameSettings())
        assert again.board.move_stack == moves
        assert again.rules == Rules.parse(text)
        assert again.settings == GameSettings(rules=Rules.parse(text).describe(), mode="humans", level="easy")


def test_load_names_a_directory(tmp_path: Path) -> None:
    folder = tmp_path / "games.json"
    folder.mkdir()
    with pytest.raises(OSError, match="a directory"):
        storage.load(folder, GameSettings())


def test_a_3d_breakdown_names_its_lines_by_their_axes() -> None:
    from gomoku.attacks import explain

    board = Board(Rules.preset("cube3"), moves=[(1, 1, 1), (0, 0, 0)])
    text = breakdown_text(explain(board, (1, 1, 0)).to_dict(), k=3).plain
    for name in ("x axis", "y axis", "z axis", "diagonal x y", "diagonal x -z", "diagonal x y z"):
        assert f"\n{name}: room" in text, name
    assert "line (" not in text  # no raw vectors
    assert "x axis: room 3\n  breakpoint" in text and "room 2: no three in a row fits" in text


def test_a_gravity_boards_breakdown_names_its_diagonals_as_drawn() -> None:
    from gomoku.attacks import explain

    board = Board(Rules.parse("size=7x6,k=4,gravity"), moves=[(3, 0), (4, 0), (4, 1)])
    data = explain(board, (5, 2)).to_dict()  # on the diagonal up and to the right of 3,0 and 4,1
    assert data["stones"]["X"]["lines"][2]["direction"] == [1, 1]

    def labels(flipped: bool) -> list[str]:
        x_part = breakdown_text(data, flipped, k=4).plain.split("\nO ")[0]
        return [line.split(": room")[0].strip() for line in x_part.splitlines() if ": room" in line]

    # y runs up the screen of a gravity board: the diagonal (1, 1) looks like ╱ there.
    assert labels(flipped=True) == ["─ row", "│ column", "╱ diagonal", "╲ diagonal"]
    assert labels(flipped=False) == ["─ row", "│ column", "╲ diagonal", "╱ diagonal"]
