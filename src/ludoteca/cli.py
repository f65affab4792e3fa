"""The `ludoteca` command (DESIGN §9): list, info, play, selfplay (`cli_selfplay`), fuzz, bench, replay,
serve, `train` (`cli_train`), `puzzles` (`cli_puzzles`) and `data` (export, check: `cli_data`); what the
commands share is in `cli_common`.

Any `LudotecaError` (unknown game, bad option, illegal action, bad record) prints one line and exits
with status 2. Texts come from the ``[cli]`` message tables; ``--lang`` (or ``LUDOTECA_LANG``, or the
locale) picks the one language of everything an invocation prints, its help included (`cli_lang`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from ludoteca.ai.agents import HUMAN, agent_kinds, make_agent
from ludoteca.cli_common import (
    USER_LANGUAGE,
    DataOpt,
    GameArg,
    JobsOpt,
    JsonOpt,
    LangOpt,
    OptionsOpt,
    SeedOpt,
    choose_data,
    chunked,
    err,
    guarded,
    out,
    outcome_line,
    parallel,
    parse_pairs,
    progress_bar,
)
from ludoteca.cli_data import data_app, kind_name
from ludoteca.cli_lang import LocalizedGroup
from ludoteca.cli_puzzles import puzzles
from ludoteca.cli_selfplay import selfplay
from ludoteca.cli_train import train
from ludoteca.core import provenance
from ludoteca.core.bench import run_bench
from ludoteca.core.data import is_shipped, use_data
from ludoteca.core.errors import BadOptionError, RecordError
from ludoteca.core.fuzz import FuzzReport, run_fuzz
from ludoteca.core.game import Game, all_games, get_game
from ludoteca.core.match import Match
from ludoteca.core.options import OptionSpec
from ludoteca.core.record import load_record, replay_record
from ludoteca.terminal import Session, Texts

app = typer.Typer(
    cls=LocalizedGroup, add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False
)
"""The command; its help, like everything an invocation prints, in one language (`cli_lang`)."""


# ------------------------------------------------------------------------------------------ commands
@app.callback()
def root(lang: LangOpt = USER_LANGUAGE) -> None:
    """``ludoteca --lang en …``: the language is read off the command line before it is parsed
    (`cli_lang.invocation_language`); this only lets the root accept it."""


@app.command("list")
@guarded
def list_games(lang: LangOpt = USER_LANGUAGE) -> None:
    """One line per game: id, title, players, options."""
    t = Texts(lang)
    for game in all_games():
        players = ",".join(map(str, game.player_counts))
        options = "; ".join(option_line(spec, t) for spec in game.options) or t("none")
        typer.echo(f"{game.id}\t{game.title}\t{t('players')} {players}\t{t('options')} {options}")


@app.command()
@guarded
def info(game_id: GameArg, data: DataOpt = None, lang: LangOpt = USER_LANGUAGE) -> None:
    """Title, rulebook, roles, options, action space, agents, and the provenance of the data in use."""
    t = Texts(lang)
    choose_data(data, game_id)
    game = get_game(game_id)
    console = out()
    table = Table(show_header=False, show_edge=False, pad_edge=False, box=None)
    table.add_row(t("info.title"), f"{game.title} ({game.id})")
    table.add_row(t("info.rulebook"), game.rulebook)
    table.add_row(t("info.roles"), ", ".join(game.roles))
    table.add_row(t("players"), ", ".join(map(str, game.player_counts)))
    table.add_row(t("info.actions"), str(game.num_distinct_actions))
    table.add_row(t("info.agents"), ", ".join([*sorted(agent_kinds(game)), HUMAN]))
    if game.planner is not None:  # issue 56: ismcts weighs the game's plans; plans=0 the actions
        table.add_row(t("info.plans"), t("info.plans_on"))
    console.print(table)
    console.print(Text(t("options"), style="bold"))
    if not game.options:
        console.print(Text(f"  {t('none')}"))
    for spec in game.options:
        console.print(Text(f"  {option_line(spec, t)}  — {game.catalog.text(spec.help_key, lang)}"))
    console.print(Text(t("info.provenance"), style="bold"))
    console.print(Text(f"  {provenance_line(game, t)}"))
    where = "info.data_shipped" if is_shipped(game.id) else "info.data_owner"
    console.print(Text(f"  {t(where, folder=str(game.data_dir()), digest=game.data_digest())}"))


def option_line(spec: OptionSpec, t: Texts) -> str:
    """``level=0|1|2 (por defecto 0)``: an option, its values and its default in the user's language."""
    return f"{spec.name}={spec.allowed()} ({t('default_is', value=spec.default)})"


def provenance_line(game: Game, t: Texts) -> str:
    """E.g. ``rulebook: 12 (10%), public: 80 (72%), reconstructed: 19 (17%)`` (DESIGN §6)."""
    counts = game.data_provenance()
    total = sum(counts.values())
    if not total:
        return t("info.no_data")
    order = {kind: i for i, kind in enumerate(provenance.KINDS)}
    kinds = sorted(counts, key=lambda kind: (order.get(kind, len(order)), kind))
    return ", ".join(f"{kind_name(kind, t)}: {counts[kind]} ({counts[kind] / total:.0%})" for kind in kinds)


@app.command()
@guarded
def play(
    game_id: GameArg,
    as_role: Annotated[str | None, typer.Option("--as", metavar="ROLE")] = None,
    ai: Annotated[list[str] | None, typer.Option("--ai", metavar="ROLE=SPEC")] = None,
    option: OptionsOpt = None,
    seed: Annotated[int | None, typer.Option("--seed")] = None,
    lang: LangOpt = USER_LANGUAGE,
    record: Annotated[Path | None, typer.Option("--record", metavar="FILE")] = None,
    compact: Annotated[bool, typer.Option("--compact")] = False,
    data: DataOpt = None,
    chance: Annotated[
        str,
        typer.Option("--chance", metavar="SOURCE"),
    ] = "sample",
    resume: Annotated[Path | None, typer.Option("--resume", metavar="FILE")] = None,
) -> None:
    """Play in the terminal. Roles not given to --ai are human, unless --as names the only human. With
    `--chance table` (companion mode) the dice and cards of the physical game give every chance outcome."""
    t = Texts(lang)
    if chance not in ("sample", "table"):
        raise BadOptionError(t("chance_source", source=chance))
    saved = load_record(resume) if resume is not None else None
    if saved is not None and saved.get("game") != game_id:
        raise BadOptionError(t("resume_game", path=str(resume), game=str(saved.get("game")), wanted=game_id))
    choose_data(data, game_id)
    game = get_game(game_id)
    specs = {game.role_index(role): spec for role, spec in parse_pairs(ai, "--ai", t).items()}
    roles = range(game.num_players)
    if as_role is not None:
        human = game.role_index(as_role)
        if specs.get(human, HUMAN) != HUMAN:
            raise BadOptionError(t("as_and_ai", role=game.roles[human]))
        specs = {r: specs.get(r, "random") for r in roles if r != human}
    humans = {r for r in roles if specs.get(r, HUMAN) == HUMAN}
    if saved is not None:
        match = replay_record(saved)
        match.chance = chance if chance != "sample" else match.chance
    else:
        match = Match(game, parse_pairs(option, "--option", t), seed, chance)
    agents = {r: make_agent(spec, game, r, match.seed) for r, spec in specs.items() if r not in humans}
    if record is not None and not record.parent.is_dir():  # say so now, not after the whole game
        raise BadOptionError(t("record_dir", path=str(record)))
    if not Session(match, humans, agents, lang, out(soft_wrap=False), record, compact).run():
        raise typer.Exit(2)


app.command("selfplay")(selfplay)


def fuzz_chunk(game_id: str, seeds: list[int], options: dict[str, str], failure_dir: Path) -> FuzzReport:
    """`run_fuzz` on a run of consecutive seeds; the unit of work sent to a worker process."""
    return run_fuzz(get_game(game_id), len(seeds), seeds[0], options, failure_dir)


def merge_reports(reports: Sequence[FuzzReport]) -> FuzzReport:
    """One report for runs that split the seeds between them."""
    merged = FuzzReport(reports[0].game, reports[0].options)
    for report in reports:
        merged.games += report.games
        merged.actions += report.actions
        merged.longest = max(merged.longest, report.longest)
        merged.failures += report.failures
        for outcome, count in report.outcomes.items():
            merged.outcomes[outcome] = merged.outcomes.get(outcome, 0) + count
    merged.failures.sort(key=lambda f: int(f["seed"]))
    return merged


@app.command()
@guarded
def fuzz(
    game_id: GameArg,
    games: Annotated[int, typer.Option("--games", min=1)] = 100,
    seed: SeedOpt = 0,
    option: OptionsOpt = None,
    jobs: JobsOpt = 1,
    failures: Annotated[Path, typer.Option("--failures", metavar="DIR")] = Path("fuzz-failures"),
    data: DataOpt = None,
    lang: LangOpt = USER_LANGUAGE,
) -> None:
    """Random games with every invariant checked; exit status 1 on any failure."""
    t = Texts(lang)
    choose_data(data, game_id)
    game = get_game(game_id)
    options = game.parse_options(parse_pairs(option, "--option", t))
    bar = progress_bar(t("fuzz.progress", game=game.id), disable=False)
    if jobs == 1:
        with bar:
            task = bar.add_task("", total=games)
            report = run_fuzz(game, games, seed, options, failures, lambda n: bar.update(task, completed=n))
    else:
        parts: list[FuzzReport] = []
        chunks = [(game.id, seeds, options, failures) for seeds in chunked(seed, games, jobs)]
        with parallel(jobs, fuzz_chunk, chunks) as finished, bar:
            task = bar.add_task("", total=games)
            for _, part in finished:
                parts.append(part)
                bar.advance(task, part.games)
        report = merge_reports(parts)
    console = out()
    counts = {"games": report.games, "actions": report.actions, "longest": report.longest}
    console.print(Text(t("fuzz.summary", game=game.id, **counts)))
    for outcome, count in sorted(report.outcomes.items()):
        console.print(Text(outcome_line(game.id, outcome, count, t)))
    if not report.failures:
        console.print(Text(t("fuzz.passed"), style="green"))
        return
    count = len(report.failures)
    failed = t("fuzz.failed", count=count)
    console.print(Text(failed, style="bold red"))
    for failure in report.failures:
        where = failure.get("record", "-")
        console.print(Text(t("fuzz.failure", seed=failure["seed"], error=failure["error"], record=where)))
    raise typer.Exit(1)


@app.command()
@guarded
def bench(
    game_id: GameArg,
    seconds: Annotated[float, typer.Option("--seconds", min=0.0)] = 5.0,
    option: OptionsOpt = None,
    seed: SeedOpt = 0,
    as_json: JsonOpt = False,
    data: DataOpt = None,
    lang: LangOpt = USER_LANGUAGE,
) -> None:
    """Random playouts: actions/s, games/s, and µs per clone, view and legal_actions."""
    t = Texts(lang)
    choose_data(data, game_id)
    game = get_game(game_id)
    options = parse_pairs(option, "--option", t)
    if not as_json:
        err().print(Text(t("bench.running", game=game.id, seconds=seconds)))
    report = run_bench(game, seconds, options, seed).as_dict()
    if as_json:
        typer.echo(json.dumps(report, ensure_ascii=False))
        return
    table = Table(show_header=False, title=t("bench.title", game=game.id), box=None)
    table.add_row(t("bench.actions_per_s"), f"{report['actions_per_s']:,.0f}")
    table.add_row(t("bench.games_per_s"), f"{report['games_per_s']:,.2f}")
    table.add_row(t("bench.clone_us"), f"{report['clone_us']:,.1f}")
    table.add_row(t("bench.view_us"), f"{report['view_us']:,.1f}")
    table.add_row(t("bench.first_view_us"), f"{report['first_view_us']:,.1f}")
    table.add_row(t("bench.legal_us"), f"{report['legal_actions_us']:,.2f}")
    table.add_row(t("bench.played", games=report["games"], actions=report["actions"]), "")
    machine = report["machine"]
    table.add_row(
        t("bench.machine"),
        f"{machine['platform']}, {machine['processor']}, {machine['python']}, "
        + t("bench.cpus", cpus=machine["cpus"]),
    )
    out().print(table)


@app.command()
@guarded
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE")],
    verify: Annotated[bool, typer.Option("--verify")] = False,
    log: Annotated[bool, typer.Option("--log")] = False,
    data: DataOpt = None,
    lang: LangOpt = USER_LANGUAGE,
) -> None:
    """Replay a record: number of actions, final digest, result; with --log, the game's log line by line
    (a record holds everything, so secret lines are shown too, marked with the roles that saw them). A
    record made with an owner's data (its `data_digest`) replays only with that data (--data)."""
    t = Texts(lang)
    record = load_record(file)
    choose_data(data, str(record.get("game")))
    match = replay_record(record, verify=verify)
    if verify and "result" in record and record["result"] != match.state.result("en"):
        raise RecordError(t("replay.result_differs"))
    console = out()
    if log:
        game = match.game
        for key, params, visible, rule in match.state.logs:
            line = Text(game.catalog.text(key, lang, params))
            if visible is not None:
                line = (
                    Text(t("replay.only", roles=", ".join(game.roles[r] for r in visible)) + " ", "dim")
                    + line
                )
            console.print(line + Text(f"  § {rule}" if rule else "", "dim"))
    console.print(Text(t("replay.actions", game=match.game.id, count=len(match.history))))
    console.print(Text(t("replay.digest", digest=match.state.digest())))
    result = match.state.result(lang)
    console.print(Text(result["text"] if result else t("replay.unfinished")))
    if verify:
        checked = "replay.verified" if "digests" in record else "replay.verified_actors"
        console.print(Text(t(checked), style="green"))


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port")] = 8000,
    db: Annotated[str, typer.Option("--db")] = "sqlite:///ludoteca.db",
    ai_delay: Annotated[float, typer.Option("--ai-delay")] = 0.3,
    ai_ceiling: Annotated[str, typer.Option("--ai-ceiling")] = "hard",
    ai_workers: Annotated[int | None, typer.Option("--ai-workers", min=1)] = None,
    origin: Annotated[list[str] | None, typer.Option("--origin")] = None,
    data: Annotated[list[Path] | None, typer.Option("--data", metavar="DIR")] = None,
    workers: Annotated[int, typer.Option("--workers", min=1)] = 1,
    lang: LangOpt = USER_LANGUAGE,
) -> None:
    """Serve the web platform: lobby, boards, live games (needs the `web` extra). SECURITY.md says what
    it promises and the limits it keeps; several workers (or machines) share one PostgreSQL database."""
    import os

    import uvicorn

    from ludoteca.server import create_app
    from ludoteca.server.limits import CEILINGS

    # Views are small and sent often: compressing each one costs more than it saves on a LAN.
    from ludoteca.server.routes.live import MAX_MESSAGE
    from ludoteca.server.thinkers import DEFAULT_WORKERS
    from ludoteca.server.workers import ENVIRONMENT, WorkersError, check_shared, settings_for, tune_collector

    t = Texts(lang)
    if ai_ceiling not in CEILINGS:
        raise typer.BadParameter(t("serve.ceiling", levels=", ".join(CEILINGS), value=ai_ceiling))
    try:
        check_shared(db, workers)
    except WorkersError:
        raise typer.BadParameter(t("serve.workers_db", workers=workers)) from None
    url = f"http://{host}:{port}"
    settings = {  # each worker's AI processes: the cores but one, shared out among the workers
        "ai_delay": ai_delay,
        "ai_ceiling": ai_ceiling,
        "ai_workers": ai_workers or max(1, DEFAULT_WORKERS // workers),
        "origins": tuple(origin or ()),
    }
    served: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "ws_per_message_deflate": False,
        "ws_max_size": 64 * MAX_MESSAGE,  # larger frames close the connection before they are read whole
        "timeout_graceful_shutdown": 5,  # SIGTERM: open connections get 5 s, then the server stops
    }
    if workers > 1:  # uvicorn starts (and restarts) the processes; each builds its app from ENVIRONMENT
        os.environ[ENVIRONMENT] = settings_for(db, list(data or ()), **settings)
        typer.echo(t("serving", url=url))
        uvicorn.run("ludoteca.server.workers:app_from_environment", factory=True, workers=workers, **served)
        return
    for folder in data or ():
        use_data(folder)
    app = create_app(db, on_ready=lambda: typer.echo(t("serving", url=url)), **settings)  # type: ignore[arg-type]
    tune_collector()
    uvicorn.run(app, **served)


app.command("train")(train)
app.command("puzzles")(puzzles)
app.add_typer(data_app, name="data")


def main() -> None:
    """The console entry point."""
    app(prog_name="ludoteca")


if __name__ == "__main__":
    main()
