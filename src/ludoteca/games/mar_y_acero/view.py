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


def board_view(st: MyaState, role: int | None, lang: str) -> dict[str, Any]:
    d = st.d
    catalog = st.game.catalog
    me = None if role is None else FACTION_OF_ROLE[role]
    solo = d["options"]["mode"] == "solo"  # the string form: server.table.view_since copies no `options`
    hands: dict[str, Any] = {}
    for fac in ("es", "ind"):
        visible = fac == me or (solo and fac == "ind")
        hands[fac] = list(d["hands"][fac]) if visible else len(d["hands"][fac])
    nitayno_card = d["nitayno"].get("card") if solo else None  # the solo special phase's card (§5.3.2)
    return {
        "turn": d["turn"],
        "phase": d["phase"],
        "vp": d["vp"],
        "royal_support": d["rs"],
        "impulses": dict(d["imp"]),
        "areas": [
            {
                "id": x,
                "name": BOARD.areas[x].name,
                "jungle": BOARD.areas[x].jungle,
                "value": 2 if BOARD.areas[x].two_vp and x not in d["scroll"] else 1,
                "scroll": x in d["scroll"],
                "control": d["ctrl"][x - 1],
                "palisade": x in d["pal"],
                "citadel": x in d["cit"],
                "es": sorted(key(p) for p in pieces(st, x, "es")),
                "ind": sorted(key(p) for p in pieces(st, x, "ind")),
                "activated": x in d["act"],
            }
            for x in AREAS
        ],
        "bags": {bag: sum(d["bags"][bag].values()) for bag in BAGS},
        "grace": dict(d["grace"]),
        "colon": d["colon"],
        "leaders": {
            "caonabo": d["caonabo"],
            "hijos": d["hijos"],
            "guacanagari": d["guaca"],
            "anacaona": d["anacaona"],
        },
        "destiny": d["destiny"],
        "destiny_text": None if d["destiny"] is None else catalog.text(f"cardtext.{d['destiny']}", lang),
        "destinies_left": len(d["destinies"]),
        "nitayno_card": nitayno_card,
        "nitayno_text": None
        if nitayno_card is None
        else catalog.text(f"nitayno.cardtext.{nitayno_card}", lang),
        "flags": dict(d["flags"]),
        "hands": hands,
        "played": {fac: list(v) for fac, v in d["played"].items()},
        "committed": {fac: d["commit"][fac] is not None for fac in ("es", "ind")},
        "my_commit": None if me is None else d["commit"][me],
        "events": dict(d["event"]),
        "testament": d["testament"],
        "names": {"kind": {k: catalog.text(f"kind.{k}", lang) for k in BOARD.kinds}},
    }


def observation(st: MyaState, role: int) -> list[float]:
    """A fixed-length vector, every entry in [0, 1]: per area the pieces by key, fortifications, scroll
    and control; the tracks; the destiny card; the role's own hand and committed card; the cards played."""
    d = st.d
    me = FACTION_OF_ROLE[role]
    out: list[float] = [d["turn"] / 6, d["vp"] / 20, d["rs"] / 10, d["imp"]["ind"] / 5, d["imp"]["es"] / 5]
    out += [float(d["phase"] == p) for p in PHASES]
    out += [
        float(d["grace"]["face"] == "es"),
        float(d["grace"]["box"] == "used"),
        float(d["grace"]["turn_used"]),
    ]
    out += [float(v) for v in d["flags"].values()]
    for x in AREAS:
        for fac in ("es", "ind"):
            here = [key(p) for p in pieces(st, x, fac)]
            out += [min(here.count(k), 6) / 6 for k in KEYS]
        out += [
            float(x in d["pal"]),
            float(x in d["cit"]),
            float(x in d["scroll"]),
            float(d["ctrl"][x - 1] == "es"),
        ]
    out += [sum(d["bags"][b].values()) / 33 for b in BAGS]
    out += [float(d["destiny"] == c) for c in DESTINIES]
    out += [float(c in d["destinies"]) for c in DESTINIES]
    out += [float(c in d["hands"][me]) for c in EVENTS]
    out += [float(d["commit"][me] == c) for c in EVENTS]
    for fac in ("es", "ind"):
        out += [float(c in d["played"][fac]) for c in EVENTS]
    out += [float(d["colon"] == s) for s in ("ships", "map", "prison", "box", "dead")]
    return out
