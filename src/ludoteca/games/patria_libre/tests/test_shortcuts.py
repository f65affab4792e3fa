"""The search's shortcuts (issue 26) give the rules' own answers: the memo of `PatriaState.still`, the rooms
found in one pass, the attack found at the first adversary, the market's symbols counted once and the
recovery's early stop — each compared with the plain rule on positions of seeded random games in every
mode; and none of them changes the position."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.patria_libre import market, orders, turn
from ludoteca.games.patria_libre.board import BOARD, FACES
from ludoteca.games.patria_libre.state import PatriaState
from ludoteca.games.patria_libre.tests.positions import GAME

MODES = [{}, {"players": "3"}, {"players": "4"}, {"solo": "insurgentes"}, {"solo": "realistas"}]


def positions(options: dict[str, str], games: int = 6, every: int = 7) -> list[PatriaState]:
    """Every `every`-th position of `games` seeded random games."""
    found: list[PatriaState] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.new_initial_state(options)
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            moves += 1
            if moves % every == 0:
                assert isinstance(state, PatriaState)
                found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found


def plain_rooms(state: PatriaState, r: str) -> list[str]:
    return [p for p in BOARD.ids if state.present(r, p) and state.orders_at(r, p) < state.force(r, p)]


def plain_controller(state: PatriaState, prov: str) -> str | None:
    """§Control as the rulebook says it, with `force`."""
    forces = {r: state.force(r, prov) for r in state.d["seats"]}
    best = max(forces.values())
    strongest = [r for r, f in forces.items() if f == best and f > 0]
    if len(strongest) != 1 or strongest[0] not in state.d["troops"][prov]:
        return None
    return str(strongest[0])


@pytest.mark.parametrize("options", MODES, ids=lambda o: "-".join(o.values()) or "2p")
def test_shortcuts_answer_as_the_rules(options: dict[str, str]) -> None:
    for state in positions(options):
        before = state.digest()
        for r in state.d["seats"]:
            plain = {(face, p): orders.FEASIBLE[face](state, r, p) for face in FACES for p in BOARD.ids}
            with state.still():
                assert state.rooms(r) == plain_rooms(state, r)
                assert {key: orders.feasible(state, r, *key) for key in plain} == plain
                assert {p: state.controller(p) for p in BOARD.ids} == {
                    p: plain_controller(state, p) for p in BOARD.ids
                }
            assert state.memo() is None
            for p in BOARD.ids:
                assert orders.can_attack(state, r, p) == bool(orders.hits(state, r, p))
                assert state.controller(p) == plain_controller(state, p)
            assert market.buyable(state, r) == [
                i for i in range(len(state.d["market"])) if market.ways(state, r, i)
            ]
            assert turn.could_play(state, r) == bool(
                turn.playable_orders(state, r) or turn.usable_cards(state, r)
            )
        assert state.digest() == before, "a question changed the position"
