"""Character, event and leader cards (§Cartas, §Requisitos de uso, §Simbología de cartas especiales,
§C- Recuperar órdenes): the card data as typed records checked at import, the requirements (≤ / ≥ ranks,
the poorest player, region icons, costs), the matching symbols and the violet characters' preferences.
Activating a card and its effects are `activate_card.py`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.core.data import refusal
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


DECK = "cards.toml, cards.reconstructed.toml"
CARD_COUNTS = {"leader": 4, "iturbide": 1, "spv": 5}


def _validate() -> None:
    """Every constraint the rulebook puts on the cards (§Componentes, §Comprar carta, §B- Activar carta);
    a refusal names the file, the card, the field and the value (`core.data.refusal`)."""
    kinds = Counter(c.type for c in CARDS.values())
    for kind, count in CARD_COUNTS.items():
        if kinds[kind] != count:
            raise refusal(
                DECK, "card", "type", kind, "count", found=kinds[kind], expected=count, section="Componentes"
            )
    for stage, size in STAGE_SIZES.items():
        if len(STAGES[stage]) != size:
            found = len(STAGES[stage])
            raise refusal(
                DECK, "card", "stage", stage, "count", found=found, expected=size, section="Componentes"
            )
    regions = sorted(CARDS[c].region for c in SPV)
    if regions != sorted(BOARD.regions):
        raise refusal(DECK, "spv", "region", regions, "equal", expected=sorted(BOARD.regions), section="S/PV")
    for c in CARDS.values():
        _validate_card(c, BOARD.card_files[c.id])


def _validate_card(c: Card, file: str) -> None:
    """One card's printed values (§B- Activar carta, §1. Cartas de líder, §C- Recuperar órdenes)."""
    if c.type not in TYPES:
        raise refusal(file, c.id, "type", c.type, "one_of", allowed=list(TYPES))
    if c.type == "spv":
        return
    if c.colour not in COLOURS:
        raise refusal(file, c.id, "colour", c.colour, "one_of", allowed=list(COLOURS))
    condition = f"colour = {c.colour!r}"
    needs = {"yellow": ("numbers",), "blue": ("letters",), "violet": ("numbers", "letters")}[c.colour]
    for field, value in (("numbers", c.numbers), ("letters", c.letters)):
        if field in needs and not value:
            raise refusal(file, c.id, field, None, "needed", condition=condition, section="B- Activar carta")
        if field not in needs and value:
            raise refusal(
                file, c.id, field, list(value), "absent", condition=condition, section="B- Activar carta"
            )
    leads = c.type in ("leader", "iturbide")
    if leads and not c.leader:
        condition = f"type = {c.type!r}"
        raise refusal(file, c.id, "leader", None, "needed", condition=condition, section="1. Cartas de líder")
    if c.leader and not leads:
        condition = f"type = {c.type!r}"
        raise refusal(
            file, c.id, "leader", c.leader, "absent", condition=condition, section="1. Cartas de líder"
        )
    if c.leader and c.leader not in ROLES:
        raise refusal(file, c.id, "leader", c.leader, "one_of", allowed=list(ROLES))
    violet_character = c.type == "character" and c.colour == "violet"
    if (c.prefers is not None) != violet_character:
        condition = f"type = {c.type!r}, colour = {c.colour!r}"
        why = "absent" if c.prefers is not None else "needed"
        raise refusal(
            file, c.id, "prefers", c.prefers, why, condition=condition, section="C- Recuperar órdenes"
        )
    if c.popularity and c.popularity not in COLUMNS:
        raise refusal(file, c.id, "popularity", c.popularity, "one_of", allowed=list(COLUMNS))
    if not 1 <= len(c.effects) <= MAX_EFFECTS:
        found = len(c.effects)
        raise refusal(
            file, c.id, "effects", found, "range", low=1, high=MAX_EFFECTS, section="B- Activar carta"
        )
    for req in c.requires:
        if req["kind"] not in REQUIREMENTS:
            raise refusal(file, c.id, "requires.kind", req["kind"], "one_of", allowed=list(REQUIREMENTS))
        if req.get("column", COLUMNS[0]) not in COLUMNS:
            raise refusal(file, c.id, "requires.column", req["column"], "one_of", allowed=list(COLUMNS))
        for icon in req.get("icons", ()):
            if icon not in BOARD.regions:
                raise refusal(file, c.id, "requires.icons", icon, "one_of", allowed=list(BOARD.regions))
    for eff in c.effects:
        if eff["kind"] == "order" and eff["order"] not in ORDERS:
            raise refusal(file, c.id, "effects.order", eff["order"], "one_of", allowed=list(ORDERS))
        if eff.get("column", "") not in ("", *COLUMNS):
            raise refusal(file, c.id, "effects.column", eff["column"], "one_of", allowed=list(COLUMNS))
    if c.prefers:
        if c.prefers["kind"] not in PREFERENCES:
            raise refusal(file, c.id, "prefers.kind", c.prefers["kind"], "one_of", allowed=list(PREFERENCES))
        if c.prefers.get("column", COLUMNS[0]) not in COLUMNS:
            raise refusal(file, c.id, "prefers.column", c.prefers["column"], "one_of", allowed=list(COLUMNS))


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
