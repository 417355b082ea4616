"""The game tree (``gomoku.records.tree``): playing, stepping through, promoting and
deleting variations, and the tree in native JSON."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import BoardError, Rules
from gomoku.records import GameRecord, RecordError, load_game, record_from_dict, record_to_dict, save_game
from gomoku.records.tree import GameTree, Node

RULES = Rules(bounds=((0, 0), (5, 5)))
POINTS = st.tuples(st.integers(0, 5), st.integers(0, 5))


@st.composite
def trees(draw: st.DrawFn) -> GameTree:
    """A tree grown by legal moves played at nodes picked at random."""
    tree = GameTree(RULES)
    for _ in range(draw(st.integers(0, 25))):
        nodes = list(tree.nodes())
        node = nodes[draw(st.integers(0, len(nodes) - 1))]
        try:
            tree.play(node, draw(POINTS))
        except BoardError:
            pass
    return tree


def pick(draw: st.DrawFn, tree: GameTree, root: bool = False) -> Node | None:
    nodes = [n for n in tree.nodes() if root or n.parent is not None]
    return nodes[draw(st.integers(0, len(nodes) - 1))] if nodes else None


@settings(max_examples=60, deadline=None)
@given(trees(), st.data())
def test_play_then_delete_restores_the_tree(tree: GameTree, data: st.DataObject) -> None:
    node = pick(data.draw, tree, root=True)
    assert node is not None
    move = data.draw(POINTS)
    before = tree.copy()
    if node.child(move) is not None:
        return  # an existing child is reused, not added
    try:
        child = tree.play(node, move)
    except BoardError:
        assert tree == before
        return
    assert tree != before and child.moves() == node.moves() + [move]
    assert tree.delete(child) is node
    assert tree == before


@settings(max_examples=60, deadline=None)
@given(trees(), st.data())
def test_promote_twice_returns(tree: GameTree, data: st.DataObject) -> None:
    node = pick(data.draw, tree)
    if node is None:
        return
    before = tree.copy()
    main = node.siblings[0]
    tree.promote(node)
    assert node.siblings[0] is node
    tree.promote(main)
    assert tree == before


@settings(max_examples=60, deadline=None)
@given(trees(), st.data())
def test_the_main_line_is_unchanged_by_variations_elsewhere(tree: GameTree, data: st.DataObject) -> None:
    main = tree.main_line()
    node = pick(data.draw, tree, root=True)
    assert node is not None
    if not node.children:
        return  # a move here would lengthen the main line or a variation's end
    try:
        tree.play(node, data.draw(POINTS))
    except BoardError:
        pass
    assert tree.main_line() == main


@settings(max_examples=60, deadline=None)
@given(trees())
def test_native_json_round_trip(tree: GameTree) -> None:
    record = GameRecord.from_tree(tree, "draw", {"black": "Ada"})
    again = record_from_dict(record_to_dict(record))
    assert again.game_tree() == tree and again.moves == tree.main_line()
    assert again == record


def test_play_reuses_a_child_and_steps_through_variations() -> None:
    tree = GameTree.from_moves([(0, 0), (1, 0)])
    first = tree.root.children[0]
    assert tree.play(first, (1, 0)) is first.children[0]
    b, c = tree.play(first, (2, 0)), tree.play(first, (3, 0))
    main = first.children[0]
    assert [n.move for n in first.children] == [(1, 0), (2, 0), (3, 0)]
    assert tree.next_variation(main) is b and tree.next_variation(b) is c and tree.next_variation(c) is None
    assert tree.previous_variation(c) is b and tree.previous_variation(main) is None
    assert main.is_main_line and not c.is_main_line and c.ply == 2
    tree.promote(c)
    assert tree.main_line() == [(0, 0), (3, 0)] and [n.move for n in first.children] == [(3, 0), (2, 0), (1, 0)]
    assert tree.board(b).move_stack == [(0, 0), (2, 0)]
    with pytest.raises(BoardError):
        tree.play(b, (0, 0))
    with pytest.raises(ValueError, match="root"):
        tree.delete(tree.root)
    with pytest.raises(ValueError, match="another game tree"):
        GameTree().delete(b)
    assert tree.delete(c) is first and tree.main_line() == [(0, 0), (2, 0)]


def test_an_old_file_and_a_tree_in_native_json() -> None:
    old = {"format": "gomoku", "version": 1, "moves": [[0, 0], [1, 0], [0, 1]]}
    assert record_from_dict(old).tree is None
    tree = GameTree.from_moves([(0, 0), (1, 0), (0, 1)])
    tree.play(tree.root.children[0], (5, 5)).comment = "the other reply"
    tree.root.comment = "a game"
    data = record_to_dict(GameRecord.from_tree(tree))
    assert data["moves"] == [[0, 0], [1, 0], [0, 1]]
    assert data["variations"] == [{"at": 1, "moves": [[5, 5]], "comments": {"1": "the other reply"}}]
    assert data["comments"] == {"0": "a game"}
    assert record_from_dict(data).game_tree() == tree
    # A tree of one line without comments is written as before.
    assert "variations" not in record_to_dict(GameRecord.from_tree(GameTree.from_moves([(0, 0)])))


@pytest.mark.parametrize(
    "variations, fragment",
    [
        ({"at": 1, "moves": [[1, 0]]}, "game.variations[0].moves[0]: 1,0 is already a variation there"),
        ({"at": 3, "moves": [[5, 5]]}, "game.variations[0].at: expected a move number from 0 to 1, not 3"),
        ({"at": 1, "moves": []}, "game.variations[0].moves: expected a list of points [x, y], at least one"),
        ({"at": 1, "moves": [[0, 0]]}, "game.variations[0].moves[0] (0,0): cell 0,0 is already taken"),
        ({"at": 1, "move": [[5, 5]]}, "game.variations[0]: unexpected field 'move'"),
        ({"at": 1, "moves": [[5, 5]], "comments": {"2": "x"}}, "game.variations[0].comments: key '2'"),
        (
            {"at": 1, "moves": [[5, 5], [6, 6]], "variations": [{"at": 0, "moves": [[7, 7]]}]},
            "game.variations[0].variations[0].at: expected a move number from 1 to 1, not 0",
        ),
        ("x", "game.variations: expected a list of variations"),
    ],
)
def test_a_malformed_tree_is_named_in_one_line(variations: object, fragment: str) -> None:
    data = {"format": "gomoku", "version": 1, "moves": [[0, 0], [1, 0]], "variations": [variations]}
    if variations == "x":
        data["variations"] = "x"
    with pytest.raises(RecordError) as caught:
        record_from_dict(data)
    assert fragment in str(caught.value) and "\n" not in str(caught.value)


def test_the_records_tree_must_match_its_moves() -> None:
    tree = GameTree.from_moves([(0, 0), (1, 0)])
    tree.play(tree.root, (3, 3))
    record = GameRecord.from_tree(tree)
    record.moves.append((2, 2))
    with pytest.raises(RecordError, match="not its tree's main line"):
        record.game_tree()


@pytest.mark.parametrize("suffix", [".json", ".sgf"])
def test_a_tree_saved_and_loaded_by_file(tmp_path: Path, suffix: str) -> None:
    tree = GameTree.from_moves([(0, 0), (1, 0), (0, 1)])
    tree.play(tree.root.children[0], (-3, 2)).comment = "or this"
    tree.play(tree.root, (7, 7))
    save_game(GameRecord.from_tree(tree, "X", {"black": "Ada"}), tmp_path / f"game{suffix}")
    record = load_game(tmp_path / f"game{suffix}")
    assert record.game_tree() == tree and record.moves == tree.main_line() and record.result == "X"
