"""What the player sees, and what is kept, when the table stops on an internal error.

A crash is a bug: the player gets one line on stderr naming a file, and the traceback goes to
``crash.log`` next to the settings for the bug report. The log keeps only the last few crashes,
each cut to a sane size (a traceback with locals can be huge), and is replaced atomically, so a
program that crashes on every start never fills the disk and a crash while writing the log never
leaves half of it. Tracebacks show local values, which may hold names and text from files: the
log is cleaned like everything else we print, so ``cat crash.log`` cannot drive the terminal.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..storage.reading import KIB, FileRefused, read_text
from ..text import clean

MAX_CRASHES = 5  # the last few crashes are enough for a bug report
MAX_CRASH_BYTES = 64 * KIB  # per crash; the head (where) and the tail (what) are kept
MARKER = "===== domino-tui crash "  # starts every entry


def crash_path() -> Path:
    """``crash.log`` in the config folder, next to settings.json."""
    from ..storage.settings import default_path

    return default_path().with_name("crash.log")


def render(renderables: Iterable[Any]) -> str:
    """Rich renderables (the traceback Textual kept) as plain text, without colours."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    for renderable in renderables:
        console.print(renderable)
    return out.getvalue()


def shorten(text: str, limit: int = MAX_CRASH_BYTES) -> str:
    """``text`` in at most about ``limit`` UTF-8 bytes: a quarter from the start, the rest from
    the end, where the exception itself is."""
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    head, tail = limit // 4, limit - limit // 4 - 100
    cut = len(data) - head - tail
    return (
        data[:head].decode("utf-8", "ignore")
        + f"\n[… {cut} bytes cut …]\n"
        + data[-tail:].decode("utf-8", "ignore")
    )


def _entries(text: str) -> list[str]:
    """The crashes kept in a log, oldest first."""
    parts = re.split(f"(?m)^{re.escape(MARKER)}", text)
    return [MARKER + part for part in parts[1:]]


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("domino-tui")
    except Exception:
        return "unknown"


def record(details: str, path: Path | None = None, when: datetime | None = None) -> Path:
    """Append one crash to the log, keeping the last :data:`MAX_CRASHES`; returns the path.

    OSError when the log cannot be written (the caller says so and goes on)."""
    from ..storage.files import write_atomic

    target = path or crash_path()
    try:
        old = read_text(target, MAX_CRASHES * (MAX_CRASH_BYTES + KIB), "the crash log")
    except (OSError, FileRefused):  # none yet, or not one of ours: start a new log
        old = ""
    stamp = (when or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    body = shorten(clean(details, keep_newlines=True)).rstrip("\n")
    entry = f"{MARKER}{stamp} · version {_version()} =====\n{body}\n\n"
    kept = _entries(old)[-(MAX_CRASHES - 1) :] if MAX_CRASHES > 1 else []
    write_atomic(target, "".join([*kept, entry]))
    return target


def report(renderables: Iterable[Any], path: Path | None = None) -> Path | None:
    """Write the crash to the log and tell the player in one line on stderr."""
    try:
        where: Path | None = record(render(renderables), path)
        shown = clean(where, 300)
    except (OSError, ValueError):
        where, shown = None, "(could not be saved)"
    print(f"domino: the table stopped on an internal error; details: {shown}", file=sys.stderr)
    return where
