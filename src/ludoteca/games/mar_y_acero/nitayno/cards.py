"""The Nitayno cards (§5.2, §5.3.2): the solo special phase, each card effect, and the turn-6 last impulse.

Each effect is the procedure ``nitayno.effect`` run on one table of `data/nitayno.toml`; it returns whether
it could be carried out. When it could not, §5.3.2 draws another card for that purpose only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.mar_y_acero.actions import act, arg
from ludoteca.games.mar_y_acero.activation import build_targets
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.deploy import held
from ludoteca.games.mar_y_acero.dice import face, move_support, roll
from ludoteca.games.mar_y_acero.nitayno.data import NITAYNO, faces
from ludoteca.games.mar_y_acero.nitayno.extraction import draw_area, memory, piece_of, snapshot
from ludoteca.games.mar_y_acero.nitayno.plan import (
    garrison,
    hit_order,
    raid_victim,
    strongest,
    superiority,
)
from ludoteca.games.mar_y_acero.pieces import (
    KINDS,
    draw_unit,
    find,
    key,
    pieces,
    place,
    present,
    remove,
    take_from_bag,
    take_hit,
    units,
    update_control,
)
from ludoteca.games.mar_y_acero.procs import PROCS, A, Frame

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState as St

DECKS = ("turn2", "turns3-6")


def card_key(card: int) -> str:
    return f"@nitayno.card.{card}"


# --------------------------------------------------------------------------- §5.3.2 the special phase
special = PROCS.proc("nitayno.special_phase", rule="5.3.2")


@special.step()
def _special(st: St, f: Frame, a: A) -> None:
    """Draw a card from the deck of the turn and apply the row the VP marker selects."""
    mem = memory(st)
    mem.setdefault("decks", {deck: NITAYNO.deck(deck) for deck in DECKS})
    deck = "turn2" if st.d["turn"] == 2 else "turns3-6"
    st.call("nitayno.card", then="done", deck=deck, part="row")


@special.step("done")
def _special_done(st: St, f: Frame, a: A) -> None:
    f.pop("ret", None)
    update_control(st)
    st.ret()


card_proc = PROCS.proc("nitayno.card", rule="5.3.2")


@card_proc.step()
def _card(st: St, f: Frame, a: A) -> None:
    """Draw a card (a chance node) from `deck`; `part` is the top row or the turn-6 bottom."""
    pool = memory(st)["decks"][f["deck"]]
    if not pool:
        st.log("nitayno.deck_empty")
        st.ret(False)
        return
    st.chance({act(f"nitayno {c}"): 1 for c in pool}, then="drawn")


@card_proc.step("drawn")
def _card_drawn(st: St, f: Frame, a: A) -> None:
    assert a is not None
    card = int(arg(a))
    mem = memory(st)
    mem["decks"][f["deck"]].remove(card)
    st.reveal()
    spec = NITAYNO.cards[card]
    if f["part"] == "row":
        mem["card"] = f.setdefault("first", card)  # the card whose bottom serves in turn 6
        f["effects"] = [dict(e) for e in spec.row(st.d["vp"])]
        st.log("nitayno.card_row", card=card_key(card), vp=st.d["vp"])
    else:
        f["effects"] = [dict(e) for e in spec.bottom]
        st.log("nitayno.card_bottom", card=card_key(card))
    f["card"] = card
    st.goto("apply")


@card_proc.step("apply")
def _card_apply(st: St, f: Frame, a: A) -> None:
    if "ret" in f and not f.pop("ret"):
        st.log("nitayno.cannot", card=card_key(f["card"]))
        st.goto("start")  # §5.3.2: another card, for this purpose only
        return
    if not f["effects"]:
        st.ret(True)
        return
    st.call("nitayno.effect", then="apply", effect=f["effects"].pop(0), card=f["card"])


# ------------------------------------------------------------------------------------ the effects
effect = PROCS.proc("nitayno.effect", rule="5.3.2")


@effect.step()
def _effect(st: St, f: Frame, a: A) -> None:
    e = f["effect"]
    kind = e["kind"]
    d = st.d
    if kind == "roll":
        roll(st, "rolled")
        return
    if kind == "nothing":
        st.log("nitayno.nothing")
        st.ret(True)
        return
    if kind == "royal_support":
        before = d["rs"]
        move_support(st, e["n"])
        st.ret(d["rs"] != before)
        return
    if kind in ("naval_difficulty", "stacking", "nitayno_reroll", "spanish_dice"):
        turn_flag(st, e)
        st.ret(True)
        return
    if kind == "colon_hit":
        area = next((x for x in AREAS if any(p[0] == "colon" for p in pieces(st, x, "es"))), None)
        if area is None:
            st.ret(False)
            return
        take_hit(st, area, "es", key(next(p for p in pieces(st, area, "es") if p[0] == "colon")))
        st.log("nitayno.colon_hit", area=area)
        update_control(st)
        st.ret(True)
        return
    f["left"] = abs(int(e.get("n", 1)))
    f["done"] = 0
    st.goto(kind if kind in STEPS else "bottom")


STEPS = ("spanish_units", "indigenous_units", "palisade", "citadel")


def turn_flag(st: St, e: dict[str, Any]) -> None:
    """Effects that hold for the rest of the turn (cards 45, 48–50)."""
    d, mem, kind = st.d, memory(st), e["kind"]
    if kind == "naval_difficulty":
        d["flags"]["naval"] = True
    elif kind == "stacking":
        d["limit"]["ind"] = int(e["n"])
    elif kind == "nitayno_reroll":
        mem["reroll_turn"] = d["turn"]
    else:
        mem["es_die"] = int(e["n"])
    st.log(f"nitayno.flag.{kind}", n=e.get("n", 0))


@effect.step("rolled")
def _effect_rolled(st: St, f: Frame, a: A) -> None:
    die = face(a)
    row = next(v for spec, v in f["effect"]["faces"].items() if die in faces(spec))
    st.log("nitayno.rolled", die=die)
    f["queue"] = [dict(x) for x in row]
    f["ok"] = True
    st.goto("queue")


@effect.step("queue")
def _effect_queue(st: St, f: Frame, a: A) -> None:
    if "ret" in f:
        f["ok"] = f["ok"] and bool(f.pop("ret"))
    if not f["queue"]:
        st.ret(f["ok"])
        return
    st.call("nitayno.effect", then="queue", effect=f["queue"].pop(0), card=f["card"])


def finish(st: St, f: Frame) -> None:
    """The effect is done: it counts as carried out if at least one item was."""
    update_control(st)
    st.ret(f["done"] > 0)


# ----------------------------------------------------------------------------- Spanish units ±n
@effect.step("spanish_units")
def _spanish_units(st: St, f: Frame, a: A) -> None:
    e = f["effect"]
    if not f["left"]:
        finish(st, f)
        return
    if e["n"] > 0:
        f["valid"] = [
            x for x in held(st, "es") if present(st, x, "es") and units(st, x, "es") < st.d["limit"]["es"]
        ]
        if not f["valid"] or not draw_unit(st, e["bag"], "es_drawn"):
            finish(st, f)
        return
    valid = [x for x in AREAS if any(KINDS[p[0]].bag == e["bag"] for p in pieces(st, x, "es"))]
    if not valid:
        finish(st, f)
        return
    draw_area(st, valid, then="es_remove", why="card")


@effect.step("es_drawn")
def _es_drawn(st: St, f: Frame, a: A) -> None:
    f["kind"] = take_from_bag(st, a)
    draw_area(st, f["valid"], then="es_place", why="card")


@effect.step("es_place")
def _es_place(st: St, f: Frame, a: A) -> None:
    area = f.pop("ret")
    place(st, area, "es", f["kind"])
    st.log("log.deployed", faction="@faction.es", kind=f"@kind.{f['kind']}", area=area)
    f["left"] -= 1
    f["done"] += 1
    st.goto("spanish_units")


@effect.step("es_remove")
def _es_remove(st: St, f: Frame, a: A) -> None:
    area = f.pop("ret")
    bag = f["effect"]["bag"]
    here = [(i, key(p)) for i, p in enumerate(pieces(st, area, "es")) if KINDS[p[0]].bag == bag]
    victim = raid_victim([piece_of(i, True, k) for i, k in here], spanish=True)
    assert victim is not None
    k = f"{victim.kind}.r" if victim.reduced else victim.kind
    remove(st, area, "es", find(st, area, "es", k))
    st.log("log.lost", kind=f"@kind.{victim.kind}", area=area)
    f["left"] -= 1
    f["done"] += 1
    st.goto("spanish_units")


# ------------------------------------------------------------------------------ Indigenous units ±n
@effect.step("indigenous_units")
def _indigenous_units(st: St, f: Frame, a: A) -> None:
    e = f["effect"]
    bag = e["bag"]
    if e["n"] > 0:
        n = min(f["left"], sum(st.d["bags"][bag].values()))
        if not n:
            st.ret(False)
            return
        f["done"] = n
        st.call("deploy", then="deployed", fac="ind", bags=[bag] * n, rule="not_spanish", card=f["card"])
        return
    if not f["left"]:
        finish(st, f)
        return
    valid = [x for x in AREAS if any(KINDS[p[0]].bag == bag for p in pieces(st, x, "ind"))]
    if not valid:
        finish(st, f)
        return
    draw_area(st, valid, then="ind_remove", why="card")


@effect.step("deployed")
def _deployed(st: St, f: Frame, a: A) -> None:
    f.pop("ret", None)
    finish(st, f)


@effect.step("ind_remove")
def _ind_remove(st: St, f: Frame, a: A) -> None:
    """The Nitayno gives up the unit it would give up first in combat (its hit order)."""
    area = f.pop("ret")
    bag = f["effect"]["bag"]
    here = [(i, key(p)) for i, p in enumerate(pieces(st, area, "ind")) if KINDS[p[0]].bag == bag]
    victim = hit_order([piece_of(i, False, k) for i, k in here])[0]
    k = f"{victim.kind}.r" if victim.reduced else victim.kind
    remove(st, area, "ind", find(st, area, "ind", k))
    st.log("log.lost", kind=f"@kind.{victim.kind}", area=area)
    f["left"] -= 1
    f["done"] += 1
    st.goto("indigenous_units")


# ---------------------------------------------------------------------------- palisades, citadels
@effect.step("palisade")
def _palisade(st: St, f: Frame, a: A) -> None:
    d = st.d
    if not f["left"]:
        finish(st, f)
        return
    valid = build_targets(st, "palisade") if f["effect"]["n"] > 0 else list(d["pal"])  # §4.4.2
    if not valid:
        finish(st, f)
        return
    draw_area(st, valid, then="fortified", why="card")


@effect.step("citadel")
def _citadel(st: St, f: Frame, a: A) -> None:
    if not f["left"] or not st.d["cit"]:
        finish(st, f)
        return
    draw_area(st, list(st.d["cit"]), then="fortified", why="card")


@effect.step("fortified")
def _fortified(st: St, f: Frame, a: A) -> None:
    area = f.pop("ret")
    d = st.d
    kind = f["effect"]["kind"]
    store = d["pal"] if kind == "palisade" else d["cit"]
    if f["effect"]["n"] > 0:
        store.append(area)
        st.log("log.built_palisade", area=area)
    else:
        store.remove(area)
        st.log(f"nitayno.removed_{kind}", area=area)
    f["left"] -= 1
    f["done"] += 1
    st.goto(kind)


# ------------------------------------------------------------------ §5.3.5 the last impulse of turn 6
last = PROCS.proc("nitayno.last_impulse", rule="5.3.5")


@last.step()
def _last(st: St, f: Frame, a: A) -> None:
    """The bottom of the card drawn this turn replaces the Nitayno's last impulse (§5.3.2)."""
    mem = memory(st)
    card = mem.get("card")
    if card is None:
        st.call("impulse", then="done", fac="ind")
        return
    spec = NITAYNO.cards[card]
    st.log("nitayno.card_bottom", card=card_key(card))
    f["card"] = card
    st.call("nitayno.effects", then="applied", effects=[dict(e) for e in spec.bottom], card=card)


@last.step("applied")
def _last_applied(st: St, f: Frame, a: A) -> None:
    if f.pop("ret"):
        st.goto("then")
        return
    st.log("nitayno.cannot", card=card_key(f["card"]))
    st.call("nitayno.card", then="redrawn", deck="turns3-6", part="bottom")


@last.step("redrawn")
def _last_redrawn(st: St, f: Frame, a: A) -> None:
    if not f.pop("ret"):
        st.call("impulse", then="done", fac="ind")
        return
    st.goto("then")


@last.step("then")
def _last_then(st: St, f: Frame, a: A) -> None:
    """Card 45's bottom only changes the Spanish dice: the Nitayno then plays its impulse as usual."""
    if "es_die" in memory(st):
        st.call("impulse", then="done", fac="ind")
        return
    st.goto("done")


@last.step("done")
def _last_done(st: St, f: Frame, a: A) -> None:
    f.pop("ret", None)
    memory(st).pop("es_die", None)
    update_control(st)
    st.ret()


effects = PROCS.proc("nitayno.effects", rule="5.3.2")


@effects.step()
def _effects(st: St, f: Frame, a: A) -> None:
    """A list of effects in order; carried out if each was."""
    f.setdefault("ok", True)
    if "ret" in f:
        f["ok"] = f["ok"] and bool(f.pop("ret"))
    if not f["effects"]:
        st.ret(f["ok"])
        return
    st.call("nitayno.effect", then="start", effect=f["effects"].pop(0), card=f["card"])


@effect.step("bottom")
def _bottom(st: St, f: Frame, a: A) -> None:
    kind = f["effect"]["kind"]
    st.replace(f"nitayno.{kind}", effect=f["effect"], card=f["card"])


# clear_area: a Spanish-held area keeps `keep` Spanish non-leader units (cards 44, 52)
clear_area = PROCS.proc("nitayno.clear_area", rule="5.3.2")


@clear_area.step()
def _clear_area(st: St, f: Frame, a: A) -> None:
    keep = f["effect"]["keep"]
    valid = [x for x in AREAS if st.d["ctrl"][x - 1] == "es" and units(st, x, "es") > keep]
    if not valid:
        st.ret(False)
        return
    draw_area(st, valid, then="drawn", why="card")


@clear_area.step("drawn")
def _clear_area_drawn(st: St, f: Frame, a: A) -> None:
    area = f.pop("ret")
    while units(st, area, "es") > f["effect"]["keep"]:
        here = [(i, key(p)) for i, p in enumerate(pieces(st, area, "es")) if not KINDS[p[0]].leader]
        victim = raid_victim([piece_of(i, True, k) for i, k in here], spanish=True)
        assert victim is not None
        remove(st, area, "es", find(st, area, "es", f"{victim.kind}.r" if victim.reduced else victim.kind))
        st.log("log.lost", kind=f"@kind.{victim.kind}", area=area)
    update_control(st)
    st.ret(True)


# converge: attack 2VP areas from up to 3 origin areas, with no movement limits (cards 47, 48)
converge = PROCS.proc("nitayno.converge", rule="5.3.2")


@converge.step()
def _converge(st: St, f: Frame, a: A) -> None:
    f.setdefault("left", f["effect"]["areas"])
    f.setdefault("hit", 0)
    valid = [x for x in BOARD.tracks["scroll_areas"] if st.d["ctrl"][x - 1] == "es"]
    if not f["left"] or not valid:
        st.ret(f["hit"] > 0)
        return
    f["left"] -= 1
    draw_area(st, valid, then="target", why="converge")


@converge.step("target")
def _converge_target(st: St, f: Frame, a: A) -> None:
    """Up to 3 origin areas with the most units send their strongest, keeping their garrisons (§5.1),
    up to the stacking limit in the target."""
    target = f.pop("ret")
    snap = snapshot(st)
    origins = [x for x in AREAS if x != target and snap[x].units(False) and not snap[x].side(True)]
    origins.sort(key=lambda x: (-len(snap[x].units(False)) + garrison(snap[x]), -x))
    room = st.d["limit"]["ind"] - units(st, target, "ind")
    used = []
    for x in origins[:3]:
        spare = len(snap[x].units(False)) - garrison(snap[x])
        for p in strongest(snap[x].units(False), snap[target], attacking=True)[: max(0, min(spare, room))]:
            move_piece(st, x, target, f"{p.kind}.r" if p.reduced else p.kind)
            room -= 1
            if x not in used:
                used.append(x)
    if not used:
        st.goto("start")
        return
    f["hit"] += 1
    st.log("nitayno.converges", area=target, origins=", ".join(map(str, used)))
    st.call("combat", then="fought", area=target, att="ind", origin=used)


@converge.step("fought")
def _converge_fought(st: St, f: Frame, a: A) -> None:
    update_control(st)
    st.goto("start")


def move_piece(st: St, src: int, dst: int, k: str) -> None:
    piece = find(st, src, "ind", k)
    pieces(st, src, "ind").remove(piece)
    pieces(st, dst, "ind").append(piece)
    st.log("log.move", kind=f"@kind.{piece[0]}", area=src, to=dst, how="@how.basic")


# taino_assault: every Taíno unit attacks or raids wherever it can (cards 49, 51)
assault = PROCS.proc("nitayno.taino_assault", rule="5.3.2")


@assault.step()
def _assault(st: St, f: Frame, a: A) -> None:
    if "areas" not in f:
        f["areas"] = [
            x for x in reversed(AREAS) if any(KINDS[p[0]].bag == "taino" for p in pieces(st, x, "ind"))
        ]
        f["hit"] = 0
    f.pop("ret", None)
    update_control(st)
    while f["areas"]:
        src = f["areas"].pop(0)
        tainos = [p for p in pieces(st, src, "ind") if KINDS[p[0]].bag == "taino"]
        snap = snapshot(st)
        near = [x for x in snap.neighbours(src) if snap[x].units(True)]
        if not tainos or not near:
            continue
        near.sort(key=lambda x: (-int(snap[x].two_vp), -len(snap[x].units(True)), x))
        target = near[0]
        f["hit"] += 1
        movers = [piece_of(i, False, key(p)) for i, p in enumerate(tainos)]
        room = st.d["limit"]["ind"] - units(st, target, "ind")
        movers = strongest(movers, snap[target], attacking=True)[: max(0, room)]
        if movers and superiority(movers, snap[target].side(True), snap[target], True):
            for p in movers:
                move_piece(st, src, target, f"{p.kind}.r" if p.reduced else p.kind)
            st.log("nitayno.assault_attacks", area=src, to=target)
            st.call("combat", then="start", area=target, att="ind", origin=[src])
            return
        st.log("nitayno.assault_raids", area=src, to=target)
        st.call("raid", then="start", fac="ind", src=src, dst=target)
        return
    st.ret(f["hit"] > 0)


# objective (card 46, reconstructed): the Objetivo marker and a volley of raids
objective = PROCS.proc("nitayno.objective", rule="5.3.2")


@objective.step()
def _objective(st: St, f: Frame, a: A) -> None:
    """The Objetivo marker goes on the Spanish-held area with the most Spanish units (ties by extraction);
    every indigenous area next to it raids it."""
    counts = {x: units(st, x, "es") for x in AREAS if st.d["ctrl"][x - 1] == "es" and units(st, x, "es")}
    if not counts:
        st.ret(False)
        return
    most = max(counts.values())
    draw_area(st, [x for x, n in counts.items() if n == most], then="marked", why="objective")


@objective.step("marked")
def _objective_marked(st: St, f: Frame, a: A) -> None:
    target = f.pop("ret")
    memory(st)["objective"] = target
    st.log("nitayno.objective", area=target)
    f["target"] = target
    f["sources"] = [x for x in BOARD.adjacent(target)]
    f["hit"] = 0
    st.goto("next")


@objective.step("next")
def _objective_next(st: St, f: Frame, a: A) -> None:
    f.pop("ret", None)
    while f["sources"]:
        src = f["sources"].pop(0)
        fighters = any(KINDS[p[0]].fights for p in pieces(st, src, "ind"))
        if st.d["ctrl"][src - 1] == "ind" and fighters and units(st, f["target"], "es"):
            f["hit"] += 1
            st.call("raid", then="next", fac="ind", src=src, dst=f["target"])
            return
    st.ret(f["hit"] > 0)


# Level II rule 8 and cards 48-49: a volley of three dice that hits nothing is rolled again, once.
volley = PROCS.proc("nitayno.volley", rule="5.4")


@volley.step()
def _volley(st: St, f: Frame, a: A) -> None:
    d = st.d
    dice = f["dice"]
    again = len(dice) == 3 and len(f["fail"]) == 3
    reason = (
        "level" if st.options.level >= 2 else "card" if memory(st).get("reroll_turn") == d["turn"] else None
    )
    if not again or reason is None:
        st.ret(dice)
        return
    st.log(f"nitayno.reroll.{reason}")
    f["new"] = []
    roll(st, "rolled")


@volley.step("rolled")
def _volley_rolled(st: St, f: Frame, a: A) -> None:
    f["new"].append(face(a))
    if len(f["new"]) < 3:
        roll(st, "rolled")
        return
    st.ret(f["new"])
