"""Where each tile of a cross round lies on the board, so that a laid tile never moves.

The cross games (docs/variants G1-G3) grow up to four arms: left and right along the lead's
row, up and down from the spinner. The tiles are laid here one by one **in the order they
were played**, each against the tiles already on the board, so a tile's place depends only on
what was laid before it: adding a tile anywhere never moves the others (the calm rule of the
Козёл line, :mod:`.board`).

Each arm runs straight from its start until the window's edge (or another tile) is in the way,
then bends the way a real domino line bends on a small table: one tile across the corner and
back the other way, a serpentine. The arms bend as a pinwheel (left bends down, right up, up
left, down right) so that each takes its own quarter of the table. Two strips are kept free
while there is another way: the lead's row for the left and right arms, the spinner's column
(the lead's, before a spinner) for the up and down arms; an arm enters the other's strip only
when nothing else fits.

The style (``mode``) is chosen once per round by :func:`choose_mode`, trying cross boards as
long as the round can get (:func:`board.worst_line`) split over the arms in several ways; only
if a real board still does not fit (rare) does :func:`lay_anywhere` move the lead, the least it
can. Pure functions over cells: no Textual here, so the layouts are tested without a terminal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...words.marks import ARROWS, CLOSED_MARK
from .tiles import GAP, tile_size

LEFT, RIGHT, UP, DOWN = 0, 1, 2, 3
LEAD = -1
STEP = {LEFT: (-1, 0), RIGHT: (1, 0), UP: (0, -1), DOWN: (0, 1)}
DRIFT = {LEFT: DOWN, RIGHT: UP, UP: LEFT, DOWN: RIGHT}  # the pinwheel: where an arm bends
BACK = {LEFT: RIGHT, RIGHT: LEFT, UP: DOWN, DOWN: UP}
GLYPHS = "0123456789ABC"

Key = tuple[int, int]  # (arm, index); the lead is (LEAD, 0)


@dataclass(frozen=True)
class Piece:
    """One tile to lay: its arm and place in the arm, its halves (``inner`` touches the tile
    before it) and whether it lies face down (G6)."""

    arm: int
    index: int
    inner: int
    outer: int
    closed: bool = False

    @property
    def double(self) -> bool:
        return self.inner == self.outer

    @property
    def key(self) -> Key:
        return self.arm, self.index


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    w: int
    h: int

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h

    def meets(self, other: Rect, gap: int = 0) -> bool:
        """Whether the two overlap, or come closer than ``gap`` columns side by side."""
        return (
            self.x < other.x + other.w + gap
            and other.x < self.x + self.w + gap
            and self.y < other.y + other.h
            and other.y < self.y + self.h
        )


@dataclass(frozen=True)
class Laid:
    """A tile on the board: where, which way its arm runs there, and how it is drawn."""

    piece: Piece
    rect: Rect
    heading: int  # the direction its arm runs at this tile (the lead: RIGHT)
    a: int  # the half drawn left (or on top)
    b: int
    across: bool  # drawn upright (two halves one above the other)
    draw_mode: str  # the tile style it is drawn in (``line`` draws upright tiles compact)

    @property
    def outer_point(self) -> tuple[int, int]:
        """The cell the next tile of the arm lines up with: the outer half's middle, or a
        double's middle (the arm continues through a double's centre)."""
        if self.piece.double:
            r = self.rect
            return r.x + r.w // 2, r.y + r.h // 2
        first, second = face_points(self.rect, self.across)
        return second if self.heading in (RIGHT, DOWN) else first


@dataclass(frozen=True)
class Marker:
    """An open end's sign: its number and the arrow key that chooses it (``←3``, ``3→``,
    ``↑3``, ``↓3``), or ``×`` for an end closed by a face-down double."""

    end: int
    x: int
    y: int
    text: str

    def cells(self) -> Iterator[tuple[int, int]]:
        for i in range(len(self.text)):
            yield self.x + i, self.y


@dataclass(frozen=True)
class CrossLayout:
    laid: dict[Key, Laid]
    anchor: tuple[int, int]  # the lead's top-left cell
    heading: tuple[int, int, int, int]  # the way each arm runs at its open end


def shape(mode: str, heading: int, double: bool) -> tuple[str, bool, int, int]:
    """How a tile is drawn where its arm runs ``heading``: (style, upright, width, height).
    A double lies across its arm (L4). The one-row style draws a double in its row with ``║``
    (as the Козёл line does) and a tile running up or down compact."""
    if mode == "line":
        if double or heading in (LEFT, RIGHT):
            return "line", double, *tile_size("line", double)
        return "compact", True, *tile_size("compact", True)
    upright = double == (heading in (LEFT, RIGHT))
    w, h = tile_size(mode, upright)
    return mode, upright, w, h


def face_points(rect: Rect, upright: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    """The middle cell of each half: left then right, or top then bottom."""
    x, y, w, h = rect.x, rect.y, rect.w, rect.h
    if not upright:
        n = (w - 3) // 2
        return (x + 1 + n // 2, y + h // 2), (x + 2 + n + n // 2, y + h // 2)
    if h == 3:  # compact: the halves sit in the top and bottom edges
        return (x + w // 2, y), (x + w // 2, y + 2)
    n = (h - 3) // 2
    return (x + w // 2, y + 1 + n // 2), (x + w // 2, y + 2 + n + n // 2)


def face_cells(laid: Laid) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Every cell of each half's face (drawn over for a double laid face down)."""
    r = laid.rect
    if laid.draw_mode == "line":
        return [(r.x + 1, r.y)], [(r.x + 3, r.y)]
    if laid.across and r.h == 3:  # compact upright: the halves sit in the edges
        return [(r.x + 1, r.y)], [(r.x + 1, r.y + 2)]
    if laid.across:
        n = (r.h - 3) // 2
        cols = range(r.x + 1, r.x + r.w - 1)
        top = [(x, y) for y in range(r.y + 1, r.y + 1 + n) for x in cols]
        bottom = [(x, y) for y in range(r.y + 2 + n, r.y + 2 + 2 * n) for x in cols]
        return top, bottom
    n = (r.w - 3) // 2
    rows = range(r.y + 1, r.y + r.h - 1)
    left = [(x, y) for y in rows for x in range(r.x + 1, r.x + 1 + n)]
    right = [(x, y) for y in rows for x in range(r.x + 2 + n, r.x + 2 + 2 * n)]
    return left, right


def _halves(piece: Piece, heading: int) -> tuple[int, int]:
    """The halves as drawn (left/top first): the inner half faces back along the arm."""
    if heading in (RIGHT, DOWN):
        return piece.inner, piece.outer
    return piece.outer, piece.inner


def _place(mode: str, piece: Piece, prev: Laid, heading: int, shift: int = 0) -> Laid:
    """``piece`` laid next to ``prev``, its arm running ``heading`` there, lined up with
    ``prev``'s outer half (``shift`` cells aside, at a corner near the edge)."""
    draw_mode, upright, w, h = shape(mode, heading, piece.double)
    px, py = prev.outer_point
    r = prev.rect
    if heading == RIGHT:
        x, y = r.x + r.w + GAP, py - h // 2 + shift
    elif heading == LEFT:
        x, y = r.x - GAP - w, py - h // 2 + shift
    elif heading == DOWN:
        x, y = px - w // 2 + shift, r.y + r.h
    else:
        x, y = px - w // 2 + shift, r.y - h
    a, b = _halves(piece, heading)
    return Laid(piece, Rect(x, y, w, h), heading, a, b, upright, draw_mode)


def _shifts(mode: str, piece: Piece, heading: int) -> list[int]:
    """How far aside a tile turning a corner may lie and still touch the outer half it joins:
    its side must span that half's middle cell. Nearest first."""
    _, _, w, h = shape(mode, heading, piece.double)
    span = h if heading in (LEFT, RIGHT) else w
    base = span // 2
    return sorted(range(-(span - 1 - base), base + 1), key=lambda d: (abs(d), d))


def _band_turn(mode: str, piece: Piece, prev: Laid, side: int, heading: int) -> Laid:
    """In the one-row style, a row turns like the Козёл snake: the next tile lies on the row
    just above or below (``side``), under the last one's outer end, running back."""
    draw_mode, upright, w, h = shape(mode, heading, piece.double)
    r = prev.rect
    y = r.y + r.h if side == DOWN else r.y - h
    x = r.x if heading == RIGHT else r.x + r.w - w
    a, b = _halves(piece, heading)
    return Laid(piece, Rect(x, y, w, h), heading, a, b, upright, draw_mode)


def _candidates(
    mode: str, piece: Piece, prev: Laid, ways: Sequence[int], rows: bool
) -> Iterator[Laid]:
    """The places to try, in order: a straight run keeps its line; a corner may slide aside;
    with ``rows`` (a one-row style running along a row) a turn is a step to the next row."""
    if rows:
        yield _place(mode, piece, prev, ways[0])
        for side in ways[1:]:
            yield _band_turn(mode, piece, prev, side, BACK[ways[0]])
    for way in ways:
        straight = way == prev.heading and prev.piece.arm == piece.arm
        for shift in [0] if straight else _shifts(mode, piece, way):
            yield _place(mode, piece, prev, way, shift)


class _Board:
    """The board while it is being laid: the tiles so far and the free strips."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.laid: dict[Key, Laid] = {}
        self.row: Rect | None = None  # the lead's row, kept for the left and right arms
        self.column: Rect | None = None  # the spinner's (or lead's) column, for up and down

    def free(self, laid: Laid, keep_strips: bool) -> bool:
        r = laid.rect
        if r.x < 0 or r.y < 0 or r.x + r.w > self.width or r.y + r.h > self.height:
            return False
        if any(r.meets(other.rect, GAP) for other in self.laid.values()):
            return False
        if not keep_strips:
            return True
        strip = self.column if laid.piece.arm in (LEFT, RIGHT) else self.row
        return strip is None or not r.meets(strip)


def _lead(mode: str, piece: Piece, anchor: tuple[int, int]) -> Laid:
    draw_mode, upright, w, h = shape(mode, RIGHT, piece.double)
    return Laid(
        piece, Rect(anchor[0], anchor[1], w, h), RIGHT, piece.inner, piece.outer, upright, draw_mode
    )


def default_anchor(mode: str, width: int, height: int, lead: Piece) -> tuple[int, int]:
    """The lead in the middle of the board."""
    _, _, w, h = shape(mode, RIGHT, lead.double)
    return max(0, (width - w) // 2), max(0, (height - h) // 2)


def _lay_at(
    mode: str,
    size: tuple[int, int],
    pieces: Sequence[Piece],
    spinner: Key | None,
    at: tuple[int, int],
) -> CrossLayout | None:
    """Lay ``pieces`` (the lead first, then in the order they were played) with the lead's
    top-left cell at ``at``. None if some tile finds no room."""
    width, height = size
    lead = pieces[0]
    board = _Board(width, height)
    first = _lead(mode, lead, at)
    if not board.free(first, False):
        return None
    board.laid[lead.key] = first
    band_h = tile_size(mode, True)[1] if mode != "line" else 1
    mid = first.rect.y + first.rect.h // 2
    board.row = Rect(0, mid - band_h // 2, width, band_h)
    board.column = Rect(first.rect.x, 0, first.rect.w, height)
    heading = [LEFT, RIGHT, UP, DOWN]
    drift = [DRIFT[e] for e in (LEFT, RIGHT, UP, DOWN)]
    main = [LEFT, RIGHT, UP, DOWN]
    ends: list[Laid | None] = [first, first, None, None]
    for piece in pieces[1:]:
        arm = piece.arm
        prev = ends[arm]
        if prev is None:  # an up or down arm starts at the spinner
            prev = board.laid.get(spinner) if spinner else None
            if prev is None:
                return None
        if prev.piece.key == lead.key or (prev.piece.key == spinner and arm in (UP, DOWN)):
            tries = [arm, DRIFT[arm], BACK[DRIFT[arm]]]
        elif heading[arm] == main[arm]:
            tries = [main[arm], drift[arm], BACK[drift[arm]]]
        else:  # just bent: run back the other way
            tries = [BACK[main[arm]], drift[arm], main[arm]]
        rows = mode == "line" and heading[arm] == main[arm] in (LEFT, RIGHT)
        rows = rows and prev.piece.arm == arm
        laid = next(
            (
                cand
                for keep in (True, False)
                for cand in _candidates(mode, piece, prev, tries, rows)
                if board.free(cand, keep)
            ),
            None,
        )
        if laid is None:
            return None
        way = laid.heading
        if way in (main[arm], BACK[main[arm]]):
            main[arm] = way
        else:
            if way != drift[arm]:
                drift[arm] = way
            if main[arm] in (UP, DOWN):  # a cross arm's first bend: on, it runs in rows
                main[arm], drift[arm] = drift[arm], BACK[main[arm]]
        heading[arm] = way
        board.laid[piece.key] = laid
        ends[arm] = laid
        if piece.key == spinner:
            board.column = Rect(laid.rect.x, 0, laid.rect.w, height)
    return CrossLayout(board.laid, at, (heading[0], heading[1], heading[2], heading[3]))


def lay_anywhere(
    mode: str,
    width: int,
    height: int,
    pieces: Sequence[Piece],
    spinner: Key | None,
    anchor: tuple[int, int] | None = None,
    tries: int | None = None,
) -> CrossLayout | None:
    """Lay ``pieces`` (the lead first, then in the order they were played) with the lead at
    ``anchor`` (default: the middle), or if the board does not fit there, at the nearest place
    of the lead where it does (the caller keeps it: the board moves rarely and
    the least it can); ``tries`` limits how many places are tried."""
    if not pieces:
        return None
    first = anchor or default_anchor(mode, width, height, pieces[0])
    found = _lay_at(mode, (width, height), pieces, spinner, first)
    if found is not None:
        return found
    places = [(x, y) for y in range(height) for x in range(width)]
    places.sort(key=lambda p: abs(p[0] - first[0]) + 2 * abs(p[1] - first[1]))
    for place in places[:tries]:
        found = _lay_at(mode, (width, height), pieces, spinner, place)
        if found is not None:
            return found
    return None


# --- the style, once per round ----------------------------------------------------------------
def _trial(
    counts: tuple[int, int, int, int], lead_double: bool, spin_after: int = -1
) -> tuple[list[Piece], Key | None]:
    """A made-up board with ``counts`` tiles on the arms (left, right, up, down), laid in turn:
    plain tiles (longer than doubles along an arm); the spinner is the lead, or tile
    ``spin_after`` of the right arm."""
    lead = Piece(LEAD, 0, 1, 1 if lead_double else 2)
    pieces = [lead]
    spinner: Key | None = (LEAD, 0) if lead_double else None
    left = list(counts)
    laid = [0, 0, 0, 0]
    while any(left):
        for arm in (LEFT, RIGHT, UP, DOWN):
            if not left[arm] or (arm in (UP, DOWN) and spinner is None):
                continue
            double = arm == RIGHT and laid[arm] == spin_after
            pieces.append(Piece(arm, laid[arm], 3, 3 if double else 4))
            if double:
                spinner = (RIGHT, laid[arm])
            laid[arm] += 1
            left[arm] -= 1
        if spinner is None and not left[LEFT] and not left[RIGHT]:
            break
    return pieces, spinner


def trials(worst: int) -> list[tuple[list[Piece], Key | None]]:
    """Boards as long as a round can get (``worst`` tiles), split over the arms in the ways
    that use the room worst: the line split in two before any spinner, a cross split four
    ways (the spinner leading, or a tile away), and a cross with one long arm up or down
    (half the board). One arm holding the whole round is left out: a cross game lays a
    spinner at its first double, and the arms share the tiles."""
    n = max(0, worst - 1)
    q, r = divmod(n, 4)
    half = n // 2
    s = n // 6
    return [
        _trial((half, n - half, 0, 0), False),
        _trial((q, q, q, q + r), True),
        _trial((q, q + r, q, q), False, 1),
        _trial((s, s, n - 3 * s, s), True),
        _trial((s, s, s, n - 3 * s), True),
    ]


TRIAL_PLACES = 8  # places of the lead tried per made-up board (a real board tries them all)


def choose_mode(width: int, height: int, worst: int, modes: Sequence[str]) -> str:
    """The largest style in which boards as long as the round can get all fit; the last style
    when none does."""
    cases = trials(worst)
    for mode in modes:
        if all(
            lay_anywhere(mode, width, height, p, s, tries=TRIAL_PLACES) is not None
            for p, s in cases
        ):
            return mode
    return modes[-1]


# --- the open ends' signs -----------------------------------------------------------------------
def markers(
    layout: CrossLayout,
    ends: Sequence[tuple[int, Key, int, bool]],
    width: int,
    height: int,
) -> list[Marker]:
    """A sign for each open (or closed) end, given as (end, its tile, number, closed): past
    the end tile where its arm runs on (a bent arm's sign stands past the bend), its arrow the
    end's own (↑ for the up end wherever its arm runs), as the arrow key that chooses it;
    beside the tile where that is taken; left out only when no cell around the tile is free
    (the board's title names the ends too)."""
    taken: set[tuple[int, int]] = set()
    out: list[Marker] = []
    for end, key, value, closed in ends:
        laid = layout.laid.get(key)
        if laid is None:
            continue
        way = layout.heading[end] if key[0] == end else end
        for side in dict.fromkeys((way, end, DRIFT[way], BACK[DRIFT[way]])):
            text = marker_text(end, value, closed)  # the key's arrow: ↑ chooses this end
            at = place_text(laid, text, [side], taken, layout, width, height)
            if at is not None:
                mark = Marker(end, at[0], at[1], text)
                taken.update(mark.cells())
                out.append(mark)
                break
    return out


def marker_text(way: int, value: int, closed: bool) -> str:
    """``←3``, ``3→``, ``↑3``, ``↓3``: the end's number and the arrow key that chooses it."""
    face = CLOSED_MARK if closed else GLYPHS[value] if 0 <= value < len(GLYPHS) else "?"
    return face + ARROWS[way] if way == RIGHT else ARROWS[way] + face


def place_text(
    laid: Laid,
    text: str,
    ways: Sequence[int],
    taken: set[tuple[int, int]],
    layout: CrossLayout,
    width: int,
    height: int,
) -> tuple[int, int] | None:
    """The first place beside ``laid`` (in the order of ``ways``) where ``text`` lies on free
    cells: past the tile along the way, lined up with its outer half."""
    r = laid.rect
    px, py = laid.outer_point
    n = len(text)
    for way in ways:
        if way == RIGHT:
            x, y = r.x + r.w, py
        elif way == LEFT:
            x, y = r.x - n, py
        elif way == UP:
            x, y = px, r.y - 1
        else:
            x, y = px, r.y + r.h
        if way in (UP, DOWN) and x + n > r.x + r.w:
            x = max(r.x, r.x + r.w - n)
        cells = [(x + i, y) for i in range(n)]
        if all(open_cell(c, taken, layout, width, height) for c in cells):
            return x, y
    return None


def open_cell(
    cell: tuple[int, int], taken: set[tuple[int, int]], layout: CrossLayout, width: int, height: int
) -> bool:
    x, y = cell
    if not (0 <= x < width and 0 <= y < height) or cell in taken:
        return False
    return not any(laid.rect.contains(x, y) for laid in layout.laid.values())
