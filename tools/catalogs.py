"""Compile and extract the word catalogs (build and development time only: needs Babel).

- :func:`compile_all` turns every ``<locale>/<lang>/LC_MESSAGES/domino.po`` into the ``.mo``
  next to it (the build hook and tests/conftest.py call it; the runtime reads only ``.mo``).
- :func:`extract` lists every key the source names literally (``t``, ``tr``, ``tn``, ``say``,
  ``N_`` … calls) as a catalog, the template ``domino.pot``.

The catalogs are the only home of the words: edit a ``.po`` (every language), then

    python tools/catalogs.py compile    # every .po -> .mo (also: no argument)
    python tools/catalogs.py extract    # also rewrite domino.pot from the source (or --extract)

``tests/i18n/test_catalogs.py`` checks that every key the source names is in every catalog.
"""

from __future__ import annotations

import ast
import os
import sys
import tempfile
from collections.abc import Collection, Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

DOMAIN = "domino"
ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "domino_tui"
LOCALE = PACKAGE / "locale"

# function name -> the 1-based position of the key among its arguments (babel's keyword spec)
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "t": None,
    "tr": None,
    "tn": None,
    "say": None,
    "N_": None,
    "plural": (2,),  # transcript.plural(n, key, lang)
    "count": (2,),  # cli.words.count(n, key, lang)
}


def po_files(locale_dir: Path = LOCALE) -> list[Path]:
    return sorted(Path(locale_dir).glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def compile_po(po: Path) -> Path:
    """``po`` compiled to the ``.mo`` beside it (fuzzy entries left out); returns the ``.mo``."""
    with po.open("rb") as f:
        catalog = read_po(f, locale=po.parent.parent.name, domain=DOMAIN)
    mo = po.with_suffix(".mo")
    # a temp name of its own: several processes (pytest-xdist workers) may compile at once
    fd, name = tempfile.mkstemp(prefix=mo.name + ".", suffix=".tmp", dir=mo.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        os.chmod(name, 0o644)  # mkstemp's 0600 would hide the words from other users
        os.replace(name, mo)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return mo


def compile_all(locale_dir: Path = LOCALE) -> list[Path]:
    """Compile every catalog under ``locale_dir``; returns the ``.mo`` files written."""
    return [compile_po(po) for po in po_files(locale_dir)]


def stale(locale_dir: Path = LOCALE) -> list[Path]:
    """The ``.po`` files whose ``.mo`` is missing or older than they are."""
    out = []
    for po in po_files(locale_dir):
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.stat().st_mtime < po.stat().st_mtime:
            out.append(po)
    return out


def _literals(node: ast.expr) -> list[str]:
    """The keys an argument can be: a string, or either branch of ``"a" if c else "b"``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


def extract_keys(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Any
) -> Iterator[tuple[int, str, list[str | None], list[str]]]:
    """A babel extraction method that reads the syntax tree, so that a conditional key
    (``t("goat_is" if one else "goats_are", lang)``) yields both keys, not their concatenation."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name not in keywords:
            continue
        spec = KEYWORDS.get(name) or (1,)
        pos = spec[0] - 1
        if pos >= len(node.args):
            continue
        for key in _literals(node.args[pos]):
            messages: list[str | None] = [None] * len(node.args)
            messages[pos] = key
            yield node.lineno, name, messages, []


def extract(pkg_dir: Path = PACKAGE) -> Catalog:
    """Every key named literally in the package's source, with where it is used."""
    catalog = Catalog(
        domain=DOMAIN,
        project="domino-tui",
        version="0.1",
        copyright_holder="domino-tui developers",
        msgid_bugs_address="https://github.com/domino-tui/domino-tui/issues",
        header_comment=(
            "# The keys of domino-tui's words, extracted from the source by tools/catalogs.py.\n"
            "# This file is distributed under the same license as the domino-tui project.\n#"
        ),
        fuzzy=False,
    )
    found = extract_from_dir(
        str(pkg_dir),
        method_map=[("**.py", extract_keys)],  # type: ignore[list-item]
        keywords=KEYWORDS,
        comment_tags=("i18n:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        if isinstance(message, tuple):
            message = message[0]
        if not message or " " in message or "{" in message:
            continue  # not a key: a sentence passed to a function that happens to be named t
        path = (Path(pkg_dir).name + "/" + filename).replace("\\", "/")
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return catalog


def write_template(pkg_dir: Path = PACKAGE, locale_dir: Path = LOCALE) -> Path:
    pot = Path(locale_dir) / f"{DOMAIN}.pot"
    catalog = extract(pkg_dir)
    with pot.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=True, omit_header=False)
    return pot


def main(argv: list[str]) -> int:
    if "--extract" in argv or "extract" in argv:
        print(write_template())
    for mo in compile_all():
        print(mo)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
