"""Text from outside the program (files, plugins, the command line) made safe to show.

A name in a save or a record is the author's choice, and an escape sequence in it would reach the
player's terminal: change its title, write the clipboard (OSC 52), clear the screen. Everything
read from a file passes :func:`clean` before it is drawn or printed, so it reaches the screen as
text. Control characters become visible symbols (ESC shows as ``␛``) rather than vanishing, so a
damaged name still looks damaged; lone surrogates (valid in JSON, unprintable in UTF-8) and the
bidirectional overrides that make text read backwards become ``�``.
"""

from __future__ import annotations

import unicodedata

REPLACEMENT = "\ufffd"
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _visible(ch: str, keep_newlines: bool) -> str:
    code = ord(ch)
    if ch == "\n" and keep_newlines:
        return ch
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟ (ESC is ␛)
    if code == 0x7F:
        return "\u2421"  # ␡
    return REPLACEMENT


def _unsafe(ch: str) -> bool:
    if ch in _BIDI:
        return True
    return unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp")


def clean(text: object, limit: int | None = None, *, keep_newlines: bool = False) -> str:
    """``text`` as a string that is safe to draw or print; cut to ``limit`` characters (with
    ``…``) when given. Plain text passes unchanged and cheaply."""
    s = text if isinstance(text, str) else str(text)
    if not s.isprintable():  # fast path: printable text has no control or format characters
        s = "".join(_visible(ch, keep_newlines) if _unsafe(ch) else ch for ch in s)
    elif any(ch in _BIDI for ch in s):
        s = "".join(REPLACEMENT if ch in _BIDI else ch for ch in s)
    if limit is not None and len(s) > limit:
        s = s[: max(limit - 1, 0)] + "…"
    return s


def is_clean(text: str) -> bool:
    """Whether ``text`` would pass :func:`clean` unchanged (for validating names given by hand)."""
    return clean(text, keep_newlines=False) == text
