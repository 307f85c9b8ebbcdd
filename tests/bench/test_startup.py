"""Issue 9, part 10 and the Rules screen of part 9: what the table's first frame imports, typer
without pydantic for plain values, and the Rules screen read from the screen itself.

The import check runs the real ``domino play`` in a fresh interpreter up to the first painted
frame (as ``benchmarks/app.py`` does) and lists ``sys.modules`` there, so a later import that
brings pydantic or the Markdown parser back before the first frame fails here, not only in a
benchmark nobody runs. The timings themselves live in the benchmark, not in tests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from enum import StrEnum
from pathlib import Path

import pytest

from domino_tui.app import make_app
from domino_tui.app.screens.rules import Book, RulesScreen
from domino_tui.cli import fastparams
from domino_tui.engine.rules import make_rules
from domino_tui.play.session import GameSession, Seat
from tests.app.driver import screen_text, settle

# what the first frame does not need; each was on the way to it before part 10
LAZY = (
    "pydantic",
    "pydantic_core",
    "typer._adapters",
    "markdown_it",
    "rich.markdown",
    "textual.widgets._markdown",
    "domino_tui.app.screens.rules",
    "domino_tui.app.screens.new_game",
    "domino_tui.app.screens.settings",
    "domino_tui.app.screens.stats",
    # a match's end (archive, statistics in SQLite), the list of saves (Resume), bot plugins
    "sqlite3",
    "domino_tui.storage.stats",
    "domino_tui.storage.archive",
    "domino_tui.storage.save_list",
    "domino_tui.storage.save_actions",
    "importlib.metadata",
    # issue 22: the search bots not seated, the hint's and the tutor's search, the coach
    "domino_tui.bots.counter",
    "domino_tui.bots.ismcts",
    "domino_tui.bots.explain",
    "domino_tui.bots.sampler",
    "domino_tui.bots.belief",
    "domino_tui.coach",
    "domino_tui.coach.review",
    "multiprocessing",
    "concurrent.futures.process",
    # issue 22 item 9: the cross board's widgets load with the first cross, never for Козёл
    "domino_tui.app.widgets.cross_board",
    "domino_tui.app.widgets.cross_paint",
    "domino_tui.app.widgets.cross_view",
    # and OpenSSL's hashes: the first save's digest (after the frame), sim's random seed
    "hashlib",
    "secrets",
    "importlib.resources",  # the texts of `domino rules` (and the Rules screen)
    # Textual's RichLog shows any object through rich.pretty, which imports attrs if installed:
    # the table's log writes lines only (widgets/table_log.py)
    "textual.widgets._rich_log",
    "rich.pretty",
    "attr",
    # typer: a plain `domino play` is read by cli.quick; typer reads anything else
    *("typer", "typer.main", "shellingham", "annotated_doc"),
    *(f"domino_tui.cli.{m}" for m in ("play", "options", "fastparams", "errors", "saves")),
    # the first save (the game's file, its meta) comes with the first move, after the frame
    "domino_tui.storage.saves",
    "domino_tui.storage.meta",
    "domino_tui.storage.files",
    # the other commands' areas: ``domino play`` registers (and loads) its own only
    *(f"domino_tui.cli.{m}" for m in ("analyze", "arena", "bots", "learn", "replay", "sim")),
    *(f"domino_tui.cli.{m}" for m in ("rules", "store", "outputs")),
)

# The budget of the table's first frame (issue 22 item 9): every domino_tui module it may load,
# by name. A module that creeps in fails the test by name: import it where it is used, or, when
# the first frame really needs it, add it here (and measure with benchmarks/app.py).
FIRST_FRAME = frozenset(
    {
        "domino_tui",
        "domino_tui.launch",
        "domino_tui.i18n",
        "domino_tui.text",
        "domino_tui.option",  # the rules' and the variants' options, read and judged
        "domino_tui.words.score",
        "domino_tui.words.transcript",
        "domino_tui.words.cross",
        "domino_tui.words.marks",  # the arrows and sheet marks the modules above read
        "domino_tui.words.moves",  # a play on the cross in words (the transcript's and the log's)
        "domino_tui.words.variant",
        "domino_tui.words.names",  # presets and levels by name, for the table and the lists
        "domino_tui.words.os_errors",  # what the system said, in words (the folder checks at start)
        # `domino play` read without typer (cli.quick) and what the command does (cli.table)
        *(f"domino_tui.cli{m}" for m in ("", ".health", ".quick", ".table", ".words")),
        *(f"domino_tui.engine{m}" for m in ("", ".actions", ".cross", ".deal", ".geometry")),
        *(f"domino_tui.engine.{m}" for m in ("match", "record", "round", "rules", "scoring")),
        *(f"domino_tui.engine.{m}" for m in ("tiles", "view", "variants", "variants.base")),
        "domino_tui.engine.variants.kozel",
        # the registry, the level the table seats (hard: pimc) and what making it needs
        *(f"domino_tui.bots{m}" for m in ("", ".base", ".simple", ".pimc", ".rollout")),
        "domino_tui.bots.config",  # the levels are the search's presets
        "domino_tui.bots.runner",  # every bot decision within a time limit (issue 22, item 3)
        *(f"domino_tui.bots.{m}" for m in ("search", "endgame", "line_solve")),
        *(f"domino_tui.storage{m}" for m in ("", ".locks", ".paths", ".reading")),
        *(f"domino_tui.engine.{m}" for m in ("options", "results")),
        "domino_tui.storage.settings",
        *(f"domino_tui.play{m}" for m in ("", ".saving", ".session", ".turn", ".turn_moves")),
        *(f"domino_tui.play.{m}" for m in ("table", "events", "tutor")),
        "domino_tui.app.screens.answers",
        *(f"domino_tui.words{m}" for m in ("", ".events", ".hints", ".strings", ".turn")),
        *(f"domino_tui.app{m}" for m in ("", ".app", ".screens", ".widgets")),
        *(f"domino_tui.app.screens.{m}" for m in ("base", "bot_turns", "curtain", "dialogs")),
        *(f"domino_tui.app.screens.{m}" for m in ("game", "hints", "start", "table", "tutor")),
        *(f"domino_tui.app.screens.turn_{m}" for m in ("input", "timer")),
        *(f"domino_tui.app.widgets.{m}" for m in ("board", "chain", "hand", "scores", "seats")),
        *(f"domino_tui.app.widgets.{m}" for m in ("tiles", "variant_sheets", "keys_footer")),
        "domino_tui.app.widgets.table_log",
        # the game's presenter: its sheet's cells and words (issue 24)
        *(f"domino_tui.variants{m}" for m in ("", ".base", ".kozel", ".sheet")),
        # issue 23 part 3: the table's view, built whole, and the panels of words it feeds
        "domino_tui.app.view",
        "domino_tui.app.widgets.text_panel",
    }
)
# beyond what a bare Textual app (one Static) loads at its first paint, only these (each with
# its submodules); anything else outside domino_tui fails the test by name
EXTRA = frozenset(
    {
        *("gc", "gettext"),
        *("textual.widgets._footer", "textual.widgets._label", "rich.rule"),
    }
)

CHILD = r"""
import json, sys
from domino_tui.app.app import DominoApp

_run = DominoApp.run
OPEN_RULES = sys.argv[1] == "rules"


async def first_frame(pilot):
    await pilot.pause()
    loaded = sorted(sys.modules)
    if OPEN_RULES:  # the control: the same modules do load once the Rules screen opens
        pilot.app.open_rules()
        await pilot.pause()
        loaded = sorted(sys.modules)
    print("MODULES", json.dumps(loaded), flush=True)
    pilot.app.exit()


def run(self, *args, **kwargs):
    return _run(self, headless=True, auto_pilot=first_frame, size=(80, 24))


DominoApp.run = run
from domino_tui.cli import main

sys.argv = ["domino", "play", "--seed", "3", "--pace", "slow", "--lang", "ru"]
main()
"""


def child_line(code: str, home: Path, tag: str, *argv: str) -> str:
    """Run ``code`` in a fresh interpreter with its own data folder; its line starting ``tag``."""
    env = {**os.environ, "DOMINO_TUI_HOME": str(home)}
    env.pop("DOMINO_TUI_CONFIG_DIR", None)
    out = subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    ).stdout
    return next(line for line in out.splitlines() if line.startswith(tag))


def loaded_modules(mode: str, home: Path) -> set[str]:
    line = child_line(CHILD, home, "MODULES ", mode)
    return set(json.loads(line.split(" ", 1)[1]))


def test_the_first_frame_does_not_import_what_it_does_not_need(tmp_path: Path) -> None:
    """At the first paint (after it, a player's run prepares the Rules screen in a thread)."""
    loaded = painted_modules("table", tmp_path)
    assert "domino_tui.app.screens.game" in loaded  # it did reach the table
    assert sorted(loaded.intersection(LAZY)) == []


# the modules loaded when the first frame is painted (as benchmarks/app.py stamps it), through
# the real entry point; the bare app's, painted the same way
PAINTED = r"""
import json, sys


def painted(app):
    print("MODULES", json.dumps(sorted(sys.modules)), flush=True)
    app.exit()


async def idle(pilot):
    pass  # the exit comes from the first paint


if sys.argv[1] == "bare":
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("Козёл")

        def on_mount(self):
            self.call_after_refresh(painted, self)

    Bare().run(headless=True, auto_pilot=idle, size=(80, 24))
    raise SystemExit(0)

from domino_tui.app.app import DominoApp
from domino_tui.app.screens.game import GameScreen

_run, _mount = DominoApp.run, GameScreen.on_mount


def on_mount(self):
    _mount(self)
    self.call_after_refresh(painted, self.app)


def run(self, *args, **kwargs):
    return _run(self, headless=True, auto_pilot=idle, size=(80, 24))


GameScreen.on_mount, DominoApp.run = on_mount, run
from domino_tui.launch import main

sys.argv = ["domino", "play", "--seed", "3", "--pace", "slow", "--lang", "ru"]
main()
"""


def painted_modules(mode: str, home: Path) -> set[str]:
    return set(json.loads(child_line(PAINTED, home, "MODULES ", mode).split(" ", 1)[1]))


def within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def beyond_budget(loaded: set[str], bare: set[str]) -> list[str]:
    """The modules the table's first frame loads beyond its budget."""
    ours = {m for m in loaded if m == "domino_tui" or m.startswith("domino_tui.")}
    listed = (*EXTRA, "rich._unicode_data")  # rich's tables: one module per Unicode version
    others = {m for m in loaded - ours - bare if not within(m, listed)}
    return sorted((ours - FIRST_FRAME) | others)


def test_the_first_frame_loads_only_its_budget_of_modules(tmp_path: Path) -> None:
    """Issue 22 item 9, without timing anything: the first frame (1.81× the bare app's when
    the search bots, the coach and multiprocessing had crept back) loads the domino_tui
    modules listed in FIRST_FRAME, and beyond a bare Textual app only EXTRA (typer neither)."""
    loaded = painted_modules("table", tmp_path)
    assert "domino_tui.app.screens.game" in loaded  # it did reach the table
    crept = beyond_budget(loaded, painted_modules("bare", tmp_path))
    assert crept == [], (
        f"the first frame now loads {len(crept)} module(s) beyond its budget: {', '.join(crept)}"
        " — import them where they are used, or list them in FIRST_FRAME / EXTRA"
    )
    assert sorted(loaded.intersection(LAZY)) == []


def test_the_budget_names_a_module_that_creeps_in() -> None:
    budget = set(FIRST_FRAME) | {"textual", "gettext"}
    assert beyond_budget(budget, {"textual"}) == []
    crept = budget | {"domino_tui.coach.review", "typer.main", "rich._unicode_data.x"}
    assert beyond_budget(crept, {"textual"}) == ["domino_tui.coach.review", "typer.main"]


def test_the_rules_screen_still_loads_its_parser_when_opened(tmp_path: Path) -> None:
    loaded = loaded_modules("rules", tmp_path)
    assert {"rich.markdown", "markdown_it", "domino_tui.app.screens.rules"} <= loaded


async def test_the_start_screen_under_the_table_builds_its_menu_when_the_player_comes_back() -> (
    None
):
    from domino_tui.app.screens.start import StartScreen

    app = table_app("en")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start = app.screen_stack[0]
        assert isinstance(start, StartScreen) and not start.children  # nothing built yet
        assert "Your hand" in screen_text(app)
        app.open_menu()
        await pilot.pause()
        assert app.screen is start
        shown = screen_text(app)
        assert "New game" in shown and "Resume" in shown and "Your hand" not in shown


def test_a_built_in_bot_is_made_without_looking_for_plugins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from domino_tui import bots, plugins

    looked: list[str] = []
    monkeypatch.setattr(plugins, "entry_points", lambda group: looked.append(group) or [])
    bots.reload_plugins()
    try:
        bots.make_bot("hard", 1)
        bots.make_bot("greedy", 1)
        assert looked == []
        with pytest.raises(ValueError, match="unknown bot"):
            bots.make_bot("no-such-bot", 1)
        assert looked == [bots.ENTRY_POINT_GROUP]  # a name not built in: plugins looked for
    finally:
        bots.reload_plugins()


# --- typer without pydantic ----------------------------------------------------------------------


class Pace(StrEnum):
    fast = "fast"
    slow = "slow"


class Info:
    def __init__(self, **kw: object) -> None:
        self.min = kw.get("min")
        self.max = kw.get("max")
        self.parser = None
        self.clamp = False
        self.case_sensitive = kw.get("case_sensitive", True)


@pytest.mark.parametrize(
    ("annotation", "info", "value", "expected"),
    [
        (int, Info(), "42", 42),
        (int | None, Info(min=0, max=2**64 - 1), str(2**64 - 1), 2**64 - 1),
        (int, Info(min=1), "-3", "typer"),  # out of bounds: typer's own error
        (int, Info(), "4.5", "typer"),
        (int, Info(), "abc", "typer"),
        (int, Info(), True, "typer"),
        (str, Info(), "kozel", "kozel"),
        (Pace | None, Info(), "slow", Pace.slow),
        (Pace, Info(), "SLOW", "typer"),
        (Pace, Info(case_sensitive=False), "slow", "typer"),
        (list[str] | None, Info(), ("a=1", "b=2"), ["a=1", "b=2"]),
        (list[int], Info(), ("1", "x"), "typer"),
        (Path, Info(), "out.txt", "typer"),
    ],
)
def test_plain_values_are_converted_directly_and_the_rest_by_typer(
    annotation: object, info: Info, value: object, expected: object
) -> None:
    quick = fastparams.quick_value(annotation, info, value)
    if expected == "typer":
        assert quick is fastparams._MISSING
    else:
        assert quick == expected and type(quick) is type(expected)


def test_a_bad_value_still_gets_typers_message() -> None:
    from typer.testing import CliRunner

    from domino_tui.cli import app

    result = CliRunner().invoke(app, ["sim", "--seed", "abc"], env={"COLUMNS": "100"})
    assert result.exit_code == 2 and "--seed" in result.output
    result = CliRunner().invoke(app, ["play", "--pace", "sleepy"], env={"COLUMNS": "100"})
    assert result.exit_code == 2 and "sleepy" in result.output


# --- the Rules screen ----------------------------------------------------------------------------


def table_app(lang: str):  # type: ignore[no-untyped-def]
    rules = make_rules({"players": 2})
    session = GameSession(rules, (Seat("Tester"), Seat("Alex", "bot", "easy")), 3)
    return make_app(session, settings_path=None, lang=lang, pace="instant", saves=None)


@pytest.mark.parametrize(
    ("lang", "title", "keys"),
    [
        ("ru", "Козёл — правила игры", "Клавиши за столом"),
        ("en", "Goat — how to play", "Keys at the table"),
    ],
)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_rules_screen_shows_the_book_and_scrolls_to_the_keys(
    lang: str, title: str, keys: str, size: tuple[int, int]
) -> None:
    app = table_app(lang)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        top = screen_text(app)
        assert title in top and keys not in top
        book = app.screen.query_one(Book)
        assert max(len(line) for line in book.text().splitlines()) <= size[0]
        await pilot.press("end")
        await pilot.pause()
        bottom = screen_text(app)
        assert keys in bottom and title not in bottom
        assert "Enter" in bottom  # the keys table itself, not only its heading
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


GC_CHILD = r"""
import gc, sys
from domino_tui.app.app import DominoApp

_run = DominoApp.run
seen = {}


async def first_frame(pilot):
    await pilot.pause()
    seen["after_first_frame"] = gc.isenabled()
    pilot.app.exit()


def run(self, *args, **kwargs):
    seen["before_run"] = gc.isenabled()
    return _run(self, headless=True, auto_pilot=first_frame, size=(80, 24))


DominoApp.run = run
from domino_tui.launch import main

sys.argv = ["domino"] + sys.argv[1:]
try:
    main()
except SystemExit:
    pass
print("GC", seen.get("before_run"), seen.get("after_first_frame"), gc.isenabled(), flush=True)
"""


def gc_states(tmp_path: Path, *argv: str) -> list[str]:
    return child_line(GC_CHILD, tmp_path, "GC ", *argv).split()[1:]


def test_the_collector_waits_for_the_first_frame_and_then_runs_again(tmp_path: Path) -> None:
    """domino_tui.launch pauses the garbage collector over the imports and the first frame only."""
    before, after, at_exit = gc_states(tmp_path, "play", "--seed", "3", "--pace", "slow")
    assert (before, after, at_exit) == ("False", "True", "True")


def test_a_command_without_the_table_ends_with_the_collector_on(tmp_path: Path) -> None:
    before, after, at_exit = gc_states(tmp_path, "rules", "--lang", "en")
    assert (before, after, at_exit) == ("None", "None", "True")


def test_the_collector_comes_back_by_itself_during_a_long_command() -> None:
    """The one-second timer: a long command (an arena run) never works without the collector."""
    code = (
        "import gc, time, domino_tui.launch as L, domino_tui.cli as c\n"
        "L.GC_PAUSE_SECONDS = 0.05\n"
        "c.main = lambda: (time.sleep(0.5), print('ON', gc.isenabled()))\n"
        "L.main()\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    assert "ON True" in out


# --- the command line builds only the command it runs ---------------------------------------


def test_a_named_command_runs_in_an_app_of_its_own_area_and_anything_else_in_the_whole_app() -> (
    None
):
    """Typer builds every registered command's options before running one; ``domino play``
    builds play's area only (issue 22 item 9), and every command still finds itself."""
    from domino_tui import cli

    every = {cli.command_name(c) for c in cli.app.registered_commands}
    assert set(cli.AREA_OF) == every and {"play", "sim", "stats", "resume"} <= every
    for area in cli.AREAS:  # each command is listed with the area that registers it
        alone = cli.new_app()
        cli.area(area).register(alone)
        names = {cli.command_name(c) for c in alone.registered_commands}
        assert names == {c for c, a in cli.AREA_OF.items() if a == area}
    for name in every:
        trimmed = cli.app_for(["domino", name, "--help"])
        names = {cli.command_name(c) for c in trimmed.registered_commands}
        assert name in names and "play" in names and trimmed.registered_callback is not None
    assert len(cli.app_for(["domino", "play"]).registered_commands) < len(every)
    for argv in (["domino"], ["domino", "--help"], ["domino", "plya"], ["domino", "--lang"]):
        assert cli.app_for(argv) is cli.app


def test_a_mistyped_command_still_gets_typers_list_and_suggestion(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from domino_tui import cli

    monkeypatch.setattr(sys, "argv", ["domino", "stat"])
    with pytest.raises(SystemExit) as stop:
        cli.main()
    assert stop.value.code == 2 and "stats" in capsys.readouterr().err


async def test_the_rules_screen_parses_and_renders_only_the_page_shown_and_only_once() -> None:
    """The Rules screen's budget of work (issue 22 item 9), counted, not timed: its first open
    parses one page and renders it once at the screen's width; opening it again does neither;
    turning the page parses and renders that page only."""
    from domino_tui.app.screens import rules

    rules.rules_document.cache_clear()
    rules.rules_lines.cache_clear()
    app = table_app("ru")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(2):
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            assert rules.rules_document.cache_info().misses == 1
            assert rules.rules_lines.cache_info().misses == 1
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("r")
        await pilot.press("right")
        await pilot.pause()
        assert app.screen.query_one(Book).page == rules.PAGES[1]
        assert rules.rules_document.cache_info().misses == 2
        assert rules.rules_lines.cache_info().misses == 2


async def test_the_rules_screen_mounts_one_page_and_builds_its_footer_once() -> None:
    """Counted, not timed (issue 22 item 9): the Rules screen mounts one book (not a widget per
    Markdown block, not a page per tab), and its footer builds its keys once per open —
    Textual's footer rebuilt them on every focus change and screen resume, a dozen times."""
    from textual.widgets import Markdown

    from domino_tui.app.widgets.keys_footer import KeysFooter

    app = table_app("ru")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for _ in range(2):
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            assert len(screen.query(Book)) == 1 and not screen.query(Markdown)
            footer = screen.query_one(KeysFooter)
            assert footer.rebuilds == 1 and footer.children  # built, and only once
            await pilot.press("escape")
            await pilot.pause()


async def test_a_players_run_prepares_the_rules_page_once_the_table_is_up() -> None:
    """After the table's first frame a player's run (``DominoApp.run``) parses and renders the
    Rules page in a thread, at the width the screen will have: the first open renders nothing."""
    from domino_tui.app.screens import rules

    rules.rules_document.cache_clear()
    rules.rules_lines.cache_clear()
    app = table_app("ru")
    app.warm_rules = True  # as DominoApp.run sets it; run_test alone never warms
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await app.workers.wait_for_complete()
        assert rules.rules_lines.cache_info().misses == 1  # the warm-up's
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert rules.rules_lines.cache_info().misses == 1  # the same width: nothing rendered
        assert rules.rules_document.cache_info().misses == 1


async def test_the_first_bot_thinks_only_after_the_tables_first_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bot's search shares the interpreter with the table's layout: the table's first frame
    comes first, then the bot to move thinks (issue 22 item 9) — and still plays."""
    from domino_tui.app.screens.game import GameScreen

    painted_when_asked: list[bool] = []
    decide = GameSession.decide

    def asked(session: GameSession, *args: object, **kwargs: object) -> object:
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        painted_when_asked.append(screen.first_frame_shown)
        return decide(session, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(GameSession, "decide", asked)
    rules = make_rules({"players": 2})
    session = GameSession(rules, (Seat("Masha", "bot", "easy"), Seat("Alex", "bot", "easy")), 3)
    app = make_app(session, settings_path=None, lang="en", pace="instant", saves=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert len(painted_when_asked) >= 2 and all(painted_when_asked)  # and they played on
