"""Building Patria Libre positions for tests: a game past its set-up, an emptied map, and the turn's menu
recomputed after a position was edited."""

from __future__ import annotations

from typing import Any

from ludoteca.core.game import get_game
from ludoteca.core.match import Match
from ludoteca.games.patria_libre.actions import ID
from ludoteca.games.patria_libre.board import BOARD, COLUMNS
from ludoteca.games.patria_libre.state import PatriaState

GAME = get_game("patria-libre")


def started(seed: int = 1, **options: str) -> PatriaState:
    """A game at the first player's first turn: chance sampled from `seed`, every order's first face up."""
    match = Match(GAME, options, seed)
    while match.state.d["wait"].get("prompt") != "prompt.action":
        if match.state.is_chance_node():
            match.play_chance()
        else:
            match.apply(match.state.legal_actions()[0])
    state = match.state
    assert isinstance(state, PatriaState)
    return state


def empty(st: PatriaState) -> PatriaState:
    """Clear the map (troops, leader tokens, forts, orders) and every player's popularity, coins and cards."""
    d = st.d
    d["troops"] = {p: {} for p in BOARD.ids}
    d["leaders"] = dict.fromkeys(d["seats"])
    d["forts"] = {}
    d["placed"] = {p: [] for p in BOARD.ids}
    for r in d["seats"]:
        d["pop"][r] = {c: [0, 0] for c in COLUMNS}
        d["coins"][r] = 0
        d["area"][r] = []
        d["tokens"][r] = [[up, None] for up, _ in d["tokens"][r]]
    return st


def menu(st: PatriaState, role: str | None = None) -> PatriaState:
    """Recompute the pending turn menu after the position was edited (optionally for another role)."""
    frame = st.running_frame()
    assert frame is not None and frame["p"] == "turn", frame
    if role is not None:
        frame["r"] = role
        st.d["turn"] = st.d["seats"].index(role)
    frame["s"] = "menu"
    st.d["wait"] = None
    st._run()
    return st


def play(st: PatriaState, *notations: str) -> PatriaState:
    for text in notations:
        st.apply_action(ID[text])
    return st


def face(st: PatriaState, role: str, wanted: str) -> None:
    """Turn the token carrying `wanted` so that face is up."""
    for k, faces in enumerate(BOARD.tokens):
        if wanted in faces:
            st.d["tokens"][role][k][0] = faces.index(wanted)


def options(st: PatriaState) -> list[str]:
    return [GAME.actions.names[a] for a in st.legal_actions()]


def put(st: PatriaState, prov: str, **troops: Any) -> None:
    """Troops in a province by role: level 1 infantry, 2 cavalry, 3 artillery."""
    st.d["troops"][prov].update(troops)


def waiting(st: PatriaState) -> dict[str, Any]:
    """The pending decision (the test has just asked for one)."""
    wait = st.d["wait"]
    assert wait is not None, "no decision is pending"
    return wait


def outcome(st: PatriaState) -> str:
    """The rulebook outcome of a game the test has just ended."""
    over = st.d["over"]
    assert over is not None, "the game is not over"
    return str(over["outcome"])
