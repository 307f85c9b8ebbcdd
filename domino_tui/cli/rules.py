"""``domino rules``: the rules of Козёл in our own words, in Russian or English, and with
``--rules X`` the page of that variant (морской, осёл, телефон …) in the same language.

The texts ship inside the package, beside the catalogs (``domino_tui/locale/<lang>/``, read by
:mod:`domino_tui.words.pages`), so they are found from a wheel install as well as from a checkout.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import languages
from .options import fail
from .words import bad_lang, cli_lang, languages_help, say


def register(app: typer.Typer) -> None:
    """Add ``domino rules`` to ``app``."""
    app.command("rules")(rules)


def rules_text(lang: str) -> str:
    """The Markdown rules for ``lang`` (one of the catalogs' languages)."""
    from ..words.pages import rules_page  # loaded by this command, not by every command's start

    return rules_page(lang)


def rules(
    lang: Annotated[
        str | None, typer.Option("--lang", help=f"{languages_help()} (default: as the app's).")
    ] = None,
    raw: Annotated[bool, typer.Option("--raw", help="Print the Markdown source as it is.")] = False,
    preset: Annotated[
        str | None,
        typer.Option(
            "--rules",
            metavar="PRESET",
            help="A variant (osel, telefon …): its page of numbered rules.",
        ),
    ] = None,
    options: Annotated[
        bool,
        typer.Option(
            "--options",
            help="List every rule option (--set NAME=VALUE): what it allows and its default "
            "(the preset's value with --rules).",
        ),
    ] = False,
) -> None:
    """Print the rules of the game: the set, the deal, turns, fish, scoring and the goat."""
    if lang is not None and lang not in languages():
        fail("domino rules", bad_lang(repr(lang[:20])))
    lang = cli_lang(lang)
    from .sim import tolerant_stdout

    tolerant_stdout()
    if options:
        _options(preset or "kozel", lang)
        return
    text = rules_text(lang) if preset is None else _page(preset, lang)
    if raw:
        typer.echo(text, nl=False)
        return
    from rich.console import Console
    from rich.markdown import Markdown

    Console(highlight=False).print(Markdown(text))


def _options(preset: str, lang: str) -> None:
    """The rule options as tables: Козёл's (with the variant's name among the variants), then
    the preset's variant's own; each value the preset sets is shown as its default."""
    from ..engine.rules import OPTIONS, PRESETS, make_rules, rules_options
    from ..engine.variants import get_variant
    from ..words.options import help_rows
    from ..words.variant import all_options, variant_name
    from .option_help import option_table

    if preset not in PRESETS:
        allowed = ", ".join(PRESETS)
        fail(
            "domino rules", say("cli.unknown_preset", lang, name=repr(preset[:30]), allowed=allowed)
        )
    rules = make_rules({}, preset)
    values = all_options(rules)
    everything = rules_options(rules.variant)
    common = {name: everything[name] for name in OPTIONS}
    own = get_variant(rules.variant).options
    tables = [(say("option.rules_title", lang), common)]
    if own:
        tables.append((say("option.variant_title", lang, variant=variant_name(rules, lang)), own))
    from rich.console import Console

    console = Console(highlight=False)
    for title, table in tables:
        console.print(option_table(title, help_rows(table, lang, rules.variant, values), lang))


def _page(preset: str, lang: str) -> str:
    """The page of a preset's variant: Козёл's book for Козёл and classic, else the variant's."""
    from ..engine.rules import PRESETS, make_rules
    from ..variants import presenter
    from ..words.pages import variant_page

    if preset not in PRESETS:
        allowed = ", ".join(PRESETS)
        fail(
            "domino rules", say("cli.unknown_preset", lang, name=repr(preset[:30]), allowed=allowed)
        )
    page = presenter(make_rules({}, preset).variant).page
    return (variant_page(page, lang) if page else "") or rules_text(lang)
