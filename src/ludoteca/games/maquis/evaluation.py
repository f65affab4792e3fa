"""How good an unfinished Maquis position is for the Resistance (README §6): the worker-days left against
the work the two missions still need.

The work is counted in worker actions: each delivery or visit a card still needs, plus the actions that
gather the resources it asks for and the Resistance does not hold (an Explosive is a Medicine and a turn
at the Chemist, who must be built first; a Weapon is Money at the Fence or an airdrop; …), plus the
Morale the end of the track will take. The capacity is what the workers can still do: each available
worker, each day left, does `EFFICIENCY` useful actions. `margin` is capacity minus work; a card that can
no longer be finished in time (its last day passed, or more new-day boxes than days) makes it hopeless.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ludoteca.games.maquis import missions
from ludoteca.games.maquis.actions import target
from ludoteca.games.maquis.board import BOARD

if TYPE_CHECKING:
    from ludoteca.games.maquis.state import MaquisState as St

EFFICIENCY = 0.45
"""Useful actions a worker does a day on average: patrols block locations, routes close, days are lost."""
RELIEF = 3.0
"""Actions one Morale costs at the Poor District: a Food, a Medicine and the visit."""
SPARE_ROOMS = sum(1 for spec in BOARD.locations.values() if spec.kind == "spare_room")
HOPELESS = 40.0
"""What a card that can no longer be finished takes off the margin: the game is as good as lost."""
DONE = 4.0
"""A finished card is safe from everything that may still go wrong: worth more than its last action."""
WORKER = 2.0
"""A worker is also a life against losing every worker: worth this on top of its days of work."""


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


def last_box(st: St) -> int:
    """The box of the day track that ends the game: End, or box 12 in tricky and harder modes."""
    return int(BOARD.components["days"]["end_short" if st.settings().get("short_game") else "end"])


def days_left(st: St) -> int:
    """Days still to be played, today included (very easy's second pass counted)."""
    settings = st.settings()
    last = last_box(st)
    return int(last - st.d["day"] + (settings.get("passes", 1) - st.d["pass"]) * last)


def last_pass(st: St) -> bool:
    return bool(st.d["pass"] >= st.settings().get("passes", 1))


def morale_losses(st: St) -> int:
    """Morale the day track will still take (orange days, or triangles in the hard modes)."""
    settings = st.settings()
    marks = BOARD.components["days"]["triangle"] if settings.get("triangle_morale") else st.orange_days()
    last = last_box(st)
    now = sum(1 for m in marks if st.d["day"] < m <= last)
    return int(now + (settings.get("passes", 1) - st.d["pass"]) * sum(1 for m in marks if m <= last))


def needs(st: St) -> Needs:
    """Every unfinished card's remaining demands (card facts: data/missions.toml, rules §missions)."""
    d, found = st.d, Needs(losses=morale_losses(st))
    day, left, final = d["day"], days_left(st), last_pass(st)
    for m in d["missions"]:
        if m["done"]:
            continue
        data, mid = missions.spec(m), m["id"]
        actions, res = 0.0, Counter[str]()
        deadline: int | None = None
        if "steps" in data:
            remaining = data["steps"][m["boxes"] :]
            actions = float(len(remaining))
            for step in remaining:
                res.update(step)
            if data.get("new_day"):
                today_used = m["last"] == d["turn"]
                if len(remaining) + today_used > left:
                    found.hopeless = True
            if mid == "destroy-the-train":
                deadline = max(data["days"])
            if mid == "bomb-for-the-officer":
                found.morale = max(found.morale, data["morale"])
        elif mid == "officers-mansion":
            actions = len(data["graffiti"]) - len(m["marks"]) + 1.0
        elif mid == "double-agent":
            actions = len(data["visits"]) - len(m["marks"]) + 1.0 if m["lady"] is None else 1.0
        elif mid == "milice-parade-day":
            actions, res = 1.0, Counter(data["pay"])
            deadline = max(data["days"])
        elif mid == "assassination":
            shots = BOARD.components["soldiers"]["max"] - d["soldiers"]
            actions, res = 0.5 * shots, Counter(weapon=shots)
            found.morale = max(found.morale, shots + 1)
            if shots > left:
                found.hopeless = True
        elif mid == "liberate-the-town":
            res = Counter(weapon=data["weapons"])
            found.morale = max(found.morale, data["morale"])
        elif mid == "coded-messages":
            if not m["keeper"]:
                actions, deadline = 1.0, data["start_by"]
        elif mid == "take-out-the-bridges":
            bridges = len(BOARD.bridges) - m["boxes"] - d["blow"]
            actions, res = float(bridges), Counter({k: n * bridges for k, n in data["pay"].items()})
        if deadline is not None and final:
            if mid == "milice-parade-day":
                usable = [x for x in data["days"] if day <= x < last_box(st)]
                deadline = max(usable) if usable else -1
            if day > deadline:
                found.hopeless = True
            found.deadlines.append((deadline, actions, res))
        found.actions += actions
        found.resources.update(res)
    return found


def resource_work(st: St, need: Counter[str], have: Counter[str], tiles: set[str]) -> float:
    """Actions to gather what `need` asks beyond `have`, with the built `tiles` and the difficulty's
    airdrops (§Fase de acción; tiles: data/cards.toml)."""
    airdrop = st.settings()["airdrop"]
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


def work(st: St, found: Needs, have: Counter[str], tiles: set[str], morale: int) -> float:
    """All the actions still needed: the cards' own, their resources, and the Morale to win back."""
    total = found.actions + resource_work(st, found.resources, have, tiles)
    short = max(found.morale, 1) - (morale - found.losses)
    return total + max(0, short) * RELIEF


def holdings(st: St) -> Counter[str]:
    """Resources held, and those lying on Fields (a pickup away)."""
    have = Counter(st.d["res"])
    for tokens in st.d["fields"].values():
        have.update(tokens)
    return have


def patrols_to_come(st: St) -> int:
    """Patrols still to be placed today (§Fase de colocación), 0 after placement."""
    frame = next((f for f in st.d["stack"] if f["p"] == "placement"), None)
    return int(frame["patrols"] - frame["placed"]) if frame and "patrols" in frame else 0


def capture_risk(st: St) -> dict[str, float]:
    """For each worker on the board, the chance that the patrols still to come today cut off its way
    home or arrest it where it stands (§Colocación de patrulla): each patrol card still in the deck is
    tried on the board as it is, and the chance of one card is compounded over the patrols to come."""
    board = st.d["board"]
    workers = [loc for loc, pawn in board.items() if pawn == "w"]
    patrols = patrols_to_come(st)
    if not workers or not patrols:
        return dict.fromkeys(workers, 0.0)
    cards = st.d["deck"] or st.d["discard"]
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
            hits[loc] += not st.route_home(loc)
        del board[free]
    return {loc: 1.0 - (1.0 - n / len(cards)) ** patrols for loc, n in hits.items()}


def worker_outlook(st: St, loc: str, found: Needs, have: Counter[str], base: float, risk: float) -> float:
    """What a placed worker who has not acted yet is expected to achieve: the best action of its
    location, in actions of work saved; with no escape route, also its arrest (§Ser arrestado), which
    takes the gain away unless the location has the star or the action is a mission's."""
    d = st.d
    tiles = set(d["tiles"].values())
    kept = 1.0 if missions.choices(st, loc) else 0.0
    best = kept
    for action in st.location_choices(loc):
        option = st.option_at(loc, target(action))
        after = Counter(have)
        after.subtract(option.pay)
        after.update(option.gain)
        if option.special == "airdrop":
            packages = st.settings()["airdrop"]
            gain = max(
                base - work(st, found, after + Counter({k: n}), tiles, d["morale"])
                for k, n in packages.items()
            )
            gain -= 1.0
        elif option.special == "recruit":
            gain = base - work(st, found, after, tiles, d["morale"]) + worker_value(st, recruit=True)
        elif option.special == "pickup":
            gain = 1.0
        elif option.special == "build":
            used = set(d["tiles"].values())
            gain = max(
                base - work(st, found, after, tiles | {t}, d["morale"]) for t in BOARD.tiles if t not in used
            )
        else:
            gain = base - work(st, found, after, tiles, d["morale"] + option.morale)
        best = max(best, gain)
    if not st.route_home(loc):
        risk = 1.0
    return (1.0 - risk) * best + risk * ((best if st.star_at(loc) else kept) - worker_value(st))


def crew(workers: int) -> float:
    """Workers as working strength: beyond three, each brings one more patrol onto the board (§Compruebe
    la moral: as many patrols as workers), so it adds less."""
    return min(workers, 3) + 0.5 * max(0, workers - 3)


def worker_value(st: St, recruit: bool = False) -> float:
    """What losing one worker costs (or a recruit brings): its days of work at the margin, and a life
    against losing them all."""
    acting = st.d["home"] + sum(1 for pawn in st.d["board"].values() if pawn == "w") + recruit
    return (days_left(st) - 1) * EFFICIENCY * (crew(acting) - crew(acting - 1)) + WORKER


def margin(st: St, patrol_risk: bool = False) -> float:
    """Capacity minus work (in actions), with bonuses for finished cards and penalties for hopeless ones.
    With `patrol_risk`, placed workers are also weighed by `capture_risk`: for a player that does not
    look ahead at the patrol draws itself (search samples them, and is better without it)."""
    d = st.d
    found = needs(st)
    have, tiles = holdings(st), set(d["tiles"].values())
    base = work(st, found, have, tiles, d["morale"])
    pickups = sum(1.0 for tokens in d["fields"].values() if tokens)
    acting = d["home"] + sum(1 for pawn in d["board"].values() if pawn == "w")
    keepers = sum(1 for m in d["missions"] if m["keeper"])
    left = days_left(st)
    value = left * EFFICIENCY * crew(acting) - base - pickups + WORKER * (acting + keepers)
    for deadline, actions, res in found.deadlines:
        span = max(0, deadline - d["day"] + 1)
        value += min(0.0, span * EFFICIENCY * crew(acting) - actions - resource_work(st, res, have, tiles))
    value += DONE * sum(1 for m in d["missions"] if m["done"])
    if found.hopeless:
        value -= HOPELESS
    risks = capture_risk(st) if patrol_risk else {}
    for loc, pawn in d["board"].items():
        if pawn == "w" and (d["phase"] == "placement" or loc in d["ready"]):
            value += worker_outlook(st, loc, found, have, base, risks.get(loc, 0.0))
        elif pawn == "w" and not st.route_home(loc):
            value -= worker_value(st)
    return float(value)
