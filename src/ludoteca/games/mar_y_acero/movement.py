"""Where a piece may go (§4.4.1 A): Basic movement to the next areas of the ring, Naval movement to any
other area, and what the destiny cards in force change (Naval Difficulty, cards 23 and 24)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.pieces import KINDS, pieces, split_key

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.activation import Activation
    from ludoteca.games.mar_y_acero.state import MyaState

ROUTES = {
    src: tuple(
        (dst, dst not in BOARD.adjacent(src), dst in BOARD.adjacent(src) and BOARD.land_link(src, dst))
        for dst in AREAS
        if dst != src
    )
    for src in AREAS
}
"""From each area, every other in map order: (destination, by Naval movement, by land), for `reach`."""


def toll(state: MyaState, fac: str, kind: str, src: int, dst: int, naval: bool) -> str | None:
    """What a move costs before it is made: "reduce" (Naval Difficulty: reduce a unit, or remove a
    reduced one, in the area moved from), "remove" (card 24: lose a unit), or None."""
    flags = state.d["flags"]
    bag = KINDS[kind].bag
    if flags["shipworm"]:
        if naval and (fac == "es" or bag == "rebel"):
            return "remove"
        if not naval and bag in ("taino", "caribe") and not BOARD.land_link(src, dst):
            return "remove"
    if naval and flags["naval"]:
        return "reduce"
    return None


def toll_choices(state: MyaState, fac: str, src: int, moving: str | None, kind: str) -> list[str]:
    """The units that can pay a toll in `src` while the moving piece still moves afterwards."""
    keys = [f"{p[0]}.r" if p[1] else p[0] for p in pieces(state, src, fac) if not KINDS[p[0]].leader]
    options = []
    for k in sorted(set(keys)):
        spare = keys.count(k) - (1 if k == moving else 0)
        if kind == "reduce" and k == moving and not split_key(k)[1]:
            options.append(k)  # the mover itself may be reduced and still move
        elif spare > 0:
            options.append(k)
    return options


def reach(state: MyaState, fac: str, k: str, src: int, ctx: Activation | None) -> Iterator[tuple[int, bool]]:
    """(area, naval) pairs a piece of key `k` in `src` can move to, before stacking, lazily. `ctx` is the
    running activation's frame (tolls paid, rebel escorts); None for a retreat, where no toll can be paid."""
    kind = split_key(k)[0]
    if kind == "anacaona":
        return
    flags = state.d["flags"]
    land_only = flags["land_only"]
    escorted = fac == "ind" and KINDS[kind].bag != "rebel"  # §4.4.1 A: only Rebels sail unescorted
    tolls = flags["shipworm"] or flags["naval"]  # `toll` asks nothing without either
    payable: dict[str, bool] = {}
    for dst, naval, by_land in ROUTES[src]:
        if land_only and not by_land:
            continue
        if naval and escorted:
            escorts = 0 if ctx is None else ctx.get("cred", {}).get(f"{src}-{dst}", 0)
            if not escorts:
                continue
        due = toll(state, fac, kind, src, dst, naval) if tolls else None
        if due is not None:
            if ctx is None:
                continue
            if due not in payable:
                payable[due] = f"{src}:{due}" in ctx["paid"] or bool(toll_choices(state, fac, src, k, due))
            if not payable[due]:
                continue
        yield dst, naval
