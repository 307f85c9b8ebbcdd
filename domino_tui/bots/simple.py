"""The two baseline bots: uniformly random, and heaviest-tile-first."""

from __future__ import annotations

import random

from ..engine.actions import EXT_BASE, PAIR_BASE, pair_tiles, placements
from ..engine.tiles import tile_set
from ..engine.view import SeatView


class RandomBot:
    """Plays a uniformly random legal action: the floor every other bot must beat."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> int:
        return self.rng.choice(view.legal)


class GreedyBot:
    """Dumps the heaviest playable tile: fewer pips left in hand means fewer penalty points."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> int:
        pips = tile_set(view.rules.set_top).pips

        def weight(code: int) -> tuple[int, int]:
            if code < 0:
                return (-1, code)
            if code >= PAIR_BASE:
                if code < EXT_BASE:
                    a, b = pair_tiles(code)
                    return (pips[a] + pips[b], code)
                # the cross games' moves (docs/variants G4); on a tie the lower code: a plain
                # play before an up/down one, an open double before a closed one
                return (sum(pips[p.tile] for p in placements(code)), -code)
            return (pips[code >> 1], -code)

        return max(view.legal, key=weight)
