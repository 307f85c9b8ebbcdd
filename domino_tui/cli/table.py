"""What ``domino play`` does once its options are read — the rules, the bots, the seats, the
folders, the app — without typer, so that :mod:`.quick` can open the table without loading the
command line's machinery (issue 22 item 9: typer and its parsing were a tenth of the table's
first frame). :mod:`.play` declares the options and calls the same code.

A refusal raises :class:`~.errors.UserError` (a typer exception, so it is imported only then):
``main()`` prints it the same way whichever way the command was read.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, NoReturn

from ..text import clean
from .words import cli_lang, count, say, why

if TYPE_CHECKING:
    from ..app.app import DominoApp
    from ..engine.rules import Rules
    from ..play.saving import Saves
    from ..play.session import GameSession
    from ..storage.settings import Settings

MAX_SEED = 2**64 - 1  # seeds are unsigned 64-bit numbers: what a record or a script can carry


class Pace(StrEnum):
    instant = "instant"
    fast = "fast"
    normal = "normal"
    slow = "slow"


def refuse(message: str) -> NoReturn:
    from .errors import UserError

    raise UserError(message)


def bot_levels(
    bots: str | None, players: int | None, pairs: bool, lang: str = "en", default: int = 4
) -> tuple[int, list[str]]:
    """The number of players and one bot level per bot seat (seats 1…n-1; you sit at 0).

    Without ``--players`` it is one more than the bots named, else ``default`` (the preset's).
    A short ``--bots`` list is filled up with its last level; a long one is an error."""
    levels = [b.strip() for b in bots.split(",") if b.strip()] if bots else []
    if pairs and players not in (None, 4):
        refuse(say("cli.pairs_four", lang, n=players))
    n = 4 if pairs else players if players is not None else len(levels) + 1 if levels else default
    if not 2 <= n <= 4:
        refuse(say("cli.players_range", lang, n=n))
    if len(levels) > n - 1:
        refuse(say("cli.bots_too_many", lang, bots=count(len(levels), "cli.n_bots", lang), n=n))
    levels += [levels[-1] if levels else "hard"] * (n - 1 - len(levels))
    check_levels(levels, lang)
    return n, levels


def check_levels(levels: list[str], lang: str = "en") -> None:
    """Every bot can be built; an unknown name is refused in the player's words (a bad option
    keeps the bot's own explanation, which names the option and what it takes)."""
    from ..bots import LEVELS, available, make_bot

    for level in levels:
        name = level.partition(":")[0].strip()
        if name not in LEVELS and name not in available():
            choices = ", ".join([*LEVELS, *(b for b in available() if b not in LEVELS)])
            shown = clean(repr(name[:30]))
            refuse(say("cli.unknown_bot", lang, name=shown, choices=choices))
        try:
            make_bot(level, 0)
        except ValueError as err:
            refuse(say("cli.bad_bot", lang, why=why(err, lang)))


def build_rules(preset: str, set_: list[str] | None, players: int, pairs: bool) -> Rules:
    from ..engine.rules import make_rules, parse_settings

    options: dict[str, object] = dict(parse_settings(set_ or []))
    options["players"] = players
    if pairs:
        options["pairs"] = True
    return make_rules(options, preset)


def preset_rules(preset: str, set_: list[str] | None) -> Rules:
    """The preset with the ``--set`` options, before the players are seated: its player count
    and pairs are the table's defaults (Телефон is a game for two, Генерал for two pairs). A
    refused preset or option raises RulesError, which the CLI prints as one line (exit 2)."""
    from ..engine.rules import make_rules, parse_settings

    return make_rules(dict(parse_settings(set_ or [])), preset)


def wants_pairs(pairs: bool, base: Rules, players: int | None) -> bool:
    """``--pairs``, or a pairs preset (kozel-pairs, морской, генерал …) at a table of four: the
    engine plays a pairs preset for two or three each for themselves."""
    return pairs or (base.pairs and players in (None, 4))


def play_session(
    players: int | None,
    pairs: bool,
    bots: str | None,
    rules: str,
    set_: list[str] | None,
    seed: int | None,
    lang: str | None,
    tutor: bool | None,
) -> tuple[GameSession, str, str]:
    """``domino play``'s new table: you against bots; with the table's language and the
    CLI's (for the folder checks' words)."""
    from ..play.session import GameSession, default_seats

    words = cli_lang(lang)
    base = preset_rules(rules, set_)
    pair_table = wants_pairs(pairs, base, players)
    n, levels = bot_levels(bots, players, pair_table, words, base.players)
    game_rules = build_rules(rules, set_, n, pairs)
    stored = stored_settings()
    ui_lang = lang or stored.lang
    seats = default_seats(levels, ui_lang, stored.player_name)
    session = GameSession(game_rules, seats, seed, rules)
    session.tutor = tutor
    return session, ui_lang, words


def play_table(pace: str | None, **options: object) -> int:
    """``domino play`` read by :mod:`.quick`: the table opened; the app's return code."""
    session, ui_lang, words = play_session(**options)  # type: ignore[arg-type]
    return open_table(session, ui_lang, pace, words=words)


def open_table(
    session: GameSession | None,
    lang: str | None,
    pace: str | None,
    *,
    saves: Saves | None = None,
    notice: str | None = None,
    words: str | None = None,
) -> int:
    """Open the app on ``session`` (or the start screen) with autosave switched on; the app's
    return code (1 after an internal error, the details in crash.log; 0 otherwise).

    The folders are checked first, so a home that is a file, read-only or unreachable stops
    here with one line (exit 1) instead of a table that cannot save. A damaged settings file
    found on the way is shown once as the app's notice."""
    from ..app import make_app
    from ..play.saving import Saves
    from ..storage.settings import take_notice
    from .health import check_folders

    check_folders(words)  # the CLI's words: --lang, else the saved setting, else the locale
    ui_lang = lang or stored_settings().lang  # loads the settings once: a damaged file is set aside
    notice = "\n".join(n for n in (notice, take_notice(ui_lang)) if n) or None
    return app_code(make_app(session, lang=lang, pace=pace, saves=saves or Saves(), notice=notice))


def app_code(app: DominoApp) -> int:
    """Run a Textual app to its end; its return code, which becomes the process's (1 after
    "the table stopped on an internal error", as the exit codes promise). Every command that
    opens a table (play, hotseat, resume, learn, replay) ends through here."""
    app.run()
    leave_now_if_stuck(app.return_code or 0)
    return app.return_code or 0


def leave_now_if_stuck(code: int) -> None:
    """After the app closed: a bot's thread that is still busy (a plugin that hangs) must not
    keep the process alive (bots/runner.py); the runner is only looked at if it was loaded."""
    import sys

    runner = sys.modules.get("domino_tui.bots.runner")
    if runner is not None:
        runner.leave_if_stuck(code)


def stored_settings() -> Settings:
    from ..storage.settings import SettingsStore, default_path

    return SettingsStore(default_path()).load()
