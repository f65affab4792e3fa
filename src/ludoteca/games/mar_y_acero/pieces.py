"""The position's vocabulary: pieces on the map, bags, control and victory points (§4.2).

A piece is a list ``[kind, reduced, moved]`` in ``d["map"][area - 1][faction]``; its *key* is the kind, or
``kind.r`` once reduced. Leaders sit in the list of the faction whose face shows. Functions here read and
change ``st.d`` only; procedures (the rules' steps) call them.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from ludoteca.games.mar_y_acero.actions import act, arg
from ludoteca.games.mar_y_acero.board import AREAS, BAGS, BOARD, Destiny
from ludoteca.games.mar_y_acero.position import Faction

if TYPE_CHECKING:
    from ludoteca.games.mar_y_acero.state import MyaState

KINDS = BOARD.kinds
OTHER: dict[str, Faction] = {"es": "ind", "ind": "es"}
ROLE = {"es": 0, "ind": 1}
FACTION_OF_ROLE: tuple[Faction, Faction] = ("es", "ind")
NON_COMBAT = {"anacaona"}
LEADERS = frozenset(k for k, spec in KINDS.items() if spec.leader)
TWO_VP = frozenset(area for area in AREAS if BOARD.areas[area].two_vp)


def key(piece: list[Any]) -> str:
    return f"{piece[0]}.r" if piece[1] else str(piece[0])


@cache
def split_key(k: str) -> tuple[str, int]:
    """The kind and whether reduced (1) of a key; cached, as there are a few dozen keys."""
    kind, _, r = k.partition(".")
    return kind, int(bool(r))


def pieces(state: MyaState, area: int, fac: str) -> list[list[Any]]:
    return state.d["map"][area - 1][fac]


def is_unit(piece: list[Any]) -> bool:
    return piece[0] not in LEADERS


def count_units(side: list[list[Any]]) -> int:
    """Pieces of one side of an area that count for stacking: units, never leaders (§4.2)."""
    count = len(side)
    for p in side:
        if p[0] in LEADERS:
            count -= 1
    return count


def units(state: MyaState, area: int, fac: str) -> int:
    """Pieces that count for stacking: units, never leaders (§4.2)."""
    return count_units(state.d["map"][area - 1][fac])


def stands(side: list[list[Any]]) -> bool:
    """Whether one side of an area holds a unit or leader (Anacaona only follows control, see README).
    Anacaona is a single piece, so two pieces always include one that counts."""
    return len(side) > 1 or (len(side) == 1 and side[0][0] != "anacaona")


def present(state: MyaState, area: int, fac: str) -> bool:
    """Whether `fac` has a unit or leader in `area` (Anacaona only follows control, see README)."""
    return stands(state.d["map"][area - 1][fac])


def combatants(state: MyaState, area: int, fac: str) -> list[list[Any]]:
    return [p for p in pieces(state, area, fac) if KINDS[p[0]].fights]


def contested(state: MyaState, area: int) -> bool:
    return present(state, area, "es") and present(state, area, "ind")


def control_now(state: MyaState, area: int) -> str | None:
    """§4.2: a unit, leader or Citadel and no enemy unit or leader; an empty area is indigenous;
    None while both sides stand there (a combat is pending)."""
    es, ind = present(state, area, "es"), present(state, area, "ind")
    if es and ind:
        return None
    if es or (area in state.d["cit"] and not ind):
        return "es"
    return "ind"


def value(state: MyaState, area: int) -> int:
    """1 VP, or 2 for a 2 VP area whose scroll the Royal Scribes removed (§4.4.3)."""
    return 2 if area in TWO_VP and area not in state.d["scroll"] else 1


def update_control(state: MyaState) -> None:
    """Control, VP, and what follows control: palisades fall when no Spaniard is left, citadels when
    the Indigenous take the area (§4.4.2); Anacaona shows the side of the area's holder (card 25)."""
    position = state.d
    ctrl, cits, pals, scroll = position["ctrl"], position["cit"], position["pal"], position["scroll"]
    vp = 0
    for i, cell in enumerate(position["map"]):  # the search runs this after most actions: `stands`, inline
        area = i + 1
        side = cell["es"]
        es = len(side) > 1 or (len(side) == 1 and side[0][0] != "anacaona")
        side = cell["ind"]
        ind = len(side) > 1 or (len(side) == 1 and side[0][0] != "anacaona")
        if not es:  # no Spaniard: the area is indigenous unless an empty one keeps its Citadel
            ctrl[i] = "es" if not ind and cits and area in cits else "ind"
            if pals and area in pals:
                pals.remove(area)
        elif not ind:
            ctrl[i] = "es"
        if ctrl[i] == "es":
            vp += 2 if area in TWO_VP and area not in scroll else 1  # `value`
        elif cits and area in cits:
            cits.remove(area)
    _anacaona_follows(state)
    position["vp"] = vp


def _anacaona_follows(state: MyaState) -> None:
    """Card 25: Anacaona, once on the map, shows the side of her area's holder (she never changes who
    holds it: `stands` leaves her out)."""
    side = state.d["anacaona"]
    if side not in OTHER:
        return
    for i, cell in enumerate(state.d["map"]):
        if any(p[0] == "anacaona" for p in cell[side]):
            if state.d["ctrl"][i] == OTHER[side]:
                _flip_anacaona(state, i + 1)
            return


def _flip_anacaona(state: MyaState, area: int) -> None:
    side = state.d["anacaona"]
    here = pieces(state, area, side)
    for p in here:
        if p[0] == "anacaona":
            here.remove(p)
            pieces(state, area, OTHER[side]).append(p)
            state.d["anacaona"] = OTHER[side]
            return


def in_force(state: MyaState) -> Destiny:
    """The destiny card in force (§4.3.2 I): one is drawn at the start of every turn, turn 1's included."""
    card = state.d["destiny"]
    assert card is not None, "§4.3.2 I: no destiny card has been drawn yet"
    return BOARD.destinies[card]


def place(state: MyaState, area: int, fac: str, kind: str, reduced: int = 0, moved: int = 0) -> None:
    pieces(state, area, fac).append([kind, reduced, moved])


def find(state: MyaState, area: int, fac: str, k: str) -> list[Any]:
    kind, red = split_key(k)
    for p in pieces(state, area, fac):
        if p[0] == kind and p[1] == red:
            return p
    raise KeyError(f"no {k} of {fac} in area {area}")


def remove(state: MyaState, area: int, fac: str, piece: list[Any]) -> None:
    """A unit goes back to its bag; a leader is eliminated from the game (§4.2)."""
    pieces(state, area, fac).remove(piece)
    kind = piece[0]
    if not KINDS[kind].leader:
        state.d["bags"][KINDS[kind].bag][kind] += 1
        return
    leader_gone(state, kind)


def leader_gone(state: MyaState, kind: str) -> None:
    position = state.d
    if kind == "colon":
        position["colon"] = "dead"
        if state.options.testament:
            position["testament_due"] = True
    elif kind == "caonabo":
        position["caonabo"] = "dead"
        position["hijos"] = False
    elif kind == "guacanagari":
        position["guaca"] = "dead"
    state.log("log.leader_dead", leader=f"@kind.{kind}")


def take_hit(state: MyaState, area: int, fac: str, k: str) -> str | None:
    """One step lost (§4.4.1 B): a full piece is reduced, a reduced one leaves. The new key, or None."""
    piece = find(state, area, fac, k)
    if piece[1] or KINDS[piece[0]].only_reduced:
        remove(state, area, fac, piece)
        return None
    piece[1] = 1
    return key(piece)


def strength_order(k: str, fac_factor: str = "defence") -> tuple[int, int, str]:
    """Sort key for 'the unit with the highest FC': factor, then full strength first, then name."""
    kind, red = split_key(k)
    spec = KINDS[kind]
    fc = spec.reduced if red else getattr(spec, fac_factor)
    return (-fc, red, kind)


def draw_weights(state: MyaState, bag: str) -> dict[str, int]:
    return {k: n for k, n in state.d["bags"][bag].items() if n > 0}


def units_on_map(state: MyaState, fac: str) -> int:
    """Pieces that keep a faction in the game (§4.6): units and leaders on the map, Citadels for Spain."""
    count = len(state.d["cit"]) if fac == "es" else 0
    for cell in state.d["map"]:
        for p in cell[fac]:
            if p[0] not in NON_COMBAT:
                count += 1
    return count


def draw_unit(state: MyaState, bag: str, then: str) -> bool:
    """A unit drawn at random from `bag` (a chance node); False if the bag is empty."""
    weights = draw_weights(state, bag)
    if not weights:
        return False
    state.chance({act(f"unit {k}"): n for k, n in weights.items()}, then=then)
    return True


def take_from_bag(state: MyaState, action: int) -> str:
    kind = arg(action)
    bag = BOARD.kinds[kind].bag
    state.d["bags"][bag][kind] -= 1
    return kind


# ------------------------------------------------------------------------ invariants (DESIGN §2)
def broken_invariants(state: MyaState) -> list[str]:
    """What the position breaks: counters and cards conserved (§3), the box limits of palisades and
    citadels (§4.4.2), each leader at most once on the map."""
    position = state.d
    broken = []
    from ludoteca.games.mar_y_acero.deploy import in_hand  # deploy.py places what pieces.py counts

    drawn = in_hand(state)
    for bag in BAGS:
        for kind in BOARD.bag_kinds[bag]:
            on_map = sum(
                1 for x in AREAS for fac in ("es", "ind") for p in pieces(state, x, fac) if p[0] == kind
            )
            total = position["bags"][bag][kind] + on_map + position["ships"].count(kind) + drawn.count(kind)
            if total != BOARD.kinds[kind].count or position["bags"][bag][kind] < 0:
                broken.append(f"{kind}: {total} counters, the game has {BOARD.kinds[kind].count}")
    wait = position["wait"]
    if wait is not None and wait.get("prompt") == "prompt.impulse":  # §4.2/§4.3.2 IV: over-stacked first
        fac = FACTION_OF_ROLE[wait["role"]]
        over = {
            x
            for x in AREAS
            if sum(1 for p in pieces(state, x, fac) if not BOARD.kinds[p[0]].leader) > position["limit"][fac]
        }
        names = [state.game.actions.names[action] for action in wait["actions"]]
        if over and any(not n.startswith("activate ") or int(n.split()[1]) not in over for n in names):
            broken.append(f"{fac} has over-stacked areas {sorted(over)} but may choose {names}")
    for name, value, low, high in (("vp", position["vp"], 0, 20), ("rs", position["rs"], 0, 10)):
        if not low <= value <= high:
            broken.append(f"{name} {value} off its track")
    if len(position["pal"]) > BOARD.tracks["palisades"] or len(position["cit"]) > BOARD.tracks["citadels"]:
        broken.append("more palisades or citadels than the box holds")
    if set(position["pal"]) & set(position["cit"]):
        broken.append("a palisade and a citadel in the same area")
    for leader in ("colon", "caonabo", "guacanagari", "anacaona"):
        count = sum(
            1 for x in AREAS for fac in ("es", "ind") for p in pieces(state, x, fac) if p[0] == leader
        )
        if count > 1:
            broken.append(f"{leader} on the map {count} times")
    colon_on = any(p[0] == "colon" for x in AREAS for p in pieces(state, x, "es"))
    if colon_on != (position["colon"] == "map"):
        broken.append(f"Colón is {position['colon']} but {'on' if colon_on else 'off'} the map")
    hand = position["hands"]
    if state.options.mode == "two-player":
        for fac in ("es", "ind"):
            cards = (
                hand[fac]
                + position["played"][fac]
                + ([position["commit"][fac]] if position["commit"][fac] else [])
            )
            if len(set(cards)) != len(cards) or (position["turn"] >= 1 and len(cards) != 5):
                broken.append(f"{fac} event cards not conserved: {cards}")
    return broken
