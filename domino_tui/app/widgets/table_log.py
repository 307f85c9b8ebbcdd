"""The table's log: lines of plain text, wrapped to the log's width, oldest scrolled away.

It draws exactly as Textual's ``RichLog(wrap=True)`` draws a string — the same wrapping, the
same widths, the same scrolling — but takes plain lines only. ``RichLog`` imports
``rich.pretty`` (to show any Python object), and that imports ``attrs`` when it is installed:
a tenth of what the table's first frame spent beyond a bare Textual app (issue 22 item 9),
for objects the table never logs.
"""

from __future__ import annotations

from rich.measure import measure_renderables
from rich.segment import Segment
from rich.text import Text
from textual.cache import LRUCache
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip


class TableLog(ScrollView, can_focus=False):
    """Plain lines, each wrapped at ``min_width`` cells or the log's width if that is wider;
    at most ``max_lines`` kept. Lines written before the log has a size wait for it."""

    DEFAULT_CSS = """
    TableLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
    }
    """

    def __init__(self, *, max_lines: int, min_width: int, id: str | None = None) -> None:
        super().__init__(id=id)
        self.max_lines = max_lines
        self.min_width = min_width
        self.lines: list[Strip] = []  # the lines kept, as drawn (tests read their text)
        self._start_line = 0  # lines scrolled away for good: the cache's keys stay true
        self._line_cache: LRUCache[tuple[int, int, int, int], Strip] = LRUCache(1024)
        self._waiting: list[str] = []  # written before the width was known
        self._size_known = False
        self._widest_line_width = 0

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_cache.clear()

    def on_resize(self, event: Resize) -> None:
        if event.size.width and not self._size_known:
            self._size_known = True
            waiting, self._waiting = self._waiting, []
            for text in waiting:
                self.write(text)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._size_known else container.width

    def write(self, text: str) -> None:
        """Add ``text`` at the bottom (wrapped into as many lines as it needs) and scroll to it."""
        if not self._size_known:
            self._waiting.append(text)
            return
        renderable = Text(text)
        renderable.expand_tabs()
        console = self.app.console
        options = console.options
        width = measure_renderables(console, options, [renderable]).maximum
        width = max(min(width, self.scrollable_content_region.width), self.min_width)
        lines = list(Segment.split_lines(console.render(renderable, options.update_width(width))))
        if not lines:
            self._widest_line_width = max(width, self._widest_line_width)
            self.lines.append(Strip.blank(width))
        else:
            strips = Strip.from_lines(lines)
            for strip in strips:
                strip.adjust_cell_length(width)
            self.lines.extend(strips)
            if len(self.lines) > self.max_lines:
                self._start_line += len(self.lines) - self.max_lines
                self.refresh()
                self.lines = self.lines[-self.max_lines :]
            widest = max(sum(segment.cell_length for segment in line) for line in lines)
            self._widest_line_width = max(self._widest_line_width, widest)
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self.scroll_end(animate=False, immediate=False, x_axis=False)

    def clear(self) -> None:
        self.lines.clear()
        self._line_cache.clear()
        self._start_line = 0
        self._widest_line_width = 0
        self._waiting.clear()
        self.virtual_size = Size(0, 0)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        return self._render_line(scroll_y + y, scroll_x, width).apply_style(self.rich_style)

    def _render_line(self, y: int, scroll_x: int, width: int) -> Strip:
        if y >= len(self.lines):
            return Strip.blank(width, self.rich_style)
        key = (y + self._start_line, scroll_x, width, self._widest_line_width)
        if key in self._line_cache:
            return self._line_cache[key]
        line = self.lines[y].crop_extend(scroll_x, scroll_x + width, self.rich_style)
        self._line_cache[key] = line
        return line
