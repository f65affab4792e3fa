"""§6 Combat: the field battle (§6.1) with avoiding combat, initiative, the Tactical Options Table and the
CRT; the siege attack (§6.2–§6.5); the leaders' fate when their stack is wiped out (§8.1, §8.2); and the
Royalist repression that may follow (§10.4)."""

from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING, Any

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.actions import ID, die, face
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.operations import ENEMY, alive
from ludoteca.games.guerra_a_muerte.position import DEAD
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState as St

A = int | None
D6 = {die(n): 1 for n in range(1, 7)}
TWO_D6 = {die(t): 6 - abs(t - 7) for t in range(2, 13)}
ROLE = {"patriot": 0, "royalist": 1}
ARMS = ("infantry", "cavalry", "artillery")


def controller(side: str, attacker: str) -> int:
    """Who decides for a side in a battle: the El Plata rebels are played by the side they are not
    fighting (§9.5)."""
    return ROLE[ENEMY[attacker]] if side == "rebel" else ROLE[side]


def cavalry(units: list[str]) -> int:
    return sum(COUNTERS[u].arm == "cavalry" for u in units)


def evasion_modifier(st: St, f: Frame) -> int:
    """§6.1 step 3: −2 if the defender has more cavalry, +2 if the attacker has, + the attacker's leader's
    and − the defender's leader's Operations factor."""
    t = BOARD.tables["evasion"]
    att, dfn = cavalry(f["units"]), cavalry(f["dunits"])
    m = int(t["more_defender_cavalry"]) if dfn > att else int(t["more_attacker_cavalry"]) if att > dfn else 0
    return m + st.best_leader(f["leaders"]) - st.best_leader(f["dleaders"])


def evades(roll: int, modifier: int) -> bool:
    low, high = BOARD.tables["evasion"]["evades"]
    return int(low) <= roll + modifier <= int(high) or roll + modifier < int(low)


def by_arm(st: St, units: list[str]) -> dict[str, int]:
    out = dict.fromkeys(ARMS, 0)
    for u in units:
        c = COUNTERS[u]
        out[c.arm] += c.strength(int(st.d["units"][u]["steps"]))
    return out


def halved(st: St, side: str, area: str) -> bool:
    """§10.1: a side fighting in an area friendly to the other, where the other has a guerrilla, fights
    at half its factors."""
    pro = BOARD.areas[area].pro
    other = ENEMY.get(side, "")
    return bool(pro) and pro == other and any(st.d["units"][u]["guerrilla"] for u in st.land_at(area, other))


def side_factor(
    st: St, side: str, units: list[str], area: str, own: str, enemy: str, enemy_units: list[str]
) -> tuple[int, int]:
    """A side's combat factor after its own TOT result `own` and the enemy's result `enemy` (§6.1 step 7),
    and the column shift its own result gives it. A result that needs an arm the side lacks does nothing."""
    effects = BOARD.tables["tot_effect"]
    arms = by_arm(st, units)
    mine, theirs = effects[own], effects[enemy]
    if mine.get("needs") and not arms[mine["needs"]]:
        mine = {}
    if theirs.get("needs") and not by_arm(st, enemy_units)[theirs["needs"]]:
        theirs = {}
    if mine.get("arm"):
        arms[mine["arm"]] = math.floor(arms[mine["arm"]] * float(mine["multiplier"]))
    if theirs.get("enemy_arm"):
        arms[theirs["enemy_arm"]] = math.floor(arms[theirs["enemy_arm"]] * float(theirs["enemy_multiplier"]))
    total = sum(arms.values())
    if halved(st, side, area):
        total = math.ceil(total * float(BOARD.tables["guerrilla"]["halving"]))
    return total, int(mine.get("shift", 0))


def odds(st: St, f: Frame) -> tuple[int, int, int]:
    """§6.1 step 7: attack factor, defence factor and the net column shift (in the attacker's favour)."""
    att_tot, def_tot = f["tot"]
    attack, ashift = side_factor(st, f["attacker"], f["units"], f["area"], att_tot, def_tot, f["dunits"])
    defence, dshift = side_factor(st, f["defender"], f["dunits"], f["area"], def_tot, att_tot, f["units"])
    return attack, defence, ashift - dshift


def crt_losses(result: str, steps: int, who: str) -> int:
    """What a CRT result costs one side of `steps` steps ("all", "half" rounded up, or a number)."""
    value = BOARD.tables["crt_result"][result][who]
    if value == "all":
        return steps
    if value == "half":
        return math.ceil(steps / 2)
    return int(value)


# ----------------------------------------------------------------------------- field battle §6.1
battle = PROCS.proc("battle", rule="6.1")


@battle.step()
def _battle(st: St, f: Frame, a: A) -> None:
    """Steps 1–2: the attack is declared; the defender may try to avoid it (not when intercepted)."""
    st.reveal()
    f["units"], f["dunits"] = alive(st, f["units"], f["area"]), alive(st, f["dunits"], f["area"])
    st.log(
        "log.battle",
        area=f"@area.{f['area']}",
        attacker=f"@side.{f['attacker']}",
        defender=f"@side.{f['defender']}",
        asteps=st.strength_steps(f["units"]),
        dsteps=st.strength_steps(f["dunits"]),
    )
    if not f["units"] or not f["dunits"]:
        st.ret()
        return
    if f["evade"]:
        st.decide(
            controller(f["defender"], f["attacker"]),
            "evade",
            [ID["evade"], ID["fight"]],
            then="evade",
            prompt="prompt.evade",
            area=f"@area.{f['area']}",
        )
        return
    st.goto("initiative")


@battle.step("evade")
def _battle_evade(st: St, f: Frame, a: A) -> None:
    if a == ID["fight"]:
        st.goto("initiative")
        return
    st.chance(D6, then="evade_roll")


@battle.step("evade_roll")
def _battle_evade_roll(st: St, f: Frame, a: A) -> None:
    """Step 3: 1–3 (modified) avoids the battle."""
    assert a is not None
    mod = evasion_modifier(st, f)
    if evades(face(a), mod):
        st.log("log.evaded", roll=face(a), modified=face(a) + mod)
        st.ret()
        return
    st.log("log.not_evaded", roll=face(a), modified=face(a) + mod)
    st.goto("initiative")


@battle.step("initiative")
def _battle_initiative(st: St, f: Frame, a: A) -> None:
    """Step 4: both roll, plus their leader's tactical factor; the higher has the initiative (ties
    roll again)."""
    f["rolls"] = []
    st.chance(D6, then="initiative_roll")


@battle.step("initiative_roll")
def _battle_initiative_roll(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["rolls"].append(face(a))
    if len(f["rolls"]) < 2:
        st.chance(D6, then="initiative_roll")
        return
    att = f["rolls"][0] + st.best_leader(f["leaders"], "tactical")
    dfn = f["rolls"][1] + st.best_leader(f["dleaders"], "tactical")
    if att == dfn:
        st.goto("initiative")
        return
    f["first"] = "attacker" if att > dfn else "defender"
    st.log("log.initiative", side=f"@side.{f[f['first']]}")
    st.chance(TWO_D6, then="tot_winner")


@battle.step("tot_winner")
def _battle_tot_winner(st: St, f: Frame, a: A) -> None:
    """Steps 5–6: the initiative's winner reads 2d6 on the TOT, the other 1d6."""
    assert a is not None
    f["won_tot"] = str(BOARD.tables["tot"]["winner"][str(face(a))])
    st.chance(D6, then="tot_loser")


@battle.step("tot_loser")
def _battle_tot_loser(st: St, f: Frame, a: A) -> None:
    assert a is not None
    lost = str(BOARD.tables["tot"]["loser"][str(face(a))])
    f["tot"] = [f["won_tot"], lost] if f["first"] == "attacker" else [lost, f["won_tot"]]
    st.log("log.tot", attacker=f"@tot.{f['tot'][0]}", defender=f"@tot.{f['tot'][1]}")
    st.chance(D6, then="crt")


@battle.step("crt")
def _battle_crt(st: St, f: Frame, a: A) -> None:
    """Steps 7–9: the odds after the TOT, one die on the CRT (friction −1, §3.3), the results."""
    assert a is not None
    attack, defence, shift = odds(st, f)
    roll = face(a) - (int(-BOARD.tables["friction"]["combat_die"]) if f["friction"] else 0)
    result = BOARD.crt.result(attack, defence, roll, shift)
    col = BOARD.crt.columns[BOARD.crt.column(attack, defence, shift)]
    st.log("log.crt", attack=attack, defence=defence, column=col, roll=roll, result=result)
    f["result"] = result
    f["aloss"] = crt_losses(result, st.strength_steps(f["units"]), "attacker")
    f["dloss"] = crt_losses(result, st.strength_steps(f["dunits"]), "defender")
    st.call("losses", then="defender_losses", side=f["attacker"], units=f["units"], n=f["aloss"])


@battle.step("defender_losses")
def _battle_defender_losses(st: St, f: Frame, a: A) -> None:
    st.call("losses", then="leaders", side=f["defender"], units=f["dunits"], n=f["dloss"])


@battle.step("leaders")
def _battle_leaders(st: St, f: Frame, a: A) -> None:
    """§8.1, §8.2: leaders whose stack was wiped out roll for their fate; Boves rolls after every
    combat his stack fights (ambiguity 9)."""
    at_risk = []
    for units, leaders in ((f["units"], f["leaders"]), (f["dunits"], f["dleaders"])):
        wiped = not alive(st, units, f["area"])
        at_risk += [lid for lid in leaders if wiped or lid == "boves"]
    st.call(
        "leader_loss",
        then="repression",
        leaders=[x for x in at_risk if st.d["leaders"][x]["at"] == f["area"]],
    )


@battle.step("repression")
def _battle_repression(st: St, f: Frame, a: A) -> None:
    """§10.4: a Royalist force that clears an area of Patriot units may provoke repression."""
    area = f["area"]
    if (
        f["attacker"] == "royalist"
        and f["defender"] == "patriot"
        and not st.land_at(area, "patriot")
        and not BOARD.areas[area].pro
        and area not in st.d["repression"]
    ):
        st.call("repression", then="done", area=area)
        return
    st.ret()


@battle.step("done")
def _battle_done(st: St, f: Frame, a: A) -> None:
    st.ret()


# ---------------------------------------------------------------------------------- siege §6.2–§6.5
siege = PROCS.proc("siege", rule="6.2")


def city_of(area: str) -> Any:
    """The area's city (the fortress first): Cartagena lies in Santa Fe (ambiguity 12)."""
    cities = sorted((c for c in BOARD.cities.values() if c.area == area), key=lambda c: not c.fortress)
    return cities[0] if cities else None


def siege_odds(st: St, besiegers: list[str], garrison: list[str], area: str) -> tuple[int, int, int]:
    """§6.2–§6.5: the besieger's factors with artillery doubled, the garrison's with the city's own +8
    (fortress) or +2; one column right for ships of the besieger off the port with no enemy ships."""
    t = BOARD.tables["siege"]
    attack = 0
    for u in besiegers:
        c = COUNTERS[u]
        mult = int(t["artillery_multiplier"]) if c.arm == "artillery" else 1
        attack += c.strength(int(st.d["units"][u]["steps"])) * mult
    city = city_of(area)
    defence = sum(COUNTERS[u].strength(int(st.d["units"][u]["steps"])) for u in garrison)
    defence += int(t["fortress"]) if city is not None and city.fortress else int(t["city"])
    shift = 0
    if city is not None and city.port:
        side = COUNTERS[besiegers[0]].side
        ships = {COUNTERS[u].side for u in st.units_at(city.sea)}
        if side in ships and ENEMY[side] not in ships:
            shift += int(t["naval_support_shift"])
    return attack, defence, shift


@siege.step()
def _siege(st: St, f: Frame, a: A) -> None:
    st.reveal()
    side, area = f["attacker"], f["area"]
    f["units"] = [u for u in alive(st, f["units"], area) if not st.d["units"][u]["city"]]
    f["garrison"] = [u for u in st.land_at(area, ENEMY[side]) if st.d["units"][u]["city"]]
    if not f["units"] or not f["garrison"]:
        st.ret()
        return
    st.chance(D6, then="rolled")


@siege.step("rolled")
def _siege_rolled(st: St, f: Frame, a: A) -> None:
    """§6.3: one die on the Siege table, plus the besieger's leader's tactical factor."""
    assert a is not None
    attack, defence, shift = siege_odds(st, f["units"], f["garrison"], f["area"])
    roll = face(a) + st.best_leader(f["leaders"], "tactical")
    result = BOARD.siege_table.result(attack, defence, roll, shift)
    st.log("log.siege", area=f"@area.{f['area']}", attack=attack, defence=defence, roll=roll, result=result)
    if result == "S":
        for u in f["garrison"]:
            st.eliminate(u)
        st.ret()
        return
    if result.startswith("A"):
        st.call("losses", then="done", side=f["attacker"], units=f["units"], n=int(result[1:]))
    elif result.startswith("D"):
        st.call("losses", then="done", side=ENEMY[f["attacker"]], units=f["garrison"], n=int(result[1:]))
    else:
        st.ret()


@siege.step("done")
def _siege_done(st: St, f: Frame, a: A) -> None:
    st.ret()


# ------------------------------------------------------------------------------- leader loss §8.1
leader_loss = PROCS.proc("leader_loss", rule="8.1")


@leader_loss.step()
def _leader_loss(st: St, f: Frame, a: A) -> None:
    if not f["leaders"]:
        st.ret()
        return
    st.chance(D6, then="rolled")


def leader_lost(roll: int, leader: str) -> bool:
    """§8.1: 1–2 lost (3 survives, ambiguity 9); Boves −1 (§8.2)."""
    mod = int(BOARD.tables["leader_loss"]["boves"]) if leader == "boves" else 0
    return bool(BOARD.leader_loss(roll + mod) == "lost")


def nearest_stack(st: St, side: str, area: str) -> str:
    """The nearest area (by land) other than `area` holding land units of `side`; "" if none."""
    seen, queue = {area}, deque([area])
    while queue:
        here = queue.popleft()
        for nxt in BOARD.adjacent[here]:
            if nxt in seen:
                continue
            if st.land_at(nxt, side):
                return nxt
            seen.add(nxt)
            queue.append(nxt)
    return ""


@leader_loss.step("rolled")
def _leader_loss_rolled(st: St, f: Frame, a: A) -> None:
    assert a is not None
    lid = f["leaders"].pop(0)
    ldr = BOARD.leaders[lid]
    here = st.d["leaders"][lid]["at"]
    if leader_lost(face(a), lid):
        st.d["leaders"][lid]["at"] = DEAD
        st.log("log.leader_lost", leader=f"@leader.{lid}", roll=face(a))
        if lid == "morelos":
            st.call("lost_cause", then="start")
            return
    elif not st.land_at(here, ldr.side):
        to = nearest_stack(st, ldr.side, here)
        st.d["leaders"][lid]["at"] = to or DEAD
        st.log("log.leader_escapes" if to else "log.leader_lost", leader=f"@leader.{lid}", roll=face(a))
    st.goto("start")


# -------------------------------------------------------------------------------- repression §10.4
repression = PROCS.proc("repression", rule="10.4")


@repression.step()
def _repression(st: St, f: Frame, a: A) -> None:
    st.chance(D6, then="rolled")


@repression.step("rolled")
def _repression_rolled(st: St, f: Frame, a: A) -> None:
    assert a is not None
    low, high = BOARD.tables["repression"]["marker"]
    if int(low) <= face(a) <= int(high):
        st.d["repression"].append(f["area"])
        st.log("log.repression", area=f"@area.{f['area']}")
    st.ret()
