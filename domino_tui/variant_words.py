"""The variants of the Козёл family in words: their names, which of them the table can show,
and each variant's own score sheet (``RoundResult.notes``) for the transcript.

The table (the Textual app) draws the two-ended line and Козёл's score sheet: it plays the
presets of :data:`TABLE_VARIANTS` only. The others are watched with ``domino sim --rules X``
until the table learns them; :func:`no_table` says so in one line.
"""

from __future__ import annotations

from .engine.rules import PRESETS, Rules, make_rules
from .engine.variants import get_variant
from .i18n import Lang, tr

TABLE_VARIANTS = ("kozel", "classic")  # what the table draws today: the line and Козёл's sheet
TABLE_PRESETS = ("kozel", "kozel-pairs", "classic")


def table_plays(rules: Rules) -> bool:
    """Whether the table can show a game of ``rules`` (new game, resume, replay viewer)."""
    return rules.variant in TABLE_VARIANTS


def all_options(rules: Rules) -> dict[str, object]:
    """Every option with its value, the variant's own ones included at their defaults."""
    out = rules.to_dict()
    for name in get_variant(rules.variant).options:
        out[name] = rules.opt(name)
    return out


def differences(rules: Rules, base: Rules) -> dict[str, object]:
    """The options of ``rules`` whose values differ from ``base``'s."""
    theirs = all_options(base)
    return {k: v for k, v in all_options(rules).items() if theirs.get(k, v) != v}


def closest_preset(rules: Rules) -> str:
    """The ``--rules`` preset of the same variant that differs from ``rules`` the least."""
    own = [name for name in PRESETS if make_rules({}, name).variant == rules.variant]
    return min(own or ["kozel"], key=lambda name: len(differences(rules, make_rules({}, name))))


def variant_name(rules: Rules, lang: Lang) -> str:
    """The game's name ("Осёл", "Sea goat"): its closest preset's."""
    return tr(f"tx.variant.{closest_preset(rules)}", lang)


def no_table(rules: Rules, lang: Lang) -> str:
    """One line: the table cannot show this variant yet; watch bots play it in ``domino sim``."""
    preset = closest_preset(rules)
    return tr("cli.no_table", lang, variant=tr(f"tx.variant.{preset}", lang), preset=preset)


def no_viewer(rules: Rules, record: str, lang: Lang) -> str:
    """One line: the replay viewer cannot show this variant yet; ``domino export`` can."""
    shown = record if record and " " not in record else repr(record)
    return tr("cli.no_viewer", lang, variant=variant_name(rules, lang), record=shown)


def table_notice(rules: Rules, lang: Lang) -> str:
    """The app's notice for a saved game of a variant the table cannot show yet."""
    preset = closest_preset(rules)
    return tr("app.no_table", lang, variant=tr(f"tx.variant.{preset}", lang), preset=preset)


def viewer_notice(rules: Rules, lang: Lang) -> str:
    """The app's notice for a record of a variant the replay viewer cannot show yet."""
    return tr("app.no_viewer", lang, variant=variant_name(rules, lang))
