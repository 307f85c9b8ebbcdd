"""The replay viewer: a finished match step by step, every hand face up, the score sheet as it
stood at that moment; and the list of kept records it is opened from.

``domino replay`` opens the ordinary app (:func:`replay_app`) with the viewer on top of the start
screen, so Escape leads to the menu like everywhere else.

Every variant is shown: a cross round (осёл, телефон, чечевэ …) as its board with the four arms
(:func:`~..widgets.cross_view.cross_view` of the frame's state), and the side sheet is the
table's own for the variant, as it stood at that step.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import islice
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.actions import DRAW
from ...engine.cross import CrossState
from ...engine.match import Match
from ...engine.record import RecordError
from ...engine.round import RoundState
from ...engine.tiles import tile_set
from ...play.session import GameSession, Seat
from ...storage.archive import LoadedRecord, RecordInfo, list_records, load_record
from ...storage.paths import records_dir
from ...text import clean
from ...words.cross import ends_text
from ...words.events import event_line, result_headline
from ...words.strings import level_name, short_preset, t, unreadable
from ..app import DominoApp
from ..widgets.board import lead_index, played_sides, worst_line
from ..widgets.chain import Chain, ChainState
from ..widgets.cross_view import CrossView, cross_view
from ..widgets.replay_board import (
    AllHands,
    Frame,
    SeatHand,
    build_frames,
    chain_last,
    most_held,
    round_starts,
)
from ..widgets.review_panel import ReviewPanel
from ..widgets.scores import ScoreSheet, sheet_parts
from .base import DominoScreen
from .replay_review import ReviewedReplay


def names_session(loaded: LoadedRecord) -> GameSession:
    """A session around the recorded match, used only to name seats and sides in words; every
    seat is seated as a human so that no bot is built (a record may name unknown levels)."""
    seats = tuple(Seat(seat.name) for seat in loaded.seats)
    match = loaded.match
    return GameSession(match.rules, seats, match.seed, loaded.record.get("preset") or "", match)


def caption(frame: Frame, session: GameSession, lang: str, final: bool) -> str:
    """The frame's action in words: the deal, the move, how a round ended, how the match ended."""
    state, name = frame.state, session.name
    if frame.kind == "deal":
        words = [t("replay_deal", lang, n=frame.number, name=name(state.leader))]
        redeals = session.match.deals[frame.number - 1].redeals
        if redeals:
            words.append(t("replay_redeals", lang, n=redeals))
        return " ".join(words)
    if frame.kind == "left":
        outcome = session.match.outcome
        seat = outcome.abandoned_by if outcome else 0
        return t("replay_left", lang, name=name(seat)) + " " + _ratings(session, lang)
    first = frame.lead
    words = [
        event_line(session, event, first and i == 0, event.seat, lang)
        for i, event in enumerate(frame.events)
    ]
    if frame.result is not None:
        words += result_headline(session, frame.result, lang)[1:]
        if final:
            words.append(_match_end(session, lang))
    return " · ".join(words)


def match_at(match: Match, step: int) -> Match:
    """``match`` as it stood after its first ``step`` actions (replayed from its seed, or from
    its own deals when they were dealt by hand)."""
    again = Match(match.rules, match.seed, deals=iter(match.deals) if match.scripted else None)
    again.with_undo = match.with_undo
    again.stand_ins = match.stand_ins
    for code in islice((c for moves in match.actions for c in moves), step):
        again.apply(code)
    return again


def board_title(state: RoundState, cross: CrossView | None, lang: str) -> str:
    """The board's border: the open ends' numbers (a cross names all four as the transcript
    does, ``←3 →6 ↑5 ↓×``); nothing before the lead."""
    if not state.placed:
        return ""
    if cross is None:
        return t("ends", lang, left=state.left, right=state.right)
    shut = sum(1 << end for end, closed in enumerate(cross.closed) if closed)
    return ends_text(cross.ends, shut)


def _ratings(session: GameSession, lang: str) -> str:
    outcome = session.match.outcome
    if outcome is None:
        return ""
    sides = range(session.rules.sides)
    parts = ", ".join(f"{session.side_name(s)} {outcome.ratings[s]}" for s in sides)
    ratings = t("replay_ratings", lang, ratings=parts)
    if session.stand_ins:  # the statistics keep such a match out of the rating: say so here
        ratings += " " + t("replay_stand_ins", lang)
    return ratings


def _match_end(session: GameSession, lang: str) -> str:
    outcome = session.match.outcome
    if outcome is None:
        return ""
    goats = ", ".join(session.side_name(s) for s in outcome.goats)
    winners = ", ".join(session.side_name(s) for s in outcome.winners)
    if goats:
        words = t("goat_is" if len(outcome.goats) == 1 else "goats_are", lang, names=goats)
    elif winners:
        words = t("winner_is", lang, names=winners)
    else:
        words = t("no_goat", lang)
    return f"{words} {_ratings(session, lang)}"


class ReplayScreen(ReviewedReplay):
    """Steps through :func:`build_frames`; all state comes from the frames, nothing replays;
    R reviews the match beside the board (:class:`ReviewedReplay`)."""

    KEYS = (
        ("left", "step(-1)", "replay_prev"),
        ("right", "step(1)", "replay_next"),
        ("pageup", "round(-1)", "rv.key_rounds"),  # one entry for both: "pgup/pgdn Round"
        ("pagedown", "round(1)", ""),
        ("home", "jump(0)", ""),  # Home / End work unseen: the review's keys need the room
        ("end", "jump(-1)", ""),
        ("r", "review", "rv.key_review"),
        ("n,right_square_bracket", "loss(1)", "rv.key_losses"),  # "n/p Losses", 80 columns
        ("p,left_square_bracket", "loss(-1)", ""),
        ("escape,q", "close", "replay_close"),  # not "Back": ← is the step back
    )
    KEY_SHOWN: ClassVar[dict[str, str]] = {"pageup": "pgup/pgdn", "n": "n/p"}
    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #caption {
        height: auto; max-height: 3; padding: 0 1; background: $boost; text-style: bold;
    }
    ReplayScreen #replay-middle { height: 1fr; }
    ReplayScreen #chain {
        width: 1fr; border: round $primary; border-title-align: center;
        border-title-color: $warning; border-title-style: bold;
    }
    ReplayScreen #scores { width: 30; }
    ReplayScreen.-wide #scores { width: 44; }
    ReplayScreen.-wide ReviewPanel { width: 48; }
    ReplayScreen #hands { border: round $panel-lighten-2; border-title-align: left; }
    ReplayScreen #counter { height: 1; padding: 0 1; color: $warning; text-style: bold; }
    """
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012

    def __init__(
        self, loaded: LoadedRecord, *, standalone: bool = False, review: bool = False
    ) -> None:
        super().__init__()
        self.review_at_once = review  # opened from the game end's Review
        self.loaded = loaded
        self.standalone = standalone  # `domino replay` from the shell: closing ends the program
        self.session = names_session(loaded)
        self.frames = build_frames(loaded.match)
        self.starts = round_starts(self.frames)
        self.most = most_held(self.frames)
        self.index = 0
        self.sheets: dict[tuple[int, bool, str], tuple[Table, str]] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="caption")
        with Horizontal(id="replay-middle"):
            yield Chain(id="chain")
            yield ScoreSheet(id="scores")
            yield ReviewPanel(id="review")
        yield AllHands(id="hands")
        yield Static(id="counter")
        yield Footer(compact=True)  # seven keys fit 80 columns in Russian too

    def on_mount(self) -> None:  # DominoScreen.on_mount runs too (Textual calls every base's)
        self.place_panel()
        if self.review_at_once:
            self.start_review()
        self.show_frame()

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    # --- keys ------------------------------------------------------------------------------
    def go(self, index: int) -> None:
        index = max(0, min(len(self.frames) - 1, index))
        if index != self.index:
            self.index = index
            self.show_frame()

    def action_step(self, delta: int) -> None:
        self.go(self.index + delta)

    def action_jump(self, index: int) -> None:
        self.go(index if index >= 0 else len(self.frames) - 1)

    def action_round(self, direction: int) -> None:
        """PgDn: the next round's deal (or the end); PgUp: this round's deal, or the one before
        when already standing on a deal."""
        if direction > 0:
            later = bisect_right(self.starts, self.index)
            self.go(self.starts[later] if later < len(self.starts) else len(self.frames) - 1)
        else:
            earlier = bisect_left(self.starts, self.index) - 1
            self.go(self.starts[earlier] if earlier >= 0 else 0)

    def action_close(self) -> None:
        """q/Esc: back to the list of replays, or to the shell for `domino replay`."""
        if self.standalone:
            self.app.exit()
            return
        self.dismiss(None)

    # --- drawing ---------------------------------------------------------------------------
    def show_frame(self) -> None:
        frame, lang, session = self.frame, self.lang, self.session
        rules, state = session.rules, frame.state
        final = self.index == len(self.frames) - 1
        # names come from a file: Text, so that nothing in them is read as markup
        self.query_one("#caption", Static).update(Text(caption(frame, session, lang, final)))
        chain = self.query_one(Chain)
        cross = cross_view(state) if isinstance(state, CrossState) else None
        chain.border_title = board_title(state, cross, lang)
        laid = cross is None and bool(state.placed)  # a cross is laid afresh at every step
        ts = tile_set(rules.set_top)
        chain.show(
            ChainState(
                line=tuple(state.chain()) if cross is None else (),
                last=chain_last(state) if cross is None else -1,
                # the table's board, laid as the table laid it move by move (issue 22 part 5)
                lead=lead_index(state.placed) if laid else -1,
                worst=worst_line(ts.count, len(state.seats), rules.boneyard_reserve) if laid else 0,
                round_id=frame.number,
                sides=played_sides(state.placed) if laid else None,
                cross=cross,
                style=self.domino.settings.tile_style,
                empty_text=t("no_tiles_yet", lang, name=session.name(state.leader)),
                top=rules.set_top,
                choosing=self.best_end(),  # the review's best move, as the table marks an end
            )
        )
        self.query_one(ScoreSheet).show(*self.sheet(final))
        self.query_one(AllHands).show(self.seat_hands(), rules.set_top, self.most[frame.number])
        self.query_one("#counter", Static).update(Text(self.counter_text()))
        self.show_review()

    def sheet(self, final: bool) -> tuple[Table, str]:
        """The table's own side sheet (each variant's, :func:`sheet_parts`) as it stood at this
        frame: the match replayed up to the frame's step, once per step and language."""
        step, lang = self.frame.step, self.lang
        key = (step, final, lang)
        if key not in self.sheets:
            s = self.session
            match = s.match if final else match_at(s.match, step)
            then = GameSession(s.rules, s.seats, s.seed, s.preset, match)
            self.sheets[key] = sheet_parts(then, lang)
        return self.sheets[key]

    def seat_hands(self) -> tuple[SeatHand, ...]:
        frame, lang = self.frame, self.lang
        state, result = frame.state, frame.result
        actor = frame.events[0].seat if frame.events else -1
        hands = []
        for seat, who in enumerate(self.loaded.seats):
            tiles = state.hands[seat]
            if result is None:
                short = str(tiles.bit_count())
                note = t("tiles_n", lang, n=tiles.bit_count())
            elif result.went_out == seat:
                short = note = t("out_mark", lang)
            else:
                short = str(result.score.seat_points[seat])
                note = t("hand_points", lang, n=result.score.seat_points[seat])
            new = sum(1 << e.tile for e in frame.events if e.code == DRAW and e.seat == seat)
            if result is not None and result.taker == seat:  # the boneyard taken on a fish
                new |= state.taken
            hands.append(
                SeatHand(
                    name=who.name,
                    detail=level_name(who.level, lang) if who.is_bot and who.level else "",
                    tiles=tiles,
                    note=note,
                    short=short,
                    turn=frame.kind in ("deal", "action") and state.turn == seat,
                    acted=seat == actor,
                    new=new,
                    best=self.best_for(seat),
                )
            )
        return tuple(hands)

    def counter_text(self) -> str:
        frame, lang = self.frame, self.lang
        total = self.frames[-1].step
        words = [t("replay_step", lang, step=frame.step, total=total, n=frame.number)]
        words.append(f"{t('boneyard', lang)} ▮×{len(frame.state.boneyard)}")
        if frame.carry:
            words.append(t("carry_marker", lang, n=frame.carry))
        return " · ".join(words)

    def relabel(self) -> None:
        self.localize()
        self.show_frame()

    def on_resize(self) -> None:  # DominoScreen.on_resize checks the size
        self.query_one(AllHands).refresh(layout=True)


# --- the list of kept records -----------------------------------------------------------------


def record_line(info: RecordInfo, lang: str) -> str:
    """One kept match in the list: when, which game, who, how long, how it ended."""
    when = info.when.astimezone().strftime("%Y-%m-%d %H:%M")
    if info.problem:
        return f"{when} · {t('replay_damaged', lang, problem=info.problem)}"
    if info.abandoned_by:
        end = t("replay_abandoned", lang, name=info.abandoned_by)
    elif info.winners:
        end = t("replay_won", lang, names=", ".join(info.winners))
    elif info.goats:
        key = "goat_is" if len(info.goats) == 1 else "goats_are"
        end = t(key, lang, names=", ".join(info.goats))
    else:
        end = t("no_goat", lang)
    rounds = t("replay_rounds", lang, n=info.rounds)
    game = short_preset(info.preset, lang) if info.preset else "—"
    if info.stand_ins:  # a bot failed and a stand-in moved for it: not rated
        end += " · " + t("stand_in_mark", lang)
    return f"{when} · {game} · {', '.join(info.players)} · {rounds} · {end}"


class ReplayListScreen(DominoScreen):
    """Kept records, newest first; Enter opens one in the viewer. A record that fails to load
    says why (the archive moves it aside) and the list is read again."""

    KEYS = (("r", "review", "rv.key_review"), ("escape,q", "close", "back"))
    DEFAULT_CSS = """
    ReplayListScreen { align: center middle; }
    ReplayListScreen > Vertical { width: 90%; max-width: 110; height: auto; max-height: 90%; }
    ReplayListScreen #replays-title { text-style: bold; margin-bottom: 1; }
    ReplayListScreen OptionList { height: auto; max-height: 30; border: round $primary; }
    ReplayListScreen #replays-empty { padding: 1 2; border: round $primary; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.infos: list[RecordInfo] = []

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="replays-title")
            yield OptionList(id="replays")
            yield Static(id="replays-empty")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        lang = self.lang
        self.query_one("#replays-title", Static).update(t("replays", lang))
        try:
            self.infos, problem = list_records(), ""
        except OSError as err:  # not "no finished matches": say what cannot be read
            self.infos = []
            problem = unreadable("app.records_unreadable", err, records_dir(), lang)
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options(
            Option(Text(record_line(info, lang)), id=str(i), disabled=info.problem is not None)
            for i, info in enumerate(self.infos)
        )
        empty = self.query_one("#replays-empty", Static)
        empty.update(Text(problem or t("replay_none", lang)))  # a path is text, not markup
        empty.display = not self.infos
        menu.display = bool(self.infos)
        if self.infos:
            menu.highlighted = 0
            menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open(int(event.option.id or 0))

    def action_review(self) -> None:
        """R: the highlighted match in the viewer, its review started at once."""
        menu = self.query_one(OptionList)
        if self.infos and menu.highlighted is not None:
            self.open(menu.highlighted, review=True)

    def open(self, index: int, *, review: bool = False) -> None:
        info = self.infos[index]
        if info.problem is not None:
            return
        try:
            loaded = load_record(str(info.path))
        except RecordError as err:
            self.notify(
                t("replay_broken", self.lang, why=clean(err)),
                severity="error",
                timeout=8,
                markup=False,
            )
            self.fill()
            return
        self.app.push_screen(ReplayScreen(loaded, review=review))

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self.fill()

    def relabel(self) -> None:
        self.localize()
        self.fill()

    def action_close(self) -> None:
        self.dismiss(None)


def replay_app(
    loaded: LoadedRecord, *, lang: str | None = None, settings_path: str | None = "default"
) -> DominoApp:
    """:func:`~domino_tui.app.make_app`'s app, opened on the viewer over the start screen."""
    from ..app import make_app

    return make_app(
        settings_path=settings_path,
        lang=lang,
        first_screen=lambda: ReplayScreen(loaded, standalone=True),
    )
