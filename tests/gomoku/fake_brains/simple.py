"""A fake brain that speaks pbrain correctly and plays weakly (first free cell by the last move)."""

from _brain import run

if __name__ == "__main__":
    run()
