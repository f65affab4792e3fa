"""A heuristic Maquis player: one-step lookahead on a position score.

`evaluate` scores a position from the Resistance's side (missions first, then workers, morale and
resources); `CautiousAgent` tries each legal action on a copy, samples any chance that follows, and
plays the best-scoring one, with a little noise. It reaches deep positions that random play never
does, so the fuzzer uses it for half its games, and it is the `cautious` agent spec.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import Game
from ludoteca.core.state import State
from ludoteca.games.maquis import missions
from ludoteca.games.maquis.state import MaquisState


def evaluate(st: MaquisState) -> float:
    """The Resistance's prospects, roughly −100 (lost) to +100 (won)."""
    if st.is_terminal():
        return 100.0 * st.returns()[0]
    d = st.d
    score = 0.0
    for m in d["missions"]:
        score += 12.0 if m["done"] else 3.0 * m["boxes"] + 1.5 * len(m["marks"]) + 2.0 * m["keeper"]
    score += 4.0 * st.available_workers() + 0.5 * d["cafe"]
    score += 1.5 * d["morale"] - 0.5 * d["soldiers"]
    score += 0.4 * sum(d["res"].values()) + 0.3 * d["res"]["weapon"] + 0.3 * d["res"]["explosive"]
    score += 0.3 * sum(sum(tokens.values()) for tokens in d["fields"].values())
    score += 1.0 * len(d["tiles"])
    for loc, pawn in d["board"].items():
        if pawn != "w":
            continue
        if not st.route_home(loc):
            score -= 3.0
        elif d["phase"] == "placement" or loc in d["ready"]:
            score += 2.5 * bool(missions.choices(st, loc)) + 0.8 * bool(st.location_choices(loc))
    return float(score)


class CautiousAgent:
    """Plays the action whose result `evaluate` likes best (chance sampled once), `noise` of the time
    a random one."""

    def __init__(self, seed: int, noise: float = 0.1) -> None:
        self.rng = random.Random(seed)
        self.noise = noise

    def step(self, state: State) -> int:
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
        score = evaluate(twin)
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
