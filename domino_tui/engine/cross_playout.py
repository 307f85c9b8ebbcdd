"""A fast random playout of a round on the cross (docs/variants G1-G10) for Осёл,
Телефон/Маггинс and Чечевэ: what :mod:`.playout` is for the two-ended line.

It mirrors :mod:`.playout` (local variables, no event history) and follows exactly the rules of
:meth:`CrossState.apply_unchecked` for the moves it makes: one-at-a-time draws, knocks, going
out, the fish on four ends (G8), the spinner and its cross sides (G2, G3), the spinner-to-be of
doubles laid together (V3.4.2) and points scored during play (``cfg.scorer``, V3.8.2: a scorer
is handed the state with its board up to date, i.e. the ends, ``dbl``, ``bare``, ``table`` and
``placed``; the turn's fields are stored when the round ends). Like the Козёл kernel, which
never lays the K3.4 double pair, it chooses uniformly among the single open
plays (a tile on one open end); closed doubles and several doubles at once are left to the
search (which plays them through :meth:`CrossState.legal_actions`). Tests play the same random
stream through the slow path and compare the final states.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .cross import CrossState
from .geometry import Geometry
from .playout import _kth

LEFT, RIGHT = 0, 1


def cross_playout(s: CrossState, random: Callable[[], float]) -> CrossState:
    """Play ``s`` to its end choosing uniformly among the single open plays; returns ``s``."""
    if s.over:
        return s
    if not s.placed:
        hand = s.hands[s.turn] & s.lead_mask
        lead = _kth(hand, int(random() * hand.bit_count()))
        s.apply_unchecked(lead << 1)
        if s.over:
            return s
    geo = s.geo
    fits, after = geo.fits, geo.after
    live = _live(geo)
    ts = geo.ts
    is_double, lo = ts.is_double, ts.lo
    hands, boneyard, placed, nxt = s.hands, s.boneyard, s.placed, s.nxt
    reserve = s.reserve
    nseats = len(s.seats)
    scorer = s.cfg.scorer
    multiple, four, divided = s.cfg.multiple, s.cfg.four, s.cfg.divided
    scored, score_log = s.scored, s.score_log
    ends = [s.left, s.right, s.up, s.down]
    dbl, bare, cand = s.dbl, s.bare, s.cand
    spinner, spin_cov, spin_end = s.spinner, s.spin_cov, s.spin_end
    table, turn, knocks, last_nd, drawn = s.table, s.turn, s.knocks, s.last_nondouble, s.drawn
    hist = len(s.history)  # the events the slow path would have logged (score_log's index)

    while True:
        hand = hands[turn]
        e0, e1, e2, e3 = ends
        f0, f1 = fits[e0], fits[e1]
        two = e2 < 0 and e3 < 0  # no cross side open: two ends, as on the line
        every = f0 | f1 if two else f0 | f1 | fits[e2] | fits[e3]
        while not hand & every and len(boneyard) > reserve:
            hand |= 1 << boneyard.pop()
            drawn += 1
            hist += 1
        hands[turn] = hand
        if not hand & every:
            hist += 1
            knocks += 1
            if knocks >= nseats:
                _store(s, ends, dbl, bare, cand, spinner, spin_cov, spin_end)
                s.table, s.turn, s.knocks, s.last_nondouble = table, turn, knocks, last_nd
                s.drawn = drawn
                s.end_fish(-1)
                return s
            turn = nxt[turn]
            drawn = 0
            continue
        m = hand & f0
        c = m.bit_count()
        if two:
            m1 = hand & f1
            k = int(random() * (c + m1.bit_count()))
            end = 0
            if k >= c:
                end, m, k = 1, m1, k - c
        else:
            m1, m2, m3 = hand & f1, hand & fits[e2], hand & fits[e3]
            c1, c2 = m1.bit_count(), m2.bit_count()
            k = int(random() * (c + c1 + c2 + m3.bit_count()))
            end = 0
            if k >= c:
                k -= c
                end, m = 1, m1
                if k >= c1:
                    k -= c1
                    end, m = 2, m2
                    if k >= c2:
                        end, m, k = 3, m3, k - c2
        for _ in range(k):  # the k-th tile of m (lowest first)
            m &= m - 1
        t = (m & -m).bit_length() - 1
        # CrossState._place for one open tile
        hist += 1
        seat = turn
        hand &= ~(1 << t)
        hands[seat] = hand
        table |= 1 << t
        double = is_double[t]
        if not double:
            last_nd = seat
        value = ends[end]
        placed.append((t, end, seat))
        bit = 1 << end
        if spin_cov != 2 and end <= RIGHT:  # CrossState._cover (nothing left to cover at 2)
            if cand & bit:
                spin = -1
                for pt, where, _ in reversed(placed[:-1]):
                    if where >= 0 and where & 3 == end:
                        spin = pt
                        break
                cand = 0
                if spin >= 0:
                    spinner, spin_cov = spin, 2
                    ends[2] = ends[3] = lo[spinner]
                    bare |= 12
                    dbl &= ~12
            elif spinner >= 0:
                if spin_cov == 0:
                    spin_cov, spin_end = 1, RIGHT if end == LEFT else LEFT
                    dbl &= ~1
                    dbl |= 1 << spin_end
                elif spin_cov == 1 and end == spin_end:
                    spin_cov, spin_end = 2, -1
                    ends[2] = ends[3] = lo[spinner]
                    bare |= 12
                    dbl &= ~12
        ends[end] = after[value][t]
        bare &= ~bit
        if double:
            dbl |= bit
            if spinner < 0 and not cand:
                spinner, spin_cov, spin_end = t, 1, end
        else:
            dbl &= ~bit
        knocks = 0
        if multiple:  # the scorer's count (end_count, V3.8.1), inline: bare sides are up/down
            e0, e1, e2, e3 = ends
            total = (e0 << (dbl & 1)) if e0 > 0 else 0
            if e1 > 0:
                total += e1 << (dbl >> 1 & 1)
            if e2 > 0:
                total += (e2 if four else 0) if bare & 4 else e2 << (dbl >> 2 & 1)
            if e3 > 0:
                total += (e3 if four else 0) if bare & 8 else e3 << (dbl >> 3 & 1)
            if total and not total % multiple:
                scored[seat] += total // multiple if divided else total
                score_log.append((seat, hist, total // multiple if divided else total))
        elif scorer is not None:  # a scorer reads the board: the ends, how each counts, ``placed``
            s.left, s.right, s.up, s.down = ends
            s.dbl, s.bare, s.table = dbl, bare, table
            points = scorer(s)
            if points:
                scored[seat] += points
                score_log.append((seat, hist, points))
        if not hand:
            _store(s, ends, dbl, bare, cand, spinner, spin_cov, spin_end)
            s.table, s.turn, s.knocks, s.last_nondouble = table, turn, knocks, last_nd
            s.drawn = drawn
            s.over = True
            s.went_out = seat
            return s
        if not (live[ends[0]] | live[ends[1]] | live[ends[2]] | live[ends[3]]) & ~table:
            _store(s, ends, dbl, bare, cand, spinner, spin_cov, spin_end)
            s.table, s.turn, s.knocks, s.last_nondouble = table, turn, knocks, last_nd
            s.drawn = drawn
            s.end_fish(seat)
            return s
        turn = nxt[seat]
        drawn = 0


@cache
def _live(geo: Geometry) -> tuple[int, ...]:
    """Per end number: the tiles that would change that end (G8: none left off the table in any
    open end's entry means the fish)."""
    return tuple(f & ~n for f, n in zip(geo.fits, geo.neutral, strict=True))


def _store(
    s: CrossState,
    ends: list[int],
    dbl: int,
    bare: int,
    cand: int,
    spinner: int,
    spin_cov: int,
    spin_end: int,
) -> None:
    """Write the kernel's board back into the state (a plain function: a closure would turn the
    loop's locals into slower cell variables)."""
    s.left, s.right, s.up, s.down = ends
    s.dbl, s.bare, s.cand = dbl, bare, cand
    s.spinner, s.spin_cov, s.spin_end = spinner, spin_cov, spin_end
