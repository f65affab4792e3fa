"""Guerra a Muerte in a terminal: a position drawn with Rich for `ludoteca play guerra-a-muerte`.

Everything shown comes from `state.view(role, lang)` (DESIGN §2), so a force the seat may not see inside
(§5.1.3 limited intelligence) shows only its marker: whether it stands in the field, in the city or in
guerrilla mode. The map is listed region by region (`data/layout.reconstructed.toml`): each area's RP,
cities, fortresses and ports, its marks (hostile §5.3, pro-Patriot or pro-Royalist §9, repression §10.4,
slave levies §4.9), control (§1.1.1) and forces, with sieges (§6.2) and naval blockades (§6.5, §6.6)
marked; then the fleets at sea and the boxes (§7.3, §10.3, §10.6), the turn track with the
reinforcements due, each RP pool (§4.2, §4.3), and the decision waiting with its section.

The whole map is some 100 lines: drawn at every decision it pushed the prompt off a 50-line terminal
(issue 55). `render` gives a drawing that fits the terminal's height (`Fitted`): the whole map where it
fits with room left for the log and the prompt, else the header, the regions the decision names in full
and every other region on a line or two; the `board` command draws it whole (`Fitted.whole`).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ludoteca.games.guerra_a_muerte import GuerraAMuerte
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.view import BoardView, ForceView, PlaceView, UnitView

LAYOUT = tomllib.loads((Path(__file__).parent / "data" / "layout.reconstructed.toml").read_text("utf-8"))
_ORDER: list[str] = LAYOUT["regions"]["order"]
_PLACED: list[dict[str, str]] = LAYOUT["area"]
REGIONS: dict[str, list[str]] = {region: [] for region in _ORDER}
for _item in _PLACED:
    REGIONS[_item["region"]].append(_item["id"])
CITIES: dict[str, list[str]] = {}
for _city in BOARD.cities.values():
    CITIES.setdefault(_city.area, []).append(_city.id)
SIDE_STYLE = {"patriot": "bold blue", "royalist": "bold red", "rebel": "bold magenta"}
SIDES = ("patriot", "royalist", "rebel")
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV")
LAST_TURN = 15


def _t(key: str, lang: str, **params: object) -> str:
    return GuerraAMuerte.catalog.text(key, lang, params)


def place_name(place: str, lang: str) -> str:
    """An area, sea area or box in the reader's language."""
    table = "area" if place in BOARD.areas else "sea" if place in BOARD.seas else "box"
    return _t(f"{table}.{place}", lang)


def unit_token(unit: UnitView, lang: str) -> Text:
    """A counter as its owner sees it: code, arm and combat factor at its present steps (dim when a
    two-step unit is reduced), then ⌂ inside the city, G in guerrilla mode, ✓ once it has operated."""
    counter = COUNTERS[unit["id"]]
    printed = BOARD.units.get(unit["id"])
    code = printed.code if printed else _t("short.militia", lang)
    reduced = unit["steps"] < counter.steps
    text = Text(f"{code}·{_t(f'short.{counter.arm}', lang)}{counter.strength(unit['steps'])}")
    if reduced:
        text.stylize("dim")
    done = "▶" if unit.get("operating") else "✓" if unit["done"] else ""
    marks = ("⌂" if unit["city"] else "") + ("G" if unit["guerrilla"] else "") + done
    if marks:
        text.append(marks, "italic")
    return text


def force_text(side: str, force: ForceView, lang: str) -> Text:
    """One side's force in a place: its counters and leaders, or only its marker when hidden (§5.1.3)."""
    text = Text(f"{_t(f'side.{side}', lang)}: ", SIDE_STYLE[side])
    if force.get("marker"):
        where = [_t(f"board.{k}", lang) for k in ("field", "city", "guerrilla") if force[k]]
        text.append(f"▣ {_t('board.hidden', lang)} ({', '.join(where)})", "italic")
        return text
    for leader in force["leaders"]:
        text.append(f"★{_t(f'leader.{leader}', lang)} ", "bold")
    text.append_text(Text(" ").join(unit_token(u, lang) for u in force["units"]))
    steps = sum(u["steps"] for u in force["units"])
    if force["units"]:
        text.append(f" [{steps_text(steps, lang)}]", "dim")
    return text


def steps_text(steps: int, lang: str) -> str:
    return _t("board.steps", lang, n=steps)


def besieged(entry: PlaceView) -> str | None:
    """The side holding a city against an enemy force in the field of the same area (§6.2), if any."""
    forces = entry["forces"]
    for inside in ("patriot", "royalist"):
        outside = "royalist" if inside == "patriot" else "patriot"
        here, there = forces.get(inside), forces.get(outside)
        if here is None or there is None:
            continue
        if _in_city(here) and _in_field(there):
            return inside
    return None


def _in_city(force: ForceView) -> bool:
    """Land counters inside the city; a hidden force's marker cannot tell them from ships in port."""
    if force.get("marker"):
        return bool(force["city"])
    return any(u["city"] and not COUNTERS[u["id"]].naval for u in force["units"])


def _in_field(force: ForceView) -> bool:
    if force.get("marker"):
        return bool(force["field"])
    return bool(force["leaders"]) or any(not u["city"] for u in force["units"])


def blockaded(area: str, places: dict[str, PlaceView]) -> list[str]:
    """The besieged ports of `area` whose sea area holds ships of the besieger only (§6.5, §6.6.2)."""
    entry = places.get(area)
    inside = besieged(entry) if entry else None
    if inside is None:
        return []
    outside = "royalist" if inside == "patriot" else "patriot"
    out = []
    for city in CITIES.get(area, []):
        info = BOARD.cities[city]
        sea = places.get(info.sea, {"forces": {}})["forces"] if info.port else {}
        if outside in sea and inside not in sea:
            out.append(city)
    return out


def _control(holders: list[str], lang: str) -> Text:
    if not holders:
        return Text("—", "dim")
    text = Text()
    for i, side in enumerate(holders):  # both sides: partial control (§1.1.1)
        text.append(" + " if i else "")
        text.append(_t(f"side.{side}", lang), SIDE_STYLE[side])
    return text


def _marks(area: str, board: BoardView, lang: str) -> Text:
    """The area's printed and played marks: hostile, pro-side, repression, slave levies."""
    info = BOARD.areas[area]
    text = Text()
    if info.hostile:
        text.append(f"☠{_t('board.hostile_short', lang)} ", "yellow")
    if info.pro:
        text.append(f"⚑{_t(f'board.pro_{info.pro}', lang)} ", SIDE_STYLE[info.pro])
    if area in board["repression"]:
        text.append(f"{_t('board.repression_short', lang)} ", "bold red")
    for side, areas in board["slaves"].items():
        if area in areas:
            text.append(f"{_t('board.slaves_short', lang)}({_t(f'side.{side}', lang)}) ", "italic")
    text.rstrip()
    return text


def _cities(area: str, board: BoardView, lang: str) -> Text:
    text = Text()
    ports_blockaded = blockaded(area, board["places"])
    for city in CITIES.get(area, []):
        info = BOARD.cities[city]
        mark = "■" if info.fortress else "□"
        port = "⚓" if info.port else ""
        text.append(f"{mark}{info.name}{port} ", "bold" if info.fortress else "")
        if city in ports_blockaded:
            text.append(f"[{_t('board.blockade', lang)}] ", "bold red")
    return text


def _forces(entry: PlaceView | None, lang: str) -> Text:
    if not entry:
        return Text("")
    lines = [force_text(side, entry["forces"][side], lang) for side in SIDES if side in entry["forces"]]
    inside = besieged(entry)
    if inside is not None:
        lines.append(Text(f"⚔ {_t('board.siege', lang)}: {_t(f'side.{inside}', lang)} ⌂", "bold red"))
    return Text("\n").join(lines)


def map_table(board: BoardView, lang: str) -> Group:
    """One table per region (`region_table`), the first with the columns' heads."""
    tables: list[RenderableType] = []
    for i, region in enumerate(REGIONS):
        tables += [region_table(region, board, lang, heading=i == 0), Text("")]
    return Group(*tables)


def region_table(region: str, board: BoardView, lang: str, heading: bool) -> Table:
    """One row per land area of `region` (`areas_table`)."""
    return areas_table(REGIONS[region], _t(f"region.{region}", lang), board, lang, heading)


def areas_table(areas: list[str], title: str, board: BoardView, lang: str, heading: bool) -> Table:
    """One row per land area of `areas`: name with its marks, cities, control and forces. The columns keep
    the same proportions in every table, so the regions line up."""
    places = board["places"]
    table = Table(
        box=None,
        expand=True,
        header_style="bold",
        pad_edge=False,
        show_header=heading,
        title=title,
        title_justify="left",
        title_style="bold underline",
    )
    for head, ratio in (("", 3), (_t("board.cities", lang), 3), (_t("board.control", lang), 2)):
        table.add_column(head, ratio=ratio)
    table.add_column(_t("board.forces", lang), ratio=6)
    for area in areas:
        entry = places.get(area)
        name = Text(place_name(area, lang), "bold")
        name.append(f" {BOARD.areas[area].rp} RP", "dim")
        marks = _marks(area, board, lang)
        if marks:
            name.append("\n")
            name.append_text(marks)
        table.add_row(
            name,
            _cities(area, board, lang),
            _control(entry["control"] if entry else [], lang),
            _forces(entry, lang),
        )
    return table


def waters_table(board: BoardView, lang: str) -> Table | None:
    """The fleets at sea and whatever stands in the off-map boxes (Spain, Haití, the United States,
    Brasil); None when all of them are empty."""
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False)
    table.add_column(_t("board.waters", lang))
    table.add_column(_t("board.forces", lang))
    rows = 0
    for place in (*BOARD.seas, *BOARD.boxes):
        entry = board["places"].get(place)
        if entry and entry["forces"]:
            table.add_row(place_name(place, lang), _forces(entry, lang))
            rows += 1
    return table if rows else None


def turn_track(board: BoardView, lang: str) -> Text:
    """Turns I–XV (1810–1824): the current one highlighted, the reinforcements due on each, the Liberals'
    marker (§10.2)."""
    due: dict[int, int] = {}
    for turn in board["due"].values():
        due[turn] = due.get(turn, 0) + 1
    text = Text(f"{_t('board.turn_track', lang)}: ", "bold")
    for turn in range(1, LAST_TURN + 1):
        cell = f"{ROMAN[turn]}" + (f"+{due[turn]}" if turn in due else "")
        style = "reverse bold" if turn == board["turn"] else ("dim" if turn < board["turn"] else "")
        if board["liberals"] and turn == board["liberals"]:
            cell += "L"
        text.append(cell, style)
        text.append(" ")
    return text


def header(view: dict[str, Any], lang: str, legend: bool = True) -> Group:
    """Title, turn and phase, options, the RP pools, the Liberals, the pools of counters off the map, the
    legend (unless `legend` is false), and the decision waiting with the section it applies."""
    board: BoardView = view["board"]
    title = Text.assemble(
        ("Guerra a Muerte  ", "bold"),
        (_t("board.turn", lang, turn=ROMAN[board["turn"]], year=board["year"]), "bold"),
        " · " + _t(f"phase.{board['phase']}", lang) + " · ",
        _t("board.scenario", lang, scenario=board["scenario"]),
        " · " + _t(f"board.intelligence_{board['intelligence']}", lang),
    )
    rp = Text(f"{_t('board.rp', lang)}: ", "bold")
    for pool, value in board["rp"].items():
        rp.append(
            f"{_t(f'pool.{pool}', lang)} {_number(value)}",
            SIDE_STYLE["royalist" if pool == "royalist" else "patriot"],
        )
        rp.append("  ")
    liberals = (
        _t("board.liberals", lang, turn=ROMAN[board["liberals"]])
        if board["liberals"]
        else _t("board.absolutists", lang)
    )
    if board.get("iguala"):
        liberals += " · " + _t("board.iguala", lang, turn=ROMAN[board["iguala"]])
    off = _off_map(board, lang)
    lines: list[RenderableType] = [title, rp, turn_track(board, lang), Text(liberals + " · " + off)]
    if legend:
        lines.append(Text(_t("board.legend_terminal", lang), "dim"))
    if view.get("rule"):
        lines.append(waiting(view, lang))
    return Group(*lines)


def waiting(view: dict[str, Any], lang: str) -> Text:
    """Who decides now and under which section; the prompt itself only to the seat that decides, since
    another side's prompt may name a counter it is placing (§5.1.3)."""
    who = _t(f"role.{view['current_role']}", lang)
    text = view["prompt"] if view["actions"] else _t("board.waiting", lang, role=who)
    line = Text(f"→ {who}: {text}" if view["actions"] else f"→ {text}", "bold")
    line.append(f" [§{view['rule']}]", "dim cyan")
    return line


def _off_map(board: BoardView, lang: str) -> str:
    counts = {side: 0 for side in SIDES}
    for uid in board["pool"]:
        counts[COUNTERS[uid].side] += 1
    return _t(
        "board.pools", lang, patriot=counts["patriot"], royalist=counts["royalist"], dead=len(board["dead"])
    )


def _number(value: float) -> str:
    """An RP total: militia cost ½ RP (§4.4), so a pool may hold a half."""
    whole = int(value)
    if value - whole < 0.5:
        return str(whole)
    return f"{whole}½" if whole else "½"


def room(view: dict[str, Any]) -> int:
    """The terminal lines a fitted drawing leaves below it: a couple of log lines, the prompt, the table
    of the actions (its head and up to 25 rows), the entry hint and the entry line."""
    return 6 + min(len(view["actions"]), 25)


class Fitted:
    """The drawing of a view that fits the terminal it is printed on (Rich asks it at print time): whole
    where it fits above the lines the prompt needs (`room`), else compact."""

    def __init__(self, view: dict[str, Any], lang: str) -> None:
        self.view = _marked_operating(view)
        self.lang = lang

    def whole(self) -> Group:
        """The header, every region in full, the waters."""
        board: BoardView = self.view["board"]
        parts: list[RenderableType] = [header(self.view, self.lang), map_table(board, self.lang)]
        waters = waters_table(board, self.lang)
        if waters is not None:
            parts.append(waters)
        return Group(*parts)

    def compact(self, budget: int, console: Console, options: ConsoleOptions) -> Group:
        """The header without the legend, the regions the decision names in full while they fit in
        `budget` lines, and every other region summed up."""
        lang = self.lang
        board: BoardView = self.view["board"]
        top = header(self.view, lang, legend=False)
        waters = waters_line(board, lang)
        tail = [*([waters] if waters else []), Text(_t("board.whole_map", lang), "dim")]

        def summary(drawn: set[str]) -> list[RenderableType]:
            return [region_line(region, board, lang) for region in REGIONS if region not in drawn]

        shown: dict[str, Table] = {}
        for region in focus_regions(self.view):
            table = region_table(region, board, lang, heading=not shown)
            tried = Group(top, *shown.values(), table, *summary({*shown, region}), *tail)
            if height(tried, console, options) > budget:
                break
            shown[region] = table
        named = [area for area in REGION_OF if area in {a.get("target") for a in self.view["actions"]}]
        if not shown and named:  # no whole region fits: the areas the decision names, one row each
            table = areas_table(named, _t("board.named_areas", lang), board, lang, heading=True)
            if height(Group(top, table, *summary(set()), *tail), console, options) <= budget:
                return Group(top, table, *summary(set()), *tail)
        return Group(top, *shown.values(), *summary(set(shown)), *tail)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        budget = max(console.height - room(self.view), 12)
        whole = self.whole()
        yield whole if height(whole, console, options) <= budget else self.compact(budget, console, options)


def height(renderable: RenderableType, console: Console, options: ConsoleOptions) -> int:
    return len(console.render_lines(renderable, options.update(height=None), pad=False))


def _marked_operating(view: dict[str, Any]) -> dict[str, Any]:
    """The view with each counter of the force activated now marked `operating` (the view's list), so
    that it shows as operating, not as having operated (§3.3)."""
    board: BoardView = view["board"]
    operating = set(board.get("operating", ()))
    if not operating:
        return view
    places = {
        place: {
            **entry,
            "forces": {
                side: {**force, "units": [{**u, "operating": u["id"] in operating} for u in force["units"]]}
                if "units" in force
                else force
                for side, force in entry["forces"].items()
            },
        }
        for place, entry in board["places"].items()
    }
    return {**view, "board": {**board, "places": places}}


REGION_OF = {area: region for region, areas in REGIONS.items() for area in areas}


def focus_regions(view: dict[str, Any]) -> list[str]:
    """The regions the decision names: those of the areas its actions target, and of the areas where
    the counters it names stand, in the map's order."""
    board: BoardView = view["board"]
    where = {
        u["id"]: place
        for place, entry in board["places"].items()
        for force in entry["forces"].values()
        for u in force.get("units", ())
    }
    named = set()
    for action in view["actions"]:
        target = action.get("target") or ""
        place = target if target in REGION_OF else where.get(target, "")
        if place in REGION_OF:
            named.add(REGION_OF[place])
    return [region for region in REGIONS if region in named]


def region_line(region: str, board: BoardView, lang: str) -> Text:
    """A region on a line or two: its name, then each area where a force stands or whose control is
    shared, with the forces' steps (▣ a hidden force)."""
    text = Text(f"{_t(f'region.{region}', lang)}: ", "bold")
    items = []
    for area in REGIONS[region]:
        entry = board["places"].get(area) or {"forces": {}, "control": []}
        if not entry["forces"] and len(entry["control"]) < 2:
            continue
        item = Text(place_name(area, lang))
        for side in SIDES:
            force = entry["forces"].get(side)
            if force is None:
                continue
            steps = sum(u["steps"] for u in force.get("units", ()))
            mark = "▣" if force.get("marker") else f"{steps}{'★' * len(force['leaders'])}"
            item.append(f" {_t(f'short_side.{side}', lang)}{mark}", SIDE_STYLE[side])
        items.append(item)
    text.append_text(Text(" · ").join(items) if items else Text("—", "dim"))
    return text


def waters_line(board: BoardView, lang: str) -> Text | None:
    """The seas and boxes where a force stands, on a line; None if none."""
    items = []
    for place in (*BOARD.seas, *BOARD.boxes):
        entry = board["places"].get(place)
        if entry and entry["forces"]:
            sides = " ".join(_t(f"short_side.{side}", lang) for side in SIDES if side in entry["forces"])
            items.append(f"{place_name(place, lang)} {sides}")
    if not items:
        return None
    return Text.assemble((f"{_t('board.waters', lang)}: ", "bold"), " · ".join(items))


def render(view: dict[str, Any], lang: str) -> Fitted:
    return Fitted(view, lang)
