"""What each side sees of a Guerra a Muerte position (§5.1.3 limited intelligence): the board view and the
observation tensor (the invariants are in `invariants.py`, the resampling of what the other side keeps
hidden in `redraw.py`).

With limited intelligence a force shows the other side only its marker: whether the side has counters in
an area's field, in its city, in guerrilla mode (the guerrilla marker is on the map), at sea or in a box.
What a counter is, its steps and its leaders stay in its owner's box. The recruit pools, the turn track,
the eliminated counters and every RP pool are public."""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.core.frozen import freeze
from ludoteca.core.observation import Observation
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, militia_of
from ludoteca.games.guerra_a_muerte.deployment import deployment
from ludoteca.games.guerra_a_muerte.position import DEAD, DUE, OFF_MAP, POOL, UnitState
from ludoteca.games.guerra_a_muerte.reveal import COMBATS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

SIDE_OF_ROLE = ("patriot", "royalist")
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
    """The side placing its set-up counters now (§2.0, §12.2.2–§12.3.3), "" outside a deployment."""
    player = state.current_player()
    if state.d["phase"] != "setup" or player not in (0, 1):
        return ""
    return SIDE_OF_ROLE[player] if state.frame_of(deployment) is not None else ""


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
    frame = state.frame_of(deployment)
    todo = [] if frame is None else frame.get("todo", [])
    out = {what for kind, what, *_ in todo if kind != "militia"}
    for kind in {what for kind, what, *_ in todo if kind == "militia"}:
        count = sum(1 for item in todo if item[:2] == ["militia", kind])
        free = [u for u in militia_of(*kind.split(":")) if state.d["units"][u]["at"] == POOL]
        out.update(free[:count])
    return out


Index = dict[str, tuple[str, ...]]
"""The counters by place (`GamState.by_place`)."""
Leaders = dict[str, list[str]]
"""The leaders by place (`GamState.leaders_by_place`)."""
Sight = tuple[bool, bool, str]
"""What a viewer sees of the forces (`sight`): whether inside the Patriot's, inside the Royalist's, and the
side it sees nothing of for now (`masked`, "" if none); the rebels are always in sight."""


class UnitView(TypedDict):
    """A counter as its owner (or anyone in the open setting) sees it; the terminal marks the force
    operating (`operating`)."""

    steps: int
    city: bool
    guerrilla: bool
    done: bool
    id: str
    operating: NotRequired[bool]


class ForceView(TypedDict, total=False):
    """One side's force in a place: its counters and leaders where the viewer sees inside it, else its
    marker (`marker`) and whether it stands in the field, in the city, in guerrilla mode (§5.1.3)."""

    units: list[UnitView]
    leaders: list[str]
    marker: bool
    field: bool
    city: bool
    guerrilla: bool


class PlaceView(TypedDict):
    """What a viewer sees in a place: each side's force, and in an area who controls it (§1.1.1)."""

    forces: dict[str, ForceView]
    control: NotRequired[list[str]]


class RevealedView(TypedDict):
    """A counter or leader a combat in progress shows both sides (`revealed`)."""

    id: str
    side: str
    at: str
    leader: NotRequired[bool]
    steps: NotRequired[int]
    city: NotRequired[bool]


class BoardView(TypedDict):
    """What `board_view` gives a role (the view's ``board``; the terminal and `web/board.js` draw it)."""

    scenario: str
    intelligence: str
    turn: int
    year: int
    phase: str
    rp: dict[str, float]
    liberals: int
    iguala: int
    repression: list[str]
    slaves: dict[str, list[str]]
    places: dict[str, PlaceView]
    operating: list[str]
    pool: list[str]
    due: dict[str, int]
    dead: list[str]
    leaders_off_map: dict[str, str]
    revealed: list[RevealedView]


def sight(state: GamState, role: int | None) -> Sight:
    return sees(state, role, "patriot"), sees(state, role, "royalist"), masked(state, role)


def _force(records: dict[str, UnitState], seen: bool, units: list[str], leaders: list[str]) -> ForceView:
    """What a role sees of one side's force: its counters `units` (their `records`) and leaders `leaders`
    (not both empty) in one place: all of it where it sees inside the side's forces (`seen`), else the
    marker."""
    if seen:
        shown: list[UnitView] = [
            {
                "steps": records[u]["steps"],
                "city": records[u]["city"],
                "guerrilla": records[u]["guerrilla"],
                "done": records[u]["done"],
                "id": u,
            }
            for u in units
        ]
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


def _place_view(
    state: GamState, place: str, here: tuple[str, ...], chiefs: tuple[str, ...], seen: Sight
) -> PlaceView | None:
    """What a viewer of sight `seen` sees in `place`, where the counters `here` (its tuple of the index)
    and the leaders `chiefs` stand (not both empty): each side's force and, in an area, who controls it
    (§1.1.1); None for a sea or a box where only the side it does not see stands."""
    records = state.d["units"]
    units_of: dict[str, list[str]] = {}
    for u in here:
        units_of.setdefault(UNIT_SIDE[u], []).append(u)
    leaders_of: dict[str, list[str]] = {}
    for x in chiefs:
        leaders_of.setdefault(LEADER_SIDE[x], []).append(x)
    inside = {"patriot": seen[0], "royalist": seen[1], "rebel": True}
    hide = seen[2]
    forces = {
        side: _force(records, inside[side], units_of.get(side, []), leaders_of.get(side, []))
        for side in HOLDERS
        if side != hide and (side in units_of or side in leaders_of)
    }
    if place in AREAS:
        held = state.holders(place)
        return {"forces": forces, "control": sorted(held - {hide}) if hide else list(IN_ORDER[held])}
    return {"forces": forces} if forces else None


def _shown_place(
    state: GamState, place: str, here: tuple[str, ...], chiefs: tuple[str, ...], seen: Sight
) -> PlaceView | None:
    """`_place_view`, read-only and shared (`core.frozen`), remembered by what it reads: the place's tuple of
    the index (held, so that its id stays its own), which is replaced whenever a counter there comes, goes
    or is written (`GamState.set_units`) and which clones share, its leaders and the viewer's sight. So a
    view works out again only the places where something changed since a view of any state that shares
    them (issue 26)."""
    key = (place, id(here), chiefs, seen)
    held = _PLACE_MEMO.get(key)
    if held is not None and held[0] is here:
        return held[1]
    shown: PlaceView | None = freeze(_place_view(state, place, here, chiefs, seen))
    if len(_PLACE_MEMO) >= 20_000:
        _PLACE_MEMO.clear()
    _PLACE_MEMO[key] = (here, shown)
    return shown


_PLACE_MEMO: dict[tuple[str, int, tuple[str, ...], Sight], tuple[tuple[str, ...], PlaceView | None]] = {}
EMPTY_AREA: PlaceView = freeze({"forces": {}, "control": []})


def board_view(state: GamState, role: int | None, lang: str) -> BoardView:
    """What `role` sees of the board: the places (`_places`), the tracks, the pools and the boxes off the
    map (the same in every language: `lang` is the hook's, `State.board_view`)."""
    d = state.d
    waiting = awaiting(state)
    where = state.by_place()
    units, leader_records = d["units"], d["leaders"]
    return {
        "scenario": state.options.scenario,
        "intelligence": state.options.intelligence,
        "turn": d["turn"],
        "year": 1809 + d["turn"],
        "phase": d["phase"],
        "rp": dict(d["rp"]),
        "liberals": d["liberals"],
        "iguala": d["iguala"],
        "repression": list(d["repression"]),
        "slaves": {k: list(v) for k, v in d["slaves"].items()},
        "places": _places(state, where, sight(state, role)),
        "operating": operating(state, role),
        "pool": [u for u in _by_name(where.get(POOL, ())) if u not in waiting],
        "due": {u: units[u]["turn"] for u in _by_name(where.get(DUE, ()))},
        "dead": list(_by_name(where.get(DEAD, ()))),
        "leaders_off_map": {
            x: leader_records[x]["at"]
            for x in LEADERS_BY_NAME
            if leader_records[x]["at"] in OFF_MAP and x not in waiting
        },
        "revealed": revealed(state),
    }


def operating(state: GamState, role: int | None) -> list[str]:
    """The counters of the force or fleet activated now (§3.3, §7.1) that `role` sees inside: they were
    marked as operated when it was activated, and a board shows them as operating, not as done."""
    return [
        u
        for frame in state.frames()
        if frame["p"] in ("activation", "fleet") and sees(state, role, frame["side"])
        for u in frame.get("units", ())
    ]


def revealed(state: GamState) -> list[RevealedView]:
    """What a combat in progress shows both sides (§5.1.3: a force's contents are revealed "para resolver
    combate, intercepción, o retirada antes del combate"; `reveal.show_forces`): each counter that
    fights, with its side, place, steps and whether it is in the city, and each leader with it, for every
    viewer alike; [] when no combat runs (the subversion's and a hunt's candidates, also in
    `d["revealed"]`, are shown only to the side deciding, in its options)."""
    if not any(frame["p"] in COMBATS for frame in state.frames()):
        return []
    units, leaders = state.d["units"], state.d["leaders"]
    out: list[RevealedView] = []
    for x in state.d["revealed"]:
        if x in leaders:
            out.append({"id": x, "leader": True, "side": LEADER_SIDE[x], "at": leaders[x]["at"]})
        elif units[x]["at"] not in OFF_MAP:
            record = units[x]
            out.append(
                {
                    "id": x,
                    "side": UNIT_SIDE[x],
                    "at": record["at"],
                    "steps": record["steps"],
                    "city": record["city"],
                }
            )
    return out


def _places(state: GamState, where: Index, seen: Sight) -> dict[str, PlaceView]:
    """Every area, with its control, and the other places where something stands, as a viewer of sight
    `seen` sees them (`_shown_place`): the caller's own dict of shared entries. The server builds a view
    per seat at every move, the fuzzer five, and few places change between them; a view of a state whose
    index of counters (`where`: the same dict, holding the same tuples, and it only ever gains places)
    and leaders are as they were at its last view for this sight copies the dict of its last view."""
    leaders = state.leaders_by_place()
    stamp = tuple(where.values())
    key = (id(where), seen)
    held = _PLACES_MEMO.get(key)
    if (
        held is not None
        and held[0] is where
        and len(held[1]) == len(stamp)
        and all(map(operator.is_, held[1], stamp))
        and held[2] == leaders
    ):
        return dict(held[3])
    places: dict[str, PlaceView] = {}
    for place in PLACES:
        here, chiefs = where.get(place, ()), leaders.get(place)
        if here or chiefs:
            shown = _shown_place(state, place, here, tuple(chiefs or ()), seen)
            if shown is not None:
                places[place] = shown
        elif place in AREAS:
            places[place] = EMPTY_AREA
    if len(_PLACES_MEMO) >= 2_000:
        _PLACES_MEMO.clear()
    _PLACES_MEMO[key] = (where, stamp, leaders, places)
    return dict(places)


_PLACES_MEMO: dict[
    tuple[int, Sight], tuple[Index, tuple[tuple[str, ...], ...], Leaders, dict[str, PlaceView]]
] = {}
"""By the index's id and the sight: the index (held), its tuples and the leaders by place as they were,
and the places shown."""


def _by_name(here: tuple[str, ...]) -> tuple[str, ...]:
    """The counters `here` (a place's tuple of the index, in the counters' order) sorted by name, as the
    view lists the pool, the turn track and the eliminated counters: remembered by the tuple (held, as in
    `_shown_place`)."""
    held = _NAMES_MEMO.get(id(here))
    if held is not None and held[0] is here:
        return held[1]
    if len(_NAMES_MEMO) >= 20_000:
        _NAMES_MEMO.clear()
    named = _NAMES_MEMO[id(here)] = (here, tuple(sorted(here)))
    return named[1]


_NAMES_MEMO: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
LEADERS_BY_NAME = sorted(BOARD.leaders)


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
