"""The app's state in one place: the game, the overlays, and what the engine said.

:class:`AppState` is what every part of the app reads and what the screen shows
(attributes down): the game on show, the overlays the player chose, and the engine's
results on the position on show (its hint and forcing line, the live analysis's last
report, what it is busy with). The app's parts (:mod:`tui.thinking`,
:mod:`tui.analysis`, :mod:`tui.preview`, :mod:`tui.walk`, :mod:`tui.filing`) change
it; :class:`~tui.showing.GameDisplay` shows it. No Textual: a test can build one.

>>> from tui.game import Game, GameSettings
>>> state = AppState(Game(GameSettings()))
>>> state.forcing = ForcingLine(((0, 0), (1, 1), (0, 1)), Stone.X)
>>> state.step_preview(1), state.step_preview(1), state.step_preview(-1)
(1, 2, 1)
>>> state.forget_results()
>>> state.forcing is None and state.preview_step is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gomoku.board import Point, Stone
from gomoku.engine import Hint
from gomoku.review import MoveReview
from gomoku.search.types import Candidate, SearchInfo
from tui.game import Game
from tui.services import ForcingLine
from tui.view.panels import search_scored, x_chance

__all__ = ["AppState", "Thinking"]

Thinking = Literal["wait", "move", "hint", "play"]
"""What the engine is busy with: waiting to move (two engines, a pause for the people
watching), thinking of its move, of a hint, or of the move ``d`` plays."""


@dataclass(eq=False)
class AppState:
    """The game on show, the overlays chosen, and the engine's results on the position."""

    game: Game
    """The game; its board is the position on show (an earlier one while walking the moves)."""

    # The overlays the player chose.
    show_weights: bool = False
    """The weights overlay (``w``)."""
    show_breakdown: bool = False
    """The cursor cell's breakdown in the side panel (``t``)."""
    move_numbers: bool = False
    """The stones show their move numbers instead of X and O (``m``)."""
    panel: bool | None = None
    """The side panel shown or hidden by the player (``p``); None: by the terminal's width."""
    panel_for_breakdown: bool = False
    """The side panel was opened by ``t`` (on a narrow terminal), and closes with it."""

    # What the engine is doing, and what it said of the position on show.
    thinking: Thinking | None = None
    """The engine's search in progress (None: idle)."""
    last_info: SearchInfo | None = None
    """That search's last report (its depth, nodes, best move so far), for the status line."""
    engine_failure: str = ""
    """The engine's last failure in one line (an external program that crashed), shown on
    the status line until the engine is asked again."""
    hint: Hint | None = None
    """The hint on show (``h``): highlighted on the board, its line numbered."""
    hint_note: str = ""
    """A line under the hint: the solved value of the position, for the perfect player's."""
    reviewed: MoveReview | None = None
    """The reviewed move whose position is on show (Enter in the review, ``R``): its better
    move and the judge's line from it are drawn as a hint's are, its class and reason said."""
    forcing: ForcingLine | None = None
    """The forcing line of the position on show (the hint's win, or the opponent's threat)."""
    preview_step: int | None = None
    """How many of its moves the board shows as stones; None: not stepping through it."""
    analysing: bool = False
    """The live analysis runs (or ran to its end on the position on show)."""
    analysis: SearchInfo | None = None
    """The live analysis's last report (with its ``candidates``), None before the first."""
    analysis_done: bool = False
    """The live analysis ended by itself (the position is solved, or its depth is spent)."""

    def forget_results(self) -> None:
        """The position on show changed: the hint, its forcing line and its preview go
        (the live analysis is its worker's: :meth:`tui.analysis.LiveAnalysis.stop`)."""
        self.hint = None
        self.hint_note = ""
        self.reviewed = None
        self.engine_failure = ""
        self.forcing = None
        self.preview_step = None

    def candidates(self) -> tuple[Candidate, ...]:
        """The live analysis's best moves, best first (none when it does not run)."""
        if not self.analysing or self.analysis is None:
            return ()
        return tuple(self.analysis.candidates or ())

    def best_move(self) -> Point | None:
        """The engine's move on show for ``d`` to play: the hint's, else the live analysis's best."""
        if self.hint is not None:
            return tuple(self.hint.move)
        candidates = self.candidates()
        return tuple(candidates[0].move) if candidates else None

    def evaluation(self) -> tuple[float, str] | None:
        """X's chance in the position on show and where it comes from: the live
        analysis's best move, else the hint (when its score is the search's); None."""
        turn = self.game.board.turn.name
        candidates = self.candidates()
        if candidates and self.analysis is not None:
            return x_chance(candidates[0].score, turn), f"analysis, depth {self.analysis.depth}"
        if self.hint is not None and search_scored(self.hint):
            return x_chance(self.hint.score, turn), "hint"
        return None

    def step_preview(self, step: int) -> int | None:
        """Show one more move of the forcing line (``step`` 1) or one fewer (-1), ``,``
        first showing the whole line at once; how many are shown (None: no line)."""
        line = self.forcing
        if line is None:
            return None
        shown = max(0, min(len(line.moves), (self.preview_step or 0) + step))
        if shown == 0 and step < 0 and self.preview_step is None:
            shown = len(line.moves)
        self.preview_step = shown
        return shown

    def preview(self) -> tuple[tuple[Point, ...], int, Stone | None]:
        """What the board shows of the forcing line: its moves while stepping through it
        (none otherwise), how many of them as stones, and who plays the first."""
        line = self.forcing
        if line is None or self.preview_step is None:
            return (), 0, line.attacker if line is not None else None
        return tuple(line.moves), self.preview_step, line.attacker
