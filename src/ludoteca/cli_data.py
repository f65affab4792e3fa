"""`ludoteca data export` and `ludoteca data check` (DESIGN §6, §9): an owner's copy of a game's data,
exported with its provenance, edited with the values printed on their copy, and checked before play."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from ludoteca.cli_common import USER_LANGUAGE, GameArg, LangOpt, guarded, out
from ludoteca.core import data_check, provenance
from ludoteca.core.data import digest
from ludoteca.core.data_check import TRIAL_GAMES
from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import get_game
from ludoteca.terminal import Texts

data_app = typer.Typer(no_args_is_help=True)
DirArg = Annotated[Path, typer.Argument(metavar="DIR")]


@data_app.callback()
def data_group(lang: LangOpt = USER_LANGUAGE) -> None:
    """``ludoteca data --lang en …``: accepted as by the root (`cli.root`)."""


def kind_name(kind: str, t: Texts) -> str:
    """A kind of source of component data (`core.provenance`), or of exported file, in `t`'s language."""
    text = t(f"kind.{kind}")
    return kind if text == f"cli.kind.{kind}" else text  # a kind of a game's own: its name


@data_app.command("export")
@guarded
def data_export(game_id: GameArg, folder: DirArg, lang: LangOpt = USER_LANGUAGE) -> None:
    """Write the game's data files (printed and reconstructed) with a manifest of their provenance."""
    t = Texts(lang)
    game = get_game(game_id)
    console = out()
    for path in data_check.export(game.id, game.data_dir(), folder):
        counts = data_check.file_provenance(path)
        kinds = ", ".join(
            f"{kind_name(kind, t)} {counts[kind]}" for kind in provenance.KINDS if kind in counts
        )
        console.print(Text(f"  {path.name}  ({kind_name(data_check.file_kind(path.name), t)}: {kinds})"))
    console.print(Text(t("data.exported", game=game.id, folder=str(folder))))


@data_app.command("check")
@guarded
def data_check_command(game_id: GameArg, folder: DirArg, lang: LangOpt = USER_LANGUAGE) -> None:
    """Validate an edited copy of the game's data: TOML, the shipped tables, fields and types, every
    constraint of the rulebook the game's loader checks, then the set-up and three random games with every
    invariant checked. Exit status 1 if anything is wrong."""
    t = Texts(lang)
    get_game(game_id)  # an unknown game is named as such
    if not folder.is_dir():
        raise BadOptionError(t("data.no_folder", folder=str(folder)))
    console = out()
    console.print(Text(t("data.checking", game=game_id, folder=str(folder), games=TRIAL_GAMES), "dim"))
    errors = data_check.check(game_id, folder, t.lang)
    for error in errors:
        console.print(Text(f"  {error}", style="red"))
    if errors:
        console.print(Text(t("data.refused", count=len(errors), folder=str(folder)), style="bold red"))
        raise typer.Exit(1)
    checked = t("data.checked", game=game_id, folder=str(folder), digest=digest(folder), games=TRIAL_GAMES)
    console.print(Text(checked, "green"))
