"""What the player sees of a Maquis position: the view dict, the observation tensor, invariants."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.maquis import missions as missions_rules
from ludoteca.games.maquis.board import BOARD

if TYPE_CHECKING:
    from ludoteca.games.maquis.state import MaquisState

KINDS = BOARD.resources
LOCATIONS = list(BOARD.locations)
MISSIONS = list(BOARD.missions)
TILES = list(BOARD.tiles)
CARDS = sorted(BOARD.patrol_cards)
PHASES = ("setup", "placement", "action", "maintenance")


def board_view(st: MaquisState, lang: str) -> dict[str, Any]:
    d = st.d
    catalog = st.game.catalog
    settings = st.settings()
    return {
        "phase": d["phase"],
        "day": d["day"],
        "pass": d["pass"],
        "last_day": BOARD.components["days"]["end_short" if settings.get("short_game") else "end"],
        "morale": d["morale"],
        "patrols_minimum": BOARD.morale_red.get(d["morale"], 0),
        "soldiers": d["soldiers"],
        "resources": dict(d["res"]),
        "supply": {k: st.supply(k) for k in KINDS},
        "fields": {f: dict(tokens) for f, tokens in d["fields"].items()},
        "pawns": dict(d["board"]),
        "workers": {
            "home": d["home"],
            "cafe": d["cafe"],
            "lost": d["gone"],
            "on_cards": sum(1 for m in d["missions"] if m["keeper"]),
            "to_activate": list(d["ready"]),
        },
        "tiles": dict(d["tiles"]),
        "tiles_left": [t for t in TILES if t not in d["tiles"].values()],
        "patrol_deck": len(d["deck"]) + (d["peek"] is not None),
        "patrol_discard": list(d["discard"]),
        "patrol_cards": {str(card): list(locs) for card, locs in BOARD.patrol_cards.items()},
        "patrol_top": None if d["peek"] is None else list(BOARD.patrol_cards[d["peek"]]),
        "shot_today": d["shot"],
        "bridges_destroyed": list(d["bridges"]),
        "closed_roads": sorted(sorted(r) for r in missions_rules.closed_roads(st)),
        "closed_locations": sorted(missions_rules.closed_locations(st)),
        "missions": [_mission(m) for m in d["missions"]],
        "days": {
            "orange": st.orange_days(),
            "triangle": BOARD.components["days"]["triangle"],
            "morale_marks": "triangle" if settings.get("triangle_morale") else "orange",
        },
        "names": {key: catalog.text(f"target.{key}", lang) for key in (*LOCATIONS, *MISSIONS, *TILES)},
        "layout": BOARD.layout,
        "roads": [[a, b] for a, b, _ in BOARD.roads],
    }


def _mission(m: dict[str, Any]) -> dict[str, Any]:
    raw = BOARD.missions[m["id"]].raw
    marks = len(raw.get("graffiti", [])) or len(raw.get("visits", []))
    total = raw.get("boxes") or len(raw.get("steps", [])) or (marks + 1 if marks else 1)
    return {
        "id": m["id"],
        "slot": m["slot"],
        "level": raw["level"],
        "rect": raw["rect"],
        "boxes": total if m["done"] else m["boxes"] + len(m["marks"]),
        "boxes_total": total,
        "done": m["done"],
        "marks": list(m["marks"]),
        "worker_on_card": m["keeper"],
        "dark_lady": m["lady"],
    }


def observation(st: MaquisState) -> list[float]:
    """A fixed-length vector (length `OBSERVATION_SIZE`), every entry in [0, 1]."""
    d = st.d
    out: list[float] = [
        d["day"] / 15,
        (d["pass"] - 1),
        d["morale"] / 7,
        d["soldiers"] / 5,
        d["home"] / 5,
        d["cafe"] / 5,
        d["gone"] / 5,
        float(d["shot"]),
        d["blow"] / 2,
    ]
    out += [float(d["phase"] == p) for p in PHASES]
    out += [d["res"][k] / 4 for k in KINDS]
    for f in ("field_west", "field_east"):
        out += [d["fields"][f].get(k, 0) / 4 for k in KINDS]
    for loc in LOCATIONS:
        pawn = d["board"].get(loc)
        out += [float(pawn == "w"), float(pawn == "m"), float(pawn == "s"), float(loc in d["ready"])]
        tile = d["tiles"].get(loc)
        out += [float(tile == t) for t in TILES] if BOARD.locations[loc].kind == "spare_room" else []
    out += [float(c in d["deck"]) for c in CARDS]
    out += [float(d["peek"] == c) for c in CARDS]
    out += [float(b in d["bridges"]) for b in sorted(BOARD.bridges)]
    for slot in (0, 1):
        m = d["missions"][slot] if slot < len(d["missions"]) else None
        out += [float(m is not None and m["id"] == mid) for mid in MISSIONS]
        out += (
            [0.0] * 5
            if m is None
            else [
                m["boxes"] / 3,
                float(m["done"]),
                len(m["marks"]) / 6,
                float(m["keeper"]),
                float(m["lady"] is not None),
            ]
        )
    return out


def broken_invariants(st: MaquisState) -> list[str]:
    """Conservation and limits from the rulebook; the names of those that do not hold."""
    d = st.d
    broken = []
    for kind in KINDS:
        if not 0 <= st.supply(kind) <= BOARD.per_kind or d["res"][kind] < 0:
            broken.append(f"{kind}: {d['res'][kind]} held, {st.supply(kind)} in supply (four tokens in all)")
    total = st.available_workers() + d["cafe"] + d["gone"]
    workers = BOARD.components["workers"]
    expected = st.settings().get("workers_at_start", workers["at_start"]) + st.settings().get(
        "workers_at_cafe", workers["at_cafe"]
    )
    if total != expected:
        broken.append(f"workers: {total} accounted for, {expected} in the game")
    pawns = list(d["board"].values())
    if pawns.count("m") > 5 or pawns.count("s") > 5:
        broken.append("more than five Milice or five Soldiers on the board")
    if not 0 <= d["morale"] <= 7 or not 0 <= d["soldiers"] <= 5:
        broken.append("morale or soldier marker off its track")
    cards = sorted(d["deck"] + d["discard"] + ([d["peek"]] if d["peek"] is not None else []))
    if cards != CARDS:
        broken.append(f"patrol cards not conserved: {cards}")
    if len(set(d["tiles"].values())) != len(d["tiles"]):
        broken.append("a tile built twice")
    return broken
