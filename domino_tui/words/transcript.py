"""A match told as a readable transcript: deals, every action in words, round ends, score sheets
and the goat, in Russian or English.

``domino sim`` prints it and ``domino export`` writes it, so it works from the :class:`Match`
alone (a live one or one replayed from a record) and never from a bot's or a seat's view.

Entry points:

- :func:`render_match` returns rich renderables (styled: remembered ``+N`` yellow, written red)
  for a :class:`rich.console.Console` to print; a console that is not a terminal drops the styles.
- :func:`match_text` returns the same transcript as plain text of a fixed width, for files.
- :func:`score_table` is one round's score sheet (K11) on its own.

Seat names default to "Player 1 …" / "Игрок 1 …"; pairs are named by both partners.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..engine.actions import DRAW, KNOCK, PAIR_BASE, is_pair, pair_tiles, placements
from ..engine.cross import CrossState
from ..engine.deal import Deal
from ..engine.geometry import geometry
from ..engine.match import Match, RoundResult
from ..engine.round import Event
from ..engine.rules import Rules, make_rules
from ..engine.scoring import SideLine, Standing
from ..engine.tiles import bits, tile_set
from ..engine.variants import get_variant
from ..i18n import Lang, has_key, plural, tr
from ..option import typed_back
from ..text import clean
from .cross import CrossStep, cross_picture, ends_text, replay_cross
from .marks import CLOSED_MARK, FISH_MARK, GOAT_MARK
from .moves import move_words
from .names import preset_name
from .variant import (
    closest_preset,
    differences,
    ended_words,
    header_words,
    round_notes,
)

# the score sheet's rules (K11): a line under the names and one between the round and the total
SHEET_BOX = box.Box("    \n    \n ── \n    \n ── \n ── \n    \n    \n")


# --- words ----------------------------------------------------------------------------------
def seat_names(rules: Rules, seats: Sequence[str] | None, lang: Lang) -> list[str]:
    """The given names, or "Player N" for every seat without one."""
    given = list(seats or [])
    return [
        given[s] if s < len(given) and given[s] else tr("tx.seat", lang, n=s + 1)
        for s in range(rules.players)
    ]


def side_names(rules: Rules, names: Sequence[str]) -> list[str]:
    """One name per scoring side: a player, or both partners of a pair (P2)."""
    return [" + ".join(names[s] for s in rules.seats_of(side)) for side in range(rules.sides)]


def tiles_text(rules: Rules, mask: int) -> str:
    ts = tile_set(rules.set_top)
    return " ".join(ts.name(t) for t in bits(mask)) or "—"


def rules_summary(rules: Rules, lang: Lang) -> str:
    """The variant in words plus the options that differ from its closest preset."""
    preset = closest_preset(rules)
    words = [preset_name(preset, lang), tr("tx.players", lang, n=rules.players)]
    variant = get_variant(rules.variant)
    if not rules.classic_count and variant.fish_modes:
        fish = f"tx.pair_fish.{rules.pair_fish}" if rules.pairs else f"tx.fish_mode.{rules.fish}"
        words.append(tr(fish, lang))
    limit = rules.rounds_limit
    if limit:
        words.append(tr("tx.rounds", lang, n=limit))
    elif variant.plays_to_target:
        words.append(tr("tx.target", lang, n=rules.target))
    words += header_words(rules, lang)
    said = _IN_WORDS + (("match_end",) if limit else ())
    changed = {k: v for k, v in differences(rules, make_rules({}, preset)).items() if k not in said}
    if changed:
        words.append(", ".join(f"{k}={typed_back(v)}" for k, v in changed.items()))
    return " · ".join(words)


# options the summary already says in words (pairs ignore `fish`, F10)
_IN_WORDS = ("players", "fish", "pair_fish", "target")


# --- what happened in a round -----------------------------------------------------------------
@dataclass(frozen=True)
class RoundStory:
    """One round as the transcript tells it: the deal, the public events and, once finished,
    the result."""

    number: int
    seats: tuple[int, ...]
    dealt: tuple[int, ...]
    boneyard: int  # tiles in the boneyard after the deal
    redeals: int
    events: tuple[Event, ...]
    result: RoundResult | None
    taken: int  # the tiles taken on a fish (K4.4) as a mask


def round_stories(match: Match) -> list[RoundStory]:
    """Every round of ``match`` so far, the one in play included.

    The deals are the match's own (:attr:`Match.deals`, kept as each variant dealt them),
    never dealt again here: Морской deals its own way (its «на сто» and the boneyard it keeps),
    and a match may be dealt from a script, so only the match knows its deals."""
    out_sides: set[int] = set()
    stories = []
    for index, events in enumerate(match.histories):
        result = match.results[index] if index < len(match.results) else None
        seats = tuple(
            s for s in range(match.rules.players) if match.rules.side_of(s) not in out_sides
        )
        stories.append(_story(match, index + 1, seats, tuple(events), result, match.deals[index]))
        if result is not None:
            out_sides.update(result.goats)
    return stories


def _story(
    match: Match,
    number: int,
    seats: tuple[int, ...],
    events: tuple[Event, ...],
    result: RoundResult | None,
    d: Deal,
) -> RoundStory:
    """The round told from its deal: the boneyard taken on a fish (K4.4) is what the taker
    ended with beyond what it was dealt and drew."""
    final = list(result.hands) if result is not None else list(match.round.hands)
    taker = result.taker if result is not None else -1
    taken = 0
    if taker >= 0:
        drawn = sum(1 << e.tile for e in events if e.code == DRAW and e.seat == taker)
        taken = final[taker] & ~d.hands[taker] & ~drawn
    return RoundStory(number, seats, d.hands, len(d.boneyard), d.redeals, events, result, taken)


# --- rendering ---------------------------------------------------------------------------------
def render_match(
    match: Match, seats: Sequence[str] | None = None, lang: Lang = "en", *, moves: bool = True
) -> list[RenderableType]:
    """The whole transcript as block renderables (header, each round, the outcome), to print with
    ``console.print(*parts)`` or one by one; ``moves=False`` leaves out the deals and actions."""
    rules = match.rules
    names = seat_names(rules, seats, lang)
    header = Text(rules_summary(rules, lang), style="bold")
    header.append("\n" + tr("tx.seed", lang, n=match.seed), style="dim")
    out: list[RenderableType] = [Group(header)]
    for story in round_stories(match):
        if story.result is None and not story.events and match.outcome is not None:
            continue
        out.append(render_round(match, story, names, lang, moves=moves))
    out.append(render_outcome(match, names, lang))
    if match.stand_ins:  # the ratings above do not count: say so under them
        out.append(Text(stand_in_note(match, names, lang), style="bold"))
    return out


def stand_in_note(match: Match, names: Sequence[str], lang: Lang) -> str:
    """One line under a match that had stand-in moves: whose and how many, and that such a
    match is not rated (``domino sim``, ``domino export``)."""
    counts: dict[int, int] = {}
    for entry in match.stand_ins:
        counts[entry["seat"]] = counts.get(entry["seat"], 0) + entry["moves"]
    who = ", ".join(f"{clean(names[seat], 40)} ×{moves}" for seat, moves in sorted(counts.items()))
    return tr("tx.stand_ins", lang, who=who)


def match_text(
    match: Match,
    seats: Sequence[str] | None = None,
    lang: Lang = "en",
    *,
    width: int = 100,
    moves: bool = True,
) -> str:
    """The transcript as plain text (no colours, no control codes), ``width`` columns wide."""
    buffer = io.StringIO()
    console = Console(
        file=buffer, width=width, color_system=None, force_terminal=False, emoji=False
    )
    for part in render_match(match, seats, lang, moves=moves):
        console.print(part)
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()) + "\n"


def render_round(
    match: Match, story: RoundStory, names: Sequence[str], lang: Lang, *, moves: bool = True
) -> RenderableType:
    """One round: its heading, deal and actions (if ``moves``), its end and its score sheet."""
    parts: list[RenderableType] = [Rule(tr("tx.round", lang, n=story.number), style="cyan")]
    cross = replay_cross(match, story.number - 1, story.seats)
    if moves:
        parts.append(_deal(match.rules, story, names, lang))
        if cross is None:
            actions = line_actions(match.rules, story.events)
        else:
            actions = cross_actions(cross[0])
        parts.append(_actions(match.rules, actions, names, lang, cross=cross is not None))
    if cross is not None:
        parts.append(_board(match, cross[1], lang))
    if story.result is None:
        parts.append(Text(tr("tx.round_running", lang), style="italic"))
        return Group(*parts)
    parts.append(_round_end(match.rules, story, story.result, names, lang))
    parts.append(score_table(match.rules, story.result, names, lang))
    notes = _carry_notes(match.rules, story.result, names, lang)
    if notes.plain:
        parts.append(notes)
    sides = side_names(match.rules, names)
    for line in round_notes(match.rules, story.result, names, sides, lang):
        parts.append(Text(line, style="magenta"))
    return Group(*parts)


def _deal(rules: Rules, story: RoundStory, names: Sequence[str], lang: Lang) -> RenderableType:
    head = Text(tr("tx.deal", lang), style="bold")
    if story.redeals:
        head.append(" · " + tr("tx.redeals", lang, n=story.redeals), style="magenta")
    boneyard = (
        tr("tx.boneyard_size", lang, tiles=plural(story.boneyard, "tx.tiles", lang))
        if story.boneyard
        else tr("tx.no_boneyard", lang)
    )
    head.append(" · " + boneyard, style="dim")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for seat in story.seats:
        hand = story.dealt[seat]
        grid.add_row(
            Text(f"  {names[seat]}"),
            Text(tiles_text(rules, hand)),
        )
    return Group(head, grid)


@dataclass(frozen=True)
class Action:
    """One row of a round's action table: who did what and the open ends after it. A double
    pair (K3.4) is one action though the round keeps two events; ``tile`` is the tile drawn
    or the (first) tile laid."""

    seat: int
    code: int
    tile: int
    ends: str  # the open ends after the action, as the table shows them
    points: int = 0  # scored during play on the cross (V3.8.2)
    count: int = 0  # the ends' count that scored


def line_actions(rules: Rules, events: Sequence[Event]) -> list[Action]:
    """A line round's events as actions, each with the two open ends after it."""
    ts = tile_set(rules.set_top)
    geo = geometry(rules.set_top, rules.match)
    left = right = -1
    out: list[Action] = []
    i = 0
    while i < len(events):
        e = events[i]
        if e.code >= PAIR_BASE:
            a, b = pair_tiles(e.code)
            left, right = geo.after[left][a], geo.after[right][b]
            i += 1  # a double pair is two events of one action (K3.4)
        elif e.code >= 0 and left < 0:
            left, right = ts.lo[e.tile], ts.hi[e.tile]
        elif e.code >= 0 and e.code & 1:
            right = geo.after[right][e.tile]
        elif e.code >= 0:
            left = geo.after[left][e.tile]
        out.append(Action(e.seat, e.code, e.tile, f"{left}|{right}" if left >= 0 else ""))
        i += 1
    return out


def cross_actions(steps: Sequence[CrossStep]) -> list[Action]:
    """A cross round's replayed steps (G4) as actions, with the open ends and closed doubles
    after each and the points it scored."""
    return [
        Action(
            s.seat,
            s.code,
            placements(s.code)[0].tile if s.code >= 0 else s.tile,
            ends_text(s.ends, s.closed),
            s.points,
            s.count,
        )
        for s in steps
    ]


def _actions(
    rules: Rules, actions: Sequence[Action], names: Sequence[str], lang: Lang, *, cross: bool
) -> RenderableType:
    """One row per action; a run of draws by one player is one row listing each drawn tile."""
    ts = tile_set(rules.set_top)
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    table.add_column("#", justify="right", style="dim")
    table.add_column(tr("tx.col_who", lang), no_wrap=True)
    table.add_column(tr("tx.col_move", lang))
    table.add_column(
        tr("tx.col_ends", lang), justify="left" if cross else "center", style="dim", no_wrap=True
    )
    row = 0
    i = 0
    led = False  # the first tile laid is the lead
    while i < len(actions):
        act = actions[i]
        row += 1
        if act.code == DRAW:
            run = [act.tile]
            while (
                i + 1 < len(actions)
                and actions[i + 1].code == DRAW
                and actions[i + 1].seat == act.seat
            ):
                i += 1
                run.append(actions[i].tile)
            what = Text(tr("tx.draw", lang, tiles=", ".join(ts.name(t) for t in run)))
        elif act.code == KNOCK:
            what = Text(move_words(ts, KNOCK, lang), style="yellow")
        else:
            what = _play(rules, act, not led, cross, lang)
            led = True
        if act.points:
            points = plural(act.points, "tx.points", lang)
            what.append(" · " + tr("tx.scored", lang, count=act.count, points=points), "green")
        table.add_row(str(row), Text(names[act.seat]), what, act.ends)
        i += 1
    return table


def _play(rules: Rules, act: Action, lead: bool, cross: bool, lang: Lang) -> Text:
    """A play in the transcript's words: the lead, a double pair (K3.4), the end on a line,
    or the end(s) on the cross."""
    words = move_words(tile_set(rules.set_top), act.code, lang, lead=lead, cross=cross)
    lead_only = lead and (cross or not is_pair(act.code))  # a pair is told before the lead
    return Text(words, style="bold") if lead_only else Text(words)


def _board(match: Match, state: CrossState, lang: Lang) -> RenderableType:
    """The cross as it stands (at the end of the round, or now)."""
    # the spinner's own name: Маггинс' «крест», Телефон's «дом», Чечевэ's «база»
    keys = (f"tx.spinner.{closest_preset(match.rules)}", f"tx.spinner.{match.rules.variant}")
    spinner = tr(next((k for k in keys if has_key(k, lang)), "tx.spinner"), lang)
    head = Text(tr("tx.board", lang, spinner=spinner, closed=CLOSED_MARK), style="bold")
    picture = Text("\n".join(cross_picture(state)), no_wrap=True, overflow="ignore")
    return Group(head, picture)


def _round_end(
    rules: Rules, story: RoundStory, result: RoundResult, names: Sequence[str], lang: Lang
) -> RenderableType:
    parts: list[RenderableType] = []
    if result.went_out >= 0:
        parts.append(Text(tr("tx.went_out", lang, name=names[result.went_out]), style="bold green"))
    elif result.closed_out >= 0:
        closer = tr("tx.closed_out", lang, name=names[result.closed_out])
        parts.append(Text(closer, style="bold green"))
    else:
        line = Text(f"{FISH_MARK} " + tr("tx.fish", lang, name=names[result.fisher]), "bold blue")
        parts.append(line)
        if result.taker >= 0:
            taken = tiles_text(rules, story.taken)
            parts.append(Text(tr("tx.takes", lang, name=names[result.taker], tiles=taken)))
        if result.score.tie:
            parts.append(Text(tr("tx.eggs", lang), style="blue"))
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_column(justify="right", no_wrap=True)
    counted = get_variant(rules.variant).counts_hands  # Генерал: not counted
    for seat in story.seats:
        points = result.score.seat_points[seat]
        grid.add_row(
            Text(f"  {names[seat]}"),
            Text(tiles_text(rules, result.hands[seat])),
            plural(points, "tx.points", lang) if counted else "",
        )
    parts += [Text(tr("tx.hands", lang), style="bold"), grid]
    for side in result.goats:
        if rules.match_end == "last_standing":
            name = side_names(rules, names)[side]
            parts.append(Text(f"{GOAT_MARK} " + tr("tx.drops_out", lang, name=name), "bold red"))
    return Group(*parts)


def standing_text(rules: Rules, st: Standing) -> Text:
    """A running total as K11 shows it: written in red, remembered ``+N`` in yellow."""
    if rules.classic_count:
        return Text(str(st.written), style="bold" if st.written else "dim")
    text = Text()
    if st.opened or st.written:
        text.append(str(st.written), style="red")
    if st.remembered:
        text.append((" " if text.plain else "") + f"+{st.remembered}", style="yellow")
    if not text.plain:
        text.append("0", style="dim")
    return text


def _points_text(rules: Rules, line: SideLine) -> Text:
    """The round's points as they were booked: written (red) or remembered (yellow ``+N``)."""
    points = line.round_points
    if not points:
        return Text("0", style="dim")
    if rules.classic_count:
        return Text(str(points), style="bold")
    if line.written_now or not remembers(rules):
        return Text(str(points), style="red")
    return Text(f"+{points}", style="yellow")


def remembers(rules: Rules) -> bool:
    """Whether the game keeps Козёл's remembered ``+N`` and opening (K7): the variants with
    their own sheet (морской, телефон, генерал, спортивное) declare they do not."""
    return get_variant(rules.variant).remembers


def _line_notes(rules: Rules, result: RoundResult, line: SideLine, lang: Lang) -> list[str]:
    notes = []
    if line.went_out:
        notes.append(tr("tx.n_out", lang))
    if result.fisher >= 0 and rules.side_of(result.fisher) == line.side:
        notes.append(tr("tx.n_fisher", lang))
    if line.opened_now and remembers(rules):
        notes.append(tr("tx.n_opened", lang))
    if line.cleared:
        key = "tx.n_cleared" if remembers(rules) else "tx.n_wiped"  # морской: written, wiped
        notes.append(tr(key, lang, n=line.cleared))
    if line.carry_paid:
        notes.append(f"{FISH_MARK} +{line.carry_paid}")
    if result.goats and line.side in result.goats:
        notes.append(f"{GOAT_MARK} {tr('goat', lang)}")
    return notes


def score_table(
    rules: Rules, result: RoundResult, names: Sequence[str], lang: Lang
) -> RenderableType:
    """One round's score sheet (K11): a column per player or pair; previous total, the round's
    points, a line, the new total; the fish mark on the round row; who went out, the fisher,
    an opened score, cleared remembered points and a paid carry-over as notes."""
    table = Table(
        title=tr("tx.score_after", lang, n=result.number),
        title_justify="left",
        box=SHEET_BOX,
        show_edge=False,
        header_style="bold",
    )
    table.add_column("")
    sides = side_names(rules, [names[s] for s in range(rules.players)])
    for name in sides:
        table.add_column(Text(name), justify="right")
    lines = result.score.lines
    round_label = tr("tx.row_round", lang) + (f" {FISH_MARK}" if result.fish else "")
    table.add_row(tr("tx.row_before", lang), *(standing_text(rules, ln.before) for ln in lines))
    table.add_row(round_label, *(_points_text(rules, ln) for ln in lines), end_section=True)
    table.add_row(tr("tx.row_after", lang), *(standing_text(rules, ln.after) for ln in lines))
    notes = [", ".join(_line_notes(rules, result, ln, lang)) for ln in lines]
    if any(notes):
        table.add_row("", *(Text(n, style="italic") for n in notes))
    return table


def _carry_notes(rules: Rules, result: RoundResult, names: Sequence[str], lang: Lang) -> Text:
    """The fish carry-over (K8.3, K8.4, P4): added, paid, moved on, or still pending."""
    score = result.score
    sides = side_names(rules, names)
    text = Text(style="blue")
    if score.carry_before and not score.tie and score.carry_after == 0:
        payee = sides[score.carry_paid_to]
        text.append(f"{FISH_MARK} " + tr("tx.carry_paid", lang, n=score.carry_before, name=payee))
    elif score.carry_after and not score.tie:
        text.append(f"{FISH_MARK} " + tr("tx.carry_moves", lang, n=score.carry_after))
    elif score.carry_after:
        text.append(f"{FISH_MARK} " + tr("tx.carry_pending", lang, n=score.carry_after))
    return text


def render_outcome(match: Match, names: Sequence[str], lang: Lang) -> RenderableType:
    """The end of the match: the goat(s) or the winner, the final totals and ratings (K10)."""
    rules, outcome = match.rules, match.outcome
    sides = side_names(rules, names)
    if outcome is None:
        return Group(Rule(style="cyan"), Text(tr("tx.unfinished", lang), style="italic"))
    parts: list[RenderableType] = [Rule(tr("tx.match_over", lang), style="bold cyan")]
    ended = ended_words(match, sides, lang)
    if ended:
        parts.append(Text(ended, style="bold magenta"))
    if outcome.abandoned_by >= 0:
        parts.append(Text(tr("tx.abandoned", lang, name=names[outcome.abandoned_by]), "bold"))
    if outcome.winners:
        who = ", ".join(sides[s] for s in outcome.winners)
        parts.append(Text(tr("tx.winner", lang, names=who), style="bold green"))
    elif outcome.goats:
        who = ", ".join(sides[s] for s in outcome.goats)
        key = "tx.goat_is" if len(outcome.goats) == 1 else "tx.goats_are"
        parts.append(Text(f"{GOAT_MARK} " + tr(key, lang, names=who), style="bold red"))
    elif outcome.abandoned_by < 0:
        # a game with a goat line says nobody is the goat; the others, that it is a draw
        draw = "tx.no_goat" if remembers(rules) else "vn.draw"
        parts.append(Text(tr(draw, lang), style="bold"))
    parts.append(Text(tr("tx.rounds_played", lang, n=len(match.results)), style="dim"))
    table = Table(box=SHEET_BOX, show_edge=False, header_style="bold")
    table.add_column("")
    table.add_column(tr("tx.col_score", lang), justify="right")
    if not rules.classic_count:
        table.add_column(tr("tx.col_rating", lang), justify="right")
    for side, name in enumerate(sides):
        mark = f" {GOAT_MARK}" if side in outcome.goats else ""
        cells: list[RenderableType] = [
            Text(name + mark),
            standing_text(rules, match.standings[side]),
        ]
        if not rules.classic_count:
            cells.append(str(outcome.ratings[side]))
        table.add_row(*cells)
    parts.append(table)
    return Group(*parts)
