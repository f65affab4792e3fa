"""The evaluation a search uses where it stops early (`State.evaluate`): Spain's prospects of ending turn 6
with 15 VP (§4.6), on the scale of the returns.

It estimates the final tally area by area: each area's value weighted by how likely Spain is to hold it at
the end — a pending combat by the odds of the two sides there, a Spanish area by its defence against the
indigenous strength next to it, an indigenous area by the Spanish strength that can reach it — with the
odds shading towards the present control as the impulses run out. The §4.6 adjustments that already apply
(Royal Support, citadels, Anacaona, testament) are added, with the soldiers Royal Support will add to the
Spanish events still to come and the growth the turns left promise by Spain's share of the two armies; a
side about to have nothing on the map is close to losing at once (§2); at solo level II, where Spain must
also hold all five 2 VP areas (§5.4), its chance is multiplied by the odds of holding them. The README's
section 7 says why each term is there.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.pieces import KINDS, pieces, units_on_map, value
from ludoteca.games.mar_y_acero.seats import solo_level

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

TURNS: int = BOARD.tracks["turns"]
LINE = BOARD.tracks["vp_target"] - 0.5  # 15 VP wins, 14 loses
BEFORE_IMPULSES = ("setup", "destiny", "special", "event", "reinforce")
GROWTH = 3.0  # VP a turn Spain would still gain beyond the odds counted area by area if it had all the army
THREAT = 0.25  # the share of the neighbours' attack that will strike an area
MAX_STEPS = 8  # beyond about four pieces an area's stack adds little: three fight, the stacking limit is 3
SOLDIER_VP = 0.5  # a soldier brought by a later event: about half an area more held at the end
SPANISH_EVENTS = [spec for spec in BOARD.events.values() if spec.faction == "es"]
TWO_VP: list[int] = BOARD.tracks["scroll_areas"]  # the areas worth 2 VP once their scroll is lifted
LATER = 0.5  # solo level II: the chance of still taking a 2 VP area out of reach now, with two turns left
WITH_SOLDIERS = sum(1 for spec in SPANISH_EVENTS if spec.units.get("soldier")) / len(SPANISH_EVENTS)


def hit_chance(fc: int) -> float:
    """A die hits on 1 and at or under the factor, never on 6 (§4.4.1 B): 1/6 to 5/6."""
    return max(1, min(5, fc)) / 6


def _hits(attack: int, defence: int) -> tuple[float, ...]:
    """Hit chances indexed by `_mode`: attacking, then defending with a fortification bonus of 0, 1 or 2."""
    return (hit_chance(attack), *(hit_chance(defence + bonus) for bonus in (0, 1, 2)))


def _combat_faces() -> list[dict[str, tuple[tuple[float, int], tuple[float, int]]]]:
    """Worked out once, for each `_mode` (attacking, then defending with a fortification bonus of 0, 1 or
    2) and fighting kind: the hit chance and the steps it can lose, full (index 0) and reduced (index 1).
    A full piece has two steps, a reduced one or a piece printed reduced one (§4.4.1 B)."""
    modes: list[dict[str, tuple[tuple[float, int], tuple[float, int]]]] = [{} for _ in range(4)]
    for kind, spec in KINDS.items():
        if not spec.fights:
            continue
        faces = [_hits(spec.reduced, spec.reduced)] * 2
        if not spec.only_reduced:
            faces[0] = _hits(spec.attack, spec.defence)
        steps = 1 if spec.only_reduced else 2
        for mode, (full, reduced) in enumerate(zip(*faces, strict=True)):
            modes[mode][kind] = ((full, steps), (reduced, 1))
    return modes


COMBAT_FACES = _combat_faces()
FIGHTERS = frozenset(kind for kind, spec in KINDS.items() if spec.fights)
NEIGHBOURS = {area: BOARD.adjacent(area) for area in AREAS}
Attack = dict[str, list[float]]  # each side's attacking power in every area (index area − 1)


def _mode(attacking: bool, bonus: int) -> int:
    return 0 if attacking else 1 + bonus


def power(side: list[list[Any]], attacking: bool, bonus: int = 0) -> float:
    """A side's staying power in a combat: expected hits a round from its best three pieces (only three
    fight at once) times the steps it can lose (a full piece has two). `bonus`, a fortification's
    (§4.4.2), adds to the defence factor."""
    if not side:
        return 0
    faces = COMBAT_FACES[_mode(attacking, bonus)]
    if len(side) == 1:  # the commonest side, worked out without the list (the same value)
        face = faces.get(side[0][0])
        if face is None:
            return 0
        hits, lose = face[side[0][1]]
        return hits * lose
    factors, steps = [], 0
    for kind, reduced, _ in side:
        face = faces.get(kind)
        if face is not None:
            hits, lose = face[reduced]
            factors.append(hits)
            steps += lose
    factors.sort(reverse=True)
    return sum(factors[:3]) * min(steps, MAX_STEPS)


def odds(mine: float, theirs: float) -> float:
    """The chance that the side with `mine` outlasts the side with `theirs` (a Lanchester-like ratio)."""
    if mine + theirs <= 0:
        return 0.5
    return mine / (mine + theirs)


def horizon(state: MyaState) -> float:
    """How much play is left, in turns: whole turns still to come, plus this turn's impulses."""
    position = state.d
    left = float(max(0, TURNS - position["turn"]))
    if position["phase"] in BEFORE_IMPULSES or position["turn"] == 0:
        return left + 1.0
    if position["phase"] == "impulses":
        return left + min(1.0, int(position["imp"]["es"]) / 4)
    return left


def holding_odds(state: MyaState, area: int, time: float, attack: Attack) -> float:
    """The chance that Spain holds `area` at the end of the game; `attack` is each side's attacking power
    in every area (index area − 1)."""
    position = state.d
    cell = position["map"][area - 1]
    es, ind = cell["es"], cell["ind"]
    if es and ind and any(p[0] in FIGHTERS for p in es) and any(p[0] in FIGHTERS for p in ind):
        return odds(attack["es"][area - 1], power(ind, attacking=False))  # a pending combat
    reach = min(1.0, time / 2)  # how much of the neighbours' strength can still strike
    left, right = NEIGHBOURS[area]
    if position["ctrl"][area - 1] == "es":
        near_ind = attack["ind"][left - 1] + attack["ind"][right - 1]
        if area in position["cit"] and not es:
            return odds(2.0, reach * near_ind * THREAT)  # a bare citadel still holds the area (§4.2)
        fortified = 2 if area in position["cit"] else 1 if area in position["pal"] else 0
        return odds(power(es, attacking=False, bonus=fortified), reach * near_ind * THREAT)
    near_es = attack["es"][left - 1] + attack["es"][right - 1]
    defence = power(ind, attacking=False) + 0.5
    return reach * odds(near_es, defence) * 0.5


def worth(state: MyaState, area: int, time: float) -> float:
    """The area's VP, and for a 2 VP area under its scroll with a Scribe of Spain there while play is left,
    half the VP the Royal Scribes can still add (§4.4.3)."""
    now = value(state, area)
    if area in state.d["scroll"] and time > 0 and any(p[0] == "escribano" for p in pieces(state, area, "es")):
        return now + 0.5
    return float(now)


def events_left(state: MyaState) -> int:
    """Event phases still to come (turns 2–6, §4.3.2 II)."""
    turn = int(state.d["turn"])
    if turn <= 1:
        return TURNS - 1
    return TURNS - turn + (1 if state.d["phase"] in ("setup", "destiny", "special") else 0)


def support_to_come(state: MyaState) -> float:
    """The VP worth of the soldiers Royal Support adds to (or takes from) each Spanish event card that
    brings soldiers (§4.3.2 II, the track's −2…+2) over the event phases left: gold found now means
    more soldiers every turn after."""
    return SOLDIER_VP * WITH_SOLDIERS * float(BOARD.rs_soldiers[state.d["rs"]]) * events_left(state)


def attack_powers(state: MyaState) -> Attack:
    """Each side's attacking power in every area (index area − 1)."""
    return {
        fac: [power(cell[fac], True) if cell[fac] else 0 for cell in state.d["map"]] for fac in ("es", "ind")
    }


def expected_vp(state: MyaState, attack: Attack | None = None) -> float:
    """The final tally to expect: areas by their holding odds, plus the adjustments that already apply."""
    from ludoteca.games.mar_y_acero.end import final_tally

    tally = final_tally(state)
    time = horizon(state)
    if attack is None:
        attack = attack_powers(state)
    areas = sum(worth(state, x, time) * holding_odds(state, x, time, attack) for x in AREAS)
    return areas + sum(tally.values()) - tally["areas"] + support_to_come(state)


def army(state: MyaState, fac: str) -> float:
    """A side's whole fighting strength on the map: every fighting piece's expected hits when attacking
    times the steps it can lose (what `power` counts, without the three-fighter cap)."""
    faces = COMBAT_FACES[0]
    total = 0.0
    for cell in state.d["map"]:
        for kind, reduced, _ in cell[fac]:
            face = faces.get(kind)
            if face is not None:
                hits, lose = face[reduced]
                total += hits * lose
    return total


def growth(state: MyaState) -> float:
    """VP a turn still to come: `GROWTH` times Spain's share of the two armies — a soldier lost in a
    hopeless attack is a conquest fewer in the turns left."""
    es, ind = army(state, "es"), army(state, "ind")
    return GROWTH * odds(es, ind)


def all_two_vp_needed(state: MyaState) -> bool:
    """Solo level II (§5.4): any Spanish victory needs all five 2 VP areas held at the end."""
    return solo_level(state) >= 2


def all_two_vp_odds(state: MyaState, time: float, attack: Attack) -> float:
    """The chance that Spain holds all five 2 VP areas at the end: the product of their holding odds, each
    at least `LATER` while two turns are left (an area out of reach now may be taken or retaken later;
    the floor fades with the last two turns) and each to the power 1 / (1 + turns left), so that one far
    area does not swamp the rest of the position. Exact at the end."""
    floor = LATER * min(1.0, time / 2)
    product = 1.0
    for area in TWO_VP:
        product *= max(floor, holding_odds(state, area, time, attack))
    return math.pow(product, 1 / (1 + time))


def evaluation(state: MyaState) -> list[float]:
    """[Spain, Indigenous]: the expected tally (with the growth still to come) over the 15 VP line, through
    a tanh that is gentler while much play is left, plus a broad tanh so that a wider margin is always
    worth a little more (a side that thinks itself safe at 15.5 VP keeps pushing); at solo level II, times
    the odds of holding all five 2 VP areas; near ±1 when a side is nearly wiped out."""
    time = horizon(state)
    attack = attack_powers(state)
    margin = expected_vp(state, attack) + growth(state) * time - LINE
    spain = 0.75 * math.tanh(margin / (2.5 + 0.5 * time)) + 0.25 * math.tanh(margin / 8)
    if all_two_vp_needed(state):
        spain = (spain + 1) * all_two_vp_odds(state, time, attack) - 1
    for fac, sign in (("es", -1.0), ("ind", 1.0)):
        left = units_on_map(state, fac)
        if left <= 2:
            danger = 0.3 if left == 2 else 0.6
            spain += sign * danger * (1 - sign * spain)
    spain = max(-0.999, min(0.999, spain))
    return [spain, -spain]
