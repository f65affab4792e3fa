"""Guerra a Muerte (Against the Odds #23): the Spanish-American wars of independence, 1810–1824, for two
players (patriotas and realistas), playable alone with open intelligence. Rulebook:
`rulebooks/guerra-a-muerte.es.txt`.

Work in progress: the game is not registered yet (the README lists the chapters still unwritten)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ludoteca.core.game import Game
from ludoteca.core.i18n import Catalog
from ludoteca.core.options import Options
from ludoteca.games.guerra_a_muerte import (
    combat,
    deployment,
    guerrilla,
    naval,
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
from ludoteca.games.guerra_a_muerte.options import GamOptions
from ludoteca.games.guerra_a_muerte.procs import PROCS
from ludoteca.games.guerra_a_muerte.state import GamState

__all__ = [
    "GuerraAMuerte",
    "combat",
    "deployment",
    "guerrilla",
    "naval",
    "operations",
    "recruitment",
    "resources",
    "sequence",
    "special",
    "uprisings",
    "victory",
]


class GuerraAMuerte(Game):
    """The game contract for Guerra a Muerte: two roles, the Patriot and the Royalist."""

    id = "guerra-a-muerte"
    title = "Guerra a Muerte"
    roles = ("patriotas", "realistas")
    player_counts = (1, 2)
    rulebook = "rulebooks/guerra-a-muerte.es.txt"
    actions = ACTIONS
    catalog = Catalog(Path(__file__).parent / "messages")
    max_moves = 60_000
    returns_sum = 0.0
    options_type = GamOptions

    def new_initial_state(self, options: Mapping[str, str] | Options | None = None) -> GamState:
        return GamState.new(self, GamOptions.parse(options))

    def data_provenance(self) -> dict[str, int]:
        return BOARD.provenance()


PROCS.check()
