"""The fourteen mission cards (rulebook §Acciones de misión; card facts in data/missions.toml).

A mission in play is a `MissionInPlay` in the position (position.py). Each function cites the card it
implements (`rules.*.md` § missions.<id>); two cards add procedures of their own: Take Out the Bridges
(the bridge blown at the end of the day) and Double Agent (the patrol card that reveals the Dark Lady).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.maquis.actions import DESTROY, DO, target
from ludoteca.games.maquis.board import BOARD, MissionData
from ludoteca.games.maquis.position import Activation, Drawing
from ludoteca.games.maquis.position import MissionInPlay as Mission
from ludoteca.games.maquis.procs import PROCS, Action, Frame

if TYPE_CHECKING:
    from ludoteca.games.maquis.state import MaquisState

OPTIONS = ("mission", "graffiti", "parade", "visit", "dark-lady", "blow-bridge")


def candidates(choice: str, slot: int) -> list[str]:
    """The cards a slot is dealt from: any card, one level, or level 1 then level 2 (§Dificultad de las
    cartas de misión)."""
    level = {"level1": 1, "level2": 2, "mixed": slot + 1}.get(choice)
    return [mission.id for mission in BOARD.missions.values() if level is None or mission.level == level]


def spec(mission: Mission) -> MissionData:
    return BOARD.missions[mission["id"]].raw


def active(state: MaquisState, mission_id: str) -> Mission | None:
    """The mission in play with this id, if it is not done yet."""
    mission = state.mission(mission_id)
    return mission if mission is not None and not mission["done"] else None


def mole_in_place(state: MaquisState) -> bool:
    mission = active(state, "infiltration")
    return bool(mission and mission["keeper"])


def shooting_forbidden(state: MaquisState) -> bool:
    """German Shepherds: until the card is done, no Milice may be shot."""
    return active(state, "german-shepherds") is not None


def closed_locations(state: MaquisState) -> set[str]:
    """Bomb for the Officer: until it is done, its two locations cannot be used."""
    mission = active(state, "bomb-for-the-officer")
    return set(spec(mission)["closes"]) if mission else set()


def closed_roads(state: MaquisState) -> set[frozenset[str]]:
    """Roads no worker may use: destroyed bridges (Take Out the Bridges) and, on Parade Days while
    Milice Parade Day is not done, Rue Baradat–Fence."""
    closed = {frozenset(BOARD.bridges[b]) for b in state.d["bridges"]}
    mission = active(state, "milice-parade-day")
    if mission and state.d["day"] in spec(mission)["days"]:
        closed.add(frozenset(("rue_baradat", "fence")))
    return closed


def idle_today(state: MaquisState, slot: str) -> bool:
    """Whether a worker placed on this mission rectangle today is sure to do nothing there: Destroy the
    Train off its train days (card: days 6–9), the Officer's Mansion while its three graffiti cannot all
    be painted today (by workers on them or still to be placed). Placing there stays legal; the label
    says that it yields nothing today (issue 25)."""
    mission = next((mission for mission in state.d["missions"] if mission["slot"] == slot), None)
    if mission is None or mission["done"]:
        return False
    data, position = spec(mission), state.d
    if mission["id"] == "destroy-the-train":
        return position["day"] not in data["days"]
    if mission["id"] == "officers-mansion":
        missing = [loc for loc in data["graffiti"] if loc not in mission["marks"]]
        painters = sum(1 for loc in missing if position["board"].get(loc) == "w")
        free = sum(1 for loc in missing if loc not in position["board"])
        return len(missing) > painters + min(free, max(position["home"] - 1, 0))
    return False


def placeable_slot(state: MaquisState, slot: str) -> bool:
    """A mission rectangle takes a worker while its card has a rectangle, is not done and holds no
    worker of its own — except Infiltration, whose second delivery is made beside the mole."""
    mission = next((mission for mission in state.d["missions"] if mission["slot"] == slot), None)
    if not (mission and BOARD.missions[mission["id"]].rect and not mission["done"]):
        return False
    if mission["id"] == "coded-messages" and state.d["day"] > spec(mission)["start_by"]:
        return False  # the cryptographer must be in place by day 6
    return not mission["keeper"] or mission["id"] == "infiltration"


def choices(state: MaquisState, loc: str) -> list[int]:
    """The mission actions a worker activated at `loc` may take."""
    position = state.d
    found: list[int] = []
    for mission in position["missions"]:
        if mission["done"]:
            continue
        data, mid = spec(mission), mission["id"]
        if loc == mission["slot"] and _rect_ready(state, mission):
            found.append(DO["mission"])
        elif mid == "milice-parade-day" and loc == "rue_baradat" and position["day"] in data["days"]:
            if state.can_pay(data["pay"]):
                found.append(DO["parade"])
        elif mid == "officers-mansion" and loc in data["graffiti"] and loc not in mission["marks"]:
            found.append(DO["graffiti"])
        elif mid == "double-agent":
            if mission["lady"] is None and loc in data["visits"] and loc not in mission["marks"]:
                found.append(DO["visit"])
            elif mission["lady"] == loc:
                found.append(DO["dark-lady"])
        elif (
            mid == "take-out-the-bridges"
            and loc == "black_market"
            and len(position["bridges"]) + position["blow"] < len(BOARD.bridges)
            and state.can_pay(data["pay"])
        ):
            found.append(DO["blow-bridge"])
    return found


def _rect_ready(state: MaquisState, mission: Mission) -> bool:
    """Whether the next success box of a card with a rectangle can be filled now."""
    position, data, mid = state.d, spec(mission), mission["id"]
    steps = data.get("steps", [])
    if data.get("new_day") and mission["last"] == position["turn"]:
        return False  # one box a day
    if mid == "officers-mansion":
        return len(mission["marks"]) == len(data["graffiti"])
    if mid == "coded-messages":
        return not mission["keeper"] and position["day"] <= data["start_by"]
    if mid == "infiltration" and mission["boxes"] == 1 and not mission["keeper"]:
        return False
    if mid == "destroy-the-train" and position["day"] not in data["days"]:
        return False
    if mid == "bomb-for-the-officer" and position["morale"] < data["morale"]:
        return False
    return mission["boxes"] < len(steps) and state.can_pay(steps[mission["boxes"]])


def perform(state: MaquisState, frame: Activation, loc: str, option: str) -> None:
    """A mission action by the worker activated at `loc`. Mission actions keep their reward even if
    the worker is then arrested (facts A7)."""
    position = state.d
    if option == "mission":
        _rectangle(state, frame, loc)
        return
    if option == "blow-bridge":
        mission = active(state, "take-out-the-bridges")
        assert mission is not None
        state.pay(spec(mission)["pay"])
        position["blow"] += 1
        state.log("log.blow", rule="missions.take-out-the-bridges")
        return
    if option == "parade":
        mission = active(state, "milice-parade-day")
        assert mission is not None
        state.pay(spec(mission)["pay"])
        state.change_morale(+1, "log.morale_parade")
        complete(state, mission)
        if not state.is_terminal():
            del position["board"][loc]  # the worker who fired on the parade is taken (card text)
            state.log("log.parade_arrest", rule="missions.milice-parade-day")
            state.worker_lost(arrest=True)
        return
    if option == "graffiti":
        mission = active(state, "officers-mansion")
        assert mission is not None
        mission["marks"].append(loc)
        state.log(
            "log.graffiti", loc=f"@target.{loc}", n=len(mission["marks"]), rule="missions.officers-mansion"
        )
        return
    mission = active(state, "double-agent")
    assert mission is not None
    if option == "visit":
        mission["marks"].append(loc)
        state.log("log.visit", loc=f"@target.{loc}", n=len(mission["marks"]), rule="missions.double-agent")
        if len(mission["marks"]) == len(spec(mission)["visits"]):
            state.call("dark_lady", then="after")
        return
    complete(state, mission)  # "dark-lady": the worker leaves with her
    if not state.is_terminal():
        del position["board"][loc]
        state.log("log.lady_leaves", rule="missions.double-agent")
        state.worker_lost(arrest=False)


def _rectangle(state: MaquisState, frame: Activation, slot: str) -> None:
    """Fill the next success box of the card in `slot` (numbered boxes in order: §Acciones de misión)."""
    position = state.d
    mission = next(mission for mission in position["missions"] if mission["slot"] == slot)
    data, mid = spec(mission), mission["id"]
    rule = f"missions.{mid}"
    if mid == "coded-messages":
        mission["keeper"] = True
        del position["board"][slot]
        state.log("log.cryptographer", rule=rule)
        return
    if mid == "officers-mansion":
        complete(state, mission)
        return
    state.pay(data["steps"][mission["boxes"]])
    mission["boxes"] += 1
    mission["last"] = position["turn"]
    state.log("log.box", mission=f"@target.{mid}", n=mission["boxes"], of=len(data["steps"]), rule=rule)
    if mid == "infiltration" and mission["boxes"] == 1:
        mission["keeper"] = True
        del position["board"][slot]
        state.log("log.mole", rule=rule)
        return
    if mission["boxes"] < len(data["steps"]):
        return
    if mid == "infiltration":
        # The mole is released: it leaves the card with the worker who freed it and, like that worker,
        # must trace an escape route at the escape check (facts A7: «both workers then try to return
        # home»; §Verificar ruta de escape). Counted at home until then; `release_mole` may arrest it.
        position["home"] += 1
        frame["mole"] = True
    complete(state, mission)


def reveal_lady(state: MaquisState, card: int) -> None:
    """Double Agent: the top patrol card is turned; its first location is where the Dark Lady waits."""
    mission = active(state, "double-agent")
    assert mission is not None
    mission["lady"] = BOARD.patrol_cards[card][0]
    state.log("log.lady", card=card, loc=f"@target.{mission['lady']}", rule="missions.double-agent")


def destroy_bridge(state: MaquisState, bridge: str) -> None:
    """Take Out the Bridges: at the end of the day the chosen bridge is blown, for good."""
    position = state.d
    position["bridges"].append(bridge)
    position["blow"] -= 1
    mission = active(state, "take-out-the-bridges")
    assert mission is not None
    mission["boxes"] += 1
    state.log("log.bridge", bridge=f"@target.{bridge}", rule="missions.take-out-the-bridges")
    if mission["boxes"] == len(BOARD.bridges):
        complete(state, mission)


def end_of_day(state: MaquisState) -> None:
    """Coded Messages: the cryptographer, in place since day 6 or earlier, is done at the end of day 10
    and goes home."""
    mission = active(state, "coded-messages")
    if mission and mission["keeper"] and state.d["day"] == spec(mission)["done_on"]:
        mission["keeper"] = False
        state.d["home"] += 1
        complete(state, mission)


def at_end(state: MaquisState) -> None:
    """Liberate the Town: checked when the day marker reaches the end of the track."""
    mission = active(state, "liberate-the-town")
    if mission:
        data = spec(mission)
        if state.d["res"]["weapon"] >= data["weapons"] and state.d["morale"] >= data["morale"]:
            complete(state, mission)


def check_assassination(state: MaquisState) -> None:
    """Assassination, checked when a Milice is shot and when the other mission is done: the other mission
    done, and every Milice shot (the Soldiers marker at its end); with `assassination=none-standing`, no
    Milice standing on the board at that moment instead (README, ambiguity 5)."""
    mission = active(state, "assassination")
    if not mission or not all(other["done"] for other in state.d["missions"] if other is not mission):
        return
    if state.options.assassination == "none-standing":
        met = "m" not in state.d["board"].values()
    else:
        met = state.d["soldiers"] >= BOARD.components["soldiers"]["max"]
    if met:
        complete(state, mission)


def complete(state: MaquisState, mission: Mission) -> None:
    """A mission is done; the second one wins the game at once (§Fin del juego)."""
    mission["done"] = True
    mission["keeper"] = False
    state.log("log.mission_done", mission=f"@target.{mission['id']}", rule=f"missions.{mission['id']}")
    if all(x["done"] for x in state.d["missions"]):
        state.end_game("outcome.win", [1.0])
        return
    check_assassination(state)


bridges = PROCS.proc("bridges", rule="missions.take-out-the-bridges")


@bridges.step()
def _bridges(state: MaquisState, frame: Frame, action: Action) -> None:
    """Take Out the Bridges: the bridges paid for today are blown at the end of the day, one by one."""
    standing = [bridge for bridge in sorted(BOARD.bridges) if bridge not in state.d["bridges"]]
    if not state.d["blow"] or not standing:
        state.ret()
    elif len(standing) == 1:
        destroy_bridge(state, standing[0])
    else:
        state.decide(
            0, "bridge", [DESTROY[bridge] for bridge in standing], then="chosen", prompt="prompt.bridge"
        )


@bridges.step("chosen")
def _bridge_chosen(state: MaquisState, frame: Frame, action: int) -> None:
    destroy_bridge(state, target(action))
    if not state.is_terminal():
        state.goto("start")


dark_lady = PROCS.proc("dark_lady", rule="missions.double-agent", frame=Drawing)


@dark_lady.step()
def _lady(state: MaquisState, frame: Drawing, action: Action) -> None:
    """Double Agent: the top patrol card is revealed."""
    state.call("draw", then="seen")


@dark_lady.step("seen")
def _lady_seen(state: MaquisState, frame: Drawing, action: Action) -> None:
    card: int = frame.pop("ret")
    state.d["discard"].append(card)
    reveal_lady(state, card)
    state.ret()
