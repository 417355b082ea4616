"""SGF game records (``gomoku.records.sgf``): a file from another program (its main line,
a rectangular board, set-up stones), and the reader's errors, which name the SGF line."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from gomoku.board import Board, Rules, Stone
from gomoku.records import GameRecord, RecordError, load_game, parse_sgf, read_position
from gomoku.records.sgf import format_sgf, sgf_root
from gomoku.records.tree import GameTree
from tests.gomoku.records.test_tree import trees


def test_sgf_from_another_program() -> None:
    text = """(;GM[4]FF[4]SZ[15]RU[Standard]PB[b]PW[w]RE[W+R]
      ;B[hh];W[hi]
      (;B[ii];W[gg])
      (;B[aa]))"""
    record = parse_sgf(text)
    assert record.rules.bounds == ((0, 0), (14, 14)) and record.rules.overline is False
    assert record.moves == [(7, 7), (7, 8), (8, 8), (6, 6)]  # the main line only
    assert record.result == "O" and record.metadata == {"black": "b", "white": "w"}


def test_sgf_rectangular_board_with_set_up() -> None:
    record = parse_sgf("(;FF[4]GM[4]SZ[20:10]AB[aa][bb]AW[cc]PL[W];W[jj])")
    assert record.rules.bounds == ((0, 0), (19, 9))
    board = record.to_board()
    assert board.setup == {(0, 0): Stone.X, (1, 1): Stone.X, (2, 2): Stone.O}
    assert board.move_stack == [(9, 9)] and board.turn is Stone.X


def test_sgf_root_gives_the_written_boards_coordinates() -> None:
    # What format_sgf writes before the moves, and where a point lies on its board (None off it):
    # a review's annotated SGF (gomoku review --sgf) is written with them.
    record = GameRecord.from_board(Board(moves=[(0, 0), (1, 1), (-1, 0)]))
    root, coord = sgf_root(record)
    assert format_sgf(record).startswith("(;" + root + "\n;B[" + str(coord((0, 0))) + "]")
    assert "EB[1]" in root and coord((0, 0)) == "hg" and coord((-8, 0)) is None
    bounded = GameRecord.from_board(Board(Rules.preset("gomocup15"), moves=[(7, 7)]))
    root, coord = sgf_root(bounded)
    assert "SZ[15]" in root and coord((0, 0)) == "aa" and coord((14, 14)) == "oo" and coord((15, 0)) is None


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "SGF line 1: expected '(' to start"),
        ("(;FF[4]GM[1]SZ[19];B[aa])", "GM[1] is not gomoku"),
        ("(;FF[4]GM[4]SZ[15]\n;B[hh]\n;B[hi])", "SGF line 3: expected a move of W"),
        ("(;FF[4]GM[4]SZ[15];B[hh];W[zz])", "lies outside SZ[15]"),
        ("(;FF[4]GM[4]SZ[15];B[hh];W[h])", "expected a point of two letters"),
        ("(;FF[4]GM[4]SZ[15];B[hh];W[hh])", "move 2 (7,7): cell 7,7 is already taken"),
        ("(;FF[4]GM[4]SZ[15];B[hh];W[])", "a pass"),
        ("(;FF[4]GM[4]SZ[99])", "expected a size from 1 to 52"),
        ("(;FF[4]GM[4]SZ[x])", "expected SZ[n]"),
        ("(;FF[4]GM[4]SZ[15];B[hh]", "expected ')'"),
        ("(;FF[4]GM[4]SZ[15];B[hh", "expected ']'"),
        ("(;FF[4]GM[4]SZ[15];B[hh]) trailing", "nothing after the game tree"),
        ("(;FF[4]GM[4]SZ[15]OF[1])", "expected OF[x:y]"),
        ("(;FF[4]GM[4]SZ[15]OL[2])", "expected OL[0] or OL[1]"),
        ("(;FF[4]gm[4])", "capital letters"),
        ("(;FF[4]GM[4]SZ[15]\n;B[hh]W[ii])", "SGF line 2: expected one move in a node"),
        ("(;FF[4]GM[4]SZ[15]AB[aa]AW[aa])", "set up twice"),
        ("(;FF[4]GM[4]SZ[3]WL[3]EB[0];B[aa];W[ab];B[ba];W[bb];B[ca];W[cb])", "the game is over"),
        ("(;GM[4]" + "(;B[aa]" * 5000 + ")" * 5001, "nested too deeply"),
    ],
)
def test_bad_sgf(text, fragment) -> None:
    with pytest.raises(RecordError) as info:
        parse_sgf(text)
    assert fragment in str(info.value)


# -- variations ---------------------------------------------------------------
# The game-tree example of the SGF FF[4] specification (sgf.html, "GameTree"): the
# nodes a to j, branches at the root and two moves deep, in gomoku's moves, with
# properties the project does not use (KM, TR, MN), which are dropped.
SPEC_EXAMPLE = """(;FF[4]GM[4]SZ[15]KM[0]C[root]
  (;B[hh]C[a];W[hi]C[b]
    (;B[ii]C[c])
    (;B[gg]C[d]TR[aa];W[ff]C[e\\]]))
  (;B[ij]C[f]MN[2]
    (;W[jj]C[g];B[kk]C[h];W[ll]C[i])
    (;W[jk]C[j])))"""

SPEC_NORMALISED = """(;FF[4]GM[4]CA[UTF-8]AP[gomoku]SZ[15]RU[freestyle]OL[1]C[root]
(;B[hh]C[a];W[hi]C[b]
(;B[ii]C[c])
(;B[gg]C[d];W[ff]C[e\\]]))
(;B[ij]C[f]
(;W[jj]C[g];B[kk]C[h];W[ll]C[i])
(;W[jk]C[j])))
"""


def test_sgf_variations_of_the_specs_example() -> None:
    record = parse_sgf(SPEC_EXAMPLE)
    tree = record.game_tree()
    assert record.moves == [(7, 7), (7, 8), (8, 8)] and tree.main_line() == record.moves
    root = tree.root
    assert root.comment == "root" and [(c.move, c.comment) for c in root.children] == [((7, 7), "a"), ((8, 9), "f")]
    b = root.children[0].children[0]
    assert [(c.move, c.comment) for c in b.children] == [((8, 8), "c"), ((6, 6), "d")]
    e = b.children[1].children[0]
    assert e.comment == "e]" and e.moves() == [(7, 7), (7, 8), (6, 6), (5, 5)]
    j = root.children[1].children[1]
    assert j.comment == "j" and tree.board(j).move_stack == [(8, 9), (9, 10)]
    text = format_sgf(record)
    assert text == SPEC_NORMALISED
    assert parse_sgf(text).game_tree() == tree and parse_sgf(text) == record


FIXTURES = Path(__file__).parent / "fixtures"


def test_sgf_in_sabakis_style() -> None:
    # Written by hand in the style of Sabaki's SGF export (AP[Sabaki:...], a node a line,
    # KM, DT; markup LB, TR, MN that the project drops): the code corpus searched held no
    # gomoku (GM[4]) game saved by Sabaki, only Go games in projects of unstated licence.
    record = load_game(FIXTURES / "sabaki-variations.sgf")
    tree = record.game_tree()
    assert record.metadata == {"black": "Ada", "white": "Bob", "date": "2026-11-27"} and record.result == "X"
    assert len(record.moves) == 15 and record.rules.bounds == ((0, 0), (14, 14))
    branch = tree.root.children[0].children[0].children[0]
    assert [c.move for c in branch.children] == [(6, 6), (7, 9)] and branch.children[1].children[0].children[0].comment
    assert sum(1 for node in tree.nodes() if len(node.children) > 1) == 2
    text = format_sgf(record)
    assert parse_sgf(text) == record and format_sgf(parse_sgf(text)) == text


def test_a_record_without_variations_writes_as_before() -> None:
    for path in sorted((Path(__file__).parents[3] / "data" / "positions").glob("*.sgf")):
        text = path.read_text()
        record = parse_sgf(text)
        assert record.tree is None and format_sgf(record) == text


@settings(max_examples=60, deadline=None)
@given(trees())
def test_sgf_round_trip_of_a_tree(tree: GameTree) -> None:
    record = GameRecord.from_tree(tree, None, {"black": "Ada"})
    again = parse_sgf(format_sgf(record))
    assert again.game_tree() == tree and again == record


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("(;FF[4]GM[4]SZ[15];B[hh](;W[hi])(;W[hi]))", "SGF line 1: W[hi] is already a variation there"),
        ("(;FF[4]GM[4]SZ[15];B[hh](;W[hi])\n(;B[ii]))", "SGF line 2: expected a move of W"),
        ("(;FF[4]GM[4]SZ[15];B[hh](;W[hi])\n(;W[hh]))", "SGF line 2: move 2 (7,7): cell 7,7 is already taken"),
        ("(;FF[4]GM[4]SZ[15];B[hh](;W[hi])(;W[zz]))", "lies outside SZ[15]"),
        ("(;FF[4]GM[4]SZ[15];B[hh](;W[hi])(;W[ii])", "expected ')'"),
    ],
)
def test_sgf_variations_errors(text: str, fragment: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_sgf(text)
    assert fragment in str(caught.value)


def test_an_endless_games_variations_fit_on_the_written_board(tmp_path: Path) -> None:
    # The board written is fitted to every move, the variations' too, not the main line's alone.
    tree = GameTree.from_moves([(0, 0), (1, 0)])
    far = tree.play(tree.root.children[0], (30, 30))
    record = GameRecord.from_tree(tree)
    assert "None" not in format_sgf(record)
    again = parse_sgf(format_sgf(record)).game_tree()
    assert again == tree and again.board(again.root.children[0].children[1]).last_move == far.move
    # What reads a POSITION (show, review) takes a file's main line.
    (tmp_path / "game.sgf").write_text(format_sgf(record))
    assert read_position(str(tmp_path / "game.sgf")).move_stack == [(0, 0), (1, 0)]
