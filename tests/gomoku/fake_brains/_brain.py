"""A minimal pbrain loop shared by the fake brains: ``run(answer)`` answers every
move request with ``answer(stones, size, last)`` (a line, or None to stay silent)."""

import sys


def first_free(stones, size, last):
    """A legal move: the first free cell next to the last move, else the first free cell."""
    width, height = size
    if last is not None:
        x, y = last
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
            cell = (x + dx, y + dy)
            if 0 <= cell[0] < width and 0 <= cell[1] < height and cell not in stones:
                return f"{cell[0]},{cell[1]}"
    for y in range(height):
        for x in range(width):
            if (x, y) not in stones:
                return f"{x},{y}"
    return None


def run(answer=first_free):
    stones = {}
    size = (20, 20)
    board_lines = None
    last = None

    def reply(line):
        if line is not None:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def move():
        line = answer(stones, size, last)
        if line is not None and "," in line and not line.startswith("SUGGEST"):
            try:
                x, y = map(int, line.split(","))
                stones[(x, y)] = 1
            except ValueError:
                pass
        reply(line)

    for raw in iter(sys.stdin.readline, ""):
        line = raw.strip()
        word, _, rest = line.partition(" ")
        word = word.upper()
        if board_lines is not None:
            if word == "DONE":
                for item in board_lines:
                    x, y, field = map(int, item.split(","))
                    stones[(x, y)] = field
                    last = (x, y)
                board_lines = None
                move()
            else:
                board_lines.append(line)
        elif word == "START":
            size = (int(rest), int(rest))
            stones.clear()
            reply("OK")
        elif word == "RECTSTART":
            size = tuple(map(int, rest.split(",")))
            stones.clear()
            reply("OK")
        elif word == "RESTART":
            stones.clear()
            reply("OK")
        elif word == "BEGIN":
            last = None
            move()
        elif word == "TURN":
            last = tuple(map(int, rest.split(",")))
            stones[last] = 2
            move()
        elif word == "PLAY":
            x, y = map(int, rest.split(","))
            stones[(x, y)] = 1
            reply(f"{x},{y}")
        elif word == "BOARD":
            board_lines = []
        elif word == "END":
            return
        elif word == "INFO" or not word:
            pass
        else:
            reply("UNKNOWN")
