"""A learned evaluation (issue 27): weights fitted by `ludoteca train GAME` (`ai/train.py`), read at play time
with plain Python, so that playing needs no extra dependency.

The model is a logistic regression on named features of a position (`State.evaluation_features`): the
chance that the role wins is ``p = 1 / (1 + exp(-(intercept + Σ weight·feature)))``, and the value on the
scale of `returns()` is ``2p − 1 = tanh(z / 2)``, strictly inside (−1, 1).

Which weights a game's search uses: the file shipped in its package, unless `LUDOTECA_EVALUATION` says
otherwise for that game — ``GAME=hand`` (the hand-written evaluation) or ``GAME=FILE`` (weights written by
`ludoteca train GAME --out FILE`), several separated by ``,``. The arena compares evaluations that way, and
worker processes inherit the choice. `choose` sets it from code (the trainer's self-play).
"""

from __future__ import annotations

import functools
import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ludoteca.core.errors import LudotecaError

ENVIRONMENT = "LUDOTECA_EVALUATION"
HAND = "hand"
"""The word that asks for a game's hand-written evaluation."""
MAX_LOGIT = 30.0
"""The largest log-odds a learned value takes: tanh(15) is still below 1 in floating point."""


class WeightsError(LudotecaError, ValueError):
    """A weights file that cannot be used: unreadable, malformed, or for other features."""


@dataclass(frozen=True)
class LearnedEvaluation:
    """Weights by feature name, and the intercept, of a logistic model of the chance of winning."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    intercept: float
    source: str
    """Where the weights came from (the file)."""

    def logit(self, features: Mapping[str, float]) -> float:
        """``intercept + Σ weight·feature``: the log-odds of winning."""
        return self.intercept + sum(
            w * features[name] for name, w in zip(self.names, self.weights, strict=True)
        )

    def value(self, features: Mapping[str, float]) -> float:
        """The value on the scale of `returns()`: ``2p − 1 = tanh(logit / 2)``, the logit kept within
        ±`MAX_LOGIT` so that no unfinished position is worth a sure win or loss (tanh rounds to ±1 beyond)."""
        return math.tanh(0.5 * max(-MAX_LOGIT, min(MAX_LOGIT, self.logit(features))))


def load(path: Path) -> LearnedEvaluation:
    """Read a weights file (TOML: ``intercept`` and a ``[weights]`` table, by feature name)."""
    try:
        data = tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise WeightsError(f"weights file {path}: {exc}") from None
    weights = data.get("weights")
    intercept = data.get("intercept")
    if not isinstance(weights, dict) or not isinstance(intercept, int | float):
        raise WeightsError(f"weights file {path}: needs a number 'intercept' and a table [weights]")
    bad = [name for name, w in weights.items() if not isinstance(w, int | float) or not math.isfinite(w)]
    if bad or not math.isfinite(intercept):
        raise WeightsError(f"weights file {path}: not a finite number: {', '.join(bad) or 'intercept'}")
    return LearnedEvaluation(
        tuple(weights), tuple(float(w) for w in weights.values()), float(intercept), str(path)
    )


def choices() -> dict[str, str]:
    """`LUDOTECA_EVALUATION` as {game id: ``hand`` or a file}."""
    chosen = {}
    for item in os.environ.get(ENVIRONMENT, "").split(","):
        game, sep, what = item.strip().partition("=")
        if sep and game and what:
            chosen[game] = what
        elif item.strip():
            raise WeightsError(f"{ENVIRONMENT}: {item!r} is not GAME=hand or GAME=FILE")
    return chosen


def choose(game_id: str, what: str) -> None:
    """Make `game_id`'s search use ``hand`` or the weights in a file, in this process and those it starts."""
    chosen = {**choices(), game_id: what}
    os.environ[ENVIRONMENT] = ",".join(f"{game}={value}" for game, value in chosen.items())
    evaluation_for.cache_clear()


@functools.cache
def evaluation_for(game_id: str, shipped: Path) -> LearnedEvaluation | None:
    """The learned evaluation `game_id`'s search uses: the `shipped` file (if there is one), unless
    `LUDOTECA_EVALUATION` asks for the hand-written one (None) or names another file. Read once."""
    what = choices().get(game_id)
    if what == HAND:
        return None
    if what is not None:
        return load(Path(what))
    return load(shipped) if shipped.is_file() else None
