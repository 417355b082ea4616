"""The fitted evaluation table and the tool that fits it (``bench.fit_eval``)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from bench import fit_eval
from gomoku.board import Board, Rules
from gomoku.core.cellvalues import CELL_VALUES, MULTISETS, TEMPO
from gomoku.core.grid import TURN, evaluate
from gomoku.core.patterns import ONE, combo_key, multiset_index, tables
from gomoku.core.rulevalues import rule_values
from gomoku.search.layout import Grid

ROOT = Path(__file__).resolve().parents[3]
GAME = [(9, 9), (10, 10), (9, 10), (10, 9), (8, 11), (11, 8), (10, 11), (8, 9), (7, 12), (11, 10)]


@pytest.mark.parametrize(
    "exact, renju, caro",
    [(False, False, False), (True, False, False), (False, True, False), (False, False, True)],
    ids=["freestyle", "exact", "renju", "caro"],
)
def test_every_combination_is_worth_the_value_of_its_sorted_codes(exact: bool, renju: bool, caro: bool) -> None:
    t = tables(exact, renju=renju, caro=caro)
    x_values, o_values = rule_values(renju, caro)
    index = multiset_index()
    for c in range(0, 9**4, 7):
        codes = tuple(sorted((c // 9**d) % 9 for d in range(4)))
        assert MULTISETS[index[c]] == codes
        assert t.combo_eval[1, c] == x_values[MULTISETS.index(codes)]
        assert t.combo_eval[2, c] == o_values[MULTISETS.index(codes)]
    # The lines' order does not matter.
    assert t.combo_eval[1, combo_key([5, 1, 3, 0])] == t.combo_eval[1, combo_key([0, 3, 1, 5])]
    if not (renju or caro):
        assert x_values == o_values == CELL_VALUES


def test_nothing_but_lone_stones_is_worth_nothing() -> None:
    assert all(v == 0 for m, v in zip(MULTISETS, CELL_VALUES) if max(m) <= ONE)


def test_the_kernel_counts_the_side_to_move_tempo_times() -> None:
    for n in range(4, len(GAME) + 1):
        grid = Grid(Board(rules=Rules.preset("gomocup20"), moves=GAME[:n]))
        g = grid.state
        s = int(g.meta[TURN])
        assert evaluate(g) == TEMPO * int(g.value[s]) - int(g.value[3 - s])


def test_the_fit_recovers_a_table_that_made_the_labels() -> None:
    rng = np.random.default_rng(3)
    n = len(MULTISETS)
    fixed = np.array([max(m) <= ONE for m in MULTISETS])
    truth = np.where(fixed, 0.0, rng.normal(0, 60, n))
    mine = rng.poisson(0.6, (6000, n)).astype(float)
    theirs = rng.poisson(0.6, (6000, n)).astype(float)
    ev = (TEMPO * mine - theirs) @ truth
    y = 1 / (1 + np.exp(-ev / fit_eval.SCALE))
    x = fit_eval.design(mine, theirs, np.ones(6000, dtype=int), per_colour=False)
    fitted = fit_eval.fit(x, y, np.zeros(n), pull=0.0)
    assert np.all(fitted[fixed] == 0)
    assert np.corrcoef(fitted[~fixed], truth[~fixed])[0, 1] > 0.95
    assert fit_eval.cross_entropy((TEMPO * mine - theirs) @ fitted, y) < fit_eval.cross_entropy(np.zeros(6000), y)


def test_the_fit_recovers_each_colours_table() -> None:
    # Renju's form: black's cells are worth one table, white's another, whoever is to move.
    rng = np.random.default_rng(5)
    n = len(MULTISETS)
    fixed = np.array([max(m) <= ONE for m in MULTISETS])
    black = np.where(fixed, 0.0, rng.normal(0, 60, n))
    white = np.where(fixed, 0.0, rng.normal(0, 60, n))
    mine = rng.poisson(0.6, (8000, n)).astype(float)
    theirs = rng.poisson(0.6, (8000, n)).astype(float)
    side = rng.integers(1, 3, 8000)
    x = fit_eval.design(mine, theirs, side, per_colour=True)
    own = np.where(side[:, None] == 1, black, white)
    opp = np.where(side[:, None] == 1, white, black)
    ev = TEMPO * (mine * own).sum(axis=1) - (theirs * opp).sum(axis=1)
    assert np.allclose(x @ np.concatenate([black, white]), ev)
    y = 1 / (1 + np.exp(-ev / fit_eval.SCALE))
    fitted = fit_eval.fit(x, y, np.zeros(2 * n), pull=0.0)
    assert np.all(fitted[np.tile(fixed, 2)] == 0)
    assert np.corrcoef(fitted[:n][~fixed], black[~fixed])[0, 1] > 0.9
    assert np.corrcoef(fitted[n:][~fixed], white[~fixed])[0, 1] > 0.9
    assert np.corrcoef(fitted[:n][~fixed], white[~fixed])[0, 1] < 0.3


def test_positions_with_a_five_to_make_are_left_out() -> None:
    mine, theirs, side = fit_eval.features(GAME[:6])
    assert mine.sum() == theirs.sum() == 400 - 6 and side == 1  # one count per empty cell; X to move
    four = [(0, 0), (19, 19), (1, 0), (19, 18), (2, 0), (19, 17), (3, 0)]
    assert fit_eval.features(four) is None


def test_under_renju_a_cell_forbidden_to_black_counts_for_nothing() -> None:
    # Black's stones at 7,5 7,6 and 5,7 6,7: 7,7 makes two open threes, a double three.
    moves = [(7, 5), (0, 0), (7, 6), (14, 0), (5, 7), (0, 14), (6, 7), (14, 14)]
    rules = Rules.preset("renju")
    assert Board(rules=rules, moves=moves).forbidden((7, 7)) is not None
    mine, theirs, side = fit_eval.features(moves, rules)
    assert side == 1 and theirs.sum() == 15 * 15 - len(moves)
    assert mine.sum() == theirs.sum() - sum(
        Board(rules=rules, moves=moves).forbidden(p) is not None
        for p in ((x, y) for x in range(15) for y in range(15))
        if p not in moves
    )
    assert mine.sum() < theirs.sum()


def test_the_tool_reports_and_rewrites_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = tmp_path / "labels.jsonl"
    lines = [{"moves": GAME[:n], "winrate": 0.3 + 0.04 * n} for n in range(4, len(GAME) + 1)] * 4
    labels.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    table = tmp_path / "cellvalues.py"
    table.write_text((ROOT / "gomoku" / "core" / "cellvalues.py").read_text())
    monkeypatch.setattr(fit_eval, "TABLE", table)
    assert fit_eval.main([str(labels), "--write"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["positions"] == len(lines)
    assert {"cross_entropy_current", "cross_entropy_fitted", "cross_entropy_constant"} <= set(report)
    spec = importlib.util.spec_from_file_location("rewritten", table)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert len(module.CELL_VALUES) == len(MULTISETS) and module.MULTISETS == MULTISETS
    assert all(isinstance(v, int) for v in module.CELL_VALUES)


def test_the_tool_fits_and_writes_renjus_two_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Black's positions labelled better than white's: the two tables come apart.
    labels = tmp_path / "labels.jsonl"
    games = [[(g, 0), (14 - g, 14)] for g in range(6)]
    lines = [{"moves": game + GAME[:n], "winrate": 0.8 if n % 2 == 0 else 0.45} for game in games for n in range(9)]
    labels.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    table = tmp_path / "rulevalues.py"
    table.write_text((ROOT / "gomoku" / "core" / "rulevalues.py").read_text())
    monkeypatch.setattr(fit_eval, "RULE_TABLES", table)
    monkeypatch.setattr(fit_eval, "TABLE", tmp_path / "absent.py")  # freestyle's is not touched
    assert fit_eval.main([str(labels), "--rules", "renju", "--write"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["positions"] >= 20
    spec = importlib.util.spec_from_file_location("rewritten_rules", table)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert len(module.RENJU_X) == len(module.RENJU_O) == len(MULTISETS)
    assert all(isinstance(v, int) for v in module.RENJU_X + module.RENJU_O)
    assert module.RENJU_X != module.RENJU_O
    assert module.CARO == rule_values(False, True)[0]  # the other rule's table is kept


def test_the_held_out_positions_are_whole_games() -> None:
    # 20 games of 12 positions each, told apart by their first six moves: the
    # held-out set is 15% of the games (3), each with all its positions.
    games = [[(g, 0), (g, 1), (g, 2), (g, 3), (g, 4), (g, 5)] for g in range(20)]
    positions = [game + [(i, 9)] * i for game in games for i in range(12)]
    train, test, held = fit_eval.split_by_game(positions)
    assert held == 3 and len(test) == 3 * 12
    assert sorted(train.tolist() + test.tolist()) == list(range(len(positions)))
    held_games = {positions[i][0] for i in test}
    assert held_games.isdisjoint({positions[i][0] for i in train}) and len(held_games) == 3
    assert fit_eval.split_by_game(positions[:12]) is None  # one game: nothing to hold out


@pytest.mark.parametrize("lengths", [[5], [6, 7, 8] * 10])  # one position; thirty positions of one game
def test_too_few_labels_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lengths: list[int]
) -> None:
    labels = tmp_path / "labels.jsonl"
    labels.write_text("".join(json.dumps({"moves": GAME[:n], "winrate": 0.5}) + "\n" for n in lengths))
    assert fit_eval.main([str(labels)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("fit_eval:") and err.count("\n") == 1


def test_game_records_label_each_position_by_who_won(tmp_path: Path) -> None:
    from gomoku.records import save_game
    from gomoku.records.game import GameRecord

    moves = GAME + [(12, 11)]
    path = tmp_path / "game.json"
    save_game(GameRecord(rules=Rules.preset("gomocup20"), moves=moves, result="X"), path)
    labels = list(fit_eval.from_games([str(path)], skip=6))
    assert [len(m) for m, _ in labels] == list(range(6, len(moves)))
    assert [w for _, w in labels] == [1.0 if k % 2 == 0 else 0.0 for k in range(6, len(moves))]


def test_game_records_mix_the_result_with_the_searchs_chance(tmp_path: Path) -> None:
    from gomoku.engine.chance import win_chance
    from gomoku.records import save_game
    from gomoku.records.game import GameRecord

    moves = GAME + [(12, 11)]
    scores = [None] * 6 + [300.0, -250.0, None, 40.0, 0.0]  # the mover's view, as selfplay records it
    path = tmp_path / "game.json"
    record = GameRecord(rules=Rules.preset("gomocup20"), moves=moves, result="X", metadata={"scores": scores})
    save_game(record, path)
    labels = [w for _, w in fit_eval.from_games([str(path)], skip=6, searched=0.25)]
    results = [1.0 if k % 2 == 0 else 0.0 for k in range(6, len(moves))]
    expected = [
        r if scores[k] is None else 0.75 * r + 0.25 * win_chance(scores[k])
        for k, r in zip(range(6, len(moves)), results)
    ]
    assert labels == pytest.approx(expected)
    assert labels[0] < 1.0 and labels[2] == 1.0  # 300 for the winner: a little less than a win; no score: the result
