"""Plugins for the tests, found as installed ones are (a folder with a ``dist-info``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

FAULTY = Path(__file__).resolve().parent / "faulty"  # hang, boom, cheat: tests/plugins/faulty


@pytest.fixture
def faulty(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The faulty plugins installed for one test; every hanging call is let go afterwards, so
    no thread outlives the test."""
    from domino_tui import bots as registry

    monkeypatch.syspath_prepend(str(FAULTY))
    registry.reload_plugins()
    import faulty_bots  # type: ignore[import-not-found]

    faulty_bots.RELEASE.clear()
    yield
    sys.modules["faulty_bots"].RELEASE.set()
    registry.reload_plugins()
