"""The Nitayno (§5): in solo mode, every decision of the indigenous side, made by the rules.

The game sends each indigenous decision through its seam (`seats.indigenous_decides`) to the procedure
``nitayno.<kind>`` here, with the legal actions; the procedure may draw area markers (chance nodes, the
extraction system of §5.1) and returns one of those actions. The impulse is planned once, when the area is
activated (§5.3.5), and the decisions inside it follow the plan; the log says why at each step.
The solo phases and the Nitayno cards are in `nitayno.cards`.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, Any, NotRequired, TypeVar

from ludoteca.core.procedure import BotDecision, Procedure
from ludoteca.games.mar_y_acero.actions import ACTIONS, act, arg
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.deploy import may_join
from ludoteca.games.mar_y_acero.nitayno.data import NITAYNO
from ludoteca.games.mar_y_acero.nitayno.extraction import draw_area, level, memory, piece_of, snapshot
from ludoteca.games.mar_y_acero.nitayno.plan import (
    Piece,
    Snapshot,
    Spot,
    Target,
    by_priority,
    hit_order,
    keeps_fighting,
    raid_victim,
    reach,
    reinforcement_bag,
    retreat_order,
    second_raid,
    strongest,
    targets,
)
from ludoteca.games.mar_y_acero.pieces import KINDS, key, pieces
from ludoteca.games.mar_y_acero.procs import BOTS, PROCS, Frame

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState


def names(frame: BotDecision) -> dict[str, int]:
    """The decision's legal actions by notation."""
    return {ACTIONS.names[action]: action for action in frame["actions"]}


def answer(state: MyaState, frame: BotDecision, notation: str) -> None:
    """Hand the chosen action to the step waiting for it (`State.answer`); it must be a legal one."""
    chosen = names(frame).get(notation)
    if chosen is None:
        raise RuntimeError(f"Nitayno chose {notation!r}, not among {sorted(names(frame))}")
    state.answer(chosen)


def by_key(frame: BotDecision, verb: str) -> dict[str, str]:
    """The piece keys (or areas) a decision offers under `verb`, each with its notation."""
    return {n.partition(" ")[2]: n for n in names(frame) if n.startswith(f"{verb} ")}


def pick_piece(frame: BotDecision, verb: str, order: list[str]) -> str | None:
    """The first key of `order` that the decision offers under `verb`."""
    offered = by_key(frame, verb)
    return next((offered[k] for k in order if k in offered), None)


def descending(start: int, valid: list[int]) -> list[int]:
    """The valid areas in the order §5.1 counts them: from `start` down, 1 going round to 15."""
    ordered = [(start - 1 - i) % 15 + 1 for i in range(15)]
    return [n for n in ordered if n in valid]


def last_impulses(state: MyaState) -> bool:
    """§5.3.5 exception: the last 2 impulses of the final turn."""
    position = state.d
    return bool(
        position["turn"] == BOARD.tracks["turns"]
        and position["phase"] == "impulses"
        and position["imp"]["ind"] < NITAYNO.no_retreat_impulses
    )


B = TypeVar("B", bound=BotDecision)


def register(kind: str, rule: str, frame: type[B]) -> Procedure[B]:
    """The Nitayno's procedure for the indigenous decisions of `kind` (`MyaState.bot_for`), typed `frame`."""
    BOTS.add(kind)
    return PROCS.proc(f"nitayno.{kind}", rule=rule, frame=frame)


# ------------------------------------------------------------------------------- §5.3.5 the impulse
class ImpulseChoice(BotDecision):
    """§5.3.5: the areas it may activate, the one activated, the targets tied there, the area drawn."""

    areas: NotRequired[list[int]]
    area: NotRequired[int]
    tied: NotRequired[list[int]]
    ret: NotRequired[int]


impulse = register("impulse", "5.3.5", ImpulseChoice)


@impulse.step()
def _impulse(state: MyaState, frame: ImpulseChoice, action: None) -> None:
    """Step 1: the activation area comes from the extraction system among the areas with indigenous
    forces (over-stacked ones first, §4.3.2 IV)."""
    frame["areas"] = [int(n.partition(" ")[2]) for n in names(frame) if n.startswith("activate ")]
    draw_area(state, frame["areas"], then="drawn", why="activation")


@impulse.step("drawn")
def _impulse_drawn(state: MyaState, frame: ImpulseChoice, action: None) -> None:
    """Step 2: from the area drawn, the first area going down from which an action is possible."""
    first = frame.pop("ret")
    snap = snapshot(state)
    for area in descending(first, frame["areas"]):
        found = targets(snap, area)
        if not found:
            if area == first:
                state.log("nitayno.no_action", area=area)
            continue
        _, tied = by_priority(found)
        frame["area"], frame["tied"] = area, [t.area for t in tied]
        spot = snap[area]
        mode = "two_vp" if spot.two_vp else "jungle" if spot.jungle else "other"
        state.log("nitayno.activates", area=area, mode=f"@nitayno.mode.{mode}", n=len(spot.units(False)))
        if len(tied) > 1:
            draw_area(state, frame["tied"], then="target", why="target_tie")
            return
        frame["ret"] = tied[0].area
        state.goto("target")
        return
    state.log("nitayno.idle")
    memory(state)["plan"] = {"origin": first, "action": "none", "steps": []}
    answer(state, frame, f"activate {first}")


@impulse.step("target")
def _impulse_target(state: MyaState, frame: ImpulseChoice, action: None) -> None:
    area, target_area = frame["area"], frame.pop("ret")
    snap = snapshot(state)
    target = next(t for t in targets(snap, area) if t.area == target_area)
    state.log(f"nitayno.priority.{target.priority}", area=target.area)
    memory(state)["plan"] = plan(snap, area, target)
    answer(state, frame, f"activate {area}")


def plan(snap: Snapshot, origin: int, target: Target) -> dict[str, Any]:
    """The moves of the impulse: each piece from the origin to the target, through the area the extended
    move passes (`reach`). A naval leg takes Rebels first, each carrying one companion (§4.4.1 A)."""
    if target.action == "raid":
        return {"origin": origin, "action": "raid", "target": target.area, "steps": []}
    via = reach(snap, origin)[target.area]
    legs = [origin, target.area] if via == target.area else [origin, via, target.area]
    movers = list(target.pieces)
    naval = any(b not in snap.neighbours(area) for area, b in pairwise(legs))
    if naval:
        rebels = [p for p in movers if p.bag == "rebel"]
        others = [p for p in movers if p.bag != "rebel"][: len(rebels)]
        movers = rebels + others
    steps = [[area, b, key_of(p)] for area, b in pairwise(legs) for p in movers]
    return {"origin": origin, "action": target.action, "target": target.area, "steps": steps}


def key_of(p: Piece) -> str:
    return f"{p.kind}.r" if p.reduced else str(p.kind)


move = register("move", "5.3.5", BotDecision)


@move.step()
def _move(state: MyaState, frame: BotDecision, action: None) -> None:
    """Inside the activation: follow the plan — raid, pick the next piece, extend, or end."""
    plan_ = memory(state).get("plan") or {"action": "none", "steps": []}
    cur = state.caller()["cur"]
    offered = names(frame)
    if plan_["action"] == "raid":
        notation = f"raid {plan_['target']}"
        answer(
            state,
            frame,
            notation if notation in offered else "end" if "end" in offered else next(iter(offered)),
        )
        return
    steps = plan_["steps"]
    for i, (src, _dst, k) in enumerate(steps):
        if src == cur and f"pick {k}" in offered:
            plan_["pending"] = steps.pop(i)
            answer(state, frame, f"pick {k}")
            return
    steps[:] = [s for s in steps if s[0] != cur]
    for src, _dst, _k in steps:
        if f"activate {src}" in offered:
            answer(state, frame, f"activate {src}")
            return
    steps.clear()
    if "end" in offered:
        answer(state, frame, "end")
        return
    # over-stacked (§4.4.1): the weakest piece leaves first
    order = [key(p) for p in pieces(state, cur, "ind")]
    weakest = [key_of(p) for p in hit_order(piece_of(i, False, k) for i, k in enumerate(order))]
    answer(state, frame, pick_piece(frame, "pick", weakest) or next(iter(offered)))


move_to = register("move_to", "5.3.5", BotDecision)


@move_to.step()
def _move_to(state: MyaState, frame: BotDecision, action: None) -> None:
    """The planned destination; otherwise (an over-stacked area emptying) the own area with most room."""
    pending = memory(state).get("plan", {}).pop("pending", None)
    offered = by_key(frame, "to")
    if pending and str(pending[1]) in offered:
        answer(state, frame, offered[str(pending[1])])
        return
    snap = snapshot(state)
    safe = [int(n) for n in offered if not snap[int(n)].side(True)]
    pool = safe or [int(n) for n in offered]
    answer(state, frame, f"to {min(pool, key=lambda n: (len(snap[n].units(False)), -n))}")


combat_order = register("combat_order", "5.3.5", BotDecision)


@combat_order.step()
def _combat_order(state: MyaState, frame: BotDecision, action: None) -> None:
    target = memory(state).get("plan", {}).get("target")
    offered = by_key(frame, "at")
    answer(state, frame, offered.get(str(target)) or offered[min(offered, key=int)])


toll = register("toll", "5.3.5", BotDecision)


@toll.step()
def _toll(state: MyaState, frame: BotDecision, action: None) -> None:
    """Naval Difficulty is paid by the piece the Nitayno would give up first (its hit order)."""
    offered = by_key(frame, "reduce")
    order = [key_of(p) for p in hit_order(piece_of(i, False, k) for i, k in enumerate(offered))]
    answer(state, frame, offered[order[0]])


# ---------------------------------------------------------------------------------- §5.3.5 combat
def fight_spot(state: MyaState) -> tuple[Spot, Frame]:
    """The combat frame that asked, and the area it is fought in, as the Nitayno sees it."""
    combat = state.caller()
    return snapshot(state)[combat["area"]], combat


fight = register("fight", "5.3.5", BotDecision)


@fight.step()
def _fight(state: MyaState, frame: BotDecision, action: None) -> None:
    """Into each round go its strongest pieces (README heuristic 4)."""
    spot, combat = fight_spot(state)
    offered = by_key(frame, "fight")
    best = strongest((piece_of(i, False, k) for i, k in enumerate(offered)), spot, combat["att"] == "ind")
    answer(state, frame, offered[key_of(best[0])])


hit = register("hit", "5.3.5", BotDecision)


@hit.step()
def _hit(state: MyaState, frame: BotDecision, action: None) -> None:
    """Hits fall by the Nitayno's priority: reduced units first, then the weakest types, leaders last."""
    offered = by_key(frame, "hit")
    order = [key_of(p) for p in hit_order(piece_of(i, False, k) for i, k in enumerate(offered))]
    answer(state, frame, offered[order[0]])


retreat = register("retreat", "5.3.5", BotDecision)


@retreat.step()
def _retreat(state: MyaState, frame: BotDecision, action: None) -> None:
    """Another round only with superiority, or by the exception; else every piece retreats, leaders
    first (the hit order reversed)."""
    spot, combat = fight_spot(state)
    attacking = combat["att"] == "ind"
    if keeps_fighting(spot.side(False), spot.side(True), spot, attacking, last_impulses(state)):
        if not combat.get("nit_said"):
            combat["nit_said"] = True
            reason = "exception" if not attacking and spot.n in NITAYNO.no_retreat_areas else "superior"
            reason = "last" if last_impulses(state) else reason
            state.log(f"nitayno.fights_on.{reason}", area=spot.n)
        answer(state, frame, "end")
        return
    if not combat.get("nit_said"):
        combat["nit_said"] = True
        state.log("nitayno.retreats", area=spot.n)
    offered = by_key(frame, "retreat")
    order = [key_of(p) for p in retreat_order(piece_of(i, False, k) for i, k in enumerate(offered))]
    answer(state, frame, offered[order[0]])


class Drawn(BotDecision):
    """A decision answered by an area the extraction system draws (`draw_area` returns it)."""

    ret: NotRequired[int]


retreat_to = register("retreat_to", "5.3.5", Drawn)


@retreat_to.step()
def _retreat_to(state: MyaState, frame: Drawn, action: None) -> None:
    """To the area with the most indigenous units (ties by extraction)."""
    snap = snapshot(state)
    areas = [int(n) for n in by_key(frame, "to")]
    most = max(len(snap[n].units(False)) for n in areas)
    draw_area(state, [n for n in areas if len(snap[n].units(False)) == most], then="drawn", why="retreat")


@retreat_to.step("drawn")
def _retreat_to_drawn(state: MyaState, frame: Drawn, action: None) -> None:
    answer(state, frame, f"to {frame.pop('ret')}")


raid_again = register("raid_again", "5.3.5", BotDecision)


@raid_again.step()
def _raid_again(state: MyaState, frame: BotDecision, action: None) -> None:
    """After a success: always again against a 2VP area; against a 1VP area only while Soldiers remain."""
    area = state.caller()["dst"]
    again = second_raid(snapshot(state)[area])
    state.log("nitayno.raid_again" if again else "nitayno.raid_stop", area=area)
    answer(state, frame, "again" if again else "end")


raid_hit = register("raid_hit", "5.3.5", BotDecision)


@raid_hit.step()
def _raid_hit(state: MyaState, frame: BotDecision, action: None) -> None:
    """Which of the tied pieces a raid result strikes (§5.3.5, "Asignando efectos de Incursión"): a
    Spaniard by the Spanish raid order; one of its own by the indigenous order, a leader only when no other
    unit is offered; of one type, a full-strength unit."""
    raid = state.caller()
    spanish = raid["effect"] in ("remove", "reduce")
    offered = by_key(frame, "hit")
    victim = raid_victim(
        [piece_of(i, spanish, k) for i, k in enumerate(offered)], spanish=spanish, own_area=not spanish
    )
    answer(state, frame, offered[key_of(victim)] if victim else offered[sorted(offered)[0]])


hijos = register("hijos", "5.3.5", BotDecision)


@hijos.step()
def _hijos(state: MyaState, frame: BotDecision, action: None) -> None:
    """Common sense: three Caribe units fight better than a counter that does not fight."""
    answer(state, frame, "hijos")


grace = register("grace", "5.1", BotDecision)


@grace.step()
def _grace(state: MyaState, frame: BotDecision, action: None) -> None:
    """§5.1: the Nitayno never uses Gracia Divina/Yaya."""
    answer(state, frame, "pass")


choose_area = register("choose_area", "5.1", Drawn)


@choose_area.step()
def _choose_area(state: MyaState, frame: Drawn, action: None) -> None:
    """Any other area the indigenous side must pick (card effects): the extraction system (§5.3.2)."""
    draw_area(state, [int(n) for n in by_key(frame, "at")], then="drawn", why="card")


@choose_area.step("drawn")
def _choose_area_drawn(state: MyaState, frame: Drawn, action: None) -> None:
    answer(state, frame, f"at {frame.pop('ret')}")


# --------------------------------------------------------------------- §5.3.1, §5.3.3 deployments
class DeployArea(BotDecision):
    """§5.3.1: the areas preferred for the next unit, and the one drawn among them."""

    pref: NotRequired[list[int]]
    ret: NotRequired[int]


deploy_area = register("deploy_area", "5.3.1", DeployArea)


@deploy_area.step()
def _deploy_area(state: MyaState, frame: DeployArea, action: None) -> None:
    """Where the next unit goes. Reinforcements follow the area drawn for them (§5.3.4); other deployments
    draw one area, fill it to the stacking limit and go on to the next lower valid area; a Spanish area
    only when no other is left (§5.3.1)."""
    dep = state.caller()
    areas = [int(n) for n in by_key(frame, "at")]
    if dep.get("rule") == "reinforce" and dep["drawn"]:
        bag = KINDS[dep["drawn"][0]].bag
        planned = memory(state).get("reinforce", [])
        for i, (b, area) in enumerate(planned):
            if b == bag and area in areas:
                planned.pop(i)
                answer(state, frame, f"at {area}")
                return
    ctrl = state.d["ctrl"]
    pref = [x for x in areas if ctrl[x - 1] != "es"] or areas
    frame["pref"] = pref
    cursor = dep.get("nit_at")
    if cursor is not None:
        frame["ret"] = descending(cursor, pref)[0]
        state.goto("chosen")
        return
    draw_area(state, pref, then="chosen", why="deploy")


@deploy_area.step("chosen")
def _deploy_area_chosen(state: MyaState, frame: DeployArea, action: None) -> None:
    area = frame.pop("ret")
    state.caller()["nit_at"] = area
    answer(state, frame, f"at {area}")


# ---------------------------------------------------------------------------------- §5.3.4 reinforcements
class ReinforceChoice(BotDecision):
    """§5.3.4: the bags it may draw from, and the area drawn for the unit (None: no valid area)."""

    bags: NotRequired[list[str]]
    ret: NotRequired[int | None]


reinforce = register("reinforce", "5.3.4", ReinforceChoice)


@reinforce.step()
def _reinforce(state: MyaState, frame: ReinforceChoice, action: None) -> None:
    """Spend a PRR: never a replacement (level II: Rebels first); the unit's colour and area come from
    an indigenous area drawn by extraction."""
    phase = state.caller()
    if not phase.get("nit_started"):
        start_reinforcements(state, phase)
    offered = names(frame)
    if level(state) >= 2:
        for area in AREAS:
            if f"repair {area}" in offered and any(
                p[1] and KINDS[p[0]].bag == "rebel" for p in pieces(state, area, "ind")
            ):
                state.log("nitayno.flips_rebel", area=area)
                answer(state, frame, f"repair {area}")
                return
    bags = [n.partition(" ")[2] for n in offered if n.startswith("draw ")]
    if not bags:
        answer(state, frame, "end")
        return
    frame["bags"] = bags
    snap = snapshot(state)
    valid = [x for x in AREAS if reinforce_ok(state, snap[x], bags)]
    if not valid:
        frame["ret"] = None
        state.goto("area")
        return
    draw_area(state, valid, then="area", why="reinforce")


def start_reinforcements(state: MyaState, phase: Frame) -> None:
    """Level I (§5.4): Caonabó reduced flips back for free, and at least 2 units are deployed."""
    phase["nit_started"] = True
    memory(state)["reinforce"] = []
    if level(state) < 1:
        return
    for area in AREAS:
        for p in pieces(state, area, "ind"):
            if p[0] == "caonabo" and p[1]:
                p[1] = 0
                state.log("nitayno.caonabo_flips", area=area)
    if phase["left"] < NITAYNO.level(1)["min_reinforcements"]:
        phase["left"] = NITAYNO.level(1)["min_reinforcements"]
        state.log("nitayno.min_reinforcements", n=phase["left"])


def reinforce_ok(state: MyaState, spot: Spot, bags: list[str]) -> bool:
    """An indigenous area with room left (counting units already planned there) whose colour (§5.3.4 a–c)
    can be drawn now."""
    area = spot.n
    if state.d["ctrl"][area - 1] != "ind":
        return False
    planned = sum(1 for _, x in memory(state)["reinforce"] if x == area)
    if len(spot.units(False)) + planned >= state.d["limit"]["ind"]:
        return False
    bag = reinforcement_bag(spot)
    return bag in bags and may_join(state, area, "ind", BOARD.bag_kinds[bag][0])


@reinforce.step("area")
def _reinforce_area(state: MyaState, frame: ReinforceChoice, action: None) -> None:
    area = frame.pop("ret")
    bag: str
    if area is None:
        bag = next(b for b in ("caribe", "taino", "rebel") if b in frame["bags"])
    else:
        bag = reinforcement_bag(snapshot(state)[area])
        memory(state)["reinforce"].append([bag, area])
        state.log("nitayno.reinforces", area=area, bag=f"@bag.{bag}")
    answer(state, frame, f"draw {bag}")


flip = register("flip", "5.4", BotDecision)


@flip.step()
def _flip(state: MyaState, frame: BotDecision, action: None) -> None:
    offered = by_key(frame, "flip")
    rebels = [k for k in offered if KINDS[k.partition(".")[0]].bag == "rebel"]
    answer(state, frame, offered[(rebels or sorted(offered))[0]])


# ------------------------------------------------------------------------------ §5.3.3 the event card
class EventChoice(BotDecision):
    """§5.3.3: the Nitayno's deck, the cards revealed and kept, those put back, and how many it keeps."""

    deck: NotRequired[list[int]]
    picked: NotRequired[list[int]]
    rejected: NotRequired[list[int]]
    want: NotRequired[int]


event_card = register("event_card", "5.3.3", EventChoice)


@event_card.step()
def _event_card(state: MyaState, frame: EventChoice, action: None) -> None:
    """The Nitayno reveals a card at random from its deck (level I: two, and plays the lower VRR)."""
    frame["deck"] = [int(n.partition(" ")[2]) for n in names(frame)]
    frame["picked"], frame["rejected"] = [], []
    frame["want"] = int(NITAYNO.level(level(state)).get("event_draws", 1))
    state.goto("draw")


@event_card.step("draw")
def _event_card_draw(state: MyaState, frame: EventChoice, action: None) -> None:
    pool = [c for c in frame["deck"] if c not in frame["picked"] and c not in frame["rejected"]]
    if not pool or len(frame["picked"]) == frame["want"]:
        state.goto("choose")
        return
    state.chance({act(f"deal {c}"): 1 for c in pool}, then="drawn")


@event_card.step("drawn")
def _event_card_drawn(state: MyaState, frame: EventChoice, action: int) -> None:
    """§5.3.3 conditions 1 and 2: the card goes back and another is revealed."""
    card = int(arg(action))
    rule = NITAYNO.event_phase
    snap = snapshot(state)
    spare = [
        c for c in frame["deck"] if c not in frame["picked"] and c not in frame["rejected"] and c != card
    ]
    pearls = (
        card == rule["pearls_card"]
        and sum(len(snap[n].units(False)) for n in AREAS) <= rule["pearls_max_units"]
    )
    storm = (
        card == rule["storm_card"]
        and sum(1 for n in AREAS for p in snap[n].units(True) if p.bag == "soldier")
        <= rule["storm_max_soldiers"]
    )
    state.log("nitayno.reveals", card=f"@card.{card}")
    if (pearls or storm) and spare:
        frame["rejected"].append(card)
        state.log("nitayno.rejects_pearls" if pearls else "nitayno.rejects_storm", card=f"@card.{card}")
    else:
        frame["picked"].append(card)
    state.goto("draw")


@event_card.step("choose")
def _event_card_choose(state: MyaState, frame: EventChoice, action: None) -> None:
    picked = frame["picked"] or frame["rejected"][:1]
    card = picked[0]
    if len(picked) == 2:
        low, high = sorted(picked, key=lambda c: (BOARD.events[c].vrr, picked.index(c)))
        card = high if no_effect(state, low) else low
        state.log("nitayno.level_one_card", card=f"@card.{card}", vrr=BOARD.events[card].vrr)
    answer(state, frame, f"card {card}")


def no_effect(state: MyaState, card: int) -> bool:
    """Level I (§5.4, rule 4): a card that would do nothing now — Tormentas with no Soldier on the map, or
    a card whose units' bags are all empty."""
    if card == NITAYNO.event_phase["storm_card"]:
        return not any(KINDS[p[0]].bag == "soldier" for n in AREAS for p in pieces(state, n, "es"))
    bags = BOARD.events[card].units
    return bool(bags) and not any(sum(state.d["bags"][b].values()) for b in bags)
