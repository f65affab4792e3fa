"""What a role sees of a Mar y Acero position: the view dict, and the observation tensor with its entries
named (`observe`, core.observation)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from ludoteca.core.observation import Observation, SectionMemo
from ludoteca.games.mar_y_acero.board import AREAS, BAGS, BOARD
from ludoteca.games.mar_y_acero.pieces import FACTION_OF_ROLE, key, pieces, split_key
from ludoteca.games.mar_y_acero.position import (
    COLON_AT,
    FACTIONS,
    FLAGS,
    PHASES,
    ColonAt,
    Faction,
    Flags,
    Grace,
    Leader,
    Phase,
    Sided,
)

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

KEYS = BOARD.piece_keys
EVENTS = sorted(BOARD.events)
DESTINIES = sorted(BOARD.destinies)


class AreaView(TypedDict):
    """An area as a role sees it: its name and markers, who holds it, each faction's piece keys."""

    id: int
    name: str
    jungle: bool
    value: int
    scroll: bool
    control: Faction
    palisade: bool
    citadel: bool
    es: list[str]
    ind: list[str]
    activated: bool


class LeadersView(TypedDict):
    """Where the leaders who come and go are (position.py's `Leader` and `Sided`)."""

    caonabo: Leader
    hijos: bool
    guacanagari: Sided
    anacaona: Sided


class BoardView(TypedDict):
    """The board part of a Mar y Acero view (`board_view`), as the terminal and the browser read it. A
    hand is its cards where the role may see them, else their count."""

    turn: int
    phase: Phase
    vp: int
    royal_support: int
    impulses: dict[str, int]
    areas: list[AreaView]
    bags: dict[str, int]
    grace: Grace
    colon: ColonAt
    leaders: LeadersView
    destiny: int | None
    destiny_text: str | None
    destinies_left: int
    nitayno_card: int | None
    nitayno_text: str | None
    flags: Flags
    hands: dict[str, list[int] | int]
    played: dict[str, list[int]]
    committed: dict[str, bool]
    my_commit: int | None
    events: dict[str, int | None]
    testament: int | None
    names: dict[str, dict[str, str]]


def board_view(state: MyaState, role: int | None, lang: str) -> BoardView:
    position = state.d
    catalog = state.game.catalog
    me = None if role is None else FACTION_OF_ROLE[role]
    solo = position["options"]["mode"] == "solo"
    hands: dict[str, list[int] | int] = {}
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
        "grace": position["grace"].copy(),
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
        "flags": position["flags"].copy(),
        "hands": hands,
        "played": {fac: list(what) for fac, what in position["played"].items()},
        "committed": {fac: position["commit"][fac] is not None for fac in ("es", "ind")},
        "my_commit": None if me is None else position["commit"][me],
        "events": dict(position["event"]),
        "testament": position["testament"],
        "names": {"kind": {k: catalog.text(f"kind.{k}", lang) for k in BOARD.kinds}},
    }


AREA_MARKERS = ("palisade", "citadel", "scroll", "spanish")
AREA_NAMES = tuple(
    name
    for area in AREAS
    for name in (
        *(f"area{area}.{fac}[{k}]" for fac in FACTIONS for k in KEYS),
        *(f"area{area}.{marker}" for marker in AREA_MARKERS),
    )
)
"""The names of the map's entries, made once (issue 26: naming them at every observation cost most of
it): per area the pieces of each faction by key, then its markers."""
AREA_AT = {area: at * len(AREA_NAMES) // len(AREAS) for at, area in enumerate(AREAS)}
FACTION_AT = {fac: at * len(KEYS) for at, fac in enumerate(FACTIONS)}
KEY_INDEX = {k: i for i, k in enumerate(KEYS)}
KEY_OF_PIECE = tuple(
    {split_key(k)[0]: i for k, i in KEY_INDEX.items() if split_key(k)[1] == r} for r in (0, 1)
)
MARKERS_AT = len(FACTIONS) * len(KEYS)
"""Where each area's entries start, each faction's pieces among them, each key among those (by the
piece's kind, full at index 0 and reduced at 1: `key` without its string) and the markers after them:
the observation writes only the pieces and markers there are (issue 26)."""


CELLS = tuple((AREA_AT[area] + FACTION_AT["es"], AREA_AT[area] + FACTION_AT["ind"]) for area in AREAS)
"""Where each area's pieces of each faction start, in the map's order (`d["map"][area - 1]`)."""


def map_entries(
    cells: list[dict[str, list[list[Any]]]],
    pal: list[int],
    cit: list[int],
    scroll: list[int],
    ctrl: list[str],
) -> dict[int, float]:
    """Per area, how many pieces of each faction bear each key of `KEYS` (capped at 6, over 6), then
    its palisade, citadel, scroll and Spanish control: the entries that are not zero, by offset (a sparse
    section of `AREA_NAMES`). The adapters observe at every turn: the areas are walked in the map's order,
    by offsets made once (issue 26)."""
    full, reduced = KEY_OF_PIECE
    counts: dict[int, int] = {}
    for cell, (es_at, ind_at) in zip(cells, CELLS, strict=True):
        for piece in cell["es"]:
            at = es_at + (reduced if piece[1] else full)[piece[0]]
            counts[at] = counts.get(at, 0) + 1
        for piece in cell["ind"]:
            at = ind_at + (reduced if piece[1] else full)[piece[0]]
            counts[at] = counts.get(at, 0) + 1
    values = {at: n / 6 if n < 6 else 1.0 for at, n in counts.items()}
    for offset, marked in enumerate((pal, cit, scroll)):
        for area in marked:
            if area in AREA_AT:
                values[AREA_AT[area] + MARKERS_AT + offset] = 1.0
    for area, holder in zip(AREAS, ctrl, strict=True):
        if holder == "es":
            values[AREA_AT[area] + MARKERS_AT + 3] = 1.0
    return values


CARD_NAMES = (
    *(f"destiny[{c}]" for c in DESTINIES),
    *(f"destiny_left[{c}]" for c in DESTINIES),
    *(f"hand[{c}]" for c in EVENTS),
    *(f"committed[{c}]" for c in EVENTS),
    *(f"played.{fac}[{c}]" for fac in FACTIONS for c in EVENTS),
    *(f"colon[{at}]" for at in COLON_AT),
)
"""The names of the cards' entries and Colón's whereabouts, made once: the destiny card in force, those
left, the role's hand and committed card, the cards each faction played (one-hots and multi-hots)."""
DESTINY_INDEX = {c: i for i, c in enumerate(DESTINIES)}
EVENT_INDEX = {c: i for i, c in enumerate(EVENTS)}
COLON_INDEX = {at: i for i, at in enumerate(COLON_AT)}
HAND_AT = 2 * len(DESTINIES)
PLAYED_AT = {fac: HAND_AT + (2 + at) * len(EVENTS) for at, fac in enumerate(FACTIONS)}
COLON_OFFSET = HAND_AT + (2 + len(FACTIONS)) * len(EVENTS)


def card_entries(
    destiny: int | None,
    destinies: list[int],
    hand: list[int],
    committed: int | None,
    played: dict[str, list[int]],
    colon: str,
) -> dict[int, float]:
    """The entries of `CARD_NAMES` that are 1: the destiny card in force and those left, the role's hand
    and committed card, each faction's cards played, where Colón is (a sparse section: a turn seldom
    changes it, issue 26)."""
    values: dict[int, float] = {}
    if destiny in DESTINY_INDEX:
        values[DESTINY_INDEX[destiny]] = 1.0
    for c in destinies:
        if c in DESTINY_INDEX:
            values[len(DESTINIES) + DESTINY_INDEX[c]] = 1.0
    for c in hand:
        if c in EVENT_INDEX:
            values[HAND_AT + EVENT_INDEX[c]] = 1.0
    if committed in EVENT_INDEX:
        values[HAND_AT + len(EVENTS) + EVENT_INDEX[committed]] = 1.0
    for fac, at in PLAYED_AT.items():
        for c in played[fac]:
            if c in EVENT_INDEX:
                values[at + EVENT_INDEX[c]] = 1.0
    if colon in COLON_INDEX:
        values[COLON_OFFSET + COLON_INDEX[colon]] = 1.0
    return values


MAP_MEMO = SectionMemo(map_entries)
CARD_MEMO = SectionMemo(card_entries)
"""The map's entries and the cards' by what they show: a turn leaves the map as it was half the time, and
the cards nearly always (issue 26)."""


def observe(state: MyaState, role: int, out: Observation) -> None:
    """Every entry in [0, 1], named: the tracks; the phase; the Gracia Divina/Yaya marker; the destiny
    card's flags; per area the pieces by key, fortifications, scroll and control; the bags; the destiny
    card and those left; the role's own hand and committed card; the cards played; where Colón is."""
    position = state.d
    me = FACTION_OF_ROLE[role]
    out.add("turn", position["turn"] / 6)
    out.add("vp", position["vp"] / 20)
    out.add("royal_support", position["rs"] / 10)
    out.add("impulses[ind]", position["imp"]["ind"] / 5)
    out.add("impulses[es]", position["imp"]["es"] / 5)
    out.one_hot("phase", PHASES, position["phase"])
    grace = position["grace"]
    out.add("grace.face_es", float(grace["face"] == "es"))
    out.add("grace.used", float(grace["box"] == "used"))
    out.add("grace.used_this_turn", float(grace["turn_used"]))
    flags = position["flags"]
    out.each("flag", FLAGS, [float(flags[name]) for name in FLAGS])
    out.sparse(
        AREA_NAMES,
        MAP_MEMO(position["map"], position["pal"], position["cit"], position["scroll"], position["ctrl"]),
    )
    out.each("bag", BAGS, [sum(position["bags"][bag].values()) / 33 for bag in BAGS])
    cards = CARD_MEMO(
        position["destiny"],
        position["destinies"],
        position["hands"][me],
        position["commit"][me],
        position["played"],
        position["colon"],
    )
    out.sparse(CARD_NAMES, cards)
