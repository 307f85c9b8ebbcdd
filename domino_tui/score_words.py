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

from . import i18n
from .engine.match import RoundResult
from .engine.rules import Rules
from .engine.scoring import SideLine, hand_value
from .engine.tiles import bits, tile_set
from .i18n import Lang, tr
from .transcript import FISH_MARK, GOAT_MARK, plural

OUT_MARK = "★"
WIPED_MARK = "✗"

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "sw.went_out": "went out: 0",
        "sw.empty": "no tiles: 0",
        "sw.blank_alone": "0-0 alone counts {n} (K6.1)",
        "sw.top_alone": "{tile} alone counts 50 (K6.2)",
        "sw.both_alone": "0-0 and {tile} alone count 75 (K6.2)",
        "sw.one_one": "1-1 counts 15 (K6.4)",
        "sw.bonus": "bonus +{n} for 6-6 / 0-0 led or laid last (K6.3)",
        "sw.rule_out": "{name} went out: everyone else scores their own hand (K7).",
        "sw.rule_out_pairs": "{name} went out: the other pair scores its two hands (P3).",
        "sw.rule_fish_all": "{mode} (K8.1): everyone scores their own hand.",
        "sw.rule_fish_one": "{mode} (K8.2): the heaviest hand takes all: {sum} → {name}.",
        "sw.rule_fish_fisher": "{mode} (K8.5): the fisher takes all: {sum} → {name}.",
        "sw.rule_fish_tie": "{mode} (K8.3): a tie for the most ({tops}): nobody scores, "
        "{sum} is carried over {fish}.",
        "sw.rule_pair_fish": "Fish (P4): the heavier pair scores {what}: {sum} → {name}.",
        "sw.rule_pair_own": "its own hands",
        "sw.rule_pair_both": "both pairs' hands",
        "sw.rule_pair_tie": "Fish with eggs (P4): both pairs hold {tops}: nobody scores, "
        "{sum} is carried over {fish}.",
        "sw.rule_classic_out": "{name} went out and scores the others' hands (C4).",
        "sw.rule_classic_fish": "Fish (C4): the lowest hand, {name}, scores the others' hands "
        "less twice its own.",
        "sw.rule_classic_tie": "Fish (C4): a tie for the lowest hand: nobody scores.",
        "sw.carry_paid": "{fish} The carried-over +{n} goes to the most points this round: "
        "{name} (K8.4).",
        "sw.carry_moves": "{fish} The carried-over +{n} moves on: a tie for the most (K8.4).",
        "sw.others_wiped": "The others' remembered points are wiped {mark}.",
        "sw.nothing": "scores nothing",
        "sw.with_carry": "{own} + {fish}{carry} = {n}",
        "sw.remembered": "{n} is under {limit}: remembered, +{before} + {n} = +{after} (K7.1)",
        "sw.opens": "{n} opens the score (≥ {limit}): {sum} = {after} written (K7.2)",
        "sw.opens_plain": "{n} opens the score (≥ {limit}): {after} written (K7.2)",
        "sw.written": "score open: {before} + {n} = {after} (K7.3)",
        "sw.classic": "{before} + {n} = {after}",
        "sw.wiped": "{mark} remembered +{n} wiped ({rule})",
        "sw.out": "{mark} went out",
        "sw.goat": "{mark} goat: reached {target} (K9)",
        "sw.goat_rounds": "{mark} goat: the highest total after {n} (K9.1)",
        "sw.rounds_n": "round|rounds",
        "sw.hands": "Hands",
        "sw.scores": "Scores",
        "sw.legend": "Key",
        "lg.remembered": "remembered points, not yet written (K7.1)",
        "lg.written": "written score: opened at {limit} or more (K7.2)",
        "lg.wiped": "remembered points wiped: went out, or a fish taken by another (K7.4, K8.2)",
        "lg.fish": "a fish round; 🐟 +N: points carried over to the next round (K8.3)",
        "lg.out": "went out: played the last tile",
        "lg.goat": "the goat: reached {target} and lost the game (K9)",
        "lg.goat_rounds": "the goat: the highest total after {n}, lost the game (K9.1)",
        "lg.total": "Σ: the total after the round; # the round's points",
        "lg.title": "Score table key",
        "ls.line": "+N remembered · N written · ✗ wiped · 🐟 fish · ★ went out · 🐐 goat · Σ total",
    },
    "ru": {
        "sw.went_out": "выход: 0",
        "sw.empty": "костей нет: 0",
        "sw.blank_alone": "один 0-0 — это {n} (K6.1)",
        "sw.top_alone": "один {tile} — это 50 (K6.2)",
        "sw.both_alone": "только 0-0 и {tile} — это 75 (K6.2)",
        "sw.one_one": "1-1 — это 15 (K6.4)",
        "sw.bonus": "надбавка +{n} за 6-6 / 0-0 в заходе или последним ходом (K6.3)",
        "sw.rule_out": "Кости кончились: {name}; остальные пишут свои очки (K7).",
        "sw.rule_out_pairs": "Кости кончились: {name}; другая пара пишет очки обеих рук (P3).",
        "sw.rule_fish_all": "{mode} (K8.1): каждый пишет свои очки.",
        "sw.rule_fish_one": "{mode} (K8.2): у кого больше всех, тот забирает всё: {sum} → {name}.",
        "sw.rule_fish_fisher": "{mode} (K8.5): рыбак забирает всё: {sum} → {name}.",
        "sw.rule_fish_tie": "{mode} (K8.3): поровну у нескольких ({tops}): никто не пишет, "
        "{sum} уходит в запас {fish}.",
        "sw.rule_pair_fish": "Рыба (P4): пара, у которой больше, пишет {what}: {sum} → {name}.",
        "sw.rule_pair_own": "свои очки",
        "sw.rule_pair_both": "очки обеих пар",
        "sw.rule_pair_tie": "Рыба с яйцами (P4): у пар поровну ({tops}): никто не пишет, "
        "{sum} уходит в запас {fish}.",
        "sw.rule_classic_out": "Кости кончились: {name}; вышедший пишет очки остальных (C4).",
        "sw.rule_classic_fish": "Рыба (C4): у кого меньше всех ({name}), пишет очки остальных "
        "минус два раза свои.",
        "sw.rule_classic_tie": "Рыба (C4): меньше всех поровну у нескольких: никто не пишет.",
        "sw.carry_paid": "{fish} Запас +{n} достаётся тому, у кого больше всех в этом коне: "
        "{name} (K8.4).",
        "sw.carry_moves": "{fish} Запас +{n} переходит дальше: больше всех поровну (K8.4).",
        "sw.others_wiped": "Запомненные очки остальных сгорают {mark}.",
        "sw.nothing": "ничего не пишет",
        "sw.with_carry": "{own} + {fish}{carry} = {n}",
        "sw.remembered": "{n} меньше {limit}: запомнено, +{before} + {n} = +{after} (K7.1)",
        "sw.opens": "{n} открывает счёт (от {limit}): {sum} = {after} записано (K7.2)",
        "sw.opens_plain": "{n} открывает счёт (от {limit}): записано {after} (K7.2)",
        "sw.written": "счёт открыт: {before} + {n} = {after} (K7.3)",
        "sw.classic": "{before} + {n} = {after}",
        "sw.wiped": "{mark} запомненные +{n} сгорели ({rule})",
        "sw.out": "{mark} выход",
        "sw.goat": "{mark} козёл: счёт дошёл до {target} (K9)",
        "sw.goat_rounds": "{mark} козёл: наибольший счёт после {n} (K9.1)",
        "sw.rounds_n": "кона|конов|конов",
        "sw.hands": "На руках",
        "sw.scores": "Счёт",
        "sw.legend": "Обозначения",
        "lg.remembered": "запомненные очки, ещё не записаны (K7.1)",
        "lg.written": "записанный счёт: открыт, когда за кон набрано {limit} и больше (K7.2)",
        "lg.wiped": "запомненные очки сгорели: кости кончились или рыбу взял другой (K7.4, K8.2)",
        "lg.fish": "кон кончился рыбой; 🐟 +N — очки в запасе на следующий кон (K8.3)",
        "lg.out": "выход: сыграна последняя кость",
        "lg.goat": "козёл: счёт дошёл до {target}, партия проиграна (K9)",
        "lg.goat_rounds": "козёл: наибольший счёт после {n}, партия проиграна (K9.1)",
        "lg.total": "Σ — итог после кона; № — очки за кон",
        "lg.title": "Обозначения в таблице счёта",
        "ls.line": "+N запомнено · N записано · ✗ сгорело · 🐟 рыба · ★ выход · 🐐 козёл · Σ итог",
    },
}
i18n.add_strings(STRINGS)


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
    if rules.is_classic:
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
        if rules.is_classic:
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
        parts.append(goat_words("sw", rules, lang))
    return " · ".join(parts)


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


def legend_line(lang: Lang) -> str:
    """The key in one line, for beside a score table."""
    return tr("ls.line", lang)


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
