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
    from ludoteca.games.mar_y_acero.state import MyaState

DECKS = ("turn2", "turns3-6")


def card_key(card: int) -> str:
    return f"@nitayno.card.{card}"


# --------------------------------------------------------------------------- §5.3.2 the special phase
special = PROCS.proc("nitayno.special_phase", rule="5.3.2")


@special.step()
def _special(state: MyaState, frame: Frame, action: A) -> None:
    """Draw a card from the deck of the turn and apply the row the VP marker selects."""
    mem = memory(state)
    mem.setdefault("decks", {deck: NITAYNO.deck(deck) for deck in DECKS})
    deck = "turn2" if state.d["turn"] == 2 else "turns3-6"
    state.call("nitayno.card", then="done", deck=deck, part="row")


@special.step("done")
def _special_done(state: MyaState, frame: Frame, action: A) -> None:
    frame.pop("ret", None)
    update_control(state)
    state.ret()


card_proc = PROCS.proc("nitayno.card", rule="5.3.2")


@card_proc.step()
def _card(state: MyaState, frame: Frame, action: A) -> None:
    """Draw a card (a chance node) from `deck`; `part` is the top row or the turn-6 bottom."""
    pool = memory(state)["decks"][frame["deck"]]
    if not pool:
        state.log("nitayno.deck_empty")
        state.ret(False)
        return
    state.chance({act(f"nitayno {c}"): 1 for c in pool}, then="drawn")


@card_proc.step("drawn")
def _card_drawn(state: MyaState, frame: Frame, action: A) -> None:
    assert action is not None
    card = int(arg(action))
    mem = memory(state)
    mem["decks"][frame["deck"]].remove(card)
    state.reveal()
    spec = NITAYNO.cards[card]
    if frame["part"] == "row":
        mem["card"] = frame.setdefault("first", card)  # the card whose bottom serves in turn 6
        frame["effects"] = [dict(card_effect) for card_effect in spec.row(state.d["vp"])]
        state.log("nitayno.card_row", card=card_key(card), vp=state.d["vp"])
    else:
        frame["effects"] = [dict(card_effect) for card_effect in spec.bottom]
        state.log("nitayno.card_bottom", card=card_key(card))
    frame["card"] = card
    state.goto("apply")


@card_proc.step("apply")
def _card_apply(state: MyaState, frame: Frame, action: A) -> None:
    if "ret" in frame and not frame.pop("ret"):
        state.log("nitayno.cannot", card=card_key(frame["card"]))
        state.goto("start")  # §5.3.2: another card, for this purpose only
        return
    if not frame["effects"]:
        state.ret(True)
        return
    state.call("nitayno.effect", then="apply", effect=frame["effects"].pop(0), card=frame["card"])


# ------------------------------------------------------------------------------------ the effects
effect = PROCS.proc("nitayno.effect", rule="5.3.2")


@effect.step()
def _effect(state: MyaState, frame: Frame, action: A) -> None:
    card_effect = frame["effect"]
    kind = card_effect["kind"]
    position = state.d
    if kind == "roll":
        roll(state, "rolled")
        return
    if kind == "nothing":
        state.log("nitayno.nothing")
        state.ret(True)
        return
    if kind == "royal_support":
        before = position["rs"]
        move_support(state, card_effect["n"])
        state.ret(position["rs"] != before)
        return
    if kind in ("naval_difficulty", "stacking", "nitayno_reroll", "spanish_dice"):
        turn_flag(state, card_effect)
        state.ret(True)
        return
    if kind == "colon_hit":
        area = next((x for x in AREAS if any(p[0] == "colon" for p in pieces(state, x, "es"))), None)
        if area is None:
            state.ret(False)
            return
        take_hit(state, area, "es", key(next(p for p in pieces(state, area, "es") if p[0] == "colon")))
        state.log("nitayno.colon_hit", area=area)
        update_control(state)
        state.ret(True)
        return
    frame["left"] = abs(int(card_effect.get("n", 1)))
    frame["done"] = 0
    state.goto(kind if kind in STEPS else "bottom")


STEPS = ("spanish_units", "indigenous_units", "palisade", "citadel")


def turn_flag(state: MyaState, card_effect: dict[str, Any]) -> None:
    """Effects that hold for the rest of the turn (cards 45, 48–50)."""
    position, mem, kind = state.d, memory(state), card_effect["kind"]
    if kind == "naval_difficulty":
        position["flags"]["naval"] = True
    elif kind == "stacking":
        position["limit"]["ind"] = int(card_effect["n"])
    elif kind == "nitayno_reroll":
        mem["reroll_turn"] = position["turn"]
    else:
        mem["es_die"] = int(card_effect["n"])
    state.log(f"nitayno.flag.{kind}", n=card_effect.get("n", 0))


@effect.step("rolled")
def _effect_rolled(state: MyaState, frame: Frame, action: A) -> None:
    die = face(action)
    row = next(what for spec, what in frame["effect"]["faces"].items() if die in faces(spec))
    state.log("nitayno.rolled", die=die)
    frame["queue"] = [dict(x) for x in row]
    frame["ok"] = True
    state.goto("queue")


@effect.step("queue")
def _effect_queue(state: MyaState, frame: Frame, action: A) -> None:
    if "ret" in frame:
        frame["ok"] = frame["ok"] and bool(frame.pop("ret"))
    if not frame["queue"]:
        state.ret(frame["ok"])
        return
    state.call("nitayno.effect", then="queue", effect=frame["queue"].pop(0), card=frame["card"])


def finish(state: MyaState, frame: Frame) -> None:
    """The effect is done: it counts as carried out if at least one item was."""
    update_control(state)
    state.ret(frame["done"] > 0)


# ----------------------------------------------------------------------------- Spanish units ±n
@effect.step("spanish_units")
def _spanish_units(state: MyaState, frame: Frame, action: A) -> None:
    card_effect = frame["effect"]
    if not frame["left"]:
        finish(state, frame)
        return
    if card_effect["n"] > 0:
        frame["valid"] = [
            x
            for x in held(state, "es")
            if present(state, x, "es") and units(state, x, "es") < state.d["limit"]["es"]
        ]
        if not frame["valid"] or not draw_unit(state, card_effect["bag"], "es_drawn"):
            finish(state, frame)
        return
    valid = [x for x in AREAS if any(KINDS[p[0]].bag == card_effect["bag"] for p in pieces(state, x, "es"))]
    if not valid:
        finish(state, frame)
        return
    draw_area(state, valid, then="es_remove", why="card")


@effect.step("es_drawn")
def _es_drawn(state: MyaState, frame: Frame, action: A) -> None:
    frame["kind"] = take_from_bag(state, action)
    draw_area(state, frame["valid"], then="es_place", why="card")


@effect.step("es_place")
def _es_place(state: MyaState, frame: Frame, action: A) -> None:
    area = frame.pop("ret")
    place(state, area, "es", frame["kind"])
    state.log("log.deployed", faction="@faction.es", kind=f"@kind.{frame['kind']}", area=area)
    frame["left"] -= 1
    frame["done"] += 1
    state.goto("spanish_units")


@effect.step("es_remove")
def _es_remove(state: MyaState, frame: Frame, action: A) -> None:
    area = frame.pop("ret")
    bag = frame["effect"]["bag"]
    here = [(i, key(p)) for i, p in enumerate(pieces(state, area, "es")) if KINDS[p[0]].bag == bag]
    victim = raid_victim([piece_of(i, True, k) for i, k in here], spanish=True)
    assert victim is not None
    k = f"{victim.kind}.r" if victim.reduced else victim.kind
    remove(state, area, "es", find(state, area, "es", k))
    state.log("log.lost", kind=f"@kind.{victim.kind}", area=area)
    frame["left"] -= 1
    frame["done"] += 1
    state.goto("spanish_units")


# ------------------------------------------------------------------------------ Indigenous units ±n
@effect.step("indigenous_units")
def _indigenous_units(state: MyaState, frame: Frame, action: A) -> None:
    card_effect = frame["effect"]
    bag = card_effect["bag"]
    if card_effect["n"] > 0:
        n = min(frame["left"], sum(state.d["bags"][bag].values()))
        if not n:
            state.ret(False)
            return
        frame["done"] = n
        state.call(
            "deploy", then="deployed", fac="ind", bags=[bag] * n, rule="not_spanish", card=frame["card"]
        )
        return
    if not frame["left"]:
        finish(state, frame)
        return
    valid = [x for x in AREAS if any(KINDS[p[0]].bag == bag for p in pieces(state, x, "ind"))]
    if not valid:
        finish(state, frame)
        return
    draw_area(state, valid, then="ind_remove", why="card")


@effect.step("deployed")
def _deployed(state: MyaState, frame: Frame, action: A) -> None:
    frame.pop("ret", None)
    finish(state, frame)


@effect.step("ind_remove")
def _ind_remove(state: MyaState, frame: Frame, action: A) -> None:
    """The Nitayno gives up the unit it would give up first in combat (its hit order)."""
    area = frame.pop("ret")
    bag = frame["effect"]["bag"]
    here = [(i, key(p)) for i, p in enumerate(pieces(state, area, "ind")) if KINDS[p[0]].bag == bag]
    victim = hit_order([piece_of(i, False, k) for i, k in here])[0]
    k = f"{victim.kind}.r" if victim.reduced else victim.kind
    remove(state, area, "ind", find(state, area, "ind", k))
    state.log("log.lost", kind=f"@kind.{victim.kind}", area=area)
    frame["left"] -= 1
    frame["done"] += 1
    state.goto("indigenous_units")


# ---------------------------------------------------------------------------- palisades, citadels
@effect.step("palisade")
def _palisade(state: MyaState, frame: Frame, action: A) -> None:
    position = state.d
    if not frame["left"]:
        finish(state, frame)
        return
    valid = build_targets(state, "palisade") if frame["effect"]["n"] > 0 else list(position["pal"])  # §4.4.2
    if not valid:
        finish(state, frame)
        return
    draw_area(state, valid, then="fortified", why="card")


@effect.step("citadel")
def _citadel(state: MyaState, frame: Frame, action: A) -> None:
    if not frame["left"] or not state.d["cit"]:
        finish(state, frame)
        return
    draw_area(state, list(state.d["cit"]), then="fortified", why="card")


@effect.step("fortified")
def _fortified(state: MyaState, frame: Frame, action: A) -> None:
    area = frame.pop("ret")
    position = state.d
    kind = frame["effect"]["kind"]
    store = position["pal"] if kind == "palisade" else position["cit"]
    if frame["effect"]["n"] > 0:
        store.append(area)
        state.log("log.built_palisade", area=area)
    else:
        store.remove(area)
        state.log(f"nitayno.removed_{kind}", area=area)
    frame["left"] -= 1
    frame["done"] += 1
    state.goto(kind)


# ------------------------------------------------------------------ §5.3.5 the last impulse of turn 6
last = PROCS.proc("nitayno.last_impulse", rule="5.3.5")


@last.step()
def _last(state: MyaState, frame: Frame, action: A) -> None:
    """The bottom of the card drawn this turn replaces the Nitayno's last impulse (§5.3.2)."""
    mem = memory(state)
    card = mem.get("card")
    if card is None:
        state.call("impulse", then="done", fac="ind")
        return
    spec = NITAYNO.cards[card]
    state.log("nitayno.card_bottom", card=card_key(card))
    frame["card"] = card
    state.call(
        "nitayno.effects",
        then="applied",
        effects=[dict(card_effect) for card_effect in spec.bottom],
        card=card,
    )


@last.step("applied")
def _last_applied(state: MyaState, frame: Frame, action: A) -> None:
    if frame.pop("ret"):
        state.goto("then")
        return
    state.log("nitayno.cannot", card=card_key(frame["card"]))
    state.call("nitayno.card", then="redrawn", deck="turns3-6", part="bottom")


@last.step("redrawn")
def _last_redrawn(state: MyaState, frame: Frame, action: A) -> None:
    if not frame.pop("ret"):
        state.call("impulse", then="done", fac="ind")
        return
    state.goto("then")


@last.step("then")
def _last_then(state: MyaState, frame: Frame, action: A) -> None:
    """Card 45's bottom only changes the Spanish dice: the Nitayno then plays its impulse as usual."""
    if "es_die" in memory(state):
        state.call("impulse", then="done", fac="ind")
        return
    state.goto("done")


@last.step("done")
def _last_done(state: MyaState, frame: Frame, action: A) -> None:
    frame.pop("ret", None)
    memory(state).pop("es_die", None)
    update_control(state)
    state.ret()


effects = PROCS.proc("nitayno.effects", rule="5.3.2")


@effects.step()
def _effects(state: MyaState, frame: Frame, action: A) -> None:
    """A list of effects in order; carried out if each was."""
    frame.setdefault("ok", True)
    if "ret" in frame:
        frame["ok"] = frame["ok"] and bool(frame.pop("ret"))
    if not frame["effects"]:
        state.ret(frame["ok"])
        return
    state.call("nitayno.effect", then="start", effect=frame["effects"].pop(0), card=frame["card"])


@effect.step("bottom")
def _bottom(state: MyaState, frame: Frame, action: A) -> None:
    kind = frame["effect"]["kind"]
    state.replace(f"nitayno.{kind}", effect=frame["effect"], card=frame["card"])


# clear_area: a Spanish-held area keeps `keep` Spanish non-leader units (cards 44, 52)
clear_area = PROCS.proc("nitayno.clear_area", rule="5.3.2")


@clear_area.step()
def _clear_area(state: MyaState, frame: Frame, action: A) -> None:
    keep = frame["effect"]["keep"]
    valid = [x for x in AREAS if state.d["ctrl"][x - 1] == "es" and units(state, x, "es") > keep]
    if not valid:
        state.ret(False)
        return
    draw_area(state, valid, then="drawn", why="card")


@clear_area.step("drawn")
def _clear_area_drawn(state: MyaState, frame: Frame, action: A) -> None:
    area = frame.pop("ret")
    while units(state, area, "es") > frame["effect"]["keep"]:
        here = [(i, key(p)) for i, p in enumerate(pieces(state, area, "es")) if not KINDS[p[0]].leader]
        victim = raid_victim([piece_of(i, True, k) for i, k in here], spanish=True)
        assert victim is not None
        remove(
            state, area, "es", find(state, area, "es", f"{victim.kind}.r" if victim.reduced else victim.kind)
        )
        state.log("log.lost", kind=f"@kind.{victim.kind}", area=area)
    update_control(state)
    state.ret(True)


# converge: attack 2VP areas from up to 3 origin areas, with no movement limits (cards 47, 48)
converge = PROCS.proc("nitayno.converge", rule="5.3.2")


@converge.step()
def _converge(state: MyaState, frame: Frame, action: A) -> None:
    frame.setdefault("left", frame["effect"]["areas"])
    frame.setdefault("hit", 0)
    valid = [x for x in BOARD.tracks["scroll_areas"] if state.d["ctrl"][x - 1] == "es"]
    if not frame["left"] or not valid:
        state.ret(frame["hit"] > 0)
        return
    frame["left"] -= 1
    draw_area(state, valid, then="target", why="converge")


@converge.step("target")
def _converge_target(state: MyaState, frame: Frame, action: A) -> None:
    """Up to 3 origin areas with the most units send their strongest, keeping their garrisons (§5.1),
    up to the stacking limit in the target."""
    target = frame.pop("ret")
    snap = snapshot(state)
    origins = [x for x in AREAS if x != target and snap[x].units(False) and not snap[x].side(True)]
    origins.sort(key=lambda x: (-len(snap[x].units(False)) + garrison(snap[x]), -x))
    room = state.d["limit"]["ind"] - units(state, target, "ind")
    used = []
    for x in origins[:3]:
        spare = len(snap[x].units(False)) - garrison(snap[x])
        for p in strongest(snap[x].units(False), snap[target], attacking=True)[: max(0, min(spare, room))]:
            move_piece(state, x, target, f"{p.kind}.r" if p.reduced else p.kind)
            room -= 1
            if x not in used:
                used.append(x)
    if not used:
        state.goto("start")
        return
    frame["hit"] += 1
    state.log("nitayno.converges", area=target, origins=", ".join(map(str, used)))
    state.call("combat", then="fought", area=target, att="ind", origin=used)


@converge.step("fought")
def _converge_fought(state: MyaState, frame: Frame, action: A) -> None:
    update_control(state)
    state.goto("start")


def move_piece(state: MyaState, src: int, dst: int, k: str) -> None:
    piece = find(state, src, "ind", k)
    pieces(state, src, "ind").remove(piece)
    pieces(state, dst, "ind").append(piece)
    state.log("log.move", kind=f"@kind.{piece[0]}", area=src, to=dst, how="@how.basic")


# taino_assault: every Taíno unit attacks or raids wherever it can (cards 49, 51)
assault = PROCS.proc("nitayno.taino_assault", rule="5.3.2")


@assault.step()
def _assault(state: MyaState, frame: Frame, action: A) -> None:
    if "areas" not in frame:
        frame["areas"] = [
            x for x in reversed(AREAS) if any(KINDS[p[0]].bag == "taino" for p in pieces(state, x, "ind"))
        ]
        frame["hit"] = 0
    frame.pop("ret", None)
    update_control(state)
    while frame["areas"]:
        src = frame["areas"].pop(0)
        tainos = [p for p in pieces(state, src, "ind") if KINDS[p[0]].bag == "taino"]
        snap = snapshot(state)
        near = [x for x in snap.neighbours(src) if snap[x].units(True)]
        if not tainos or not near:
            continue
        near.sort(key=lambda x: (-int(snap[x].two_vp), -len(snap[x].units(True)), x))
        target = near[0]
        frame["hit"] += 1
        movers = [piece_of(i, False, key(p)) for i, p in enumerate(tainos)]
        room = state.d["limit"]["ind"] - units(state, target, "ind")
        movers = strongest(movers, snap[target], attacking=True)[: max(0, room)]
        if movers and superiority(movers, snap[target].side(True), snap[target], True):
            for p in movers:
                move_piece(state, src, target, f"{p.kind}.r" if p.reduced else p.kind)
            state.log("nitayno.assault_attacks", area=src, to=target)
            state.call("combat", then="start", area=target, att="ind", origin=[src])
            return
        state.log("nitayno.assault_raids", area=src, to=target)
        state.call("raid", then="start", fac="ind", src=src, dst=target)
        return
    state.ret(frame["hit"] > 0)


# objective (card 46, reconstructed): the Objetivo marker and a volley of raids
objective = PROCS.proc("nitayno.objective", rule="5.3.2")


@objective.step()
def _objective(state: MyaState, frame: Frame, action: A) -> None:
    """The Objetivo marker goes on the Spanish-held area with the most Spanish units (ties by extraction);
    every indigenous area next to it raids it."""
    counts = {
        x: units(state, x, "es") for x in AREAS if state.d["ctrl"][x - 1] == "es" and units(state, x, "es")
    }
    if not counts:
        state.ret(False)
        return
    most = max(counts.values())
    draw_area(state, [x for x, n in counts.items() if n == most], then="marked", why="objective")


@objective.step("marked")
def _objective_marked(state: MyaState, frame: Frame, action: A) -> None:
    target = frame.pop("ret")
    memory(state)["objective"] = target
    state.log("nitayno.objective", area=target)
    frame["target"] = target
    frame["sources"] = [x for x in BOARD.adjacent(target)]
    frame["hit"] = 0
    state.goto("next")


@objective.step("next")
def _objective_next(state: MyaState, frame: Frame, action: A) -> None:
    frame.pop("ret", None)
    while frame["sources"]:
        src = frame["sources"].pop(0)
        fighters = any(KINDS[p[0]].fights for p in pieces(state, src, "ind"))
        if state.d["ctrl"][src - 1] == "ind" and fighters and units(state, frame["target"], "es"):
            frame["hit"] += 1
            state.call("raid", then="next", fac="ind", src=src, dst=frame["target"])
            return
    state.ret(frame["hit"] > 0)


# Level II rule 8 and cards 48-49: a volley of three dice that hits nothing is rolled again, once.
volley = PROCS.proc("nitayno.volley", rule="5.4")


@volley.step()
def _volley(state: MyaState, frame: Frame, action: A) -> None:
    position = state.d
    dice = frame["dice"]
    again = len(dice) == 3 and len(frame["fail"]) == 3
    reason = (
        "level"
        if state.options.level >= 2
        else "card"
        if memory(state).get("reroll_turn") == position["turn"]
        else None
    )
    if not again or reason is None:
        state.ret(dice)
        return
    state.log(f"nitayno.reroll.{reason}")
    frame["new"] = []
    roll(state, "rolled")


@volley.step("rolled")
def _volley_rolled(state: MyaState, frame: Frame, action: A) -> None:
    frame["new"].append(face(action))
    if len(frame["new"]) < 3:
        roll(state, "rolled")
        return
    state.ret(frame["new"])
