"""`ludoteca train GAME`: a learned evaluation from self-play (issue 27), written where the game's search
reads it (`Game.learned_weights`, `core.learned`).

1. **Self-play.** The agent (by default ``ismcts:level=normal``) plays `games` whole games, game ``i`` with
   seed ``seed + i`` (chance and agent seeded as in the arena), with the game's hand-written evaluation —
   or the weights `evaluation` names — so that the command gives the same data however many times it is
   rerun, whatever weights are shipped at the time.
2. **Positions.** Every unfinished position of those games (after each action, chance included: the
   positions the search evaluates are of both kinds) gives, for each role in play, its
   `State.evaluation_features(role)` and a label, whether that role won the game in the end.
3. **Fit.** A logistic regression of the label on the features, with an L2 penalty `l2` on the weights of
   the standardized features (not the intercept), by Newton's method (NumPy, needed only here).
4. **File.** The weights by feature name and the intercept, in raw feature units, with the command line,
   the seed, the options, the commit and the date, and the fit's figures (TOML: read with the standard
   library at play time).

The same seed, games, agent, options and penalty give the same weights (`--jobs` only splits the games;
the positions are gathered in seed order).
"""

from __future__ import annotations

import datetime
import json
import math
import os
import random
import subprocess
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.ai.agents import make_agent
from ludoteca.core import learned
from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import CHANCE, Game, get_game
from ludoteca.core.options import Options
from ludoteca.core.state import State

DEFAULT_AGENT = "ismcts:level=normal"
"""The self-play agent: the search at the level whose positions it will evaluate (for Maquis, weights
learned from `level=easy` games won less: docs/experiments/maquis-evaluation.md, "Maquis: a learned
evaluation")."""
DEFAULT_L2 = 1.0


@dataclass
class Positions:
    """Features of positions (rows, named by `names`) and their labels (1.0 won, 0.0 not)."""

    names: list[str] = field(default_factory=list)
    rows: list[list[float]] = field(default_factory=list)
    labels: list[float] = field(default_factory=list)
    wins: int = 0
    games: int = 0

    def extend(self, other: Positions) -> None:
        if other.names and self.names and other.names != self.names:
            raise ValueError("the games gave features of different names")
        self.names = self.names or other.names
        self.rows += other.rows
        self.labels += other.labels
        self.wins += other.wins
        self.games += other.games


def positions_of(state: State, roles: Sequence[int]) -> Iterator[tuple[int, dict[str, float]]]:
    """(role, features) of an unfinished position, for each role in play."""
    for role in roles:
        yield role, state.evaluation_features(role)


def play_for_positions(
    game_id: str, options: Options, agent: str, seeds: Sequence[int], evaluation: str
) -> Positions:
    """Self-play games with `seeds`; every unfinished position's features, labelled with the game's end. The
    unit of work of a worker process: it sets the self-play's evaluation itself (`core.learned.choose`)."""
    learned.choose(game_id, evaluation)
    game = get_game(game_id)
    roles = game.roles_in_play(options)
    found = Positions()
    for seed in seeds:
        state = game.new_initial_state(options)
        rng = random.Random(seed)
        agents = {role: make_agent(agent, game, role, seed) for role in roles}
        seen: list[tuple[int, dict[str, float]]] = list(positions_of(state, roles))
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(state.sample_chance(rng) if player == CHANCE else agents[player].step(state))
            if not state.is_terminal():
                seen.extend(positions_of(state, roles))
        returns = state.returns()
        found.games += 1
        found.wins += sum(returns[role] > 0 for role in roles)
        for role, features in seen:
            if not found.names:
                found.names = list(features)
            found.rows.append([features[name] for name in found.names])
            found.labels.append(1.0 if returns[role] > 0 else 0.0)
    return found


def fit(rows: Sequence[Sequence[float]], labels: Sequence[float], l2: float) -> dict[str, Any]:
    """Logistic regression by Newton's method on standardized features, L2 `l2` on the weights: the raw
    weights, the intercept, and the mean log-loss and accuracy on the positions themselves."""
    import numpy as np

    x = np.asarray(rows, dtype=np.float64)
    y = np.asarray(labels, dtype=np.float64)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0.0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / scale])
    penalty = np.full(z.shape[1], l2)
    penalty[0] = 0.0
    beta = np.zeros(z.shape[1])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(z @ beta)))
        gradient = z.T @ (p - y) + penalty * beta
        hessian = (z * (p * (1.0 - p))[:, None]).T @ z + np.diag(penalty) + 1e-9 * np.eye(z.shape[1])
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if float(np.max(np.abs(step))) < 1e-10:
            break
    p = np.clip(1.0 / (1.0 + np.exp(-(z @ beta))), 1e-12, 1.0 - 1e-12)
    weights = beta[1:] / scale
    return {
        "weights": [float(w) for w in weights],
        "intercept": float(beta[0] - np.sum(weights * mean)),
        "log_loss": float(-np.mean(y * np.log(p) + (1.0 - y) * np.log(1.0 - p))),
        "accuracy": float(np.mean((p > 0.5) == (y > 0.5))),
    }


def train(
    game: Game,
    options: Options,
    games: int,
    seed: int,
    agent: str = DEFAULT_AGENT,
    l2: float = DEFAULT_L2,
    evaluation: str = learned.HAND,
    run: Callable[[list[tuple[Any, ...]]], list[Positions]] | None = None,
) -> tuple[Positions, dict[str, Any]]:
    """Self-play `games` games from `seed` and fit the weights. `run` plays the chunks of seeds (in order;
    the command line's `--jobs` runs them in processes); by default here, one after the other."""
    make_agent(agent, game, 0, seed)  # a bad spec is refused before any game is played
    if l2 < 0 or not math.isfinite(l2):
        raise BadOptionError(f"--l2 must be a number of at least 0, not {l2}")
    seeds = list(range(seed, seed + games))
    size = max(1, math.ceil(games / 32))
    chunks = [(game.id, options, agent, seeds[i : i + size], evaluation) for i in range(0, games, size)]
    parts = run(chunks) if run is not None else [play_for_positions(*chunk) for chunk in chunks]
    found = Positions()
    for part in parts:
        found.extend(part)
    if not found.rows or len(set(found.labels)) < 2:
        raise BadOptionError(
            f"{game.id}: {found.games} self-play games gave {found.wins} wins among {len(found.rows)} "
            "positions: a fit needs both wins and losses; play more games"
        )
    return found, fit(found.rows, found.labels, l2)


def commit() -> str:
    """The commit of the code that trained (``+dirty`` with uncommitted changes), or ``unknown``. A copy
    without git (a machine the tree was copied to) names it in `LUDOTECA_COMMIT`."""
    if os.environ.get("LUDOTECA_COMMIT"):
        return os.environ["LUDOTECA_COMMIT"]
    here = Path(__file__).parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"], cwd=here, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=here,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def weights_file(
    game: Game,
    found: Positions,
    fitted: dict[str, Any],
    about: dict[str, Any],
) -> str:
    """The weights file's text (TOML): what made it (`about`: command, seed, …), the fit, the weights."""
    lines = [
        f"# A learned evaluation of {game.title}, written by `ludoteca train {game.id}` (ludoteca.ai.train).",
        "# Remake it with the command below; core/learned.py reads it at play time.",
        f"game = {json.dumps(game.id)}",
    ]
    lines += [f"{key} = {toml_value(value)}" for key, value in about.items()]
    lines += [
        f"date = {json.dumps(datetime.datetime.now(datetime.UTC).strftime('%Y-%m-%dT%H:%MZ'))}",
        f"games = {found.games}",
        f"wins = {found.wins}",
        f"positions = {len(found.rows)}",
        f"log_loss = {fitted['log_loss']!r}",
        f"accuracy = {fitted['accuracy']!r}",
        f"intercept = {fitted['intercept']!r}",
        "",
        "[weights]  # log-odds of winning per unit of each feature (State.evaluation_features)",
    ]
    lines += [f"{name} = {weight!r}" for name, weight in zip(found.names, fitted["weights"], strict=True)]
    return "\n".join(lines) + "\n"


def toml_value(value: Any) -> str:
    """A string, number or {str: str} table as TOML."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {json.dumps(v)}" for k, v in value.items()) + " }"
    if isinstance(value, bool | int | float):
        return json.dumps(value)
    return json.dumps(str(value))
