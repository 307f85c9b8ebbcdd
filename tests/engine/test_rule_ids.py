"""Every rule id of RULES.md §1-§9 and §12 (and the fine points F17-F21 that docs/rules.md adds
to §12) is named by a test of this folder (a test name like
``test_K7_2_…`` or the id in a test's docstring), so that a rule cannot lose its test unnoticed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent


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
