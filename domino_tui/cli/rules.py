"""``domino rules``: the rules of Козёл in our own words, in Russian or English.

The texts ship inside the package (``domino_tui/texts``) and are read through
:mod:`importlib.resources`, so they are found from a wheel install as well as from a checkout.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Annotated

import typer

from .options import fail
from .words import cli_lang, say


def register(app: typer.Typer) -> None:
    """Add ``domino rules`` to ``app``."""
    app.command("rules")(rules)


def rules_text(lang: str) -> str:
    """The Markdown rules for ``lang`` (ru or en)."""
    return resources.files("domino_tui.texts").joinpath(f"rules_{lang}.md").read_text("utf-8")


def variant_page(preset: str) -> tuple[str, Path | None]:
    """The docs page of a variant preset (``docs/variants/osel.md``, relative to the project)
    and its file when this is a checkout that has it (the pages are not in the wheel)."""
    from ..engine.rules import make_rules
    from ..engine.variants import MODULES

    name = f"docs/variants/{MODULES[make_rules({}, preset).variant]}.md"
    path = Path(__file__).resolve().parents[2] / name
    return name, path if path.is_file() else None


def rules(
    lang: Annotated[
        str | None, typer.Option("--lang", help="ru or en (default: as the app's).")
    ] = None,
    raw: Annotated[bool, typer.Option("--raw", help="Print the Markdown source as it is.")] = False,
    preset: Annotated[
        str | None,
        typer.Option(
            "--rules",
            metavar="PRESET",
            help="A variant (osel, telefon …): its numbered rules page (in English).",
        ),
    ] = None,
) -> None:
    """Print the rules of the game: the set, the deal, turns, fish, scoring and the goat."""
    if lang is not None and lang not in ("ru", "en"):
        fail("domino rules", say("cli.bad_lang", cli_lang(), language=repr(lang[:20])))
    lang = cli_lang(lang)
    from .sim import tolerant_stdout

    tolerant_stdout()
    if preset is not None and preset not in ("kozel", "kozel-pairs", "classic"):
        _variant_rules(preset, lang, raw)
        return
    text = rules_text(lang)
    if raw:
        typer.echo(text, nl=False)
        return
    from rich.console import Console
    from rich.markdown import Markdown

    Console(highlight=False).print(Markdown(text))


def _variant_rules(preset: str, lang: str, raw: bool) -> None:
    """A variant's rules: where its page is, and the page itself from a checkout."""
    from ..engine.rules import PRESETS, make_rules
    from ..variant_words import variant_name

    if preset not in PRESETS:
        allowed = ", ".join(PRESETS)
        fail(
            "domino rules", say("cli.unknown_preset", lang, name=repr(preset[:30]), allowed=allowed)
        )
    name, path = variant_page(preset)
    title = variant_name(make_rules({}, preset), lang)
    if path is None:
        typer.echo(say("cli.variant_rules_at", lang, variant=title, page=name))
        return
    text = path.read_text("utf-8")
    if raw:
        typer.echo(text, nl=False)
        return
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console(highlight=False)
    console.print(say("cli.variant_rules_page", lang, variant=title, page=name), markup=False)
    console.print(Markdown(text))
