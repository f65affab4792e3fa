"""Toppling Díaz (§DERROCANDO A DÍAZ, §GANADOR): a bought Topple stops the game; from the buyer's left
each player may flip their Hacendado, discard "During the Topple" cards and assassinate a flipped
Hacendado; then whoever has more prestige of the regime's kind than the Tripartite wins (the richest of
them), and after the fourth Topple the richest player wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ludoteca.games.pax_porfiriana.actions import ID, target, verb
from ludoteca.games.pax_porfiriana.board import CARDS, COMPONENTS, HACENDADOS, PUBLIC_CARDS, REGIMES, TOPPLES
from ludoteca.games.pax_porfiriana.position import CardAction, NoLocals
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS
from ludoteca.games.pax_porfiriana.troops import flip, remove_enterprise, retreat

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState

A = int | None
TRIPARTITE = COMPONENTS.tripartite
COSTS = COMPONENTS.costs


def who(p: int) -> str:
    return f"@role.jugador-{p + 1}"


def kind_now(state: PaxState) -> str:
    return REGIMES[state.d["regime"]].prestige


def tripartite(state: PaxState, p: int, prestige: Mapping[int, Mapping[str, int]] | None = None) -> int:
    """Díaz's 2 points, changed by the cards discarded in this Topple, plus the prestige of the two
    weakest players other than the challenger (ambiguity 12: a challenger never counts against
    themself; with two players it is Díaz and the one opponent). In the solitaire, Díaz's own cards.
    `prestige`, where the caller has it, is each player's `prestige_by_kind` (the view's)."""
    kind = kind_now(state)
    base = int(TRIPARTITE["diaz"]) + int(state.d["mod"])
    if state.solo():
        return base + diaz_prestige(state, kind)
    others = sorted(
        state.prestige(q, kind) if prestige is None else prestige[q][kind] for q in state.humans() if q != p
    )
    return base + sum(others[: int(TRIPARTITE["weakest_players"])])


def diaz_prestige(state: PaxState, kind: str) -> int:
    """Part L: Díaz's prestige is that of the cards he took."""
    total = 0
    for card, side in state.d["diaz"].items():
        c = CARDS[card]
        icons = c.orientations[side] if c.orientations else c.prestige
        total += sum(i.n for i in icons if i.type == kind)
    return total


def assassins(state: PaxState, q: int) -> list[str]:
    """§CARTA NEGRA P. 19: with a black card in hand and 3 gold, a flipped Hacendado that was never
    assassinated and has no private army (ambiguity: the bold rule wins over «+3 por tropa», so the
    price is 3), one's own included."""
    if not any(CARDS[c].type == "black" for c in state.d["hands"][q]):
        return []
    if state.d["gold"][q] < int(COSTS["assassinate_hacendado"]):
        return []
    return [h["id"] for h in state.d["hac"] if h["id"] and h["side"] >= 0 and not h["dead"] and not h["army"]]


def topple_cards(state: PaxState, q: int) -> list[str]:
    """Cards in one's row with a "During the Topple" ability."""
    out = []
    for e in state.d["play"][q]:
        effects = PUBLIC_CARDS[e["id"]].effects if e["id"] in PUBLIC_CARDS else CARDS[e["id"]].effects
        if any(x.when == "topple" for x in effects):
            out.append(e["id"])
    return out


class Ability(TypedDict):
    """A "During the Topple" card just discarded, whose effects run once its troop has retreated."""

    card: str
    effects: list[dict[str, Any]]


class Toppling(CardAction):
    """A Topple bought by `pl` (`card`): the players still to act, from the buyer's left, the buyer last;
    the ability of the card one of them has just discarded."""

    todo: NotRequired[list[int]]
    ability: NotRequired[Ability]


topple = PROCS.proc("topple", rule="topple", frame=Toppling)


@topple.step()
def _topple(state: PaxState, frame: Toppling, action: A) -> None:
    """1–2: play stops and the regime card turns over to show what toppling it takes."""
    state.d["topples_done"] += 1
    state.d["mod"] = 0
    state.log(
        "log.topple",
        who=who(frame["pl"]),
        card=f"@card.{frame['card']}.name",
        kind=f"@prestige.{kind_now(state)}",
        topple=f"@topple.{REGIMES[state.d['regime']].topple}",
    )
    frame["todo"] = [q for q in state.clockwise(frame["pl"], include=True) if q in state.humans()]
    state.goto("next")


@topple.step("next")
def _next(state: PaxState, frame: Toppling, action: A) -> None:
    """3: each player in turn may flip, discard During-the-Topple cards and assassinate, then passes."""
    if not frame["todo"]:
        state.goto("check")
        return
    q = frame["todo"][0]
    hac = state.d["hac"][q]
    options = [ID["pass"]]
    if hac["side"] < 0 and not hac["dead"]:
        options += [ID["side 1"], ID["side 2"]]
    options += [ID[f"discard {c}"] for c in topple_cards(state, q)]
    options += [ID[f"assassinate {h}"] for h in assassins(state, q)]
    state.decide(
        q, "topple", options, then="chosen", prompt="prompt.topple", kind=f"@prestige.{kind_now(state)}"
    )


@topple.step("chosen")
def _chosen(state: PaxState, frame: Toppling, action: int) -> None:
    q = frame["todo"][0]
    v = verb(action)
    if v == "pass":
        frame["todo"].pop(0)
        state.goto("next")
    elif v == "side":
        flip(state, q, int(target(action)) - 1)
        state.goto("next")
    elif v == "discard":
        discard_for_topple(state, frame, q, target(action))
    else:
        assassinate(state, q, target(action))
        state.goto("next")


def discard_for_topple(state: PaxState, frame: Toppling, q: int, card: str) -> None:
    """3b: a "During the Topple" card leaves the row (a public card for good); the troop on a discarded
    enterprise retreats (§RETIRADA), then the card's ability changes Díaz's strength."""
    entry = next(e for e in state.d["play"][q] if e["id"] == card)
    troop = entry["troop"]
    remove_enterprise(state, q, card)
    if card in PUBLIC_CARDS:
        state.d["public"][card] = -1
        effects = [e.as_dict() for e in PUBLIC_CARDS[card].effects if e.when == "topple"]
    else:
        state.d["discard"].append(card)
        effects = [e.as_dict() for e in CARDS[card].effects_when("topple")]
    state.log("log.discarded", card=f"@card.{card}.name")
    frame["ability"] = {"card": card, "effects": effects}
    if troop is not None:
        state.call(retreat, CardAction(pl=troop["owner"], card=troop["id"]), then="ability")
        return
    state.goto("ability")


@topple.step("ability")
def _ability(state: PaxState, frame: Toppling, action: A) -> None:
    ability = frame.pop("ability")
    EFFECTS.run(state, ability["effects"], then="next", pl=frame["todo"][0], card=ability["card"])


def assassinate(state: PaxState, q: int, hacendado: str) -> None:
    """Pay 3, discard a black card; the Hacendado turns Loyalist again with its 2 Income cubes and its
    ability, and can never flip again."""
    black = next(c for c in state.d["hands"][q] if CARDS[c].type == "black")
    state.d["hands"][q].remove(black)
    state.d["discard"].append(black)
    state.pay(q, int(COSTS["assassinate_hacendado"]))
    owner = next(p for p, h in enumerate(state.d["hac"]) if h["id"] == hacendado)
    cubes = min(HACENDADOS[hacendado].income, state.cubes_free(owner))
    state.d["hac"][owner].update({"side": -1, "dead": True, "income": cubes})
    state.log("log.hacendado_killed", who=who(q), card=f"@card.{hacendado}.name")


@topple.step("check")
def _check(state: PaxState, frame: Toppling, action: A) -> None:
    """4: more prestige of the regime's kind (cards without unrest and the prestige pile) than the
    Tripartite topples Díaz; the richest of those who do wins."""
    kind = kind_now(state)
    state.d["discard"].append(frame["card"])
    winners = [p for p in state.humans() if state.prestige(p, kind) > tripartite(state, p)]
    for p in state.humans():
        state.log("log.challenge", who=who(p), n=state.prestige(p, kind), against=tripartite(state, p))
    state.d["mod"] = 0
    if winners:
        finish(state, winners, "outcome.toppled", kind)
    elif state.d["topples_done"] >= len(TOPPLES):
        state.replace(final, NoLocals())
    else:
        state.log("log.diaz_holds")
        state.ret()


def finish(state: PaxState, candidates: list[int], outcome: str, kind: str) -> None:
    """§GANADOR: the richest; tied gold, the most prestige of the regime's kind; still tied, a shared
    victory (our tie-break, the player aid names none)."""
    best = max(state.d["gold"][p] for p in candidates)
    rich = [p for p in candidates if state.d["gold"][p] == best]
    top = max(state.prestige(p, kind) for p in rich)
    won = [p for p in rich if state.prestige(p, kind) == top]
    returns = [1.0 if p in won else -1.0 for p in range(len(state.game.roles))]
    state.log("log.winner", who=[who(p) for p in won])
    state.end_game(outcome, returns, who=[who(p) for p in won], gold=best, tie=len(rich) > 1)


final = PROCS.proc("final_count", rule="winner", frame=NoLocals)


@final.step()
def _final(state: PaxState, frame: NoLocals, action: A) -> None:
    """The last Topple played or discarded and Díaz still in power: the richest player wins (Part L: in
    the solitaire, Díaz wins)."""
    if state.solo():
        returns = [-1.0] * len(state.game.roles)
        returns[1] = 1.0
        state.end_game("outcome.diaz", returns)
        return
    finish(state, state.humans(), "outcome.richest", kind_now(state))


def evaluate(state: PaxState) -> list[float]:
    """A search's view of an unfinished game, each player's value in [−0.9, 0.9] (README §12). During a
    Topple, the check as it would go if everyone passed: a challenger who beats the Tripartite, the richest
    of them, is as good as the winner. Otherwise each player's prestige of the regime's kind against its
    Tripartite, with half the prestige of that kind on the cards in its hand (`held_prestige`: bought, to be
    played), and a hundredth of its gold."""
    kind = kind_now(state)
    out = [0.0] * len(state.game.roles)
    humans = state.humans()
    prestige = {q: {kind: state.prestige(q, kind)} for q in humans}  # read once: each Tripartite reads two
    if state.frame_of(topple) is not None:
        winners = [p for p in humans if prestige[p][kind] > tripartite(state, p, prestige)]
        if winners:
            best = max(state.d["gold"][p] for p in winners)
            return [0.9 if p in winners and state.d["gold"][p] == best else -0.9 for p in range(len(out))]
    for p in humans:
        margin = prestige[p][kind] + HELD * held_prestige(state, p, kind) - tripartite(state, p, prestige)
        out[p] = max(-0.9, min(0.9, 0.15 * margin + 0.01 * state.d["gold"][p]))
    return out


HELD = 0.5
"""What a prestige point on a card in hand counts for against one in play: the card still has its cost to
pay and its target to find (§JUGAR UNA CARTA), and may be sold or lost first. Without it, buying a card
looked like spending gold for nothing until the card was played, a step or more beyond a leaf, and only
random rollouts after the leaf (README §12) let the search see why it buys."""


def held_prestige(state: PaxState, p: int, kind: str) -> int:
    """The prestige of `kind` the cards in `p`'s hand would bring into play (a card with two orientations,
    the better one)."""
    total = 0
    for card in state.d["hands"][p]:
        c = CARDS[card]
        faces = c.orientations or (c.prestige,)
        total += max(sum(i.n for i in face if i.type == kind) for face in faces)
    return total
