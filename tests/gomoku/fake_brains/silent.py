"""A fake brain that answers START but never answers a move (and never exits on its own)."""

from _brain import run

run(lambda stones, size, last: None)
