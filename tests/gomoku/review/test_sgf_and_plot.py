"""The review written out (issue 53): as an annotated SGF game (comments, SGF's move
annotations, the better line as a variation) and as the graph (every flagged class
marked, a legend, whole move numbers on the axis).

Searches run on small node budgets (a node limit makes a search repeatable)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from gomoku.board import Board, Rules
from gomoku.engine import Engine
from gomoku.records import GameRecord, parse_sgf
from gomoku.records.sgf import sgf_root
from gomoku.review import review_game
from gomoku.review.plot import MARKED, _png, _pyplot, move_ticks, plot_points, svg
from gomoku.review.sgf import review_sgf

NODES = 3000
TICTACTOE_LOST = [(1, 1), (0, 1), (0, 0), (2, 2), (1, 0), (1, 2), (2, 0)]
"""O's edge reply 0,1 (ply 1) loses to perfect play; X wins with 2,0."""
FIVE_SKIPPED_AND_LOST = [(0, 0), (-1, 0), (1, 0), (0, 5), (2, 0), (5, 5), (3, 0), (9, 9), (7, 7), (9, 8), (4, 0)]


def sgf_of(moves, rules: Rules, **kwargs) -> tuple[str, object]:
    review = review_game(moves, rules, **kwargs)
    root, coord = sgf_root(GameRecord.from_board(Board(rules, moves)))
    return review_sgf(review, root, coord), review


def nodes_of(text: str) -> list[str]:
    """The nodes of an SGF text, in order (a node: ';' and its properties)."""
    return re.findall(r";(?:[A-Z]+(?:\[(?:\\.|[^\]\\])*\])+)+", text)


def test_the_sgf_comments_every_move_and_marks_the_blunder_with_a_variation() -> None:
    text, review = sgf_of(TICTACTOE_LOST, Rules.preset("tictactoe"))
    record = parse_sgf(text)  # our reader takes the main line: the game, variations skipped
    assert record.moves == TICTACTOE_LOST and record.rules.bounds == ((0, 0), (2, 2))
    moves = [n for n in nodes_of(text) if re.match(r";[BW]\[", n)]
    comments = [n for n in moves if "C[" in n and re.search(r"C\[\d+\. ", n)]
    assert len(comments) == len(TICTACTOE_LOST)
    blunder = next(n for n in comments if "C[2. O 0,1: blunder (draw -> loss in 5)." in n)
    assert blunder.startswith(";W[ab]BM[2]")
    assert "Better: " in blunder and "X makes three in a row" in text
    # The better line: a variation beside O's move, O's corner first, commented.
    variation = re.search(r"\)\s*\(;W\[..\]C\[Better: (\d,\d): a draw\.\]", text)
    assert variation and variation.group(1) == "{},{}".format(*review.moves[1].better)
    assert text.startswith("(;FF[4]GM[4]") and "C[Reviewed by gomoku." in text


def test_the_sgf_uses_sgfs_move_annotations() -> None:
    engine = Engine("strong", memory_mb=16)
    text, review = sgf_of(FIVE_SKIPPED_AND_LOST, Rules(), nodes=NODES, engine=engine)
    assert parse_sgf(text).moves == FIVE_SKIPPED_AND_LOST
    nodes = {int(m.group(1)): n for n in nodes_of(text) if (m := re.search(r"C\[(\d+)\. ", n))}
    for move in review.moves:
        node = nodes[move.ply + 1]
        expected = {"blunder": "BM[2]", "mistake": "BM[1]", "inaccuracy": "DO[]"}.get(move.grade)
        if expected:
            assert expected in node, (move, node)
        else:
            assert "BM[" not in node and "DO[" not in node
    assert "X could win at once at 4,0" in nodes[9] and "BM[2]" in nodes[9]


def test_the_graph_marks_every_flagged_class_with_a_legend() -> None:
    points = [0.5, 0.55, 0.2, 0.25, 0.0, 0.1, 0.3]
    marks = [(0, "inaccuracy"), (1, "blunder"), (3, "mistake")]
    root = ET.fromstring(svg(points, marks))
    ns = {"s": "http://www.w3.org/2000/svg"}
    titled = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.find("s:title", ns) is not None]
    assert [g.find("s:title", ns).text for g in titled] == ["move 1: inaccuracy", "move 2: blunder", "move 4: mistake"]
    shapes = {g.find("s:title", ns).text.split(": ")[1]: g[0].tag.split("}")[1] for g in titled}
    assert shapes == {"inaccuracy": "circle", "mistake": "rect", "blunder": "polygon"}  # a marker each
    legend = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "legend"]
    assert [g.find("s:text", ns).text for g in legend] == list(MARKED)
    ticks = [t.text for t in root.findall("s:text", ns) if t.get("y") == str(300 - 36 + 16)]
    assert ticks == ["0", "1", "2", "3", "4", "5", "6"]


def test_the_graphs_ticks_are_whole_move_numbers() -> None:
    for count in (2, 5, 9, 22, 41, 120):
        ticks = move_ticks(count)
        assert ticks[0] == 0 and all(isinstance(t, int) for t in ticks) and ticks[-1] <= count - 1
        assert 3 <= len(ticks) <= 11 or count < 3
    pytest.importorskip("matplotlib")
    plt = _pyplot()
    figure = _png(plt, [0.5, 0.6, 0.4, 0.45, 0.2, 0.3], [(1, "inaccuracy"), (3, "blunder")], "a game")
    try:
        axes = figure.axes[0]
        assert [float(t) for t in axes.get_xticks()] == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
        assert [t.get_text() for t in axes.get_legend().get_texts()] == list(MARKED)
    finally:
        plt.close(figure)


def test_the_review_gives_the_graph_its_inaccuracies_too() -> None:
    review = review_game(TICTACTOE_LOST, Rules.preset("tictactoe"))
    points, marks = plot_points(review)
    assert len(points) == len(TICTACTOE_LOST) + 1
    assert marks == [(m.ply, m.grade) for m in review.moves if m.grade in MARKED]
