"""The attack scanner: the spec's worked examples, hand positions, the fast map
against the direct scan, symmetry, bounded boards and the weight table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.attacks import (
    DEFAULT_ATTACKS,
    WeightTable,
    WeightTableError,
    cell_weight,
    default_table,
    explain,
    greedy_move,
    load_weights,
    scan_line,
    scan_stone,
    weight_map,
    weight_map_direct,
)
from gomoku.board import Board, OccupiedError, OutOfBoundsError, Rules, Stone

DATA = Path(__file__).resolve().parents[3] / "data"


def line_board(line: str, to_move: Stone = Stone.X, rules: Rules | None = None) -> Board:
    """A board holding one horizontal line of the spec's notation, ``c`` at the origin."""
    centre = line.index("c")
    board = Board(rules)
    board.set_up({(i - centre, 0): Stone[ch] for i, ch in enumerate(line) if ch in "XO"}, to_move)
    return board


def position(stones: dict[tuple[int, int], str], to_move: Stone = Stone.X, rules: Rules | None = None) -> Board:
    board = Board(rules)
    board.set_up({p: Stone[s] for p, s in stones.items()}, to_move)
    return board


# -- the worked examples of the spec ------------------------------------------------
WORKED = [
    # line, stone, attackplace, kept attacks, breakpoint, stone weight, cell weight (X to move)
    ("..XXc.X..", "X", 11, ["[3:2/1]", "[1:2/2]"], True, 7.875, 8.625),
    (".OXXc.X..", "X", 8, ["[3:1/1]", "[1:2/2]"], True, 4.875, 5.625),
    ("...XcXX..", "X", 11, ["[4:2/1]"], True, 100.75, 101.5),
    ("..XXcXX..", "X", 11, ["[5:2/1]"], True, 300.75, 301.5),
    ("OXXXc.O", "X", 5, ["[4:1/1]"], True, 6.75, 7.725),
    ("..X.c.X..", "X", 11, ["[1:2/2]", "[1:2/1]", "[1:2/2]"], False, 1.25, 2.0),
    ("X....c....X", "X", 11, ["[1:2/5]", "[1:2/1]", "[1:2/5]"], False, 1.1, 2.1),
    (".X..c..XX..", "X", 11, ["[1:2/3]", "[1:2/1]", "[2:2/3]"], False, 2.75, 3.75),
    ("..OOcO...", "O", 11, ["[4:2/1]"], True, 100.75, 101.5),
]


@pytest.mark.parametrize("line, stone, attackplace, attacks, breakpoint, stone_w, cell_w", WORKED)
def test_worked_examples(line, stone, attackplace, attacks, breakpoint, stone_w, cell_w):
    board = line_board(line)
    scan = scan_line(board, (0, 0), Stone[stone], (1, 0))
    assert scan.attackplace == attackplace
    assert [str(a) for a in scan.attacks] == attacks
    assert sum(a.central for a in scan.attacks) == 1
    assert scan.breakpoint is breakpoint
    assert scan_stone(board, (0, 0), Stone[stone]).weight == pytest.approx(stone_w)
    assert cell_weight(board, (0, 0)) == pytest.approx(cell_w)
    explanation = explain(board, (0, 0))
    assert explanation.weight == pytest.approx(cell_w)
    assert explanation.weight == cell_weight(board, (0, 0))
    assert weight_map(board).get((0, 0), explanation.weight) == explanation.weight


def test_the_central_attack_of_the_first_example_weighs_seven():
    data = explain(line_board("..XXc.X.."), (0, 0)).to_dict()
    assert data["point"] == [0, 0] and data["to_move"] == "X"
    assert data["weight"] == pytest.approx(8.625)
    x = data["stones"]["X"]
    assert (x["weight"], x["fork_bonus"], x["finish_bonus"]) == (pytest.approx(7.875), 0, 0)
    first = x["lines"][0]
    assert first["direction"] == [1, 0] and first["attackplace"] == 11
    assert first["breakpoint"] is True and first["five"] is False
    assert first["attacks"][0] == {"power": 3, "potential": 2, "divider": 1, "central": True, "weight": 7.0}
    assert [line["direction"] for line in x["lines"]] == [[1, 0], [0, 1], [1, 1], [1, -1]]
    assert set(data["stones"]) == {"X", "O"}
    json.dumps(data)  # plain data


def test_empty_cell_far_from_everything_weighs_two():
    board = position({(0, 0): "X"}, Stone.O)
    assert cell_weight(board, (40, -40)) == 2.0
    assert cell_weight(Board(), (0, 0)) == 2.0


def test_the_five_line_gets_the_finishing_bonus_only_for_the_side_to_move():
    board = line_board("..XXcXX..", Stone.X)
    assert explain(board, (0, 0)).stones[Stone.X].finish_bonus == 100
    board = line_board("..XXcXX..", Stone.O)
    x = explain(board, (0, 0)).stones[Stone.X]
    assert x.finish_bonus == 0 and x.weight == pytest.approx(200.75)
    assert x.lines[0].five


def test_potential_looks_across_the_border_of_the_window():
    # The side stone five cells away: its far end is the 6th cell.
    open_beyond = scan_line(line_board("X....c"), (0, 0), Stone.X, (1, 0))
    closed_beyond = scan_line(line_board("OX....c"), (0, 0), Stone.X, (1, 0))
    own_beyond = scan_line(line_board("XX....c"), (0, 0), Stone.X, (1, 0))
    assert [str(a) for a in open_beyond.attacks][0] == "[1:2/5]"
    assert [str(a) for a in closed_beyond.attacks][0] == "[1:1/5]"
    assert [str(a) for a in own_beyond.attacks][0] == "[1:2/5]"


def test_a_line_without_room_gives_no_attacks():
    scan = scan_line(line_board("OX.cXO"), (0, 0), Stone.X, (1, 0))
    assert scan.attackplace == 4 and scan.attacks == () and not scan.breakpoint


def test_closed_ends_lower_the_potential():
    scan = scan_line(line_board("..OXXcO...."), (0, 0), Stone.X, (1, 0))
    assert scan.attackplace == 3 and scan.attacks == ()
    scan = scan_line(line_board("OXXc..O"), (0, 0), Stone.X, (1, 0))
    assert scan.attackplace == 5
    assert [str(a) for a in scan.attacks] == ["[3:1/1]"]
    scan = scan_line(line_board("OXXcO....."), (0, 0), Stone.X, (1, 0))
    assert scan.attacks == ()


def test_an_overline_under_exact_rules_is_dropped_and_reported():
    scan = scan_line(line_board("O.XXXcXX.", rules=Rules.preset("standard")), (0, 0), Stone.X, (1, 0))
    assert [str(a) for a in scan.dropped] == ["[6:2/1]"]
    assert scan.attacks == () and not scan.five and not scan.breakpoint


def test_side_attack_breakpoints_follow_the_spec():
    # XX.c : central [1:2] and a side [2:2/2]: 1 + 2 + 1 >= 4, a broken three.
    assert scan_line(line_board("..XX.c..."), (0, 0), Stone.X, (1, 0)).breakpoint
    # OXX.c : the side attack is [2:1/2]: 1 + 2 = 3, no breakpoint.
    assert not scan_line(line_board(".OXX.c..."), (0, 0), Stone.X, (1, 0)).breakpoint
    # Two empty cells between: never a breakpoint.
    assert not scan_line(line_board(".XXX..c..."), (0, 0), Stone.X, (1, 0)).breakpoint
    # [3:2] central.
    assert scan_line(line_board("...XXc...."), (0, 0), Stone.X, (1, 0)).breakpoint
    # [3:1] central alone is not.
    assert not scan_line(line_board("...OXXc...."), (0, 0), Stone.X, (1, 0)).breakpoint


# -- hand positions where the seed's intent is clear ---------------------------------
def test_a_cell_making_an_open_four_weighs_over_100():
    board = position({(0, 0): "X", (1, 0): "X", (2, 0): "X", (5, 5): "O", (6, 6): "O", (-4, 7): "O"})
    assert cell_weight(board, (3, 0)) > 100
    assert cell_weight(board, (-1, 0)) > 100
    # A closed four (one end blocked) does not.
    board = position({(-1, 0): "O", (0, 0): "X", (1, 0): "X", (2, 0): "X", (6, 6): "O", (-4, 7): "X"}, Stone.O)
    assert cell_weight(board, (3, 0)) < 100


def test_a_fork_adds_100():
    arms = {(1, 0): "X", (2, 0): "X", (0, 1): "X", (0, 2): "X", (7, 7): "O", (8, 8): "O", (9, -9): "O"}
    fork = explain(position(arms, Stone.O), (0, 0)).stones[Stone.X]
    assert fork.breakpoints == 2 and fork.fork_bonus == 100
    assert fork.weight == pytest.approx(sum(line.weight for line in fork.lines) + 100)
    one_arm = dict(arms)
    del one_arm[(0, 2)]
    del one_arm[(0, 1)]
    single = explain(position(one_arm, Stone.O), (0, 0)).stones[Stone.X]
    assert single.breakpoints == 1 and single.fork_bonus == 0
    assert fork.weight - single.weight > 100


def test_finishing_your_own_five_outranks_blocking_the_opponents():
    stones = {
        (0, 0): "X",
        (1, 0): "X",
        (2, 0): "X",
        (3, 0): "X",
        (0, 5): "O",
        (1, 5): "O",
        (2, 5): "O",
        (3, 5): "O",
        (9, 9): "O",
    }
    board = position(stones, Stone.X)
    weights = weight_map(board)
    assert weights[(4, 0)] > weights[(4, 5)]
    assert weights[(-1, 0)] > weights[(-1, 5)]
    assert max(weights, key=lambda p: (weights[p], p)) in {(4, 0), (-1, 0)}
    # With O to move the roles swap.
    board = position(stones, Stone.O)
    weights = weight_map(board)
    assert weights[(4, 5)] > weights[(4, 0)]


def test_standard_rules_see_no_five_in_an_overline():
    board = line_board("..XXXc.XX..", rules=Rules.preset("standard"))
    scan = scan_line(board, (0, 0), Stone.X, (1, 0))
    assert not scan.five
    free = scan_line(line_board("..XXXc.XX.."), (0, 0), Stone.X, (1, 0))
    assert not free.five and free.breakpoint
    six = scan_line(line_board("..XXXcXX.."), (0, 0), Stone.X, (1, 0))
    assert six.five
    exact_six = scan_line(line_board("..XXXcXX..", rules=Rules.preset("standard")), (0, 0), Stone.X, (1, 0))
    assert not exact_six.five
    exact_five = scan_line(line_board("..XXXcX...", rules=Rules.preset("standard")), (0, 0), Stone.X, (1, 0))
    assert exact_five.five


# -- bounded boards --------------------------------------------------------------
def test_the_edge_closes_an_attack_like_an_opponent_stone():
    bounded = position({(0, 7): "X", (1, 7): "X", (2, 7): "X", (10, 10): "O"}, rules=Rules.preset("gomocup15"))
    endless = position({(-1, 7): "O", (0, 7): "X", (1, 7): "X", (2, 7): "X", (10, 10): "O"}, Stone.O)
    a = scan_line(bounded, (3, 7), Stone.X, (1, 0))
    b = scan_line(endless, (3, 7), Stone.X, (1, 0))
    assert (a.attackplace, a.attacks, a.breakpoint) == (b.attackplace, b.attacks, b.breakpoint)
    assert [str(x) for x in a.attacks] == ["[4:1/1]"]
    # A corner cell: two of its lines have no room at all toward the corner.
    corner = Board(Rules.preset("gomocup15"))
    corner.set_up({(7, 7): Stone.X})
    assert scan_line(corner, (0, 0), Stone.O, (1, -1)).attackplace == 1


def test_cells_outside_or_taken_have_no_weight():
    board = Board(Rules.preset("gomocup15"), moves=[(7, 7)])
    with pytest.raises(OccupiedError):
        cell_weight(board, (7, 7))
    with pytest.raises(OutOfBoundsError):
        explain(board, (15, 0))
    with pytest.raises(ValueError):
        cell_weight(board, (1, 2, 3))
    assert all(board.rules.contains(p) for p in weight_map(Board(Rules.preset("gomocup15"), moves=[(0, 0)])))


# -- the fast map against the direct scan ------------------------------------------------
def random_board(draw, rules: Rules, max_stones: int, min_stones: int = 0) -> Board:
    if rules.bounds is not None:
        (x0, y0), (x1, y1) = rules.bounds
        cell = st.tuples(st.integers(x0, x1), st.integers(y0, y1))
    else:
        cell = st.tuples(st.integers(-6, 6), st.integers(-6, 6))
    cells = draw(st.lists(cell, unique=True, min_size=min_stones, max_size=max_stones))
    colours = draw(st.lists(st.sampled_from([Stone.X, Stone.O]), min_size=len(cells), max_size=len(cells)))
    board = Board(rules)
    board.set_up(dict(zip(cells, colours)), draw(st.sampled_from([Stone.X, Stone.O])))
    return board


RULES = [
    Rules(),
    Rules.preset("standard"),
    Rules.square(9),
    Rules.square(7, overline=False),
    Rules(k=4, bounds=((0, 0), (5, 7)), name="k4"),
]


@st.composite
def boards(draw, max_stones: int = 40):
    rules = draw(st.sampled_from(RULES))
    return random_board(draw, rules, max_stones)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_fast_map_equals_the_direct_scan_exactly(data):
    try:
        board = data.draw(boards())
    except ValueError:
        return  # two fives: not a position
    fast = weight_map(board)
    direct = weight_map_direct(board)
    assert list(fast) == list(direct) == board.candidates(2)
    assert fast == direct  # float for float
    for point in list(direct)[:: max(1, len(direct) // 7)]:
        assert cell_weight(board, point) == direct[point]


def test_fast_map_on_stones_far_apart_uses_the_sparse_path():
    board = position({(10**15, -3): "X", (10**15 + 1, -3): "X", (-(10**15), 7): "O", (0, 0): "O"}, Stone.X)
    fast = weight_map(board)
    assert fast == weight_map_direct(board)
    # X: a central [3:2] and three lone lines; O: a closed [1:1] and three lone lines.
    assert fast[(10**15 + 2, -3)] == pytest.approx(7 + 0.75 + 0.1 + 0.75)


def test_fast_map_in_three_dimensions():
    rules = Rules(k=3, dims=3, bounds=((0, 0, 0), (2, 2, 2)), name="cube3")
    board = Board(rules, moves=[(1, 1, 1), (0, 0, 0), (2, 1, 1), (0, 2, 1)])
    assert weight_map(board) == weight_map_direct(board)
    assert len(weight_map(board)) == 27 - 4


# -- symmetry ------------------------------------------------------------------------
SYMMETRIES = [
    lambda x, y: (x, y),
    lambda x, y: (-y, x),
    lambda x, y: (-x, -y),
    lambda x, y: (y, -x),
    lambda x, y: (-x, y),
    lambda x, y: (x, -y),
    lambda x, y: (y, x),
    lambda x, y: (-y, -x),
]


@settings(max_examples=40, deadline=None)
@given(
    st.data(),
    st.sampled_from(range(8)),
    st.tuples(st.integers(-(10**6), 10**6), st.integers(-(10**6), 10**6)),
)
def test_weights_unchanged_by_translation_and_symmetry(data, which, shift):
    try:
        board = random_board(data.draw, Rules(), 30, min_stones=1)
    except ValueError:
        return
    turn = board.turn
    sym = SYMMETRIES[which]

    def move(p):
        x, y = sym(*p)
        return (x + shift[0], y + shift[1])

    moved = Board()
    moved.set_up({move(p): s for p, s in board.stones.items()}, turn)
    before = weight_map(board)
    after = weight_map(moved)
    assert set(after) == {move(p) for p in before}
    for p, w in before.items():
        assert after[move(p)] == pytest.approx(w, rel=1e-12)


# -- the weight table ------------------------------------------------------------------
def test_the_shipped_table_is_the_seeds():
    table = load_weights(DATA / "weights.json")
    assert table == WeightTable(DEFAULT_ATTACKS)
    assert default_table() == table
    assert table.attack_weight(4, 2) == 100 and table.attack_weight(1, 1) == 0.1
    assert WeightTable.from_dict(table.to_dict()) == table


def test_a_replaced_table_changes_the_weights(tmp_path):
    data = default_table().to_dict()
    data["attacks"]["1"] = [None, 1, 1]
    path = tmp_path / "w.json"
    path.write_text(json.dumps(data))
    table = load_weights(path)
    assert cell_weight(Board(), (0, 0), table) == 8.0
    assert weight_map(Board(moves=[(0, 0)]), table) == weight_map_direct(Board(moves=[(0, 0)]), table)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.pop("attacks"), "'attacks' must be an object"),
        (lambda d: d["attacks"].pop("3"), "missing 3"),
        (lambda d: d["attacks"].__setitem__("6", [1, 1, 1]), "unexpected '6'"),
        (lambda d: d["attacks"].__setitem__("2", [None, 1]), 'attacks["2"] must be a list of 3'),
        (lambda d: d["attacks"]["4"].__setitem__(2, -1), 'attacks["4"][2] must be a finite number >= 0'),
        (lambda d: d["attacks"]["4"].__setitem__(1, "six"), 'attacks["4"][1] must be a finite number'),
        (lambda d: d["attacks"]["5"].__setitem__(0, None), 'attacks["5"][0] must be a number'),
        (lambda d: d.__setitem__("fork_bonus", True), "'fork_bonus' must be a finite number"),
        (lambda d: d.__setitem__("version", 7), "unsupported 'version' 7"),
    ],
)
def test_a_bad_table_says_what_is_wrong(tmp_path, change, message):
    data = default_table().to_dict()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(WeightTableError, match=message.replace("[", r"\[").replace("]", r"\]")) as info:
        load_weights(path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)


def test_a_table_that_is_not_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{ attacks: }")
    with pytest.raises(WeightTableError, match="bad.json line 1 column 3: expected JSON"):
        load_weights(path)
    path.write_text("[1, 2]")
    with pytest.raises(WeightTableError, match="expected a JSON object"):
        load_weights(path)


def test_a_table_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "table.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(default_table().to_dict()).encode())
    assert load_weights(path).rows == default_table().rows


def test_a_table_that_cannot_be_read_is_a_table_error(tmp_path):
    # A deeply nested file escaped as a RecursionError (a traceback in the CLI),
    # and a directory as a bare "[Errno 21]".
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    with pytest.raises(WeightTableError, match="deep.json: JSON nested too deeply"):
        load_weights(deep)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(WeightTableError, match="folder.json: a directory"):
        load_weights(folder)


def test_the_engine_never_imports_textual():
    code = "import sys, gomoku.attacks, gomoku.attacks.matrix; assert 'textual' not in sys.modules"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


@pytest.mark.parametrize("rules", [Rules(), Rules.preset("gomocup15"), Rules.preset("standard")])
def test_fast_map_equals_the_direct_scan_on_crowded_positions(rules):
    import random

    rng = random.Random(2026)
    board = Board(rules)
    low, high = rules.bounds or ((-9, -9), (9, 9))
    while len(board) < 150:
        point = (rng.randint(low[0], high[0]), rng.randint(low[1], high[1]))
        if point not in board.stones:
            board.push(point)
    assert weight_map(board) == weight_map_direct(board)


@settings(max_examples=25, deadline=None)
@given(st.data(), st.sampled_from(range(8)))
def test_weights_on_a_bounded_square_unchanged_by_its_symmetries(data, which):
    rules = Rules.square(9)
    try:
        board = random_board(data.draw, rules, 25, min_stones=1)
    except ValueError:
        return
    sym = SYMMETRIES[which]

    def move(p):
        # The square's symmetries about its centre (4, 4).
        x, y = sym(p[0] - 4, p[1] - 4)
        return (x + 4, y + 4)

    moved = Board(rules)
    moved.set_up({move(p): s for p, s in board.stones.items()}, board.turn)
    before = weight_map(board)
    after = weight_map(moved)
    assert set(after) == {move(p) for p in before}
    for p, w in before.items():
        assert after[move(p)] == pytest.approx(w, rel=1e-12)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)), unique=True, max_size=20))
def test_fast_map_equals_the_direct_scan_in_3d(cells):
    rules = Rules(k=4, dims=3, bounds=((0, 0, 0), (3, 3, 3)), name="cube4")
    board = Board(rules)
    for cell in cells:
        board.push(cell)
    assert weight_map(board) == weight_map_direct(board)


# -- gravity: only the cells a stone can be played on ----------------------------------
GRAVITY = [
    Rules.parse("size=7x6,k=4,gravity"),
    Rules.parse("size=8x6,k=4,gravity"),
    Rules.parse("size=9x9,k=5,gravity"),
    Rules.parse("size=3x3x4,k=3,gravity"),
]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GRAVITY), st.lists(st.integers(0, 10**6), max_size=30))
def test_under_gravity_the_weights_offer_only_playable_cells(rules, picks):
    board = Board(rules)
    for pick in picks:  # a random game: each move one of the playable cells
        if board.is_over:
            break
        moves = board.legal_moves()
        board.push(moves[pick % len(moves)])
    weights = weight_map(board)
    assert weights == weight_map_direct(board)
    assert weights or board.is_full
    assert all(p not in board.stones and rules.contains(p) and rules.rests(p, board.stones) for p in weights)
    if not board.is_over:
        assert set(weights) <= set(board.legal_moves()) and greedy_move(board) in board.legal_moves()


def test_connect_four_weights_the_cell_on_the_stones_not_the_one_above():
    rules = Rules.parse("size=7x6,k=4,gravity")
    board = Board(rules, moves=[(3, 0), (3, 1)])
    weights = weight_map(board)
    assert (3, 2) in weights and (3, 3) not in weights and (2, 1) not in weights
    assert board.candidates(2) == sorted(weights) == [(1, 0), (2, 0), (3, 2), (4, 0), (5, 0)]
    assert greedy_move(board) == (3, 2)


@pytest.mark.parametrize(
    "rules, centre",
    [
        (Rules.parse("size=7x6,k=4,gravity"), (3, 0)),
        (Rules.parse("size=3x3x4,k=3,gravity"), (1, 1, 0)),
        (Rules.preset("gomocup15"), (7, 7)),
        (Rules(), (0, 0)),
    ],
)
def test_an_empty_board_weighs_its_centre_and_under_gravity_the_bottom_of_it(rules, centre):
    board = Board(rules)
    assert list(weight_map(board)) == list(weight_map_direct(board)) == [centre]
    assert greedy_move(board) == centre
