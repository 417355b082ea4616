"""Reading JSON that a user hands us: one message shape for every file the engine reads."""

from __future__ import annotations

import json
from typing import Any


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
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno + max(line - 1, 0)} column {exc.colno}"
        raise error(f"{name} {where}: expected JSON ({exc.msg})") from None
    except RecursionError:
        raise error(f"{name}{f' line {line}' if line else ''}: JSON nested too deeply to read") from None
