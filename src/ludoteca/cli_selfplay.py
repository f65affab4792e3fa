"""`ludoteca selfplay GAME` (DESIGN §8–§10): the arena, agents playing each other over the seats, its games
spread over processes (`--jobs`) or a Ray cluster (`ai/cluster.py`), kept as records (`--records`) and,
where an earlier run stopped, read back from them (`--resume`); the tables of the summary
(`ai/selfplay.py`)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from ludoteca.ai.agents import make_agent
from ludoteca.ai.cluster import TASKS_PER_CPU, arena_task, ray_map, ray_runtime
from ludoteca.ai.selfplay import play_games, record_name, recorded, seatings, summarize
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
from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import get_game
from ludoteca.core.options import Options
from ludoteca.core.record import save_record
from ludoteca.terminal import Texts


@guarded
def selfplay(
    game_id: GameArg,
    agents: Annotated[str | None, typer.Option("--agents", metavar="SPEC[,SPEC...]")] = None,
    seat: Annotated[list[str] | None, typer.Option("--seat", metavar="ROLE=SPEC")] = None,
    games: Annotated[int, typer.Option("--games", min=1)] = 100,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    option: OptionsOpt = None,
    records: Annotated[Path | None, typer.Option("--records", metavar="DIR")] = None,
    resume: Annotated[bool, typer.Option("--resume")] = False,
    as_json: JsonOpt = False,
    data: DataOpt = None,
    ray: Annotated[bool, typer.Option("--ray")] = False,
    ray_address: Annotated[
        str | None,
        typer.Option("--ray-address", metavar="ADDRESS"),
    ] = None,
    lang: LangOpt = USER_LANGUAGE,
) -> None:
    """The arena: agents play each other, rotating over the seats; win rates with 95% intervals."""
    t = Texts(lang)
    choose_data(data, game_id)
    game = get_game(game_id)
    options = game.parse_options(parse_pairs(option, "--option", t))
    pinned = {game.role_index(role): spec for role, spec in parse_pairs(seat, "--seat", t).items()}
    specs = [s.strip() for s in agents.split(",")] if agents else []
    in_play = game.roles_in_play(options)
    free = len([r for r in in_play if r not in pinned])
    if bool(specs) != bool(free):
        raise BadOptionError(t("agents_seats" if free else "agents_unseated", roles=", ".join(game.roles)))
    for role, spec in [*pinned.items(), *((r, s) for r in range(game.num_players) for s in specs)]:
        make_agent(spec, game, role, seed)
    if resume and records is None:
        raise BadOptionError(t("resume_records"))
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    seated = list(
        zip(range(seed, seed + games), seatings(game.num_players, specs, pinned, games, in_play), strict=True)
    )
    done: list[dict[str, Any]] = []
    if resume and records is not None:
        kept = {s: recorded(game, options, s, seating, records) for s, seating in seated}
        done = [result for result in kept.values() if result is not None]
        seated = [(s, seating) for s, seating in seated if kept[s] is None]
        if not as_json:
            err().print(Text(t("selfplay.resumed", read=len(done), left=len(seated), folder=str(records))))
    chunks = [
        (game.id, options, [seated[i] for i in part], records) for part in chunked(0, len(seated), jobs)
    ]
    parts: list[list[dict[str, Any]]] = [[] for _ in chunks]
    bar = progress_bar(t("selfplay.progress", game=game.id), disable=as_json)
    if (ray or ray_address) and seated:
        parts = arena_on_ray(ray_address, game.id, options, seated, records, data, bar)
    elif jobs == 1:
        with bar:
            task = bar.add_task("", total=len(seated))
            for i, chunk in enumerate(chunks):
                parts[i] = play_games(*chunk)
                bar.advance(task, len(parts[i]))
    else:
        with parallel(jobs, play_games, chunks) as finished, bar:
            task = bar.add_task("", total=len(seated))
            for i, part in finished:
                parts[i] = part
                bar.advance(task, len(part))
    names = {game.roles[r]: spec for r, spec in sorted(pinned.items())}
    played = sorted([*done, *(r for part in parts for r in part)], key=lambda r: int(r["seed"]))
    summary = summarize(game, options, specs, names, seed, played)
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    print_arena(summary, t)


def arena_on_ray(
    address: str | None,
    game_id: str,
    options: Options,
    seated: list[tuple[int, list[str]]],
    records: Path | None,
    data: Path | None,
    bar: Progress,
) -> list[list[dict[str, Any]]]:
    """The arena's games as Ray tasks (`ai/cluster.py`), a few a task; the records they send back are
    written to `records` here."""
    with ray_runtime(address) as cpus:
        size = math.ceil(len(seated) / (cpus * TASKS_PER_CPU))
        pieces = [seated[i : i + size] for i in range(0, len(seated), size)]  # in seed order, as --jobs
        parts: list[list[dict[str, Any]]] = [[] for _ in pieces]
        with bar:
            progress = bar.add_task("", total=len(seated))
            chunks = [(game_id, options, piece, records is not None, data) for piece in pieces]
            for i, part in ray_map(arena_task, chunks):
                for result in part:
                    record = result.pop("record", None)
                    if records is not None:
                        save_record(record, records / record_name(game_id, result["seed"]))
                parts[i] = part
                bar.advance(progress, len(part))
    return parts


def print_arena(summary: dict[str, Any], t: Texts) -> None:
    """The arena's tables: each role, then each agent (overall and at each role), outcomes, lengths."""
    console = out()

    def cells(entry: dict[str, Any]) -> list[str]:
        low, high = entry["ci95"]
        return [str(entry["games"]), str(entry["wins"]), f"{entry['win_rate']:.1%}", f"{low:.1%}–{high:.1%}"]

    roles = Table(
        t("col.role"), t("col.games"), t("col.wins"), "%", t("col.ci95"), title=t("selfplay.title", **summary)
    )
    for role, entry in summary["roles"].items():
        roles.add_row(role, *cells(entry))
    console.print(roles)
    columns = ("agent", "role", "games", "wins", "%", "ci95", "think", "speed")
    table = Table(*(t(f"col.{c}") if c != "%" else c for c in columns))
    table.columns[0].overflow = "fold"  # a long spec wraps rather than being cut
    for spec, entry in summary["by_agent"].items():
        think, speed = f"{entry['seconds_per_decision']:.4f}", f"{entry['iterations_per_s'] or ''}"
        table.add_row(Text(spec), t("col.all_roles"), *cells(entry), think, speed)
        for role, at_role in entry["roles"].items():
            table.add_row("", role, *cells(at_role), "", "")
    console.print(table)
    for outcome, count in summary["outcomes"].items():
        console.print(Text(outcome_line(summary["game"], outcome, count, t)))
    console.print(Text(t("selfplay.length", **summary["length"])))
