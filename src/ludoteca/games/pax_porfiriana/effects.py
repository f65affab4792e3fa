"""The effect vocabulary of the cards (`cards.EFFECT_KINDS`, README §3), one procedure per kind on
`procs.EFFECTS`. Every effect receives the card's context: `p` the player who plays or buys it, `victim`
(a player) and `on` (an enterprise) where the card has them, and its own fields. `scope = "all"` means
every player from `p`'s left, clockwise, ending with `p` (§TITULARES), or every matching card in play.
Standing abilities (`extra_action`, `discount`, `deploy_anywhere`, `immune`, `prestige_cubes`) are read
where their rule applies (state.py); run as an effect they do nothing. Strife (§ENFRENTAMIENTOS) is here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.core.procedure import F, Procedure
from ludoteca.games.pax_porfiriana.actions import ID, target
from ludoteca.games.pax_porfiriana.board import CARDS, EFFECT_KINDS, HACENDADOS, PUBLIC_CARDS, REGIMES
from ludoteca.games.pax_porfiriana.economy import adjust_mines
from ludoteca.games.pax_porfiriana.market import slots, take
from ludoteca.games.pax_porfiriana.play import jail, partners
from ludoteca.games.pax_porfiriana.position import CardAction, InPlay
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS
from ludoteca.games.pax_porfiriana.troops import (
    Loot,
    Retreats,
    discard_troop,
    loot,
    lose_income,
    remove_enterprise,
    retreat,
    retreats,
)

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState

A = int | None


# ------------------------------------------------------------------------------------ the frames
class Context(TypedDict):
    """The locals every effect receives: the run's context (`EFFECTS.run`: the player who plays or buys
    the card, the card — ``""`` for a standing income ability — and its victim and enterprise where it has
    them), then the effect's `kind`, `when` and its place in the card's list (`effect`)."""

    pl: int
    card: str
    victim: NotRequired[int]
    on: NotRequired[str]
    kind: str
    when: str
    effect: int


class Reach(Context):
    """An effect that reaches players or enterprises (`players`, `matching`): `scope` (target by
    default), and the `jurisdiction` and `enterprise` kind the enterprises it reaches must have."""

    scope: NotRequired[str]
    jurisdiction: NotRequired[str]
    enterprise: NotRequired[str]


class Amount(Reach):
    """An effect of `n` (disks, gold, cubes), times the cards of kind `per` of each player reached."""

    n: int
    per: NotRequired[str]


class IncomeCubes(Amount):
    """`income_cubes`: the enterprises still to change, each as [its owner's seat, the card]."""

    todo: NotRequired[list[list[int | str]]]


class Number(Context):
    """An effect of `n` alone: gold stolen from the victim, Díaz's strength in a Topple."""

    n: int


_From = TypedDict("_From", {"from": NotRequired[list[str]]})
"""The key that Python reserves as a word: the regimes a `regime` effect changes (any, without it)."""


class RegimeChange(Context, _From):
    """`regime`: the regime it brings `to`."""

    to: str


class FactionTroops(Context):
    """`discard_troops`: the faction whose troops leave."""

    faction: str


class CardType(Context):
    """`market_discard`: the type of the market cards discarded."""

    type: str


class Nationalization(Reach):
    """`nationalize`: `n` cards of `type` each player reached discards; the players still to choose, one
    entry per card."""

    n: int
    type: str
    todo: NotRequired[list[int]]


class Assassination(Context):
    """`assassinate`: what it kills (the data's only target: a partner)."""

    target: str


class Strife(Context):
    """`strife`: the two factions; the players still to choose, and the cards the one choosing now
    discards."""

    factions: list[str]
    todo: NotRequired[list[int]]
    gone: NotRequired[list[str]]


def who(p: int) -> str:
    return f"@role.jugador-{p + 1}"


def players(state: PaxState, frame: Reach) -> list[int]:
    """The players an effect reaches: everyone from `p`'s left (scope all), `p` (self), the victim."""
    scope = frame.get("scope", "target")
    if scope == "all":
        return [q for q in state.clockwise(frame["pl"], include=True) if q in state.humans()]
    if scope == "self":
        return [frame["pl"]] if frame["pl"] in state.humans() else []
    return [frame["victim"]] if frame.get("victim") in state.humans() else []


def matching(state: PaxState, frame: Reach) -> list[tuple[int, InPlay]]:
    """The enterprises an effect reaches: the target (scope target), or every one in play of the players
    it reaches, filtered by `jurisdiction` and `enterprise` kind."""
    if frame.get("scope", "target") == "target" and frame.get("on"):
        found = state.find(frame["on"])
        return [] if found is None else [found]
    reach = set(players(state, frame))
    out = []
    for owner, e in state.enterprises():
        c = CARDS[e["id"]]
        if (
            owner in reach
            and frame.get("jurisdiction") in (None, c.jurisdiction)
            and frame.get("enterprise") in (None, c.kind)
        ):
            out.append((owner, e))
    return out


def count(state: PaxState, q: int, per: str | None, jurisdiction: str | None) -> int:
    """How many of player `q`'s cards in play are of kind `per` (an enterprise kind, or a type)."""
    if per is None:
        return 1
    if per == "troop":
        return len(state.troops_of(q))
    n = 0
    for e in state.d["play"][q]:
        if e["id"] not in CARDS:
            continue
        c = CARDS[e["id"]]
        if jurisdiction not in (None, c.jurisdiction):
            continue
        n += int(per in (c.type, c.kind))
    return n


def kind(name: str, rule: str, frame: type[F]) -> Procedure[F]:
    """The procedure of effect kind `name`, its locals typed by `frame`."""
    return EFFECTS.kind(name, rule, frame=frame)


# ------------------------------------------------------------------------- unrest, calm, cubes
@kind("unrest", "orange", Amount).step()
def _unrest(state: PaxState, frame: Amount, action: A) -> None:
    for _, e in matching(state, frame):
        e["unrest"] += frame["n"]
        state.log("log.unrest", on=f"@card.{e['id']}.name", n=frame["n"])
    state.ret()


@kind("calm", "police", Amount).step()
def _calm(state: PaxState, frame: Amount, action: A) -> None:
    """Remove up to `n` unrest disks: from each matching enterprise (all), or from one's own, in row
    order, `n` in all (self)."""
    left = frame["n"]
    for _, e in matching(state, frame):
        took = min(e["unrest"], left)
        e["unrest"] -= took
        if frame.get("scope") == "self":
            left -= took
    state.ret()


@kind("income_cubes", "IV", IncomeCubes).step()
def _income_cubes(state: PaxState, frame: IncomeCubes, action: A) -> None:
    """Add Income cubes up to what the card may carry, or remove them (the Extortion cube last: its loss
    loots the enterprise)."""
    from ludoteca.games.pax_porfiriana.play import income_cap

    frame.setdefault("todo", [[o, e["id"]] for o, e in matching(state, frame)])
    while frame["todo"]:
        entry = frame["todo"].pop(0)
        owner, card = int(entry[0]), str(entry[1])
        found = state.find(card)
        if found is None:
            continue
        e = found[1]
        if frame["n"] > 0:
            e["income"] += max(
                0, min(frame["n"], income_cap(state, card) - e["income"], state.cubes_free(owner))
            )
        elif lose_income(state, e, -frame["n"]):
            assert e["troop"] is not None
            state.call(loot, Loot(owner=owner, card=card, troop_owner=e["troop"]["owner"]), then="start")
            return
    state.ret()


# --------------------------------------------------------------------------------------- gold
@kind("steal", "orange", Number).step()
def _steal(state: PaxState, frame: Number, action: A) -> None:
    """Take up to `n` gold from the victim («tantas como se pueda»)."""
    victim = frame.get("victim")
    if victim is not None and victim in state.humans():
        got = state.pay(victim, frame["n"])
        if frame["pl"] in state.humans():
            state.gain(frame["pl"], got)
        state.log("log.steal", who=who(victim), n=got)
    state.ret()


@kind("gold", "IV", Amount).step()
def _gold(state: PaxState, frame: Amount, action: A) -> None:
    for q in players(state, frame):
        n = frame["n"] * count(state, q, frame.get("per"), frame.get("jurisdiction"))
        if n:
            state.gain(q, n)
            state.log("log.gain", who=who(q), n=n)
    state.ret()


@kind("pay", "IV", Amount).step()
def _pay(state: PaxState, frame: Amount, action: A) -> None:
    for q in players(state, frame):
        n = state.pay(q, frame["n"] * count(state, q, frame.get("per"), frame.get("jurisdiction")))
        if n:
            state.log("log.lose", who=who(q), n=n)
    state.ret()


# -------------------------------------------------------------------------------------- regime
@kind("regime", "regimes", RegimeChange).step()
def _regime(state: PaxState, frame: RegimeChange, action: A) -> None:
    """A new regime; the troops of mines and banks it loots retreat one by one (§RETIRADA)."""
    looted = []
    if frame.get("from") is None or state.d["regime"] in frame["from"]:
        looted = change_regime(state, frame["to"])
    if looted:
        state.replace(retreats, Retreats(todo=looted))
        return
    state.ret()


def change_regime(state: PaxState, to: str) -> list[list[int | str]]:
    """A new regime: Prestige cubes leave every card when it is not the Pax (§CUBOS DE PRESTIGIO; they
    do not come back on the Pax's return, ambiguity 9), and mines and banks follow it. Returns the
    retreats of the troops whose mines or banks it looted (`economy.adjust_mines`)."""
    if state.d["regime"] == to:
        return []
    state.d["regime"] = to
    state.log("log.regime", regime=f"@regime.{to}")
    if not any(e.kind == "prestige_cubes" for e in REGIMES[to].effects):
        for q in range(state.n):
            for e in state.d["play"][q]:
                e["pcube"] = False
    return adjust_mines(state)


# ------------------------------------------------------------------------------ discarding cards
@kind("discard_troops", "headlines", FactionTroops).step()
def _discard_troops(state: PaxState, frame: FactionTroops, action: A) -> None:
    """Every troop of the faction leaves: from the hands and from play."""
    for q in range(state.n):
        for card in [
            c
            for c in state.d["hands"][q]
            if CARDS[c].type == "troop" and CARDS[c].faction == frame["faction"]
        ]:
            state.d["hands"][q].remove(card)
            state.d["discard"].append(card)
        for troop in state.troops_of(q):
            if CARDS[troop].faction == frame["faction"]:
                discard_troop(state, troop)
    state.log("log.troops_home", faction=f"@faction.{frame['faction']}")
    state.ret()


def discard_in_play(state: PaxState, card: str, then: str) -> None:
    """Discard a card from play: a troop from where it stands; an enterprise (its troop retreats) or a
    partner from its row. The caller continues at `then`."""
    if CARDS[card].type == "troop":
        discard_troop(state, card)
        state.goto(then)
        return
    found = state.find(card)
    if found is None:
        state.goto(then)
        return
    owner, e = found
    state.d["discard"].append(card)
    troop_owner = e["troop"]["owner"] if e["troop"] else -1
    troop = remove_enterprise(state, owner, card)
    if troop is None:
        state.goto(then)
        return
    state.call(retreat, CardAction(pl=troop_owner, card=troop), then=then)


nationalize = kind("nationalize", "black", Nationalization)


@nationalize.step()
def _nationalize(state: PaxState, frame: Nationalization, action: A) -> None:
    """«Nacionalizar = Descartar»: each player reached discards `n` matching cards of their row, of their
    own choice."""
    frame.setdefault("todo", [q for q in players(state, frame) for _ in range(frame["n"])])
    while frame["todo"]:
        q = frame["todo"][0]
        cards = [
            e["id"]
            for e in state.d["play"][q]
            if e["id"] in CARDS
            and CARDS[e["id"]].type == frame["type"]
            and frame.get("enterprise") in (None, CARDS[e["id"]].kind)
            and frame.get("jurisdiction") in (None, CARDS[e["id"]].jurisdiction)
        ]
        if cards:
            state.decide(
                q,
                "nationalize",
                [ID[f"discard {c}"] for c in cards],
                then="chosen",
                prompt="prompt.nationalize",
            )
            return
        frame["todo"].pop(0)
    state.ret()


@nationalize.step("chosen")
def _nationalized(state: PaxState, frame: Nationalization, action: int) -> None:
    frame["todo"].pop(0)
    state.log("log.nationalized", card=f"@card.{target(action)}.name")
    discard_in_play(state, target(action), then="start")


assassinate = kind("assassinate", "black", Assassination)


@assassinate.step()
def _assassinate(state: PaxState, frame: Assassination, action: A) -> None:
    """A partner of the victim, chosen by the player, is discarded."""
    victim = frame.get("victim")
    options = [ID[f"on {c}"] for c in partners(state, victim)] if victim in state.humans() else []
    if not options:
        if victim in state.humans():  # the log says why the card killed nobody (issue 55)
            state.log("log.no_partner", who=who(victim))
        state.ret()
        return
    state.decide(frame["pl"], "assassinate", options, then="chosen", prompt="prompt.assassinate")


@assassinate.step("chosen")
def _assassinated(state: PaxState, frame: Assassination, action: int) -> None:
    state.log("log.assassinated", card=f"@card.{target(action)}.name")
    discard_in_play(state, target(action), then="done")


@assassinate.step("done")
def _assassinate_done(state: PaxState, frame: Assassination, action: A) -> None:
    state.ret()


@kind("jail", "jail", Reach).step()
def _jail(state: PaxState, frame: Reach, action: A) -> None:
    for q in players(state, frame):
        jail(state, q)
    state.ret()


@kind("market_discard", "III", CardType).step()
def _market_discard(state: PaxState, frame: CardType, action: A) -> None:
    for _, _, card in slots(state):
        if card in CARDS and CARDS[card].type == frame["type"]:
            take(state, card)
            state.d["discard"].append(card)
            state.log("log.discarded", card=f"@card.{card}.name")
    state.ret()


@kind("topple_strength", "topple", Number).step()
def _topple_strength(state: PaxState, frame: Number, action: A) -> None:
    """Díaz's strength changes for everyone during this Topple."""
    state.d["mod"] += frame["n"]
    state.log("log.strength", n=frame["n"])
    state.ret()


def _standing(state: PaxState, frame: Context, action: A) -> None:
    """A standing ability run as an effect does nothing: its rule reads it where it applies (state.py)."""
    state.ret()


for _ability in ("extra_action", "discount", "deploy_anywhere", "immune", "prestige_cubes"):
    kind(_ability, "play", Context).step()(_standing)


# ---------------------------------------------------------------------------------------- strife
strife = kind("strife", "strife", Strife)


def faction_cards(state: PaxState, q: int, faction: str) -> list[str]:
    """Player `q`'s cards in play of `faction`: partners of its row and troops."""
    row = [e["id"] for e in state.d["play"][q] if e["id"] in CARDS and CARDS[e["id"]].faction == faction]
    return row + [t for t in state.troops_of(q) if CARDS[t].faction == faction]


def forced(state: PaxState, q: int, factions: list[str]) -> str | None:
    """The faction a player with a flipped Hacendado must keep, if it is one of the two."""
    hac = state.d["hac"][q]
    if hac["side"] < 0 or not hac["id"]:
        return None
    mine = HACENDADOS[hac["id"]].orientations[hac["side"]].faction
    return mine if mine in factions else None


@strife.step()
def _strife(state: PaxState, frame: Strife, action: A) -> None:
    """Every player discards all their cards in play of one of the two factions (the other one than their
    flipped Hacendado's, if it is one of them); whoever caused it may play neither faction this turn."""
    factions = list(frame["factions"])
    if "todo" not in frame:
        frame["todo"] = [q for q in state.clockwise(frame["pl"], include=True) if q in state.humans()]
        state.d["banned"] = sorted({*state.d["banned"], *factions})
        state.log("log.strife", a=f"@faction.{factions[0]}", b=f"@faction.{factions[1]}")
    while frame["todo"]:
        q = frame["todo"][0]
        keep = forced(state, q, factions)
        having = [x for x in factions if faction_cards(state, q, x)]
        if keep is not None:
            lose = next(x for x in factions if x != keep)
        elif len(having) == 2:
            state.decide(
                q, "strife", [ID[f"faction {x}"] for x in factions], then="chosen", prompt="prompt.strife"
            )
            return
        else:
            lose = next(x for x in factions if x not in having)
        frame["todo"].pop(0)
        frame["gone"] = faction_cards(state, q, lose)
        state.goto("discard")
        return
    state.ret()


@strife.step("chosen")
def _strife_chosen(state: PaxState, frame: Strife, action: int) -> None:
    q = frame["todo"].pop(0)
    frame["gone"] = faction_cards(state, q, target(action))
    state.goto("discard")


@strife.step("discard")
def _strife_discard(state: PaxState, frame: Strife, action: A) -> None:
    if not frame["gone"]:
        state.goto("start")
        return
    card = frame["gone"].pop(0)
    state.log("log.discarded", card=f"@card.{card}.name")
    discard_in_play(state, card, then="discard")


def check_vocabulary() -> None:
    """Every kind of the data has its procedure, and every card's effects name one (`EffectKinds.check`)."""
    assert {n[7:] for n in PROCS.by_name if n.startswith("effect.")} == set(EFFECT_KINDS)
    for c in CARDS.values():
        EFFECTS.check([e.as_dict() for e in c.effects], c.id)
    for pc in PUBLIC_CARDS.values():
        EFFECTS.check([e.as_dict() for e in pc.effects], pc.id)


check_vocabulary()
