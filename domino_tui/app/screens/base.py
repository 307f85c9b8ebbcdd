"""What every screen of the app shares: key bindings labelled in the player's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual.binding import ActiveBinding, Binding
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
TEXTUAL_TIPS = {"Open the command palette": "cmd_palette"}


def key_bindings(keys: Sequence[BindingSpec], shown: Mapping[str, str]) -> list[Binding]:
    """A screen's keys as Textual bindings: each action's first key in the footer (if it has
    words), the others working unseen; the words are the catalog's keys, said in the player's
    language when the footer asks (:attr:`Localized.active_bindings`)."""
    found = []
    for keys_of, action, label in keys:
        # "escape,q": one action, one footer entry (the first key); the others work unseen
        for n, key in enumerate(keys_of.split(",")):
            display = shown.get(key, KEY_DISPLAY.get(key))
            found.append(
                Binding(key, action, label, show=bool(label) and n == 0, key_display=display)
            )
    return found


class Localized:
    """Mixin: footer labels follow the language setting, even when it changes mid-game.

    ``KEYS`` are the screen's own keys (a subclass's replace its parent's): they become the
    class's Textual ``BINDINGS`` once, when the class is made, and the footer's words for them
    are looked up in ``self.KEYS`` each time the footer asks, so a screen changes what a key is
    called (or hides it: no words) by setting ``self.KEYS`` to the same keys with other words
    and calling :meth:`localize`.

    ``BUTTON_ARROWS``: ←/→ move the focus between the buttons of a row (every dialog), as in
    any casual game's dialogs; on anything but a button the keys go on to the widget/app."""

    KEYS: tuple[BindingSpec, ...] = ()
    BUTTON_ARROWS = False
    # a footer entry that stands for a pair of keys ("n/p": next and previous): the key shown →
    # how it is shown; its partner is bound with no label, so it works unseen
    KEY_SHOWN: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """The class's bindings: Textual's own screens' (focus keys), then :attr:`KEYS`, and
        never a parent screen's keys (a lesson binds fewer keys than the game it is)."""
        keys = list(cls.KEYS)
        if cls.BUTTON_ARROWS:
            keys += [("left", "button_step(-1)", ""), ("right", "button_step(1)", "")]
        textual = [
            binding
            for base in reversed(cls.__mro__)
            if base.__module__.startswith("textual.")
            for binding in base.__dict__.get("BINDINGS", [])
        ]
        cls.BINDINGS = [*textual, *key_bindings(keys, cls.KEY_SHOWN)]  # type: ignore[attr-defined]
        kwargs.setdefault("inherit_bindings", False)
        super().__init_subclass__(**kwargs)

    @property
    def domino(self) -> DominoApp:
        return cast("DominoApp", self.app)  # type: ignore[attr-defined]

    @property
    def lang(self) -> str:
        return self.domino.settings.lang

    def localize(self) -> None:
        """The footer's words changed (the language, ``self.KEYS``): it asks for them again."""
        if self.is_mounted:  # type: ignore[attr-defined]
            self.refresh_bindings()  # type: ignore[attr-defined]

    def footer_words(self) -> dict[tuple[str, str], str]:
        """(key, action) → the catalog key of its footer words, "" for a key shown nowhere."""
        words = {}
        for keys, action, label in self.KEYS:
            for n, key in enumerate(keys.split(",")):
                words[key, action] = label if n == 0 else ""
        return words

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The footer's keys in the player's language: this screen's from :attr:`KEYS`, and the
        words Textual's widgets give in English (a Select's "Dismiss menu", the palette key)."""
        from ...words.strings import t

        found: dict[str, ActiveBinding] = super().active_bindings  # type: ignore[misc]
        ours = self.footer_words() if self.KEYS else {}
        out: dict[str, ActiveBinding] = {}
        for key, active in found.items():
            binding = active.binding
            mine = active.node is cast("object", self)
            label = ours.get((key, binding.action)) if mine else None
            tooltip = active.tooltip
            if label is not None:
                said = t(label, self.lang) if label else ""
                binding = replace(binding, description=said, show=bool(label))
            elif words := TEXTUAL_WORDS.get(binding.description):
                binding = replace(binding, description=t(words, self.lang))
            if tooltip in TEXTUAL_TIPS:
                tooltip = t(TEXTUAL_TIPS[tooltip], self.lang)
            if binding.tooltip in TEXTUAL_TIPS:  # the keys panel shows the binding's own
                binding = replace(binding, tooltip=t(TEXTUAL_TIPS[binding.tooltip], self.lang))
            if binding is not active.binding or tooltip != active.tooltip:
                active = ActiveBinding(active.node, binding, active.enabled, tooltip)
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
