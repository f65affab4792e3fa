"""Guerra a Muerte (Against the Odds #23): the Spanish-American wars of independence, 1810–1824, for two
players (patriotas and realistas), playable alone with open intelligence. Rulebook:
`rulebooks/guerra-a-muerte.es.txt`.

Every chapter of the rulebook is written (the README's module map); the game registers itself at the end
of this module."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ludoteca.core.game import FuzzPlan, Game, SearchHints, register
from ludoteca.core.i18n import Catalog
from ludoteca.core.options import Options
from ludoteca.games.guerra_a_muerte import (
    attrition,
    blockades,
    combat,
    deployment,
    guerrilla,
    iguala,
    interception,
    naval,
    naval_combat,
    operations,
    recruitment,
    resources,
    sequence,
    special,
    uprisings,
    victory,
)
from ludoteca.games.guerra_a_muerte.actions import ACTIONS
from ludoteca.games.guerra_a_muerte.board import BOARD
from ludoteca.games.guerra_a_muerte.counters import COUNTERS
from ludoteca.games.guerra_a_muerte.options import GamOptions
from ludoteca.games.guerra_a_muerte.plans import PLANNER
from ludoteca.games.guerra_a_muerte.procs import PROCS
from ludoteca.games.guerra_a_muerte.state import GamState

__all__ = [
    "GuerraAMuerte",
    "attrition",
    "blockades",
    "combat",
    "deployment",
    "guerrilla",
    "iguala",
    "interception",
    "naval",
    "naval_combat",
    "operations",
    "recruitment",
    "resources",
    "sequence",
    "special",
    "uprisings",
    "victory",
]


_INITIAL: dict[tuple[Game, GamOptions], GamState] = {}
"""The set-up position of each game object and options, copied for every new game."""


class GuerraAMuerte(Game):
    """The game contract for Guerra a Muerte: two roles, the Patriot and the Royalist."""

    id = "guerra-a-muerte"
    title = "Guerra a Muerte"
    roles = ("patriotas", "realistas")
    player_counts = (1, 2)
    rulebook = "Guerra a Muerte (Javier Romero), reglas en castellano, Against the Odds nº 23"
    actions = ACTIONS
    catalog = Catalog(Path(__file__).parent / "messages")
    max_moves = 60_000
    rules_version = "8"  # 2: RP spent to save attrition steps (§4.1), a new decision after an attrition
    # roll; under limited intelligence the activation choices, guerrilla mode and promotion are private
    # (§5.1.3). 3: leaders whose units attrition eliminates roll for their fate (§8.1). 4: partly held areas
    # count ½ at the end (§11.0, option `partial`). 5: the Plan de Iguala variant (§14.1, option `iguala`) and
    # its turn kept in the position. 6: units left behind after a move through a hostile area or across
    # the Andes roll too (§5.2, §5.3); the short scenarios' placements "in any area of …" chosen by the
    # players (§12.2.2–§12.3.3, option `setup`). 7 (issue 55): forces enter and leave cities (§5.0,
    # §6.3.1, new actions); a combat shows what fights (§5.1.3); Cochrane's prize chosen and lost with the
    # Patriot ships (§8.3); a guerrilla denies the enemy's RP (§10.1); losses cite their cause (§5.3). 8: the
    # variant `royalist-hold` (§12.3.4, reconstructed), an option kept in the position as every option is
    returns_sum = 0.0
    options_type = GamOptions
    search = SearchHints(
        scale=4,  # a game is 1,000–4,000 small decisions (one per move, step loss, die): README
        depth=0,  # `evaluate` reads the §11 victory level off the position; random moves add only noise
        norm=0.5,  # the levels' values sit near the ends of the victory scale
        open_chance=True,  # activation, battle, siege, attrition: a die at almost every step
    )
    planner = PLANNER  # issue 56: the search weighs a general's plans where the parts make them (plans.py)
    fuzz = FuzzPlan(
        modes=tuple(
            {"scenario": scenario, "intelligence": intelligence}
            for scenario in ("campaign", "1810-1814", "1815-1818", "1820-1824")
            for intelligence in ("limited", "open")
            if (scenario, intelligence) != ("campaign", "open")
        ),
        cost=60,
        long_modes=({"scenario": "campaign", "intelligence": "open"},),
    )
    """Every scenario in both intelligence settings. A short scenario is 600–1,300 actions and a campaign
    some 3,000, each checked as in every game (30–90 s a game on one core): one game a mode in CI (the
    campaign's one game, some 90 s, is the least that checks the views where the eras join), the
    issue's 300 games a mode by `ludoteca fuzz guerra-a-muerte --games 300 -o …`. The campaign with open
    intelligence (nothing hidden, 2–3 minutes a game) waits for `make fuzz`; the package's own random
    playouts still play it to the end in CI (`tests/test_fuzz.py`)."""

    def new_initial_state(self, options: Mapping[str, str] | Options | None = None) -> GamState:
        """A copy of the scenario's set-up, built once per options (the set-up draws no die; loading a
        saved state and the fuzzer start from it at every step)."""
        parsed = GamOptions.parse(options)
        initial = _INITIAL.get((self, parsed))
        if initial is None:
            initial = _INITIAL[(self, parsed)] = GamState.new(self, parsed)
        return initial.clone()

    def data_provenance(self) -> dict[str, int]:
        return BOARD.provenance()

    def component_data(self) -> dict[str, Any]:
        """What the browser draws from (DESIGN §6): the map, its drawing layout and each counter's printed
        face — public facts only. No position, no scenario set-up and no campaign set-up code: with
        limited intelligence (§5.1.3) where a counter starts is the owner's secret once it is placed."""
        layout = tomllib.loads(
            (Path(__file__).parent / "data" / "layout.reconstructed.toml").read_text("utf-8")
        )
        return {
            "areas": {
                a.id: {"rp": a.rp, "seas": list(a.seas), "hostile": a.hostile, "pro": a.pro}
                for a in BOARD.areas.values()
            },
            "seas": list(BOARD.seas),
            "boxes": list(BOARD.boxes),
            "land_links": [[link.a, link.b, link.andes] for link in BOARD.land_links],
            "sea_links": [[link.a, link.b, link.cost] for link in BOARD.sea_links],
            "box_links": [[link.box, link.to, link.op] for link in BOARD.box_links],
            "cities": {
                c.id: {"name": c.name, "area": c.area, "fortress": c.fortress, "port": c.port, "sea": c.sea}
                for c in BOARD.cities.values()
            },
            "counters": {
                c.id: {
                    "code": BOARD.units[c.id].code if c.id in BOARD.units else "",
                    "side": c.side,
                    "nationality": c.nationality,
                    "arm": c.arm,
                    "steps": c.steps,
                    "factor": c.factor,
                    "reduced": c.reduced,
                    "militia": c.militia,
                }
                for c in COUNTERS.values()
            },
            "leaders": {
                x.id: {"side": x.side, "nationality": x.nationality, "ops": x.ops, "tactical": x.tactical}
                for x in BOARD.leaders.values()
            },
            "layout": layout,
        }

    def terminal_renderer(self) -> Callable[[dict[str, Any], str], Any]:
        from ludoteca.games.guerra_a_muerte.terminal import render

        return render


PROCS.check()


GAME = register(GuerraAMuerte())
