"""§2. Fase de acción: each worker activated once (§Activar trabajadores), its location's action
(§Acciones de ubicación: the Airdrop, the spare rooms, the Café, the Fields) or a mission's, the escape
route home (§Verificar ruta de escape) or the arrest (§Ser arrestado), and shooting Milice (§Milicia de
tiro).

A location's choice pays, gains and moves Morale as its data says; the part that is more than that (an
airdrop, a recruit, a pickup, a room built) is an effect kind run by the core's interpreter
(`core.effects`), named in the choice's data (`special`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.effects import EffectKinds
from ludoteca.games.maquis import missions
from ludoteca.games.maquis.actions import ACTIVATE, BUILD, DO, DROP, HOME, ONTO, PASS, SHOOT, target
from ludoteca.games.maquis.board import BOARD, Option
from ludoteca.games.maquis.position import Activation, LocationEffect, no_pending
from ludoteca.games.maquis.procs import PROCS, Action, Frame

if TYPE_CHECKING:
    from ludoteca.games.maquis.state import MaquisState

action_phase = PROCS.proc("action_phase", rule="action")


@action_phase.step()
def _action_phase(state: MaquisState, frame: Frame, action: Action) -> None:
    position = state.d
    position["phase"] = "action"
    position["shot"] = False
    position["ready"] = sorted(loc for loc, pawn in position["board"].items() if pawn == "w")
    state.goto("choose")


@action_phase.step("choose")
def _choose(state: MaquisState, frame: Frame, action: Action) -> None:
    """§Activar trabajadores: each worker once, in the order the player likes (shooting a Milice may
    come first: §Milicia de tiro)."""
    ready = state.d["ready"]
    if not ready:
        state.ret()
        return
    shots = shoot_actions(state)
    state.decide(
        0,
        "activate",
        [ACTIVATE[loc] for loc in ready] + shots,
        then="chosen",
        prompt="prompt.activate_or_shoot" if shots else "prompt.activate",
    )


@action_phase.step("chosen")
def _chosen(state: MaquisState, frame: Frame, action: int) -> None:
    loc = target(action)
    if state.game.actions.names[action].startswith("shoot"):
        shoot(state, loc)
        if not state.is_terminal():
            state.goto("choose")
        return
    position = state.d
    position["ready"].remove(loc)
    position["pending"] = no_pending()
    state.log("log.activate", loc=f"@target.{loc}", rule="action")
    state.call(activation, Activation(loc=loc), then="choose")


activation = PROCS.proc("activation", rule="action.locations", frame=Activation)


@activation.step()
def _activation(state: MaquisState, frame: Activation, action: Action) -> None:
    loc = frame["loc"]
    choices = location_choices(state, loc) + missions.choices(state, loc)
    state.decide(0, "act", [*choices, PASS], then="act", prompt="prompt.action", loc=f"@target.{loc}")


@activation.step("act")
def _act(state: MaquisState, frame: Activation, action: int) -> None:
    """Take the chosen action; then the optional shot and the escape-route check."""
    loc = frame["loc"]
    state.goto("after")
    if action == PASS:
        state.log("log.pass", loc=f"@target.{loc}")
        frame["star"] = True
        return
    choice = target(action)
    if choice in missions.OPTIONS:
        frame["star"] = True  # mission actions keep their reward (facts A7)
        missions.perform(state, frame, loc, choice)
        return
    option = option_at(state, loc, choice)
    frame["star"] = star_at(state, loc) or option.special == "build"
    perform(state, loc, option)


@activation.step("after")
def _after(state: MaquisState, frame: Activation, action: Action) -> None:
    """§Milicia de tiro: a shot may come between the action and the escape check."""
    if state.is_terminal():
        return
    shots = shoot_actions(state) if state.d["board"].get(frame["loc"]) == "w" else []
    if shots:
        state.decide(0, "shot", [*shots, HOME], then="shot", prompt="prompt.after", rule="action.shoot")
    else:
        state.goto("escape")


@activation.step("shot")
def _shot(state: MaquisState, frame: Activation, action: int) -> None:
    if action == HOME:
        state.goto("escape")
        return
    shoot(state, target(action))
    if not state.is_terminal():
        state.goto("after")


@activation.step("escape")
def _escape(state: MaquisState, frame: Activation, action: Action) -> None:
    """§Verificar ruta de escape / §Ser arrestado."""
    loc = frame["loc"]
    if state.d["board"].get(loc) == "w":  # a worker kept on a mission card has already left the board
        send_home_or_arrest(state, loc, keep=frame.get("star", False))
    if frame.get("mole") and not state.is_terminal():
        release_mole(state, loc)  # Infiltration: the released mole takes the same way home
    if not state.is_terminal():
        state.ret()


# ----------------------------------------------------------------------------- §Acciones de ubicación
def options_of(state: MaquisState, loc: str) -> tuple[Option, ...]:
    """The choices of the location's action, or of the tile built on it."""
    tile = state.d["tiles"].get(loc)
    return BOARD.tiles[tile].options if tile else BOARD.locations[loc].options


def option_at(state: MaquisState, loc: str, choice: str) -> Option:
    return next(o for o in options_of(state, loc) if o.id == choice)


def star_at(state: MaquisState, loc: str) -> bool:
    """The orange star shield: the action's gains are kept even if the worker is then arrested."""
    tile = state.d["tiles"].get(loc)
    return BOARD.tiles[tile].star if tile else BOARD.locations[loc].star


def airdrop_fields(state: MaquisState) -> list[str]:
    """§Airdrop: the Fields that hold nothing and may be used."""
    closed = missions.closed_locations(state)
    return [field for field, tokens in state.d["fields"].items() if not tokens and field not in closed]


def location_choices(state: MaquisState, loc: str) -> list[int]:
    """§Acciones de ubicación: the choices of the location (or of the tile built on it) that can be
    paid for now and whose effect would do something."""
    found = []
    for option in options_of(state, loc):
        if not state.can_pay(option.pay):
            continue
        if option.special and not EFFECTS.possible[option.special](state, {"loc": loc}):
            continue
        found.append(DO[option.id])
    return found


def perform(state: MaquisState, loc: str, option: Option) -> None:
    """Pay, gain, run the option's effect (airdrop, recruit, pickup, build) and move Morale."""
    state.pay(option.pay)
    for kind, n in option.gain.items():
        state.gain(kind, n)
    state.log("log.did", option=f"@do.{option.id}", loc=f"@target.{loc}")
    if option.special:
        EFFECTS.run(state, [{"kind": option.special}], then="after", loc=loc)
    if option.morale:
        state.change_morale(option.morale, "log.morale_action")


EFFECTS = EffectKinds(PROCS, rule="action.locations", name="location_effect")
"""The effects of the locations' choices beyond paying and gaining (`special` in data/board.toml and
data/cards.toml)."""


def _cafe_has_workers(state: MaquisState, context: dict[str, Any]) -> bool:
    return bool(state.d["cafe"])


def _field_has_tokens(state: MaquisState, context: dict[str, Any]) -> bool:
    return bool(state.d["fields"][context["loc"]])


def _a_field_is_free(state: MaquisState, context: dict[str, Any]) -> bool:
    return bool(airdrop_fields(state))


def _a_tile_is_left(state: MaquisState, context: dict[str, Any]) -> bool:
    return len(state.d["tiles"]) < len(BOARD.tiles)


recruit = EFFECTS.kind("recruit", rule="action.locations", possible=_cafe_has_workers, frame=LocationEffect)


@recruit.step()
def _recruit(state: MaquisState, frame: LocationEffect, action: Action) -> None:
    """The Café: a worker waiting there joins those at home (lost again if the recruiter is arrested)."""
    position = state.d
    position["cafe"] -= 1
    position["home"] += 1
    position["pending"]["recruit"] += 1
    state.log("log.recruit")
    state.ret()


pickup = EFFECTS.kind("pickup", rule="action.locations", possible=_field_has_tokens, frame=LocationEffect)


@pickup.step()
def _pickup(state: MaquisState, frame: LocationEffect, action: Action) -> None:
    """A Field: the airdropped tokens lying there are taken."""
    position = state.d
    loc = frame["loc"]
    tokens, position["fields"][loc] = position["fields"][loc], {}
    pending = position["pending"]["gain"]
    for kind, n in tokens.items():
        position["res"][kind] += n
        pending[kind] = pending.get(kind, 0) + n
    state.ret()


airdrop = EFFECTS.kind("airdrop", rule="action.airdrop", possible=_a_field_is_free, frame=LocationEffect)


@airdrop.step()
def _airdrop(state: MaquisState, frame: LocationEffect, action: Action) -> None:
    """§Airdrop: a package by difficulty (§Modos de dificultad) onto a Field that holds nothing."""
    packages = state.difficulty.airdrop
    state.decide(0, "package", [DROP[kind] for kind in packages], then="package", prompt="prompt.package")


@airdrop.step("package")
def _package(state: MaquisState, frame: LocationEffect, action: int) -> None:
    frame["package"] = target(action)
    fields = airdrop_fields(state)
    if len(fields) == 1:
        _drop(state, frame, fields[0])
    else:
        state.decide(0, "field", [ONTO[field] for field in fields], then="field", prompt="prompt.field")


@airdrop.step("field")
def _field(state: MaquisState, frame: LocationEffect, action: int) -> None:
    _drop(state, frame, target(action))


def _drop(state: MaquisState, frame: LocationEffect, field: str) -> None:
    kind = frame["package"]
    count = min(state.difficulty.airdrop[kind], state.supply(kind))
    if count:
        state.d["fields"][field] = {kind: count}
        state.d["pending"]["drop"] = field
    state.log("log.airdrop", n=count, kind=f"@res.{kind}", field=f"@target.{field}")
    state.ret()


build = EFFECTS.kind("build", rule="action.spare_room", possible=_a_tile_is_left, frame=LocationEffect)


@build.step()
def _build(state: MaquisState, frame: LocationEffect, action: Action) -> None:
    """§Agregar habitación de repuesto: a tile not yet built goes on this spare room."""
    used = set(state.d["tiles"].values())
    state.decide(
        0,
        "build",
        [BUILD[tile] for tile in BOARD.tiles if tile not in used],
        then="built",
        prompt="prompt.build",
    )


@build.step("built")
def _built(state: MaquisState, frame: LocationEffect, action: int) -> None:
    tile = target(action)
    state.d["tiles"][frame["loc"]] = tile
    state.log("log.built", tile=f"@target.{tile}", loc=f"@target.{frame['loc']}")
    state.ret()


EFFECTS.check(
    [{"kind": option.special} for option in BOARD.all_options() if option.special],
    "data/board.toml, data/cards.toml",
)


# ---------------------------------------------------------- §Verificar ruta de escape, §Ser arrestado
def safe_houses(state: MaquisState) -> set[str]:
    """The Safe House, and a spare room with the Safe House tile (README §4.15)."""
    tiles = state.d["tiles"]
    return {"safe_house"} | {loc for loc, tile in tiles.items() if BOARD.tiles[tile].safe_house}


def route_home(state: MaquisState, start: str) -> bool:
    """§Verificar ruta de escape: a road path through empty or worker-held locations to a safe house."""
    board = state.d["board"]
    closed = missions.closed_roads(state)
    goals = safe_houses(state)
    seen, frontier = {start}, [start]
    while frontier:
        here = frontier.pop()
        if here in goals:
            return True
        for there in BOARD.neighbours[here]:
            if there in seen or board.get(there, "w") != "w" or frozenset((here, there)) in closed:
                continue
            seen.add(there)
            frontier.append(there)
    return False


def send_home_or_arrest(state: MaquisState, loc: str, keep: bool) -> None:
    """After an activation: home by the escape route, or arrested (§Ser arrestado). Unless the
    location has the star shield (`keep`), the action's gains are lost with the worker."""
    position = state.d
    del position["board"][loc]
    if route_home(state, loc):
        position["home"] += 1
        position["pending"] = no_pending()
        state.log("log.home", loc=f"@target.{loc}", rule="action.escape")
        return
    state.log("log.arrested", loc=f"@target.{loc}", rule="action.arrest")
    if not keep:
        _forfeit(state)
    state.worker_lost(arrest=True)


def release_mole(state: MaquisState, slot: str) -> None:
    """Infiltration done: the mole leaves the card by the route of the worker who freed it, traced
    after that worker's (same exit, same patrols). No route: arrested (§Ser arrestado), like any
    worker; mission actions keep their reward, so nothing is forfeited."""
    if route_home(state, slot):
        state.log("log.mole_home", rule="missions.infiltration")
        return
    state.d["home"] -= 1  # counted at home since the delivery
    state.log("log.mole_arrested", rule="action.arrest")
    state.worker_lost(arrest=True)


def _forfeit(state: MaquisState) -> None:
    """§Ser arrestado: the reward of the action is lost (README §4.9)."""
    position = state.d
    pending = position["pending"]
    for kind, n in pending["gain"].items():
        position["res"][kind] -= min(n, position["res"][kind])
    if pending["recruit"]:
        position["home"] -= pending["recruit"]
        position["cafe"] += pending["recruit"]
    if pending["drop"]:
        position["fields"][pending["drop"]] = {}
    position["pending"] = no_pending()
    state.log("log.forfeit", rule="action.arrest")


# ------------------------------------------------------------------------------------ §Milicia de tiro
def shoot_actions(state: MaquisState) -> list[int]:
    """§Milicia de tiro: once a day, with a Weapon, a Milice on the board (never a Soldier)."""
    position = state.d
    if position["shot"] or not position["res"]["weapon"] or missions.shooting_forbidden(state):
        return []
    return [SHOOT[loc] for loc, pawn in position["board"].items() if pawn == "m"]


def shoot(state: MaquisState, loc: str) -> None:
    """§Milicia de tiro: «Un Trabajador que recolecta un Recurso de Arma puede usar esa misma Arma para
    disparar». A Weapon the activated worker has just gained is the one fired, so it is no longer part
    of the reward that an arrest takes away (§Ser arrestado; README §4.9: only what of the gain is
    still held goes back), and a Weapon held from before stays. The Soldiers marker rises first, «luego»
    the Morale falls: the fifth Milice shot completes Assassination (and wins, §Fin del juego:
    «inmediatamente») before that Morale is lost (README, ambiguity 5)."""
    position = state.d
    position["res"]["weapon"] -= 1
    pending = position["pending"]["gain"]
    if pending.get("weapon"):
        pending["weapon"] -= 1
    del position["board"][loc]
    position["shot"] = True
    position["soldiers"] = min(BOARD.components["soldiers"]["max"], position["soldiers"] + 1)
    state.log("log.shot", loc=f"@target.{loc}", soldiers=position["soldiers"], rule="action.shoot")
    missions.check_assassination(state)
    if not state.is_terminal():
        state.change_morale(-1, "log.morale_shot")
