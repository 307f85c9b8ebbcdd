"""What a match keeps of each round, and how it ended: the records the variants write.

Below the variants and the match (lint-imports keeps it so): a variant's ``settle`` builds an
:class:`Outcome`, and reads the :class:`RoundResult` rows of the match it plays in, without
importing the match, which finds the variant by name. ``engine.match`` re-exports both.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .scoring import RoundScore


@dataclass(frozen=True)
class RoundResult:
    """A finished round as the score sheet keeps it: exactly what the K11 table draws."""

    number: int  # 1-based
    leader: int
    lead_tile: int
    redeals: int
    went_out: int  # seat, or -1
    fish: bool
    fisher: int  # seat, or -1
    taker: int  # seat that took the boneyard on a fish (K4.4), or -1
    taken: int  # how many tiles it took
    hands: tuple[int, ...]  # final hands as bit masks (revealed, K4.5)
    score: RoundScore
    goats: tuple[int, ...]  # sides that became goats after this round
    # what the variant's score sheet adds (docs/variants): play points, holder, tries …
    notes: dict[str, Any] = dataclasses.field(default_factory=dict)
    closed_out: int = -1  # осёл V2.6.2: the seat that closed two doubles and ended the round

    @property
    def winner(self) -> int:
        """The seat that leads next under K2.2: who went out (or closed out), or the fisher."""
        if self.went_out >= 0:
            return self.went_out
        return self.closed_out if self.closed_out >= 0 else self.fisher


@dataclass(frozen=True)
class Outcome:
    """How the match ended: goats (K9), winners (classic C6), rating per side (K10)."""

    goats: tuple[int, ...]
    winners: tuple[int, ...]
    ratings: tuple[int, ...]
    abandoned_by: int = -1  # seat, K10.1
