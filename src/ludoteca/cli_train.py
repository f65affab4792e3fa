"""`ludoteca train GAME` (issue 27): a learned evaluation from self-play games (`ai/train.py`), written where
the game's search reads it, or to `--out`. Needs NumPy (the `rl` extra) to fit; playing with the weights
does not."""

from __future__ import annotations

import shlex
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from ludoteca.ai import train as trainer
from ludoteca.cli_common import (
    USER_LANGUAGE,
    DataOpt,
    GameArg,
    JobsOpt,
    LangOpt,
    OptionsOpt,
    SeedOpt,
    choose_data,
    err,
    guarded,
    out,
    parse_pairs,
)
from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import get_game
from ludoteca.core.learned import HAND
from ludoteca.core.state import State
from ludoteca.terminal import Texts


@guarded
def train(
    game_id: GameArg,
    games: Annotated[int, typer.Option("--games", min=1)] = 320,
    seed: SeedOpt = 3000,
    out_file: Annotated[Path | None, typer.Option("--out", metavar="PATH")] = None,
    option: OptionsOpt = None,
    agent: Annotated[str, typer.Option("--agent", metavar="SPEC")] = trainer.DEFAULT_AGENT,
    evaluation: Annotated[str, typer.Option("--evaluation", metavar="hand|FILE")] = HAND,
    l2: Annotated[float, typer.Option("--l2", min=0.0)] = (trainer.DEFAULT_L2),
    jobs: JobsOpt = 1,
    data: DataOpt = None,
    lang: LangOpt = USER_LANGUAGE,
) -> None:
    """Learn an evaluation from self-play: features of every position of the games (only what each role may
    know), labelled with who won, fitted by logistic regression; writes the weights (TOML)."""
    t = Texts(lang)
    choose_data(data, game_id)
    game = get_game(game_id)
    options = game.parse_options(parse_pairs(option, "--option", t))
    if evaluation != HAND and not Path(evaluation).is_file():
        raise BadOptionError(t("train.no_weights", path=evaluation))
    try:
        import numpy  # noqa: F401  (the fit needs it; say so before the games, not after)
    except ImportError:
        raise BadOptionError(t("train.numpy")) from None
    reads = type(game.new_initial_state(options)).evaluation_features is not State.evaluation_features
    if out_file is None and not reads:  # only a game with features of its own reads shipped weights
        raise BadOptionError(t("train.no_reader", game=game.id))
    target = out_file or game.learned_weights
    err().print(Text(t("train.playing", game=game.id, games=games, agent=agent)))

    def run(chunks: list[tuple[Any, ...]]) -> list[trainer.Positions]:
        if jobs == 1:
            return [trainer.play_for_positions(*chunk) for chunk in chunks]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(trainer.play_for_positions, *zip(*chunks, strict=True)))

    found, fitted = trainer.train(game, options, games, seed, agent, l2, evaluation, run)
    given = [f"--option={key}={value}" for key, value in parse_pairs(option, "--option", t).items()]
    command = ["ludoteca", "train", game.id, "--games", str(games), "--seed", str(seed), "--agent", agent]
    command += ["--evaluation", evaluation, "--l2", str(l2), *given]
    about = {
        "command": shlex.join(command),
        "seed": seed,
        "agent": agent,
        "evaluation": evaluation,
        "l2": l2,
        "options": options.as_strings(),
        "commit": trainer.commit(),
    }
    target.write_text(trainer.weights_file(game, found, fitted, about), "utf-8")
    out().print(
        Text(
            t(
                "train.wrote",
                path=str(target),
                positions=len(found.rows),
                games=found.games,
                wins=found.wins,
                log_loss=f"{fitted['log_loss']:.4f}",
            )
        )
    )
