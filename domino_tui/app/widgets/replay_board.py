"""What the replay viewer steps through: one frame per moment of a finished match, and the
panel that shows every hand face up.

The frames are built once, by applying the match's own actions to its own deals, so stepping is
a list index and never a replay. A round is seen three ways: its deal before the first action,
one frame after each action, and the finished round (hands revealed, the score written) after
the action that ended it. The deal of the next round is a frame of its own at the same step.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from rich.console import RenderableType
from rich.style import Style
from textual.geometry import Size
from textual.widget import Widget

from ...engine.match import Match, RoundResult
from ...engine.round import Event, RoundState
from ...engine.scoring import Standing
from ...engine.tiles import bits, tile_set
from .tiles import GAP, Canvas, draw_tile, flow, tile_size

FrameKind = Literal["deal", "action", "end", "left"]


@dataclass(frozen=True)
class Frame:
    """The table at one moment: the round's state and the score sheet as they were then."""

    step: int  # actions applied since the start of the match
    number: int  # 1-based number of the round on the table
    kind: FrameKind
    state: RoundState  # never mutated after the frame is made
    events: tuple[Event, ...]  # what the step's action did (two events for a double pair)
    results: int  # how many rounds were scored by then (a prefix of ``match.results``)
    standings: tuple[Standing, ...]
    carry: int
    result: RoundResult | None = None  # the round just finished (kind "end")

    @property
    def lead(self) -> bool:
        """Whether this frame's action laid the first tile of its round."""
        return bool(self.events) and len(self.state.history) == len(self.events)


def build_frames(match: Match) -> list[Frame]:
    """Every moment of ``match`` (finished or abandoned), replayed from its own deals."""
    again = Match(match.rules, match.seed, deals=iter(match.deals) if match.scripted else None)
    step = 0

    def snapshot(kind: FrameKind, state: RoundState, events: tuple[Event, ...] = ()) -> Frame:
        return Frame(
            step=step,
            number=again.number if kind != "end" else len(again.results),
            kind=kind,
            state=state,
            events=events,
            results=len(again.results),
            standings=again.standings,
            carry=again.carry,
            result=again.results[-1] if kind == "end" else None,
        )

    frames = [snapshot("deal", again.round.copy())]
    for codes in match.actions:
        for code in codes:
            state = again.round
            before = len(state.history)
            finished = again.apply(code)
            step += 1
            events = tuple(state.history[before:])
            if finished is None:
                frames.append(snapshot("action", state.copy(), events))
                continue
            frames.append(snapshot("end", state, events))  # the match dealt a new state
            if not again.over:
                frames.append(snapshot("deal", again.round.copy()))
    if match.outcome is not None and match.outcome.abandoned_by >= 0:
        frames.append(replace(frames[-1], kind="left", events=(), result=None))
    return frames


def most_held(frames: list[Frame]) -> dict[int, tuple[int, ...]]:
    """For each round (by number), the most tiles each seat held at any of its frames."""
    most: dict[int, tuple[int, ...]] = {}
    for f in frames:
        now = tuple(hand.bit_count() for hand in f.state.hands)
        before = most.get(f.number, now)
        most[f.number] = tuple(max(a, b) for a, b in zip(before, now, strict=True))
    return most


def round_starts(frames: list[Frame]) -> list[int]:
    """Indexes of the frames where a round begins (its deal): the PgUp/PgDn stops."""
    return [i for i, f in enumerate(frames) if f.kind == "deal"]


# --- the hands panel --------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatHand:
    name: str
    detail: str  # bot level, shown when there is room
    tiles: int  # bit mask
    note: str  # tile count, or the points at the end of a round
    short: str  # the note in a few characters, for one row per seat
    turn: bool  # the seat to move
    acted: bool  # the seat whose action this frame shows
    new: int = 0  # tiles just drawn (bit mask)
    best: int = 0  # the review's best move (bit mask): drawn in reverse, not by colour alone


STYLE_NAMES = ("frame", "face", "name", "turn", "acted", "note", "new", "best")
LABEL_MAX = 16
TALL = 34  # from this terminal height the hands are framed digits, below one row per tile


class AllHands(Widget):
    """Every seat's hand face up, one block of rows per seat with its name on the left."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hands--{n}" for n in STYLE_NAMES}
    DEFAULT_CSS = """
    AllHands { height: auto; }
    AllHands > .hands--frame { color: $text-muted; }
    AllHands > .hands--face { color: $text; text-style: bold; }
    AllHands > .hands--name { color: $text; }
    AllHands > .hands--turn { color: $accent; text-style: bold; }
    AllHands > .hands--acted { color: $warning; text-style: bold; }
    AllHands > .hands--note { color: $text-muted; }
    AllHands > .hands--new { color: $success; text-style: bold; }
    AllHands > .hands--best { color: $success; text-style: bold reverse; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seats: tuple[SeatHand, ...] = ()
        self.top = 6
        self.room: tuple[int, ...] = ()  # the most tiles each seat holds this round

    def show(self, seats: tuple[SeatHand, ...], top: int = 6, room: tuple[int, ...] = ()) -> None:
        """``room``: the most tiles each seat holds in the round; the panel is as tall as they
        need at every step, so the board above it keeps its size (and its tiles their cells)
        through the round however the hands grow and shrink."""
        if (seats, top, room) != (self.seats, self.top, self.room):
            relayout = self.held(seats, room) != self.held(self.seats, self.room)
            self.seats, self.top, self.room = seats, top, room
            self.refresh(layout=relayout)

    @staticmethod
    def held(seats: tuple[SeatHand, ...], room: tuple[int, ...]) -> list[int]:
        """How many tiles each seat's block makes room for."""
        return [max(s.tiles.bit_count(), *room[i : i + 1]) for i, s in enumerate(seats)]

    def mode(self) -> str:
        return "digits" if self.app.size.height >= TALL else "line"

    def label_width(self) -> int:
        longest = max((len(s.name) + len(s.detail) + 3 for s in self.seats), default=4)
        return min(LABEL_MAX, max(10, longest + 3))

    def _blocks(self, width: int) -> list[tuple[SeatHand, list[tuple[int, int]], int]]:
        """Each seat with its tiles as halves and the rows its block takes."""
        ts = tile_set(self.top)
        mode = self.mode()
        tile_w, tile_h = tile_size(mode, False)
        per_row = max(1, (width - self.label_width() + GAP) // (tile_w + GAP))
        blocks = []
        for seat, held in zip(self.seats, self.held(self.seats, self.room), strict=True):
            halves = [(ts.lo[t], ts.hi[t]) for t in bits(seat.tiles)]
            rows = max(1, -(-held // per_row)) * tile_h
            blocks.append((seat, halves, max(rows, 2 if mode != "line" else 1)))
        return blocks

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return sum(rows for _, _, rows in self._blocks(width)) or 1

    def render(self) -> RenderableType:
        width, height = self.content_size
        mode = self.mode()
        label_w = self.label_width()
        blocks = self._blocks(width)
        canvas = Canvas(width, max(height, sum(rows for _, _, rows in blocks)))
        y = 0
        for seat, halves, rows in blocks:
            style = "turn" if seat.turn else "acted" if seat.acted else "name"
            mark = "▶ " if seat.turn else "  "
            if rows == 1:  # one row per seat: a short note after the name
                name = _fit(mark + seat.name, label_w - 2 - len(seat.short))
                canvas.put(0, y, name, style)
                canvas.put(len(name) + 1, y, seat.short, "note")
            else:
                detail = f" · {seat.detail}" if seat.detail else ""
                canvas.put(0, y, _fit(mark + seat.name + detail, label_w - 1), style)
                canvas.put(2, y + 1, _fit(seat.note, label_w - 3), "note")
            tiles = list(bits(seat.tiles))
            for p in flow(halves, width - label_w, mode):
                tile = tiles[p.index]
                look = (
                    "best" if seat.best >> tile & 1 else "new" if seat.new >> tile & 1 else "face"
                )
                frame = "frame" if look == "face" else look
                draw_tile(canvas, label_w + p.x, y + p.y, p.a, p.b, mode, False, frame, (look,) * 2)
            y += rows
        styles: dict[str, Style] = {
            n: self.get_component_rich_style(f"hands--{n}") for n in STYLE_NAMES
        }
        return canvas.to_text(styles)


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def chain_last(state: RoundState) -> int:
    """Index in ``state.chain()`` of the tile laid last (a left-end play is index 0)."""
    if not state.placed:
        return -1
    return 0 if state.placed[-1][1] == 0 else len(state.placed) - 1
