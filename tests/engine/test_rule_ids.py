"""Every rule id of RULES.md §1-§9 and §12 (and the fine points F17-F21 that docs/rules.md adds
to §12) is named by a test of this folder (a test name like
``test_K7_2_…`` or the id in a test's docstring), so that a rule cannot lose its test unnoticed.

The variants' ids (docs/variants: the shared cross G1-G10, each page's V1.1 … V6.9 and its
decisions V1.D1 …) are read from the pages themselves — every bold id that opens a rule or a
decision — and must be named by a test under tests/engine/variants, so the list cannot drift
from the docs."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

HERE = Path(__file__).parent
VARIANT_TESTS = HERE / "variants"
VARIANT_DOCS = HERE.parents[1] / "docs" / "variants"
# a bold id opening a rule or a decision: **G6 …**, **V2.6.2 …**, **V2.D3 …**
DOC_ID = re.compile(r"\*\*(G\d+|V\d+(?:\.\d+)+|V\d+\.D\d+)\b")
# in a test's name: G6, V2_6_2, V2_D3 (followed by _ or the end of the name)
NAME_ID = re.compile(r"(?<![A-Za-z0-9])(G\d+|V\d+(?:_\d+)*(?:_D\d+)?)(?=_|$)")
DOCSTRING_ID = re.compile(r"\b(?:G\d+|V\d+(?:\.\d+)+|V\d+\.D\d+)\b")


def _ids() -> list[str]:
    ranges = {"K1": 5, "K2": 4, "K3": 6, "K4": 5, "K6": 4, "K7": 5, "K8": 6}
    ids = [f"{head}.{n}" for head, top in ranges.items() for n in range(1, top + 1)]
    ids += ["K5.1", "K9", "K9.1", "K10", "K10.1", "K11"]
    ids += [f"P{n}" for n in range(1, 9)] + [f"C{n}" for n in range(1, 7)]
    ids += [f"F{n}" for n in range(1, 22)] + [f"L{n}" for n in range(1, 6)] + ["S1", "S2"]
    return ids


RULE_IDS = _ids()


def _named_ids() -> set[str]:
    """Rule ids in test names (``K7_2`` → ``K7.2``) and in test docstrings."""
    found: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for m in re.finditer(r"(?<![A-Za-z])([KPCFLS]\d+)((?:_\d+)?)(?=_|$)", node.name):
                    found.add(m.group(1) + m.group(2).replace("_", "."))
                doc = ast.get_docstring(node) or ""
                found.update(re.findall(r"\b[KPCFLS]\d+(?:\.\d+)?\b", doc))
    return found


def test_every_rule_id_has_a_test() -> None:
    named = _named_ids()
    missing = [rule for rule in RULE_IDS if rule not in named]
    assert not missing, f"rule ids without a test: {', '.join(missing)}"


def variant_ids(page: Path) -> list[str]:
    """The ids a docs/variants page defines, in the page's order."""
    found = DOC_ID.findall(page.read_text(encoding="utf-8"))
    return list(dict.fromkeys(found))


def _variant_named_ids() -> set[str]:
    """Variant ids in the names and docstrings of the tests under tests/engine/variants."""
    found: set[str] = set()
    for path in sorted(VARIANT_TESTS.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for m in NAME_ID.finditer(node.name):
                    found.add(m.group(1).replace("_", "."))
                found.update(DOCSTRING_ID.findall(ast.get_docstring(node) or ""))
    return found


PAGES = sorted(VARIANT_DOCS.glob("*.md"))


def test_the_variant_pages_define_ids() -> None:
    """The regex reads every page: G1-G10 from README.md, rules and decisions from the rest."""
    assert [p.name for p in PAGES] == [
        "README.md",
        "chechevo.md",
        "general.md",
        "morskoy.md",
        "osel.md",
        "sport.md",
        "telefon.md",
    ]
    assert variant_ids(VARIANT_DOCS / "README.md") == [f"G{n}" for n in range(1, 11)]
    for page in PAGES[1:]:
        ids = variant_ids(page)
        head = ids[0].split(".")[0]
        for part in range(1, 10):  # every page has Vn.1 … Vn.9 (README.md, "Every page …")
            assert f"{head}.{part}" in ids, f"{page.name} lacks {head}.{part}"
        assert f"{head}.D1" in ids, f"{page.name} has no decisions"


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_every_variant_rule_id_has_a_test(page: Path) -> None:
    named = _variant_named_ids()
    missing = [rule for rule in variant_ids(page) if rule not in named]
    assert not missing, f"{page.name}: rule ids without a test: {', '.join(missing)}"
