"""How a Guerra a Muerte action reads on a button (issue 55): its place, counter or leader in the reader's
language; a recruit with what it costs and the pool that pays (§4.2, §4.4), and its nation where another
counter bears the same printed name (Chile's and Mexico's "Fragata 2"); read off the position, a militia's
change of mode with the mode it goes to (§10.1) and an uprising's militia without a cost (§9.3)."""

from __future__ import annotations

from collections import Counter as Tally
from typing import TYPE_CHECKING, Any

from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS, PATRIOT_POOLS

if TYPE_CHECKING:
    from ludoteca.core.i18n import Catalog
    from ludoteca.games.guerra_a_muerte.state import GamState

KINDS = (
    ("area", BOARD.areas),
    ("unit", COUNTERS),
    ("sea", BOARD.seas),
    ("box", BOARD.boxes),
    ("leader", BOARD.leaders),
)


def plain_label(catalog: Catalog, notation: str, lang: str) -> str:
    """The label of the action `notation`, which reads only the action and the messages."""
    verb, _, what = notation.partition(" ")
    kind = next((k for k, names in KINDS if what in names), "")
    if what and not kind and verb not in ("spend", "die"):  # "attack rebels", "siege works"
        verb, what = f"{verb}_{what}", ""
    params: dict[str, Any] = {"target": f"@{kind}.{what}" if kind else what}
    if verb == "recruit":
        verb, params = recruit_label(what, params, what in shared_names(catalog, lang))
    return catalog.text(f"action.{verb}", lang, params)


def shared_names(catalog: Catalog, lang: str) -> frozenset[str]:
    """The printed units whose name in `lang` another unit bears too (the frigates and ships of each
    navy): a label names their nation. Worked out once per language and messages."""
    key = ("guerra-a-muerte", "shared_names", lang)
    known = catalog.derived.get(key)
    if known is None:
        names = {uid: catalog.text(f"unit.{uid}", lang) for uid in BOARD.units}
        tally = Tally(names.values())
        known = catalog.derived[key] = frozenset(uid for uid, name in names.items() if tally[name] > 1)
    return frozenset(known)


def recruit_label(uid: str, params: dict[str, Any], shared: bool) -> tuple[str, dict[str, Any]]:
    """The message and parameters of recruiting `uid`: its cost (§4.4), the pool that pays it first and
    the others that may (§4.2), its nation where its name is shared."""
    counter = COUNTERS[uid]
    pools = PATRIOT_POOLS.get(counter.nationality, ("royalist",))
    cost = counter.cost()
    params |= {"cost": int(cost) if cost.is_integer() else "½", "pool": f"@pool.{pools[0]}"}
    verb = "recruit"
    if len(pools) > 1:
        verb, params["also"] = "recruit_shared", [f"@pool.{p}" for p in pools[1:]]
    if shared:
        verb, params["nation"] = f"{verb}_of", f"@nation.{counter.nationality}"
    return verb, params


def position_label(state: GamState, view: dict[str, Any], lang: str) -> str:
    """The label of a ``guerrilla`` or ``recruit`` action (`view`) in `state`: changing the mode of a
    militia says the mode it goes to, guerrilla or militia again (§10.1); a militia counter chosen for a
    successful uprising is raised, not bought (§9.3), so its label names no cost."""
    catalog, uid = state.game.catalog, view["target"]
    if view["group"] == "guerrilla":
        key = (
            "action.guerrilla_to_militia"
            if state.d["units"][uid]["guerrilla"]
            else "action.guerrilla_to_guerrilla"
        )
        return catalog.text(key, lang, {"target": f"@unit.{uid}"})
    wait = state.d["wait"] or {}
    if wait.get("prompt") == "prompt.uprising_militia":
        return catalog.text("action.raise", lang, {"target": f"@unit.{uid}"})
    return str(view["label"])
