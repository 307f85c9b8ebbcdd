"""How likely a guessed deal is, given how the other seats chose their plays.

The sampler deals the hidden tiles uniformly among the deals the belief model allows: it
reads knocks and draws, but not choices. Yet a choice says something too. A seat that answered a
4 with 4-1 while the guess gives it 4-6 as well made an odd choice in that guess: most players
(and every search bot) shed the heavy tile. So each guessed deal is weighed by the likelihood of
the other seats' observed plays under a simple model of play — a play is chosen among the tiles
that fitted with probability growing with its pips (``exp(BETA * pips)``) — and the search keeps,
of a few guessed deals, one drawn by that weight (sampling-importance-resampling).

In pairs (RULES P1) a partner's play may say more: whether it left this seat an end to answer
(the counter bot's rule is to do so; search bots were fitted to do it less often than chance,
docs/bots.md "The partner's signals in pairs"). So with ``partner``
(:attr:`~.config.SearchConfig.partner`, fitted by ``benchmarks/play_model.py``) a partner's
choice also weighs ``exp(partner)`` for each tile that would have let this seat follow — this
seat's own hand at that play is known exactly, so the factor is the same in every guess, and it
is the partner's other tiles that a guess gets more or less likely by.

With ``double`` a double's weight is ``exp(double)`` times more: players lay a double while it
still fits, since a double fits one number only and can be stranded.

With ``keep`` (:attr:`~.config.SearchConfig.keep`) a choice also weighs ``exp(keep × n)``, n the
player's other tiles that answer the ends the tile leaves: players keep the line on their own
numbers, and a guess where the chosen tile left the player nothing while another would have kept
it a suit is less likely. This one differs guess by guess, so it is counted in each.

Only plays the guess can replay are weighed: a seat's hand at a play is its guessed hand now plus
the tiles it laid since, which holds until the seat's last draw (a drawn tile is unknown, so the
plays before it are not used). Leads are not used (the first one is forced, K2.1). The model reads
the public events and the guessed hands only (bots never cheat, K3.6).
"""

from __future__ import annotations

import math

from ..engine.actions import DRAW, tiles_of_move
from ..engine.geometry import Geometry, geometry
from ..engine.tiles import bits, tile_set
from ..engine.view import SeatView
from .config import BETA

CANDIDATES = 4  # guessed deals per kept one


def answers(geo: Geometry, tile: int, left: int, right: int) -> tuple[int, ...]:
    """For each end ``tile`` fits, the tiles that would answer the two ends laying it there
    leaves (a player picks the end too)."""
    fits, after = geo.fits, geo.after
    out = []
    if after[left][tile] >= 0:
        out.append(fits[after[left][tile]] | fits[right])
    if after[right][tile] >= 0:
        out.append(fits[left] | fits[after[right][tile]])
    return tuple(out)


def follows(geo: Geometry, tile: int, left: int, right: int, hand: int) -> bool:
    """Whether ``hand`` could answer the ends that laying ``tile`` leaves (on either end)."""
    return any(hand & m for m in answers(geo, tile, left, right))


def kept(geo: Geometry, tile: int, left: int, right: int, hand: int) -> int:
    """How many of ``hand``'s other tiles answer the ends that laying ``tile`` leaves (on the end
    where that is most): a player who keeps the line on its own numbers keeps control."""
    rest = hand & ~(1 << tile)
    return max((rest & m).bit_count() for m in answers(geo, tile, left, right))


class PlayModel:
    """The other seats' weighable plays of this round, read once per decision."""

    __slots__ = ("geo", "kept_weight", "plays", "weight_of")

    def __init__(
        self,
        view: SeatView,
        beta: float = BETA,
        partner: float = 0.0,
        keep: float = 0.0,
        double: float = 0.0,
    ) -> None:
        geo = geometry(view.rules.set_top, view.rules.match)
        fits = geo.fits
        self.geo = geo
        ts = tile_set(view.rules.set_top)
        self.weight_of = [
            math.exp(beta * p + double * d) for p, d in zip(ts.pips, ts.is_double, strict=True)
        ]
        # exp(keep × n) for n of the player's other tiles answering the ends left (0: not read)
        self.kept_weight = [math.exp(keep * n) for n in range(geo.ts.count)] if keep else []
        mate = view.rules.partner_of(view.seat) if partner else -1
        drew_after: set[int] = set()
        later: dict[int, int] = {}  # seat -> the tiles it laid after the event being read
        # seat, tile, tiles that fitted, laid since, each tile's weight at that play, the ends
        plays: list[tuple[int, int, int, int, list[float], int, int]] = []
        if not view.board:  # the cross's four ends are not modelled
            for e in reversed(view.events):
                s = e.seat
                if e.code == DRAW:
                    drew_after.add(s)
                if e.code < 0:
                    continue
                tiles = tiles_of_move(e.code)
                for t in tiles:
                    later[s] = later.get(s, 0) | 1 << t
                if s == view.seat or s in drew_after or len(tiles) != 1 or e.left < 0:
                    continue
                fitting = fits[e.left] | fits[e.right]
                w = self.weight_of
                if s == mate and view.seat not in drew_after:
                    mine = view.hand | later.get(view.seat, 0)  # this seat's hand at that play
                    w = list(w)
                    for t in bits(fitting):
                        if follows(geo, t, e.left, e.right, mine):
                            w[t] *= math.exp(partner)
                plays.append((s, tiles[0], fitting, later[s], w, e.left, e.right))
        self.plays = plays

    def weight(self, hands: list[int] | tuple[int, ...]) -> float:
        """The likelihood of the weighable plays if the other seats hold ``hands`` now."""
        total = 1.0
        kw, geo = self.kept_weight, self.geo
        for seat, tile, fitting, later, w, left, right in self.plays:
            hand = hands[seat] | later
            held = hand & fitting
            if kw:  # what the guess leaves the player on the ends: it differs guess by guess
                total *= (w[tile] * kw[kept(geo, tile, left, right, hand)]) / sum(
                    w[t] * kw[kept(geo, t, left, right, hand)] for t in bits(held)
                )
            else:
                total *= w[tile] / sum(w[t] for t in bits(held))
        return total
