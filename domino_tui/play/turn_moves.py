"""The moves a key can make, read from the engine's legal actions: where a tile may go (up to
four ends on the cross, open or closed face down, G4-G6), which several-doubles moves are open
(G7, K3.4) and which ends are really one move (only the drawing differs).

Nothing here decides a rule: every answer is a filter of ``legal_actions()``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import Placement, encode, placements
from ..engine.cross import CrossState
from ..engine.round import RoundState


def tile_codes(legal: Sequence[int], tile: int, closed: bool) -> dict[int, int]:
    """The one-tile plays of ``tile``, open or ``closed``: end (0-3; a lead says 0) → code."""
    out: dict[int, int] = {}
    for code in legal:
        parts = placements(code)
        if len(parts) == 1 and parts[0].tile == tile and parts[0].closed == closed:
            out.setdefault(parts[0].end, code)
    return out


def playable_tiles(legal: Sequence[int]) -> int:
    """A bit per tile that some legal move lays."""
    mask = 0
    for code in legal:
        for p in placements(code):
            mask |= 1 << p.tile
    return mask


def several_moves(legal: Sequence[int]) -> list[int]:
    """The legal moves that lay two or more doubles at once (G7, V2.6.2, K3.4): open ones
    first, then by how many doubles, so the key offers the plainest move first."""
    found = [code for code in legal if len(placements(code)) > 1]
    return sorted(found, key=lambda c: (sum(p.closed for p in placements(c)), len(placements(c))))


def can_close(legal: Sequence[int]) -> bool:
    """Some legal move lays a double closed (G6)."""
    return any(p.closed for code in legal for p in placements(code))


def closing_refusal(rnd: RoundState, tile: int) -> tuple[str, dict[str, str]] | None:
    """Why ``tile`` cannot be laid closed, in the engine's words (None if it can): tried on an
    end it fits, so the engine answers about closing, not about the end."""
    if not isinstance(rnd, CrossState) or not rnd.placed:  # a line never closes a double
        return "no_closing", {}
    ends = rnd.open_ends()
    fits = rnd.geo.fits
    end = next((e for e, v in enumerate(ends) if v >= 0 and fits[v] >> tile & 1), 0)
    return rnd.illegal_reason(encode((Placement(tile, end, True),)))


def arm_length(rnd: RoundState, end: int) -> int:
    return sum(1 for _, where, _ in rnd.placed if where >= 0 and where & 3 == end)


def outcome(rnd: RoundState, code: int) -> tuple[object, ...]:
    """What the board is after ``code``, blind to which end is which: two plays with the same
    outcome are one move drawn in two places (L3)."""
    after = rnd.copy()
    after.apply_unchecked(code)
    if isinstance(after, CrossState):
        ends = sorted(
            (v, after.dbl >> e & 1, after.bare >> e & 1) for e, v in enumerate(after.open_ends())
        )
        return (tuple(ends), tuple(after.scored), after.spinner, after.spin_cov, bool(after.cand))
    return (tuple(sorted((after.left, after.right))), after.over)


def is_double(rnd: CrossState, code: int) -> bool:
    """The move lays one double."""
    parts = placements(code)
    return len(parts) == 1 and bool(rnd.geo.ts.is_double[parts[0].tile])


def distinct_ends(rnd: RoundState, codes: dict[int, int]) -> list[int]:
    """The ends worth asking about: of the ends whose plays are the same move, only the one on
    the shortest arm (it keeps the board balanced; on a tie the later end, so Козёл's
    twin ends go right as before). A double on the cross is the exception: laid across an
    arm it changes the picture of that arm (L3: the choice is recorded, the layout differs),
    so every end it fits is offered."""
    if len(codes) < 2 or not rnd.placed:
        return sorted(codes)[:1]
    if isinstance(rnd, CrossState) and all(is_double(rnd, code) for code in codes.values()):
        return sorted(codes)
    groups: dict[tuple[object, ...], list[int]] = {}
    for end in sorted(codes):
        groups.setdefault(outcome(rnd, codes[end]), []).append(end)
    return sorted(min(ends, key=lambda e: (arm_length(rnd, e), -e)) for ends in groups.values())
