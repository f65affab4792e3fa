"""Building Pax Porfiriana positions for tests: a game past its set-up with a chosen first player and
market, and helpers to play notations and read the legal ones. The game is not registered yet, so
`registered` puts it in the core's registry for the tests that need `get_game` (records, JSON)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ludoteca.core import game as core_game
from ludoteca.games.pax_porfiriana import PaxPorfiriana
from ludoteca.games.pax_porfiriana.state import PaxState

GAME = PaxPorfiriana()


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[PaxPorfiriana]:
    monkeypatch.setitem(core_game._REGISTRY, GAME.id, GAME)
    yield GAME


def started(players: int = 3, seed: int = 1, **options: str) -> PaxState:
    """A game after its set-up (chance sampled from `seed`), waiting for the first player's action."""
    st = GAME.new_initial_state({"players": str(players), **options})
    rng = random.Random(seed)
    while st.is_chance_node():
        st.apply_action(st.sample_chance(rng))
    return st


def play(st: PaxState, *notations: str) -> PaxState:
    for text in notations:
        st.apply_notation(text)
    return st


def legal(st: PaxState) -> list[str]:
    return [GAME.actions.names[a] for a in st.legal_actions()]


def hand(st: PaxState, p: int, *cards: str) -> None:
    """Put `cards` in player `p`'s hand, taking them out of the market if they are there."""
    for card in cards:
        for row in st.d["market"]:
            if card in row:
                row[row.index(card)] = None
        st.d["hands"][p].append(card)


def again(st: PaxState) -> PaxState:
    """Pose the action menu again after a test changed the position (the legal actions are computed when
    a decision is posed)."""
    assert st.d["stack"][-1]["p"] == "actions"
    st.d["wait"] = None
    st.d["stack"][-1]["s"] = "menu"
    st._run()
    return st
