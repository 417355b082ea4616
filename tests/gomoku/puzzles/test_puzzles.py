"""Puzzles: every puzzle offered is proven by the solver (the shipped VCF sample, the
sample game); a wrong move is refuted by the engine's reply; the right moves reach
the five; the line-based session; the record on disk."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest

from gomoku.board import Board, Rules
from gomoku.cli import main
from gomoku.commands.puzzles import session
from gomoku.puzzles.play import Attempt
from gomoku.puzzles.puzzle import (
    Puzzle,
    PuzzleError,
    from_file,
    from_review,
    from_set,
    holding_defences,
    prove,
    review_plies,
    solve,
)
from gomoku.puzzles.sources import HERE, game_id, gather
from gomoku.puzzles.store import PuzzleRecord, PuzzleRecordError, load_record
from gomoku.records import GameRecord, load_game, save_game
from gomoku.review import review_game

ROOT = Path(__file__).resolve().parents[3]
SAMPLE_GAME = str(ROOT / "data" / "positions" / "sample-game.json")
VCF_SAMPLE = ROOT / "data" / "puzzles" / "vcf-sample.jsonl"
NODES = 5_000


pytestmark = pytest.mark.xdist_group("puzzles")
"""One worker plays this module's tests: its module-wide fixture is built once."""


@pytest.fixture(scope="module")
def game_puzzles() -> dict[int | None, Puzzle]:
    return {p.ply: p for p in from_file(SAMPLE_GAME, NODES)}


def ends_in_five(board: Board, line: tuple) -> bool:
    replay = board.copy()
    for point in line:
        replay.play(point)
    return replay.winner is board.turn


def test_the_sample_game_gives_an_only_defence_and_two_wins(game_puzzles: dict[int | None, Puzzle]) -> None:
    assert sorted(game_puzzles) == [9, 11, 12]
    assert [game_puzzles[ply].kind for ply in (9, 11, 12)] == ["defence", "win", "win"]
    defence = game_puzzles[9]
    assert defence.solution == (0, -2) and defence.board.turn.name == "O"
    holds, unknown = holding_defences(defence.board, NODES)
    assert holds == [defence.solution] and not unknown
    assert solve(defence.board, NODES, attacker=defence.side.other).found
    for ply in (11, 12):
        assert ends_in_five(game_puzzles[ply].board, game_puzzles[ply].line)


def test_every_game_puzzle_is_proven_again(game_puzzles: dict[int | None, Puzzle]) -> None:
    for puzzle in game_puzzles.values():
        again = prove(puzzle)
        assert again.solution == puzzle.solution and again.kind == puzzle.kind


def test_every_puzzle_of_the_vcf_sample_is_proven_or_left_out() -> None:
    proven, left_out = 0, []
    for puzzle in from_set(VCF_SAMPLE, NODES):
        try:
            solved = prove(puzzle)
        except PuzzleError as exc:
            left_out.append(str(exc))
            continue
        proven += 1
        assert solved.kind == "win" and solved.line[0] == solved.solution and solved.length >= 2
        assert ends_in_five(solved.board, solved.line)
    assert proven >= 35, left_out
    assert all("at once" in reason or "proves no win" in reason for reason in left_out)


def test_a_puzzle_without_a_win_is_not_offered() -> None:
    quiet = Puzzle("quiet", Board(moves=[(0, 0), (1, 1), (5, 0)]), "win", (0, 0), nodes=NODES)
    with pytest.raises(PuzzleError, match="proves no win"):
        prove(quiet)


def test_a_wrong_attacking_move_is_refuted_by_the_block_that_holds(game_puzzles: dict[int | None, Puzzle]) -> None:
    attempt = Attempt(game_puzzles[12])
    before = dict(attempt.board.stones)
    outcome = attempt.play((-3, 1))
    assert not outcome.correct and not outcome.solved
    assert outcome.text == "O blocks at -2,-2 and X has no forced win left" and outcome.reply == (-2, -2)
    assert attempt.board.stones == before and attempt.mistakes == 1


def test_a_wrong_defence_is_refuted_by_the_opponents_win(game_puzzles: dict[int | None, Puzzle]) -> None:
    outcome = Attempt(game_puzzles[9]).play((-3, 1))
    assert not outcome.correct
    assert outcome.text.startswith("that lets X win: X plays 0,-2 (open four): 0,-2 (0,-3)")


def test_ignoring_the_defenders_four_lets_it_make_five() -> None:
    # X to move has an open three on row 0; O has four on column 7: X must block it first.
    board = Board(moves=[(0, 0), (7, 0), (1, 0), (7, 1), (2, 0), (7, 2), (20, 20), (7, 3)])
    attempt = Attempt(Puzzle("p", board, "win", (0, 0), nodes=NODES))
    outcome = attempt.play((3, 0))
    assert outcome.text in ("that lets O win: O makes five at 7,-1", "that lets O win: O makes five at 7,4")


@pytest.mark.parametrize("which", [11, 12, "lfz-black-vcf-001", "lfz-black-vcf-073"])
def test_the_right_moves_reach_five(which: object, game_puzzles: dict[int | None, Puzzle]) -> None:
    if isinstance(which, int):
        puzzle = game_puzzles[which]
    else:
        puzzle = prove(next(p for p in from_set(VCF_SAMPLE, NODES) if p.id == which))
    attempt = Attempt(puzzle)
    for _ in range(40):
        move = attempt.line()[0]
        outcome = attempt.play(move)
        assert outcome.correct, outcome.text
        if outcome.solved:
            break
        assert outcome.reply is not None and attempt.board.last_move == outcome.reply
    assert attempt.solved and attempt.clean and attempt.board.winner is puzzle.side


def test_the_engines_defence_makes_the_win_longest(game_puzzles: dict[int | None, Puzzle]) -> None:
    attempt = Attempt(game_puzzles[11])
    move = attempt.line()[0]
    board = attempt.board.copy()
    outcome = attempt.play(move)
    board.play(move)
    lengths = {}
    for reply in board.candidates(2):
        board.push(reply)
        result = solve(board, NODES)
        board.pop()
        assert result.moves is not None
        lengths[reply] = len(result.moves)
    assert lengths[outcome.reply] == max(lengths.values())


def test_a_session_over_scripted_input(game_puzzles: dict[int | None, Puzzle]) -> None:
    script = "garbage\n5,5,5\n-3,1\nhint\nhint\n\nsolution\n-2,-2\n-2,-2\n2,2\n"
    record = PuzzleRecord()
    out = io.StringIO()
    session([game_puzzles[12], game_puzzles[9]], record, io.StringIO(script), out)
    text = out.getvalue()
    assert "puzzle 1 of 2: sample-game:12: X to move wins in 2 (vcf)" in text
    assert "error: move 'garbage': expected x,y with integer coordinates" in text
    assert "error: move '5,5,5': expected 2 coordinates" in text
    assert "wrong: O blocks at -2,-2 and X has no forced win left; try again" in text
    assert "hint: the move is among x -3 to -1, y -3 to -1" in text and "hint: play -2,-2" in text
    assert "solution: -2,-2 (-3,-3) 2,2" in text
    assert "right: O defends at -3,-3" in text
    assert "error: cell -2,-2 is already taken" in text
    assert "right: X makes five" in text and "finished (not counted" in text
    assert "puzzle 2 of 2: sample-game:9" in text
    assert text.endswith("> \n")  # the end of input ends the second puzzle cleanly
    assert record.puzzles == {"sample-game:12": {"solved": False, "tries": 1, "hints": 2}}
    assert record.streak == 0


def test_the_record_survives_a_restart(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys) -> None:
    monkeypatch.setenv("GOMOKU_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("0,-2\n"))
    assert main(["puzzles", "play", "1", "--from", SAMPLE_GAME, "--nodes", str(NODES)]) == 0
    assert "solved; streak 1 (best 1)" in capsys.readouterr().out
    record = load_record(tmp_path / "puzzles.json")
    assert record.streak == 1 and record.puzzles["sample-game:9"]["solved"]
    assert main(["puzzles", "stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("solved 1 of 1 tried; streak 1 (best 1)") and "sample-game:9: solved, 1 tries, 0 hints" in out


def test_a_broken_record_is_one_line_and_left_as_it_was(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys
) -> None:
    monkeypatch.setenv("GOMOKU_DATA_DIR", str(tmp_path))
    (tmp_path / "puzzles.json").write_text("{broken")
    for argv in (["puzzles", "stats"], ["puzzles", "play", "1", "--from", SAMPLE_GAME]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "the puzzle record is broken: fix or move it" in err
    assert (tmp_path / "puzzles.json").read_text() == "{broken"
    (tmp_path / "puzzles.json").write_text('{"format": "gomoku-puzzles", "streak": -1}')
    with pytest.raises(PuzzleRecordError, match="'streak' must be a whole number"):
        load_record(tmp_path / "puzzles.json")


def test_the_list_and_its_bad_input(capsys) -> None:
    assert main(["puzzles", "list", "--from", SAMPLE_GAME, "--nodes", str(NODES)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and lines[0].startswith("1. sample-game:9: O to move: the only defence")
    for argv in (["puzzles", "list", "--from", "nothere.json"], ["puzzles", "play", "7", "--from", SAMPLE_GAME]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("gomoku: error:") and err.count("\n") == 1


def test_a_reviews_marked_positions_give_the_same_wins() -> None:
    """``from_review`` puts only the positions the review marks to the solver: the
    won game's win (ply 6) is among them."""
    path = ROOT / "data" / "positions" / "won-game.json"
    record = load_game(path)
    review = review_game(record.moves, record.rules, nodes=2_000, verify=False)
    assert 6 in review_plies(review)
    found = [p.id for p in from_review(review, record, str(path), NODES)]
    assert found == [p.id for p in from_file(str(path), NODES)] == ["won-game:6"]


def test_mine_takes_the_newest_games_of_the_games_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys
) -> None:
    monkeypatch.setenv("GOMOKU_GAMES_DIR", str(tmp_path))
    (tmp_path / "won.json").write_bytes((ROOT / "data" / "positions" / "won-game.json").read_bytes())
    assert main(["puzzles", "list", "--mine", "--nodes", str(NODES)]) == 0
    assert capsys.readouterr().out.startswith("1. won:6: X to move wins in 2 (vcf);")
    monkeypatch.setenv("GOMOKU_GAMES_DIR", str(tmp_path / "none"))
    assert main(["puzzles", "list", "--mine"]) == 2
    assert "no games in" in capsys.readouterr().err


def test_a_game_of_other_rules_is_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "ttt.json"
    save_game(GameRecord(Rules.preset("tictactoe"), [(0, 0), (1, 1), (0, 1)]), path)
    assert main(["puzzles", "list", "--from", str(path)]) == 2
    assert (
        capsys.readouterr().err
        == f"gomoku: error: {path}: puzzles are five in a row on a flat board without gravity, not tictactoe\n"
    )


def test_the_hint_names_its_cell_and_the_solution_its_line(game_puzzles: dict[int | None, Puzzle]) -> None:
    attempt = Attempt(game_puzzles[12])
    assert attempt.hint().startswith("hint: the move is among") and attempt.hinted is None
    assert attempt.hint() == "hint: play -2,-2" and attempt.hinted == (-2, -2)
    assert attempt.solution() == "solution: -2,-2 (-3,-3) 2,2" and attempt.shown_line == ((-2, -2), (-3, -3), (2, 2))
    assert attempt.counts and not attempt.clean  # the solution shown: recorded, not as solved
    record = PuzzleRecord()
    assert attempt.record(record) and not attempt.record(record)  # once
    assert record.puzzles == {"sample-game:12": {"solved": False, "tries": 1, "hints": 2}}


def test_gather_takes_the_game_in_hand_then_the_files_each_position_once(tmp_path: Path) -> None:
    won = ROOT / "data" / "positions" / "won-game.json"
    copy = tmp_path / "won.json"
    copy.write_bytes(won.read_bytes())
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    notes: list[str] = []
    record = load_game(won)
    found = list(gather(record, [broken, copy, SAMPLE_GAME], sets=(), nodes=NODES, on_error=notes.append))
    # The saved copy of the game in hand gives no puzzle of its own; the broken file is said and left out.
    assert [(p.source, p.ply) for p in found] == [(HERE, 6), (SAMPLE_GAME, 9), (SAMPLE_GAME, 11), (SAMPLE_GAME, 12)]
    assert found[0].id == f"{game_id(record)}:6" and len(notes) == 1 and str(broken) in notes[0]
    stop = threading.Event()
    walk = gather(None, [SAMPLE_GAME], sets=[VCF_SAMPLE], nodes=NODES, stop=stop)
    assert next(walk).ply == 9
    stop.set()
    assert list(walk) == []  # told to stop: no more puzzles
