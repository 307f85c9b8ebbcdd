"""An example third-party bot for domino-tui: it keeps as many suits in hand as it can.

Install it next to domino-tui (``pip install -e examples/third_party_bot``) and it appears in
``domino bots``, in ``domino arena suitkeeper greedy`` and wherever the app lists bots.
"""

from __future__ import annotations

import random

from domino_tui.engine.actions import DRAW, KNOCK, is_pair, pair_tiles
from domino_tui.engine.tiles import tile_set
from domino_tui.engine.view import SeatView


class SuitKeeperBot:
    """keeps the most suits in hand, then dumps the heaviest tile"""

    name = "suitkeeper"
    description = "keeps the most suits in hand, then dumps the heaviest tile (example plugin)"

    def __init__(self, seed: int = 0, heavy: bool = False) -> None:
        # options come from the command line, ``suitkeeper:heavy=true``: the game reads the
        # annotations, so ``heavy=false`` arrives as False and ``heavy=3`` is refused in one line
        self.rng = random.Random(seed)
        self.heavy = heavy

    def choose(self, view: SeatView) -> int:
        """Return one of ``view.legal``: the view is all a bot ever sees."""
        ts = tile_set(view.rules.set_top)

        def worth(code: int) -> tuple[int, int, float]:
            if code in (DRAW, KNOCK):
                return (-1, -1, 0.0)
            tiles = pair_tiles(code) if is_pair(code) else (code >> 1,)
            hand = view.hand
            for t in tiles:
                hand &= ~(1 << t)
            suits = sum(1 for m in ts.suit_mask if hand & m)
            pips = sum(ts.pips[t] for t in tiles)
            if self.heavy:  # dump the heaviest tile first, keep suits between equals
                return (pips, suits, self.rng.random())
            return (suits, pips, self.rng.random())

        return max(view.legal, key=worth)
