"""§2 and §4.6 Fin de la partida: a faction wiped off the map loses at once; otherwise the final tally
after turn 6 (with §5.4's levels in solo)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.mar_y_acero.board import BOARD
from ludoteca.games.mar_y_acero.pieces import (
    OTHER,
    units_on_map,
)
from ludoteca.games.mar_y_acero.seats import solo_level

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState


def check_victory(state: MyaState) -> bool:
    """§2, §4.6: a faction with no unit or leader left on the map (a Citadel counts for Spain) loses."""
    for fac in ("es", "ind"):
        if units_on_map(state, fac) == 0:
            winner = OTHER[fac]
            returns = [1.0, -1.0] if winner == "es" else [-1.0, 1.0]
            state.end_game(f"outcome.wipeout_{winner}", returns, vp=state.d["vp"])
            return True
    return False


# ------------------------------------------------------------------------------------ §4.6 the end
def final_tally(state: MyaState) -> dict[str, int]:
    """§4.6 final adjustments (and §5.4 levels I–II in solo): each line of the tally."""
    position = state.d
    level = solo_level(state)
    support = BOARD.rs_end_vp[position["rs"]]
    if level >= 1 and support > 0:
        support = 0
    cits = len(position["cit"])
    tally = {"areas": position["vp"], "support": support}
    tally["citadels"] = 1 if cits == 3 and support <= 0 else (-(2 if level >= 2 else 1) if cits == 0 else 0)
    tally["anacaona"] = -1 if position["anacaona"] == "ind" else 0
    tally["testament"] = position["testament"] or 0
    return tally


def final_score(state: MyaState) -> None:
    position = state.d
    tally = final_tally(state)
    total = sum(tally.values())
    level = solo_level(state)
    all_two = all(position["ctrl"][x - 1] == "es" for x in BOARD.tracks["scroll_areas"])
    winner = "es" if total >= BOARD.tracks["vp_target"] and (level < 2 or all_two) else "ind"
    band = next(what for what in BOARD.victory if what["low"] <= total <= what["high"])
    level_key = band["level"] if band["faction"] == winner else "minor"
    returns = [1.0, -1.0] if winner == "es" else [-1.0, 1.0]
    signed = {k: f"{what:+d}" for k, what in tally.items()}
    state.log(
        "log.final",
        total=total,
        areas=tally["areas"],
        support=signed["support"],
        citadels=signed["citadels"],
        anacaona=signed["anacaona"],
        testament=signed["testament"],
    )
    state.end_game(f"outcome.{winner}_{level_key}", returns, vp=total, **tally)
