"""A pseudo-language built at test time: every word of the English catalog and pages wrapped
in ⟦…⟧, so that a screen or a transcript shown in it reveals any text that did not come from
the catalogs or the pages (issue 24: adding a language is data)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

PSEUDO = "qps"  # a private-use code (the qps-ploc of pseudo-localisation)
OPEN, CLOSE = "⟦", "⟧"
LETTERS = re.compile(r"[^\W\d_]+")


def wrap(text: str) -> str:
    """A catalog entry in the pseudo-language: the English text within ⟦…⟧ (placeholders stay
    as they are inside, so the values put in are inside too)."""
    return f"{OPEN}{text}{CLOSE}" if text else text


def wrap_page(markdown: str) -> str:
    """A page in the pseudo-language: every run of letters wrapped, so the Markdown's headings,
    tables and lists keep their shape."""
    return LETTERS.sub(lambda m: f"{OPEN}{m.group()}{CLOSE}", markdown)


def build(source: Path, target: Path) -> Path:
    """``source``'s catalogs and pages copied to ``target``, plus the pseudo-language made from
    the English ones; returns ``target`` (compile it with tools/catalogs.py)."""
    shutil.copytree(source, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.mo"))
    with (source / "en" / "LC_MESSAGES" / "domino.po").open("rb") as f:
        english = read_po(f, locale="en", domain="domino")
    pseudo = Catalog(locale="en", domain="domino")  # English's plural rule, read from its header
    for message in english:
        if not message.id:
            continue
        text = message.string
        if isinstance(text, tuple | list):
            pseudo.add(message.id, tuple(wrap(t) for t in text))
        else:
            pseudo.add(message.id, wrap(text))
    folder = target / PSEUDO
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "LC_MESSAGES").mkdir(parents=True)
    with (folder / "LC_MESSAGES" / "domino.po").open("wb") as f:
        write_po(f, pseudo)
    for page in (source / "en").rglob("*.md"):
        out = folder / page.relative_to(source / "en")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(wrap_page(page.read_text("utf-8")), "utf-8")
    return target


def unwrapped(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The words of ``text`` (a screen or a transcript, line by line) outside any ⟦…⟧.

    A message wrapped over lines keeps its bracket open into the next line; a line that
    closes a bracket it did not open is the end of a message begun above (or beside, in
    another column), so its start counts as inside. A dialog drawn over a screen (between two
    solid edges ``█`` on a line) is read alone: what shows of the screen beside it is cut
    messages whose brackets are under the dialog, and that screen was read on its own before
    the dialog opened. A word in ``allowed`` is not text."""
    found: list[str] = []
    depth = 0
    for line in text.splitlines():
        if line.count("█") >= 2:
            line = line[line.index("█") + 1 : line.rindex("█")]
        # the start of a line up to a ⟧ it does not open is the tail of a message above
        level, start = depth, 0
        for i, ch in enumerate(line):
            if ch == OPEN:
                level += 1
            elif ch == CLOSE:
                if level == 0:
                    start = i + 1
                level = max(0, level - 1)
        outside: list[str] = []
        level = depth
        for ch in line[start:]:
            if ch == OPEN:
                level += 1
                outside.append(" ")
            elif ch == CLOSE:
                level = max(0, level - 1)
                outside.append(" ")
            else:
                outside.append(ch if level == 0 else " ")
        depth = level
        found += [w for w in LETTERS.findall("".join(outside)) if w not in allowed]
    return found
