"""Game records by file (``gomoku.records.files``): the POSITION argument, every format
round-trips through its text, native JSON and position files rebuild the right board,
and every file read or written that goes wrong raises a RecordError that says where
and leaves the file as it was. The formats' own readers have their own tests:
test_game.py, test_sgf.py, test_psq.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import games, offsets, rule_sets

from gomoku.board import Board, Rules, Stone
from gomoku.records import (
    SGF_MAX,
    GameRecord,
    RecordError,
    board_from_position,
    dumps_game,
    format_moves,
    format_psq,
    format_sgf,
    load_game,
    parse_moves,
    parse_psq,
    parse_sgf,
    position_from_dict,
    position_to_dict,
    read_position,
    record_from_json,
    save_game,
    save_position,
)

DATA = Path(__file__).resolve().parents[3] / "data" / "positions"
FORMATS = (".json", ".sgf", ".psq")
HUGE = "9" * 5000
"""A number longer than Python reads (4300 digits)."""
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def same_game(a: Board, b: Board) -> None:
    assert a.rules == b.rules
    assert a.move_stack == b.move_stack
    assert a.stones == b.stones
    assert a.turn == b.turn and a.winner == b.winner and a.hash == b.hash
    assert a.setup == b.setup


def reread(record: GameRecord, suffix: str) -> GameRecord:
    text = dumps_game(record, suffix)
    if suffix == ".json":
        return record_from_json(json.loads(text))
    return parse_sgf(text) if suffix == ".sgf" else parse_psq(text)


# -- the POSITION argument: a move string ----------------------------------------
def test_read_position_from_moves() -> None:
    board = read_position("0,0 1,0 -5,7")
    assert board.move_stack == [(0, 0), (1, 0), (-5, 7)] and board.turn is Stone.O
    cube = read_position("0,0,0 1,1,1")
    assert cube.rules.dims == 3 and len(cube.rules.directions) == 13
    small = read_position("0,0", Rules.preset("tictactoe"))
    assert small.rules.name == "tictactoe"


@pytest.mark.parametrize(
    "arg, fragment",
    [
        ("0,0 0,0", "move 2 (0,0): cell 0,0 is already taken"),
        ("0,0 zz", "move 2 'zz'"),
        ("missing-file.sgf", "no such file"),
        ("data.txt", "expected x,y"),
        ("puzzles.jsonl", "FILE.jsonl:N"),
    ],
)
def test_read_position_errors(arg, fragment) -> None:
    with pytest.raises(RecordError) as info:
        read_position(arg)
    assert fragment in str(info.value)


def test_no_moves_is_the_empty_board() -> None:
    for arg in ("", "   "):
        assert len(read_position(arg)) == 0 and read_position(arg).rules == Rules()
    board = read_position("", Rules.preset("connect4"))
    assert len(board) == 0 and board.rules.name == "connect4"


def test_a_directory_or_a_device_is_named_for_what_it_is(tmp_path) -> None:
    with pytest.raises(RecordError) as info:
        read_position(str(tmp_path))
    assert str(info.value) == (
        f"{tmp_path}: a directory, expected a game file (.json, .sgf or .psq) or moves like '0,0 1,0'"
    )
    with pytest.raises(RecordError, match="^/dev/null: a character device, not a regular file"):
        read_position("/dev/null")
    folder = tmp_path / "games.json"
    folder.mkdir()
    with pytest.raises(RecordError, match="games.json: a directory, expected a game file"):
        read_position(str(folder))


def test_read_position_off_the_board() -> None:
    with pytest.raises(RecordError, match="move 2 .*outside the board"):
        read_position("0,0 3,3", Rules.preset("tictactoe"))


def test_a_move_string_with_a_number_too_long_names_the_move():
    with pytest.raises(RecordError, match="move 2: a number of 5000 digits is too large to read"):
        read_position(f"0,0 {HUGE},1")


# -- round trips ------------------------------------------------------------------------
@SETTINGS
@given(games(rule_sets(), max_moves=40, span=9, far=True), st.sampled_from(FORMATS))
def test_every_format_round_trips(board: Board, suffix: str) -> None:
    record = GameRecord.from_board(board)
    again = reread(record, suffix)
    assert again.moves == record.moves
    assert again.result == record.result
    same_game(again.to_board(), board)


@SETTINGS
@given(
    games(rule_sets(bounded=False), max_moves=30, span=6, far=True),
    offsets(far=True).filter(lambda s: max(abs(c) for c in s) > 10),  # the clusters never overlap
)
def test_far_apart_points_round_trip_in_json(board: Board, shift) -> None:
    # Two clusters as far apart as the coordinates go: JSON keeps them; SGF and PSQ refuse.
    # Moving stones apart may end the game sooner (an overline split into an exact line): stop there.
    far = Board(board.rules)
    for i, (x, y) in enumerate(board.move_stack):
        if far.is_over:
            break
        far.push((x + shift[0], y + shift[1]) if i % 4 == 3 else (x, y))
    record = GameRecord.from_board(far, {"event": "far"})
    same_game(reread(record, ".json").to_board(), far)
    assert parse_moves(format_moves(far.move_stack)) == far.move_stack
    same_game(
        position_from_dict(json.loads(json.dumps(position_to_dict(far)))),
        board_from_position({s.name: [list(p) for p in far.stones_of(s)] for s in Stone}, far.turn, far.rules),
    )
    points = far.move_stack
    spread = max(max(p[i] for p in points) - min(p[i] for p in points) for i in (0, 1)) if points else 0
    if spread >= SGF_MAX:
        with pytest.raises(RecordError, match="SGF holds at most"):
            format_sgf(record)


def test_metadata_round_trips_in_json_and_sgf() -> None:
    board = read_position("0,0 1,1 2,2")
    meta = {"black": "Ada ] \\ x", "white": "Brook", "date": "2026-11-22", "event": "club", "comment": "a]b"}
    record = GameRecord.from_board(board, meta)
    for suffix in (".json", ".sgf"):
        assert reread(record, suffix).metadata == meta


def test_three_d_games_round_trip_in_json_but_not_sgf_or_psq() -> None:
    rules = Rules(k=4, dims=3, bounds=((0, 0, 0), (3, 3, 3)), name="cube4")
    board = Board(rules, [(0, 0, 0), (1, 1, 1), (1, 0, 0), (2, 2, 2)])
    record = GameRecord.from_board(board)
    same_game(reread(record, ".json").to_board(), board)
    for writer in (format_sgf, format_psq):
        with pytest.raises(RecordError, match="two-dimensional"):
            writer(record)


def test_set_up_positions_round_trip_in_json_and_sgf() -> None:
    board = board_from_position({"X": [[0, 0], [1, 0], [2, 0]], "O": [[5, 5]]}, "X")
    assert board.setup and not board.move_stack  # no alternation gives this: set-up stones
    board.play((7, 7))
    record = GameRecord.from_board(board)
    for suffix in (".json", ".sgf"):
        same_game(reread(record, suffix).to_board(), board)
    with pytest.raises(RecordError, match="set-up"):
        format_psq(record)


def test_result_survives_a_resigned_game() -> None:
    record = GameRecord.from_board(read_position("0,0 1,1"))
    record.result = "O"
    for suffix in FORMATS:
        assert reread(record, suffix).result == "O"


# -- position JSON ------------------------------------------------------------------
def positions_in(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("name", ["vcf-sample.jsonl", "openings-sample.jsonl"])
def test_shared_positions_load_with_their_stones_and_side_to_move(name) -> None:
    entries = positions_in(name)
    assert {e["to_move"] for e in entries} == {"X", "O"}
    for entry in entries:
        board = board_from_position(entry["stones"], entry["to_move"])
        assert board.turn.name == entry["to_move"]
        for stone in Stone:
            assert board.stones_of(stone) == sorted(tuple(p) for p in entry["stones"].get(stone.name, []))
        assert board.winner is None and board.move_stack  # these all alternate
        # and back: position JSON of the board gives the same stones
        assert position_to_dict(board)["stones"] == {s: sorted(entry["stones"].get(s, [])) for s in ("X", "O")}


def test_jsonl_lines_by_number_and_id() -> None:
    entries = positions_in("vcf-sample.jsonl")
    by_line = read_position(f"{DATA / 'vcf-sample.jsonl'}:3")
    by_id = read_position(f"{DATA / 'vcf-sample.jsonl'}:{entries[2]['id']}")
    assert by_line.stones == by_id.stones
    assert by_line.turn.name == entries[2]["to_move"]
    with pytest.raises(RecordError, match="line 99"):
        read_position(f"{DATA / 'vcf-sample.jsonl'}:99")
    with pytest.raises(RecordError, match="no position with id"):
        read_position(f"{DATA / 'vcf-sample.jsonl'}:nonesuch")


def test_a_bad_jsonl_line_is_named_once(tmp_path: Path) -> None:
    # The message said "FILE line 2 line 1 column 2".
    path = tmp_path / "positions.jsonl"
    path.write_text('{"stones": {"X": [[0, 0]]}}\n{oops\n' + "[" * 100_000 + "\n")
    with pytest.raises(RecordError) as info:
        read_position(f"{path}:2")
    assert (
        str(info.value) == f"{path} line 2 column 2: expected JSON (Expecting property name enclosed in double quotes)"
    )
    with pytest.raises(RecordError, match="line 3: JSON nested too deeply"):
        read_position(f"{path}:3")


def test_position_json_files(tmp_path: Path) -> None:
    board = read_position("0,0 1,0 0,1 7,-3")
    path = tmp_path / "position.json"
    save_position(board, path)
    again = load_game(path).to_board()
    assert again.stones == board.stones and again.turn == board.turn
    assert load_game(DATA / "vcf-puzzle.json").to_board().turn is Stone.X


@pytest.mark.parametrize("stones", [3, [1, 2], "X", None])
def test_position_json_with_stones_of_another_shape_is_one_line(tmp_path: Path, stones: object) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"stones": stones}))
    with pytest.raises(RecordError, match=r"stones: expected an object"):
        load_game(path)


# -- the sample files --------------------------------------------------------------
def test_sample_files_agree_across_formats() -> None:
    boards = [load_game(DATA / f"sample-game{suffix}").to_board() for suffix in FORMATS]
    for other in boards[1:]:
        same_game(other, boards[0])
    assert load_game(DATA / "sample-game.sgf").metadata["black"] == "Ada"
    won = [load_game(DATA / f"won-game{suffix}") for suffix in FORMATS]
    assert all(r.result == "X" and r.to_board().winner is Stone.X for r in won)
    far = [load_game(DATA / f"far-away{suffix}").to_board() for suffix in FORMATS]
    assert all(b.move_stack == far[0].move_stack for b in far)
    assert far[0].move_stack[0] == (10**12, -(10**12))
    cup = [load_game(DATA / f"gomocup20{suffix}").to_board() for suffix in (".sgf", ".psq")]
    assert cup[0].rules == cup[1].rules == Rules.preset("gomocup20")


# -- native JSON specifics ------------------------------------------------------------
def native(**changes) -> dict:
    data = {
        "format": "gomoku",
        "version": 1,
        "rules": {"name": "freestyle", "k": 5, "overline": True, "bounds": None, "dims": 2},
        "moves": [[0, 0], [1, 1]],
        "result": None,
        "metadata": {},
    }
    data.update(changes)
    return data


@pytest.mark.parametrize(
    "data, fragment",
    [
        ([], "game: expected a native game"),
        (native(format="chess"), 'game.format: expected "gomoku"'),
        (native(version=2), "game.version: 2 is newer"),
        (native(version="1"), "game.version: expected a whole number"),
        (native(rules={"k": 0}), "game.rules.k: expected a whole number at least 1"),
        (native(rules={"overline": "yes"}), "game.rules.overline: expected true or false"),
        (native(rules={"bounds": [[0, 0]]}), "game.rules.bounds: expected [[low...], [high...]]"),
        (native(rules={"bounds": [[5, 5], [0, 0]]}), "game.rules: bounds: the low corner"),
        (native(rules={"size": 15}), "game.rules: unexpected field 'size'"),
        (native(moves={"a": 1}), "game.moves: expected a list"),
        (native(moves=[[0, 0], [1]]), "game.moves[1]: expected 2 coordinates"),
        (native(moves=[[0, 0], [0, 0]]), "move 2 (0,0): cell 0,0 is already taken"),
        (native(result="black"), 'game.result: expected "X", "O", "draw" or null'),
        (native(metadata=[]), "game.metadata: expected an object"),
        (native(setup={"X": [[5, 5]]}, to_move="Z"), 'game.to_move: expected "X" or "O"'),
        ({"moves": []}, "expected a native game"),
    ],
)
def test_bad_native_json(data, fragment) -> None:
    with pytest.raises(RecordError) as info:
        record_from_json(data)
    assert fragment in str(info.value)


# -- files: errors name the file, and a failed read or write changes nothing --------
@pytest.mark.parametrize(
    "name, text, fragment",
    [
        ("bad.json", '{"format": "gomoku",\n "version": 1,\n', "bad.json line 3 column 1: expected JSON"),
        ("bad.json", '{"format": "gomoku", "version": 1, "moves": [[0, 0], [0, 0]]}', "move 2"),
        ("bad.sgf", "(;GM[4]SZ[15];B[hh];B[ii])", "bad.sgf: SGF line 1: expected a move of W"),
        ("bad.psq", "Piskvorky 15x15, 11:11, 0\n1,1,0\n99,1,0\n", "bad.psq: PSQ line 3"),
        ("bad.txt", "0,0", "unknown format '.txt'"),
        ("deep.json", "[" * 100000, "nested too deeply"),
    ],
)
def test_bad_files_raise_and_stay_as_they_were(tmp_path: Path, name, text, fragment) -> None:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(RecordError) as info:
        load_game(path)
    assert fragment in str(info.value)
    assert path.read_text() == text


@pytest.mark.parametrize(
    "name, text, fragment",
    [
        ("s.sgf", f"(;GM[4]SZ[{HUGE}];B[aa])", "SGF line 1: SZ: a number of 5000 digits"),
        ("o.sgf", f"(;GM[4]SZ[15]OF[{HUGE}:0];B[aa])", "SGF line 1: OF: a number of 5000 digits"),
        ("h.psq", f"Piskvorky {HUGE}x20, 11:11, 0\n1,1,0\n", "PSQ line 1: the board size: a number of 5000 digits"),
        ("m.psq", f"Piskvorky 20x20, 11:11, 0\n1,1,0\n{HUGE},1,0\n", "PSQ line 3: a number of 5000 digits"),
        ("k.psq", f"Piskvorky 20x20, 11:11, 0\n1,1,0\n;gomoku: k={HUGE}\n", "PSQ line 3: k: a number of 5000"),
    ],
)
def test_a_number_too_long_in_a_game_file_names_file_and_line(tmp_path, name, text, fragment):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(RecordError) as info:
        load_game(path)
    message = str(info.value)
    assert message.startswith(str(path)) and fragment in message and len(message) < 300


def test_not_utf8_and_missing_files(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"stones": {"X": [[0, 0]]}, "name": "\xe9"}')
    with pytest.raises(RecordError, match="expected UTF-8"):
        load_game(path)
    with pytest.raises(RecordError, match="no such file"):
        load_game(tmp_path / "none.psq")
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(RecordError, match="a directory"):
        load_game(tmp_path / "folder.json")


def test_sgf_in_its_default_charset_or_the_one_it_names(tmp_path: Path) -> None:
    # SGF FF[4] text is Latin-1 unless CA says otherwise: such files were refused
    # as "expected UTF-8".
    latin = tmp_path / "latin.sgf"
    latin.write_bytes(b"(;FF[4]GM[4]SZ[15]PB[Jos\xe9];B[hh])")
    assert load_game(latin).metadata == {"black": "José"}
    named = tmp_path / "gb.sgf"
    named.write_bytes("(;FF[4]CA[GB2312]GM[4]SZ[15]PB[李];B[hh])".encode("gb2312"))
    assert load_game(named).metadata == {"black": "李"}
    psq = tmp_path / "windows.psq"
    psq.write_bytes(b"Piskvorky 20x20, 11:11, 0\n10,10,0\npbrain-\xe9.exe\n-1\n")
    assert load_game(psq).moves == [(9, 9)]


@pytest.mark.parametrize("suffix", [".json", ".sgf", ".psq"])
def test_a_byte_order_mark_is_read_past(tmp_path: Path, suffix: str) -> None:
    # Windows editors start UTF-8 files with a BOM; JSON and SGF refused them.
    record = GameRecord(Rules(), [(0, 0), (3, -2)])
    path = tmp_path / f"game{suffix}"
    save_game(record, path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_game(path).moves == record.moves
    lines = tmp_path / "positions.jsonl"
    lines.write_bytes(b'\xef\xbb\xbf{"stones": {"X": [[0, 0]], "O": []}}\n')
    assert read_position(f"{lines}:1").move_stack == [(0, 0)]


@pytest.mark.parametrize("suffix", [".sgf", ".psq"])
def test_a_game_too_wide_is_refused_and_the_old_file_kept(tmp_path: Path, suffix) -> None:
    path = tmp_path / f"game{suffix}"
    save_game(GameRecord.from_board(read_position("0,0 1,1")), path)
    before = path.read_bytes()
    wide = GameRecord.from_board(read_position("0,0 5000,0"))
    with pytest.raises(RecordError, match="holds at most"):
        save_game(wide, path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temporary left behind


def test_save_then_load_every_format(tmp_path: Path) -> None:
    board = read_position("0,0 0,1 1,1 1,2 2,2 2,3 -1,-1 -2,-2 3,3")
    record = GameRecord.from_board(board, {"black": "Ada"})
    for suffix in FORMATS:
        save_game(record, tmp_path / f"g{suffix}")
        same_game(load_game(tmp_path / f"g{suffix}").to_board(), board)
        same_game(read_position(str(tmp_path / f"g{suffix}")), board)
