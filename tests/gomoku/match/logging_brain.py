"""A fake brain for the game clock's tests: ``logging_brain.py LOG`` writes every
line it is sent to LOG, then plays as the simple fake brain does."""

import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "fake_brains"))

from _brain import run  # noqa: E402 - found through the path set above

if __name__ == "__main__":
    log = open(sys.argv[1], "w", encoding="utf-8", buffering=1)
    stdin = sys.stdin

    class Logged(io.TextIOBase):
        def readline(self, size=-1):
            line = stdin.readline()
            log.write(line)
            return line

    sys.stdin = Logged()
    run()
