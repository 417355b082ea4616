"""The match runner: games, forfeits, Elo, openings, saved files, external pbrain programs."""

from __future__ import annotations

import io
import json
import math
import os
import sys
import time
from pathlib import Path

import pytest

from gomoku.board import Board, Rules, Stone
from gomoku.match import (
    BrainPlayer,
    EnginePlayer,
    GameResult,
    MatchConfig,
    MatchError,
    MatchResult,
    PlayerFailure,
    default_openings_path,
    elo_from_score,
    format_table,
    load_openings,
    make_player,
    play_game,
    run_match,
    schedule,
    score_interval,
)
from gomoku.records import load_game

BRAINS = Path(__file__).parents[1] / "fake_brains"


def brain(name: str, *args: str) -> str:
    """The command line of a fake brain."""
    return " ".join([sys.executable, str(BRAINS / f"{name}.py"), *args])


# -- in-process fake players ----------------------------------------------------------
class LinePlayer:
    """Plays the first free cell of its row (row 0), then anything: wins against a player that never blocks."""

    def __init__(self, name="line", row=0):
        self.name = name
        self.row = row
        self.started = 0
        self.closed = 0

    def new_game(self, rules, time_per_move_ms):
        self.started += 1

    def move(self, board):
        for x in range(100):
            if (x, self.row) not in board.stones and board.rules.contains((x, self.row)):
                return (x, self.row)
        return board.candidates(1)[0]

    def close(self):
        self.closed += 1


class ScatterPlayer(LinePlayer):
    """Plays every other cell of the rows far below: never makes five, never blocks row 0."""

    def move(self, board):
        width = board.rules.bounds[1][0] + 1 if board.rules.bounds else 20
        for i in range(1000):
            cell = ((2 * i) % width, 15 + 2 * ((2 * i) // width))
            if cell not in board.stones:
                return cell
        raise AssertionError("no cell left")


class BadPlayer(LinePlayer):
    def __init__(self, mode):
        super().__init__(name=f"bad-{mode}")
        self.mode = mode

    def move(self, board):
        if self.mode == "occupied":
            return board.move_stack[-1] if board.move_stack else board.rules.centre()
        if self.mode == "outside":
            return (-1, 0)
        if self.mode == "slow":
            time.sleep(0.05)
            return super().move(board)
        raise PlayerFailure("crash: exit code 1")


def factory(spec, seed=None, grace_ms=1000):
    return {"line": LinePlayer, "scatter": ScatterPlayer}[spec](spec)


# -- Elo -----------------------------------------------------------------------------------------------
def test_elo_of_an_even_score_is_zero_and_it_is_antisymmetric():
    assert elo_from_score(0.5) == 0
    for p in (0.1, 0.3, 0.64, 0.9):
        assert elo_from_score(p) == pytest.approx(-elo_from_score(1 - p))
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf
    assert elo_from_score(10 / 11) == pytest.approx(400)  # 10:1 odds are 400 points


def test_the_score_interval_holds_the_score_and_narrows_with_more_games():
    low, high = score_interval(6, 3, 1)
    assert low < 0.65 < high
    low2, high2 = score_interval(60, 30, 10)
    assert low < low2 < 0.65 < high2 < high
    sweep = score_interval(20, 0, 0)
    assert 0.5 < sweep[0] < 1.0 and sweep[1] == 1.0
    assert score_interval(0, 0, 0) == (0.0, 1.0)


def test_schedule_plays_each_opening_with_both_colours():
    plan = schedule(6, 3)
    assert plan == [(0, "X"), (0, "O"), (1, "X"), (1, "O"), (2, "X"), (2, "O")]
    assert schedule(8, 3)[6:] == [(0, "X"), (0, "O")]


# -- openings --------------------------------------------------------------------------------------------
def test_the_default_openings_are_the_balanced_set_on_20x20():
    rules = Rules.preset("gomocup20")
    path = default_openings_path(rules)
    assert path.name == "balanced20.json"
    openings = load_openings(path, rules)
    assert len(openings) == 100
    assert all(Board(rules, opening).turn in (Stone.X, Stone.O) for opening in openings[:10])
    assert default_openings_path(Rules.preset("freestyle")).name == "balanced20.json"


def test_smaller_boards_take_the_tournament_openings_that_fit():
    rules = Rules.preset("gomocup15")
    path = default_openings_path(rules)
    assert path.name == "openings.jsonl"
    openings = load_openings(path, rules)
    assert 10 < len(openings) < 103
    assert all(rules.contains(p) for opening in openings for p in opening)
    assert len(set(map(tuple, openings))) == len(openings)


def test_renju_on_15x15_takes_the_balanced_renju_openings():
    rules = Rules.preset("renju")
    path = default_openings_path(rules)
    assert path.name == "renju-balanced.json"
    openings = load_openings(path, rules)
    assert len(openings) >= 10 and all(len(opening) == 4 for opening in openings)
    assert all(Board(rules, opening).turn is Stone.X for opening in openings)  # black plays the fifth stone
    assert default_openings_path(Rules.parse("size=19x19,renju")).name == "openings.jsonl"


def test_openings_files_are_checked(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps([[[0, 0], [1, 1]], [[0, 0], [1, 1]], [[30, 30]], [[5, 5], [5, 5]]]))
    assert load_openings(good, Rules.preset("gomocup20")) == [[(0, 0), (1, 1)]]
    lines = tmp_path / "lines.jsonl"
    lines.write_text('{"move_order": [[3, 3]]}\n\n{"move_order": [[4, 4], [5, 5]]}\n')
    assert load_openings(lines, Rules.preset("gomocup20")) == [[(3, 3)], [(4, 4), (5, 5)]]
    bad = tmp_path / "bad.json"
    bad.write_text('[[["a", 1]]]')
    with pytest.raises(MatchError, match="opening 1: expected a list of \\[x, y\\]"):
        load_openings(bad, Rules())
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"move_order": [[3, 3]]}\n{oops\n')
    with pytest.raises(MatchError, match="broken.jsonl line 2 column 2: expected JSON"):
        load_openings(broken, Rules())
    with pytest.raises(MatchError, match="missing.json"):
        load_openings(tmp_path / "missing.json", Rules())


def test_unreadable_openings_files_are_one_line_errors(tmp_path):
    # A binary file and a deeply nested list used to escape as a UnicodeDecodeError
    # without the file's name, and as a RecursionError traceback.
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"[\xff\xfe\x00")
    with pytest.raises(MatchError, match="binary.json: expected UTF-8"):
        load_openings(binary, Rules())
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    with pytest.raises(MatchError, match="deep.json: JSON nested too deeply"):
        load_openings(deep, Rules())
    deep_lines = tmp_path / "deep.jsonl"
    deep_lines.write_text('{"move_order": [[3, 3]]}\n' + "[" * 100_000 + "\n")
    with pytest.raises(MatchError, match="line 2: JSON nested too deeply"):
        load_openings(deep_lines, Rules())


def test_an_openings_file_that_is_a_fifo_is_a_match_error(tmp_path):
    fifo = tmp_path / "openings.json"
    os.mkfifo(fifo)
    with pytest.raises(MatchError, match="openings .*openings.json: a FIFO"):
        load_openings(fifo, Rules.preset("gomocup20"))


def test_an_openings_file_with_a_number_too_long_names_its_line(tmp_path):
    path = tmp_path / "o.jsonl"
    path.write_text('{"move_order": [[1, 1]]}\n{"move_order": [[' + "9" * 5000 + ", 1]]}\n")
    with pytest.raises(MatchError, match=r'o.jsonl line 2 column 18 \(field "move_order"\): a number of 5000'):
        load_openings(path, Rules.preset("gomocup20"))


# -- one game -------------------------------------------------------------------------------------------------
def test_a_game_ends_with_a_five_and_says_who_made_it():
    x, o = LinePlayer("line"), ScatterPlayer("scatter")
    game = play_game(0, x, o, MatchConfig(games=1))
    assert game.result == "X" and game.reason == "X (line) made five"
    board = Board(Rules.preset("gomocup20"), game.moves)
    assert board.winner is Stone.X and len(game.times_ms) == len(game.moves)
    assert x.started == o.started == 1 and x.closed == o.closed == 1


def test_a_game_from_an_opening_keeps_the_opening_moves():
    config = MatchConfig(games=1, openings=[[(9, 9), (10, 10), (11, 11)]])
    game = play_game(0, ScatterPlayer("scatter"), LinePlayer("line"), config, a_side="O", opening=0)
    assert game.moves[:3] == [(9, 9), (10, 10), (11, 11)]
    assert game.result == "O" and game.a_score == 1.0 and game.opening_moves == 3


@pytest.mark.parametrize(
    "mode, words",
    [
        ("occupied", "illegal move"),
        ("outside", "outside the board"),
        ("crash", "crash: exit code 1"),
    ],
)
def test_an_illegal_move_or_a_crash_loses_the_game(mode, words):
    game = play_game(0, LinePlayer(), BadPlayer(mode), MatchConfig(games=1))
    assert game.result == "X"
    assert game.reason.startswith("O (bad-" + mode + ") lost: ") and words in game.reason


def test_an_exception_in_a_player_is_a_crash():
    class Broken(LinePlayer):
        def move(self, board):
            raise KeyError("nothing")

    game = play_game(0, Broken("broken"), LinePlayer(), MatchConfig(games=1))
    assert game.result == "O" and game.reason == "X (broken) lost: crash: KeyError: 'nothing'"


def test_running_over_the_time_loses_the_game():
    config = MatchConfig(games=1, time_per_move_ms=1, grace_ms=0)
    game = play_game(0, BadPlayer("slow"), LinePlayer(), config)
    assert game.result == "O" and "time-out" in game.reason


def test_the_endless_board_has_a_move_limit():
    config = MatchConfig(rules=Rules(), games=1, max_moves=12)
    game = play_game(0, ScatterPlayer("s1"), ScatterPlayer("s2"), config)
    assert game.result == "draw" and "move limit (12)" in game.reason and len(game.moves) == 12
    assert config.move_limit() == 12 and MatchConfig(rules=Rules()).move_limit() == 400
    assert MatchConfig().move_limit() is None


def test_a_full_board_is_a_draw():
    class Filler(LinePlayer):
        def move(self, board):
            # Fill tic-tac-toe so that nobody makes three: X 0,0 O 1,1 X 2,2 O 0,1 X 2,1 O 2,0 X 0,2 O 1,2 X 1,0
            order = [(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2), (1, 0)]
            return order[len(board.move_stack)]

    game = play_game(0, Filler("f1"), Filler("f2"), MatchConfig(rules=Rules.preset("tictactoe"), games=1))
    assert game.result == "draw" and game.reason == "draw: the board is full" and len(game.moves) == 9


# -- a match ----------------------------------------------------------------------------------------------------
def test_a_match_swaps_colours_and_counts_from_a_side(tmp_path):
    config = MatchConfig(games=4, openings=[[(9, 9)], [(9, 9), (10, 10)]])
    progress = io.StringIO()
    result = run_match("line", "scatter", config, out_dir=tmp_path, progress=progress, player_factory=factory)
    assert [g.a_side for g in result.games] == ["X", "O", "X", "O"]
    assert [g.opening for g in result.games] == [0, 0, 1, 1]
    assert [g.x for g in result.games] == ["line", "scatter", "line", "scatter"]
    assert (result.wins, result.losses, result.draws) == (4, 0, 0)
    assert result.score == 1.0 and result.elo == math.inf
    low, high = result.elo_interval
    assert 0 < low < math.inf and high == math.inf
    assert progress.getvalue().count("\n") == 4 and "game 4/4" in progress.getvalue()
    table = format_table(result)
    assert "line" in table and "100.0%" in table and "+inf" in table and "five 4" in table


def test_the_progress_bar_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    stream = Terminal()
    run_match("line", "scatter", MatchConfig(games=3), progress=stream, player_factory=factory)
    text = stream.getvalue()
    assert text.count("\r[") == 3 and text.endswith("\n") and text.count("\n") == 1
    assert "3/3  line 3 - 0 scatter" in text and "#" * 30 in text


def test_every_game_is_saved_as_json_and_psq(tmp_path):
    config = MatchConfig(games=2, openings=[[(9, 9), (10, 10)]])
    result = run_match("scatter", "line", config, out_dir=tmp_path, player_factory=factory)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-001.json",
        "game-001.psq",
        "game-002.json",
        "game-002.psq",
    ]
    for game in result.games:
        stem = tmp_path / f"game-{game.index + 1:03d}"
        native = load_game(stem.with_suffix(".json"))
        assert native.moves == game.moves and native.result == game.result
        assert native.metadata["reason"] == game.reason and native.metadata["x"] == game.x
        psq = load_game(stem.with_suffix(".psq"))
        assert psq.moves == game.moves and psq.result == game.result
        text = stem.with_suffix(".psq").read_text()
        assert text.startswith("Piskvorky 20x20") and f"\n{game.x}\n{game.o}\n-1\n" in text


def test_a_forfeit_is_saved_with_its_reason(tmp_path):
    def bad_factory(spec, seed=None, grace_ms=1000):
        return LinePlayer("line") if spec == "line" else BadPlayer("occupied")

    result = run_match("line", "bad", MatchConfig(games=2), out_dir=tmp_path, player_factory=bad_factory)
    assert result.wins == 2
    record = load_game(tmp_path / "game-002.json")
    assert record.result == "O" and "illegal move" in record.metadata["reason"]
    assert "game 2: X (bad-occupied) lost: illegal move" in format_table(result)


def test_match_options_are_checked(tmp_path):
    with pytest.raises(MatchError, match="--jobs"):
        run_match("line", "line", MatchConfig(), jobs=0, player_factory=factory)
    with pytest.raises(MatchError, match="--games"):
        run_match("line", "line", MatchConfig(games=0), player_factory=factory)
    with pytest.raises(MatchError, match="--time-per-move"):
        run_match("line", "line", MatchConfig(time_per_move_ms=0), player_factory=factory)
    with pytest.raises(MatchError, match="bounded board"):
        run_match(brain("simple"), "greedy", MatchConfig(rules=Rules()))


def test_the_out_folder_must_be_new_or_empty(tmp_path):
    made = []

    def counting_factory(spec, seed=None, grace_ms=1000):
        made.append(seed)
        return factory(spec, seed, grace_ms)

    for name, holds in (("notes.txt", "a file"), (".hidden", "a hidden file"), ("sub", None)):
        out = tmp_path / f"out-{name.strip('.')}"
        out.mkdir()
        thing = out / name
        thing.mkdir() if holds is None else thing.write_text(holds)
        made.clear()
        with pytest.raises(MatchError) as info:
            run_match("line", "line", MatchConfig(games=2), out_dir=out, player_factory=counting_factory)
        assert str(info.value) == (
            f"--out {out}: the folder is not empty (it holds {name!r} ...); give a new or empty folder"
        )
        assert made == [0, 0]  # the players were looked at, no game was played
        assert [p.name for p in out.iterdir()] == [name]
    new = tmp_path / "new" / "deeper"
    empty = tmp_path / "empty"
    empty.mkdir()
    for out in (new, empty):
        assert len(run_match("line", "line", MatchConfig(games=2), out_dir=out, player_factory=factory).games) == 2
        assert min(p.name for p in out.iterdir()) == "game-001.json"


def test_players_are_levels_or_programs():
    assert isinstance(make_player("strong"), EnginePlayer)
    player = make_player(brain("simple"))
    assert isinstance(player, BrainPlayer) and player.command[0] == sys.executable
    with pytest.raises(MatchError, match="not a player"):
        make_player("stronk")
    with pytest.raises(MatchError, match="No closing quotation"):
        make_player('"unclosed')


def test_same_player_twice_gets_two_names():
    result = run_match("line", "line", MatchConfig(games=2), player_factory=factory)
    assert (result.a, result.b) == ("line (A)", "line (B)")
    assert result.score == 0.5 and result.elo == 0  # X wins each game: one each


def test_the_summary_as_json_data():
    games = [GameResult(i, None, "a", "b", "X", r, "", [], []) for i, r in enumerate(["X", "X", "O", "draw"])]
    data = MatchResult("a", "b", games, MatchConfig()).to_dict()
    assert (data["wins"], data["losses"], data["draws"], data["score"]) == (2, 1, 1, 0.625)
    assert data["elo"] == pytest.approx(88.7, abs=0.1) and data["elo_low"] < data["elo"] < data["elo_high"]
    json.dumps(data)


# -- external pbrain programs ------------------------------------------------------------------------------------------
SMALL = Rules.square(10)


def test_an_external_brain_plays_a_whole_game():
    config = MatchConfig(rules=SMALL, games=1, time_per_move_ms=2000, grace_ms=3000)
    game = play_game(
        0, BrainPlayer([sys.executable, str(BRAINS / "simple.py")], name="simple"), LinePlayer("l"), config
    )
    Board(SMALL, game.moves)  # every move legal: Board refuses an illegal one
    assert len(game.moves) > 5 and game.result in ("X", "O", "draw")
    assert "lost" not in game.reason


def test_an_external_brain_on_a_rectangle_from_an_opening():
    rules = Rules(bounds=((0, 0), (11, 9)), name="rect")
    config = MatchConfig(rules=rules, games=1, time_per_move_ms=2000, grace_ms=3000, openings=[[(5, 5), (6, 6)]])
    player = BrainPlayer([sys.executable, str(BRAINS / "simple.py")], name="simple")
    game = play_game(0, player, LinePlayer("line"), config, opening=0)
    assert game.moves[:2] == [(5, 5), (6, 6)] and "lost" not in game.reason
    Board(rules, game.moves)


@pytest.mark.parametrize(
    "args, words",
    [
        (["occupied"], "illegal move"),
        (["outside"], "outside the board"),
        (["garbage"], "not x,y"),
        (["error"], "error: answered 'ERROR out of ideas' to BEGIN"),
    ],
)
def test_an_external_brain_that_plays_illegally_loses(args, words):
    config = MatchConfig(rules=SMALL, games=1, time_per_move_ms=2000, grace_ms=3000)
    player = BrainPlayer([sys.executable, str(BRAINS / "illegal.py"), *args], name="bad")
    game = play_game(0, player, LinePlayer(), config)
    assert game.result == "O" and game.reason.startswith("X (bad) lost:") and words in game.reason
    assert player.process is None  # closed


def test_an_external_brain_that_suggests_gets_play_and_its_move_counts():
    config = MatchConfig(rules=SMALL, games=1, time_per_move_ms=2000, grace_ms=3000)
    player = BrainPlayer([sys.executable, str(BRAINS / "illegal.py"), "suggest"], name="suggests")
    game = play_game(0, LinePlayer(), player, config)
    assert "lost" not in game.reason and len(game.moves) >= 9
    Board(SMALL, game.moves)


def test_an_external_brain_that_says_nothing_loses_on_time():
    config = MatchConfig(rules=SMALL, games=1, time_per_move_ms=200, grace_ms=200)
    game = play_game(
        0, LinePlayer(), BrainPlayer([sys.executable, str(BRAINS / "silent.py")], name="mute", grace_ms=200), config
    )
    assert game.result == "X" and "O (mute) lost: time-out: no answer to BOARD within 400 ms" == game.reason


def test_an_external_brain_that_crashes_loses():
    config = MatchConfig(rules=SMALL, games=1, time_per_move_ms=2000, grace_ms=3000)
    game = play_game(0, BrainPlayer([sys.executable, str(BRAINS / "crash.py")], name="boom"), LinePlayer(), config)
    assert game.result == "O" and "crash: exit code 3 (fake brain: out of cheese)" in game.reason


def test_a_program_that_cannot_start_loses():
    config = MatchConfig(rules=SMALL, games=1)
    game = play_game(0, LinePlayer(), BrainPlayer(["/nonexistent/pbrain-x"], name="ghost"), config)
    assert game.result == "X" and "cannot start" in game.reason


def test_parallel_games_with_external_brains(tmp_path):
    config = MatchConfig(rules=SMALL, games=2, time_per_move_ms=3000, grace_ms=3000)
    result = run_match(brain("simple"), brain("illegal", "occupied"), config, jobs=2, out_dir=tmp_path)
    assert len(result.games) == 2 and [g.index for g in result.games] == [0, 1]
    assert result.wins == 2 and all("illegal move" in g.reason for g in result.games)
    assert len(list(tmp_path.glob("*.psq"))) == 2


def test_an_even_match_is_plus_zero_not_minus_zero():
    from gomoku.match import format_elo

    assert format_elo(-1e-13) == "+0"  # elo_from_score(0.5) comes out as -0.0
    assert format_elo(-0.4) == "+0" and format_elo(-0.6) == "-1" and format_elo(3.0) == "+3"


def test_an_openings_file_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "openings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps([[[0, 0], [1, 1]]]).encode())
    assert load_openings(path, Rules.preset("gomocup20")) == [[(0, 0), (1, 1)]]


def test_the_match_threads_reach_every_player(monkeypatch):
    made = []

    def factory(spec, *, seed=None, grace_ms=1000):
        made.append(
            EnginePlayer("greedy", seed=seed)
            if spec == "greedy"
            else BrainPlayer([sys.executable, str(BRAINS / "simple.py")], name="simple", grace_ms=grace_ms)
        )
        return made[-1]

    sent = []
    send = BrainPlayer._send
    monkeypatch.setattr(BrainPlayer, "_send", lambda self, line: (sent.append(line), send(self, line)))
    config = MatchConfig(rules=Rules.preset("gomocup15"), games=1, time_per_move_ms=200, threads=3)
    run_match("greedy", "simple", config, player_factory=factory)
    engines = [p for p in made if isinstance(p, EnginePlayer)]
    assert engines and all(p.threads == 3 and p.engine.threads == 3 for p in engines if p.engine is not None)
    assert "INFO thread_num 3" in sent
