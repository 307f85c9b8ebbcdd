"""Names from a save reach the table as text (issue 8, part 3): markup in a name is shown as
typed, never interpreted, and never stops the table."""

from __future__ import annotations

from textual.widgets import Static

from domino_tui.app import make_app
from domino_tui.engine.rules import make_rules
from domino_tui.play.session import GameSession, Seat

from .driver import plain


async def test_markup_names_are_drawn_as_typed() -> None:
    rules = make_rules({"players": 2})
    seats = (Seat("[/]x"), Seat("[@click=app.quit]y", "bot", "easy"))
    session = GameSession(rules, seats, 5)
    app = make_app(session, settings_path=None, pace="instant", lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = " ".join(plain(w) for w in app.screen.query(Static))
        assert "[/]x" in shown
        assert "[@click=app.quit]y" in shown or "[@click=app.q" in shown
        assert app.is_running
