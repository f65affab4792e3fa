"""S/PV cards, domination and the end of the game (§Cartas de S/PV, §Activación, §Puntuación, §Dominio
de región, §Premio por dominio, §¿Se puede eliminar a un jugador?, §Condiciones de victoria)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre import military
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD, COLUMNS, ROLES
from ludoteca.games.patria_libre.popularity import positive
from ludoteca.games.patria_libre.procs import PROCS
from ludoteca.games.patria_libre.seats import seat_decides

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState as St

A = int | None
ENEMY = {"insurgent": "royalist", "royalist": "insurgent"}


# --------------------------------------------------------------------------------- S/PV cards
spv = PROCS.proc("spv", rule="spv")


@spv.step()
def _spv(st: St, f: Frame, a: A) -> None:
    """§Activación de carta de S/PV: supply for every player, the activator first, in turn order."""
    seats = st.d["seats"]
    i = seats.index(f["r"])
    f["order"] = seats[i:] + seats[:i]
    f["i"] = 0
    st.log("log.spv", card=f"@card.{f['card']}.name")
    st.goto("supply")


@spv.step("supply")
def _spv_supply(st: St, f: Frame, a: A) -> None:
    if f["i"] < len(f["order"]):
        f["i"] += 1
        st.call("supply", then="supply", r=f["order"][f["i"] - 1])
        return
    for r in f["order"]:
        points = score(st, r, BOARD.cards[f["card"]].get("region", ""))
        if points:
            st.log("log.scored", who=f"@role.{r}", n=points)
            st.add_vp(r, points)
    st.d["spv_done"].append(f["card"])
    if military.active(st) and st.d.get("mil_vp_pending"):
        st.call("mil_split", then="scored")
    else:
        st.goto("scored")


@spv.step("scored")
def _spv_scored(st: St, f: Frame, a: A) -> None:
    if len(st.d["spv_done"]) == len(BOARD.spv) or max(st.d["vp"].values()) >= BOARD.end["vp"]:
        finish(st, "outcome.last_spv" if len(st.d["spv_done"]) == len(BOARD.spv) else "outcome.thirty")
        return
    st.ret()


def score(st: St, r: str, region: str) -> int:
    """§Puntuación con cartas de S/PV for one player: (1) the starred provinces controlled, (2) 2 VP a
    province controlled in the card's region, (3) the stars of each region dominated."""
    points = sum(n for p, n in BOARD.stars.items() if st.controller(p) == r)
    points += sum(2 for p in BOARD.regions.get(region, ()) if st.controller(p) == r)
    points += sum(BOARD.region_stars[g] for g in BOARD.regions if st.dominates(r, g))
    return points


supply = PROCS.proc("supply", rule="spv-supply")


@supply.step()
def _supply(st: St, f: Frame, a: A) -> None:
    """Each troop costs a coin or a positive popularity level; the leader token is free; what is not
    supplied is abandoned, the owner choosing where. Cards may be sold for coins meanwhile."""
    r = f["r"]
    if "need" not in f:
        f["need"] = sum(1 for t in st.d["troops"].values() if r in t)
    if f["need"] <= 0:
        st.ret()
        return
    options = [ID[f"abandon {p}"] for p, t in st.d["troops"].items() if r in t]
    if st.d["coins"][r] >= 1:
        options.append(ID["supply coin"])
    options += [ID[f"supply {c}"] for c in COLUMNS if st.d["pop"][r][c][0] > 0]
    options += [ID[f"sell {c}"] for c in sellable(st, r)]
    seat_decides(st, r, "supply", options, "paid", "prompt.supply", n=f["need"])


@supply.step("paid")
def _supply_paid(st: St, f: Frame, a: A) -> None:
    assert a is not None
    r, what = f["r"], target(a)
    if a == ID["supply coin"]:
        st.take(r, 1)
    elif what in COLUMNS:
        st.d["pop"][r][what][0] -= 1
    elif what in BOARD.cards:
        sell(st, r, what)
        st.goto("start")
        return
    else:
        del st.d["troops"][what][r]
        st.log("log.abandon", who=f"@role.{r}", prov=f"@province.{what}")
    f["need"] -= 1
    st.goto("start")


def sellable(st: St, r: str) -> list[str]:
    """§En mi turno: any character or event card in the area may be exchanged for a coin (prisoners are
    eliminated instead)."""
    return [
        c
        for c in st.d["area"][r]
        if BOARD.cards[c]["type"] in ("character", "event") and c not in st.d["captured_from"]
    ]


def sell(st: St, r: str, card: str) -> None:
    st.d["area"][r].remove(card)
    st.d["discard"].append(card)
    st.log("log.sell", who=f"@role.{r}", card=f"@card.{card}.name")
    st.give(r, 1)


# -------------------------------------------------------------------------------- settling up
settle = PROCS.proc("settle", rule="domination")


@settle.step()
def _settle(st: St, f: Frame, a: A) -> None:
    """After every action: forts change hands, domination markers come and go (with the prize), a
    player left with nothing on the map is dealt with, sixth cards are discarded, and the game may end."""
    d = st.d
    for prov, fort in d["forts"].items():
        if fort[1] is not None and not st.present(fort[1], prov):
            fort[1] = None
        if fort[1] is None:
            there = st.players_in(prov)
            if len(there) == 1:
                fort[1] = there[0]
    for region in list(d["dominated"]):
        if not any(d["troops"][p] for p in BOARD.regions[region]):
            del d["dominated"][region]
            st.log("log.domination_lost", region=f"@region.{region}")
    for region in BOARD.regions:
        if region in d["dominated"]:
            continue
        ruler = st.controller(BOARD.regions[region][0])
        if ruler and st.dominates(ruler, region):
            d["dominated"][region] = ruler
            st.call("prize", then="start", r=ruler, region=region)
            return
    for r in d["seats"]:
        if d["wiped"][r] and st.on_map(r):
            d["wiped"][r] = False
        if not st.on_map(r) and not d["wiped"][r]:
            d["wiped"][r] = True
            st.log("log.wiped", who=f"@role.{r}")
            st.call("wiped", then="start", r=r)
            return
        if len(d["area"][r]) > BOARD.pieces["area_limit"]:
            seat_decides(
                st,
                r,
                "discard",
                [ID[f"discard {c}"] for c in d["area"][r]],
                "discarded",
                "prompt.discard",
                who=f"@role.{r}",
            )
            f["who"] = r
            return
    outcome = end_reached(st)
    if outcome:
        finish(st, outcome)
        return
    st.ret()


@settle.step("discarded")
def _settle_discarded(st: St, f: Frame, a: A) -> None:
    """§Comprar carta: a sixth card — bought, recovered or captured — means one card goes for a coin."""
    assert a is not None
    card, r = target(a), f["who"]
    st.d["area"][r].remove(card)
    st.d["captured_from"].pop(card, None)
    st.d["discard"].append(card)
    st.log("log.sell", who=f"@role.{r}", card=f"@card.{card}.name")
    st.give(r, 1)
    st.goto("start")


prize = PROCS.proc("prize", rule="domination-prize")


@prize.step()
def _prize(st: St, f: Frame, a: A) -> None:
    """§Premio por dominio: the region's coins and stars, and a popularity level per fort half there."""
    r, region = f["r"], f["region"]
    st.log("log.domination", who=f"@role.{r}", region=f"@region.{region}")
    st.give(r, BOARD.region_mines[region])
    st.add_vp(r, BOARD.region_stars[region])
    halves = sum(st.d["forts"][p][0] for p in BOARD.regions[region] if p in st.d["forts"])
    st.replace("gain", r=r, n=halves)


wiped = PROCS.proc("wiped", rule="wiped")


@wiped.step()
def _wiped(st: St, f: Frame, a: A) -> None:
    """§¿Se puede eliminar a un jugador?: a level of popularity lost and the orders reorganised at once."""
    st.call("lose", then="reorganise", r=f["r"], n=1)


@wiped.step("reorganise")
def _wiped_reorganise(st: St, f: Frame, a: A) -> None:
    st.replace("faces", r=f["r"], todo=[k for k, t in enumerate(st.d["tokens"][f["r"]]) if t[1] is None])


# ---------------------------------------------------------------------------------- the end
def flags_held(st: St, r: str) -> int:
    enemy = ENEMY.get(st.side(r))
    return sum(1 for p in BOARD.flags.get(enemy or "", []) if st.controller(p) == r)


def end_reached(st: St) -> str:
    """§Condiciones de victoria 1–3 outside an S/PV scoring: a 10-point lead, the three enemy flags,
    30 points (the 5th S/PV card ends the game in `_spv_scored`)."""
    vp = st.d["vp"]
    if abs(vp["insurgent"] - vp["royalist"]) >= BOARD.end["lead"]:
        return "outcome.lead"
    if any(flags_held(st, r) == 3 for r in st.d["seats"]):
        return "outcome.flags"
    if max(vp.values()) >= BOARD.end["vp"]:
        return "outcome.thirty"
    return military.check_end(st) or ""


def side_total(st: St, side: str, measure: str) -> int:
    members = [r for r in st.d["seats"] if st.side(r) == side]
    if measure == "supply":
        return sum(positive(st, r) + st.d["coins"][r] for r in members)
    if measure == "flags":
        return sum(flags_held(st, r) for r in members)
    return sum(1 for p in BOARD.ids if st.controller(p) in members)


def winner(st: St, outcome: str) -> tuple[str, str]:
    """The winning side and the tie-break used (§Condiciones de victoria): most VP; then supply capacity
    (positive popularity and pesos), flag provinces controlled, provinces controlled; then the royalists."""
    if outcome == "outcome.flags":
        r = next(r for r in st.d["seats"] if flags_held(st, r) == 3)
        return st.side(r), ""
    vp = st.d["vp"]
    if vp["insurgent"] != vp["royalist"]:
        return ("insurgent" if vp["insurgent"] > vp["royalist"] else "royalist"), ""
    for measure in ("supply", "flags", "provinces"):
        ins, roy = side_total(st, "insurgent", measure), side_total(st, "royalist", measure)
        if ins != roy:
            return ("insurgent" if ins > roy else "royalist"), measure
    return "royalist", "royalists"


def finish(st: St, outcome: str) -> None:
    """End the game: +1 for the winning side's seats, −1 for the others, 0 for the roles not in play."""
    if military.active(st):
        st.replace("mil_finish", outcome=outcome)
        return
    side, tiebreak = winner(st, outcome)
    returns = [0.0] * len(ROLES)
    for r in st.d["seats"]:
        returns[ROLES.index(r)] = 1.0 if st.side(r) == side else -1.0
    vp = st.d["vp"]
    st.end_game(
        outcome,
        returns,
        winner=f"@side.{side}",
        tiebreak=f"@tiebreak.{tiebreak or 'none'}",
        winning_side=side,
        tiebreak_used=tiebreak,
        insurgent=vp["insurgent"],
        royalist=vp["royalist"],
    )


def evaluate(st: St) -> list[float]:
    """Prospects on the returns' scale: the side's VP margin, measured against the 10-point lead that
    ends the game, with a nudge for enemy flag provinces held."""
    vp = st.d["vp"]
    values = [0.0] * len(ROLES)
    for r in st.d["seats"]:
        side = st.side(r)
        other = ENEMY.get(side)
        if other is None:
            values[ROLES.index(r)] = military.prospects(st)
            continue
        margin = (vp[side] - vp[other]) / BOARD.end["lead"] + 0.1 * (
            side_total(st, side, "flags") - side_total(st, other, "flags")
        )
        values[ROLES.index(r)] = math.tanh(2 * margin)
    return values
