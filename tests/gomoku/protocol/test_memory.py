"""``INFO max_memory`` right before a move, with the real engine, on a loaded machine: the
reply still comes from a search, and within the turn time.

A manager sends ``INFO max_memory 2147483647`` (Piskvork's "2047 MB or more") before the
first move of a game. The brain once made a new engine for it and built 1.9 GB of tables
in the background (15 s on a slow machine), and the move played meanwhile was the greedy
one; under load 1 or 2 of 10 such replies came after the turn. Now the tables are capped
(``engines.TABLES_CAP_MB``: a max_memory that leaves them as they are changes nothing),
and while tables of another size are built a stand-in engine of small tables searches."""

from __future__ import annotations

import subprocess
import sys
import time

from brain_fakes import moves

from gomoku.protocol import Brain

TURN_MS = 500


class Load:
    """A busy process for the duration of a ``with``: the opponent's brain thinking, or any
    other work on the machine, taking a core from this one. (Not a busy thread in this
    process: a brain's own threads wait or run compiled code, which releases the
    interpreter's lock; a Python loop would hold it half the time.)"""

    def __enter__(self) -> Load:
        self.process = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        return self

    def __exit__(self, *exc: object) -> None:
        self.process.kill()
        self.process.wait(5)


def reply(brain: Brain, out: list[str], lines: list[str]) -> tuple[str, list[str], float]:
    """Send ``lines`` (the last one asks for a move): the move, the MESSAGE lines before it,
    and the seconds from the last line to the move."""
    before = len(out)
    for line in lines[:-1]:
        brain.handle(line)
    started = time.monotonic()
    brain.handle(lines[-1])
    seconds = time.monotonic() - started
    written = out[before:]
    return moves(written)[-1], [line for line in written if line.startswith("MESSAGE")], seconds


def searched(messages: list[str]) -> bool:
    """Whether a move came from a search: a depth reported, no greedy or late move said."""
    said = " ".join(messages)
    return any(m.startswith("MESSAGE depth") for m in messages) and "greedy" not in said and "deadline" not in said


def test_every_first_reply_after_a_new_max_memory_is_searched_and_in_time_under_load():
    out: list[str] = []
    brain = Brain(write=out.append, level="strong")  # the real engine
    brain.handle("START 20")
    assert brain.wait_ready(120)  # its kernels loaded (compiled, on an empty cache)
    brain.handle(f"INFO timeout_turn {TURN_MS}")
    results = []
    with Load():
        for round_ in range(10):
            # A fresh one-stone position each time (BOARD): no game runs on to a five meanwhile.
            for memory in ("209715200", "2147483647"):  # tables of 80 MB, then of the cap: built anew each time
                cell = (3 + (2 * round_ + len(memory) % 2) % 14, 3 + round_)
                board = ["BOARD", f"{cell[0]},{cell[1]},2", "DONE"]
                move, messages, seconds = reply(brain, out, [f"INFO max_memory {memory}", *board])
                results.append((memory, move, seconds, searched(messages), messages[-1:]))
    print()
    for memory, move, seconds, was_searched, last in results:
        print(f"max_memory {memory:>10}: {move:>5} after {seconds * 1000:4.0f} ms, searched {was_searched} {last}")
    assert all(move.count(",") == 1 for _, move, _, _, _ in results)
    assert all(was_searched for *_, was_searched, _ in results)  # 20 of 20, 10 of them after 2147483647
    assert all(seconds < TURN_MS / 1000 for _, _, seconds, _, _ in results)
    assert brain.late_replies == 0


def test_a_max_memory_that_leaves_the_tables_as_they_are_changes_nothing():
    out: list[str] = []
    brain = Brain(write=out.append, level="strong")
    brain.handle("START 20")
    engine = brain.engine()
    for value in ("2147483647", "367001600", "0"):  # 2 GB, Gomocup's 350 MB, no limit: the cap each time
        brain.handle(f"INFO max_memory {value}")
        assert brain.engine() is engine
    brain.handle("INFO max_memory 52428800")  # 50 MB: smaller tables, a new engine
    assert brain.engine() is not engine
