"""The app's words in Russian and English.

They are merged into :data:`domino_tui.i18n.STRINGS` so that one ``tr`` serves the whole project;
game terms (козёл, рыба, базар, стучит) come from the shared dictionary and stay Russian in the
Russian UI. Keys already defined there are never overwritten.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import i18n
from ..engine.round import REASONS
from ..transcript import plural

if TYPE_CHECKING:
    from ..storage.stats import Replaced

APP_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Kozel — dominoes",
        "new_game": "New game",
        "resume": "Resume",
        "rules": "Rules",
        "settings": "Settings",
        "quit": "Quit",
        "menu": "Menu",
        "play_again": "Play again",
        "start": "Start",
        "cancel": "Cancel",
        "back": "Back",
        "save": "Save",
        "yes": "Yes",
        "no": "No",
        "continue": "Continue",
        "confirm_quit": "Leave the table? The game stays saved.",
        "too_small": "Enlarge the window: the table needs at least 80×24 (now {w}×{h}).",
        "you": "You",
        "human": "human",
        "bot": "bot",
        "off": "empty",
        "seat": "Seat {n}",
        "level_easy": "easy",
        "level_medium": "medium",
        "level_hard": "hard",
        "level_master": "master",
        "partner": "partner",
        "your_turn": "Your turn: ←/→ choose a tile, Enter plays it.",
        "your_turn_draw": "Nothing fits: draw from the boneyard (D).",
        "your_turn_knock": "Nothing fits and the boneyard is empty: knock (K).",
        "choose_end": "{tile} fits both ends: ←/→ pick one, Enter lays it, Esc cancels.",
        "waiting": "{name} is thinking…",
        "turn_of": "Turn: {name}",
        "tiles_n": "{n} tiles",
        "ends": "ends {left} · {right}",
        "no_tiles_yet": "The line is empty: {name} leads.",
        "lead_with": "Lead with {tiles}.",
        "hand_of": "Your hand · {n}",
        "boneyard_n": "{n}",
        "carry_marker": "🐟 +{n}",
        "round_n": "Round {n}",
        "round_col": "#",
        "illegal": "Not allowed: {reason}",
        "hint": "Hint: {action} — {reason}",
        "hint_thinking": "Looking for a hint…",
        "hint_generic": "what the strongest bot would play here",
        "hint_none": "No hint now: it is not your turn.",
        "act_played": "played {tile}",
        "act_led": "led {tile}",
        "act_drew": "drew {n}",
        "act_knocked": "knocked",
        "log_led": "{name}: led {tile}",
        "log_played": "{name}: {tile} on the {end}",
        "log_drew": "{name}: drew from the boneyard",
        "log_drew_tile": "{name}: drew {tile}",
        "log_knocked": "{name}: knocked",
        "log_went_out": "{name} went out!",
        "log_fish": "Fish! Fisher: {name}",
        "log_took": "The boneyard goes to {name} ({n})",
        "log_round": "— Round {n} —",
        "log_redeal": "Redeal ×{n}",
        "left": "left",
        "right": "right",
        "end_left": "left end",
        "end_right": "right end",
        "round_over": "Round {n} is over",
        "went_out_by": "{name} went out",
        "fish_by": "Fish — fisher {name}",
        "took_boneyard": "{name} took the boneyard ({n} tiles)",
        "redeals_n": "redeals: {n}",
        "hand_points": "{n} pts",
        "out_mark": "out",
        "note_opened": "opens the score: {n}",
        "note_written": "writes {n}",
        "note_remembered": "remembers +{n}",
        "note_cleared": "loses +{n}",
        "note_carry_paid": "pays the fish +{n}",
        "note_nothing": "nothing",
        "tie_fish": "Fish with eggs: a tie, +{n} moves on",
        "carry_pending": "Fish carry-over pending: +{n}",
        "game_over": "Game over",
        "goat_is": "The goat: {names}!",
        "goats_are": "The goats: {names}!",
        "no_goat": "No goat this time.",
        "winner_is": "Winner: {names}",
        "rating": "rating",
        "final_table": "Final scores",
        "score": "score",
        "new_game_title": "New game",
        "seats": "Seats",
        "pairs": "Pairs (1+3 vs 2+4)",
        "preset": "Preset",
        "target": "Target",
        "options": "Rule options",
        "seed": "Seed (empty = random)",
        "settings_title": "Settings",
        "language": "Language",
        "theme": "Theme",
        "pace": "Bot pace",
        "pace_instant": "instant",
        "pace_fast": "fast",
        "pace_normal": "normal",
        "pace_slow": "slow",
        "auto_knock": "Knock automatically when nothing fits",
        "tile_style": "Tiles",
        "style_auto": "auto",
        "style_pips": "pips",
        "style_digits": "digits",
        "player_name": "Your name",
        "bad_option": "{msg}",
        "key_play": "Play",
        "key_draw": "Draw",
        "key_knock": "Knock",
        "key_hint": "Hint",
        "key_skip": "Skip wait",
        "key_scores": "Scores",
        "key_quit": "Quit",
        "key_rules": "Rules",
        "key_menu": "Menu",
        "cmd_new_game": "Start a new game",
        "cmd_rules": "Read the rules",
        "cmd_settings": "Change language, theme, pace, tiles",
        "cmd_hint": "What would the hard bot play?",
        "cmd_quit": "Leave the game",
        "screenshot_saved": "Screenshot saved: {path}",
        # saves
        "save_broken": "{why}",
        "no_save": "There is no saved game to resume.",
        # hot-seat
        "curtain": "🔒 {name}'s turn. Pass the keyboard to {name}.\n"
        "{name}, press Enter to see your tiles.",
        "curtain_status": "Hands hidden. {name}, press Enter when you are at the keyboard.",
        "hands_hidden": "Hands are hidden between turns.",
        "hand_named": "{name}'s hand · {n}",
        "timer": "{name} {s}s",
        "log_timed_out": "{name} ran out of time: the game is abandoned",
        "abandoned": "Abandoned: {name} left the game (ran out of time).",
        "player_n": "Player {n}",
        "name": "Name",
        "turn_timer": "Turn timer (s)",
        "turn_timer_hint": "hot-seat only; empty: none",
        "names_unique": "Every player needs a name of their own.",
        "bad_timer": "The turn timer is a number of seconds (empty: no timer).",
        # double pair (K3.4) and undo
        "key_pair": "Two doubles",
        "pair_offer": "P lays {a} and {b} at once.",
        "pair_off": "these rules allow one tile per turn (K3.4)",
        "key_undo": "Undo",
        "undo_setting": "Allow undo in games against bots",
        "undo_none": "Nothing to take back in this round.",
        "undo_off": "Undo is switched off in the settings.",
        "undo_hotseat": "No undo when friends play at one keyboard.",
        "undo_scripted": "This game cannot be rewound.",
        "undone": "Taken back: {n}. Your move again.",
        "log_undo": "↶ undo ({n})",
    },
    "ru": {
        "title": "Козёл — домино",
        "new_game": "Новая игра",
        "resume": "Продолжить",
        "rules": "Правила",
        "settings": "Настройки",
        "quit": "Выход",
        "menu": "Меню",
        "play_again": "Ещё партию",
        "start": "Начать",
        "cancel": "Отмена",
        "back": "Назад",
        "save": "Сохранить",
        "yes": "Да",
        "no": "Нет",
        "continue": "Дальше",
        "confirm_quit": "Выйти из-за стола? Партия сохранится.",
        "too_small": "Увеличьте окно: столу нужно не меньше 80×24 (сейчас {w}×{h}).",
        "you": "Вы",
        "human": "человек",
        "bot": "бот",
        "off": "пусто",
        "seat": "Место {n}",
        "level_easy": "лёгкий",
        "level_medium": "средний",
        "level_hard": "сильный",
        "level_master": "мастер",
        "partner": "партнёр",
        "your_turn": "Ваш ход: ←/→ выбрать кость, Enter — сходить.",
        "your_turn_draw": "Ходить нечем: берите из базара (D).",
        "your_turn_knock": "Ходить нечем, базар пуст: стучите (K).",
        "choose_end": "{tile} — к какому концу? ←/→ выбрать, Enter — положить, Esc — отмена.",
        "waiting": "{name} думает…",
        "turn_of": "Ход: {name}",
        "tiles_n": "костей: {n}",
        "ends": "концы {left} · {right}",
        "no_tiles_yet": "На столе пусто: заходит {name}.",
        "lead_with": "Заходите с {tiles}.",
        "hand_of": "Ваши кости · {n}",
        "boneyard_n": "{n}",
        "carry_marker": "🐟 +{n}",
        "round_n": "Кон {n}",
        "round_col": "№",
        "illegal": "Так нельзя: {reason}",
        "hint": "Подсказка: {action} — {reason}",
        "hint_thinking": "Ищу подсказку…",
        "hint_generic": "так сыграл бы сильный бот",
        "hint_none": "Подсказка только в ваш ход.",
        "act_played": "ход {tile}",
        "act_led": "заход {tile}",
        "act_drew": "+{n} из базара",
        "act_knocked": "стучит",
        "log_led": "{name}: заход {tile}",
        "log_played": "{name}: {tile} на {end} конец",
        "log_drew": "{name}: кость из базара",
        "log_drew_tile": "{name}: из базара {tile}",
        "log_knocked": "{name}: стук",
        "log_went_out": "{name}: кости кончились!",
        "log_fish": "Рыба! Рыбак: {name}",
        "log_took": "Базар забирает: {name} ({n})",
        "log_round": "— Кон {n} —",
        "log_redeal": "Пересдача ×{n}",
        "left": "левый",
        "right": "правый",
        "end_left": "левый конец",
        "end_right": "правый конец",
        "round_over": "Кон {n} окончен",
        "went_out_by": "{name}: кости кончились",
        "fish_by": "Рыба — рыбак {name}",
        "took_boneyard": "Базар забирает: {name} ({n})",
        "redeals_n": "пересдач: {n}",
        "hand_points": "{n} оч.",
        "out_mark": "выход",
        "note_opened": "счёт открыт: {n}",
        "note_written": "записано {n}",
        "note_remembered": "запомнено +{n}",
        "note_cleared": "сгорело +{n}",
        "note_carry_paid": "платит рыбу +{n}",
        "note_nothing": "ничего",
        "tie_fish": "Рыба с яйцами: ничья, +{n} переходит дальше",
        "carry_pending": "Рыба в запасе: +{n}",
        "game_over": "Партия окончена",
        "goat_is": "Козёл: {names}!",
        "goats_are": "Козлы: {names}!",
        "no_goat": "Козла нет.",
        "winner_is": "Победитель: {names}",
        "rating": "рейтинг",
        "final_table": "Итоговый счёт",
        "score": "счёт",
        "new_game_title": "Новая игра",
        "seats": "Места",
        "pairs": "Парами (1+3 против 2+4)",
        "preset": "Вариант",
        "target": "До скольких",
        "options": "Правила",
        "seed": "Зерно (пусто = случайно)",
        "settings_title": "Настройки",
        "language": "Язык",
        "theme": "Тема",
        "pace": "Скорость ботов",
        "pace_instant": "мгновенно",
        "pace_fast": "быстро",
        "pace_normal": "обычно",
        "pace_slow": "медленно",
        "auto_knock": "Стучать самому, когда ходить нечем",
        "tile_style": "Кости",
        "style_auto": "авто",
        "style_pips": "точки",
        "style_digits": "цифры",
        "player_name": "Ваше имя",
        "bad_option": "{msg}",
        "key_play": "Ход",
        "key_draw": "Базар",
        "key_knock": "Стук",
        "key_hint": "Подсказка",
        "key_skip": "Не ждать",
        "key_scores": "Счёт",
        "key_quit": "Выход",
        "key_rules": "Правила",
        "key_menu": "Меню",
        "cmd_new_game": "Начать новую партию",
        "cmd_rules": "Прочитать правила",
        "cmd_settings": "Язык, тема, скорость, вид костей",
        "cmd_hint": "Как сыграл бы сильный бот?",
        "cmd_quit": "Выйти из игры",
        "screenshot_saved": "Снимок экрана: {path}",
        # saves
        "save_broken": "Сохранённую партию не открыть ({why})",
        "no_save": "Сохранённой партии нет.",
        # hot-seat
        "curtain": "🔒 Ходит {name}. Передайте клавиатуру: {name}.\n"
        "{name}, нажмите Enter, чтобы увидеть свои кости.",
        "curtain_status": "Кости скрыты. {name}, нажмите Enter, когда сядете за клавиатуру.",
        "hands_hidden": "Между ходами кости скрыты.",
        "hand_named": "Кости: {name} · {n}",
        "timer": "{name} {s} с",
        "log_timed_out": "У игрока {name} кончилось время: партия прервана",
        "abandoned": "Партия прервана: {name} покидает игру (кончилось время).",
        "player_n": "Игрок {n}",
        "name": "Имя",
        "turn_timer": "Время на ход (с)",
        "turn_timer_hint": "только за одним столом; пусто — нет",
        "names_unique": "У каждого игрока должно быть своё имя.",
        "bad_timer": "Время на ход — число секунд (пусто: без таймера).",
        # double pair (K3.4) and undo
        "key_pair": "Два дубля",
        "pair_offer": "P — положить {a} и {b} сразу.",
        "pair_off": "по этим правилам за ход кладут одну кость (K3.4)",
        "key_undo": "Отмена",
        "undo_setting": "Разрешить отмену хода в игре с ботами",
        "undo_none": "В этом коне отменять нечего.",
        "undo_off": "Отмена хода выключена в настройках.",
        "undo_hotseat": "В игре за одной клавиатурой ходы не отменяют.",
        "undo_scripted": "Эту партию нельзя отмотать назад.",
        "undone": "Отменено: {n}. Снова ваш ход.",
        "log_undo": "↶ отмена ({n})",
    },
}

# The engine's refusal reasons (RoundState.illegal_reason keys) in each language; English is
# the engine's own wording.
REASON_TEXT: dict[str, dict[str, str]] = {
    "en": dict(REASONS),
    "ru": {
        "over": "кон окончен",
        "not_an_action": "{code} — не ход этой игры",
        "must_play": "у вас есть подходящая кость: ходите ею",
        "boneyard_empty": "базар пуст: стучите",
        "draw_first": "сначала возьмите из базара: стучать можно, только когда он пуст",
        "not_in_hand": "{tile} — не ваша кость",
        "lead_must_be": "первой в этом коне должна быть {tiles}",
        "pair_needs_doubles": "для двух дублей нужен дубль на каждый конец",
        "fits_neither": "{tile} не подходит ни к одному концу ({left} · {right})",
        "wrong_left": "{tile} не подходит к левому концу ({left}); к правому подходит",
        "wrong_right": "{tile} не подходит к правому концу ({right}); к левому подходит",
    },
}

BOT_NAMES: dict[str, tuple[str, ...]] = {
    "ru": ("Маша", "Лёша", "Оля", "Серёжа"),
    "en": ("Masha", "Alex", "Olya", "Serg"),
}


def _register() -> None:
    for lang, table in APP_STRINGS.items():
        target = i18n.STRINGS.setdefault(lang, {})
        for key, text in table.items():
            target.setdefault(key, text)


_register()

from . import table_strings as _table_strings  # noqa: E402, F401  (registers issue 9's words)


def t(key: str, lang: str, **fmt: object) -> str:
    """The app text for ``key`` in ``lang`` (shared terms included)."""
    return i18n.tr(key, lang, **fmt)


def reason(found: tuple[str, dict[str, str]], lang: str) -> str:
    """The engine's refusal ``(key, args)`` in the UI language (catalog key ``reason.<key>``);
    a key the catalogs do not know yet (a newer engine) falls back to the engine's English."""
    key, args = found
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


class _Blank(dict[str, str]):
    """format_map helper: a missing argument prints as ``?`` rather than failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def save_broken(err: Exception, lang: str) -> str:
    """The storage layer's one-line reason (it names where the file went) for the player."""
    why = str(err)
    return t("save_broken", lang, why=why[:1].upper() + why[1:] if lang == "en" else why)


def theme_label(name: str, lang: str) -> str:
    """A theme's name for the player (Settings, the palette); unknown themes keep theirs."""
    key = f"theme_{name}"
    return t(key, lang) if i18n.has_key(key, lang) else name


def level_name(level: str, lang: str) -> str:
    key = f"level_{level}"
    return t(key, lang) if i18n.has_key(key, lang) else level


_SWEEP = {
    "en": {
        **{f"reason.{k}": v for k, v in REASON_TEXT["en"].items()},
        "settings.unreadable": "Settings could not be read ({why}); the defaults are used and "
        "not saved.",
        "settings.left_as_is": "Settings: {why}. The defaults are used and the file is left as "
        "it is.",
        "settings.moved_aside": "Settings: {why}. The file was kept as {name}; the defaults "
        "are used.",
        "stats.replaced": "The statistics file was damaged ({reason}); it was moved to {moved} "
        "and the statistics were rebuilt from {records}.",
        "stats.kept_records": "kept record|kept records",
        "stats.skipped": "{n} damaged record was skipped and moved aside.|{n} damaged records "
        "were skipped and moved aside.",
    },
    "ru": {
        **{f"reason.{k}": v for k, v in REASON_TEXT["ru"].items()},
        "settings.unreadable": "Не удалось прочитать настройки ({why}); взяты настройки по "
        "умолчанию, они не сохраняются.",
        "settings.left_as_is": "Настройки: {why}. Взяты настройки по умолчанию, файл оставлен "
        "как есть.",
        "settings.moved_aside": "Настройки: {why}. Файл сохранён как {name}; взяты настройки "
        "по умолчанию.",
        "stats.replaced": "Файл статистики был повреждён ({reason}); он перемещён в {moved}, "
        "статистика восстановлена из архива: {records}.",
        "stats.kept_records": "запись|записи|записей",
        "stats.skipped": "{n} повреждённая запись отложена в сторону.|{n} повреждённые записи "
        "отложены в сторону.|{n} повреждённых записей отложено в сторону.",
    },
}
i18n.add_strings(_SWEEP)
