"""The variants of the Козёл family in words: their names and each variant's own score sheet
(``RoundResult.notes``) for the transcript, the table's round-end summary and its side sheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .engine.match import Match, RoundResult
from .engine.rules import PRESETS, Rules, make_rules
from .engine.tiles import tile_set
from .engine.variants import get_variant
from .i18n import Lang, tr


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


def header_words(rules: Rules, lang: Lang) -> list[str]:
    """What the transcript's header adds for a variant: how its match ends when that is not a
    target or a number of rounds (Генерал: a pair that has lost ``losses`` rounds)."""
    if rules.variant == "general" and not rules.rounds_limit:
        return [tr("vn.general.header", lang, n=rules.opt("losses"))]
    return []


# --- each variant's own score sheet (RoundResult.notes) -----------------------------------------
# The notes keys each variant's words below say (the variant modules' docstrings list them);
# a key not listed here is printed raw ("key: value") and a test flags it.
HANDLED: dict[str, frozenset[str]] = {
    "kozel": frozenset(),
    "classic": frozenset(),
    "osel": frozenset({"closed_out"}),  # the round's end line says it (RoundResult.closed_out)
    "morskoy": frozenset(
        {
            "L",
            "written_by",
            "wiped",
            "na_sto",
            "na_sto_next",
            "fish",
            "try",
            "try_result",
            "eggs",
            "egg_tries",
            "ended",
        }
    ),
    "telefon": frozenset({"play", "plays", "bonus", "paid", "fish_winner", "lot", "ended"}),
    "general": frozenset({"loser", "general", "finish", "void", "losses", "generals", "ended"}),
    "chechevo": frozenset({"six_six_out", "blank_out", "blank_in_hand", "ended"}),
    "sport": frozenset({"writer", "points", "tie", "deals_left", "ended"}),
}


def _tiles(rules: Rules, tiles: Sequence[int]) -> str:
    ts = tile_set(rules.set_top)
    return " ".join(ts.name(t) for t in tiles)


def _per_side(values: Sequence[int], sides: Sequence[str]) -> str:
    return ", ".join(f"{name} {v}" for name, v in zip(sides, values, strict=False))


def round_notes(
    rules: Rules,
    result: RoundResult,
    names: Sequence[str],
    sides: Sequence[str],
    lang: Lang,
) -> list[str]:
    """The lines of the variant's own score sheet for one round (beyond Козёл's table)."""
    notes = result.notes or {}
    words = _NOTES.get(rules.variant)
    out = words(rules, result, notes, names, sides, lang) if words is not None else []
    handled = HANDLED.get(rules.variant, frozenset())
    for key, value in notes.items():
        if key not in handled:
            out.append(tr("vn.unworded", lang, name=key, value=value))
    return out


def _morskoy(
    rules: Rules,
    result: RoundResult,
    notes: dict[str, Any],
    names: Sequence[str],
    sides: Sequence[str],
    lang: Lang,
) -> list[str]:
    ts = tile_set(rules.set_top)
    least = int(rules.opt("write_min"))
    out = []
    info = notes.get("na_sto")
    if info:
        key = "vn.morskoy.na_sto_earned" if info.get("earned") else "vn.morskoy.na_sto_declared"
        out.append(tr(key, lang, name=names[info["player"]]))
        side = sides[info["side"]]
        out.append(tr(f"vn.morskoy.na_sto_{info['result']}", lang, side=side, min=least))
    tried = notes.get("try")
    if tried:
        out.append(tr("vn.morskoy.try", lang, k=tried[0], n=tried[1]))
    eggs = notes.get("eggs")
    if eggs:
        k = eggs[0]
        out.append(tr("vn.morskoy.eggs", lang, k=k, tile=ts.name(ts.double_of[k])))
    fish = notes.get("fish")
    if fish:
        if fish != "void":  # a fish in a try is not judged, so nothing was compared
            out.append(_fish_sums(rules, result, sides, lang))
        out.append(tr(f"vn.morskoy.fish_{fish}", lang, min=least))
    total = notes.get("L")
    writer = notes.get("written_by", -1)
    if total is not None:
        if writer is not None and writer >= 0:
            out.append(tr("vn.morskoy.L_written", lang, n=total, side=sides[writer]))
        elif total < least:
            out.append(tr("vn.morskoy.L_short", lang, n=total, min=least))
        else:
            out.append(tr("vn.morskoy.L_none", lang, n=total))
    if notes.get("wiped"):
        wipe = "all" if rules.opt("wipe") == "all" else "others"
        out.append(tr(f"vn.morskoy.wiped_{wipe}", lang))
    if notes.get("try_result"):
        out.append(tr(f"vn.morskoy.try_{notes['try_result']}", lang))
    for k, holder in notes.get("egg_tries") or []:
        tile = ts.name(ts.double_of[k])
        if holder is None or holder < 0:
            out.append(tr("vn.morskoy.egg_miss", lang, k=k, tile=tile))
        else:
            out.append(tr("vn.morskoy.egg_hit", lang, k=k, tile=tile, name=names[holder]))
    nxt = notes.get("na_sto_next", -1)
    if nxt is not None and nxt >= 0:
        out.append(tr("vn.morskoy.na_sto_next", lang, name=names[nxt]))
    holders = [ln for ln in result.score.lines if ln.after.written > 0]
    if holders:
        out.append(
            tr(
                "vn.morskoy.holder",
                lang,
                side=", ".join(sides[ln.side] for ln in holders),
                n=", ".join(str(ln.after.written) for ln in holders),
            )
        )
    else:
        out.append(tr("vn.morskoy.no_holder", lang))
    return out


def _fish_sums(rules: Rules, result: RoundResult, sides: Sequence[str], lang: Lang) -> str:
    """V1.7: the two hands a Морской fish compares, so the verdict can be checked: the
    fisher's side's hand against the largest other hand (V1.D8 with three or four sides),
    each named by its side."""
    lines = [ln for ln in result.score.lines if not ln.before.out]
    own = rules.side_of(result.fisher)
    f = next(ln.hand_points for ln in lines if ln.side == own)
    o = max(ln.hand_points for ln in lines if ln.side != own)
    other = ", ".join(sides[ln.side] for ln in lines if ln.side != own and ln.hand_points == o)
    return tr("vn.morskoy.fish_sums", lang, fisher=sides[own], f=f, other=other, o=o)


def _telefon(
    rules: Rules,
    result: RoundResult,
    notes: dict[str, Any],
    names: Sequence[str],
    sides: Sequence[str],
    lang: Lang,
) -> list[str]:
    out = []
    lot = notes.get("lot")
    if lot:
        ts = tile_set(rules.set_top)
        drawn = ", ".join(
            f"{names[seat]} {ts.name(t)}" for seat, t in enumerate(lot) if t is not None and t >= 0
        )
        out.append(tr("vn.telefon.lot", lang, tiles=drawn))
    play = notes.get("play") or []
    if any(play):
        out.append(tr("vn.telefon.play", lang, sides=_per_side(play, sides)))
    bonus = notes.get("bonus") or []
    if result.went_out >= 0:
        for side, n in enumerate(bonus):
            if n:
                out.append(tr("vn.telefon.bonus_out", lang, side=sides[side], n=n))
    elif result.fish:
        winner = notes.get("fish_winner", -1)
        if winner is not None and winner >= 0:
            n = bonus[winner] if winner < len(bonus) else 0
            out.append(tr("vn.telefon.bonus_fish", lang, side=sides[winner], n=n))
        else:
            out.append(tr("vn.telefon.fish_tie", lang))
    paid = notes.get("paid") or []
    if any(paid):
        out.append(tr("vn.telefon.paid", lang, sides=_per_side(paid, sides)))
    return out


def _general(
    rules: Rules,
    result: RoundResult,
    notes: dict[str, Any],
    names: Sequence[str],
    sides: Sequence[str],
    lang: Lang,
) -> list[str]:
    out = []
    finish = _tiles(rules, notes.get("finish") or [])
    loser = notes.get("loser", -1)
    general = notes.get("general", -1)
    if notes.get("void"):
        out.append(tr("vn.general.void", lang))
    if finish and not (general is not None and general >= 0):
        out.append(tr("vn.general.finish", lang, tiles=finish))
    if loser is not None and loser >= 0:
        side = sides[rules.side_of(loser)]
        out.append(tr("vn.general.loser", lang, name=names[loser], side=side))
    if general is not None and general >= 0:
        side = sides[rules.side_of(general)]
        out.append(tr("vn.general.general", lang, tiles=finish, name=names[general], side=side))
    losses, generals = notes.get("losses"), notes.get("generals")
    if losses is not None and generals is not None:
        out.append(
            tr(
                "vn.general.tally",
                lang,
                losses=_per_side(losses, sides),
                generals=_per_side(generals, sides),
            )
        )
    return out


def _chechevo(
    rules: Rules,
    result: RoundResult,
    notes: dict[str, Any],
    names: Sequence[str],
    sides: Sequence[str],
    lang: Lang,
) -> list[str]:
    out = []
    if notes.get("six_six_out"):
        out.append(tr("vn.chechevo.six_six_out", lang))
    if notes.get("blank_out"):
        out.append(tr("vn.chechevo.blank_out", lang))
    for seat in notes.get("blank_in_hand") or []:
        out.append(tr("vn.chechevo.blank_in_hand", lang, name=names[seat]))
    return out


def _sport(
    rules: Rules,
    result: RoundResult,
    notes: dict[str, Any],
    names: Sequence[str],
    sides: Sequence[str],
    lang: Lang,
) -> list[str]:
    out = []
    writer = notes.get("writer", -1)
    if notes.get("tie"):
        out.append(tr("vn.sport.tie", lang))
    elif writer is not None and writer >= 0:
        out.append(tr("vn.sport.writes", lang, side=sides[writer], n=notes.get("points", 0)))
    left = notes.get("deals_left")
    if left and not notes.get("ended"):
        out.append(tr("vn.sport.deals_left", lang, n=left))
    return out


_Words = Callable[
    [Rules, RoundResult, dict[str, Any], Sequence[str], Sequence[str], Lang], list[str]
]
_NOTES: dict[str, _Words] = {
    "morskoy": _morskoy,
    "telefon": _telefon,
    "general": _general,
    "chechevo": _chechevo,
    "sport": _sport,
}

# how a match ended (the last round's notes["ended"]): the key and whose name it takes
_ENDED: dict[tuple[str, str], tuple[str, str]] = {
    ("morskoy", "125"): ("vn.ended.125", "winners"),
    ("morskoy", "lysy"): ("vn.ended.lysy", "winners"),
    ("morskoy", "general"): ("vn.ended.general", "winners"),
    ("morskoy", "six_six"): ("vn.ended.six_six", "winners"),
    ("morskoy", "na_sto"): ("vn.ended.na_sto", "winners"),
    ("morskoy", "svoyak"): ("vn.ended.svoyak", "goats"),
    ("morskoy", "draw"): ("vn.ended.draw", ""),
    ("telefon", "target"): ("vn.ended.target", "winners"),
    ("telefon", "rounds"): ("vn.ended.rounds", ""),
    ("general", "general"): ("vn.ended.general_given", "goats"),
    ("general", "losses"): ("vn.ended.losses", "goats"),
    ("general", "rounds"): ("vn.ended.general_rounds", ""),
    ("sport", "deals"): ("vn.ended.deals", ""),
}


def ended_words(match: Match, sides: Sequence[str], lang: Lang) -> str | None:
    """How a variant's match ended (125, «лысый», «свояк», a general, all deals played …),
    from the last round's notes; None for Козёл, whose goat says it all."""
    if not match.results or match.outcome is None:
        return None
    rules, outcome = match.rules, match.outcome
    notes = match.results[-1].notes or {}
    if rules.variant == "chechevo" and notes.get("blank_out"):
        return tr("vn.ended.blank_out", lang)
    ended = notes.get("ended")
    if not ended or (rules.variant, ended) not in _ENDED:
        return None
    key, whose = _ENDED[(rules.variant, ended)]
    who = outcome.winners if whose == "winners" else outcome.goats if whose == "goats" else ()
    side = ", ".join(sides[s] for s in who)
    if rules.variant == "general" and ended == "losses":
        n: object = rules.opt("losses")
    elif ended in ("rounds", "deals"):
        n = rules.rounds_limit or len(match.results)
    else:
        n = rules.target
    least = rules.opt("write_min") if rules.variant == "morskoy" else 0
    return tr(key, lang, side=side, n=n, min=least)
