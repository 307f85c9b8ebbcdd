"""Where files go: DOMINO_TUI_HOME overrides the platform directories."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from domino_tui.storage import paths


def test_home_override_holds_every_file(home: Path) -> None:
    assert paths.config_dir() == home / "config"
    assert paths.data_dir() == home / "data"
    assert paths.autosave_path().parent == home / "data"
    assert paths.records_dir() == home / "data" / "records"
    assert paths.stats_path().parent == home / "data"


def test_without_override_the_platform_dirs_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.HOME_ENV)
    assert paths.data_dir() == platformdirs.user_data_path("domino-tui")
    assert paths.config_dir() == platformdirs.user_config_path("domino-tui")


def test_blank_override_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(paths.HOME_ENV, "  ")
    assert paths.data_dir() == platformdirs.user_data_path("domino-tui")
