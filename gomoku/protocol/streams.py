"""The pbrain protocol's two streams, made safe against whatever a manager sends,
and the numbers and points read from its lines (``to_int``, ``parse_coords``).

Lines come in as bytes and are decoded one at a time, leniently: a byte that is
not UTF-8 becomes U+FFFD in that line and never ends the session. A line ends
at LF, CR LF or a bare CR; a line longer than ``MAX_LINE`` keeps its first
``MAX_LINE`` characters (the rest is read and dropped), so a manager that never
sends a newline cannot fill the memory. Lines go out as printable ASCII: text
quoted from a command (``UNKNOWN``, ``ERROR``) is a short excerpt with anything
unprintable escaped.

>>> list(read_lines(io.BytesIO(b"START 20\\rTURN 1,\\xff\\r\\nEND")))
['START 20', 'TURN 1,\\ufffd', 'END']
>>> excerpt("FOO\\x00\\r" + "x" * 100, 12)
'FOO\\\\x00\\\\rxxxxxxx...'
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

__all__ = [
    "MAX_LINE",
    "EXCERPT",
    "MAX_REPLY",
    "CHUNK",
    "excerpt",
    "safe_line",
    "read_lines",
    "ProtocolError",
    "SATURATE",
    "to_int",
    "parse_int",
    "parse_coords",
]

MAX_LINE = 65536
"""The characters kept of one input line; the rest of a longer line is dropped."""

EXCERPT = 40
"""The characters of a command quoted back in an UNKNOWN or ERROR line."""

MAX_REPLY = 4096
"""The longest line the brain writes (a MESSAGE with a long line of play)."""

CHUNK = 65536
"""Bytes asked of the stream at a time (``read1`` returns what has come so far)."""

_ENDS = re.compile(rb"\r\n|\r|\n")
_TEXT_ENDS = re.compile(r"\r\n|\r|\n")


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """The first ``limit`` characters of ``text``, printable ASCII, with ``...`` if cut.

    Control characters, NUL and anything not ASCII come out as Python escapes.

    >>> excerpt("caf\\u00e9 \\t")
    'caf\\\\xe9 \\\\t'
    """
    shown = text[:limit]
    if not (shown.isascii() and shown.isprintable()):
        shown = "".join(c if " " <= c <= "~" else c.encode("unicode_escape").decode("ascii") for c in shown)
    return shown + ("..." if len(text) > limit else "")


def safe_line(line: str) -> str:
    """A line fit to send: printable ASCII, at most ``MAX_REPLY`` characters (and ``...``).

    >>> safe_line("OK")
    'OK'
    >>> safe_line("ERROR bad \\x1b[2J")
    'ERROR bad \\\\x1b[2J'
    """
    if line.isascii() and line.isprintable() and len(line) <= MAX_REPLY:
        return line
    return excerpt(line, MAX_REPLY)


def read_lines(source: Any) -> Iterator[str]:
    """The lines of ``source`` as they arrive, without their line ends.

    ``source`` is a binary stream (one with ``read1`` or ``read``), a text
    stream whose ``buffer`` is one (``sys.stdin``), a text stream with
    ``readline``, or any iterable of strings. Bytes are decoded as UTF-8 line
    by line, a bad byte replaced; text is split at bare CRs too.
    """
    binary = getattr(source, "buffer", None)
    if binary is not None and hasattr(binary, "read"):
        yield from _binary_lines(binary)
    elif isinstance(source, (io.RawIOBase, io.BufferedIOBase)):
        yield from _binary_lines(source)
    elif hasattr(source, "readline"):
        yield from _text_lines(iter(source.readline, ""))
    else:
        yield from _text_lines(iter(source))


def _binary_lines(stream: Any) -> Iterator[str]:
    read = getattr(stream, "read1", None) or stream.read
    cap = MAX_LINE * 4  # bytes enough for MAX_LINE characters of UTF-8
    pending = bytearray()
    while True:
        chunk = read(CHUNK)
        if not chunk:
            break
        start = 0
        for end in _ENDS.finditer(chunk):
            pending += chunk[start : end.start()][: max(cap - len(pending), 0)]
            yield _decode(pending)
            pending.clear()
            start = end.end()
        # A CR LF split between two chunks reads as an extra empty line: the brain skips those.
        pending += chunk[start:][: max(cap - len(pending), 0)]
    if pending:
        yield _decode(pending)


def _decode(data: bytes | bytearray) -> str:
    return bytes(data).decode("utf-8", errors="replace")[:MAX_LINE]


def _text_lines(lines: Iterator[str]) -> Iterator[str]:
    for text in lines:
        parts = _TEXT_ENDS.split(text)
        if parts and parts[-1] == "":
            parts.pop()  # the line's own end
        for part in parts:
            yield part[:MAX_LINE]


class ProtocolError(ValueError):
    """A command the brain understood but cannot carry out; answered ``ERROR <message>``."""


SATURATE = 10**18
"""A number with more digits than this has is read as +-SATURATE: no limit,
coordinate or size of the protocol comes near it."""


# -- numbers and points ---------------------------------------------------------
_INTEGER = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: the protocol is ASCII


def to_int(text: str) -> int | None:
    """A decimal integer, saturated at +-``SATURATE``; None if ``text`` is not one.

    Python's ``int`` refuses more than 4300 digits (and takes long to read a
    million); a number that long is read by its sign alone.

    >>> to_int(" -42 "), to_int("9" * 5000) == SATURATE, to_int("0" * 5000 + "7"), to_int("4x")
    (-42, True, 7, None)
    """
    text = text.strip()
    if not _INTEGER.fullmatch(text):
        return None
    negative = text.startswith("-")
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) > 18:
        return -SATURATE if negative else SATURATE
    return -int(digits) if negative else int(digits)


def parse_int(text: str, what: str) -> int:
    """A decimal integer, or ProtocolError naming ``what`` was expected.

    >>> parse_int(" 42 ", "size")
    42
    >>> parse_int("x", "size")
    Traceback (most recent call last):
    ...
    gomoku.protocol.streams.ProtocolError: expected size as an integer, got 'x'
    """
    number = to_int(text)
    if number is None:
        raise ProtocolError(f"expected {what} as an integer, got '{excerpt(text.strip())}'")
    return number


def parse_coords(text: str, count: int = 2) -> tuple[int, ...]:
    """``"x,y"`` (``count`` comma-separated integers) as a tuple.

    >>> parse_coords("10, 11")
    (10, 11)
    >>> parse_coords("10,11,2", 3)
    (10, 11, 2)
    >>> parse_coords("10")
    Traceback (most recent call last):
    ...
    gomoku.protocol.streams.ProtocolError: expected x,y, got '10'
    """
    fields = text.strip().split(",")
    shape = ",".join("xyf"[i] if i < 3 else "n" for i in range(count))
    if len(fields) != count:
        raise ProtocolError(f"expected {shape}, got '{excerpt(text.strip())}'")
    numbers = [to_int(f) for f in fields]
    if any(n is None for n in numbers):
        raise ProtocolError(f"expected {shape} as integers, got '{excerpt(text.strip())}'")
    return tuple(n for n in numbers if n is not None)
