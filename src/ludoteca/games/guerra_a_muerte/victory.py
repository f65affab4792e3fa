"""§11 Cómo ganar (and §10.5, §12.x.4): areas counted at the end of the last turn, the Royalist garrison
minimums, the victory levels; and `evaluate`, the search AI's reading of a position by the same count."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from ludoteca.core.procedure import Frame
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.procs import PROCS

if TYPE_CHECKING:
    from ludoteca.games.guerra_a_muerte.state import GamState

RETURNS = {"patriot": [1.0, -1.0], "royalist": [-1.0, 1.0], "draw": [0.0, 0.0]}


def counted(area: str) -> bool:
    """§11.0: areas worth 0 RP (Pampas, Chaco) never count."""
    return BOARD.areas[area].rp > 0


def share(held: frozenset[str], side: str, partial: str) -> float:
    """What an area whose holders are `held` counts for `side` at the end (§11.0, §10.6): the rulebook's
    "las áreas bajo control parcial de ambos bandos cuentan como ½ área" — its "½" lost from the text we
    have (README ambiguity A#24b) — so 1 held alone, ½ shared with any other holder, 0 not held; for the
    Patriot, the El Plata rebels' areas count ½, held partly or wholly (§10.6). With `partial=whole`
    every area held, partly or wholly, counts 1, the rebels' too."""
    holds = "royalist" in held if side == "royalist" else bool(held & PATRIOT_HOLDERS)
    if not holds:
        return 0.0
    if partial == "whole" or held == ALONE[side]:
        return 1.0
    return 0.5


def area_count(control: dict[str, frozenset[str]], side: str, partial: str) -> float:
    """The areas `side` counts at the end (§11.0): the Royalist his continental ones (§11.1), the Patriot
    all his; areas worth 0 RP never count; each by its `share`."""
    counted = COUNTED_CONTINENTAL if side == "royalist" else COUNTED
    return sum(share(held, side, partial) for x, held in control.items() if counted.get(x))


def shown(count: float) -> str:
    """A count of areas as the outcome names it: 14, 14½, ½."""
    whole, half = divmod(round(count * 2), 2)
    return f"{whole or ''}½" if half else str(whole)


def royalist_areas(control: dict[str, frozenset[str]]) -> list[str]:
    """§11.1: continental areas the Royalist controls, fully or partly, by `control` (Cuba, Santo Domingo
    and Puerto Rico not counted)."""
    return [x for x, held in control.items() if "royalist" in held and COUNTED_CONTINENTAL.get(x)]


REGULAR_ROYALIST = frozenset(
    u
    for u, c in COUNTERS.items()
    if c.side == "royalist" and not c.militia and c.arm in ("infantry", "cavalry")
)
"""The counters §10.5's garrisons count: regular Royalist infantry and cavalry."""
ON_MAP = frozenset((*BOARD.areas, *BOARD.seas, *BOARD.boxes))
COUNTED = {area: counted(area) for area in BOARD.areas}
COUNTED_CONTINENTAL = {area: counted(area) and BOARD.areas[area].continental for area in BOARD.areas}
PATRIOT_HOLDERS = frozenset(("patriot", "rebel"))
ALONE = {"royalist": frozenset(("royalist",)), "patriot": frozenset(("patriot",))}
"""An area held by the side alone: the only control that counts a whole area (§11.0)."""


def regular_steps(state: GamState, areas: tuple[str, ...] | list[str]) -> int:
    """Regular Royalist infantry and cavalry steps in `areas` (§10.5)."""
    where, records = state.by_place(), state.d["units"]
    return sum(int(records[u]["steps"]) for x in areas for u in where.get(x, ()) if u in REGULAR_ROYALIST)


def garrison_short(state: GamState, rules: dict[str, object]) -> bool:
    """§10.5, §12.1.4, §12.2.4: the Royalist lacks the regular steps required in New Spain (with
    Guatemala) or in Cuba and Puerto Rico."""
    new_spain = regular_steps(state, BOARD.lists["new_spain"])
    caribbean = regular_steps(state, BOARD.lists["caribbean_garrison"])
    return new_spain < int(str(rules["garrison_new_spain"])) or caribbean < int(
        str(rules["garrison_caribbean"])
    )


def scenario_rules(state: GamState) -> tuple[dict[str, Any], int]:
    """The victory rules of the game's scenario (§11.1 or §12.x.4; one may be `same_as` another) and the
    areas the §10.5 garrison penalty takes off the side short of it (0 if none)."""
    rules = rules_for(state.options.scenario, state.options.royalist_hold)
    return rules, int(rules["garrison_penalty"]) if garrison_short(state, rules) else 0


def rules_for(scenario: str, royalist_hold: str = "off") -> dict[str, Any]:
    """The victory rules of `scenario` (§11.1 or §12.x.4), following `same_as`; with the variant
    `royalist_hold=start` (reconstructed, README "The Royalist holds his ground") 1820–1824's Royalist
    victory level is the areas he starts with (`BOARD.royalist_hold`), the rest unchanged."""
    rules: dict[str, Any] = BOARD.victory[scenario]
    if rules.get("same_as"):
        rules = BOARD.victory[str(rules["same_as"])]
    held = BOARD.royalist_hold.get(scenario) if royalist_hold == "start" else None
    if held is not None:
        rules = {**rules, "royalist_min_areas": int(held["royalist_min_areas"])}
    return rules


def outcome(state: GamState) -> tuple[str, dict[str, float]]:
    """The winner ("patriot", "royalist" or "draw") and the counts behind it, each area by its `share`
    (a partly held one ½ under `partial=half`).

    Campaign and 1820–1824 (§11.1, ambiguity 24): the Royalist wins with 15 continental areas (in 1820–1824
    under the variant `royalist_hold=start`, with the 17 he starts with); he draws
    with 5 continental areas worth 14 RP or more (the RP printed on the areas he holds, partly or
    wholly); otherwise the Patriot wins. With `victory=literal` the Patriot wins only as §11.1.1 prints it
    (the Royalist holds at most two continental areas, worth 4 RP or less together), and a count that
    reaches no level is a draw. A Royalist short of the §10.5 garrison counts 2 areas fewer (the Patriot
    "controls 2 areas more"). The short scenarios count the Patriot's areas against §12.x.4's thresholds,
    2 more if the garrison is short: the Patriot wins at the victory level, the Royalist at the draw
    band's low end less one or under ("10 o menos"), and a count between (10½, 13½) is a draw."""
    rules, penalty = scenario_rules(state)
    control, partial = state.control(), state.options.partial
    if "royalist_min_areas" in rules:
        held = royalist_areas(control)
        n = area_count(control, "royalist", partial) - penalty
        rp = sum(BOARD.areas[x].rp for x in held)
        counts = {"areas": n, "rp": rp, "penalty": penalty}
        if n >= int(rules["royalist_min_areas"]):
            return "royalist", counts
        if n >= int(rules["draw_min_areas"]) and rp >= int(rules["draw_min_rp"]):
            return "draw", counts
        if state.options.victory == "literal" and not literal_patriot_victory(n, rp, rules):
            return "none", counts
        return "patriot", counts
    n = area_count(control, "patriot", partial) + penalty
    counts = {"areas": n, "rp": 0, "penalty": penalty}
    if n >= int(rules["patriot_win"]):
        return "patriot", counts
    low, _ = rules["draw"]
    return ("draw" if n > int(low) - 1 else "royalist"), counts


def literal_patriot_victory(areas: float, rp: int, rules: dict[str, object]) -> bool:
    """§11.1.1 as printed: the Royalist holds only two continental areas (or fewer), worth no more than
    4 RP between them."""
    return areas <= int(str(rules["patriot_max_areas"])) and rp <= int(str(rules["patriot_max_rp"]))


victory = PROCS.proc("victory", rule="11.1")


@victory.step()
def _victory(state: GamState, frame: Frame, action: int | None) -> None:
    """The game's end: the level reached; under `victory=literal` a count between the levels ("none")
    scores as a draw."""
    winner, counts = outcome(state)
    n = counts["areas"]
    params = {**counts, "areas": n if n % 1 else int(n), "shown": shown(n)}
    state.end_game(f"outcome.{winner}", RETURNS["draw" if winner == "none" else winner], **params)


def _between(x: float, points: list[tuple[float, float]]) -> float:
    """Piecewise-linear interpolation through `points` (x ascending), flat beyond the ends."""
    if x <= points[0][0]:
        return points[0][1]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return points[-1][1]


def level(state: GamState) -> float:
    """Where the position stands on the scenario's victory levels, for the Patriot, in [-1, 1]: the same
    count as `outcome` (§11.1 or §12.x.4, the §10.5 garrison penalty included), +1 at the Patriot's victory
    threshold, 0 in the middle of the draw band, -1 at the Royalist's. Campaign and 1820–1824: the Royalist's
    continental areas, 15 → -1, the draw minimum (5 areas worth 14 RP) → 0, none → +1; the short scenarios:
    the Patriot's areas, the victory threshold → +1, the middle of the draw band → 0, the draw band's low
    end less its width → -1. Under `victory=literal` a count in §11.1's gap (no level reached) reads 0."""
    rules, penalty = scenario_rules(state)
    return level_at(state, state.control(), rules, penalty)


def tally(state: GamState, control: dict[str, frozenset[str]], rules: dict[str, Any]) -> tuple[float, int]:
    """What `level_at` reads off `control`: the counting side's areas (the Royalist's continental ones
    where `rules` count them, else the Patriot's) and, for the Royalist, their RP (0 for the Patriot)."""
    partial = state.options.partial
    if "royalist_min_areas" in rules:
        rp = sum(BOARD.areas[x].rp for x in royalist_areas(control))
        return area_count(control, "royalist", partial), rp
    return area_count(control, "patriot", partial), 0


def level_at(
    state: GamState,
    control: dict[str, frozenset[str]],
    rules: dict[str, Any],
    penalty: float,
    shift: float = 0.0,
    counted: tuple[float, int] | None = None,
) -> float:
    """`level` for the areas `control` gives, the garrison `penalty` (areas, possibly a fraction) and the
    counting side's areas moved by `shift` (the Royalist's where `rules` count them, else the Patriot's):
    the evaluation's reading of the count one turn on (`evaluation.py`). `counted`: `tally` of `control`,
    where the caller reads several levels of one position."""
    areas, rp = tally(state, control, rules) if counted is None else counted
    if "royalist_min_areas" in rules:
        n = areas - penalty + shift
        draw_min = int(rules["draw_min_areas"])
        if rp < int(rules["draw_min_rp"]):
            n = min(n, draw_min - 1)
            if state.options.victory == "literal" and not literal_patriot_victory(n, rp, rules):
                return 0.0  # §11.1 as printed: no level between the Patriot's and the draw's
        return _between(n, [(0, 1.0), (draw_min, 0.0), (int(rules["royalist_min_areas"]), -1.0)])
    n = areas + penalty + shift
    low, high = (int(x) for x in rules["draw"])
    width = high - low + 1
    return _between(n, [(low - width, -1.0), ((low + high) / 2, 0.0), (int(rules["patriot_win"]), 1.0)])


def evaluate(state: GamState) -> list[float]:
    """The search AI's reading of an unfinished game, on the scale of `returns()` (±0.9 at most): the
    victory level now, the level the next turn's threats point to and the material (`evaluation.py`)."""
    from ludoteca.games.guerra_a_muerte.evaluation import evaluate as appraise

    return appraise(state)
