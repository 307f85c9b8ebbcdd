"""Each variant's score table at the table (issue 11, item 3): the side sheet's cells, the
round-end summary's words (the numbers and why), the board's callout after a scoring play,
the log's words for a cross move, and the game end in the variant's own terms.

Rounds are played through the engine by seeded greedy bots (``domino sim``'s matches); the
seeds were picked for the round that shows what a test names (a wipe, a try, a general …)."""

from __future__ import annotations

import dataclasses
from io import StringIO

import pytest
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from domino_tui.app import make_app
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.game_end import final_summary
from domino_tui.app.screens.round_end import RoundEndScreen, round_summary
from domino_tui.app.widgets.scores import board_callout, score_table, sheet_parts
from domino_tui.cli.sim import play_match
from domino_tui.engine.actions import DOWN, UP, Placement, encode, placements
from domino_tui.engine.cross import end_count
from domino_tui.engine.match import Match
from domino_tui.engine.round import Event
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import DOUBLE_SIX
from domino_tui.i18n import plural, tr
from domino_tui.play.session import GameSession, Seat
from domino_tui.words.events import event_line, last_action
from domino_tui.words.score import legend_line
from domino_tui.words.variant_sums import variant_sum

from .driver import key_for_turn, plain, settle

NAMES = ("Masha", "Alex", "Olya", "Serg")


def greedy(preset: str, seed: int, bot: str = "greedy") -> GameSession:
    """A whole match of ``preset`` played by greedy bots (or ``bot``), under plain names."""
    rules = make_rules({}, preset)
    match = play_match(rules, seed, [bot] * rules.players)
    seats = tuple(Seat(name) for name in NAMES[: rules.players])
    return GameSession(rules, seats, seed, preset, match)


def cells(table: Table) -> list[list[str]]:
    """The sheet's rows as the plain text of each cell."""
    columns = [
        [c.plain if isinstance(c, Text) else str(c) for c in col._cells] for col in table.columns
    ]
    return [list(row) for row in zip(*columns, strict=True)]


def text(renderable: RenderableType, width: int = 200) -> str:
    console = Console(width=width, file=StringIO(), record=True, color_system=None)
    console.print(renderable)
    return " ".join(console.export_text().split())


def summary(session: GameSession, number: int, lang: str = "en") -> str:
    return text(round_summary(session, session.match.results[number - 1], lang))


def sheet(session: GameSession, lang: str = "en") -> list[list[str]]:
    return cells(sheet_parts(session, lang)[0])


def test_telefon_sheet_has_play_plus_hands_and_the_running_score() -> None:
    """V3.8.2, V3.8.3: a row per round says the points during play + the bonus for the
    hands, the Σ row the score; the summary does the sum and says how the bonus was rounded."""
    s = greedy("telefon", 1)
    rows = sheet(s)
    assert ["2", "4", "5+6"] in rows
    assert ["Σ", "11", "25"] in rows
    totals = [row[1:] for row in rows if row[0] == "Σ"]
    after = [[str(ln.after.written) for ln in r.score.lines] for r in s.match.results]
    assert totals == after  # every Σ is the engine's score
    words = summary(s, 2)
    assert "14 + 5 during play + 6 for the hands (26 pips, ÷ 5 rounded up) = 25" in words
    assert "7 + 4 during play = 11" in words
    assert "remembered" not in words and "13" not in words  # no Козёл words (K7)
    assert sheet_parts(s, "en")[1] == "to 72"


def test_muggins_sheet_counts_points_not_fives() -> None:
    """V3.8.3 (``hand_units=points``, ``hand_round=nearest``): the bonus is rounded to the
    nearest multiple of 5 and the score is in points."""
    s = greedy("muggins", 1)
    first = s.match.results[0]
    words = summary(s, 1)
    assert "to the nearest multiple of 5" in words
    for line in first.score.lines:
        assert f"= {line.after.written}" in words
    assert sheet_parts(s, "en")[1] == "to 200"


def test_morskoy_sheet_shows_l_the_one_holder_and_the_wipe() -> None:
    """V1.8.2, V1.8.3 (``wipe=all``): L = 42 is written by the fisher's side; next round the
    other side writes L = 76 and both scores are wiped (✗)."""
    s = greedy("morskoy", 2)
    rows = sheet(s)
    assert rows[0] == ["🐟1", "42", "42", "·"]
    assert rows[1] == ["2", "76", "0 ✗42", "0 ✗76"]
    words = summary(s, 2)
    assert "Losers' sum L = 76: written by Alex + Serg." in words
    assert "Masha & Olya 42 → 0 ✗42 wiped: 0" in words
    assert "writes 76: 0 + 76 = 76 · ✗76 wiped: 0" in words
    key = legend_line("en", s.rules)
    assert "L losers' hands (written from 25)" in key and "+N remembered" not in key


def test_morskoy_try_and_eggs_are_marked() -> None:
    """V1.7.2 (a write-off try ↻k) and V1.7.4 (an egg try «яйца», 🥚k)."""
    tried = sheet(greedy("morskoy", 5))
    assert tried[2][1] == "29 ↻1"  # not "1/3": that reads as a fraction
    s = greedy("morskoy", 13)
    assert sheet(s)[1][1] == "5 🥚1"
    assert "Egg try 1 of 3" in summary(s, 2)


def test_morskoy_na_sto_and_how_the_match_ended_in_russian() -> None:
    """V1.8.5: «на сто» is marked ↑ on the side that played it; the match's end is told."""
    s = greedy("morskoy", 1)
    rows = sheet(s, "ru")
    assert rows[2][2] == "28 ↑"
    words = summary(s, 3, "ru")
    assert "«На сто»" in words
    end = text(final_summary(s, "ru"))
    assert "«На сто»" in end


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_general_sheet_tallies_rounds_lost_and_generals(lang: str) -> None:
    """V4.7 (a fish is void: —), V4.8.1 (the pair that lost: 1), V4.8.2 (a «генерал»)."""
    s = greedy("general", 2)
    mark = tr("sc.general_mark", lang)
    rows = sheet(s, lang)
    assert rows[0][1:] == ["—", "—"]  # round 1 was a fish
    general = s.match.results[3]
    loser = general.notes["loser"]
    side = s.rules.side_of(loser)
    assert general.notes["general"] == loser
    assert rows[6][1 + side] == f"1 {mark}"
    assert rows[7][1 + side].endswith(f"{mark}1")
    words = summary(s, 4, lang)
    assert tr("vs.general_made", lang) in words
    assert tr("vs.general_void", lang, after=0, n=2) in summary(s, 1, lang)
    end = text(final_summary(s, lang))
    assert tr("ge.score.general", lang) in end


def test_sport_sheet_writes_per_deal_and_counts_the_deals_left() -> None:
    """V6.7 (an equal fish: =, nothing written), V6.8.2, V6.9 (deals left in the border)."""
    s = greedy("sport", 5)
    rows = sheet(s)
    assert rows[2][1:] == ["=", "="]
    assert "equal fish, nothing written" in summary(s, 2)
    assert sheet_parts(s, "en")[1] == "0 left"
    totals = [row[1:] for row in rows if row[0] == "Σ"]
    assert totals[-1] == [str(st.written) for st in s.match.standings]


def test_chechevo_marks_six_six_and_blank_finishes_and_says_why_goats() -> None:
    """V5.8.2: out with 6-6 (⁶); V5.8.3: out with 0-0 (⁰), every other player a goat, and
    the summary says so instead of "reached 102" (K9)."""
    six = greedy("chechevo", 23)
    assert sheet(six)[0][0] == "1⁶"
    blank = greedy("chechevo", 13)
    assert sheet(blank)[0][0] == "1⁰"
    words = summary(blank, 1)
    assert "another went out with 0-0 (V5.8.3)" in words
    assert "reached" not in words


def test_chechevo_game_end_says_the_goat_held_blank() -> None:
    """V5.8.4: the goat left holding 0-0 is told so at the game end, not by a score."""
    s = greedy("chechevo", 1)
    (goat,) = s.match.outcome.goats if s.match.outcome else ()
    end = text(final_summary(s, "en"))
    assert f"{s.side_name(goat)}: " + tr("sw.goat_blank_in_hand", "en", mark="🐐") in end


def test_osel_keeps_kozel_sheet_and_marks_a_close_out() -> None:
    """V2.6.2: a close-out is marked × on the round's label; the rest is Козёл's sheet."""
    s = greedy("osel", 1)
    first = s.match.results[0]
    closed = dataclasses.replace(first, closed_out=first.went_out, went_out=-1)
    table = score_table(["a", "b", "c", "d"], s.rules, [closed], s.match.standings)
    assert cells(table)[0][0] == "1×"
    assert legend_line("en", s.rules).startswith(tr("ls.line", "en"))


def test_a_replay_sheet_up_to_a_round_is_the_variants_own() -> None:
    """The replay viewer's sheet (``score_table`` of the rounds so far) has the variant's
    rows too: телефон's play+bonus and Σ after round 1 only."""
    s = greedy("telefon", 1)
    first = s.match.results[:1]
    table = score_table(["Masha", "Alex"], s.rules, first, s.match.standings, (), "#", "ru")
    assert cells(table) == [["1", "7", "13+1"], ["Σ", "7", "14"]]


def test_osel_close_out_round_is_the_ordinary_count() -> None:
    """V2.6.2: after a close-out every player scores their own hand (K8.1), said as such and
    not as a fish; the round is marked × on the sheet."""
    s = greedy("osel", 2, "random")
    result = next(r for r in s.match.results if r.closed_out >= 0)
    words = summary(s, result.number)
    assert tr("tx.closed_out", "en", name=s.name(result.closed_out)) in words
    assert tr("sw.rule_closed_out", "en") in words
    assert "Fish" not in words
    assert any(row[0].endswith("×") for row in sheet(s))


def test_kozel_key_and_sheet_unchanged() -> None:
    """Козёл's sheet has no variant columns or caption and its key is the one it had."""
    s = greedy("kozel", 1)
    table, caption = sheet_parts(s, "en")
    assert len(table.columns) == 1 + s.rules.sides
    assert caption == ""
    assert legend_line("en", s.rules) == legend_line("en") == tr("ls.line", "en")


def _replay_round(preset: str, seed: int) -> tuple[GameSession, list[int]]:
    """A fresh session of the seeded greedy match and its first round's actions to play."""
    s = greedy(preset, seed)
    fresh = GameSession(s.rules, s.seats, seed, preset, Match(s.rules, seed))
    return fresh, list(s.match.actions[0])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_callout_and_log_after_each_scoring_play(lang: str) -> None:
    """V3.8.2: after a play that makes the open ends a multiple of 5 the board says the count
    and the points, and the log line says it in the transcript's words; after any other move
    the board says nothing."""
    s, actions = _replay_round("telefon", 1)
    scored = 0
    for code in actions[:-1]:
        rnd = s.match.round
        before = list(rnd.scored)
        seat = rnd.turn
        s.apply(code)
        points = rnd.scored[seat] - before[seat]
        callout = board_callout(s, lang)
        line = event_line(s, rnd.history[-1], len(rnd.history) == 1, seat, lang)
        if points:
            scored += 1
            count = end_count(rnd, s.rules.opt("cross") == "four")
            assert callout == tr("sc.callout", lang, count=count, points=points)
            said = tr("tx.scored", lang, count=count, points=plural(points, "tx.points", lang))
            assert line.endswith(" · " + said)
        else:
            assert callout == ""
            assert "→" not in line
    assert scored == len(s.match.round.score_log) > 0


def test_telefon_sheet_shows_this_rounds_points_as_they_come() -> None:
    """V3.8.2: points made during play count at once, so the sheet shows them under the settled
    rounds while the round is played (``1…`` row: each side's points so far, once any are
    made), and the row goes when the round is settled into its own row."""
    s, actions = _replay_round("telefon", 1)
    assert sheet(s) == [["Σ", "0", "0"]]  # nothing scored yet: the sheet starts at 0 : 0
    seen = 0
    for code in actions[:-1]:
        s.apply(code)
        rnd = s.match.round
        now = sheet(s)[-1]
        if not any(rnd.scored):
            assert now == ["Σ", "0", "0"]
            continue
        seen += 1
        assert now == ["1…", *("+" + str(n) if n else "·" for n in rnd.scored)]
    assert seen
    s.apply(actions[-1])
    assert "1…" not in [row[0] for row in sheet(s)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_log_names_the_end_a_closed_double_and_several_doubles(lang: str) -> None:
    """G4, G6, G7: a cross move's log line names its end (up, down) and a closed double; a
    move of several doubles is a line per double, and the seat panel names all of them."""
    s = greedy("osel", 1)
    ts = DOUBLE_SIX
    three = ts.double_of[3]
    code = encode([Placement(three, UP, True)])
    line = event_line(s, Event(1, code, three, 3, 5, 3, 3), False, 0, lang)
    assert line == tr(
        "log_cross",
        lang,
        name="Alex",
        move=tr("tx.play_closed", lang, tile="3-3", at=tr("tx.at.up", lang)),
    )
    down = event_line(
        s, Event(2, encode([Placement(three, DOWN)]), three, 3, 5, 3, 3), False, 0, lang
    )
    assert tr("tx.at.down", lang) in down
    several = next(
        (i, c) for i, acts in enumerate(s.match.actions) for c in acts if len(placements(c)) > 1
    )
    index, move = several
    history = s.match.histories[index]
    events = [e for e in history if e.code == move]
    lines = [event_line(s, e, False, -1, lang) for e in events]
    for p, text_line in zip(placements(move), lines, strict=True):
        assert ts.name(p.tile) in text_line
        assert tr(f"tx.at.{('left', 'right', 'up', 'down')[p.end]}", lang) in text_line
    last = last_action(s, history[: history.index(events[-1]) + 1], events[-1].seat, lang)
    assert " + ".join(ts.name(p.tile) for p in placements(move)) in last


async def _to_round_end(pilot: Pilot[None]) -> None:
    """Play by keys (the driver's way) until the first round's summary shows."""
    app = pilot.app
    for _ in range(400):
        await settle(pilot)
        if isinstance(app.screen, RoundEndScreen):
            return
        screen = app.screen
        if isinstance(screen, GameScreen) and screen.my_turn():
            await pilot.press(key_for_turn(screen))
    raise AssertionError("the round did not end")


@pytest.mark.parametrize(
    ("preset", "size", "lang"),
    [("telefon", (80, 24), "en"), ("morskoy", (120, 40), "ru"), ("general", (80, 24), "ru")],
)
async def test_the_table_shows_the_variant_sheet_and_summary(
    preset: str, size: tuple[int, int], lang: str
) -> None:
    """At 80×24 and 120×40 the round's summary says each side's change in the variant's own
    words (no Козёл words), and back at the table the sheet shows the round's row in full."""
    rules = make_rules({}, preset)
    seats = (Seat("Tester"), *(Seat(n, "bot", "easy") for n in NAMES[1 : rules.players]))
    session = GameSession(rules, seats, 5, preset)
    app = make_app(session, settings_path=None, lang=lang, pace="instant", saves=None)
    async with app.run_test(size=size) as pilot:
        await _to_round_end(pilot)
        result = session.match.results[0]
        shown = plain(app.screen.query_one("#summary", Static), size[0])
        words = " ".join(shown.split())
        sides = [session.side_name(side) for side in range(rules.sides)]
        for line in result.score.lines:
            assert variant_sum(rules, result, line, lang) in words
        assert tr("ls.line", lang) not in words  # Козёл's key (remembered +N …) is not said
        await pilot.press("enter")
        await settle(pilot)
        sheet_text = plain(app.screen.query_one("#score-body", Static), 60)
        assert tr("round_col", lang) in sheet_text
        row = sheet(session, lang)[0]
        assert " ".join(row[1:]) in " ".join(sheet_text.split())
        assert all(name.split(" ")[0] in shown for name in sides)
