"""A round's score sheet told as arithmetic a player can check by hand.

The engine's sheet (:class:`~domino_tui.engine.scoring.SideLine`) holds the figures; this
module says where each comes from: every hand's tiles and their sum, a blank double alone
(K6.1) and other special values, bonuses (K6.3), the rule that decided who scores (going out,
the fish rule in force, pairs, classic), and how each side's remembered ``+N`` was kept, opened,
wiped (``✗``) or carried over (🐟). Rule ids from RULES.md stay in the text, so a player can
look the rule up. The table's round-end summary shows it; the transcript's helpers (names of
sides, plurals, fish-mode names) are reused, not copied.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.match import RoundResult
from ..engine.rules import Rules
from ..engine.scoring import SideLine, hand_value
from ..engine.tiles import bits, tile_set
from ..i18n import Lang, has_key, plural, tr
from .marks import FISH_MARK, GOAT_MARK, OUT_MARK, WIPED_MARK
from .transcript import remembers


def plus(values: Sequence[int]) -> str:
    """``19 + 15 + 15 + 7 = 56`` (a single value stands alone)."""
    total = sum(values)
    if len(values) == 1:
        return str(total)
    return " + ".join(str(v) for v in values) + f" = {total}"


def hand_sum(rules: Rules, mask: int, lang: Lang) -> str:
    """One revealed hand as a sum of its tiles: ``3-5 2-2: 8 + 4 = 12``; special values
    (K6.1, K6.2, K6.4) are named instead of silently counted."""
    ts = tile_set(rules.set_top)
    tiles = list(bits(mask))
    if not tiles:
        return tr("sw.empty", lang)
    value = hand_value(rules, mask)
    blank, top = ts.double_of[0], ts.double_of[ts.top]
    if tiles == [blank]:
        return tr("sw.blank_alone", lang, n=value)
    if rules.big_alone and tiles == [top]:
        return tr("sw.top_alone", lang, tile=ts.name(top))
    if rules.big_alone and sorted(tiles) == sorted([blank, top]):
        return tr("sw.both_alone", lang, tile=ts.name(top))
    one_one = ts.double_of[1] if rules.one_one_15 else -1
    values = [15 if t == one_one else ts.pips[t] for t in tiles]
    text = " ".join(ts.name(t) for t in tiles) + ": " + plus(values)
    if one_one in tiles:
        text += f" · {tr('sw.one_one', lang)}"
    return text


def _mode(rules: Rules, lang: Lang) -> str:
    text = tr(f"tx.fish_mode.{rules.fish}", lang)
    return text[:1].upper() + text[1:]


def _side_points(rules: Rules, result: RoundResult) -> dict[int, int]:
    """Each side's hand points this round (K5, K6, bonuses): what comparisons are made on."""
    return {ln.side: ln.hand_points for ln in result.score.lines if not ln.before.out}


def rule_lines(rules: Rules, result: RoundResult, sides: Sequence[str], lang: Lang) -> list[str]:
    """How this round was scored: who went out or which fish rule, with the sum it moved."""
    score = result.score
    pts = _side_points(rules, result)
    total = plus(list(pts.values()))
    winner = rules.side_of(result.went_out) if result.went_out >= 0 else -1
    gainers = [ln for ln in score.lines if ln.round_points]
    taker = sides[gainers[0].side] if len(gainers) == 1 else ""
    tops = ", ".join(str(p) for p in pts.values() if p == max(pts.values(), default=0))
    lines: list[str] = []
    if result.closed_out >= 0:  # осёл V2.6.2: the ordinary count, as K8.1
        lines.append(tr("sw.rule_closed_out", lang))
        return lines
    if rules.classic_count:
        if winner >= 0:
            lines.append(tr("sw.rule_classic_out", lang, name=sides[winner]))
        elif gainers:
            lines.append(tr("sw.rule_classic_fish", lang, name=taker))
        else:
            lines.append(tr("sw.rule_classic_tie", lang))
        return lines
    if rules.pairs:
        if winner >= 0:
            lines.append(tr("sw.rule_out_pairs", lang, name=sides[winner]))
        elif score.tie:
            lines.append(tr("sw.rule_pair_tie", lang, tops=tops, sum=total, fish=FISH_MARK))
        else:
            what = tr("sw.rule_pair_own" if rules.pair_fish == "own" else "sw.rule_pair_both", lang)
            own = [pts[gainers[0].side]] if gainers and rules.pair_fish == "own" else pts.values()
            lines.append(tr("sw.rule_pair_fish", lang, what=what, sum=plus(list(own)), name=taker))
    elif winner >= 0:
        lines.append(tr("sw.rule_out", lang, name=sides[winner]))
    elif rules.fish == "all":
        lines.append(tr("sw.rule_fish_all", lang, mode=_mode(rules, lang)))
    elif score.tie:
        mode = _mode(rules, lang)
        lines.append(tr("sw.rule_fish_tie", lang, mode=mode, tops=tops, sum=total, fish=FISH_MARK))
    else:
        key = "sw.rule_fish_fisher" if rules.fish == "fisher" else "sw.rule_fish_one"
        lines.append(tr(key, lang, mode=_mode(rules, lang), sum=total, name=taker))
        lines.append(tr("sw.others_wiped", lang, mark=WIPED_MARK))
    if score.carry_before and not score.tie and score.carry_paid_to >= 0:
        name = sides[score.carry_paid_to]
        lines.append(tr("sw.carry_paid", lang, fish=FISH_MARK, n=score.carry_before, name=name))
    elif score.carry_before and not score.tie:
        lines.append(tr("sw.carry_moves", lang, fish=FISH_MARK, n=score.carry_before))
    return lines


def _wipe_rule(rules: Rules, line: SideLine) -> str:
    if line.went_out:
        return "P3" if rules.pairs else "K7.4"
    return "F10" if rules.pairs else "K8.2"


def side_sum(rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> str:
    """One side's change of score as arithmetic (K7, K8.4, C4), with its marks in words."""
    parts: list[str] = []
    if line.went_out:
        parts.append(tr("sw.out", lang, mark=OUT_MARK))
    if line.cleared:
        rule = _wipe_rule(rules, line)
        parts.append(tr("sw.wiped", lang, mark=WIPED_MARK, n=line.cleared, rule=rule))
    n = line.round_points
    before, after = line.before, line.after
    hands = [result.score.seat_points[s] for s in rules.seats_of(line.side)]
    if rules.pairs and n and len(hands) > 1 and sum(hands) == n - line.carry_paid:
        parts.append(plus(hands))  # P2: a pair's points are both partners' hands
    if n:
        if line.carry_paid:
            own = n - line.carry_paid
            parts.append(
                tr("sw.with_carry", lang, own=own, fish=FISH_MARK, carry=line.carry_paid, n=n)
            )
        limit = rules.open_threshold
        if rules.classic_count:
            parts.append(tr("sw.classic", lang, before=before.written, n=n, after=after.written))
        elif before.opened:
            parts.append(tr("sw.written", lang, before=before.written, n=n, after=after.written))
        elif line.opened_now:
            key = "sw.opens" if before.remembered else "sw.opens_plain"
            summed = f"{n} + {before.remembered}"
            parts.append(tr(key, lang, n=n, limit=limit, sum=summed, after=after.written))
        else:
            parts.append(
                tr(
                    "sw.remembered",
                    lang,
                    n=n,
                    limit=limit,
                    before=before.remembered,
                    after=after.remembered,
                )
            )
    elif not parts:
        parts.append(tr("sw.nothing", lang))
    if line.side in result.goats:
        parts.append(_goat_reason(rules, result, line, lang))
    return " · ".join(parts)


def _goat_reason(rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> str:
    """Why the side is a goat this round: what its variant says (чечевэ's 0-0), else the
    target or the rounds played (K9)."""
    from ..variants import presenter_of

    reason = presenter_of(rules).goat_reason(rules, result, line.side, lang)
    return reason or goat_words("sw", rules, lang)


def goat_words(prefix: str, rules: Rules, lang: Lang) -> str:
    """Why a side is the goat: it reached the target (K9), or, in a match of N rounds, it has
    the highest total when they are played (K9.1): never "reached 101" in a rounds match."""
    limit = rules.rounds_limit
    if limit is not None:
        rounds = plural(limit, "sw.rounds_n", lang)
        return tr(f"{prefix}.goat_rounds", lang, mark=GOAT_MARK, n=rounds)
    return tr(f"{prefix}.goat", lang, mark=GOAT_MARK, target=rules.target)


def bonus_of(rules: Rules, result: RoundResult, line: SideLine) -> int:
    """The K6.3 bonus charged to a side: its hand points less its own hands."""
    own = sum(result.score.seat_points[s] for s in rules.seats_of(line.side))
    return line.hand_points - own if not line.before.out else 0


def legend_line(lang: Lang, rules: Rules | None = None) -> str:
    """The score table's key in one line, for beside it: Козёл's marks (not for a variant
    that keeps its own sheet rather than remembered and written points) and the variant's
    own marks (морской's L, телефон's a+b, осёл's close-out …)."""
    if rules is None:
        return tr("ls.line", lang)
    own = variant_key(rules, lang)
    if not remembers(rules):
        return own
    return " · ".join(k for k in (tr("ls.line", lang), own) if k)


def variant_key(rules: Rules, lang: Lang) -> str:
    """The marks of the variant's own sheet in words, or "" (Козёл, classic)."""
    key = f"sc.key.{rules.variant}"
    if not has_key(key, lang):
        return ""
    from ..variants import presenter_of  # loads after this module: the presenters import it

    least = presenter_of(rules).least(rules)
    return tr(key, lang, min=least, mark=tr("sc.general_mark", lang))


def legend(rules: Rules, lang: Lang) -> list[tuple[str, str]]:
    """The score table's marks and what each means: never colour alone (K11)."""
    limit = rules.open_threshold
    return [
        ("+N", tr("lg.remembered", lang)),
        ("N", tr("lg.written", lang, limit=limit)),
        (f"{WIPED_MARK}N", tr("lg.wiped", lang)),
        (FISH_MARK, tr("lg.fish", lang)),
        (OUT_MARK, tr("lg.out", lang)),
        (GOAT_MARK, goat_words("lg", rules, lang)),
        ("Σ", tr("lg.total", lang)),
    ]


def legend_markdown(rules: Rules, lang: Lang) -> str:
    """The key as a Markdown section for the Rules screen."""
    rows = "\n".join(f"| `{mark}` | {meaning} |" for mark, meaning in legend(rules, lang))
    return f"\n## {tr('lg.title', lang)}\n\n| | |\n|---|---|\n{rows}\n"
