"""A rule-based expert: counts tiles the way a yard player does, and answers in about a
millisecond.

Every legal play is scored by a few plain rules of thumb, in pips:
- dump weight (a tile left in hand is a penalty), and doubles early (they fit one suit only);
- keep suit variety and keep a follow-up for the new ends;
- leave ends the next opponent probably cannot answer (from the belief model: a knock or a draw
  shows what a seat lacked, until a later draw may have brought it back), most of all when that
  opponent is close to going out;
- in pairs, leave ends the partner can answer (never block the partner);
- a play that makes a fish is judged by its outcome under the rules in force (fish mode,
  remembered points, carry-over, target), estimated over guessed deals: made when the count
  favours us, avoided when it does not.
"""

from __future__ import annotations

import math
import random

from ..engine.actions import is_pair, pair_tiles, tiles_of_move
from ..engine.geometry import geometry
from ..engine.round import RoundState
from ..engine.tiles import tile_set
from ..engine.view import SeatView
from .base import ExplainingBot
from .belief import Belief
from .evaluate import Evaluator
from .sampler import Sampler
from .search import action_name, decision_rng

W_DOUBLE = 3.0
W_VARIETY = 2.0
W_FOLLOW = 2.5
W_BLOCK = 6.0
W_BLOCK_LATER = 2.0
W_PARTNER = 4.0
W_POINTS = 3.0  # per point made during play (телефон's scoring plays)
FISH_GUESSES = 24
FISH_MARGIN = 3.0  # pips: a fish is made or avoided only when its expected outcome is this clear
GO_OUT = 1e9
FISH = 1e6


class CounterBot(ExplainingBot):
    """Belief-driven rules of thumb; see the module docstring."""

    name = "counter"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, view: SeatView) -> tuple[int, str]:
        legal = view.legal
        judge = _Judge(view, self.seed)
        scored = [(judge.score(a), a) for a in legal]
        ranked = sorted(scored, key=lambda item: -item[0].total)  # stable: legal order on ties
        (best, code), (second, _) = ranked[0], ranked[1]
        return code, f"{action_name(view, code)}: {best.reason_over(second)}"


class Score:
    """A candidate's total and the rules of thumb behind it (for the hint line)."""

    __slots__ = ("notes", "total")

    def __init__(self, notes: dict[str, tuple[float, str]]) -> None:
        self.notes = notes
        self.total = sum(v for v, _ in notes.values())

    def reason_over(self, other: Score) -> str:
        """The rule that separates this candidate most from the runner-up."""
        if len(self.notes) == 1:
            return next(iter(self.notes.values()))[1]
        gain = {k: v - other.notes.get(k, (0.0, ""))[0] for k, (v, _) in self.notes.items()}
        return self.notes[max(gain, key=lambda k: gain[k])][1]


class _Judge:
    """The facts of one decision, computed once and shared by every candidate."""

    def __init__(self, view: SeatView, seed: int) -> None:
        self.view = view
        self.seed = seed
        self.rules = view.rules
        self.geo = geometry(view.rules.set_top, view.rules.match)
        self.ts = tile_set(view.rules.set_top)
        self.belief = Belief(view)
        seats = view.seats
        me = view.seat
        i = seats.index(me)
        self.order = [seats[(i + k) % len(seats)] for k in range(1, len(seats))]
        self.partner = view.rules.partner_of(me)
        self.opponents = [s for s in self.order if s != self.partner]
        self._fish: dict[int, float] = {}
        self.cross = bool(view.board)
        self._base: RoundState | None = None  # one guessed deal, to play a cross move on

    # --- one candidate ------------------------------------------------------------------------
    def score(self, code: int) -> Score:
        if self.cross:
            return self._score_cross(code)
        view, ts, geo = self.view, self.ts, self.geo
        tiles = pair_tiles(code) if is_pair(code) else (code >> 1,)
        left, right, table = view.left, view.right, view.table
        for k, t in enumerate(tiles):
            side = k if is_pair(code) else code & 1
            table |= 1 << t
            if not view.placed and k == 0:
                left, right = ts.lo[t], ts.hi[t]
            elif side == 0:
                left = geo.after[left][t]
            else:
                right = geo.after[right][t]
        hand = view.hand
        for t in tiles:
            hand &= ~(1 << t)
        if not hand:
            return Score({"out": (GO_OUT, "goes out")})
        if geo.dead(left, right, table):
            judged = self._judge_end(code)
            if judged is not None:
                return judged
        return self._notes(tiles, hand, geo.fits[left] | geo.fits[right], table)

    def _score_cross(self, code: int) -> Score:
        """The same rules of thumb on the cross (docs/variants G1-G10): the ends after the move
        are read from the move played on one guessed deal (they do not depend on the guess);
        a move that ends the round (a fish, the осёл close-out) is judged by its outcome."""
        tiles = tiles_of_move(code)
        hand = self.view.hand
        for t in tiles:
            hand &= ~(1 << t)
        if not hand:
            return Score({"out": (GO_OUT, "goes out")})
        if self._base is None:
            self._base = Sampler(self.view, self.belief).state(decision_rng(self.seed, self.view))
        s = self._base.copy()
        s.apply_unchecked(code)
        if s.over:
            judged = self._judge_end(code)
            if judged is not None:
                return judged
        fits = self.geo.fits
        ends = 0
        for v in s.open_ends():
            ends |= fits[v]
        score = self._notes(tiles, hand, ends, s.table)
        seat = self.view.seat
        gained = s.scored[seat] - self._base.scored[seat] if s.scored else 0
        if gained:  # телефон: points made by the play itself (V3.8.2)
            score = Score({**score.notes, "points": (W_POINTS * gained, f"scores {gained}")})
        return score

    def _judge_end(self, code: int) -> Score | None:
        """A move that ends the round: made or avoided when its expected outcome is clear."""
        value = self._fish_value(code)
        if value > FISH_MARGIN:
            why = f"makes a fish: the count favours us ({value:+.0f} pips)"
            return Score({"fish": (FISH + value, why)})
        if value < -FISH_MARGIN:
            why = f"a fish would cost us ({value:+.0f} pips)"
            return Score({"fish": (-FISH + value, why)})
        return None

    def _notes(self, tiles: tuple[int, ...], hand: int, ends: int, table: int) -> Score:
        """The rules of thumb for a play that leaves ``hand``, open ends fitting ``ends`` and
        ``table`` on the table."""
        view, ts = self.view, self.ts
        pips = sum(ts.pips[t] for t in tiles)
        notes: dict[str, tuple[float, str]] = {"pips": (float(pips), f"dumps {pips} pips")}
        if any(ts.is_double[t] for t in tiles):
            notes["double"] = (W_DOUBLE, "gets a double out early")
        suits = sum(1 for m in ts.suit_mask if hand & m)
        notes["variety"] = (W_VARIETY * suits, f"keeps {suits} suits in hand")
        follow = min(2, (hand & ends).bit_count())
        notes["follow"] = (W_FOLLOW * follow, "keeps a follow-up for the new ends")
        live = ends & ~table
        for rank, seat in enumerate(self.opponents):
            p = self._miss_chance(seat, live)
            urgency = 3.0 if view.counts[seat] <= 2 else 1.0
            weight = (W_BLOCK if rank == 0 else W_BLOCK_LATER) * urgency
            sure = "cannot" if p == 1.0 else "likely cannot"
            notes[f"block{seat}"] = (weight * p, f"leaves ends seat {seat} {sure} answer")
        if self.partner >= 0 and view.counts[self.partner]:
            p = 1.0 - self._miss_chance(self.partner, live)
            notes["partner"] = (W_PARTNER * p, "leaves ends the partner can answer")
        return Score(notes)

    def _miss_chance(self, seat: int, mask: int) -> float:
        """Chance that ``seat`` holds no tile of ``mask``: hypergeometric over the tiles it may
        hold (1.0 when the belief model rules them all out)."""
        possible = self.belief.possible[seat]
        n = possible.bit_count()
        c = min(self.view.counts[seat], n)
        f = (possible & mask).bit_count()
        if not f:
            return 1.0
        if f > n - c:
            return 0.0
        return math.comb(n - f, c) / math.comb(n, c)

    def _fish_value(self, code: int) -> float:
        """Expected relative outcome of ending the round with ``code`` now (fish mode, K7, K8,
        target), over guessed deals."""
        if code not in self._fish:
            rng: random.Random = decision_rng(self.seed, self.view)
            sampler = Sampler(self.view, self.belief)
            evaluator = Evaluator(self.view)
            total = 0.0
            for _ in range(FISH_GUESSES):
                s = sampler.state(rng)
                s.apply_unchecked(code)
                total += evaluator.seat_values(s)[self.view.seat]
            self._fish[code] = total / FISH_GUESSES
        return self._fish[code]
