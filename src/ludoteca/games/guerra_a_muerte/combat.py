"""§6 Combat: the field battle (§6.1) with avoiding combat, initiative, the Tactical Options Table and the
CRT; the siege attack (§6.2–§6.5); the leaders' fate when their stack is wiped out (§8.1, §8.2); and the
Royalist repression that may follow (§10.4)."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypedDict

from ludoteca.games.guerra_a_muerte.actions import ID, die, face, place_ref, target
from ludoteca.games.guerra_a_muerte.board import BOARD, city_of
from ludoteca.games.guerra_a_muerte.components import TotEffect
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.frames import (
    Battle,
    LeaderLoss,
    Losses,
    Siege,
    battle,
    leader_loss,
    losses,
    siege,
)
from ludoteca.games.guerra_a_muerte.operations import ENEMY, alive
from ludoteca.games.guerra_a_muerte.position import DEAD
from ludoteca.games.guerra_a_muerte.procs import PROCS
from ludoteca.games.guerra_a_muerte.reveal import end_combat, show_forces
from ludoteca.games.guerra_a_muerte.special import HAVENS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

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


def evasion_modifier(state: GamState, frame: Battle) -> int:
    """§6.1 step 3: −2 if the defender has more cavalry, +2 if the attacker has, + the attacker's leader's
    and − the defender's leader's Operations factor."""
    att, dfn = cavalry(frame["units"]), cavalry(frame["dunits"])
    m = (
        BOARD.integer("evasion", "more_defender_cavalry")
        if dfn > att
        else BOARD.integer("evasion", "more_attacker_cavalry")
        if att > dfn
        else 0
    )
    return m + state.best_leader(frame["leaders"]) - state.best_leader(frame["dleaders"])


def evades(roll: int, modifier: int) -> bool:
    low, high = BOARD.span("evasion", "evades")
    return low <= roll + modifier <= high or roll + modifier < low


def by_arm(state: GamState, units: list[str]) -> dict[str, int]:
    out = dict.fromkeys(ARMS, 0)
    for u in units:
        c = COUNTERS[u]
        out[c.arm] += c.strength(int(state.d["units"][u]["steps"]))
    return out


def halved(state: GamState, side: str, area: str) -> bool:
    """§10.1: a side fighting in an area friendly to the other, where the other has a guerrilla, fights
    at half its factors."""
    pro = BOARD.areas[area].pro
    other = ENEMY.get(side, "")
    return (
        bool(pro)
        and pro == other
        and any(state.d["units"][u]["guerrilla"] for u in state.land_at(area, other))
    )


def side_factor(
    state: GamState, side: str, units: list[str], area: str, own: str, enemy: str, enemy_units: list[str]
) -> tuple[int, int]:
    """A side's combat factor after its own TOT result `own` and the enemy's result `enemy` (§6.1 step 7),
    and the column shift its own result gives it. A result that needs an arm the side lacks does nothing."""
    effects: dict[str, TotEffect] = BOARD.tables["tot_effect"]
    arms = by_arm(state, units)
    mine, theirs = effects[own], effects[enemy]
    if mine.get("needs") and not arms[mine["needs"]]:
        mine = {}
    if theirs.get("needs") and not by_arm(state, enemy_units)[theirs["needs"]]:
        theirs = {}
    if mine.get("arm"):
        arms[mine["arm"]] = math.floor(arms[mine["arm"]] * float(mine["multiplier"]))
    if theirs.get("enemy_arm"):
        arms[theirs["enemy_arm"]] = math.floor(arms[theirs["enemy_arm"]] * float(theirs["enemy_multiplier"]))
    total = sum(arms.values())
    if halved(state, side, area):
        total = math.ceil(total * BOARD.fraction("guerrilla", "halving"))
    return total, int(mine.get("shift", 0))


def odds(state: GamState, frame: Battle) -> tuple[int, int, int]:
    """§6.1 step 7: attack factor, defence factor and the net column shift (in the attacker's favour)."""
    att_tot, def_tot = frame["tot"]
    attack, ashift = side_factor(
        state, frame["attacker"], frame["units"], frame["area"], att_tot, def_tot, frame["dunits"]
    )
    defence, dshift = side_factor(
        state, frame["defender"], frame["dunits"], frame["area"], def_tot, att_tot, frame["units"]
    )
    return attack, defence, ashift - dshift


def tot_result(who: str, roll: int) -> str:
    """The tactics result the winner (2d6) or the loser (1d6) of the initiative rolls (§6.1 step 4)."""
    chart: dict[str, dict[str, str]] = BOARD.tables["tot"]
    return str(chart[who][str(roll)])


def crt_losses(result: str, steps: int, who: str) -> int:
    """What a CRT result costs one side of `steps` steps ("all", "half" rounded up, or a number)."""
    value: int | str = BOARD.tables["crt_result"][result][who]
    if value == "all":
        return steps
    if value == "half":
        return math.ceil(steps / 2)
    return int(value)


# ----------------------------------------------------------------------------- field battle §6.1


@battle.step()
def _battle(state: GamState, frame: Battle, action: A) -> None:
    """Steps 1–2: the attack is declared; the defender may try to avoid it (not when intercepted)."""
    state.reveal()
    frame["units"], frame["dunits"] = (
        alive(state, frame["units"], frame["area"]),
        alive(state, frame["dunits"], frame["area"]),
    )
    state.log(
        "log.battle",
        area=place_ref(frame["area"]),
        attacker=f"@side.{frame['attacker']}",
        defender=f"@side.{frame['defender']}",
        asteps=state.strength_steps(frame["units"]),
        dsteps=state.strength_steps(frame["dunits"]),
    )
    if not frame["units"] or not frame["dunits"]:
        state.ret()
        return
    show_forces(
        state,
        frame["area"],
        [
            (frame["attacker"], frame["units"], frame["leaders"]),
            (frame["defender"], frame["dunits"], frame["dleaders"]),
        ],
    )
    if frame["evade"]:
        state.decide(
            controller(frame["defender"], frame["attacker"]),
            "evade",
            [ID["evade"], ID["fight"]],
            then="evade",
            prompt="prompt.evade",
            area=place_ref(frame["area"]),
        )
        return
    state.goto("initiative")


@battle.step("evade")
def _battle_evade(state: GamState, frame: Battle, action: A) -> None:
    if action == ID["fight"]:
        state.goto("initiative")
        return
    state.chance(D6, then="evade_roll")


@battle.step("evade_roll")
def _battle_evade_roll(state: GamState, frame: Battle, action: int) -> None:
    """Step 3: 1–3 (modified) avoids the battle."""
    mod = evasion_modifier(state, frame)
    if evades(face(action), mod):
        state.log("log.evaded", roll=face(action), modified=face(action) + mod)
        end_combat(state)
        return
    state.log("log.not_evaded", roll=face(action), modified=face(action) + mod)
    state.goto("initiative")


@battle.step("initiative")
def _battle_initiative(state: GamState, frame: Battle, action: A) -> None:
    """Step 4: both roll, plus their leader's tactical factor; the higher has the initiative (ties
    roll again)."""
    frame["rolls"] = []
    state.chance(D6, then="initiative_roll")


@battle.step("initiative_roll")
def _battle_initiative_roll(state: GamState, frame: Battle, action: int) -> None:
    frame["rolls"].append(face(action))
    if len(frame["rolls"]) < 2:
        state.chance(D6, then="initiative_roll")
        return
    att = frame["rolls"][0] + state.best_leader(frame["leaders"], "tactical")
    dfn = frame["rolls"][1] + state.best_leader(frame["dleaders"], "tactical")
    if att == dfn:
        state.goto("initiative")
        return
    frame["first"] = "attacker" if att > dfn else "defender"
    first = frame["attacker"] if frame["first"] == "attacker" else frame["defender"]
    state.log("log.initiative", side=f"@side.{first}")
    state.chance(TWO_D6, then="tot_winner")


@battle.step("tot_winner")
def _battle_tot_winner(state: GamState, frame: Battle, action: int) -> None:
    """Steps 5–6: the initiative's winner reads 2d6 on the TOT, the other 1d6."""
    frame["won_tot"] = tot_result("winner", face(action))
    state.chance(D6, then="tot_loser")


@battle.step("tot_loser")
def _battle_tot_loser(state: GamState, frame: Battle, action: int) -> None:
    lost = tot_result("loser", face(action))
    frame["tot"] = [frame["won_tot"], lost] if frame["first"] == "attacker" else [lost, frame["won_tot"]]
    state.log("log.tot", attacker=f"@tot.{frame['tot'][0]}", defender=f"@tot.{frame['tot'][1]}")
    state.chance(D6, then="crt")


@battle.step("crt")
def _battle_crt(state: GamState, frame: Battle, action: int) -> None:
    """Steps 7–9: the odds after the TOT, one die on the CRT (friction −1, §3.3), the results."""
    attack, defence, shift = odds(state, frame)
    roll = face(action) - (-BOARD.integer("friction", "combat_die") if frame["friction"] else 0)
    result = BOARD.crt.result(attack, defence, roll, shift)
    col = BOARD.crt.columns[BOARD.crt.column(attack, defence, shift)]
    state.log("log.crt", attack=attack, defence=defence, column=col, roll=roll, result=result)
    frame["result"] = result
    frame["aloss"] = crt_losses(result, state.strength_steps(frame["units"]), "attacker")
    frame["dloss"] = crt_losses(result, state.strength_steps(frame["dunits"]), "defender")
    state.call(
        losses, Losses(side=frame["attacker"], units=frame["units"], n=frame["aloss"]), then="defender_losses"
    )


@battle.step("defender_losses")
def _battle_defender_losses(state: GamState, frame: Battle, action: A) -> None:
    state.call(
        losses, Losses(side=frame["defender"], units=frame["dunits"], n=frame["dloss"]), then="leaders"
    )


@battle.step("leaders")
def _battle_leaders(state: GamState, frame: Battle, action: A) -> None:
    """§8.1, §8.2: leaders whose stack was wiped out roll for their fate; Boves rolls after every
    combat his stack fights (ambiguity 9), or with `boves=wiped-out` only when his stack is wiped out."""
    sides = ((frame["units"], frame["leaders"]), (frame["dunits"], frame["dleaders"]))
    state.call(leader_loss, LeaderLoss(leaders=at_risk(state, frame["area"], sides)), then="repression")


def at_risk(state: GamState, area: str, sides: Iterable[tuple[list[str], list[str]]]) -> list[str]:
    """§8.1, §8.2: of each side's (units, leaders) in a combat in `area`, the leaders still there who roll
    for their fate: all of them where every unit was eliminated, and Boves after every combat unless
    `boves=wiped-out`."""
    boves_always = state.options.boves == "every-combat"
    risk = []
    for units, leaders in sides:
        wiped = not alive(state, units, area)
        risk += [lid for lid in leaders if wiped or (lid == "boves" and boves_always)]
    return [lid for lid in risk if state.d["leaders"][lid]["at"] == area]


@battle.step("repression")
def _battle_repression(state: GamState, frame: Battle, action: A) -> None:
    """§10.4: a Royalist force that clears an area of Patriot units may provoke repression."""
    area = frame["area"]
    if (
        frame["attacker"] == "royalist"
        and frame["defender"] == "patriot"
        and not state.land_at(area, "patriot")
        and not BOARD.areas[area].pro
        and area not in state.d["repression"]
    ):
        state.call(repression, Repression(area=area), then="done")
        return
    end_combat(state)


@battle.step("done")
def _battle_done(state: GamState, frame: Battle, action: A) -> None:
    end_combat(state)


# ---------------------------------------------------------------------------------- siege §6.2–§6.5


def siege_odds(
    state: GamState, besiegers: list[str], garrison: list[str], area: str, works: bool = False
) -> tuple[int, int, int]:
    """§6.2–§6.5: the besieger's factors with artillery doubled, the garrison's with the city's own +8
    (fortress) or +2; two columns right with siege works (§6.4), one for ships of the besieger off the
    port with no enemy ships (§6.5)."""
    attack = 0
    for u in besiegers:
        c = COUNTERS[u]
        mult = BOARD.integer("siege", "artillery_multiplier") if c.arm == "artillery" else 1
        attack += c.strength(int(state.d["units"][u]["steps"])) * mult
    city = city_of(area)
    defence = sum(COUNTERS[u].strength(int(state.d["units"][u]["steps"])) for u in garrison)
    defence += (
        BOARD.integer("siege", "fortress")
        if city is not None and city.fortress
        else BOARD.integer("siege", "city")
    )
    shift = BOARD.integer("siege", "siege_works_shift") if works else 0
    if city is not None and city.port:
        side = COUNTERS[besiegers[0]].side
        ships = {COUNTERS[u].side for u in state.units_at(city.sea)}
        if side in ships and ENEMY[side] not in ships:
            shift += BOARD.integer("siege", "naval_support_shift")
    return attack, defence, shift


@siege.step()
def _siege(state: GamState, frame: Siege, action: A) -> None:
    state.reveal()
    side, area = frame["attacker"], frame["area"]
    frame["units"] = [u for u in alive(state, frame["units"], area) if not state.d["units"][u]["city"]]
    frame["garrison"] = [u for u in state.land_at(area, ENEMY[side]) if state.d["units"][u]["city"]]
    if not frame["units"] or not frame["garrison"]:
        state.ret()
        return
    show_forces(
        state,
        area,
        [
            (side, frame["units"], frame["leaders"]),
            (ENEMY[side], frame["garrison"], state.leaders_at(area, ENEMY[side])),
        ],
    )
    state.chance(D6, then="rolled")


@siege.step("rolled")
def _siege_rolled(state: GamState, frame: Siege, action: int) -> None:
    """§6.3: one die on the Siege table, plus the besieger's leader's tactical factor."""
    attack, defence, shift = siege_odds(
        state, frame["units"], frame["garrison"], frame["area"], bool(frame.get("works"))
    )
    roll = face(action) + state.best_leader(frame["leaders"], "tactical")
    result = BOARD.siege_table.result(attack, defence, roll, shift)
    state.log(
        "log.siege", area=place_ref(frame["area"]), attack=attack, defence=defence, roll=roll, result=result
    )
    state.d["sieged"][frame["area"]] = ENEMY[frame["attacker"]]
    if result == "S":
        for u in frame["garrison"]:
            state.eliminate(u)
        state.goto("leaders")
    elif result.startswith("A"):
        state.call(
            losses, Losses(side=frame["attacker"], units=frame["units"], n=int(result[1:])), then="leaders"
        )
    elif result.startswith("D"):
        state.call(
            losses,
            Losses(side=ENEMY[frame["attacker"]], units=frame["garrison"], n=int(result[1:])),
            then="leaders",
        )
    else:
        state.goto("leaders")


@siege.step("leaders")
def _siege_leaders(state: GamState, frame: Siege, action: A) -> None:
    """§8.1, §8.2 after a siege attack as after a field battle: the leaders of a side whose units in it
    were all eliminated roll for their fate (the garrison's are its side's leaders in the area), and Boves
    after every combat his stack fights (`boves=every-combat`)."""
    area = frame["area"]
    garrison_leaders = state.leaders_at(area, ENEMY[frame["attacker"]])
    state.call(
        leader_loss,
        LeaderLoss(
            leaders=at_risk(
                state, area, ((frame["units"], frame["leaders"]), (frame["garrison"], garrison_leaders))
            )
        ),
        then="done",
    )


@siege.step("done")
def _siege_done(state: GamState, frame: Siege, action: A) -> None:
    end_combat(state)


# ------------------------------------------------------------------------------- leader loss §8.1


@leader_loss.step()
def _leader_loss(state: GamState, frame: LeaderLoss, action: A) -> None:
    if not frame["leaders"]:
        state.ret()
        return
    state.chance(D6, then="rolled")


def leader_lost(roll: int, leader: str) -> bool:
    """§8.1: 1–2 lost (3 survives, ambiguity 9); Boves −1 (§8.2)."""
    mod = BOARD.integer("leader_loss", "boves") if leader == "boves" else 0
    return bool(BOARD.leader_loss(roll + mod) == "lost")


def nearest_stack(state: GamState, side: str, area: str) -> str:
    """The nearest area (by land) other than `area` holding land units of `side`; "" if none."""
    seen, queue = {area}, deque([area])
    while queue:
        here = queue.popleft()
        for nxt in BOARD.adjacent[here]:
            if nxt in seen:
                continue
            if state.land_at(nxt, side):
                return nxt
            seen.add(nxt)
            queue.append(nxt)
    return ""


def naval_refuge(state: GamState, side: str) -> str:
    """Where a naval leader who survived the loss of his ships goes: an area with a port his side holds
    and ships of his side in it, else any port his side holds; "" if none."""
    ports = sorted({c.area for c in BOARD.cities.values() if c.port and state.controls(side, c.area)})
    with_ships = [x for x in ports if any(COUNTERS[u].naval for u in state.units_at(x, side))]
    return (with_ships or ports or [""])[0]


@leader_loss.step("rolled")
def _leader_loss_rolled(state: GamState, frame: LeaderLoss, action: int) -> None:
    """§8.1: a survivor joins the nearest stack of his side; a Gran Colombian or Mexican Patriot leader
    may go to his haven instead (§10.3); a naval leader goes to a friendly port."""
    lid = frame["leaders"].pop(0)
    ldr = BOARD.leaders[lid]
    here = state.d["leaders"][lid]["at"]
    if leader_lost(face(action), lid):
        state.d["leaders"][lid]["at"] = DEAD
        state.log("log.leader_lost", leader=f"@leader.{lid}", roll=face(action))
        if lid == "morelos":
            state.call("lost_cause", then="start")
            return
    elif here not in BOARD.areas:
        to = naval_refuge(state, ldr.side)
        state.d["leaders"][lid]["at"] = to or DEAD
        state.log(
            "log.leader_escapes" if to else "log.leader_lost", leader=f"@leader.{lid}", roll=face(action)
        )
    elif not state.land_at(here, ldr.side):
        to = nearest_stack(state, ldr.side, here)
        box = HAVENS.get(ldr.nationality, "") if ldr.side == "patriot" else ""
        if box:
            frame["leader"] = lid
            options = [ID[f"place {x}"] for x in (to, box) if x]
            state.decide(
                ROLE["patriot"],
                "refuge",
                options,
                then="refuge",
                prompt="prompt.refuge",
                leader=f"@leader.{lid}",
            )
            return
        state.d["leaders"][lid]["at"] = to or DEAD
        state.log(
            "log.leader_escapes" if to else "log.leader_lost", leader=f"@leader.{lid}", roll=face(action)
        )
    state.goto("start")


@leader_loss.step("refuge")
def _leader_loss_refuge(state: GamState, frame: LeaderLoss, action: int) -> None:
    state.d["leaders"][frame["leader"]]["at"] = target(action)
    state.log("log.leader_escapes", leader=f"@leader.{frame['leader']}", roll="—")
    state.goto("start")


# -------------------------------------------------------------------------------- repression §10.4
class Repression(TypedDict):
    area: str
    """The area of the battle the Royalist won against the Patriot (§10.4)."""


repression = PROCS.proc("repression", rule="10.4", frame=Repression)


@repression.step()
def _repression(state: GamState, frame: Repression, action: A) -> None:
    state.chance(D6, then="rolled")


@repression.step("rolled")
def _repression_rolled(state: GamState, frame: Repression, action: int) -> None:
    low, high = BOARD.span("repression", "marker")
    if low <= face(action) <= high:
        state.d["repression"].append(frame["area"])
        state.log("log.repression", area=place_ref(frame["area"]))
    state.ret()
