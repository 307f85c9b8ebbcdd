"""Matches for the storage tests: seeded bot games (real deals, so records replay) and tiny
scripted matches whose every figure can be worked out by hand."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from domino_tui.bots import make_bot
from domino_tui.engine.deal import Deal
from domino_tui.engine.match import Match
from domino_tui.engine.rules import make_rules
from domino_tui.engine.tiles import DOUBLE_SIX as TS
from domino_tui.engine.view import seat_view
from domino_tui.storage.meta import GameMeta, Seat


def bot_match(seed: int, steps: int | None = None, preset: str = "kozel", **options: Any) -> Match:
    """A match played by greedy bots from ``seed``: to the end, or only ``steps`` actions."""
    rules = make_rules(options, preset)
    match = Match(rules, seed)
    bots = [make_bot("greedy", seed + s) for s in range(rules.players)]
    done = 0
    while not match.over and (steps is None or done < steps):
        match.apply(bots[match.turn].choose(seat_view(match, match.turn)))
        done += 1
    return match


def unreadable(monkeypatch: pytest.MonkeyPatch, folder: Path, code: int) -> None:
    """Listing ``folder`` fails as the system would, by ``os.scandir`` and ``os.listdir``
    (``Path.iterdir``): as root, ``chmod 000`` does not stop reading, so tests fake it."""
    for name in ("scandir", "listdir"):
        real = getattr(os, name)

        def refuse(path: object = ".", real: object = real) -> object:
            if os.fspath(path) == str(folder):  # type: ignore[arg-type]
                raise OSError(code, os.strerror(code), str(folder))
            return real(path)  # type: ignore[operator]

        monkeypatch.setattr(os, name, refuse)


def meta_for(names: Sequence[str], **settings: Any) -> GameMeta:
    return GameMeta(seats=tuple(Seat(n) for n in names), **settings)


def fingerprint(match: Match) -> str:
    """Everything a resumed game must reproduce, hidden tiles included, as comparable text."""
    return json.dumps(match.snapshot(), sort_keys=True)


def deal_of(*hands: str, drawn_first: str = "") -> Deal:
    """A deal from text hands ("1-1 1-2"); ``drawn_first`` tiles are drawn first, in order."""
    masks = tuple(sum(1 << TS.parse(t) for t in hand.split()) for hand in hands)
    first = [TS.parse(t) for t in drawn_first.split()]
    used = set(first) | {t for m in masks for t in range(TS.count) if m >> t & 1}
    rest = [t for t in range(TS.count) if t not in used]
    return Deal(masks, tuple(rest + first[::-1]), 0)


def play_first_legal(match: Match, rounds: int | None = None) -> Match:
    """Play the first legal action until the match ends (or ``rounds`` rounds are done)."""
    while not match.over and (rounds is None or len(match.results) < rounds):
        match.apply(match.legal_actions()[0])
    return match


def goes_out_match() -> Match:
    """2 players, 2 tiles each, target 20. Masha (seat 0) leads 1-1 (K2.1), Alex draws 1-4 and
    plays it, Masha goes out with 1-2; Alex holds 6-6 5-5 = 22, which opens his score (K7.2)
    and makes him the goat (K9). Ratings: Masha max(1, rhu(19/10)) = 2, Alex 0 (K10)."""
    rules = make_rules({"players": 2, "hand_size": 2, "target": 20})
    return play_first_legal(
        Match(rules, 1, iter([deal_of("1-1 1-2", "6-6 5-5", drawn_first="1-4")]))
    )


def fish_then_abandon_match() -> Match:
    """2 players, 3 tiles each, the whole boneyard reserved (K3.5). Alex (seat 0) leads 1-1,
    Masha knocks, Alex plays 1-2, both knock: a fish (K4.3). Hands: Alex 6-6 = 12, Masha
    5-5 3-4 5-6 = 28; under fish "one" Masha takes 40 (K8.2). Then Masha quits (K10.1): she
    earns 0, Alex max(1, rhu((40 - 0)/10)) = 4."""
    rules = make_rules({"players": 2, "hand_size": 3, "boneyard_reserve": 22})
    deals = iter([deal_of("1-1 1-2 6-6", "5-5 3-4 5-6"), deal_of("0-1 0-2 0-3", "2-2 2-3 2-4")])
    match = play_first_legal(Match(rules, 2, deals), rounds=1)
    match.abandon(1)
    return match


def pairs_match() -> Match:
    """Pairs (P1), 1 tile each, target 15: seat 0 leads 1-1 and goes out at once. Seats 1+3
    hold 6-6 and 3-4 = 19, which opens their score and makes them the goats (P3, P8). Pair 0
    earns max(1, rhu(14/10)) = 1 each."""
    rules = make_rules({"players": 4, "pairs": True, "hand_size": 1, "target": 15})
    return play_first_legal(Match(rules, 3, iter([deal_of("1-1", "6-6", "5-5", "3-4")])))
