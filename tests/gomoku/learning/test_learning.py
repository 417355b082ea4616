"""Training the learned evaluation: the examples are the positions' features,
training lowers the loss, the network written plays as the trainer predicts,
and ``gomoku train`` and ``strong:FILE`` take bad input as one-line errors."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gomoku.board import Board
from gomoku.cli import main
from gomoku.core import grid as kgrid
from gomoku.core.grid import TURN
from gomoku.engine import Engine, check_player
from gomoku.engine.chance import default_model
from gomoku.learning import (
    TrainError,
    TrainOptions,
    init_params,
    mean_loss,
    run_epoch,
    to_examples,
    to_net,
    toy_dataset,
    train_net,
)
from gomoku.learning.train import _forward, from_net
from gomoku.protocol.pbrain import check_brain_level
from gomoku.protocol.pbrain import main as pbrain_main
from gomoku.search.layout import Grid
from gomoku.search.nets import NETS_DIR, NetError, available, load_net, save_net
from gomoku.selfplay import load_dataset, save_dataset


def exit_code(argv: list[str]) -> int:
    """``gomoku ARGV``'s exit code, whether argparse or the command stopped it."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code)


def test_examples_hold_both_views_of_every_position():
    data = toy_dataset()
    ex = to_examples([data], blend=0.0)
    assert len(ex) == len(data) == 4
    assert np.array_equal(ex.target, (data.result + 1) / 2)  # blend 0: the result alone
    for i in range(len(ex)):
        board = data.board(i)
        g = Grid(board).state
        s = int(g.meta[TURN])
        own, opp = ex.rows[ex.start[i] : ex.split[i]], ex.rows[ex.split[i] : ex.start[i + 1]]
        assert own.size > 0 and opp.size > 0 and (own > 0).all()
        assert ex.own[i] == g.value[s] and ex.opp[i] == g.value[3 - s]
    mixed = to_examples([data], blend=1.0)
    assert not np.array_equal(mixed.target, ex.target)


@pytest.mark.parametrize("cells", [False, True])
def test_the_grid_evaluates_as_the_trainer_predicts(cells):
    data = toy_dataset()
    ex = to_examples([data], cells=cells)
    params = init_params(dim=4, hidden=6, a=0.002, b=-0.1, seed=3, cells=cells)
    for epoch in range(5):
        run_epoch(ex, params, lr=0.05, decay=0.0, batch=2, seed=epoch)
    net = to_net(params, "toy", {})
    assert net.has_cells == cells
    x = np.zeros(8, np.float32)
    z = np.zeros(6, np.float32)
    for i in range(len(ex)):
        logit = _forward(
            ex.rows,
            ex.start[i],
            ex.split[i],
            ex.start[i + 1],
            params.code,
            *params.arrays(),
            ex.own[i],
            ex.opp[i],
            x,
            z,
        )
        g = Grid(data.board(i), net=net).state
        assert kgrid.evaluate(g) == pytest.approx((logit + 0.1) / 0.002, abs=3.0)


def test_a_run_keeps_the_best_epoch_and_writes_a_network(tmp_path):
    out = tmp_path / "toy.npz"
    net, report = train_net(
        [toy_dataset()] * 3, "toy", TrainOptions(epochs=4, dim=4, hidden=4, hold_out=3, lr=0.01), out=out
    )
    assert report.held_out_positions > 0 and len(report.held_out) == 4
    loaded = load_net(str(out))
    assert np.array_equal(loaded.embed, net.embed) and loaded.meta["trained"]["positions"] == report.positions
    assert loaded.meta["trained"]["held_out_loss"] == pytest.approx(
        min(
            [report.held_out[report.best_epoch]]
            if report.best_epoch >= 0
            else [loaded.meta["trained"]["held_out_loss"]]
        ),
        abs=1e-4,
    )


def test_training_lowers_the_loss_on_what_it_sees():
    ex = to_examples([toy_dataset()], blend=0.0)  # the results alone: a loss that can reach 0
    params = init_params(dim=4, hidden=4, a=0.002, b=0.0, seed=1)
    before = mean_loss(ex, params)
    for epoch in range(20):
        run_epoch(ex, params, lr=0.02, decay=0.0, batch=4, seed=epoch)
    assert mean_loss(ex, params) < 0.5 * before


def test_a_level_plays_with_a_network_file(tmp_path):
    net, _ = train_net([toy_dataset()] * 3, "toy", TrainOptions(epochs=1, dim=4, hidden=4, hold_out=3))
    path = save_net(net, tmp_path / "toy.npz")
    engine = Engine(f"strong:{path}")
    assert engine.level == "strong" and engine.evaluation == str(path)
    board = Board(moves=[(0, 0), (1, 1), (0, 1), (5, 5)])
    hint = engine.hint(board, nodes=3000)
    assert hint.move not in board.stones and hint.nodes > 0
    assert Engine().hint(board, level=f"normal:{path}", nodes=2000).level == "normal"


def test_bad_networks_are_one_line_errors(tmp_path):
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"not a zip")
    with pytest.raises(NetError, match="cannot read network"):
        load_net(str(broken))
    with pytest.raises(ValueError, match="no evaluation named 'nothing'"):
        check_player("strong:nothing")
    net, _ = train_net([toy_dataset()] * 3, "toy", TrainOptions(epochs=1, dim=4, hidden=4, hold_out=3))
    bad_w1 = net.w1.copy()
    bad_w1[0, 0] = np.nan
    with pytest.raises(NetError, match="NaN"):
        type(net)(net.name, net.embed, bad_w1, net.b1, net.w2, net.head)
    extra = np.zeros((net.embed.shape[0] + 5, net.width), np.int32)  # neither the windows nor the cells' rows
    with pytest.raises(NetError, match=r"embed has shape \(32766, 4\)"):
        type(net)(net.name, extra, net.w1, net.b1, net.w2, net.head)


def test_the_train_command(tmp_path, capsys):
    data = tmp_path / "positions.npz"
    save_dataset(toy_dataset(), data)
    out = tmp_path / "net.npz"
    assert (
        main(
            [
                "train",
                str(data),
                str(tmp_path),
                str(data),
                "--out",
                str(out),
                "--epochs",
                "2",
                "--dim",
                "4",
                "--hidden",
                "4",
                "--hold-out",
                "3",
                "--json",
                "--quiet",
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    report = json.loads(printed)
    assert report["out"] == str(out) and report["positions"] == 12 and len(report["held_out_by_epoch"]) == 2
    assert report["order_positions"] == 6 and len(report["order_held_out_after"]) == 3
    assert report["options"]["max_score"] is None and "Infinity" not in printed
    assert load_net(str(out)).width == 4 and not load_net(str(out)).has_cells
    cells = tmp_path / "cells.npz"
    assert (
        main(
            [
                "train",
                str(data),
                "--out",
                str(cells),
                "--epochs",
                "1",
                "--dim",
                "4",
                "--hidden",
                "4",
                "--hold-out",
                "3",
                "--cells",
                "--no-order",
                "--quiet",
            ]
        )
        == 0
    )
    assert load_net(str(cells)).has_cells and load_net(str(cells)).meta["trained"]["options"]["cells"] is True


def test_training_goes_on_from_a_network(tmp_path, capsys):
    """``--from``: the start is the network named (its loss, its size and
    features), and what comes out is trained on from there."""
    data = [toy_dataset()] * 3
    first, _ = train_net(
        data,
        "first",
        TrainOptions(epochs=3, dim=4, hidden=4, hold_out=3, lr=0.02, cells=True, order_epochs=3, order_lr=0.05),
        out=tmp_path / "first.npz",
    )
    again, report = train_net(
        data, "again", TrainOptions(epochs=2, hold_out=3, lr=0.02, order=False, start=str(tmp_path / "first.npz"))
    )
    assert again.width == 4 and again.w1.shape[0] == 4 and again.has_cells  # the start's, not the defaults 8 and 16
    assert first.has_order and np.array_equal(again.pol_own, first.pol_own)  # its move order, not trained, stays
    settings = again.meta["trained"]["options"]
    assert settings["start"] == str(tmp_path / "first.npz") and (settings["dim"], settings["cells"]) == (4, True)
    ex = to_examples(data, blend=0.5, model=default_model(), cells=True)
    before = mean_loss(ex.subset(ex.game % 3 == 0), from_net(first, b=default_model().b))
    # The start's own loss on the held-out games is the bar an epoch must beat.
    assert report.start_held_out == pytest.approx(before, abs=1e-5)
    assert again.meta["trained"]["start_held_out_loss"] == pytest.approx(before, abs=1e-4)
    if report.best_epoch < 0:
        assert np.array_equal(again.embed, first.embed)
    else:
        assert report.best < before + 1e-4 and not np.array_equal(again.embed, first.embed)
    data_file = tmp_path / "positions.npz"
    save_dataset(toy_dataset(), data_file)
    for start, message in (
        ("classic", "the hand-set evaluation is where training starts"),
        ("nothing", "no evaluation named 'nothing'"),
    ):
        assert exit_code(["train", str(data_file), "--out", str(tmp_path / "x.npz"), "--from", start, "--quiet"]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1 and not (tmp_path / "x.npz").exists()
    with pytest.raises(TrainError, match="not with --no-value"):
        TrainOptions(value=False, start="round3").check()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--epochs", "0"], "--epochs"),
        (["--lr", "nan"], "--lr must be"),
        (["--blend", "2"], "--blend must be"),
        (["--out", "net.txt"], "ending in .npz"),
        (["MISSING"], "no such dataset"),
    ],
)
def test_bad_train_options_are_one_line_errors(tmp_path, capsys, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    save_dataset(toy_dataset(), tmp_path / "positions.npz")
    base = ["train", "positions.npz", "--out", "net.npz", "--quiet"]
    if args == ["MISSING"]:
        base[1] = "missing.npz"
        args = []
    if "--out" in args:
        base = base[:2] + base[4:]
    assert exit_code([*base, *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and not (tmp_path / "net.npz").exists()


def test_a_corrupt_dataset_is_a_one_line_error(tmp_path, capsys):
    (tmp_path / "bad.npz").write_bytes(b"junk")
    assert exit_code(["train", str(tmp_path / "bad.npz"), "--out", str(tmp_path / "n.npz")]) == 2
    assert capsys.readouterr().err.count("\n") == 1 and not (tmp_path / "n.npz").exists()


def test_a_move_order_alone_keeps_the_hand_set_evaluation(tmp_path):
    net, report = train_net(
        [toy_dataset()] * 3, "order", TrainOptions(value=False, order_epochs=3, hold_out=3, order_lr=0.05)
    )
    assert not net.has_value and net.has_order and report.order_positions == 6
    assert np.abs(net.pol_own).max() > 0 and np.abs(net.pol_own).max() <= 250
    path = save_net(net, tmp_path / "order.npz")
    board = Board(moves=[(0, 0), (1, 1), (0, 1), (5, 5)])
    g = Grid(board, net=load_net(str(path))).state
    assert kgrid.evaluate(g) == 2 * g.value[1] - g.value[2]  # X to move: the hand-set evaluation
    assert Engine(f"strong:{path}").hint(board, nodes=3000).nodes > 0
    with pytest.raises(TrainError, match="nothing to train"):
        TrainOptions(value=False, order=False).check()


def test_a_brain_plays_with_a_network(tmp_path, capsys):
    net, _ = train_net([toy_dataset()] * 3, "toy", TrainOptions(epochs=1, dim=4, hidden=4, hold_out=3))
    path = save_net(net, tmp_path / "toy.npz")
    assert check_brain_level(f"strong:{path}") == f"strong:{path}"
    assert pbrain_main(["--level", "strong:nothing"]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("pbrain-gomoku: error: no evaluation named 'nothing' (classic, round1,") and err.count("\n") == 1
    )


def test_the_shipped_rounds_load_and_say_what_they_were_trained_on():
    """``data/nets``: each round trained on all the self-play before it (the
    hand-set engine's, then each round's own), round three with the cell
    features; each network's value read as its own, not the hand-set one."""
    assert {"round1", "round2", "round3"} <= set(available())
    games = {}
    board = Board(moves=[(0, 0), (1, 1), (0, 1), (5, 5), (0, 2)])
    classic = Grid(board).state
    for name in ("round1", "round2", "round3"):
        net = load_net(name)
        assert net is not None and net.has_value and net.width == 8
        assert (
            net.has_cells == (name == "round3") and net.meta["trained"]["options"].get("cells", False) == net.has_cells
        )
        trained = net.meta["trained"]
        games[name] = trained["games"]
        assert trained["held_out_loss"] < trained["hand_set_held_out_loss"]
        g = Grid(board, net=net).state
        assert kgrid.evaluate(g) != kgrid.evaluate(classic)
    assert games == {"round1": 6001, "round2": 12034, "round3": 18034}


def test_round_five_was_trained_on_from_round_three_on_the_shipped_games():
    """``round5``: ``round3`` trained on (``--from``) with the deeper self-play
    that ships in ``data/selfplay``; it predicts those games' held-out
    positions better than ``round3`` did, and plays its own value."""
    net, start = load_net("round5"), load_net("round3")
    trained = net.meta["trained"]
    assert trained["options"]["start"] == "round3" and net.has_cells and net.width == start.width
    assert trained["sources"] == ["data/selfplay/round5.npz"]
    data = load_dataset(NETS_DIR.parent / "selfplay" / "round5.npz")
    assert (trained["games"], trained["positions"]) == (len(np.unique(data.game)), len(data)) == (1196, 49095)
    assert data.meta["settings"]["time_per_move_ms"] == 300 and data.meta["specs"] == ["strong", "strong"]
    assert trained["held_out_loss"] < trained["start_held_out_loss"] < trained["hand_set_held_out_loss"]
    board = Board(moves=[(0, 0), (1, 1), (0, 1), (5, 5), (0, 2)])
    assert kgrid.evaluate(Grid(board, net=net).state) != kgrid.evaluate(Grid(board, net=start).state)


def test_round_six_ships_deeper_games_of_round_three():
    """``data/selfplay/round6.npz``: more games of ``round3`` against itself at
    300 ms a move, as round five's (another seed), for the next round to train on."""
    six = load_dataset(NETS_DIR.parent / "selfplay" / "round6.npz")
    five = load_dataset(NETS_DIR.parent / "selfplay" / "round5.npz")
    assert six.meta["games"] == len(np.unique(six.game)) == 1406
    assert six.meta["positions"] == len(six) == 57712
    assert six.meta["time_per_move_ms"] == 300 and six.meta["specs"] == ["strong", "strong"]
    assert six.meta["settings"]["selfplay"] == {**five.meta["settings"]["selfplay"], "seed": 6}
    assert np.all(np.abs(six.score) < 1e9) and set(np.unique(six.result)) <= {-1, 0, 1}
