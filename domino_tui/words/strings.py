"""The app's access to its words: :func:`t` and helpers that word engine and storage facts.

The words themselves live in the gettext catalogs (``domino_tui/locale``, see
:mod:`domino_tui.i18n`); game terms (козёл, рыба, базар, стучит) stay Russian in the Russian UI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import i18n
from ..engine.round import REASONS
from ..i18n import plural
from .names import level_name as level_name  # re-exported: the app names levels and presets
from .names import short_preset as short_preset

if TYPE_CHECKING:
    from ..storage.saves import NotFinished
    from ..storage.stats import Replaced

# the bots' house names, one catalog entry each (a language names its own bots)
BOT_NAME_KEYS = (
    i18n.N_("bot.name.1"),
    i18n.N_("bot.name.2"),
    i18n.N_("bot.name.3"),
    i18n.N_("bot.name.4"),
)


def bot_names(lang: str) -> tuple[str, ...]:
    """The bots' house names in ``lang`` («Маша», «Лёша» … / Masha, Alex …)."""
    return tuple(t(key, lang) for key in BOT_NAME_KEYS)


def t(key: str, lang: str, **fmt: object) -> str:
    """The app text for ``key`` in ``lang`` (shared terms included)."""
    return i18n.tr(key, lang, **fmt)


def reason(found: tuple[str, dict[str, str]], lang: str) -> str:
    """The engine's refusal ``(key, args)`` in the UI language (catalog key ``reason.<key>``);
    a key the catalogs do not know yet (a newer engine) falls back to the engine's English."""
    key, args = found
    if "end" in args:  # the cross games name an end in English (left/right/up/down)
        args = {**args, "end": end_name(args["end"], lang)}
    if i18n.has_key(f"reason.{key}", lang):
        text = t(f"reason.{key}", lang)
    else:
        text = REASONS.get(key) or key
    return text.format_map(_Blank(args))


def stats_replaced(replaced: Replaced, lang: str) -> str:
    """The player's line for a damaged statistics file that was set aside and rebuilt."""
    rebuilt = replaced.rebuilt
    text = t(
        "stats.replaced",
        lang,
        reason=replaced.reason,
        moved=replaced.moved,
        records=plural(rebuilt.counted, "stats.kept_records", lang),
    )
    if rebuilt.damaged:
        text += " " + i18n.tn("stats.skipped", len(rebuilt.damaged), lang)
    return text


def end_name(end: str, lang: str) -> str:
    """An open end of the board (left, right, up, down) in the UI language."""
    key = f"end.{end}"
    return t(key, lang) if i18n.has_key(key, lang) else end


class _Blank(dict[str, str]):
    """format_map helper: a missing argument prints as ``?`` rather than failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def save_broken(err: Exception, lang: str) -> str:
    """The storage layer's one-line reason (it names where the file went) for the player."""
    why = str(err)
    return t("save_broken", lang, why=why[:1].upper() + why[1:] if lang == "en" else why)


def unreadable(key: str, err: OSError, folder: object, lang: str) -> str:
    """A list whose folder cannot be read (``key``: which list), naming the folder and why in
    the commands' words (:mod:`domino_tui.words.os_errors`): an empty list there would tell the
    player that nothing is kept, which may be untrue."""
    from .os_errors import reason, shown

    return t(key, lang, folder=shown(folder), why=reason(err, lang))


def not_counted(err: NotFinished, lang: str) -> str:
    """A save whose match had ended but could not be counted yet (the statistics cannot be
    opened, the disk refused the record): not a broken save, it stays for the next Resume."""
    return t("app.not_counted", lang, id=err.game_id[:8], why=err.why)


def theme_label(name: str, lang: str) -> str:
    """A theme's name for the player (Settings, the palette); unknown themes keep theirs."""
    key = f"theme_{name}"
    return t(key, lang) if i18n.has_key(key, lang) else name
