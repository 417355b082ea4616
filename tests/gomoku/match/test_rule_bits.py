"""A pbrain program in a match is told the game's rules as the protocol's INFO rule bits:
1 exactly five, 4 renju, 8 caro."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gomoku.board import Rules
from gomoku.match import BrainPlayer

BRAINS = Path(__file__).resolve().parents[1] / "fake_brains"


@pytest.mark.parametrize(
    ("rules", "bits"),
    [("gomocup15", 0), ("size=15x15,k=5,exact", 1), ("renju", 4), ("size=15x15,caro", 8), ("size=15x15,caro,exact", 9)],
)
def test_a_brain_hears_the_rule_bits(monkeypatch: pytest.MonkeyPatch, rules: str, bits: int) -> None:
    sent: list[str] = []
    send = BrainPlayer._send
    monkeypatch.setattr(BrainPlayer, "_send", lambda self, line: (sent.append(line), send(self, line)))
    player = BrainPlayer([sys.executable, str(BRAINS / "simple.py")], name="simple")
    try:
        player.new_game(Rules.parse(rules), 200)
    finally:
        player.close()
    assert [line for line in sent if line.startswith("INFO rule")] == [f"INFO rule {bits}"]
