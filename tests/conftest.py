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


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the word catalogs afresh (a stale .mo never fools a test) and ask for strict
    lookups: once the words dicts are gone, a key missing from a catalog fails the test."""
    import os
    import sys

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    try:
        import catalogs
    finally:
        sys.path.pop(0)
    if not hasattr(session.config, "workerinput"):
        # the controller compiles before it starts the xdist workers; they only read
        catalogs.compile_all()
    from domino_tui import i18n

    i18n.reload_catalogs()
    os.environ["DOMINO_STRICT_I18N"] = "1"


@pytest.fixture(autouse=True)
def _neutral_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts under the same neutral locale whatever the machine's (a player who
    never chose a language gets English there); tests of the locale set their own. Only
    LC_MESSAGES is pinned, so the process's character encoding (LC_CTYPE via LANG) is kept."""
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LC_MESSAGES", "C")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than the cores: the table tests spend a third of their time waiting on
    Textual's idle checks (two workers on two cores kept them only ~65% busy), and the extra
    worker fills that time."""
    import os

    return (os.cpu_count() or 1) + 1
