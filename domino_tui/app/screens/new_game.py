"""The New game dialog: the game (every preset of the Козёл family, with a line saying what it
is), who sits where (humans with names: two or more make a hot-seat game, with an optional turn
timer), pairs, and the rule options the chosen variant leaves open, its own first. What a
variant refuses is not offered (:mod:`.new_game_rules`); the engine's :func:`make_rules` judges
the rest and its message is shown under the options."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static, Switch

from ...bots import LEVELS
from ...engine.rules import OPTION_NAMES, PRESETS, Rules, RulesError, make_rules
from ...option import Option
from ...play.session import GameSession, Seat, table_seats
from ...words.names import preset_about, preset_label
from ...words.options import option_label, value_label, why
from ...words.strings import level_name, t
from ...words.variant import all_options
from ..widgets.keys_footer import KeysFooter
from ..widgets.switch import WordedSwitch, switch_words
from .base import DominoScreen
from .new_game_rules import (
    HIDDEN,
    allowed_values,
    base_rules,
    closed_choices,
    kozel_options,
    own_options,
    pairs_open,
    player_counts,
)

SEED_TOP = 2**64 - 1  # seeds are 64-bit unsigned (a record keeps any such seed)


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


def own_id(variant: str, name: str) -> str:
    """The widget id of a variant's own option (two variants may share an option's name)."""
    return f"vopt-{variant}-{name}"


class NewGameScreen(DominoScreen):
    BUTTON_ARROWS = True
    KEYS = (("escape", "close", "cancel"), ("ctrl+s", "start", "start"))
    DEFAULT_CSS = """
    NewGameScreen { align: center top; }
    NewGameScreen VerticalScroll { width: 76; max-width: 100%; height: 1fr; padding: 0 1; }
    NewGameScreen .row, NewGameScreen #own-options { height: auto; }
    NewGameScreen .row Label { width: 24; padding-top: 1; }
    NewGameScreen .row Select, NewGameScreen .row Input { width: 1fr; }
    NewGameScreen .row Input.name { width: 18; }
    NewGameScreen .head { text-style: bold; margin-top: 1; color: $accent; }
    NewGameScreen #about { color: $text-muted; height: auto; padding-left: 24; }
    NewGameScreen #error { color: $error; height: auto; }
    NewGameScreen #buttons { height: auto; margin-top: 1; }
    NewGameScreen Button { margin-right: 2; }
    """

    def compose(self) -> ComposeResult:
        s, lang = self.domino.settings, self.lang
        preset = s.last_preset if s.last_preset in PRESETS else "kozel"
        self._shown = preset
        last = list(s.last_seats) + ["off"] * 4
        last_names = list(s.last_names) + [""] * 4
        with VerticalScroll():
            yield self.row(
                t("preset", lang),
                Select(
                    [(preset_label(p, lang), p) for p in PRESETS],
                    value=preset,
                    allow_blank=False,
                    id="preset",
                ),
            )
            yield Static(preset_about(preset, lang), id="about")
            yield Static(t("seats", lang), classes="head")
            for i in range(4):
                options = self.seat_kinds(i, preset)
                values = [v for _, v in options]
                value = last[i] if last[i] in values else "human" if i == 0 else "hard"
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
            yield self.row(t("pairs", lang), self.switch(s.last_pairs, "pairs"), "row-pairs")
            yield Static(t("options", lang), classes="head")
            with Vertical(id="own-options"):  # the variant's own, mounted per variant
                yield from self.own_rows(base_rules(preset).variant)
            for name in OPTION_NAMES:
                if name not in HIDDEN:
                    yield self.row(
                        option_label(name, lang), self.option_widget(name), f"row-{name}"
                    )
            yield self.row(
                t("seed", lang),
                Input(id="seed", type="integer", max_length=len(str(SEED_TOP))),
            )
            yield Static(id="error")
            with Horizontal(id="buttons"):
                yield Button(t("start", lang), id="start", variant="primary")
                yield Button(t("cancel", lang), id="cancel")
        yield KeysFooter()

    def row(self, label: str, widget: Widget, row_id: str | None = None) -> Horizontal:
        return Horizontal(Label(label), widget, classes="row", id=row_id)

    def switch(self, value: bool, switch_id: str) -> WordedSwitch:
        """An on/off option, saying its state in words as Settings' switches do."""
        return WordedSwitch(value, switch_words(self.lang), id=switch_id)

    def seat_kinds(self, seat: int, preset: str) -> list[tuple[str, str]]:
        """Who may sit at ``seat``: a human or a bot, or nobody where the preset seats fewer
        than four (never at the first two seats)."""
        lang = self.lang
        kinds = [(t("human", lang), "human")] + [
            (f"{t('bot', lang)} · {level_name(lv, lang)}", lv) for lv in LEVELS
        ]
        if seat >= 2 and min(player_counts(preset)) <= seat:
            kinds.append((t("off", lang), "off"))
        return kinds

    def option_widget(self, name: str) -> Widget:
        default = getattr(Rules(), name)
        choices = closed_choices()
        if name in choices:  # the values the preset accepts are set by load_preset
            return Select(
                [(value_label(name, c, self.lang), c) for c in choices[name]],
                value=default,
                allow_blank=False,
                id=f"opt-{name}",
            )
        if isinstance(default, bool):
            return self.switch(default, f"opt-{name}")
        return Input(str(default), id=f"opt-{name}")

    def own_rows(self, variant: str) -> list[Horizontal]:
        """The rows of a variant's own options, first among the options: they make the game."""
        return [
            self.row(
                option_label(name, self.lang, variant),
                self.own_widget(variant, name, option),
                own_id(variant, name) + "-row",
            )
            for name, option in own_options(variant).items()
        ]

    def own_widget(self, variant: str, name: str, option: Option) -> Widget:
        """A variant's own option: its closed values, on/off, or a whole number."""
        widget_id = own_id(variant, name)
        if option.choices:
            return Select(
                [(value_label(name, c, self.lang), c) for c in option.choices],
                value=option.default,
                allow_blank=False,
                id=widget_id,
            )
        if isinstance(option.default, bool):
            return self.switch(option.default, widget_id)
        return Input(str(option.default), id=widget_id, type="integer")

    def on_mount(self) -> None:
        self.load_preset(
            str(self.query_one("#preset", Select).value), self.domino.settings.last_options
        )
        self.query_one("#preset", Select).focus()

    def load_preset(self, preset: str, overrides: dict[str, Any] | None = None) -> None:
        """Show the preset's options (plus remembered overrides): only those its variant leaves
        open, each with only the values it accepts."""
        try:
            rules = make_rules(overrides or {}, preset)
        except RulesError:
            rules = base_rules(preset)
        self._shown = preset
        self.query_one("#about", Static).update(Text(preset_about(preset, self.lang)))
        self.show_pairs(preset)
        open_ones = kozel_options(preset)
        for name in OPTION_NAMES:
            if name not in HIDDEN:
                self.query_one(f"#row-{name}").display = name in open_ones
        for name, value in all_options(rules).items():
            if name in HIDDEN:
                continue
            widget_id = own_id(rules.variant, name) if name in own_options(rules.variant) else None
            self.show_value(widget_id or f"opt-{name}", name, value, preset)

    def show_value(self, widget_id: str, name: str, value: Any, preset: str) -> None:
        widget = self.query_one(f"#{widget_id}")
        if isinstance(widget, Select) and widget_id == f"opt-{name}":
            values = allowed_values(preset, name)
            if value not in values:  # a remembered "rounds:7": offered too, as it is in force
                values = (*values, value)
            widget.set_options([(value_label(name, c, self.lang), c) for c in values])
        if isinstance(widget, Select | Switch):
            widget.value = value
        elif isinstance(widget, Input):
            widget.value = str(value)

    def seat_preset(self, preset: str) -> None:
        """A new preset seats its own number of players (телефон: two) and offers nobody at a
        seat only where it may be left empty; humans and bots already chosen stay."""
        wanted = base_rules(preset).players
        for i in range(4):
            select = self.query_one(f"#seat{i}", Select)
            kinds = self.seat_kinds(i, preset)
            current = str(select.value)
            if i >= wanted and kinds[-1][1] == "off":
                current = "off"
            elif current not in [v for _, v in kinds] or current == "off":
                current = "hard"  # the default bot, as a new table has
            select.set_options(kinds)
            select.value = current
            self.query_one(f"#name{i}", Input).display = current == "human"
        self.query_one("#pairs", Switch).value = base_rules(preset).pairs

    def seat_count(self) -> int:
        return sum(self.query_one(f"#seat{i}", Select).value != "off" for i in range(4))

    def show_pairs(self, preset: str) -> None:
        """Pairs are a choice only for four players of a preset that plays both ways (morskoy
        seats three each for themselves without being asked to switch pairs off)."""
        self.query_one("#row-pairs").display = pairs_open(preset) and self.seat_count() == 4

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "preset":
            preset = str(event.value)
            if preset in PRESETS and preset != self._shown:
                variant = base_rules(preset).variant
                if variant != base_rules(self._shown).variant:
                    box = self.query_one("#own-options")
                    await box.remove_children()
                    await box.mount_all(self.own_rows(variant))
                self.seat_preset(preset)
                self.load_preset(preset)
        elif event.select.id and event.select.id.startswith("seat"):
            name = self.query_one(f"#name{event.select.id[4:]}", Input)
            name.display = event.value == "human"
            self.show_pairs(self._shown)

    def options(self, preset: str) -> dict[str, Any]:
        """Every option shown that differs from the preset."""
        base = base_rules(preset)
        shown = {name: f"opt-{name}" for name in kozel_options(preset)}
        shown.update({name: own_id(base.variant, name) for name in own_options(base.variant)})
        defaults = all_options(base)
        out: dict[str, Any] = {}
        for name, widget_id in shown.items():
            widget = self.query_one(f"#{widget_id}")
            value: Any = widget.value if isinstance(widget, Select | Switch | Input) else None
            if isinstance(widget, Input):
                value = value.strip()
            if str(value) != str(defaults[name]):
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
        table: dict[str, Any] = {"players": len(seats)}
        if self.query_one("#row-pairs").display:
            table["pairs"] = pairs  # else the preset's own: four in pairs, fewer each alone
        try:
            options = self.options(preset)
            rules = make_rules({**options, **table}, preset)
        except RulesError as err:
            # the engine's words as plain text, never markup, after a line in the player's words
            self.show_error(t("ng.refused", lang, why=why(err, lang)))
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
