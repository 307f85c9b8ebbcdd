"""Dominoes drawn with box characters, and the snake that lays a line of them inside a box.

Pure functions over a character grid, so that layouts are tested without a terminal. Four
sizes: ``pips`` (3×3 pip faces), ``digits`` (framed digits), ``compact`` (framed digits, doubles
only three rows high) and ``line`` (one row per tile, the last resort of a tiny window).
Doubles in the line are drawn across it (L4).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

MODES = ("pips", "digits", "compact", "line")
GLYPHS = "0123456789ABC"

# pip positions (row, col) in a 3×3 face; columns 0 and 2 keep pips a cell apart
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 2), (2, 0)),
    3: ((0, 2), (1, 1), (2, 0)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
}


def tile_size(mode: str, across: bool) -> tuple[int, int]:
    """(width, height) of a tile; ``across`` means drawn perpendicular (a double in the line)."""
    if mode == "pips":
        return (5, 9) if across else (9, 5)
    if mode == "digits":
        return (3, 5) if across else (5, 3)
    if mode == "compact":
        return (3, 3) if across else (5, 3)
    return (5, 1)


class Canvas:
    """A grid of characters with a style name per cell."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[str]] = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        if not 0 <= y < self.height:
            return
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = style

    def restyle(self, x: int, y: int, w: int, h: int, style: str) -> None:
        for yy in range(max(0, y), min(self.height, y + h)):
            for xx in range(max(0, x), min(self.width, x + w)):
                self.styles[yy][xx] = style

    def lines(self) -> list[str]:
        return ["".join(row) for row in self.chars]

    def to_text(self, styles: dict[str, Style]) -> Text:
        text = Text(no_wrap=True, overflow="crop", end="")
        for y, row in enumerate(self.chars):
            if y:
                text.append("\n")
            x = 0
            while x < self.width:
                name = self.styles[y][x]
                end = x
                while end < self.width and self.styles[y][end] == name:
                    end += 1
                text.append("".join(row[x:end]), styles.get(name) or Style())
                x = end
        return text


def _face(value: int, mode: str) -> list[str]:
    """One half's interior: 3×3 pips, or a single digit."""
    if mode != "pips" or value > 6:
        return [GLYPHS[value] if value < len(GLYPHS) else "?"]
    rows = [[" "] * 3 for _ in range(3)]
    for r, c in PIPS[value]:
        rows[r][c] = "●"
    return ["".join(r) for r in rows]


LIGHT = "┌─┬┐│└┴┘├┤"
HEAVY = "┏━┳┓┃┗┻┛┣┫"  # a tile that can be played stands out by its shape, not only its colour


def draw_tile(
    canvas: Canvas,
    x: int,
    y: int,
    a: int,
    b: int,
    mode: str,
    across: bool = False,
    frame: str = "frame",
    face: tuple[str, str] = ("face", "face"),
    heavy: bool = False,
) -> None:
    """Draw tile ``a|b`` with its top-left at (x, y): ``a`` left (or top when across);
    ``heavy`` draws the frame with heavy lines."""
    tl, hz, tee, tr, vt, bl, btee, br, lt, rt = tuple(HEAVY if heavy else LIGHT)
    if mode == "line":
        canvas.put(x, y, "▐", frame)
        canvas.put(x + 1, y, _face(a, mode)[0], face[0])
        canvas.put(x + 2, y, ("┃" if heavy else "║") if across else vt, frame)
        canvas.put(x + 3, y, _face(b, mode)[0], face[1])
        canvas.put(x + 4, y, "▌", frame)
        return
    fa, fb = _face(a, mode), _face(b, mode)
    n = len(fa[0])
    if across and mode == "compact":  # the halves sit in the top and bottom edges
        canvas.put(x, y, tl, frame)
        canvas.put(x + 1, y, fa[0], face[0])
        canvas.put(x + 2, y, tr, frame)
        canvas.put(x, y + 1, lt + hz + rt, frame)
        canvas.put(x, y + 2, bl, frame)
        canvas.put(x + 1, y + 2, fb[0], face[1])
        canvas.put(x + 2, y + 2, br, frame)
        return
    if across:
        canvas.put(x, y, tl + hz * n + tr, frame)
        for i, row in enumerate(fa):
            canvas.put(x, y + 1 + i, vt, frame)
            canvas.put(x + 1, y + 1 + i, row, face[0])
            canvas.put(x + 1 + n, y + 1 + i, vt, frame)
        mid = y + 1 + len(fa)
        canvas.put(x, mid, lt + hz * n + rt, frame)
        for i, row in enumerate(fb):
            canvas.put(x, mid + 1 + i, vt, frame)
            canvas.put(x + 1, mid + 1 + i, row, face[1])
            canvas.put(x + 1 + n, mid + 1 + i, vt, frame)
        canvas.put(x, mid + 1 + len(fb), bl + hz * n + br, frame)
        return
    canvas.put(x, y, tl + hz * n + tee + hz * n + tr, frame)
    for i in range(len(fa)):
        canvas.put(x, y + 1 + i, vt, frame)
        canvas.put(x + 1, y + 1 + i, fa[i], face[0])
        canvas.put(x + 1 + n, y + 1 + i, vt, frame)
        canvas.put(x + 2 + n, y + 1 + i, fb[i], face[1])
        canvas.put(x + 2 + 2 * n, y + 1 + i, vt, frame)
    canvas.put(x, y + 1 + len(fa), bl + hz * n + btee + hz * n + br, frame)


@dataclass(frozen=True)
class Placed:
    """Where one tile of a layout landed: its index in the input, rectangle and drawn halves."""

    index: int
    x: int
    y: int
    w: int
    h: int
    a: int  # half drawn left (or top)
    b: int
    across: bool
    flipped: bool = False  # drawn right to left: the line's left half is drawn on the right

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h


GAP = 1


def snake(line: list[tuple[int, int]], width: int, height: int, mode: str) -> list[Placed] | None:
    """Lay the line (oriented halves, left to right) as a snake: left to right, then right to
    left on the next row, and so on. None if it does not fit ``width`` × ``height``."""
    if not line:
        return []
    rows: list[list[int]] = [[]]
    used = 0
    for i, (a, b) in enumerate(line):
        w, _ = tile_size(mode, a == b)
        need = w if not rows[-1] else used + GAP + w
        if need > width:
            if not rows[-1]:
                return None
            rows.append([i])
            used = w
        else:
            rows[-1].append(i)
            used = need
    placed: list[Placed] = []
    y = 0
    prev_right = width
    for r, row in enumerate(rows):
        sizes = [tile_size(mode, line[i][0] == line[i][1]) for i in row]
        row_h = max(h for _, h in sizes)
        row_w = sum(w for w, _ in sizes) + GAP * (len(row) - 1)
        if len(rows) == 1:
            x = (width - row_w) // 2
        elif r % 2 == 0:
            x = 0
        else:
            x = max(0, prev_right - row_w)
        order = list(zip(row, sizes, strict=True))
        if r % 2 == 1:
            order.reverse()
        for i, (w, h) in order:
            a, b = line[i]
            if r % 2 == 1:
                a, b = b, a
            placed.append(Placed(i, x, y + (row_h - h) // 2, w, h, a, b, a == b, r % 2 == 1))
            x += w + GAP
        prev_right = x - GAP
        y += row_h
    if y > height:
        return None
    placed.sort(key=lambda p: p.index)
    return placed


def flow(tiles: list[tuple[int, int]], width: int, mode: str) -> list[Placed]:
    """Lay a hand left to right in rows (no doubles across): always fits the width."""
    placed: list[Placed] = []
    w, h = tile_size(mode, False)
    per_row = max(1, (width + GAP) // (w + GAP))
    for i, (a, b) in enumerate(tiles):
        row, col = divmod(i, per_row)
        placed.append(Placed(i, col * (w + GAP), row * h, w, h, a, b, False))
    return placed


def best_mode(fits: list[str]) -> str:
    """The largest mode that fits, from a list of the modes that do."""
    for mode in MODES:
        if mode in fits:
            return mode
    return "line"
