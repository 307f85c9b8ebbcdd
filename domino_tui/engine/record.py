"""Versioned JSON game records: rules, seed, seats and every action including each draw.

A record replays to identical states and scores. Anything wrong with one (not JSON, cut short,
edited, from a newer version, an illegal move, a value of the wrong type anywhere) raises
:class:`RecordError` whose message names the problem and, for moves, the step: never another
exception. A record may come from anyone, so every value is checked before it is used.

A record also carries a ``summary`` (players, rounds, goats, game id, when it ended) right after
its version, so that a list of records can read a few KiB of each file instead of replaying it;
the summary is inside the digest and checked against the moves when the record is replayed.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..text import clean
from .actions import (
    DRAW,
    NotationError,
    format_action,
    is_ext,
    is_pair,
    pair_tiles,
    parse_action,
    placements,
)
from .match import Match
from .options import Rules, RulesError
from .round import Event
from .rules import make_rules
from .tiles import tile_set
from .variants import get_variant

FORMAT = "domino-tui/record"
# 2: F17 (a double pair's finish bonus) and F19-F21 (leads) of docs/rules.md; a version-1
# record replays with the rules it was played under (Rules.record_v1) and is saved as version 1.
# 3: the variants of docs/variants and their notation (ends U/D, closed doubles ``*``, several
# doubles ``+``, G4). Only a variant's record is written as version 3: a Козёл or classic
# record is the same as before, so it keeps version 2 and stays readable by the programs that
# wrote version 2; versions 1 and 2 know no variant, and a record of those versions that names
# one is refused.
VERSION = 3
KOZEL_VERSION = 2  # what a record needing no variant notation is written as
SEED_MIN = -(2**63)  # seeds fit 64 bits, signed (old versions took any --seed) or unsigned
SEED_MAX = 2**64 - 1


class RecordError(ValueError):
    """A record that cannot be trusted or replayed; the message says why."""


def _digest(body: dict[str, Any]) -> str:
    canon = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    # surrogatepass: a lone surrogate (legal in JSON) must give a mismatch, not a crash
    import hashlib  # the first save loads OpenSSL's hashes, not the first frame (issue 22 item 9)

    return hashlib.sha256(canon.encode("utf-8", "surrogatepass")).hexdigest()


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
    """A double pair (K3.4) or several doubles (G7) are one event per tile for one action;
    keep the first."""
    if is_pair(event.code):
        return event.tile == pair_tiles(event.code)[1]
    return is_ext(event.code) and event.tile != placements(event.code)[0].tile


def record_version(rules: Rules) -> int:
    """The version a record of a match under ``rules`` is written as (see :data:`VERSION`)."""
    if rules.record_v1:
        return 1
    return max(KOZEL_VERSION, get_variant(rules.variant).record_since)


def make_record(
    match: Match,
    seats: list[dict[str, Any]] | None = None,
    preset: str | None = None,
    *,
    game_id: str | None = None,
    finished: str | None = None,
) -> dict[str, Any]:
    """The JSON-able record of ``match`` so far (finished or not). ``game_id`` ties it to the
    statistics (rebuilt from records with the same ids); ``finished`` is an ISO time."""
    seat_list = seats or [{"name": f"P{i + 1}"} for i in range(match.rules.players)]
    rounds = [round_notation(match, n) for n in range(1, match.number + 1)]
    result = _result(match)
    abandoned = match.outcome.abandoned_by if match.outcome else None
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": record_version(match.rules),
        "summary": {  # first after the version: a list reads it from the head of the file
            "game_id": game_id,
            "finished": finished,
            "preset": preset,
            "seed": match.seed,
            "players": [str(seat.get("name", "")) for seat in seat_list],
            "pairs": match.rules.pairs,
            "rounds": len(rounds),
            "goats": result["goats"] if result else [],
            "winners": result["winners"] if result else [],
            "abandoned_by": abandoned if abandoned is None or abandoned >= 0 else None,
        },
        "preset": preset,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "seats": seat_list,
        "rounds": rounds,
        "abandoned_by": abandoned,
        "result": result,
    }
    if match.with_undo:  # only when set: older records (without the key) keep their digest
        body["with_undo"] = True
    if match.stand_ins:  # a bot failed and a stand-in moved for it: kept out of the rating
        body["stand_ins"] = [dict(entry) for entry in match.stand_ins]
        body["summary"]["stand_ins"] = True  # in the head too: `domino records` marks it
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


def parse_text(text: str, subject: str) -> Any:
    """``json.loads`` whose every failure is a RecordError: bad JSON, a number too long to read,
    nesting deep enough to exhaust the parser."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{subject} is not valid JSON (truncated or damaged): {err}") from None
    except (ValueError, RecursionError) as err:
        raise RecordError(f"{subject} is not readable JSON: {clean(err, 120)}") from None


def check_envelope(
    data: Any, fmt: str, newest: int, *, subject: str, kind: str, label: str = "version"
) -> dict[str, Any]:
    """Check an already parsed file's format tag and version (see :func:`read_envelope`)."""
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise RecordError(f"{subject} is not a domino-tui {kind}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError(f"{subject} has no version number")
    if version > newest:
        shown = version if version < 10**6 else "a huge number"
        raise RecordError(
            f"{subject} is {label} {shown}, newer than this program reads ({newest}); "
            "update domino-tui"
        )
    return data


def read_envelope(
    text: str, fmt: str, newest: int, *, subject: str, kind: str, label: str = "version"
) -> dict[str, Any]:
    """Parse a versioned JSON file of ours and check its format tag and version, wording the
    problem for the player (``subject`` "the record" or "it"; ``kind`` "game record" …).
    Records and saved games share this so that their refusals read alike."""
    data = parse_text(text, subject)
    return check_envelope(data, fmt, newest, subject=subject, kind=kind, label=label)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_int(v) for v in value)


# what went wrong with a bot that a stand-in moved for (bots/runner.py)
# "away": a bot played a networked table's human who dropped past the grace (issue 25)
STAND_IN_KINDS = ("overran", "raised", "illegal", "away")
STAND_IN_KEYS = {"seat", "bot", "kind", "moves"}
MAX_STAND_IN_MOVES = 1_000_000


def _stand_ins_ok(value: Any) -> bool:
    """A record's stand-in marks: per seat (0-3) and kind at most one entry, the bot's name a
    short text (cleaned again before it is shown), a count of moves."""
    if not isinstance(value, list) or not value or len(value) > 4 * len(STAND_IN_KINDS):
        return False
    seen = set()
    for entry in value:
        if not isinstance(entry, dict) or set(entry) != STAND_IN_KEYS:
            return False
        seat, bot, kind, moves = entry["seat"], entry["bot"], entry["kind"], entry["moves"]
        if not (_is_int(seat) and 0 <= seat < 4 and kind in STAND_IN_KINDS):
            return False
        if not (isinstance(bot, str) and len(bot) <= 60):
            return False
        if not (_is_int(moves) and 1 <= moves <= MAX_STAND_IN_MOVES) or (seat, kind) in seen:
            return False
        seen.add((seat, kind))
    return True


def _malformed(key: str) -> RecordError:
    return RecordError(f"the record's {key!r} is missing or malformed")


def _check_parts(data: dict[str, Any]) -> None:
    """Every value replay and the lists read, with its type (and range where it has one)."""
    rules = data.get("rules")
    if not isinstance(rules, dict) or not all(
        isinstance(v, (str, int, float)) or v is None for v in rules.values()
    ):
        raise _malformed("rules")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _malformed("seed")
    if not SEED_MIN <= seed <= SEED_MAX:
        raise RecordError("the record's seed does not fit 64 bits")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise _malformed("rounds")
    for number, moves in enumerate(rounds, start=1):
        if not isinstance(moves, list) or not all(isinstance(a, str) for a in moves):
            raise RecordError(f"round {number} of the record is malformed")
    abandoned = data.get("abandoned_by")
    if abandoned is not None and not _is_int(abandoned):
        raise _malformed("abandoned_by")
    result = data.get("result")
    if result is not None and not (
        isinstance(result, dict) and all(_int_list(v) for v in result.values())
    ):
        raise _malformed("result")
    if data.get("preset") is not None and not isinstance(data.get("preset"), str):
        raise _malformed("preset")
    seats = data.get("seats")
    if seats is not None and not (
        isinstance(seats, list) and all(isinstance(s, dict) for s in seats)
    ):
        raise _malformed("seats")
    if "with_undo" in data and not isinstance(data["with_undo"], bool):
        raise _malformed("with_undo")
    if "stand_ins" in data and not _stand_ins_ok(data["stand_ins"]):
        raise _malformed("stand_ins")
    if "summary" in data and check_summary(data["summary"]) is None:
        raise _malformed("summary")


_SUMMARY_TYPES: dict[str, tuple[type, ...]] = {
    "game_id": (str, type(None)),
    "finished": (str, type(None)),
    "preset": (str, type(None)),
    "seed": (int,),
    "players": (list,),
    "pairs": (bool,),
    "rounds": (int,),
    "goats": (list,),
    "winners": (list,),
    "abandoned_by": (int, type(None)),
}


def check_summary(summary: Any) -> dict[str, Any] | None:
    """The summary if every field has its type (lists of names and of side numbers), else
    None. Lists of records call this on the head of a file they did not parse whole."""
    if not isinstance(summary, dict):
        return None
    for key, kinds in _SUMMARY_TYPES.items():
        value = summary.get(key)
        if not isinstance(value, kinds) or (kinds == (int,) and isinstance(value, bool)):
            return None
    if not all(isinstance(name, str) for name in summary["players"]):
        return None
    if not (_int_list(summary["goats"]) and _int_list(summary["winners"])):
        return None
    if isinstance(summary["abandoned_by"], bool):
        return None
    if "stand_ins" in summary and summary["stand_ins"] is not True:  # set only when there were
        return None
    return summary


def loads(text: str) -> dict[str, Any]:
    """Parse and check a record's envelope (not its moves: :func:`replay` does that)."""
    data: Any = parse_text(text, "the record")
    return check_record(data)


def check_record(data: Any) -> dict[str, Any]:
    """:func:`loads` for a document already parsed (by a reader that caps size and depth)."""
    record = check_envelope(data, FORMAT, VERSION, subject="the record", kind="game record")
    if record["version"] < 1:
        raise RecordError(f"the record is version {record['version']}, which no domino-tui wrote")
    _check_parts(record)
    body = {k: v for k, v in record.items() if k != "digest"}
    if record.get("digest") != _digest(body):
        raise RecordError("the record's checksum does not match its contents: it was altered")
    return record


def _rules_of(record: dict[str, Any]) -> Rules:
    try:
        rules = make_rules(record["rules"], v1=record["version"] < 2)
    except (RulesError, TypeError, ValueError, AttributeError, OverflowError) as err:
        raise RecordError(f"the record's rules are invalid: {clean(err, 200)}") from None
    if record["version"] < get_variant(rules.variant).record_since:
        raise RecordError(
            f"the record is version {record['version']}, which knows no variant "
            f"{clean(rules.variant, 20)}: it was altered"
        )
    return rules


def _shown(text: str) -> str:
    return clean(repr(text), 40)


def replay(record: dict[str, Any], upto: int | None = None) -> Match:
    """Replay a loaded record into a match (optionally only its first ``upto`` actions).

    ``record`` is what :func:`loads` returned; it is checked again here (cheaply) so that a
    hand-built dict cannot raise anything but RecordError either."""
    _check_parts(record)
    rules = _rules_of(record)
    match = Match(rules, record["seed"])
    match.with_undo = record.get("with_undo") is True
    marks = record.get("stand_ins") or []
    if any(entry["seat"] >= rules.players for entry in marks):
        raise _malformed("stand_ins")
    match.stand_ins = [dict(entry) for entry in marks]
    ts = tile_set(rules.set_top)
    step = 0
    for number, moves in enumerate(record["rounds"], start=1):
        if number != match.number:
            raise RecordError(f"round {number} starts before round {match.number} has ended")
        for text in moves:
            if upto is not None and step >= upto:
                return match
            step += 1
            where = f"at step {step} (round {number})"
            if match.over:
                raise RecordError(f"action {_shown(text)} {where} comes after the match ended")
            try:
                code = parse_action(text, ts)
            except (NotationError, ValueError) as err:
                raise RecordError(
                    f"unreadable action {_shown(text)} {where}: {clean(err, 120)}"
                ) from None
            if code == DRAW and ":" in text and match.round.boneyard:
                expect = ts.name(match.round.boneyard[-1])
                got = text.split(":", 1)[1].strip()
                try:
                    drawn = ts.parse(got)
                except ValueError as err:
                    raise RecordError(
                        f"unreadable draw {_shown(text)} {where}: {clean(err, 120)}"
                    ) from None
                if drawn != ts.parse(expect):
                    raise RecordError(
                        f"{where} the record draws {clean(got, 20)} but the boneyard gives {expect}"
                    )
            reason = match.round.why_illegal(code)
            if reason is not None:
                raise RecordError(f"illegal action {clean(text, 40)} {where}: {reason}")
            match.apply(code)
    if upto is None:
        _finish(record, match)
    return match


def _finish(record: dict[str, Any], match: Match) -> None:
    """Apply a recorded abandon (K10.1) and check the result and summary against the moves."""
    abandoned = record.get("abandoned_by")
    if abandoned is not None and not match.over:
        if not 0 <= abandoned < match.rules.players:
            raise RecordError(
                f"the record's abandoned_by {clean(abandoned, 20)} is not a seat "
                f"of this {match.rules.players}-player match"
            )
        match.abandon(abandoned)
    elif abandoned is not None and match.outcome and abandoned != match.outcome.abandoned_by:
        raise RecordError("the record's abandoned_by does not match its moves")
    result = record.get("result")
    if result is not None and _result(match) != result:
        raise RecordError("the record's result does not match its moves")
    summary = record.get("summary")
    if summary is not None and not _summary_agrees(summary, record, match):
        raise RecordError("the record's summary does not match its moves")


def _summary_agrees(summary: dict[str, Any], record: dict[str, Any], match: Match) -> bool:
    outcome = match.outcome
    seats: Sequence[Any] = record.get("seats") or ()
    leaver = outcome.abandoned_by if outcome and outcome.abandoned_by >= 0 else None
    return bool(
        summary["seed"] == match.seed
        and summary["rounds"] == len(record["rounds"])
        and summary["pairs"] == match.rules.pairs
        and summary["goats"] == (list(outcome.goats) if outcome else [])
        and summary["winners"] == (list(outcome.winners) if outcome else [])
        and summary["abandoned_by"] == leaver
        and summary["preset"] == record.get("preset")
        # a summary written before it carried the mark says nothing of stand-ins
        and summary.get("stand_ins", bool(record.get("stand_ins"))) == bool(record.get("stand_ins"))
        and (not seats or summary["players"] == [str(s.get("name", "")) for s in seats])
    )


def summary_of(record: dict[str, Any]) -> dict[str, Any] | None:
    """A loaded record's summary (None for records written before summaries existed)."""
    return check_summary(record.get("summary"))
