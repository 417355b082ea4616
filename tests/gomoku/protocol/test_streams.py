"""The protocol's two streams (``gomoku.protocol.streams``): a line ends at LF, CR LF or
a bare CR; a line that never ends is cut, not kept whole; every line written is made
short and printable."""

from __future__ import annotations

import io

from brain_fakes import Quick, moves

from gomoku.protocol import ABOUT
from gomoku.protocol.pbrain import serve
from gomoku.protocol.streams import MAX_LINE, MAX_REPLY, excerpt, read_lines, safe_line


def test_a_bare_cr_ends_a_line():
    assert list(read_lines(io.BytesIO(b"START 20\rABOUT\r\rEND\r"))) == ["START 20", "ABOUT", "", "END"]
    assert list(read_lines(io.StringIO("START 20\rABOUT\r\nEND"))) == ["START 20", "ABOUT", "END"]
    out = io.StringIO()
    serve(io.BytesIO(b"START 20\rTURN 10,10\rABOUT\rEND\r"), out, lambda mb: Quick())
    assert moves(out.getvalue().splitlines()) == ["OK", "9,9", ABOUT]


def test_a_line_that_never_ends_is_cut_not_kept_whole():
    class Endless(io.RawIOBase):
        """100 MB of one line, then a real command."""

        def __init__(self):
            self.left = 100 * 1024 * 1024
            self.tail = b"\nABOUT\n"

        def readable(self):
            return True

        def readinto(self, buffer):
            if self.left > 0:
                n = min(len(buffer), self.left)
                buffer[:n] = b"Z" * n
                self.left -= n
                return n
            n = min(len(buffer), len(self.tail))
            buffer[:n], self.tail = self.tail[:n], self.tail[n:]
            return n

    lines = list(read_lines(io.BufferedReader(Endless())))
    assert [len(line) for line in lines] == [MAX_LINE, 5] and lines[1] == "ABOUT"


def test_every_written_line_is_made_safe():
    assert safe_line("MESSAGE a\nb") == "MESSAGE a\\nb"
    assert len(safe_line("M" * 10 * MAX_REPLY)) == MAX_REPLY + 3
    assert excerpt("\x00" * 100, 4) == "\\x00" * 4 + "..."
