"""``domino replay``: step through a finished match (filled in by the replay viewer)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
