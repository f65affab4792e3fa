"""Toppling Díaz (§DERROCANDO A DÍAZ, §GANADOR): a bought Topple stops the game; from the buyer's left
each player may flip their Hacendado, discard "During the Topple" cards and assassinate a flipped
Hacendado; then whoever has more prestige of the regime's kind than the Tripartite wins (the richest of
them), and after the fourth Topple the richest player wins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.pax_porfiriana.actions import ID, target, verb
from ludoteca.games.pax_porfiriana.cards import CARDS, COMPONENTS, HACENDADOS, PUBLIC_CARDS, REGIMES, TOPPLES
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS
from ludoteca.games.pax_porfiriana.troops import flip

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState as St

A = int | None
TRIPARTITE = COMPONENTS.tripartite
COSTS = COMPONENTS.costs


def who(p: int) -> str:
    return f"@role.jugador-{p + 1}"


def kind_now(st: St) -> str:
    return REGIMES[st.d["regime"]].prestige


def tripartite(st: St, p: int) -> int:
    """Díaz's 2 points, changed by the cards discarded in this Topple, plus the prestige of the two
    weakest players other than the challenger (ambiguity 12: a challenger never counts against
    themself; with two players it is Díaz and the one opponent). In the solitaire, Díaz's own cards."""
    kind = kind_now(st)
    base = int(TRIPARTITE["diaz"]) + int(st.d["mod"])
    if st.solo():
        return base + diaz_prestige(st, kind)
    others = sorted(st.prestige(q, kind) for q in st.humans() if q != p)
    return base + sum(others[: int(TRIPARTITE["weakest_players"])])


def diaz_prestige(st: St, kind: str) -> int:
    """Part L: Díaz's prestige is that of the cards he took."""
    total = 0
    for card, side in st.d["diaz"].items():
        c = CARDS[card]
        icons = c.orientations[side] if c.orientations else c.prestige
        total += sum(i.n for i in icons if i.type == kind)
    return total


def assassins(st: St, q: int) -> list[str]:
    """§CARTA NEGRA P. 19: with a black card in hand and 3 gold, a flipped Hacendado that was never
    assassinated and has no private army (ambiguity: the bold rule wins over «+3 por tropa», so the
    price is 3), one's own included."""
    if not any(CARDS[c].type == "black" for c in st.d["hands"][q]):
        return []
    if st.d["gold"][q] < int(COSTS["assassinate_hacendado"]):
        return []
    return [h["id"] for h in st.d["hac"] if h["id"] and h["side"] >= 0 and not h["dead"] and not h["army"]]


def topple_cards(st: St, q: int) -> list[str]:
    """Cards in one's row with a "During the Topple" ability."""
    out = []
    for e in st.d["play"][q]:
        effects = PUBLIC_CARDS[e["id"]].effects if e["id"] in PUBLIC_CARDS else CARDS[e["id"]].effects
        if any(x.when == "topple" for x in effects):
            out.append(e["id"])
    return out


topple = PROCS.proc("topple", rule="DERROCANDO A DÍAZ")


@topple.step()
def _topple(st: St, f: Frame, a: A) -> None:
    """1–2: play stops and the regime card turns over to show what toppling it takes."""
    st.d["topples_done"] += 1
    st.d["mod"] = 0
    st.log(
        "log.topple",
        who=who(f["pl"]),
        card=f"@card.{f['card']}.name",
        kind=f"@prestige.{kind_now(st)}",
        topple=f"@topple.{REGIMES[st.d['regime']].topple}",
    )
    f["todo"] = [q for q in st.clockwise(f["pl"], include=True) if q in st.humans()]
    st.goto("next")


@topple.step("next")
def _next(st: St, f: Frame, a: A) -> None:
    """3: each player in turn may flip, discard During-the-Topple cards and assassinate, then passes."""
    if not f["todo"]:
        st.goto("check")
        return
    q = f["todo"][0]
    hac = st.d["hac"][q]
    options = [ID["pass"]]
    if hac["side"] < 0 and not hac["dead"]:
        options += [ID["side 1"], ID["side 2"]]
    options += [ID[f"discard {c}"] for c in topple_cards(st, q)]
    options += [ID[f"assassinate {h}"] for h in assassins(st, q)]
    st.decide(q, "topple", options, then="chosen", prompt="prompt.topple", kind=f"@prestige.{kind_now(st)}")


@topple.step("chosen")
def _chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    q = f["todo"][0]
    v = verb(a)
    if v == "pass":
        f["todo"].pop(0)
        st.goto("next")
    elif v == "side":
        flip(st, q, int(target(a)) - 1)
        st.goto("next")
    elif v == "discard":
        card = target(a)
        row = st.d["play"][q]
        row.remove(next(e for e in row if e["id"] == card))
        if card in PUBLIC_CARDS:
            st.d["public"][card] = -1
            effects = [e.as_dict() for e in PUBLIC_CARDS[card].effects if e.when == "topple"]
        else:
            st.d["discard"].append(card)
            effects = [e.as_dict() for e in CARDS[card].effects_when("topple")]
        st.log("log.discarded", card=f"@card.{card}.name")
        EFFECTS.run(st, effects, then="next", pl=q, card=card)
    else:
        assassinate(st, q, target(a))
        st.goto("next")


def assassinate(st: St, q: int, hacendado: str) -> None:
    """Pay 3, discard a black card; the Hacendado turns Loyalist again with its 2 Income cubes and its
    ability, and can never flip again."""
    black = next(c for c in st.d["hands"][q] if CARDS[c].type == "black")
    st.d["hands"][q].remove(black)
    st.d["discard"].append(black)
    st.pay(q, int(COSTS["assassinate_hacendado"]))
    owner = next(p for p, h in enumerate(st.d["hac"]) if h["id"] == hacendado)
    cubes = min(HACENDADOS[hacendado].income, st.cubes_free(owner))
    st.d["hac"][owner].update(side=-1, dead=True, income=cubes)
    st.log("log.hacendado_killed", who=who(q), card=f"@card.{hacendado}.name")


@topple.step("check")
def _check(st: St, f: Frame, a: A) -> None:
    """4: more prestige of the regime's kind (cards without unrest and the prestige pile) than the
    Tripartite topples Díaz; the richest of those who do wins."""
    kind = kind_now(st)
    st.d["discard"].append(f["card"])
    winners = [p for p in st.humans() if st.prestige(p, kind) > tripartite(st, p)]
    for p in st.humans():
        st.log("log.challenge", who=who(p), n=st.prestige(p, kind), against=tripartite(st, p))
    st.d["mod"] = 0
    if winners:
        finish(st, winners, "outcome.toppled", kind)
    elif st.d["topples_done"] >= len(TOPPLES):
        st.replace("final_count")
    else:
        st.log("log.diaz_holds")
        st.ret()


def finish(st: St, candidates: list[int], outcome: str, kind: str) -> None:
    """§GANADOR: the richest; tied gold, the most prestige of the regime's kind; still tied, a shared
    victory (our tie-break, the player aid names none)."""
    best = max(st.d["gold"][p] for p in candidates)
    rich = [p for p in candidates if st.d["gold"][p] == best]
    top = max(st.prestige(p, kind) for p in rich)
    won = [p for p in rich if st.prestige(p, kind) == top]
    returns = [1.0 if p in won else -1.0 for p in range(len(st.game.roles))]
    st.log("log.winner", who=[who(p) for p in won])
    st.end_game(outcome, returns, who=[who(p) for p in won], gold=best, tie=len(rich) > 1)


final = PROCS.proc("final_count", rule="GANADOR")


@final.step()
def _final(st: St, f: Frame, a: A) -> None:
    """The last Topple played or discarded and Díaz still in power: the richest player wins (Part L: in
    the solitaire, Díaz wins)."""
    if st.solo():
        returns = [-1.0] * len(st.game.roles)
        returns[1] = 1.0
        st.end_game("outcome.diaz", returns)
        return
    finish(st, st.humans(), "outcome.richest", kind_now(st))


def evaluate(st: St) -> list[float]:
    """A search's view of an unfinished game: prestige of the regime's kind against the Tripartite, and
    gold, scaled into (−1, 1)."""
    kind = kind_now(st)
    out = [0.0] * len(st.game.roles)
    for p in st.humans():
        margin = st.prestige(p, kind) - tripartite(st, p)
        out[p] = max(-0.9, min(0.9, 0.15 * margin + 0.01 * st.d["gold"][p]))
    return out
