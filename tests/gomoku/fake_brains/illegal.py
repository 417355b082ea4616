"""A fake brain that answers a move it must not play: ``occupied`` (the opponent's last
stone, or the first free cell after BEGIN), ``outside`` (off the board), ``garbage`` or an ``error``; ``suggest`` is
legal (SUGGEST x,y, then the echo of the manager's PLAY)."""

import sys

from _brain import first_free, run

MODE = sys.argv[1] if len(sys.argv) > 1 else "occupied"


def answer(stones, size, last):
    if MODE == "outside":
        return f"{size[0]},{size[1] + 3}"
    if MODE == "garbage":
        return "I resign, probably"
    if MODE == "error":
        return "ERROR out of ideas"
    if MODE == "suggest":  # not illegal: a proposal the manager confirms with PLAY
        return "SUGGEST " + first_free(stones, size, last)
    return f"{last[0]},{last[1]}" if last is not None else first_free(stones, size, last)


if __name__ == "__main__":
    run(answer)
