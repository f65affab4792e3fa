"""What each side sees of a Guerra a Muerte position (§5.1.3 limited intelligence): the board view, the
observation tensor, the invariants and the resampling of what the other side keeps hidden.

With limited intelligence a force shows the other side only its marker: whether the side has counters in
an area's field, in its city, in guerrilla mode (the guerrilla marker is on the map), at sea or in a box.
What a counter is, its steps and its leaders stay in its owner's box. The recruit pools, the turn track,
the eliminated counters and every RP pool are public."""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludoteca.core.observation import Observation
from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.actions import ACTIONS, ID
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, RANK, militia_of
from ludoteca.games.guerra_a_muerte.guerrilla import guerrilla_options
from ludoteca.games.guerra_a_muerte.operations import loss_options, operate_options
from ludoteca.games.guerra_a_muerte.position import DEAD, DUE, OUT, POOL
from ludoteca.games.guerra_a_muerte.recruitment import place_options, promote_options, recruit_options
from ludoteca.games.guerra_a_muerte.sequence import activate_options
from ludoteca.games.guerra_a_muerte.spread import fields_of, places_of, spread

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

SIDE_OF_ROLE = ("patriot", "royalist")
OFF_MAP = (POOL, DUE, DEAD, OUT)
PLACES = [*BOARD.areas, *BOARD.seas, *BOARD.boxes]
AREAS = frozenset(BOARD.areas)
SPREAD_PLACES = frozenset((*BOARD.areas, *BOARD.seas))
"""Where the resample spreads the hidden counters (`draw`): the areas and the seas, not the boxes."""
LEADER_SIDE = {x: leader.side for x, leader in BOARD.leaders.items()}
PHASES = (
    "setup",
    "events",
    "uprisings",
    "reorganization",
    "patriot_operations",
    "royalist_operations",
    "end",
)


def sees(state: GamState, role: int | None, side: str) -> bool:
    """Whether `role` sees inside `side`'s forces: its own, the rebels' (always in sight), or all of them
    in the open (solitaire) setting."""
    if state.options.intelligence == "open" or side == "rebel":
        return True
    return role is not None and SIDE_OF_ROLE[role] == side


def deploying(state: GamState) -> str:
    """The side placing its set-up counters now (§2.0), "" outside the campaign's deployment."""
    player = state.current_player()
    if state.d["phase"] != "setup" or player not in (0, 1):
        return ""
    return SIDE_OF_ROLE[player] if any(f["p"] == "deployment" for f in state.d["stack"]) else ""


def masked(state: GamState, role: int | None) -> str:
    """The side whose forces `role` does not see at all for now: the side deploying under limited
    intelligence (§2.0, §5.1.3). The counters of a set-up code are placed one by one in a fixed order, so
    a marker appearing in an area would tell which counter went there: the other side sees the deploying
    side's markers, control and waiting counters only once it has finished, as across the table."""
    side = deploying(state)
    return side if side and not sees(state, role, side) else ""


def awaiting(state: GamState) -> set[str]:
    """The counters and leaders the running deployment has still to place (they wait in the pool): the
    named ones, and for each generic militia still to place the pool counter it will take."""
    todo = [
        item for frame in state.d["stack"] if frame["p"] == "deployment" for item in frame.get("todo", [])
    ]
    out = {what for kind, what, *_ in todo if kind != "militia"}
    for kind in {what for kind, what, *_ in todo if kind == "militia"}:
        count = sum(1 for item in todo if item[:2] == ["militia", kind])
        free = [u for u in militia_of(*kind.split(":")) if state.d["units"][u]["at"] == POOL]
        out.update(free[:count])
    return out


def _by_side(here: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The counters `here` (a place's entry of `GamState.by_place`) by side, remembered by the identity of
    the tuple (held, so that its id stays its own): a place's tuple is replaced when a counter comes or
    goes, and clones share them, so a view regroups only the places that changed."""
    held = _SIDES_MEMO.get(id(here))
    if held is not None and held[0] is here:
        return held[1]
    grouped: dict[str, list[str]] = {}
    for u in here:
        grouped.setdefault(UNIT_SIDE[u], []).append(u)
    out = {side: tuple(units) for side, units in grouped.items()}
    if len(_SIDES_MEMO) >= 50_000:
        _SIDES_MEMO.clear()
    _SIDES_MEMO[id(here)] = (here, out)
    return out


_SIDES_MEMO: dict[int, tuple[tuple[str, ...], dict[str, tuple[str, ...]]]] = {}


def _force(records: dict[str, Any], seen: bool, units: tuple[str, ...], leaders: list[str]) -> dict[str, Any]:
    """What a role sees of one side's force: its counters `units` (their `records`) and leaders `leaders`
    (not both empty) in one place: all of it where it sees inside the side's forces (`seen`), else the
    marker."""
    if seen:
        shown = []
        for u in units:
            record = records[u]
            shown.append(
                {
                    "steps": record["steps"],
                    "city": record["city"],
                    "guerrilla": record["guerrilla"],
                    "done": record["done"],
                    "id": u,
                }
            )
        return {"units": shown, "leaders": leaders}
    field, city, guerrilla = bool(leaders), False, False
    for u in units:
        record = records[u]
        if record["city"]:
            city = True
        else:
            field = True
        if record["guerrilla"]:
            guerrilla = True
    return {"marker": True, "field": field, "city": city, "guerrilla": guerrilla}


def board_view(state: GamState, role: int | None) -> dict[str, Any]:
    """What `role` sees of the board. Every area is listed (with its control), the other places only where
    something stands; the loop looks inside only the places where a counter or a leader stands, and at
    only the sides present there (the server builds a view per seat at every move, the fuzzer five)."""
    d = state.d
    hide = masked(state, role)
    waiting = awaiting(state)
    places: dict[str, Any] = {}
    where = state.by_place()
    leaders = state.leaders_by_place()
    control = state.occupied_control()
    units = d["units"]
    seen = {side: sees(state, role, side) for side in HOLDERS}
    for place in PLACES:
        here, chiefs = where.get(place), leaders.get(place)
        if not here and not chiefs:
            if place in AREAS:
                places[place] = {"forces": {}, "control": []}
            continue
        units_of = _by_side(here) if here else {}
        leaders_of: dict[str, list[str]] = {}
        for x in chiefs or ():
            leaders_of.setdefault(LEADER_SIDE[x], []).append(x)
        forces: dict[str, Any] = {}
        for side in HOLDERS:
            if side != hide and (side in units_of or side in leaders_of):
                forces[side] = _force(units, seen[side], units_of.get(side, ()), leaders_of.get(side, []))
        if place in AREAS:
            held = control.get(place)
            shown = [] if not held else sorted(held - {hide}) if hide else list(IN_ORDER[held])
            places[place] = {"forces": forces, "control": shown}
        elif forces:
            places[place] = {"forces": forces}
    return {
        "scenario": state.options.scenario,
        "intelligence": state.options.intelligence,
        "turn": d["turn"],
        "year": 1809 + d["turn"],
        "phase": d["phase"],
        "rp": dict(d["rp"]),
        "liberals": d["liberals"],
        "repression": list(d["repression"]),
        "slaves": {k: list(v) for k, v in d["slaves"].items()},
        "places": places,
        "pool": sorted(u for u in where.get(POOL, ()) if u not in waiting),
        "due": {u: units[u]["turn"] for u in sorted(where.get(DUE, ()))},
        "dead": sorted(where.get(DEAD, ())),
        "leaders_off_map": {
            x: s["at"] for x, s in sorted(d["leaders"].items()) if s["at"] in OFF_MAP and x not in waiting
        },
    }


HOLDERS = ("patriot", "royalist", "rebel")
AREA_NAMES = tuple(
    name
    for area in BOARD.areas
    for name in (
        *(f"control[{area}][{side}]" for side in HOLDERS),
        f"own_steps[{area}]",
        f"enemy_city[{area}]",
        f"enemy_guerrilla[{area}]",
        f"repression[{area}]",
    )
)
"""The names of the areas' entries, made once (issue 26: naming them at every observation cost a third
of it)."""
AREA_AT = {area: at * len(AREA_NAMES) // len(BOARD.areas) for at, area in enumerate(BOARD.areas)}
NO_AREAS = (0.0,) * len(AREA_NAMES)
SIDE_NAVAL = {u: (counter.side, counter.naval) for u, counter in COUNTERS.items()}
UNIT_SIDE = {u: counter.side for u, counter in COUNTERS.items()}
IN_ORDER = {
    frozenset(sides): sorted(sides)
    for sides in ((), *((a,) for a in HOLDERS), *((a, b) for a in HOLDERS for b in HOLDERS if a < b), HOLDERS)
}
"""Each side's counters for the board view, and each set of holders of an area in the order shown."""
"""Where each area's seven entries start, the entries of a map with nothing on it, and each counter's
side and whether it is naval, looked up once per counter in the observation's loop."""


def observe(state: GamState, role: int, out: Observation) -> None:
    """What `role` knows as numbers: the turn, the phase, the RP pools, and for every area who holds it,
    the role's own steps there and the other side's markers. The map starts empty (`NO_AREAS`) and only
    the areas where a counter or leader stands, or repression, are written: it costs what is on it."""
    d = state.d
    mine = SIDE_OF_ROLE[role]
    other = SIDE_OF_ROLE[1 - role]
    hide = masked(state, role)
    out.add("turn", d["turn"] / 15)
    out.one_hot("phase", PHASES, d["phase"])
    out.add("liberals", float(bool(d["liberals"])))
    out.each("rp", list(d["rp"]), (min(v, 40.0) / 40 for v in d["rp"].values()))
    where = state.by_place()
    records = d["units"]
    values = list(NO_AREAS)
    for area, holders in state.occupied_control().items():
        steps, city, guerrilla = 0, False, False
        for u in where.get(area, ()):
            side, naval = SIDE_NAVAL[u]
            if side == mine:
                steps += int(records[u]["steps"])
            elif side == other and not hide and not naval:
                city = city or bool(records[u]["city"])
                guerrilla = guerrilla or bool(records[u]["guerrilla"])
        at = AREA_AT[area]
        values[at : at + 3] = [float(side in holders and side != hide) for side in HOLDERS]
        values[at + 3 : at + 6] = (min(steps, 30) / 30, float(city), float(guerrilla))
    for area in d["repression"]:
        if area in AREA_AT:
            values[AREA_AT[area] + 6] = 1.0
    out.entries(AREA_NAMES, values)


def broken_invariants(state: GamState) -> list[str]:
    """Steps within each counter's, counters in known places, no RP pool below zero, the index of counters
    by place and the control kept by area (§1.1.1) true to their records."""
    out = []
    for u, s in state.d["units"].items():
        if not 1 <= s["steps"] <= COUNTERS[u].steps:
            out.append(f"{u} has {s['steps']} steps")
        if (
            s["at"] not in OFF_MAP
            and s["at"] not in BOARD.areas
            and s["at"] not in BOARD.seas
            and s["at"] not in BOARD.boxes
        ):
            out.append(f"{u} is at unknown place {s['at']}")
        if s["guerrilla"] and not COUNTERS[u].militia:
            out.append(f"{u} is a regular in guerrilla mode")
    out += [f"RP pool {p} is {v}" for p, v in state.d["rp"].items() if v < -1e-9]
    kept = {place: here for place, here in state.by_place().items() if here}
    fresh = state.index_units()
    if kept != fresh:
        out.append("the index of counters by place differs from the counters' records")
    stale = state.stale_control(fresh)
    out += [f"control kept for {area} differs from its counters' and leaders'" for area in stale]
    return out


NAMED = frozenset((*COUNTERS, *BOARD.leaders))


def names_in(value: Any) -> set[str]:
    """The counters and leaders a procedure's frames name (`_remap` renames them)."""
    out: set[str] = set()
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if item in NAMED:
                out.add(item)
        elif isinstance(item, list):
            todo += item
        elif isinstance(item, dict):
            todo += item.values()
    return out


def _remap(value: Any, mapping: dict[str, str], refs: bool = False) -> Any:
    """`value` with the counters and leaders it names replaced as `mapping` says: by id, or with `refs`
    by a prompt's reference (`@unit.<id>`, `@leader.<id>`)."""
    if isinstance(value, str):
        if not refs:
            return mapping.get(value, value)
        kind, _, uid = value.partition(".")
        return f"{kind}.{mapping[uid]}" if kind in ("@unit", "@leader") and uid in mapping else value
    if isinstance(value, list):
        return [_remap(v, mapping, refs) for v in value]
    if isinstance(value, dict):
        return {k: _remap(v, mapping, refs) for k, v in value.items()}
    return value


def _slot(place: Any) -> str:
    """A leader's slot: where it is and whether it has operated (its arrival turn is its own)."""
    return f"{place['at']}|{place['done']}"


SLOT_FIELDS = ("at", "city", "guerrilla", "done", "port")
"""A counter's slot: where it is and its marks (its steps and its arrival turn are the counter's own)."""
_unit_slot = operator.itemgetter(*SLOT_FIELDS)
REDRAW_GROUP = {u: (c.side, (c.nationality, c.militia, c.naval)) for u, c in COUNTERS.items()}
"""Each counter's side, and the kind of slot it may be redrawn into: its nationality, militia or not,
naval or not."""
LEADER_GROUP = {
    x: (leader.side, (leader.nationality if leader.side == "patriot" else "", leader.naval))
    for x, leader in BOARD.leaders.items()
}
"""Each leader's side, and the kind of leader slot it may be redrawn into: a Patriot's nationality (the
havens and a force's leaders read it, §10.3, §3.3), a naval leader's (§7)."""


OPTIONS_OF: dict[str, tuple[Callable[[GamState, Frame], list[int]], str]] = {
    "prompt.promote": (promote_options, "done"),
    "prompt.recruit": (recruit_options, "done"),
    "prompt.place": (place_options, ""),
    "prompt.operate": (operate_options, "stop"),
    "prompt.lose": (loss_options, ""),
    "prompt.guerrilla": (guerrilla_options, "done"),
    "prompt.activate": (activate_options, "pass"),
}
"""The decisions whose options read what the redraw changes — a counter's arm, its steps, what it
carries — each with the rule that computes them from the position and the decision's frame ([] where the
rules would not ask it), and the option that ends it: promotion (§4.7, a militia of the regular's arm),
recruitment and its placement (§4.6, the haven's limits by arm §10.3), a force's operations (§3.3,
embarking by steps §7.7), and its step losses, taken one by one while fewer than its steps (§5.3). Every
other decision's options read only what a redraw keeps (sides, nationalities, militia or regular, ship
or not, the places and marks), so the names in them, redrawn, are what its rules offer in the twin."""
REDRAW_TRIES = 50
"""Draws tried before the fallback (`resample`)."""


def resample(state: GamState, role: int, rng: random.Random) -> GamState:
    """A state drawn from `role`'s information set (§5.1.3): the other side's hidden counters and leaders
    redrawn (`draw`), and the pending decision one the rules ask in the twin (`asks`), drawn again
    otherwise, at most `REDRAW_TRIES` times. What is tested reads only the twin and what `role` sees, so
    the draw never depends on the true hidden counters. If every draw fails (rare: see the README), the
    last is kept, and a decision of the side redrawn offers only the option that ends it ("done",
    "stop"): a decision its rules would not have asked, but one that plays on and tells nothing; a
    recruit's placement keeps its places (the recruit is placed; a haven may pass its limit)."""
    other = SIDE_OF_ROLE[1 - role]
    if sees(state, role, other):
        return state.clone()
    state.occupied_control()  # what the original knows of control, every twin drawn from it starts from
    for _ in range(REDRAW_TRIES):
        twin = draw(state, role, rng)
        if asks(twin, role):
            return twin
    wait = twin.d["wait"]
    ending = OPTIONS_OF[wait["prompt"]][1]
    if wait["role"] != role and ending:  # a changed copy: clones share the pending decision
        twin.d["wait"] = {**wait, "actions": [ID[ending]]}
    return twin


def asks(twin: GamState, role: int) -> bool:
    """Whether the twin's pending decision is one its rules ask, with options they offer there. A decision
    of the redrawn side takes the options its rules compute in the twin (`role` does not see them: its
    view shows another role's prompt at most, §5.1.3); one of `role` must offer what `role` sees."""
    wait = twin.d["wait"]
    if wait is None or wait["role"] < 0 or wait["prompt"] not in OPTIONS_OF:
        return True
    options = sorted(set(OPTIONS_OF[wait["prompt"]][0](twin, twin.d["stack"][-1])))
    if wait["role"] == role:
        return options == list(wait["actions"])
    if options:
        twin.d["wait"] = {**wait, "actions": options}  # a changed copy: clones share the pending decision
    return bool(options)


def draw(state: GamState, role: int, rng: random.Random, keep_counts: bool = False) -> GamState:
    """A state consistent with what `role` sees: the other side's hidden counters and leaders on the map
    redrawn. The procedures' references to the counters and leaders follow them.

    Each counter a running procedure names (the force operating, fighting, intercepting, taking losses,
    changing mode, `names_in`), and each in an off-map box (Spain, Haití, the United States, Brasil: a
    box's comings and goings are public events, and the havens' limits read its arms, §10.3), leaves its
    slot — place, guerrilla, city and operated marks — to a counter drawn at random from all the hidden
    counters of its kind (its nationality, militia or not, ship or not), slots taken in an order of what
    they show. The other hidden counters are spread over the side's markers by `spread.spread`: every
    marker keeps what its public facts require, the rest go to random places, so that how many counters a
    marker hides, and which, is drawn from a prior, not kept from the truth (issue 27). A counter keeps
    its steps and its arrival turn; a spread counter has not operated this phase. If the spread cannot
    show some public fact, or with `keep_counts`, every hidden counter keeps its slot (the earlier draw,
    which kept each place's count of counters).

    The leaders go the same way (§5.1.3: the leaders on the map are public, where each stands is not): a
    leader a procedure names, one in a box or at sea, and a naval leader (he stands with the fleet, §7)
    leaves its slot to a leader drawn among the hidden ones of its kind (a Patriot's nationality, naval or
    not); every other is spread with the counters, into the field of an area where it changes no control
    (`spread.area_marks`), and may show a marker's field or hold its area (`spread.Place.need`).

    The search draws one at every iteration, so only what changes is written: a counter drawn into a
    slot like its own keeps its record, and only the places whose counters changed are re-indexed. Each
    place keeps its control (§1.1.1): the spread keeps every public fact control reads, and the slots
    keep their sides, regulars and guerrilla marks, so the twin keeps the original's (`keep_control`)."""
    other = SIDE_OF_ROLE[1 - role]
    twin = state.clone()
    wait = state.d["wait"]
    named: set[str] = set()  # what a prompt every role reads names is known: it stays itself
    if wait is not None and wait.get("role", -1) >= 0 and not wait.get("private"):
        named = {str(v).rpartition(".")[2] for v in wait["params"].values() if str(v).startswith("@")}
    pinned = names_in(state.d["stack"])
    groups: dict[tuple[str, bool, bool], list[tuple[tuple[Any, ...], str]]] = {}
    members: dict[tuple[str, bool, bool], list[str]] = {}
    records = state.d["units"]
    revealed = set(state.d["revealed"])
    for u, s in records.items():
        side, group = REDRAW_GROUP[u]
        if side == other and s["at"] not in OFF_MAP and u not in revealed and u not in named:
            members.setdefault(group, []).append(u)
            if keep_counts or u in pinned or s["at"] not in SPREAD_PLACES:
                groups.setdefault(group, []).append((_unit_slot(s), u))
    leaders = state.d["leaders"]
    lmembers: dict[tuple[str, bool], list[str]] = {}
    lslots: dict[tuple[str, bool], list[tuple[str, str]]] = {}
    for x, s in leaders.items():
        side, lgroup = LEADER_GROUP[x]
        if side == other and s["at"] not in OFF_MAP and x not in named and x not in revealed:
            lmembers.setdefault(lgroup, []).append(x)
            if keep_counts or x in pinned or lgroup[1] or s["at"] not in AREAS:
                lslots.setdefault(lgroup, []).append((_slot(s), x))
    mapping: dict[str, str] = {}
    moved: dict[str, dict[str, Any]] = {}  # counter → the fields it is drawn into, unlike its own
    free: list[str] = []
    loose: set[str] = set()  # the counters whose slots are spread: what the prior redraws
    for group, drawn in members.items():
        loose.update(set(drawn) - {u for _, u in groups.get(group, ())})
        # the slots in an order of what they show, the counters drawn into them from the group's list in
        # the records' order: the draw depends only on what `role` knows and the generator, never on
        # where each counter truly is
        slots = sorted(groups.get(group, ()))
        drawn = list(drawn)
        rng.shuffle(drawn)
        for (slot, old), new in zip(slots, drawn, strict=False):
            if old != new:
                mapping[old] = new
                if slot != _unit_slot(records[new]):
                    moved[new] = dict(zip(SLOT_FIELDS, slot, strict=True))
        free += drawn[len(slots) :]
    lmoved: dict[str, dict[str, Any]] = {}  # leader → its record in the twin
    for lgroup, chiefs in lmembers.items():
        loose.update(set(chiefs) - {x for _, x in lslots.get(lgroup, ())})
        lslot = sorted(lslots.get(lgroup, ()))
        chiefs = list(chiefs)
        rng.shuffle(chiefs)
        for (_, old), new in zip(lslot, chiefs, strict=False):
            mapping[old] = new
            lmoved[new] = {**leaders[new], "at": leaders[old]["at"], "done": leaders[old]["done"]}
        free += chiefs[len(lslot) :]
    where = state.by_place()
    if free:
        placed = spread(places_of(state, other, where, loose), free, rng)
        if placed is None:
            return draw(state, role, rng, keep_counts=True)
        for u, (place, mark) in placed.items():
            if u in leaders:
                lmoved[u] = {**leaders[u], "at": place, "done": False}
                continue
            fields = fields_of(place, mark)  # shared between draws: never written
            if _unit_slot(records[u]) != _unit_slot(fields):
                moved[u] = fields
    twin.set_units(moved)
    arrivals: dict[str, list[str]] = {}
    for u, fields in moved.items():
        arrivals.setdefault(fields["at"], []).append(u)
    redrawn = {*arrivals, *(records[u]["at"] for u in moved)}
    index = dict(where)
    for place in redrawn:
        stay = [u for u in where.get(place, ()) if u not in moved]
        index[place] = tuple(sorted((*stay, *arrivals.get(place, ())), key=RANK.__getitem__))
    twin.reindex(index)
    for x, record in lmoved.items():
        redrawn.update((leaders[x]["at"], record["at"]))
        twin.d["leaders"][x] = record
    twin.keep_control(state, redrawn)
    mapping = {k: v for k, v in mapping.items() if k != v}
    if mapping:
        twin.d["stack"] = _remap(twin.d["stack"], mapping)
        wait = twin.d["wait"]
        if wait is not None and wait.get("role", -1) >= 0:
            acts = []
            for action in wait["actions"]:
                verb, _, what = ACTIONS.names[action].partition(" ")
                acts.append(ID[f"{verb} {mapping[what]}"] if what in mapping else action)
            params = _remap(wait["params"], mapping, refs=True)
            twin.d["wait"] = {**wait, "actions": sorted(acts), "params": params}  # a changed copy, as above
    return twin
