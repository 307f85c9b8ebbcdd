"""Words added for issue 9 (honest undo, dialogs, quit, Russian labels), in Russian and English.

Registered with :func:`domino_tui.i18n.add_strings` like every other area's words; keys already
defined elsewhere are never overwritten.
"""

from __future__ import annotations

from .. import i18n

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "with_undo": "↶ with undo",
        "palette_key": "commands",
        "palette_prompt": "Search for commands…",
        "cmd_palette": "Open the list of commands",
        "cmd_theme": "Change the colours of the table",
        "cmd_theme_to": "Theme: {theme}",
        "cmd_keys": "Keys",
        "cmd_keys_show": "Show the keys of this screen",
        "cmd_keys_hide": "Hide the keys panel",
        "cmd_maximize": "Maximize",
        "cmd_maximize_help": "Show the focused part over the whole screen",
        "cmd_minimize": "Minimize",
        "cmd_minimize_help": "Back to the normal layout",
        "cmd_screenshot": "Screenshot",
        "cmd_screenshot_help": "Save an SVG picture of this screen",
        "theme_textual-dark": "Dark",
        "theme_textual-light": "Light",
        "theme_domino-contrast": "High contrast",
        "theme_nord": "Nord (cool blue)",
        "theme_gruvbox": "Gruvbox (warm retro)",
        "confirm_quit_unsaved": "Leave the table? This game is not saved.",
        "w.actions": "action|actions",
        "w.rated": "rated match|rated matches",
        "with_undo_note": "A move was taken back: this match is practice, not rated.",
        "practice_matches": "practice (with undo, not rated): {n}",
    },
    "ru": {
        "with_undo": "↶ с отменой",
        "palette_key": "команды",
        "palette_prompt": "Найти команду…",
        "cmd_palette": "Открыть список команд",
        "cmd_theme": "Сменить цвета стола",
        "cmd_theme_to": "Тема: {theme}",
        "cmd_keys": "Клавиши",
        "cmd_keys_show": "Показать клавиши этого экрана",
        "cmd_keys_hide": "Скрыть панель клавиш",
        "cmd_maximize": "Развернуть",
        "cmd_maximize_help": "Показать выбранную часть на весь экран",
        "cmd_minimize": "Свернуть",
        "cmd_minimize_help": "Вернуть обычный вид",
        "cmd_screenshot": "Снимок экрана",
        "cmd_screenshot_help": "Сохранить картинку этого экрана (SVG)",
        "theme_textual-dark": "Тёмная",
        "theme_textual-light": "Светлая",
        "theme_domino-contrast": "Высокий контраст",
        "theme_nord": "Северная (холодная синяя)",
        "theme_gruvbox": "Тёплая ретро",
        "confirm_quit_unsaved": "Выйти из-за стола? Эта партия не сохраняется.",
        "w.actions": "действие|действия|действий",
        "w.rated": "партия в рейтинге|партии в рейтинге|партий в рейтинге",
        "with_undo_note": "Ход отменён: эта партия тренировочная и не идёт в рейтинг.",
        "practice_matches": "тренировочных (с отменой, без рейтинга): {n}",
    },
}
i18n.add_strings(STRINGS)
