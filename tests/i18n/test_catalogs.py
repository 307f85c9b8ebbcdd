"""Issue 9, part 2: the words live in gettext catalogs (one .po per language, compiled to .mo),
with real plural entries, the same keys and placeholders in every language, no English left in
the Russian catalog and no "You takes" in the English one."""

from __future__ import annotations

import ast
import io
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from domino_tui import i18n
from domino_tui.i18n import plural

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402

LANGS = ("en", "ru")  # the project's catalogs (i18n.languages() finds them)


def _po(lang: str) -> Path:
    return i18n.locale_dir() / lang / "LC_MESSAGES" / "domino.po"


def _read(lang: str) -> Catalog:
    with _po(lang).open("rb") as f:
        return read_po(f, locale=lang, domain="domino")


def _entries(lang: str) -> dict[str, tuple[str, ...]]:
    """key -> its msgstr forms (one for a plain entry)."""
    out = {}
    for m in _read(lang):
        if not m.id:
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        out[key] = tuple(m.string) if isinstance(m.id, tuple) else (m.string,)
    return out


@pytest.mark.parametrize(
    ("n", "form"),
    [
        (0, "партий"),
        (1, "партия"),
        (2, "партии"),
        (4, "партии"),
        (5, "партий"),
        (11, "партий"),
        (12, "партий"),
        (14, "партий"),
        (21, "партия"),
        (22, "партии"),
        (25, "партий"),
        (101, "партия"),
        (111, "партий"),
        (112, "партий"),
        (122, "партии"),
    ],
)
def test_russian_plural_forms_from_the_catalog(n: int, form: str) -> None:
    assert i18n.tn("cli.n_matches", n, "ru") == form
    assert plural(n, "cli.n_matches", "ru") == f"{n} {form}"


@pytest.mark.parametrize(("n", "form"), [(0, "matches"), (1, "match"), (2, "matches")])
def test_english_plural_forms_from_the_catalog(n: int, form: str) -> None:
    assert i18n.tn("cli.n_matches", n, "en") == form


def test_tiles_in_both_languages() -> None:
    assert [plural(n, "tx.tiles", "ru") for n in (1, 3, 7, 21)] == [
        "1 кость",
        "3 кости",
        "7 костей",
        "21 кость",
    ]
    assert [plural(n, "tx.tiles", "en") for n in (1, 3)] == ["1 tile", "3 tiles"]


def test_plain_words_come_from_the_catalog() -> None:
    assert i18n.tr("tx.fish", "ru", name="Оля") == "Рыба! Рыбак — Оля."
    assert i18n.tr("tx.fish", "en", name="Olya") == "Fish! The fisher is Olya."
    assert i18n.tr("goat", "ru") == "козёл"


def test_strict_mode_refuses_a_missing_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOMINO_STRICT_I18N", "1")
    with pytest.raises(KeyError):
        i18n.tr("no.such.key", "ru")
    with pytest.raises(KeyError):
        i18n.tn("no.such.key", 2, "ru")
    monkeypatch.delenv("DOMINO_STRICT_I18N")
    assert i18n.tr("no.such.key", "ru") == "no.such.key"


def test_a_missing_catalog_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a source tree never built: the .po without their .mo
    for lang in LANGS:
        (tmp_path / lang / "LC_MESSAGES").mkdir(parents=True)
        (tmp_path / lang / "LC_MESSAGES" / "domino.po").write_bytes(_po(lang).read_bytes())
    monkeypatch.setenv("DOMINO_LOCALE_DIR", str(tmp_path))
    monkeypatch.delenv("DOMINO_STRICT_I18N", raising=False)
    i18n.reload_catalogs()
    try:
        assert i18n.tr("goat", "ru") == "goat"  # the key itself, and the app keeps running
        assert i18n.tr("goat", "ru") == "goat"
        assert i18n.tn("tx.tiles", 5, "ru") == "tx.tiles"
        assert i18n.plural_index(5, "ru") == 2  # the rule read from the .po's header
        assert i18n.plural_index(21, "ru") == 0 and i18n.plural_index(2, "en") == 1
    finally:
        monkeypatch.undo()
        i18n.reload_catalogs()
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if "ru word catalog" in line]
    assert len(lines) == 1, err
    assert "missing" in lines[0] and "Traceback" not in err


def test_headers_carry_the_plural_rules() -> None:
    for lang in LANGS:
        catalog = _read(lang)
        assert catalog.plural_forms == i18n._po_plural_forms(lang)
        assert catalog.num_plurals == {"en": 2, "ru": 3}[lang]
        assert str(catalog.locale) == lang


def _used_keys() -> set[str]:
    used = {m.id for m in catalogs.extract() if m.id}
    assert len(used) > 200, "the extraction found the keys"
    return used


def test_every_key_in_the_source_is_in_every_catalog() -> None:
    used = _used_keys()
    for lang in LANGS:
        missing = sorted(used - set(_entries(lang)))
        assert not missing, (
            f"{lang}: keys used in the source but not in the catalog: {missing} "
            f"(add them to domino_tui/locale/*/LC_MESSAGES/domino.po)"
        )


def test_the_words_live_only_in_the_catalogs() -> None:
    """No module keeps a words dict ({"en": {...}, "ru": {...}}) or registers one."""
    assert not hasattr(i18n, "STRINGS") and not hasattr(i18n, "add_strings")
    shaped = re.compile(r'^\s*"(?:en|ru)": \{$', re.M)
    found = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "domino_tui").rglob("*.py")
        if shaped.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_no_empty_or_fuzzy_entries() -> None:
    for lang in LANGS:
        catalog = _read(lang)
        assert not catalog.fuzzy
        for m in catalog:
            if not m.id:
                continue
            assert not m.fuzzy, f"{lang}: {m.id} is fuzzy"
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            assert all(f.strip() for f in forms), f"{lang}: {m.id} is untranslated"
            if isinstance(m.id, tuple):
                assert len(forms) == catalog.num_plurals, f"{lang}: {m.id[0]} lacks forms"


def _counted_keys() -> set[str]:
    """The keys the source passes to tn / plural / count (the counted words)."""
    spec = {"tn": 0, "plural": 1, "count": 1}
    out = set()
    for path in (ROOT / "domino_tui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in spec and len(node.args) > spec[name]:
                out.update(catalogs._literals(node.args[spec[name]]))
    assert len(out) > 10, "the scan found the counted words"
    return out


def test_counted_words_are_plural_entries() -> None:
    counted = _counted_keys()
    for lang in LANGS:
        plurals = {m.id[0] for m in _read(lang) if isinstance(m.id, tuple)}
        assert sorted(counted - plurals) == [], lang
    assert {m.id[0] for m in _read("en") if isinstance(m.id, tuple)} == {
        m.id[0] for m in _read("ru") if isinstance(m.id, tuple)
    }


def test_no_counted_word_is_a_plain_entry() -> None:
    """A plain entry shaped like "a|b" (en) and "a|b|c" (ru) is a counted word left unsplit."""
    en, ru = _entries("en"), _entries("ru")
    wrong = [
        key
        for key, forms in ru.items()
        if len(forms) == 1 and forms[0].count("|") == 2 and en[key][0].count("|") == 1
    ]
    assert wrong == []


def test_languages_have_the_same_keys() -> None:
    en, ru = _entries("en"), _entries("ru")
    assert sorted(set(en) ^ set(ru)) == []


# a language may need a grammatical case of a value the caller also passes ({b} and {b_gen})
CASE_SUFFIX = re.compile(r"_(?:gen|dat|acc|ins|pre)$")


def _fields(text: str) -> set[str]:
    return {
        CASE_SUFFIX.sub("", name)
        for _, name, _, _ in string.Formatter().parse(text)
        if name is not None
    }


def test_languages_have_the_same_placeholders() -> None:
    en, ru = _entries("en"), _entries("ru")
    wrong = []
    for key in sorted(set(en) & set(ru)):
        names = {frozenset(_fields(form)) for form in en[key] + ru[key]}
        if len(names) > 1:
            wrong.append(key)
    assert wrong == []


# Latin words a Russian message may hold: key names, rule ids, formats, language codes
ALLOWED_LATIN = {
    "Enter",
    "Esc",
    "Tab",
    "PgUp",
    "PgDn",
    "Ctrl",
    "Shift",
    "Space",
    "Home",
    "End",
    "JSON",
    "SQLite",
    "CSV",
    "SVG",
    "ru",
    "en",
    "Unicode",
}
NOT_WORDS = [
    re.compile(r"\b[0-9A-Z]{4}-[0-9A-Z]{4}\b"),  # an invitation code: K7QF-M2XD
    re.compile(r"\{[^}]*\}"),  # placeholders
    re.compile(r"\[/?[a-z #0-9]*\]"),  # rich markup
    re.compile(r"`[^`]*`"),  # command lines in backticks
    re.compile(r"--[a-z][\w-]*"),  # options
    re.compile(r"\bdomino(?: --?[a-z][\w-]*| [a-z][\w-]*)*"),  # commands
    re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b"),  # environment variables
    re.compile(r"\b[A-Z]\d+(?:\.\d+)*\b"),  # rule ids: K6.3, F2
]
LATIN = re.compile(r"[A-Za-z]{2,}")


def english_in_russian() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for key, forms in _entries("ru").items():
        for form in forms:
            text = form
            for pattern in NOT_WORDS:
                text = pattern.sub(" ", text)
            words = [w for w in LATIN.findall(text) if w not in ALLOWED_LATIN]
            if words:
                found.setdefault(key, []).extend(words)
    return found


def test_nothing_english_in_the_russian_catalog() -> None:
    assert english_in_russian() == {}


def test_the_allowlist_is_needed_and_the_check_bites() -> None:
    """The check finds English in a Russian message (it is not vacuous)."""
    text = "Новая игра: New game"
    for pattern in NOT_WORDS:
        text = pattern.sub(" ", text)
    assert [w for w in LATIN.findall(text) if w not in ALLOWED_LATIN] == ["New", "game"]


YOU_VERB_S = re.compile(r"\bYou (\w+s)\b")
NOT_VERBS = {"always", "pass", "press", "miss", "guess", "cross"}


def test_english_says_you_take_not_you_takes() -> None:
    wrong = []
    for key, forms in _entries("en").items():
        for form in forms:
            wrong += [f"{key}: You {v}" for v in YOU_VERB_S.findall(form) if v not in NOT_VERBS]
    assert wrong == []


def test_english_counts_are_not_one_matches() -> None:
    wrong = []
    for key, forms in _entries("en").items():
        for form in forms:  # "1 matches", not "1-1 counts" nor "1 is"
            for word in re.findall(r"(?<![\w.-])1 (\w+s)\b", form):
                if word not in {"is", "was", "has", "does"}:
                    wrong.append(f"{key}: {form}")
    assert wrong == []


def test_compiled_catalogs_match_their_sources() -> None:
    """The .mo next to each .po holds exactly the .po's entries (a stale .mo fails here)."""
    for lang in LANGS:
        fresh = io.BytesIO()
        write_mo(fresh, _read(lang), use_fuzzy=False)
        mo = _po(lang).with_suffix(".mo")
        assert mo.is_file(), f"{mo} missing: run python tools/catalogs.py"
        assert mo.read_bytes() == fresh.getvalue(), f"{mo} is stale"
    assert catalogs.stale() == []


def test_adding_a_language_is_adding_a_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new .po under locale/ is compiled and served by the same runtime."""
    import shutil

    shutil.copytree(i18n.locale_dir(), tmp_path, dirs_exist_ok=True)
    uk = tmp_path / "uk" / "LC_MESSAGES"
    uk.mkdir(parents=True)
    catalog = Catalog(locale="uk", domain="domino")
    catalog.add("goat", "цап")
    from babel.messages.pofile import write_po

    with (uk / "domino.po").open("wb") as f:
        write_po(f, catalog)
    catalogs.compile_all(tmp_path)
    monkeypatch.setenv("DOMINO_LOCALE_DIR", str(tmp_path))
    i18n.reload_catalogs()
    try:
        assert i18n.tr("goat", "uk") == "цап"
        assert i18n.languages() == ("ru", "en", "uk")  # found, not listed anywhere
        assert i18n.detect_lang({"LANG": "uk_UA.UTF-8"}) == "uk"
    finally:
        monkeypatch.undo()
        i18n.reload_catalogs()


def test_has_key_probes_without_tripping_strict_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOMINO_STRICT_I18N", "1")
    assert i18n.has_key("goat", "ru") and i18n.has_key("tx.tiles", "en")
    assert not i18n.has_key("level_my_own_bot", "ru")
