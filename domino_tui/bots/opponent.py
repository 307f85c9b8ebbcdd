"""How likely a guessed deal is, given how the other seats chose their plays.

The sampler deals the hidden tiles uniformly among the deals the belief model allows: it
reads knocks and draws, but not choices. Yet a choice says something too. A seat that answered a
4 with 4-1 while the guess gives it 4-6 as well made an odd choice in that guess: most players
(and every search bot) shed the heavy tile. So each guessed deal is weighed by the likelihood of
the other seats' observed plays under a simple model of play — a play is chosen among the tiles
that fitted with probability growing with its pips (``exp(BETA * pips)``) — and the search keeps,
of a few guessed deals, one drawn by that weight (sampling-importance-resampling).

Only plays the guess can replay are weighed: a seat's hand at a play is its guessed hand now plus
the tiles it laid since, which holds until the seat's last draw (a drawn tile is unknown, so the
plays before it are not used). Leads are not used (the first one is forced, K2.1). The model reads
the public events and the guessed hands only (bots never cheat, K3.6).
"""

from __future__ import annotations

import math

from ..engine.actions import DRAW, tiles_of_move
from ..engine.geometry import geometry
from ..engine.tiles import bits, tile_set
from ..engine.view import SeatView
from .config import BETA

CANDIDATES = 4  # guessed deals per kept one


class PlayModel:
    """The other seats' weighable plays of this round, read once per decision."""

    __slots__ = ("plays", "weight_of")

    def __init__(self, view: SeatView, beta: float = BETA) -> None:
        fits = geometry(view.rules.set_top, view.rules.match).fits
        self.weight_of = [math.exp(beta * p) for p in tile_set(view.rules.set_top).pips]
        drew_after: set[int] = set()
        later: dict[int, int] = {}  # seat -> the tiles it laid after the event being read
        plays: list[tuple[int, int, int, int]] = []  # seat, tile, tiles that fitted, laid since
        if not view.board:  # the cross's four ends are not modelled
            for e in reversed(view.events):
                s = e.seat
                if s == view.seat:
                    continue
                if e.code == DRAW:
                    drew_after.add(s)
                if e.code < 0:
                    continue
                tiles = tiles_of_move(e.code)
                for t in tiles:
                    later[s] = later.get(s, 0) | 1 << t
                if s not in drew_after and len(tiles) == 1 and e.left >= 0:
                    plays.append((s, tiles[0], fits[e.left] | fits[e.right], later[s]))
        self.plays = plays

    def weight(self, hands: list[int] | tuple[int, ...]) -> float:
        """The likelihood of the weighable plays if the other seats hold ``hands`` now."""
        w = self.weight_of
        total = 1.0
        for seat, tile, fitting, later in self.plays:
            held = (hands[seat] | later) & fitting
            total *= w[tile] / sum(w[t] for t in bits(held))
        return total
