"""A fake brain that answers START but never answers a move (and never exits on its own)."""

from _brain import run

if __name__ == "__main__":
    run(lambda stones, size, last: None)
