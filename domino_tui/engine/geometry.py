"""How tiles attach to open ends under each matching rule (L2, L5) and when a line is dead (K4.2).

Precomputed once per (set, match) pair so that the turn engine only does mask lookups. Every
table has one extra entry at its end, so that index ``-1`` (an end that is closed or not open
yet, in the cross games of docs/variants) fits nothing and never changes.
"""

from __future__ import annotations

from functools import cache

from .tiles import TileSet, tile_set


class Geometry:
    """Fit masks, the end after attaching, and the tiles that would leave an end unchanged."""

    __slots__ = ("after", "fits", "neutral", "ts")

    def __init__(self, ts: TileSet, match: str) -> None:
        self.ts = ts
        top = ts.top
        # the half a tile must show to attach to end e
        need = [e if match == "equal" else top - e for e in range(top + 1)]
        self.fits: tuple[int, ...] = (
            *(ts.suit_mask[need[e]] for e in range(top + 1)),
            0,
        )
        after: list[list[int]] = []
        for e in range(top + 1):
            row = [-1] * ts.count
            for t in range(ts.count):
                if ts.lo[t] == need[e]:
                    row[t] = ts.hi[t]
                elif ts.hi[t] == need[e]:
                    row[t] = ts.lo[t]
            after.append(row)
        after.append([-1] * ts.count)
        self.after: tuple[tuple[int, ...], ...] = tuple(tuple(r) for r in after)
        # tiles that fit e and leave e as it was: laying them can never unblock the line (F16)
        self.neutral: tuple[int, ...] = (
            *(sum(1 << t for t in range(ts.count) if after[e][t] == e) for e in range(top + 1)),
            0,
        )

    def dead(self, left: int, right: int, table: int) -> bool:
        """True when no tile off the table could ever change an open end: the fish of K4.2/F16."""
        live_l = self.fits[left] & ~table & ~self.neutral[left]
        live_r = self.fits[right] & ~table & ~self.neutral[right]
        return not (live_l or live_r)


@cache
def geometry(top: int = 6, match: str = "equal") -> Geometry:
    return Geometry(tile_set(top), match)
