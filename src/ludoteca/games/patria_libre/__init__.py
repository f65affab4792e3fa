"""Patria Libre (Saúl Sánchez, Malinche Games): insurgents against royalists in New Spain, 1810–1821, for
2 or 4 players, 3 with Iturbide's military faction, or alone against the personality deck.
Rulebook: `rulebooks/patria-libre.es.txt`."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from ludoteca.core.game import FuzzPlan, Game, register
from ludoteca.core.i18n import Catalog
from ludoteca.core.options import Options
from ludoteca.core.state import State
from ludoteca.games.patria_libre import (  # noqa: F401  (each registers its procedures)
    activate_card,
    card_effects,
    market,
    military,
    orders,
    personality,
    popularity,
    prisoners,
    scoring,
    setup,
    turn,
)
from ludoteca.games.patria_libre.actions import ACTIONS
from ludoteca.games.patria_libre.board import BOARD, ROLES
from ludoteca.games.patria_libre.options import PatriaOptions
from ludoteca.games.patria_libre.procs import PROCS
from ludoteca.games.patria_libre.state import PatriaState


class PatriaLibre(Game):
    """The game contract for Patria Libre: five leaders as roles, those not in play never act."""

    id = "patria-libre"
    title = "Patria Libre"
    roles = ROLES
    player_counts = (1, 2, 3, 4)
    rulebook = "Patria Libre (Saúl Sánchez), reglamento en castellano, Malinche Games"
    actions = ACTIONS
    catalog = Catalog(Path(__file__).parent / "messages", Path(__file__).parent / "messages" / "cards")
    max_moves = 20_000
    rules_version = "4"  # 2, issue 21: the frame stack's form (decide/answer, effects, sequences);
    # 3, issue 25: the last tie-break counts flag provinces of either side, so a tied ending may differ
    # 4, issue 57: the position no longer copies the solo option (`PatriaState.solo_seat`): every digest
    # differs, the play does not
    solo_opponents: ClassVar[Mapping[str, str]] = {  # §Modo solitario: the personality deck
        name: "players=2 solo=insurgentes|realistas" for name in ("personality", "deck", "personalidad")
    }
    options_type = PatriaOptions
    fuzz = FuzzPlan(
        modes=(
            {"players": "2"},
            {"players": "2", "insurgent": "morelos", "royalist": "venegas"},
            {"players": "4"},
            {"players": "3"},
            {"players": "2", "solo": "insurgentes"},
            {"players": "2", "solo": "realistas"},
        ),
        cost=10,
    )
    """Every player count (three: the military faction), the other leaders, the personality deck on either
    side; a game is 300–600 actions, each checked in several views, some ten Maquis games."""

    def new_initial_state(self, options: Mapping[str, str] | Options | None = None) -> PatriaState:
        return PatriaState.new(self, PatriaOptions.parse(options))

    def roles_in_play(self, options: Options) -> tuple[int, ...]:
        """The seats of §Configuración de partida (two, three or four leaders); in solo the personality
        deck decides for its seat as part of the rules, so nobody sits there."""
        state = self.new_initial_state(options)
        return tuple(self.roles.index(r) for r in state.d["seats"] if r != state.solo_seat())

    def guided_action(self, state: State, rng: random.Random) -> int | None:
        """The fuzzer's guide towards long games: prefer orders and cards to recovering."""
        legal = state.legal_actions()
        busy = [a for a in legal if ACTIONS.names[a].split(" ")[0] in ("order", "card", "at", "slot")]
        return rng.choice(busy) if busy and rng.random() < 0.8 else None

    def data_provenance(self) -> dict[str, int]:
        return BOARD.provenance()

    def terminal_renderer(self) -> Callable[[dict[str, Any], str], Any]:
        from ludoteca.games.patria_libre.terminal import render

        return render


PROCS.check()
GAME = register(PatriaLibre())
