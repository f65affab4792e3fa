"""Maquis (Jake Staines): solo worker placement in occupied France. Rulebook: `rulebooks/maquis.es.txt`."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from ludoteca.core.game import FuzzPlan, Game, SearchHints, register
from ludoteca.core.i18n import LANGUAGES, Catalog
from ludoteca.core.options import Options
from ludoteca.core.state import State
from ludoteca.games.maquis.actions import ACTIONS
from ludoteca.games.maquis.agent import cautious, choose
from ludoteca.games.maquis.board import BOARD
from ludoteca.games.maquis.options import MaquisOptions
from ludoteca.games.maquis.state import MaquisState

CATALOG = Catalog(Path(__file__).parent / "messages")
for _lang in LANGUAGES:  # the locations' names are component data (data/board.toml, names.reconstructed.toml)
    CATALOG.add(_lang, {f"target.{loc}": names[_lang] for loc, names in BOARD.names.items()})


class Maquis(Game):
    """The game contract for Maquis: one role, the Resistance."""

    id = "maquis"
    title = "Maquis"
    roles = ("resistencia",)
    player_counts = (1,)
    rulebook = "Maquis (Jake Staines), reglas del juego, edición en castellano"
    actions = ACTIONS
    catalog = CATALOG
    max_moves = 2000
    # 2: issue 21, the frame stack's form changed (the day a sequence, location effects); 3: the fifth shot
    # completes Assassination before its Morale is lost (README, ambiguity 5)
    rules_version = "3"
    perfect_information = True  # the deck order is never stored: every draw is a chance node
    agents: ClassVar[Mapping[str, Callable[..., Any]]] = {"cautious": cautious}
    options_type = MaquisOptions
    search = SearchHints(depth=0, norm=0.7, prior=4, best_follow=True, iters={"normal": 300})
    """No random rollout: `evaluate()` already weighs the day's placed workers against the patrols still to
    come, and random placements before it only add noise (README §6); values close to each other, so the
    levels rescale them to the tree's range (issue 27: 0.5% → see README §7); and that evaluation, taken
    before a placement's patrol draw, weighs every card at once, so a new move's first value counts four
    visits more than one draw's (README §7: the `hard` level gains from it); `normal` thinks 300
    iterations, not 120, for it still gains from them where `hard` gains nothing past its 600 (README §7)."""
    fuzz = FuzzPlan(
        modes=(
            *(
                {"difficulty": level}
                for level in ("very-easy", "easy", "normal", "tricky", "hard", "very-hard")
            ),
            {"orange-days": "pnp", "missions": "mixed"},
            {"missions": "level1"},
            {"missions": "level2", "difficulty": "easy"},
            {"missions": "level2", "assassination": "none-standing"},
        )
    )
    """Every difficulty, and the mission levels and variants; a game (some 150 actions) is the unit of the
    fuzz count."""

    def new_initial_state(self, options: Mapping[str, str] | Options | None = None) -> MaquisState:
        return MaquisState.new(self, MaquisOptions.parse(options))

    def guided_action(self, state: State, rng: random.Random) -> int:
        """The fuzzer's guide to deep positions: the cautious heuristic (agent.py)."""
        assert isinstance(state, MaquisState)
        return choose(state, rng, noise=0.15)

    def data_provenance(self) -> dict[str, int]:
        return BOARD.provenance()

    def terminal_renderer(self) -> Callable[[dict[str, Any], str], Any]:
        from ludoteca.games.maquis.terminal import render

        return render


GAME = register(Maquis())
