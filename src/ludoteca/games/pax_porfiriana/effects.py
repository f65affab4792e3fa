"""The effect vocabulary of the cards (`cards.EFFECT_KINDS`, README §3), one procedure per kind on
`procs.EFFECTS`. Every effect receives the card's context: `p` the player who plays or buys it, `victim`
(a player) and `on` (an enterprise) where the card has them, and its own fields. `scope = "all"` means
every player from `p`'s left, clockwise, ending with `p` (§TITULARES), or every matching card in play.
Standing abilities (`extra_action`, `discount`, `deploy_anywhere`, `immune`, `prestige_cubes`) are read
where their rule applies (state.py); run as an effect they do nothing. Strife (§ENFRENTAMIENTOS) is here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame, Procedure
from ludoteca.games.pax_porfiriana.actions import ID, target
from ludoteca.games.pax_porfiriana.cards import CARDS, EFFECT_KINDS, HACENDADOS, PUBLIC_CARDS, REGIMES
from ludoteca.games.pax_porfiriana.economy import adjust_mines
from ludoteca.games.pax_porfiriana.market import slots, take
from ludoteca.games.pax_porfiriana.play import jail, partners
from ludoteca.games.pax_porfiriana.position import InPlay
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS
from ludoteca.games.pax_porfiriana.troops import discard_troop, lose_income, remove_enterprise

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState as St

A = int | None


def who(p: int) -> str:
    return f"@role.jugador-{p + 1}"


def players(st: St, f: Frame) -> list[int]:
    """The players an effect reaches: everyone from `p`'s left (scope all), `p` (self), the victim."""
    scope = f.get("scope", "target")
    if scope == "all":
        return [q for q in st.clockwise(f["pl"], include=True) if q in st.humans()]
    if scope == "self":
        return [f["pl"]] if f["pl"] in st.humans() else []
    return [f["victim"]] if f.get("victim") in st.humans() else []


def matching(st: St, f: Frame) -> list[tuple[int, InPlay]]:
    """The enterprises an effect reaches: the target (scope target), or every one in play of the players
    it reaches, filtered by `jurisdiction` and `enterprise` kind."""
    if f.get("scope", "target") == "target" and f.get("on"):
        found = st.find(f["on"])
        return [] if found is None else [found]
    reach = set(players(st, f))
    out = []
    for owner, e in st.enterprises():
        c = CARDS[e["id"]]
        if (
            owner in reach
            and f.get("jurisdiction") in (None, c.jurisdiction)
            and f.get("enterprise") in (None, c.kind)
        ):
            out.append((owner, e))
    return out


def count(st: St, q: int, per: str | None, jurisdiction: str | None) -> int:
    """How many of player `q`'s cards in play are of kind `per` (an enterprise kind, or a type)."""
    if per is None:
        return 1
    if per == "troop":
        return len(st.troops_of(q))
    n = 0
    for e in st.d["play"][q]:
        if e["id"] not in CARDS:
            continue
        c = CARDS[e["id"]]
        if jurisdiction not in (None, c.jurisdiction):
            continue
        n += int(per in (c.type, c.kind))
    return n


def kind(name: str, rule: str) -> Procedure:
    return EFFECTS.kind(name, rule)


# ------------------------------------------------------------------------- unrest, calm, cubes
@kind("unrest", "CARTA NARANJA").step()
def _unrest(st: St, f: Frame, a: A) -> None:
    for _, e in matching(st, f):
        e["unrest"] += f["n"]
        st.log("log.unrest", on=f"@card.{e['id']}.name", n=f["n"])
    st.ret()


@kind("calm", "POLICÍA").step()
def _calm(st: St, f: Frame, a: A) -> None:
    """Remove up to `n` unrest disks: from each matching enterprise (all), or from one's own, in row
    order, `n` in all (self)."""
    left = f["n"]
    for _, e in matching(st, f):
        took = min(e["unrest"], left)
        e["unrest"] -= took
        if f.get("scope") == "self":
            left -= took
    st.ret()


@kind("income_cubes", "IV").step()
def _income_cubes(st: St, f: Frame, a: A) -> None:
    """Add Income cubes up to what the card may carry, or remove them (the Extortion cube last: its loss
    loots the enterprise)."""
    from ludoteca.games.pax_porfiriana.play import income_cap

    f.setdefault("todo", [[o, e["id"]] for o, e in matching(st, f)])
    while f["todo"]:
        owner, card = f["todo"].pop(0)
        found = st.find(card)
        if found is None:
            continue
        e = found[1]
        if f["n"] > 0:
            e["income"] += max(0, min(f["n"], income_cap(st, card) - e["income"], st.cubes_free(owner)))
        elif lose_income(st, e, -f["n"]):
            assert e["troop"] is not None
            st.call("loot", then="start", owner=owner, card=card, troop_owner=e["troop"]["owner"])
            return
    st.ret()


# --------------------------------------------------------------------------------------- gold
@kind("steal", "CARTA NARANJA").step()
def _steal(st: St, f: Frame, a: A) -> None:
    """Take up to `n` gold from the victim («tantas como se pueda»)."""
    victim = f.get("victim")
    if victim is not None and victim in st.humans():
        got = st.pay(victim, f["n"])
        if f["pl"] in st.humans():
            st.gain(f["pl"], got)
        st.log("log.steal", who=who(victim), n=got)
    st.ret()


@kind("gold", "IV").step()
def _gold(st: St, f: Frame, a: A) -> None:
    for q in players(st, f):
        n = f["n"] * count(st, q, f.get("per"), f.get("jurisdiction"))
        if n:
            st.gain(q, n)
            st.log("log.gain", who=who(q), n=n)
    st.ret()


@kind("pay", "IV").step()
def _pay(st: St, f: Frame, a: A) -> None:
    for q in players(st, f):
        n = st.pay(q, f["n"] * count(st, q, f.get("per"), f.get("jurisdiction")))
        if n:
            st.log("log.lose", who=who(q), n=n)
    st.ret()


# -------------------------------------------------------------------------------------- regime
@kind("regime", "TITULARES").step()
def _regime(st: St, f: Frame, a: A) -> None:
    if f.get("from") is None or st.d["regime"] in f["from"]:
        change_regime(st, f["to"])
    st.ret()


def change_regime(st: St, to: str) -> None:
    """A new regime: Prestige cubes leave every card when it is not the Pax (§CUBOS DE PRESTIGIO; they
    do not come back on the Pax's return, ambiguity 9), and mines and banks follow it."""
    if st.d["regime"] == to:
        return
    st.d["regime"] = to
    st.log("log.regime", regime=f"@regime.{to}")
    if not any(e.kind == "prestige_cubes" for e in REGIMES[to].effects):
        for q in range(st.n):
            for e in st.d["play"][q]:
                e["pcube"] = False
    adjust_mines(st)


# ------------------------------------------------------------------------------ discarding cards
@kind("discard_troops", "TITULARES").step()
def _discard_troops(st: St, f: Frame, a: A) -> None:
    """Every troop of the faction leaves: from the hands and from play."""
    for q in range(st.n):
        for card in [
            c for c in st.d["hands"][q] if CARDS[c].type == "troop" and CARDS[c].faction == f["faction"]
        ]:
            st.d["hands"][q].remove(card)
            st.d["discard"].append(card)
        for troop in st.troops_of(q):
            if CARDS[troop].faction == f["faction"]:
                discard_troop(st, troop)
    st.log("log.troops_home", faction=f"@faction.{f['faction']}")
    st.ret()


def discard_in_play(st: St, card: str, then: str) -> None:
    """Discard a card from play: a troop from where it stands; an enterprise (its troop retreats) or a
    partner from its row. The caller continues at `then`."""
    if CARDS[card].type == "troop":
        discard_troop(st, card)
        st.goto(then)
        return
    found = st.find(card)
    if found is None:
        st.goto(then)
        return
    owner, e = found
    st.d["discard"].append(card)
    troop_owner = e["troop"]["owner"] if e["troop"] else -1
    troop = remove_enterprise(st, owner, card)
    if troop is None:
        st.goto(then)
        return
    st.call("retreat", then=then, pl=troop_owner, card=troop)


nationalize = kind("nationalize", "CARTA NEGRA")


@nationalize.step()
def _nationalize(st: St, f: Frame, a: A) -> None:
    """«Nacionalizar = Descartar»: each player reached discards `n` matching cards of their row, of their
    own choice."""
    f.setdefault("todo", [q for q in players(st, f) for _ in range(f["n"])])
    while f["todo"]:
        q = f["todo"][0]
        cards = [
            e["id"]
            for e in st.d["play"][q]
            if e["id"] in CARDS
            and CARDS[e["id"]].type == f["type"]
            and f.get("enterprise") in (None, CARDS[e["id"]].kind)
            and f.get("jurisdiction") in (None, CARDS[e["id"]].jurisdiction)
        ]
        if cards:
            st.decide(
                q,
                "nationalize",
                [ID[f"discard {c}"] for c in cards],
                then="chosen",
                prompt="prompt.nationalize",
            )
            return
        f["todo"].pop(0)
    st.ret()


@nationalize.step("chosen")
def _nationalized(st: St, f: Frame, a: A) -> None:
    assert a is not None
    f["todo"].pop(0)
    st.log("log.nationalized", card=f"@card.{target(a)}.name")
    discard_in_play(st, target(a), then="start")


assassinate = kind("assassinate", "CARTA NEGRA")


@assassinate.step()
def _assassinate(st: St, f: Frame, a: A) -> None:
    """A partner of the victim, chosen by the player, is discarded."""
    victim = f.get("victim")
    options = [ID[f"on {c}"] for c in partners(st, victim)] if victim in st.humans() else []
    if not options:
        st.ret()
        return
    st.decide(f["pl"], "assassinate", options, then="chosen", prompt="prompt.assassinate")


@assassinate.step("chosen")
def _assassinated(st: St, f: Frame, a: A) -> None:
    assert a is not None
    st.log("log.assassinated", card=f"@card.{target(a)}.name")
    discard_in_play(st, target(a), then="done")


@assassinate.step("done")
def _assassinate_done(st: St, f: Frame, a: A) -> None:
    st.ret()


@kind("jail", "ENCARCELADO").step()
def _jail(st: St, f: Frame, a: A) -> None:
    for q in players(st, f):
        jail(st, q)
    st.ret()


@kind("market_discard", "III").step()
def _market_discard(st: St, f: Frame, a: A) -> None:
    for _, _, card in slots(st):
        if card in CARDS and CARDS[card].type == f["type"]:
            take(st, card)
            st.d["discard"].append(card)
            st.log("log.discarded", card=f"@card.{card}.name")
    st.ret()


@kind("topple_strength", "DERROCANDO 3.b").step()
def _topple_strength(st: St, f: Frame, a: A) -> None:
    """Díaz's strength changes for everyone during this Topple."""
    st.d["mod"] += f["n"]
    st.log("log.strength", n=f["n"])
    st.ret()


for _standing in ("extra_action", "discount", "deploy_anywhere", "immune", "prestige_cubes"):
    EFFECTS.kind(_standing, "JUGAR CARTA").step()(lambda st, f, a: st.ret())


# ---------------------------------------------------------------------------------------- strife
strife = kind("strife", "ENFRENTAMIENTOS")


def faction_cards(st: St, q: int, faction: str) -> list[str]:
    """Player `q`'s cards in play of `faction`: partners of its row and troops."""
    row = [e["id"] for e in st.d["play"][q] if e["id"] in CARDS and CARDS[e["id"]].faction == faction]
    return row + [t for t in st.troops_of(q) if CARDS[t].faction == faction]


def forced(st: St, q: int, factions: list[str]) -> str | None:
    """The faction a player with a flipped Hacendado must keep, if it is one of the two."""
    hac = st.d["hac"][q]
    if hac["side"] < 0 or not hac["id"]:
        return None
    mine = HACENDADOS[hac["id"]].orientations[hac["side"]].faction
    return mine if mine in factions else None


@strife.step()
def _strife(st: St, f: Frame, a: A) -> None:
    """Every player discards all their cards in play of one of the two factions (the other one than their
    flipped Hacendado's, if it is one of them); whoever caused it may play neither faction this turn."""
    factions = list(f["factions"])
    if "todo" not in f:
        f["todo"] = [q for q in st.clockwise(f["pl"], include=True) if q in st.humans()]
        st.d["banned"] = sorted({*st.d["banned"], *factions})
        st.log("log.strife", a=f"@faction.{factions[0]}", b=f"@faction.{factions[1]}")
    while f["todo"]:
        q = f["todo"][0]
        keep = forced(st, q, factions)
        having = [x for x in factions if faction_cards(st, q, x)]
        if keep is not None:
            lose = next(x for x in factions if x != keep)
        elif len(having) == 2:
            st.decide(
                q, "strife", [ID[f"faction {x}"] for x in factions], then="chosen", prompt="prompt.strife"
            )
            return
        else:
            lose = next(x for x in factions if x not in having)
        f["todo"].pop(0)
        f["gone"] = faction_cards(st, q, lose)
        st.goto("discard")
        return
    st.ret()


@strife.step("chosen")
def _strife_chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    q = f["todo"].pop(0)
    f["gone"] = faction_cards(st, q, target(a))
    st.goto("discard")


@strife.step("discard")
def _strife_discard(st: St, f: Frame, a: A) -> None:
    if not f["gone"]:
        st.goto("start")
        return
    card = f["gone"].pop(0)
    st.log("log.discarded", card=f"@card.{card}.name")
    discard_in_play(st, card, then="discard")


def check_vocabulary() -> None:
    """Every kind of the data has its procedure, and every card's effects name one (`EffectKinds.check`)."""
    assert {n[7:] for n in PROCS.by_name if n.startswith("effect.")} == set(EFFECT_KINDS)
    for c in CARDS.values():
        EFFECTS.check([e.as_dict() for e in c.effects], c.id)
    for pc in PUBLIC_CARDS.values():
        EFFECTS.check([e.as_dict() for e in pc.effects], pc.id)


check_vocabulary()
