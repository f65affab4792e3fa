"""The fourteen mission cards (rulebook §Acciones de misión; card facts in data/missions.toml).

A mission in play is a dict in the state: ``{"id", "slot", "boxes", "done", "marks", "last", "keeper",
"lady"}`` — success boxes filled, completed, locations marked (graffiti, visits), the day of the last
box, whether a worker stays on the card (the mole, the cryptographer), the Dark Lady's location.
Each function cites the card it implements (`rules.*.md` § missions.<id>).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.procedure import Frame
from ludoteca.games.maquis.actions import DO
from ludoteca.games.maquis.board import BOARD

if TYPE_CHECKING:
    from ludoteca.games.maquis.state import MaquisState as St

OPTIONS = ("mission", "graffiti", "parade", "visit", "dark-lady", "blow-bridge")
Mission = dict[str, Any]


def candidates(choice: str, slot: int) -> list[str]:
    """The cards a slot is dealt from: any card, one level, or level 1 then level 2 (§Dificultad de las
    cartas de misión)."""
    level = {"level1": 1, "level2": 2, "mixed": slot + 1}.get(choice)
    return [m.id for m in BOARD.missions.values() if level is None or m.level == level]


def spec(m: Mission) -> dict[str, Any]:
    return BOARD.missions[m["id"]].raw


def active(st: St, mission_id: str) -> Mission | None:
    """The mission in play with this id, if it is not done yet."""
    m = st.mission(mission_id)
    return m if m is not None and not m["done"] else None


def mole_in_place(st: St) -> bool:
    m = active(st, "infiltration")
    return bool(m and m["keeper"])


def shooting_forbidden(st: St) -> bool:
    """German Shepherds: until the card is done, no Milice may be shot."""
    return active(st, "german-shepherds") is not None


def closed_locations(st: St) -> set[str]:
    """Bomb for the Officer: until it is done, its two locations cannot be used."""
    m = active(st, "bomb-for-the-officer")
    return set(spec(m)["closes"]) if m else set()


def closed_roads(st: St) -> set[frozenset[str]]:
    """Roads no worker may use: destroyed bridges (Take Out the Bridges) and, on Parade Days while
    Milice Parade Day is not done, Rue Baradat–Fence."""
    closed = {frozenset(BOARD.bridges[b]) for b in st.d["bridges"]}
    m = active(st, "milice-parade-day")
    if m and st.d["day"] in spec(m)["days"]:
        closed.add(frozenset(("rue_baradat", "fence")))
    return closed


def placeable_slot(st: St, slot: str) -> bool:
    """A mission rectangle takes a worker while its card has a rectangle, is not done and holds no
    worker of its own — except Infiltration, whose second delivery is made beside the mole."""
    m = next((m for m in st.d["missions"] if m["slot"] == slot), None)
    if not (m and BOARD.missions[m["id"]].rect and not m["done"]):
        return False
    if m["id"] == "coded-messages" and st.d["day"] > spec(m)["start_by"]:
        return False  # the cryptographer must be in place by day 6
    return not m["keeper"] or m["id"] == "infiltration"


def choices(st: St, loc: str) -> list[int]:
    """The mission actions a worker activated at `loc` may take."""
    d = st.d
    found: list[int] = []
    for m in d["missions"]:
        if m["done"]:
            continue
        data, mid = spec(m), m["id"]
        if loc == m["slot"] and _rect_ready(st, m):
            found.append(DO["mission"])
        elif mid == "milice-parade-day" and loc == "rue_baradat" and d["day"] in data["days"]:
            if st.can_pay(data["pay"]):
                found.append(DO["parade"])
        elif mid == "officers-mansion" and loc in data["graffiti"] and loc not in m["marks"]:
            found.append(DO["graffiti"])
        elif mid == "double-agent":
            if m["lady"] is None and loc in data["visits"] and loc not in m["marks"]:
                found.append(DO["visit"])
            elif m["lady"] == loc:
                found.append(DO["dark-lady"])
        elif (
            mid == "take-out-the-bridges"
            and loc == "black_market"
            and len(d["bridges"]) + d["blow"] < len(BOARD.bridges)
            and st.can_pay(data["pay"])
        ):
            found.append(DO["blow-bridge"])
    return found


def _rect_ready(st: St, m: Mission) -> bool:
    """Whether the next success box of a card with a rectangle can be filled now."""
    d, data, mid = st.d, spec(m), m["id"]
    steps = data.get("steps", [])
    if data.get("new_day") and m["last"] == d["turn"]:
        return False  # one box a day
    if mid == "officers-mansion":
        return len(m["marks"]) == len(data["graffiti"])
    if mid == "coded-messages":
        return not m["keeper"] and d["day"] <= data["start_by"]
    if mid == "infiltration" and m["boxes"] == 1 and not m["keeper"]:
        return False
    if mid == "destroy-the-train" and d["day"] not in data["days"]:
        return False
    if mid == "bomb-for-the-officer" and d["morale"] < data["morale"]:
        return False
    return m["boxes"] < len(steps) and st.can_pay(steps[m["boxes"]])


def perform(st: St, f: Frame, loc: str, option: str) -> None:
    """A mission action by the worker activated at `loc`. Mission actions keep their reward even if
    the worker is then arrested (facts A7)."""
    d = st.d
    if option == "mission":
        _rectangle(st, f, loc)
        return
    if option == "blow-bridge":
        m = active(st, "take-out-the-bridges")
        assert m is not None
        st.pay(spec(m)["pay"])
        d["blow"] += 1
        st.log("log.blow", rule="missions.take-out-the-bridges")
        return
    if option == "parade":
        m = active(st, "milice-parade-day")
        assert m is not None
        st.pay(spec(m)["pay"])
        st.change_morale(+1, "log.morale_parade")
        complete(st, m)
        if not st.is_terminal():
            del d["board"][loc]  # the worker who fired on the parade is taken (card text)
            st.log("log.parade_arrest", rule="missions.milice-parade-day")
            st.worker_lost(arrest=True)
        return
    if option == "graffiti":
        m = active(st, "officers-mansion")
        assert m is not None
        m["marks"].append(loc)
        st.log("log.graffiti", loc=f"@target.{loc}", n=len(m["marks"]), rule="missions.officers-mansion")
        return
    m = active(st, "double-agent")
    assert m is not None
    if option == "visit":
        m["marks"].append(loc)
        st.log("log.visit", loc=f"@target.{loc}", n=len(m["marks"]), rule="missions.double-agent")
        if len(m["marks"]) == len(spec(m)["visits"]):
            st.call("dark_lady", then="after")
        return
    complete(st, m)  # "dark-lady": the worker leaves with her
    if not st.is_terminal():
        del d["board"][loc]
        st.log("log.lady_leaves", rule="missions.double-agent")
        st.worker_lost(arrest=False)


def _rectangle(st: St, f: Frame, slot: str) -> None:
    """Fill the next success box of the card in `slot` (numbered boxes in order: §Acciones de misión)."""
    d = st.d
    m = next(m for m in d["missions"] if m["slot"] == slot)
    data, mid = spec(m), m["id"]
    rule = f"missions.{mid}"
    if mid == "coded-messages":
        m["keeper"] = True
        del d["board"][slot]
        st.log("log.cryptographer", rule=rule)
        return
    if mid == "officers-mansion":
        complete(st, m)
        return
    st.pay(data["steps"][m["boxes"]])
    m["boxes"] += 1
    m["last"] = d["turn"]
    st.log("log.box", mission=f"@target.{mid}", n=m["boxes"], of=len(data["steps"]), rule=rule)
    if mid == "infiltration" and m["boxes"] == 1:
        m["keeper"] = True
        del d["board"][slot]
        st.log("log.mole", rule=rule)
        return
    if m["boxes"] < len(data["steps"]):
        return
    if mid == "infiltration":
        # The mole is released: it leaves the card with the worker who freed it and, like that worker,
        # must trace an escape route at the escape check (facts A7: «both workers then try to return
        # home»; §Verificar ruta de escape). Counted at home until then; `release_mole` may arrest it.
        d["home"] += 1
        f["mole"] = True
    complete(st, m)


def reveal_lady(st: St, card: int) -> None:
    """Double Agent: the top patrol card is turned; its first location is where the Dark Lady waits."""
    m = active(st, "double-agent")
    assert m is not None
    m["lady"] = BOARD.patrol_cards[card][0]
    st.log("log.lady", card=card, loc=f"@target.{m['lady']}", rule="missions.double-agent")


def destroy_bridge(st: St, bridge: str) -> None:
    """Take Out the Bridges: at the end of the day the chosen bridge is blown, for good."""
    d = st.d
    d["bridges"].append(bridge)
    d["blow"] -= 1
    m = active(st, "take-out-the-bridges")
    assert m is not None
    m["boxes"] += 1
    st.log("log.bridge", bridge=f"@target.{bridge}", rule="missions.take-out-the-bridges")
    if m["boxes"] == len(BOARD.bridges):
        complete(st, m)


def end_of_day(st: St) -> None:
    """Coded Messages: the cryptographer, in place since day 6 or earlier, is done at the end of day 10
    and goes home."""
    m = active(st, "coded-messages")
    if m and m["keeper"] and st.d["day"] == spec(m)["done_on"]:
        m["keeper"] = False
        st.d["home"] += 1
        complete(st, m)


def at_end(st: St) -> None:
    """Liberate the Town: checked when the day marker reaches the end of the track."""
    m = active(st, "liberate-the-town")
    if m:
        data = spec(m)
        if st.d["res"]["weapon"] >= data["weapons"] and st.d["morale"] >= data["morale"]:
            complete(st, m)


def check_assassination(st: St) -> None:
    """Assassination: every Milice shot (the soldier marker at its end), and the other mission done."""
    m = active(st, "assassination")
    all_shot = st.d["soldiers"] >= BOARD.components["soldiers"]["max"]
    if m and all_shot and all(other["done"] for other in st.d["missions"] if other is not m):
        complete(st, m)


def complete(st: St, m: Mission) -> None:
    """A mission is done; the second one wins the game at once (§Fin del juego)."""
    m["done"] = True
    m["keeper"] = False
    st.log("log.mission_done", mission=f"@target.{m['id']}", rule=f"missions.{m['id']}")
    if all(x["done"] for x in st.d["missions"]):
        st.end_game("outcome.win", [1.0])
        return
    check_assassination(st)
