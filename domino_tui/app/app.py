"""The Textual app and the one factory that builds it for the CLI, the tests and the benchmark.

Saved games (issue 5) come in through :class:`~.saving.Saves` (autosave after every change,
Resume, archive and statistics at the end); ``on_action`` is a plain listener added to every
game the app starts, and ``resume`` / ``can_resume`` replace the Saves' own look-ups.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.theme import Theme

from ..i18n import languages
from ..play.saving import Saves
from ..play.session import ActionListener, GameSession
from ..play.table import TableSession
from ..storage.settings import PACES, THEMES, Settings, SettingsStore, default_path
from ..words.strings import not_counted, save_broken, t, theme_label
from .screens.dialogs import ConfirmQuit, TooSmall
from .screens.game import GameScreen
from .screens.start import StartScreen

MIN_SIZE = (80, 24)

CONTRAST = Theme(
    name="domino-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ff00ff",
    warning="#ffff00",
    error="#ff5555",
    success="#00ff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#202020",
    dark=True,
)


class DominoApp(App[None]):
    CSS_PATH = "styles/app.tcss"
    TITLE = "domino-tui"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "request_quit", show=False, priority=True),
        Binding("ctrl+q", "request_quit", show=False, priority=True),
    ]

    def __init__(
        self,
        store: SettingsStore,
        session: GameSession | TableSession | None = None,
        *,
        lang: str | None = None,
        pace: str | None = None,
        on_action: ActionListener | None = None,
        resume: Callable[[], GameSession | None] | None = None,
        can_resume: Callable[[], bool] | None = None,
        saves: Saves | None = None,
        notice: str | None = None,
        first_screen: Callable[[], Screen[Any]] | None = None,
    ) -> None:
        super().__init__()
        self.first_screen = first_screen  # opened over the start screen (the replay viewer)
        self.store = store
        settings = store.load()
        if lang:
            settings = Settings.from_dict({**settings.__dict__, "lang": lang})
        self.settings = settings
        self.pace_override = pace if pace in PACES else None
        first = session.game if isinstance(session, TableSession) else session
        self.first_session = first  # the game the app opens on, if any
        self.first_table: TableSession | None = None  # … and its table, once it is ready
        self.on_action = on_action
        self.resume_hook = resume
        self.can_resume_hook = can_resume
        self.saves = saves
        self.notice = notice  # shown once the app is up (e.g. a damaged save was moved aside)
        self.tick_seconds = 1.0  # the turn timer's tick; tests tick by hand instead
        self.warm_rules = False  # prepare the Rules screen once a table is up (see warm_rules)
        if saves is not None:
            saves.undo_enabled = lambda: self.settings.undo
            saves.notify = lambda text: self.notify(text, severity="error", timeout=8, markup=False)
        if session is not None:
            self.first_table = self.table_for(session)

    def run(self, *args: Any, **kwargs: Any) -> Any:
        # what is loaded by now (modules, classes, the deal) lives as long as the app: the
        # garbage collector need not scan it again on every full pass (~20 ms before the
        # first frame)
        gc.freeze()
        self.warm_rules = True  # a player's run, not a test's run_test: see table_shown
        return super().run(*args, **kwargs)

    def table_shown(self, variant: str) -> None:
        """A table has painted its first frame. Once, in a player's run, the Rules screen's
        page for this game is then parsed and rendered in a thread (issue 22 item 9: its first
        open took twice as long as the next), after the messages already waiting — the first
        frame and the modules it loads are not touched. Tests (``run_test``) never warm: a
        test that wants it sets ``warm_rules``."""
        if not self.warm_rules:
            return
        self.warm_rules = False
        width = self.size.width
        self.call_later(
            self.run_worker,
            lambda: self._warm_rules(variant, width),
            name="rules-warm",
            thread=True,
            exit_on_error=False,
        )

    def _warm_rules(self, variant: str, width: int) -> None:
        from .screens.rules import page_of, warm  # in the thread: the import is half the work

        warm(self.settings.lang, page_of(variant), width, self.console)

    def get_default_screen(self) -> Screen[Any]:
        # the start screen is the app's first screen, not pushed over Textual's empty one: a
        # screen fewer to style and lay out before the table's first frame (issue 22 item 9)
        return StartScreen()

    def on_ready(self) -> None:
        # the first frame is painted: the collector paused by domino_tui.launch may run again
        gc.enable()

    # --- settings --------------------------------------------------------------------------
    @property
    def pace(self) -> str:
        return self.pace_override or self.settings.pace

    def apply_settings(self, settings: Settings) -> None:
        """Keep new settings and redraw every screen in the new language and theme."""
        self.pace_override = None
        self.remember(settings)
        self._set_theme()
        game = self.game_screen()
        if game is not None:  # the table's save follows the new language and pace
            game.session.lang, game.session.pace = settings.lang, settings.pace
        for screen in self.screen_stack:
            screen.refresh_bindings()  # the footer's words (the palette key's too: base.py)
            relabel = getattr(screen, "relabel", None)
            if callable(relabel):
                relabel()

    def remember(self, settings: Settings) -> None:
        self.settings = settings
        self.store.save(settings)

    def _set_theme(self) -> None:
        try:
            self.theme = self.settings.theme
        except Exception:  # an unknown theme name from an old settings file
            self.theme = "textual-dark"

    # --- screens ---------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.register_theme(CONTRAST)
        self._set_theme()
        if self.first_table is not None:
            self.push_screen(GameScreen(self.first_table))
        if self.first_screen is not None:
            self.push_screen(self.first_screen())
        self.check_size()
        if self.notice:
            self.notify(self.notice, severity="error", timeout=12, markup=False)

    def check_size(self) -> None:
        small = self.size.width < MIN_SIZE[0] or self.size.height < MIN_SIZE[1]
        if small and not isinstance(self.screen, TooSmall):
            self.push_screen(TooSmall(self.settings.lang))
        elif not small and isinstance(self.screen, TooSmall):
            self.pop_screen()

    def open_menu(self) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, StartScreen):
            self.pop_screen()

    def open_new_game(self) -> None:
        from .screens.new_game import NewGameScreen  # not needed for the first frame

        self.push_screen(NewGameScreen())

    def open_rules(self) -> None:
        from .screens.rules import RulesScreen  # Markdown: not needed for the first frame

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen())

    def open_settings(self) -> None:
        from .screens.settings import SettingsScreen  # not needed for the first frame

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def _prepare(self, session: GameSession) -> None:
        """Listen to the table (autosave) and agree on its language and pace: a resumed game
        keeps its own, a new one takes the current settings."""
        for listener in (self.on_action, self.saves.listen if self.saves else None):
            if listener is not None and listener not in session.listeners:
                session.listeners.append(listener)
        if session.lang in languages() and session.lang != self.settings.lang:
            self.settings = replace(self.settings, lang=session.lang)  # not stored: this game's
        session.lang = self.settings.lang
        if session.pace in PACES:
            self.pace_override = session.pace
        session.pace = self.pace

    def table_for(self, session: GameSession | TableSession) -> TableSession:
        """The table that runs ``session`` here: saved by this app's Saves, undo and the tutor
        as the settings say (this game's own tutor choice first). A TableSession given ready
        keeps its own."""
        game = session.game if isinstance(session, TableSession) else session
        self._prepare(game)
        if isinstance(session, TableSession):
            return session

        def tutor() -> bool:
            return self.settings.tutor if game.tutor is None else game.tutor

        return TableSession(
            game, saves=self.saves, undo_allowed=lambda: self.settings.undo, tutor=tutor
        )

    def start_game(self, session: GameSession | TableSession) -> None:
        """Open a table. Every game has its own save, so the game left here (if any) stays
        saved and resumable; this window now holds the new one."""
        table = self.table_for(session)
        if self.saves is not None:
            self.saves.hold(table.game.game_id)
        self.open_menu()
        self.push_screen(GameScreen(table))

    def play_again(self, old: GameSession) -> None:
        """Same seats and rules, the next seed: a seeded run stays reproducible."""
        self.start_game(old.again())

    def can_resume(self) -> bool:
        try:
            if self.can_resume_hook is not None:
                return bool(self.can_resume_hook())
            return self.saves is not None and self.saves.exists()
        except Exception:
            return False

    def open_saves(self) -> None:
        """Resume on the start screen: the list of unfinished games (always the list, even
        with one game, so that delete and resign are one key away and nothing is opened
        by surprise; Enter on the newest resumes it)."""
        if self.resume_hook is not None or self.saves is None:
            self.resume()
            return
        from .screens.saved_games import SavedGamesScreen

        if not isinstance(self.screen, SavedGamesScreen):
            self.push_screen(SavedGamesScreen(self.saves))

    def resume(self, game_id: str | None = None) -> bool:
        """Open a saved game (default: the most recent). A save that cannot be trusted was
        moved aside by the storage layer, and a game open in another window stays there: say
        so and stay where we are."""
        from ..storage.saves import NotFinished, SaveError, SaveLocked  # a save's first read

        lang = self.settings.lang
        notices: list[str] = []
        try:
            if self.resume_hook is not None:
                session = self.resume_hook()
            elif self.saves is not None:
                session = self.saves.load(game_id, lang)
                notices = self.saves.notices
            else:
                session = None
        except SaveLocked:
            self.notify(t("saves_locked", lang), severity="warning", timeout=8)
            session = None
        except NotFinished as err:  # the save is fine, the statistics or the disk are not
            self.notify(not_counted(err, lang), severity="error", timeout=12, markup=False)
            session = None
        except SaveError as err:
            self.notify(save_broken(err, lang), severity="error", timeout=12, markup=False)
            session = None
        if session is None:
            fill = getattr(self.screen, "fill", None)
            if callable(fill):  # the start screen greys out Resume, the list drops the game
                fill()
            return False
        self.start_game(session)
        for notice in notices:
            self.notify(notice, severity="warning", timeout=12, markup=False)
        return True

    def game_screen(self) -> GameScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    # Textual 8.2.8 has no public hook for what an app prints when it crashes: the traceback is
    # kept in the private ``_exit_renderables`` and printed by the private
    # ``_print_error_renderables``, so this override (and only it) uses both
    def _print_error_renderables(self) -> None:
        """A crash is a bug, but the player sees one line; the details go to crash.log (kept
        short, see :mod:`.crash`). Textual has set the return code to 1 already."""
        if not self._exit_renderables or "debug" in self.features:
            super()._print_error_renderables()
            return
        from .crash import report

        report(self._exit_renderables)
        self._exit_renderables.clear()

    # --- actions ---------------------------------------------------------------------------
    def action_request_quit(self) -> None:
        """Quit; while a game runs, only after a yes ("the game stays saved"). Ctrl+C lands
        here too, so it never shows a traceback. With no game at the table, quit at once."""
        if isinstance(self.screen, ConfirmQuit):
            return
        game = self.game_screen()
        if game is None or game.session.match.over:
            self.exit()
            return

        def done(answer: str | None) -> None:
            if answer == "yes":
                self.exit()

        saved = (
            self.saves is not None and game.session.listeners and not game.session.match.scripted
        )
        self.push_screen(ConfirmQuit("confirm_quit" if saved else "confirm_quit_unsaved"), done)

    def action_hint(self) -> None:
        game = self.game_screen()
        if game is not None and self.screen is game:
            game.action_hint()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        lang = self.settings.lang
        yield SystemCommand(t("new_game", lang), t("cmd_new_game", lang), self.open_new_game)
        yield SystemCommand(t("rules", lang), t("cmd_rules", lang), self.open_rules)
        yield SystemCommand(t("settings", lang), t("cmd_settings", lang), self.open_settings)
        if isinstance(screen, GameScreen):
            yield SystemCommand(t("key_hint", lang), t("cmd_hint", lang), self.action_hint)
        from .screens.stats import open_replays, open_stats  # they import this module

        yield SystemCommand(t("stats", lang), t("cmd_stats", lang), lambda: open_stats(self))
        yield SystemCommand(t("replays", lang), t("cmd_replays", lang), lambda: open_replays(self))
        yield SystemCommand(t("quit", lang), t("cmd_quit", lang), self.action_request_quit)
        # Textual's own commands, in the player's language (its English titles never show)
        for name in THEMES:
            yield SystemCommand(
                t("cmd_theme_to", lang, theme=theme_label(name, lang)),
                t("cmd_theme", lang),
                lambda name=name: self._switch_theme(name),
            )
        if screen.query("HelpPanel"):
            yield SystemCommand(
                t("cmd_keys", lang), t("cmd_keys_hide", lang), self.action_hide_help_panel
            )
        else:
            yield SystemCommand(
                t("cmd_keys", lang), t("cmd_keys_show", lang), self.action_show_help_panel
            )
        if screen.maximized is not None:
            yield SystemCommand(
                t("cmd_minimize", lang), t("cmd_minimize_help", lang), screen.action_minimize
            )
        elif screen.focused is not None and screen.focused.allow_maximize:
            yield SystemCommand(
                t("cmd_maximize", lang), t("cmd_maximize_help", lang), screen.action_maximize
            )
        yield SystemCommand(
            t("cmd_screenshot", lang),
            t("cmd_screenshot_help", lang),
            lambda: self.set_timer(0.1, self.screenshot_to_downloads),
        )

    def screenshot_to_downloads(self) -> None:
        """Textual's screenshot, told in the player's language (its own notice is English)."""
        import platformdirs

        lang = self.settings.lang
        try:
            where = self.save_screenshot(path=str(platformdirs.user_downloads_path()))
        except OSError as err:
            why = err.strerror or str(err)
            self.notify(t("pal_screenshot_failed", lang, why=why), severity="error", markup=False)
            return
        self.notify(t("pal_screenshot_saved", lang, path=where), markup=False)

    def _switch_theme(self, name: str) -> None:
        """A theme picked in the palette is kept like one picked in Settings."""
        self.apply_settings(replace(self.settings, theme=name))

    def action_command_palette(self) -> None:
        """Textual's palette with its prompt in the player's language."""
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            placeholder = t("palette_prompt", self.settings.lang)
            self.push_screen(CommandPalette(placeholder=placeholder, id="--command-palette"))


def make_app(
    session: GameSession | TableSession | None = None,
    *,
    settings_path: Path | str | None = "default",
    **options: Any,
) -> DominoApp:
    """Build the app for the CLI, the tests and the snapshots alike. ``settings_path=None`` keeps
    settings in memory; the default reads and writes the user's config dir. ``options`` are
    :class:`DominoApp`'s keyword arguments (``saves=None`` keeps no games on disk)."""
    path = default_path() if settings_path == "default" else settings_path
    store = SettingsStore(Path(path) if path is not None else None)
    return DominoApp(store, session, **options)
