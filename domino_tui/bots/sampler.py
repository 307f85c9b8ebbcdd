"""Guessing the hidden tiles: other hands and the boneyard order, consistent with one view.

Every guess respects the public counts (hand sizes, boneyard size) and the belief model's facts,
so search bots only ever imagine worlds the seat cannot rule out. Tiles no fact touches are dealt
by a plain shuffle; the few constrained ones go first, each to a random place that can still take
it. By default that place is weighted by the room left, which stays close to uniform with two
players but not with four, where many tiles are constrained at once: a tile that only two seats
can take goes to the one with more room even when the other seat's room is the only place left
for several other constrained tiles. With ``exact``, each place is weighted by the number of ways
to complete the whole deal from there (counted once per decision over the constrained tiles, the
rooms and the kept-draw slots, the free tiles by a multinomial), so every deal the belief model
allows is equally likely: the distribution rejection sampling gives, without its rejections
(``benchmarks/bots_diagnose.py``, part 1, measures both).
"""

from __future__ import annotations

import random
from math import factorial

from ..engine.round import RoundState
from ..engine.tiles import bits
from ..engine.view import SeatView
from .belief import Belief
from .opponent import CANDIDATES, PlayModel

BONEYARD = -1
RETRIES = 64


class SamplingError(RuntimeError):
    """No hidden deal fits the view: the view contradicts itself (an engine or caller bug)."""


class Sampler:
    """Draws hidden deals for one view; build once per decision, sample many times."""

    def __init__(
        self,
        view: SeatView,
        belief: Belief | None = None,
        model: PlayModel | None = None,
        candidates: int = CANDIDATES,
        exact: bool = False,
    ) -> None:
        self.view = view
        self.exact = exact
        self.model = model
        self.candidates = candidates
        self._seats = view.rules.players
        self.belief = belief or Belief(view)
        b = self.belief
        self.others = tuple(s for s in view.seats if s != view.seat and view.counts[s] > 0)
        self.room = {s: view.counts[s] for s in self.others}
        self.room[BONEYARD] = view.boneyard
        free, constrained = [], []
        # per constrained tile: [(place, epoch needed)], epoch 0 = no kept draw needed
        self.options: dict[int, list[tuple[int, int]]] = {}
        for t in bits(view.unseen):
            opts = [(BONEYARD, 0)] if view.boneyard else []
            touched = False
            for s in self.others:
                e = b.min_epoch(s, t)
                if e:
                    touched = True
                if e <= b.kept[s]:
                    opts.append((s, e))
            if touched:
                constrained.append(t)
                self.options[t] = opts
            else:
                free.append(t)
        self.free = free
        self.constrained = sorted(constrained, key=lambda t: len(self.options[t]))
        total = sum(self.room.values())
        if total != len(free) + len(constrained):
            raise SamplingError(f"{total} hidden places for {len(free) + len(constrained)} tiles")
        self._base: RoundState | None = None
        self._ways: _Ways | None = None

    # --- guesses ------------------------------------------------------------------------------
    def sample(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        """Hidden hands by seat and a boneyard order (drawn from the end)."""
        if self.exact:
            if self._ways is None:
                self._ways = _Ways(self)
            return self._finish(self._ways.draw(rng), rng)
        for _ in range(RETRIES):
            placed = self._try(rng)
            if placed is not None:
                return self._finish(placed, rng)
        placed = self._search()
        if placed is None:
            raise SamplingError("no hidden deal is consistent with this view")
        return self._finish(placed, rng)

    def state(self, rng: random.Random) -> RoundState:
        """A full round state for one guess, ready to play out (a fresh copy each call). With a
        play model, the guess is one of ``candidates`` drawn by the likelihood of the other
        seats' plays (:mod:`.opponent`)."""
        hands, boneyard = self.sample(rng)
        model = self.model
        if model is not None and model.plays and self.candidates > 1:
            total = model.weight(self._hands_list(hands))
            for _ in range(self.candidates - 1):  # reservoir draw by weight: one pass
                h, b = self.sample(rng)
                w = model.weight(self._hands_list(h))
                total += w
                if total > 0 and rng.random() * total < w:
                    hands, boneyard = h, b
        if self._base is None:
            self._base = self.view.determinize(hands, boneyard)
        s = self._base.copy()
        for seat, mask in hands.items():
            s.hands[seat] = mask
        s.boneyard = boneyard
        return s

    def _hands_list(self, hands: dict[int, int]) -> list[int]:
        out = [0] * self._seats
        for seat, mask in hands.items():
            out[seat] = mask
        return out

    def _try(self, rng: random.Random) -> dict[int, list[int]] | None:
        room = dict(self.room)
        out: dict[int, list[int]] = {p: [] for p in room}
        late = {s: [0] * (self.belief.kept[s] + 2) for s in self.others}
        order = self.constrained[:]
        # shuffle within equally constrained runs so ties are not always broken the same way
        rng.shuffle(order)
        order.sort(key=lambda t: len(self.options[t]))
        for t in order:
            choices = [(p, e) for p, e in self.options[t] if room[p] and self._fits(late, p, e)]
            if not choices:
                return None
            p, e = _weighted(choices, room, rng)
            room[p] -= 1
            out[p].append(t)
            if e:
                for k in range(1, e + 1):
                    late[p][k] += 1
        rest = self.free[:]
        rng.shuffle(rest)
        i = 0
        for p, n in room.items():
            out[p].extend(rest[i : i + n])
            i += n
        return out

    def _fits(self, late: dict[int, list[int]], place: int, epoch: int) -> bool:
        """Room in the kept-draw slots: tiles needing epoch ``e`` or later are at most
        ``kept - e + 1``."""
        if not epoch:
            return True
        k = self.belief.kept[place]
        counts = late[place]
        return all(counts[e] < k - e + 1 for e in range(1, epoch + 1))

    def _search(self) -> dict[int, list[int]] | None:
        """Exhaustive backtracking over the constrained tiles: the rare fallback that proves a
        deal exists when random tries keep failing."""
        room = dict(self.room)
        out: dict[int, list[int]] = {p: [] for p in room}
        late = {s: [0] * (self.belief.kept[s] + 2) for s in self.others}
        order = self.constrained

        def place(i: int) -> bool:
            if i == len(order):
                return sum(room.values()) == len(self.free)
            t = order[i]
            for p, e in self.options[t]:
                if not room[p] or not self._fits(late, p, e):
                    continue
                room[p] -= 1
                out[p].append(t)
                for k in range(1, e + 1):
                    late[p][k] += 1
                if place(i + 1):
                    return True
                room[p] += 1
                out[p].pop()
                for k in range(1, e + 1):
                    late[p][k] -= 1
            return False

        if not place(0):
            return None
        rest = iter(self.free)
        for p, n in room.items():
            out[p].extend(next(rest) for _ in range(n))
        return out

    def _finish(
        self, placed: dict[int, list[int]], rng: random.Random
    ) -> tuple[dict[int, int], list[int]]:
        hands = {}
        for s in self.others:
            mask = 0
            for t in placed[s]:
                mask |= 1 << t
            hands[s] = mask
        boneyard = placed[BONEYARD]
        rng.shuffle(boneyard)
        return hands, boneyard


def _weighted(
    choices: list[tuple[int, int]], room: dict[int, int], rng: random.Random
) -> tuple[int, int]:
    """One of ``choices`` with chance proportional to the room left at its place."""
    pick = rng.random() * sum(room[p] for p, _ in choices)
    for choice in choices:
        pick -= room[choice[0]]
        if pick < 0:
            return choice
    return choices[-1]


class _Ways:
    """The number of ways to complete a deal, by the constrained tiles still to place, the room
    left at each place and the kept-draw slots used; counted lazily and kept for the decision,
    so that drawing a deal exactly uniformly costs one pass over the constrained tiles."""

    def __init__(self, sampler: Sampler) -> None:
        self.sampler = sampler
        self.places = list(sampler.room)
        index = {p: i for i, p in enumerate(self.places)}
        self.order = sampler.constrained
        self.options = [[(index[p], e) for p, e in sampler.options[t]] for t in self.order]
        kept = sampler.belief.kept
        self.kept = [kept[p] if p != BONEYARD else 0 for p in self.places]
        self.free = len(sampler.free)
        self.memo: dict[tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]], int] = {}
        self.room = tuple(sampler.room[p] for p in self.places)
        self.late = tuple((0,) * (k + 2) for k in self.kept)
        if not self.count(0, self.room, self.late):
            raise SamplingError("no hidden deal is consistent with this view")

    def _moves(
        self, i: int, room: tuple[int, ...], late: tuple[tuple[int, ...], ...]
    ) -> list[tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]]:
        """Where the ``i``-th constrained tile may go: (place index, room and slots after)."""
        out = []
        for p, e in self.options[i]:
            if not room[p]:
                continue
            slots = late[p]
            k = self.kept[p]
            if e and not all(slots[j] < k - j + 1 for j in range(1, e + 1)):
                continue
            after = (*room[:p], room[p] - 1, *room[p + 1 :])
            if e:
                grown = tuple(c + 1 if 1 <= j <= e else c for j, c in enumerate(slots))
                out.append((p, after, (*late[:p], grown, *late[p + 1 :])))
            else:
                out.append((p, after, late))
        return out

    def count(self, i: int, room: tuple[int, ...], late: tuple[tuple[int, ...], ...]) -> int:
        key = (i, room, late)
        got = self.memo.get(key)
        if got is not None:
            return got
        if i == len(self.order):
            ways = factorial(self.free)
            for r in room:
                ways //= factorial(r)
        else:
            ways = sum(self.count(i + 1, r, lt) for _p, r, lt in self._moves(i, room, late))
        self.memo[key] = ways
        return ways

    def draw(self, rng: random.Random) -> dict[int, list[int]]:
        room, late = self.room, self.late
        out: dict[int, list[int]] = {p: [] for p in self.places}
        for i, t in enumerate(self.order):
            moves = [(m, self.count(i + 1, m[1], m[2])) for m in self._moves(i, room, late)]
            pick = rng.random() * self.count(i, room, late)
            chosen = moves[-1][0]
            for move, ways in moves:
                if ways:  # never a branch that cannot be completed (a float's rounding)
                    chosen = move
                    pick -= ways
                    if pick < 0:
                        break
            p, room, late = chosen
            out[self.places[p]].append(t)
        rest = self.sampler.free[:]
        rng.shuffle(rest)
        start = 0
        for p, n in zip(self.places, room, strict=True):
            out[p].extend(rest[start : start + n])
            start += n
        return out
