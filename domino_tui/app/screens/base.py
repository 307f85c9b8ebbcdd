"""What every screen of the app shares: key bindings labelled in the player's language."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar, cast

from textual.binding import ActiveBinding, BindingsMap
from textual.screen import ModalScreen, Screen

if TYPE_CHECKING:
    from ..app import DominoApp

# (keys, action, string key for the footer or "" to hide)
BindingSpec = tuple[str, str, str]

KEY_DISPLAY = {"space": "␣"}  # short key names keep the Russian footer inside 80 columns

# Textual's own widgets label a few footer keys in English (class-level BINDINGS): our words
TEXTUAL_WORDS = {
    "Dismiss menu": "tx_key_dismiss_menu",
    "Exit the command palette": "tx_key_exit_palette",
    "Open link": "tx_key_open_link",
    "Focus Next": "tx_key_focus_next",
    "Focus Previous": "tx_key_focus_previous",
    "Copy selected text": "tx_key_copy",
    "palette": "palette_key",
}


class Localized:
    """Mixin: footer labels follow the language setting, even when it changes mid-game.

    ``BUTTON_ARROWS``: ←/→ move the focus between the buttons of a row (every dialog), as in
    any casual game's dialogs; on anything but a button the keys go on to the widget/app."""

    KEYS: tuple[BindingSpec, ...] = ()
    BUTTON_ARROWS = False
    # a footer entry that stands for a pair of keys ("n/p": next and previous): the key shown →
    # how it is shown; its partner is bound with no label, so it works unseen
    KEY_SHOWN: ClassVar[dict[str, str]] = {}

    @property
    def domino(self) -> DominoApp:
        return cast("DominoApp", self.app)  # type: ignore[attr-defined]

    @property
    def lang(self) -> str:
        return self.domino.settings.lang

    def localize(self) -> None:
        from ...words.strings import t

        merged = type(self)._merged_bindings  # type: ignore[attr-defined]
        bindings = merged.copy() if merged is not None else BindingsMap()
        keys_list = list(self.KEYS)
        if self.BUTTON_ARROWS:
            keys_list += [("left", "button_step(-1)", ""), ("right", "button_step(1)", "")]
        for keys, action, label in keys_list:
            # "escape,q": one action, one footer entry (the first key); the others work unseen
            for n, key in enumerate(keys.split(",")):
                bindings.bind(
                    key,
                    action,
                    t(label, self.lang) if label else "",
                    show=bool(label) and n == 0,
                    key_display=self.KEY_SHOWN.get(key, KEY_DISPLAY.get(key)),
                )
        self._bindings = bindings
        if self.is_mounted:  # type: ignore[attr-defined]
            self.refresh_bindings()  # type: ignore[attr-defined]

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's keys, with the descriptions Textual's widgets give in English (a
        Select's "Dismiss menu", the palette key) in the player's language."""
        from ...words.strings import t

        found: dict[str, ActiveBinding] = super().active_bindings  # type: ignore[misc]
        out: dict[str, ActiveBinding] = {}
        for key, active in found.items():
            words = TEXTUAL_WORDS.get(active.binding.description)
            if words:
                said = t(words, self.lang)
                active = active._replace(binding=replace(active.binding, description=said))
            out[key] = active
        return out

    def action_button_step(self, step: int) -> None:
        """Focus the previous/next button of the row the focused button sits in."""
        from textual.actions import SkipAction
        from textual.widgets import Button

        focused = self.focused  # type: ignore[attr-defined]
        if not isinstance(focused, Button) or focused.parent is None:
            raise SkipAction()
        row = [b for b in focused.parent.query_children(Button) if b.focusable]
        if len(row) < 2:
            raise SkipAction()
        row[(row.index(focused) + step) % len(row)].focus()


class DominoScreen(Localized, Screen[None]):
    # Textual runs the on_* handler of every class in the MRO, so subclasses that define their
    # own on_mount / on_resize must not call super(): these run after theirs anyway.
    def on_mount(self) -> None:
        self.localize()

    def on_resize(self) -> None:
        self.domino.check_size()


class DominoModal(Localized, ModalScreen[str]):
    BUTTON_ARROWS = True

    def on_mount(self) -> None:
        self.localize()

    def on_resize(self) -> None:
        self.domino.check_size()
