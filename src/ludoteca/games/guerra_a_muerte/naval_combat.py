"""§7.5 Naval combat: the attacker's ships fight the enemy's in a sea area or a port; the defender may try
to evade at sea (§7.5.2), each side chooses its targets and rolls one d10 a step, all hits applied together,
and a fortified port fires for the ships inside it (§7.10). Cochrane's help (§8.3) always favours the
Patriot (ambiguity 27); he chooses whether the frigate Cochrane takes is captured or sunk."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.guerra_a_muerte.actions import ID, face, place_ref, target
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.frames import LeaderLoss, NavalBattle, leader_loss, naval_battle
from ludoteca.games.guerra_a_muerte.naval import D6, D10, NAVAL, friendly_port, ships_at
from ludoteca.games.guerra_a_muerte.operations import ENEMY, ROLE
from ludoteca.games.guerra_a_muerte.position import DEAD, POOL
from ludoteca.games.guerra_a_muerte.reveal import end_combat, show_forces

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None

# ---------------------------------------------------------------------------- naval combat §7.5


def battery(state: GamState, port: str, side: str) -> bool:
    """§7.10: a fortified port held by `side` fires for the ships attacked in it."""
    return bool(port) and BOARD.cities[port].fortress and friendly_port(state, side, port)


def alive_ships(state: GamState, ships: list[str], place: str) -> list[str]:
    return [u for u in ships if state.d["units"][u]["at"] == place]


@naval_battle.step()
def _naval_battle(state: GamState, frame: NavalBattle, action: A) -> None:
    """§7.5: the attacked ships at sea may try to avoid combat (1–3); ships in port may not, nor a
    Patriot squadron that waits for a Spanish convoy (§4.8)."""
    state.reveal()
    frame["defender"] = ENEMY[frame["attacker"]]
    state.log("log.naval_battle", attacker=f"@side.{frame['attacker']}", place=place_ref(frame["sea"]))
    if not frame["units"] or not frame["dunits"]:
        state.ret(frame["attacker"])
        return
    show_forces(
        state,
        frame["sea"],
        [(frame["attacker"], frame["units"], []), (frame["defender"], frame["dunits"], [])],
    )
    if frame["port"] or not frame.get("evade", True):
        state.goto("cochrane")
        return
    state.decide(
        ROLE[frame["defender"]],
        "evade",
        [ID["evade"], ID["fight"]],
        then="evade",
        prompt="prompt.naval_evade",
        place=place_ref(frame["sea"]),
    )


def cochrane_with(state: GamState, frame: NavalBattle) -> bool:
    """Cochrane sails with the Patriot ships of this battle (§8.3)."""
    patriot = frame["units"] if frame["attacker"] == "patriot" else frame["dunits"]
    return bool(patriot) and state.d["leaders"]["cochrane"]["at"] == state.d["units"][patriot[0]]["at"]


def naval_evades(roll: int, patriot_evades: bool, cochrane: bool) -> bool:
    """§7.5: 1–3 avoids the naval battle; Cochrane −1 when the Patriot evades, +1 when the Royalist
    evades from him (§8.3 (b), ambiguity 27)."""
    mod = 0
    if cochrane:
        mod = BOARD.integer("cochrane", "naval_evasion") * (1 if patriot_evades else -1)
    return roll + mod <= BOARD.span("naval_evasion", "evades")[1]


@naval_battle.step("evade")
def _naval_evade(state: GamState, frame: NavalBattle, action: A) -> None:
    if action == ID["fight"]:
        state.goto("cochrane")
        return
    state.chance(D6, then="evade_roll")


@naval_battle.step("evade_roll")
def _naval_evade_roll(state: GamState, frame: NavalBattle, action: int) -> None:
    if naval_evades(face(action), frame["defender"] == "patriot", cochrane_with(state, frame)):
        state.log("log.naval_evaded", roll=face(action))
        end_combat(state, frame["defender"])
        return
    state.goto("cochrane")


def royalist_frigates(state: GamState, frame: NavalBattle) -> list[str]:
    royal = frame["units"] if frame["attacker"] == "royalist" else frame["dunits"]
    return [u for u in royal if COUNTERS[u].arm == "frigate"]


@naval_battle.step("cochrane")
def _naval_cochrane(state: GamState, frame: NavalBattle, action: A) -> None:
    """§8.3: Cochrane present against Royalist frigates: 1–2 takes one before the battle."""
    frame["hits"], frame["fire"] = {}, []
    if cochrane_with(state, frame) and royalist_frigates(state, frame):
        state.chance(D6, then="cochrane_roll")
        return
    state.goto("targets")


@naval_battle.step("cochrane_roll")
def _naval_cochrane_roll(state: GamState, frame: NavalBattle, action: int) -> None:
    """§8.3: on 1–2 a Royalist frigate "es capturada o eliminada (a elección del jugador patriota)": the
    Patriot chooses, where a Chilean frigate of the pool can stand for it; with none the frigate is sunk."""
    low, high = BOARD.span("cochrane", "frigate_taken")
    if not low <= face(action) <= high:
        state.goto("targets")
        return
    taken = royalist_frigates(state, frame)[0]
    frame["taken"] = taken
    if chilean_prize(state):
        state.decide(
            ROLE["patriot"],
            "prize",
            [ID["capture"], ID["sink"]],
            then="prize",
            prompt="prompt.cochrane_prize",
            unit=f"@unit.{taken}",
        )
        return
    state.goto("prize")


def chilean_prize(state: GamState) -> str:
    """The Chilean frigate of the pool that replaces a frigate Cochrane captures (§8.3); "" if none."""
    return next((u for u in COUNTERS if u.startswith("ch_fr") and state.d["units"][u]["at"] == POOL), "")


@naval_battle.step("prize")
def _naval_prize(state: GamState, frame: NavalBattle, action: A) -> None:
    """§8.3: the frigate taken leaves the map; captured, a Chilean frigate of factor 3 takes its place,
    out of this battle ("no podrá participar en la batalla presente"), and the battle's "prize" until it
    ends (`_naval_results`)."""
    taken = frame.pop("taken")
    where = state.d["units"][taken]["at"]
    port = state.d["units"][taken]["port"]
    state.eliminate(taken)
    prize = chilean_prize(state) if action == ID["capture"] else ""
    if prize:
        state.place_unit(prize, port or where)
        state.set_unit(prize, done=True)
        frame["prize"] = prize
    state.log("log.cochrane_prize", unit=f"@unit.{taken}", captured=f"@word.{'yes' if prize else 'no'}")
    frame["units"] = [u for u in frame["units"] if u != taken]
    frame["dunits"] = [u for u in frame["dunits"] if u != taken]
    state.goto("targets")


@naval_battle.step("targets")
def _naval_targets(state: GamState, frame: NavalBattle, action: A) -> None:
    """§7.5.1: every ship (and a fortified port, §7.10) chooses the enemy ship it fires at."""
    if action is not None and frame.get("firer"):
        frame["fire"].append([frame.pop("firer"), target(action)])
    firers = [*frame["units"], *frame["dunits"]]
    if battery(state, frame["port"], frame["defender"]):
        firers.append("port")
    chosen = {f for f, _ in frame["fire"]}
    for firer in firers:
        if firer in chosen:
            continue
        side = frame["defender"] if firer == "port" else COUNTERS[firer].side
        enemy = frame["dunits"] if side == frame["attacker"] else frame["units"]
        if not enemy:
            frame["fire"].append([firer, ""])
            continue
        if len(enemy) == 1:
            frame["fire"].append([firer, enemy[0]])
            continue
        frame["firer"] = firer
        state.decide(
            ROLE[side],
            "fire",
            [ID[f"fire {u}"] for u in enemy],
            then="targets",
            prompt="prompt.fire",
            what="@word.port" if firer == "port" else f"@unit.{firer}",
        )
        return
    frame["dice"] = [
        [firer, aim]
        for firer, aim in frame["fire"]
        if aim
        for _ in range(2 if firer == "port" else int(state.d["units"][firer]["steps"]))
    ]
    state.goto("fire")


def hits(roll: int, factor: int, patriot_with_cochrane: bool) -> bool:
    """§7.5.1: a d10 at or under the firer's factor hits; Cochrane −1 on the Patriot's dice (§8.3 (c))."""
    return roll + (BOARD.integer("cochrane", "naval_combat") if patriot_with_cochrane else 0) <= factor


@naval_battle.step("fire")
def _naval_fire(state: GamState, frame: NavalBattle, action: A) -> None:
    if action is not None and frame.get("die"):
        firer, aim = frame.pop("die")
        side = frame["defender"] if firer == "port" else COUNTERS[firer].side
        factor = int(NAVAL["fortified_port"]["factor"]) if firer == "port" else COUNTERS[firer].factor
        if hits(face(action), factor, side == "patriot" and cochrane_with(state, frame)):
            frame["hits"][aim] = frame["hits"].get(aim, 0) + 1
    if frame["dice"]:
        frame["die"] = frame["dice"].pop(0)
        state.chance(D10, then="fire")
        return
    state.goto("results")


@naval_battle.step("results")
def _naval_results(state: GamState, frame: NavalBattle, action: A) -> None:
    """The hits are applied together (§7.5.1). A frigate Cochrane captured in this battle "es eliminada si
    todas las fuerzas navales patriotas son eliminadas" (§8.3): lost when no Patriot ship that fought is
    left. Cochrane left without ships rolls for his fate (§8.1)."""
    for uid, n in sorted(frame["hits"].items()):
        for _ in range(n):
            if state.d["units"][uid]["at"] not in (POOL, DEAD):
                state.lose_step(uid)
        state.log("log.ship_hit", unit=f"@unit.{uid}", n=n)
    prize = frame.get("prize", "")
    patriot = frame["units"] if frame["attacker"] == "patriot" else frame["dunits"]
    afloat = [u for u in (prize, *patriot) if u and state.d["units"][u]["at"] not in (POOL, DEAD)]
    if prize and afloat == [prize]:
        state.eliminate(prize)
        state.log("log.prize_lost", unit=f"@unit.{prize}")
    at = state.d["leaders"]["cochrane"]["at"]
    if at in BOARD.seas and not ships_at(state, at, "patriot"):
        state.call(leader_loss, LeaderLoss(leaders=["cochrane"]), then="done")
        return
    state.goto("done")


@naval_battle.step("done")
def _naval_done(state: GamState, frame: NavalBattle, action: A) -> None:
    """The side left with ships in the sea area wins (the Patriot while any of his remain, §4.8)."""
    sea = frame["sea"]
    end_combat(state, "patriot" if ships_at(state, sea, "patriot") else "royalist")
