"""The tile set (S1-S3) as small integers and bit masks.

Tiles are numbered ``0 … n-1`` and hands, the table and fit sets are ``int`` bit masks, because
search bots run hundreds of thousands of playouts and mask arithmetic is the cheapest Python has.
Nothing outside this module assumes 28 tiles or a top pip of 6.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache


class TileSet:
    """A double-``top`` set: every tile ``a-b`` with ``0 <= a <= b <= top`` (S1, S3)."""

    __slots__ = (
        "all_mask",
        "count",
        "double_mask",
        "double_of",
        "hi",
        "index",
        "is_double",
        "lo",
        "pip_bytes",
        "pips",
        "suit_mask",
        "top",
    )

    def __init__(self, top: int = 6) -> None:
        self.top = top
        pairs = [(a, b) for a in range(top + 1) for b in range(a, top + 1)]
        self.count = len(pairs)
        self.lo: tuple[int, ...] = tuple(a for a, _ in pairs)
        self.hi: tuple[int, ...] = tuple(b for _, b in pairs)
        self.pips: tuple[int, ...] = tuple(a + b for a, b in pairs)
        self.is_double: tuple[bool, ...] = tuple(a == b for a, b in pairs)
        self.index: dict[tuple[int, int], int] = {}
        for t, (a, b) in enumerate(pairs):
            self.index[(a, b)] = t
            self.index[(b, a)] = t
        self.all_mask = (1 << self.count) - 1
        self.double_of: tuple[int, ...] = tuple(self.index[(s, s)] for s in range(top + 1))
        self.double_mask = sum(1 << t for t in self.double_of)
        # pip totals of every 8-tile slice of a mask, so a hand is counted in a few lookups
        self.pip_bytes: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                sum(self.pips[8 * i + b] for b in range(8) if v >> b & 1 and 8 * i + b < self.count)
                for v in range(256)
            )
            for i in range((self.count + 7) // 8)
        )
        self.suit_mask: tuple[int, ...] = tuple(
            sum(1 << t for t, (a, b) in enumerate(pairs) if s in (a, b)) for s in range(top + 1)
        )

    def tile(self, a: int, b: int) -> int:
        """The id of tile ``a-b`` (either order)."""
        return self.index[(a, b)]

    def name(self, t: int) -> str:
        return f"{self.lo[t]}-{self.hi[t]}"

    def parse(self, text: str) -> int:
        """Parse ``"3-5"`` (also ``"5-3"``, ``"3:5"``, ``"35"``) into a tile id, else ValueError."""
        s = text.strip().replace(":", "-").replace("|", "-")
        parts = s.split("-") if "-" in s else list(s)
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise ValueError(f"not a tile: {text!r} (write it like 3-5)")
        a, b = int(parts[0]), int(parts[1])
        if (a, b) not in self.index:
            raise ValueError(f"no tile {a}-{b} in a double-{self.top} set")
        return self.index[(a, b)]

    def pip_sum(self, mask: int) -> int:
        """Total pips of the tiles in ``mask``."""
        total = 0
        for table in self.pip_bytes:
            total += table[mask & 255]
            mask >>= 8
        return total

    def other(self, t: int, half: int) -> int:
        """The half of ``t`` that is not ``half`` (the new open end after attaching on ``half``)."""
        return self.hi[t] if self.lo[t] == half else self.lo[t]


@cache
def tile_set(top: int = 6) -> TileSet:
    """Shared immutable tile sets: building one costs more than a round."""
    return TileSet(top)


DOUBLE_SIX = tile_set(6)


def bits(mask: int) -> Iterator[int]:
    """The tile ids in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def popcount(mask: int) -> int:
    return mask.bit_count()
