"""Pax Porfiriana (Phil and Matt Eklund, Sierra Madre Games; Spanish edition by MasQueOca): hacendados of the
Mexican north and the American borderlands, 1898–1920, scheming to topple Porfirio Díaz, for 2–6 players
or alone against Díaz. Rulebook: `rulebooks/pax-porfiriana.es.txt` (a player aid), completed by
`games/pax-porfiriana.md`.

Registered at import (`GAME`), like every finished game: the command line, the lobby, the adapters and the
cross-game tests see it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from ludoteca.core.game import FuzzPlan, Game, SearchHints, register
from ludoteca.core.i18n import Catalog
from ludoteca.core.options import Options
from ludoteca.core.state import State
from ludoteca.games.pax_porfiriana import diaz, economy, effects, market, play, topple, troops, turn
from ludoteca.games.pax_porfiriana.actions import ACTIONS, ROLES, verb
from ludoteca.games.pax_porfiriana.board import provenance
from ludoteca.games.pax_porfiriana.options import PaxOptions
from ludoteca.games.pax_porfiriana.procs import PROCS
from ludoteca.games.pax_porfiriana.state import PaxState

RULES = (diaz, economy, effects, market, play, topple, troops, turn)


class PaxPorfiriana(Game):
    """The game contract for Pax Porfiriana: six seats, those beyond `players` never act."""

    id = "pax-porfiriana"
    title = "Pax Porfiriana"
    roles = ROLES
    player_counts = (1, 2, 3, 4, 5, 6)
    rulebook = "Pax Porfiriana (Phil Eklund), ayuda de juego en castellano, edición de MasQueOca"
    actions = ACTIONS
    catalog = Catalog(Path(__file__).parent / "messages", Path(__file__).parent / "messages" / "cards")
    max_moves = 20_000
    rules_version = "3"  # 2: the Speculate action moves any cube with an empty reserve (new actions); troops
    # in play can be sold; loots by a depression let their troops retreat (the frame stack's "retreats");
    # 3, issue 57: the position no longer copies the options (`n`, `solo`), so every digest differs
    options_type = PaxOptions
    solo_opponents: ClassVar[Mapping[str, str]] = {"diaz": "players=2 solo=diaz"}
    search = SearchHints(depth=1)  # one random action after the leaf, then `topple.evaluate`: README §12
    fuzz = FuzzPlan(
        modes=(*({"players": str(n)} for n in range(2, 7)), {"players": "2", "solo": "diaz"}), cost=20
    )
    """Every player count and Díaz's solitaire; a game runs to its fourth Topple, a thousand actions or more
    with up to six views each, some twenty Maquis games."""

    def new_initial_state(self, options: Mapping[str, str] | Options | None = None) -> PaxState:
        return PaxState.new(self, PaxOptions.parse(options))

    def roles_in_play(self, options: Options) -> tuple[int, ...]:
        assert isinstance(options, PaxOptions)
        return (0,) if options.solo == "diaz" else tuple(range(options.players))

    def guided_action(self, state: State[Any], rng: random.Random) -> int | None:
        """The fuzzer's guide toward whole games: prefer buying (the Topples end the game) to ending the
        turn."""
        legal = state.legal_actions()
        busy = [action for action in legal if verb(action) in ("buy", "play")]
        return rng.choice(busy) if busy and rng.random() < 0.7 else None

    def data_provenance(self) -> dict[str, int]:
        return provenance()

    def terminal_renderer(self) -> Callable[[dict[str, Any], str], Any]:
        from ludoteca.games.pax_porfiriana.terminal import render

        return render


PROCS.check()
GAME = register(PaxPorfiriana())
