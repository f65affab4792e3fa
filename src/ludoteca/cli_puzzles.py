"""`ludoteca puzzles GAME [FILE...]` (issue 56): an agent measured on positions with known best moves
(`ai/puzzles.py`), solved / total per theme with the seconds per puzzle; `--json` for scripts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from ludoteca.ai.agents import make_agent
from ludoteca.ai.puzzles import DEFAULT_AGENT, attempt, load_files, suite_path, summary
from ludoteca.cli_common import (
    USER_LANGUAGE,
    DataOpt,
    GameArg,
    JsonOpt,
    LangOpt,
    SeedOpt,
    choose_data,
    guarded,
    out,
    progress_bar,
)
from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import get_game
from ludoteca.terminal import Texts


@guarded
def puzzles(
    game_id: GameArg,
    files: Annotated[list[Path] | None, typer.Argument(metavar="FILE")] = None,
    agent: Annotated[str, typer.Option("--agent", metavar="SPEC")] = DEFAULT_AGENT,
    seed: SeedOpt = 0,
    verbose: Annotated[bool, typer.Option("--verbose", "-v")] = False,
    as_json: JsonOpt = False,
    data: DataOpt = None,
    lang: LangOpt = USER_LANGUAGE,
) -> None:
    """Solve a suite of puzzles and report solved / total, per theme, with the seconds per puzzle."""
    t = Texts(lang)
    choose_data(data, game_id)
    game = get_game(game_id)
    paths = list(files or [suite_path(game)])
    if not files and not paths[0].is_file():
        raise BadOptionError(t("puzzles.no_suite", game=game.id, path=str(paths[0])))
    make_agent(agent, game, 0, seed)  # a bad spec is refused before any puzzle is loaded
    suite = load_files(paths, game)
    bar = progress_bar(t("puzzles.progress", game=game.id), disable=as_json)
    attempts = []
    with bar:
        task = bar.add_task("", total=len(suite))
        for puzzle in suite:
            attempts.append(attempt(puzzle, agent, seed))
            bar.advance(task)
    report = {"game": game.id, **summary(attempts, agent, lang)}
    if as_json:
        typer.echo(json.dumps(report, ensure_ascii=False))
        return
    print_report(report, t, verbose)


def print_report(report: dict[str, Any], t: Texts, verbose: bool) -> None:
    """The themes' table, then, with `verbose`, every puzzle: the move played, the answers and why."""
    console = out()
    title = t(
        "puzzles.title",
        **{k: report[k] for k in ("game", "solved", "total", "agent")},
        seconds=f"{report['seconds_per_puzzle']:.2f}",
    )
    themes = Table(t("puzzles.theme"), t("puzzles.solved"), "%", t("puzzles.seconds"), title=title)
    for theme, entry in report["themes"].items():
        share = f"{entry['solved'] / entry['total']:.0%}"
        themes.add_row(
            theme, f"{entry['solved']}/{entry['total']}", share, f"{entry['seconds_per_puzzle']:.2f}"
        )
    console.print(themes)
    if not verbose:
        return
    for p in report["puzzles"]:
        verdict = "ok" if p["solved"] else "blunder" if p["blunder"] else "wrong"
        style = "green" if p["solved"] else "red"
        played = f"{p['played']} (plan:{p['plan']})" if p["plan"] else p["played"]
        line = f"{p['id']} ({p['theme']}): {t('puzzles.' + verdict)} — {t('puzzles.played')} {played}"
        console.print(Text(f"{line}; {t('puzzles.answers')} {', '.join(p['answers'])}", style))
        console.print(Text(f"  {p['why']}", "dim"))
