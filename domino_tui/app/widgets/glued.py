"""Words wrapped at word boundaries with a move's arrow kept on its word's line: "… на правый
конец (5 ◀)" never leaves "◀)" or "(5 ◀)" alone at the start of a line, nor "3-3 ◀" its
arrow. Rich breaks at every whitespace, a no-break space (U+00A0, U+202F) included, and a word
joiner (U+2060) does not stop that; so :class:`Glued` breaks the lines itself, at spaces
only, and hands Rich lines that need no more wrapping."""

from __future__ import annotations

import re
from collections.abc import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from ...words.marks import ARROWS, END_ARROWS

ARROW_MARKS = "".join(END_ARROWS[:2] + ARROWS)  # "◀▶←→↑↓"
# a space that must not break: before an arrow, or before "(5 ◀)" (the end's number and arrow)
GLUE = re.compile(rf" (?=[{ARROW_MARKS}]|\(\d+ [{ARROW_MARKS}]\))")
BREAK = re.compile(r" +")


def breaks(plain: str) -> list[tuple[int, int]]:
    """The runs of spaces where a line may break, as (start, end) offsets."""
    glued = {m.start() for m in GLUE.finditer(plain)}
    return [
        (m.start(), m.end())
        for m in BREAK.finditer(plain)
        if not any(i in glued for i in range(m.start(), m.end()))
    ]


def spans(plain: str, width: int) -> Iterator[tuple[int, int]]:
    """Each line's (start, end) in ``plain``: as many whole units (text between break spaces)
    as fit ``width`` cells; a unit wider than the whole line is folded, having no other way."""
    width = max(1, width)
    units: list[tuple[int, int]] = []
    start = 0
    for space_start, space_end in breaks(plain):
        units.append((start, space_start))
        start = space_end
    units.append((start, len(plain)))
    line: tuple[int, int] | None = None
    for unit in units:
        if line is not None and cell_len(plain[line[0] : unit[1]]) <= width:
            line = (line[0], unit[1])
            continue
        if line is not None:
            yield line
        begin, end = unit
        while cell_len(plain[begin:end]) > width:  # fold a unit no line can hold
            cut = begin + 1
            while cut < end and cell_len(plain[begin : cut + 1]) <= width:
                cut += 1
            yield begin, cut
            begin = cut
        line = (begin, end)
    if line is not None:
        yield line


def glued_lines(text: Text, width: int) -> list[Text]:
    """``text`` (one line, styles kept) broken into lines of at most ``width`` cells."""
    if not text.plain:
        return [text.copy()]
    return [text[start:end] for start, end in spans(text.plain, width)]


class Glued:
    """A renderable: ``text`` wrapped by :func:`glued_lines` to the width it is given."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = glued_lines(self.text, options.max_width)
        joined = Text("\n").join(lines)
        joined.no_wrap = True
        joined.overflow = "crop"
        yield joined
