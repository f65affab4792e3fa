"""§Turno del jugador con IA: the procedure "persona" that takes every decision of the deck's seat
(`PatriaState.bot_for`): a personality card revealed at the start of each turn, the choice worked out by
the chooser of the decision's kind (choices.py), a new card's tab where two choices tie; it ends with
`state.answer`, as the core's `State.decide` expects."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired

from ludoteca.core.procedure import BotDecision
from ludoteca.games.patria_libre.actions import ACTIONS, ID, target
from ludoteca.games.patria_libre.personality.choices import CHOOSERS, first, seat
from ludoteca.games.patria_libre.personality.deck import PERSONALITIES, Personality, active
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState


# ------------------------------------------------------------------------------------- the procedure
class Persona(BotDecision):
    """The personality deck deciding for its leader (`State.decide`): the two equal options a flipped card
    picks between, and the token whose face is chosen (a prompt parameter of that decision)."""

    options: NotRequired[list[int]]
    token: NotRequired[int]


persona = PROCS.proc("persona", rule="solo", frame=Persona)


def _draw(state: PatriaState, then: str) -> None:
    """Reveal the next personality card; the deck is reshuffled when it runs out."""
    left = state.d.setdefault("pers_left", [])
    if not left:
        left.extend(range(1, len(PERSONALITIES) + 1))
    state.chance({ID[f"persona {n}"]: 1 for n in left}, then=then)


def _take(state: PatriaState, action: int) -> Personality:
    n = int(target(action))
    state.d["pers_left"].remove(n)
    return PERSONALITIES[n - 1]


@persona.step()
def _persona(state: PatriaState, frame: Persona, action: int | None) -> None:
    """§Turno del jugador con IA: each turn begins by revealing a personality card (once a turn: after
    selling a card or eliminating a prisoner the same personality chooses the action)."""
    turn = state.caller()
    if frame["kind"] == "action" and not turn.get("pers_drawn"):
        turn["pers_drawn"] = True
        _draw(state, "revealed")
    else:
        _decide(state, frame)


@persona.step("revealed")
def _revealed(state: PatriaState, frame: Persona, action: int) -> None:
    card = _take(state, action)
    previous = active(state)
    if card.same_as_previous and previous is None:
        _draw(state, "revealed")  # nothing to repeat yet: the next card decides
        return
    if previous is not None and card.same_as_previous:
        state.log("solo.log.same", who=f"@role.{seat(frame)}", persona=f"@persona.{previous.id}")
    else:
        state.d["pers_active"] = int(target(action))  # the card's number (PERSONALITIES[n - 1])
        state.log("solo.log.revealed", who=f"@role.{seat(frame)}", persona=f"@persona.{card.id}")
    state.d["pers_want"] = None
    _decide(state, frame)


def _decide(state: PatriaState, frame: Persona) -> None:
    with state.still():  # a chooser asks the same questions of the position many times (state.memo)
        options = CHOOSERS.get(frame["kind"], first)(state, frame)
    if len(options) > 1:
        frame["options"] = options[:2]
        _draw(state, "flipped")
    else:
        state.answer(options[0])


@persona.step("flipped")
def _flipped(state: PatriaState, frame: Persona, action: int) -> None:
    """§Turno del jugador con IA: two equally good choices; a new card's tab picks — positive, option 1."""
    card = _take(state, action)
    pick = frame["options"][0 if card.tab == "yes" else 1]
    state.log(
        "solo.log.flip",
        persona=f"@persona.{card.id}",
        tab=f"@solo.tab.{card.tab}",
        choice=ACTIONS.names[pick],
    )
    state.answer(pick)
