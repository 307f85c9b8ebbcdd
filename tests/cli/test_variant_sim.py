"""``domino sim --rules X`` for every preset of the Козёл family (issue 10, item 6): a whole match
to its end in Russian and English with no missing word; the cross drawn as text (G1-G10), each
play with its end, closed doubles and several doubles (G4, G6, G7), scoring plays (V3.8.2), each
variant's own score sheet from ``RoundResult.notes`` and how the match ended."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from domino_tui.cli.sim import play_match
from domino_tui.engine.actions import DRAW, parse_action, placements
from domino_tui.engine.match import Match
from domino_tui.engine.rules import PRESETS, make_rules
from domino_tui.engine.tiles import DOUBLE_SIX
from domino_tui.engine.variants import get_variant
from domino_tui.i18n import plural, tr
from domino_tui.variants import presenter
from domino_tui.words.cross import cross_picture, ends_text, replay_cross
from domino_tui.words.transcript import match_text, seat_names, side_names
from domino_tui.words.variant import ended_words, round_notes

from .helpers import find_match, run

VARIANTS = ["morskoy", "osel", "telefon", "muggins", "all-threes", "general", "chechevo", "sport"]
CROSS = ["osel", "telefon", "muggins", "all-threes", "chechevo"]
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
QUOTED = re.compile("«[^»]*»")  # the variants' own Russian terms, kept in the English text


def greedy_match(preset: str, seed: int = 1) -> Match:
    rules = make_rules({}, preset)
    return play_match(rules, seed, ["greedy"] * rules.players)


def test_every_preset_is_covered() -> None:
    assert set(PRESETS) == {*VARIANTS, "kozel", "kozel-pairs", "classic"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("preset", VARIANTS)
def test_sim_plays_every_variant_to_its_end(preset: str, lang: str) -> None:
    """The Done-when of issue 10: ``domino sim --rules X --seed 1`` plays a whole match to its
    end, in both languages, with every word in the catalogs (the tests run strict: a missing
    key raises), the variant named in the header and every round told."""
    result = run("sim", "--rules", preset, "--seed", "1", "--lang", lang)
    assert result.exit_code == 0, result.output
    out = result.stdout
    match = greedy_match(preset)
    assert match.over
    assert tr(f"tx.variant.{preset}", lang) in out.splitlines()[1]
    for n in range(1, len(match.results) + 1):
        assert tr("tx.round", lang, n=n) in out
    final = out.split(tr("tx.match_over", lang), 1)[1]
    assert tr("tx.rounds_played", lang, n=len(match.results)) in final
    sides = side_names(match.rules, seat_names(match.rules, None, lang))
    ended = ended_words(match, sides, lang)
    if ended is not None:
        assert ended in final
    if lang == "en":  # English but for the variants' own terms in «…» (RULES.md §10's glosses)
        assert not CYRILLIC.search(QUOTED.sub("", out))
    assert "Traceback" not in out


@pytest.mark.parametrize("preset", VARIANTS)
def test_every_notes_key_of_a_variant_has_its_words(preset: str) -> None:
    """Each variant's score sheet (``RoundResult.notes``, documented in its module) is told in
    words: no key falls through to the raw ``key: value`` line."""
    rules = make_rules({}, preset)
    handled = presenter(rules.variant).handled
    for seed in range(4):
        match = play_match(rules, seed, ["random"] * rules.players)
        for result in match.results:
            assert set(result.notes) <= handled, (preset, seed, result.notes)
            names = seat_names(rules, None, "ru")
            for line in round_notes(rules, result, names, side_names(rules, names), "ru"):
                assert "{" not in line and "}" not in line


@pytest.mark.parametrize("preset", CROSS)
def test_G3_cross_rounds_show_the_board_and_every_open_end(preset: str) -> None:
    """G3, G10: each finished round of a cross game ends with the board drawn, every open end's
    number at its arrow; the ends column follows the board after each action."""
    match = greedy_match(preset)
    text = match_text(match, lang="en")
    heading = tr("tx.board", "en", spinner="", closed="×").split("(")[0]
    assert text.count(heading) == len(match.results)
    for index, result in enumerate(match.results):
        found = replay_cross(match, index, tuple(range(match.rules.players)))
        assert found is not None
        steps, board = found
        assert len(steps) == len(match.actions[index])
        assert tuple(board.hands) == result.hands
        drawn = [e.tile for e in match.histories[index] if e.code == DRAW]
        assert [s.tile for s in steps if s.code == DRAW] == drawn
        picture = "\n".join(cross_picture(board))
        for end, value in enumerate(board.open_ends()):
            if value >= 0:
                arrow = "←→↑↓"[end]
                tip = f"{value}{arrow}" if arrow == "→" else f"{arrow}{value}"
                assert tip in picture or f"{arrow} " in picture  # drawn, or an arm listed
        assert ends_text(steps[-1].ends, steps[-1].closed) in text


def osel_board(*moves: str):  # type: ignore[no-untyped-def]
    """Three players on the osel cross (worked examples 1-2 of docs/variants/osel.md)."""
    rules = make_rules({"players": 3}, "osel")
    hands = ["3-5 3-3 1-1 0-2", "5-5 2-4 0-0", "1-5 4-6 0-6"]
    masks = [sum(1 << DOUBLE_SIX.parse(t) for t in h.split()) for h in hands]
    state = get_variant("osel").start(rules, masks, [], 0, masks[0], (0, 1, 2))
    for move in moves:
        state.apply(parse_action(move))
    return state


def test_V2_4_1_G2_worked_example_1_the_spinner_drawn_in_the_middle() -> None:
    """V2.4.1, G2, G3 (osel.md example 1): lead 3-5, 5-5 on the 5 end is the spinner, 5-1 on
    its outer side opens the cross: left 3, right 1, up 5, down 5."""
    board = osel_board("3-5", "5-5R", "5-1R")
    assert cross_picture(board) == [
        " " * 10 + "↑5",
        "←3 [3|5]{5|5}[5|1] 1→",
        " " * 10 + "↓5",
    ]


def test_V2_5_3_G6_worked_example_2_several_doubles_one_closed() -> None:
    """V2.5.3, G6, G7 (osel.md example 2): 3-3L+1-1R* keeps the left end 3 and closes the
    right one: the row ends in ×, the ends read ←3 →× ↑5 ↓5."""
    board = osel_board("3-5", "5-5R", "5-1R", "3-3L+1-1R*")
    assert cross_picture(board) == [
        " " * 15 + "↑5",
        "←3 [3|3][3|5]{5|5}[5|1][1|1] ×",
        " " * 15 + "↓5",
    ]
    closed = 1 << 1
    assert ends_text(board.open_ends(), closed) == "←3 →× ↑5 ↓5"


def test_G4_G6_G7_moves_name_their_end_closed_doubles_and_several() -> None:
    """G4: every play of a cross round names its end; G6: a closed double says so; G7: several
    doubles in one move are one row listing each with its end."""
    match = find_match(
        {},
        lambda m: any(
            len(placements(c)) > 1 and any(p.closed for p in placements(c))
            for acts in m.actions
            for c in acts
        ),
        bots=("random",),
        preset="osel",
        seeds=range(200),
    )
    closed = sum(p.closed for acts in match.actions for c in acts for p in placements(c))
    several = sum(len(placements(c)) > 1 for acts in match.actions for c in acts)
    for lang in ("en", "ru"):
        text = match_text(match, lang=lang, width=200)
        word = tr("tx.play_several", lang, tiles="").strip()
        assert text.count(f" {word} ") >= several
        shut = tr("tx.part_closed", lang, tile="", at="").split("(")[1]
        single = "," + tr("tx.play_closed", lang, tile="", at="").split(",")[1]
        assert text.count(shut) + text.count(single) == closed
        for end in ("up", "down"):
            assert tr(f"tx.at.{end}", lang) in text


def test_V2_6_2_the_close_out_is_told_and_both_ends_are_closed() -> None:
    """V2.6.2: closing two doubles before any double ends the round; the transcript names the
    closer and draws both ends closed."""
    match = find_match(
        {},
        lambda m: any(r.closed_out >= 0 for r in m.results),
        bots=("random",),
        preset="osel",
        seeds=range(300),
    )
    index = next(i for i, r in enumerate(match.results) if r.closed_out >= 0)
    names = seat_names(match.rules, None, "ru")
    text = match_text(match, lang="ru", width=200)
    assert tr("tx.closed_out", "ru", name=names[match.results[index].closed_out]) in text
    found = replay_cross(match, index, tuple(range(match.rules.players)))
    assert found is not None
    row = cross_picture(found[1])[0]
    assert row.startswith("× ") and row.endswith(" ×")


@pytest.mark.parametrize("preset", ["telefon", "muggins", "all-threes"])
def test_V3_8_2_scoring_plays_are_shown_with_the_count_and_the_points(preset: str) -> None:
    """V3.8.2: every play that makes the open ends a multiple of 5 (3) shows the count and the
    points it scored — as many such lines as the round's notes list scoring plays."""
    match = greedy_match(preset)
    for lang in ("en", "ru"):
        text = match_text(match, lang=lang, width=200)
        plays = [p for r in match.results for p in r.notes["plays"]]
        assert plays
        for _seat, count, points in plays:
            line = tr("tx.scored", lang, count=count, points=plural(points, "tx.points", lang))
            assert line in text
        words = [w.strip() for w in tr("tx.scored", lang, count="#", points="#").split("#")]
        shown = [line for line in text.splitlines() if all(w in line for w in words if w)]
        assert len(shown) == len(plays)


def test_V3_8_2_telefon_divides_by_five_and_muggins_scores_the_count() -> None:
    """V3.8.2: Телефон scores count ÷ 5 («+3» for 15), Маггинс the count itself."""
    for preset, divide in (("telefon", 5), ("muggins", 1)):
        match = greedy_match(preset)
        for r in match.results:
            for _seat, count, points in r.notes["plays"]:
                assert count % 5 == 0 and points == count // divide


def test_round_notes_words_for_morskoy_in_both_languages() -> None:
    """V1.9.3: the Морской sheet says L and whether it was written, the wipe, «на сто» with its
    player and result, the try k/n, egg tries and the holder."""
    match = greedy_match("morskoy")
    rules = match.rules
    notes = {
        "L": 27,
        "written_by": 0,
        "wiped": True,
        "na_sto": {"player": 2, "side": 0, "earned": True, "result": "wiped"},
        "na_sto_next": 1,
        "fish": "write_off",
        "try": [2, 3],
        "try_result": "failed",
        "eggs": None,
        "egg_tries": [[1, -1], [2, 3]],
        "ended": None,
    }
    result = dataclasses.replace(match.results[0], notes=notes)
    names = seat_names(rules, None, "ru")
    sides = side_names(rules, names)
    lines = round_notes(rules, result, names, sides, "ru")
    text = "\n".join(lines)
    assert "Сумма проигравших L = 27; записано: Игрок 1 + Игрок 3." in text
    assert "у всех списываются в 0" in text
    assert "«На сто» (заработано, 6-6 выдан до сдачи): Игрок 3." in text
    assert "Списание рыбы: попытка 2 из 3." in text
    assert "«Яйца», попытка 1 из 3: 1-1 в базаре — пересдача." in text
    assert "«Яйца», попытка 2 из 3: 2-2 у игрока Игрок 4, заход с него." in text
    assert "Следующий кон «на сто» — 6-6 и заход с него: Игрок 2." in text
    en = "\n".join(round_notes(rules, result, seat_names(rules, None, "en"), sides, "en"))
    assert "Fish write-off: try 2 of 3." in en
    assert not CYRILLIC.search(QUOTED.sub("", en).replace("Игрок", ""))


def test_round_notes_words_for_general_telefon_chechevo_sport() -> None:
    """V4 generals per pair, V3 points during play and the bonus, V5 the 0-0/6-6 finishes, V6
    who writes and the deals left."""
    cases: dict[str, tuple[dict[str, Any], list[str]]] = {
        "general": (
            {
                "loser": 1,
                "general": 1,
                "finish": [DOUBLE_SIX.parse("6-6")],
                "void": False,
                "losses": [0, 1],
                "generals": [0, 1],
                "ended": None,
            },
            ["Выход с 6-6: «генерал» — Игрок 2", "генералов: Игрок 1 + Игрок 3 0"],
        ),
        "telefon": (
            {"play": [7, 13], "plays": [], "bonus": [0, 1], "paid": [0, 0], "fish_winner": -1},
            ["Очки за ходы: Игрок 1 7, Игрок 2 13.", "Выход: Игрок 2 +1 за чужие руки."],
        ),
        "chechevo": (
            {"six_six_out": True, "blank_out": False, "blank_in_hand": [2]},
            ["Выход с 6-6: всем остальным +50.", "0-0 остался в руке: Игрок 3 — козёл."],
        ),
        "sport": (
            {"writer": 1, "points": 27, "tie": False, "deals_left": 7, "ended": None},
            ["Записано 27: Игрок 2 + Игрок 4.", "Осталось сдач: 7."],
        ),
    }
    for preset, (notes, wanted) in cases.items():
        match = greedy_match(preset)
        result = dataclasses.replace(match.results[0], notes=notes)
        if preset == "telefon":
            result = dataclasses.replace(result, went_out=1, fish=False)
        names = seat_names(match.rules, None, "ru")
        text = "\n".join(
            round_notes(match.rules, result, names, side_names(match.rules, names), "ru")
        )
        for words in wanted:
            assert words in text, (preset, text)


def test_unworded_notes_fall_back_to_the_raw_key() -> None:
    """A notes key that no words know yet is still shown (and flagged by the test above)."""
    match = greedy_match("sport")
    result = dataclasses.replace(match.results[0], notes={"brand_new": 3})
    names = seat_names(match.rules, None, "en")
    assert round_notes(match.rules, result, names, side_names(match.rules, names), "en") == [
        "brand_new: 3"
    ]


def test_sim_help_lists_every_preset() -> None:
    for command in ("sim", "arena"):
        out = " ".join(run(command, "--help").stdout.split())
        for preset in PRESETS:
            assert preset in out, (command, preset)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--rules", "nope"], "unknown preset 'nope'; allowed: kozel, kozel-pairs, classic"),
        (["--rules", "osel", "--set", "closed_doubles=maybe"], "closed_doubles must be on or off"),
        (["--rules", "general", "--set", "fish=all"], "fish"),
    ],
)
def test_bad_presets_and_options_are_one_line_and_exit_2(args: list[str], words: str) -> None:
    result = run("sim", *args, "--seed", "1")
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]


def test_V1_8_3_a_wipe_is_shown_as_written_points_wiped() -> None:
    """V1.8.3: Морской has no remembered ``+N``; a wipe shows the written points wiped
    («списано 51»), and the writer's L in the round row, never as remembered."""
    match = find_match(
        {"players": 2},
        lambda m: any(r.notes.get("wiped") for r in m.results),
        bots=("random",),
        preset="morskoy",
        seeds=range(50),
    )
    text = match_text(match, lang="ru", width=120)
    result = next(r for r in match.results if r.notes.get("wiped"))
    for line in result.score.lines:
        if line.cleared:
            assert tr("tx.n_wiped", "ru", n=line.cleared) in text
    assert "сгорело" not in text
    assert not re.search(r"кон(?: 🐟)?\s+.*\+\d", text)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_V1_9_3_every_way_a_match_ends_has_words(lang: str) -> None:
    """V1.9.3, V3.9, V4.9, V6.9: each ``ended`` value a variant writes is told with the right
    side (the winner, or the side that lost) and its number."""
    from domino_tui.engine.variants import MODULES

    ends = [(v, ended, words) for v in MODULES for ended, words in presenter(v).ends.items()]
    assert ends
    for variant, ended, words in ends:
        key, whose = words.key, words.whose
        match = greedy_match(variant)
        last = match.results[-1]
        match.results[-1] = dataclasses.replace(last, notes={**last.notes, "ended": ended})
        sides = side_names(match.rules, seat_names(match.rules, None, lang))
        text = ended_words(match, sides, lang)
        assert text is not None and "{" not in text, (variant, ended)
        assert match.outcome is not None
        who = {"winners": match.outcome.winners, "goats": match.outcome.goats}.get(whose, ())
        for side in who:
            assert sides[side] in text
        assert text.startswith(tr(key, lang, side="#", n="#", min="#").split("#")[0])
