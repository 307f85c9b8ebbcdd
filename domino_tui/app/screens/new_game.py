"""The New game dialog: who sits where (humans with names: two or more make a hot-seat game,
with an optional turn timer), pairs, the preset and every rule option with its default. The
engine's :func:`make_rules` judges the choices; its message is shown as is."""

from __future__ import annotations

import typing
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static, Switch

from ...bots import LEVELS
from ...engine.rules import OPTION_NAMES, Rules, RulesError, make_rules
from ...i18n import has_key
from ...transcript import plural
from ...variant_words import TABLE_PRESETS
from ..session import GameSession, Seat, table_seats
from ..strings import level_name, t
from .base import DominoScreen

HIDDEN = ("players", "pairs", "variant", "set_top")  # set by the seats, the preset, or future
SEED_TOP = 2**64 - 1  # seeds are 64-bit unsigned (a record keeps any such seed)
MATCH_ENDS = ("target", "rounds:5", "rounds:10", "rounds:15", "last_standing")


def preset_label(preset: str, lang: str) -> str:
    text = t(f"preset.{preset}", lang)
    return preset if text == f"preset.{preset}" else text


def option_label(name: str, lang: str) -> str:
    """A rule option's name for the player (the option id stays in the Rules screen)."""
    text = t(f"opt.{name}", lang)
    return name if text == f"opt.{name}" else text


def value_label(name: str, value: object, lang: str) -> str:
    """A closed option value in words: "рыба на одного", "через 10 конов"."""
    text = str(value)
    if name == "match_end" and text.startswith("rounds:") and text[7:].isdigit():
        return t("optv.match_end.rounds", lang, n=plural(int(text[7:]), "w.rounds_n", lang))
    key = f"optv.{name}.{text}"
    return t(key, lang) if has_key(key, lang) else text


def option_choices() -> dict[str, tuple[Any, ...]]:
    """Options with a closed set of values, read from the Rules type hints."""
    hints = typing.get_type_hints(Rules)
    out: dict[str, tuple[Any, ...]] = {}
    for name in OPTION_NAMES:
        args = typing.get_args(hints[name])
        if args and typing.get_origin(hints[name]) is typing.Literal:
            out[name] = args
    return out


def seats_from(kinds: list[str], names: list[str], lang: str, human_name: str) -> tuple[Seat, ...]:
    """The chairs in use; an unnamed lone human is the player (their name from the settings),
    unnamed friends in hot-seat are "Player N"."""
    used = [(kind, name.strip()) for kind, name in zip(kinds, names, strict=True) if kind != "off"]
    alone = sum(kind == "human" for kind, _ in used) == 1
    given = [
        name or (human_name or t("you", lang) if alone else "")
        for kind, name in used
        if kind == "human"
    ]
    return table_seats([kind for kind, _ in used], given, lang)


def parse_timer(text: str) -> int | None:
    """Seconds per hot-seat turn; empty or 0 means no timer. ValueError for anything else."""
    text = text.strip()
    if not text:
        return None
    seconds = int(text)
    if seconds < 0:
        raise ValueError(text)
    return seconds or None


class NewGameScreen(DominoScreen):
    BUTTON_ARROWS = True
    KEYS = (("escape", "close", "cancel"), ("ctrl+s", "start", "start"))
    DEFAULT_CSS = """
    NewGameScreen { align: center top; }
    NewGameScreen VerticalScroll { width: 76; max-width: 100%; height: 1fr; padding: 0 1; }
    NewGameScreen .row { height: auto; }
    NewGameScreen .row Label { width: 24; padding-top: 1; }
    NewGameScreen .row Select, NewGameScreen .row Input { width: 1fr; }
    NewGameScreen .row Input.name { width: 18; }
    NewGameScreen .head { text-style: bold; margin-top: 1; color: $accent; }
    NewGameScreen #error { color: $error; height: auto; }
    NewGameScreen #buttons { height: auto; margin-top: 1; }
    NewGameScreen Button { margin-right: 2; }
    """

    def compose(self) -> ComposeResult:
        s, lang = self.domino.settings, self.lang
        kinds = [(t("human", lang), "human")] + [
            (f"{t('bot', lang)} · {level_name(lv, lang)}", lv) for lv in LEVELS
        ]
        last = list(s.last_seats) + ["off"] * 4
        last_names = list(s.last_names) + [""] * 4
        with VerticalScroll():
            yield Static(t("seats", lang), classes="head")
            for i in range(4):
                options = kinds + ([(t("off", lang), "off")] if i >= 2 else [])
                values = [v for _, v in options]
                value = last[i] if last[i] in values else values[0]
                named = Input(
                    last_names[i][:20], placeholder=t("name", lang), id=f"name{i}", classes="name"
                )
                named.display = value == "human"
                yield Horizontal(
                    Label(t("seat", lang, n=i + 1)),
                    Select(options, value=value, allow_blank=False, id=f"seat{i}"),
                    named,
                    classes="row",
                )
            yield self.row(
                t("turn_timer", lang),
                Input(
                    s.last_timer,
                    placeholder=t("turn_timer_hint", lang),
                    id="timer",
                    type="integer",
                ),
            )
            yield self.row(t("pairs", lang), Switch(value=s.last_pairs, id="pairs"))
            yield self.row(
                t("preset", lang),
                Select(
                    # only what the table plays: PRESETS has every variant of the family now
                    [(preset_label(p, lang), p) for p in TABLE_PRESETS],
                    value=s.last_preset if s.last_preset in TABLE_PRESETS else "kozel",
                    allow_blank=False,
                    id="preset",
                ),
            )
            yield Static(t("options", lang), classes="head")
            for name in OPTION_NAMES:
                if name not in HIDDEN:
                    yield self.row(option_label(name, lang), self.option_widget(name))
            yield self.row(
                t("seed", lang),
                Input(id="seed", type="integer", max_length=len(str(SEED_TOP))),
            )
            yield Static(id="error")
            with Horizontal(id="buttons"):
                yield Button(t("start", lang), id="start", variant="primary")
                yield Button(t("cancel", lang), id="cancel")
        yield Footer()

    def row(self, label: str, widget: Widget) -> Horizontal:
        return Horizontal(Label(label), widget, classes="row")

    def option_widget(self, name: str) -> Widget:
        default = getattr(Rules(), name)
        choices = option_choices()
        lang = self.lang
        if name in choices:
            return Select(
                [(value_label(name, c, lang), c) for c in choices[name]],
                value=default,
                allow_blank=False,
                id=f"opt-{name}",
            )
        if name == "match_end":
            return Select(
                [(value_label(name, c, lang), c) for c in MATCH_ENDS],
                value=default,
                allow_blank=False,
                id=f"opt-{name}",
            )
        if isinstance(default, bool):
            return Switch(value=default, id=f"opt-{name}")
        return Input(str(default), id=f"opt-{name}")

    def on_mount(self) -> None:
        self.load_preset(
            str(self.query_one("#preset", Select).value), self.domino.settings.last_options
        )
        self.query_one("#seat0", Select).focus()

    def load_preset(self, preset: str, overrides: dict[str, Any] | None = None) -> None:
        """Show the preset's values (plus remembered overrides) in the option widgets."""
        try:
            values = make_rules(overrides or {}, preset).to_dict()
        except RulesError:
            values = make_rules({}, preset).to_dict()
        for name, value in values.items():
            if name in HIDDEN:
                continue
            widget = self.query_one(f"#opt-{name}")
            if isinstance(widget, Select) and name == "match_end" and value not in MATCH_ENDS:
                # a remembered "rounds:7": offered too, so the dialog shows what is in force
                ends = (*MATCH_ENDS, value)
                widget.set_options([(value_label(name, c, self.lang), c) for c in ends])
                widget.value = value
            elif isinstance(widget, Select | Switch):
                widget.value = value
            elif isinstance(widget, Input):
                widget.value = str(value)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "preset":
            self.load_preset(str(event.value))
        elif event.select.id and event.select.id.startswith("seat"):
            name = self.query_one(f"#name{event.select.id[4:]}", Input)
            name.display = event.value == "human"

    def options(self, preset: str) -> dict[str, Any]:
        """Every option that differs from the preset."""
        base = make_rules({}, preset).to_dict()
        out: dict[str, Any] = {}
        for name in OPTION_NAMES:
            if name in HIDDEN:
                continue
            widget = self.query_one(f"#opt-{name}")
            value: Any = widget.value if isinstance(widget, Select | Switch | Input) else None
            if isinstance(widget, Input):
                value = value.strip()
            if str(value) != str(base[name]):
                out[name] = value
        return out

    def action_start(self) -> None:
        lang = self.lang
        kinds = [str(self.query_one(f"#seat{i}", Select).value) for i in range(4)]
        names = [self.query_one(f"#name{i}", Input).value.strip()[:20] for i in range(4)]
        pairs = self.query_one("#pairs", Switch).value
        preset = str(self.query_one("#preset", Select).value)
        seats = seats_from(kinds, names, lang, self.domino.settings.player_name)
        seed_text = self.query_one("#seed", Input).value.strip()
        timer_text = self.query_one("#timer", Input).value.strip()
        if len({s.name.casefold() for s in seats}) < len(seats):
            self.show_error(t("names_unique", lang))
            return
        try:
            timer = parse_timer(timer_text)
        except ValueError:
            self.show_error(t("bad_timer", lang))
            return
        try:
            options = self.options(preset)
            rules = make_rules({**options, "players": len(seats), "pairs": pairs}, preset)
        except RulesError as err:
            self.show_error(str(err))  # the engine's words as plain text, never markup
            return
        seed: int | None = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                seed = -1
            if not 0 <= seed <= SEED_TOP:
                self.show_error(t("seed_range", lang, top=SEED_TOP))
                return
        self.domino.remember(
            replace(
                self.domino.settings,
                last_seats=tuple(kinds),
                last_names=tuple(names),
                last_timer=timer_text,
                last_pairs=pairs,
                last_preset=preset,
                last_options=options,
            )
        )
        self.domino.start_game(GameSession(rules, seats, seed, preset, timer=timer))

    def show_error(self, text: str | Text) -> None:
        """Say what is wrong under the options, scrolled into view, as plain text."""
        error = self.query_one("#error", Static)
        error.update(text if isinstance(text, Text) else Text(text))
        error.scroll_visible()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_close()
