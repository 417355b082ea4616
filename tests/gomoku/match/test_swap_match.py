"""Matches under a swap opening (``--opening swap2``/``swap1``, ``gomoku.match.swaps``): the
players decide the opening and the colours themselves (our levels by the engine's swap module,
a pbrain program by SWAP2BOARD), the records say who chose what, and the score is per player."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from brain_scripts import our_brain

from gomoku.board import Board, Rules, Stone
from gomoku.commands.play import add_game_options, game_options
from gomoku.engine.swap import SwapDecision
from gomoku.match import MatchConfig, MatchError, play_game, run_match
from gomoku.match.swaps import SwapFailure, play_swap

RULES = Rules.preset("gomocup15")


class Decider:
    """A player of fixed swap answers (one a call, in order) that then plays the first free cell of a row."""

    def __init__(self, name: str, answers: list[SwapDecision], row: int = 0) -> None:
        self.name, self.answers, self.row = name, list(answers), row
        self.asked: list[int] = []

    def new_game(self, rules: Rules, time_per_move_ms: int) -> None:
        pass

    def swap(self, board: Board, rule: str) -> SwapDecision:
        self.asked.append(len(board.move_stack))
        return self.answers.pop(0)

    def move(self, board: Board) -> tuple[int, int]:
        return next((x, self.row) for x in range(15) if (x, self.row) not in board.stones)

    def close(self) -> None:
        pass


OPENING = SwapDecision(stones=((7, 7), (8, 8), (3, 7)))


@pytest.mark.parametrize(
    ("first", "second", "black", "stones", "notes"),
    [
        ([OPENING], [SwapDecision(swap=True)], "second", 3, ["first places 7,7 8,8 3,7", "second takes black"]),
        (
            [OPENING],
            [SwapDecision(stones=((9, 9),))],
            "first",
            4,
            ["first places 7,7 8,8 3,7", "second keeps white, plays 9,9"],
        ),
        (
            [OPENING, SwapDecision(swap=True)],
            [SwapDecision(stones=((9, 9), (5, 5)))],
            "first",
            5,
            ["first places 7,7 8,8 3,7", "second places 9,9 5,5, the other chooses", "first takes black"],
        ),
        ([OPENING, SwapDecision(stones=((1, 1),))], [SwapDecision(stones=((9, 9), (5, 5)))], "second", 6, None),
    ],
)
def test_the_swap2_steps_give_the_colours_the_players_chose(first, second, black, stones, notes) -> None:
    players = {"first": Decider("first", first), "second": Decider("second", second)}
    opening = play_swap(players["first"], players["second"], RULES, "swap2", 1000, 1000)
    assert opening.black is players[black] and opening.white is players["second" if black == "first" else "first"]
    assert len(opening.board.move_stack) == stones
    assert opening.board.turn is (Stone.O if stones % 2 else Stone.X)
    if notes is not None:
        assert opening.notes == notes


@pytest.mark.parametrize(
    ("first", "second", "rule", "loser_first", "reason"),
    [
        ([SwapDecision(swap=True)], [], "swap2", True, "illegal swap2 answer 'SWAP' with 0 stones"),
        (
            [OPENING],
            [SwapDecision(stones=((9, 9), (5, 5)))],
            "swap1",
            False,
            "illegal swap1 answer '9,9 5,5' with 3 stones",
        ),
        ([OPENING], [SwapDecision(stones=((7, 7),))], "swap2", False, "illegal stone 7,7"),
        ([SwapDecision(stones=((7, 7), (8, 8)))], [], "swap2", True, "illegal swap2 answer '7,7 8,8' with 0 stones"),
    ],
)
def test_a_bad_answer_loses_the_game_for_its_player(first, second, rule, loser_first, reason) -> None:
    with pytest.raises(SwapFailure) as caught:
        play_swap(Decider("first", first), Decider("second", second), RULES, rule, 1000, 1000)
    assert caught.value.first is loser_first and caught.value.reason.startswith(reason)


def test_a_game_records_the_choices_and_plays_with_the_chosen_colours() -> None:
    first = Decider("first", [OPENING], row=0)
    second = Decider("second", [SwapDecision(swap=True)], row=14)
    config = MatchConfig(rules=RULES, opening_rule="swap2", time_per_move_ms=1000)
    game = play_game(0, first, second, config, a_side="X")  # A (first) was scheduled as X
    assert game.x == "second" and game.o == "first" and game.a_side == "O"  # A plays white: it was swapped
    assert game.swap[0].startswith("first places 7,7 8,8 3,7 (") and game.swap[1].startswith("second takes black (")
    assert game.moves[:3] == [(7, 7), (8, 8), (3, 7)] and game.opening_moves == 3
    # White (first, row 0) moves next and makes five along row 0 before black's row 14 does.
    assert game.result == "O" and game.a_score == 1.0


def test_a_match_of_two_levels_under_swap2_counts_each_player_and_saves_the_choices(tmp_path: Path) -> None:
    config = MatchConfig(rules=RULES, games=2, time_per_move_ms=300, opening_rule="swap2", max_moves=24)
    result = run_match("greedy", "easy", config, out_dir=tmp_path / "m")
    assert len(result.games) == 2
    for game in result.games:
        assert len(game.swap) in (2, 3) and game.opening_moves in (3, 4, 5, 6)
        assert {game.x, game.o} == {"greedy", "easy"}
        # A is greedy: its side is the colour it ended with, whatever the schedule said.
        assert (game.x if game.a_side == "X" else game.o) == "greedy"
    assert result.wins + result.losses + result.draws == 2
    saved = json.loads((tmp_path / "m" / "game-001.json").read_text())
    meta = saved["metadata"] if "metadata" in saved else saved
    assert "swap" in json.dumps(meta) and "a_side" in json.dumps(meta)
    # The folder resumes to the same games, colours as chosen.
    again = run_match("greedy", "easy", config, out_dir=tmp_path / "m", resume=True)
    assert [(g.x, g.a_side, g.swap) for g in again.games] == [(g.x, g.a_side, g.swap) for g in result.games]


def test_our_brain_as_a_program_decides_by_swap2board(tmp_path: Path) -> None:
    program = str(our_brain(tmp_path, level="easy"))
    config = MatchConfig(rules=RULES, games=2, time_per_move_ms=400, opening_rule="swap2", max_moves=16)
    result = run_match(program, "greedy", config)
    for game in result.games:
        assert "lost" not in game.reason, game.reason  # every answer to SWAP2BOARD was a legal one
        assert len(game.swap) in (2, 3) and game.swap[0].split()[0] in ("pbrain-ours", "greedy")
        board = Board(RULES, moves=game.moves)  # the whole game, opening included, is legal
        assert len(board.move_stack) >= game.opening_moves >= 3


def test_the_option_is_checked(tmp_path: Path) -> None:
    import argparse

    parser = argparse.ArgumentParser()
    add_game_options(parser, games=2, time_per_move=100, out=str(tmp_path))
    config, _, _ = game_options(parser.parse_args(["--opening", "swap1", "--rules", "gomocup15"]), str(tmp_path))
    assert config.opening_rule == "swap1" and config.openings == []
    args: Any = parser.parse_args(["--opening", "swap2", "--openings", "x.json"])
    with pytest.raises(MatchError, match="give one or the other"):
        game_options(args, str(tmp_path))
    with pytest.raises(MatchError, match="a flat board without gravity"):
        game_options(parser.parse_args(["--opening", "swap2", "--rules", "connect4"]), str(tmp_path))


def test_selfplay_under_swap2_keeps_the_positions_after_the_decided_opening(tmp_path: Path, capsys) -> None:
    from gomoku.cli import main
    from gomoku.selfplay import DATASET_FILE, load_dataset

    out = tmp_path / "run"
    argv = ["selfplay", "normal", "greedy", "--games", "2", "--rules", "gomocup15", "--nodes", "300"]
    assert main([*argv, "--max-moves", "20", "--opening", "swap2", "--out", str(out)]) == 0
    records = [json.loads((out / f"game-00{i}.json").read_text()) for i in (1, 2)]
    for record in records:
        meta = record["metadata"]
        assert len(meta["swap"]) in (2, 3) and meta["opening_moves"] >= 3
    # The dataset holds the moves played after each game's opening, as decided by the players.
    data = load_dataset(out / DATASET_FILE)
    assert len(data) == sum(len(r["moves"]) - r["metadata"]["opening_moves"] for r in records)
    assert "Elo difference" in capsys.readouterr().out


RECORDER = """
import sys
log = open(sys.argv[1], "a")
stones, block = set(), None
def free():
    cell = next((x, y) for y in range(15) for x in range(15) if (x, y) not in stones)
    stones.add(cell)
    return "%d,%d" % cell
for raw in sys.stdin:
    line = raw.strip()
    if block is not None:
        if line.upper() != "DONE":
            block.append(line)
            stones.add(tuple(int(v) for v in line.split(",")[:2]))
            continue
        kind, lines, block = block[0], block[1:], None
        if kind == "SWAP2BOARD":
            log.write(" ".join(lines) + "\\n")
            log.flush()
            print("SWAP" if lines else "0,0 1,0 0,2", flush=True)
        else:
            print(free(), flush=True)
    elif line.startswith(("SWAP2BOARD", "BOARD")):
        block = [line.split()[0]]
    elif line.startswith("START"):
        print("OK", flush=True)
    elif line.startswith("TURN"):
        stones.add(tuple(int(v) for v in line.split()[1].split(",")))
        print(free(), flush=True)
    elif line.startswith("BEGIN"):
        print(free(), flush=True)
    elif line.startswith("END"):
        break
"""


def test_swap2board_lists_the_stones_as_board_does_with_their_colours(tmp_path: Path) -> None:
    # Rapfi (and Piskvork) read SWAP2BOARD's stones as BOARD's, x,y,c: 1 the side to move's, 2 the others'.
    script, log = tmp_path / "recorder.py", tmp_path / "blocks.txt"
    script.write_text(RECORDER)
    import sys

    config = MatchConfig(rules=RULES, games=1, time_per_move_ms=500, opening_rule="swap2", max_moves=10)
    run_match("greedy", f"{sys.executable} {script} {log}", config)
    blocks = [line.split() for line in log.read_text().splitlines()]
    three = next(block for block in blocks if len(block) == 3)  # the greedy first player's three stones
    assert [stone.rsplit(",", 1)[1] for stone in three] == ["2", "1", "2"]  # white, the side to move, is 1
    assert all(len(stone.split(",")) == 3 for block in blocks for stone in block)
