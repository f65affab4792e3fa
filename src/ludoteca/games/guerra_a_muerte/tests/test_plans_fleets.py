"""The fleet plans (`plans_fleets.py`): a fleet engages a weaker squadron (§7.5), breaks the blockade of a
friendly port (§6.6), an army crosses the sea to take an empty coastal area (§7.6, §7.7); each plan is
offered at the choice of a force beside the armies' and expands into legal actions, and a plan that cannot
go on gives None."""

from __future__ import annotations

import random

from ludoteca.ai.ismcts import Budget, IsmctsAgent
from ludoteca.core.plans import Plan
from ludoteca.games.guerra_a_muerte.actions import ID
from ludoteca.games.guerra_a_muerte.blockades import blockade_holds
from ludoteca.games.guerra_a_muerte.plans import PLANNER
from ludoteca.games.guerra_a_muerte.plans_fleets import (
    FLEETS,
    Landing,
    haven,
    naval_power,
    nearest,
    weakest_target,
)
from ludoteca.games.guerra_a_muerte.position import OUT, POOL
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.positions import waiting
from ludoteca.games.guerra_a_muerte.tests.test_examples import GAME
from ludoteca.games.guerra_a_muerte.tests.test_plans_operations import (
    asked_again,
    named,
    play,
    to_activate,
)
from ludoteca.games.guerra_a_muerte.tests.test_plans_purchase import Spy, where


def naval_position(
    role: int, places: dict[str, list[str]], inside: dict[str, list[str]] | None = None
) -> GamState:
    """`role`'s choice of a force with only the counters of `places` on the map (`state.place_unit`: a
    ship named with an area lies in its port, a land unit in the field) and `inside`'s in their areas'
    cities, the choice asked again of the position."""
    state = to_activate(role)
    for u in state.d["units"]:
        state.move(u, POOL, city=False, guerrilla=False, done=False, port="")
    for s in state.d["leaders"].values():
        s["at"] = OUT
    for place, here in places.items():
        for u in here:
            state.place_unit(u, place)
    for area, here in (inside or {}).items():
        for u in here:
            state.move(u, area, city=True, done=False)
    return asked_again(state, role)


def test_engage_a_weaker_squadron_7_5() -> None:
    """§7.5: a ship of the line and a frigate in Callao sail out against a lone Patriot frigate in their
    sea area, attack it, and put back into Callao (§7.4)."""
    state = naval_position(1, {"lima": ["am_fp", "es_sol1", "es_fr1"], "pacifico_vi": ["ch_fr1"]})
    plans = list(PLANNER.plans(state, 1))
    plan = named(plans, "engage pacifico_vi from lima")
    assert plan.data[0] == "fleets" and plan.message == "ops.engage"
    played = play(state, 1, plan)
    assert played[:2] == ["fleet lima", "spend 0"] or played[0] == "fleet lima"
    assert "sail pacifico_vi" in played and "engage" in played
    assert played[-1] == "dock lima"


def test_no_attack_on_double_strength_7_5() -> None:
    """§7.5: a lone frigate does not attack a ship of the line and a frigate."""
    state = naval_position(
        0, {"lima": ["ep_c1"], "pacifico_vi": ["es_sol1", "es_fr1"], "chile_norte": ["ch_fr1"]}
    )
    names = [p.name for p in PLANNER.plans(state, 0)]
    assert not any(n.startswith("engage") for n in names), names


def test_break_a_blockade_6_6() -> None:
    """§6.6: Callao's Royalist garrison is blockaded; a frigate in Arica sails into Callao's sea area, which
    breaks the blockade (ships of the besieged side there), and stops there."""
    state = naval_position(
        1, {"arequipa": ["am_ce", "es_fr1"], "lima": ["ep_c1", "ep_c2"]}, inside={"lima": ["am_fp"]}
    )
    state.d["blockades"] = {"callao": "patriot"}
    plan = named(list(PLANNER.plans(state, 1)), "unblock lima from arequipa")
    played = play(state, 1, plan)
    assert played[0] == "fleet arequipa" and played[-2:] == ["sail pacifico_vi", "stop"]
    assert not blockade_holds(state, "callao", "patriot")


def test_an_army_sails_to_take_an_empty_coastal_area_7_6() -> None:
    """§7.6, §7.7: an army in Lima with a ship of the line and a frigate in Callao (6 steps carried)
    embarks, sails and lands in the empty Chile Norte (3 RP); a counter stays in Lima (§5.2). With a
    Patriot army next door, what Lima risks outweighs the landing (`rearguard`): no landing is offered."""
    state = naval_position(
        1, {"lima": ["am_fp", "am_ce", "am_f", "es_sol1", "es_fr1"], "guayaquil": ["ep_c1"]}
    )
    assert not any(p.name.startswith("landing") for p in PLANNER.plans(state, 1))
    state = naval_position(1, {"lima": ["am_fp", "am_ce", "am_f", "es_sol1", "es_fr1"]})
    plans = list(PLANNER.plans(state, 1))
    plan = named(plans, "landing chile_norte from lima")
    orders = plan.data[1]
    assert isinstance(orders, Landing) and orders.leave
    played = play(state, 1, plan)
    assert played[0] == "activate lima"
    assert played[-3:] == ["embark", "sail pacifico_viii", "land chile_norte"]
    assert state.controls("royalist", "chile_norte") and state.controls("royalist", "lima")


def test_a_plan_that_cannot_go_on_is_dropped() -> None:
    """A fleet's plan whose ships are gone, and a landing whose transport sailed away, give None: the search
    plans again."""
    state = naval_position(1, {"lima": ["am_fp", "es_sol1", "es_fr1"], "pacifico_vi": ["ch_fr1"]})
    plan = named(list(PLANNER.plans(state, 1)), "engage pacifico_vi from lima")
    for u in ("es_sol1", "es_fr1"):
        state.move(u, POOL, city=False, port="")
    assert PLANNER.next_action(state, 1, plan) is None
    state = naval_position(1, {"lima": ["am_fp", "am_ce", "es_sol1", "es_fr1"]})
    plan = named(list(PLANNER.plans(state, 1)), "landing chile_norte from lima")
    for notation in ("activate lima", "spend 0", "die 6"):
        if ID[notation] in state.legal_actions():
            state.apply_action(ID[notation])
    for u in ("es_sol1", "es_fr1"):
        state.move(u, POOL, city=False, port="")
    state.d["wait"] = None
    frame = state.running_frame()
    assert frame is not None
    frame["s"] = "operate"
    state._run()
    assert waiting(state)["prompt"] == "prompt.operate"
    assert PLANNER.next_action(state, 1, plan) is None


def test_small_decisions_have_a_default_7_4_7_5() -> None:
    """§7.4: the refuge nearest the ship; §7.5.1: fire at the ship nearest to sinking; the replies are
    single plans of the fleets' part."""
    refuges = [ID["sail pacifico_i"], ID["sail pacifico_vii"], ID["sail spain"]]
    assert nearest("pacifico_vi", refuges) == ID["sail pacifico_vii"]
    assert nearest("", [ID["dock lima"], ID["sail spain"]]) == min(ID["dock lima"], ID["sail spain"])
    state = naval_position(1, {"lima": ["am_fp", "es_sol1", "es_fr1"], "pacifico_vi": ["ch_fr1", "ch_sol1"]})
    state.d["units"]["ch_sol1"]["steps"] = 1
    assert weakest_target(state, [ID["fire ch_fr1"], ID["fire ch_sol1"]]) == ID["fire ch_sol1"]
    assert FLEETS.plans(state, 1) == ()


def test_fleet_plans_start_legally_in_played_games() -> None:
    """In random games, at every decision the planner plans, each fleet or landing candidate's first action
    is legal and its message reads in both languages; the favourite, played through, keeps to legal
    actions. The fleets are planned: some fleet plan is offered and played. Two games a scenario, so
    that every kind of fleet plan is met whatever the purchase plans put where."""
    offered: set[str] = set()
    for scenario, seed in [(s, n) for s in ("1815-1818", "campaign") for n in (11, 13)]:
        state = GAME.new_initial_state({"scenario": scenario, "setup": "historical"})
        rng = random.Random(seed)
        held: dict[int, Plan | None] = {0: None, 1: None}
        for _ in range(900):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            role, legal = state.current_player(), state.legal_actions()
            plan = held[role]
            action = PLANNER.next_action(state, role, plan) if plan is not None else None
            assert action is None or action in legal
            if action is None:
                plans = list(PLANNER.plans(state, role))
                for plan in plans:
                    if plan.data[0] != "fleets":
                        continue
                    offered.add(plan.message)
                    assert PLANNER.next_action(state, role, plan) in legal, (scenario, plan.name)
                    for lang in ("es", "en"):
                        said = GAME.catalog.text(plan.message, lang, plan.params)
                        assert said != plan.message and "{" not in said, said
                fleets = [p for p in plans if p.data[0] == "fleets"]
                chosen = rng.choice(fleets) if fleets and rng.random() < 0.5 else plans[0] if plans else None
                held[role] = chosen
                action = PLANNER.next_action(state, role, chosen) if chosen else rng.choice(legal)
            state.apply_action(action)  # type: ignore[arg-type]
    assert {"ops.engage", "ops.landing", "ops.port", "ops.raid", "ops.refuge"} <= offered, offered


def test_fleet_plans_read_only_what_the_side_may_know() -> None:
    """Under limited intelligence (§5.1.3), at a choice of a force where fleets are planned, the planner is
    given redrawn positions, never the true one: the enemy's hidden counters stand elsewhere in them."""
    true = GAME.new_initial_state({"scenario": "1815-1818"})
    assert isinstance(true, GamState) and true.options.intelligence == "limited"
    rng = random.Random(3)
    while True:
        assert not true.is_terminal()
        wait = true.d["wait"]
        asked = wait is not None and wait.get("role") == 1 and wait.get("prompt") == "prompt.activate"
        if asked and any(p.data[0] == "fleets" for p in PLANNER.plans(true, 1)):
            break
        action = true.sample_chance(rng) if true.is_chance_node() else rng.choice(true.legal_actions())
        true.apply_action(action)
    spy = Spy()
    agent = IsmctsAgent(1, 5, Budget(iters=6, seconds=0.0, depth=0), planner=spy)
    agent.step(true)
    assert spy.seen and all(seen is not true for seen, _, _ in spy.seen)
    here = [placed for _, move, placed in spy.seen if move == true.move_number()]
    assert here and all(placed != where(true) for placed in here)


def test_raid_an_enemy_coast_and_put_into_port_7_8_7_4() -> None:
    """§7.8: a frigate in Callao sails off the Patriot-held Chile Norte (3 RP) and raids it; §7.4: a frigate
    at sea with a stronger Patriot squadron near it puts into Callao, Lima being held."""
    state = naval_position(1, {"lima": ["am_fp", "es_fr1"], "chile_norte": ["ep_c1"]})
    played = play(state, 1, named(list(PLANNER.plans(state, 1)), "raid chile_norte from lima"))
    assert played[0] == "fleet lima" and "sail pacifico_viii" in played and "raid chile_norte" in played
    assert played[-1] == "stop"  # no friendly port in that sea area to put into
    state = naval_position(
        1, {"lima": ["am_fp"], "pacifico_vii": ["es_fr1"], "pacifico_viii": ["ch_sol1", "ch_fr1"]}
    )
    names = [p.name for p in PLANNER.plans(state, 1)]
    assert not any(n.startswith("engage") for n in names), names
    played = play(state, 1, named(list(PLANNER.plans(state, 1)), "port lima from pacifico_vii"))
    assert played[0] == "fleet pacifico_vii" and played[-2:] == ["sail pacifico_vi", "dock lima"]
    assert state.d["units"]["es_fr1"]["port"] == "callao"


def test_a_weaker_squadron_near_is_no_reason_to_put_into_port_7_4_7_5() -> None:
    """§7.5: combat at sea is never obliged and a squadron attacks only at even odds or better, so a lone
    Patriot frigate beside a ship of the line and a frigate does not threaten them: the ``port`` objective
    is worth what it is with no enemy near; a stronger squadron near makes it worth more (§7.4)."""
    ships = ["es_sol1", "es_fr1"]
    worth = {}
    for name, enemy in (("none", []), ("weaker", ["ch_fr1"]), ("stronger", ["ch_sol1", "ch_fr1", "ep_fr1"])):
        state = naval_position(1, {"lima": ["am_fp"], "pacifico_vi": ships + enemy})
        ours = naval_power(state, ships)
        (found,) = haven(state, "royalist", "pacifico_vi", ships, {"pacifico_vi": 0}, ours)
        assert found[0] == "port" and found[3] == "dock lima"
        worth[name] = found[4]
    assert worth["weaker"] == worth["none"] < worth["stronger"]


def test_a_force_aboard_is_planned_for_7_6() -> None:
    """§7.6: a force that embarked with no plan held (the search re-plans there) is offered landings at the
    choice of the sea area and again at the choice of the coast, each expanding into a legal action."""
    state = naval_position(1, {"lima": ["am_fp", "am_ce", "es_sol1", "es_fr1"]})
    for notation in ("activate lima", "spend 0", "die 6", "embark"):
        if ID[notation] in state.legal_actions():
            state.apply_action(ID[notation])
    for prompt, expected in (("prompt.transport", "sail pacifico_viii"), ("prompt.land", "land chile_norte")):
        assert waiting(state)["prompt"] == prompt
        plan = named(list(PLANNER.plans(state, 1)), "landing chile_norte from lima")
        action = PLANNER.next_action(state, 1, plan)
        assert action is not None and state.action_to_string(action) == expected
        state.apply_action(action)
    assert state.d["units"]["am_fp"]["at"] == "chile_norte"
