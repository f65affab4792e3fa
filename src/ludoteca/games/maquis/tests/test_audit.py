"""Rules audit: each test pins a discrepancy found between the code and the rulebook
(`rulebooks/maquis.es.txt`), the component facts (`games/maquis-and-mar-y-acero.md`, Part A) or the
README §4 resolutions. Patrol cards are always chosen, never sampled."""

from __future__ import annotations

from ludoteca.games.maquis import action_phase
from ludoteca.games.maquis.tests.positions import new, play, rerun


# ------------------------------------------------------------------------------------ §Ser arrestado
def test_arrest_forfeits_only_the_gain_when_the_gained_weapon_was_fired() -> None:
    """§Ser arrestado: «solo puede recibir las recompensas de esa acción si la Ubicación tiene un escudo
    naranja» (the reward is lost without the star); §Milicia de tiro: «Un Trabajador que recolecta un
    Recurso de Arma puede usar esa misma Arma para disparar» (a worker who collects a Weapon may fire
    that same Weapon). README §4.9: only what of the gain is still held goes back to the supply.

    A Weapon held from before, a second bought at the Fence and fired at once, then the arrest: the
    bought Weapon is gone (fired), the one held before must stay."""
    state = new("sabotage+destroy-the-train")
    state.d["res"].update(weapon=1, money=1)
    # card 8: fence (a worker) → rue baradat; card 1: grocer (a worker) → poor district; card 2: radio b
    play(state, "place fence", "patrol 8", "place grocer", "patrol 1", "place cafe", "patrol 2")
    assert state.d["phase"] == "action"
    assert not action_phase.route_home(state, "fence")  # Rue Baradat and the Poor District are both patrolled
    play(state, "activate fence", "do buy-weapon")
    assert state.d["res"]["weapon"] == 2
    play(state, "shoot radio_b")  # the Weapon just bought; the shot does not open the Fence's way
    assert state.d["gone"] == 1 and "log.forfeit" in [line[0] for line in state.logs]
    assert state.d["res"]["weapon"] == 1  # the Weapon held before the action is not part of the reward
    assert state.d["res"]["money"] == 0  # the price stays paid
    assert state.invariants() == []


def test_arrest_still_forfeits_an_unfired_gain() -> None:
    """§Ser arrestado: with no shot, the bought Weapon is lost with the worker and the old one stays."""
    state = new("sabotage+destroy-the-train")
    state.d["res"].update(weapon=1, money=1)
    play(state, "place fence", "patrol 8", "place grocer", "patrol 1", "place cafe", "patrol 2")
    play(state, "activate fence", "do buy-weapon", "home")
    assert state.d["gone"] == 1 and state.d["res"]["weapon"] == 1 and state.d["res"]["money"] == 0


# ------------------------------------------------------------------------------------- Infiltration
def test_infiltration_mole_must_find_a_route_home_when_released() -> None:
    """Facts A7, Infiltration: «another worker delivers 1 Weapon + 1 Explosive → done; both workers then
    try to return home» (the card: the worker must remain *until* another delivers; BGA runs the same
    escape check for both). §Verificar ruta de escape / §Ser arrestado: no route, arrested.

    The Fence, the only way off the mission card, is patrolled: the worker who delivers is arrested and
    so is the mole, who leaves by the same exit."""
    state = new("infiltration+sabotage")
    infiltration = state.mission("infiltration")
    assert infiltration is not None
    infiltration.update({"boxes": 1, "keeper": True})  # the mole went in on an earlier day
    state.d["home"] = 2
    state.d["res"].update(weapon=1, explosive=1)
    rerun(state, "start")
    play(state, "patrol 8")  # the mole sees card 8: fence, rue baradat, poor district
    assert state.d["peek"] == 8
    play(state, "place mission_1")  # the first patrol takes the card seen: a Milice on the Fence
    assert state.d["board"]["fence"] == "m"
    play(state, "place grocer", "patrol 2", "patrol 6")
    assert state.d["phase"] == "action"
    play(state, "activate mission_1", "do mission")
    assert infiltration["done"] and not state.is_terminal()
    assert state.d["phase"] == "action"
    assert state.d["gone"] == 2  # the worker who delivered and the mole: neither can pass the Fence
    assert state.d["home"] == 0 and state.available_workers() == 1  # only the Grocer's worker is left
    assert state.invariants() == []


def test_infiltration_mole_goes_home_with_a_clear_route() -> None:
    """The same delivery with the Fence free: both workers get home."""
    state = new("infiltration+sabotage")
    infiltration = state.mission("infiltration")
    assert infiltration is not None
    infiltration.update({"boxes": 1, "keeper": True})
    state.d["home"] = 2
    state.d["res"].update(weapon=1, explosive=1)
    rerun(state, "start")
    play(state, "patrol 2", "place mission_1", "place grocer", "patrol 6", "patrol 4")
    play(state, "activate mission_1", "do mission")
    assert infiltration["done"] and state.d["gone"] == 0 and state.d["home"] == 2
    assert state.invariants() == []


def test_infiltration_mole_arrest_costs_morale_in_very_hard() -> None:
    """§Modos de dificultad, Muy duro: every arrest lowers Morale by one — the mole's too."""
    state = new("infiltration+sabotage", difficulty="very-hard")
    infiltration = state.mission("infiltration")
    assert infiltration is not None
    infiltration.update({"boxes": 1, "keeper": True})
    state.d["home"], state.d["cafe"] = 1, 2
    state.d["res"].update(weapon=1, explosive=1)
    rerun(state, "start")
    play(state, "patrol 8", "place mission_1", "patrol 2", "patrol 6")
    assert state.d["board"]["fence"] == "m"
    play(state, "activate mission_1", "do mission")
    assert state.d["gone"] == 2 and state.d["morale"] == 4
    result = state.result("en")
    assert result is not None and result["outcome"] == "outcome.no_workers"


# ------------------------------------------------------------------------------------------ the view
def test_take_out_the_bridges_card_shows_two_success_boxes() -> None:
    """Facts A7, Take Out the Bridges: «2 boxes … do it twice → done». The view showed one box, so the
    second bridge over-filled the card (2 of 1)."""
    state = new("sabotage+take-out-the-bridges")
    card = next(m for m in state.view(0)["board"]["missions"] if m["id"] == "take-out-the-bridges")
    assert card["boxes_total"] == 2
