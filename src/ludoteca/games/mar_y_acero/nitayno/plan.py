"""The Nitayno's judgement (rulebook §5): pure functions over a snapshot of the map.

Nothing here touches a state or draws anything: `nitayno.py` builds a `Snapshot`, asks these functions what
§5 says to do, and makes every draw of the area-marker bag a chance node. Where §5 points at pictures we do
not have, or asks for common sense, the heuristic is documented in the package README ("Nitayno").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ludoteca.games.mar_y_acero.nitayno.data import NITAYNO

AREAS = tuple(range(1, 16))
TWO_VP_AREAS = frozenset((1, 2, 7, 8, 9))
MAX_ROUND = 3  # units or leaders per side in a combat round (§4.4.1.B)


@dataclass(frozen=True)
class Piece:
    """One counter on the map, as the Nitayno weighs it."""

    uid: int
    spanish: bool
    bag: str  # soldier | settler | taino | caribe | rebel | leader
    kind: str  # the subtype (jinete, naboria, …) or the leader's id
    attack: int  # the factors of the face showing
    defence: int
    reduced: bool = False
    fights: bool = True  # Anacaona and the Hijos de Caonabó never fight

    @property
    def leader(self) -> bool:
        return self.bag == "leader"


@dataclass(frozen=True)
class Spot:
    """One area: what is printed on it and what stands on it."""

    n: int
    jungle: bool = False
    palisade: bool = False
    citadel: bool = False
    pieces: tuple[Piece, ...] = ()
    colours: tuple[str, ...] = ("taino",)  # the deployment colours printed on the area (§4.1)
    anacaona_indigenous: bool = False

    @property
    def two_vp(self) -> bool:
        """A 2VP area for the Nitayno, with or without its Pergamino (§5.1, §5.3.5)."""
        return self.n in TWO_VP_AREAS

    def side(self, spanish: bool) -> list[Piece]:
        return [p for p in self.pieces if p.spanish == spanish]

    def units(self, spanish: bool) -> list[Piece]:
        """The units (not leaders) of one side, the ones the stacking limit counts."""
        return [p for p in self.pieces if p.spanish == spanish and not p.leader]

    @property
    def spanish_held(self) -> bool:
        """Control (§4.2): a citadel alone holds an area; an empty area is indigenous."""
        return (bool(self.side(True)) or self.citadel) and not self.side(False)

    @property
    def empty(self) -> bool:
        return not self.pieces and not self.citadel


@dataclass(frozen=True)
class Snapshot:
    """The map and the flags in force, as the Nitayno's procedure reads them."""

    spots: dict[int, Spot]
    neighbours: Callable[[int], Sequence[int]]  # basic movement in force (the ring, or less: destiny 23)
    stacking: int = 3
    naval_difficulty: bool = False
    blocked: frozenset[int] = field(default_factory=frozenset)  # areas the Nitayno may not enter now

    def __getitem__(self, n: int) -> Spot:
        return self.spots[n]


# ----------------------------------------------------------------------------------- §5.1 key concepts
def extract(drawn: int, valid: Iterable[int]) -> int | None:
    """The extraction system (§5.1): the area drawn if valid, else the next lower valid number, going
    round from 1 to 15; None when no area is valid."""
    allowed = set(valid)
    for step in range(15):
        area = (drawn - 1 - step) % 15 + 1
        if area in allowed:
            return area
    return None


def garrison(spot: Spot) -> int:
    """Units the Nitayno keeps in an area it holds whenever it can (§5.1)."""
    if spot.two_vp:
        return int(NITAYNO.garrison["two_vp"])
    if spot.jungle:
        return int(NITAYNO.garrison["jungle"])
    return 0


# ------------------------------------------------------------------------------------- combat factors
def factor(piece: Piece, spot: Spot, attacking: bool) -> int:
    """A piece's combat factor in `spot` with every modifier of §4.4.1.B, clamped to 1–5."""
    value = piece.attack if attacking else piece.defence
    if spot.jungle:
        if not attacking and piece.bag in ("taino", "caribe", "settler"):
            value += 1
        if attacking and (piece.bag in ("soldier", "rebel") or piece.kind == "colon"):
            value -= 1
    if piece.spanish and not attacking:
        value += 2 if spot.citadel else 1 if spot.palisade else 0
    if not piece.spanish and spot.anacaona_indigenous:
        value += 1
    return max(1, min(5, value))


def volley(pieces: Iterable[Piece], spot: Spot, attacking: bool) -> int:
    """The sum of the best three factors: six times the hits the side expects in a round."""
    values = sorted((factor(p, spot, attacking) for p in pieces if p.fights), reverse=True)
    return sum(values[:MAX_ROUND])


def superiority(own: Iterable[Piece], enemy: Iterable[Piece], spot: Spot, attacking: bool) -> bool:
    """Combat superiority (§5.3.5; README heuristic 1): the Nitayno expects to inflict more hits than it
    takes. Enemies with no fighter (a citadel alone) leave it superior."""
    enemies = [p for p in enemy if p.fights]
    if not enemies:
        return True
    return volley(own, spot, attacking) > volley(enemies, spot, not attacking)


# ---------------------------------------------------------------------------------------- choosing units
def strongest(pieces: Iterable[Piece], spot: Spot | None = None, attacking: bool = True) -> list[Piece]:
    """Units in the order the Nitayno picks them to move or fight: highest factor, full strength first."""

    def key(p: Piece) -> tuple[int, int, int]:
        value = factor(p, spot, attacking) if spot else (p.attack if attacking else p.defence)
        return (-value, int(p.reduced), p.uid)

    return sorted(pieces, key=key)


def hit_order(pieces: Iterable[Piece]) -> list[Piece]:
    """Who takes the Nitayno's combat hits first (§5.3.5, reconstructed order): reduced units before
    full-strength ones, each by the priority list; leaders last."""
    order = NITAYNO.combat_hits

    def key(p: Piece) -> tuple[int, int, int, int]:
        rank = order.index("leader") if p.leader else order.index(p.kind)
        return (int(p.leader), int(not p.reduced), rank, p.uid)

    return sorted(pieces, key=key)


def retreat_order(pieces: Iterable[Piece]) -> list[Piece]:
    """Who retreats first when not all can (§5.3.5): the hit order reversed, leaders first."""
    return list(reversed(hit_order(pieces)))


def raid_victim(pieces: Iterable[Piece], spanish: bool, own_area: bool = False) -> Piece | None:
    """The unit a raid result strikes (§5.3.5, reconstructed orders): the strongest type first and, of one
    type, a full-strength unit. Spanish leaders are never struck by a raid (§4.4.1.D); the Nitayno's own
    leader only when no other unit is left in its activated area (`own_area`)."""
    order = NITAYNO.raid_spanish if spanish else NITAYNO.raid_indigenous
    candidates = [p for p in pieces if not p.leader and p.kind in order]
    if candidates:
        return min(candidates, key=lambda p: (order.index(p.kind), int(p.reduced), p.uid))
    if own_area:
        leaders = [p for p in pieces if p.leader and p.fights]
        return min(leaders, key=lambda p: p.uid) if leaders else None
    return None


# ------------------------------------------------------------------------------------------ §5.3.5 reach
def reach(snap: Snapshot, origin: int) -> dict[int, int]:
    """Areas the Nitayno's units in `origin` can reach this impulse, each with the area they pass through
    (itself when reached directly): one basic or naval move, then one extended move from an area with no
    enemy (README heuristic 2). Naval moves need Rebels in the area that moves."""
    reached: dict[int, int] = {}
    for first in _moves(snap, origin, snap[origin]):
        reached.setdefault(first, first)
    for first in list(reached):
        if snap[first].side(True) or snap[first].citadel:
            continue
        for second in _moves(snap, first, snap[origin]):
            if second != origin:
                reached.setdefault(second, first)
    return reached


def _moves(snap: Snapshot, start: int, movers: Spot) -> list[int]:
    basic = [n for n in snap.neighbours(start) if n not in snap.blocked]
    rebels = [p for p in movers.units(False) if p.bag == "rebel"]
    naval_cost_ok = not snap.naval_difficulty or len(movers.units(False)) > 1
    if not rebels or not naval_cost_ok:
        return basic
    naval = [n for n in AREAS if n != start and n not in basic and n not in snap.blocked]
    return basic + naval


# ----------------------------------------------------------------------------- activation and targets
def activation_mode(spot: Spot) -> str:
    """What an activated area does (§5.3.5, "Área de activación"): ``move`` or ``raid``."""
    units = len(spot.units(False))
    if spot.two_vp:
        return "move" if units >= NITAYNO.activation["two_vp_move"] else "raid"
    if spot.jungle:
        return "move" if units >= NITAYNO.activation["jungle_move"] else "raid"
    return "move"


def movers(snap: Snapshot, origin: int, target: int, how_many: int | None = None) -> list[Piece]:
    """The pieces that move from `origin` to `target` (§5.3.5 note *): the strongest, leaving the
    garrison, within the stacking limit at the target; `how_many` caps the units (priority 3 moves one).
    Leaders go with the units; they do not count for stacking."""
    spot, dest = snap[origin], snap[target]
    units = strongest(spot.units(False), dest, attacking=True)
    free = max(0, len(units) - garrison(spot))
    room = max(0, snap.stacking - len(dest.units(False)))
    take = min(free, room, len(units) if how_many is None else how_many)
    chosen = units[:take]
    if chosen and how_many is None:
        chosen += [p for p in spot.side(False) if p.leader and p.fights]
    return chosen


@dataclass(frozen=True)
class Target:
    """A target area and why: its §5.3.5 priority (1–6) and the action it calls for."""

    area: int
    priority: int
    action: str  # move | attack | raid
    pieces: tuple[Piece, ...] = ()


def targets(snap: Snapshot, origin: int) -> list[Target]:
    """Every target area the Nitayno may pick from `origin`, by §5.3.5 priority; the caller keeps the
    lowest priority number and breaks ties with the extraction system."""
    found: list[Target] = []
    mode = activation_mode(snap[origin])
    if mode == "move":
        for area in reach(snap, origin):
            target = _move_target(snap, origin, area)
            if target:
                found.append(target)
    found += _raid_targets(snap, origin, prefer_two_vp=mode == "raid")
    return sorted(found, key=lambda t: (t.priority, t.area))


def _move_target(snap: Snapshot, origin: int, area: int) -> Target | None:
    dest = snap[area]
    if dest.empty:
        how_many = None if dest.two_vp else 1
        pieces = movers(snap, origin, area, how_many)
        return Target(area, 1 if dest.two_vp else 3, "move", tuple(pieces)) if pieces else None
    if not dest.spanish_held:
        return None
    pieces = movers(snap, origin, area)
    if not [p for p in pieces if not p.leader] or not superiority(pieces, dest.side(True), dest, True):
        return None
    return Target(area, 2 if dest.two_vp else 4, "attack", tuple(pieces))


def _raid_targets(snap: Snapshot, origin: int, prefer_two_vp: bool) -> list[Target]:
    """Priorities 5 and 6 (and the raid an activation area makes, "a 2VP area if possible"): adjacent
    areas with Spanish units (§4.4.1.D)."""
    if not [p for p in snap[origin].side(False) if p.fights]:
        return []
    found = []
    for area in snap.neighbours(origin):
        dest = snap[area]
        if not dest.units(True):
            continue
        found.append(Target(area, 5 if dest.two_vp else 6, "raid"))
    return found


def second_raid(spot: Spot) -> bool:
    """After a successful raid (§5.3.5): always again against a 2VP area; against a 1VP area only while
    Soldiers remain there."""
    if spot.two_vp:
        return True
    return any(p.bag == "soldier" for p in spot.units(True))


# ---------------------------------------------------------------------------------------- §5.3.5 combat
def keeps_fighting(
    own: Iterable[Piece], enemy: Iterable[Piece], spot: Spot, attacking: bool, last_impulses: bool
) -> bool:
    """Whether the Nitayno fights another round rather than retreat (§5.3.5): with superiority, or by the
    exception — the last impulses of the game, or defending areas 1, 2, 7, 8 and 9."""
    if last_impulses or (not attacking and spot.n in NITAYNO.no_retreat_areas):
        return True
    return superiority(own, enemy, spot, attacking)


def retreat_areas(snap: Snapshot, area: int, attacker_origin: int | None) -> list[int]:
    """Where the Nitayno's units may retreat by basic movement (§4.4.1.B), best first (§5.3.5): the areas
    with the most indigenous units. The caller breaks ties by extraction and respects the room left."""
    options = []
    for n in snap.neighbours(area):
        spot = snap[n]
        if spot.side(True) or spot.citadel or n == attacker_origin or n in snap.blocked:
            continue
        options.append(n)
    return sorted(options, key=lambda n: -len(snap[n].units(False)))


def room(snap: Snapshot, area: int) -> int:
    """Units the Nitayno can still add to `area` without passing the stacking limit."""
    return max(0, snap.stacking - len(snap[area].units(False)))


# --------------------------------------------------------------------------------- §5.3.4 reinforcements
def reinforcement_bag(spot: Spot) -> str:
    """The colour the Nitayno reinforces an area with (§5.3.4 a–c): the colour present, the stronger one
    when several (Rebels, then Caribes, then Taínos), else the colour printed on the area (Caribe where the
    area prints two)."""
    present = {p.bag for p in spot.units(False)}
    for bag in ("rebel", "caribe", "taino"):
        if bag in present:
            return bag
    return "caribe" if "caribe" in spot.colours else spot.colours[0]


def indigenous_units(snap: Snapshot) -> int:
    return sum(len(snap[n].units(False)) for n in AREAS)


def spanish_soldiers(snap: Snapshot) -> int:
    return sum(1 for n in AREAS for p in snap[n].units(True) if p.bag == "soldier")


def by_priority(found: Sequence[Target]) -> tuple[int, list[Target]]:
    """The best priority present and the targets sharing it."""
    best = min(t.priority for t in found)
    return best, [t for t in found if t.priority == best]
