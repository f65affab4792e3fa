"""§4.3.2 I the destiny cards of turns 2–6 (20–39): the event each one brings. Facts B5 give the printed
effects; the README lists how we read the unclear ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.mar_y_acero.actions import PASS, act, area_actions, arg
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.deploy import colon_area, held, room
from ludoteca.games.mar_y_acero.dice import face, move_support, roll
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
from ludoteca.games.mar_y_acero.procs import A, Frame

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState as St
from ludoteca.games.mar_y_acero.events import PARK, simple, to_prison


# ------------------------------------------------------------------------------ destiny cards 20–22
def quake(card: int) -> None:
    proc = simple(f"destiny.{card}", f"card.{card}")

    @proc.step()
    def _quake(st: St, f: Frame, a: A) -> None:
        st.chance({act(f"marker {x}"): w for x, w in BOARD.area_bag.items()}, then="area")

    @proc.step("area")
    def _quake_area(st: St, f: Frame, a: A) -> None:
        """Every unit in the drawn area rolls: nothing, a hit, or removed; leaders are immune."""
        assert a is not None
        area = int(arg(a))
        f["area"] = area
        st.log("log.marker", area=area)
        f["todo"] = [[fac, key(p)] for fac in ("ind", "es") for p in pieces(st, area, fac) if is_unit(p)]
        st.goto("next")

    @proc.step("next")
    def _quake_next(st: St, f: Frame, a: A) -> None:
        if not f["todo"]:
            update_control(st)
            st.ret()
            return
        roll(st, "rolled")

    @proc.step("rolled")
    def _quake_rolled(st: St, f: Frame, a: A) -> None:
        fac, k = f["todo"].pop(0)
        effect = BOARD.destinies[card].raw["quake"][face(a) - 1]
        if effect == "hit":
            take_hit(st, f["area"], fac, k)
        elif effect == "out":
            remove(st, f["area"], fac, find(st, f["area"], fac, k))
        if effect != "none":
            st.log(f"log.quake_{effect}", kind=f"@kind.{k.partition('.')[0]}", area=f["area"])
        st.goto("next")


for _card in (20, 21, 22):
    quake(_card)


def nothing(card: int) -> None:
    """Cards whose effect is a flag set when revealed (23, 24: see flow.set_flags)."""
    proc = simple(f"destiny.{card}", f"card.{card}")

    @proc.step()
    def _nothing(st: St, f: Frame, a: A) -> None:
        st.log(f"log.card_{card}")
        st.ret()


nothing(23)
nothing(24)

# ---------------------------------------------------------------------------------- 25: Anacaona
anacaona = simple("destiny.25", "card.25")


@anacaona.step()
def _anacaona(st: St, f: Frame, a: A) -> None:
    if st.d["anacaona"] != "off":
        st.ret()
        return
    roll(st, "rolled")


@anacaona.step("rolled")
def _anacaona_rolled(st: St, f: Frame, a: A) -> None:
    """She appears in area 6, 7 or 8, on the side of the area's holder, and never moves."""
    area = BOARD.destinies[25].raw["anacaona"][face(a) - 1]
    side = st.d["ctrl"][area - 1]
    place(st, area, side, "anacaona")
    st.d["anacaona"] = side
    st.log("log.anacaona", area=area, faction=f"@faction.{side}")
    st.ret()


# ------------------------------------------------------------------------------ 26: Caonabó's sons
sons = simple("destiny.26", "card.26")


@sons.step()
def _sons(st: St, f: Frame, a: A) -> None:
    """Caonabó on the map: his sons join him. Otherwise Spain turns a palisade into a citadel."""
    d = st.d
    if d["caonabo"] == "map":
        d["hijos"] = True
        st.log("log.hijos_join")
        st.ret()
        return
    if not d["pal"] or len(d["cit"]) >= BOARD.tracks["citadels"]:
        st.ret()
        return
    st.decide(
        ROLE["es"],
        "choose_area",
        area_actions("at", sorted(d["pal"])),
        then="chosen",
        prompt="prompt.free_citadel",
    )


@sons.step("chosen")
def _sons_chosen(st: St, f: Frame, a: A) -> None:
    area = int(arg(a))
    st.d["pal"].remove(area)
    st.d["cit"].append(area)
    st.log("log.built_citadel", area=area)
    update_control(st)
    st.ret()


# ----------------------------------------------------------------------- 27: religious conversions
conversions = simple("destiny.27", "card.27")


@conversions.step()
def _conversions(st: St, f: Frame, a: A) -> None:
    d = st.d
    spanish = {x for x in AREAS if d["ctrl"][x - 1] == "es"}
    f["todo"] = [
        x
        for x in AREAS
        if d["ctrl"][x - 1] == "ind" and present(st, x, "ind") and spanish & set(BOARD.adjacent(x))
    ]
    d["limit"]["ind"] = d["limit"]["es"] = BOARD.stack_limit + 1
    st.goto("next")


@conversions.step("next")
def _conversions_next(st: St, f: Frame, a: A) -> None:
    """Per indigenous area next to a Spanish one: 1–3 a unit converts (one indigenous unit leaves, a
    settler arrives and fights); 4–5 a Taíno arrives; 6 a Caribe. Stacking may reach four here."""
    if not f["todo"]:
        st.d["limit"] = {"es": BOARD.stack_limit, "ind": BOARD.stack_limit}
        update_control(st)
        st.ret()
        return
    f["area"] = f["todo"].pop(0)
    roll(st, "rolled")


@conversions.step("rolled")
def _conversions_rolled(st: St, f: Frame, a: A) -> None:
    die, area = face(a), f["area"]
    if die <= 3:
        here = [p for p in pieces(st, area, "ind") if is_unit(p)]
        if here:
            piece = min(here, key=lambda p: (-p[1], KINDS[p[0]].attack, p[0]))
            remove(st, area, "ind", piece)
        st.call("deploy", then="next", fac="es", bags=["settler"], rule=f"only_{area}", card=27)
        return
    bag = "taino" if die <= 5 else "caribe"
    st.call("deploy", then="next", fac="ind", bags=[bag], rule=f"only_{area}", card=27)


# --------------------------------------------------------------------- 28: Colón's negotiations
talks = simple("destiny.28", "card.28")


@talks.step()
def _talks(st: St, f: Frame, a: A) -> None:
    area = colon_area(st)
    f["todo"] = list(BOARD.adjacent(area)) if area else []
    st.goto("next")


@talks.step("next")
def _talks_next(st: St, f: Frame, a: A) -> None:
    """For each area next to Colón: 1–3 Colón takes a hit; 4–6 the area passes to Spain: its indigenous
    pieces retreat (or are removed) and two Soldiers hold it."""
    if not f["todo"] or colon_area(st) is None:
        update_control(st)
        st.ret()
        return
    f["area"] = f["todo"].pop(0)
    if st.d["ctrl"][f["area"] - 1] == "es":
        st.goto("next")
        return
    roll(st, "rolled")


@talks.step("rolled")
def _talks_rolled(st: St, f: Frame, a: A) -> None:
    if face(a) <= 3:
        where = colon_area(st)
        assert where is not None
        k = key(next(p for p in pieces(st, where, "es") if p[0] == "colon"))
        new = take_hit(st, where, "es", k)
        st.log("log.hit" if new else "log.lost", kind="@kind.colon", area=where)
        st.goto("next")
        return
    st.goto("leave")


def flee_targets(st: St, area: int, kind: str) -> list[int]:
    return [
        x
        for x in BOARD.adjacent(area)
        if st.d["ctrl"][x - 1] == "ind" and not present(st, x, "es") and room(st, x, "ind", kind)
    ]


@talks.step("leave")
def _talks_leave(st: St, f: Frame, a: A) -> None:
    area = f["area"]
    movable = [p for p in pieces(st, area, "ind") if p[0] != "anacaona"]
    while movable:
        piece = movable[0]
        targets = flee_targets(st, area, piece[0])
        if targets:
            f["piece"] = key(piece)
            st.decide(
                ROLE["ind"],
                "retreat_to",
                area_actions("to", targets),
                then="fled",
                prompt="prompt.flee",
                unit=f"@kind.{piece[0]}",
                area=area,
            )
            return
        remove(st, area, "ind", piece)
        movable = movable[1:]
    update_control(st)
    st.call("deploy", then="next", fac="es", bags=["soldier", "soldier"], rule=f"only_{area}", card=28)


@talks.step("fled")
def _talks_fled(st: St, f: Frame, a: A) -> None:
    dst = int(arg(a))
    piece = find(st, f["area"], "ind", f["piece"])
    pieces(st, f["area"], "ind").remove(piece)
    pieces(st, dst, "ind").append(piece)
    st.log("log.retreat", kind=f"@kind.{piece[0]}", area=f["area"], to=dst)
    st.goto("leave")


# ---------------------------------------------------------------------------- 29: earthly paradise
paradise = simple("destiny.29", "card.29")


@paradise.step()
def _paradise(st: St, f: Frame, a: A) -> None:
    f["fac"] = "ind"
    st.goto("ask")


@paradise.step("ask")
def _paradise_ask(st: St, f: Frame, a: A) -> None:
    """Each side, the indigenous first, restores every piece in one area it holds to full strength."""
    if f["fac"] is None:
        st.ret()
        return
    fac = f["fac"]
    areas = [x for x in held(st, fac) if any(p[1] for p in pieces(st, x, fac))]
    if not areas:
        f["fac"] = "es" if fac == "ind" else None
        st.goto("ask")
        return
    st.decide(ROLE[fac], "choose_area", area_actions("at", areas), then="chosen", prompt="prompt.paradise")


@paradise.step("chosen")
def _paradise_chosen(st: St, f: Frame, a: A) -> None:
    area = int(arg(a))
    for p in pieces(st, area, f["fac"]):
        p[1] = 0
    st.log("log.restored", area=area, faction=f"@faction.{f['fac']}")
    f["fac"] = "es" if f["fac"] == "ind" else None
    st.goto("ask")


# ------------------------------------------------------------------ 30–32: Royal Support by control
def support_card(card: int) -> None:
    proc = simple(f"destiny.{card}", f"card.{card}")

    @proc.step()
    def _support(st: St, f: Frame, a: A) -> None:
        ctrl = st.d["ctrl"]
        if card == 30:
            move_support(st, 1 if "es" in (ctrl[0], ctrl[9]) else -1)
        elif card == 32:
            for x in (6, 7, 8):
                move_support(st, 1 if ctrl[x - 1] == "es" else -1)
        elif card == 31 and any(ctrl[x - 1] == "es" for x in (6, 7, 8)):
            roll(st, "rolled")
            return
        st.log("log.support", rs=st.d["rs"])
        st.ret()

    @proc.step("rolled")
    def _support_rolled(st: St, f: Frame, a: A) -> None:
        move_support(st, 1 if face(a) <= 3 else -1)
        st.log("log.support", rs=st.d["rs"])
        st.ret()


for _card in (30, 31, 32):
    support_card(_card)


# --------------------------------------------------------------------------------- 33: cruelty
cruelty = simple("destiny.33", "card.33")


@cruelty.step()
def _cruelty(st: St, f: Frame, a: A) -> None:
    """A Spanish area drawn from the bag (markers of other areas are drawn again): 1–3 every Spanish
    unit there takes a hit; 4–6 every one returns to full strength."""
    areas = {x: w for x, w in BOARD.area_bag.items() if any(is_unit(p) for p in pieces(st, x, "es"))}
    if not areas:
        st.ret()
        return
    st.chance({act(f"marker {x}"): w for x, w in areas.items()}, then="area")


@cruelty.step("area")
def _cruelty_area(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["area"] = int(arg(a))
    st.log("log.marker", area=f["area"])
    roll(st, "rolled")


@cruelty.step("rolled")
def _cruelty_rolled(st: St, f: Frame, a: A) -> None:
    area = f["area"]
    here = [key(p) for p in pieces(st, area, "es") if is_unit(p)]
    if face(a) <= 3:
        for k in here:
            take_hit(st, area, "es", k)
        st.log("log.cruelty_hit", area=area)
    else:
        for p in pieces(st, area, "es"):
            if is_unit(p):
                p[1] = 0
        st.log("log.restored", area=area, faction="@faction.es")
    update_control(st)
    st.ret()


# ------------------------------------------------------------------------- 34–35: the mainland
mainland = simple("destiny.34", "card.34")


@mainland.step()
def _mainland(st: St, f: Frame, a: A) -> None:
    if not any(st.d["ctrl"][x - 1] == "es" for x in range(1, 6)):
        st.ret()
        return
    roll(st, "rolled")


@mainland.step("rolled")
def _mainland_rolled(st: St, f: Frame, a: A) -> None:
    """1–3 Royal Support +2 and two settlers in one Spanish area of 1–5; 4–6 Royal Support −2 and one
    Soldier and one settler lost."""
    if face(a) <= 3:
        move_support(st, 2)
        st.log("log.support", rs=st.d["rs"])
        areas = [x for x in range(1, 6) if st.d["ctrl"][x - 1] == "es"]
        st.decide(
            ROLE["es"],
            "choose_area",
            area_actions("at", areas),
            then="settlers",
            prompt="prompt.settlers_area",
        )
        return
    move_support(st, -2)
    st.log("log.support", rs=st.d["rs"])
    st.call("lose_unit", then="settler", fac="es", bag="soldier")


@mainland.step("settlers")
def _mainland_settlers(st: St, f: Frame, a: A) -> None:
    area = int(arg(a))
    st.call("deploy", then="done", fac="es", bags=["settler", "settler"], rule=f"only_{area}", card=34)


@mainland.step("settler")
def _mainland_settler(st: St, f: Frame, a: A) -> None:
    st.call("lose_unit", then="done", fac="es", bag="settler")


@mainland.step("done")
def _mainland_done(st: St, f: Frame, a: A) -> None:
    f.pop("ret", None)
    update_control(st)
    st.ret()


island = simple("destiny.35", "card.35")


@island.step()
def _island(st: St, f: Frame, a: A) -> None:
    roll(st, "rolled")


@island.step("rolled")
def _island_rolled(st: St, f: Frame, a: A) -> None:
    """A die at or under the number of Spanish areas among 1–5: Royal Support +2; otherwise −1 and a
    Soldier lost."""
    count = sum(1 for x in range(1, 6) if st.d["ctrl"][x - 1] == "es")
    if face(a) <= count:
        move_support(st, 2)
        st.log("log.support", rs=st.d["rs"])
        st.ret()
        return
    move_support(st, -1)
    st.log("log.support", rs=st.d["rs"])
    st.call("lose_unit", then="done", fac="es", bag="soldier")


@island.step("done")
def _island_done(st: St, f: Frame, a: A) -> None:
    update_control(st)
    st.ret()


# ------------------------------------------------------------------------------ 36: tropical climate
climate = simple("destiny.36", "card.36")


@climate.step()
def _climate(st: St, f: Frame, a: A) -> None:
    f["todo"] = [
        [x, key(p)]
        for x in AREAS
        if BOARD.areas[x].jungle and st.d["ctrl"][x - 1] == "es"
        for p in pieces(st, x, "es")
        if is_unit(p)
    ]
    st.goto("next")


@climate.step("next")
def _climate_next(st: St, f: Frame, a: A) -> None:
    """Each Spanish unit in a Spanish jungle area: 1–3 a hit, 4–5 full strength, 6 nothing."""
    if not f["todo"]:
        update_control(st)
        st.ret()
        return
    roll(st, "rolled")


@climate.step("rolled")
def _climate_rolled(st: St, f: Frame, a: A) -> None:
    area, k = f["todo"].pop(0)
    die = face(a)
    if die <= 3:
        take_hit(st, area, "es", k)
        st.log("log.hit", kind=f"@kind.{k.partition('.')[0]}", area=area)
    elif die <= 5:
        find(st, area, "es", k)[1] = 0
    st.goto("next")


# --------------------------------------------------------------------------- 37: Colón's health
health = simple("destiny.37", "card.37")


@health.step()
def _health(st: St, f: Frame, a: A) -> None:
    if st.d["colon"] in ("dead", "ships"):
        st.ret()
        return
    roll(st, "rolled")


@health.step("rolled")
def _health_rolled(st: St, f: Frame, a: A) -> None:
    """1–3: Colón may activate his area now, or leaves prison for a Spanish area; 4–6: he takes a hit."""
    d = st.d
    area = colon_area(st)
    if face(a) >= 4:
        if area is not None:
            new = take_hit(st, area, "es", key(next(p for p in pieces(st, area, "es") if p[0] == "colon")))
            st.log("log.hit" if new else "log.lost", kind="@kind.colon", area=area)
        elif d.get("colon_piece"):
            if d["colon_piece"][1]:
                d.pop("colon_piece")
                st.d["colon"] = "dead"
                st.log("log.leader_dead", leader="@kind.colon")
                if st.options.testament:
                    d["testament_due"] = True
            else:
                d["colon_piece"][1] = 1
        update_control(st)
        st.ret()
        return
    if area is not None:
        st.decide(
            ROLE["es"],
            "impulse",
            [*area_actions("activate", [area]), PASS],
            then="activate",
            prompt="prompt.health_activate",
        )
        return
    if d["colon"] == "prison":
        st.call("colon_returns", then="done")
        return
    st.ret()


@health.step("activate")
def _health_activate(st: St, f: Frame, a: A) -> None:
    if a == PASS:
        st.ret()
        return
    st.call("activation", then="done", fac="es", area=int(arg(a)))


@health.step("done")
def _health_done(st: St, f: Frame, a: A) -> None:
    st.ret()


# ------------------------------------------------------------------------- 38: intrigues against Colón
intrigue = simple("destiny.38", "card.38")


@intrigue.step()
def _intrigue(st: St, f: Frame, a: A) -> None:
    """Spain sends Colón away until next turn, or keeps him and loses 2 Royal Support."""
    if colon_area(st) is None:
        st.ret()
        return
    st.decide(ROLE["es"], "choose", [PARK, PASS], then="chosen", prompt="prompt.intrigue")


@intrigue.step("chosen")
def _intrigue_chosen(st: St, f: Frame, a: A) -> None:
    if a == PASS:
        move_support(st, -2)
        st.log("log.support", rs=st.d["rs"])
    else:
        to_prison(st, "box")
    update_control(st)
    st.ret()


# ------------------------------------------------------------------------------- 39: lunar eclipse
eclipse = simple("destiny.39", "card.39")


@eclipse.step()
def _eclipse(st: St, f: Frame, a: A) -> None:
    """Every indigenous unit leaves one area next to Colón: of those with indigenous units, one with
    the fewest."""
    area = colon_area(st)
    if area is None:
        st.ret()
        return
    areas = [x for x in BOARD.adjacent(area) if units(st, x, "ind")]
    if not areas:
        st.ret()
        return
    low = min(units(st, x, "ind") for x in areas)
    areas = [x for x in areas if units(st, x, "ind") == low]
    st.decide(ROLE["es"], "choose_area", area_actions("at", areas), then="chosen", prompt="prompt.eclipse")


@eclipse.step("chosen")
def _eclipse_chosen(st: St, f: Frame, a: A) -> None:
    area = int(arg(a))
    for p in [p for p in pieces(st, area, "ind") if is_unit(p)]:
        remove(st, area, "ind", p)
    st.log("log.eclipse", area=area)
    update_control(st)
    st.ret()
