"""What a role sees of a Mar y Acero position: the view dict, the observation tensor, and
the invariants the fuzzer checks (piece conservation, stacking limits, track bounds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.mar_y_acero.board import AREAS, BAGS, BOARD
from ludoteca.games.mar_y_acero.pieces import FACTION_OF_ROLE, key, pieces

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

PHASES = ("setup", "destiny", "special", "event", "reinforce", "impulses", "final")
KEYS = BOARD.piece_keys
EVENTS = sorted(BOARD.events)
DESTINIES = sorted(BOARD.destinies)


def board_view(state: MyaState, role: int | None, lang: str) -> dict[str, Any]:
    position = state.d
    catalog = state.game.catalog
    me = None if role is None else FACTION_OF_ROLE[role]
    solo = (
        position["options"]["mode"] == "solo"
    )  # the string form: server.table.view_since copies no `options`
    hands: dict[str, Any] = {}
    for fac in ("es", "ind"):
        visible = fac == me or (solo and fac == "ind")
        hands[fac] = list(position["hands"][fac]) if visible else len(position["hands"][fac])
    nitayno_card = position["nitayno"].get("card") if solo else None  # the solo special phase's card (§5.3.2)
    return {
        "turn": position["turn"],
        "phase": position["phase"],
        "vp": position["vp"],
        "royal_support": position["rs"],
        "impulses": dict(position["imp"]),
        "areas": [
            {
                "id": x,
                "name": BOARD.areas[x].name,
                "jungle": BOARD.areas[x].jungle,
                "value": 2 if BOARD.areas[x].two_vp and x not in position["scroll"] else 1,
                "scroll": x in position["scroll"],
                "control": position["ctrl"][x - 1],
                "palisade": x in position["pal"],
                "citadel": x in position["cit"],
                "es": sorted(key(p) for p in pieces(state, x, "es")),
                "ind": sorted(key(p) for p in pieces(state, x, "ind")),
                "activated": x in position["act"],
            }
            for x in AREAS
        ],
        "bags": {bag: sum(position["bags"][bag].values()) for bag in BAGS},
        "grace": dict(position["grace"]),
        "colon": position["colon"],
        "leaders": {
            "caonabo": position["caonabo"],
            "hijos": position["hijos"],
            "guacanagari": position["guaca"],
            "anacaona": position["anacaona"],
        },
        "destiny": position["destiny"],
        "destiny_text": None
        if position["destiny"] is None
        else catalog.text(f"cardtext.{position['destiny']}", lang),
        "destinies_left": len(position["destinies"]),
        "nitayno_card": nitayno_card,
        "nitayno_text": None
        if nitayno_card is None
        else catalog.text(f"nitayno.cardtext.{nitayno_card}", lang),
        "flags": dict(position["flags"]),
        "hands": hands,
        "played": {fac: list(what) for fac, what in position["played"].items()},
        "committed": {fac: position["commit"][fac] is not None for fac in ("es", "ind")},
        "my_commit": None if me is None else position["commit"][me],
        "events": dict(position["event"]),
        "testament": position["testament"],
        "names": {"kind": {k: catalog.text(f"kind.{k}", lang) for k in BOARD.kinds}},
    }


def observation(state: MyaState, role: int) -> list[float]:
    """A fixed-length vector, every entry in [0, 1]: per area the pieces by key, fortifications, scroll
    and control; the tracks; the destiny card; the role's own hand and committed card; the cards played."""
    position = state.d
    me = FACTION_OF_ROLE[role]
    out: list[float] = [
        position["turn"] / 6,
        position["vp"] / 20,
        position["rs"] / 10,
        position["imp"]["ind"] / 5,
        position["imp"]["es"] / 5,
    ]
    out += [float(position["phase"] == p) for p in PHASES]
    out += [
        float(position["grace"]["face"] == "es"),
        float(position["grace"]["box"] == "used"),
        float(position["grace"]["turn_used"]),
    ]
    out += [float(what) for what in position["flags"].values()]
    for x in AREAS:
        for fac in ("es", "ind"):
            here = [key(p) for p in pieces(state, x, fac)]
            out += [min(here.count(k), 6) / 6 for k in KEYS]
        out += [
            float(x in position["pal"]),
            float(x in position["cit"]),
            float(x in position["scroll"]),
            float(position["ctrl"][x - 1] == "es"),
        ]
    out += [sum(position["bags"][b].values()) / 33 for b in BAGS]
    out += [float(position["destiny"] == c) for c in DESTINIES]
    out += [float(c in position["destinies"]) for c in DESTINIES]
    out += [float(c in position["hands"][me]) for c in EVENTS]
    out += [float(position["commit"][me] == c) for c in EVENTS]
    for fac in ("es", "ind"):
        out += [float(c in position["played"][fac]) for c in EVENTS]
    out += [float(position["colon"] == s) for s in ("ships", "map", "prison", "box", "dead")]
    return out
