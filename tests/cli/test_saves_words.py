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
from domino_tui.cli import app
from domino_tui.engine.rules import make_rules
from domino_tui.play.saving import Saves
from domino_tui.play.session import GameSession, Seat

from .helpers import ENV

# every catalog entry that words a resignation (K10.1): the statistics, the records, the
# resign questions and answers of the CLI and the Saved games screen, the replay, the transcript
RESIGN_KEYS = (
    "abandoned",
    "cli.abandoned_by",
    "cli.left_n",
    "cli.resigned",
    "replay_abandoned",
    "replay_left",
    "saves.confirm_resign",
    "saves.resigning",
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
    text = i18n.tr(key, lang, name=you, names=you, id="1", who=you, players=you, game=you, n=1)
    assert RESIGNING[lang] in text.lower(), text
    assert not NOT_RESIGNING[lang].search(text), text
    assert not re.search(rf"{you} (сда\w+|resigns|resigned\b)", text), text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Resign this game? Sea goat, round 1, saved 20", "; players: Tester, Alex, Olya.")),
        ("ru", ("Сдать эту партию? Морской козёл, кон 1, сохранена 20", "; игроки: Tester,")),
    ],
)
def test_resume_resign_asks_the_question_the_app_asks(
    home: Path, lang: str, words: tuple[str, str]
) -> None:
    """K10.1: ``resume ID --resign`` names the game (its name, the round, when it was saved),
    its players and who resigns, in the very words of the Saved games dialog (one function
    words both); "no" leaves the game as it was."""
    from domino_tui.words.saves import resign_question

    saves = Saves(home / "data" / "saves")
    info = saves.listing()[0]
    result = CliRunner().invoke(
        app,
        ["resume", info.game_id[:8], "--resign", "--lang", lang],
        input="n\n",
        env={**ENV, "DOMINO_TUI_HOME": str(home), "DOMINO_TUI_CONFIG_DIR": str(home / "cfg")},
    )
    assert result.exit_code == 1, result.output
    question = resign_question(info, lang)
    assert question in result.output, result.output
    assert all(part in question for part in words), question
    assert {"en": "Resigning: Tester.", "ru": "Сдаёт: Tester."}[lang] in question
    assert saves.listing()[0].game_id == info.game_id  # nothing changed


# the CLI's question in a fresh interpreter: which modules answering it loaded
ASKED = r"""
import atexit, json, sys

atexit.register(lambda: print("\nMODULES", json.dumps(sorted(sys.modules)), flush=True))
from domino_tui.launch import main

sys.argv = ["domino", "resume", sys.argv[1], "--resign", "--lang", "ru"]
main()
"""


def test_resume_resign_asks_without_loading_textual(home: Path) -> None:
    """The shared question lives outside the app package: asking it loads neither Textual nor
    the app's screens."""
    import json
    import os
    import subprocess
    import sys

    game_id = Saves(home / "data" / "saves").listing()[0].game_id
    env = {**os.environ, "DOMINO_TUI_HOME": str(home), "DOMINO_TUI_CONFIG_DIR": str(home / "c")}
    done = subprocess.run(
        [sys.executable, "-c", ASKED, game_id[:8]],
        input="n\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert "Сдать эту партию? Морской козёл, кон 1" in done.stdout, done.stdout + done.stderr
    line = next(x for x in done.stdout.splitlines() if x.startswith("MODULES "))
    loaded = set(json.loads(line.split(" ", 1)[1]))
    assert "domino_tui.words.saves" in loaded
    assert not {
        m for m in loaded if m.split(".")[0] == "textual" or m.startswith("domino_tui.app.screens")
    }
