"""The Nitayno's cards (§5.2, §5.3.2): the solo special phase, the draw of a card and the turn-6 last
impulse (§5.3.5); §5.4's re-rolled volley.

A card's effects — the row the Victory Points marker selects, or the turn-6 bottom — are data
(`data/nitayno.toml`), run by the core's interpreter (`NITAYNO_EFFECTS`, procs.py) with one procedure per
kind (effects.py, turn_six.py). Each effect returns whether it could be carried out; when one could not,
§5.3.2 draws another card for that purpose only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.mar_y_acero.actions import act, arg
from ludoteca.games.mar_y_acero.activation import Impulse, impulse
from ludoteca.games.mar_y_acero.dice import face, roll
from ludoteca.games.mar_y_acero.nitayno.data import NITAYNO
from ludoteca.games.mar_y_acero.nitayno.extraction import memory
from ludoteca.games.mar_y_acero.pieces import update_control
from ludoteca.games.mar_y_acero.procs import NITAYNO_EFFECTS, PROCS

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

DECKS = ("turn2", "turns3-6")


def card_key(card: int) -> str:
    return f"@nitayno.card.{card}"


# --------------------------------------------------------------------------- §5.3.2 the special phase
class SpecialPhase(TypedDict):
    """§5.3.2: whether the card drawn was carried out (`nitayno.card` returns it)."""

    ret: NotRequired[bool]


special = PROCS.proc("nitayno.special_phase", rule="5.3.2", frame=SpecialPhase)


@special.step()
def _special(state: MyaState, frame: SpecialPhase, action: None) -> None:
    """Draw a card from the deck of the turn and apply the row the VP marker selects."""
    mem = memory(state)
    mem.setdefault("decks", {deck: NITAYNO.deck(deck) for deck in DECKS})
    deck = "turn2" if state.d["turn"] == 2 else "turns3-6"
    state.call(card_proc, NitaynoCard(deck=deck, part="row"), then="done")


@special.step("done")
def _special_done(state: MyaState, frame: SpecialPhase, action: None) -> None:
    frame.pop("ret", None)
    update_control(state)
    state.ret()


class NitaynoCard(TypedDict):
    """§5.3.2: a card drawn from `deck`, its top row or its turn-6 bottom (`part`); the first card drawn
    (its bottom serves in turn 6), the card drawn, and whether its effects were carried out."""

    deck: str
    part: str
    first: NotRequired[int]
    card: NotRequired[int]
    ret: NotRequired[bool]


card_proc = PROCS.proc("nitayno.card", rule="5.3.2", frame=NitaynoCard)


@card_proc.step()
def _card(state: MyaState, frame: NitaynoCard, action: None) -> None:
    """Draw a card (a chance node) from `deck`; `part` is the top row or the turn-6 bottom."""
    pool = memory(state)["decks"][frame["deck"]]
    if not pool:
        state.log("nitayno.deck_empty")
        state.ret(False)
        return
    state.chance({act(f"nitayno {c}"): 1 for c in pool}, then="drawn")


@card_proc.step("drawn")
def _card_drawn(state: MyaState, frame: NitaynoCard, action: int) -> None:
    card = int(arg(action))
    mem = memory(state)
    mem["decks"][frame["deck"]].remove(card)
    state.reveal()
    spec = NITAYNO.cards[card]
    if frame["part"] == "row":
        mem["card"] = frame.setdefault("first", card)  # the card whose bottom serves in turn 6
        effects = spec.row(state.d["vp"])
        state.log("nitayno.card_row", card=card_key(card), vp=state.d["vp"])
    else:
        effects = spec.bottom
        state.log("nitayno.card_bottom", card=card_key(card))
    frame["card"] = card
    NITAYNO_EFFECTS.run(state, effects, then="applied", card=card)


@card_proc.step("applied")
def _card_applied(state: MyaState, frame: NitaynoCard, action: None) -> None:
    if frame.pop("ret"):
        state.ret(True)
        return
    state.log("nitayno.cannot", card=card_key(frame["card"]))
    state.goto("start")  # §5.3.2: another card, for this purpose only


# ------------------------------------------------------------------ §5.3.5 the last impulse of turn 6
class LastImpulse(TypedDict):
    """§5.3.5: the card whose bottom replaces the last impulse, and what was carried out (a card's
    effects return whether they were; an impulse returns nothing)."""

    card: NotRequired[int]
    ret: NotRequired[bool | None]


last = PROCS.proc("nitayno.last_impulse", rule="5.3.5", frame=LastImpulse)


@last.step()
def _last(state: MyaState, frame: LastImpulse, action: None) -> None:
    """The bottom of the card drawn this turn replaces the Nitayno's last impulse (§5.3.2)."""
    mem = memory(state)
    card = mem.get("card")
    if card is None:
        state.call(impulse, Impulse(fac="ind"), then="done")
        return
    spec = NITAYNO.cards[card]
    state.log("nitayno.card_bottom", card=card_key(card))
    frame["card"] = card
    NITAYNO_EFFECTS.run(state, spec.bottom, then="applied", card=card)


@last.step("applied")
def _last_applied(state: MyaState, frame: LastImpulse, action: None) -> None:
    if frame.pop("ret"):
        state.goto("then")
        return
    state.log("nitayno.cannot", card=card_key(frame["card"]))
    state.call(card_proc, NitaynoCard(deck="turns3-6", part="bottom"), then="redrawn")


@last.step("redrawn")
def _last_redrawn(state: MyaState, frame: LastImpulse, action: None) -> None:
    if not frame.pop("ret"):
        state.call(impulse, Impulse(fac="ind"), then="done")
        return
    state.goto("then")


@last.step("then")
def _last_then(state: MyaState, frame: LastImpulse, action: None) -> None:
    """Card 45's bottom only changes the Spanish dice: the Nitayno then plays its impulse as usual."""
    if "es_die" in memory(state):
        state.call(impulse, Impulse(fac="ind"), then="done")
        return
    state.goto("done")


@last.step("done")
def _last_done(state: MyaState, frame: LastImpulse, action: None) -> None:
    frame.pop("ret", None)
    memory(state).pop("es_die", None)
    update_control(state)
    state.ret()


# Level II rule 8 and cards 48-49: a volley of three dice that hits nothing is rolled again, once.
class Volley(TypedDict):
    """§5.4: the Nitayno's dice in a combat round, those that failed, and the dice rolled again."""

    dice: list[int]
    fail: list[int]
    new: NotRequired[list[int]]


volley = PROCS.proc("nitayno.volley", rule="5.4", frame=Volley)


@volley.step()
def _volley(state: MyaState, frame: Volley, action: None) -> None:
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
def _volley_rolled(state: MyaState, frame: Volley, action: int) -> None:
    frame["new"].append(face(action))
    if len(frame["new"]) < 3:
        roll(state, "rolled")
        return
    state.ret(frame["new"])
