"""Building Pax Porfiriana positions for tests: a game past its set-up with a chosen first player and
market, helpers to play notations and read the legal ones, and to set cards, troops and Hacendados."""

from __future__ import annotations

import random
from typing import Any

from ludoteca.games.pax_porfiriana import GAME as REGISTERED
from ludoteca.games.pax_porfiriana import PaxPorfiriana
from ludoteca.games.pax_porfiriana.board import CARDS
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
    frame = state.running_frame()
    assert frame is not None and frame["p"] == "actions"
    state.d["wait"] = None
    state.goto("menu")
    state._run()
    return state


def out_of_market(state: PaxState, *cards: str) -> None:
    """Take cards out of the market (a test places them elsewhere)."""
    for row in state.d["market"]:
        for card in cards:
            if card in row:
                row[row.index(card)] = None


def plain(state: PaxState, p: int) -> None:
    """Give player `p` a Hacendado with no discount (William Greene: a mine bonus at income), so the
    costs tested are the printed ones."""
    for h in state.d["hac"]:
        if h["id"] == "william_greene":
            h["id"] = state.d["hac"][p]["id"]
    state.d["hac"][p].update({"id": "william_greene", "side": -1, "income": 2})


def terrazas(state: PaxState, p: int) -> None:
    """Give player `p` Luis Terrazas, Loyalist (partner sides: federal, orozquista)."""
    for h in state.d["hac"]:
        if h["id"] == "luis_terrazas":
            h["id"] = state.d["hac"][p]["id"]
    state.d["hac"][p].update({"id": "luis_terrazas", "side": -1, "income": 2})


def troop_on(state: PaxState, enterprise: str, troop: str, owner: int) -> None:
    """Stand `troop` of player `owner` on `enterprise` (extorting it if it is another player's; the test
    adjusts the Income cubes it wants)."""
    found = state.find(enterprise)
    assert found is not None
    out_of_market(state, troop)
    found[1]["troop"] = {"id": troop, "owner": owner, "extort": found[0] != owner}


def until_action_menu(state: PaxState, rng: random.Random | None = None) -> None:
    """Run chance nodes until a player's action menu is posed."""
    rng = rng or random.Random(0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))


def before_diaz(state: PaxState, row0: str, row1: str) -> None:
    """Put `row0` in the 1 column of the first row and `row1` in the 16 column of the second (partners in
    the free columns, which phase II leaves alone), and end the player's turn: Díaz rolls next."""
    out_of_market(state, row0, row1)
    partners = [c for c in CARDS if CARDS[c].type == "partner" and c not in state.d["seen"]][:2]
    out_of_market(state, *partners)
    market = state.d["market"]
    market[0][0], market[0][1], market[1][0], market[1][5] = partners[0], row0, partners[1], row1
    state.d["seen"] += [row0, row1, *partners]
    play(again(state), "end")
    assert state.d["turn"] == 1 and "roll 6" in legal(state)


def waiting(state: PaxState) -> dict[str, Any]:
    """The pending decision (the test has just asked for one)."""
    wait = state.d["wait"]
    assert wait is not None, "no decision is pending"
    return wait


def outcome(state: PaxState) -> str:
    """The rulebook outcome of a game the test has just ended."""
    over = state.d["over"]
    assert over is not None, "the game is not over"
    return str(over["outcome"])
