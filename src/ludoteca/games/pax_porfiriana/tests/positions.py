"""Building Pax Porfiriana positions for tests: a game past its set-up with a chosen first player and
market, and helpers to play notations and read the legal ones."""

from __future__ import annotations

import random

from ludoteca.games.pax_porfiriana import GAME as REGISTERED
from ludoteca.games.pax_porfiriana import PaxPorfiriana
from ludoteca.games.pax_porfiriana.state import PaxState

assert isinstance(REGISTERED, PaxPorfiriana)
GAME: PaxPorfiriana = REGISTERED


def started(players: int = 3, seed: int = 1, **options: str) -> PaxState:
    """A game after its set-up (chance sampled from `seed`), waiting for the first player's action."""
    state = GAME.new_initial_state({"players": str(players), **options})
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    return state


def play(state: PaxState, *notations: str) -> PaxState:
    for text in notations:
        state.apply_notation(text)
    return state


def legal(state: PaxState) -> list[str]:
    return [GAME.actions.names[action] for action in state.legal_actions()]


def hand(state: PaxState, p: int, *cards: str) -> None:
    """Put `cards` in player `p`'s hand, taking them out of the market if they are there."""
    for card in cards:
        for row in state.d["market"]:
            if card in row:
                row[row.index(card)] = None
        state.d["hands"][p].append(card)


def again(state: PaxState) -> PaxState:
    """Pose the action menu again after a test changed the position (the legal actions are computed when
    a decision is posed)."""
    assert state.d["stack"][-1]["p"] == "actions"
    state.d["wait"] = None
    state.d["stack"][-1]["s"] = "menu"
    state._run()
    return state
