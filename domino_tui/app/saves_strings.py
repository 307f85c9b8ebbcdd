"""The words of the saved-games list and its notices, in Russian and English.

Kept apart from :mod:`.strings` (and merged the same way) so the saves can change without
touching the app's shared dictionary; keys already defined elsewhere are never overwritten.
"""

from __future__ import annotations

from .. import i18n

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "saves_title": "Unfinished games · newest first",
        "saves_players": "Players",
        "saves_rules": "Rules",
        "saves_round": "Round",
        "saves_score": "Score",
        "saves_when": "Saved",
        "saves_empty": "No unfinished games.",
        "saves_damaged": "damaged: {why}",
        "saves_open_elsewhere": "open in another window",
        "saves_open": "Resume",
        "saves_delete": "Delete",
        "saves_resign": "Resign",
        "saves_hint": "Enter: resume · d: delete · r: resign (counts as leaving, K10.1)",
        "saves_confirm_delete": "Delete the game of {players}? It is not counted anywhere.",
        "saves_confirm_resign": (
            "Resign the game of {players}? {name} leaves it (K10.1): it is archived and "
            "counted in the statistics as left."
        ),
        "saves_deleted": "The game was deleted.",
        "saves_resigned": "{name} resigned: the game is counted as left.",
        "saves_locked": "This game is open in another window.",
        "saves_no_human": "Only bots play this game: delete it instead.",
        "stand_in": "The bot level {level} of {name} is not installed: {stand} plays instead.",
        "save_failed": "The game could not be saved ({why}); play goes on.",
    },
    "ru": {
        "saves_title": "Неоконченные партии · сначала новые",
        "saves_players": "Игроки",
        "saves_rules": "Правила",
        "saves_round": "Кон",
        "saves_score": "Счёт",
        "saves_when": "Сохранено",
        "saves_empty": "Неоконченных партий нет.",
        "saves_damaged": "повреждена: {why}",
        "saves_open_elsewhere": "открыта в другом окне",
        "saves_open": "Продолжить",
        "saves_delete": "Удалить",
        "saves_resign": "Сдаться",
        "saves_hint": "Enter: продолжить · d: удалить · r: сдаться (уход из игры, K10.1)",
        "saves_confirm_delete": "Удалить партию ({players})? Она нигде не будет учтена.",
        "saves_confirm_resign": (
            "Сдать партию ({players})? {name} покидает игру (K10.1): партия попадёт в архив "
            "и в статистику как уход."
        ),
        "saves_deleted": "Партия удалена.",
        "saves_resigned": "{name}: партия сдана и учтена как уход.",
        "saves_locked": "Эта партия открыта в другом окне.",
        "saves_no_human": "В этой партии играют только боты: её можно только удалить.",
        "stand_in": "Уровня бота {level} ({name}) нет: вместо него играет «{stand}».",
        "save_failed": "Партию не удалось сохранить ({why}); игра продолжается.",
    },
}
i18n.add_strings(STRINGS)
