"""Fixtures the CLI tests share."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture
def tables(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The sessions ``play`` and ``hotseat`` would open, instead of opening them."""
    opened: list[Any] = []
    monkeypatch.setattr(
        "domino_tui.cli.play.run_table", lambda session, *a, **k: opened.append(session)
    )
    return opened
