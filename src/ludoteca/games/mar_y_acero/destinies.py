"""§4.3.2 I the effect kinds of the destiny cards of turns 2–6 (20–39), whose lists are in
`data/cards.toml`: the earthquakes (20–22, each with its table of faces), and the kinds one card uses
(25–29, 33, 36–39). Royal Support (30–32, 34, 35) and announced rules (23, 24) use the shared kinds of
effects.py. Facts B5 give the printed effects; the README lists how we read the unclear ones."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.mar_y_acero.actions import PASS, act, area_actions, arg
from ludoteca.games.mar_y_acero.activation import Activation, activation
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.deploy import Deploy, colon_area, deploy, held, room
from ludoteca.games.mar_y_acero.dice import face, move_support, roll
from ludoteca.games.mar_y_acero.effects import dice_for_units
from ludoteca.games.mar_y_acero.pieces import (
    KINDS,
    ROLE,
    find,
    is_unit,
    key,
    pieces,
    place,
    present,
    remove,
    take_hit,
    units,
    update_control,
)
from ludoteca.games.mar_y_acero.procs import EFFECTS, CardEffect, NoLocals
from ludoteca.games.mar_y_acero.turns import colon_returns

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState
from ludoteca.games.mar_y_acero.events import PARK, to_prison


# ------------------------------------------------------------------------------ destiny cards 20–22
class Quake(CardEffect):
    """An earthquake: what each face does to a unit in the area drawn (`effects.dice_for_units`)."""

    faces: list[str]


quake = EFFECTS.kind("quake", rule="4.3.2.I", frame=Quake)
QUAKE_SAYS = {"hit": "log.quake_hit", "out": "log.quake_out"}


@quake.step()
def _quake(state: MyaState, frame: Quake, action: None) -> None:
    state.chance({act(f"marker {x}"): w for x, w in BOARD.area_bag.items()}, then="area")


@quake.step("area")
def _quake_area(state: MyaState, frame: Quake, action: int) -> None:
    """Every unit in the area drawn rolls: `faces` says, for each face, nothing, a hit, or removed;
    leaders are immune."""
    area = int(arg(action))
    state.log("log.marker", area=area)
    units = [[area, fac, key(p), 0] for fac in ("ind", "es") for p in pieces(state, area, fac) if is_unit(p)]
    dice_for_units(state, frame, units, frame["faces"], QUAKE_SAYS)


# ---------------------------------------------------------------------------------- 25: Anacaona
class Anacaona(CardEffect):
    """Card 25: the area Anacaona appears in, by die face."""

    areas: list[int]


anacaona = EFFECTS.kind("anacaona", rule="4.3.2.I", frame=Anacaona)


@anacaona.step()
def _anacaona(state: MyaState, frame: Anacaona, action: None) -> None:
    if state.d["anacaona"] != "off":
        state.ret()
        return
    roll(state, "rolled")


@anacaona.step("rolled")
def _anacaona_rolled(state: MyaState, frame: Anacaona, action: int) -> None:
    """She appears in the area `areas` gives for the die (6, 7 or 8), on the side of the area's holder, and
    never moves."""
    area = frame["areas"][face(action) - 1]
    side = state.d["ctrl"][area - 1]
    place(state, area, side, "anacaona")
    state.d["anacaona"] = side
    state.log("log.anacaona", area=area, faction=f"@faction.{side}")
    state.ret()


# ------------------------------------------------------------------------------ 26: Caonabó's sons
sons = EFFECTS.kind("caonabo_sons", rule="4.3.2.I", frame=CardEffect)


@sons.step()
def _sons(state: MyaState, frame: CardEffect, action: None) -> None:
    """Caonabó on the map: his sons join him. Otherwise Spain turns a palisade into a citadel."""
    position = state.d
    if position["caonabo"] == "map":
        position["hijos"] = True
        state.log("log.hijos_join")
        state.ret()
        return
    if not position["pal"] or len(position["cit"]) >= BOARD.tracks["citadels"]:
        state.ret()
        return
    state.decide(
        ROLE["es"],
        "choose_area",
        area_actions("at", sorted(position["pal"])),
        then="chosen",
        prompt="prompt.free_citadel",
    )


@sons.step("chosen")
def _sons_chosen(state: MyaState, frame: CardEffect, action: int) -> None:
    area = int(arg(action))
    state.d["pal"].remove(area)
    state.d["cit"].append(area)
    state.log("log.built_citadel", area=area)
    update_control(state)
    state.ret()


# ----------------------------------------------------------------------- 27: religious conversions
class Conversions(CardEffect):
    """Card 26: the areas still to roll for, and the one rolled for."""

    todo: NotRequired[list[int]]
    area: NotRequired[int]


conversions = EFFECTS.kind("conversions", rule="4.3.2.I", frame=Conversions)


@conversions.step()
def _conversions(state: MyaState, frame: Conversions, action: None) -> None:
    position = state.d
    spanish = {x for x in AREAS if position["ctrl"][x - 1] == "es"}
    frame["todo"] = [
        x
        for x in AREAS
        if position["ctrl"][x - 1] == "ind" and present(state, x, "ind") and spanish & set(BOARD.adjacent(x))
    ]
    position["limit"]["ind"] = position["limit"]["es"] = BOARD.stack_limit + 1
    state.goto("next")


@conversions.step("next")
def _conversions_next(state: MyaState, frame: Conversions, action: None) -> None:
    """Per indigenous area next to a Spanish one: 1–3 a unit converts (one indigenous unit leaves, a
    settler arrives and fights); 4–5 a Taíno arrives; 6 a Caribe. Stacking may reach four here."""
    if not frame["todo"]:
        state.d["limit"] = {"es": BOARD.stack_limit, "ind": BOARD.stack_limit}
        update_control(state)
        state.ret()
        return
    frame["area"] = frame["todo"].pop(0)
    roll(state, "rolled")


@conversions.step("rolled")
def _conversions_rolled(state: MyaState, frame: Conversions, action: int) -> None:
    die, area = face(action), frame["area"]
    if die <= 3:
        here = [p for p in pieces(state, area, "ind") if is_unit(p)]
        if here:
            piece = min(here, key=lambda p: (-p[1], KINDS[p[0]].attack, p[0]))
            remove(state, area, "ind", piece)
        state.call(deploy, Deploy(fac="es", bags=["settler"], rule=f"only_{area}", card=27), then="next")
        return
    bag = "taino" if die <= 5 else "caribe"
    state.call(deploy, Deploy(fac="ind", bags=[bag], rule=f"only_{area}", card=27), then="next")


# --------------------------------------------------------------------- 28: Colón's negotiations
class Talks(CardEffect):
    """Card 28: the areas next to Colón's still to roll for, the one rolled for, and the key of the
    piece that flees it."""

    todo: NotRequired[list[int]]
    area: NotRequired[int]
    piece: NotRequired[str]


talks = EFFECTS.kind("negotiations", rule="4.3.2.I", frame=Talks)


@talks.step()
def _talks(state: MyaState, frame: Talks, action: None) -> None:
    area = colon_area(state)
    frame["todo"] = list(BOARD.adjacent(area)) if area else []
    state.goto("next")


@talks.step("next")
def _talks_next(state: MyaState, frame: Talks, action: None) -> None:
    """For each area next to Colón: 1–3 Colón takes a hit; 4–6 the area passes to Spain: its indigenous
    pieces retreat (or are removed) and two Soldiers hold it."""
    if not frame["todo"] or colon_area(state) is None:
        update_control(state)
        state.ret()
        return
    frame["area"] = frame["todo"].pop(0)
    if state.d["ctrl"][frame["area"] - 1] == "es":
        state.goto("next")
        return
    roll(state, "rolled")


@talks.step("rolled")
def _talks_rolled(state: MyaState, frame: Talks, action: int) -> None:
    if face(action) <= 3:
        where = colon_area(state)
        assert where is not None
        k = key(next(p for p in pieces(state, where, "es") if p[0] == "colon"))
        new = take_hit(state, where, "es", k)
        state.log("log.hit" if new else "log.lost", kind="@kind.colon", area=where)
        state.goto("next")
        return
    state.goto("leave")


def flee_targets(state: MyaState, area: int, kind: str) -> list[int]:
    return [
        x
        for x in BOARD.adjacent(area)
        if state.d["ctrl"][x - 1] == "ind" and not present(state, x, "es") and room(state, x, "ind", kind)
    ]


@talks.step("leave")
def _talks_leave(state: MyaState, frame: Talks, action: None) -> None:
    area = frame["area"]
    movable = [p for p in pieces(state, area, "ind") if p[0] != "anacaona"]
    while movable:
        piece = movable[0]
        targets = flee_targets(state, area, piece[0])
        if targets:
            frame["piece"] = key(piece)
            state.decide(
                ROLE["ind"],
                "retreat_to",
                area_actions("to", targets),
                then="fled",
                prompt="prompt.flee",
                unit=f"@kind.{piece[0]}",
                area=area,
            )
            return
        remove(state, area, "ind", piece)
        movable = movable[1:]
    update_control(state)
    state.call(
        deploy, Deploy(fac="es", bags=["soldier", "soldier"], rule=f"only_{area}", card=28), then="next"
    )


@talks.step("fled")
def _talks_fled(state: MyaState, frame: Talks, action: int) -> None:
    dst = int(arg(action))
    piece = find(state, frame["area"], "ind", frame["piece"])
    pieces(state, frame["area"], "ind").remove(piece)
    pieces(state, dst, "ind").append(piece)
    state.log("log.retreat", kind=f"@kind.{piece[0]}", area=frame["area"], to=dst)
    state.goto("leave")


# ---------------------------------------------------------------------------- 29: earthly paradise
class Paradise(TypedDict):
    """Card 29 (a destiny card: no faction played it): the faction restoring an area now, the indigenous
    first; None once both have."""

    card: int
    kind: str
    effect: int
    fac: NotRequired[str | None]


paradise = EFFECTS.kind("paradise", rule="4.3.2.I", frame=Paradise)


@paradise.step()
def _paradise(state: MyaState, frame: Paradise, action: None) -> None:
    frame["fac"] = "ind"
    state.goto("ask")


@paradise.step("ask")
def _paradise_ask(state: MyaState, frame: Paradise, action: None) -> None:
    """Each side, the indigenous first, restores every piece in one area it holds to full strength."""
    if frame["fac"] is None:
        state.ret()
        return
    fac = frame["fac"]
    areas = [x for x in held(state, fac) if any(p[1] for p in pieces(state, x, fac))]
    if not areas:
        frame["fac"] = "es" if fac == "ind" else None
        state.goto("ask")
        return
    state.decide(ROLE[fac], "choose_area", area_actions("at", areas), then="chosen", prompt="prompt.paradise")


@paradise.step("chosen")
def _paradise_chosen(state: MyaState, frame: Paradise, action: int) -> None:
    area, fac = int(arg(action)), frame["fac"]
    assert fac is not None, "the faction asked restores (`_paradise_ask`)"
    for p in pieces(state, area, fac):
        p[1] = 0
    state.log("log.restored", area=area, faction=f"@faction.{fac}")
    frame["fac"] = "es" if fac == "ind" else None
    state.goto("ask")


# --------------------------------------------------------------------------------- 33: cruelty
class Cruelty(CardEffect):
    """Card 31: the Spanish area drawn."""

    area: NotRequired[int]


cruelty = EFFECTS.kind("cruelty", rule="4.3.2.I", frame=Cruelty)


@cruelty.step()
def _cruelty(state: MyaState, frame: Cruelty, action: None) -> None:
    """A Spanish area drawn from the bag (markers of other areas are drawn again): 1–3 every Spanish
    unit there takes a hit; 4–6 every one returns to full strength."""
    areas = {x: w for x, w in BOARD.area_bag.items() if any(is_unit(p) for p in pieces(state, x, "es"))}
    if not areas:
        state.ret()
        return
    state.chance({act(f"marker {x}"): w for x, w in areas.items()}, then="area")


@cruelty.step("area")
def _cruelty_area(state: MyaState, frame: Cruelty, action: int) -> None:
    frame["area"] = int(arg(action))
    state.log("log.marker", area=frame["area"])
    roll(state, "rolled")


@cruelty.step("rolled")
def _cruelty_rolled(state: MyaState, frame: Cruelty, action: int) -> None:
    area = frame["area"]
    here = [key(p) for p in pieces(state, area, "es") if is_unit(p)]
    if face(action) <= 3:
        for k in here:
            take_hit(state, area, "es", k)
        state.log("log.cruelty_hit", area=area)
    else:
        for p in pieces(state, area, "es"):
            if is_unit(p):
                p[1] = 0
        state.log("log.restored", area=area, faction="@faction.es")
    update_control(state)
    state.ret()


# ------------------------------------------------------------------------------ 36: tropical climate
climate = EFFECTS.kind("climate", rule="4.3.2.I", frame=CardEffect)


CLIMATE_FACES = ["hit", "hit", "hit", "full", "full", "none"]
"""Card 36: 1–3 a hit, 4–5 full strength, 6 nothing."""


@climate.step()
def _climate(state: MyaState, frame: CardEffect, action: None) -> None:
    """Each Spanish unit in a Spanish jungle area rolls (`CLIMATE_FACES`)."""
    units = [
        [x, "es", key(p), 0]
        for x in AREAS
        if BOARD.areas[x].jungle and state.d["ctrl"][x - 1] == "es"
        for p in pieces(state, x, "es")
        if is_unit(p)
    ]
    dice_for_units(state, frame, units, CLIMATE_FACES, {"hit": "log.hit"})


# --------------------------------------------------------------------------- 37: Colón's health
health = EFFECTS.kind("colon_health", rule="4.3.2.I", frame=CardEffect)


@health.step()
def _health(state: MyaState, frame: CardEffect, action: None) -> None:
    if state.d["colon"] in ("dead", "ships"):
        state.ret()
        return
    roll(state, "rolled")


@health.step("rolled")
def _health_rolled(state: MyaState, frame: CardEffect, action: int) -> None:
    """1–3: Colón may activate his area now, or leaves prison for a Spanish area; 4–6: he takes a hit."""
    position = state.d
    area = colon_area(state)
    if face(action) >= 4:
        if area is not None:
            new = take_hit(
                state, area, "es", key(next(p for p in pieces(state, area, "es") if p[0] == "colon"))
            )
            state.log("log.hit" if new else "log.lost", kind="@kind.colon", area=area)
        elif position.get("colon_piece"):
            if position["colon_piece"][1]:
                position.pop("colon_piece")
                state.d["colon"] = "dead"
                state.log("log.leader_dead", leader="@kind.colon")
                if state.options.testament:
                    position["testament_due"] = True
            else:
                position["colon_piece"][1] = 1
        update_control(state)
        state.ret()
        return
    if area is not None:
        state.decide(
            ROLE["es"],
            "impulse",
            [*area_actions("activate", [area]), PASS],
            then="activate",
            prompt="prompt.health_activate",
        )
        return
    if position["colon"] == "prison":
        state.call(colon_returns, NoLocals(), then="done")
        return
    state.ret()


@health.step("activate")
def _health_activate(state: MyaState, frame: CardEffect, action: int) -> None:
    if action == PASS:
        state.ret()
        return
    state.call(activation, Activation(fac="es", area=int(arg(action))), then="done")


@health.step("done")
def _health_done(state: MyaState, frame: CardEffect, action: None) -> None:
    state.ret()


# ------------------------------------------------------------------------- 38: intrigues against Colón
intrigue = EFFECTS.kind("intrigue", rule="4.3.2.I", frame=CardEffect)


@intrigue.step()
def _intrigue(state: MyaState, frame: CardEffect, action: None) -> None:
    """Spain sends Colón away until next turn, or keeps him and loses 2 Royal Support."""
    if colon_area(state) is None:
        state.ret()
        return
    state.decide(ROLE["es"], "choose", [PARK, PASS], then="chosen", prompt="prompt.intrigue")


@intrigue.step("chosen")
def _intrigue_chosen(state: MyaState, frame: CardEffect, action: int) -> None:
    if action == PASS:
        move_support(state, -2)
        state.log("log.support", rs=state.d["rs"])
    else:
        to_prison(state, "box")
    update_control(state)
    state.ret()


# ------------------------------------------------------------------------------- 39: lunar eclipse
eclipse = EFFECTS.kind("eclipse", rule="4.3.2.I", frame=CardEffect)


@eclipse.step()
def _eclipse(state: MyaState, frame: CardEffect, action: None) -> None:
    """Every indigenous unit leaves one area next to Colón: of those with indigenous units, one with
    the fewest."""
    area = colon_area(state)
    if area is None:
        state.ret()
        return
    areas = [x for x in BOARD.adjacent(area) if units(state, x, "ind")]
    if not areas:
        state.ret()
        return
    low = min(units(state, x, "ind") for x in areas)
    areas = [x for x in areas if units(state, x, "ind") == low]
    state.decide(ROLE["es"], "choose_area", area_actions("at", areas), then="chosen", prompt="prompt.eclipse")


@eclipse.step("chosen")
def _eclipse_chosen(state: MyaState, frame: CardEffect, action: int) -> None:
    area = int(arg(action))
    for p in [p for p in pieces(state, area, "ind") if is_unit(p)]:
        remove(state, area, "ind", p)
    state.log("log.eclipse", area=area)
    update_control(state)
    state.ret()
