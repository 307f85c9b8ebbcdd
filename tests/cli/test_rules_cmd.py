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


# --- a variant's page (issue 11) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "title", "words"),
    [("ru", "Осёл", ("закрыт", "крестов")), ("en", "Donkey", ("closed", "spinner"))],
)
def test_a_variants_page_is_printed_in_the_chosen_language(
    lang: str, title: str, words: tuple[str, ...]
) -> None:
    result = run("rules", "--rules", "osel", "--lang", lang)
    assert result.exit_code == 0
    out = result.stdout
    assert title in out.splitlines()[0]
    assert "# " not in out and "\x1b" not in out
    assert all(word in out for word in words)
    assert "V2.6.2" in out


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("preset", ["morskoy", "telefon", "muggins", "all-threes", "general"])
def test_raw_prints_the_packaged_page_of_the_presets_variant(preset: str, lang: str) -> None:
    """Маггинс and «Все тройки» are on Телефон's page (V3); the text is the package's."""
    from domino_tui.engine.rules import make_rules
    from domino_tui.engine.variants import MODULES
    from domino_tui.words.pages import variant_page

    page = MODULES[make_rules({}, preset).variant]
    assert run("rules", "--rules", preset, "--lang", lang, "--raw").stdout == variant_page(
        page, lang
    )


@pytest.mark.parametrize("preset", ["kozel", "kozel-pairs", "classic"])
def test_the_goat_presets_print_the_book(preset: str) -> None:
    assert (
        run("rules", "--rules", preset, "--lang", "ru").stdout
        == run("rules", "--lang", "ru").stdout
    )
