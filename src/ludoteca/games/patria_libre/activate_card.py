"""§B- Activar carta: a card placed on an order token is paid for (§Requisitos de uso), raises its popularity
icon's column (§Simbología de cartas especiales) and then carries out its effects.

A card's effects are data (the vocabulary in the header of `data/cards.toml`), run by the core's
`EffectKinds`: each kind is one procedure ``effect.<kind>`` with the predicate saying whether it would
change anything now. The owner carries the effects out in any order and may leave any out (§1. Cartas de
líder: "pueden ejecutarse en cualquier orden. Puedes ejecutar sólo 1 efecto"), the one reading that fits
both leader cards and events such as Esclavitud Abolida; a card of one effect carries it out at once.
Domination and a player wiped off the map are settled after the turn's action, as for orders
(scoring.py, "settle").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.core.effects import Chooser
from ludoteca.games.patria_libre import popularity
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.card_effects import EFFECTS, effect_possible
from ludoteca.games.patria_libre.cards import CARDS, requirement_met
from ludoteca.games.patria_libre.popularity import Shift
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState


def usable(state: PatriaState, r: str, card_id: str, prov: str) -> bool:
    """§Requisitos de uso: the card's own conditions hold in `prov` and at least one effect would do
    something (colour, presence, room and the leader's province are checked by the turn)."""
    card = CARDS[card_id]
    if not all(requirement_met(state, r, card, prov, req) for req in card.requires):
        return False
    return any(effect_possible(state, r, card_id, prov, effect) for effect in card.effects)


# ---------------------------------------------------------------------------------- the procedure
class CardPlay(TypedDict):
    """The locals of a card activated (§B- Activar carta): who, where, which card, and the cards of its area
    still to discard as its price."""

    r: str
    prov: str
    card: str
    discards: NotRequired[int]


card_proc = PROCS.proc("card", rule="B", frame=CardPlay)


@card_proc.step()
def _start(state: PatriaState, frame: CardPlay, action: int | None) -> None:
    """Pay what the card asks (§Requisitos de uso), then its popularity icon (§Simbología)."""
    card = CARDS[frame["card"]]
    pay = next((req for req in card.requires if req["kind"] == "pay"), {})
    if pay.get("coins"):
        state.take(frame["r"], pay["coins"])
        state.log("cards.log.paid", who=f"@role.{frame['r']}", n=pay["coins"])
    frame["discards"] = pay.get("cards", 0)
    if pay.get("popularity"):
        state.call(popularity.lose, Shift(r=frame["r"], n=pay["popularity"]), then="discards")
    else:
        state.goto("discards")


@card_proc.step("discards")
def _discards(state: PatriaState, frame: CardPlay, action: int | None) -> None:
    area = state.d["area"][frame["r"]]
    if frame["discards"] and area:
        state.decide(
            state.idx(frame["r"]),
            "discard",
            [ID[f"discard {c}"] for c in area],
            then="discarded",
            prompt="cards.prompt.sacrifice",
        )
        return
    card = CARDS[frame["card"]]
    if card.popularity:
        state.call(popularity.gain, Shift(r=frame["r"], n=1, col=card.popularity), then="effects")
    else:
        state.goto("effects")


@card_proc.step("discarded")
def _discarded(state: PatriaState, frame: CardPlay, action: int) -> None:
    gone = target(action)
    state.d["area"][frame["r"]].remove(gone)
    state.d["discard"].append(gone)
    state.log("cards.log.sacrificed", who=f"@role.{frame['r']}", card=f"@card.{gone}.name")
    frame["discards"] -= 1
    state.goto("discards")


@card_proc.step("effects")
def _effects(state: PatriaState, frame: CardPlay, action: int | None) -> None:
    """The effects, as the owner chooses (§1. Cartas de líder)."""
    card = CARDS[frame["card"]]
    count = len(card.effects)
    chooser = Chooser(
        role=state.idx(frame["r"]),
        actions=[ID[f"effect {i + 1}"] for i in range(count)],
        done=ID["done"],
        prompt="cards.prompt.effect",
        labels=[f"@card.{card.id}.e{i + 1}" for i in range(count)],
        params={"card": f"@card.{card.id}.name"},
    )
    EFFECTS.run(
        state, card.effects, then="done", chooser=chooser, card=card.id, r=frame["r"], prov=frame["prov"]
    )


@card_proc.step("done")
def _done(state: PatriaState, frame: CardPlay, action: int | None) -> None:
    state.ret()
