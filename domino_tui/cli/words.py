"""The words the ``domino`` commands print to a player, in Russian and English.

Messages go through :func:`say` (``tr`` with these keys) in the language resolved as the app
resolves it: ``--lang`` where the command has it, else the saved setting, else the locale.
Machine output (``--json``) has no words and stays the same in every language. Counted words
are ``one|many`` (en) and ``one|few|many`` (ru), used through :func:`count`. The Russian texts
address the player with «Вы»; ``--help`` texts stay English (typer/click own their frame).
"""

from __future__ import annotations

import os
import sys

import typer

from .. import i18n

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        # counted words
        "cli.n_games": "game|games",
        "cli.n_matches": "match|matches",
        "cli.n_records": "kept record|kept records",
        "cli.n_damaged": "damaged record|damaged records",
        "cli.n_bots": "bot|bots",
        "cli.n_players": "player|players",
        "cli.n_names": "player name|player names",
        # the whole CLI
        "cli.interrupted": "interrupted",
        "cli.aborted": "aborted",
        "cli.bad_lang": "unknown language {language}; choose ru or en",
        # play / hotseat
        "cli.pairs_four": "--pairs: pairs need exactly 4 players, not {n}",
        "cli.pairs_add_bots": (
            "--pairs: pairs need exactly 4 players, not {n}: add bots with --bots"
        ),
        "cli.players_range": "--players: players must be 2, 3 or 4, not {n}",
        "cli.bots_too_many": "--bots: {bots} do not fit a table of {n} (you take one seat)",
        "cli.bad_bot": "--bots: {why}",
        "cli.unknown_bot": "--bots: unknown bot {name}; choose one of: {choices}",
        "cli.hotseat_names": "hot-seat needs 2 to 4 player names, not {n}",
        "cli.name_length": "a name must have 1 to {n} characters: {name}",
        "cli.name_clean": "a name may not contain control or escape characters: {name}",
        "cli.name_twice": "every player needs a name of their own",
        "cli.table_full": "--bots: {players} and {bots} do not fit a table of 4",
        # folders and files
        "cli.folder_settings": "settings",
        "cli.folder_data": "data",
        "cli.folder_bad": (
            "the {what} folder {folder} cannot be used: {why}; "
            "set DOMINO_TUI_HOME to a folder you can write"
        ),
        "cli.os_error": "cannot use {path}: {why}",
        "cli.os_error_nowhere": "cannot read or write a file: {why}",
        "cli.why_not_dir": "a file is where a folder should be",
        "cli.why_denied": "permission denied",
        "cli.why_read_only": "read-only file system",
        "cli.why_long_name": "file name too long",
        "cli.why_no_space": "no space left on the device",
        "cli.why_loop": "too many symbolic links",
        "cli.cannot_write": "cannot write {path}: {why}",
        # resume
        "cli.not_an_id": "{id} is not a game id (see domino resume --list)",
        "cli.no_save": "there is no saved game",
        "cli.no_such_id": "no saved game has the id {id} (see domino resume --list)",
        "cli.ambiguous_id": "{games} start with {id}: give more of the id",
        "cli.no_unfinished": "no unfinished games",
        "cli.resume_title": "Unfinished games, newest first",
        "cli.col_id": "ID",
        "cli.col_players": "Players",
        "cli.col_rules": "Rules",
        "cli.col_round": "Round",
        "cli.col_score": "Score",
        "cli.col_saved": "Saved",
        "cli.col_state": "State",
        "cli.damaged": "damaged: {why}",
        "cli.open_elsewhere": "open elsewhere",
        "cli.nothing_changed_short": "nothing was changed",
        "cli.choose_one": "choose one of --list (with --json), --delete or --resign",
        "cli.list_no_id": "--list takes no game id",
        "cli.which_delete": "say which game to delete: an ID",
        "cli.which_resign": "say which game to resign: an ID",
        "cli.damaged_save": "a damaged save",
        "cli.open_in_other": "the game {id} is open in another window",
        "cli.ask_delete": "Delete the game {id} ({who})? It is not counted anywhere.",
        "cli.deleted": "deleted the game {id}",
        "cli.bots_only": "only bots play this game, so nobody can resign it: delete it instead",
        "cli.ask_resign": "Resign the game {id} ({who})? {name} leaves it (K10.1).",
        "cli.already_over": "the game {id} had already ended; it is archived and counted",
        "cli.resigned": "{name} resigned the game {id}: archived and counted as left (K10.1)",
        "cli.close_there": "{why}; close it there first",
        "cli.all_open_elsewhere": "every saved game is open in another window",
        "cli.nothing_to_resume": "there is no saved game to resume",
        # stats, export, records
        "cli.ask_rebuild": (
            "Rebuild the statistics from {records}? The current statistics file is kept as a backup"
        ),
        "cli.nothing_changed": "Nothing was changed.",
        "cli.rebuilt": "Statistics rebuilt from {records}",
        "cli.rebuilt_damaged": " ({damaged} skipped and moved aside)",
        "cli.rebuilt_backup": "; the old file was kept as {name}",
        "cli.ask_reset": "Forget all statistics ({matches})? This cannot be undone",
        "cli.reset_done": "Statistics reset ({matches} forgotten).",
        "cli.nothing_to_reset": "Nothing to reset: there are no statistics yet.",
        "cli.records_but_no_stats": (
            "there are no statistics, but {records}: `domino stats --rebuild`"
        ),
        "cli.no_matches": "No finished matches yet: play one with `domino`.",
        "cli.reset_and_rebuild": "give --reset or --rebuild, not both",
        "cli.written_to": "Transcript written to {path}",
        "cli.no_records": "No finished matches are kept yet.",
        "cli.profiles": "Profiles",
        "cli.profiles_caption": (
            "Won: rounds won of played · Mean: points left in hand per round · "
            "Best/Worst: rating, final score · practice: played with undo, not rated"
        ),
        "cli.col_player": "Player",
        "cli.col_games": "Games",
        "cli.col_goats": "Goats",
        "cli.col_won": "Won",
        "cli.col_mean": "Mean",
        "cli.col_rating": "Rating",
        "cli.col_best": "Best",
        "cli.col_worst": "Worst",
        "cli.bot_mark": "(bot)",
        "cli.left_n": "({n} left)",
        "cli.practice_n": "({n} practice)",
        "cli.records_title": "Records (newest first)",
        "cli.col_name": "Name",
        "cli.col_when": "When",
        "cli.col_rounds": "Rounds",
        "cli.col_result": "Result",
        "cli.abandoned_by": "abandoned by {names}",
        "cli.won_by": "won by {names}",
        "cli.goat_is": "goat: {names}",
        "cli.no_goat": "no goat",
        # sim, arena
        "cli.bots_none": "--bots needs at least one bot name",
        "cli.bots_vs_players": "--bots names {bots} for {players}",
        "cli.arena_bots": "give two to four bots, not {n}",
        "cli.arena_jobs": "--jobs must be 1 to {max}, not {n}",
    },
    "ru": {
        "cli.n_games": "партия|партии|партий",
        "cli.n_matches": "партия|партии|партий",
        "cli.n_records": "сохранённая запись|сохранённые записи|сохранённых записей",
        "cli.n_damaged": "повреждённая запись|повреждённые записи|повреждённых записей",
        "cli.n_bots": "бот|бота|ботов",
        "cli.n_players": "игрок|игрока|игроков",
        "cli.n_names": "имя игрока|имени игроков|имён игроков",
        "cli.interrupted": "прервано",
        "cli.aborted": "отменено",
        "cli.bad_lang": "неизвестный язык {language}; выберите ru или en",
        "cli.pairs_four": "--pairs: для игры парами нужно ровно 4 игрока, а не {n}",
        "cli.pairs_add_bots": (
            "--pairs: для игры парами нужно ровно 4 игрока, а не {n}: добавьте ботов (--bots)"
        ),
        "cli.players_range": "--players: игроков может быть 2, 3 или 4, а не {n}",
        "cli.bots_too_many": "--bots: {bots} не помещаются за стол на {n} (одно место Ваше)",
        "cli.bad_bot": "--bots: {why}",
        "cli.unknown_bot": "--bots: нет бота {name}; выберите из: {choices}",
        "cli.hotseat_names": "для игры за одной клавиатурой нужно от 2 до 4 имён, а не {n}",
        "cli.name_length": "в имени должно быть от 1 до {n} символов: {name}",
        "cli.name_clean": "в имени не может быть управляющих символов: {name}",
        "cli.name_twice": "у каждого игрока должно быть своё имя",
        "cli.table_full": "--bots: {players} и {bots} не помещаются за стол на четверых",
        "cli.folder_settings": "настроек",
        "cli.folder_data": "данных",
        "cli.folder_bad": (
            "папку {what} {folder} нельзя использовать: {why}; "
            "укажите в DOMINO_TUI_HOME папку, куда Вы можете писать"
        ),
        "cli.os_error": "не удаётся использовать {path}: {why}",
        "cli.os_error_nowhere": "не удаётся прочитать или записать файл: {why}",
        "cli.why_not_dir": "на месте папки лежит файл",
        "cli.why_denied": "нет доступа",
        "cli.why_read_only": "файловая система только для чтения",
        "cli.why_long_name": "слишком длинное имя файла",
        "cli.why_no_space": "на диске нет места",
        "cli.why_loop": "слишком много символических ссылок",
        "cli.cannot_write": "не удаётся записать {path}: {why}",
        "cli.not_an_id": "{id} — не номер партии (см. domino resume --list)",
        "cli.no_save": "сохранённой партии нет",
        "cli.no_such_id": "нет сохранённой партии с номером {id} (см. domino resume --list)",
        "cli.ambiguous_id": "с {id} начинаются {games}: укажите номер подробнее",
        "cli.no_unfinished": "неоконченных партий нет",
        "cli.resume_title": "Неоконченные партии, сначала новые",
        "cli.col_id": "Номер",
        "cli.col_players": "Игроки",
        "cli.col_rules": "Правила",
        "cli.col_round": "Кон",
        "cli.col_score": "Счёт",
        "cli.col_saved": "Сохранена",
        "cli.col_state": "Состояние",
        "cli.damaged": "повреждена: {why}",
        "cli.open_elsewhere": "открыта в другом окне",
        "cli.nothing_changed_short": "ничего не изменено",
        "cli.choose_one": "выберите что-то одно: --list (с --json), --delete или --resign",
        "cli.list_no_id": "--list не принимает номер партии",
        "cli.which_delete": "укажите номер партии, которую удалить",
        "cli.which_resign": "укажите номер партии, которую сдать",
        "cli.damaged_save": "повреждённое сохранение",
        "cli.open_in_other": "партия {id} открыта в другом окне",
        "cli.ask_delete": "Удалить партию {id} ({who})? Она нигде не будет учтена.",
        "cli.deleted": "партия {id} удалена",
        "cli.bots_only": "в этой партии играют одни боты, сдать её некому: удалите её",
        "cli.ask_resign": "Сдать партию {id} ({who})? Выход из неё засчитают: {name} (K10.1).",
        "cli.already_over": "партия {id} уже закончилась: она в архиве и учтена",
        "cli.resigned": "партия {id} сдана ({name}): она в архиве и учтена как выход (K10.1)",
        "cli.close_there": "{why}; сначала закройте её там",
        "cli.all_open_elsewhere": "все сохранённые партии открыты в других окнах",
        "cli.nothing_to_resume": "нет сохранённой партии, которую можно продолжить",
        "cli.ask_rebuild": (
            "Пересчитать статистику заново: {records}? Нынешний файл статистики сохранится копией"
        ),
        "cli.nothing_changed": "Ничего не изменено.",
        "cli.rebuilt": "Статистика пересчитана заново: {records}",
        "cli.rebuilt_damaged": " ({damaged} отложены в сторону и не учтены)",
        "cli.rebuilt_backup": "; прежний файл сохранён как {name}",
        "cli.ask_reset": "Забыть всю статистику ({matches})? Это нельзя отменить",
        "cli.reset_done": "Статистика сброшена (забыто: {matches}).",
        "cli.nothing_to_reset": "Сбрасывать нечего: статистики пока нет.",
        "cli.records_but_no_stats": ("статистики нет, но есть {records}: `domino stats --rebuild`"),
        "cli.no_matches": "Законченных партий пока нет: сыграйте одну — `domino`.",
        "cli.reset_and_rebuild": "укажите --reset или --rebuild, но не оба",
        "cli.written_to": "Запись партии сохранена в {path}",
        "cli.no_records": "Записей законченных партий пока нет.",
        "cli.profiles": "Игроки",
        "cli.profiles_caption": (
            "Коны: выиграно из сыгранных · Среднее: очков в руке за кон · "
            "Лучшая/худшая: рейтинг, итоговый счёт · тренировка: с отменой ходов, без рейтинга"
        ),
        "cli.col_player": "Игрок",
        "cli.col_games": "Партии",
        "cli.col_goats": "Козлы",
        "cli.col_won": "Коны",
        "cli.col_mean": "Среднее",
        "cli.col_rating": "Рейтинг",
        "cli.col_best": "Лучшая",
        "cli.col_worst": "Худшая",
        "cli.bot_mark": "(бот)",
        "cli.left_n": "(выход: {n})",
        "cli.practice_n": "(тренировка: {n})",
        "cli.records_title": "Записи партий (сначала новые)",
        "cli.col_name": "Имя",
        "cli.col_when": "Когда",
        "cli.col_rounds": "Коны",
        "cli.col_result": "Итог",
        "cli.abandoned_by": "вышел из партии: {names}",
        "cli.won_by": "победа: {names}",
        "cli.goat_is": "козёл: {names}",
        "cli.no_goat": "без козла",
        "cli.bots_none": "--bots: назовите хотя бы одного бота",
        "cli.bots_vs_players": "--bots: {bots} на {players}",
        "cli.arena_bots": "нужно от двух до четырёх ботов, а не {n}",
        "cli.arena_jobs": "--jobs: от 1 до {max}, а не {n}",
    },
}

i18n.add_strings(STRINGS)


def _locale_lang() -> str:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def argv_lang() -> str | None:
    """``--lang ru`` / ``--lang=ru`` from the command line, when one was given and is known."""
    args = sys.argv[1:]
    for i, arg in enumerate(args):
        value = args[i + 1] if arg == "--lang" and i + 1 < len(args) else None
        if arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value in i18n.LANGS:
            return value
    return None


def cli_lang(explicit: object = None) -> str:
    """The language of the CLI's words: ``--lang`` > the saved setting > the locale, as the
    app does (through ``options.resolve_lang`` once the settings module provides it)."""
    value = getattr(explicit, "value", explicit)
    if value in i18n.LANGS:
        return str(value)
    try:
        from . import options

        resolve = getattr(options, "resolve_lang", None)
        if resolve is not None:
            return str(resolve(None))
    except Exception:  # never let the words stop a command
        pass
    try:
        from ..app.settings import default_path

        path = default_path()
        if path.is_file():
            from ..app.settings import SettingsStore

            return SettingsStore(path).load().lang
    except Exception:
        pass
    return _locale_lang()


def say(key: str, lang: str, **fmt: object) -> str:
    """The text of ``key`` in ``lang``."""
    return i18n.tr(key, lang, **fmt)


def count(n: int, key: str, lang: str) -> str:
    """``n`` with the right form of a counted word (1 партия, 2 партии, 5 партий)."""
    from ..transcript import plural

    return plural(n, key, lang)


class UserError(typer.BadParameter):
    """A problem the player caused and can fix, already in the player's words: ``main()``
    prints it as one line (``domino: …``, exit code 2), never a traceback."""

    def __init__(self, message: object) -> None:
        super().__init__(str(message))

    def format_message(self) -> str:
        return self.message
