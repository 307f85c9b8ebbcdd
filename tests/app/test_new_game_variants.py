"""The New game dialog for every variant (issue 11): each preset is offered with a line on what
it is, the variant's own options with their values in the player's language, only what the
variant plays (seat counts, pairs, Козёл's options it keeps), the chosen variant's table, and a
refused combination explained in the dialog."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from textual.widgets import Select, Static, Switch

from domino_tui.app import make_app
from domino_tui.app.screens.game import GameScreen
from domino_tui.app.screens.new_game import NewGameScreen, own_id
from domino_tui.engine.rules import PRESETS
from domino_tui.engine.variants import get_variant
from domino_tui.i18n import tr
from domino_tui.storage.settings import SettingsStore

from .driver import plain, screen_text


async def open_dialog(pilot, app) -> NewGameScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    app.push_screen(NewGameScreen())
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, NewGameScreen)
    return dialog


async def choose(pilot, dialog: NewGameScreen, preset: str) -> None:  # type: ignore[no-untyped-def]
    """Choose a preset and wait until the dialog shows it: the change mounts the variant's own
    rows and sets their values over several turns of the message loop, more of them on a busy
    machine, so a fixed number of pauses would make the test depend on the machine's speed."""
    dialog.query_one("#preset", Select).value = preset
    for _ in range(200):
        await pilot.pause()
        if dialog._shown == preset:
            break
    await pilot.pause()


def offered(select: Select[object]) -> list[object]:
    return [value for _label, value in select._options if value is not Select.BLANK]


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_every_preset_is_offered_with_its_name_and_a_line_on_what_it_is(lang: str) -> None:
    app = make_app(settings_path=None, lang=lang, saves=None)
    async with app.run_test(size=(120, 200)) as pilot:
        dialog = await open_dialog(pilot, app)
        assert offered(dialog.query_one("#preset", Select)) == list(PRESETS)
        seen = set()
        for preset in PRESETS:
            await choose(pilot, dialog, preset)
            about = plain(dialog.query_one("#about", Static)).strip()
            assert about == tr(f"ng.about.{preset}", lang), preset
            seen.add(about)
            text = screen_text(app)
            assert about.split()[0] in text
            if lang == "ru":  # every option and value of the variant in Russian words
                body = "\n".join(text.splitlines()[:-1])
                assert not re.findall(r"[A-Za-z_]{3,}", body), preset
        assert len(seen) == len(PRESETS), "each preset says something of its own"


async def test_a_variant_shows_its_own_options_with_their_defaults() -> None:
    app = make_app(settings_path=None, lang="en", saves=None)
    async with app.run_test(size=(120, 60)) as pilot:
        dialog = await open_dialog(pilot, app)
        for preset in ("morskoy", "osel", "telefon", "general", "chechevo"):
            await choose(pilot, dialog, preset)
            variant = get_variant(preset)
            assert variant.options, preset
            for name, option in variant.options.items():
                widget = dialog.query_one(f"#{own_id(preset, name)}")
                assert widget.parent is not None and widget.parent.display, (preset, name)
                shown = widget.value  # type: ignore[attr-defined]
                assert str(shown) == str(option.default), (preset, name)
            others = [v for v in ("morskoy", "osel", "general") if v != preset]
            for other in others:  # no other variant's options
                for name in get_variant(other).options:
                    rows = dialog.query(f"#{own_id(other, name)}-row")
                    assert not [row for row in rows if row.display], (preset, other, name)
        await choose(pilot, dialog, "muggins")  # one variant, the preset's own values
        assert dialog.query_one(f"#{own_id('telefon', 'lead')}", Select).value == "lot"
        assert dialog.query_one(f"#{own_id('telefon', 'play_points')}", Select).value == "full"


async def test_what_a_variant_refuses_is_not_offered() -> None:
    """V4.1/V6.1: four in pairs only; V4 and V6 refuse Козёл's count (target, fish …); V6.9:
    a number of deals that is a multiple of 4; classic scores a fish its own way."""
    app = make_app(settings_path=None, lang="en", saves=None)
    async with app.run_test(size=(120, 60)) as pilot:
        dialog = await open_dialog(pilot, app)
        for preset in ("general", "sport"):
            await choose(pilot, dialog, preset)
            for seat in (2, 3):
                select = dialog.query_one(f"#seat{seat}", Select)
                assert "off" not in offered(select), (preset, seat)
                assert select.value != "off"
            assert not dialog.query_one("#row-pairs").display
            assert not dialog.query_one("#row-target").display
            assert not dialog.query_one("#row-fish").display
        ends = offered(dialog.query_one("#opt-match_end", Select))
        assert ends == ["rounds:4", "rounds:8", "rounds:12", "rounds:16"]
        assert dialog.query_one("#opt-match_end", Select).value == "rounds:8"
        await choose(pilot, dialog, "classic")
        assert not dialog.query_one("#row-fish").display
        assert not dialog.query_one("#row-pairs").display
        await choose(pilot, dialog, "kozel")
        assert "lowest_wins" not in offered(dialog.query_one("#opt-fish", Select))
        assert dialog.query_one("#row-pairs").display
        assert "off" in offered(dialog.query_one("#seat3", Select))


async def test_choosing_telefon_with_an_option_starts_a_telefon_table(tmp_path: Path) -> None:
    """V3.8.2 with multiple=3; the preset seats two (V3.1) and is remembered with its option."""
    path = tmp_path / "settings.json"
    app = make_app(settings_path=path, lang="en", pace="instant", saves=None)
    async with app.run_test(size=(100, 40)) as pilot:
        dialog = await open_dialog(pilot, app)
        await choose(pilot, dialog, "telefon")
        assert [dialog.query_one(f"#seat{i}", Select).value for i in (2, 3)] == ["off", "off"]
        dialog.query_one(f"#{own_id('telefon', 'multiple')}", Select).value = 3
        dialog.query_one(f"#{own_id('telefon', 'several_doubles')}", Switch).value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, GameScreen)
        rules = table.session.rules
        assert rules.variant == "telefon" and rules.players == 2
        assert rules.opt("multiple") == 3 and rules.opt("several_doubles") is False
        assert table.session.preset == "telefon"
    remembered = SettingsStore(path).load()
    assert remembered.last_preset == "telefon"
    assert remembered.last_options == {"multiple": 3, "several_doubles": False}
    again = make_app(settings_path=path, lang="en", saves=None)
    async with again.run_test(size=(100, 40)) as pilot:
        dialog = await open_dialog(pilot, again)
        assert dialog.query_one("#preset", Select).value == "telefon"
        assert dialog.query_one(f"#{own_id('telefon', 'multiple')}", Select).value == 3


@pytest.mark.parametrize(("lang", "says"), [("en", "cannot be played"), ("ru", "Так играть")])
async def test_a_refused_combination_is_explained_in_the_dialog(lang: str, says: str) -> None:
    """P6: a partner leads only in pairs; осёл leaves both options open, the engine refuses the
    pair of them, and the dialog says so in words and stays open."""
    app = make_app(settings_path=None, lang=lang, saves=None)
    async with app.run_test(size=(100, 40)) as pilot:
        dialog = await open_dialog(pilot, app)
        await choose(pilot, dialog, "osel")
        dialog.query_one("#pairs", Switch).value = False
        dialog.query_one("#opt-partner_leads", Switch).value = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog
        error = plain(dialog.query_one("#error", Static))
        assert says in error and "partner_leads needs pairs" in error


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_dialog_fits_the_window(size: tuple[int, int]) -> None:
    """At 80×24 the dialog scrolls; no row is wider than the window."""
    app = make_app(settings_path=None, lang="ru", saves=None)
    async with app.run_test(size=size) as pilot:
        dialog = await open_dialog(pilot, app)
        await choose(pilot, dialog, "morskoy")
        for row in dialog.query(".row"):
            if row.display:
                assert row.region.right <= size[0], row
        about = dialog.query_one("#about")
        assert about.region.right <= size[0] and about.region.height >= 1


async def test_a_remembered_empty_seat_is_filled_for_a_four_player_variant(tmp_path: Path) -> None:
    """V4.1: Генерал seats four; a seat left empty last time gets a bot, not a second human."""
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps({"last_preset": "general", "last_seats": ["human", "easy", "hard", "off"]}),
        "utf-8",
    )
    app = make_app(settings_path=path, lang="en", pace="instant", saves=None)
    async with app.run_test(size=(100, 40)) as pilot:
        dialog = await open_dialog(pilot, app)
        kinds = [dialog.query_one(f"#seat{i}", Select).value for i in range(4)]
        assert kinds == ["human", "easy", "hard", "hard"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.rules.variant == "general"
        assert not app.screen.session.hotseat


async def test_three_at_a_pairs_variant_play_each_for_themselves() -> None:
    """V1.1: морской seats two pairs of four, or two or three each on their own; pairs are
    offered only while four seats are taken."""
    app = make_app(settings_path=None, lang="en", pace="instant", saves=None)
    async with app.run_test(size=(100, 40)) as pilot:
        dialog = await open_dialog(pilot, app)
        await choose(pilot, dialog, "morskoy")
        assert dialog.query_one("#row-pairs").display
        assert dialog.query_one("#pairs", Switch).value, "morskoy's four play in pairs"
        dialog.query_one("#seat3", Select).value = "off"
        await pilot.pause()
        assert not dialog.query_one("#row-pairs").display
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        rules = app.screen.session.rules
        assert rules.variant == "morskoy" and rules.players == 3 and not rules.pairs


@pytest.mark.parametrize(("lang", "off", "on"), [("en", "off", "on"), ("ru", "выкл", "вкл")])
async def test_the_dialogs_switches_say_on_or_off_in_words(lang: str, off: str, on: str) -> None:
    """Pairs, Козёл's on/off options and a variant's own (осёл's closed doubles) say their
    state beside the switch, as Settings' do; the words follow a flip and a preset's defaults
    set by the dialog, and every switch shown has its words."""
    app = make_app(settings_path=None, lang=lang, saves=None)
    async with app.run_test(size=(120, 60)) as pilot:
        dialog = await open_dialog(pilot, app)
        await choose(pilot, dialog, "osel")

        def words(switch_id: str) -> str:
            return plain(dialog.query_one(f"#{switch_id}-worded .switch-words", Static)).strip()

        ids = ["pairs", "opt-partner_leads", "opt-fish_takes_boneyard", own_id("osel", "close_out")]
        for switch_id in ids:
            switch = dialog.query_one(f"#{switch_id}", Switch)
            assert words(switch_id) == (on if switch.value else off), switch_id
            switch.toggle()
            await pilot.pause()
            assert words(switch_id) == (on if switch.value else off), switch_id
        await choose(pilot, dialog, "kozel")  # the preset's own values, set by the dialog
        for switch in dialog.query(Switch):
            assert words(str(switch.id)) == (on if switch.value else off), switch.id
        shown = [s for s in dialog.query(Switch) if s.display and s.parent and s.parent.display]
        assert len(shown) >= 6
