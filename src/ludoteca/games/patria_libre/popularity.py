"""The popularity board (§Tablero de popularidad): gaining and losing levels one at a time, the pendulum
rule, the effect of each square, and the top and bottom squares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.procedure import Frame
from ludoteca.games.patria_libre.actions import ID, target
from ludoteca.games.patria_libre.board import BOARD, COLUMNS
from ludoteca.games.patria_libre.procs import PROCS
from ludoteca.games.patria_libre.seats import seat_decides

if TYPE_CHECKING:
    from ludoteca.games.patria_libre.state import PatriaState as St

A = int | None
POP = {c: ID[f"pop {c}"] for c in COLUMNS}


def step(st: St, r: str, column: str, delta: int) -> str:
    """§Presentando el péndulo: move the marker one level; returns the effect that triggers, or "".

    The pendulum keeps the furthest square reached on its side; a square triggers only when the marker
    reaches it beyond the pendulum (or on the other side of neutral), and then the pendulum follows.
    The top and bottom squares give ±1 VP and send marker and pendulum back to neutral."""
    cell = st.d["pop"][r][column]
    m, p = cell[0] + delta, cell[1]
    if m >= BOARD.top or m <= BOARD.bottom:
        cell[0] = cell[1] = 0
        st.log("log.pop_edge", who=f"@role.{r}", column=f"@column.{column}", n=1 if m > 0 else -1)
        st.add_vp(r, 1 if m > 0 else -1)
        return ""
    cell[0] = m
    if (m > 0 and p < m) or (m < 0 and p > m):
        cell[1] = m
        return BOARD.squares[column].get(m, "")
    return ""


def blocked(st: St, r: str, effect: str) -> bool:
    """Whether a marker of the player stands on a square with `effect` ("no_march", "no_attack")."""
    return any(BOARD.squares[c].get(cell[0]) == effect for c, cell in st.d["pop"][r].items())


def positive(st: St, r: str) -> int:
    """The positive levels a player could spend on supply (§Activación de carta de S/PV)."""
    return sum(max(0, cell[0]) for cell in st.d["pop"][r].values())


# ---------------------------------------------------------------------------------- gain and lose
def _move_proc(name: str, delta: int, kind: str) -> None:
    proc = PROCS.proc(name, rule="popularity")

    @proc.step()
    def _start(st: St, f: Frame, a: A) -> None:
        if f["n"] <= 0:
            st.ret()
        elif f.get("col"):
            _move(st, f, f["col"])
        else:
            prompt = "prompt.gain" if delta > 0 else "prompt.lose"
            seat_decides(st, f["r"], kind, list(POP.values()), "chosen", prompt, n=f["n"])

    @proc.step("chosen")
    def _chosen(st: St, f: Frame, a: A) -> None:
        assert a is not None
        _move(st, f, target(a))

    def _move(st: St, f: Frame, column: str) -> None:
        f["n"] -= 1
        st.log("log.pop", who=f"@role.{f['r']}", column=f"@column.{column}", n=delta)
        effect = step(st, f["r"], column, delta)
        st.goto("start")
        if effect and f"square.{effect}" in st.procedures.by_name:
            st.log("log.square", who=f"@role.{f['r']}", effect=f"@square.{effect}")
            st.call(f"square.{effect}", then="start", r=f["r"])


_move_proc("gain", +1, "column")
_move_proc("lose", -1, "lose")


# ------------------------------------------------------------------------ the squares' effects
coin_buy = PROCS.proc("square.coin_buy", rule="popularity-squares")


@coin_buy.step()
def _coin_buy(st: St, f: Frame, a: A) -> None:
    st.give(f["r"], 1)
    st.replace("buy", r=f["r"], prov=None)


attack = PROCS.proc("square.attack", rule="popularity-squares")


@attack.step()
def _attack(st: St, f: Frame, a: A) -> None:
    st.replace("attack", r=f["r"], prov=None)


train = PROCS.proc("square.train", rule="popularity-squares")


@train.step()
def _train(st: St, f: Frame, a: A) -> None:
    st.replace("train", r=f["r"], prov=None)


lose_more = PROCS.proc("square.lose_more", rule="popularity-squares")


@lose_more.step()
def _lose_more(st: St, f: Frame, a: A) -> None:
    st.replace("lose", r=f["r"], n=1)


opponent_loses = PROCS.proc("square.opponent_loses", rule="popularity-squares")


@opponent_loses.step()
def _opponent_loses(st: St, f: Frame, a: A) -> None:
    who = [ID[f"target {o}"] for o in st.opponents(f["r"])]
    seat_decides(st, f["r"], "target", who, "chosen", "prompt.target_loses")


@opponent_loses.step("chosen")
def _opponent_chosen(st: St, f: Frame, a: A) -> None:
    assert a is not None
    st.replace("lose", r=target(a), n=1)


def _swaps(st: St, giver: str, taker: str) -> list[str]:
    """Provinces where `giver` has an infantry and `taker` has no troop."""
    return [p for p, t in st.d["troops"].items() if t.get(giver) == 1 and taker not in t]


def _infantry_proc(name: str, taking: bool) -> None:
    """take_infantry: a chosen player's infantry becomes yours; give_infantry: one of yours becomes a
    chosen player's (§Simbología especial en el tablero de popularidad)."""
    proc = PROCS.proc(name, rule="popularity-squares")

    def pair(f: Frame, other: str) -> tuple[str, str]:
        return (other, f["r"]) if taking else (f["r"], other)

    @proc.step()
    def _start(st: St, f: Frame, a: A) -> None:
        who = [ID[f"target {o}"] for o in st.opponents(f["r"]) if _swaps(st, *pair(f, o))]
        if not who:
            st.ret()
            return
        seat_decides(st, f["r"], "target", who, "player", "prompt.target_infantry")

    @proc.step("player")
    def _player(st: St, f: Frame, a: A) -> None:
        assert a is not None
        f["o"] = target(a)
        where = [ID[f"at {p}"] for p in _swaps(st, *pair(f, f["o"]))]
        seat_decides(st, f["r"], "at", where, "where", "prompt.where_infantry")

    @proc.step("where")
    def _where(st: St, f: Frame, a: A) -> None:
        assert a is not None
        giver, taker = pair(f, f["o"])
        troops = st.d["troops"][target(a)]
        del troops[giver]
        troops[taker] = 1
        st.log(
            "log.infantry_changes",
            prov=f"@province.{target(a)}",
            giver=f"@role.{giver}",
            taker=f"@role.{taker}",
        )
        st.ret()


_infantry_proc("square.take_infantry", taking=True)
_infantry_proc("square.give_infantry", taking=False)
