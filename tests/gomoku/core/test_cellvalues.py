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
from gomoku.search.layout import Grid

ROOT = Path(__file__).resolve().parents[3]
GAME = [(9, 9), (10, 10), (9, 10), (10, 9), (8, 11), (11, 8), (10, 11), (8, 9), (7, 12), (11, 10)]


@pytest.mark.parametrize("exact", [False, True])
def test_every_combination_is_worth_the_value_of_its_sorted_codes(exact: bool) -> None:
    t = tables(exact)
    index = multiset_index()
    for c in range(0, 9**4, 7):
        codes = tuple(sorted((c // 9**d) % 9 for d in range(4)))
        assert MULTISETS[index[c]] == codes
        assert t.combo_eval[c] == CELL_VALUES[MULTISETS.index(codes)]
    # The lines' order does not matter.
    assert t.combo_eval[combo_key([5, 1, 3, 0])] == t.combo_eval[combo_key([0, 3, 1, 5])]


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
    fitted = fit_eval.fit(mine, theirs, y, np.zeros(n), pull=0.0)
    assert np.all(fitted[fixed] == 0)
    assert np.corrcoef(fitted[~fixed], truth[~fixed])[0, 1] > 0.95
    assert fit_eval.cross_entropy((TEMPO * mine - theirs) @ fitted, y) < fit_eval.cross_entropy(np.zeros(6000), y)


def test_positions_with_a_five_to_make_are_left_out() -> None:
    mine, theirs = fit_eval.features(GAME[:6])
    assert mine.sum() == theirs.sum() == 400 - 6  # one count per empty cell
    four = [(0, 0), (19, 19), (1, 0), (19, 18), (2, 0), (19, 17), (3, 0)]
    assert fit_eval.features(four) is None


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
