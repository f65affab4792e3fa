"""The position as the Nitayno reads it (§5), and its one source of chance: the extraction system (§5.1).

`snapshot` turns the state's map into the plain `Snapshot` that `nitayno.plan` judges; `extract` is the
procedure that draws an area marker from the black bag (a chance node) and counts down to a valid area.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, TypedDict

from ludoteca.games.mar_y_acero.actions import act, arg
from ludoteca.games.mar_y_acero.board import AREAS, BOARD
from ludoteca.games.mar_y_acero.nitayno.plan import Piece, Snapshot, Spot, extract
from ludoteca.games.mar_y_acero.pieces import KINDS, split_key
from ludoteca.games.mar_y_acero.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.position import Nitayno
    from ludoteca.games.mar_y_acero.state import MyaState

MARKERS = {act(f"marker {n}"): w for n, w in BOARD.area_bag.items()}


@cache
def piece_of(uid: int, spanish: bool, k: str) -> Piece:
    """A counter by its key (``tama``, ``tama.r``), with the factors of the face showing. Pieces are
    frozen, so the few hundred there can be are built once and shared by every snapshot."""
    kind, reduced = split_key(k)
    spec = KINDS[kind]
    low = bool(reduced) or spec.only_reduced
    attack = spec.reduced if low else spec.attack
    defence = spec.reduced if low else spec.defence
    bag = "leader" if spec.leader else spec.bag
    return Piece(uid, spanish, bag, kind, attack, defence, bool(reduced), spec.fights)


@lru_cache(maxsize=1 << 14)
def spot(n: int, uid: int, palisade: bool, citadel: bool, es: tuple[str, ...], ind: tuple[str, ...]) -> Spot:
    """Area `n` with the Spanish then the indigenous pieces of keys `es` and `ind`, numbered from `uid`.
    Spots are frozen, so one is built once for every snapshot that shows the area alike."""
    here = [piece_of(uid + i, True, k) for i, k in enumerate(es)]
    here += [piece_of(uid + len(es) + i, False, k) for i, k in enumerate(ind)]
    area = BOARD.areas[n]
    return Spot(
        n,
        jungle=area.jungle,
        palisade=palisade,
        citadel=citadel,
        pieces=tuple(here),
        colours=("caribe", "taino") if area.colour == "split" else (area.colour,),
        anacaona_indigenous="anacaona" in ind,
    )


def snapshot(state: MyaState) -> Snapshot:
    """The map as the Nitayno reads it, its pieces numbered area by area, Spanish first."""
    position = state.d
    pals, cits = position["pal"], position["cit"]
    spots = {}
    uid = 0
    for n, cell in zip(AREAS, position["map"], strict=True):  # every decision of the Nitayno: `key`, inline
        es = tuple([f"{p[0]}.r" if p[1] else p[0] for p in cell["es"]])
        ind = tuple([f"{p[0]}.r" if p[1] else p[0] for p in cell["ind"]])
        spots[n] = spot(n, uid, n in pals, n in cits, es, ind)
        uid += len(es) + len(ind)
    land_only = position["flags"]["land_only"]

    def neighbours(n: int) -> list[int]:
        return [modified for modified in BOARD.adjacent(n) if not land_only or BOARD.land_link(n, modified)]

    return Snapshot(
        spots, neighbours, stacking=position["limit"]["ind"], naval_difficulty=position["flags"]["naval"]
    )


def level(state: MyaState) -> int:
    return state.options.level


def memory(state: MyaState) -> Nitayno:
    """The Nitayno's own keys in the state (decks, the plan of the running impulse…)."""
    return state.d.setdefault("nitayno", {})


def keys_of(actions: Iterable[int]) -> dict[str, int]:
    """Piece keys (or areas) named by a decision's actions, mapped to the action."""
    return {arg(action): action for action in actions}


# ------------------------------------------------------------------------------- §5.1 the extraction
class Extraction(TypedDict):
    """§5.1: the valid areas, and why the Nitayno draws (a log's words)."""

    valid: list[int]
    why: str


extraction = PROCS.proc("nitayno.extract", rule="5.1", frame=Extraction)


def draw_area(state: MyaState, valid: Iterable[int], then: str, why: str) -> None:
    """Run the extraction system over `valid` areas; the caller finds the area (or None) in ``f["ret"]``.
    With a single valid area nothing needs drawing: every marker would lead to it."""
    state.call(extraction, Extraction(valid=sorted(set(valid)), why=why), then=then)


@extraction.step()
def _extract(state: MyaState, frame: Extraction, action: None) -> None:
    valid = frame["valid"]
    if len(valid) <= 1:
        state.ret(valid[0] if valid else None)
        return
    state.chance(MARKERS, then="drawn")


@extraction.step("drawn")
def _extract_drawn(state: MyaState, frame: Extraction, action: int) -> None:
    drawn = int(arg(action))
    area = extract(drawn, frame["valid"])
    state.log("nitayno.extracted", marker=drawn, area=area, why=f"@nitayno.why.{frame['why']}")
    state.ret(area)
