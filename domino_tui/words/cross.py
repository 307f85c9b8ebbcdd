"""The cross games in the transcript (docs/variants G1-G10): each action replayed on the board, and
the board drawn as text.

A :class:`~domino_tui.engine.match.Match` keeps each round's deal and actions; replaying them on
the variant's own board (:meth:`Variant.start`) gives the open ends after every action, the
points a play scored (Телефон, Маггинс) and the final board. Nothing here asks which variant is
played: a round whose board is a :class:`CrossState` is a cross round.

The picture puts the line across (the lead in it, left arm to the left, right arm to the right)
and the spinner's cross arms up and down in the spinner's column; every open end shows its
number at the tip of its arrow (``←3``, ``6→``, ``↑5``, ``↓0``) and a closed end shows ``×``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import DOWN, DRAW, LEFT, RIGHT, UP, placements
from ..engine.cross import CLOSED, CrossState, end_count
from ..engine.match import Match
from .marks import ARROWS, CLOSED_MARK

WIDE = 78  # wider than this (an 80-column terminal), the arms are listed instead of drawn
PER_LINE = 12  # tiles per line of a listed arm


@dataclass(frozen=True)
class CrossStep:
    """One action of a cross round and the board after it."""

    seat: int
    code: int
    tile: int  # the tile drawn by a draw, else -1
    ends: tuple[int, ...]  # left, right, up, down after the action; -1 = not open
    closed: int  # bit per end: closed by a face-down double (G6)
    points: int  # points this play scored during play (V3.8.2), 0 if none
    count: int  # the open ends' count after the play (what scored), 0 if nothing scored


def replay_cross(
    match: Match, index: int, seats: tuple[int, ...]
) -> tuple[list[CrossStep], CrossState] | None:
    """Round ``index`` (0-based) of ``match`` replayed on its board; None for a two-ended line."""
    if index >= len(match.deals) or index >= len(match.actions):
        return None
    d = match.deals[index]
    leader = match.results[index].leader if index < len(match.results) else match.round.leader
    hands = list(d.hands)
    state = match.variant.start(match.rules, hands, list(d.boneyard), leader, hands[leader], seats)
    if not isinstance(state, CrossState):
        return None
    four = _cross_four(match)
    steps: list[CrossStep] = []
    closed = 0
    for code in match.actions[index]:
        seat = state.turn
        before = state.scored[seat]
        drawn = state.boneyard[-1] if code == DRAW and state.boneyard else -1
        state.apply_unchecked(code)
        for p in placements(code):
            if p.closed:
                closed |= 1 << p.end
        points = state.scored[seat] - before
        count = end_count(state, four) if points else 0
        steps.append(CrossStep(seat, code, drawn, state.open_ends(), closed, points, count))
    return steps, state


def _cross_four(match: Match) -> bool:
    """Whether the variant counts an uncovered cross side (Маггинс, V3.8.1)."""
    options = match.variant.options
    return "cross" in options and match.rules.opt("cross") == "four"


def ends_text(ends: tuple[int, ...], closed: int) -> str:
    """The open ends after a move: ``←3 →6 ↑5 ↓5``; a closed end ``←×``; ends not open yet
    are left out."""
    out = []
    for e, value in enumerate(ends):
        if closed >> e & 1:
            out.append(ARROWS[e] + CLOSED_MARK)
        elif value >= 0:
            out.append(f"{ARROWS[e]}{value}")
    return " ".join(out)


# --- the picture ------------------------------------------------------------------------------
def arm_tiles(state: CrossState, end: int, start: int) -> tuple[list[tuple[int, int, int]], bool]:
    """The tiles laid on ``end`` from the value ``start`` outwards, as (tile, inner, outer)
    halves, and whether the arm ends closed."""
    ts, after = state.geo.ts, state.geo.after
    value, out, closed = start, [], False
    for t, where, _seat in state.placed:
        if where < 0 or where & 3 != end:
            continue
        outer = after[value][t] if value >= 0 else ts.hi[t]
        inner = ts.lo[t] + ts.hi[t] - outer
        out.append((t, inner, outer))
        value = outer
        if where & CLOSED:
            closed = True
    return out, closed


def _tile(a: int, b: int) -> str:
    return f"[{a}|{b}]"


def _spinner_tile(a: int) -> str:
    return f"{{{a}|{a}}}"  # the spinner: braces instead of brackets


def cross_picture(state: CrossState) -> list[str]:
    """The board as lines of text: the line across with the spinner (``{5|5}``) in it, the
    cross arms above and below the spinner, every open end's number at its arrow."""
    if not state.placed:
        return []
    ts = state.geo.ts
    lead = state.placed[0][0]
    spinner = state.spinner
    left, left_closed = arm_tiles(state, LEFT, ts.lo[lead])
    right, right_closed = arm_tiles(state, RIGHT, ts.hi[lead])

    def token(t: int, a: int, b: int) -> str:
        return _spinner_tile(a) if t == spinner else _tile(a, b)

    # the line, left to right: the left arm outermost first (outer half on the left)
    cells = [token(t, outer, inner) for t, inner, outer in reversed(left)]
    cells.append(token(lead, ts.lo[lead], ts.hi[lead]))
    cells += [token(t, inner, outer) for t, inner, outer in right]
    head = _tip(LEFT, state.left, left_closed)
    tail = _tip(RIGHT, state.right, right_closed)
    head = head + " " if head else ""
    tail = " " + tail if tail else ""
    row = head + "".join(cells) + tail
    lines = [row]
    if spinner < 0 or state.spin_cov < 2:
        return lines if len(row) <= WIDE else _listed(state, lines)
    # the spinner's column in the row
    order = [t for t, _, _ in reversed(left)] + [lead] + [t for t, _, _ in right]
    column = len(head) + sum(len(c) for c in cells[: order.index(spinner)])
    width = len(cells[order.index(spinner)])
    number = ts.lo[spinner]
    up, up_closed = arm_tiles(state, UP, number)
    down, down_closed = arm_tiles(state, DOWN, number)
    pad = " " * column

    def centred(text: str) -> str:
        return pad + text.center(width).rstrip()

    above = [centred(_tip(UP, state.up, up_closed))]
    above += [centred(_tile(outer, inner)) for _, inner, outer in reversed(up)]
    below = [centred(_tile(inner, outer)) for _, inner, outer in down]
    below.append(centred(_tip(DOWN, state.down, down_closed)))
    lines = [*above, row, *below]
    if len(row) > WIDE:
        return _listed(state, [row])
    return [line for line in lines if line.strip()]


def _tip(end: int, value: int, closed: bool) -> str:
    if closed:
        return CLOSED_MARK
    if value < 0:
        return ""
    return f"{value}{ARROWS[end]}" if end == RIGHT else f"{ARROWS[end]}{value}"


def _listed(state: CrossState, _lines: list[str]) -> list[str]:
    """A board too wide to draw: the lead, then each arm from the lead (the spinner, for up
    and down) outwards, a dozen tiles a line, its open end's number (or ``×``) last."""
    ts = state.geo.ts
    lead = state.placed[0][0]
    spinner = state.spinner
    spin = ts.lo[spinner] if spinner >= 0 else -1
    out = [_spinner_tile(spin) if lead == spinner else _tile(ts.lo[lead], ts.hi[lead])]
    starts = {LEFT: ts.lo[lead], RIGHT: ts.hi[lead], UP: spin, DOWN: spin}
    values = state.open_ends()
    for end in (LEFT, RIGHT, UP, DOWN):
        tiles, closed = arm_tiles(state, end, starts[end])
        tip = CLOSED_MARK if closed else str(values[end]) if values[end] >= 0 else ""
        if not tiles and not tip:
            continue
        cells = [_spinner_tile(a) if t == spinner else _tile(a, b) for t, a, b in tiles]
        cells.append((" " if cells else "") + tip)
        for k in range(0, len(cells), PER_LINE):
            lead_in = f"  {ARROWS[end]} " if k == 0 else "    "
            out.append(lead_in + "".join(cells[k : k + PER_LINE]).rstrip())
    return out
