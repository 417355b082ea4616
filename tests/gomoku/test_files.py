"""Reading the files a user hands us (``gomoku.files``): a file that grows past the size
limit while it is read is refused, and a JSON error names the file, line and column."""

from __future__ import annotations

import os

import pytest

from gomoku import files
from gomoku.files import parse_json, read_file

HUGE = "9" * 5000
"""A number longer than Python reads (4300 digits)."""


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    path.write_text("[" + " " * 200 + "]")
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 100)
    real_stat = os.stat

    def small_stat(target, *args, **kwargs):  # the size seen before the read: still small
        info = real_stat(target, *args, **kwargs)
        return os.stat_result((info.st_mode, *info[1:6], 10, *info[7:]))

    monkeypatch.setattr(os, "stat", small_stat)
    with pytest.raises(ValueError, match="g.json: more than"):
        read_file(path)


def test_parse_json_says_where_with_no_field_at_the_top():
    with pytest.raises(ValueError, match=r"^t.json line 3 column 1: a number of 5000 digits"):
        parse_json("[\n1,\n" + HUGE + "]", "t.json")
