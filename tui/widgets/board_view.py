"""The board: one Line-API widget over a viewport of unbounded coordinates.

The view keeps its own origin (the plane cell at its top-left corner) instead
of a virtual size, so there is no edge to run into: the cursor and the view can
go as far as Python's ints go. Each line is rendered on demand from the board's
stone dictionary, so the cost is the size of the screen, not of the game.

The view draws a plane of cells; its :class:`~tui.view.layout.Layout` says
which board point each plane cell shows. A 2-D board is the plane itself; a
3-D board is drawn as its layers side by side, labelled ``z=0 .. n-1``: the
arrows move the cursor within a layer, ``[`` and ``]`` to the layer below or
above. A small board is drawn on a grid of lines, as on paper.

A bounded board keeps its rulers next to it: an axis of it that fits on the
screen is shown whole and centred, the column ruler on the line just above
its top row (above each row of layers on a 3-D board) and the row labels just
left of its first column. The first line of the widget is the column ruler
when the board runs past the top of the screen (an endless board always).

Attributes down, messages up: the app sets ``board``, ``weights`` and
``hint_move`` (and ``hint_pv``) and calls ``refresh``; the view posts ``CellChosen`` when the
player places a stone and ``CursorMoved`` when the cursor moves.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Offset, Region
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gomoku.attacks.words import format_weight
from gomoku.board import Board, Point, Rules, Stone
from tui.view.frame import CELL_WIDTH, HEAT_COLOURS, HEAT_TEXT, Frame, heat_index
from tui.view.layout import Layout
from tui.view.marks import Mark, candidate_marks, cell_text, forbidden_marks, line_marks, move_numbers, preview_marks
from tui.widgets.rulers import RulerLines

__all__ = ["BoardView", "CELL_WIDTH", "HEAT_COLOURS", "LAYER_KEYS", "heat_index"]

LAYER_KEYS = Binding.Group("Layer", compact=True)
"""The footer shows the two layer keys as one: ``[]`` Layer."""


class BoardView(RulerLines, ScrollView, can_focus=True):
    """A cursor-driven view over the endless board."""

    COMPONENT_CLASSES = {
        "board--ruler",
        "board--ruler-cursor",
        "board--empty",
        "board--outside",
        "board--grid",
        "board--x",
        "board--o",
        "board--last",
        "board--win",
        "board--cursor",
        "board--hint",
        "board--floating",
        "board--candidate",
        "board--best",
        "board--preview",
    }

    DEFAULT_CSS = """
    BoardView {
        overflow: hidden hidden;
        background: #2a2118;
        height: 1fr;
        width: 1fr;
    }
    BoardView > .board--ruler { color: #9a8c78; background: #1d1710; }
    BoardView > .board--ruler-cursor { color: #ffe9a8; background: #1d1710; text-style: bold; }
    BoardView > .board--empty { color: #6f6150; background: #2a2118; }
    BoardView > .board--outside { color: #3a3a3a; background: #121212; }
    BoardView > .board--grid { color: #8a7a62; background: #2a2118; }
    BoardView > .board--x { color: #ffb454; text-style: bold; }
    BoardView > .board--o { color: #7fd7ff; text-style: bold; }
    BoardView > .board--last { text-style: bold reverse; }
    BoardView > .board--win { background: #1f7a3a; }
    BoardView > .board--cursor { background: #e6e6e6; color: #101010; }
    BoardView > .board--hint { background: #b03aa8; color: #ffffff; text-style: bold; }
    BoardView > .board--floating { color: #44392d; background: #2a2118; }
    BoardView > .board--candidate { background: #2d5f73; color: #ffffff; }
    BoardView > .board--best { background: #b03aa8; color: #ffffff; text-style: bold; }
    BoardView > .board--preview { background: #4a3f63; text-style: bold; }
    """

    BINDINGS = [
        Binding("up,k", "move(0, -1)", "Up", show=False),
        Binding("down,j", "move(0, 1)", "Down", show=False),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right,l", "move(1, 0)", "Right", show=False),
        Binding("enter,space", "place", "Place", show=False),
        Binding("pageup,shift+up", "pan(0, -1)", "Screen up", show=False),
        Binding("pagedown,shift+down", "pan(0, 1)", "Screen down", show=False),
        Binding("shift+left", "pan(-1, 0)", "Screen left", show=False),
        Binding("shift+right", "pan(1, 0)", "Screen right", show=False),
        Binding("c", "centre", "Centre", show=False),
        Binding("left_square_bracket", "layer(-1)", "Layer z-1", group=LAYER_KEYS),
        Binding("right_square_bracket", "layer(1)", "Layer z+1", group=LAYER_KEYS),
    ]

    class CellChosen(Message):
        """The player chose a cell to play (Enter, space or a click); under gravity,
        the app plays the lowest empty cell of its column."""

        def __init__(self, point: Point) -> None:
            super().__init__()
            self.point = point

    class CursorMoved(Message):
        """The cursor is on a new cell."""

        def __init__(self, point: Point) -> None:
            super().__init__()
            self.point = point

    def __init__(
        self, board: Board, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.cell_layout = Layout(board.rules)
        self._board = board
        self.cursor: Point = self.resting(board.rules.centre())
        self.origin: tuple[int, int] = self.cell_layout.to_plane(self.cursor)
        """The plane cell at the top-left corner of the cells (see ``cell_layout``)."""
        self.weights: dict[Point, float] | None = None
        self.hint_move: Point | None = None
        self.hint_pv: tuple[Point, ...] = ()
        """The hint's principal variation: its later moves are numbered on the board."""
        self.candidates: tuple[tuple[Point, str], ...] = ()
        """The live analysis's best moves, best first, each with its label (``57%``, ``W17``)."""
        self.preview: tuple[Point, ...] = ()
        """A forcing line being stepped through: its first ``preview_step`` moves show as stones."""
        self.preview_step = 0
        self.preview_first: Stone | None = None
        """The side that plays the preview's first move (None: the side to move)."""
        self.move_numbers = False
        """Whether the stones show their move numbers instead of X and O."""
        self.forbidden: tuple[Point, ...] = ()
        """The cells forbidden to black (renju), marked under the other marks."""
        self._placed = False
        self._frame: Frame | None = None

    @property
    def board(self) -> Board:
        """The board shown; a board of other rules brings its own layout (and cursor)."""
        return self._board

    @board.setter
    def board(self, board: Board) -> None:
        rules = board.rules
        self._board = board
        if rules != self.cell_layout.rules:
            self.cell_layout = self._fitted_layout(rules)
            self.cursor = self.resting(self.cell_layout.clamp(rules.centre()))
            self.origin = self.cell_layout.to_plane(self.cursor)
            if self.is_mounted:
                self.refresh_bindings()  # the layer keys come and go with the third axis

    def _fitted_layout(self, rules: Rules) -> Layout:
        """The layout of ``rules`` for this view's width: as many layers of a 3-D board
        side by side as fit, the others on rows of layers below."""
        if rules.dims != 3 or not self.size.width or rules.bounds is None:
            return Layout(rules)
        ruler = max(2, len(str(rules.bounds[1][1]))) + 1
        return Layout(rules, Layout.per_row_for(rules, (self.size.width - ruler) // CELL_WIDTH))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The layer keys exist (and show in the footer) on a 3-D board only."""
        if action == "layer":
            return self.cell_layout.layered
        return True

    def resting(self, point: Point) -> Point:
        """Under gravity, the cell where a stone played in ``point``'s column would
        land (``point`` itself when the column is full, and without gravity)."""
        landing = self.cell_layout.landing(point, self.board.stones)
        return point if landing is None else landing

    # -- geometry ------------------------------------------------------------
    @property
    def rows(self) -> int:
        """Board rows on screen (the first line is kept for the column ruler)."""
        return max(1, self.size.height - 1)

    def ruler_width(self) -> int:
        """Width of the row ruler: the longest row label, plus a space."""
        v0 = self.origin[1]
        return max(self.cell_layout.row_label_width(v0, v0 + self.rows - 1), 2) + 1

    def margin(self, ruler_width: int | None = None) -> int:
        """Blank characters left of the row ruler: a bounded board narrower than the
        view is centred in it, its row labels next to it."""
        extent = self.cell_layout.extent()
        if extent is None:
            return 0
        (u0, _), (u1, _) = extent
        width = ruler_width if ruler_width is not None else self.ruler_width()
        # Centre the cells (the last one's gap is blank) and keep room for every column.
        spare = self.size.width - width - (u1 - u0 + 1) * CELL_WIDTH
        return (spare + 1) // 2 if spare >= 0 else 0

    def columns(self, ruler_width: int | None = None) -> int:
        """Board columns on screen."""
        width = ruler_width if ruler_width is not None else self.ruler_width()
        return max(1, (self.size.width - self.margin(width) - width) // CELL_WIDTH)

    def ruler_line(self) -> int | None:
        """The line of the column ruler: just above a bounded board's top row when
        that is on screen, else the first line; None on a 3-D board whose layers
        show their own rulers."""
        layout = self.cell_layout
        v0 = self.origin[1]
        if layout.layered:
            on_screen = any(v0 <= layer.ruler_row < v0 + self.rows for layer in layout.layers)
            return None if on_screen else 0
        extent = layout.extent()
        if extent is None:
            return 0
        line = extent[0][1] - v0
        return line if 0 < line < self.size.height else 0

    def visible_cells(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The top-left and bottom-right plane cells on screen."""
        u0, v0 = self.origin
        return (u0, v0), (u0 + self.columns() - 1, v0 + self.rows - 1)

    def cell_at(self, offset: Offset) -> Point | None:
        """The cell under a point of the widget, or None (the rulers, the margin, between layers)."""
        x, y = offset
        ruler = self.ruler_width()
        left = self.margin(ruler) + ruler
        if y < 1 or x < left or y == self.ruler_line():
            return None
        column = (x - left) // CELL_WIDTH
        if column >= self.columns(ruler) or y - 1 >= self.rows:
            return None
        return self.cell_layout.from_plane(self.origin[0] + column, self.origin[1] + y - 1)

    def offset_of(self, point: Point) -> Offset | None:
        """Where a cell's stone is drawn in the widget, or None when it is off screen."""
        u0, v0 = self.origin
        u, v = self.cell_layout.to_plane(point)
        ruler = self.ruler_width()
        column, row = u - u0, v - v0
        if not (0 <= column < self.columns(ruler) and 0 <= row < self.rows):
            return None
        return Offset(self.margin(ruler) + ruler + column * CELL_WIDTH + 1, row + 1)

    def _settle(self) -> None:
        """Show each axis of a bounded board that fits on the screen whole, centred
        (with the column ruler on a flat board, the layers' heads on a 3-D one)."""
        extent = self.cell_layout.extent()
        width, height = self.size
        if extent is None or not width or not height:
            return
        (u0, v0), (u1, v1) = extent
        u, v = self.origin
        if (u1 - u0 + 1) * CELL_WIDTH <= width - self.ruler_width():
            u = u0
        if self.cell_layout.layered:
            lines = v1 - v0 + 1
            if lines <= height - 1:
                v = v0 - (height - 1 - lines) // 2
        else:
            lines = v1 - v0 + 2  # the column ruler, then the rows
            if lines <= height:
                v = v0 - (height - lines) // 2
        self.origin = (u, v)

    # -- moving ----------------------------------------------------------------
    def _clamp_to_board(self, point: Point) -> Point:
        return self.cell_layout.clamp(point)

    def follow_cursor(self) -> None:
        """Shift the view just enough to keep the cursor a little way from its edges."""
        x, y = self.cell_layout.to_plane(self.cursor)
        x0, y0 = self.origin
        rows = self.rows
        margin_y = min(2, (rows - 1) // 2)
        if y < y0 + margin_y:
            y0 = y - margin_y
        elif y > y0 + rows - 1 - margin_y:
            y0 = y - (rows - 1 - margin_y)
        self.origin = (x0, y0)
        columns = self.columns()
        margin_x = min(2, (columns - 1) // 2)
        if x < x0 + margin_x:
            x0 = x - margin_x
        elif x > x0 + columns - 1 - margin_x:
            x0 = x - (columns - 1 - margin_x)
        self.origin = (x0, y0)
        self._settle()

    def centre_on(self, point: Point) -> None:
        """Put ``point`` in the middle of the view and the cursor on it (a bounded
        board that fits on screen is centred whole: all its layers are in view)."""
        self.cursor = self._clamp_to_board(point)
        u, v = self.cell_layout.to_plane(self.cursor)
        self.origin = (u, v - self.rows // 2)
        self.origin = (u - self.columns() // 2, self.origin[1])
        self._settle()
        self._placed = True
        self.refresh()
        self.post_message(self.CursorMoved(self.cursor))

    def move_cursor_to(self, point: Point) -> None:
        """Put the cursor on ``point`` and bring it into view."""
        before, origin = self.cursor, self.origin
        self.cursor = self._clamp_to_board(point)
        self.follow_cursor()
        layout = self.cell_layout
        ruler = self.ruler_line()
        if self.origin == origin and not layout.layered and not layout.rules.gravity and ruler is not None:
            # Only the ruler (next to a bounded board that fits, else the first line)
            # and the two rows of the cursor change.
            width = self.size.width
            rows = {ruler, layout.to_plane(before)[1] - origin[1] + 1, layout.to_plane(self.cursor)[1] - origin[1] + 1}
            self.refresh(*(Region(0, y, width, 1) for y in rows if 0 <= y < self.size.height))
        else:
            self.refresh()
        self.post_message(self.CursorMoved(self.cursor))

    def pan(self, dx: int, dy: int) -> None:
        """Shift the view by whole cells, carrying the cursor along."""
        x0, y0 = self.origin
        self.origin = (x0 + dx, y0 + dy)
        self.cursor = self.cell_layout.step(self.cursor, dx, dy)
        self.follow_cursor()  # a bounded board's edge stops the cursor, and so the view
        self.refresh()
        self.post_message(self.CursorMoved(self.cursor))

    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor one cell on the screen (within its layer on a 3-D board)."""
        self.move_cursor_to(self.cell_layout.step(self.cursor, dx, dy))

    def action_layer(self, dz: int) -> None:
        """Move the cursor to the same cell of the layer ``dz`` away (3-D boards)."""
        self.move_cursor_to(self.cell_layout.change_layer(self.cursor, dz))

    def action_pan(self, dx: int, dy: int) -> None:
        """Pan by a screen (less one cell, to keep the context)."""
        self.pan(dx * max(1, self.columns() - 1), dy * max(1, self.rows - 1))

    def action_place(self) -> None:
        """Ask to play the cursor cell."""
        self.post_message(self.CellChosen(self.cursor))

    def action_centre(self) -> None:
        """Centre the view on the last move (under gravity, the cursor goes to the
        cell above it, where the next stone of that column would land)."""
        last = self.board.last_move
        self.centre_on(self.resting(last if last is not None else self.board.rules.centre()))

    # -- events ------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        """Centre on the cursor: the first time, and after every change of size (the
        terminal's, the side panel's: issue 53), so that the cursor is never left at an
        edge; a 3-D board lays its layers out again for the new width."""
        if self.cell_layout.layered:
            self.cell_layout = self._fitted_layout(self.board.rules)
        self.centre_on(self.cursor)

    def on_click(self, event: events.Click) -> None:
        """A click on a cell moves the cursor there and asks to play it."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        point = self.cell_at(offset)
        if point is None:
            return
        event.stop()
        self.move_cursor_to(point)
        if self.board.rules.contains(point):
            self.post_message(self.CellChosen(point))

    def _wheel(self, event: events.MouseEvent, dx: int, dy: int) -> None:
        event.stop()
        event.prevent_default()
        if event.shift or event.ctrl:
            dx, dy = dy, dx
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)
        self._settle()  # a board that fits on screen stays put
        # The cursor stays on its cell unless the view leaves it behind.
        (x0, y0), (x1, y1) = self.visible_cells()
        x, y = self.cell_layout.to_plane(self.cursor)
        cursor = self.cell_layout.nearest(min(max(x, x0), x1), min(max(y, y0), y1))
        if cursor != self.cursor:
            self.cursor = cursor
            self.follow_cursor()
            self.post_message(self.CursorMoved(cursor))
        self.refresh()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._wheel(event, 0, 3)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._wheel(event, 0, -3)

    def on_mouse_scroll_right(self, event: events.MouseScrollRight) -> None:
        self._wheel(event, 3, 0)

    def on_mouse_scroll_left(self, event: events.MouseScrollLeft) -> None:
        self._wheel(event, -3, 0)

    # -- drawing -------------------------------------------------------------------
    def _prepare(self) -> Frame:
        names = (
            "ruler",
            "ruler-cursor",
            "empty",
            "outside",
            "grid",
            "x",
            "o",
            "last",
            "win",
            "cursor",
            "hint",
            "floating",
            "candidate",
            "best",
            "preview",
        )
        styles = {name: self.get_component_rich_style(f"board--{name}") for name in names}
        empty = styles["empty"]
        heat = [empty + Style(bgcolor=colour, color=HEAT_TEXT[i]) for i, colour in enumerate(HEAT_COLOURS)]
        top = max(self.weights.values(), default=0.0) if self.weights else 0.0
        ruler = self.ruler_width()
        board = self.board
        layout = self.cell_layout
        stones = board.stones
        hint = self.hint_move if self.hint_move is not None and layout.playable(self.hint_move, stones) else None
        # The PV's later moves, numbered, coloured by the side that plays them, as
        # far as each may be played after those before it (under gravity too).
        marks: dict[Point, Mark] = forbidden_marks(board, self.forbidden)
        if self.weights is None and hint is not None and self.hint_pv:
            marks.update(line_marks(board, layout, self.hint_pv))
        if self.candidates:
            marks.update(candidate_marks(board, layout, self.candidates))
        if self.preview:
            marks.update(preview_marks(board, layout, self.preview, self.preview_step, self.preview_first))
        drop = None
        if board.rules.gravity and not board.is_over:
            drop = layout.landing(self.cursor, stones)
            if drop == self.cursor:
                drop = None
        numbers = move_numbers(board) if self.move_numbers else {}
        return Frame(
            self.margin(ruler),
            ruler,
            self.columns(ruler),
            styles,
            heat,
            top,
            layout.extent(),
            self.ruler_line(),
            hint,
            {p: self._styled(m, styles) for p, m in marks.items()},
            numbers,
            drop,
        )

    @staticmethod
    def _styled(mark: Mark, styles: dict[str, Style]) -> tuple[str, Style]:
        """A mark's text in its cell, and its style: the colour of its side, on the
        background of its kind."""
        side = styles["x"] if mark.stone is Stone.X else styles["o"]
        if mark.kind in ("candidate", "best"):
            return cell_text(mark.text), styles["empty"] + styles[mark.kind]
        # The side's colour over the kind's background (a component's style carries both).
        colour = Style(color=side.color, bold=True)
        if mark.kind == "preview":
            return cell_text(mark.text), styles["empty"] + styles["preview"] + colour
        if mark.kind == "preview-last":
            return cell_text(mark.text), styles["empty"] + styles["preview"] + colour + styles["last"]
        return cell_text(mark.text), styles["empty"] + side

    def render_lines(self, crop: Region) -> list[Strip]:
        self._frame = self._prepare()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the widget: a ruler, or a row of cells with its label."""
        frame = self._frame or self._prepare()
        width = self.size.width
        layout = self.cell_layout
        if y == frame.ruler_line:
            return self._render_ruler(frame, width)
        styles = frame.styles
        if y == 0:  # the ruler is next to the board, further down
            return Strip([Segment(" " * width, styles["outside"])], width)
        row = self.origin[1] + y - 1
        if layout.layered:
            if layout.labels_on(row):
                return self._render_labels(frame, width, layout.labels_on(row))
            if layout.rulers_on(row):
                return self._render_ruler(frame, width, layout.rulers_on(row))
        if layout.is_grid_line(row):
            return self._render_grid_line(frame, width)
        extent = frame.extent
        label = layout.row_label(row).rjust(frame.ruler_width - 1) + " "
        if extent is not None and not extent[0][1] <= row <= extent[1][1]:
            ruler_style = styles["outside"]
        elif row == layout.to_plane(self.cursor)[1]:
            ruler_style = styles["ruler-cursor"]
        else:
            ruler_style = styles["ruler"]
        segments: list[Segment] = []
        if frame.margin:
            segments.append(Segment(" " * frame.margin, styles["outside"]))
        board = self.board
        stones = board.stones
        rules = board.rules
        bounded = rules.bounded
        last = board.last_move
        winning = set(board.winning_line)
        weights = self.weights
        heat = frame.heat
        top = frame.top
        cursor = self.cursor
        hint = frame.hint
        drop = frame.drop
        marks = frame.marks
        numbers = frame.numbers
        empty = styles["empty"]
        gravity = rules.gravity
        outside = styles["outside"]
        grid = styles["grid"] if layout.grid else None
        # A grid's empty cells are blank, as on paper (under gravity, those a stone may go to are dotted).
        blank = "    " if grid is not None and not gravity else " ·  "
        last_column = extent[1][0] if extent is not None else None
        # Runs of cells in one style become one segment: fewer segments, faster
        # filters and output. The gap after a cell takes the cell's colour in
        # the heat map (a continuous map), a line on a grid, and the board's
        # colour elsewhere.
        run_text: list[str] = [label]
        run_style = ruler_style
        u = self.origin[0]
        for point in layout.row_points(u, row, frame.columns):
            gap_style = empty
            if point is None:  # between two layers
                text, style = "    ", outside
                gap_style = style
                stone = None
            elif (stone := stones.get(point)) is not None:
                style = styles["x"] if stone is Stone.X else styles["o"]
                number = numbers.get(point) if numbers else None
                if number is not None:
                    text = cell_text(str(number))
                else:
                    text = f"[{stone.name}] " if point == last else f" {stone.name}  "
                if point in winning:
                    style = style + styles["win"]
                elif point == last:
                    style = style + styles["last"]
            elif bounded and not rules.contains(point):
                text, style = "    ", outside
                gap_style = style
            elif point in marks:  # a move of a line, a candidate, a stone of a preview
                text, style = marks[point]
            elif weights is not None and point in weights:
                weight = weights[point]
                style = heat[heat_index(weight, top)]
                text = format_weight(weight, CELL_WIDTH - 1) + " "
                gap_style = style
            elif point == drop:  # where the stone would land
                text, style = " ↓  ", empty + (styles["x"] if board.turn is Stone.X else styles["o"])
            elif gravity and not rules.rests(point, stones):  # a stone would float there
                text, style = ("    " if grid else " ·  "), styles["floating"]
            else:
                text, style = blank, empty
            if stone is None and point == hint and point is not None and point not in marks:
                style = style + styles["hint"]
                if weights is None:
                    text = " *  "
            if point == cursor:
                style = style + styles["cursor"]
            if grid is not None and gap_style is not outside:
                text, gap_style = text[:3] + ("│" if u != last_column else " "), grid
            u += 1
            if style is not gap_style:
                if style is run_style:
                    run_text.append(text[:3])
                else:
                    segments.append(Segment("".join(run_text), run_style))
                    run_text, run_style = [text[:3]], style
                text, style = text[3:], gap_style
            if style is run_style:
                run_text.append(text)
            else:
                segments.append(Segment("".join(run_text), run_style))
                run_text, run_style = [text], style
        segments.append(Segment("".join(run_text), run_style))
        used = frame.left + frame.columns * CELL_WIDTH
        if used < width:
            segments.append(Segment(" " * (width - used), outside if bounded else empty))
        return Strip(segments, max(width, used)) if used <= width else Strip(segments, used).crop(0, width)
