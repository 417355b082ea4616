"""The command lines of "the first hour": what the CLI cannot honour is refused in one
line and exit 2, before anything runs; what it can, it does in bounded time. The
issue's own command lines run as a user runs them, in a process of their own with a
generous timeout (a hang fails the test, it never hangs the suite)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gomoku.board import Board, Rules
from gomoku.cli import build_parser, main
from gomoku.commands.arguments import CORES, MAX_NODES
from gomoku.records import read_position
from gomoku.search.warmup import warm

ROOT = Path(__file__).resolve().parents[3]


def gomoku(*argv: str, timeout: float = 30) -> tuple[int, str, str]:
    """``gomoku ARGV`` in a process of its own: exit code, stdout, stderr."""
    done = subprocess.run(
        [sys.executable, "-m", "gomoku.cli", *argv],
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
        cwd=ROOT,
    )
    return done.returncode, done.stdout, done.stderr


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``gomoku ARGV`` in this process; a refusal while parsing exits like any other."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def one_error(code: int, out: str, err: str) -> str:
    """The one line of a refusal, checked: exit 2, nothing on stdout, no traceback."""
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.startswith("gomoku: error: "), err
    return err.strip()


@pytest.fixture(scope="module")
def warm_kernels() -> None:
    """The search's kernels compiled into numba's cache, so that a process of its own
    loads them in a second rather than compiling them (the first run on a machine)."""
    warm(("freestyle",))


# -- the limits: refused while the command line is read -------------------------------------------
@pytest.mark.parametrize(
    "argv, words",
    [
        (["hint", "0,0 1,1", "--time", "1e308"], "argument --time: at most 86400 seconds (a day), not '1e308'"),
        (["hint", "0,0 1,1", "--depth", "99999999999999999999"], "argument --depth: at most 64 plies"),
        (["hint", "0,0 1,1", "--nodes", "9223372036854775808"], "argument --nodes: at most 1,000,000,000,000 nodes"),
        (
            ["hint", "0,0", "--rules", "size=1000000000x1000000000,k=5"],
            "rules 'size=1000000000x1000000000,k=5': at most 1000 cells a side and a million cells in all",
        ),
        (["hint", "0,0", "--bogus"], "unrecognized arguments: --bogus (see gomoku hint --help)"),
    ],
)
def test_the_issues_command_lines_are_refused_in_one_line(argv: list[str], words: str) -> None:
    line = one_error(*gomoku(*argv))
    assert words in line


@pytest.mark.parametrize(
    "argv, words",
    [
        (["hint", "0,0", "--time", "86400.5"], "at most 86400 seconds"),
        (["hint", "0,0", "--time", "inf"], "expected a positive number of seconds, not 'inf'"),
        (["hint", "0,0", "--time", "nan"], "expected a positive number of seconds, not 'nan'"),
        (["hint", "0,0", "--time", "0"], "expected a positive number of seconds, not '0'"),
        (["hint", "0,0", "--nodes", str(MAX_NODES + 1)], "at most 1,000,000,000,000 nodes"),
        (["hint", "0,0", "--nodes", "9" * 5000], "expected a positive whole number, not '9999"),
        (["hint", "0,0", "--depth", "65"], "at most 64 plies"),
        (["hint", "0,0", "--depth", "0"], "expected a positive whole number, not '0'"),
        (["hint", "0,0", "--threads", "0"], "expected a positive whole number, not '0'"),
        (["solve", "0,0", "--time", "1e308"], "at most 86400 seconds"),
        (["solve", "0,0", "--nodes", "9223372036854775808"], "at most 1,000,000,000,000 nodes"),
    ],
)
def test_every_limit_has_a_bound(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    line = one_error(*run(capsys, *argv))
    assert words in line and line.endswith(f"(see gomoku {argv[0]} --help)") and len(line) < 250


def test_the_bounds_themselves_are_taken() -> None:
    args = build_parser().parse_args(["hint", "0,0", "--time", "86400", "--nodes", str(MAX_NODES), "--depth", "64"])
    assert (args.time, args.nodes, args.depth) == (86400.0, MAX_NODES, 64)


def test_too_many_threads_are_capped_at_the_cores_with_a_note(warm_kernels: None) -> None:
    code, out, err = gomoku("hint", "0,0 1,1", "--threads", "100000", "--time", "0.5", timeout=10)
    assert code == 0 and out.startswith("X to move: play "), (code, out, err)
    cores = f"{CORES} core{'' if CORES == 1 else 's'}"
    assert err == f"gomoku: note: --threads 100000: this machine has {cores}; using {CORES} threads\n"


def test_threads_within_the_cores_say_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "hint", "0,0 1,1", "--threads", "1", "--nodes", "500")
    assert code == 0 and err == "" and out.startswith("X to move: play ")


def test_a_match_caps_its_threads_and_bounds_its_numbers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(
        capsys,
        "match",
        "random",
        "random",
        "--rules",
        "tictactoe",
        "--games",
        "1",
        "--threads",
        "100000",
        "--out",
        str(tmp_path / "games"),
    )
    assert code == 0 and "random (A)" in out
    assert err.splitlines()[0] == (
        f"gomoku: note: --threads 100000: this machine has {CORES} "
        f"core{'' if CORES == 1 else 's'}; using {CORES} threads"
    )
    for option, value, words in (
        ("--games", "100001", "--games: at most 100000 games"),
        ("--time-per-move", "3600001", "--time-per-move: at most 3600000 ms"),
        ("--grace", "99999999999999999999", "--grace: at most 3600000 ms"),
    ):
        line = one_error(
            *run(
                capsys,
                "match",
                "random",
                "random",
                "--rules",
                "tictactoe",
                option,
                value,
                "--out",
                str(tmp_path / "refused"),
            )
        )
        assert words in line
    assert not (tmp_path / "refused").exists()


# -- one line for every mistake on the command line ---------------------------------------------------
def test_every_commands_parser_errors_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    commands = next(action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    assert set(commands.choices) >= {"show", "weights", "explain", "hint", "solve", "pbrain", "match", "experiment"}
    for name, sub in [("", parser), *commands.choices.items()]:
        with pytest.raises(SystemExit) as exc:
            sub.error("two\nlines")
        prog = f"gomoku {name}".strip()
        assert exc.value.code == 2
        assert capsys.readouterr().err == f"gomoku: error: two\\nlines (see {prog} --help)\n"


@pytest.mark.parametrize(
    "argv, words",
    [
        (["hint"], "the following arguments are required: POSITION (see gomoku hint --help)"),
        (["match", "greedy"], "the following arguments are required: B (see gomoku match --help)"),
        (["nosuch"], "argument COMMAND: invalid choice: 'nosuch'"),
        (["hint", "0,0", "--level", "godlike"], "argument --level: invalid choice: 'godlike'"),
        (["weights", "0,0", "--region"], "argument --region: expected one argument (see gomoku weights --help)"),
        (["match", "a", "b", "--games", "many"], "argument --games: invalid int value: 'many'"),
        (["experiment", "x", "--seed", "s"], "argument --seed: invalid int value: 's'"),
        (["pbrain", "--level"], "argument --level: expected one argument (see gomoku pbrain --help)"),
        (["show", "-x", "0,0"], "unrecognized arguments: -x (see gomoku show --help)"),
        (["--bogus"], "unrecognized arguments: --bogus (see gomoku --help)"),
    ],
)
def test_argparse_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    assert words in one_error(*run(capsys, *argv))


def test_one_line_from_a_process_of_its_own_too() -> None:
    line = one_error(*gomoku("hint", "0,0", "--time", "soon"))
    assert line == "gomoku: error: argument --time: expected a number of seconds, not 'soon' (see gomoku hint --help)"


# -- POSITION: a directory, and the empty board ---------------------------------------------------
def test_a_directory_as_position_says_so(tmp_path: Path) -> None:
    line = one_error(*gomoku("hint", str(tmp_path)))
    assert line == (
        f"gomoku: error: {tmp_path}: a directory, expected a game file (.json, .sgf or .psq) or moves like '0,0 1,0'"
    )


@pytest.mark.parametrize(
    "rules, move",
    [
        ([], "0,0"),
        (["--rules", "gomocup15"], "7,7"),
        (["--rules", "tictactoe"], "1,1"),
        (["--rules", "connect4"], "3,0"),
    ],
)
def test_the_empty_board_gets_an_opening_move(capsys: pytest.CaptureFixture[str], rules: list[str], move: str) -> None:
    code, out, err = run(capsys, "hint", "", *rules, "--nodes", "3000")
    assert (code, err) == (0, "") and out.startswith(f"X to move: play {move}\n"), out


def test_the_empty_board_is_shown_and_weighed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "")
    assert (code, err) == (0, "") and out.endswith("X to move (move 1)\n") and "X" not in out.replace("X to", "")
    code, out, err = run(capsys, "weights", "")
    assert (code, err) == (0, "") and out.endswith("X to move; the greatest weight: 0,0 (2)\n")
    code, out, err = run(capsys, "solve", "")
    assert (code, err) == (0, "") and out.startswith("no VCF found for X")
    assert len(read_position("")) == 0 and read_position("", Rules.preset("connect4")).rules.gravity


def test_a_hint_under_gravity_is_a_cell_a_stone_can_be_played_on(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "3,0 3,1", "--rules", "size=7x6,k=4,gravity", "--nodes", "3000", "--json")
    board = Board(Rules.parse("size=7x6,k=4,gravity"), moves=[(3, 0), (3, 1)])
    assert code == 0 and tuple(json.loads(out)["move"]) in board.legal_moves()
