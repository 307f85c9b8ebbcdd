"""Every test runs with its own DOMINO_TUI_HOME, so no test reads or writes the user's real
settings, saves, records or statistics (and none depends on them)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    home = tmp_path_factory.mktemp("domino-home")
    monkeypatch.setenv("DOMINO_TUI_HOME", str(home))
    monkeypatch.delenv("DOMINO_TUI_CONFIG_DIR", raising=False)
    return home
