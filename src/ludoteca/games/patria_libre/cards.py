"""Character, event and leader cards (§B- Activar carta, §Requisitos de uso, §Simbología de cartas
especiales, §C- Recuperar órdenes): the card data as typed records checked at import, the requirements
(≤ / ≥ ranks, the poorest player, region icons, costs), the violet characters' preferences, and the
procedure `"card"` that carries out a card's effects. Domination and a player wiped off the map are
settled after the turn's action, as for orders (scoring.py, "settle").

A card's effects come from a small vocabulary (the header of `data/cards.toml`); each kind is one branch
of `_run_effect`. The owner carries the effects out in any order and may leave any out (§1. Cartas de
líder: "pueden ejecutarse en cualquier orden. Puedes ejecutar sólo 1 efecto"), the one reading that fits
both leader cards and events such as Esclavitud Abolida.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD, COLUMNS, FACES, ROLES
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

TYPES = ("leader", "character", "event", "spv", "iturbide")
COLOURS = {"yellow": "insurgent", "blue": "royalist", "violet": ""}
REQUIREMENTS = ("rank", "poorest", "region", "pay")
EFFECTS = (
    "order",
    "popularity",
    "vp",
    "coins",
    "buy_popularity",
    "rival_popularity",
    "rival_discard",
    "steal_coins",
    "convert_infantry",
)
PREFERENCES = ("rank", "coins", "troops", "vp")
ORDERS = tuple(f for f in FACES if f != "clone")
STAGE_SIZES = {"I": 20, "II": 20, "III": 14}
MAX_EFFECTS = 3


@dataclass(frozen=True)
class Card:
    """One printed card (`data/cards.toml`)."""

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
            assert eff["kind"] in EFFECTS, f"{c.id}: effect {eff}"
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


def effect_possible(state: PatriaState, r: str, card: Card, prov: str, eff: dict[str, Any]) -> bool:
    """Whether carrying out `eff` from `prov` would change anything now."""
    from ludoteca.games.patria_libre.orders import feasible

    kind = eff["kind"]
    if kind == "order":
        if eff.get("target") == "other_region":
            return bool(other_region_targets(state, r, prov))
        return feasible(state, r, eff["order"], prov)
    if kind in ("popularity", "vp"):
        return True
    if kind == "coins":
        return state.bank() > 0
    if kind == "buy_popularity":
        return bool(state.d["coins"][r] >= eff["coins"])
    if kind == "rival_popularity":
        return bool(state.opponents(r))
    if kind == "rival_discard":
        return any(state.d["area"][o] for o in state.opponents(r))
    if kind == "steal_coins":
        return any(state.d["coins"][o] for o in state.opponents(r))
    return bool(conversions(state, r, prov))


def usable(state: PatriaState, r: str, card_id: str, prov: str) -> bool:
    """§Requisitos de uso: the card's own conditions hold in `prov` and at least one effect would do
    something (colour, presence, room and the leader's province are checked by the turn)."""
    card = CARDS[card_id]
    if not all(requirement_met(state, r, card, prov, req) for req in card.requires):
        return False
    return any(effect_possible(state, r, card, prov, eff) for eff in card.effects)


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


# -------------------------------------------------------------------------------- effect helpers
def other_region_targets(state: PatriaState, r: str, prov: str) -> list[str]:
    """Evangelización: neighbours of `prov` with another region icon, where the player has no troop."""
    if not state.piece_free(r, 1):
        return []
    here = BOARD.provinces[prov].region
    return [
        p for p in BOARD.adjacent[prov] if BOARD.provinces[p].region != here and r not in state.d["troops"][p]
    ]


def conversions(state: PatriaState, r: str, prov: str) -> list[tuple[str, str]]:
    """convert_infantry: (province, adversary) whose infantry may become the player's — in `prov` or a
    neighbour, where the player has no troop of their own and an infantry piece is left."""
    if not state.piece_free(r, 1):
        return []
    return [
        (p, o)
        for p in (prov, *BOARD.adjacent[prov])
        if r not in state.d["troops"][p]
        for o in state.opponents(r)
        if state.d["troops"][p].get(o) == 1
    ]


def _choose_rival(state: PatriaState, frame: Frame, rivals: list[str], then: str) -> None:
    if len(rivals) == 1:
        state.procedures["card"].steps[then](state, frame, ID[f"target {rivals[0]}"])
        return
    state.decide(
        state.idx(frame["r"]),
        "target",
        [ID[f"target {o}"] for o in rivals],
        then=then,
        prompt="cards.prompt.rival",
    )


# ---------------------------------------------------------------------------------- the procedure
card_proc = PROCS.proc("card", rule="B")


@card_proc.step()
def _start(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Pay what the card asks (§Requisitos de uso), then its popularity icon (§Simbología)."""
    card = CARDS[frame["card"]]
    frame["left"] = list(range(len(card.effects)))
    pay = next((req for req in card.requires if req["kind"] == "pay"), {})
    if pay.get("coins"):
        state.take(frame["r"], pay["coins"])
        state.log("cards.log.paid", who=f"@role.{frame['r']}", n=pay["coins"])
    frame["discards"] = pay.get("cards", 0)
    if pay.get("popularity"):
        state.call("lose", then="discards", r=frame["r"], n=pay["popularity"])
    else:
        state.goto("discards")


@card_proc.step("discards")
def _discards(state: PatriaState, frame: Frame, action: int | None) -> None:
    area = state.d["area"][frame["r"]]
    if frame["discards"] and area:
        state.decide(
            state.idx(frame["r"]),
            "discard",
            [ID[f"discard {c}"] for c in area],
            then="discarded",
            prompt="cards.prompt.sacrifice",
        )
        return
    card = CARDS[frame["card"]]
    if card.popularity:
        state.call("gain", then="effects", r=frame["r"], n=1, col=card.popularity)
    else:
        state.goto("effects")


@card_proc.step("discarded")
def _discarded(state: PatriaState, frame: Frame, action: int | None) -> None:
    assert action is not None
    gone = target(action)
    state.d["area"][frame["r"]].remove(gone)
    state.d["discard"].append(gone)
    state.log("cards.log.sacrificed", who=f"@role.{frame['r']}", card=f"@card.{gone}.name")
    frame["discards"] -= 1
    state.goto("discards")


@card_proc.step("effects")
def _effects(state: PatriaState, frame: Frame, action: int | None) -> None:
    """The effects not yet carried out that would do something; a lone one is carried out at once."""
    card = CARDS[frame["card"]]
    left = [
        i for i in frame["left"] if effect_possible(state, frame["r"], card, frame["prov"], card.effects[i])
    ]
    if not left:
        state.ret()
    elif len(card.effects) == 1:
        _chosen(state, frame, ID["effect 1"])
    else:
        actions = [ID[f"effect {i + 1}"] for i in left] + [ID["done"]]
        state.decide(
            state.idx(frame["r"]),
            "effect",
            actions,
            then="chosen",
            prompt="cards.prompt.effect",
            card=f"@card.{card.id}.name",
            effects=[f"@card.{card.id}.e{i + 1}" for i in left],
        )


@card_proc.step("chosen")
def _chosen(state: PatriaState, frame: Frame, action: int | None) -> None:
    if action == ID["done"]:
        state.ret()
        return
    assert action is not None
    i = int(target(action)) - 1
    frame["left"].remove(i)
    frame["i"], frame["times"] = i, CARDS[frame["card"]].effects[i].get("times", 1)
    _run_effect(state, frame)


def _run_effect(state: PatriaState, frame: Frame) -> None:
    """One effect of the vocabulary (data/cards.toml); each ends by going back to step "effects"."""
    r, prov = frame["r"], frame["prov"]
    eff = CARDS[frame["card"]].effects[frame["i"]]
    kind = eff["kind"]
    if kind == "order":
        if eff.get("target") == "other_region":
            state.decide(
                state.idx(r),
                "at",
                [ID[f"at {p}"] for p in other_region_targets(state, r, prov)],
                then="recruited",
                prompt="prompt.recruit",
            )
        else:
            state.call(eff["order"], then="again", r=r, prov=prov)
    elif kind == "popularity":
        state.call("gain", then="effects", r=r, n=eff["n"], col=eff.get("column") or None)
    elif kind == "vp":
        state.add_vp(r, eff["n"])
        state.goto("effects")
    elif kind == "coins":
        state.give(r, eff["n"])
        state.goto("effects")
    elif kind == "buy_popularity":
        state.take(r, eff["coins"])
        state.log("cards.log.paid", who=f"@role.{r}", n=eff["coins"])
        state.call("gain", then="effects", r=r, n=eff["n"], col=None)
    elif kind == "rival_popularity":
        _choose_rival(state, frame, state.opponents(r), "rival_loses")
    elif kind == "rival_discard":
        _choose_rival(state, frame, [o for o in state.opponents(r) if state.d["area"][o]], "rival_discards")
    elif kind == "steal_coins":
        _choose_rival(state, frame, [o for o in state.opponents(r) if state.d["coins"][o]], "robbed")
    else:
        places = sorted({p for p, _ in conversions(state, r, prov)})
        state.decide(
            state.idx(r),
            "at",
            [ID[f"at {p}"] for p in places],
            then="convert_at",
            prompt="cards.prompt.convert",
        )


@card_proc.step("again")
def _again(state: PatriaState, frame: Frame, action: int | None) -> None:
    """An order effect done `times` times (Grito de Dolores recruits twice), while it can still act."""
    frame["times"] -= 1
    eff = CARDS[frame["card"]].effects[frame["i"]]
    if frame["times"] > 0 and effect_possible(state, frame["r"], CARDS[frame["card"]], frame["prov"], eff):
        _run_effect(state, frame)
    else:
        state.goto("effects")


@card_proc.step("recruited")
def _recruited(state: PatriaState, frame: Frame, action: int | None) -> None:
    assert action is not None
    where = target(action)
    state.d["troops"][where][frame["r"]] = 1
    state.log("log.recruit", who=f"@role.{frame['r']}", prov=f"@province.{where}")
    state.goto("again")


@card_proc.step("rival_loses")
def _rival_loses(state: PatriaState, frame: Frame, action: int | None) -> None:
    assert action is not None
    eff = CARDS[frame["card"]].effects[frame["i"]]
    state.call("lose", then="effects", r=target(action), n=eff["n"])


@card_proc.step("rival_discards")
def _rival_discards(state: PatriaState, frame: Frame, action: int | None) -> None:
    assert action is not None
    frame["victim"], frame["count"] = target(action), CARDS[frame["card"]].effects[frame["i"]]["n"]
    _victim_discards(state, frame, None)


@card_proc.step("victim_discards")
def _victim_discards(state: PatriaState, frame: Frame, action: int | None) -> None:
    """Indultos: the victim gives up cards of their own choice."""
    area = state.d["area"][frame["victim"]]
    if action is not None:
        gone = target(action)
        area.remove(gone)
        state.d["discard"].append(gone)
        state.log("cards.log.discarded", who=f"@role.{frame['victim']}", card=f"@card.{gone}.name")
        frame["count"] -= 1
    if frame["count"] <= 0 or not area:
        state.goto("effects")
        return
    state.decide(
        state.idx(frame["victim"]),
        "discard",
        [ID[f"discard {c}"] for c in area],
        then="victim_discards",
        prompt="cards.prompt.give_up",
    )


@card_proc.step("robbed")
def _robbed(state: PatriaState, frame: Frame, action: int | None) -> None:
    assert action is not None
    victim = target(action)
    n = min(CARDS[frame["card"]].effects[frame["i"]]["n"], state.d["coins"][victim])
    state.d["coins"][victim] -= n
    state.d["coins"][frame["r"]] += n
    state.log("cards.log.robbed", who=f"@role.{frame['r']}", victim=f"@role.{victim}", n=n)
    state.goto("effects")


@card_proc.step("convert_at")
def _convert_at(state: PatriaState, frame: Frame, action: int | None) -> None:
    assert action is not None
    frame["q"] = target(action)
    _choose_rival(
        state,
        frame,
        [o for p, o in conversions(state, frame["r"], frame["prov"]) if p == frame["q"]],
        "converted",
    )


@card_proc.step("converted")
def _converted(state: PatriaState, frame: Frame, action: int | None) -> None:
    assert action is not None
    q, victim = frame["q"], target(action)
    del state.d["troops"][q][victim]
    state.d["troops"][q][frame["r"]] = 1
    state.log(
        "cards.log.converted", who=f"@role.{frame['r']}", victim=f"@role.{victim}", prov=f"@province.{q}"
    )
    state.goto("effects")
