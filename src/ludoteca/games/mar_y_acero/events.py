"""§4.3.2 II the event cards (1–16): what each one does when played. Facts B4 give the printed effects; the
README lists how we read the unclear ones."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.procedure import Procedure
from ludoteca.games.mar_y_acero.actions import act, area_actions, arg
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.deploy import colon_area
from ludoteca.games.mar_y_acero.dice import face, move_support, roll
from ludoteca.games.mar_y_acero.pieces import (
    KINDS,
    ROLE,
    draw_unit,
    find,
    is_unit,
    key,
    pieces,
    place,
    present,
    remove,
    take_from_bag,
    update_control,
)
from ludoteca.games.mar_y_acero.procs import PROCS, A, Frame

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState as St

PARK = act("park")

# Unit cards: where the units go (deploy.tiers), and who strikes first (cards 2 and 4, facts B4).
UNIT_CARDS: dict[int, dict[str, Any]] = {
    1: {"rule": "not_spanish"},
    2: {"rule": "spanish_held", "strike": "ind"},
    4: {"rule": "spanish_held", "strike": "ind"},
    5: {"rule": "empty_then_own"},
    6: {"rule": "empty_or_own"},
    7: {"rule": "ovando"},
    9: {"rule": "colon_or_5_6_15"},
    11: {"rule": "own"},
    13: {"rule": "area_10"},
    14: {"rule": "colon_or_5_6"},
    15: {"rule": "own"},
    16: {"rule": "empty_or_fewest_enemy"},
}
ROLDAN = [2, 3, 3, 4, 4, 5]  # card 4: Rebels by die face


def soldiers_for(st: St, printed: int) -> int:
    """§4.3.2 II: Royal Support changes the Soldados* an event card brings."""
    return max(0, printed + BOARD.rs_soldiers[int(st.d["rs"])])


def unit_bags(st: St, card: int) -> list[str]:
    bags: list[str] = []
    for bag, n in BOARD.events[card].units.items():
        bags += [bag] * (soldiers_for(st, n) if bag == "soldier" else n)
    return bags


def weakest(st: St, area: int, fac: str, bag: str) -> list[Any] | None:
    """The unit of `bag` a loss takes first: a reduced one, then the lowest attack."""
    here = [p for p in pieces(st, area, fac) if KINDS[p[0]].bag == bag]
    if not here:
        return None
    return min(here, key=lambda p: (-p[1], KINDS[p[0]].attack, p[0]))


def unit_card(card: int) -> None:
    """Register ``event.<card>``: draw the card's units, deploy them, scribes, then the card's coda."""
    spec = UNIT_CARDS[card]
    proc = PROCS.proc(f"event.{card}", rule=f"card.{card}")

    @proc.step()
    def _start(st: St, f: Frame, a: A) -> None:
        if card == 4:
            roll(st, "roldan")
            return
        st.goto("deploy")

    @proc.step("roldan")
    def _roldan(st: St, f: Frame, a: A) -> None:
        f["rebels"] = ROLDAN[face(a) - 1]
        st.goto("deploy")

    @proc.step("deploy")
    def _deploy(st: St, f: Frame, a: A) -> None:
        d = st.d
        bags = ["rebel"] * f["rebels"] if card == 4 else unit_bags(st, card)
        leaders = []
        if card == 2 and d["caonabo"] == "off":
            leaders.append("caonabo")
        if card in (14, 16) and d["colon"] == "prison":
            leaders.append("colon")
        st.log("log.card_units", n=len(bags), card=f"@card.{card}")
        st.call(
            "deploy",
            then="scribes",
            fac=f["fac"],
            bags=bags,
            rule=spec["rule"],
            card=card,
            overstack=BOARD.events[card].overstack,
            strike=spec.get("strike"),
            leaders=leaders,
        )

    @proc.step("scribes")
    def _scribes(st: St, f: Frame, a: A) -> None:
        areas = f.pop("ret") or []
        if f["fac"] == "es" and areas:
            st.call("scribes", then="coda", areas=areas)
            return
        st.goto("coda")

    @proc.step("coda")
    def _coda(st: St, f: Frame, a: A) -> None:
        if card == 15 and st.d["colon"] == "map":
            to_prison(st)
        update_control(st)
        st.ret()


def to_prison(st: St, where: str = "prison") -> None:
    """Card 15: Colón leaves the map for the Prison in Spain (card 38: the next turn's box), keeping his
    strength."""
    area = colon_area(st)
    if area is None:
        return
    piece = find(st, area, "es", key(next(p for p in pieces(st, area, "es") if p[0] == "colon")))
    pieces(st, area, "es").remove(piece)
    st.d["colon_piece"] = piece
    st.d["colon"] = where
    st.log(f"log.colon_{where}")


for _card in UNIT_CARDS:
    unit_card(_card)


def simple(name: str, rule: str) -> Procedure:
    """A one-procedure effect: returns the procedure to decorate its steps."""
    return PROCS.proc(name, rule=rule)


# ---------------------------------------------------------------------------- card 3: Colón's pearls
perlas = simple("event.3", "card.3")


@perlas.step()
def _perlas(st: St, f: Frame, a: A) -> None:
    roll(st, "rolled")


@perlas.step("rolled")
def _perlas_rolled(st: St, f: Frame, a: A) -> None:
    """1 nothing; 2–4 Royal Support −2; 5–6 Royal Support −3 and two Soldiers lost, those nearest Colón."""
    die = face(a)
    st.log("log.die", die=die)
    if die == 1:
        st.ret()
        return
    move_support(st, -2 if die <= 4 else -3)
    st.log("log.support", rs=st.d["rs"])
    if die <= 4:
        st.ret()
        return
    f["n"] = 2
    st.goto("lose")


@perlas.step("lose")
def _perlas_lose(st: St, f: Frame, a: A) -> None:
    if not f["n"]:
        update_control(st)
        st.ret()
        return
    f["n"] -= 1
    st.call("lose_unit", then="lose", fac="es", bag="soldier", near=colon_area(st))


lose_unit = simple("lose_unit", "4.2")


@lose_unit.step()
def _lose_unit(st: St, f: Frame, a: A) -> None:
    """A unit of `bag` leaves the map: the owner chooses the area (nearest `near` when given), the
    weakest such unit there goes."""
    areas = [x for x in AREAS if weakest(st, x, f["fac"], f["bag"])]
    if not areas:
        st.ret()
        return
    if f.get("near"):
        close = min(BOARD.distance(x, f["near"]) for x in areas)
        areas = [x for x in areas if BOARD.distance(x, f["near"]) == close]
    st.decide(
        ROLE[f["fac"]],
        "choose_area",
        area_actions("at", areas),
        then="chosen",
        prompt="prompt.lose_unit",
        bag=f"@bag.{f['bag']}",
    )


@lose_unit.step("chosen")
def _lose_unit_chosen(st: St, f: Frame, a: A) -> None:
    area = int(arg(a))
    piece = weakest(st, area, f["fac"], f["bag"])
    assert piece is not None
    remove(st, area, f["fac"], piece)
    st.log("log.lost", kind=f"@kind.{piece[0]}", area=area)
    update_control(st)
    st.ret()


# ----------------------------------------------------------------------------- card 8: storms at sea
storms = simple("event.8", "card.8")


@storms.step()
def _storms(st: St, f: Frame, a: A) -> None:
    f["todo"] = [[x, key(p)] for x in AREAS for p in pieces(st, x, "es") if KINDS[p[0]].bag == "soldier"]
    st.goto("next")


@storms.step("next")
def _storms_next(st: St, f: Frame, a: A) -> None:
    """A die per Spanish Soldier: 1–3, it goes back to its bag and a settler drawn at random takes its
    place."""
    if not f["todo"]:
        update_control(st)
        st.ret()
        return
    roll(st, "rolled")


@storms.step("rolled")
def _storms_rolled(st: St, f: Frame, a: A) -> None:
    area, k = f["todo"].pop(0)
    if face(a) > 3:
        st.goto("next")
        return
    remove(st, area, "es", find(st, area, "es", k))
    f["area"] = area
    if not draw_unit(st, "settler", "settler"):
        st.goto("next")


@storms.step("settler")
def _storms_settler(st: St, f: Frame, a: A) -> None:
    kind = take_from_bag(st, a)
    place(st, f["area"], "es", kind)
    st.log("log.swapped", area=f["area"], kind=f"@kind.{kind}")
    st.goto("next")


# ------------------------------------------------------------------------------ card 10: Guacanagarí
guaca = simple("event.10", "card.10")


@guaca.step()
def _guaca(st: St, f: Frame, a: A) -> None:
    """Up to three Taínos leave one area; Guacanagarí (Spanish side) and three settlers arrive there."""
    d = st.d
    if d["guaca"] != "off":
        st.ret()
        return
    areas = [x for x in AREAS if any(KINDS[p[0]].bag == "taino" for p in pieces(st, x, "ind"))]
    areas = areas or [x for x in AREAS if present(st, x, "es")]
    if not areas:
        st.ret()
        return
    st.decide(ROLE["es"], "choose_area", area_actions("at", areas), then="chosen", prompt="prompt.guaca_area")


@guaca.step("chosen")
def _guaca_chosen(st: St, f: Frame, a: A) -> None:
    area = int(arg(a))
    for _ in range(3):
        piece = next((p for p in pieces(st, area, "ind") if KINDS[p[0]].bag == "taino"), None)
        if piece is None:
            break
        remove(st, area, "ind", piece)
    place(st, area, "es", "guacanagari")
    st.d["guaca"] = "es"
    st.log("log.guaca_arrives", area=area)
    st.call("deploy", then="done", fac="es", bags=["settler"] * 3, rule=f"only_{area}", card=10)


@guaca.step("done")
def _guaca_done(st: St, f: Frame, a: A) -> None:
    areas = f.pop("ret") or []
    if areas:
        st.call("scribes", then="end", areas=areas)
        return
    st.goto("end")


@guaca.step("end")
def _guaca_end(st: St, f: Frame, a: A) -> None:
    update_control(st)
    st.ret()


# ----------------------------------------------------------------------------- card 12: smallpox
smallpox = simple("event.12", "card.12")


@smallpox.step()
def _smallpox(st: St, f: Frame, a: A) -> None:
    f["todo"] = [
        [x, key(p)] for x in AREAS for p in pieces(st, x, "ind") if KINDS[p[0]].bag in ("taino", "caribe")
    ]
    st.goto("next")


def far_from_contact(st: St, area: int) -> bool:
    """Two or more areas away from every Spanish or Rebel unit."""
    contact = [
        x
        for x in AREAS
        if any(is_unit(p) for p in pieces(st, x, "es"))
        or any(KINDS[p[0]].bag == "rebel" for p in pieces(st, x, "ind"))
    ]
    return all(BOARD.distance(area, x) >= 2 for x in contact)


@smallpox.step("next")
def _smallpox_next(st: St, f: Frame, a: A) -> None:
    """A die per Taíno and Caribe unit: 1–3 it is removed; +1 far from Spaniards and Rebels."""
    if not f["todo"]:
        update_control(st)
        st.ret()
        return
    roll(st, "rolled")


@smallpox.step("rolled")
def _smallpox_rolled(st: St, f: Frame, a: A) -> None:
    area, k = f["todo"].pop(0)
    die = face(a) + (1 if far_from_contact(st, area) else 0)
    if die <= 3:
        remove(st, area, "ind", find(st, area, "ind", k))
        st.log("log.lost", kind=f"@kind.{k.partition('.')[0]}", area=area)
    st.goto("next")
