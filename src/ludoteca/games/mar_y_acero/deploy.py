"""Units entering the map: event deployments (§4.3.2 II), replacements and reinforcements (§4.3.2 III),
and the Royal Scribes' free action in those phases (§4.4.3 a, b)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.mar_y_acero.actions import END, act, area_actions, arg, key_actions, verb
from ludoteca.games.mar_y_acero.board import AREAS, BOARD, FACTION_BAGS
from ludoteca.games.mar_y_acero.dice import grace_reset
from ludoteca.games.mar_y_acero.pieces import (
    KINDS,
    OTHER,
    ROLE,
    draw_unit,
    find,
    key,
    pieces,
    place,
    present,
    take_from_bag,
    units,
    update_control,
)
from ludoteca.games.mar_y_acero.procs import PROCS, A, Frame

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState as St


def empty(st: St, area: int) -> bool:
    """No unit, leader or Citadel of either side."""
    return not pieces(st, area, "es") and not pieces(st, area, "ind") and area not in st.d["cit"]


def may_join(st: St, area: int, fac: str, kind: str) -> bool:
    """Indigenous Conflict (§4.2, §4.3.2 I): Taínos and Caribes do not stack together this turn, except
    with Caonabó, Guacanagarí or Anacaona; where the conflict left both, nothing more may join."""
    if fac != "ind" or not st.d["flags"]["conflict"]:
        return True
    spec = KINDS[kind]
    if spec.leader:
        return True
    here = pieces(st, area, "ind")
    if any(KINDS[p[0]].leader for p in here):
        return True
    if area in st.d["mixed"]:
        return False
    other = {"taino": "caribe", "caribe": "taino"}.get(spec.bag)
    return other is None or not any(KINDS[p[0]].bag == other for p in here)


def room(st: St, area: int, fac: str, kind: str) -> bool:
    """The stacking limit (§4.2) and the conflict rule allow one more `kind` of `fac` in `area`."""
    if KINDS[kind].leader:
        return True
    return units(st, area, fac) < st.d["limit"][fac] and may_join(st, area, fac, kind)


def fewest(st: St, fac: str, areas: list[int]) -> list[int]:
    """The areas with the fewest units of `fac`."""
    if not areas:
        return []
    low = min(units(st, x, fac) for x in areas)
    return [x for x in areas if units(st, x, fac) == low]


def held(st: St, fac: str) -> list[int]:
    return [x for x in AREAS if st.d["ctrl"][x - 1] == fac and (present(st, x, fac) or fac == "es")]


def colon_area(st: St) -> int | None:
    for x in AREAS:
        if any(p[0] == "colon" for p in pieces(st, x, "es")):
            return x
    return None


def tiers(st: St, f: Frame) -> list[list[int]]:
    """Where a card (or the reinforcement rule) lets `fac` deploy, best tier first (facts B4)."""
    rule, fac = f["rule"], f["fac"]
    enemy = OTHER[fac]
    d = st.d
    mine = held(st, fac)
    empties = [x for x in AREAS if empty(st, x)]
    if rule == "reinforce":  # §4.3.2 III deployment priorities
        near = {n for x in mine for n in BOARD.adjacent(x)}
        return [mine, [x for x in empties if x in near], [x for x in sorted(near) if present(st, x, enemy)]]
    if rule == "own":
        return [mine]
    if rule == "not_spanish":
        return [[x for x in AREAS if d["ctrl"][x - 1] == "ind"], fewest(st, "es", list(AREAS))]
    if rule == "spanish_held":
        colon = colon_area(st) if d["turn"] == 2 else None
        return [[x for x in held(st, "es") if x != colon], list(AREAS)]
    if rule == "empty_then_own":
        return [empties, held(st, "ind"), fewest(st, "es", [x for x in AREAS if present(st, x, "es")])]
    if rule == "empty_or_own":
        return [
            sorted(set(empties) | set(held(st, "ind"))),
            fewest(st, "es", [x for x in AREAS if present(st, x, "es")]),
        ]
    if rule == "ovando":
        return [[1, 2, 10]]
    if rule in ("colon_or_5_6_15", "colon_or_5_6"):
        where = colon_area(st)
        return [[where]] if where else [[5, 6, 15] if rule == "colon_or_5_6_15" else [5, 6]]
    if rule == "area_10":
        return [[10]]
    if rule == "empty_or_fewest_enemy":
        return [empties, fewest(st, enemy, list(AREAS))]
    if rule.startswith("only_"):
        return [[int(rule[5:])]]
    raise ValueError(f"unknown deployment rule {rule!r}")


# -------------------------------------------------------------------------------------- deployment
deploy = PROCS.proc("deploy", rule="4.3.2.II")


@deploy.step()
def _deploy(st: St, f: Frame, a: A) -> None:
    """Draw the card's units at random from their bags (each a chance node), then place them."""
    f.setdefault("drawn", [])
    f.setdefault("leaders", [])
    f.setdefault("overstack", False)
    f.setdefault("strike", None)
    f["placed"] = []
    f["area"] = None
    st.goto("draw")


@deploy.step("draw")
def _deploy_draw(st: St, f: Frame, a: A) -> None:
    while f["bags"]:
        if draw_unit(st, f["bags"].pop(0), "drawn"):
            return
    st.goto("place")


@deploy.step("drawn")
def _deploy_drawn(st: St, f: Frame, a: A) -> None:
    f["drawn"].append(take_from_bag(st, a))
    st.goto("draw")


@deploy.step("place")
def _deploy_place(st: St, f: Frame, a: A) -> None:
    """With the overstack icon, everything goes to one area regardless of stacking; otherwise each unit
    to an area of the best tier that has room for it; a unit with nowhere to go returns to its bag."""
    fac = f["fac"]
    if f["overstack"] and f["area"] is None and (f["drawn"] or f["leaders"]):
        options = next((t for t in tiers(st, f) if t), [])
        if not options:
            st.goto("nowhere")
            return
        st.decide(
            ROLE[fac],
            "deploy_area",
            area_actions("at", options),
            then="area",
            prompt="prompt.deploy_all",
            card=f"@card.{f['card']}",
        )
        return
    if f["overstack"] and f["area"] is not None:
        for kind in f["drawn"] + f["leaders"]:
            put(st, f, f["area"], kind)
        f["drawn"], f["leaders"] = [], []
    for kind in list(f["leaders"]):
        spot = f["placed"][-1] if f["placed"] else None
        if spot is not None:
            put(st, f, spot, kind)
            f["leaders"].remove(kind)
    if not f["drawn"]:
        st.goto("fight")
        return
    kind = f["drawn"][0]
    options = candidates(st, f, kind)
    if not options:
        f["drawn"].pop(0)
        st.d["bags"][KINDS[kind].bag][kind] += 1
        st.log("log.no_room", kind=f"@kind.{kind}")
        st.goto("place")
        return
    st.decide(
        ROLE[fac],
        "deploy_area",
        area_actions("at", options),
        then="placed",
        prompt="prompt.deploy",
        unit=f"@kind.{kind}",
        card=f"@card.{f['card']}",
    )


def candidates(st: St, f: Frame, kind: str) -> list[int]:
    fac = f["fac"]
    for tier in tiers(st, f):
        spots = [x for x in tier if room(st, x, fac, kind)]
        if f["rule"] == "ovando":  # at least one unit in each of areas 1, 2 and 10 (card 7)
            left = [x for x in spots if x not in f["placed"]]
            if left and len(f["drawn"]) <= len(left):
                spots = left
        if spots:
            return spots
    return []


def put(st: St, f: Frame, area: int, kind: str) -> None:
    if kind == "colon":  # back from prison with the strength he had
        pieces(st, area, "es").append(st.d.pop("colon_piece"))
        st.d["colon"] = "map"
    else:
        place(st, area, f["fac"], kind)
        if kind == "caonabo":
            st.d["caonabo"] = "map"
    f["placed"].append(area)
    if kind == "escribano":
        f.setdefault("scribed", []).append(area)
    st.log("log.deployed", faction=f"@faction.{f['fac']}", kind=f"@kind.{kind}", area=area)


@deploy.step("area")
def _deploy_area(st: St, f: Frame, a: A) -> None:
    f["area"] = int(arg(a))
    st.goto("place")


@deploy.step("placed")
def _deploy_placed(st: St, f: Frame, a: A) -> None:
    put(st, f, int(arg(a)), f["drawn"].pop(0))
    st.goto("place")


@deploy.step("nowhere")
def _deploy_nowhere(st: St, f: Frame, a: A) -> None:
    for kind in f["drawn"]:
        st.d["bags"][KINDS[kind].bag][kind] += 1
    f["drawn"] = []
    st.goto("fight")


@deploy.step("fight")
def _deploy_fight(st: St, f: Frame, a: A) -> None:
    """A deployment among enemies is a combat, resolved at once, the deploying side attacking."""
    update_control(st)
    fights = sorted({x for x in f["placed"] if present(st, x, "es") and present(st, x, "ind")})
    if fights:
        area = fights[0]
        f["placed"] = [x for x in f["placed"] if x != area]
        st.call("combat", then="fight", area=area, att=f["fac"], origin=[], strike=f["strike"])
        return
    st.ret(sorted(set(f.get("scribed", []))))


# ------------------------------------------------------------------------ III. replacements, reinforcements
reinforce = PROCS.proc("reinforce", rule="4.3.2.III")


def prr(st: St) -> dict[str, int]:
    """The VRR of both event cards: a difference of 0 or 1 gives both 2 PRR; otherwise the lower card
    gets the difference and the higher one 1 PRR."""
    vrr = {fac: BOARD.events[st.d["event"][fac]].vrr for fac in ("es", "ind")}
    gap = abs(vrr["es"] - vrr["ind"])
    if gap <= 1:
        return {"es": 2, "ind": 2}
    low = "es" if vrr["es"] < vrr["ind"] else "ind"
    return {low: gap, OTHER[low]: 1}


@reinforce.step()
def _reinforce(st: St, f: Frame, a: A) -> None:
    st.d["phase"] = "reinforce"
    grace_reset(st)
    f["prr"] = prr(st)
    f["fac"] = "ind"
    st.log("log.prr", es=f["prr"]["es"], ind=f["prr"]["ind"])
    st.goto("begin")


@reinforce.step("begin")
def _reinforce_begin(st: St, f: Frame, a: A) -> None:
    f["left"] = f["prr"][f["fac"]]
    f["last"] = None
    f["drawn"] = []
    st.goto("spend")


def spend_options(st: St, f: Frame) -> list[int]:
    """Draw from a bag other than the last one drawn from (unless it is the only one with units), or
    flip a reduced piece of yours anywhere."""
    fac = f["fac"]
    bags = [b for b in FACTION_BAGS[fac] if any(st.d["bags"][b].values())]
    fresh = [b for b in bags if b != f["last"]]
    options = [act(f"draw {b}") for b in (fresh or bags)]
    options += area_actions(
        "repair", [x for x in AREAS if any(p[1] for p in pieces(st, x, fac) if p[0] != "guacanagari")]
    )
    return options


@reinforce.step("spend")
def _reinforce_spend(st: St, f: Frame, a: A) -> None:
    options = spend_options(st, f) if f["left"] else []
    if not options:
        st.goto("deploy")
        return
    st.decide(
        ROLE[f["fac"]], "reinforce", [*options, END], then="spent", prompt="prompt.reinforce", left=f["left"]
    )


@reinforce.step("spent")
def _reinforce_spent(st: St, f: Frame, a: A) -> None:
    if a == END:
        st.goto("deploy")
        return
    if verb(a) == "draw":
        f["last"] = arg(a)
        f["left"] -= 1
        draw_unit(st, arg(a), "drawn")
        return
    area = int(arg(a))
    f["area"] = area
    keys = sorted({key(p) for p in pieces(st, area, f["fac"]) if p[1] and p[0] != "guacanagari"})
    st.decide(
        ROLE[f["fac"]], "flip", key_actions("flip", keys), then="flipped", prompt="prompt.flip", area=area
    )


@reinforce.step("drawn")
def _reinforce_drawn(st: St, f: Frame, a: A) -> None:
    f["drawn"].append(take_from_bag(st, a))
    st.goto("spend")


@reinforce.step("flipped")
def _reinforce_flipped(st: St, f: Frame, a: A) -> None:
    piece = find(st, f["area"], f["fac"], arg(a))
    piece[1] = 0
    f["left"] -= 1
    st.log("log.replaced", faction=f"@faction.{f['fac']}", kind=f"@kind.{piece[0]}", area=f["area"])
    st.goto("spend")


@reinforce.step("deploy")
def _reinforce_deploy(st: St, f: Frame, a: A) -> None:
    """All reinforcements are drawn before any is placed; stacking holds even with the overstack icon."""
    drawn, f["drawn"] = f["drawn"], []
    st.call(
        "deploy",
        then="deployed",
        fac=f["fac"],
        bags=[],
        drawn=drawn,
        rule="reinforce",
        card=st.d["event"][f["fac"]],
    )


@reinforce.step("deployed")
def _reinforce_deployed(st: St, f: Frame, a: A) -> None:
    f.pop("ret", None)
    if f["fac"] == "ind":
        f["fac"] = "es"
        st.goto("begin")
        return
    st.ret()


# ---------------------------------------------------------------------------------- §4.4.3 scribes
scribes = PROCS.proc("scribes", rule="4.4.3")
"""Royal Scribes, at the end of an activation or event among the areas it reached (local ``areas``), or
anywhere at the end of the reinforcements."""


def scribe_areas(st: St, among: list[int] | None) -> list[int]:
    return [
        x
        for x in (among if among is not None else AREAS)
        if x in st.d["scroll"] and any(p[0] == "escribano" for p in pieces(st, x, "es"))
    ]


@scribes.step()
def _scribes(st: St, f: Frame, a: A) -> None:
    """Royal Scribes (free): a Scribe leaves the area and its scroll goes; the area is worth 2 VP."""
    options = scribe_areas(st, f.get("areas"))
    if not options:
        st.ret()
        return
    st.decide(
        ROLE["es"], "scribe", [*area_actions("scribe", options), END], then="chosen", prompt="prompt.scribe"
    )


@scribes.step("chosen")
def _scribes_chosen(st: St, f: Frame, a: A) -> None:
    if a == END:
        st.ret()
        return
    area = int(arg(a))
    here = pieces(st, area, "es")
    scribe: list[Any] = max((p for p in here if p[0] == "escribano"), key=lambda p: p[1])
    here.remove(scribe)
    st.d["bags"]["settler"]["escribano"] += 1
    st.d["scroll"].remove(area)
    update_control(st)
    st.log("log.scribe", area=area)
    st.goto("start")


reinforcements = PROCS.sequence("reinforcements", "4.3.2.III", "reinforce", "scribes", "conquest")
"""Replacements and reinforcements, both sides; then Royal Scribes anywhere (§4.4.3), then gold searches
for what the reinforcements conquered (§4.4.1 C)."""
