"""§4.3 Secuencia de juego: the special turn 1 (§4.3.1), turns 2–6 (§4.3.2) and their phases — I destiny
and Indigenous Conflict, II the secret event phase, III reinforcements (`deploy.py`), IV impulses, V final.

Solo mode (§5) changes the flow in the places marked `solo(`: the special phase after the destiny phase,
the reversed event phase, and the Nitayno's last impulse of turn 6; the decisions themselves go through
`State.decide`, which hands the indigenous ones to the Nitayno (`MyaState.bot_for`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.mar_y_acero.actions import PASS, act, area_actions, arg
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.dice import face, grace_reset, roll, snapshot
from ludoteca.games.mar_y_acero.pieces import (
    OTHER,
    ROLE,
    pieces,
    place,
    present,
    units,
    update_control,
)
from ludoteca.games.mar_y_acero.procs import PROCS, A, Frame
from ludoteca.games.mar_y_acero.seats import solo, solo_hook

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState as St

from ludoteca.games.mar_y_acero.end import check_victory, final_score

# ------------------------------------------------------------------------------------------ the game
turns = PROCS.proc("turns", rule="4.3")


@turns.step()
def _turns(st: St, f: Frame, a: A) -> None:
    """Turns 2–6 one after the other; after the last, the final tally (§4.6)."""
    if st.d["turn"] >= BOARD.tracks["turns"]:
        final_score(st)
        return
    st.call("turn", then="start")


game = PROCS.sequence("game", "4.3", "setup", "turn1", "turns")


# ------------------------------------------------------------------------------ §4.3.1 special turn 1
turn1 = PROCS.proc("turn1", rule="4.3.1")


@turn1.step()
def _turn1(st: St, f: Frame, a: A) -> None:
    st.d["turn"] = 1
    st.d["phase"] = "destiny"
    grace_reset(st)
    st.chance({act(f"destiny {c}"): 1 for c, spec in BOARD.destinies.items() if spec.deck == 1}, then="card")


@turn1.step("card")
def _turn1_card(st: St, f: Frame, a: A) -> None:
    """I–III: the turn-1 destiny card sets the Gracia Divina/Yaya face; Spain rolls for the landing."""
    assert a is not None
    d = st.d
    card = BOARD.destinies[int(arg(a))]
    d["destiny"] = card.id
    set_flags(st, card.id)
    d["grace"]["face"] = card.raw["grace"]
    st.reveal()
    st.log("log.destiny", card=f"@card.{card.id}")
    roll(st, "landing")


@turn1.step("landing")
def _turn1_landing(st: St, f: Frame, a: A) -> None:
    """IV–V: Colón and the three soldiers land; the combat, then the gold search."""
    d = st.d
    area = BOARD.destinies[d["destiny"]].raw["landing"][face(a) - 1]
    f["area"] = area
    snapshot(st)
    place(st, area, "es", "colon")
    d["colon"] = "map"
    for kind in d["ships"]:
        place(st, area, "es", kind)
    d["ships"] = []
    st.log("log.landing", area=area)
    st.call("combat", then="gold", area=area, att="es", origin=[])


@turn1.step("gold")
def _turn1_gold(st: St, f: Frame, a: A) -> None:
    update_control(st)
    st.call("conquest", then="optional")


@turn1.step("optional")
def _turn1_optional(st: St, f: Frame, a: A) -> None:
    """VI: Spain may activate the landing area once, as in an impulse."""
    if check_victory(st):
        return
    area = f["area"]
    if st.d["ctrl"][area - 1] != "es" or not present(st, area, "es"):
        st.goto("done")
        return
    st.decide(
        ROLE["es"],
        "impulse",
        [*area_actions("activate", [area]), PASS],
        then="chosen",
        prompt="prompt.landing_activation",
    )


@turn1.step("chosen")
def _turn1_chosen(st: St, f: Frame, a: A) -> None:
    if a == PASS:
        st.goto("done")
        return
    st.call("activation", then="done", fac="es", area=f["area"])


@turn1.step("done")
def _turn1_done(st: St, f: Frame, a: A) -> None:
    """VII: the turn-1 card is discarded; no Gracia Divina/Yaya flip in turn 1 (§4.5)."""
    if not check_victory(st):
        st.ret()


# ------------------------------------------------------------------------------------ §4.3.2 turns 2–6
turn = PROCS.proc("turn", rule="4.3.2")


@turn.step()
def _turn(st: St, f: Frame, a: A) -> None:
    d = st.d
    d["turn"] += 1
    d["grace"]["turn_used"] = False
    d["event"] = {"es": None, "ind": None}
    st.log("log.turn", turn=d["turn"])
    st.call("destiny_phase", then="special")


@turn.step("special")
def _turn_special(st: St, f: Frame, a: A) -> None:
    """§5.3.2: in solo mode the special phase with the Nitayno cards comes here."""
    if check_victory(st):
        return
    st.d["phase"] = "special"
    solo_hook(st, "special_phase", then="event")


@turn.step("event")
def _turn_event(st: St, f: Frame, a: A) -> None:
    st.call("event_phase", then="reinforce")


@turn.step("reinforce")
def _turn_reinforce(st: St, f: Frame, a: A) -> None:
    if check_victory(st):
        return
    st.call("reinforcements", then="impulses")


@turn.step("impulses")
def _turn_impulses(st: St, f: Frame, a: A) -> None:
    if check_victory(st):
        return
    st.call("impulses", then="final")


@turn.step("final")
def _turn_final(st: St, f: Frame, a: A) -> None:
    st.call("final_phase", then="done")


@turn.step("done")
def _turn_done(st: St, f: Frame, a: A) -> None:
    st.ret()


def set_flags(st: St, card: int) -> None:
    spec = BOARD.destinies[card]
    st.d["flags"] = {
        "naval": spec.naval,
        "conflict": spec.conflict,
        "land_only": card == 23,
        "shipworm": card == 24,
    }
    st.d["mixed"] = []


# ------------------------------------------------------------------------------- I. destiny phase
destiny_phase = PROCS.proc("destiny_phase", rule="4.3.2.I")


@destiny_phase.step()
def _destiny(st: St, f: Frame, a: A) -> None:
    d = st.d
    d["phase"] = "destiny"
    grace_reset(st)
    d["limit"] = {"es": BOARD.stack_limit, "ind": BOARD.stack_limit}
    if d["colon"] == "box":
        st.call("colon_returns", then="draw")
        return
    st.goto("draw")


@destiny_phase.step("draw")
def _destiny_draw(st: St, f: Frame, a: A) -> None:
    st.chance({act(f"destiny {c}"): 1 for c in st.d["destinies"]}, then="card")


@destiny_phase.step("card")
def _destiny_card(st: St, f: Frame, a: A) -> None:
    """The card sets the turn's impulses, Naval Difficulty and Indigenous Conflict; its event follows."""
    assert a is not None
    d = st.d
    card = int(arg(a))
    d["destinies"].remove(card)
    d["destiny"] = card
    set_flags(st, card)
    n = BOARD.destinies[card].impulses
    d["imp"] = {"ind": n, "es": n}
    st.reveal()
    st.log("log.destiny", card=f"@card.{card}")
    snapshot(st)
    f["mixed"] = conflict_areas(st) if d["flags"]["conflict"] else []
    st.goto("conflict")


def conflict_areas(st: St) -> list[int]:
    """Areas where Taíno and Caribe units stand together with no Caonabó, Guacanagarí or Anacaona."""
    found = []
    for area in AREAS:
        here = pieces(st, area, "ind")
        bags = {BOARD.kinds[p[0]].bag for p in here}
        if {"taino", "caribe"} <= bags and not any(BOARD.kinds[p[0]].leader for p in here):
            found.append(area)
    return found


@destiny_phase.step("conflict")
def _destiny_conflict(st: St, f: Frame, a: A) -> None:
    """Indigenous Conflict: one round of combat between the two peoples in each such area."""
    if f["mixed"]:
        area = f["mixed"].pop(0)
        st.log("log.conflict", area=area, rule="4.3.2.I.conflict")
        st.call("combat", then="conflict", area=area, att="ind", origin=[], mode="conflict")
        return
    st.d["mixed"] = conflict_areas(st) if st.d["flags"]["conflict"] else []
    st.call(f"destiny.{st.d['destiny']}", then="after")


@destiny_phase.step("after")
def _destiny_after(st: St, f: Frame, a: A) -> None:
    update_control(st)
    st.call("conquest", then="done")


@destiny_phase.step("done")
def _destiny_done(st: St, f: Frame, a: A) -> None:
    st.ret()


colon_returns = PROCS.proc("colon_returns", rule="card.38")


@colon_returns.step()
def _colon_returns(st: St, f: Frame, a: A) -> None:
    """Card 38: Colón, sent away last turn, comes back to any Spanish-held area."""
    held = [x for x in AREAS if st.d["ctrl"][x - 1] == "es"]
    if not held:
        st.ret()
        return
    st.decide(
        ROLE["es"], "choose_area", area_actions("at", held), then="chosen", prompt="prompt.colon_returns"
    )


@colon_returns.step("chosen")
def _colon_returns_chosen(st: St, f: Frame, a: A) -> None:
    area = int(arg(a))
    d = st.d
    pieces(st, area, "es").append(d.pop("colon_piece"))
    d["colon"] = "map"
    st.log("log.colon_back", area=area)
    update_control(st)
    st.ret()


# ---------------------------------------------------------------------------------- II. event phase
event_phase = PROCS.proc("event_phase", rule="4.3.2.II")


@event_phase.step()
def _event(st: St, f: Frame, a: A) -> None:
    """Both sides choose a card in secret and reveal together (solo, §5.3.3: Spain first, openly)."""
    d = st.d
    d["phase"] = "event"
    grace_reset(st)
    snapshot(st)
    if solo(st):
        st.goto("solo_es")
        return
    cards = [act(f"card {c}") for c in d["hands"]["ind"]]
    st.decide(ROLE["ind"], "event_card", cards, then="ind_chosen", prompt="prompt.event_card", secret=True)


@event_phase.step("ind_chosen")
def _event_ind(st: St, f: Frame, a: A) -> None:
    commit(st, "ind", a)
    cards = [act(f"card {c}") for c in st.d["hands"]["es"]]
    st.decide(ROLE["es"], "event_card", cards, then="es_chosen", prompt="prompt.event_card", secret=True)


@event_phase.step("es_chosen")
def _event_es(st: St, f: Frame, a: A) -> None:
    commit(st, "es", a)
    reveal_events(st)
    st.goto("resolve_ind")


@event_phase.step("solo_es")
def _event_solo_es(st: St, f: Frame, a: A) -> None:
    cards = [act(f"card {c}") for c in st.d["hands"]["es"]]
    st.ask(ROLE["es"], cards, then="solo_es_chosen", prompt="prompt.event_card_open")


@event_phase.step("solo_es_chosen")
def _event_solo_es_chosen(st: St, f: Frame, a: A) -> None:
    commit(st, "es", a)
    cards = [act(f"card {c}") for c in st.d["hands"]["ind"]]
    st.decide(ROLE["ind"], "event_card", cards, then="solo_ind_chosen", prompt="prompt.event_card")


@event_phase.step("solo_ind_chosen")
def _event_solo_ind(st: St, f: Frame, a: A) -> None:
    commit(st, "ind", a)
    reveal_events(st)
    st.goto("resolve_ind")


def commit(st: St, fac: str, a: A) -> None:
    card = int(arg(a))
    st.d["hands"][fac].remove(card)
    st.d["commit"][fac] = card
    st.log("log.committed", visible_to=[ROLE[fac]], card=f"@card.{card}")


def reveal_events(st: St) -> None:
    d = st.d
    for fac in ("ind", "es"):
        card = d["commit"][fac]
        d["event"][fac] = card
        d["played"][fac].append(card)
        d["commit"][fac] = None
        st.log("log.event", faction=f"@faction.{fac}", card=f"@card.{card}", vrr=BOARD.events[card].vrr)
    st.reveal()


@event_phase.step("resolve_ind")
def _event_resolve_ind(st: St, f: Frame, a: A) -> None:
    st.call(f"event.{st.d['event']['ind']}", then="resolve_es", fac="ind", card=st.d["event"]["ind"])


@event_phase.step("resolve_es")
def _event_resolve_es(st: St, f: Frame, a: A) -> None:
    if check_victory(st):
        return
    st.call(f"event.{st.d['event']['es']}", then="after", fac="es", card=st.d["event"]["es"])


@event_phase.step("after")
def _event_after(st: St, f: Frame, a: A) -> None:
    update_control(st)
    st.call("conquest", then="done")


@event_phase.step("done")
def _event_done(st: St, f: Frame, a: A) -> None:
    st.ret()


# --------------------------------------------------------------------------------- IV. impulse phase
impulses = PROCS.proc("impulses", rule="4.3.2.IV")


@impulses.step()
def _impulses(st: St, f: Frame, a: A) -> None:
    st.d["phase"] = "impulses"
    st.goto("next")


@impulses.step("next")
def _impulses_next(st: St, f: Frame, a: A) -> None:
    """Indigenous first, then Spain, as many impulses as the destiny card gives; no passing."""
    d = st.d
    if d["imp"]["es"] == 0:
        st.ret()
        return
    grace_reset(st)
    d["imp"]["ind"] -= 1
    last = d["turn"] == BOARD.tracks["turns"] and d["imp"]["ind"] == 0
    if last and solo(st) and "nitayno.last_impulse" in PROCS.by_name:
        st.call("nitayno.last_impulse", then="es")
        return
    st.call("impulse", then="es", fac="ind")


@impulses.step("es")
def _impulses_es(st: St, f: Frame, a: A) -> None:
    if check_victory(st):
        return
    st.d["imp"]["es"] -= 1
    st.call("impulse", then="check", fac="es")


@impulses.step("check")
def _impulses_check(st: St, f: Frame, a: A) -> None:
    if not check_victory(st):
        st.goto("next")


# ------------------------------------------------------------------------------------ V. final phase
final_phase = PROCS.proc("final_phase", rule="4.3.2.V")


@final_phase.step()
def _final(st: St, f: Frame, a: A) -> None:
    """Victory check; Guacanagarí on the Spanish side rolls, and changes sides on a 6."""
    d = st.d
    d["phase"] = "final"
    if check_victory(st):
        return
    if d["guaca"] == "es" and not d["guaca_flipped"]:
        roll(st, "guaca")
        return
    st.goto("grace")


@final_phase.step("guaca")
def _final_guaca(st: St, f: Frame, a: A) -> None:
    if face(a) != 6:
        st.goto("grace")
        return
    d = st.d
    area = next(x for x in AREAS if any(p[0] == "guacanagari" for p in pieces(st, x, "es")))
    piece = next(p for p in pieces(st, area, "es") if p[0] == "guacanagari")
    pieces(st, area, "es").remove(piece)
    f["piece"] = piece
    d["guaca"], d["guaca_flipped"] = "ind", True
    held = [x for x in AREAS if d["ctrl"][x - 1] == "ind" and present(st, x, "ind")]
    if not held:
        held = [x for x in AREAS if d["ctrl"][x - 1] == "ind"]
    if not held:
        d["guaca"] = "dead"
        st.log("log.guaca_lost")
        update_control(st)
        st.goto("grace")
        return
    most = max(units(st, x, "ind") for x in held)
    best = [x for x in held if units(st, x, "ind") == most]
    st.decide(
        ROLE["ind"], "choose_area", area_actions("at", best), then="guaca_to", prompt="prompt.guaca_moves"
    )


@final_phase.step("guaca_to")
def _final_guaca_to(st: St, f: Frame, a: A) -> None:
    area = int(arg(a))
    pieces(st, area, "ind").append(f.pop("piece"))
    st.log("log.guaca_flips", area=area)
    update_control(st)
    st.goto("grace")


@final_phase.step("grace")
def _final_grace(st: St, f: Frame, a: A) -> None:
    """§4.5: unused during the whole turn, the marker turns to the other side."""
    g = st.d["grace"]
    if not g["turn_used"] and not solo(st):
        g["face"] = OTHER[g["face"]]
        st.log("log.grace_turns", face=f"@grace.{g['face']}")
    if not check_victory(st):
        st.ret()
