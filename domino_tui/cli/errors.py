"""The CLI's own refusal, a typer exception: imported only where one is raised or caught, so
``domino play`` reads its options and opens the table without loading typer (see :mod:`.quick`).
"""

from __future__ import annotations

import typer


class UserError(typer.BadParameter):
    """A problem the player caused and can fix, already in the player's words: ``main()``
    prints it as one line (``domino: …``, exit code 2), never a traceback."""

    def __init__(self, message: object) -> None:
        super().__init__(str(message))

    def format_message(self) -> str:
        return self.message
