"""The CLI speaks the player's language (issue 9, parts 1-2): every message a command prints to
a player comes from :mod:`domino_tui.cli.words` in Russian or English, counted words take the
right form, and machine output (``--json``) is the same in both languages."""

from __future__ import annotations

import re
import sys

import pytest
from typer.testing import CliRunner, Result

from domino_tui import i18n
from domino_tui.cli import app, main, words
from domino_tui.storage.paths import records_dir

from .helpers import ENV


def run(*args: str, **env: str | None) -> Result:
    return CliRunner().invoke(app, list(args), env={**ENV, **env})


def said(result: Result) -> str:
    """The output with box drawing and line wrapping taken out (typer's error panel wraps)."""
    text = re.sub(r"[╭╮╰╯│─]", " ", result.output)
    return " ".join(text.split())


def _cli_words(lang: str) -> dict[str, str]:
    found = i18n.translation(lang)
    assert found is not None
    entries = found._catalog  # type: ignore[attr-defined]
    return {k: v for k, v in entries.items() if isinstance(k, str) and k.startswith("cli.")}


def _forms(lang: str, key: str) -> list[str]:
    found = i18n.translation(lang)
    assert found is not None
    entries = found._catalog  # type: ignore[attr-defined]
    return [entries[k] for k in sorted(k for k in entries if isinstance(k, tuple) and k[0] == key)]


def test_every_cli_word_is_in_both_languages_with_its_counted_forms() -> None:
    en, ru = _cli_words("en"), _cli_words("ru")
    assert set(en) == set(ru) and len(en) > 50
    for key in en:
        assert en[key].strip() and ru[key].strip(), key
        assert sorted(re.findall(r"{\w+}", en[key])) == sorted(re.findall(r"{\w+}", ru[key])), key
        assert i18n.tr(key, "ru") == ru[key]
    counted = {k[0] for k in i18n.translation("en")._catalog if isinstance(k, tuple)}  # type: ignore[union-attr]
    for key in (k for k in counted if k.startswith("cli.n_")):
        assert len(_forms("en", key)) == 2 and len(_forms("ru", key)) == 3, key
        assert all(form.strip() for form in _forms("ru", key)), key


@pytest.mark.parametrize(
    ("n", "ru", "en"),
    [
        (1, "1 партия", "1 game"),
        (2, "2 партии", "2 games"),
        (5, "5 партий", "5 games"),
        (11, "11 партий", "11 games"),
        (21, "21 партия", "21 games"),
        (104, "104 партии", "104 games"),
    ],
)
def test_counted_words(n: int, ru: str, en: str) -> None:
    assert words.count(n, "cli.n_games", "ru") == ru
    assert words.count(n, "cli.n_games", "en") == en


@pytest.mark.parametrize(
    ("args", "ru", "en"),
    [
        (["resume", "--list"], "неоконченных партий нет", "no unfinished games"),
        (["resume", "abc123"], "domino: сохранённой партии нет", "domino: there is no saved game"),
        (["resume", "zz-top"], "не номер партии", "is not a game id"),
        (["resume", "--delete"], "укажите номер партии, которую удалить", "say which game to"),
        (["stats"], "Законченных партий пока нет", "No finished matches yet"),
        (["stats", "--reset"], "Сбрасывать нечего: статистики пока нет", "Nothing to reset"),
        (["stats", "--reset", "--rebuild"], "укажите --reset или --rebuild", "not both"),
        (["records"], "Записей законченных партий пока нет", "No finished matches are kept yet"),
        (["play", "--players", "5"], "игроков может быть 2, 3 или 4, а не 5", "not 5"),
        (["play", "--pairs", "--players", "3"], "для игры парами нужно ровно 4", "exactly 4"),
        (["hotseat", "Masha", "masha"], "у каждого игрока должно быть своё имя", "own"),
        (["hotseat", "Masha"], "нужно от 2 до 4 имён, а не 1", "2 to 4 player names, not 1"),
        (["play", "--bots", "grandmaster"], "нет бота 'grandmaster'; выберите", "unknown bot"),
        (
            ["hotseat", "A", "B", "C", "--bots", "hard,hard"],
            "3 игрока и 2 бота не помещаются за стол на четверых",
            "3 players and 2 bots do not fit a table of 4",
        ),
    ],
)
def test_messages_in_russian_and_english(args: list[str], ru: str, en: str) -> None:
    russian, english = run(*args, "--lang", "ru"), run(*args, "--lang", "en")
    assert russian.exit_code == english.exit_code
    assert ru in said(russian) and en not in said(russian)
    assert en in said(english) and ru not in said(english)


@pytest.mark.parametrize(
    ("kept", "ru", "en"),
    [
        (1, "есть 1 сохранённая запись", "but 1 kept record:"),
        (3, "есть 3 сохранённые записи", "but 3 kept records:"),
        (5, "есть 5 сохранённых записей", "but 5 kept records:"),
    ],
)
def test_counted_records_in_a_message(kept: int, ru: str, en: str) -> None:
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(kept):
        (folder / f"match-{i}.json").write_text("{}", encoding="utf-8")
    assert ru in said(run("stats", "--lang", "ru"))
    assert en in said(run("stats", "--lang", "en"))


@pytest.mark.parametrize(
    "args", [["resume", "--list", "--json"], ["records", "--json"], ["stats", "--json"]]
)
def test_machine_output_is_the_same_in_both_languages(args: list[str]) -> None:
    russian, english = run(*args, "--lang", "ru"), run(*args, "--lang", "en")
    assert russian.exit_code == english.exit_code == 0
    assert russian.stdout == english.stdout and russian.stdout.strip() == "[]"


NO_LOCALE: dict[str, str | None] = {"LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def test_without_lang_the_locale_decides() -> None:
    """No --lang and no saved settings: a Russian locale gets Russian words, others English."""
    russian = run("resume", "--list", **{**NO_LOCALE, "LANG": "ru_RU.UTF-8"})
    assert "неоконченных партий нет" in russian.output
    english = run("resume", "--list", **{**NO_LOCALE, "LANG": "C.UTF-8"})
    assert "no unfinished games" in english.output
    russian = run("stats", "--reset", **{**NO_LOCALE, "LC_ALL": "ru_RU.UTF-8", "LANG": "C"})
    assert "Сбрасывать нечего" in russian.output


@pytest.mark.parametrize(
    ("locale", "line"),
    [
        ("C.UTF-8", "unknown language 'xx'; choose ru or en"),
        ("ru_RU.UTF-8", "неизвестный язык 'xx'; выберите ru или en"),
    ],
)
def test_an_unknown_language_is_one_line_in_the_locales_language(locale: str, line: str) -> None:
    result = run("rules", "--lang", "xx", **{**NO_LOCALE, "LANG": locale})
    assert result.exit_code == 2 and line in result.output


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("ru", "domino: --players: игроков может быть 2, 3 или 4, а не 5\n"),
        ("en", "domino: --players: players must be 2, 3 or 4, not 5\n"),
    ],
)
def test_the_real_command_prints_a_table_error_as_one_line(
    lang: str, line: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["domino", "play", "--players", "5", "--lang", lang])
    with pytest.raises(SystemExit) as stop:
        main()
    assert stop.value.code == 2
    assert capsys.readouterr().err == line
