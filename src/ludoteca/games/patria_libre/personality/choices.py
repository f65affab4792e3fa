"""How the deck's seat chooses, one chooser per decision kind (§Turno del jugador con IA): the turn's
action by the active personality's preferences ("cards first"), and the documented heuristics where the
rulebook appeals to common sense (see the package docstring)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludoteca.games.patria_libre.actions import ACTIONS, ID, target, verb
from ludoteca.games.patria_libre.board import BOARD, COLUMNS, FACES, ROLES
from ludoteca.games.patria_libre.card_effects import conversions, effect_possible
from ludoteca.games.patria_libre.cards import CARDS
from ludoteca.games.patria_libre.market import matches
from ludoteca.games.patria_libre.orders import feasible, hits, recruit_targets
from ludoteca.games.patria_libre.personality.deck import (
    COLOUR,
    LAST_FOUR,
    MONEY_FACES,
    RECOMMENDED,
    active,
    columns_ranked,
    faces_ranked,
    regions_ranked,
)

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.personality.procedure import Persona
    from ludoteca.games.patria_libre.state import PatriaState


def seat(frame: Persona) -> str:
    """The leader the deck plays, from the decision's `role` (an index)."""
    return ROLES[frame["role"]]


def best(scored: list[tuple[float, int]]) -> list[int]:
    """The best action, or the two best in order of id when they tie (then the tab decides)."""
    scored.sort(key=lambda x: (-x[0], x[1]))
    if len(scored) > 1 and abs(scored[0][0] - scored[1][0]) < 1e-9:
        return [scored[0][1], scored[1][1]]
    return [scored[0][1]]


def first(state: PatriaState, frame: Persona) -> list[int]:
    return [frame["actions"][0]]


# ----------------------------------------------------------------------------- the turn's action
def effect_faces(eff: dict[str, Any]) -> set[str]:
    """The faces an effect serves (for "cards first"): an order its own; coins → taxes; harming a rival →
    attack; winning troops → recruit; popularity → fortress (which also raises it). VP serve every face."""
    kind = eff["kind"]
    if kind == "order":
        return {eff["order"]}
    if kind in ("coins", "steal_coins"):
        return {"taxes"}
    if kind in ("rival_popularity", "rival_discard"):
        return {"attack"}
    if kind == "convert_infantry":
        return {"recruit"}
    if kind in ("popularity", "buy_popularity"):
        return {"fortress"}
    return set(FACES)


def _serves(state: PatriaState, r: str, card_id: str, face: str, places: list[str]) -> bool:
    """Whether the card has an effect serving `face` that would act in one of the provinces it may go."""
    card = CARDS[card_id]
    return any(
        face in effect_faces(eff) and any(effect_possible(state, r, card_id, p, eff) for p in places)
        for eff in card.effects
    )


def _menu(state: PatriaState, frame: Persona) -> list[int]:
    """§Turno del jugador con IA, the turn's action (A, B, C or D) and the reason, logged."""
    r, acts = seat(frame), set(frame["actions"])
    state.d["pers_flip"] = False
    state.d["pers_face"] = None
    for card in state.d["captured_from"]:
        if card in state.d["area"][r] and CARDS[card].type == "leader" and ID[f"eliminate {card}"] in acts:
            state.log("solo.log.why_eliminate", card=f"@card.{card}.name")
            return [ID[f"eliminate {card}"]]
    cards = [ACTIONS.names[x].split(" ", 1)[1] for x in frame["actions"] if verb(x) == "card"]
    orders = {ACTIONS.names[x].split(" ", 1)[1] for x in frame["actions"] if verb(x) == "order"}
    places = state.caller().get("cards", {})
    ranking = faces_ranked(state)
    for i, face in enumerate(ranking):
        if i >= LAST_FOUR:
            break
        useful = [c for c in cards if _serves(state, r, c, face, places.get(c, []))]
        if useful:
            card = max(useful, key=lambda c: (CARDS[c].type in ("leader", "iturbide"), -cards.index(c)))
            state.d["pers_face"] = face
            state.log("solo.log.why_card", card=f"@card.{card}.name", face=f"@face.{face}", n=i + 1)
            return [ID[f"card {card}"]]
        if face in orders and face != "clone":
            state.log("solo.log.why_order", face=f"@face.{face}", n=i + 1)
            return [ID[f"order {face}"]]
        if "clone" in orders and (face == "clone" or _clone_can(state, r, face)):
            state.d["pers_want"] = None if face == "clone" else face
            state.log("solo.log.why_clone", face=f"@face.{face}", n=i + 1)
            return [ID["order clone"]]
    in_area = [t for t in state.d["tokens"][r] if t[1] is None]
    if (
        not orders
        and not cards
        and ID["reorganize"] in acts
        and in_area
        and all(
            BOARD.tokens[k][t[0]] in MONEY_FACES for k, t in enumerate(state.d["tokens"][r]) if t[1] is None
        )
    ):
        state.d["pers_flip"] = True
        state.log("solo.log.why_money")
        return [ID["reorganize"]]
    if any(t[1] is not None for t in state.d["tokens"][r]):
        state.log("solo.log.why_recover")
        return [ID["recover"]]
    if ID["reorganize"] in acts:
        state.log("solo.log.why_reorganize")
        return [ID["reorganize"]]
    rest = [face for face in ranking if face in orders]
    if rest:
        state.log("solo.log.why_order", face=f"@face.{rest[0]}", n=ranking.index(rest[0]) + 1)
        return [ID[f"order {rest[0]}"]]
    state.log("solo.log.why_recover")
    return [ID["recover"]]


def _clone_can(state: PatriaState, r: str, face: str) -> bool:
    """Whether a clone order could carry out `face` somewhere the seat may place an order."""
    return (
        state.d["coins"][r] >= 1
        and face != "clone"
        and any(feasible(state, r, face, p) for p in state.rooms(r))
    )


# --------------------------------------------------------------------------------- map choices
def next_region(state: PatriaState) -> str:
    """The region of the S/PV card nearest to leaving the market (the next scoring), or ""."""
    for card in state.d["market"]:
        if CARDS[card].type == "spv":
            return CARDS[card].region
    return ""


def value(state: PatriaState, r: str, p: str) -> float:
    """How much the seat wants a province: stars, an enemy flag (its own less), a mine, the region the
    next S/PV card scores, a region it nearly dominates, and the personality's region ranking. A chooser
    asks it of the same provinces many times: inside `state.still()` it is worked out once each."""
    memo = state.memo()
    if memo is None:
        return _value(state, r, p)
    if ("value", r, p) not in memo:
        memo["value", r, p] = _value(state, r, p)
    return memo["value", r, p]  # type: ignore[no-any-return]


def _value(state: PatriaState, r: str, p: str) -> float:
    prov = BOARD.provinces[p]
    side = state.side(r)
    v = 2.0 * prov.stars + (1.0 if prov.mine else 0.0)
    if prov.flag:
        v += 1.0 if prov.flag == side else 3.0
    if prov.region == next_region(state):
        v += 2.0
    if all(state.controller(q) == r for q in BOARD.regions[prov.region] if q != p):
        v += 3.0
    regions = regions_ranked(state)
    return v + 0.5 * (len(regions) - regions.index(prov.region))


def _face_score(state: PatriaState, r: str, face: str, p: str) -> float:
    """How good it is to carry out `face` from province `p`."""
    if face == "attack":
        best = -10.0
        for src, q, o in hits(state, r, p):
            lonely = state.d["leaders"].get(o) == q and o not in state.d["troops"][q]
            infamy = max(0, state.force(r, src) - state.force(o, q))
            best = max(best, value(state, r, q) + (5.0 if lonely else 0.0) - 1.5 * infamy)
        return best
    if face == "recruit":
        return max((value(state, r, q) for q in recruit_targets(state, r, p)), default=value(state, r, p))
    if face == "march":
        return max(value(state, r, q) for q in BOARD.adjacent[p]) - 0.5 * value(state, r, p)
    if face == "clone":
        want = state.d.get("pers_want")
        return _face_score(state, r, want, p) if want else value(state, r, p)
    if face == "buy":
        return -value(state, r, p)  # bought anywhere: keep the room of the provinces that matter
    return value(state, r, p)


def _at(state: PatriaState, frame: Persona) -> list[int]:
    """A province: where an order or a card goes scores by what it will do there; other choices
    (recruits, attacks, re-entry, conversions) by the province itself."""
    r, kind = seat(frame), frame["kind"]
    caller = state.caller()
    provs = [target(x) for x in frame["actions"]]
    if kind == "order_at":
        face = caller["face"]
        if face == "clone":
            face = state.d.get("pers_want") or "clone"
        scored = [(_face_score(state, r, face, p), ID[f"at {p}"]) for p in provs]
    elif kind == "card_at":
        faces = [e["order"] for e in CARDS[caller["card"]].effects if e["kind"] == "order"]
        if any(e["kind"] == "convert_infantry" for e in CARDS[caller["card"]].effects):
            scored = [(float(len(conversions(state, r, p))), ID[f"at {p}"]) for p in provs]
        else:
            scored = [
                (
                    max((_face_score(state, r, x, p) for x in faces), default=-value(state, r, p)),
                    ID[f"at {p}"],
                )
                for p in provs
            ]
    elif caller["p"] == "square.give_infantry":
        scored = [(-value(state, r, p), ID[f"at {p}"]) for p in provs]  # the infantry given away
    else:
        scored = [(value(state, r, p), ID[f"at {p}"]) for p in provs]
    return best(scored)


def _dest(state: PatriaState, frame: Persona) -> list[int]:
    """Where a march ends (or stops on the way): the province the seat values most."""
    here = state.caller().get("dst", "")
    return best([(value(state, seat(frame), target(x) or here), x) for x in frame["actions"]])


def _mover(state: PatriaState, frame: Persona) -> list[int]:
    """A recovered leader comes back to the map; a march keeps the leader with the troop."""
    if frame["kind"] == "leader_back":
        return _prefer("move leader", "move troop")(state, frame)
    return _prefer("move both", "move troop", "move leader")(state, frame)


def _size(state: PatriaState, frame: Persona) -> list[int]:
    """The whole troop marches."""
    return [max(frame["actions"])]


def _abandon(state: PatriaState, frame: Persona) -> list[int]:
    return best(
        [
            (-value(state, seat(frame), target(x)) if verb(x) == "abandon" else -100.0, x)
            for x in frame["actions"]
        ]
    )


# ----------------------------------------------------------------------------- other decisions
def _gain(state: PatriaState, frame: Persona) -> list[int]:
    """Gains go one level at a time through the card's columns from the left; losses from the right."""
    caller = state.caller()
    caller["pers_i"] = caller.get("pers_i", -1) + 1
    cols = list(columns_ranked(state))
    if frame["kind"] == "lose":
        cols.reverse()
    want = cols[caller["pers_i"] % len(cols)]
    return [ID[f"pop {want}"]] if ID[f"pop {want}"] in frame["actions"] else [frame["actions"][0]]


def _token(state: PatriaState, frame: Persona) -> list[int]:
    """The token that carries a card is the one showing the least preferred face (right to left)."""
    ranking = faces_ranked(state)
    tokens = state.d["tokens"][seat(frame)]

    def rank(x: int) -> int:
        k = int(target(x)) - 1
        return ranking.index(BOARD.tokens[k][tokens[k][0]])

    return [max(frame["actions"], key=rank)]


def _face(state: PatriaState, frame: Persona) -> list[int]:
    """A token's face: the set-up takes the faces the rulebook suggests; a reorganisation forced by money
    turns every order over; otherwise, and for a clone, the face the personality prefers."""
    faces = [target(x) for x in frame["actions"]]
    if frame["kind"] == "clone" and state.d.get("pers_want") in faces:
        return [ID[f"face {state.d['pers_want']}"]]
    if frame["kind"] == "face" and active(state) is None:
        pick = next((x for x in faces if x in RECOMMENDED), faces[0])
        return [ID[f"face {pick}"]]
    if frame["kind"] == "face" and state.d.get("pers_flip"):
        k = frame["token"] - 1
        return [ID[f"face {BOARD.tokens[k][1 - state.d['tokens'][seat(frame)][k][0]]}"]]
    ranking = faces_ranked(state)
    return [ID[f"face {min(faces, key=ranking.index)}"]]


def _slot(state: PatriaState, frame: Persona) -> list[int]:
    """A market card: one the seat may use, with VP or more effects, cheaper to the left."""
    r, side = seat(frame), state.side(seat(frame))
    scored = []
    for x in frame["actions"]:
        i = int(target(x)) - 1
        card = CARDS[state.d["market"][i]]
        mine = card.colour in ("violet", COLOUR.get(side, "violet"))
        vp = any(e["kind"] == "vp" for e in card.effects)
        scored.append(
            (3.0 * mine + 2.0 * vp + len(card.effects) + 2.0 * bool(matches(state, r, card.id)) - 0.5 * i, x)
        )
    return best(scored)


def _keep(state: PatriaState, r: str, card_id: str) -> float:
    card = CARDS[card_id]
    if card.type in ("leader", "iturbide"):
        return 100.0
    return 3.0 * (card.colour in ("violet", COLOUR.get(state.side(r), "violet"))) + len(card.effects)


def _discard(state: PatriaState, frame: Persona) -> list[int]:
    """The card worth least to the seat goes (cards of the other colour first)."""
    who = seat(frame)
    return [min(frame["actions"], key=lambda x: (_keep(state, who, target(x)), x))]


def _supply(state: PatriaState, frame: Persona) -> list[int]:
    """Supply from the least preferred column with positive levels, then coins; abandon last."""
    cols = columns_ranked(state)
    scored = []
    for x in frame["actions"]:
        what = target(x)
        if what in COLUMNS:
            scored.append((10.0 + cols.index(what), x))
        elif what == "coin":
            scored.append((5.0, x))
        elif verb(x) == "abandon":
            scored.append((-value(state, seat(frame), what), x))
        else:
            scored.append((-50.0, x))
    return [max(scored)[1]]


def _prefer(*notations: str) -> Callable[[PatriaState, Persona], list[int]]:
    """A chooser taking the first of `notations` that is legal, else the first legal action."""

    def choose(state: PatriaState, frame: Persona) -> list[int]:
        for n in notations:
            if ID[n] in frame["actions"]:
                return [ID[n]]
        return [frame["actions"][0]]

    return choose


def _effect(state: PatriaState, frame: Persona) -> list[int]:
    """Every effect the card offers: first the one serving the preference it was played for, then the
    others in the card's order."""
    offered = [x for x in frame["actions"] if x != ID["done"]]
    if not offered:
        return [ID["done"]]
    card = CARDS[state.caller()["context"]["card"]]
    face = state.d.get("pers_face")
    return [min(offered, key=lambda x: (face not in effect_faces(card.effects[int(target(x)) - 1]), x))]


def _target(state: PatriaState, frame: Persona) -> list[int]:
    """A rival: the one whose side leads, the strongest on the map on a tie."""

    def score(x: int) -> tuple[int, int]:
        o = target(x)
        side = state.side(o)
        return (int(state.d["vp"].get(side, 0)), sum(t.get(o, 0) for t in state.d["troops"].values()))

    return [max(frame["actions"], key=score)]


CHOOSERS = {
    "action": _menu,
    "at": _at,
    "order_at": _at,
    "card_at": _at,
    "dest": _dest,
    "abandon": _abandon,
    "column": _gain,
    "lose": _gain,
    "token": _token,
    "face": _face,
    "clone": _face,
    "slot": _slot,
    "discard": _discard,
    "supply": _supply,
    "pay": _prefer("pay match", "pay coins"),
    "troop": _mover,
    "leader_back": _mover,
    "size": _size,
    "merge": _prefer("merge", "stay", "swap"),
    "accept": _prefer("accept"),
    "offer": _prefer("price 2"),
    "effect": _effect,
    "target": _target,
}
