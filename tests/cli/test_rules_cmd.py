"""``domino rules``: the rules in our own words from the packaged texts, in both languages."""

from __future__ import annotations

import pytest

from domino_tui.cli.rules import rules_text

from .helpers import run


@pytest.mark.parametrize(("lang", "title"), [("en", "Goat — how to play"), ("ru", "Козёл")])
def test_rules_print_rendered_markdown(lang: str, title: str) -> None:
    result = run("rules", "--lang", lang)
    assert result.exit_code == 0
    out = result.stdout
    assert title in out.splitlines()[0]
    assert "# " not in out  # headings are rendered, not shown as Markdown
    assert "\x1b" not in out
    assert len(out.splitlines()) > 50


def test_rules_default_to_english() -> None:
    assert run("rules").stdout == run("rules", "--lang", "en").stdout


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_raw_prints_the_packaged_markdown_unchanged(lang: str) -> None:
    """The text comes from the package (importlib.resources), so a wheel install finds it too."""
    text = rules_text(lang)
    assert text.startswith("# ")
    assert run("rules", "--lang", lang, "--raw").stdout == text


def test_the_two_languages_differ() -> None:
    assert "стучит" in rules_text("ru")
    assert "knock" in rules_text("en")


def test_unknown_language_is_one_line_and_exit_2() -> None:
    result = run("rules", "--lang", "fr")
    assert result.exit_code == 2
    assert result.stderr == "domino rules: unknown language 'fr'; choose ru or en\n"
    assert result.stdout == ""
