"""The player at the keyboard is named «Вы» / "You" (``t("you")``), so no word of the game may
put a third-person verb after (or before) a seat's name: «Вы: ставит», «Вы стучит», «заходит
Вы», "You plays", "You: knocks" (issue 22). The moves are told impersonally, as the table's log
always did («Вы: заход 1-1», «Вы: стук», "You: 3-4 on the left"), in the transcript (``domino
export``, ``sim``) and in the table's log on the cross alike."""

from __future__ import annotations

import re
import string

import pytest

from domino_tui import i18n
from domino_tui.cli.sim import play_match
from domino_tui.engine.rules import make_rules
from domino_tui.play.session import GameSession, Seat
from domino_tui.words.events import event_line
from domino_tui.words.transcript import match_text

VERBS = {
    "ru": r"ставит|кладёт|берёт|стучит|заходит|вышел|забирает|набрал|набирает|пишет|получает"
    r"|проигрывает|выходит|сдаётся",
    "en": r"plays|lays|draws|knocks|leads|takes|closes|reaches|writes|resigns|gets|loses",
}


def wrong(text: str, lang: str) -> list[str]:
    """The places where a verb agrees with «Вы»/"You" as with a third person."""
    you, verbs = i18n.tr("you", lang), VERBS[lang]
    found = re.findall(rf"\b{you}[:\s]+(?:{verbs})\b", text)
    return found + re.findall(rf"\b(?:{verbs})\s+{you}\b", text)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(
    ("preset", "players"),
    [("kozel", 2), ("kozel", 3), ("osel", 2), ("morskoy", 2), ("telefon", 2), ("general", 4)],
)
def test_a_transcript_of_the_players_game_never_says_you_plays(
    lang: str, preset: str, players: int
) -> None:
    """A whole match with seat 0 named as the table names the player: every play, draw, knock,
    lead, going out, taken boneyard and the end, with no verb agreeing with «Вы»."""
    rules = make_rules({"players": players}, preset)
    you = i18n.tr("you", lang)
    names = [you, "Masha", "Olya", "Serg"][:players]
    match = play_match(rules, 3, ["greedy", "random", "greedy", "random"][:players])
    text = match_text(match, names, lang, width=160)
    assert text.count(you) > 5
    assert not wrong(text, lang), wrong(text, lang)[:5]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_tables_log_on_the_cross_tells_the_players_moves_impersonally(lang: str) -> None:
    """Осёл (the cross, G4): the log's line for the player's play is «Вы: 3-3 справа», not
    «Вы: ставит 3-3 справа» — the same form as on a line («Вы: 3-4 на правый конец»)."""
    rules = make_rules({"players": 2}, "osel")
    you = i18n.tr("you", lang)
    session = GameSession(rules, (Seat(you), Seat("Bot", "bot", "easy")), 3, "osel")
    m = session.match
    lines = []
    while not m.over and len(lines) < 40:
        code = m.legal_actions()[0]
        before = len(m.round.history)
        m.apply(code)
        history = m.round.history if len(m.round.history) > before else []
        for i, event in enumerate(history[before:], start=before):
            lines.append(event_line(session, event, i == 0, 0, lang))
    mine = [line for line in lines if line.startswith(you)]
    assert len(mine) > 3
    assert not wrong("\n".join(lines), lang), [line for line in mine if wrong(line, lang)]


PERSON = {"name", "side", "who", "names", "sides", "players", "taker", "fisher"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_catalog_entry_makes_a_verb_agree_with_a_seats_name(lang: str) -> None:
    """Every word of the catalogs that names a seat or a side, with «Вы»/"You" put in: none
    reads «Вы вышел», «пишет Вы», "You takes", "You loses" — the seat is named after a colon
    or as the agent ("won by You"), so any name fits, a pair's too."""
    found = i18n.translation(lang)
    assert found is not None
    you = i18n.tr("you", lang)
    bad = []
    for key, text in found._catalog.items():  # type: ignore[attr-defined]
        if not isinstance(key, str) or not key or not isinstance(text, str):
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        if fields & PERSON:
            filled = text
            for f in fields:
                filled = filled.replace("{" + f + "}", you if f in PERSON else "1")
            if wrong(filled, lang):
                bad.append(f"{key}: {text}")
    assert not bad, "\n".join(bad)
