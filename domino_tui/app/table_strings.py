"""Words added for issue 9 (honest undo, dialogs, quit, Russian labels), in Russian and English.

Registered with :func:`domino_tui.i18n.add_strings` like every other area's words; keys already
defined elsewhere are never overwritten.
"""

from __future__ import annotations

from .. import i18n

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "with_undo": "↶ with undo",
        "confirm_quit_unsaved": "Leave the table? This game is not saved.",
        "w.actions": "action|actions",
        "w.rated": "rated match|rated matches",
        "with_undo_note": "A move was taken back: this match is practice, not rated.",
        "practice_matches": "practice (with undo, not rated): {n}",
    },
    "ru": {
        "with_undo": "↶ с отменой",
        "confirm_quit_unsaved": "Выйти из-за стола? Эта партия не сохраняется.",
        "w.actions": "действие|действия|действий",
        "w.rated": "партия в рейтинге|партии в рейтинге|партий в рейтинге",
        "with_undo_note": "Ход отменён: эта партия тренировочная и не идёт в рейтинг.",
        "practice_matches": "тренировочных (с отменой, без рейтинга): {n}",
    },
}
i18n.add_strings(STRINGS)
