"""The prior the resample draws the other side's hidden counters from (§5.1.3 limited intelligence):
where on the map they stand, knowing only what the resampling role knows.

What a role knows of the other side's counters (the board view, the observation and the public log):
which counters are on the map at all (the recruit pool, the turn track and the eliminated counters are
public, and no counter leaves the game otherwise), each counter's side, nationality, arm and whether it is
a militia or a ship (the counter mix is printed); which places hold a force marker of that side, and its
marks: in the field, inside the city (for an area the observation tells a land garrison from ships in
port) or in guerrilla mode; who controls each area (§1.1.1, which reads each side's land counters, their
regulars and guerrilla marks, and its leaders); the counters a battle, an interception or a hunt shows
(`d["revealed"]`, §5.1.3) and those a public prompt names. It does not know how many counters a marker
hides, nor which.

The draw: every visible marker of an area or sea keeps at least what its public facts require — a
counter that can carry each of its marks (a field counter or leader, a land counter in the city, ships in
port where the city mark has no garrison, a guerrilla, a ship at sea), a land counter where its side holds
the area with no leader there, one that is not a guerrilla where the side holds it against enemy regulars,
a regular where an enemy all-guerrilla force lost control to it, none where an all-guerrilla enemy holds
the area — each filled by a counter drawn uniformly among the free ones that fit; every other free counter
goes to a uniformly random place of its side where it may stand with the marks shown there (a ship at sea,
or in the port of an area whose city is marked; a land counter in an area, in the field, in the city or in
guerrilla mode as the marker shows, only a militia in guerrilla mode) and one of those marks at random.
There is no stacking limit (§5.1). The hidden leaders in areas are drawn with the counters (the leaders on
the map are public, where each stands is not, §5.1.3): a leader may show a field mark or hold an area
(alone against enemy regulars only where no guerrilla mark shows), and stands only in the field of an area
where it changes no control (`area_marks`). The draw reads the positions of the hidden counters and
leaders nowhere: only the public facts above and the generator."""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any

from ludoteca.games.guerra_a_muerte.board import BOARD, main_port
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, SIDES
from ludoteca.games.guerra_a_muerte.position import UnitFields
from ludoteca.games.guerra_a_muerte.state import LAND

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

FIELD, CITY, GUERRILLA, PORT, SEA = "field", "city", "guerrilla", "port", "sea"
"""A counter's marks where it is drawn: a land counter in an area's field, in its city, in guerrilla mode;
a ship in an area's port, or at sea."""
KIND = {
    **{x: "leader" for x in BOARD.leaders},
    **{u: "ship" if c.naval else "militia" if c.militia else "regular" for u, c in COUNTERS.items()},
}
"""What the spread draws: each counter's kind, and the leaders (a leader stands in an area's field)."""
MARKS_OF_KIND = {
    "ship": (PORT, SEA),
    "militia": (FIELD, CITY, GUERRILLA),
    "regular": (FIELD, CITY),
    "leader": (FIELD,),
}
PORTS = {area: main_port(area) for area in BOARD.areas}
SEAS = frozenset(BOARD.seas)
NEEDS = 8
"""The ranks of `Place.need`."""


class Place:
    """What the role knows of one place where the other side has a force marker, what it requires of the
    counters drawn into it, and what it holds so far in the draw."""

    __slots__ = ("allowed", "content", "facts", "name")

    def __init__(self, name: str, facts: dict[str, bool], allowed: dict[str, tuple[str, ...]]) -> None:
        self.name = name
        self.facts = facts
        self.allowed = allowed  # kind → the marks a counter of that kind may take here
        self.content: list[tuple[str, str]] = []  # (kind, mark) of every counter here, leaders as FIELD

    def has(self, kinds: tuple[str, ...], marks: tuple[str, ...]) -> bool:
        return any(kind in kinds and mark in marks for kind, mark in self.content)

    def need(self) -> tuple[int, tuple[str, ...], tuple[str, ...]] | None:
        """The first public fact the place's content does not yet show, as its rank in `spread`'s order
        (the scarcest counters first) and the kinds and marks of a counter that would show it; None when it
        shows them all."""
        facts, land = self.facts, ("regular", "militia")
        if facts["sea"]:
            return None if self.content else (0, ("ship",), (SEA,))
        if facts["need_regular"] and not self.has(("regular",), (FIELD, CITY)):
            return 1, ("regular",), (FIELD, CITY)
        if facts["guerrilla"] and not self.has(("militia",), (GUERRILLA,)):
            return 2, ("militia",), (GUERRILLA,)
        if facts["city"] and not facts["land_city"] and not self.has(("ship",), (PORT,)):
            return 3, ("ship",), (PORT,)
        if facts["land_city"] and not self.has(land, (CITY,)):
            return 4, land, (CITY,)
        chief = ("leader",)
        if (
            facts["holds"]
            and facts["enemy_regulars"]
            and not self.has(land, (FIELD, CITY))
            and not (self.has(chief, (FIELD,)) and not facts["guerrilla"])
        ):  # a leader holds it alone where no guerrilla can come (§1.1.1)
            return 5, (*land, *chief) if not facts["guerrilla"] else land, (FIELD, CITY)
        if facts["holds"] and not self.has((*land, *chief), (FIELD, CITY, GUERRILLA)):
            return 6, (*land, *chief), (FIELD, CITY, GUERRILLA)
        if facts["field"] and not self.has((*land, *chief), (FIELD, GUERRILLA)):
            return 7, (*land, *chief), (FIELD, GUERRILLA)
        return None


def places_of(state: GamState, side: str, where: dict[str, tuple[str, ...]], loose: set[str]) -> list[Place]:
    """The areas and seas where `side` has a force marker, with the public facts of each (the marks its
    marker shows, control, the other sides' land counters there, all in sight), the marks each kind of
    counter, and a leader, may take there, and what stays there whatever the draw: its counters and
    leaders not `loose` (or their slots)."""
    records = state.d["units"]
    leaders = state.leaders_by_place()
    control = state.occupied_control()
    out = []
    for name in sorted({*where, *leaders}):
        if name not in PORTS and name not in SEAS:
            continue
        units = [u for u in where.get(name, ()) if COUNTERS[u].side == side]
        chiefs = [x for x in leaders.get(name, ()) if BOARD.leaders[x].side == side]
        if not units and not chiefs:
            continue
        marks = [records[u] for u in units]
        facts = {
            "sea": name in SEAS,
            "field": any(not s["city"] for s in marks) or bool(chiefs),
            "city": any(s["city"] for s in marks),
            "guerrilla": any(s["guerrilla"] for s in marks),
            "land_city": any(s["city"] for u, s in zip(units, marks, strict=True) if u in LAND),
        }
        if facts["sea"]:
            allowed: dict[str, tuple[str, ...]] = {"ship": (SEA,), "militia": (), "regular": (), "leader": ()}
        else:
            facts.update(area_facts(state, side, name, where.get(name, ()), control.get(name, frozenset())))
            allowed = area_marks(facts)
        place = Place(name, facts, allowed)
        place.content = [("leader", FIELD)] * sum(1 for x in chiefs if x not in loose)
        place.content += [
            (KIND[u], mark_of(s, KIND[u])) for u, s in zip(units, marks, strict=True) if u not in loose
        ]
        out.append(place)
    return out


def area_facts(
    state: GamState, side: str, area: str, units: tuple[str, ...], holders: frozenset[str]
) -> dict[str, bool]:
    """The control facts of `area` that `side`'s hidden counters must keep (§1.1.1): whether `side`
    holds it; whether the other side (in sight) has regulars there (the rebels' take no area from a
    guerrilla, `_holders`); whether an all-guerrilla force of another side holds the area (then `side`
    has no regular there) or lost it (then `side` has one, unless the other side's regulars took it)."""
    records = state.d["units"]
    others: dict[str, list[bool]] = {}  # side → its land counters' guerrilla marks; regulars apart
    regulars: set[str] = set()
    for u in units:
        kind = LAND.get(u)
        if kind is None or kind[0] == side:
            continue
        others.setdefault(kind[0], []).append(bool(records[u]["guerrilla"]))
        if kind[1] and kind[0] in SIDES:  # the rebels' regulars take no area from a guerrilla
            regulars.add(kind[0])
    forbid = need = False
    for other, marks in others.items():
        if all(marks):
            if other in holders:
                forbid = True
            elif not regulars - {other}:
                need = True
    return {
        "holds": side in holders,
        "enemy_regulars": bool(regulars),
        "forbid_regular": forbid,
        "need_regular": need,
    }


def area_marks(facts: dict[str, bool]) -> dict[str, tuple[str, ...]]:
    """The marks each kind of counter may take in an area without changing a public fact: in the field
    or the city only where the marker shows it; guerrilla mode only where it shows it, and only there where
    the side does not hold the area (its land counters there are all guerrillas among enemy regulars); a
    regular nowhere an all-guerrilla enemy holds the area; a ship in the port of a marked city. A leader
    stands in the field (the marker shows it) where the side holds the area, or where its guerrillas lose
    it to enemy regulars, leader or not (§1.1.1, `GamState._holders`): anywhere else it would give the
    side control."""
    if facts["holds"]:
        land = tuple(
            mark
            for mark, shown in (
                (FIELD, facts["field"]),
                (CITY, facts["land_city"]),
                (GUERRILLA, facts["guerrilla"]),
            )
            if shown
        )
    else:
        land = (GUERRILLA,) if facts["guerrilla"] and facts["enemy_regulars"] else ()
    return {
        "ship": (PORT,) if facts["city"] else (),
        "militia": land,
        "regular": () if facts["forbid_regular"] else tuple(m for m in land if m != GUERRILLA),
        "leader": (FIELD,) if facts["field"] and land else (),
    }


def spread(places: list[Place], free: list[str], rng: random.Random) -> dict[str, tuple[str, str]] | None:
    """Each of the counters `free` (in an order of what the role knows) drawn into a place: first, one at a
    time, a counter for every public fact a place does not yet show (`Place.need`), drawn uniformly among
    the free counters that fit; then every other counter into a uniformly random place where its kind may
    stand, with a random mark allowed there. None if some fact finds no counter to show it (the resample
    then keeps the places' counts, `redraw.draw`)."""
    out: dict[str, tuple[str, str]] = {}
    left: dict[str, list[str]] = {kind: [] for kind in MARKS_OF_KIND}  # the free counters by kind
    for uid in free:
        left[KIND[uid]].append(uid)
    ranks: list[list[Place]] = [[] for _ in range(NEEDS)]  # each place under its first need's rank
    for place in places:
        need = place.need()
        if need is not None:
            ranks[need[0]].append(place)
    for rank in range(NEEDS):
        for place in ranks[rank]:
            while (need := place.need()) is not None and need[0] == rank:
                _, kinds, marks = need
                pools = [left[k] for k in kinds if set(place.allowed[k]) & set(marks)]
                count = sum(map(len, pools))
                if not count:
                    return None
                at = rng.randrange(count)
                for pool in pools:
                    if at < len(pool):
                        break
                    at -= len(pool)
                uid = pool[at]
                pool[at] = pool[-1]
                pool.pop()
                kind = KIND[uid]
                choice = [m for m in marks if m in place.allowed[kind]]
                mark = choice[rng.randrange(len(choice))]
                place.content.append((kind, mark))
                out[uid] = (place.name, mark)
            if need is not None:
                ranks[need[0]].append(place)
    for kind, pool in left.items():
        homes = [p for p in places if p.allowed[kind]]
        if pool and not homes:
            return None
        for uid in pool:
            place = homes[rng.randrange(len(homes))]
            marks = place.allowed[kind]
            out[uid] = (place.name, marks[rng.randrange(len(marks))])
    return out


def mark_of(record: Any, kind: str) -> str:
    """The mark of a counter's record."""
    if kind == "ship":
        return PORT if record["city"] else SEA
    return GUERRILLA if record["guerrilla"] else CITY if record["city"] else FIELD


@functools.cache
def fields_of(name: str, mark: str) -> UnitFields:
    """A counter's record fields for `mark` in place `name`: not operated (the role cannot tell which
    counters of a force have, §5.2's turned counters stay in the force's box)."""
    return {
        "at": name,
        "city": mark in (CITY, PORT),
        "guerrilla": mark == GUERRILLA,
        "done": False,
        "port": PORTS[name] if mark == PORT else "",
    }
