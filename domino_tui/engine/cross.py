"""The cross: a round whose line grows from a spinner in four directions (docs/variants G1-G10).

Осёл, Телефон/Маггинс and Чечевэ share this board; each variant only chooses its options
(:class:`CrossConfig`): whether doubles may be laid closed, how many in one move, the осёл
close-out, how a spinner is chosen among doubles laid together, and a scorer for points made
during play. The turn rules (draws, knocks, going out, the fish) are Козёл's, inherited from
:class:`RoundState`; only where tiles may go and what the ends become is new here.

``placed`` keeps ``(tile, end, seat)`` as in Козёл, ``end`` being 0-3 (left, right, up, down),
-1 for the lead, and ``end | 4`` for a double laid closed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from .actions import DOWN, DRAW, KNOCK, LEFT, RIGHT, UP, Placement, encode, placements
from .options import Rules
from .round import Event, RoundState
from .tiles import bits

CLOSED = 4  # added to an end in ``placed`` for a double laid face down (G6)
END_NAMES = ("left", "right", "up", "down")


@dataclass(frozen=True)
class CrossConfig:
    """What a cross variant allows (G6, G7, V2.6.2, V3.4.2) and how it scores during play."""

    closed_doubles: bool = False  # G6: a double may be laid face down once a spinner exists
    several: int = 1  # G7: up to this many doubles in one move (1 = one tile per move)
    close_out: bool = False  # V2.6.2: two closed doubles before any double ends the round
    first_covered: bool = False  # V3.4.2: doubles laid together: the first covered spins
    scorer: Callable[[CrossState], int] | None = None  # points for the move just made (V3.8.2)
    # the scorer's arithmetic for the fast playout, which counts inline (V3.8.1-V3.8.2): a count
    # that is a positive multiple of ``multiple`` scores it (``divided``: count // multiple);
    # ``four``: an uncovered cross side counts its number. 0 = the kernel calls ``scorer``.
    multiple: int = 0
    four: bool = False
    divided: bool = False


class CrossState(RoundState):
    """A round on the cross. Ends are ``left``/``right`` (the line sides) and ``up``/``down``
    (the spinner's cross sides); -1 is an end that is not open (not yet, or closed)."""

    __slots__ = (
        "bare",
        "cand",
        "cfg",
        "closed_out",
        "dbl",
        "down",
        "score_log",
        "scored",
        "spin_cov",
        "spin_end",
        "spinner",
        "up",
    )

    cross = True
    cfg: CrossConfig
    up: int
    down: int
    dbl: int  # bit per end: the end's tile is a double laid across (counts both halves)
    bare: int  # bit per end: an uncovered cross side of the spinner
    cand: int  # bit per line end: a double laid together with others, a spinner-to-be (V3.4.2)
    spinner: int  # the spinner's tile, or -1
    spin_cov: int  # line sides of the spinner covered: 0, 1 or 2 (G2)
    spin_end: int  # while spin_cov == 1: the line end that is the spinner's open side
    closed_out: int
    scored: list[int]
    score_log: list[tuple[int, int, int]]  # (seat, count, points) per scoring play

    @classmethod
    def start_cross(
        cls,
        rules: Rules,
        cfg: CrossConfig,
        hands: list[int],
        boneyard: list[int],
        leader: int,
        lead_mask: int,
        seats: tuple[int, ...] | None = None,
    ) -> CrossState:
        s = cls.start(rules, hands, boneyard, leader, lead_mask, seats)
        assert isinstance(s, CrossState)
        s.double_pair = False  # the cross games' several doubles replace K3.4
        s.cfg = cfg
        s.up = s.down = -1
        s.dbl = s.bare = s.cand = 0
        s.spinner = s.spin_end = -1
        s.spin_cov = 0
        s.closed_out = -1
        s.scored = [0] * len(hands)
        s.score_log = []
        return s

    def copy(self) -> CrossState:
        c = RoundState.copy(self)
        assert isinstance(c, CrossState)
        c.cfg = self.cfg
        c.up, c.down = self.up, self.down
        c.dbl, c.bare, c.cand = self.dbl, self.bare, self.cand
        c.spinner, c.spin_cov, c.spin_end = self.spinner, self.spin_cov, self.spin_end
        c.closed_out = self.closed_out
        c.scored = self.scored[:]
        c.score_log = self.score_log[:]
        return c

    # --- the board ------------------------------------------------------------------------------
    def open_ends(self) -> tuple[int, ...]:
        return (self.left, self.right, self.up, self.down)

    def _set_end(self, end: int, value: int) -> None:
        if end == LEFT:
            self.left = value
        elif end == RIGHT:
            self.right = value
        elif end == UP:
            self.up = value
        else:
            self.down = value

    def count(self) -> int:
        """The sum of the open ends (V3.8.1): a double laid across counts both halves, an
        uncovered cross side counts as the scorer's variant decides (see :func:`end_count`)."""
        return end_count(self, cross_four=self.cfg.four)

    def playable_mask(self, seat: int | None = None) -> int:
        hand = self.hands[self.turn if seat is None else seat]
        if not self.placed:
            return hand & self.lead_mask if (seat is None or seat == self.turn) else hand
        fits = self.geo.fits
        return hand & (fits[self.left] | fits[self.right] | fits[self.up] | fits[self.down])

    # --- legal moves ----------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        hand = self.hands[self.turn]
        if not self.placed:
            return [t << 1 for t in bits(hand & self.lead_mask)]
        fits = self.geo.fits
        ends = self.open_ends()
        is_double = self.geo.ts.is_double
        close_ok = self.cfg.closed_doubles and self.spinner >= 0
        moves: list[int] = []
        for end, value in enumerate(ends):
            for t in bits(hand & fits[value]):
                moves.append(encode((Placement(t, end),)))
                if close_ok and is_double[t]:
                    moves.append(encode((Placement(t, end, True),)))
        if not moves:
            return [DRAW] if len(self.boneyard) > self.reserve else [KNOCK]
        if self.cfg.several > 1 or self.cfg.close_out:
            moves += self._several(hand, ends)
        return moves

    def _several(self, hand: int, ends: tuple[int, ...]) -> list[int]:
        """G7: two to ``several`` doubles, one per open end; plus the осёл close-out."""
        fits = self.geo.fits
        doubles = hand & self.geo.ts.double_mask
        open_ends = [e for e in range(4) if ends[e] >= 0 and doubles & fits[ends[e]]]
        out: list[int] = []
        top = min(self.cfg.several, len(open_ends)) if self.cfg.several > 1 else 0
        for k in range(2, top + 1):
            for chosen in combinations(open_ends, k):
                options = [list(bits(doubles & fits[ends[e]])) for e in chosen]
                for tiles in product(*options):
                    if len(set(tiles)) < k:
                        continue
                    for flags in product((False, True), repeat=k):
                        parts = tuple(
                            Placement(t, e, c) for t, e, c in zip(tiles, chosen, flags, strict=True)
                        )
                        if self._closing_allowed(parts):
                            out.append(encode(parts))
        if self.cfg.close_out and self._close_out_possible() and self.cfg.several <= 1:
            for a in bits(doubles & fits[ends[LEFT]]):
                for b in bits(doubles & fits[ends[RIGHT]]):
                    if a != b:
                        out.append(encode((Placement(a, LEFT, True), Placement(b, RIGHT, True))))
        return out

    def _close_out_possible(self) -> bool:
        """V2.6.2: no double laid yet this round (so no spinner) and two line ends."""
        is_double = self.geo.ts.is_double
        return self.spinner < 0 and not any(is_double[t] for t, _, _ in self.placed)

    def _closing_allowed(self, parts: tuple[Placement, ...]) -> bool:
        """Closed doubles need the variant's leave and a spinner laid before them (G6, V2.D1),
        except the осёл close-out (two closed, before any double)."""
        if not any(p.closed for p in parts):
            return True
        if (
            self.cfg.close_out
            and len(parts) == 2
            and all(p.closed for p in parts)
            and self._close_out_possible()
            and (parts[0].end, parts[1].end) == (LEFT, RIGHT)
        ):
            return True
        if not self.cfg.closed_doubles:
            return False
        spinner = self.spinner >= 0
        for p in parts:
            if p.closed and not spinner:
                return False
            if not p.closed and not self.cfg.first_covered:
                spinner = True  # the first open double of the move spins (V2.D4, V5.4.3)
        return True

    def is_legal(self, code: int) -> bool:
        if self.over:
            return False
        if 0 <= code < 1 << 20 and not self.placed:
            mask = self.hands[self.turn] & self.lead_mask
            return code & 1 == 0 and bool(mask >> (code >> 1) & 1)
        return code in self.legal_actions()

    def illegal_reason(self, code: int) -> tuple[str, dict[str, str]] | None:
        if self.over:
            return "over", {}
        if self.is_legal(code):
            return None
        parts = placements(code)
        if code not in (DRAW, KNOCK) and not parts:
            return "not_an_action", {"code": str(code)}
        ts = self.geo.ts
        if any(p.tile >= ts.count for p in parts):
            return "not_an_action", {"code": str(code)}
        fitting = self.playable_mask()
        if code in (DRAW, KNOCK) and fitting:
            return "must_play", {}
        if code == DRAW:
            return "boneyard_empty", {}
        if code == KNOCK:
            return "draw_first", {}
        hand = self.hands[self.turn]
        for p in parts:
            if not hand >> p.tile & 1:
                return "not_in_hand", {"tile": ts.name(p.tile)}
        if not self.placed:
            return "lead_must_be", {"tiles": self._lead_names()}
        ends = self.open_ends()
        fits = self.geo.fits
        for p in parts:
            value = ends[p.end]
            if value < 0:
                return "no_such_end", {"end": END_NAMES[p.end]}
            if not fits[value] >> p.tile & 1:
                return "wrong_end", {
                    "tile": ts.name(p.tile),
                    "end": END_NAMES[p.end],
                    "value": str(value),
                }
        if len(parts) > 1 and not all(ts.is_double[p.tile] for p in parts):
            return "several_need_doubles", {}
        if len(parts) > max(self.cfg.several, 2 if self.cfg.close_out else 1):
            return "no_several", {}
        if any(p.closed for p in parts):
            return "no_closing", {}
        return "no_several", {}

    # --- changes --------------------------------------------------------------------------------
    def apply_unchecked(self, code: int) -> None:
        if code < 0:
            RoundState.apply_unchecked(self, code)
            return
        seat = self.turn
        parts = placements(code)
        for p in parts:
            self._place(seat, p, code, len(parts))
        self.knocks = 0
        if self.cfg.scorer is not None:
            points = self.cfg.scorer(self)
            if points:
                self.scored[seat] += points
                self.score_log.append((seat, len(self.history), points))
        if not self.hands[seat]:
            self.over = True  # G9: going out first
            self.went_out = seat
        elif len(parts) == 2 and parts[0].closed and parts[1].closed and self.spinner < 0:
            self.over = True  # V2.6.2: the close-out ends the round at once
            self.closed_out = seat
        elif self._dead():
            self.end_fish(seat)  # G8
        else:
            self.turn = self.nxt[seat]
            self.drawn = 0

    def _dead(self) -> bool:
        geo, table = self.geo, self.table
        fits, neutral = geo.fits, geo.neutral
        for v in (self.left, self.right, self.up, self.down):
            if fits[v] & ~table & ~neutral[v]:
                return False
        return True

    def _place(self, seat: int, p: Placement, code: int, together: int) -> None:
        ts = self.geo.ts
        t = p.tile
        self.history.append(Event(seat, code, t, self.left, self.right, self.up, self.down))
        self.hands[seat] &= ~(1 << t)
        self.table |= 1 << t
        double = ts.is_double[t]
        if not double:
            self.last_nondouble = seat
        if not self.placed:  # the lead: a double leads as the spinner (V2.4.1, V3.4.1, V5.4.1)
            self.left, self.right = ts.lo[t], ts.hi[t]
            self.placed.append((t, -1, seat))
            if double:
                self.spinner, self.spin_cov = t, 0
                self.dbl = 1 << LEFT
            return
        end = p.end
        value = self.open_ends()[end]
        self.placed.append((t, end | (CLOSED if p.closed else 0), seat))
        bit = 1 << end
        self._cover(end)
        if p.closed:
            self._set_end(end, -1)
            self.dbl &= ~bit
            self.bare &= ~bit
            return
        self._set_end(end, self.geo.after[value][t])
        self.bare &= ~bit
        if double:
            self.dbl |= bit
            if self.spinner < 0:
                if self.cfg.first_covered and together > 1:
                    self.cand |= bit
                elif not self.cand:
                    self.spinner, self.spin_cov, self.spin_end = t, 1, end
        else:
            self.dbl &= ~bit

    def _cover(self, end: int) -> None:
        """A tile now touches ``end``: it may cover a line side of the spinner (G2) or make a
        spinner-to-be the spinner (V3.4.2)."""
        if end > RIGHT:
            return
        bit = 1 << end
        if self.cand & bit:
            spin = _end_tile(self, end, skip_last=True)
            self.cand = 0
            if spin >= 0:
                self.spinner, self.spin_cov = spin, 2
                self._open_cross()
            return
        if self.spinner < 0:
            return
        if self.spin_cov == 0:
            self.spin_cov, self.spin_end = 1, RIGHT if end == LEFT else LEFT
            self.dbl &= ~(1 << LEFT)
            self.dbl |= 1 << self.spin_end
        elif self.spin_cov == 1 and end == self.spin_end:
            self.spin_cov, self.spin_end = 2, -1
            self._open_cross()

    def _open_cross(self) -> None:
        v = self.geo.ts.lo[self.spinner]
        self.up = self.down = v
        self.bare |= (1 << UP) | (1 << DOWN)
        self.dbl &= ~((1 << UP) | (1 << DOWN))

    # --- convenience ----------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        snap = RoundState.snapshot(self)
        snap["ends"] = list(self.open_ends())
        snap["cross"] = [self.dbl, self.bare, self.cand, self.spinner, self.spin_cov, self.spin_end]
        snap["closed_out"] = self.closed_out
        snap["scored"] = list(self.scored)
        snap["score_log"] = [list(x) for x in self.score_log]
        return snap

    def board(self) -> tuple[Any, ...]:
        """The cross's own state beyond the two-ended line, for a seat view to copy."""
        return (
            self.up,
            self.down,
            self.dbl,
            self.bare,
            self.cand,
            self.spinner,
            self.spin_cov,
            self.spin_end,
            tuple(self.scored),
            tuple(self.score_log),
        )

    def set_board(self, board: tuple[Any, ...]) -> None:
        (
            self.up,
            self.down,
            self.dbl,
            self.bare,
            self.cand,
            self.spinner,
            self.spin_cov,
            self.spin_end,
            scored,
            log,
        ) = board
        self.scored = list(scored)
        self.score_log = list(log)


def _end_tile(s: CrossState, end: int, skip_last: bool) -> int:
    """The tile that was the outermost on ``end`` (before the tile just laid, if ``skip_last``)."""
    items = s.placed[:-1] if skip_last else s.placed
    for t, where, _seat in reversed(items):
        if where >= 0 and where & 3 == end:
            return t
    return -1


def end_count(s: CrossState, cross_four: bool) -> int:
    """V3.8.1: the sum of the open ends. A double laid across at an end counts both halves; a
    lead double alone counts its two halves once; an uncovered cross side of the spinner counts
    its number with ``cross_four`` (Маггинс), else nothing (Телефон's «только сыгранные»)."""
    placed = s.placed
    if len(placed) == 1:
        return s.geo.ts.pips[placed[0][0]]
    bare, dbl = s.bare, s.dbl
    total = 0
    bit = 1
    for v in (s.left, s.right, s.up, s.down):
        if v > 0:  # a 0 adds nothing, -1 is no end
            if bare & bit:
                if cross_four:
                    total += v
            elif dbl & bit:
                total += 2 * v
            else:
                total += v
        bit <<= 1
    return total
