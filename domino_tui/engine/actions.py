"""Action codes and their text notation.

Actions are plain ``int`` codes so that search bots can keep millions of them cheaply:
``tile * 2 + side`` for a play (side 0 = left end, 1 = right end; a lead uses side 0),
:data:`DRAW`, :data:`KNOCK`, and ``PAIR_BASE + left_double * 100 + right_double`` for the
K3.4 double pair. Notation: ``3-5`` (lead), ``3-5L`` / ``3-5R``, ``draw``, ``knock``,
``3-3L+5-5R``.
"""

from __future__ import annotations

from .tiles import DOUBLE_SIX, TileSet

DRAW = -1
KNOCK = -2
PAIR_BASE = 10000
LEFT = 0
RIGHT = 1


class NotationError(ValueError):
    """Text that is not an action."""


def play(tile: int, side: int = LEFT) -> int:
    return tile * 2 + side


def pair_play(left_double: int, right_double: int) -> int:
    return PAIR_BASE + left_double * 100 + right_double


def is_play(code: int) -> bool:
    return 0 <= code < PAIR_BASE


def is_pair(code: int) -> bool:
    return code >= PAIR_BASE


def tile_of(code: int) -> int:
    return code >> 1


def side_of(code: int) -> int:
    return code & 1


def pair_tiles(code: int) -> tuple[int, int]:
    rest = code - PAIR_BASE
    return rest // 100, rest % 100


def format_action(code: int, lead: bool = False, ts: TileSet = DOUBLE_SIX) -> str:
    """Print an action; ``lead`` drops the end letter (the first tile has no end)."""
    if code == DRAW:
        return "draw"
    if code == KNOCK:
        return "knock"
    if is_pair(code):
        a, b = pair_tiles(code)
        return f"{ts.name(a)}L+{ts.name(b)}R"
    name = ts.name(tile_of(code))
    return name if lead else name + ("L" if side_of(code) == LEFT else "R")


def parse_action(text: str, ts: TileSet = DOUBLE_SIX) -> int:
    """Parse notation into a code; a bare tile means the lead (or the left end)."""
    s = text.strip()
    low = s.lower()
    if low == "draw" or low.startswith("draw:"):
        return DRAW
    if low in ("knock", "pass"):
        return KNOCK
    if "+" in s:
        first, _, second = s.partition("+")
        a, b = parse_action(first, ts), parse_action(second, ts)
        if not (is_play(a) and is_play(b) and side_of(a) == LEFT and side_of(b) == RIGHT):
            raise NotationError(f"a double pair is written like 3-3L+5-5R, not {text!r}")
        return pair_play(tile_of(a), tile_of(b))
    side = LEFT
    if s[-1:].upper() in ("L", "R"):
        side = LEFT if s[-1].upper() == "L" else RIGHT
        s = s[:-1]
    try:
        return play(ts.parse(s), side)
    except ValueError as err:
        raise NotationError(f"not an action: {text!r} ({err})") from None
