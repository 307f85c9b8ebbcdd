"""Versioned JSON game records: rules, seed, seats and every action including each draw.

A record replays to identical states and scores. Anything wrong with one (not JSON, cut short,
edited, from a newer version, an illegal move) raises :class:`RecordError` whose message names
the problem and, for moves, the step: never a bare traceback.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .actions import DRAW, NotationError, format_action, is_pair, pair_tiles, parse_action
from .match import Match
from .round import Event
from .rules import Rules, RulesError, make_rules
from .tiles import tile_set

FORMAT = "domino-tui/record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be trusted or replayed; the message says why."""


def _digest(body: dict[str, Any]) -> str:
    canon = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canon.encode()).hexdigest()


def round_notation(match: Match, number: int) -> list[str]:
    """Round ``number`` (1-based) in notation; draws carry the tile drawn (``draw:3-5``)."""
    ts = tile_set(match.rules.set_top)
    out: list[str] = []
    for i, event in enumerate(e for e in match.histories[number - 1] if not _second_half(e)):
        if event.code == DRAW:
            out.append(f"draw:{ts.name(event.tile)}")
        else:
            out.append(format_action(event.code, lead=i == 0, ts=ts))
    return out


def _second_half(event: Event) -> bool:
    """A double pair (K3.4) is two events for one action; keep the first."""
    return is_pair(event.code) and event.tile == pair_tiles(event.code)[1]


def make_record(
    match: Match, seats: list[dict[str, Any]] | None = None, preset: str | None = None
) -> dict[str, Any]:
    """The JSON-able record of ``match`` so far (finished or not)."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "preset": preset,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "seats": seats or [{"name": f"P{i + 1}"} for i in range(match.rules.players)],
        "rounds": [round_notation(match, n) for n in range(1, match.number + 1)],
        "abandoned_by": match.outcome.abandoned_by if match.outcome else None,
        "result": _result(match),
    }
    body["digest"] = _digest(body)
    return body


def _result(match: Match) -> dict[str, Any] | None:
    if match.outcome is None:
        return None
    return {
        "written": [st.written for st in match.standings],
        "remembered": [st.remembered for st in match.standings],
        "goats": list(match.outcome.goats),
        "winners": list(match.outcome.winners),
        "ratings": list(match.outcome.ratings),
    }


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def read_envelope(
    text: str, fmt: str, newest: int, *, subject: str, kind: str, label: str = "version"
) -> dict[str, Any]:
    """Parse a versioned JSON file of ours and check its format tag and version, wording the
    problem for the player (``subject`` "the record" or "it"; ``kind`` "game record" …).
    Records and saved games share this so that their refusals read alike."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{subject} is not valid JSON (truncated or damaged): {err}") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise RecordError(f"{subject} is not a domino-tui {kind}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"{subject} has no version number")
    if version > newest:
        raise RecordError(
            f"{subject} is {label} {version}, newer than this program reads ({newest}); "
            "update domino-tui"
        )
    return data


def loads(text: str) -> dict[str, Any]:
    """Parse and check a record's envelope (not its moves: :func:`replay` does that)."""
    data = read_envelope(text, FORMAT, VERSION, subject="the record", kind="game record")
    for key, kind in (("rules", dict), ("seed", int), ("rounds", list)):
        if not isinstance(data.get(key), kind):
            raise RecordError(f"the record's {key!r} is missing or malformed")
    body = {k: v for k, v in data.items() if k != "digest"}
    if data.get("digest") != _digest(body):
        raise RecordError("the record's checksum does not match its contents: it was altered")
    return data


def replay(record: dict[str, Any], upto: int | None = None) -> Match:
    """Replay a loaded record into a match (optionally only its first ``upto`` actions)."""
    try:
        rules: Rules = make_rules(record["rules"])
    except (RulesError, TypeError) as err:
        raise RecordError(f"the record's rules are invalid: {err}") from None
    match = Match(rules, record["seed"])
    ts = tile_set(rules.set_top)
    step = 0
    for number, moves in enumerate(record["rounds"], start=1):
        if not isinstance(moves, list):
            raise RecordError(f"round {number} of the record is malformed")
        if number != match.number:
            raise RecordError(f"round {number} starts before round {match.number} has ended")
        for text in moves:
            if upto is not None and step >= upto:
                return match
            step += 1
            where = f"at step {step} (round {number})"
            if match.over:
                raise RecordError(f"action {text!r} {where} comes after the match ended")
            try:
                code = parse_action(str(text), ts)
            except NotationError as err:
                raise RecordError(f"unreadable action {text!r} {where}: {err}") from None
            if code == DRAW and ":" in str(text) and match.round.boneyard:
                expect = ts.name(match.round.boneyard[-1])
                got = str(text).split(":", 1)[1].strip()
                try:
                    drawn = ts.parse(got)
                except ValueError as err:
                    raise RecordError(f"unreadable draw {text!r} {where}: {err}") from None
                if drawn != ts.parse(expect):
                    raise RecordError(
                        f"{where} the record draws {got} but the boneyard gives {expect}"
                    )
            reason = match.round.why_illegal(code)
            if reason is not None:
                raise RecordError(f"illegal action {text} {where}: {reason}")
            match.apply(code)
    result = record.get("result")
    abandoned = record.get("abandoned_by")
    if isinstance(abandoned, int) and not match.over and upto is None:
        match.abandon(abandoned)
    if result is not None and upto is None and _result(match) != result:
        raise RecordError("the record's result does not match its moves")
    return match
