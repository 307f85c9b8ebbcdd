"""``domino replay``: step through a finished match in the app's replay viewer."""

from __future__ import annotations

from typing import Annotated

import typer

from .options import LangOption


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""

    @app.command()
    def replay(
        record: Annotated[
            str, typer.Argument(help="A record file, a name from `domino records`, or last.")
        ] = "last",
        lang: LangOption = None,
    ) -> None:
        """Watch a finished match again: ←/→ step, PgUp/PgDn rounds, Home/End, every hand shown."""
        from ..engine.record import RecordError
        from ..storage.archive import load_record
        from ..text import clean

        try:
            loaded = load_record(record)
        except RecordError as err:
            typer.echo(f"domino: {clean(err)}", err=True)
            raise typer.Exit(2) from None
        from ..app.screens.replay import replay_app
        from .play import leave_now_if_stuck

        viewer = replay_app(loaded, lang=lang.value if lang else None)
        viewer.run()
        leave_now_if_stuck(viewer.return_code or 0)  # a review still thinking in its thread
