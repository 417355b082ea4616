"""Review: ``gomoku solve`` and ``gomoku hint`` with odd inputs."""

from __future__ import annotations

import pytest

from gomoku.cli import main


def test_a_five_in_one_is_a_vcf_in_1_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "0,0 9,9 1,0 9,8 2,0 0,5 3,0 7,7", "--nodes", "100"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("VCF for X in 1 move: ")


def test_solve_on_rules_without_fives_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "1,1", "--rules", "tictactoe"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gomoku: error: ") and err.count("\n") == 1
