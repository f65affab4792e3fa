"""The search's redraw (§5.1.3 limited intelligence): a twin of a position drawn from what one role knows,
the other side's hidden counters and leaders redrawn (`resample`), and the pending decision one the rules
ask in the twin. What the role sees of a position is in `view.py`; the prior the hidden counters are
spread from, in `spread.py`."""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ludoteca.games.guerra_a_muerte.actions import ACTIONS, ID
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, RANK
from ludoteca.games.guerra_a_muerte.guerrilla import guerrilla_options
from ludoteca.games.guerra_a_muerte.operations import loss_options, operate_options
from ludoteca.games.guerra_a_muerte.position import OFF_MAP, LeaderState, UnitFields, UnitState
from ludoteca.games.guerra_a_muerte.recruitment import place_options, promote_options, recruit_options
from ludoteca.games.guerra_a_muerte.sequence import activate_options
from ludoteca.games.guerra_a_muerte.spread import Place, fields_of, places_of, spread
from ludoteca.games.guerra_a_muerte.view import AREAS, SIDE_OF_ROLE, SPREAD_PLACES, sees

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

NAMED = frozenset((*COUNTERS, *BOARD.leaders))


def names_in(value: object) -> set[str]:
    """The counters and leaders a procedure's frames name (`_remap` renames them)."""
    out: set[str] = set()
    todo: list[object] = [value]
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


def _slot(place: LeaderState) -> str:
    """A leader's slot: where it is and whether it has operated (its arrival turn is its own)."""
    return f"{place['at']}|{place['done']}"


SLOT_FIELDS = ("at", "city", "guerrilla", "done", "port")
"""A counter's slot: where it is and its marks (its steps and its arrival turn are the counter's own)."""
Slot = tuple[str, bool, bool, bool, str]
_unit_slot: Callable[[UnitState | UnitFields], Slot] = operator.itemgetter(*SLOT_FIELDS)
Kind = tuple[str, bool, bool, str]
REDRAW_GROUP: dict[str, tuple[str, Kind]] = {
    u: (c.side, (c.nationality, c.militia, c.naval, c.arm if c.naval else "")) for u, c in COUNTERS.items()
}
"""Each counter's side, and the kind of slot it may be redrawn into: its nationality, militia or not, and
for a ship its class. A ship a naval battle names keeps its class: Cochrane's roll (§8.3) is made only
against frigates, so a frigate redrawn as a ship of the line would leave the roll without one to take."""
LEADER_GROUP = {
    x: (leader.side, (leader.nationality if leader.side == "patriot" else "", leader.naval))
    for x, leader in BOARD.leaders.items()
}
"""Each leader's side, and the kind of leader slot it may be redrawn into: a Patriot's nationality (the
havens and a force's leaders read it, §10.3, §3.3), a naval leader's (§7)."""


OPTIONS_OF: dict[str, tuple[Callable[[GamState, Any], list[int]], str]] = {
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


def resampler(state: GamState, role: int) -> Callable[[random.Random], GamState]:
    """`resample` for a caller that draws many twins of `state`, unchanged, for `role` (a search draws one
    at every iteration): what every draw starts from (`plan`) is worked out once."""
    plans: dict[bool, Plan] = {}
    return lambda rng: resample(state, role, rng, plans)


def resample(
    state: GamState, role: int, rng: random.Random, plans: dict[bool, Plan] | None = None
) -> GamState:
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
    plans = {} if plans is None else plans
    for _ in range(REDRAW_TRIES):
        twin = draw(state, role, rng, plans=plans)
        if asks(twin, role):
            return twin
    wait = twin.d["wait"]
    ending = "" if wait is None else OPTIONS_OF[wait["prompt"]][1]
    if wait is not None and wait["role"] != role and ending:  # a changed copy: clones share the decision
        twin.d["wait"] = {**wait, "actions": [ID[ending]]}
    return twin


def asks(twin: GamState, role: int) -> bool:
    """Whether the twin's pending decision is one its rules ask, with options they offer there. A decision
    of the redrawn side takes the options its rules compute in the twin (`role` does not see them: its
    view shows another role's prompt at most, §5.1.3); one of `role` must offer what `role` sees."""
    wait = twin.d["wait"]
    if wait is None or wait["role"] < 0 or wait["prompt"] not in OPTIONS_OF:
        return True
    frame = twin.running_frame()
    options = [] if frame is None else sorted(set(OPTIONS_OF[wait["prompt"]][0](twin, frame)))
    if wait["role"] == role:
        return options == list(wait["actions"])
    if options:
        twin.d["wait"] = {**wait, "actions": options}  # a changed copy: clones share the pending decision
    return bool(options)


class Plan(NamedTuple):
    """What every draw from one position for one role starts from (`draw`), worked out from the position
    and the role alone: the other side's hidden counters and leaders by group, in the records' order; the
    slots that stay (a procedure names them, a box holds them, a leader is at sea or naval), in an order
    of what they show; the counters and leaders whose places the prior spreads; and the places it spreads
    them over, as `spread.places_of` gives them before any is drawn."""

    members: dict[Kind, list[str]]
    slots: dict[Kind, list[tuple[Slot, str]]]
    leaders: dict[tuple[str, bool], list[str]]
    leader_slots: dict[tuple[str, bool], list[tuple[str, str]]]
    places: list[tuple[str, dict[str, bool], dict[str, tuple[str, ...]], list[tuple[str, str]]]]


def plan(state: GamState, role: int, keep_counts: bool) -> Plan:
    """`Plan` of `state` for `role` (`draw`)."""
    other = SIDE_OF_ROLE[1 - role]
    wait = state.d["wait"]
    named: set[str] = set()  # what a prompt every role reads names is known: it stays itself
    if wait is not None and wait.get("role", -1) >= 0 and not wait.get("private"):
        named = {str(v).rpartition(".")[2] for v in wait["params"].values() if str(v).startswith("@")}
    pinned = names_in(state.frames())
    groups: dict[Kind, list[tuple[Slot, str]]] = {}
    members: dict[Kind, list[str]] = {}
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
    for x, chief in leaders.items():
        side, lgroup = LEADER_GROUP[x]
        if side == other and chief["at"] not in OFF_MAP and x not in named and x not in revealed:
            lmembers.setdefault(lgroup, []).append(x)
            if keep_counts or x in pinned or lgroup[1] or chief["at"] not in AREAS:
                lslots.setdefault(lgroup, []).append((_slot(chief), x))
    loose: set[str] = set()  # the counters and leaders whose slots are spread: what the prior redraws
    for group, drawn in members.items():
        loose.update(set(drawn) - {u for _, u in groups.get(group, ())})
    for lgroup, chiefs in lmembers.items():
        loose.update(set(chiefs) - {x for _, x in lslots.get(lgroup, ())})
    places = places_of(state, other, state.by_place(), loose) if loose else []
    return Plan(
        members,
        {group: sorted(slots) for group, slots in groups.items()},
        lmembers,
        {lgroup: sorted(slots) for lgroup, slots in lslots.items()},
        [(place.name, place.facts, place.allowed, place.content) for place in places],
    )


def draw(
    state: GamState,
    role: int,
    rng: random.Random,
    keep_counts: bool = False,
    plans: dict[bool, Plan] | None = None,
) -> GamState:
    """A state consistent with what `role` sees: the other side's hidden counters and leaders on the map
    redrawn. The procedures' references to the counters and leaders follow them.

    Each counter a running procedure names (the force operating, fighting, intercepting, taking losses,
    changing mode, `names_in`), and each in an off-map box (Spain, Haití, the United States, Brasil: a
    box's comings and goings are public events, and the havens' limits read its arms, §10.3), leaves its
    slot — place, guerrilla, city and operated marks — to a counter drawn at random from all the hidden
    counters of its kind (its nationality, militia or not, a ship's class), slots taken in an order of what
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
    keep their sides, regulars and guerrilla marks, so the twin keeps the original's (`keep_control`).
    What every draw starts from, the `Plan`, is worked out once for the `plans` given (a search's)."""
    plans = {} if plans is None else plans
    known = plans.get(keep_counts)
    if known is None:
        known = plans[keep_counts] = plan(state, role, keep_counts)
    twin = state.clone()
    records = state.d["units"]
    leaders = state.d["leaders"]
    mapping: dict[str, str] = {}
    moved: dict[str, UnitFields] = {}  # counter → the fields it is drawn into, unlike its own
    free: list[str] = []
    for group, drawn in known.members.items():
        # the slots in an order of what they show, the counters drawn into them from the group's list in
        # the records' order: the draw depends only on what `role` knows and the generator, never on
        # where each counter truly is
        slots = known.slots.get(group, ())
        drawn = list(drawn)
        rng.shuffle(drawn)
        for (slot, old), new in zip(slots, drawn, strict=False):
            if old != new:
                mapping[old] = new
                if slot != _unit_slot(records[new]):
                    at, city, guerrilla, done, port = slot  # `SLOT_FIELDS`
                    moved[new] = {"at": at, "city": city, "guerrilla": guerrilla, "done": done, "port": port}
        free += drawn[len(slots) :]
    lmoved: dict[str, LeaderState] = {}  # leader → its record in the twin
    for lgroup, chiefs in known.leaders.items():
        lslot = known.leader_slots.get(lgroup, ())
        chiefs = list(chiefs)
        rng.shuffle(chiefs)
        for (_, old), new in zip(lslot, chiefs, strict=False):
            mapping[old] = new
            lmoved[new] = {**leaders[new], "at": leaders[old]["at"], "done": leaders[old]["done"]}
        free += chiefs[len(lslot) :]
    where = state.by_place()
    if free:
        places = []
        for name, facts, allowed, content in known.places:
            spot = Place(name, facts, allowed)  # its facts are read, never written; its content grows
            spot.content = list(content)
            places.append(spot)
        placed = spread(places, free, rng)
        if placed is None:
            return draw(state, role, rng, keep_counts=True, plans=plans)
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
        frames = twin.frames()
        frames[:] = _remap(frames, mapping)  # the twin's own frames (`clone` copied them)
        wait = twin.d["wait"]
        if wait is not None and wait.get("role", -1) >= 0:
            acts = []
            for action in wait["actions"]:
                verb, _, what = ACTIONS.names[action].partition(" ")
                acts.append(ID[f"{verb} {mapping[what]}"] if what in mapping else action)
            params = _remap(wait["params"], mapping, refs=True)
            twin.d["wait"] = {**wait, "actions": sorted(acts), "params": params}  # a changed copy, as above
    return twin
