"""A move in words (issue 24, part 3): one function, :func:`domino_tui.words.moves.move_words`,
tells every move for the log, the last-action line, the transcript, the hint and the coach, the
status line's marks and the recent turns. Walked over every legal move of seeded greedy matches
of each preset, in both languages (the catalogs are strict in tests: a missing key fails), every
voice names the tiles laid, and on the cross (G4) each voice that names ends names the same end."""

from __future__ import annotations

import pytest

from domino_tui.cli.sim import play_match
from domino_tui.coach.review import positions
from domino_tui.engine.actions import DRAW, KNOCK, placements
from domino_tui.engine.rules import PRESETS, make_rules
from domino_tui.engine.tiles import tile_set
from domino_tui.engine.view import seat_view
from domino_tui.words.moves import (
    ACTION,
    HINT,
    HINT_NOUN,
    LOG,
    MARKS,
    RECENT,
    RECENT_LINE,
    TRANSCRIPT,
    Voice,
    at_end,
    move_words,
)

VOICES = {
    "transcript": TRANSCRIPT,
    "log": LOG,
    "action": ACTION,
    "hint": HINT,
    "hint_noun": HINT_NOUN,
    "marks": MARKS,
    "recent": RECENT,
    "recent_line": RECENT_LINE,
}
NAMED_ENDS = ("transcript", "log", "hint", "hint_noun")  # the end by its name ("up")


def _tells(voice: Voice, code: int, lead: bool, cross: bool) -> bool:
    """Whether the place speaking in ``voice`` ever words this kind of move."""
    if code == DRAW:
        return bool(voice.draw)
    if code == KNOCK:
        return bool(voice.knock)
    if lead:
        return bool(voice.lead)
    return not (cross and voice is RECENT_LINE)  # the recent turns say "left" on a line only


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_voice_names_the_tiles_and_the_same_end(preset: str, lang: str) -> None:
    rules = make_rules({}, preset)
    ts = tile_set(rules.set_top)
    match = play_match(rules, 1, ["greedy"] * rules.players)
    told = 0
    for n, (_r, _i, then, _code) in enumerate(positions(match)):
        if n == 120:
            break
        view = seat_view(then, then.round.turn)
        lead, cross = not view.placed, bool(view.board)
        for code in view.legal:
            for name, voice in VOICES.items():
                if not _tells(voice, code, lead, cross):
                    continue
                words = move_words(
                    ts, code, lang, voice, lead=lead, cross=cross, ends=view.ends, name="Masha"
                )
                told += 1
                assert words.strip(), (name, code)
                for p in placements(code):
                    assert ts.name(p.tile) in words, (name, code, words)
                parts = placements(code)
                if cross and not lead and len(parts) == 1 and name in NAMED_ENDS:
                    assert at_end(parts[0].end, lang) in words, (name, code, words)
    assert told > 0
