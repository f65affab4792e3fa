"""The constraints the rulebook states about Guerra a Muerte's component data (§1.1, §1.3, §2, §4, §6.6,
§7.3, §11), checked once when `board.py` loads it (DESIGN §6; `Board.check` imports this module when
it runs, since this one reads `board`'s names): a refusal names the file, the item, the
field and the value (`core.data.refusal`), so an owner's replaced file is refused with a clear error.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from ludoteca.core.data import refusal
from ludoteca.games.guerra_a_muerte.board import (
    COUNT_KEYS,
    SIDES,
    Board,
    Item,
    militia_count,
    militia_nationality,
    origin,
)
from ludoteca.games.guerra_a_muerte.components import LAND_ARMS, NAVAL_ARMS, City, PlacementItem, Unit


def check(b: Board) -> None:
    """Refuse data that breaks any constraint the rulebook states about it (DESIGN §6)."""
    _check_map(b)
    _check_units(b)
    _check_scenarios(b)


def _check_map(b: Board) -> None:
    """The map as the rulebook draws it (§1.1, §2.1, §4, §6.6, §7.3, §11); a refusal names the file,
    the item, the field and the value (`core.data.refusal`)."""
    both = "map.toml, map.reconstructed.toml"

    def refuse(key: object, item: str, field: str, value: object, why: str, **params: object) -> None:
        raise refusal(origin("map", key, field), item, field, value, why, **params)

    if len(b.areas) != 43:
        n = len(b.areas)
        raise refusal("map.toml", "area", "id", n, "count", found=n, expected=43, section="1.1")
    for name, ids in b.lists.items():
        for area_id in ids:
            if area_id not in b.areas:
                refuse(name, name, "areas", area_id, "unknown", kind="area")
    for area in b.areas.values():
        if not isinstance(area.rp, int) or area.rp < 0:
            refuse(area.id, area.id, "rp", area.rp, "not_negative")
        for sea_id in area.seas:
            if sea_id not in b.seas:
                refuse(area.id, area.id, "seas", sea_id, "unknown", kind="sea")
    for area_id in ("chaco", "pampas"):
        if b.areas[area_id].rp != 0:
            refuse(area_id, area_id, "rp", b.areas[area_id].rp, "equal", expected=0, section="11.0")
    for pool in (name for name in b.lists if name.startswith("rp_")):
        for area_id in b.lists[pool]:
            if b.areas[area_id].rp <= 0:  # §4.2: it yields RP to a pool, so it is worth some
                refuse(area_id, area_id, "rp", b.areas[area_id].rp, "positive")
    if not any(a.rp == 5 and "slave_recruitment" in a.lists for a in b.areas.values()):
        slaves = b.lists.get("slave_recruitment", ())  # §4.0/§4.9: an area worth 5, whose half is 2
        rps = sorted({b.areas[a].rp for a in slaves if a in b.areas})
        raise refusal(both, "slave_recruitment", "rp", rps, "none_has", wanted="rp = 5", section="4.9")
    for links, places, kind in (
        (b.land_links, b.areas, "area"),
        (b.sea_links, b.seas, "sea"),
    ):
        for link in links:
            key, item = (link.a, link.b), f"{link.a}–{link.b}"
            for field, end in (("a", link.a), ("b", link.b)):
                if end not in places:
                    refuse(tuple(sorted(key)), item, field, end, "unknown", kind=kind)
            if link.a == link.b:
                refuse(key, item, "b", link.b, "same_ends")
    for bl in b.box_links:
        item = f"{bl.box}–{bl.to}"
        if bl.box not in b.boxes:
            raise refusal(both, item, "box", bl.box, "unknown", kind="box")
        if bl.to not in b.areas and bl.to not in b.seas:
            raise refusal(both, item, "to", bl.to, "unknown", kind="area/sea")
    apart = set(b.seas) - _reach(set(b.seas), lambda x: b.sea_adjacent[x])
    if apart:
        raise refusal(both, "sea_link", "a/b", sorted(apart), "apart")
    islands = {"cuba", "puerto_rico", "santo_domingo", "margarita"}
    for island in sorted(islands):
        if b.adjacent[island]:  # islands are reached only by sea
            raise refusal(both, "land_link", "a/b", island, "island")
    north = set(b.lists["new_spain"])
    south = set(b.areas) - north - islands
    for part in (north, south):
        apart = part - _reach(part, partial(_within, b.adjacent, part))
        if apart:
            raise refusal(both, "land_link", "a/b", sorted(apart), "apart")
    for area_id in b.areas:
        if not (b.areas[area_id].seas or b.adjacent[area_id]):  # every area can be reached
            refuse(area_id, area_id, "seas", None, "apart")
    for island in sorted(islands):
        if not b.areas[island].seas:  # islands have a coast
            refuse(island, island, "seas", None, "missing", missing="seas")
    for c in b.cities.values():
        if c.area not in b.areas:
            refuse(c.id, c.id, "area", c.area, "unknown", kind="area")
        if c.port and c.sea not in b.areas[c.area].seas:  # a port's sea is off its area's coast
            refuse(c.id, c.id, "sea", c.sea, "one_of", allowed=list(b.areas[c.area].seas))
    for f in ("cartagena", "puerto_cabello", "callao", "san_juan", "santo_domingo"):
        if not b.cities[f].fortress:
            refuse(f, f, "fortress", b.cities[f].fortress, "equal", expected=True, section="2.1, §6.2")
    for city_id, sea_id in (("cartagena", "caribe_iii"), ("montevideo", "atlantico_i")):
        if b.cities[city_id].sea != sea_id:
            refuse(city_id, city_id, "sea", b.cities[city_id].sea, "must", expected=sea_id)
    distance = b.sea_distance("caribe_v", "caribe_iii")
    most = b.tables["op_cost"]["naval_areas_per_op"]
    if distance > most:  # §6.6 example: Caribe V to Caribe III for 1 OP
        raise refusal(both, "caribe_v–caribe_iii", "cost", distance, "at_most", most=most)
    if not any(any(s.startswith("caribe") for s in b.areas[a].seas) for a in b.lists["rp_mexico"]):
        # §4.10: Mina lands on a Mexican Caribbean coast
        refuse("rp_mexico", "rp_mexico", "areas", None, "none_has", wanted="seas = caribe_*", section="4.10")
    caribbean_spain = sorted({bl.to for bl in b.box_links if bl.box == "spain" and bl.op == 3})
    want = sorted(f"caribe_{n}" for n in ("vi", "vii", "viii", "ix", "x"))
    if caribbean_spain != want:
        raise refusal(both, "spain (op = 3)", "to", caribbean_spain, "equal", expected=want, section="7.3")
    last = b.areas["chiloe"].rp + b.areas[b.cities["veracruz"].area].rp
    if last > b.victory["campaign"]["patriot_max_rp"]:  # §11.1.1: Chiloé and Veracruz as the last
        most = b.victory["campaign"]["patriot_max_rp"]
        raise refusal("scenarios.toml", "campaign", "patriot_max_rp", most, "at_least", least=last)


def _check_units(b: Board) -> None:
    codes = {code for _, code in b.setup_codes}
    for u in b.units.values():
        _check_unit(b, u, codes)
    units = "units.toml, units.reconstructed.toml"
    for w in b.waves:
        arriving = [u for u in b.units.values() if u.nationality == "spanish" and u.turn == w["turn"]]
        got = Counter((u.arm, u.size) for u in arriving if not u.naval)
        want = {
            ("infantry", "battalion"): w["infantry_battalions"],
            ("cavalry", "regiment"): w["cavalry_regiments"],
            ("artillery", "battery"): w["artillery"],
        }
        if dict(got) != want:  # §4.8 example: the wave of that turn
            found = {f"{arm} {size}": n for (arm, size), n in sorted(got.items())}
            expected = {f"{arm} {size}": n for (arm, size), n in want.items()}
            item = f"spanish, turn = {w['turn']}"
            raise refusal(units, item, "arm/size", found, "equal", expected=expected, section="4.8")
        leader = b.leaders[w["leader"]]
        if leader.turn != w["turn"]:  # §4.8 example: Morillo lands with it
            file = origin("leaders", leader.id, "turn")
            raise refusal(file, leader.id, "turn", leader.turn, "equal", expected=w["turn"], section="4.8")
    navy = b.tables["patriot_navy"]
    for nat in navy["frigates"]:
        if not any(
            u.nationality == nat and u.arm == "frigate" and u.turn == navy["turn"] for u in b.units.values()
        ):
            missing = f"arm = 'frigate', nationality = {nat!r}, turn = {navy['turn']}"
            raise refusal(units, "unit", "nationality", nat, "missing", missing=missing)
    mexican = sum(u.nationality == "mexico" and u.arm == "frigate" for u in b.units.values())
    if mexican < 2:  # §7.5 example
        raise refusal(
            units, "unit", "nationality", "mexico", "count", found=mexican, expected=2, section="7.5"
        )
    for ldr in b.leaders.values():
        for field in ("ops", "tactical"):
            value: int = getattr(ldr, field)
            if not 0 <= value <= 3:
                file = origin("leaders", ldr.id, field)
                raise refusal(file, ldr.id, field, value, "between", low=0, high=3)
        if not (ldr.setup or ldr.turn):  # a leader that never enters
            file = origin("leaders", ldr.id, "setup")
            raise refusal(file, ldr.id, "setup", None, "missing", missing="setup, turn")


def _check_unit(b: Board, u: Unit, codes: set[str]) -> None:
    """One counter's values (§1.3): its side, arm, steps, factor and how it enters."""

    def refuse(field: str, value: object, why: str, **params: object) -> None:
        raise refusal(origin("units", u.id, field), u.id, field, value, why, **params)

    if u.side not in (*SIDES, "rebel"):
        refuse("side", u.side, "one_of", allowed=[*SIDES, "rebel"])
    if u.arm not in LAND_ARMS + NAVAL_ARMS:
        refuse("arm", u.arm, "one_of", allowed=[*LAND_ARMS, *NAVAL_ARMS])
    if u.steps not in (1, 2):
        refuse("steps", u.steps, "between", low=1, high=2)
    if not 1 <= u.start_steps <= u.steps:
        refuse("start_steps", u.start_steps, "between", low=1, high=u.steps)
    if u.factor < 1:
        refuse("factor", u.factor, "positive")
    if not u.naval and (u.reduced > 0) != (u.steps == 2):  # a two-step unit has a reduced side
        why = "needed" if u.steps == 2 else "absent"
        refuse("reduced", u.reduced or None, why, condition=f"steps = {u.steps}", section="1.3")
    if u.setup and not (u.setup in codes or u.setup in b.areas or u.setup in b.boxes):
        refuse("setup", u.setup, "place")
    if not 0 <= u.turn <= 15:
        refuse("turn", u.turn, "between", low=0, high=15)
    if u.setup and u.turn:  # both sets up and arrives
        refuse("turn", u.turn, "absent", condition=f"setup = {u.setup!r}", section="2.0")


def _check_scenarios(b: Board) -> None:
    """The scenarios' set-ups fill their requirements (§2, §11); a refusal names the file, the item,
    the field and the value (`core.data.refusal`)."""
    placements = "scenarios.reconstructed.toml"
    for pl in b.placements:
        rid = pl["requirement"]
        req = b.requirements[rid]
        allowed = b.requirement_areas(req)
        if ("at" in req) != ("area" not in pl):  # a place is needed, unless the requirement gives it
            why = "absent" if "at" in req else "needed"
            raise refusal(
                placements,
                rid,
                "area",
                pl.get("area"),
                why,
                condition=f"requirement {rid}",
                section="2.0",
            )
        if "area" in pl and pl["area"] not in allowed:
            raise refusal(placements, rid, "area", pl["area"], "one_of", allowed=list(allowed))
        for uid in pl.get("units", []):
            u = b.units[uid]
            if u.side != req["side"]:
                raise refusal(
                    placements,
                    rid,
                    "units",
                    uid,
                    "wrong",
                    what="side",
                    found=u.side,
                    expected=req["side"],
                )
            if "nationality" in req and u.nationality != req["nationality"]:
                found, expected = u.nationality, req["nationality"]
                raise refusal(
                    placements,
                    rid,
                    "units",
                    uid,
                    "wrong",
                    what="nationality",
                    found=found,
                    expected=expected,
                )
    for sid in b.scenarios:
        placed = b.placed(sid)
        first = b.scenarios[sid]["first_turn"]
        used = [uid for pl in placed for uid in pl.get("units", [])]
        twice = sorted(uid for uid, n in Counter(used).items() if n > 1)
        if twice:  # a counter placed twice
            raise refusal(placements, sid, "units", twice[0], "given_twice")
        for uid in used:
            if b.units[uid].turn >= first:
                raise refusal(placements, sid, "units", uid, "late", turn=b.units[uid].turn, first=first)
        for rid, req in b.requirements.items():
            if req["scenario"] != sid or sid == "campaign":
                continue
            mine = [pl for pl in placed if pl["requirement"] == rid]
            want = {k: req[k] for k in COUNT_KEYS if k in req}
            got = b.counts(req, mine)
            if got != want:
                raise refusal(placements, rid, "units", got, "must", expected=want)
            got_leaders = sorted(x for pl in mine for x in pl.get("leaders", []))
            if got_leaders != sorted(req.get("leaders", [])):
                raise refusal(
                    placements,
                    rid,
                    "leaders",
                    got_leaders,
                    "must",
                    expected=sorted(req.get("leaders", [])),
                )
        for side, nat, arm in _militia_kinds(placed, b.requirements):
            pool = b.militia_pools[(side, nat)][arm]
            n = sum(
                militia_count(pl, arm)
                for pl in placed
                if _nat(b.requirements[pl["requirement"]]) == (side, nat)
            )
            if n > pool:  # no more militia than the counters of that nationality
                raise refusal(placements, f"{sid}: {nat}", f"militia_{arm}", n, "at_most", most=pool)
    for sid, ctl in b.control.items():
        held = _holders(b.placed(sid), b.requirements, b.cities)
        wanted: tuple[tuple[str, set[str] | None], ...] = (
            ("patriot", None),
            ("partial", {"patriot", "royalist"}),
            ("royalist", {"royalist"}),
        )
        for field, holders_wanted in wanted:
            for a in ctl[field]:
                holders = held.get(a, set())
                ok = "patriot" in holders if holders_wanted is None else holders == holders_wanted
                if not ok:
                    raise refusal(
                        placements, sid, "units", a, "held", found=sorted(holders) or "—", expected=field
                    )


def _reach(nodes: set[str], neighbours: Callable[[str], Iterable[str]]) -> set[str]:
    """The nodes reached from one of `nodes` (the first in sorted order); all of them if they are one
    graph."""
    if not nodes:
        return set()
    start = min(nodes)
    seen = {start}
    queue = deque([start])
    while queue:
        for n in neighbours(queue.popleft()):
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def _within(adjacent: Mapping[str, tuple[str, ...]], part: set[str], area: str) -> list[str]:
    return [b for b in adjacent[area] if b in part]


def _nat(req: Mapping[str, Any]) -> tuple[str, str]:
    return req["side"], militia_nationality(req)


def _militia_kinds(placed: Iterable[PlacementItem], reqs: Mapping[str, Item]) -> set[tuple[str, str, str]]:
    return {
        (*_nat(reqs[pl["requirement"]]), arm)
        for pl in placed
        for arm in ("infantry", "cavalry")
        if militia_count(pl, arm)
    }


def _holders(
    placed: Iterable[PlacementItem], reqs: Mapping[str, Item], cities: Mapping[str, City]
) -> dict[str, set[str]]:
    """Which sides have units in each area after a scenario's set-up (§1.1.1; rebels count as Patriots)."""
    held: dict[str, set[str]] = {}
    for pl in placed:
        req = reqs[pl["requirement"]]
        area = pl.get("area") or (cities[req["at"]].area if req["at"] in cities else "")
        if area:
            held.setdefault(area, set()).add("royalist" if req["side"] == "royalist" else "patriot")
    return held
