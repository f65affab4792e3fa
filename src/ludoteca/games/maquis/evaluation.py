"""How good an unfinished Maquis position is for the Resistance (README §6): the worker-days left against
the work the two missions still need.

The work is counted in worker actions: each visit a card still needs, each step on its rectangle at
`RECTANGLE` actions (the exit's risk), plus the actions that gather the resources it asks for and the
Resistance does not hold (an Explosive is a Medicine and a turn at the Chemist, who must be built first,
one a day; a Weapon is Money at the Fence or an airdrop; …), plus the Morale to win back, a visit to the
Poor District with a Food and a Medicine a point. The capacity is what the workers can still do: each
available worker, each day left, does `EFFICIENCY` useful actions. `margin` is capacity minus work; a card
that can no longer be finished in time (its last day passed, or more new-day boxes than days) makes it
hopeless.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ludoteca.games.maquis import action_phase, missions, placement
from ludoteca.games.maquis.actions import target
from ludoteca.games.maquis.board import BOARD

if TYPE_CHECKING:
    from ludoteca.games.maquis.position import MissionInPlay
    from ludoteca.games.maquis.state import MaquisState

EFFICIENCY = 0.45
"""Useful actions a worker does a day on average: patrols block locations, routes close, days are lost."""
SPARE_ROOMS = sum(1 for spec in BOARD.locations.values() if spec.kind == "spare_room")
HOPELESS = 40.0
"""What a card that can no longer be finished takes off the margin: the game is as good as lost."""
DONE = 4.0
"""A finished card is safe from everything that may still go wrong: worth more than its last action."""
WORKER = 2.0
"""A worker is also a life against losing every worker: worth this on top of its days of work."""
RECTANGLE = 4.0
"""What a step done on a mission card's action rectangle costs, in actions: the worker must come home
through the card's exit, which the patrols take on many of their cards, so a delivery often takes a second
worker holding the exit, or risks a worker worth many actions (README §7). Counted as one action, a
delivery was never worth its risk, and the search held its Intel and Food for days."""
URGENCY = 2.0
"""What the work a card with a last day still needs costs per day left before that day: work put off
until the last day fails whenever a patrol blocks that one chance, so the card is done early."""


@dataclass
class Needs:
    """What the unfinished cards still ask for: actions at their locations, resources, Morale to keep,
    the cards with a last day, and whether one can no longer be done."""

    actions: float = 0.0
    resources: Counter[str] = field(default_factory=Counter)
    morale: int = 0
    losses: int = 0
    """Morale the day track will still take."""
    deadlines: list[tuple[int, float, Counter[str]]] = field(default_factory=list)
    """(last day, actions, resources) of each card that must be done by a day of the track."""
    hopeless: bool = False


def days_left(state: MaquisState) -> int:
    """Days still to be played, today included (very easy's second pass counted)."""
    last = state.last_day()
    return int(last - state.d["day"] + (state.difficulty.passes - state.d["pass"]) * last)


def last_pass(state: MaquisState) -> bool:
    return bool(state.d["pass"] >= state.difficulty.passes)


def morale_losses(state: MaquisState) -> int:
    """Morale the day track will still take (orange days, or triangles in the hard modes)."""
    marks = state.morale_days()
    last = state.last_day()
    now = sum(1 for mark in marks if state.d["day"] < mark <= last)
    return int(now + (state.difficulty.passes - state.d["pass"]) * sum(1 for mark in marks if mark <= last))


def needs(state: MaquisState) -> Needs:
    """Every unfinished card's remaining demands (card facts: data/missions.toml, rules §missions)."""
    position, found = state.d, Needs(losses=morale_losses(state))
    day, left, final = position["day"], days_left(state), last_pass(state)
    for mission in position["missions"]:
        if mission["done"]:
            continue
        data, mid = missions.spec(mission), mission["id"]
        actions, res = 0.0, Counter[str]()
        deadline: int | None = None
        one_a_day = 0  # boxes or shots left that take a day each
        if "steps" in data:
            remaining = data["steps"][mission["boxes"] :]
            actions = RECTANGLE * len(remaining)
            for step in remaining:
                res.update(step)
            if data.get("new_day"):
                today_used = mission["last"] == position["turn"]
                if len(remaining) + today_used > left:
                    found.hopeless = True
                one_a_day = len(remaining) + today_used
            if mid == "destroy-the-train":
                deadline = max(data["days"])
            if mid == "bomb-for-the-officer":
                lead = max(0, chemist_days(state, res["explosive"]) - 1)
                relief, deadline = morale_window(state, data["morale"], lead)
                actions += relief
                res.update(relief_resources(relief, set(position["tiles"].values())))
        elif mid == "officers-mansion":
            actions = len(data["graffiti"]) - len(mission["marks"]) + RECTANGLE
        elif mid == "double-agent":
            actions = len(data["visits"]) - len(mission["marks"]) + 1.0 if mission["lady"] is None else 1.0
        elif mid == "milice-parade-day":
            actions, res = 1.0, Counter(data["pay"])
            deadline = max(data["days"])
        elif mid == "assassination" and state.options.assassination == "none-standing":
            shots = int(position["soldiers"] < BOARD.components["soldiers"]["max"])  # the day's last Milice
            actions, res = 0.5 * shots, Counter(weapon=shots)
        elif mid == "assassination":
            shots = BOARD.components["soldiers"]["max"] - position["soldiers"]
            actions, res = last_milice(state, shots, found.losses)
            actions += 0.5 * shots
            res["weapon"] += shots
            found.morale = max(found.morale, shots)  # the last shot wins before its Morale falls
            if shots > left:
                found.hopeless = True
            one_a_day = shots + bool(position.get("shot"))
        elif mid == "liberate-the-town":
            res = Counter(weapon=data["weapons"])
            found.morale = max(found.morale, data["morale"])
        elif mid == "coded-messages":
            if not mission["keeper"]:
                actions, deadline = RECTANGLE, data["start_by"]
        elif mid == "take-out-the-bridges":
            bridges = len(BOARD.bridges) - mission["boxes"] - position["blow"]
            actions, res = float(bridges), Counter({k: n * bridges for k, n in data["pay"].items()})
        start = start_by(state, mission, deadline, one_a_day, res["explosive"]) if final else None
        if start is not None:
            if day > start:
                found.hopeless = True
            found.deadlines.append((start, actions, res))
        found.actions += actions
        found.resources.update(res)
    return found


def start_by(
    state: MaquisState, mission: MissionInPlay, deadline: int | None, one_a_day: int, explosives: int
) -> int | None:
    """The last day a card's remaining work can start and still be done, or None for work that fits in any
    one day (README §6, "Time limits"). A card with a last day of its own (`deadline`: Destroy the Train,
    the Parade's last Parade Day, Coded Messages, Bomb for the Officer's Morale window) must start as many
    days earlier as the Chemist needs to make its Explosives; any other card whose work takes several days
    one after another (`one_a_day`: boxes on different days, a shot a day; or the Chemist's days) must
    start that many days before the end."""
    chemist = chemist_days(state, explosives)
    if deadline is None:
        serial = max(one_a_day, chemist)
        return state.last_day() - serial if serial > 1 else None
    if mission["id"] == "milice-parade-day":
        day, last = state.d["day"], state.last_day()
        usable = [x for x in missions.spec(mission)["days"] if day <= x < last]
        deadline = max(usable) if usable else -1
    return deadline - max(0, chemist - 1)


def chemist_days(state: MaquisState, explosives: int) -> int:
    """The days it takes to hold `explosives`: one a day at the Chemist, the only one there is (one pawn a
    location, §action.spare_room), after the day it is built. A card with a last day must start its chain
    that many days before (less one: the last Explosive can be delivered the day it is made)."""
    missing = max(0, explosives - holdings(state)["explosive"])
    built = "chemist" in state.d["tiles"].values()
    return missing + (0 if built or not missing else 1)


def morale_window(state: MaquisState, need: int, lead: int = 0) -> tuple[int, int | None]:
    """Bomb for the Officer asks for Morale `need` at the delivery, not at the end (rules
    §missions.bomb-for-the-officer), which can come `lead` days from today at the earliest (the Chemist's
    days): the Morale points to win back by then (the Poor District reopens a window the day track has
    closed), and the last day before the day track takes Morale below `need` again (None if it never
    does)."""
    position = state.d
    marks = sorted(mark for mark in state.morale_days() if position["day"] < mark <= state.last_day())
    earliest = position["day"] + lead
    then = position["morale"] - sum(1 for mark in marks if mark <= earliest)
    relief = max(0, need - then)
    spare = max(0, then - need)
    after = [mark for mark in marks if mark > earliest]
    return relief, after[spare] - 1 if spare < len(after) else None


def last_milice(state: MaquisState, shots: int, losses: int) -> tuple[float, Counter[str]]:
    """What it takes for Assassination's last Milice to come out: with the Soldiers marker at 4 only the
    fifth patrol of a day is a Milice (§Soldados), so that day needs five patrols (§Compruebe la moral):
    five workers available, or Morale 1, whose red number is 5 (the shot then wins before its Morale falls:
    README, ambiguity 5). The cheaper way, in actions and resources: the workers still at the Café
    recruited (a Food each; only if no worker is gone for good and the mode has five), or the Morale the day
    track and the other shots leave above 1 shed at the Black Market (a Food sold a point)."""
    if not shots:
        return 0.0, Counter()
    position = state.d
    shed = max(0, position["morale"] - losses - (shots - 1) - 1)
    ways = [(float(shed), Counter(food=shed))]
    if state.available_workers() + position["cafe"] >= BOARD.components["soldiers"]["max"]:
        ways.append((float(position["cafe"]), Counter(food=position["cafe"])))
    return min(ways, key=lambda way: way[0])


def resource_work(state: MaquisState, need: Counter[str], have: Counter[str], tiles: set[str]) -> float:
    """Actions to gather what `need` asks beyond `have`, with the built `tiles` and the difficulty's
    airdrops (§Fase de acción; tiles: data/cards.toml)."""
    airdrop = state.difficulty.airdrop
    extra: dict[str, int] = {}
    work = 0.0
    explosives = max(0, need["explosive"] - have["explosive"])
    if explosives:
        if "chemist" not in tiles:
            if len(tiles) >= SPARE_ROOMS:
                return HOPELESS
            work += 1.0
            extra["money"] = 2
        work += explosives
        extra["medicine"] = explosives
    if extra:
        need = need + Counter(extra)
    money_unit = 1.0 if "counterfeiter" in tiles else min(2.0, 2.0 / airdrop.get("money", 1))
    weapons = max(0, need["weapon"] - have["weapon"])
    spare_money = max(0, have["money"] - need["money"])
    by_fence = min(weapons, spare_money)
    work += by_fence + (weapons - by_fence) * min(1.0 + money_unit, 2.0 / airdrop.get("weapon", 1))
    work += max(0, need["money"] - have["money"]) * money_unit
    cheap = 1.0 / 3.0 if "smuggler" in tiles else 1.0
    work += max(0, need["food"] - have["food"]) * min(cheap, 2.0 / airdrop.get("food", 1))
    work += max(0, need["medicine"] - have["medicine"]) * cheap
    work += max(0, need["intel"] - have["intel"])
    return float(work)


def work(state: MaquisState, found: Needs, have: Counter[str], tiles: set[str], morale: int) -> float:
    """All the actions still needed: the cards' own, the Morale to win back (a visit a point, with what
    the Poor District asks), and the resources of both."""
    short = max(0, max(found.morale, 1) - (morale - found.losses))
    need = found.resources + relief_resources(short, tiles)
    return found.actions + short + resource_work(state, need, have, tiles)


def relief_resources(points: int, tiles: set[str]) -> Counter[str]:
    """What winning back `points` of Morale asks beside a visit a point (§action.locations): a Food and a
    Medicine each at the Poor District, nothing at the Propagandist once built (§action.spare_room)."""
    if not points or "propagandist" in tiles:
        return Counter()
    return Counter(food=points, medicine=points)


def holdings(state: MaquisState) -> Counter[str]:
    """Resources held, and those lying on Fields (a pickup away)."""
    have = Counter(state.d["res"])
    for tokens in state.d["fields"].values():
        have.update(tokens)
    return have


def patrols_to_come(state: MaquisState) -> int:
    """Patrols still to be placed today (§Fase de colocación), 0 after placement."""
    frame = state.frame_of(placement.placement)
    return frame["patrols"] - frame["placed"] if frame and "patrols" in frame else 0


def capture_risk(state: MaquisState) -> dict[str, float]:
    """For each worker on the board, the chance that the patrols still to come today cut off its way
    home or arrest it where it stands (§Colocación de patrulla): each patrol card still in the deck is
    tried on the board as it is, and the chance of one card is compounded over the patrols to come."""
    board = state.d["board"]
    workers = [loc for loc, pawn in board.items() if pawn == "w"]
    patrols = patrols_to_come(state)
    if not workers or not patrols:
        return dict.fromkeys(workers, 0.0)
    cards = state.d["deck"] or state.d["discard"]
    hits = dict.fromkeys(workers, 0)
    for card in cards:
        spots = BOARD.patrol_cards[card]
        free = next((x for x in spots if x not in board), None)
        if free is None:
            raid = next((x for x in spots if board[x] == "w"), None)
            if raid is not None:
                hits[raid] += 1
            continue
        board[free] = "m"
        for loc in workers:
            hits[loc] += not action_phase.route_home(state, loc)
        del board[free]
    return {loc: 1.0 - (1.0 - n / len(cards)) ** patrols for loc, n in hits.items()}


def worker_outlook(
    state: MaquisState, loc: str, found: Needs, have: Counter[str], base: float, risk: float
) -> float:
    """What a placed worker who has not acted yet is expected to achieve: the best action of its
    location, in actions of work saved (a step on a mission's rectangle counts `RECTANGLE`); with no escape
    route, also its arrest (§Ser arrestado), which takes the gain away unless the location has the star or
    the action is a mission's."""
    position = state.d
    tiles = set(position["tiles"].values())
    kept = 0.0
    if missions.choices(state, loc):
        kept = RECTANGLE if BOARD.locations[loc].kind == "mission_slot" else 1.0
    best = kept
    for action in action_phase.location_choices(state, loc):
        option = action_phase.option_at(state, loc, target(action))
        after = Counter(have)
        after.subtract(option.pay)
        after.update(option.gain)
        if option.special == "airdrop":
            packages = state.difficulty.airdrop
            gain = max(
                base - work(state, found, after + Counter({k: n}), tiles, position["morale"])
                for k, n in packages.items()
            )
            gain -= 1.0
        elif option.special == "recruit":
            gain = (
                base
                - work(state, found, after, tiles, position["morale"])
                + worker_value(state, recruit=True)
            )
        elif option.special == "pickup":
            gain = 1.0
        elif option.special == "build":
            used = set(position["tiles"].values())
            gain = max(
                base - work(state, found, after, tiles | {t}, position["morale"])
                for t in BOARD.tiles
                if t not in used
            )
        else:
            gain = base - work(state, found, after, tiles, position["morale"] + option.morale)
        best = max(best, gain)
    if not action_phase.route_home(state, loc):
        risk = 1.0
    return (1.0 - risk) * best + risk * (
        (best if action_phase.star_at(state, loc) else kept) - worker_value(state)
    )


def crew(workers: int) -> float:
    """Workers as working strength: beyond three, each brings one more patrol onto the board (§Compruebe
    la moral: as many patrols as workers), so it adds less."""
    return min(workers, 3) + 0.5 * max(0, workers - 3)


def worker_value(state: MaquisState, recruit: bool = False) -> float:
    """What losing one worker costs (or a recruit brings): its days of work at the margin, and a life
    against losing them all."""
    acting = state.d["home"] + sum(1 for pawn in state.d["board"].values() if pawn == "w") + recruit
    return (days_left(state) - 1) * EFFICIENCY * (crew(acting) - crew(acting - 1)) + WORKER


def cryptographer(state: MaquisState, left: int, acting: int) -> float:
    """Coded Messages' cryptographer, once placed, completes the card at the end of its day unless the game
    ends first (rules §missions.coded-messages): the card is as good as done, and the worker works again
    on the days after."""
    mission = state.mission("coded-messages")
    if mission is None or not mission["keeper"]:
        return 0.0
    back = max(0, left - (missions.spec(mission)["done_on"] - state.d["day"] + 1))
    return float(DONE + back * EFFICIENCY * (crew(acting + 1) - crew(acting)))


def margin(state: MaquisState, patrol_risk: bool = False) -> float:
    """Capacity minus work (in actions), with bonuses for finished cards and penalties for hopeless ones:
    the sum of `terms`."""
    return float(sum(terms(state, patrol_risk).values()))


TERMS = (
    "capacity",
    "work",
    "pickups",
    "lives",
    "deadline_short",
    "deadline_urgency",
    "done",
    "cryptographer",
    "hopeless",
    "outlook",
    "cut_off",
)
"""The names of `terms`, in their order: what the learned evaluation weighs (learned.py)."""


def terms(state: MaquisState, patrol_risk: bool = False) -> dict[str, float]:
    """The margin's parts, each in actions (README §6): the crew's capacity over the days left, the work
    the cards still need, the pickups waiting on Fields, the workers as lives, the cards with a last day
    (short of time, and urgent), the finished cards, a placed cryptographer, a hopeless card, what the
    placed workers are expected to achieve, and the workers already cut off. With `patrol_risk`, placed
    workers are also weighed by `capture_risk`: for a player that does not look ahead at the patrol draws
    itself (search samples them, and is better without it)."""
    position = state.d
    found = needs(state)
    have, tiles = holdings(state), set(position["tiles"].values())
    base = work(state, found, have, tiles, position["morale"])
    acting = position["home"] + sum(1 for pawn in position["board"].values() if pawn == "w")
    keepers = sum(1 for mission in position["missions"] if mission["keeper"])
    left = days_left(state)
    short = urgency = 0.0
    for deadline, actions, res in found.deadlines:
        span = max(0, deadline - position["day"] + 1)
        due = actions + resource_work(state, res, have, tiles)
        short += min(0.0, span * EFFICIENCY * crew(acting) - due)
        urgency -= URGENCY * due / max(span, 1)
    outlook = cut_off = 0.0
    risks = capture_risk(state) if patrol_risk else {}
    for loc, pawn in position["board"].items():
        if pawn == "w" and (position["phase"] == "placement" or loc in position["ready"]):
            outlook += worker_outlook(state, loc, found, have, base, risks.get(loc, 0.0))
        elif pawn == "w" and not action_phase.route_home(state, loc):
            cut_off -= worker_value(state)
    return {
        "capacity": left * EFFICIENCY * crew(acting),
        "work": -base,
        "pickups": -sum(1.0 for tokens in position["fields"].values() if tokens),
        "lives": WORKER * (acting + keepers),
        "deadline_short": short,
        "deadline_urgency": urgency,
        "done": DONE * sum(1 for mission in position["missions"] if mission["done"]),
        "cryptographer": cryptographer(state, left, acting),
        "hopeless": -HOPELESS if found.hopeless else 0.0,
        "outlook": outlook,
        "cut_off": cut_off,
    }


def features(state: MaquisState) -> dict[str, float]:
    """The learned evaluation's inputs (state.evaluate, `ludoteca train maquis`): the `terms` with the patrol
    risk, as the hand-written evaluation weighs them, and three plain facts of the position."""
    found = terms(state, patrol_risk=True)
    found["days_left"] = float(days_left(state))
    found["morale"] = float(state.d["morale"])
    found["workers"] = float(state.available_workers())
    return found
