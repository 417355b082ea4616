"""A match's game clock (``--time-per-game``): each side's clock kept, told to
brains (``INFO timeout_match``, ``INFO time_left`` before every move) and to the
in-process levels, a side that runs out loses on time, and the table says how
each side spent its clock. Times are injected (a fake ``time.monotonic``): no
assertion here depends on how loaded the machine is."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from gomoku.board import Board, Rules
from gomoku.cli import main
from gomoku.match import (
    GameResult,
    MatchConfig,
    MatchResult,
    contestants,
    format_table,
    make_player,
    play_game,
    run_match,
)
from gomoku.match import games as games_module
from gomoku.match.games import MatchClocks
from gomoku.match.runner import LONG_GAME, clock_use

RULES = Rules.preset("gomocup15")


class FakeTime:
    """``time.monotonic`` for the match: each move takes what its player says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class TimedPlayer:
    """Plays along its row, taking ``seconds`` a move on the fake clock; keeps a
    clock (``time_per_game_ms``, ``time_left_ms``) and records what it was told."""

    def __init__(self, name: str, row: int, seconds: float, now: FakeTime) -> None:
        self.name = name
        self.row = row
        self.seconds = seconds
        self.now = now
        self.time_per_game_ms = 0
        self.time_left_ms: int | None = None
        self.told: list[int | None] = []
        self.game_ms: list[int] = []

    def new_game(self, rules, time_per_move_ms):
        self.game_ms.append(self.time_per_game_ms)

    def move(self, board):
        self.told.append(self.time_left_ms)
        self.now.now += self.seconds
        for x in range(3, 15):
            if (x, self.row) not in board.stones:
                return (x, self.row)
        return board.candidates(1)[0]

    def close(self):
        pass


@pytest.fixture
def fake_time(monkeypatch):
    now = FakeTime()
    monkeypatch.setattr(games_module.time, "monotonic", now)
    return now


def test_each_side_is_told_its_clock_and_the_clock_counts_down(fake_time):
    x = TimedPlayer("x", 0, 1.0, fake_time)
    o = TimedPlayer("o", 5, 0.5, fake_time)
    config = MatchConfig(rules=RULES, games=1, time_per_move_ms=5000, time_per_game_ms=20000)
    game = play_game(0, x, o, config)
    assert game.result == "X" and "made five" in game.reason
    assert x.game_ms == o.game_ms == [20000]
    assert x.told == [20000, 19000, 18000, 17000, 16000]
    assert o.told == [20000, 19500, 19000, 18500]
    assert game.left_ms == {"X": 15000, "O": 18000}


def test_without_a_game_clock_players_are_told_nothing(fake_time):
    x = TimedPlayer("x", 0, 1.0, fake_time)
    o = TimedPlayer("o", 5, 1.0, fake_time)
    game = play_game(0, x, o, MatchConfig(rules=RULES, games=1, time_per_move_ms=5000))
    assert x.told == [None] * 5 and x.game_ms == [0]
    assert game.left_ms is None


def test_a_side_that_runs_out_of_its_game_clock_loses_on_time(fake_time):
    # 3 s a move on a 10 s clock: the fourth move leaves it 2 s short, past the 1 s grace.
    x = TimedPlayer("x", 0, 3.0, fake_time)
    o = TimedPlayer("o", 5, 0.1, fake_time)
    config = MatchConfig(rules=RULES, games=1, time_per_move_ms=5000, time_per_game_ms=10000, grace_ms=1000)
    game = play_game(0, x, o, config)
    assert game.result == "O"
    assert game.reason == "X (x) lost: time-out: 3000 ms for a move with 1000 ms left on the game clock"
    assert game.left_ms["X"] == -2000 and len(game.times_ms) == 6  # the late move is not played


def test_an_overrun_inside_the_grace_is_no_time_out(fake_time):
    x = TimedPlayer("x", 0, 2.2, fake_time)  # five moves: 11 s on a 10 s clock, 1 s of grace... 1.0 over
    o = TimedPlayer("o", 5, 0.1, fake_time)
    config = MatchConfig(rules=RULES, games=1, time_per_move_ms=5000, time_per_game_ms=10000, grace_ms=1000)
    game = play_game(0, x, o, config)
    assert game.result == "X" and game.left_ms["X"] == -1000


def test_the_turn_limit_still_holds_under_a_game_clock(fake_time):
    x = TimedPlayer("x", 0, 7.0, fake_time)
    o = TimedPlayer("o", 5, 0.1, fake_time)
    config = MatchConfig(rules=RULES, games=1, time_per_move_ms=5000, time_per_game_ms=60000, grace_ms=1000)
    game = play_game(0, x, o, config)
    assert game.result == "O" and game.reason == "X (x) lost: time-out: 7000 ms for a move, 5000 ms allowed"


def test_game_clock_check_is_quiet_inside_both_limits():
    clocks = MatchClocks(MatchConfig(time_per_move_ms=1000, time_per_game_ms=3000, grace_ms=100))
    clocks.left["O"] = -100
    clocks.check(games_module.Stone.O, 1100)  # exactly at both graces: no exception
    assert clocks.left == {"X": 3000, "O": -100}


# -- the figures ----------------------------------------------------------------------------------
def game_of(
    moves: int, a_side: str, times: list[int], reason: str = "X (a) made five", left: dict[str, int] | None = None
) -> GameResult:
    return GameResult(0, None, "a", "b", a_side, "X", reason, [(i, 0) for i in range(moves)], times, left_ms=left)


def test_clock_use_counts_each_side_s_moves_and_the_long_games():
    games = [
        game_of(LONG_GAME, "X", [0, 0] + [2000, 1000] * (LONG_GAME // 2 - 1)),  # A (X) used 38 s, B 19 s
        game_of(10, "O", [100] * 10),  # short: A (O) 0.5 s, B 0.5 s
        game_of(LONG_GAME + 2, "O", [0] * (LONG_GAME + 2), "O (b) lost: time-out: 9 ms", {"X": 6000, "O": -1500}),
    ]
    a = clock_use(games, 60000, a=True)
    b = clock_use(games, 60000, a=False)
    assert a.long_games == b.long_games == 2
    assert a.long_share == pytest.approx((38 / 60 + 61.5 / 60) / 2)  # the third game: A is O, left -1.5 s
    assert b.long_share == pytest.approx((19 / 60 + 54 / 60) / 2)
    assert a.least_left_ms == -1500 and a.timeouts == 1 and b.timeouts == 0
    assert a.share == pytest.approx((38 + 0.5 + 61.5) / 180)
    assert clock_use(games, 0, a=True) is None


def test_the_table_and_the_json_report_the_clock():
    config = MatchConfig(rules=RULES, games=1, time_per_game_ms=60000)
    match = MatchResult("a", "b", [game_of(12, "X", [3000] * 12)], config)
    table = format_table(match)
    assert "Game clock 60 s" in table and "  a: 30%, -; 42.0 s; 0" in table
    summary = match.to_dict()
    assert summary["time_per_game_ms"] == 60000 and summary["clock"]["b"]["least_left_ms"] == 42000
    assert math.isnan(match.clock(True).long_share) and summary["clock"]["a"]["long_share"] is None
    assert "Game clock" not in format_table(MatchResult("a", "b", match.games, MatchConfig(rules=RULES)))


# -- brains and levels ----------------------------------------------------------------------------
def logging_brain(log: Path) -> str:
    return " ".join([sys.executable, str(Path(__file__).with_name("logging_brain.py")), str(log)])


def test_a_brain_gets_timeout_match_and_time_left_before_every_move(tmp_path):
    log = tmp_path / "brain.log"
    player = make_player(logging_brain(log))
    other = make_player("greedy")
    config = MatchConfig(
        rules=RULES, games=1, time_per_move_ms=2000, time_per_game_ms=30000, max_moves=8, grace_ms=3_600_000
    )
    game = play_game(0, player, other, config)
    lines = log.read_text().splitlines()
    assert "INFO timeout_match 30000" in lines and "INFO timeout_turn 2000" in lines
    commands = [line.split()[0] for line in lines if line.split()[0] in ("BEGIN", "TURN", "BOARD")]
    told = [line for line in lines if line.startswith("INFO time_left ")]
    assert commands and len(told) == len(commands) == 4
    moves_at = [i for i, line in enumerate(lines) if line.split()[0] in ("BEGIN", "TURN", "BOARD")]
    assert [lines[i - 1] for i in moves_at] == told  # each one right before its move
    assert int(told[0].split()[-1]) == 30000 and int(told[-1].split()[-1]) <= 30000
    assert game.left_ms == {"X": 30000 - sum(game.times_ms[0::2]), "O": 30000 - sum(game.times_ms[1::2])}


def test_a_level_plays_on_the_game_clock(monkeypatch):
    seen = []
    player = make_player("strong")
    player.time_per_game_ms = 60000

    real = contestants.plan_time

    def spy(control, ply):
        seen.append(control)
        return real(control, ply)

    monkeypatch.setattr(contestants, "plan_time", spy)
    player.new_game(RULES, 1000)
    player.time_left_ms = 100  # too little to search: the greedy move, at once
    board = Board(RULES)
    board.play(RULES.centre())
    move = player.move(board)
    assert move not in board.stones
    assert seen[-1].timeout_match == 60000 and seen[-1].time_left == 100


# -- the command line -----------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["0", "-5", "86400001", "99999999999999"])
def test_a_bad_time_per_game_is_one_line_and_exit_2(value, capsys, tmp_path):
    code = main(
        [
            "match",
            "greedy",
            "greedy",
            "--games",
            "1",
            "--rules",
            "gomocup15",
            "--time-per-game",
            value,
            "--out",
            str(tmp_path / "out"),
        ]
    )
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--time-per-game" in err and "Traceback" not in err


def test_a_match_with_a_game_clock_runs_and_resumes(tmp_path, capsys):
    out = tmp_path / "out"
    args = [
        "match",
        "greedy",
        "greedy",
        "--games",
        "2",
        "--rules",
        "gomocup15",
        "--time-per-game",
        "20000",
        "--max-moves",
        "12",
        "--out",
        str(out),
    ]
    assert main([*args, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["time_per_game_ms"] == 20000 and summary["clock"]["a"]["timeouts"] == 0
    saved = json.loads((out / "game-001.json").read_text())["metadata"]
    assert set(saved["left_ms"]) == {"X", "O"} and saved["settings"]["time_per_game_ms"] == 20000
    # The same match, resumed: its games are read back, left_ms with them.
    result = run_match(
        "greedy",
        "greedy",
        MatchConfig(rules=RULES, games=2, time_per_game_ms=20000, max_moves=12, openings=_openings()),
        out_dir=out,
        resume=True,
    )
    assert [
        g.left_ms == json.loads((out / f"game-00{g.index + 1}.json").read_text())["metadata"]["left_ms"]
        for g in result.games
    ] == [True, True]
    # Another game clock is another match.
    assert main([*args[:-4], "--time-per-game", "30000", "--max-moves", "12", "--out", str(out), "--resume"]) == 2
    assert "time_per_game_ms 20000, not 30000" in capsys.readouterr().err


def _openings():
    from gomoku.match import default_openings_path, load_openings

    return load_openings(default_openings_path(RULES), RULES)
