"""Action codes and their text notation.

Actions are plain ``int`` codes so that search bots can keep millions of them cheaply:
``tile * 2 + side`` for a play (side 0 = left end, 1 = right end; a lead uses side 0),
:data:`DRAW`, :data:`KNOCK`, and ``PAIR_BASE + left_double * 100 + right_double`` for the
K3.4 double pair. Notation: ``3-5`` (lead), ``3-5L`` / ``3-5R``, ``draw``, ``knock``,
``3-3L+5-5R``.

The cross games (docs/variants, G4) add the ends up and down, closed doubles (``3-3R*``) and up
to four doubles in one move. Such a move is an *extended* code, ``EXT_BASE`` plus its
placements packed ten bits each; every move has exactly one code (:func:`encode`), so a plain
left/right play and an open double pair keep the codes above and Козёл never meets the rest.
"""

from __future__ import annotations

from typing import NamedTuple

from .tiles import DOUBLE_SIX, TileSet

DRAW = -1
KNOCK = -2
PAIR_BASE = 10000
EXT_BASE = 1 << 40
LEFT = 0
RIGHT = 1
UP = 2
DOWN = 3
END_LETTERS = "LRUD"


class Placement(NamedTuple):
    """One tile of a move: where it went (LEFT … DOWN; a lead says LEFT) and whether it was
    laid closed, face down (G6)."""

    tile: int
    end: int
    closed: bool = False


class NotationError(ValueError):
    """Text that is not an action."""


def play(tile: int, side: int = LEFT) -> int:
    return tile * 2 + side


def pair_play(left_double: int, right_double: int) -> int:
    return PAIR_BASE + left_double * 100 + right_double


def is_play(code: int) -> bool:
    return 0 <= code < PAIR_BASE


def is_pair(code: int) -> bool:
    return PAIR_BASE <= code < EXT_BASE


def is_ext(code: int) -> bool:
    return code >= EXT_BASE


def encode(parts: tuple[Placement, ...] | list[Placement]) -> int:
    """The one code of a move: a plain play, an open left+right double pair, else extended."""
    if len(parts) == 1 and parts[0].end <= RIGHT and not parts[0].closed:
        return play(parts[0].tile, parts[0].end)
    if (
        len(parts) == 2
        and (parts[0].end, parts[1].end) == (LEFT, RIGHT)
        and not (parts[0].closed or parts[1].closed)
    ):
        return pair_play(parts[0].tile, parts[1].tile)
    packed = 0
    for k, p in enumerate(parts):
        packed |= (p.tile * 8 + p.end * 2 + p.closed + 1) << (10 * k)
    return EXT_BASE + packed


def placements(code: int) -> tuple[Placement, ...]:
    """Every tile a play lays, in the order left, right, up, down (empty for a draw/knock)."""
    if code < 0:
        return ()
    if code < PAIR_BASE:
        return (Placement(code >> 1, code & 1),)
    if code < EXT_BASE:
        a, b = pair_tiles(code)
        return (Placement(a, LEFT), Placement(b, RIGHT))
    packed, out = code - EXT_BASE, []
    while packed:
        p = (packed & 1023) - 1
        out.append(Placement(p >> 3, (p >> 1) & 3, bool(p & 1)))
        packed >>= 10
    return tuple(out)


def tiles_of_move(code: int) -> tuple[int, ...]:
    """The tiles a play lays."""
    return tuple(p.tile for p in placements(code))


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
    parts = placements(code)
    if lead and len(parts) == 1:
        return ts.name(parts[0].tile)
    return "+".join(ts.name(p.tile) + END_LETTERS[p.end] + ("*" if p.closed else "") for p in parts)


def parse_action(text: str, ts: TileSet = DOUBLE_SIX) -> int:
    """Parse notation into a code; a bare tile means the lead (or the left end)."""
    s = text.strip()
    low = s.lower()
    if low == "draw" or low.startswith("draw:"):
        return DRAW
    if low in ("knock", "pass"):
        return KNOCK
    chunks = s.split("+")
    if len(chunks) > 4:
        raise NotationError(f"a move lays at most four doubles, not {text!r}")
    parts = [_placement(chunk, text, ts, several=len(chunks) > 1) for chunk in chunks]
    if len(parts) > 1:
        ends = [p.end for p in parts]
        if ends != sorted(set(ends)):
            raise NotationError(
                f"several doubles are written end by end (L, R, U, D), like 3-3L+5-5R, not {text!r}"
            )
    return encode(parts)


def _placement(chunk: str, text: str, ts: TileSet, several: bool) -> Placement:
    s = chunk.strip()
    closed = s.endswith("*")
    if closed:
        s = s[:-1]
    end, explicit = LEFT, False
    if s[-1:].upper() in ("L", "R", "U", "D"):
        end, explicit = END_LETTERS.index(s[-1].upper()), True
        s = s[:-1]
    if several and not explicit:
        raise NotationError(f"each double of a move names its end, like 3-3L+5-5R: {text!r}")
    try:
        return Placement(ts.parse(s), end, closed)
    except ValueError as err:
        raise NotationError(f"not an action: {text!r} ({err})") from None
