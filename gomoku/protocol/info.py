"""The pbrain brain's INFO command: the time limits, the memory, the threads, and the
rule (``_set_rule``), whose change replays the position under the new rules or is refused
(``gomoku.protocol.position``'s ``rules_for`` and ``rule_refusal``).

``InfoCommand`` is a part of the brain (``gomoku.protocol.brain.Brain`` derives from
it): it reads and changes the brain's clock, limits, rule and position, declared here.
"""

from __future__ import annotations

import os
from typing import Any

from gomoku.board import Board, BoardError
from gomoku.protocol.clock import UNLIMITED_MS, TimeControl
from gomoku.protocol.position import replayed, rule_refusal, rules_for
from gomoku.protocol.streams import excerpt, to_int

__all__ = ["MAX_MEMORY", "InfoCommand"]

MAX_MEMORY = 0x7FFFFFFF
"""The most memory (bytes) ``INFO max_memory`` is taken to allow: Piskvork's own cap
(it sends this for anything above 2047 MB); a larger value means the same."""


class InfoCommand:
    """The brain's INFO command (``_info``), and what of the brain it uses."""

    time: TimeControl
    max_memory: int | None
    threads: int | None
    rule: int
    size: tuple[int, int] | None
    board: Board | None
    _earlier: list[Board]
    _unplayed: str | None
    _refusal: str | None

    def write(self, line: str) -> None:
        raise NotImplementedError  # the brain's

    def _prepare(self) -> Any:
        raise NotImplementedError  # the brain's

    def _opening_info(self, value: str) -> str | None:
        raise NotImplementedError  # the brain's (``gomoku.protocol.swap2``)

    def _show_detail_info(self, number: int) -> str | None:
        raise NotImplementedError  # the brain's (``gomoku.protocol.realtime``)

    def _info(self, arg: str) -> None:
        """INFO key value: the time limits, memory, rule and threads; other keys are accepted
        and ignored. Managers read no answer to INFO: nothing is written but a MESSAGE."""
        key, _, value = arg.partition(" ")
        key = key.lower()
        value = value.strip()
        if key == "opening":  # this brain's own key: the rule of SWAP2BOARD's answers
            refusal = self._opening_info(value)
            if refusal is not None:
                self.write(f"MESSAGE {refusal}")
            return
        numeric = {
            "timeout_turn",
            "timeout_match",
            "time_left",
            "max_memory",
            "rule",
            "game_type",
            "thread_num",
            "show_detail",
        }
        if key not in numeric:
            return  # folder, evaluate and the unknown keys: accepted, nothing to do
        number = to_int(value)
        if number is None:
            # Managers read no answer to INFO: an ERROR line here would be taken
            # as the answer to the next command, so say it in a MESSAGE instead.
            self.write(f"MESSAGE INFO {key} ignored: expected an integer, got '{excerpt(value)}'")
            return
        # Every value is clamped to what the protocol's 32-bit fields can hold.
        number = max(-UNLIMITED_MS, min(number, UNLIMITED_MS))
        if key == "timeout_turn":
            self.time.timeout_turn = max(number, 0)
        elif key == "timeout_match":
            self.time.timeout_match = max(number, 0)
        elif key == "time_left":
            self.time.time_left = None if number >= UNLIMITED_MS else number
        elif key == "max_memory":
            self.max_memory = min(number, MAX_MEMORY) if number > 0 else None
            if self.board is not None:
                self._prepare()  # a new engine for the new limit, its tables built now, in the background
        elif key == "rule":
            self._set_rule(max(number, 0))
        elif key == "thread_num":
            # Yixin's and Rapfi's key: threads a search may use (at most the machine's cores).
            self.threads = max(1, min(number, os.cpu_count() or 1))
        elif key == "show_detail":  # Yixin-Board's: what a search says (``gomoku.protocol.realtime``)
            refusal = self._show_detail_info(number)
            if refusal is not None:
                self.write(f"MESSAGE {refusal}")

    def _set_rule(self, rule: int) -> None:
        """INFO rule: the position is replayed under the new rule. A rule this brain does
        not play (an unknown bit, renju and caro at once: ``PLAYED_RULES``) is refused: every move asked for gets one
        ERROR line instead, until a rule it plays is set. A rule under which the position
        cannot stand (both sides with a five, a game already over) is refused with one
        ERROR line, in place of the next move. Either way the rule and position stay as
        they were; as the protocol asks, the ERROR waits for a command that is not INFO
        (managers read no answer to INFO)."""
        self._unplayed = rule_refusal(rule, self.rule)
        if self._unplayed is not None:
            return
        board = None
        if self.board is not None and self.size is not None:
            rules = rules_for(*self.size, rule)
            try:
                board = replayed(self.board, rules)
            except (BoardError, ValueError) as exc:
                self._refusal = f"INFO rule {rule} refused: {exc}; the rule stays {self.rule}"
                return
            earlier: list[Board] = []
            for old in self._earlier:
                try:
                    earlier.append(replayed(old, rules))
                except (BoardError, ValueError):  # TAKEBACK goes no further back than after it
                    earlier = []
            self._earlier = earlier
        self._refusal = None
        self.rule = rule
        if board is not None:
            self.board = board
            self._prepare()  # the tables hold results under the old rules: cleared now, in the background
