"""Every storage test runs in its own DOMINO_TUI_HOME: nothing may touch the real home."""

from __future__ import annotations

from pathlib import Path

import pytest

from domino_tui.storage import paths


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "home"
    monkeypatch.setenv(paths.HOME_ENV, str(root))
    return root
