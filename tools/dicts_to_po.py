"""Move the words dicts into the gettext catalogs (re-runnable).

Imports every module of ``domino_tui`` (so that every area registers its ``STRINGS`` with
``i18n.add_strings``), then writes ``domino_tui/locale/<lang>/LC_MESSAGES/domino.po`` for every
language:

- the dict values (``i18n.STRINGS``, what the runtime shows today) are authoritative;
- the counted words of :data:`PLURAL_KEYS` become plural entries (``"one|many"`` /
  ``"one|few|many"`` split into ``msgstr[0..]``); any other ``|`` stays text (tile notation);
- entries only in a catalog are kept (after the dicts are deleted the catalogs are the source);
- keys are sorted; ``{placeholders}`` are kept as written.

It also rewrites the template ``domino.pot`` from the source (``tools/catalogs.extract``) and
compiles the ``.mo`` files. A file whose entries did not change is left untouched, so running it
twice changes nothing. Module dicts shaped like words but not merged into ``i18n.STRINGS`` are
listed at the end (the runtime cannot see them).

    python tools/dicts_to_po.py
"""

from __future__ import annotations

import importlib
import io
import pkgutil
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import catalogs  # noqa: E402

# The counted words: an explicit list, because "|" also appears in tile notation ("3|4").
PLURAL_KEYS = frozenset(
    {
        "cli.n_bots",
        "cli.n_damaged",
        "cli.n_games",
        "cli.n_matches",
        "cli.n_names",
        "cli.n_players",
        "cli.n_records",
        "hw.pips",
        "stats.kept_records",
        "stats.skipped",
        "hw.points",
        "sw.rounds_n",
        "tx.points",
        "tx.tiles",
        "w.actions",
        "w.rated",
        "w.rounds_n",
    }
)
# keys whose "|" is text, not plural forms (add here if the check below names one wrongly)
NOT_PLURAL_KEYS: frozenset[str] = frozenset()

LANG_NAMES = {"en": "English", "ru": "Russian"}


def load_words() -> tuple[dict[str, dict[str, str]], list[str]]:
    """``i18n.STRINGS`` after importing every module, and the names of word-shaped module
    dicts that are not merged into it."""
    import domino_tui
    from domino_tui import i18n

    for info in pkgutil.walk_packages(domino_tui.__path__, "domino_tui."):
        if info.name.rsplit(".", 1)[-1] == "__main__":
            continue  # running it starts the app
        importlib.import_module(info.name)
    unmerged = []
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("domino_tui"):
            continue
        for attr, value in vars(module).items():
            if value is i18n.STRINGS or not _words_shaped(value):
                continue
            merged = all(
                key in i18n.STRINGS.get(lang, {}) for lang, words in value.items() for key in words
            )
            if not merged:
                unmerged.append(f"{name}.{attr}")
    return i18n.STRINGS, unmerged


def _words_shaped(value: object) -> bool:
    return (
        isinstance(value, dict)
        and bool(value)
        and set(value) <= {"en", "ru"}
        and all(
            isinstance(words, dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in words.items())
            for words in value.values()
        )
    )


def suspected_plurals(words: dict[str, dict[str, str]]) -> list[str]:
    """Keys that look counted (en "a|b", ru "a|b|c") but are in neither list."""
    out = []
    for key, ru in words.get("ru", {}).items():
        en = words.get("en", {}).get(key, "")
        if key in PLURAL_KEYS or key in NOT_PLURAL_KEYS:
            continue
        if ru.count("|") == 2 and en.count("|") == 1:
            out.append(key)
    return sorted(out)


def _read(po: Path, lang: str) -> Catalog | None:
    if not po.is_file():
        return None
    with po.open("rb") as f:
        return read_po(f, locale=lang, domain=catalogs.DOMAIN)


def _entries(catalog: Catalog) -> dict[str, object]:
    """key -> msgstr (a string, or a tuple of plural forms)."""
    out: dict[str, object] = {}
    for m in catalog:
        if not m.id:
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        out[key] = tuple(m.string) if isinstance(m.id, tuple) else m.string
    return out


def build(lang: str, words: dict[str, dict[str, str]], old: Catalog | None) -> Catalog:
    from domino_tui import i18n

    nplurals = int(i18n.PLURAL_FORMS[lang].split(";")[0].split("=")[1])
    kept = _entries(old) if old is not None else {}
    now = datetime(2026, 1, 1, tzinfo=UTC)
    catalog = Catalog(
        locale=lang,
        domain=catalogs.DOMAIN,
        project="domino-tui",
        version="0.1",
        language_team=f"{LANG_NAMES.get(lang, lang)} <domino-tui>",
        creation_date=old.creation_date if old is not None else now,
        revision_date=old.revision_date if old is not None else now,
        fuzzy=False,
        copyright_holder="domino-tui developers",
        msgid_bugs_address="https://github.com/domino-tui/domino-tui/issues",
        last_translator="domino-tui developers",
        header_comment=(
            f"# {LANG_NAMES.get(lang, lang)} words of domino-tui. Keys are msgids; written by\n"
            "# tools/dicts_to_po.py from the words dicts, then edited here.\n"
            "# This file is distributed under the same license as the domino-tui project.\n#"
        ),
    )
    own = words.get(lang, {})
    keys = sorted(set(kept) | set(own) | {k for w in words.values() for k in w})
    for key in keys:
        value: object = own.get(key, kept.get(key))
        if key in PLURAL_KEYS:
            if isinstance(value, str):
                forms = value.split("|")
            elif isinstance(value, tuple):
                forms = list(value)
            else:
                forms = []
            forms = [forms[min(i, len(forms) - 1)] if forms else "" for i in range(nplurals)]
            catalog.add((key, i18n.plural_id(key)), tuple(forms))
        else:
            if isinstance(value, tuple):
                value = value[0] if value else ""
            catalog.add(key, value if isinstance(value, str) else "")
    catalog.plural_forms  # noqa: B018  (babel derives it from the locale; we set ours below)
    catalog._num_plurals, catalog._plural_expr = (
        nplurals,
        (  # type: ignore[attr-defined]
            i18n.PLURAL_FORMS[lang].split("plural=", 1)[1].rstrip("; ")
        ),
    )
    return catalog


def _text(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, sort_output=True, omit_header=False, no_location=True)
    return buf.getvalue()


def _body(data: bytes) -> bytes:
    """The file without its dated header lines, to tell a real change from a new timestamp."""
    return b"\n".join(
        line
        for line in data.splitlines()
        if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date'))
    )


def write_if_changed(path: Path, catalog: Catalog, touch_revision: bool = True) -> bool:
    data = _text(catalog)
    if path.is_file() and _body(path.read_bytes()) == _body(data):
        return False
    if touch_revision and path.is_file():
        catalog.revision_date = datetime.now(UTC)
        data = _text(catalog)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def main() -> int:
    from domino_tui import i18n

    words, unmerged = load_words()
    suspects = suspected_plurals(words)
    if suspects:
        print(
            "These look like counted words but are not in PLURAL_KEYS (nor NOT_PLURAL_KEYS) "
            "in tools/dicts_to_po.py: " + ", ".join(suspects),
            file=sys.stderr,
        )
        return 1
    langs = sorted(set(i18n.LANGS) | {p.parent.parent.name for p in catalogs.po_files()})
    for lang in langs:
        po = catalogs.LOCALE / lang / "LC_MESSAGES" / f"{catalogs.DOMAIN}.po"
        changed = write_if_changed(po, build(lang, words, _read(po, lang)))
        print(f"{po}: {'written' if changed else 'unchanged'}")
    pot = catalogs.LOCALE / f"{catalogs.DOMAIN}.pot"
    template = catalogs.extract()
    old = _read(pot, "en")
    if old is not None:
        template.creation_date = old.creation_date
    print(f"{pot}: {'written' if write_if_changed(pot, template, False) else 'unchanged'}")
    for mo in catalogs.compile_all():
        print(f"{mo}: compiled")
    if unmerged:
        print("Word-shaped dicts not merged into i18n.STRINGS (not in the catalogs):")
        for name in unmerged:
            print(f"  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
