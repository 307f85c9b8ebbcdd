"""The rule-based expert: reads knocks, blocks opponents, spares the partner, judges the fish."""

from __future__ import annotations

from domino_tui.bots import make_bot
from domino_tui.engine.actions import parse_action
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.scoring import hand_value
from domino_tui.engine.view import seat_view

from .helpers import fish_moves, positions, scripted

# Seat 1 knocks on 1s, then on 3s and 2s (four players, no boneyard: K3.3, K3.6). Seat 0 then
# chooses between 2-6 (ends 3|2: seat 1 cannot answer) and the heavier 5-6 (ends 3|5).
BLOCK_HANDS = [
    "1-1 1-3 2-6 5-6 0-1 0-2 1-4",
    "0-0 0-4 0-5 0-6 4-4 4-5 5-5",
    "1-5 2-4 1-2 1-6 2-2 2-3 0-3",
    "2-5 4-6 3-3 3-4 3-5 3-6 6-6",
]
BLOCK_SCRIPT = "1-1 knock 1-5R 2-5R 1-3L knock 2-4R 4-6R"

# Seat 2 knocks on 1s and 5s, then on 3s and 5s. Seat 0 chooses among 3-4L (ends 4|4), 3-4R
# (ends 3|3: seat 2 cannot answer) and 2-4R (ends 3|2).
PARTNER_HANDS = [
    "1-1 5-5 3-4 2-4 0-5 2-5 5-6",
    "1-5 3-3 0-1 0-2 1-2 1-6 2-2",
    "0-0 0-4 0-6 4-4 4-6 6-6 2-6",
    "0-3 1-3 1-4 2-3 3-5 3-6 4-5",
]
PARTNER_SCRIPT = "1-1 1-5R knock 1-3L 5-5R 3-3L knock 4-5R"


def _choice(match: Match, bot: str) -> int:
    return make_bot(bot, 1).choose(seat_view(match, match.turn))


def test_k3_6_plays_onto_suits_the_next_opponent_lacks() -> None:
    m = scripted(make_rules({"players": 4}), BLOCK_HANDS, script=BLOCK_SCRIPT)
    assert sorted(seat_view(m, 0).legal) == sorted([parse_action("2-6R"), parse_action("5-6R")])
    assert _choice(m, "greedy") == parse_action("5-6R")  # the weight alone says 5-6
    assert _choice(m, "counter") == parse_action("2-6R")
    _, why = make_bot("counter", 1).explain(seat_view(m, 0))  # type: ignore[attr-defined]
    assert "seat 1 cannot answer" in why


def test_p1_does_not_block_the_partner() -> None:
    """With seat 2 as an opponent, shutting it out (3-4R) is fine; as a partner, it is not."""
    pairs = scripted(make_rules({}, "kozel-pairs"), PARTNER_HANDS, script=PARTNER_SCRIPT)
    blocked = parse_action("3-4R")
    for bot in ("counter", "pimc", "ismcts"):
        assert _choice(pairs, bot) != blocked, bot
    alone = scripted(make_rules({"players": 4}), PARTNER_HANDS, script=PARTNER_SCRIPT)
    assert _choice(alone, "ismcts") == blocked


def test_k8_makes_a_fish_when_the_count_favours_it_and_avoids_one_that_does_not() -> None:
    """K8.2 (на одного): with a nearly empty hand and full hands around, the fish makes someone
    else take everything: make it. K8.5 (на рыбака): the fisher takes everything: avoid it."""
    made = avoided = 0
    for mode in ("one", "fisher"):
        rules = make_rules({"players": 4, "fish": mode})
        for seed in range(80):
            for match in positions(rules, seed, greedy_share=0.6):
                fish, other = fish_moves(match)
                if not fish or not other:
                    continue
                view = seat_view(match, match.turn)
                mine = min(hand_value(rules, view.hand & ~(1 << (a >> 1))) for a in fish)
                rest = sum(
                    hand_value(rules, h) for s, h in enumerate(match.round.hands) if s != view.seat
                )
                choice = make_bot("counter", 1).choose(view)
                if mode == "one" and mine <= 3 and rest >= 30:
                    assert choice in fish
                    made += 1
                if mode == "fisher" and rest >= 20:
                    assert choice not in fish
                    avoided += 1
    assert made >= 10 and avoided >= 100
