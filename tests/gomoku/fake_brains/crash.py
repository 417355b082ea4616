"""A fake brain that answers START, then dies with exit code 3 when asked for a move."""

import sys

from _brain import run


def answer(stones, size, last):
    sys.stderr.write("fake brain: out of cheese\n")
    sys.stderr.flush()
    sys.exit(3)


if __name__ == "__main__":
    run(answer)
