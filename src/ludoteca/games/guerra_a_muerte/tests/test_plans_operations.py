"""The operations plans (`plans_operations.py`): each objective expands into legal actions that reach its
target on a position built for it (§3.3, §5, §6), the plans keep the rules' cautions (a rearguard in Lima,
§6.2; no battle against double strength; relieve a fortress blockaded, §6.6; intercept a weaker force,
§3.4), a plan that cannot go on gives None, and in played games every plan offered starts legally."""

from __future__ import annotations

import random

from ludoteca.core.plans import Plan
from ludoteca.games.guerra_a_muerte.actions import ID, die
from ludoteca.games.guerra_a_muerte.plans import PLANNER
from ludoteca.games.guerra_a_muerte.plans_operations import OPERATIONS, Orders
from ludoteca.games.guerra_a_muerte.position import OUT, POOL
from ludoteca.games.guerra_a_muerte.state import GamState
from ludoteca.games.guerra_a_muerte.tests.positions import waiting
from ludoteca.games.guerra_a_muerte.tests.test_examples import GAME

EASY = ("pass", "stop", "allow", "fight", "done")


def to_activate(role: int, scenario: str = "1815-1818") -> GamState:
    """The scenario played (historical set-up, the first face of each die, every side passing) to `role`'s
    first choice of a force to activate (§3.3)."""
    state = GAME.new_initial_state({"scenario": scenario, "setup": "historical", "intelligence": "open"})
    assert isinstance(state, GamState)
    while True:
        if state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
            continue
        wait = waiting(state)
        if wait["role"] == role and wait["prompt"] == "prompt.activate":
            return state
        legal = state.legal_actions()
        easy = [a for a in legal if state.action_to_string(a) in EASY]
        state.apply_action(easy[0] if easy else legal[0])


def position(role: int, units: dict[str, list[str]], inside: dict[str, list[str]] | None = None) -> GamState:
    """`role`'s choice of a force with only `units` on the map (in the field of each area, `inside` in its
    city), the choice asked again of the position."""
    state = to_activate(role)
    for u in state.d["units"]:
        state.move(u, POOL, city=False, guerrilla=False, done=False)
    for s in state.d["leaders"].values():
        s["at"] = OUT
    for city, where in ((False, units), (True, inside or {})):
        for area, here in where.items():
            for u in here:
                state.move(u, area, city=city, done=False, steps=state.d["units"][u]["steps"])
    return asked_again(state, role)


def asked_again(state: GamState, role: int) -> GamState:
    """`state` (a choice of a force, its counters moved by hand) with `role`'s choice asked again of it."""
    frame = state.running_frame()
    assert frame is not None and frame["p"] == "nation_operations"
    frame["s"] = "start"
    state.d["wait"] = None
    state._run()
    assert state.current_player() == role
    return state


def named(plans: list[Plan], name: str) -> Plan:
    found = [p for p in plans if p.name == name]
    assert found, f"no plan {name!r} among {[p.name for p in plans]}"
    return found[0]


def play(state: GamState, role: int, plan: Plan, roll: int = 6) -> list[str]:
    """`plan` played through until it gives None or the phase ends: its actions checked legal, every die
    showing `roll` where it can, the other side allowing and fighting. The notations of `role`'s actions.
    (A fleet's or a landing's plan is expanded too: the operations part hands it to `plans_fleets`.)"""
    played = []
    phase = state.d["phase"]
    for _ in range(80):
        if state.is_terminal() or state.d["phase"] != phase:
            break
        if state.is_chance_node():
            legal = state.legal_actions()
            state.apply_action(die(roll) if die(roll) in legal else legal[0])
            continue
        legal = state.legal_actions()
        if state.current_player() != role:
            easy = [a for a in legal if state.action_to_string(a) in EASY]
            state.apply_action(easy[0] if easy else legal[0])
            continue
        action = OPERATIONS.next_action(state, role, plan)
        if action is None:
            break
        assert action in legal, state.action_to_string(action)
        played.append(state.action_to_string(action))
        state.apply_action(action)
    return played


def test_take_an_empty_area_leaves_a_rearguard_5_2() -> None:
    """§5, §1.1.1: the force marches into the empty Charcas (RP 4, the favourite) and takes it; a counter
    stays in Cuzco so that the march gives nothing away (§5.2)."""
    state = position(1, {"cuzco": ["am_fp", "am_ce"], "cordoba": ["ep_c1"]})
    plan = next(iter(PLANNER.plans(state, 1)))
    assert plan.name == "take charcas from cuzco"
    played = play(state, 1, plan)
    assert played[0] == "activate cuzco" and played[-1] == "move charcas"
    assert any(x.startswith("leave ") for x in played)
    assert state.controls("royalist", "charcas") and state.controls("royalist", "cuzco")


def test_attack_a_weaker_force_6_1() -> None:
    """§6.1: the army marches on the lone Patriot regiment next to it and attacks."""
    state = position(1, {"cuzco": ["am_fp", "am_ce", "am_f", "am_rl"], "arequipa": ["ep_c1"]})
    plan = named(list(PLANNER.plans(state, 1)), "attack arequipa from cuzco")
    played = play(state, 1, plan)
    assert played[0] == "activate cuzco"
    assert played[-2:] == ["move arequipa", "attack"] or "attack" in played
    assert state.d["units"]["am_fp"]["at"] == "arequipa"


def test_no_battle_against_double_strength_and_a_retreat() -> None:
    """An enemy of double strength next door is not attacked; the force may fall back on Lima, held and
    out of the enemy's reach."""
    state = position(
        1,
        {"cuzco": ["am_fp"], "lima": ["am_ce"], "charcas": ["ep_c1", "ep_c2", "ep_dp1", "ep_dp2"]},
    )
    names = [p.name for p in PLANNER.plans(state, 1)]
    assert not any(n.startswith(("attack charcas", "relieve charcas")) for n in names), names
    assert "retreat lima from cuzco" in names


def test_lima_is_not_left_empty_to_an_adjacent_army_6_2() -> None:
    """§6.2, §11: with a Patriot army in Guayaquil no plan marches the garrison out of Lima and leaves it
    empty; the favourite goes into Callao (+8, §6.2), and Lima stays held."""
    state = position(1, {"lima": ["am_fp", "am_ce"], "guayaquil": ["ep_c1", "ep_c2"]})
    plans = list(PLANNER.plans(state, 1))
    marches = [p for p in plans if isinstance(p.data[1], Orders) and p.data[1].route]
    assert all(p.data[1].leave for p in marches if p.data[1].origin == "lima")
    assert plans[0].name == "hold lima from lima", [p.name for p in plans]
    assert play(state, 1, plans[0]) == ["activate lima", "spend 0", "enter lima"]
    assert state.land_at("lima", "royalist") and all(state.d["units"][u]["city"] for u in ("am_fp", "am_ce"))


def test_relieve_a_blockaded_fortress_first_6_6() -> None:
    """§6.6: Callao, blockaded, surrenders at the end of the turn on 1–4: relieving it is the favourite,
    and the plan marches on Lima and attacks the blockading force."""
    state = position(1, {"cuzco": ["am_ce", "am_f", "am_rl"], "lima": ["ep_c1"]}, inside={"lima": ["am_fp"]})
    state.d["blockades"] = {"callao": "patriot"}
    plans = list(PLANNER.plans(state, 1))
    assert plans[0].name == "relieve lima from cuzco", [p.name for p in plans]
    assert play(state, 1, plans[0])[-2:] == ["move lima", "attack"]


def test_blockade_an_enemy_fortress_6_6() -> None:
    """§6.6: a Patriot garrison in Callao and none outside: the army marches in and blockades it."""
    state = position(1, {"cuzco": ["am_ce", "am_f", "am_rl"]}, inside={"lima": ["ep_c1"]})
    plan = named(list(PLANNER.plans(state, 1)), "blockade lima from cuzco")
    played = play(state, 1, plan)
    assert "blockade" in played
    assert state.d["blockades"].get("callao") == "royalist"


def test_intercept_only_a_weaker_force_3_4() -> None:
    """§3.4: the Royalists in Salta try to stop the weaker Patriot force leaving it, not a stronger one."""
    for royalists, favourite in ((["am_fp", "am_ce"], "intercept"), (["am_dg"], "allow")):
        state = position(0, {"salta": ["ep_c1", *royalists]})
        for notation in ("activate salta", "spend 0", "die 6", "move cordoba"):
            if notation in [state.action_to_string(a) for a in state.legal_actions()]:
                state.apply_notation(notation)
        assert waiting(state)["prompt"] == "prompt.intercept"
        plans = list(PLANNER.plans(state, 1))
        assert next(p.name for p in plans) == favourite
        assert OPERATIONS.next_action(state, 1, plans[0]) == ID[favourite]


def test_a_plan_that_cannot_go_on_gives_none() -> None:
    """The die gave too few OPs for the rest of the route, or the force was destroyed: None, so that the
    search plans again from where it stands."""
    state = position(1, {"cuzco": ["am_fp", "am_ce", "am_f"], "cordoba": ["ep_c1"]})
    plan = next(p for p in PLANNER.plans(state, 1) if isinstance(p.data[1], Orders) and p.data[1].route)
    for notation in ("activate cuzco", "spend 0", "die 6"):
        if notation in [state.action_to_string(a) for a in state.legal_actions()]:
            state.apply_notation(notation)
    assert waiting(state)["prompt"] == "prompt.operate"
    assert OPERATIONS.next_action(state, 1, plan) is not None
    frame = state.running_frame()
    assert frame is not None
    ops = frame["ops"]
    frame["ops"] = frame["used"]  # a die that gave nothing to march with
    assert OPERATIONS.next_action(state, 1, plan) is None
    frame["ops"] = ops
    for u in ("am_fp", "am_ce", "am_f"):
        state.eliminate(u)
    assert OPERATIONS.next_action(state, 1, plan) is None


def test_every_plan_offered_starts_with_a_legal_action() -> None:
    """In random games of every scenario, at every decision the operations part plans, each candidate's
    first action is legal and its message reads in both languages, and the favourite played through
    keeps to legal actions."""
    for scenario in ("1810-1814", "1815-1818", "1820-1824", "campaign"):
        state = GAME.new_initial_state({"scenario": scenario, "setup": "historical"})
        rng = random.Random(7)
        held: dict[int, Plan | None] = {0: None, 1: None}
        planned = 0
        for _ in range(700):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            role, legal = state.current_player(), state.legal_actions()
            action = None
            if held[role] is not None:
                action = OPERATIONS.next_action(state, role, held[role])  # type: ignore[arg-type]
                assert action is None or action in legal
            if action is None:
                plans = list(OPERATIONS.plans(state, role))
                planned += bool(plans)
                for plan in plans:
                    assert OPERATIONS.next_action(state, role, plan) in legal, (scenario, plan.name)
                    for lang in ("es", "en"):  # a hint says it in the page's language
                        said = GAME.catalog.text(plan.message, lang, plan.params)
                        assert said != plan.message and "{" not in said, said
                held[role] = plans[0] if plans else None
                action = OPERATIONS.next_action(state, role, plans[0]) if plans else rng.choice(legal)
            state.apply_action(action)  # type: ignore[arg-type]
        assert planned > 20, scenario


def test_a_regular_stays_where_enemy_guerrillas_wait_10_1() -> None:
    """§10.1: guerrillas do not hold an area where enemy regulars stand, but militia alone do not keep it
    from them: a march out of Cuzco, where a Patriot guerrilla waits, leaves a regular behind."""
    state = position(1, {"cuzco": ["am_fp", "mil_american_i1"], "cordoba": ["ep_c1"]})
    state.move("mil_peru_i1", "cuzco", guerrilla=True, steps=1)
    marches = [
        p
        for p in PLANNER.plans(state, 1)
        if isinstance(p.data[1], Orders) and p.data[1].origin == "cuzco" and p.data[1].route
    ]
    assert marches and all(p.data[1].leave == ("am_fp",) for p in marches)


def test_the_royalist_s_last_operations_neither_hold_nor_retreat_3_1() -> None:
    """§3.1, §11.0: the Royalist operates after the Patriot and the areas are counted at the end of the
    last turn: in his last operations no enemy moves any more, so falling back from an army of double
    strength, or reinforcing against it, gains nothing — taking an area (a counter staying in Cuzco) still
    does."""
    units = {
        "cuzco": ["am_fp", "am_dg"],
        "lima": ["am_ce"],
        "charcas": ["ep_c1", "ep_c2", "ep_dp1", "ep_dp2"],
    }
    earlier = position(1, units)
    assert "retreat lima from cuzco" in [p.name for p in PLANNER.plans(earlier, 1)]
    last = position(1, units)
    last.d["turn"] = 9  # 1815-1818's last turn (§12.2.1)
    names = [p.name for p in PLANNER.plans(last, 1)]
    assert not any(n.startswith(("retreat", "hold")) for n in names), names
    assert any(n.startswith("take") for n in names), names


def test_a_pass_is_one_nation_s_not_the_next_3_2() -> None:
    """§3.2: the Patriot operates nation by nation; a ``pass`` held by the search ends one nation's
    operations, and gives None at the next nation's choice, which is planned afresh."""
    state = to_activate(0)
    first = state.running_frame()
    assert first is not None
    nations = first["nations"]
    plan = named(list(PLANNER.plans(state, 0)), "pass")
    assert OPERATIONS.next_action(state, 0, plan) == ID["pass"]
    state.apply_action(ID["pass"])
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    frame = state.running_frame()
    assert waiting(state)["prompt"] == "prompt.activate" and frame is not None
    assert frame["nations"] != nations
    assert OPERATIONS.next_action(state, 0, plan) is None
