"""What every `ludoteca` command shares (DESIGN §9): the user's language, the common arguments and
options, the one-line report of a `LudotecaError` (exit status 2, never a traceback), the consoles and
the progress bar, and the work spread over processes (fuzz, selfplay)."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from ludoteca.cli_lang import current, locale_language
from ludoteca.core.data import use_data
from ludoteca.core.errors import BadOptionError, LudotecaError
from ludoteca.core.game import get_game
from ludoteca.core.i18n import LANGUAGES
from ludoteca.terminal import Texts, core_catalog

GameArg = Annotated[str, typer.Argument(metavar="GAME")]


USER_LANGUAGE = locale_language()
"""The default of every ``--lang``; `cli_lang.localize` makes it the invocation's language."""
LangOpt = Annotated[str, typer.Option("--lang", metavar="es|en")]
OptionsOpt = Annotated[list[str] | None, typer.Option("--option", "-o", metavar="K=V")]
SeedOpt = Annotated[int, typer.Option("--seed")]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", min=1)]
JsonOpt = Annotated[bool, typer.Option("--json")]
DataOpt = Annotated[
    Path | None,
    typer.Option("--data", metavar="DIR"),
]

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")


def guarded(command: F) -> F:
    """Report a `LudotecaError` as one line on stderr and exit 2, never a traceback."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except LudotecaError as exc:
            lang = kwargs.get("lang")
            t = Texts(lang) if lang in LANGUAGES else current()
            Console(stderr=True, soft_wrap=True, highlight=False).print(
                Text(t("error", message=exc.localized(core_catalog(), t.lang)))
            )
            raise typer.Exit(2) from None

    return run  # type: ignore[return-value]


def outcome_line(game_id: str, outcome: str, count: int, t: Texts) -> str:
    """How many games ended with the rulebook's `outcome` (a message key), told in `t`'s language; the
    particulars of each game's ending (its points, its winner) are left as "…"."""
    template = get_game(game_id).catalog.text(outcome, t.lang)
    return t("outcome", count=count, outcome=re.sub(r"\{[^}]*\}", "…", template))


def choose_data(folder: Path | None, game_id: str | None = None) -> None:
    """Play with the data in `folder` (DESIGN §6, `core.data`): chosen before the game loads."""
    if folder is not None:
        use_data(folder, game_id)


def parse_pairs(items: Sequence[str] | None, flag: str, t: Texts) -> dict[str, str]:
    """``K=V`` entries as a dict; a malformed one raises `BadOptionError`."""
    pairs: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise BadOptionError(t("bad_pair", flag=flag, item=item))
        pairs[key.strip()] = value.strip()
    return pairs


def out(soft_wrap: bool = True) -> Console:
    """The standard output; lines are not wrapped unless asked, so scripts can read them."""
    return Console(highlight=False, soft_wrap=soft_wrap)


def err() -> Console:
    """Standard error: progress bars and notes that must not mix with the output."""
    return Console(stderr=True, highlight=False)


def progress_bar(label: str, disable: bool) -> Progress:
    """A progress bar on stderr."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err(),
        disable=disable,
    )


def chunked(first: int, count: int, jobs: int) -> list[list[int]]:
    """The seeds ``first .. first+count-1`` cut into about eight pieces per job."""
    size = max(1, math.ceil(count / (jobs * 8)))
    seeds = list(range(first, first + count))
    return [seeds[i : i + size] for i in range(0, count, size)]


@contextmanager
def parallel(
    jobs: int, work: Callable[..., R], chunks: Sequence[tuple[Any, ...]]
) -> Iterator[Iterator[tuple[int, R]]]:
    """Run ``work(*chunk)`` for every chunk in `jobs` processes; yields (index, result) as they finish.

    Every chunk is submitted before the caller starts its progress bar, so no worker is forked while
    the bar's thread runs."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures: dict[Future[R], int] = {pool.submit(work, *chunk): i for i, chunk in enumerate(chunks)}
        try:
            yield ((futures[f], f.result()) for f in as_completed(futures))
        finally:
            for future in futures:
                future.cancel()
