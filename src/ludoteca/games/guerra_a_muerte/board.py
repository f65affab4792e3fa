"""Guerra a Muerte's component data, loaded, merged and checked once at import (DESIGN §6).

Each `data/X.toml` holds what the rulebook (or public material) states; `data/X.reconstructed.toml` holds
what we designed where the printed components are lost. Items of the two files with the same key are
merged field by field, and a field may come from one file only, so an owner of the printed game can
replace a reconstructed file without touching code. `Board.check` refuses data that breaks any constraint
the rulebook states about the data; the README explains each reconstructed choice.
"""

from __future__ import annotations

import tomllib
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from ludoteca.core import provenance
from ludoteca.core.data import data_dir, refusal
from ludoteca.games.guerra_a_muerte.components import (
    LAND_ARMS,
    NAVAL_ARMS,
    Area,
    BoxLink,
    City,
    DieTable,
    Leader,
    Link,
    OddsTable,
    Sea,
    Unit,
)

DATA = data_dir(__name__)
FILES = ("map", "tables", "units", "leaders", "scenarios")
SIDES = ("patriot", "royalist")
PATRIOT_NATIONS = ("el_plata", "chile", "gran_colombia", "mexico", "peru")
COUNT_KEYS = (
    "infantry",
    "american_infantry",
    "spanish_infantry",
    "british_infantry",
    "new_granada_infantry",
    "cavalry",
    "american_cavalry",
    "spanish_cavalry",
    "artillery",
    "militia_infantry",
    "militia_cavalry",
    "frigate",
    "ship_of_the_line",
)

Item = dict[str, Any]


def _load(name: str) -> dict[str, Any]:
    path = DATA / name
    return tomllib.loads(path.read_text("utf-8")) if path.exists() else {}


ORIGIN: dict[tuple[str, Any, str], str] = {}
"""The file each field of a merged item was read from, by (its printed file, the item's key, the field):
a refusal names it."""


def merge(
    printed: Iterable[Item],
    reconstructed: Iterable[Item],
    key: Callable[[Item], Any],
    keys: tuple[str, ...],
    files: tuple[str, str] = ("printed", "reconstructed"),
) -> dict[Any, Item]:
    """Items of a printed and a reconstructed list (of the `files` named) merged by `key` (made of the
    fields `keys`); any other field given by both files is refused: a reconstructed value never
    overrides a printed one."""
    out: dict[Any, Item] = {}
    for item in printed:
        k = key(item)
        if k in out:
            raise refusal(files[0], str(k), "/".join(keys), k, "given_twice")
        out[k] = dict(item)
        ORIGIN.update({(files[0], k, field): files[0] for field in item})
    for item in reconstructed:
        k = key(item)
        if k not in out:
            out[k] = dict(item)
            ORIGIN.update({(files[0], k, field): files[1] for field in item})
            continue
        base = out[k]
        for field, value in item.items():
            if field in keys or field == "source":
                continue
            if field in base:
                raise refusal(files[1], str(k), field, value, "overrides", printed=files[0])
            base[field] = value
            ORIGIN[(files[0], k, field)] = files[1]
        base["source"] = f"{base['source']}; {item['source']}"
    return out


def origin(name: str, key: Any, field: str) -> str:
    """The file of `name` (map, units…) the `field` of the item `key` was read from; a field left to
    its default is named in both files."""
    return ORIGIN.get((f"{name}.toml", key, field), f"{name}.toml, {name}.reconstructed.toml")


def _files(name: str) -> tuple[str, str]:
    return f"{name}.toml", f"{name}.reconstructed.toml"


def _by_id(item: Item) -> Any:
    return item["id"]


def _pair(item: Item) -> tuple[str, str]:
    a, b = sorted((item["a"], item["b"]))
    return a, b


class Board:
    """Everything printed on (or reconstructed for) the components, by id."""

    def __init__(self) -> None:
        raw = {n: (_load(f"{n}.toml"), _load(f"{n}.reconstructed.toml")) for n in FILES}
        self.sources: dict[str, list[str]] = {}
        for name in FILES:
            for suffix, tree in zip(("", ".reconstructed"), raw[name], strict=True):
                self.sources[f"{name}{suffix}.toml"] = [i["source"] for i in provenance.items(tree)]
        self._map(*raw["map"])
        self._tables(*raw["tables"])
        self._units(*raw["units"])
        self._leaders(*raw["leaders"])
        self._scenarios(*raw["scenarios"])
        self.check()

    # ---- loading ----

    def _map(self, p: dict[str, Any], r: dict[str, Any]) -> None:
        lists = merge(p.get("area_list", []), r.get("area_list", []), _by_id, ("id",), _files("map"))
        self.lists: dict[str, tuple[str, ...]] = {k: tuple(v["areas"]) for k, v in lists.items()}
        member: dict[str, set[str]] = {}
        for name, ids in self.lists.items():
            for area_id in ids:
                member.setdefault(area_id, set()).add(name)
        areas = merge(p["area"], r.get("area", []), _by_id, ("id",), _files("map"))
        self.areas: dict[str, Area] = {
            k: Area(k, v["name"], v["rp"], tuple(v.get("seas", ())), frozenset(member.get(k, ())))
            for k, v in areas.items()
        }
        seas = merge(p.get("sea", []), r.get("sea", []), _by_id, ("id",), _files("map"))
        self.seas: dict[str, Sea] = {k: Sea(k, v["name"]) for k, v in seas.items()}
        self.boxes: dict[str, Item] = {b["id"]: b for b in p.get("box", [])}
        land = merge(p.get("land_link", []), r.get("land_link", []), _pair, ("a", "b"), _files("map"))
        self.land_links = tuple(Link(a, b, v.get("andes", False)) for (a, b), v in land.items())
        sea = merge(p.get("sea_link", []), r.get("sea_link", []), _pair, ("a", "b"), _files("map"))
        self.sea_links = tuple(Link(a, b, cost=v.get("cost", 1)) for (a, b), v in sea.items())
        boxes = [*p.get("box_link", []), *r.get("box_link", [])]
        self.box_links = tuple(BoxLink(b["box"], b["to"], b.get("op", 0)) for b in boxes)
        cities = merge(p.get("city", []), r.get("city", []), _by_id, ("id",), _files("map"))
        self.cities: dict[str, City] = {
            k: City(k, v["name"], v["area"], v.get("fortress", False), v.get("port", False), v.get("sea", ""))
            for k, v in cities.items()
        }
        self.adjacent: dict[str, tuple[str, ...]] = {area: () for area in self.areas}
        for link in self.land_links:
            self.adjacent[link.a] += (link.b,)
            self.adjacent[link.b] += (link.a,)
        self.sea_adjacent: dict[str, dict[str, int]] = {s: {} for s in self.seas}
        for link in self.sea_links:
            self.sea_adjacent[link.a][link.b] = link.cost
            self.sea_adjacent[link.b][link.a] = link.cost

    def _tables(self, p: dict[str, Any], r: dict[str, Any]) -> None:
        self.tables: dict[str, dict[str, Any]] = {**p, **r}
        for chart in sorted(set(p) & set(r)):
            source = r[chart].get("source")
            raise refusal(
                "tables.reconstructed.toml", chart, "source", source, "overrides", printed="tables.toml"
            )
        t = self.tables
        self.activation = DieTable(tuple(map(tuple, t["activation"]["rows"])))
        self.spain_rp = DieTable(tuple(map(tuple, t["spain_rp"]["rows"])))
        self.spain_rp_modifiers = tuple(
            (m["turns"][0], m["turns"][1], m["value"])
            for m in (*t["spain_rp"]["modifiers"], *t["spain_rp_extra"]["modifiers"])
        )
        self.convoy = DieTable(tuple(map(tuple, t["convoy"]["rows"])))
        self.attrition = DieTable(tuple(map(tuple, t["attrition"]["rows"])))
        self.besieged_attrition = DieTable(tuple(map(tuple, t["attrition_extra"]["besieged_rows"])))
        self.raid = DieTable(tuple(map(tuple, t["raid"]["rows"])))
        self.port_capture = DieTable(tuple(map(tuple, t["port_capture"]["rows"])))
        rows = [*t["leader_loss"]["rows"], *t["leader_loss_extra"]["rows"]]
        self.leader_loss = DieTable(tuple(sorted(map(tuple, rows))))
        self.counter_guerrilla = DieTable(tuple(map(tuple, t["counter_guerrilla"]["rows"])))
        self.crt = OddsTable(
            tuple(t["crt"]["columns"]), tuple(t["crt"]["ratios"]), tuple(map(tuple, t["crt"]["rows"]))
        )
        st = t["siege_table"]
        self.siege_table = OddsTable(tuple(st["columns"]), tuple(st["ratios"]), tuple(map(tuple, st["rows"])))
        self.op_cost: dict[str, int | float] = {
            k: v for k, v in {**t["op_cost"], **t["op_cost_extra"]}.items() if k != "source"
        }

    def _units(self, p: dict[str, Any], r: dict[str, Any]) -> None:
        printed = [dict(u) for u in p["unit"]]
        for reinf in p.get("reinforcement", []):
            unit = next(u for u in printed if u["id"] == reinf["unit"])
            unit.update(turn=reinf["turn"], region=reinf["region"])
        merged = merge(printed, [*r["unit"], *r.get("extra_unit", [])], _by_id, ("id",), _files("units"))
        naval = self.tables["naval_class"]
        self.units: dict[str, Unit] = {}
        for k, v in merged.items():
            cls = naval.get(v["arm"], {})
            steps = v.get("steps", cls.get("steps", 1))
            self.units[k] = Unit(
                k,
                v["code"],
                v["name"],
                v["side"],
                v["nationality"],
                v["arm"],
                v.get("size", "squadron" if cls else ""),
                steps,
                v.get("factor", cls.get("factor", 0)),
                v.get("reduced", 0),
                v.get("start_steps", steps),
                v.get("setup", ""),
                v.get("turn", 0),
                v.get("region", ""),
                v.get("british", False),
                v.get("new_granada", False),
                v.get("partisans", False),
            )
        self.militia_pools: dict[tuple[str, str], dict[str, int]] = {
            (m["side"], m["nationality"]): {"infantry": m["infantry"], "cavalry": m["cavalry"]}
            for m in r.get("militia_pool", [])
        }
        factors = sorted({m["factor"] for m in r.get("militia_pool", [])})
        if len(factors) != 1:  # every militia counter has the same factor
            raise refusal("units.reconstructed.toml", "militia_pool", "factor", factors, "one_value")
        self.militia_factor: int = factors[0]
        self.waves: tuple[Item, ...] = tuple(p.get("wave", []))

    def _leaders(self, p: dict[str, Any], r: dict[str, Any]) -> None:
        merged = merge(
            p["leader"], [*r["leader"], *r.get("extra_leader", [])], _by_id, ("id",), _files("leaders")
        )
        self.leaders: dict[str, Leader] = {
            k: Leader(
                k,
                v["name"],
                v["side"],
                v["nationality"],
                v.get("ops", 0),
                v.get("tactical", 0),
                v.get("naval", False),
                v.get("setup", ""),
                v.get("turn", 0),
                v.get("region", ""),
            )
            for k, v in merged.items()
        }

    def _scenarios(self, p: dict[str, Any], r: dict[str, Any]) -> None:
        self.scenarios = merge(p["scenario"], r.get("scenario", []), _by_id, ("id",), _files("scenarios"))
        self.victory = {v["scenario"]: v for v in p["victory"]}
        self.rp = merge(p["rp"], r.get("rp", []), lambda i: i["scenario"], ("scenario",), _files("scenarios"))
        self.setup_codes = {(c["side"], c["code"]): c for c in p["setup_code"]}
        self.code_militia = {(c["side"], c["code"]): c for c in r.get("code_militia", [])}
        self.requirements: dict[str, Item] = merge(p["requirement"], [], _by_id, ("id",), _files("scenarios"))
        self.placements: tuple[Item, ...] = tuple(r.get("placement", []))
        self.markers: tuple[Item, ...] = tuple(p.get("marker", []))
        self.control = {c["scenario"]: c for c in p.get("control", [])}
        self.scenario_leaders = {x["scenario"]: x for x in r.get("leaders", [])}
        self.pool_rules: tuple[Item, ...] = (*p.get("pool_rule", []), *r.get("pool_rule", []))

    # ---- queries ----

    def provenance(self) -> dict[str, int]:
        """How many data items are of each kind (rulebook, public, reconstructed)."""
        return provenance.count(s for sources in self.sources.values() for s in sources)

    def code_areas(self, side: str, code: str) -> tuple[str, ...]:
        """The areas (or cities) where a §2 set-up code places its counters."""
        c = self.setup_codes[(side, code)]
        return tuple(c.get("areas") or c.get("cities") or self.lists[c["list"]])

    def requirement_areas(self, req: Item) -> tuple[str, ...]:
        if "at" in req:
            return ()
        return tuple(req["areas"]) if "areas" in req else self.lists[req["list"]]

    def placed_steps(self, pl: Item, uid: str) -> int:
        """The steps a placement sets a unit up with: full, unless the placement says otherwise."""
        return int(pl.get("steps", {}).get(uid, self.units[uid].steps))

    def area_left_open(self, req: Item) -> bool:
        """Whether a requirement sets up "in any area of …" (more than one), so that its side may choose."""
        return len(self.requirement_areas(req)) > 1

    def sea_distance(self, a: str, b: str) -> int:
        """Sea areas moved from `a` to `b` (§7.1: a special link counts as its cost)."""
        known: dict[tuple[str, str], int] = self.__dict__.setdefault("_sea_distances", {})  # the map is fixed
        if (a, b) not in known:
            known[a, b] = self._sea_distance(a, b)
        return known[a, b]

    def _sea_distance(self, a: str, b: str) -> int:
        best = {a: 0}
        queue = deque([a])
        while queue:
            s = queue.popleft()
            for t, cost in self.sea_adjacent[s].items():
                if best[s] + cost < best.get(t, 1 << 30):
                    best[t] = best[s] + cost
                    queue.append(t)
        return best[b]

    def spain_modifier(self, turn: int) -> int:
        """The turn's modifier to Spain's RP roll (§4.5.1, turn XV reconstructed)."""
        return sum(v for lo, hi, v in self.spain_rp_modifiers if lo <= turn <= hi)

    def placed(self, scenario: str) -> list[Item]:
        """The reconstructed placements of a scenario, each with its requirement."""
        return [pl for pl in self.placements if self.requirements[pl["requirement"]]["scenario"] == scenario]

    def counts(self, req: Item, placements: Iterable[Item]) -> dict[str, int]:
        """What `placements` set up, counted by the keys `req` uses (narrowest key first)."""
        out: Counter[str] = Counter()
        for pl in placements:
            for key in ("militia_infantry", "militia_cavalry"):
                out[key] += pl.get(key, 0)
            for uid in pl.get("units", []):
                u = self.units[uid]
                steps = self.placed_steps(pl, uid)
                if u.naval or u.arm == "artillery":
                    out[u.arm] += 1
                    continue
                kinds = [
                    f"british_{u.arm}" if u.british else "",
                    f"new_granada_{u.arm}" if u.new_granada else "",
                    f"{u.nationality}_{u.arm}",
                ]
                out[next((k for k in kinds if k in req), u.arm)] += steps
        return {k: v for k, v in out.items() if v}

    # ---- the rulebook's constraints ----

    def check(self) -> None:
        self._check_map()
        self._check_units()
        self._check_scenarios()

    def _check_map(self) -> None:
        """The map as the rulebook draws it (§1.1, §2.1, §4, §6.6, §7.3, §11); a refusal names the file,
        the item, the field and the value (`core.data.refusal`)."""
        both = "map.toml, map.reconstructed.toml"

        def refuse(key: Any, item: str, field: str, value: object, why: str, **params: object) -> None:
            raise refusal(origin("map", key, field), item, field, value, why, **params)

        if len(self.areas) != 43:
            n = len(self.areas)
            raise refusal("map.toml", "area", "id", n, "count", found=n, expected=43, section="1.1")
        for name, ids in self.lists.items():
            for area_id in ids:
                if area_id not in self.areas:
                    refuse(name, name, "areas", area_id, "unknown", kind="area")
        for area in self.areas.values():
            if not isinstance(area.rp, int) or area.rp < 0:
                refuse(area.id, area.id, "rp", area.rp, "not_negative")
            for sea_id in area.seas:
                if sea_id not in self.seas:
                    refuse(area.id, area.id, "seas", sea_id, "unknown", kind="sea")
        for area_id in ("chaco", "pampas"):
            if self.areas[area_id].rp != 0:
                refuse(area_id, area_id, "rp", self.areas[area_id].rp, "equal", expected=0, section="11.0")
        for pool in (name for name in self.lists if name.startswith("rp_")):
            for area_id in self.lists[pool]:
                if self.areas[area_id].rp <= 0:  # §4.2: it yields RP to a pool, so it is worth some
                    refuse(area_id, area_id, "rp", self.areas[area_id].rp, "positive")
        if not any(a.rp == 5 and "slave_recruitment" in a.lists for a in self.areas.values()):
            slaves = self.lists.get("slave_recruitment", ())  # §4.0/§4.9: an area worth 5, whose half is 2
            rps = sorted({self.areas[a].rp for a in slaves if a in self.areas})
            raise refusal(both, "slave_recruitment", "rp", rps, "none_has", wanted="rp = 5", section="4.9")
        for links, places, kind in (
            (self.land_links, self.areas, "area"),
            (self.sea_links, self.seas, "sea"),
        ):
            for link in links:
                key, item = (link.a, link.b), f"{link.a}–{link.b}"
                for field, end in (("a", link.a), ("b", link.b)):
                    if end not in places:
                        refuse(tuple(sorted(key)), item, field, end, "unknown", kind=kind)
                if link.a == link.b:
                    refuse(key, item, "b", link.b, "same_ends")
        for bl in self.box_links:
            item = f"{bl.box}–{bl.to}"
            if bl.box not in self.boxes:
                raise refusal(both, item, "box", bl.box, "unknown", kind="box")
            if bl.to not in self.areas and bl.to not in self.seas:
                raise refusal(both, item, "to", bl.to, "unknown", kind="area/sea")
        apart = set(self.seas) - _reach(set(self.seas), lambda x: self.sea_adjacent[x])
        if apart:
            raise refusal(both, "sea_link", "a/b", sorted(apart), "apart")
        islands = {"cuba", "puerto_rico", "santo_domingo", "margarita"}
        for island in sorted(islands):
            if self.adjacent[island]:  # islands are reached only by sea
                raise refusal(both, "land_link", "a/b", island, "island")
        north = set(self.lists["new_spain"])
        south = set(self.areas) - north - islands
        for part in (north, south):
            apart = part - _reach(part, partial(_within, self.adjacent, part))
            if apart:
                raise refusal(both, "land_link", "a/b", sorted(apart), "apart")
        for area_id in self.areas:
            if not (self.areas[area_id].seas or self.adjacent[area_id]):  # every area can be reached
                refuse(area_id, area_id, "seas", None, "apart")
        for island in sorted(islands):
            if not self.areas[island].seas:  # islands have a coast
                refuse(island, island, "seas", None, "missing", missing="seas")
        for c in self.cities.values():
            if c.area not in self.areas:
                refuse(c.id, c.id, "area", c.area, "unknown", kind="area")
            if c.port and c.sea not in self.areas[c.area].seas:  # a port's sea is off its area's coast
                refuse(c.id, c.id, "sea", c.sea, "one_of", allowed=list(self.areas[c.area].seas))
        for f in ("cartagena", "puerto_cabello", "callao", "san_juan", "santo_domingo"):
            if not self.cities[f].fortress:
                refuse(f, f, "fortress", self.cities[f].fortress, "equal", expected=True, section="2.1, §6.2")
        for city_id, sea_id in (("cartagena", "caribe_iii"), ("montevideo", "atlantico_i")):
            if self.cities[city_id].sea != sea_id:
                refuse(city_id, city_id, "sea", self.cities[city_id].sea, "must", expected=sea_id)
        distance = self.sea_distance("caribe_v", "caribe_iii")
        most = self.tables["op_cost"]["naval_areas_per_op"]
        if distance > most:  # §6.6 example: Caribe V to Caribe III for 1 OP
            raise refusal(both, "caribe_v–caribe_iii", "cost", distance, "at_most", most=most)
        if not any(any(s.startswith("caribe") for s in self.areas[a].seas) for a in self.lists["rp_mexico"]):
            # §4.10: Mina lands on a Mexican Caribbean coast
            refuse(
                "rp_mexico", "rp_mexico", "areas", None, "none_has", wanted="seas = caribe_*", section="4.10"
            )
        caribbean_spain = sorted({bl.to for bl in self.box_links if bl.box == "spain" and bl.op == 3})
        want = sorted(f"caribe_{n}" for n in ("vi", "vii", "viii", "ix", "x"))
        if caribbean_spain != want:
            raise refusal(
                both, "spain (op = 3)", "to", caribbean_spain, "equal", expected=want, section="7.3"
            )
        last = self.areas["chiloe"].rp + self.areas[self.cities["veracruz"].area].rp
        if last > self.victory["campaign"]["patriot_max_rp"]:  # §11.1.1: Chiloé and Veracruz as the last
            most = self.victory["campaign"]["patriot_max_rp"]
            raise refusal("scenarios.toml", "campaign", "patriot_max_rp", most, "at_least", least=last)

    def _check_units(self) -> None:
        codes = {code for _, code in self.setup_codes}
        for u in self.units.values():
            self._check_unit(u, codes)
        units = "units.toml, units.reconstructed.toml"
        for w in self.waves:
            arriving = [u for u in self.units.values() if u.nationality == "spanish" and u.turn == w["turn"]]
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
            leader = self.leaders[w["leader"]]
            if leader.turn != w["turn"]:  # §4.8 example: Morillo lands with it
                file = origin("leaders", leader.id, "turn")
                raise refusal(
                    file, leader.id, "turn", leader.turn, "equal", expected=w["turn"], section="4.8"
                )
        navy = self.tables["patriot_navy"]
        for nat in navy["frigates"]:
            if not any(
                u.nationality == nat and u.arm == "frigate" and u.turn == navy["turn"]
                for u in self.units.values()
            ):
                missing = f"arm = 'frigate', nationality = {nat!r}, turn = {navy['turn']}"
                raise refusal(units, "unit", "nationality", nat, "missing", missing=missing)
        mexican = sum(u.nationality == "mexico" and u.arm == "frigate" for u in self.units.values())
        if mexican < 2:  # §7.5 example
            raise refusal(
                units, "unit", "nationality", "mexico", "count", found=mexican, expected=2, section="7.5"
            )
        for ldr in self.leaders.values():
            for field in ("ops", "tactical"):
                value = getattr(ldr, field)
                if not 0 <= value <= 3:
                    file = origin("leaders", ldr.id, field)
                    raise refusal(file, ldr.id, field, value, "between", low=0, high=3)
            if not (ldr.setup or ldr.turn):  # a leader that never enters
                file = origin("leaders", ldr.id, "setup")
                raise refusal(file, ldr.id, "setup", None, "missing", missing="setup, turn")

    def _check_unit(self, u: Unit, codes: set[str]) -> None:
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
        if u.setup and not (u.setup in codes or u.setup in self.areas or u.setup in self.boxes):
            refuse("setup", u.setup, "place")
        if not 0 <= u.turn <= 15:
            refuse("turn", u.turn, "between", low=0, high=15)
        if u.setup and u.turn:  # both sets up and arrives
            refuse("turn", u.turn, "absent", condition=f"setup = {u.setup!r}", section="2.0")

    def _check_scenarios(self) -> None:
        """The scenarios' set-ups fill their requirements (§2, §11); a refusal names the file, the item,
        the field and the value (`core.data.refusal`)."""
        placements = "scenarios.reconstructed.toml"
        for pl in self.placements:
            rid = pl["requirement"]
            req = self.requirements[rid]
            allowed = self.requirement_areas(req)
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
                u = self.units[uid]
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
        for sid in self.scenarios:
            placed = self.placed(sid)
            first = self.scenarios[sid]["first_turn"]
            used = [uid for pl in placed for uid in pl.get("units", [])]
            twice = sorted(uid for uid, n in Counter(used).items() if n > 1)
            if twice:  # a counter placed twice
                raise refusal(placements, sid, "units", twice[0], "given_twice")
            for uid in used:
                if self.units[uid].turn >= first:
                    raise refusal(
                        placements, sid, "units", uid, "late", turn=self.units[uid].turn, first=first
                    )
            for rid, req in self.requirements.items():
                if req["scenario"] != sid or sid == "campaign":
                    continue
                mine = [pl for pl in placed if pl["requirement"] == rid]
                want = {k: req[k] for k in COUNT_KEYS if k in req}
                got = self.counts(req, mine)
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
            for side, nat, arm in _militia_kinds(placed, self.requirements):
                pool = self.militia_pools[(side, nat)][arm]
                n = sum(
                    pl.get(f"militia_{arm}", 0)
                    for pl in placed
                    if _nat(self.requirements[pl["requirement"]]) == (side, nat)
                )
                if n > pool:  # no more militia than the counters of that nationality
                    raise refusal(placements, f"{sid}: {nat}", f"militia_{arm}", n, "at_most", most=pool)
        for sid, ctl in self.control.items():
            held = _holders(self.placed(sid), self.requirements, self.cities)
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


def militia_nationality(req: Mapping[str, Any]) -> str:
    """The nationality of the generic militia a requirement sets up: its own, else its side's (American
    for the Royalist, the El Plata rebels')."""
    return str(
        req.get("nationality") or {"royalist": "american", "rebel": "el_plata_rebels"}.get(req["side"], "")
    )


def _nat(req: Mapping[str, Any]) -> tuple[str, str]:
    return req["side"], militia_nationality(req)


def _militia_kinds(placed: Iterable[Item], reqs: Mapping[str, Item]) -> set[tuple[str, str, str]]:
    return {
        (*_nat(reqs[pl["requirement"]]), arm)
        for pl in placed
        for arm in ("infantry", "cavalry")
        if pl.get(f"militia_{arm}")
    }


def _holders(
    placed: Iterable[Item], reqs: Mapping[str, Item], cities: Mapping[str, City]
) -> dict[str, set[str]]:
    """Which sides have units in each area after a scenario's set-up (§1.1.1; rebels count as Patriots)."""
    held: dict[str, set[str]] = {}
    for pl in placed:
        req = reqs[pl["requirement"]]
        area = pl.get("area") or (cities[req["at"]].area if req["at"] in cities else "")
        if area:
            held.setdefault(area, set()).add("royalist" if req["side"] == "royalist" else "patriot")
    return held


BOARD = Board()
