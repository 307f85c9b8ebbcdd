"""The table: opponents, the line, the score sheet, the log and the viewer's hand.

The screen only asks the engine (legal actions, ``illegal_reason``, the line, the score sheet)
and forwards choices to the session; bots think in a thread worker while the screen stays live.

Hot-seat (several humans at one keyboard): ``bottom`` is the chair drawn at the bottom and
``viewer`` the only seat whose hand is on screen, or -1. When a human's turn passes, the hand is
hidden at once; the next human's turn starts behind a curtain (board, scores and log stay in
view) that only that player lifts with Enter. The log never names a drawn tile in hot-seat.
"""

from __future__ import annotations

import threading

from textual import events, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, RichLog, Static

from ...bots import make_bot
from ...bots.base import Bot
from ...engine.actions import DRAW, KNOCK, PAIR_BASE, format_action, pair_tiles
from ...engine.match import RoundResult
from ...engine.round import Event
from ...engine.tiles import bits, tile_set
from ...engine.view import SeatView
from ..session import GameSession, UndoError
from ..settings import PACES
from ..strings import reason, t
from ..widgets.chain import Chain, ChainState
from ..widgets.hand import Hand, HandState
from ..widgets.scores import ScoreSheet, score_table
from ..widgets.seats import BoneyardPanel, SeatInfo, SeatPanel
from ..words import event_line, last_action
from .base import DominoScreen


class GameScreen(DominoScreen):
    # Textual declares these as plain lists, so they cannot be ClassVar here
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]  # noqa: RUF012
    KEYS: tuple[tuple[str, str, str], ...] = (
        ("left", "left", ""),
        ("right", "right", ""),
        ("enter", "play", "key_play"),
        ("d", "draw", "key_draw"),
        ("k", "knock", "key_knock"),
        ("p", "pair", "key_pair"),
        ("u", "undo", "key_undo"),
        ("h", "hint", "key_hint"),
        ("space", "skip", "key_skip"),
        ("escape", "cancel", ""),
        ("r", "rules", ""),  # in the palette too; the footer keeps 80 columns for play keys
        ("q", "app.request_quit", "key_quit"),
    )

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.bottom = session.humans[0] if session.humans else -1  # the chair drawn at the bottom
        self.viewer = -1 if session.hotseat else self.bottom  # whose hand is on screen
        self.curtain = -1  # hot-seat: the seat whose turn waits behind the privacy curtain
        self.clock: tuple[int, int] | None = None  # hot-seat turn timer: (seat, seconds left)
        self.selected = -1  # tile id under the cursor
        self.choosing = -1  # tile whose end is being chosen
        self.choose_side = 0
        self.new_tiles = 0  # tiles the viewer drew this turn
        self.message = ""
        self.token = 0  # bumps when the game moves on, so stale bot answers are dropped
        self.skip = threading.Event()
        self.waiting_modal = False
        self.hint_bot: Bot | None = None

    # --- layout ----------------------------------------------------------------------------
    def localize(self) -> None:
        """Footer keys for what this table offers: two doubles (K3.4) and undo only where
        they can be used."""
        hide = set()
        if not self.session.rules.double_pair:
            hide.add("pair")
        if self.session.hotseat or not self.domino.settings.undo:
            hide.add("undo")
        if not self.session.bots:
            hide.add("skip")  # no bot to wait for
        self.KEYS = tuple(
            (keys, action, "" if action in hide else label)
            for keys, action, label in type(self).KEYS
        )
        super().localize()

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            for i in range(len(self.others())):
                if i:
                    yield Static("→", classes="arrow")
                yield SeatPanel(id=f"seat-{i}")
            yield BoneyardPanel(id="boneyard")
        with Horizontal(id="middle"):
            yield Chain(id="chain")
            with Vertical(id="side"):
                yield ScoreSheet(id="scores")
                log = RichLog(id="log", wrap=True, max_lines=400, min_width=20)
                log.can_focus = False
                yield log
        yield Static(id="status")
        yield Hand(id="hand")
        yield Footer()

    def others(self) -> list[int]:
        """Seats other than the one at the bottom, in turn order after it (K1.2)."""
        n = self.session.rules.players
        base = self.bottom if self.bottom >= 0 else n - 1
        return [(base + k) % n for k in range(1, n + 1) if (base + k) % n != self.bottom]

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#scores", ScoreSheet).can_focus = False
        self.log_round_start()
        for i, event in enumerate(self.match.round.history):  # a resumed round
            self.write_log(self.event_text(event, i == 0))
        self.refresh_table()
        if self.session.timer:
            self.set_interval(self.domino.tick_seconds, self.tick)
        self.advance()

    # --- drawing ---------------------------------------------------------------------------
    @property
    def match(self):  # type: ignore[no-untyped-def]
        return self.session.match

    def my_turn(self) -> bool:
        """The player whose hand is on screen is to move (never behind the curtain)."""
        m = self.match
        return not m.over and not self.session.is_bot(m.turn) and m.turn == self.viewer

    def hand_tiles(self) -> list[int]:
        if self.viewer < 0:
            return []
        return list(bits(self.match.round.hands[self.viewer]))

    def playable(self) -> int:
        if not self.my_turn():
            return 0
        mask = 0
        for code in self.match.legal_actions():
            if 0 <= code < PAIR_BASE:
                mask |= 1 << (code >> 1)
        return mask

    def refresh_table(self) -> None:
        lang, s, m = self.lang, self.session, self.match
        rnd = m.round
        ts = tile_set(s.rules.set_top)
        settings = self.domino.settings
        over = m.over
        for i, seat in enumerate(self.others()):
            subtitle = t("partner", lang) if s.partner(self.bottom) == seat else ""
            self.query_one(f"#seat-{i}", SeatPanel).show(
                SeatInfo(
                    title=s.label(seat, lang),
                    count=rnd.hands[seat].bit_count(),
                    last=last_action(s, rnd.history, seat, lang),
                    turn=not over and rnd.turn == seat,
                    subtitle=subtitle,
                )
            )
        extra = t("carry_marker", lang, n=m.carry) if m.carry else t("round_n", lang, n=m.number)
        self.query_one(BoneyardPanel).show(t("boneyard", lang), f"▮ × {len(rnd.boneyard)}", extra)
        line = rnd.chain()
        last = -1
        if rnd.placed:
            side = rnd.placed[-1][1]
            last = 0 if side == 0 else len(line) - 1
        chain = self.query_one(Chain)
        ends = ""
        if rnd.placed:
            ends = t("ends", lang, left=rnd.left, right=rnd.right)
        chain.border_title = ends
        chain.show(
            ChainState(
                line=tuple(line),
                last=last,
                choosing=self.choose_side if self.choosing >= 0 else -1,
                style=settings.tile_style,
                empty_text=t("no_tiles_yet", lang, name=s.name(rnd.turn)),
                top=ts.top,
            )
        )
        names = [s.side_name(side) for side in range(s.rules.sides)]
        goats = m.outcome.goats if m.outcome else ()
        table = score_table(names, s.rules, m.results, m.standings, goats, t("round_col", lang))
        caption = t("carry_marker", lang, n=m.carry) if m.carry else ""
        self.query_one(ScoreSheet).show(table, caption)
        hand = self.query_one(Hand)
        tiles = self.hand_tiles()
        if self.viewer >= 0 and s.hotseat:
            title = t("hand_named", lang, name=s.name(self.viewer), n=len(tiles))
        elif self.viewer >= 0:
            title = t("hand_of", lang, n=len(tiles)) + f" · {s.name(self.viewer)}"
        elif self.curtain >= 0:
            title = f"🔒 {s.name(self.curtain)}"
        else:
            title = ""
        hand.border_title = ("▶ " if self.my_turn() else "") + title
        hand.set_class(self.my_turn() or self.curtain >= 0, "-turn")
        hand.show(
            HandState(
                tiles=tuple(tiles),
                playable=self.playable(),
                selected=self.selected if self.my_turn() else -1,
                new=self.new_tiles,
                hidden_text="" if self.viewer >= 0 else self.hidden_text(),
                style=settings.tile_style,
                top=ts.top,
            )
        )
        self.query_one("#status", Static).update(self.status_text())

    def hidden_text(self) -> str:
        """What the hand's place says while no hand may be shown."""
        if self.curtain >= 0:
            return t("curtain", self.lang, name=self.session.name(self.curtain))
        if self.session.hotseat:
            return t("hands_hidden", self.lang)
        return t("waiting", self.lang, name="…")

    def status_text(self) -> str:
        text = self.turn_text()
        if self.clock is not None and not self.match.over:
            seat, left = self.clock
            text = f"⏱ {t('timer', self.lang, name=self.session.name(seat), s=left)} · {text}"
        return text

    def turn_text(self) -> str:
        lang, m = self.lang, self.match
        if self.message:
            return self.message
        if m.over:
            return t("game_over", lang)
        if self.curtain >= 0:
            return t("curtain_status", lang, name=self.session.name(self.curtain))
        if self.choosing >= 0:
            return t("choose_end", lang, tile=tile_set(m.rules.set_top).name(self.choosing))
        if not self.my_turn():
            return t("waiting", lang, name=self.session.name(m.turn))
        text = self.your_turn_text()
        if self.session.hotseat:
            text = f"{self.session.name(self.viewer)}: {text}"
        return text

    def your_turn_text(self) -> str:
        lang, m = self.lang, self.match
        legal = m.legal_actions()
        if legal == [DRAW]:
            return t("your_turn_draw", lang)
        if legal == [KNOCK]:
            return t("your_turn_knock", lang)
        ts = tile_set(m.rules.set_top)
        if not m.round.placed:
            lead = ", ".join(ts.name(c >> 1) for c in legal)
            if len(legal) < len(self.hand_tiles()):
                return f"{t('your_turn', lang)} {t('lead_with', lang, tiles=lead)}"
        pairs = [c for c in legal if c >= PAIR_BASE]
        if pairs:
            a, b = pair_tiles(pairs[0])
            return f"{t('your_turn', lang)} {t('pair_offer', lang, a=ts.name(a), b=ts.name(b))}"
        return t("your_turn", lang)

    def say(self, text: str) -> None:
        self.message = text
        self.query_one("#status", Static).update(self.status_text())

    def write_log(self, text: str) -> None:
        self.query_one("#log", RichLog).write(text)

    def log_round_start(self) -> None:
        self.write_log(t("log_round", self.lang, n=self.match.number))
        if self.match.redeals:
            self.write_log(t("log_redeal", self.lang, n=self.match.redeals))

    def event_text(self, event: Event, lead: bool) -> str:
        """A log line; in hot-seat the log is everybody's, so it never names a drawn tile."""
        viewer = -1 if self.session.hotseat else self.viewer
        return event_line(self.session, event, lead, viewer, self.lang)

    # --- flow ------------------------------------------------------------------------------
    def advance(self) -> None:
        """Start the next turn: a bot thinks in a worker, a human is waited for."""
        m = self.match
        if m.over or self.waiting_modal:
            return
        seat = m.turn
        self.token += 1
        if self.session.is_bot(seat):
            view = self.session.view(seat)
            delay = PACES.get(self.domino.pace, 0.0)
            self.bot_turn(seat, view, self.token, delay)
            self.refresh_table()
            return
        self.skip.clear()
        if self.session.timer and (self.clock is None or self.clock[0] != seat):
            self.clock = (seat, self.session.timer)
        self.before_human_turn(seat)

    def before_human_turn(self, seat: int) -> None:
        """In hot-seat a new player's turn starts behind the curtain; otherwise (and once the
        curtain is lifted) the hand is shown with the cursor on a playable tile."""
        if self.session.hotseat and seat != self.viewer:
            self.hide_hand()
            self.bottom = self.curtain = seat
            self.refresh_table()
            return
        self.show_hand(seat)

    def hide_hand(self) -> None:
        """No hand on screen: whatever named its tiles goes too (drawn marks, hint, cursor)."""
        self.viewer = -1
        self.selected = self.choosing = -1
        self.new_tiles = 0
        self.message = ""

    def lift_curtain(self) -> None:
        seat, self.curtain = self.curtain, -1
        if seat >= 0 and not self.match.over and self.match.turn == seat:
            self.show_hand(seat)

    def show_hand(self, seat: int) -> None:
        if seat != self.viewer:
            self.selected = -1
        self.viewer = self.bottom = seat
        playable, hand = self.playable(), self.match.round.hands[seat]
        if not (self.selected >= 0 and playable >> self.selected & 1):
            first = next(iter(bits(playable)), -1)
            if first >= 0:
                self.selected = first
            elif not (self.selected >= 0 and hand >> self.selected & 1):
                self.selected = next(iter(bits(hand)), -1)
        self.refresh_table()
        if self.domino.settings.auto_knock and self.match.legal_actions() == [KNOCK]:
            self.call_later(self.perform, KNOCK)

    @work(thread=True, exclusive=True, group="bot")
    def bot_turn(self, seat: int, view: SeatView, token: int, delay: float) -> None:
        """Think off the UI thread; a failing bot plays its first legal action."""
        try:
            code = self.session.bots[seat].choose(view)
        except Exception:  # a bot bug must not end the player's game
            code = view.legal[0]
        if delay > 0:
            self.skip.wait(delay)
        self.app.call_from_thread(self.bot_done, seat, code, token)

    def bot_done(self, seat: int, code: int, token: int) -> None:
        if token != self.token or self.match.over or self.match.turn != seat:
            return
        if code not in self.match.legal_actions():
            code = self.match.legal_actions()[0]
        self.perform(code)

    def perform(self, code: int) -> None:
        """Apply the action of the player to move, log it and move on."""
        m = self.match
        rnd, seat = m.round, m.turn
        if m.over or rnd.why_illegal(code) is not None:
            return
        before = len(rnd.history)
        result = self.session.apply(code)
        for i, event in enumerate(rnd.history[before:], start=before):
            self.write_log(self.event_text(event, i == 0))
        if seat == self.viewer and code == DRAW:
            drawn = rnd.history[-1].tile
            self.new_tiles |= 1 << drawn
            ts = tile_set(m.rules.set_top)
            self.selected = drawn
            self.message = t(
                "log_drew_tile", self.lang, name=self.session.name(seat), tile=ts.name(drawn)
            )
        else:
            self.message = ""
        if code != DRAW and seat == self.viewer:
            self.new_tiles = 0
        self.choosing = -1
        self.token += 1
        if result is not None or m.turn != seat:
            self.clock = None
            if self.session.hotseat:
                self.hide_hand()
        if result is not None:
            self.round_over(result, rnd.history)
            return
        self.refresh_table()
        self.advance()

    def round_over(self, result: RoundResult, history: list[Event]) -> None:
        from .round_end import RoundEndScreen

        lang = self.lang
        if result.went_out >= 0:
            self.write_log(t("log_went_out", lang, name=self.session.name(result.went_out)))
        elif result.fish:
            self.write_log(t("log_fish", lang, name=self.session.name(result.fisher)))
        if result.taker >= 0:
            self.write_log(
                t("log_took", lang, name=self.session.name(result.taker), n=result.taken)
            )
        self.new_tiles = 0
        self.selected = -1
        self.waiting_modal = True
        self.refresh_table()
        self.app.push_screen(RoundEndScreen(self.session, result), self.after_round)

    def after_round(self, _: str | None = None) -> None:
        self.waiting_modal = False
        if self.match.over:
            self.game_over()
            return
        self.log_round_start()
        self.refresh_table()
        self.advance()

    def game_over(self) -> None:
        from .game_end import GameEndScreen

        self.refresh_table()
        self.app.push_screen(GameEndScreen(self.session), self.after_game)

    # --- the hot-seat turn timer -----------------------------------------------------------
    def tick(self) -> None:
        """One second of the turn timer; it stands still while a dialog covers the table."""
        if self.clock is None or self.waiting_modal or self.match.over:
            return
        if self.app.screen is not self:
            return
        seat, left = self.clock
        self.clock = (seat, left - 1)
        if left - 1 <= 0:
            self.time_out(seat)
        else:
            self.query_one("#status", Static).update(self.status_text())

    def time_out(self, seat: int) -> None:
        """K10.1: the timer ran out, so ``seat`` abandoned the game."""
        self.clock = None
        self.token += 1  # nothing more lands on this table
        self.hide_hand()
        self.curtain = -1
        self.write_log(t("log_timed_out", self.lang, name=self.session.name(seat)))
        self.session.abandon(seat)
        self.game_over()

    def after_game(self, choice: str | None) -> None:
        if choice == "again":
            self.domino.play_again(self.session)
        elif choice == "quit":
            self.app.exit()
        else:
            self.domino.open_menu()

    # --- the player's keys -----------------------------------------------------------------
    def move_cursor(self, step: int) -> None:
        tiles = self.hand_tiles()
        if not tiles:
            return
        i = tiles.index(self.selected) if self.selected in tiles else -1
        self.selected = tiles[(i + step) % len(tiles)]
        self.message = ""
        self.refresh_table()

    def action_left(self) -> None:
        if self.choosing >= 0:
            self.choose_side = 0
            self.refresh_table()
        else:
            self.move_cursor(-1)

    def action_right(self) -> None:
        if self.choosing >= 0:
            self.choose_side = 1
            self.refresh_table()
        else:
            self.move_cursor(1)

    def action_cancel(self) -> None:
        if self.choosing >= 0:
            self.choosing = -1
            self.refresh_table()

    def action_play(self) -> None:
        if self.curtain >= 0:
            self.lift_curtain()
            return
        if not self.my_turn():
            return
        if self.choosing >= 0:
            self.perform(self.choosing * 2 + self.choose_side)
            return
        if self.selected < 0:
            return
        self.play_tile(self.selected)

    def play_tile(self, tile: int) -> None:
        """Play ``tile``: at once when it fits one end, else ask which end (never for a lead)."""
        codes = [c for c in self.match.legal_actions() if 0 <= c < PAIR_BASE and c >> 1 == tile]
        if len(codes) == 1:
            self.perform(codes[0])
        elif len(codes) == 2:
            self.choosing, self.choose_side = tile, 0
            self.message = ""
            self.refresh_table()
        else:
            self.refuse_code(tile * 2)

    def refuse_code(self, code: int) -> None:
        """Say in the player's language why the engine refuses ``code`` (a tile that fits
        neither end is refused once for both ends by the engine's own reason)."""
        found = self.match.round.illegal_reason(code)
        if found is not None:
            self.refuse(reason(found, self.lang))

    def refuse(self, why: str) -> None:
        self.say(t("illegal", self.lang, reason=why))
        self.app.bell()

    def try_action(self, code: int) -> None:
        if not self.my_turn():
            return
        if self.match.round.illegal_reason(code) is not None:
            self.refuse_code(code)
        else:
            self.perform(code)

    def action_draw(self) -> None:
        self.try_action(DRAW)

    def action_knock(self) -> None:
        self.try_action(KNOCK)

    def action_pair(self) -> None:
        """K3.4: lay a double on each end in one turn, when the rules and the hand allow."""
        if not self.my_turn():
            return
        pairs = [c for c in self.match.legal_actions() if c >= PAIR_BASE]
        if pairs:
            self.perform(pairs[0])
        elif not self.session.rules.double_pair:
            self.refuse(t("pair_off", self.lang))
        else:
            self.refuse(reason(("pair_needs_doubles", {}), self.lang))

    def action_undo(self) -> None:
        """Take back the player's last choice and the bots' replies (games against bots)."""
        lang = self.lang
        if self.session.hotseat:
            self.say(t("undo_hotseat", lang))
            return
        if not self.domino.settings.undo:
            self.say(t("undo_off", lang))
            return
        if self.waiting_modal or self.match.over:
            return
        try:
            taken = self.session.undo()
        except UndoError as err:
            self.say(t(str(err), lang))
            return
        self.token += 1  # a bot answer on its way belongs to the old position
        self.choosing = -1
        self.new_tiles = 0
        log = self.query_one("#log", RichLog)
        log.clear()
        self.log_round_start()
        for i, event in enumerate(self.match.round.history):
            self.write_log(self.event_text(event, i == 0))
        self.write_log(t("log_undo", lang, n=taken))
        self.message = t("undone", lang, n=taken)
        self.refresh_table()
        self.advance()

    def action_skip(self) -> None:
        self.skip.set()

    def action_rules(self) -> None:
        self.domino.open_rules()

    def action_hint(self) -> None:
        if not self.my_turn():
            self.say(t("hint_none", self.lang))
            return
        self.say(t("hint_thinking", self.lang))
        self.hint_worker(self.session.view(self.viewer), self.token)

    @work(thread=True, exclusive=True, group="hint")
    def hint_worker(self, view: SeatView, token: int) -> None:
        if self.hint_bot is None:
            self.hint_bot = make_bot("hard", self.session.seed)
        bot = self.hint_bot
        try:
            explain = getattr(bot, "explain", None)
            if callable(explain):
                code, why = explain(view)
            else:
                code, why = bot.choose(view), ""
        except Exception:
            code, why = view.legal[0], ""
        self.app.call_from_thread(self.show_hint, code, why, token)

    def show_hint(self, code: int, why: str, token: int) -> None:
        if token != self.token:
            return
        ts = tile_set(self.match.rules.set_top)
        if code >= 0:
            self.selected = code >> 1 if code < PAIR_BASE else self.selected
        if code == DRAW:
            action = t("key_draw", self.lang)
        elif code == KNOCK:
            action = t("key_knock", self.lang)
        elif code < PAIR_BASE:
            end = t("end_left" if code & 1 == 0 else "end_right", self.lang)
            action = (
                ts.name(code >> 1)
                if not self.match.round.placed
                else f"{ts.name(code >> 1)} → {end}"
            )
        else:
            action = format_action(code, ts=ts)
        if not why or self.lang != "en":  # bots explain in English only
            why = t("hint_generic", self.lang)
        self.message = t("hint", self.lang, action=action, reason=why)
        self.refresh_table()

    # --- mouse -----------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        """A click on the hidden hand lifts the curtain, like Enter."""
        if self.curtain >= 0 and isinstance(event.widget, Hand):
            self.lift_curtain()

    def on_hand_tile_clicked(self, event: Hand.TileClicked) -> None:
        if self.choosing >= 0 and event.tile != self.choosing:
            self.choosing = -1
        if event.tile == self.selected and self.my_turn():
            self.play_tile(event.tile)
            return
        self.selected = event.tile
        self.message = ""
        self.refresh_table()

    def on_chain_end_clicked(self, event: Chain.EndClicked) -> None:
        if self.choosing >= 0 and self.my_turn():
            self.perform(self.choosing * 2 + event.side)

    def on_boneyard_panel_clicked(self, _: BoneyardPanel.Clicked) -> None:
        self.action_draw()

    def on_resize(self) -> None:
        super().on_resize()
        self.refresh_table()

    def on_unmount(self) -> None:
        """Leaving the table: answers still on their way are dropped, waits end at once."""
        self.token += 1
        self.skip.set()

    def relabel(self) -> None:
        """The language or tiles setting changed: redraw everything in the new words."""
        self.localize()
        self.refresh_table()
