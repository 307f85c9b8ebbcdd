"""Hints a player understands: the best move, why in a player's words, and by how much.

:func:`advise` reads one :class:`SeatView` and nothing else (bots never cheat, K3.6):

- every distinct legal move is valued with the hard bot's own machinery (the same sampler of
  hidden deals, the same default playout policy, the same :class:`Evaluator`), each move on the
  same guessed deals, so that the difference of two moves is measured with little noise, and
  the noise itself is known (the standard error of the paired differences);
- the reasons are facts the seat can know: its own hand, the table, and what the belief model
  proves from knocks and draws (a seat that knocked or drew on a 4 held no 4, until a later draw
  may have brought one). They are kept only when they *separate* the best move from the next best
  one, most telling first, at most three.

The words are not here: a :class:`Reason` is data (a kind, a seat, numbers, a tile), worded by
the app (``domino_tui/words/hints.py``) in the player's language.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace

from ..engine.actions import DRAW, KNOCK, is_pair, is_play, pair_tiles, tiles_of_move
from ..engine.geometry import geometry
from ..engine.round import RoundState
from ..engine.tiles import tile_set
from ..engine.view import SeatView
from .belief import Belief
from .config import MASTER, MIN_GUESSES, SearchConfig
from .endgame import CROSS_TILES, GIVE_UP, SOLVE_POOL, solve
from .evaluate import Evaluator
from .line_solve import Table
from .opponent import PlayModel
from .rollout import POLICIES
from .sampler import Sampler
from .search import decision_rng

BUDGET = 2400  # playouts per hint, shared among the moves
MAX_GUESSES = 400
MIN_GAP = 1.0  # pips: a smaller difference is never called a gain
NOISE = 2.0  # standard errors: a difference inside this band is noise
SHED_GAP = 3  # pips: shedding this much more than the next best is worth saying
SHED_MIN = 7  # pips: ... and only for a heavy tile
MAX_REASONS = 3
# every kind of reason there is (a kept review's reasons are one of these)
KINDS = frozenset(
    {
        *("out", "only", "fish_win", "fish_lose", "block", "partner", "void", "shed", "last"),
        *("follow_both", "follow_one", "must_draw", "must_knock"),
        *("double", "lighter", "ends", "keeps", "out_worse"),
    }
)
PRUNE_AT = 16  # guessed deals before a move may be dropped (``prune``), then every PRUNE_EVERY
PRUNE_EVERY = 8
PRUNE_SE = 3.0  # standard errors behind the best move: dropped


@dataclass(frozen=True)
class MoveValue:
    """One move as the bot values it: the mean over the guessed deals, in pips (what the others
    lose on average minus what this seat loses), and the values themselves."""

    code: int
    mean: float
    samples: tuple[float, ...]


@dataclass(frozen=True)
class Reason:
    """One fact behind the hint.

    ``kind``: ``out`` (goes out), ``fish_win`` (this move makes a fish the seat wins),
    ``fish_lose`` (the next best move, ``other``, would make a fish the seat loses), ``block``
    (the next seat, ``seat``, has shown nothing for the new ``numbers``), ``partner`` (the next
    best move, ``other``, would leave ends ``numbers`` the partner ``seat`` has shown nothing
    for), ``void`` (``seat`` has
    shown nothing for the new end ``numbers[0]``), ``shed`` (gets rid of ``tiles``, ``pips``),
    ``last`` (keeps the only tile with ``numbers[0]`` the seat holds), ``follow_both`` /
    ``follow_one`` (the hand still answers both ends / one end afterwards), ``must_draw`` /
    ``must_knock`` (nothing fits the ends ``numbers``), ``only`` (the only play). Only in a
    review (``reasons_for(complete=True)``), against the move played ``other``: ``double``
    (lays the double ``tiles`` while it fits), ``lighter`` (lays ``pips`` more with
    ``tiles``), ``ends`` (leaves ``numbers`` open), ``keeps`` (lays ``tiles``, keeps
    ``other``'s), ``out_worse`` (going out with ``tiles`` scores worse than playing on).
    """

    kind: str
    seat: int = -1
    numbers: tuple[int, ...] = ()
    tiles: tuple[int, ...] = ()
    pips: int = 0
    value: float = 0.0  # a fish: the bot's mean value of it, in pips
    sure: bool = True  # a fish: won (or lost) on every guessed deal
    exact: bool = True  # a fish: the same value on every guessed deal
    other: int = 0  # fish_lose: the move that would make the losing fish


@dataclass(frozen=True)
class Advice:
    """The hint: the move, the reasons, and the evaluation it rests on (best first)."""

    code: int
    reasons: tuple[Reason, ...]
    values: tuple[MoveValue, ...]  # every distinct move, best first; empty for a forced action
    verdict: str  # "only", "better", "close" (the next best is as good) or "equal" (all are)

    @property
    def runner_up(self) -> int | None:
        return self.values[1].code if len(self.values) > 1 else None

    @property
    def gain(self) -> float:
        """The best move's value minus the next best's, in pips (0 with one move)."""
        if len(self.values) < 2:
            return 0.0
        return self.values[0].mean - self.values[1].mean


def master_judge(playouts: int, *, most: int = 0, policy: str = MASTER.policy) -> SearchConfig:
    """The master's judgement at another budget: its guessed deals (dealt exactly, weighed by
    the play model of :mod:`.opponent`), its playouts and its exact endgame, ``playouts`` per
    decision shared among the moves (``most`` guessed deals at most), every move valued on every
    deal (no pruning: a hint and a review name the runner-up) and no clock (the caller's limit
    cuts it). So the hint's, the tutor's and the review's "best move" is what the strongest bot
    would play, measured by ``benchmarks/coach_agreement.py``; the review keeps the heavy
    playouts it was calibrated with (``policy``)."""
    return replace(
        MASTER, samples=0, playouts=playouts, most=most, prune=False, time_ms=0, policy=policy
    )


HINT = master_judge(BUDGET, most=MAX_GUESSES)  # the hint's search: it answers at once


def distinct_moves(view: SeatView) -> list[int]:
    """The legal actions without the duplicates: when both ends show the same number, a tile
    laid on the right is the same play as on the left."""
    legal = list(view.legal)
    if view.placed and view.left == view.right and not view.board:  # the cross: sides differ
        legal = [a for a in legal if not (is_play(a) and a & 1)]
    return legal


def noise(a: MoveValue, b: MoveValue) -> float:
    """The standard error of ``a.mean - b.mean`` from the paired values (same guessed deals)."""
    n = min(len(a.samples), len(b.samples))
    if n < 2:
        return math.inf
    diffs = [x - y for x, y in zip(a.samples, b.samples, strict=False)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.sqrt(var / n)


def evaluate(view: SeatView, seed: int = 0, config: SearchConfig = HINT) -> tuple[MoveValue, ...]:
    """Every distinct legal move valued over the same guessed deals, best first (ties keep the
    legal order). A pure function of (seed, view) while ``config.time_ms`` is 0; what is spent
    and how is ``config`` (:class:`.config.SearchConfig`). With ``config.solve``, a guessed deal
    near the round's end (at most ``solve`` tiles left) is solved exactly
    (:func:`.endgame.solve`) instead of played out. Past the wall-clock cap no more deals are
    guessed, once :data:`MIN_GUESSES` are done. With ``weigh``, the guessed deals follow the
    likelihood of the other seats' plays (:mod:`.opponent`). With ``finish`` (and ``solve``), a
    playout on the line stops once ``finish`` tiles are left and the rest of the round is solved
    exactly on that deal, so every playout ends as well played as the endgame of a round near
    its end, while the decision's node pool lasts (``pool``; by default :data:`SOLVE_POOL`
    solves' worth). With ``chance``, the exact search takes a draw as a chance node
    (:func:`.endgame.solve`). With ``prune``, a move clearly behind the best one
    (:func:`contenders`) is no longer valued on the later deals: the time goes to the moves
    still in question."""
    c = config
    deadline = time.perf_counter() + c.time_ms / 1000 if c.time_ms else math.inf
    solve_nodes = c.nodes if c.solve else 0
    solve_tiles, finish, prune = c.solve, c.finish, c.prune
    moves = distinct_moves(view)
    rng = decision_rng(seed, view)
    rnd = rng.random
    model = PlayModel(view, c.beta, c.partner, c.keep, c.double) if c.weigh else None
    sampler = Sampler(view, model=model, exact=c.exact)
    evaluator = Evaluator(view)
    playout = POLICIES[c.policy](view.rules)
    guesses = c.guesses(len(moves))
    me = view.seat
    samples: dict[int, list[float]] = {a: [] for a in moves}
    solved: dict[tuple[int, tuple[int, ...], tuple[int, ...]], list[float] | None] = {}
    failed = 0 if solve_nodes else GIVE_UP  # solves that grew too big
    pool = [c.pool or solve_nodes * SOLVE_POOL]  # nodes for all the solves of this evaluation
    hybrid = finish > 0 and solve_nodes > 0 and not view.board
    value_of = evaluator.seat_values
    if view.board:  # the cross's search copies the state at every node: a shorter horizon
        solve_tiles = min(solve_tiles, CROSS_TILES)
    live = moves
    for done in range(guesses):
        if prune and done >= PRUNE_AT and done % PRUNE_EVERY == 0 and len(live) > 1:
            live = contenders(live, samples)
        if deadline < math.inf and time.perf_counter() > deadline:
            pool[0] = 0  # out of time: no more exact solves, playouts only
            if done >= MIN_GUESSES:
                break
        base = sampler.state(rng)
        table = Table()  # positions solved on this guessed deal, shared by its moves
        for a in live:
            s = base.copy()
            s.apply_unchecked(a)
            if failed < GIVE_UP:  # the same guessed deal again (few tiles unseen): solved once
                key = (a, tuple(base.hands), tuple(base.boneyard))
                if key not in solved:
                    solved[key] = solve(
                        s,
                        value_of,
                        solve_nodes,
                        evaluator.side_of,
                        solve_tiles,
                        pool,
                        me,
                        table,
                        c.chance,
                        c.maxn,
                        c.paranoid,
                    )
                    failed += solved[key] is None
                exact = solved[key]
                if exact is not None:
                    samples[a].append(exact[me])
                    continue
            if hybrid and not s.over and pool[0] > 0:
                playout(s, rnd, finish)
                exact = (
                    solve(s, value_of, solve_nodes, evaluator.side_of, finish, pool, me)
                    if not s.over
                    else None
                )
                if exact is not None:
                    samples[a].append(exact[me])
                    continue
            if not s.over:
                playout(s, rnd)
            samples[a].append(value_of(s)[me])
    values = [_valued(a, samples[a]) for a in moves]
    values.sort(key=lambda m: -m.mean)
    return tuple(values)


def _valued(code: int, values: list[float]) -> MoveValue:
    return MoveValue(code, sum(values) / len(values), tuple(values))


def contenders(live: list[int], samples: dict[int, list[float]]) -> list[int]:
    """The moves still in question: the best so far, and every move whose paired difference
    from it (the same guessed deals) is within :data:`PRUNE_SE` standard errors. A move behind
    on every deal by the same amount has no error and is dropped: it is simply worse."""
    values = [_valued(a, samples[a]) for a in live]
    top = max(values, key=lambda m: m.mean)
    return [m.code for m in values if m is top or m.mean + PRUNE_SE * noise(top, m) >= top.mean]


# --- facts about one move -------------------------------------------------------------------
@dataclass(frozen=True)
class _After:
    tiles: tuple[int, ...]
    hand: int
    left: int
    right: int
    new_end: int  # the end this move makes (-1 for a lead, a double pair or a cross move)
    out: bool
    fish: bool  # the move ends the round without going out (a fish, the осёл close-out)
    ends: tuple[int, ...] = ()  # the open ends' distinct numbers afterwards, ascending


class _Facts:
    """What the seat knows, computed once per hint."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.ts = tile_set(view.rules.set_top)
        self.geo = geometry(view.rules.set_top, view.rules.match)
        self.belief = Belief(view)
        seats = view.seats
        i = seats.index(view.seat)
        order = [seats[(i + k) % len(seats)] for k in range(1, len(seats))]
        partner = view.rules.partner_of(view.seat)
        self.partner = partner if partner in seats and view.counts[partner] else -1
        self.order = [s for s in order if view.counts[s] > 0]
        self.opponents = [s for s in self.order if s != partner]
        self._base: RoundState | None = None  # one guessed deal, to play a cross move on

    def after(self, code: int) -> _After:
        if self.view.board:
            return self._after_cross(code)
        view, ts, geo = self.view, self.ts, self.geo
        tiles = pair_tiles(code) if is_pair(code) else (code >> 1,)
        left, right, table, hand, new_end = view.left, view.right, view.table, view.hand, -1
        for k, t in enumerate(tiles):
            side = k if is_pair(code) else code & 1
            table |= 1 << t
            hand &= ~(1 << t)
            if not view.placed and k == 0:
                left, right = ts.lo[t], ts.hi[t]
            elif side == 0:
                left = new_end = geo.after[left][t]
            else:
                right = new_end = geo.after[right][t]
        if is_pair(code):
            new_end = -1
        out = not hand
        fish = not out and geo.dead(left, right, table)
        ends = tuple(sorted({left, right}))
        return _After(tuple(tiles), hand, left, right, new_end, out, fish, ends)

    def _after_cross(self, code: int) -> _After:
        """On the cross (docs/variants G3) the ends after a move are read from the move played
        on one guessed deal: they do not depend on the guess."""
        view = self.view
        tiles = tiles_of_move(code)
        hand = view.hand
        for t in tiles:
            hand &= ~(1 << t)
        if self._base is None:
            self._base = Sampler(view, self.belief).state(decision_rng(0, view))
        s = self._base.copy()
        s.apply_unchecked(code)
        out = not hand
        ends = tuple(sorted({e for e in s.open_ends() if e >= 0}))
        return _After(tiles, hand, s.left, s.right, -1, out, s.over and not out, ends)

    def lacks(self, seat: int, numbers: tuple[int, ...]) -> bool:
        """``seat`` surely holds no unseen tile that fits any of ``numbers``."""
        mask = 0
        for n in numbers:
            mask |= self.geo.fits[n]
        return self.belief.lacks(seat, mask & self.view.unseen)

    def follow(self, a: _After) -> int:
        """How many of the new ends (distinct numbers) the remaining hand can answer."""
        return sum(1 for e in a.ends if a.hand & self.geo.fits[e])

    def lost_suits(self, a: _After) -> set[int]:
        """Numbers the hand held before the move and no longer holds, that others can still
        bring to an end (an unseen tile shows them)."""
        ts, view = self.ts, self.view
        return {
            s
            for s in range(ts.top + 1)
            if view.hand & ts.suit_mask[s]
            and not a.hand & ts.suit_mask[s]
            and view.unseen & ts.suit_mask[s]
        }


def _fish_reason(kind: str, m: MoveValue, other: int = 0) -> Reason:
    lo, hi = min(m.samples), max(m.samples)
    sure = lo > 0 if kind == "fish_win" else hi < 0
    return Reason(kind, value=m.mean, sure=sure, exact=hi - lo < 0.5, other=other)


def ends_after(view: SeatView, code: int) -> tuple[int, ...]:
    """The open ends' distinct numbers after ``code`` (ascending), as the seat sees them."""
    return _Facts(view).after(code).ends


def reasons_for(
    view: SeatView, values: tuple[MoveValue, ...], complete: bool = False
) -> tuple[Reason, ...]:
    """The facts that set the best move (``values[0]``) apart from the next best (the review:
    from the move played), most telling first, at most :data:`MAX_REASONS`. With
    ``complete`` (the review and the tutor, which must say why a move lost), a difference is
    always named: failing a telling fact, the double laid while it fits, the heavier tile, the
    ends each move leaves open, or which tile each lays and keeps."""
    facts = _Facts(view)
    best = values[0]
    b = facts.after(best.code)
    if b.out:
        return (Reason("out"),)
    if len(values) < 2:
        return (Reason("only"),)
    second = values[1]
    r = facts.after(second.code)
    found: list[Reason] = []
    if b.fish and best.mean > 0:
        found.append(_fish_reason("fish_win", best))
    if r.fish and second.mean < 0 and not b.fish:
        found.append(_fish_reason("fish_lose", second, other=second.code))
    if (b.fish or r.fish) and (found or not complete):
        return tuple(found[:MAX_REASONS])
    if r.out:  # the next best goes out but scores worse (a bonus or the goat)
        return (Reason("out_worse", tiles=r.tiles, other=second.code),) if complete else ()
    ends_b, ends_r = b.ends, r.ends
    blocked = -1
    if facts.opponents and facts.order and facts.order[0] == facts.opponents[0]:
        nxt = facts.order[0]
        if facts.lacks(nxt, ends_b) and not facts.lacks(nxt, ends_r):
            blocked = nxt
            found.append(Reason("block", seat=nxt, numbers=ends_b))
    partner = facts.partner
    if partner >= 0 and facts.lacks(partner, ends_r) and not facts.lacks(partner, ends_b):
        found.append(Reason("partner", seat=partner, numbers=ends_r, other=second.code))
    if b.new_end >= 0 and view.placed:
        for seat in facts.opponents:
            if seat == blocked:
                continue
            shown = facts.lacks(seat, (b.new_end,))
            if shown and not (r.new_end >= 0 and facts.lacks(seat, (r.new_end,))):
                found.append(Reason("void", seat=seat, numbers=(b.new_end,)))
                break
    ts = facts.ts
    pips_b = sum(ts.pips[t] for t in b.tiles)
    pips_r = sum(ts.pips[t] for t in r.tiles)
    if pips_b >= pips_r + SHED_GAP and pips_b >= SHED_MIN:
        found.append(Reason("shed", tiles=b.tiles, pips=pips_b))
    kept = sorted(facts.lost_suits(r) - facts.lost_suits(b))
    if kept:
        found.append(Reason("last", numbers=(kept[0],)))
    fb, fr = facts.follow(b), facts.follow(r)
    if fb > fr:
        both = fb == len(b.ends)
        found.append(Reason("follow_both" if both else "follow_one", numbers=ends_b))
    if complete and not found:
        found.extend(_plain_differences(facts, b, r, second.code))
    return tuple(found[:MAX_REASONS])


def _plain_differences(facts: _Facts, b: _After, r: _After, other: int) -> list[Reason]:
    """What a move plainly does that the other does not, when no telling fact sets them apart:
    the double laid while it still fits, the heavier tile laid, the ends left open, or else the
    tile laid and the one kept (two moves always differ in one of these)."""
    ts = facts.ts
    doubles = [t for t in b.tiles if ts.is_double[t]]
    if doubles and not any(ts.is_double[t] for t in r.tiles):
        return [Reason("double", tiles=(doubles[0],), other=other)]
    pips_b = sum(ts.pips[t] for t in b.tiles)
    pips_r = sum(ts.pips[t] for t in r.tiles)
    if pips_b >= pips_r + 2:
        return [Reason("lighter", tiles=b.tiles, pips=pips_b - pips_r, other=other)]
    if b.ends != r.ends:
        return [Reason("ends", numbers=b.ends, other=other)]
    return [Reason("keeps", tiles=b.tiles, other=other)]


def verdict(values: tuple[MoveValue, ...]) -> str:
    """``better`` when the best beats the next best beyond the noise, ``close`` when only the
    next best is as good, ``equal`` when every move is, ``only`` with a single move."""
    if len(values) < 2:
        return "only"
    best = values[0]

    def close(m: MoveValue) -> bool:
        return best.mean - m.mean < max(MIN_GAP, NOISE * noise(best, m))

    if all(close(m) for m in values[1:]):
        return "equal"
    return "close" if close(values[1]) else "better"


def advise(
    view: SeatView, seed: int = 0, budget: int = BUDGET, judge: SearchConfig = HINT
) -> Advice:
    """The hint for the seat to move, from its view only, judged by ``judge`` (the master's
    judgement, :func:`master_judge`) with ``budget`` playouts."""
    legal = view.legal
    if not legal:
        raise ValueError("no hint: it is not this seat's turn")
    if legal == (DRAW,) or legal == (KNOCK,):
        kind = "must_draw" if legal[0] == DRAW else "must_knock"
        ends = tuple(sorted({e for e in view.ends if e >= 0}))
        return Advice(legal[0], (Reason(kind, numbers=ends),), (), "only")
    moves = distinct_moves(view)
    if len(moves) == 1:
        facts = _Facts(view)
        why = Reason("out") if facts.after(moves[0]).out else Reason("only")
        return Advice(moves[0], (why,), (), "only")
    values = evaluate(view, seed, replace(judge, playouts=budget))
    facts = _Facts(view)
    if facts.after(values[0].code).out:
        # the same tile going out on the other end is the same result, not a rival
        tiles = tiles_of_move(values[0].code)
        values = tuple(v for v in values if v is values[0] or tiles_of_move(v.code) != tiles)
    return Advice(values[0].code, reasons_for(view, values), values, verdict(values))
