"""Character, event and leader cards (§Cartas, §Requisitos de uso, §Simbología de cartas especiales,
§C- Recuperar órdenes): the card data as typed records checked at import, the requirements (≤ / ≥ ranks,
the poorest player, region icons, costs), the matching symbols and the violet characters' preferences.
Activating a card and its effects are `activate_card.py`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.games.patria_libre.board import BOARD, COLUMNS, FACES, ROLES, SIDES

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

TYPES = ("leader", "character", "event", "spv", "iturbide")
COLOURS = {"yellow": "insurgent", "blue": "royalist", "violet": ""}
REQUIREMENTS = ("rank", "poorest", "region", "pay")
PREFERENCES = ("rank", "coins", "troops", "vp")
ORDERS = tuple(f for f in FACES if f != "clone")
STAGE_SIZES = {"I": 20, "II": 20, "III": 14}
MAX_EFFECTS = 3


@dataclass(frozen=True)
class Card:
    """One printed card (`data/cards.toml` and `data/cards.reconstructed.toml`)."""

    id: str
    type: str
    colour: str
    leader: str
    stage: str
    numbers: tuple[int, ...]
    letters: tuple[str, ...]
    popularity: str
    requires: tuple[dict[str, Any], ...]
    effects: tuple[dict[str, Any], ...]
    prefers: dict[str, str] | None
    region: str


def _card(raw: dict[str, Any]) -> Card:
    return Card(
        raw["id"],
        raw["type"],
        raw.get("colour", ""),
        raw.get("leader", ""),
        raw.get("stage", ""),
        tuple(raw.get("numbers", ())),
        tuple(raw.get("letters", ())),
        raw.get("popularity", ""),
        tuple(raw.get("requires", ())),
        tuple(raw.get("effects", ())),
        raw.get("prefers"),
        raw.get("region", ""),
    )


CARDS: dict[str, Card] = {cid: _card(raw) for cid, raw in BOARD.cards.items()}
STAGES: dict[str, list[str]] = {s: [c.id for c in CARDS.values() if c.stage == s] for s in STAGE_SIZES}
SPV: list[str] = [c.id for c in CARDS.values() if c.type == "spv"]


def _validate() -> None:
    """Every constraint the rulebook puts on the cards (§Componentes, §Comprar carta, §B- Activar carta)."""
    kinds = Counter(c.type for c in CARDS.values())
    assert kinds["leader"] == 4 and kinds["iturbide"] == 1 and kinds["spv"] == 5, f"card counts {kinds}"
    for stage, size in STAGE_SIZES.items():
        assert len(STAGES[stage]) == size, f"stage {stage} has {len(STAGES[stage])} cards, not {size}"
    assert sorted(CARDS[c].region for c in SPV) == sorted(BOARD.regions), "one S/PV card per region"
    for c in CARDS.values():
        assert c.type in TYPES, f"{c.id}: unknown type {c.type!r}"
        if c.type == "spv":
            continue
        assert c.colour in COLOURS, f"{c.id}: colour {c.colour!r}"
        if c.colour == "yellow":
            assert c.numbers and not c.letters, f"{c.id}: insurgent cards carry numbers only"
        elif c.colour == "blue":
            assert c.letters and not c.numbers, f"{c.id}: royalist cards carry letters only"
        else:
            assert c.numbers and c.letters, f"{c.id}: violet cards are mixed, a number and a letter"
        assert (c.type in ("leader", "iturbide")) == bool(c.leader) and (not c.leader or c.leader in ROLES)
        assert (c.prefers is not None) == (c.type == "character" and c.colour == "violet"), (
            f"{c.id}: exactly the violet characters print a preference"
        )
        assert not c.popularity or c.popularity in COLUMNS, f"{c.id}: popularity column"
        assert 1 <= len(c.effects) <= MAX_EFFECTS, f"{c.id}: one to {MAX_EFFECTS} effects"
        for req in c.requires:
            assert req["kind"] in REQUIREMENTS, f"{c.id}: requirement {req}"
            assert req.get("column", COLUMNS[0]) in COLUMNS and all(
                i in BOARD.regions for i in req.get("icons", ())
            )
        for eff in c.effects:
            assert eff["kind"] != "order" or eff["order"] in ORDERS, f"{c.id}: order {eff}"
            assert eff.get("column", "") in ("", *COLUMNS), f"{c.id}: column {eff}"
        if c.prefers:
            assert c.prefers["kind"] in PREFERENCES and c.prefers.get("column", COLUMNS[0]) in COLUMNS


_validate()


# ------------------------------------------------------------------------------------ requirements
def rank_ok(state: PatriaState, r: str, column: str, cmp: str) -> bool:
    """§Simbología de cartas especiales: ≥ at or above every other player, ≤ at or below; "extreme"
    strictly above or strictly below them all (the División cards: a tie forbids them)."""
    mine = state.rank(r, column)
    others = [state.rank(o, column) for o in state.others(r)]
    if cmp == ">=":
        return all(mine >= x for x in others)
    if cmp == "<=":
        return all(mine <= x for x in others)
    return all(mine > x for x in others) or all(mine < x for x in others)


def requirement_met(state: PatriaState, r: str, card: Card, prov: str, req: dict[str, Any]) -> bool:
    kind = req["kind"]
    if kind == "rank":
        return rank_ok(state, r, req["column"], req["cmp"])
    if kind == "poorest":
        return all(state.d["coins"][r] <= state.d["coins"][o] for o in state.others(r))
    if kind == "region":
        return BOARD.provinces[prov].region in req["icons"]
    others = [c for c in state.d["area"][r] if c != card.id]
    return bool(state.d["coins"][r] >= req.get("coins", 0)) and len(others) >= req.get("cards", 0)


# ------------------------------------------------------------------------------ matching symbols
def symbols(side: str, card_id: str) -> set[int | str]:
    """§Comprar carta: the symbols a buyer of `side` matches on — numbers for insurgents, letters for
    royalists; the military faction, mixed like the violet cards, matches on both (our reading)."""
    card = CARDS[card_id]
    if side == "insurgent":
        return set(card.numbers)
    if side == "royalist":
        return set(card.letters)
    return {*card.numbers, *card.letters}


SYMBOLS: dict[str, dict[str, frozenset[int | str]]] = {
    side: {card: frozenset(symbols(side, card)) for card in CARDS} for side in SIDES
}
"""`symbols` of every side and card, made once (the market asks for them at every turn's menu)."""


# ---------------------------------------------------------------------------- violet preferences
def _measure(state: PatriaState, who: str, prefers: dict[str, str]) -> int:
    kind = prefers["kind"]
    if kind == "rank":
        return state.rank(who, prefers["column"])
    if kind == "coins":
        return int(state.d["coins"][who])
    if kind == "troops":
        return sum(1 for t in state.d["troops"].values() if who in t)
    side = state.side(who)
    return int(state.d["vp"].get(side, 0)) if side in state.d["vp"] else 0


def new_owner(state: PatriaState, r: str, card_id: str) -> str:
    """§C- Recuperar órdenes, "Importante": the player a recovered violet character joins — the one its
    printed preference picks (highest/most or lowest/fewest). A tie with the recovering player keeps the
    card where it is; so does a tie between two other players (nobody is preferred alone)."""
    prefers = CARDS[card_id].prefers
    if prefers is None:
        return r
    sign = 1 if prefers["side"] in ("highest", "most") else -1
    scores = {who: sign * _measure(state, who, prefers) for who in state.seated()}
    best = max(scores.values())
    top = [who for who, s in scores.items() if s == best]
    return r if r in top or len(top) > 1 else top[0]
