"""Variations in the app: a move on an earlier position makes a branch, the move list
shows and walks the branches (v, V, a click), P promotes the line on show, Delete
deletes a variation (after a question), save and open keep the tree (JSON and SGF,
the autosave too), and R reviews the main line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Static
from tui_fakes import choose_file, text_of
from waiting import wait_until_async

from gomoku.board import Board, OccupiedError, Stone
from gomoku.records import load_game
from gomoku.records.tree import GameTree
from tui import storage, variations
from tui.app import GomokuApp
from tui.game import Game, GameSettings
from tui.screens.dialogs import ConfirmScreen
from tui.screens.review import ReviewScreen
from tui.widgets.movelist import MoveList, move_rows

SIZE = (110, 32)
GAME = [(0, 0), (1, 1), (1, 0), (2, 0), (-1, 1), (0, 2), (2, -1)]
BRANCH = GAME[:4] + [(5, 5), (6, 6)]
"""The game after 3 moves taken back and two others played: the main line now."""


async def branched(app: GomokuApp, pilot: Any) -> None:
    """Play GAME, take back its last three moves and play 5,5 and 6,6 instead."""
    for move in GAME:
        app.play(move)
    await pilot.press("u", "u", "u")
    for move in BRANCH[4:]:
        assert app.play(move)
    await pilot.pause()


def notices(app: GomokuApp) -> str:
    return "\n".join(message for _, message in app.notices)


# -- in the app ------------------------------------------------------------------------


async def test_a_move_after_undo_makes_a_branch_the_move_list_shows(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await branched(app, pilot)
        game = app.game
        assert game.tree.main_line() == BRANCH and game.moves == BRANCH and not game.walking
        fifth = game.tree.root.end().parent
        assert fifth is not None and [n.move for n in fifth.siblings] == [(5, 5), (-1, 1)]
        assert fifth.siblings[1].end().moves() == GAME  # the old continuation, whole
        listing = text_of(app, "#moves")
        assert listing.startswith("Moves, main line")
        assert "3. 5,5*" in listing and "or -1,1 +2" in listing  # the branch marked, the variation under it
        # Walking back and playing the game's own move again is a step, not another branch.
        await pilot.press("home")
        app.board_view.move_cursor_to(BRANCH[0])
        await pilot.press("enter")
        assert game.board.ply == 1 and game.walking and len(game.tree.root.children) == 1


async def test_v_and_V_walk_the_variations_and_redo_follows_the_line(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await branched(app, pilot)
        game = app.game
        await pilot.press("v")  # the branch point: move 5, the only one with variations
        assert game.board.move_stack == GAME[:5] and game.moves == GAME and game.walking
        assert "Move 5: variation 1 (2 of 2 there)." in notices(app)
        assert text_of(app, "#moves").startswith("Moves 5 of 7, a variation")
        assert "or 5,5 +1 main" in text_of(app, "#moves")
        await pilot.press("greater_than_sign", "greater_than_sign")  # along the variation
        assert game.board.move_stack == GAME and not game.walking
        await pilot.press("u", "u", "r")  # redo follows the line on show, not the main line
        assert game.board.move_stack == GAME[:6] and game.redo_stack == [GAME[6]]
        await pilot.press("V")  # back to the main line's move there
        assert game.board.move_stack == BRANCH[:5] and game.moves == BRANCH
        await pilot.press("v", "v")  # round: the variation, then the main line again
        assert game.board.move_stack == BRANCH[:5]
        # A click on a variation in the move list shows it.
        listing = app.query_one(MoveList)
        row = next(i for i, row in enumerate(listing.rows) if any(s.text.startswith("or") for s in row))
        column = listing.rows[row][0].text.__len__() + len("or ") + 1
        await pilot.click(MoveList, offset=(column, row))
        assert game.board.move_stack == GAME[:5] and game.moves == GAME


async def test_v_on_a_line_without_variations_says_so(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for move in GAME:
            app.play(move)
        await pilot.press("v", "P", "delete")
        assert app.game.board.move_stack == GAME and not app.game.walking
        assert "No variations on this line." in notices(app)
        assert "This line is the main line already." in notices(app)
        assert "This is the main line: v shows a variation to delete." in notices(app)
        assert not isinstance(app.screen, ConfirmScreen)


async def test_P_promotes_the_line_on_show_and_the_autosave_keeps_the_tree(
    make_app: Callable[..., GomokuApp], tmp_path: Path
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await branched(app, pilot)
        saved = load_game(tmp_path / "data" / "autosave.json")
        assert saved.moves == BRANCH and saved.tree is not None and saved.tree == app.game.tree
        await pilot.press("v", "end", "P")
        game = app.game
        assert game.tree.main_line() == GAME and game.board.move_stack == GAME
        assert text_of(app, "#moves").startswith("Moves, main line") and "or 5,5 +1" in text_of(app, "#moves")
        saved = load_game(tmp_path / "data" / "autosave.json")
        assert saved.moves == GAME and saved.tree is not None
        assert [n.move for n in saved.tree.root.end().parent.parent.siblings] == [(-1, 1), (5, 5)]  # type: ignore[union-attr]


async def test_delete_asks_then_deletes_the_variation_on_show(make_app: Callable[..., GomokuApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await branched(app, pilot)
        game = app.game
        await pilot.press("v", "greater_than_sign")  # inside the variation, a move after its first
        await pilot.press("delete")
        assert isinstance(app.screen, ConfirmScreen)
        question = str(app.screen.query_one(Static).render())
        assert "Delete the variation -1,1 at move 5 (3 moves)?" in question
        await pilot.press("escape")  # no: nothing changes
        assert game.tree.has_variations() and game.board.move_stack == GAME[:6]
        await pilot.press("D", "y")
        assert not game.tree.has_variations() and game.tree.main_line() == BRANCH
        # The position before the variation, on the line left there.
        assert game.board.move_stack == GAME[:4] and game.moves == BRANCH and game.walking
        assert "*" not in text_of(app, "#moves")
        assert "Deleted the variation -1,1 at move 5 (3 moves)." in notices(app)


@pytest.mark.parametrize("suffix", [".json", ".sgf"])
async def test_save_and_open_keep_the_variations(
    make_app: Callable[..., GomokuApp], tmp_path: Path, suffix: str
) -> None:
    app = make_app()
    target = tmp_path / f"variations{suffix}"
    async with app.run_test(size=SIZE) as pilot:
        await branched(app, pilot)
        # A variation inside the variation: its move 6 played otherwise.
        await pilot.press("v")
        app.board_view.move_cursor_to((-3, -3))
        await pilot.press("enter")
        tree = app.game.tree.copy()
        assert sum(len(n.children) > 1 for n in tree.nodes()) == 2
        await pilot.press("s")
        await choose_file(app, pilot, target)
        assert load_game(target).game_tree() == tree
        app.start_game(Game(app.game.settings))
        assert not app.game.tree.has_variations()
        await pilot.press("o")
        await choose_file(app, pilot, target)
        game = app.game
        assert game.tree == tree and game.board.move_stack == BRANCH and game.moves == BRANCH
        assert "or -1,1 +1" in text_of(app, "#moves")  # -1,1 then -3,-3, its main line now
        await pilot.press("v", "greater_than_sign")  # down the variation
        assert game.board.move_stack == GAME[:5] + [(-3, -3)]
        await pilot.press("v")  # then its own branch
        assert game.board.move_stack == GAME[:6] and game.moves == GAME


async def test_R_reviews_the_main_line_and_enter_shows_it(make_app: Callable[..., GomokuApp], fake_engine: Any) -> None:
    app = make_app()
    app.move_walk.review_options = {"engine": fake_engine, "threats": False, "nodes": 100}
    async with app.run_test(size=SIZE) as pilot:
        await branched(app, pilot)
        await pilot.press("v", "end")  # the variation on show
        assert app.game.moves == GAME
        await pilot.press("R")
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.moves == BRANCH
        assert await wait_until_async(lambda: screen.review is not None)
        table = screen.query_one("#review-moves", DataTable)
        table.focus()
        table.move_cursor(row=4)
        await pilot.press("enter")
        game = app.game
        # The position where the main line's move 5 was played, on the main line.
        assert game.board.move_stack == BRANCH[:4] and game.moves == BRANCH and game.walking
        assert app.board_view.cursor == BRANCH[4]


# -- the game and its variations, without the app ------------------------------------------


def game_of(moves: list[tuple[int, int]]) -> Game:
    game = Game(GameSettings(mode="humans"))
    for move in moves:
        game.play(move)
    return game


def test_a_walk_into_another_variation_and_a_bad_move_while_walking() -> None:
    game = game_of(GAME)
    game.go_to(4)
    game.play((5, 5))  # a branch: the game goes on from it
    assert not game.walking and game.tree.main_line() == GAME[:4] + [(5, 5)]
    game.go_to(2)
    with pytest.raises(OccupiedError):
        game.play((0, 0))
    assert game.walking and game.board.move_stack == GAME[:2]  # nothing changed
    game.go_to(4)
    game.play(GAME[4])  # the old line's move there: a step into that variation, still walking
    assert game.walking and game.moves == GAME and game.board.move_stack == GAME[:5]


def test_branching_while_walking_runs_the_clock_for_the_mover() -> None:
    now = [0.0]
    game = Game(GameSettings(mode="humans", clock=60, increment=2))
    assert game.clock is not None
    game.clock.now = lambda: now[0]
    for move in GAME[:4]:
        game.play(move)
    game.go_to(1)  # O to move there; X's time runs on, as at the end
    before = {stone: game.clock.left(stone) for stone in Stone}
    now[0] = 5.0
    game.play((7, 7))  # O's move: the game goes on from it
    assert game.clock.running is Stone.X  # after O's move
    assert game.clock.left(Stone.O) == before[Stone.O] + 2  # no time spent, the increment added
    assert game.clock.left(Stone.X) == before[Stone.X] - 5  # X's time ran while O's was looked at


def test_the_branch_point_is_behind_or_at_the_next_move_else_ahead() -> None:
    tree = GameTree.from_moves(GAME)
    second, fifth = tree.root.children[0].children[0], tree.root.end().parent.parent  # type: ignore[union-attr]
    tree.add(second.parent, (9, 9))  # type: ignore[arg-type]
    tree.add(fifth.parent, (8, 8))  # type: ignore[union-attr, arg-type]
    game = Game(GameSettings(mode="humans"), Board(moves=GAME), tree=tree)
    game.go_to(0)
    assert variations.branch_point(game) is second  # ahead: the first branch of the line
    game.go_to(1)
    assert variations.branch_point(game) is second  # the next move
    game.go_to(4)
    assert variations.branch_point(game) is fifth  # the next move again
    game.go_to(3)
    assert variations.branch_point(game) is second  # behind
    assert variations.current_variation(game) is None


def test_deleting_a_variation_ahead_keeps_the_position() -> None:
    game = game_of(GAME)
    game.go_to(4)
    game.play((5, 5))
    game.show(game.node.siblings[1].end())  # the old line's end
    game.go_to(2)  # before the branch
    variation = variations.current_variation(game)
    assert variation is not None and variation.move == GAME[4]
    assert variations.delete_variation(game) is variation
    assert game.board.move_stack == GAME[:2] and game.moves == GAME[:4] + [(5, 5)]
    assert not game.tree.has_variations()


def test_storage_saves_the_main_lines_result_whatever_is_on_show(tmp_path: Path) -> None:
    won = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)]
    game = game_of(won)
    game.go_to(8)
    game.play((9, 9))  # a branch after which nobody has won yet: the main line now
    assert game.result is None
    game.show(game.node.siblings[1])  # the won line on show
    assert game.result == "X"
    path = storage.save(game, tmp_path / "g.json")
    record = load_game(path)
    assert record.result is None and record.moves == won[:8] + [(9, 9)]
    back = storage.load(path, GameSettings())
    assert back.tree == game.tree and back.board.move_stack == record.moves


def test_move_rows_mark_each_branch_under_its_move() -> None:
    tree = GameTree.from_moves(GAME)
    second = tree.root.children[0].children[0]
    tree.add(second.parent, (9, 9))  # type: ignore[arg-type]
    rows = move_rows(GAME, 7, tip=tree.root.end())
    texts = ["".join(s.text for s in row) for row in rows]
    assert texts[1] == "  1. 0,0      1,1*" and texts[2] == "              or 9,9"
    variation = next(s.target for s in rows[2] if s.target is not None)
    assert variation is tree.root.children[0].children[1]


SPEC_SGF = (
    "(;GM[4]FF[4]SZ[15]C[Variations as the SGF spec writes them](;B[hh]C[the centre];W[hi]"
    "(;B[ii];W[jj])(;B[gg]C[another try]))(;B[aa]))"
)
"""An SGF written by hand in the spec's syntax: two variations, one nested, and comments."""


async def test_an_sgf_written_elsewhere_shows_its_branches_and_saves_back_equal(
    make_app: Callable[..., GomokuApp], tmp_path: Path
) -> None:
    source, copy = tmp_path / "spec.sgf", tmp_path / "copy.sgf"
    source.write_text(SPEC_SGF)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        await choose_file(app, pilot, source)
        game = app.game
        assert game.board.move_stack == [(7, 7), (7, 8), (8, 8), (9, 9)]
        listing = text_of(app, "#moves")
        assert "1. 7,7*" in listing and "or 0,0" in listing and "2. 8,8*" in listing and "or 6,6" in listing
        await pilot.press("v")  # the nearest branch: move 3
        assert game.board.move_stack == [(7, 7), (7, 8), (6, 6)] and game.node.comment == "another try"
        assert '"another try"' in text_of(app, "#moves")  # the comment of the move on show, under it
        await pilot.press("home")
        assert "another try" not in text_of(app, "#moves")
        await pilot.press("s")
        await choose_file(app, pilot, copy)
        assert load_game(copy).game_tree() == load_game(source).game_tree()  # the comments too
