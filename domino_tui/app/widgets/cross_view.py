"""The cross games' board as the table draws it: the lead, four arms and the open ends.

A :class:`~domino_tui.engine.cross.CrossState` keeps the moves in the order they were made;
the board wants each arm from the middle outwards, with each tile's halves oriented (the half
touching the tile before it first), which double is the spinner, which tiles lie face down and
which end numbers are open. :func:`cross_view` reads that once per redraw; the widget that
lays it out (:mod:`.cross_board`) never asks the engine anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.actions import DOWN, LEFT, RIGHT, UP
from ...engine.cross import CLOSED, CrossState
from ...words.cross import arm_tiles


@dataclass(frozen=True)
class ArmTile:
    """One tile of an arm: ``inner`` touches the tile before it (towards the middle)."""

    tile: int
    inner: int
    outer: int
    closed: bool = False  # a double laid face down (G6): its end is gone for good

    @property
    def double(self) -> bool:
        return self.inner == self.outer


@dataclass(frozen=True)
class CrossView:
    """Everything the cross board draws.

    ``arms`` are left, right, up, down, each from the middle outwards: the left and right arms
    start at the lead, the up and down arms at the spinner (they exist only once the spinner's
    two line sides are covered, G2). ``spinner_at`` says where the spinner lies on the line:
    ``(-1, 0)`` the lead itself, ``(LEFT, i)`` / ``(RIGHT, i)`` the i-th tile of that arm, or
    None while there is no spinner. ``last`` lists the tiles of the last move as (arm, index)
    pairs, arm -1 being the lead. ``order`` lists every tile as (arm, index) in the order it
    was laid (the lead first), so the board can lay each tile against those before it only.
    """

    lead: ArmTile
    arms: tuple[tuple[ArmTile, ...], ...]
    spinner: int
    spinner_at: tuple[int, int] | None
    ends: tuple[int, int, int, int]  # the open ends' numbers (left, right, up, down); -1: none
    closed: tuple[bool, bool, bool, bool]  # the end was closed by a face-down double
    cross_open: bool  # the spinner's up and down sides are open (or covered)
    last: tuple[tuple[int, int], ...] = ()
    order: tuple[tuple[int, int], ...] = ()

    def end_tile(self, end: int) -> tuple[int, int]:
        """Where the tile at ``end``'s tip lies, as (arm, index); the lead is (-1, 0); for an
        arm still empty, up and down start at the spinner."""
        arm = self.arms[end]
        if arm:
            return end, len(arm) - 1
        if end in (UP, DOWN) and self.spinner_at is not None:
            return self.spinner_at
        return -1, 0


def cross_view(state: CrossState) -> CrossView | None:
    """The board of a cross round, or None before the lead."""
    if not state.placed:
        return None
    ts = state.geo.ts
    lead = state.placed[0][0]
    arms: list[tuple[ArmTile, ...]] = []
    closed: list[bool] = []
    spin = ts.lo[state.spinner] if state.spinner >= 0 else -1
    starts = (ts.lo[lead], ts.hi[lead], spin, spin)
    for end in (LEFT, RIGHT, UP, DOWN):
        tiles, shut = arm_tiles(state, end, starts[end]) if starts[end] >= 0 else ([], False)
        flags = [bool(w & CLOSED) for t, w, _ in state.placed if w >= 0 and w & 3 == end]
        arms.append(
            tuple(
                ArmTile(t, inner, outer, flag)
                for (t, inner, outer), flag in zip(tiles, flags, strict=True)
            )
        )
        closed.append(shut)
    spinner_at: tuple[int, int] | None = None
    if state.spinner >= 0:
        if state.spinner == lead:
            spinner_at = (-1, 0)
        for end in (LEFT, RIGHT):
            for i, tile in enumerate(arms[end]):
                if tile.tile == state.spinner:
                    spinner_at = (end, i)
    return CrossView(
        lead=ArmTile(lead, ts.lo[lead], ts.hi[lead]),
        arms=tuple(arms),
        spinner=state.spinner,
        spinner_at=spinner_at,
        ends=(state.left, state.right, state.up, state.down),
        closed=(closed[0], closed[1], closed[2], closed[3]),
        cross_open=state.spinner >= 0 and state.spin_cov >= 2,
        last=_last_move(state, arms),
        order=_order(state),
    )


def _order(state: CrossState) -> tuple[tuple[int, int], ...]:
    """(arm, index) of every placed tile in the order it was laid; the lead is (-1, 0)."""
    laid = [0, 0, 0, 0]
    out = []
    for _t, where, _seat in state.placed:
        if where < 0:
            out.append((-1, 0))
            continue
        arm = where & 3
        out.append((arm, laid[arm]))
        laid[arm] += 1
    return tuple(out)


def _last_move(state: CrossState, arms: list[tuple[ArmTile, ...]]) -> tuple[tuple[int, int], ...]:
    """The tiles the last move laid (several doubles laid together are one move), also after
    draws and knocks that followed it, as the Козёл line marks its last tile."""
    placing = [e for e in state.history if e.code >= 0]
    if not placing:
        return ()
    code = placing[-1].code
    laid = set()
    for event in reversed(placing):
        if event.code != code:
            break
        laid.add(event.tile)
    if state.placed[0][0] in laid:
        return ((-1, 0),)
    return tuple(
        (end, i) for end, arm in enumerate(arms) for i, tile in enumerate(arm) if tile.tile in laid
    )
