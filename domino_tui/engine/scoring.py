"""Counting hands and writing the score: K5-K8, pairs P2-P4, classic C4-C5, rating K10.

Everything here is a pure function of the rules, the standings before the round and the finished
round, so that the score sheet can be recomputed and checked from a record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from .actions import is_pair, pair_tiles
from .options import Rules
from .round import RoundState
from .tiles import tile_set


@dataclass(frozen=True)
class Standing:
    """One side's running score: written points, remembered ``+N``, open or not, dropped out."""

    written: int = 0
    remembered: int = 0
    opened: bool = False
    out: bool = False  # left the game as a goat under match_end=last_standing (F13)


@dataclass(frozen=True)
class SideLine:
    """One side's row of one round in the score table (K11)."""

    side: int
    hand_points: int  # the side's own hands (special values K6) plus bonuses K6.3
    round_points: int  # what the side scores this round, carry-over included, before K7
    carry_paid: int  # the fish carry-over paid by this side this round (K8.4)
    before: Standing
    after: Standing
    cleared: int  # remembered points wiped this round (K7.4, K8.2, P3, F10)
    went_out: bool

    @property
    def written_now(self) -> int:
        return self.after.written - self.before.written

    @property
    def remembered_now(self) -> int:
        """Points added to the remembered ``+N`` this round."""
        return max(0, self.after.remembered - self.before.remembered + self.cleared)

    @property
    def opened_now(self) -> bool:
        return self.after.opened and not self.before.opened


@dataclass(frozen=True)
class RoundScore:
    lines: tuple[SideLine, ...]
    seat_points: tuple[int, ...]
    carry_before: int
    carry_after: int
    carry_paid_to: int  # side, or -1
    tie: bool  # a tied fish: nobody scored, the sum moved into the carry-over (K8.3, P4)


def hand_value(rules: Rules, hand: int) -> int:
    """Points of one hand with the special values K6.1, K6.2, K6.4 and C5 (F7)."""
    ts = tile_set(rules.set_top)
    blank, top = 1 << ts.double_of[0], 1 << ts.double_of[ts.top]
    if hand == blank:
        return rules.blank_alone
    if rules.big_alone and hand == top:
        return 50
    if rules.big_alone and hand == blank | top:
        return 75
    total = ts.pip_sum(hand)
    if rules.one_one_15 and hand >> ts.double_of[1] & 1:
        total += 15 - 2
    return total


def _bonuses(rules: Rules, state: RoundState) -> list[int]:
    """K6.3 / F8 / F17: leading or going out with the top double (50) or the blank double (25)
    charges every other side; a double pair that goes out pays for each of its doubles."""
    bonus = [0] * rules.sides
    if not rules.finish_bonus or not state.placed:
        return bonus
    ts = tile_set(rules.set_top)
    worth = {ts.double_of[ts.top]: 50, ts.double_of[0]: 25}

    def charge(seat: int, tile: int) -> None:
        for side in range(rules.sides):
            if side != rules.side_of(seat):
                bonus[side] += worth.get(tile, 0)

    lead_tile, _, lead_seat = state.placed[0]
    charge(lead_seat, lead_tile)
    if state.went_out >= 0:
        last = (state.placed[-1][0],) if rules.record_v1 else finishing_tiles(state)
        for tile in last:
            charge(state.went_out, tile)
    return bonus


def finishing_tiles(state: RoundState) -> tuple[int, ...]:
    """The tiles of the play that went out: one tile, or both doubles of a K3.4 double pair
    (F17: a 6-6 or 0-0 on either end pays the K6.3 finish bonus)."""
    last_tile = state.placed[-1][0]
    if state.history:
        event = state.history[-1]
        # a fast playout records no events, so the last event counts only if it laid that tile
        if is_pair(event.code) and event.tile == last_tile:
            return pair_tiles(event.code)
    return (last_tile,)


def apply_k7(rules: Rules, st: Standing, points: int) -> Standing:
    """K7.1-K7.3: remember small points until a round opens the score, then write everything."""
    if st.opened:
        return Standing(st.written + points, 0, True, st.out)
    if points >= rules.open_threshold:
        return Standing(st.written + points + st.remembered, 0, True, st.out)
    return Standing(st.written, st.remembered + points, False, st.out)


def _unique_max(points: dict[int, int]) -> int:
    """The single side with the most points, or -1 on a tie (or when nobody has any)."""
    if not points:
        return -1
    best = max(points.values())
    tops = [s for s, p in points.items() if p == best]
    return tops[0] if len(tops) == 1 and best > 0 else -1


def score_round(
    rules: Rules,
    standings: tuple[Standing, ...],
    carry: int,
    state: RoundState,
    extra: Sequence[int] = (),
) -> RoundScore:
    """Score a finished round. ``standings`` are per side, before the round; ``extra`` adds
    points per side to its hands, as K6.3's bonus does (a variant's special values: Чечевэ's
    6-6 worth 50, V5.8.1-V5.8.2)."""
    seat_points = tuple(
        hand_value(rules, state.hands[s]) if s in state.seats else 0 for s in range(rules.players)
    )
    bonus = _bonuses(rules, state)
    for side, points in enumerate(extra):
        bonus[side] += points
    active = [side for side in range(rules.sides) if not standings[side].out]
    hand_pts = {
        side: sum(seat_points[s] for s in rules.seats_of(side)) + bonus[side] for side in active
    }
    winner_side = rules.side_of(state.went_out) if state.went_out >= 0 else -1
    if rules.classic_count:
        cleared_sides: set[int] = set()
        gains, payee, tie = _classic(hand_pts, winner_side), -1, False
        carry_after = carry
    else:
        gains, cleared_sides, payee, tie = _kozel(rules, hand_pts, winner_side, state)
        carry_after = carry
        if tie:
            carry_after = carry + sum(hand_pts.values())
        elif payee >= 0:
            gains[payee] = gains.get(payee, 0) + carry
            carry_after = 0
    lines = []
    for side in range(rules.sides):
        before = standings[side]
        after, cleared = before, 0
        if side in cleared_sides:
            cleared = before.remembered
            after = Standing(after.written, 0, after.opened, after.out)
        if side in gains:
            after = (
                Standing(after.written + gains[side], 0, after.opened, after.out)
                if rules.classic_count
                else apply_k7(rules, after, gains[side])
            )
        lines.append(
            SideLine(
                side=side,
                hand_points=hand_pts.get(side, 0),
                round_points=gains.get(side, 0),
                carry_paid=carry if side == payee and not tie else 0,
                before=before,
                after=after,
                cleared=cleared,
                went_out=side == winner_side,
            )
        )
    return RoundScore(tuple(lines), seat_points, carry, carry_after, payee, tie)


def _kozel(
    rules: Rules, pts: dict[int, int], winner: int, state: RoundState
) -> tuple[dict[int, int], set[int], int, bool]:
    """Who scores what before K7, whose remembered points are cleared, the carry payee, a tie."""
    total = sum(pts.values())
    if rules.pairs:
        if winner >= 0:  # P3: the other pair scores its hands; the winners' + is cleared
            loser = 1 - winner
            return {loser: pts[loser]}, {winner}, loser, False
        if pts[0] == pts[1]:  # P4: рыба с яйцами
            return {}, set(), -1, True
        loser = 0 if pts[0] > pts[1] else 1
        own = pts[loser] if rules.pair_fish == "own" else total
        return {loser: own}, {1 - loser}, loser, False  # F10
    if winner >= 0 or rules.fish == "all":  # K7, K8.1; the payee is the single top scorer (F9)
        gains = {s: p for s, p in pts.items() if s != winner}
        return gains, ({winner} if winner >= 0 else set()), _unique_max(gains), False
    if rules.fish == "fisher":  # K8.5
        taker = rules.side_of(state.fisher)
    else:  # K8.2 / K8.3
        taker = _unique_max(pts)
        if taker < 0:
            return {}, set(), -1, True
    return {taker: total}, {s for s in pts if s != taker}, taker, False


def _classic(pts: dict[int, int], winner: int) -> dict[int, int]:
    """C4: the winner scores the losers' pips; on a fish the single lowest hand scores the
    difference, a tie for lowest scores nothing."""
    total = sum(pts.values())
    if winner >= 0:
        return {winner: total - pts[winner]}
    low = min(pts.values())
    lows = [s for s, p in pts.items() if p == low]
    if len(lows) != 1:
        return {}
    return {lows[0]: total - 2 * low}


def round_half_up(x: Decimal) -> int:
    return int(x.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def rating(rules: Rules, written: int, goat: bool) -> int:
    """K10: a non-goat earns max(1, round_half_up((target - 1 - score) / 10)); goats earn 0."""
    if goat:
        return 0
    return max(1, round_half_up(Decimal(rules.target - 1 - written) / 10))


def abandon_rating(leaver_score: int, written: int, leaver: bool) -> int:
    """K10.1: the leaver earns 0, everyone else max(1, round_half_up((leaver - score) / 10))."""
    if leaver:
        return 0
    return max(1, round_half_up(Decimal(leaver_score - written) / 10))
