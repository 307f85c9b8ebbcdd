"""The hint in words: the move and its end, why in a player's words, and the gain in pips.

:func:`hint_text` words an :class:`~domino_tui.bots.explain.Advice` (data computed from the
seat's own view) in the player's language. Other players are named in the nominative with a
verb in the present or future tense, because Russian past tense would need a gender we do not
know; the player is addressed with «Вы».
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import i18n
from ..bots.explain import Advice, Reason
from ..engine.actions import DRAW, KNOCK, is_pair, pair_tiles
from ..engine.tiles import tile_set
from ..engine.view import SeatView
from ..transcript import plural
from .strings import t

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "hw.hint": "Hint: {move} — {why}.",
        "hw.hint_bare": "Hint: {move}.",
        "hw.lead": "lead with {tile}",
        "hw.left": "play {tile} on the left end ({n} ◀)",
        "hw.right": "play {tile} on the right end ({n} ▶)",
        "hw.same_ends": "play {tile} (both ends show {n})",
        "hw.pair": "play the doubles: {a} on the left, {b} on the right",
        "hw.draw": "draw from the boneyard",
        "hw.knock": "knock",
        "hw.out": "you go out and end the round",
        "hw.only": "it is the only move you have",
        "hw.must_draw_1": "nothing in your hand fits {a}",
        "hw.must_draw_2": "nothing in your hand fits {a} or {b}",
        "hw.must_knock": "nothing fits and nothing is left to draw",
        "hw.fish_win": "makes a fish you win by {n}",
        "hw.fish_win_about": "makes a fish you win by about {n}",
        "hw.fish_win_likely": "makes a fish you likely win (about +{n})",
        "hw.fish_lose": "{move} would make a fish you lose by {n}",
        "hw.fish_lose_about": "{move} would make a fish you lose by about {n}",
        "hw.fish_lose_likely": "{move} would make a fish you likely lose (about −{n})",
        "hw.block_1": "{name}, next to play, has shown no {a}s",
        "hw.block_2": "{name}, next to play, has shown no {a}s or {b}s",
        "hw.block_sum_1": "{name}, next to play, has shown nothing for {a}",
        "hw.block_sum_2": "{name}, next to play, has shown nothing for {a} or {b}",
        "hw.partner": "{move} would leave your partner {name} nothing to play",
        "hw.void": "{name} has shown no {a}s",
        "hw.void_sum": "{name} has shown nothing for {a}",
        "hw.shed": "gets rid of {tiles} ({points})",
        "hw.and": "{a} and {b}",
        "hw.last": "keeps your last {a}",
        "hw.follow_both": "keeps both ends on numbers you hold",
        "hw.follow_same": "keeps the ends on a number you hold",
        "hw.follow_one": "leaves you an end you can answer next turn",
        "hw.better": "about {pips} better than {move}, the next best",
        "hw.close": "{move} is about as good",
        "hw.equal": "all moves are about equal",
        "hw.equal_two": "both moves are about equal",
        "hw.equal_but": "though all moves are about equal",
        "hw.equal_two_but": "though both moves are about equal",
        "hw.pips": "pip|pips",
        "hw.points": "point|points",
    },
    "ru": {
        "hw.hint": "Подсказка: {move} — {why}.",
        "hw.hint_bare": "Подсказка: {move}.",
        "hw.lead": "заходите с {tile}",
        "hw.left": "ходите {tile} налево, к {n} ◀",
        "hw.right": "ходите {tile} направо, к {n} ▶",
        "hw.same_ends": "ходите {tile} (на обоих концах {n})",
        "hw.pair": "ходите дублями: {a} налево, {b} направо",
        "hw.draw": "берите из базара",
        "hw.knock": "стучите",
        "hw.out": "Вы выходите, и кон окончен",
        "hw.only": "другого хода у Вас нет",
        "hw.must_draw_1": "Вам нечем ходить на {a}",
        "hw.must_draw_2": "Вам нечем ходить ни на {a}, ни на {b}",
        "hw.must_knock": "ходить нечем, а брать из базара больше нечего",
        "hw.fish_win": "получается рыба в Вашу пользу: +{n}",
        "hw.fish_win_about": "получается рыба в Вашу пользу: около +{n}",
        "hw.fish_win_likely": "получается рыба, скорее всего в Вашу пользу (около +{n})",
        "hw.fish_lose": "ход {move} дал бы рыбу не в Вашу пользу: −{n}",
        "hw.fish_lose_about": "ход {move} дал бы рыбу не в Вашу пользу: около −{n}",
        "hw.fish_lose_likely": "ход {move} дал бы рыбу, скорее всего не в Вашу пользу (около −{n})",
        "hw.block_1": "{name} ходит следом, и ходить на {a} нечем",
        "hw.block_2": "{name} ходит следом, и ходить ни на {a}, ни на {b} нечем",
        "hw.block_sum_1": "{name} ходит следом, и ходить на {a} нечем",
        "hw.block_sum_2": "{name} ходит следом, и ходить ни на {a}, ни на {b} нечем",
        "hw.partner": "после хода {move} Вашему партнёру ({name}) нечем ходить",
        "hw.void": "{name} не может ходить на {a}",
        "hw.void_sum": "{name} не может ходить на {a}",
        "hw.shed": "Вы избавляетесь от {tiles} ({points})",
        "hw.and": "{a} и {b}",
        "hw.last": "у Вас остаётся последняя кость с {a}",
        "hw.follow_both": "оба конца — на числа, которые у Вас есть",
        "hw.follow_same": "концы — на число, которое у Вас есть",
        "hw.follow_one": "остаётся конец, на который Вам есть чем ходить",
        "hw.better": "примерно на {pips} лучше, чем {move} (второй по силе ход)",
        "hw.close": "ход {move} почти так же хорош",
        "hw.equal": "все ходы примерно равны",
        "hw.equal_two": "оба хода примерно равны",
        "hw.equal_but": "хотя все ходы примерно равны",
        "hw.equal_two_but": "хотя оба хода примерно равны",
        "hw.pips": "очко|очка|очков",
        "hw.points": "очко|очка|очков",
    },
}
i18n.add_strings(STRINGS)


def move_words(view: SeatView, code: int, lang: str) -> str:
    """The hinted action with its end: "play 6-4 on the right end (4 ▶)"."""
    ts = tile_set(view.rules.set_top)
    if code == DRAW:
        return t("hw.draw", lang)
    if code == KNOCK:
        return t("hw.knock", lang)
    if is_pair(code):
        a, b = pair_tiles(code)
        return t("hw.pair", lang, a=ts.name(a), b=ts.name(b))
    tile = ts.name(code >> 1)
    if not view.placed:
        return t("hw.lead", lang, tile=tile)
    if view.left == view.right:
        return t("hw.same_ends", lang, tile=tile, n=view.left)
    if code & 1:
        return t("hw.right", lang, tile=tile, n=view.right)
    return t("hw.left", lang, tile=tile, n=view.left)


def short_move(advice: Advice, view: SeatView, code: int) -> str:
    """Another move named briefly: "3-3", or "3-3 ◀" when the same tile on the other end is
    valued differently."""
    ts = tile_set(view.rules.set_top)
    if is_pair(code):
        a, b = pair_tiles(code)
        return f"{ts.name(a)}+{ts.name(b)}"
    name = ts.name(code >> 1)
    samples = {v.code: v.samples for v in advice.values}
    if view.placed and code ^ 1 in samples and samples[code ^ 1] != samples.get(code):
        return f"{name} {'▶' if code & 1 else '◀'}"
    return name


def _numbers(key: str, numbers: tuple[int, ...], lang: str, **fmt: object) -> str:
    if len(numbers) == 1:
        return t(f"{key}_1", lang, a=numbers[0], **fmt)
    return t(f"{key}_2", lang, a=numbers[0], b=numbers[1], **fmt)


def _fish(kind: str, r: Reason, lang: str, move: str) -> str:
    n = round(abs(r.value))
    suffix = "" if r.sure and r.exact else "_about" if r.sure else "_likely"
    return t(f"hw.{kind}{suffix}", lang, n=n, move=move)


def reason_words(r: Reason, advice: Advice, view: SeatView, names: Sequence[str], lang: str) -> str:
    """One reason in the player's words."""
    ts = tile_set(view.rules.set_top)
    summed = view.rules.match != "equal"
    kind = r.kind
    if kind in ("out", "only", "must_knock", "follow_one"):
        return t(f"hw.{kind}", lang)
    if kind == "must_draw":
        return _numbers("hw.must_draw", r.numbers, lang)
    if kind == "fish_win":
        return _fish("fish_win", r, lang, "")
    if kind == "fish_lose":
        return _fish("fish_lose", r, lang, short_move(advice, view, r.other))
    if kind == "block":
        key = "hw.block_sum" if summed else "hw.block"
        return _numbers(key, r.numbers, lang, name=names[r.seat])
    if kind == "partner":
        return t("hw.partner", lang, move=short_move(advice, view, r.other), name=names[r.seat])
    if kind == "void":
        key = "hw.void_sum" if summed else "hw.void"
        return t(key, lang, name=names[r.seat], a=r.numbers[0])
    if kind == "shed":
        tiles = [ts.name(x) for x in r.tiles]
        named = tiles[0] if len(tiles) == 1 else t("hw.and", lang, a=tiles[0], b=tiles[1])
        return t("hw.shed", lang, tiles=named, points=plural(r.pips, "hw.points", lang))
    if kind == "last":
        return t("hw.last", lang, a=r.numbers[0])
    if kind == "follow_both":
        return t("hw.follow_both" if len(r.numbers) > 1 else "hw.follow_same", lang)
    return kind


def verdict_words(advice: Advice, view: SeatView, lang: str, but: bool = False) -> str:
    """How much the move gains over the next best, from the evaluation; "" with one move.
    ``but``: reasons come first, so "all moves are about equal" starts with "though"."""
    if advice.verdict == "equal":
        key = "hw.equal_two" if len(advice.values) == 2 else "hw.equal"
        return t(key + ("_but" if but else ""), lang)
    other = advice.runner_up
    if other is None or advice.verdict == "only":
        return ""
    move = short_move(advice, view, other)
    if advice.verdict == "close":
        return t("hw.close", lang, move=move)
    pips = plural(max(1, round(advice.gain)), "hw.pips", lang)
    return t("hw.better", lang, pips=pips, move=move)


def hint_text(
    advice: Advice, view: SeatView, names: Sequence[str], lang: str, limit: int = 0
) -> str:
    """The whole hint on one line; with ``limit``, the least telling reasons are left out until
    it fits (the move and the gain always stay)."""
    move = move_words(view, advice.code, lang)
    reasons = [reason_words(r, advice, view, names, lang) for r in advice.reasons]
    while True:
        but = bool(reasons) and advice.verdict == "equal"
        verdict = verdict_words(advice, view, lang, but=but)
        why = "; ".join(reasons)
        if verdict:
            why = f"{why}{', ' if but else '; '}{verdict}" if why else verdict
        key = "hw.hint" if why else "hw.hint_bare"
        text = t(key, lang, move=move, why=why)
        if not limit or len(text) <= limit or not reasons:
            return text
        reasons.pop()
