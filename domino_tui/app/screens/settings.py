"""Settings: language, theme (incl. high contrast), bot pace, auto-knock, undo, the tutor, tile
drawing, name. Each switch says on or off in words beside it."""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Switch

from ...i18n import languages
from ...storage.settings import PACES, THEMES, TILE_STYLES, Settings
from ...words.strings import t, theme_label
from ..widgets.keys_footer import KeysFooter
from ..widgets.switch import WordedSwitch, switch_words
from .base import DominoScreen


class SettingsScreen(DominoScreen):
    BUTTON_ARROWS = True
    KEYS = (("escape", "close", "cancel"), ("ctrl+s", "save", "save"))
    DEFAULT_CSS = """
    SettingsScreen VerticalScroll { width: 70; max-width: 100%; height: 1fr; padding: 0 1; }
    SettingsScreen { align: center top; }
    SettingsScreen Label { margin-top: 1; }
    SettingsScreen Horizontal { height: auto; margin-top: 1; }
    SettingsScreen Button { margin-right: 2; }
    """

    def compose(self) -> ComposeResult:
        s, lang = self.domino.settings, self.lang
        with VerticalScroll():
            yield Label(t("language", lang))
            yield Select(
                [(t("lang.name", code), code) for code in languages()],
                value=s.lang,
                allow_blank=False,
                id="lang",
            )
            yield Label(t("theme", lang))
            yield Select(
                [(theme_label(name, lang), name) for name in THEMES],
                value=s.theme if s.theme in THEMES else THEMES[0],
                allow_blank=False,
                id="theme",
            )
            yield Label(t("pace", lang))
            yield Select(
                [(t(f"pace_{p}", lang), p) for p in PACES],
                value=s.pace,
                allow_blank=False,
                id="pace",
            )
            yield Label(t("tile_style", lang))
            yield Select(
                [(t(f"style_{v}", lang), v) for v in TILE_STYLES],
                value=s.tile_style,
                allow_blank=False,
                id="tiles",
            )
            words = switch_words(lang)
            yield Label(t("auto_knock", lang))
            yield WordedSwitch(s.auto_knock, words, id="auto-knock")
            yield Label(t("undo_setting", lang))
            yield WordedSwitch(s.undo, words, id="undo")
            yield Label(t("tutor.setting", lang))
            yield WordedSwitch(s.tutor, words, id="tutor")
            yield Label(t("player_name", lang))
            yield Input(value=s.player_name, placeholder=t("you", lang), id="name")
            with Horizontal():
                yield Button(t("save", lang), id="save", variant="primary")
                yield Button(t("cancel", lang), id="cancel")
        yield KeysFooter()

    def collect(self) -> Settings:
        def pick(id_: str) -> str:
            return str(self.query_one(f"#{id_}", Select).value)

        return replace(
            self.domino.settings,
            lang=pick("lang"),
            theme=pick("theme"),
            pace=pick("pace"),
            tile_style=pick("tiles"),
            auto_knock=self.query_one("#auto-knock", Switch).value,
            undo=self.query_one("#undo", Switch).value,
            tutor=self.query_one("#tutor", Switch).value,
            player_name=self.query_one("#name", Input).value.strip()[:20],
        )

    def action_save(self) -> None:
        self.domino.apply_settings(self.collect())
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_close()
