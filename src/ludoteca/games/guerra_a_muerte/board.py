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
from typing import Any, TypeVar

from ludoteca.core import provenance
from ludoteca.core.data import data_dir, refusal
from ludoteca.games.guerra_a_muerte.components import (
    Area,
    AreaItem,
    BoxLink,
    BoxLinkItem,
    City,
    CityItem,
    CodeMilitiaItem,
    DieTable,
    Leader,
    LeaderItem,
    Link,
    LinkItem,
    ListItem,
    MarkerItem,
    MilitiaPoolItem,
    OddsTable,
    PlacementItem,
    ScenarioItem,
    ScenarioLeadersItem,
    Sea,
    SeaItem,
    SetupCodeItem,
    Unit,
    UnitItem,
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
T = TypeVar("T", bound=Mapping[str, Any])
"""A data file's item: its TypedDict (`components`), or an `Item`."""
K = TypeVar("K")


def _load(name: str) -> dict[str, Any]:
    path = DATA / name
    return tomllib.loads(path.read_text("utf-8")) if path.exists() else {}


ORIGIN: dict[tuple[str, object, str], str] = {}
"""The file each field of a merged item was read from, by (its printed file, the item's key, the field):
a refusal names it."""


def merge(
    printed: Iterable[T],
    reconstructed: Iterable[T],
    key: Callable[[T], K],
    keys: tuple[str, ...],
    files: tuple[str, str] = ("printed", "reconstructed"),
) -> dict[K, T]:
    """Items of a printed and a reconstructed list (of the `files` named) merged by `key` (made of the
    fields `keys`); any other field given by both files is refused: a reconstructed value never
    overrides a printed one. A merged item holds the fields of both: the items' type."""
    out: dict[K, Any] = {}
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


def origin(name: str, key: object, field: str) -> str:
    """The file of `name` (map, units…) the `field` of the item `key` was read from; a field left to
    its default is named in both files."""
    return ORIGIN.get((f"{name}.toml", key, field), f"{name}.toml, {name}.reconstructed.toml")


def _files(name: str) -> tuple[str, str]:
    return f"{name}.toml", f"{name}.reconstructed.toml"


def _by_id(item: Mapping[str, Any]) -> str:
    return str(item["id"])


def _rows(chart: Item, key: str) -> tuple[tuple[Any, ...], ...]:
    """A chart's rows (`key`), each a tuple."""
    return tuple(map(tuple, chart[key]))


def _pair(item: LinkItem) -> tuple[str, str]:
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
        lists: dict[str, ListItem]
        lists = merge(p.get("area_list", []), r.get("area_list", []), _by_id, ("id",), _files("map"))
        self.lists: dict[str, tuple[str, ...]] = {k: tuple(v["areas"]) for k, v in lists.items()}
        member: dict[str, set[str]] = {}
        for name, ids in self.lists.items():
            for area_id in ids:
                member.setdefault(area_id, set()).add(name)
        areas: dict[str, AreaItem] = merge(p["area"], r.get("area", []), _by_id, ("id",), _files("map"))
        self.areas: dict[str, Area] = {
            k: Area(k, v["name"], v["rp"], tuple(v.get("seas", ())), frozenset(member.get(k, ())))
            for k, v in areas.items()
        }
        seas: dict[str, SeaItem] = merge(p.get("sea", []), r.get("sea", []), _by_id, ("id",), _files("map"))
        self.seas: dict[str, Sea] = {k: Sea(k, v["name"]) for k, v in seas.items()}
        self.boxes: dict[str, Item] = {b["id"]: b for b in p.get("box", [])}
        land: dict[tuple[str, str], LinkItem]
        land = merge(p.get("land_link", []), r.get("land_link", []), _pair, ("a", "b"), _files("map"))
        self.land_links = tuple(Link(a, b, v.get("andes", False)) for (a, b), v in land.items())
        sea: dict[tuple[str, str], LinkItem]
        sea = merge(p.get("sea_link", []), r.get("sea_link", []), _pair, ("a", "b"), _files("map"))
        self.sea_links = tuple(Link(a, b, cost=v.get("cost", 1)) for (a, b), v in sea.items())
        boxes: list[BoxLinkItem] = [*p.get("box_link", []), *r.get("box_link", [])]
        self.box_links = tuple(BoxLink(b["box"], b["to"], b.get("op", 0)) for b in boxes)
        cities: dict[str, CityItem]
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
        self.activation = DieTable(_rows(t["activation"], "rows"))
        self.spain_rp = DieTable(_rows(t["spain_rp"], "rows"))
        self.spain_rp_modifiers = tuple(
            (m["turns"][0], m["turns"][1], m["value"])
            for m in (*t["spain_rp"]["modifiers"], *t["spain_rp_extra"]["modifiers"])
        )
        self.convoy = DieTable(_rows(t["convoy"], "rows"))
        self.attrition = DieTable(_rows(t["attrition"], "rows"))
        self.besieged_attrition = DieTable(_rows(t["attrition_extra"], "besieged_rows"))
        self.raid = DieTable(_rows(t["raid"], "rows"))
        self.port_capture = DieTable(_rows(t["port_capture"], "rows"))
        rows = [*t["leader_loss"]["rows"], *t["leader_loss_extra"]["rows"]]
        self.leader_loss = DieTable(tuple(sorted(map(tuple, rows))))
        self.counter_guerrilla = DieTable(_rows(t["counter_guerrilla"], "rows"))
        self.crt = OddsTable(tuple(t["crt"]["columns"]), tuple(t["crt"]["ratios"]), _rows(t["crt"], "rows"))
        st = t["siege_table"]
        self.siege_table = OddsTable(tuple(st["columns"]), tuple(st["ratios"]), _rows(st, "rows"))
        self.op_cost: dict[str, int | float] = {
            k: v for k, v in {**t["op_cost"], **t["op_cost_extra"]}.items() if k != "source"
        }

    def _units(self, p: dict[str, Any], r: dict[str, Any]) -> None:
        printed: list[UnitItem] = [u.copy() for u in p["unit"]]
        for reinf in p.get("reinforcement", []):
            unit = next(u for u in printed if u["id"] == reinf["unit"])
            unit["turn"], unit["region"] = reinf["turn"], reinf["region"]
        merged: dict[str, UnitItem] = merge(
            printed, [*r["unit"], *r.get("extra_unit", [])], _by_id, ("id",), _files("units")
        )
        naval: dict[str, dict[str, int]] = self.tables["naval_class"]
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
        pools: list[MilitiaPoolItem] = r.get("militia_pool", [])
        self.militia_pools: dict[tuple[str, str], dict[str, int]] = {
            (m["side"], m["nationality"]): {"infantry": m["infantry"], "cavalry": m["cavalry"]} for m in pools
        }
        factors = sorted({m["factor"] for m in pools})
        if len(factors) != 1:  # every militia counter has the same factor
            raise refusal("units.reconstructed.toml", "militia_pool", "factor", factors, "one_value")
        self.militia_factor: int = factors[0]
        self.waves: tuple[Item, ...] = tuple(p.get("wave", []))

    def _leaders(self, p: dict[str, Any], r: dict[str, Any]) -> None:
        merged: dict[str, LeaderItem] = merge(
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
        self.scenarios: dict[str, ScenarioItem]
        self.scenarios = merge(p["scenario"], r.get("scenario", []), _by_id, ("id",), _files("scenarios"))
        self.victory = {v["scenario"]: v for v in p["victory"]}
        self.royalist_hold: dict[str, Item] = {v["scenario"]: v for v in r.get("royalist_hold", [])}
        """The variant `royalist-hold`'s victory level, by scenario (reconstructed)."""
        self.rp = merge(p["rp"], r.get("rp", []), lambda i: i["scenario"], ("scenario",), _files("scenarios"))
        codes: list[SetupCodeItem] = p["setup_code"]
        self.setup_codes = {(c["side"], c["code"]): c for c in codes}
        carried: list[CodeMilitiaItem] = r.get("code_militia", [])
        self.code_militia = {(c["side"], c["code"]): c for c in carried}
        self.requirements: dict[str, Item] = merge(p["requirement"], [], _by_id, ("id",), _files("scenarios"))
        self.placements: tuple[PlacementItem, ...] = tuple(r.get("placement", []))
        self.markers: tuple[MarkerItem, ...] = tuple(p.get("marker", []))
        self.control: dict[str, dict[str, list[str]]] = {
            c["scenario"]: {held: c[held] for held in ("patriot", "partial", "royalist")}
            for c in p.get("control", [])
        }
        """The areas each side holds, and those both hold, at a scenario's start (§12.3.2, §12.3.3)."""
        entering: list[ScenarioLeadersItem] = r.get("leaders", [])
        self.scenario_leaders = {x["scenario"]: x for x in entering}
        self.pool_rules: tuple[Item, ...] = (*p.get("pool_rule", []), *r.get("pool_rule", []))

    # ---- queries ----

    def integer(self, chart: str, key: str) -> int:
        """A whole number of a chart (`tables*.toml`: a modifier, a limit, a roll)."""
        return int(self.tables[chart][key])

    def fraction(self, chart: str, key: str) -> float:
        """A number of a chart that may be a fraction (a multiplier, a cost in RP)."""
        return float(self.tables[chart][key])

    def span(self, chart: str, key: str) -> tuple[int, int]:
        """A chart's range of rolls, lowest and highest inclusive."""
        low, high = self.tables[chart][key]
        return int(low), int(high)

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

    def placed_steps(self, pl: PlacementItem, uid: str) -> int:
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

    def placed(self, scenario: str) -> list[PlacementItem]:
        """The reconstructed placements of a scenario, each with its requirement."""
        return [pl for pl in self.placements if self.requirements[pl["requirement"]]["scenario"] == scenario]

    def counts(self, req: Item, placements: Iterable[PlacementItem]) -> dict[str, int]:
        """What `placements` set up, counted by the keys `req` uses (narrowest key first)."""
        out: Counter[str] = Counter()
        for pl in placements:
            for arm in ("infantry", "cavalry"):
                out[f"militia_{arm}"] += militia_count(pl, arm)
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

    def check(self) -> None:
        """The rulebook's constraints on the data (`checks.py`); imported here because `checks` reads
        this module's names."""
        from ludoteca.games.guerra_a_muerte import checks

        checks.check(self)


def militia_count(item: Mapping[str, Any], arm: str) -> int:
    """The generic militia of `arm` ("infantry", "cavalry") a requirement, placement or set-up code sets
    up (its ``militia_<arm>``, none if it names none)."""
    return int(item.get(f"militia_{arm}", 0))


def militia_nationality(req: Mapping[str, Any]) -> str:
    """The nationality of the generic militia a requirement sets up: its own, else its side's (American
    for the Royalist, the El Plata rebels')."""
    return str(
        req.get("nationality") or {"royalist": "american", "rebel": "el_plata_rebels"}.get(req["side"], "")
    )


BOARD = Board()


# ---- queries of the loaded data ----


def scenario_data(sid: str) -> ScenarioItem:
    """The scenario and the one whose set-up it borrows (§12.1 uses the campaign's)."""
    return BOARD.scenarios[sid].copy()


def setup_id(sid: str) -> str:
    return str(BOARD.scenarios[sid].get("setup", sid))


def city_of(area: str) -> City | None:
    """The area's city (the fortress first): Cartagena lies in Santa Fe (ambiguity 12)."""
    cities = sorted((c for c in BOARD.cities.values() if c.area == area), key=lambda c: not c.fortress)
    return cities[0] if cities else None


def city_in(area: str) -> City:
    """The city of an area that has one (`city_of`), as a force entering or leaving it names it."""
    city = city_of(area)
    if city is None:
        raise KeyError(f"{area} has no city")
    return city


def main_port(area: str) -> str:
    """The area's port city where ships put in (a fortress first); "" if it has none (§7.4)."""
    ports = sorted(
        (c for c in BOARD.cities.values() if c.area == area and c.port), key=lambda c: not c.fortress
    )
    return ports[0].id if ports else ""
