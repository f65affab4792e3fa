"""Guerra a Muerte's purchase plans (issue 56, `plans.py`): the Reorganization and Reinforcements phase
(§3.1.3) as a general decides it, one plan for all of a side's decisions in it.

A side's decisions in the phase are its promotions (§4.7), the port of the Spanish convoy and where its
reinforcements enter (§4.8, §4.10), the recruits bought and where each is placed (§4.6), the Indian and
slave masses (§4.9) and the change of its militia to guerrilla mode (§10.1). Before plans, the search met
each of them alone (a Royalist turn of 48 RP was 22 units bought one decision at a time, each searched
3 s); now they follow from one of a few plans, chosen at the side's first decision of the phase:

- ``recruit <front>``: what the pools pay is spent first on recruits that can stand on that front (the
  map's regions, `FRONTS`), regulars first, strongest for their cost; each goes where the enemy presses
  the front most, beside the side's own steps there, until no area of the front is pressed beyond the
  side's steps (a front held needs no more), then where the enemy presses another front so, then along
  the front; the convoy lands, the reinforcements enter and the masses are raised on that front where
  they can. One plan per front where the side stands or may
  place a recruit, the fronts where it is weakest against the enemy first (the front that is losing),
  then the one where its own steps best outnumber the enemy's (the front with the best target); at most
  `FRONT_PLANS` of them;
- ``garrison``: the cheapest counters first (militia, §4.4: ½ RP a step), each where the side's steps are
  fewest among the areas that count for victory (§11, §12.x.4) — the spread a side needs to hold many
  areas, and the Royalist's garrisons of New Spain and the Antilles (§10.5);
- ``fleet``, where a ship can be bought: ships first (§4.4: a frigate 5 RP, a ship of the line 10; the
  other plans buy none), then as ``recruit`` for the front that is losing;
- ``reserve``: as ``recruit`` for the front that is losing, but keeping `RESERVE` RP in each pool for the
  activation rolls (§3.3: +2 each RP spent) and the attrition rolls (§4.1) of the operations to come:
  RP are kept from turn to turn (§4.0, `resources.income` adds to what is left).

Every plan promotes whatever militia can complete a reduced regular (§4.7: a step of militia turned
into a regular's), and turns to guerrilla mode the militia that stand without a regular in an area that
favours their side (§10.1: the enemy fights there at half his factors), unless an enemy regular stands
there (§10.1: a guerrilla does not control such an area, so the change would give it away). The expansion
reads the position it is given (a determinization, `core.plans`) at each decision, so a plan goes on
whatever the dice of the convoy or the other side's purchases did.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ludoteca.core.plans import Plan
from ludoteca.core.state import State
from ludoteca.games.guerra_a_muerte.actions import ACTIONS, ID
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.plans_common import (
    COUNTS,
    FRONT_OF,
    FRONTS,
    SIDES,
    balance,
    pressure,
    steps_by_area,
)
from ludoteca.games.guerra_a_muerte.position import POOL
from ludoteca.games.guerra_a_muerte.recruitment import funds, promotions, recruitable

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

FRONT_PLANS = 3
"""How many ``recruit <front>`` plans a decision weighs at most."""
RESERVE = 3
"""The RP the ``reserve`` plan keeps in each pool: an activation roll's +2 a RP, at most 3 RP (§3.3)."""
PROMPTS = frozenset(
    {
        "prompt.promote",
        "prompt.port",
        "prompt.enter",
        "prompt.recruit",
        "prompt.place",
        "prompt.levy",
        "prompt.guerrilla",
    }
)
"""The decisions of the phase a purchase plan makes (§4.6–§4.10, §10.1)."""
PRO = {
    "patriot": frozenset(BOARD.lists["pro_patriot_10_1"]),
    "royalist": frozenset(BOARD.lists["pro_royalist"]),
}
"""§10.1: the areas that favour each side, where the enemy fights a guerrilla at half his factors."""
DONE = ID["done"]
DOING = "plan.doing_purchase"
"""What every seat reads while a side plays its purchase plan: "reclutando, 7 de 22" (`Plan.activity`)."""


def deciding(state: State[Any], role: int) -> str | None:
    """The phase's decision `role` is asked now (its prompt), or None: another phase, or another's turn."""
    wait = state.d["wait"]
    if state.d.get("phase") != "reorganization" or wait is None or wait["role"] != role:
        return None
    prompt: str = wait["prompt"]
    return prompt if prompt in PROMPTS else None


class Purchase:
    """The purchase part of the planner (`plans.PARTS`): see the module's docstring."""

    def plans(self, state: State[Any], role: int) -> Sequence[Plan]:
        if deciding(state, role) is None:
            return ()
        gam: GamState = state  # type: ignore[assignment]
        side = SIDES[role]
        steps = steps_by_area(gam)
        standing = [
            f
            for f in FRONTS
            if any(steps.get(x, {}).get(side, 0) for x in FRONTS[f])
            or any(x in FRONTS[f] for x in placeable(gam, side))
        ]
        if not standing:
            return ()
        need = sorted(standing, key=lambda f: (balance(steps, f, side), f))
        fronts = need[: FRONT_PLANS - 1]
        best = need[-1]
        if best not in fronts:
            fronts.append(best)
        size = expected(gam, side)
        found = [
            Plan(
                f"recruit {front}",
                "plan.recruit",
                {"front": f"@region.{front}"},
                size,
                ("purchase", "recruit", front),
                DOING,
            )
            for front in fronts
        ]
        found.append(Plan("garrison", "plan.garrison", {}, size, ("purchase", "garrison", ""), DOING))
        found.append(
            Plan(
                "reserve",
                "plan.reserve",
                {"front": f"@region.{need[0]}", "rp": RESERVE},
                size,
                ("purchase", "reserve", need[0]),
                DOING,
            )
        )
        if any(COUNTERS[u].naval for u in recruitable(gam, side)):
            found.append(
                Plan(
                    "fleet",
                    "plan.fleet",
                    {"front": f"@region.{need[0]}"},
                    size,
                    ("purchase", "fleet", need[0]),
                    DOING,
                )
            )
        return found

    def next_action(self, state: State[Any], role: int, plan: Plan) -> int | None:
        prompt = deciding(state, role)
        if prompt is None:
            return None
        gam: GamState = state  # type: ignore[assignment]
        legal = state.legal_actions(role)
        side, (_, style, front) = SIDES[role], plan.data
        if prompt == "prompt.promote" or prompt == "prompt.guerrilla":
            chosen = promote(legal) if prompt == "prompt.promote" else guerrilla(gam, side, legal)
        elif prompt == "prompt.recruit":
            chosen = recruit(gam, side, legal, style, front)
        elif prompt == "prompt.levy" and style == "garrison":
            chosen = place(gam, side, [a for a in legal if a != DONE], "", spread=False)
        else:  # the convoy's port, an entry, a placement, the masses: on the plan's front where it can
            chosen = place(gam, side, [a for a in legal if a != DONE], front, spread=style == "garrison")
        if chosen is None and DONE in legal:
            return DONE
        return chosen


def expected(state: GamState, side: str) -> int:
    """About how many of `side`'s decisions the phase holds (progress): each promotion, two a recruit
    (bought and placed) for what the pools pay, a few more for the masses and the guerrillas."""
    pools = ("royalist",) if side == "royalist" else tuple(p for p in state.d["rp"] if p != "royalist")
    rp = sum(float(state.d["rp"][p]) for p in pools)
    pool = [u for u in state.by_place().get(POOL, ()) if COUNTERS[u].side == side and not COUNTERS[u].naval]
    return len(promotions(state, side)) + 2 * min(len(pool), int(rp)) + 3


def placeable(state: GamState, side: str) -> list[str]:
    """The areas where `side` holds a place for a recruit: the Royalist's held areas, the Patriot's
    areas where a land unit of his stands (§4.6, by nationality: here any)."""
    steps = steps_by_area(state)
    return [x for x, cell in steps.items() if cell[side]]


def promote(legal: list[int]) -> int | None:
    """§4.7: every promotion offered, in the order offered."""
    return next((a for a in legal if ACTIONS.verb(a) == "promote"), None)


def guerrilla(state: GamState, side: str, legal: list[int]) -> int | None:
    """§10.1: a militia not yet a guerrilla, standing with no regular of its side in an area that favours
    its side and where no enemy regular stands (there a guerrilla does not control the area, §10.1: the
    change would give the enemy the area, its RP and its count); None (done) when there is none."""
    units = state.d["units"]
    enemy = SIDES[1 - SIDES.index(side)]
    for a in legal:
        if ACTIONS.verb(a) != "guerrilla":
            continue
        uid = ACTIONS.target(a)
        at = units[uid]["at"]
        if units[uid]["guerrilla"] or at not in PRO[side]:
            continue
        if any(not COUNTERS[u].militia for u in state.land_at(at, side)):
            continue
        if not any(not COUNTERS[u].militia for u in state.land_at(at, enemy)):
            return a
    return None


def recruit(state: GamState, side: str, legal: list[int], style: str, front: str) -> int | None:
    """The next recruit: for ``garrison`` the cheapest; otherwise regulars first, the strongest for
    their cost, those that can stand on the plan's front first. Ships only for ``fleet``, which buys
    them first. ``reserve`` buys nothing that would leave less than `RESERVE` RP in a pool."""
    options = [
        a
        for a in legal
        if ACTIONS.verb(a) == "recruit" and (style == "fleet" or not COUNTERS[ACTIONS.target(a)].naval)
    ]
    if style == "reserve":
        options = [
            a
            for a in options
            if funds(state, ACTIONS.target(a)) - COUNTERS[ACTIONS.target(a)].cost() >= RESERVE
        ]
    if not options:
        return None
    fronts = nation_fronts(state, side)

    def worth(a: int) -> tuple[float, ...]:
        c = COUNTERS[ACTIONS.target(a)]
        per_rp = c.factor * c.steps / max(c.cost(), 0.5)
        if style == "garrison":
            return (-c.cost(), per_rp)
        on_front = float(front in fronts.get(c.nationality if side == "patriot" else "", ()))
        return (float(c.naval), on_front, -float(c.militia), per_rp)

    return max(options, key=lambda a: (worth(a), -a))


def nation_fronts(state: GamState, side: str) -> dict[str, set[str]]:
    """The fronts where a recruit may stand (§4.6): for the Royalist (key "") those of his held areas;
    for the Patriot, by nationality, those where a land unit of that nationality stands."""
    out: dict[str, set[str]] = {}
    if side == "royalist":
        out[""] = {FRONT_OF[x] for x, held in state.control().items() if "royalist" in held}
        return out
    for place, here in state.by_place().items():
        front = FRONT_OF.get(place)
        if front is None:
            continue
        for u in here:
            c = COUNTERS[u]
            if c.side == "patriot" and not c.naval:
                out.setdefault(c.nationality, set()).add(front)
    return out


def place(state: GamState, side: str, options: list[int], front: str, spread: bool) -> int | None:
    """Where to go among `options` (``place``/``enter``/``levy`` an area): with `spread`, the area that
    counts for victory where the side has fewest steps (into its city where the enemy presses it);
    otherwise the area where the enemy's pressure most exceeds the side's own steps, on `front` first:
    a front's recruits go where they are most wanted on it while the enemy presses one of its areas
    beyond the side's steps, then where he presses another front so (a front already held needs no
    more: a rich pool would otherwise pile them there, leaving the next front bare), then along the
    front. Places off the map (a haven, §10.3) last."""
    if not options:
        return None
    steps = steps_by_area(state)
    area_list = FRONTS.get(front, ())

    def worth(a: int) -> tuple[float, ...]:
        area = ACTIONS.target(a)
        on_map = float(area in FRONT_OF)
        own = steps.get(area, {}).get(side, 0)
        pressed = pressure(steps, area, side)
        city = ACTIONS.verb(a) == "enter"
        if spread:
            return (on_map, float(area in COUNTS), -own, float(city == (pressed > own)), pressed)
        return (on_map, float(pressed > own), float(area in area_list), pressed - own, -float(city))

    return max(options, key=lambda a: (worth(a), -a))


PURCHASE = Purchase()
