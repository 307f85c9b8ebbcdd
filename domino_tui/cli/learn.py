"""``domino learn``: the guided first game (issue 9, part 7), opened over the start screen.

The app runs as ``domino`` does (settings, saves, the folder checks), so the games played after
the lesson are saved and counted as usual; the lesson itself is never given to the saves.
"""

from __future__ import annotations

import typer

from .options import LangOption
from .words import cli_lang


def register(app: typer.Typer) -> None:
    """Add this module's command to ``app``."""

    @app.command()
    def learn(lang: LangOption = None) -> None:
        """A guided first game: learn Kozel at a real table, step by step."""
        from ..app.screens.learn import learn_app
        from ..play.saving import Saves
        from ..storage.settings import take_notice
        from .health import check_folders
        from .play import run_app
        from .table import stored_settings

        check_folders(cli_lang(lang))
        ui_lang = lang.value if lang else stored_settings().lang
        notice = take_notice(ui_lang)
        run_app(learn_app(lang=lang.value if lang else None, saves=Saves(), notice=notice))
