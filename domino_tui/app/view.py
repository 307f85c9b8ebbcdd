"""What the table shows, as one frozen value: :func:`table_view` builds it from the game (the
match, the seats' names) and the turn state, and the screen hands each widget its slice.

It is a pure function of its arguments — no widget is asked, nothing is drawn — so every word
and mark of the table (whose turn, the hand's title, the status line, the board's empty words,
the footer's keys that come and go) is tested without Pilot (tests/app/test_table_view.py).
The few facts only a drawn widget knows (a panel's width, the board's arrows for each end) come
in as :class:`Sizes`; the screen passes what its widgets measured.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.actions import KNOCK
from ..engine.cross import CLOSED, CrossState
from ..engine.round import RoundState
from ..engine.tiles import bits, tile_set
from ..play.session import GameSession
from ..play.turn import TurnController, TurnState
from ..play.turn_moves import can_close, playable_tiles, several_moves
from ..words.cross import ends_text
from ..words.events import last_action
from ..words.marks import END_ARROWS
from ..words.score import legend_line
from ..words.strings import t
from ..words.turn import fit_name, recent_lines
from .widgets.board import lead_index, worst_line
from .widgets.chain import ChainState
from .widgets.hand import HandState
from .widgets.scores import board_callout, sheet_key
from .widgets.seats import SeatInfo

if TYPE_CHECKING:
    from collections.abc import Hashable


@dataclass(frozen=True)
class Seating:
    """Who sits where on this screen. Hot-seat: ``bottom`` is the chair drawn at the bottom,
    ``viewer`` the only seat whose hand is on screen (or -1), ``curtain`` the seat waiting
    behind the privacy curtain (or -1); ``final`` is the round just finished, (its number, its
    last position), while its round-end dialog is up; ``clock`` the hot-seat timer."""

    bottom: int
    viewer: int
    curtain: int = -1
    clock: tuple[int, int] | None = None
    final: tuple[int, RoundState] | None = None


@dataclass(frozen=True)
class Sizes:
    """What the drawn widgets measured: each seat panel's outer width, the recent lines' width
    and the board's arrow for each end (words naming an end show the same arrow)."""

    seats: tuple[int, ...] = ()
    recent: int = 26
    arrows: tuple[str, ...] = END_ARROWS


@dataclass(frozen=True)
class Lesson:
    """A lesson's table (``domino learn``): the board styled for the lesson's longest line, its
    own empty-board words, and the prompt on a step that only explains (``None``: the usual)."""

    worst: int
    empty_text: str
    prompt: str | None = None


@dataclass(frozen=True)
class HandView:
    title: str  # the border title, markup-free
    turn: bool  # the player at the keyboard is to move (or waits behind the curtain)
    state: HandState


@dataclass(frozen=True)
class TableView:
    """Each widget's slice of the table; two views are equal when the table looks the same."""

    seats: tuple[SeatInfo, ...]  # the other chairs, in turn order after the bottom one
    boneyard: tuple[str, str, str]  # title, count, round or carry-over
    chain: ChainState
    ends_title: str  # the board's border title: the open ends
    recent_title: str
    recent: str
    scores: Hashable  # what the score sheet shows (widgets/scores.py)
    legend: str = ""
    hand: HandView = HandView("", False, HandState())
    status: str = ""
    keys: frozenset[str] = frozenset()  # the footer's keys that come and go


def board_round(game: GameSession, seating: Seating) -> RoundState:
    """The round the table draws: the one just finished while its dialog is up, else the
    round in play."""
    if seating.final is not None:
        return seating.final[1]
    in_play: RoundState = game.match.round
    return in_play


def my_turn(game: GameSession, seating: Seating) -> bool:
    """The player whose hand is on screen is to move (never behind the curtain, never while the
    last round's position is shown)."""
    m = game.match
    if m.over or seating.final is not None:
        return False
    return not game.is_bot(m.turn) and m.turn == seating.viewer


def others(game: GameSession, bottom: int) -> list[int]:
    """Seats other than the one at the bottom, in turn order after it (K1.2)."""
    n = game.rules.players
    base = bottom if bottom >= 0 else n - 1
    return [(base + k) % n for k in range(1, n + 1) if (base + k) % n != bottom]


def offered_keys(game: GameSession, seating: Seating) -> frozenset[str]:
    """The footer keys that depend on the position: D while the базар has tiles, K only while
    knocking is the player's move (K3.3: never with a tile that fits), P while several doubles
    can go at once (G7, K3.4), C while a double can go closed."""
    legal = game.match.legal_actions() if my_turn(game, seating) else []
    keys = {"draw"} if game.match.round.boneyard else set()
    if KNOCK in legal:
        keys.add("knock")
    if several_moves(legal):
        keys.add("pair")
    if can_close(legal):
        keys.add("close")
    return frozenset(keys)


def turn_controller(
    game: GameSession,
    seating: Seating,
    turn: TurnState,
    lang: str,
    arrows: tuple[str, ...] = END_ARROWS,
) -> TurnController | None:
    """The keys' rules for the seat whose hand is on screen, from that seat's view only; None
    while no hand is shown. The board's ``arrows`` name the ends only while one is chosen."""
    viewer = seating.viewer
    if viewer < 0:
        return None
    name = game.name(viewer) if game.hotseat else ""
    chosen = arrows if turn.choosing >= 0 else END_ARROWS
    return TurnController(game.view(viewer), lang, my_turn(game, seating), name, chosen)


def ends_title(rnd: RoundState, lang: str) -> str:
    """The board's border title: the open ends, ``ends 3 · 5`` on a line, every arm's
    ``←3 →6 ↑5 ↓×`` on the cross."""
    if not rnd.placed:
        return ""
    if not isinstance(rnd, CrossState):
        return t("ends", lang, left=rnd.left, right=rnd.right)
    closed = 0
    for _, where, _ in rnd.placed:
        if where >= 0 and where & CLOSED:
            closed |= 1 << (where & 3)
    return t("tw.ends_cross", lang, ends=ends_text(rnd.open_ends(), closed))


def hidden_text(game: GameSession, seating: Seating, lang: str) -> str:
    """What the hand's place says while no hand may be shown."""
    if seating.curtain >= 0:
        return t("curtain", lang, name=game.name(seating.curtain))
    if game.hotseat:
        return t("hands_hidden", lang)
    if getattr(game, "watching", False):  # a spectator of a networked table (issue 25)
        return t("net.lobby_watching", lang)
    return t("waiting", lang, name="…")


def status_text(
    game: GameSession,
    seating: Seating,
    turn: TurnState,
    lang: str,
    arrows: tuple[str, ...] = END_ARROWS,
    prompt: str | None = None,
) -> str:
    """The status line: the hot-seat timer's seconds, then :func:`turn_text`."""
    text = turn_text(game, seating, turn, lang, arrows, prompt)
    if seating.clock is not None and not game.match.over:
        seat, left = seating.clock
        text = f"⏱ {t('timer', lang, name=game.name(seat), s=left)} · {text}"
    return text


def turn_text(
    game: GameSession,
    seating: Seating,
    turn: TurnState,
    lang: str,
    arrows: tuple[str, ...],
    prompt: str | None,
) -> str:
    """The status line's words, the timer aside, in their order of precedence: a lesson's
    prompt, the curtain, the final position, the turn's own words, the end, the question of
    an end or of several doubles, whose turn it is."""
    m = game.match
    if prompt is not None and not turn.message:
        return prompt
    if seating.curtain >= 0 and not m.over:  # behind the curtain: no notice about any hand
        return t("curtain_status", lang, name=game.name(seating.curtain))
    if seating.final is not None:
        return t("tw.final_position", lang, n=seating.final[0])
    if turn.message:
        return turn.message
    if m.over:
        return t("game_over", lang)
    controller = turn_controller(game, seating, turn, lang, arrows)
    if controller is not None and turn.choosing >= 0:
        return controller.choosing_words(turn, False)
    if controller is not None and turn.offer >= 0:
        return controller.offer_words(turn)
    if controller is None or not my_turn(game, seating):
        return t("waiting", lang, name=game.name(m.turn))
    return controller.to_player(controller.your_turn_words(turn))


def hand_view(
    game: GameSession, seating: Seating, turn: TurnState, lang: str, style: str
) -> HandView:
    """The viewer's hand: its tiles, the playable ones, the cursor, the tiles just drawn, or
    the words in its place while no hand may be shown."""
    rnd, viewer, mine = board_round(game, seating), seating.viewer, my_turn(game, seating)
    tiles = tuple(bits(rnd.hands[viewer])) if viewer >= 0 else ()
    if viewer >= 0 and game.hotseat:
        title = t("hand_named", lang, name=game.name(viewer), n=len(tiles))
    elif viewer >= 0:
        title = t("hand_of", lang, n=len(tiles)) + f" · {game.name(viewer)}"
    elif seating.curtain >= 0:
        title = f"🔒 {game.name(seating.curtain)}"
    else:
        title = ""
    state = HandState(
        tiles=tiles,
        playable=playable_tiles(game.match.legal_actions()) if mine else 0,
        selected=turn.selected if mine else -1,
        new=turn.new_tiles,
        hidden_text="" if viewer >= 0 else hidden_text(game, seating, lang),
        style=style,
        top=tile_set(game.rules.set_top).top,
    )
    return HandView(("▶ " if mine else "") + title, mine or seating.curtain >= 0, state)


def chain_state(
    game: GameSession,
    seating: Seating,
    turn: TurnState,
    lang: str,
    style: str,
    lesson: Lesson | None = None,
) -> ChainState:
    """The board: the line (or the cross), the last tile, the end being chosen."""
    rnd, m = board_round(game, seating), game.match
    number = seating.final[0] if seating.final is not None else m.number
    ts = tile_set(game.rules.set_top)
    cross = None
    if isinstance(rnd, CrossState):
        from .widgets.cross_view import cross_view  # only a cross game loads the cross board

        cross = cross_view(rnd)
    line = rnd.chain() if cross is None else []
    last = -1
    if rnd.placed and cross is None:
        last = 0 if rnd.placed[-1][1] == 0 else len(line) - 1
    if lesson is not None:
        empty, worst = lesson.empty_text, lesson.worst
    else:
        if rnd.turn == seating.viewer and not game.hotseat:
            empty = t("no_tiles_you", lang)
        else:
            empty = t("no_tiles_yet", lang, name=game.name(rnd.turn))
        worst = worst_line(ts.count, len(rnd.seats), game.rules.boneyard_reserve)
    return ChainState(
        line=tuple(line),
        last=last,
        choosing=turn.choose_side if turn.choosing >= 0 else -1,
        style=style,
        empty_text=empty,
        top=ts.top,
        lead=lead_index(rnd.placed),
        worst=worst,
        round_id=number,
        cross=cross,
        callout=board_callout(game, lang),
    )


def table_view(
    game: GameSession,
    turn: TurnState,
    seating: Seating,
    lang: str,
    *,
    style: str = "auto",
    sizes: Sizes = Sizes(),
    lesson: Lesson | None = None,
) -> TableView:
    """The whole table as ``seating``'s screen shows it, in ``lang``, tiles drawn in ``style``."""
    rnd, m = board_round(game, seating), game.match
    final = seating.final is not None
    number = seating.final[0] if seating.final is not None else m.number
    chairs = others(game, seating.bottom)
    widths = (*sizes.seats, *[99] * len(chairs))[: len(chairs)]
    seats = tuple(
        SeatInfo(
            title=fit_name(game.label(seat, lang), width - 7),
            count=rnd.hands[seat].bit_count(),
            last=last_action(game, rnd.history, seat, lang),
            turn=not m.over and not final and rnd.turn == seat,
            subtitle=t("partner", lang) if game.rules.partner_of(seating.bottom) == seat else "",
        )
        for seat, width in zip(chairs, widths, strict=True)
    )
    extra = t("carry_marker", lang, n=m.carry) if m.carry else t("round_n", lang, n=number)
    chain = chain_state(game, seating, turn, lang, style, lesson)
    players = [game.name(seat) for seat in range(game.rules.players)]
    ts = tile_set(game.rules.set_top)
    recent = recent_lines(rnd.history, players, ts, lang, sizes.recent, chain.cross is None)
    prompt = lesson.prompt if lesson is not None else None
    return TableView(
        seats=seats,
        boneyard=(t("boneyard", lang), f"▮ × {len(rnd.boneyard)}", extra),
        chain=chain,
        ends_title=ends_title(rnd, lang),
        recent_title=t("tw.recent_title", lang),
        recent="\n".join(recent),
        scores=sheet_key(game, lang),
        legend=legend_line(lang, game.rules),
        hand=hand_view(game, seating, turn, lang, style),
        status=status_text(game, seating, turn, lang, sizes.arrows, prompt),
        keys=offered_keys(game, seating),
    )
