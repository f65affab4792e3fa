"""Units entering the map: event deployments (§4.3.2 II), replacements and reinforcements (§4.3.2 III),
and the Royal Scribes' free action in those phases (§4.4.3 a, b)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

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
from ludoteca.games.mar_y_acero.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState


def empty(state: MyaState, area: int) -> bool:
    """No unit, leader or Citadel of either side."""
    return not pieces(state, area, "es") and not pieces(state, area, "ind") and area not in state.d["cit"]


def may_join(state: MyaState, area: int, fac: str, kind: str) -> bool:
    """Indigenous Conflict (§4.2, §4.3.2 I): Taínos and Caribes do not stack together this turn, except
    with Caonabó, Guacanagarí or Anacaona; where the conflict left both, nothing more may join."""
    if fac != "ind" or not state.d["flags"]["conflict"]:
        return True
    spec = KINDS[kind]
    if spec.leader:
        return True
    here = pieces(state, area, "ind")
    if any(KINDS[p[0]].leader for p in here):
        return True
    if area in state.d["mixed"]:
        return False
    other = {"taino": "caribe", "caribe": "taino"}.get(spec.bag)
    return other is None or not any(KINDS[p[0]].bag == other for p in here)


def room(state: MyaState, area: int, fac: str, kind: str) -> bool:
    """The stacking limit (§4.2) and the conflict rule allow one more `kind` of `fac` in `area`."""
    if KINDS[kind].leader:
        return True
    return units(state, area, fac) < state.d["limit"][fac] and may_join(state, area, fac, kind)


def fewest(state: MyaState, fac: str, areas: list[int]) -> list[int]:
    """The areas with the fewest units of `fac`."""
    if not areas:
        return []
    low = min(units(state, x, fac) for x in areas)
    return [x for x in areas if units(state, x, fac) == low]


def held(state: MyaState, fac: str) -> list[int]:
    return [x for x in AREAS if state.d["ctrl"][x - 1] == fac and (present(state, x, fac) or fac == "es")]


def colon_area(state: MyaState) -> int | None:
    for x in AREAS:
        if any(p[0] == "colon" for p in pieces(state, x, "es")):
            return x
    return None


# ------------------------------------------------------------------------------- where units may go
Placement = Callable[["MyaState", str], list[list[int]]]
"""Where `fac` may deploy under one deployment rule: lists of areas, best tier first (facts B4)."""

PLACEMENTS: dict[str, Placement] = {}
"""Every deployment rule a card's data (`rule` of a `deploy` effect) or the code may name, with its tiers."""


def placement(*names: str) -> Callable[[Placement], Placement]:
    """Declare the decorated function as the tiers of the deployment rules `names`."""

    def register(tiers_of: Placement) -> Placement:
        for name in names:
            if name in PLACEMENTS:
                raise ValueError(f"deployment rule {name!r} declared twice")
            PLACEMENTS[name] = tiers_of
        return tiers_of

    return register


def check_rule(rule: str, where: str) -> None:
    """A deployment rule is one of `PLACEMENTS` (checked for every card when the game loads)."""
    if rule not in PLACEMENTS:
        known = ", ".join(name for name in sorted(PLACEMENTS) if not name.startswith("only_"))
        raise ValueError(f"{where}: unknown deployment rule {rule!r}; rules are: {known}, only_<area>")


def tiers(state: MyaState, frame: Deploy) -> list[list[int]]:
    """Where a card (or the reinforcement rule) lets `fac` deploy, best tier first (facts B4)."""
    check_rule(frame["rule"], "deploy")
    return PLACEMENTS[frame["rule"]](state, frame["fac"])


@placement("reinforce")
def _reinforce_tiers(state: MyaState, fac: str) -> list[list[int]]:
    """§4.3.2 III deployment priorities: own areas, then empty areas next to them, then areas next to them
    with the enemy."""
    mine = held(state, fac)
    near = {n for x in mine for n in BOARD.adjacent(x)}
    return [
        mine,
        [x for x in AREAS if empty(state, x) and x in near],
        [x for x in sorted(near) if present(state, x, OTHER[fac])],
    ]


@placement("own")
def _own(state: MyaState, fac: str) -> list[list[int]]:
    return [held(state, fac)]


@placement("not_spanish")
def _not_spanish(state: MyaState, fac: str) -> list[list[int]]:
    """Indigenous-held areas, else those with the fewest Spaniards."""
    return [[x for x in AREAS if state.d["ctrl"][x - 1] == "ind"], fewest(state, "es", list(AREAS))]


@placement("spanish_held")
def _spanish_held(state: MyaState, fac: str) -> list[list[int]]:
    """Spanish-held areas (in turn 2 not Colón's), else anywhere."""
    colon = colon_area(state) if state.d["turn"] == 2 else None
    return [[x for x in held(state, "es") if x != colon], list(AREAS)]


def _fewest_spaniards(state: MyaState) -> list[int]:
    return fewest(state, "es", [x for x in AREAS if present(state, x, "es")])


@placement("empty_then_own")
def _empty_then_own(state: MyaState, fac: str) -> list[list[int]]:
    """Empty areas, then indigenous-held ones, then those with the fewest Spaniards."""
    return [[x for x in AREAS if empty(state, x)], held(state, "ind"), _fewest_spaniards(state)]


@placement("empty_or_own")
def _empty_or_own(state: MyaState, fac: str) -> list[list[int]]:
    """Empty or indigenous-held areas alike, then those with the fewest Spaniards."""
    empties = [x for x in AREAS if empty(state, x)]
    return [sorted(set(empties) | set(held(state, "ind"))), _fewest_spaniards(state)]


@placement("ovando")
def _ovando(state: MyaState, fac: str) -> list[list[int]]:
    """Card 7: areas 1, 2 and 10 (at least one unit in each, `candidates`)."""
    return [[1, 2, 10]]


@placement("colon_or_5_6_15")
def _colon_or_5_6_15(state: MyaState, fac: str) -> list[list[int]]:
    where = colon_area(state)
    return [[where]] if where else [[5, 6, 15]]


@placement("colon_or_5_6")
def _colon_or_5_6(state: MyaState, fac: str) -> list[list[int]]:
    where = colon_area(state)
    return [[where]] if where else [[5, 6]]


@placement("area_10")
def _area_10(state: MyaState, fac: str) -> list[list[int]]:
    return [[10]]


@placement("empty_or_fewest_enemy")
def _empty_or_fewest_enemy(state: MyaState, fac: str) -> list[list[int]]:
    return [[x for x in AREAS if empty(state, x)], fewest(state, OTHER[fac], list(AREAS))]


def _only(area: int) -> Placement:
    def tiers_of(state: MyaState, fac: str) -> list[list[int]]:
        return [[area]]

    return tiers_of


for _area in AREAS:
    placement(f"only_{_area}")(_only(_area))  # the one area a card names, or a player chose for it


def deploy_rules(effects: Iterable[Mapping[str, Any]]) -> Iterator[str]:
    """The deployment rules a list of card effects names, those nested in a roll's lists included."""
    for effect in effects:
        if effect.get("kind") == "deploy":
            yield effect["rule"]
        for value in effect.values():
            for inner in value.values() if isinstance(value, dict) else [value]:
                if isinstance(inner, list) and all(isinstance(item, dict) for item in inner):
                    yield from deploy_rules(inner)


for _id, _effects in [
    *((card.id, card.effects) for card in BOARD.events.values()),
    *((card.id, card.effects) for card in BOARD.destinies.values()),
]:
    for _rule in deploy_rules(_effects):
        check_rule(_rule, f"data/cards.toml, card {_id}")


# -------------------------------------------------------------------------------------- deployment
class Deploy(TypedDict):
    """A deployment (§4.3.2 II) of `fac`'s units drawn from `bags` (or already `drawn`), placed by the
    placement `rule` of card `card` (None: reinforcements with no event card); the leaders it brings,
    whether all go to one area (the overstack icon) and which, who strikes first in the combats it
    starts, the areas it placed in and those it placed Scribes in; the area the Nitayno placed its last
    unit in (`nitayno.decisions`). It returns the Scribes' areas."""

    fac: str
    bags: list[str]
    rule: str
    card: int | None
    drawn: NotRequired[list[str]]
    leaders: NotRequired[list[str]]
    overstack: NotRequired[bool]
    strike: NotRequired[str | None]
    placed: NotRequired[list[int]]
    area: NotRequired[int | None]
    scribed: NotRequired[list[int]]
    nit_at: NotRequired[int]
    ret: NotRequired[None]


deploy = PROCS.proc("deploy", rule="4.3.2.II", frame=Deploy)


@deploy.step()
def _deploy(state: MyaState, frame: Deploy, action: None) -> None:
    """Draw the card's units at random from their bags (each a chance node), then place them."""
    frame.setdefault("drawn", [])
    frame.setdefault("leaders", [])
    frame.setdefault("overstack", False)
    frame.setdefault("strike", None)
    frame["placed"] = []
    frame["area"] = None
    state.goto("draw")


@deploy.step("draw")
def _deploy_draw(state: MyaState, frame: Deploy, action: None) -> None:
    while frame["bags"]:
        if draw_unit(state, frame["bags"].pop(0), "drawn"):
            return
    state.goto("place")


@deploy.step("drawn")
def _deploy_drawn(state: MyaState, frame: Deploy, action: int) -> None:
    frame["drawn"].append(take_from_bag(state, action))
    state.goto("draw")


@deploy.step("place")
def _deploy_place(state: MyaState, frame: Deploy, action: None) -> None:
    """With the overstack icon, everything goes to one area regardless of stacking; otherwise each unit
    to an area of the best tier that has room for it; a unit with nowhere to go returns to its bag."""
    fac = frame["fac"]
    if frame["overstack"] and frame["area"] is None and (frame["drawn"] or frame["leaders"]):
        options = next((t for t in tiers(state, frame) if t), [])
        if not options:
            state.goto("nowhere")
            return
        state.decide(
            ROLE[fac],
            "deploy_area",
            area_actions("at", options),
            then="area",
            prompt="prompt.deploy_all",
            card=f"@card.{frame['card']}",
        )
        return
    if frame["overstack"] and frame["area"] is not None:
        for kind in frame["drawn"] + frame["leaders"]:
            put(state, frame, frame["area"], kind)
        frame["drawn"], frame["leaders"] = [], []
    for kind in list(frame["leaders"]):
        spot = frame["placed"][-1] if frame["placed"] else None
        if spot is not None:
            put(state, frame, spot, kind)
            frame["leaders"].remove(kind)
    if not frame["drawn"]:
        state.goto("fight")
        return
    kind = frame["drawn"][0]
    options = candidates(state, frame, kind)
    if not options:
        frame["drawn"].pop(0)
        state.d["bags"][KINDS[kind].bag][kind] += 1
        state.log("log.no_room", kind=f"@kind.{kind}")
        state.goto("place")
        return
    state.decide(
        ROLE[fac],
        "deploy_area",
        area_actions("at", options),
        then="placed",
        prompt="prompt.deploy",
        unit=f"@kind.{kind}",
        card=f"@card.{frame['card']}",
    )


def candidates(state: MyaState, frame: Deploy, kind: str) -> list[int]:
    fac = frame["fac"]
    for tier in tiers(state, frame):
        spots = [x for x in tier if room(state, x, fac, kind)]
        if frame["rule"] == "ovando":  # at least one unit in each of areas 1, 2 and 10 (card 7)
            left = [x for x in spots if x not in frame["placed"]]
            if left and len(frame["drawn"]) <= len(left):
                spots = left
        if spots:
            return spots
    return []


def put(state: MyaState, frame: Deploy, area: int, kind: str) -> None:
    if kind == "colon":  # back from prison with the strength he had
        pieces(state, area, "es").append(state.d.pop("colon_piece"))
        state.d["colon"] = "map"
    else:
        place(state, area, frame["fac"], kind)
        if kind == "caonabo":
            state.d["caonabo"] = "map"
    frame["placed"].append(area)
    if kind == "escribano":
        frame.setdefault("scribed", []).append(area)
    state.log("log.deployed", faction=f"@faction.{frame['fac']}", kind=f"@kind.{kind}", area=area)


@deploy.step("area")
def _deploy_area(state: MyaState, frame: Deploy, action: int) -> None:
    frame["area"] = int(arg(action))
    state.goto("place")


@deploy.step("placed")
def _deploy_placed(state: MyaState, frame: Deploy, action: int) -> None:
    put(state, frame, int(arg(action)), frame["drawn"].pop(0))
    state.goto("place")


@deploy.step("nowhere")
def _deploy_nowhere(state: MyaState, frame: Deploy, action: None) -> None:
    for kind in frame["drawn"]:
        state.d["bags"][KINDS[kind].bag][kind] += 1
    frame["drawn"] = []
    state.goto("fight")


@deploy.step("fight")
def _deploy_fight(state: MyaState, frame: Deploy, action: None) -> None:
    """A deployment among enemies is a combat, resolved at once, the deploying side attacking."""
    update_control(state)
    fights = sorted({x for x in frame["placed"] if present(state, x, "es") and present(state, x, "ind")})
    if fights:
        area = fights[0]
        frame["placed"] = [x for x in frame["placed"] if x != area]
        state.call("combat", then="fight", area=area, att=frame["fac"], origin=[], strike=frame["strike"])
        return
    state.ret(sorted(set(frame.get("scribed", []))))


# ------------------------------------------------------------------------ III. replacements, reinforcements
class Reinforce(TypedDict):
    """Replacements and reinforcements (§4.3.2 III): each faction's PRR, the faction spending now, its
    points left, the bag it last drew from, the units drawn, the area of a piece flipped; whether the
    Nitayno has begun its reinforcements (`nitayno.decisions`)."""

    prr: NotRequired[dict[str, int]]
    fac: NotRequired[str]
    left: NotRequired[int]
    last: NotRequired[str | None]
    drawn: NotRequired[list[str]]
    area: NotRequired[int]
    nit_started: NotRequired[bool]
    ret: NotRequired[list[int]]


reinforce = PROCS.proc("reinforce", rule="4.3.2.III", frame=Reinforce)


def in_hand(state: MyaState) -> list[str]:
    """The counters drawn from their bags and not yet placed: a deployment's, and the reinforcements'
    drawn before any is placed (the invariants count them, `pieces.broken_invariants`)."""
    placing, drawing = state.frame_of(deploy), state.frame_of(reinforce)
    return [
        *(placing.get("drawn", []) if placing is not None else []),
        *(drawing.get("drawn", []) if drawing is not None else []),
    ]


def prr(state: MyaState) -> dict[str, int]:
    """The VRR of both event cards: a difference of 0 or 1 gives both 2 PRR; otherwise the lower card
    gets the difference and the higher one 1 PRR."""
    vrr = {fac: BOARD.events[card].vrr for fac, card in state.d["event"].items() if card is not None}
    gap = abs(vrr["es"] - vrr["ind"])
    if gap <= 1:
        return {"es": 2, "ind": 2}
    low = "es" if vrr["es"] < vrr["ind"] else "ind"
    return {low: gap, OTHER[low]: 1}


@reinforce.step()
def _reinforce(state: MyaState, frame: Reinforce, action: None) -> None:
    state.d["phase"] = "reinforce"
    grace_reset(state)
    frame["prr"] = prr(state)
    frame["fac"] = "ind"
    state.log("log.prr", es=frame["prr"]["es"], ind=frame["prr"]["ind"])
    state.goto("begin")


@reinforce.step("begin")
def _reinforce_begin(state: MyaState, frame: Reinforce, action: None) -> None:
    frame["left"] = frame["prr"][frame["fac"]]
    frame["last"] = None
    frame["drawn"] = []
    state.goto("spend")


def spend_options(state: MyaState, frame: Reinforce) -> list[int]:
    """Draw from a bag other than the last one drawn from (unless it is the only one with units), or
    flip a reduced piece of yours anywhere."""
    fac = frame["fac"]
    bags = [b for b in FACTION_BAGS[fac] if any(state.d["bags"][b].values())]
    fresh = [b for b in bags if b != frame["last"]]
    options = [act(f"draw {b}") for b in (fresh or bags)]
    options += area_actions(
        "repair", [x for x in AREAS if any(p[1] for p in pieces(state, x, fac) if p[0] != "guacanagari")]
    )
    return options


@reinforce.step("spend")
def _reinforce_spend(state: MyaState, frame: Reinforce, action: None) -> None:
    options = spend_options(state, frame) if frame["left"] else []
    if not options:
        state.goto("deploy")
        return
    state.decide(
        ROLE[frame["fac"]],
        "reinforce",
        [*options, END],
        then="spent",
        prompt="prompt.reinforce",
        left=frame["left"],
    )


@reinforce.step("spent")
def _reinforce_spent(state: MyaState, frame: Reinforce, action: int) -> None:
    if action == END:
        state.goto("deploy")
        return
    if verb(action) == "draw":
        frame["last"] = arg(action)
        frame["left"] -= 1
        draw_unit(state, arg(action), "drawn")
        return
    area = int(arg(action))
    frame["area"] = area
    keys = sorted({key(p) for p in pieces(state, area, frame["fac"]) if p[1] and p[0] != "guacanagari"})
    state.decide(
        ROLE[frame["fac"]], "flip", key_actions("flip", keys), then="flipped", prompt="prompt.flip", area=area
    )


@reinforce.step("drawn")
def _reinforce_drawn(state: MyaState, frame: Reinforce, action: int) -> None:
    frame["drawn"].append(take_from_bag(state, action))
    state.goto("spend")


@reinforce.step("flipped")
def _reinforce_flipped(state: MyaState, frame: Reinforce, action: int) -> None:
    piece = find(state, frame["area"], frame["fac"], arg(action))
    piece[1] = 0
    frame["left"] -= 1
    state.log(
        "log.replaced", faction=f"@faction.{frame['fac']}", kind=f"@kind.{piece[0]}", area=frame["area"]
    )
    state.goto("spend")


@reinforce.step("deploy")
def _reinforce_deploy(state: MyaState, frame: Reinforce, action: None) -> None:
    """All reinforcements are drawn before any is placed; stacking holds even with the overstack icon."""
    drawn, frame["drawn"] = frame["drawn"], []
    state.call(
        deploy,
        Deploy(fac=frame["fac"], bags=[], drawn=drawn, rule="reinforce", card=state.d["event"][frame["fac"]]),
        then="deployed",
    )


@reinforce.step("deployed")
def _reinforce_deployed(state: MyaState, frame: Reinforce, action: None) -> None:
    frame.pop("ret", None)
    if frame["fac"] == "ind":
        frame["fac"] = "es"
        state.goto("begin")
        return
    state.ret()


# ---------------------------------------------------------------------------------- §4.4.3 scribes
class Scribes(TypedDict):
    """Royal Scribes (§4.4.3) among `areas` (anywhere without it)."""

    areas: NotRequired[list[int]]


scribes = PROCS.proc("scribes", rule="4.4.3", frame=Scribes)
"""Royal Scribes, at the end of an activation or event among the areas it reached (local ``areas``), or
anywhere at the end of the reinforcements."""


def scribe_areas(state: MyaState, among: list[int] | None) -> list[int]:
    return [
        x
        for x in (among if among is not None else AREAS)
        if x in state.d["scroll"] and any(p[0] == "escribano" for p in pieces(state, x, "es"))
    ]


@scribes.step()
def _scribes(state: MyaState, frame: Scribes, action: None) -> None:
    """Royal Scribes (free): a Scribe leaves the area and its scroll goes; the area is worth 2 VP."""
    options = scribe_areas(state, frame.get("areas"))
    if not options:
        state.ret()
        return
    state.decide(
        ROLE["es"], "scribe", [*area_actions("scribe", options), END], then="chosen", prompt="prompt.scribe"
    )


@scribes.step("chosen")
def _scribes_chosen(state: MyaState, frame: Scribes, action: int) -> None:
    if action == END:
        state.ret()
        return
    area = int(arg(action))
    here = pieces(state, area, "es")
    scribe: list[Any] = max((p for p in here if p[0] == "escribano"), key=lambda p: p[1])
    here.remove(scribe)
    state.d["bags"]["settler"]["escribano"] += 1
    state.d["scroll"] = [x for x in state.d["scroll"] if x != area]  # a new list: clones share it
    update_control(state)
    state.log("log.scribe", area=area)
    state.goto("start")


reinforcements = PROCS.sequence("reinforcements", "4.3.2.III", "reinforce", "scribes", "conquest")
"""Replacements and reinforcements, both sides; then Royal Scribes anywhere (§4.4.3), then gold searches
for what the reinforcements conquered (§4.4.1 C)."""
