"""Guerra a Muerte's operations plans (issue 56, `plans.py`): at a side's operations decisions (§3.2–§3.3)
a few candidates, each one force and an objective, from which the route and the OPs follow.

The objectives (`Orders.kind`):

- ``take``: enter an area the side does not hold alone, empty of enemy field units, that counts for victory
  (§11.0, §12.x.4: entering gives control, partial where an enemy garrison stays in its city, §1.1.1);
- ``attack``: march on an enemy force in the field and fight it (§6.1), never one of double the strength;
- ``relieve``: attack the force that besieges one of the side's garrisons, first of all one blockaded, which
  surrenders at the end of the turn on 1–4 (§6.6);
- ``besiege`` / ``blockade``: a siege attack on an enemy garrison (§6.2, +8 in a fortress) or a blockade of
  its fortress (§6.6: 4 OPs, and the force stays outside it);
- ``hold``: march into a threatened area of the side (or stay in it) and go into its fortress where there
  is one (§6.2: a garrison defends with +8), so that Lima, Cartagena or a §10.5 garrison is not left to an
  enemy army next to it;
- ``retreat``: march out of reach of an enemy of double strength to an area the side holds (a haven);
- ``pass`` (at the choice of a force, §3.3) and ``stop`` (at the force's operations): the end.

A force that marches out of an area the side holds, next to enemy field units, leaves its weakest counter
behind (§5.2), so that the area is not given away; a march that would take the Royalist's regulars under
the §10.5 minimum (New Spain, Cuba and Puerto Rico) is scored as losing the penalty's two areas. Routes are
the shortest by the movement rules (`plans_routes.routes`, one OP a move, stopping where enemy units stand
in the field), and the RP spent on the roll the fewest that give the OPs the plan needs two times in three
(§3.3). Each candidate is scored cheaply (what it gains by §11's count and the areas' RP, the chance of the
battle and of the OPs, the area exposed, the attrition of a hostile area or the Andes, §5.3) and the best
`KEEP` are offered, with ``pass``/``stop``.

Inside the activation the plan also answers the side's own small decisions (which counter takes a step
loss: the one that costs least strength; RP to save attrition steps: as many as it may), and the
interception (§3.4) and evasion (§6.1 step 2) decisions are plans of their own: at two to one or better the
battle is sought (intercept, fight), at one to two or worse shunned (allow, evade), between both weighed.
An ending or a reply plan answers the one decision it was made at (`decision_key`): a ``pass`` held by
the search never passes the next nation's operations too (§3.2).

`next_action` gives the plan's action at each decision — activate the force, spend, leave the rearguard,
move to the next area of the route, the operation at the target — and None when the plan is done or cannot
go on (the die gave too few OPs, an interception or a battle took the force off its route or half its
strength): the search plans again from where it stands."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ludoteca.core.plans import Plan
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte.actions import ID, place_ref, target, verb
from ludoteca.games.guerra_a_muerte.board import BOARD, city_of
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.operations import ENEMY, eligible, pools
from ludoteca.games.guerra_a_muerte.plans_routes import (
    FINAL_COST,
    MOVE,
    Memo,
    field_strength,
    garrison,
    near_enemy,
    ops_chance,
    power,
    rough,
    routes,
    siege_attack,
    siege_defence,
    win_chance,
)
from ludoteca.games.guerra_a_muerte.victory import REGULAR_ROYALIST, regular_steps, rules_for, share

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.plans_fleets import Fleets
    from ludoteca.games.guerra_a_muerte.state import GamState

SIDE = ("patriot", "royalist")
KEEP = 8
"""How many objectives are offered at one decision, besides pass/stop (the best by `score`)."""
PER_KIND = 3
MAX_OPS = 8
"""The most OPs an activation's table gives (§3.3), before the leader's factor."""
REPLIES = ("intercept", "allow", "evade", "fight")
KEY = frozenset(c.area for c in BOARD.cities.values() if c.fortress)
"""The areas with a fortress (Lima's Callao, Cartagena in Santa Fe, …): never left empty next to an enemy
army (a garrison there defends with +8, §6.2)."""
GARRISONS = ("new_spain", "caribbean_garrison")
"""§10.5's garrison lists, by `BOARD.lists` name."""
RETREAT_RATIO = 2.0
"""An enemy this many times the force's strength in or next to its area is one it does not fight."""
BLOCKADE_FALLS = 4 / 6
INTERCEPTED = 1 / 3
"""§3.4: the rough chance that a force leaving an area where enemy units stand in the field is stopped
there (a 5–6, before the modifiers)."""
"""§6.6: a blockaded fortress surrenders at the end of the turn on 1–4."""


class Orders(NamedTuple):
    """What an operations plan carries (`Plan.data[1]`): the objective and how to reach it."""

    kind: str
    origin: str
    goal: str
    route: tuple[str, ...]
    final: str
    """The operation at the goal: "attack", "siege", "blockade", "enter" or "" (entering is enough)."""
    spend: int
    force: tuple[str, ...]
    """The force's counters and leaders, as planned."""
    leave: tuple[str, ...]
    strength: float


def side_of(role: int) -> str:
    return SIDE[role]


def area_value(state: GamState, side: str, area: str) -> float:
    """What an area is worth to `side`: 1 if it counts at the end (§11.0: worth RP; for the Royalist under
    §11.1 a continental one, the islands a third), plus its RP's income (§4.0)."""
    a = BOARD.areas[area]
    if a.rp <= 0:
        return 0.1
    counts = (
        side == "patriot"
        or a.continental
        or "royalist_min_areas" not in rules_for(state.options.scenario, state.options.royalist_hold)
    )
    return (1.0 if counts else 0.3) + 0.15 * a.rp


def last_word(state: GamState, side: str) -> bool:
    """Whether `side`'s operations are the last of the game: the Royalist operates after the Patriot (§3.1)
    and the areas are counted at the end of the last turn (§11.0, §12.x.4), so nothing threatens what he
    holds then, and holding or falling back gains nothing."""
    last = int(BOARD.scenarios[state.options.scenario]["last_turn"])
    return side == "royalist" and state.turn >= last and state.d["phase"] == "royalist_operations"


def garrison_cost(state: GamState, side: str, origin: str, units: Sequence[str]) -> float:
    """§10.5: the areas the Royalist would lose if the regulars leaving `origin` took a garrison under its
    minimum (its penalty, 2 areas, worth `area_value`'s 1 each)."""
    if side != "royalist":
        return 0.0
    rules = rules_for(state.options.scenario, state.options.royalist_hold)
    leaving = sum(int(state.d["units"][u]["steps"]) for u in units if u in REGULAR_ROYALIST)
    if not leaving:
        return 0.0
    cost = 0.0
    for name, key in zip(GARRISONS, ("garrison_new_spain", "garrison_caribbean"), strict=True):
        areas = BOARD.lists[name]
        if origin in areas:
            have = regular_steps(state, areas)
            if have - leaving < int(rules[key]) <= have:
                cost += float(rules["garrison_penalty"])
    return cost


def rearguard(
    state: GamState,
    side: str,
    origin: str,
    units: list[str],
    leaders: list[str],
    keep: bool = True,
    final: bool = False,
    memo: Memo | None = None,
) -> tuple[tuple[str, ...], float]:
    """Who stays behind when the force marches out of `origin`, and what marching costs there: nothing
    where other units or leaders of the side stay (control, §1.1.1); else, a force of one counter gives up
    the area (its worth by `share`), and a larger one leaves its weakest counter (§5.2; one in the city
    first), which costs the area's worth by the chance that the enemy field force near it takes it (twice
    for a fortress's area, `KEY`: Lima, Cartagena). Where enemy counters stand in the area (guerrillas, a
    garrison) the area given up is theirs: twice its worth. With `keep` false no counter stays: the area
    is given up. With `final` (`last_word`) no enemy moves any more: a counter left behind holds the area
    for the count whatever is near."""
    if origin not in BOARD.areas or side not in state.holders(origin):
        return (), 0.0
    others = [u for u in state.land_at(origin, side) if u not in units]
    chiefs = [x for x in state.leaders_at(origin, side) if x not in leaders]
    if others or chiefs:
        return (), 0.0
    threat = 0.0 if final else near_enemy(state, origin, side, memo)
    worth = share(state.holders(origin), side, state.options.partial) * area_value(state, side, origin)
    worth *= 2.0 if origin in KEY and threat > 0 else 1.0
    hidden = bool(state.land_at(origin, ENEMY[side]))  # guerrillas (or a garrison) take the area left
    if len(units) < 2 or not keep:
        return (), worth * (2.0 if hidden else 1.0)
    records = state.d["units"]
    stays = min(  # a regular where enemy guerrillas stand: militia alone do not hold it against them (§10.1)
        units,
        key=lambda u: (
            hidden and COUNTERS[u].militia,
            not records[u]["city"],
            power(state, [u]),
            not COUNTERS[u].militia,
            u,
        ),
    )
    walls = 3.0 if records[stays]["city"] else 1.0
    return (stays,), worth * win_chance(threat, power(state, [stays]) * walls) if threat > 0 else 0.0


def choose_spend(
    state: GamState, units: list[str], leaders: list[str], need: int, rp: int
) -> tuple[int, float]:
    """The fewest RP (0–3, §3.3) that give `need` OPs two times in three, and that chance (or the most RP
    the force may spend and its chance, where none does)."""
    best = (0, 0.0)
    for spend in range(min(3, rp) + 1):
        chance = ops_chance(state, units, leaders, spend, need)
        if chance >= 2 / 3:
            return spend, chance
        if chance > best[1]:
            best = (spend, chance)
    return best


def candidates(
    state: GamState,
    side: str,
    origin: str,
    units: list[str],
    leaders: list[str],
    left: int | None,
    memo: Memo | None = None,
) -> list[tuple[float, Orders]]:
    """The scored objectives of the force of `units` and `leaders` in `origin`, with `left` OPs (None:
    not rolled yet, the RP to spend chosen per objective); `memo`: the field strengths read off this
    position so far (`plans_routes.Memo`)."""
    memo = {} if memo is None else memo
    enemy = ENEMY[side]
    ours = power(state, units)
    outside = power(state, [u for u in units if not state.d["units"][u]["city"]])
    leader_ops = state.best_leader(leaders)
    reach = left if left is not None else MAX_OPS + leader_ops
    rp = int(sum(state.d["rp"][p] for p in pools(state, units))) if left is None else 0
    ways = routes(state, side, origin, reach // MOVE, memo)
    if origin in BOARD.areas:
        ways[origin] = ()
    closing = last_word(state, side)
    leave, exposed = rearguard(state, side, origin, units, leaders, final=closing, memo=memo)
    abandoned = rearguard(state, side, origin, units, leaders, keep=False, final=closing, memo=memo)[1]
    marching = [u for u in units if u not in leave]
    garrisons = garrison_cost(state, side, origin, marching)
    threatened = near_enemy(state, origin, side, memo) if origin in BOARD.areas and not closing else 0.0
    caught = origin in BOARD.areas and field_strength(state, origin, enemy, memo) > 0
    partial = state.options.partial
    out: list[tuple[float, Orders]] = []
    for goal, route in ways.items():
        holders = state.holders(goal)
        held = share(holders, side, partial)
        entered = share(holders | {side}, side, partial) - held  # what going in adds (§1.1.1)
        cleared = share((holders - {enemy}) | {side}, side, partial) - held  # and driving the enemy out
        worth = area_value(state, side, goal)
        foes = field_strength(state, goal, enemy, memo)
        inside = garrison(state, goal, enemy)
        objectives: list[tuple[str, str, float]] = []  # kind, final, expected gain
        striking = ours if route else outside  # a move takes the force into the field (§5)
        if foes > 0:
            if foes < RETREAT_RATIO * striking:
                chance = win_chance(striking, foes)
                gain = (entered if inside else cleared) * worth * chance + 0.05 * foes * chance
                mine = garrison(state, goal, side)
                if mine:
                    city = city_of(goal)
                    starving = city is not None and state.d["blockades"].get(city.id) == enemy
                    gain += worth * chance * (2.0 if starving else 0.5) + 0.05 * power(state, mine)
                objectives.append(("relieve" if mine else "attack", "attack", gain))
        elif inside:
            if route and entered > 0:
                objectives.append(("take", "", entered * worth))
            attack, defence = siege_attack(state, marching), siege_defence(state, goal, enemy)
            if attack * 2 >= defence:
                objectives.append(("besiege", "siege", cleared * worth * 0.5 * win_chance(attack, defence)))
            city = city_of(goal)
            open_siege = city is not None and city.fortress and city.id not in state.d["blockades"]
            if open_siege and not enemy_ships_off(state, goal, enemy) and marching:
                gain = (cleared * worth + 0.05 * power(state, inside)) * BLOCKADE_FALLS
                objectives.append(("blockade", "blockade", gain))
        elif route and entered > 0 and BOARD.areas[goal].rp > 0:
            objectives.append(("take", "", entered * worth))
        danger = near_enemy(state, goal, side, memo) if held > 0 and not closing else 0.0
        if danger > 0:
            objectives += hold(state, side, goal, route, units, worth, danger)
        if route and threatened >= RETREAT_RATIO * max(ours, 0.5) and held > 0:
            danger = near_enemy(state, goal, side, memo)
            joined = ours + power(state, state.land_at(goal, side))
            if danger < threatened or danger < RETREAT_RATIO * joined:  # a haven (§10.3's sense)
                objectives.append(("retreat", "", 0.1 * ours * win_chance(threatened, ours)))
        for kind, final, gain in objectives:
            if gain <= 0:
                continue
            need = len(route) * MOVE + FINAL_COST[final]
            if left is None:
                spend, chance = choose_spend(state, units, leaders, need, rp)
            else:
                spend, chance = 0, 1.0 if need <= left else 0.0
            if chance <= 0:
                continue
            if route and caught:  # leaving, it may be intercepted (§3.4): a battle before the march
                chance *= 1 - INTERCEPTED
            # a retreat gives up what it cannot hold, and marches whole (a rearguard would be lost);
            # a relief marches whole, to fight at full strength
            given_up = 0.0 if kind == "retreat" else abandoned if kind == "relieve" else exposed
            cost = (given_up + garrisons if route else 0.0) + (
                0.15 if route and rough(origin, route) else 0.0
            )
            score = gain * chance - cost - 0.03 * len(route) - 0.03 * spend
            orders = Orders(
                kind,
                origin,
                goal,
                route,
                final,
                spend,
                (*sorted(units), *sorted(leaders)),
                leave if route and kind not in ("relieve", "retreat") else (),
                ours,
            )
            out.append((score, orders))
    return out


def hold(
    state: GamState,
    side: str,
    goal: str,
    route: tuple[str, ...],
    units: list[str],
    worth: float,
    danger: float,
) -> list[tuple[str, str, float]]:
    """The ``hold`` objective of a threatened area of the side: march in (or stay) and go into its fortress
    where there is one (a garrison defends with +8, §6.2), worth the area by how much less likely the
    enemy near it (`danger`) is to take it."""
    city = city_of(goal)
    records = state.d["units"]
    guerrillas = any(records[u]["guerrilla"] for u in units)  # they never go into a city (§6.7, §10.1)
    walled = city is not None and city.fortress and not guerrillas and free_city(state, side, goal)
    final = "enter" if walled else ""
    if not route and (not final or all(records[u]["city"] for u in units)):
        return []
    ours = power(state, units)
    others = power(state, [u for u in state.land_at(goal, side) if u not in units])
    walls = 3.0 if final else 1.0
    before = win_chance(danger, others if route else others + ours)
    after = win_chance(danger, (others + ours) * walls)
    return [("hold", final, worth * (before - after))] if before - after > 0.05 else []


def enemy_ships_off(state: GamState, area: str, enemy: str) -> bool:
    """§6.6: ships of the besieged side in its port's sea area break a blockade."""
    city = city_of(area)
    return bool(city and city.port and any(COUNTERS[u].naval for u in state.units_at(city.sea, enemy)))


def free_city(state: GamState, side: str, area: str) -> bool:
    """Whether `side` may go into the area's city (`cities.city_free`, no enemy in the area or inside)."""
    from ludoteca.games.guerra_a_muerte.cities import city_free

    return city_free(state, side, area)


def plan_of(orders: Orders) -> Plan:
    name = f"{orders.kind} {orders.goal} from {orders.origin}"
    params: dict[str, Any] = {"goal": place_ref(orders.goal), "origin": place_ref(orders.origin)}
    size = 2 + len(orders.leave) + len(orders.route) + (1 if orders.final else 0)
    return Plan(name, f"ops.{orders.kind}", params, size, ("operations", orders))


def fleet_plan(orders: Any) -> Plan:
    """A fleet's or a landing's plan (`plans_fleets`), merged into the operations' candidates."""
    from ludoteca.games.guerra_a_muerte.plans_fleets import plan_of as fleet_plan_of

    return fleet_plan_of(orders)


def fleet_part() -> Fleets:
    """`plans_fleets.FLEETS`, which expands the fleets' and the landings' plans (it builds on this module)."""
    from ludoteca.games.guerra_a_muerte.plans_fleets import FLEETS

    return FLEETS


def ending(kind: str, key: tuple[Any, ...] = ()) -> Plan:
    """``pass`` (the nation's operations end, §3.3), ``stop`` (the force's end), or a reply: one action at
    the decision `key` names (`decision_key`), and done — a held ``pass`` must not pass the next nation's
    operations too, nor an ``allow`` let the next force go unweighed."""
    return Plan(kind, f"ops.{kind}", {}, 1, ("operations", kind, key))


def decision_key(state: GamState) -> tuple[Any, ...]:
    """Which decision this is, as far as an ending or a reply plan must tell one from the next: the turn
    and the nations choosing a force, the force operating, or the force leaving or attacking."""
    wait = state.d["wait"]
    frame = state.running_frame() or {}
    prompt = wait["prompt"] if wait is not None else ""
    if prompt == "prompt.activate":
        return (prompt, state.turn, tuple(frame.get("nations", ())))
    if prompt == "prompt.intercept":
        return (prompt, state.turn, frame.get("area"), tuple(sorted(frame.get("movers", ()))))
    if prompt == "prompt.evade":
        return (prompt, state.turn, frame.get("area"), tuple(sorted(frame.get("units", ()))))
    if prompt in ("prompt.spend", "prompt.operate"):
        return ("force", state.turn, tuple(sorted((*frame.get("units", ()), *frame.get("leaders", ())))))
    return (prompt, state.turn)


def best(scored: list[tuple[float, Any]], end: str, key: tuple[Any, ...]) -> list[Plan]:
    """The best `KEEP` objectives by score, `PER_KIND` of a kind at most (so that the search weighs a
    blockade beside the marches into empty areas), the end first where none is worth its risk."""
    plans: list[Plan] = []
    kinds: dict[str, int] = {}
    for score, orders in sorted(scored, key=lambda x: (-x[0], x[1].kind, x[1].goal, x[1].origin)):
        kind = orders.kind
        if score <= 0 or len(plans) >= KEEP:
            break
        if kinds.get(kind, 0) < PER_KIND:
            kinds[kind] = kinds.get(kind, 0) + 1
            plans.append(plan_of(orders) if isinstance(orders, Orders) else fleet_plan(orders))
    return [*plans, ending(end, key)] if plans else [ending(end, key)]


class Operations:
    """The operations part of the game's planner (`plans.PARTS`)."""

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]:
        wait = state.d["wait"]
        if wait is None or wait.get("role") != role or "prompt" not in wait:
            return ()
        prompt: str = wait["prompt"]
        gam: GamState = state  # type: ignore[assignment]  # the planner of Guerra a Muerte's states
        from ludoteca.games.guerra_a_muerte import plans_fleets as fleets  # the fleets build on this module

        side = side_of(role)
        key = decision_key(gam)
        frame = gam.running_frame() or {}
        if prompt == "prompt.activate":
            if "portuguese" in frame.get("nations", ()):
                return ()
            scored: list[tuple[float, Any]] = []
            memo: Memo = {}
            for a in wait["actions"]:
                if verb(a) == "activate":
                    units, leaders = eligible(gam, side, frame["nations"], target(a))
                    scored += candidates(gam, side, target(a), units, leaders, None, memo)
            scored += fleets.activation_candidates(gam, side, frame["nations"], wait["actions"], memo)
            return best(scored, "pass", key)
        if prompt in ("prompt.spend", "prompt.operate") and frame.get("p") == "activation":
            if "portuguese" in frame["nations"] or frame.get("blockade"):
                return () if prompt == "prompt.spend" else [ending("stop", key)]
            left = int(frame["ops"] - frame["used"]) if prompt == "prompt.operate" else None
            scored = [*candidates(gam, side, frame["area"], frame["units"], frame["leaders"], left)]
            if prompt == "prompt.spend" or ID["embark"] in wait["actions"]:  # by sea (§7.6)
                scored += fleets.landing_candidates(
                    gam, side, frame["area"], frame["units"], frame["leaders"], left
                )
            return best(scored, "stop", key)
        if prompt == "prompt.intercept":
            mine, theirs = power(gam, frame["units"]), power(gam, frame["movers"])
            return replies(mine, theirs, "intercept", "allow", key)
        if prompt == "prompt.evade":
            mine, theirs = power(gam, frame["dunits"]), power(gam, frame["units"])
            return replies(mine, theirs, "fight", "evade", key)
        if prompt in ("prompt.lose", "prompt.save_steps"):
            return [ending("losses", key)]
        return ()

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None:
        wait = state.d["wait"]
        if wait is None or wait.get("role") != role or "prompt" not in wait or not plan.data:
            return None
        if plan.data[0] == "fleets":  # a fleet's or a landing's, merged in `plans`
            return fleet_part().next_action(state, role, plan)
        gam: GamState = state  # type: ignore[assignment]
        legal: list[int] = wait["actions"]
        prompt: str = wait["prompt"]
        if prompt == "prompt.lose":
            return cheapest_loss(gam, legal)
        if prompt == "prompt.save_steps":
            return max(legal)  # `spend k` in order: save every step the RP allow (§4.1)
        orders = plan.data[1]
        if isinstance(orders, str):
            same = plan.data[2:] == (decision_key(gam),)
            return reply(orders, prompt, legal) if same else None
        frame = gam.running_frame() or {}
        if prompt == "prompt.activate":
            action = ID[f"activate {orders.origin}"]
            records = {**gam.d["units"], **gam.d["leaders"]}
            fresh = all(records[x]["at"] == orders.origin and not records[x]["done"] for x in orders.force)
            return action if action in legal and fresh else None
        if frame.get("p") != "activation" or not set(orders.force) & {*frame["units"], *frame["leaders"]}:
            return None
        if prompt == "prompt.spend":
            spends = [a for a in legal if int(target(a)) <= orders.spend]
            return max(spends) if spends else None
        if prompt == "prompt.operate":
            return operate(gam, frame, orders, legal)
        return None


def replies(mine: float, theirs: float, engage: str, shun: str, key: tuple[Any, ...]) -> list[Plan]:
    """An interception (§3.4) or an evasion (§6.1 step 2): at two to one or better the battle is sought
    (a weaker force intercepted, an attacker fought), at one to two or worse shunned (never a battle
    against double strength; evading costs nothing to try), a single plan that the search plays without
    weighing; between, both, the likelier first."""
    engaging, shunning = ending(engage, key), ending(shun, key)
    if mine >= RETREAT_RATIO * theirs:
        return [engaging]
    if theirs >= RETREAT_RATIO * mine:
        return [shunning]
    return [engaging, shunning] if mine >= theirs else [shunning, engaging]


def reply(kind: str, prompt: str, legal: list[int]) -> int | None:
    """The action of an ending or reply plan at its decision (a force that is only to stop spends no RP)."""
    if prompt == "prompt.spend" and kind == "stop":
        return min(legal)
    ask = {"pass": "prompt.activate", "stop": "prompt.operate", "intercept": "prompt.intercept"}
    ask.update(allow="prompt.intercept", evade="prompt.evade", fight="prompt.evade")
    if ask.get(kind) != prompt:
        return None
    action = ID[kind]
    return action if action in legal else None


def operate(state: GamState, frame: dict[str, Any], orders: Orders, legal: list[int]) -> int | None:
    """The plan's operation with the force where it stands (§3.3): the rearguard left, the next move of the
    route, the operation at the goal; None when it is done or cannot go on."""
    units = [u for u in frame["units"] if state.d["units"][u]["at"] == frame["area"]]
    if (not units and not frame["leaders"]) or power(state, units) < 0.5 * orders.strength:
        return None
    area = frame["area"]
    path = (orders.origin, *orders.route)
    if area not in path:
        return None
    at = path.index(area)
    left = int(frame["ops"] - frame["used"])
    if at < len(path) - 1:
        if left < (len(path) - 1 - at) * MOVE + FINAL_COST[orders.final]:
            return None
        for u in orders.leave:
            if u in units and area == orders.origin and ID[f"leave {u}"] in legal:
                return ID[f"leave {u}"]
        action = ID[f"move {path[at + 1]}"]
        return action if action in legal else None
    enemy = ENEMY[frame["side"]]
    if orders.final == "attack":
        foes = field_strength(state, area, enemy)
        action = ID["attack"]
        ours = power(state, [u for u in units if not state.d["units"][u]["city"]])
        return action if action in legal and 0 < foes < RETREAT_RATIO * ours else None
    if orders.final == "blockade":  # then siege attacks only where they are not hopeless (§6.2: +8)
        hopeful = siege_attack(state, units) >= siege_defence(state, area, enemy)
        wanted = ("stop",) if frame.get("blockade") else ("blockade",)
        for name in ("siege", *wanted) if hopeful and frame.get("blockade") else wanted:
            if ID[name] in legal:
                return ID[name]
        return None
    if orders.final == "siege":
        return ID["siege"] if ID["siege"] in legal else None
    if orders.final == "enter":
        action = ID[f"enter {area}"]
        return action if action in legal else None
    return None


def cheapest_loss(state: GamState, legal: list[int]) -> int | None:
    """The counter whose step costs the force least strength (§5.3, §6.1 step 9): a militia before a
    regular, a two-step unit's first step before a one-step unit."""
    records = state.d["units"]

    def cost(action: int) -> tuple[float, bool, str]:
        u = target(action)
        c, steps = COUNTERS[u], int(records[u]["steps"])
        lost = c.strength(steps) - (c.strength(steps - 1) if steps > 1 else 0)
        return lost, not c.militia, u

    losses = [a for a in legal if verb(a) == "lose"]
    return min(losses, key=cost) if losses else None


OPERATIONS = Operations()
