"""A match with stand-in moves says so everywhere (issue 22, part 3): a bot that raised got
stand-in moves, so the match is kept out of the rating, and ``domino records`` (table and
JSON), ``domino export``, ``domino stats``' legend, the replay viewer's last caption and its
list of kept records all say it, in both languages. The match is made as a user would: ``domino
sim --record`` with the test plugin ``boom`` (tests/plugins/faulty), which raises at once."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from domino_tui.cli import app
from tests.plugins import faulty  # noqa: F401 - the fixture

from .helpers import ENV

MARK = {"en": "⚠ stand-in moves", "ru": "⚠ запасные ходы"}
NOT_RATED = {"en": "stand-in moves: not rated", "ru": "запасные ходы: без рейтинга"}
LEGEND = {"en": "with undo or with stand-in moves", "ru": "с отменой ходов или с запасными ходами"}


def run(home: Path, *args: str) -> Result:
    env = {**ENV, "COLUMNS": "220", "DOMINO_TUI_HOME": str(home)}
    env["DOMINO_TUI_CONFIG_DIR"] = str(home / "config")
    return CliRunner().invoke(app, list(args), env=env)


def said(result: Result) -> str:
    """The output without the tables' frames and line breaks."""
    return " ".join(re.sub(r"[┃┏┓┗┛┡┩━│└┘┌┐─┬┴┼╇╈┳┻]", " ", result.output).split())


@pytest.fixture
def home(tmp_path: Path, faulty: None) -> Path:  # noqa: F811 - the fixture, used
    """Kept records: ``boom`` (seat 1, it raises) against greedy, and an honest greedy match."""
    home = tmp_path / "home"
    records = home / "data" / "records"
    records.mkdir(parents=True)
    for name, bots in (("20261202-010000-boom", "boom,greedy"), ("20261201-010000-ok", "greedy")):
        made = run(
            home, "sim", "--seed", "2", "--players", "2", "--brief", "--bots", bots,
            "--record", str(records / f"{name}.json"),
        )  # fmt: skip
        assert made.exit_code == 0, made.output
    return home


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_records_mark_the_match_with_stand_in_moves(home: Path, lang: str) -> None:
    result = run(home, "records", "--lang", lang)
    assert result.exit_code == 0, result.output
    rows = {line.split()[1]: line for line in result.output.splitlines() if "2026120" in line}
    assert MARK[lang] in said(result)
    assert said(result).count(MARK[lang]) == 2  # the boom match's cell and the legend under it
    assert "…" not in result.output
    legend = {"en": "a bot failed", "ru": "бот дал сбой"}[lang]
    assert legend in said(result) and ("рейтинг" if lang == "ru" else "not rated") in said(result)
    assert set(rows) == {"20261202-010000-boom", "20261201-010000-ok"}
    assert MARK[lang] not in rows["20261201-010000-ok"]
    listed = json.loads(run(home, "records", "--json").output)
    assert {i["name"]: i["stand_ins"] for i in listed} == {
        "20261202-010000-boom": True,
        "20261201-010000-ok": False,
    }


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Stand-in moves: Player 1 ×"),
        ("ru", "Запасные ходы: Player 1 ×"),
    ],
)
def test_export_says_the_match_had_stand_in_moves(home: Path, lang: str, words: str) -> None:
    text = run(home, "export", "20261202-010000-boom", "--lang", lang).output
    assert words in text, text[-400:]
    assert words not in run(home, "export", "20261201-010000-ok", "--lang", lang).output


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_stats_legend_says_stand_in_moves_make_practice(home: Path, lang: str) -> None:
    """Rebuilt from the records, the stand-in match counts as practice, and the legend under
    the table says practice is a match with undo or with stand-in moves."""
    assert run(home, "stats", "--rebuild", "--yes").exit_code == 0
    shown = said(run(home, "stats", "--lang", lang))
    assert LEGEND[lang] in shown, shown
    assert re.search(r"\((1 practice|тренировка: 1)\)", shown), shown


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_the_replay_says_the_rating_does_not_count(home: Path, lang: str) -> None:
    """The viewer's last caption gives the ratings and, for this match, that they do not count;
    the app's list of kept records marks the match as ``records`` does."""
    from domino_tui.app.screens.replay import ReplayScreen, record_line, replay_app
    from domino_tui.storage.archive import list_records, load_record

    folder = home / "data" / "records"
    infos = {i.name: i for i in list_records(folder)}
    assert MARK[lang] in record_line(infos["20261202-010000-boom"], lang)
    assert MARK[lang] not in record_line(infos["20261201-010000-ok"], lang)
    for name, marked in (("20261202-010000-boom", True), ("20261201-010000-ok", False)):
        loaded = load_record(name, folder)
        viewer = replay_app(loaded, lang=lang, settings_path=None)
        async with viewer.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = viewer.screen
            assert isinstance(screen, ReplayScreen)
            await pilot.press("end")
            await pilot.pause()
            caption = str(screen.query_one("#caption").render())
            assert ("Рейтинг" if lang == "ru" else "Rating") in caption
            assert (NOT_RATED[lang] in caption) is marked, caption
