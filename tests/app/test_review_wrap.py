"""The review pane wraps at word boundaries and never leaves a move's arrow alone (issue 22,
part 7): "… на правый конец (5 ◀)" does not put "◀)" or "(5 ◀)" at the start of a line, "3-3 ◀"
keeps its arrow, and no word is cut, at every width the pane has (36 and 48 columns, and
narrower where a window is small), with the summaries' hanging indent kept."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console, Group
from rich.text import Text
from textual.app import App, ComposeResult

from domino_tui.app.widgets.review_panel import ReviewPanel, hanging

from .driver import screen_text

WORDS = {
    "ru": (
        "Ход 14 · Вы: 6-4 на правый конец (5 ◀) · потеряно 3.2 очка\n"
        "Лучше: 6-6 на левый конец (6 ▶), затем 3-3 ◀ или 2-2 ▶: ход 6-4 оставляет у Вас "
        "последнюю кость с четвёркой (12 ◀)\n"
        "Tester · новичок\n  5.46 очка потеряно за выбор (26 выборов) 1-1 ← 2-2 → 3-3 ↑ 4-4 ↓"
    ),
    "en": (
        "Move 14 · You: 6-4 on the right end (5 ◀) · lost 3.2 points\n"
        "Better: 6-6 on the left end (6 ▶), then 3-3 ◀ or 2-2 ▶: 6-4 leaves you holding a "
        "four as your last tile (12 ◀)\n"
        "Tester · beginner\n  5.46 points lost per choice (26 choices) 1-1 ← 2-2 → 3-3 ↑ 4-4 ↓"
    ),
}
ARROWS = "◀▶←→↑↓"
LONE = re.compile(rf"^\s*([{ARROWS}]|\(\d+ [{ARROWS}]\)|\d+ [{ARROWS}]\))")


def rendered(text: str, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True)
    console.print(Group(*hanging([Text(text)])))
    return [line.rstrip() for line in console.export_text().splitlines()]


def check(lines: list[str], text: str, width: int) -> None:
    for line in lines:
        assert not LONE.match(line), (width, line, lines)
        assert len(line) <= width, (width, line)
    assert " ".join(lines).split() == text.split(), (width, lines)  # no word cut


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("width", [*range(18, 50), 60, 80])
def test_no_line_starts_with_an_arrow_and_no_word_is_cut(lang: str, width: int) -> None:
    text = WORDS[lang]
    lines = rendered(text, width)
    check(lines, text, width)
    summary = lines.index(next(line for line in lines if line.startswith("Tester")))
    assert all(line.startswith("  ") for line in lines[summary + 1 :]), lines


class Pane(App[None]):
    def compose(self) -> ComposeResult:
        yield ReviewPanel(id="review")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("width", [30, 36, 48])
async def test_the_pane_itself_keeps_the_arrow_with_its_move(lang: str, width: int) -> None:
    """The panel as drawn (its border, padding and scrollbar take their columns)."""
    app = Pane()
    async with app.run_test(size=(80, 30)) as pilot:
        panel = app.query_one(ReviewPanel)
        panel.styles.width = width
        panel.show(*(Text(part) for part in WORDS[lang].split("\n\n")))
        await pilot.pause()
        await pilot.pause()
        region = panel.region
        rows = screen_text(app).splitlines()[region.y + 1 : region.bottom - 1]
        inside = [row[region.x + 1 : region.right - 1] for row in rows]
        lines = [line.rstrip(" ▁▂▃▄▅▆▇█▔│┃╹╻").rstrip() for line in inside if line.strip()]
        assert len(lines) >= 6, inside
        check(lines, WORDS[lang], width)
