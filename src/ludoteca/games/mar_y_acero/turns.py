"""§4.3 Secuencia de juego: the special turn 1 (§4.3.1), turns 2–6 (§4.3.2) and their phases — I destiny
and Indigenous Conflict, II the secret event phase, III reinforcements (`deploy.py`), IV impulses, V final.

Solo mode (§5) changes the flow in the places marked `solo(`: the special phase after the destiny phase,
the reversed event phase, and the Nitayno's last impulse of turn 6; the decisions themselves go through
`State.decide`, which hands the indigenous ones to the Nitayno (`MyaState.bot_for`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.mar_y_acero.actions import PASS, act, area_actions, arg
from ludoteca.games.mar_y_acero.activation import Activation, Impulse, activation, impulse
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.combat import Combat, combat
from ludoteca.games.mar_y_acero.dice import Conquest, conquest, face, grace_reset, roll, snapshot
from ludoteca.games.mar_y_acero.pieces import (
    OTHER,
    ROLE,
    in_force,
    pieces,
    place,
    present,
    units,
    update_control,
)
from ludoteca.games.mar_y_acero.position import Piece
from ludoteca.games.mar_y_acero.procs import PROCS, NoLocals
from ludoteca.games.mar_y_acero.seats import solo, solo_hook

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

from ludoteca.games.mar_y_acero.end import check_victory, final_score

# ------------------------------------------------------------------------------------------ the game
turns = PROCS.proc("turns", rule="4.3", frame=NoLocals)


@turns.step()
def _turns(state: MyaState, frame: NoLocals, action: None) -> None:
    """Turns 2–6 one after the other; after the last, the final tally (§4.6)."""
    if state.d["turn"] >= BOARD.tracks["turns"]:
        final_score(state)
        return
    state.call(turn, NoLocals(), then="start")


game = PROCS.sequence("game", "4.3", "setup", "turn1", "turns")


# ------------------------------------------------------------------------------ §4.3.1 special turn 1
class Turn1(TypedDict):
    """Turn 1 (§4.3.1): the landing area."""

    area: NotRequired[int]
    ret: NotRequired[None]


turn1 = PROCS.proc("turn1", rule="4.3.1", frame=Turn1)


@turn1.step()
def _turn1(state: MyaState, frame: Turn1, action: None) -> None:
    state.d["turn"] = 1
    state.d["phase"] = "destiny"
    grace_reset(state)
    state.chance(
        {act(f"destiny {c}"): 1 for c, spec in BOARD.destinies.items() if spec.deck == 1}, then="card"
    )


@turn1.step("card")
def _turn1_card(state: MyaState, frame: Turn1, action: int) -> None:
    """I–III: the turn-1 destiny card sets the Gracia Divina/Yaya face; Spain rolls for the landing."""
    position = state.d
    card = BOARD.destinies[int(arg(action))]
    position["destiny"] = card.id
    set_flags(state, card.id)
    position["grace"]["face"] = card.raw["grace"]
    state.reveal()
    state.log("log.destiny", card=f"@card.{card.id}")
    roll(state, "landing")


@turn1.step("landing")
def _turn1_landing(state: MyaState, frame: Turn1, action: int) -> None:
    """IV–V: Colón and the three soldiers land; the combat, then the gold search."""
    position = state.d
    area = in_force(state).raw["landing"][face(action) - 1]
    frame["area"] = area
    snapshot(state)
    place(state, area, "es", "colon")
    position["colon"] = "map"
    for kind in position["ships"]:
        place(state, area, "es", kind)
    position["ships"] = []
    state.log("log.landing", area=area)
    state.call(combat, Combat(area=area, att="es", origin=[]), then="gold")


@turn1.step("gold")
def _turn1_gold(state: MyaState, frame: Turn1, action: None) -> None:
    update_control(state)
    state.call(conquest, Conquest(), then="optional")


@turn1.step("optional")
def _turn1_optional(state: MyaState, frame: Turn1, action: None) -> None:
    """VI: Spain may activate the landing area once, as in an impulse."""
    if check_victory(state):
        return
    area = frame["area"]
    if state.d["ctrl"][area - 1] != "es" or not present(state, area, "es"):
        state.goto("done")
        return
    state.decide(
        ROLE["es"],
        "impulse",
        [*area_actions("activate", [area]), PASS],
        then="chosen",
        prompt="prompt.landing_activation",
    )


@turn1.step("chosen")
def _turn1_chosen(state: MyaState, frame: Turn1, action: int) -> None:
    if action == PASS:
        state.goto("done")
        return
    state.call(activation, Activation(fac="es", area=frame["area"]), then="done")


@turn1.step("done")
def _turn1_done(state: MyaState, frame: Turn1, action: None) -> None:
    """VII: the turn-1 card is discarded; no Gracia Divina/Yaya flip in turn 1 (§4.5)."""
    if not check_victory(state):
        state.ret()


# ------------------------------------------------------------------------------------ §4.3.2 turns 2–6
turn = PROCS.proc("turn", rule="4.3.2", frame=NoLocals)


@turn.step()
def _turn(state: MyaState, frame: NoLocals, action: None) -> None:
    position = state.d
    position["turn"] += 1
    position["grace"]["turn_used"] = False
    position["event"] = {"es": None, "ind": None}
    state.log("log.turn", turn=position["turn"])
    state.call(destiny_phase, DestinyPhase(), then="special")


@turn.step("special")
def _turn_special(state: MyaState, frame: NoLocals, action: None) -> None:
    """§5.3.2: in solo mode the special phase with the Nitayno cards comes here."""
    if check_victory(state):
        return
    state.d["phase"] = "special"
    solo_hook(state, "special_phase", then="event")


@turn.step("event")
def _turn_event(state: MyaState, frame: NoLocals, action: None) -> None:
    state.call(event_phase, NoLocals(), then="reinforce")


@turn.step("reinforce")
def _turn_reinforce(state: MyaState, frame: NoLocals, action: None) -> None:
    if check_victory(state):
        return
    state.call("reinforcements", then="impulses")


@turn.step("impulses")
def _turn_impulses(state: MyaState, frame: NoLocals, action: None) -> None:
    if check_victory(state):
        return
    state.call(impulses, NoLocals(), then="final")


@turn.step("final")
def _turn_final(state: MyaState, frame: NoLocals, action: None) -> None:
    state.call(final_phase, FinalPhase(), then="done")


@turn.step("done")
def _turn_done(state: MyaState, frame: NoLocals, action: None) -> None:
    state.ret()


def set_flags(state: MyaState, card: int) -> None:
    spec = BOARD.destinies[card]
    state.d["flags"] = {
        "naval": spec.naval,
        "conflict": spec.conflict,
        "land_only": card == 23,
        "shipworm": card == 24,
    }
    state.d["mixed"] = []


# ------------------------------------------------------------------------------- I. destiny phase
class DestinyPhase(TypedDict):
    """The destiny phase (§4.3.2 I): the areas of Indigenous Conflict still to fight."""

    mixed: NotRequired[list[int]]
    ret: NotRequired[None]


destiny_phase = PROCS.proc("destiny_phase", rule="4.3.2.I", frame=DestinyPhase)


@destiny_phase.step()
def _destiny(state: MyaState, frame: DestinyPhase, action: None) -> None:
    position = state.d
    position["phase"] = "destiny"
    grace_reset(state)
    position["limit"] = {"es": BOARD.stack_limit, "ind": BOARD.stack_limit}
    if position["colon"] == "box":
        state.call(colon_returns, NoLocals(), then="draw")
        return
    state.goto("draw")


@destiny_phase.step("draw")
def _destiny_draw(state: MyaState, frame: DestinyPhase, action: None) -> None:
    state.chance({act(f"destiny {c}"): 1 for c in state.d["destinies"]}, then="card")


@destiny_phase.step("card")
def _destiny_card(state: MyaState, frame: DestinyPhase, action: int) -> None:
    """The card sets the turn's impulses, Naval Difficulty and Indigenous Conflict; its event follows."""
    position = state.d
    card = int(arg(action))
    position["destinies"] = [c for c in position["destinies"] if c != card]  # new: clones share it
    position["destiny"] = card
    set_flags(state, card)
    n = BOARD.destinies[card].impulses
    position["imp"] = {"ind": n, "es": n}
    state.reveal()
    state.log("log.destiny", card=f"@card.{card}")
    snapshot(state)
    frame["mixed"] = conflict_areas(state) if position["flags"]["conflict"] else []
    state.goto("conflict")


def conflict_areas(state: MyaState) -> list[int]:
    """Areas where Taíno and Caribe units stand together with no Caonabó, Guacanagarí or Anacaona."""
    found = []
    for area in AREAS:
        here = pieces(state, area, "ind")
        bags = {BOARD.kinds[p[0]].bag for p in here}
        if {"taino", "caribe"} <= bags and not any(BOARD.kinds[p[0]].leader for p in here):
            found.append(area)
    return found


@destiny_phase.step("conflict")
def _destiny_conflict(state: MyaState, frame: DestinyPhase, action: None) -> None:
    """Indigenous Conflict: one round of combat between the two peoples in each such area."""
    if frame["mixed"]:
        area = frame["mixed"].pop(0)
        state.log("log.conflict", area=area, rule="4.3.2.I.conflict")
        state.call(combat, Combat(area=area, att="ind", origin=[], mode="conflict"), then="conflict")
        return
    state.d["mixed"] = conflict_areas(state) if state.d["flags"]["conflict"] else []
    state.call("destiny", then="after", card=state.d["destiny"])


@destiny_phase.step("after")
def _destiny_after(state: MyaState, frame: DestinyPhase, action: None) -> None:
    update_control(state)
    state.call(conquest, Conquest(), then="done")


@destiny_phase.step("done")
def _destiny_done(state: MyaState, frame: DestinyPhase, action: None) -> None:
    state.ret()


colon_returns = PROCS.proc("colon_returns", rule="card.38", frame=NoLocals)


@colon_returns.step()
def _colon_returns(state: MyaState, frame: NoLocals, action: None) -> None:
    """Card 38: Colón, sent away last turn, comes back to any Spanish-held area."""
    held = [x for x in AREAS if state.d["ctrl"][x - 1] == "es"]
    if not held:
        state.ret()
        return
    state.decide(
        ROLE["es"], "choose_area", area_actions("at", held), then="chosen", prompt="prompt.colon_returns"
    )


@colon_returns.step("chosen")
def _colon_returns_chosen(state: MyaState, frame: NoLocals, action: int) -> None:
    area = int(arg(action))
    position = state.d
    pieces(state, area, "es").append(position.pop("colon_piece"))
    position["colon"] = "map"
    state.log("log.colon_back", area=area)
    update_control(state)
    state.ret()


# ---------------------------------------------------------------------------------- II. event phase
event_phase = PROCS.proc("event_phase", rule="4.3.2.II", frame=NoLocals)


@event_phase.step()
def _event(state: MyaState, frame: NoLocals, action: None) -> None:
    """Both sides choose a card in secret and reveal together (solo, §5.3.3: Spain first, openly)."""
    position = state.d
    position["phase"] = "event"
    grace_reset(state)
    snapshot(state)
    if solo(state):
        state.goto("solo_es")
        return
    cards = [act(f"card {c}") for c in position["hands"]["ind"]]
    state.decide(ROLE["ind"], "event_card", cards, then="ind_chosen", prompt="prompt.event_card", secret=True)


@event_phase.step("ind_chosen")
def _event_ind(state: MyaState, frame: NoLocals, action: int) -> None:
    commit(state, "ind", action)
    cards = [act(f"card {c}") for c in state.d["hands"]["es"]]
    state.decide(ROLE["es"], "event_card", cards, then="es_chosen", prompt="prompt.event_card", secret=True)


@event_phase.step("es_chosen")
def _event_es(state: MyaState, frame: NoLocals, action: int) -> None:
    commit(state, "es", action)
    reveal_events(state)
    state.goto("resolve_ind")


@event_phase.step("solo_es")
def _event_solo_es(state: MyaState, frame: NoLocals, action: None) -> None:
    cards = [act(f"card {c}") for c in state.d["hands"]["es"]]
    state.ask(ROLE["es"], cards, then="solo_es_chosen", prompt="prompt.event_card_open")


@event_phase.step("solo_es_chosen")
def _event_solo_es_chosen(state: MyaState, frame: NoLocals, action: int) -> None:
    commit(state, "es", action)
    cards = [act(f"card {c}") for c in state.d["hands"]["ind"]]
    state.decide(ROLE["ind"], "event_card", cards, then="solo_ind_chosen", prompt="prompt.event_card")


@event_phase.step("solo_ind_chosen")
def _event_solo_ind(state: MyaState, frame: NoLocals, action: int) -> None:
    commit(state, "ind", action)
    reveal_events(state)
    state.goto("resolve_ind")


def commit(state: MyaState, fac: str, action: int) -> None:
    card = int(arg(action))
    state.d["hands"][fac].remove(card)
    state.d["commit"][fac] = card
    state.log("log.committed", visible_to=[ROLE[fac]], card=f"@card.{card}")


def reveal_events(state: MyaState) -> None:
    position = state.d
    for fac in ("ind", "es"):
        card = position["commit"][fac]
        assert card is not None, "§4.3.2 II: both sides have committed their card"
        position["event"][fac] = card
        position["played"] = {**position["played"], fac: [*position["played"][fac], card]}  # as `destinies`
        position["commit"][fac] = None
        state.log("log.event", faction=f"@faction.{fac}", card=f"@card.{card}", vrr=BOARD.events[card].vrr)
    state.reveal()


@event_phase.step("resolve_ind")
def _event_resolve_ind(state: MyaState, frame: NoLocals, action: None) -> None:
    state.call("event", then="resolve_es", fac="ind", card=state.d["event"]["ind"])


@event_phase.step("resolve_es")
def _event_resolve_es(state: MyaState, frame: NoLocals, action: None) -> None:
    if check_victory(state):
        return
    state.call("event", then="after", fac="es", card=state.d["event"]["es"])


@event_phase.step("after")
def _event_after(state: MyaState, frame: NoLocals, action: None) -> None:
    update_control(state)
    state.call(conquest, Conquest(), then="done")


@event_phase.step("done")
def _event_done(state: MyaState, frame: NoLocals, action: None) -> None:
    state.ret()


# --------------------------------------------------------------------------------- IV. impulse phase
impulses = PROCS.proc("impulses", rule="4.3.2.IV", frame=NoLocals)


@impulses.step()
def _impulses(state: MyaState, frame: NoLocals, action: None) -> None:
    state.d["phase"] = "impulses"
    state.goto("next")


@impulses.step("next")
def _impulses_next(state: MyaState, frame: NoLocals, action: None) -> None:
    """Indigenous first, then Spain, as many impulses as the destiny card gives; no passing."""
    position = state.d
    if position["imp"]["es"] == 0:
        state.ret()
        return
    grace_reset(state)
    position["imp"]["ind"] -= 1
    last = position["turn"] == BOARD.tracks["turns"] and position["imp"]["ind"] == 0
    if last and solo(state) and "nitayno.last_impulse" in PROCS.by_name:
        state.call("nitayno.last_impulse", then="es")
        return
    state.call(impulse, Impulse(fac="ind"), then="es")


@impulses.step("es")
def _impulses_es(state: MyaState, frame: NoLocals, action: None) -> None:
    if check_victory(state):
        return
    state.d["imp"]["es"] -= 1
    state.call(impulse, Impulse(fac="es"), then="check")


@impulses.step("check")
def _impulses_check(state: MyaState, frame: NoLocals, action: None) -> None:
    if not check_victory(state):
        state.goto("next")


# ------------------------------------------------------------------------------------ V. final phase
class FinalPhase(TypedDict):
    """The final phase (§4.3.2 V): Guacanagarí's piece while he changes sides (card 10)."""

    piece: NotRequired[Piece]


final_phase = PROCS.proc("final_phase", rule="4.3.2.V", frame=FinalPhase)


@final_phase.step()
def _final(state: MyaState, frame: FinalPhase, action: None) -> None:
    """Victory check; Guacanagarí on the Spanish side rolls, and changes sides on a 6."""
    position = state.d
    position["phase"] = "final"
    if check_victory(state):
        return
    if position["guaca"] == "es" and not position["guaca_flipped"]:
        roll(state, "guaca")
        return
    state.goto("grace")


@final_phase.step("guaca")
def _final_guaca(state: MyaState, frame: FinalPhase, action: int) -> None:
    if face(action) != 6:
        state.goto("grace")
        return
    position = state.d
    area = next(x for x in AREAS if any(p[0] == "guacanagari" for p in pieces(state, x, "es")))
    piece = next(p for p in pieces(state, area, "es") if p[0] == "guacanagari")
    pieces(state, area, "es").remove(piece)
    frame["piece"] = piece
    position["guaca"], position["guaca_flipped"] = "ind", True
    held = [x for x in AREAS if position["ctrl"][x - 1] == "ind" and present(state, x, "ind")]
    if not held:
        held = [x for x in AREAS if position["ctrl"][x - 1] == "ind"]
    if not held:
        position["guaca"] = "dead"
        state.log("log.guaca_lost")
        update_control(state)
        state.goto("grace")
        return
    most = max(units(state, x, "ind") for x in held)
    best = [x for x in held if units(state, x, "ind") == most]
    state.decide(
        ROLE["ind"], "choose_area", area_actions("at", best), then="guaca_to", prompt="prompt.guaca_moves"
    )


@final_phase.step("guaca_to")
def _final_guaca_to(state: MyaState, frame: FinalPhase, action: int) -> None:
    area = int(arg(action))
    pieces(state, area, "ind").append(frame.pop("piece"))
    state.log("log.guaca_flips", area=area)
    update_control(state)
    state.goto("grace")


@final_phase.step("grace")
def _final_grace(state: MyaState, frame: FinalPhase, action: None) -> None:
    """§4.5: unused during the whole turn, the marker turns to the other side."""
    grace = state.d["grace"]
    if not grace["turn_used"] and not solo(state):
        grace["face"] = OTHER[grace["face"]]
        state.log("log.grace_turns", face=f"@grace.{grace['face']}")
    if not check_victory(state):
        state.ret()
