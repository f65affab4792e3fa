"""§4.3.2 II the effect kinds of the event cards (1–16), whose lists are in `data/cards.toml`: units
deployed by a card's rule, Colón to prison, and the kinds one card uses (8 storms, 10 Guacanagarí, 12
smallpox). Facts B4 give the printed effects; the README lists how we read the unclear ones."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from ludoteca.games.mar_y_acero.actions import act, area_actions, arg
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.deploy import Deploy, Scribes, colon_area, deploy, scribes
from ludoteca.games.mar_y_acero.dice import face, roll
from ludoteca.games.mar_y_acero.effects import dice_for_units
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
from ludoteca.games.mar_y_acero.procs import EFFECTS, CardEffect

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

PARK = act("park")


def soldiers_for(state: MyaState, printed: int) -> int:
    """§4.3.2 II: Royal Support changes the Soldados* an event card brings."""
    return max(0, printed + BOARD.rs_soldiers[int(state.d["rs"])])


def unit_bags(state: MyaState, card: int) -> list[str]:
    bags: list[str] = []
    for bag, n in BOARD.events[card].units.items():
        bags += [bag] * (soldiers_for(state, n) if bag == "soldier" else n)
    return bags


def out_of_play(state: MyaState, leader: str) -> bool:
    """A leader a card brings back: Caonabó not yet on the map (card 2), Colón in prison (cards 14, 16)."""
    return bool(state.d["caonabo"] == "off" if leader == "caonabo" else state.d["colon"] == "prison")


# ------------------------------------------------------------------------------------ unit cards
class ByDie(TypedDict):
    """Units whose number a die gives (card 4): their bag, and the number for each face."""

    bag: str
    n: list[int]


class CardUnits(CardEffect):
    """The card's units deployed by its placement `rule`: the leaders that come too when out of play, who
    strikes first, the units a die gives (`by_die`) and how many it gave; the Scribes' areas that the
    deployment returns."""

    rule: str
    leaders: NotRequired[list[str]]
    strike: NotRequired[str]
    by_die: NotRequired[ByDie]
    drawn_n: NotRequired[int]
    ret: NotRequired[list[int] | None]


card_units = EFFECTS.kind("deploy", rule="4.3.2.II", frame=CardUnits)


@card_units.step()
def _deploy(state: MyaState, frame: CardUnits, action: None) -> None:
    """The card's units deploy where its `rule` says (deploy.tiers); `strike`: who strikes first in the
    combats they start (cards 2 and 4); `leaders` come too when out of play; `by_die`: the units are
    ``n[die − 1]`` of `bag` (card 4), otherwise the card's printed units."""
    if "by_die" in frame:
        roll(state, "rolled")
        return
    state.goto("deploy")


@card_units.step("rolled")
def _deploy_rolled(state: MyaState, frame: CardUnits, action: int) -> None:
    frame["drawn_n"] = frame["by_die"]["n"][face(action) - 1]
    state.goto("deploy")


@card_units.step("deploy")
def _deploy_units(state: MyaState, frame: CardUnits, action: None) -> None:
    card = frame["card"]
    bags = [frame["by_die"]["bag"]] * frame["drawn_n"] if "by_die" in frame else unit_bags(state, card)
    leaders = [leader for leader in frame.get("leaders", []) if out_of_play(state, leader)]
    state.log("log.card_units", n=len(bags), card=f"@card.{card}")
    state.call(
        deploy,
        Deploy(
            fac=frame["fac"],
            bags=bags,
            rule=frame["rule"],
            card=card,
            overstack=BOARD.events[card].overstack,
            strike=frame.get("strike"),
            leaders=leaders,
        ),
        then="scribes",
    )


@card_units.step("scribes")
def _deploy_scribes(state: MyaState, frame: CardUnits, action: None) -> None:
    """§4.4.3: the Royal Scribes the event just deployed may act."""
    areas = frame.pop("ret") or []
    if frame["fac"] == "es" and areas:
        state.call(scribes, Scribes(areas=areas), then="done")
        return
    state.ret()


@card_units.step("done")
def _deploy_done(state: MyaState, frame: CardUnits, action: None) -> None:
    state.ret()


prison = EFFECTS.kind("prison", rule="4.3.2.II", frame=CardEffect)


@prison.step()
def _prison(state: MyaState, frame: CardEffect, action: None) -> None:
    """Card 15: Colón, if on the map, goes to the Prison in Spain."""
    if state.d["colon"] == "map":
        to_prison(state)
    state.ret()


def to_prison(state: MyaState, where: Literal["prison", "box"] = "prison") -> None:
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


# ----------------------------------------------------------------------------- card 8: storms at sea
class Storms(CardEffect):
    """Card 8: the Soldiers still to roll for (``[area, key]``), and the area of the one replaced."""

    todo: NotRequired[list[list[Any]]]
    area: NotRequired[int]


storms = EFFECTS.kind("storms", rule="4.3.2.II", frame=Storms)


@storms.step()
def _storms(state: MyaState, frame: Storms, action: None) -> None:
    frame["todo"] = [
        [x, key(p)] for x in AREAS for p in pieces(state, x, "es") if KINDS[p[0]].bag == "soldier"
    ]
    state.goto("next")


@storms.step("next")
def _storms_next(state: MyaState, frame: Storms, action: None) -> None:
    """A die per Spanish Soldier: 1–3, it goes back to its bag and a settler drawn at random takes its
    place."""
    if not frame["todo"]:
        update_control(state)
        state.ret()
        return
    roll(state, "rolled")


@storms.step("rolled")
def _storms_rolled(state: MyaState, frame: Storms, action: int) -> None:
    area: int
    k: str
    area, k = frame["todo"].pop(0)
    if face(action) > 3:
        state.goto("next")
        return
    remove(state, area, "es", find(state, area, "es", k))
    frame["area"] = area
    if not draw_unit(state, "settler", "settler"):
        state.goto("next")


@storms.step("settler")
def _storms_settler(state: MyaState, frame: Storms, action: int) -> None:
    kind = take_from_bag(state, action)
    place(state, frame["area"], "es", kind)
    state.log("log.swapped", area=frame["area"], kind=f"@kind.{kind}")
    state.goto("next")


# ------------------------------------------------------------------------------ card 10: Guacanagarí
class Guaca(CardEffect):
    """Card 10: the Scribes' areas that the settlers' deployment returns."""

    ret: NotRequired[list[int] | None]


guaca = EFFECTS.kind("guacanagari", rule="4.3.2.II", frame=Guaca)


@guaca.step()
def _guaca(state: MyaState, frame: Guaca, action: None) -> None:
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
def _guaca_chosen(state: MyaState, frame: Guaca, action: int) -> None:
    area = int(arg(action))
    for _ in range(3):
        piece = next((p for p in pieces(state, area, "ind") if KINDS[p[0]].bag == "taino"), None)
        if piece is None:
            break
        remove(state, area, "ind", piece)
    place(state, area, "es", "guacanagari")
    state.d["guaca"] = "es"
    state.log("log.guaca_arrives", area=area)
    state.call(deploy, Deploy(fac="es", bags=["settler"] * 3, rule=f"only_{area}", card=10), then="done")


@guaca.step("done")
def _guaca_done(state: MyaState, frame: Guaca, action: None) -> None:
    areas = frame.pop("ret") or []
    if areas:
        state.call(scribes, Scribes(areas=areas), then="end")
        return
    state.goto("end")


@guaca.step("end")
def _guaca_end(state: MyaState, frame: Guaca, action: None) -> None:
    update_control(state)
    state.ret()


# ----------------------------------------------------------------------------- card 12: smallpox
smallpox = EFFECTS.kind("smallpox", rule="4.3.2.II", frame=CardEffect)


SMALLPOX_FACES = ["out", "out", "out", "none", "none", "none"]
"""Card 12: 1–3 the unit is removed."""


@smallpox.step()
def _smallpox(state: MyaState, frame: CardEffect, action: None) -> None:
    """A die per Taíno and Caribe unit (`SMALLPOX_FACES`); +1 far from Spaniards and Rebels. Smallpox
    removes only Taíno and Caribe units, so who is far from contact is known before the first die."""
    units = [
        [x, "ind", key(p), int(far_from_contact(state, x))]
        for x in AREAS
        for p in pieces(state, x, "ind")
        if KINDS[p[0]].bag in ("taino", "caribe")
    ]
    dice_for_units(state, frame, units, SMALLPOX_FACES, {"out": "log.lost"})


def far_from_contact(state: MyaState, area: int) -> bool:
    """Two or more areas away from every Spanish or Rebel unit."""
    contact = [
        x
        for x in AREAS
        if any(is_unit(p) for p in pieces(state, x, "es"))
        or any(KINDS[p[0]].bag == "rebel" for p in pieces(state, x, "ind"))
    ]
    return all(BOARD.distance(area, x) >= 2 for x in contact)
