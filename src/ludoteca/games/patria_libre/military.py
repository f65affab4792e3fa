"""The military faction led by Iturbide, for three players (§Modo facción militar encabezada por Iturbide):
its set-up, the cards it may use, the military VP markers it hands out after each S/PV card (the split
table, the 2/3 cap), the ally marker, and its victory conditions.

State keys: `mil_vp` {side: markers received}, `mil_ally` (the allied side or None) and `mil_vp_pending`
(the points the military has earned since the last hand-out; `state.add_vp` puts them there)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD, ROLES
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

MILITARY = "iturbide"
REGULAR = ("insurgent", "royalist")
OTHER = {"insurgent": "royalist", "royalist": "insurgent"}
COLOUR_OF = {"insurgent": "yellow", "royalist": "blue"}
FLAGS_TO_WIN = 4
LEAD_TO_WIN = 6

SPLIT_TABLE: dict[int, tuple[int, int]] = {
    2: (1, 1),
    3: (2, 1),
    4: (2, 2),
    5: (3, 2),
    6: (3, 3),
    7: (4, 2),
    8: (4, 3),
    9: (5, 4),
    10: (5, 3),
}
"""§Tabla para repartir PV por la facción militar, as printed: VP gained → (faction 1, faction 2)."""


def split(points: int, table: str = "even") -> tuple[int, int]:
    """The markers the favoured side and the other side receive for `points` military VP. One point gives
    no marker. "printed" follows the table letter for letter (its 7, 8 and 10 columns hand out fewer
    markers than were won); "even" (default) reads those columns as misprints of the rule the table
    follows everywhere else — the favoured side ⌈n/2⌉, the other ⌊n/2⌋ — which also respects the 2/3 cap and
    extends the table beyond 10."""
    if points < 2:
        return (0, 0)
    if table == "printed" and points in SPLIT_TABLE:
        return SPLIT_TABLE[points]
    return ((points + 1) // 2, points // 2)


def active(state: PatriaState) -> bool:
    return MILITARY in state.d["seats"]


def setup(state: PatriaState) -> None:
    """§Preparación de la partida (3 players): Iturbide's token, card and two infantry are placed by the
    common set-up (components.toml); this adds the military markers and the ally marker."""
    state.d["mil_vp"] = dict.fromkeys(REGULAR, 0)
    state.d["mil_ally"] = None
    state.d["mil_vp_pending"] = 0


mil_setup = PROCS.proc("mil_setup", rule="military-setup")


@mil_setup.step()
def _mil_setup(state: PatriaState, frame: Frame, action: int | None) -> None:
    setup(state)
    state.ret()


def may_use_colour(state: PatriaState, r: str, colour: str) -> bool:
    """§Modo facción militar: the military activates violet cards, and its ally's cards once it has one."""
    ally = state.d.get("mil_ally")
    return colour == "violet" or (ally is not None and colour == COLOUR_OF[ally])


def ally(state: PatriaState) -> str | None:
    """§Aliados: the side holding more military VP; equal holdings mean no ally."""
    given = state.d["mil_vp"]
    if given["insurgent"] == given["royalist"]:
        return None
    return max(REGULAR, key=lambda s: given[s])


def flags_held(state: PatriaState) -> int:
    return sum(1 for side in REGULAR for p in BOARD.flags[side] if state.controller(p) == MILITARY)


def check_end(state: PatriaState) -> str | None:
    """§Fin de juego: the military wins at once controlling 4 flag provinces (the text's "4 regiones con
    bandera": there are six flag provinces and five regions, so provinces are meant)."""
    if active(state) and flags_held(state) >= FLAGS_TO_WIN:
        return "military.outcome.flags"
    return None


# ---------------------------------------------------------------------------- handing out markers
mil_split = PROCS.proc("mil_split", rule="military-split")


@mil_split.step()
def _split(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§Modo facción militar: after an S/PV card the military receives as many markers as it scored and
    hands them out by the table; the side given the larger share is its choice."""
    points = state.d["mil_vp_pending"]
    state.d["mil_vp_pending"] = min(points, 0)  # a loss (a captured leader) is carried to the next hand-out
    big, small = split(points, state.options.military_split)
    frame["big"], frame["small"] = big, small
    if big == 0:
        if points == 1:
            state.log("military.log.one_point")
        state.ret()
    elif big == small:
        _give(state, frame, "insurgent")
    else:
        favour = [ID[f"favour {s}"] for s in REGULAR]
        state.decide(
            state.idx(MILITARY),
            "favour",
            favour,
            then="favoured",
            prompt="military.prompt.favour",
            n=points,
            big=big,
            small=small,
        )


@mil_split.step("favoured")
def _favoured(state: PatriaState, frame: Frame, action: int) -> None:
    _give(state, frame, target(action))


def _give(state: PatriaState, frame: Frame, side: str) -> None:
    for s, n in ((side, frame["big"]), (OTHER[side], frame["small"])):
        state.d["vp"][s] += n
        state.d["mil_vp"][s] += n
        state.log("military.log.markers", side=f"@side.{s}", n=n)
    before, state.d["mil_ally"] = state.d["mil_ally"], ally(state)
    if state.d["mil_ally"] != before:
        state.log(
            "military.log.ally",
            side=f"@side.{state.d['mil_ally']}" if state.d["mil_ally"] else "@military.no_ally",
        )
    vp = state.d["vp"]
    leader = max(REGULAR, key=lambda s: vp[s])
    if vp[leader] - vp[OTHER[leader]] >= LEAD_TO_WIN:
        end(state, "military.outcome.lead", [leader])
    else:
        state.ret()


# ------------------------------------------------------------------------------------- the end
def end(state: PatriaState, outcome: str, winners: list[str], tiebreak: str = "") -> None:
    """End the game: +1 for the winning sides' seats, −1 for the other seats, 0 for roles not in play.
    The parameters serve the classic outcomes' messages (winner, tiebreak) and the military ones."""
    returns = [0.0] * len(ROLES)
    for r in state.d["seats"]:
        returns[ROLES.index(r)] = 1.0 if state.side(r) in winners else -1.0
    vp = state.d["vp"]
    given = state.d.get("mil_vp", dict.fromkeys(REGULAR, 0))
    state.end_game(
        outcome,
        returns,
        winner=f"@side.{winners[-1]}",
        winners=[f"@side.{s}" for s in winners],
        tiebreak=f"@tiebreak.{tiebreak or 'none'}",
        tiebreak_used=tiebreak,
        insurgent=vp["insurgent"],
        royalist=vp["royalist"],
        mil_insurgent=given["insurgent"],
        mil_royalist=given["royalist"],
    )


mil_finish = PROCS.proc("mil_finish", rule="military-end")


@mil_finish.step()
def _finish(state: PatriaState, frame: Frame, action: int | None) -> None:
    """§Fin de juego (3 players). The military's own conquest wins for it alone. When the cards run out,
    the military wins with the side it gave more markers if that side also has more VP; otherwise the
    other side wins alone; if it gave both sides the same, the classic rules decide between them. Every
    other classic ending (10 ahead, three enemy flags, 30 VP) is won by that side alone."""
    from ludoteca.games.patria_libre.scoring import winner

    outcome = frame["outcome"]
    if not active(state):
        side, tiebreak = winner(state, outcome)
        end(state, outcome, [side], tiebreak)
        return
    if outcome == "military.outcome.flags":
        end(state, outcome, ["military"])
        return
    favoured = ally(state)
    if outcome == "outcome.last_spv" and favoured is not None:
        vp = state.d["vp"]
        if vp[favoured] > vp[OTHER[favoured]]:
            end(state, "military.outcome.shared", ["military", favoured])
        else:
            end(state, "military.outcome.alone", [OTHER[favoured]])
        return
    side, tiebreak = winner(state, outcome)
    end(state, outcome, [side], tiebreak)


def prospects(state: PatriaState) -> float:
    """The military's prospects for a search cut short, on the returns' scale: it wins with its ally if
    the ally leads when the cards run out (so the ally's VP margin, measured against the 10-point lead),
    or alone with four flag provinces (a quarter for each one held); without an ally it cannot win."""
    favoured = state.d.get("mil_ally")
    flags = 0.25 * flags_held(state)
    if favoured is None:
        return max(-1.0, -0.5 + flags)
    vp = state.d["vp"]
    return max(-1.0, min(1.0, math.tanh(2 * (vp[favoured] - vp[OTHER[favoured]]) / 10) + flags))


def home(state: PatriaState) -> list[str]:
    """Where a military player wiped off the map re-enters (§¿Se puede eliminar…?: "a province with a
    friendly flag"; the military has none, so its two set-up provinces, our reading)."""
    return [BOARD.leaders[MILITARY]["start"], BOARD.leaders[MILITARY]["second"]]
