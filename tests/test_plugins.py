"""The one reader of installed plugins (domino_tui.plugins), shared by bots and variants: every
way a plugin can fail is kept as a reason, one per plugin, and none reaches the caller as an
exception; what the callers show of it is one clean line."""

from __future__ import annotations

import re
from typing import Any

import pytest

from domino_tui import plugins
from domino_tui.engine import variants
from domino_tui.text import clean


class _Entry:
    def __init__(self, name: object, load: Any) -> None:
        self.name, self._load, self.value = name, load, "module:object"

    def load(self) -> Any:
        return self._load()


def _boom() -> Any:
    raise ImportError("line one\nline two \x1b[2J")


def _accept(ep: Any, obj: Any) -> str:
    if obj != "good":
        raise plugins.Refused("not good")
    return f"took {ep.name}"


GROUP = plugins.Group(
    "test.group",
    re.compile(r"[a-z]{1,8}"),
    "lower-case",
    lambda n: n == "own",
    "a built-in",
    _accept,
)


def test_each_failure_is_one_reason_and_the_good_plugin_is_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    eps = [
        _Entry("good", lambda: "good"),
        _Entry("good", lambda: "good"),  # a second plugin of the same name
        _Entry("own", lambda: "good"),  # a built-in's name
        _Entry("Bad\x1b", lambda: "good"),  # a name the rule refuses, never loaded
        _Entry(None, lambda: "good"),
        _Entry("boom", _boom),
        _Entry("wrong", lambda: "bad"),
    ]
    monkeypatch.setattr(plugins, "entry_points", lambda group: eps)
    found, skipped = plugins.read(GROUP)
    assert found == {"good": "took good"}
    reasons = {str(s.name): str(s.why) for s in skipped}
    assert len(skipped) == 6
    assert "another plugin" in reasons["own"] and "a built-in" in reasons["own"]
    assert reasons["Bad\x1b"] == reasons["None"] == "lower-case"
    assert reasons["wrong"] == "not good"
    assert "\n" not in clean(reasons["boom"]) and "\x1b" not in clean(reasons["boom"])


def test_broken_metadata_is_one_skip_not_an_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(group: str) -> Any:
        raise OSError("metadata unreadable")

    monkeypatch.setattr(plugins, "entry_points", broken)
    found, skipped = plugins.read(GROUP)
    assert found == {} and [str(s.why) for s in skipped] == ["metadata unreadable"]


def test_a_broken_variant_plugin_is_one_clean_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugins, "entry_points", lambda group: [_Entry("boom", _boom)])
    variants.reload_plugins()
    try:
        (line,) = variants.plugin_errors()
        assert line.startswith("boom: line one") and line.isprintable()
        assert not variants.is_variant("boom")
    finally:
        variants.reload_plugins()
