"""The variants of the Козёл family in words: their names, and each variant's own score sheet
(``RoundResult.notes``) for the transcript, the table's round-end summary and its side sheet,
told by the variant's presenter (:mod:`.variants`); this module knows no variant by name."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.match import Match, RoundResult
from ..engine.rules import Rules, make_rules
from ..engine.variants import get_variant, presets_of
from ..i18n import Lang, tr


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
    own = list(presets_of(rules.variant))
    return min(own or ["kozel"], key=lambda name: len(differences(rules, make_rules({}, name))))


def variant_name(rules: Rules, lang: Lang) -> str:
    """The game's name ("Осёл", "Sea goat"): its closest preset's."""
    from .names import preset_name

    return preset_name(closest_preset(rules), lang)


def header_words(rules: Rules, lang: Lang) -> list[str]:
    """What the transcript's header adds for a variant: how its match ends when that is not a
    target or a number of rounds (Генерал: a pair that has lost ``losses`` rounds)."""
    from ..variants import presenter_of  # the presenters load with the first variant's words

    return presenter_of(rules).header(rules, lang)


def round_notes(
    rules: Rules,
    result: RoundResult,
    names: Sequence[str],
    sides: Sequence[str],
    lang: Lang,
) -> list[str]:
    """The lines of the variant's own score sheet for one round (beyond Козёл's table); a note
    its presenter does not say is printed raw, so that nothing the engine wrote is lost."""
    from ..variants import presenter_of
    from ..variants.base import Told

    shown = presenter_of(rules)
    out = shown.round_notes(Told(rules, result, names, sides, lang))
    for key, value in (result.notes or {}).items():
        if key not in shown.handled:
            out.append(tr("vn.unworded", lang, name=key, value=value))
    return out


def ended_words(match: Match, sides: Sequence[str], lang: Lang) -> str | None:
    """How a variant's match ended (125, «лысый», «свояк», a general, all deals played …),
    from the last round's notes; None for Козёл, whose goat says it all."""
    if not match.results or match.outcome is None:
        return None
    from ..variants import presenter_of

    return presenter_of(match.rules).ended(match, sides, lang)
