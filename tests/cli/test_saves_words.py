"""The words of saved, resigned and kept games (issue 22, part 7): ``domino resume --list``
names the game and the bots' levels in the player's language, and a resignation (K10.1) is
called one thing everywhere — «сдать партию» / "resign" — never «выход» (going out, K4.1), nor
"left", which the statistics read as "remaining"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from domino_tui import i18n
from domino_tui.app.saving import Saves
from domino_tui.app.session import GameSession, Seat
from domino_tui.cli import app
from domino_tui.engine.rules import make_rules

from .helpers import ENV

# every catalog entry that words a resignation (K10.1): the statistics, the records, the
# resign questions and answers of the CLI and the Saved games screen, the replay, the transcript
RESIGN_KEYS = (
    "abandoned",
    "cli.abandoned_by",
    "cli.ask_resign",
    "cli.left_n",
    "cli.resigned",
    "replay_abandoned",
    "replay_left",
    "saves_confirm_resign",
    "saves_resigned",
    "stats_left",
    "tx.abandoned",
)
# «выход»/«вышел»/«выйти» is going out (K4.1); «уход»/«покидает» is not what the yard says
NOT_RESIGNING = {
    "ru": re.compile(r"выход|вышел|выйти|уход|покид|покин", re.IGNORECASE),
    "en": re.compile(r"\b(left|leaves?|leaving|abandon\w*)\b", re.IGNORECASE),
}
RESIGNING = {"ru": "сда", "en": "resign"}


def run(home: Path, *args: str) -> Result:
    env = {**ENV, "COLUMNS": "200", "DOMINO_TUI_HOME": str(home)}
    env["DOMINO_TUI_CONFIG_DIR"] = str(home / "config")
    return CliRunner().invoke(app, list(args), env=env)


def said(result: Result) -> str:
    """The output without the tables' frames and line breaks."""
    return " ".join(re.sub(r"[┃┏┓┗┛┡┩━│└┘┌┐─┬┴┼╇╈┳┻]", " ", result.output).split())


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data folder with one unfinished Морской game: Tester against an easy and a hard bot."""
    home = tmp_path / "home"
    data = home / "data"
    saves = Saves(data / "saves", data / "records", data / "stats.sqlite3")
    seats = (Seat("Tester"), Seat("Alex", "bot", "easy"), Seat("Olya", "bot", "hard"))
    session = GameSession(make_rules({"players": 3}, "morskoy"), seats, 5, "morskoy")
    session.lang = "ru"
    for _ in range(3):
        session.match.apply(session.match.legal_actions()[0])
    saves.listen(session, None, None)
    saves.release()
    return home


@pytest.mark.parametrize(
    ("lang", "game", "levels", "not_shown"),
    [
        ("ru", "Морской", ("Alex (лёгкий)", "Olya (сильный)"), ("morskoy", "easy", "hard")),
        ("en", "Sea goat", ("Alex (easy)", "Olya (hard)"), ("morskoy",)),
    ],
)
def test_resume_list_names_the_game_and_the_levels_in_the_players_language(
    home: Path, lang: str, game: str, levels: tuple[str, ...], not_shown: tuple[str, ...]
) -> None:
    """``resume --list --lang ru`` shows «Морской» and «лёгкий»/«сильный», as the Saved games
    screen does, not the --rules key and the English level names."""
    result = run(home, "resume", "--list", "--lang", lang)
    assert result.exit_code == 0, result.output
    text = said(result)
    assert game in text and all(level in text for level in levels), text
    assert not any(word in text for word in not_shown), text


def test_records_name_the_game_in_the_players_language(home: Path) -> None:
    """``records`` names the kept game as ``resume --list`` does."""
    game_id = Saves(home / "data" / "saves").listing()[0].game_id
    assert run(home, "resume", game_id, "--resign", "--yes", "--lang", "ru").exit_code == 0
    text = said(run(home, "records", "--lang", "ru"))
    assert "Морской" in text and "morskoy" not in text, text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_resignation_is_called_resigning_in_the_stats_and_the_records(
    home: Path, lang: str
) -> None:
    """K10.1: after ``resume ID --resign`` the answer, ``stats`` (the resigner's count of games)
    and ``records`` (the result) all say «сдана/сдано» / "resigned", never «выход» (that is
    going out) or "left" (which reads as "games remaining")."""
    game_id = Saves(home / "data" / "saves").listing()[0].game_id
    answer = run(home, "resume", game_id, "--resign", "--yes", "--lang", lang)
    stats = run(home, "stats", "--lang", lang)
    records = run(home, "records", "--lang", lang)
    for result in (answer, stats, records):
        assert result.exit_code == 0, result.output
        text = said(result)
        assert RESIGNING[lang] in text.lower() and not NOT_RESIGNING[lang].search(text), text
    counted = {"ru": "1 (сдано: 1)", "en": "1 (1 resigned)"}[lang]
    assert counted in said(stats)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("key", RESIGN_KEYS)
def test_every_word_of_resigning_says_resign(lang: str, key: str) -> None:
    """Each catalog entry about a resignation uses the one word (ru «сдать партию», en
    "resign") and none of going out, leaving or abandoning; and no verb agrees with the
    resigner's name, who is often the player at the keyboard, «Вы» / "You" (no «Вы сдаётся»,
    no "You resigns")."""
    you = i18n.tr("you", lang)
    text = i18n.tr(key, lang, name=you, names=you, id="1", who=you, players=you, n=1)
    assert RESIGNING[lang] in text.lower(), text
    assert not NOT_RESIGNING[lang].search(text), text
    assert not re.search(rf"{you} (сда\w+|resigns|resigned\b)", text), text
