"""Maquis (Jake Staines): solo worker placement in occupied France. Rulebook: `rulebooks/maquis.es.txt`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from ludoteca.core.errors import BadOptionError
from ludoteca.core.game import Game, OptionSpec, register
from ludoteca.core.i18n import Catalog
from ludoteca.core.state import State
from ludoteca.games.maquis.actions import ACTIONS
from ludoteca.games.maquis.agent import cautious, choose
from ludoteca.games.maquis.board import BOARD
from ludoteca.games.maquis.state import MaquisState

HERE = Path(__file__).parent


class Maquis(Game):
    """The game contract for Maquis: one role, the Resistance."""

    id = "maquis"
    title = "Maquis"
    roles = ("resistencia",)
    player_counts = (1,)
    rulebook = "rulebooks/maquis.es.txt"
    actions = ACTIONS
    catalog = Catalog(HERE / "messages")
    max_moves = 2000
    perfect_information = True  # the deck order is never stored: every draw is a chance node
    terminal_view: ClassVar[str] = "ludoteca.games.maquis.terminal"
    agents: ClassVar[dict[str, Any]] = {"cautious": cautious}
    options = (
        OptionSpec(
            "difficulty",
            "normal",
            ("very-easy", "easy", "normal", "tricky", "hard", "very-hard"),
            "option.difficulty",
        ),
        OptionSpec(
            "missions",
            "random",
            ("random", "level1", "level2", "mixed"),
            "option.missions",
            open_ended=True,
            pattern_help="<mission>+<mission>",
        ),
        OptionSpec("orange-days", "commercial", ("commercial", "pnp"), "option.orange_days"),
    )

    def check_option(self, spec: OptionSpec, value: str) -> bool:
        """`missions` also takes two named cards, `<id>+<id>` (§Dificultad de las cartas de misión)."""
        if spec.name != "missions":
            return False
        names = value.split("+")
        return len(names) == 2 and names[0] != names[1] and all(n in BOARD.missions for n in names)

    def normalize_options(self, options: Mapping[str, str] | None = None) -> dict[str, str]:
        """As the core does; a bad `missions` value also lists the mission ids."""
        try:
            return super().normalize_options(options)
        except BadOptionError as exc:
            if exc.params.get("name") != "missions":
                raise
            ids = ", ".join(BOARD.missions)
            allowed = f"{exc.params['allowed']} ({ids})"
            raise BadOptionError(
                f"{exc}; missions are: {ids}", exc.key, **{**exc.params, "allowed": allowed}
            ) from None

    def new_initial_state(self, options: Mapping[str, str] | None = None) -> MaquisState:
        return MaquisState.new(self, self.normalize_options(options))

    def guided_action(self, state: State, rng: random.Random) -> int:
        """The fuzzer's guide to deep positions: the cautious heuristic (agent.py)."""
        assert isinstance(state, MaquisState)
        return choose(state, rng, noise=0.15)

    def data_provenance(self) -> dict[str, int]:
        return BOARD.provenance()

    def rules_reference(self, lang: str) -> str:
        path = HERE / f"rules.{lang}.md"
        return path.read_text("utf-8") if path.exists() else (HERE / "rules.es.md").read_text("utf-8")


GAME = register(Maquis())
