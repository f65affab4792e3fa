"""The set-ups, the notation, the options and what each side may see (§2, §5.1.3, §12)."""

from __future__ import annotations

import random

import pytest

from ludoteca.core.errors import BadOptionError
from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.actions import ACTIONS
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.positions import waiting

GAME = GuerraAMuerte()


def test_notation_round_trips() -> None:
    for a in range(len(ACTIONS)):
        assert ACTIONS.parse(ACTIONS.format(a)) == a


def test_options() -> None:
    assert GAME.parse_options({}).as_strings() == {
        "scenario": "campaign",
        "intelligence": "limited",
        "setup": "choose",
        "leader-ops": "added",
        "boves": "every-combat",
        "liberal-slaves": "patriot",
        "liberals-1820": "in-power",
        "campaign-start": "operations",
        "victory": "completed",
        "partial": "half",
        "iguala": "off",
        "royalist-hold": "off",
    }
    with pytest.raises(BadOptionError):
        GAME.parse_options({"scenario": "1819"})


def test_campaign_royalist_deploys_first_2_0() -> None:
    state = GAME.new_initial_state({"scenario": "campaign"})
    assert state.current_player() == 1 and waiting(state)["rule"] == "2.1"
    assert state.d["rp"]["royalist"] == 4 and state.d["rp"]["mexico"] == 4


def test_1815_set_up_12_2() -> None:
    state = GAME.new_initial_state({"scenario": "1815-1818"})
    assert isinstance(state, GamState)
    assert state.d["rp"]["royalist"] == 14 and state.d["rp"]["gran_colombia"] == 10
    assert "chile_norte" in state.d["repression"]
    assert state.d["leaders"]["bolivar"]["at"] == "haiti"


def deployed(scenario: str, seed: int, setup: str = "choose") -> GamState:
    """A short scenario's set-up with every choice of its deployment random (§12.2.2–§12.3.3)."""
    state = GAME.new_initial_state({"scenario": scenario, "setup": setup})
    assert isinstance(state, GamState)
    rng = random.Random(seed)
    while state.d["phase"] == "setup":
        assert waiting(state)["prompt"] == "prompt.deploy_in"
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("setup", "seed"), [("historical", 0), *(("choose", seed) for seed in range(8))])
def test_1820_control_12_3(setup: str, seed: int) -> None:
    """§12.3.2–§12.3.3: however each side places its counters "en cualquier área de Venezuela", the
    Patriot holds Santa Fe, Cumaná, Los Llanos, Guayana and Margarita, Costa Firme is shared and the
    Royalist holds Maracaibo alone."""
    state = deployed("1820-1824", seed, setup)
    for area in BOARD.control["1820-1824"]["patriot"]:
        assert "patriot" in state.holders(area)
    assert state.holders("costa_firme") == {"patriot", "royalist"}
    assert state.holders("maracaibo") == {"royalist"}
    assert state.d["liberals"] == 11
    assert not state.invariants()


def test_a_short_scenario_s_deployment_12_2_12_3() -> None:
    """§12.3.2: with `setup=choose` the Royalist first places, counter by counter, what the rulebook puts
    "en Nueva España", "en cualquier área del Alto Perú"…, each in one of those areas; then the Patriot.
    The counters it sets up are those of the historical placement, in the areas the players chose; with
    `setup=historical` the scenario starts at once in its first phase."""
    state = GAME.new_initial_state({"scenario": "1820-1824"})
    assert isinstance(state, GamState)
    assert state.current_player() == 1 and waiting(state)["rule"] == "12.3.2"
    state = deployed("1820-1824", 3)
    historical = GAME.new_initial_state({"scenario": "1820-1824", "setup": "historical"})
    assert isinstance(historical, GamState)
    assert historical.d["phase"] == state.d["phase"] == "uprisings"
    for uid, record in historical.d["units"].items():
        mine = state.d["units"][uid]
        if record["at"] not in BOARD.areas or uid.startswith("mil_"):
            continue
        allowed = {record["at"]}
        for pl in BOARD.placed("1820-1824"):
            if uid in pl.get("units", []):
                allowed = set(BOARD.requirement_areas(BOARD.requirements[pl["requirement"]])) or allowed
        assert mine["at"] in allowed and mine["steps"] == record["steps"], uid
    new_spain = {state.d["units"][u]["at"] for u in ("es_zm", "es_fvii", "am_pb", "am_crna", "es_art4")}
    assert new_spain <= set(BOARD.lists["new_spain"])
    cited = {line[3] for line in state.logs if line[0] == "log.deployed"}
    assert cited == {"12.3.2", "12.3.3"}  # each placement's log line cites its requirement, as its prompt


def test_limited_intelligence_hides_contents_5_1_3() -> None:
    state = GAME.new_initial_state({"scenario": "1815-1818", "setup": "historical"})
    lima = state.view(0)["board"]["places"]["lima"]["forces"]["royalist"]
    assert lima["marker"] and "units" not in lima
    assert "units" in state.view(1)["board"]["places"]["lima"]["forces"]["royalist"]
    open_ = GAME.new_initial_state({"scenario": "1815-1818", "intelligence": "open", "setup": "historical"})
    assert "units" in open_.view(0)["board"]["places"]["lima"]["forces"]["royalist"]


def test_resample_keeps_the_view() -> None:
    state = GAME.new_initial_state({"scenario": "1820-1824"})
    rng = random.Random(0)
    for role in (0, 1):
        twin = state.resample_from_infostate(role, rng)
        assert twin.view(role) == state.view(role)


@pytest.mark.parametrize(("scenario", "seed"), [("1815-1818", 8), ("1820-1824", 9), ("campaign", 10)])
def test_the_recruits_offered_are_those_affordable_with_a_place(scenario: str, seed: int) -> None:
    """§4.6: `recruitable` asks `placements` once per kind of counter; at positions of a random game it
    offers exactly the pool's counters (one militia per nationality and arm) that the side can afford
    and that have a place, each asked by itself."""
    from ludoteca.games.guerra_a_muerte.counters import COUNTERS
    from ludoteca.games.guerra_a_muerte.position import POOL
    from ludoteca.games.guerra_a_muerte.recruitment import funds, placements, recruitable

    rng = random.Random(seed)
    state = GAME.new_initial_state({"scenario": scenario})
    offered = 0
    for step in range(1500):
        if state.is_terminal():
            break
        if step % 5 == 0:
            for side in ("patriot", "royalist"):
                seen: set[tuple[str, str]] = set()
                expected = []
                for u in state.by_place().get(POOL, ()):
                    c = COUNTERS[u]
                    if c.side != side or c.nationality == "portuguese" or (c.nationality, c.arm) in seen:
                        continue
                    if c.militia:
                        seen.add((c.nationality, c.arm))
                    if funds(state, u) + 1e-9 >= c.cost() and placements(state, u):
                        expected.append(u)
                assert recruitable(state, side) == expected
                offered += len(expected)
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert offered > 0
