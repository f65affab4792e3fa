"""Action A's orders (§A- Activar una ficha de orden): recruit, march, fortress, attack, train, taxes and
clone (buying a card is in market.py). Each order is a procedure with locals `r` (the role) and `prov`
(where the order was placed; None when a popularity square or a card lets the player act anywhere).
`feasible` says whether an order placed in a province would do anything, so that the turn only offers
orders that can be carried out."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.games.patria_libre import popularity
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD, FACES
from ludoteca.games.patria_libre.market import buyable
from ludoteca.games.patria_libre.popularity import Shift, blocked
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

AT = {p: ID[f"at {p}"] for p in BOARD.ids}
STAY, MERGE, SWAP = ID["stay"], ID["merge"], ID["swap"]
LIMIT = (0, BOARD.pieces["infantry"], BOARD.pieces["cavalry"], BOARD.pieces["artillery"])


class Order(TypedDict):
    """The locals of an order carried out (§A- Activar una orden): who, and the province it acts from."""

    r: str
    prov: str


class Recruit(Order):
    leader: NotRequired[bool]
    """Whether the leader moves in instead of a troop being recruited."""


class March(Order):
    mover: NotRequired[str]
    """What marches: ``"leader"`` or a troop."""
    size: NotRequired[int]
    dst: NotRequired[str]


class Attack(TypedDict):
    """An attack: from `prov`, or (a card's) from anywhere the player may (None); the targets found, the
    province chosen."""

    r: str
    prov: str | None
    options: NotRequired[list[list[str]]]
    q: NotRequired[str]


class Training(TypedDict):
    """Training: at `prov`, or (a card's) anywhere the player may (None), in `regions` if a card says so."""

    r: str
    prov: str | None
    regions: NotRequired[list[str] | None]


def pools_ok(state: PatriaState, r: str, gone: tuple[int, ...], new: tuple[int, ...]) -> bool:
    """Whether removing troops of levels `gone` and adding `new` keeps within the player's pieces."""
    for level in (1, 2, 3):
        if level in new and state.pieces(r, level) - gone.count(level) + new.count(level) > LIMIT[level]:
            return False
    return True


# ------------------------------------------------------------------------------------ recruit
def recruit_targets(state: PatriaState, r: str, prov: str) -> list[str]:
    """§Reclutar: the order's province or a neighbour (the ship included) where the player has no troop."""
    if not state.piece_free(r, 1):
        return []
    return [p for p in (prov, *BOARD.adjacent[prov]) if r not in state.d["troops"][p]]


def leader_back(state: PatriaState, r: str) -> bool:
    """§Capturas: a leader whose card is back in the owner's area returns with a recruit order."""
    card = BOARD.cards_by_leader.get(r)
    return state.d["leaders"].get(r, "") is None and card in state.d["area"][r]


recruit = PROCS.proc("recruit", rule="A-recruit", frame=Recruit)


@recruit.step()
def _recruit(state: PatriaState, frame: Recruit, action: int | None) -> None:
    r, prov = frame["r"], frame["prov"]
    options = [AT[p] for p in recruit_targets(state, r, prov)]
    if leader_back(state, r):
        state.decide(
            state.idx(r),
            "leader_back",
            [ID["move troop"], ID["move leader"]] if options else [ID["move leader"]],
            then="what",
            prompt="prompt.recruit_what",
        )
        return
    if not options:
        state.ret()
        return
    state.decide(state.idx(r), "at", options, then="placed", prompt="prompt.recruit")


@recruit.step("what")
def _recruit_what(state: PatriaState, frame: Recruit, action: int | None) -> None:
    frame["leader"] = action == ID["move leader"]
    places = (
        (frame["prov"], *BOARD.adjacent[frame["prov"]])
        if frame["leader"]
        else recruit_targets(state, frame["r"], frame["prov"])
    )
    state.decide(state.idx(frame["r"]), "at", [AT[p] for p in places], then="placed", prompt="prompt.recruit")


@recruit.step("placed")
def _recruit_placed(state: PatriaState, frame: Recruit, action: int) -> None:
    where = target(action)
    if frame.get("leader"):
        state.d["leaders"][frame["r"]] = where
        state.log("log.leader_returns", who=f"@role.{frame['r']}", prov=f"@province.{where}")
    else:
        state.d["troops"][where][frame["r"]] = 1
        state.log("log.recruit", who=f"@role.{frame['r']}", prov=f"@province.{where}")
    state.ret()


# -------------------------------------------------------------------------------------- march
def movers(state: PatriaState, r: str, prov: str) -> list[str]:
    """What can march from `prov`: the troop, the leader token, or both together."""
    troop = r in state.d["troops"][prov]
    leader = state.d["leaders"].get(r) == prov
    return [m for m, ok in (("troop", troop), ("leader", leader), ("both", troop and leader)) if ok]


def arrival(state: PatriaState, r: str, src: str, dst: str, size: int) -> list[int]:
    """How a troop of level `size` leaving `src` (whose own troop has level `level`) may end in `dst`:
    [STAY] if it is free, MERGE / SWAP with an own troop there (§Marchar), [] if not at all."""
    level = state.d["troops"][src].get(r, 0)
    here = state.d["troops"][dst].get(r, 0)
    rest = (level - size,) if level > size else ()
    if not here:
        return [STAY] if pools_ok(state, r, (level,), (*rest, size)) else []
    ways = []
    if size + here <= 3 and pools_ok(state, r, (level, here), (*rest, size + here)):
        ways.append(MERGE)
    if not rest and dst != src:
        ways.append(SWAP)
    return ways


def stops(state: PatriaState, r: str, prov: str) -> bool:
    """§Marchar, caballería: it stops at the ship and where an adversary's cavalry or artillery stands."""
    return prov == "barco" or any(
        lvl >= 2 for o, lvl in state.d["troops"][prov].items() if o in state.opponents(r)
    )


def destinations(state: PatriaState, r: str, src: str, size: int, leader_only: bool) -> list[str]:
    """First steps of a march: neighbours where the mover may end, or (cavalry) pass on towards one."""
    if leader_only:
        return list(BOARD.adjacent[src])
    result = []
    for q in BOARD.adjacent[src]:
        if arrival(state, r, src, q, size) or (
            size == 2
            and not stops(state, r, q)
            and any(arrival(state, r, src, q2, size) for q2 in BOARD.adjacent[q] if q2 != src)
        ):
            result.append(q)
    return result


def can_march(state: PatriaState, r: str, prov: str) -> bool:
    if blocked(state, r, "no_march"):
        return False
    level = state.d["troops"][prov].get(r, 0)
    if state.d["leaders"].get(r) == prov:
        return True
    return any(destinations(state, r, prov, k, False) for k in range(1, level + 1))


march = PROCS.proc("march", rule="A-march", frame=March)


@march.step()
def _march(state: PatriaState, frame: March, action: int | None) -> None:
    if frame["prov"] is None or not can_march(state, frame["r"], frame["prov"]):
        state.ret()
        return
    options = [ID[f"move {m}"] for m in movers(state, frame["r"], frame["prov"])]
    state.decide(state.idx(frame["r"]), "troop", options, then="mover", prompt="prompt.march_what")


@march.step("mover")
def _march_mover(state: PatriaState, frame: March, action: int) -> None:
    frame["mover"] = target(action)
    level = state.d["troops"][frame["prov"]].get(frame["r"], 0)
    if frame["mover"] == "leader":
        frame["size"] = 0
        _ask_dest(state, frame)
        return
    sizes = [
        ID[f"size {k}"]
        for k in range(1, level + 1)
        if destinations(state, frame["r"], frame["prov"], k, False)
    ]
    if len(sizes) == 1 and level == 1:
        frame["size"] = 1
        _ask_dest(state, frame)
        return
    state.decide(state.idx(frame["r"]), "size", sizes, then="sized", prompt="prompt.march_size")


@march.step("sized")
def _march_sized(state: PatriaState, frame: March, action: int) -> None:
    frame["size"] = int(target(action))
    _ask_dest(state, frame)


def _ask_dest(state: PatriaState, frame: March) -> None:
    options = destinations(state, frame["r"], frame["prov"], frame["size"], frame["mover"] == "leader")
    state.decide(
        state.idx(frame["r"]), "dest", [AT[q] for q in options], then="first", prompt="prompt.march_to"
    )


@march.step("first")
def _march_first(state: PatriaState, frame: March, action: int) -> None:
    frame["dst"] = target(action)
    r, src, size = frame["r"], frame["prov"], frame["size"]
    if frame["mover"] != "leader" and size == 2 and not stops(state, r, frame["dst"]):
        onward = [AT[q] for q in BOARD.adjacent[frame["dst"]] if q != src and arrival(state, r, src, q, size)]
        here = [STAY] if arrival(state, r, src, frame["dst"], size) else []
        if onward:
            state.decide(state.idx(r), "dest", [*here, *onward], then="second", prompt="prompt.march_on")
            return
    _arrive(state, frame)


@march.step("second")
def _march_second(state: PatriaState, frame: March, action: int) -> None:
    if action != STAY:
        frame["dst"] = target(action)
    _arrive(state, frame)


def _arrive(state: PatriaState, frame: March) -> None:
    if frame["mover"] == "leader":
        _finish(state, frame, STAY)
        return
    ways = arrival(state, frame["r"], frame["prov"], frame["dst"], frame["size"])
    if ways == [STAY] or len(ways) == 1:
        _finish(state, frame, ways[0])
        return
    state.decide(state.idx(frame["r"]), "merge", ways, then="joined", prompt="prompt.march_join")


@march.step("joined")
def _march_joined(state: PatriaState, frame: March, action: int) -> None:
    _finish(state, frame, action)


def _finish(state: PatriaState, frame: March, how: int) -> None:
    r, src, dst, size = frame["r"], frame["prov"], frame["dst"], frame["size"]
    troops = state.d["troops"]
    if frame["mover"] in ("troop", "both"):
        level = troops[src][r]
        if level > size:
            troops[src][r] = level - size
        else:
            del troops[src][r]
        here = troops[dst].get(r, 0)
        if how == MERGE:
            troops[dst][r] = here + size
        else:
            troops[dst][r] = size
            if how == SWAP:
                troops[src][r] = here
    if frame["mover"] in ("leader", "both"):
        state.d["leaders"][r] = dst
    state.log(
        "log.march",
        who=f"@role.{r}",
        src=f"@province.{src}",
        dst=f"@province.{dst}",
        mover=f"@mover.{frame['mover']}",
    )
    state.ret()


# ----------------------------------------------------------------------------------- fortress
def can_fortify(state: PatriaState, r: str, prov: str) -> bool:
    """§Fortaleza: one fort a province, twelve a game; force at least that of each adversary there."""
    fort = state.d["forts"].get(prov)
    if fort is None and state.d["forts_built"] >= BOARD.pieces["forts"]:
        return False
    if fort is not None and fort[0] == 2:
        return False
    mine = state.force(r, prov)
    return all(state.force(o, prov) <= mine for o in state.opponents(r))


fortress = PROCS.proc("fortress", rule="A-fortress", frame=Order)


@fortress.step()
def _fortress(state: PatriaState, frame: Order, action: int | None) -> None:
    r, prov = frame["r"], frame["prov"]
    if prov is None or not can_fortify(state, r, prov):
        state.ret()
        return
    fort = state.d["forts"].get(prov)
    if fort is None:
        state.d["forts"][prov] = [1, r]
        state.d["forts_built"] += 1
        state.log("log.fort_half", who=f"@role.{r}", prov=f"@province.{prov}")
    else:
        state.d["forts"][prov] = [2, r]
        state.log("log.fort_full", who=f"@role.{r}", prov=f"@province.{prov}")
    state.replace(popularity.gain, Shift(r=r, n=2))


# ------------------------------------------------------------------------------------- attack
def hits(state: PatriaState, r: str, prov: str | None) -> list[tuple[str, str, str]]:
    """§Atacar: (attacking province, attacked province, attacked player) — an adversary in the order's
    province, or in a neighbouring one for an artillery. With no province (a popularity square), any
    province where the player has a troop."""
    if blocked(state, r, "no_attack"):
        return []
    sources = [prov] if prov else [p for p, t in state.d["troops"].items() if r in t]
    rivals = state.opponents(r)
    result = []
    for src in sources:
        if not state.present(r, src):
            continue
        reach = (src, *BOARD.adjacent[src]) if state.d["troops"][src].get(r) == 3 else (src,)
        for q in reach:
            result += [(src, q, o) for o in rivals if state.present(o, q)]
    return result


attack = PROCS.proc("attack", rule="A-attack", frame=Attack)


@attack.step()
def _attack(state: PatriaState, frame: Attack, action: int | None) -> None:
    options = hits(state, frame["r"], frame["prov"])
    if not options:
        state.ret()
        return
    frame["options"] = [list(o) for o in options]
    places = sorted({q for _, q, _ in options})
    state.decide(
        state.idx(frame["r"]), "at", [AT[q] for q in places], then="where", prompt="prompt.attack_where"
    )


@attack.step("where")
def _attack_where(state: PatriaState, frame: Attack, action: int) -> None:
    frame["q"] = target(action)
    who = sorted({ID[f"target {o}"] for _, q, o in frame["options"] if q == frame["q"]})
    state.decide(state.idx(frame["r"]), "target", who, then="whom", prompt="prompt.attack_whom")


@attack.step("whom")
def _attack_whom(state: PatriaState, frame: Attack, action: int) -> None:
    r, q, o = frame["r"], frame["q"], target(action)
    src = next(s for s, qq, oo in frame["options"] if qq == q and oo == o)
    infamy = state.force(r, src) - state.force(o, q)
    dominated = state.dominates(r, BOARD.provinces[q].region)
    exempt = strike(state, r, q, o) or dominated
    if infamy > 0 and not exempt:
        state.log("log.infamy", who=f"@role.{r}", n=infamy)
        state.replace(popularity.lose, Shift(r=r, n=infamy))
    else:
        state.ret()


def strike(state: PatriaState, r: str, prov: str, o: str) -> bool:
    """One hit on player `o` in `prov` (§Atacar): a complete fort goes first, then the troop loses a level
    (artillery → cavalry → infantry → removed), the leader token last. Returns whether the hit removed a
    fort or captured a character or a leader — the cases without «mala fama»."""
    fort = state.d["forts"].get(prov)
    troops = state.d["troops"][prov]
    if fort and fort[0] == 2 and fort[1] == o:
        del state.d["forts"][prov]
        state.log("log.fort_falls", prov=f"@province.{prov}")
        return True
    if o in troops:
        troops[o] -= 1
        state.log("log.hit", who=f"@role.{o}", prov=f"@province.{prov}")
        if troops[o]:
            return False
        del troops[o]
        if state.d["leaders"].get(o) == prov:
            return False
        card = next(
            (
                c
                for who, _, c in state.d["placed"][prov]
                if who == o and c and BOARD.cards[c]["type"] == "character"
            ),
            None,
        )
        if card is None:
            return False
        capture(state, r, o, card)
        return True
    state.d["leaders"][o] = None
    card = BOARD.cards_by_leader.get(o)
    state.log("log.leader_captured", who=f"@role.{o}", by=f"@role.{r}")
    if card:
        capture(state, r, o, card)
    state.add_vp(o, -2)
    return True


def capture(state: PatriaState, r: str, o: str, card: str) -> None:
    """§Capturas: the attacker takes the card from the owner's area or from the owner's order on the map.
    A card the owner no longer holds — eliminated for a coin (§5-card limit: "cualquier carta") or already
    another's prisoner — cannot be taken: the leader token still falls (README, A15)."""
    held = card in state.d["area"][o]
    if held:
        state.d["area"][o].remove(card)
    for stack in state.d["placed"].values():
        for item in stack:
            if item[0] == o and item[2] == card:
                item[2], held = None, True
    if not held:
        return
    state.d["area"][r].append(card)
    state.d["captured_from"][card] = o
    state.log("log.captured", card=f"@card.{card}.name", by=f"@role.{r}")


# -------------------------------------------------------------------------------------- train
def trainable(state: PatriaState, r: str, prov: str | None, regions: list[str] | None = None) -> list[str]:
    """§Entrenar: provinces where the player's troop can rise a level within the pieces (4 cavalry, 2
    artillery); `regions` limits them by region icon (a card's restriction)."""
    places = [prov] if prov else BOARD.ids
    return [
        p
        for p in places
        if 0 < state.d["troops"][p].get(r, 0) < 3
        and state.piece_free(r, state.d["troops"][p][r] + 1)
        and (regions is None or BOARD.provinces[p].region in regions)
    ]


train = PROCS.proc("train", rule="A-train", frame=Training)


@train.step()
def _train(state: PatriaState, frame: Training, action: int | None) -> None:
    places = trainable(state, frame["r"], frame["prov"], frame.get("regions"))
    if not places:
        state.ret()
    elif frame["prov"]:
        _trained(state, frame, AT[places[0]])
    else:
        state.decide(state.idx(frame["r"]), "at", [AT[p] for p in places], then="done", prompt="prompt.train")


@train.step("done")
def _trained(state: PatriaState, frame: Training, action: int) -> None:
    prov = target(action)
    state.d["troops"][prov][frame["r"]] += 1
    state.log("log.train", who=f"@role.{frame['r']}", prov=f"@province.{prov}")
    state.ret()


# -------------------------------------------------------------------------------------- taxes
def can_tax(state: PatriaState, r: str, prov: str) -> bool:
    """§Impuestos / saqueo: in a shared province the player must be the strongest."""
    mine = state.force(r, prov)
    return all(state.force(o, prov) < mine for o in state.others(r) if state.present(o, prov))


taxes = PROCS.proc("taxes", rule="A-taxes", frame=Order)


@taxes.step()
def _taxes(state: PatriaState, frame: Order, action: int | None) -> None:
    r, prov = frame["r"], frame["prov"]
    if prov is None or not can_tax(state, r, prov):
        state.ret()
        return
    state.give(r, 3 if BOARD.provinces[prov].mine else 2)
    state.replace(popularity.lose, Shift(r=r, n=1))


# -------------------------------------------------------------------------------------- clone
clone = PROCS.proc("clone", rule="A-clone", frame=Order)


@clone.step()
def _clone(state: PatriaState, frame: Order, action: int | None) -> None:
    r, prov = frame["r"], frame["prov"]
    faces = [ID[f"face {x}"] for x in FACES if x != "clone" and feasible(state, r, x, prov)]
    if state.d["coins"][r] < 1 or not faces:
        state.ret()
        return
    state.decide(state.idx(r), "clone", faces, then="chosen", prompt="prompt.clone")


@clone.step("chosen")
def _clone_chosen(state: PatriaState, frame: Order, action: int) -> None:
    state.take(frame["r"], 1)
    state.log("log.clone", who=f"@role.{frame['r']}", face=f"@face.{target(action)}")
    state.replace(target(action), r=frame["r"], prov=frame["prov"])


# ------------------------------------------------------------------------------- feasibility
def feasible(state: PatriaState, r: str, face: str, prov: str) -> bool:
    """Whether the order `face` placed in `prov` would do something. Inside `state.still()` (a turn's
    menu, where the clone face and the cards' orders ask the same again) each answer is worked out once."""
    memo = state.memo()
    if memo is None:
        return FEASIBLE[face](state, r, prov)
    key = (r, face, "" if face == "buy" else prov)  # §Comprar carta: buying is the same anywhere
    known = memo.get(key)
    if known is None:
        known = memo[key] = FEASIBLE[face](state, r, prov)
    return bool(known)


def can_attack(state: PatriaState, r: str, prov: str) -> bool:
    """Whether `hits` would find anything from `prov` (§Atacar), stopping at the first adversary found."""
    if blocked(state, r, "no_attack") or not state.present(r, prov):
        return False
    troops, leaders = state.d["troops"], state.d["leaders"]
    reach = (prov, *BOARD.adjacent[prov]) if troops[prov].get(r) == 3 else (prov,)
    rivals = state.opponents(r)
    return any(o in troops[q] or leaders.get(o) == q for q in reach for o in rivals)


def _can_buy(state: PatriaState, r: str, prov: str) -> bool:
    return bool(buyable(state, r))


def _can_clone(state: PatriaState, r: str, prov: str) -> bool:
    """§Clonar orden: a coin to pay and another order that would do something here."""
    return state.d["coins"][r] >= 1 and any(feasible(state, r, x, prov) for x in FACES if x != "clone")


FEASIBLE: dict[str, Callable[[PatriaState, str, str], bool]] = {
    "recruit": lambda state, r, prov: bool(recruit_targets(state, r, prov) or leader_back(state, r)),
    "march": can_march,
    "fortress": can_fortify,
    "buy": _can_buy,
    "attack": can_attack,
    "train": lambda state, r, prov: bool(trainable(state, r, prov)),
    "taxes": can_tax,
    "clone": _can_clone,
}
"""Each face's test, by face: whether that order placed in a province would do something."""
