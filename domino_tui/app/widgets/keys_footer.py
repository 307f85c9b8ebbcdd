"""Textual's ``Footer``, rebuilt only when the keys it shows change.

Textual's footer rebuilds all its keys (a widget each, each restyled) whenever the screen says
its bindings may have changed — on every focus change, every screen resume, every
``refresh_bindings`` — even when the same keys come back. Opening the Rules screen did that
about a dozen times, a third of the screen's opening time (issue 22 item 9). This footer
compares what it would show (key, words, enabled, tooltip) with what it shows and rebuilds only
on a difference: the keys, their order and their look stay Textual's own.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

Shown = tuple[tuple[str, str, str, bool, str], ...]


def shown_keys(screen: Screen[object]) -> Shown:
    """What a footer on ``screen`` shows: the keys in order, with their words and state."""
    return tuple(
        (binding.key, binding.description, binding.action, enabled, tooltip)
        for (_, binding, enabled, tooltip) in screen.active_bindings.values()
        if binding.show
    )


class KeysFooter(Footer):
    """A ``Footer`` that skips a rebuild when its keys are the ones it shows already."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: Shown | None = None  # what the last rebuild asked for; None: not built yet
        self.rebuilds = 0  # how many times the keys were rebuilt (the tests count them)

    def bindings_changed(self, screen: Screen[object]) -> None:
        keys = shown_keys(screen)
        if keys == self.shown:
            return
        # Textual's footer rebuilds only for its own screen while the app has the focus; what it
        # then shows is remembered, and only then
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.shown = keys
            self.rebuilds += 1
        super().bindings_changed(screen)
