"""Dealing, the redeal rule (K1.4, F1) and who leads with what (K2, F2, F3, P5, P6, C2)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from .options import Rules
from .tiles import bits, tile_set

MAX_REDEALS = 1000  # a guard only: with any legal option set a good deal comes within a few tries


@dataclass(frozen=True)
class Deal:
    hands: tuple[int, ...]  # bit masks per seat; seats out of the game hold 0
    boneyard: tuple[int, ...]  # drawn from the end
    redeals: int


def needs_redeal(rules: Rules, hand: int) -> bool:
    """K1.4: 5+ doubles or 6+ tiles of one suit (a double counts once for its suit, F1)."""
    ts = tile_set(rules.set_top)
    if rules.redeal == "none" or rules.classic_count:
        return False
    if rules.redeal == "all_doubles":
        return hand != 0 and not hand & ~ts.double_mask
    if (hand & ts.double_mask).bit_count() >= 5:
        return True
    return any((hand & m).bit_count() >= 6 for m in ts.suit_mask)


def deal(rules: Rules, rng: random.Random, seats: tuple[int, ...]) -> Deal:
    """Shuffle and deal to ``seats``, redealing while any hand breaks K1.4."""
    ts = tile_set(rules.set_top)
    n = rules.dealt
    for redeals in range(MAX_REDEALS):
        order = list(range(ts.count))
        rng.shuffle(order)
        hands = [0] * rules.players
        for i, seat in enumerate(seats):
            for t in order[i * n : (i + 1) * n]:
                hands[seat] |= 1 << t
        if not any(needs_redeal(rules, hands[s]) for s in seats):
            return Deal(tuple(hands), tuple(order[len(seats) * n :]), redeals)
    raise RuntimeError("no acceptable deal after many redeals")  # unreachable with valid rules


@cache
def lead_order(top: int, lead_rule: str) -> tuple[int, ...]:
    """Tiles in the order they are looked for to lead the first round (K2.1, K2.3, F2, D1)."""
    ts = tile_set(top)
    if lead_rule == "kozel":
        doubles = [*range(1, top + 1), 0]
    elif lead_rule == "lowest_double":
        doubles = list(range(top + 1))
    else:
        doubles = list(range(top, -1, -1))
    others = [t for t in range(ts.count) if not ts.is_double[t]]
    if lead_rule == "lowest_double":
        others.sort(key=lambda t: (ts.pips[t], ts.hi[t]))
    else:
        others.sort(key=lambda t: (-ts.pips[t], -ts.hi[t]))
    return tuple([ts.double_of[d] for d in doubles] + others)


def forced_lead(
    rules: Rules, hands: tuple[int, ...] | list[int], seats: tuple[int, ...]
) -> tuple[int, int]:
    """The seat and tile that must open a round under the first-round rule (only hands count)."""
    ts = tile_set(rules.set_top)
    for t in lead_order(ts.top, rules.lead_rule):
        for seat in seats:
            if hands[seat] >> t & 1:
                return seat, t
    raise ValueError("nobody holds a tile")


@dataclass(frozen=True)
class PreviousRound:
    """What the next round's lead depends on."""

    winner: int  # the seat that went out, or the fisher
    leader: int
    any_written: bool  # P5: has any side opened its score yet
    fish: bool = False  # the previous round ended in a fish (P6, F21: the fisher leads)


def first_rule_applies(rules: Rules, prev: PreviousRound | None) -> bool:
    """Whether a round's lead is forced by the first-round rule (K2.1, K2.4, P5) rather than
    free for the previous winner, the partner or the next seat. P5 (1-1 until a pair has
    written) belongs to the winner's lead; under ``rotate`` the lead rotates from the second
    round on, in pairs too (K2.3, F3, F19)."""
    return (
        prev is None
        or rules.later_leads == "same_as_first"
        or (
            rules.pairs
            and not prev.any_written
            and not rules.partner_leads
            and (rules.later_leads == "winner" or rules.record_v1)
        )
    )


def choose_lead(
    rules: Rules,
    hands: tuple[int, ...] | list[int],
    seats: tuple[int, ...],
    prev: PreviousRound | None,
) -> tuple[int, int]:
    """The leader and the mask of tiles they may lead with."""
    ts = tile_set(rules.set_top)
    if prev is None or first_rule_applies(rules, prev):
        seat, tile = forced_lead(rules, hands, seats)
        return seat, 1 << tile

    def next_in(seat: int) -> int:
        n = rules.players
        return next((seat + k) % n for k in range(n) if (seat + k) % n in seats)

    if rules.partner_leads:  # P6: the winner's partner (F21: after a fish, the fisher himself),
        # with a double if they hold one
        fisher_leads = prev.fish and not rules.record_v1
        seat = next_in(prev.winner if fisher_leads else rules.partner_of(prev.winner))
        doubles = hands[seat] & ts.double_mask
        return seat, doubles or hands[seat]
    if rules.later_leads == "rotate":  # F3
        seat = next_in((prev.leader + 1) % rules.players)
    else:  # K2.2
        seat = next_in(prev.winner)
    return seat, hands[seat]


def tiles_of(mask: int) -> list[int]:
    return list(bits(mask))
