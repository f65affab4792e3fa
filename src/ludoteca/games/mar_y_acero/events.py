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
    from ludoteca.games.mar_y_acero.state import MyaState

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


def soldiers_for(state: MyaState, printed: int) -> int:
    """§4.3.2 II: Royal Support changes the Soldados* an event card brings."""
    return max(0, printed + BOARD.rs_soldiers[int(state.d["rs"])])


def unit_bags(state: MyaState, card: int) -> list[str]:
    bags: list[str] = []
    for bag, n in BOARD.events[card].units.items():
        bags += [bag] * (soldiers_for(state, n) if bag == "soldier" else n)
    return bags


def weakest(state: MyaState, area: int, fac: str, bag: str) -> list[Any] | None:
    """The unit of `bag` a loss takes first: a reduced one, then the lowest attack."""
    here = [p for p in pieces(state, area, fac) if KINDS[p[0]].bag == bag]
    if not here:
        return None
    return min(here, key=lambda p: (-p[1], KINDS[p[0]].attack, p[0]))


def unit_card(card: int) -> None:
    """Register ``event.<card>``: draw the card's units, deploy them, scribes, then the card's coda."""
    spec = UNIT_CARDS[card]
    proc = PROCS.proc(f"event.{card}", rule=f"card.{card}")

    @proc.step()
    def _start(state: MyaState, frame: Frame, action: A) -> None:
        if card == 4:
            roll(state, "roldan")
            return
        state.goto("deploy")

    @proc.step("roldan")
    def _roldan(state: MyaState, frame: Frame, action: A) -> None:
        frame["rebels"] = ROLDAN[face(action) - 1]
        state.goto("deploy")

    @proc.step("deploy")
    def _deploy(state: MyaState, frame: Frame, action: A) -> None:
        position = state.d
        bags = ["rebel"] * frame["rebels"] if card == 4 else unit_bags(state, card)
        leaders = []
        if card == 2 and position["caonabo"] == "off":
            leaders.append("caonabo")
        if card in (14, 16) and position["colon"] == "prison":
            leaders.append("colon")
        state.log("log.card_units", n=len(bags), card=f"@card.{card}")
        state.call(
            "deploy",
            then="scribes",
            fac=frame["fac"],
            bags=bags,
            rule=spec["rule"],
            card=card,
            overstack=BOARD.events[card].overstack,
            strike=spec.get("strike"),
            leaders=leaders,
        )

    @proc.step("scribes")
    def _scribes(state: MyaState, frame: Frame, action: A) -> None:
        areas = frame.pop("ret") or []
        if frame["fac"] == "es" and areas:
            state.call("scribes", then="coda", areas=areas)
            return
        state.goto("coda")

    @proc.step("coda")
    def _coda(state: MyaState, frame: Frame, action: A) -> None:
        if card == 15 and state.d["colon"] == "map":
            to_prison(state)
        update_control(state)
        state.ret()


def to_prison(state: MyaState, where: str = "prison") -> None:
    """Card 15: Colón leaves the map for the Prison in Spain (card 38: the next turn's box), keeping his
    strength."""
    area = colon_area(state)
    if area is None:
        return
    piece = find(state, area, "es", key(next(p for p in pieces(state, area, "es") if p[0] == "colon")))
    pieces(state, area, "es").remove(piece)
    state.d["colon_piece"] = piece
    state.d["colon"] = where
    state.log(f"log.colon_{where}")


for _card in UNIT_CARDS:
    unit_card(_card)


def simple(name: str, rule: str) -> Procedure:
    """A one-procedure effect: returns the procedure to decorate its steps."""
    return PROCS.proc(name, rule=rule)


# ---------------------------------------------------------------------------- card 3: Colón's pearls
perlas = simple("event.3", "card.3")


@perlas.step()
def _perlas(state: MyaState, frame: Frame, action: A) -> None:
    roll(state, "rolled")


@perlas.step("rolled")
def _perlas_rolled(state: MyaState, frame: Frame, action: A) -> None:
    """1 nothing; 2–4 Royal Support −2; 5–6 Royal Support −3 and two Soldiers lost, those nearest Colón."""
    die = face(action)
    state.log("log.die", die=die)
    if die == 1:
        state.ret()
        return
    move_support(state, -2 if die <= 4 else -3)
    state.log("log.support", rs=state.d["rs"])
    if die <= 4:
        state.ret()
        return
    frame["n"] = 2
    state.goto("lose")


@perlas.step("lose")
def _perlas_lose(state: MyaState, frame: Frame, action: A) -> None:
    if not frame["n"]:
        update_control(state)
        state.ret()
        return
    frame["n"] -= 1
    state.call("lose_unit", then="lose", fac="es", bag="soldier", near=colon_area(state))


lose_unit = simple("lose_unit", "4.2")


@lose_unit.step()
def _lose_unit(state: MyaState, frame: Frame, action: A) -> None:
    """A unit of `bag` leaves the map: the owner chooses the area (nearest `near` when given), the
    weakest such unit there goes."""
    areas = [x for x in AREAS if weakest(state, x, frame["fac"], frame["bag"])]
    if not areas:
        state.ret()
        return
    if frame.get("near"):
        close = min(BOARD.distance(x, frame["near"]) for x in areas)
        areas = [x for x in areas if BOARD.distance(x, frame["near"]) == close]
    state.decide(
        ROLE[frame["fac"]],
        "choose_area",
        area_actions("at", areas),
        then="chosen",
        prompt="prompt.lose_unit",
        bag=f"@bag.{frame['bag']}",
    )


@lose_unit.step("chosen")
def _lose_unit_chosen(state: MyaState, frame: Frame, action: A) -> None:
    area = int(arg(action))
    piece = weakest(state, area, frame["fac"], frame["bag"])
    assert piece is not None
    remove(state, area, frame["fac"], piece)
    state.log("log.lost", kind=f"@kind.{piece[0]}", area=area)
    update_control(state)
    state.ret()


# ----------------------------------------------------------------------------- card 8: storms at sea
storms = simple("event.8", "card.8")


@storms.step()
def _storms(state: MyaState, frame: Frame, action: A) -> None:
    frame["todo"] = [
        [x, key(p)] for x in AREAS for p in pieces(state, x, "es") if KINDS[p[0]].bag == "soldier"
    ]
    state.goto("next")


@storms.step("next")
def _storms_next(state: MyaState, frame: Frame, action: A) -> None:
    """A die per Spanish Soldier: 1–3, it goes back to its bag and a settler drawn at random takes its
    place."""
    if not frame["todo"]:
        update_control(state)
        state.ret()
        return
    roll(state, "rolled")


@storms.step("rolled")
def _storms_rolled(state: MyaState, frame: Frame, action: A) -> None:
    area, k = frame["todo"].pop(0)
    if face(action) > 3:
        state.goto("next")
        return
    remove(state, area, "es", find(state, area, "es", k))
    frame["area"] = area
    if not draw_unit(state, "settler", "settler"):
        state.goto("next")


@storms.step("settler")
def _storms_settler(state: MyaState, frame: Frame, action: A) -> None:
    kind = take_from_bag(state, action)
    place(state, frame["area"], "es", kind)
    state.log("log.swapped", area=frame["area"], kind=f"@kind.{kind}")
    state.goto("next")


# ------------------------------------------------------------------------------ card 10: Guacanagarí
guaca = simple("event.10", "card.10")


@guaca.step()
def _guaca(state: MyaState, frame: Frame, action: A) -> None:
    """Up to three Taínos leave one area; Guacanagarí (Spanish side) and three settlers arrive there."""
    position = state.d
    if position["guaca"] != "off":
        state.ret()
        return
    areas = [x for x in AREAS if any(KINDS[p[0]].bag == "taino" for p in pieces(state, x, "ind"))]
    areas = areas or [x for x in AREAS if present(state, x, "es")]
    if not areas:
        state.ret()
        return
    state.decide(
        ROLE["es"], "choose_area", area_actions("at", areas), then="chosen", prompt="prompt.guaca_area"
    )


@guaca.step("chosen")
def _guaca_chosen(state: MyaState, frame: Frame, action: A) -> None:
    area = int(arg(action))
    for _ in range(3):
        piece = next((p for p in pieces(state, area, "ind") if KINDS[p[0]].bag == "taino"), None)
        if piece is None:
            break
        remove(state, area, "ind", piece)
    place(state, area, "es", "guacanagari")
    state.d["guaca"] = "es"
    state.log("log.guaca_arrives", area=area)
    state.call("deploy", then="done", fac="es", bags=["settler"] * 3, rule=f"only_{area}", card=10)


@guaca.step("done")
def _guaca_done(state: MyaState, frame: Frame, action: A) -> None:
    areas = frame.pop("ret") or []
    if areas:
        state.call("scribes", then="end", areas=areas)
        return
    state.goto("end")


@guaca.step("end")
def _guaca_end(state: MyaState, frame: Frame, action: A) -> None:
    update_control(state)
    state.ret()


# ----------------------------------------------------------------------------- card 12: smallpox
smallpox = simple("event.12", "card.12")


@smallpox.step()
def _smallpox(state: MyaState, frame: Frame, action: A) -> None:
    frame["todo"] = [
        [x, key(p)] for x in AREAS for p in pieces(state, x, "ind") if KINDS[p[0]].bag in ("taino", "caribe")
    ]
    state.goto("next")


def far_from_contact(state: MyaState, area: int) -> bool:
    """Two or more areas away from every Spanish or Rebel unit."""
    contact = [
        x
        for x in AREAS
        if any(is_unit(p) for p in pieces(state, x, "es"))
        or any(KINDS[p[0]].bag == "rebel" for p in pieces(state, x, "ind"))
    ]
    return all(BOARD.distance(area, x) >= 2 for x in contact)


@smallpox.step("next")
def _smallpox_next(state: MyaState, frame: Frame, action: A) -> None:
    """A die per Taíno and Caribe unit: 1–3 it is removed; +1 far from Spaniards and Rebels."""
    if not frame["todo"]:
        update_control(state)
        state.ret()
        return
    roll(state, "rolled")


@smallpox.step("rolled")
def _smallpox_rolled(state: MyaState, frame: Frame, action: A) -> None:
    area, k = frame["todo"].pop(0)
    die = face(action) + (1 if far_from_contact(state, area) else 0)
    if die <= 3:
        remove(state, area, "ind", find(state, area, "ind", k))
        state.log("log.lost", kind=f"@kind.{k.partition('.')[0]}", area=area)
    state.goto("next")
