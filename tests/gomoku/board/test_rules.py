"""The classic games' rules: presets, the general form, win lines, gravity, records and the CLI."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import Board, FloatingError, Rules, Stone
from gomoku.board.geometry import Geometry
from gomoku.cli import main
from gomoku.records import GameRecord, RecordError, format_psq, format_sgf, record_from_dict, record_to_dict


@pytest.mark.parametrize(
    ("name", "dims", "side", "k", "lines"),
    [
        ("tictactoe", 2, 3, 3, 8),
        ("4x4", 2, 4, 4, 10),
        ("cube3", 3, 3, 3, 49),
        ("qubic", 3, 4, 4, 76),
    ],
)
def test_presets_and_their_win_lines(name: str, dims: int, side: int, k: int, lines: int) -> None:
    rules = Rules.preset(name)
    assert name in Rules.PRESETS and Rules.parse(name) == rules
    assert (rules.dims, rules.k, rules.bounds) == (dims, k, ((0,) * dims, (side - 1,) * dims))
    geometry = Geometry.of(rules)
    assert len(geometry.lines) == lines
    assert len(set(geometry.lines)) == lines
    for line in geometry.lines:
        points = [geometry.cells[c] for c in line]
        assert len(points) == k
        steps = {tuple(b - a for a, b in zip(p, q)) for p, q in zip(points, points[1:])}
        assert len(steps) == 1  # straight: one step all along
        step = steps.pop()
        assert set(step) <= {-1, 0, 1} and any(step)


def test_connect_four_has_69_lines_and_the_lines_agree_with_the_board() -> None:
    rules = Rules.parse("size=7x6,k=4,gravity")
    geometry = Geometry.of(rules)
    assert len(geometry.lines) == 69
    # Filling a line's cells (set up, no gravity check needed) is a win the board sees.
    for line in geometry.lines[:20]:
        board = Board(Rules.parse("size=7x6,k=4"))
        board.set_up({geometry.cells[c]: Stone.X for c in line})
        assert board.winner is Stone.X


@pytest.mark.parametrize(
    ("text", "bounds", "k", "gravity", "overline"),
    [
        ("size=7x6,k=4,gravity", ((0, 0), (6, 5)), 4, True, True),
        ("size=4x4x4,k=4", ((0, 0, 0), (3, 3, 3)), 4, False, True),
        (" size = 3x3x3 ", ((0, 0, 0), (2, 2, 2)), 3, False, True),
        ("size=15x15,exact", ((0, 0), (14, 14)), 5, False, False),
        ("k=3,size=5X5", ((0, 0), (4, 4)), 3, False, True),
        ("size=9", ((0,), (8,)), 5, False, True),
    ],
)
def test_the_general_form(text: str, bounds: tuple, k: int, gravity: bool, overline: bool) -> None:
    rules = Rules.parse(text)
    assert (rules.bounds, rules.k, rules.gravity, rules.overline) == (bounds, k, gravity, overline)
    assert Rules.parse(rules.describe()) == rules


@pytest.mark.parametrize(
    "text",
    [
        "",
        "nonsense",
        "size=",
        "size=0x3",
        "size=3x3,k=4",
        "size=3xx3",
        "k=3",
        "size=3x3,size=3x3",
        "size=3x3,k=3,k=3",
        "size=3x3,foo",
        "size=3x3,gravity,gravity",
        "gravity",
        "size=2000x2",
        "size=1000x1000x2",
        "size=\u00b2x3",
        "size=3x3,k=-1",
        "size=2x2x2x2x2x2x2",
        "size=3x3,gravity=1",
    ],
)
def test_malformed_or_impossible_rules_are_one_line_errors(text: str) -> None:
    with pytest.raises(ValueError) as info:
        Rules.parse(text)
    message = str(info.value)
    assert "\n" not in message and message.startswith(("rules ", "unknown rules"))


@pytest.mark.parametrize(
    "size", ["1000000000x1000000000", "2000x2", "1001x1", "1000x1001", "1000x1000x2", "9" * 5000 + "x3", "100x100x101"]
)
def test_a_board_too_large_says_the_limits(size: str) -> None:
    with pytest.raises(ValueError) as info:
        Rules.parse(f"size={size},k=5")
    message = str(info.value)
    assert message.endswith(": at most 1000 cells a side and a million cells in all") and len(message) < 200


def test_the_largest_boards_are_taken() -> None:
    assert Rules.parse("size=1000x1000").area == 1_000_000
    assert Rules.parse("size=1000x1,k=5").area == Rules.parse("size=0001000x1").area == 1000
    with pytest.raises(ValueError, match="no line of that length fits on a 7x6 board"):
        Rules.parse("size=7x6,k=" + "9" * 40)


def test_a_presets_game_by_its_general_form_is_the_preset() -> None:
    assert Rules.parse("size=4x4x4,k=4") == Rules.preset("qubic")
    assert Rules.parse("size=3x3") == Rules.preset("tictactoe")
    assert Rules.parse("size=3x3,gravity").name == "size=3x3,k=3,gravity"
    renamed = Rules(k=3, bounds=((0, 0, 0), (2, 2, 2)), dims=3, name="my cube")
    assert renamed != Rules.preset("cube3") and renamed.same_game(Rules.preset("cube3"))
    assert renamed.describe() == "cube3"


def test_gravity_needs_a_bounded_board() -> None:
    with pytest.raises(ValueError, match="gravity needs a bounded board"):
        Rules(gravity=True)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["size=7x6,k=4,gravity", "size=3x3x3,k=3,gravity", "size=4x4,k=3,gravity"]),
    st.lists(st.integers(0, 10**6), max_size=40),
)
def test_gravity_legality(text: str, picks: list[int]) -> None:
    """Whatever is played, every stone rests on the bottom or a stone, the legal moves are
    exactly the empty resting cells, and a floating move is refused and changes nothing."""
    rules = Rules.parse(text)
    board = Board(rules)
    low, high = rules.bounds
    cells = list(itertools.product(*[range(a, b + 1) for a, b in zip(low, high)]))
    for pick in picks:
        if board.is_over:
            assert board.legal_moves() == []
            break
        resting = [p for p in cells if p not in board.stones and (p[-1] == 0 or p[:-1] + (p[-1] - 1,) in board.stones)]
        assert board.legal_moves() == sorted(resting)
        floating = [p for p in cells if p not in board.stones and p not in resting]
        if floating:
            before = (dict(board.stones), list(board.move_stack), board.hash, board.turn)
            with pytest.raises(FloatingError):
                board.play(floating[pick % len(floating)])
            assert before == (dict(board.stones), list(board.move_stack), board.hash, board.turn)
        board.play(resting[pick % len(resting)])
        for p in board.stones:
            assert p[-1] == 0 or p[:-1] + (p[-1] - 1,) in board.stones
        assert set(board.candidates()) <= set(resting) | set(cells)
        assert all(rules.rests(q, board.stones) for q in board.candidates())


def test_gravity_set_up_refuses_a_floating_stone() -> None:
    board = Board(Rules.parse("size=7x6,k=4,gravity"))
    with pytest.raises(FloatingError):
        board.set_up({(0, 0): Stone.X, (1, 1): Stone.O})
    assert not board.stones
    board.set_up({(0, 0): Stone.X, (0, 1): Stone.O})
    assert len(board) == 2


def test_a_connect_four_game_is_won_on_a_diagonal() -> None:
    board = Board(Rules.parse("size=7x6,k=4,gravity"))
    for move in [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (2, 2), (3, 1), (3, 2), (6, 0), (3, 3)]:
        board.play(move)
    assert board.winner is Stone.X and len(board.winning_line) == 4


def test_records_keep_gravity_and_refuse_what_psq_and_sgf_cannot_hold() -> None:
    connect4 = GameRecord(Rules.parse("size=7x6,k=4,gravity"), [(3, 0), (3, 1), (4, 0)])
    back = record_from_dict(record_to_dict(connect4))
    assert back.rules == connect4.rules and back.rules.gravity and back.moves == connect4.moves
    qubic = GameRecord(Rules.preset("qubic"), [(0, 0, 0), (1, 1, 1)])
    assert record_from_dict(record_to_dict(qubic)).rules == Rules.preset("qubic")
    for record in (connect4, qubic):
        for writer in (format_psq, format_sgf):
            with pytest.raises(RecordError) as info:
                writer(record)
            assert "\n" not in str(info.value)
    assert "gravity" not in record_to_dict(GameRecord(Rules.preset("tictactoe"), []))["rules"]
    with pytest.raises(ValueError, match="gravity: expected true or false"):
        record_from_dict({**record_to_dict(connect4), "rules": {**record_to_dict(connect4)["rules"], "gravity": 1}})


def test_cli_takes_the_general_form(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "1,1,1", "--rules", "cube3"]) == 0
    out = capsys.readouterr().out
    assert out.count("layer") == 3 and "[X]" in out
    assert main(["show", "0,1", "--rules", "size=7x6,k=4,gravity"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gomoku: error:") and "float" in err and err.count("\n") == 1
    assert main(["show", "0,0", "--rules", "size=3x3,k=9"]) == 2
    assert "no line of 9 fits" in capsys.readouterr().err
    assert main(["hint", "1,1,1", "--rules", "cube3", "--depth", "2", "--json"]) == 0
    assert '"move"' in capsys.readouterr().out
