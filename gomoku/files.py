"""Reading files and JSON that a user hands us: one message shape for every file the engine reads;
and writing a file whole or not at all.

Every message is one line that names the file (and the line, column and
field where it can): a broken file is the user's to fix, not a traceback.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

__all__ = ["MAX_FILE_BYTES", "read_file", "parse_json", "write_atomically"]

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest file read (64 MB): a game, a position list or a weight table is far smaller."""

_KINDS = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_file(path: str | os.PathLike[str], *, what: str = "a file", error: type[ValueError] = ValueError) -> bytes:
    """The bytes of the regular file at ``path``, or ``error`` with a one-line message.

    Refused before a byte is read: a missing file, a directory, anything that
    is not a regular file (a FIFO would block, ``/dev/zero`` never ends), and
    a file over ``MAX_FILE_BYTES``. ``what`` names what was expected.

    >>> read_file("/dev/null", what="a game file")
    Traceback (most recent call last):
    ...
    ValueError: /dev/null: a character device, not a regular file; expected a game file
    """
    name = os.fspath(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise error(f"{name}: no such file") from None
    except OSError as exc:
        raise error(f"{name}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise error(f"{name}: a directory, expected {what}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = next((label for test, label in _KINDS if test(info.st_mode)), "a special file")
        raise error(f"{name}: {kind}, not a regular file; expected {what}")
    if info.st_size > MAX_FILE_BYTES:
        raise error(
            f"{name}: {_megabytes(info.st_size)} is too large; files of at most {_megabytes(MAX_FILE_BYTES)} are read"
        )
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except IsADirectoryError:
        raise error(f"{name}: a directory, expected {what}") from None
    except OSError as exc:
        raise error(f"{name}: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:  # it grew while we looked
        raise error(f"{name}: more than {_megabytes(MAX_FILE_BYTES)}; files of at most that are read")
    return data


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.0f} MB"


def parse_json(text: str, name: str, *, line: int = 0, error: type[ValueError] = ValueError) -> Any:
    """JSON ``text`` from ``name``, or ``error`` with a one-line message naming where it broke.

    ``line`` is the file's line the text starts on, for one line of a JSON
    Lines file (0: the text is the whole file).

    >>> parse_json('{"a": 1}', "t.json")
    {'a': 1}
    >>> parse_json('{"a": }', "t.json")
    Traceback (most recent call last):
    ...
    ValueError: t.json line 1 column 7: expected JSON (Expecting value)
    >>> parse_json('{"moves": [[1, ' + "9" * 5000 + ']]}', "g.json")
    Traceback (most recent call last):
    ...
    ValueError: g.json line 1 column 16 (field "moves"): a number of 5000 digits; at most 4300 can be read
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno + max(line - 1, 0)} column {exc.colno}"
        raise error(f"{name} {where}: expected JSON ({exc.msg})") from None
    except RecursionError:
        raise error(f"{name}{f' line {line}' if line else ''}: JSON nested too deeply to read") from None
    except ValueError as exc:
        # An integer longer than Python converts (``sys.get_int_max_str_digits``).
        raise error(_huge_number(text, name, line) or f"{name}: expected JSON ({exc})") from None


def _huge_number(text: str, name: str, line: int) -> str | None:
    """Where the first number too long to read is, and its field, as a message."""
    limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300
    match = re.search(rf"(?<![\w.\"])-?\d{{{limit + 1},}}", text)
    if match is None:
        return None
    start = match.start()
    before = text[:start]
    number = before.count("\n") + max(line, 1)
    column = start - (before.rfind("\n") + 1) + 1
    keys = re.findall(r'"((?:[^"\\]|\\.){1,60})"\s*:', before[-100_000:])
    field = f' (field "{keys[-1]}")' if keys else ""
    digits = len(match.group().lstrip("-"))
    return f"{name} line {number} column {column}{field}: a number of {digits} digits; at most {limit} can be read"


def write_atomically(path: str | os.PathLike[str], data: bytes | Callable[[BinaryIO], None]) -> Path:
    """Write ``data`` (bytes, or a function that writes to a binary file) to a
    temporary file beside ``path``, then rename it into place: a reader sees the
    old file or the whole new one, never half of one, and a failure leaves the
    old file as it was. A file replaced keeps its permissions; a new one gets
    the umask's.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_atomically(folder / "a.txt", b"one").read_text(), sorted(p.name for p in folder.iterdir())
    ('one', ['a.txt'])
    """
    target = Path(path)
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            if callable(data):
                data(handle)
            else:
                handle.write(data)
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    return target
