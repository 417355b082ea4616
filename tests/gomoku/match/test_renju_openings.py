"""The renju opening sets (issue 54): the 26 standard openings (``data/openings/renju26.json``)
and the balanced continuations the engine chose (``renju-balanced.json``), as
``bench/renju_openings.py`` writes them and ``gomoku match --openings`` reads them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.renju_openings import AT_LEAST, CENTRE, MARGIN, OPENINGS, all_openings
from gomoku.board import Board, Rules, Stone
from gomoku.cli import main
from gomoku.match import load_openings
from gomoku.records import load_game

DATA = Path(__file__).resolve().parents[3] / "data" / "openings"
ALL = DATA / "renju26.json"
BALANCED = DATA / "renju-balanced.json"
RULES = Rules.preset("renju")


def rows(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))


def image(p: list[int], swap: bool, sx: int, sy: int) -> tuple[int, int]:
    """A cell's offset from the centre under one of the square's symmetries."""
    dx, dy = p[0] - CENTRE[0], p[1] - CENTRE[1]
    if swap:
        dx, dy = dy, dx
    return (sx * dx, sy * dy)


def canonical(stones: list[list[int]]) -> tuple:
    """The smallest of a position's 8 images under the square's symmetries about the centre
    (black's stones and white's apart)."""
    images = []
    for swap in (False, True):
        for sx in (1, -1):
            for sy in (1, -1):
                black = tuple(sorted(image(p, swap, sx, sy) for p in stones[0::2]))
                white = tuple(sorted(image(p, swap, sx, sy) for p in stones[1::2]))
                images.append((black, white))
    return min(images)


def test_the_file_is_what_the_script_writes() -> None:
    written = [{k: row[k] for k in ("code", "name", "move_order")} for row in rows(ALL)]
    assert written == all_openings()


def test_the_26_openings_are_the_rif_ones_and_legal_under_renju() -> None:
    openings = rows(ALL)
    assert len(openings) == 26 and [o["code"] for o in openings] == [f"D{i}" for i in range(1, 14)] + [
        f"I{i}" for i in range(1, 14)
    ]
    assert {o["name"] for o in openings} >= {"Kansei", "Kagetsu", "Ugetsu", "Yusei", "Chosei", "Suisei", "Myojo"}
    for opening in openings:
        moves = [tuple(p) for p in opening["move_order"]]
        board = Board(RULES)
        for move in moves:
            assert board.forbidden(move) is None
            board.play(move)  # refuses a forbidden stone for black
        assert [s for s in board.stones.values()].count(Stone.X) == 2 and board.turn is Stone.O
        first, second, third = moves
        assert first == CENTRE and max(abs(second[0] - 7), abs(second[1] - 7)) == 1
        assert max(abs(third[0] - 7), abs(third[1] - 7)) <= 2  # the 5x5 centre
        direct = opening["code"].startswith("D")
        assert (abs(second[0] - 7) + abs(second[1] - 7) == 1) == direct


def test_the_26_are_distinct_up_to_symmetry_and_every_third_stone_is_one_of_them() -> None:
    forms = {canonical(o["move_order"]) for o in rows(ALL)}
    assert len(forms) == 26
    # Every legal third stone in the 5x5 square, after either second stone, is one of the 26.
    for second in ((7, 6), (8, 6)):
        for x in range(5, 10):
            for y in range(5, 10):
                if (x, y) not in (CENTRE, second):
                    assert canonical([list(CENTRE), list(second), [x, y]]) in forms


def test_the_names_follow_the_star_and_moon_rule() -> None:
    """Sei (star) openings have the third stone two cells from the centre along a line."""
    for code, name, (dx, dy) in OPENINGS:
        on_line = max(abs(dx), abs(dy)) == 2 and (dx == 0 or dy == 0 or abs(dx) == abs(dy))
        assert on_line == (name.endswith("sei") or name == "Myojo"), (code, name)


def test_the_balanced_set_is_legal_and_within_its_margin() -> None:
    balanced = rows(BALANCED)
    assert len(balanced) >= AT_LEAST
    chances = [row["black_chance"] for row in balanced]
    assert chances == sorted(chances, key=lambda c: abs(c - 0.5))
    assert len(balanced) == AT_LEAST or all(abs(c - 0.5) <= MARGIN for c in chances)
    three = {o["code"]: o["move_order"] for o in rows(ALL)}
    for row in balanced:
        assert row["move_order"][:3] == three[row["code"]] and len(row["move_order"]) == 4
        assert 0.0 < row["opening_chance"] < 1.0 and row["nodes"] > 0
        board = Board(RULES)
        for move in row["move_order"]:
            board.play(tuple(move))
        assert board.turn is Stone.X and not board.is_over


def test_the_match_runner_loads_them_under_renju() -> None:
    assert len(load_openings(ALL, RULES)) == 26
    assert len(load_openings(BALANCED, RULES)) == len(rows(BALANCED))


def test_gomoku_match_plays_a_renju_opening(tmp_path: Path) -> None:
    out = tmp_path / "out"
    argv = ["match", "greedy", "greedy", "--rules", "renju", "--openings", str(BALANCED)]
    code = main([*argv, "--games", "2", "--time-per-move", "100", "--out", str(out)])
    assert code == 0
    game = load_game(out / "game-001.json")
    first = rows(BALANCED)[0]["move_order"]
    assert [list(p) for p in game.moves[:4]] == first and game.rules.renju


@pytest.mark.parametrize("path", [ALL, BALANCED])
def test_every_opening_has_a_name_and_a_code(path: Path) -> None:
    assert all(row["name"] and row["code"][0] in "DI" for row in rows(path))


def test_an_object_without_its_moves_is_a_one_line_error(tmp_path: Path) -> None:
    from gomoku.match import MatchError

    broken = tmp_path / "broken.json"
    broken.write_text('[{"code": "D1", "name": "Kansei"}]')
    with pytest.raises(MatchError, match="opening 1: expected a list of"):
        load_openings(broken, RULES)
