"""What each variant declares (issue 24, part 2): the capabilities the words, the sheets, the
New game dialog and the bots read instead of guessing them from option lists. Each declaration
is checked against what the rules gate really accepts, so a variant cannot claim one thing and
play another."""

from __future__ import annotations

import pytest

from domino_tui.engine.rules import PRESETS, RulesError, make_rules
from domino_tui.engine.variants import MODULES, get_variant

PRESET_OF = {make_rules({}, preset).variant: preset for preset in reversed(list(PRESETS))}


def accepted(variant: str, **options: object) -> bool:
    try:
        make_rules({"variant": variant, **options}, PRESET_OF[variant])
    except RulesError:
        return False
    return True


@pytest.mark.parametrize("name", list(MODULES))
def test_declared_capabilities_match_what_the_rules_accept(name: str) -> None:
    """K7 (+N remembered) ⇔ the opening threshold is an option; K6 hands counted ⇔ the
    blank's value alone means something (set or pinned); K8 fish modes ⇔ ``fish`` can be
    set; K9 ⇔ a target can be set."""
    v = get_variant(name)
    base = make_rules({}, PRESET_OF[name])
    assert v.remembers == accepted(name, open_threshold=base.open_threshold + 1)
    assert v.counts_hands == ("blank_alone" in v.fixed or accepted(name, blank_alone=25))
    other_fish = "all" if base.fish != "all" else "fisher"
    assert v.fish_modes == (base.classic_count or accepted(name, fish=other_fish))
    assert v.plays_to_target == accepted(name, target=base.target + 10)


@pytest.mark.parametrize("name", list(MODULES))
def test_more_ends_are_ends_the_variant_plays(name: str) -> None:
    """The extra match ends the New game dialog offers (спортивное's multiples of 4 deals,
    V6.9) are all accepted by the variant."""
    for end in get_variant(name).more_ends:
        assert accepted(name, match_end=end), end


@pytest.mark.parametrize("name", list(MODULES))
def test_offers_leaves_out_refused_and_pinned_options(name: str) -> None:
    """What the New game dialog offers is what the variant lets the table change."""
    v = get_variant(name)
    for option in (*v.refused, *v.fixed):
        assert not v.offers(option)


def test_only_kozel_counts_in_fixed_pips() -> None:
    """The search bots value Козёл and classic on the fixed pip scale; every other variant
    counts its own points, whose scale the search measures."""
    pips = {name for name in MODULES if get_variant(name).score_unit == "pips"}
    assert pips == {"kozel", "classic"}
