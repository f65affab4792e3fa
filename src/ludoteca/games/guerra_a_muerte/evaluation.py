"""The search AI's reading of an unfinished game (`GamState.evaluate`, through `victory.evaluate`), on the
scale of the returns, grounded in the victory count of §11 and §12.x.4.

Three terms, the README's "The search's evaluation" says why each is there:

- **level**: where the areas held now stand on the scenario's victory levels (`victory.level`, the §10.5
  garrison penalty included);
- **threat**: the same level one turn on (at the count, in the last turn), the count moved by what each
  side threatens next (the mean of the level after the counting side's gains and after its losses, each
  read alone so that neither side's threats hide the other's behind a victory threshold): an area the
  counting side (the Royalist in 1820–1824 and the campaign, §11.1; the Patriot in the short scenarios,
  §12.x.4) holds is lost by the odds of the enemy's steps in and next to it against its own there; an
  area it does not hold is gained by the odds of its own steps next to it against the enemy's inside
  (partial control counts, §1.1.1, so entering is enough); and the §10.5 garrisons count by the steps
  missing, not only once they are short. Moving a force next to a weakly held enemy area, and every step
  an attack takes off its garrison, raise the odds before the area changes hands, which the level alone
  never sees;
- **material**: the steps on the map (a ship's at its cost by step, `SHIP_STEP`), each side's RP counted at
  half a step each (§4.4: a step costs 1 RP, ½ for militia) up to what its recruit pool holds to buy, so
  that spending RP on steps is always worth more than keeping them, and RP that can buy nothing more cost
  nothing to spend on activations;
- **income**: the RP the areas each side holds will yield at the next reorganization (§4.0: an area held
  by both sides half to each, none where the El Plata rebels stand, §4.2.1), Patriot minus Royalist over
  their sum: the pools that pay for the next turn's armies.

The threat also reads a force's reach beyond the next area (an activation gives 3–8 OPs, §3.3: a fifth of
the steps two areas away strike an area) and the sieges under way: a fortress blockaded this turn
surrenders at its end on 1–4 (§6.6) while the blockade holds (the besiegers outside, no relief in the
field nor ships of the besieged in the port's sea, `blockades.blockade_holds`), so its area is as good as the
besieger's by two chances in three.

The threat reads only the moves still to come (`moves_left`): the areas are counted at the end of the
scenario's last turn (§11.0, §12.x.4) and the Royalist operates after the Patriot (§3.1), so in the last
turn's Royalist operations only the Royalist's threats count, and in its end of turn (§3.1.6) only the
blockades still to roll, the garrison penalty then counted whole: with none, the threat is the level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.guerra_a_muerte.blockades import blockade_holds
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.naval import NAVAL
from ludoteca.games.guerra_a_muerte.position import POOL
from ludoteca.games.guerra_a_muerte.state import RP_POOLS
from ludoteca.games.guerra_a_muerte.victory import ON_MAP, level_at, regular_steps, rules_for, share, tally

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

WEIGHTS = (0.5, 0.3, 0.12, 0.08)
"""level, threat, material, income: the level keeps most of the weight, so the evaluation stays the victory
count."""
REACH = 0.5
"""The share of the steps in the next areas that counts as striking an area (§5: a move costs an OP; not
every force next to an area will move into it in one turn)."""
FAR_REACH = 0.2
"""The share of the steps two areas away that counts as striking an area: two moves of the 3–8 OPs an
activation gives (§3.3), more often cut short by a die, an interception or attrition (§3.4, §5.3)."""
BLOCKADE_FALLS = 4 / 6
"""§6.6: a blockaded fortress surrenders at the end of the turn on 1–4."""
SEA_REACH = 0.25
"""The share of the largest force a side's ships can carry that counts as striking every coastal area: an
amphibious move sails any number of sea areas (§7.6), but boarding and landing cost 2 OPs and the ships
may be caught (§7.5)."""
CITY = 3
"""A step inside a city defends as three: it is attacked only by siege (§6.2, +8 in a fortress)."""
ENTRY = 1.0
"""The steps' worth of friction, attrition and interception (§3.4, §5.3) a force entering an area it does not
hold meets besides the enemy there: one unit next to an empty area is not yet in it."""
RP_STEP = 0.5
"""A RP kept is worth half a step: it buys one step of regulars or two of militia (§4.4)."""
PATRIOT_RP = tuple(pool for pool in RP_POOLS if pool != "royalist")
AREAS = tuple(BOARD.areas)
AREA_SET = frozenset(AREAS)
COUNTED = {area: BOARD.areas[area].rp > 0 for area in AREAS}
CONTINENTAL = {area: BOARD.areas[area].continental for area in AREAS}
KIND = {
    u: (c.side == "royalist", c.naval, c.side != "rebel")
    for u, c in COUNTERS.items()
    if c.side in ("patriot", "royalist", "rebel")
}
"""What the evaluation reads of each counter: whether it is Royalist, whether it is a ship, and whether it is
the player's own (the El Plata rebels fight for no player, but the areas they hold count as the Patriot's,
§11.0, so their steps stand with his in the areas)."""


COST = {
    u: (c.side == "royalist", c.cost())
    for u, c in COUNTERS.items()
    if c.side in ("patriot", "royalist") and c.nationality != "portuguese"
}
"""What each counter the recruit pool may hold costs to build (§4.4), by side (the São Paulo Legion is never
rebuilt, §10.6)."""


CARRIES = {u: float(NAVAL[c.arm]["carries_steps"]) for u, c in COUNTERS.items() if c.naval}
"""The land steps each ship carries (§7.7)."""
SHIP_STEP = {u: c.cost() / c.steps for u, c in COUNTERS.items() if c.naval}
"""What a ship's step counts in the material, in regular steps (a step of regulars costs 1 RP, §4.4): its
cost by step (a frigate 5 RP for 2 steps, a ship of the line 10). A ship sunk returns to the recruit pool
(§2.3), where it makes the owner's RP kept buyable again at `RP_STEP`; counted at a step a step, a sunk
frigate (2 steps, 5 RP: 2.5 steps' worth of RP) would be a gain to its owner."""
PORT_SEAS = {
    area: tuple(c.sea for c in BOARD.cities.values() if c.area == area and c.port and c.sea)
    for area in BOARD.areas
    if any(c.area == area and c.port for c in BOARD.cities.values())
}
"""The areas a force may board ships from (§7.6), with the sea areas off their ports."""
COASTAL = frozenset(area for area in BOARD.areas if BOARD.areas[area].seas)
"""The areas a force may land in from the sea (§7.6)."""
RING = {
    area: tuple(
        sorted(
            {far for near in BOARD.adjacent[area] for far in BOARD.adjacent[near]}
            - {area, *BOARD.adjacent[area]}
        )
    )
    for area in AREAS
}
"""The areas two moves from each area (§5), not one."""
RP = {area: float(BOARD.areas[area].rp) for area in AREAS}
CITY_AREA = {city.id: city.area for city in BOARD.cities.values()}


def odds(attack: float, defence: float) -> float:
    """The chance, read off the balance of steps, that `attack` takes the area from `defence`: ½ at two to
    one, ⅘ at four to one (the CRT's eliminations start at 3:1, §6.1); 1 against nobody, 0 with nothing."""
    if attack <= 0:
        return 0.0
    return attack * attack / (attack * attack + 4 * defence * defence)


def forces(state: GamState) -> tuple[dict[str, list[float]], list[float], list[float]]:
    """Each area's land steps, Patriot then Royalist (a step in a city counts `CITY` times, for defence);
    each player's steps on the map (land and sea, a ship's at `SHIP_STEP`); and each player's largest force
    that its ships can carry from a port (§7.6–§7.7: the steps of an area with a port, up to what the ships
    in the port or off it carry)."""
    records = state.d["units"]
    local: dict[str, list[float]] = {}
    lift: dict[str, list[float]] = {}
    total = [0.0, 0.0]
    for place, here in state.by_place().items():
        if place not in ON_MAP:
            continue
        inside = local.setdefault(place, [0.0, 0.0]) if place in AREA_SET else None
        for u in here:
            kind = KIND.get(u)
            if kind is None:
                continue
            royalist, naval, player = kind
            record = records[u]
            steps = record["steps"]
            if naval:
                if player:
                    total[royalist] += steps * SHIP_STEP[u]
                lift.setdefault(place, [0.0, 0.0])[royalist] += CARRIES[u]
                continue
            if player:
                total[royalist] += steps
            if inside is not None:
                inside[royalist] += steps * CITY if record["city"] else steps
    afloat = [0.0, 0.0]
    if lift:
        for area, seas in PORT_SEAS.items():
            held = local.get(area)
            if held is None:
                continue
            carried = [*lift.get(area, (0.0, 0.0))]
            for sea in seas:
                off = lift.get(sea)
                if off is not None:
                    carried[0] += off[0]
                    carried[1] += off[1]
            for side in (0, 1):
                afloat[side] = max(afloat[side], min(held[side], carried[side]))
    return local, total, afloat


def striking(local: dict[str, list[float]]) -> dict[str, list[float]]:
    """The steps that strike each area from the next areas, and at `FAR_REACH` / `REACH` from two areas
    away, Patriot then Royalist (pushed from the areas where steps stand: fewer than the areas)."""
    far = FAR_REACH / REACH
    reach: dict[str, list[float]] = {}
    for place, (patriot, royalist) in local.items():
        if not patriot and not royalist:
            continue
        for ring, scale in ((BOARD.adjacent[place], 1.0), (RING[place], far)):
            for other in ring:
                acc = reach.get(other)
                if acc is None:
                    reach[other] = [scale * patriot, scale * royalist]
                else:
                    acc[0] += scale * patriot
                    acc[1] += scale * royalist
    return reach


def threat(
    rules: dict[str, Any],
    control: dict[str, frozenset[str]],
    local: dict[str, list[float]],
    afloat: list[float],
    partial: str,
    blockades: dict[str, str] | None = None,
    moving: tuple[bool, bool] = (True, True),
) -> tuple[float, float]:
    """The areas the counting side is expected to gain by the next turn (the odds of entering each area
    it does not hold from the next areas, and by sea if it is on a coast) and to lose (the odds of being
    driven out of each it holds), each by what the area would add to or take from its count (`share`: a
    partly held area has ½ to gain and ½ to lose under `partial=half`). The steps two areas away strike at
    `FAR_REACH`; a fortress `blockades` names (city → the side blockading it, §6.6) falls to its besieger
    by `BLOCKADE_FALLS`. `moving`: whether the Patriot and the Royalist still move before the count
    (`moves_left`); a side that does not threatens nothing but its blockades (§6.6: they fall at the end of
    the turn)."""
    royalist = "royalist_min_areas" in rules
    side = "royalist" if royalist else "patriot"
    counter = 1 if royalist else 0
    gaining, losing = moving[counter], moving[1 - counter]
    empty = [0.0, 0.0]
    gains = losses = 0.0
    reach = striking(local)
    for area in AREAS:
        if not COUNTED[area] or (royalist and not CONTINENTAL[area]):
            continue
        weight = share(control[area], side, partial)
        inside = local.get(area, empty)
        near = reach.get(area, empty)
        if area in COASTAL:
            near = [near[0] + SEA_REACH * afloat[0], near[1] + SEA_REACH * afloat[1]]
        if weight and losing:
            losses += weight * odds(inside[1 - counter] + REACH * near[1 - counter], inside[counter])
        if weight < 1 and gaining:
            gains += (1 - weight) * odds(REACH * near[counter], inside[1 - counter] + ENTRY)
    for city, besieger in (blockades or {}).items():
        area = CITY_AREA[city]
        if not COUNTED[area] or (royalist and not CONTINENTAL[area]):
            continue
        held = control[area]
        enemy = "patriot" if besieger == "royalist" else "royalist"
        after = share((held - {enemy}) | {besieger}, side, partial) - share(held, side, partial)
        if after > 0:
            gains += BLOCKADE_FALLS * after
        else:
            losses -= BLOCKADE_FALLS * after
    return gains, losses


def moves_left(state: GamState) -> tuple[bool, bool]:
    """Whether the Patriot and the Royalist may still move before the areas are counted at the end of the
    scenario's last turn (§11.0, §12.x.4): before that turn's operations both; in the Royalist's (§3.1:
    they come after the Patriot's) only he; in its end of turn (§3.1.6) neither."""
    if state.turn < int(BOARD.scenarios[state.options.scenario]["last_turn"]):
        return True, True
    phase = state.d["phase"]
    return phase != "royalist_operations" and phase != "end", phase != "end"


def garrison_missing(state: GamState, rules: dict[str, Any]) -> tuple[int, int]:
    """§10.5: the regular steps the Royalist lacks in New Spain and in Cuba and Puerto Rico."""
    new_spain = int(rules["garrison_new_spain"]) - regular_steps(state, BOARD.lists["new_spain"])
    caribbean = int(rules["garrison_caribbean"]) - regular_steps(state, BOARD.lists["caribbean_garrison"])
    return max(0, new_spain), max(0, caribbean)


def garrison_shortfall(missing: tuple[int, int]) -> float:
    """The share of the §10.5 penalty the `missing` steps stand for: a quarter a step (all of it once the
    Royalist is 4 steps short), so that each step brought towards the minimum counts before the last."""
    return min(1.0, sum(missing) / 4)


def material(state: GamState, total: list[float]) -> float:
    """The balance of steps on the map and RP kept, Patriot minus Royalist, over their sum: a RP counts
    `RP_STEP` of a step as long as the recruit pool holds counters to buy with it (§4.6), nothing beyond
    (RP with nothing left to buy are only worth spending, on activations, §3.3)."""
    rp = state.d["rp"]
    buyable = [0.0, 0.0]
    for u in state.by_place().get(POOL, ()):
        cost = COST.get(u)
        if cost is not None:
            buyable[cost[0]] += cost[1]
    kept = (sum(float(rp[pool]) for pool in PATRIOT_RP), float(rp["royalist"]))
    patriot = total[0] + RP_STEP * min(kept[0], buyable[0])
    royalist = total[1] + RP_STEP * min(kept[1], buyable[1])
    return (patriot - royalist) / max(1.0, patriot + royalist)


def income(control: dict[str, frozenset[str]]) -> float:
    """The RP the areas held will yield at the next reorganization, Patriot minus Royalist over their sum
    (§4.0: an area held by both sides gives each half; §4.2.1: none where the El Plata rebels stand)."""
    rp = [0.0, 0.0]
    for area, held in control.items():
        worth = RP[area]
        if not worth or not held or "rebel" in held:
            continue
        if held == PATRIOT_ALONE:
            rp[0] += worth
        elif held == ROYALIST_ALONE:
            rp[1] += worth
        else:
            rp[0] += worth / 2
            rp[1] += worth / 2
    return (rp[0] - rp[1]) / max(1.0, rp[0] + rp[1])


PATRIOT_ALONE, ROYALIST_ALONE = frozenset(("patriot",)), frozenset(("royalist",))


def evaluate(state: GamState) -> list[float]:
    """The Patriot's prospects and the Royalist's (their negation), ±0.9 at most: the level now, the level
    the threats still to come point to (`moves_left`), the material and the income."""
    control = state.control()
    rules = rules_for(state.options.scenario, state.options.royalist_hold)
    missing = garrison_missing(state, rules)
    penalty = int(rules["garrison_penalty"])
    local, total, afloat = forces(state)
    counted = tally(state, control, rules)
    now = level_at(state, control, rules, penalty if any(missing) else 0, counted=counted)
    moving = moves_left(state)
    shortfall = penalty * garrison_shortfall(missing) if moving[1] else (penalty if any(missing) else 0)
    blockades = {c: s for c, s in state.d["blockades"].items() if blockade_holds(state, c, s)}
    gains, losses = threat(rules, control, local, afloat, state.options.partial, blockades, moving)
    after_gains = level_at(state, control, rules, shortfall, gains, counted)
    ahead = 0.5 * (after_gains + level_at(state, control, rules, shortfall, -losses, counted))
    w_level, w_threat, w_material, w_income = WEIGHTS
    value = 0.9 * (
        w_level * now + w_threat * ahead + w_material * material(state, total) + w_income * income(control)
    )
    return [value, -value]
