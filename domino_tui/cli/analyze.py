"""``domino analyze``: every decision of a finished match reviewed, the mistakes named, and a
summary per player (error rate, labels, luck, rating), like GNU Backgammon's analysis.

The review (:mod:`domino_tui.coach.report`) judges each decision from the deciding seat's view
only, in the variant's own points; it is kept next to the record (:mod:`domino_tui.coach.cache`)
so a second look is instant. ``--json`` prints the same facts for scripts, without words.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from ..text import clean
from .options import LangOption
from .words import cli_lang, count, say

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ..coach.report import Review, Summary
    from ..storage.archive import LoadedRecord

JSON_VERSION = 2  # 2: the luck's parts, the result and the residual (result = luck - loss)
# playouts per decision: the review's (coach.review.REVIEW_BUDGET), repeated for a light --help
BUDGET = 4000
BUDGETS = (50, 100_000)  # the least and the most --budget


def _fail(message: object) -> NoReturn:
    typer.echo(f"domino: {clean(message)}", err=True)
    raise typer.Exit(2)


def chosen_seats(loaded: LoadedRecord, name: str | None, lang: str) -> tuple[int, ...]:
    """The seat named ``name``; by default the human seats (every seat when none is human)."""
    names = [seat.name for seat in loaded.seats]
    if name is not None:
        wanted = clean(name.strip(), 80)
        found = tuple(i for i, n in enumerate(names) if n == wanted)
        if not found:
            listed = ", ".join(names)
            _fail(say("cli.an_no_seat", lang, name=repr(wanted), names=listed))
        return found[:1]
    from ..coach.seats import default_seats

    return default_seats(loaded.seats)


def load_saved(wanted: str | None, lang: str) -> LoadedRecord:
    """An unfinished game (its id or a unique prefix, as ``domino resume --list`` shows; the
    newest by default), read only: reviewing it moves, finishes or locks nothing."""
    from ..engine.record import make_record
    from ..play.saving import Saves
    from ..storage.archive import LoadedRecord
    from ..storage.saves import SaveError, peek_game
    from .saves import pick

    saves = Saves()
    infos = saves.listing(strict=True)  # a folder that cannot be read is said, not "no games"
    if wanted is None:
        if not infos:
            _fail(say("cli.no_save", lang))
        info = infos[0]
    else:
        info = pick(saves, wanted, lang)
    try:
        game = peek_game(info.path, info.game_id)
    except SaveError as err:
        _fail(err)
    seats = game.meta.seats
    record = make_record(game.match, [seat.to_dict() for seat in seats], game.meta.preset)
    return LoadedRecord(info.path, record, game.match, tuple(seats))


def run_review(
    loaded: LoadedRecord,
    seats: tuple[int, ...],
    budget: int,
    bar: str,
    seed: int = 0,
    *,
    keep: bool = True,
    note: str = "",
) -> Review:
    """The kept review, or a fresh one, then kept (``keep``: a finished match's record; a game
    still being played changes with every move, so its review is not kept); ``bar``: the words
    of a progress bar on stderr while it runs ("" for none); ``note``: the line said on stderr
    when a kept review was there but not valid (so a long wait is explained). Two cores review
    in two processes."""
    from ..coach import report
    from ..coach.cache import reviewed
    from ..coach.review import default_workers

    digest = str(loaded.record.get("digest", ""))
    workers = default_workers()

    def review(
        step: Callable[[int, int], None] | None, say_note: Callable[[str], None] = echo_err
    ) -> Review:
        if not keep:
            return report.analyze(
                loaded.match, seats, seed=seed, budget=budget, progress=step, workers=workers
            )
        return reviewed(
            loaded.path,
            digest,
            loaded.match,
            seats,
            seed=seed,
            budget=budget,
            progress=step,
            workers=workers,
            invalid=(lambda: say_note(note)) if note else None,
        )

    if not bar:
        return review(None)
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(bar, total=None)

        def step(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        def above_the_bar(line: str) -> None:
            progress.console.print(escape(clean(line)), highlight=False)

        return review(step, above_the_bar)


def echo_err(line: str) -> None:
    typer.echo(line, err=True)


def as_json(loaded: LoadedRecord, review: Review, summaries: list[Summary]) -> dict[str, Any]:
    """The review for scripts: no words, moves in the record's notation."""
    from ..engine.actions import format_action

    names = [clean(seat.name) for seat in loaded.seats]
    match = loaded.match
    return {
        "version": JSON_VERSION,
        "match": {
            "file": clean(loaded.path.name),
            "preset": clean(loaded.record.get("preset") or match.rules.variant, 40),
            "variant": match.rules.variant,
            "seed": match.seed,
            "rounds": len(match.actions),
            "players": names,
        },
        "seats": [
            {"seat": i, "name": names[i], "kind": loaded.seats[i].kind} for i in review.seats
        ],
        "decisions": [
            {
                "round": d.round,
                "index": d.index,
                "seat": d.seat,
                "played": format_action(d.played),
                "best": format_action(d.best),
                "loss": round(d.loss, 2),
                "error": round(d.error, 2),
                "label": clean(d.label, 20),
                "counted": d.counted,
                "reasons": [clean(r.kind, 40) for r in review.reasons.get((d.round, d.index), ())],
            }
            for d in review.decisions
        ],
        "summary": [
            {
                "seat": s.seat,
                "name": names[s.seat],
                "decisions": s.decisions,
                "counted": s.counted,
                "loss": round(s.loss, 2),
                "error_rate": round(s.error_rate, 2),
                "labels": s.labels,
                "luck": round(s.luck, 2),
                "luck_points": round(s.luck_points, 2),
                "luck_price": round(s.luck_price, 2),
                "luck_error": round(s.luck_error, 2),
                "result": round(s.result, 2),
                "result_price": round(s.result_price, 2),
                "residual": round(s.residual, 2),
                "residual_error": round(s.residual_error, 2),
                "rating": s.rating,
            }
            for s in summaries
        ],
    }


def _mistakes(loaded: LoadedRecord, review: Review, lang: str) -> list[str]:
    """Each decision that lost something, in words, under its round's heading."""
    from ..bots.explain import Advice
    from ..coach.review import positions
    from ..engine.view import seat_view
    from ..words.hints import move_words, reason_words

    names = [seat.name for seat in loaded.seats]
    lost = {(d.round, d.index): d for d in review.decisions if d.counted and d.loss > 0}
    lines: list[str] = []
    heading = 0
    for r, i, then, _code in positions(loaded.match):
        d = lost.get((r, i))
        if d is None:
            continue
        if r != heading:
            heading = r
            lines.append(say("cli.an_round", lang, n=r))
        view = seat_view(then, d.seat)
        advice = Advice(d.best, review.reasons.get((r, i), ()), (), "better")
        why = [reason_words(x, advice, view, names, lang) for x in advice.reasons]
        label = say(f"cli.an_label_{d.label}", lang) if d.label else say("cli.an_small", lang)
        lines.append(
            say(
                "cli.an_decision",
                lang,
                name=names[d.seat],
                played=move_words(view, d.played, lang, noun=True),
                best=move_words(view, d.best, lang, noun=True),
                loss=f"{d.loss:.1f}",
                error=f"{d.error:.1f}",
                label=label,
            )
        )
        if why:
            lines.append("      " + say("cli.an_why", lang, reasons="; ".join(why)))
    return lines


def summary_table(loaded: LoadedRecord, summaries: list[Summary], lang: str) -> RenderableType:
    from rich import box
    from rich.markup import escape
    from rich.table import Table

    table = Table(
        title=say("cli.an_summary", lang), header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False
    )
    table.add_column(say("cli.col_player", lang))
    for key in ("counted", "rate", "inaccuracy", "mistake", "blunder", "luck"):
        table.add_column(say(f"cli.an_col_{key}", lang), justify="right", no_wrap=True)
    table.add_column(say("cli.an_col_rating", lang))
    for s in summaries:
        table.add_row(
            escape(clean(loaded.seats[s.seat].name)),
            str(s.counted),
            f"{s.error_rate:.2f}",
            *(str(s.labels[k]) for k in ("inaccuracy", "mistake", "blunder")),
            f"{s.luck_points:+.1f}",
            say(f"cli.an_rating_{s.rating}", lang) if s.rating else "—",
        )
    return table


def _verdicts(loaded: LoadedRecord, summaries: list[Summary], lang: str) -> list[str]:
    """Each player's figures in a coach's words: what the mistakes cost, the luck with its sign
    said in words (the goat's price apart), and how the two add up to the result."""
    lines: list[str] = []
    for s in summaries:
        name = loaded.seats[s.seat].name
        decisions = count(s.counted, "cli.an_n_decisions", lang)
        lines.append(
            say("cli.an_verdict", lang, name=name, loss=f"{s.loss:.1f}", decisions=decisions)
        )
        lines.extend(luck_words(s, lang))
    return lines


def luck_words(s: Summary, lang: str) -> list[str]:
    """ "Luck +12.0: the deals, the draws and the other players' moves were 12.0 points better
    for you than average.", the goat's price apart when it played a part, then the identity:
    result = luck - mistakes, give or take the estimate's stated error."""
    from ..coach.report import goat_counts, identity_figures
    from ..engine.variants.kozel import GOAT_PRICE

    luck = s.luck_points
    key = "cw.luck_even" if abs(luck) < 0.5 else "cw.luck_good" if luck > 0 else "cw.luck_bad"
    lines = [say(key, lang, luck=f"{luck:+.1f}", n=f"{abs(luck):.1f}")]
    goat = goat_counts(s)
    if goat:
        lines.append(
            say(
                "cw.goat",
                lang,
                price=f"{GOAT_PRICE:.0f}",
                luck=f"{s.luck_price:+.1f}",
                result=f"{s.result_price:+.1f}",
            )
        )
    lines.append(say("cw.identity_goat" if goat else "cw.identity", lang, **identity_figures(s)))
    return lines


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""

    @app.command()
    def analyze(
        record: Annotated[
            str, typer.Argument(help="A record file, a name from `domino records`, or last.")
        ] = "last",
        seat: Annotated[
            str | None, typer.Option("--seat", help="Review this player (default: the humans).")
        ] = None,
        json_out: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
        saved: Annotated[
            bool,
            typer.Option(
                "--saved", help="Review an unfinished game: RECORD is its id (default: newest)."
            ),
        ] = False,
        budget: Annotated[
            int, typer.Option(help="Playouts per decision, 50 to 100000 (more: surer, slower).")
        ] = BUDGET,
        lang: LangOption = None,
    ) -> None:
        """Review every decision of a finished match: mistakes, error rate, luck, rating."""
        from rich.console import Console
        from rich.markup import escape

        from ..coach.report import summarize
        from ..engine.record import RecordError
        from ..storage.archive import load_record

        language = cli_lang(lang)
        least, most = BUDGETS
        if not least <= budget <= most:
            _fail(say("cli.an_budget", language, least=least, most=most, n=budget))
        if saved:
            loaded = load_saved(None if record == "last" else record, language)
        else:
            try:
                loaded = load_record(record)
            except RecordError as err:
                _fail(err)
        seats = chosen_seats(loaded, seat, language)
        bar = say("cli.an_progress", language) if not json_out and sys.stderr.isatty() else ""
        note = say("cli.an_kept_invalid", language)
        review = run_review(loaded, seats, budget, bar, keep=not saved, note=note)
        summaries = summarize(review)
        if json_out:
            typer.echo(json.dumps(as_json(loaded, review, summaries), ensure_ascii=False))
            return
        console = Console()
        lines = _mistakes(loaded, review, language) or [say("cli.an_no_mistakes", language)]
        for line in lines:
            console.print(escape(clean(line)), highlight=False)
        console.print(summary_table(loaded, summaries, language))
        for line in _verdicts(loaded, summaries, language):
            console.print(escape(clean(line)), highlight=False)
