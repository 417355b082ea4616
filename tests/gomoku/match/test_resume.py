"""A match cut short and resumed: the games in --out are read back and counted,
only the others are played, and a folder of another match is refused."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from gomoku.cli import main
from gomoku.match import MatchConfig, MatchError, Progress, match_settings, run_match
from gomoku.match.folder import differing, load_finished

# The fake players of the runner's tests (a line that wins, a scatter that never blocks).
sys.path.insert(0, str(Path(__file__).parent))
from test_runner import LinePlayer, ScatterPlayer  # noqa: E402 - found through the path set above

CONFIG = MatchConfig(games=4, openings=[[(9, 9)], [(9, 9), (10, 10)]])


class Counting:
    """A player factory that counts the games it is asked to make players for."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.games: list[int] = []
        self.stop_after = stop_after

    def __call__(self, spec, seed=None, grace_ms=1000):
        if seed is not None and 0 < seed < 10_000:  # player A of a game (seed = index; 0 is also the name check)
            self.games.append(seed)
        if self.stop_after is not None and len(self.games) > self.stop_after:
            raise KeyboardInterrupt
        return {"line": LinePlayer, "scatter": ScatterPlayer}[spec](spec)


def summary(result):
    return [(g.index, g.x, g.o, g.result, g.reason, g.moves) for g in result.games]


def test_a_resumed_match_plays_only_the_games_not_in_the_folder(tmp_path):
    straight = run_match("line", "scatter", CONFIG, out_dir=tmp_path / "straight", player_factory=Counting())
    out = tmp_path / "cut"
    run_match("line", "scatter", CONFIG, out_dir=out, player_factory=Counting())
    (out / "game-003.json").unlink()
    (out / "game-002.json").unlink()
    again = Counting()
    progress = io.StringIO()
    resumed = run_match("line", "scatter", CONFIG, out_dir=out, player_factory=again, resume=True, progress=progress)
    assert sorted(again.games) == [1, 2]  # games 2 and 3 (indices 1, 2), nothing else
    assert summary(resumed) == summary(straight)
    assert (resumed.wins, resumed.losses) == (4, 0)
    lines = progress.getvalue().splitlines()
    assert lines[0] == f"resumed: 2 of 4 games were played before, in {out}/"
    assert [line.split(" (")[0] for line in lines[1:]] == ["game 3/4", "game 4/4"]
    assert sorted(p.name for p in out.glob("game-*.json")) == [f"game-00{i}.json" for i in range(1, 5)]


def test_an_interrupted_match_resumes_from_what_it_wrote(tmp_path):
    out = tmp_path / "m"
    progress = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        run_match("line", "scatter", CONFIG, out_dir=out, player_factory=Counting(stop_after=1), progress=progress)
    assert sorted(p.name for p in out.glob("*.json")) == ["game-001.json", "game-002.json"]
    assert f"2 of 4 games are saved in {out}/: the same command with --resume plays the rest" in progress.getvalue()
    rest = Counting()
    resumed = run_match("line", "scatter", CONFIG, out_dir=out, player_factory=rest, resume=True)
    assert sorted(rest.games) == [2, 3]
    assert [g.index for g in resumed.games] == [0, 1, 2, 3] and resumed.wins == 4
    # A finished match resumed again plays nothing, and says the same.
    idle = Counting()
    assert summary(run_match("line", "scatter", CONFIG, out_dir=out, player_factory=idle, resume=True)) == summary(
        resumed
    )
    assert idle.games == []


def test_more_games_extend_a_match_and_fewer_are_refused(tmp_path):
    run_match(
        "line", "scatter", MatchConfig(games=2, openings=CONFIG.openings), out_dir=tmp_path, player_factory=Counting()
    )
    more = Counting()
    result = run_match("line", "scatter", CONFIG, out_dir=tmp_path, player_factory=more, resume=True)
    assert sorted(more.games) == [2, 3] and len(result.games) == 4
    with pytest.raises(MatchError, match=r"holds game 4, past --games 3; give --games 4 or more"):
        run_match(
            "line",
            "scatter",
            MatchConfig(games=3, openings=CONFIG.openings),
            out_dir=tmp_path,
            player_factory=Counting(),
            resume=True,
        )


@pytest.mark.parametrize(
    "change, words",
    [
        ({"time_per_move_ms": 100}, "time_per_move_ms 500, not 100"),
        ({"openings": [[(3, 3)]]}, "openings "),
        ({"max_moves": 30}, "max_moves null, not 30"),
    ],
)
def test_a_match_with_other_settings_is_not_resumed(tmp_path, change, words):
    run_match("line", "scatter", CONFIG, out_dir=tmp_path, player_factory=Counting())
    other = MatchConfig(**{**CONFIG.__dict__, **change})
    factory = Counting()
    with pytest.raises(MatchError) as info:
        run_match("line", "scatter", other, out_dir=tmp_path, player_factory=factory, resume=True)
    assert words in str(info.value) and "game-001.json was played with" in str(info.value)
    assert factory.games == []
    with pytest.raises(MatchError, match='was played with b "scatter", not "line"'):
        run_match("line", "line", CONFIG, out_dir=tmp_path, player_factory=Counting(), resume=True)


def test_the_settings_name_what_differs():
    base = match_settings("a", "b", CONFIG, {"selfplay": {"margin": 40}})
    assert (
        differing(base, match_settings("a", "b", CONFIG, {"selfplay": {"margin": 30}}))
        == 'selfplay {"margin": 40}, not {"margin": 30}'
    )
    assert (
        differing(
            base,
            match_settings("a", "b", MatchConfig(**{**CONFIG.__dict__, "games": 99}), {"selfplay": {"margin": 40}}),
        )
        is None
    )  # not the number of games


def test_a_damaged_or_foreign_game_file_is_a_one_line_error(tmp_path):
    run_match("line", "scatter", CONFIG, out_dir=tmp_path, player_factory=Counting())
    settings = json.loads((tmp_path / "game-001.json").read_text())["metadata"]["settings"]
    (tmp_path / "game-002.json").write_text('{"moves": [[1, 2]')
    with pytest.raises(MatchError, match=r"game-002.json.*delete that file to play its game again"):
        load_finished(tmp_path, settings, 4)
    (tmp_path / "game-002.json").unlink()
    record = json.loads((tmp_path / "game-003.json").read_text())
    del record["metadata"]["settings"]
    (tmp_path / "game-003.json").write_text(json.dumps(record))
    with pytest.raises(MatchError, match="game-003.json holds no match settings"):
        load_finished(tmp_path, settings, 4)
    record["metadata"]["settings"] = settings
    record["metadata"]["game"] = 7
    (tmp_path / "game-003.json").write_text(json.dumps(record))
    with pytest.raises(MatchError, match="game-003.json holds game 7, not game 3"):
        load_finished(tmp_path, settings, 4)


def test_a_write_cut_short_leaves_no_game_and_its_temporary_file_goes(tmp_path):
    run_match("line", "scatter", MatchConfig(games=1), out_dir=tmp_path, player_factory=Counting())
    stale = tmp_path / ".game-002.json.abc123.tmp"
    stale.write_text('{"half": ')
    result = run_match(
        "line", "scatter", MatchConfig(games=2), out_dir=tmp_path, player_factory=Counting(), resume=True
    )
    assert len(result.games) == 2 and not stale.exists()
    assert not list(tmp_path.glob(".*"))


def test_the_progress_bar_of_a_resumed_match_starts_from_its_games():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    stream = Terminal()
    bar = Progress(stream, 4, "line", "scatter")
    games = run_match("line", "scatter", MatchConfig(games=2), player_factory=Counting()).games
    bar.resume(games, Path("m"))
    bar.update(games[0])
    assert stream.getvalue().split("\r")[1:] == [
        f"[{'#' * 15}{'.' * 15}] 2/4  line 2 - 0 scatter ",
        f"[{'#' * 22}{'.' * 8}] 3/4  line 3 - 0 scatter ",
    ]


def test_gomoku_match_resume_from_the_command_line(tmp_path, capsys):
    out = tmp_path / "m"
    argv = ["match", "greedy", "greedy", "--games", "2", "--rules", "gomocup15", "--out", str(out)]
    assert main(argv) == 0
    first = capsys.readouterr().out
    (out / "game-002.json").unlink()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "holds the games of another match" in err and "--resume to finish that match" in err
    assert err.count("\n") == 1
    assert main(argv + ["--resume"]) == 0
    captured = capsys.readouterr()
    assert captured.out == first  # the same table: greedy's games are the same each time
    assert captured.err.startswith(f"resumed: 1 of 2 games were played before, in {out}/\n")
    assert main(argv[:-2] + ["--resume"]) == 2
    assert capsys.readouterr().err == "gomoku: error: --resume needs --out: the folder of the run to finish\n"
    assert main(argv + ["--resume", "--time-per-move", "200"]) == 2
    err = capsys.readouterr().err
    assert "was played with time_per_move_ms 500, not 200" in err and err.count("\n") == 1
