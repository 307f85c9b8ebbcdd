"""Text read from files reaches the screen as text (issue 8, part 3): no escape sequence, no
control character, no lone surrogate and no bidi override survives :func:`clean`."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from domino_tui.text import clean, is_clean

HOSTILE = [
    "\x1b]0;pwned\x07",  # terminal title
    "\x1b]52;c;aGVsbG8=\x07",  # clipboard write (OSC 52)
    "\x1b[2J\x1b[H",  # clear screen
    "\x9b31m",  # C1 CSI
    "a\rb",
    "\x00",
    "\x7f",
]


def _safe(text: str) -> bool:
    return all(
        unicodedata.category(ch) not in ("Cc", "Cs", "Zl", "Zp") and ch not in "\u202e\u202d"
        for ch in text
    )


def test_escape_sequences_become_visible_symbols() -> None:
    assert clean("\x1b]0;pwned\x07") == "␛]0;pwned␇"
    assert clean("\x1b[2J") == "␛[2J"
    assert clean("\x7f") == "␡"
    for text in HOSTILE:
        assert "\x1b" not in clean(text) and _safe(clean(text))


def test_plain_text_and_emoji_pass_unchanged() -> None:
    for text in ("Маша", "Alex & Olya", "🧑\u200d🤝\u200d🧑", "козёл 🐐", "3-5"):
        assert clean(text) == text
        assert is_clean(text)


def test_surrogates_and_bidi_overrides_are_replaced() -> None:
    assert clean("\ud800") == "\ufffd"
    assert clean("abc\u202edef") == "abc\ufffddef"
    assert not is_clean("x\u202ey")
    clean("\ud83d").encode("utf-8")  # printable on a UTF-8 terminal


def test_newlines_kept_only_when_asked_and_limit_cuts_with_ellipsis() -> None:
    assert clean("a\nb") == "a␊b"
    assert clean("a\nb", keep_newlines=True) == "a\nb"
    assert clean("abcdef", limit=4) == "abc…"
    assert clean("abc", limit=4) == "abc"


def test_non_strings_are_shown_as_their_text() -> None:
    assert clean(42) == "42"
    assert clean(ValueError("x\x1by")) == "x␛y"


@given(st.text())
def test_any_text_comes_out_safe_and_encodable(text: str) -> None:
    out = clean(text)
    assert _safe(out)
    out.encode("utf-8")
    assert clean(out) == out  # cleaning is idempotent


@given(st.text(), st.integers(min_value=1, max_value=50))
def test_limit_is_respected(text: str, limit: int) -> None:
    assert len(clean(text, limit)) <= limit
