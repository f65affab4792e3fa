"""The popularity board (§Tablero de popularidad): gaining and losing levels one at a time, the pendulum
rule, the effect of each square, and the top and bottom squares."""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from ludoteca.core.procedure import Frame, Procedure
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD, COLUMNS
from ludoteca.games.patria_libre.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState

POP = {c: ID[f"pop {c}"] for c in COLUMNS}


def step(state: PatriaState, r: str, column: str, delta: int) -> str:
    """§Presentando el péndulo: move the marker one level; returns the effect that triggers, or "".

    The pendulum keeps the furthest square reached on its side; a square triggers only when the marker
    reaches it beyond the pendulum (or on the other side of neutral), and then the pendulum follows.
    The top and bottom squares give ±1 VP and send marker and pendulum back to neutral."""
    cell = state.d["pop"][r][column]
    m, p = cell[0] + delta, cell[1]
    if m >= BOARD.top or m <= BOARD.bottom:
        cell[0] = cell[1] = 0
        state.log("log.pop_edge", who=f"@role.{r}", column=f"@column.{column}", n=1 if m > 0 else -1)
        state.add_vp(r, 1 if m > 0 else -1)
        return ""
    cell[0] = m
    if (m > 0 and p < m) or (m < 0 and p > m):
        cell[1] = m
        return BOARD.squares[column].get(m, "")
    return ""


def blocked(state: PatriaState, r: str, effect: str) -> bool:
    """Whether a marker of the player stands on a square with `effect` ("no_march", "no_attack")."""
    return any(BOARD.squares[c].get(cell[0]) == effect for c, cell in state.d["pop"][r].items())


def positive(state: PatriaState, r: str) -> int:
    """The positive levels a player could spend on supply (§Activación de carta de S/PV)."""
    return sum(max(0, cell[0]) for cell in state.d["pop"][r].values())


# ---------------------------------------------------------------------------------- gain and lose
class Shift(TypedDict):
    """The locals of a gain or loss of popularity: whose, how many levels, and the column if it is set
    (the player chooses each level's column otherwise)."""

    r: str
    n: int
    col: NotRequired[str | None]


def _move_proc(name: str, delta: int, kind: str) -> Procedure[Shift]:
    proc = PROCS.proc(name, rule="popularity", frame=Shift)

    @proc.step()
    def _start(state: PatriaState, frame: Shift, action: int | None) -> None:
        if frame["n"] <= 0:
            state.ret()
        elif col := frame.get("col"):
            _move(state, frame, col)
        else:
            prompt = "prompt.gain" if delta > 0 else "prompt.lose"
            state.decide(
                state.idx(frame["r"]), kind, list(POP.values()), then="chosen", prompt=prompt, n=frame["n"]
            )

    @proc.step("chosen")
    def _chosen(state: PatriaState, frame: Shift, action: int) -> None:
        _move(state, frame, target(action))

    def _move(state: PatriaState, frame: Shift, column: str) -> None:
        frame["n"] -= 1
        state.log("log.pop", who=f"@role.{frame['r']}", column=f"@column.{column}", n=delta)
        effect = step(state, frame["r"], column, delta)
        state.goto("start")
        if effect and f"square.{effect}" in state.procedures.by_name:
            state.log("log.square", who=f"@role.{frame['r']}", effect=f"@square.{effect}")
            state.call(f"square.{effect}", then="start", r=frame["r"])

    return proc


gain = _move_proc("gain", +1, "column")
lose = _move_proc("lose", -1, "lose")


# ------------------------------------------------------------------------ the squares' effects
coin_buy = PROCS.proc("square.coin_buy", rule="popularity-squares")


@coin_buy.step()
def _coin_buy(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.give(frame["r"], 1)
    state.replace("buy", r=frame["r"], prov=None)


attack = PROCS.proc("square.attack", rule="popularity-squares")


@attack.step()
def _attack(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.replace("attack", r=frame["r"], prov=None)


train = PROCS.proc("square.train", rule="popularity-squares")


@train.step()
def _train(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.replace("train", r=frame["r"], prov=None)


lose_more = PROCS.proc("square.lose_more", rule="popularity-squares")


@lose_more.step()
def _lose_more(state: PatriaState, frame: Frame, action: int | None) -> None:
    state.replace(lose, Shift(r=frame["r"], n=1))


opponent_loses = PROCS.proc("square.opponent_loses", rule="popularity-squares")


@opponent_loses.step()
def _opponent_loses(state: PatriaState, frame: Frame, action: int | None) -> None:
    who = [ID[f"target {o}"] for o in state.opponents(frame["r"])]
    state.decide(state.idx(frame["r"]), "target", who, then="chosen", prompt="prompt.target_loses")


@opponent_loses.step("chosen")
def _opponent_chosen(state: PatriaState, frame: Frame, action: int) -> None:
    state.replace(lose, Shift(r=target(action), n=1))


def _swaps(state: PatriaState, giver: str, taker: str) -> list[str]:
    """Provinces where `giver` has an infantry and `taker` has no troop."""
    return [p for p, t in state.d["troops"].items() if t.get(giver) == 1 and taker not in t]


def _infantry_proc(name: str, taking: bool) -> None:
    """take_infantry: a chosen player's infantry becomes yours; give_infantry: one of yours becomes a
    chosen player's (§Simbología especial en el tablero de popularidad)."""
    proc = PROCS.proc(name, rule="popularity-squares")

    def pair(frame: Frame, other: str) -> tuple[str, str]:
        return (other, frame["r"]) if taking else (frame["r"], other)

    @proc.step()
    def _start(state: PatriaState, frame: Frame, action: int | None) -> None:
        who = [ID[f"target {o}"] for o in state.opponents(frame["r"]) if _swaps(state, *pair(frame, o))]
        if not who:
            state.ret()
            return
        state.decide(state.idx(frame["r"]), "target", who, then="player", prompt="prompt.target_infantry")

    @proc.step("player")
    def _player(state: PatriaState, frame: Frame, action: int) -> None:
        frame["o"] = target(action)
        where = [ID[f"at {p}"] for p in _swaps(state, *pair(frame, frame["o"]))]
        state.decide(state.idx(frame["r"]), "at", where, then="where", prompt="prompt.where_infantry")

    @proc.step("where")
    def _where(state: PatriaState, frame: Frame, action: int) -> None:
        giver, taker = pair(frame, frame["o"])
        troops = state.d["troops"][target(action)]
        del troops[giver]
        troops[taker] = 1
        state.log(
            "log.infantry_changes",
            prov=f"@province.{target(action)}",
            giver=f"@role.{giver}",
            taker=f"@role.{taker}",
        )
        state.ret()


_infantry_proc("square.take_infantry", taking=True)
_infantry_proc("square.give_infantry", taking=False)
