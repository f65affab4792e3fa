"""§3.1 The sequence of play: the set-up, then each turn's six phases in order, and the end of the game
after the scenario's last turn (§11, §12). Events (§10.2, and the variant §14.1 from `iguala.py`) and the
end of turn (§3.1.6) live here."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.actions import ID, die, face, target, verb
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, PATRIOT_GROUPS
from ludoteca.games.guerra_a_muerte.iguala import may_roll
from ludoteca.games.guerra_a_muerte.naval import Fleet, fleet
from ludoteca.games.guerra_a_muerte.operations import ROLE, Activation, activation, eligible, nations_of
from ludoteca.games.guerra_a_muerte.position import DEAD, DUE, OFF_MAP, OUT, Phase
from ludoteca.games.guerra_a_muerte.procs import PROCS
from ludoteca.games.guerra_a_muerte.special import MEXICO, haven_leaders, to_haven

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

A = int | None
D6 = {die(n): 1 for n in range(1, 7)}
PATRIOT, ROYALIST = 0, 1
"""The role indices: patriotas, realistas."""

PHASES = ("events", "uprisings", "reorganization", "patriot_operations", "royalist_operations", "end_of_turn")
PROCS.sequence("turn", "3.1", *PHASES)
PROCS.sequence("turn_from_uprisings", "12.2.1", *PHASES[1:])
PROCS.sequence("turn_from_operations", "12.1.1", *PHASES[3:])

game = PROCS.proc("game", rule="3.1")


@game.step()
def _game(state: GamState, frame: Frame, action: A) -> None:
    """§2: the set-up's choices (the Royalist deploys first; a short scenario's only with `setup=choose`,
    §12.2.2–§12.3.3), then the scenario's first turn
    from the phase where it starts (§12.1.1, §12.2.1, §12.3.1; the campaign in the Patriot operations of
    turn I like §12.1, or with `campaign-start=turn` from the turn's first phase, A#22)."""
    state.call("deployment", then="first")


@game.step("first")
def _first(state: GamState, frame: Frame, action: A) -> None:
    start = BOARD.scenarios[state.options.scenario].get("start_phase", "events")
    if state.options.scenario == "campaign" and state.options.campaign_start == "turn":
        start = "events"
    first = {"uprisings": "turn_from_uprisings", "events": "turn"}.get(start, "turn_from_operations")
    state.log("log.turn", turn=state.turn, year=1809 + state.turn)
    state.call(first, then="next")


@game.step("next")
def _next(state: GamState, frame: Frame, action: A) -> None:
    """After each turn: the scenario's last turn ends the game (§11.0, §12.x.1); else the next turn."""
    if state.turn >= int(BOARD.scenarios[state.options.scenario]["last_turn"]):
        state.call("victory", then="next")
        return
    state.d["turn"] += 1
    state.log("log.turn", turn=state.turn, year=1809 + state.turn)
    state.call("turn", then="next")


# ------------------------------------------------------------------------------------ 1. Events
events = PROCS.proc("events", rule="10.2")


@events.step()
def _events(state: GamState, frame: Frame, action: A) -> None:
    """§3.1.1, §10.2: from turn IX, until it happens once, the Patriot rolls for the Liberals taking power
    in Spain: 5–6 on turn IX, one more face each later turn."""
    state.d["phase"] = "events"
    if state.d["liberals"] or state.turn < BOARD.integer("liberal_event", "first_turn"):
        state.goto("iguala")
        return
    state.chance(D6, then="rolled")


def liberal_event_needs(turn: int) -> int:
    """§10.2: the lowest roll that brings the Liberals to power on `turn`."""
    return BOARD.integer("liberal_event", "succeeds_on") - BOARD.integer(
        "liberal_event", "bonus_per_turn"
    ) * (turn - BOARD.integer("liberal_event", "first_turn"))


@events.step("rolled")
def _events_rolled(state: GamState, frame: Frame, action: A) -> None:
    roll = face(action) if action is not None else 0
    if roll < liberal_event_needs(state.turn):
        state.log("log.liberals_no", roll=roll)
        state.goto("iguala")
        return
    state.d["liberals"] = state.turn
    state.log("log.liberals", roll=roll)
    cancelled = 0
    for uid, s in state.d["units"].items():  # §10.2.1.1: Spanish reinforcements from this turn on
        if s["at"] == DUE and BOARD.units.get(uid) is not None and BOARD.units[uid].nationality == "spanish":
            state.move(uid, DEAD)
            cancelled += 1
    if cancelled:
        state.log("log.reinforcements_cancelled", n=cancelled)
    state.goto("iguala")


@events.step("iguala")
def _events_iguala(state: GamState, frame: Frame, action: A) -> None:
    """§14.1, the variant `iguala`: from the turn after the Liberal event the Patriot rolls for the Plan
    de Iguala (`iguala.py`)."""
    if may_roll(state):
        state.call("iguala", then="done")
        return
    state.ret()


@events.step("done")
def _events_done(state: GamState, frame: Frame, action: A) -> None:
    state.ret()


# --------------------------------------------------------------------------------- 6. End of turn
end = PROCS.proc("end_of_turn", rule="3.1")


@end.step()
def _end(state: GamState, frame: Frame, action: A) -> None:
    """§3.1.6: surrender of blockaded fortresses (§6.6), the attrition of the garrisons besieged this turn
    (§6.4, reconstructed), the fate of the ships in the ports taken (§7.9), then ships return to port
    (§7.4)."""
    state.d["phase"] = "end"
    state.call("blockade", then="sieged")


@end.step("sieged")
def _end_sieged(state: GamState, frame: Frame, action: A) -> None:
    state.call("siege_attrition", then="ports")


@end.step("ports")
def _end_ports(state: GamState, frame: Frame, action: A) -> None:
    state.call("ports_taken", then="ships")


@end.step("ships")
def _end_ships(state: GamState, frame: Frame, action: A) -> None:
    state.call("return_to_port", then="done")


@end.step("done")
def _end_done(state: GamState, frame: Frame, action: A) -> None:
    state.ret()


# ------------------------------------------------------------------ 4–5. The operations phases (§3.2)
class Operations(TypedDict):
    """A side's operations phase (§3.2): the group of nations operating (1 the first; 0 before it) and
    the Royalist's activations left in Mexico (§10.7, -1 where unlimited), carried from group to group."""

    group: NotRequired[int]
    mexico: NotRequired[int]
    ret: NotRequired[int]


class NationOperations(TypedDict):
    """One group of nations operating (§3.2–§3.3): its side, its nations and the activations left in
    Mexico (§10.7), handed back when it is done."""

    side: str
    nations: list[str]
    mexico: int


def _phase(side: str) -> None:
    proc = PROCS.proc(f"{side}_operations", rule="3.2", frame=Operations)
    phase: Phase = "patriot_operations" if side == "patriot" else "royalist_operations"

    @proc.step()
    def _start(state: GamState, frame: Operations, action: A) -> None:
        """§3.2: the Patriot operates nation by nation (El Plata and Chile, Gran Colombia with Peru,
        Mexico); the Royalist operates his forces, then the São Paulo Legion once it is free (§10.6).
        The Patriot's leaders may subvert on the Liberals' turn (§10.2.1.4); the Royalist rolls his
        activations in Mexico while Hidalgo is in play (§10.7)."""
        state.d["phase"] = phase
        for uid in [u for u, s in state.d["units"].items() if s["done"]]:
            state.set_unit(uid, done=False)
        for s in state.d["leaders"].values():
            s["done"] = False
        frame["group"] = 0
        frame["mexico"] = -1
        if side == "patriot" and state.d["liberals"] == state.turn:
            state.call("subversion", then="group")
            return
        if side == "royalist":
            state.d["spl"] = state.d["spl"] or any(
                COUNTERS[u].nationality == "el_plata" for u in state.land_at("banda_oriental", "patriot")
            )
            if state.d["leaders"]["hidalgo"]["at"] not in (DEAD, OUT, DUE):
                state.chance(D6, then="mexico")
                return
        state.goto("group")

    @proc.step("mexico")
    def _mexico(state: GamState, frame: Operations, action: int) -> None:
        frame["mexico"] = face(action)
        state.log("log.mexican_guerrillas", n=face(action))
        state.goto("group")

    @proc.step("group")
    def _group(state: GamState, frame: Operations, action: A) -> None:
        groups = (2 if state.d["spl"] else 1) if side == "royalist" else len(PATRIOT_GROUPS)
        if frame["group"] >= groups:
            state.ret()
            return
        frame["group"] += 1
        nations = nations_of(side, frame["group"] - 1)
        state.call(
            nation, NationOperations(side=side, nations=nations, mexico=frame["mexico"]), then="group_done"
        )

    @proc.step("group_done")
    def _group_done(state: GamState, frame: Operations, action: A) -> None:
        frame["mexico"] = frame.pop("ret")
        state.goto("group")


_phase("patriot")
_phase("royalist")

nation = PROCS.proc("nation_operations", rule="3.3", frame=NationOperations)


def fleets(state: GamState, side: str, nations: list[str]) -> list[str]:
    """Places (ports' areas, sea areas, boxes) with ships of `nations` that have not operated (§7.1)."""
    return sorted(
        {
            s["at"]
            for u, s in state.d["units"].items()
            if COUNTERS[u].naval
            and COUNTERS[u].side == side
            and COUNTERS[u].nationality in nations
            and not s["done"]
            and s["at"] not in OFF_MAP
        }
    )


def fleet_at(state: GamState, side: str, nations: list[str], place: str) -> tuple[list[str], list[str]]:
    """The ships of one port (or sea area, or box) and the naval leaders with them."""
    ships = sorted(
        u
        for u in state.units_at(place, side)
        if COUNTERS[u].naval and COUNTERS[u].nationality in nations and not state.d["units"][u]["done"]
    )
    port = state.d["units"][ships[0]]["port"]
    ships = [u for u in ships if state.d["units"][u]["port"] == port]
    leaders = [lid for lid in state.leaders_at(place, side) if BOARD.leaders[lid].naval]
    return ships, leaders


def activate_options(state: GamState, frame: NationOperations) -> list[int]:
    """The options of the choice of what to activate next (§3.3): each place with a force of the frame's
    nations that may activate, "pass", each fleet, each Patriot leader who may go to his haven; [] where
    only "pass" is left (the rules do not ask). The rule and the resample (`redraw.OPTIONS_OF`) read them
    here."""
    side, nations = frame["side"], frame["nations"]
    places = [*BOARD.areas, *BOARD.boxes]
    units, leaders = state.placed()
    areas = [
        x
        for x in places
        if (x in units or x in leaders)
        and any(eligible(state, side, nations, x, units.get(x), leaders.get(x)))
    ]
    if frame["mexico"] == 0:
        areas = [x for x in areas if x not in MEXICO]
    options = [ID[f"activate {x}"] for x in areas] + [ID["pass"]]
    options += [ID[f"fleet {x}"] for x in fleets(state, side, nations)]
    if side == "patriot":
        options += [ID[f"haven {lid}"] for lid in haven_leaders(state, nations)]
    return [] if options == [ID["pass"]] else options


@nation.step()
def _nation(state: GamState, frame: NationOperations, action: A) -> None:
    """§3.3: the player activates one force (land or naval, §7.1) after another, each to the end, or
    passes; a Patriot leader may go to his haven at any moment (§10.3)."""
    side, nations = frame["side"], frame["nations"]
    options = activate_options(state, frame)
    if not options:
        state.ret(frame["mexico"])
        return
    state.decide(
        ROLE[side],
        "activate",
        options,
        then="chosen",
        prompt="prompt.activate",
        private=state.hidden(side),  # `haven` names a leader inside a force (§5.1.3, §10.3)
        nations=[f"@nation.{n}" for n in nations],
    )


@nation.step("chosen")
def _nation_chosen(state: GamState, frame: NationOperations, action: int) -> None:
    v, place = verb(action), target(action)
    side = frame["side"]
    if v == "pass":
        state.log("log.pass", side=f"@side.{side}")
        state.ret(frame["mexico"])
        return
    if v == "haven":
        to_haven(state, place)
        state.goto("start")
        return
    if v == "fleet":
        ships, leaders = fleet_at(state, side, frame["nations"], place)
        state.call(fleet, Fleet(side=side, place=place, units=ships, leaders=leaders), then="start")
        return
    units, leaders = eligible(state, side, frame["nations"], place)
    if frame["mexico"] >= 0 and place in MEXICO:
        units = strongest(state, units, frame["mexico"])
        frame["mexico"] -= len(units)
    state.call(
        activation,
        Activation(
            side=side,
            nations=frame["nations"],
            area=place,
            units=units,
            leaders=leaders,
            mexico=frame["mexico"] if place in MEXICO else -1,
        ),
        then="start",
    )


def strongest(state: GamState, units: list[str], n: int) -> list[str]:
    """§10.7 (ambiguity 28): at most `n` units of a force in Mexico are activated, the strongest."""
    ranked = sorted(units, key=lambda u: (-COUNTERS[u].strength(int(state.d["units"][u]["steps"])), u))
    return sorted(ranked[: max(0, n)])
