"""Tiny executable programs in a test's folder that stand for a user's pbrain brain:
our own brain (``python -m gomoku.protocol.pbrain``) wrapped in a script, and broken
ones (one that exits at once, one that prints garbage, one whose messages are in our
brain's form). Each is a file with a ``#!`` line, run as a user's program is."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

OUR_BRAIN = f"""#!/bin/sh
cd "{ROOT}"
exec "{sys.executable}" -m gomoku.protocol.pbrain --level {{level}} "$@"
"""

EXITS = """#!/bin/sh
echo "no brain here" >&2
exit 3
"""

GARBAGE = f"""#!{sys.executable}
import sys
for line in sys.stdin:
    print("hello, I am not a brain", flush=True)
"""

# Answers START, then for every move: a MESSAGE in our brain's form, then the first free cell
# of the top row (its own board kept from BEGIN, TURN and BOARD).
TALKER = f"""#!{sys.executable}
import sys
stones, board = set(), None
def say(text):
    sys.stdout.write(text + "\\n")
    sys.stdout.flush()
def move():
    cell = next((x, y) for y in range(20) for x in range(20) if (x, y) not in stones)
    stones.add(cell)
    say("MESSAGE depth 3 | score +42 | nodes 1234 | nps 5000 | time 0.01s | pv %d,%d 9,9" % cell)
    say("%d,%d" % cell)
for raw in sys.stdin:
    line = raw.strip()
    word = line.split(" ")[0].upper()
    if board is not None:
        if word == "DONE":
            stones = set(board)
            board = None
            move()
        else:
            x, y, _ = line.split(",")
            board.append((int(x), int(y)))
    elif word in ("START", "RESTART"):
        stones = set()
        say("OK")
    elif word == "BEGIN":
        move()
    elif word == "TURN":
        x, y = line.split(" ")[1].split(",")
        stones.add((int(x), int(y)))
        move()
    elif word == "BOARD":
        board = []
    elif word == "END":
        break
"""


def write_program(folder: Path, name: str, text: str) -> Path:
    """``text`` as the executable program ``folder/name``."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)
    assert os.access(path, os.X_OK)
    return path


def our_brain(folder: Path, level: str = "greedy") -> Path:
    """Our own brain as a user's program, ``pbrain-ours``, at ``level``."""
    return write_program(folder, "pbrain-ours", OUR_BRAIN.format(level=level))
