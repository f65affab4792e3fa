"""The solitaire against Díaz (Part L). Díaz has no gold, no Hacendado and no hand; in his turn he rolls
2d6 once per market row and takes the card of the column the roll points to (7: the free column; 6 or 8:
1; 5 or 9: 2; 4 or 10: 4; 3 or 11: 8; 2 or 12: 16), without paying, and plays it by its type:

- a Topple is discarded (it counts toward the four);
- an enterprise with a prestige icon joins his row (its prestige strengthens the Tripartite), any other
  enterprise is discarded;
- a partner joins his row; a newspaper on the side whose prestige kind the player has most of, ties
  broken by the kind Díaz has least of, then the first side (Part L says "at random"; we keep the game
  free of a second die for this);
- a headline (Part L is cut off here; our rule): the event side if it brings the Pax Porfiriana back,
  otherwise the side that costs the player (pay, unrest, cubes lost), otherwise the status quo;
- an orange card (our rule): against the player's enterprise of its jurisdiction with the most Income
  cubes, if any, the stolen gold going to the bank; otherwise discarded;
- a black card (our rule): against the player unless immune, the stolen gold going to the bank, an
  assassination taking the player's partner with the most prestige; otherwise discarded;
- a troop (our rule): discarded — Díaz fields no armies of his own.

Every choice a card asks of Díaz's seat goes through `State.decide` to the procedure "diaz.decide".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.pax_porfiriana.actions import ID, target
from ludoteca.games.pax_porfiriana.cards import CARDS, PRESTIGE_TYPES, TOPPLES
from ludoteca.games.pax_porfiriana.market import take
from ludoteca.games.pax_porfiriana.play import orange_targets
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS
from ludoteca.games.pax_porfiriana.state import DIAZ

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState as St

A = int | None
COLUMN = {7: 0, 6: 1, 8: 1, 5: 2, 9: 2, 4: 3, 10: 3, 3: 4, 11: 4, 2: 5, 12: 5}
TWO_DICE = {n: 6 - abs(n - 7) for n in range(2, 13)}
PLAYER = 0
HURTS = ("pay", "unrest")


PROCS.sequence("diaz.turn", "L", "diaz.take", "headlines", "restore")
take_proc = PROCS.proc("diaz.take", rule="L")


@take_proc.step()
def _take(st: St, f: Frame, a: A) -> None:
    f.setdefault("row", 0)
    if f["row"] == len(st.d["market"]):
        st.ret()
        return
    st.chance({ID[f"roll {n}"]: w for n, w in TWO_DICE.items()}, then="rolled")


@take_proc.step("rolled")
def _rolled(st: St, f: Frame, a: A) -> None:
    assert a is not None
    row = f["row"]
    f["row"] += 1
    card = st.d["market"][row][COLUMN[int(target(a))]]
    st.log("log.diaz_roll", n=int(target(a)))
    if card is None:
        st.goto("start")
        return
    take(st, card)
    st.log("log.diaz_takes", card=f"@card.{card}.name")
    if card in TOPPLES:
        st.d["discard"].append(card)
        st.d["topples_done"] += 1
        if st.d["topples_done"] >= len(TOPPLES):
            st.replace("final_count")
            return
        st.goto("start")
        return
    c = CARDS[card]
    if c.type == "headline":
        side = headline_side(st, card)
        st.log("log.headline", card=f"@card.{card}.name", side=f"@word.{side}")
        st.d["discard"].append(card)
        EFFECTS.run(st, [e.as_dict() for e in c.effects_when(side)], then="start", pl=DIAZ, card=card)
    elif (c.type == "enterprise" and c.prestige) or c.type == "partner":
        st.d["diaz"][card] = newspaper_side(st, card)
        st.goto("start")
    elif c.type == "orange" and orange_targets(st, DIAZ, card):
        best = max(orange_targets(st, DIAZ, card), key=lambda x: (income(st, x), x))
        f["card"] = card
        effects = [e.as_dict() for e in c.effects_when("play")]
        EFFECTS.run(st, effects, then="given", pl=DIAZ, victim=PLAYER, on=best, card=card)
    elif c.type == "black" and not st.immune(PLAYER):
        f["card"] = card
        effects = [e.as_dict() for e in c.effects_when("play")]
        EFFECTS.run(st, effects, then="given", pl=DIAZ, victim=PLAYER, card=card)
    else:
        st.d["discard"].append(card)
        st.goto("start")


@take_proc.step("given")
def _given(st: St, f: Frame, a: A) -> None:
    """The card goes to the player's prestige pile if it gives prestige, else to the discard."""
    card = f["card"]
    (st.d["pile"][PLAYER] if CARDS[card].prestige else st.d["discard"]).append(card)
    st.goto("start")


def income(st: St, card: str) -> int:
    found = st.find(card)
    return 0 if found is None else int(found[1]["income"])


def headline_side(st: St, card: str) -> str:
    c = CARDS[card]
    if any(e.kind == "regime" and e.get("to") == "pax_porfiriana" for e in c.effects_when("event")):
        return "event"
    for side in ("event", "status_quo"):
        if any(
            e.kind in HURTS or (e.kind == "income_cubes" and e.get("n") < 0) for e in c.effects_when(side)
        ):
            return side
    return "status_quo"


def newspaper_side(st: St, card: str) -> int:
    """The side whose prestige kind the player has most of; ties: the kind Díaz has least of; then 1."""
    from ludoteca.games.pax_porfiriana.topple import diaz_prestige

    c = CARDS[card]
    if not c.orientations:
        return 0

    def rank(side: int) -> tuple[int, int, int]:
        kinds = [i.type for i in c.orientations[side]] or list(PRESTIGE_TYPES)
        mine = max(st.prestige(PLAYER, k) for k in kinds)
        his = min(diaz_prestige(st, k) for k in kinds)
        return (mine, -his, -side)

    return max((0, 1), key=rank)


decide = PROCS.proc("diaz.decide", rule="L")


@decide.step()
def _decide(st: St, f: Frame, a: A) -> None:
    """Díaz's choices inside a card: the player's partner with the most prestige to assassinate; for
    anything else the first choice offered."""
    actions = f["actions"]
    if f["kind"] == "assassinate":

        def worth(x: int) -> tuple[int, int]:
            card = target(x)
            return (sum(i.n for i in CARDS[card].prestige), -x)

        st.answer(max(actions, key=worth))
        return
    st.answer(actions[0])
