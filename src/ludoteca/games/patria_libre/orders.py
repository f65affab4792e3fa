"""Action A's orders (§A- Activar una ficha de orden): recruit, march, fortress, attack, train, taxes and
clone (buying a card is in market.py). Each order is a procedure with locals `r` (the role) and `prov`
(where the order was placed; None when a popularity square or a card lets the player act anywhere).
`feasible` says whether an order placed in a province would do anything, so that the turn only offers
orders that can be carried out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD, FACES
from ludoteca.games.patria_libre.popularity import blocked
from ludoteca.games.patria_libre.procs import PROCS
from ludoteca.games.patria_libre.seats import seat_decides

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState as St

A = int | None
AT = {p: ID[f"at {p}"] for p in BOARD.ids}
STAY, MERGE, SWAP = ID["stay"], ID["merge"], ID["swap"]
LIMIT = (0, BOARD.pieces["infantry"], BOARD.pieces["cavalry"], BOARD.pieces["artillery"])


def pools_ok(st: St, r: str, gone: tuple[int, ...], new: tuple[int, ...]) -> bool:
    """Whether removing troops of levels `gone` and adding `new` keeps within the player's pieces."""
    for level in (1, 2, 3):
        if level in new and st.pieces(r, level) - gone.count(level) + new.count(level) > LIMIT[level]:
            return False
    return True


# ------------------------------------------------------------------------------------ recruit
def recruit_targets(st: St, r: str, prov: str) -> list[str]:
    """§Reclutar: the order's province or a neighbour (the ship included) where the player has no troop."""
    if not st.piece_free(r, 1):
        return []
    return [p for p in (prov, *BOARD.adjacent[prov]) if r not in st.d["troops"][p]]


def leader_back(st: St, r: str) -> bool:
    """§Capturas: a leader whose card is back in the owner's area returns with a recruit order."""
    card = BOARD.cards_by_leader.get(r)
    return st.d["leaders"].get(r, "") is None and card in st.d["area"][r]


recruit = PROCS.proc("recruit", rule="A-recruit")


@recruit.step()
def _recruit(st: St, f: Frame, a: A) -> None:
    r, prov = f["r"], f["prov"]
    options = [AT[p] for p in recruit_targets(st, r, prov)]
    if leader_back(st, r):
        seat_decides(
            st,
            r,
            "troop",
            [ID["move troop"], ID["move leader"]] if options else [ID["move leader"]],
            "what",
            "prompt.recruit_what",
        )
        return
    if not options:
        st.ret()
        return
    seat_decides(st, r, "at", options, "placed", "prompt.recruit")


@recruit.step("what")
def _recruit_what(st: St, f: Frame, a: A) -> None:
    f["leader"] = a == ID["move leader"]
    places = (
        (f["prov"], *BOARD.adjacent[f["prov"]]) if f["leader"] else recruit_targets(st, f["r"], f["prov"])
    )
    seat_decides(st, f["r"], "at", [AT[p] for p in places], "placed", "prompt.recruit")


@recruit.step("placed")
def _recruit_placed(st: St, f: Frame, a: A) -> None:
    assert a is not None
    where = target(a)
    if f.get("leader"):
        st.d["leaders"][f["r"]] = where
        st.log("log.leader_returns", who=f"@role.{f['r']}", prov=f"@province.{where}")
    else:
        st.d["troops"][where][f["r"]] = 1
        st.log("log.recruit", who=f"@role.{f['r']}", prov=f"@province.{where}")
    st.ret()


# -------------------------------------------------------------------------------------- march
def movers(st: St, r: str, prov: str) -> list[str]:
    """What can march from `prov`: the troop, the leader token, or both together."""
    troop = r in st.d["troops"][prov]
    leader = st.d["leaders"].get(r) == prov
    return [m for m, ok in (("troop", troop), ("leader", leader), ("both", troop and leader)) if ok]


def arrival(st: St, r: str, src: str, dst: str, size: int) -> list[int]:
    """How a troop of level `size` leaving `src` (whose own troop has level `level`) may end in `dst`:
    [STAY] if it is free, MERGE / SWAP with an own troop there (§Marchar), [] if not at all."""
    level = st.d["troops"][src].get(r, 0)
    here = st.d["troops"][dst].get(r, 0)
    rest = (level - size,) if level > size else ()
    if not here:
        return [STAY] if pools_ok(st, r, (level,), (*rest, size)) else []
    ways = []
    if size + here <= 3 and pools_ok(st, r, (level, here), (*rest, size + here)):
        ways.append(MERGE)
    if not rest and dst != src:
        ways.append(SWAP)
    return ways


def stops(st: St, r: str, prov: str) -> bool:
    """§Marchar, caballería: it stops at the ship and where an adversary's cavalry or artillery stands."""
    return prov == "barco" or any(lvl >= 2 for o, lvl in st.d["troops"][prov].items() if o in st.opponents(r))


def destinations(st: St, r: str, src: str, size: int, leader_only: bool) -> list[str]:
    """First steps of a march: neighbours where the mover may end, or (cavalry) pass on towards one."""
    if leader_only:
        return list(BOARD.adjacent[src])
    result = []
    for q in BOARD.adjacent[src]:
        if arrival(st, r, src, q, size) or (
            size == 2
            and not stops(st, r, q)
            and any(arrival(st, r, src, q2, size) for q2 in BOARD.adjacent[q] if q2 != src)
        ):
            result.append(q)
    return result


def can_march(st: St, r: str, prov: str) -> bool:
    if blocked(st, r, "no_march"):
        return False
    level = st.d["troops"][prov].get(r, 0)
    if st.d["leaders"].get(r) == prov:
        return True
    return any(destinations(st, r, prov, k, False) for k in range(1, level + 1))


march = PROCS.proc("march", rule="A-march")


@march.step()
def _march(st: St, f: Frame, a: A) -> None:
    if f["prov"] is None or not can_march(st, f["r"], f["prov"]):
        st.ret()
        return
    options = [ID[f"move {m}"] for m in movers(st, f["r"], f["prov"])]
    seat_decides(st, f["r"], "troop", options, "mover", "prompt.march_what")


@march.step("mover")
def _march_mover(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["mover"] = target(a)
    level = st.d["troops"][f["prov"]].get(f["r"], 0)
    if f["mover"] == "leader":
        f["size"] = 0
        _ask_dest(st, f)
        return
    sizes = [ID[f"size {k}"] for k in range(1, level + 1) if destinations(st, f["r"], f["prov"], k, False)]
    if len(sizes) == 1 and level == 1:
        f["size"] = 1
        _ask_dest(st, f)
        return
    seat_decides(st, f["r"], "size", sizes, "sized", "prompt.march_size")


@march.step("sized")
def _march_sized(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["size"] = int(target(a))
    _ask_dest(st, f)


def _ask_dest(st: St, f: Frame) -> None:
    options = destinations(st, f["r"], f["prov"], f["size"], f["mover"] == "leader")
    seat_decides(st, f["r"], "dest", [AT[q] for q in options], "first", "prompt.march_to")


@march.step("first")
def _march_first(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["dst"] = target(a)
    r, src, size = f["r"], f["prov"], f["size"]
    if f["mover"] != "leader" and size == 2 and not stops(st, r, f["dst"]):
        onward = [AT[q] for q in BOARD.adjacent[f["dst"]] if q != src and arrival(st, r, src, q, size)]
        here = [STAY] if arrival(st, r, src, f["dst"], size) else []
        if onward:
            seat_decides(st, r, "dest", [*here, *onward], "second", "prompt.march_on")
            return
    _arrive(st, f)


@march.step("second")
def _march_second(st: St, f: Frame, a: A) -> None:
    if a != STAY:
        assert a is not None
        f["dst"] = target(a)
    _arrive(st, f)


def _arrive(st: St, f: Frame) -> None:
    if f["mover"] == "leader":
        _finish(st, f, STAY)
        return
    ways = arrival(st, f["r"], f["prov"], f["dst"], f["size"])
    if ways == [STAY] or len(ways) == 1:
        _finish(st, f, ways[0])
        return
    seat_decides(st, f["r"], "merge", ways, "joined", "prompt.march_join")


@march.step("joined")
def _march_joined(st: St, f: Frame, a: A) -> None:
    assert a is not None
    _finish(st, f, a)


def _finish(st: St, f: Frame, how: int) -> None:
    r, src, dst, size = f["r"], f["prov"], f["dst"], f["size"]
    troops = st.d["troops"]
    if f["mover"] in ("troop", "both"):
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
    if f["mover"] in ("leader", "both"):
        st.d["leaders"][r] = dst
    st.log(
        "log.march",
        who=f"@role.{r}",
        src=f"@province.{src}",
        dst=f"@province.{dst}",
        mover=f"@mover.{f['mover']}",
    )
    st.ret()


# ----------------------------------------------------------------------------------- fortress
def can_fortify(st: St, r: str, prov: str) -> bool:
    """§Fortaleza: one fort a province, twelve a game; force at least that of each adversary there."""
    fort = st.d["forts"].get(prov)
    if fort is None and st.d["forts_built"] >= BOARD.pieces["forts"]:
        return False
    if fort is not None and fort[0] == 2:
        return False
    mine = st.force(r, prov)
    return all(st.force(o, prov) <= mine for o in st.opponents(r))


fortress = PROCS.proc("fortress", rule="A-fortress")


@fortress.step()
def _fortress(st: St, f: Frame, a: A) -> None:
    r, prov = f["r"], f["prov"]
    if prov is None or not can_fortify(st, r, prov):
        st.ret()
        return
    fort = st.d["forts"].get(prov)
    if fort is None:
        st.d["forts"][prov] = [1, r]
        st.d["forts_built"] += 1
        st.log("log.fort_half", who=f"@role.{r}", prov=f"@province.{prov}")
    else:
        st.d["forts"][prov] = [2, r]
        st.log("log.fort_full", who=f"@role.{r}", prov=f"@province.{prov}")
    st.replace("gain", r=r, n=2)


# ------------------------------------------------------------------------------------- attack
def hits(st: St, r: str, prov: str | None) -> list[tuple[str, str, str]]:
    """§Atacar: (attacking province, attacked province, attacked player) — an adversary in the order's
    province, or in a neighbouring one for an artillery. With no province (a popularity square), any
    province where the player has a troop."""
    if blocked(st, r, "no_attack"):
        return []
    sources = [prov] if prov else [p for p, t in st.d["troops"].items() if r in t]
    result = []
    for src in sources:
        if not st.present(r, src):
            continue
        reach = (src, *BOARD.adjacent[src]) if st.d["troops"][src].get(r) == 3 else (src,)
        for q in reach:
            result += [(src, q, o) for o in st.opponents(r) if st.present(o, q)]
    return result


attack = PROCS.proc("attack", rule="A-attack")


@attack.step()
def _attack(st: St, f: Frame, a: A) -> None:
    options = hits(st, f["r"], f["prov"])
    if not options:
        st.ret()
        return
    f["options"] = [list(o) for o in options]
    places = sorted({q for _, q, _ in options})
    seat_decides(st, f["r"], "at", [AT[q] for q in places], "where", "prompt.attack_where")


@attack.step("where")
def _attack_where(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["q"] = target(a)
    who = sorted({ID[f"target {o}"] for _, q, o in f["options"] if q == f["q"]})
    seat_decides(st, f["r"], "target", who, "whom", "prompt.attack_whom")


@attack.step("whom")
def _attack_whom(st: St, f: Frame, a: A) -> None:
    assert a is not None
    r, q, o = f["r"], f["q"], target(a)
    src = next(s for s, qq, oo in f["options"] if qq == q and oo == o)
    infamy = st.force(r, src) - st.force(o, q)
    dominated = st.dominates(r, BOARD.provinces[q].region)
    exempt = strike(st, r, q, o) or dominated
    if infamy > 0 and not exempt:
        st.log("log.infamy", who=f"@role.{r}", n=infamy)
        st.replace("lose", r=r, n=infamy)
    else:
        st.ret()


def strike(st: St, r: str, prov: str, o: str) -> bool:
    """One hit on player `o` in `prov` (§Atacar): a complete fort goes first, then the troop loses a level
    (artillery → cavalry → infantry → removed), the leader token last. Returns whether the hit removed a
    fort or captured a character or a leader — the cases without «mala fama»."""
    fort = st.d["forts"].get(prov)
    troops = st.d["troops"][prov]
    if fort and fort[0] == 2 and fort[1] == o:
        del st.d["forts"][prov]
        st.log("log.fort_falls", prov=f"@province.{prov}")
        return True
    if o in troops:
        troops[o] -= 1
        st.log("log.hit", who=f"@role.{o}", prov=f"@province.{prov}")
        if troops[o]:
            return False
        del troops[o]
        if st.d["leaders"].get(o) == prov:
            return False
        card = next(
            (
                c
                for who, _, c in st.d["placed"][prov]
                if who == o and c and BOARD.cards[c]["type"] == "character"
            ),
            None,
        )
        if card is None:
            return False
        capture(st, r, o, card)
        return True
    st.d["leaders"][o] = None
    card = BOARD.cards_by_leader.get(o)
    st.log("log.leader_captured", who=f"@role.{o}", by=f"@role.{r}")
    if card:
        capture(st, r, o, card)
    st.add_vp(o, -2)
    return True


def capture(st: St, r: str, o: str, card: str) -> None:
    """§Capturas: the attacker takes the card from the owner's area or from the owner's order on the map.
    A card the owner no longer holds — eliminated for a coin (§5-card limit: "cualquier carta") or already
    another's prisoner — cannot be taken: the leader token still falls (README, A15)."""
    held = card in st.d["area"][o]
    if held:
        st.d["area"][o].remove(card)
    for stack in st.d["placed"].values():
        for item in stack:
            if item[0] == o and item[2] == card:
                item[2], held = None, True
    if not held:
        return
    st.d["area"][r].append(card)
    st.d["captured_from"][card] = o
    st.log("log.captured", card=f"@card.{card}.name", by=f"@role.{r}")


# -------------------------------------------------------------------------------------- train
def trainable(st: St, r: str, prov: str | None, regions: list[str] | None = None) -> list[str]:
    """§Entrenar: provinces where the player's troop can rise a level within the pieces (4 cavalry, 2
    artillery); `regions` limits them by region icon (a card's restriction)."""
    places = [prov] if prov else BOARD.ids
    return [
        p
        for p in places
        if 0 < st.d["troops"][p].get(r, 0) < 3
        and st.piece_free(r, st.d["troops"][p][r] + 1)
        and (regions is None or BOARD.provinces[p].region in regions)
    ]


train = PROCS.proc("train", rule="A-train")


@train.step()
def _train(st: St, f: Frame, a: A) -> None:
    places = trainable(st, f["r"], f["prov"], f.get("regions"))
    if not places:
        st.ret()
    elif f["prov"]:
        _trained(st, f, AT[places[0]])
    else:
        seat_decides(st, f["r"], "at", [AT[p] for p in places], "done", "prompt.train")


@train.step("done")
def _trained(st: St, f: Frame, a: A) -> None:
    assert a is not None
    prov = target(a)
    st.d["troops"][prov][f["r"]] += 1
    st.log("log.train", who=f"@role.{f['r']}", prov=f"@province.{prov}")
    st.ret()


# -------------------------------------------------------------------------------------- taxes
def can_tax(st: St, r: str, prov: str) -> bool:
    """§Impuestos / saqueo: in a shared province the player must be the strongest."""
    mine = st.force(r, prov)
    return all(st.force(o, prov) < mine for o in st.others(r) if st.present(o, prov))


taxes = PROCS.proc("taxes", rule="A-taxes")


@taxes.step()
def _taxes(st: St, f: Frame, a: A) -> None:
    r, prov = f["r"], f["prov"]
    if prov is None or not can_tax(st, r, prov):
        st.ret()
        return
    st.give(r, 3 if BOARD.provinces[prov].mine else 2)
    st.replace("lose", r=r, n=1)


# -------------------------------------------------------------------------------------- clone
clone = PROCS.proc("clone", rule="A-clone")


@clone.step()
def _clone(st: St, f: Frame, a: A) -> None:
    r, prov = f["r"], f["prov"]
    faces = [ID[f"face {x}"] for x in FACES if x != "clone" and feasible(st, r, x, prov)]
    if st.d["coins"][r] < 1 or not faces:
        st.ret()
        return
    seat_decides(st, r, "face", faces, "chosen", "prompt.clone")


@clone.step("chosen")
def _clone_chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    st.take(f["r"], 1)
    st.log("log.clone", who=f"@role.{f['r']}", face=f"@face.{target(a)}")
    st.replace(target(a), r=f["r"], prov=f["prov"])


# ------------------------------------------------------------------------------- feasibility
def feasible(st: St, r: str, face: str, prov: str) -> bool:
    """Whether the order `face` placed in `prov` would do something."""
    from ludoteca.games.patria_libre.market import buyable

    if face == "recruit":
        return bool(recruit_targets(st, r, prov)) or leader_back(st, r)
    if face == "march":
        return can_march(st, r, prov)
    if face == "fortress":
        return can_fortify(st, r, prov)
    if face == "buy":
        return bool(buyable(st, r))
    if face == "attack":
        return bool(hits(st, r, prov))
    if face == "train":
        return bool(trainable(st, r, prov))
    if face == "taxes":
        return can_tax(st, r, prov)
    return st.d["coins"][r] >= 1 and any(feasible(st, r, x, prov) for x in FACES if x != "clone")
