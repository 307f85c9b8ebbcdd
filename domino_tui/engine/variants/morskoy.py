"""Морской козёл (docs/variants/morskoy.md, V1): the winner writes, 25 or more, one holder.

A round is judged by :func:`judge`, a pure function of the rules, the standings before the
round, the running state ``extra`` and the finished round, in the order of V1.D12: a 0-0 or
6-6 finish (V1.8.4), then «на сто» (V1.8.5), then the fish and its tries (V1.7), then writing
and the wipe (V1.8.2, V1.8.3), then 125 (V1.9.1). :meth:`Morskoy.settle` turns the verdict into
the score sheet and rolls the egg tries (V1.7.4); :meth:`Morskoy.round_costs` prices it for
the search bots.

``extra`` (the match's running state) describes the round in play (settle writes it for the
next one):

* ``mode``: ``"first"`` (led by the first-round rule K2.1, V1.3.1), ``"free"`` (``leader`` leads
  any tile, V1.3.2), ``"na_sto"`` (``leader`` was given 6-6 and must lead it, V1.3.4),
  ``"try"`` (fish write-off: ``leader`` is the fisher and leads any tile, V1.3.6, V1.7.3) or
  ``"eggs"`` (egg try: the holder of ``k-k`` leads it, V1.3.5, V1.7.4);
* ``leader``: the seat that leads (``free``, ``na_sto``, ``try``); -1 otherwise;
* ``try``: ``[k, n]``, try ``k`` of ``n`` (``fish_tries``); ``opponent``: the seat that leads
  «на сто» if the last try fails (mode ``try`` only);
* ``eggs``: ``[k, 3]``, the egg try in play (mode ``eggs`` only);
* ``skip``: how many deals the match's RNG makes and throws away before this round's deal: the
  egg tries that missed (their ``k-k`` lay in the boneyard). The tries are rolled at settle
  time on a copy of the RNG, so the accepted deal is never kept where a seat could read it.

The score sheet's ``notes`` hold:

* ``L``: the losers' sum of the round's winner side (who went out, or the fisher under
  V1.7.1), or None when the round has no winner;
* ``written_by``: the side that wrote ``L`` (V1.8.2), or -1; ``wiped``: the wipe happened (V1.8.3);
* ``na_sto``: the round's «на сто», ``{"player": seat, "side": side, "earned": bool,
  "result": "won" | "svoyak" | "wiped"}``, or None;
* ``na_sto_next``: the seat that leads the next round «на сто» (V1.3.4), or -1;
* ``fish``: how V1.7 judged a fish: ``"won"`` (V1.7.1), ``"write_off"`` (V1.7.2), ``"eggs"``
  (V1.7.4), ``"nothing"`` (V1.7.5), ``"void"`` (a fish in a try, or the failed «на сто» side's
  own fish: not judged), or None when somebody went out;
* ``try``: ``[k, n]`` when this round was a try of a fish write-off, else None;
  ``try_result``: ``"written_off"``, ``"failed"``, ``"lost"`` (the last try failed: the
  opponent goes «на сто»), ``"dropped"`` (a 6-6 finish gave someone «на сто», V1.D15) or None;
* ``eggs``: ``[k, 3]`` when this round was an egg try, else None;
* ``egg_tries``: after «яйца», the tries rolled for the next round: ``[[k, holder], …]`` with
  ``holder`` -1 when ``k-k`` lay in the boneyard (a miss); else None;
* ``ended``: ``"125"``, ``"lysy"``, ``"general"``, ``"six_six"``, ``"na_sto"``, ``"svoyak"``,
  ``"draw"`` when the match ended with this round, else None.

The score lines: ``hand_points`` is the side's hand value ``h`` (V1.8.1), ``round_points`` what
the side writes this round, ``cleared`` the written points wiped (V1.8.3, V1.8.5); for every
side ``after = before + round_points - cleared``. The outcome's winners are the winning sides,
its goats the losing ones (the table calls the losers goats); a draw has neither. Ratings: 1
for a winner, else 0.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any, Literal, TypedDict

from ..deal import MAX_REDEALS, Deal, deal, forced_lead, needs_redeal
from ..options import Rules
from ..results import Outcome
from ..round import RoundState
from ..scoring import RoundScore, SideLine, Standing, finishing_tiles, hand_value
from ..tiles import tile_set
from .base import MatchState, Option, Settled, Sheet, Variant

PRESETS: dict[str, dict[str, Any]] = {
    "morskoy": {
        "variant": "morskoy",
        "players": 4,
        "pairs": True,
        "double_pair": True,
        "blank_alone": 25,
        "big_alone": True,
        "target": 125,
    }
}

EGG_TRIES = 3  # V1.7.4: 1-1, 2-2, 3-3
MATCH_PRICE = 150.0  # the search bots' price of winning (losing) the match, in points
NA_STO_VALUE = 15.0  # what leading the next round «на сто» is worth to the side (V1.3.4)


@dataclass(frozen=True)
class _Config:
    write_min: int
    wipe_all: bool
    six_six_wins: bool
    fish_tries: int
    rotten_draw: bool
    target: int
    blank: int  # tile ids of 0-0 and 6-6
    six: int
    side_of: tuple[int, ...]
    sides: int


@cache
def _config(r: Rules) -> _Config:
    ts = tile_set(r.set_top)
    return _Config(
        write_min=int(r.opt("write_min")),
        wipe_all=r.opt("wipe") == "all",
        six_six_wins=r.opt("six_six_out") == "wins",
        fish_tries=int(r.opt("fish_tries")),
        rotten_draw=r.opt("rotten_eggs") == "draw",
        target=r.target,
        blank=ts.double_of[0],
        six=ts.double_of[ts.top],
        side_of=tuple(r.side_of(s) for s in range(r.players)),
        sides=r.sides,
    )


class Ended(StrEnum):
    """How a Морской match ends (``Notes.ended``)."""

    SCORE_125 = "125"  # V1.9.1: 125 or more
    LYSY = "lysy"  # V1.9.2: «лысый»
    GENERAL = "general"  # a «генерал»
    SIX_SIX = "six_six"  # 6-6 last
    NA_STO = "na_sto"  # «на сто» made
    SVOYAK = "svoyak"  # «свояк»
    DRAW = "draw"  # a draw


class NaSto(TypedDict):
    """A round's «на сто» (``Notes.na_sto``)."""

    player: int
    side: int
    earned: bool
    result: Literal["won", "svoyak", "wiped"]


Fish = Literal["won", "write_off", "eggs", "nothing", "void"]
TryResult = Literal["written_off", "failed", "lost", "dropped"]


# the score sheet's notes of every round (the module's docstring says each one); a TypedDict
# called, not a class, because ``try`` is a Python keyword
Notes = TypedDict(
    "Notes",
    {
        "L": int | None,
        "written_by": int,
        "wiped": bool,
        "na_sto": NaSto | None,
        "na_sto_next": int,
        "fish": Fish | None,
        "try": list[int] | None,
        "try_result": TryResult | None,
        "eggs": list[int] | None,
        "egg_tries": list[list[int]] | None,
        "ended": Ended | None,
    },
)


@dataclass(frozen=True)
class Verdict:
    """A finished round judged by V1.7-V1.9 (everything but the egg tries' deals)."""

    seat_points: tuple[int, ...]  # V1.8.1 per seat
    hand: tuple[int, ...]  # h per side
    written: tuple[int, ...]  # per side after the round
    gained: tuple[int, ...]  # what each side writes this round
    cleared: tuple[int, ...]  # written points wiped
    ended: Ended | None
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    next_extra: dict[str, Any]  # mode "eggs" without k: settle rolls the tries
    notes: Notes


def judge(
    r: Rules, standings: tuple[Standing, ...], extra: dict[str, Any], state: RoundState
) -> Verdict:
    """Judge a finished round in the order of V1.D12."""
    c = _config(r)
    side_of, sides, wm = c.side_of, c.sides, c.write_min
    seat_points = tuple(
        hand_value(r, state.hands[s]) if s in state.seats else 0 for s in range(r.players)
    )
    hand = [0] * sides
    for s in state.seats:
        hand[side_of[s]] += seat_points[s]
    total = sum(hand)
    written = [st.written for st in standings]
    gained = [0] * sides
    cleared = [0] * sides
    mode = extra.get("mode", "first")
    out = state.went_out
    out_side = side_of[out] if out >= 0 else -1
    fisher = state.fisher if state.fish else -1
    notes: Notes = {
        "L": None,
        "written_by": -1,
        "wiped": False,
        "na_sto": None,
        "na_sto_next": -1,
        "fish": None,
        "try": list(extra["try"]) if mode == "try" else None,
        "try_result": None,
        "eggs": list(extra["eggs"]) if mode == "eggs" and "eggs" in extra else None,
        "egg_tries": None,
        "ended": None,
    }
    ended: Ended | None = None
    winners: tuple[int, ...] = ()
    nxt: dict[str, Any] = {"mode": "free", "leader": out if out >= 0 else fisher}
    earned = -1  # the seat given «на сто» for the next round
    # V1.3.3, V1.3.4: this round's «на сто»
    x = -1
    if mode == "na_sto":
        x = int(extra["leader"])
    elif (
        mode == "free"
        and state.placed
        and state.placed[0][0] == c.six
        and written[side_of[state.leader]] > 0
    ):
        x = state.leader
    # V1.8.4: finishing doubles
    if out >= 0:
        fin = finishing_tiles(state)
        if c.blank in fin:
            ended, winners = (Ended.GENERAL if c.six in fin else Ended.LYSY), (out_side,)
        elif c.six in fin:
            if c.six_six_wins or total - hand[out_side] >= wm:
                ended, winners = Ended.SIX_SIX, (out_side,)
            else:
                earned = out
        notes["L"] = total - hand[out_side]
    # V1.8.5: «на сто» resolved
    blocked = -1
    if x >= 0 and ended is None:
        s_x = side_of[x]
        info = NaSto(player=x, side=s_x, earned=mode == "na_sto", result="wiped")
        notes["na_sto"] = info
        if out_side == s_x:
            ended, winners, info["result"] = Ended.NA_STO, (s_x,), "won"
        elif seat_points[x] >= wm:  # «свояк»
            ended, info["result"] = Ended.SVOYAK, "svoyak"
            winners = tuple(s for s in range(sides) if s != s_x)
        else:
            cleared[s_x], written[s_x], blocked = written[s_x], 0, s_x
    if ended is None:
        writer = out_side
        # V1.7: the fish
        if fisher >= 0:
            f_side = side_of[fisher]
            if mode == "try" or f_side == blocked:
                notes["fish"] = "void"
            else:
                f = hand[f_side]
                o = max(hand[s] for s in range(sides) if s != f_side)
                # V1.D2: the fish's «менее 25» and «более 25» are strict, so exactly 25 is
                # neither: no «на сто» (V1.7.1) and no write-off (V1.7.2, left to V1.7.5)
                if f < o:  # V1.7.1
                    notes["fish"], writer = "won", f_side
                    notes["L"] = total - f
                    if f < wm < o:
                        earned = fisher
                elif f == o:  # V1.7.4
                    notes["fish"], nxt = "eggs", {"mode": "eggs"}
                elif f > wm:  # V1.7.2
                    notes["fish"] = "write_off"
                    nxt = {
                        "mode": "try",
                        "leader": fisher,
                        "try": [1, c.fish_tries],
                        "opponent": _opponent(state, side_of, hand, fisher),
                    }
                else:  # V1.7.5
                    notes["fish"] = "nothing"
        # V1.8.2, V1.8.3: writing and the wipe
        if writer >= 0 and total - hand[writer] >= wm:
            points = total - hand[writer]
            gained[writer] = points
            notes["written_by"] = writer
            if any(written[s] > 0 for s in range(sides) if s != writer):
                notes["wiped"] = True
                for s in range(sides):
                    if s != writer:
                        cleared[s] += written[s]
                        written[s] = 0
                if c.wipe_all:
                    cleared[writer] += written[writer] + points
                    written[writer] = 0
                else:
                    written[writer] += points
            else:
                written[writer] += points
        # V1.7.3: the tries
        if mode == "try":
            k, n = extra["try"]
            f_side = side_of[int(extra["leader"])]
            if out_side == f_side and gained[f_side] > 0:
                notes["try_result"] = "written_off"
            elif earned >= 0:
                notes["try_result"] = "dropped"  # V1.D15
            elif k < n:
                notes["try_result"] = "failed"
                nxt = {
                    "mode": "try",
                    "leader": extra["leader"],
                    "try": [k + 1, n],
                    "opponent": extra["opponent"],
                }
            else:
                notes["try_result"] = "lost"
                earned = int(extra["opponent"])
        # V1.9.1: 125
        reached = tuple(s for s in range(sides) if written[s] >= c.target)
        if reached:
            ended, winners = Ended.SCORE_125, reached
    if ended is None and earned >= 0:
        notes["na_sto_next"] = earned
        nxt = {"mode": "na_sto", "leader": earned}
    notes["ended"] = ended
    losers = tuple(s for s in range(sides) if s not in winners) if ended else ()
    return Verdict(
        seat_points=seat_points,
        hand=tuple(hand),
        written=tuple(written),
        gained=tuple(gained),
        cleared=tuple(cleared),
        ended=ended,
        winners=winners,
        losers=losers,
        next_extra=nxt,
        notes=notes,
    )


def _opponent(state: RoundState, side_of: tuple[int, ...], hand: list[int], fisher: int) -> int:
    """V1.7.3, V1.D8: the other side with the smallest hand at the fish (ties: the first in
    turn order after the fisher), and its player who comes first after the fisher."""
    best = -1
    seat = state.nxt[fisher]
    while seat != fisher:
        side = side_of[seat]
        if side != side_of[fisher] and (best < 0 or hand[side] < hand[side_of[best]]):
            best = seat
        seat = state.nxt[seat]
    return best


def _holder(hands: tuple[int, ...] | list[int], seats: tuple[int, ...], tile: int) -> int:
    return next((s for s in seats if hands[s] >> tile & 1), -1)


def deal_na_sto(rules: Rules, rng: random.Random, seats: tuple[int, ...], seat: int) -> Deal:
    """V1.3.4, V1.D5: 6-6 is set aside for ``seat`` before the shuffle; ``seat`` is dealt one
    tile fewer, the others a full hand; the redeal rule K1.4 judges the hands as dealt."""
    ts = tile_set(rules.set_top)
    six = ts.double_of[ts.top]
    n = rules.dealt
    for redeals in range(MAX_REDEALS):
        order = [t for t in range(ts.count) if t != six]
        rng.shuffle(order)
        hands = [0] * rules.players
        hands[seat] = 1 << six
        i = 0
        for s in seats:
            take = n - 1 if s == seat else n
            for t in order[i : i + take]:
                hands[s] |= 1 << t
            i += take
        if not any(needs_redeal(rules, hands[s]) for s in seats):
            return Deal(tuple(hands), tuple(order[i:]), redeals)
    raise RuntimeError("no acceptable deal after many redeals")  # unreachable with valid rules


def roll_egg_tries(rules: Rules, rng: random.Random, seats: tuple[int, ...]) -> list[list[int]]:
    """V1.7.4: deal try 1, 2, 3 until the try's double ``k-k`` is in a hand; ``[[k, holder]]``
    with holder -1 for a miss. Advances ``rng`` by the deals made."""
    ts = tile_set(rules.set_top)
    tries: list[list[int]] = []
    for k in range(1, EGG_TRIES + 1):
        d = deal(rules, rng, seats)
        holder = _holder(d.hands, seats, ts.double_of[k])
        tries.append([k, holder])
        if holder >= 0:
            break
    return tries


class Morskoy(Variant):
    score_kind = "gained"
    name = "morskoy"
    remembers = False  # V1.8: L is written or nothing
    fish_modes = False  # V1.7: its own fish
    score_unit = "points"
    sheet_columns = ("L",)
    options = {  # noqa: RUF012
        "write_min": Option(25, low=1, high=100, help="V1.8.2: the smallest sum written"),
        "wipe": Option("all", ("all", "others"), help="V1.8.3: who is wiped"),
        "six_six_out": Option("conditional", ("conditional", "wins"), help="V1.8.4"),
        "fish_tries": Option(3, low=1, high=5, help="V1.7.3: tries to write a fish off"),
        "rotten_eggs": Option("draw", ("draw", "void"), help="V1.7.4"),
    }
    refused = (
        "fish",
        "pair_fish",
        "open_threshold",
        "finish_bonus",
        "match_end",
        "later_leads",
        "partner_leads",
    )

    def initial_extra(self, rules: Rules) -> dict[str, Any]:
        return {"mode": "first"}

    # --- a new round ----------------------------------------------------------------------------
    def deal(self, match: MatchState, seats: tuple[int, ...]) -> Deal:
        extra, rules, rng = match.extra, match.rules, match.rng
        for _ in range(int(extra.get("skip", 0))):  # the egg tries that missed (V1.7.4)
            deal(rules, rng, seats)
        if extra.get("mode") == "na_sto":
            return deal_na_sto(rules, rng, seats, int(extra["leader"]))
        return deal(rules, rng, seats)

    def lead(self, match: MatchState, dealt: Deal, seats: tuple[int, ...]) -> tuple[int, int]:
        """V1.3: K2.1 in the first round; later the winner or the fisher with any tile; 6-6
        for an earned «на сто»; the egg try's double after «яйца»."""
        extra, rules = match.extra, match.rules
        mode = extra.get("mode", "first")
        ts = tile_set(rules.set_top)
        if mode == "first":
            seat, tile = forced_lead(rules, dealt.hands, seats)
            return seat, 1 << tile
        if mode == "eggs":
            tile = ts.double_of[int(extra["eggs"][0])]
        elif mode == "na_sto":
            tile = ts.double_of[ts.top]
        else:
            seat = int(extra["leader"])
            return seat, dealt.hands[seat]
        seat = int(extra["leader"]) if mode == "na_sto" else _holder(dealt.hands, seats, tile)
        if seat < 0 or not dealt.hands[seat] >> tile & 1:
            raise ValueError(f"the deal does not give {ts.name(tile)} to its leader ({mode})")
        return seat, 1 << tile

    # --- the end of a round ---------------------------------------------------------------------
    def settle(self, match: MatchState, state: RoundState) -> Settled:
        r = match.rules
        v = judge(r, match.standings, match.extra, state)
        notes = v.notes.copy()
        ended, winners, losers = v.ended, v.winners, v.losers
        extra = dict(v.next_extra)
        if ended is None and extra["mode"] == "eggs":
            probe = random.Random()
            probe.setstate(match.rng.getstate())
            tries = roll_egg_tries(r, probe, match.seats_in)
            notes["egg_tries"] = tries
            k, holder = tries[-1]
            if holder >= 0:
                extra = {"mode": "eggs", "eggs": [k, EGG_TRIES], "leader": -1, "skip": k - 1}
            elif _config(r).rotten_draw:
                ended = notes["ended"] = Ended.DRAW
            else:
                extra = {"mode": "first", "skip": EGG_TRIES}
        lines = tuple(
            SideLine(
                side=s,
                hand_points=v.hand[s],
                round_points=v.gained[s],
                carry_paid=0,
                before=match.standings[s],
                after=Standing(v.written[s]),
                cleared=v.cleared[s],
                went_out=state.went_out >= 0 and r.side_of(state.went_out) == s,
            )
            for s in range(r.sides)
        )
        tie = notes["fish"] == "eggs"
        score = RoundScore(lines, v.seat_points, 0, 0, -1, tie)
        standings = tuple(line.after for line in lines)
        outcome = None
        if ended is not None:
            ratings = tuple(1 if s in winners else 0 for s in range(r.sides))
            outcome = Outcome(goats=losers, winners=winners, ratings=ratings)
        return Settled(score, standings, 0, extra, losers, outcome, notes)

    def round_costs(self, before: Sheet, state: RoundState) -> list[float]:
        """Per side: minus what it writes plus what the others write (a wipe counts as the
        points lost), minus :data:`MATCH_PRICE` for winning the match and plus it for losing,
        minus :data:`NA_STO_VALUE` for leading the next round «на сто». A sum under 25 is
        written by nobody, so it is worth nothing."""
        rules, standings, extra = before.rules, before.standings, before.extra
        v = judge(rules, standings, extra, state)
        delta = [v.written[s] - standings[s].written for s in range(len(v.written))]
        total = sum(delta)
        costs = [float(total - 2 * d) for d in delta]
        if v.ended is not None:
            for s in v.winners:
                costs[s] -= MATCH_PRICE
            for s in v.losers:
                costs[s] += MATCH_PRICE
        elif v.notes["na_sto_next"] >= 0:
            costs[_config(rules).side_of[v.notes["na_sto_next"]]] -= NA_STO_VALUE
        return costs


VARIANT = Morskoy()
