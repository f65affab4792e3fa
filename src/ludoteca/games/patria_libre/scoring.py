"""S/PV cards, domination and the end of the game (§Cartas de S/PV, §Activación, §Puntuación, §Dominio
de región, §Premio por dominio, §¿Se puede eliminar a un jugador?, §Condiciones de victoria)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre import military, popularity
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD, COLUMNS, ROLES
from ludoteca.games.patria_libre.popularity import Shift, positive
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

ENEMY = {"insurgent": "royalist", "royalist": "insurgent"}


# --------------------------------------------------------------------------------- S/PV cards
spv = PROCS.proc("spv", rule="spv")


@spv.step()
def _spv(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§Activación de carta de S/PV: supply for every player, the activator first, in turn order."""
    seats = state.d["seats"]
    i = seats.index(frame["r"])
    frame["order"] = seats[i:] + seats[:i]
    frame["i"] = 0
    state.log("log.spv", card=f"@card.{frame['card']}.name")
    state.goto("supply")


@spv.step("supply")
def _spv_supply(state: PatriaState, frame: Frame, action: int | None) -> None:
    if frame["i"] < len(frame["order"]):
        frame["i"] += 1
        state.call("supply", then="supply", r=frame["order"][frame["i"] - 1])
        return
    for r in frame["order"]:
        points = score(state, r, BOARD.cards[frame["card"]].get("region", ""))
        if points:
            state.log("log.scored", who=f"@role.{r}", n=points)
            state.add_vp(r, points)
    state.d["spv_done"].append(frame["card"])
    if military.active(state) and state.d.get("mil_vp_pending"):
        state.call("mil_split", then="scored")
    else:
        state.goto("scored")


@spv.step("scored")
def _spv_scored(state: PatriaState, frame: Frame, action: int | None) -> None:
    if len(state.d["spv_done"]) == len(BOARD.spv) or max(state.d["vp"].values()) >= BOARD.end["vp"]:
        finish(state, "outcome.last_spv" if len(state.d["spv_done"]) == len(BOARD.spv) else "outcome.thirty")
        return
    state.ret()


def score(state: PatriaState, r: str, region: str) -> int:
    """§Puntuación con cartas de S/PV for one player, over the provinces it controls (`points`)."""
    return points({p for p in BOARD.provinces if state.controller(p) == r}, region)


NOWHERE: frozenset[str] = frozenset()
"""The provinces of no region (an S/PV card's region, where there is none)."""


def points(held: AbstractSet[str], region: str) -> int:
    """§Puntuación con cartas de S/PV over the provinces `held` (controlled): (1) their stars, (2) 2 VP a
    province of the card's region, (3) the stars of each region held whole (§Dominio de región)."""
    total = sum(BOARD.stars.get(p, 0) for p in held)
    total += 2 * len(BOARD.region_sets.get(region, NOWHERE) & held)
    total += sum(BOARD.region_stars[g] for g, provinces in BOARD.region_sets.items() if provinces <= held)
    return total


supply = PROCS.proc("supply", rule="spv-supply")


@supply.step()
def _supply(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Each troop costs a coin or a positive popularity level; the leader token is free; what is not
    supplied is abandoned, the owner choosing where. Cards may be sold for coins meanwhile."""
    r = frame["r"]
    if "need" not in frame:
        frame["need"] = sum(1 for t in state.d["troops"].values() if r in t)
    if frame["need"] <= 0:
        state.ret()
        return
    options = [ID[f"abandon {p}"] for p, t in state.d["troops"].items() if r in t]
    if state.d["coins"][r] >= 1:
        options.append(ID["supply coin"])
    options += [ID[f"supply {c}"] for c in COLUMNS if state.d["pop"][r][c][0] > 0]
    options += [ID[f"sell {c}"] for c in sellable(state, r)]
    state.decide(state.idx(r), "supply", options, then="paid", prompt="prompt.supply", n=frame["need"])


@supply.step("paid")
def _supply_paid(state: PatriaState, frame: Frame, action: int) -> None:
    r, what = frame["r"], target(action)
    if action == ID["supply coin"]:
        state.take(r, 1)
    elif what in COLUMNS:
        state.d["pop"][r][what][0] -= 1
    elif what in BOARD.cards:
        sell(state, r, what)
        state.goto("start")
        return
    else:
        del state.d["troops"][what][r]
        state.log("log.abandon", who=f"@role.{r}", prov=f"@province.{what}")
    frame["need"] -= 1
    state.goto("start")


def sellable(state: PatriaState, r: str) -> list[str]:
    """§En mi turno: any character or event card in the area may be exchanged for a coin (prisoners are
    eliminated instead)."""
    return [
        c
        for c in state.d["area"][r]
        if BOARD.cards[c]["type"] in ("character", "event") and c not in state.d["captured_from"]
    ]


def sell(state: PatriaState, r: str, card: str) -> None:
    state.d["area"][r].remove(card)
    state.d["discard"].append(card)
    state.log("log.sell", who=f"@role.{r}", card=f"@card.{card}.name")
    state.give(r, 1)


# -------------------------------------------------------------------------------- settling up
settle = PROCS.proc("settle", rule="domination")


@settle.step()
def _settle(state: PatriaState, frame: Frame, action: int | None) -> None:
    """After every action: forts change hands, domination markers come and go (with the prize), a
    player left with nothing on the map is dealt with, sixth cards are discarded, and the game may end."""
    d = state.d
    for prov, fort in d["forts"].items():
        if fort[1] is not None and not state.present(fort[1], prov):
            fort[1] = None
        if fort[1] is None:
            there = state.players_in(prov)
            if len(there) == 1:
                fort[1] = there[0]
    for region in list(d["dominated"]):
        if not any(d["troops"][p] for p in BOARD.regions[region]):
            del d["dominated"][region]
            state.log("log.domination_lost", region=f"@region.{region}")
    with state.still():  # control asked once a province, by the domination markers and by the end
        ruling = next(
            (
                (region, ruler)
                for region, provinces in BOARD.regions.items()
                if region not in d["dominated"]
                and (ruler := state.controller(provinces[0]))
                and state.dominates(ruler, region)
            ),
            None,
        )
        outcome = "" if ruling else end_reached(state)  # what follows changes neither troops nor points
    if ruling:
        d["dominated"][ruling[0]] = ruling[1]
        state.call("prize", then="start", r=ruling[1], region=ruling[0])
        return
    for r in d["seats"]:
        if d["wiped"][r] and state.on_map(r):
            d["wiped"][r] = False
        if not state.on_map(r) and not d["wiped"][r]:
            d["wiped"][r] = True
            state.log("log.wiped", who=f"@role.{r}")
            state.call("wiped", then="start", r=r)
            return
        if len(d["area"][r]) > BOARD.pieces["area_limit"]:
            state.decide(
                state.idx(r),
                "discard",
                [ID[f"discard {c}"] for c in d["area"][r]],
                then="discarded",
                prompt="prompt.discard",
                who=f"@role.{r}",
            )
            frame["who"] = r
            return
    if outcome:
        finish(state, outcome)
        return
    state.ret()


@settle.step("discarded")
def _settle_discarded(state: PatriaState, frame: Frame, action: int) -> None:
    """§Comprar carta: a sixth card — bought, recovered or captured — means one card goes for a coin."""
    card, r = target(action), frame["who"]
    state.d["area"][r].remove(card)
    state.d["captured_from"].pop(card, None)
    state.d["discard"].append(card)
    state.log("log.sell", who=f"@role.{r}", card=f"@card.{card}.name")
    state.give(r, 1)
    state.goto("start")


prize = PROCS.proc("prize", rule="domination-prize")


@prize.step()
def _prize(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§Premio por dominio: the region's coins and stars, and a popularity level per fort half there."""
    r, region = frame["r"], frame["region"]
    state.log("log.domination", who=f"@role.{r}", region=f"@region.{region}")
    state.give(r, BOARD.region_mines[region])
    state.add_vp(r, BOARD.region_stars[region])
    halves = sum(state.d["forts"][p][0] for p in BOARD.regions[region] if p in state.d["forts"])
    state.replace(popularity.gain, Shift(r=r, n=halves))


wiped_loses = PROCS.proc("wiped.lose", rule="wiped")


@wiped_loses.step()
def _wiped_loses(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.replace(popularity.lose, Shift(r=frame["r"], n=1))


PROCS.sequence("wiped", "wiped", "wiped.lose", "reorganize")
"""§¿Se puede eliminar a un jugador?: a level of popularity lost and the orders reorganised at once."""


# ---------------------------------------------------------------------------------- the end
def flags_held(state: PatriaState, r: str) -> int:
    """The enemy flag provinces `r` controls (§Condiciones de victoria 2: "las tres provincias con
    banderas enemigas")."""
    enemy, troops = ENEMY.get(state.side(r)), state.d["troops"]
    return sum(1 for p in BOARD.flags.get(enemy or "", []) if r in troops[p] and state.controller(p) == r)


def flag_provinces_held(state: PatriaState, r: str) -> int:
    """The flag provinces of either side that `r` controls: the tie-break's "más provincias con banderas"
    (§Condiciones de victoria) names no side, where the rulebook means the enemy's it says so."""
    return sum(1 for flags in BOARD.flags.values() for p in flags if state.controller(p) == r)


def end_reached(state: PatriaState) -> str:
    """§Condiciones de victoria 1–3 outside an S/PV scoring: a 10-point lead, the three enemy flags,
    30 points (the 5th S/PV card ends the game in `_spv_scored`)."""
    vp = state.d["vp"]
    if abs(vp["insurgent"] - vp["royalist"]) >= BOARD.end["lead"]:
        return "outcome.lead"
    if any(flags_held(state, r) == 3 for r in state.d["seats"]):
        return "outcome.flags"
    if max(vp.values()) >= BOARD.end["vp"]:
        return "outcome.thirty"
    return military.check_end(state) or ""


def side_total(state: PatriaState, side: str, measure: str) -> int:
    members = [r for r in state.d["seats"] if state.side(r) == side]
    if measure == "supply":
        return sum(positive(state, r) + state.d["coins"][r] for r in members)
    if measure == "flags":
        return sum(flag_provinces_held(state, r) for r in members)
    if measure == "enemy_flags":
        return sum(flags_held(state, r) for r in members)
    return sum(1 for p in BOARD.ids if state.controller(p) in members)


def winner(state: PatriaState, outcome: str) -> tuple[str, str]:
    """The winning side and the tie-break used (§Condiciones de victoria): most VP; then supply capacity
    (positive popularity and pesos), flag provinces of either side controlled, provinces controlled; then
    the royalists."""
    if outcome == "outcome.flags":
        r = next(r for r in state.d["seats"] if flags_held(state, r) == 3)
        return state.side(r), ""
    vp = state.d["vp"]
    if vp["insurgent"] != vp["royalist"]:
        return ("insurgent" if vp["insurgent"] > vp["royalist"] else "royalist"), ""
    for measure in ("supply", "flags", "provinces"):
        ins, roy = side_total(state, "insurgent", measure), side_total(state, "royalist", measure)
        if ins != roy:
            return ("insurgent" if ins > roy else "royalist"), measure
    return "royalist", "royalists"


def finish(state: PatriaState, outcome: str) -> None:
    """End the game: +1 for the winning side's seats, −1 for the others, 0 for the roles not in play."""
    if military.active(state):
        state.replace("mil_finish", outcome=outcome)
        return
    side, tiebreak = winner(state, outcome)
    returns = [0.0] * len(ROLES)
    for r in state.d["seats"]:
        returns[ROLES.index(r)] = 1.0 if state.side(r) == side else -1.0
    vp = state.d["vp"]
    state.end_game(
        outcome,
        returns,
        winner=f"@side.{side}",
        tiebreak=f"@tiebreak.{tiebreak or 'none'}",
        winning_side=side,
        tiebreak_used=tiebreak,
        insurgent=vp["insurgent"],
        royalist=vp["royalist"],
    )
