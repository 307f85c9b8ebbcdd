"""The transcript renderer: the deals as dealt, every action in words, round ends, score sheets
(K11) and the outcome, from a Match alone."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from domino_tui import i18n
from domino_tui.bots import make_bot
from domino_tui.cli.sim import play_match
from domino_tui.engine.actions import DRAW, KNOCK, PAIR_BASE
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.round import Event
from domino_tui.engine.rules import PRESETS, RulesError, make_rules
from domino_tui.engine.scoring import Standing
from domino_tui.engine.tiles import DOUBLE_SIX, bits
from domino_tui.engine.variants import base as variant_base
from domino_tui.engine.variants import get_variant
from domino_tui.engine.view import seat_view
from domino_tui.words.transcript import (
    match_text,
    plural,
    render_match,
    round_stories,
    rules_summary,
    score_table,
    seat_names,
    standing_text,
)

from .helpers import find_match


def names(mask: int) -> str:
    return " ".join(DOUBLE_SIX.name(t) for t in bits(mask))


@pytest.fixture
def recorded_deals(monkeypatch: pytest.MonkeyPatch) -> list[Deal]:
    """Every deal the engine makes during the test, in order."""
    seen: list[Deal] = []
    real = variant_base.deal  # the variants deal through base.deal (Козёл's dealing)

    def recording(*args: object) -> Deal:
        d = real(*args)  # type: ignore[arg-type]
        seen.append(d)
        return d

    monkeypatch.setattr(variant_base, "deal", recording)
    return seen


# --- words ---
@pytest.mark.parametrize(
    ("n", "text"),
    [
        (1, "1 кость"),
        (2, "2 кости"),
        (4, "4 кости"),
        (5, "5 костей"),
        (11, "11 костей"),
        (12, "12 костей"),
        (14, "14 костей"),
        (21, "21 кость"),
        (22, "22 кости"),
        (0, "0 костей"),
    ],
)
def test_russian_plurals(n: int, text: str) -> None:
    assert plural(n, "tx.tiles", "ru") == text


def test_english_plurals() -> None:
    assert [plural(n, "tx.points", "en") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]


def catalog_words(lang: str, prefix: str) -> dict[str, str]:
    """The compiled catalog's plain entries whose key starts with ``prefix``."""
    found = i18n.translation(lang)
    assert found is not None
    words = found._catalog  # type: ignore[attr-defined]
    return {k: v for k, v in words.items() if isinstance(k, str) and k.startswith(prefix)}


def test_every_transcript_key_exists_in_both_languages() -> None:
    words = {lang: catalog_words(lang, "tx.") for lang in ("en", "ru")}
    ru, en = set(words["ru"]), set(words["en"])
    assert ru == en and len(ru) > 40
    for key in ru:  # the same placeholders, so neither language can fail to format
        assert set(re.findall(r"{(\w+)}", words["ru"][key])) == set(
            re.findall(r"{(\w+)}", words["en"][key])
        ), key


# --- the deal (K1.3, K1.4, K4.4) ---
@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 3, "match_end": "last_standing", "target": 30},
        {"players": 3, "boneyard_reserve": 1},
    ],
    ids=["2p", "3p", "4p", "last-standing", "reserve"],
)
def test_stories_give_the_hands_as_dealt(
    recorded_deals: list[Deal], options: dict[str, object]
) -> None:
    """The match keeps only final hands; the transcript still shows each hand as it was dealt,
    the redeal count (K1.4) and, on a fish, exactly the tiles taken from the boneyard (K4.4)."""
    rules = make_rules(options)
    for seed in range(12):
        recorded_deals.clear()
        match = play_match(rules, seed, ["greedy", "random", "greedy", "random"][: rules.players])
        stories = round_stories(match)
        assert len(stories) == len(recorded_deals) == len(match.results)
        for story, dealt, result in zip(stories, recorded_deals, match.results, strict=True):
            assert story.dealt == dealt.hands
            assert story.boneyard == len(dealt.boneyard)
            assert story.redeals == dealt.redeals == result.redeals
            if result.taker >= 0:
                drawn = sum(1 << e.tile for e in story.events if e.code == DRAW)
                left = set(dealt.boneyard) - set(bits(drawn))
                assert set(bits(story.taken)) <= left
                assert story.taken.bit_count() == result.taken > 0
            else:
                assert story.taken == 0


def test_a_fish_with_the_boneyard_taken_lists_the_tiles() -> None:
    """K4.4: the next player takes the boneyard before the fish is counted, and the transcript
    names the tiles."""
    match = find_match({"players": 2}, lambda m: any(r.taker >= 0 for r in m.results))
    story = next(s for s in round_stories(match) if s.result and s.result.taker >= 0)
    assert story.result is not None
    text = match_text(match)
    taker = f"Player {story.result.taker + 1}"
    assert f"The boneyard goes to {taker}: {names(story.taken)}." in text


def test_scripted_deals_are_shown_as_dealt(recorded_deals: list[Deal]) -> None:
    """A match dealt from a script (not from its seed) shows every hand as it was dealt, the
    taker's on a fish too, with the tiles it took (K4.4): the transcript reads the match's own
    deals, it does not work them out from the history."""
    source = find_match({"players": 2}, lambda m: any(r.taker >= 0 for r in m.results))
    recorded_deals.clear()
    seeded = play_match(source.rules, source.seed, ["greedy", "random"])
    deals = list(recorded_deals)
    scripted = Match(source.rules, seed=source.seed + 1, deals=iter(deals))
    for actions in seeded.actions:
        for code in actions:
            scripted.apply(code)
    assert scripted.outcome == seeded.outcome
    for story, dealt in zip(round_stories(scripted), deals, strict=True):
        assert story.dealt == dealt.hands
        assert story.boneyard == len(dealt.boneyard)
    assert match_text(scripted) == match_text(seeded).replace(
        f"seed {seeded.seed}", f"seed {scripted.seed}"
    )


def _every_setup() -> list[tuple[str, int]]:
    out = []
    for preset in PRESETS:
        for players in (2, 3, 4):
            try:
                make_rules({"players": players}, preset)
            except RulesError:
                continue
            out.append((preset, players))
    return out


@pytest.mark.parametrize(("preset", "players"), _every_setup())
def test_every_variant_shows_the_hands_it_dealt(
    monkeypatch: pytest.MonkeyPatch, preset: str, players: int
) -> None:
    """Each variant deals its own way (Морской's «на сто» keeps its own boneyard): the
    transcript shows, for every preset and player count, the hands and boneyard the variant
    dealt — none unknown, none dealt again by Козёл's rule (issue 24, part 5)."""
    rules = make_rules({"players": players}, preset)
    kind = type(get_variant(rules.variant))
    real = kind.deal
    seen: list[Deal] = []

    def recording(self: object, match: object, seats: tuple[int, ...]) -> Deal:
        d = real(self, match, seats)  # type: ignore[arg-type]
        seen.append(d)
        return d

    monkeypatch.setattr(kind, "deal", recording)
    for seed in range(6):
        seen.clear()
        match = play_match(rules, seed, ["greedy"] * players)
        stories = round_stories(match)
        assert len(stories) == len(seen)
        for story, dealt in zip(stories, seen, strict=True):
            assert story.dealt == dealt.hands, (seed, story.number)
            assert story.boneyard == len(dealt.boneyard), (seed, story.number)
            assert story.redeals == dealt.redeals


# --- the actions (K3) ---
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_action_is_told(players: int) -> None:
    """Each lead, play, draw (each drawn tile) and knock of the history appears in words."""
    match = play_match(make_rules({"players": players}), 4, ["random"] * players)
    text = match_text(match)
    events = [e for h in match.histories for e in h]
    plays = sum(1 for e in events if e.code >= 0)
    leads = len(re.findall(r"\blead \d-\d", text))
    assert leads == len(match.results)
    laid = len(re.findall(r"\d-\d on the (?:left|right)\b", text))
    assert laid + leads == plays
    assert len(re.findall(r"\bknock\b", text)) == sum(1 for e in events if e.code == KNOCK)
    drawn = re.findall(r"\bfrom the boneyard: ([\d\-, ]+)", text)
    assert sum(len(d.split(", ")) for d in drawn) == sum(1 for e in events if e.code == DRAW)


def row_starts(events: list[Event]) -> list[Event]:
    """The first event of each transcript row: a run of draws by one player is one row, and so
    is a double pair (two events of one action)."""
    starts, i = [], 0
    while i < len(events):
        starts.append(events[i])
        if events[i].code == DRAW:
            while i + 1 < len(events) and events[i + 1].code == DRAW:
                if events[i + 1].seat != events[i].seat:
                    break
                i += 1
        elif events[i].code >= PAIR_BASE:
            i += 1
        i += 1
    return starts


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "match": "sum6"}])
def test_the_open_ends_follow_the_line(options: dict[str, object]) -> None:
    """The ends column shows the line's open ends after each row (L1, L2, L5): exactly the ends
    the engine saw before the next action."""
    match = play_match(make_rules(options), 8, ["greedy", "random", "greedy"][: options["players"]])
    text = match_text(match)
    for number, events in enumerate(match.histories, start=1):
        section = text.split(f" Round {number} ", 1)[1].split("Hands\n", 1)[0]
        rows = [line for line in section.splitlines() if re.match(r"\s*\d+\s+Player", line)]
        starts = row_starts(events)
        assert len(rows) == len(starts)
        for row, after in zip(rows, starts[1:], strict=False):
            assert row.split()[-1] == f"{after.left}|{after.right}"


def test_a_double_pair_is_one_action() -> None:
    """K3.4 (double_pair on): two doubles laid in one turn read as one move."""
    match = find_match(
        {"players": 2, "double_pair": True},
        lambda m: any(e.code >= PAIR_BASE for h in m.histories for e in h),
        bots=("greedy",),
    )
    text = match_text(match)
    pairs = sum(1 for h in match.histories for e in h if e.code >= PAIR_BASE) // 2
    assert text.count(" on the left and ") == pairs > 0


# --- round ends and score sheets (K4, K7, K8, K11) ---
def test_score_cells_follow_k11_colours() -> None:
    """K7.1: remembered as yellow ``+N``; K7.2: written in red without ``+``."""
    rules = make_rules({})
    remembered = standing_text(rules, Standing(written=0, remembered=7))
    written = standing_text(rules, Standing(written=20, opened=True))
    nothing = standing_text(rules, Standing())
    assert (remembered.plain, str(remembered.spans[0].style)) == ("+7", "yellow")
    assert (written.plain, str(written.spans[0].style)) == ("20", "red")
    assert nothing.plain == "0"


def test_score_sheet_rows_and_marks() -> None:
    """One column per side; before, round (with the fish mark on a fish), a line, the total;
    the fisher, an opened score and cleared remembered points as notes (K8.2, K11)."""
    match = find_match(
        {"players": 3},
        lambda m: any(r.fish and any(ln.cleared for ln in r.score.lines) for r in m.results),
    )
    result = next(r for r in match.results if r.fish and any(ln.cleared for ln in r.score.lines))
    console = Console(width=100, color_system=None, record=True, file=io.StringIO())
    console.print(score_table(match.rules, result, seat_names(match.rules, None, "en"), "en"))
    lines = console.export_text().splitlines()
    assert lines[0].startswith(f"Score after round {result.number}")
    assert lines[1].split() == ["Player", "1", "Player", "2", "Player", "3"]
    labels = [line.split()[0] for line in lines[2:] if line.strip() and line.strip()[0] != "─"]
    assert labels[:3] == ["before", "round", "total"]
    round_row = next(line for line in lines if line.lstrip().startswith("round"))
    assert "🐟" in round_row
    assert sum(1 for line in lines if set(line.strip()) == {"─"}) == 2
    cleared = next(ln for ln in result.score.lines if ln.cleared)
    notes = lines[-1]
    assert "fisher" in notes
    assert f"lost +{cleared.cleared}" in notes


def paid_after_a_tie(match: Match) -> bool:
    return any(
        r.score.tie and not nxt.score.tie and nxt.score.carry_after == 0
        for r, nxt in zip(match.results, match.results[1:], strict=False)
    )


def test_carry_over_is_pending_then_paid() -> None:
    """K8.3 / K8.4: a tied fish puts the sum aside (pending) and the next round's top scorer
    takes it; the payer's score sheet shows the fish mark with the sum."""
    match = find_match({"players": 3}, paid_after_a_tie, bots=("greedy", "random", "greedy"))
    tie = next(r for r in match.results if r.score.tie)
    nxt = match.results[tie.number]
    text = match_text(match)
    assert "Fish with eggs" in text
    assert f"🐟 +{tie.score.carry_after} carries over to the next round (pending)." in text
    payee = f"Player {nxt.score.carry_paid_to + 1}"
    assert f"🐟 +{nxt.score.carry_before} carry-over paid by {payee}." in text
    sheet = text.split(f"Score after round {nxt.number}")[1].splitlines()
    notes = sheet[next(i for i, line in enumerate(sheet) if line.split()[:1] == ["total"]) + 1]
    assert f"🐟 +{nxt.score.carry_before}" in notes


def test_carry_over_moves_on_after_a_tie_for_most_points() -> None:
    """K8.4: a normal round with a tie for the most points leaves the carry-over pending."""
    match = find_match(
        {"players": 4},
        lambda m: any(
            r.score.carry_before and not r.score.tie and r.score.carry_after for r in m.results
        ),
    )
    moved = next(
        r for r in match.results if r.score.carry_before and not r.score.tie and r.score.carry_after
    )
    text = match_text(match)
    assert f"🐟 +{moved.score.carry_after} carry-over moves on: a tie for the most points." in text


def test_last_standing_drops_goats_out() -> None:
    """K9.1 last_standing: a side at the target is a goat and leaves; the others play on."""
    match = find_match(
        {"players": 3, "match_end": "last_standing", "target": 40},
        lambda m: len(m.results) > 1 and bool(m.results[0].goats or m.results[1].goats),
    )
    text = match_text(match)
    assert "reached the target: a goat, out of the game." in text
    first_out = next(r for r in match.results if r.goats)
    later = round_stories(match)[first_out.number :]
    for story in later:
        assert all(match.rules.side_of(s) not in first_out.goats for s in story.seats)


# --- the outcome (K9, K10, C6) ---
def test_goat_and_ratings() -> None:
    match = play_match(make_rules({"players": 4}), 1, ["greedy"] * 4)
    assert match.outcome is not None
    text = match_text(match)
    final = text.split("Match over")[1]
    goat = match.outcome.goats[0]
    assert f"🐐 The goat: Player {goat + 1}" in final
    for seat in range(4):
        row = next(ln for ln in final.splitlines() if ln.strip().startswith(f"Player {seat + 1}"))
        assert row.split()[-1] == str(match.outcome.ratings[seat])


def test_classic_names_the_winner_without_ratings() -> None:
    match = play_match(make_rules({"players": 3}, "classic"), 2, ["greedy"] * 3)
    assert match.outcome is not None
    final = match_text(match).split("Match over")[1]
    winner = match.outcome.winners[0]
    assert f"Winner: Player {winner + 1}" in final
    assert "rating" not in final


def test_abandoned_match_shows_the_round_in_play_and_k10_1_ratings() -> None:
    rules = make_rules({"players": 3})
    match = Match(rules, 9)
    bots = [make_bot("greedy", s) for s in range(3)]
    while len(match.results) < 2 or len(match.histories[-1]) < 3:
        match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
    outcome = match.abandon(1)
    text = match_text(match, ["Маша", "Alex", "Оля"], "ru")
    assert "(кон идёт)" in text
    assert "Партия сдана: Alex." in text
    assert text.count("Счёт после кона") == 2
    final = text.split("Конец партии")[1].split("рейтинг")[1]
    for seat, name in enumerate(["Маша", "Alex", "Оля"]):
        row = next(ln for ln in final.splitlines() if ln.split()[:1] == [name])
        assert row.split()[1:] == [
            standing_text(rules, match.standings[seat]).plain,
            str(outcome.ratings[seat]),
        ]


def test_unfinished_match_says_so() -> None:
    match = Match(make_rules({"players": 2}), 3)
    bots = [make_bot("random", s) for s in range(2)]
    for _ in range(5):
        match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
    text = match_text(match)
    assert "(round in play)" in text
    assert "(the match is not finished)" in text


# --- output hygiene ---
def test_names_are_text_not_markup() -> None:
    match = play_match(make_rules({"players": 2}), 1, ["greedy"] * 2)
    seats = ["[bold]Boss[/bold]", "[/"]
    text = match_text(match, seats)
    deal = text.split("Deal", 1)[1].splitlines()[1:3]
    assert [line.split()[0] for line in deal] == seats


def test_plain_text_is_plain_and_fits_its_width() -> None:
    match = play_match(make_rules({"players": 4}), 6, ["random"] * 4)
    text = match_text(match, width=72)
    assert "\x1b" not in text
    assert all(len(line) <= 72 and line == line.rstrip() for line in text.splitlines())


def test_render_match_prints_with_any_console() -> None:
    """The renderables are what ``domino export`` prints: styles only where a terminal is."""
    match = play_match(make_rules({"players": 2}), 2, ["greedy"] * 2)
    console = Console(
        width=90, force_terminal=True, color_system="standard", record=True, file=io.StringIO()
    )
    console.print(*render_match(match, None, "en"))
    styled = console.export_text(styles=True, clear=False)
    assert "\x1b[31m" in styled  # written scores in red
    plain = "".join(line.rstrip() + "\n" for line in console.export_text().splitlines())
    assert plain == match_text(match, width=90)


def test_rules_summary_names_the_variant_and_what_differs() -> None:
    rules = make_rules({"players": 3, "double_pair": True, "match_end": "rounds:5"})
    expected = "Goat · 3 players · fish on one · 5 rounds · double_pair=on"
    assert rules_summary(rules, "en") == expected
    pairs = make_rules({"fish": "all", "pair_fish": "all"}, "kozel-pairs")  # F10: fish ignored
    expected = "Парный козёл · игроков: 4 · рыба: пара с большей суммой пишет обе · до 101"
    assert rules_summary(pairs, "ru") == expected
    classic = make_rules({"target": 150}, "classic")
    assert rules_summary(classic, "en") == "Classic dominoes · 4 players · to 150"
