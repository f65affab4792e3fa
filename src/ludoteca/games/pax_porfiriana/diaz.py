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

from typing import TYPE_CHECKING, NotRequired

from ludoteca.core.procedure import BotDecision
from ludoteca.games.pax_porfiriana.actions import ID, target
from ludoteca.games.pax_porfiriana.board import CARDS, PRESTIGE_TYPES, TOPPLES
from ludoteca.games.pax_porfiriana.market import take
from ludoteca.games.pax_porfiriana.play import orange_targets
from ludoteca.games.pax_porfiriana.position import NoLocals, Seat
from ludoteca.games.pax_porfiriana.procs import EFFECTS, PROCS
from ludoteca.games.pax_porfiriana.state import DIAZ
from ludoteca.games.pax_porfiriana.topple import final

if TYPE_CHECKING:
    from ludoteca.games.pax_porfiriana.state import PaxState

A = int | None
COLUMN = {7: 0, 6: 1, 8: 1, 5: 2, 9: 2, 4: 3, 10: 3, 3: 4, 11: 4, 2: 5, 12: 5}
TWO_DICE = {n: 6 - abs(n - 7) for n in range(2, 13)}
PLAYER = 0
HURTS = ("pay", "unrest")


PROCS.sequence("diaz.turn", "L", "diaz.take", "headlines", "restore")


class DiazTake(Seat):
    """Díaz's turn (Part L): the market row whose roll comes next; `card`, the orange or black card he is
    playing."""

    row: NotRequired[int]
    card: NotRequired[str]


take_proc = PROCS.proc("diaz.take", rule="L", frame=DiazTake)


@take_proc.step()
def _take(state: PaxState, frame: DiazTake, action: A) -> None:
    frame.setdefault("row", 0)
    if frame["row"] == len(state.d["market"]):
        state.ret()
        return
    state.chance({ID[f"roll {n}"]: w for n, w in TWO_DICE.items()}, then="rolled")


@take_proc.step("rolled")
def _rolled(state: PaxState, frame: DiazTake, action: int) -> None:
    """Díaz takes the card the roll points to; the log says what it does, or why it does nothing
    (issue 55)."""
    row = frame["row"]
    frame["row"] += 1
    card = state.d["market"][row][COLUMN[int(target(action))]]
    state.log("log.diaz_roll", n=int(target(action)))
    if card is None:
        state.log("log.diaz_empty")
        state.goto("start")
        return
    take(state, card)
    state.log("log.diaz_takes", card=f"@card.{card}.name")
    name = f"@card.{card}.name"
    if card in TOPPLES:
        state.d["discard"].append(card)
        state.d["topples_done"] += 1
        state.log("log.diaz_topple", card=name, n=state.d["topples_done"], total=len(TOPPLES))
        if state.d["topples_done"] >= len(TOPPLES):
            state.replace(final, NoLocals())
            return
        state.goto("start")
        return
    c = CARDS[card]
    you = f"@role.jugador-{PLAYER + 1}"
    if c.type == "headline":
        side = headline_side(state, card)
        state.log("log.headline", card=name, side=f"@word.{side}")
        state.d["discard"].append(card)
        EFFECTS.run(state, [e.as_dict() for e in c.effects_when(side)], then="start", pl=DIAZ, card=card)
    elif (c.type == "enterprise" and c.prestige) or c.type == "partner":
        state.d["diaz"][card] = newspaper_side(state, card)
        state.log("log.diaz_row", card=name)
        state.goto("start")
    elif c.type == "orange" and orange_targets(state, DIAZ, card):
        best = max(orange_targets(state, DIAZ, card), key=lambda x: (income(state, x), x))
        frame["card"] = card
        state.log("log.target", card=name, on=f"@card.{best}.name")
        effects = [e.as_dict() for e in c.effects_when("play")]
        EFFECTS.run(state, effects, then="given", pl=DIAZ, victim=PLAYER, on=best, card=card)
    elif c.type == "black" and not state.immune(PLAYER):
        frame["card"] = card
        state.log("log.victim", card=name, who=you)
        effects = [e.as_dict() for e in c.effects_when("play")]
        EFFECTS.run(state, effects, then="given", pl=DIAZ, victim=PLAYER, card=card)
    else:
        state.d["discard"].append(card)
        why = idle(c.type)
        if why == "no_target":
            state.log("log.diaz_no_target", card=name, who=you, on=f"@jurisdiction.{c.jurisdiction}")
        else:
            state.log(f"log.diaz_{why}", card=name, who=you)
        state.goto("start")


def idle(kind: str) -> str:
    """Why a card Díaz takes does nothing (the key of its log line): an enterprise without prestige, an
    orange card with no enterprise of the player's in its jurisdiction, a black card against an immune
    player, a troop."""
    return {"enterprise": "no_prestige", "orange": "no_target", "black": "immune"}.get(kind, "troop")


@take_proc.step("given")
def _given(state: PaxState, frame: DiazTake, action: A) -> None:
    """The card goes to the player's prestige pile if it gives prestige, else to the discard."""
    card = frame["card"]
    if CARDS[card].prestige:
        state.d["pile"][PLAYER].append(card)
        state.log("log.to_pile", card=f"@card.{card}.name", who=f"@role.jugador-{PLAYER + 1}")
    else:
        state.d["discard"].append(card)
    state.goto("start")


def income(state: PaxState, card: str) -> int:
    found = state.find(card)
    return 0 if found is None else int(found[1]["income"])


def headline_side(state: PaxState, card: str) -> str:
    c = CARDS[card]
    if any(e.kind == "regime" and e.get("to") == "pax_porfiriana" for e in c.effects_when("event")):
        return "event"
    for side in ("event", "status_quo"):
        if any(
            e.kind in HURTS or (e.kind == "income_cubes" and e.number("n") < 0) for e in c.effects_when(side)
        ):
            return side
    return "status_quo"


def newspaper_side(state: PaxState, card: str) -> int:
    """The side whose prestige kind the player has most of; ties: the kind Díaz has least of; then 1."""
    from ludoteca.games.pax_porfiriana.topple import diaz_prestige

    c = CARDS[card]
    if not c.orientations:
        return 0

    def rank(side: int) -> tuple[int, int, int]:
        kinds = [i.type for i in c.orientations[side]] or list(PRESTIGE_TYPES)
        mine = max(state.prestige(PLAYER, k) for k in kinds)
        his = min(diaz_prestige(state, k) for k in kinds)
        return (mine, -his, -side)

    return max((0, 1), key=rank)


decide = PROCS.proc("diaz.decide", rule="L", frame=BotDecision)


@decide.step()
def _decide(state: PaxState, frame: BotDecision, action: A) -> None:
    """Díaz's choices inside a card: the player's partner with the most prestige to assassinate; for
    anything else the first choice offered."""
    actions = frame["actions"]
    if frame["kind"] == "assassinate":

        def worth(x: int) -> tuple[int, int]:
            card = target(x)
            return (sum(i.n for i in CARDS[card].prestige), -x)

        state.answer(max(actions, key=worth))
        return
    state.answer(actions[0])
