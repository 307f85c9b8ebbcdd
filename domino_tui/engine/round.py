"""The turn engine of one deal: plays, one-at-a-time draws, knocks, going out and fish (K3, K4).

A :class:`RoundState` knows nothing of scores or of how it was dealt; the match deals it and
scores its outcome. It is mutable for speed (bots copy it, play out, and throw it away), and every
change goes through :meth:`RoundState.apply`, which refuses anything illegal.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import DRAW, KNOCK, PAIR_BASE, format_action, is_pair, pair_tiles
from .geometry import Geometry, geometry
from .options import Rules
from .tiles import bits


class IllegalActionError(ValueError):
    """An action the rules do not allow at this moment; the message says why in plain words."""


REASONS: dict[str, str] = {
    "over": "the round is over",
    "not_an_action": "{code} is not an action of this game",
    "must_play": "you have a tile that fits, so you must play it",
    "boneyard_empty": "the boneyard is empty: knock",
    "draw_first": "draw from the boneyard first: you may knock only when it is empty",
    "not_in_hand": "{tile} is not in your hand",
    "lead_must_be": "the first tile of this round must be {tiles}",
    "pair_needs_doubles": "a double pair needs one double for each end",
    "fits_neither": "{tile} fits neither end ({left} · {right})",
    "wrong_left": "{tile} does not fit the left end ({left}); it fits the right one",
    "wrong_right": "{tile} does not fit the right end ({right}); it fits the left one",
    "no_such_end": "there is no open {end} end",
    "wrong_end": "{tile} does not fit the {end} end ({value})",
    "several_need_doubles": "only doubles may be laid several at once",
    "no_several": "these doubles cannot be laid together here",
    "no_closing": "a double may be laid closed only where the rules allow it (after the spinner)",
}
"""English wording of each reason key (K3.1-K3.3); UIs translate the keys."""


class Event(NamedTuple):
    """One public step of the round: who did what, on which ends (K3.6).

    ``tile`` is the played tile, or the drawn tile (the full state knows it; a seat view hides
    it from everyone but the drawer), or -1 for a knock. ``left``/``right`` are the open ends
    *before* the action, which is what a knock or a draw tells about the actor's hand.
    """

    seat: int
    code: int
    tile: int
    left: int
    right: int
    up: int = -1  # the cross games' other ends (docs/variants G3); -1: not open
    down: int = -1


class RoundState:
    """One round in play. Hands are bit masks; the boneyard is drawn from its end.

    This is the two-ended line of Козёл; :class:`~.cross.CrossState` extends it with the
    spinner's four ends. The class attributes below are what a two-ended round always has, so
    that code reading a round need not ask which kind it is."""

    cross = False  # four ends possible (docs/variants G1-G10)
    up = -1
    down = -1
    closed_out = -1  # the seat that closed two doubles and ended the round (осёл V2.6.2)
    scored: tuple[int, ...] | list[int] = ()  # points scored during play per seat (телефон)

    __slots__ = (
        "boneyard",
        "double_pair",
        "drawn",
        "fish",
        "fisher",
        "geo",
        "hands",
        "history",
        "knocks",
        "last_nondouble",
        "lead_mask",
        "leader",
        "left",
        "nxt",
        "over",
        "placed",
        "reserve",
        "right",
        "seats",
        "table",
        "taken",
        "taker",
        "takes_boneyard",
        "turn",
        "went_out",
    )

    geo: Geometry
    reserve: int
    takes_boneyard: bool
    double_pair: bool
    table: int
    left: int
    right: int
    turn: int
    leader: int
    lead_mask: int
    knocks: int
    drawn: int
    last_nondouble: int
    over: bool
    fish: bool
    went_out: int
    fisher: int
    taker: int
    taken: int
    hands: list[int]
    boneyard: list[int]
    placed: list[tuple[int, int, int]]
    history: list[Event]
    seats: tuple[int, ...]
    nxt: tuple[int, ...]

    @classmethod
    def start(
        cls,
        rules: Rules,
        hands: list[int],
        boneyard: list[int],
        leader: int,
        lead_mask: int,
        seats: tuple[int, ...] | None = None,
    ) -> RoundState:
        """A fresh round: ``seats`` are the seats still in the game (all unless last_standing)."""
        s = cls.__new__(cls)
        s.geo = geometry(rules.set_top, rules.match)
        s.hands = list(hands)
        s.boneyard = list(boneyard)
        s.seats = tuple(seats) if seats is not None else tuple(range(len(hands)))
        n = len(hands)
        nxt = list(range(n))
        for seat in range(n):
            nxt[seat] = next((seat + k) % n for k in range(1, n + 1) if (seat + k) % n in s.seats)
        s.nxt = tuple(nxt)
        s.reserve = rules.boneyard_reserve
        s.takes_boneyard = rules.fish_takes_boneyard
        s.double_pair = rules.double_pair
        s.table = 0
        s.left = s.right = -1
        s.placed = []
        s.history = []
        s.turn = s.leader = leader
        s.lead_mask = lead_mask
        s.knocks = s.drawn = 0
        s.last_nondouble = -1
        s.over = s.fish = False
        s.went_out = s.fisher = s.taker = -1
        s.taken = 0
        return s

    def copy(self) -> RoundState:
        c = self.__class__.__new__(self.__class__)
        c.geo = self.geo
        c.hands = self.hands[:]
        c.boneyard = self.boneyard[:]
        c.placed = self.placed[:]
        c.history = self.history[:]
        c.seats = self.seats
        c.nxt = self.nxt
        c.reserve = self.reserve
        c.takes_boneyard = self.takes_boneyard
        c.double_pair = self.double_pair
        c.table = self.table
        c.left = self.left
        c.right = self.right
        c.turn = self.turn
        c.leader = self.leader
        c.lead_mask = self.lead_mask
        c.knocks = self.knocks
        c.drawn = self.drawn
        c.last_nondouble = self.last_nondouble
        c.over = self.over
        c.fish = self.fish
        c.went_out = self.went_out
        c.fisher = self.fisher
        c.taker = self.taker
        c.taken = self.taken
        return c

    # --- questions ---------------------------------------------------------------------------
    @property
    def drawable(self) -> int:
        """Tiles that may still be drawn (K3.5 keeps ``reserve`` of them out of reach)."""
        return max(0, len(self.boneyard) - self.reserve)

    def playable_mask(self, seat: int | None = None) -> int:
        """The tiles in ``seat``'s hand that can be laid now."""
        hand = self.hands[self.turn if seat is None else seat]
        if not self.placed:
            return hand & self.lead_mask if (seat is None or seat == self.turn) else hand
        fits = self.geo.fits
        return hand & (fits[self.left] | fits[self.right])

    def legal_actions(self) -> list[int]:
        """Every legal action of the player to move; empty once the round is over."""
        if self.over:
            return []
        hand = self.hands[self.turn]
        if not self.placed:
            return [t << 1 for t in bits(hand & self.lead_mask)]
        fits = self.geo.fits
        moves = [t << 1 for t in bits(hand & fits[self.left])]
        moves += [(t << 1) | 1 for t in bits(hand & fits[self.right])]
        if moves:
            if self.double_pair:
                moves += self._pair_moves(hand)
            return moves
        return [DRAW] if len(self.boneyard) > self.reserve else [KNOCK]

    def _pair_moves(self, hand: int) -> list[int]:
        """K3.4: one double on each end in a single turn."""
        ts = self.geo.ts
        dl = hand & self.geo.fits[self.left] & ts.double_mask
        dr = hand & self.geo.fits[self.right] & ts.double_mask
        return [PAIR_BASE + a * 100 + b for a in bits(dl) for b in bits(dr) if a != b]

    def is_legal(self, code: int) -> bool:
        """Whether ``code`` is legal now, without building the list of legal actions."""
        if self.over:
            return False
        hand = self.hands[self.turn]
        if 0 <= code < PAIR_BASE:
            t = code >> 1
            if not hand >> t & 1:
                return False
            if not self.placed:
                return bool(code & 1 == 0 and self.lead_mask >> t & 1)
            end = self.right if code & 1 else self.left
            return bool(self.geo.fits[end] >> t & 1)
        if code in (DRAW, KNOCK):
            if self.playable_mask():
                return False
            return (len(self.boneyard) > self.reserve) == (code == DRAW)
        return code in self.legal_actions()

    def why_illegal(self, code: int) -> str | None:
        """None if ``code`` is legal now, else the reason in plain English words."""
        found = self.illegal_reason(code)
        return None if found is None else REASONS[found[0]].format(**found[1])

    def illegal_reason(self, code: int) -> tuple[str, dict[str, str]] | None:
        """None if ``code`` is legal now, else a reason key of :data:`REASONS` and its
        arguments, so that a UI can word it in its own language."""
        if self.over:
            return "over", {}
        if self.is_legal(code):
            return None
        ts = self.geo.ts
        if not _well_formed(code, ts.count):
            return "not_an_action", {"code": str(code)}
        hand = self.hands[self.turn]
        fitting = self.playable_mask()
        if code in (DRAW, KNOCK) and fitting:
            return "must_play", {}
        if code == DRAW:
            return "boneyard_empty", {}
        if code == KNOCK:
            return "draw_first", {}
        tiles = pair_tiles(code) if is_pair(code) else (code >> 1,)
        for t in tiles:
            if not hand >> t & 1:
                return "not_in_hand", {"tile": ts.name(t)}
        if not self.placed:
            return "lead_must_be", {"tiles": self._lead_names()}
        if is_pair(code):
            return "pair_needs_doubles", {}
        t = tiles[0]
        ends = {"tile": ts.name(t), "left": str(self.left), "right": str(self.right)}
        if not (self.geo.fits[self.left] | self.geo.fits[self.right]) >> t & 1:
            return "fits_neither", ends
        return ("wrong_left" if code & 1 == 0 else "wrong_right"), ends

    def _lead_names(self) -> str:
        ts = self.geo.ts
        return " or ".join(ts.name(t) for t in bits(self.hands[self.turn] & self.lead_mask))

    # --- changes ------------------------------------------------------------------------------
    def apply(self, code: int) -> None:
        """Play, draw or knock for the player to move; IllegalActionError if not allowed."""
        if not self.is_legal(code):
            reason = self.why_illegal(code)
            name = (
                format_action(code, ts=self.geo.ts)
                if _well_formed(code, self.geo.ts.count)
                else code
            )
            raise IllegalActionError(f"illegal action {name}: {reason}")
        self.apply_unchecked(code)

    def apply_unchecked(self, code: int) -> None:
        """:meth:`apply` without the legality check, for search over known-legal moves."""
        seat = self.turn
        if code == DRAW:
            t = self.boneyard.pop()
            self.hands[seat] |= 1 << t
            self.drawn += 1
            self.history.append(Event(seat, DRAW, t, self.left, self.right, self.up, self.down))
            return
        if code == KNOCK:
            self.history.append(Event(seat, KNOCK, -1, self.left, self.right, self.up, self.down))
            self.knocks += 1
            if self.knocks >= len(self.seats):
                self.end_fish(-1)  # K4.3: a full cycle of knocks
            else:
                self.turn = self.nxt[seat]
                self.drawn = 0
            return
        if code >= PAIR_BASE:
            a, b = pair_tiles(code)
            self._lay(seat, a, 0, code)
            self._lay(seat, b, 1, code)
        else:
            self._lay(seat, code >> 1, code & 1, code)
        self.knocks = 0
        if not self.hands[seat]:
            self.over = True  # F5: going out beats a fish made by the same tile
            self.went_out = seat
        elif self.geo.dead(self.left, self.right, self.table):
            self.end_fish(seat)  # K4.2
        else:
            self.turn = self.nxt[seat]
            self.drawn = 0

    def _lay(self, seat: int, t: int, side: int, code: int) -> None:
        self.history.append(Event(seat, code, t, self.left, self.right))
        self.hands[seat] &= ~(1 << t)
        self.table |= 1 << t
        ts = self.geo.ts
        if not self.placed:
            self.left, self.right = ts.lo[t], ts.hi[t]
            side = -1
        elif side == 0:
            self.left = self.geo.after[self.left][t]
        else:
            self.right = self.geo.after[self.right][t]
        self.placed.append((t, side, seat))
        if not ts.is_double[t]:
            self.last_nondouble = seat

    def end_fish(self, layer: int) -> None:
        """Close the round as a fish; the fisher is the last non-double layer (K4.3, F6). A
        double never makes its player the fisher: when only doubles were laid (the lead alone,
        or 6-6 then 0-0 under ``match=sum6``) the fisher is the round's leader (F18).

        ``layer`` is the seat whose tile made the board dead (K4.2), or -1 when the round ends
        on a full cycle of knocks (K4.3): only a layer's fish hands the boneyard to the next
        seat (K4.4). Public because a fast playout (:mod:`.playout`, a bot author's own) keeps
        the board in local variables and must still end a fish exactly as :meth:`apply` does:
        store ``hands``, ``table``, the ends, ``placed``, ``turn``, ``knocks`` and
        ``last_nondouble`` first, then call this; the state is then over and scores as the
        engine's own fish."""
        self.over = self.fish = True
        self.fisher = self.last_nondouble if self.last_nondouble >= 0 else self.leader
        if layer >= 0 and self.takes_boneyard and len(self.boneyard) > self.reserve:
            taker = self.nxt[layer]  # K4.4 / F6
            taken = self.boneyard[self.reserve :]
            del self.boneyard[self.reserve :]
            for t in taken:
                self.taken |= 1 << t
            self.hands[taker] |= self.taken
            self.taker = taker

    # --- convenience --------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Everything that makes this state, hidden tiles included, as plain JSON-able data:
        two states are the same game position exactly when their snapshots are equal."""
        return {
            "hands": list(self.hands),
            "boneyard": list(self.boneyard),
            "placed": [list(p) for p in self.placed],
            "history": [list(e) for e in self.history],
            "table": self.table,
            "ends": [self.left, self.right],
            "turn": self.turn,
            "leader": self.leader,
            "lead_mask": self.lead_mask,
            "knocks": self.knocks,
            "drawn": self.drawn,
            "last_nondouble": self.last_nondouble,
            "over": self.over,
            "fish": self.fish,
            "went_out": self.went_out,
            "fisher": self.fisher,
            "taker": self.taker,
            "taken": self.taken,
        }

    def open_ends(self) -> tuple[int, ...]:
        """The numbers of the open ends, left, right, up, down; -1 where there is none."""
        return (self.left, self.right, self.up, self.down)

    def tile_counts(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self.hands)

    def chain(self) -> list[tuple[int, int]]:
        """The line left to right as oriented halves ``(a, b)``: ``b`` of one touches ``a`` of the
        next (equal, or summing to the top under ``sum6``)."""
        ts = self.geo.ts
        line: list[tuple[int, int]] = []
        left = right = -1
        for t, side, _seat in self.placed:
            if side == -1:
                line.append((ts.lo[t], ts.hi[t]))
                left, right = ts.lo[t], ts.hi[t]
            elif side == 0:
                new = self.geo.after[left][t]
                line.insert(0, (new, ts.pips[t] - new))
                left = new
            else:
                new = self.geo.after[right][t]
                line.append((ts.pips[t] - new, new))
                right = new
        return line


def _well_formed(code: int, count: int) -> bool:
    """Whether ``code`` names an action at all (a tile of this set, a draw, a knock)."""
    if code in (DRAW, KNOCK):
        return True
    if 0 <= code < PAIR_BASE:
        return code >> 1 < count
    if code >= PAIR_BASE:
        a, b = pair_tiles(code)
        return a < count and b < count and code - PAIR_BASE < 100 * 100
    return False
