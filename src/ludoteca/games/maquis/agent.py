"""A heuristic Maquis player: one-step lookahead on a position score.

`MaquisState.score` rates a position from the Resistance's side (the worker-days left against the work
the missions still need: README §6); `CautiousAgent` tries each legal action on a copy, samples any
chance that follows, and plays the best-scoring one, with a little noise. It reaches deep positions that
random play never does, so the fuzzer uses it for half its games, and it is the `cautious` agent spec.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import Game
from ludoteca.core.state import State
from ludoteca.games.maquis.state import MaquisState


class CautiousAgent:
    """Plays the action whose result `MaquisState.score` likes best (chance sampled once), `noise` of the time
    a random one."""

    def __init__(self, seed: int, noise: float = 0.1) -> None:
        self.rng = random.Random(seed)
        self.noise = noise

    def step(self, state: State[Any]) -> int:
        assert isinstance(state, MaquisState)
        return choose(state, self.rng, self.noise)


def choose(state: MaquisState, rng: random.Random, noise: float = 0.1) -> int:
    legal = state.legal_actions()
    if len(legal) == 1 or rng.random() < noise:
        return rng.choice(legal)
    best, best_score = [], -1e9
    for action in legal:
        twin = state.clone()
        twin.apply_action(action)
        while twin.is_chance_node():
            twin.apply_action(twin.sample_chance(rng))
        score = twin.score(patrol_risk=True)
        if score > best_score + 1e-9:
            best, best_score = [action], score
        elif abs(score - best_score) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def cautious(game: Game, role: int, seed: int, params: Mapping[str, str]) -> CautiousAgent:
    """The `cautious[:noise=0.1]` agent spec."""
    unknown = set(params) - {"noise"}
    if unknown:
        raise BadOptionError(f"agent 'cautious' takes only noise=<0..1>, not {', '.join(sorted(unknown))}")
    try:
        noise = float(params.get("noise", "0.1"))
    except ValueError:
        raise BadOptionError(f"agent 'cautious': noise must be a number, not {params['noise']!r}") from None
    if not 0.0 <= noise <= 1.0:
        raise BadOptionError("agent 'cautious': noise must be between 0 and 1")
    return CautiousAgent(seed, noise)
